// ddi/vk/vk_pipeline.cpp — see vk_pipeline.h.
#include "vk_pipeline.h"

#include "vk_shader_requirements.h"

#include <cstdio>

namespace d3dvk::vk {

void destroyShaderModule(VkDevice d, VkShaderModule h, const VkAllocationCallbacks* a) { vkDestroyShaderModule(d, h, a); }
void destroyDescriptorSetLayout(VkDevice d, VkDescriptorSetLayout h, const VkAllocationCallbacks* a) {
  vkDestroyDescriptorSetLayout(d, h, a);
}
void destroyPipelineLayout(VkDevice d, VkPipelineLayout h, const VkAllocationCallbacks* a) {
  vkDestroyPipelineLayout(d, h, a);
}
void destroyPipeline(VkDevice d, VkPipeline h, const VkAllocationCallbacks* a) { vkDestroyPipeline(d, h, a); }
void destroyDescriptorPool(VkDevice d, VkDescriptorPool h, const VkAllocationCallbacks* a) {
  vkDestroyDescriptorPool(d, h, a);
}
void destroySampler(VkDevice d, VkSampler h, const VkAllocationCallbacks* a) { vkDestroySampler(d, h, a); }

namespace {
// The owner of a new handle; if the owner cannot be allocated, the handle is
// destroyed before the exception goes on.
template <typename T, typename Handle>
std::unique_ptr<T> own(Device& device, Handle h, void (*destroy)(VkDevice, Handle, const VkAllocationCallbacks*)) {
  try {
    return std::make_unique<T>(device, h);
  } catch (...) {
    destroy(device.handle(), h, nullptr);
    throw;
  }
}
}  // namespace

std::unique_ptr<ShaderModule> createShaderModule(Device& device, const std::vector<uint32_t>& spirv, VkResult* result) {
  // The rule of VUID-VkShaderModuleCreateInfo-pCode-01091/04147, checked here on
  // every device (a d3dvk defect if it fails; reported like a validation message).
  if (const std::string unmet = unmetShaderRequirement(device, spirv); !unmet.empty()) {
    std::fprintf(stderr, "%sd3dvk refused a shader module: %s\n", kValidationMessagePrefix, unmet.c_str());
    *result = VK_ERROR_FEATURE_NOT_PRESENT;
    return nullptr;
  }
  VkShaderModuleCreateInfo info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  info.codeSize = spirv.size() * sizeof(uint32_t);
  info.pCode = spirv.data();
  VkShaderModule h = VK_NULL_HANDLE;
  *result = vkCreateShaderModule(device.handle(), &info, nullptr, &h);
  if (*result != VK_SUCCESS) return nullptr;
  return own<ShaderModule>(device, h, destroyShaderModule);
}

std::unique_ptr<DescriptorSetLayout> createDescriptorSetLayout(Device& device,
                                                               const VkDescriptorSetLayoutCreateInfo& info,
                                                               VkResult* result) {
  VkDescriptorSetLayout h = VK_NULL_HANDLE;
  *result = vkCreateDescriptorSetLayout(device.handle(), &info, nullptr, &h);
  if (*result != VK_SUCCESS) return nullptr;
  return own<DescriptorSetLayout>(device, h, destroyDescriptorSetLayout);
}

std::unique_ptr<PipelineLayout> createPipelineLayout(Device& device, const VkPipelineLayoutCreateInfo& info,
                                                     VkResult* result) {
  VkPipelineLayout h = VK_NULL_HANDLE;
  *result = vkCreatePipelineLayout(device.handle(), &info, nullptr, &h);
  if (*result != VK_SUCCESS) return nullptr;
  return own<PipelineLayout>(device, h, destroyPipelineLayout);
}

std::unique_ptr<Pipeline> createGraphicsPipeline(Device& device, const VkGraphicsPipelineCreateInfo& info,
                                                 VkResult* result) {
  VkPipeline h = VK_NULL_HANDLE;
  *result = vkCreateGraphicsPipelines(device.handle(), VK_NULL_HANDLE, 1, &info, nullptr, &h);
  if (*result != VK_SUCCESS) return nullptr;
  return own<Pipeline>(device, h, destroyPipeline);
}

std::unique_ptr<Pipeline> createComputePipeline(Device& device, const VkComputePipelineCreateInfo& info,
                                                VkResult* result) {
  VkPipeline h = VK_NULL_HANDLE;
  *result = vkCreateComputePipelines(device.handle(), VK_NULL_HANDLE, 1, &info, nullptr, &h);
  if (*result != VK_SUCCESS) return nullptr;
  return own<Pipeline>(device, h, destroyPipeline);
}

std::unique_ptr<DescriptorPool> createDescriptorPool(Device& device, const VkDescriptorPoolCreateInfo& info,
                                                     VkResult* result) {
  VkDescriptorPool h = VK_NULL_HANDLE;
  *result = vkCreateDescriptorPool(device.handle(), &info, nullptr, &h);
  if (*result != VK_SUCCESS) return nullptr;
  return own<DescriptorPool>(device, h, destroyDescriptorPool);
}

std::unique_ptr<Sampler> createSampler(Device& device, const VkSamplerCreateInfo& info, VkResult* result) {
  VkSampler h = VK_NULL_HANDLE;
  *result = vkCreateSampler(device.handle(), &info, nullptr, &h);
  if (*result != VK_SUCCESS) return nullptr;
  return own<Sampler>(device, h, destroySampler);
}

}  // namespace d3dvk::vk
