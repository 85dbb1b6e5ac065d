// translate/state/blend_state.h — D3D blend state (the D3D11.1 DDI desc) →
// Vulkan color-blend attachment states, as plain data. IndependentBlendEnable
// FALSE replicates RenderTarget[0] to every target; the blend factor is dynamic
// state (VK_DYNAMIC_STATE_BLEND_CONSTANTS). A logic op (RenderTarget[0]'s
// LogicOpEnable; D3D allows one only without IndependentBlendEnable and
// without blending) becomes the pipeline's logicOp, which Vulkan applies to
// every attachment, as D3D does. dynamicBlendKey: the pipeline key's word for
// a blend state given as dynamic state. Pure.
#pragma once

#include "d3d10umddi.h"

#include <vulkan/vulkan_core.h>

#include <cstdint>

namespace d3dvk::state {

struct BlendPipelineState {
  VkPipelineColorBlendAttachmentState attachments[8]{};
  bool alphaToCoverage = false;
  bool logicOpEnable = false;  // VkPipelineColorBlendStateCreateInfo::logicOpEnable
  VkLogicOp logicOp = VK_LOGIC_OP_COPY;
};

// The D3D11 default (no blending, all channels written).
D3D11_1_DDI_BLEND_DESC defaultBlendDesc();
BlendPipelineState translateBlendState(const D3D11_1_DDI_BLEND_DESC& desc);
VkBlendFactor blendFactorFor(D3D10_DDI_BLEND blend, bool alpha);
VkBlendOp blendOpFor(D3D10_DDI_BLEND_OP op);
// The attachment state of a target that keeps alpha in its red channel
// (A8_UNORM in an R8 image; the pixel shader's .w reaches .x,
// dxbc::kAlphaInRedTargetsSpecId): red blends with the alpha op and factors,
// each turned into the colour factor whose red component is the alpha one's
// value (the destination's alpha is its red, the blend factor's and SRC1's
// their alpha, SRC_ALPHA_SAT's alpha 1); red is written where alpha was.
VkPipelineColorBlendAttachmentState alphaInRedAttachment(const VkPipelineColorBlendAttachmentState& a);
// D3D11_1_DDI_LOGIC_OP (D3D11_LOGIC_OP / D3D12_LOGIC_OP share its values) → VkLogicOp.
VkLogicOp logicOpFor(D3D11_1_DDI_LOGIC_OP op);

// A pipeline key's blend-state word when the attachments' blend enable,
// equation and write mask are dynamic state (VK_EXT_extended_dynamic_state3):
// bit 63 (object ids never reach it) and what stays in the pipeline —
// alpha-to-coverage and the logic op. Blend states that agree on those share
// one pipeline.
inline constexpr uint64_t kDynamicBlendKey = uint64_t(1) << 63;
inline uint64_t dynamicBlendKey(const BlendPipelineState& b) {
  return kDynamicBlendKey | uint64_t(b.alphaToCoverage) | uint64_t(b.logicOpEnable) << 1 | uint64_t(b.logicOp) << 2;
}

}  // namespace d3dvk::state
