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
// Conservative: row 0 overlaps the triangle (pixels (0,0), (1,0)). Its bottom edge
// lies exactly on y = 1; the reference doc's "exactly (0,0) and (1,0)" cannot hold
// for any implementation that dilates the snapped triangle by the >= 1/512 px the
// spec requires (the 1/512 band below y = 1 overlaps row 1), and scenario 4's 13
// pixels require exactly that dilation, so row 1 is lit as an allowed
// uncertainty-region pixel. With the bottom edge 1/32 px higher, only row 0.
TEST_CASE("raster: scenario 1, bring-up triangle between pixel centres", "[raster][scenario]") {
  const ScreenTriangle t = tri(0, 1, 2, 1, 1, 0.5f);
  for (int tier = 1; tier <= 3; ++tier) {
    const Result r = run(t, conservative(tier, 2, 2));
    CHECK(r.covered == PixelSet{{0, 0}, {1, 0}, {0, 1}, {1, 1}});
    CHECK(r.inner.empty());
    CHECK(!r.tc.frontFacing);  // counter-clockwise on screen, default clockwise front
  }
  const Result off = run(t, standard(2, 2));
  CHECK(off.tc.cull == CullReason::None);
  CHECK(off.covered.empty());

  const Result higher = run(tri(0, 0.96875f, 2, 0.96875f, 1, 0.5f), conservative(3, 2, 2));
  CHECK(higher.covered == PixelSet{{0, 0}, {1, 0}});
  CHECK(run(tri(0, 0.96875f, 2, 0.96875f, 1, 0.5f), standard(2, 2)).covered.empty());
}

// Scenario 2 (1/2 px, Tier 1): 4x4, NDC (-.25+d, .25-d), (-.25+d, -.25+d), (.25-d, .25-d)
// -> pixels (1.5+2d, 1.5+2d), (1.5+2d, 2.5-2d), (2.5-2d, 1.5+2d); d = 1/64 NDC so
// 2d = 1/32 px: legs at 1.53125, hypotenuse x + y = 4 through the corner (2,2).
// Only the centre 2x2 pixels.
TEST_CASE("raster: scenario 2, only the centre 2x2 pixels", "[raster][scenario]") {
  const ScreenTriangle t = tri(1.53125f, 1.53125f, 1.53125f, 2.46875f, 2.46875f, 1.53125f);
  for (int tier = 1; tier <= 3; ++tier) {
    const Result r = run(t, conservative(tier, 4, 4));
    CHECK(r.covered == PixelSet{{1, 1}, {2, 1}, {1, 2}, {2, 2}});
    CHECK(r.inner.empty());
  }
}

// Scenario 3 (1/256, Tier 3): 3x3, NDC (-1/3+d, 1/3-d), (-1/3+d, -1/3+d), (1/3-d, 1/3-d)
// -> (1+e, 1+e), (1+e, 2-e), (2-e, 1+e) with e = 1.5d = 1/64 px: only the centre
// pixel (every other pixel is at least 1/64 px away from the triangle).
TEST_CASE("raster: scenario 3, only the centre pixel", "[raster][scenario]") {
  const ScreenTriangle t = tri(1.015625f, 1.015625f, 1.015625f, 1.984375f, 1.984375f, 1.015625f);
  const Result r = run(t, conservative(3, 3, 3));
  CHECK(r.covered == PixelSet{{1, 1}});
  CHECK(r.inner.empty());
}

// Scenario 4 (top-left, Tier 3): 4x4, NDC (-1+d, -0.5), (d, 0.5), (0.5, -0.5) with
// d = 1/1024 -> (1/512, 3), (2+1/512, 1), (3, 3); snapping (ties to even) gives
// (0,3), (2,1), (3,3). Every pixel touching that triangle: row 0: 1,2 (vertex
// (2,1)); row 1: 0 (corner (1,2) on the left edge), 1, 2; row 2: 0..3 ((3,3) at
// pixel 3's corner); row 3: 0..3 (bottom edge y = 3). 13 pixels.
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
// -> (-1/64, 3), (3+1/64, 3), (1.5, -1/32). Edges 2x + y >= 3 - 1/32 and
// -2x + y >= -3 - 1/32, bottom y <= 3. Centre pixel: its top corners have 1/32 of
// margin (more than the 1/256 region); row 2 touches the bottom edge; the other
// pixels have a corner outside. Every pixel of the target is covered.
TEST_CASE("raster: scenario 5, only the centre pixel has inner coverage", "[raster][scenario]") {
  const ScreenTriangle t = tri(-0.015625f, 3, 3.015625f, 3, 1.5f, -0.03125f);
  const Result r = run(t, conservative(3, 3, 3));
  CHECK(r.inner == PixelSet{{1, 1}});
  CHECK(r.covered.size() == 9);
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

// Triangle (0,0) (2,2) (0,2), interior x >= 0, y <= 2, y >= x. Row 0: (0,0) overlaps;
// (1,0) touches only at the corner (1,1), which lies on the diagonal, so the
// 1/512 region overlaps it; (2,0) is 1/2 px away. Row 1: (0,1), (1,1), and (2,1)
// via the vertex (2,2) at its corner. Row 2: the bottom edge y = 2 and the vertex
// (2,2) give (0,2), (1,2), (2,2). Row/column -1 are clipped. No pixel fits inside.
TEST_CASE("raster: conservative coverage along a diagonal edge", "[raster][conservative]") {
  const Result r = run(tri(0, 0, 2, 2, 0, 2), conservative(3, 8, 8));
  CHECK(r.covered == PixelSet{{0, 0}, {1, 0}, {0, 1}, {1, 1}, {2, 1}, {0, 2}, {1, 2}, {2, 2}});
  CHECK(r.inner.empty());
  // (0,0) (8,8) (0,8): pixel (x,y) grown by 1/512 fits iff x - 1/512 >= 0,
  // y + 1 + 1/512 <= 8 and its top-right corner stays below the diagonal:
  // y - 1/512 >= x + 1 + 1/512. In integers: x >= 1, y <= 6, y >= x + 2.
  const Result big = run(tri(0, 0, 8, 8, 0, 8), conservative(3, 8, 8));
  PixelSet expectInner;
  for (int y = 0; y <= 6; ++y)
    for (int x = 1; x + 1 < y; ++x) expectInner.insert({x, y});
  CHECK(big.inner == expectInner);
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
