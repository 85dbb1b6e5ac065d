// tests/support/norm_tolerance.h — the integers D3D lets a FLOAT → UNORM or
// FLOAT → SNORM conversion store (render-target writes, clears, blends out):
// D3D11.3 functional spec §3.2.3.6 (FLOAT -> UNORM) and §3.2.3.4 (FLOAT ->
// SNORM) round to nearest but permit a tolerance of
// D3D11_FLOAT32_TO_INTEGER_TOLERANCE_IN_ULP = 0.6 ULP on the integer side:
// "after converting from float to integer scale, any value within 0.6f ULP of
// a representable target format value is permitted to map to that value".
// So 0.5 × 255 = 127.5 may store 127 or 128, while 0.25 × 255 = 63.75 stores
// 64 only (and 127.4 stores 127 only). Vulkan's own rule (either of the two
// nearest integers) is looser; the tests hold a device to D3D's.
// One mechanism for every such comparison: the allowed set of one channel
// (NormAllowed) and Catch matchers for a channel and a packed R8G8B8A8 texel.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>

namespace d3dvk::test {

// D3D11_FLOAT32_TO_INTEGER_TOLERANCE_IN_ULP (= D3D12_…; 0.6f in the SDK headers).
inline constexpr double kFloatToIntegerToleranceUlp = 0.6;

// The integers lo..hi (one or two of them: the window is 1.2 ULP wide) that
// `value` may become in an n-bit UNORM or SNORM channel.
struct NormAllowed {
  int64_t lo = 0, hi = 0;
  bool contains(int64_t v) const { return v >= lo && v <= hi; }
  std::string describe() const {
    return lo == hi ? std::to_string(lo) : std::to_string(lo) + " or " + std::to_string(hi);
  }
};

namespace detail {
// The spec's steps before rounding: NaN → 0, clamp, scale. The product of a
// float and an integer below 2^16 is exact in double, so the 0.6 window is
// decided on the exact integer-side value.
inline NormAllowed allowedAround(double scaled, double lowest, double highest) {
  NormAllowed a;
  a.lo = int64_t(std::ceil(scaled - kFloatToIntegerToleranceUlp));
  a.hi = int64_t(std::floor(scaled + kFloatToIntegerToleranceUlp));
  a.lo = int64_t(std::max(double(a.lo), lowest));
  a.hi = int64_t(std::min(double(a.hi), highest));
  return a;
}
}  // namespace detail

inline NormAllowed unormAllowed(float value, unsigned bits) {
  const double max = double((uint64_t(1) << bits) - 1);
  const double c = std::isnan(value) ? 0.0 : std::clamp(double(value), 0.0, 1.0);
  return detail::allowedAround(c * max, 0.0, max);
}

// The result as a signed integer (the two's-complement channel read as such).
inline NormAllowed snormAllowed(float value, unsigned bits) {
  const double max = double((uint64_t(1) << (bits - 1)) - 1);
  const double c = std::isnan(value) ? 0.0 : std::clamp(double(value), -1.0, 1.0);
  return detail::allowedAround(c * max, -max, max);
}

// CHECK_THAT(channel, IsUnorm(0.5f, 8)) / IsSnorm(0.5f, 16): `channel` is one
// of the integers D3D allows for the value.
class NormChannelMatcher : public Catch::MatcherBase<int64_t> {
 public:
  NormChannelMatcher(float value, unsigned bits, bool snorm)
      : value_(value), bits_(bits), snorm_(snorm),
        allowed_(snorm ? snormAllowed(value, bits) : unormAllowed(value, bits)) {}
  bool match(const int64_t& got) const override { return allowed_.contains(got); }
  std::string describe() const override {
    std::ostringstream s;
    s << "is " << allowed_.describe() << " (" << value_ << " as " << bits_ << "-bit " << (snorm_ ? "SNORM" : "UNORM")
      << ", within 0.6 ULP)";
    return s.str();
  }

 private:
  float value_;
  unsigned bits_;
  bool snorm_;
  NormAllowed allowed_;
};
inline NormChannelMatcher IsUnorm(float value, unsigned bits) { return {value, bits, false}; }
inline NormChannelMatcher IsSnorm(float value, unsigned bits) { return {value, bits, true}; }

// CHECK_THAT(texel, IsRgba8Unorm({r, g, b, a})): an R8G8B8A8_UNORM texel read
// as a little-endian uint32 (R in the low byte) holds D3D's conversion of
// each channel.
class Rgba8UnormMatcher : public Catch::MatcherBase<uint32_t> {
 public:
  explicit Rgba8UnormMatcher(std::array<float, 4> rgba) : rgba_(rgba) {}
  bool match(const uint32_t& texel) const override {
    for (unsigned i = 0; i < 4; ++i)
      if (!unormAllowed(rgba_[i], 8).contains(int64_t(texel >> (8 * i) & 0xFF))) return false;
    return true;
  }
  std::string describe() const override {
    std::ostringstream s;
    s << "holds R8G8B8A8_UNORM (" << rgba_[0] << ", " << rgba_[1] << ", " << rgba_[2] << ", " << rgba_[3]
      << ") within 0.6 ULP: bytes R, G, B, A";
    for (unsigned i = 0; i < 4; ++i) s << (i ? ", " : " ") << unormAllowed(rgba_[i], 8).describe();
    return s.str();
  }

 private:
  std::array<float, 4> rgba_;
};
inline Rgba8UnormMatcher IsRgba8Unorm(std::array<float, 4> rgba) { return Rgba8UnormMatcher(rgba); }

}  // namespace d3dvk::test
