// translate/state/primitive_topology.cpp — see primitive_topology.h.
#include "primitive_topology.h"

namespace d3dvk::state {

InputAssembly translateTopology(D3D10_DDI_PRIMITIVE_TOPOLOGY topology) {
  switch (topology) {
    case D3D10_DDI_PRIMITIVE_TOPOLOGY_POINTLIST: return {true, VK_PRIMITIVE_TOPOLOGY_POINT_LIST, false};
    case D3D10_DDI_PRIMITIVE_TOPOLOGY_LINELIST: return {true, VK_PRIMITIVE_TOPOLOGY_LINE_LIST, false};
    case D3D10_DDI_PRIMITIVE_TOPOLOGY_LINESTRIP: return {true, VK_PRIMITIVE_TOPOLOGY_LINE_STRIP, true};
    case D3D10_DDI_PRIMITIVE_TOPOLOGY_TRIANGLELIST: return {true, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, false};
    case D3D10_DDI_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP: return {true, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP, true};
    case D3D10_DDI_PRIMITIVE_TOPOLOGY_LINELIST_ADJ:
      return {true, VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY, false};
    case D3D10_DDI_PRIMITIVE_TOPOLOGY_LINESTRIP_ADJ:
      return {true, VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY, true};
    case D3D10_DDI_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ:
      return {true, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY, false};
    case D3D10_DDI_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ:
      return {true, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY, true};
    default:
      // D3D11_PRIMITIVE_TOPOLOGY_1..32_CONTROL_POINT_PATCHLIST (33..64): patches
      // for the tessellation stages (the pipeline's patchControlPoints is topology - 32).
      if (topology >= 33 && topology <= 64) return {true, VK_PRIMITIVE_TOPOLOGY_PATCH_LIST, false};
      return {};
  }
}

}  // namespace d3dvk::state
