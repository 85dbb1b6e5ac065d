// runtime/dxgi/dxgi_resource.h — the DXGI face of a D3D11 resource: IDXGIResource1
// on every buffer and texture, and IDXGISurface2 on a Texture2D of one subresource
// (one mip, one array slice), as D3D11 gives them. A tear-off part of the resource:
// its IUnknown, reference count and private data are the resource's. GetUsage
// reports the bind flags as DXGI_USAGE bits with the CPU access in the low bits;
// IDXGISurface::Map maps through the device's immediate context (CPU-accessible
// surfaces only); GetDevice / GetParent answer with the device. A resource made
// with D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX also answers IDXGIKeyedMutex
// (dxgi_keyed_mutex.h). Shared handles, GDI device contexts and subresource
// surfaces are not provided.
#pragma once

#include "dxgi_keyed_mutex.h"
#include "dxgi_object.h"

#include <d3d11.h>

#include <memory>
#include <mutex>

namespace d3dvk::runtime {

class D3D11ResourceBase;

D3DVK_BEGIN_INTERFACES
class DxgiResource final : public IDXGIResource1, public IDXGISurface2 {
 public:
  explicit DxgiResource(D3D11ResourceBase& resource) : resource_(resource) {}

  // QueryInterface for the resource: the DXGI interfaces this resource has, else E_NOINTERFACE.
  HRESULT query(REFIID riid, void** ppvObject);

  // IUnknown: the resource's.
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  ULONG STDMETHODCALLTYPE AddRef() override;
  ULONG STDMETHODCALLTYPE Release() override;
  // IDXGIObject: the resource's private data; the parent is the device.
  HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID Name, UINT DataSize, const void* pData) override;
  HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID Name, const IUnknown* pUnknown) override;
  HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID Name, UINT* pDataSize, void* pData) override;
  HRESULT STDMETHODCALLTYPE GetParent(REFIID riid, void** ppParent) override;
  // IDXGIDeviceSubObject
  HRESULT STDMETHODCALLTYPE GetDevice(REFIID riid, void** ppDevice) override;
  // IDXGIResource / IDXGIResource1
  HRESULT STDMETHODCALLTYPE GetSharedHandle(HANDLE* pSharedHandle) override;
  HRESULT STDMETHODCALLTYPE GetUsage(DXGI_USAGE* pUsage) override;
  HRESULT STDMETHODCALLTYPE SetEvictionPriority(UINT EvictionPriority) override;
  HRESULT STDMETHODCALLTYPE GetEvictionPriority(UINT* pEvictionPriority) override;
  HRESULT STDMETHODCALLTYPE CreateSubresourceSurface(UINT index, IDXGISurface2** ppSurface) override;
  HRESULT STDMETHODCALLTYPE CreateSharedHandle(const SECURITY_ATTRIBUTES* pAttributes, DWORD dwAccess, LPCWSTR lpName,
                                               HANDLE* pHandle) override;
  // IDXGISurface / 1 / 2
  HRESULT STDMETHODCALLTYPE GetDesc(DXGI_SURFACE_DESC* pDesc) override;
  HRESULT STDMETHODCALLTYPE Map(DXGI_MAPPED_RECT* pLockedRect, UINT MapFlags) override;
  HRESULT STDMETHODCALLTYPE Unmap() override;
  HRESULT STDMETHODCALLTYPE GetDC(BOOL Discard, HDC* phdc) override;
  HRESULT STDMETHODCALLTYPE ReleaseDC(RECT* pDirtyRect) override;
  HRESULT STDMETHODCALLTYPE GetResource(REFIID riid, void** ppParentResource, UINT* pSubresourceIndex) override;

 private:
  bool isSurface() const;  // a Texture2D of one subresource
  D3D11ResourceBase& resource_;
  // D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX: made on first QueryInterface(IDXGIKeyedMutex).
  std::once_flag keyedMutexOnce_;
  std::unique_ptr<DxgiKeyedMutex> keyedMutex_;
};
D3DVK_END_INTERFACES

}  // namespace d3dvk::runtime
