// runtime/d3d11/d3d11_device.h — the D3D11 device (ID3D11Device3) over one DDI
// device: feature level, creation flags, private data, the immediate context,
// its IDXGIDevice4 part (dxgi_device.h),
// and CheckFeatureSupport (D3D11_OPTIONS2 → the UMD's GetCaps, only for feature
// level 11_1+ on a WDDM 2.0 DDI, as the spec requires). Every Create* lives
// in d3d11_device_create_<family>.cpp — states (rasterizer, blend,
// depth-stencil, sampler), resources (and the format checks), views, shaders
// (and input layouts), queries (and predicates); methods not implemented yet
// live in d3d11_device_unimplemented.cpp.
#pragma once

#include "d3d11_context.h"
#include "d3d11_device_child.h"
#include "d3d11_multithread.h"
#include "d3d11_output_merger_state.h"
#include "d3d11_rasterizer_state.h"
#include "d3d11_resource_validation.h"
#include "d3d11_sampler_state.h"
#include "d3d11_state_object_cache.h"
#include "dxgi_device.h"
#include "info_queue.h"
#include "private_data.h"
#include "umd_adapter.h"

#include <d3d11_3.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <string>

namespace d3dvk::runtime {

class D3D11Device final : public ID3D11Device3 {
 public:
  // Creates the DDI device on the adapter; *error says why on failure. dxgiAdapter
  // is the DXGI adapter IDXGIDevice::GetAdapter returns (held by the device).
  static HRESULT create(std::shared_ptr<UmdAdapter> adapter, DxgiAdapter& dxgiAdapter, D3D_FEATURE_LEVEL featureLevel,
                        UINT flags, D3D11Device** out, std::string* error);
  DxgiDevice& dxgiDevice() { return *dxgiDevice_; }

  DdiDevice& ddi() { return *ddi_; }
  // The device was removed (the UMD reported it): every HRESULT method returns
  // the reason from then on, and creates hand out null.
  bool removed() { return FAILED(ddi_->removedReason()); }
  template <typename T>
  HRESULT removedFailure(T** out) {
    if (out) *out = nullptr;
    return ddi_->removedReason();
  }
  D3D11ImmediateContext& immediateContext() { return context_; }
  // ID3D11Multithread: the critical section the immediate context takes while protection is on.
  D3D11Multithread& multithread() { return multithread_; }

  // The conservative tier the driver reports (GetCaps, asked once); NOT_SUPPORTED
  // below feature level 11_1 or without the WDDM 2.0 DDI, without asking.
  D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_TIER conservativeTier();

  // D3D11_FEATURE_DATA_D3D11_OPTIONS::OutputMergerLogicOp: what the driver
  // reports (D3D11_1DDICAPS_D3D11_OPTIONS), FALSE below feature level 10_0.
  bool logicOpSupported();

  // D3D11_FEATURE_DATA_D3D11_OPTIONS2::PSSpecifiedStencilRefSupported: the
  // driver's D3D11DDICAPS_SHADER_SPECIFIED_STENCIL_REF, at feature level 11_0
  // and up (SV_StencilRef is ps_5_0's) of a WDDM 2.0 UMD (a D3D11.3 feature).
  bool stencilRefSupported();

  // A debug-layer message (D3D11_CREATE_DEVICE_DEBUG); nothing without the flag.
  void debugMessage(D3D11_MESSAGE_CATEGORY category, D3D11_MESSAGE_SEVERITY severity, int id, const char* idName,
                    const char* function, const std::string& text);
  debug::InfoQueue* infoQueue() { return infoQueue_.get(); }
  // CreateDeferredContext*'s body (d3d11_deferred_context.cpp).
  HRESULT createDeferredContext(UINT ContextFlags, REFIID riid, void** ppDeferredContext);

