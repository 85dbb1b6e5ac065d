// tests/runtime: CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2) — the tier comes
// from the UMD's GetCaps at feature level 11_1 on a WDDM 2.0 DDI, and is
// NOT_SUPPORTED without asking the driver otherwise (the spec's negative tests),
// proven with the DDI trace filter.
#include "ddi_trace_log.h"
#include "expected_device.h"

#include <d3d11_3.h>

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstring>

using namespace d3dvk::test;

namespace {

ID3D11Device* createDevice(D3D_FEATURE_LEVEL level) {
  ID3D11Device* device = nullptr;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1, D3D11_SDK_VERSION, &device,
                            nullptr, nullptr) == S_OK);
  return device;
}

D3D11_FEATURE_DATA_D3D11_OPTIONS2 options2(ID3D11Device* device) {
  D3D11_FEATURE_DATA_D3D11_OPTIONS2 data;
  std::memset(&data, 0xCD, sizeof data);  // the runtime must fill every field
  REQUIRE(device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2, &data, sizeof data) == S_OK);
  return data;
}

}  // namespace

TEST_CASE("OPTIONS2 at 11_1 on a WDDM 2.0 UMD asks the driver's GetCaps", "[runtime][caps][trace]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ID3D11Device* device = createDevice(D3D_FEATURE_LEVEL_11_1);
  D3D11_FEATURE_DATA_D3D11_OPTIONS2 data = options2(device);
  // The device's tier as the policy gives it (lavapipe: the GPU fallback's Tier 3).
  const int tier = int(expectedDevice().decide().reported);
  CHECK(int(data.ConservativeRasterizationTier) == tier);
  // SV_StencilRef where the Vulkan device has VK_EXT_shader_stencil_export.
  const bool stencilRef = expectedDevice().stencilExport;
  CHECK(data.PSSpecifiedStencilRefSupported == (stencilRef ? TRUE : FALSE));
  CHECK(data.TiledResourcesTier == D3D11_TILED_RESOURCES_NOT_SUPPORTED);
  CHECK(data.UnifiedMemoryArchitecture == FALSE);
  device->Release();
  std::vector<std::string> caps = trace.calls("GetCaps");
  REQUIRE(caps.size() == 2);
  CHECK(caps[0] ==
        "GetCaps(Type=D3DWDDM2_0DDICAPS_D3D11_OPTIONS2, DataSize=4) -> S_OK {ConservativeRasterizationTier=" +
            std::to_string(tier) + "}");
  const unsigned shaderCaps = (expectedDevice().shaderFloat64 ? 0x1u : 0u) | (stencilRef ? 0x10u : 0u);
  char expected[80];
  std::snprintf(expected, sizeof expected, "GetCaps(Type=D3D11DDICAPS_SHADER, DataSize=4) -> S_OK {Caps=0x%x}", shaderCaps);
  CHECK(caps[1] == expected);
}

TEST_CASE("OPTIONS2 at feature level 11_0 is NOT_SUPPORTED without calling GetCaps", "[runtime][caps][trace]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ID3D11Device* device = createDevice(D3D_FEATURE_LEVEL_11_0);
  CHECK(options2(device).ConservativeRasterizationTier == D3D11_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED);
  device->Release();
  CHECK(trace.calls("CreateDevice").size() == 1);  // the trace saw the device
  // (The shader caps are asked, for PSSpecifiedStencilRefSupported; the OPTIONS2 tier is not.)
  for (const std::string& call : trace.calls("GetCaps"))
    CHECK(call.find("D3DWDDM2_0DDICAPS_D3D11_OPTIONS2") == std::string::npos);
}

TEST_CASE("OPTIONS2 on a UMD without the WDDM 2.0 DDI is NOT_SUPPORTED without calling GetCaps",
          "[runtime][caps][trace]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ScopedEnv hide("D3DVK_TRACE_HIDE_VERSIONS", "wddm2_0");
  ID3D11Device* device = createDevice(D3D_FEATURE_LEVEL_11_1);
  CHECK(options2(device).ConservativeRasterizationTier == D3D11_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED);
  device->Release();
  std::vector<std::string> create = trace.calls("CreateDevice");
  REQUIRE(create.size() == 1);
  CHECK(create[0] == "CreateDevice(Interface=0x000B000F, Version=0x00000000) -> S_OK");  // D3D11.1 negotiated
  CHECK(trace.calls("GetCaps").empty());
}

TEST_CASE("OPTIONS2 with a wrong data size is E_INVALIDARG and does not reach the driver", "[runtime][caps][trace]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ID3D11Device* device = createDevice(D3D_FEATURE_LEVEL_11_1);
  D3D11_FEATURE_DATA_D3D11_OPTIONS2 data{};
  CHECK(device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2, &data, sizeof data - 1) == E_INVALIDARG);
  CHECK(device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2, &data, sizeof data + 4) == E_INVALIDARG);
  CHECK(device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2, nullptr, sizeof data) == E_INVALIDARG);
  device->Release();
  CHECK(trace.calls("GetCaps").empty());
}

