// runtime/d3d12/d3d12_device_create_objects.cpp — the ID3D12Device methods that
// create the foundation objects (queues, allocators, command lists, fences,
// committed resources, descriptor heaps, query heaps, RTVs/DSVs) and answer the
// resource-layout questions (GetCopyableFootprints, GetResourceAllocationInfo,
// GetCustomHeapProperties, GetDescriptorHandleIncrementSize).
#include "d3d12_command_allocator.h"
#include "d3d12_command_list.h"
#include "d3d12_command_queue.h"
#include "d3d12_descriptor_heap.h"
#include "d3d12_device.h"
#include "d3d12_fence.h"
#include "d3d12_footprints.h"
#include "d3d12_query_heap.h"
#include "d3d12_resource.h"
#include "d3dvk_checked_math.h"
#include "raw_enum.h"

#include <new>

namespace d3dvk::runtime {

HRESULT STDMETHODCALLTYPE D3D12Device::CreateCommandQueue(const D3D12_COMMAND_QUEUE_DESC* pDesc, REFIID riid,
                                                          void** ppCommandQueue) try {
  if (ppCommandQueue) *ppCommandQueue = nullptr;
  if (!pDesc) return E_INVALIDARG;
  D3D12CommandQueue* queue = nullptr;
  HRESULT hr = D3D12CommandQueue::create(this, *pDesc, &queue);
  return FAILED(hr) ? hr : handOut(queue, riid, ppCommandQueue);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE type, REFIID riid,
                                                              void** ppCommandAllocator) try {
  if (ppCommandAllocator) *ppCommandAllocator = nullptr;
  D3D12CommandAllocator* allocator = nullptr;
  HRESULT hr = D3D12CommandAllocator::create(this, type, &allocator);
  return FAILED(hr) ? hr : handOut(allocator, riid, ppCommandAllocator);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::CreateCommandList(UINT nodeMask, D3D12_COMMAND_LIST_TYPE type,
                                                         ID3D12CommandAllocator* pCommandAllocator,
                                                         ID3D12PipelineState* pInitialState, REFIID riid,
                                                         void** ppCommandList) try {
  if (ppCommandList) *ppCommandList = nullptr;
  if (nodeMask > 1) {
    d3d12Error("ID3D12Device::CreateCommandList", "nodeMask names a node other than the one adapter node");
    return E_INVALIDARG;
  }
  D3D12CommandList* list = nullptr;
  HRESULT hr = D3D12CommandList::create(this, type, D3D12CommandAllocator::from(pCommandAllocator), pInitialState, &list);
  return FAILED(hr) ? hr : handOut(list, riid, ppCommandList);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::CreateQueryHeap(const D3D12_QUERY_HEAP_DESC* pDesc, REFIID riid, void** ppvHeap) try {
  if (ppvHeap) *ppvHeap = nullptr;
  if (!pDesc) {
    d3d12Error("ID3D12Device::CreateQueryHeap", "pDesc is null");
    return E_INVALIDARG;
  }
  D3D12QueryHeap* heap = nullptr;
  HRESULT hr = D3D12QueryHeap::create(this, *pDesc, &heap);
  return FAILED(hr) ? hr : handOut(heap, riid, ppvHeap);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::CreateFence(UINT64 InitialValue, D3D12_FENCE_FLAGS Flags, REFIID riid,
                                                   void** ppFence) try {
  if (ppFence) *ppFence = nullptr;
  D3D12Fence* fence = nullptr;
  HRESULT hr = D3D12Fence::create(this, InitialValue, Flags, &fence);
  return FAILED(hr) ? hr : handOut(fence, riid, ppFence);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::CreateDescriptorHeap(const D3D12_DESCRIPTOR_HEAP_DESC* pDescriptorHeapDesc, REFIID riid,
                                                            void** ppvHeap) try {
  if (ppvHeap) *ppvHeap = nullptr;
  if (!pDescriptorHeapDesc) return E_INVALIDARG;
  D3D12DescriptorHeap* heap = nullptr;
  HRESULT hr = D3D12DescriptorHeap::create(this, *pDescriptorHeapDesc, &heap);
  return FAILED(hr) ? hr : handOut(heap, riid, ppvHeap);
} D3DVK_CATCH_HRESULT

UINT STDMETHODCALLTYPE D3D12Device::GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE DescriptorHeapType) try {
  if (DescriptorHeapType < D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV || DescriptorHeapType >= D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES)
    return 0;
  return ddi_->core().pfnGetDescriptorSizeInBytes(ddi_->handle(), D3D12DDI_DESCRIPTOR_HEAP_TYPE(int(DescriptorHeapType)));
} D3DVK_CATCH_RETURN({})

void STDMETHODCALLTYPE D3D12Device::CreateRenderTargetView(ID3D12Resource* pResource, const D3D12_RENDER_TARGET_VIEW_DESC* pDesc,
                                                           D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor) try {
  const char* method = "ID3D12Device::CreateRenderTargetView";
  if (!descriptorInHeap(DestDescriptor.ptr, D3D12_DESCRIPTOR_HEAP_TYPE_RTV))
    return d3d12Error(method, "DestDescriptor is not a descriptor of an RTV heap of this device; nothing is written");
  auto* r = D3D12Resource::from(pResource);
  if (!r) {  // a null RTV: its desc names the format; bound, it writes nothing
    if (!pDesc) return d3d12Error(method, "a null resource needs a view desc; nothing is written");
    D3D12DDIARG_CREATE_RENDER_TARGET_VIEW_0002 args{};
    args.Format = pDesc->Format;
    DdiErrorScope12 scope;
    return ddi_->core().pfnCreateRenderTargetView(ddi_->handle(), &args, {DestDescriptor.ptr});
  }
  const D3D12_RESOURCE_DESC& rd = r->desc();
  if (!(rd.Flags & D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET))
    return d3d12Error(method, "the resource was not created with D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET; nothing is written");
  D3D12DDIARG_CREATE_RENDER_TARGET_VIEW_0002 args{};
  args.hDrvResource = r->ddiHandle();
  args.Format = pDesc ? pDesc->Format : rd.Format;
  if (args.Format == DXGI_FORMAT_UNKNOWN) args.Format = rd.Format;
  UINT slices = rd.Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? 1 : rd.DepthOrArraySize;
  if (!pDesc) {
    args.ResourceDimension = rd.Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE1D ? D3D12DDI_RD_TEXTURE1D
                             : rd.Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? D3D12DDI_RD_TEXTURE3D
                                                                                  : D3D12DDI_RD_TEXTURE2D;
    args.Tex2D = {0, 0, slices, 0};
    if (args.ResourceDimension == D3D12DDI_RD_TEXTURE3D) args.Tex3D = {0, 0, UINT(-1)};  // every W slice
  } else {
    switch (rawEnum(pDesc->ViewDimension)) {
      case D3D12_RTV_DIMENSION_TEXTURE2D: args.ResourceDimension = D3D12DDI_RD_TEXTURE2D; args.Tex2D = {pDesc->Texture2D.MipSlice, 0, 1, 0}; break;
      case D3D12_RTV_DIMENSION_TEXTURE2DMS: args.ResourceDimension = D3D12DDI_RD_TEXTURE2D; args.Tex2D = {0, 0, 1, 0}; break;
      case D3D12_RTV_DIMENSION_TEXTURE2DARRAY:
        args.ResourceDimension = D3D12DDI_RD_TEXTURE2D;
        args.Tex2D = {pDesc->Texture2DArray.MipSlice, pDesc->Texture2DArray.FirstArraySlice, pDesc->Texture2DArray.ArraySize, 0};
        break;
      case D3D12_RTV_DIMENSION_TEXTURE2DMSARRAY:
        args.ResourceDimension = D3D12DDI_RD_TEXTURE2D;
        args.Tex2D = {0, pDesc->Texture2DMSArray.FirstArraySlice, pDesc->Texture2DMSArray.ArraySize, 0};
        break;
      case D3D12_RTV_DIMENSION_TEXTURE1D: args.ResourceDimension = D3D12DDI_RD_TEXTURE1D; args.Tex1D = {pDesc->Texture1D.MipSlice, 0, 1}; break;
      case D3D12_RTV_DIMENSION_TEXTURE1DARRAY:
        args.ResourceDimension = D3D12DDI_RD_TEXTURE1D;
        args.Tex1D = {pDesc->Texture1DArray.MipSlice, pDesc->Texture1DArray.FirstArraySlice, pDesc->Texture1DArray.ArraySize};
        break;
      case D3D12_RTV_DIMENSION_TEXTURE3D:
        args.ResourceDimension = D3D12DDI_RD_TEXTURE3D;
        args.Tex3D = {pDesc->Texture3D.MipSlice, pDesc->Texture3D.FirstWSlice, pDesc->Texture3D.WSize};
        break;
      case D3D12_RTV_DIMENSION_BUFFER:
        return d3d12Error(method, "buffer render-target views are not supported; nothing is written");
      default: {
        const std::string text =
            "ViewDimension " + std::to_string(rawEnum(pDesc->ViewDimension)) + " is not a D3D12_RTV_DIMENSION; nothing is written";
        debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR,
                     D3DVK_D3D12_MESSAGE_ID(CREATERENDERTARGETVIEW_INVALIDDESC), method, text);
        return d3d12Error(method, text);
      }
    }
    UINT mip = args.ResourceDimension == D3D12DDI_RD_TEXTURE3D ? args.Tex3D.MipSlice : args.Tex2D.MipSlice;
    if (mip >= rd.MipLevels) return d3d12Error(method, "MipSlice is out of range; nothing is written");
    if (args.ResourceDimension != D3D12DDI_RD_TEXTURE3D && args.Tex2D.FirstArraySlice >= slices)
      return d3d12Error(method, "FirstArraySlice is out of range; nothing is written");
  }
  DdiErrorScope12 scope;
  ddi_->core().pfnCreateRenderTargetView(ddi_->handle(), &args, {DestDescriptor.ptr});
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12Device::CreateDepthStencilView(ID3D12Resource* pResource, const D3D12_DEPTH_STENCIL_VIEW_DESC* pDesc,
                                                           D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor) try {
  const char* method = "ID3D12Device::CreateDepthStencilView";
  if (!descriptorInHeap(DestDescriptor.ptr, D3D12_DESCRIPTOR_HEAP_TYPE_DSV))
    return d3d12Error(method, "DestDescriptor is not a descriptor of a DSV heap of this device; nothing is written");
  auto* r = D3D12Resource::from(pResource);
  if (!r) {  // a null DSV: its desc names the format; bound, it writes nothing
    if (!pDesc) return d3d12Error(method, "a null resource needs a view desc; nothing is written");
    D3D12DDIARG_CREATE_DEPTH_STENCIL_VIEW args{};
    args.Format = pDesc->Format;
    DdiErrorScope12 scope;
    return ddi_->core().pfnCreateDepthStencilView(ddi_->handle(), &args, {DestDescriptor.ptr});
  }
  const D3D12_RESOURCE_DESC& rd = r->desc();
  if (!(rd.Flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL))
    return d3d12Error(method, "the resource was not created with D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL; nothing is written");
  D3D12DDIARG_CREATE_DEPTH_STENCIL_VIEW args{};
  args.hDrvResource = r->ddiHandle();
  args.Format = pDesc && pDesc->Format != DXGI_FORMAT_UNKNOWN ? pDesc->Format : rd.Format;
  args.ResourceDimension = D3D12DDI_RD_TEXTURE2D;
  UINT slices = rd.DepthOrArraySize;
  args.Tex2D = {0, 0, slices};
  if (pDesc) {
    auto invalidDesc = [&](D3D12_MESSAGE_ID id, const char* idName, const std::string& text) {
      debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR, id, idName, method, text);
      d3d12Error(method, text);
    };
    if (rawEnum(pDesc->Flags) & ~int(D3D12_DSV_FLAG_READ_ONLY_DEPTH | D3D12_DSV_FLAG_READ_ONLY_STENCIL))
      return invalidDesc(D3DVK_D3D12_MESSAGE_ID(CREATEDEPTHSTENCILVIEW_INVALIDFLAGS),
                         "Flags is not a combination of D3D12_DSV_FLAGS; nothing is written");
    args.Flags = D3D12DDI_CREATE_DEPTH_STENCIL_VIEW_FLAGS(rawEnum(pDesc->Flags));
    switch (rawEnum(pDesc->ViewDimension)) {
      case D3D12_DSV_DIMENSION_TEXTURE2D: args.Tex2D = {pDesc->Texture2D.MipSlice, 0, 1}; break;
      case D3D12_DSV_DIMENSION_TEXTURE2DMS: args.Tex2D = {0, 0, 1}; break;
      case D3D12_DSV_DIMENSION_TEXTURE2DARRAY:
        args.Tex2D = {pDesc->Texture2DArray.MipSlice, pDesc->Texture2DArray.FirstArraySlice, pDesc->Texture2DArray.ArraySize};
        break;
      case D3D12_DSV_DIMENSION_TEXTURE2DMSARRAY:
        args.Tex2D = {0, pDesc->Texture2DMSArray.FirstArraySlice, pDesc->Texture2DMSArray.ArraySize};
        break;
      case D3D12_DSV_DIMENSION_TEXTURE1D:
        args.ResourceDimension = D3D12DDI_RD_TEXTURE1D;
        args.Tex1D = {pDesc->Texture1D.MipSlice, 0, 1};
        break;
      case D3D12_DSV_DIMENSION_TEXTURE1DARRAY:
        args.ResourceDimension = D3D12DDI_RD_TEXTURE1D;
        args.Tex1D = {pDesc->Texture1DArray.MipSlice, pDesc->Texture1DArray.FirstArraySlice, pDesc->Texture1DArray.ArraySize};
        break;
      default:
        return invalidDesc(D3DVK_D3D12_MESSAGE_ID(CREATEDEPTHSTENCILVIEW_INVALIDDESC),
                           "ViewDimension " + std::to_string(rawEnum(pDesc->ViewDimension)) +
                               " is not a D3D12_DSV_DIMENSION; nothing is written");
    }
    if (args.Tex2D.MipSlice >= rd.MipLevels || args.Tex2D.FirstArraySlice >= slices)
      return d3d12Error(method, "MipSlice or FirstArraySlice is out of range; nothing is written");
  }
  DdiErrorScope12 scope;
  ddi_->core().pfnCreateDepthStencilView(ddi_->handle(), &args, {DestDescriptor.ptr});
} D3DVK_CATCH_VOID

D3D12DDIARG_CREATERESOURCE_0003 ddiResourceDesc(const D3D12_RESOURCE_DESC& d, D3D12_RESOURCE_STATES state);

D3D12_RESOURCE_ALLOCATION_INFO STDMETHODCALLTYPE D3D12Device::GetResourceAllocationInfo(UINT visibleMask, UINT numResourceDescs,
                                                                                        const D3D12_RESOURCE_DESC* pResourceDescs) try {
  (void)visibleMask;
  D3D12_RESOURCE_ALLOCATION_INFO total{0, 1};
  if (numResourceDescs && !pResourceDescs) return {UINT64_MAX, 1};
  for (UINT i = 0; i < numResourceDescs; ++i) {
    D3D12_RESOURCE_DESC d = pResourceDescs[i];
    std::string why;
    if (!validateResourceDesc(&d, &why)) {
      d3d12Error("ID3D12Device::GetResourceAllocationInfo", "desc " + std::to_string(i) + ": " + why);
      return {UINT64_MAX, d.Alignment ? d.Alignment : D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT};
    }
    D3D12DDIARG_CREATERESOURCE_0003 ddiDesc = ddiResourceDesc(d, D3D12_RESOURCE_STATE_COMMON);
    D3D12DDI_RESOURCE_ALLOCATION_INFO info{};
    ddi_->core().pfnCheckResourceAllocationInfo(ddi_->handle(), &ddiDesc, 0, d.Alignment, 1, &info);
    if (info.ResourceDataSize == UINT64_MAX) return {UINT64_MAX, d.Alignment};
    UINT64 alignment = std::max<UINT64>(info.ResourceDataAlignment, 1);
    total.Alignment = std::max(total.Alignment, alignment);
    // The running total placed at the alignment, plus this one, none of it wrapping.
    UINT64 placed = 0;
    if (!checkedAdd<UINT64>(total.SizeInBytes, alignment - 1, &placed) ||
        !checkedAdd<UINT64>(placed / alignment * alignment, info.ResourceDataSize, &total.SizeInBytes))
      return {UINT64_MAX, total.Alignment};
  }
  return total;
} D3DVK_CATCH_RETURN({})

D3D12_HEAP_PROPERTIES STDMETHODCALLTYPE D3D12Device::GetCustomHeapProperties(UINT, D3D12_HEAP_TYPE heapType) try {
  D3D12_HEAP_PROPERTIES p{D3D12_HEAP_TYPE_CUSTOM, D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE, D3D12_MEMORY_POOL_L0, 1, 1};
  switch (heapType) {
    case D3D12_HEAP_TYPE_UPLOAD: p.CPUPageProperty = D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE; break;
    case D3D12_HEAP_TYPE_READBACK: p.CPUPageProperty = D3D12_CPU_PAGE_PROPERTY_WRITE_BACK; break;
    case D3D12_HEAP_TYPE_DEFAULT: p.MemoryPoolPreference = D3D12_MEMORY_POOL_L1; break;
    default: return {};
  }
  return p;
} D3DVK_CATCH_RETURN({})

HRESULT STDMETHODCALLTYPE D3D12Device::CreateCommittedResource(const D3D12_HEAP_PROPERTIES* pHeapProperties,
                                                               D3D12_HEAP_FLAGS HeapFlags, const D3D12_RESOURCE_DESC* pDesc,
                                                               D3D12_RESOURCE_STATES InitialResourceState,
                                                               const D3D12_CLEAR_VALUE* pOptimizedClearValue, REFIID riidResource,
                                                               void** ppvResource) try {
  if (ppvResource) *ppvResource = nullptr;
  if (!pHeapProperties || !pDesc) {
    d3d12Error("ID3D12Device::CreateCommittedResource", "pHeapProperties or pDesc is null");
    return E_INVALIDARG;
  }
  D3D12Resource* resource = nullptr;
  HRESULT hr = D3D12Resource::create(this, *pHeapProperties, HeapFlags, *pDesc, InitialResourceState, pOptimizedClearValue,
                                     &resource);
  return FAILED(hr) ? hr : handOut(resource, riidResource, ppvResource);
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D12Device::GetCopyableFootprints(const D3D12_RESOURCE_DESC* pResourceDesc, UINT FirstSubresource,
                                                          UINT NumSubresources, UINT64 BaseOffset,
                                                          D3D12_PLACED_SUBRESOURCE_FOOTPRINT* pLayouts, UINT* pNumRows,
                                                          UINT64* pRowSizeInBytes, UINT64* pTotalBytes) try {
  if (!pResourceDesc) return;
  copyableFootprints(*pResourceDesc, FirstSubresource, NumSubresources, BaseOffset, pLayouts, pNumRows, pRowSizeInBytes,
                     pTotalBytes);
} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
