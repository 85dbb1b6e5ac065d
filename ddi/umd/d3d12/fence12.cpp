// ddi/umd/d3d12/fence12.cpp — see fence12.h: Create/DestroyFence and the
// d3dvk fence table (GetCompletedValue, Signal from the CPU, Wait on the CPU for
// one fence or several — all or any of them —, the timestamp frequency of query12.h, clock calibration).
#include "fence12.h"

#include "d3dvk_entry_guard.h"
#include "device12.h"
#include "query12.h"
#include "queue12.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <mutex>
#include <new>
#include <string>
#include <vector>

namespace d3dvk::umd12 {

uint64_t Fence12::completed() const {
  uint64_t value = 0;
  if (vkGetSemaphoreCounterValue(device->handle(), semaphore, &value) != VK_SUCCESS) return UINT64_MAX;
  return value >= base ? value - base : 0;
}

bool Fence12::lower(uint64_t value) {
  uint64_t reached = 0;
  if (vkGetSemaphoreCounterValue(device->handle(), semaphore, &reached) != VK_SUCCESS) return false;
  if (reached < semaphoreValue(submitted)) return false;  // a signal on the GPU has yet to land
  base = reached - value;  // the semaphore stays; the D3D12 value reads `value`
  submitted = value;
  return true;
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
  const uint64_t completed = fence->completed();
  if (value <= completed) {
    if (value < completed && !fence->lower(value)) {
      device->message(E_NOTIMPL, "a queue's signal of this fence (to " + std::to_string(fence->submitted) +
                                     ") has not completed; lowering its value from " + std::to_string(completed) +
                                     " to " + std::to_string(value) + " from the CPU is ignored");
      return S_OK;
    }
    return submitReadyOperations(*device);  // waits for the lower value may go now
  }
  if (value <= fence->submitted) {
    device->message(E_NOTIMPL, "a queue already signals this fence to " + std::to_string(fence->submitted) +
                  "; a CPU signal to the lower " + std::to_string(value) + " is ignored");
    return S_OK;
  }
  VkSemaphoreSignalInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO};
  info.semaphore = fence->semaphore;
  info.value = fence->semaphoreValue(value);
  VkResult r = vkSignalSemaphore(device->handle(), &info);
  if (r != VK_SUCCESS) return Device12::hresultFor(r);
  fence->submitted = value;
  return submitReadyOperations(*device);
} D3DVK_CATCH_HRESULT

// Waits until every fence (or, with `any`, one of them) reaches its value or
// `timeoutNs` passes (S_FALSE). A value some queue or the CPU has already
// signalled (Fence12::submitted) is work on the GPU: when the wait can end by
// such values alone (all of them; with `any`, one) and lasts longer than the
// GPU timeout, the device is removed (DXGI_ERROR_DEVICE_HUNG). A value nobody
// has signalled yet waits for the application (another thread's Signal, a
// queue's later Signal) in short slices, as long as the caller's timeout allows.
HRESULT waitForFences(Device12* device, UINT count, const D3D12DDI_HFENCE* fences, const UINT64* values, bool any,
                      UINT64 timeoutNs) {
  if (!device || !count || !fences || !values) return E_INVALIDARG;
  std::vector<Fence12*> objects(count);
  for (UINT i = 0; i < count; ++i)
    if (!(objects[i] = Fence12::from(fences[i]))) return E_INVALIDARG;
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();
  constexpr uint64_t kSliceNs = 50'000'000;
  const uint64_t gpuTimeout = device->vk().gpuTimeoutNs();
  std::vector<VkSemaphore> semaphores(count);
  std::vector<uint64_t> targets(count);
  for (;;) {
    if (device->vk().hung()) {
      device->reportHung();
      return DXGI_ERROR_DEVICE_HUNG;
    }
    bool onTheGpu = !any;
    {
      std::lock_guard lock(device->queueMutex());
      for (UINT i = 0; i < count; ++i) {
        const bool submitted = values[i] <= objects[i]->submitted;
        onTheGpu = any ? onTheGpu || submitted : onTheGpu && submitted;
        semaphores[i] = objects[i]->semaphore;
        targets[i] = objects[i]->semaphoreValue(values[i]);
      }
    }
    const uint64_t elapsed = uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count());
    const uint64_t remaining = timeoutNs == UINT64_MAX ? UINT64_MAX : (timeoutNs > elapsed ? timeoutNs - elapsed : 0);
    const uint64_t slice = std::min(remaining, onTheGpu ? gpuTimeout : kSliceNs);
    VkSemaphoreWaitInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO};
    info.flags = any ? VK_SEMAPHORE_WAIT_ANY_BIT : 0;
    info.semaphoreCount = count;
    info.pSemaphores = semaphores.data();
    info.pValues = targets.data();
    const VkResult r = vkWaitSemaphores(device->handle(), &info, slice);
    if (r != VK_TIMEOUT) return Device12::hresultFor(r);
    if (onTheGpu && slice == gpuTimeout) {  // a whole GPU timeout without reaching signalled values
      device->vk().markHung();
      device->reportHung();
      return DXGI_ERROR_DEVICE_HUNG;
    }
    if (remaining == slice) return S_FALSE;  // the caller's timeout ran out
  }
}

