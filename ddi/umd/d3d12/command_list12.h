// ddi/umd/d3d12/command_list12.h — command allocators and command lists.
// An allocator owns a VkCommandPool; a list records into a primary command
// buffer taken from its allocator at creation and at each Reset (the buffers
// stay valid until the allocator is reset, as D3D12's memory does). Recording
// goes through CommandRecorder12 (command_recorder12.h), which owns the
// per-command synchronization and is where the draw path's state lands later.
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

struct CommandAllocator12 {
  Device12* device = nullptr;
  VkCommandPool pool = VK_NULL_HANDLE;
  std::vector<VkCommandBuffer> buffers;  // allocated from pool
  size_t used = 0;                       // buffers handed out since the last reset
  std::vector<std::unique_ptr<vk::Buffer>> scratch;  // data its commands read (freed at reset)
  std::unique_ptr<Transient12> transient;  // the draws' descriptor sets and uploads (draw12.h)
  std::vector<std::shared_ptr<DeferredDraw12>> deferred;  // its lists' deferred draws (freed at reset)

  static CommandAllocator12* from(D3D12DDI_HCOMMANDALLOCATOR h) { return static_cast<CommandAllocator12*>(h.pDrvPrivate); }
  // A command buffer for a list to record into (reused after a reset).
  VkResult take(VkCommandBuffer* out);
};

struct CommandList12 {
  Device12* device = nullptr;
  D3D12DDI_HRTCOMMANDLIST hRT{};
  UINT queueFlags = 0;
  VkCommandBuffer commandBuffer = VK_NULL_HANDLE;  // the first of the recording (null after a failed Reset)
  CommandRecorder12 recorder;

  static CommandList12* from(D3D12DDI_HCOMMANDLIST h) { return static_cast<CommandList12*>(h.pDrvPrivate); }
};

void fillCommandListDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f);
void fillCommandListFuncs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f);

}  // namespace d3dvk::umd12
