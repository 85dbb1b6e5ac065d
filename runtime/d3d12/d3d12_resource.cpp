// runtime/d3d12/d3d12_resource.cpp — see d3d12_resource.h.
#include "d3d12_resource.h"
#include "d3d12_resource_states.h"
#include "d3d12_heap.h"

#include "raw_enum.h"

#include "d3d12_footprints.h"

#include <algorithm>
#include <cstring>
#include <new>

namespace d3dvk::runtime {


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

namespace {

HRESULT reject(D3D12Device* device, const char* method, D3D12_MESSAGE_ID id, const char* idName, const std::string& text) {
  device->debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR, id, idName, method, text);
  d3d12Error(method, text);
  return E_INVALIDARG;
}
HRESULT reject(D3D12Device* device, const char* method, const HeapRuleError& e) {
  return reject(device, method, e.id, e.idName, e.text);
}

}  // namespace

// The checks committed and placed resources share: the desc (validated into *d),
// the initial state and whether the resource may live on this heap.
HRESULT D3D12Resource::validate(D3D12Device* device, const char* method, const D3D12_HEAP_PROPERTIES& heap,
                                const D3D12_HEAP_FLAGS& heapFlags, const D3D12_RESOURCE_DESC& desc,
                                D3D12_RESOURCE_STATES initialState, D3D12_RESOURCE_DESC* d) {
  std::string why;
  *d = desc;
  if (!validateResourceDesc(d, &why)) return reject(device, method, D3DVK_D3D12_MESSAGE_ID(CREATERESOURCE_INVALIDDESC), why);
  if (rawEnum(initialState) & ~0xFFFFFF)  // D3D12_RESOURCE_STATES' bits (VIDEO_ENCODE_WRITE is 0x800000)
    return reject(device, method, D3DVK_D3D12_MESSAGE_ID(CREATERESOURCE_INVALIDDESC),
                  "InitialResourceState has bits that are not D3D12_RESOURCE_STATES");
  HeapRuleError error;
  if (!resourceFitsHeap(heap, heapFlags, *d, initialState, &error)) return reject(device, method, error);
  return S_OK;
}

HRESULT D3D12Resource::finish(D3D12Device* device, std::unique_ptr<D3D12Resource> self, const D3D12DDIARG_CREATEHEAP_0001* heapArgs,
                              D3D12DDI_HHEAP hHeap, D3D12DDIARG_CREATERESOURCE_0003& ddiDesc,
                              D3D12_RESOURCE_STATES initialState, const char* method, D3D12Resource** out) {
  const DdiDevice12& ddi = device->ddi();
  D3D12DDI_HEAP_AND_RESOURCE_SIZES sizes = ddi.core().pfnCalcPrivateHeapAndResourceSizes(ddi.handle(), heapArgs, &ddiDesc);
  if (heapArgs) {
    self->heapMemory_ = driverMemory(sizes.Heap);
    hHeap = D3D12DDI_HHEAP{self->heapMemory_.get()};
  }
  self->resourceMemory_ = driverMemory(sizes.Resource);
  HRESULT hr = ddi.core().pfnCreateHeapAndResource(ddi.handle(), heapArgs, hHeap, D3D12DDI_HRTRESOURCE{self.get()}, &ddiDesc,
                                                   nullptr, D3D12DDI_HRESOURCE{self->resourceMemory_.get()});
  if (FAILED(hr)) {
    d3d12Error(method, "the driver could not create the resource");
    return hr;
  }
  self->created_ = true;
  self->stateRecord_ = std::make_shared<ResourceStateRecord>(self.get(), self->desc_, self->subresourceCount(), initialState);
  // Buffers' virtual addresses come from the driver, which resolves them in CBVs and root descriptors.
  if (self->isBuffer()) self->gpuVa_ = ddi.core().pfnCheckResourceVirtualAddress(ddi.handle(), self->ddiHandle());
  *out = self.release();
  return S_OK;
}

