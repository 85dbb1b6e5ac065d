// tools/d3dvk-conformance/scenarios.cpp — see scenarios.h.
#include "scenarios.h"

#include "draw_scenarios.h"
#include "dxbc/listing.h"
#include "scenario_support.h"
#include "scenarios12.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace d3dvk::conformance {
namespace {

constexpr D3D11_MESSAGE_ID kInvalidConservativeMode = D3D11_MESSAGE_ID(3146154);

const char* tierName(D3D11_CONSERVATIVE_RASTERIZATION_TIER t) {
  switch (t) {
    case D3D11_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED: return "NOT_SUPPORTED";
    case D3D11_CONSERVATIVE_RASTERIZATION_TIER_1: return "TIER_1";
    case D3D11_CONSERVATIVE_RASTERIZATION_TIER_2: return "TIER_2";
    case D3D11_CONSERVATIVE_RASTERIZATION_TIER_3: return "TIER_3";
  }
  return "invalid";
}

// --- State-level scenarios ----------------------------------------------------

ScenarioResult checkFeatureSupportTier(RunContext& ctx) {
  Device d;
  if (!d.ok()) return result(Result::Fail, "D3D11CreateDevice failed: " + hex(d.hr));
  D3D11_FEATURE_DATA_D3D11_OPTIONS2 data{};
  HRESULT hr = d.device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2, &data, sizeof data);
  if (hr != S_OK) return result(Result::Fail, "CheckFeatureSupport(OPTIONS2) returned " + hex(hr));
  if (data.ConservativeRasterizationTier != ctx.tier)
    return result(Result::Fail, std::string("reported ") + tierName(data.ConservativeRasterizationTier) +
                                    ", expected " + tierName(ctx.tier));
  hr = d.device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2, &data, sizeof data - 1);
  if (hr != E_INVALIDARG) return result(Result::Fail, "a wrong data size returned " + hex(hr) + ", not E_INVALIDARG");
  return result(Result::Pass, std::string("ConservativeRasterizationTier ") + tierName(ctx.tier) +
                                  "; a wrong data size is E_INVALIDARG");
}

ScenarioResult featureLevel11_0NotSupported(RunContext&) {
  Device d(D3D_FEATURE_LEVEL_11_0, 0);
  if (!d.ok()) return result(Result::Fail, "D3D11CreateDevice(11_0) failed: " + hex(d.hr));
  D3D11_FEATURE_DATA_D3D11_OPTIONS2 data{};
  data.ConservativeRasterizationTier = D3D11_CONSERVATIVE_RASTERIZATION_TIER_3;
  HRESULT hr = d.device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2, &data, sizeof data);
  if (hr != S_OK || data.ConservativeRasterizationTier != D3D11_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED)
    return result(Result::Fail, std::string("feature level 11_0 reported ") + tierName(data.ConservativeRasterizationTier));
  return result(Result::Pass, "feature level 11_0: NOT_SUPPORTED");
}

ScenarioResult createOnAccepted(RunContext&) {
  Device d;
  if (!d.ok()) return result(Result::Fail, "D3D11CreateDevice failed: " + hex(d.hr));
  D3D11_RASTERIZER_DESC2 desc = defaultDesc2();
  desc.CullMode = D3D11_CULL_NONE;
  desc.ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON;
  ID3D11RasterizerState2* state = nullptr;
  HRESULT hr = d.device->CreateRasterizerState2(&desc, &state);
  if (hr != S_OK || !state) return result(Result::Fail, "CreateRasterizerState2(ON, SOLID) returned " + hex(hr));
  D3D11_RASTERIZER_DESC2 back{};
  state->GetDesc2(&back);
  state->Release();
  if (std::memcmp(&back, &desc, sizeof desc) != 0) return result(Result::Fail, "GetDesc2 differs from the desc");
  return result(Result::Pass, "S_OK; GetDesc2 returns the desc");
}

