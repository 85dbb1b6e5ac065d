// ddi/umd/d3d12/fence12.cpp — see fence12.h: Create/DestroyFence and the
// d3dvk fence table (GetCompletedValue, Signal from the CPU, Wait on the CPU,
// the timestamp frequency of query12.h).
#include "fence12.h"

#include "d3dvk_entry_guard.h"
#include "device12.h"
#include "query12.h"
#include "queue12.h"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <new>
#include <string>

namespace d3dvk::umd12 {

uint64_t Fence12::completed() const {
  uint64_t value = 0;
  if (vkGetSemaphoreCounterValue(device->handle(), semaphore, &value) != VK_SUCCESS) return UINT64_MAX;
  return value;
}

namespace {

SIZE_T APIENTRY calcPrivateFenceSize(D3D12DDI_HDEVICE, const D3DVKDDIARG_CREATEFENCE*) try {
  return sizeof(Fence12);
} D3DVK_CATCH_RETURN({})

HRESULT APIENTRY createFence(D3D12DDI_HDEVICE hDevice, D3D12DDI_HFENCE hFence, const D3DVKDDIARG_CREATEFENCE* args) try {
  Device12* device = Device12::from(hDevice);
  if (!device || !hFence.pDrvPrivate || !args) return E_INVALIDARG;
  if (args->Flags != 0) {
    umd::logError("D3D12 CreateFence: shared and cross-adapter fences are not supported");
    return E_INVALIDARG;
  }
  auto* fence = new (hFence.pDrvPrivate) Fence12();
  fence->device = device;
  VkSemaphoreTypeCreateInfo type{VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO};
  type.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE;
  type.initialValue = args->InitialValue;
  VkSemaphoreCreateInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
  info.pNext = &type;
  VkResult r = vkCreateSemaphore(device->handle(), &info, nullptr, &fence->semaphore);
  if (r != VK_SUCCESS) {
    fence->~Fence12();
    return Device12::hresultFor(r);
  }
  fence->submitted = args->InitialValue;
  return S_OK;
} D3DVK_CATCH_HRESULT

VOID APIENTRY destroyFence(D3D12DDI_HDEVICE hDevice, D3D12DDI_HFENCE hFence) try {
  Fence12* fence = Fence12::from(hFence);
  if (!fence) return;
  Device12* device = Device12::from(hDevice);
  std::lock_guard lock(device->queueMutex());
  // Queue operations still held back on this fence are dropped (D3D12 leaves
  // such a queue waiting forever; d3dvk reports it instead), and submitted
  // work that may still signal or wait on the semaphore finishes first.
  dropPendingOperations(*device, fence);
  // Bounded: on a hung device the semaphore is left alive (the GPU may still signal it).
  if (device->waitIdle(true) == VK_SUCCESS) vkDestroySemaphore(device->handle(), fence->semaphore, nullptr);
  fence->~Fence12();
} D3DVK_CATCH_VOID

UINT64 APIENTRY getCompletedValue(D3D12DDI_HDEVICE, D3D12DDI_HFENCE hFence) try {
  Fence12* fence = Fence12::from(hFence);
  return fence ? fence->completed() : UINT64_MAX;
} D3DVK_CATCH_RETURN(UINT64_MAX)

HRESULT APIENTRY signalFromCpu(D3D12DDI_HDEVICE hDevice, D3D12DDI_HFENCE hFence, UINT64 value) try {
  Device12* device = Device12::from(hDevice);
  Fence12* fence = Fence12::from(hFence);
  if (!device || !fence) return E_INVALIDARG;
  std::lock_guard lock(device->queueMutex());
  if (value <= fence->completed()) {
    if (value < fence->completed())
      device->message(E_NOTIMPL, "lowering a fence's value (" + std::to_string(fence->completed()) +
                    " to " + std::to_string(value) + ") is not supported on Vulkan timelines; the value stays");
    return S_OK;
  }
  if (value <= fence->submitted) {
    device->message(E_NOTIMPL, "a queue already signals this fence to " + std::to_string(fence->submitted) +
                  "; a CPU signal to the lower " + std::to_string(value) + " is ignored");
    return S_OK;
  }
  VkSemaphoreSignalInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO};
  info.semaphore = fence->semaphore;
  info.value = value;
  VkResult r = vkSignalSemaphore(device->handle(), &info);
  if (r != VK_SUCCESS) return Device12::hresultFor(r);
  fence->submitted = value;
  return submitReadyOperations(*device);
} D3DVK_CATCH_HRESULT

// Waits until the fence reaches `value` or `timeoutNs` passes (S_FALSE). A
// value some queue or the CPU has already signalled (Fence12::submitted) is
// work on the GPU: waiting for it longer than the GPU timeout removes the
// device (DXGI_ERROR_DEVICE_HUNG). A value nobody has signalled yet waits for
// the application (another thread's Signal, a queue's later Signal) in short
// slices, as long as the caller's timeout allows.
HRESULT APIENTRY waitOnCpu(D3D12DDI_HDEVICE hDevice, D3D12DDI_HFENCE hFence, UINT64 value, UINT64 timeoutNs) try {
  Device12* device = Device12::from(hDevice);
  Fence12* fence = Fence12::from(hFence);
  if (!device || !fence) return E_INVALIDARG;
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();
  constexpr uint64_t kSliceNs = 50'000'000;
  const uint64_t gpuTimeout = device->vk().gpuTimeoutNs();
  for (;;) {
    if (device->vk().hung()) {
      device->reportHung();
      return DXGI_ERROR_DEVICE_HUNG;
    }
    bool onTheGpu;
    {
      std::lock_guard lock(device->queueMutex());
      onTheGpu = value <= fence->submitted;
    }
    const uint64_t elapsed = uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count());
    const uint64_t remaining = timeoutNs == UINT64_MAX ? UINT64_MAX : (timeoutNs > elapsed ? timeoutNs - elapsed : 0);
    const uint64_t slice = std::min(remaining, onTheGpu ? gpuTimeout : kSliceNs);
    VkSemaphoreWaitInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO};
    info.semaphoreCount = 1;
    info.pSemaphores = &fence->semaphore;
    info.pValues = &value;
    const VkResult r = vkWaitSemaphores(device->handle(), &info, slice);
    if (r != VK_TIMEOUT) return Device12::hresultFor(r);
    if (onTheGpu && slice == gpuTimeout) {  // a whole GPU timeout without reaching a signalled value
      device->vk().markHung();
      device->reportHung();
      return DXGI_ERROR_DEVICE_HUNG;
    }
    if (remaining == slice) return S_FALSE;  // the caller's timeout ran out
  }
} D3DVK_CATCH_HRESULT

}  // namespace

void fillFenceDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f) {
  f.pfnCalcPrivateFenceSize = &calcPrivateFenceSize;
  f.pfnCreateFence = &createFence;
  f.pfnDestroyFence = &destroyFence;
}

static UINT64 APIENTRY getTimestampFrequency(D3D12DDI_HDEVICE hDevice) try {
  Device12* device = Device12::from(hDevice);
  return device ? timestampFrequency(*device) : 0;
} D3DVK_CATCH_RETURN(0)

void fillFenceFuncs(D3DVKDDI_FENCE_FUNCS& f) {
  f.pfnGetTimestampFrequency = &getTimestampFrequency;
  f.pfnGetCompletedValue = &getCompletedValue;
  f.pfnSignal = &signalFromCpu;
  f.pfnWait = &waitOnCpu;
}

}  // namespace d3dvk::umd12
