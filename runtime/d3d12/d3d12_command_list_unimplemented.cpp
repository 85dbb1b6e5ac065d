// runtime/d3d12/d3d12_command_list_unimplemented.cpp — the ID3D12GraphicsCommandList
// methods d3dvk does not implement yet: each prints that it is not implemented
// (once per method per process) and does nothing.
#include "d3d12_command_list.h"

#include <mutex>
#include <set>
#include <string>

namespace d3dvk::runtime {

void D3D12CommandList::notImplemented(const char* method) {
  static std::mutex mutex;
  static std::set<std::string> reported;
  std::lock_guard lock(mutex);
  if (reported.insert(method).second)
    d3d12Error((std::string("ID3D12GraphicsCommandList::") + method).c_str(), "not implemented yet; the call is ignored");
}

void STDMETHODCALLTYPE D3D12CommandList::DrawInstanced(UINT VertexCountPerInstance, UINT InstanceCount, UINT StartVertexLocation, UINT StartInstanceLocation) try {
  notImplemented("DrawInstanced");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::DrawIndexedInstanced(UINT IndexCountPerInstance, UINT InstanceCount, UINT StartIndexLocation, INT BaseVertexLocation, UINT StartInstanceLocation) try {
  notImplemented("DrawIndexedInstanced");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::Dispatch(UINT ThreadGroupCountX, UINT ThreadGroupCountY, UINT ThreadGroupCountZ) try {
  notImplemented("Dispatch");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::CopyTiles(ID3D12Resource *pTiledResource, const D3D12_TILED_RESOURCE_COORDINATE *pTileRegionStartCoordinate, const D3D12_TILE_REGION_SIZE *pTileRegionSize, ID3D12Resource *pBuffer, UINT64 BufferStartOffsetInBytes, D3D12_TILE_COPY_FLAGS Flags) try {
  notImplemented("CopyTiles");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::ResolveSubresource(ID3D12Resource *pDstResource, UINT DstSubresource, ID3D12Resource *pSrcResource, UINT SrcSubresource, DXGI_FORMAT Format) try {
  notImplemented("ResolveSubresource");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::IASetPrimitiveTopology(D3D12_PRIMITIVE_TOPOLOGY PrimitiveTopology) try {
  notImplemented("IASetPrimitiveTopology");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::RSSetViewports(UINT NumViewports, const D3D12_VIEWPORT *pViewports) try {
  notImplemented("RSSetViewports");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::RSSetScissorRects(UINT NumRects, const D3D12_RECT *pRects) try {
  notImplemented("RSSetScissorRects");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::OMSetBlendFactor(const FLOAT BlendFactor[ 4 ]) try {
  notImplemented("OMSetBlendFactor");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::OMSetStencilRef(UINT StencilRef) try {
  notImplemented("OMSetStencilRef");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetPipelineState(ID3D12PipelineState *pPipelineState) try {
  notImplemented("SetPipelineState");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::ExecuteBundle(ID3D12GraphicsCommandList *pCommandList) try {
  notImplemented("ExecuteBundle");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetDescriptorHeaps(UINT NumDescriptorHeaps, ID3D12DescriptorHeap *const *ppDescriptorHeaps) try {
  notImplemented("SetDescriptorHeaps");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetComputeRootSignature(ID3D12RootSignature *pRootSignature) try {
  notImplemented("SetComputeRootSignature");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetGraphicsRootSignature(ID3D12RootSignature *pRootSignature) try {
  notImplemented("SetGraphicsRootSignature");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetComputeRootDescriptorTable(UINT RootParameterIndex, D3D12_GPU_DESCRIPTOR_HANDLE BaseDescriptor) try {
  notImplemented("SetComputeRootDescriptorTable");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetGraphicsRootDescriptorTable(UINT RootParameterIndex, D3D12_GPU_DESCRIPTOR_HANDLE BaseDescriptor) try {
  notImplemented("SetGraphicsRootDescriptorTable");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetComputeRoot32BitConstant(UINT RootParameterIndex, UINT SrcData, UINT DestOffsetIn32BitValues) try {
  notImplemented("SetComputeRoot32BitConstant");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetGraphicsRoot32BitConstant(UINT RootParameterIndex, UINT SrcData, UINT DestOffsetIn32BitValues) try {
  notImplemented("SetGraphicsRoot32BitConstant");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetComputeRoot32BitConstants(UINT RootParameterIndex, UINT Num32BitValuesToSet, const void *pSrcData, UINT DestOffsetIn32BitValues) try {
  notImplemented("SetComputeRoot32BitConstants");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetGraphicsRoot32BitConstants(UINT RootParameterIndex, UINT Num32BitValuesToSet, const void *pSrcData, UINT DestOffsetIn32BitValues) try {
  notImplemented("SetGraphicsRoot32BitConstants");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetComputeRootConstantBufferView(UINT RootParameterIndex, D3D12_GPU_VIRTUAL_ADDRESS BufferLocation) try {
  notImplemented("SetComputeRootConstantBufferView");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetGraphicsRootConstantBufferView(UINT RootParameterIndex, D3D12_GPU_VIRTUAL_ADDRESS BufferLocation) try {
  notImplemented("SetGraphicsRootConstantBufferView");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetComputeRootShaderResourceView(UINT RootParameterIndex, D3D12_GPU_VIRTUAL_ADDRESS BufferLocation) try {
  notImplemented("SetComputeRootShaderResourceView");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetGraphicsRootShaderResourceView(UINT RootParameterIndex, D3D12_GPU_VIRTUAL_ADDRESS BufferLocation) try {
  notImplemented("SetGraphicsRootShaderResourceView");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetComputeRootUnorderedAccessView(UINT RootParameterIndex, D3D12_GPU_VIRTUAL_ADDRESS BufferLocation) try {
  notImplemented("SetComputeRootUnorderedAccessView");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetGraphicsRootUnorderedAccessView(UINT RootParameterIndex, D3D12_GPU_VIRTUAL_ADDRESS BufferLocation) try {
  notImplemented("SetGraphicsRootUnorderedAccessView");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::IASetIndexBuffer(const D3D12_INDEX_BUFFER_VIEW *pView) try {
  notImplemented("IASetIndexBuffer");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::IASetVertexBuffers(UINT StartSlot, UINT NumViews, const D3D12_VERTEX_BUFFER_VIEW *pViews) try {
  notImplemented("IASetVertexBuffers");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SOSetTargets(UINT StartSlot, UINT NumViews, const D3D12_STREAM_OUTPUT_BUFFER_VIEW *pViews) try {
  notImplemented("SOSetTargets");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::OMSetRenderTargets(UINT NumRenderTargetDescriptors, const D3D12_CPU_DESCRIPTOR_HANDLE *pRenderTargetDescriptors, BOOL RTsSingleHandleToDescriptorRange, const D3D12_CPU_DESCRIPTOR_HANDLE *pDepthStencilDescriptor) try {
  notImplemented("OMSetRenderTargets");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::DiscardResource(ID3D12Resource *pResource, const D3D12_DISCARD_REGION *pRegion) try {
  notImplemented("DiscardResource");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::BeginQuery(ID3D12QueryHeap *pQueryHeap, D3D12_QUERY_TYPE Type, UINT Index) try {
  notImplemented("BeginQuery");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::EndQuery(ID3D12QueryHeap *pQueryHeap, D3D12_QUERY_TYPE Type, UINT Index) try {
  notImplemented("EndQuery");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::ResolveQueryData(ID3D12QueryHeap *pQueryHeap, D3D12_QUERY_TYPE Type, UINT StartIndex, UINT NumQueries, ID3D12Resource *pDestinationBuffer, UINT64 AlignedDestinationBufferOffset) try {
  notImplemented("ResolveQueryData");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetPredication(ID3D12Resource *pBuffer, UINT64 AlignedBufferOffset, D3D12_PREDICATION_OP Operation) try {
  notImplemented("SetPredication");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::ExecuteIndirect(ID3D12CommandSignature *pCommandSignature, UINT MaxCommandCount, ID3D12Resource *pArgumentBuffer, UINT64 ArgumentBufferOffset, ID3D12Resource *pCountBuffer, UINT64 CountBufferOffset) try {
  notImplemented("ExecuteIndirect");
} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
