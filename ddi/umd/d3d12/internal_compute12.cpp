// ddi/umd/d3d12/internal_compute12.cpp — see internal_compute12.h.
#include "internal_compute12.h"

#include <vector>

namespace d3dvk::umd12 {

std::unique_ptr<InternalComputePipeline12> createInternalComputePipeline(vk::Device& device, uint32_t storageBuffers,
                                                                         uint32_t pushBytes,
                                                                         std::span<const uint32_t> spirv,
                                                                         VkResult* result) {
  auto created = std::make_unique<InternalComputePipeline12>();
  std::vector<VkDescriptorSetLayoutBinding> bindings(storageBuffers);
  for (uint32_t i = 0; i < storageBuffers; ++i)
    bindings[i] = {i, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
  VkDescriptorSetLayoutCreateInfo setInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  setInfo.bindingCount = storageBuffers;
  setInfo.pBindings = bindings.data();
  created->setLayout = vk::createDescriptorSetLayout(device, setInfo, result);
  if (!created->setLayout) return nullptr;
  const VkPushConstantRange push{VK_SHADER_STAGE_COMPUTE_BIT, 0, pushBytes};
  const VkDescriptorSetLayout setLayout = created->setLayout->handle();
  VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layoutInfo.setLayoutCount = 1;
  layoutInfo.pSetLayouts = &setLayout;
  layoutInfo.pushConstantRangeCount = pushBytes ? 1 : 0;
  layoutInfo.pPushConstantRanges = &push;
  created->layout = vk::createPipelineLayout(device, layoutInfo, result);
  if (!created->layout) return nullptr;
  std::unique_ptr<vk::ShaderModule> module =
      vk::createShaderModule(device, std::vector<uint32_t>(spirv.begin(), spirv.end()), result);
  if (!module) return nullptr;
  VkComputePipelineCreateInfo info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  info.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_COMPUTE_BIT,
                module->handle(), "main", nullptr};
  info.layout = created->layout->handle();
  created->pipeline = vk::createComputePipeline(device, info, result);
  return created->pipeline ? std::move(created) : nullptr;
}

void writeStorageBufferSet(const vk::Device& device, VkDescriptorSet set, std::span<const VkDescriptorBufferInfo> buffers) {
  std::vector<VkWriteDescriptorSet> writes(buffers.size(), VkWriteDescriptorSet{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET});
  for (uint32_t i = 0; i < writes.size(); ++i) {
    writes[i].dstSet = set;
    writes[i].dstBinding = i;
    writes[i].descriptorCount = 1;
    writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    writes[i].pBufferInfo = &buffers[i];
  }
  vkUpdateDescriptorSets(device.handle(), uint32_t(writes.size()), writes.data(), 0, nullptr);
}

}  // namespace d3dvk::umd12
