// tests/tools: the conformance report's tolerance (tools/d3dvk-conformance/
// coverage_bounds.h) fed with pixel sets: the outer uncertainty region computed
// exactly from the snapped geometry at Tier 1 and Tiers 2–3, the pixels a
// triangle overlaps or fully covers (what must be lit, what inner coverage may
// and must report), and the verdict (required ⊆ lit ⊆ required ∪ region,
// "exact" or "within the uncertainty region, extra: …").
#include "coverage_bounds.h"

#include <catch2/catch.hpp>

using namespace d3dvk::conformance;

namespace {

std::array<PixelPoint, 3> fromNdc(std::array<std::array<float, 2>, 3> v, int w, int h) {
  return {ndcToPixels(v[0][0], v[0][1], w, h), ndcToPixels(v[1][0], v[1][1], w, h), ndcToPixels(v[2][0], v[2][1], w, h)};
}

PixelSet allOf(int w, int h) {
  PixelSet s;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) s.insert({x, y});
  return s;
}

}  // namespace

TEST_CASE("NDC to pixels and the region's size per tier", "[tools][conformance]") {
  const PixelPoint a = ndcToPixels(-1, 1, 4, 2), b = ndcToPixels(1, -1, 4, 2), c = ndcToPixels(0, 0.5f, 2, 2);
  CHECK(a.x == 0.0);
  CHECK(a.y == 0.0);
  CHECK(b.x == 4.0);
  CHECK(b.y == 2.0);
  CHECK(c.x == 1.0);
  CHECK(c.y == 0.5);
  CHECK(uncertaintyHalfSize(1) == 128);  // ½ px, in 1/256 px
  CHECK(uncertaintyHalfSize(2) == 1);    // 1/256 px
  CHECK(uncertaintyHalfSize(3) == 1);
}

TEST_CASE("the uncertainty region of the spec's scenarios, exactly", "[tools][conformance]") {
  // Bring-up (2×2): the bottom edge lies on y = 1, so row 1 is in the region at every tier.
  const auto bringUp = fromNdc({{{-1, 0}, {1, 0}, {0, 0.5f}}}, 2, 2);
  CHECK(uncertaintyRegionPixels(bringUp, 3, 2, 2) == allOf(2, 2));
  CHECK(uncertaintyRegionPixels(bringUp, 1, 2, 2) == allOf(2, 2));
  // 1/256 px (3×3): inside the centre pixel by 4/256 px, so only it at Tiers 2–3; ½ px reaches all nine.
  const float d = 1.0f / 96;
  const auto small = fromNdc({{{-1.0f / 3 + d, 1.0f / 3 - d}, {-1.0f / 3 + d, -1.0f / 3 + d}, {1.0f / 3 - d, 1.0f / 3 - d}}},
                             3, 3);
  CHECK(uncertaintyRegionPixels(small, 3, 3, 3) == PixelSet{{1, 1}});
  CHECK(uncertaintyRegionPixels(small, 2, 3, 3) == PixelSet{{1, 1}});
  CHECK(uncertaintyRegionPixels(small, 1, 3, 3) == allOf(3, 3));
  // Top-left (4×4, d = 1/1024 NDC snaps back onto the grid, ties to even): the 13 pixels and nothing else at Tier 3.
  const float e = 1.0f / 1024;
  const auto topLeft = fromNdc({{{-1 + e, -0.5f}, {e, 0.5f}, {0.5f, -0.5f}}}, 4, 4);
  const PixelSet thirteen = {{1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}, {0, 2}, {1, 2},
                             {2, 2}, {3, 2}, {0, 3}, {1, 3}, {2, 3}, {3, 3}};
  CHECK(uncertaintyRegionPixels(topLeft, 3, 4, 4) == thirteen);
  // ½ px (4×4): the centre 2×2 at Tier 1 (the spec's statement), and at Tier 3 too
  // ((2,2) is touched by the triangle's corner itself).
  const float q = 1.0f / 64;
  const auto half = fromNdc({{{-0.25f + q, 0.25f - q}, {-0.25f + q, -0.25f + q}, {0.25f - q, 0.25f - q}}}, 4, 4);
  const PixelSet centre = {{1, 1}, {2, 1}, {1, 2}, {2, 2}};
  CHECK(uncertaintyRegionPixels(half, 1, 4, 4) == centre);
  CHECK(uncertaintyRegionPixels(half, 3, 4, 4) == centre);
}

