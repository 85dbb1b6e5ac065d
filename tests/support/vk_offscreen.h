// tests/support/vk_offscreen.h — small plain-Vulkan rendering for tests that
// check CPU-side geometry against the device: SPIR-V assembled from text (and
// validated), a graphics pipeline over dynamic rendering with one colour target,
// and a target that is cleared, drawn into, resolved if multisampled and read
// back to host memory.
#pragma once

#include "vk_test_context.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace d3dvk::test {

// Assembles SPIR-V text (SPIRV-Tools), validates it for Vulkan 1.1, creates the module.
VkShaderModule assembleShader(VkDevice device, const char* spirvText);

struct VertexAttribute {
  uint32_t location;
  VkFormat format;
  uint32_t offset;
};

struct PipelineDesc {
  const char* vertexShader;    // SPIR-V text
  const char* fragmentShader;  // SPIR-V text
  uint32_t vertexStride = 0;
  std::vector<VertexAttribute> attributes;
  VkPrimitiveTopology topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  VkFormat colorFormat = VK_FORMAT_R32_UINT;
  VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;
  bool additiveBlend = false;  // colour = colour + fragment (counts coverage per sample)
};

// A colour target of `size`×`size` pixels, with a single-sample resolve image
// when multisampled, and a host buffer the pixels are read back into.
class OffscreenTarget {
 public:
  OffscreenTarget(VkTestContext& ctx, uint32_t size, VkFormat format, uint32_t texelBytes,
                  VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT);
  ~OffscreenTarget();

  // A pipeline drawing into targets of this format and sample count (destroyed with the target).
  VkPipeline createPipeline(const PipelineDesc& desc);

  // Clears to zero, runs `draw` inside dynamic rendering (viewport and scissor
  // are the whole target), resolves (sample 0 for integer formats) and reads back.
  void render(const std::function<void(VkCommandBuffer)>& draw);
  const void* pixels() const { return readback_.mapped; }
  uint32_t size() const { return size_; }

 private:
  struct Image {
    VkImage image = VK_NULL_HANDLE;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    VkImageView view = VK_NULL_HANDLE;
  };
  Image createImage(VkSampleCountFlagBits samples, VkImageUsageFlags usage, bool withView);

  VkTestContext& ctx_;
  uint32_t size_;
  VkFormat format_;
  VkSampleCountFlagBits samples_;
  Image color_, resolve_;
  VkTestContext::HostBuffer readback_;
  VkPipelineLayout layout_ = VK_NULL_HANDLE;
  std::vector<VkPipeline> pipelines_;
  std::vector<VkShaderModule> modules_;
};

}  // namespace d3dvk::test
