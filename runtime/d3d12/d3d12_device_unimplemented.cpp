// runtime/d3d12/d3d12_device_unimplemented.cpp — every ID3D12Device method d3dvk
// does not implement yet: HRESULT methods return E_NOTIMPL with null outputs,
// others return empty values. None crashes.
#include "d3d12_device.h"

namespace d3dvk::runtime {

HRESULT STDMETHODCALLTYPE D3D12Device::CreateReservedResource(const D3D12_RESOURCE_DESC *pDesc, D3D12_RESOURCE_STATES InitialState, const D3D12_CLEAR_VALUE *pOptimizedClearValue, REFIID riid, void **ppvResource) try {
  if (ppvResource) *ppvResource = nullptr;
  // TiledResourcesTier is NOT_SUPPORTED (CheckFeatureSupport): D3D12 refuses
  // reserved resources, even buffers, on such a device.
  const char* method = "ID3D12Device::CreateReservedResource";
  const char* text = "reserved (tiled) resources need D3D12_TILED_RESOURCES_TIER_1, and this device reports "
                     "D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED";
  debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR, D3DVK_D3D12_MESSAGE_ID(UNKNOWN), method,
               text);
  d3d12Error(method, text);
  return E_INVALIDARG;
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

HRESULT STDMETHODCALLTYPE D3D12Device::SetStablePowerState(BOOL Enable) try {
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D12Device::GetResourceTiling(ID3D12Resource *pTiledResource, UINT *pNumTilesForEntireResource, D3D12_PACKED_MIP_INFO *pPackedMipDesc, D3D12_TILE_SHAPE *pStandardTileShapeForNonPackedMips, UINT *pNumSubresourceTilings, UINT FirstSubresourceTilingToGet, D3D12_SUBRESOURCE_TILING *pSubresourceTilingsForNonPackedMips) try {
  // not implemented yet
} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
