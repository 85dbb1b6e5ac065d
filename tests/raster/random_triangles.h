// tests/raster/random_triangles.h — the random screen-space triangles the
// rasterizer tests draw from, by category (tiny, medium, sliver, near pixel
// edges, axis-aligned, post-snap degenerate, huge, near the coordinate limit,
// exactly on the 1/256 grid), each with a clip rectangle around it (a window
// for huge ones, sometimes a partial or empty one). Shared by tests/raster
// (translate/raster against its exact reference) and tests/fallback_gpu (the
// GPU fallback's coverage against translate/raster).
#pragma once

#include "d3dvk/raster/rasterizer.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>

namespace d3dvk::raster_test {

using raster::ClipRect;
using raster::ScreenTriangle;
using raster::ScreenVertex;

// A float that is a multiple of 2^-20 px near v (see reference_coverage.h).
inline float q20(double v) {
  v = std::clamp(v, -32768.0, 32768.0);
  const double n = std::nearbyint(v * 1048576.0);
  return static_cast<float>(n / 1048576.0);
}

enum Category { Tiny, Medium, Sliver, NearEdges, AxisAligned, Degenerate, Huge, NearLimit, OnGrid,
                OnGridAxis, kCategories };
inline const char* kCategoryName[] = {"tiny", "medium", "sliver", "near-edges", "axis-aligned",
                               "degenerate", "huge", "near-limit", "on-grid", "on-grid-axis"};

struct Case {
  ScreenTriangle tri;
  ClipRect clip;
  Category cat;
};

class Generator {
 public:
  explicit Generator(std::uint64_t seed) : rng_(seed) {}

  double uni(double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng_); }
  int irand(int a, int b) { return std::uniform_int_distribution<int>(a, b)(rng_); }
  bool chance(double p) { return uni(0, 1) < p; }

  Case next() {
    Case c;
    c.cat = static_cast<Category>(irand(0, kCategories - 1));
    // Mostly small coordinates, sometimes anywhere in the range.
    const double cx = chance(0.7) ? uni(-4, 120) : uni(-100, 32700);
    const double cy = chance(0.7) ? uni(-4, 120) : uni(-100, 32700);
    double v[6] = {};
    switch (c.cat) {
      case Tiny:
        for (int i = 0; i < 3; ++i) v[2 * i] = cx + uni(-1.5, 1.5), v[2 * i + 1] = cy + uni(-1.5, 1.5);
        break;
      case Medium:
        for (int i = 0; i < 3; ++i) v[2 * i] = cx + uni(-6, 6), v[2 * i + 1] = cy + uni(-6, 6);
        break;
      case Sliver: {
        const double ax = cx + uni(-8, 8), ay = cy + uni(-8, 8), bx = cx + uni(-8, 8), by = cy + uni(-8, 8);
        const double t = uni(-0.2, 1.2), len = std::hypot(bx - ax, by - ay) + 1e-9;
        const double off = uni(-0.03, 0.03);
        v[0] = ax, v[1] = ay, v[2] = bx, v[3] = by;
        v[4] = ax + t * (bx - ax) - off * (by - ay) / len;
        v[5] = ay + t * (by - ay) + off * (bx - ax) / len;
        break;
      }
      case NearEdges:
        for (int i = 0; i < 6; ++i) {
          const double base = std::floor((i % 2 ? cy : cx)) + irand(-5, 5);
          v[i] = base + irand(-3, 3) / 512.0 + (chance(0.3) ? irand(-2, 2) / 1048576.0 : 0.0);
        }
        break;
      case AxisAligned: {
        const double step = chance(0.5) ? 1.0 / 256 : 0.25;
        const double x0 = std::round(cx / step) * step, y0 = std::round(cy / step) * step;
        const double w = irand(-40, 40) * step * (step < 0.1 ? 8 : 1), h = irand(-40, 40) * step * (step < 0.1 ? 8 : 1);
        v[0] = x0, v[1] = y0, v[2] = x0 + w, v[3] = y0, v[4] = x0, v[5] = y0 + h;
        if (chance(0.5)) std::swap(v[2], v[4]), std::swap(v[3], v[5]);
        break;
      }
      case Degenerate: {
        // Collinear after snapping: points on one snapped line plus sub-1/1024 jitter,
        // or all in one snap cell, or duplicated vertices.
        const double x0 = std::round(cx * 256) / 256, y0 = std::round(cy * 256) / 256;
        const int kind = irand(0, 2);
        if (kind == 0) {
          const int dx = irand(-40, 40), dy = irand(-40, 40);
          const int k1 = irand(-6, 6), k2 = irand(-6, 6);
          v[0] = x0, v[1] = y0;
          v[2] = x0 + k1 * dx / 256.0, v[3] = y0 + k1 * dy / 256.0;
          v[4] = x0 + k2 * dx / 256.0, v[5] = y0 + k2 * dy / 256.0;
        } else if (kind == 1) {
          for (int i = 0; i < 3; ++i) v[2 * i] = x0, v[2 * i + 1] = y0;
        } else {
          v[0] = x0, v[1] = y0, v[2] = x0 + uni(-5, 5), v[3] = y0 + uni(-5, 5);
          v[4] = v[2], v[5] = v[3];
        }
        for (double& d : v) d += uni(-1.0 / 1100, 1.0 / 1100);
        break;
      }
      case Huge:
        for (double& d : v) d = uni(-32768, 32768);
        break;
      case NearLimit:
        for (int i = 0; i < 3; ++i) v[2 * i] = 32768 - uni(0, 10), v[2 * i + 1] = 32768 - uni(0, 10);
        break;
      case OnGrid: {
        // Every coordinate exactly on the 1/256 grid (snapping moves nothing): mostly
        // pixel boundaries (so edges lie along them and vertices sit on corners),
        // half pixels, a few steps off a boundary, or anywhere on the grid; sometimes
        // collinear on the grid (an exact degenerate), sometimes large.
        const double x0 = std::floor(cx), y0 = std::floor(cy);
        const double scale = chance(0.15) ? irand(2, 60) : 1;
        for (int i = 0; i < 6; ++i) {
          double d = irand(-3, 3);
          const int kind = irand(0, 9);
          if (kind == 6) d += 0.5;
          else if (kind == 7) d += irand(-3, 3) / 256.0;
          else if (kind >= 8) d += irand(0, 255) / 256.0;
          v[i] = (i % 2 ? y0 : x0) + d * scale;
        }
        if (chance(0.05)) {  // collinear: the third vertex on the line of the first two
          const int k = irand(-2, 3);
          v[4] = v[0] + k * (v[2] - v[0]), v[5] = v[1] + k * (v[3] - v[1]);
        }
        break;
      }
      case OnGridAxis: {
        // Right triangles with legs along pixel boundaries or 1/256 off them, any
        // orientation: every pixel along a leg only touches it.
        const double x0 = std::floor(cx) + (chance(0.3) ? irand(-2, 2) / 256.0 : 0.0);
        const double y0 = std::floor(cy) + (chance(0.3) ? irand(-2, 2) / 256.0 : 0.0);
        double w = irand(1, 6) * (chance(0.5) ? 1 : -1), h = irand(1, 6) * (chance(0.5) ? 1 : -1);
        if (chance(0.3)) w += irand(-255, 255) / 256.0;
        if (chance(0.3)) h += irand(-255, 255) / 256.0;
        v[0] = x0, v[1] = y0, v[2] = x0 + w, v[3] = y0, v[4] = x0, v[5] = y0 + h;
        if (chance(0.5)) std::swap(v[2], v[4]), std::swap(v[3], v[5]);
        if (chance(0.3)) std::swap(v[0], v[2]), std::swap(v[1], v[3]);
        break;
      }
      default:
        break;
    }
    for (int i = 0; i < 3; ++i) c.tri.v[i] = ScreenVertex{q20(v[2 * i]), q20(v[2 * i + 1])};
    c.clip = makeClip(c);
    return c;
  }

