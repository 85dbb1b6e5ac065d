// ddi/vk/vk_buffer_pool.cpp — see vk_buffer_pool.h.
#include "vk_buffer_pool.h"

#include <algorithm>

namespace d3dvk::vk {

std::shared_ptr<Buffer> BufferPool::acquire(VkDeviceSize size, uint64_t completedSerial, uint64_t useSerial,
                                            VkResult* result) {
  *result = VK_SUCCESS;
  // The smallest idle buffer that fits.
  Entry* best = nullptr;
  for (Entry& e : entries_)
    if (e.lastUse <= completedSerial && e.buffer->size() >= size && (!best || e.buffer->size() < best->buffer->size()))
      best = &e;
  if (best) {
    best->lastUse = useSerial;
    return best->buffer;
  }
  // A new one, rounded up to a power of two (≥ 1 MiB) so similar draws reuse it.
  VkDeviceSize rounded = VkDeviceSize(1) << 20;
  while (rounded < size) rounded <<= 1;
  std::shared_ptr<Buffer> buffer = Buffer::create(device_, rounded, usage_, true, result);
  if (!buffer) {
    buffer = Buffer::create(device_, size, usage_, true, result);  // the exact size may still fit
    if (!buffer) return nullptr;
  }
  // Pool it in place of the smallest idle buffer, or in a free slot; else it is used once.
  auto idle = entries_.end();
  for (auto it = entries_.begin(); it != entries_.end(); ++it)
    if (it->lastUse <= completedSerial && (idle == entries_.end() || it->buffer->size() < idle->buffer->size()))
      idle = it;
  if (entries_.size() < kMaxBuffers) entries_.push_back({buffer, useSerial});
  else if (idle != entries_.end()) *idle = {buffer, useSerial};
  return buffer;
}

}  // namespace d3dvk::vk
