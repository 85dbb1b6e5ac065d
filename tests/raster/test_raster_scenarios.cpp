// d3dvk tests/raster: hand-derived expectations for translate/raster — the spec's
// scenarios 1-7 (../shared/reference/conservative-raster.md) in pixel coordinates,
// the 16.8 snapping rule, top-left ties, span-row structure and bad input. Every
// expected pixel set here was worked out by hand (the derivation is in the
// comments), never produced by the rasterizer.
#include <catch2/catch.hpp>

#include "d3dvk/raster/rasterizer.h"

#include <cmath>
#include <limits>
#include <set>
#include <utility>
#include <vector>

using namespace d3dvk::raster;

namespace {

using PixelSet = std::set<std::pair<int, int>>;  // (x, y)

struct Result {
  TriangleCoverage tc;
  PixelSet covered, inner;
  SpanRowArray rows;
};

Result run(const ScreenTriangle& t, RasterizerDrawState st) {
  Result r;
  r.tc = rasterizeTriangle(t, st, r.rows);
  for (std::size_t i = 0; i < r.rows.size(); ++i) {
    const SpanRow& row = r.rows[i];
    const int y = r.tc.firstY + static_cast<int>(i);
    for (int x = row.outerBegin; x < row.outerEnd; ++x) {
      r.covered.insert({x, y});
      if (x >= row.innerBegin && x < row.innerEnd) r.inner.insert({x, y});
    }
  }
  return r;
}

RasterizerDrawState conservative(int tier, int w, int h) {
  RasterizerDrawState st;
  st.mode = RasterMode::Conservative;
  st.tier = static_cast<ConservativeTier>(tier);
  st.clip = ClipRect{0, 0, w, h};
  return st;
}

RasterizerDrawState standard(int w, int h) {
  RasterizerDrawState st;
  st.mode = RasterMode::Standard;
  st.clip = ClipRect{0, 0, w, h};
  return st;
}

ScreenTriangle tri(float x0, float y0, float x1, float y1, float x2, float y2) {
  return ScreenTriangle{{{x0, y0}, {x1, y1}, {x2, y2}}};
}

}  // namespace

TEST_CASE("raster: 16.8 snapping rounds to nearest, ties to even", "[raster][snap]") {
  auto snap = [](float v) {
    std::int32_t f = 12345;
    REQUIRE(snapToFixed(v, f) == CullReason::None);
    return f;
  };
  CHECK(snap(0.0f) == 0);
  CHECK(snap(1.0f) == 256);
  CHECK(snap(1.0f / 256) == 1);
  CHECK(snap(0.75f / 256) == 1);       // 0.75 step -> 1
  CHECK(snap(0.25f / 256) == 0);       // 0.25 step -> 0
  CHECK(snap(0.5f / 256) == 0);        // tie -> even 0
  CHECK(snap(1.5f / 256) == 2);        // tie -> even 2
  CHECK(snap(2.5f / 256) == 2);        // tie -> even 2
  CHECK(snap(-0.5f / 256) == 0);       // tie -> even 0
  CHECK(snap(-1.5f / 256) == -2);      // tie -> even -2
  CHECK(snap(-2.5f / 256) == -2);
  CHECK(snap(-0.75f / 256) == -1);
  CHECK(snap(2.001953125f) == 512);    // 512.5 steps -> 512
  CHECK(snap(0.9990234375f) == 256);   // 255.75 steps -> 256
  CHECK(snap(32768.0f) == 8388608);
  CHECK(snap(-32768.0f) == -8388608);
  CHECK(snap(32767.998046875f) == 8388608);  // 8388607.5 steps: tie -> even 8388608
  CHECK(snap(32767.994140625f) == 8388606);  // 8388606.5 steps: tie -> even 8388606
}

