// ddi/umd/driver_fallback_draw.cpp — see driver_fallback_draw.h.
#include "driver_fallback_draw.h"

#include "adapter.h"
#include "descriptor_binding.h"
#include "driver_predication.h"
#include "device.h"
#include "driver_input_layout.h"
#include "driver_query.h"
#include "driver_rasterizer_state.h"
#include "driver_resource.h"
#include "driver_shader.h"
#include "driver_stream_output.h"
#include "driver_view.h"
#include "dxbc/binding.h"
#include "dxbc/fallback_shaders.h"
#include "dxbc/listing.h"
#include "dxbc/translator.h"
#include "gpu_layout.h"          // translate/fallback
#include "native_draw.h"
#include "pipeline_cache.h"
#include "triangle_topology.h"   // translate/fallback

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>

namespace d3dvk::umd {
namespace {

namespace gpu = fallback::gpu;

std::unique_ptr<vk::ShaderModule> translateVariant(Device& device, const dxbc::Shader& parsed,
                                                   const dxbc::TranslateOptions& options, const char* what) {
  std::vector<uint32_t> spirv;
  try {
    spirv = dxbc::translateToSpirv(parsed, options);
  } catch (const std::bad_alloc&) {
    device.setError(E_OUTOFMEMORY);
    return nullptr;
  } catch (const std::exception& e) {
    logError(std::string("conservative fallback: the ") + what + " cannot be translated (" + e.what() +
             "); draw dropped");
    return nullptr;
  }
  VkResult result = VK_SUCCESS;
  std::unique_ptr<vk::ShaderModule> module = vk::createShaderModule(device.vk(), spirv, &result);
  if (!module) device.setVkError(result);
  return module;
}

// `o` with the device's features the shader's native translation was given
// (doubles, sparse residency, MinLod): a variant translates what the native one does.
dxbc::TranslateOptions withDeviceFeatures(const Shader* shader, dxbc::TranslateOptions o) {
  if (!shader) return o;
  o.shaderFloat64 = shader->nativeOptions.shaderFloat64;
  o.sparseResidency = shader->nativeOptions.sparseResidency;
  o.minLod = shader->nativeOptions.minLod;
  o.typedUavLoadsWithoutFormat = shader->nativeOptions.typedUavLoadsWithoutFormat;
  o.viewportIndexLayer = shader->nativeOptions.viewportIndexLayer;
  return o;
}

dxbc::TranslateOptions fallbackPixelOptions(Device& device, const Shader* ps, unsigned variant) {
  const bool counting = variant & Shader::kFallbackCounting;
  dxbc::TranslateOptions o = withDeviceFeatures(ps, {});
  o.variant = dxbc::ShaderVariant::Fallback;
  o.demoteToHelper = device.vk().info().demoteToHelperInvocation;
  o.fallbackSampleMask = variant & Shader::kFallbackMasked;
  o.fallbackExactPath = !(variant & Shader::kFallbackFlatOnly);
  o.countInvocations = counting;
  o.countPerSubgroup = counting && device.vk().info().fragmentSubgroupBallot;
  return o;
}

// The capture variant of the last pre-rasterization stage (`captured`: the
// vertex shader, or the geometry shader with the vertex shader's id-base
// variant ahead of it), and the pixel shader's fallback variant (or, without a
// pixel shader, one that only decides coverage), as `variant`
// (Shader::kFallback*) selects. Translated once, on first use.
VkShaderModule ensureVariants(Device& device, Shader& vs, Shader& captured, Shader* ps, unsigned variant) {
  dxbc::TranslateOptions idBases;
  idBases.idBasesFromPushConstants = true;  // the whole draw's ids in every piece
  if (&captured != &vs && !vs.idBaseModule) {
    vs.idBaseModule =
        translateVariant(device, *vs.parsed, withDeviceFeatures(&vs, idBases), "vertex shader's id-base variant");
    if (!vs.idBaseModule) return VK_NULL_HANDLE;
  }
  if (!captured.captureModule) {
    captured.capturedRegisters = dxbc::declaredOutputRegisters(captured.parsed->program);
    dxbc::TranslateOptions capture = withDeviceFeatures(&captured, idBases);
    capture.transformFeedback = true;
    // A stream-output object's geometry shader: the stream it rasterizes is the one captured.
    applyFallbackCapturedStream(captured.streamOutput.get(), capture);
    // After the tessellator, SV_PrimitiveID is the patch's: the domain shader's capture adds it.
    capture.capturePrimitiveId = captured.stage == dxbc::ProgramType::Domain;
    if (capture.capturePrimitiveId) captured.capturedRegisters.push_back(kCapturedPrimitiveIdRegister);
    captured.captureModule = translateVariant(
        device, *captured.parsed, capture,
        &captured == &vs                                 ? "vertex shader's capture variant"
        : captured.stage == dxbc::ProgramType::Domain ? "domain shader's capture variant"
                                                       : "geometry shader's capture variant");
    if (!captured.captureModule) return VK_NULL_HANDLE;
  }
  static const dxbc::Shader empty = dxbc::parseShader(dxbc::assemble("ps_5_0\nret\n").container);
  std::unique_ptr<vk::ShaderModule>& module =
      ps ? ps->fallbackModules[variant & 7] : device.pipelines().fallbackPixelModule(variant);
  if (!module)
    module = translateVariant(device, ps ? *ps->parsed : empty, fallbackPixelOptions(device, ps, variant),
                              "pixel shader's fallback variant");
  return module ? module->handle() : VK_NULL_HANDLE;
}

// The rasterizer's clip rectangle: the viewport's pixels inside the render
// area (and inside the scissor when enabled).
FallbackClipRect clipRect(const Device& device, const PreparedDraw& draw) {
  const D3D10_DDI_VIEWPORT& v = device.draw.viewports[0];
  if (draw.rasterizer.ScissorEnable && device.draw.scissorCount == 0) return {0, 0, 0, 0};
  const D3D10_DDI_RECT& s = device.draw.scissors[0];
  const VkRect2D scissor{{int32_t(s.left), int32_t(s.top)},
                         {uint32_t(std::max<int64_t>(int64_t(s.right) - s.left, 0)),
                          uint32_t(std::max<int64_t>(int64_t(s.bottom) - s.top, 0))}};
  return fallbackClipRect(v.TopLeftX, v.TopLeftY, v.Width, v.Height, draw.extent,
                          draw.rasterizer.ScissorEnable ? &scissor : nullptr);
}

// D3DVK_FALLBACK_STATS=1: one line per fallback draw on stderr.
bool statsEnabled() {
  static const bool enabled = [] {
    const char* v = std::getenv("D3DVK_FALLBACK_STATS");
    return v && *v && std::strcmp(v, "0") != 0;
  }();
  return enabled;
}

// A device-local storage buffer of at least `size` bytes in `slot` (grown to a
// power of two; the old one lives until the batches that used it complete).
bool ensureBuffer(Device& device, std::shared_ptr<vk::Buffer>& slot, VkDeviceSize size, VkBufferUsageFlags usage) {
  if (slot && slot->size() >= size) return true;
  if (slot) device.queue().releaseAfter(device.queue().openSerial(), slot);
  slot = createFallbackBuffer(device, size, usage);
  return slot != nullptr;
}

// The setup pipelines, created on first use.
FallbackResources* resources(Device& device) {
  std::unique_ptr<FallbackResources>& r = device.fallbackResources();
  if (r) return r.get();
  auto created = std::make_unique<FallbackResources>();
  VkResult result = VK_SUCCESS;
  created->setup = createFallbackSetupPipelines(device.vk(), &result);
  if (!created->setup) return device.setVkError(result), nullptr;
  r = std::move(created);
  return r.get();
}

// An indexed strip too large for one piece, as the index list of its
// triangles (fallback::stripTriangleIndices): the index range is read back
// (the batch is submitted and waited for: a rare, very large draw), converted
// and uploaded, and `call` becomes the indexed list draw over it. False after
// reporting.
bool stripAsList(Device& device, const DrawCall& call, fallback::TriangleTopology topology, VkIndexType indexType,
                 std::shared_ptr<vk::Buffer>* list, DrawCall* listCall) {
  const DrawState& s = device.draw;
  const VkDeviceSize indexSize = indexType == VK_INDEX_TYPE_UINT32 ? 4 : 2;
  const VkDeviceSize bytes = VkDeviceSize(call.count) * indexSize;
  VkResult result = VK_SUCCESS;
  std::shared_ptr<vk::Buffer> readback =
      bytes ? vk::Buffer::create(device.vk(), bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, true, &result) : nullptr;
  if (bytes && !readback) return device.setVkError(result), false;
  std::vector<uint32_t> indices(call.count);
  if (bytes) {
    VkCommandBuffer cmd = device.record();
    if (!cmd) return false;
    const VkBufferCopy region{s.indexBuffer->bufferOffset + s.indexOffset + VkDeviceSize(call.first) * indexSize, 0, bytes};
    vkCmdCopyBuffer(cmd, s.indexBuffer->buffer->handle(), readback->handle(), 1, &region);
    markUsed(device, *s.indexBuffer);
    device.queue().releaseAfter(device.queue().openSerial(), readback);
    result = device.queue().waitIdle();
    if (result != VK_SUCCESS) return device.setVkError(result), false;
    const uint8_t* data = static_cast<const uint8_t*>(readback->mapped());
    for (uint32_t i = 0; i < call.count; ++i) {
      if (indexSize == 4) {
        std::memcpy(&indices[i], data + 4 * size_t(i), 4);
      } else {
        uint16_t v;
        std::memcpy(&v, data + 2 * size_t(i), 2);
        indices[i] = v;
      }
    }
  }
  const std::vector<uint32_t> triangles = fallback::stripTriangleIndices(
      indices, indexSize == 4 ? 0xFFFFFFFFu : 0xFFFFu, topology == fallback::TriangleTopology::TriangleStripAdj);
  *listCall = call;
  listCall->first = 0;
  listCall->count = uint32_t(triangles.size());
  if (triangles.empty()) return true;
  *list = vk::Buffer::create(device.vk(), triangles.size() * 4, VK_BUFFER_USAGE_INDEX_BUFFER_BIT, true, &result);
  if (!*list) return device.setVkError(result), false;
  std::memcpy((*list)->mapped(), triangles.data(), triangles.size() * 4);
  device.queue().releaseAfter(device.queue().openSerial(), *list);
  return true;
}

// Indexed draws read only the indices the bound buffer holds (clampFallbackIndexedDraw).
DrawCall clampToIndexBuffer(Device& device, const DrawCall& call, const fallback::PrimitiveLayout& layout,
                            VkIndexType indexType) {
  if (!call.indexed) return call;
  const DrawState& s = device.draw;
  const uint64_t indexSize = indexType == VK_INDEX_TYPE_UINT32 ? 4 : 2;
  const uint64_t held = s.indexBuffer->width > s.indexOffset ? (s.indexBuffer->width - s.indexOffset) / indexSize : 0;
  return clampFallbackIndexedDraw(call, layout, held, device.vk().samplerFeatures().robustBufferAccess2);
}

// Whether the draw may join an open fallback batch without an image layout
// change (which the batch would record inside a rendering instance): every
// image a bound stage declares and has bound as a shader resource is in the
// layout it is read in already (views of resources bound for output read
// zeros: skipped).
bool shaderResourceLayoutsReady(const Device& device) {
  const DrawState& s = device.draw;
  const std::array<const Shader*, DrawState::kStages> shaders = s.stageShaders();
  for (uint32_t stage = 0; stage < DrawState::kStages; ++stage) {
    if (!shaders[stage]) continue;
    for (const DeclaredResource& decl : shaders[stage]->resources) {  // (the views the draw binds)
      const ShaderResourceView* v = s.shaderResources[stage][decl.slot];
      if (v && !v->isBuffer && v->resource && v->resource->image &&
          v->resource->layout != VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL && !isBoundForDrawOutput(device, v->resource))
        return false;
    }
  }
  return true;
}

// Whether the pixel shader reads SV_PrimitiveID.
// What the bound pixel shader reads, resolved (false: not comparable; the draw forms a group of its own).
bool pixelDescriptors(Device& device, StageDescriptors* out) {
  out->clear();
  const Shader* ps = device.draw.pixelShader;
  if (!ps) return true;
  VkResult result = VK_SUCCESS;
  const PipelineCache::StageLayout* layout = device.pipelines().stageLayout(dxbc::ProgramType::Pixel, ps, &result);
  return layout && collectStageDescriptors(device, drawStageBindings(device, 1, layout->dynamicConstantBuffers), *out);
}

bool anyUnorderedAccessViewBound(const Device& device) {
  for (const UnorderedAccessView* u : device.boundUnorderedAccessViews)
    if (u) return true;
  return false;
}

}  // namespace

void recordFallbackDraw(Device& device, const DrawCall& call, const PreparedDraw& prepared) {
  DrawState& s = device.draw;
  std::lock_guard<std::mutex> lock(device.queueMutex());
  // Every pass of the draw renders under the condition, or the CPU verdict skips it all.
  const PredicatedCommand predicated(device);
  if (predicated.skipped()) return;
  const auto start = std::chrono::steady_clock::now();
  // The passes do not count in pipeline statistics (but a geometry shader's
  // capture, which runs it: its input primitives and its counts); the app
  // draw's values are added instead.
  FallbackQueryScope queries(device);
  Shader& vs = *s.vertexShader;
  Shader* gs = s.geometryShader;
  Shader* ds = s.hullShader ? s.domainShader : nullptr;  // tessellation (prepareDraw checked the pair)
  Shader& captured = gs ? *gs : ds ? *ds : vs;  // the last pre-rasterization stage: what reaches the rasterizer
  Shader* ps = s.pixelShader;
  const std::optional<fallback::PrimitiveLayout> inputLayout = fallback::primitiveLayout(uint32_t(s.topology));
  if (!inputLayout) return;
  // Without a geometry shader the draw's own triangles; with one, the
  // triangles of the strips it emits, at most maxvertexcount − 2 per strip and
  // one strip per cut, so at most (maxvertexcount − 2) per invocation and
  // dcl_gsinstances invocations per input primitive.
  uint32_t trianglesPerPrimitive = 1;
  if (captured.reflection.writesViewportArrayIndex && prepared.viewportCount > 1) {
    logError("conservative fallback: a shader writing SV_ViewportArrayIndex with more than one viewport bound is not "
             "supported (the fallback draws into viewport 0); draw dropped");
    return;
  }
  if (captured.reflection.writesRenderTargetArrayIndex && prepared.layerCount > 1) {
    logError("conservative fallback: a shader writing SV_RenderTargetArrayIndex into views of more than one array "
             "slice is not supported (the fallback draws into slice 0); draw dropped");
    return;
  }
  // The application's stream output: a native capturing pass of its own,
  // inside the scopes above (driver_stream_output.h).
  if (s.streamOutputShader && !recordStreamOutputPass(device, call, prepared)) return;
  if (gs) {
    if (gs->reflection.gsOutputTopology != 5) return;  // points and lines: the runtime already rejected the draw (ID 365)
    const uint32_t maxOut = gs->reflection.gsMaxOutputVertices;
    trianglesPerPrimitive = (maxOut > 2 ? maxOut - 2 : 0) * gs->reflection.gsInstanceCount;
    if (trianglesPerPrimitive == 0) return;  // no strip of three vertices: nothing to rasterize
  } else if (ds ? !tessellationOutputTriangles(s) : !fallback::triangleTopology(uint32_t(s.topology))) {
    return;  // points and lines: the runtime already rejected the draw (ID 365)
  }
  // Tessellation: a patch's primitives are bounded by the hull shader's
  // maximum factor F (rounded up, +1 for fractional partitioning): an inner
  // grid of at most 2F² triangles and rings of at most 8F.
  if (ds) trianglesPerPrimitive *= tessellatedPrimitiveBound(s.hullShader->reflection.maxTessFactor);
  const bool counting = queries.countsPixelShaderInvocations();
  // The pixel shader writes the sample mask itself unless the target is
  // single-sample and SampleMask keeps every rasterized sample.
  const UINT forced = prepared.rasterizer.ForcedSampleCount;
  const bool masked = fallbackMasked(prepared.rasterizer, prepared.samples, uint32_t(s.sampleMask));
  const unsigned variant = (counting ? Shader::kFallbackCounting : 0u) | (masked ? Shader::kFallbackMasked : 0u);
  // Two pixel-shader variants: the flat path alone, and with the exact path (gpu_layout.h).
  const VkShaderModule pixelModule = ensureVariants(device, vs, captured, ps, variant);
  if (!pixelModule) return;
  const VkShaderModule flatPixelModule = ensureVariants(device, vs, captured, ps, variant | Shader::kFallbackFlatOnly);
  if (!flatPixelModule) return;
  // (A stream-output object's geometry shader: the stream it rasterizes, which its capture variant captures.)
  const uint32_t stream = fallbackCapturedStream(captured.streamOutput.get());
  const int positionWord = capturedWord(captured.reflection, captured.capturedRegisters, 1 /*D3D_NAME_POSITION*/, stream);
  if (positionWord < 0 || positionWord % 4 != 0) {
    logError(std::string("conservative fallback: the ") + (gs ? "geometry" : "vertex") +
             " shader writes no SV_Position; draw dropped");
    return;
  }
  const uint32_t positionSlot = uint32_t(positionWord) / 4;
  FallbackResources* r = resources(device);
  if (!r) return;

  const uint32_t registers = uint32_t(captured.capturedRegisters.size());
  const uint32_t strideBytes = 16 * registers;
  FallbackStatistics statistics;
  statistics.vertices = uint64_t(call.count) * call.instances;
  queries.add(statistics);
  DrawCall clamped = clampToIndexBuffer(device, call, *inputLayout, prepared.indexType);
  const uint64_t capacity = fallbackPieceCapacity(*r->setup, strideBytes, trianglesPerPrimitive);
  std::vector<FallbackPiece> pieces;
  uint32_t captureTopology = uint32_t(s.topology);
  std::shared_ptr<vk::Buffer> listIndices;  // an indexed strip drawn as its triangles' index list
  if (!planFallbackPieces(clamped, *inputLayout, capacity, trianglesPerPrimitive, &pieces)) {
    // An indexed triangle strip too large for one piece; a geometry shader
    // taking line strips or adjacency would see other primitives in a list.
    const std::optional<fallback::TriangleTopology> strip = fallback::triangleTopology(captureTopology);
    if (!strip || (gs && *strip != fallback::TriangleTopology::TriangleStrip)) {
      logError("conservative fallback: an indexed strip of " + std::to_string(clamped.count) +
               " references into a geometry shader exceeds one piece (D3DVK_FALLBACK_PIECE_TRIANGLES); draw dropped");
      return;
    }
    if (!stripAsList(device, clamped, *strip, prepared.indexType, &listIndices, &clamped)) return;
    captureTopology = uint32_t(fallback::TriangleTopology::TriangleList);
    if (!planFallbackPieces(clamped, *fallback::primitiveLayout(captureTopology), capacity, trianglesPerPrimitive, &pieces))
      return;
  }
  if (pieces.empty()) return;

  // The draw pass's vertex shader for this pair of shaders.
  VkResult result = VK_SUCCESS;
  const VkShaderModule pullModule = device.pipelines().fallbackVertexModule(captured, ps, positionSlot, &result);
  if (!pullModule) {
    if (result != VK_SUCCESS) device.setVkError(result);
    return;
  }

  // Pipelines: the capture (the app's topology, rasterizer discard) and the
  // draw pass. With a geometry shader the capture's layout also has the pixel
  // shader's set (the sets bound for the draw: set 2, the geometry shader's,
  // stays compatible); without one, the vertex shader's set is all it uses.
  state::GraphicsPipelineKey captureKey = pipelineKey(device, prepared);
  captureKey.variant = state::PipelineVariant::FallbackCapture;
  if (!gs && !ds) captureKey.pixelShader = 0;
  captureKey.blendState = captureKey.depthStencilState = 0;
  captureKey.sampleMask = 0xFFFFFFFF;
  captureKey.sampleCount = 1;
  captureKey.rasterizer = defaultRasterizerDesc();
  captureKey.renderTargetCount = 0;
  std::fill(std::begin(captureKey.renderTargetFormats), std::end(captureKey.renderTargetFormats), DXGI_FORMAT_UNKNOWN);
  captureKey.depthStencilFormat = DXGI_FORMAT_UNKNOWN;
  captureKey.depthStencilReadOnly = 0;
  captureKey.topology = int32_t(captureTopology);  // D3D's values
  const Shader* capturePixelShader = gs || ds ? ps : nullptr;
  PipelineInputs captureInputs{&vs, capturePixelShader, s.inputLayout, &captureKey.rasterizer, nullptr, nullptr};
  captureInputs.vertexModule = &captured != &vs ? vs.idBaseModule->handle() : vs.captureModule->handle();
  captureInputs.geometryShader = gs;
  if (gs) captureInputs.geometryModule = gs->captureModule->handle();
  captureInputs.hullShader = ds ? s.hullShader : nullptr;
  captureInputs.domainShader = ds;
  if (ds && !gs) captureInputs.domainModule = ds->captureModule->handle();
  VkPipeline capturePipeline = device.pipelines().get(captureKey, captureInputs, &result);
  if (!capturePipeline) return device.setVkError(result);
  // Its layout (for the id bases' push constants; every graphics layout has the same range).
  const VkPipelineLayout captureLayout =
      device.pipelines().graphicsLayout(&vs, capturePixelShader, gs, &result, ds ? s.hullShader : nullptr, ds);
  if (!captureLayout) return device.setVkError(result);

  state::GraphicsPipelineKey drawKey = pipelineKey(device, prepared);
  drawKey.variant = masked ? (counting ? state::PipelineVariant::FallbackCounting : state::PipelineVariant::FallbackShading)
                           : (counting ? state::PipelineVariant::FallbackPlainCounting : state::PipelineVariant::FallbackPlain);
  drawKey.inputLayout = 0;
  drawKey.topology = D3D10_DDI_PRIMITIVE_TOPOLOGY_TRIANGLELIST;
  drawKey.rasterizer = fallbackDrawRasterizer(drawKey.rasterizer);
  drawKey.rasterizerSamples = forced ? forced : prepared.samples;  // what sampleinfo(rasterizer) answers
  // The pixel shader writes SampleMask itself (the coverage ANDed with
  // OMSetBlendState's mask): with the pipeline's mask full it runs even for a
  // mask of 0, where D3D still runs it (UAV writes) but updates no sample.
  drawKey.sampleMask = 0xFFFFFFFF;
  // The corners and the records' words 0..15 as vertex attributes (gpu_layout.h; strides dynamic).
  const state::VertexInputState& drawVertexInput = fallbackDrawVertexInput();
  PipelineInputs drawInputs{&vs, ps, nullptr, &drawKey.rasterizer, s.blendState, s.depthStencilState};
  drawInputs.vertexModule = pullModule;
  drawInputs.pixelModule = pixelModule;
  drawInputs.vertexInput = &drawVertexInput;
  VkPipeline drawPipeline = device.pipelines().get(drawKey, drawInputs, &result);
  if (!drawPipeline) return device.setVkError(result);
  drawKey.fallbackFlatOnly = true;
  drawInputs.pixelModule = flatPixelModule;
  VkPipeline flatDrawPipeline = device.pipelines().get(drawKey, drawInputs, &result);
  if (!flatDrawPipeline) return device.setVkError(result);

  // The draw header (SV_Coverage and the sample mask the prelude applies) and the setup parameters shared by the pieces.
  const D3D10_DDI_VIEWPORT& vp = s.viewports[0];
  const FallbackClipRect clip = clipRect(device, prepared);
  FallbackDrawParameters drawParameters;
  drawParameters.viewportX = vp.TopLeftX;
  drawParameters.viewportY = vp.TopLeftY;
  drawParameters.viewportWidth = vp.Width;
  drawParameters.viewportHeight = vp.Height;
  drawParameters.clip = clip;
  drawParameters.extent = prepared.extent;
  const VkPhysicalDeviceLimits& limits = device.vk().info().properties.limits;
  drawParameters.maxViewport[0] = limits.maxViewportDimensions[0];
  drawParameters.maxViewport[1] = limits.maxViewportDimensions[1];
  drawParameters.rasterizer = &prepared.rasterizer;
  drawParameters.samples = prepared.samples;
  drawParameters.sampleMask = uint32_t(s.sampleMask);
  drawParameters.captured = &captured.reflection;
  drawParameters.capturedRegisters = &captured.capturedRegisters;
  drawParameters.positionWord = uint32_t(positionWord);
  // A geometry shader's SV_PrimitiveID or a tessellated triangle's patch's (else the setup numbers the triangles).
  const int primitiveIdWord = gs   ? capturedWord(gs->reflection, gs->capturedRegisters, 7 /*D3D_NAME_PRIMITIVE_ID*/, stream)
                              : ds ? int(4 * (registers - 1))  // the patch's (kCapturedPrimitiveIdRegister)
                                   : -1;
  drawParameters.primitiveIdWord = primitiveIdWord >= 0 ? uint32_t(primitiveIdWord) : gpu::kNoPrimitiveIdWord;
  const gpu::FallbackHeader header = fallbackHeader(drawParameters);
  gpu::SetupParams params = fallbackSetupParams(drawParameters);
  if (queries.active()) params.flags |= gpu::kSetupCountStatistics;

  uint32_t maxSlots = 0;
  for (const FallbackPiece& p : pieces) maxSlots = std::max(maxSlots, p.slots);
  const FallbackBufferSizes sizes = fallbackBufferSizes(maxSlots, strideBytes);

  // What both ways of recording (a batch's phases, or the open batch directly) do per piece:
  // - the setup pass's descriptor sets, from a pool freed with the Vulkan batch;
  auto setupPool = [&](uint32_t sets) -> std::shared_ptr<vk::DescriptorPool> {
    const VkDescriptorPoolSize poolSize{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, gpu::kSetupBindings * sets};
    VkDescriptorPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    poolInfo.maxSets = sets;
    poolInfo.poolSizeCount = 1;
    poolInfo.pPoolSizes = &poolSize;
    std::shared_ptr<vk::DescriptorPool> pool = vk::createDescriptorPool(device.vk(), poolInfo, &result);
    if (!pool) return device.setVkError(result), nullptr;
    device.queue().releaseAfter(device.queue().openSerial(), pool);
    return pool;
  };
  auto setupSet = [&](const vk::DescriptorPool& pool, const FallbackPieceBuffers& b,
                      const InvocationCounter& statisticsCounter) -> VkDescriptorSet {
    VkDescriptorSet set = VK_NULL_HANDLE;
    VkDescriptorSetAllocateInfo allocInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    allocInfo.descriptorPool = pool.handle();
    allocInfo.descriptorSetCount = 1;
    const VkDescriptorSetLayout setLayout = r->setup->setLayout->handle();
    allocInfo.pSetLayouts = &setLayout;
    result = vkAllocateDescriptorSets(device.vk().handle(), &allocInfo, &set);
    if (result != VK_SUCCESS) return device.setVkError(result), VK_NULL_HANDLE;
    writeFallbackSetupSet(device.vk(), set, b, statisticsCounter.buffer, statisticsCounter.offset);
    return set;
  };
  // - the capture draw, inside a rendering instance with the capture pipeline
  //   bound (`bound`: what a batch's capture phase has bound, where only changes are recorded);
  auto recordCaptureDraw = [&](VkCommandBuffer cmd, const FallbackPiece& piece, BoundCommandState* bound) {
    // SV_VertexID, SV_InstanceID and a geometry shader's SV_PrimitiveID count
    // from the application's draw, not the piece's.
    const int32_t idBases[3] = {call.indexed ? call.baseVertex : int32_t(call.first), int32_t(call.firstInstance),
                                int32_t(piece.primitiveIdBase)};
    if (!bound || !bound->idBasesSet || std::memcmp(bound->idBases, idBases, sizeof idBases) != 0) {
      vkCmdPushConstants(cmd, captureLayout, PipelineCache::idBaseStages(device.vk()), 0, sizeof idBases, idBases);
      if (bound) std::memcpy(bound->idBases, idBases, sizeof idBases), bound->idBasesSet = true;
    }
    bindInputAssembly(device, cmd, piece.call, prepared.indexType, bound);
    if (listIndices) {
      vkCmdBindIndexBuffer(cmd, listIndices->handle(), 0, VK_INDEX_TYPE_UINT32);
      if (bound) bound->indexBuffer = VK_NULL_HANDLE;
    }
    if (bound)
      setDynamicStateChanges(device, cmd, prepared, *bound);
    else
      setDynamicState(device, cmd, prepared);
    cmdDraw(cmd, piece.call);
  };
  auto recordCapture = [&](VkCommandBuffer cmd, const FallbackPiece& piece, const FallbackPieceBuffers& b) {
    recordFallbackCapture(cmd, b, VkDeviceSize(piece.slots) * 3 * strideBytes,
                          [&] { recordCaptureDraw(cmd, piece, nullptr); });
  };
  // - the setup parameters of the piece;
  auto setPieceParams = [&](const FallbackPiece& piece) {
    params.slots = piece.slots;
    params.instances = gs || ds ? 1 : piece.instances;
    params.primitiveIdBase = gs || ds ? 0 : piece.primitiveIdBase;
  };
  // - the draw pass (`begin`: its rendering instance begins here, after the binds' layout changes).
  auto recordDrawPass = [&](VkCommandBuffer cmd, const FallbackPieceBuffers& b, const FallbackBuffers& drawBuffers,
                            const InvocationCounter* counter, bool begin) {
    if (!bindShaderResources(device, cmd, counter, &drawBuffers)) return false;
    if (begin) beginRendering(device, cmd, prepared.extent);
    setDynamicState(device, cmd, prepared);
    recordFallbackDraws(cmd, b, flatDrawPipeline, drawPipeline, params, vp.MinDepth, vp.MaxDepth, clip);
    return true;
  };

  // One piece, no query, no UAV: recorded into the device's fallback batch
  // with the draws before and after it (fallback_batch.h).
  // (Not under a condition: the batch's secondaries would not inherit it.)
  // (Nor with stream output: its pass records outside the batch.)
  if (pieces.size() == 1 && !listIndices && !queries.active() && device.activeQueries.empty() && !counting &&
      !predicated.onGpu() && !s.streamOutputShader &&
      !statsEnabled() && fallbackBatchingEnabled() && !anyUnorderedAccessViewBound(device)) {
    FallbackBatch& batch = r->batch;
    const FallbackPiece& piece = pieces[0];
    const RenderPassKey targets = renderPassKey(device, prepared.extent, 1);
    if (batch.open() && !(batch.accepts(targets) && shaderResourceLayoutsReady(device))) batch.flush(device);
    // What the draw shares with the draws of its group: without a numbered
    // SV_PrimitiveID in its pixel shader (a geometry or domain shader's is
    // captured), the triangles need not know their draw.
    std::optional<FallbackBatch::GroupKey> key;
    if (primitiveIdWord >= 0 || !readsPrimitiveId(ps ? &ps->reflection : nullptr)) {
      key.emplace();
      key->capture = capturePipeline;
      key->flat = flatDrawPipeline;
      key->exact = drawPipeline;
      key->header = header;
      key->params = params;  // slots counted by the group; instances and primitive-id base unused
      key->params.instances = 1;
      key->params.primitiveIdBase = 0;
      std::copy(std::begin(s.blendFactor), std::end(s.blendFactor), key->blendFactor);
      key->stencilRef = s.stencilRef;
      if (!pixelDescriptors(device, &key->pixel)) key.reset();
    }
    // Joining the open group: the capture is all the draw records.
    if (batch.open() && key && batch.groupAccepts(*key, piece.slots)) {
      VkCommandBuffer cmd = batch.phase(FallbackBatch::kCapture);
      if (!bindStageDescriptors(device, cmd, &batch.captureState())) return;
      recordCaptureDraw(cmd, piece, &batch.captureState());
      batch.addToGroup(piece.slots);
      batch.added();
      return;
    }
    // A new group: buffers for more triangles than this draw's when later draws may join.
    uint32_t groupSlots = piece.slots;
    if (key) {
      const VkDeviceSize bytesPerSlot = 3 * VkDeviceSize(strideBytes);
      const uint64_t byBytes = std::max<VkDeviceSize>(FallbackBatch::kGroupCaptureBytes / std::max<VkDeviceSize>(bytesPerSlot, 1), 1);
      groupSlots = uint32_t(std::max<uint64_t>(piece.slots, std::min<uint64_t>(FallbackBatch::kGroupSlots, byBytes)));
    }
    const FallbackBufferSet* set = batch.acquire(device, fallbackBufferSizes(groupSlots, strideBytes));
    if (!set) return;
    const FallbackPieceBuffers buffers = set->handles();
    const std::shared_ptr<vk::DescriptorPool> pool = setupPool(1);
    if (!pool) return;
    const VkDescriptorSet set0 = setupSet(*pool, buffers, {buffers.counters, kFallbackScratchStatisticsOffset});
    if (!set0) return;

    if (!batch.open()) {
      if (!batch.begin(device, targets)) return;
      // The first draw's image layout changes go before every instance of the
      // batch (the fills phase has none); then the instances begin.
      if (!bindStageDescriptors(device, batch.phase(FallbackBatch::kFills))) return batch.flush(device);
      batch.beginInstances(device, prepared.extent);
    }
    // Without a key the group is this draw alone (a key that matches no other draw's).
    const bool shared = key.has_value();
    FallbackBatch::GroupKey groupKey;
    if (shared) {
      groupKey = std::move(*key);
    } else {
      setPieceParams(piece);
      groupKey.capture = capturePipeline;
      groupKey.header = header;
      groupKey.params = params;
    }
    batch.openGroup(device, std::move(groupKey), set, set0, groupSlots, VkDeviceSize(groupSlots) * 3 * strideBytes);
    // Capture (the batch's 1×1 instance), into the group's stream.
    VkCommandBuffer cmd = batch.phase(FallbackBatch::kCapture);
    if (!bindStageDescriptors(device, cmd, &batch.captureState())) return;
    recordCaptureDraw(cmd, piece, &batch.captureState());
    batch.addToGroup(piece.slots);
    // The group's draw pass (the batch's instance over the targets); its counts come from the group's setup.
    if (!recordDrawPass(batch.phase(FallbackBatch::kDraw), buffers, {set->capture->handle(), set->records->handle()},
                        nullptr, false))
      return;
    batch.added();
    return;
  }
  if (!ensureBuffer(device, r->capture, sizes.capture, kFallbackCaptureUsage) ||
      !ensureBuffer(device, r->records, sizes.records, kFallbackRecordsUsage) ||
      !ensureBuffer(device, r->corners, sizes.corners, kFallbackCornersUsage) ||
      !ensureBuffer(device, r->deferred, sizes.deferred, kFallbackDeferredUsage) ||
      !ensureBuffer(device, r->counters, kFallbackCounterBytes, kFallbackCountersUsage))
    return;
  for (const std::shared_ptr<vk::Buffer>& b : {r->capture, r->records, r->corners, r->counters, r->deferred})
    device.queue().releaseAfter(device.queue().openSerial(), b);
  const FallbackPieceBuffers buffers{r->capture->handle(), r->records->handle(), r->corners->handle(),
                                     r->counters->handle(), r->deferred->handle()};

  // The setup pass's descriptor sets (one per piece).
  const std::shared_ptr<vk::DescriptorPool> pool = setupPool(uint32_t(pieces.size()));
  if (!pool) return;

  // D3DVK_FALLBACK_STATS: the previous draw's GPU times, and timestamps for this one.
  const bool timing = statsEnabled() && device.vk().info().properties.limits.timestampComputeAndGraphics;
  if (timing) {
    if (r->timestamps && r->timestampsPending) {
      uint64_t t[4] = {};
      if (vkGetQueryPoolResults(device.vk().handle(), r->timestamps->handle(), 0, 4, sizeof t, t, sizeof t[0],
                                VK_QUERY_RESULT_64_BIT) == VK_SUCCESS) {
        const double period = device.vk().info().properties.limits.timestampPeriod / 1e6;  // ms per tick
        std::fprintf(stderr, "d3dvk: fallback draw (previous, on the GPU): capture %.2f ms, setup %.2f ms, draw %.2f ms\n",
                     double(t[1] - t[0]) * period, double(t[2] - t[1]) * period, double(t[3] - t[2]) * period);
        r->timestampsPending = false;
      }
    }
    if (!r->timestamps) r->timestamps = vk::createQueryPool(device.vk(), VK_QUERY_TYPE_TIMESTAMP, 4, 0, &result);
  }
  auto timestamp = [&](VkCommandBuffer cmd, uint32_t slot) {
    if (!timing || !r->timestamps || r->timestampsPending) return;
    if (slot == 0) vkCmdResetQueryPool(cmd, r->timestamps->handle(), 0, 4);
    vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, r->timestamps->handle(), slot);
  };

