// runtime/d3d11/d3d11_context_shader_resources.cpp — the immediate context's
// shader-resource and sampler bindings of every stage (VS, PS, GS, HS, DS, CS;
// the VS/PS entry points here, GS/CS in d3d11_context_compute.cpp, HS/DS in
// d3d11_context_tessellation.cpp), with the
// Get variants (slot ranges checked with the debug layer's message; bound
// objects hold a private reference), and D3D11's input/output hazard rule: a
// view whose resource is bound for output in its pipeline (render target,
// depth-stencil or output-merger UAV for the graphics stages, a CS UAV for the
// compute stage) is bound as NULL (…SETSHADERRESOURCES_HAZARD), and binding a
// resource for output unbinds its shader-resource views there (and, for the
// graphics pipeline's outputs, its vertex and index buffers; stream-output
// targets count as graphics outputs), except that a depth-stencil view's
// read-only planes (D3D11_DSV_READ_ONLY_*) can be read while it is bound
// (D3D11.3 §17.13). A call that leaves every slot as it was
// reaches no driver (as *SetConstantBuffers). Not covered yet:
// subresource-precise overlap (any view of the resource counts).
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

// Indexed by D3D11ImmediateContext::Stage (VS, PS, GS, HS, DS, CS).
const char* const kStageSetSrv[6] = {
    "ID3D11DeviceContext::VSSetShaderResources", "ID3D11DeviceContext::PSSetShaderResources",
    "ID3D11DeviceContext::GSSetShaderResources", "ID3D11DeviceContext::HSSetShaderResources",
    "ID3D11DeviceContext::DSSetShaderResources", "ID3D11DeviceContext::CSSetShaderResources"};
const char* const kStageSetSampler[6] = {"ID3D11DeviceContext::VSSetSamplers", "ID3D11DeviceContext::PSSetSamplers",
                                         "ID3D11DeviceContext::GSSetSamplers", "ID3D11DeviceContext::HSSetSamplers",
                                         "ID3D11DeviceContext::DSSetSamplers", "ID3D11DeviceContext::CSSetSamplers"};
const char* const kStageName[6] = {"VS", "PS", "GS", "HS", "DS", "CS"};
// The debug layer's …SETSHADERRESOURCES_HAZARD per stage.
struct HazardId {
  D3D11_MESSAGE_ID id;
  const char* name;
};
const HazardId kSrvHazard[6] = {
    {D3D11_MESSAGE_ID_DEVICE_VSSETSHADERRESOURCES_HAZARD, "DEVICE_VSSETSHADERRESOURCES_HAZARD"},
    {D3D11_MESSAGE_ID_DEVICE_PSSETSHADERRESOURCES_HAZARD, "DEVICE_PSSETSHADERRESOURCES_HAZARD"},
    {D3D11_MESSAGE_ID_DEVICE_GSSETSHADERRESOURCES_HAZARD, "DEVICE_GSSETSHADERRESOURCES_HAZARD"},
    {D3D11_MESSAGE_ID_DEVICE_HSSETSHADERRESOURCES_HAZARD, "DEVICE_HSSETSHADERRESOURCES_HAZARD"},
    {D3D11_MESSAGE_ID_DEVICE_DSSETSHADERRESOURCES_HAZARD, "DEVICE_DSSETSHADERRESOURCES_HAZARD"},
    {D3D11_MESSAGE_ID_DEVICE_CSSETSHADERRESOURCES_HAZARD, "DEVICE_CSSETSHADERRESOURCES_HAZARD"}};

// Only a resource created with one of these can be bound for output (boundForOutput).
constexpr UINT kOutputBinds =
    D3D11_BIND_RENDER_TARGET | D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_STREAM_OUTPUT;

// The planes of a depth-stencil resource (bit 0 depth, bit 1 stencil) a view's
// format covers: a depth-stencil view's, or the one a shader-resource view reads.
UINT depthPlanes(DXGI_FORMAT format) {
  switch (format) {
    case DXGI_FORMAT_D24_UNORM_S8_UINT:
    case DXGI_FORMAT_D32_FLOAT_S8X24_UINT: return 3;
    case DXGI_FORMAT_X24_TYPELESS_G8_UINT:
    case DXGI_FORMAT_X32_TYPELESS_G8X24_UINT: return 2;
    default: return 1;
  }
}

// The planes the output merger may write through a depth-stencil view.
UINT writablePlanes(const D3D11DepthStencilView& dsv) {
  UINT planes = depthPlanes(dsv.desc().Format);
  if (dsv.desc().Flags & D3D11_DSV_READ_ONLY_DEPTH) planes &= ~1u;
  if (dsv.desc().Flags & D3D11_DSV_READ_ONLY_STENCIL) planes &= ~2u;
  return planes;
}

