// translate/state/primitive_topology.h — D3D primitive topology → Vulkan input
// assembly. D3D strips always restart at the index buffer's cut value
// (0xFFFF / 0xFFFFFFFF), so strips enable primitive restart (Vulkan's restart
// index is likewise all ones of the index type); lists never restart. Pure.
#pragma once

#include "d3d10umddi.h"

#include <vulkan/vulkan_core.h>

namespace d3dvk::state {

struct InputAssembly {
  bool valid = false;  // false: UNDEFINED or an unknown value (nothing to draw)
  VkPrimitiveTopology topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  bool primitiveRestart = false;
};

InputAssembly translateTopology(D3D10_DDI_PRIMITIVE_TOPOLOGY topology);

}  // namespace d3dvk::state
