// ddi/vk/vk_memory_budget.h — what d3dvk has allocated from each Vulkan memory
// heap, against a budget, so an application asking for more memory than the
// machine has gets E_OUTOFMEMORY (with the device still usable) instead of the
// kernel's OOM killer ending the process. One budget per physical device and
// process, shared by every D3D device on it (they share the memory).
//
// The budget of a heap is, in order of precedence:
//   - D3DVK_MEMORY_BUDGET_MB (every heap; for tests of exhaustion);
//   - VK_EXT_memory_budget's heapBudget when the device has the extension
//     (re-read when an allocation would pass the value read before);
//   - else the heap's size;
// and on a CPU implementation (lavapipe: device memory is this process's own
// RAM) at most 3/4 of the machine's physical memory.
// Every VkDeviceMemory d3dvk makes is reserved here first (vk_resources.cpp)
// and released when it is freed; objects whose memory the driver allocates
// itself (query pools) reserve an estimate.
#pragma once

#include "vk_instance.h"

#include <cstdint>
#include <mutex>
#include <vector>

namespace d3dvk::vk {

class MemoryBudget {
 public:
  // The process-wide budget of `physicalDevice` (made on first use).
  // `budgetExtension`: the device supports VK_EXT_memory_budget.
  static MemoryBudget& of(VkPhysicalDevice physicalDevice, bool budgetExtension);

  // Adds `bytes` to heap `heap`'s usage when it stays within its budget; false
  // (nothing added) otherwise.
  bool reserve(uint32_t heap, VkDeviceSize bytes);
  void release(uint32_t heap, VkDeviceSize bytes);

  struct HeapState {
    VkDeviceSize budget = 0, usage = 0;
  };
  HeapState heap(uint32_t heap);
  uint32_t heapCount() const { return uint32_t(heaps_.size()); }

  // The budget a heap of `heapSize` bytes gets from the environment and the
  // machine (the rules above, without the extension); exposed for tests.
  static VkDeviceSize staticBudget(VkDeviceSize heapSize, bool cpuDevice);

 private:
  MemoryBudget(VkPhysicalDevice physicalDevice, bool budgetExtension);
  void refresh();  // mutex held: re-reads VK_EXT_memory_budget

  VkPhysicalDevice physicalDevice_;
  bool budgetExtension_;
  bool cpuDevice_ = false;
  bool overridden_ = false;  // D3DVK_MEMORY_BUDGET_MB
  VkDeviceSize forced_ = 0;  // its value when last read
  std::mutex mutex_;
  struct Heap {
    VkDeviceSize size = 0, budget = 0, usage = 0;
  };
  std::vector<Heap> heaps_;
};

}  // namespace d3dvk::vk
