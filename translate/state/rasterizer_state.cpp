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
  switch (desc.CullMode) {
    case D3D10_DDI_CULL_FRONT: r.cullMode = VK_CULL_MODE_FRONT_BIT; break;
    case D3D10_DDI_CULL_BACK: r.cullMode = VK_CULL_MODE_BACK_BIT; break;
    default: r.cullMode = VK_CULL_MODE_NONE; break;
  }
  r.frontFace = desc.FrontCounterClockwise ? VK_FRONT_FACE_COUNTER_CLOCKWISE : VK_FRONT_FACE_CLOCKWISE;

  // D3D applies depth bias when either factor is non-zero; the clamp alone does nothing.
  r.depthBiasEnable = (desc.DepthBias != 0 || desc.SlopeScaledDepthBias != 0.0f) ? VK_TRUE : VK_FALSE;
  r.depthBiasConstantFactor = float(desc.DepthBias);
  r.depthBiasSlopeFactor = desc.SlopeScaledDepthBias;
  s.useDepthBiasRepresentation = caps.depthBiasExact && r.depthBiasEnable == VK_TRUE;
  if (caps.depthBiasClamp) {
    r.depthBiasClamp = desc.DepthBiasClamp;
  } else {
    r.depthBiasClamp = 0.0f;
    s.depthBiasClampUnsupported = desc.DepthBiasClamp != 0.0f;
  }

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

}  // namespace d3dvk::state