TEST_CASE("raster: NaN, infinity and out-of-range coordinates are rejected with a reason",
          "[raster][bad-input]") {
  std::int32_t f = 0;
  CHECK(snapToFixed(std::numeric_limits<float>::quiet_NaN(), f) == CullReason::NotANumber);
  CHECK(snapToFixed(std::numeric_limits<float>::infinity(), f) == CullReason::Infinite);
  CHECK(snapToFixed(-std::numeric_limits<float>::infinity(), f) == CullReason::Infinite);
  CHECK(snapToFixed(32768.00390625f, f) == CullReason::OutOfRange);  // next float above 32768
  CHECK(snapToFixed(-1e30f, f) == CullReason::OutOfRange);
  CHECK(snapToFixed(std::numeric_limits<float>::max(), f) == CullReason::OutOfRange);

  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  const RasterizerDrawState st = conservative(3, 64, 64);
  struct BadCase {
    ScreenTriangle t;
    CullReason why;
  };
  const BadCase cases[] = {
      {tri(nan, 0, 1, 0, 0, 1), CullReason::NotANumber},
      {tri(0, 0, 1, nan, 0, 1), CullReason::NotANumber},
      {tri(0, 0, 1, 0, 0, inf), CullReason::Infinite},
      {tri(0, 0, -inf, 0, 0, 1), CullReason::Infinite},
      {tri(0, 0, 1, 0, 40000, 1), CullReason::OutOfRange},
      {tri(0, -32769, 1, 0, 0, 1), CullReason::OutOfRange},
  };
  for (const BadCase& b : cases) {
    SpanRowArray rows;
    const TriangleCoverage tc = rasterizeTriangle(b.t, st, rows);
    CHECK(tc.cull == b.why);
    CHECK(isRejection(tc.cull));
    CHECK(tc.rowCount == 0);
    CHECK(rows.empty());
    CHECK(!cullReasonMessage(tc.cull).empty());
  }
  // The limit itself is accepted.
  SpanRowArray rows;
  // (-32768,-32768) (32768,-32768) (0,32768): at y in [0,64] its edges are near
  // x = -16384 and x = +16384, so the whole 64x64 clip is covered, all inner.
  const TriangleCoverage ok = rasterizeTriangle(tri(-32768, -32768, 32768, -32768, 0, 32768), st, rows);
  CHECK(ok.cull == CullReason::None);
  REQUIRE(ok.rowCount == 64);
  for (const SpanRow& row : rows) {
    CHECK(row.outerBegin == 0);
    CHECK(row.innerBegin == 0);
    CHECK(row.innerEnd == 64);
    CHECK(row.outerEnd == 64);
  }
}

// Scenario 1 (bring-up): 2x2, triangle (0,1) (2,1) (1,0.5). No centre covered.
// Every coordinate is on the 1/256 grid, so snapping moves nothing and the
// triangle itself is tested (no uncertainty region). Row 0 overlaps its interior
// (e.g. (0.5,0.9) and (1.5,0.9) are inside): (0,0), (1,0). Row 1 only touches the
// bottom edge y = 1, which is not top-left (the triangle lies above it): not lit.
// Exactly (0,0) and (1,0), as the reference doc requires; also with a 4x4 target.
// The same snapped triangle from inexact floats (apex 1/1024 px lower, snapping
// back to 0.5) takes the 1/512 px region, which overlaps row 1: all four pixels.
TEST_CASE("raster: scenario 1, bring-up triangle between pixel centres", "[raster][scenario]") {
  const ScreenTriangle t = tri(0, 1, 2, 1, 1, 0.5f);
  for (int tier = 1; tier <= 3; ++tier) {
    const Result r = run(t, conservative(tier, 2, 2));
    CHECK(r.covered == PixelSet{{0, 0}, {1, 0}});
    CHECK(r.inner.empty());
    CHECK(!r.tc.frontFacing);  // counter-clockwise on screen, default clockwise front
    CHECK(run(t, conservative(tier, 4, 4)).covered == PixelSet{{0, 0}, {1, 0}});
  }
  const Result off = run(t, standard(2, 2));
  CHECK(off.tc.cull == CullReason::None);
  CHECK(off.covered.empty());

  const Result inexact = run(tri(0, 1, 2, 1, 1, 0.5009765625f), conservative(3, 2, 2));
  CHECK(inexact.covered == PixelSet{{0, 0}, {1, 0}, {0, 1}, {1, 1}});
  const Result higher = run(tri(0, 0.96875f, 2, 0.96875f, 1, 0.5f), conservative(3, 2, 2));
  CHECK(higher.covered == PixelSet{{0, 0}, {1, 0}});
  CHECK(run(tri(0, 0.96875f, 2, 0.96875f, 1, 0.5f), standard(2, 2)).covered.empty());
}

