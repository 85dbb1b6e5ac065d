// translate/state/depth_stencil_state.h — D3D depth-stencil state (the DDI desc)
// → Vulkan depth-stencil state, as plain data. The stencil reference is dynamic
// state (VK_DYNAMIC_STATE_STENCIL_REFERENCE). Without a depth-stencil view the
// draw path disables both tests, as D3D does. dynamicDepthStencilKey: the
// pipeline key's word for a depth-stencil state given as dynamic state. Pure.
#pragma once

#include "d3d10umddi.h"

#include <vulkan/vulkan_core.h>

#include <cstdint>

namespace d3dvk::state {

// The D3D11 default (depth test LESS with writes, stencil off, masks 0xFF).
D3D10_DDI_DEPTH_STENCIL_DESC defaultDepthStencilDesc();
// hasStencil: the bound depth-stencil format has a stencil aspect.
VkPipelineDepthStencilStateCreateInfo translateDepthStencilState(const D3D10_DDI_DEPTH_STENCIL_DESC& desc,
                                                                  bool hasStencil);
VkCompareOp compareOpFor(D3D10_DDI_COMPARISON_FUNC func);
VkStencilOp stencilOpFor(D3D10_DDI_STENCIL_OP op);

// A pipeline key's depth-stencil word when the depth and stencil tests (test
// and write enables, compare ops, stencil ops and masks) and the rasterizer's
// cull mode and winding are dynamic state (Vulkan 1.3's extended dynamic
// state): bit 63 (object ids never reach it), bit 0 when the depth bias
// (enable and factors) is dynamic too. Every depth-stencil state shares the
// pipelines; the rasterizer part of the key is dynamicRasterizerKey's.
inline constexpr uint64_t kDynamicDepthStencilKey = uint64_t(1) << 63;
inline constexpr uint64_t dynamicDepthStencilKey(bool dynamicDepthBias) {
  return kDynamicDepthStencilKey | uint64_t(dynamicDepthBias);
}
inline constexpr bool keyHasDynamicDepthBias(uint64_t depthStencilKey) {
  return (depthStencilKey & kDynamicDepthStencilKey) && (depthStencilKey & 1);
}

}  // namespace d3dvk::state
