// runtime/d3d12/d3d12_resource.cpp — see d3d12_resource.h.
#include "d3d12_resource.h"
#include "d3d12_resource_states.h"

#include "raw_enum.h"

#include "d3d12_footprints.h"

#include <cstring>
#include <new>

namespace d3dvk::runtime {

namespace {

D3D12DDIARG_CREATEHEAP_0001 ddiHeap(const D3D12_HEAP_PROPERTIES& heap, UINT64 size) {
  D3D12DDIARG_CREATEHEAP_0001 h{};
  h.ByteSize = size;
  h.Alignment = D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT;
  h.CreationNodeMask = h.VisibleNodeMask = 1;
  switch (heap.Type) {
    case D3D12_HEAP_TYPE_UPLOAD:
      h.MemoryPool = D3D12DDI_MEMORY_POOL_L0;
      h.CPUPageProperty = D3D12DDI_CPU_PAGE_PROPERTY_WRITE_COMBINE;
      break;
    case D3D12_HEAP_TYPE_READBACK:
      h.MemoryPool = D3D12DDI_MEMORY_POOL_L0;
      h.CPUPageProperty = D3D12DDI_CPU_PAGE_PROPERTY_WRITE_BACK;
      break;
    default:
      h.MemoryPool = D3D12DDI_MEMORY_POOL_L1;
      h.CPUPageProperty = D3D12DDI_CPU_PAGE_PROPERTY_NOT_AVAILABLE;
      break;
  }
  return h;
}

}  // namespace

D3D12DDIARG_CREATERESOURCE_0003 ddiResourceDesc(const D3D12_RESOURCE_DESC& d, D3D12_RESOURCE_STATES state) {
  D3D12DDIARG_CREATERESOURCE_0003 r{};
  switch (d.Dimension) {
    case D3D12_RESOURCE_DIMENSION_BUFFER: r.ResourceType = D3D12DDI_RT_BUFFER; break;
    case D3D12_RESOURCE_DIMENSION_TEXTURE1D: r.ResourceType = D3D12DDI_RT_TEXTURE1D; break;
    case D3D12_RESOURCE_DIMENSION_TEXTURE2D: r.ResourceType = D3D12DDI_RT_TEXTURE2D; break;
    default: r.ResourceType = D3D12DDI_RT_TEXTURE3D; break;
  }
  r.Width = d.Width;
  r.Height = d.Height;
  r.DepthOrArraySize = d.DepthOrArraySize;
  r.MipLevels = d.MipLevels;
  r.Format = d.Format;
  r.SampleDesc = d.SampleDesc;
  r.Layout = d.Layout == D3D12_TEXTURE_LAYOUT_ROW_MAJOR ? D3D12DDI_TL_ROW_MAJOR : D3D12DDI_TL_UNDEFINED;
  int flags = 0;
  if (d.Flags & D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET) flags |= D3D12DDI_RESOURCE_FLAG_0003_RENDER_TARGET;
  if (d.Flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL) flags |= D3D12DDI_RESOURCE_FLAG_0003_DEPTH_STENCIL;
  if (!(d.Flags & D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE)) flags |= D3D12DDI_RESOURCE_FLAG_0003_SHADER_RESOURCE;
  if (d.Flags & D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS) flags |= D3D12DDI_RESOURCE_FLAG_0022_UNORDERED_ACCESS;
  if (d.Flags & D3D12_RESOURCE_FLAG_ALLOW_SIMULTANEOUS_ACCESS) flags |= D3D12DDI_RESOURCE_FLAG_0003_SIMULTANEOUS_ACCESS;
  r.Flags = D3D12DDI_RESOURCE_FLAGS_0003(flags);
  r.InitialResourceState = D3D12DDI_RESOURCE_STATES(int(state));
  return r;
}

HRESULT D3D12Resource::create(D3D12Device* device, const D3D12_HEAP_PROPERTIES& heap, D3D12_HEAP_FLAGS heapFlags,
                              const D3D12_RESOURCE_DESC& desc, D3D12_RESOURCE_STATES initialState,
                              const D3D12_CLEAR_VALUE* clearValue, D3D12Resource** out) {
  *out = nullptr;
  const char* method = "ID3D12Device::CreateCommittedResource";
  std::string why;
  D3D12_RESOURCE_DESC d = desc;
  if (!validateResourceDesc(&d, &why)) {
    device->debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR,
                         D3DVK_D3D12_MESSAGE_ID(CREATERESOURCE_INVALIDDESC), method, why);
    d3d12Error(method, why);
    return E_INVALIDARG;
  }
  const int heapType = rawEnum(heap.Type);
  if (heapType != D3D12_HEAP_TYPE_DEFAULT && heapType != D3D12_HEAP_TYPE_UPLOAD && heapType != D3D12_HEAP_TYPE_READBACK) {
    d3d12Error(method, heapType == D3D12_HEAP_TYPE_CUSTOM ? "CUSTOM heaps are not supported yet"
                                                            : "the heap type is not a D3D12_HEAP_TYPE");
    return heapType == D3D12_HEAP_TYPE_CUSTOM ? E_NOTIMPL : E_INVALIDARG;
  }
  if (rawEnum(initialState) & ~0xFFFFFF) {  // D3D12_RESOURCE_STATES' bits (VIDEO_ENCODE_WRITE is 0x800000)
    d3d12Error(method, "InitialResourceState has bits that are not D3D12_RESOURCE_STATES");
    return E_INVALIDARG;
  }
  if (rawEnum(heapFlags) & ~0x1FFF) {  // D3D12_HEAP_FLAGS' bits (CREATE_NOT_ZEROED is 0x1000)
    d3d12Error(method, "HeapFlags has bits that are not D3D12_HEAP_FLAGS");
    return E_INVALIDARG;
  }
  if (heap.Type != D3D12_HEAP_TYPE_DEFAULT && d.Dimension != D3D12_RESOURCE_DIMENSION_BUFFER) {
    d3d12Error(method, "textures cannot live on UPLOAD or READBACK heaps (use a buffer and CopyTextureRegion)");
    return E_INVALIDARG;
  }
  if (heap.Type == D3D12_HEAP_TYPE_UPLOAD && initialState != D3D12_RESOURCE_STATE_GENERIC_READ) {
    d3d12Error(method, "a resource on an UPLOAD heap must start in D3D12_RESOURCE_STATE_GENERIC_READ");
    return E_INVALIDARG;
  }
  if (heap.Type == D3D12_HEAP_TYPE_READBACK && initialState != D3D12_RESOURCE_STATE_COPY_DEST) {
    d3d12Error(method, "a resource on a READBACK heap must start in D3D12_RESOURCE_STATE_COPY_DEST");
    return E_INVALIDARG;
  }
  if (heap.Type != D3D12_HEAP_TYPE_DEFAULT &&
      (d.Flags & (D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS | D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET |
                  D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL))) {
    d3d12Error(method, "UPLOAD and READBACK buffers cannot allow render-target, depth-stencil or unordered access");
    return E_INVALIDARG;
  }
  // As integers (raw_enum.h): ~flags is no D3D12_HEAP_FLAGS value.
  constexpr int kSupportedHeapFlags = D3D12_HEAP_FLAG_DENY_BUFFERS | D3D12_HEAP_FLAG_DENY_RT_DS_TEXTURES |
                                      D3D12_HEAP_FLAG_DENY_NON_RT_DS_TEXTURES | D3D12_HEAP_FLAG_CREATE_NOT_ZEROED;
  if (rawEnum(heapFlags) & ~kSupportedHeapFlags) {
    d3d12Error(method, "shared, cross-adapter and other special heap flags are not supported");
    return E_INVALIDARG;
  }
  (void)clearValue;  // an optimization hint only

