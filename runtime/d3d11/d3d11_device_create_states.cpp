// runtime/d3d11/d3d11_device_create_states.cpp — ID3D11Device's state-object
// creates: CreateRasterizerState/1/2, CreateBlendState/1, CreateDepthStencilState
// and CreateSamplerState. Each validates the desc (with the debug layer's
// messages), then hands out the device's cached object for an identical desc or
// a new one (d3d11_state_object_cache.h); a null output pointer validates only
// (S_FALSE). The objects are in d3d11_rasterizer_state.h,
// d3d11_output_merger_state.h and d3d11_sampler_state.h.
#include "d3d11_device.h"
#include "d3d11_feature_level.h"
#include "d3d11_level9.h"
#include "d3d11_output_merger_state.h"
#include "d3d11_rasterizer_state.h"
#include "d3d11_sampler_state.h"
#include "rasterizer_validator.h"

namespace d3dvk::runtime {

// The 10level9 rules a desc breaks, as debug-layer errors; true when there were any.
bool D3D11Device::reportLevel9Errors(const char* function, const std::vector<ResourceDescError>& errors) {
  for (const ResourceDescError& e : errors)
    debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR, e.id, e.name, function, e.text);
  return !errors.empty();
}

// --- Rasterizer states ------------------------------------------------------

