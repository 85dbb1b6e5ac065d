// translate/state/rasterizer_state.h — D3D rasterizer state (the WDDM 2.0 DDI
// desc) → Vulkan pipeline rasterization state, as plain data. Pure: no Vulkan
// calls. Assumes the draw path maps D3D's y-up NDC with a negative-height
// viewport, so framebuffer coordinates equal D3D render-target coordinates and
// D3D's winding maps 1:1 (FrontCounterClockwise = FALSE → VK_FRONT_FACE_CLOCKWISE).
#pragma once

#include "conservative_tier.h"
#include "d3d10umddi.h"
#include "depth_bias.h"
#include "vk_ext_depth_bias_control.h"

#include <vulkan/vulkan_core.h>

namespace d3dvk::state {

// What the device offers that the translation depends on.
struct RasterizerDeviceCaps {
  bool depthClipEnableExtension = false;  // VK_EXT_depth_clip_enable
  bool depthClamp = false;                // VkPhysicalDeviceFeatures::depthClamp
  bool depthBiasClamp = false;            // VkPhysicalDeviceFeatures::depthBiasClamp
  bool fillModeNonSolid = false;          // VkPhysicalDeviceFeatures::fillModeNonSolid
  bool conservativeDrawsRunNatively = false;  // ConservativeTierDecision::drawsRunNatively
  // VK_EXT_depth_bias_control's depthBiasExact, enabled: pipelines with depth
  // bias ask for r = 2^-n on UNORM depth, D3D's (depth_bias.h).
  bool depthBiasExact = false;
  // The r depthBiasConstantFactor is in on UNORM depth (unormDepthBiasUnit).
  UnormDepthBiasUnit unormDepthBiasUnit = UnormDepthBiasUnit::PowerOfTwo;
};

// How D3D wants lines rasterized (MultisampleEnable / AntialiasedLineEnable).
enum class LineRasterization { Aliased, AlphaAntialiased, Quadrilateral };

struct RasterizerPipelineState {
  VkPipelineRasterizationStateCreateInfo rasterization{VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
  // Chained only when `useDepthClipState` (the extension is present).
  bool useDepthClipState = false;
  VkPipelineRasterizationDepthClipStateCreateInfoEXT depthClip{
      VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_DEPTH_CLIP_STATE_CREATE_INFO_EXT};
  // Chained only when `useConservativeState` (ConservativeRaster ON, drawn natively).
  bool useConservativeState = false;
  VkPipelineRasterizationConservativeStateCreateInfoEXT conservative{
      VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_CONSERVATIVE_STATE_CREATE_INFO_EXT};
  // Chained only when `useDepthBiasRepresentation` (depth bias on a device with depthBiasExact):
  // the format's r, never scaled.
  bool useDepthBiasRepresentation = false;
  VkDepthBiasRepresentationInfoEXT depthBiasRepresentation{
      VK_STRUCTURE_TYPE_DEPTH_BIAS_REPRESENTATION_INFO_EXT, nullptr,
      VK_DEPTH_BIAS_REPRESENTATION_LEAST_REPRESENTABLE_VALUE_FORMAT_EXT, VK_TRUE};
  // ConservativeRaster ON but the device cannot honour the reported tier: the
  // draw takes the GPU fallback path instead of this pipeline's rasterizer.
  bool needsFallback = false;
  bool scissorEnable = false;           // false: the scissor is the whole render target
  uint32_t forcedSampleCount = 0;       // 0: not forced; else the rasterization sample count (TIR)
  LineRasterization lines = LineRasterization::Aliased;
  // Features the desc asked for that the device lacks, and what was done instead.
  bool wireframeUnsupported = false;    // WIREFRAME drawn as FILL
  bool depthClampUnsupported = false;   // DepthClipEnable FALSE without depth clamp: geometry is clipped
  bool depthBiasClampUnsupported = false;  // DepthBiasClamp ignored

  // Links rasterization.pNext through the enabled extension structs. Call after
  // the object is at its final address (the chain points into it).
  const VkPipelineRasterizationStateCreateInfo* chain();
};

RasterizerPipelineState translateRasterizerState(const D3DWDDM2_0DDI_RASTERIZER_DESC& desc,
                                                 const RasterizerDeviceCaps& caps);

inline VkCullModeFlags cullModeFor(D3D10_DDI_CULL_MODE mode) {
  return mode == D3D10_DDI_CULL_FRONT ? VK_CULL_MODE_FRONT_BIT
         : mode == D3D10_DDI_CULL_BACK ? VK_CULL_MODE_BACK_BIT
                                       : VK_CULL_MODE_NONE;
}
inline VkFrontFace frontFaceFor(BOOL frontCounterClockwise) {
  return frontCounterClockwise ? VK_FRONT_FACE_COUNTER_CLOCKWISE : VK_FRONT_FACE_CLOCKWISE;
}

// The depth bias a draw applies: D3D biases when either factor is non-zero
// (the clamp alone does nothing); DepthBias in the depth format's r
// (depth_bias.h; depthFormat VK_FORMAT_UNDEFINED: no depth, unchanged); the
// clamp only where the device has depthBiasClamp.
struct DepthBiasValues {
  VkBool32 enable = VK_FALSE;
  float constantFactor = 0.0f, clamp = 0.0f, slopeFactor = 0.0f;
  bool operator==(const DepthBiasValues&) const = default;
};
DepthBiasValues depthBiasFor(const D3DWDDM2_0DDI_RASTERIZER_DESC& desc, VkFormat depthFormat,
                             const RasterizerDeviceCaps& caps);

// The rasterizer desc as a pipeline key holds it when the cull mode and
// winding (and with dynamicDepthBias the depth bias) are dynamic state
// (dynamicDepthStencilKey): those fields zeroed, with ScissorEnable, which
// only the draw's dynamic scissors depend on.
D3DWDDM2_0DDI_RASTERIZER_DESC dynamicRasterizerKey(const D3DWDDM2_0DDI_RASTERIZER_DESC& desc, bool dynamicDepthBias);

}  // namespace d3dvk::state
