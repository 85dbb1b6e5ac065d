// tests/resources: the FLOAT → UNORM / SNORM tolerance helper the pixel
// comparisons share (tests/support/norm_tolerance.h), checked against values
// worked out by hand from D3D11.3 functional spec §3.2.3.4 / §3.2.3.6.
#include "norm_tolerance.h"

#include <wsl/winadapter.h>
#include <directx/d3d12.h>

#include <catch2/catch.hpp>

#include <limits>

using namespace d3dvk::test;

TEST_CASE("norm_tolerance: a conversion may land within 0.6 ULP of the scaled value and nowhere else",
          "[resources][tolerance]") {
  STATIC_REQUIRE(float(kFloatToIntegerToleranceUlp) == D3D12_FLOAT32_TO_INTEGER_TOLERANCE_IN_ULP);
  auto range = [](NormAllowed a) { return std::pair<int64_t, int64_t>(a.lo, a.hi); };
  using R = std::pair<int64_t, int64_t>;
  // Ties: either neighbour.
  CHECK(range(unormAllowed(0.5f, 8)) == R(127, 128));
  CHECK(range(unormAllowed(0.5f, 16)) == R(32767, 32768));
  CHECK(range(snormAllowed(0.5f, 16)) == R(16383, 16384));
  CHECK(range(snormAllowed(-0.5f, 16)) == R(-16384, -16383));
  // 127.4 (the float nearest 127.4 / 255 scales to 127.399997) is 0.6000030 from 128: 127 only.
  CHECK(range(unormAllowed(float(127.4 / 255.0), 8)) == R(127, 127));
  CHECK(range(unormAllowed(float(127.45 / 255.0), 8)) == R(127, 128));
  CHECK(range(unormAllowed(float(127.3 / 255.0), 8)) == R(127, 127));
  // Not near a tie: exact.
  CHECK(range(unormAllowed(0.25f, 8)) == R(64, 64));    // 63.75
  CHECK(range(unormAllowed(0.125f, 8)) == R(32, 32));   // 31.875
  CHECK(range(snormAllowed(0.25f, 8)) == R(32, 32));    // 31.75
  // Ends, clamps and NaN.
  CHECK(range(unormAllowed(0.0f, 8)) == R(0, 0));
  CHECK(range(unormAllowed(1.0f, 8)) == R(255, 255));
  CHECK(range(unormAllowed(2.0f, 8)) == R(255, 255));
  CHECK(range(unormAllowed(-0.5f, 8)) == R(0, 0));
  CHECK(range(snormAllowed(-1.0f, 16)) == R(-32767, -32767));
  CHECK(range(snormAllowed(-3.0f, 8)) == R(-127, -127));
  CHECK(range(unormAllowed(std::numeric_limits<float>::quiet_NaN(), 8)) == R(0, 0));
  CHECK(range(snormAllowed(std::numeric_limits<float>::quiet_NaN(), 8)) == R(0, 0));

  // The matchers: each channel of a packed texel on its own.
  CHECK_THAT(int64_t(127), IsUnorm(0.5f, 8));
  CHECK_THAT(int64_t(128), IsUnorm(0.5f, 8));
  CHECK_THAT(int64_t(129), !IsUnorm(0.5f, 8));
  CHECK_THAT(int64_t(63), !IsUnorm(0.25f, 8));
  CHECK_THAT(0x80ff0000u, IsRgba8Unorm({0, 0, 1, 0.5f}));
  CHECK_THAT(0x7fff0000u, IsRgba8Unorm({0, 0, 1, 0.5f}));
  CHECK_THAT(0x7ffe0000u, !IsRgba8Unorm({0, 0, 1, 0.5f}));
  CHECK_THAT(0x81ff0000u, !IsRgba8Unorm({0, 0, 1, 0.5f}));
  CHECK_THAT(0xff00407fu, IsRgba8Unorm({0.5f, 0.25f, 0, 1}));
  CHECK_THAT(0xff003f7fu, !IsRgba8Unorm({0.5f, 0.25f, 0, 1}));  // 63.75 is 64 only
}