HRESULT APIENTRY waitOnCpu(D3D12DDI_HDEVICE hDevice, D3D12DDI_HFENCE hFence, UINT64 value, UINT64 timeoutNs) try {
  return waitForFences(Device12::from(hDevice), 1, &hFence, &value, false, timeoutNs);
} D3DVK_CATCH_HRESULT

HRESULT APIENTRY waitMultiple(D3D12DDI_HDEVICE hDevice, UINT count, const D3D12DDI_HFENCE* fences, const UINT64* values,
                              BOOL waitAny, UINT64 timeoutNs) try {
  return waitForFences(Device12::from(hDevice), count, fences, values, waitAny != FALSE, timeoutNs);
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

// A timestamp written by a one-time submission, paired with the CPU clock
// halfway between its submission and its completion (lavapipe's timestamps
// are the CPU's clock; on a GPU the pair is as close as one submission allows).
static HRESULT APIENTRY getClockCalibration(D3D12DDI_HDEVICE hDevice, UINT64* gpu, UINT64* cpu) try {
  Device12* device = Device12::from(hDevice);
  if (!device || !gpu || !cpu) return E_INVALIDARG;
  *gpu = *cpu = 0;
  if (!timestampFrequency(*device)) return E_FAIL;
  VkQueryPoolCreateInfo info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
  info.queryType = VK_QUERY_TYPE_TIMESTAMP;
  info.queryCount = 1;
  VkQueryPool pool = VK_NULL_HANDLE;
  VkResult r = vkCreateQueryPool(device->handle(), &info, nullptr, &pool);
  if (r != VK_SUCCESS) return Device12::hresultFor(r);
  auto now = [] {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return UINT64(ts.tv_sec) * 1'000'000'000u + UINT64(ts.tv_nsec);
  };
  const UINT64 before = now();
  r = device->runNow([&](VkCommandBuffer cmd) {
    vkCmdResetQueryPool(cmd, pool, 0, 1);
    vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, pool, 0);
  });
  const UINT64 after = now();
  UINT64 value = 0;
  if (r == VK_SUCCESS)
    r = vkGetQueryPoolResults(device->handle(), pool, 0, 1, sizeof value, &value, sizeof value,
                              VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
  vkDestroyQueryPool(device->handle(), pool, nullptr);
  if (r != VK_SUCCESS) return Device12::hresultFor(r);
  *gpu = value;
  *cpu = before + (after - before) / 2;
  return S_OK;
} D3DVK_CATCH_HRESULT

void fillFenceFuncs(D3DVKDDI_FENCE_FUNCS& f) {
  f.pfnGetClockCalibration = &getClockCalibration;
  f.pfnGetTimestampFrequency = &getTimestampFrequency;
  f.pfnGetCompletedValue = &getCompletedValue;
  f.pfnSignal = &signalFromCpu;
  f.pfnWait = &waitOnCpu;
  f.pfnWaitMultiple = &waitMultiple;
}

}  // namespace d3dvk::umd12
