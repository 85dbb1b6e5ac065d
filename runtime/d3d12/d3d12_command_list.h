// runtime/d3d12/d3d12_command_list.h — ID3D12GraphicsCommandList (direct,
// compute and copy lists) over the UMD's command list, and bundles, which the
// runtime records and replays itself (d3d12_bundle.cpp). Validates as the D3D12
// runtime does: Close of a closed list and Reset of an open one fail with
// E_FAIL; Reset or creation with an allocator another list is recording with,
// or of another type, fail with E_INVALIDARG; a command with invalid arguments
// is dropped and makes Close return E_INVALIDARG (a driver failure during
// recording makes Close return the driver's HRESULT). Every such error is also
// a message for ID3D12InfoQueue (EXECUTION category), with D3D12's message ID
// where D3D12 has one (COMMAND_LIST_CLOSED, RESOURCE_BARRIER_*, INVALID_DESCRIPTOR_HANDLE,
// COMMAND_LIST_DRAW_ROOT_SIGNATURE_MISMATCH, ...), UNKNOWN with d3dvk's text
// otherwise; the UMD's reasons arrive through the device's message sink named
// after the method being recorded. The list tracks what the draw-time checks
// need: the pipeline state, both root signatures, and the states its own
// transition barriers leave subresources in (a later barrier whose StateBefore
// differs is RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH) and the state each first
// expects, which ExecuteCommandLists checks against the queue's states with the
// debug layer on (d3d12_resource_states.h). Implemented: Close,
// Reset, ClearState, CopyBufferRegion, CopyTextureRegion, CopyResource,
// ResourceBarrier, ClearRenderTargetView, ClearDepthStencilView (and the
// marker no-ops); the draw path (d3d12_command_list_draw.cpp: IA/RS/OM state,
// SetPipelineState, root signatures and arguments, SetDescriptorHeaps,
// DrawInstanced, DrawIndexedInstanced, Dispatch, ExecuteIndirect); SetPredication;
// ExecuteBundle (d3d12_bundle.cpp); ID3D12GraphicsCommandList1 and 2
// (d3d12_command_list1.cpp); every other method logs that it is not implemented yet and
// does nothing (d3d12_command_list_unimplemented.cpp).
#pragma once

#include "d3d12_device_child.h"
#include "d3d12_resource_states.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace d3dvk::runtime {

class D3D12CommandAllocator;
class D3D12DescriptorHeap;
class D3D12PipelineState;
class D3D12Resource;
class D3D12RootSignature;

class D3D12CommandList final : public D3D12DeviceChild<ID3D12GraphicsCommandList2> {
 public:
  static HRESULT create(D3D12Device* device, D3D12_COMMAND_LIST_TYPE type, D3D12CommandAllocator* allocator,
                        ID3D12PipelineState* initialState, D3D12CommandList** out);
  ~D3D12CommandList() override;

  // The list behind an ID3D12CommandList d3dvk created (null for null).
  static D3D12CommandList* from(ID3D12CommandList* list) {
    return static_cast<D3D12CommandList*>(static_cast<ID3D12GraphicsCommandList*>(list));
  }
  D3D12DDI_HCOMMANDLIST ddiHandle() const { return {memory_.get()}; }
  bool isOpen() const { return open_; }
  HRESULT closeResult() const { return closeResult_; }
  // Whether the allocator it recorded into was reset since (its commands are gone).
  bool commandsReleased() const;
  bool isBundle() const { return type_ == D3D12_COMMAND_LIST_TYPE_BUNDLE; }
  // What its transition barriers expect and leave (for ExecuteCommandLists; complete once closed).
  const ListResourceStates& resourceStates() const { return resourceStates_; }

