// d3dvk tests/raster: translate/raster against the independent exact reference
// (reference_coverage.h) on random triangles — tiny, medium, sliver, near pixel
// edges, axis-aligned, post-snap degenerate, huge, near the coordinate limit, and
// exactly on the 1/256 grid (pixel corners, edges along pixel boundaries) —
// for standard mode and conservative Tiers 1, 2, 3. Each triangle goes through all
// four configurations. D3DVK_RASTER_RANDOM_TRIANGLES overrides the count (default
// 100000 per configuration).
#include <catch2/catch.hpp>

#include "d3dvk/raster/rasterizer.h"
#include "random_triangles.h"
#include "reference_coverage.h"

#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace d3dvk::raster;
using namespace d3dvk::raster_test;
namespace R = raster_ref;

namespace {

std::size_t triangleCount() {
  if (const char* e = std::getenv("D3DVK_RASTER_RANDOM_TRIANGLES")) {
    const long v = std::atol(e);
    if (v > 0) return static_cast<std::size_t>(v);
  }
  return 100000;
}

struct Config {
  const char* name;
  RasterMode mode;
  ConservativeTier tier;
};
const Config kConfigs[] = {
    {"standard", RasterMode::Standard, ConservativeTier::Tier3},
    {"conservative tier 1", RasterMode::Conservative, ConservativeTier::Tier1},
    {"conservative tier 2", RasterMode::Conservative, ConservativeTier::Tier2},
    {"conservative tier 3", RasterMode::Conservative, ConservativeTier::Tier3},
};

struct Failures {
  std::size_t count = 0;
  std::string first;
  void add(const std::string& what, const Case& c, const Config& cfg, long px = -1, long py = -1) {
    if (count++ == 0) {
      std::ostringstream os;
      os.precision(9);
      os << cfg.name << " [" << kCategoryName[c.cat] << "] " << what;
      if (px != -1 || py != -1) os << " at pixel (" << px << "," << py << ")";
      os << " triangle";
      for (const auto& p : c.tri.v) os << " " << p.x << " " << p.y;
      os << " clip " << c.clip.left << " " << c.clip.top << " " << c.clip.right << " " << c.clip.bottom;
      first = os.str();
    }
  }
};

}  // namespace

