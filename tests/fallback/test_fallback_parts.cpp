// tests/fallback: the fallback's pure parts — which topologies it draws and how
// many triangles an instance assembles at most (the capture buffer's size),
// the guard band that keeps divided coordinates inside the 16.8 range, and
// D3D's standard sample positions.
#include "guard_band.h"
#include "sample_positions.h"
#include "triangle_topology.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <set>
#include <utility>

using namespace d3dvk::fallback;

TEST_CASE("topology values map to triangle topologies only", "[fallback][topology]") {
  CHECK(triangleTopology(4) == TriangleTopology::TriangleList);
  CHECK(triangleTopology(5) == TriangleTopology::TriangleStrip);
  CHECK(triangleTopology(12) == TriangleTopology::TriangleListAdj);
  CHECK(triangleTopology(13) == TriangleTopology::TriangleStripAdj);
  for (uint32_t notTriangles : {0u, 1u, 2u, 3u, 10u, 11u, 33u, 64u}) CHECK_FALSE(triangleTopology(notTriangles));
}

TEST_CASE("an instance assembles at most this many triangles, incomplete tails dropped", "[fallback][topology]") {
  CHECK(trianglesPerInstance(TriangleTopology::TriangleList, 0) == 0);
  CHECK(trianglesPerInstance(TriangleTopology::TriangleList, 8) == 2);
  CHECK(trianglesPerInstance(TriangleTopology::TriangleStrip, 2) == 0);
  CHECK(trianglesPerInstance(TriangleTopology::TriangleStrip, 7) == 5);
  CHECK(trianglesPerInstance(TriangleTopology::TriangleListAdj, 17) == 2);
  CHECK(trianglesPerInstance(TriangleTopology::TriangleStripAdj, 5) == 0);
  CHECK(trianglesPerInstance(TriangleTopology::TriangleStripAdj, 10) == 3);
  CHECK(trianglesPerInstance(TriangleTopology::TriangleList, 0xFFFFFFFFull) == 0x55555555ull);
}

TEST_CASE("every topology a geometry shader takes: primitives per instance and where each starts", "[fallback][topology]") {
  // (D3D topology, vertex references, primitives, start of primitive 1) counted by hand.
  struct Case {
    uint32_t topology, count, primitives, secondStart;
  };
  for (const Case c : {Case{1, 5, 5, 1}, Case{2, 5, 2, 2}, Case{3, 1, 0, 1}, Case{3, 5, 4, 1}, Case{4, 5, 1, 3},
                       Case{5, 5, 3, 1}, Case{10, 9, 2, 4}, Case{11, 3, 0, 1}, Case{11, 6, 3, 1}, Case{12, 13, 2, 6},
                       Case{13, 9, 2, 2}}) {
    INFO("topology " << c.topology << ", " << c.count << " references");
    const std::optional<PrimitiveLayout> layout = primitiveLayout(c.topology);
    REQUIRE(layout);
    CHECK(primitivesPerInstance(*layout, c.count) == c.primitives);
    CHECK(layout->start == c.secondStart);
    // k consecutive primitives use exactly the references the whole draw needs for them.
    if (c.primitives) CHECK(layout->perPrimitive * c.primitives + layout->extra <= c.count);
    CHECK(layout->strip == (c.topology == 3 || c.topology == 5 || c.topology == 11 || c.topology == 13));
  }
  // Patch lists (the hull shader's input): N control points per patch, none shared.
  for (const Case c : {Case{33, 5, 5, 1}, Case{36, 9, 2, 4}, Case{64, 64, 2, 32}}) {
    INFO("patch list topology " << c.topology << ", " << c.count << " references");
    const std::optional<PrimitiveLayout> layout = primitiveLayout(c.topology);
    REQUIRE(layout);
    CHECK(primitivesPerInstance(*layout, c.count) == c.primitives);
    CHECK(layout->start == c.secondStart);
    CHECK_FALSE(layout->strip);
  }
  for (uint32_t invalid : {0u, 6u, 9u, 14u, 32u, 65u}) CHECK_FALSE(primitiveLayout(invalid));
}

TEST_CASE("the guard band keeps screen coordinates inside the rasterizer's range", "[fallback][clip]") {
  for (const Viewport vp : {Viewport{0, 0, 1920, 1080, 0, 1}, Viewport{-500, 300, 64, 64, 0, 1},
                            Viewport{0, 0, 16384, 16384, 0, 1}}) {
    const ClipState s = clipStateFor(vp, true);
    CHECK(s.guardX >= 1.0);  // never inside the viewport
    CHECK(s.guardY >= 1.0);
    // The extreme x/w and y/w the guard lets through land within ±32000 px (or on the viewport's edge).
    for (const double x : {-s.guardX, s.guardX}) {
      const double screen = (x + 1) * vp.width / 2 + vp.topLeftX;
      CHECK((std::fabs(screen) <= 32000.0 + 1e-6 || s.guardX == 1.0));
    }
    for (const double y : {-s.guardY, s.guardY}) {
      const double screen = (1 - y) * vp.height / 2 + vp.topLeftY;
      CHECK((std::fabs(screen) <= 32000.0 + 1e-6 || s.guardY == 1.0));
    }
  }
  CHECK_FALSE(clipStateFor({0, 0, 64, 64, 0, 1}, false).depthClip);
}

TEST_CASE("standard sample positions: N distinct points inside the pixel for N = 1, 2, 4, 8, 16", "[fallback][samples]") {
  for (const uint32_t n : {1u, 2u, 4u, 8u, 16u}) {
    const auto positions = standardSamplePositions(n);
    REQUIRE(positions.size() == n);
    std::set<std::pair<int, int>> distinct;
    for (const auto& p : positions) {
      CHECK((p[0] >= -8 && p[0] < 8 && p[1] >= -8 && p[1] < 8));
      distinct.insert({p[0], p[1]});
    }
    CHECK(distinct.size() == n);
  }
  // D3D11's 4x pattern (D3D11_STANDARD_MULTISAMPLE_PATTERN): (-2,-6), (6,-2), (-6,2), (2,6) in 1/16 px.
  const auto four = standardSamplePositions(4);
  CHECK((four[0][0] == -2 && four[0][1] == -6 && four[3][0] == 2 && four[3][1] == 6));
  CHECK(standardSamplePositions(3).empty());
  CHECK(standardSamplePositions(32).empty());
}
