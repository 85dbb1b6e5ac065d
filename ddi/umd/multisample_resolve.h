// ddi/umd/multisample_resolve.h — a region of one layer of a multisampled
// image resolved by a draw, for what vkCmdResolveImage does not do (it
// averages colour only): D3D12's ResolveSubresourceRegion with MIN or MAX
// (colour of any numeric kind, a depth plane, a stencil plane) and AVERAGE
// of a depth plane (d3d12/resolve12.cpp). The caller copies the source's
// region into a sampled multisampled scratch image (`source`: a 2D
// multisampled array view of one aspect), and the draw — a full-target
// triangle over a single-sampled attachment, createPerSamplePipeline's
// pipeline at one sample — writes each pixel of `target` from the samples
// of the source's texel at the pixel plus an offset
// (translate/indirect/resolve_samples_shader.h): a colour attachment, or
// the depth (test ALWAYS, writes on) or the stencil (ALWAYS, REPLACE with
// the exported reference — VK_EXT_shader_stencil_export — or without it
// drawPerSample's draw per bit) of a depth-stencil one. Bracketed by full
// memory barriers.
#pragma once

#include "multisample_restore.h"     // createPerSamplePipeline
#include "resolve_samples_shader.h"  // translate/indirect
#include "vk_device.h"
#include "vk_pipeline.h"

#include <map>
#include <memory>
#include <mutex>
#include <tuple>

namespace d3dvk::umd {

// The resolve's layout, shaders and pipelines (a device keeps one, made on first use).
struct SampleResolvePipelines {
  std::unique_ptr<vk::DescriptorSetLayout> setLayout;  // binding 0: the source, sampled, no sampler
  std::unique_ptr<vk::PipelineLayout> layout;          // + push constants indirect::ResolveSamplesParams
  std::unique_ptr<vk::ShaderModule> vertex, fragment[5];  // by indirect::SampleKind (Stencil: the per-bit one without export)
  bool exportsStencil = false;                             // stencilExportEnabled when made
  std::mutex mutex;
  std::map<std::tuple<VkFormat, indirect::SampleKind>, std::unique_ptr<vk::Pipeline>> pipelines;

  static std::unique_ptr<SampleResolvePipelines> create(vk::Device& device, VkResult* result);
  // The pipeline writing `kind` into a single-sampled attachment of `format`
  // (built on first use); null with *result.
  VkPipeline pipeline(vk::Device& device, VkFormat format, indirect::SampleKind kind, VkResult* result);
};

// One resolve draw, outside any render pass: writes `set` (of the pipelines'
// set layout) with `source`, and draws `extent` pixels of `target` (an
// attachment view of a single-sampled image in GENERAL, the colour, depth or
// stencil attachment by `kind`) with `params`.
void recordSampleResolve(const vk::Device& device, VkCommandBuffer cmd, const SampleResolvePipelines& pipelines,
                         VkPipeline pipeline, VkDescriptorSet set, VkImageView source, VkImageView target,
                         indirect::SampleKind kind, VkExtent2D extent, const indirect::ResolveSamplesParams& params);

}  // namespace d3dvk::umd