// Scenario 2 (1/2 px, Tier 1): 4x4, NDC (-.25+d, .25-d), (-.25+d, -.25+d), (.25-d, .25-d)
// -> pixels (1.5+2d, 1.5+2d), (1.5+2d, 2.5-2d), (2.5-2d, 1.5+2d). For every d the
// hypotenuse is x + y = 4, through the corner (2,2) of pixel (2,2), which it only
// touches there. d = 0.01 NDC (2d = 0.02 px; 1.52 and 2.48 are not on the 1/256
// grid): snapped to 389/256 and 635/256, hypotenuse still x + y = 4; the 1/512 px
// region overlaps pixel (2,2); the legs are >= 0.5 px from pixels 0 and 3: only
// the centre 2x2 pixels, as the reference doc says.
// With a d that puts the vertices on the grid (d = 1/64, 2d = 1/32 px) nothing is
// snapped, the triangle itself is tested, and pixel (2,2) only touches the
// hypotenuse at a point of a non-top-left edge (the triangle is up-left of it):
// (1,1), (2,1), (1,2). The spec leaves touching by the triangle itself
// implementation-specific; d3dvk's contract applies the top-left rule.
TEST_CASE("raster: scenario 2, only the centre 2x2 pixels", "[raster][scenario]") {
  const ScreenTriangle t = tri(1.52f, 1.52f, 1.52f, 2.48f, 2.48f, 1.52f);
  const ScreenTriangle onGrid = tri(1.53125f, 1.53125f, 1.53125f, 2.46875f, 2.46875f, 1.53125f);
  for (int tier = 1; tier <= 3; ++tier) {
    const Result r = run(t, conservative(tier, 4, 4));
    CHECK(r.covered == PixelSet{{1, 1}, {2, 1}, {1, 2}, {2, 2}});
    CHECK(r.inner.empty());
    const Result g = run(onGrid, conservative(tier, 4, 4));
    CHECK(g.covered == PixelSet{{1, 1}, {2, 1}, {1, 2}});
    CHECK(g.inner.empty());
  }
}

// Scenario 3 (1/256, Tier 3): 3x3, NDC (-1/3+d, 1/3-d), (-1/3+d, -1/3+d), (1/3-d, 1/3-d)
// -> (1+e, 1+e), (1+e, 2-e), (2-e, 1+e) with e = 1.5d = 1/64 px: only the centre
// pixel (every other pixel is at least 1/64 px away from the triangle). These
// vertices are on the 1/256 grid (exact path); e = 1/64 + 1/1000 px (off the grid,
// 1/512 px region) gives the same pixel.
TEST_CASE("raster: scenario 3, only the centre pixel", "[raster][scenario]") {
  const ScreenTriangle t = tri(1.015625f, 1.015625f, 1.015625f, 1.984375f, 1.984375f, 1.015625f);
  const Result r = run(t, conservative(3, 3, 3));
  CHECK(r.covered == PixelSet{{1, 1}});
  CHECK(r.inner.empty());
  const float a = 1.0f + 1.0f / 64 + 0.001f, b = 2.0f - 1.0f / 64 - 0.001f;
  CHECK(run(tri(a, a, a, b, b, a), conservative(3, 3, 3)).covered == PixelSet{{1, 1}});
}