TEST_CASE("raster: random triangles match the exact reference in every mode and tier",
          "[raster][reference]") {
  const std::size_t n = triangleCount();
  Generator gen(0x5eed3d3dULL);
  Failures fail;
  std::size_t perCategory[kCategories] = {};
  std::size_t degenerateSeen = 0, culledSeen = 0, innerPixels = 0, coveredPixels = 0, tieTouches = 0;
  std::size_t exactSeen = 0, exactTouchIn = 0, exactTouchOut = 0, exactBoundaryInner = 0;
  SpanRowArray rows;
  std::vector<std::uint8_t> impl;  // per window pixel: bit0 covered, bit1 inner
  std::vector<std::int8_t> memo;   // per window pixel and reference property: -1 unknown

  for (std::size_t iter = 0; iter < n; ++iter) {
    const Case c = gen.next();
    ++perCategory[c.cat];
    const CullMode cull = iter % 7 == 0 ? CullMode::Back : (iter % 11 == 0 ? CullMode::Front : CullMode::None);
    const bool ccw = iter % 3 == 0;

    // Reference geometry.
    bool exact = true;
    R::Pt f[3], s[3];
    for (int i = 0; i < 3; ++i) {
      f[i] = {R::toUnits(c.tri.v[i].x, exact), R::toUnits(c.tri.v[i].y, exact)};
      s[i] = {R::snapUnits(f[i].x), R::snapUnits(f[i].y)};
    }
    REQUIRE(exact);
    const R::i128 area = R::shoelace(s);
    const bool degenerate = area == 0;
    const bool front = !degenerate && ((area > 0) != ccw);
    degenerateSeen += degenerate;
    // Exact input: snapping moved no vertex; then the region is the triangle itself.
    bool onGrid = true;
    for (int i = 0; i < 3; ++i) onGrid = onGrid && f[i].x == s[i].x && f[i].y == s[i].y;
    const bool exactInput = onGrid && !degenerate;
    exactSeen += exactInput;
    const R::Poly region = R::regionPolygon(s, exactInput ? 0 : R::kHalfSnap);
    const R::TriangleAxes sAxes(s), fAxes(f);

    // Window: everything that could be covered, intersected with the clip.
    R::i128 mn[2] = {f[0].x, f[0].y}, mx[2] = {f[0].x, f[0].y};
    for (int i = 0; i < 3; ++i)
      for (const R::Pt& p : {f[i], s[i]}) {
        mn[0] = std::min(mn[0], p.x), mx[0] = std::max(mx[0], p.x);
        mn[1] = std::min(mn[1], p.y), mx[1] = std::max(mx[1], p.y);
      }
    auto floorPx = [](R::i128 u) { return static_cast<long>((u >= 0 ? u : u - (R::kUnit - 1)) / R::kUnit); };
    const ClipRect clip = effectiveClip(c.clip);
    const long wx0 = std::max<long>(floorPx(mn[0]) - 2, clip.left);
    const long wy0 = std::max<long>(floorPx(mn[1]) - 2, clip.top);
    const long wx1 = std::min<long>(floorPx(mx[0]) + 3, clip.right);
    const long wy1 = std::min<long>(floorPx(mx[1]) + 3, clip.bottom);
    const long ww = std::max(0L, wx1 - wx0), wh = std::max(0L, wy1 - wy0);
    // The reference's answers do not depend on the tier: each is computed at most
    // once per pixel and triangle (keeps the sanitizer build fast).
    enum Prop { Region, S256, S512, S512Open, SClosed, SOpen, FOpen, InnerExp, InF, InS, Shrunk, kProps };
    memo.assign(static_cast<std::size_t>(ww * wh) * kProps, -1);
    // Every property is about meeting or lying inside a shape within the bounding
    // box of the float and snapped vertices grown by 1/256 px: false for a pixel
    // that does not meet that box.
    auto nearBox = [&](long px, long py) {
      const R::i128 x0 = R::i128(px) * R::kUnit, y0 = R::i128(py) * R::kUnit;
      return x0 <= mx[0] + R::kSnapStep && x0 + R::kUnit >= mn[0] - R::kSnapStep &&
             y0 <= mx[1] + R::kSnapStep && y0 + R::kUnit >= mn[1] - R::kSnapStep;
    };
    auto ref = [&](Prop prop, long px, long py, auto&& fn) {
      std::int8_t& m = memo[static_cast<std::size_t>((py - wy0) * ww + (px - wx0)) * kProps + prop];
      if (m < 0) m = nearBox(px, py) && fn() ? 1 : 0;
      return m == 1;
    };

    if (iter % 97 == 0)  // the precomputed-axes separating-axis test equals the plain one
      for (long py = wy0; py < wy1; ++py)
        for (long px = wx0; px < wx1; ++px)
          for (const R::i128 grow : {R::i128(0), R::i128(R::kHalfSnap), R::i128(R::kSnapStep)})
            for (const bool strict : {false, true})
              if (R::pixelMeetsGrownTriangle(sAxes, px, py, grow, strict) !=
                      R::pixelMeetsGrownTriangle(s, px, py, grow, strict) ||
                  R::pixelMeetsGrownTriangle(fAxes, px, py, grow, strict) !=
                      R::pixelMeetsGrownTriangle(f, px, py, grow, strict))
                fail.add("reference: precomputed axes differ", c, kConfigs[0], px, py);
    for (const Config& cfg : kConfigs) {
      RasterizerDrawState st;
      st.mode = cfg.mode;
      st.tier = cfg.tier;
      st.cull = cull;
      st.frontCounterClockwise = ccw;
      st.clip = c.clip;
      rows.clear();
      const TriangleCoverage tc = rasterizeTriangle(c.tri, st, rows);
      const bool conservative = cfg.mode == RasterMode::Conservative;

      // Facing and culling.
      if (tc.degenerate != degenerate) fail.add("degenerate flag", c, cfg);
      if (tc.frontFacing != front) fail.add("facing", c, cfg);
      CullReason expectCull = CullReason::None;
      if (!conservative && degenerate) expectCull = CullReason::Degenerate;
      else if (cull == CullMode::Back && !front) expectCull = CullReason::BackFacing;
      else if (cull == CullMode::Front && front) expectCull = CullReason::FrontFacing;
      if (tc.cull != expectCull) fail.add("cull reason", c, cfg);
      if (tc.firstRow != 0 || tc.rowCount != rows.size()) fail.add("row range", c, cfg);
      if (tc.culled()) {
        ++culledSeen;
        if (tc.rowCount != 0) fail.add("culled triangle has rows", c, cfg);
        continue;
      }

      // Span structure: consecutive rows from firstY, non-empty at both ends,
      // sub-spans ordered outer-left, inner, outer-right, inside the clip.
      impl.assign(static_cast<std::size_t>(ww * wh), 0);
      if (!rows.empty() && (rows.front().empty() || rows.back().empty()))
        fail.add("empty first or last row", c, cfg, -1, tc.firstY);
      for (std::size_t i = 0; i < rows.size(); ++i) {
        const SpanRow& r = rows[i];
        const long y = tc.firstY + static_cast<long>(i);
        const bool ordered = r.outerBegin <= r.innerBegin && r.innerBegin <= r.innerEnd && r.innerEnd <= r.outerEnd;
        const bool shape = r.empty() ? (r.outerBegin == r.innerBegin && r.innerBegin == r.innerEnd &&
                                        r.innerEnd == r.outerEnd)
                                     : (r.innerBegin < r.innerEnd || r.innerBegin == r.outerEnd);
        if (!ordered || !shape) fail.add("span row shape", c, cfg, r.outerBegin, y);
        if (y < clip.top || y >= clip.bottom || (!r.empty() && (r.outerBegin < clip.left || r.outerEnd > clip.right)))
          fail.add("row outside the clip rectangle", c, cfg, r.outerBegin, y);
        if (r.hasInner() && !(conservative && cfg.tier == ConservativeTier::Tier3))
          fail.add("inner coverage outside Tier 3", c, cfg, r.innerBegin, y);
        for (long x = r.outerBegin; x < r.outerEnd; ++x) {
          const bool inner = x >= r.innerBegin && x < r.innerEnd;
          if (x < wx0 || x >= wx1 || y < wy0 || y >= wy1) {
            fail.add("pixel far outside the triangle", c, cfg, x, y);
            continue;
          }
          impl[static_cast<std::size_t>((y - wy0) * ww + (x - wx0))] = static_cast<std::uint8_t>(1 | (inner ? 2 : 0));
        }
      }

      // Per pixel against the reference.
      for (long py = wy0; py < wy1; ++py) {
        for (long px = wx0; px < wx1; ++px) {
          const std::uint8_t got = impl[static_cast<std::size_t>((py - wy0) * ww + (px - wx0))];
          const bool covered = got & 1, inner = got & 2;
          coveredPixels += covered;
          innerPixels += inner;
          if (!conservative) {
            if (covered != R::centreCovered(s, px, py)) fail.add("standard coverage differs", c, cfg, px, py);
            continue;
          }
          // The contract exactly: the closed pixel meets the half-open region.
          if (covered != ref(Region, px, py, [&] { return R::pixelMeetsHalfOpenRegion(region, px, py); }))
            fail.add(covered ? "covered, but not by the contract" : "missed, but covered by the contract", c, cfg,
                     px, py);
          if (exactInput && cfg.tier == ConservativeTier::Tier3 &&
              ref(SClosed, px, py, [&] { return R::pixelMeetsGrownTriangle(sAxes, px, py, 0, false); }) &&
              !ref(SOpen, px, py, [&] { return R::pixelMeetsGrownTriangle(sAxes, px, py, 0, true); }))
            ++(covered ? exactTouchIn : exactTouchOut);  // touches only: the top-left rule decided
          // And the spec's properties, independently of how the contract is phrased.
          if (covered) {
            // False positives only inside the uncertainty region: the spec's
            // 1/256 px bound, and this rasterizer's own 1/512 px region.
            if (!ref(S256, px, py, [&] { return R::pixelMeetsGrownTriangle(sAxes, px, py, R::kSnapStep, false); }))
              fail.add("covered outside the 1/256 region", c, cfg, px, py);
            if (!ref(S512, px, py, [&] { return R::pixelMeetsGrownTriangle(sAxes, px, py, R::kHalfSnap, false); }))
              fail.add("covered outside the 1/512 region", c, cfg, px, py);
            if (exactInput && !ref(SClosed, px, py, [&] { return R::pixelMeetsGrownTriangle(sAxes, px, py, 0, false); }))
              fail.add("exact input: covered but not touching the triangle", c, cfg, px, py);
            if (!ref(S512Open, px, py, [&] { return R::pixelMeetsGrownTriangle(sAxes, px, py, R::kHalfSnap, true); }))
              ++tieTouches;
          } else {
            // No false negatives against the float triangle; for inexact input none
            // against the interior of the 1/512 region of the snapped one.
            if (ref(FOpen, px, py, [&] { return R::pixelMeetsGrownTriangle(fAxes, px, py, 0, true); }))
              fail.add("false negative against the float vertices", c, cfg, px, py);
            if (!exactInput &&
                ref(S512Open, px, py, [&] { return R::pixelMeetsGrownTriangle(sAxes, px, py, R::kHalfSnap, true); }))
              fail.add("missed a pixel overlapping the 1/512 region", c, cfg, px, py);
          }
          if (cfg.tier != ConservativeTier::Tier3) continue;
          // Inner, exactly: exact input, the closed pixel inside the half-open
          // triangle; otherwise the pixel grown by 1/512 px inside the closed one.
          const bool expectInner = ref(InnerExp, px, py, [&] {
            return exactInput ? R::pixelInsideHalfOpenTriangle(s, px, py)
                              : R::grownPixelInsideTriangle(s, px, py, R::kHalfSnap);
          });
          if (inner != expectInner)
            fail.add(inner ? "inner, but not by the contract" : "not inner, but inner by the contract", c, cfg, px,
                     py);
          if (inner) {
            if (!ref(InF, px, py, [&] { return R::grownPixelInsideTriangle(f, px, py, 0); }))
              fail.add("inner pixel not inside the float triangle", c, cfg, px, py);
            if (!ref(InS, px, py, [&] { return R::grownPixelInsideTriangle(s, px, py, 0); }))
              fail.add("inner pixel not inside the snapped triangle", c, cfg, px, py);
            if (!covered) fail.add("inner pixel not covered", c, cfg, px, py);
            // An inner pixel touching the boundary (only on top-left edges).
            if (exactInput) {  // a corner on an edge's line: the pixel touches the boundary
              bool touches = false;
              const R::PixelSquare sq(px, py);
              for (const R::Pt& corner : sq.c)
                for (int e = 0; e < 3; ++e) touches = touches || R::cross(s[e], s[(e + 1) % 3], corner) == 0;
              exactBoundaryInner += touches;
            }
          } else if (!degenerate &&
                     ref(Shrunk, px, py, [&] { return R::grownPixelInsideTriangle(s, px, py, R::kSnapStep); })) {
            fail.add("pixel inside the 1/256-shrunk triangle not inner", c, cfg, px, py);
          }
        }
      }
    }
    if (fail.count > 50) break;
  }
  INFO("first failure: " << fail.first);
  CHECK(fail.count == 0);
  // The generator really produced every kind of case.
  for (int k = 0; k < kCategories; ++k) {
    INFO("category " << kCategoryName[k]);
    CHECK(perCategory[k] * kCategories * 2 >= n);
  }
  CHECK(degenerateSeen * 20 >= n);
  CHECK(culledSeen > 0);
  CHECK(innerPixels > 0);
  CHECK(coveredPixels > innerPixels);
  CHECK(tieTouches > 0);  // boundary-touching pixels (top-left decided) were exercised
  // The exact-input path was exercised heavily, with touching pixels going both
  // ways and inner pixels touching top-left edges.
  INFO("exact-input triangles " << exactSeen << ", touching pixels covered " << exactTouchIn << ", not "
                                << exactTouchOut << ", boundary inner " << exactBoundaryInner);
  CHECK(exactSeen * 8 >= n);
  CHECK(exactTouchIn > 1000);
  CHECK(exactTouchOut > 1000);
  CHECK(exactBoundaryInner > 100);
}

