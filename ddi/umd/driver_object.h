// ddi/umd/driver_object.h — a driver object being built by a pfnCreate* DDI in
// the memory the runtime allocated for it. The runtime calls pfnDestroy* only
// for objects whose create reported no error through pfnSetErrorCb (WDK, e.g.
// PFND3D11DDI_CREATERESOURCE), so a create that fails after constructing its
// object must take it down itself: Constructing<T> destroys the object when it
// goes out of scope unless keep() was called on the success path.
#pragma once

#include <new>

namespace d3dvk::umd {

template <typename T>
class Constructing {
 public:
  explicit Constructing(void* memory) : object_(new (memory) T{}) {}
  Constructing(const Constructing&) = delete;
  Constructing& operator=(const Constructing&) = delete;
  ~Constructing() {
    if (object_) object_->~T();
  }
  T* operator->() const { return object_; }
  T& operator*() const { return *object_; }
  T* get() const { return object_; }
  // The create succeeded: the object stays until pfnDestroy*.
  T* keep() {
    T* object = object_;
    object_ = nullptr;
    return object;
  }

 private:
  T* object_;
};

}  // namespace d3dvk::umd
