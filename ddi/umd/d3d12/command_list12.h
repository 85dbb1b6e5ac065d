// ddi/umd/d3d12/command_list12.h — command allocators and command lists.
// An allocator owns a VkCommandPool; a list records into a primary command
// buffer taken from its allocator at creation and at each Reset (the buffers
// stay valid until the allocator is reset, as D3D12's memory does). Recording
// goes through CommandRecorder12 (command_recorder12.h), which owns the
// per-command synchronization and is where the draw path's state lands later.
// An allocator's memory outlives its Release while queued work uses it, and
// its Reset is refused (E_FAIL through pfnSetErrorCb) until that work retires.
#pragma once

#include "command_recorder12.h"
#include "d3d12umddi.h"
#include "vk_device.h"
#include "vk_resources.h"

#include <memory>
#include <vector>

namespace d3dvk::umd12 {

class Device12;
struct DeferredDraw12;

// The allocator lives on the heap, shared by its runtime handle
// (CommandAllocatorHandle12), the lists recording into it and the queue
// operations that execute its command buffers: what the GPU may still run
// stays alive until it retires, however early the application lets go.
struct CommandAllocator12 {
  Device12* device = nullptr;
  VkCommandPool pool = VK_NULL_HANDLE;
  std::vector<VkCommandBuffer> buffers;  // allocated from pool
  size_t used = 0;                       // buffers handed out since the last reset
  std::vector<std::shared_ptr<void>> scratch;  // data its commands read (freed at reset)
  std::unique_ptr<Transient12> transient;  // the draws' descriptor sets and uploads (draw12.h)
  std::vector<std::shared_ptr<DeferredDraw12>> deferred;  // its lists' deferred draws (freed at reset)
  // Queue operations holding its command buffers, held back or on the GPU
  // (queue mutex held): a Reset while this is not 0 is refused (D3D12's
  // COMMAND_ALLOCATOR_SYNC), since its memory is still in use.
  int inFlight = 0;

  ~CommandAllocator12();  // frees the pool and what its commands read
  static CommandAllocator12* from(D3D12DDI_HCOMMANDALLOCATOR h);
  static std::shared_ptr<CommandAllocator12> shared(D3D12DDI_HCOMMANDALLOCATOR h);
  // A command buffer for a list to record into (reused after a reset).
  VkResult take(VkCommandBuffer* out);
};

// What the runtime's allocator memory holds: the allocator's one owning handle.
struct CommandAllocatorHandle12 {
  std::shared_ptr<CommandAllocator12> allocator;
};

// Counts one queue operation against an allocator while alive (queue mutex held
// when made and destroyed): queue12.cpp keeps it until the operation retires.
struct AllocatorUse12 {
  explicit AllocatorUse12(std::shared_ptr<CommandAllocator12> a) : allocator(std::move(a)) { ++allocator->inFlight; }
  ~AllocatorUse12() { --allocator->inFlight; }
  AllocatorUse12(const AllocatorUse12&) = delete;
  AllocatorUse12& operator=(const AllocatorUse12&) = delete;
  std::shared_ptr<CommandAllocator12> allocator;
};

struct CommandList12 {
  Device12* device = nullptr;
  D3D12DDI_HRTCOMMANDLIST hRT{};
  UINT queueFlags = 0;
  VkCommandBuffer commandBuffer = VK_NULL_HANDLE;  // the first of the recording (null after a failed Reset)
  std::shared_ptr<CommandAllocator12> allocator;   // the one it records into (its command buffers' pool)
  CommandRecorder12 recorder;

  // Every DDI entry of a list finds it here, so each call is noted (CommandRecorder12::noteCall).
  static CommandList12* from(D3D12DDI_HCOMMANDLIST h) {
    auto* list = static_cast<CommandList12*>(h.pDrvPrivate);
    if (list) list->recorder.noteCall();
    return list;
  }
  // A closed list as a queue's ExecuteCommandLists finds it: no call of the
  // list's own (queues may submit it from other threads), nothing noted.
  static CommandList12* submitted(D3D12DDI_HCOMMANDLIST h) { return static_cast<CommandList12*>(h.pDrvPrivate); }
};

void fillCommandListDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f);
void fillCommandListFuncs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f);
void fillCommandListExtFuncs(D3DVKDDI_COMMAND_LIST_EXT_FUNCS& f);
void fillPredicationCommandListFuncs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f);  // predication12.cpp

}  // namespace d3dvk::umd12