// Scenario 4 (top-left, Tier 3): 4x4, NDC (-1+d, -0.5), (d, 0.5), (0.5, -0.5) with
// d = 1/1024 -> (1/512, 3), (2+1/512, 1), (3, 3); snapping (ties to even) gives
// (0,3), (2,1), (3,3). Every pixel touching that triangle: row 0: 1,2 (vertex
// (2,1)); row 1: 0 (corner (1,2) on the left edge), 1, 2; row 2: 0..3 ((3,3) at
// pixel 3's corner); row 3: 0..3 (bottom edge y = 3). 13 pixels. The vertices are
// not on the 1/256 grid (1/512 is a snapping tie), so this is the 1/512 px region
// path with the top-left rule on its boundary.
TEST_CASE("raster: scenario 4, top-left triangle lights 13 pixels", "[raster][scenario]") {
  const ScreenTriangle t = tri(0.001953125f, 3, 2.001953125f, 1, 3, 3);
  const Result r = run(t, conservative(3, 4, 4));
  const PixelSet expect{{1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}, {0, 2}, {1, 2},
                        {2, 2}, {3, 2}, {0, 3}, {1, 3}, {2, 3}, {3, 3}};
  CHECK(r.covered == expect);
  CHECK(r.covered.size() == 13);
  CHECK(r.inner.empty());
  CHECK(r.tc.frontFacing);  // clockwise on screen
  // Standard mode on the same snapped triangle: centres (1.5,1.5) and (0.5,2.5) lie
  // exactly on the left edge x + y = 3 and count (left edge); (1.5,2.5), (2.5,2.5)
  // are inside. Mirrored in x, the same centres lie on a right edge and do not.
  CHECK(run(t, standard(4, 4)).covered == PixelSet{{1, 1}, {0, 2}, {1, 2}, {2, 2}});
  CHECK(run(tri(4, 3, 2, 1, 1, 3), standard(4, 4)).covered == PixelSet{{1, 2}, {2, 2}});
}

// Scenario 5 (InnerCoverage): 3x3, NDC (-1-d, -1), (1+d, -1), (0, 1+2d) with d = 1/96
// -> (-1/64, 3), (3+1/64, 3), (1.5, -1/32), all on the 1/256 grid (exact path).
// Edges 2x + y >= 3 - 1/32 and -2x + y >= -3 - 1/32, bottom y <= 3. Centre pixel:
// its top corners have 1/32 of margin. Pixel (1,2) lies inside the closed
// triangle but its bottom side is on the bottom edge, which is not top-left, so
// it is not inner (inner = every point of the pixel inside by the top-left rule);
// the other pixels have a corner outside. Every pixel of the target overlaps the
// interior (row 0: e.g. (0.99,0.99) and (2.01,0.99) are inside), so all 9 covered.
TEST_CASE("raster: scenario 5, only the centre pixel has inner coverage", "[raster][scenario]") {
  const ScreenTriangle t = tri(-0.015625f, 3, 3.015625f, 3, 1.5f, -0.03125f);
  const Result r = run(t, conservative(3, 3, 3));
  CHECK(r.inner == PixelSet{{1, 1}});
  CHECK(r.covered.size() == 9);
  CHECK(r.inner.count({1, 2}) == 0);
  REQUIRE(r.rows.size() == 3);
  CHECK(r.tc.firstY == 0);
  const SpanRow& mid = r.rows[1];
  CHECK(mid.outerBegin == 0);
  CHECK(mid.innerBegin == 1);
  CHECK(mid.innerEnd == 2);
  CHECK(mid.outerEnd == 3);
  const RowSubSpans sub = subSpans(mid, 1);
  REQUIRE(sub.count == 3);
  CHECK((!sub.span[0].inner && sub.span[0].xBegin == 0 && sub.span[0].xEnd == 1 && sub.span[0].y == 1));
  CHECK((sub.span[1].inner && sub.span[1].xBegin == 1 && sub.span[1].xEnd == 2));
  CHECK((!sub.span[2].inner && sub.span[2].xBegin == 2 && sub.span[2].xEnd == 3));
  // Below Tier 3: the same pixels, never inner.
  for (int tier = 1; tier <= 2; ++tier) {
    const Result lower = run(t, conservative(tier, 3, 3));
    CHECK(lower.covered == r.covered);
    CHECK(lower.inner.empty());
  }
}

