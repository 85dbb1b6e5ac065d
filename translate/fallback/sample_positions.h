// translate/fallback/sample_positions.h — D3D's standard sample positions for
// 1, 2, 4, 8 and 16 samples (the D3D11_STANDARD_MULTISAMPLE_PATTERN), in 1/16
// px from the pixel centre (x right, y down): where the fallback tests a
// ForcedSampleCount draw's coverage. Pure data.
#pragma once

#include <array>
#include <cstdint>
#include <span>

namespace d3dvk::fallback {

inline constexpr std::array<int8_t, 2> kStandardSamples1[] = {{0, 0}};
inline constexpr std::array<int8_t, 2> kStandardSamples2[] = {{4, 4}, {-4, -4}};
inline constexpr std::array<int8_t, 2> kStandardSamples4[] = {{-2, -6}, {6, -2}, {-6, 2}, {2, 6}};
inline constexpr std::array<int8_t, 2> kStandardSamples8[] = {{1, -3}, {-1, 3}, {5, 1},   {-3, -5},
                                                              {-5, 5}, {-7, -1}, {3, 7}, {7, -7}};
inline constexpr std::array<int8_t, 2> kStandardSamples16[] = {{1, 1},  {-1, -3}, {-3, 2}, {4, -1}, {-5, -2}, {2, 5},
                                                               {5, 3},  {3, -5},  {-2, 6}, {0, -7}, {-4, -6}, {-6, 4},
                                                               {-8, 0}, {7, -4},  {6, 7},  {-7, -8}};

// The positions for a sample count; empty for other counts.
inline std::span<const std::array<int8_t, 2>> standardSamplePositions(uint32_t count) {
  switch (count) {
    case 1: return kStandardSamples1;
    case 2: return kStandardSamples2;
    case 4: return kStandardSamples4;
    case 8: return kStandardSamples8;
    case 16: return kStandardSamples16;
    default: return {};
  }
}

}  // namespace d3dvk::fallback
