// ddi/umd/fallback_passes.cpp — see fallback_passes.h.
#include "fallback_passes.h"

#include "guard_band.h"        // translate/fallback
#include "adapter.h"  // logError
#include "internal_compute12.h"  // writeStorageBufferSet
#include "sample_positions.h"  // translate/fallback
#include "setup_shader.h"      // translate/fallback

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

namespace d3dvk::umd {

namespace gpu = fallback::gpu;

std::unique_ptr<FallbackSetupPipelines> createFallbackSetupPipelines(vk::Device& device, VkResult* result) {
  auto created = std::make_unique<FallbackSetupPipelines>();
  VkDescriptorSetLayoutBinding bindings[gpu::kSetupBindings];
  for (uint32_t i = 0; i < gpu::kSetupBindings; ++i)
    bindings[i] = {i, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
  VkDescriptorSetLayoutCreateInfo setInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  setInfo.bindingCount = gpu::kSetupBindings;
  setInfo.pBindings = bindings;
  created->setLayout = vk::createDescriptorSetLayout(device, setInfo, result);
  if (!created->setLayout) return nullptr;
  const VkPushConstantRange push{VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(gpu::SetupParams)};
  VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  const VkDescriptorSetLayout setLayout = created->setLayout->handle();
  layoutInfo.setLayoutCount = 1;
  layoutInfo.pSetLayouts = &setLayout;
  layoutInfo.pushConstantRangeCount = 1;
  layoutInfo.pPushConstantRanges = &push;
  created->layout = vk::createPipelineLayout(device, layoutInfo, result);
  if (!created->layout) return nullptr;
  const char* forceFloat = std::getenv("D3DVK_FALLBACK_SETUP_FLOAT");
  const bool doubles = device.enabledFeatures().shaderFloat64 && !(forceFloat && std::string_view(forceFloat) == "1");
  for (const fallback::SetupPass pass : {fallback::SetupPass::Triage, fallback::SetupPass::Deferred}) {
    const std::span<const uint32_t> code = fallback::setupShaderSpirv(doubles, pass);
    std::unique_ptr<vk::ShaderModule> module =
        vk::createShaderModule(device, std::vector<uint32_t>(code.begin(), code.end()), result);
    if (!module) return nullptr;
    VkComputePipelineCreateInfo pipelineInfo{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    pipelineInfo.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_COMPUTE_BIT,
                          module->handle(), "main", nullptr};
    pipelineInfo.layout = created->layout->handle();
    std::unique_ptr<vk::Pipeline>& pipeline = pass == fallback::SetupPass::Triage ? created->triage : created->deferred;
    pipeline = vk::createComputePipeline(device, pipelineInfo, result);
    if (!pipeline) return nullptr;
  }
  if (const char* v = std::getenv("D3DVK_FALLBACK_PIECE_TRIANGLES")) {
    char* end = nullptr;
    const unsigned long n = std::strtoul(v, &end, 10);
    if (*v && end && *end == 0 && n >= 1 && n <= (1ul << 22)) created->pieceTriangles = uint32_t(n);
    else logError("D3DVK_FALLBACK_PIECE_TRIANGLES must be 1..4194304; using " + std::to_string(kFallbackDefaultPieceTriangles));
  }
  return created;
}

bool planFallbackPieces(const DrawCall& call, const fallback::PrimitiveLayout& layout, uint64_t capacity,
                        uint32_t trianglesPerPrimitive, std::vector<FallbackPiece>* out) {
  const uint64_t perInstance = fallback::primitivesPerInstance(layout, call.count);
  if (perInstance == 0) return true;
  // Whole instances per piece where one fits.
  if (perInstance <= capacity) {
    const uint64_t instancesPerPiece = std::max<uint64_t>(1, capacity / perInstance);
    for (uint64_t i = 0; i < call.instances; i += instancesPerPiece) {
      FallbackPiece p;
      p.call = call;
      p.instances = uint32_t(std::min<uint64_t>(instancesPerPiece, call.instances - i));
      p.call.instances = p.instances;
      p.call.firstInstance = call.firstInstance + uint32_t(i);
      p.slots = uint32_t(perInstance * p.instances * trianglesPerPrimitive);
      out->push_back(p);
    }
    return true;
  }
  // Else runs of consecutive primitives of one instance (strips from even
  // primitives, so a triangle strip's winding holds).
  if (layout.strip && call.indexed) return false;
  const uint64_t run = layout.strip ? std::max<uint64_t>(2, capacity & ~uint64_t(1)) : capacity;
  for (uint32_t instance = 0; instance < call.instances; ++instance)
    for (uint64_t t = 0; t < perInstance; t += run) {
      const uint64_t k = std::min<uint64_t>(run, perInstance - t);
      FallbackPiece p;
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

uint64_t fallbackPieceCapacity(const FallbackSetupPipelines& setup, uint32_t strideBytes, uint32_t trianglesPerPrimitive) {
  return std::max<uint64_t>(
      1, std::min<uint64_t>(setup.pieceTriangles, kFallbackMaxCaptureBytes / (3 * uint64_t(strideBytes))) /
             trianglesPerPrimitive);
}

DrawCall clampFallbackIndexedDraw(const DrawCall& call, const fallback::PrimitiveLayout& layout, uint64_t heldIndices,
                                  bool robust) {
  if (!call.indexed) return call;
  const uint64_t available = heldIndices > call.first ? heldIndices - call.first : 0;
  uint64_t count = call.count;
  if (robust) {
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

bool readsPrimitiveId(const dxbc::ShaderReflection* ps) {
  if (!ps) return false;
  for (const dxbc::SignatureElement& e : ps->inputs.elements)
    if (e.systemValue == 7 /*D3D_NAME_PRIMITIVE_ID*/) return true;  // (names only stand for values from 64 on)
  return false;
}

int capturedWord(const dxbc::ShaderReflection& reflection, const std::vector<uint32_t>& registers, uint32_t systemValue,
                 uint32_t stream) {
  for (const dxbc::SignatureElement& e : reflection.outputs.elements) {
    if (e.systemValue != systemValue || e.stream != stream) continue;
    auto it = std::find(registers.begin(), registers.end(), e.registerIndex);
    if (it == registers.end()) continue;
    const uint32_t component = e.mask ? uint32_t(std::countr_zero(unsigned(e.mask))) : 0u;
    return int(4 * (it - registers.begin()) + component);
  }
  return -1;
}

FallbackClipRect fallbackClipRect(float x, float y, float width, float height, VkExtent2D extent, const VkRect2D* scissor) {
  double left = std::max(0.0, std::floor(double(x))), top = std::max(0.0, std::floor(double(y)));
  double right = std::min(double(extent.width), std::ceil(double(x) + width));
  double bottom = std::min(double(extent.height), std::ceil(double(y) + height));
  if (scissor) {
    left = std::max(left, double(scissor->offset.x));
    top = std::max(top, double(scissor->offset.y));
    right = std::min(right, double(scissor->offset.x) + double(scissor->extent.width));
    bottom = std::min(bottom, double(scissor->offset.y) + double(scissor->extent.height));
  }
  const auto clampInt = [](double v) { return int32_t(std::clamp(v, 0.0, 32767.0)); };
  FallbackClipRect rect{clampInt(left), clampInt(top), clampInt(right), clampInt(bottom)};
  if (rect.right < rect.left) rect.right = rect.left;
  if (rect.bottom < rect.top) rect.bottom = rect.top;
  return rect;
}

uint32_t fallbackCoverageSamples(const D3DWDDM2_0DDI_RASTERIZER_DESC& rasterizer, UINT samples) {
  return rasterizer.ForcedSampleCount ? rasterizer.ForcedSampleCount : samples;
}

namespace {
uint32_t allSamplesMask(uint32_t samples) { return samples >= 31 ? 0x7FFFFFFFu : (1u << samples) - 1u; }
bool conservativeOn(const D3DWDDM2_0DDI_RASTERIZER_DESC& r) {
  return r.ConservativeRasterizationMode == D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_ON;
}
}  // namespace

bool fallbackMasked(const D3DWDDM2_0DDI_RASTERIZER_DESC& rasterizer, UINT samples, uint32_t sampleMask) {
  // The pixel shader writes the sample mask itself unless the target is
  // single-sample and SampleMask keeps every rasterized sample.
  const uint32_t all = allSamplesMask(fallbackCoverageSamples(rasterizer, samples));
  return samples > 1 || (sampleMask & all) != all;
}

gpu::FallbackHeader fallbackHeader(const FallbackDrawParameters& p) {
  const D3DWDDM2_0DDI_RASTERIZER_DESC& r = *p.rasterizer;
  const UINT forced = r.ForcedSampleCount;
  const uint32_t all = allSamplesMask(fallbackCoverageSamples(r, p.samples));
  const uint32_t anyBit = forced && p.samples == 1 ? gpu::kHeaderCoverageAnyBit : 0u;
  gpu::FallbackHeader header{};
  header.coverage = (conservativeOn(r) ? all & p.sampleMask : p.sampleMask & 0x7FFFFFFFu) | anyBit;
  if (!conservativeOn(r)) {
    const std::span<const std::array<int8_t, 2>> positions = fallback::standardSamplePositions(forced);
    header.sampleCount = uint32_t(positions.size());
    for (size_t i = 0; i < positions.size(); ++i) header.samples[i][0] = positions[i][0], header.samples[i][1] = positions[i][1];
  }
  return header;
}

FallbackDrawAxis fallbackDrawAxis(uint32_t targetSize, uint32_t maxViewport) {
  // (Vulkan: maxViewportDimensions ≥ every framebuffer's size, viewportBoundsRange ⊇ ±2·maxViewportDimensions.)
  const uint32_t size = std::bit_floor(std::min<uint32_t>(maxViewport, 1u << 16));
  if (targetSize == 0 || size < 2 * targetSize) return {0.0f, float(targetSize)};
  return {-float((size - targetSize) / 2), float(size)};
}

gpu::SetupParams fallbackSetupParams(const FallbackDrawParameters& p) {
  const D3DWDDM2_0DDI_RASTERIZER_DESC& r = *p.rasterizer;
  const fallback::Viewport viewport{p.viewportX, p.viewportY, p.viewportWidth, p.viewportHeight, 0.0, 1.0};
  const fallback::ClipState clipState = fallback::clipStateFor(viewport, r.DepthClipEnable != FALSE);
  gpu::SetupParams params{};
  params.viewportX = p.viewportX;
  params.viewportY = p.viewportY;
  params.viewportWidth = p.viewportWidth;
  params.viewportHeight = p.viewportHeight;
  params.clipLeft = p.clip.left;
  params.clipTop = p.clip.top;
  params.clipRight = p.clip.right;
  params.clipBottom = p.clip.bottom;
  params.guardX = float(clipState.guardX);
  params.guardY = float(clipState.guardY);
  const FallbackDrawAxis x = fallbackDrawAxis(p.extent.width, p.maxViewport[0]);
  const FallbackDrawAxis y = fallbackDrawAxis(p.extent.height, p.maxViewport[1]);
  params.drawX = x.origin;
  params.drawY = y.origin;
  params.drawWidth = x.size;
  params.drawHeight = y.size;
  params.flags = (conservativeOn(r) ? gpu::kSetupConservative | gpu::kSetupInner : 0u) |
                 (r.DepthClipEnable ? gpu::kSetupDepthClip : 0u) |
                 (r.CullMode == D3D10_DDI_CULL_FRONT ? gpu::kSetupCullFront : 0u) |
                 (r.CullMode == D3D10_DDI_CULL_BACK ? gpu::kSetupCullBack : 0u) |
                 (r.FrontCounterClockwise ? gpu::kSetupFrontCounterClockwise : 0u) |
                 (p.samples > 1 ? gpu::kSetupFullPixels : 0u);
  params.strideWords = 4 * uint32_t(p.capturedRegisters->size());
  params.positionWord = p.positionWord;
  params.primitiveIdWord = p.primitiveIdWord;
  // The captured stage's SV_CullDistance components (the setup culls by them).
  for (const dxbc::SignatureElement& e : p.captured->outputs.elements) {
    if (e.systemValue != 3 /*D3D_NAME_CULL_DISTANCE*/ || e.stream != 0) continue;
    auto it = std::find(p.capturedRegisters->begin(), p.capturedRegisters->end(), e.registerIndex);
    if (it == p.capturedRegisters->end()) continue;
    for (uint32_t c = 0; c < 4; ++c) {
      if (!(e.mask & (1u << c)) || params.cullCount == 8) continue;
      const uint32_t word = 4 * uint32_t(it - p.capturedRegisters->begin()) + c;
      params.cullWords[params.cullCount / 4] |= word << (8 * (params.cullCount % 4));
      ++params.cullCount;
    }
  }
  return params;
}

FallbackBufferSizes fallbackBufferSizes(uint32_t slots, uint32_t strideBytes) {
  return {VkDeviceSize(slots) * 3 * strideBytes,
          sizeof(gpu::FallbackHeader) + VkDeviceSize(slots) * sizeof(gpu::FallbackRecord),
          VkDeviceSize(slots) * gpu::kCornersPerRecord * sizeof(gpu::FallbackCorner),
          VkDeviceSize(slots) * sizeof(uint32_t)};
}

void writeFallbackSetupSet(vk::Device& device, VkDescriptorSet set, const FallbackPieceBuffers& b, VkBuffer statistics,
                           VkDeviceSize statisticsOffset) {
  const VkDescriptorBufferInfo infos[gpu::kSetupBindings] = {
      {b.capture, 0, VK_WHOLE_SIZE},
      {b.counters, 0, 16},
      {b.records, 0, VK_WHOLE_SIZE},
      {b.corners, 0, VK_WHOLE_SIZE},
      {statistics, statisticsOffset, 16},
      {b.counters, kFallbackDrawArgsOffset, sizeof(gpu::FallbackDrawArgs)},
      {b.deferred, 0, VK_WHOLE_SIZE},
  };
  umd12::writeStorageBufferSet(device, set, infos);
}

void recordFallbackPieceStart(VkCommandBuffer cmd, const FallbackPieceBuffers& b, const gpu::FallbackHeader& header,
                              uint32_t slots, bool resetScratchStatistics) {
  vkCmdFillBuffer(cmd, b.counters, 0, 16, 0);
  if (resetScratchStatistics) vkCmdFillBuffer(cmd, b.counters, kFallbackScratchStatisticsOffset, 16, 0);
  vkCmdUpdateBuffer(cmd, b.records, 0, sizeof header, &header);
  // The flat-only draw until the setup finds a record it cannot decide.
  const gpu::FallbackDrawArgs drawArgs{{gpu::kCornersPerRecord * slots, 1, 0, 0}, {0, 1, 0, 0}, {0, 1, 1}, 0};
  vkCmdUpdateBuffer(cmd, b.counters, kFallbackDrawArgsOffset, sizeof drawArgs, &drawArgs);
}

void beginFallbackCapture(VkCommandBuffer cmd, const FallbackPieceBuffers& b, VkDeviceSize captureBytes) {
  const VkDeviceSize xfbOffset = 0;
  vkCmdBindTransformFeedbackBuffersEXT(cmd, 0, 1, &b.capture, &xfbOffset, &captureBytes);
  vkCmdBeginTransformFeedbackEXT(cmd, 0, 0, nullptr, nullptr);
}

void endFallbackCapture(VkCommandBuffer cmd, const FallbackPieceBuffers& b) {
  const VkDeviceSize counterOffset = 0;
  vkCmdEndTransformFeedbackEXT(cmd, 0, 1, &b.counters, &counterOffset);
}

void recordFallbackCapture(VkCommandBuffer cmd, const FallbackPieceBuffers& b, VkDeviceSize captureBytes,
                           const std::function<void()>& drawCall) {
  beginFallbackCapture(cmd, b, captureBytes);
  drawCall();
  endFallbackCapture(cmd, b);
}

bool fallbackBatchingEnabled() {
  static const bool enabled = [] {
    const char* v = std::getenv("D3DVK_FALLBACK_BATCH");
    return !v || std::strcmp(v, "0") != 0;
  }();
  return enabled;
}

void recordFallbackTriage(VkCommandBuffer cmd, const FallbackSetupPipelines& setup, VkDescriptorSet set,
                          const gpu::SetupParams& params, bool bindPipeline) {
  if (bindPipeline) vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, setup.triage->handle());
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, setup.layout->handle(), 0, 1, &set, 0, nullptr);
  vkCmdPushConstants(cmd, setup.layout->handle(), VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof params, &params);
  vkCmdDispatch(cmd, (params.slots + gpu::kSetupWorkgroupSize - 1) / gpu::kSetupWorkgroupSize, 1, 1);
}

void recordFallbackDeferredSetup(VkCommandBuffer cmd, const FallbackSetupPipelines& setup, VkDescriptorSet set,
                                 const gpu::SetupParams& params, const FallbackPieceBuffers& b, bool bindPipeline) {
  if (bindPipeline) vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, setup.deferred->handle());
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, setup.layout->handle(), 0, 1, &set, 0, nullptr);
  vkCmdPushConstants(cmd, setup.layout->handle(), VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof params, &params);
  vkCmdDispatchIndirect(cmd, b.counters, kFallbackDrawArgsOffset + offsetof(gpu::FallbackDrawArgs, deferredDispatch));
}

void recordFallbackSetup(VkCommandBuffer cmd, const std::function<VkCommandBuffer()>& next,
                         const FallbackSetupPipelines& setup, VkDescriptorSet set, const gpu::SetupParams& params,
                         const FallbackPieceBuffers& b, bool bindPipelines) {
  recordFallbackTriage(cmd, setup, set, params, bindPipelines);
  // The full setup over the triangles the triage deferred (clipped, degenerate, non-finite).
  cmd = next();  // orders the triage's writes before the indirect dispatch
  if (!cmd) return;
  recordFallbackDeferredSetup(cmd, setup, set, params, b, bindPipelines);
}

void recordFallbackDraws(VkCommandBuffer cmd, const FallbackPieceBuffers& b, VkPipeline flatPipeline,
                         VkPipeline exactPipeline, const gpu::SetupParams& params, float minDepth, float maxDepth,
                         const FallbackClipRect& clip) {
  // The candidate triangles are in pixels: the setup's draw viewport around the target, the clip rectangle as the scissor.
  const VkViewport viewport{params.drawX, params.drawY, params.drawWidth, params.drawHeight,
                            std::clamp(minDepth, 0.0f, 1.0f), std::clamp(maxDepth, 0.0f, 1.0f)};
  vkCmdSetViewport(cmd, 0, 1, &viewport);
  const VkRect2D scissor{{clip.left, clip.top}, {uint32_t(clip.right - clip.left), uint32_t(clip.bottom - clip.top)}};
  vkCmdSetScissor(cmd, 0, 1, &scissor);
  const VkBuffer vertexBuffers[2] = {b.corners, b.records};
  const VkDeviceSize vertexOffsets[2] = {0, sizeof(gpu::FallbackHeader)};
  const VkDeviceSize vertexStrides[2] = {sizeof(gpu::FallbackCorner), gpu::kRecordVertexStride};
  vkCmdBindVertexBuffers2(cmd, gpu::kDrawCornersBinding, 2, vertexBuffers, vertexOffsets, nullptr, vertexStrides);
  // One of the two runs (the other has no vertices): the same candidate triangles in primitive order.
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, flatPipeline);
  vkCmdDrawIndirect(cmd, b.counters, kFallbackDrawArgsOffset + offsetof(gpu::FallbackDrawArgs, flat), 1, 0);
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, exactPipeline);
  vkCmdDrawIndirect(cmd, b.counters, kFallbackDrawArgsOffset + offsetof(gpu::FallbackDrawArgs, exact), 1, 0);
}

