// ddi/vk/vk_buffer_pool.h — host-visible buffers of one usage, reused across
// batches instead of allocated per use. The conservative fallback writes
// hundreds of MiB per large draw; fresh allocations pay for zeroing every page
// again, a reused buffer does not. A buffer is handed out again once the batch
// that last used it has completed (the caller also keeps it alive with
// CommandQueue::releaseAfter, as for any object a batch uses).
#pragma once

#include "vk_resources.h"

#include <memory>
#include <vector>

namespace d3dvk::vk {

class BufferPool {
 public:
  BufferPool(Device& device, VkBufferUsageFlags usage) : device_(device), usage_(usage) {}

  // A host-visible buffer of at least `size` bytes that no batch after
  // `completedSerial` uses, recorded as used by batch `useSerial`. Null (and
  // *result) when it cannot be allocated.
  std::shared_ptr<Buffer> acquire(VkDeviceSize size, uint64_t completedSerial, uint64_t useSerial, VkResult* result);

  static constexpr size_t kMaxBuffers = 4;

 private:
  struct Entry {
    std::shared_ptr<Buffer> buffer;
    uint64_t lastUse = 0;
  };
  Device& device_;
  VkBufferUsageFlags usage_;
  std::vector<Entry> entries_;
};

}  // namespace d3dvk::vk
