// runtime/d3d12/d3d12_device_unimplemented.cpp — every ID3D12Device method d3dvk
// does not implement yet: HRESULT methods return E_NOTIMPL with null outputs,
// others return empty values. None crashes.
#include "d3d12_device.h"

namespace d3dvk::runtime {

HRESULT STDMETHODCALLTYPE D3D12Device::CreateCommandQueue(const D3D12_COMMAND_QUEUE_DESC *pDesc, REFIID riid, void **ppCommandQueue) try {
  if (ppCommandQueue) *ppCommandQueue = nullptr;
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE type, REFIID riid, void **ppCommandAllocator) try {
  if (ppCommandAllocator) *ppCommandAllocator = nullptr;
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::CreateGraphicsPipelineState(const D3D12_GRAPHICS_PIPELINE_STATE_DESC *pDesc, REFIID riid, void **ppPipelineState) try {
  if (ppPipelineState) *ppPipelineState = nullptr;
  // PSOs do not exist yet, but an invalid rasterizer desc already gets D3D12's answer.
  if (!pDesc) return E_INVALIDARG;
  if (HRESULT hr = validateRasterizerState(pDesc->RasterizerState, "ID3D12Device::CreateGraphicsPipelineState"); FAILED(hr)) return hr;
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::CreateComputePipelineState(const D3D12_COMPUTE_PIPELINE_STATE_DESC *pDesc, REFIID riid, void **ppPipelineState) try {
  if (ppPipelineState) *ppPipelineState = nullptr;
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::CreateCommandList(UINT nodeMask, D3D12_COMMAND_LIST_TYPE type, ID3D12CommandAllocator *pCommandAllocator, ID3D12PipelineState *pInitialState, REFIID riid, void **ppCommandList) try {
  if (ppCommandList) *ppCommandList = nullptr;
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::CreateDescriptorHeap(const D3D12_DESCRIPTOR_HEAP_DESC *pDescriptorHeapDesc, REFIID riid, void **ppvHeap) try {
  if (ppvHeap) *ppvHeap = nullptr;
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

UINT STDMETHODCALLTYPE D3D12Device::GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE DescriptorHeapType) try {
  return {};  // not implemented yet
} D3DVK_CATCH_RETURN({})

void STDMETHODCALLTYPE D3D12Device::CreateConstantBufferView(const D3D12_CONSTANT_BUFFER_VIEW_DESC *pDesc, D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor) try {
  // not implemented yet
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12Device::CreateShaderResourceView(ID3D12Resource *pResource, const D3D12_SHADER_RESOURCE_VIEW_DESC *pDesc, D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor) try {
  // not implemented yet
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12Device::CreateUnorderedAccessView(ID3D12Resource *pResource, ID3D12Resource *pCounterResource, const D3D12_UNORDERED_ACCESS_VIEW_DESC *pDesc, D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor) try {
  // not implemented yet
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12Device::CreateRenderTargetView(ID3D12Resource *pResource, const D3D12_RENDER_TARGET_VIEW_DESC *pDesc, D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor) try {
  // not implemented yet
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12Device::CreateDepthStencilView(ID3D12Resource *pResource, const D3D12_DEPTH_STENCIL_VIEW_DESC *pDesc, D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor) try {
  // not implemented yet
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12Device::CreateSampler(const D3D12_SAMPLER_DESC *pDesc, D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor) try {
  // not implemented yet
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12Device::CopyDescriptors(UINT NumDestDescriptorRanges, const D3D12_CPU_DESCRIPTOR_HANDLE *pDestDescriptorRangeStarts, const UINT *pDestDescriptorRangeSizes, UINT NumSrcDescriptorRanges, const D3D12_CPU_DESCRIPTOR_HANDLE *pSrcDescriptorRangeStarts, const UINT *pSrcDescriptorRangeSizes, D3D12_DESCRIPTOR_HEAP_TYPE DescriptorHeapsType) try {
  // not implemented yet
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12Device::CopyDescriptorsSimple(UINT NumDescriptors, D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptorRangeStart, D3D12_CPU_DESCRIPTOR_HANDLE SrcDescriptorRangeStart, D3D12_DESCRIPTOR_HEAP_TYPE DescriptorHeapsType) try {
  // not implemented yet
} D3DVK_CATCH_VOID

D3D12_RESOURCE_ALLOCATION_INFO STDMETHODCALLTYPE D3D12Device::GetResourceAllocationInfo(UINT visibleMask, UINT numResourceDescs, const D3D12_RESOURCE_DESC *pResourceDescs) try {
  return {};  // not implemented yet
} D3DVK_CATCH_RETURN({})

D3D12_HEAP_PROPERTIES STDMETHODCALLTYPE D3D12Device::GetCustomHeapProperties(UINT nodeMask, D3D12_HEAP_TYPE heapType) try {
  return {};  // not implemented yet
} D3DVK_CATCH_RETURN({})

HRESULT STDMETHODCALLTYPE D3D12Device::CreateCommittedResource(const D3D12_HEAP_PROPERTIES *pHeapProperties, D3D12_HEAP_FLAGS HeapFlags, const D3D12_RESOURCE_DESC *pDesc, D3D12_RESOURCE_STATES InitialResourceState, const D3D12_CLEAR_VALUE *pOptimizedClearValue, REFIID riidResource, void **ppvResource) try {
  if (ppvResource) *ppvResource = nullptr;
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::CreateHeap(const D3D12_HEAP_DESC *pDesc, REFIID riid, void **ppvHeap) try {
  if (ppvHeap) *ppvHeap = nullptr;
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::CreatePlacedResource(ID3D12Heap *pHeap, UINT64 HeapOffset, const D3D12_RESOURCE_DESC *pDesc, D3D12_RESOURCE_STATES InitialState, const D3D12_CLEAR_VALUE *pOptimizedClearValue, REFIID riid, void **ppvResource) try {
  if (ppvResource) *ppvResource = nullptr;
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::CreateReservedResource(const D3D12_RESOURCE_DESC *pDesc, D3D12_RESOURCE_STATES InitialState, const D3D12_CLEAR_VALUE *pOptimizedClearValue, REFIID riid, void **ppvResource) try {
  if (ppvResource) *ppvResource = nullptr;
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::CreateSharedHandle(ID3D12DeviceChild *pObject, const SECURITY_ATTRIBUTES *pAttributes, DWORD Access, LPCWSTR Name, HANDLE *pHandle) try {
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::OpenSharedHandle(HANDLE NTHandle, REFIID riid, void **ppvObj) try {
  if (ppvObj) *ppvObj = nullptr;
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::OpenSharedHandleByName(LPCWSTR Name, DWORD Access, /* [annotation][out] */ HANDLE *pNTHandle) try {
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::MakeResident(UINT NumObjects, ID3D12Pageable *const *ppObjects) try {
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::Evict(UINT NumObjects, ID3D12Pageable *const *ppObjects) try {
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::CreateFence(UINT64 InitialValue, D3D12_FENCE_FLAGS Flags, REFIID riid, void **ppFence) try {
  if (ppFence) *ppFence = nullptr;
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D12Device::GetCopyableFootprints(const D3D12_RESOURCE_DESC *pResourceDesc, UINT FirstSubresource, UINT NumSubresources, UINT64 BaseOffset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *pLayouts, UINT *pNumRows, UINT64 *pRowSizeInBytes, UINT64 *pTotalBytes) try {
  // not implemented yet
} D3DVK_CATCH_VOID

HRESULT STDMETHODCALLTYPE D3D12Device::CreateQueryHeap(const D3D12_QUERY_HEAP_DESC *pDesc, REFIID riid, void **ppvHeap) try {
  if (ppvHeap) *ppvHeap = nullptr;
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::SetStablePowerState(BOOL Enable) try {
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::CreateCommandSignature(const D3D12_COMMAND_SIGNATURE_DESC *pDesc, ID3D12RootSignature *pRootSignature, REFIID riid, void **ppvCommandSignature) try {
  if (ppvCommandSignature) *ppvCommandSignature = nullptr;
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D12Device::GetResourceTiling(ID3D12Resource *pTiledResource, UINT *pNumTilesForEntireResource, D3D12_PACKED_MIP_INFO *pPackedMipDesc, D3D12_TILE_SHAPE *pStandardTileShapeForNonPackedMips, UINT *pNumSubresourceTilings, UINT FirstSubresourceTilingToGet, D3D12_SUBRESOURCE_TILING *pSubresourceTilingsForNonPackedMips) try {
  // not implemented yet
} D3DVK_CATCH_VOID


}  // namespace d3dvk::runtime
