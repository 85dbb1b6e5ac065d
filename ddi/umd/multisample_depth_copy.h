// ddi/umd/multisample_depth_copy.h — copies between a multisampled depth image
// and a multisampled colour image of one typeless group (D32_FLOAT <-> the
// R32 group, D16_UNORM <-> the R16 group), whole subresources of one sample
// count, written once for D3D11 (driver_transfer.cpp) and D3D12
// (d3d12/copy12.cpp). Vulkan copies neither multisampled images to buffers
// (staged_image_copy.h's way for single-sampled ones) nor texels between depth
// and colour images, so each destination layer is drawn (dynamic rendering, a
// full-target triangle, sample shading at rate 1) with a fragment shader that
// reads the source's same sample (translate/indirect's copy_samples shaders):
//   colour -> depth: the colour bits (an R32_UINT / R16_UINT view) become
//     gl_FragDepth — the float with those bits (D32_FLOAT holds any float), or
//     k / 65535 (D16_UNORM stores round(d * 65535) = k); depth test ALWAYS,
//     writes on;
//   depth -> colour: an R32_UINT / R16_UINT view of the colour image (created
//     MUTABLE_FORMAT for this) takes floatBitsToUint(depth) or
//     round(depth * 65535).
// Both images need SAMPLED usage (the source) and attachment usage (the
// destination): the APIs' multisampled textures of these groups are created
// with both (multisampledCopyUsage). Needs sampleRateShading. Every copy is
// bracketed by full memory barriers.
#pragma once

#include "copy_samples_shader.h"     // translate/indirect
#include "restore_samples_shader.h"  // (its full-target vertex shader)
#include "vk_device.h"
#include "vk_pipeline.h"
#include "vk_resources.h"

#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <vector>

namespace d3dvk::umd {

// The copy's layout, shaders and pipelines (a device keeps one, made on first use).
struct DepthColourCopyPipelines {
  std::unique_ptr<vk::DescriptorSetLayout> setLayout;  // binding 0: the source, sampled, no sampler
  std::unique_ptr<vk::PipelineLayout> layout;          // + push constants indirect::CopySamplesParams
  std::unique_ptr<vk::ShaderModule> vertex, toDepth, toColour;
  std::mutex mutex;
  std::map<std::tuple<VkFormat, VkSampleCountFlagBits, bool>, std::unique_ptr<vk::Pipeline>> pipelines;

  static std::unique_ptr<DepthColourCopyPipelines> create(vk::Device& device, VkResult* result);
  // The pipeline drawing into `format` (a depth format when toDepth, else the colour view's) at `samples`.
  VkPipeline pipeline(vk::Device& device, VkFormat format, VkSampleCountFlagBits samples, bool toDepth, VkResult* result);
};

// The colour view format a depth format's group copies through: R32_UINT for
// D32_SFLOAT, R16_UINT for D16_UNORM, UNDEFINED for any other.
VkFormat depthColourCopyViewFormat(VkFormat depthFormat);
// Usage and create flags a multisampled image of `format` (its Vulkan format,
// depth or colour) gets beyond its own so that it can take part in such a
// copy: SAMPLED where the device samples the format, and (colour) MUTABLE_FORMAT
// for the UINT view of its group. Zero for other formats and single-sampled images.
VkImageUsageFlags multisampledCopyUsage(vk::Device& device, VkFormat format, VkSampleCountFlagBits samples);
VkImageCreateFlags multisampledCopyFlags(VkFormat format, VkSampleCountFlagBits samples);

// One side of the copy: the image (in GENERAL), the layers of one mip, its extent.
struct DepthColourCopySide {
  VkImage image = VK_NULL_HANDLE;
  const VkImageCreateInfo* info = nullptr;  // the image's create info (format, samples, usage)
  uint32_t mip = 0, baseLayer = 0, layerCount = 1;
  VkExtent2D extent{};
};

// What a recorded copy uses until its commands have run (the caller keeps it).
struct DepthColourCopyResources {
  std::unique_ptr<vk::DescriptorPool> pool;
  std::vector<std::unique_ptr<vk::ImageView>> views;
};

// Null with a reason in *why (and VK_ERROR_FEATURE_NOT_PRESENT) when the
// device or the images cannot take the copy (no sampleRateShading, a usage missing).
const char* depthColourCopyUnsupported(vk::Device& device, const DepthColourCopySide& src, const DepthColourCopySide& dst);

// Records the copy, outside any render pass, of src's layers into dst's (one
// a depth image, the other a colour image of its group; both in GENERAL),
// bracketed by full barriers. Null with *result when a view, the pipeline or
// the descriptor set cannot be made.
std::unique_ptr<DepthColourCopyResources> recordDepthColourCopy(vk::Device& device, VkCommandBuffer cmd,
                                                                DepthColourCopyPipelines& pipelines,
                                                                const DepthColourCopySide& src,
                                                                const DepthColourCopySide& dst, VkResult* result);

}  // namespace d3dvk::umd
