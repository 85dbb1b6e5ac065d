// ddi/umd/d3d12/queue12.cpp — see queue12.h: Create/DestroyCommandQueue,
// ExecuteCommandLists, SignalFence, WaitForFence and the submission scheduler.
#include "queue12.h"

#include "command_list12.h"
#include "d3dvk_entry_guard.h"
#include "deferred_draw12.h"
#include "device12.h"
#include "fence12.h"

#include <algorithm>
#include <exception>
#include <new>
#include <string>

namespace d3dvk::umd12 {

namespace {

VkResult submit(Device12& device, Queue12& queue, const std::vector<VkCommandBuffer>& commandBuffers,
                const VkSemaphoreSubmitInfo* signal) {
  std::vector<VkCommandBufferSubmitInfo> cbs;
  cbs.reserve(commandBuffers.size());
  for (VkCommandBuffer cb : commandBuffers) {
    VkCommandBufferSubmitInfo info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO};
    info.commandBuffer = cb;
    cbs.push_back(info);
  }
  VkSubmitInfo2 info{VK_STRUCTURE_TYPE_SUBMIT_INFO_2};
  info.waitSemaphoreInfoCount = uint32_t(queue.waits.size());
  info.pWaitSemaphoreInfos = queue.waits.data();
  info.commandBufferInfoCount = uint32_t(cbs.size());
  info.pCommandBufferInfos = cbs.data();
  info.signalSemaphoreInfoCount = signal ? 1 : 0;
  info.pSignalSemaphoreInfos = signal;
  VkResult r = vkQueueSubmit2(device.vk().queue(), 1, &info, VK_NULL_HANDLE);
  queue.waits.clear();
  return r;
}

// Submits an Execute operation's command buffers; before a deferred draw, the
// buffers so far are submitted and waited for, and the draw is recorded from
// what they read back.
HRESULT execute(Device12& device, Queue12& queue, const std::vector<Queue12::Operation::Part>& parts,
                std::vector<std::shared_ptr<AllocatorUse12>>& allocators) {
  HRESULT result = S_OK;
  std::vector<VkCommandBuffer> batch;
  for (const Queue12::Operation::Part& part : parts) {
    batch.push_back(part.cmd);
    if (!part.then) continue;
    const VkSemaphoreSubmitInfo signal = device.nextSignal();
    VkResult r = submit(device, queue, batch, &signal);
    batch.clear();
    if (r == VK_SUCCESS) r = device.waitForSignal(signal);
    if (r != VK_SUCCESS) return Device12::hresultFor(r);
    HRESULT hr = S_OK;
    VkCommandBuffer draw = VK_NULL_HANDLE;
    try {  // the part before is submitted: nothing may leave this operation half done
      draw = recordDeferredDraw(device, *part.then, &hr);
    } catch (const std::bad_alloc&) {
      hr = E_OUTOFMEMORY;
      device.message(hr, "out of memory while recording a deferred conservative fallback draw; the draw is dropped");
    } catch (const std::exception& e) {
      hr = E_FAIL;
      device.message(hr, std::string("recording a deferred conservative fallback draw failed: ") + e.what());
    }
    if (draw) batch.push_back(draw);
    else if (SUCCEEDED(result)) result = hr;  // reported; the rest of the list still runs
  }
  // The last submission signals the device's timeline: its allocators retire then.
  const VkSemaphoreSubmitInfo retired = device.nextSignal();
  VkResult r = submit(device, queue, batch, &retired);
  if (r != VK_SUCCESS) {
    if (SUCCEEDED(result)) result = Device12::hresultFor(r);
    r = submit(device, queue, {}, &retired);  // what was submitted before still retires with it
  }
  if (r == VK_SUCCESS) device.retireAfter(retired.value, std::move(allocators));
  return result;
}

}  // namespace

