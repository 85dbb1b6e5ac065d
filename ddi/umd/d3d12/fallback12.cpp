// ddi/umd/d3d12/fallback12.cpp — see fallback12.h: the fallback pipelines of a
// D3D12 pipeline state, and CommandRecorder12::fallbackDraw.
#include "fallback12.h"

#include "adapter.h"  // logError
#include "command_recorder12.h"
#include "device12.h"
#include "dxbc/binding.h"
#include "dxbc/fallback_shaders.h"
#include "dxbc/listing.h"
#include "dxbc/translator.h"
#include "fallback_passes.h"
#include "pipeline_cache.h"  // PipelineCache::idBaseStages
#include "pipeline_state12.h"
#include "query12.h"
#include "rasterizer_state.h"  // translate/state
#include "resource12.h"
#include "shader12.h"
#include "stream_output_declaration.h"  // ddi/umd

#include <algorithm>
#include <new>

namespace d3dvk::umd12 {
namespace {

namespace gpu = fallback::gpu;

// A variant's translation; null after logging (or with *hr set for out of memory).
std::unique_ptr<vk::ShaderModule> translateVariant(Device12& device, const dxbc::Shader& parsed,
                                                   const dxbc::TranslateOptions& options, const char* what, HRESULT* hr) {
  std::vector<uint32_t> spirv;
  try {
    spirv = dxbc::translateToSpirv(parsed, options);
  } catch (const std::bad_alloc&) {
    *hr = E_OUTOFMEMORY;
    return nullptr;
  } catch (const std::exception& e) {
    umd::logError(std::string("D3D12 CreatePipelineState: the conservative fallback's ") + what +
                  " cannot be translated (" + e.what() + ")");
    *hr = E_INVALIDARG;
    return nullptr;
  }
  VkResult result = VK_SUCCESS;
  std::unique_ptr<vk::ShaderModule> module = vk::createShaderModule(device.vk(), spirv, &result);
  if (!module) *hr = Device12::hresultFor(result);
  return module;
}

// The options a variant of `shader` starts from: the device features and the
// root signature's register map, every register in the stage set (root CBVs
// included: the fallback binds Shader12::setLayout).
dxbc::TranslateOptions variantOptions(const Shader12& shader) {
  dxbc::TranslateOptions o;
  o.shaderFloat64 = shader.nativeOptions.shaderFloat64;
  o.sparseResidency = shader.nativeOptions.sparseResidency;
  o.minLod = shader.nativeOptions.minLod;
  o.typedUavLoadsWithoutFormat = shader.nativeOptions.typedUavLoadsWithoutFormat;
  o.viewportIndexLayer = shader.nativeOptions.viewportIndexLayer;
  o.descriptorRanges = shader.bindings.ranges;
  return o;
}

const dxbc::Shader& emptyPixelShader() {
  static const dxbc::Shader empty = dxbc::parseShader(dxbc::assemble("ps_5_0\nret\n").container);
  return empty;
}

}  // namespace

HRESULT createFallback12(Device12& device, PipelineState12& pso, const VkGraphicsPipelineCreateInfo& native,
                         const D3DWDDM2_0DDI_RASTERIZER_DESC& rasterizer, uint32_t sampleMask) {
  auto f = std::make_unique<Fallback12>();
  f->rasterizer = rasterizer;
  f->sampleMask = sampleMask;
  f->samples = pso.sampleCount;
  for (Shader12* s : pso.stages) {
    if (s->stage == dxbc::ProgramType::Vertex) f->vertexShader = s;
    if (s->stage == dxbc::ProgramType::Geometry) f->geometryShader = s;
    if (s->stage == dxbc::ProgramType::Pixel) f->pixelShader = s;
  }
  Shader12& vs = *f->vertexShader;
  Shader12* gs = f->geometryShader;
  Shader12* ps = f->pixelShader;
  Shader12& captured = gs ? *gs : vs;
  const vk::PhysicalDeviceInfo& info = device.vk().info();
  if (!info.transformFeedback || !info.depthClamp) {
    umd::logError("D3D12 CreatePipelineState: the conservative fallback needs the Vulkan device's transform feedback "
                  "and depth clamp, which it lacks");
    return E_NOTIMPL;
  }

  // What the setup reads from the captured vertices.
  f->capturedRegisters = dxbc::declaredOutputRegisters(captured.parsed->program);
  // A stream-output object's geometry shader: the stream it rasterizes is the one captured (as D3D11's).
  const umd::StreamOutputDeclaration* streamOutput = gs ? gs->streamOutput.get() : nullptr;
  const uint32_t stream = umd::fallbackCapturedStream(streamOutput);
  const int positionWord = umd::capturedWord(captured.reflection, f->capturedRegisters, 1 /*D3D_NAME_POSITION*/, stream);
  if (positionWord < 0 || positionWord % 4 != 0)
    f->unusable = std::string("the ") + (gs ? "geometry" : "vertex") + " shader writes no SV_Position";
  f->positionWord = positionWord < 0 ? 0 : uint32_t(positionWord);
  const int primitiveIdWord = gs ? umd::capturedWord(gs->reflection, f->capturedRegisters, 7 /*D3D_NAME_PRIMITIVE_ID*/, stream)
                                 : -1;
  f->primitiveIdWord = primitiveIdWord >= 0 ? uint32_t(primitiveIdWord) : gpu::kNoPrimitiveIdWord;
  if (gs) {
    // The triangles of the strips it emits: at most maxvertexcount − 2 per
    // invocation, dcl_gsinstances invocations per input primitive.
    const uint32_t maxOut = gs->reflection.gsMaxOutputVertices;
    f->trianglesPerPrimitive = (maxOut > 2 ? maxOut - 2 : 0) * gs->reflection.gsInstanceCount;
    if (gs->reflection.gsOutputTopology != 5 || f->trianglesPerPrimitive == 0)
      f->unusable = "the geometry shader emits no triangles (conservative rasterization applies to triangles)";
  }

  // The variants.
  HRESULT hr = S_OK;
  dxbc::TranslateOptions idBases = variantOptions(vs);
  idBases.idBasesFromPushConstants = true;  // the whole draw's ids in every piece
  VkShaderModule vertexModule = VK_NULL_HANDLE, geometryModule = VK_NULL_HANDLE;
  {
    dxbc::TranslateOptions o = idBases;
    o.transformFeedback = !gs;
    f->modules.push_back(translateVariant(device, *vs.parsed, o,
                                          gs ? "vertex shader's id-base variant" : "vertex shader's capture variant", &hr));
    if (!f->modules.back()) return hr;
    vertexModule = f->modules.back()->handle();
  }
  if (gs) {
    dxbc::TranslateOptions o = variantOptions(*gs);
    o.idBasesFromPushConstants = true;
    o.transformFeedback = true;
    umd::applyFallbackCapturedStream(streamOutput, o);
    f->modules.push_back(translateVariant(device, *gs->parsed, o, "geometry shader's capture variant", &hr));
    if (!f->modules.back()) return hr;
    geometryModule = f->modules.back()->handle();
  }
  const bool masked = umd::fallbackMasked(rasterizer, f->samples, sampleMask);
  VkShaderModule pixelModules[2] = {};  // flat path only, with the exact path
  for (int exact = 0; exact < 2; ++exact) {
    dxbc::TranslateOptions o = ps ? variantOptions(*ps) : dxbc::TranslateOptions{};
    o.variant = dxbc::ShaderVariant::Fallback;
    o.demoteToHelper = info.demoteToHelperInvocation;
    o.fallbackSampleMask = masked;
    o.fallbackExactPath = exact == 1;
    f->modules.push_back(
        translateVariant(device, ps ? *ps->parsed : emptyPixelShader(), o, "pixel shader's fallback variant", &hr));
    if (!f->modules.back()) return hr;
    pixelModules[exact] = f->modules.back()->handle();
  }
  VkResult result = VK_SUCCESS;
  if (f->unusable.empty()) {
    std::vector<uint32_t> spirv;
    try {
      const std::vector<dxbc::FallbackVarying> varyings =
          ps ? dxbc::fallbackPixelVaryings(*ps->parsed) : std::vector<dxbc::FallbackVarying>{};
      spirv = dxbc::buildFallbackVertexShader(varyings, dxbc::fallbackNeedsSampleInverseW(varyings),
                                              dxbc::FallbackCaptureLayout{f->capturedRegisters, f->positionWord / 4});
    } catch (const std::bad_alloc&) {
      return E_OUTOFMEMORY;
    } catch (const std::exception& e) {
      f->unusable = e.what();
    }
    if (!spirv.empty()) {
      f->modules.push_back(vk::createShaderModule(device.vk(), spirv, &result));
      if (!f->modules.back()) return Device12::hresultFor(result);
    }
  }
  if (!f->unusable.empty()) {
    // Created, as D3D12 would; its draws are dropped with this message.
    pso.fallback = std::move(f);
    return S_OK;
  }
  const VkShaderModule pullModule = f->modules.back()->handle();

  // Layouts: the capture's (the PSO's stage sets and the id bases), the draw's
  // (set 0 the captured vertices, set 1 the pixel shader's bindings and the records).
  uint32_t setCount = 0;
  for (const Shader12* s : pso.stages) setCount = std::max(setCount, s->set + 1);
  std::vector<VkDescriptorSetLayout> captureSets(setCount, VK_NULL_HANDLE);
  for (const Shader12* s : pso.stages) captureSets[s->set] = s->setLayout->handle();
  auto setLayout = [&](const std::vector<VkDescriptorSetLayoutBinding>& bindings,
                       const std::vector<VkDescriptorBindingFlags>& flags) -> VkDescriptorSetLayout {
    f->setLayouts.push_back(createSetLayout12(device.vk(), bindings, flags, &result));
    return f->setLayouts.back() ? f->setLayouts.back()->handle() : VK_NULL_HANDLE;
  };
  for (VkDescriptorSetLayout& set : captureSets)
    if (!set && !(set = setLayout({}, {}))) return Device12::hresultFor(result);
  const VkPushConstantRange idBaseRange{umd::PipelineCache::idBaseStages(device.vk()), 0, dxbc::kIdBasePushConstantBytes};
  VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layoutInfo.setLayoutCount = setCount;
  layoutInfo.pSetLayouts = captureSets.data();
  layoutInfo.pushConstantRangeCount = 1;
  layoutInfo.pPushConstantRanges = &idBaseRange;
  f->captureLayout = vk::createPipelineLayout(device.vk(), layoutInfo, &result);
  if (!f->captureLayout) return Device12::hresultFor(result);
  f->vertexSetLayout = setLayout(
      {{dxbc::kFallbackCapturedBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_VERTEX_BIT, nullptr}}, {});
  if (!f->vertexSetLayout) return Device12::hresultFor(result);
  std::vector<VkDescriptorSetLayoutBinding> pixelBindings = ps ? ps->layoutBindings : std::vector<VkDescriptorSetLayoutBinding>{};
  pixelBindings.push_back(
      {dxbc::kFallbackRecordsBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, nullptr});
  std::vector<VkDescriptorBindingFlags> pixelFlags = ps ? ps->bindingFlags : std::vector<VkDescriptorBindingFlags>{};
  pixelFlags.push_back(0);
  f->pixelSetLayout = setLayout(pixelBindings, pixelFlags);
  if (!f->pixelSetLayout) return Device12::hresultFor(result);
  static_assert(dxbc::descriptorSetForStage(dxbc::ProgramType::Vertex) == 0 &&
                dxbc::descriptorSetForStage(dxbc::ProgramType::Pixel) == 1);
  const VkDescriptorSetLayout drawSets[2] = {f->vertexSetLayout, f->pixelSetLayout};
  layoutInfo.setLayoutCount = 2;
  layoutInfo.pSetLayouts = drawSets;
  layoutInfo.pushConstantRangeCount = 0;
  f->drawLayout = vk::createPipelineLayout(device.vk(), layoutInfo, &result);
  if (!f->drawLayout) return Device12::hresultFor(result);

  // The capture pipeline: the native one's vertex input, input assembly and
  // dynamic state; rasterizer discard; no attachments.
  VkPipelineShaderStageCreateInfo stages[2];
  uint32_t stageCount = 0;
  stages[stageCount++] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_VERTEX_BIT,
                          vertexModule, "main", nullptr};
  if (gs)
    stages[stageCount++] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_GEOMETRY_BIT,
                            geometryModule, "main", nullptr};
  D3DWDDM2_0DDI_RASTERIZER_DESC captureDesc{};
  captureDesc.FillMode = D3D10_DDI_FILL_SOLID;
  captureDesc.CullMode = D3D10_DDI_CULL_NONE;
  captureDesc.DepthClipEnable = TRUE;
  state::RasterizerPipelineState captureRaster = state::translateRasterizerState(captureDesc, rasterizerCaps12(device));
  captureRaster.rasterization.rasterizerDiscardEnable = VK_TRUE;
  VkPipelineMultisampleStateCreateInfo singleSample{VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
  singleSample.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
  const VkPipelineDepthStencilStateCreateInfo noDepth{VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
  const VkPipelineColorBlendStateCreateInfo noBlend{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
  const VkPipelineRenderingCreateInfo noAttachments{VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
  VkGraphicsPipelineCreateInfo capture = native;
  capture.pNext = &noAttachments;
  capture.stageCount = stageCount;
  capture.pStages = stages;
  capture.pRasterizationState = captureRaster.chain();
  capture.pMultisampleState = &singleSample;
  capture.pDepthStencilState = &noDepth;
  capture.pColorBlendState = &noBlend;
  capture.layout = f->captureLayout->handle();
  f->capture = vk::createGraphicsPipeline(device.vk(), capture, &result);
  if (!f->capture) return Device12::hresultFor(result);

  // The draw pipelines: the native one's multisample (every sample: the pixel
  // shader applies SampleMask), depth-stencil, blend and formats.
  const state::VertexInputState& drawInput = umd::fallbackDrawVertexInput();
  VkPipelineVertexInputStateCreateInfo vertexInput{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
  vertexInput.vertexBindingDescriptionCount = uint32_t(drawInput.bindings.size());
  vertexInput.pVertexBindingDescriptions = drawInput.bindings.data();
  vertexInput.vertexAttributeDescriptionCount = uint32_t(drawInput.attributes.size());
  vertexInput.pVertexAttributeDescriptions = drawInput.attributes.data();
  VkPipelineInputAssemblyStateCreateInfo triangles{VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
  triangles.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  state::RasterizerPipelineState drawRaster =
      state::translateRasterizerState(umd::fallbackDrawRasterizer(rasterizer), rasterizerCaps12(device));
  // DepthBias in the depth format's r, as the native pipeline has it (depth_bias.h).
  drawRaster.rasterization.depthBiasConstantFactor = native.pRasterizationState->depthBiasConstantFactor;
  VkPipelineMultisampleStateCreateInfo multisample = *native.pMultisampleState;
  const VkSampleMask everySample = 0xFFFFFFFFu;
  multisample.pSampleMask = &everySample;
  VkPipelineViewportStateCreateInfo oneViewport{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
  oneViewport.viewportCount = oneViewport.scissorCount = 1;  // the candidate triangles are in pixels
  const VkDynamicState dynamics[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR,
                                     VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE, VK_DYNAMIC_STATE_BLEND_CONSTANTS,
                                     VK_DYNAMIC_STATE_STENCIL_REFERENCE};
  VkPipelineDynamicStateCreateInfo dynamic{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
  dynamic.dynamicStateCount = uint32_t(std::size(dynamics));
  dynamic.pDynamicStates = dynamics;
  // What sampleinfo / samplepos of the rasterizer answer: ForcedSampleCount, else the targets' samples.
  const uint32_t rasterizerSamples = umd::fallbackCoverageSamples(rasterizer, f->samples);
  const VkSpecializationMapEntry sampleCountEntry{dxbc::kRasterizerSampleCountSpecId, 0, sizeof rasterizerSamples};
  const VkSpecializationInfo pixelSpecialization{1, &sampleCountEntry, sizeof rasterizerSamples, &rasterizerSamples};
  for (int exact = 0; exact < 2; ++exact) {
    const VkPipelineShaderStageCreateInfo drawStages[2] = {
        {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_VERTEX_BIT, pullModule, "main",
         nullptr},
        {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_FRAGMENT_BIT,
         pixelModules[exact], "main", &pixelSpecialization}};
    VkGraphicsPipelineCreateInfo draw = native;
    draw.stageCount = 2;
    draw.pStages = drawStages;
    draw.pVertexInputState = &vertexInput;
    draw.pInputAssemblyState = &triangles;
    draw.pRasterizationState = drawRaster.chain();
    draw.pMultisampleState = &multisample;
    draw.pDynamicState = &dynamic;
    draw.layout = f->drawLayout->handle();
    draw.pViewportState = &oneViewport;
    std::unique_ptr<vk::Pipeline>& pipeline = exact ? f->exactDraw : f->flatDraw;
    pipeline = vk::createGraphicsPipeline(device.vk(), draw, &result);
    if (!pipeline) return Device12::hresultFor(result);
  }
  pso.fallback = std::move(f);
  return S_OK;
}

void CommandRecorder12::fallbackDraw(const umd::DrawCall& drawCall, const DrawTargets12& t) {
  const PipelineState12& pso = *state_.pipeline;
  const Fallback12* f = pso.fallback.get();
  if (!f) return fail(E_FAIL, "a conservative pipeline state without its fallback pipelines");
  // The application's stream output: the PSO's capturing pass of its own
  // (stream_output12.cpp), counted by the active SO_STATISTICS queries.
  if (pso.streamOutput && !streamOutputCaptured_ && !streamOutputPass(drawCall, t)) return;
  // No viewport or scissor set: nothing is rasterized (a stream-output PSO's draw only captures).
  if (state_.viewports.empty() || state_.scissors.empty()) return;
  // The fallback's capture uses transform feedback: active stream-output
  // statistics queries are suspended around its passes (they stream nothing out).
  struct StreamOutputQueriesPaused {
    CommandRecorder12& r;
    std::vector<ActiveQuery12*> paused;
    explicit StreamOutputQueriesPaused(CommandRecorder12& recorder) : r(recorder) {
      for (ActiveQuery12& q : r.activeStreamOutput_)
        if (q.heap) paused.push_back(&q);
      for (ActiveQuery12* q : paused) r.suspendQuery(*q);
    }
    ~StreamOutputQueriesPaused() {
      for (ActiveQuery12* q : paused) r.resumeQuery(*q);
    }
  } soQueries(*this);
  if (!f->unusable.empty()) return umd::logError("conservative fallback (D3D12): " + f->unusable + "; draw dropped");
  std::optional<fallback::PrimitiveLayout> layout = fallback::primitiveLayout(uint32_t(t.d3dTopology));
  if (!layout) return;
  if (!f->geometryShader && !fallback::triangleTopology(uint32_t(t.d3dTopology)))
    return umd::logError("conservative fallback (D3D12): points and lines are not rasterized conservatively; draw dropped");
  // The last stage before the rasterizer (a tessellated PSO never takes the fallback).
  if (const Shader12* last = f->geometryShader ? f->geometryShader : f->vertexShader) {
    if (last->reflection.writesViewportArrayIndex && state_.viewports.size() > 1)
      return umd::logError("conservative fallback (D3D12): a shader writing SV_ViewportArrayIndex with more than one "
                           "viewport set is not supported (the fallback draws into viewport 0); draw dropped");
    if (last->reflection.writesRenderTargetArrayIndex && t.layers > 1)
      return umd::logError("conservative fallback (D3D12): a shader writing SV_RenderTargetArrayIndex into views of "
                           "more than one array slice is not supported (the fallback draws into slice 0); draw dropped");
  }
  Device12& device = *device_;
  VkResult result = VK_SUCCESS;
  const umd::FallbackSetupPipelines* setup = device.fallbackSetup(&result);
  if (!setup) return fail(Device12::hresultFor(result), "cannot create the conservative fallback's setup pipelines");
  const uint32_t strideBytes = 16 * uint32_t(f->capturedRegisters.size());

  // The pieces, from the index buffer's indices only.
  umd::DrawCall call = drawCall;
  if (call.indexed) {
    const DrawState12::IndexBuffer& ib = state_.indexBuffer;
    const uint64_t indexSize = ib.format == DXGI_FORMAT_R16_UINT ? 2 : 4;
    const uint64_t bytes = std::min<uint64_t>(ib.size, ib.resource->desc.Width > ib.offset ? ib.resource->desc.Width - ib.offset : 0);
    call = umd::clampFallbackIndexedDraw(call, *layout, bytes / indexSize, device.vk().samplerFeatures().robustBufferAccess2);
  }
  const uint64_t vertices = uint64_t(call.count) * call.instances;  // the application draw's (statistics)
  std::vector<umd::FallbackPiece> pieces;
  const uint64_t capacity = umd::fallbackPieceCapacity(*setup, strideBytes, f->trianglesPerPrimitive);
  // The capture's topology and index buffer: the draw's, or for an indexed
  // strip too large for one piece (a cut would change its winding and
  // numbering), its triangles as an index list made from its indices.
  DrawTargets12 capture = t;
  VkBuffer listIndices = VK_NULL_HANDLE;
  if (!umd::planFallbackPieces(call, *layout, capacity, f->trianglesPerPrimitive, &pieces)) {
    const std::optional<fallback::TriangleTopology> strip = fallback::triangleTopology(uint32_t(t.d3dTopology));
    if (!strip || (f->geometryShader && *strip != fallback::TriangleTopology::TriangleStrip))
      return fail(E_NOTIMPL, ("an indexed strip with adjacency of " + std::to_string(call.count) +
                              " references into a geometry shader, drawn with the conservative fallback, exceeds one "
                              "piece (D3DVK_FALLBACK_PIECE_TRIANGLES): the geometry shader would see other primitives "
                              "if it were drawn as a list")
                                 .c_str());
    // Its indices are in GPU memory: the draw is recorded when the list executes.
    if (!readIndices_.data) {
      return deferStrip(call, t);
    }
    if (!stripAsList(*strip, &call, &listIndices)) return;
    capture.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    capture.d3dTopology = D3D12DDI_PRIMITIVE_TOPOLOGY(fallback::TriangleTopology::TriangleList);
    layout = fallback::primitiveLayout(uint32_t(capture.d3dTopology));
    if (!layout || !umd::planFallbackPieces(call, *layout, capacity, f->trianglesPerPrimitive, &pieces)) return;
  }
  if (pieces.empty()) return;
  uint32_t maxSlots = 0;
  for (const umd::FallbackPiece& p : pieces) maxSlots = std::max(maxSlots, p.slots);

  // The header and the setup parameters.
  const VkViewport& v = state_.viewports[0];
  const VkRect2D scissor = scissorIn(t.extent);
  umd::FallbackDrawParameters parameters;
  parameters.viewportX = v.x;
  parameters.viewportY = v.y;
  parameters.viewportWidth = v.width;
  parameters.viewportHeight = v.height;
  parameters.clip = umd::fallbackClipRect(v.x, v.y, v.width, v.height, t.extent, &scissor);
  parameters.extent = t.extent;
  const VkPhysicalDeviceLimits& limits = device.vk().info().properties.limits;
  parameters.maxViewport[0] = limits.maxViewportDimensions[0];
  parameters.maxViewport[1] = limits.maxViewportDimensions[1];
  parameters.rasterizer = &f->rasterizer;
  parameters.samples = f->samples;
  parameters.sampleMask = f->sampleMask;
  const Shader12& captured = f->geometryShader ? *f->geometryShader : *f->vertexShader;
  parameters.captured = &captured.reflection;
  parameters.capturedRegisters = &f->capturedRegisters;
  parameters.positionWord = f->positionWord;
  parameters.primitiveIdWord = f->primitiveIdWord;
  const gpu::FallbackHeader header = umd::fallbackHeader(parameters);
  gpu::SetupParams params = umd::fallbackSetupParams(parameters);

  // The capture's stage sets (the setup's and the draw pass's come with the
  // buffers): the previous batched draw's where it has the same shaders and
  // they read the same arguments (its sets hold what this draw's would).
  std::vector<std::pair<uint32_t, VkDescriptorSet>> captureSets;
  const PendingFallback12* previous = fallbackBatch_.empty() ? nullptr : &fallbackBatch_.back();
  if (previous && previous->fallback == f &&
      sameStageArguments(f->vertexShader, previous->state.graphics, state_.graphics) &&
      sameStageArguments(f->geometryShader, previous->state.graphics, state_.graphics)) {
    captureSets = previous->captureSets;
  } else {
    for (const Shader12* stage : {f->vertexShader, f->geometryShader}) {
      if (!stage || stage->bindings.bindings.empty()) continue;
      const VkDescriptorSet set = writeStageSet(*stage, state_.graphics, stage->setLayout->handle());
      if (!set) return;
      captureSets.push_back({stage->set, set});
    }
  }

  // One piece, no query active: into the list's batch (fallbackBatch_).
  if (pieces.size() == 1 && !listIndices && !readIndices_.data && !activeOcclusion_.heap && !activeStatistics_.heap && soQueries.paused.empty() &&
      umd::fallbackBatchingEnabled()) {
    if (!fallbackBatch_.empty() &&
        (!fallbackBatch_.front().targets.sameInstance(t) || fallbackBatch_.size() >= kMaxBatchedFallbackDraws))
      flushFallbackBatch();
    flushPendingClears();  // a clear before the draws runs before the batch's phases
    if (fallbackBatch_.capacity() < kMaxBatchedFallbackDraws) fallbackBatch_.reserve(kMaxBatchedFallbackDraws);
    PendingFallback12& p = fallbackBatch_.emplace_back();
    p.fallback = f;
    p.state = state_;
    p.targets = t;
    p.capture = capture;
    p.call = call;
    p.piece = pieces.front();
    p.header = header;
    p.params = params;
    p.params.slots = p.piece.slots;
    p.params.instances = f->geometryShader ? 1 : p.piece.instances;
    p.params.primitiveIdBase = f->geometryShader ? 0 : p.piece.primitiveIdBase;
    p.captureSets = std::move(captureSets);
    p.minDepth = v.minDepth;
    p.maxDepth = v.maxDepth;
    p.clip = parameters.clip;
    return;
  }

  // The piece buffers (this draw's, from the allocator) and the sets that read them.
  umd::FallbackPieceBuffers buffers;
  VkDescriptorSet setupSet = VK_NULL_HANDLE, drawSets[2] = {};
  if (!fallbackBuffers(*f, maxSlots, &buffers, &setupSet, drawSets)) return;

  // Every pass of the draw renders under the list's predicate, as one command.
  VkCommandBuffer outside = VK_NULL_HANDLE;
  if (predicate_.word && !(outside = command())) return;
  const PredicateScope predicated(*this, outside);

  // A pipeline-statistics query is ended for the draw and begun again after
  // it; its counts so far, the application draw's and the draw passes'
  // pixel-shader invocations are carried to its resolve (query12.h).
  const ActiveQuery12 statisticsQuery = activeStatistics_;
  QueryHeap12* const statistics = statisticsQuery.heap;
  const UINT statisticsIndex = statisticsQuery.index;
  VkBuffer counted = VK_NULL_HANDLE, drawCounts = VK_NULL_HANDLE;
  fallback::QueryAddParams carry;
  carry.queries = 1;
  carry.values = kStatisticCount;
  carry.sumBase = statisticsIndex * kCarriedStride;
  const VkDeviceSize statisticsBytes = kStatisticCount * sizeof(UINT64);
  if (statistics) {
    params.flags |= gpu::kSetupCountStatistics;
    constexpr VkBufferUsageFlags usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    if (!(counted = transient_->deviceBuffer(statisticsBytes, usage, &result)) ||
        !(drawCounts = transient_->deviceBuffer(statisticsBytes, usage, &result)))
      return fail(Device12::hresultFor(result), "cannot allocate a statistics query's buffers");
    suspendQuery(statisticsQuery);
    // The application draw's vertices (IAVertices, VSInvocations); the setup
    // adds the assembled and clipped triangles below.
    uint64_t drawn[kStatisticCount] = {};
    drawn[umd::kIAVertices] = drawn[umd::kVSInvocations] = vertices;
    VkCommandBuffer cmd = command();
    if (!cmd) return;
    vkCmdUpdateBuffer(cmd, counted, 0, sizeof drawn, drawn);
  }

  const VkShaderStageFlags idBaseStages = umd::PipelineCache::idBaseStages(device.vk());
  for (const umd::FallbackPiece& piece : pieces) {
    // 1. Capture.
    VkCommandBuffer cmd = command();
    if (!cmd) return;
    // The setup's triangle counts add up over the pieces.
    umd::recordFallbackPieceStart(cmd, buffers, header, piece.slots, &piece == &pieces.front());
    cmd = command();
    // With a geometry shader the capture counts the application's input
    // primitives and the geometry shader's invocations and primitives (what
    // the setup assembles is what it emitted): the query's slot counts it.
    const bool countCapture = statistics && f->geometryShader;
    if (countCapture) {
      vkCmdResetQueryPool(cmd, statistics->pool, statisticsIndex, 1);
      vkCmdBeginQuery(cmd, statistics->pool, statisticsIndex, 0);
    }
    VkRenderingInfo rendering{VK_STRUCTURE_TYPE_RENDERING_INFO};
    rendering.renderArea = {{0, 0}, {1, 1}};
    rendering.layerCount = 1;
    vkCmdBeginRendering(cmd, &rendering);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, f->capture->handle());
    for (const auto& [index, set] : captureSets)
      vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, f->captureLayout->handle(), index, 1, &set, 0, nullptr);
    // SV_VertexID, SV_InstanceID and a geometry shader's SV_PrimitiveID count
    // from the application's draw, not the piece's.
    const int32_t idBases[3] = {call.indexed ? call.baseVertex : int32_t(call.first), int32_t(call.firstInstance),
                                int32_t(piece.primitiveIdBase)};
    vkCmdPushConstants(cmd, f->captureLayout->handle(), idBaseStages, 0, sizeof idBases, idBases);
    bindInputAssembly(cmd, call.indexed);
    if (listIndices) vkCmdBindIndexBuffer(cmd, listIndices, 0, VK_INDEX_TYPE_UINT32);
    setDynamicState(cmd, capture);
    umd::recordFallbackCapture(cmd, buffers, VkDeviceSize(piece.slots) * 3 * strideBytes,
                               [&] { umd::cmdDraw(cmd, piece.call); });
    vkCmdEndRendering(cmd);
    if (countCapture) {
      vkCmdEndQuery(cmd, statistics->pool, statisticsIndex);
      if (!(cmd = command())) return;
      vkCmdCopyQueryPoolResults(cmd, statistics->pool, statisticsIndex, 1, drawCounts, 0, statisticsBytes,
                                VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
      fallback::QueryAddParams counts = carry;
      counts.values = 1;
      counts.first = umd::kIAPrimitives;
      addQueryValues(statistics->carried->handle(), drawCounts, counts);
      counts.values = 2;
      counts.first = umd::kGSInvocations;  // and GSPrimitives
      addQueryValues(statistics->carried->handle(), drawCounts, counts);
    }

    // 2. Setup.
    cmd = command();
    if (!cmd) return;
    params.slots = piece.slots;
    params.instances = f->geometryShader ? 1 : piece.instances;
    params.primitiveIdBase = f->geometryShader ? 0 : piece.primitiveIdBase;
    umd::recordFallbackSetup(cmd, [this] { return command(); }, *setup, setupSet, params, buffers);

    // 3. Draw.
    cmd = command();
    if (!cmd) return;
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, f->drawLayout->handle(), 0, 2, drawSets, 0, nullptr);
    if (statistics) {
      vkCmdResetQueryPool(cmd, statistics->pool, statisticsIndex, 1);
      vkCmdBeginQuery(cmd, statistics->pool, statisticsIndex, 0);
    }
    beginRendering(cmd, t);
    vkCmdSetBlendConstants(cmd, state_.blendFactor);
    vkCmdSetStencilReference(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, state_.stencilRef & 0xFF);
    umd::recordFallbackDraws(cmd, buffers, f->flatDraw->handle(), f->exactDraw->handle(), params, v.minDepth, v.maxDepth,
                             parameters.clip);
    vkCmdEndRendering(cmd);
    if (statistics) {
      // Only its pixel-shader invocations count.
      vkCmdEndQuery(cmd, statistics->pool, statisticsIndex);
      if (!(cmd = command())) return;
      vkCmdCopyQueryPoolResults(cmd, statistics->pool, statisticsIndex, 1, drawCounts, 0, statisticsBytes,
                                VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
      fallback::QueryAddParams invocations = carry;
      invocations.values = 1;
      invocations.first = umd::kPSInvocations;
      addQueryValues(statistics->carried->handle(), drawCounts, invocations);
    }
  }
  if (statistics) {
    // The assembled triangles (CInvocations; IAPrimitives without a geometry
    // shader) and the clipped ones (CPrimitives) into the low words of
    // `counted`, then carried; the query goes on.
    VkCommandBuffer cmd = command();
    if (!cmd) return;
    // (With a geometry shader the capture counted IAPrimitives.)
    const VkBufferCopy words[3] = {
        {umd::kFallbackScratchStatisticsOffset, umd::kCInvocations * sizeof(UINT64), 4},
        {umd::kFallbackScratchStatisticsOffset + 4, umd::kCPrimitives * sizeof(UINT64), 4},
        {umd::kFallbackScratchStatisticsOffset, umd::kIAPrimitives * sizeof(UINT64), 4}};
    vkCmdCopyBuffer(cmd, buffers.counters, counted, f->geometryShader ? 2 : 3, words);
    addQueryValues(statistics->carried->handle(), counted, carry);
    resumeQuery(statisticsQuery);
  }
}

bool CommandRecorder12::fallbackBuffers(const Fallback12& f, uint32_t slots, umd::FallbackPieceBuffers* buffers,
                                        VkDescriptorSet* setupSet, VkDescriptorSet (&drawSets)[2]) {
  Device12& device = *device_;
  VkResult result = VK_SUCCESS;
  const umd::FallbackSetupPipelines* setup = device.fallbackSetup(&result);
  if (!setup) return fail(Device12::hresultFor(result), "cannot create the conservative fallback's setup pipelines"), false;
  const umd::FallbackBufferSizes sizes = umd::fallbackBufferSizes(slots, 16 * uint32_t(f.capturedRegisters.size()));
  umd::FallbackPieceBuffers& b = *buffers;
  if (!(b.capture = transient_->deviceBuffer(sizes.capture, umd::kFallbackCaptureUsage, &result)) ||
      !(b.records = transient_->deviceBuffer(sizes.records, umd::kFallbackRecordsUsage, &result)) ||
      !(b.corners = transient_->deviceBuffer(sizes.corners, umd::kFallbackCornersUsage, &result)) ||
      !(b.counters = transient_->deviceBuffer(umd::kFallbackCounterBytes, umd::kFallbackCountersUsage, &result)) ||
      !(b.deferred = transient_->deviceBuffer(sizes.deferred, umd::kFallbackDeferredUsage, &result)))
    return fail(Device12::hresultFor(result), "cannot allocate the conservative fallback's buffers"), false;
  if (!(*setupSet = transient_->allocate(setup->setLayout->handle(), &result)))
    return fail(Device12::hresultFor(result), "cannot allocate a descriptor set for a draw"), false;
  umd::writeFallbackSetupSet(device.vk(), *setupSet, b, b.counters, umd::kFallbackScratchStatisticsOffset);
  const VkDescriptorBufferInfo capturedInfo{b.capture, 0, VK_WHOLE_SIZE};
  const VkDescriptorBufferInfo recordsInfo{b.records, 0, VK_WHOLE_SIZE};
  VkWriteDescriptorSet capturedWrite{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
  capturedWrite.dstBinding = dxbc::kFallbackCapturedBinding;
  capturedWrite.descriptorCount = 1;
  capturedWrite.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
  capturedWrite.pBufferInfo = &capturedInfo;
  VkWriteDescriptorSet recordsWrite = capturedWrite;
  recordsWrite.dstBinding = dxbc::kFallbackRecordsBinding;
  recordsWrite.pBufferInfo = &recordsInfo;
  if (!(drawSets[0] = transient_->allocate(f.vertexSetLayout, &result)))
    return fail(Device12::hresultFor(result), "cannot allocate a descriptor set for a draw"), false;
  capturedWrite.dstSet = drawSets[0];
  vkUpdateDescriptorSets(device.handle(), 1, &capturedWrite, 0, nullptr);
  if (f.pixelShader) return (drawSets[1] = writeStageSet(*f.pixelShader, state_.graphics, f.pixelSetLayout, &recordsWrite));
  if (!(drawSets[1] = transient_->allocate(f.pixelSetLayout, &result)))
    return fail(Device12::hresultFor(result), "cannot allocate a descriptor set for a draw"), false;
  recordsWrite.dstSet = drawSets[1];
  vkUpdateDescriptorSets(device.handle(), 1, &recordsWrite, 0, nullptr);
  return true;
}

}  // namespace d3dvk::umd12
