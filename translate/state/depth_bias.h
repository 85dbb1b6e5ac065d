// translate/state/depth_bias.h — D3D's constant depth bias (DepthBias, in units
// of the depth format's r) as Vulkan's depthBiasConstantFactor. D3D11/D3D12
// define r exactly: 1 / 2^n for an n-bit UNORM depth format, and
// 2^(exponent(max z of the primitive) - 23) for FLOAT depth. Vulkan's r is the
// same for FLOAT depth, but for UNORM depth it is implementation-defined (at
// most 2 × 2^-n) unless the pipeline asks for D3D's with VK_EXT_depth_bias_control
// (VkDepthBiasRepresentationInfoEXT, depthBiasExact: r = 2^-n exactly). Without
// the extension d3dvk scales the factor by the r of the implementations it knows;
// others are assumed to use D3D's. Pure: no Vulkan calls.
#pragma once

#include <vulkan/vulkan_core.h>

#include <cstdint>
#include <string_view>

namespace d3dvk::state {

// The r a Vulkan implementation uses for an n-bit UNORM depth format.
enum class UnormDepthBiasUnit {
  PowerOfTwo,            // 1 / 2^n: D3D's; exact with depthBiasExact (and assumed for unknown implementations)
  TwicePowerOfTwo,       // 2 / 2^n: NVIDIA's proprietary driver (Vulkan's upper bound; measured on an H200, driver 580)
  TwiceOneOverMaxValue,  // 2 / (2^n - 1): Mesa's llvmpipe (lavapipe)
};

// The unit of the Vulkan implementation named by VkPhysicalDeviceDriverProperties::driverName;
// PowerOfTwo whenever the pipelines chain VkDepthBiasRepresentationInfoEXT with depthBiasExact.
UnormDepthBiasUnit unormDepthBiasUnit(std::string_view driverName, bool depthBiasExact);

// depthBiasConstantFactor giving D3D's bias of `depthBias` on a depth
// attachment of `depthFormat` (VK_FORMAT_UNDEFINED or a float format: depthBias unchanged).
float depthBiasConstantFactor(int32_t depthBias, VkFormat depthFormat, UnormDepthBiasUnit unit);

}  // namespace d3dvk::state
