// ddi/umd/multisample_restore.h — a predicated transfer's multisampled
// destination, written once for D3D11 and D3D12 beside predicated_transfer.h
// (whose word restore needs the destination in a buffer, which Vulkan cannot
// copy a multisampled image into):
//   1. save: the destination's layers (one aspect: colour, depth or stencil)
//      are copied (vkCmdCopyImage, sample for sample) into a scratch image
//      of its format, extent, layers and samples;
//   2. (the transfer itself, recorded by the caller);
//   3. restore: under conditional rendering on the predicate's word inverted
//      — exactly when the transfer should have been skipped — one draw per
//      layer renders into the destination (its own format, load and store)
//      with a fragment shader that runs per sample and writes each sample from
//      the same sample of the scratch image (translate/indirect's
//      restore_samples shaders): a colour (float, uint or sint by the
//      format), the depth (gl_FragDepth, test ALWAYS) or the stencil (the
//      exported reference, REPLACE: VK_EXT_shader_stencil_export; without
//      it — D3DVK_STENCIL_EXPORT=off leaves it off — nine draws: one writing 0
//      to every sample, then one per bit, reference 0xFF, write mask
//      1 << bit, REPLACE, whose shader discards the samples where that bit
//      of the saved value is 0).
// Float, UNORM, UINT, SINT, depth and stencil values come back bit for bit;
// an SNORM −1 kept as −128 comes back as −127 and sRGB values pass a decode
// and an encode. Needs sampleRateShading and a format the device samples (at
// the sample count) and renders to. Every step is bracketed by full memory
// barriers. Also home of the per-sample full-target pipeline and rendering
// the multisampled depth <-> colour copy and the resolve draw share.
#pragma once

#include "predicated_transfer.h"
#include "restore_samples_shader.h"  // translate/indirect
#include "vk_device.h"
#include "vk_pipeline.h"

#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <tuple>
#include <vector>

namespace d3dvk::umd {

// The attachment a per-sample draw writes (StencilBits: the stencil, a bit
// per draw, for a device without stencil export).
enum class PerSampleTarget { Colour, Depth, Stencil, StencilBits };
// Depth and Stencil kinds write those attachments, the others a colour one.
// `exportsStencil` false: a Stencil kind writes StencilBits (see below).
PerSampleTarget perSampleTarget(indirect::SampleKind kind, bool exportsStencil = true);
// The numeric kind a colour format's texels reach a shader as (Vulkan names
// the integer formats by suffix): Float, Uint or Sint.
indirect::SampleKind colourSampleKind(VkFormat format);
// Whether the per-sample passes write a stencil target through an exported
// reference (VK_EXT_shader_stencil_export enabled — D3DVK_STENCIL_EXPORT=off
// leaves it off on a device that has it): otherwise through StencilBits' nine draws.
bool stencilExportEnabled(const vk::Device& device);

// The restore's layout, shaders and pipelines (a device keeps one, made on first use).
struct SampleRestorePipelines {
  std::unique_ptr<vk::DescriptorSetLayout> setLayout;  // binding 0: the saved image, sampled, no sampler
  std::unique_ptr<vk::PipelineLayout> layout;          // + push constants indirect::RestoreSamplesParams
  std::unique_ptr<vk::ShaderModule> vertex, fragment[5];  // by indirect::SampleKind (Stencil: the per-bit one without export)
  bool exportsStencil = false;                             // stencilExportEnabled when made
  std::mutex mutex;
  std::map<std::tuple<VkFormat, VkSampleCountFlagBits, indirect::SampleKind>, std::unique_ptr<vk::Pipeline>> pipelines;

