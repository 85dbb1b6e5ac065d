// translate/fallback/triangle_topology.cpp — see triangle_topology.h.
#include "triangle_topology.h"

namespace d3dvk::fallback {

std::optional<TriangleTopology> triangleTopology(uint32_t d3dTopology) {
  switch (d3dTopology) {
    case 4: return TriangleTopology::TriangleList;
    case 5: return TriangleTopology::TriangleStrip;
    case 12: return TriangleTopology::TriangleListAdj;
    case 13: return TriangleTopology::TriangleStripAdj;
    default: return std::nullopt;
  }
}

uint64_t trianglesPerInstance(TriangleTopology topology, uint64_t count) {
  return primitivesPerInstance(*primitiveLayout(uint32_t(topology)), count);
}

std::optional<PrimitiveLayout> primitiveLayout(uint32_t d3dTopology) {
  switch (d3dTopology) {
    case 1: return PrimitiveLayout{1, 1, 0, false};   // point list
    case 2: return PrimitiveLayout{2, 2, 0, false};   // line list
    case 3: return PrimitiveLayout{1, 1, 1, true};    // line strip
    case 4: return PrimitiveLayout{3, 3, 0, false};   // triangle list
    case 5: return PrimitiveLayout{1, 1, 2, true};    // triangle strip
    case 10: return PrimitiveLayout{4, 4, 0, false};  // line list with adjacency
    case 11: return PrimitiveLayout{1, 1, 3, true};   // line strip with adjacency
    case 12: return PrimitiveLayout{6, 6, 0, false};  // triangle list with adjacency
    case 13: return PrimitiveLayout{2, 2, 4, true};   // triangle strip with adjacency
    default:  // 33..64: patch lists of 1..32 control points (the tessellation stages)
      if (d3dTopology >= 33 && d3dTopology <= 64) return PrimitiveLayout{d3dTopology - 32, d3dTopology - 32, 0, false};
      return std::nullopt;
  }
}

uint64_t primitivesPerInstance(const PrimitiveLayout& layout, uint64_t count) {
  if (layout.start == 0 || count < uint64_t(layout.perPrimitive) + layout.extra) return 0;
  return (count - layout.extra - layout.perPrimitive) / layout.start + 1;
}

std::vector<uint32_t> stripTriangleIndices(std::span<const uint32_t> indices, uint32_t cut, bool adjacency) {
  std::vector<uint32_t> out;
  size_t begin = 0;
  auto run = [&](size_t end) {  // the run [begin, end) between cuts
    const size_t n = end - begin;
    const size_t step = adjacency ? 2 : 1;
    const size_t triangles = adjacency ? (n >= 6 ? (n - 4) / 2 : 0) : (n >= 3 ? n - 2 : 0);
    for (size_t t = 0; t < triangles; ++t) {
      const size_t a = begin + step * t, b = a + step, c = a + 2 * step;
      out.push_back(indices[a]);
      out.push_back(indices[t % 2 ? c : b]);
      out.push_back(indices[t % 2 ? b : c]);
    }
  };
  for (size_t i = 0; i < indices.size(); ++i)
    if (indices[i] == cut) {
      run(i);
      begin = i + 1;
    }
  run(indices.size());
  return out;
}

}  // namespace d3dvk::fallback
