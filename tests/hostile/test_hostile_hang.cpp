// tests/hostile: every wait for the GPU is bounded (issue 30, item 6). Work
// that runs longer than D3DVK_GPU_TIMEOUT_MS (here 200 ms; the default is a
// minute) makes the device hung: the wait returns, the device is removed with
// DXGI_ERROR_DEVICE_HUNG, GetDeviceRemovedReason says so, and releasing the
// device or its objects still waits (with a longer bound) for that work before
// freeing what it uses. The work is real, finite work sized by calibration to
// take a few seconds on the device at hand.
#include "compute_test_util.h"
#include "hostile_shaders.h"
#include "hostile_util.h"

#include <algorithm>
#include <chrono>
#include <cmath>

using namespace d3dvk::test;

namespace {

constexpr uint32_t kSpinIterations = 65535;  // lavapipe's cap on a thread's loop iterations
constexpr double kWorkSeconds = 2.0;  // ten times the 200 ms timeout
constexpr double kCalibrationSeconds = 0.02;  // a tenth of the timeout: a loaded machine stays well inside it

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The groups of kHostileCsSpin that take about kWorkSeconds, from the time
// `run(groups)` took for 1, 2, 4, ... groups, doubled until a run takes
// kCalibrationSeconds (so a loaded machine calibrates with fewer groups
// instead of running a calibration that itself nears the timeout).
template <typename Run>
uint32_t calibratedGroups(Run&& run) {
  run(1);  // pipelines and memory made
  uint32_t groups = 1;
  double seconds = 0;
  for (;; groups *= 2) {
    const auto start = std::chrono::steady_clock::now();
    run(groups);
    seconds = std::max(secondsSince(start), 1e-4);
    if (seconds >= kCalibrationSeconds || groups >= 64) break;
  }
  INFO("calibration: " << groups << " groups in " << seconds << " s");
  REQUIRE(seconds < 0.15);  // well inside the timeout, or the calibration itself would hang the device
  return uint32_t(std::clamp(std::ceil(groups * kWorkSeconds / seconds), 64.0, 65535.0));
}

}  // namespace

TEST_CASE("hostile GPU hang, D3D11: a Map waiting for work past the GPU timeout returns DEVICE_HUNG and the device is "
          "removed",
          "[hostile][d3d11][hang]") {
  ScopedEnvVar timeout("D3DVK_GPU_TIMEOUT_MS", "200");
  RenderDevice d;
  Com<ID3D11Buffer> out = makeDataBuffer(d, std::vector<uint32_t>(64, 0), D3D11_BIND_UNORDERED_ACCESS,
                                         D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11UnorderedAccessView> view = rawUav(d, out.get(), 64);
  Com<ID3D11Buffer> constants = makeDataBuffer(d, {kSpinIterations, 0, 0, 0}, D3D11_BIND_CONSTANT_BUFFER);
  Com<ID3D11ComputeShader> cs = computeShader(d, kHostileCsSpin);
  ID3D11UnorderedAccessView* uav = view.get();
  ID3D11Buffer* cb = constants.get();
  d.context->CSSetShader(cs.get(), nullptr, 0);
  d.context->CSSetUnorderedAccessViews(0, 1, &uav, nullptr);
  d.context->CSSetConstantBuffers(0, 1, &cb);
  D3D11_BUFFER_DESC sd{256, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0, 0};
  Com<ID3D11Buffer> staging;
  REQUIRE(d->CreateBuffer(&sd, nullptr, staging.out()) == S_OK);
  D3D11_MAPPED_SUBRESOURCE mapped{};
  auto run = [&](uint32_t groups) {
    d.context->Dispatch(groups, 1, 1);
    d.context->CopyResource(staging.get(), out.get());
    const HRESULT hr = d.context->Map(staging.get(), 0, D3D11_MAP_READ, 0, &mapped);
    if (SUCCEEDED(hr)) d.context->Unmap(staging.get(), 0);
    return hr;
  };
  const uint32_t groups = calibratedGroups([&](uint32_t g) { REQUIRE(run(g) == S_OK); });
  const auto start = std::chrono::steady_clock::now();
  CHECK(FAILED(run(groups)));
  CHECK(secondsSince(start) < kWorkSeconds * 0.75);  // bounded by the 200 ms timeout, not by the work
  CHECK(d->GetDeviceRemovedReason() == DXGI_ERROR_DEVICE_HUNG);
  // Removed: later waits give up at once.
  const auto again = std::chrono::steady_clock::now();
  CHECK(FAILED(d.context->Map(staging.get(), 0, D3D11_MAP_READ, 0, &mapped)));
  CHECK(secondsSince(again) < 1.0);
}

TEST_CASE("hostile GPU hang, D3D12: a fence wait past the GPU timeout returns DEVICE_HUNG, the device is removed, "
          "and releasing what the work uses is safe",
          "[hostile][d3d12][hang]") {
  ScopedEnvVar timeout("D3DVK_GPU_TIMEOUT_MS", "200");
  HostileDevice12 d;
  ID3D12RootSignature* rs = computeRootSignature(d.device);
  const std::vector<uint8_t> code = assembled(kHostileCsSpin);
  D3D12_COMPUTE_PIPELINE_STATE_DESC cd{rs, shaderBytecode(code), 0, {}, D3D12_PIPELINE_STATE_FLAG_NONE};
  ID3D12PipelineState* pso = nullptr;
  REQUIRE(d.device->CreateComputePipelineState(&cd, __uuidof(ID3D12PipelineState), reinterpret_cast<void**>(&pso)) == S_OK);
  D3D12_RESOURCE_DESC bd = bufferDesc(256);
  bd.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
  ID3D12Resource* uav = createCommitted(d.device, D3D12_HEAP_TYPE_DEFAULT, bd, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  auto record = [&](uint32_t groups) {
    ID3D12GraphicsCommandList* list = d.list();
    list->SetComputeRootSignature(rs);
    list->SetPipelineState(pso);
    list->SetComputeRoot32BitConstant(0, kSpinIterations, 0);
    list->SetComputeRootUnorderedAccessView(1, uav->GetGPUVirtualAddress());
    list->Dispatch(groups, 1, 1);
    REQUIRE(list->Close() == S_OK);
    return list;
  };
  const uint32_t groups = calibratedGroups([&](uint32_t g) {
    ID3D12GraphicsCommandList* list = record(g);
    d.executeAndWait(list);
    list->Release();
    REQUIRE(d.allocator->Reset() == S_OK);
  });
  ID3D12GraphicsCommandList* list = record(groups);
  ID3D12CommandList* lists[] = {list};
  d.queue->ExecuteCommandLists(1, lists);
  REQUIRE(d.queue->Signal(d.fence, ++d.fenceValue) == S_OK);
  const auto start = std::chrono::steady_clock::now();
  CHECK(d.fence->SetEventOnCompletion(d.fenceValue, nullptr) == DXGI_ERROR_DEVICE_HUNG);
  CHECK(secondsSince(start) < kWorkSeconds * 0.75);
  CHECK(d.device->GetDeviceRemovedReason() == DXGI_ERROR_DEVICE_HUNG);
  CHECK(d.reported(D3D12_MESSAGE_ID_UNKNOWN, "DXGI_ERROR_DEVICE_HUNG"));
  CHECK(d.fence->GetCompletedValue() == UINT64_MAX);  // as D3D12 answers on a removed device
  // The work still runs on the device: releasing what it uses waits for it first (no validation error, no crash).
  list->Release();
  uav->Release();
  pso->Release();
  rs->Release();
}