  D3D12_COMMAND_LIST_TYPE STDMETHODCALLTYPE GetType() override;
  HRESULT STDMETHODCALLTYPE Close(void) override;
  HRESULT STDMETHODCALLTYPE Reset(ID3D12CommandAllocator *pAllocator, ID3D12PipelineState *pInitialState) override;
  void STDMETHODCALLTYPE ClearState(ID3D12PipelineState *pPipelineState) override;
  void STDMETHODCALLTYPE CopyBufferRegion(ID3D12Resource *pDstBuffer, UINT64 DstOffset, ID3D12Resource *pSrcBuffer, UINT64 SrcOffset, UINT64 NumBytes) override;
  void STDMETHODCALLTYPE CopyTextureRegion(const D3D12_TEXTURE_COPY_LOCATION *pDst, UINT DstX, UINT DstY, UINT DstZ, const D3D12_TEXTURE_COPY_LOCATION *pSrc, const D3D12_BOX *pSrcBox) override;
  void STDMETHODCALLTYPE CopyResource(ID3D12Resource *pDstResource, ID3D12Resource *pSrcResource) override;
  void STDMETHODCALLTYPE ResourceBarrier(UINT NumBarriers, const D3D12_RESOURCE_BARRIER *pBarriers) override;
  void STDMETHODCALLTYPE ClearDepthStencilView(D3D12_CPU_DESCRIPTOR_HANDLE DepthStencilView, D3D12_CLEAR_FLAGS ClearFlags, FLOAT Depth, UINT8 Stencil, UINT NumRects, const D3D12_RECT *pRects) override;
  void STDMETHODCALLTYPE ClearRenderTargetView(D3D12_CPU_DESCRIPTOR_HANDLE RenderTargetView, const FLOAT ColorRGBA[ 4 ], UINT NumRects, const D3D12_RECT *pRects) override;
  // Draws, dispatches, ExecuteIndirect and RTV/DSV clears after it are skipped
  // per the predicate (the UMD's VK_EXT_conditional_rendering); copies are not.
  void STDMETHODCALLTYPE SetPredication(ID3D12Resource *pBuffer, UINT64 AlignedBufferOffset, D3D12_PREDICATION_OP Operation) override;
  void STDMETHODCALLTYPE SetMarker(UINT Metadata, const void *pData, UINT Size) override;
  void STDMETHODCALLTYPE BeginEvent(UINT Metadata, const void *pData, UINT Size) override;
  void STDMETHODCALLTYPE EndEvent(void) override;
  // The draw path (d3d12_command_list_draw.cpp):
  void STDMETHODCALLTYPE DrawInstanced(UINT VertexCountPerInstance, UINT InstanceCount, UINT StartVertexLocation, UINT StartInstanceLocation) override;
  void STDMETHODCALLTYPE DrawIndexedInstanced(UINT IndexCountPerInstance, UINT InstanceCount, UINT StartIndexLocation, INT BaseVertexLocation, UINT StartInstanceLocation) override;
  void STDMETHODCALLTYPE Dispatch(UINT ThreadGroupCountX, UINT ThreadGroupCountY, UINT ThreadGroupCountZ) override;
  void STDMETHODCALLTYPE ExecuteIndirect(ID3D12CommandSignature *pCommandSignature, UINT MaxCommandCount, ID3D12Resource *pArgumentBuffer, UINT64 ArgumentBufferOffset, ID3D12Resource *pCountBuffer, UINT64 CountBufferOffset) override;
  void STDMETHODCALLTYPE IASetPrimitiveTopology(D3D12_PRIMITIVE_TOPOLOGY PrimitiveTopology) override;
  void STDMETHODCALLTYPE RSSetViewports(UINT NumViewports, const D3D12_VIEWPORT *pViewports) override;
  void STDMETHODCALLTYPE RSSetScissorRects(UINT NumRects, const D3D12_RECT *pRects) override;
  void STDMETHODCALLTYPE OMSetBlendFactor(const FLOAT BlendFactor[ 4 ]) override;
  void STDMETHODCALLTYPE OMSetStencilRef(UINT StencilRef) override;
  void STDMETHODCALLTYPE SetPipelineState(ID3D12PipelineState *pPipelineState) override;
  void STDMETHODCALLTYPE SetDescriptorHeaps(UINT NumDescriptorHeaps, ID3D12DescriptorHeap *const *ppDescriptorHeaps) override;
  void STDMETHODCALLTYPE SetComputeRootSignature(ID3D12RootSignature *pRootSignature) override;
  void STDMETHODCALLTYPE SetGraphicsRootSignature(ID3D12RootSignature *pRootSignature) override;
  void STDMETHODCALLTYPE SetComputeRootDescriptorTable(UINT RootParameterIndex, D3D12_GPU_DESCRIPTOR_HANDLE BaseDescriptor) override;
  void STDMETHODCALLTYPE SetGraphicsRootDescriptorTable(UINT RootParameterIndex, D3D12_GPU_DESCRIPTOR_HANDLE BaseDescriptor) override;
  void STDMETHODCALLTYPE SetComputeRoot32BitConstant(UINT RootParameterIndex, UINT SrcData, UINT DestOffsetIn32BitValues) override;
  void STDMETHODCALLTYPE SetGraphicsRoot32BitConstant(UINT RootParameterIndex, UINT SrcData, UINT DestOffsetIn32BitValues) override;
  void STDMETHODCALLTYPE SetComputeRoot32BitConstants(UINT RootParameterIndex, UINT Num32BitValuesToSet, const void *pSrcData, UINT DestOffsetIn32BitValues) override;
  void STDMETHODCALLTYPE SetGraphicsRoot32BitConstants(UINT RootParameterIndex, UINT Num32BitValuesToSet, const void *pSrcData, UINT DestOffsetIn32BitValues) override;
  void STDMETHODCALLTYPE SetComputeRootConstantBufferView(UINT RootParameterIndex, D3D12_GPU_VIRTUAL_ADDRESS BufferLocation) override;
  void STDMETHODCALLTYPE SetGraphicsRootConstantBufferView(UINT RootParameterIndex, D3D12_GPU_VIRTUAL_ADDRESS BufferLocation) override;
  void STDMETHODCALLTYPE SetComputeRootShaderResourceView(UINT RootParameterIndex, D3D12_GPU_VIRTUAL_ADDRESS BufferLocation) override;
  void STDMETHODCALLTYPE SetGraphicsRootShaderResourceView(UINT RootParameterIndex, D3D12_GPU_VIRTUAL_ADDRESS BufferLocation) override;
  void STDMETHODCALLTYPE SetComputeRootUnorderedAccessView(UINT RootParameterIndex, D3D12_GPU_VIRTUAL_ADDRESS BufferLocation) override;
  void STDMETHODCALLTYPE SetGraphicsRootUnorderedAccessView(UINT RootParameterIndex, D3D12_GPU_VIRTUAL_ADDRESS BufferLocation) override;
  void STDMETHODCALLTYPE IASetIndexBuffer(const D3D12_INDEX_BUFFER_VIEW *pView) override;
  void STDMETHODCALLTYPE IASetVertexBuffers(UINT StartSlot, UINT NumViews, const D3D12_VERTEX_BUFFER_VIEW *pViews) override;
  void STDMETHODCALLTYPE OMSetRenderTargets(UINT NumRenderTargetDescriptors, const D3D12_CPU_DESCRIPTOR_HANDLE *pRenderTargetDescriptors, BOOL RTsSingleHandleToDescriptorRange, const D3D12_CPU_DESCRIPTOR_HANDLE *pDepthStencilDescriptor) override;
  // Not implemented yet (d3d12_command_list_unimplemented.cpp):
  void STDMETHODCALLTYPE CopyTiles(ID3D12Resource *pTiledResource, const D3D12_TILED_RESOURCE_COORDINATE *pTileRegionStartCoordinate, const D3D12_TILE_REGION_SIZE *pTileRegionSize, ID3D12Resource *pBuffer, UINT64 BufferStartOffsetInBytes, D3D12_TILE_COPY_FLAGS Flags) override;
  void STDMETHODCALLTYPE ResolveSubresource(ID3D12Resource *pDstResource, UINT DstSubresource, ID3D12Resource *pSrcResource, UINT SrcSubresource, DXGI_FORMAT Format) override;
  void STDMETHODCALLTYPE SOSetTargets(UINT StartSlot, UINT NumViews, const D3D12_STREAM_OUTPUT_BUFFER_VIEW *pViews) override;
  void STDMETHODCALLTYPE ClearUnorderedAccessViewUint(D3D12_GPU_DESCRIPTOR_HANDLE ViewGPUHandleInCurrentHeap, D3D12_CPU_DESCRIPTOR_HANDLE ViewCPUHandle, ID3D12Resource *pResource, const UINT Values[ 4 ], UINT NumRects, const D3D12_RECT *pRects) override;
  void STDMETHODCALLTYPE ClearUnorderedAccessViewFloat(D3D12_GPU_DESCRIPTOR_HANDLE ViewGPUHandleInCurrentHeap, D3D12_CPU_DESCRIPTOR_HANDLE ViewCPUHandle, ID3D12Resource *pResource, const FLOAT Values[ 4 ], UINT NumRects, const D3D12_RECT *pRects) override;
  void STDMETHODCALLTYPE DiscardResource(ID3D12Resource *pResource, const D3D12_DISCARD_REGION *pRegion) override;
  void STDMETHODCALLTYPE BeginQuery(ID3D12QueryHeap *pQueryHeap, D3D12_QUERY_TYPE Type, UINT Index) override;
  void STDMETHODCALLTYPE EndQuery(ID3D12QueryHeap *pQueryHeap, D3D12_QUERY_TYPE Type, UINT Index) override;
  void STDMETHODCALLTYPE ResolveQueryData(ID3D12QueryHeap *pQueryHeap, D3D12_QUERY_TYPE Type, UINT StartIndex, UINT NumQueries, ID3D12Resource *pDestinationBuffer, UINT64 AlignedDestinationBufferOffset) override;
  // Bundles (d3d12_bundle.cpp):
  void STDMETHODCALLTYPE ExecuteBundle(ID3D12GraphicsCommandList *pCommandList) override;
  // ID3D12GraphicsCommandList1 and 2 (d3d12_command_list1.cpp):
  void STDMETHODCALLTYPE AtomicCopyBufferUINT(ID3D12Resource *pDstBuffer, UINT64 DstOffset, ID3D12Resource *pSrcBuffer, UINT64 SrcOffset, UINT Dependencies, ID3D12Resource *const *ppDependentResources, const D3D12_SUBRESOURCE_RANGE_UINT64 *pDependentSubresourceRanges) override;
  void STDMETHODCALLTYPE AtomicCopyBufferUINT64(ID3D12Resource *pDstBuffer, UINT64 DstOffset, ID3D12Resource *pSrcBuffer, UINT64 SrcOffset, UINT Dependencies, ID3D12Resource *const *ppDependentResources, const D3D12_SUBRESOURCE_RANGE_UINT64 *pDependentSubresourceRanges) override;
  void STDMETHODCALLTYPE OMSetDepthBounds(FLOAT Min, FLOAT Max) override;
  void STDMETHODCALLTYPE SetSamplePositions(UINT NumSamplesPerPixel, UINT NumPixels, D3D12_SAMPLE_POSITION *pSamplePositions) override;
  void STDMETHODCALLTYPE ResolveSubresourceRegion(ID3D12Resource *pDstResource, UINT DstSubresource, UINT DstX, UINT DstY, ID3D12Resource *pSrcResource, UINT SrcSubresource, D3D12_RECT *pSrcRect, DXGI_FORMAT Format, D3D12_RESOLVE_MODE ResolveMode) override;
  void STDMETHODCALLTYPE SetViewInstanceMask(UINT Mask) override;
  void STDMETHODCALLTYPE WriteBufferImmediate(UINT Count, const D3D12_WRITEBUFFERIMMEDIATE_PARAMETER *pParams, const D3D12_WRITEBUFFERIMMEDIATE_MODE *pModes) override;
 protected:
  bool implements(REFIID riid) const override {
    return riid == __uuidof(ID3D12CommandList) || riid == __uuidof(ID3D12GraphicsCommandList) ||
           riid == __uuidof(ID3D12GraphicsCommandList1) || riid == __uuidof(ID3D12GraphicsCommandList2);
  }

