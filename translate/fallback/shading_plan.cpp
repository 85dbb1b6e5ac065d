// translate/fallback/shading_plan.cpp — see shading_plan.h.
#include "shading_plan.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace d3dvk::fallback {
namespace {

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

// One pixel with constant attributes: corners on the pixel's boundaries at the
// depth and w of `weights`' point.
std::array<QuadCorner, 4> flatPixelQuad(const ClipPosition (&p)[3], const Viewport& viewport, int x, int y,
                                        bool clockwise, const std::array<double, 3>& weights) {
  const ClipPosition c = interpolate(p, weights);
  const int left = clockwise ? x : x + 1, right = clockwise ? x + 1 : x;
  const int xs[4] = {left, right, left, right};
  const int ys[4] = {y, y, y + 1, y + 1};
  std::array<QuadCorner, 4> quad;
  for (int i = 0; i < 4; ++i) {
    const double nx = (xs[i] - viewport.topLeftX) * 2 / viewport.width - 1;
    const double ny = 1 - (ys[i] - viewport.topLeftY) * 2 / viewport.height;
    quad[i].position = {float(nx * c.w), float(ny * c.w), float(c.z), float(c.w)};
    quad[i].weights = {float(weights[0]), float(weights[1]), float(weights[2])};
  }
  return quad;
}

// Emits the quads of one sub-span. Where the primitive's plane goes behind the
// eye (w ≤ 0) at a corner — a triangle seen nearly edge-on, its horizon within
// a pixel of its coverage — the span is split per pixel and such pixels get
// constant attributes from the nearest visible point: the pixel is still
// rasterized (no false negative), only the extrapolation is flattened.
void emitSpan(const ClipPosition (&p)[3], const ClippedPolygon& poly, const FallbackDrawState& state, int x0, int x1,
              int y, bool inner, bool clockwise, bool degenerate, const ShadingQuad& base, ShadingPlan& plan) {
  if (x0 >= x1) return;
  ShadingQuad q = base;
  q.inner = inner;
  q.corners = makeSpanQuad(p, state.viewport, x0, x1, y, clockwise, degenerate);
  if (quadInFront(q.corners)) {
    plan.quads.push_back(q);
    return;
  }
  for (int x = x0; x < x1; ++x) {
    q.corners = makeSpanQuad(p, state.viewport, x, x + 1, y, clockwise, degenerate);
    if (!quadInFront(q.corners)) {
      q.corners = flatPixelQuad(p, state.viewport, x, y, clockwise,
                                visibleWeightsNear(p, poly, state.viewport, x + 0.5, y + 0.5));
      ++plan.pixelsFlattened;
    }
    plan.quads.push_back(q);
  }
}

raster::ScreenTriangle project(const ClipPosition (&p)[3], const ClippedPolygon& poly, int a, int b, int c,
                               const Viewport& viewport) {
  raster::ScreenTriangle t;
  const int idx[3] = {a, b, c};
  for (int i = 0; i < 3; ++i) {
    ScreenPoint s = toScreen(interpolate(p, poly.weights[idx[i]]), viewport);
    t.v[i] = {float(s.x), float(s.y)};
  }
  return t;
}

}  // namespace

ShadingPlan planShadingQuads(const CapturedDraw& draw, const FallbackDrawState& state) {
  ShadingPlan plan;
  const ClipState clipState = clipStateFor(state.viewport, state.depthClip);
  raster::SpanRowArray rows;
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

    // Rasterize the polygon's fan; merge rows by y.
    rows.clear();
    std::map<int, MergedRow> merged;
    bool facingKnown = false, frontFacing = false, degenerate = false, culled = false;
    for (int k = 1; k + 1 < poly.count; ++k) {
      raster::ScreenTriangle st = project(p, poly, 0, k, k + 1, state.viewport);
      const size_t firstRow = rows.size();
      raster::TriangleCoverage cov = raster::rasterizeTriangle(st, state.raster, rows);
      if (raster::isRejection(cov.cull)) continue;
      if (!facingKnown && !cov.degenerate) {
        facingKnown = true;
        frontFacing = cov.frontFacing;
      }
      if (cov.culled()) {
        culled = culled || cov.cull == raster::CullReason::FrontFacing || cov.cull == raster::CullReason::BackFacing;
        continue;
      }
      degenerate = degenerate || (poly.count == 3 && cov.degenerate);
      for (uint32_t r = 0; r < cov.rowCount; ++r) {
        const raster::SpanRow& row = rows[firstRow + r];
        if (row.empty()) continue;
        const int y = cov.firstY + int(r);
        auto [it, fresh] = merged.try_emplace(y, MergedRow{row.outerBegin, row.outerEnd, row.innerBegin, row.innerEnd});
        if (fresh) continue;
        MergedRow& m = it->second;
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
    if (merged.empty()) {
      if (culled) ++plan.trianglesCulled;
      continue;
    }
    // Post-snap degenerates are back-facing; quads wind to reproduce the facing.
    if (degenerate || !facingKnown) frontFacing = false;
    const bool clockwise = frontFacing != state.raster.frontCounterClockwise;
    ShadingQuad base;
    base.triangle = t;
    base.primitiveId = tri.primitiveId;
    base.frontFacing = frontFacing;
    for (const auto& [y, m] : merged) {
      const bool hasInner = m.innerBegin < m.innerEnd;
      if (!hasInner) {
        emitSpan(p, poly, state, m.outerBegin, m.outerEnd, y, false, clockwise, degenerate, base, plan);
        continue;
      }
      emitSpan(p, poly, state, m.outerBegin, m.innerBegin, y, false, clockwise, degenerate, base, plan);
      emitSpan(p, poly, state, m.innerBegin, m.innerEnd, y, true, clockwise, degenerate, base, plan);
      emitSpan(p, poly, state, m.innerEnd, m.outerEnd, y, false, clockwise, degenerate, base, plan);
    }
  }
  return plan;
}

}  // namespace d3dvk::fallback
