// runtime/d3d12/d3d12_device_child.h — what every D3D12 object d3dvk creates
// shares: reference counting, QueryInterface over the object's interface chain
// (Iface and the IIDs the derived class lists), private data, SetName, and
// GetDevice (the object holds a reference on its device).
#pragma once

#include "d3d12_device.h"

#include <dxguids/dxguids.h>

#include <atomic>
#include <initializer_list>

namespace d3dvk::runtime {

template <typename Iface>
class D3D12DeviceChild : public Iface {
 public:
  explicit D3D12DeviceChild(D3D12Device* device) : device_(device) { device_->AddRef(); }
  virtual ~D3D12DeviceChild() { device_->Release(); }

  D3D12Device* device() const { return device_; }

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override try {
    if (!ppvObject) return E_POINTER;
    *ppvObject = nullptr;
    if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D12Object) || riid == __uuidof(ID3D12DeviceChild) ||
        implements(riid)) {
      this->AddRef();
      *ppvObject = static_cast<Iface*>(this);
      return S_OK;
    }
    return E_NOINTERFACE;
  } D3DVK_CATCH_HRESULT
  ULONG STDMETHODCALLTYPE AddRef() override try { return ++refs_; } D3DVK_CATCH_RETURN({})
  ULONG STDMETHODCALLTYPE Release() override try {
    ULONG left = --refs_;
    if (left == 0) delete this;
    return left;
  } D3DVK_CATCH_RETURN({})
  HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID guid, UINT* pDataSize, void* pData) override try {
    return privateData_.get(guid, pDataSize, pData);
  } D3DVK_CATCH_HRESULT
  HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID guid, UINT DataSize, const void* pData) override try {
    return privateData_.set(guid, DataSize, pData);
  } D3DVK_CATCH_HRESULT
  HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID guid, const IUnknown* pData) override try {
    return privateData_.setInterface(guid, const_cast<IUnknown*>(pData));
  } D3DVK_CATCH_HRESULT
  HRESULT STDMETHODCALLTYPE SetName(LPCWSTR Name) override try {
    if (!Name) return E_INVALIDARG;
    size_t length = 0;
    while (Name[length]) ++length;
    constexpr GUID kDebugObjectNameW = {0x4cca5fd8, 0x921f, 0x42c8, {0x85, 0x66, 0x70, 0xca, 0xf2, 0xa9, 0xb7, 0x41}};
    return privateData_.set(kDebugObjectNameW, UINT((length + 1) * sizeof(WCHAR)), Name);
  } D3DVK_CATCH_HRESULT
  HRESULT STDMETHODCALLTYPE GetDevice(REFIID riid, void** ppvDevice) override try {
    return device_->QueryInterface(riid, ppvDevice);
  } D3DVK_CATCH_HRESULT

 protected:
  // The interfaces between ID3D12DeviceChild and Iface (inclusive), e.g. ID3D12Pageable.
  virtual bool implements(REFIID riid) const = 0;

 private:
  std::atomic<ULONG> refs_{1};
  D3D12Device* device_;
  PrivateDataStore privateData_;
};

}  // namespace d3dvk::runtime
