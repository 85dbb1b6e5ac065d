// ddi/umd/staged_image_copy.h — copies between two images that one
// vkCmdCopyImage cannot express, through a device-local buffer (image to
// buffer, buffer to image): a depth or stencil aspect and colour data of its
// texel size (D3D's depth <-> colour copies within one typeless group, e.g.
// D32_FLOAT <-> R32_FLOAT, D16_UNORM <-> R16_UINT, D3D12's stencil plane <->
// R8_UINT), and uncompressed texels into the blocks of a block-compressed mip
// smaller than a block (a 2x2 mip). One implementation for D3D11's
// ResourceCopy / ResourceCopyRegion (driver_transfer.cpp) and D3D12's
// CopyResource / CopyTextureRegion (d3d12/copy12.cpp). Single-sampled images
// only: Vulkan copies no multisampled image to a buffer.
#pragma once

#include "vk_resources.h"

#include <memory>

namespace d3dvk::umd {

// One side of a staged copy: the image in a layout that allows the transfer
// (TRANSFER_SRC_OPTIMAL / TRANSFER_DST_OPTIMAL or GENERAL), the aspect and
// layers, and the region in that image's own texels (a block-compressed
// destination's extent may end at its mip's edge).
struct StagedImageSide {
  VkImage image = VK_NULL_HANDLE;
  VkImageLayout layout = VK_IMAGE_LAYOUT_GENERAL;
  VkImageSubresourceLayers layers{};
  VkOffset3D offset{};
  VkExtent3D extent{};
};

// Records the copy of src's region into dst's through a new buffer holding
// `texelBytes` per source texel (or block): what the source aspect's texels
// take in a buffer (4 for D32 and D24X8 depth, 2 for D16, 1 for stencil).
// Returns the buffer, which the caller keeps alive until the commands have
// run; null with *result set when the buffer cannot be made (or its size
// would overflow: VK_ERROR_OUT_OF_DEVICE_MEMORY).
std::unique_ptr<vk::Buffer> recordStagedImageCopy(vk::Device& device, VkCommandBuffer cmd, const StagedImageSide& src,
                                                  const StagedImageSide& dst, uint32_t texelBytes, VkResult* result);

}  // namespace d3dvk::umd
