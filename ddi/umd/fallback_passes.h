// ddi/umd/fallback_passes.h — the parts of the exact conservative fallback's
// draw (../DESIGN.md "The fallback path") that do not depend on the API: the
// D3D11 draw (driver_fallback_draw.cpp) and the D3D12 one (d3d12/fallback12.cpp)
// both plan pieces, fill the draw header and setup parameters, and record the
// setup and draw passes with these; each records its own capture (its own
// descriptor sets, input assembly and dynamic state) and keeps its own buffers.
//
// `next` below is the caller's way to order commands: it returns the command
// buffer after everything recorded before is complete and visible (a D3D11
// batch's next command, a D3D12 list's full barrier).
#pragma once

#include "d3d10umddi.h"
#include "draw_recording.h"
#include "dxbc/shader.h"
#include "gpu_layout.h"          // translate/fallback
#include "input_layout.h"        // translate/state
#include "pipeline_key.h"        // translate/state
#include "triangle_topology.h"   // translate/fallback
#include "vk_device.h"
#include "vk_pipeline.h"

#include <functional>
#include <memory>
#include <vector>

namespace d3dvk::umd {

// Words in the counters buffer, each bound as a storage buffer at an offset
// that is a multiple of 256 (the largest minStorageBufferOffsetAlignment
// Vulkan allows): the transform-feedback counter, the scratch statistics and
// the draw pass's indirect draws.
inline constexpr VkDeviceSize kFallbackScratchStatisticsOffset = 256;
inline constexpr VkDeviceSize kFallbackDrawArgsOffset = 512;  // gpu::FallbackDrawArgs
inline constexpr VkDeviceSize kFallbackCounterBytes = 768;
// One piece: at most this many triangles by default (D3DVK_FALLBACK_PIECE_TRIANGLES), and a capture of at most this many bytes.
inline constexpr uint32_t kFallbackDefaultPieceTriangles = 1u << 18;
inline constexpr VkDeviceSize kFallbackMaxCaptureBytes = VkDeviceSize(256) << 20;
// The captured register a domain shader's capture adds last: the patch's
// SV_PrimitiveID (TranslateOptions::capturePrimitiveId), no output register.
inline constexpr uint32_t kCapturedPrimitiveIdRegister = 0xFFFFFFFFu;

// The setup pass's pipelines (created once per device): the triage pass over
// every slot and the full setup over the slots it deferred.
struct FallbackSetupPipelines {
  std::unique_ptr<vk::DescriptorSetLayout> setLayout;
  std::unique_ptr<vk::PipelineLayout> layout;
  std::unique_ptr<vk::Pipeline> triage, deferred;
  uint32_t pieceTriangles = kFallbackDefaultPieceTriangles;  // D3DVK_FALLBACK_PIECE_TRIANGLES
};
// Null with *result on a Vulkan failure. D3DVK_FALLBACK_SETUP_FLOAT=1 picks the
// single-precision setup even where the device has shaderFloat64.
std::unique_ptr<FallbackSetupPipelines> createFallbackSetupPipelines(vk::Device& device, VkResult* result);

// One piece of a draw: the sub-draw the capture records and what the setup
// needs to number its primitives.
struct FallbackPiece {
  DrawCall call;
  uint32_t slots = 0;            // captured triangles at most
  uint32_t instances = 1;        // instances the capture runs
  uint32_t primitiveIdBase = 0;  // lists cut inside one instance: the piece's first primitive
};
// Splits the draw so no piece exceeds `capacity` primitives of `layout` (each
// captured as at most `trianglesPerPrimitive` triangles). False for an indexed
// strip larger than one piece (a cut would change its winding and numbering).
bool planFallbackPieces(const DrawCall& call, const fallback::PrimitiveLayout& layout, uint64_t capacity,
                        uint32_t trianglesPerPrimitive, std::vector<FallbackPiece>* out);
// Primitives per piece for captured vertices of `strideBytes`.
uint64_t fallbackPieceCapacity(const FallbackSetupPipelines& setup, uint32_t strideBytes, uint32_t trianglesPerPrimitive);

// An indexed draw cut to the `heldIndices` the bound index buffer holds past
// the draw's first index's buffer start: a triangle whose references all lie
// past the end reads index 0 three times in D3D (duplicate indices, which
// conservative rasterization may cull); with `robust` (robustBufferAccess2)
// the triangles straddling the end stay, else they are dropped too.
DrawCall clampFallbackIndexedDraw(const DrawCall& call, const fallback::PrimitiveLayout& layout, uint64_t heldIndices,
                                  bool robust);

// The captured word of a system value of the captured stage (its registers are
// captured as vec4s in `registers` order) in D3D stream `stream` (a geometry
// shader's rasterized one), or -1.
int capturedWord(const dxbc::ShaderReflection& reflection, const std::vector<uint32_t>& registers, uint32_t systemValue,
                 uint32_t stream = 0);
// Whether a pixel shader (null: none) reads SV_PrimitiveID: then the triangles
// of consecutive fallback draws cannot share a setup (their numbering is the draw's).
bool readsPrimitiveId(const dxbc::ShaderReflection* ps);

// The rasterizer's clip rectangle in pixels: the viewport inside the render
// area, and inside `scissor` where given.
struct FallbackClipRect {
  int32_t left, top, right, bottom;
};
FallbackClipRect fallbackClipRect(float x, float y, float width, float height, VkExtent2D extent, const VkRect2D* scissor);

// What the header and the setup parameters are made of.
struct FallbackDrawParameters {
  float viewportX = 0, viewportY = 0, viewportWidth = 0, viewportHeight = 0;
  FallbackClipRect clip{};
  VkExtent2D extent{};
  uint32_t maxViewport[2] = {0, 0};  // the device's maxViewportDimensions (fallbackDrawAxis)
  const D3DWDDM2_0DDI_RASTERIZER_DESC* rasterizer = nullptr;
  UINT samples = 1;           // the targets'
  uint32_t sampleMask = ~0u;  // OMSetBlendState's / the PSO's SampleMask
  // The captured stage: its reflection and captured registers, SV_Position's
  // word, and where SV_PrimitiveID comes from (kNoPrimitiveIdWord: the setup numbers the triangles).
  const dxbc::ShaderReflection* captured = nullptr;
  const std::vector<uint32_t>* capturedRegisters = nullptr;
  uint32_t positionWord = 0;
  uint32_t primitiveIdWord = fallback::gpu::kNoPrimitiveIdWord;
};
// The samples the coverage is decided for (ForcedSampleCount, else the targets').
uint32_t fallbackCoverageSamples(const D3DWDDM2_0DDI_RASTERIZER_DESC& rasterizer, UINT samples);
// Whether the pixel shader's variant writes the sample mask itself.
bool fallbackMasked(const D3DWDDM2_0DDI_RASTERIZER_DESC& rasterizer, UINT samples, uint32_t sampleMask);
fallback::gpu::FallbackHeader fallbackHeader(const FallbackDrawParameters& p);
// The draw pass's viewport, one axis (the target's size, the device's
// maxViewportDimensions): the target in the middle of the largest power-of-two
// viewport the device allows, where that leaves at least half the target on
// each side, else the target itself. Candidate triangles near the target's
// edges then need no clipping (llvmpipe runs each batch of vertices with one
// to clip through its much slower primitive pipeline), and with a power-of-two
// size the corners' NDC and the pixels they map back to are exact.
struct FallbackDrawAxis {
  float origin = 0, size = 0;
};
FallbackDrawAxis fallbackDrawAxis(uint32_t targetSize, uint32_t maxViewport);
// Everything but the per-piece slots, instances and primitive-id base.
fallback::gpu::SetupParams fallbackSetupParams(const FallbackDrawParameters& p);

// The buffers of one piece (sized for its slots by the caller).
struct FallbackPieceBuffers {
  VkBuffer capture = VK_NULL_HANDLE;   // transform feedback: captured vertices
  VkBuffer records = VK_NULL_HANDLE;   // FallbackHeader + FallbackRecord[]
  VkBuffer corners = VK_NULL_HANDLE;   // FallbackCorner[3·slots]
  VkBuffer counters = VK_NULL_HANDLE;  // kFallbackCounterBytes
  VkBuffer deferred = VK_NULL_HANDLE;  // uint[slots]
};
// Buffer sizes for `slots` triangles of captured vertices of `strideBytes`.
struct FallbackBufferSizes {
  VkDeviceSize capture, records, corners, deferred;
};
FallbackBufferSizes fallbackBufferSizes(uint32_t slots, uint32_t strideBytes);
inline constexpr VkBufferUsageFlags kFallbackCaptureUsage =
    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT;
inline constexpr VkBufferUsageFlags kFallbackRecordsUsage =
    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_VERTEX_BUFFER_BIT;
inline constexpr VkBufferUsageFlags kFallbackCornersUsage =
    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_VERTEX_BUFFER_BIT;
inline constexpr VkBufferUsageFlags kFallbackCountersUsage =
    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_COUNTER_BUFFER_BIT_EXT |
    VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT;
inline constexpr VkBufferUsageFlags kFallbackDeferredUsage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;

// Writes the setup pass's descriptor set; the statistics the setup counts go
// to `statistics` at `statisticsOffset` (16 bytes).
void writeFallbackSetupSet(vk::Device& device, VkDescriptorSet set, const FallbackPieceBuffers& b, VkBuffer statistics,
                           VkDeviceSize statisticsOffset);
// Before the capture: zeroes the transform-feedback counter (and the scratch
// statistics when `resetScratchStatistics`), writes the header and the
// indirect arguments of a flat-only draw of every slot.
void recordFallbackPieceStart(VkCommandBuffer cmd, const FallbackPieceBuffers& b,
                              const fallback::gpu::FallbackHeader& header, uint32_t slots, bool resetScratchStatistics);
// The transform feedback around the capture draw `drawCall` (bound by the caller, rendering begun).
void recordFallbackCapture(VkCommandBuffer cmd, const FallbackPieceBuffers& b, VkDeviceSize captureBytes,
                           const std::function<void()>& drawCall);
// Its two halves, for captures of several draws into one stream (fallback_batch.h):
// `captureBytes` of b.capture bound and the transform feedback begun; ended, the bytes written to b.counters.
void beginFallbackCapture(VkCommandBuffer cmd, const FallbackPieceBuffers& b, VkDeviceSize captureBytes);
void endFallbackCapture(VkCommandBuffer cmd, const FallbackPieceBuffers& b);
// The setup pass: the triage over every slot, then (ordered by `next`) the
// full setup over the deferred ones. `cmd` is ordered after the capture.
// `bindPipelines` false: `cmd` and next()'s command buffer have the triage and
// deferred pipelines bound already (a fallback batch's setup phases).
void recordFallbackSetup(VkCommandBuffer cmd, const std::function<VkCommandBuffer()>& next,
                         const FallbackSetupPipelines& setup, VkDescriptorSet set, const fallback::gpu::SetupParams& params,
                         const FallbackPieceBuffers& b, bool bindPipelines = true);
// D3DVK_FALLBACK_BATCH=0: every fallback draw records its passes on its own,
// in D3D11 (fallback_batch.h) and in D3D12 lists (fallback12.h); for
// comparison and debugging.
bool fallbackBatchingEnabled();

// Its two halves, for setups of several draws recorded phase by phase (a D3D12
// list's fallback batch): the triage over every slot; the indirect dispatch of
// the full setup over the slots the triage deferred (ordered after every triage).
void recordFallbackTriage(VkCommandBuffer cmd, const FallbackSetupPipelines& setup, VkDescriptorSet set,
                          const fallback::gpu::SetupParams& params, bool bindPipeline = true);
void recordFallbackDeferredSetup(VkCommandBuffer cmd, const FallbackSetupPipelines& setup, VkDescriptorSet set,
                                 const fallback::gpu::SetupParams& params, const FallbackPieceBuffers& b,
                                 bool bindPipeline = true);
// Inside the draw pass's rendering (descriptor sets and the other dynamic
// state set by the caller): the viewport (`params`' draw viewport around the
// target, fallbackSetupParams; the application's viewport's depth range) and
// scissor (`clip`), then the flat-only and the exact draw pipelines' indirect draws.
void recordFallbackDraws(VkCommandBuffer cmd, const FallbackPieceBuffers& b, VkPipeline flatPipeline,
                         VkPipeline exactPipeline, const fallback::gpu::SetupParams& params, float minDepth,
                         float maxDepth, const FallbackClipRect& clip);

// The draw pass's vertex input: the corners and the records' words 0..15 (strides dynamic).
const state::VertexInputState& fallbackDrawVertexInput();
// The draw pass's rasterizer: `app` with culling (the setup's), depth clip
// (the draw clamps), conservative mode and forced samples off, scissor on.
D3DWDDM2_0DDI_RASTERIZER_DESC fallbackDrawRasterizer(const D3DWDDM2_0DDI_RASTERIZER_DESC& app);

}  // namespace d3dvk::umd
