// ddi/umd/multisample_restore.h — a predicated transfer's multisampled colour
// destination, written once for D3D11 and D3D12 beside predicated_transfer.h
// (whose word restore needs the destination in a buffer, which Vulkan cannot
// copy a multisampled image into):
//   1. save: the destination's layers are copied (vkCmdCopyImage, sample for
//      sample) into a scratch image of its format, extent, layers and samples;
//   2. (the transfer itself, recorded by the caller);
//   3. restore: under conditional rendering on the predicate's word inverted
//      — exactly when the transfer should have been skipped — one draw per
//      layer renders into the destination (its own format, load and store)
//      with a fragment shader that runs per sample and writes each sample from
//      the same sample of the scratch image (translate/indirect's
//      restore_samples shaders, float, uint or sint by the format).
// Float, UNORM, UINT and SINT values come back bit for bit; an SNORM −1 kept
// as −128 comes back as −127 and sRGB values pass a decode and an encode.
// Needs sampleRateShading and a format the device samples and renders to;
// depth-stencil destinations are not handled (the callers keep their
// fallback). Every step is bracketed by full memory barriers.
#pragma once

#include "predicated_transfer.h"
#include "restore_samples_shader.h"  // translate/indirect
#include "vk_device.h"
#include "vk_pipeline.h"

#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <utility>
#include <vector>

namespace d3dvk::umd {

// The restore's layout, shaders and pipelines (a device keeps one, made on first use).
struct SampleRestorePipelines {
  std::unique_ptr<vk::DescriptorSetLayout> setLayout;  // binding 0: the saved image, sampled, no sampler
  std::unique_ptr<vk::PipelineLayout> layout;          // + push constants indirect::RestoreSamplesParams
  std::unique_ptr<vk::ShaderModule> vertex, fragment[3];
  std::mutex mutex;
  std::map<std::pair<VkFormat, VkSampleCountFlagBits>, std::unique_ptr<vk::Pipeline>> pipelines;

  static std::unique_ptr<SampleRestorePipelines> create(vk::Device& device, VkResult* result);
  // The pipeline rendering `format` at `samples` (built on first use); null with *result.
  VkPipeline pipeline(vk::Device& device, VkFormat format, VkSampleCountFlagBits samples, VkResult* result);
};

// A pipeline drawing restore_samples.vert's full-target triangle with `fragment`
// once per sample (sample shading at rate 1), into one colour attachment of
// `format`, or with `depthTarget` a depth attachment of `format` (test ALWAYS,
// writes on); viewport and scissor dynamic. Shared by the restore and the
// multisampled depth <-> colour copy (multisample_depth_copy.h).
std::unique_ptr<vk::Pipeline> createPerSamplePipeline(vk::Device& device, VkPipelineLayout layout, VkShaderModule vertex,
                                                      VkShaderModule fragment, VkFormat format,
                                                      VkSampleCountFlagBits samples, bool depthTarget, VkResult* result);
// A shader module of SPIR-V compiled into the driver.
std::unique_ptr<vk::ShaderModule> createBuiltInShaderModule(vk::Device& device, std::span<const uint32_t> spirv,
                                                            VkResult* result);

// Whether a multisampled target of `format` can be saved and restored this way.
bool sampleRestoreSupported(vk::Device& device, const TransferTarget& target, VkFormat format);
// The scratch image's create info (usage: transfer destination, sampled).
VkImageCreateInfo sampleSaveImageInfo(VkFormat format, VkExtent3D extent, uint32_t layers, VkSampleCountFlagBits samples);

// Step 1, outside any render pass: `target`'s layers into `saved` (of
// sampleSaveImageInfo's shape, in GENERAL — or UNDEFINED when `fresh` — and
// left in GENERAL), then a full barrier.
void recordSampleSave(VkCommandBuffer cmd, const TransferTarget& target, VkImage saved, bool fresh = false);
// Step 3, outside any render pass, after the transfer: writes `set` (of the
// pipelines' set layout) with `savedView` (a 2D multisampled array view of
// `saved`) and records one conditional draw per layer into `layerViews` (a
// colour view of each of target's layers, in GENERAL); the draws run when
// the 32-bit word at `wordOffset` of `word` is not zero (`skipWhenZero`
// false) or is zero (true). Ends with a full barrier.
void recordSampleRestore(const vk::Device& device, VkCommandBuffer cmd, const SampleRestorePipelines& pipelines,
                         VkPipeline pipeline, VkDescriptorSet set, const TransferTarget& target, VkImageView savedView,
                         const std::vector<VkImageView>& layerViews, VkBuffer word, VkDeviceSize wordOffset,
                         bool skipWhenZero);

}  // namespace d3dvk::umd
