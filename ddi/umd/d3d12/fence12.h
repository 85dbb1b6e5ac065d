// ddi/umd/d3d12/fence12.h — a D3D12 fence on a Vulkan timeline semaphore.
// `submitted` is the highest value a signal already handed to Vulkan (or done
// by the CPU) will reach: a queue Wait for a value above it is held back in the
// queue (queue12.h) instead of being submitted, since all D3D12 queues share
// one Vulkan queue and a wait submitted before its signal would block it.
// The CPU side (completed value, Signal, blocking waits) is the d3dvk fence table.
#pragma once

#include "d3d12umddi.h"
#include "vk_device.h"

namespace d3dvk::umd12 {

class Device12;

struct Fence12 {
  Device12* device = nullptr;
  VkSemaphore semaphore = VK_NULL_HANDLE;
  uint64_t submitted = 0;  // queue mutex held

  static Fence12* from(D3D12DDI_HFENCE h) { return static_cast<Fence12*>(h.pDrvPrivate); }
  uint64_t completed() const;
};

void fillFenceDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f);

}  // namespace d3dvk::umd12
