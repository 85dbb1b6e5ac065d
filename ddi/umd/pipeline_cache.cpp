// ddi/umd/pipeline_cache.cpp — see pipeline_cache.h.
#include "pipeline_cache.h"

#include "adapter.h"
#include "device.h"
#include "driver_blend_state.h"
#include "driver_depth_stencil_state.h"
#include "depth_stencil_state.h"
#include "driver_input_layout.h"
#include "driver_rasterizer_state.h"
#include "driver_shader.h"
#include "dxbc/binding.h"
#include "dxbc/fallback_shaders.h"
#include "primitive_topology.h"
#include "resource_format.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <iterator>
#include <vector>

namespace d3dvk::umd {

uint64_t nextObjectId() {
  static std::atomic<uint64_t> next{1};
  return next++;
}

std::unique_ptr<PipelineCache> PipelineCache::create(Device& device, VkResult* result) {
  std::unique_ptr<PipelineCache> self(new PipelineCache(device));
  const VkShaderStageFlags stages[kStageSets] = {VK_SHADER_STAGE_VERTEX_BIT, VK_SHADER_STAGE_FRAGMENT_BIT};
  // Uniform buffers, sampled and storage images, the fragment stage's 8 colour
  // attachments and its invocation counter share maxPerStageResources; samplers do not count.
  const VkPhysicalDeviceLimits& limits = device.vk().info().properties.limits;
  // UAVs: pixel-shader storage images, D3D11.0's 8 slots, when the device can
  // store from fragment shaders and write images without a declared format.
  const bool fragmentStores = device.vk().enabledFeatures().fragmentStoresAndAtomics &&
                              device.vk().enabledFeatures().shaderStorageImageWriteWithoutFormat;
  self->unorderedAccessSlots_ =
      fragmentStores ? std::min({kUnorderedAccessSlots, limits.maxPerStageDescriptorStorageImages,
                                 limits.maxDescriptorSetStorageImages})
                     : 0;
  // The invocation counter of the counting pixel shaders (driver_query.h).
  const bool counter = device.vk().enabledFeatures().fragmentStoresAndAtomics;
  const uint32_t reserved = kConstantBufferSlots + 8 + self->unorderedAccessSlots_ + (counter ? 1 : 0) + 3;
  const uint32_t perStage = limits.maxPerStageResources > reserved ? limits.maxPerStageResources - reserved : 0;
  self->shaderResourceSlots_ = std::min({dxbc::kMaxShaderResourceSlots, perStage,
                                         limits.maxPerStageDescriptorSampledImages,
                                         limits.maxDescriptorSetSampledImages / kStageSets});
  const uint32_t samplerSlots = kSamplerSlots;  // Vulkan guarantees 16 samplers per stage
  for (uint32_t set = 0; set < kStageSets; ++set) {
    std::vector<VkDescriptorSetLayoutBinding> bindings;
    for (uint32_t slot = 0; slot < kConstantBufferSlots; ++slot)
      bindings.push_back({slot, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, stages[set], nullptr});
    for (uint32_t slot = 0; slot < samplerSlots; ++slot)
      bindings.push_back({dxbc::kSamplerBindingBase + slot, VK_DESCRIPTOR_TYPE_SAMPLER, 1, stages[set], nullptr});
    for (uint32_t slot = 0; slot < self->shaderResourceSlots_; ++slot)
      bindings.push_back(
          {dxbc::kShaderResourceBindingBase + slot, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 1, stages[set], nullptr});
    if (stages[set] == VK_SHADER_STAGE_FRAGMENT_BIT)
      for (uint32_t slot = 0; slot < self->unorderedAccessSlots_; ++slot)
        bindings.push_back(
            {dxbc::kUnorderedAccessBindingBase + slot, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, stages[set], nullptr});
    if (counter && stages[set] == VK_SHADER_STAGE_FRAGMENT_BIT)  // the counting pixel shader's (driver_query.h)
      bindings.push_back(
          {dxbc::kInvocationCounterBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, stages[set], nullptr});
    // The GPU fallback's draw pass (driver_fallback_draw.h): the captured
    // vertices and corners its vertex shader pulls, the records its pixel
    // shader's prelude tests.
    if (stages[set] == VK_SHADER_STAGE_VERTEX_BIT) {
      bindings.push_back({dxbc::kFallbackCapturedBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, stages[set], nullptr});
      bindings.push_back({dxbc::kFallbackCornersBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, stages[set], nullptr});
      bindings.push_back(
          {dxbc::kFallbackVertexRecordsBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, stages[set], nullptr});
    } else {
      bindings.push_back({dxbc::kFallbackRecordsBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, stages[set], nullptr});
    }
    VkDescriptorSetLayoutCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    info.bindingCount = uint32_t(bindings.size());
    info.pBindings = bindings.data();
    self->setLayouts_[set] = vk::createDescriptorSetLayout(device.vk(), info, result);
    if (!self->setLayouts_[set]) return nullptr;
  }
  VkDescriptorSetLayout sets[kStageSets] = {self->setLayouts_[0]->handle(), self->setLayouts_[1]->handle()};
  VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layoutInfo.setLayoutCount = kStageSets;
  layoutInfo.pSetLayouts = sets;
  // The fallback's capture variant reads the draw's vertex and instance bases (dxbc idBasesFromPushConstants).
  const VkPushConstantRange idBases{VK_SHADER_STAGE_VERTEX_BIT, 0, dxbc::kIdBasePushConstantBytes};
  layoutInfo.pushConstantRangeCount = 1;
  layoutInfo.pPushConstantRanges = &idBases;
  self->layout_ = vk::createPipelineLayout(device.vk(), layoutInfo, result);
  if (!self->layout_) return nullptr;
  self->nullBuffer_ =
      vk::Buffer::create(device.vk(), kNullConstantBufferSize, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, true, result);
  if (!self->nullBuffer_) return nullptr;
  std::memset(self->nullBuffer_->mapped(), 0, kNullConstantBufferSize);
  return self;
}

void PipelineCache::forget(uint64_t objectId) {
  for (auto it = pipelines_.begin(); it != pipelines_.end();) {
    const state::GraphicsPipelineKey& k = it->first;
    if (k.vertexShader == objectId || k.pixelShader == objectId || k.inputLayout == objectId ||
        k.blendState == objectId || k.depthStencilState == objectId) {
      device_.queue().releaseAfter(device_.queue().openSerial(), it->second);
      it = pipelines_.erase(it);
    } else {
      ++it;
    }
  }
  for (auto it = fallbackVertexModules_.begin(); it != fallbackVertexModules_.end();) {
    if (it->first.first == objectId || it->first.second == objectId) {
      device_.queue().releaseAfter(device_.queue().openSerial(), it->second);
      it = fallbackVertexModules_.erase(it);
    } else {
      ++it;
    }
  }
}

VkShaderModule PipelineCache::fallbackVertexModule(const Shader& vs, const Shader* ps, uint32_t positionSlot,
                                                   VkResult* result) {
  const std::pair<uint64_t, uint64_t> key{vs.id, ps ? ps->id : 0};
  auto found = fallbackVertexModules_.find(key);
  if (found != fallbackVertexModules_.end()) return found->second->handle();
  std::vector<uint32_t> spirv;
  try {
    const std::vector<dxbc::FallbackVarying> varyings =
        ps ? dxbc::fallbackPixelVaryings(*ps->parsed) : std::vector<dxbc::FallbackVarying>{};
    spirv = dxbc::buildFallbackVertexShader(varyings, dxbc::fallbackNeedsSampleInverseW(varyings),
                                            dxbc::FallbackCaptureLayout{vs.capturedRegisters, positionSlot});
  } catch (const std::bad_alloc&) {
    *result = VK_ERROR_OUT_OF_HOST_MEMORY;
    return VK_NULL_HANDLE;
  } catch (const std::exception& e) {
    logError(std::string("conservative fallback: ") + e.what() + "; draw dropped");
    *result = VK_SUCCESS;
    return VK_NULL_HANDLE;
  }
  std::shared_ptr<vk::ShaderModule> module = vk::createShaderModule(device_.vk(), spirv, result);
  if (!module) return VK_NULL_HANDLE;
  const VkShaderModule handle = module->handle();
  fallbackVertexModules_.emplace(key, std::move(module));
  return handle;
}

VkPipeline PipelineCache::get(const state::GraphicsPipelineKey& key, const PipelineInputs& in, VkResult* result) {
  auto found = pipelines_.find(key);
  if (found != pipelines_.end()) return found->second->handle();

  // The capture pass runs only the vertex shader (the draw's own topology,
  // rasterizer discard); the draw pass may have a pixel module without an
  // application pixel shader.
  const bool capture = key.variant == state::PipelineVariant::FallbackCapture;
  VkPipelineShaderStageCreateInfo stages[2];
  uint32_t stageCount = 0;
  stages[stageCount++] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_VERTEX_BIT,
                          in.vertexModule ? in.vertexModule : in.vertexShader->module->handle(), "main", nullptr};
  const VkShaderModule pixelModule = in.pixelModule ? in.pixelModule
                                     : in.pixelShader ? in.pixelShader->module->handle()
                                                      : VK_NULL_HANDLE;
  if (pixelModule && !capture)
    stages[stageCount++] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0,
                            VK_SHADER_STAGE_FRAGMENT_BIT, pixelModule, "main", nullptr};

  VkPipelineVertexInputStateCreateInfo vertexInput{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
  const state::VertexInputState* vertexInputState =
      in.vertexInput ? in.vertexInput : in.inputLayout ? &in.inputLayout->vertexInput : nullptr;
  if (vertexInputState) {
    const state::VertexInputState& v = *vertexInputState;
    vertexInput.vertexBindingDescriptionCount = uint32_t(v.bindings.size());
    vertexInput.pVertexBindingDescriptions = v.bindings.data();
    vertexInput.vertexAttributeDescriptionCount = uint32_t(v.attributes.size());
    vertexInput.pVertexAttributeDescriptions = v.attributes.data();
  }

  const state::InputAssembly assembly = state::translateTopology(D3D10_DDI_PRIMITIVE_TOPOLOGY(key.topology));
  VkPipelineInputAssemblyStateCreateInfo inputAssembly{VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
  inputAssembly.topology = assembly.topology;
  inputAssembly.primitiveRestartEnable = assembly.primitiveRestart;

  VkPipelineViewportStateCreateInfo viewport{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
  viewport.viewportCount = 1;
  viewport.scissorCount = 1;

  state::RasterizerPipelineState rasterizer = state::translateRasterizerState(*in.rasterizer, rasterizerDeviceCaps(device_));
  if (capture) rasterizer.rasterization.rasterizerDiscardEnable = VK_TRUE;

  VkPipelineMultisampleStateCreateInfo multisample{VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
  multisample.rasterizationSamples = VkSampleCountFlagBits(key.sampleCount);
  const VkSampleMask sampleMask = state::shaderWritesSampleMask(key.variant) ? 0xFFFFFFFFu : key.sampleMask;
  multisample.pSampleMask = &sampleMask;
  const state::BlendPipelineState blendState =
      state::translateBlendState(in.blend ? in.blend->desc : state::defaultBlendDesc());
  multisample.alphaToCoverageEnable = blendState.alphaToCoverage;

  // Without a depth-stencil view both tests are off (D3D: nothing to test against).
  VkPipelineDepthStencilStateCreateInfo depthStencil{VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
  const state::FormatInfo* dsFormat = state::findFormat(key.depthStencilFormat);
  if (dsFormat)
    depthStencil = state::translateDepthStencilState(
        in.depthStencil ? in.depthStencil->desc : state::defaultDepthStencilDesc(),
        dsFormat->kind == state::FormatKind::DepthStencil);

  VkPipelineColorBlendAttachmentState attachments[8]{};
  VkFormat colorFormats[8]{};
  for (uint32_t i = 0; i < key.renderTargetCount; ++i) {
    const state::FormatInfo* f = state::findFormat(key.renderTargetFormats[i]);
    colorFormats[i] = f ? f->vk : VK_FORMAT_UNDEFINED;
    const bool written = in.pixelShader && f && (in.pixelShader->reflection.renderTargetMask >> i & 1);
    attachments[i] = blendState.attachments[i];
    if (!written) attachments[i].colorWriteMask = 0;
    // Integer formats cannot blend (D3D ignores blending there).
    if (f && (f->kind == state::FormatKind::Uint || f->kind == state::FormatKind::Sint))
      attachments[i].blendEnable = VK_FALSE;
  }
  VkPipelineColorBlendStateCreateInfo blend{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
  blend.attachmentCount = key.renderTargetCount;
  blend.pAttachments = attachments;

  const VkDynamicState dynamics[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR,
                                     VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE, VK_DYNAMIC_STATE_BLEND_CONSTANTS,
                                     VK_DYNAMIC_STATE_STENCIL_REFERENCE};
  VkPipelineDynamicStateCreateInfo dynamic{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
  dynamic.dynamicStateCount = uint32_t(std::size(dynamics));
  dynamic.pDynamicStates = dynamics;

  VkPipelineRenderingCreateInfo rendering{VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
  rendering.colorAttachmentCount = key.renderTargetCount;
  rendering.pColorAttachmentFormats = colorFormats;
  if (dsFormat) {
    rendering.depthAttachmentFormat = dsFormat->vk;
    if (dsFormat->kind == state::FormatKind::DepthStencil) rendering.stencilAttachmentFormat = dsFormat->vk;
  }

  VkGraphicsPipelineCreateInfo info{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
  info.pNext = &rendering;
  info.stageCount = stageCount;
  info.pStages = stages;
  info.pVertexInputState = &vertexInput;
  info.pInputAssemblyState = &inputAssembly;
  info.pViewportState = &viewport;
  info.pRasterizationState = rasterizer.chain();
  info.pMultisampleState = &multisample;
  info.pDepthStencilState = &depthStencil;
  info.pColorBlendState = &blend;
  info.pDynamicState = &dynamic;
  info.layout = layout_->handle();
  std::shared_ptr<vk::Pipeline> pipeline = vk::createGraphicsPipeline(device_.vk(), info, result);
  if (!pipeline) return VK_NULL_HANDLE;
  VkPipeline handle = pipeline->handle();
  pipelines_.emplace(key, std::move(pipeline));
  return handle;
}

}  // namespace d3dvk::umd
