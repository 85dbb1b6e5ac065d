// ddi/vk/vk_command_queue.cpp — see vk_command_queue.h.
#include "vk_command_queue.h"

#include <algorithm>
#include <mutex>

namespace d3dvk::vk {

void memoryBarrier(VkCommandBuffer cmd, VkPipelineStageFlags2 srcStage, VkAccessFlags2 srcAccess,
                   VkPipelineStageFlags2 dstStage, VkAccessFlags2 dstAccess) {
  VkMemoryBarrier2 barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER_2};
  barrier.srcStageMask = srcStage;
  barrier.srcAccessMask = srcAccess;
  barrier.dstStageMask = dstStage;
  barrier.dstAccessMask = dstAccess;
  VkDependencyInfo dep{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
  dep.memoryBarrierCount = 1;
  dep.pMemoryBarriers = &barrier;
  vkCmdPipelineBarrier2(cmd, &dep);
}

void fullBarrier(VkCommandBuffer cmd) {
  constexpr VkAccessFlags2 all = VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT;
  memoryBarrier(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, all, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, all);
}

void imageLayoutBarrier(VkCommandBuffer cmd, VkImage image, const VkImageSubresourceRange& range, VkImageLayout from,
                        VkImageLayout to) {
  VkImageMemoryBarrier2 b{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2};
  b.srcStageMask = b.dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
  b.srcAccessMask = from == VK_IMAGE_LAYOUT_UNDEFINED ? 0 : VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT;
  b.dstAccessMask = VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT;
  b.oldLayout = from;
  b.newLayout = to;
  b.srcQueueFamilyIndex = b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  b.image = image;
  b.subresourceRange = range;
  VkDependencyInfo dep{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
  dep.imageMemoryBarrierCount = 1;
  dep.pImageMemoryBarriers = &b;
  vkCmdPipelineBarrier2(cmd, &dep);
}

std::unique_ptr<CommandQueue> CommandQueue::create(Device& device, VkResult* result) {
  std::unique_ptr<CommandQueue> self(new CommandQueue(device));
  VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  poolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  poolInfo.queueFamilyIndex = device.queueFamily();
  *result = vkCreateCommandPool(device.handle(), &poolInfo, nullptr, &self->pool_);
  if (*result != VK_SUCCESS) return nullptr;
  VkSemaphoreTypeCreateInfo type{VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO};
  type.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE;
  type.initialValue = 0;
  VkSemaphoreCreateInfo semInfo{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
  semInfo.pNext = &type;
  *result = vkCreateSemaphore(device.handle(), &semInfo, nullptr, &self->timeline_);
  if (*result != VK_SUCCESS) return nullptr;
  return self;
}

CommandQueue::~CommandQueue() {
  if (open_) submit();
  if (timeline_ && submitted_ && device_.waitSemaphoresForTeardown(1, &timeline_, &submitted_) != VK_SUCCESS) {
    // Hung past the teardown bound too: the GPU may still run these command
    // buffers and read what they keep alive, so none of it is freed.
    static std::mutex abandonedMutex;
    static auto* abandoned = new std::vector<Pending>();  // reachable: not a leak to LeakSanitizer
    std::lock_guard lock(abandonedMutex);
    for (Pending& p : pending_) abandoned->push_back(std::move(p));
    return;
  }
  pending_.clear();
  if (pool_) vkDestroyCommandPool(device_.handle(), pool_, nullptr);  // frees its command buffers
  if (timeline_) vkDestroySemaphore(device_.handle(), timeline_, nullptr);
}

VkCommandBuffer CommandQueue::record(VkResult* result, bool* opened) {
  *result = VK_SUCCESS;
  if (opened) *opened = false;
  if (device_.hung()) {  // removed: nothing new is recorded for it
    *result = VK_ERROR_DEVICE_LOST;
    return VK_NULL_HANDLE;
  }
  if (!open_) {
    collect(completedSerial());
    VkCommandBuffer cmd = reuseOrAllocate(free_, VK_COMMAND_BUFFER_LEVEL_PRIMARY, result);
    if (!cmd) return VK_NULL_HANDLE;
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    *result = vkBeginCommandBuffer(cmd, &begin);
    if (*result != VK_SUCCESS) {
      free_.push_back(cmd);
      return VK_NULL_HANDLE;
    }
    open_ = cmd;
    if (opened) *opened = true;
    // Everything submitted before (earlier batches) before everything in this one.
    fullBarrier(open_);
  }
  return open_;
}

VkCommandBuffer CommandQueue::reuseOrAllocate(std::vector<VkCommandBuffer>& free, VkCommandBufferLevel level,
                                              VkResult* result) {
  *result = VK_SUCCESS;
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  if (!free.empty()) {
    cmd = free.back();
    free.pop_back();
    vkResetCommandBuffer(cmd, 0);
    return cmd;
  }
  VkCommandBufferAllocateInfo info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  info.commandPool = pool_;
  info.level = level;
  info.commandBufferCount = 1;
  *result = vkAllocateCommandBuffers(device_.handle(), &info, &cmd);
  return *result == VK_SUCCESS ? cmd : VK_NULL_HANDLE;
}

VkCommandBuffer CommandQueue::beginSecondary(VkResult* result) {
  VkCommandBuffer cmd = reuseOrAllocate(freeSecondaries_, VK_COMMAND_BUFFER_LEVEL_SECONDARY, result);
  if (!cmd) return VK_NULL_HANDLE;
  const VkCommandBufferInheritanceInfo inheritance{VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO};
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  begin.pInheritanceInfo = &inheritance;
  *result = vkBeginCommandBuffer(cmd, &begin);
  try {
    if (*result == VK_SUCCESS) {
      secondariesInFlight_.push_back({cmd, openSerial()});
      return cmd;
    }
    freeSecondaries_.push_back(cmd);
  } catch (const std::bad_alloc&) {
    *result = VK_ERROR_OUT_OF_HOST_MEMORY;  // not reused then; the pool still frees it
  }
  return VK_NULL_HANDLE;
}

VkResult CommandQueue::submit() {
  if (!open_) return VK_SUCCESS;
  if (device_.hung() && submitted_ > 0) {
    // Removed: the open batch is dropped (its objects are released with their serials, never run).
    vkEndCommandBuffer(open_);
    free_.push_back(open_);
    open_ = VK_NULL_HANDLE;
    return VK_ERROR_DEVICE_LOST;
  }
  VkCommandBuffer cmd = open_;
  if (beforeSubmit_) beforeSubmit_(cmd);
  open_ = VK_NULL_HANDLE;
  memoryBarrier(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_MEMORY_WRITE_BIT, VK_PIPELINE_STAGE_2_HOST_BIT,
                VK_ACCESS_2_HOST_READ_BIT | VK_ACCESS_2_HOST_WRITE_BIT);
  VkResult r = vkEndCommandBuffer(cmd);
  if (r != VK_SUCCESS) {
    free_.push_back(cmd);
    return r;
  }
  const uint64_t serial = submitted_ + 1;
  VkSemaphoreSubmitInfo signal{VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO};
  signal.semaphore = timeline_;
  signal.value = serial;
  signal.stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
  VkCommandBufferSubmitInfo cmdInfo{VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO};
  cmdInfo.commandBuffer = cmd;
  VkSubmitInfo2 submit{VK_STRUCTURE_TYPE_SUBMIT_INFO_2};
  submit.commandBufferInfoCount = 1;
  submit.pCommandBufferInfos = &cmdInfo;
  submit.signalSemaphoreInfoCount = 1;
  submit.pSignalSemaphoreInfos = &signal;
  r = vkQueueSubmit2(device_.queue(), 1, &submit, VK_NULL_HANDLE);
  if (r != VK_SUCCESS) {
    free_.push_back(cmd);
    return r;
  }
  submitted_ = serial;
  try {
    inFlight_.push_back({cmd, serial});
  } catch (const std::bad_alloc&) {
    // Not reused then; the pool still frees it.
  }
  return VK_SUCCESS;
}

uint64_t CommandQueue::completedSerial() {
  uint64_t value = 0;
  if (vkGetSemaphoreCounterValue(device_.handle(), timeline_, &value) != VK_SUCCESS) value = 0;
  knownCompleted_ = std::max(knownCompleted_, value);
  collect(value);
  return value;
}

VkResult CommandQueue::wait(uint64_t serial) {
  if (serial > submitted_) {
    VkResult r = submit();
    if (r != VK_SUCCESS) return r;
  }
  if (serial > submitted_) serial = submitted_;
  if (serial == 0) return VK_SUCCESS;
  // Bounded (vk_device.h): VK_TIMEOUT when the GPU stops making progress.
  VkResult r = device_.waitSemaphores(1, &timeline_, &serial);
  if (r == VK_SUCCESS) collect(completedSerial());
  return r;
}

void CommandQueue::releaseAfter(uint64_t serial, std::shared_ptr<void> object) noexcept {
  if (!object) return;
  if (serial <= submitted_ && serial <= completedSerial()) return;  // already idle: free now
  // Keep the FIFO in serial order: an older serial waits for the newest queued one.
  if (pendingHead_ < pending_.size()) serial = std::max(serial, pending_.back().serial);
  if (pending_.size() < pending_.capacity()) {
    pending_.push_back({serial, std::move(object)});  // no allocation: cannot throw
    if (pending_.size() == pending_.capacity()) {
      try {
        pending_.reserve(pending_.size() * 2 + 16);  // room for the next one
      } catch (const std::bad_alloc&) {
      }
    }
    return;
  }
  try {
    pending_.reserve(pending_.size() * 2 + 16);
    pending_.push_back({serial, std::move(object)});
  } catch (const std::bad_alloc&) {
    freeWhenDone(serial);  // `object` is freed on return
  }
}

void CommandQueue::freeWhenDone(uint64_t serial) noexcept {
  try {
    wait(serial);
  } catch (...) {
    // Out of memory twice over: free it anyway (the GPU may still read it).
  }
}

void CommandQueue::collect(uint64_t completed) {
  for (auto [inFlight, free] : {std::pair{&inFlight_, &free_}, std::pair{&secondariesInFlight_, &freeSecondaries_}})
    while (!inFlight->empty() && inFlight->front().serial <= completed) {
      try {
        free->push_back(inFlight->front().commands);
      } catch (const std::bad_alloc&) {
        // Not reused then; the pool still frees it.
      }
      inFlight->pop_front();
    }
  while (pendingHead_ < pending_.size() && pending_[pendingHead_].serial <= completed)
    pending_[pendingHead_++].object.reset();
  if (pendingHead_ == pending_.size()) {
    pending_.clear();  // keeps the capacity
    pendingHead_ = 0;
  } else if (pendingHead_ > 64 && pendingHead_ * 2 > pending_.size()) {
    // Move the live back half to the front: amortized O(1) per object.
    std::move(pending_.begin() + ptrdiff_t(pendingHead_), pending_.end(), pending_.begin());
    pending_.resize(pending_.size() - pendingHead_);
    pendingHead_ = 0;
  }
}

}  // namespace d3dvk::vk
