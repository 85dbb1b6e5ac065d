// runtime/d3d11/d3d11_state_object_cache.h — the one cache behind the device's
// rasterizer, blend, depth-stencil and sampler states (D3D11 hands out the
// existing object for a desc it has seen). Each kind normalizes its desc into a
// StateKey — one 32-bit word per field, BOOLs as 0/1, fields D3D11 ignores
// zeroed — and the cache maps keys to objects under one lock: lookup, creation
// of a missing object and revival of a found one (a new public reference on
// an object whose count may be zero) all happen under it. An object's last
// reference is dropped under the same lock (D3D11DeviceChild::lockLifetime),
// which also removes it from the map, so a lookup never finds an object that
// is being deleted and a revived object is never deleted.
#pragma once

#include "d3d11_device_child.h"

#include <array>
#include <bit>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string_view>
#include <type_traits>
#include <unordered_map>

namespace d3dvk::runtime {

// A normalized desc: its fields in order, one 32-bit word each (floats by their
// bits, so -0.0 and 0.0 are different descs, as they are different values to
// the driver). Compared and hashed as bytes; no padding by construction.
template <std::size_t N>
struct StateKey {
  std::array<std::uint32_t, N> words{};
  bool operator==(const StateKey&) const = default;
};

// Appends fields to a key in order.
template <std::size_t N>
class StateKeyWriter {
 public:
  explicit StateKeyWriter(StateKey<N>& key) : key_(key) {}
  template <typename... Fields>
  StateKeyWriter& add(Fields... fields) {
    (put(fields), ...);
    return *this;
  }
  // A BOOL as D3D11 reads it: any nonzero value is TRUE.
  StateKeyWriter& addBool(BOOL b) { return add(std::uint32_t(b ? 1 : 0)); }
  std::size_t size() const { return next_; }

 private:
  template <typename Field>
  void put(Field field) {
    static_assert(std::is_arithmetic_v<Field> || std::is_enum_v<Field>, "one scalar field at a time");
    static_assert(sizeof(Field) <= 4);
    std::uint32_t word;
    if constexpr (std::is_same_v<Field, float>)
      word = std::bit_cast<std::uint32_t>(field);
    else
      word = std::uint32_t(field);
    key_.words.at(next_++) = word;
  }
  StateKey<N>& key_;
  std::size_t next_ = 0;
};

struct StateKeyHash {
  template <std::size_t N>
  std::size_t operator()(const StateKey<N>& key) const {
    static_assert(sizeof(StateKey<N>) == N * sizeof(std::uint32_t));
    return std::hash<std::string_view>{}(
        std::string_view(reinterpret_cast<const char*>(key.words.data()), N * sizeof(std::uint32_t)));
  }
};

template <typename Object>
class StateObjectCache;

// Base of a cached state object: D3D11DeviceChild whose final release happens
// under its cache's lock and removes it from the cache.
template <typename Interface, typename Object, typename Key>
class D3D11StateObject : public D3D11DeviceChild<Interface> {
 public:
  using CacheKey = Key;
  using D3D11DeviceChild<Interface>::D3D11DeviceChild;

 protected:
  std::unique_lock<std::mutex> lockLifetime() override {
    return cache_ ? std::unique_lock<std::mutex>(cache_->mutex_) : std::unique_lock<std::mutex>();
  }
  void forgetLocked() override {
    if (cache_) cache_->eraseLocked(key_, static_cast<Object*>(this));
  }

 private:
  friend class StateObjectCache<Object>;
  StateObjectCache<Object>* cache_ = nullptr;  // set once, under the cache's lock, before anyone else sees it
  Key key_{};
};

// Object: a D3D11StateObject. The device owns one cache per kind; every object
// it holds keeps a device reference while it has public references, so the
// cache is empty (and unused) by the time the device is destroyed.
template <typename Object>
class StateObjectCache {
 public:
  using Key = typename Object::CacheKey;

  // The object for `key` with a new public reference: the cached one, or a new
  // one from create(HRESULT*) (null and the HRESULT on failure). Creation runs
  // under the lock, so concurrent creates of one desc make one object.
  template <typename Create>
  HRESULT findOrCreate(const Key& key, Create&& create, Object** out) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (auto it = objects_.find(key); it != objects_.end()) {
      // Its last reference cannot be dropping now: that takes this lock and
      // erases the entry before releasing it.
      it->second->AddRef();
      *out = it->second;
      return S_OK;
    }
    HRESULT hr = E_FAIL;
    std::unique_ptr<Object> created(create(&hr));
    if (!created) return hr;
    created->cache_ = this;
    created->key_ = key;
    objects_.emplace(key, created.get());  // may throw std::bad_alloc: then the new object goes again
    Object* object = created.release();
    object->AddRef();
    *out = object;
    return S_OK;
  }

 private:
  template <typename, typename, typename>
  friend class D3D11StateObject;
  void eraseLocked(const Key& key, Object* object) {
    auto it = objects_.find(key);
    if (it != objects_.end() && it->second == object) objects_.erase(it);
  }

  std::mutex mutex_;
  std::unordered_map<Key, Object*, StateKeyHash> objects_;
};

}  // namespace d3dvk::runtime
