// tests/runtime: draw-time and pixel-shader-creation conservative rules.
#include "conservative_validator.h"

#include <catch2/catch.hpp>

using namespace d3dvk::runtime;

TEST_CASE("conservative draws with point or line topologies are dropped with message 365",
          "[runtime][validator][draw]") {
  for (uint32_t topology : {1u, 2u, 3u, 10u, 11u}) {
    DrawVerdict v = validateConservativeDraw({topology, true, false});
    INFO(primitiveTopologyName(topology));
    CHECK(v.drop);
    REQUIRE(v.messages.size() == 1);
    CHECK(v.messages[0].id == 365);
    CHECK(std::string(v.messages[0].idName) == "DEVICE_DRAW_INVALID_PRIMITIVETOPOLOGY");
    CHECK(v.messages[0].text.find(primitiveTopologyName(topology)) != std::string::npos);
    CHECK(v.messages[0].text.find("defined only for triangles") != std::string::npos);
    // The same topology without conservative rasterization is fine.
    DrawVerdict off = validateConservativeDraw({topology, false, false});
    CHECK_FALSE(off.drop);
    CHECK(off.messages.empty());
  }
  for (uint32_t topology : {4u, 5u, 12u, 13u, 35u}) {
    DrawVerdict v = validateConservativeDraw({topology, true, true});
    CHECK_FALSE(v.drop);
    CHECK(v.messages.empty());  // a valid draw says nothing
  }
  CHECK(primitiveTopologyName(2) == "D3D11_PRIMITIVE_TOPOLOGY_LINELIST");
  CHECK(primitiveTopologyName(35) == "D3D11_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST");
}

TEST_CASE("SV_InnerCoverage with conservative OFF is error 3146155, and the draw proceeds",
          "[runtime][validator][draw]") {
  DrawVerdict v = validateConservativeDraw({4, false, true});
  CHECK_FALSE(v.drop);
  REQUIRE(v.messages.size() == 1);
  CHECK(v.messages[0].id == 3146155);
  CHECK(std::string(v.messages[0].idName) == "DEVICE_DRAW_INVALID_SYSTEMVALUE");
  CHECK(v.messages[0].text.find("SV_InnerCoverage") != std::string::npos);
  // Both rules at once: a line list, inner coverage, conservative ON → only the topology.
  DrawVerdict both = validateConservativeDraw({2, true, true});
  CHECK(both.drop);
  CHECK(both.messages.size() == 1);
}

TEST_CASE("pixel shaders using SV_InnerCoverage need Tier 3 and no SV_Coverage input",
          "[runtime][validator][shader]") {
  for (int tier = 0; tier <= 3; ++tier) {
    INFO("tier " << tier);
    auto byDeclaration = validateConservativePixelShader({true, false, false, tier});
    auto byFeatureFlag = validateConservativePixelShader({false, true, false, tier});
    CHECK(byDeclaration.size() == (tier < 3 ? 1u : 0u));
    CHECK(byFeatureFlag.size() == (tier < 3 ? 1u : 0u));
    if (tier < 3) {
      CHECK(byDeclaration[0].id == 192);
      CHECK(byDeclaration[0].text.find("requires D3D11_CONSERVATIVE_RASTERIZATION_TIER_3") != std::string::npos);
    }
  }
  auto exclusive = validateConservativePixelShader({true, true, true, 3});
  REQUIRE(exclusive.size() == 1);
  CHECK(exclusive[0].text.find("mutually exclusive") != std::string::npos);
  CHECK(validateConservativePixelShader({false, false, true, 0}).empty());  // SV_Coverage alone is fine
}
