// ddi/umd/d3d12/internal_compute12.h — the D3D12 device's own small compute
// pipelines (the query sums, the ExecuteIndirect dispatch count): set 0 holds
// storage buffers at bindings 0..n-1, push constants carry the parameters.
#pragma once

#include "vk_device.h"
#include "vk_pipeline.h"

#include <cstdint>
#include <memory>
#include <span>

namespace d3dvk::umd12 {

struct InternalComputePipeline12 {
  std::unique_ptr<vk::DescriptorSetLayout> setLayout;
  std::unique_ptr<vk::PipelineLayout> layout;
  std::unique_ptr<vk::Pipeline> pipeline;
};

// Null with *result on a Vulkan failure.
std::unique_ptr<InternalComputePipeline12> createInternalComputePipeline(vk::Device& device, uint32_t storageBuffers,
                                                                         uint32_t pushBytes,
                                                                         std::span<const uint32_t> spirv,
                                                                         VkResult* result);

// Writes `buffers` into `set` as storage buffers at bindings 0..n-1 (the
// layout of these pipelines, and of the conservative fallback's setup).
void writeStorageBufferSet(const vk::Device& device, VkDescriptorSet set, std::span<const VkDescriptorBufferInfo> buffers);

}  // namespace d3dvk::umd12
