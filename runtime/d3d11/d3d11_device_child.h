// runtime/d3d11/d3d11_device_child.h — what every D3D11 device child shares:
// GetDevice, private data, and D3D's two reference counts. Public references
// (AddRef/Release by the application) keep the device alive; private ones
// (a context binding the object) do not, so bindings never form a cycle with
// the device. The object is destroyed when both reach zero — through
// destroy(), which lets a cache (state dedup) refuse when a concurrent lookup
// revived the object.
#pragma once

#include "private_data.h"

#include <d3d11_3.h>

#include <atomic>

namespace d3dvk::runtime {

class D3D11Device;

template <typename Interface>
class D3D11DeviceChild : public Interface {
 public:
  explicit D3D11DeviceChild(D3D11Device& device) : device_(device) {}

  ULONG STDMETHODCALLTYPE AddRef() override {
    ULONG refs = ++publicRefs_;
    if (refs == 1) deviceAddRef();
    return refs;
  }
  ULONG STDMETHODCALLTYPE Release() override {
    ULONG refs = --publicRefs_;
    if (refs == 0) {
      D3D11Device& device = device_;
      if (privateRefs_.load() == 0) destroyIfUnused();  // may delete this
      deviceRelease(device);
    }
    return refs;
  }
  void addPrivateRef() { ++privateRefs_; }
  void releasePrivateRef() {
    if (--privateRefs_ == 0 && publicRefs_.load() == 0) destroyIfUnused();
  }
  // Used by caches under their lock: take a public reference unless the object
  // is already being destroyed.
  bool tryAddRef() {
    if (destroying_) return false;
    AddRef();
    return true;
  }
  ULONG publicRefs() const { return publicRefs_.load(); }
  // Guarded by the owner's cache lock.
  bool isDestroying() const { return destroying_; }
  void markDestroying() { destroying_ = true; }
  ULONG privateRefs() const { return privateRefs_.load(); }

  void STDMETHODCALLTYPE GetDevice(ID3D11Device** ppDevice) override;
  HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID guid, UINT* pDataSize, void* pData) override {
    return privateData_.get(guid, pDataSize, pData);
  }
  HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID guid, UINT DataSize, const void* pData) override {
    return privateData_.set(guid, DataSize, pData);
  }
  HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID guid, const IUnknown* pData) override {
    return privateData_.setInterface(guid, const_cast<IUnknown*>(pData));
  }

 public:
  virtual ~D3D11DeviceChild() = default;

 protected:
  // Destroys the object if nothing references it any more (the derived class
  // decides under which lock); sets destroying_ before deleting.
  virtual void destroyIfUnused() = 0;
  D3D11Device& device() { return device_; }
  bool destroying_ = false;  // guarded by the owner's cache lock

 private:
  void deviceAddRef();
  static void deviceRelease(D3D11Device& device);
  D3D11Device& device_;
  std::atomic<ULONG> publicRefs_{0};
  std::atomic<ULONG> privateRefs_{0};
  PrivateDataStore privateData_;
};

}  // namespace d3dvk::runtime