// Scenario 6 (post-snap degenerate): 3x1, NDC (-1,1), (1, 1-1/2048), (1,1)
// -> (0,0), (3, 1/4096), (3,0); 1/4096 px snaps to 0: a segment on y = 0.
// Rasterized (band of 1/512 below y = 0 is clipped, above it is row 0), back-facing.
TEST_CASE("raster: scenario 6, post-snap degenerate is rasterized and back-facing",
          "[raster][scenario]") {
  const ScreenTriangle t = tri(0, 0, 3, 0.000244140625f, 3, 0);
  for (int tier = 1; tier <= 3; ++tier) {
    RasterizerDrawState st = conservative(tier, 3, 1);
    const Result r = run(t, st);
    CHECK(r.tc.cull == CullReason::None);
    CHECK(r.tc.degenerate);
    CHECK(!r.tc.frontFacing);
    CHECK(r.covered == PixelSet{{0, 0}, {1, 0}, {2, 0}});
    CHECK(r.inner.empty());
    st.frontCounterClockwise = true;  // degenerates are back-facing either way
    CHECK(!run(t, st).tc.frontFacing);
    st.cull = CullMode::Back;
    const Result culled = run(t, st);
    CHECK(culled.tc.cull == CullReason::BackFacing);
    CHECK(culled.covered.empty());
    st.cull = CullMode::Front;
    CHECK(run(t, st).covered.size() == 3);
  }
  // Standard mode culls post-snap degenerates.
  CHECK(run(t, standard(3, 1)).tc.cull == CullReason::Degenerate);
}

// Scenario 7 (degenerate on a pixel boundary): 2x1, NDC (0,-1), (0,1), (-1/1024, 1)
// -> (1,1), (1,0), (1-1/1024, 0); 255.75 steps snaps to 256: the segment x = 1,
// y in [0,1]. Its 1/512 band overlaps both pixels. With back-face culling: none.
TEST_CASE("raster: scenario 7, degenerate on a pixel boundary", "[raster][scenario]") {
  const ScreenTriangle t = tri(1, 1, 1, 0, 0.9990234375f, 0);
  RasterizerDrawState st = conservative(2, 2, 1);
  const Result r = run(t, st);
  CHECK(r.tc.degenerate);
  CHECK(!r.tc.frontFacing);
  CHECK(r.covered == PixelSet{{0, 0}, {1, 0}});
  st.cull = CullMode::Back;
  const Result culled = run(t, st);
  CHECK(culled.tc.cull == CullReason::BackFacing);
  CHECK(culled.covered.empty());
}

// A triangle collapsed to one point becomes its 1/512-dilated box: at (5.5, 7.25)
// that is pixel (5,7) only; exactly on the corner (6,8) it is the four pixels
// around the corner.
TEST_CASE("raster: point degenerates cover their dilated box", "[raster][degenerate]") {
  const RasterizerDrawState st = conservative(3, 16, 16);
  CHECK(run(tri(5.5f, 7.25f, 5.5f, 7.25f, 5.5f, 7.25f), st).covered == PixelSet{{5, 7}});
  CHECK(run(tri(6, 8, 6, 8, 6, 8), st).covered == PixelSet{{5, 7}, {6, 7}, {5, 8}, {6, 8}});
  // Within one snap cell (all snap to (6,8)).
  CHECK(run(tri(6.001f, 8, 6, 7.999f, 5.9995f, 8.001f), st).covered ==
        PixelSet{{5, 7}, {6, 7}, {5, 8}, {6, 8}});
}

// Standard mode, horizontal edges through pixel centres: a top edge includes them,
// a bottom edge does not.
// (0,0.5) (4,0.5) (0,4.5): top edge y = 0.5, hypotenuse x + y = 4.5 (never through
// a centre): rows 0..3 have 4, 3, 2, 1 pixels from x = 0. Flipped vertically,
// (0,4.5) (4,4.5) (0,0.5): bottom edge y = 4.5 drops row 4; x <= y - 0.5 gives rows
// 1..3 with 1, 2, 3 pixels.
TEST_CASE("raster: standard mode top-left rule on horizontal edges", "[raster][standard]") {
  const RasterizerDrawState st = standard(8, 8);
  CHECK(run(tri(0, 0.5f, 4, 0.5f, 0, 4.5f), st).covered ==
        PixelSet{{0, 0}, {1, 0}, {2, 0}, {3, 0}, {0, 1}, {1, 1}, {2, 1}, {0, 2}, {1, 2}, {0, 3}});
  CHECK(run(tri(0, 4.5f, 4, 4.5f, 0, 0.5f), st).covered ==
        PixelSet{{0, 1}, {0, 2}, {1, 2}, {0, 3}, {1, 3}, {2, 3}});
}

