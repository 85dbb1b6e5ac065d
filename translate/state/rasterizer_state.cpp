// translate/state/rasterizer_state.cpp — see rasterizer_state.h.
#include "rasterizer_state.h"

namespace d3dvk::state {

const VkPipelineRasterizationStateCreateInfo* RasterizerPipelineState::chain() {
  const void* next = nullptr;
  conservative.pNext = nullptr;
  depthClip.pNext = nullptr;
  depthBiasRepresentation.pNext = nullptr;
  if (useDepthBiasRepresentation) {
    depthBiasRepresentation.pNext = next;
    next = &depthBiasRepresentation;
  }
  if (useConservativeState) {
    conservative.pNext = next;
    next = &conservative;
  }
  if (useDepthClipState) {
    depthClip.pNext = next;
    next = &depthClip;
  }
  rasterization.pNext = next;
  return &rasterization;
}

RasterizerPipelineState translateRasterizerState(const D3DWDDM2_0DDI_RASTERIZER_DESC& desc,
                                                 const RasterizerDeviceCaps& caps) {
  RasterizerPipelineState s;
  VkPipelineRasterizationStateCreateInfo& r = s.rasterization;

  r.rasterizerDiscardEnable = VK_FALSE;
  r.lineWidth = 1.0f;
  if (desc.FillMode == D3D10_DDI_FILL_WIREFRAME && caps.fillModeNonSolid) {
    r.polygonMode = VK_POLYGON_MODE_LINE;
  } else {
    r.polygonMode = VK_POLYGON_MODE_FILL;
    s.wireframeUnsupported = desc.FillMode == D3D10_DDI_FILL_WIREFRAME;
  }
  r.cullMode = cullModeFor(desc.CullMode);
  r.frontFace = frontFaceFor(desc.FrontCounterClockwise);

  // (The constant factor in the depth format's r: the pipeline's, which knows the format.)
  const DepthBiasValues bias = depthBiasFor(desc, VK_FORMAT_UNDEFINED, caps);
  r.depthBiasEnable = bias.enable;
  r.depthBiasConstantFactor = bias.constantFactor;
  r.depthBiasSlopeFactor = bias.slopeFactor;
  r.depthBiasClamp = bias.clamp;
  s.useDepthBiasRepresentation = caps.depthBiasExact && r.depthBiasEnable == VK_TRUE;
  s.depthBiasClampUnsupported = !caps.depthBiasClamp && desc.DepthBiasClamp != 0.0f;

  // D3D always clamps depth to the viewport range, and clips to 0 ≤ z ≤ w only
  // when DepthClipEnable. With VK_EXT_depth_clip_enable both are explicit (this
  // also keeps the fallback's extrapolated depth in range); without it, core
  // Vulkan's depth clamp also turns clipping off.
  if (caps.depthClipEnableExtension) {
    s.useDepthClipState = true;
    s.depthClip.depthClipEnable = desc.DepthClipEnable ? VK_TRUE : VK_FALSE;
    r.depthClampEnable = caps.depthClamp ? VK_TRUE : VK_FALSE;
  } else {
    r.depthClampEnable = (!desc.DepthClipEnable && caps.depthClamp) ? VK_TRUE : VK_FALSE;
  }
  s.depthClampUnsupported = !desc.DepthClipEnable && !caps.depthClamp;

  s.scissorEnable = desc.ScissorEnable != 0;
  s.forcedSampleCount = desc.ForcedSampleCount;
  if (desc.MultisampleEnable)
    s.lines = LineRasterization::Quadrilateral;
  else if (desc.AntialiasedLineEnable)
    s.lines = LineRasterization::AlphaAntialiased;
  else
    s.lines = LineRasterization::Aliased;

  if (desc.ConservativeRasterizationMode == D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_ON) {
    if (caps.conservativeDrawsRunNatively) {
      s.useConservativeState = true;
      s.conservative.conservativeRasterizationMode = VK_CONSERVATIVE_RASTERIZATION_MODE_OVERESTIMATE_EXT;
      s.conservative.extraPrimitiveOverestimationSize = 0.0f;
    } else {
      s.needsFallback = true;
    }
  }
  return s;
}

DepthBiasValues depthBiasFor(const D3DWDDM2_0DDI_RASTERIZER_DESC& desc, VkFormat depthFormat,
                             const RasterizerDeviceCaps& caps) {
  DepthBiasValues b;
  b.enable = (desc.DepthBias != 0 || desc.SlopeScaledDepthBias != 0.0f) ? VK_TRUE : VK_FALSE;
  b.constantFactor = depthBiasConstantFactor(desc.DepthBias, depthFormat, caps.unormDepthBiasUnit);
  b.slopeFactor = desc.SlopeScaledDepthBias;
  b.clamp = caps.depthBiasClamp ? desc.DepthBiasClamp : 0.0f;
  return b;
}

D3DWDDM2_0DDI_RASTERIZER_DESC dynamicRasterizerKey(const D3DWDDM2_0DDI_RASTERIZER_DESC& desc, bool dynamicDepthBias) {
  D3DWDDM2_0DDI_RASTERIZER_DESC key = desc;
  key.CullMode = D3D10_DDI_CULL_MODE(0);
  key.FrontCounterClockwise = FALSE;
  key.ScissorEnable = FALSE;
  if (dynamicDepthBias) {
    key.DepthBias = 0;
    key.DepthBiasClamp = 0.0f;
    key.SlopeScaledDepthBias = 0.0f;
  }
  return key;
}

}  // namespace d3dvk::state
