// translate/state/depth_stencil_state.h — D3D depth-stencil state (the DDI desc)
// → Vulkan depth-stencil state, as plain data. The stencil reference is dynamic
// state (VK_DYNAMIC_STATE_STENCIL_REFERENCE). Without a depth-stencil view the
// draw path disables both tests, as D3D does. Pure.
#pragma once

#include "d3d10umddi.h"

#include <vulkan/vulkan_core.h>

namespace d3dvk::state {

// The D3D11 default (depth test LESS with writes, stencil off, masks 0xFF).
D3D10_DDI_DEPTH_STENCIL_DESC defaultDepthStencilDesc();
// hasStencil: the bound depth-stencil format has a stencil aspect.
VkPipelineDepthStencilStateCreateInfo translateDepthStencilState(const D3D10_DDI_DEPTH_STENCIL_DESC& desc,
                                                                  bool hasStencil);
VkCompareOp compareOpFor(D3D10_DDI_COMPARISON_FUNC func);
VkStencilOp stencilOpFor(D3D10_DDI_STENCIL_OP op);

}  // namespace d3dvk::state