TEST_CASE("raster: batch output is identical with 1 and 2 threads and preserves order",
          "[raster][threads]") {
  Generator gen(77);
  std::vector<ScreenTriangle> tris;
  for (int i = 0; i < 6000; ++i) {
    Case c = gen.next();
    if (i % 97 == 0) c.tri.v[1].x = std::nanf("");  // rejected entries keep their slot
    tris.push_back(c.tri);
  }
  RasterizerDrawState st;
  st.clip = ClipRect{0, 0, 32768, 32768};
  RasterOutput one, two;
  rasterizeTriangles(tris, st, one, 1);
  rasterizeTriangles(tris, st, two, 2);
  REQUIRE(one.triangles.size() == tris.size());
  REQUIRE(two.triangles.size() == tris.size());
  REQUIRE(one.rows.size() == two.rows.size());
  REQUIRE(one.rows.size() > 1000);
  for (std::size_t i = 0; i < tris.size(); ++i) {
    const TriangleCoverage &a = one.triangles[i], &b = two.triangles[i];
    REQUIRE(a.firstRow == b.firstRow);
    REQUIRE(a.firstY == b.firstY);
    REQUIRE(a.rowCount == b.rowCount);
    REQUIRE(a.cull == b.cull);
    REQUIRE(a.frontFacing == b.frontFacing);
    REQUIRE(a.degenerate == b.degenerate);
    // Order: triangle i alone gives the same rows as its slice of the batch.
    if (i % 500 == 0) {
      SpanRowArray alone;
      const TriangleCoverage t = rasterizeTriangle(tris[i], st, alone);
      REQUIRE(t.rowCount == a.rowCount);
      const auto slice = one.rowsOf(i);
      for (std::size_t k = 0; k < alone.size(); ++k) {
        REQUIRE(t.firstY == a.firstY);
        REQUIRE(alone[k].outerBegin == slice[k].outerBegin);
        REQUIRE(alone[k].outerEnd == slice[k].outerEnd);
      }
    }
  }
  for (std::size_t k = 0; k < one.rows.size(); ++k) {
    const SpanRow &a = one.rows[k], &b = two.rows[k];
    REQUIRE((a.outerBegin == b.outerBegin && a.innerBegin == b.innerBegin &&
             a.innerEnd == b.innerEnd && a.outerEnd == b.outerEnd));
  }
  CHECK(one.triangles[0].cull == CullReason::NotANumber);
}