const state::VertexInputState& fallbackDrawVertexInput() {
  static const state::VertexInputState input = [] {
    state::VertexInputState v;
    v.bindings = {{gpu::kDrawCornersBinding, 0, VK_VERTEX_INPUT_RATE_VERTEX},
                  {gpu::kDrawRecordsBinding, 0, VK_VERTEX_INPUT_RATE_VERTEX}};
    v.attributes = {{gpu::kDrawCornerPositionLocation, gpu::kDrawCornersBinding, VK_FORMAT_R32G32B32_SFLOAT,
                     offsetof(gpu::FallbackCorner, x)},
                    {gpu::kDrawCornerWeightsLocation, gpu::kDrawCornersBinding, VK_FORMAT_R32G32B32_SFLOAT,
                     offsetof(gpu::FallbackCorner, u)}};
    for (uint32_t i = 0; i < 4; ++i)
      v.attributes.push_back(
          {gpu::kDrawRecordWordsLocation + i, gpu::kDrawRecordsBinding, VK_FORMAT_R32G32B32A32_UINT, 16 * i});
    return v;
  }();
  return input;
}

D3DWDDM2_0DDI_RASTERIZER_DESC fallbackDrawRasterizer(const D3DWDDM2_0DDI_RASTERIZER_DESC& app) {
  D3DWDDM2_0DDI_RASTERIZER_DESC r = app;
  r.CullMode = D3D10_DDI_CULL_NONE;  // culled by the setup; the record carries the facing
  r.FillMode = D3D10_DDI_FILL_SOLID;
  r.DepthClipEnable = FALSE;  // depth clamp: extrapolated depth stays in the viewport range
  r.ConservativeRasterizationMode = D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_OFF;
  r.ForcedSampleCount = 0;
  r.MultisampleEnable = FALSE;
  r.AntialiasedLineEnable = FALSE;
  r.ScissorEnable = TRUE;  // the clip rectangle
  return r;
}

}  // namespace d3dvk::umd
