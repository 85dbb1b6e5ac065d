// runtime/d3d11/d3d11_deferred_context.cpp — see d3d11_deferred_context.h: the
// deferred context's own rules (type, flags, Map/Unmap into the list,
// FinishCommandList, nesting, queries) and ID3D11Device::CreateDeferredContext*.
// The plain recorded calls are in d3d11_deferred_context_calls.cpp.
#include "d3d11_deferred_context.h"

#include "d3d11_context_state.h"
#include "d3dvk_stream_output_ddi.h"
#include "d3d11_device.h"
#include "d3d11_resource.h"
#include "d3d11_resource_validation.h"
#include "raw_enum.h"

#include <cstring>
#include <string>
#include <type_traits>

namespace d3dvk::runtime {
namespace {

// A DDI entry point that does nothing (and answers zero), of exactly the entry's type.
template <typename F>
struct Inert;
template <typename R, typename... A>
struct Inert<R (*)(A...)> {
  static R call(A...) {
    if constexpr (!std::is_void_v<R>) return R{};
  }
};

// The DDI table of a deferred context's state: every entry its state tracking can
// reach (the state setters, and what UpdateSubresource's validation ends in).
// An entry point a state setter starts to use must be listed here.
const D3DWDDM2_0DDI_DEVICEFUNCS& inertFuncs() {
  static const D3DWDDM2_0DDI_DEVICEFUNCS table = [] {
    D3DWDDM2_0DDI_DEVICEFUNCS f{};
#define D3DVK_INERT(name) f.name = &Inert<decltype(f.name)>::call
#define D3DVK_INERT_STAGE(S)                \
  D3DVK_INERT(pfn##S##SetConstantBuffers);  \
  D3DVK_INERT(pfn##S##SetSamplers);         \
  D3DVK_INERT(pfn##S##SetShader);           \
  D3DVK_INERT(pfn##S##SetShaderResources);  \
  D3DVK_INERT(pfn##S##SetShaderWithIfaces)
    D3DVK_INERT_STAGE(Vs);
    D3DVK_INERT_STAGE(Ps);
    D3DVK_INERT_STAGE(Gs);
    D3DVK_INERT_STAGE(Hs);
    D3DVK_INERT_STAGE(Ds);
    D3DVK_INERT_STAGE(Cs);
    D3DVK_INERT(pfnCsSetUnorderedAccessViews);
    D3DVK_INERT(pfnIaSetIndexBuffer);
    D3DVK_INERT(pfnIaSetInputLayout);
    D3DVK_INERT(pfnIaSetTopology);
    D3DVK_INERT(pfnIaSetVertexBuffers);
    D3DVK_INERT(pfnSetBlendState);
    D3DVK_INERT(pfnSetDepthStencilState);
    D3DVK_INERT(pfnSetRasterizerState);
    D3DVK_INERT(pfnSetRenderTargets);
    D3DVK_INERT(pfnSetScissorRects);
    D3DVK_INERT(pfnSetViewports);
    D3DVK_INERT(pfnSetPredication);
    // (still a placeholder-typed slot: filled with its WDK type, d3dvk_stream_output_ddi.h)
    f.pfnSoSetTargets = ddi::streamOutputSlotValue(&Inert<PFND3D10DDI_SO_SETTARGETS>::call);
    D3DVK_INERT(pfnResourceUpdateSubresourceUP);
    D3DVK_INERT(pfnDefaultConstantBufferUpdateSubresourceUP);
    D3DVK_INERT(pfnFlush);
#undef D3DVK_INERT_STAGE
#undef D3DVK_INERT
    return f;
  }();
  return table;
}

constexpr const char* kMap = "ID3D11DeviceContext::Map";

}  // namespace

D3D11DeferredContext::D3D11DeferredContext(D3D11Device& device, UINT contextFlags)
    : D3D11DeviceChild(device),
      contextFlags_(contextFlags),
      inert_(DdiDevice::inert(device.ddi().sharedAdapter(), inertFuncs())),
      state_(device, device.GetFeatureLevel(), *inert_) {}

D3D11DeferredContext::~D3D11DeferredContext() { delete list_; }

D3D11CommandList& D3D11DeferredContext::list() {
  if (!list_) list_ = new D3D11CommandList(device(), contextFlags_);
  return *list_;
}

HRESULT STDMETHODCALLTYPE D3D11DeferredContext::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11DeviceContext) ||
      riid == __uuidof(ID3D11DeviceContext1) || riid == __uuidof(ID3D11DeviceContext2) ||
      riid == __uuidof(ID3D11DeviceContext3)) {
    AddRef();
    *ppvObject = static_cast<ID3D11DeviceContext3*>(this);
    return S_OK;
  }
  if (riid == __uuidof(ID3DUserDefinedAnnotation)) {
    AddRef();
    *ppvObject = static_cast<ID3DUserDefinedAnnotation*>(&annotation_);
    return S_OK;
  }
  return E_NOINTERFACE;
} D3DVK_CATCH_HRESULT

namespace {
// Replays `call` on the ID3DUserDefinedAnnotation of the context a list runs on.
template <typename Call>
void onAnnotation(ID3D11DeviceContext3& c, Call call) {
  ID3DUserDefinedAnnotation* a = nullptr;
  if (FAILED(c.QueryInterface(__uuidof(ID3DUserDefinedAnnotation), reinterpret_cast<void**>(&a)))) return;
  call(*a);
  a->Release();
}
}  // namespace

// Without labels (GetStatus FALSE) the answers are D3D11's outside a capture tool: -1, nothing recorded.
INT STDMETHODCALLTYPE D3D11DeferredContext::Annotation::BeginEvent(LPCWSTR Name) try {
  if (!GetStatus()) return -1;
  D3D11CommandList& l = owner_.list();
  const size_t n = Name ? std::char_traits<WCHAR>::length(Name) + 1 : 0;
  l.record([t = l.copyArray(Name, n)](ID3D11DeviceContext3& c) {
    onAnnotation(c, [t](ID3DUserDefinedAnnotation& a) { a.BeginEvent(t); });
  });
  return open_++;
} D3DVK_CATCH_RETURN(-1)

INT STDMETHODCALLTYPE D3D11DeferredContext::Annotation::EndEvent() try {
  if (!GetStatus() || open_ == 0) return -1;
  owner_.list().record([](ID3D11DeviceContext3& c) { onAnnotation(c, [](ID3DUserDefinedAnnotation& a) { a.EndEvent(); }); });
  return --open_;
} D3DVK_CATCH_RETURN(-1)

void STDMETHODCALLTYPE D3D11DeferredContext::Annotation::SetMarker(LPCWSTR Name) try {
  if (!GetStatus()) return;
  D3D11CommandList& l = owner_.list();
  const size_t n = Name ? std::char_traits<WCHAR>::length(Name) + 1 : 0;
  l.record([t = l.copyArray(Name, n)](ID3D11DeviceContext3& c) {
    onAnnotation(c, [t](ID3DUserDefinedAnnotation& a) { a.SetMarker(t); });
  });
} D3DVK_CATCH_VOID

BOOL STDMETHODCALLTYPE D3D11DeferredContext::Annotation::GetStatus() try {
  return owner_.state_.IsAnnotationEnabled();
} D3DVK_CATCH_RETURN(FALSE)

D3D11_DEVICE_CONTEXT_TYPE STDMETHODCALLTYPE D3D11DeferredContext::GetType() try {
  return D3D11_DEVICE_CONTEXT_DEFERRED;
} D3DVK_CATCH_RETURN({})
UINT STDMETHODCALLTYPE D3D11DeferredContext::GetContextFlags() try { return contextFlags_; } D3DVK_CATCH_RETURN({})
// Nothing to submit: a deferred context's work reaches the GPU through ExecuteCommandList.
void STDMETHODCALLTYPE D3D11DeferredContext::Flush() try {} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11DeferredContext::Flush1(D3D11_CONTEXT_TYPE, HANDLE) try {} D3DVK_CATCH_VOID

HRESULT STDMETHODCALLTYPE D3D11DeferredContext::GetData(ID3D11Asynchronous*, void*, UINT, UINT) try {
  device().debugMessage(D3D11_MESSAGE_CATEGORY_EXECUTION, D3D11_MESSAGE_SEVERITY_ERROR, 0, "GETDATA_DEFERRED_CONTEXT",
                        "ID3D11DeviceContext::GetData",
                        "GetData cannot be called on a deferred context; call it on the immediate context.");
  return DXGI_ERROR_INVALID_CALL;
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D11DeferredContext::Begin(ID3D11Asynchronous* pAsync) try {
  if (!pAsync) return;
  D3D11CommandList& l = list();
  l.record([a = l.keep(pAsync)](ID3D11DeviceContext3& c) { c.Begin(a); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11DeferredContext::End(ID3D11Asynchronous* pAsync) try {
  if (!pAsync) return;
  D3D11CommandList& l = list();
  l.record([a = l.keep(pAsync)](ID3D11DeviceContext3& c) { c.End(a); });
} D3DVK_CATCH_VOID

HRESULT STDMETHODCALLTYPE D3D11DeferredContext::Map(ID3D11Resource* pResource, UINT Subresource, D3D11_MAP MapType,
                                                   UINT MapFlags, D3D11_MAPPED_SUBRESOURCE* pMappedResource) try {
  if (pMappedResource) *pMappedResource = {};
  D3D11ResourceBase* r = resourceBase(pResource);
  auto reject = [&](const std::string& text) {
    device().debugMessage(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION, D3D11_MESSAGE_SEVERITY_ERROR,
                          D3D11_MESSAGE_ID_RESOURCE_MAP_INVALIDMAPTYPE, "RESOURCE_MAP_INVALIDMAPTYPE", kMap, text);
    return E_INVALIDARG;
  };
  if (!r || &r->owner() != &device() || !pMappedResource)
    return reject("Map on a deferred context needs a resource of this device and pMappedResource.");
  if (Subresource >= r->subresourceCount())
    return reject("Subresource " + std::to_string(Subresource) + " is out of range.");
  if (MapFlags & ~UINT(D3D11_MAP_FLAG_DO_NOT_WAIT)) return reject("MapFlags may only contain D3D11_MAP_FLAG_DO_NOT_WAIT.");
  const int mapType = rawEnum(MapType);
  if (r->usage != D3D11_USAGE_DYNAMIC ||
      (mapType != D3D11_MAP_WRITE_DISCARD && !(mapType == D3D11_MAP_WRITE_NO_OVERWRITE && r->isBuffer())))
    return reject("A deferred context maps D3D11_USAGE_DYNAMIC resources only, with D3D11_MAP_WRITE_DISCARD (or "
                  "D3D11_MAP_WRITE_NO_OVERWRITE on buffers); MapType " +
                  std::to_string(mapType) + " is not allowed here.");
  Mapping& m = mappings_[{pResource, Subresource}];
  if (m.open) return reject("Subresource " + std::to_string(Subresource) + " is already mapped.");
  if (mapType == D3D11_MAP_WRITE_NO_OVERWRITE && !m.data)
    return reject("The first Map of a resource in a command list must use D3D11_MAP_WRITE_DISCARD; "
                  "D3D11_MAP_WRITE_NO_OVERWRITE needs the contents an earlier Map of this list wrote.");
  // The layout: tightly packed rows (blocks) of the subresource.
  if (r->isBuffer()) {
    m.rowBytes = m.rowPitch = m.depthPitch = r->width;
    m.rows = m.slices = 1;
  } else {
    const FormatFacts facts = formatFacts(r->format);
    const UINT b = facts.blockDim ? facts.blockDim : 1;
    m.rowBytes = (r->mipWidth(Subresource) + b - 1) / b * facts.bytesPerTexel;
    m.rows = (r->mipHeight(Subresource) + b - 1) / b;
    m.slices = r->isTexture3D() ? r->mipDepth(Subresource) : 1;
    m.rowPitch = m.rowBytes;
    m.depthPitch = m.rowPitch * m.rows;
  }
  m.size = size_t(m.depthPitch) * m.slices;
  D3D11CommandList& l = list();
  m.previous = mapType == D3D11_MAP_WRITE_NO_OVERWRITE ? m.data : nullptr;
  m.data = static_cast<std::byte*>(l.allocateData(m.size));
  if (m.previous) std::memcpy(m.data, m.previous, m.size);
  m.type = D3D11_MAP(mapType);
  m.open = true;
  pMappedResource->pData = m.data;
  pMappedResource->RowPitch = m.rowPitch;
  pMappedResource->DepthPitch = m.depthPitch;
  return S_OK;
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D11DeferredContext::Unmap(ID3D11Resource* pResource, UINT Subresource) try {
  auto found = mappings_.find({pResource, Subresource});
  if (found == mappings_.end() || !found->second.open) {
    device().debugMessage(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION, D3D11_MESSAGE_SEVERITY_ERROR,
                          D3D11_MESSAGE_ID_RESOURCE_UNMAP_NOTMAPPED, "RESOURCE_UNMAP_NOTMAPPED",
                          "ID3D11DeviceContext::Unmap", "The subresource is not mapped on this deferred context.");
    return;
  }
  recordUnmap(pResource, Subresource, found->second);
} D3DVK_CATCH_VOID

// The list replays a Map of the same type, the bytes written, and the Unmap. A
// WRITE_NO_OVERWRITE writes back only the bytes that differ from what the list
// held before it (the application may not touch what the GPU may still read).
void D3D11DeferredContext::recordUnmap(ID3D11Resource* resource, UINT subresource, Mapping& m) {
  m.open = false;
  D3D11CommandList& l = list();
  size_t first = 0, end = m.size;
  if (m.previous) {
    while (first < end && m.data[first] == m.previous[first]) ++first;
    while (end > first && m.data[end - 1] == m.previous[end - 1]) --end;
    if (first == end) return;  // nothing written
  }
  struct Copy {
    ID3D11Resource* resource;
    UINT subresource;
    D3D11_MAP type;
    const std::byte* data;
    size_t first, end;
    UINT rowPitch, depthPitch, rowBytes, rows, slices;
  } copy{l.keep(resource), subresource, m.type, m.data, first, end, m.rowPitch, m.depthPitch, m.rowBytes, m.rows,
         m.slices};
  l.record([copy](ID3D11DeviceContext3& c) {
    D3D11_MAPPED_SUBRESOURCE mapped{};
    if (FAILED(c.Map(copy.resource, copy.subresource, copy.type, 0, &mapped))) return;
    auto* out = static_cast<std::byte*>(mapped.pData);
    if (copy.slices == 1 && copy.rows == 1) {
      std::memcpy(out + copy.first, copy.data + copy.first, copy.end - copy.first);
    } else {
      for (UINT z = 0; z < copy.slices; ++z)
        for (UINT y = 0; y < copy.rows; ++y)
          std::memcpy(out + size_t(z) * mapped.DepthPitch + size_t(y) * mapped.RowPitch,
                      copy.data + size_t(z) * copy.depthPitch + size_t(y) * copy.rowPitch, copy.rowBytes);
    }
    c.Unmap(copy.resource, copy.subresource);
  });
}

// UpdateSubresource: the state's validation first (its DDI call reaches nothing),
// then the source bytes the update reads go into the list. D3D11's runtime,
// emulating command lists (DriverCommandLists FALSE, as d3dvk reports), reads
// the source of UpdateSubresource (not UpdateSubresource1) with the destination
// box's offset applied; applications compensate for it as the D3D11
// documentation shows, so d3dvk reads the same bytes.
void STDMETHODCALLTYPE D3D11DeferredContext::UpdateSubresource(ID3D11Resource* d, UINT ds, const D3D11_BOX* box,
                                                               const void* data, UINT rowPitch, UINT depthPitch) try {
  updateSubresource(d, ds, box, data, rowPitch, depthPitch, 0, true);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11DeferredContext::UpdateSubresource1(ID3D11Resource* d, UINT ds, const D3D11_BOX* box,
                                                                const void* data, UINT rowPitch, UINT depthPitch,
                                                                UINT flags) try {
  updateSubresource(d, ds, box, data, rowPitch, depthPitch, flags, false);
} D3DVK_CATCH_VOID

void D3D11DeferredContext::updateSubresource(ID3D11Resource* d, UINT ds, const D3D11_BOX* box, const void* data,
                                             UINT rowPitch, UINT depthPitch, UINT flags, bool boxOffsetQuirk) {
  D3D11ResourceBase* r = resourceBase(d);
  const FormatFacts facts = r ? formatFacts(r->format) : FormatFacts{};
  const UINT b = r && !r->isBuffer() && facts.blockDim ? facts.blockDim : 1;
  const UINT texel = r && r->isBuffer() ? 1 : facts.bytesPerTexel;
  if (boxOffsetQuirk && box && data)
    data = static_cast<const std::byte*>(data) + size_t(box->front) * depthPitch + size_t(box->top / b) * rowPitch +
           size_t(box->left / b) * texel;
  state_.UpdateSubresource1(d, ds, box, data, rowPitch, depthPitch, flags);  // validation and its messages
  if (!r || &r->owner() != &device() || !data || ds >= r->subresourceCount() || r->usage != D3D11_USAGE_DEFAULT ||
      texel == 0)
    return;
  const UINT w = r->isBuffer() ? r->width : r->mipWidth(ds);
  const UINT h = r->isBuffer() ? 1 : r->mipHeight(ds);
  const UINT z = r->isBuffer() ? 1 : r->mipDepth(ds);
  D3D11_BOX extent{0, 0, 0, w, h, z};
  if (box) {
    if (box->left >= box->right || box->top >= box->bottom || box->front >= box->back) return;  // empty: nothing
    if (box->right > w || box->bottom > h || box->back > z) return;  // refused by the state's validation
    extent = *box;
  }
  const size_t rowBytes = size_t((extent.right - extent.left + b - 1) / b) * texel;
  const size_t rows = (extent.bottom - extent.top + b - 1) / b;
  const size_t slices = extent.back - extent.front;
  const size_t size = (slices - 1) * depthPitch + (rows - 1) * rowPitch + rowBytes;
  D3D11CommandList& l = list();
  void* copy = l.allocateData(size);
  std::memcpy(copy, data, size);
  l.record([d = l.keep(d), ds, box = l.copyArray(box, 1), copy, rowPitch, depthPitch, flags](ID3D11DeviceContext3& c) {
    c.UpdateSubresource1(d, ds, box, copy, rowPitch, depthPitch, flags);
  });
}

HRESULT STDMETHODCALLTYPE D3D11DeferredContext::FinishCommandList(BOOL RestoreDeferredContextState,
                                                                 ID3D11CommandList** ppCommandList) try {
  if (ppCommandList) *ppCommandList = nullptr;
  for (auto& [key, m] : mappings_)
    if (m.open) {
      device().debugMessage(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION, D3D11_MESSAGE_SEVERITY_WARNING,
                            D3D11_MESSAGE_ID_RESOURCE_UNMAP_NOTMAPPED, "RESOURCE_UNMAP_NOTMAPPED",
                            "ID3D11DeviceContext::FinishCommandList",
                            "A subresource was still mapped; it is unmapped into the command list.");
      recordUnmap(key.first, key.second, m);
    }
  mappings_.clear();
  D3D11CommandList* finished = &list();
  list_ = nullptr;
  finished->AddRef();
  if (ppCommandList)
    *ppCommandList = finished;
  else
    finished->Release();
  if (RestoreDeferredContextState) {
    // The next list starts from this state: execution starts from the default state, so it begins by binding it.
    auto snapshot = std::make_shared<ContextStateSnapshot>();
    snapshot->capture(&state_);
    list().record([s = list().own(std::move(snapshot))](ID3D11DeviceContext3& c) { s->apply(&c); });
  } else {
    state_.ClearState();
  }
  return S_OK;
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D11DeferredContext::ExecuteCommandList(ID3D11CommandList* pCommandList,
                                                               BOOL RestoreContextState) try {
  D3D11CommandList* nested = commandListOf(pCommandList);
  if (!nested || &nested->owner() != &device()) {
    device().debugMessage(D3D11_MESSAGE_CATEGORY_EXECUTION, D3D11_MESSAGE_SEVERITY_ERROR, 0,
                          "EXECUTECOMMANDLIST_INVALIDLIST", "ID3D11DeviceContext::ExecuteCommandList",
                          "pCommandList is null or a command list of another device; the call is ignored.");
    return;
  }
  D3D11CommandList& l = list();
  l.record([n = l.keep(pCommandList), RestoreContextState](ID3D11DeviceContext3& c) {
    c.ExecuteCommandList(n, RestoreContextState);
  });
  if (!RestoreContextState) state_.ClearState();
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11DeferredContext::SwapDeviceContextState(ID3DDeviceContextState*,
                                                                   ID3DDeviceContextState** ppPreviousState) try {
  if (ppPreviousState) *ppPreviousState = nullptr;
  device().debugMessage(D3D11_MESSAGE_CATEGORY_EXECUTION, D3D11_MESSAGE_SEVERITY_ERROR, 0,
                        "SWAPDEVICECONTEXTSTATE_NOTSUPPORTED", "ID3D11DeviceContext1::SwapDeviceContextState",
                        "SwapDeviceContextState is for the immediate context only; the call is ignored.");
} D3DVK_CATCH_VOID

// ID3D11Device::CreateDeferredContext*: ContextFlags is reserved (0).
HRESULT D3D11Device::createDeferredContext(UINT ContextFlags, REFIID riid, void** ppDeferredContext) {
  if (ppDeferredContext) *ppDeferredContext = nullptr;
  if (ContextFlags != 0) {
    debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR, 0,
                 "CREATEDEFERREDCONTEXT_INVALID_COMMANDLISTFLAGS", "ID3D11Device::CreateDeferredContext",
                 "ContextFlags must be 0.");
    return E_INVALIDARG;
  }
  if (removed()) return ddi().removedReason();
  if (!ppDeferredContext) return S_FALSE;
  auto* context = new D3D11DeferredContext(*this, ContextFlags);
  context->AddRef();
  const HRESULT hr = context->QueryInterface(riid, ppDeferredContext);
  context->Release();
  return hr;
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateDeferredContext(UINT ContextFlags, ID3D11DeviceContext** ppDeferredContext) try {
  return createDeferredContext(ContextFlags, __uuidof(ID3D11DeviceContext), reinterpret_cast<void**>(ppDeferredContext));
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE D3D11Device::CreateDeferredContext1(UINT ContextFlags, ID3D11DeviceContext1** ppDeferredContext) try {
  return createDeferredContext(ContextFlags, __uuidof(ID3D11DeviceContext1), reinterpret_cast<void**>(ppDeferredContext));
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE D3D11Device::CreateDeferredContext2(UINT ContextFlags, ID3D11DeviceContext2** ppDeferredContext) try {
  return createDeferredContext(ContextFlags, __uuidof(ID3D11DeviceContext2), reinterpret_cast<void**>(ppDeferredContext));
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE D3D11Device::CreateDeferredContext3(UINT ContextFlags, ID3D11DeviceContext3** ppDeferredContext) try {
  return createDeferredContext(ContextFlags, __uuidof(ID3D11DeviceContext3), reinterpret_cast<void**>(ppDeferredContext));
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
