// tests/tools: d3dvk-voxelize's pure parts (tools/d3dvk-voxelize/mesh.h,
// voxel_math.h), no device: the OBJ reader (fans, negative indices, v/vt/vn
// forms, each malformed input with its line and reason), the procedural mesh's
// determinism, the dominant axis and the projections the shaders mirror, the
// triangle/box test on hand-checked cases and against an independent clipping
// test on random triangles, the exact voxelizer on hand-counted sets, the
// occupancy check's verdicts and the projections picture.
#include "mesh.h"
#include "voxel_math.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <random>

using namespace d3dvk::voxelize;

namespace {

Triangle tri(Vec3 a, Vec3 b, Vec3 c) {
  Triangle t;
  for (int k = 0; k < 3; ++k) {
    t.v[0][k] = float(a[k]);
    t.v[1][k] = float(b[k]);
    t.v[2][k] = float(c[k]);
  }
  return t;
}

const Box kUnit{{0, 0, 0}, {1, 1, 1}};

// Independent reference: the triangle clipped by the box's six closed
// half-spaces (Sutherland–Hodgman in double) leaves a non-empty polygon.
bool clipsToSomething(const Triangle& t, const Box& b) {
  std::vector<Vec3> poly;
  for (int i = 0; i < 3; ++i) poly.push_back({t.v[i][0], t.v[i][1], t.v[i][2]});
  for (int axis = 0; axis < 3; ++axis)
    for (int side = 0; side < 2; ++side) {
      const double bound = side ? b.hi[axis] : b.lo[axis];
      auto inside = [&](const Vec3& p) { return side ? p[axis] <= bound : p[axis] >= bound; };
      std::vector<Vec3> out;
      for (size_t i = 0; i < poly.size(); ++i) {
        const Vec3& p = poly[i];
        const Vec3& q = poly[(i + 1) % poly.size()];
        if (inside(p)) out.push_back(p);
        if (inside(p) != inside(q)) {
          const double s = (bound - p[axis]) / (q[axis] - p[axis]);
          out.push_back({p[0] + s * (q[0] - p[0]), p[1] + s * (q[1] - p[1]), p[2] + s * (q[2] - p[2])});
        }
      }
      poly = out;
      if (poly.empty()) return false;
    }
  return true;
}

}  // namespace

TEST_CASE("the OBJ reader: v and f lines, polygons fanned, negative indices, v/vt/vn forms",
          "[tools][voxelize][obj]") {
  Mesh m;
  const std::string text =
      "# comment\r\n"
      "o thing\n"
      "v 0 0 0\n"
      "v 1 0 0\n"
      "v 1 1 0 1.0\n"  // an optional w
      "v 0 1 0\n"
      "vt 0.5 0.5\n"
      "vn 0 0 1\n"
      "s off\n"
      "f 1 2 3 4\n"         // a quad: two triangles
      "f 1/1 2/1/1 3//1\n"  // the index forms
      "f -4 -3 -1\r\n";     // negative: relative to the vertices so far
  REQUIRE(parseObj(text, m) == "");
  REQUIRE(m.positions.size() == 4);
  CHECK(m.positions[2] == std::array<double, 3>{1, 1, 0});
  using T = std::array<uint32_t, 3>;
  REQUIRE(m.triangles.size() == 4);
  CHECK(m.triangles[0] == T{0, 1, 2});
  CHECK(m.triangles[1] == T{0, 2, 3});
  CHECK(m.triangles[2] == T{0, 1, 2});
  CHECK(m.triangles[3] == T{0, 1, 3});
}

TEST_CASE("the OBJ reader names the line and the reason of each malformed input, and keeps the mesh",
          "[tools][voxelize][obj][errors]") {
  const std::pair<const char*, const char*> cases[] = {
      {"v 0 0\nf 1 1 1\n", "line 1: a vertex needs three coordinates"},
      {"v 0 x 0\n", "line 1: vertex coordinate 'x' is not a finite number"},
      {"v 0 0 nan\n", "line 1: vertex coordinate 'nan' is not a finite number"},
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 4\n", "line 4: face vertex index 4 is out of range (3 vertices so far)"},
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 -4\n", "line 4: face vertex index -4 is out of range (3 vertices so far)"},
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 0 1 2\n", "line 4: face vertex index 0 (OBJ indices start at 1)"},
      {"v 0 0 0\nv 1 0 0\nf 1 2\n", "line 3: a face needs at least three vertices, this one has 2"},
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 a\n", "line 4: face vertex 'a' is not an integer index"},
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3/x\n", "line 4: face vertex '3/x' has a non-integer texture/normal index"},
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf /1 2 3\n", "line 4: face vertex '/1' has no position index"},
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\n", "no faces (f lines) in the file"},
      {"", "no faces (f lines) in the file"},
  };
  for (const auto& [text, error] : cases) {
    Mesh m;
    m.positions.push_back({7, 7, 7});
    INFO(text);
    CHECK(parseObj(text, m) == error);
    CHECK(m.positions.size() == 1);  // untouched on error
  }
  Mesh m;
  const std::string missing = loadObj("/nonexistent/d3dvk/mesh.obj", m);
  CHECK(missing == "/nonexistent/d3dvk/mesh.obj: No such file or directory");
}

