// tools/d3dvk-conformance/coverage_bounds.h — what the spec allows a
// conservatively rasterized triangle to light, and the verdict on what it lit
// (pure: no D3D, unit-tested in tests/tools). A scenario names the pixels that
// MUST be lit (those the float triangle overlaps); any other lit pixel must lie
// in the outer uncertainty region: the triangle snapped to 16.8 fixed point
// (round to nearest, ties to even), swept by a square of half-size ½ px at
// Tier 1 or 1/256 px at Tiers 2–3. A pixel the region only touches (its closed
// square) counts as reachable. The verdict passes when
// required ⊆ lit ⊆ required ∪ region, and says "exact" or "within the
// uncertainty region, extra: …" (../shared/reference/conservative-raster.md).
#pragma once

#include <array>
#include <set>
#include <string>
#include <utility>

namespace d3dvk::conformance {

// (x, y) render-target pixels.
using PixelSet = std::set<std::pair<int, int>>;
std::string describe(const PixelSet& pixels);  // "{(0,0) (1,0)}", "{}" when empty

// A point in render-target pixels (origin top-left, y down).
struct PixelPoint {
  double x, y;
};
// NDC → render-target pixels for a viewport covering a W×H target at the
// origin: Xrt = (X + 1)·W/2, Yrt = (1 − Y)·H/2.
PixelPoint ndcToPixels(float x, float y, int width, int height);

// The outer uncertainty region's half-size in 1/256 px: 128 at Tier 1, 1 at
// Tiers 2 and 3 (tier as D3D11_CONSERVATIVE_RASTERIZATION_TIER: 1, 2 or 3).
int uncertaintyHalfSize(int tier);

// The pixels of a W×H target that the outer uncertainty region of the triangle
// reaches at `tier`, computed exactly (integer arithmetic on the snapped
// vertices). Degenerate triangles (a segment or a point after snapping) give
// the region around that segment or point.
PixelSet uncertaintyRegionPixels(const std::array<PixelPoint, 3>& triangle, int tier, int width, int height);

// The pixels of a W×H target whose open square the triangle's interior
// overlaps: what every conservative rasterization must light (no false
// negatives). Exact for vertices on the 16.8 grid (snapping moves nothing);
// empty for a degenerate triangle.
PixelSet overlappedPixels(const std::array<PixelPoint, 3>& triangle, int width, int height);

// The pixels whose closed square, grown by `margin` (1/256 px), lies inside the
// closed triangle (vertices on the 16.8 grid). margin 0: the pixels inner
// coverage may report (it has no false positives); margin 1 at Tier 3: the
// pixels it must report (false negatives only within 1/256 px of an edge).
PixelSet fullyCoveredPixels(const std::array<PixelPoint, 3>& triangle, int width, int height, int margin);

struct CoverageVerdict {
  bool pass = false;
  PixelSet missing;  // required but not lit
  PixelSet extra;    // lit, not required, inside the region
  PixelSet outside;  // lit beyond required ∪ region
  // "exact", "within the uncertainty region, extra: {…}", or for a failure
  // "missing {…}" and/or "lit outside the uncertainty region: {…}" (with what was lit).
  std::string detail;
};
CoverageVerdict judgeCoverage(const PixelSet& required, const PixelSet& region, const PixelSet& lit);

}  // namespace d3dvk::conformance
