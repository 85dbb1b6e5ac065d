// ddi/umd/driver_fallback_draw.cpp — see driver_fallback_draw.h.
#include "driver_fallback_draw.h"

#include "adapter.h"
#include "device.h"
#include "driver_input_layout.h"
#include "driver_query.h"
#include "driver_rasterizer_state.h"
#include "driver_resource.h"
#include "driver_shader.h"
#include "dxbc/listing.h"
#include "dxbc/translator.h"
#include "pipeline_cache.h"
#include "primitive_assembly.h"  // translate/fallback
#include "shading_plan.h"        // translate/fallback

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <thread>

namespace d3dvk::umd {
namespace {

// The shading pass's flat varyings (TranslateOptions of both variants).
constexpr uint32_t kSpanLocation = 30;
constexpr uint32_t kPrimitiveIdLocation = 31;
constexpr uint32_t kCoverageLocation = 29;
// A draw whose capture or shading data would exceed this is refused (E_OUTOFMEMORY).
constexpr VkDeviceSize kMaxFallbackBuffer = VkDeviceSize(2) << 30;

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

// The vertex shader's capture and passthrough variants, the pixel shader's
// fallback variant (or, without a pixel shader, a shader that only discards
// outside the span). Translated once, on first use.
bool ensureVariants(Device& device, Shader& vs, Shader* ps) {
  if (!vs.captureModule) {
    vs.capturedRegisters = dxbc::declaredOutputRegisters(vs.parsed->program);
    dxbc::TranslateOptions capture;
    capture.d3dVertexInstanceIds = true;
    capture.transformFeedback = true;
    vs.captureModule = translateVariant(device, *vs.parsed, capture, "vertex shader's capture variant");
    if (!vs.captureModule) return false;
  }
  if (!vs.passthroughModule) {
    dxbc::TranslateOptions passthrough;
    passthrough.variant = dxbc::ShaderVariant::FallbackPassthrough;
    passthrough.spanLocation = kSpanLocation;
    passthrough.primitiveIdLocation = kPrimitiveIdLocation;
    passthrough.coverageLocation = kCoverageLocation;
    vs.passthroughModule = translateVariant(device, *vs.parsed, passthrough, "vertex shader's passthrough variant");
    if (!vs.passthroughModule) return false;
  }
  dxbc::TranslateOptions fallback;
  fallback.variant = dxbc::ShaderVariant::Fallback;
  fallback.spanLocation = kSpanLocation;
  fallback.primitiveIdLocation = kPrimitiveIdLocation;
  fallback.coverageLocation = kCoverageLocation;
  fallback.coverageMaskOutput = true;  // SampleMask applied in the shader (the pipeline's stays full)
  if (ps) {
    if (!ps->fallbackModule)
      ps->fallbackModule = translateVariant(device, *ps->parsed, fallback, "pixel shader's fallback variant");
    return ps->fallbackModule != nullptr;
  }
  std::unique_ptr<vk::ShaderModule>& discard = device.pipelines().spanDiscardModule();
  if (!discard) {
    const dxbc::Shader empty = dxbc::parseShader(dxbc::assemble("ps_5_0\nret\n").container);
    discard = translateVariant(device, empty, fallback, "span-discard pixel shader");
  }
  return discard != nullptr;
}

// Captured position register → index among the captured registers.
int positionSlot(const Shader& vs) {
  for (const dxbc::SignatureElement& e : vs.reflection.outputs.elements) {
    if (e.systemValue != 1 /*D3D_NAME_POSITION*/) continue;
    auto it = std::find(vs.capturedRegisters.begin(), vs.capturedRegisters.end(), e.registerIndex);
    if (it != vs.capturedRegisters.end()) return int(it - vs.capturedRegisters.begin());
  }
  return -1;
}

raster::CullMode cullMode(D3D10_DDI_CULL_MODE mode) {
  switch (mode) {
    case D3D10_DDI_CULL_FRONT: return raster::CullMode::Front;
    case D3D10_DDI_CULL_BACK: return raster::CullMode::Back;
    default: return raster::CullMode::None;
  }
}

// The CPU rasterizer's clip rectangle: the viewport's pixels inside the render
// area (and inside the scissor when enabled, as the GPU will scissor anyway).
raster::ClipRect clipRect(const Device& device, const PreparedDraw& draw) {
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
  raster::ClipRect rect{clampInt(left), clampInt(top), clampInt(right), clampInt(bottom)};
  if (rect.right < rect.left) rect.right = rect.left;
  if (rect.bottom < rect.top) rect.bottom = rect.top;
  return rect;
}

// What the capture produced, read back.
struct Capture {
  std::shared_ptr<vk::Buffer> vertices;  // instances × count vertices, stride 16·registers
  VkDeviceSize bytes = 0;                // of `vertices` the capture wrote
  std::vector<uint32_t> references;      // index values (indexed) or 0..count-1
  bool ok = false;
};

Capture capture(Device& device, const DrawCall& call, const PreparedDraw& prepared, Shader& vs) {
  Capture out;
  const DrawState& s = device.draw;
  const VkDeviceSize stride = 16 * VkDeviceSize(vs.capturedRegisters.size());
  const VkDeviceSize vertexCount = VkDeviceSize(call.count) * call.instances;
  if (vertexCount * stride > kMaxFallbackBuffer) {
    logError("conservative fallback: the draw's " + std::to_string(vertexCount) +
             " vertices exceed the capture limit; draw dropped");
    device.setError(E_OUTOFMEMORY);
    return out;
  }
  VkResult result = VK_SUCCESS;
  out.bytes = vertexCount * stride;
  out.vertices = device.captureBuffers().acquire(out.bytes, device.queue().completedSerial(),
                                                 device.queue().openSerial(), &result);
  if (!out.vertices) {
    device.setVkError(result);
    return out;
  }
  // The index range, copied to the host (D3D reads indices past the buffer as 0).
  std::shared_ptr<vk::Buffer> indices;
  const VkDeviceSize indexSize = prepared.indexType == VK_INDEX_TYPE_UINT32 ? 4 : 2;
  VkDeviceSize indexBytes = 0;
  if (call.indexed) {
    const VkDeviceSize start = s.indexOffset + VkDeviceSize(call.first) * indexSize;
    const VkDeviceSize available = start < s.indexBuffer->width ? s.indexBuffer->width - start : 0;
    indexBytes = std::min<VkDeviceSize>(available, VkDeviceSize(call.count) * indexSize);
    if (indexBytes) {
      indices = vk::Buffer::create(device.vk(), indexBytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, true, &result);
      if (!indices) {
        device.setVkError(result);
        return out;
      }
    }
  }

  state::GraphicsPipelineKey key = pipelineKey(device, prepared);
  key.variant = state::PipelineVariant::FallbackCapture;
  key.pixelShader = 0;
  key.blendState = key.depthStencilState = 0;
  key.sampleMask = 0xFFFFFFFF;
  key.topology = D3D10_DDI_PRIMITIVE_TOPOLOGY_POINTLIST;
  key.sampleCount = 1;
  key.rasterizer = defaultRasterizerDesc();
  key.renderTargetCount = 0;
  std::fill(std::begin(key.renderTargetFormats), std::end(key.renderTargetFormats), DXGI_FORMAT_UNKNOWN);
  key.depthStencilFormat = DXGI_FORMAT_UNKNOWN;
  PipelineInputs inputs{&vs, nullptr, s.inputLayout, &key.rasterizer, nullptr, nullptr};
  inputs.vertexModule = vs.captureModule->handle();
  VkPipeline pipeline = device.pipelines().get(key, inputs, &result);
  if (!pipeline) {
    device.setVkError(result);
    return out;
  }

  VkCommandBuffer cmd = device.record();
  if (!cmd) return out;
  if (indices) {
    const VkBufferCopy region{s.indexOffset + VkDeviceSize(call.first) * indexSize, 0, indexBytes};
    vkCmdCopyBuffer(cmd, s.indexBuffer->buffer->handle(), indices->handle(), 1, &region);
    markUsed(device, *s.indexBuffer);
  }
  if (!bindShaderResources(device, cmd)) return out;
  VkRenderingInfo rendering{VK_STRUCTURE_TYPE_RENDERING_INFO};
  rendering.renderArea = {{0, 0}, {1, 1}};
  rendering.layerCount = 1;
  vkCmdBeginRendering(cmd, &rendering);
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
  bindInputAssembly(device, cmd, call, prepared.indexType);
  setDynamicState(device, cmd, prepared);
  const VkBuffer xfb = out.vertices->handle();
  const VkDeviceSize xfbOffset = 0, xfbSize = out.bytes;
  vkCmdBindTransformFeedbackBuffersEXT(cmd, 0, 1, &xfb, &xfbOffset, &xfbSize);
  vkCmdBeginTransformFeedbackEXT(cmd, 0, 0, nullptr, nullptr);
  cmdDraw(cmd, call);
  vkCmdEndTransformFeedbackEXT(cmd, 0, 0, nullptr, nullptr);
  vkCmdEndRendering(cmd);
  device.queue().releaseAfter(device.queue().openSerial(), out.vertices);
  if (indices) device.queue().releaseAfter(device.queue().openSerial(), indices);
  result = device.queue().waitIdle();
  if (result != VK_SUCCESS) {
    device.setVkError(result);
    return out;
  }

  out.references.resize(call.count, 0);
  if (!call.indexed) {
    for (UINT i = 0; i < call.count; ++i) out.references[i] = i;
  } else if (indices) {
    const uint8_t* bytes = static_cast<const uint8_t*>(indices->mapped());
    for (VkDeviceSize i = 0; i < indexBytes / indexSize; ++i) {
      if (indexSize == 4) std::memcpy(&out.references[i], bytes + 4 * i, 4);
      else {
        uint16_t v;
        std::memcpy(&v, bytes + 2 * i, 2);
        out.references[i] = v;
      }
    }
  }
  out.ok = true;
  return out;
}

// The passthrough vertex shader's input: per corner, each captured register
// (raw uvec4 at location = register), the span (ivec4), SV_PrimitiveID and
// SV_Coverage (uints).
state::VertexInputState shadingVertexInput(const Shader& vs, uint32_t* strideBytes) {
  state::VertexInputState v;
  const uint32_t n = uint32_t(vs.capturedRegisters.size());
  *strideBytes = 16 * n + 24;
  v.bindings.push_back({0, *strideBytes, VK_VERTEX_INPUT_RATE_VERTEX});
  for (uint32_t i = 0; i < n; ++i)
    v.attributes.push_back({vs.capturedRegisters[i], 0, VK_FORMAT_R32G32B32A32_UINT, 16 * i});
  v.attributes.push_back({kSpanLocation, 0, VK_FORMAT_R32G32B32A32_SINT, 16 * n});
  v.attributes.push_back({kPrimitiveIdLocation, 0, VK_FORMAT_R32_UINT, 16 * n + 16});
  v.attributes.push_back({kCoverageLocation, 0, VK_FORMAT_R32_UINT, 16 * n + 20});
  return v;
}

enum class Evaluate : uint8_t { Perspective, NoPerspective, LeadingVertex, Position };

// D3DVK_FALLBACK_STATS=1: one line per fallback draw on stderr (what it cost and why).
bool statsEnabled() {
  static const bool enabled = [] {
    const char* v = std::getenv("D3DVK_FALLBACK_STATS");
    return v && *v && std::strcmp(v, "0") != 0;
  }();
  return enabled;
}

double millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

void recordFallbackDraw(Device& device, const DrawCall& call, const PreparedDraw& prepared) {
  DrawState& s = device.draw;
  std::lock_guard<std::mutex> lock(device.queueMutex());
  // Neither pass may count in pipeline statistics; the app draw's values are added below.
  FallbackQueryScope queries(device);
  Shader& vs = *s.vertexShader;
  Shader* ps = s.pixelShader;
  if (!ensureVariants(device, vs, ps)) return;
  const int posSlot = positionSlot(vs);
  if (posSlot < 0) {
    logError("conservative fallback: the vertex shader writes no SV_Position; draw dropped");
    return;
  }
  const std::optional<fallback::TriangleTopology> topology = fallback::triangleTopology(uint32_t(s.topology));
  if (!topology) return;  // points and lines: the runtime already rejected the draw (ID 365)

  const auto start = std::chrono::steady_clock::now();
  Capture captured = capture(device, call, prepared, vs);
  if (!captured.ok) return;
  const double captureMs = millisecondsSince(start);

  // Primitive assembly once; instances repeat it over their own vertices.
  std::optional<uint32_t> cut;
  if (call.indexed) cut = prepared.indexType == VK_INDEX_TYPE_UINT32 ? 0xFFFFFFFFu : 0xFFFFu;
  const std::vector<fallback::AssembledTriangle> perInstance =
      fallback::assembleTriangles(*topology, captured.references, cut);
  std::vector<fallback::AssembledTriangle> triangles;
  triangles.reserve(perInstance.size() * call.instances);
  for (UINT i = 0; i < call.instances; ++i)
    for (fallback::AssembledTriangle t : perInstance) {
      for (uint32_t& v : t.vertex) v += i * call.count;
      triangles.push_back(t);
    }

  const uint32_t registers = uint32_t(vs.capturedRegisters.size());
  const float* vertexData = static_cast<const float*>(captured.vertices->mapped());
  fallback::CapturedDraw draw;
  draw.vertices = {vertexData, size_t(captured.bytes / sizeof(float))};
  draw.stride = 4 * registers;
  draw.positionOffset = 4 * uint32_t(posSlot);
  draw.triangles = triangles;
  const D3D10_DDI_VIEWPORT& vp = s.viewports[0];
  fallback::FallbackDrawState state;
  // Conservative, or (ForcedSampleCount without conservative mode) standard
  // coverage at the forced sample positions.
  const bool conservative =
      prepared.rasterizer.ConservativeRasterizationMode == D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_ON;
  state.raster.mode = conservative ? raster::RasterMode::Conservative : raster::RasterMode::Standard;
  state.forcedSampleCount = conservative ? 0 : prepared.rasterizer.ForcedSampleCount;
  state.raster.tier = raster::ConservativeTier::Tier3;
  state.raster.cull = cullMode(prepared.rasterizer.CullMode);
  state.raster.frontCounterClockwise = prepared.rasterizer.FrontCounterClockwise != FALSE;
  state.raster.clip = clipRect(device, prepared);
  state.viewport = {vp.TopLeftX, vp.TopLeftY, vp.Width, vp.Height, std::clamp(vp.MinDepth, 0.0f, 1.0f),
                    std::clamp(vp.MaxDepth, 0.0f, 1.0f)};
  state.depthClip = prepared.rasterizer.DepthClipEnable != FALSE;
  state.spanPerRow = true;
  const auto planStart = std::chrono::steady_clock::now();
  const fallback::ShadingPlan plan = fallback::planShadingQuads(draw, state);
  const double planMs = millisecondsSince(planStart);
  FallbackStatistics statistics;
  statistics.vertices = uint64_t(call.count) * call.instances;
  statistics.primitives = triangles.size();
  statistics.clippedPrimitives = triangles.size() - plan.trianglesClippedAway - plan.trianglesRejected;
  for (const fallback::ShadingQuad& quad : plan.quads) statistics.pixelShaderInvocations += uint64_t(quad.x1 - quad.x0);
  queries.add(statistics);
  if (plan.trianglesRejected)
    logError("conservative fallback: " + std::to_string(plan.trianglesRejected) +
             " triangle(s) with non-finite positions were not rasterized");
  if (plan.quads.empty()) {
    if (statsEnabled())
      std::fprintf(stderr, "d3dvk: fallback draw: %zu triangles, nothing covered (capture %.1f ms, plan %.1f ms)\n",
                   triangles.size(), captureMs, planMs);
    return;
  }

  // How each captured component is evaluated at a corner.
  std::vector<Evaluate> evaluate(size_t(registers) * 4, Evaluate::LeadingVertex);
  for (uint32_t i = 0; i < registers; ++i) {
    const uint32_t reg = vs.capturedRegisters[i];
    for (uint32_t c = 0; c < 4; ++c) {
      Evaluate& e = evaluate[4 * i + c];
      if (int(i) == posSlot) {
        e = Evaluate::Position;
        continue;
      }
      if (!ps || reg >= dxbc::ShaderReflection::kInputRegisters) continue;
      switch (ps->reflection.inputInterpolation[4 * reg + c]) {
        case dxbc::Interpolation::Linear:
        case dxbc::Interpolation::LinearCentroid:
        case dxbc::Interpolation::LinearSample: e = Evaluate::Perspective; break;
        case dxbc::Interpolation::LinearNoPerspective:
        case dxbc::Interpolation::LinearNoPerspectiveCentroid:
        case dxbc::Interpolation::LinearNoPerspectiveSample: e = Evaluate::NoPerspective; break;
        default: break;  // flat, or not read: the leading vertex's bits
      }
    }
  }

  const bool anyNoPerspective = std::find(evaluate.begin(), evaluate.end(), Evaluate::NoPerspective) != evaluate.end();

  uint32_t strideBytes = 0;
  const state::VertexInputState vertexInput = shadingVertexInput(vs, &strideBytes);
  const VkDeviceSize cornerCount = 3 * VkDeviceSize(plan.quads.size()) + 3 * VkDeviceSize(plan.pixelsAsQuads);
  const VkDeviceSize bufferSize = cornerCount * strideBytes;
  if (bufferSize > kMaxFallbackBuffer) {
    logError("conservative fallback: the draw covers too many spans (" + std::to_string(plan.quads.size()) +
             "); draw dropped");
    return device.setError(E_OUTOFMEMORY);
  }
  const auto buildStart = std::chrono::steady_clock::now();
  VkResult result = VK_SUCCESS;
  std::shared_ptr<vk::Buffer> corners = device.shadingBuffers().acquire(bufferSize, device.queue().completedSerial(),
                                                                       device.queue().openSerial(), &result);
  if (!corners) return device.setVkError(result);
  // SV_Coverage: every sample of the rasterization sample count (forced, or the
  // targets'), ANDed with SampleMask.
  const UINT coverageSamples = prepared.rasterizer.ForcedSampleCount ? prepared.rasterizer.ForcedSampleCount
                                                                      : prepared.samples;
  const uint32_t allSamples = (coverageSamples >= 31 ? 0x7FFFFFFFu : (1u << coverageSamples) - 1u);
  // Target-independent rasterization on a single-sample target: the pixel is
  // written when any forced sample remains (dxbc::kFallbackCoverageAnyBit).
  const uint32_t anyFlag =
      prepared.rasterizer.ForcedSampleCount && prepared.samples == 1 ? dxbc::kFallbackCoverageAnyBit : 0u;
  const uint32_t coverage = (allSamples & uint32_t(s.sampleMask)) | anyFlag;
  // Written in parallel: each worker takes a contiguous run of spans and knows
  // where its corners start (3 per span, 3 more per horizon quad).
  const uint32_t words = strideBytes / 4;
  auto writeCorners = [&](size_t first, size_t last, uint32_t* out) {
    for (size_t i = first; i < last; ++i) {
      const fallback::ShadingQuad& quad = plan.quads[i];
      const fallback::AssembledTriangle& tri = triangles[quad.triangle];
      const float* v[3];
      fallback::ClipPosition p[3];
      for (int k = 0; k < 3; ++k) {
        v[k] = vertexData + size_t(tri.vertex[k]) * draw.stride;
        const float* pos = v[k] + draw.positionOffset;
        p[k] = {pos[0], pos[1], pos[2], pos[3]};
      }
      // One triangle per span; a horizon pixel's own quad as two (strip order → list).
      std::array<fallback::QuadCorner, 6> geometry;
      int cornersUsed = 3;
      if (quad.exactQuad) {
        const std::array<fallback::QuadCorner, 4> q = fallback::quadCorners(draw, state, plan, quad);
        geometry = {q[0], q[1], q[2], q[2], q[1], q[3]};
        cornersUsed = 6;
      } else {
        const std::array<fallback::QuadCorner, 3> t = fallback::spanTriangle(draw, state, plan, quad);
        std::copy(t.begin(), t.end(), geometry.begin());
      }
      for (int g = 0; g < cornersUsed; ++g) {
        const fallback::QuadCorner& corner = geometry[g];
        const std::array<double, 3> lambda{corner.weights[0], corner.weights[1], corner.weights[2]};
        // Screen-space weights only when some component is noperspective (per corner: hot).
        const std::array<double, 3> beta = anyNoPerspective ? fallback::noPerspectiveWeights(lambda, p) : lambda;
        for (uint32_t j = 0; j < 4 * registers; ++j) {
          float value;
          switch (evaluate[j]) {
            case Evaluate::Position: value = corner.position[j % 4]; break;
            case Evaluate::Perspective:
              value = float(lambda[0] * v[0][j] + lambda[1] * v[1][j] + lambda[2] * v[2][j]);
              break;
            case Evaluate::NoPerspective:
              value = float(beta[0] * v[0][j] + beta[1] * v[1][j] + beta[2] * v[2][j]);
              break;
            default: value = v[0][j]; break;  // bit copy (integers stay intact)
          }
          std::memcpy(out + j, &value, 4);
        }
        const int32_t span[4] = {quad.x0, quad.x1, quad.y, quad.innerBegin | (quad.innerEnd << 16)};
        std::memcpy(out + 4 * registers, span, sizeof span);
        out[4 * registers + 4] = quad.primitiveId;
        out[4 * registers + 5] =
            quad.coverage ? (quad.coverage & uint32_t(s.sampleMask)) | anyFlag : coverage;
        out += words;
      }
    }
  };
  uint32_t* const base = static_cast<uint32_t*>(corners->mapped());
  const size_t workers =
      plan.quads.size() < 65536 ? 1 : std::clamp<size_t>(std::thread::hardware_concurrency(), 1, 8);
  if (workers == 1) {
    writeCorners(0, plan.quads.size(), base);
  } else {
    std::vector<std::thread> threads;
    size_t first = 0, corner = 0;
    for (size_t w = 0; w < workers; ++w) {
      const size_t last = plan.quads.size() * (w + 1) / workers;
      threads.emplace_back(writeCorners, first, last, base + corner * words);
      for (size_t i = first; i < last; ++i) corner += plan.quads[i].exactQuad ? 6 : 3;
      first = last;
    }
    for (std::thread& t : threads) t.join();
  }

  const double buildMs = millisecondsSince(buildStart);
  if (statsEnabled())
    std::fprintf(stderr,
                 "d3dvk: fallback draw: %zu triangles (%u culled, %u clipped away), %zu spans, %u pixels as quads, "
                 "%u flattened; capture %.1f ms, plan %.1f ms, shading vertices %.1f ms (%.1f MiB)\n",
                 triangles.size(), plan.trianglesCulled, plan.trianglesClippedAway, plan.quads.size(),
                 plan.pixelsAsQuads, plan.pixelsFlattened, captureMs, planMs, buildMs,
                 double(bufferSize) / (1024.0 * 1024.0));

  state::GraphicsPipelineKey key = pipelineKey(device, prepared);
  key.variant = state::PipelineVariant::FallbackShading;
  key.inputLayout = 0;
  key.topology = D3D10_DDI_PRIMITIVE_TOPOLOGY_TRIANGLELIST;
  key.rasterizer.CullMode = D3D10_DDI_CULL_NONE;  // culled on the CPU; the winding carries the facing
  key.rasterizer.FillMode = D3D10_DDI_FILL_SOLID;
  key.rasterizer.DepthClipEnable = FALSE;  // depth clamp: extrapolated depth stays in the viewport range
  key.rasterizer.ConservativeRasterizationMode = D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_OFF;
  // The pixel shader writes SampleMask (the flat coverage ANDed with
  // OMSetBlendState's mask): with the pipeline's mask full it runs even for a
  // mask of 0, where D3D still runs it (UAV writes) but updates no sample.
  key.sampleMask = 0xFFFFFFFF;
  PipelineInputs inputs{&vs, ps, nullptr, &key.rasterizer, s.blendState, s.depthStencilState};
  inputs.vertexModule = vs.passthroughModule->handle();
  inputs.pixelModule = ps ? ps->fallbackModule->handle() : device.pipelines().spanDiscardModule()->handle();
  inputs.vertexInput = &vertexInput;
  VkPipeline pipeline = device.pipelines().get(key, inputs, &result);
  if (!pipeline) return device.setVkError(result);

  VkCommandBuffer cmd = device.record();
  if (!cmd) return;
  if (!bindShaderResources(device, cmd)) return;
  beginRendering(device, cmd, prepared.extent);
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
  const VkBuffer buffer = corners->handle();
  const VkDeviceSize offset = 0, stride = strideBytes;
  vkCmdBindVertexBuffers2(cmd, 0, 1, &buffer, &offset, nullptr, &stride);
  setDynamicState(device, cmd, prepared);
  vkCmdDraw(cmd, uint32_t(cornerCount), 1, 0, 0);
  vkCmdEndRendering(cmd);
  device.queue().releaseAfter(device.queue().openSerial(), corners);
}

}  // namespace d3dvk::umd