HRESULT D3D12Resource::create(D3D12Device* device, const D3D12_HEAP_PROPERTIES& heap, const D3D12_HEAP_FLAGS& heapFlags,
                              const D3D12_RESOURCE_DESC& desc, D3D12_RESOURCE_STATES initialState,
                              const D3D12_CLEAR_VALUE* clearValue, D3D12Resource** out, bool primary) {
  *out = nullptr;
  const char* method = "ID3D12Device::CreateCommittedResource";
  HeapRuleError error;
  if (!validateHeapProperties(heap, &error) || !validateHeapFlags(heapFlags, false, D3D12_RESOURCE_HEAP_TIER_1, &error))
    return reject(device, method, error);
  D3D12_RESOURCE_DESC d;
  if (HRESULT hr = validate(device, method, heap, heapFlags, desc, initialState, &d); FAILED(hr)) return hr;
  (void)clearValue;  // an optimization hint only

  std::unique_ptr<D3D12Resource> self(new D3D12Resource(device));
  self->desc_ = d;
  self->heap_ = heap;
  self->heap_.CreationNodeMask = self->heap_.VisibleNodeMask = 1;
  if (heap.Type == D3D12_HEAP_TYPE_UPLOAD) self->heap_.CPUPageProperty = D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE;
  self->heapFlags_ = heapFlags;
  D3D12DDIARG_CREATERESOURCE_0003 ddiDesc = ddiResourceDesc(d, initialState);
  D3D12_RESOURCE_ALLOCATION_INFO info = device->GetResourceAllocationInfo(0, 1, &d);
  D3D12DDIARG_CREATEHEAP_0001 heapArgs = ddiHeapArgs(heap, heapFlags, info.SizeInBytes, info.Alignment);
  if (primary) heapArgs.Flags = D3D12DDI_HEAP_FLAGS(heapArgs.Flags | D3D12DDI_HEAP_FLAG_PRIMARY);
  return finish(device, std::move(self), &heapArgs, D3D12DDI_HHEAP{}, ddiDesc, initialState, method, out);
}

HRESULT D3D12Resource::createPlaced(D3D12Device* device, D3D12Heap* heap, UINT64 offset, const D3D12_RESOURCE_DESC& desc,
                                    D3D12_RESOURCE_STATES initialState, const D3D12_CLEAR_VALUE* clearValue,
                                    D3D12Resource** out) {
  *out = nullptr;
  const char* method = "ID3D12Device::CreatePlacedResource";
  const D3D12_HEAP_DESC& h = heap->desc();
  D3D12_RESOURCE_DESC d;
  if (HRESULT hr = validate(device, method, h.Properties, h.Flags, desc, initialState, &d); FAILED(hr)) return hr;
  (void)clearValue;
  D3D12_RESOURCE_ALLOCATION_INFO info = device->GetResourceAllocationInfo(0, 1, &d);
  if (info.SizeInBytes == UINT64_MAX)
    return reject(device, method, D3DVK_D3D12_MESSAGE_ID(CREATERESOURCE_INVALIDDESC), "the device cannot make this resource");
  if (d.SampleDesc.Count > 1 && h.Alignment < D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT)
    return reject(device, method, D3DVK_D3D12_MESSAGE_ID(CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES),
                  "a multisampled resource needs a heap of 4 MiB alignment (D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT)");
  if (offset % info.Alignment)
    return reject(device, method, D3DVK_D3D12_MESSAGE_ID(CREATERESOURCE_INVALIDALIGNMENT),
                  "HeapOffset " + std::to_string(offset) + " is not a multiple of the resource's alignment " +
                      std::to_string(info.Alignment));
  if (offset > h.SizeInBytes || info.SizeInBytes > h.SizeInBytes - offset)
    return reject(device, method, D3DVK_D3D12_MESSAGE_ID(CREATERESOURCEANDHEAP_INVALID_PARAMETERS),
                  "the resource (" + std::to_string(info.SizeInBytes) + " bytes at HeapOffset " + std::to_string(offset) +
                      ") reaches past the end of its heap (" + std::to_string(h.SizeInBytes) + " bytes)");

  std::unique_ptr<D3D12Resource> self(new D3D12Resource(device));
  self->desc_ = d;
  self->heap_ = h.Properties;
  self->heapFlags_ = h.Flags;
  self->placedHeap_ = heap;
  heap->AddRef();  // a placed resource keeps its heap alive
  self->placedOffset_ = offset;
  D3D12DDIARG_CREATERESOURCE_0003 ddiDesc = ddiResourceDesc(d, initialState);
  ddiDesc.ReuseBufferGPUVA.BaseAddress.UMD.Offset = offset;  // d3dvk's placement convention (d3d12umddi.h)
  return finish(device, std::move(self), nullptr, heap->ddiHandle(), ddiDesc, initialState, method, out);
}

D3D12Resource::~D3D12Resource() {
  if (stateRecord_) stateRecord_->detach();
  if (created_) {
    const DdiDevice12& ddi = device()->ddi();
    ddi.core().pfnDestroyHeapAndResource(ddi.handle(), D3D12DDI_HHEAP{heapMemory_.get()},
                                         D3D12DDI_HRESOURCE{resourceMemory_.get()});
  }
  if (placedHeap_) placedHeap_->Release();
}

UINT D3D12Resource::subresourceCount() const {
  if (isBuffer()) return 1;
  UINT slices = desc_.Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? 1 : desc_.DepthOrArraySize;
  return UINT(desc_.MipLevels) * slices * formatPlaneCount(desc_.Format);
}

