// ddi/umd/multisample_restore.cpp — see multisample_restore.h.
#include "multisample_restore.h"

#include "vk_command_queue.h"

namespace d3dvk::umd {
namespace {

// How a format's texels reach a shader (Vulkan names the integer formats by suffix).
indirect::SampleKind sampleKind(VkFormat format) {
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

std::unique_ptr<SampleRestorePipelines> SampleRestorePipelines::create(vk::Device& device, VkResult* result) {
  auto p = std::make_unique<SampleRestorePipelines>();
  const VkDescriptorSetLayoutBinding binding{0, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 1, VK_SHADER_STAGE_FRAGMENT_BIT, nullptr};
  VkDescriptorSetLayoutCreateInfo setInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  setInfo.bindingCount = 1;
  setInfo.pBindings = &binding;
  if (!(p->setLayout = vk::createDescriptorSetLayout(device, setInfo, result))) return nullptr;
  const VkPushConstantRange push{VK_SHADER_STAGE_FRAGMENT_BIT, 0, indirect::kRestoreSamplesPushBytes};
  const VkDescriptorSetLayout set = p->setLayout->handle();
  VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layoutInfo.setLayoutCount = 1;
  layoutInfo.pSetLayouts = &set;
  layoutInfo.pushConstantRangeCount = 1;
  layoutInfo.pPushConstantRanges = &push;
  if (!(p->layout = vk::createPipelineLayout(device, layoutInfo, result))) return nullptr;
  if (!(p->vertex = createBuiltInShaderModule(device, indirect::restoreSamplesVertexSpirv(), result))) return nullptr;
  const indirect::SampleKind kinds[3] = {indirect::SampleKind::Float, indirect::SampleKind::Uint, indirect::SampleKind::Sint};
  for (int i = 0; i < 3; ++i)
    if (!(p->fragment[i] = createBuiltInShaderModule(device, indirect::restoreSamplesFragmentSpirv(kinds[i]), result)))
      return nullptr;
  return p;
}

VkPipeline SampleRestorePipelines::pipeline(vk::Device& device, VkFormat format, VkSampleCountFlagBits samples,
                                            VkResult* result) {
  std::lock_guard lock(mutex);
  std::unique_ptr<vk::Pipeline>& cached = pipelines[{format, samples}];
  if (cached) return cached->handle();
  cached = createPerSamplePipeline(device, layout->handle(), vertex->handle(), fragment[int(sampleKind(format))]->handle(),
                                   format, samples, false, result);
  return cached ? cached->handle() : VK_NULL_HANDLE;
}

std::unique_ptr<vk::ShaderModule> createBuiltInShaderModule(vk::Device& device, std::span<const uint32_t> spirv,
                                                            VkResult* result) {
  return vk::createShaderModule(device, std::vector<uint32_t>(spirv.begin(), spirv.end()), result);
}

std::unique_ptr<vk::Pipeline> createPerSamplePipeline(vk::Device& device, VkPipelineLayout layout, VkShaderModule vertex,
                                                      VkShaderModule fragment, VkFormat format,
                                                      VkSampleCountFlagBits samples, bool depthTarget, VkResult* result) {
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
  multisample.sampleShadingEnable = VK_TRUE;  // (gl_SampleID asks for it too)
  multisample.minSampleShading = 1.0f;
  VkPipelineDepthStencilStateCreateInfo depth{VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
  if (depthTarget) {
    depth.depthTestEnable = depth.depthWriteEnable = VK_TRUE;
    depth.depthCompareOp = VK_COMPARE_OP_ALWAYS;
  }
  VkPipelineColorBlendAttachmentState attachment{};
  attachment.colorWriteMask =
      VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT | VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT;
  VkPipelineColorBlendStateCreateInfo blend{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
  blend.attachmentCount = depthTarget ? 0 : 1;
  blend.pAttachments = &attachment;
  const VkDynamicState dynamics[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
  VkPipelineDynamicStateCreateInfo dynamic{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
  dynamic.dynamicStateCount = 2;
  dynamic.pDynamicStates = dynamics;
  VkPipelineRenderingCreateInfo rendering{VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
  if (depthTarget) {
    rendering.depthAttachmentFormat = format;
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

bool sampleRestoreSupported(vk::Device& device, const TransferTarget& t, VkFormat format) {
  if (!t.image || t.layers.aspectMask != VK_IMAGE_ASPECT_COLOR_BIT || !device.enabledFeatures().sampleRateShading)
    return false;
  VkFormatProperties props{};
  vkGetPhysicalDeviceFormatProperties(device.physicalDevice(), format, &props);
  const VkFormatFeatureFlags need = VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT;
  return (props.optimalTilingFeatures & need) == need;
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
  const VkImageSubresourceRange savedRange{VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, t.layers.layerCount};
  transition(cmd, t.image, range, t.layout, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
  transition(cmd, saved, savedRange, fresh ? VK_IMAGE_LAYOUT_UNDEFINED : VK_IMAGE_LAYOUT_GENERAL,
             VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  const VkImageCopy region{t.layers, {0, 0, 0}, {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, t.layers.layerCount}, {0, 0, 0},
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
  const VkDescriptorImageInfo image{VK_NULL_HANDLE, savedView, VK_IMAGE_LAYOUT_GENERAL};
  VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
  write.dstSet = set;
  write.descriptorCount = 1;
  write.descriptorType = VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE;
  write.pImageInfo = &image;
  vkUpdateDescriptorSets(device.handle(), 1, &write, 0, nullptr);
  VkConditionalRenderingBeginInfoEXT condition{VK_STRUCTURE_TYPE_CONDITIONAL_RENDERING_BEGIN_INFO_EXT};
  condition.buffer = word;
  condition.offset = wordOffset;
  condition.flags = skipWhenZero ? VK_CONDITIONAL_RENDERING_INVERTED_BIT_EXT : 0;  // without it: runs when not zero
  vkCmdBeginConditionalRenderingEXT(cmd, &condition);
  for (uint32_t layer = 0; layer < layerViews.size(); ++layer) {
    VkRenderingAttachmentInfo color{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
    color.imageView = layerViews[layer];
    color.imageLayout = t.layout;
    color.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
    color.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    VkRenderingInfo rendering{VK_STRUCTURE_TYPE_RENDERING_INFO};
    rendering.renderArea = {{0, 0}, {t.extent.width, t.extent.height}};
    rendering.layerCount = 1;
    rendering.colorAttachmentCount = 1;
    rendering.pColorAttachments = &color;
    vkCmdBeginRendering(cmd, &rendering);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelines.layout->handle(), 0, 1, &set, 0, nullptr);
    const VkViewport viewport{0, 0, float(t.extent.width), float(t.extent.height), 0, 1};
    vkCmdSetViewport(cmd, 0, 1, &viewport);
    vkCmdSetScissor(cmd, 0, 1, &rendering.renderArea);
    const indirect::RestoreSamplesParams params{int32_t(layer)};
    vkCmdPushConstants(cmd, pipelines.layout->handle(), VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof params, &params);
    vkCmdDraw(cmd, 3, 1, 0, 0);
    vkCmdEndRendering(cmd);
  }
  vkCmdEndConditionalRenderingEXT(cmd);
  vk::fullBarrier(cmd);
}

}  // namespace d3dvk::umd
