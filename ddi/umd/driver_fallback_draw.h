// ddi/umd/driver_fallback_draw.h — a conservative draw on the exact GPU
// fallback (../DESIGN.md "The fallback path"), for a rasterizer state with
// ConservativeRaster ON when the device cannot honour the reported tier
// natively, and for triangle draws with ForcedSampleCount (target-independent
// rasterization), whose forced samples Vulkan cannot rasterize. Everything
// runs on the GPU, in the open batch, in API order (no readback, no CPU work
// per triangle or pixel; memory bounded by the triangles of one piece):
//
//  1. capture: the vertex shader's capture variant draws the application's
//     draw with its own topology, instances and primitive restart, rasterizer
//     discard, and transform feedback writes every output register of the
//     three vertices of every triangle, in primitive order (the counter buffer
//     gets the bytes written);
//  2. setup (translate/fallback/shaders/setup.comp): one compute invocation
//     per captured triangle → one FallbackRecord (exact coverage data:
//     translate/raster's integer rules) and four FallbackCorner (a candidate
//     triangle covering every pixel the coverage can select, with the
//     primitive's attribute weights there);
//  3. draw: one triangle per record, vertex-pulled by the fallback vertex shader (dxbc/fallback_shaders.h) from the corners and
//     the captured vertices, with the pixel shader's fallback variant, whose
//     prelude tests the pixel against its record (demoting it to a helper
//     when not covered) and supplies SV_InnerCoverage, SV_Coverage,
//     SV_PrimitiveID and SV_IsFrontFace; cull off, depth clamp, the
//     application's blend, depth-stencil, targets and scissor.
//
// Draws larger than one piece (2^18 triangles, D3DVK_FALLBACK_PIECE_TRIANGLES,
// or a capture over 256 MiB) run as several pieces of whole instances, or of
// consecutive triangles of one instance (an indexed strip, whose winding and
// numbering depend on every cut before a piece, is first read back and drawn
// as its triangles' index list). Indexed draws stop where the index buffer ends (the triangles past
// it read index 0 three times: duplicate indices, which may be culled).
//
// Consecutive one-piece draws are recorded as one batch of phases with
// buffers of their own (fallback_batch.h); the others record their passes in
// the open batch directly, with the shared piece buffers below.
#pragma once

#include "draw_recording.h"
#include "fallback_batch.h"
#include "fallback_passes.h"
#include "vk_pipeline.h"
#include "vk_query_pool.h"
#include "vk_resources.h"

#include <memory>

namespace d3dvk::umd {

// The device's objects the fallback shares across draws (created on the
// first fallback draw): the setup pipelines and the piece buffers, grown as needed and reused by every
// fallback draw (recording orders their uses; a replaced buffer stays alive
// until the batches that used it complete). Queue mutex held.
struct FallbackResources {
  std::unique_ptr<FallbackSetupPipelines> setup;  // the setup pass (fallback_passes.h)
  std::shared_ptr<vk::Buffer> capture;   // transform feedback: captured vertices
  std::shared_ptr<vk::Buffer> records;   // FallbackHeader + FallbackRecord[]
  std::shared_ptr<vk::Buffer> corners;   // FallbackCorner[3·slots]
  std::shared_ptr<vk::Buffer> counters;  // transform-feedback bytes, scratch setup statistics, indirect draws
  std::shared_ptr<vk::Buffer> deferred;  // the triage pass's deferred slots (uint[slots])
  // D3DVK_FALLBACK_STATS: GPU timestamps around the passes of the last draw
  // (before the capture, after it, after the setup, after the draw), printed
  // by the next fallback draw once they are available.
  std::shared_ptr<vk::QueryPool> timestamps;
  bool timestampsPending = false;
  FallbackBatch batch;  // consecutive draws recorded as one batch of phases
};

void recordFallbackDraw(Device& device, const DrawCall& call, const PreparedDraw& prepared);

}  // namespace d3dvk::umd
