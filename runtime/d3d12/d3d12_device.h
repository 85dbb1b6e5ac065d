// runtime/d3d12/d3d12_device.h — the ID3D12Device subset d3dvk offers so far:
// created by D3D12CreateDevice over the UMD's OpenAdapter12 and its D3D12 DDI
// device (d3d12_ddi_device.h), with private data and
// CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS) carrying the same
// conservative-rasterization tier as D3D11 (the UMD's GetCaps); command queues,
// allocators, command lists, fences, committed resources, descriptor heaps,
// RTV/DSV creation, GetCopyableFootprints and GetResourceAllocationInfo
// (d3d12_device_create_objects.cpp), command signatures
// (d3d12_command_signature.cpp). ID3D12Device1 and ID3D12Device2 on the same
// object (d3d12_device1.cpp: several fences' events, residency priorities;
// d3d12_pipeline_library.cpp: pipeline libraries; d3d12_pipeline_state_stream.cpp:
// CreatePipelineState from a pipeline state stream); ID3D12Device3 and later are
// not answered.
// Everything else returns E_NOTIMPL (d3d12_device_unimplemented.cpp).
#pragma once

#include "d3d12_debug.h"
#include "d3d12_ddi_device.h"
#include "d3dvk_entry_guard.h"
#include "info_queue.h"
#include "private_data.h"
#include "umd_adapter.h"

#include <wsl/winadapter.h>
#include <directx/d3d12.h>

#include <atomic>
#include <map>
#include <memory>
#include <string>
#include <mutex>

namespace d3dvk::runtime {

// Hands a just-created object out through riid, as every Create* does (the
// creation reference is dropped either way; a null output pointer only tests
// the parameters: S_FALSE).
template <typename T>
HRESULT handOut(T* object, REFIID riid, void** out) {
  if (!out) {
    object->Release();
    return S_FALSE;
  }
  HRESULT hr = object->QueryInterface(riid, out);
  object->Release();
  return hr;
}

class D3D12Device final : public ID3D12Device2 {
 public:
  D3D12Device(std::shared_ptr<UmdAdapter12> adapter, D3D_FEATURE_LEVEL featureLevel)
      : adapter_(std::move(adapter)), featureLevel_(featureLevel) {}

  // The conservative tier the UMD reports through GetCaps(D3D12_OPTIONS).
  HRESULT queryOptions(D3D12DDI_D3D12_OPTIONS_DATA_0032* data);
  // CheckFeatureSupport's answer for every feature (d3d12_feature_support.cpp).
  HRESULT checkFeature(D3D12_FEATURE feature, void* data, UINT size);
  HRESULT formatSupport(D3D12_FEATURE_DATA_FORMAT_SUPPORT* out);
  UINT qualityLevels(DXGI_FORMAT format, UINT sampleCount, D3D12_MULTISAMPLE_QUALITY_LEVEL_FLAGS flags);
  // Creates the DDI device (D3D12CreateDevice calls it once, before handing the device out).
  HRESULT init(std::string* error);
  const DdiDevice12& ddi() const { return *ddi_; }
  // The live descriptor heaps' CPU ranges, to validate descriptor handles.
  void registerDescriptorRange(SIZE_T start, SIZE_T bytes, D3D12_DESCRIPTOR_HEAP_TYPE type);
  void unregisterDescriptorRange(SIZE_T start);
  bool descriptorInHeap(SIZE_T handle, D3D12_DESCRIPTOR_HEAP_TYPE type) const;
  // Whether `count` descriptors from `handle` all lie in one heap of `type` (count ≥ 1).
  bool descriptorRangeInHeap(SIZE_T handle, UINT64 count, D3D12_DESCRIPTOR_HEAP_TYPE type) const;

  // The debug layer (d3d12_debug.h): a message for ID3D12InfoQueue, nothing
  // when the device was created without the layer. `idName` is the ID's name
  // without D3D12_MESSAGE_ID_ (D3DVK_D3D12_MESSAGE_ID(name) gives both),
  // `function` e.g. "ID3D12Device::CreateRootSignature".
  void debugMessage(D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity, D3D12_MESSAGE_ID id,
                    const char* idName, const char* function, const std::string& text);
  debug::InfoQueue12* infoQueue() { return infoQueue_.get(); }

  // The rasterizer part of graphics-PSO validation (d3d12_pipeline_state_validation.cpp):
  // E_INVALIDARG, each violation reported through debugMessage, when `desc` breaks a rule.
  HRESULT validateRasterizerState(const D3D12_RASTERIZER_DESC& desc, const char* function);