TEST_CASE("the uncertainty region: closed pixels, snapping ties to even, degenerates, clipping", "[tools][conformance]") {
  // A triangle ending exactly 1/256 px left of x = 1: the region touches pixel (1,0)'s edge — reachable.
  const double u = 1.0 / 256;
  CHECK(uncertaintyRegionPixels({PixelPoint{0.5, 0.25}, {1 - u, 0.25}, {0.5, 0.75}}, 3, 2, 1) == allOf(2, 1));
  CHECK(uncertaintyRegionPixels({PixelPoint{0.5, 0.25}, {1 - 2 * u, 0.25}, {0.5, 0.75}}, 3, 2, 1) ==
        PixelSet{{0, 0}});
  // 1 − 3/512 px is 254.5/256: it snaps to 254/256 (even), 2/256 from the boundary — out of reach.
  CHECK(uncertaintyRegionPixels({PixelPoint{0.5, 0.25}, {1 - 3 * u / 2, 0.25}, {0.5, 0.75}}, 3, 2, 1) ==
        PixelSet{{0, 0}});
  // 1 − 5/512 px is 253.5/256: it snaps to 254/256 as well (ties to even, not up).
  CHECK(uncertaintyRegionPixels({PixelPoint{0.5, 0.25}, {1 - 5 * u / 2, 0.25}, {0.5, 0.75}}, 3, 2, 1) ==
        PixelSet{{0, 0}});
  // Both windings give the same region.
  CHECK(uncertaintyRegionPixels({PixelPoint{0.5, 0.25}, {0.5, 0.75}, {1 - u, 0.25}}, 3, 2, 1) == allOf(2, 1));
  // A post-snap degenerate along x = 1 (the spec's scenario 7, 2×1) reaches both pixels.
  const auto boundary = fromNdc({{{0, -1}, {0, 1}, {-1.0f / 1024, 1}}}, 2, 1);
  CHECK(uncertaintyRegionPixels(boundary, 3, 2, 1) == allOf(2, 1));
  // A segment inside pixel (0,0) away from its edges, and a point: that pixel only.
  CHECK(uncertaintyRegionPixels({PixelPoint{0.25, 0.5}, {0.75, 0.5}, {0.5, 0.5}}, 3, 3, 3) == PixelSet{{0, 0}});
  CHECK(uncertaintyRegionPixels({PixelPoint{1.5, 1.5}, {1.5, 1.5}, {1.5, 1.5}}, 3, 3, 3) == PixelSet{{1, 1}});
  // A point on a pixel corner reaches the four pixels around it, inside the target only.
  CHECK(uncertaintyRegionPixels({PixelPoint{1, 1}, {1, 1}, {1, 1}}, 3, 3, 3) == PixelSet{{0, 0}, {1, 0}, {0, 1}, {1, 1}});
  CHECK(uncertaintyRegionPixels({PixelPoint{0, 0}, {0, 0}, {0, 0}}, 3, 3, 3) == PixelSet{{0, 0}});
  // A thin sliver: pixels near its long edge are reached only within the region's size.
  const std::array<PixelPoint, 3> sliver = {PixelPoint{0.5, 1.5}, {3.5, 1.5}, {3.5, 1.5 + 4 * u}};
  CHECK(uncertaintyRegionPixels(sliver, 3, 4, 3) == PixelSet{{0, 1}, {1, 1}, {2, 1}, {3, 1}});
  CHECK(uncertaintyRegionPixels(sliver, 1, 4, 3) == allOf(4, 3));
}