PFND3D10DDI_SETSHADERRESOURCES srvEntry(const D3DWDDM2_0DDI_DEVICEFUNCS& f, int stage) {
  return stage == 0 ? f.pfnVsSetShaderResources : stage == 1 ? f.pfnPsSetShaderResources
         : stage == 2 ? f.pfnGsSetShaderResources : stage == 3 ? f.pfnHsSetShaderResources
         : stage == 4 ? f.pfnDsSetShaderResources : f.pfnCsSetShaderResources;
}
PFND3D10DDI_SETSAMPLERS samplerEntry(const D3DWDDM2_0DDI_DEVICEFUNCS& f, int stage) {
  return stage == 0 ? f.pfnVsSetSamplers : stage == 1 ? f.pfnPsSetSamplers
         : stage == 2 ? f.pfnGsSetSamplers : stage == 3 ? f.pfnHsSetSamplers
         : stage == 4 ? f.pfnDsSetSamplers : f.pfnCsSetSamplers;
}

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
  if (!stageBindingAllowed(stage, StageBinding::ShaderResources, start, count,
                           views, function))
    return;
  D3D10DDI_HSHADERRESOURCEVIEW handles[kSlots];  // [0, count) written below
  bool same = true;  // every slot keeps its view: nothing to tell the driver
  for (UINT i = 0; i < count; ++i) {
    auto* next = views ? static_cast<D3D11ShaderResourceView*>(views[i]) : nullptr;
    if (next && (next->resource().bindFlags & kOutputBinds) && shaderResourceHazard(stage, *next)) {
      device_.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_SETTING, D3D11_MESSAGE_SEVERITY_WARNING, kSrvHazard[stage].id,
                           kSrvHazard[stage].name, function,
                           "Resource being set to shader resource slot " + std::to_string(start + i) +
                               " is still bound on output! Forcing to NULL.");
      next = nullptr;
    }
    same = same && shaderResources_[stage][start + i] == next;
    rebindPrivate(shaderResources_[stage][start + i], next);
    handles[i] = next ? next->ddiHandle() : D3D10DDI_HSHADERRESOURCEVIEW{};
  }
  if (same) return;
  DdiDevice& ddi = driver();
  srvEntry(ddi.funcs(), stage)(ddi.handle(), start, count, handles);
}

bool D3D11ImmediateContext::boundForOutput(int stage, const D3D11ResourceBase* resource) const {
  if (!(resource->bindFlags & kOutputBinds)) return false;
  if (stage == kCS) {
    for (D3D11UnorderedAccessView* u : computeUavs_)
      if (u && &u->resource() == resource) return true;
    return false;
  }
  return boundToOutputMerger(resource) || boundForStreamOutput(resource);
}

bool D3D11ImmediateContext::shaderResourceHazard(int stage, D3D11ShaderResourceView& view) const {
  const D3D11ResourceBase& r = view.resource();
  if (!(r.bindFlags & D3D11_BIND_DEPTH_STENCIL)) return boundForOutput(stage, &r);
  // A depth-stencil resource is bound for output only through the depth-stencil view.
  return stage != kCS && depthStencil_ && &depthStencil_->resource() == &r &&
         (depthPlanes(view.desc().Format) & writablePlanes(*depthStencil_)) != 0;
}

