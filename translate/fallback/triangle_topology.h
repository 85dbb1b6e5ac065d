// translate/fallback/triangle_topology.h — which D3D primitive topologies the
// conservative fallback draws (the triangle ones: lists and strips, with and
// without adjacency; the capture lets Vulkan assemble them, cuts included).
// Pure code.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

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

// How a draw's vertex references form primitives of a D3D topology (points,
// lines and triangles, lists and strips, with and without adjacency: what a
// geometry shader may take), for cutting a draw into pieces: primitive p of
// an instance starts at reference start·p, and k consecutive primitives use
// perPrimitive·k + extra references.
struct PrimitiveLayout {
  uint32_t start = 0, perPrimitive = 0, extra = 0;
  bool strip = false;  // a strip: a piece must not cut it where an index buffer's cuts would move
};
std::optional<PrimitiveLayout> primitiveLayout(uint32_t d3dTopology);

// The primitives one instance of a draw of `count` vertex references
// assembles at most (strip cuts only lower it; incomplete trailing
// primitives are dropped).
uint64_t primitivesPerInstance(const PrimitiveLayout& layout, uint64_t count);

// An indexed strip (with adjacency: its triangle vertices only) as the index
// list of its triangles, in order, as D3D assembles them: restarting after
// each `cut` value, odd triangles of a run with their last two vertices
// swapped (D3D's and Vulkan's order), incomplete runs dropped. (The fallback
// draws an indexed strip too large for one piece as this list.)
std::vector<uint32_t> stripTriangleIndices(std::span<const uint32_t> indices, uint32_t cut, bool adjacency);

}  // namespace d3dvk::fallback
