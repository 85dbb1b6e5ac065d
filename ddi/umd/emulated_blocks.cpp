// ddi/umd/emulated_blocks.cpp — see emulated_blocks.h.
#include "emulated_blocks.h"

#include "bc_decode_shader.h"  // translate/texture
#include "device.h"
#include "internal_compute12.h"

#include <algorithm>
#include <vector>

namespace d3dvk::umd {

static_assert(texture::kEmulateBc == vk::Device::kEmulatedBc && texture::kEmulate4444 == vk::Device::kEmulated4444,
              "one set of emulated-family bits");

texture::EmulatedImage imageFormatFor(const vk::Device& device, const state::FormatInfo& format) {
  texture::EmulatedImage image = texture::emulatedImage(format, device.emulatedFormats());
  if (image.format == VK_FORMAT_UNDEFINED) image.format = format.vk;
  return image;
}

bool emulatesBlocks(const vk::Device& device, const state::FormatInfo& format) {
  return state::isBlockCompressed(format) && (device.emulatedFormats() & texture::kEmulateBc);
}

bool emulatedViewFor(const vk::Device& device, const state::FormatInfo& resource, const state::FormatInfo& view,
                     texture::EmulatedView* out) {
  return texture::emulatedView(resource, view, device.emulatedFormats(), out);
}

namespace {

UINT blocksAcross(UINT texels) { return (texels + 3) / 4; }

}  // namespace

void recordLinearToBlocks(Device& device, VkCommandBuffer cmd, VkBuffer buffer, const state::LinearSubresource& layout,
                          UINT x, UINT y, UINT linearZ, Resource& r, UINT sub, VkOffset3D offset, VkExtent3D extent) {
  const state::LinearSubresource& to = r.linear[sub];
  const UINT blockBytes = r.format->bytesPerTexel;
  // The linear side's elements are blocks of the same size (a BC layout) or
  // texels as large as a block (R32G32 / R32G32B32A32: a block for a texel).
  const UINT linearBlock = layout.blockDim ? layout.blockDim : 1;
  const UINT across = blocksAcross(extent.width), rows = blocksAcross(extent.height);
  std::vector<VkBufferCopy> copies;
  copies.reserve(size_t(rows) * extent.depth);
  for (UINT z = 0; z < extent.depth; ++z)
    for (UINT row = 0; row < rows; ++row)
      copies.push_back({layout.offset + uint64_t(linearZ + z) * layout.depthPitch +
                            uint64_t(y / linearBlock + row) * layout.rowPitch + uint64_t(x / linearBlock) * blockBytes,
                        to.offset + uint64_t(offset.z + z) * to.depthPitch + uint64_t(offset.y / 4 + row) * to.rowPitch +
                            uint64_t(offset.x / 4) * blockBytes,
                        uint64_t(across) * blockBytes});
  vk::fullBarrier(cmd);  // earlier reads and writes of the blocks
  vkCmdCopyBuffer(cmd, buffer, r.blocks->handle(), uint32_t(copies.size()), copies.data());
  recordBlockDecode(device, cmd, r, sub, offset, extent);
}

void recordBlockDecode(Device& device, VkCommandBuffer cmd, Resource& r, UINT sub, VkOffset3D offset,
                       VkExtent3D extent) {
  VkResult result = VK_SUCCESS;
  if (!device.bcDecode) {
    device.bcDecode = umd12::createInternalComputePipeline(device.vk(), texture::kBcDecodeStorageBuffers,
                                                           texture::kBcDecodePushBytes, texture::bcDecodeShaderSpirv(),
                                                           &result);
    if (!device.bcDecode) return device.setVkError(result);
  }
  const texture::BcDecodeFormat format = texture::bcDecodeFormat(*r.format);
  const state::LinearSubresource& from = r.linear[sub];
  const UINT bx = UINT(offset.x) / 4, by = UINT(offset.y) / 4;
  texture::BcDecodeParams params;
  params.blocksX = blocksAcross(extent.width);
  params.blocksY = blocksAcross(extent.height);
  params.srcOffset = uint32_t((from.offset + uint64_t(offset.z) * from.depthPitch + uint64_t(by) * from.rowPitch +
                               uint64_t(bx) * r.format->bytesPerTexel) / 4);
  params.srcRowWords = from.rowPitch / 4;
  params.srcSliceWords = from.depthPitch / 4;
  params.dstRowWords = params.blocksX * format.texelBytes;
  params.dstSliceWords = params.dstRowWords * params.blocksY * 4;
  params.format = format.format;
  params.texelBytes = format.texelBytes;
  const VkDeviceSize bytes = VkDeviceSize(params.dstSliceWords) * 4 * extent.depth;
  // The decoded rows hold whole blocks; the image's mip ends where D3D's does.
  VkBufferImageCopy region{};
  region.bufferRowLength = params.blocksX * 4;
  region.bufferImageHeight = params.blocksY * 4;
  region.imageOffset = {int32_t(bx * 4), int32_t(by * 4), offset.z};
  region.imageExtent = {std::min(params.blocksX * 4, r.mipWidth(sub) - bx * 4),
                        std::min(params.blocksY * 4, r.mipHeight(sub) - by * 4), extent.depth};
  vk::fullBarrier(cmd);  // the blocks' writes before the decode reads them
  // One decode per set of layers: a BC6H_TYPELESS image's second set holds the SF16 reading.
  for (UINT set = 0; set < r.layerSets; ++set) {
    params.variant = set == 0 ? format.variant : texture::kBcSigned;
    std::shared_ptr<vk::Buffer> texels = vk::Buffer::create(
        device.vk(), bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT, false, &result);
    if (!texels) return device.setVkError(result);
    VkDescriptorSet descriptors =
        device.descriptors().allocate(device.bcDecode->setLayout->handle(), device.queue(), &result);
    if (!descriptors) return device.setVkError(result);
    const VkDescriptorBufferInfo infos[2] = {{r.blocks->handle(), 0, VK_WHOLE_SIZE}, {texels->handle(), 0, bytes}};
    umd12::writeStorageBufferSet(device.vk(), descriptors, infos);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, device.bcDecode->pipeline->handle());
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, device.bcDecode->layout->handle(), 0, 1, &descriptors,
                            0, nullptr);
    vkCmdPushConstants(cmd, device.bcDecode->layout->handle(), VK_SHADER_STAGE_COMPUTE_BIT, 0,
                       texture::kBcDecodePushBytes, &params);
    const UINT group = texture::kBcDecodeGroupSize;
    vkCmdDispatch(cmd, (params.blocksX + group - 1) / group, (params.blocksY * 4 + group - 1) / group, extent.depth);
    vk::fullBarrier(cmd);  // the decoded texels before the copy reads them
    region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, r.mipOf(sub), r.sliceOf(sub) + set * r.arraySize, 1};
    transitionImage(cmd, r, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    vkCmdCopyBufferToImage(cmd, texels->handle(), r.image->handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
    device.queue().releaseAfter(device.queue().openSerial(), std::move(texels));
  }
  markUsed(device, r);
}

}  // namespace d3dvk::umd
