// ddi/umd/multisample_resolve.cpp — see multisample_resolve.h.
#include "multisample_resolve.h"

#include "vk_command_queue.h"

namespace d3dvk::umd {

std::unique_ptr<SampleResolvePipelines> SampleResolvePipelines::create(vk::Device& device, VkResult* result) {
  auto p = std::make_unique<SampleResolvePipelines>();
  if (!createPerSampleLayouts(device, indirect::kResolveSamplesPushBytes, &p->setLayout, &p->layout, result)) return nullptr;
  if (!(p->vertex = createBuiltInShaderModule(device, indirect::restoreSamplesVertexSpirv(), result))) return nullptr;
  p->exportsStencil = stencilExportEnabled(device);
  for (int i = 0; i < 5; ++i) {
    const auto kind = indirect::SampleKind(i);
    const std::span<const uint32_t> spirv = kind == indirect::SampleKind::Stencil && !p->exportsStencil
                                                ? indirect::resolveSamplesStencilBitsSpirv()
                                                : indirect::resolveSamplesFragmentSpirv(kind);
    if (!(p->fragment[i] = createBuiltInShaderModule(device, spirv, result))) return nullptr;
  }
  return p;
}

VkPipeline SampleResolvePipelines::pipeline(vk::Device& device, VkFormat format, indirect::SampleKind kind,
                                            VkResult* result) {
  const std::unique_ptr<vk::ShaderModule>& fragmentModule = fragment[int(kind)];
  std::lock_guard lock(mutex);
  std::unique_ptr<vk::Pipeline>& cached = pipelines[{format, kind}];
  if (cached) return cached->handle();
  cached = createPerSamplePipeline(device, layout->handle(), vertex->handle(), fragmentModule->handle(), format,
                                   VK_SAMPLE_COUNT_1_BIT, perSampleTarget(kind, exportsStencil), result);
  return cached ? cached->handle() : VK_NULL_HANDLE;
}

void recordSampleResolve(const vk::Device& device, VkCommandBuffer cmd, const SampleResolvePipelines& pipelines,
                         VkPipeline pipeline, VkDescriptorSet set, VkImageView source, VkImageView target,
                         indirect::SampleKind kind, VkExtent2D extent, const indirect::ResolveSamplesParams& params) {
  writeSampledImageSet(device, set, source);
  vk::fullBarrier(cmd);  // the source's copy, earlier writes of the target
  // (Loaded: a depth-stencil target's other plane, which the draw leaves, is the caller's.)
  const PerSampleTarget attachment = perSampleTarget(kind, pipelines.exportsStencil);
  beginPerSampleRendering(cmd, target, attachment, extent, VK_ATTACHMENT_LOAD_OP_LOAD);
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelines.layout->handle(), 0, 1, &set, 0, nullptr);
  const VkViewport viewport{0, 0, float(extent.width), float(extent.height), 0, 1};
  vkCmdSetViewport(cmd, 0, 1, &viewport);
  const VkRect2D scissor{{0, 0}, extent};
  vkCmdSetScissor(cmd, 0, 1, &scissor);
  drawPerSample(cmd, attachment, pipelines.layout->handle(), params);
  vkCmdEndRendering(cmd);
  vk::fullBarrier(cmd);
}

}  // namespace d3dvk::umd
