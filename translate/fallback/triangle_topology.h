// translate/fallback/triangle_topology.h — which D3D primitive topologies the
// conservative fallback draws (the triangle ones: lists and strips, with and
// without adjacency; the capture lets Vulkan assemble them, cuts included).
// Pure code.
#pragma once

#include <cstdint>
#include <optional>

namespace d3dvk::fallback {

// The triangle topologies, with D3D_PRIMITIVE_TOPOLOGY's values.
enum class TriangleTopology : uint32_t {
  TriangleList = 4,
  TriangleStrip = 5,
  TriangleListAdj = 12,
  TriangleStripAdj = 13,
};

// D3D_PRIMITIVE_TOPOLOGY value → a triangle topology, or nullopt for points,
// lines, patches and invalid values (not rasterized conservatively).
std::optional<TriangleTopology> triangleTopology(uint32_t d3dTopology);

// The triangles one instance of a draw of `count` vertex references assembles
// at most (strip cuts only lower it; incomplete trailing primitives are dropped).
uint64_t trianglesPerInstance(TriangleTopology topology, uint64_t count);

}  // namespace d3dvk::fallback