  static std::unique_ptr<SampleRestorePipelines> create(vk::Device& device, VkResult* result);
  // The pipeline restoring `kind` into `format` at `samples` (built on first
  // use); null with *result.
  VkPipeline pipeline(vk::Device& device, VkFormat format, VkSampleCountFlagBits samples, indirect::SampleKind kind,
                      VkResult* result);
};

// A pipeline drawing restore_samples.vert's full-target triangle with
// `fragment` (once per sample — sample shading at rate 1 — when `samples` is
// more than one) into one attachment of `format`: a colour one, the depth of
// a depth format (test ALWAYS, writes on) or its stencil (test ALWAYS,
// REPLACE with the shader's reference, all bits written; StencilBits: the
// reference and write mask dynamic, drawPerSample's nine draws); viewport and
// scissor dynamic. Shared by the restore, the multisampled depth <-> colour
// copy (multisample_depth_copy.h) and the resolve draw (multisample_resolve.h).
std::unique_ptr<vk::Pipeline> createPerSamplePipeline(vk::Device& device, VkPipelineLayout layout, VkShaderModule vertex,
                                                      VkShaderModule fragment, VkFormat format,
                                                      VkSampleCountFlagBits samples, PerSampleTarget target,
                                                      VkResult* result);
// The full-target triangle with `params` pushed (fragment stage, the
// pipeline and set bound, inside the rendering): one draw, or for a
// StencilBits target nine — stencilBit -1 with reference 0 and write mask
// 0xFF (every sample to 0), then bits 0..7 with reference 0xFF and write mask
// 1 << bit (the shader discards where the value's bit is 0). Draws into one
// attachment apply their stencil writes in order: no barrier between them.
template <typename Params>
void drawPerSample(VkCommandBuffer cmd, PerSampleTarget target, VkPipelineLayout layout, Params params) {
  const auto draw = [&] {
    vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof params, &params);
    vkCmdDraw(cmd, 3, 1, 0, 0);
  };
  if (target != PerSampleTarget::StencilBits) return draw();
  for (int32_t bit = -1; bit < 8; ++bit) {
    params.stencilBit = bit;
    vkCmdSetStencilWriteMask(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, bit < 0 ? 0xFFu : 1u << bit);
    vkCmdSetStencilReference(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, bit < 0 ? 0u : 0xFFu);
    draw();
  }
}
// Begins dynamic rendering of `extent` into `view` (in GENERAL) as the
// colour, depth or stencil attachment, loaded by `load` and stored.
void beginPerSampleRendering(VkCommandBuffer cmd, VkImageView view, PerSampleTarget target, VkExtent2D extent,
                             VkAttachmentLoadOp load);
// The set layout (binding 0: one sampled image for the fragment shader, no
// sampler) and pipeline layout (plus `pushBytes` of fragment push constants)
// every per-sample pass uses; false (and *result) if either cannot be made.
bool createPerSampleLayouts(vk::Device& device, uint32_t pushBytes, std::unique_ptr<vk::DescriptorSetLayout>* setLayout,
                            std::unique_ptr<vk::PipelineLayout>* layout, VkResult* result);
// Writes binding 0 of `set` with `view` (sampled, GENERAL).
void writeSampledImageSet(const vk::Device& device, VkDescriptorSet set, VkImageView view);
// A shader module of SPIR-V compiled into the driver.
std::unique_ptr<vk::ShaderModule> createBuiltInShaderModule(vk::Device& device, std::span<const uint32_t> spirv,
                                                            VkResult* result);

// The kind a target of an image of `format` restores as (by its aspect).
indirect::SampleKind restoreSampleKind(const TransferTarget& target, VkFormat format);
// Whether a multisampled target (one aspect of an image of `format` with
// `samples`) can be saved and restored this way.
bool sampleRestoreSupported(vk::Device& device, const TransferTarget& target, VkFormat format,
                            VkSampleCountFlagBits samples);
// The scratch image's create info (usage: transfer destination, sampled).
VkImageCreateInfo sampleSaveImageInfo(VkFormat format, VkExtent3D extent, uint32_t layers, VkSampleCountFlagBits samples);

// Step 1, outside any render pass: `target`'s layers (its aspect) into the
// same aspect of `saved` (of sampleSaveImageInfo's shape and the target
// image's format, in GENERAL — or UNDEFINED when `fresh` — and left in
// GENERAL), then a full barrier.
void recordSampleSave(VkCommandBuffer cmd, const TransferTarget& target, VkImage saved, bool fresh = false);
// Step 3, outside any render pass, after the transfer: writes `set` (of the
// pipelines' set layout) with `savedView` (a 2D multisampled array view of
// target's aspect of `saved`) and records one conditional draw per layer
// into `layerViews` (an attachment view of each of target's layers, in
// GENERAL); the draws run when the 32-bit word at `wordOffset` of `word` is
// not zero (`skipWhenZero` false) or is zero (true). Ends with a full barrier.
void recordSampleRestore(const vk::Device& device, VkCommandBuffer cmd, const SampleRestorePipelines& pipelines,
                         VkPipeline pipeline, VkDescriptorSet set, const TransferTarget& target, VkImageView savedView,
                         const std::vector<VkImageView>& layerViews, VkBuffer word, VkDeviceSize wordOffset,
                         bool skipWhenZero);

}  // namespace d3dvk::umd
