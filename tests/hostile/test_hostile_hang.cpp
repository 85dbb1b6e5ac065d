// tests/hostile: every wait for the GPU is bounded (issue 30, item 6). Work
// that runs longer than D3DVK_GPU_TIMEOUT_MS (here 200 ms; the default is a
// minute) makes the device hung: the wait returns, the device is removed with
// DXGI_ERROR_DEVICE_HUNG, GetDeviceRemovedReason says so, and releasing the
// device or its objects still waits (with a longer bound) for that work before
// freeing what it uses. The work is real, finite work sized by calibration to
// take a few seconds on the device at hand — finite, so it never hangs a
// machine (the release waits for it), and sized on two axes because devices
// differ by a thousandfold: groups (lavapipe, which runs a group on one CPU
// thread and caps a thread's loops) and rounds of steps per thread (a GPU,
// which runs every group of the calibration at once, so only the length of a
// thread's dependent chain makes its work take longer).
#include "compute_test_util.h"
#include "hostile_shaders.h"
#include "hostile_util.h"

#include <algorithm>
#include <chrono>
#include <cmath>

using namespace d3dvk::test;

namespace {

constexpr double kWorkSeconds = 2.0;  // ten times the 200 ms timeout
constexpr double kCalibrationSeconds = 0.02;  // a tenth of the timeout: a loaded machine stays well inside it
constexpr uint32_t kMaxGroups = 64;           // the groups calibration doubles to before it doubles rounds
constexpr uint32_t kMaxCalibrationRounds = 1u << 16;  // 2^16 rounds of 65535 steps: minutes on any device

struct SpinWork {
  uint32_t groups = 1;  // Dispatch(groups, 1, 1)
  uint32_t rounds = 1;  // cb0[0].x
};

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The work of kHostileCsSpin that takes about kWorkSeconds, from the time
// `run(work)` took: groups doubled from 1 (one round each) until a run takes
// kCalibrationSeconds, then — on a device that runs kMaxGroups groups faster
// than that, which a GPU does — rounds doubled (at kMaxGroups groups). A loaded
// machine calibrates with less work instead of running a calibration that
// itself nears the timeout. The axis that reached the time is scaled
// (group counts stay within D3D's 65535 per dimension, which every Vulkan
// device's maxComputeWorkGroupCount[0] meets; rounds within 32 bits).
template <typename Run>
SpinWork calibratedWork(Run&& run) {
  run(SpinWork{});  // pipelines and memory made
  SpinWork work;
  double seconds = 0;
  auto time = [&] {
    const auto start = std::chrono::steady_clock::now();
    run(work);
    seconds = std::max(secondsSince(start), 1e-4);
    return seconds >= kCalibrationSeconds;
  };
  bool longEnough = false;
  for (;; work.groups *= 2)
    if ((longEnough = time()) || work.groups >= kMaxGroups) break;
  const bool byRounds = !longEnough;
  if (byRounds)
    for (work.rounds = 2;; work.rounds *= 2)
      if ((longEnough = time()) || work.rounds >= kMaxCalibrationRounds) break;
  INFO("calibration: " << work.groups << " groups of " << work.rounds << " rounds in " << seconds << " s");
  REQUIRE(longEnough);      // the work grows with its size on this device
  REQUIRE(seconds < 0.15);  // well inside the timeout, or the calibration itself would hang the device
  const double scale = kWorkSeconds / seconds;
  if (byRounds)
    work.rounds = uint32_t(std::clamp(std::ceil(work.rounds * scale), 1.0, double(UINT32_MAX)));
  else
    work.groups = uint32_t(std::clamp(std::ceil(work.groups * scale), double(kMaxGroups), 65535.0));
  return work;
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
  Com<ID3D11Buffer> constants = makeDataBuffer(d, {1, 0, 0, 0}, D3D11_BIND_CONSTANT_BUFFER);
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
  auto run = [&](SpinWork work) {
    const uint32_t rounds[4] = {work.rounds, 0, 0, 0};
    d.context->UpdateSubresource(constants.get(), 0, nullptr, rounds, 0, 0);
    d.context->Dispatch(work.groups, 1, 1);
    d.context->CopyResource(staging.get(), out.get());
    const HRESULT hr = d.context->Map(staging.get(), 0, D3D11_MAP_READ, 0, &mapped);
    if (SUCCEEDED(hr)) d.context->Unmap(staging.get(), 0);
    return hr;
  };
  const SpinWork work = calibratedWork([&](SpinWork w) { REQUIRE(run(w) == S_OK); });
  const auto start = std::chrono::steady_clock::now();
  CHECK(FAILED(run(work)));
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
  auto record = [&](SpinWork work) {
    ID3D12GraphicsCommandList* list = d.list();
    list->SetComputeRootSignature(rs);
    list->SetPipelineState(pso);
    list->SetComputeRoot32BitConstant(0, work.rounds, 0);
    list->SetComputeRootUnorderedAccessView(1, uav->GetGPUVirtualAddress());
    list->Dispatch(work.groups, 1, 1);
    REQUIRE(list->Close() == S_OK);
    return list;
  };
  const SpinWork work = calibratedWork([&](SpinWork w) {
    ID3D12GraphicsCommandList* list = record(w);
    d.executeAndWait(list);
    list->Release();
    REQUIRE(d.allocator->Reset() == S_OK);
  });
  ID3D12GraphicsCommandList* list = record(work);
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
