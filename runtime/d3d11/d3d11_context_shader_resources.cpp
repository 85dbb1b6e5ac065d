// runtime/d3d11/d3d11_context_shader_resources.cpp — the immediate context's
// VS/PS shader-resource and sampler bindings: VS/PSSetShaderResources,
// VS/PSSetSamplers and their Get variants (slot ranges checked with the debug
// layer's message; bound objects hold a private reference), and D3D11's
// input/output hazard rule: a view whose resource is bound as a render target
// or depth-stencil view is bound as NULL (…SETSHADERRESOURCES_HAZARD), and
// binding a resource for output unbinds its shader-resource views
// (OMSETRENDERTARGETS_HAZARD). Not covered yet: UAVs and stream output (not
// implemented), and subresource-precise overlap (any view of the resource counts).
#include "d3d11_context.h"
#include "d3d11_device.h"
#include "d3d11_resource.h"
#include "d3d11_sampler_state.h"
#include "d3d11_view.h"

#include <string>

namespace d3dvk::runtime {
namespace {

template <typename T>
void rebindPrivate(T*& slot, T* next) {
  if (slot == next) return;
  if (next) next->addPrivateRef();
  T* previous = slot;
  slot = next;
  if (previous) previous->releasePrivateRef();
}

const char* const kStageSetSrv[2] = {"ID3D11DeviceContext::VSSetShaderResources",
                                     "ID3D11DeviceContext::PSSetShaderResources"};
const char* const kStageSetSampler[2] = {"ID3D11DeviceContext::VSSetSamplers", "ID3D11DeviceContext::PSSetSamplers"};

}  // namespace

void D3D11ImmediateContext::setShaderResources(int stage, const char* function, UINT start, UINT count,
                                               ID3D11ShaderResourceView* const* views) {
  constexpr UINT kSlots = D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT;
  if (start >= kSlots || count > kSlots - start) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_MISCELLANEOUS, D3D11_MESSAGE_SEVERITY_CORRUPTION,
                         D3D11_MESSAGE_ID_CORRUPTED_PARAMETER1, "CORRUPTED_PARAMETER1", function,
                         "StartSlot (" + std::to_string(start) + ") + NumViews (" + std::to_string(count) +
                             ") must be at most 128; the call is ignored.");
    return;
  }
  if (count == 0) return;
  D3D10DDI_HSHADERRESOURCEVIEW handles[kSlots] = {};
  for (UINT i = 0; i < count; ++i) {
    auto* next = views ? static_cast<D3D11ShaderResourceView*>(views[i]) : nullptr;
    if (next) {
      const void* resource = &next->resource();
      bool output = depthStencil_ && &depthStencil_->resource() == resource;
      for (D3D11RenderTargetView* rtv : renderTargets_) output = output || (rtv && &rtv->resource() == resource);
      if (output) {
        device_.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_SETTING, D3D11_MESSAGE_SEVERITY_WARNING,
                             stage == 0 ? D3D11_MESSAGE_ID_DEVICE_VSSETSHADERRESOURCES_HAZARD
                                        : D3D11_MESSAGE_ID_DEVICE_PSSETSHADERRESOURCES_HAZARD,
                             stage == 0 ? "DEVICE_VSSETSHADERRESOURCES_HAZARD" : "DEVICE_PSSETSHADERRESOURCES_HAZARD",
                             function,
                             "Resource being set to shader resource slot " + std::to_string(start + i) +
                                 " is still bound on output! Forcing to NULL.");
        next = nullptr;
      }
    }
    rebindPrivate(shaderResources_[stage][start + i], next);
    handles[i] = next ? next->ddiHandle() : D3D10DDI_HSHADERRESOURCEVIEW{};
  }
  DdiDevice& ddi = device_.ddi();
  if (stage == 0)
    ddi.funcs().pfnVsSetShaderResources(ddi.handle(), start, count, handles);
  else
    ddi.funcs().pfnPsSetShaderResources(ddi.handle(), start, count, handles);
}

void D3D11ImmediateContext::getShaderResources(int stage, UINT start, UINT count, ID3D11ShaderResourceView** views) {
  if (!views) return;
  for (UINT i = 0; i < count; ++i) {
    const uint64_t slot = uint64_t(start) + i;
    D3D11ShaderResourceView* v =
        slot < D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT ? shaderResources_[stage][slot] : nullptr;
    if (v) v->AddRef();
    views[i] = v;
  }
}

