// runtime/core/private_data.h — the private-data store every D3D11 object carries
// (SetPrivateData / SetPrivateDataInterface / GetPrivateData), with D3D's rules:
// null data (any size) deleting an entry, size query with null data, DXGI_ERROR_MORE_DATA when the buffer is too small,
// DXGI_ERROR_NOT_FOUND for an unknown GUID, interfaces held with a reference.
#pragma once

#include <wsl/winadapter.h>

#include <cstring>
#include <mutex>
#include <vector>

namespace d3dvk::runtime {

class PrivateDataStore {
 public:
  ~PrivateDataStore() { clear(); }

  HRESULT set(REFGUID guid, UINT size, const void* data) {
    std::lock_guard<std::mutex> lock(mutex_);
    erase(guid);
    if (size == 0 || !data) return S_OK;  // null or empty data removes the entry (whatever the size)
    Entry e{guid, {}, nullptr};
    e.bytes.assign(static_cast<const unsigned char*>(data), static_cast<const unsigned char*>(data) + size);
    entries_.push_back(std::move(e));
    return S_OK;
  }

  HRESULT setInterface(REFGUID guid, IUnknown* object) {
    std::lock_guard<std::mutex> lock(mutex_);
    erase(guid);
    if (!object) return S_OK;
    object->AddRef();
    Entry e{guid, std::vector<unsigned char>(sizeof(IUnknown*)), object};
    std::memcpy(e.bytes.data(), &object, sizeof object);
    entries_.push_back(std::move(e));
    return S_OK;
  }

  HRESULT get(REFGUID guid, UINT* size, void* data) {
    if (!size) return E_INVALIDARG;
    std::lock_guard<std::mutex> lock(mutex_);
    for (Entry& e : entries_) {
      if (!same(e.guid, guid)) continue;
      UINT needed = UINT(e.bytes.size());
      if (!data) {
        *size = needed;
        return S_OK;
      }
      if (*size < needed) {
        *size = needed;
        return DXGI_ERROR_MORE_DATA;
      }
      std::memcpy(data, e.bytes.data(), needed);
      *size = needed;
      if (e.object) e.object->AddRef();  // the caller receives a reference, as in D3D
      return S_OK;
    }
    *size = 0;
    return DXGI_ERROR_NOT_FOUND;
  }

 private:
  struct Entry {
    GUID guid;
    std::vector<unsigned char> bytes;
    IUnknown* object;
  };
  static bool same(const GUID& a, const GUID& b) { return std::memcmp(&a, &b, sizeof(GUID)) == 0; }
  void erase(REFGUID guid) {
    for (size_t i = 0; i < entries_.size(); ++i)
      if (same(entries_[i].guid, guid)) {
        if (entries_[i].object) entries_[i].object->Release();
        entries_.erase(entries_.begin() + long(i));
        return;
      }
  }
  void clear() {
    for (Entry& e : entries_)
      if (e.object) e.object->Release();
    entries_.clear();
  }
  std::mutex mutex_;
  std::vector<Entry> entries_;
};

}  // namespace d3dvk::runtime
