// ddi/umd/pipeline_cache.cpp — see pipeline_cache.h.
#include "pipeline_cache.h"

#include "adapter.h"
#include "device.h"
#include "driver_blend_state.h"
#include "driver_depth_stencil_state.h"
#include "depth_bias.h"
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
#include <initializer_list>
#include <iterator>
#include <vector>

namespace d3dvk::umd {

uint64_t nextObjectId() {
  static std::atomic<uint64_t> next{1};
  return next++;
}

std::unique_ptr<PipelineCache> PipelineCache::create(Device& device, VkResult* result) {
  std::unique_ptr<PipelineCache> self(new PipelineCache(device));
  const VkPhysicalDeviceLimits& limits = device.vk().info().properties.limits;
  // UAVs: D3D11.1's 64 slots, when the device can store from fragment shaders
  // and write images without a declared format.
  const bool fragmentStores = device.vk().enabledFeatures().fragmentStoresAndAtomics &&
                              device.vk().enabledFeatures().shaderStorageImageWriteWithoutFormat;
  self->unorderedAccessSlots_ =
      fragmentStores ? std::min({kUnorderedAccessSlots, limits.maxPerStageDescriptorStorageImages,
                                 limits.maxDescriptorSetStorageImages})
                     : 0;
  // The invocation counter of the counting pixel shaders (driver_query.h).
  self->invocationCounter_ = device.vk().enabledFeatures().fragmentStoresAndAtomics;
  // Push descriptors for the pixel stage's set (VK_KHR_push_descriptor).
  if (device.vk().extensionEnabled(VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME)) {
    VkPhysicalDevicePushDescriptorPropertiesKHR push{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PUSH_DESCRIPTOR_PROPERTIES_KHR};
    VkPhysicalDeviceProperties2 props{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
    props.pNext = &push;
    vkGetPhysicalDeviceProperties2(device.vk().physicalDevice(), &props);
    self->maxPushDescriptors_ = push.maxPushDescriptors;
  }
  // Constant buffers with dynamic offsets: an equal share per stage of what a pipeline layout may hold.
  self->dynamicConstantBuffersPerStage_ =
      std::min<uint32_t>(kConstantBufferSlots, limits.maxDescriptorSetUniformBuffersDynamic / kStageSets);
  self->nullBuffer_ =
      vk::Buffer::create(device.vk(), kNullConstantBufferSize,
                         VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_VERTEX_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                             VK_BUFFER_USAGE_INDEX_BUFFER_BIT,
                         true, result);
  if (!self->nullBuffer_) return nullptr;
  std::memset(self->nullBuffer_->mapped(), 0, kNullConstantBufferSize);
  return self;
}

namespace {

VkShaderStageFlags stageFlags(dxbc::ProgramType stage) {
  switch (stage) {
    case dxbc::ProgramType::Vertex: return VK_SHADER_STAGE_VERTEX_BIT;
    case dxbc::ProgramType::Pixel: return VK_SHADER_STAGE_FRAGMENT_BIT;
    case dxbc::ProgramType::Geometry: return VK_SHADER_STAGE_GEOMETRY_BIT;
    case dxbc::ProgramType::Hull: return VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT;
    case dxbc::ProgramType::Domain: return VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT;
    case dxbc::ProgramType::Compute: return VK_SHADER_STAGE_COMPUTE_BIT;
    default: return 0;
  }
}

// The bindings of one stage's set (pipeline_cache.h).
std::vector<VkDescriptorSetLayoutBinding> stageBindings(dxbc::ProgramType stage, const Shader* shader,
                                                        bool invocationCounter, uint32_t dynamicConstantBuffers) {
  const VkShaderStageFlags flags = stageFlags(stage);
  std::vector<VkDescriptorSetLayoutBinding> bindings;
  // Only the constant buffers and samplers the shader declares.
  const uint32_t constantBuffers = shader ? shader->constantBufferSlots : 0, samplers = shader ? shader->samplerSlots : 0;
  // The first dynamicConstantBuffers of them with dynamic offsets (PipelineCache::StageLayout).
  uint32_t dynamic = 0;
  for (uint32_t slot = 0; slot < PipelineCache::kConstantBufferSlots; ++slot)
    if (constantBuffers & (1u << slot))
      bindings.push_back({slot,
                          dynamic++ < dynamicConstantBuffers ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC
                                                             : VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
                          1, flags, nullptr});
  for (uint32_t slot = 0; slot < PipelineCache::kSamplerSlots; ++slot)
    if (samplers & (1u << slot))
      bindings.push_back({dxbc::kSamplerBindingBase + slot, VK_DESCRIPTOR_TYPE_SAMPLER, 1, flags, nullptr});
  if (shader) {
    for (const DeclaredResource& r : shader->resources)
      bindings.push_back({dxbc::kShaderResourceBindingBase + r.slot, r.descriptorType(), 1, flags, nullptr});
    for (const DeclaredUav& u : shader->uavs) {
      bindings.push_back({dxbc::kUnorderedAccessBindingBase + u.slot, u.descriptorType(), 1, flags, nullptr});
      if (u.counter)
        bindings.push_back(
            {dxbc::kUnorderedAccessCounterBindingBase + u.slot, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, flags, nullptr});
      if (u.windowed())
        bindings.push_back(
            {dxbc::kUnorderedAccessWindowBindingBase + u.slot, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, flags, nullptr});
    }
    if (shader->declaresBufferViews())  // binding.h's buffer view shifts
      bindings.push_back({dxbc::kBufferViewShiftsBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, flags, nullptr});
  }
  if (stage == dxbc::ProgramType::Pixel) {
    if (invocationCounter)  // the counting pixel shader's (driver_query.h)
      bindings.push_back({dxbc::kInvocationCounterBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, flags, nullptr});
    // The GPU fallback's draw pass (driver_fallback_draw.h): the records its pixel shader's prelude tests.
    bindings.push_back({dxbc::kFallbackRecordsBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, flags, nullptr});
  } else if (stage == dxbc::ProgramType::Vertex) {
    // The fallback draw pass's vertex shader pulls the captured vertices' attributes.
    bindings.push_back({dxbc::kFallbackCapturedBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, flags, nullptr});
  }
  return bindings;
}

}  // namespace

const PipelineCache::StageLayout* PipelineCache::stageLayout(dxbc::ProgramType stage, const Shader* shader,
                                                             VkResult* result) {
  // A shader's (or an empty stage's) layout once resolved: no bindings to build again.
  const StageLayout** known = nullptr;
  if (shader) {
    auto found = shaderStageLayouts_.find(shader->id);
    if (found != shaderStageLayouts_.end()) return found->second;
  } else if (size_t(stage) < std::size(emptyStageLayouts_)) {
    known = &emptyStageLayouts_[size_t(stage)];
    if (*known) return *known;
  }
  const StageLayout* layout = buildStageLayout(stage, shader, result);
  if (layout && shader) shaderStageLayouts_.emplace(shader->id, layout);
  if (layout && known) *known = layout;
  return layout;
}

const PipelineCache::StageLayout* PipelineCache::buildStageLayout(dxbc::ProgramType stage, const Shader* shader,
                                                                  VkResult* result) {
  std::vector<VkDescriptorSetLayoutBinding> bindings =
      stageBindings(stage, shader, invocationCounter_, dynamicConstantBuffersPerStage_);
  // The pixel stage's set, where the device can push all of it: pushed
  // descriptors (no dynamic ones in such a set: its constant buffers are pushed too).
  bool push = false;
  if (stage == dxbc::ProgramType::Pixel && maxPushDescriptors_) {
    uint32_t descriptors = 0;
    for (const VkDescriptorSetLayoutBinding& b : bindings) descriptors += b.descriptorCount;
    push = descriptors <= maxPushDescriptors_;
    if (push) bindings = stageBindings(stage, shader, invocationCounter_, 0);
  }
  std::vector<uint64_t> key{stageFlags(stage), push};
  for (const VkDescriptorSetLayoutBinding& b : bindings) key.push_back(uint64_t(b.binding) << 32 | b.descriptorType);
  auto found = stageLayouts_.find(key);
  if (found != stageLayouts_.end()) return found->second.get();
  auto entry = std::make_unique<StageLayout>();
  entry->push = push;
  VkDescriptorSetLayoutCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  if (push) info.flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR;
  info.bindingCount = uint32_t(bindings.size());
  info.pBindings = bindings.data();
  entry->layout = vk::createDescriptorSetLayout(device_.vk(), info, result);
  if (!entry->layout) return nullptr;
  for (const VkDescriptorSetLayoutBinding& b : bindings) {
    if (b.descriptorType == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC) entry->dynamicConstantBuffers |= 1u << b.binding;
    auto size = std::find_if(entry->sizes.begin(), entry->sizes.end(),
                             [&](const VkDescriptorPoolSize& p) { return p.type == b.descriptorType; });
    if (size == entry->sizes.end()) entry->sizes.push_back({b.descriptorType, b.descriptorCount});
    else size->descriptorCount += b.descriptorCount;
  }
  return stageLayouts_.emplace(std::move(key), std::move(entry)).first->second.get();
}

namespace {
// A pipeline layout of these sets (graphics layouts, whose set 0 is a vertex
// stage's, and compute layouts never share a key). Every graphics layout has
// the same push-constant range: the fallback capture variants' vertex,
// instance and primitive bases (dxbc idBasesFromPushConstants), so the pushed
// values and the VS set stay compatible across the draw's and the capture's
// layouts.
VkPipelineLayout cachedPipelineLayout(vk::Device& device,
                                      std::map<std::vector<VkDescriptorSetLayout>, std::unique_ptr<vk::PipelineLayout>>& cache,
                                      const std::vector<VkDescriptorSetLayout>& sets, bool graphics, VkResult* result) {
  const VkShaderStageFlags idBaseStages = PipelineCache::idBaseStages(device);
  auto found = cache.find(sets);
  if (found != cache.end()) return found->second->handle();
  VkPipelineLayoutCreateInfo info{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  info.setLayoutCount = uint32_t(sets.size());
  info.pSetLayouts = sets.data();
  const VkPushConstantRange idBases{idBaseStages, 0, dxbc::kIdBasePushConstantBytes};
  if (graphics) {
    info.pushConstantRangeCount = 1;
    info.pPushConstantRanges = &idBases;
  }
  std::unique_ptr<vk::PipelineLayout> layout = vk::createPipelineLayout(device, info, result);
  if (!layout) return VK_NULL_HANDLE;
  return cache.emplace(sets, std::move(layout)).first->second->handle();
}
}  // namespace

VkPipelineLayout PipelineCache::graphicsLayout(const Shader* vs, const Shader* ps, const Shader* gs, VkResult* result,
                                               const Shader* hs, const Shader* ds) {
  // Sets 0 VS, 1 PS, 2 GS only when a geometry shader is bound or the draw
  // tessellates (then an empty GS set keeps the HS and DS sets at 3 and 4).
  const bool tessellation = hs && ds;
  const StageLayout* v = stageLayout(dxbc::ProgramType::Vertex, vs, result);
  const StageLayout* p = v ? stageLayout(dxbc::ProgramType::Pixel, ps, result) : nullptr;
  const StageLayout* g = p && (gs || tessellation) ? stageLayout(dxbc::ProgramType::Geometry, gs, result) : nullptr;
  const StageLayout* h = g && tessellation ? stageLayout(dxbc::ProgramType::Hull, hs, result) : nullptr;
  const StageLayout* d = h ? stageLayout(dxbc::ProgramType::Domain, ds, result) : nullptr;
  if (!p || ((gs || tessellation) && !g) || (tessellation && !d)) return VK_NULL_HANDLE;
  std::vector<VkDescriptorSetLayout> sets{v->handle(), p->handle()};
  if (g) sets.push_back(g->handle());
  if (d) {
    sets.push_back(h->handle());
    sets.push_back(d->handle());
  }
  return cachedPipelineLayout(device_.vk(), pipelineLayouts_, sets, true, result);
}

VkPipelineLayout PipelineCache::computeLayout(const Shader& cs, VkResult* result) {
  const StageLayout* c = stageLayout(dxbc::ProgramType::Compute, &cs, result);
  if (!c) return VK_NULL_HANDLE;
  return cachedPipelineLayout(device_.vk(), pipelineLayouts_, {c->handle()}, false, result);
}

std::string PipelineCache::checkStageLimits(const Shader& shader) const {
  const VkPhysicalDeviceLimits& limits = device_.vk().info().properties.limits;
  // Uniform texel buffers count as sampled images, storage texel buffers as storage images (Vulkan's limits).
  uint32_t sampled = 0, storageImages = 0, storageBuffers = 0;
  for (const DeclaredResource& r : shader.resources)
    (r.descriptorType() == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER ? storageBuffers : sampled)++;
  for (const DeclaredUav& u : shader.uavs) {
    (u.descriptorType() == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER ? storageBuffers : storageImages)++;
    if (u.counter) ++storageBuffers;
    if (u.windowed()) ++storageBuffers;  // a RWTexture3D's W window
  }
  if (shader.declaresBufferViews()) ++storageBuffers;  // the buffer view shifts
  // What the stage's set always has besides: constant buffers, the fallback's and the counter's storage buffers.
  const uint32_t fixedStorageBuffers = shader.stage == dxbc::ProgramType::Vertex ? 3
                                       : shader.stage == dxbc::ProgramType::Pixel ? 2 : 0;
  const uint32_t colorAttachments = shader.stage == dxbc::ProgramType::Pixel ? 8 : 0;
  const uint32_t total = kConstantBufferSlots + sampled + storageImages + storageBuffers + fixedStorageBuffers +
                         colorAttachments;
  auto over = [](const char* what, uint32_t used, uint32_t limit) {
    return std::string("the shader declares ") + std::to_string(used) + " " + what + ", more than the " +
           std::to_string(limit) + " this Vulkan device binds per stage";
  };
  if (sampled > limits.maxPerStageDescriptorSampledImages)
    return over("textures and typed buffers", sampled, limits.maxPerStageDescriptorSampledImages);
  if (storageImages > limits.maxPerStageDescriptorStorageImages)
    return over("typed UAVs", storageImages, limits.maxPerStageDescriptorStorageImages);
  if (storageBuffers + fixedStorageBuffers > limits.maxPerStageDescriptorStorageBuffers)
    return over("raw/structured buffers, UAV counters, RWTexture3D windows and buffer view shifts", storageBuffers,
                limits.maxPerStageDescriptorStorageBuffers - fixedStorageBuffers);
  if (total > limits.maxPerStageResources)
    return over("resources (with 14 constant buffers)", total - fixedStorageBuffers - colorAttachments,
                limits.maxPerStageResources - fixedStorageBuffers - colorAttachments);
  return {};
}

VkPipeline PipelineCache::computePipeline(const Shader& cs, VkResult* result) {
  auto found = computePipelines_.find(cs.id);
  if (found != computePipelines_.end()) return found->second->handle();
  const VkPipelineLayout layout = computeLayout(cs, result);
  if (!layout) return VK_NULL_HANDLE;
  VkComputePipelineCreateInfo info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  info.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_COMPUTE_BIT,
                cs.module->handle(), "main", nullptr};
  info.layout = layout;
  std::shared_ptr<vk::Pipeline> pipeline = vk::createComputePipeline(device_.vk(), info, result);
  if (!pipeline) return VK_NULL_HANDLE;
  const VkPipeline handle = pipeline->handle();
  computePipelines_.emplace(cs.id, std::move(pipeline));
  return handle;
}

void PipelineCache::forget(uint64_t objectId) {
  shaderStageLayouts_.erase(objectId);  // (the layout itself stays: other shaders may share it)
  for (auto it = pipelines_.begin(); it != pipelines_.end();) {
    const state::GraphicsPipelineKey& k = it->first;
    if (k.vertexShader == objectId || k.pixelShader == objectId || k.geometryShader == objectId ||
        k.hullShader == objectId || k.domainShader == objectId || k.inputLayout == objectId ||
        k.blendState == objectId || k.depthStencilState == objectId) {
      device_.queue().releaseAfter(device_.queue().openSerial(), it->second);
      it = pipelines_.erase(it);
    } else {
      ++it;
    }
  }
  if (auto compute = computePipelines_.find(objectId); compute != computePipelines_.end()) {
    device_.queue().releaseAfter(device_.queue().openSerial(), compute->second);
    computePipelines_.erase(compute);
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

VkShaderModule PipelineCache::fallbackVertexModule(const Shader& captured, const Shader* ps, uint32_t positionSlot,
                                                   VkResult* result) {
  const std::pair<uint64_t, uint64_t> key{captured.id, ps ? ps->id : 0};
  auto found = fallbackVertexModules_.find(key);
  if (found != fallbackVertexModules_.end()) return found->second->handle();
  std::vector<uint32_t> spirv;
  try {
    const std::vector<dxbc::FallbackVarying> varyings =
        ps ? dxbc::fallbackPixelVaryings(*ps->parsed) : std::vector<dxbc::FallbackVarying>{};
    spirv = dxbc::buildFallbackVertexShader(varyings, dxbc::fallbackNeedsSampleInverseW(varyings),
                                            dxbc::FallbackCaptureLayout{captured.capturedRegisters, positionSlot});
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

const state::BlendPipelineState& blendPipelineState(const BlendState* blend) {
  static const state::BlendPipelineState kDefault = state::translateBlendState(state::defaultBlendDesc());
  return blend ? blend->pipeline : kDefault;
}

VkPipelineDepthStencilStateCreateInfo depthStencilPipelineState(const DepthStencilState* state, DXGI_FORMAT format,
                                                                uint32_t readOnly, const state::FormatInfo** formatInfo) {
  const state::FormatInfo* f = state::findFormat(format);
  if (formatInfo) *formatInfo = f;
  if (!f) return {VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
  VkPipelineDepthStencilStateCreateInfo info = state::translateDepthStencilState(
      state ? state->desc : state::defaultDepthStencilDesc(), f->kind == state::FormatKind::DepthStencil);
  if (readOnly & D3D11_DDI_CREATE_DSV_READ_ONLY_DEPTH) info.depthWriteEnable = VK_FALSE;
  if (readOnly & D3D11_DDI_CREATE_DSV_READ_ONLY_STENCIL) info.front.writeMask = info.back.writeMask = 0;
  return info;
}

TargetFormatMasks targetFormatMasks(const state::GraphicsPipelineKey& key) {
  TargetFormatMasks m;
  m.alphaInRed = state::alphaInRedTargetMask(key.renderTargetFormats, key.renderTargetCount);
  for (uint32_t i = 0; i < key.renderTargetCount; ++i) {
    const state::FormatInfo* f = state::findFormat(key.renderTargetFormats[i]);
    if (!f) m.unknown |= 1u << i;
    else if (state::isIntegerFormat(*f)) m.integer |= 1u << i;
  }
  return m;
}

void targetBlendAttachments(const state::GraphicsPipelineKey& key, const PipelineInputs& in,
                            const TargetFormatMasks& formats, VkPipelineColorBlendAttachmentState out[8]) {
  const state::BlendPipelineState& blend = blendPipelineState(in.blend);
  const uint32_t writtenTargets = in.pixelShader ? in.pixelShader->reflection.renderTargetMask : 0;
  for (uint32_t i = 0; i < key.renderTargetCount; ++i) {
    out[i] = blend.attachments[i];
    if ((formats.unknown >> i & 1) || !(writtenTargets >> i & 1)) out[i].colorWriteMask = 0;
    // Integer formats cannot blend (D3D ignores blending there).
    if (formats.integer >> i & 1) out[i].blendEnable = VK_FALSE;
    if (formats.alphaInRed >> i & 1) out[i] = state::alphaInRedAttachment(out[i]);
  }
}

VkPipeline PipelineCache::get(const state::GraphicsPipelineKey& key, const PipelineInputs& in, VkResult* result) {
  auto found = pipelines_.find(key);
  if (found != pipelines_.end()) return found->second->handle();

  // The capture pass runs the pre-rasterization stages only (the draw's own
  // topology, rasterizer discard); the draw pass may have a pixel module
  // without an application pixel shader.
  const bool capture = key.variant == state::PipelineVariant::FallbackCapture;
  VkPipelineShaderStageCreateInfo stages[5];
  uint32_t stageCount = 0;
  stages[stageCount++] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_VERTEX_BIT,
                          in.vertexModule ? in.vertexModule : in.vertexShader->module->handle(), "main", nullptr};
  const bool tessellation = in.hullShader && in.domainShader;
  if (tessellation) {
    stages[stageCount++] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0,
                            VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT, in.hullShader->module->handle(), "main", nullptr};
    stages[stageCount++] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0,
                            VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT,
                            in.domainModule ? in.domainModule : in.domainShader->module->handle(), "main", nullptr};
  }
  if (in.geometryShader)
    stages[stageCount++] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_GEOMETRY_BIT,
                            in.geometryModule ? in.geometryModule : in.geometryShader->module->handle(), "main",
                            nullptr};
  const VkShaderModule pixelModule = in.pixelModule ? in.pixelModule
                                     : in.pixelShader ? in.pixelShader->module->handle()
                                                      : VK_NULL_HANDLE;
  // The rasterizer's sample count a pixel shader may read (sampleinfo /
  // samplepos of `rasterizer`): ForcedSampleCount, else the pipeline's samples.
  const uint32_t rasterizerSamples =
      key.rasterizerSamples ? key.rasterizerSamples
                            : in.rasterizer && in.rasterizer->ForcedSampleCount ? in.rasterizer->ForcedSampleCount
                                                                               : key.sampleCount;
  // The targets' formats' facts; the pixel shader keeps its alpha in red for
  // those with alphaInRed (A8_UNORM in an R8 image).
  const TargetFormatMasks targetFormats = targetFormatMasks(key);
  const uint32_t specData[2] = {rasterizerSamples, targetFormats.alphaInRed};
  const VkSpecializationMapEntry specEntries[2] = {{dxbc::kRasterizerSampleCountSpecId, 0, 4},
                                                   {dxbc::kAlphaInRedTargetsSpecId, 4, 4}};
  const VkSpecializationInfo pixelSpecialization{2, specEntries, sizeof specData, specData};
  if (pixelModule && !capture)
    stages[stageCount++] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0,
                            VK_SHADER_STAGE_FRAGMENT_BIT, pixelModule, "main", &pixelSpecialization};

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
  VkPipelineVertexInputDivisorStateCreateInfoEXT vertexDivisors{};
  if (vertexInputState) chainVertexDivisors(*vertexInputState, &vertexInput, &vertexDivisors);

  const state::InputAssembly assembly = state::translateTopology(D3D10_DDI_PRIMITIVE_TOPOLOGY(key.topology));
  VkPipelineInputAssemblyStateCreateInfo inputAssembly{VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
  inputAssembly.topology = assembly.topology;
  inputAssembly.primitiveRestartEnable = assembly.primitiveRestart;

  // D3D11_PRIMITIVE_TOPOLOGY_N_CONTROL_POINT_PATCHLIST is 32 + N.
  VkPipelineTessellationStateCreateInfo tessellationState{VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_STATE_CREATE_INFO};
  tessellationState.patchControlPoints = key.topology > 32 ? uint32_t(key.topology - 32) : 1;

  VkPipelineViewportStateCreateInfo viewport{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
  viewport.viewportCount = key.viewportCount;
  viewport.scissorCount = key.viewportCount;

  const state::RasterizerDeviceCaps rasterizerCaps = rasterizerDeviceCaps(device_);
  state::RasterizerPipelineState rasterizer = state::translateRasterizerState(*in.rasterizer, rasterizerCaps);
  if (capture || in.rasterizerDiscard) rasterizer.rasterization.rasterizerDiscardEnable = VK_TRUE;

  VkPipelineMultisampleStateCreateInfo multisample{VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
  multisample.rasterizationSamples = VkSampleCountFlagBits(key.sampleCount);
  const VkSampleMask sampleMask = state::shaderWritesSampleMask(key.variant) ? 0xFFFFFFFFu : key.sampleMask;
  multisample.pSampleMask = &sampleMask;
  const state::BlendPipelineState& blendState = blendPipelineState(in.blend);
  multisample.alphaToCoverageEnable = blendState.alphaToCoverage;

  const state::FormatInfo* dsFormat = nullptr;
  const VkPipelineDepthStencilStateCreateInfo depthStencil =
      depthStencilPipelineState(in.depthStencil, key.depthStencilFormat, key.depthStencilReadOnly, &dsFormat);
  // DepthBias is in units of the depth format's r, which D3D defines exactly (depth_bias.h).
  rasterizer.rasterization.depthBiasConstantFactor =
      state::depthBiasConstantFactor(in.rasterizer->DepthBias, dsFormat ? dsFormat->vk : VK_FORMAT_UNDEFINED,
                                     rasterizerCaps.unormDepthBiasUnit);

  VkPipelineColorBlendAttachmentState attachments[8]{};
  targetBlendAttachments(key, in, targetFormats, attachments);
  VkFormat colorFormats[8]{};
  for (uint32_t i = 0; i < key.renderTargetCount; ++i) {
    const state::FormatInfo* f = state::findFormat(key.renderTargetFormats[i]);
    colorFormats[i] = f ? f->vk : VK_FORMAT_UNDEFINED;
  }
  VkPipelineColorBlendStateCreateInfo blend{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
  // The runtime accepts logic ops only where the device has them (OutputMergerLogicOp).
  blend.logicOpEnable = blendState.logicOpEnable && device_.vk().enabledFeatures().logicOp;
  blend.logicOp = blendState.logicOp;
  blend.attachmentCount = key.renderTargetCount;
  blend.pAttachments = attachments;

  // What the key says a native draw sets itself (native_draw.cpp): blending,
  // depth-stencil tests, cull mode, winding and depth bias.
  VkDynamicState dynamics[20] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR,
                                 VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE, VK_DYNAMIC_STATE_BLEND_CONSTANTS,
                                 VK_DYNAMIC_STATE_STENCIL_REFERENCE};
  uint32_t dynamicCount = 5;
  auto addDynamic = [&](std::initializer_list<VkDynamicState> states) {
    for (VkDynamicState d : states) dynamics[dynamicCount++] = d;
  };
  if (key.blendState & state::kDynamicBlendKey)
    addDynamic({VK_DYNAMIC_STATE_COLOR_BLEND_ENABLE_EXT, VK_DYNAMIC_STATE_COLOR_BLEND_EQUATION_EXT,
                VK_DYNAMIC_STATE_COLOR_WRITE_MASK_EXT});
  if (key.depthStencilState & state::kDynamicDepthStencilKey)
    addDynamic({VK_DYNAMIC_STATE_DEPTH_TEST_ENABLE, VK_DYNAMIC_STATE_DEPTH_WRITE_ENABLE,
                VK_DYNAMIC_STATE_DEPTH_COMPARE_OP, VK_DYNAMIC_STATE_STENCIL_TEST_ENABLE, VK_DYNAMIC_STATE_STENCIL_OP,
                VK_DYNAMIC_STATE_STENCIL_COMPARE_MASK, VK_DYNAMIC_STATE_STENCIL_WRITE_MASK,
                VK_DYNAMIC_STATE_CULL_MODE, VK_DYNAMIC_STATE_FRONT_FACE});
  if (state::keyHasDynamicDepthBias(key.depthStencilState))
    addDynamic({VK_DYNAMIC_STATE_DEPTH_BIAS_ENABLE, VK_DYNAMIC_STATE_DEPTH_BIAS});
  VkPipelineDynamicStateCreateInfo dynamic{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
  dynamic.dynamicStateCount = dynamicCount;
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
  if (tessellation) info.pTessellationState = &tessellationState;
  info.pViewportState = &viewport;
  info.pRasterizationState = rasterizer.chain();
  info.pMultisampleState = &multisample;
  info.pDepthStencilState = &depthStencil;
  info.pColorBlendState = &blend;
  info.pDynamicState = &dynamic;
  info.layout = graphicsLayout(in.vertexShader, in.pixelShader, in.geometryShader, result, in.hullShader,
                               in.domainShader);
  if (!info.layout) return VK_NULL_HANDLE;
  std::shared_ptr<vk::Pipeline> pipeline = vk::createGraphicsPipeline(device_.vk(), info, result);
  if (!pipeline) return VK_NULL_HANDLE;
  VkPipeline handle = pipeline->handle();
  pipelines_.emplace(key, std::move(pipeline));
  return handle;
}

}  // namespace d3dvk::umd