 private:
  explicit D3D12CommandList(D3D12Device* device) : D3D12DeviceChild(device) {}
  // Whether a recording method may record; prints why not.
  bool recording(const char* method);
  // Records an invalid-argument error: the command is dropped and Close fails;
  // the message has D3D12's ID (D3DVK_D3D12_MESSAGE_ID(name)) or UNKNOWN.
  void invalid(const char* method, const std::string& why);
  void invalid(const char* method, D3D12_MESSAGE_ID id, const char* idName, const std::string& why);
  // Prints and stores (InfoQueue) one error of `method` (without the interface prefix).
  void message(const char* method, D3D12_MESSAGE_ID id, const char* idName, const std::string& text);
  // The draw-time checks: a pipeline state of the kind and a root signature
  // that matches it; false (and the command dropped) otherwise.
  bool drawStateValid(const char* method, bool compute);
  // Set*RootDescriptorTable's check: the table's first descriptor lies in the
  // bound heap of its type and its descriptors end within that heap;
  // otherwise SET_DESCRIPTOR_TABLE_INVALID and false (the call is dropped).
  bool tableValid(const char* method, bool compute, UINT index, UINT64 base);
  void resetTracking();
  // Bundles (d3d12_bundle.cpp). A bundle has no driver command list: each
  // method D3D12 allows in a bundle records the call (its arguments copied)
  // and ExecuteBundle replays the calls on the direct list, where they are
  // checked and recorded like the list's own commands, with the list's state
  // (inherited root signatures, arguments and descriptor heaps; the bundle's
  // own pipeline state, from its initial one). A method D3D12 refuses in a
  // bundle reaches recording(), which drops it and fails Close.
  using BundleCall = std::function<void(D3D12CommandList&)>;
  void capture(const char* method, BundleCall call);
  // A bundle's SetDescriptorHeaps, replayed: the heaps must be the list's (D3D12).
  void bundleSetDescriptorHeaps(UINT count, const std::vector<ID3D12DescriptorHeap*>& heaps);
  std::vector<BundleCall> bundleCalls_;
  void notImplemented(const char* method);
  // ResolveSubresource(Region)'s format rule: Format is typed, and each
  // resource is of Format or typeless of its family; else invalid() and false.
  bool resolveFormatValid(const char* method, DXGI_FORMAT format, DXGI_FORMAT src, DXGI_FORMAT dst);
  // A valid call d3dvk cannot carry out: the command is dropped and Close returns E_NOTIMPL.
  void unsupported(const char* method, const std::string& why);
  // CopyTextureRegion's validation and DDI call under `method`'s name;
  // `anyRegion` lifts D3D12's whole-subresource rule for depth-stencil and
  // multisampled subresources (ResolveSubresourceRegion's DECOMPRESS copies a
  // rectangle of samples to any place).
  void copyTextureRegion(const char* method, const D3D12_TEXTURE_COPY_LOCATION* pDst, UINT DstX, UINT DstY, UINT DstZ,
                         const D3D12_TEXTURE_COPY_LOCATION* pSrc, const D3D12_BOX* pSrcBox, bool anyRegion);
  // AtomicCopyBufferUINT(64): a `bytes`-byte copy after the runtime's checks.
  void atomicCopy(const char* method, UINT bytes, ID3D12Resource* dstBuffer, UINT64 dstOffset, ID3D12Resource* srcBuffer,
                  UINT64 srcOffset, UINT dependencies, ID3D12Resource* const* dependentResources,
                  const D3D12_SUBRESOURCE_RANGE_UINT64* dependentRanges);
  // WriteBufferImmediate's checked writes into the driver (a bundle's, when ExecuteBundle replays it).
  void writeBufferImmediate(const std::vector<D3DVKDDI_WRITEBUFFERIMMEDIATE>& writes);
  FLOAT depthBounds_[2] = {0.0f, 1.0f};  // OMSetDepthBounds (no PSO enables the test yet)
  // Runs one DDI call, keeping the first error the driver reports.
  template <typename F>
  void ddiCall(F&& call);

