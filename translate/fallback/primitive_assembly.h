// translate/fallback/primitive_assembly.h — the fallback path's CPU primitive
// assembly: from a draw's vertex references (index-buffer values, or implicit
// 0..n-1) and its D3D topology to triangles in API order, each with the
// captured-vertex indices of its three vertices (leading vertex first, the
// order D3D and Vulkan share: odd strip triangles are (i, i+2, i+1)) and its
// SV_PrimitiveID. Strips restart at the cut index of indexed draws (0xFFFF or
// 0xFFFFFFFF); adjacency topologies use only their triangle vertices. Pure code.
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

struct AssembledTriangle {
  uint32_t vertex[3];    // positions in the reference sequence (not index values)
  uint32_t primitiveId;  // SV_PrimitiveID: counts primitives of the instance, across strip cuts
};

// `references`: the draw's vertex references in order (index values for
// DrawIndexed; 0..n-1 otherwise). `cutIndex`: the strip-cut value for indexed
// draws (0xFFFF for 16-bit, 0xFFFFFFFF for 32-bit indices), nullopt for
// non-indexed draws. Incomplete trailing primitives are dropped. In list
// topologies a cut value is an ordinary index, as in D3D.
std::vector<AssembledTriangle> assembleTriangles(TriangleTopology topology, std::span<const uint32_t> references,
                                                 std::optional<uint32_t> cutIndex);

}  // namespace d3dvk::fallback
