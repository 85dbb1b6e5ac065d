// ddi/umd/driver_fallback_draw.cpp — see driver_fallback_draw.h.
#include "driver_fallback_draw.h"

#include "adapter.h"
#include "device.h"
#include "driver_input_layout.h"
#include "driver_query.h"
#include "driver_rasterizer_state.h"
#include "driver_resource.h"
#include "driver_shader.h"
#include "dxbc/binding.h"
#include "dxbc/fallback_shaders.h"
#include "dxbc/listing.h"
#include "dxbc/translator.h"
#include "gpu_layout.h"          // translate/fallback
#include "guard_band.h"          // translate/fallback
#include "pipeline_cache.h"
#include "sample_positions.h"    // translate/fallback
#include "setup_shader.h"        // translate/fallback
#include "triangle_topology.h"   // translate/fallback

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string_view>

namespace d3dvk::umd {
namespace {

namespace gpu = fallback::gpu;

// One piece: at most this many triangles (D3DVK_FALLBACK_PIECE_TRIANGLES), and
// a capture of at most this many bytes.
constexpr uint32_t kDefaultPieceTriangles = 1u << 18;
constexpr VkDeviceSize kMaxCaptureBytes = VkDeviceSize(256) << 20;
// Words in FallbackResources::counters, each bound as a storage buffer at an
// offset that is a multiple of 256 (the largest minStorageBufferOffsetAlignment
// Vulkan allows): the transform-feedback counter, the scratch statistics and
// the draw pass's indirect draws.
constexpr VkDeviceSize kScratchStatisticsOffset = 256;
constexpr VkDeviceSize kDrawArgsOffset = 512;  // gpu::FallbackDrawArgs
constexpr VkDeviceSize kCounterBytes = 768;
// The captured register a domain shader's capture adds last: the patch's
// SV_PrimitiveID (TranslateOptions::capturePrimitiveId), no output register.
constexpr uint32_t kCapturedPrimitiveIdRegister = 0xFFFFFFFFu;

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

// A captured system value's register → its word in a captured vertex (the
// registers are captured as vec4s in ascending order), or -1.
int capturedWord(const Shader& captured, uint32_t systemValue) {
  for (const dxbc::SignatureElement& e : captured.reflection.outputs.elements) {
    if (e.systemValue != systemValue || e.stream != 0) continue;
    auto it = std::find(captured.capturedRegisters.begin(), captured.capturedRegisters.end(), e.registerIndex);
    if (it == captured.capturedRegisters.end()) continue;
    const uint32_t component = e.mask ? uint32_t(std::countr_zero(unsigned(e.mask))) : 0u;
    return int(4 * (it - captured.capturedRegisters.begin()) + component);
  }
  return -1;
}

// The rasterizer's clip rectangle: the viewport's pixels inside the render
// area (and inside the scissor when enabled).
struct ClipRect {
  int32_t left, top, right, bottom;
};
ClipRect clipRect(const Device& device, const PreparedDraw& draw) {
  const D3D10_DDI_VIEWPORT& v = device.draw.viewports[0];
  double left = std::max(0.0, std::floor(double(v.TopLeftX))), top = std::max(0.0, std::floor(double(v.TopLeftY)));
  double right = std::min(double(draw.extent.width), std::ceil(double(v.TopLeftX) + v.Width));
  double bottom = std::min(double(draw.extent.height), std::ceil(double(v.TopLeftY) + v.Height));
  if (draw.rasterizer.ScissorEnable) {
    if (device.draw.scissorCount == 0) return {0, 0, 0, 0};
    const D3D10_DDI_RECT& s = device.draw.scissors[0];
    left = std::max(left, double(s.left));
    top = std::max(top, double(s.top));
    right = std::min(right, double(s.right));
    bottom = std::min(bottom, double(s.bottom));
  }
  const auto clampInt = [](double x) { return int32_t(std::clamp(x, 0.0, 32767.0)); };
  ClipRect rect{clampInt(left), clampInt(top), clampInt(right), clampInt(bottom)};
  if (rect.right < rect.left) rect.right = rect.left;
  if (rect.bottom < rect.top) rect.bottom = rect.top;
  return rect;
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
  VkDeviceSize rounded = 4096;
  while (rounded < size) rounded *= 2;
  if (slot) device.queue().releaseAfter(device.queue().openSerial(), slot);
  VkResult result = VK_SUCCESS;
  slot = vk::Buffer::create(device.vk(), rounded, usage, false, &result);
  if (!slot) {
    device.setVkError(result);
    return false;
  }
  return true;
}

// The setup pipeline and the static index buffer, created on first use.
FallbackResources* resources(Device& device) {
  std::unique_ptr<FallbackResources>& r = device.fallbackResources();
  if (r) return r.get();
  auto created = std::make_unique<FallbackResources>();
  VkResult result = VK_SUCCESS;
  VkDescriptorSetLayoutBinding bindings[gpu::kSetupBindings];
  for (uint32_t i = 0; i < gpu::kSetupBindings; ++i)
    bindings[i] = {i, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
  VkDescriptorSetLayoutCreateInfo setInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  setInfo.bindingCount = gpu::kSetupBindings;
  setInfo.pBindings = bindings;
  created->setupSetLayout = vk::createDescriptorSetLayout(device.vk(), setInfo, &result);
  if (!created->setupSetLayout) return device.setVkError(result), nullptr;
  const VkPushConstantRange push{VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(gpu::SetupParams)};
  VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  const VkDescriptorSetLayout setLayout = created->setupSetLayout->handle();
  layoutInfo.setLayoutCount = 1;
  layoutInfo.pSetLayouts = &setLayout;
  layoutInfo.pushConstantRangeCount = 1;
  layoutInfo.pPushConstantRanges = &push;
  created->setupLayout = vk::createPipelineLayout(device.vk(), layoutInfo, &result);
  if (!created->setupLayout) return device.setVkError(result), nullptr;
  // D3DVK_FALLBACK_SETUP_FLOAT=1: the single-precision setup pass even on a
  // device with shaderFloat64 (what devices without it run), for tests.
  const char* forceFloat = std::getenv("D3DVK_FALLBACK_SETUP_FLOAT");
  const bool doubles = device.vk().enabledFeatures().shaderFloat64 && !(forceFloat && std::string_view(forceFloat) == "1");
  for (const fallback::SetupPass pass : {fallback::SetupPass::Triage, fallback::SetupPass::Deferred}) {
    const std::span<const uint32_t> code = fallback::setupShaderSpirv(doubles, pass);
    std::unique_ptr<vk::ShaderModule> module =
        vk::createShaderModule(device.vk(), std::vector<uint32_t>(code.begin(), code.end()), &result);
    if (!module) return device.setVkError(result), nullptr;
    VkComputePipelineCreateInfo pipelineInfo{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    pipelineInfo.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_COMPUTE_BIT,
                          module->handle(), "main", nullptr};
    pipelineInfo.layout = created->setupLayout->handle();
    std::unique_ptr<vk::Pipeline>& pipeline =
        pass == fallback::SetupPass::Triage ? created->setupPipeline : created->deferredPipeline;
    pipeline = vk::createComputePipeline(device.vk(), pipelineInfo, &result);
    if (!pipeline) return device.setVkError(result), nullptr;
  }
  created->pieceTriangles = kDefaultPieceTriangles;
  if (const char* v = std::getenv("D3DVK_FALLBACK_PIECE_TRIANGLES")) {
    char* end = nullptr;
    const unsigned long n = std::strtoul(v, &end, 10);
    if (*v && end && *end == 0 && n >= 1 && n <= (1ul << 22)) created->pieceTriangles = uint32_t(n);
    else logError("D3DVK_FALLBACK_PIECE_TRIANGLES must be 1..4194304; using " + std::to_string(kDefaultPieceTriangles));
  }
  r = std::move(created);
  return r.get();
}

// One piece of a draw: the sub-draw the capture records and what the setup
// needs to number its primitives.
struct Piece {
  DrawCall call;
  uint32_t slots = 0;            // captured triangles at most
  uint32_t instances = 1;        // instances the capture runs
  uint32_t primitiveIdBase = 0;  // lists cut inside one instance: the piece's first primitive
};

// Splits the draw so no piece exceeds `capacity` primitives of `layout`
// (each captured as at most `trianglesPerPrimitive` triangles: 1, or what a
// geometry shader may emit): whole instances per piece, or runs of
// consecutive primitives of one instance (strips from even primitives, so a
// triangle strip's winding holds; an indexed strip only when it fits, since a
// cut earlier in the index buffer would change the winding and the numbering
// of a piece's first primitives).
bool planPieces(const DrawCall& call, const fallback::PrimitiveLayout& layout, uint64_t capacity,
                uint32_t trianglesPerPrimitive, std::vector<Piece>* out) {
  const uint64_t perInstance = fallback::primitivesPerInstance(layout, call.count);
  if (perInstance == 0) return true;
  if (perInstance <= capacity) {
    const uint64_t instancesPerPiece = std::max<uint64_t>(1, capacity / perInstance);
    for (uint64_t i = 0; i < call.instances; i += instancesPerPiece) {
      Piece p;
      p.call = call;
      p.instances = uint32_t(std::min<uint64_t>(instancesPerPiece, call.instances - i));
      p.call.instances = p.instances;
      p.call.firstInstance = call.firstInstance + uint32_t(i);
      p.slots = uint32_t(perInstance * p.instances * trianglesPerPrimitive);
      out->push_back(p);
    }
    return true;
  }
  if (layout.strip && call.indexed) return false;
  const uint64_t run = layout.strip ? std::max<uint64_t>(2, capacity & ~uint64_t(1)) : capacity;
  for (uint32_t instance = 0; instance < call.instances; ++instance)
    for (uint64_t t = 0; t < perInstance; t += run) {
      const uint64_t k = std::min<uint64_t>(run, perInstance - t);
      Piece p;
      p.call = call;
      p.call.instances = 1;
      p.call.firstInstance = call.firstInstance + instance;
      p.call.first = uint32_t(call.first + layout.start * t);
      p.call.count = uint32_t(layout.perPrimitive * k + layout.extra);
      p.slots = uint32_t(k * trianglesPerPrimitive);
      p.primitiveIdBase = uint32_t(t);
      out->push_back(p);
    }
  return true;
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
    const VkBufferCopy region{s.indexOffset + VkDeviceSize(call.first) * indexSize, 0, bytes};
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

// Indexed draws read only the indices the bound buffer holds: a triangle
// whose references all lie past its end reads index 0 three times (D3D reads
// zeros there), a triangle with duplicate indices, which conservative
// rasterization may cull (the spec's exception). With robustBufferAccess2
// the triangles straddling the end stay (their missing indices read 0 on the
// device); without it they are dropped too, as Vulkan must not read past the
// index buffer.
DrawCall clampToIndexBuffer(Device& device, const DrawCall& call, const fallback::PrimitiveLayout& layout,
                            VkIndexType indexType) {
  if (!call.indexed) return call;
  const DrawState& s = device.draw;
  const uint64_t indexSize = indexType == VK_INDEX_TYPE_UINT32 ? 4 : 2;
  const uint64_t held = s.indexBuffer->width > s.indexOffset ? (s.indexBuffer->width - s.indexOffset) / indexSize : 0;
  const uint64_t available = held > call.first ? held - call.first : 0;
  uint64_t count = call.count;
  if (device.vk().samplerFeatures().robustBufferAccess2) {
    // Every triangle with a reference inside the buffer.
    const uint64_t primitives = (available + layout.start - 1) / layout.start;
    count = std::min<uint64_t>(count, primitives ? layout.perPrimitive * primitives + layout.extra : 0);
  } else {
    count = std::min<uint64_t>(count, available);
  }
  DrawCall clamped = call;
  clamped.count = uint32_t(count);
  return clamped;
}

}  // namespace

void recordFallbackDraw(Device& device, const DrawCall& call, const PreparedDraw& prepared) {
  DrawState& s = device.draw;
  std::lock_guard<std::mutex> lock(device.queueMutex());
  const auto start = std::chrono::steady_clock::now();
  // Neither pass counts in pipeline statistics; the app draw's values are added instead.
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
  if (gs) {
    if (gs->reflection.gsOutputTopology != 5) return;  // points and lines: the runtime already rejected the draw (ID 365)
    if (gs->reflection.writesViewportArrayIndex && prepared.viewportCount > 1) {
      logError("conservative fallback: a geometry shader writing SV_ViewportArrayIndex with more than one viewport "
               "bound is not supported (the fallback draws into viewport 0); draw dropped");
      return;
    }
    if (gs->reflection.writesRenderTargetArrayIndex && prepared.layerCount > 1) {
      logError("conservative fallback: a geometry shader writing SV_RenderTargetArrayIndex into views of more than "
               "one array slice is not supported (the fallback draws into slice 0); draw dropped");
      return;
    }
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
  const UINT coverageSamples = forced ? forced : prepared.samples;
  const uint32_t allSamples = coverageSamples >= 31 ? 0x7FFFFFFFu : (1u << coverageSamples) - 1u;
  const bool masked = prepared.samples > 1 || (uint32_t(s.sampleMask) & allSamples) != allSamples;
  const unsigned variant = (counting ? Shader::kFallbackCounting : 0u) | (masked ? Shader::kFallbackMasked : 0u);
  // Two pixel-shader variants: the flat path alone, and with the exact path (gpu_layout.h).
  const VkShaderModule pixelModule = ensureVariants(device, vs, captured, ps, variant);
  if (!pixelModule) return;
  const VkShaderModule flatPixelModule = ensureVariants(device, vs, captured, ps, variant | Shader::kFallbackFlatOnly);
  if (!flatPixelModule) return;
  const int positionWord = capturedWord(captured, 1 /*D3D_NAME_POSITION*/);
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
  const uint64_t capacity =
      std::max<uint64_t>(1, std::min<uint64_t>(r->pieceTriangles, kMaxCaptureBytes / (3 * uint64_t(strideBytes))) /
                                trianglesPerPrimitive);
  std::vector<Piece> pieces;
  uint32_t captureTopology = uint32_t(s.topology);
  std::shared_ptr<vk::Buffer> listIndices;  // an indexed strip drawn as its triangles' index list
  if (!planPieces(clamped, *inputLayout, capacity, trianglesPerPrimitive, &pieces)) {
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
    if (!planPieces(clamped, *fallback::primitiveLayout(captureTopology), capacity, trianglesPerPrimitive, &pieces))
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
  drawKey.rasterizer.CullMode = D3D10_DDI_CULL_NONE;  // culled by the setup; the record carries the facing
  drawKey.rasterizer.FillMode = D3D10_DDI_FILL_SOLID;
  drawKey.rasterizer.DepthClipEnable = FALSE;  // depth clamp: extrapolated depth stays in the viewport range
  drawKey.rasterizer.ConservativeRasterizationMode = D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_OFF;
  drawKey.rasterizerSamples = forced ? forced : prepared.samples;  // what sampleinfo(rasterizer) answers
  drawKey.rasterizer.ForcedSampleCount = 0;
  drawKey.rasterizer.MultisampleEnable = FALSE;
  drawKey.rasterizer.AntialiasedLineEnable = FALSE;
  drawKey.rasterizer.ScissorEnable = TRUE;  // the clip rectangle
  // The pixel shader writes SampleMask itself (the coverage ANDed with
  // OMSetBlendState's mask): with the pipeline's mask full it runs even for a
  // mask of 0, where D3D still runs it (UAV writes) but updates no sample.
  drawKey.sampleMask = 0xFFFFFFFF;
  // The corners and the records' words 0..15 as vertex attributes (gpu_layout.h; strides dynamic).
  state::VertexInputState drawVertexInput;
  drawVertexInput.bindings = {{gpu::kDrawCornersBinding, 0, VK_VERTEX_INPUT_RATE_VERTEX},
                              {gpu::kDrawRecordsBinding, 0, VK_VERTEX_INPUT_RATE_VERTEX}};
  drawVertexInput.attributes = {
      {gpu::kDrawCornerPositionLocation, gpu::kDrawCornersBinding, VK_FORMAT_R32G32B32_SFLOAT, offsetof(gpu::FallbackCorner, x)},
      {gpu::kDrawCornerWeightsLocation, gpu::kDrawCornersBinding, VK_FORMAT_R32G32B32_SFLOAT, offsetof(gpu::FallbackCorner, u)}};
  for (uint32_t i = 0; i < 4; ++i)
    drawVertexInput.attributes.push_back(
        {gpu::kDrawRecordWordsLocation + i, gpu::kDrawRecordsBinding, VK_FORMAT_R32G32B32A32_UINT, 16 * i});
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

  // The draw header: SV_Coverage and the sample mask the prelude applies.
  const bool conservative =
      prepared.rasterizer.ConservativeRasterizationMode == D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_ON;
  const uint32_t anyBit = forced && prepared.samples == 1 ? gpu::kHeaderCoverageAnyBit : 0u;
  gpu::FallbackHeader header{};
  header.coverage = (conservative ? allSamples & uint32_t(s.sampleMask) : uint32_t(s.sampleMask) & 0x7FFFFFFFu) | anyBit;
  if (!conservative) {
    const std::span<const std::array<int8_t, 2>> positions = fallback::standardSamplePositions(forced);
    header.sampleCount = uint32_t(positions.size());
    for (size_t i = 0; i < positions.size(); ++i) header.samples[i][0] = positions[i][0], header.samples[i][1] = positions[i][1];
  }

  // Setup parameters shared by the pieces.
  const D3D10_DDI_VIEWPORT& vp = s.viewports[0];
  const fallback::Viewport viewport{vp.TopLeftX, vp.TopLeftY, vp.Width, vp.Height, 0.0, 1.0};
  const fallback::ClipState clipState = fallback::clipStateFor(viewport, prepared.rasterizer.DepthClipEnable != FALSE);
  const ClipRect clip = clipRect(device, prepared);
  gpu::SetupParams params{};
  params.viewportX = vp.TopLeftX;
  params.viewportY = vp.TopLeftY;
  params.viewportWidth = vp.Width;
  params.viewportHeight = vp.Height;
  params.clipLeft = clip.left;
  params.clipTop = clip.top;
  params.clipRight = clip.right;
  params.clipBottom = clip.bottom;
  params.guardX = float(clipState.guardX);
  params.guardY = float(clipState.guardY);
  params.targetWidth = float(prepared.extent.width);
  params.targetHeight = float(prepared.extent.height);
  params.flags = (conservative ? gpu::kSetupConservative | gpu::kSetupInner : 0u) |
                 (prepared.rasterizer.DepthClipEnable ? gpu::kSetupDepthClip : 0u) |
                 (prepared.rasterizer.CullMode == D3D10_DDI_CULL_FRONT ? gpu::kSetupCullFront : 0u) |
                 (prepared.rasterizer.CullMode == D3D10_DDI_CULL_BACK ? gpu::kSetupCullBack : 0u) |
                 (prepared.rasterizer.FrontCounterClockwise ? gpu::kSetupFrontCounterClockwise : 0u) |
                 (prepared.samples > 1 ? gpu::kSetupFullPixels : 0u);
  params.strideWords = 4 * registers;
  params.positionWord = uint32_t(positionWord);
  // A geometry shader's SV_PrimitiveID or a tessellated triangle's patch's (else the setup numbers the triangles).
  const int primitiveIdWord = gs   ? capturedWord(*gs, 7 /*D3D_NAME_PRIMITIVE_ID*/)
                              : ds ? int(4 * (registers - 1))  // the patch's (kCapturedPrimitiveIdRegister)
                                   : -1;
  params.primitiveIdWord = primitiveIdWord >= 0 ? uint32_t(primitiveIdWord) : gpu::kNoPrimitiveIdWord;
  // The captured stage's SV_CullDistance components (the setup culls by them).
  for (const dxbc::SignatureElement& e : captured.reflection.outputs.elements) {
    if (e.systemValue != 3 /*D3D_NAME_CULL_DISTANCE*/ || e.stream != 0) continue;
    auto it = std::find(captured.capturedRegisters.begin(), captured.capturedRegisters.end(), e.registerIndex);
    if (it == captured.capturedRegisters.end()) continue;
    for (uint32_t c = 0; c < 4; ++c) {
      if (!(e.mask & (1u << c)) || params.cullCount == 8) continue;
      const uint32_t word = 4 * uint32_t(it - captured.capturedRegisters.begin()) + c;
      params.cullWords[params.cullCount / 4] |= word << (8 * (params.cullCount % 4));
      ++params.cullCount;
    }
  }

  uint32_t maxSlots = 0;
  for (const Piece& p : pieces) maxSlots = std::max(maxSlots, p.slots);
  const VkBufferUsageFlags storage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  if (!ensureBuffer(device, r->capture, VkDeviceSize(maxSlots) * 3 * strideBytes,
                    storage | VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT) ||
      !ensureBuffer(device, r->records,
                    sizeof(gpu::FallbackHeader) + VkDeviceSize(maxSlots) * sizeof(gpu::FallbackRecord),
                    storage | VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_VERTEX_BUFFER_BIT) ||
      !ensureBuffer(device, r->corners, VkDeviceSize(maxSlots) * gpu::kCornersPerRecord * sizeof(gpu::FallbackCorner),
                    storage | VK_BUFFER_USAGE_VERTEX_BUFFER_BIT) ||
      !ensureBuffer(device, r->deferred, VkDeviceSize(maxSlots) * sizeof(uint32_t), storage) ||
      !ensureBuffer(device, r->counters, kCounterBytes,
                    storage | VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_COUNTER_BUFFER_BIT_EXT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                        VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT))
    return;
  for (const std::shared_ptr<vk::Buffer>& b : {r->capture, r->records, r->corners, r->counters, r->deferred})
    device.queue().releaseAfter(device.queue().openSerial(), b);

  // The setup pass's descriptor set (one per draw, its pool freed with the batch).
  const VkDescriptorPoolSize poolSize{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, gpu::kSetupBindings * uint32_t(pieces.size())};
  VkDescriptorPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  poolInfo.maxSets = uint32_t(pieces.size());
  poolInfo.poolSizeCount = 1;
  poolInfo.pPoolSizes = &poolSize;
  std::shared_ptr<vk::DescriptorPool> pool = vk::createDescriptorPool(device.vk(), poolInfo, &result);
  if (!pool) return device.setVkError(result);
  device.queue().releaseAfter(device.queue().openSerial(), pool);

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
    const Piece& piece = pieces[pieceIndex];
    const bool first = pieceIndex == 0, last = pieceIndex + 1 == pieces.size();
    trianglesTotal += piece.slots;
    // Statistics the setup counts: into a query's counter slot while a
    // statistics query is active, else into scratch words.
    InvocationCounter statisticsCounter{r->counters->handle(), kScratchStatisticsOffset};
    if (queries.active() && !allocateFallbackStatisticsCounter(device, &statisticsCounter)) return;
    InvocationCounter invocationCounter;
    if (counting && !allocateInvocationCounter(device, &invocationCounter)) return;

    VkDescriptorSet set = VK_NULL_HANDLE;
    VkDescriptorSetAllocateInfo allocInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    allocInfo.descriptorPool = pool->handle();
    allocInfo.descriptorSetCount = 1;
    const VkDescriptorSetLayout setLayout = r->setupSetLayout->handle();
    allocInfo.pSetLayouts = &setLayout;
    result = vkAllocateDescriptorSets(device.vk().handle(), &allocInfo, &set);
    if (result != VK_SUCCESS) return device.setVkError(result);
    const VkDescriptorBufferInfo infos[gpu::kSetupBindings] = {
        {r->capture->handle(), 0, VK_WHOLE_SIZE},
        {r->counters->handle(), 0, 16},
        {r->records->handle(), 0, VK_WHOLE_SIZE},
        {r->corners->handle(), 0, VK_WHOLE_SIZE},
        {statisticsCounter.buffer, statisticsCounter.offset, 16},
        {r->counters->handle(), kDrawArgsOffset, sizeof(gpu::FallbackDrawArgs)},
        {r->deferred->handle(), 0, VK_WHOLE_SIZE},
    };
    VkWriteDescriptorSet writes[gpu::kSetupBindings];
    for (uint32_t i = 0; i < gpu::kSetupBindings; ++i) {
      writes[i] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
      writes[i].dstSet = set;
      writes[i].dstBinding = i;
      writes[i].descriptorCount = 1;
      writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      writes[i].pBufferInfo = &infos[i];
    }
    vkUpdateDescriptorSets(device.vk().handle(), gpu::kSetupBindings, writes, 0, nullptr);

    // 1. Capture.
    VkCommandBuffer cmd = device.record();
    if (!cmd) return;
    vkCmdFillBuffer(cmd, r->counters->handle(), 0, 16, 0);
    if (!queries.active()) vkCmdFillBuffer(cmd, r->counters->handle(), kScratchStatisticsOffset, 16, 0);
    vkCmdUpdateBuffer(cmd, r->records->handle(), 0, sizeof header, &header);
    // The flat-only draw until the setup finds a record it cannot decide.
    const gpu::FallbackDrawArgs drawArgs{{gpu::kCornersPerRecord * piece.slots, 1, 0, 0}, {0, 1, 0, 0}, {0, 1, 1}, 0};
    vkCmdUpdateBuffer(cmd, r->counters->handle(), kDrawArgsOffset, sizeof drawArgs, &drawArgs);
    if (!bindShaderResources(device, cmd)) return;
    cmd = device.record();  // orders the fills before the capture
    if (!cmd) return;
    if (first) timestamp(cmd, 0);
    VkRenderingInfo rendering{VK_STRUCTURE_TYPE_RENDERING_INFO};
    rendering.renderArea = {{0, 0}, {1, 1}};
    rendering.layerCount = 1;
    vkCmdBeginRendering(cmd, &rendering);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, capturePipeline);
    // SV_VertexID, SV_InstanceID and a geometry shader's SV_PrimitiveID count
    // from the application's draw, not the piece's.
    const int32_t idBases[3] = {call.indexed ? call.baseVertex : int32_t(call.first), int32_t(call.firstInstance),
                                int32_t(piece.primitiveIdBase)};
    vkCmdPushConstants(cmd, captureLayout, PipelineCache::idBaseStages(device.vk()), 0, sizeof idBases, idBases);
    bindInputAssembly(device, cmd, piece.call, prepared.indexType);
    if (listIndices) vkCmdBindIndexBuffer(cmd, listIndices->handle(), 0, VK_INDEX_TYPE_UINT32);
    setDynamicState(device, cmd, prepared);
    const VkBuffer xfb = r->capture->handle();
    const VkDeviceSize xfbOffset = 0, xfbSize = VkDeviceSize(piece.slots) * 3 * strideBytes;
    vkCmdBindTransformFeedbackBuffersEXT(cmd, 0, 1, &xfb, &xfbOffset, &xfbSize);
    vkCmdBeginTransformFeedbackEXT(cmd, 0, 0, nullptr, nullptr);
    cmdDraw(cmd, piece.call);
    const VkBuffer counterBuffer = r->counters->handle();
    const VkDeviceSize counterOffset = 0;
    vkCmdEndTransformFeedbackEXT(cmd, 0, 1, &counterBuffer, &counterOffset);
    vkCmdEndRendering(cmd);

    // 2. Setup.
    cmd = device.record();
    if (!cmd) return;
    if (first) timestamp(cmd, 1);
    params.slots = piece.slots;
    params.instances = gs || ds ? 1 : piece.instances;
    params.primitiveIdBase = gs || ds ? 0 : piece.primitiveIdBase;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, r->setupPipeline->handle());
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, r->setupLayout->handle(), 0, 1, &set, 0, nullptr);
    vkCmdPushConstants(cmd, r->setupLayout->handle(), VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof params, &params);
    vkCmdDispatch(cmd, (piece.slots + gpu::kSetupWorkgroupSize - 1) / gpu::kSetupWorkgroupSize, 1, 1);
    // The full setup over the triangles the triage deferred (clipped, degenerate, non-finite).
    cmd = device.record();  // orders the triage's writes before the indirect dispatch
    if (!cmd) return;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, r->deferredPipeline->handle());
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, r->setupLayout->handle(), 0, 1, &set, 0, nullptr);
    vkCmdPushConstants(cmd, r->setupLayout->handle(), VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof params, &params);
    vkCmdDispatchIndirect(cmd, r->counters->handle(), kDrawArgsOffset + offsetof(gpu::FallbackDrawArgs, deferredDispatch));