  // IUnknown
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  ULONG STDMETHODCALLTYPE AddRef() override;
  ULONG STDMETHODCALLTYPE Release() override;
  // ID3D11Device (implemented)
  HRESULT STDMETHODCALLTYPE CheckFeatureSupport(D3D11_FEATURE Feature, void* pFeatureSupportData,
                                                UINT FeatureSupportDataSize) override;
  HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID guid, UINT* pDataSize, void* pData) override;
  HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID guid, UINT DataSize, const void* pData) override;
  HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID guid, const IUnknown* pData) override;
  D3D_FEATURE_LEVEL STDMETHODCALLTYPE GetFeatureLevel() override;
  UINT STDMETHODCALLTYPE GetCreationFlags() override;
  HRESULT STDMETHODCALLTYPE GetDeviceRemovedReason() override;
  void STDMETHODCALLTYPE GetImmediateContext(ID3D11DeviceContext** ppImmediateContext) override;
  HRESULT STDMETHODCALLTYPE SetExceptionMode(UINT RaiseFlags) override;
  UINT STDMETHODCALLTYPE GetExceptionMode() override;
  HRESULT STDMETHODCALLTYPE CreateRasterizerState(const D3D11_RASTERIZER_DESC* pRasterizerDesc,
                                                  ID3D11RasterizerState** ppRasterizerState) override;
  HRESULT STDMETHODCALLTYPE CreateRasterizerState1(const D3D11_RASTERIZER_DESC1* pRasterizerDesc,
                                                   ID3D11RasterizerState1** ppRasterizerState) override;
  HRESULT STDMETHODCALLTYPE CreateRasterizerState2(const D3D11_RASTERIZER_DESC2* pRasterizerDesc,
                                                   ID3D11RasterizerState2** ppRasterizerState) override;
  void STDMETHODCALLTYPE GetImmediateContext1(ID3D11DeviceContext1** ppImmediateContext) override;
  void STDMETHODCALLTYPE GetImmediateContext2(ID3D11DeviceContext2** ppImmediateContext) override;
  void STDMETHODCALLTYPE GetImmediateContext3(ID3D11DeviceContext3** ppImmediateContext) override;
  HRESULT STDMETHODCALLTYPE CheckMultisampleQualityLevels1(DXGI_FORMAT Format, UINT SampleCount, UINT Flags, UINT* pNumQualityLevels) override;
  HRESULT STDMETHODCALLTYPE CheckMultisampleQualityLevels(DXGI_FORMAT Format, UINT SampleCount, UINT* pNumQualityLevels) override;
  HRESULT STDMETHODCALLTYPE CheckFormatSupport(DXGI_FORMAT Format, UINT* pFormatSupport) override;
  HRESULT STDMETHODCALLTYPE CreateDepthStencilView(ID3D11Resource* pResource, const D3D11_DEPTH_STENCIL_VIEW_DESC* pDesc, ID3D11DepthStencilView** ppDepthStencilView) override;
  HRESULT STDMETHODCALLTYPE CreateRenderTargetView(ID3D11Resource* pResource, const D3D11_RENDER_TARGET_VIEW_DESC* pDesc, ID3D11RenderTargetView** ppRTView) override;
  HRESULT STDMETHODCALLTYPE CreateShaderResourceView(ID3D11Resource* pResource, const D3D11_SHADER_RESOURCE_VIEW_DESC* pDesc, ID3D11ShaderResourceView** ppSRView) override;
  HRESULT STDMETHODCALLTYPE CreateTexture2D(const D3D11_TEXTURE2D_DESC* pDesc, const D3D11_SUBRESOURCE_DATA* pInitialData, ID3D11Texture2D** ppTexture2D) override;
  // A DXGI swapchain's back buffer: CreateTexture2D's texture, marked presentable
  // (D3D11ResourceBase::presentable) and, for a sequential swapchain's buffers
  // above 0, read-only.
  HRESULT createSwapChainBuffer(const D3D11_TEXTURE2D_DESC& desc, bool readOnly, ID3D11Texture2D** texture);
  HRESULT STDMETHODCALLTYPE CreateGeometryShader(const void* pShaderBytecode, SIZE_T BytecodeLength, ID3D11ClassLinkage* pClassLinkage, ID3D11GeometryShader** ppGeometryShader) override;
  HRESULT STDMETHODCALLTYPE CreateComputeShader(const void* pShaderBytecode, SIZE_T BytecodeLength, ID3D11ClassLinkage* pClassLinkage, ID3D11ComputeShader** ppComputeShader) override;
  HRESULT STDMETHODCALLTYPE CreateBuffer(const D3D11_BUFFER_DESC* pDesc, const D3D11_SUBRESOURCE_DATA* pInitialData, ID3D11Buffer** ppBuffer) override;
  // Queries (d3d11_device_create_queries.cpp)
  HRESULT STDMETHODCALLTYPE CreateQuery(const D3D11_QUERY_DESC* pQueryDesc, ID3D11Query** ppQuery) override;
  HRESULT STDMETHODCALLTYPE CreateQuery1(const D3D11_QUERY_DESC1* pQueryDesc1, ID3D11Query1** ppQuery1) override;
  HRESULT STDMETHODCALLTYPE CreatePredicate(const D3D11_QUERY_DESC* pPredicateDesc, ID3D11Predicate** ppPredicate) override;

  // Not implemented yet (d3d11_device_unimplemented.cpp):
  // ID3D11Device
  HRESULT STDMETHODCALLTYPE CreateTexture1D(const D3D11_TEXTURE1D_DESC* pDesc, const D3D11_SUBRESOURCE_DATA* pInitialData, ID3D11Texture1D** ppTexture1D) override;
  HRESULT STDMETHODCALLTYPE CreateTexture3D(const D3D11_TEXTURE3D_DESC* pDesc, const D3D11_SUBRESOURCE_DATA* pInitialData, ID3D11Texture3D** ppTexture3D) override;
  HRESULT STDMETHODCALLTYPE CreateUnorderedAccessView(ID3D11Resource* pResource, const D3D11_UNORDERED_ACCESS_VIEW_DESC* pDesc, ID3D11UnorderedAccessView** ppUAView) override;
  HRESULT STDMETHODCALLTYPE CreateInputLayout(const D3D11_INPUT_ELEMENT_DESC* pInputElementDescs, UINT NumElements, const void* pShaderBytecodeWithInputSignature, SIZE_T BytecodeLength, ID3D11InputLayout** ppInputLayout) override;
  HRESULT STDMETHODCALLTYPE CreateVertexShader(const void* pShaderBytecode, SIZE_T BytecodeLength, ID3D11ClassLinkage* pClassLinkage, ID3D11VertexShader** ppVertexShader) override;
  HRESULT STDMETHODCALLTYPE CreateGeometryShaderWithStreamOutput( const void* pShaderBytecode, SIZE_T BytecodeLength, const D3D11_SO_DECLARATION_ENTRY* pSODeclaration, UINT NumEntries, const UINT* pBufferStrides, UINT NumStrides, UINT RasterizedStream, ID3D11ClassLinkage* pClassLinkage, ID3D11GeometryShader** ppGeometryShader) override;
  HRESULT STDMETHODCALLTYPE CreatePixelShader(const void* pShaderBytecode, SIZE_T BytecodeLength, ID3D11ClassLinkage* pClassLinkage, ID3D11PixelShader** ppPixelShader) override;
  HRESULT STDMETHODCALLTYPE CreateHullShader(const void* pShaderBytecode, SIZE_T BytecodeLength, ID3D11ClassLinkage* pClassLinkage, ID3D11HullShader** ppHullShader) override;
  HRESULT STDMETHODCALLTYPE CreateDomainShader(const void* pShaderBytecode, SIZE_T BytecodeLength, ID3D11ClassLinkage* pClassLinkage, ID3D11DomainShader** ppDomainShader) override;
  HRESULT STDMETHODCALLTYPE CreateClassLinkage(ID3D11ClassLinkage** ppLinkage) override;
  HRESULT STDMETHODCALLTYPE CreateBlendState(const D3D11_BLEND_DESC* pBlendStateDesc, ID3D11BlendState** ppBlendState) override;
  HRESULT STDMETHODCALLTYPE CreateDepthStencilState(const D3D11_DEPTH_STENCIL_DESC* pDepthStencilDesc, ID3D11DepthStencilState** ppDepthStencilState) override;
  HRESULT STDMETHODCALLTYPE CreateSamplerState(const D3D11_SAMPLER_DESC* pSamplerDesc, ID3D11SamplerState** ppSamplerState) override;
  HRESULT STDMETHODCALLTYPE CreateCounter(const D3D11_COUNTER_DESC* pCounterDesc, ID3D11Counter** ppCounter) override;
  HRESULT STDMETHODCALLTYPE CreateDeferredContext(UINT ContextFlags, ID3D11DeviceContext** ppDeferredContext) override;
  HRESULT STDMETHODCALLTYPE OpenSharedResource(HANDLE hResource, REFIID ReturnedInterface, void** ppResource) override;
  void STDMETHODCALLTYPE CheckCounterInfo(D3D11_COUNTER_INFO* pCounterInfo) override;
  HRESULT STDMETHODCALLTYPE CheckCounter(const D3D11_COUNTER_DESC* pDesc, D3D11_COUNTER_TYPE* pType, UINT* pActiveCounters, LPSTR szName, UINT* pNameLength, LPSTR szUnits, UINT* pUnitsLength, LPSTR szDescription, UINT* pDescriptionLength) override;
  // ID3D11Device1
  HRESULT STDMETHODCALLTYPE CreateDeferredContext1(UINT ContextFlags, ID3D11DeviceContext1** ppDeferredContext) override;
  HRESULT STDMETHODCALLTYPE CreateBlendState1(const D3D11_BLEND_DESC1* pBlendStateDesc, ID3D11BlendState1** ppBlendState) override;
  HRESULT STDMETHODCALLTYPE CreateDeviceContextState(UINT Flags, const D3D_FEATURE_LEVEL* pFeatureLevels, UINT FeatureLevels, UINT SDKVersion, REFIID EmulatedInterface, D3D_FEATURE_LEVEL* pChosenFeatureLevel, ID3DDeviceContextState** ppContextState) override;
  HRESULT STDMETHODCALLTYPE OpenSharedResource1(HANDLE hResource, REFIID returnedInterface, void** ppResource) override;
  HRESULT STDMETHODCALLTYPE OpenSharedResourceByName(LPCWSTR lpName, DWORD dwDesiredAccess, REFIID returnedInterface, void** ppResource) override;
  // ID3D11Device2
  HRESULT STDMETHODCALLTYPE CreateDeferredContext2(UINT ContextFlags, ID3D11DeviceContext2** ppDeferredContext) override;
  void STDMETHODCALLTYPE GetResourceTiling(ID3D11Resource* pTiledResource, UINT* pNumTilesForEntireResource, D3D11_PACKED_MIP_DESC* pPackedMipDesc, D3D11_TILE_SHAPE* pStandardTileShapeForNonPackedMips, UINT* pNumSubresourceTilings, UINT FirstSubresourceTilingToGet, D3D11_SUBRESOURCE_TILING* pSubresourceTilingsForNonPackedMips) override;
  // ID3D11Device3
  HRESULT STDMETHODCALLTYPE CreateTexture2D1(const D3D11_TEXTURE2D_DESC1* pDesc1, const D3D11_SUBRESOURCE_DATA* pInitialData, ID3D11Texture2D1** ppTexture2D) override;
  HRESULT STDMETHODCALLTYPE CreateTexture3D1(const D3D11_TEXTURE3D_DESC1* pDesc1, const D3D11_SUBRESOURCE_DATA* pInitialData, ID3D11Texture3D1** ppTexture3D) override;
  HRESULT STDMETHODCALLTYPE CreateShaderResourceView1(ID3D11Resource* pResource, const D3D11_SHADER_RESOURCE_VIEW_DESC1* pDesc1, ID3D11ShaderResourceView1** ppSRView1) override;
  HRESULT STDMETHODCALLTYPE CreateUnorderedAccessView1(ID3D11Resource* pResource, const D3D11_UNORDERED_ACCESS_VIEW_DESC1* pDesc1, ID3D11UnorderedAccessView1** ppUAView1) override;
  HRESULT STDMETHODCALLTYPE CreateRenderTargetView1(ID3D11Resource* pResource, const D3D11_RENDER_TARGET_VIEW_DESC1* pDesc1, ID3D11RenderTargetView1** ppRTView1) override;
  HRESULT STDMETHODCALLTYPE CreateDeferredContext3(UINT ContextFlags, ID3D11DeviceContext3** ppDeferredContext) override;
  void STDMETHODCALLTYPE WriteToSubresource(ID3D11Resource* pDstResource, UINT DstSubresource, const D3D11_BOX* pDstBox, const void* pSrcData, UINT SrcRowPitch, UINT SrcDepthPitch) override;
  void STDMETHODCALLTYPE ReadFromSubresource(void* pDstData, UINT DstRowPitch, UINT DstDepthPitch, ID3D11Resource* pSrcResource, UINT SrcSubresource, const D3D11_BOX* pSrcBox) override;

 private:
  // CreateTexture2D, and for a swapchain's back buffer with `presentable`.
  HRESULT createTexture2D(const D3D11_TEXTURE2D_DESC* pDesc, const D3D11_SUBRESOURCE_DATA* pInitialData,
                          ID3D11Texture2D** ppTexture2D, bool presentable, bool readOnly = false);
  D3D11Device(std::unique_ptr<DdiDevice> ddi, DxgiAdapter& dxgiAdapter, D3D_FEATURE_LEVEL featureLevel, UINT flags);
  ~D3D11Device();
  HRESULT checkOptions2(D3D11_FEATURE_DATA_D3D11_OPTIONS2* data);
  HRESULT queryConservativeTier(D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_TIER* tier);
  // What the driver reports for a format and sample count (0: unsupported).
  UINT qualityLevels(DXGI_FORMAT format, UINT sampleCount);
  // The 10level9 rules a desc breaks, reported as debug-layer errors (d3d11_level9.h); true when any.
  bool reportLevel9Errors(const char* function, const std::vector<ResourceDescError>& errors);
  // D3D11_FORMAT_SUPPORT and D3D11_FORMAT_SUPPORT2 bits of a format: what
  // d3dvk does with it on this device (d3d11_format_support.cpp); E_FAIL for
  // a format it cannot use at all.
  HRESULT formatSupport(DXGI_FORMAT format, UINT* support, UINT* support2);
  // The one worker behind CreateRasterizerState, …1 and …2.
  HRESULT createRasterizerState(const char* function, const D3D11_RASTERIZER_DESC2* desc,
                                ID3D11RasterizerState2** out);

  std::atomic<ULONG> refs_{1};
  std::unique_ptr<DdiDevice> ddi_;
  D3D_FEATURE_LEVEL featureLevel_;
  UINT flags_;
  UINT exceptionMode_ = 0;
  PrivateDataStore privateData_;
  std::unique_ptr<debug::InfoQueue> infoQueue_;
  std::unique_ptr<DxgiDevice> dxgiDevice_;  // IDXGIDevice4, a tear-off sharing this IUnknown
  std::once_flag conservativeTierOnce_;
  D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_TIER conservativeTier_ = D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED;
  // Identical state descs share one object (d3d11_state_object_cache.h).
  StateObjectCache<D3D11RasterizerState> rasterizerStates_;
  StateObjectCache<D3D11BlendState> blendStates_;
  StateObjectCache<D3D11DepthStencilState> depthStencilStates_;
  StateObjectCache<D3D11SamplerState> samplerStates_;
  D3D11Multithread multithread_{*this};
  D3D11ImmediateContext context_;  // last: destroyed first, releasing its bindings
};

// D3D11DeviceChild members that need the complete device.
template <typename Interface>
void D3D11DeviceChild<Interface>::deviceAddRef() {
  device_.AddRef();
}
template <typename Interface>
void D3D11DeviceChild<Interface>::deviceRelease(D3D11Device& device) {
  device.Release();
}
template <typename Interface>
void STDMETHODCALLTYPE D3D11DeviceChild<Interface>::GetDevice(ID3D11Device** ppDevice) try {
  if (!ppDevice) return;
  device_.AddRef();
  *ppDevice = &device_;
} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
