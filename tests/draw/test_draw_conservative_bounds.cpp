// tests/draw: conservative draws on the device's own path (the default policy:
// natively on a GPU whose VK_EXT_conservative_rasterization meets the reported
// tier, on the fallback on lavapipe), held to the spec's bounds rather than to
// one implementation's pixels (tools/d3dvk-conformance/coverage_bounds.h). For
// random triangles on the 16.8 grid (so snapping moves nothing):
//  * no false negatives: every pixel the triangle's interior overlaps is lit;
//  * every lit pixel lies in the outer uncertainty region of the reported tier
//    (1/256 px at Tiers 2–3, ½ px at Tier 1);
//  * at Tier 3, SV_InnerCoverage is sound: set only on pixels inside the
//    triangle, and on every pixel inside it by more than 1/256 px.
// Exactness is the fallback's promise and is tested there (the [fallback] cases).
#include "../render/checked_device.h"
#include "coverage_bounds.h"
#include "draw_test_util.h"
#include "expected_device.h"
#include "grid_triangles.h"

#include <random>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

constexpr UINT kSize = 48;

// SV_Target (uint4) = (1, SV_InnerCoverage, 0, 0).
const char kPsInner[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_InnerCoverage         0    N/A vInnerCoverage INNERCOV    uint    YES
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET    uint   xyzw
//
ps_5_0
dcl_input vInnerCoverage
dcl_output o0.xyzw
mov o0.xzw, l(1,0,0,0)
and o0.y, vInnerCoverage, l(1)
ret
)";

// SV_Target (uint4) = (1, 0, 0, 0), for tiers below 3 (no SV_InnerCoverage).
const char kPsLit[] = R"(//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET    uint   xyzw
//
ps_5_0
dcl_output o0.xyzw
mov o0.xyzw, l(1,0,0,0)
ret
)";

}  // namespace

