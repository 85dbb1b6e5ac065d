// runtime/d3d12/d3d12_heap.cpp — see d3d12_heap.h; also ID3D12Device::CreateHeap
// and CreatePlacedResource.
#include "d3d12_heap.h"

#include "d3d12_resource.h"
#include "raw_enum.h"

namespace d3dvk::runtime {

namespace {

#define D3DVK_HEAP_RULE(error, name, message) \
  (*(error) = HeapRuleError{D3D12_MESSAGE_ID_##name, #name, (message)}, false)

constexpr int kDenyCategories =
    D3D12_HEAP_FLAG_DENY_BUFFERS | D3D12_HEAP_FLAG_DENY_RT_DS_TEXTURES | D3D12_HEAP_FLAG_DENY_NON_RT_DS_TEXTURES;

// A single adapter: node masks are 0 (meaning node 0) or 1.
bool nodeMaskValid(UINT mask) { return mask <= 1; }

HRESULT reject(D3D12Device* device, const char* method, const HeapRuleError& error) {
  device->debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR, error.id, error.idName, method,
                       error.text);
  d3d12Error(method, error.text);
  return E_INVALIDARG;
}

}  // namespace

bool validateHeapProperties(const D3D12_HEAP_PROPERTIES& p, HeapRuleError* error) {
  const int type = rawEnum(p.Type), page = rawEnum(p.CPUPageProperty), pool = rawEnum(p.MemoryPoolPreference);
  if (type < D3D12_HEAP_TYPE_DEFAULT || type > D3D12_HEAP_TYPE_CUSTOM)
    return D3DVK_HEAP_RULE(error, CREATEHEAP_UNRECOGNIZEDHEAPTYPE, "Type is not a D3D12_HEAP_TYPE (DEFAULT, UPLOAD, READBACK or CUSTOM)");
  if (page < D3D12_CPU_PAGE_PROPERTY_UNKNOWN || page > D3D12_CPU_PAGE_PROPERTY_WRITE_BACK)
    return D3DVK_HEAP_RULE(error, CREATEHEAP_UNRECOGNIZEDCPUPAGEPROPERTIES, "CPUPageProperty is not a D3D12_CPU_PAGE_PROPERTY");
  if (pool < D3D12_MEMORY_POOL_UNKNOWN || pool > D3D12_MEMORY_POOL_L1)
    return D3DVK_HEAP_RULE(error, CREATEHEAP_UNRECOGNIZEDMEMORYPOOL, "MemoryPoolPreference is not a D3D12_MEMORY_POOL");
  if (type == D3D12_HEAP_TYPE_CUSTOM) {
    if (page == D3D12_CPU_PAGE_PROPERTY_UNKNOWN || pool == D3D12_MEMORY_POOL_UNKNOWN)
      return D3DVK_HEAP_RULE(error, CREATEHEAP_INVALIDPROPERTIES,
                             "a CUSTOM heap names its CPUPageProperty and MemoryPoolPreference (neither may be UNKNOWN)");
    if (pool == D3D12_MEMORY_POOL_L1 && page != D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE)
      return D3DVK_HEAP_RULE(error, CREATEHEAP_INVALIDPROPERTIES,
                             "memory pool L1 is not CPU-accessible: its CPUPageProperty must be NOT_AVAILABLE");
  } else if (page != D3D12_CPU_PAGE_PROPERTY_UNKNOWN || pool != D3D12_MEMORY_POOL_UNKNOWN) {
    return D3DVK_HEAP_RULE(error, CREATEHEAP_INVALIDPROPERTIES,
                           "only CUSTOM heaps name a CPUPageProperty or MemoryPoolPreference (others: UNKNOWN)");
  }
  if (!nodeMaskValid(p.CreationNodeMask) || !nodeMaskValid(p.VisibleNodeMask))
    return D3DVK_HEAP_RULE(error, CREATEHEAP_INVALIDPROPERTIES,
                           "CreationNodeMask and VisibleNodeMask name nodes this single-node adapter does not have");
  return true;
}

bool validateHeapFlags(const D3D12_HEAP_FLAGS& flags, bool forHeap, D3D12_RESOURCE_HEAP_TIER tier, HeapRuleError* error) {
  const int f = rawEnum(flags);
  if (f & ~0x1FFF)  // D3D12_HEAP_FLAGS' bits end at CREATE_NOT_ZEROED (0x1000)
    return D3DVK_HEAP_RULE(error, CREATEHEAP_UNRECOGNIZEDMISCFLAGS, "HeapFlags has bits that are not D3D12_HEAP_FLAGS");
  constexpr int kSupported = kDenyCategories | D3D12_HEAP_FLAG_CREATE_NOT_ZEROED | D3D12_HEAP_FLAG_CREATE_NOT_RESIDENT;
  if (f & ~kSupported)
    return D3DVK_HEAP_RULE(error, CREATEHEAP_INVALIDMISCFLAGS,
                           "shared, display, cross-adapter, hardware-protected, write-watch and shader-atomics heaps are "
                           "not supported by d3dvk");
  if (!forHeap) return true;
  const int deny = f & kDenyCategories;
  if (deny == kDenyCategories)
    return D3DVK_HEAP_RULE(error, CREATEHEAP_INVALIDMISCFLAGS, "HeapFlags deny buffers and every kind of texture");
  if (tier < D3D12_RESOURCE_HEAP_TIER_2 && deny != D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS &&
      deny != D3D12_HEAP_FLAG_ALLOW_ONLY_NON_RT_DS_TEXTURES && deny != D3D12_HEAP_FLAG_ALLOW_ONLY_RT_DS_TEXTURES)
    return D3DVK_HEAP_RULE(error, CREATEHEAP_INVALIDMISCFLAGS,
                           "D3D12_RESOURCE_HEAP_TIER_1 heaps hold one kind of resource: HeapFlags must be "
                           "ALLOW_ONLY_BUFFERS, ALLOW_ONLY_NON_RT_DS_TEXTURES or ALLOW_ONLY_RT_DS_TEXTURES");
  return true;
}

D3D12_CPU_PAGE_PROPERTY cpuPageProperty(const D3D12_HEAP_PROPERTIES& p) {
  switch (p.Type) {
    case D3D12_HEAP_TYPE_UPLOAD: return D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE;
    case D3D12_HEAP_TYPE_READBACK: return D3D12_CPU_PAGE_PROPERTY_WRITE_BACK;
    case D3D12_HEAP_TYPE_CUSTOM: return p.CPUPageProperty;
    default: return D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE;
  }
}

bool resourceFitsHeap(const D3D12_HEAP_PROPERTIES& p, const D3D12_HEAP_FLAGS& flags, const D3D12_RESOURCE_DESC& d,
                      D3D12_RESOURCE_STATES initialState, HeapRuleError* error) {
  const int f = rawEnum(flags);
  const bool buffer = d.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER;
  const bool rtds = d.Flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
  if (buffer && (f & D3D12_HEAP_FLAG_DENY_BUFFERS))
    return D3DVK_HEAP_RULE(error, CREATERESOURCEANDHEAP_INVALIDHEAPMISCFLAGS, "the heap denies buffers (DENY_BUFFERS)");
  if (!buffer && rtds && (f & D3D12_HEAP_FLAG_DENY_RT_DS_TEXTURES))
    return D3DVK_HEAP_RULE(error, CREATERESOURCEANDHEAP_INVALIDHEAPMISCFLAGS,
                           "the heap denies render-target and depth-stencil textures (DENY_RT_DS_TEXTURES)");
  if (!buffer && !rtds && (f & D3D12_HEAP_FLAG_DENY_NON_RT_DS_TEXTURES))
    return D3DVK_HEAP_RULE(error, CREATERESOURCEANDHEAP_INVALIDHEAPMISCFLAGS,
                           "the heap denies textures that are no render target or depth stencil (DENY_NON_RT_DS_TEXTURES)");
  const D3D12_CPU_PAGE_PROPERTY page = cpuPageProperty(p);
  if (p.Type == D3D12_HEAP_TYPE_UPLOAD || p.Type == D3D12_HEAP_TYPE_READBACK) {
    if (!buffer)
      return D3DVK_HEAP_RULE(error, CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES,
                             "textures cannot live on UPLOAD or READBACK heaps (use a buffer and CopyTextureRegion, or a "
                             "CUSTOM heap)");
    if (d.Flags & (D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS | D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET |
                   D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL))
      return D3DVK_HEAP_RULE(error, CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES,
                             "UPLOAD and READBACK buffers cannot allow render-target, depth-stencil or unordered access");
    if (p.Type == D3D12_HEAP_TYPE_UPLOAD && initialState != D3D12_RESOURCE_STATE_GENERIC_READ)
      return D3DVK_HEAP_RULE(error, CREATERESOURCE_STATE_IGNORED,
                             "a resource on an UPLOAD heap must start in D3D12_RESOURCE_STATE_GENERIC_READ");
    if (p.Type == D3D12_HEAP_TYPE_READBACK && initialState != D3D12_RESOURCE_STATE_COPY_DEST)
      return D3DVK_HEAP_RULE(error, CREATERESOURCE_STATE_IGNORED,
                             "a resource on a READBACK heap must start in D3D12_RESOURCE_STATE_COPY_DEST");
  } else if (page != D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE && (d.Flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL)) {
    return D3DVK_HEAP_RULE(error, CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES,
                           "depth-stencil textures cannot live on CPU-accessible heaps");
  }
  if (!buffer && d.Layout == D3D12_TEXTURE_LAYOUT_ROW_MAJOR)
    return D3DVK_HEAP_RULE(error, CREATERESOURCE_INVALIDLAYOUT,
                           "row-major textures need a cross-adapter heap, which d3dvk does not support");
  return true;
}

D3D12DDIARG_CREATEHEAP_0001 ddiHeapArgs(const D3D12_HEAP_PROPERTIES& p, const D3D12_HEAP_FLAGS& flags, UINT64 size,
                                        UINT64 alignment) {
  D3D12DDIARG_CREATEHEAP_0001 h{};
  h.ByteSize = size;
  h.Alignment = alignment;
  h.CreationNodeMask = h.VisibleNodeMask = 1;
  switch (cpuPageProperty(p)) {
    case D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE: h.CPUPageProperty = D3D12DDI_CPU_PAGE_PROPERTY_WRITE_COMBINE; break;
    case D3D12_CPU_PAGE_PROPERTY_WRITE_BACK: h.CPUPageProperty = D3D12DDI_CPU_PAGE_PROPERTY_WRITE_BACK; break;
    default: h.CPUPageProperty = D3D12DDI_CPU_PAGE_PROPERTY_NOT_AVAILABLE; break;
  }
  // DEFAULT heaps are video memory (the adapter is not UMA), UPLOAD and READBACK system memory.
  const bool l1 = p.Type == D3D12_HEAP_TYPE_DEFAULT || (p.Type == D3D12_HEAP_TYPE_CUSTOM && p.MemoryPoolPreference == D3D12_MEMORY_POOL_L1);
  h.MemoryPool = l1 ? D3D12DDI_MEMORY_POOL_L1 : D3D12DDI_MEMORY_POOL_L0;
  int allowed = 0;
  const int f = rawEnum(flags);
  if (!(f & D3D12_HEAP_FLAG_DENY_BUFFERS)) allowed |= D3D12DDI_HEAP_FLAG_BUFFERS;
  if (!(f & D3D12_HEAP_FLAG_DENY_RT_DS_TEXTURES)) allowed |= D3D12DDI_HEAP_FLAG_RT_DS_TEXTURES;
  if (!(f & D3D12_HEAP_FLAG_DENY_NON_RT_DS_TEXTURES)) allowed |= D3D12DDI_HEAP_FLAG_NON_RT_DS_TEXTURES;
  h.Flags = D3D12DDI_HEAP_FLAGS(allowed);
  return h;
}

HRESULT D3D12Heap::create(D3D12Device* device, const D3D12_HEAP_DESC& desc, D3D12Heap** out) {
  *out = nullptr;
  const char* method = "ID3D12Device::CreateHeap";
  HeapRuleError error;
  if (!desc.SizeInBytes)
    return reject(device, method, {D3DVK_D3D12_MESSAGE_ID(CREATEHEAP_INVALIDSIZE), "SizeInBytes is 0"});
  UINT64 alignment = desc.Alignment ? desc.Alignment : D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT;
  if (alignment != D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT && alignment != D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT)
    return reject(device, method, {D3DVK_D3D12_MESSAGE_ID(CREATEHEAP_INVALIDALIGNMENT),
                                   "Alignment must be 0, 64 KiB (D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT) or 4 MiB "
                                   "(D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT)"});
  if (!validateHeapProperties(desc.Properties, &error)) return reject(device, method, error);
  D3D12DDI_D3D12_OPTIONS_DATA_0032 caps{};
  if (HRESULT hr = device->queryOptions(&caps); FAILED(hr)) return hr;
  if (!validateHeapFlags(desc.Flags, true, static_cast<D3D12_RESOURCE_HEAP_TIER>(caps.ResourceHeapTier), &error))
    return reject(device, method, error);
  // The heap's bytes, rounded up to its alignment (D3D12 accepts any size).
  UINT64 size = 0;
  if (desc.SizeInBytes > UINT64_MAX - (alignment - 1))
    return reject(device, method, {D3DVK_D3D12_MESSAGE_ID(CREATEHEAP_INVALIDSIZE), "SizeInBytes is too large"});
  size = (desc.SizeInBytes + alignment - 1) / alignment * alignment;

  std::unique_ptr<D3D12Heap> self(new D3D12Heap(device));
  self->desc_ = desc;
  self->desc_.Alignment = alignment;
  if (!self->desc_.Properties.CreationNodeMask) self->desc_.Properties.CreationNodeMask = 1;
  if (!self->desc_.Properties.VisibleNodeMask) self->desc_.Properties.VisibleNodeMask = 1;
  const DdiDevice12& ddi = device->ddi();
  D3D12DDIARG_CREATEHEAP_0001 args = ddiHeapArgs(desc.Properties, desc.Flags, size, alignment);
  D3D12DDI_HEAP_AND_RESOURCE_SIZES sizes = ddi.core().pfnCalcPrivateHeapAndResourceSizes(ddi.handle(), &args, nullptr);
  self->driverMemory_ = driverMemory(sizes.Heap);
  HRESULT hr = ddi.core().pfnCreateHeapAndResource(ddi.handle(), &args, self->ddiHandle(), D3D12DDI_HRTRESOURCE{}, nullptr,
                                                   nullptr, D3D12DDI_HRESOURCE{});
  if (FAILED(hr)) {
    d3d12Error(method, "the driver could not create the heap");
    return hr;
  }
  self->created_ = true;
  *out = self.release();
  return S_OK;
}

D3D12Heap::~D3D12Heap() {
  if (!created_) return;
  const DdiDevice12& ddi = device()->ddi();
  ddi.core().pfnDestroyHeapAndResource(ddi.handle(), ddiHandle(), D3D12DDI_HRESOURCE{});
}

D3D12_HEAP_DESC STDMETHODCALLTYPE D3D12Heap::GetDesc() try { return desc_; } D3DVK_CATCH_RETURN({})

HRESULT STDMETHODCALLTYPE D3D12Device::CreateHeap(const D3D12_HEAP_DESC* pDesc, REFIID riid, void** ppvHeap) try {
  if (ppvHeap) *ppvHeap = nullptr;
  if (!pDesc) return reject(this, "ID3D12Device::CreateHeap", {D3DVK_D3D12_MESSAGE_ID(CREATEHEAP_NULLDESC), "pDesc is null"});
  D3D12Heap* heap = nullptr;
  HRESULT hr = D3D12Heap::create(this, *pDesc, &heap);
  return FAILED(hr) ? hr : handOut(heap, riid, ppvHeap);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::CreatePlacedResource(ID3D12Heap* pHeap, UINT64 HeapOffset, const D3D12_RESOURCE_DESC* pDesc,
                                                            D3D12_RESOURCE_STATES InitialState,
                                                            const D3D12_CLEAR_VALUE* pOptimizedClearValue, REFIID riid,
                                                            void** ppvResource) try {
  if (ppvResource) *ppvResource = nullptr;
  const char* method = "ID3D12Device::CreatePlacedResource";
  if (!pHeap) return reject(this, method, {D3DVK_D3D12_MESSAGE_ID(CREATERESOURCEANDHEAP_NULLHEAP), "pHeap is null"});
  if (!pDesc)
    return reject(this, method, {D3DVK_D3D12_MESSAGE_ID(CREATERESOURCEANDHEAP_NULLRESOURCEPROPERTIES), "pDesc is null"});
  D3D12Resource* resource = nullptr;
  HRESULT hr = D3D12Resource::createPlaced(this, D3D12Heap::from(pHeap), HeapOffset, *pDesc, InitialState,
                                           pOptimizedClearValue, &resource);
  return FAILED(hr) ? hr : handOut(resource, riid, ppvResource);
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