  std::unique_ptr<D3D12Resource> self(new D3D12Resource(device));
  self->desc_ = d;
  self->heap_ = heap;
  self->heap_.CreationNodeMask = self->heap_.VisibleNodeMask = 1;
  if (heap.Type == D3D12_HEAP_TYPE_UPLOAD) self->heap_.CPUPageProperty = D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE;
  self->heapFlags_ = heapFlags;
  const DdiDevice12& ddi = device->ddi();
  D3D12DDIARG_CREATERESOURCE_0003 ddiDesc = ddiResourceDesc(d, initialState);
  D3D12_RESOURCE_ALLOCATION_INFO info = device->GetResourceAllocationInfo(0, 1, &d);
  D3D12DDIARG_CREATEHEAP_0001 ddiHeapArgs = ddiHeap(heap, info.SizeInBytes);
  D3D12DDI_HEAP_AND_RESOURCE_SIZES sizes = ddi.core().pfnCalcPrivateHeapAndResourceSizes(ddi.handle(), &ddiHeapArgs, &ddiDesc);
  self->heapMemory_ = driverMemory(sizes.Heap);
  self->resourceMemory_ = driverMemory(sizes.Resource);
  HRESULT hr = ddi.core().pfnCreateHeapAndResource(ddi.handle(), &ddiHeapArgs, D3D12DDI_HHEAP{self->heapMemory_.get()},
                                                   D3D12DDI_HRTRESOURCE{self.get()}, &ddiDesc, nullptr,
                                                   D3D12DDI_HRESOURCE{self->resourceMemory_.get()});
  if (FAILED(hr)) {
    d3d12Error(method, "the driver could not create the resource");
    return hr;
  }
  self->created_ = true;
  self->stateRecord_ = std::make_shared<ResourceStateRecord>(self.get(), d, self->subresourceCount(), initialState);
  // Buffers' virtual addresses come from the driver, which resolves them in CBVs and root descriptors.
  if (self->isBuffer()) self->gpuVa_ = ddi.core().pfnCheckResourceVirtualAddress(ddi.handle(), self->ddiHandle());
  *out = self.release();
  return S_OK;
}

