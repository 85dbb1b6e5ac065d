// translate/fallback/shading_plan.cpp — see shading_plan.h.
#include "shading_plan.h"

#include <algorithm>
#include <cmath>


namespace d3dvk::fallback {
namespace {

constexpr std::array<int8_t, 2> kSamples1[] = {{0, 0}};
constexpr std::array<int8_t, 2> kSamples2[] = {{4, 4}, {-4, -4}};
constexpr std::array<int8_t, 2> kSamples4[] = {{-2, -6}, {6, -2}, {-6, 2}, {2, 6}};
constexpr std::array<int8_t, 2> kSamples8[] = {{1, -3}, {-1, 3}, {5, 1}, {-3, -5}, {-5, 5}, {-7, -1}, {3, 7}, {7, -7}};
constexpr std::array<int8_t, 2> kSamples16[] = {{1, 1},  {-1, -3}, {-3, 2},  {4, -1}, {-5, -2}, {2, 5},
                                                {5, 3},  {3, -5},  {-2, 6},  {0, -7}, {-4, -6}, {-6, 4},
                                                {-8, 0}, {7, -4},  {6, 7},   {-7, -8}};

struct MergedRow {
  int outerBegin, outerEnd;
  int innerBegin, innerEnd;  // empty when innerBegin >= innerEnd
};

// Weights of a point of the visible primitive near the screen point (sx, sy):
// for an unclipped triangle, its screen-space barycentrics clamped into the
// triangle and made perspective-correct; for a clipped one, the polygon vertex
// nearest on screen.
std::array<double, 3> visibleWeightsNear(const ClipPosition (&p)[3], const ClippedPolygon& poly,
                                         const Viewport& viewport, double sx, double sy) {
  if (!poly.clipped) {
    ScreenPoint s[3] = {toScreen(p[0], viewport), toScreen(p[1], viewport), toScreen(p[2], viewport)};
    const double area = (s[1].x - s[0].x) * (s[2].y - s[0].y) - (s[2].x - s[0].x) * (s[1].y - s[0].y);
    if (area != 0) {
      double beta[3];
      beta[0] = ((s[1].x - sx) * (s[2].y - sy) - (s[2].x - sx) * (s[1].y - sy)) / area;
      beta[1] = ((s[2].x - sx) * (s[0].y - sy) - (s[0].x - sx) * (s[2].y - sy)) / area;
      beta[2] = 1 - beta[0] - beta[1];
      double sum = 0, l[3];
      for (int i = 0; i < 3; ++i) sum += l[i] = std::max(beta[i], 0.0) / p[i].w;
      if (sum > 0) return {l[0] / sum, l[1] / sum, l[2] / sum};
    }
  }
  int best = 0;
  double bestDistance = INFINITY;
  for (int i = 0; i < poly.count; ++i) {
    ScreenPoint s = toScreen(interpolate(p, poly.weights[i]), viewport);
    const double d = (s.x - sx) * (s.x - sx) + (s.y - sy) * (s.y - sy);
    if (d < bestDistance) bestDistance = d, best = i;
  }
  return poly.weights[best];
}

// 1/w of the primitive's plane is affine in screen space: 1/w = a·x + b·y + c.
// Where it is positive the plane is in front of the eye; a span's geometry
// (quad or the larger single triangle) may extrapolate only there.
struct InverseW {
  double a = 0, b = 0, c = 0;
  bool valid = false;
  double at(double x, double y) const { return a * x + b * y + c; }
};

InverseW inverseWPlane(const ClipPosition (&p)[3], const ClippedPolygon& poly, const Viewport& viewport) {
  InverseW q;
  // Three points of the visible polygon (w > 0).
  ScreenPoint s[3];
  double inv[3];
  for (int i = 0; i < 3; ++i) {
    const ClipPosition c = interpolate(p, poly.weights[i]);
    s[i] = toScreen(c, viewport);
    inv[i] = 1.0 / c.w;
  }
  const double det = (s[1].x - s[0].x) * (s[2].y - s[0].y) - (s[2].x - s[0].x) * (s[1].y - s[0].y);
  if (!(std::fabs(det) > 1e-12)) return q;
  q.a = ((inv[1] - inv[0]) * (s[2].y - s[0].y) - (inv[2] - inv[0]) * (s[1].y - s[0].y)) / det;
  q.b = ((s[1].x - s[0].x) * (inv[2] - inv[0]) - (s[2].x - s[0].x) * (inv[1] - inv[0])) / det;
  q.c = inv[0] - q.a * s[0].x - q.b * s[0].y;
  q.valid = true;
  return q;
}

// Whether every corner of the span's quad and single triangle is in front:
// the rectangle [x0, x0 + 2L] × [y, y + 2] contains both.
bool spanInFront(const InverseW& q, int x0, int x1, int y) {
  if (!q.valid) return true;  // degenerate screen triangle: flat geometry on vertex 0's w
  const double xr = x0 + 2.0 * (x1 - x0);
  const double margin = 1e-9;
  return q.at(x0, y) > margin && q.at(xr, y) > margin && q.at(x0, y + 2.0) > margin && q.at(xr, y + 2.0) > margin;
}

// Whether the pixel [x, x + 1] × [y, y + 1] itself is in front (its own quad may extrapolate).
bool pixelInFront(const InverseW& q, int x, int y) {
  if (!q.valid) return true;
  const double margin = 1e-9;
  return q.at(x, y) > margin && q.at(x + 1.0, y) > margin && q.at(x, y + 1.0) > margin &&
         q.at(x + 1.0, y + 1.0) > margin;
}

// Emits one sub-span. Where the primitive's plane goes behind the eye (w ≤ 0)
// within its geometry — a triangle seen nearly edge-on, its horizon within a
// pixel or two of its coverage — the span is split per pixel and such pixels
// get constant attributes from the nearest visible point: still rasterized (no
// false negative), only the extrapolation is flattened.
void emitSpan(const ClipPosition (&p)[3], const ClippedPolygon& poly, const FallbackDrawState& state,
              const InverseW& inverseW, int x0, int x1, int y, bool inner, int innerBegin, int innerEnd,
              const ShadingQuad& base, ShadingPlan& plan) {
  if (x0 >= x1) return;
  ShadingQuad q = base;
  q.inner = inner;
  q.y = y;
  q.innerBegin = innerBegin;
  q.innerEnd = innerEnd;
  if (q.degenerate || spanInFront(inverseW, x0, x1, y)) {
    q.x0 = x0;
    q.x1 = x1;
    plan.quads.push_back(q);
    return;
  }
  for (int x = x0; x < x1; ++x) {
    q.x0 = x;
    q.x1 = x + 1;
    q.innerBegin = x >= innerBegin && x < innerEnd ? x : 0;  // this pixel alone, or empty
    q.innerEnd = x >= innerBegin && x < innerEnd ? x + 1 : 0;
    q.flatIndex = ShadingQuad::kNotFlat;
    q.exactQuad = false;
    if (spanInFront(inverseW, x, x + 1, y)) {
      // its single triangle stays in front
    } else if (pixelInFront(inverseW, x, y)) {
      q.exactQuad = true;  // the pixel's own two-triangle quad stays in front
      ++plan.pixelsAsQuads;
    } else {
      q.flatIndex = uint32_t(plan.flatWeights.size());
      plan.flatWeights.push_back(visibleWeightsNear(p, poly, state.viewport, x + 0.5, y + 0.5));
      ++plan.pixelsFlattened;
    }
    plan.quads.push_back(q);
  }
}

// The clipped polygon's vertices in render-target pixels.
struct ScreenPolygon {
  int count = 0;
  raster::ScreenVertex v[ClippedPolygon::kMaxVertices];
};

ScreenPolygon project(const ClipPosition (&p)[3], const ClippedPolygon& poly, const Viewport& viewport) {
  ScreenPolygon out;
  out.count = poly.count;
  for (int i = 0; i < poly.count; ++i) {
    const ScreenPoint s = toScreen(interpolate(p, poly.weights[i]), viewport);
    out.v[i] = {float(s.x), float(s.y)};
  }
  return out;
}

// Twice the signed area of the polygon after 16.8 snapping (shoelace, y down:
// > 0 is clockwise on screen). Clipping can leave a fan triangle so thin that
// its own snapped winding flips; D3D faces and culls the primitive as a whole,
// so the planner decides facing once from this. False when a vertex is outside
// the rasterizer's range.
bool snappedArea2(const ScreenPolygon& poly, int64_t* area2) {
  int32_t x[ClippedPolygon::kMaxVertices], y[ClippedPolygon::kMaxVertices];
  for (int i = 0; i < poly.count; ++i)
    if (raster::snapToFixed(poly.v[i].x, x[i]) != raster::CullReason::None ||
        raster::snapToFixed(poly.v[i].y, y[i]) != raster::CullReason::None)
      return false;
  int64_t sum = 0;  // |coordinates| <= 2^23 units: each term < 2^47, at most kMaxVertices terms
  for (int i = 0; i < poly.count; ++i) {
    const int j = i + 1 == poly.count ? 0 : i + 1;
    sum += int64_t(x[i]) * y[j] - int64_t(x[j]) * y[i];
  }
  *area2 = sum;
  return true;
}

// Target-independent rasterization: the fan's standard coverage at each forced
// sample position (the fan shifted by minus the sample's offset, its pixel
// centres tested: exact on the 16.8 grid, since offsets are multiples of 1/16
// px), per pixel as an N-bit mask; emitted as spans of equal masks.
void emitForcedSampleSpans(const ClipPosition (&p)[3], const ClippedPolygon& poly, const ScreenPolygon& screen,
                           const FallbackDrawState& state, const raster::RasterizerDrawState& fanState,
                           const InverseW& inverseW, const ShadingQuad& base, ShadingPlan& plan) {
  const std::span<const std::array<int8_t, 2>> samples = standardSamplePositions(state.forcedSampleCount);
  struct Interval {
    int y, begin, end;
    uint32_t sample;
  };
  std::vector<Interval> intervals;
  raster::SpanRowArray rows;
  int minY = INT32_MAX, maxY = INT32_MIN;
  for (uint32_t s = 0; s < samples.size(); ++s) {
    const float dx = samples[s][0] / 16.0f, dy = samples[s][1] / 16.0f;
    for (int k = 1; k + 1 < screen.count; ++k) {
      const raster::ScreenTriangle st{{{screen.v[0].x - dx, screen.v[0].y - dy},
                                       {screen.v[k].x - dx, screen.v[k].y - dy},
                                       {screen.v[k + 1].x - dx, screen.v[k + 1].y - dy}}};
      rows.clear();
      const raster::TriangleCoverage cov = raster::rasterizeTriangle(st, fanState, rows);
      if (cov.culled()) continue;
      for (uint32_t r = 0; r < cov.rowCount; ++r) {
        const raster::SpanRow& row = rows[r];
        if (row.empty()) continue;
        const int y = cov.firstY + int(r);
        intervals.push_back({y, row.outerBegin, row.outerEnd, s});
        minY = std::min(minY, y);
        maxY = std::max(maxY, y);
      }
    }
  }
  if (intervals.empty()) return;
  std::sort(intervals.begin(), intervals.end(), [](const Interval& a, const Interval& b) { return a.y < b.y; });
  std::vector<uint16_t> masks;
  for (size_t i = 0; i < intervals.size();) {
    const int y = intervals[i].y;
    size_t j = i;
    int x0 = INT32_MAX, x1 = INT32_MIN;
    for (; j < intervals.size() && intervals[j].y == y; ++j) {
      x0 = std::min(x0, intervals[j].begin);
      x1 = std::max(x1, intervals[j].end);
    }
    masks.assign(size_t(x1 - x0), 0);
    for (size_t k = i; k < j; ++k)
      for (int x = intervals[k].begin; x < intervals[k].end; ++x) masks[size_t(x - x0)] |= uint16_t(1u << intervals[k].sample);
    for (int x = x0; x < x1;) {
      const uint16_t mask = masks[size_t(x - x0)];
      int end = x + 1;
      while (end < x1 && masks[size_t(end - x0)] == mask) ++end;
      if (mask) {
        ShadingQuad q = base;
        q.coverage = mask;
        emitSpan(p, poly, state, inverseW, x, end, y, false, 0, 0, q, plan);
      }
      x = end;
    }
    i = j;
  }
}

}  // namespace

std::span<const std::array<int8_t, 2>> standardSamplePositions(uint32_t count) {
  switch (count) {
    case 1: return kSamples1;
    case 2: return kSamples2;
    case 4: return kSamples4;
    case 8: return kSamples8;
    case 16: return kSamples16;
    default: return {};
  }
}

ShadingPlan planShadingQuads(const CapturedDraw& draw, const FallbackDrawState& state) {
  ShadingPlan plan;
  const ClipState clipState = clipStateFor(state.viewport, state.depthClip);
  raster::SpanRowArray rows;
  std::vector<MergedRow> merged;
  for (uint32_t t = 0; t < draw.triangles.size(); ++t) {
    const AssembledTriangle& tri = draw.triangles[t];
    ClipPosition p[3];
    bool finite = true;
    for (int i = 0; i < 3; ++i) {
      const size_t base = size_t(tri.vertex[i]) * draw.stride + draw.positionOffset;
      if (base + 4 > draw.vertices.size()) {
        finite = false;
        break;
      }
      const float* v = draw.vertices.data() + base;
      p[i] = {v[0], v[1], v[2], v[3]};
      finite = finite && std::isfinite(p[i].x) && std::isfinite(p[i].y) && std::isfinite(p[i].z) && std::isfinite(p[i].w);
    }
    if (!finite) {
      ++plan.trianglesRejected;
      continue;
    }
    ClippedPolygon poly = clipTriangle(p, clipState);
    if (poly.count < 3) {
      ++plan.trianglesClippedAway;
      continue;
    }

    // Facing and culling (post-snap degenerates are back-facing): a triangle's come
    // from the rasterizer; a clipped polygon is faced once from its snapped area.
    const ScreenPolygon screen = project(p, poly, state.viewport);
    bool frontFacing = false, degenerate = false;
    raster::RasterizerDrawState fanState = state.raster;
    if (poly.count > 3) {
      int64_t area2 = 0;
      if (!snappedArea2(screen, &area2)) {
        ++plan.trianglesRejected;
        continue;
      }
      degenerate = area2 == 0;
      frontFacing = !degenerate && ((area2 > 0) != state.raster.frontCounterClockwise);
      if ((state.raster.cull == raster::CullMode::Back && !frontFacing) ||
          (state.raster.cull == raster::CullMode::Front && frontFacing)) {
        ++plan.trianglesCulled;
        continue;
      }
      fanState.cull = raster::CullMode::None;
    }

    if (state.forcedSampleCount && state.raster.mode == raster::RasterMode::Standard) {
      // Facing and culling of a triangle from the rasterizer (unshifted; standard
      // mode culls degenerates, which cover no sample).
      if (poly.count == 3) {
        rows.clear();
        const raster::TriangleCoverage cov =
            raster::rasterizeTriangle(raster::ScreenTriangle{{screen.v[0], screen.v[1], screen.v[2]}}, fanState, rows);
        if (raster::isRejection(cov.cull)) ++plan.trianglesRejected;
        if (cov.cull == raster::CullReason::FrontFacing || cov.cull == raster::CullReason::BackFacing)
          ++plan.trianglesCulled;
        if (raster::isRejection(cov.cull) || cov.cull == raster::CullReason::FrontFacing ||
            cov.cull == raster::CullReason::BackFacing || cov.degenerate)
          continue;
        frontFacing = cov.frontFacing;
        fanState.cull = raster::CullMode::None;
      } else if (degenerate) {
        continue;
      }
      ShadingQuad base;
      base.triangle = t;
      base.primitiveId = tri.primitiveId;
      base.frontFacing = frontFacing;
      base.clockwise = frontFacing != state.raster.frontCounterClockwise;
      emitForcedSampleSpans(p, poly, screen, state, fanState, inverseWPlane(p, poly, state.viewport), base, plan);
      continue;
    }

    // Rasterize the polygon's fan; merge rows by y.
    rows.clear();
    merged.clear();
    int mergedFirstY = 0;
    for (int k = 1; k + 1 < poly.count; ++k) {
      const raster::ScreenTriangle st{{screen.v[0], screen.v[k], screen.v[k + 1]}};
      const size_t firstRow = rows.size();
      raster::TriangleCoverage cov = raster::rasterizeTriangle(st, fanState, rows);
      if (poly.count == 3) {
        if (raster::isRejection(cov.cull)) ++plan.trianglesRejected;
        if (cov.cull == raster::CullReason::FrontFacing || cov.cull == raster::CullReason::BackFacing)
          ++plan.trianglesCulled;
        frontFacing = cov.frontFacing;
        degenerate = cov.degenerate;
      }
      if (cov.culled()) continue;  // also a standard-mode degenerate fan triangle: it covers nothing
      for (uint32_t r = 0; r < cov.rowCount; ++r) {
        const raster::SpanRow& row = rows[firstRow + r];
        if (row.empty()) continue;
        const int y = cov.firstY + int(r);
        if (merged.empty()) mergedFirstY = y;
        if (y < mergedFirstY) {  // a later fan triangle starting higher: shift
          merged.insert(merged.begin(), size_t(mergedFirstY - y), MergedRow{0, 0, 0, 0});
          mergedFirstY = y;
        }
        if (size_t(y - mergedFirstY) >= merged.size()) merged.resize(size_t(y - mergedFirstY) + 1, MergedRow{0, 0, 0, 0});
        MergedRow& m = merged[size_t(y - mergedFirstY)];
        if (m.outerBegin >= m.outerEnd) {
          m = MergedRow{row.outerBegin, row.outerEnd, row.innerBegin, row.innerEnd};
          continue;
        }
        m.outerBegin = std::min<int>(m.outerBegin, row.outerBegin);
        m.outerEnd = std::max<int>(m.outerEnd, row.outerEnd);
        // Keep the wider inner interval (pixels between two fan triangles' inner
        // intervals read as not fully covered).
        if (row.innerEnd - row.innerBegin > m.innerEnd - m.innerBegin) {
          m.innerBegin = row.innerBegin;
          m.innerEnd = row.innerEnd;
        }
      }
    }
    if (merged.empty()) continue;
    // Quads wind to reproduce the facing.
    const bool clockwise = frontFacing != state.raster.frontCounterClockwise;
    ShadingQuad base;
    base.triangle = t;
    base.primitiveId = tri.primitiveId;
    base.frontFacing = frontFacing;
    base.clockwise = clockwise;
    base.degenerate = degenerate;
    const InverseW inverseW = degenerate ? InverseW{} : inverseWPlane(p, poly, state.viewport);
    for (size_t r = 0; r < merged.size(); ++r) {
      const MergedRow& m = merged[r];
      const int y = mergedFirstY + int(r);
      if (m.outerBegin >= m.outerEnd) continue;
      const bool hasInner = m.innerBegin < m.innerEnd;
      const int ib = hasInner ? m.innerBegin : 0, ie = hasInner ? m.innerEnd : 0;
      if (state.spanPerRow || !hasInner) {
        emitSpan(p, poly, state, inverseW, m.outerBegin, m.outerEnd, y, false, ib, ie, base, plan);
        continue;
      }
      emitSpan(p, poly, state, inverseW, m.outerBegin, m.innerBegin, y, false, 0, 0, base, plan);
      emitSpan(p, poly, state, inverseW, m.innerBegin, m.innerEnd, y, true, ib, ie, base, plan);
      emitSpan(p, poly, state, inverseW, m.innerEnd, m.outerEnd, y, false, 0, 0, base, plan);
    }
  }
  return plan;
}

namespace {

void positionsOf(const CapturedDraw& draw, const ShadingQuad& quad, ClipPosition (&p)[3]) {
  const AssembledTriangle& tri = draw.triangles[quad.triangle];
  for (int i = 0; i < 3; ++i) {
    const float* v = draw.vertices.data() + size_t(tri.vertex[i]) * draw.stride + draw.positionOffset;
    p[i] = {v[0], v[1], v[2], v[3]};
  }
}

}  // namespace

std::array<QuadCorner, 4> quadCorners(const CapturedDraw& draw, const FallbackDrawState& state,
                                      const ShadingPlan& plan, const ShadingQuad& quad) {
  ClipPosition p[3];
  positionsOf(draw, quad, p);
  return makeSpanQuad(p, state.viewport, quad.x0, quad.x1, quad.y, quad.clockwise, quad.degenerate,
                      quad.flat() ? &plan.flatWeights[quad.flatIndex] : nullptr);
}

std::array<QuadCorner, 3> spanTriangle(const CapturedDraw& draw, const FallbackDrawState& state,
                                       const ShadingPlan& plan, const ShadingQuad& quad) {
  ClipPosition p[3];
  positionsOf(draw, quad, p);
  return makeSpanTriangle(p, state.viewport, quad.x0, quad.x1, quad.y, quad.clockwise, quad.degenerate,
                          quad.flat() ? &plan.flatWeights[quad.flatIndex] : nullptr);
}

}  // namespace d3dvk::fallback
