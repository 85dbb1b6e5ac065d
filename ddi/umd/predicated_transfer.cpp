// ddi/umd/predicated_transfer.cpp — see predicated_transfer.h.
#include "predicated_transfer.h"

#include "restore_words_shader.h"  // translate/indirect
#include "vk_command_queue.h"

#include <algorithm>

namespace d3dvk::umd {
namespace {

// Each target starts on a multiple of every texel block size a buffer-image
// copy can take (1, 2, 4, 8, 12 and 16 bytes; depth and stencil: 4).
constexpr VkDeviceSize kTargetAlignment = 48;

VkDeviceSize targetBytes(const TransferTarget& t) {
  if (!t.image) return t.size;
  const VkDeviceSize wide = (t.extent.width + t.blockDim - 1) / t.blockDim;
  const VkDeviceSize high = (t.extent.height + t.blockDim - 1) / t.blockDim;
  return wide * high * t.extent.depth * t.layers.layerCount * t.blockBytes;
}

VkBufferImageCopy imageRegion(const TransferTarget& t, VkDeviceSize at) {
  return VkBufferImageCopy{at, 0, 0, t.layers, {0, 0, 0}, t.extent};
}

// Moves a target's subresources between its layout and `to` (or back),
// ordering all memory around it.
void transition(VkCommandBuffer cmd, const TransferTarget& t, VkImageLayout from, VkImageLayout to) {
  if (from == to) return;
  vk::imageLayoutBarrier(cmd, t.image,
                         {t.transitionAspects ? t.transitionAspects : t.layers.aspectMask, t.layers.mipLevel, 1,
                          t.layers.baseArrayLayer, t.layers.layerCount},
                         from, to);
}

}  // namespace

TransferTarget bufferTarget(VkBuffer buffer, VkDeviceSize offset, VkDeviceSize size) {
  TransferTarget t;
  t.buffer = buffer;
  t.offset = offset;
  t.size = size;
  return t;
}

TransferTarget imageTarget(VkImage image, const VkImageSubresourceLayers& layers, VkExtent3D extent, uint32_t blockDim,
                           uint32_t blockBytes, VkImageLayout layout, VkImageAspectFlags transitionAspects) {
  TransferTarget t;
  t.image = image;
  t.layers = layers;
  t.extent = extent;
  t.blockDim = std::max<uint32_t>(blockDim, 1);
  t.blockBytes = blockBytes;
  t.layout = layout;
  t.transitionAspects = transitionAspects;
  return t;
}

std::unique_ptr<umd12::InternalComputePipeline12> createRestoreWordsPipeline(vk::Device& device, VkResult* result) {
  return umd12::createInternalComputePipeline(device, indirect::kRestoreWordsStorageBuffers,
                                              indirect::kRestoreWordsPushBytes, indirect::restoreWordsShaderSpirv(),
                                              result);
}

TransferPredicate::TransferPredicate(std::vector<TransferTarget> targets) : targets_(std::move(targets)) {
  for (const TransferTarget& t : targets_) {
    at_.push_back(bytes_);
    bytes_ += (targetBytes(t) + kTargetAlignment - 1) / kTargetAlignment * kTargetAlignment;
  }
}

bool TransferPredicate::fits(const vk::Device& device) const {
  return bytes_ <= device.info().properties.limits.maxStorageBufferRange && bytes_ / 4 <= UINT32_MAX;
}

void TransferPredicate::copyOut(VkCommandBuffer cmd, VkBuffer scratch) const {
  for (size_t i = 0; i < targets_.size(); ++i) {
    const TransferTarget& t = targets_[i];
    if (!targetBytes(t)) continue;
    if (t.image) {
      const VkBufferImageCopy region = imageRegion(t, at_[i]);
      transition(cmd, t, t.layout, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
      vkCmdCopyImageToBuffer(cmd, t.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, scratch, 1, &region);
      transition(cmd, t, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, t.layout);
    } else {
      const VkBufferCopy region{t.offset, at_[i], t.size};
      vkCmdCopyBuffer(cmd, t.buffer, scratch, 1, &region);
    }
  }
}

void TransferPredicate::recordSave(VkCommandBuffer cmd, VkBuffer saved) const {
  copyOut(cmd, saved);
  vk::fullBarrier(cmd);  // the save before the transfer writes the targets
}

void TransferPredicate::recordRestore(const vk::Device& device, VkCommandBuffer cmd, VkBuffer saved, VkBuffer current,
                                      const umd12::InternalComputePipeline12& restore, VkDescriptorSet set, VkBuffer word,
                                      VkDeviceSize wordOffset, bool skipWhenZero) const {
  if (!bytes_) return;
  vk::fullBarrier(cmd);  // the transfer's writes
  copyOut(cmd, current);
  vk::fullBarrier(cmd);
  const VkDescriptorBufferInfo infos[2] = {{saved, 0, bytes_}, {current, 0, bytes_}};
  umd12::writeStorageBufferSet(device, set, infos);
  indirect::RestoreWordsParams params;
  params.count = uint32_t(bytes_ / 4);
  const uint32_t groups = uint32_t(std::min<VkDeviceSize>(
      (params.count + indirect::kRestoreWordsGroupSize - 1) / indirect::kRestoreWordsGroupSize,
      device.info().properties.limits.maxComputeWorkGroupCount[0]));
  VkConditionalRenderingBeginInfoEXT condition{VK_STRUCTURE_TYPE_CONDITIONAL_RENDERING_BEGIN_INFO_EXT};
  condition.buffer = word;
  condition.offset = wordOffset;
  // Without the flag the dispatch runs when the word is not zero.
  condition.flags = skipWhenZero ? VK_CONDITIONAL_RENDERING_INVERTED_BIT_EXT : 0;
  vkCmdBeginConditionalRenderingEXT(cmd, &condition);
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, restore.pipeline->handle());
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, restore.layout->handle(), 0, 1, &set, 0, nullptr);
  vkCmdPushConstants(cmd, restore.layout->handle(), VK_SHADER_STAGE_COMPUTE_BIT, 0, indirect::kRestoreWordsPushBytes,
                     &params);
  vkCmdDispatch(cmd, groups, 1, 1);
  vkCmdEndConditionalRenderingEXT(cmd);
  vk::fullBarrier(cmd);
  for (size_t i = 0; i < targets_.size(); ++i) {
    const TransferTarget& t = targets_[i];
    if (!targetBytes(t)) continue;
    if (t.image) {
      const VkBufferImageCopy region = imageRegion(t, at_[i]);
      transition(cmd, t, t.layout, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
      vkCmdCopyBufferToImage(cmd, current, t.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
      transition(cmd, t, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, t.layout);
    } else {
      const VkBufferCopy region{at_[i], t.offset, t.size};
      vkCmdCopyBuffer(cmd, current, t.buffer, 1, &region);
    }
  }
  vk::fullBarrier(cmd);
}

}  // namespace d3dvk::umd