 private:
  ClipRect makeClip(const Case& c) {
    double mnx = 1e9, mny = 1e9, mxx = -1e9, mxy = -1e9;
    for (const auto& p : c.tri.v) {
      mnx = std::min<double>(mnx, p.x), mxx = std::max<double>(mxx, p.x);
      mny = std::min<double>(mny, p.y), mxy = std::max<double>(mxy, p.y);
    }
    int l, t, r, b;
    if (c.cat == Huge) {
      // A 24x24 window around a random point of the triangle (or of an edge).
      const double u = uni(0, 1), w = chance(0.5) ? 0.0 : uni(0, 1 - u);
      const auto& a = c.tri.v[0];
      const auto& p1 = c.tri.v[1];
      const auto& p2 = c.tri.v[2];
      const double px = a.x + u * (p1.x - a.x) + w * (p2.x - a.x);
      const double py = a.y + u * (p1.y - a.y) + w * (p2.y - a.y);
      l = static_cast<int>(std::clamp(std::floor(px) - 12, 0.0, 32744.0));
      t = static_cast<int>(std::clamp(std::floor(py) - 12, 0.0, 32744.0));
      r = l + 24, b = t + 24;
    } else {
      l = static_cast<int>(std::floor(mnx)) - 2, t = static_cast<int>(std::floor(mny)) - 2;
      r = static_cast<int>(std::ceil(mxx)) + 3, b = static_cast<int>(std::ceil(mxy)) + 3;
      if (chance(0.3)) {  // a partial clip through the triangle
        const int w = std::max(1, r - l), h = std::max(1, b - t);
        l += irand(0, w / 2), t += irand(0, h / 2);
        r -= irand(0, w / 2), b -= irand(0, h / 2);
      }
    }
    if (chance(0.05)) std::swap(l, r);  // an empty clip rectangle
    return ClipRect{l, t, r, b};
  }

  std::mt19937_64 rng_;
};

}  // namespace d3dvk::raster_test