TEST_CASE("the procedural mesh is the same for a seed, another for another seed, with thin and sub-voxel triangles",
          "[tools][voxelize][mesh]") {
  const Mesh a = proceduralMesh(7), b = proceduralMesh(7), c = proceduralMesh(8);
  CHECK(a.positions == b.positions);
  CHECK(a.triangles == b.triangles);
  CHECK(a.positions != c.positions);
  size_t degenerate = 1;
  const std::vector<Triangle> fitted = fitToGrid(a, 64, 0.5, &degenerate);
  CHECK(degenerate == 0);
  CHECK(fitted.size() == a.triangles.size());
  size_t subVoxel = 0, thin = 0;
  for (const Triangle& t : fitted) {
    double extent = 0, longest = 0;
    for (int k = 0; k < 3; ++k) {
      const double lo = std::min({t.v[0][k], t.v[1][k], t.v[2][k]}), hi = std::max({t.v[0][k], t.v[1][k], t.v[2][k]});
      extent = std::max(extent, hi - lo);
      CHECK(lo >= 0.5);
      CHECK(hi <= 63.5);
    }
    const Vec3 n = normalOf(t);
    const double area2 = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    for (int i = 0; i < 3; ++i) {
      double l = 0;
      for (int k = 0; k < 3; ++k) l += std::pow(double(t.v[(i + 1) % 3][k]) - t.v[i][k], 2);
      longest = std::max(longest, std::sqrt(l));
    }
    subVoxel += extent < 1.0;
    thin += longest > 10 && area2 / longest < 0.5;  // height under half a voxel
  }
  CHECK(subVoxel >= 100);
  CHECK(thin >= 10);
}

TEST_CASE("fitToGrid scales uniformly into [margin, N - margin] and drops zero-area triangles",
          "[tools][voxelize][mesh]") {
  Mesh m;
  m.positions = {{-1, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 0, 0}};
  m.triangles = {{0, 1, 2}, {0, 3, 1}};  // the second is a line
  size_t degenerate = 0;
  const std::vector<Triangle> t = fitToGrid(m, 10, 1.0, &degenerate);
  CHECK(degenerate == 1);
  REQUIRE(t.size() == 1);
  // x spans 2 units → 8 voxels (scale 4), centred; y spans 1 → 4 voxels, centred in [1, 9]; z flat, centred.
  CHECK(t[0].v[0] == std::array<float, 3>{1, 3, 5});
  CHECK(t[0].v[1] == std::array<float, 3>{9, 3, 5});
  CHECK(t[0].v[2] == std::array<float, 3>{9, 7, 5});
}

TEST_CASE("the dominant axis and the projections the geometry and pixel shaders use", "[tools][voxelize][projection]") {
  CHECK(dominantAxis({-3, 1, 2}) == 0);
  CHECK(dominantAxis({0.5, -2, 1}) == 1);
  CHECK(dominantAxis({0, 0, -1}) == 2);
  CHECK(dominantAxis({1, -1, 0}) == 0);  // ties go to the lower axis
  CHECK(dominantAxis({0, 1, -1}) == 1);
  CHECK(dominantAxis({1, 1, 1}) == 0);
  CHECK(project(0, {1, 2, 3}) == Vec3{2, 3, 1});
  CHECK(project(1, {1, 2, 3}) == Vec3{3, 1, 2});
  CHECK(project(2, {1, 2, 3}) == Vec3{1, 2, 3});
  for (int axis = 0; axis < 3; ++axis) {
    CHECK(unproject(axis, project(axis, {1, 2, 3})) == Vec3{1, 2, 3});
    // The depth (w) is the dominant axis's coordinate.
    CHECK(project(axis, {1, 2, 3})[2] == double(axis + 1));
  }
  // A triangle facing +x projects onto (y, z) with the normal along w.
  const Triangle facingX = tri({1, 0, 0}, {1, 1, 0}, {1, 0, 1});
  CHECK(dominantAxis(normalOf(facingX)) == 0);
  CHECK(project(0, normalOf(facingX)) == Vec3{0, 0, 1});
}

