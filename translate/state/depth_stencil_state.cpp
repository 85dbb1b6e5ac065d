// translate/state/depth_stencil_state.cpp — see depth_stencil_state.h.
#include "depth_stencil_state.h"

namespace d3dvk::state {

D3D10_DDI_DEPTH_STENCIL_DESC defaultDepthStencilDesc() {
  const D3D10_DDI_DEPTH_STENCILOP_DESC keep{D3D10_DDI_STENCIL_OP_KEEP, D3D10_DDI_STENCIL_OP_KEEP,
                                            D3D10_DDI_STENCIL_OP_KEEP, D3D10_DDI_COMPARISON_ALWAYS};
  return {TRUE, D3D10_DDI_DEPTH_WRITE_MASK_ALL, D3D10_DDI_COMPARISON_LESS, FALSE, TRUE, TRUE, 0xFF, 0xFF, keep, keep};
}

VkCompareOp compareOpFor(D3D10_DDI_COMPARISON_FUNC func) {
  switch (func) {
    case D3D10_DDI_COMPARISON_NEVER: return VK_COMPARE_OP_NEVER;
    case D3D10_DDI_COMPARISON_LESS: return VK_COMPARE_OP_LESS;
    case D3D10_DDI_COMPARISON_EQUAL: return VK_COMPARE_OP_EQUAL;
    case D3D10_DDI_COMPARISON_LESS_EQUAL: return VK_COMPARE_OP_LESS_OR_EQUAL;
    case D3D10_DDI_COMPARISON_GREATER: return VK_COMPARE_OP_GREATER;
    case D3D10_DDI_COMPARISON_NOT_EQUAL: return VK_COMPARE_OP_NOT_EQUAL;
    case D3D10_DDI_COMPARISON_GREATER_EQUAL: return VK_COMPARE_OP_GREATER_OR_EQUAL;
    case D3D10_DDI_COMPARISON_ALWAYS: return VK_COMPARE_OP_ALWAYS;
  }
  return VK_COMPARE_OP_ALWAYS;  // out-of-range values are rejected by the runtime
}

VkStencilOp stencilOpFor(D3D10_DDI_STENCIL_OP op) {
  switch (op) {
    case D3D10_DDI_STENCIL_OP_KEEP: return VK_STENCIL_OP_KEEP;
    case D3D10_DDI_STENCIL_OP_ZERO: return VK_STENCIL_OP_ZERO;
    case D3D10_DDI_STENCIL_OP_REPLACE: return VK_STENCIL_OP_REPLACE;
    case D3D10_DDI_STENCIL_OP_INCR_SAT: return VK_STENCIL_OP_INCREMENT_AND_CLAMP;
    case D3D10_DDI_STENCIL_OP_DECR_SAT: return VK_STENCIL_OP_DECREMENT_AND_CLAMP;
    case D3D10_DDI_STENCIL_OP_INVERT: return VK_STENCIL_OP_INVERT;
    case D3D10_DDI_STENCIL_OP_INCR: return VK_STENCIL_OP_INCREMENT_AND_WRAP;
    case D3D10_DDI_STENCIL_OP_DECR: return VK_STENCIL_OP_DECREMENT_AND_WRAP;
  }
  return VK_STENCIL_OP_KEEP;
}

namespace {
VkStencilOpState face(const D3D10_DDI_DEPTH_STENCILOP_DESC& f, const D3D10_DDI_DEPTH_STENCIL_DESC& d) {
  return {stencilOpFor(f.StencilFailOp), stencilOpFor(f.StencilPassOp), stencilOpFor(f.StencilDepthFailOp),
          compareOpFor(f.StencilFunc),   d.StencilReadMask,             d.StencilWriteMask,
          0};
}
}  // namespace

VkPipelineDepthStencilStateCreateInfo translateDepthStencilState(const D3D10_DDI_DEPTH_STENCIL_DESC& d,
                                                                  bool hasStencil) {
  VkPipelineDepthStencilStateCreateInfo out{VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
  out.depthTestEnable = d.DepthEnable ? VK_TRUE : VK_FALSE;
  // D3D: with depth disabled nothing is written either.
  out.depthWriteEnable = d.DepthEnable && d.DepthWriteMask == D3D10_DDI_DEPTH_WRITE_MASK_ALL ? VK_TRUE : VK_FALSE;
  out.depthCompareOp = compareOpFor(d.DepthFunc);
  out.stencilTestEnable = d.StencilEnable && hasStencil ? VK_TRUE : VK_FALSE;
  out.front = face(d.FrontFace, d);
  out.back = face(d.BackFace, d);
  out.minDepthBounds = 0.0f;
  out.maxDepthBounds = 1.0f;
  return out;
}

}  // namespace d3dvk::state
