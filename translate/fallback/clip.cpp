// translate/fallback/clip.cpp — see clip.h.
#include "clip.h"

#include <algorithm>
#include <cmath>

namespace d3dvk::fallback {

ClipState clipStateFor(const Viewport& viewport, bool depthClip, double limit) {
  ClipState s;
  s.depthClip = depthClip;
  // screen x = (x/w + 1)·width/2 + topLeftX; keep |screen x| ≤ limit.
  auto guard = [limit](double extent, double origin) {
    if (extent <= 0) return 1.0;
    double g = (limit - std::fabs(origin) - extent / 2) * 2 / extent;
    return std::max(g, 1.0);
  };
  s.guardX = guard(viewport.width, viewport.topLeftX);
  s.guardY = guard(viewport.height, viewport.topLeftY);
  return s;
}

ClipPosition interpolate(const ClipPosition (&p)[3], const std::array<double, 3>& b) {
  return {b[0] * p[0].x + b[1] * p[1].x + b[2] * p[2].x, b[0] * p[0].y + b[1] * p[1].y + b[2] * p[2].y,
          b[0] * p[0].z + b[1] * p[1].z + b[2] * p[2].z, b[0] * p[0].w + b[1] * p[1].w + b[2] * p[2].w};
}

namespace {

// A plane as a·(x, y, z, w) ≥ 0 (inside).
struct Plane {
  double x, y, z, w;
  double distance(const ClipPosition& p) const { return x * p.x + y * p.y + z * p.z + w * p.w; }
};

}  // namespace

ClippedPolygon clipTriangle(const ClipPosition (&p)[3], const ClipState& state) {
  Plane planes[7];
  int planeCount = 0;
  planes[planeCount++] = {0, 0, 0, 1};  // w ≥ kMinClipW (handled with an offset below)
  if (state.depthClip) {
    planes[planeCount++] = {0, 0, 1, 0};   // z ≥ 0
    planes[planeCount++] = {0, 0, -1, 1};  // z ≤ w
  }
  planes[planeCount++] = {-1, 0, 0, state.guardX};  // x ≤ gx·w
  planes[planeCount++] = {1, 0, 0, state.guardX};   // x ≥ -gx·w
  planes[planeCount++] = {0, -1, 0, state.guardY};
  planes[planeCount++] = {0, 1, 0, state.guardY};

  ClippedPolygon poly;
  poly.count = 3;
  poly.weights[0] = {1, 0, 0};
  poly.weights[1] = {0, 1, 0};
  poly.weights[2] = {0, 0, 1};

  for (int k = 0; k < planeCount && poly.count > 0; ++k) {
    const Plane& plane = planes[k];
    const double offset = k == 0 ? kMinClipW : 0.0;
    double d[ClippedPolygon::kMaxVertices];
    bool allInside = true, allOutside = true;
    for (int i = 0; i < poly.count; ++i) {
      d[i] = plane.distance(interpolate(p, poly.weights[i])) - offset;
      allInside = allInside && d[i] >= 0;
      allOutside = allOutside && d[i] < 0;
    }
    if (allInside) continue;
    poly.clipped = true;
    if (allOutside) {
      poly.count = 0;
      break;
    }
    ClippedPolygon next;
    next.clipped = true;
    // A convex polygon gains at most one vertex per plane; rounding can make a
    // polygon lying almost in the plane alternate signs, so the writes stay bounded.
    for (int i = 0; i < poly.count && next.count < ClippedPolygon::kMaxVertices; ++i) {
      int j = (i + 1) % poly.count;
      if (d[i] >= 0) next.weights[next.count++] = poly.weights[i];
      if ((d[i] >= 0) != (d[j] >= 0) && next.count < ClippedPolygon::kMaxVertices) {
        double t = d[i] / (d[i] - d[j]);
        std::array<double, 3> w;
        for (int c = 0; c < 3; ++c) w[c] = poly.weights[i][c] + t * (poly.weights[j][c] - poly.weights[i][c]);
        next.weights[next.count++] = w;
      }
    }
    poly = next;
  }
  return poly;
}

}  // namespace d3dvk::fallback
