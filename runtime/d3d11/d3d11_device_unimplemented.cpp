// runtime/d3d11/d3d11_device_unimplemented.cpp — every ID3D11Device3 method d3dvk
// does not implement yet: they return E_NOTIMPL (void ones leave null/zero
// outputs) and never crash. A method moves out of this file when implemented.
#include "d3d11_device.h"

namespace d3dvk::runtime {

HRESULT STDMETHODCALLTYPE D3D11Device::CreateCounter(const D3D11_COUNTER_DESC* pCounterDesc, ID3D11Counter** ppCounter) try {
  if (ppCounter) *ppCounter = nullptr;
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::OpenSharedResource(HANDLE hResource, REFIID ReturnedInterface, void** ppResource) try {
  if (ppResource) *ppResource = nullptr;
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D11Device::CheckCounterInfo(D3D11_COUNTER_INFO* pCounterInfo) try {
  // not implemented yet
} D3DVK_CATCH_VOID

HRESULT STDMETHODCALLTYPE D3D11Device::CheckCounter(const D3D11_COUNTER_DESC* pDesc, D3D11_COUNTER_TYPE* pType, UINT* pActiveCounters, LPSTR szName, UINT* pNameLength, LPSTR szUnits, UINT* pUnitsLength, LPSTR szDescription, UINT* pDescriptionLength) try {
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT


HRESULT STDMETHODCALLTYPE D3D11Device::OpenSharedResource1(HANDLE hResource, REFIID returnedInterface, void** ppResource) try {
  if (ppResource) *ppResource = nullptr;
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::OpenSharedResourceByName(LPCWSTR lpName, DWORD dwDesiredAccess, REFIID returnedInterface, void** ppResource) try {
  if (ppResource) *ppResource = nullptr;
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D11Device::GetResourceTiling(ID3D11Resource* pTiledResource, UINT* pNumTilesForEntireResource, D3D11_PACKED_MIP_DESC* pPackedMipDesc, D3D11_TILE_SHAPE* pStandardTileShapeForNonPackedMips, UINT* pNumSubresourceTilings, UINT FirstSubresourceTilingToGet, D3D11_SUBRESOURCE_TILING* pSubresourceTilingsForNonPackedMips) try {
  if (pNumTilesForEntireResource) *pNumTilesForEntireResource = 0;
  if (pNumSubresourceTilings) *pNumSubresourceTilings = 0;
} D3DVK_CATCH_VOID

HRESULT STDMETHODCALLTYPE D3D11Device::CreateTexture2D1(const D3D11_TEXTURE2D_DESC1* pDesc1, const D3D11_SUBRESOURCE_DATA* pInitialData, ID3D11Texture2D1** ppTexture2D) try {
  if (ppTexture2D) *ppTexture2D = nullptr;
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::CreateTexture3D1(const D3D11_TEXTURE3D_DESC1* pDesc1, const D3D11_SUBRESOURCE_DATA* pInitialData, ID3D11Texture3D1** ppTexture3D) try {
  if (ppTexture3D) *ppTexture3D = nullptr;
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT


HRESULT STDMETHODCALLTYPE D3D11Device::CreateShaderResourceView1(ID3D11Resource* pResource, const D3D11_SHADER_RESOURCE_VIEW_DESC1* pDesc1, ID3D11ShaderResourceView1** ppSRView1) try {
  if (ppSRView1) *ppSRView1 = nullptr;
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::CreateUnorderedAccessView1(ID3D11Resource* pResource, const D3D11_UNORDERED_ACCESS_VIEW_DESC1* pDesc1, ID3D11UnorderedAccessView1** ppUAView1) try {
  if (ppUAView1) *ppUAView1 = nullptr;
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::CreateRenderTargetView1(ID3D11Resource* pResource, const D3D11_RENDER_TARGET_VIEW_DESC1* pDesc1, ID3D11RenderTargetView1** ppRTView1) try {
  if (ppRTView1) *ppRTView1 = nullptr;
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D11Device::WriteToSubresource(ID3D11Resource* pDstResource, UINT DstSubresource, const D3D11_BOX* pDstBox, const void* pSrcData, UINT SrcRowPitch, UINT SrcDepthPitch) try {
  // not implemented yet
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11Device::ReadFromSubresource(void* pDstData, UINT DstRowPitch, UINT DstDepthPitch, ID3D11Resource* pSrcResource, UINT SrcSubresource, const D3D11_BOX* pSrcBox) try {
  // not implemented yet
} D3DVK_CATCH_VOID


}  // namespace d3dvk::runtime