// Triangle (0,0) (2,2) (0,2), interior x > 0, y < 2, y > x; the left edge x = 0 is
// top-left, the bottom edge y = 2 and the diagonal (triangle below-left of it) are
// not. Exact input (on the grid): row 0: (0,0) overlaps; (1,0) touches only at
// (1,1) on the diagonal: no. Row 1: (0,1), (1,1) overlap; (2,1) touches only the
// vertex (2,2) (diagonal + bottom): no. Row 2 touches only the bottom edge: no.
// Column -1 (left edge, would count) is clipped. (0,1) lies in the closed triangle
// but its corner (1,1) is on the diagonal: not inner.
// Inexact input snapping to the same triangle (third vertex 1/1024 px lower) takes
// the 1/512 px region: (1,0) via the corner (1,1) on the diagonal, (2,1) via the
// vertex (2,2), row 2 via the bottom edge: (0,2), (1,2), (2,2).
TEST_CASE("raster: conservative coverage along a diagonal edge", "[raster][conservative]") {
  const Result r = run(tri(0, 0, 2, 2, 0, 2), conservative(3, 8, 8));
  CHECK(r.covered == PixelSet{{0, 0}, {0, 1}, {1, 1}});
  CHECK(r.inner.empty());
  const Result inexact = run(tri(0, 0, 2, 2, 0, 2.0009765625f), conservative(3, 8, 8));
  CHECK(inexact.covered == PixelSet{{0, 0}, {1, 0}, {0, 1}, {1, 1}, {2, 1}, {0, 2}, {1, 2}, {2, 2}});
  CHECK(inexact.inner.empty());
  // (0,0) (8,8) (0,8), exact: pixel (x,y) is inner iff x >= 0 (left edge: touching
  // is fine), y + 1 < 8 (bottom edge: must not touch) and its top-right corner is
  // strictly below the diagonal, y > x + 1: x >= 0, y <= 6, y >= x + 2.
  const Result big = run(tri(0, 0, 8, 8, 0, 8), conservative(3, 8, 8));
  PixelSet expectInner;
  for (int y = 0; y <= 6; ++y)
    for (int x = 0; x + 1 < y; ++x) expectInner.insert({x, y});
  CHECK(big.inner == expectInner);
  // Inexact (third vertex 1/1024 px lower, snapping to (0,8)): the pixel grown by
  // 1/512 must fit in the closed triangle: x - 1/512 >= 0, y + 1 + 1/512 <= 8,
  // y - 1/512 >= x + 1 + 1/512. In integers: x >= 1, y <= 6, y >= x + 2.
  const Result bigInexact = run(tri(0, 0, 8, 8, 0, 8.0009765625f), conservative(3, 8, 8));
  PixelSet expectInnerInexact;
  for (int y = 0; y <= 6; ++y)
    for (int x = 1; x + 1 < y; ++x) expectInnerInexact.insert({x, y});
  CHECK(bigInexact.inner == expectInnerInexact);
}

