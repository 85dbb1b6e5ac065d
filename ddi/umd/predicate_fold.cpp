// ddi/umd/predicate_fold.cpp — see predicate_fold.h.
#include "predicate_fold.h"

#include "predicate_shader.h"  // translate/indirect

#include <algorithm>

namespace d3dvk::umd {

std::unique_ptr<umd12::InternalComputePipeline12> createPredicateFoldPipeline(vk::Device& device, VkResult* result) {
  return umd12::createInternalComputePipeline(device, indirect::kPredicateStorageBuffers, indirect::kPredicatePushBytes,
                                              indirect::predicateShaderSpirv(), result);
}

void recordPredicateFold(const vk::Device& device, VkCommandBuffer cmd, const umd12::InternalComputePipeline12& fold,
                         VkDescriptorSet set, VkBuffer source, VkDeviceSize offset, uint32_t count, VkBuffer word,
                         VkDeviceSize wordOffset) {
  // The source bound from an offset the device accepts; the shader skips to the first value.
  const VkDeviceSize alignment =
      std::max<VkDeviceSize>(device.info().properties.limits.minStorageBufferOffsetAlignment, 4);
  const VkDeviceSize base = offset / alignment * alignment;
  indirect::PredicateParams params;
  params.firstWord = uint32_t((offset - base) / 4);
  params.count = count;
  const VkDescriptorBufferInfo infos[2] = {{source, base, offset - base + VkDeviceSize(count) * 8}, {word, wordOffset, 4}};
  umd12::writeStorageBufferSet(device, set, infos);
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, fold.pipeline->handle());
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, fold.layout->handle(), 0, 1, &set, 0, nullptr);
  vkCmdPushConstants(cmd, fold.layout->handle(), VK_SHADER_STAGE_COMPUTE_BIT, 0, indirect::kPredicatePushBytes, &params);
  vkCmdDispatch(cmd, 1, 1, 1);
}

}  // namespace d3dvk::umd
