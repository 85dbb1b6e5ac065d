// tests/state: the conservative tier policy against the property sets real
// Vulkan drivers report (see ../shared/reference/conservative-raster.md).
#include "conservative_tier.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace d3dvk::state;
using T = ConservativeTier;

namespace {
ConservativeRasterizationProperties props(float size, bool degenerates, bool fullyCovered) {
  return {true, size, degenerates, fullyCovered};
}
}  // namespace

TEST_CASE("native tier of real Vulkan drivers", "[state][tier]") {
  struct Driver {
    const char* name;
    ConservativeRasterizationProperties props;
    T expected;
  };
  const Driver drivers[] = {
      {"RADV GFX9+", props(0.0f, true, true), T::Tier3},
      {"NVIDIA proprietary", props(0.0f, true, true), T::Tier3},
      {"NVK Volta+", props(1.0f / 512.0f, true, true), T::Tier3},
      {"ANV", props(1.0f / 512.0f, true, false), T::Tier2},
      // 0.5 + 1/256 exceeds the ½-pixel Tier 1 region: not even Tier 1 natively.
      {"Turnip a7xx", props(0.5f + 1.0f / 256.0f, false, false), T::NotSupported},
      {"lavapipe (no extension)", ConservativeRasterizationProperties{}, T::NotSupported},
  };
  for (const Driver& d : drivers) {
    INFO(d.name);
    CHECK(nativeConservativeTier(d.props) == d.expected);
  }
}

TEST_CASE("tier bounds honour the overestimation size, not only the booleans", "[state][tier]") {
  // What DXVK/vkd3d-proton would call Tier 3 from the booleans alone:
  CHECK(nativeConservativeTier(props(0.5f, true, true)) == T::Tier1);
  CHECK(nativeConservativeTier(props(0.75f, true, true)) == T::NotSupported);
  CHECK(nativeConservativeTier(props(1.0f / 256.0f, true, true)) == T::Tier3);  // bound is inclusive
  CHECK(nativeConservativeTier(props(std::nextafter(1.0f / 256.0f, 1.0f), true, true)) == T::Tier1);
  CHECK(nativeConservativeTier(props(std::nextafter(0.5f, 1.0f), false, false)) == T::NotSupported);
  CHECK(nativeConservativeTier(props(0.0f, false, true)) == T::Tier1);  // degenerates culled
  CHECK(nativeConservativeTier(props(0.0f, true, false)) == T::Tier2);
  CHECK(nativeConservativeTier(props(std::numeric_limits<float>::quiet_NaN(), true, true)) == T::NotSupported);
  CHECK(nativeConservativeTier(props(-1.0f, true, true)) == T::NotSupported);
  ConservativeRasterizationProperties absent = props(0.0f, true, true);
  absent.extensionPresent = false;
  CHECK(nativeConservativeTier(absent) == T::NotSupported);
}

TEST_CASE("reported tier and draw routing per policy", "[state][tier]") {
  SECTION("auto reports the better of native and fallback") {
    auto d = decideConservativeTier(T::Tier2, T::Tier3, ConservativePolicy::Auto);
    CHECK(d.reported == T::Tier3);
    CHECK_FALSE(d.drawsRunNatively);  // native Tier 2 cannot honour the reported Tier 3
    d = decideConservativeTier(T::Tier3, T::Tier3, ConservativePolicy::Auto);
    CHECK(d.reported == T::Tier3);
    CHECK(d.drawsRunNatively);
    d = decideConservativeTier(T::NotSupported, T::NotSupported, ConservativePolicy::Auto);
    CHECK(d.reported == T::NotSupported);
    CHECK_FALSE(d.drawsRunNatively);
  }
  SECTION("native reports only what the device does") {
    auto d = decideConservativeTier(T::Tier1, T::Tier3, ConservativePolicy::Native);
    CHECK(d.reported == T::Tier1);
    CHECK(d.drawsRunNatively);
  }
  SECTION("fallback forces the CPU path even on capable devices") {
    auto d = decideConservativeTier(T::Tier3, T::Tier3, ConservativePolicy::Fallback);
    CHECK(d.reported == T::Tier3);
    CHECK_FALSE(d.drawsRunNatively);
  }
  SECTION("off reports NOT_SUPPORTED") {
    auto d = decideConservativeTier(T::Tier3, T::Tier3, ConservativePolicy::Off);
    CHECK(d.reported == T::NotSupported);
    CHECK_FALSE(d.drawsRunNatively);
  }
}

TEST_CASE("the fallback gives Tier 3 only where it can run: transform feedback and depth clamp", "[state][tier]") {
  CHECK(fallbackConservativeTier(true, true, true) == T::Tier3);
  CHECK(fallbackConservativeTier(false, true, true) == T::NotSupported);
  CHECK(fallbackConservativeTier(true, false, true) == T::NotSupported);
  CHECK(fallbackConservativeTier(true, true, false) == T::NotSupported);
  // lavapipe: no native conservative rasterization, so Tier 3 reported and drawn on the fallback.
  auto d = decideConservativeTier(T::NotSupported, fallbackConservativeTier(true, true, true), ConservativePolicy::Auto);
  CHECK(d.reported == T::Tier3);
  CHECK_FALSE(d.drawsRunNatively);
}

TEST_CASE("D3DVK_CONSERVATIVE_RASTER values parse and invalid ones name the valid values", "[state][tier]") {
  std::string error;
  CHECK(parseConservativePolicy(nullptr, &error) == ConservativePolicy::Auto);
  CHECK(parseConservativePolicy("", &error) == ConservativePolicy::Auto);
  CHECK(parseConservativePolicy("auto", &error) == ConservativePolicy::Auto);
  CHECK(parseConservativePolicy("native", &error) == ConservativePolicy::Native);
  CHECK(parseConservativePolicy("fallback", &error) == ConservativePolicy::Fallback);
  CHECK(parseConservativePolicy("off", &error) == ConservativePolicy::Off);
  CHECK(error.empty());
  CHECK_FALSE(parseConservativePolicy("Native", &error).has_value());
  CHECK(error == "D3DVK_CONSERVATIVE_RASTER=Native is not valid; use one of: auto, native, fallback, off");
  CHECK_FALSE(parseConservativePolicy("1", &error).has_value());
}

TEST_CASE("tier names", "[state][tier]") {
  CHECK(std::string(conservativeTierName(T::NotSupported)) == "NOT_SUPPORTED");
  CHECK(std::string(conservativeTierName(T::Tier3)) == "TIER_3");
  CHECK(static_cast<uint32_t>(T::Tier2) == 2);
}
