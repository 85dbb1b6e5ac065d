// runtime/dxgi/dxgi_object.h — what every DXGI object of d3dvk shares: the
// IDXGIObject private-data methods over a PrivateDataStore, the UTF-8 → WCHAR copy
// descriptions need (IID_D3DVKDxgiAdapter, which recognises d3dvk's adapters, is
// in umd_adapter_info.h so D3D12 code can use it without DXGI's headers).
#pragma once

// d3dvk's API headers first: they make HWND pointer-sized before winadapter.h is seen.
#include <dxgi1_6.h>

#include "d3dvk_entry_guard.h"
#include "private_data.h"
#include "umd_adapter_info.h"

#include <cstddef>
#include <string>

namespace d3dvk::runtime {

// Copies UTF-8 text into a WCHAR array (wchar_t on Linux: one code point each),
// truncated to fit and always terminated.
void copyUtf8ToWide(const char* text, WCHAR* out, size_t capacity);

// IDXGIObject's private data for a class deriving from Interface.
template <typename Interface>
class DxgiPrivateData : public Interface {
 public:
  HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID Name, UINT DataSize, const void* pData) override try {
    return privateData_.set(Name, DataSize, pData);
  } D3DVK_CATCH_HRESULT
  HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID Name, const IUnknown* pUnknown) override try {
    return privateData_.setInterface(Name, const_cast<IUnknown*>(pUnknown));
  } D3DVK_CATCH_HRESULT
  HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID Name, UINT* pDataSize, void* pData) override try {
    return privateData_.get(Name, pDataSize, pData);
  } D3DVK_CATCH_HRESULT

 protected:
  PrivateDataStore privateData_;
};

}  // namespace d3dvk::runtime
