// tests/support/grid_triangles.h — shared by the checks of the CPU rasterizer's
// standard mode against a Vulkan device (tests/raster_vs_vulkan, tests/draw):
// random vertex coordinates on the 16.8 grid that favour pixel centres and
// edges (the tie cases), and the tolerance the Vulkan spec gives a device near
// an edge (subpixelToleranceUnits).
#pragma once

#include <d3dvk/raster/rasterizer.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>

namespace d3dvk::test {

// Distance in 1/256 px from the pixel centre to the nearest of the triangle's
// edge lines, in exact integer arithmetic on the grid coordinates.
inline double centreToEdgeUnits(const raster::ScreenTriangle& tri, int px, int py) {
  const int64_t cx = int64_t(px) * 256 + 128, cy = int64_t(py) * 256 + 128;
  double best = 1e300;
  for (int i = 0; i < 3; ++i) {
    const auto& a = tri.v[i];
    const auto& b = tri.v[(i + 1) % 3];
    const int64_t ax = int64_t(std::lround(a.x * 256)), ay = int64_t(std::lround(a.y * 256));
    const int64_t bx = int64_t(std::lround(b.x * 256)), by = int64_t(std::lround(b.y * 256));
    const int64_t e = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    const double length = std::hypot(double(bx - ax), double(by - ay));
    if (length > 0) best = std::min(best, std::fabs(double(e)) / length);
  }
  return best;
}

// Vulkan rasterizes vertex positions held with subPixelPrecisionBits
// fractional bits (VkPhysicalDeviceLimits; D3D's 16.8 is 8 bits) and does not
// pin down the edge evaluation beyond that precision, so a sample closer to
// an edge line than one subpixel, 2^-bits px, may fall either way on a
// conformant device (snapping alone moves an edge by up to 2^-(bits+1)·√2 px).
// That distance in the 1/256 px units of centreToEdgeUnits: 1 at 8 bits.
inline double subpixelToleranceUnits(uint32_t subPixelPrecisionBits) {
  return 256.0 / double(uint64_t(1) << std::min<uint32_t>(subPixelPrecisionBits, 30));
}

// A coordinate on the 1/256 px grid of a size×size target (with a margin of a few
// pixels outside it): a pixel centre, a pixel edge, or any grid point.
inline float gridCoordinate(std::mt19937& rng, int size) {
  std::uniform_int_distribution<int> fixedCoord(-8 * 256, (size + 8) * 256);
  std::uniform_int_distribution<int> pixel(-4, size + 4), kind(0, 5);
  switch (kind(rng)) {
    case 0: return pixel(rng) + 0.5f;  // a pixel centre
    case 1: return float(pixel(rng));  // a pixel edge
    default: return fixedCoord(rng) / 256.0f;
  }
}

}  // namespace d3dvk::test
