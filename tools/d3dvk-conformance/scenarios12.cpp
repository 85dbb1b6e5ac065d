// tools/d3dvk-conformance/scenarios12.cpp — see scenarios12.h.
#include "scenarios12.h"

#include "draw_rig.h"
#include "scenario_support12.h"

#include <string>
#include <vector>

namespace d3dvk::conformance {
namespace {

constexpr int kInvalidConservativeMode = 647;  // D3D12's CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE

const char* tierName(int t) {
  switch (t) {
    case D3D12_CONSERVATIVE_RASTERIZATION_TIER_NOT_SUPPORTED: return "NOT_SUPPORTED";
    case D3D12_CONSERVATIVE_RASTERIZATION_TIER_1: return "TIER_1";
    case D3D12_CONSERVATIVE_RASTERIZATION_TIER_2: return "TIER_2";
    case D3D12_CONSERVATIVE_RASTERIZATION_TIER_3: return "TIER_3";
  }
  return "invalid";
}

// PS: SV_Target = (1, 1, 1, 1).
const char kPsWhite[] = R"(//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_output o0.xyzw
mov o0.xyzw, l(1.000000,1.000000,1.000000,1.000000)
ret
)";

// PS: SV_Target.x = SV_InnerCoverage (as fxc lists a shader reading it).
const char kPsInnerCoverage[] = R"(//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_input vInnerCoverage
dcl_output o0.xyzw
utof o0.x, vInnerCoverage
mov o0.yzw, l(0,0,0,0)
ret
)";

// A debug device, an empty root signature, the rig's vertex shader and a pixel
// shader, and CreateGraphicsPipelineState of a desc with a rasterizer desc.
struct PsoCreation {
  Device12 device;
  Ref<ID3D12RootSignature> rootSignature;
  std::vector<uint8_t> vs, ps;

  explicit PsoCreation(const char* pixelShader = kPsWhite) {
    if (!device.ok()) throw SetupError("D3D12CreateDevice returned " + hex(device.hr));
    const D3D12_ROOT_SIGNATURE_DESC desc{0, nullptr, 0, nullptr,
                                         D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT};
    Ref<ID3DBlob> blob, errors;
    require(D3D12SerializeRootSignature(&desc, D3D_ROOT_SIGNATURE_VERSION_1_0, blob.out(), errors.out()),
            "D3D12SerializeRootSignature");
    require(device.device->CreateRootSignature(0, blob->GetBufferPointer(), blob->GetBufferSize(),
                                               __uuidof(ID3D12RootSignature),
                                               reinterpret_cast<void**>(rootSignature.out())),
            "CreateRootSignature");
    vs = assembledListing(kVsPositionColor, "vertex shader");
    ps = assembledListing(pixelShader, "pixel shader");
  }

  // CreateGraphicsPipelineState's HRESULT; the PSO is released.
  HRESULT create(const D3D12_RASTERIZER_DESC& rasterizer) {
    const D3D12_INPUT_ELEMENT_DESC elements[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
    };
    D3D12_GRAPHICS_PIPELINE_STATE_DESC d{};
    d.pRootSignature = rootSignature.get();
    d.VS = {vs.data(), vs.size()};
    d.PS = {ps.data(), ps.size()};
    for (D3D12_RENDER_TARGET_BLEND_DESC& rt : d.BlendState.RenderTarget) {
      rt.SrcBlend = rt.SrcBlendAlpha = D3D12_BLEND_ONE;
      rt.DestBlend = rt.DestBlendAlpha = D3D12_BLEND_ZERO;
      rt.BlendOp = rt.BlendOpAlpha = D3D12_BLEND_OP_ADD;
      rt.LogicOp = D3D12_LOGIC_OP_NOOP;
      rt.RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALL;
    }
    d.SampleMask = 0xFFFFFFFFu;
    d.RasterizerState = rasterizer;
    d.DepthStencilState.DepthFunc = D3D12_COMPARISON_FUNC_LESS;
    d.DepthStencilState.DepthWriteMask = D3D12_DEPTH_WRITE_MASK_ALL;
    d.DepthStencilState.FrontFace = d.DepthStencilState.BackFace = {
        D3D12_STENCIL_OP_KEEP, D3D12_STENCIL_OP_KEEP, D3D12_STENCIL_OP_KEEP, D3D12_COMPARISON_FUNC_ALWAYS};
    d.InputLayout = {elements, 2};
    d.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
    d.NumRenderTargets = 1;
    d.RTVFormats[0] = kTargetFormat;
    d.SampleDesc = {1, 0};
    ID3D12PipelineState* pso = nullptr;
    const HRESULT hr =
        device.device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState), reinterpret_cast<void**>(&pso));
    if (pso) pso->Release();
    return hr;
  }
};

D3D12_RASTERIZER_DESC rasterizer(D3D12_CONSERVATIVE_RASTERIZATION_MODE mode,
                                 D3D12_FILL_MODE fill = D3D12_FILL_MODE_SOLID) {
  D3D12_RASTERIZER_DESC r = toD3D12(defaultDesc2());
  r.CullMode = D3D12_CULL_MODE_NONE;
  r.FillMode = fill;
  r.ConservativeRaster = mode;
  return r;
}

}  // namespace

