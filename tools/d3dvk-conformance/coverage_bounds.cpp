// tools/d3dvk-conformance/coverage_bounds.cpp — see coverage_bounds.h.
#include "coverage_bounds.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace d3dvk::conformance {
namespace {

struct Fixed {
  int64_t x, y;  // 1/256 px
};

int64_t snap(double v) { return int64_t(std::nearbyint(v * 256.0)); }  // default rounding: to nearest, ties to even

std::array<Fixed, 3> snapped(const std::array<PixelPoint, 3>& p) {
  return {Fixed{snap(p[0].x), snap(p[0].y)}, Fixed{snap(p[1].x), snap(p[1].y)}, Fixed{snap(p[2].x), snap(p[2].y)}};
}

int64_t signedArea(const std::array<Fixed, 3>& t) {
  return (t[1].x - t[0].x) * (t[2].y - t[0].y) - (t[1].y - t[0].y) * (t[2].x - t[0].x);
}

// Whether the closed triangle (possibly degenerate) and the closed box
// [x0, x1] × [y0, y1] share a point: no separating axis among the box's two and
// the triangle's edge normals (both directions for a degenerate triangle).
// interiors: whether their interiors overlap instead (touching is not enough).
bool overlaps(const std::array<Fixed, 3>& t, int64_t x0, int64_t y0, int64_t x1, int64_t y1, bool interiors = false) {
  int64_t minX = t[0].x, maxX = t[0].x, minY = t[0].y, maxY = t[0].y;
  for (const Fixed& v : t) {
    minX = std::min(minX, v.x), maxX = std::max(maxX, v.x);
    minY = std::min(minY, v.y), maxY = std::max(maxY, v.y);
  }
  if (interiors && (maxX <= x0 || minX >= x1 || maxY <= y0 || minY >= y1)) return false;
  if (maxX < x0 || minX > x1 || maxY < y0 || minY > y1) return false;
  const int64_t area = signedArea(t);
  if (interiors && area == 0) return false;  // no interior
  const Fixed corners[4] = {{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}};
  for (int i = 0; i < 3; ++i) {
    const Fixed& a = t[i];
    const Fixed& b = t[(i + 1) % 3];
    const int64_t nx = -(b.y - a.y), ny = b.x - a.x;  // normal of edge a→b
    if (nx == 0 && ny == 0) continue;
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (const Fixed& c : corners) {
      const int64_t d = nx * (c.x - a.x) + ny * (c.y - a.y);
      lo = std::min(lo, d), hi = std::max(hi, d);
    }
    // The triangle lies where d ≥ 0 for area > 0, d ≤ 0 for area < 0, d = 0 when degenerate.
    if (area >= 0 && (hi < 0 || (interiors && hi <= 0))) return false;
    if (area <= 0 && (lo > 0 || (interiors && lo >= 0))) return false;
  }
  return true;
}

}  // namespace

std::string describe(const PixelSet& pixels) {
  std::string s = "{";
  for (const auto& [x, y] : pixels)
    s += (s.size() > 1 ? " (" : "(") + std::to_string(x) + "," + std::to_string(y) + ")";
  return s + "}";
}

PixelPoint ndcToPixels(float x, float y, int width, int height) {
  return {(double(x) + 1.0) * 0.5 * width, (1.0 - double(y)) * 0.5 * height};
}

int uncertaintyHalfSize(int tier) { return tier <= 1 ? 128 : 1; }

PixelSet uncertaintyRegionPixels(const std::array<PixelPoint, 3>& triangle, int tier, int width, int height) {
  const std::array<Fixed, 3> t = snapped(triangle);
  const int64_t h = uncertaintyHalfSize(tier);
  // The region (triangle ⊕ square of half-size h) meets pixel P iff the
  // triangle meets P grown by h.
  PixelSet out;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      if (overlaps(t, int64_t(x) * 256 - h, int64_t(y) * 256 - h, int64_t(x + 1) * 256 + h, int64_t(y + 1) * 256 + h))
        out.insert({x, y});
  return out;
}

PixelSet overlappedPixels(const std::array<PixelPoint, 3>& triangle, int width, int height) {
  const std::array<Fixed, 3> t = snapped(triangle);
  PixelSet out;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      if (overlaps(t, int64_t(x) * 256, int64_t(y) * 256, int64_t(x + 1) * 256, int64_t(y + 1) * 256, true))
        out.insert({x, y});
  return out;
}

PixelSet fullyCoveredPixels(const std::array<PixelPoint, 3>& triangle, int width, int height, int margin) {
  const std::array<Fixed, 3> t = snapped(triangle);
  const int64_t area = signedArea(t);
  PixelSet out;
  if (area == 0) return out;
  // A convex triangle holds a box iff it holds the box's four corners.
  auto inside = [&](int64_t px, int64_t py) {
    for (int i = 0; i < 3; ++i) {
      const Fixed& a = t[i];
      const Fixed& b = t[(i + 1) % 3];
      const int64_t e = (b.x - a.x) * (py - a.y) - (b.y - a.y) * (px - a.x);
      if (area > 0 ? e < 0 : e > 0) return false;
    }
    return true;
  };
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const int64_t x0 = int64_t(x) * 256 - margin, x1 = int64_t(x + 1) * 256 + margin;
      const int64_t y0 = int64_t(y) * 256 - margin, y1 = int64_t(y + 1) * 256 + margin;
      if (inside(x0, y0) && inside(x1, y0) && inside(x0, y1) && inside(x1, y1)) out.insert({x, y});
    }
  return out;
}

CoverageVerdict judgeCoverage(const PixelSet& required, const PixelSet& region, const PixelSet& lit) {
  CoverageVerdict v;
  for (const auto& p : required)
    if (!lit.count(p)) v.missing.insert(p);
  for (const auto& p : lit)
    if (!required.count(p)) (region.count(p) ? v.extra : v.outside).insert(p);
  v.pass = v.missing.empty() && v.outside.empty();
  if (v.pass) {
    v.detail = v.extra.empty() ? "exact" : "within the uncertainty region, extra: " + describe(v.extra);
    return v;
  }
  if (!v.missing.empty()) v.detail = "missing " + describe(v.missing);
  if (!v.outside.empty())
    v.detail += std::string(v.detail.empty() ? "" : ", ") + "lit outside the uncertainty region: " + describe(v.outside);
  v.detail += " (required " + describe(required) + ", lit " + describe(lit) + ")";
  return v;
}

}  // namespace d3dvk::conformance
