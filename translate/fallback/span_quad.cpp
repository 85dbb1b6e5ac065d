// translate/fallback/span_quad.cpp — see span_quad.h.
#include "span_quad.h"

#include <cmath>

namespace d3dvk::fallback {

ScreenPoint toScreen(const ClipPosition& p, const Viewport& v) {
  const double nx = p.x / p.w, ny = p.y / p.w, nz = p.z / p.w;
  return {(nx + 1) * v.width / 2 + v.topLeftX, (1 - ny) * v.height / 2 + v.topLeftY,
          v.minDepth + nz * (v.maxDepth - v.minDepth)};
}

namespace {

// Screen point → normalized device coordinates.
void toNdc(const Viewport& v, double sx, double sy, double* nx, double* ny) {
  *nx = (sx - v.topLeftX) * 2 / v.width - 1;
  *ny = 1 - (sy - v.topLeftY) * 2 / v.height;
}

}  // namespace

std::optional<std::array<double, 3>> barycentricsAtScreen(const ClipPosition (&p)[3], const Viewport& viewport,
                                                          double sx, double sy) {
  double nx, ny;
  toNdc(viewport, sx, sy, &nx, &ny);
  // Σλ(x - nx·w) = 0, Σλ(y - ny·w) = 0, Σλ = 1. Eliminate λ2 = 1 - λ0 - λ1.
  double a[3], b[3];
  for (int i = 0; i < 3; ++i) {
    a[i] = p[i].x - nx * p[i].w;
    b[i] = p[i].y - ny * p[i].w;
  }
  const double m00 = a[0] - a[2], m01 = a[1] - a[2], r0 = -a[2];
  const double m10 = b[0] - b[2], m11 = b[1] - b[2], r1 = -b[2];
  const double det = m00 * m11 - m01 * m10;
  const double scale = std::fabs(m00 * m11) + std::fabs(m01 * m10);
  if (det == 0 || !(std::fabs(det) > 1e-12 * scale)) return std::nullopt;
  const double l0 = (r0 * m11 - m01 * r1) / det;
  const double l1 = (m00 * r1 - r0 * m10) / det;
  return std::array<double, 3>{l0, l1, 1 - l0 - l1};
}

namespace {

// A corner at screen point (sx, sy): on the primitive's plane, or flat.
QuadCorner cornerAt(const ClipPosition (&p)[3], const Viewport& viewport, double sx, double sy, bool degenerate,
                    const std::array<double, 3>* flatWeights) {
  std::optional<std::array<double, 3>> lambda;
  if (!degenerate && !flatWeights) lambda = barycentricsAtScreen(p, viewport, sx, sy);
  ClipPosition c;
  std::array<double, 3> weights;
  if (lambda) {
    weights = *lambda;
    c = interpolate(p, weights);
  } else {
    // Constant attributes: vertex 0's for degenerates, else the given weights;
    // a position on their point's depth and w that projects to the corner.
    weights = flatWeights ? *flatWeights : std::array<double, 3>{1, 0, 0};
    const ClipPosition at = interpolate(p, weights);
    double nx, ny;
    toNdc(viewport, sx, sy, &nx, &ny);
    const double w = at.w > 0 ? at.w : 1.0;
    c = {nx * w, ny * w, at.w > 0 ? at.z : 0.0, w};
  }
  QuadCorner corner;
  corner.position = {float(c.x), float(c.y), float(c.z), float(c.w)};
  corner.weights = {float(weights[0]), float(weights[1]), float(weights[2])};
  return corner;
}

}  // namespace

std::array<QuadCorner, 3> makeSpanTriangle(const ClipPosition (&p)[3], const Viewport& viewport, int x0, int x1,
                                           int y, bool clockwise, bool degenerate,
                                           const std::array<double, 3>* flatWeights) {
  const double length = x1 - x0;
  // (x0, y) → (x0 + 2L, y) → (x0, y + 2) is clockwise on screen (y down).
  const double xs[3] = {double(x0), x0 + 2 * length, double(x0)};
  const double ys[3] = {double(y), double(y), y + 2.0};
  std::array<QuadCorner, 3> tri;
  const int order[3] = {0, clockwise ? 1 : 2, clockwise ? 2 : 1};
  for (int i = 0; i < 3; ++i)
    tri[i] = cornerAt(p, viewport, xs[order[i]], ys[order[i]], degenerate, flatWeights);
  return tri;
}

std::array<QuadCorner, 4> makeSpanQuad(const ClipPosition (&p)[3], const Viewport& viewport, int x0, int x1, int y,
                                       bool clockwise, bool degenerate, const std::array<double, 3>* flatWeights) {
  // Strip order: (left, top) (right, top) (left, bottom) (right, bottom) is
  // clockwise on screen; swapping left and right makes it counter-clockwise.
  const int left = clockwise ? x0 : x1, right = clockwise ? x1 : x0;
  const int xs[4] = {left, right, left, right};
  const int ys[4] = {y, y, y + 1, y + 1};
  std::array<QuadCorner, 4> quad;
  for (int i = 0; i < 4; ++i) quad[i] = cornerAt(p, viewport, xs[i], ys[i], degenerate, flatWeights);
  return quad;
}

std::array<double, 3> noPerspectiveWeights(const std::array<double, 3>& lambda, const ClipPosition (&p)[3]) {
  const double b0 = lambda[0] * p[0].w, b1 = lambda[1] * p[1].w, b2 = lambda[2] * p[2].w;
  const double sum = b0 + b1 + b2;
  if (sum == 0) return lambda;
  return {b0 / sum, b1 / sum, b2 / sum};
}

bool quadInFront(const std::array<QuadCorner, 4>& quad) {
  for (const QuadCorner& c : quad)
    if (!(c.position[3] > 0)) return false;
  return true;
}

}  // namespace d3dvk::fallback