TEST_CASE("the verdict: required ⊆ lit ⊆ required ∪ region, with what was extra or wrong", "[tools][conformance]") {
  const PixelSet required = {{0, 0}, {1, 0}}, region = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
  CoverageVerdict v = judgeCoverage(required, region, required);
  CHECK(v.pass);
  CHECK(v.detail == "exact");
  CHECK(v.extra.empty());

  v = judgeCoverage(required, region, {{0, 0}, {1, 0}, {0, 1}, {1, 1}});  // hardware dilating by 1/512
  CHECK(v.pass);
  CHECK(v.detail == "within the uncertainty region, extra: {(0,1) (1,1)}");
  CHECK(v.extra == PixelSet{{0, 1}, {1, 1}});

  v = judgeCoverage(required, region, {{0, 0}, {0, 1}});  // a false negative
  CHECK_FALSE(v.pass);
  CHECK(v.missing == PixelSet{{1, 0}});
  CHECK(v.extra == PixelSet{{0, 1}});
  CHECK(v.detail == "missing {(1,0)} (required {(0,0) (1,0)}, lit {(0,0) (0,1)})");

  v = judgeCoverage(required, region, {{0, 0}, {1, 0}, {2, 0}});  // beyond the region
  CHECK_FALSE(v.pass);
  CHECK(v.outside == PixelSet{{2, 0}});
  CHECK(v.detail ==
        "lit outside the uncertainty region: {(2,0)} (required {(0,0) (1,0)}, lit {(0,0) (1,0) (2,0)})");

  v = judgeCoverage(required, region, {{3, 3}});  // both
  CHECK_FALSE(v.pass);
  CHECK(v.detail == "missing {(0,0) (1,0)}, lit outside the uncertainty region: {(3,3)} (required {(0,0) (1,0)}, "
                    "lit {(3,3)})");

  v = judgeCoverage({}, {}, {});  // nothing required, nothing lit
  CHECK(v.pass);
  CHECK(v.detail == "exact");
  CHECK(judgeCoverage({}, {}, {{0, 0}}).detail == "lit outside the uncertainty region: {(0,0)} (required {}, lit {(0,0)})");
}

TEST_CASE("the pixels a triangle overlaps and those it fully covers, exactly", "[tools][conformance]") {
  // Bring-up: row 1 is only touched along y = 1, so exactly row 0 must be lit.
  const auto bringUp = fromNdc({{{-1, 0}, {1, 0}, {0, 0.5f}}}, 2, 2);
  CHECK(overlappedPixels(bringUp, 2, 2) == PixelSet{{0, 0}, {1, 0}});
  CHECK(fullyCoveredPixels(bringUp, 2, 2, 0).empty());
  // Top-left: snapped to (0,3) (2,1) (3,3), its interior meets 5 pixels — all among the 13 the spec requires.
  const float e = 1.0f / 1024;
  const auto topLeft = fromNdc({{{-1 + e, -0.5f}, {e, 0.5f}, {0.5f, -0.5f}}}, 4, 4);
  CHECK(overlappedPixels(topLeft, 4, 4) == PixelSet{{1, 1}, {2, 1}, {0, 2}, {1, 2}, {2, 2}});
  // Inner coverage (3×3): the centre pixel is inside by 1/32 px; (1,2) lies in the
  // closed triangle but touches its bottom edge, so only the centre survives 1/256.
  const float d = 1.0f / 48;
  const auto inner = fromNdc({{{-1 - d, -1}, {1 + d, -1}, {0, 1 + 2 * d}}}, 3, 3);
  CHECK(overlappedPixels(inner, 3, 3) == allOf(3, 3));
  CHECK(fullyCoveredPixels(inner, 3, 3, 0) == PixelSet{{1, 1}, {1, 2}});
  CHECK(fullyCoveredPixels(inner, 3, 3, 1) == PixelSet{{1, 1}});
  // Both windings alike; a degenerate triangle has no interior.
  const auto reversed = fromNdc({{{1 + d, -1}, {-1 - d, -1}, {0, 1 + 2 * d}}}, 3, 3);
  CHECK(fullyCoveredPixels(reversed, 3, 3, 1) == PixelSet{{1, 1}});
  CHECK(overlappedPixels({PixelPoint{0, 0.5}, {2, 0.5}, {1, 0.5}}, 2, 1).empty());
  CHECK(fullyCoveredPixels({PixelPoint{0, 0.5}, {2, 0.5}, {1, 0.5}}, 2, 1, 0).empty());
  // A pixel-aligned square's two halves: each overlaps exactly its own pixels' interiors.
  CHECK(overlappedPixels({PixelPoint{1, 1}, {3, 1}, {1, 3}}, 4, 4) == PixelSet{{1, 1}, {2, 1}, {1, 2}});
  CHECK(fullyCoveredPixels({PixelPoint{1, 1}, {3, 1}, {1, 3}}, 4, 4, 0) == PixelSet{{1, 1}});
}
