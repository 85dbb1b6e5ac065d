// ddi/umd/descriptor_allocator.h — the D3D11 device's descriptor sets: carved
// from large pools instead of a pool per draw. A pool that fills up is retired
// with the serial of the open batch (vk_command_queue.h) and reset for reuse
// once that batch has completed, so a set costs one vkAllocateDescriptorSets
// and retirement is O(1) per pool. Sets are never freed one by one; a set
// stays valid while generation() is what it was at its allocation (the
// draw path reuses a stage's set across draws and batches until then).
// Callers hold the device's queue mutex.
#pragma once

#include "vk_command_queue.h"

#include <cstdint>
#include <deque>
#include <vector>

namespace d3dvk::umd {

class DescriptorAllocator {
 public:
  explicit DescriptorAllocator(vk::Device& device) : device_(device) {}
  ~DescriptorAllocator();  // after the queue has drained (the device destroys it after its queue)
  DescriptorAllocator(const DescriptorAllocator&) = delete;
  DescriptorAllocator& operator=(const DescriptorAllocator&) = delete;

  // A set of `layout` for commands of the queue's open batch; null with *result on failure.
  VkDescriptorSet allocate(VkDescriptorSetLayout layout, vk::CommandQueue& queue, VkResult* result);
  // Changes whenever a pool is retired (sets from before may be reset once their batch completes).
  uint64_t generation() const { return generation_; }

  static constexpr uint32_t kSetsPerPool = 1024;

 private:
  VkResult newPool(vk::CommandQueue& queue);  // into current_: a recycled pool or a new one

  vk::Device& device_;
  VkDescriptorPool current_ = VK_NULL_HANDLE;
  struct Retired {
    uint64_t serial;
    VkDescriptorPool pool;
  };
  std::deque<Retired> retired_;  // in serial order
  std::vector<VkDescriptorPool> free_;
  uint64_t generation_ = 1;
};

}  // namespace d3dvk::umd