TEST_CASE("triangle/box overlap on hand-checked cases, open and closed", "[tools][voxelize][sat]") {
  // Crossing the box's middle, larger than the box.
  CHECK(triangleOverlapsBox(tri({-1, -1, 0.5}, {3, -1, 0.5}, {-1, 3, 0.5}), kUnit, true));
  // Inside it.
  CHECK(triangleOverlapsBox(tri({0.2, 0.2, 0.2}, {0.3, 0.2, 0.2}, {0.2, 0.3, 0.25}), kUnit, true));
  // In the plane of its top face: touches the closed box only.
  const Triangle onFace = tri({-1, -1, 1}, {3, -1, 1}, {-1, 3, 1});
  CHECK(triangleOverlapsBox(onFace, kUnit, false));
  CHECK_FALSE(triangleOverlapsBox(onFace, kUnit, true));
  // x + y + z = 3 touches only the corner (1, 1, 1); x + y + z = 2.9 cuts it.
  const Triangle corner = tri({3, 0, 0}, {0, 3, 0}, {0, 0, 3});
  CHECK(triangleOverlapsBox(corner, kUnit, false));
  CHECK_FALSE(triangleOverlapsBox(corner, kUnit, true));
  CHECK(triangleOverlapsBox(tri({2.9, 0, 0}, {0, 2.9, 0}, {0, 0, 2.9}), kUnit, true));
  // x + y + z = 3.01: the bounding boxes overlap, the plane (normal axis) separates.
  CHECK_FALSE(triangleOverlapsBox(tri({3.01, 0, 0}, {0, 3.01, 0}, {0, 0, 3.01}), kUnit, false));
  // A sliver along x + y = 2.1 beside the box's (1, 1) edge: bounding boxes overlap,
  // only a non-box axis separates.
  CHECK_FALSE(triangleOverlapsBox(tri({0.6, 1.5, 0.5}, {1.5, 0.6, 0.5}, {1.5, 0.6, 0.6}), kUnit, false));
  // The same sliver on x + y = 1.9 cuts through it.
  CHECK(triangleOverlapsBox(tri({0.4, 1.5, 0.5}, {1.5, 0.4, 0.5}, {1.5, 0.4, 0.6}), kUnit, true));
  // Far away.
  CHECK_FALSE(triangleOverlapsBox(tri({5, 5, 5}, {6, 5, 5}, {5, 6, 5}), kUnit, false));
  // A box grown by 1/256 reaches a triangle 1/512 above it.
  const Triangle above = tri({0, 0, 1.0 + 1.0 / 512}, {1, 0, 1.0 + 1.0 / 512}, {0, 1, 1.0 + 1.0 / 512});
  CHECK_FALSE(triangleOverlapsBox(above, kUnit, false));
  CHECK(triangleOverlapsBox(above, {{0, 0, 0}, {1, 1, 1 + kPixelUncertainty}}, false));
}

TEST_CASE("triangle/box overlap agrees with clipping the triangle by the box on random triangles",
          "[tools][voxelize][sat]") {
  std::mt19937 rng(42);
  auto coordinate = [&] { return -1.0 + 3.0 * double(rng()) / 4294967296.0; };
  size_t overlapping = 0;
  for (int i = 0; i < 20000; ++i) {
    const Triangle t = tri({coordinate(), coordinate(), coordinate()}, {coordinate(), coordinate(), coordinate()},
                           {coordinate(), coordinate(), coordinate()});
    const bool sat = triangleOverlapsBox(t, kUnit, false), clipped = clipsToSomething(t, kUnit);
    if (sat != clipped) FAIL_CHECK("triangle " << i << ": SAT " << sat << ", clipping " << clipped);
    overlapping += sat;
  }
  CHECK(overlapping > 2000);  // both verdicts well represented
  CHECK(overlapping < 18000);
}

TEST_CASE("the exact voxelizer on hand-counted sets", "[tools][voxelize][exact]") {
  // z = 1.5, the right triangle x + y <= 4 on a 4³ grid: the voxels (i, j, 1) with i + j < 4.
  Grid g = exactVoxelize({tri({0, 0, 1.5}, {4, 0, 1.5}, {0, 4, 1.5})}, 4);
  CHECK(g.count() == 10);
  for (uint32_t j = 0; j < 4; ++j)
    for (uint32_t i = 0; i < 4; ++i) CHECK(bool(g.at(i, j, 1)) == (i + j < 4));
  // Sub-voxel: one voxel.
  g = exactVoxelize({tri({2.2, 1.2, 3.2}, {2.4, 1.3, 3.3}, {2.3, 1.5, 3.1})}, 4);
  CHECK(g.count() == 1);
  CHECK(g.at(2, 1, 3));
  // On the plane between voxel layers 1 and 2: it meets no voxel's interior.
  CHECK(exactVoxelize({tri({0, 0, 2}, {4, 0, 2}, {0, 4, 2})}, 4).count() == 0);
  // The diagonal plane x = y through a 4³ grid: (i, i, k) and the voxels it cuts, not the ones it touches at edges.
  g = exactVoxelize({tri({0, 0, 0}, {4, 4, 0}, {0, 0, 4}), tri({4, 4, 0}, {4, 4, 4}, {0, 0, 4})}, 4);
  CHECK(g.count() == 16);
  for (uint32_t k = 0; k < 4; ++k)
    for (uint32_t i = 0; i < 4; ++i) CHECK(g.at(i, i, k));
}