bool D3D12Resource::cpuAccessible() const { return cpuPageProperty(heap_) != D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE; }

HRESULT STDMETHODCALLTYPE D3D12Resource::Map(UINT Subresource, const D3D12_RANGE*, void** ppData) try {
  const char* method = "ID3D12Resource::Map";
  if (ppData) *ppData = nullptr;
  if (!cpuAccessible())
    return reject(device(), method, D3DVK_D3D12_MESSAGE_ID(MAP_INVALIDHEAP),
                  "the resource's heap is not CPU-accessible (DEFAULT, or CUSTOM with CPU_PAGE_PROPERTY_NOT_AVAILABLE)");
  if (Subresource >= subresourceCount())
    return reject(device(), method, D3DVK_D3D12_MESSAGE_ID(MAP_INVALIDSUBRESOURCE),
                  "subresource " + std::to_string(Subresource) + " is out of range");
  if (!isBuffer()) {
    // A texture of D3D12_TEXTURE_LAYOUT_UNKNOWN has no CPU address: it is mapped
    // with ppData null and reached through Write/ReadFromSubresource.
    if (ppData)
      return reject(device(), method, D3DVK_D3D12_MESSAGE_ID(MAP_INVALIDDATAPOINTER),
                    "textures of D3D12_TEXTURE_LAYOUT_UNKNOWN are mapped with ppData null (their layout is opaque)");
    ++mapCount_;
    return S_OK;
  }
  const DdiDevice12& ddi = device()->ddi();
  void* data = nullptr;
  D3D12DDI_HHEAP hHeap = placedHeap_ ? placedHeap_->ddiHandle() : D3D12DDI_HHEAP{heapMemory_.get()};
  HRESULT hr = ddi.core().pfnMapHeap(ddi.handle(), hHeap, &data);
  if (FAILED(hr)) return hr;
  ++mapCount_;
  if (ppData) *ppData = static_cast<unsigned char*>(data) + placedOffset_;
  return S_OK;
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D12Resource::Unmap(UINT Subresource, const D3D12_RANGE*) try {
  if (!cpuAccessible() || Subresource >= subresourceCount()) return;
  if (mapCount_.load() <= 0) {
    d3d12Error("ID3D12Resource::Unmap", "the resource is not mapped");
    return;
  }
  --mapCount_;
  if (!isBuffer()) return;
  const DdiDevice12& ddi = device()->ddi();
  ddi.core().pfnUnmapHeap(ddi.handle(), placedHeap_ ? placedHeap_->ddiHandle() : D3D12DDI_HHEAP{heapMemory_.get()});
} D3DVK_CATCH_VOID

D3D12_RESOURCE_DESC STDMETHODCALLTYPE D3D12Resource::GetDesc() try { return desc_; } D3DVK_CATCH_RETURN({})

D3D12_GPU_VIRTUAL_ADDRESS STDMETHODCALLTYPE D3D12Resource::GetGPUVirtualAddress() try { return gpuVa_; } D3DVK_CATCH_RETURN(0)

// The CPU's access to one subresource's box (Write/ReadFromSubresource): the
// heap must be CPU-accessible, the subresource exist and the box lie in it; a
// null box is the whole subresource. S_FALSE: the box is empty (nothing to do).
HRESULT D3D12Resource::cpuBox(const char* method, bool write, UINT subresource, const D3D12_BOX* box, D3D12DDI_BOX* out) {
  const D3D12_MESSAGE_ID invalidHeap =
      write ? D3D12_MESSAGE_ID_WRITETOSUBRESOURCE_INVALIDHEAP : D3D12_MESSAGE_ID_READFROMSUBRESOURCE_INVALIDHEAP;
  const D3D12_MESSAGE_ID invalidSub =
      write ? D3D12_MESSAGE_ID_WRITETOSUBRESOURCE_INVALIDSUBRESOURCE : D3D12_MESSAGE_ID_READFROMSUBRESOURCE_INVALIDSUBRESOURCE;
  const D3D12_MESSAGE_ID invalidBox =
      write ? D3D12_MESSAGE_ID_WRITETOSUBRESOURCE_INVALIDBOX : D3D12_MESSAGE_ID_READFROMSUBRESOURCE_INVALIDBOX;
  if (!cpuAccessible())
    return reject(device(), method, invalidHeap, write ? "WRITETOSUBRESOURCE_INVALIDHEAP" : "READFROMSUBRESOURCE_INVALIDHEAP",
                  "the resource's heap is not CPU-accessible (DEFAULT, or CUSTOM with CPU_PAGE_PROPERTY_NOT_AVAILABLE)");
  if (subresource >= subresourceCount())
    return reject(device(), method, invalidSub,
                  write ? "WRITETOSUBRESOURCE_INVALIDSUBRESOURCE" : "READFROMSUBRESOURCE_INVALIDSUBRESOURCE",
                  "subresource " + std::to_string(subresource) + " is out of range");
  UINT64 width = desc_.Width, height = desc_.Height, depth = 1;
  if (!isBuffer()) {
    const UINT mip = subresource % desc_.MipLevels;
    width = std::max<UINT64>(1, width >> mip);
    height = std::max<UINT64>(1, height >> mip);
    if (desc_.Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D) depth = std::max<UINT64>(1, UINT64(desc_.DepthOrArraySize) >> mip);
  }
  D3D12_BOX b = box ? *box : D3D12_BOX{0, 0, 0, UINT(width), UINT(height), UINT(depth)};
  if (b.left >= b.right || b.top >= b.bottom || b.front >= b.back) return S_FALSE;
  if (b.right > width || b.bottom > height || b.back > depth)
    return reject(device(), method, invalidBox, write ? "WRITETOSUBRESOURCE_INVALIDBOX" : "READFROMSUBRESOURCE_INVALIDBOX",
                  "the box reaches outside the subresource");
  *out = D3D12DDI_BOX{LONG(b.left), LONG(b.top), LONG(b.front), LONG(b.right), LONG(b.bottom), LONG(b.back)};
  return S_OK;
}

HRESULT STDMETHODCALLTYPE D3D12Resource::WriteToSubresource(UINT DstSubresource, const D3D12_BOX* pDstBox, const void* pSrcData,
                                                            UINT SrcRowPitch, UINT SrcDepthPitch) try {
  const char* method = "ID3D12Resource::WriteToSubresource";
  if (!pSrcData) return reject(device(), method, D3DVK_D3D12_MESSAGE_ID(WRITETOSUBRESOURCE_INVALIDRESOURCE), "pSrcData is null");
  D3D12DDI_BOX box{};
  HRESULT hr = cpuBox(method, true, DstSubresource, pDstBox, &box);
  if (hr != S_OK) return hr == S_FALSE ? S_OK : hr;
  if (isBuffer()) {  // the box's bytes [left, right)
    void* data = nullptr;
    if (HRESULT mapped = Map(0, nullptr, &data); FAILED(mapped)) return mapped;
    std::memcpy(static_cast<unsigned char*>(data) + box.Left, pSrcData, size_t(box.Right - box.Left));
    Unmap(0, nullptr);
    return S_OK;
  }
  const DdiDevice12& ddi = device()->ddi();
  if (!ddi.resourceCpu().pfnWriteToSubresource) return E_NOTIMPL;
  DdiErrorScope12 scope(method);
  return ddi.resourceCpu().pfnWriteToSubresource(ddi.handle(), ddiHandle(), DstSubresource, &box, pSrcData, SrcRowPitch,
                                                 SrcDepthPitch);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Resource::ReadFromSubresource(void* pDstData, UINT DstRowPitch, UINT DstDepthPitch,
                                                             UINT SrcSubresource, const D3D12_BOX* pSrcBox) try {
  const char* method = "ID3D12Resource::ReadFromSubresource";
  if (!pDstData) return reject(device(), method, D3DVK_D3D12_MESSAGE_ID(READFROMSUBRESOURCE_INVALIDRESOURCE), "pDstData is null");
  D3D12DDI_BOX box{};
  HRESULT hr = cpuBox(method, false, SrcSubresource, pSrcBox, &box);
  if (hr != S_OK) return hr == S_FALSE ? S_OK : hr;
  if (isBuffer()) {
    void* data = nullptr;
    if (HRESULT mapped = Map(0, nullptr, &data); FAILED(mapped)) return mapped;
    std::memcpy(pDstData, static_cast<unsigned char*>(data) + box.Left, size_t(box.Right - box.Left));
    Unmap(0, nullptr);
    return S_OK;
  }
  const DdiDevice12& ddi = device()->ddi();
  if (!ddi.resourceCpu().pfnReadFromSubresource) return E_NOTIMPL;
  DdiErrorScope12 scope(method);
  return ddi.resourceCpu().pfnReadFromSubresource(ddi.handle(), pDstData, DstRowPitch, DstDepthPitch, ddiHandle(),
                                                  SrcSubresource, &box);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Resource::GetHeapProperties(D3D12_HEAP_PROPERTIES* pHeapProperties,
                                                           D3D12_HEAP_FLAGS* pHeapFlags) try {
  if (pHeapProperties) *pHeapProperties = heap_;
  if (pHeapFlags) *pHeapFlags = heapFlags_;
  return S_OK;
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
