// translate/fallback/shading_plan.h — the whole CPU front end of a conservative
// fallback draw, as one pure function: captured vertex outputs + assembled
// triangles + draw state → the shading pass's quads, in primitive order. Per
// triangle: clip in homogeneous space, divide, viewport transform, conservative
// rasterization (translate/raster, with culling and facing from the snapped
// winding), then one quad per covered sub-span carrying re-projected positions,
// barycentric weights on the original triangle, SV_InnerCoverage, SV_PrimitiveID
// and a winding that reproduces the primitive's facing.
//
// A triangle cut by clipping is rasterized as the fan of its clipped polygon and
// the fan's rows are merged (a convex polygon covers one interval per row); inner
// coverage then keeps only pixels fully inside one fan triangle (a pixel
// straddling an internal fan edge reads 0: a permitted false negative).
#pragma once

#include "clip.h"
#include "primitive_assembly.h"
#include "span_quad.h"

#include <d3dvk/raster/rasterizer.h>

#include <cstdint>
#include <span>
#include <vector>

namespace d3dvk::fallback {

struct CapturedDraw {
  std::span<const float> vertices;  // captured outputs, `stride` floats per vertex
  uint32_t stride = 4;
  uint32_t positionOffset = 0;  // the clip-space SV_Position: floats [offset, offset + 4)
  std::span<const AssembledTriangle> triangles;
};

struct FallbackDrawState {
  raster::RasterizerDrawState raster;  // conservative mode, tier, cull, winding, clip rect
  Viewport viewport;
  bool depthClip = true;  // DepthClipEnable
};

struct ShadingQuad {
  std::array<QuadCorner, 4> corners;  // triangle-strip order (single-sample targets)
  int x0 = 0, x1 = 0, y = 0;          // the span [x0, x1) × [y, y + 1)
  bool clockwise = false;             // the winding the geometry is built with
  bool degenerate = false;
  bool flat = false;                  // flattened pixel: constant attributes = flatWeights
  std::array<double, 3> flatWeights{};
  uint32_t triangle = 0;              // index into CapturedDraw::triangles
  uint32_t primitiveId = 0;
  bool inner = false;  // SV_InnerCoverage of every pixel of the quad
  bool frontFacing = false;
};

struct ShadingPlan {
  std::vector<ShadingQuad> quads;
  uint32_t trianglesCulled = 0;     // by cull mode
  uint32_t trianglesClippedAway = 0;
  uint32_t trianglesRejected = 0;   // non-finite positions
  uint32_t pixelsFlattened = 0;     // extrapolation would cross w ≤ 0: constant attributes instead
};

ShadingPlan planShadingQuads(const CapturedDraw& draw, const FallbackDrawState& state);

// The span of `quad` as one triangle (makeSpanTriangle) with the same plane or
// flat attributes: for multisampled targets, drawn with a discard outside the span.
std::array<QuadCorner, 3> spanTriangle(const CapturedDraw& draw, const FallbackDrawState& state,
                                       const ShadingQuad& quad);

}  // namespace d3dvk::fallback