HRESULT submitReadyOperations(Device12& device) {
  device.retireCompleted();
  if (device.vk().hung()) {
    // Removed: nothing more goes to the GPU (the operations' allocators are no longer in flight).
    for (Queue12* queue : device.queues()) {
      queue->pending.clear();
      queue->waits.clear();
    }
    return DXGI_ERROR_DEVICE_HUNG;
  }
  HRESULT result = S_OK;
  bool progress = true;
  while (progress) {
    progress = false;
    for (Queue12* queue : device.queues()) {
      while (!queue->pending.empty()) {
        Queue12::Operation& op = queue->pending.front();
        if (op.kind == Queue12::Operation::Wait) {
          if (op.fence->submitted < op.value) break;  // its signal is not in Vulkan yet
          VkSemaphoreSubmitInfo wait{VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO};
          wait.semaphore = op.fence->semaphore;
          wait.value = op.fence->semaphoreValue(op.value);
          wait.stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
          queue->waits.push_back(wait);
        } else if (op.kind == Queue12::Operation::Present) {
          if (op.present) op.present();  // reports its own failures
        } else if (op.kind == Queue12::Operation::Execute) {
          HRESULT hr = execute(device, *queue, op.parts, op.allocators);
          if (FAILED(hr) && SUCCEEDED(result)) result = hr;
        } else {
          if (op.value < op.fence->submitted) {
            // Vulkan timelines only grow: the queue's work before the signal
            // finishes (bounded), then the fence's value is lowered (Fence12::lower).
            if (device.waitIdle(true) != VK_SUCCESS || !op.fence->lower(op.value))
              device.message(E_NOTIMPL, "the fence already reaches " + std::to_string(op.fence->submitted) +
                                            "; a queue's signal to the lower " + std::to_string(op.value) +
                                            " is ignored (the GPU did not finish)");
            progress = true;
          } else if (op.value > op.fence->submitted) {
            VkSemaphoreSubmitInfo signal{VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO};
            signal.semaphore = op.fence->semaphore;
            signal.value = op.fence->semaphoreValue(op.value);
            signal.stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
            VkResult r = submit(device, *queue, {}, &signal);
            if (r != VK_SUCCESS && SUCCEEDED(result)) result = Device12::hresultFor(r);
            op.fence->submitted = op.value;
            progress = true;
          }
        }
        queue->pending.pop_front();
      }
    }
  }
  return result;
}

size_t dropPendingPresents(Device12& device, const void* owner) {
  size_t dropped = 0;
  for (Queue12* queue : device.queues())
    dropped += std::erase_if(queue->pending, [owner](const Queue12::Operation& op) {
      return op.kind == Queue12::Operation::Present && op.owner == owner;
    });
  return dropped;
}

void dropPendingOperations(Device12& device, Fence12* fence) {
  for (Queue12* queue : device.queues()) {
    auto before = queue->pending.size();
    std::erase_if(queue->pending, [fence](const Queue12::Operation& op) { return op.fence == fence; });
    // A satisfied wait not submitted yet names the semaphore about to go away.
    std::erase_if(queue->waits, [fence](const VkSemaphoreSubmitInfo& w) { return w.semaphore == fence->semaphore; });
    if (queue->pending.size() != before)
      device.message(E_FAIL, "a fence was destroyed while a queue still waited on it or was to signal it; those "
                             "operations are dropped and the queue goes on");
  }
  submitReadyOperations(device);
}