HRESULT D3D11Device::createRasterizerState(const char* function, const D3D11_RASTERIZER_DESC2* desc,
                                           ID3D11RasterizerState2** out) {
  if (out) *out = nullptr;
  if (!desc) {
    debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR,
                 D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_NULLDESC, "CREATERASTERIZERSTATE_NULLDESC", function,
                 "pRasterizerDesc is NULL; a rasterizer desc is required.");
    return E_INVALIDARG;
  }
  // Validation (the spec's CCreateRasterizerStateValidator, shared with D3D12).
  std::vector<RasterizerDescError> errors =
      validateRasterizerDesc(D3D11RasterizerState::toDdi(*desc), conservativeTier(), Api::D3D11);
  if (!errors.empty()) {
    for (const RasterizerDescError& e : errors)
      debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR, e.d3d11Id, e.d3d11Name,
                   function, e.text);
    return E_INVALIDARG;
  }
  if (reportLevel9Errors(function, level9RasterizerErrors(featureLevel_, *desc))) return E_INVALIDARG;
  if (!out) return S_FALSE;  // a valid desc with nowhere to put the object: nothing created

  // Identical descs (BOOLs normalized) share one object; it keeps the normalized desc.
  D3D11_RASTERIZER_DESC2 normalized = *desc;
  for (BOOL* b : {&normalized.FrontCounterClockwise, &normalized.DepthClipEnable, &normalized.ScissorEnable,
                  &normalized.MultisampleEnable, &normalized.AntialiasedLineEnable})
    *b = *b ? TRUE : FALSE;
  D3D11RasterizerState* state = nullptr;
  const HRESULT hr = rasterizerStates_.findOrCreate(
      D3D11RasterizerState::key(normalized),
      [&](HRESULT* created) { return D3D11RasterizerState::create(*this, normalized, created); }, &state);
  *out = state;
  return hr;
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateRasterizerState(const D3D11_RASTERIZER_DESC* pRasterizerDesc,
                                                             ID3D11RasterizerState** ppRasterizerState) try {
  if (removed()) return removedFailure(ppRasterizerState);
  if (!pRasterizerDesc)
    return createRasterizerState("ID3D11Device::CreateRasterizerState", nullptr, nullptr);
  const D3D11_RASTERIZER_DESC& d = *pRasterizerDesc;
  D3D11_RASTERIZER_DESC2 desc2{d.FillMode,          d.CullMode,          d.FrontCounterClockwise,
                               d.DepthBias,         d.DepthBiasClamp,    d.SlopeScaledDepthBias,
                               d.DepthClipEnable,   d.ScissorEnable,     d.MultisampleEnable,
                               d.AntialiasedLineEnable, 0,               D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF};
  ID3D11RasterizerState2* state = nullptr;
  HRESULT hr = createRasterizerState("ID3D11Device::CreateRasterizerState", &desc2,
                                     ppRasterizerState ? &state : nullptr);
  if (ppRasterizerState) *ppRasterizerState = state;
  return hr;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::CreateRasterizerState1(const D3D11_RASTERIZER_DESC1* pRasterizerDesc,
                                                              ID3D11RasterizerState1** ppRasterizerState) try {
  if (removed()) return removedFailure(ppRasterizerState);
  if (!pRasterizerDesc)
    return createRasterizerState("ID3D11Device1::CreateRasterizerState1", nullptr, nullptr);
  const D3D11_RASTERIZER_DESC1& d = *pRasterizerDesc;
  D3D11_RASTERIZER_DESC2 desc2{d.FillMode,          d.CullMode,          d.FrontCounterClockwise,
                               d.DepthBias,         d.DepthBiasClamp,    d.SlopeScaledDepthBias,
                               d.DepthClipEnable,   d.ScissorEnable,     d.MultisampleEnable,
                               d.AntialiasedLineEnable, d.ForcedSampleCount, D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF};
  ID3D11RasterizerState2* state = nullptr;
  HRESULT hr = createRasterizerState("ID3D11Device1::CreateRasterizerState1", &desc2,
                                     ppRasterizerState ? &state : nullptr);
  if (ppRasterizerState) *ppRasterizerState = state;
  return hr;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::CreateRasterizerState2(const D3D11_RASTERIZER_DESC2* pRasterizerDesc,
                                                              ID3D11RasterizerState2** ppRasterizerState) try {
  if (removed()) return removedFailure(ppRasterizerState);
  return createRasterizerState("ID3D11Device3::CreateRasterizerState2", pRasterizerDesc, ppRasterizerState);
} D3DVK_CATCH_HRESULT

// --- Blend and depth-stencil states -------------------------------------------

HRESULT STDMETHODCALLTYPE D3D11Device::CreateBlendState(const D3D11_BLEND_DESC* pBlendStateDesc,
                                                        ID3D11BlendState** ppBlendState) try {
  if (removed()) return removedFailure(ppBlendState);
  if (ppBlendState) *ppBlendState = nullptr;
  if (!pBlendStateDesc) return E_INVALIDARG;
  D3D11_BLEND_DESC1 desc{pBlendStateDesc->AlphaToCoverageEnable, pBlendStateDesc->IndependentBlendEnable, {}};
  for (int i = 0; i < 8; ++i) {
    const D3D11_RENDER_TARGET_BLEND_DESC& r = pBlendStateDesc->RenderTarget[i];
    desc.RenderTarget[i] = {r.BlendEnable,    FALSE,          r.SrcBlend,          r.DestBlend,
                            r.BlendOp,        r.SrcBlendAlpha, r.DestBlendAlpha,   r.BlendOpAlpha,
                            D3D11_LOGIC_OP_NOOP, r.RenderTargetWriteMask};
  }
  ID3D11BlendState1* state = nullptr;
  HRESULT hr = CreateBlendState1(&desc, ppBlendState ? &state : nullptr);
  if (ppBlendState) *ppBlendState = state;
  return hr;
} D3DVK_CATCH_HRESULT

// Identical descs (by key) share one object: the cached one gets another
// reference unless its last one is already going. Validation only (null out):
// S_FALSE for a valid desc, without a driver call.
HRESULT STDMETHODCALLTYPE D3D11Device::CreateBlendState1(const D3D11_BLEND_DESC1* pBlendStateDesc,
                                                         ID3D11BlendState1** ppBlendState) try {
  if (removed()) return removedFailure(ppBlendState);
  if (ppBlendState) *ppBlendState = nullptr;
  if (!pBlendStateDesc) return E_INVALIDARG;
  // 10level9 (9_1 … 9_3): no alpha-to-coverage, the first four targets blend alike, no dual source …
  if (validBlendDesc(*pBlendStateDesc) &&
      reportLevel9Errors("ID3D11Device1::CreateBlendState1", level9BlendErrors(featureLevel_, *pBlendStateDesc)))
    return E_INVALIDARG;
  if (const std::string why = logicOpProblem(*pBlendStateDesc, logicOpSupported()); !why.empty()) {
    debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR,
                 D3D11_MESSAGE_ID_CREATEBLENDSTATE_INVALIDLOGICOPS, "CREATEBLENDSTATE_INVALIDLOGICOPS",
                 "ID3D11Device1::CreateBlendState1", why);
    return E_INVALIDARG;
  }
  if (!ppBlendState) return validBlendDesc(*pBlendStateDesc) ? S_FALSE : E_INVALIDARG;
  D3D11BlendState* state = nullptr;
  const HRESULT hr = blendStates_.findOrCreate(
      D3D11BlendState::key(*pBlendStateDesc),
      [&](HRESULT* created) { return D3D11BlendState::create(*this, *pBlendStateDesc, created); }, &state);
  *ppBlendState = state;
  return hr;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::CreateDepthStencilState(const D3D11_DEPTH_STENCIL_DESC* pDepthStencilDesc,
                                                               ID3D11DepthStencilState** ppDepthStencilState) try {
  if (removed()) return removedFailure(ppDepthStencilState);
  if (ppDepthStencilState) *ppDepthStencilState = nullptr;
  if (!pDepthStencilDesc) return E_INVALIDARG;
  if (validDepthStencilDesc(*pDepthStencilDesc) &&
      reportLevel9Errors("ID3D11Device::CreateDepthStencilState",
                         level9DepthStencilErrors(featureLevel_, *pDepthStencilDesc)))
    return E_INVALIDARG;
  if (!ppDepthStencilState) return validDepthStencilDesc(*pDepthStencilDesc) ? S_FALSE : E_INVALIDARG;
  D3D11DepthStencilState* state = nullptr;
  const HRESULT hr = depthStencilStates_.findOrCreate(
      D3D11DepthStencilState::key(*pDepthStencilDesc),
      [&](HRESULT* created) { return D3D11DepthStencilState::create(*this, *pDepthStencilDesc, created); }, &state);
  *ppDepthStencilState = state;
  return hr;
} D3DVK_CATCH_HRESULT

// --- Sampler states -----------------------------------------------------------

HRESULT STDMETHODCALLTYPE D3D11Device::CreateSamplerState(const D3D11_SAMPLER_DESC* pSamplerDesc,
                                                          ID3D11SamplerState** ppSamplerState) try {
  if (removed()) return removedFailure(ppSamplerState);
  static constexpr const char* kFunction = "ID3D11Device::CreateSamplerState";
  if (ppSamplerState) *ppSamplerState = nullptr;
  if (!pSamplerDesc) {
    debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR,
                 D3D11_MESSAGE_ID_CREATESAMPLERSTATE_NULLDESC, "CREATESAMPLERSTATE_NULLDESC", kFunction,
                 "pSamplerDesc is NULL; a sampler desc is required.");
    return E_INVALIDARG;
  }
  std::vector<SamplerDescError> errors = validateSamplerDesc(*pSamplerDesc);
  // Anisotropy is capped at 2 on feature level 9_1.
  if (const UINT maxAnisotropy = featureLevelLimits(featureLevel_).maxAnisotropy;
      errors.empty() && (unsigned(pSamplerDesc->Filter) & 0x40u) && pSamplerDesc->MaxAnisotropy > maxAnisotropy)
    errors.push_back({D3D11_MESSAGE_ID_CREATESAMPLERSTATE_INVALIDMAXANISOTROPY, "CREATESAMPLERSTATE_INVALIDMAXANISOTROPY",
                      "MaxAnisotropy (" + std::to_string(pSamplerDesc->MaxAnisotropy) + ") exceeds " +
                          std::to_string(maxAnisotropy) + ", the maximum at feature level " +
                          featureLevelName(featureLevel_) + "."});
  if (errors.empty())
    for (const ResourceDescError& e : level9SamplerErrors(featureLevel_, *pSamplerDesc))
      errors.push_back({e.id, e.name, e.text});
  if (!errors.empty()) {
    for (const SamplerDescError& e : errors)
      debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR, e.id, e.idName, kFunction,
                   e.text);
    return E_INVALIDARG;
  }
  if (!ppSamplerState) return S_FALSE;
  const D3D11_SAMPLER_DESC desc = normalizeSamplerDesc(*pSamplerDesc);
  D3D11SamplerState* state = nullptr;
  const HRESULT hr = samplerStates_.findOrCreate(
      D3D11SamplerState::key(desc), [&](HRESULT* created) { return D3D11SamplerState::create(*this, desc, created); },
      &state);
  *ppSamplerState = state;
  return hr;
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