  uint64_t trianglesTotal = 0;
  for (size_t pieceIndex = 0; pieceIndex < pieces.size(); ++pieceIndex) {
    const FallbackPiece& piece = pieces[pieceIndex];
    const bool first = pieceIndex == 0, last = pieceIndex + 1 == pieces.size();
    trianglesTotal += piece.slots;
    // Statistics the setup counts: into a query's counter slot while a
    // statistics query is active, else into scratch words.
    InvocationCounter statisticsCounter{r->counters->handle(), kFallbackScratchStatisticsOffset};
    if (queries.active() && !allocateFallbackStatisticsCounter(device, &statisticsCounter, gs != nullptr)) return;
    InvocationCounter invocationCounter;
    if (counting && !allocateInvocationCounter(device, &invocationCounter)) return;

    const VkDescriptorSet set = setupSet(*pool, buffers, statisticsCounter);
    if (!set) return;

    // 1. Capture.
    VkCommandBuffer cmd = device.record();
    if (!cmd) return;
    recordFallbackPieceStart(cmd, buffers, header, piece.slots, !queries.active());
    if (!bindStageDescriptors(device, cmd)) return;
    cmd = device.record();  // orders the fills before the capture
    if (!cmd) return;
    if (first) timestamp(cmd, 0);
    // The capture runs the app's geometry shader: a statistics query counts it there.
    const bool countCapture = gs && queries.active();
    if (countCapture && !queries.beginCapture(cmd)) return;
    VkRenderingInfo rendering{VK_STRUCTURE_TYPE_RENDERING_INFO};
    rendering.renderArea = {{0, 0}, {1, 1}};
    rendering.layerCount = 1;
    vkCmdBeginRendering(cmd, &rendering);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, capturePipeline);
    recordCapture(cmd, piece, buffers);
    vkCmdEndRendering(cmd);
    if (countCapture) queries.endCapture(cmd);

