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

}  // namespace d3dvk::fallback
