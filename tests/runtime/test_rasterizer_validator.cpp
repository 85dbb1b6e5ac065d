// tests/runtime: the shared rasterizer validator for D3D11 and D3D12 (the D3D12
// graphics-PSO rasterizer check with message ID 647).
#include "d3d12_rasterizer_validation.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>

using namespace d3dvk::runtime;

namespace {

D3D12_RASTERIZER_DESC defaultD3D12() {
  return {D3D12_FILL_MODE_SOLID, D3D12_CULL_MODE_BACK, FALSE, 0, 0.f, 0.f, TRUE, FALSE, FALSE, 0,
          D3D12_CONSERVATIVE_RASTERIZATION_MODE_OFF};
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("D3D12 PSO rasterizer validation: conservative errors carry message 647", "[runtime][d3d12][validator]") {
  D3D12_RASTERIZER_DESC d = defaultD3D12();
  CHECK(validateD3D12RasterizerDesc(d, D3D12_CONSERVATIVE_RASTERIZATION_TIER_NOT_SUPPORTED).empty());

  d.ConservativeRaster = D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON;
  auto errors = validateD3D12RasterizerDesc(d, D3D12_CONSERVATIVE_RASTERIZATION_TIER_NOT_SUPPORTED);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].d3d12Id == 647);
  CHECK(std::string(errors[0].d3d12Name) == "CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE");
  CHECK(contains(errors[0].text, "ConservativeRaster is D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON"));
  CHECK(contains(errors[0].text, "D3D12_CONSERVATIVE_RASTERIZATION_TIER_NOT_SUPPORTED"));
  CHECK(validateD3D12RasterizerDesc(d, D3D12_CONSERVATIVE_RASTERIZATION_TIER_1).empty());

  d.FillMode = D3D12_FILL_MODE_WIREFRAME;
  errors = validateD3D12RasterizerDesc(d, D3D12_CONSERVATIVE_RASTERIZATION_TIER_3);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].d3d12Id == 647);
  CHECK(errors[0].text ==
        "ConservativeRaster is D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON but FillMode is D3D12_FILL_MODE_WIREFRAME; "
        "conservative rasterization requires D3D12_FILL_MODE_SOLID.");

  D3D12_RASTERIZER_DESC bad = defaultD3D12();
  int invalidMode = 2;
  std::memcpy(&bad.ConservativeRaster, &invalidMode, sizeof invalidMode);
  errors = validateD3D12RasterizerDesc(bad, D3D12_CONSERVATIVE_RASTERIZATION_TIER_3);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].d3d12Id == 647);
}

TEST_CASE("D3D12 PSO rasterizer validation: the other fields use D3D12's IDs", "[runtime][d3d12][validator]") {
  D3D12_RASTERIZER_DESC d = defaultD3D12();
  int invalidFill = 9, invalidCull = 0;
  std::memcpy(&d.FillMode, &invalidFill, sizeof invalidFill);
  std::memcpy(&d.CullMode, &invalidCull, sizeof invalidCull);
  d.DepthBiasClamp = std::numeric_limits<float>::quiet_NaN();
  d.SlopeScaledDepthBias = std::numeric_limits<float>::quiet_NaN();
  d.ForcedSampleCount = 6;
  auto errors = validateD3D12RasterizerDesc(d, D3D12_CONSERVATIVE_RASTERIZATION_TIER_3);
  REQUIRE(errors.size() == 5);
  CHECK(errors[0].d3d12Id == 95);
  CHECK(contains(errors[0].text, "FillMode is 9; valid values are D3D12_FILL_MODE_WIREFRAME (2)"));
  CHECK(errors[1].d3d12Id == 96);
  CHECK(errors[2].d3d12Id == 97);
  CHECK(errors[3].d3d12Id == 98);
  CHECK(errors[4].d3d12Id == 401);
}

TEST_CASE("D3D11 and D3D12 apply the same rules to the same desc", "[runtime][validator]") {
  // Every combination of fill mode, conservative mode and tier.
  for (int fill : {0, 2, 3, 4})
    for (int mode : {0, 1, 2})
      for (int tier : {0, 1, 2, 3}) {
        D3D12_RASTERIZER_DESC d12 = defaultD3D12();
        std::memcpy(&d12.FillMode, &fill, sizeof fill);
        std::memcpy(&d12.ConservativeRaster, &mode, sizeof mode);
        D3DWDDM2_0DDI_RASTERIZER_DESC ddi = toDdiRasterizerDesc(d12);
        auto e11 = validateRasterizerDesc(ddi, D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_TIER(tier), Api::D3D11);
        D3D12_CONSERVATIVE_RASTERIZATION_TIER t12;
        std::memcpy(&t12, &tier, sizeof tier);
        auto e12 = validateD3D12RasterizerDesc(d12, t12);
        INFO("fill " << fill << " mode " << mode << " tier " << tier);
        REQUIRE(e11.size() == e12.size());
        for (size_t i = 0; i < e11.size(); ++i) {
          CHECK(e11[i].d3d11Id == e12[i].d3d11Id);  // the same rule fired
          CHECK(e11[i].d3d12Id == e12[i].d3d12Id);
          if (e12[i].d3d12Id == 647) CHECK(e11[i].d3d11Id == 3146154);
        }
        // ON is valid exactly when the tier is ≥ 1 and the fill mode is SOLID.
        if (mode == 1 && fill == 3) CHECK(e11.empty() == (tier >= 1));
      }
}
