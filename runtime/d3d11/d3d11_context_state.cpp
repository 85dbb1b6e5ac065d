// runtime/d3d11/d3d11_context_state.cpp — see d3d11_context_state.h; also
// ID3D11Device1::CreateDeviceContextState and
// ID3D11DeviceContext1::SwapDeviceContextState.
#include "d3d11_context_state.h"

#include "d3d11_context.h"
#include "d3d11_device.h"

#include <algorithm>
#include <string>

namespace d3dvk::runtime {
namespace {

template <typename T>
void releaseAll(T** objects, size_t count) {
  for (size_t i = 0; i < count; ++i)
    if (objects[i]) objects[i]->Release(), objects[i] = nullptr;
}

template <typename T>
void releaseOne(T*& object) {
  if (object) object->Release(), object = nullptr;
}

// One shader stage's getters and setters, so the snapshot treats the six stages alike.
struct StageCalls {
  void (*getShader)(ID3D11DeviceContext1*, IUnknown**, ID3D11ClassInstance**, UINT*);
  void (*setShader)(ID3D11DeviceContext1*, IUnknown*, ID3D11ClassInstance* const*, UINT);
  void (STDMETHODCALLTYPE ID3D11DeviceContext1::*getConstantBuffers)(UINT, UINT, ID3D11Buffer**, UINT*, UINT*);
  void (STDMETHODCALLTYPE ID3D11DeviceContext1::*setConstantBuffers)(UINT, UINT, ID3D11Buffer* const*, const UINT*,
                                                                     const UINT*);
  void (STDMETHODCALLTYPE ID3D11DeviceContext::*getShaderResources)(UINT, UINT, ID3D11ShaderResourceView**);
  void (STDMETHODCALLTYPE ID3D11DeviceContext::*setShaderResources)(UINT, UINT, ID3D11ShaderResourceView* const*);
  void (STDMETHODCALLTYPE ID3D11DeviceContext::*getSamplers)(UINT, UINT, ID3D11SamplerState**);
  void (STDMETHODCALLTYPE ID3D11DeviceContext::*setSamplers)(UINT, UINT, ID3D11SamplerState* const*);
};

#define D3DVK_STAGE_CALLS(P, Shader)                                                                            \
  StageCalls {                                                                                                 \
    [](ID3D11DeviceContext1* c, IUnknown** s, ID3D11ClassInstance** i, UINT* n) {                              \
      Shader* shader = nullptr;                                                                                \
      c->P##GetShader(&shader, i, n);                                                                          \
      *s = shader;                                                                                             \
    },                                                                                                         \
        [](ID3D11DeviceContext1* c, IUnknown* s, ID3D11ClassInstance* const* i, UINT n) {                      \
          c->P##SetShader(static_cast<Shader*>(s), i, n);                                                      \
        },                                                                                                     \
        &ID3D11DeviceContext1::P##GetConstantBuffers1, &ID3D11DeviceContext1::P##SetConstantBuffers1,          \
        &ID3D11DeviceContext::P##GetShaderResources, &ID3D11DeviceContext::P##SetShaderResources,              \
        &ID3D11DeviceContext::P##GetSamplers, &ID3D11DeviceContext::P##SetSamplers                             \
  }

const StageCalls kStageCalls[ContextStateSnapshot::kStages] = {
    D3DVK_STAGE_CALLS(VS, ID3D11VertexShader), D3DVK_STAGE_CALLS(HS, ID3D11HullShader),
    D3DVK_STAGE_CALLS(DS, ID3D11DomainShader), D3DVK_STAGE_CALLS(GS, ID3D11GeometryShader),
    D3DVK_STAGE_CALLS(PS, ID3D11PixelShader),  D3DVK_STAGE_CALLS(CS, ID3D11ComputeShader),
};
#undef D3DVK_STAGE_CALLS

}  // namespace

void ContextStateSnapshot::capture(ID3D11DeviceContext1* c) {
  clear();
  for (UINT s = 0; s < kStages; ++s) {
    Stage& st = stages_[s];
    const StageCalls& calls = kStageCalls[s];
    UINT instances = D3D11_SHADER_MAX_INTERFACES;
    st.classInstances.assign(D3D11_SHADER_MAX_INTERFACES, nullptr);
    calls.getShader(c, &st.shader, st.classInstances.data(), &instances);
    st.classInstances.resize(std::min<UINT>(instances, D3D11_SHADER_MAX_INTERFACES));
    (c->*calls.getConstantBuffers)(0, D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT, st.constantBuffers,
                                   st.firstConstant, st.numConstants);
    (c->*calls.getShaderResources)(0, D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT, st.shaderResources);
    (c->*calls.getSamplers)(0, D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT, st.samplers);
  }
  c->IAGetInputLayout(&inputLayout_);
  c->IAGetVertexBuffers(0, D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT, vertexBuffers_, strides_, offsets_);
  c->IAGetIndexBuffer(&indexBuffer_, &indexFormat_, &indexOffset_);
  c->IAGetPrimitiveTopology(&topology_);
  c->RSGetState(&rasterizerState_);
  viewportCount_ = D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE;
  c->RSGetViewports(&viewportCount_, viewports_);
  scissorCount_ = D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE;
  c->RSGetScissorRects(&scissorCount_, scissors_);
  c->OMGetBlendState(&blendState_, blendFactor_, &sampleMask_);
  c->OMGetDepthStencilState(&depthStencilState_, &stencilRef_);
  c->OMGetRenderTargetsAndUnorderedAccessViews(D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT, renderTargets_, &depthStencil_, 0,
                                               D3D11_1_UAV_SLOT_COUNT, unorderedAccessViews_);
  c->CSGetUnorderedAccessViews(0, D3D11_1_UAV_SLOT_COUNT, computeUnorderedAccessViews_);
  c->SOGetTargets(D3D11_SO_BUFFER_SLOT_COUNT, streamOutputTargets_);
  c->GetPredication(&predicate_, &predicateValue_);
}

void ContextStateSnapshot::apply(ID3D11DeviceContext1* c) const {
  c->ClearState();
  for (UINT s = 0; s < kStages; ++s) {
    const Stage& st = stages_[s];
    const StageCalls& calls = kStageCalls[s];
    calls.setShader(c, st.shader, st.classInstances.data(), UINT(st.classInstances.size()));
    // A buffer bound whole goes back whole (its window, the whole buffer up to 4096 constants, may not
    // be a multiple of 16 constants as *SetConstantBuffers1 requires); windows go back as windows.
    for (UINT slot = 0; slot < D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT; ++slot) {
      ID3D11Buffer* const b = st.constantBuffers[slot];
      D3D11_BUFFER_DESC desc{};
      if (b) b->GetDesc(&desc);
      const UINT whole = std::min<UINT>(desc.ByteWidth / 16, D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT);
      if (!b || (st.firstConstant[slot] == 0 && st.numConstants[slot] == whole))
        (c->*calls.setConstantBuffers)(slot, 1, &b, nullptr, nullptr);
      else
        (c->*calls.setConstantBuffers)(slot, 1, &b, &st.firstConstant[slot], &st.numConstants[slot]);
    }
    (c->*calls.setShaderResources)(0, D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT, st.shaderResources);
    (c->*calls.setSamplers)(0, D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT, st.samplers);
  }
  c->IASetInputLayout(inputLayout_);
  c->IASetVertexBuffers(0, D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT, vertexBuffers_, strides_, offsets_);
  c->IASetIndexBuffer(indexBuffer_, indexFormat_, indexOffset_);
  // (ClearState left it undefined, which IASetPrimitiveTopology refuses with a message.)
  if (topology_ != D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED) c->IASetPrimitiveTopology(topology_);
  c->RSSetState(rasterizerState_);
  if (viewportCount_) c->RSSetViewports(viewportCount_, viewports_);
  if (scissorCount_) c->RSSetScissorRects(scissorCount_, scissors_);
  c->OMSetBlendState(blendState_, blendFactor_, sampleMask_);
  c->OMSetDepthStencilState(depthStencilState_, stencilRef_);
  // The UAVs of the graphics stages start after the last bound render target (they share the slots).
  UINT targets = D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT;
  while (targets > 0 && !renderTargets_[targets - 1]) --targets;
  UINT uavs = D3D11_1_UAV_SLOT_COUNT;
  while (uavs > targets && !unorderedAccessViews_[uavs - 1]) --uavs;
  const std::vector<UINT> counts(D3D11_1_UAV_SLOT_COUNT, UINT(-1));  // -1: keep each counter as it is
  c->OMSetRenderTargetsAndUnorderedAccessViews(targets, renderTargets_, depthStencil_, targets, uavs - targets,
                                               unorderedAccessViews_ + targets, counts.data());
  UINT computeUavs = D3D11_1_UAV_SLOT_COUNT;
  while (computeUavs > 0 && !computeUnorderedAccessViews_[computeUavs - 1]) --computeUavs;
  if (computeUavs) c->CSSetUnorderedAccessViews(0, computeUavs, computeUnorderedAccessViews_, counts.data());
  if (std::any_of(std::begin(streamOutputTargets_), std::end(streamOutputTargets_), [](ID3D11Buffer* b) { return b != nullptr; })) {
    const UINT append[D3D11_SO_BUFFER_SLOT_COUNT] = {UINT(-1), UINT(-1), UINT(-1), UINT(-1)};
    c->SOSetTargets(D3D11_SO_BUFFER_SLOT_COUNT, streamOutputTargets_, append);
  }
  if (predicate_) c->SetPredication(predicate_, predicateValue_);
}

void ContextStateSnapshot::clear() {
  for (Stage& st : stages_) {
    releaseOne(st.shader);
    releaseAll(st.classInstances.data(), st.classInstances.size());
    st.classInstances.clear();
    releaseAll(st.constantBuffers, D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT);
    std::fill(std::begin(st.firstConstant), std::end(st.firstConstant), 0u);
    std::fill(std::begin(st.numConstants), std::end(st.numConstants), 0u);
    releaseAll(st.shaderResources, D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT);
    releaseAll(st.samplers, D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT);
  }
  releaseOne(inputLayout_);
  releaseAll(vertexBuffers_, D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT);
  std::fill(std::begin(strides_), std::end(strides_), 0u);
  std::fill(std::begin(offsets_), std::end(offsets_), 0u);
  releaseOne(indexBuffer_);
  indexFormat_ = DXGI_FORMAT_UNKNOWN;
  indexOffset_ = 0;
  topology_ = D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED;
  releaseOne(rasterizerState_);
  viewportCount_ = scissorCount_ = 0;
  releaseOne(blendState_);
  std::fill(std::begin(blendFactor_), std::end(blendFactor_), 1.0f);
  sampleMask_ = 0xFFFFFFFF;
  releaseOne(depthStencilState_);
  stencilRef_ = 0;
  releaseAll(renderTargets_, D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT);
  releaseOne(depthStencil_);
  releaseAll(unorderedAccessViews_, D3D11_1_UAV_SLOT_COUNT);
  releaseAll(computeUnorderedAccessViews_, D3D11_1_UAV_SLOT_COUNT);
  releaseAll(streamOutputTargets_, D3D11_SO_BUFFER_SLOT_COUNT);
  releaseOne(predicate_);
  predicateValue_ = FALSE;
}

HRESULT STDMETHODCALLTYPE D3D11DeviceContextState::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3DDeviceContextState)) {
    AddRef();
    *ppvObject = static_cast<ID3DDeviceContextState*>(this);
    return S_OK;
  }
  return E_NOINTERFACE;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::CreateDeviceContextState(UINT Flags, const D3D_FEATURE_LEVEL* pFeatureLevels,
                                                               UINT FeatureLevels, UINT SDKVersion,
                                                               REFIID EmulatedInterface,
                                                               D3D_FEATURE_LEVEL* pChosenFeatureLevel,
                                                               ID3DDeviceContextState** ppContextState) try {
  static constexpr const char* kFunction = "ID3D11Device1::CreateDeviceContextState";
  if (ppContextState) *ppContextState = nullptr;
  auto reject = [&](const std::string& text) {
    debugMessage(D3D11_MESSAGE_CATEGORY_MISCELLANEOUS, D3D11_MESSAGE_SEVERITY_ERROR, 0, "CREATEDEVICECONTEXTSTATE",
                 kFunction, text);
    return E_INVALIDARG;
  };
  (void)SDKVersion;
  if (Flags & ~UINT(D3D11_1_CREATE_DEVICE_CONTEXT_STATE_SINGLETHREADED))
    return reject("Flags (" + std::to_string(Flags) + ") may only hold D3D11_1_CREATE_DEVICE_CONTEXT_STATE_SINGLETHREADED.");
  if (!pFeatureLevels || FeatureLevels == 0) return reject("pFeatureLevels is NULL or FeatureLevels is 0.");
  const bool d3d11Interface = EmulatedInterface == __uuidof(ID3D11Device) || EmulatedInterface == __uuidof(ID3D11Device1) ||
                              EmulatedInterface == __uuidof(ID3D11Device2) || EmulatedInterface == __uuidof(ID3D11Device3);
  if (!d3d11Interface)
    return reject("EmulatedInterface must be ID3D11Device, ID3D11Device1, ID3D11Device2 or ID3D11Device3 "
                  "(d3dvk has no Direct3D 10 device to emulate).");
  // The first level of the list the device supports: at most its own.
  D3D_FEATURE_LEVEL chosen{};
  bool found = false;
  for (UINT i = 0; i < FeatureLevels && !found; ++i)
    if (pFeatureLevels[i] <= featureLevel_ && pFeatureLevels[i] >= D3D_FEATURE_LEVEL_9_1) chosen = pFeatureLevels[i], found = true;
  if (!found) return reject("None of the feature levels in pFeatureLevels is supported by this device.");
  if (pChosenFeatureLevel) *pChosenFeatureLevel = chosen;
  if (!ppContextState) return S_FALSE;
  auto* state = new D3D11DeviceContextState(*this, chosen, EmulatedInterface);
  state->AddRef();
  *ppContextState = state;
  return S_OK;
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D11ImmediateContext::SwapDeviceContextState(ID3DDeviceContextState* pState,
                                                                    ID3DDeviceContextState** ppPreviousState) try {
  const auto contextEntryLock = lockEntry();
  if (ppPreviousState) *ppPreviousState = nullptr;
  auto* next = static_cast<D3D11DeviceContextState*>(pState);
  if (!next) return;
  if (&next->owner() != &device_) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_SETTING, D3D11_MESSAGE_SEVERITY_ERROR, 0,
                         "SWAPDEVICECONTEXTSTATE_NOTSUPPORTED", "ID3D11DeviceContext1::SwapDeviceContextState",
                         "pState was created by another device; the call is ignored.");
    return;
  }
  if (next == activeState_) {
    if (ppPreviousState) next->AddRef(), *ppPreviousState = next;
    return;
  }
  // The state being left: the one activated last, or the device's own (made now, as the application first sees it).
  D3D11DeviceContextState* previous = activeState_;
  if (!previous) {
    previous = new D3D11DeviceContextState(device_, featureLevel_, __uuidof(ID3D11Device1));
    previous->addPrivateRef();
  }
  previous->snapshot().capture(this);
  next->snapshot().apply(this);
  next->snapshot().clear();  // the context holds the state now
  next->addPrivateRef();
  activeState_ = next;
  if (ppPreviousState) previous->AddRef(), *ppPreviousState = previous;
  previous->releasePrivateRef();  // the application's reference (if any) keeps it and the bindings it holds
} D3DVK_CATCH_VOID

void D3D11ImmediateContext::releaseActiveState() {
  if (activeState_) activeState_->releasePrivateRef();
  activeState_ = nullptr;
}

}  // namespace d3dvk::runtime
