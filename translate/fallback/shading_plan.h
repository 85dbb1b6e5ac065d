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

#include <array>
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
  // One span per covered row, carrying its inner interval (innerBegin/innerEnd)
  // for a pixel shader that computes SV_InnerCoverage from the pixel position
  // (the translator's fallback span variant), instead of up to three sub-spans
  // (outer-left, inner, outer-right) with a constant inner flag each.
  bool spanPerRow = false;
  // Target-independent rasterization without conservative mode (raster.mode
  // Standard, ForcedSampleCount N = 1, 2, 4, 8 or 16): a pixel is covered when
  // any of the N D3D standard sample positions is (each one's top-left-rule
  // coverage), and each span carries the pixels' N-bit coverage mask
  // (ShadingQuad::coverage); pixels with different masks get different spans.
  uint32_t forcedSampleCount = 0;
};

// The D3D standard sample positions of a sample count (1, 2, 4, 8, 16), in
// 1/16 px from the pixel centre (x right, y down); empty for other counts.
std::span<const std::array<int8_t, 2>> standardSamplePositions(uint32_t count);

// One covered sub-span of one primitive, compact (the plan of a large draw holds
// millions): its geometry is built on demand by quadCorners() / spanTriangle().
struct ShadingQuad {
  int32_t x0 = 0, x1 = 0, y = 0;  // the span [x0, x1) × [y, y + 1)
  int32_t innerBegin = 0, innerEnd = 0;  // its fully covered pixels [innerBegin, innerEnd) (may be empty)
  uint32_t triangle = 0;          // index into CapturedDraw::triangles
  uint32_t primitiveId = 0;
  uint32_t flatIndex = kNotFlat;  // into ShadingPlan::flatWeights for a flattened pixel
  bool inner = false;             // SV_InnerCoverage of every pixel of the span (sub-span mode)
  bool frontFacing = false;
  bool clockwise = false;         // the winding the geometry is built with
  bool degenerate = false;        // vertex 0's attributes everywhere
  // A one-pixel span near the plane's horizon whose single triangle would reach
  // behind the eye but whose own pixel quad does not: draw it as quadCorners()
  // (two triangles; on a multisampled target its samples split between two
  // invocations with identical attributes).
  bool exactQuad = false;
  // Target-independent rasterization (FallbackDrawState::forcedSampleCount):
  // the forced samples every pixel of the span covers; 0 otherwise (all).
  uint16_t coverage = 0;
  static constexpr uint32_t kNotFlat = 0xFFFFFFFFu;
  bool flat() const { return flatIndex != kNotFlat; }
};

struct ShadingPlan {
  std::vector<ShadingQuad> quads;
  // Constant attribute weights of flattened pixels (extrapolation would cross w ≤ 0).
  std::vector<std::array<double, 3>> flatWeights;
  uint32_t trianglesCulled = 0;     // by cull mode
  uint32_t trianglesClippedAway = 0;
  uint32_t trianglesRejected = 0;   // non-finite positions
  uint32_t pixelsFlattened = 0;     // extrapolation would cross w ≤ 0: constant attributes instead
  uint32_t pixelsAsQuads = 0;       // spanPerRow pixels drawn as their own quad (ShadingQuad::exactQuad)
};

ShadingPlan planShadingQuads(const CapturedDraw& draw, const FallbackDrawState& state);

// The span's geometry on its primitive's plane (or flat): as a quad of two
// triangles (strip order; single-sample targets), or as one triangle
// (makeSpanTriangle; multisampled targets, drawn with a discard outside the span).
std::array<QuadCorner, 4> quadCorners(const CapturedDraw& draw, const FallbackDrawState& state,
                                      const ShadingPlan& plan, const ShadingQuad& quad);
std::array<QuadCorner, 3> spanTriangle(const CapturedDraw& draw, const FallbackDrawState& state,
                                       const ShadingPlan& plan, const ShadingQuad& quad);

}  // namespace d3dvk::fallback