ScenarioResult createOnRejectedWithoutSupport(RunContext&) {
  Device d;
  if (!d.ok()) return result(Result::Fail, "D3D11CreateDevice failed: " + hex(d.hr));
  D3D11_RASTERIZER_DESC2 desc = defaultDesc2();
  desc.ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON;
  ID3D11RasterizerState2* state = nullptr;
  HRESULT hr = d.device->CreateRasterizerState2(&desc, &state);
  std::string text;
  if (hr != E_INVALIDARG || state) return result(Result::Fail, "returned " + hex(hr) + ", not E_INVALIDARG");
  if (!d.hasMessage(kInvalidConservativeMode, &text))
    return result(Result::Fail, "no CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE message");
  return result(Result::Pass, "E_INVALIDARG; debug layer: " + text);
}

ScenarioResult createOnWireframeRejected(RunContext&) {
  Device d;
  if (!d.ok()) return result(Result::Fail, "D3D11CreateDevice failed: " + hex(d.hr));
  D3D11_RASTERIZER_DESC2 desc = defaultDesc2();
  desc.ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON;
  desc.FillMode = D3D11_FILL_WIREFRAME;
  ID3D11RasterizerState2* state = nullptr;
  HRESULT hr = d.device->CreateRasterizerState2(&desc, &state);
  std::string text;
  if (hr != E_INVALIDARG || state) return result(Result::Fail, "returned " + hex(hr) + ", not E_INVALIDARG");
  if (!d.hasMessage(kInvalidConservativeMode, &text) || text.find("D3D11_FILL_WIREFRAME") == std::string::npos)
    return result(Result::Fail, "no message naming D3D11_FILL_WIREFRAME with ID 3146154");
  return result(Result::Pass, "E_INVALIDARG; debug layer: " + text);
}

ScenarioResult createInvalidModeRejected(RunContext&) {
  Device d;
  if (!d.ok()) return result(Result::Fail, "D3D11CreateDevice failed: " + hex(d.hr));
  D3D11_RASTERIZER_DESC2 desc = defaultDesc2();
  desc.ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE(2);
  ID3D11RasterizerState2* state = nullptr;
  HRESULT hr = d.device->CreateRasterizerState2(&desc, &state);
  if (hr != E_INVALIDARG || state) return result(Result::Fail, "ConservativeRaster 2 returned " + hex(hr));
  return result(Result::Pass, "ConservativeRaster = 2: E_INVALIDARG");
}

ScenarioResult getDesc2RoundTrip(RunContext&) {
  Device d;
  if (!d.ok()) return result(Result::Fail, "D3D11CreateDevice failed: " + hex(d.hr));
  D3D11_RASTERIZER_DESC2 desc{D3D11_FILL_WIREFRAME, D3D11_CULL_FRONT, TRUE, -4, 0.5f, 1.25f, FALSE, TRUE, TRUE, FALSE,
                              4, D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF};
  ID3D11RasterizerState2* state = nullptr;
  HRESULT hr = d.device->CreateRasterizerState2(&desc, &state);
  if (hr != S_OK) return result(Result::Fail, "CreateRasterizerState2 returned " + hex(hr));
  D3D11_RASTERIZER_DESC2 back{};
  state->GetDesc2(&back);
  state->Release();
  if (std::memcmp(&back, &desc, sizeof desc) != 0) return result(Result::Fail, "GetDesc2 differs from the desc");
  return result(Result::Pass, "every field as created");
}