    // 3. Draw.
    cmd = device.record();
    if (!cmd) return;
    if (first) timestamp(cmd, 2);
    const FallbackBuffers buffers{r->capture->handle(), r->records->handle()};
    if (!bindShaderResources(device, cmd, counting ? &invocationCounter : nullptr, &buffers)) return;
    beginRendering(device, cmd, prepared.extent);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, flatDrawPipeline);
    setDynamicState(device, cmd, prepared);
    const VkViewport target{0.0f, 0.0f, float(prepared.extent.width), float(prepared.extent.height),
                            std::clamp(vp.MinDepth, 0.0f, 1.0f), std::clamp(vp.MaxDepth, 0.0f, 1.0f)};
    vkCmdSetViewport(cmd, 0, 1, &target);
    const VkRect2D scissor{{clip.left, clip.top},
                           {uint32_t(clip.right - clip.left), uint32_t(clip.bottom - clip.top)}};
    vkCmdSetScissor(cmd, 0, 1, &scissor);
    const VkBuffer vertexBuffers[2] = {r->corners->handle(), r->records->handle()};
    const VkDeviceSize vertexOffsets[2] = {0, sizeof(gpu::FallbackHeader)};
    const VkDeviceSize vertexStrides[2] = {sizeof(gpu::FallbackCorner), gpu::kRecordVertexStride};
    vkCmdBindVertexBuffers2(cmd, gpu::kDrawCornersBinding, 2, vertexBuffers, vertexOffsets, nullptr, vertexStrides);
    // One of the two runs (the other has no vertices): the same candidate triangles in primitive order.
    vkCmdDrawIndirect(cmd, r->counters->handle(), kDrawArgsOffset + offsetof(gpu::FallbackDrawArgs, flat), 1, 0);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, drawPipeline);
    vkCmdDrawIndirect(cmd, r->counters->handle(), kDrawArgsOffset + offsetof(gpu::FallbackDrawArgs, exact), 1, 0);
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
