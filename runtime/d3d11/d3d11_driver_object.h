// runtime/d3d11/d3d11_driver_object.h — the driver's half of an API object: the
// memory the runtime allocates for it (pfnCalcPrivate*Size bytes, zeroed), the
// pfnCreate* call that constructs it there, and the pfnDestroy* call when the
// API object goes. One rule for every kind (WDK, e.g. PFND3D11DDI_CREATERESOURCE:
// "if the driver passes any errors ... the runtime does not call the Destroy
// function"): the driver object counts as created only when neither the size
// query nor the create reported an error through pfnSetErrorCb, and only a
// created one is destroyed. A failed size query stops before the create.
#pragma once

#include "umd_adapter.h"

#include <memory>
#include <new>

namespace d3dvk::runtime {

template <typename Handle>
class DriverObject {
 public:
  using DestroyFn = VOID(APIENTRY*)(D3D10DDI_HDEVICE, Handle);

  DriverObject() = default;
  DriverObject(const DriverObject&) = delete;
  DriverObject& operator=(const DriverObject&) = delete;
  ~DriverObject() { destroy(); }

  // calc() returns the size; create(Handle) calls the driver. Returns S_OK, the
  // first error the driver reported, or E_OUTOFMEMORY for the runtime's memory.
  template <typename Calc, typename Create>
  HRESULT create(DdiDevice& ddi, DestroyFn destroy, Calc&& calc, Create&& create) {
    DdiErrorScope errors;
    const SIZE_T size = calc();
    if (FAILED(errors.first())) return errors.first();
    memory_.reset(new (std::nothrow) unsigned char[size ? size : 1]());
    if (!memory_) return E_OUTOFMEMORY;
    create(handle());
    if (FAILED(errors.first())) return errors.first();
    ddi_ = &ddi;
    destroy_ = destroy;
    return S_OK;
  }

  // Destroys the driver object if it was created (once); the memory stays
  // until this goes.
  void destroy() {
    if (!destroy_) return;
    const DestroyFn destroyFn = destroy_;
    destroy_ = nullptr;
    destroyFn(ddi_->handle(), handle());
  }

  bool created() const { return destroy_ != nullptr; }
  Handle handle() const { return Handle{memory_.get()}; }

 private:
  std::unique_ptr<unsigned char[]> memory_;
  DdiDevice* ddi_ = nullptr;
  DestroyFn destroy_ = nullptr;  // set once the driver object exists
};

}  // namespace d3dvk::runtime
