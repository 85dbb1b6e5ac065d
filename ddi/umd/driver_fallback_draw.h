// ddi/umd/driver_fallback_draw.h — a conservative draw on the CPU fallback
// path (../DESIGN.md "The fallback path"), for a rasterizer state with
// ConservativeRaster ON when the device cannot honour the reported tier:
//
//  1. capture: the vertex shader's capture variant runs the draw's vertices as
//     points with rasterizer discard, writing every output register into a
//     transform-feedback buffer (one vertex per index reference, instances in
//     order); the index range is copied alongside; the batch is submitted and
//     waited for, and both are read back;
//  2. CPU front end (translate/fallback): primitive assembly in API order,
//     clipping, divide, viewport, the 16.8 conservative rasterizer with culling,
//     → one span per covered row per primitive;
//  3. shading: each span becomes one triangle on the primitive's plane (corners
//     carry re-projected clip positions and every output register evaluated
//     there: perspective, noperspective or flat as the pixel shader declares),
//     drawn with the passthrough vertex shader and the pixel shader's fallback
//     variant (pixels outside the span discarded, SV_InnerCoverage from the
//     span's inner interval, SV_PrimitiveID flat), cull off, depth clamp on,
//     and the application's blend, depth-stencil, sample mask, targets and
//     scissor — in primitive order.
#pragma once

#include "draw_recording.h"

namespace d3dvk::umd {

void recordFallbackDraw(Device& device, const DrawCall& call, const PreparedDraw& prepared);

}  // namespace d3dvk::umd