TEST_CASE("conservative draws on the device's own path stay within the spec's bounds, inner coverage sound",
          "[draw][conservative][bounds]") {
  const ExpectedDevice e = expectedDevice();
  const state::ConservativeTier tier = e.decide().reported;
  if (tier == state::ConservativeTier::NotSupported) {
    WARN("the device reports no conservative rasterization");
    return;
  }
  const bool tier3 = tier == state::ConservativeTier::Tier3;
  INFO("reported tier " << int(tier) << ", conservative draws " << e.drawPath());
  Checked c;
  ID3D11DeviceContext* ctx = c.d.context.get();
  D3D11_TEXTURE2D_DESC td = texture2DDesc(kSize, kSize, DXGI_FORMAT_R32G32B32A32_UINT, D3D11_BIND_RENDER_TARGET);
  Com<ID3D11Texture2D> texture;
  Com<ID3D11RenderTargetView> rtv;
  REQUIRE(c.d->CreateTexture2D(&td, nullptr, texture.out()) == S_OK);
  REQUIRE(c.d->CreateRenderTargetView(texture.get(), nullptr, rtv.out()) == S_OK);
  const std::vector<uint8_t> vsCode = assembled(kVsPosition), psCode = assembled(tier3 ? kPsInner : kPsLit);
  Com<ID3D11VertexShader> vs;
  Com<ID3D11PixelShader> ps;
  Com<ID3D11InputLayout> layout;
  REQUIRE(c.d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
  REQUIRE(c.d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  const D3D11_INPUT_ELEMENT_DESC element{"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0};
  REQUIRE(c.d->CreateInputLayout(&element, 1, vsCode.data(), vsCode.size(), layout.out()) == S_OK);
  Com<ID3D11Device3> device3;
  REQUIRE(c.d->QueryInterface(__uuidof(ID3D11Device3), reinterpret_cast<void**>(device3.out())) == S_OK);
  const D3D11_RASTERIZER_DESC2 rd{D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0.0f, 0.0f, TRUE, FALSE, FALSE, FALSE,
                                  0, D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON};
  Com<ID3D11RasterizerState2> state;
  REQUIRE(device3->CreateRasterizerState2(&rd, state.out()) == S_OK);

  constexpr int kTriangles = 60;
  std::mt19937 rng(20261124);
  std::vector<std::array<conformance::PixelPoint, 3>> triangles(kTriangles);
  std::vector<float> ndc;
  for (auto& tri : triangles)
    for (auto& v : tri) {
      v = {gridCoordinate(rng, int(kSize)), gridCoordinate(rng, int(kSize))};  // exact on the 16.8 grid
      ndc.push_back(float(v.x / (kSize / 2.0) - 1.0));
      ndc.push_back(float(1.0 - v.y / (kSize / 2.0)));
    }
  Com<ID3D11Buffer> vb = makeBuffer(c.d, ndc.data(), UINT(ndc.size() * sizeof(float)), D3D11_BIND_VERTEX_BUFFER);
  ID3D11Buffer* buffers[] = {vb.get()};
  const UINT stride = 8, offset = 0;
  ctx->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
  ctx->IASetInputLayout(layout.get());
  ctx->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  ctx->VSSetShader(vs.get(), nullptr, 0);
  ctx->PSSetShader(ps.get(), nullptr, 0);
  ctx->RSSetState(state.get());
  ID3D11RenderTargetView* views[] = {rtv.get()};
  ctx->OMSetRenderTargets(1, views, nullptr);
  const D3D11_VIEWPORT vp{0, 0, float(kSize), float(kSize), 0, 1};
  ctx->RSSetViewports(1, &vp);

  int exact = 0, withExtra = 0, withInner = 0;
  for (int i = 0; i < kTriangles; ++i) {
    const UINT zero[4] = {0, 0, 0, 0};
    ctx->ClearRenderTargetView(rtv.get(), reinterpret_cast<const float*>(zero));
    ctx->Draw(3, UINT(3 * i));
    const std::vector<uint8_t> raw = readback(c.d, texture.get());
    conformance::PixelSet lit, inner;
    for (UINT y = 0; y < kSize; ++y)
      for (UINT x = 0; x < kSize; ++x) {
        const uint32_t* texel = reinterpret_cast<const uint32_t*>(raw.data()) + size_t(y * kSize + x) * 4;
        if (texel[0]) lit.insert({int(x), int(y)});
        if (texel[1]) inner.insert({int(x), int(y)});
      }
    const auto& tri = triangles[size_t(i)];
    INFO("triangle " << i << ": (" << tri[0].x << "," << tri[0].y << ") (" << tri[1].x << "," << tri[1].y << ") ("
                     << tri[2].x << "," << tri[2].y << ")");
    const conformance::CoverageVerdict v = conformance::judgeCoverage(
        conformance::overlappedPixels(tri, int(kSize), int(kSize)),
        conformance::uncertaintyRegionPixels(tri, int(tier), int(kSize), int(kSize)), lit);
    INFO(v.detail);
    CHECK(v.pass);
    (v.extra.empty() ? exact : withExtra) += v.pass;
    if (!tier3) continue;
    // Inner coverage: no false positives, false negatives only within 1/256 px of an edge.
    const conformance::PixelSet allowed = conformance::fullyCoveredPixels(tri, int(kSize), int(kSize), 0);
    const conformance::PixelSet required = conformance::fullyCoveredPixels(tri, int(kSize), int(kSize), 1);
    const conformance::CoverageVerdict in = conformance::judgeCoverage(required, allowed, inner);
    INFO("SV_InnerCoverage: " << in.detail);
    CHECK(in.pass);
    withInner += !required.empty();
  }
  if (tier3) CHECK(withInner > 10);
  WARN("conservative draws on the " << e.drawPath() << " path: " << exact << " of " << kTriangles
                                    << " triangles lit only the pixels their interior overlaps, " << withExtra
                                    << " also pixels of the uncertainty region (touched edges included)");
  CHECK(drainMessages(c.queue.get()).empty());
}
