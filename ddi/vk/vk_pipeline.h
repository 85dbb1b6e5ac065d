// ddi/vk/vk_pipeline.h — RAII owners of the Vulkan objects the draw path
// creates: shader modules, descriptor-set layouts, pipeline layouts, graphics
// and compute pipelines, descriptor pools and samplers. Each owns one handle and destroys it with the
// device's matching vkDestroy*; creation reports the VkResult.
#pragma once

#include "vk_device.h"

#include <memory>
#include <vector>

namespace d3dvk::vk {

// One owned handle of type T destroyed by `Destroy(device, handle, allocator)`.
template <typename T, void (*Destroy)(VkDevice, T, const VkAllocationCallbacks*)>
class OwnedHandle {
 public:
  OwnedHandle(Device& device, T handle) : device_(device), handle_(handle) {}
  ~OwnedHandle() {
    if (handle_ != VK_NULL_HANDLE) Destroy(device_.handle(), handle_, nullptr);
  }
  OwnedHandle(const OwnedHandle&) = delete;
  OwnedHandle& operator=(const OwnedHandle&) = delete;
  T handle() const { return handle_; }

 private:
  Device& device_;
  T handle_;
};

void destroyShaderModule(VkDevice, VkShaderModule, const VkAllocationCallbacks*);
void destroyDescriptorSetLayout(VkDevice, VkDescriptorSetLayout, const VkAllocationCallbacks*);
void destroyPipelineLayout(VkDevice, VkPipelineLayout, const VkAllocationCallbacks*);
void destroyPipeline(VkDevice, VkPipeline, const VkAllocationCallbacks*);
void destroyDescriptorPool(VkDevice, VkDescriptorPool, const VkAllocationCallbacks*);
void destroySampler(VkDevice, VkSampler, const VkAllocationCallbacks*);

using ShaderModule = OwnedHandle<VkShaderModule, &destroyShaderModule>;
using DescriptorSetLayout = OwnedHandle<VkDescriptorSetLayout, &destroyDescriptorSetLayout>;
using PipelineLayout = OwnedHandle<VkPipelineLayout, &destroyPipelineLayout>;
using Pipeline = OwnedHandle<VkPipeline, &destroyPipeline>;
using DescriptorPool = OwnedHandle<VkDescriptorPool, &destroyDescriptorPool>;
using Sampler = OwnedHandle<VkSampler, &destroySampler>;

// Refuses (VK_ERROR_FEATURE_NOT_PRESENT, message on stderr with the validation
// prefix) a module declaring a capability or extension the device did not
// enable (vk_shader_requirements.h) without passing it to Vulkan.
std::unique_ptr<ShaderModule> createShaderModule(Device& device, const std::vector<uint32_t>& spirv, VkResult* result);
std::unique_ptr<DescriptorSetLayout> createDescriptorSetLayout(Device& device,
                                                               const VkDescriptorSetLayoutCreateInfo& info,
                                                               VkResult* result);
std::unique_ptr<PipelineLayout> createPipelineLayout(Device& device, const VkPipelineLayoutCreateInfo& info,
                                                     VkResult* result);
std::unique_ptr<Pipeline> createGraphicsPipeline(Device& device, const VkGraphicsPipelineCreateInfo& info,
                                                 VkResult* result);
std::unique_ptr<Pipeline> createComputePipeline(Device& device, const VkComputePipelineCreateInfo& info,
                                                VkResult* result);
std::unique_ptr<DescriptorPool> createDescriptorPool(Device& device, const VkDescriptorPoolCreateInfo& info,
                                                     VkResult* result);
std::unique_ptr<Sampler> createSampler(Device& device, const VkSamplerCreateInfo& info, VkResult* result);

}  // namespace d3dvk::vk
