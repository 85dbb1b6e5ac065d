// ddi/umd/multisample_restore.cpp — see multisample_restore.h.
#include "multisample_restore.h"

#include "vk_command_queue.h"

namespace d3dvk::umd {
namespace {

// Moves `target`'s layers (or the whole `image` when it is not the target's) between layouts.
void transition(VkCommandBuffer cmd, VkImage image, const VkImageSubresourceRange& range, VkImageLayout from,
                VkImageLayout to) {
  if (from != to) vk::imageLayoutBarrier(cmd, image, range, from, to);
}

VkImageSubresourceRange targetRange(const TransferTarget& t) {
  return {t.transitionAspects ? t.transitionAspects : t.layers.aspectMask, t.layers.mipLevel, 1, t.layers.baseArrayLayer,
          t.layers.layerCount};
}

}  // namespace

PerSampleTarget perSampleTarget(indirect::SampleKind kind, bool exportsStencil) {
  return kind == indirect::SampleKind::Depth     ? PerSampleTarget::Depth
         : kind == indirect::SampleKind::Stencil ? (exportsStencil ? PerSampleTarget::Stencil : PerSampleTarget::StencilBits)
                                                 : PerSampleTarget::Colour;
}

indirect::SampleKind colourSampleKind(VkFormat format) {
  switch (format) {
    case VK_FORMAT_R8_UINT: case VK_FORMAT_R8G8_UINT: case VK_FORMAT_R8G8B8A8_UINT: case VK_FORMAT_B8G8R8A8_UINT:
    case VK_FORMAT_A8B8G8R8_UINT_PACK32: case VK_FORMAT_A2B10G10R10_UINT_PACK32: case VK_FORMAT_A2R10G10B10_UINT_PACK32:
    case VK_FORMAT_R16_UINT: case VK_FORMAT_R16G16_UINT: case VK_FORMAT_R16G16B16A16_UINT: case VK_FORMAT_R32_UINT:
    case VK_FORMAT_R32G32_UINT: case VK_FORMAT_R32G32B32_UINT: case VK_FORMAT_R32G32B32A32_UINT:
      return indirect::SampleKind::Uint;
    case VK_FORMAT_R8_SINT: case VK_FORMAT_R8G8_SINT: case VK_FORMAT_R8G8B8A8_SINT: case VK_FORMAT_B8G8R8A8_SINT:
    case VK_FORMAT_A8B8G8R8_SINT_PACK32: case VK_FORMAT_R16_SINT: case VK_FORMAT_R16G16_SINT:
    case VK_FORMAT_R16G16B16A16_SINT: case VK_FORMAT_R32_SINT: case VK_FORMAT_R32G32_SINT: case VK_FORMAT_R32G32B32_SINT:
    case VK_FORMAT_R32G32B32A32_SINT:
      return indirect::SampleKind::Sint;
    default: return indirect::SampleKind::Float;
  }
}

bool stencilExportEnabled(const vk::Device& device) {
  return device.extensionEnabled(VK_EXT_SHADER_STENCIL_EXPORT_EXTENSION_NAME);
}

bool createPerSampleLayouts(vk::Device& device, uint32_t pushBytes, std::unique_ptr<vk::DescriptorSetLayout>* setLayout,
                            std::unique_ptr<vk::PipelineLayout>* layout, VkResult* result) {
  const VkDescriptorSetLayoutBinding binding{0, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 1, VK_SHADER_STAGE_FRAGMENT_BIT, nullptr};
  VkDescriptorSetLayoutCreateInfo setInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  setInfo.bindingCount = 1;
  setInfo.pBindings = &binding;
  if (!(*setLayout = vk::createDescriptorSetLayout(device, setInfo, result))) return false;
  const VkPushConstantRange push{VK_SHADER_STAGE_FRAGMENT_BIT, 0, pushBytes};
  const VkDescriptorSetLayout set = (*setLayout)->handle();
  VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layoutInfo.setLayoutCount = 1;
  layoutInfo.pSetLayouts = &set;
  layoutInfo.pushConstantRangeCount = 1;
  layoutInfo.pPushConstantRanges = &push;
  return bool(*layout = vk::createPipelineLayout(device, layoutInfo, result));
}

std::unique_ptr<SampleRestorePipelines> SampleRestorePipelines::create(vk::Device& device, VkResult* result) {
  auto p = std::make_unique<SampleRestorePipelines>();
  if (!createPerSampleLayouts(device, indirect::kRestoreSamplesPushBytes, &p->setLayout, &p->layout, result)) return nullptr;
  if (!(p->vertex = createBuiltInShaderModule(device, indirect::restoreSamplesVertexSpirv(), result))) return nullptr;
  p->exportsStencil = stencilExportEnabled(device);
  for (int i = 0; i < 5; ++i) {
    const auto kind = indirect::SampleKind(i);
    const std::span<const uint32_t> spirv = kind == indirect::SampleKind::Stencil && !p->exportsStencil
                                                ? indirect::restoreSamplesStencilBitsSpirv()
                                                : indirect::restoreSamplesFragmentSpirv(kind);
    if (!(p->fragment[i] = createBuiltInShaderModule(device, spirv, result))) return nullptr;
  }
  return p;
}

VkPipeline SampleRestorePipelines::pipeline(vk::Device& device, VkFormat format, VkSampleCountFlagBits samples,
                                            indirect::SampleKind kind, VkResult* result) {
  const std::unique_ptr<vk::ShaderModule>& fragmentModule = fragment[int(kind)];
  std::lock_guard lock(mutex);
  std::unique_ptr<vk::Pipeline>& cached = pipelines[{format, samples, kind}];
  if (cached) return cached->handle();
  cached = createPerSamplePipeline(device, layout->handle(), vertex->handle(), fragmentModule->handle(), format, samples,
                                   perSampleTarget(kind, exportsStencil), result);
  return cached ? cached->handle() : VK_NULL_HANDLE;
}

std::unique_ptr<vk::ShaderModule> createBuiltInShaderModule(vk::Device& device, std::span<const uint32_t> spirv,
                                                            VkResult* result) {
  return vk::createShaderModule(device, std::vector<uint32_t>(spirv.begin(), spirv.end()), result);
}

std::unique_ptr<vk::Pipeline> createPerSamplePipeline(vk::Device& device, VkPipelineLayout layout, VkShaderModule vertex,
                                                      VkShaderModule fragment, VkFormat format,
                                                      VkSampleCountFlagBits samples, PerSampleTarget target,
                                                      VkResult* result) {
  const VkPipelineShaderStageCreateInfo stages[2] = {
      {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_VERTEX_BIT, vertex, "main", nullptr},
      {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_FRAGMENT_BIT, fragment, "main",
       nullptr}};
  const VkPipelineVertexInputStateCreateInfo vertexInput{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
  VkPipelineInputAssemblyStateCreateInfo assembly{VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
  assembly.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  VkPipelineViewportStateCreateInfo viewport{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
  viewport.viewportCount = viewport.scissorCount = 1;
  VkPipelineRasterizationStateCreateInfo raster{VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
  raster.polygonMode = VK_POLYGON_MODE_FILL;
  raster.cullMode = VK_CULL_MODE_NONE;
  raster.lineWidth = 1.0f;
  VkPipelineMultisampleStateCreateInfo multisample{VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
  multisample.rasterizationSamples = samples;
  if (samples != VK_SAMPLE_COUNT_1_BIT) {
    multisample.sampleShadingEnable = VK_TRUE;  // (gl_SampleID asks for it too)
    multisample.minSampleShading = 1.0f;
  }
  VkPipelineDepthStencilStateCreateInfo depth{VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
  if (target == PerSampleTarget::Depth) {
    depth.depthTestEnable = depth.depthWriteEnable = VK_TRUE;
    depth.depthCompareOp = VK_COMPARE_OP_ALWAYS;
  } else if (target == PerSampleTarget::Stencil || target == PerSampleTarget::StencilBits) {
    // (StencilBits: the write mask and reference set per draw by drawPerSample.)
    depth.stencilTestEnable = VK_TRUE;
    depth.front = {VK_STENCIL_OP_REPLACE, VK_STENCIL_OP_REPLACE, VK_STENCIL_OP_REPLACE, VK_COMPARE_OP_ALWAYS, 0xFF, 0xFF, 0};
    depth.back = depth.front;
  }
  VkPipelineColorBlendAttachmentState attachment{};
  attachment.colorWriteMask =
      VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT | VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT;
  VkPipelineColorBlendStateCreateInfo blend{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
  blend.attachmentCount = target == PerSampleTarget::Colour ? 1 : 0;
  blend.pAttachments = &attachment;
  const VkDynamicState dynamics[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR,
                                     VK_DYNAMIC_STATE_STENCIL_WRITE_MASK, VK_DYNAMIC_STATE_STENCIL_REFERENCE};
  VkPipelineDynamicStateCreateInfo dynamic{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
  dynamic.dynamicStateCount = target == PerSampleTarget::StencilBits ? 4 : 2;
  dynamic.pDynamicStates = dynamics;
  VkPipelineRenderingCreateInfo rendering{VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
  if (target == PerSampleTarget::Depth) {
    rendering.depthAttachmentFormat = format;
  } else if (target == PerSampleTarget::Stencil || target == PerSampleTarget::StencilBits) {
    rendering.stencilAttachmentFormat = format;
  } else {
    rendering.colorAttachmentCount = 1;
    rendering.pColorAttachmentFormats = &format;
  }
  VkGraphicsPipelineCreateInfo info{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
  info.pNext = &rendering;
  info.stageCount = 2;
  info.pStages = stages;
  info.pVertexInputState = &vertexInput;
  info.pInputAssemblyState = &assembly;
  info.pViewportState = &viewport;
  info.pRasterizationState = &raster;
  info.pMultisampleState = &multisample;
  info.pDepthStencilState = &depth;
  info.pColorBlendState = &blend;
  info.pDynamicState = &dynamic;
  info.layout = layout;
  return vk::createGraphicsPipeline(device, info, result);
}

void beginPerSampleRendering(VkCommandBuffer cmd, VkImageView view, PerSampleTarget target, VkExtent2D extent,
                             VkAttachmentLoadOp load) {
  VkRenderingAttachmentInfo attachment{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
  attachment.imageView = view;
  attachment.imageLayout = VK_IMAGE_LAYOUT_GENERAL;
  attachment.loadOp = load;
  attachment.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  VkRenderingInfo rendering{VK_STRUCTURE_TYPE_RENDERING_INFO};
  rendering.renderArea = {{0, 0}, extent};
  rendering.layerCount = 1;
  if (target == PerSampleTarget::Depth) {
    rendering.pDepthAttachment = &attachment;
  } else if (target == PerSampleTarget::Stencil || target == PerSampleTarget::StencilBits) {
    rendering.pStencilAttachment = &attachment;
  } else {
    rendering.colorAttachmentCount = 1;
    rendering.pColorAttachments = &attachment;
  }
  vkCmdBeginRendering(cmd, &rendering);
}

void writeSampledImageSet(const vk::Device& device, VkDescriptorSet set, VkImageView view) {
  const VkDescriptorImageInfo image{VK_NULL_HANDLE, view, VK_IMAGE_LAYOUT_GENERAL};
  VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
  write.dstSet = set;
  write.descriptorCount = 1;
  write.descriptorType = VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE;
  write.pImageInfo = &image;
  vkUpdateDescriptorSets(device.handle(), 1, &write, 0, nullptr);
}

indirect::SampleKind restoreSampleKind(const TransferTarget& t, VkFormat format) {
  if (t.layers.aspectMask == VK_IMAGE_ASPECT_DEPTH_BIT) return indirect::SampleKind::Depth;
  if (t.layers.aspectMask == VK_IMAGE_ASPECT_STENCIL_BIT) return indirect::SampleKind::Stencil;
  return colourSampleKind(format);
}

bool sampleRestoreSupported(vk::Device& device, const TransferTarget& t, VkFormat format, VkSampleCountFlagBits samples) {
  if (!t.image || !device.enabledFeatures().sampleRateShading) return false;
  const VkImageAspectFlags aspect = t.layers.aspectMask;
  if (aspect != VK_IMAGE_ASPECT_COLOR_BIT && aspect != VK_IMAGE_ASPECT_DEPTH_BIT && aspect != VK_IMAGE_ASPECT_STENCIL_BIT)
    return false;
  VkFormatProperties props{};
  vkGetPhysicalDeviceFormatProperties(device.physicalDevice(), format, &props);
  const VkFormatFeatureFlags need =
      VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | (aspect == VK_IMAGE_ASPECT_COLOR_BIT ? VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT
                                                                                 : VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT);
  if ((props.optimalTilingFeatures & need) != need) return false;
  // The scratch image: sampled at the destination's sample count.
  const VkImageCreateInfo info = sampleSaveImageInfo(format, t.extent, t.layers.layerCount, samples);
  VkImageFormatProperties imageProps{};
  return vkGetPhysicalDeviceImageFormatProperties(device.physicalDevice(), format, info.imageType, info.tiling, info.usage,
                                                  info.flags, &imageProps) == VK_SUCCESS &&
         (imageProps.sampleCounts & samples);
}

VkImageCreateInfo sampleSaveImageInfo(VkFormat format, VkExtent3D extent, uint32_t layers, VkSampleCountFlagBits samples) {
  VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  info.imageType = VK_IMAGE_TYPE_2D;
  info.format = format;
  info.extent = {extent.width, extent.height, 1};
  info.mipLevels = 1;
  info.arrayLayers = layers;
  info.samples = samples;
  info.tiling = VK_IMAGE_TILING_OPTIMAL;
  info.usage = VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_SAMPLED_BIT;
  info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  return info;
}

void recordSampleSave(VkCommandBuffer cmd, const TransferTarget& t, VkImage saved, bool fresh) {
  const VkImageSubresourceRange range = targetRange(t);
  // The saved image has the target image's format: its layouts change for the same aspects.
  const VkImageSubresourceRange savedRange{range.aspectMask, 0, 1, 0, t.layers.layerCount};
  transition(cmd, t.image, range, t.layout, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
  transition(cmd, saved, savedRange, fresh ? VK_IMAGE_LAYOUT_UNDEFINED : VK_IMAGE_LAYOUT_GENERAL,
             VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  const VkImageCopy region{t.layers, {0, 0, 0}, {t.layers.aspectMask, 0, 0, t.layers.layerCount}, {0, 0, 0},
                           {t.extent.width, t.extent.height, 1}};
  vkCmdCopyImage(cmd, t.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, saved, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
  transition(cmd, saved, savedRange, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_GENERAL);
  transition(cmd, t.image, range, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, t.layout);
  vk::fullBarrier(cmd);  // the save before the transfer writes the target
}

void recordSampleRestore(const vk::Device& device, VkCommandBuffer cmd, const SampleRestorePipelines& pipelines,
                         VkPipeline pipeline, VkDescriptorSet set, const TransferTarget& t, VkImageView savedView,
                         const std::vector<VkImageView>& layerViews, VkBuffer word, VkDeviceSize wordOffset,
                         bool skipWhenZero) {
  vk::fullBarrier(cmd);  // the transfer's writes
  writeSampledImageSet(device, set, savedView);
  const PerSampleTarget target =
      t.layers.aspectMask == VK_IMAGE_ASPECT_DEPTH_BIT ? PerSampleTarget::Depth
      : t.layers.aspectMask == VK_IMAGE_ASPECT_STENCIL_BIT
          ? (pipelines.exportsStencil ? PerSampleTarget::Stencil : PerSampleTarget::StencilBits)
          : PerSampleTarget::Colour;
  VkConditionalRenderingBeginInfoEXT condition{VK_STRUCTURE_TYPE_CONDITIONAL_RENDERING_BEGIN_INFO_EXT};
  condition.buffer = word;
  condition.offset = wordOffset;
  condition.flags = skipWhenZero ? VK_CONDITIONAL_RENDERING_INVERTED_BIT_EXT : 0;  // without it: runs when not zero
  vkCmdBeginConditionalRenderingEXT(cmd, &condition);
  const VkExtent2D extent{t.extent.width, t.extent.height};
  for (uint32_t layer = 0; layer < layerViews.size(); ++layer) {
    beginPerSampleRendering(cmd, layerViews[layer], target, extent, VK_ATTACHMENT_LOAD_OP_LOAD);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelines.layout->handle(), 0, 1, &set, 0, nullptr);
    const VkViewport viewport{0, 0, float(t.extent.width), float(t.extent.height), 0, 1};
    vkCmdSetViewport(cmd, 0, 1, &viewport);
    const VkRect2D scissor{{0, 0}, extent};
    vkCmdSetScissor(cmd, 0, 1, &scissor);
    indirect::RestoreSamplesParams params;
    params.layer = int32_t(layer);
    drawPerSample(cmd, target, pipelines.layout->handle(), params);
    vkCmdEndRendering(cmd);
  }
  vkCmdEndConditionalRenderingEXT(cmd);
  vk::fullBarrier(cmd);
}

}  // namespace d3dvk::umd
