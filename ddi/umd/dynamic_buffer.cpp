// ddi/umd/dynamic_buffer.cpp — see dynamic_buffer.h.
#include "dynamic_buffer.h"

#include "device.h"
#include "driver_resource.h"
#include "resource_format.h"  // translate/state

#include <algorithm>
#include <cstring>

namespace d3dvk::umd {

bool DynamicSlices::hostVisible(UINT usage, UINT bindFlags, UINT miscFlags) {
  constexpr UINT kSliceable = D3D10_DDI_BIND_VERTEX_BUFFER | D3D10_DDI_BIND_INDEX_BUFFER | D3D10_DDI_BIND_CONSTANT_BUFFER;
  if (miscFlags != 0 || !bindFlags || (bindFlags & ~kSliceable)) return false;
  return usage == D3D10_DDI_USAGE_DYNAMIC || (usage == D3D10_DDI_USAGE_DEFAULT && bindFlags == D3D10_DDI_BIND_CONSTANT_BUFFER);
}

bool DynamicSlices::applies(const Resource& r) {
  return r.isBuffer() && hostVisible(r.usage, r.bindFlags, r.miscFlags);
}

bool DynamicSlices::update(Device& device, Resource& r, VkDeviceSize offset, VkDeviceSize size, const void* data,
                           VkResult* result) {
  *result = VK_SUCCESS;
  if (!device.queue().completed(r.lastUse)) {
    const uint8_t* old = static_cast<const uint8_t*>(r.buffer->mapped()) + r.bufferOffset;  // kept alive by retired_
    if (!discard(device, r, result)) return false;
    uint8_t* fresh = static_cast<uint8_t*>(r.buffer->mapped()) + r.bufferOffset;
    if (offset > 0) std::memcpy(fresh, old, size_t(offset));
    if (offset + size < r.width) std::memcpy(fresh + offset + size, old + offset + size, size_t(r.width - offset - size));
  }
  std::memcpy(static_cast<uint8_t*>(r.buffer->mapped()) + r.bufferOffset + offset, data, size_t(size));
  return true;
}

bool DynamicSlices::discard(Device& device, Resource& r, VkResult* result) {
  *result = VK_SUCCESS;
  vk::CommandQueue& queue = device.queue();
  Slice next;
  if (!retired_.empty() && queue.completed(retired_.front().serial)) {
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
