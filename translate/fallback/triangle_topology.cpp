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
  switch (topology) {
    case TriangleTopology::TriangleList: return count / 3;
    case TriangleTopology::TriangleStrip: return count >= 3 ? count - 2 : 0;
    case TriangleTopology::TriangleListAdj: return count / 6;
    case TriangleTopology::TriangleStripAdj: return count >= 6 ? (count - 4) / 2 : 0;
  }
  return 0;
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
