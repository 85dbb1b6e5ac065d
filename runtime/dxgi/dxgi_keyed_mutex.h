// runtime/dxgi/dxgi_keyed_mutex.h — IDXGIKeyedMutex on a D3D11 resource created with
// D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX (a tear-off part of the resource, like its
// IDXGIResource: its IUnknown and reference count are the resource's). Within one
// process — d3dvk shares no resource with another device or process — it is DXGI's
// keyed lock: created unowned and released with key 0; AcquireSync(key, ms) waits
// until the lock is released with `key` (S_OK, or WAIT_TIMEOUT once ms have passed;
// 0 only tests, INFINITE never times out) and owns it; ReleaseSync(key) hands it on
// with `key` (E_FAIL when it is not owned). Acquiring while owned waits like any
// acquirer (DXGI does not support recursive acquires). Device work needs no ordering
// beyond the one device's queue.
#pragma once

#include "dxgi_object.h"

#include <condition_variable>
#include <mutex>

namespace d3dvk::runtime {

class D3D11ResourceBase;

class DxgiKeyedMutex final : public IDXGIKeyedMutex {
 public:
  explicit DxgiKeyedMutex(D3D11ResourceBase& resource) : resource_(resource) {}

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  ULONG STDMETHODCALLTYPE AddRef() override;
  ULONG STDMETHODCALLTYPE Release() override;
  HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID Name, UINT DataSize, const void* pData) override;
  HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID Name, const IUnknown* pUnknown) override;
  HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID Name, UINT* pDataSize, void* pData) override;
  HRESULT STDMETHODCALLTYPE GetParent(REFIID riid, void** ppParent) override;
  HRESULT STDMETHODCALLTYPE GetDevice(REFIID riid, void** ppDevice) override;
  HRESULT STDMETHODCALLTYPE AcquireSync(UINT64 Key, DWORD dwMilliseconds) override;
  HRESULT STDMETHODCALLTYPE ReleaseSync(UINT64 Key) override;

 private:
  D3D11ResourceBase& resource_;
  std::mutex mutex_;
  std::condition_variable released_;
  bool owned_ = false;
  UINT64 key_ = 0;  // the key it was last released with
};

}  // namespace d3dvk::runtime