ScenarioResult setGetState(RunContext&) {
  Device d;
  if (!d.ok()) return result(Result::Fail, "D3D11CreateDevice failed: " + hex(d.hr));
  D3D11_RASTERIZER_DESC2 desc = defaultDesc2();
  desc.CullMode = D3D11_CULL_NONE;
  ID3D11RasterizerState2* state = nullptr;
  if (d.device->CreateRasterizerState2(&desc, &state) != S_OK) return result(Result::Fail, "create failed");
  d.context->RSSetState(state);
  ID3D11RasterizerState* got = nullptr;
  d.context->RSGetState(&got);
  const bool same = got == state;
  if (got) got->Release();
  d.context->RSSetState(nullptr);
  ID3D11RasterizerState* none = reinterpret_cast<ID3D11RasterizerState*>(1);
  d.context->RSGetState(&none);
  state->Release();
  if (!same) return result(Result::Fail, "RSGetState did not return the bound state");
  if (none) return result(Result::Fail, "RSGetState after RSSetState(NULL) is not NULL");
  return result(Result::Pass, "RSGetState returns the bound state; NULL restores the default");
}

// A pixel shader (as fxc lists it) reading SV_InnerCoverage.
const char* kInnerCoverageShader = R"(//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET    uint   xyzw
//
ps_5_0
dcl_input vInnerCoverage
dcl_output o0.xyzw
mov o0.x, vInnerCoverage
mov o0.yzw, l(0,0,0,0)
ret
)";

ScenarioResult innerCoverageShaderBelowTier3(RunContext& ctx) {
  Device d;
  if (!d.ok()) return result(Result::Fail, "D3D11CreateDevice failed: " + hex(d.hr));
  const std::vector<uint8_t> bytecode = dxbc::assemble(kInnerCoverageShader).container;
  ID3D11PixelShader* shader = nullptr;
  HRESULT hr = d.device->CreatePixelShader(bytecode.data(), bytecode.size(), nullptr, &shader);
  if (shader) shader->Release();
  if (hr == E_NOTIMPL) return result(Result::Skip, "CreatePixelShader is not implemented yet");
  if (ctx.tier == D3D11_CONSERVATIVE_RASTERIZATION_TIER_3) {
    if (hr != S_OK) return result(Result::Fail, "at Tier 3 CreatePixelShader returned " + hex(hr));
    return result(Result::Pass, "Tier 3: created");
  }
  std::string text;
  if (hr != E_INVALIDARG) return result(Result::Fail, "below Tier 3 CreatePixelShader returned " + hex(hr));
  if (!d.hasMessage(D3D11_MESSAGE_ID(192), &text)) return result(Result::Fail, "no CREATEPIXELSHADER message");
  return result(Result::Pass, "E_INVALIDARG below Tier 3; debug layer: " + text);
}

}  // namespace

const char* resultName(Result r) {
  switch (r) {
    case Result::Pass: return "pass";
    case Result::Fail: return "fail";
    case Result::Skip: return "skip";
  }
  return "?";
}

const char* apiName(Api api) { return api == Api::D3D12 ? "d3d12" : "d3d11"; }