TEST_CASE("OPTIONS2 reports NOT_SUPPORTED with D3DVK_CONSERVATIVE_RASTER=off", "[runtime][caps]") {
  ScopedEnv policy("D3DVK_CONSERVATIVE_RASTER", "off");
  ID3D11Device* device = createDevice(D3D_FEATURE_LEVEL_11_1);
  CHECK(options2(device).ConservativeRasterizationTier == D3D11_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED);
  device->Release();
}

TEST_CASE("CheckFeatureSupport THREADING and unknown features", "[runtime][caps]") {
  ID3D11Device* device = createDevice(D3D_FEATURE_LEVEL_11_1);
  D3D11_FEATURE_DATA_THREADING threading{TRUE, TRUE};
  REQUIRE(device->CheckFeatureSupport(D3D11_FEATURE_THREADING, &threading, sizeof threading) == S_OK);
  CHECK(threading.DriverConcurrentCreates == FALSE);
  CHECK(threading.DriverCommandLists == FALSE);
  CHECK(device->CheckFeatureSupport(static_cast<D3D11_FEATURE>(9999), &threading, sizeof threading) == E_INVALIDARG);
  device->Release();
}

TEST_CASE("DOUBLES asks the driver's shader caps and reports the Vulkan device's shaderFloat64",
          "[runtime][caps][trace]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ID3D11Device* device = createDevice(D3D_FEATURE_LEVEL_11_0);
  D3D11_FEATURE_DATA_DOUBLES data;
  std::memset(&data, 0xCD, sizeof data);
  REQUIRE(device->CheckFeatureSupport(D3D11_FEATURE_DOUBLES, &data, sizeof data) == S_OK);
  const bool doubles = expectedDevice().shaderFloat64;
  CHECK(data.DoublePrecisionFloatShaderOps == (doubles ? TRUE : FALSE));
  CHECK(device->CheckFeatureSupport(D3D11_FEATURE_DOUBLES, &data, sizeof data + 1) == E_INVALIDARG);
  device->Release();
  const std::vector<std::string> caps = trace.calls("GetCaps");
  REQUIRE(caps.size() == 1);
  const unsigned shaderCaps = (doubles ? 0x1u : 0u) | (expectedDevice().stencilExport ? 0x10u : 0u);
  char expected[80];
  std::snprintf(expected, sizeof expected, "GetCaps(Type=D3D11DDICAPS_SHADER, DataSize=4) -> S_OK {Caps=0x%x}", shaderCaps);
  CHECK(caps[0] == expected);
}

TEST_CASE("D3D11_OPTIONS reports constant-buffer offsetting, no-overwrite maps, msad and the 11.1 doubles as the device has them",
          "[runtime][caps]") {
  ID3D11Device* device = createDevice(D3D_FEATURE_LEVEL_11_1);
  D3D11_FEATURE_DATA_D3D11_OPTIONS data;
  std::memset(&data, 0xCD, sizeof data);
  REQUIRE(device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS, &data, sizeof data) == S_OK);
  CHECK(data.ConstantBufferOffsetting == TRUE);
  CHECK(data.MapNoOverwriteOnDynamicConstantBuffer == TRUE);
  CHECK(data.MapNoOverwriteOnDynamicBufferSRV == TRUE);
  CHECK(data.ExtendedDoublesShaderInstructions == (expectedDevice().shaderFloat64 ? TRUE : FALSE));
  CHECK(data.SAD4ShaderInstructions == TRUE);  // msad (tests/dxbc: its results on the device)
  CHECK(data.OutputMergerLogicOp == (expectedDevice().logicOp ? TRUE : FALSE));  // Vulkan's logicOp feature
  // Not implemented: reported FALSE, never left uninitialized.
  CHECK(data.ClearView == FALSE);
  CHECK(data.ExtendedResourceSharing == FALSE);
  CHECK(device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS, &data, sizeof data - 4) == E_INVALIDARG);

  // What it promises holds: NO_OVERWRITE maps of a dynamic constant buffer and a dynamic SRV buffer.
  ID3D11DeviceContext* context = nullptr;
  device->GetImmediateContext(&context);
  for (UINT bind : {UINT(D3D11_BIND_CONSTANT_BUFFER), UINT(D3D11_BIND_SHADER_RESOURCE)}) {
    D3D11_BUFFER_DESC desc{256, D3D11_USAGE_DYNAMIC, bind, D3D11_CPU_ACCESS_WRITE, 0, 0};
    ID3D11Buffer* buffer = nullptr;
    REQUIRE(device->CreateBuffer(&desc, nullptr, &buffer) == S_OK);
    D3D11_MAPPED_SUBRESOURCE mapped{};
    REQUIRE(context->Map(buffer, 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped) == S_OK);
    context->Unmap(buffer, 0);
    CHECK(context->Map(buffer, 0, D3D11_MAP_WRITE_NO_OVERWRITE, 0, &mapped) == S_OK);
    context->Unmap(buffer, 0);
    buffer->Release();
  }
  context->Release();
  device->Release();
}
