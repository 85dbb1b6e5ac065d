// tools/d3dvk-voxelize/voxel_math.cpp — see voxel_math.h.
#include "voxel_math.h"

#include <algorithm>
#include <cmath>

namespace d3dvk::voxelize {
namespace {

Vec3 sub(const Vec3& a, const Vec3& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
Vec3 cross(const Vec3& a, const Vec3& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
double dot(const Vec3& a, const Vec3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
Vec3 vertex(const Triangle& t, int i) { return {t.v[i][0], t.v[i][1], t.v[i][2]}; }

// The triangle's interval on `axis` against the box's [-r, r] (vertices are
// relative to the box centre). Separated when the intervals do not meet
// (closed) or meet only at an end (open).
bool separated(const std::array<Vec3, 3>& v, const Vec3& axis, const Vec3& half, bool open) {
  if (axis[0] == 0 && axis[1] == 0 && axis[2] == 0) return false;  // no axis (parallel edges)
  const double p0 = dot(v[0], axis), p1 = dot(v[1], axis), p2 = dot(v[2], axis);
  const double lo = std::min({p0, p1, p2}), hi = std::max({p0, p1, p2});
  const double r = half[0] * std::abs(axis[0]) + half[1] * std::abs(axis[1]) + half[2] * std::abs(axis[2]);
  return open ? (lo >= r || hi <= -r) : (lo > r || hi < -r);
}

// The voxel index range [first, last] a coordinate interval [lo, hi] meets, clamped to the grid.
void voxelRange(double lo, double hi, uint32_t n, int& first, int& last) {
  first = std::max(0, int(std::floor(lo)));
  last = std::min(int(n) - 1, int(std::floor(hi)));
}

}  // namespace

int dominantAxis(const Vec3& n) {
  const double ax = std::abs(n[0]), ay = std::abs(n[1]), az = std::abs(n[2]);
  if (ax >= ay && ax >= az) return 0;
  return ay >= az ? 1 : 2;
}

Vec3 project(int axis, const Vec3& p) {
  switch (axis) {
    case 0: return {p[1], p[2], p[0]};
    case 1: return {p[2], p[0], p[1]};
    default: return p;
  }
}

Vec3 unproject(int axis, const Vec3& q) {
  switch (axis) {
    case 0: return {q[2], q[0], q[1]};
    case 1: return {q[1], q[2], q[0]};
    default: return q;
  }
}

Vec3 normalOf(const Triangle& t) {
  const Vec3 v0 = vertex(t, 0);
  return cross(sub(vertex(t, 1), v0), sub(vertex(t, 2), v0));
}

bool triangleOverlapsBox(const Triangle& t, const Box& box, bool open) {
  const Vec3 centre{(box.lo[0] + box.hi[0]) / 2, (box.lo[1] + box.hi[1]) / 2, (box.lo[2] + box.hi[2]) / 2};
  const Vec3 half{(box.hi[0] - box.lo[0]) / 2, (box.hi[1] - box.lo[1]) / 2, (box.hi[2] - box.lo[2]) / 2};
  const std::array<Vec3, 3> v{sub(vertex(t, 0), centre), sub(vertex(t, 1), centre), sub(vertex(t, 2), centre)};
  const std::array<Vec3, 3> edges{sub(v[1], v[0]), sub(v[2], v[1]), sub(v[0], v[2])};
  const std::array<Vec3, 3> boxAxes{Vec3{1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, 0, 1}};
  for (const Vec3& a : boxAxes)
    if (separated(v, a, half, open)) return false;
  if (separated(v, cross(edges[0], edges[1]), half, open)) return false;
  for (const Vec3& a : boxAxes)
    for (const Vec3& e : edges)
      if (separated(v, cross(a, e), half, open)) return false;
  return true;
}

size_t Grid::count() const {
  return size_t(std::count_if(cells.begin(), cells.end(), [](uint8_t c) { return c != 0; }));
}

Grid exactVoxelize(const std::vector<Triangle>& triangles, uint32_t n) {
  Grid g(n);
  for (const Triangle& t : triangles) {
    int first[3], last[3];
    for (int k = 0; k < 3; ++k)
      voxelRange(std::min({t.v[0][k], t.v[1][k], t.v[2][k]}), std::max({t.v[0][k], t.v[1][k], t.v[2][k]}), n,
                 first[k], last[k]);
    for (int z = first[2]; z <= last[2]; ++z)
      for (int y = first[1]; y <= last[1]; ++y)
        for (int x = first[0]; x <= last[0]; ++x) {
          uint8_t& cell = g.at(uint32_t(x), uint32_t(y), uint32_t(z));
          if (!cell && triangleOverlapsBox(t, {{double(x), double(y), double(z)}, {x + 1.0, y + 1.0, z + 1.0}}, true))
            cell = 1;
        }
  }
  return g;
}

double depthAllowance(const Triangle& t, int axis, double uncertainty) {
  const Vec3 n = project(axis, normalOf(t));
  const double a = std::abs(n[0] / n[2]), b = std::abs(n[1] / n[2]);
  return (a + b) * (1 + 2 * uncertainty) + 2.0 / 256;
}

size_t countMissing(const Grid& exact, const Grid& gpu) {
  size_t missing = 0;
  for (size_t i = 0; i < exact.cells.size(); ++i) missing += exact.cells[i] && !gpu.cells[i];
  return missing;
}

CheckResult checkOccupancy(const std::vector<Triangle>& triangles, const Grid& exact, const Grid& gpu,
                           double uncertainty) {
  CheckResult r;
  const uint32_t n = exact.n;
  r.exact = exact.count();
  r.gpu = gpu.count();
  // 0 not an extra, 1 an extra not yet explained, 2 an explained extra.
  std::vector<uint8_t> extra(exact.cells.size(), 0);
  for (uint32_t z = 0; z < n; ++z)
    for (uint32_t y = 0; y < n; ++y)
      for (uint32_t x = 0; x < n; ++x) {
        const size_t i = exact.index(x, y, z);
        if (exact.cells[i] && !gpu.cells[i]) {
          ++r.missing;
          if (r.firstMissing.size() < 8) r.firstMissing.push_back({x, y, z});
        } else if (!exact.cells[i] && gpu.cells[i]) {
          ++r.extra;
          extra[i] = 1;
        }
      }
  if (r.extra) {
    for (const Triangle& t : triangles) {
      const Vec3 normal = normalOf(t);
      const double largest = std::max({std::abs(normal[0]), std::abs(normal[1]), std::abs(normal[2])});
      for (int axis = 0; axis < 3; ++axis) {
        if (std::abs(normal[axis]) < largest * (1 - 1e-4)) continue;
        const Vec3 grow = unproject(axis, {uncertainty, uncertainty, depthAllowance(t, axis, uncertainty)});
        int first[3], last[3];
        for (int k = 0; k < 3; ++k)
          voxelRange(std::min({t.v[0][k], t.v[1][k], t.v[2][k]}) - grow[k] - 1,
                     std::max({t.v[0][k], t.v[1][k], t.v[2][k]}) + grow[k], n, first[k], last[k]);
        for (int z = first[2]; z <= last[2]; ++z)
          for (int y = first[1]; y <= last[1]; ++y)
            for (int x = first[0]; x <= last[0]; ++x) {
              uint8_t& e = extra[exact.index(uint32_t(x), uint32_t(y), uint32_t(z))];
              if (e != 1) continue;
              const Box grown{{x - grow[0], y - grow[1], z - grow[2]}, {x + 1 + grow[0], y + 1 + grow[1], z + 1 + grow[2]}};
              if (triangleOverlapsBox(t, grown, false)) e = 2;
            }
      }
    }
    for (uint32_t z = 0; z < n; ++z)
      for (uint32_t y = 0; y < n; ++y)
        for (uint32_t x = 0; x < n; ++x)
          if (extra[exact.index(x, y, z)] == 1) {
            ++r.unexplained;
            if (r.firstUnexplained.size() < 8) r.firstUnexplained.push_back({x, y, z});
          }
  }
  return r;
}

Picture projections(const Grid& grid) {
  const uint32_t n = grid.n;
  Picture p;
  p.width = 3 * n + 2;
  p.height = n;
  p.rgba.assign(size_t(p.width) * p.height * 4, 0);
  for (size_t i = 0; i < p.rgba.size(); i += 4) {
    p.rgba[i] = p.rgba[i + 1] = p.rgba[i + 2] = 24;
    p.rgba[i + 3] = 255;
  }
  static const double kTint[3][3] = {{1.0, 0.55, 0.45}, {0.5, 1.0, 0.5}, {0.5, 0.65, 1.0}};
  for (int axis = 0; axis < 3; ++axis) {
    const uint32_t left = uint32_t(axis) * (n + 1);
    for (uint32_t v = 0; v < n; ++v)
      for (uint32_t u = 0; u < n; ++u)
        for (int w = int(n) - 1; w >= 0; --w) {
          const Vec3 c = unproject(axis, {double(u), double(v), double(w)});
          if (!grid.at(uint32_t(c[0]), uint32_t(c[1]), uint32_t(c[2]))) continue;
          const double shade = 60 + 195.0 * (w + 1) / n;
          uint8_t* px = &p.rgba[(size_t(n - 1 - v) * p.width + left + u) * 4];
          for (int k = 0; k < 3; ++k) px[k] = uint8_t(std::lround(shade * kTint[axis][k]));
          break;
        }
  }
  return p;
}

}  // namespace d3dvk::voxelize
