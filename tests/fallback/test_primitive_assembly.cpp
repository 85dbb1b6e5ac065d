// tests/fallback: CPU primitive assembly for every triangle topology, with the
// expected vertex orders written out by hand from D3D's rules.
#include "primitive_assembly.h"

#include <catch2/catch.hpp>

#include <numeric>
#include <vector>

using namespace d3dvk::fallback;

namespace {

std::vector<uint32_t> iota(uint32_t n) {
  std::vector<uint32_t> v(n);
  std::iota(v.begin(), v.end(), 0u);
  return v;
}

// (vertex positions..., primitive id) per triangle.
using Expected = std::vector<std::array<uint32_t, 4>>;

void check(const std::vector<AssembledTriangle>& got, const Expected& expected) {
  REQUIRE(got.size() == expected.size());
  for (size_t i = 0; i < got.size(); ++i) {
    INFO("triangle " << i);
    CHECK(got[i].vertex[0] == expected[i][0]);
    CHECK(got[i].vertex[1] == expected[i][1]);
    CHECK(got[i].vertex[2] == expected[i][2]);
    CHECK(got[i].primitiveId == expected[i][3]);
  }
}

}  // namespace

TEST_CASE("topology values map to triangle topologies only", "[fallback][assembly]") {
  CHECK(triangleTopology(4) == TriangleTopology::TriangleList);
  CHECK(triangleTopology(5) == TriangleTopology::TriangleStrip);
  CHECK(triangleTopology(12) == TriangleTopology::TriangleListAdj);
  CHECK(triangleTopology(13) == TriangleTopology::TriangleStripAdj);
  for (uint32_t t : {0u, 1u, 2u, 3u, 10u, 11u, 33u, 64u, 999u}) CHECK_FALSE(triangleTopology(t).has_value());
}

TEST_CASE("triangle lists: triples in order, an incomplete tail dropped", "[fallback][assembly]") {
  check(assembleTriangles(TriangleTopology::TriangleList, iota(8), std::nullopt), {{0, 1, 2, 0}, {3, 4, 5, 1}});
  // A cut value in a list is an ordinary index.
  std::vector<uint32_t> refs = {7, 0xFFFF, 9};
  check(assembleTriangles(TriangleTopology::TriangleList, refs, 0xFFFFu), {{0, 1, 2, 0}});
}

TEST_CASE("triangle strips: odd triangles swap their last two vertices", "[fallback][assembly]") {
  check(assembleTriangles(TriangleTopology::TriangleStrip, iota(6), std::nullopt),
        {{0, 1, 2, 0}, {1, 3, 2, 1}, {2, 3, 4, 2}, {3, 5, 4, 3}});
  CHECK(assembleTriangles(TriangleTopology::TriangleStrip, iota(2), std::nullopt).empty());
}

TEST_CASE("strip cuts restart the strip and primitive IDs keep counting", "[fallback][assembly]") {
  // 16-bit cut: strip 0-1-2-3 | cut | 5-6-7
  std::vector<uint32_t> refs = {10, 11, 12, 13, 0xFFFF, 20, 21, 22};
  check(assembleTriangles(TriangleTopology::TriangleStrip, refs, 0xFFFFu),
        {{0, 1, 2, 0}, {1, 3, 2, 1}, {5, 6, 7, 2}});
  // 32-bit cut value; 0xFFFF is then an ordinary index.
  std::vector<uint32_t> refs32 = {1, 2, 0xFFFF, 0xFFFFFFFF, 4, 5, 6, 0xFFFFFFFF};
  check(assembleTriangles(TriangleTopology::TriangleStrip, refs32, 0xFFFFFFFFu), {{0, 1, 2, 0}, {4, 5, 6, 1}});
  // Non-indexed draws have no cut.
  std::vector<uint32_t> implicit = {0, 1, 0xFFFF, 3};
  CHECK(assembleTriangles(TriangleTopology::TriangleStrip, implicit, std::nullopt).size() == 2);
  // Consecutive cuts and a run too short for a triangle produce nothing.
  std::vector<uint32_t> shortRuns = {0xFFFF, 0xFFFF, 1, 2, 0xFFFF, 3};
  CHECK(assembleTriangles(TriangleTopology::TriangleStrip, shortRuns, 0xFFFFu).empty());
}

TEST_CASE("adjacency topologies use the even vertices", "[fallback][assembly]") {
  check(assembleTriangles(TriangleTopology::TriangleListAdj, iota(13), std::nullopt), {{0, 2, 4, 0}, {6, 8, 10, 1}});
  // Strip with adjacency, 8 vertices: triangles (0,2,4) and (2,6,4).
  check(assembleTriangles(TriangleTopology::TriangleStripAdj, iota(8), std::nullopt), {{0, 2, 4, 0}, {2, 6, 4, 1}});
  check(assembleTriangles(TriangleTopology::TriangleStripAdj, iota(10), std::nullopt),
        {{0, 2, 4, 0}, {2, 6, 4, 1}, {4, 6, 8, 2}});
  CHECK(assembleTriangles(TriangleTopology::TriangleStripAdj, iota(5), std::nullopt).empty());
  std::vector<uint32_t> cut = {0, 1, 2, 3, 4, 5, 0xFFFF, 6, 7, 8, 9, 10, 11};
  check(assembleTriangles(TriangleTopology::TriangleStripAdj, cut, 0xFFFFu), {{0, 2, 4, 0}, {7, 9, 11, 1}});
}