const std::vector<Scenario>& allScenarios() {
  // Why a D3D11 scenario has no D3D12 counterpart.
  static const char* kNoDrawValidation =
      "D3D11's draw-time validation (CContext::ValidateDraw); D3D12 validates no draw against the rasterizer "
      "state, which is part of the PSO";
  static const std::vector<Scenario> scenarios = {
      {"CheckFeatureSupport: conservative tier", 0, false, checkFeatureSupportTier, checkFeatureSupportTier12},
      {"CheckFeatureSupport: NOT_SUPPORTED at feature level 11_0", 0, false, featureLevel11_0NotSupported, {},
       "D3D12 devices start at feature level 11_0 and report the tier there"},
      {"CreateRasterizerState2: ON accepted", 1, false, createOnAccepted, createOnAccepted12},
      {"CreateRasterizerState2: ON rejected without support", 0, true, createOnRejectedWithoutSupport,
       createOnRejectedWithoutSupport12},
      {"CreateRasterizerState2: ON with FILL_WIREFRAME rejected", 1, false, createOnWireframeRejected,
       createOnWireframeRejected12},
      {"CreateRasterizerState2: invalid ConservativeRaster value rejected", 0, false, createInvalidModeRejected,
       createInvalidModeRejected12},
      {"GetDesc2 returns the created desc", 0, false, getDesc2RoundTrip, {},
       "D3D12 has no rasterizer state object: the desc is part of the PSO, which has no GetDesc"},
      {"RSSetState / RSGetState", 0, false, setGetState, {},
       "D3D12 has no RSSetState/RSGetState: the rasterizer state is set with the PSO (SetPipelineState)"},
      {"Draw: point/line topology with conservative ON is dropped", 1, false, drawPointLineTopologyDropped, {},
       kNoDrawValidation},
      {"Draw: SV_InnerCoverage with conservative OFF", 3, false, drawInnerCoverageWithConservativeOff, {},
       kNoDrawValidation},
      {"CreatePixelShader: SV_InnerCoverage needs Tier 3", 0, false, innerCoverageShaderBelowTier3,
       innerCoverageShaderBelowTier3_12},
      {"Bring-up: ON lights (0,0),(1,0); OFF lights nothing", 1, false, bringUp},
      {"Uncertainty: 1/2 px (4x4, centre 2x2)", 1, false, uncertaintyHalfPixel},
      {"Uncertainty: 1/256 px (3x3, centre pixel)", 3, false, uncertainty256thPixel},
      {"Top-left rule (4x4, 13 pixels)", 3, false, topLeftRule},
      {"Inner coverage (3x3, centre pixel inner)", 3, false, innerCoverage},
      {"Post-snap degenerate: rasterized, back-facing, vertex 0 attributes", 2, false, postSnapDegenerate},
      {"Degenerate on a pixel boundary: at least one pixel; none with back-face culling", 2, false,
       degenerateOnPixelBoundary},
      {"TIR: ForcedSampleCount 4 gives SV_Coverage 0xF", 1, false, targetIndependentRasterization},
      {"4x MSAA gives SV_Coverage 0xF", 1, false, msaaCoverage},
      {"SampleMask 0 with inner coverage: SV_InnerCoverage still 1", 3, false, sampleMaskZeroInnerCoverage},
  };
  return scenarios;
}

std::string scenarioSlug(const std::string& name) {
  std::string slug;
  bool separator = false;
  for (char c : name) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z');
    if (!keep) {
      separator = !slug.empty();
      continue;
    }
    if (separator) slug += '-';
    separator = false;
    slug += char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  }
  return slug;
}

std::vector<ScenarioResult> runScenarios(RunContext& context, const std::vector<std::string>& only) {
  std::vector<ScenarioResult> out;
  const int tier = int(context.tier);
  for (const Scenario& s : allScenarios()) {
    if (!only.empty() && std::find_if(only.begin(), only.end(), [&](const std::string& n) {
                           return n == s.name || n == scenarioSlug(s.name);
                         }) == only.end())
      continue;
    ScenarioResult r;
    const bool applies = s.onlyWithoutSupport ? tier == 0 : tier >= s.requiredTier;
    if (context.api == Api::D3D12 && s.d3d12NotApplicable) {
      r = result(Result::Skip, std::string("not applicable on D3D12: ") + s.d3d12NotApplicable);
    } else if (!applies) {
      r = result(Result::Skip, s.onlyWithoutSupport ? std::string("applies only without support (device has ") +
                                                          tierName(context.tier) + ")"
                                                    : std::string("needs tier ") + std::to_string(s.requiredTier) +
                                                          " (device has " + tierName(context.tier) + ")");
    } else {
      context.scenario = s.name;
      try {
        r = context.api == Api::D3D12 && s.run12 ? s.run12(context) : s.run(context);
      } catch (const std::exception& e) {
        r = result(Result::Fail, std::string("setup: ") + e.what());
      }
      context.scenario.clear();
    }
    r.name = s.name;
    r.requiredTier = s.requiredTier;
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace d3dvk::conformance
