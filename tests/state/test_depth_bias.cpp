// tests/state: D3D's DepthBias → Vulkan's depthBiasConstantFactor per depth
// format and implementation unit (depth_bias.h). The expected bias is D3D's
// DepthBias / 2^n for UNORM depth, computed here; the implementation's r is
// the one its unit names.
#include "depth_bias.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace d3dvk::state;

TEST_CASE("depthBiasConstantFactor gives D3D's UNORM bias on llvmpipe's and NVIDIA's r and leaves float depth alone",
          "[state]") {
  CHECK(unormDepthBiasUnit("llvmpipe", false) == UnormDepthBiasUnit::TwiceOneOverMaxValue);
  CHECK(unormDepthBiasUnit("NVIDIA", false) == UnormDepthBiasUnit::TwicePowerOfTwo);
  CHECK(unormDepthBiasUnit("radv", false) == UnormDepthBiasUnit::PowerOfTwo);
  // VK_EXT_depth_bias_control's depthBiasExact: r = 2^-n on every implementation.
  CHECK(unormDepthBiasUnit("llvmpipe", true) == UnormDepthBiasUnit::PowerOfTwo);
  CHECK(unormDepthBiasUnit("NVIDIA", true) == UnormDepthBiasUnit::PowerOfTwo);
  for (int bits : {16, 24}) {
    const VkFormat format = bits == 16 ? VK_FORMAT_D16_UNORM : VK_FORMAT_D24_UNORM_S8_UINT;
    for (int32_t bias : {1, 1000, -3000, 100000}) {
      INFO(bits << "-bit depth, DepthBias " << bias);
      // llvmpipe applies factor * 2 / (2^n - 1); D3D wants bias / 2^n.
      const double applied = double(depthBiasConstantFactor(bias, format, UnormDepthBiasUnit::TwiceOneOverMaxValue)) *
                             2.0 / (std::ldexp(1.0, bits) - 1.0);
      CHECK(std::fabs(applied - std::ldexp(double(bias), -bits)) <= std::ldexp(std::fabs(double(bias)), -bits - 22));
      CHECK(depthBiasConstantFactor(bias, format, UnormDepthBiasUnit::PowerOfTwo) == float(bias));
      // NVIDIA applies factor * 2 / 2^n.
      CHECK(double(depthBiasConstantFactor(bias, format, UnormDepthBiasUnit::TwicePowerOfTwo)) * 2.0 == double(bias));
    }
  }
  CHECK(depthBiasConstantFactor(1000, VK_FORMAT_D32_SFLOAT, UnormDepthBiasUnit::TwiceOneOverMaxValue) == 1000.0f);
  CHECK(depthBiasConstantFactor(1000, VK_FORMAT_D32_SFLOAT_S8_UINT, UnormDepthBiasUnit::TwiceOneOverMaxValue) == 1000.0f);
  CHECK(depthBiasConstantFactor(1000, VK_FORMAT_D32_SFLOAT, UnormDepthBiasUnit::TwicePowerOfTwo) == 1000.0f);
  CHECK(depthBiasConstantFactor(7, VK_FORMAT_UNDEFINED, UnormDepthBiasUnit::TwiceOneOverMaxValue) == 7.0f);
}