void D3D11ImmediateContext::setSamplers(int stage, const char* function, UINT start, UINT count,
                                        ID3D11SamplerState* const* samplers) {
  constexpr UINT kSlots = D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT;
  if (start >= kSlots || count > kSlots - start) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_MISCELLANEOUS, D3D11_MESSAGE_SEVERITY_CORRUPTION,
                         D3D11_MESSAGE_ID_CORRUPTED_PARAMETER1, "CORRUPTED_PARAMETER1", function,
                         "StartSlot (" + std::to_string(start) + ") + NumSamplers (" + std::to_string(count) +
                             ") must be at most 16; the call is ignored.");
    return;
  }
  if (count == 0) return;
  D3D10DDI_HSAMPLER handles[kSlots] = {};
  for (UINT i = 0; i < count; ++i) {
    auto* next = samplers ? static_cast<D3D11SamplerState*>(samplers[i]) : nullptr;
    rebindPrivate(samplers_[stage][start + i], next);
    handles[i] = next ? next->ddiHandle() : D3D10DDI_HSAMPLER{};
  }
  DdiDevice& ddi = device_.ddi();
  if (stage == 0)
    ddi.funcs().pfnVsSetSamplers(ddi.handle(), start, count, handles);
  else
    ddi.funcs().pfnPsSetSamplers(ddi.handle(), start, count, handles);
}

void D3D11ImmediateContext::getSamplers(int stage, UINT start, UINT count, ID3D11SamplerState** samplers) {
  if (!samplers) return;
  for (UINT i = 0; i < count; ++i) {
    const uint64_t slot = uint64_t(start) + i;
    D3D11SamplerState* s = slot < D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT ? samplers_[stage][slot] : nullptr;
    if (s) s->AddRef();
    samplers[i] = s;
  }
}

void D3D11ImmediateContext::unbindShaderResourcesOf(const void* resource, const char* function) {
  for (int stage = 0; stage < 2; ++stage)
    for (UINT slot = 0; slot < D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT; ++slot) {
      D3D11ShaderResourceView* v = shaderResources_[stage][slot];
      if (!v || &v->resource() != resource) continue;
      device_.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_SETTING, D3D11_MESSAGE_SEVERITY_WARNING,
                           D3D11_MESSAGE_ID_DEVICE_OMSETRENDERTARGETS_HAZARD, "DEVICE_OMSETRENDERTARGETS_HAZARD",
                           function,
                           std::string("Resource being set to OM RenderTarget/DepthStencil is still bound on input (") +
                               (stage == 0 ? "VS" : "PS") + " shader resource slot " + std::to_string(slot) +
                               "); forcing that slot to NULL.");
      D3D11ShaderResourceView* none = nullptr;
      rebindPrivate(shaderResources_[stage][slot], none);
      const D3D10DDI_HSHADERRESOURCEVIEW null{};
      DdiDevice& ddi = device_.ddi();
      if (stage == 0)
        ddi.funcs().pfnVsSetShaderResources(ddi.handle(), slot, 1, &null);
      else
        ddi.funcs().pfnPsSetShaderResources(ddi.handle(), slot, 1, &null);
    }
}

void D3D11ImmediateContext::releaseShaderResourceBindings() {
  for (auto& stage : shaderResources_)
    for (D3D11ShaderResourceView*& v : stage) {
      D3D11ShaderResourceView* none = nullptr;
      rebindPrivate(v, none);
    }
  for (auto& stage : samplers_)
    for (D3D11SamplerState*& s : stage) {
      D3D11SamplerState* none = nullptr;
      rebindPrivate(s, none);
    }
}

void STDMETHODCALLTYPE D3D11ImmediateContext::VSSetShaderResources(UINT StartSlot, UINT NumViews,
                                                                  ID3D11ShaderResourceView* const* ppViews) try {
  setShaderResources(0, kStageSetSrv[0], StartSlot, NumViews, ppViews);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::PSSetShaderResources(UINT StartSlot, UINT NumViews,
                                                                  ID3D11ShaderResourceView* const* ppViews) try {
  setShaderResources(1, kStageSetSrv[1], StartSlot, NumViews, ppViews);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::VSGetShaderResources(UINT StartSlot, UINT NumViews,
                                                                  ID3D11ShaderResourceView** ppViews) try {
  getShaderResources(0, StartSlot, NumViews, ppViews);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::PSGetShaderResources(UINT StartSlot, UINT NumViews,
                                                                  ID3D11ShaderResourceView** ppViews) try {
  getShaderResources(1, StartSlot, NumViews, ppViews);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::VSSetSamplers(UINT StartSlot, UINT NumSamplers,
                                                           ID3D11SamplerState* const* ppSamplers) try {
  setSamplers(0, kStageSetSampler[0], StartSlot, NumSamplers, ppSamplers);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::PSSetSamplers(UINT StartSlot, UINT NumSamplers,
                                                           ID3D11SamplerState* const* ppSamplers) try {
  setSamplers(1, kStageSetSampler[1], StartSlot, NumSamplers, ppSamplers);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::VSGetSamplers(UINT StartSlot, UINT NumSamplers,
                                                           ID3D11SamplerState** ppSamplers) try {
  getSamplers(0, StartSlot, NumSamplers, ppSamplers);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::PSGetSamplers(UINT StartSlot, UINT NumSamplers,
                                                           ID3D11SamplerState** ppSamplers) try {
  getSamplers(1, StartSlot, NumSamplers, ppSamplers);
} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
