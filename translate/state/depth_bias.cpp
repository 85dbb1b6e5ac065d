// translate/state/depth_bias.cpp — see depth_bias.h.
#include "depth_bias.h"

#include <cmath>

namespace d3dvk::state {
namespace {

// The bits of a UNORM depth format (0: float or none).
int unormDepthBits(VkFormat format) {
  switch (format) {
    case VK_FORMAT_D16_UNORM:
    case VK_FORMAT_D16_UNORM_S8_UINT: return 16;
    case VK_FORMAT_X8_D24_UNORM_PACK32:
    case VK_FORMAT_D24_UNORM_S8_UINT: return 24;
    default: return 0;
  }
}

}  // namespace

UnormDepthBiasUnit unormDepthBiasUnit(std::string_view driverName, bool depthBiasExact) {
  if (depthBiasExact) return UnormDepthBiasUnit::PowerOfTwo;
  if (driverName == "llvmpipe") return UnormDepthBiasUnit::TwiceOneOverMaxValue;
  if (driverName == "NVIDIA") return UnormDepthBiasUnit::TwicePowerOfTwo;
  return UnormDepthBiasUnit::PowerOfTwo;
}

float depthBiasConstantFactor(int32_t depthBias, VkFormat depthFormat, UnormDepthBiasUnit unit) {
  const int bits = unormDepthBits(depthFormat);
  if (!bits || unit == UnormDepthBiasUnit::PowerOfTwo) return float(depthBias);
  // D3D's bias depthBias / 2^n in units of the implementation's r.
  const double d3dUnit = std::ldexp(1.0, -bits);
  const double vulkanUnit = unit == UnormDepthBiasUnit::TwicePowerOfTwo ? 2.0 * d3dUnit
                                                                         : 2.0 / (std::ldexp(1.0, bits) - 1.0);
  return float(double(depthBias) * d3dUnit / vulkanUnit);
}

}  // namespace d3dvk::state
