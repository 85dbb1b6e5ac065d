// tools/d3dvk-voxelize/voxel_math.h — the voxelizer's pure geometry, in double
// arithmetic and independent of d3dvk's rasterizer: the dominant axis of a
// triangle and the projection onto it (what the geometry and pixel shaders do,
// mirrored for the checks), the triangle/box overlap test (separating axis
// theorem), the exact CPU voxelizer, the check of a GPU occupancy against it
// and the picture of three orthogonal projections.
#pragma once

#include "mesh.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace d3dvk::voxelize {

using Vec3 = std::array<double, 3>;

// The axis (0 x, 1 y, 2 z) of the largest |component| of the normal; ties go
// to the lower axis (as the geometry shader's comparisons do).
int dominantAxis(const Vec3& normal);
// Grid coordinates (x, y, z) → (u, v, w): the two projected axes and depth.
// Axis 0: (y, z, x); axis 1: (z, x, y); axis 2: (x, y, z).
Vec3 project(int axis, const Vec3& p);
// The inverse of project (the pixel shader's un-swizzle).
Vec3 unproject(int axis, const Vec3& uvw);
Vec3 normalOf(const Triangle& t);

// An axis-aligned box [lo, hi].
struct Box {
  Vec3 lo, hi;
};
// Whether the triangle meets the box: with `open` the box's interior (touching
// its boundary only does not count), else the closed box. Separating axis
// theorem over the 13 axes (3 box normals, the triangle's normal, 9 edge
// crosses), in double arithmetic.
bool triangleOverlapsBox(const Triangle& t, const Box& box, bool open);

// An N³ occupancy, x fastest: index = x + N (y + N z).
struct Grid {
  uint32_t n = 0;
  std::vector<uint8_t> cells;
  explicit Grid(uint32_t size = 0) : n(size), cells(size_t(size) * size * size, 0) {}
  size_t index(uint32_t x, uint32_t y, uint32_t z) const { return x + size_t(n) * (y + size_t(n) * z); }
  uint8_t& at(uint32_t x, uint32_t y, uint32_t z) { return cells[index(x, y, z)]; }
  uint8_t at(uint32_t x, uint32_t y, uint32_t z) const { return cells[index(x, y, z)]; }
  size_t count() const;
};

// Every voxel whose interior the triangles meet (the exact set).
Grid exactVoxelize(const std::vector<Triangle>& triangles, uint32_t n);

// The growth the pixel-shader method is allowed beyond a triangle, in voxels:
// the spec's uncertainty region in the two projected axes (1/256 px at Tiers
// 2–3, 1/2 px at Tier 1), and in depth (|∂w/∂u| + |∂w/∂v|)(1 + 2·uncertainty)
// + 2/256 — the depth range the shader marks is the triangle's plane over the
// whole pixel (clamped to the triangle's own depth range) widened by 1/256, so
// a marked voxel is at most the plane's change across the (grown) pixel plus
// that margin (and 1/256 for float rounding) from a point of the triangle; the
// dominant axis keeps each slope ≤ 1, so this is ≤ 2.03 at Tiers 2–3.
constexpr double kPixelUncertainty = 1.0 / 256;      // Tiers 2 and 3
constexpr double kPixelUncertaintyTier1 = 1.0 / 2;   // Tier 1
double depthAllowance(const Triangle& t, int axis, double uncertainty = kPixelUncertainty);

struct CheckResult {
  size_t exact = 0, gpu = 0;
  size_t missing = 0;       // exact voxels the GPU did not mark (must be 0)
  size_t extra = 0;         // GPU voxels outside the exact set
  size_t unexplained = 0;   // extras no triangle's allowance reaches (must be 0)
  std::vector<std::array<uint32_t, 3>> firstMissing, firstUnexplained;  // up to 8 each, for the report
  bool ok() const { return missing == 0 && unexplained == 0; }
};
// Compares a GPU occupancy with the exact set: a superset, and every extra
// voxel's box grown by the allowance (for a dominant axis within 1e-4 of the
// largest normal component, float ties) meets a triangle.
CheckResult checkOccupancy(const std::vector<Triangle>& triangles, const Grid& exact, const Grid& gpu,
                           double uncertainty = kPixelUncertainty);

// Exact voxels missing from `gpu`.
size_t countMissing(const Grid& exact, const Grid& gpu);

// The picture: three N×N views side by side (1-voxel gaps), looking down −x, −y
// and −z (x view: u = y right, v = z up; y view: z right, x up; z view: x right,
// y up), each pixel shaded by the depth of the first occupied voxel (near is
// bright), background dark. RGBA8, row-major, top row first.
struct Picture {
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> rgba;
};
Picture projections(const Grid& grid);

}  // namespace d3dvk::voxelize
