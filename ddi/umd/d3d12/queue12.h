// ddi/umd/d3d12/queue12.h — D3D12 command queues (direct, compute, copy), all
// submitting to the device's one Vulkan queue. Each queue keeps its
// operations (ExecuteCommandLists, Signal, Wait) in order; an operation is
// handed to Vulkan as soon as every Wait before it can be satisfied by a signal
// already handed to Vulkan or done by the CPU (Fence12::submitted), so the
// shared Vulkan queue never holds a wait whose signal comes later. A Wait turns
// into a timeline-semaphore wait of the queue's next submission; a Signal into
// a submission that signals the fence's semaphore after everything before it.
// Every command list starts with a full memory barrier and ends with one to
// the host, so work ordered by submission or by a fence is ordered in memory too.
// A swapchain's Present is an operation of its queue too: a frame whose work is
// held back by a Wait is shown once that work goes to Vulkan.
// A list with deferred conservative draws (deferred_draw12.h) is several
// command buffers: handing it to Vulkan submits and waits for the part before
// each such draw, records the draw, and goes on. An Execute operation keeps
// its lists' allocators in flight until its submission retires.
#pragma once

#include "d3d12umddi.h"
#include "vk_device.h"

#include <deque>
#include <functional>
#include <memory>
#include <vector>

namespace d3dvk::umd12 {

struct AllocatorUse12;
class Device12;
struct DeferredDraw12;
struct Fence12;

struct Queue12 {
  Device12* device = nullptr;
  UINT flags = 0;  // D3D12DDI_COMMAND_QUEUE_FLAG_BITS
  struct Operation {
    enum Kind { Execute, Signal, Wait, Present } kind;
    struct Part {
      VkCommandBuffer cmd = VK_NULL_HANDLE;
      std::shared_ptr<DeferredDraw12> then;  // recorded and submitted after cmd completes
    };
    std::vector<Part> parts;  // Execute: the lists' command buffers in order
    Fence12* fence = nullptr;                     // Signal, Wait
    uint64_t value = 0;
    // Execute: the lists' allocators, kept (and counted in flight) until the
    // submission retires (Device12::retireAfter), so their command buffers
    // outlive an early Reset or Release.
    std::vector<std::shared_ptr<AllocatorUse12>> allocators;
    // Present: a swapchain's copy into its window and the present (ddi/umd/present),
    // run (queue mutex held) once everything before it on this queue is in Vulkan;
    // `owner` names the presenter, which drops its presents before it goes away.
    std::function<void()> present;
    const void* owner = nullptr;
  };
  std::deque<Operation> pending;         // queue mutex held
  std::vector<VkSemaphoreSubmitInfo> waits;  // satisfied Waits for the next submission

  static Queue12* from(D3D12DDI_HCOMMANDQUEUE h) { return static_cast<Queue12*>(h.pDrvPrivate); }
};

// Hands every operation that can go to Vulkan now (queue mutex held).
HRESULT submitReadyOperations(Device12& device);
// Drops the held-back operations that involve `fence` (fence destruction; queue mutex held).
void dropPendingOperations(Device12& device, Fence12* fence);
// Drops `owner`'s held-back presents (a presenter resized or destroyed; queue mutex
// held); how many there were.
size_t dropPendingPresents(Device12& device, const void* owner);

void fillQueueDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f);
void fillCommandQueueFuncs(D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0001& f);

}  // namespace d3dvk::umd12
