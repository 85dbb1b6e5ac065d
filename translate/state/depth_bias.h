// translate/state/depth_bias.h — D3D's constant depth bias (DepthBias, in units
// of the depth format's r) as Vulkan's depthBiasConstantFactor. D3D11/D3D12
// define r exactly: 1 / 2^n for an n-bit UNORM depth format, and
// 2^(exponent(max z of the primitive) - 23) for FLOAT depth. Vulkan's r is the
// same for FLOAT depth, but for UNORM depth it is implementation-defined (at
// most 2 × 2^-n); where d3dvk knows the implementation's r it scales the factor
// so the bias is D3D's. Pure: no Vulkan calls.
#pragma once

#include <vulkan/vulkan_core.h>

#include <cstdint>
#include <string_view>

namespace d3dvk::state {

// The r a Vulkan implementation uses for an n-bit UNORM depth format.
enum class UnormDepthBiasUnit {
  PowerOfTwo,            // 1 / 2^n: D3D's (the assumption for implementations d3dvk does not know)
  TwiceOneOverMaxValue,  // 2 / (2^n - 1): Mesa's llvmpipe (lavapipe)
};

// The unit of the Vulkan implementation named by VkPhysicalDeviceDriverProperties::driverName.
UnormDepthBiasUnit unormDepthBiasUnit(std::string_view driverName);

// depthBiasConstantFactor giving D3D's bias of `depthBias` on a depth
// attachment of `depthFormat` (VK_FORMAT_UNDEFINED or a float format: depthBias unchanged).
float depthBiasConstantFactor(int32_t depthBias, VkFormat depthFormat, UnormDepthBiasUnit unit);

}  // namespace d3dvk::state
