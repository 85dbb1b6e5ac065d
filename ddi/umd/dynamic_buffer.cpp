// ddi/umd/dynamic_buffer.cpp — see dynamic_buffer.h.
#include "dynamic_buffer.h"

#include "device.h"
#include "driver_resource.h"
#include "resource_format.h"  // translate/state

#include <algorithm>

namespace d3dvk::umd {

bool DynamicSlices::applies(const Resource& r) {
  constexpr UINT kSliceable = D3D10_DDI_BIND_VERTEX_BUFFER | D3D10_DDI_BIND_INDEX_BUFFER | D3D10_DDI_BIND_CONSTANT_BUFFER;
  return r.isBuffer() && r.isDynamic() && r.bindFlags && !(r.bindFlags & ~kSliceable) && r.miscFlags == 0;
}

bool DynamicSlices::discard(Device& device, Resource& r, VkResult* result) {
  *result = VK_SUCCESS;
  vk::CommandQueue& queue = device.queue();
  const uint64_t completed = queue.completedSerial();
  Slice next;
  if (!retired_.empty() && retired_.front().serial <= completed) {
    next = std::move(retired_.front().slice);
    retired_.pop_front();
  } else if (!unused_.empty()) {
    next = std::move(unused_.back());
    unused_.pop_back();
  } else {
    // A new block: slices aligned for every use a vertex, index or constant buffer has.
    const VkPhysicalDeviceLimits& limits = device.vk().info().properties.limits;
    const VkDeviceSize alignment = std::max<VkDeviceSize>(256, limits.minUniformBufferOffsetAlignment);
    const VkDeviceSize sliceBytes = (VkDeviceSize(r.width) + alignment - 1) / alignment * alignment;
    const uint32_t slices = uint32_t(std::max<VkDeviceSize>(1, std::min<VkDeviceSize>(nextBlockSlices_, kMaxBlockBytes / sliceBytes)));
    std::shared_ptr<vk::Buffer> block =
        vk::Buffer::create(device.vk(), sliceBytes * slices, state::bufferUsageFor(r.bindFlags, r.miscFlags), true, result);
    if (!block) return false;
    unused_.reserve(unused_.size() + slices);
    for (uint32_t i = slices; i-- > 1;) unused_.push_back({block, sliceBytes * i});
    next = {std::move(block), 0};
    nextBlockSlices_ = std::min<uint32_t>(nextBlockSlices_ * 2, 1u << 16);
  }
  // The current slice waits for the last batch using it (serials only grow: the FIFO stays ordered).
  retired_.push_back({{std::move(r.buffer), r.bufferOffset}, r.lastUse});
  r.buffer = std::move(next.block);
  r.bufferOffset = next.offset;
  r.lastUse = r.readEpoch = r.writeEpoch = 0;  // memory no batch in flight uses: nothing to wait for or order after
  return true;
}

}  // namespace d3dvk::umd