TEST_CASE("raster: the SIMD span walkers produce the scalar walker's rows", "[raster][kernels]") {
  const SpanWalkerKernel defaultKernel = spanWalkerKernel();
  std::vector<SpanWalkerKernel> simd;
  for (SpanWalkerKernel k : {SpanWalkerKernel::Avx2, SpanWalkerKernel::Avx512})
    if (setSpanWalkerKernel(k)) simd.push_back(k);
  REQUIRE(setSpanWalkerKernel(SpanWalkerKernel::Scalar));
  if (simd.empty()) {
    WARN("no SIMD kernel on this CPU: only the scalar walker exists here");
    setSpanWalkerKernel(defaultKernel);
    return;
  }
  Generator gen(4242);
  std::vector<ScreenTriangle> tris;
  std::vector<ClipRect> clips;
  for (int i = 0; i < 40000; ++i) {
    Case c = gen.next();
    // Larger triangles too, so the 4- and 8-row kernels run many steps and tails.
    if (i % 4 == 0)
      for (auto& v : c.tri.v) v.x = v.x * 7 - 3, v.y = v.y * 5 - 2;
    tris.push_back(c.tri);
    clips.push_back(i % 4 == 0 ? ClipRect{0, 0, 32768, 32768} : c.clip);
  }
  std::size_t rowsCompared = 0, mismatches = 0;
  for (const Config& cfg : kConfigs) {
    RasterizerDrawState st;
    st.mode = cfg.mode;
    st.tier = cfg.tier;
    for (std::size_t i = 0; i < tris.size(); ++i) {
      st.clip = clips[i];
      SpanRowArray a;
      setSpanWalkerKernel(SpanWalkerKernel::Scalar);
      const TriangleCoverage ta = rasterizeTriangle(tris[i], st, a);
      for (SpanWalkerKernel k : simd) {
        SpanRowArray b;
        setSpanWalkerKernel(k);
        const TriangleCoverage tb = rasterizeTriangle(tris[i], st, b);
        bool same = ta.rowCount == tb.rowCount && a.size() == b.size() && ta.firstY == tb.firstY;
        for (std::size_t r = 0; same && r < a.size(); ++r)
          same = a[r].outerBegin == b[r].outerBegin && a[r].innerBegin == b[r].innerBegin &&
                 a[r].innerEnd == b[r].innerEnd && a[r].outerEnd == b[r].outerEnd;
        rowsCompared += a.size();
        if (!same && mismatches++ == 0) {
          INFO(spanWalkerKernelName(k) << " vs scalar, " << cfg.name << ", triangle " << tris[i].v[0].x << " "
                                       << tris[i].v[0].y << " " << tris[i].v[1].x << " " << tris[i].v[1].y << " "
                                       << tris[i].v[2].x << " " << tris[i].v[2].y);
          CHECK(same);
        }
      }
    }
  }
  setSpanWalkerKernel(defaultKernel);
  CHECK(mismatches == 0);
  CHECK(rowsCompared > 500000);
}
