// ddi/umd/multisample_depth_copy.cpp — see multisample_depth_copy.h.
#include "multisample_depth_copy.h"

#include "multisample_restore.h"
#include "vk_command_queue.h"

namespace d3dvk::umd {
namespace {

bool isDepth(VkFormat f) { return f == VK_FORMAT_D32_SFLOAT || f == VK_FORMAT_D16_UNORM; }

// The depth format whose group a colour format belongs to (UNDEFINED: none).
VkFormat groupDepthFormat(VkFormat colour) {
  switch (colour) {
    case VK_FORMAT_R32_UINT: case VK_FORMAT_R32_SINT: case VK_FORMAT_R32_SFLOAT: return VK_FORMAT_D32_SFLOAT;
    case VK_FORMAT_R16_UINT: case VK_FORMAT_R16_SINT: case VK_FORMAT_R16_SFLOAT: case VK_FORMAT_R16_UNORM:
    case VK_FORMAT_R16_SNORM:
      return VK_FORMAT_D16_UNORM;
    default: return VK_FORMAT_UNDEFINED;
  }
}

std::unique_ptr<vk::ImageView> view(vk::Device& device, VkImage image, VkFormat format, VkImageAspectFlags aspect,
                                    uint32_t mip, uint32_t baseLayer, uint32_t layers, VkResult* result) {
  VkImageViewCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  info.image = image;
  info.viewType = VK_IMAGE_VIEW_TYPE_2D_ARRAY;
  info.format = format;
  info.subresourceRange = {aspect, mip, 1, baseLayer, layers};
  return vk::ImageView::create(device, info, result);
}

}  // namespace

VkFormat depthColourCopyViewFormat(VkFormat depthFormat) {
  return depthFormat == VK_FORMAT_D32_SFLOAT ? VK_FORMAT_R32_UINT
         : depthFormat == VK_FORMAT_D16_UNORM ? VK_FORMAT_R16_UINT
                                              : VK_FORMAT_UNDEFINED;
}

VkImageUsageFlags multisampledCopyUsage(vk::Device& device, VkFormat format, VkSampleCountFlagBits samples) {
  if (samples == VK_SAMPLE_COUNT_1_BIT || (!isDepth(format) && groupDepthFormat(format) == VK_FORMAT_UNDEFINED)) return 0;
  VkFormatProperties props{};
  vkGetPhysicalDeviceFormatProperties(device.physicalDevice(), format, &props);
  return (props.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT) ? VK_IMAGE_USAGE_SAMPLED_BIT : 0;
}

VkImageCreateFlags multisampledCopyFlags(VkFormat format, VkSampleCountFlagBits samples) {
  return samples != VK_SAMPLE_COUNT_1_BIT && groupDepthFormat(format) != VK_FORMAT_UNDEFINED
             ? VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT
             : 0;
}

std::unique_ptr<DepthColourCopyPipelines> DepthColourCopyPipelines::create(vk::Device& device, VkResult* result) {
  auto p = std::make_unique<DepthColourCopyPipelines>();
  if (!createPerSampleLayouts(device, indirect::kCopySamplesPushBytes, &p->setLayout, &p->layout, result)) return nullptr;
  if (!(p->vertex = createBuiltInShaderModule(device, indirect::restoreSamplesVertexSpirv(), result))) return nullptr;
  if (!(p->toDepth = createBuiltInShaderModule(device, indirect::copySamplesToDepthSpirv(), result))) return nullptr;
  if (!(p->toColour = createBuiltInShaderModule(device, indirect::copySamplesToColourSpirv(), result))) return nullptr;
  return p;
}

VkPipeline DepthColourCopyPipelines::pipeline(vk::Device& device, VkFormat format, VkSampleCountFlagBits samples,
                                              bool depthTarget, VkResult* result) {
  std::lock_guard lock(mutex);
  std::unique_ptr<vk::Pipeline>& cached = pipelines[{format, samples, depthTarget}];
  if (cached) return cached->handle();
  cached = createPerSamplePipeline(device, layout->handle(), vertex->handle(), (depthTarget ? toDepth : toColour)->handle(),
                                   format, samples, depthTarget ? PerSampleTarget::Depth : PerSampleTarget::Colour, result);
  return cached ? cached->handle() : VK_NULL_HANDLE;
}

const char* depthColourCopyUnsupported(vk::Device& device, const DepthColourCopySide& src, const DepthColourCopySide& dst) {
  const VkFormat depth = isDepth(dst.info->format) ? dst.info->format : src.info->format;
  const VkFormat colour = isDepth(dst.info->format) ? src.info->format : dst.info->format;
  if (!isDepth(depth) || groupDepthFormat(colour) != depth)
    return "only D32_FLOAT with the R32 group and D16_UNORM with the R16 group copy between depth and colour "
           "multisampled (a depth-stencil plane does not)";
  if (!device.enabledFeatures().sampleRateShading)
    return "the Vulkan device lacks sampleRateShading, which a per-sample copy draw needs";
  if (!(src.info->usage & VK_IMAGE_USAGE_SAMPLED_BIT))
    return "the Vulkan device cannot sample the source's format at its sample count";
  const bool toDepth = isDepth(dst.info->format);
  if (!(dst.info->usage & (toDepth ? VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT : VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT)))
    return "the destination is not bound as a render target or depth-stencil target";
  if (!toDepth && !(dst.info->flags & VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT) &&
      dst.info->format != depthColourCopyViewFormat(src.info->format))
    return "the colour destination cannot be viewed in its group's UINT format";
  if (toDepth && !(src.info->flags & VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT) &&
      src.info->format != depthColourCopyViewFormat(dst.info->format))
    return "the colour source cannot be viewed in its group's UINT format";
  return nullptr;
}

std::unique_ptr<DepthColourCopyResources> recordDepthColourCopy(vk::Device& device, VkCommandBuffer cmd,
                                                                DepthColourCopyPipelines& pipelines,
                                                                const DepthColourCopySide& src,
                                                                const DepthColourCopySide& dst, VkResult* result) {
  const bool toDepth = isDepth(dst.info->format);
  const VkFormat depthFormat = toDepth ? dst.info->format : src.info->format;
  const VkFormat colourView = depthColourCopyViewFormat(depthFormat);
  const VkSampleCountFlagBits samples = dst.info->samples;
  const VkPipeline pipeline = pipelines.pipeline(device, toDepth ? depthFormat : colourView, samples, toDepth, result);
  if (!pipeline) return nullptr;
  auto r = std::make_unique<DepthColourCopyResources>();
  const VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 1};
  VkDescriptorPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  poolInfo.maxSets = 1;
  poolInfo.poolSizeCount = 1;
  poolInfo.pPoolSizes = &size;
  if (!(r->pool = vk::createDescriptorPool(device, poolInfo, result))) return nullptr;
  VkDescriptorSet set = VK_NULL_HANDLE;
  const VkDescriptorSetLayout setLayout = pipelines.setLayout->handle();
  VkDescriptorSetAllocateInfo allocInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  allocInfo.descriptorPool = r->pool->handle();
  allocInfo.descriptorSetCount = 1;
  allocInfo.pSetLayouts = &setLayout;
  if ((*result = vkAllocateDescriptorSets(device.handle(), &allocInfo, &set)) != VK_SUCCESS) return nullptr;
  auto sourceView = view(device, src.image, toDepth ? colourView : depthFormat,
                         toDepth ? VK_IMAGE_ASPECT_COLOR_BIT : VK_IMAGE_ASPECT_DEPTH_BIT, src.mip, src.baseLayer,
                         src.layerCount, result);
  if (!sourceView) return nullptr;
  const VkDescriptorImageInfo image{VK_NULL_HANDLE, sourceView->handle(), VK_IMAGE_LAYOUT_GENERAL};
  VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
  write.dstSet = set;
  write.descriptorCount = 1;
  write.descriptorType = VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE;
  write.pImageInfo = &image;
  vkUpdateDescriptorSets(device.handle(), 1, &write, 0, nullptr);
  r->views.push_back(std::move(sourceView));