ScenarioResult checkFeatureSupportTier12(RunContext& ctx) {
  Device12 d;
  if (!d.ok()) return result(Result::Fail, "D3D12CreateDevice failed: " + hex(d.hr));
  D3D12_FEATURE_DATA_D3D12_OPTIONS data{};
  HRESULT hr = d.device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS, &data, sizeof data);
  if (hr != S_OK) return result(Result::Fail, "CheckFeatureSupport(D3D12_OPTIONS) returned " + hex(hr));
  if (int(data.ConservativeRasterizationTier) != int(ctx.tier))
    return result(Result::Fail, std::string("reported ") + tierName(data.ConservativeRasterizationTier) +
                                    ", expected " + tierName(ctx.tier));
  hr = d.device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS, &data, sizeof data - 1);
  if (hr != E_INVALIDARG) return result(Result::Fail, "a wrong data size returned " + hex(hr) + ", not E_INVALIDARG");
  return result(Result::Pass, std::string("D3D12_OPTIONS.ConservativeRasterizationTier ") + tierName(ctx.tier) +
                                  "; a wrong data size is E_INVALIDARG");
}

ScenarioResult createOnAccepted12(RunContext&) {
  PsoCreation c;
  const HRESULT hr = c.create(rasterizer(D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON));
  if (hr != S_OK) return result(Result::Fail, "CreateGraphicsPipelineState(ConservativeRaster ON, SOLID) returned " + hex(hr));
  for (const DebugMessage& m : c.device.messages())
    return result(Result::Fail, "unexpected debug message #" + std::to_string(m.id) + ": " + m.text);
  return result(Result::Pass, "CreateGraphicsPipelineState(ConservativeRaster ON, SOLID): S_OK, no message");
}

ScenarioResult createOnRejectedWithoutSupport12(RunContext&) {
  PsoCreation c;
  const HRESULT hr = c.create(rasterizer(D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON));
  std::string text;
  if (hr != E_INVALIDARG) return result(Result::Fail, "CreateGraphicsPipelineState returned " + hex(hr) + ", not E_INVALIDARG");
  if (!c.device.hasMessage(kInvalidConservativeMode, &text))
    return result(Result::Fail, "no CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE (#647) message");
  return result(Result::Pass, "CreateGraphicsPipelineState: E_INVALIDARG; debug layer: " + text);
}

ScenarioResult createOnWireframeRejected12(RunContext&) {
  PsoCreation c;
  const HRESULT hr = c.create(rasterizer(D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON, D3D12_FILL_MODE_WIREFRAME));
  std::string text;
  if (hr != E_INVALIDARG) return result(Result::Fail, "CreateGraphicsPipelineState returned " + hex(hr) + ", not E_INVALIDARG");
  if (!c.device.hasMessage(kInvalidConservativeMode, &text) || text.find("D3D12_FILL_MODE_WIREFRAME") == std::string::npos)
    return result(Result::Fail, "no message naming D3D12_FILL_MODE_WIREFRAME with ID 647");
  return result(Result::Pass, "CreateGraphicsPipelineState: E_INVALIDARG; debug layer: " + text);
}

ScenarioResult createInvalidModeRejected12(RunContext&) {
  PsoCreation c;
  const HRESULT hr = c.create(rasterizer(D3D12_CONSERVATIVE_RASTERIZATION_MODE(2)));
  std::string text;
  if (hr != E_INVALIDARG) return result(Result::Fail, "ConservativeRaster 2 returned " + hex(hr));
  if (!c.device.hasMessage(kInvalidConservativeMode, &text))
    return result(Result::Fail, "no CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE (#647) message");
  return result(Result::Pass, "CreateGraphicsPipelineState with ConservativeRaster = 2: E_INVALIDARG; debug layer: " + text);
}

ScenarioResult innerCoverageShaderBelowTier3_12(RunContext& ctx) {
  PsoCreation c(kPsInnerCoverage);
  const HRESULT hr = c.create(rasterizer(D3D12_CONSERVATIVE_RASTERIZATION_MODE_OFF));
  if (ctx.tier == D3D11_CONSERVATIVE_RASTERIZATION_TIER_3) {
    if (hr != S_OK) return result(Result::Fail, "at Tier 3 CreateGraphicsPipelineState returned " + hex(hr));
    return result(Result::Pass, "Tier 3: CreateGraphicsPipelineState with a pixel shader reading SV_InnerCoverage: S_OK");
  }
  if (hr != E_INVALIDARG)
    return result(Result::Fail, "below Tier 3 CreateGraphicsPipelineState with a pixel shader reading "
                                "SV_InnerCoverage returned " + hex(hr) + ", not E_INVALIDARG");
  std::string text;
  if (!c.device.hasMessage(D3D12_MESSAGE_ID_CREATEPIXELSHADER_INVALIDSHADERBYTECODE, &text))
    return result(Result::Fail, "no CREATEPIXELSHADER_INVALIDSHADERBYTECODE message");
  return result(Result::Pass, "CreateGraphicsPipelineState: E_INVALIDARG below Tier 3; debug layer: " + text);
}

}  // namespace d3dvk::conformance
