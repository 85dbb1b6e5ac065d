// runtime/d3d11/d3d11_device_child.h — what every D3D11 device child shares:
// GetDevice, private data, and D3D's two reference counts. Public references
// (AddRef/Release by the application) keep the device alive; private ones
// (a context binding the object) do not, so bindings never form a cycle with
// the device. The object is deleted when both reach zero. Both counts live in
// one atomic word, so "the last reference went" is one exact event: a drop
// that is not the last needs no lock; the last one is decided under the
// object's lifetime lock (lockLifetime), the lock under which a cache hands
// the object out again (d3d11_state_object_cache.h), so an object a cache can
// still find is never deleted and one being deleted is never found.
#pragma once

#include "d3dvk_entry_guard.h"
#include "private_data.h"

#include <d3d11_3.h>

#include <atomic>
#include <cstdint>
#include <mutex>

namespace d3dvk::runtime {

class D3D11Device;

template <typename Interface>
class D3D11DeviceChild : public Interface {
 public:
  explicit D3D11DeviceChild(D3D11Device& device) : device_(device) {}

  ULONG STDMETHODCALLTYPE AddRef() override try {
    const uint64_t before = refs_.fetch_add(kPublic, std::memory_order_relaxed);
    if (publicCount(before) == 0) deviceAddRef();
    return publicCount(before) + 1;
  } D3DVK_CATCH_RETURN({})
  ULONG STDMETHODCALLTYPE Release() override try {
    D3D11Device& device = device_;
    const ULONG left = publicCount(dropReference(kPublic)) - 1;  // may delete this
    if (left == 0) deviceRelease(device);
    return left;
  } D3DVK_CATCH_RETURN({})
  void addPrivateRef() { refs_.fetch_add(kPrivate, std::memory_order_relaxed); }
  void releasePrivateRef() { dropReference(kPrivate); }

  void STDMETHODCALLTYPE GetDevice(ID3D11Device** ppDevice) override;
  HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID guid, UINT* pDataSize, void* pData) override try {
    return privateData_.get(guid, pDataSize, pData);
  } D3DVK_CATCH_HRESULT
  HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID guid, UINT DataSize, const void* pData) override try {
    return privateData_.set(guid, DataSize, pData);
  } D3DVK_CATCH_HRESULT
  HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID guid, const IUnknown* pData) override try {
    return privateData_.setInterface(guid, const_cast<IUnknown*>(pData));
  } D3DVK_CATCH_HRESULT

  virtual ~D3D11DeviceChild() = default;

 protected:
  // The lock under which this object may be handed out again while it has no
  // reference (a cache's lock), or none. forgetLocked() runs under it when the
  // last reference went, just before the object is deleted.
  virtual std::unique_lock<std::mutex> lockLifetime() { return {}; }
  virtual void forgetLocked() {}
  D3D11Device& device() { return device_; }

 private:
  static constexpr uint64_t kPublic = uint64_t(1) << 32, kPrivate = 1;
  static ULONG publicCount(uint64_t refs) { return ULONG(refs >> 32); }

  // Drops one reference (kPublic or kPrivate); returns the count before. The
  // object is deleted when that was the last reference of either kind.
  uint64_t dropReference(uint64_t unit) {
    uint64_t before = refs_.load(std::memory_order_relaxed);
    // Not the last reference: whoever holds another one keeps the object alive.
    while (before != unit)
      if (refs_.compare_exchange_weak(before, before - unit, std::memory_order_acq_rel, std::memory_order_relaxed))
        return before;
    // Perhaps the last: decide under the lifetime lock, where a cache may have
    // taken a new reference in the meantime.
    std::unique_lock<std::mutex> lock = lockLifetime();
    before = refs_.fetch_sub(unit, std::memory_order_acq_rel);
    if (before == unit) {
      forgetLocked();
      if (lock.owns_lock()) lock.unlock();
      delete this;
    }
    return before;
  }

  void deviceAddRef();
  static void deviceRelease(D3D11Device& device);
  D3D11Device& device_;
  std::atomic<uint64_t> refs_{0};  // public references << 32 | private references
  PrivateDataStore privateData_;
};

}  // namespace d3dvk::runtime
