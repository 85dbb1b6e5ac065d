// translate/state/blend_state.h — D3D blend state (the D3D11.1 DDI desc) →
// Vulkan color-blend attachment states, as plain data. IndependentBlendEnable
// FALSE replicates RenderTarget[0] to every target; the blend factor is dynamic
// state (VK_DYNAMIC_STATE_BLEND_CONSTANTS). Logic ops are not translated
// (logicOpEnable stays off; `logicOpIgnored` says one was asked for). Pure.
#pragma once

#include "d3d10umddi.h"

#include <vulkan/vulkan_core.h>

namespace d3dvk::state {

struct BlendPipelineState {
  VkPipelineColorBlendAttachmentState attachments[8]{};
  bool alphaToCoverage = false;
  bool logicOpIgnored = false;
};

// The D3D11 default (no blending, all channels written).
D3D11_1_DDI_BLEND_DESC defaultBlendDesc();
BlendPipelineState translateBlendState(const D3D11_1_DDI_BLEND_DESC& desc);
VkBlendFactor blendFactorFor(D3D10_DDI_BLEND blend, bool alpha);
VkBlendOp blendOpFor(D3D10_DDI_BLEND_OP op);

}  // namespace d3dvk::state
