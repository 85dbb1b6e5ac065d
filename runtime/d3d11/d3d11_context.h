// runtime/d3d11/d3d11_context.h — the context body (ID3D11DeviceContext3): the
// bound state, its validation and getters, forwarded to the UMD's DDI. The
// immediate context is one (it shares its reference count with the device
// that owns it); every deferred context holds one over an inert DDI as its
// state (d3d11_deferred_context.h). Methods not implemented yet live in
// d3d11_context_unimplemented.cpp.
#pragma once

#include "d3d10umddi.h"
#include "d3dvk_entry_guard.h"
#include "dxbc/interfaces.h"
#include "d3d11_annotation.h"
#include "d3d11_multithread.h"
#include "private_data.h"

#include <d3d11_3.h>

#include <string>
#include <vector>

namespace d3dvk::runtime {

class D3D11Device;
class DdiDevice;

class D3D11ImmediateContext final : public ID3D11DeviceContext3 {
 public:
  // `level`: the device's feature level (fixed for its life).
  D3D11ImmediateContext(D3D11Device& device, D3D_FEATURE_LEVEL level) : device_(device), featureLevel_(level) {}
  // A deferred context's state: `inert` answers the DDI calls (they reach no driver).
  D3D11ImmediateContext(D3D11Device& device, D3D_FEATURE_LEVEL level, DdiDevice& inert)
      : device_(device), featureLevel_(level), inertDdi_(&inert) {}
  ~D3D11ImmediateContext() {
    releaseBindings();
    releaseActiveState();
  }

