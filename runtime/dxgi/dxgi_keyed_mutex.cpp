// runtime/dxgi/dxgi_keyed_mutex.cpp — see dxgi_keyed_mutex.h.
#include "dxgi_keyed_mutex.h"

#include "d3d11_device.h"
#include "d3d11_resource.h"
#include "d3dvk_entry_guard.h"

#include <chrono>
#include <cstdio>

namespace d3dvk::runtime {
namespace {
constexpr HRESULT kWaitTimeout = HRESULT(0x00000102L);  // WAIT_TIMEOUT, returned as is (a success code)
constexpr DWORD kInfinite = 0xFFFFFFFFu;
}  // namespace

HRESULT STDMETHODCALLTYPE DxgiKeyedMutex::QueryInterface(REFIID riid, void** ppvObject) try {
  return resource_.asResource()->QueryInterface(riid, ppvObject);
} D3DVK_CATCH_HRESULT
ULONG STDMETHODCALLTYPE DxgiKeyedMutex::AddRef() try { return resource_.asResource()->AddRef(); } D3DVK_CATCH_RETURN({})
ULONG STDMETHODCALLTYPE DxgiKeyedMutex::Release() try { return resource_.asResource()->Release(); } D3DVK_CATCH_RETURN({})

HRESULT STDMETHODCALLTYPE DxgiKeyedMutex::SetPrivateData(REFGUID Name, UINT DataSize, const void* pData) try {
  return resource_.asResource()->SetPrivateData(Name, DataSize, pData);
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE DxgiKeyedMutex::SetPrivateDataInterface(REFGUID Name, const IUnknown* pUnknown) try {
  return resource_.asResource()->SetPrivateDataInterface(Name, pUnknown);
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE DxgiKeyedMutex::GetPrivateData(REFGUID Name, UINT* pDataSize, void* pData) try {
  return resource_.asResource()->GetPrivateData(Name, pDataSize, pData);
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE DxgiKeyedMutex::GetParent(REFIID riid, void** ppParent) try {
  if (!ppParent) return DXGI_ERROR_INVALID_CALL;
  return resource_.owner().QueryInterface(riid, ppParent);
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE DxgiKeyedMutex::GetDevice(REFIID riid, void** ppDevice) try {
  if (!ppDevice) return DXGI_ERROR_INVALID_CALL;
  return resource_.owner().QueryInterface(riid, ppDevice);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiKeyedMutex::AcquireSync(UINT64 Key, DWORD dwMilliseconds) try {
  std::unique_lock<std::mutex> lock(mutex_);
  auto free = [&] { return !owned_ && key_ == Key; };
  if (dwMilliseconds == kInfinite) {
    released_.wait(lock, free);
  } else if (!released_.wait_for(lock, std::chrono::milliseconds(dwMilliseconds), free)) {
    return kWaitTimeout;
  }
  owned_ = true;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiKeyedMutex::ReleaseSync(UINT64 Key) try {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!owned_) {
      std::fprintf(stderr, "d3dvk: IDXGIKeyedMutex::ReleaseSync: the keyed mutex is not acquired\n");
      return E_FAIL;
    }
    owned_ = false;
    key_ = Key;
  }
  released_.notify_all();
  return S_OK;
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