D3D12Resource::~D3D12Resource() {
  if (stateRecord_) stateRecord_->detach();
  if (created_) {
    const DdiDevice12& ddi = device()->ddi();
    ddi.core().pfnDestroyHeapAndResource(ddi.handle(), D3D12DDI_HHEAP{heapMemory_.get()},
                                         D3D12DDI_HRESOURCE{resourceMemory_.get()});
  }
}

UINT D3D12Resource::subresourceCount() const {
  if (isBuffer()) return 1;
  UINT slices = desc_.Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? 1 : desc_.DepthOrArraySize;
  return UINT(desc_.MipLevels) * slices * formatPlaneCount(desc_.Format);
}

HRESULT STDMETHODCALLTYPE D3D12Resource::Map(UINT Subresource, const D3D12_RANGE*, void** ppData) try {
  if (ppData) *ppData = nullptr;
  if (heap_.Type == D3D12_HEAP_TYPE_DEFAULT) {
    d3d12Error("ID3D12Resource::Map", "a resource on a DEFAULT heap cannot be mapped");
    return E_INVALIDARG;
  }
  if (Subresource != 0) {
    d3d12Error("ID3D12Resource::Map", "subresource " + std::to_string(Subresource) + " of a buffer (only 0 exists)");
    return E_INVALIDARG;
  }
  const DdiDevice12& ddi = device()->ddi();
  void* data = nullptr;
  HRESULT hr = ddi.core().pfnMapHeap(ddi.handle(), D3D12DDI_HHEAP{heapMemory_.get()}, &data);
  if (FAILED(hr)) return hr;
  ++mapCount_;
  if (ppData) *ppData = data;
  return S_OK;
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D12Resource::Unmap(UINT Subresource, const D3D12_RANGE*) try {
  if (heap_.Type == D3D12_HEAP_TYPE_DEFAULT || Subresource != 0) return;
  if (mapCount_.load() <= 0) {
    d3d12Error("ID3D12Resource::Unmap", "the resource is not mapped");
    return;
  }
  --mapCount_;
  const DdiDevice12& ddi = device()->ddi();
  ddi.core().pfnUnmapHeap(ddi.handle(), D3D12DDI_HHEAP{heapMemory_.get()});
} D3DVK_CATCH_VOID

D3D12_RESOURCE_DESC STDMETHODCALLTYPE D3D12Resource::GetDesc() try { return desc_; } D3DVK_CATCH_RETURN({})

D3D12_GPU_VIRTUAL_ADDRESS STDMETHODCALLTYPE D3D12Resource::GetGPUVirtualAddress() try { return gpuVa_; } D3DVK_CATCH_RETURN(0)

HRESULT STDMETHODCALLTYPE D3D12Resource::WriteToSubresource(UINT, const D3D12_BOX*, const void*, UINT, UINT) try {
  d3d12Error("ID3D12Resource::WriteToSubresource", "not implemented yet (needs CUSTOM heaps)");
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Resource::ReadFromSubresource(void*, UINT, UINT, UINT, const D3D12_BOX*) try {
  d3d12Error("ID3D12Resource::ReadFromSubresource", "not implemented yet (needs CUSTOM heaps)");
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Resource::GetHeapProperties(D3D12_HEAP_PROPERTIES* pHeapProperties,
                                                           D3D12_HEAP_FLAGS* pHeapFlags) try {
  if (pHeapProperties) *pHeapProperties = heap_;
  if (pHeapFlags) *pHeapFlags = heapFlags_;
  return S_OK;
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