  // IUnknown (reference count shared with the device)
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  ULONG STDMETHODCALLTYPE AddRef() override;
  ULONG STDMETHODCALLTYPE Release() override;
  // ID3D11DeviceChild
  void STDMETHODCALLTYPE GetDevice(ID3D11Device** ppDevice) override;
  HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID guid, UINT* pDataSize, void* pData) override;
  HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID guid, UINT DataSize, const void* pData) override;
  HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID guid, const IUnknown* pData) override;
  // ID3D11DeviceContext
  D3D11_DEVICE_CONTEXT_TYPE STDMETHODCALLTYPE GetType() override;
  UINT STDMETHODCALLTYPE GetContextFlags() override;
  void STDMETHODCALLTYPE Flush() override;
  HRESULT STDMETHODCALLTYPE FinishCommandList(BOOL RestoreDeferredContextState, ID3D11CommandList** ppCommandList) override;
  // Rasterizer stage
  void STDMETHODCALLTYPE RSSetState(ID3D11RasterizerState* pRasterizerState) override;
  void STDMETHODCALLTYPE RSGetState(ID3D11RasterizerState** ppRasterizerState) override;

  // Resources, clears, copies, maps and render-target binding (d3d11_context_resources.cpp)
  HRESULT STDMETHODCALLTYPE Map(ID3D11Resource* pResource, UINT Subresource, D3D11_MAP MapType, UINT MapFlags, D3D11_MAPPED_SUBRESOURCE* pMappedResource) override;
  void STDMETHODCALLTYPE Unmap(ID3D11Resource* pResource, UINT Subresource) override;
  void STDMETHODCALLTYPE OMSetRenderTargets(UINT NumViews, ID3D11RenderTargetView* const* ppRenderTargetViews, ID3D11DepthStencilView* pDepthStencilView) override;
  void STDMETHODCALLTYPE CopySubresourceRegion(ID3D11Resource* pDstResource, UINT DstSubresource, UINT DstX, UINT DstY, UINT DstZ, ID3D11Resource* pSrcResource, UINT SrcSubresource, const D3D11_BOX* pSrcBox) override;
  void STDMETHODCALLTYPE CopyResource(ID3D11Resource* pDstResource, ID3D11Resource* pSrcResource) override;
  void STDMETHODCALLTYPE UpdateSubresource(ID3D11Resource* pDstResource, UINT DstSubresource, const D3D11_BOX* pDstBox, const void* pSrcData, UINT SrcRowPitch, UINT SrcDepthPitch) override;
  void STDMETHODCALLTYPE ClearRenderTargetView(ID3D11RenderTargetView* pRenderTargetView, const FLOAT ColorRGBA[4]) override;
  void STDMETHODCALLTYPE ClearDepthStencilView(ID3D11DepthStencilView* pDepthStencilView, UINT ClearFlags, FLOAT Depth, UINT8 Stencil) override;
  void STDMETHODCALLTYPE ResolveSubresource(ID3D11Resource* pDstResource, UINT DstSubresource, ID3D11Resource* pSrcResource, UINT SrcSubresource, DXGI_FORMAT Format) override;
  void STDMETHODCALLTYPE OMGetRenderTargets(UINT NumViews, ID3D11RenderTargetView** ppRenderTargetViews, ID3D11DepthStencilView** ppDepthStencilView) override;
  void STDMETHODCALLTYPE CopySubresourceRegion1(ID3D11Resource* pDstResource, UINT DstSubresource, UINT DstX, UINT DstY, UINT DstZ, ID3D11Resource* pSrcResource, UINT SrcSubresource, const D3D11_BOX* pSrcBox, UINT CopyFlags) override;
  void STDMETHODCALLTYPE UpdateSubresource1(ID3D11Resource* pDstResource, UINT DstSubresource, const D3D11_BOX* pDstBox, const void* pSrcData, UINT SrcRowPitch, UINT SrcDepthPitch, UINT CopyFlags) override;

  // Queries (d3d11_query.cpp)
  void STDMETHODCALLTYPE Begin(ID3D11Asynchronous* pAsync) override;
  void STDMETHODCALLTYPE End(ID3D11Asynchronous* pAsync) override;
  HRESULT STDMETHODCALLTYPE GetData(ID3D11Asynchronous* pAsync, void* pData, UINT DataSize, UINT GetDataFlags) override;

  // The geometry and compute stages, indirect draws and dispatches, UAV counters
  // (d3d11_context_compute.cpp)
  void STDMETHODCALLTYPE GSSetConstantBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer* const* ppConstantBuffers) override;
  void STDMETHODCALLTYPE GSSetShader(ID3D11GeometryShader* pShader, ID3D11ClassInstance* const* ppClassInstances, UINT NumClassInstances) override;
  void STDMETHODCALLTYPE GSSetShaderResources(UINT StartSlot, UINT NumViews, ID3D11ShaderResourceView* const* ppShaderResourceViews) override;
  void STDMETHODCALLTYPE GSSetSamplers(UINT StartSlot, UINT NumSamplers, ID3D11SamplerState* const* ppSamplers) override;
  void STDMETHODCALLTYPE DrawIndexedInstancedIndirect(ID3D11Buffer* pBufferForArgs, UINT AlignedByteOffsetForArgs) override;
  void STDMETHODCALLTYPE DrawInstancedIndirect(ID3D11Buffer* pBufferForArgs, UINT AlignedByteOffsetForArgs) override;
  void STDMETHODCALLTYPE Dispatch(UINT ThreadGroupCountX, UINT ThreadGroupCountY, UINT ThreadGroupCountZ) override;
  void STDMETHODCALLTYPE DispatchIndirect(ID3D11Buffer* pBufferForArgs, UINT AlignedByteOffsetForArgs) override;
  void STDMETHODCALLTYPE CopyStructureCount(ID3D11Buffer* pDstBuffer, UINT DstAlignedByteOffset, ID3D11UnorderedAccessView* pSrcView) override;
  void STDMETHODCALLTYPE CSSetShaderResources(UINT StartSlot, UINT NumViews, ID3D11ShaderResourceView* const* ppShaderResourceViews) override;
  void STDMETHODCALLTYPE CSSetUnorderedAccessViews(UINT StartSlot, UINT NumUAVs, ID3D11UnorderedAccessView* const* ppUnorderedAccessViews, const UINT* pUAVInitialCounts) override;
  void STDMETHODCALLTYPE CSSetShader(ID3D11ComputeShader* pComputeShader, ID3D11ClassInstance* const* ppClassInstances, UINT NumClassInstances) override;
  void STDMETHODCALLTYPE CSSetSamplers(UINT StartSlot, UINT NumSamplers, ID3D11SamplerState* const* ppSamplers) override;
  void STDMETHODCALLTYPE CSSetConstantBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer* const* ppConstantBuffers) override;
  void STDMETHODCALLTYPE GSGetConstantBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer** ppConstantBuffers) override;
  void STDMETHODCALLTYPE GSGetShader(ID3D11GeometryShader** ppGeometryShader, ID3D11ClassInstance** ppClassInstances, UINT* pNumClassInstances) override;
  void STDMETHODCALLTYPE GSGetShaderResources(UINT StartSlot, UINT NumViews, ID3D11ShaderResourceView** ppShaderResourceViews) override;
  void STDMETHODCALLTYPE GSGetSamplers(UINT StartSlot, UINT NumSamplers, ID3D11SamplerState** ppSamplers) override;
  void STDMETHODCALLTYPE CSGetShaderResources(UINT StartSlot, UINT NumViews, ID3D11ShaderResourceView** ppShaderResourceViews) override;
  void STDMETHODCALLTYPE CSGetUnorderedAccessViews(UINT StartSlot, UINT NumUAVs, ID3D11UnorderedAccessView** ppUnorderedAccessViews) override;
  void STDMETHODCALLTYPE CSGetShader(ID3D11ComputeShader** ppComputeShader, ID3D11ClassInstance** ppClassInstances, UINT* pNumClassInstances) override;
  void STDMETHODCALLTYPE CSGetSamplers(UINT StartSlot, UINT NumSamplers, ID3D11SamplerState** ppSamplers) override;
  void STDMETHODCALLTYPE CSGetConstantBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer** ppConstantBuffers) override;

  // Drops every binding without telling the driver (device teardown).
  void releaseBindings();

  // Not implemented yet (d3d11_context_unimplemented.cpp):
  // ID3D11DeviceContext
  void STDMETHODCALLTYPE VSSetConstantBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer* const* ppConstantBuffers) override;
  void STDMETHODCALLTYPE PSSetShaderResources(UINT StartSlot, UINT NumViews, ID3D11ShaderResourceView* const* ppShaderResourceViews) override;
  void STDMETHODCALLTYPE PSSetShader(ID3D11PixelShader* pPixelShader, ID3D11ClassInstance* const* ppClassInstances, UINT NumClassInstances) override;
  void STDMETHODCALLTYPE PSSetSamplers(UINT StartSlot, UINT NumSamplers, ID3D11SamplerState* const* ppSamplers) override;
  void STDMETHODCALLTYPE VSSetShader(ID3D11VertexShader* pVertexShader, ID3D11ClassInstance* const* ppClassInstances, UINT NumClassInstances) override;
  void STDMETHODCALLTYPE DrawIndexed(UINT IndexCount, UINT StartIndexLocation, INT BaseVertexLocation) override;
  void STDMETHODCALLTYPE Draw(UINT VertexCount, UINT StartVertexLocation) override;
  void STDMETHODCALLTYPE PSSetConstantBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer* const* ppConstantBuffers) override;
  void STDMETHODCALLTYPE IASetInputLayout(ID3D11InputLayout* pInputLayout) override;
  void STDMETHODCALLTYPE IASetVertexBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer* const* ppVertexBuffers, const UINT* pStrides, const UINT* pOffsets) override;
  void STDMETHODCALLTYPE IASetIndexBuffer(ID3D11Buffer* pIndexBuffer, DXGI_FORMAT Format, UINT Offset) override;
  void STDMETHODCALLTYPE DrawIndexedInstanced(UINT IndexCountPerInstance, UINT InstanceCount, UINT StartIndexLocation, INT BaseVertexLocation, UINT StartInstanceLocation) override;
  void STDMETHODCALLTYPE DrawInstanced(UINT VertexCountPerInstance, UINT InstanceCount, UINT StartVertexLocation, UINT StartInstanceLocation) override;
  void STDMETHODCALLTYPE IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY Topology) override;
  void STDMETHODCALLTYPE VSSetShaderResources(UINT StartSlot, UINT NumViews, ID3D11ShaderResourceView* const* ppShaderResourceViews) override;
  void STDMETHODCALLTYPE VSSetSamplers(UINT StartSlot, UINT NumSamplers, ID3D11SamplerState* const* ppSamplers) override;
  void STDMETHODCALLTYPE SetPredication(ID3D11Predicate* pPredicate, BOOL PredicateValue) override;
  void STDMETHODCALLTYPE OMSetRenderTargetsAndUnorderedAccessViews( UINT NumRTVs, ID3D11RenderTargetView* const* ppRenderTargetViews, ID3D11DepthStencilView* pDepthStencilView, UINT UAVStartSlot, UINT NumUAVs, ID3D11UnorderedAccessView* const* ppUnorderedAccessViews, const UINT* pUAVInitialCounts) override;
  void STDMETHODCALLTYPE OMSetBlendState(ID3D11BlendState* pBlendState, const FLOAT BlendFactor[4], UINT SampleMask) override;
  void STDMETHODCALLTYPE OMSetDepthStencilState(ID3D11DepthStencilState* pDepthStencilState, UINT StencilRef) override;
  void STDMETHODCALLTYPE SOSetTargets(UINT NumBuffers, ID3D11Buffer* const* ppSOTargets, const UINT* pOffsets) override;
  void STDMETHODCALLTYPE DrawAuto() override;
  void STDMETHODCALLTYPE RSSetViewports(UINT NumViewports, const D3D11_VIEWPORT* pViewports) override;
  void STDMETHODCALLTYPE RSSetScissorRects(UINT NumRects, const D3D11_RECT* pRects) override;
  void STDMETHODCALLTYPE ClearUnorderedAccessViewUint(ID3D11UnorderedAccessView* pUnorderedAccessView, const UINT Values[4]) override;
  void STDMETHODCALLTYPE ClearUnorderedAccessViewFloat(ID3D11UnorderedAccessView* pUnorderedAccessView, const FLOAT Values[4]) override;
  void STDMETHODCALLTYPE GenerateMips(ID3D11ShaderResourceView* pShaderResourceView) override;
  void STDMETHODCALLTYPE SetResourceMinLOD(ID3D11Resource* pResource, FLOAT MinLOD) override;
  FLOAT STDMETHODCALLTYPE GetResourceMinLOD(ID3D11Resource* pResource) override;
  void STDMETHODCALLTYPE ExecuteCommandList(ID3D11CommandList* pCommandList, BOOL RestoreContextState) override;
  void STDMETHODCALLTYPE HSSetShaderResources(UINT StartSlot, UINT NumViews, ID3D11ShaderResourceView* const* ppShaderResourceViews) override;
  void STDMETHODCALLTYPE HSSetShader(ID3D11HullShader* pHullShader, ID3D11ClassInstance* const* ppClassInstances, UINT NumClassInstances) override;
  void STDMETHODCALLTYPE HSSetSamplers(UINT StartSlot, UINT NumSamplers, ID3D11SamplerState* const* ppSamplers) override;
  void STDMETHODCALLTYPE HSSetConstantBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer* const* ppConstantBuffers) override;
  void STDMETHODCALLTYPE DSSetShaderResources(UINT StartSlot, UINT NumViews, ID3D11ShaderResourceView* const* ppShaderResourceViews) override;
  void STDMETHODCALLTYPE DSSetShader(ID3D11DomainShader* pDomainShader, ID3D11ClassInstance* const* ppClassInstances, UINT NumClassInstances) override;
  void STDMETHODCALLTYPE DSSetSamplers(UINT StartSlot, UINT NumSamplers, ID3D11SamplerState* const* ppSamplers) override;
  void STDMETHODCALLTYPE DSSetConstantBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer* const* ppConstantBuffers) override;
  void STDMETHODCALLTYPE VSGetConstantBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer** ppConstantBuffers) override;
  void STDMETHODCALLTYPE PSGetShaderResources(UINT StartSlot, UINT NumViews, ID3D11ShaderResourceView** ppShaderResourceViews) override;
  void STDMETHODCALLTYPE PSGetShader(ID3D11PixelShader** ppPixelShader, ID3D11ClassInstance** ppClassInstances, UINT* pNumClassInstances) override;
  void STDMETHODCALLTYPE PSGetSamplers(UINT StartSlot, UINT NumSamplers, ID3D11SamplerState** ppSamplers) override;
  void STDMETHODCALLTYPE VSGetShader(ID3D11VertexShader** ppVertexShader, ID3D11ClassInstance** ppClassInstances, UINT* pNumClassInstances) override;
  void STDMETHODCALLTYPE PSGetConstantBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer** ppConstantBuffers) override;
  void STDMETHODCALLTYPE IAGetInputLayout(ID3D11InputLayout** ppInputLayout) override;
  void STDMETHODCALLTYPE IAGetVertexBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer** ppVertexBuffers, UINT* pStrides, UINT* pOffsets) override;
  void STDMETHODCALLTYPE IAGetIndexBuffer(ID3D11Buffer** pIndexBuffer, DXGI_FORMAT* Format, UINT* Offset) override;
  void STDMETHODCALLTYPE IAGetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY* pTopology) override;
  void STDMETHODCALLTYPE VSGetShaderResources(UINT StartSlot, UINT NumViews, ID3D11ShaderResourceView** ppShaderResourceViews) override;
  void STDMETHODCALLTYPE VSGetSamplers(UINT StartSlot, UINT NumSamplers, ID3D11SamplerState** ppSamplers) override;
  void STDMETHODCALLTYPE GetPredication(ID3D11Predicate** ppPredicate, BOOL* pPredicateValue) override;
  void STDMETHODCALLTYPE OMGetRenderTargetsAndUnorderedAccessViews( UINT NumRTVs, ID3D11RenderTargetView** ppRenderTargetViews, ID3D11DepthStencilView** ppDepthStencilView, UINT UAVStartSlot, UINT NumUAVs, ID3D11UnorderedAccessView** ppUnorderedAccessViews) override;
  void STDMETHODCALLTYPE OMGetBlendState(ID3D11BlendState** ppBlendState, FLOAT BlendFactor[4], UINT* pSampleMask) override;
  void STDMETHODCALLTYPE OMGetDepthStencilState(ID3D11DepthStencilState** ppDepthStencilState, UINT* pStencilRef) override;
  void STDMETHODCALLTYPE SOGetTargets(UINT NumBuffers, ID3D11Buffer** ppSOTargets) override;
  void STDMETHODCALLTYPE RSGetViewports(UINT* pNumViewports, D3D11_VIEWPORT* pViewports) override;
  void STDMETHODCALLTYPE RSGetScissorRects(UINT* pNumRects, D3D11_RECT* pRects) override;
  void STDMETHODCALLTYPE HSGetShaderResources(UINT StartSlot, UINT NumViews, ID3D11ShaderResourceView** ppShaderResourceViews) override;
  void STDMETHODCALLTYPE HSGetShader(ID3D11HullShader** ppHullShader, ID3D11ClassInstance** ppClassInstances, UINT* pNumClassInstances) override;
  void STDMETHODCALLTYPE HSGetSamplers(UINT StartSlot, UINT NumSamplers, ID3D11SamplerState** ppSamplers) override;
  void STDMETHODCALLTYPE HSGetConstantBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer** ppConstantBuffers) override;
  void STDMETHODCALLTYPE DSGetShaderResources(UINT StartSlot, UINT NumViews, ID3D11ShaderResourceView** ppShaderResourceViews) override;
  void STDMETHODCALLTYPE DSGetShader(ID3D11DomainShader** ppDomainShader, ID3D11ClassInstance** ppClassInstances, UINT* pNumClassInstances) override;
  void STDMETHODCALLTYPE DSGetSamplers(UINT StartSlot, UINT NumSamplers, ID3D11SamplerState** ppSamplers) override;
  void STDMETHODCALLTYPE DSGetConstantBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer** ppConstantBuffers) override;
  void STDMETHODCALLTYPE ClearState() override;
  // ID3D11DeviceContext1
  void STDMETHODCALLTYPE DiscardResource(ID3D11Resource* pResource) override;
  void STDMETHODCALLTYPE DiscardView(ID3D11View* pResourceView) override;
  void STDMETHODCALLTYPE VSSetConstantBuffers1(UINT StartSlot, UINT NumBuffers, ID3D11Buffer* const* ppConstantBuffers, const UINT* pFirstConstant, const UINT* pNumConstants) override;
  void STDMETHODCALLTYPE HSSetConstantBuffers1(UINT StartSlot, UINT NumBuffers, ID3D11Buffer* const* ppConstantBuffers, const UINT* pFirstConstant, const UINT* pNumConstants) override;
  void STDMETHODCALLTYPE DSSetConstantBuffers1(UINT StartSlot, UINT NumBuffers, ID3D11Buffer* const* ppConstantBuffers, const UINT* pFirstConstant, const UINT* pNumConstants) override;
  void STDMETHODCALLTYPE GSSetConstantBuffers1(UINT StartSlot, UINT NumBuffers, ID3D11Buffer* const* ppConstantBuffers, const UINT* pFirstConstant, const UINT* pNumConstants) override;
  void STDMETHODCALLTYPE PSSetConstantBuffers1(UINT StartSlot, UINT NumBuffers, ID3D11Buffer* const* ppConstantBuffers, const UINT* pFirstConstant, const UINT* pNumConstants) override;
  void STDMETHODCALLTYPE CSSetConstantBuffers1(UINT StartSlot, UINT NumBuffers, ID3D11Buffer* const* ppConstantBuffers, const UINT* pFirstConstant, const UINT* pNumConstants) override;
  void STDMETHODCALLTYPE VSGetConstantBuffers1(UINT StartSlot, UINT NumBuffers, ID3D11Buffer** ppConstantBuffers, UINT* pFirstConstant, UINT* pNumConstants) override;
  void STDMETHODCALLTYPE HSGetConstantBuffers1(UINT StartSlot, UINT NumBuffers, ID3D11Buffer** ppConstantBuffers, UINT* pFirstConstant, UINT* pNumConstants) override;
  void STDMETHODCALLTYPE DSGetConstantBuffers1(UINT StartSlot, UINT NumBuffers, ID3D11Buffer** ppConstantBuffers, UINT* pFirstConstant, UINT* pNumConstants) override;
  void STDMETHODCALLTYPE GSGetConstantBuffers1(UINT StartSlot, UINT NumBuffers, ID3D11Buffer** ppConstantBuffers, UINT* pFirstConstant, UINT* pNumConstants) override;
  void STDMETHODCALLTYPE PSGetConstantBuffers1(UINT StartSlot, UINT NumBuffers, ID3D11Buffer** ppConstantBuffers, UINT* pFirstConstant, UINT* pNumConstants) override;
  void STDMETHODCALLTYPE CSGetConstantBuffers1(UINT StartSlot, UINT NumBuffers, ID3D11Buffer** ppConstantBuffers, UINT* pFirstConstant, UINT* pNumConstants) override;
  void STDMETHODCALLTYPE SwapDeviceContextState(ID3DDeviceContextState* pState, ID3DDeviceContextState** ppPreviousState) override;
  void STDMETHODCALLTYPE ClearView(ID3D11View* pView, const FLOAT Color[4], const D3D11_RECT* pRect, UINT NumRects) override;
  void STDMETHODCALLTYPE DiscardView1(ID3D11View* pResourceView, const D3D11_RECT* pRects, UINT NumRects) override;
  // ID3D11DeviceContext2
  HRESULT STDMETHODCALLTYPE UpdateTileMappings( ID3D11Resource* pTiledResource, UINT NumTiledResourceRegions, const D3D11_TILED_RESOURCE_COORDINATE* pTiledResourceRegionStartCoordinates, const D3D11_TILE_REGION_SIZE* pTiledResourceRegionSizes, ID3D11Buffer* pTilePool, UINT NumRanges, const UINT* pRangeFlags, const UINT* pTilePoolStartOffsets, const UINT* pRangeTileCounts, UINT Flags) override;
  HRESULT STDMETHODCALLTYPE CopyTileMappings( ID3D11Resource* pDestTiledResource, const D3D11_TILED_RESOURCE_COORDINATE* pDestRegionStartCoordinate, ID3D11Resource* pSourceTiledResource, const D3D11_TILED_RESOURCE_COORDINATE* pSourceRegionStartCoordinate, const D3D11_TILE_REGION_SIZE* pTileRegionSize, UINT Flags) override;
  void STDMETHODCALLTYPE CopyTiles(ID3D11Resource* pTiledResource, const D3D11_TILED_RESOURCE_COORDINATE* pTileRegionStartCoordinate, const D3D11_TILE_REGION_SIZE* pTileRegionSize, ID3D11Buffer* pBuffer, UINT64 BufferStartOffsetInBytes, UINT Flags) override;
  void STDMETHODCALLTYPE UpdateTiles(ID3D11Resource* pDestTiledResource, const D3D11_TILED_RESOURCE_COORDINATE* pDestTileRegionStartCoordinate, const D3D11_TILE_REGION_SIZE* pDestTileRegionSize, const void* pSourceTileData, UINT Flags) override;
  HRESULT STDMETHODCALLTYPE ResizeTilePool(ID3D11Buffer* pTilePool, UINT64 NewSizeInBytes) override;
  void STDMETHODCALLTYPE TiledResourceBarrier(ID3D11DeviceChild* pTiledResourceOrViewAccessBeforeBarrier, ID3D11DeviceChild* pTiledResourceOrViewAccessAfterBarrier) override;
  BOOL STDMETHODCALLTYPE IsAnnotationEnabled() override;
  void STDMETHODCALLTYPE SetMarkerInt(LPCWSTR pLabel, INT Data) override;
  void STDMETHODCALLTYPE BeginEventInt(LPCWSTR pLabel, INT Data) override;
  void STDMETHODCALLTYPE EndEvent() override;
  // ID3D11DeviceContext3
  void STDMETHODCALLTYPE Flush1(D3D11_CONTEXT_TYPE ContextType, HANDLE hEvent) override;
  void STDMETHODCALLTYPE SetHardwareProtectionState(BOOL HwProtectionEnable) override;
  void STDMETHODCALLTYPE GetHardwareProtectionState(BOOL* pHwProtectionEnable) override;

 private:
  D3D11Device& device_;
  const D3D_FEATURE_LEVEL featureLevel_;  // the device's: the level checks below ask it on every call
  DdiDevice* inertDdi_ = nullptr;  // set for a deferred context's state
  // Where the context's DDI calls go: the device's driver, or the inert device.
  DdiDevice& driver();
  // What each method holds while it runs: the device's critical section while
  // multithread protection is on (ID3D11Multithread); nothing for a deferred
  // context's state. A method that moves out of d3d11_context_unimplemented.cpp
  // starts with `const auto contextEntryLock = lockEntry();`.
  D3D11Multithread::Scope lockEntry();
  PrivateDataStore privateData_;
  // The state object SwapDeviceContextState activated last (a private
  // reference; null: the device's own state, d3d11_context_state.cpp).
  class D3D11DeviceContextState* activeState_ = nullptr;
  void releaseActiveState();
  // ID3DUserDefinedAnnotation and the events and markers of ID3D11DeviceContext2.
  D3D11UserDefinedAnnotation annotation_{*this, device_};
  class D3D11RasterizerState* rasterizerState_ = nullptr;  // null: the default state
  // Output-merger bindings, each holding a private reference.
  class D3D11RenderTargetView* renderTargets_[D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT] = {};
  UINT renderTargetCount_ = 0;
  class D3D11DepthStencilView* depthStencil_ = nullptr;
  // The pixel shader's UAV slots (D3D11.0: 8, D3D11.1: 64), shared with the
  // render targets: UAVs start at or after the last render target.
  class D3D11UnorderedAccessView* unorderedAccessViews_[D3D11_1_UAV_SLOT_COUNT] = {};
  UINT uavSlotsInUse_ = 0;  // one past the highest UAV slot holding a view (what boundForOutput scans)
  // UAV slots of the feature level: the pixel stage's (11_1: 64, 11_0: 8,
  // none below) and the compute stage's (11_1: 64, 11_0: 8, 10_x: 1, 9_x: none).
  UINT uavSlotCount() const;
  UINT computeUavSlotCount() const;
  // Simultaneous render targets of the feature level (9_1/9_2: 1, 9_3: 4, 10_0+: 8).
  UINT renderTargetSlotCount() const;
  // Binds render targets + depth-stencil (when setTargets) and the UAV slots
  // (all of them, from `uavs`) with one pfnSetRenderTargets.
  void setOutputMerger(bool setTargets, UINT numRTVs, class D3D11RenderTargetView* const* rtvs,
                       class D3D11DepthStencilView* dsv, class D3D11UnorderedAccessView* const* uavs,
                       const char* function, const UINT* initialCounts = nullptr);

  // The draw path's bindings (d3d11_context_draw.cpp); bound objects hold private references.
  struct VertexBufferBinding {
    class D3D11Buffer* buffer = nullptr;
    UINT stride = 0, offset = 0;
  };
  class D3D11InputLayout* inputLayout_ = nullptr;
  VertexBufferBinding vertexBuffers_[D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT] = {};
  class D3D11Buffer* indexBuffer_ = nullptr;
  DXGI_FORMAT indexFormat_ = DXGI_FORMAT_UNKNOWN;
  UINT indexOffset_ = 0;
  D3D11_PRIMITIVE_TOPOLOGY topology_ = D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED;
  ID3D11VertexShader* vertexShader_ = nullptr;  // a D3D11VertexShader
  ID3D11PixelShader* pixelShader_ = nullptr;    // a D3D11PixelShader
  // Per-stage bindings are indexed by stage: kVS, kPS, kGS, kHS, kDS (the graphics stages), kCS.
  enum Stage : int { kVS = 0, kPS = 1, kGS = 2, kHS = 3, kDS = 4, kCS = 5, kStages = 6 };
  ID3D11GeometryShader* geometryShader_ = nullptr;  // a D3D11GeometryShader
  ID3D11HullShader* hullShader_ = nullptr;          // a D3D11HullShader
  ID3D11DomainShader* domainShader_ = nullptr;      // a D3D11DomainShader
  // checkDraw passed without a message and nothing it reads (the topology,
  // the hull, domain, geometry and pixel shaders, the rasterizer state) was
  // assigned since: the next draw skips it. Every assignment of those clears it.
  bool drawValidated_ = false;
  // The draw-time rules of the tessellation stages (d3d11_context_tessellation.cpp);
  // false: the draw is dropped after the debug layer's message. `*topology`
  // becomes what the rasterizer sees when the domain shader's output replaces the patches.
  bool validateTessellation(const char* function, uint32_t* topology);
  void releaseTessellationBindings();
  ID3D11ComputeShader* computeShader_ = nullptr;    // a D3D11ComputeShader
  // The compute stage's UAV slots (D3D11.0: 8, D3D11.1: 64), apart from the output merger's.
  class D3D11UnorderedAccessView* computeUavs_[D3D11_1_UAV_SLOT_COUNT] = {};
  class D3D11Buffer* constantBuffers_[kStages][D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT] = {};
  // Each slot's window in constants (D3D11.1's *SetConstantBuffers1; the whole buffer, at most 4096, otherwise).
  UINT constantBufferFirst_[kStages][D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT] = {};
  UINT constantBufferCount_[kStages][D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT] = {};
  D3D11_VIEWPORT viewports_[D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE] = {};
  UINT viewportCount_ = 0;
  D3D11_RECT scissorRects_[D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE] = {};
  UINT scissorRectCount_ = 0;
  class D3D11BlendState* blendState_ = nullptr;  // null: the default state
  FLOAT blendFactor_[4] = {1, 1, 1, 1};
  UINT sampleMask_ = 0xFFFFFFFF;
  class D3D11DepthStencilState* depthStencilState_ = nullptr;  // null: the default state
  UINT stencilRef_ = 0;
  // Shader resources and samplers of every stage (d3d11_context_shader_resources.cpp).
  class D3D11ShaderResourceView* shaderResources_[kStages][D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT] = {};
  class D3D11SamplerState* samplers_[kStages][D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT] = {};
  void setShaderResources(int stage, const char* function, UINT start, UINT count,
                          ID3D11ShaderResourceView* const* views);
  void getShaderResources(int stage, UINT start, UINT count, ID3D11ShaderResourceView** views);
  void setSamplers(int stage, const char* function, UINT start, UINT count, ID3D11SamplerState* const* samplers);
  void getSamplers(int stage, UINT start, UINT count, ID3D11SamplerState** samplers);
  // D3D11's hazard rule: a resource bound for output is unbound from the
  // input slots of its pipeline — the graphics stages' shader-resource slots
  // and the input assembler's vertex and index buffers for the output merger's
  // targets and UAVs and for stream-output targets, the compute stage's
  // shader-resource slots for its UAVs — with the debug layer's warning
  // (OMSETRENDERTARGETS_HAZARD, SOSETTARGETS_HAZARD,
  // CSSETUNORDEREDACCESSVIEWS_HAZARD). (A constant buffer has no other bind
  // flag, so it is never bound for output.)
  // A depth-stencil view's resource stays readable by shader-resource views of
  // the planes the view leaves read-only (D3D11.3 §17.13): `depthStencil`,
  // the view being bound, keeps those.
  enum class OutputBinding { OutputMerger, StreamOutput, ComputeUav };
  void unbindInputsOf(const void* resource, const char* function, OutputBinding output = OutputBinding::OutputMerger,
                      const class D3D11DepthStencilView* depthStencil = nullptr);
  // The hazard rule for a shader-resource view bound in `stage`: its resource
  // bound for output there (boundForOutput), but for the bound depth-stencil
  // view's resource, only where the view writes a plane `view` reads.
  bool shaderResourceHazard(int stage, class D3D11ShaderResourceView& view) const;
  // Whether a resource is bound for output where a view in `stage`'s slots
  // (kVS: the input assembler's too) would read it. Only a resource created
  // with an output bind flag can be (its views and stream-output binding need
  // the flag): the others answer at once.
  bool boundForOutput(int stage, const class D3D11ResourceBase* resource) const;
  // Whether it is a render target, the depth-stencil view's or an output-merger UAV's.
  bool boundToOutputMerger(const void* resource) const;
  // Whether it is one of SOSetTargets' buffers.
  bool boundForStreamOutput(const void* resource) const;
  // The input assembler's part of unbindInputsOf.
  void unbindInputAssemblerOf(const void* resource, const char* function, const char* output, D3D11_MESSAGE_ID id,
                              const char* idName);
  void releaseComputeBindings();
  void releaseShaderResourceBindings();
  void releaseDrawBindings();
  // d3d11_context_constant_buffers.cpp: first/num null bind whole buffers (*SetConstantBuffers);
  // `function` names the *SetConstantBuffers1 call in the debug layer's messages.
  void setConstantBuffers(int stage, UINT start, UINT count, ID3D11Buffer* const* buffers, const UINT* first = nullptr,
                          const UINT* num = nullptr, const char* function = nullptr);
  void getConstantBuffers(int stage, UINT start, UINT count, ID3D11Buffer** buffers, UINT* first = nullptr,
                          UINT* num = nullptr);
  // Predication (d3d11_context_predication.cpp): the predicate SetPredication
  // set (a private reference; null: none) and its PredicateValue; the driver
  // predicates the commands.
  class D3D11Query* predicate_ = nullptr;
  BOOL predicateValue_ = FALSE;
  void releasePredicate();
  // Stream-output targets (d3d11_context_stream_output.cpp): private references, and their offsets (-1: append).
  class D3D11Buffer* soTargets_[D3D11_SO_BUFFER_SLOT_COUNT] = {};
  UINT soOffsets_[D3D11_SO_BUFFER_SLOT_COUNT] = {};
  void releaseStreamOutputTargets();
  // The runtime's draw-time checks; false: the draw must not reach the driver.
  bool validateDraw(const char* function) { return drawValidated_ || checkDraw(function); }
  bool checkDraw(const char* function);
  // The feature levels' rules of the context's methods (d3d11_context_level9.cpp,
  // after the D3D11 docs' "10Level9 ID3D11DeviceContext Methods"); false: the
  // call is dropped, with the debug layer's message. Binding NULLs is always allowed.
  enum class StageBinding { ShaderResources, Samplers, ConstantBuffers };
  template <typename T>
  bool stageBindingAllowed(int stage, StageBinding what, UINT start, UINT count, T* const* objects, const char* function) {
    if (featureLevel_ >= D3D_FEATURE_LEVEL_11_0) return true;  // every stage and slot (levelAllowsStageObjects)
    bool any = false;
    UINT last = 0;  // the last object's (non-null entry's) index
    for (UINT i = 0; objects && i < count; ++i)
      if (objects[i]) any = true, last = i;
    return !any || levelAllowsStageObjects(stage, what, start + last, function);
  }
  // Objects bound to `stage`, the last in slot `lastSlot`, at a feature level below 11_0.
  bool levelAllowsStageObjects(int stage, StageBinding what, UINT lastSlot, const char* function);
  enum class DrawKind { Draw, Indexed, Instanced, IndexedInstanced, Auto };
  bool levelAllowsDraw(DrawKind kind, UINT countPerInstance, const char* function);
  bool levelAllowsRenderTargets(UINT count, class D3D11RenderTargetView* const* rtvs, const char* function);
  bool levelAllowsCopy(const class D3D11ResourceBase& dst, const class D3D11ResourceBase& src, const char* function);
  // A dropped state-setting call: the debug layer's STATE_SETTING error.
  void stateSettingError(int id, const char* idName, const char* function, const std::string& text);

  // SM5 interfaces (d3d11_context_class_instances.cpp): the class instances bound
  // with each stage's shader, by interface slot (private references).
  class D3D11ClassInstance* classInstances_[kStages][D3D11_SHADER_MAX_INTERFACES] = {};
  UINT classInstanceCount_[kStages] = {};
  // What *SetShader needs of the shader: whether one is bound and, when it calls
  // through interfaces, its IFCE data and declarations.
  struct ShaderInterfaces {
    bool bound = false;
    const dxbc::InterfaceInfo* info = nullptr;
    const dxbc::InterfaceDeclarations* declarations = nullptr;
  };
  template <typename S>
  static ShaderInterfaces interfacesOf(const S* shader) {
    if (!shader) return {};
    if (!shader->usesInterfaces()) return {true, nullptr, nullptr};
    return {true, &shader->interfaceInfo(), &shader->interfaceDeclarations()};
  }
  // Checks the instances against the shader's interface slots and fills, per slot,
  // the function table the instance's class selects there and its pointer data.
  // False after the debug layer's message: the call is dropped.
  bool resolveClassInstances(const char* function, const ShaderInterfaces& shader,
                             ID3D11ClassInstance* const* instances, UINT count, std::vector<UINT>* tables,
                             std::vector<D3D11DDIARG_POINTERDATA>* pointers);
  void bindClassInstances(int stage, ID3D11ClassInstance* const* instances, UINT count);
  // *GetShader's instances: AddRef'd into `out` (up to *count entries), *count set to the bound count.
  void getClassInstances(int stage, ID3D11ClassInstance** out, UINT* count);
  void releaseClassInstances();
};

}  // namespace d3dvk::runtime
