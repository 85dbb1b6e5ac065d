// tests/runtime: the D3D12 subset — D3D12CreateDevice over OpenAdapter12 and
// CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS) reporting the same tier as D3D11.
#include "ddi_trace_log.h"
#include "expected_device.h"

#include <d3d11_3.h>
#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <dxguids/dxguids.h>

#include <catch2/catch.hpp>

#include <cstring>

using namespace d3dvk::test;

namespace {

ID3D12Device* createD3D12() {
  ID3D12Device* device = nullptr;
  REQUIRE(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, __uuidof(ID3D12Device),
                            reinterpret_cast<void**>(&device)) == S_OK);
  return device;
}

D3D12_CONSERVATIVE_RASTERIZATION_TIER d3d12Tier(ID3D12Device* device) {
  D3D12_FEATURE_DATA_D3D12_OPTIONS options;
  std::memset(&options, 0xCD, sizeof options);
  REQUIRE(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof options) == S_OK);
  return options.ConservativeRasterizationTier;
}

D3D11_CONSERVATIVE_RASTERIZATION_TIER d3d11Tier() {
  const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_1;
  ID3D11Device* device = nullptr;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1, D3D11_SDK_VERSION, &device,
                            nullptr, nullptr) == S_OK);
  D3D11_FEATURE_DATA_D3D11_OPTIONS2 data{};
  REQUIRE(device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2, &data, sizeof data) == S_OK);
  device->Release();
  return data.ConservativeRasterizationTier;
}

}  // namespace

TEST_CASE("D3D12CreateDevice opens the UMD with OpenAdapter12 and reports its tier via GetCaps",
          "[runtime][d3d12][trace]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ID3D12Device* device = createD3D12();
  CHECK(int(d3d12Tier(device)) == int(expectedDevice().decide().reported));  // lavapipe: the GPU fallback's Tier 3
  CHECK(device->GetNodeCount() == 1);
  CHECK(device->Release() == 0);
  std::vector<std::string> lines = trace.lines();
  REQUIRE(lines.size() >= 4);
  CHECK(lines[0] == "OpenAdapter12() -> S_OK");
  CHECK(lines[1].rfind("D3D12 GetSupportedVersions(entries=1) -> S_OK", 0) == 0);
  CHECK(trace.calls("D3D12 GetCaps").size() == 1);
  CHECK(trace.calls("D3D12 GetCaps")[0] ==
        "D3D12 GetCaps(Type=D3D12DDICAPS_TYPE_D3D12_OPTIONS, DataSize=44) -> S_OK {ConservativeRasterizationTier=3}");
  CHECK(lines.back() == "D3D12 CloseAdapter() -> S_OK");
}

TEST_CASE("D3D12 and D3D11 report the same conservative tier", "[runtime][d3d12][trace]") {
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ScopedEnv log("D3DVK_DDI_TRACE_FILE", "/dev/null");
  for (const char* tier : {"0", "1", "2", "3"}) {
    ScopedEnv force("D3DVK_TRACE_FORCE_CONSERVATIVE_TIER", tier);
    ID3D12Device* device = createD3D12();
    INFO("forced tier " << tier);
    CHECK(int(d3d12Tier(device)) == tier[0] - '0');
    CHECK(int(d3d12Tier(device)) == int(d3d11Tier()));
    device->Release();
  }
}

TEST_CASE("D3D12 CheckFeatureSupport and D3D12CreateDevice argument errors", "[runtime][d3d12]") {
  ID3D12Device* device = createD3D12();
  D3D12_FEATURE_DATA_D3D12_OPTIONS options{};
  CHECK(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof options - 4) == E_INVALIDARG);
  CHECK(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS, nullptr, sizeof options) == E_INVALIDARG);
  CHECK(device->CheckFeatureSupport(D3D12_FEATURE_ARCHITECTURE, &options, sizeof options) == E_INVALIDARG);
  ID3D12PipelineState* pso = reinterpret_cast<ID3D12PipelineState*>(0x1);
  D3D12_COMPUTE_PIPELINE_STATE_DESC psoDesc{};
  CHECK(device->CreateComputePipelineState(&psoDesc, __uuidof(ID3D12PipelineState), reinterpret_cast<void**>(&pso)) ==
        E_INVALIDARG);  // no root signature
  CHECK(pso == nullptr);
  REQUIRE(device->SetName(L"main") == S_OK);
  device->Release();

  void* out = nullptr;
  CHECK(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, __uuidof(ID3D12Device), nullptr) == S_FALSE);
  CHECK(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_12_0, __uuidof(ID3D12Device), &out) == DXGI_ERROR_UNSUPPORTED);
  CHECK(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_10_0, __uuidof(ID3D12Device), &out) == E_INVALIDARG);
  CHECK(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, __uuidof(ID3D12CommandQueue), &out) == E_NOINTERFACE);
  CHECK(out == nullptr);
  ScopedEnv missing("D3DVK_UMD_PATH", "/nonexistent.so");
  CHECK(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, __uuidof(ID3D12Device), &out) == DXGI_ERROR_UNSUPPORTED);
}
