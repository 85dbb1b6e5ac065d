// ddi/umd/staged_image_copy.cpp — see staged_image_copy.h.
#include "staged_image_copy.h"

#include "d3dvk_checked_math.h"
#include "vk_command_queue.h"

#include <algorithm>

namespace d3dvk::umd {

std::unique_ptr<vk::Buffer> recordStagedImageCopy(vk::Device& device, VkCommandBuffer cmd, const StagedImageSide& src,
                                                  const StagedImageSide& dst, uint32_t texelBytes, VkResult* result) {
  uint64_t size = 0;
  if (!checkedMul<uint64_t>(uint64_t(src.extent.width) * src.extent.height,
                            uint64_t(src.extent.depth) * src.layers.layerCount * texelBytes, &size)) {
    *result = VK_ERROR_OUT_OF_DEVICE_MEMORY;
    return nullptr;
  }
  auto buffer = vk::Buffer::create(device, std::max<uint64_t>(size, 4),
                                   VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, false, result);
  if (!buffer) return nullptr;
  // Tightly packed in both directions: the source's texels (or blocks) row by
  // row, read back by the destination as its own texels of the same size.
  const VkBufferImageCopy out{0, 0, 0, src.layers, src.offset, src.extent};
  const VkBufferImageCopy in{0, 0, 0, dst.layers, dst.offset, dst.extent};
  vkCmdCopyImageToBuffer(cmd, src.image, src.layout, buffer->handle(), 1, &out);
  vk::memoryBarrier(cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                    VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
  vkCmdCopyBufferToImage(cmd, buffer->handle(), dst.image, dst.layout, 1, &in);
  return buffer;
}

}  // namespace d3dvk::umd