namespace {

SIZE_T APIENTRY calcPrivateCommandQueueSize(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATECOMMANDQUEUE_0001*) try {
  return sizeof(Queue12);
} D3DVK_CATCH_RETURN({})

HRESULT APIENTRY createCommandQueue(D3D12DDI_HDEVICE hDevice, const D3D12DDIARG_CREATECOMMANDQUEUE_0001* args) try {
  Device12* device = Device12::from(hDevice);
  if (!device || !args || !args->hDrvCommandQueue.pDrvPrivate) return E_INVALIDARG;
  UINT kind = args->QueueFlags & (D3D12DDI_COMMAND_QUEUE_FLAG_3D | D3D12DDI_COMMAND_QUEUE_FLAG_COMPUTE |
                                  D3D12DDI_COMMAND_QUEUE_FLAG_COPY);
  if (kind == 0 || (kind & (kind - 1))) return E_INVALIDARG;
  auto* queue = new (args->hDrvCommandQueue.pDrvPrivate) Queue12();
  queue->device = device;
  queue->flags = kind;
  std::lock_guard lock(device->queueMutex());
  try {
    device->queues().push_back(queue);
  } catch (...) {
    queue->~Queue12();
    throw;
  }
  return S_OK;
} D3DVK_CATCH_HRESULT

VOID APIENTRY destroyCommandQueue(D3D12DDI_HDEVICE hDevice, D3D12DDI_HCOMMANDQUEUE hQueue) try {
  Device12* device = Device12::from(hDevice);
  Queue12* queue = Queue12::from(hQueue);
  if (!device || !queue) return;
  std::lock_guard lock(device->queueMutex());
  if (!queue->pending.empty())
    device->message(E_FAIL, "a command queue was released with " + std::to_string(queue->pending.size()) +
                  " operations still waiting on fences; they are dropped");
  std::erase(device->queues(), queue);
  device->waitIdle(true);  // bounded (a hung device is not waited for forever)
  queue->~Queue12();
} D3DVK_CATCH_VOID

VOID APIENTRY executeCommandLists(D3D12DDI_HCOMMANDQUEUE hQueue, UINT count, const D3D12DDI_HCOMMANDLIST* lists) try {
  Queue12* queue = Queue12::from(hQueue);
  if (!queue || !count || !lists) return;
  Queue12::Operation op{Queue12::Operation::Execute, {}, nullptr, 0};
  for (UINT i = 0; i < count; ++i)
    if (CommandList12* list = CommandList12::submitted(lists[i]); list && list->commandBuffer) {
      list->recorder.writeTables();  // the descriptor tables as they are at execution
      for (const CommandRecorder12::Segment& segment : list->recorder.segments())
        op.parts.push_back({segment.cmd, segment.then});
    }
  std::lock_guard lock(queue->device->queueMutex());
  for (UINT i = 0; i < count; ++i)
    if (CommandList12* list = CommandList12::submitted(lists[i]); list && list->commandBuffer && list->allocator)
      op.allocators.push_back(std::make_shared<AllocatorUse12>(list->allocator));
  queue->pending.push_back(std::move(op));
  HRESULT hr = submitReadyOperations(*queue->device);
  if (FAILED(hr)) queue->device->setError(hr);
} D3DVK_CATCH_VOID

void fenceOperation(D3D12DDI_HCOMMANDQUEUE hQueue, D3D12DDIARG_FENCE_OPERATION* args, Queue12::Operation::Kind kind) {
  Queue12* queue = Queue12::from(hQueue);
  if (!queue || !args || !args->Fence.pDrvPrivate) return;
  std::lock_guard lock(queue->device->queueMutex());
  queue->pending.push_back({kind, {}, Fence12::from(args->Fence), args->Value});
  HRESULT hr = submitReadyOperations(*queue->device);
  if (FAILED(hr)) queue->device->setError(hr);
}

VOID APIENTRY signalFence(D3D12DDI_HCOMMANDQUEUE hQueue, D3D12DDIARG_FENCE_OPERATION* args) try {
  fenceOperation(hQueue, args, Queue12::Operation::Signal);
} D3DVK_CATCH_VOID

VOID APIENTRY waitForFence(D3D12DDI_HCOMMANDQUEUE hQueue, D3D12DDIARG_FENCE_OPERATION* args) try {
  fenceOperation(hQueue, args, Queue12::Operation::Wait);
} D3DVK_CATCH_VOID

}  // namespace

void fillQueueDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f) {
  f.pfnCalcPrivateCommandQueueSize = &calcPrivateCommandQueueSize;
  f.pfnCreateCommandQueue = &createCommandQueue;
  f.pfnDestroyCommandQueue = &destroyCommandQueue;
}

void fillCommandQueueFuncs(D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0001& f) {
  f.pfnExecuteCommandLists = &executeCommandLists;
  f.pfnSignalFence = &signalFence;
  f.pfnWaitForFence = &waitForFence;
}

}  // namespace d3dvk::umd12
