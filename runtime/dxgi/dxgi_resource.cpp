// runtime/dxgi/dxgi_resource.cpp — see dxgi_resource.h.
#include "dxgi_resource.h"

#include "d3d11_device.h"
#include "d3d11_resource.h"
#include "d3dvk_entry_guard.h"

namespace d3dvk::runtime {

bool DxgiResource::isSurface() const {
  return resource_.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE2D && resource_.mipLevels == 1 &&
         resource_.arraySize == 1;
}

HRESULT DxgiResource::query(REFIID riid, void** ppvObject) {
  *ppvObject = nullptr;
  if (riid == __uuidof(IDXGIObject) || riid == __uuidof(IDXGIDeviceSubObject) || riid == __uuidof(IDXGIResource) ||
      riid == __uuidof(IDXGIResource1)) {
    resource_.asResource()->AddRef();
    *ppvObject = static_cast<IDXGIResource1*>(this);
    return S_OK;
  }
  if (isSurface() &&
      (riid == __uuidof(IDXGISurface) || riid == __uuidof(IDXGISurface1) || riid == __uuidof(IDXGISurface2))) {
    resource_.asResource()->AddRef();
    *ppvObject = static_cast<IDXGISurface2*>(this);
    return S_OK;
  }
  if (riid == __uuidof(IDXGIKeyedMutex) && (resource_.miscFlags & D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX)) {
    std::call_once(keyedMutexOnce_, [this] { keyedMutex_ = std::make_unique<DxgiKeyedMutex>(resource_); });
    resource_.asResource()->AddRef();
    *ppvObject = static_cast<IDXGIKeyedMutex*>(keyedMutex_.get());
    return S_OK;
  }
  return E_NOINTERFACE;
}

HRESULT STDMETHODCALLTYPE DxgiResource::QueryInterface(REFIID riid, void** ppvObject) try {
  return resource_.asResource()->QueryInterface(riid, ppvObject);
} D3DVK_CATCH_HRESULT
ULONG STDMETHODCALLTYPE DxgiResource::AddRef() try { return resource_.asResource()->AddRef(); } D3DVK_CATCH_RETURN({})
ULONG STDMETHODCALLTYPE DxgiResource::Release() try { return resource_.asResource()->Release(); } D3DVK_CATCH_RETURN({})

HRESULT STDMETHODCALLTYPE DxgiResource::SetPrivateData(REFGUID Name, UINT DataSize, const void* pData) try {
  return resource_.asResource()->SetPrivateData(Name, DataSize, pData);
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE DxgiResource::SetPrivateDataInterface(REFGUID Name, const IUnknown* pUnknown) try {
  return resource_.asResource()->SetPrivateDataInterface(Name, pUnknown);
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE DxgiResource::GetPrivateData(REFGUID Name, UINT* pDataSize, void* pData) try {
  return resource_.asResource()->GetPrivateData(Name, pDataSize, pData);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiResource::GetParent(REFIID riid, void** ppParent) try {
  if (!ppParent) return DXGI_ERROR_INVALID_CALL;
  return resource_.owner().QueryInterface(riid, ppParent);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiResource::GetDevice(REFIID riid, void** ppDevice) try {
  if (!ppDevice) return DXGI_ERROR_INVALID_CALL;
  return resource_.owner().QueryInterface(riid, ppDevice);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiResource::GetSharedHandle(HANDLE* pSharedHandle) try {
  if (!pSharedHandle) return E_INVALIDARG;
  *pSharedHandle = nullptr;  // d3dvk creates no shared resources
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiResource::GetUsage(DXGI_USAGE* pUsage) try {
  if (!pUsage) return E_INVALIDARG;
  DXGI_USAGE usage = 0;
  if (resource_.bindFlags & D3D11_BIND_SHADER_RESOURCE) usage |= DXGI_USAGE_SHADER_INPUT;
  if (resource_.bindFlags & D3D11_BIND_RENDER_TARGET) usage |= DXGI_USAGE_RENDER_TARGET_OUTPUT;
  if (resource_.bindFlags & D3D11_BIND_UNORDERED_ACCESS) usage |= DXGI_USAGE_UNORDERED_ACCESS;
  if (resource_.presentable) usage |= DXGI_USAGE_BACK_BUFFER;
  if (resource_.readOnlyBackBuffer) usage |= DXGI_USAGE_READ_ONLY;
  switch (resource_.usage) {
    case D3D11_USAGE_DYNAMIC: usage |= DXGI_CPU_ACCESS_DYNAMIC; break;
    case D3D11_USAGE_STAGING: usage |= DXGI_CPU_ACCESS_READ_WRITE; break;
    default: usage |= DXGI_CPU_ACCESS_NONE; break;
  }
  *pUsage = usage;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiResource::SetEvictionPriority(UINT EvictionPriority) try {
  resource_.asResource()->SetEvictionPriority(EvictionPriority);
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiResource::GetEvictionPriority(UINT* pEvictionPriority) try {
  if (!pEvictionPriority) return E_INVALIDARG;
  *pEvictionPriority = resource_.asResource()->GetEvictionPriority();
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiResource::CreateSubresourceSurface(UINT, IDXGISurface2** ppSurface) try {
  if (ppSurface) *ppSurface = nullptr;
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiResource::CreateSharedHandle(const SECURITY_ATTRIBUTES*, DWORD, LPCWSTR,
                                                           HANDLE* pHandle) try {
  if (pHandle) *pHandle = nullptr;
  return DXGI_ERROR_UNSUPPORTED;  // no cross-process sharing
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiResource::GetDesc(DXGI_SURFACE_DESC* pDesc) try {
  if (!pDesc) return E_INVALIDARG;
  pDesc->Width = resource_.width;
  pDesc->Height = resource_.height;
  pDesc->Format = resource_.format;
  pDesc->SampleDesc = resource_.sampleDesc;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiResource::Map(DXGI_MAPPED_RECT* pLockedRect, UINT MapFlags) try {
  if (!pLockedRect) return E_INVALIDARG;
  *pLockedRect = {};
  D3D11_MAP type;
  switch (MapFlags) {
    case DXGI_MAP_READ: type = D3D11_MAP_READ; break;
    case DXGI_MAP_WRITE: type = D3D11_MAP_WRITE; break;
    case DXGI_MAP_READ | DXGI_MAP_WRITE: type = D3D11_MAP_READ_WRITE; break;
    case DXGI_MAP_WRITE | DXGI_MAP_DISCARD: type = D3D11_MAP_WRITE_DISCARD; break;
    default: return E_INVALIDARG;
  }
  if (resource_.usage == D3D11_USAGE_DEFAULT || resource_.usage == D3D11_USAGE_IMMUTABLE)
    return DXGI_ERROR_INVALID_CALL;  // not CPU-accessible
  D3D11_MAPPED_SUBRESOURCE mapped{};
  const HRESULT hr = resource_.owner().immediateContext().Map(resource_.asResource(), 0, type, 0, &mapped);
  if (FAILED(hr)) return hr;
  pLockedRect->Pitch = INT(mapped.RowPitch);
  pLockedRect->pBits = static_cast<BYTE*>(mapped.pData);
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiResource::Unmap() try {
  resource_.owner().immediateContext().Unmap(resource_.asResource(), 0);
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiResource::GetDC(BOOL, HDC* phdc) try {
  if (phdc) *phdc = nullptr;
  return DXGI_ERROR_INVALID_CALL;  // GDI does not exist here
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiResource::ReleaseDC(RECT*) try {
  return DXGI_ERROR_INVALID_CALL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiResource::GetResource(REFIID riid, void** ppParentResource, UINT* pSubresourceIndex) try {
  if (!ppParentResource) return E_INVALIDARG;
  if (pSubresourceIndex) *pSubresourceIndex = 0;
  return resource_.asResource()->QueryInterface(riid, ppParentResource);
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