  vk::fullBarrier(cmd);  // earlier writes of both images
  for (uint32_t layer = 0; layer < dst.layerCount; ++layer) {
    auto target = view(device, dst.image, toDepth ? depthFormat : colourView,
                       toDepth ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT, dst.mip, dst.baseLayer + layer, 1,
                       result);
    if (!target) return nullptr;
    VkRenderingAttachmentInfo attachment{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
    attachment.imageView = target->handle();
    attachment.imageLayout = VK_IMAGE_LAYOUT_GENERAL;
    attachment.loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;  // every sample is written
    attachment.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    VkRenderingInfo rendering{VK_STRUCTURE_TYPE_RENDERING_INFO};
    rendering.renderArea = {{0, 0}, dst.extent};
    rendering.layerCount = 1;
    if (toDepth) {
      rendering.pDepthAttachment = &attachment;
    } else {
      rendering.colorAttachmentCount = 1;
      rendering.pColorAttachments = &attachment;
    }
    vkCmdBeginRendering(cmd, &rendering);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelines.layout->handle(), 0, 1, &set, 0, nullptr);
    const VkViewport viewport{0, 0, float(dst.extent.width), float(dst.extent.height), 0, 1};
    vkCmdSetViewport(cmd, 0, 1, &viewport);
    vkCmdSetScissor(cmd, 0, 1, &rendering.renderArea);
    const indirect::CopySamplesParams params{int32_t(layer), depthFormat == VK_FORMAT_D16_UNORM ? 1u : 0u};
    vkCmdPushConstants(cmd, pipelines.layout->handle(), VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof params, &params);
    vkCmdDraw(cmd, 3, 1, 0, 0);
    vkCmdEndRendering(cmd);
    r->views.push_back(std::move(target));
  }
  vk::fullBarrier(cmd);
  return r;
}

}  // namespace d3dvk::umd