TEST_CASE("the occupancy check: superset of the exact set, extras only within the allowance",
          "[tools][voxelize][check]") {
  // A 45° triangle (z = y + 0.25; normal (0, -3.6, 3.6), axis 1 by the tie rule).
  const std::vector<Triangle> ts{tri({0.2, 1.25, 1.5}, {3.8, 1.25, 1.5}, {0.2, 2.25, 2.5})};
  const Grid exact = exactVoxelize(ts, 4);
  REQUIRE(exact.count() > 0);
  CHECK(checkOccupancy(ts, exact, exact).ok());
  CHECK(checkOccupancy(ts, exact, exact).extra == 0);
  // A missing voxel fails.
  Grid missing = exact;
  for (auto& c : missing.cells)
    if (c) {
      c = 0;
      break;
    }
  const CheckResult m = checkOccupancy(ts, exact, missing);
  CHECK(m.missing == 1);
  CHECK_FALSE(m.ok());
  // A flat triangle (z = 1.5): the allowance in depth is 2/256, so the voxel
  // layer above is not allowed; a neighbour within 1/256 in x is.
  const std::vector<Triangle> flat{tri({1.0 + 1.0 / 512, 1.2, 1.5}, {2.8, 1.2, 1.5}, {1.0 + 1.0 / 512, 2.8, 1.5})};
  const Grid flatExact = exactVoxelize(flat, 4);
  CHECK(flatExact.count() == 3);  // (1, 1, 1), (2, 1, 1), (1, 2, 1): the hypotenuse passes below (2, 2)
  CHECK(flatExact.at(1, 1, 1));
  CHECK(flatExact.at(2, 1, 1));
  CHECK(flatExact.at(1, 2, 1));
  CHECK(depthAllowance(flat[0], 2) == Approx(2.0 / 256));
  Grid beside = flatExact;
  beside.at(0, 1, 1) = 1;  // x in [0, 1]: 1/512 from the triangle
  const CheckResult b = checkOccupancy(flat, flatExact, beside);
  CHECK(b.extra == 1);
  CHECK(b.unexplained == 0);
  Grid above = flatExact;
  above.at(1, 1, 2) = 1;
  const CheckResult a = checkOccupancy(flat, flatExact, above);
  CHECK(a.extra == 1);
  CHECK(a.unexplained == 1);
  CHECK(a.firstUnexplained[0] == std::array<uint32_t, 3>{1, 1, 2});
  CHECK_FALSE(a.ok());
  // A 45° triangle's allowance in depth is a voxel and more.
  CHECK(depthAllowance(ts[0], 2) == Approx(1 + 4.0 / 256));
  // At Tier 1 (½ px) the same extra beside the flat triangle by 3/8 voxel is allowed, at Tiers 2–3 not.
  const std::vector<Triangle> farther{tri({1.375, 1.2, 1.5}, {2.8, 1.2, 1.5}, {1.375, 2.8, 1.5})};
  Grid fartherGpu = exactVoxelize(farther, 4);
  fartherGpu.at(0, 1, 1) = 1;
  CHECK(checkOccupancy(farther, exactVoxelize(farther, 4), fartherGpu).unexplained == 1);
  CHECK(checkOccupancy(farther, exactVoxelize(farther, 4), fartherGpu, kPixelUncertaintyTier1).unexplained == 0);
  CHECK(depthAllowance(ts[0], 2, kPixelUncertaintyTier1) == Approx(2 + 2.0 / 256));
  CHECK(countMissing(exact, missing) == 1);
}

TEST_CASE("the picture: three views side by side, each voxel where its projection puts it",
          "[tools][voxelize][png]") {
  Grid g(4);
  g.at(1, 2, 3) = 1;
  const Picture p = projections(g);
  REQUIRE(p.width == 14);
  REQUIRE(p.height == 4);
  auto lit = [&](uint32_t x, uint32_t y) { return p.rgba[(size_t(y) * p.width + x) * 4] > 24; };
  size_t count = 0;
  for (uint32_t y = 0; y < 4; ++y)
    for (uint32_t x = 0; x < 14; ++x) count += lit(x, y);
  CHECK(count == 3);
  CHECK(lit(2, 4 - 1 - 3));           // x view: u = y (2), v = z (3)
  CHECK(lit(5 + 3, 4 - 1 - 1));       // y view: u = z (3), v = x (1)
  CHECK(lit(10 + 1, 4 - 1 - 2));      // z view: u = x (1), v = y (2)
}
