// runtime/d3d12/d3d12_fence.h — ID3D12Fence over the UMD's fence (a Vulkan
// timeline semaphore) and the d3dvk fence table. SetEventOnCompletion's event
// on Linux: a null HANDLE blocks the caller until the value is reached (as on
// Windows); any other HANDLE is an eventfd file descriptor cast to HANDLE
// ((HANDLE)(intptr_t)fd), to which d3dvk writes 1 once the fence reaches the
// value (immediately when it already has; otherwise from a waiter thread that
// keeps the fence alive until then). ID3D12Device1::SetEventOnMultipleFenceCompletion
// is the same with several fences, all or any of them (setEventOnFences).
#pragma once

#include "d3d12_device_child.h"

namespace d3dvk::runtime {

class D3D12Fence final : public D3D12DeviceChild<ID3D12Fence> {
 public:
  static HRESULT create(D3D12Device* device, UINT64 initialValue, D3D12_FENCE_FLAGS flags, D3D12Fence** out);
  ~D3D12Fence() override;

  static D3D12Fence* from(ID3D12Fence* f) { return static_cast<D3D12Fence*>(f); }
  D3D12DDI_HFENCE ddiHandle() const { return {memory_.get()}; }

  UINT64 STDMETHODCALLTYPE GetCompletedValue() override;
  HRESULT STDMETHODCALLTYPE SetEventOnCompletion(UINT64 Value, HANDLE hEvent) override;
  HRESULT STDMETHODCALLTYPE Signal(UINT64 Value) override;

 protected:
  bool implements(REFIID riid) const override {
    return riid == __uuidof(ID3D12Pageable) || riid == __uuidof(ID3D12Fence);
  }

 private:
  explicit D3D12Fence(D3D12Device* device) : D3D12DeviceChild(device) {}
  std::unique_ptr<unsigned char[]> memory_;
  bool created_ = false;
};

// One fence and the value an event waits for.
struct FenceWait {
  D3D12Fence* fence;
  UINT64 value;
};
// The event (null: block the caller; else an eventfd) signalled once every
// fence (or, with `any`, one of them) reaches its value: SetEventOnCompletion
// and SetEventOnMultipleFenceCompletion. `count` ≥ 1, the fences valid;
// E_INVALIDARG, reported under `method`, for an event that is no eventfd.
HRESULT setEventOnFences(D3D12Device* device, const FenceWait* waits, UINT count, bool any, HANDLE event,
                         const char* method);

}  // namespace d3dvk::runtime