    // 2. Setup.
    cmd = device.record();
    if (!cmd) return;
    if (first) timestamp(cmd, 1);
    setPieceParams(piece);
    recordFallbackSetup(cmd, [&] { return device.record(); }, *r->setup, set, params, buffers);

    // 3. Draw.
    cmd = device.record();
    if (!cmd) return;
    if (first) timestamp(cmd, 2);
    if (!recordDrawPass(cmd, buffers, {r->capture->handle(), r->records->handle()},
                        counting ? &invocationCounter : nullptr, true))
      return;
    vkCmdEndRendering(cmd);
    if (last && timing && r->timestamps && !r->timestampsPending) {
      timestamp(cmd, 3);
      r->timestampsPending = true;
      device.queue().releaseAfter(device.queue().openSerial(), r->timestamps);
    }
  }
  if (statsEnabled()) {
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr,
                 "d3dvk: fallback draw: up to %llu triangles in %zu piece(s); %.2f ms to record; fallback buffers "
                 "(high-water mark): capture %.1f MiB, records %.1f MiB, corners %.1f MiB\n",
                 static_cast<unsigned long long>(trianglesTotal), pieces.size(), ms,
                 double(r->capture->size()) / 1048576.0, double(r->records->size()) / 1048576.0,
                 double(r->corners->size()) / 1048576.0);
  }
}

}  // namespace d3dvk::umd
