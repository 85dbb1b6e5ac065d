// translate/fallback/primitive_assembly.cpp — see primitive_assembly.h.
#include "primitive_assembly.h"

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

namespace {

// Emits the triangles of one strip run [begin, end) of the reference sequence.
void assembleStrip(bool adjacency, uint32_t begin, uint32_t end, uint32_t& primitiveId,
                   std::vector<AssembledTriangle>& out) {
  const uint32_t count = end - begin;
  if (!adjacency) {
    for (uint32_t i = 0; i + 2 < count; ++i) {
      uint32_t a = begin + i;
      if (i % 2 == 0)
        out.push_back({{a, a + 1, a + 2}, primitiveId++});
      else
        out.push_back({{a, a + 2, a + 1}, primitiveId++});
    }
    return;
  }
  // Strip with adjacency: triangle i uses vertices 2i, 2i+2, 2i+4 (odd i swaps the last two).
  if (count < 6) return;
  const uint32_t triangles = (count - 4) / 2;
  for (uint32_t i = 0; i < triangles; ++i) {
    uint32_t a = begin + 2 * i;
    if (i % 2 == 0)
      out.push_back({{a, a + 2, a + 4}, primitiveId++});
    else
      out.push_back({{a, a + 4, a + 2}, primitiveId++});
  }
}

}  // namespace

std::vector<AssembledTriangle> assembleTriangles(TriangleTopology topology, std::span<const uint32_t> references,
                                                 std::optional<uint32_t> cutIndex) {
  std::vector<AssembledTriangle> out;
  const uint32_t n = uint32_t(references.size());
  uint32_t primitiveId = 0;
  switch (topology) {
    case TriangleTopology::TriangleList:
      out.reserve(n / 3);
      for (uint32_t i = 0; i + 3 <= n; i += 3) out.push_back({{i, i + 1, i + 2}, primitiveId++});
      break;
    case TriangleTopology::TriangleListAdj:
      out.reserve(n / 6);
      for (uint32_t i = 0; i + 6 <= n; i += 6) out.push_back({{i, i + 2, i + 4}, primitiveId++});
      break;
    case TriangleTopology::TriangleStrip:
    case TriangleTopology::TriangleStripAdj: {
      const bool adjacency = topology == TriangleTopology::TriangleStripAdj;
      uint32_t runStart = 0;
      for (uint32_t i = 0; i <= n; ++i) {
        if (i == n || (cutIndex && references[i] == *cutIndex)) {
          assembleStrip(adjacency, runStart, i, primitiveId, out);
          runStart = i + 1;
        }
      }
      break;
    }
  }
  return out;
}

}  // namespace d3dvk::fallback
