// ddi/umd/d3d12/fence12.h — a D3D12 fence on a Vulkan timeline semaphore.
// `submitted` is the highest value a signal already handed to Vulkan (or done
// by the CPU) will reach: a queue Wait for a value above it is held back in the
// queue (queue12.h) instead of being submitted, since all D3D12 queues share
// one Vulkan queue and a wait submitted before its signal would block it.
// The CPU side (completed value, Signal, blocking waits) is the d3dvk fence table.
// D3D12 lets a fence's value go down (Signal of a lower value, from the CPU or
// a queue); a Vulkan timeline cannot, so the semaphore counts `base` above the
// D3D12 value: lowering the value raises `base` by the difference once the
// GPU has reached every signal handed to it, and the semaphore stays where it is.
#pragma once

#include "d3d12umddi.h"
#include "vk_device.h"

namespace d3dvk::umd12 {

class Device12;

struct Fence12 {
  Device12* device = nullptr;
  VkSemaphore semaphore = VK_NULL_HANDLE;
  uint64_t submitted = 0;  // queue mutex held; a D3D12 value
  uint64_t base = 0;       // queue mutex held; semaphore value = D3D12 value + base

  static Fence12* from(D3D12DDI_HFENCE h) { return static_cast<Fence12*>(h.pDrvPrivate); }
  // The D3D12 value the GPU has reached (UINT64_MAX when the semaphore cannot be read).
  uint64_t completed() const;
  // The semaphore value of D3D12 value `value` (saturating).
  uint64_t semaphoreValue(uint64_t value) const { return value > UINT64_MAX - base ? UINT64_MAX : value + base; }
  // Makes the fence read `value`, below what it reached (CPU or queue Signal of a lower value):
  // false while a signal handed to the GPU has not completed (queue mutex held).
  bool lower(uint64_t value);
};

void fillFenceDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f);

}  // namespace d3dvk::umd12