  // IUnknown
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  ULONG STDMETHODCALLTYPE AddRef() override;
  ULONG STDMETHODCALLTYPE Release() override;
  // ID3D12Object
  HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID guid, UINT* pDataSize, void* pData) override;
  HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID guid, UINT DataSize, const void* pData) override;
  HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID guid, const IUnknown* pData) override;
  HRESULT STDMETHODCALLTYPE SetName(LPCWSTR Name) override;
  // ID3D12Device (implemented)
  UINT STDMETHODCALLTYPE GetNodeCount() override;
  HRESULT STDMETHODCALLTYPE CheckFeatureSupport(D3D12_FEATURE Feature, void* pFeatureSupportData,
                                                UINT FeatureSupportDataSize) override;
  HRESULT STDMETHODCALLTYPE GetDeviceRemovedReason() override;
  LUID STDMETHODCALLTYPE GetAdapterLuid() override;

  // Not implemented yet (d3d12_device_unimplemented.cpp):
  HRESULT STDMETHODCALLTYPE CreateCommandQueue(const D3D12_COMMAND_QUEUE_DESC *pDesc, REFIID riid, void **ppCommandQueue) override;
  HRESULT STDMETHODCALLTYPE CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE type, REFIID riid, void **ppCommandAllocator) override;
  HRESULT STDMETHODCALLTYPE CreateGraphicsPipelineState(const D3D12_GRAPHICS_PIPELINE_STATE_DESC *pDesc, REFIID riid, void **ppPipelineState) override;
  HRESULT STDMETHODCALLTYPE CreateComputePipelineState(const D3D12_COMPUTE_PIPELINE_STATE_DESC *pDesc, REFIID riid, void **ppPipelineState) override;
  HRESULT STDMETHODCALLTYPE CreateCommandList(UINT nodeMask, D3D12_COMMAND_LIST_TYPE type, ID3D12CommandAllocator *pCommandAllocator, ID3D12PipelineState *pInitialState, REFIID riid, void **ppCommandList) override;
  HRESULT STDMETHODCALLTYPE CreateDescriptorHeap(const D3D12_DESCRIPTOR_HEAP_DESC *pDescriptorHeapDesc, REFIID riid, void **ppvHeap) override;
  UINT STDMETHODCALLTYPE GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE DescriptorHeapType) override;
  HRESULT STDMETHODCALLTYPE CreateRootSignature(UINT nodeMask, const void *pBlobWithRootSignature, SIZE_T blobLengthInBytes, REFIID riid, void **ppvRootSignature) override;
  void STDMETHODCALLTYPE CreateConstantBufferView(const D3D12_CONSTANT_BUFFER_VIEW_DESC *pDesc, D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor) override;
  void STDMETHODCALLTYPE CreateShaderResourceView(ID3D12Resource *pResource, const D3D12_SHADER_RESOURCE_VIEW_DESC *pDesc, D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor) override;
  void STDMETHODCALLTYPE CreateUnorderedAccessView(ID3D12Resource *pResource, ID3D12Resource *pCounterResource, const D3D12_UNORDERED_ACCESS_VIEW_DESC *pDesc, D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor) override;
  void STDMETHODCALLTYPE CreateRenderTargetView(ID3D12Resource *pResource, const D3D12_RENDER_TARGET_VIEW_DESC *pDesc, D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor) override;
  void STDMETHODCALLTYPE CreateDepthStencilView(ID3D12Resource *pResource, const D3D12_DEPTH_STENCIL_VIEW_DESC *pDesc, D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor) override;
  void STDMETHODCALLTYPE CreateSampler(const D3D12_SAMPLER_DESC *pDesc, D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor) override;
  void STDMETHODCALLTYPE CopyDescriptors(UINT NumDestDescriptorRanges, const D3D12_CPU_DESCRIPTOR_HANDLE *pDestDescriptorRangeStarts, const UINT *pDestDescriptorRangeSizes, UINT NumSrcDescriptorRanges, const D3D12_CPU_DESCRIPTOR_HANDLE *pSrcDescriptorRangeStarts, const UINT *pSrcDescriptorRangeSizes, D3D12_DESCRIPTOR_HEAP_TYPE DescriptorHeapsType) override;
  void STDMETHODCALLTYPE CopyDescriptorsSimple(UINT NumDescriptors, D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptorRangeStart, D3D12_CPU_DESCRIPTOR_HANDLE SrcDescriptorRangeStart, D3D12_DESCRIPTOR_HEAP_TYPE DescriptorHeapsType) override;
  D3D12_RESOURCE_ALLOCATION_INFO STDMETHODCALLTYPE GetResourceAllocationInfo(UINT visibleMask, UINT numResourceDescs, const D3D12_RESOURCE_DESC *pResourceDescs) override;
  D3D12_HEAP_PROPERTIES STDMETHODCALLTYPE GetCustomHeapProperties(UINT nodeMask, D3D12_HEAP_TYPE heapType) override;
  HRESULT STDMETHODCALLTYPE CreateCommittedResource(const D3D12_HEAP_PROPERTIES *pHeapProperties, D3D12_HEAP_FLAGS HeapFlags, const D3D12_RESOURCE_DESC *pDesc, D3D12_RESOURCE_STATES InitialResourceState, const D3D12_CLEAR_VALUE *pOptimizedClearValue, REFIID riidResource, void **ppvResource) override;
  HRESULT STDMETHODCALLTYPE CreateHeap(const D3D12_HEAP_DESC *pDesc, REFIID riid, void **ppvHeap) override;
  HRESULT STDMETHODCALLTYPE CreatePlacedResource(ID3D12Heap *pHeap, UINT64 HeapOffset, const D3D12_RESOURCE_DESC *pDesc, D3D12_RESOURCE_STATES InitialState, const D3D12_CLEAR_VALUE *pOptimizedClearValue, REFIID riid, void **ppvResource) override;
  HRESULT STDMETHODCALLTYPE CreateReservedResource(const D3D12_RESOURCE_DESC *pDesc, D3D12_RESOURCE_STATES InitialState, const D3D12_CLEAR_VALUE *pOptimizedClearValue, REFIID riid, void **ppvResource) override;
  HRESULT STDMETHODCALLTYPE CreateSharedHandle(ID3D12DeviceChild *pObject, const SECURITY_ATTRIBUTES *pAttributes, DWORD Access, LPCWSTR Name, HANDLE *pHandle) override;
  HRESULT STDMETHODCALLTYPE OpenSharedHandle(HANDLE NTHandle, REFIID riid, void **ppvObj) override;
  HRESULT STDMETHODCALLTYPE OpenSharedHandleByName(LPCWSTR Name, DWORD Access, /* [annotation][out] */ HANDLE *pNTHandle) override;
  HRESULT STDMETHODCALLTYPE MakeResident(UINT NumObjects, ID3D12Pageable *const *ppObjects) override;
  HRESULT STDMETHODCALLTYPE Evict(UINT NumObjects, ID3D12Pageable *const *ppObjects) override;
  HRESULT STDMETHODCALLTYPE CreateFence(UINT64 InitialValue, D3D12_FENCE_FLAGS Flags, REFIID riid, void **ppFence) override;
  void STDMETHODCALLTYPE GetCopyableFootprints(const D3D12_RESOURCE_DESC *pResourceDesc, UINT FirstSubresource, UINT NumSubresources, UINT64 BaseOffset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *pLayouts, UINT *pNumRows, UINT64 *pRowSizeInBytes, UINT64 *pTotalBytes) override;
  HRESULT STDMETHODCALLTYPE CreateQueryHeap(const D3D12_QUERY_HEAP_DESC *pDesc, REFIID riid, void **ppvHeap) override;
  HRESULT STDMETHODCALLTYPE SetStablePowerState(BOOL Enable) override;
  HRESULT STDMETHODCALLTYPE CreateCommandSignature(const D3D12_COMMAND_SIGNATURE_DESC *pDesc, ID3D12RootSignature *pRootSignature, REFIID riid, void **ppvCommandSignature) override;
  void STDMETHODCALLTYPE GetResourceTiling(ID3D12Resource *pTiledResource, UINT *pNumTilesForEntireResource, D3D12_PACKED_MIP_INFO *pPackedMipDesc, D3D12_TILE_SHAPE *pStandardTileShapeForNonPackedMips, UINT *pNumSubresourceTilings, UINT FirstSubresourceTilingToGet, D3D12_SUBRESOURCE_TILING *pSubresourceTilingsForNonPackedMips) override;
  // ID3D12Device1 (d3d12_device1.cpp; CreatePipelineLibrary: d3d12_pipeline_library.cpp)
  HRESULT STDMETHODCALLTYPE CreatePipelineLibrary(const void* pLibraryBlob, SIZE_T BlobLength, REFIID riid,
                                                  void** ppPipelineLibrary) override;
  HRESULT STDMETHODCALLTYPE SetEventOnMultipleFenceCompletion(ID3D12Fence* const* ppFences, const UINT64* pFenceValues,
                                                              UINT NumFences, D3D12_MULTIPLE_FENCE_WAIT_FLAGS Flags,
                                                              HANDLE hEvent) override;
  HRESULT STDMETHODCALLTYPE SetResidencyPriority(UINT NumObjects, ID3D12Pageable* const* ppObjects,
                                                 const D3D12_RESIDENCY_PRIORITY* pPriorities) override;
  // ID3D12Device2 (d3d12_pipeline_state_stream.cpp)
  HRESULT STDMETHODCALLTYPE CreatePipelineState(const D3D12_PIPELINE_STATE_STREAM_DESC* pDesc, REFIID riid,
                                                void** ppPipelineState) override;


 private:
  std::atomic<ULONG> refs_{1};
  std::shared_ptr<UmdAdapter12> adapter_;
  D3D_FEATURE_LEVEL featureLevel_;
  PrivateDataStore privateData_;
  std::unique_ptr<debug::InfoQueue12> infoQueue_{d3d12DebugLayerEnabled() ? std::make_unique<debug::InfoQueue12>(*this)
                                                                         : nullptr};
  std::unique_ptr<DdiDevice12> ddi_;
  mutable std::mutex heapsMutex_;
  struct HeapRange {
    SIZE_T end;
    D3D12_DESCRIPTOR_HEAP_TYPE type;
  };
  std::map<SIZE_T, HeapRange> heaps_;  // by start
};

}  // namespace d3dvk::runtime
