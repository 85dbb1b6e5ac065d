// translate/state/sampler_state.h — D3D sampler state (the DDI desc) → Vulkan
// sampler create-info data: the filter's min/mag/mip, anisotropy, comparison
// and reduction (minimum/maximum) parts, address modes, LOD range and bias, and
// the border colour (one of Vulkan's three fixed colours when it matches, else
// a custom colour for VK_EXT_custom_border_color). Pure.
#pragma once

#include "d3d10umddi.h"

#include <vulkan/vulkan_core.h>

namespace d3dvk::state {

struct SamplerState {
  VkSamplerCreateInfo info{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};  // pNext left null
  // Weighted average (plain and comparison filters), or min/max for the
  // D3DWDDM1_3 MINIMUM_/MAXIMUM_ filters (VkSamplerReductionModeCreateInfo).
  VkSamplerReductionMode reduction = VK_SAMPLER_REDUCTION_MODE_WEIGHTED_AVERAGE;
  // Border addressing with a colour none of Vulkan's fixed ones equals:
  // info.borderColor is VK_BORDER_COLOR_FLOAT_CUSTOM_EXT and customBorder holds it.
  bool customBorder = false;
  VkClearColorValue customBorderColor{};
  bool usesBorder = false;  // some address mode is BORDER
};

// The D3D11 default sampler (MIN_MAG_MIP_LINEAR, CLAMP, LOD -FLT_MAX..FLT_MAX,
// border (1,1,1,1), comparison NEVER, MaxAnisotropy 1).
D3D10_DDI_SAMPLER_DESC defaultSamplerDesc();

// Whether each field holds a value D3D defines (the runtime's validation
// rejects the rest first; the UMD checks again and fails creation).
bool isValidFilter(D3D10_DDI_FILTER filter);
bool isAnisotropicFilter(D3D10_DDI_FILTER filter);
bool isComparisonFilter(D3D10_DDI_FILTER filter);
bool isValidAddressMode(D3D10_DDI_TEXTURE_ADDRESS_MODE mode);

// Translates a (valid) desc. maxAnisotropy: the device's limit (0: no
// samplerAnisotropy feature, anisotropic filters fall back to linear).
SamplerState translateSamplerState(const D3D10_DDI_SAMPLER_DESC& desc, float maxAnisotropy);
VkSamplerAddressMode addressModeFor(D3D10_DDI_TEXTURE_ADDRESS_MODE mode);

}  // namespace d3dvk::state