bool D3D11ImmediateContext::boundToOutputMerger(const void* resource) const {
  if (depthStencil_ && &depthStencil_->resource() == resource) return true;
  for (UINT i = 0; i < renderTargetCount_; ++i)
    if (renderTargets_[i] && &renderTargets_[i]->resource() == resource) return true;
  for (UINT i = 0; i < uavSlotsInUse_; ++i)
    if (unorderedAccessViews_[i] && &unorderedAccessViews_[i]->resource() == resource) return true;
  return false;
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
  if (!stageBindingAllowed(stage, StageBinding::Samplers, start, count, samplers,
                           function))
    return;
  D3D10DDI_HSAMPLER handles[kSlots];  // [0, count) written below
  bool same = true;  // every slot keeps its sampler: nothing to tell the driver
  for (UINT i = 0; i < count; ++i) {
    auto* next = samplers ? static_cast<D3D11SamplerState*>(samplers[i]) : nullptr;
    same = same && samplers_[stage][start + i] == next;
    rebindPrivate(samplers_[stage][start + i], next);
    handles[i] = next ? next->ddiHandle() : D3D10DDI_HSAMPLER{};
  }
  if (same) return;
  DdiDevice& ddi = driver();
  samplerEntry(ddi.funcs(), stage)(ddi.handle(), start, count, handles);
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

void D3D11ImmediateContext::unbindInputsOf(const void* resource, const char* function, OutputBinding output,
                                           const D3D11DepthStencilView* depthStencil) {
  const bool compute = output == OutputBinding::ComputeUav;
  const bool so = output == OutputBinding::StreamOutput;
  const D3D11_MESSAGE_ID id = compute ? D3D11_MESSAGE_ID_DEVICE_CSSETUNORDEREDACCESSVIEWS_HAZARD
                              : so    ? D3D11_MESSAGE_ID_DEVICE_SOSETTARGETS_HAZARD
                                      : D3D11_MESSAGE_ID_DEVICE_OMSETRENDERTARGETS_HAZARD;
  const char* idName = compute ? "DEVICE_CSSETUNORDEREDACCESSVIEWS_HAZARD"
                       : so    ? "DEVICE_SOSETTARGETS_HAZARD"
                               : "DEVICE_OMSETRENDERTARGETS_HAZARD";
  const char* what = compute ? "a CS UnorderedAccessView slot"
                     : so    ? "a stream-output target slot"
                             : "OM RenderTarget/DepthStencil/UAV";
  for (int stage = compute ? kCS : kVS; stage < (compute ? kStages : kCS); ++stage)
    for (UINT slot = 0; slot < D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT; ++slot) {
      D3D11ShaderResourceView* v = shaderResources_[stage][slot];
      if (!v || &v->resource() != resource) continue;
      if (depthStencil && !(depthPlanes(v->desc().Format) & writablePlanes(*depthStencil))) continue;
      device_.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_SETTING, D3D11_MESSAGE_SEVERITY_WARNING, id, idName, function,
                           std::string("Resource being set to ") + what + " is still bound on input (" +
                               kStageName[stage] + " shader resource slot " + std::to_string(slot) +
                               "); forcing that slot to NULL.");
      D3D11ShaderResourceView* none = nullptr;
      rebindPrivate(shaderResources_[stage][slot], none);
      const D3D10DDI_HSHADERRESOURCEVIEW null{};
      DdiDevice& ddi = driver();
      srvEntry(ddi.funcs(), stage)(ddi.handle(), slot, 1, &null);
    }
  if (!compute) unbindInputAssemblerOf(resource, function, what, id, idName);
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
  const auto contextEntryLock = lockEntry();
  setShaderResources(0, kStageSetSrv[0], StartSlot, NumViews, ppViews);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::PSSetShaderResources(UINT StartSlot, UINT NumViews,
                                                                  ID3D11ShaderResourceView* const* ppViews) try {
  const auto contextEntryLock = lockEntry();
  setShaderResources(1, kStageSetSrv[1], StartSlot, NumViews, ppViews);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::VSGetShaderResources(UINT StartSlot, UINT NumViews,
                                                                  ID3D11ShaderResourceView** ppViews) try {
  const auto contextEntryLock = lockEntry();
  getShaderResources(0, StartSlot, NumViews, ppViews);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::PSGetShaderResources(UINT StartSlot, UINT NumViews,
                                                                  ID3D11ShaderResourceView** ppViews) try {
  const auto contextEntryLock = lockEntry();
  getShaderResources(1, StartSlot, NumViews, ppViews);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::VSSetSamplers(UINT StartSlot, UINT NumSamplers,
                                                           ID3D11SamplerState* const* ppSamplers) try {
  const auto contextEntryLock = lockEntry();
  setSamplers(0, kStageSetSampler[0], StartSlot, NumSamplers, ppSamplers);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::PSSetSamplers(UINT StartSlot, UINT NumSamplers,
                                                           ID3D11SamplerState* const* ppSamplers) try {
  const auto contextEntryLock = lockEntry();
  setSamplers(1, kStageSetSampler[1], StartSlot, NumSamplers, ppSamplers);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::VSGetSamplers(UINT StartSlot, UINT NumSamplers,
                                                           ID3D11SamplerState** ppSamplers) try {
  const auto contextEntryLock = lockEntry();
  getSamplers(0, StartSlot, NumSamplers, ppSamplers);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::PSGetSamplers(UINT StartSlot, UINT NumSamplers,
                                                           ID3D11SamplerState** ppSamplers) try {
  const auto contextEntryLock = lockEntry();
  getSamplers(1, StartSlot, NumSamplers, ppSamplers);
} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
