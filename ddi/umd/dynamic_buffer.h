// ddi/umd/dynamic_buffer.h — Map(WRITE_DISCARD) of a DYNAMIC buffer without a
// new VkBuffer or a GPU wait: the buffer's memory is one slice of a block the
// resource owns (Resource::buffer + Resource::bufferOffset). A discard while a
// batch in flight still uses the current slice retires it until that batch
// completes and moves the resource to a free slice: one whose batch has
// completed (FIFO, O(1)), else an unused one, else one of a new block twice
// the size of the last (up to kMaxBlockBytes), so a buffer mapped N times in a
// frame settles at about N slices and then allocates nothing.
//
// Only dynamic buffers bound as vertex, index or constant buffers take
// slices: a view (SRV/UAV) of a buffer names one VkBuffer, and those keep the
// older rename (a new buffer per discard of a busy buffer). DEFAULT constant
// buffers take them too, in host-visible memory: UpdateSubresource writes
// them from the CPU into a fresh slice (the old one's contents carried over
// for a partial update) instead of recording a copy.
// Callers hold the device's queue mutex.
#pragma once

#include "d3d10umddi.h"
#include "vk_resources.h"

#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

namespace d3dvk::umd {

class Device;
struct Resource;

class DynamicSlices {
 public:
  // Whether a resource takes slices (dynamic and bound only as vertex, index
  // or constant buffer, or a DEFAULT buffer bound only as constant buffer).
  static bool applies(const Resource& r);
  // Whether a buffer of these flags lives in host-visible memory for its slices.
  static bool hostVisible(UINT usage, UINT bindFlags, UINT miscFlags);
  // Moves `r` to a slice no batch in flight uses. False with *result when no memory can be had.
  bool discard(Device& device, Resource& r, VkResult* result);
  // UpdateSubresource of bytes [offset, offset + size) from the CPU: in place
  // when no batch in flight uses the buffer, else into a fresh slice holding
  // the rest of the old contents. The caller checked that no GPU write to the
  // buffer is pending (Resource::lastGpuWrite). False with *result when no memory can be had.
  bool update(Device& device, Resource& r, VkDeviceSize offset, VkDeviceSize size, const void* data, VkResult* result);

  static constexpr VkDeviceSize kMaxBlockBytes = VkDeviceSize(1) << 20;

 private:
  struct Slice {
    std::shared_ptr<vk::Buffer> block;
    VkDeviceSize offset;
  };
  struct Retired {
    Slice slice;
    uint64_t serial;  // the last batch that may use it
  };
  std::deque<Retired> retired_;  // in serial order
  std::vector<Slice> unused_;    // never used, of the newest block
  uint32_t nextBlockSlices_ = 4;
};

}  // namespace d3dvk::umd