  D3D12_COMMAND_LIST_TYPE type_{};
  D3D12CommandAllocator* allocator_ = nullptr;  // referenced while recording
  std::unique_ptr<unsigned char[]> memory_;
  bool created_ = false;
  bool open_ = false;
  HRESULT error_ = S_OK;        // the first error of the current recording
  HRESULT closeResult_ = S_OK;  // what the last Close returned
  UINT64 allocatorEpoch_ = 0;   // the allocator's epoch when the recording began
  // The method being recorded, named in the UMD's messages as interface::method
  // (two pointers to literals: nothing is built per command).
  const char* methodInterface_ = nullptr;
  const char* methodName_ = nullptr;
  void setMethod(const char* interfaceName, const char* method) {
    methodInterface_ = interfaceName;
    methodName_ = method;
  }
  D3D12PipelineState* pipelineState_ = nullptr;  // not referenced, as the UMD's
  D3D12RootSignature* graphicsRootSignature_ = nullptr;
  D3D12RootSignature* computeRootSignature_ = nullptr;
  // The states this list's transition barriers expect first and leave, per subresource.
  ListResourceStates resourceStates_;
  // SetDescriptorHeaps: the bound shader-visible heaps ([0] CBV/SRV/UAV, [1]
  // sampler), and every heap set since the last Reset, referenced until then
  // (the driver reads descriptor tables from them when the list executes).
  struct BoundHeap {
    D3D12DescriptorHeap* heap = nullptr;
    UINT64 gpuStart = 0;
    UINT count = 0;
  };
  BoundHeap boundHeaps_[2];
  std::vector<D3D12DescriptorHeap*> heldHeaps_;
  void releaseHeldHeaps();
};

template <typename F>
void D3D12CommandList::ddiCall(F&& call) {
  DdiErrorScope12 scope(methodName_, methodInterface_);
  call(device()->ddi().list());
  if (FAILED(scope.first()) && SUCCEEDED(error_)) error_ = scope.first();
}

}  // namespace d3dvk::runtime
