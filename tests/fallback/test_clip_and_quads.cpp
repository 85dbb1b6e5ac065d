// tests/fallback: clipping (checked by sampling points of the triangle against
// the planes directly) and span quads (checked by interpolating across the quad
// the way a GPU does and comparing with the textbook screen-space
// perspective-correct barycentrics of the original triangle).
#include "clip.h"
#include "span_quad.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>

using namespace d3dvk::fallback;

namespace {

bool insidePlanes(const ClipPosition& q, const ClipState& s, double margin) {
  if (q.w < kMinClipW + margin) return false;
  if (s.depthClip && (q.z < margin || q.z > q.w - margin)) return false;
  if (std::fabs(q.x) > s.guardX * q.w - margin || std::fabs(q.y) > s.guardY * q.w - margin) return false;
  return true;
}
bool nearPlanes(const ClipPosition& q, const ClipState& s, double margin) {
  return insidePlanes(q, s, -margin) && !insidePlanes(q, s, margin);
}

// Point-in-convex-polygon in the barycentric plane (coordinates b0, b1).
bool insidePolygon(const ClippedPolygon& poly, double b0, double b1) {
  if (poly.count < 3) return false;
  double sign = 0;
  for (int i = 0; i < poly.count; ++i) {
    const auto& a = poly.weights[i];
    const auto& b = poly.weights[(i + 1) % poly.count];
    double cross = (b[0] - a[0]) * (b1 - a[1]) - (b[1] - a[1]) * (b0 - a[0]);
    if (cross == 0) continue;
    if (sign == 0) sign = cross;
    if ((cross > 0) != (sign > 0)) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("clipping keeps exactly the part of the triangle inside every plane", "[fallback][clip]") {
  std::mt19937 rng(1234);
  std::uniform_real_distribution<double> coord(-3, 3), wdist(-1, 3), unit(0, 1);
  int clippedCount = 0, emptyCount = 0;
  for (int t = 0; t < 3000; ++t) {
    ClipPosition p[3];
    for (auto& v : p) v = {coord(rng), coord(rng), coord(rng), wdist(rng)};
    ClipState state;
    state.depthClip = t % 2 == 0;
    state.guardX = 1.5 + unit(rng);
    state.guardY = 1.5 + unit(rng);
    ClippedPolygon poly = clipTriangle(p, state);
    clippedCount += poly.clipped;
    emptyCount += poly.count == 0;
    // Every output vertex satisfies every plane, and its weights sum to 1.
    for (int i = 0; i < poly.count; ++i) {
      ClipPosition q = interpolate(p, poly.weights[i]);
      CHECK(insidePlanes(q, state, -1e-9));
      CHECK(poly.weights[i][0] + poly.weights[i][1] + poly.weights[i][2] == Approx(1.0).margin(1e-12));
    }
    // A point of the triangle is in the polygon iff it is inside the planes.
    for (int s = 0; s < 200; ++s) {
      double b0 = unit(rng), b1 = unit(rng);
      if (b0 + b1 > 1) b0 = 1 - b0, b1 = 1 - b1;
      ClipPosition q = interpolate(p, {b0, b1, 1 - b0 - b1});
      if (nearPlanes(q, state, 1e-7)) continue;  // too close to call
      INFO("triangle " << t);
      CHECK(insidePolygon(poly, b0, b1) == insidePlanes(q, state, 0));
    }
  }
  CHECK(clippedCount > 1000);  // the random set exercises clipping
  CHECK(emptyCount > 10);
}

TEST_CASE("a triangle inside every plane is left unchanged, one behind the eye vanishes", "[fallback][clip]") {
  ClipPosition inside[3] = {{-0.5, -0.5, 0.5, 1}, {0.5, -0.5, 0.5, 1}, {0, 0.5, 0.5, 1}};
  ClippedPolygon poly = clipTriangle(inside, ClipState{});
  CHECK_FALSE(poly.clipped);
  REQUIRE(poly.count == 3);
  CHECK(poly.weights[1][1] == 1.0);
  ClipPosition behind[3] = {{0, 0, 0.5, -1}, {1, 0, 0.5, -2}, {0, 1, 0.5, -0.5}};
  CHECK(clipTriangle(behind, ClipState{}).count == 0);
  // Beyond the far plane: clipped with DepthClipEnable, kept without it.
  ClipPosition far[3] = {{-0.5, -0.5, 2, 1}, {0.5, -0.5, 2, 1}, {0, 0.5, 2, 1}};
  CHECK(clipTriangle(far, ClipState{true, 1, 1}).count == 0);
  CHECK(clipTriangle(far, ClipState{false, 1, 1}).count == 3);
}

TEST_CASE("the guard band keeps screen coordinates inside the rasterizer's range", "[fallback][clip]") {
  Viewport vp{0, 0, 1920, 1080, 0, 1};
  ClipState s = clipStateFor(vp, true);
  CHECK(std::fabs((s.guardX + 1) * 1920 / 2) <= 32000.0 + 1e-6);
  CHECK(std::fabs((s.guardY + 1) * 1080 / 2) <= 32000.0 + 1e-6);
  ClipPosition huge[3] = {{-1e6, -1e6, 0.5, 1}, {1e6, -1e6, 0.5, 1}, {0, 1e6, 0.5, 1}};
  ClippedPolygon poly = clipTriangle(huge, s);
  REQUIRE(poly.count >= 3);
  for (int i = 0; i < poly.count; ++i) {
    ScreenPoint sp = toScreen(interpolate(huge, poly.weights[i]), vp);
    CHECK(std::fabs(sp.x) <= 32000.0 + 1e-3);
    CHECK(std::fabs(sp.y) <= 32000.0 + 1e-3);
  }
}

namespace {

// Textbook perspective-correct barycentrics: screen-space (affine) weights of
// the projected triangle, divided by w and renormalized.
std::array<double, 3> referenceBarycentrics(const ClipPosition (&p)[3], const Viewport& vp, double sx, double sy) {
  ScreenPoint s[3] = {toScreen(p[0], vp), toScreen(p[1], vp), toScreen(p[2], vp)};
  double area = (s[1].x - s[0].x) * (s[2].y - s[0].y) - (s[2].x - s[0].x) * (s[1].y - s[0].y);
  double beta[3];
  beta[0] = ((s[1].x - sx) * (s[2].y - sy) - (s[2].x - sx) * (s[1].y - sy)) / area;
  beta[1] = ((s[2].x - sx) * (s[0].y - sy) - (s[0].x - sx) * (s[2].y - sy)) / area;
  beta[2] = 1 - beta[0] - beta[1];
  double sum = 0, l[3];
  for (int i = 0; i < 3; ++i) sum += l[i] = beta[i] / p[i].w;
  return {l[0] / sum, l[1] / sum, l[2] / sum};
}

// What a GPU does inside one strip triangle of the quad: affine weights of the
// pixel in the screen triangle of the corners, perspective-corrected by the
// corners' w.
std::array<double, 3> gpuInterpolate(const std::array<QuadCorner, 4>& quad, int a, int b, int c, const Viewport& vp,
                                     double sx, double sy) {
  const QuadCorner* k[3] = {&quad[a], &quad[b], &quad[c]};
  ClipPosition cp[3];
  for (int i = 0; i < 3; ++i)
    cp[i] = {k[i]->position[0], k[i]->position[1], k[i]->position[2], k[i]->position[3]};
  std::array<double, 3> mu = referenceBarycentrics(cp, vp, sx, sy);
  std::array<double, 3> out{0, 0, 0};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) out[j] += mu[i] * k[i]->weights[j];
  return out;
}

}  // namespace

TEST_CASE("barycentrics at a screen point recover the weights that produced it", "[fallback][quad]") {
  std::mt19937 rng(99);
  std::uniform_real_distribution<double> coord(-1, 1), wdist(0.2, 4), unit(-0.5, 1.5);
  Viewport vp{16, 8, 800, 600, 0, 1};
  for (int t = 0; t < 2000; ++t) {
    ClipPosition p[3];
    for (auto& v : p) {
      double w = wdist(rng);
      v = {coord(rng) * w, coord(rng) * w, 0.5 * w, w};
    }
    double l0 = unit(rng), l1 = unit(rng);
    std::array<double, 3> truth{l0, l1, 1 - l0 - l1};
    ClipPosition q = interpolate(p, truth);
    if (q.w <= 0.05) continue;
    ScreenPoint s = toScreen(q, vp);
    auto got = barycentricsAtScreen(p, vp, s.x, s.y);
    if (!got) continue;  // edge-on
    for (int i = 0; i < 3; ++i) CHECK((*got)[i] == Approx(truth[i]).margin(1e-6));
  }
}

TEST_CASE("span quads sit on pixel boundaries and reproduce the primitive's attributes", "[fallback][quad]") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> coord(-0.9, 0.9), wdist(0.5, 3);
  Viewport vp{0, 0, 64, 64, 0, 1};
  int checked = 0;
  for (int t = 0; t < 300; ++t) {
    ClipPosition p[3];
    for (auto& v : p) {
      double w = wdist(rng);
      v = {coord(rng) * w, coord(rng) * w, 0.3 * w, w};
    }
    ScreenPoint s0 = toScreen(p[0], vp);
    int y = int(std::floor(s0.y));
    int x0 = int(std::floor(s0.x)) - 2, x1 = x0 + 5;
    for (bool clockwise : {true, false}) {
      auto quad = makeSpanQuad(p, vp, x0, x1, y, clockwise, false);
      // Corners project to the integer pixel boundaries.
      const int xs[4] = {clockwise ? x0 : x1, clockwise ? x1 : x0, clockwise ? x0 : x1, clockwise ? x1 : x0};
      const int ys[4] = {y, y, y + 1, y + 1};
      bool inFront = true;
      for (int i = 0; i < 4; ++i) {
        ClipPosition c{quad[i].position[0], quad[i].position[1], quad[i].position[2], quad[i].position[3]};
        inFront = inFront && c.w > 0;
        if (!(c.w > 0)) continue;
        ScreenPoint sp = toScreen(c, vp);
        CHECK(sp.x == Approx(xs[i]).margin(1e-3));
        CHECK(sp.y == Approx(ys[i]).margin(1e-3));
      }
      // Winding: the first strip triangle's signed area (y down) matches.
      auto sp0 = toScreen({quad[0].position[0], quad[0].position[1], 0, quad[0].position[3]}, vp);
      auto sp1 = toScreen({quad[1].position[0], quad[1].position[1], 0, quad[1].position[3]}, vp);
      auto sp2 = toScreen({quad[2].position[0], quad[2].position[1], 0, quad[2].position[3]}, vp);
      double cross = (sp1.x - sp0.x) * (sp2.y - sp0.y) - (sp2.x - sp0.x) * (sp1.y - sp0.y);
      CHECK((cross > 0) == clockwise);  // y down: positive cross product is clockwise on screen
      CHECK(quadInFront(quad) == inFront);
      if (!inFront) continue;
      // At every pixel centre of the span, GPU interpolation of the corner weights
      // equals the original primitive's perspective-correct barycentrics.
      for (int x = x0; x < x1; ++x) {
        double cx = x + 0.5, cy = y + 0.5;
        auto a = gpuInterpolate(quad, 0, 1, 2, vp, cx, cy);
        auto b = gpuInterpolate(quad, 1, 3, 2, vp, cx, cy);
        auto truth = referenceBarycentrics(p, vp, cx, cy);
        // The centre lies in one of the two triangles; both triangles share the
        // plane, so both give the same answer wherever it is.
        for (int i = 0; i < 3; ++i) {
          CHECK(a[i] == Approx(truth[i]).margin(1e-4));
          CHECK(b[i] == Approx(truth[i]).margin(1e-4));
        }
        ++checked;
      }
    }
  }
  CHECK(checked > 1000);
}

TEST_CASE("degenerate primitives give vertex 0's attributes across the quad", "[fallback][quad]") {
  ClipPosition p[3] = {{-1, 1, 0.25, 1}, {1, 1 - 1.0 / 2048, 0.25, 1}, {1, 1, 0.25, 1}};
  Viewport vp{0, 0, 3, 1, 0, 1};
  auto quad = makeSpanQuad(p, vp, 0, 3, 0, false, true);
  for (const QuadCorner& c : quad) {
    CHECK(c.weights[0] == 1.0f);
    CHECK(c.weights[1] == 0.0f);
    CHECK(c.weights[2] == 0.0f);
    CHECK(c.position[2] == 0.25f);
  }
  ScreenPoint sp = toScreen({quad[1].position[0], quad[1].position[1], 0, quad[1].position[3]}, vp);
  CHECK(sp.x == Approx(0.0).margin(1e-6));  // counter-clockwise: right and left swapped
  CHECK(sp.y == Approx(0.0).margin(1e-6));
}

TEST_CASE("noperspective weights are the projected triangle's screen-space barycentrics", "[fallback][quad]") {
  std::mt19937 rng(21);
  std::uniform_real_distribution<double> coord(-1, 1), wdist(0.3, 3), unit(-0.3, 1.3);
  Viewport vp{0, 0, 200, 100, 0, 1};
  for (int t = 0; t < 1000; ++t) {
    ClipPosition p[3];
    for (auto& v : p) {
      const double w = wdist(rng);
      v = {coord(rng) * w, coord(rng) * w, 0.5 * w, w};
    }
    const double sx = unit(rng) * 200, sy = unit(rng) * 100;
    auto lambda = barycentricsAtScreen(p, vp, sx, sy);
    if (!lambda) continue;
    if (interpolate(p, *lambda).w <= 0) continue;
    // Independent: affine barycentrics of the projected triangle at (sx, sy).
    ScreenPoint s[3] = {toScreen(p[0], vp), toScreen(p[1], vp), toScreen(p[2], vp)};
    const double area = (s[1].x - s[0].x) * (s[2].y - s[0].y) - (s[2].x - s[0].x) * (s[1].y - s[0].y);
    if (std::fabs(area) < 1) continue;
    const double beta0 = ((s[1].x - sx) * (s[2].y - sy) - (s[2].x - sx) * (s[1].y - sy)) / area;
    const double beta1 = ((s[2].x - sx) * (s[0].y - sy) - (s[0].x - sx) * (s[2].y - sy)) / area;
    auto got = noPerspectiveWeights(*lambda, p);
    CHECK(got[0] == Approx(beta0).margin(1e-6));
    CHECK(got[1] == Approx(beta1).margin(1e-6));
    CHECK(got[2] == Approx(1 - beta0 - beta1).margin(1e-6));
  }
}