// Exact input, the top-left rule on touching pixels and on inner pixels. The square
// [1,3]^2 split along x + y = 4:
// A = (1,1) (3,1) (1,3): top edge y = 1 and left edge x = 1 are top-left, the
// hypotenuse (A lies up-left of it) is not. Overlapping: (1,1), (2,1), (1,2).
// Touching: (1,0), (2,0) along the top edge: yes; (0,1), (0,2) along the left
// edge: yes; (0,0) at the vertex (1,1), top + left: yes; (3,0) at (3,1), top +
// hypotenuse: no; (0,3) at (1,3), left + hypotenuse: no; (2,2) at the point
// (2,2) of the hypotenuse: no. Inner: none ((1,1) has its corner (2,2) on the
// hypotenuse).
// B = (3,1) (3,3) (1,3): the hypotenuse is top-left (B lies down-right of it), the
// right edge x = 3 and bottom edge y = 3 are not. Overlapping: (2,1), (1,2), (2,2).
// Touching: (1,1) at the hypotenuse point (2,2): yes; column 3, row 3: no; (2,0)
// and (3,0) at the vertex (3,1), right + hypotenuse: no; (0,2), (0,3) at (1,3),
// bottom + hypotenuse: no. Inner: none ((2,2) has its corner (3,3) on the right and
// bottom edges).
// C = (0,0) (8,0) (0,8): inner iff x >= 0 and y >= 0 (top and left edges may be
// touched) and the bottom-right corner is strictly inside the hypotenuse,
// x + y + 2 < 8: 21 pixels, (0,0) among them.
TEST_CASE("raster: exact input, top-left rule for touching and inner pixels", "[raster][conservative]") {
  for (int tier = 1; tier <= 3; ++tier) {
    const Result a = run(tri(1, 1, 3, 1, 1, 3), conservative(tier, 8, 8));
    CHECK(a.covered == PixelSet{{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}, {0, 2}, {1, 2}});
    CHECK(a.inner.empty());
    const Result b = run(tri(3, 1, 3, 3, 1, 3), conservative(tier, 8, 8));
    CHECK(b.covered == PixelSet{{1, 1}, {2, 1}, {1, 2}, {2, 2}});
    CHECK(b.inner.empty());
    // Winding does not matter.
    CHECK(run(tri(1, 1, 1, 3, 3, 1), conservative(tier, 8, 8)).covered == a.covered);
    CHECK(run(tri(3, 1, 1, 3, 3, 3), conservative(tier, 8, 8)).covered == b.covered);
  }
  const Result c = run(tri(0, 0, 8, 0, 0, 8), conservative(3, 16, 16));
  PixelSet expectInner;
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x + y + 2 < 8; ++x) expectInner.insert({x, y});
  CHECK(expectInner.size() == 21);
  CHECK(c.inner == expectInner);
}

TEST_CASE("raster: clipping to the clip rectangle and culling by facing", "[raster][clip]") {
  // A 10x10 square-ish triangle clipped to [2,5) x [3,4): one row, three pixels.
  RasterizerDrawState st = conservative(3, 64, 64);
  st.clip = ClipRect{2, 3, 5, 4};
  const Result r = run(tri(0.5f, 0.5f, 9.5f, 0.5f, 0.5f, 9.5f), st);
  CHECK(r.covered == PixelSet{{2, 3}, {3, 3}, {4, 3}});
  // Empty and inverted clip rectangles produce no rows, not errors.
  st.clip = ClipRect{5, 5, 5, 9};
  CHECK(run(tri(0.5f, 0.5f, 9.5f, 0.5f, 0.5f, 9.5f), st).covered.empty());
  st.clip = ClipRect{9, 9, 2, 2};
  const Result inv = run(tri(0.5f, 0.5f, 9.5f, 0.5f, 0.5f, 9.5f), st);
  CHECK(inv.tc.cull == CullReason::None);
  CHECK(inv.covered.empty());
  // (0.5,0.5) (9.5,0.5) (0.5,9.5) is clockwise on screen: front by default,
  // back with FrontCounterClockwise.
  st = conservative(3, 64, 64);
  st.cull = CullMode::Front;
  CHECK(run(tri(0.5f, 0.5f, 9.5f, 0.5f, 0.5f, 9.5f), st).tc.cull == CullReason::FrontFacing);
  st.frontCounterClockwise = true;
  const Result back = run(tri(0.5f, 0.5f, 9.5f, 0.5f, 0.5f, 9.5f), st);
  CHECK(back.tc.cull == CullReason::None);
  CHECK(!back.tc.frontFacing);
  st.cull = CullMode::Back;
  CHECK(run(tri(0.5f, 0.5f, 9.5f, 0.5f, 0.5f, 9.5f), st).tc.cull == CullReason::BackFacing);
}
