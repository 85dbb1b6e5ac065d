// translate/state/blend_state.cpp — see blend_state.h.
#include "blend_state.h"

namespace d3dvk::state {

D3D11_1_DDI_BLEND_DESC defaultBlendDesc() {
  D3D11_1_DDI_BLEND_DESC d{};
  for (D3D11_1_DDI_RENDER_TARGET_BLEND_DESC& rt : d.RenderTarget)
    rt = {FALSE, FALSE, D3D10_DDI_BLEND_ONE, D3D10_DDI_BLEND_ZERO, D3D10_DDI_BLEND_OP_ADD, D3D10_DDI_BLEND_ONE,
          D3D10_DDI_BLEND_ZERO, D3D10_DDI_BLEND_OP_ADD, D3D11_1_DDI_LOGIC_OP_NOOP, 0xF};
  return d;
}

VkBlendFactor blendFactorFor(D3D10_DDI_BLEND blend, bool alpha) {
  switch (blend) {
    case D3D10_DDI_BLEND_ZERO: return VK_BLEND_FACTOR_ZERO;
    case D3D10_DDI_BLEND_ONE: return VK_BLEND_FACTOR_ONE;
    case D3D10_DDI_BLEND_SRC_COLOR: return VK_BLEND_FACTOR_SRC_COLOR;
    case D3D10_DDI_BLEND_INV_SRC_COLOR: return VK_BLEND_FACTOR_ONE_MINUS_SRC_COLOR;
    case D3D10_DDI_BLEND_SRC_ALPHA: return VK_BLEND_FACTOR_SRC_ALPHA;
    case D3D10_DDI_BLEND_INV_SRC_ALPHA: return VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
    case D3D10_DDI_BLEND_DEST_ALPHA: return VK_BLEND_FACTOR_DST_ALPHA;
    case D3D10_DDI_BLEND_INV_DEST_ALPHA: return VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA;
    case D3D10_DDI_BLEND_DEST_COLOR: return VK_BLEND_FACTOR_DST_COLOR;
    case D3D10_DDI_BLEND_INV_DEST_COLOR: return VK_BLEND_FACTOR_ONE_MINUS_DST_COLOR;
    case D3D10_DDI_BLEND_SRC_ALPHASAT: return VK_BLEND_FACTOR_SRC_ALPHA_SATURATE;
    // D3D's blend factor is one RGBA value; its alpha is used for the alpha channel.
    case D3D10_DDI_BLEND_BLEND_FACTOR: return alpha ? VK_BLEND_FACTOR_CONSTANT_ALPHA : VK_BLEND_FACTOR_CONSTANT_COLOR;
    case D3D10_DDI_BLEND_INVBLEND_FACTOR:
      return alpha ? VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_ALPHA : VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR;
    case D3D10_DDI_BLEND_SRC1_COLOR: return VK_BLEND_FACTOR_SRC1_COLOR;
    case D3D10_DDI_BLEND_INV_SRC1_COLOR: return VK_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR;
    case D3D10_DDI_BLEND_SRC1_ALPHA: return VK_BLEND_FACTOR_SRC1_ALPHA;
    case D3D10_DDI_BLEND_INV_SRC1_ALPHA: return VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA;
  }
  return VK_BLEND_FACTOR_ONE;  // out-of-range values are rejected by the runtime
}

namespace {
// The colour factor whose red component is the value alpha factor `f` gives
// the alpha channel, where the source's red is its alpha (the shader's .w
// moved there) and the destination's red is the stored alpha.
VkBlendFactor alphaFactorInRed(VkBlendFactor f) {
  switch (f) {
    case VK_BLEND_FACTOR_SRC_ALPHA_SATURATE: return VK_BLEND_FACTOR_ONE;  // its alpha is 1
    case VK_BLEND_FACTOR_DST_ALPHA: return VK_BLEND_FACTOR_DST_COLOR;
    case VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA: return VK_BLEND_FACTOR_ONE_MINUS_DST_COLOR;
    case VK_BLEND_FACTOR_CONSTANT_COLOR: return VK_BLEND_FACTOR_CONSTANT_ALPHA;
    case VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR: return VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_ALPHA;
    case VK_BLEND_FACTOR_SRC1_COLOR: return VK_BLEND_FACTOR_SRC1_ALPHA;
    case VK_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR: return VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA;
    default: return f;  // ZERO, ONE, SRC_COLOR / SRC_ALPHA (both the alpha), DST_COLOR, CONSTANT_ALPHA, SRC1_ALPHA …
  }
}
}  // namespace

VkPipelineColorBlendAttachmentState alphaInRedAttachment(const VkPipelineColorBlendAttachmentState& a) {
  VkPipelineColorBlendAttachmentState r = a;
  r.colorBlendOp = a.alphaBlendOp;
  r.srcColorBlendFactor = alphaFactorInRed(a.srcAlphaBlendFactor);
  r.dstColorBlendFactor = alphaFactorInRed(a.dstAlphaBlendFactor);
  r.colorWriteMask = (a.colorWriteMask & VK_COLOR_COMPONENT_A_BIT) ? VK_COLOR_COMPONENT_R_BIT : 0;
  return r;
}

VkBlendOp blendOpFor(D3D10_DDI_BLEND_OP op) {
  switch (op) {
    case D3D10_DDI_BLEND_OP_ADD: return VK_BLEND_OP_ADD;
    case D3D10_DDI_BLEND_OP_SUBTRACT: return VK_BLEND_OP_SUBTRACT;
    case D3D10_DDI_BLEND_OP_REV_SUBTRACT: return VK_BLEND_OP_REVERSE_SUBTRACT;
    case D3D10_DDI_BLEND_OP_MIN: return VK_BLEND_OP_MIN;
    case D3D10_DDI_BLEND_OP_MAX: return VK_BLEND_OP_MAX;
  }
  return VK_BLEND_OP_ADD;
}

VkLogicOp logicOpFor(D3D11_1_DDI_LOGIC_OP op) {
  // D3D's order (CLEAR, SET, COPY, COPY_INVERTED, NOOP, INVERT, AND, NAND, OR,
  // NOR, XOR, EQUIV, AND_REVERSE, AND_INVERTED, OR_REVERSE, OR_INVERTED); s is
  // the shader's value, d the target's: AND_REVERSE = s & ~d, AND_INVERTED =
  // ~s & d, OR_REVERSE = s | ~d, OR_INVERTED = ~s | d, as Vulkan names them.
  static constexpr VkLogicOp kOps[16] = {
      VK_LOGIC_OP_CLEAR,        VK_LOGIC_OP_SET,          VK_LOGIC_OP_COPY,       VK_LOGIC_OP_COPY_INVERTED,
      VK_LOGIC_OP_NO_OP,        VK_LOGIC_OP_INVERT,       VK_LOGIC_OP_AND,        VK_LOGIC_OP_NAND,
      VK_LOGIC_OP_OR,           VK_LOGIC_OP_NOR,          VK_LOGIC_OP_XOR,        VK_LOGIC_OP_EQUIVALENT,
      VK_LOGIC_OP_AND_REVERSE,  VK_LOGIC_OP_AND_INVERTED, VK_LOGIC_OP_OR_REVERSE, VK_LOGIC_OP_OR_INVERTED};
  const unsigned i = unsigned(op);
  return i < 16 ? kOps[i] : VK_LOGIC_OP_NO_OP;  // out-of-range values are rejected by the runtime
}

BlendPipelineState translateBlendState(const D3D11_1_DDI_BLEND_DESC& desc) {
  BlendPipelineState out;
  out.alphaToCoverage = desc.AlphaToCoverageEnable != FALSE;
  for (int i = 0; i < 8; ++i) {
    const D3D11_1_DDI_RENDER_TARGET_BLEND_DESC& rt = desc.RenderTarget[desc.IndependentBlendEnable ? i : 0];
    VkPipelineColorBlendAttachmentState& a = out.attachments[i];
    a.blendEnable = rt.BlendEnable ? VK_TRUE : VK_FALSE;
    a.srcColorBlendFactor = blendFactorFor(rt.SrcBlend, false);
    a.dstColorBlendFactor = blendFactorFor(rt.DestBlend, false);
    a.colorBlendOp = blendOpFor(rt.BlendOp);
    a.srcAlphaBlendFactor = blendFactorFor(rt.SrcBlendAlpha, true);
    a.dstAlphaBlendFactor = blendFactorFor(rt.DestBlendAlpha, true);
    a.alphaBlendOp = blendOpFor(rt.BlendOpAlpha);
    a.colorWriteMask = rt.RenderTargetWriteMask & 0xF;  // D3D11 and Vulkan share R=1 G=2 B=4 A=8
  }
  if (!desc.IndependentBlendEnable && desc.RenderTarget[0].LogicOpEnable) {
    out.logicOpEnable = true;
    out.logicOp = logicOpFor(desc.RenderTarget[0].LogicOp);
    for (VkPipelineColorBlendAttachmentState& a : out.attachments) a.blendEnable = VK_FALSE;
  }
  return out;
}

}  // namespace d3dvk::state
