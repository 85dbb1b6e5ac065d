// tests/draw: conservative draws through the D3D11 API on lavapipe, which has
// no VK_EXT_conservative_rasterization, so every one runs on the CPU fallback
// (capture → translate/fallback → span triangles). What an application sees is
// checked against independent expectations:
//  * the lit pixels are exactly translate/raster's conservative (Tier 3) set,
//    and SV_InnerCoverage is exactly its inner set, triangle by triangle;
//  * attributes (perspective-correct colour, SV_Position.z, noperspective)
//    match an analytic evaluation at pixel centres, SV_PrimitiveID and
//    SV_IsFrontFace the primitive's, for indexed strips with a cut and instances;
//  * blending over overlapping primitives follows primitive order;
//  * depth extrapolated outside the triangle is clamped to the viewport range.
#include "../render/checked_device.h"
#include "draw_test_util.h"
#include "grid_triangles.h"

#include <d3dvk/raster/rasterizer.h>

#include <cmath>
#include <map>
#include <random>
#include <set>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

constexpr UINT kSize = 64;

const char kVsPosition[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xy          0     NONE   float   xy
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
//
vs_5_0
dcl_input v0.xy
dcl_output_siv o0.xyzw, position
mov o0.xy, v0.xyxx
mov o0.zw, l(0,0,0,1.000000)
ret
)";

// SV_Target (uint4) = (1, SV_InnerCoverage, SV_PrimitiveID, SV_IsFrontFace).
const char kPsCoverage[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_IsFrontFace           0   x           0    FFACE    uint   x
// SV_PrimitiveID           0   x           1   PRIMID    uint   x
// SV_InnerCoverage         0    N/A vInnerCoverage INNERCOV    uint    YES
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET    uint   xyzw
//
ps_5_0
dcl_input_ps_sgv constant v0.x, is_front_face
dcl_input_ps_sgv constant v1.x, primitive_id
dcl_input vInnerCoverage
dcl_output o0.xyzw
mov o0.x, l(1)
mov o0.y, vInnerCoverage
mov o0.z, v1.x
and o0.w, v0.x, l(1)
ret
)";

struct ConservativeTarget {
  Checked c;
  Com<ID3D11Texture2D> texture;
  Com<ID3D11RenderTargetView> rtv;
  Com<ID3D11RasterizerState2> state;

  ConservativeTarget(DXGI_FORMAT format, D3D11_CULL_MODE cull = D3D11_CULL_NONE, UINT width = kSize,
                     UINT height = kSize) {
    D3D11_TEXTURE2D_DESC td = texture2DDesc(width, height, format, D3D11_BIND_RENDER_TARGET);
    REQUIRE(c.d->CreateTexture2D(&td, nullptr, texture.out()) == S_OK);
    REQUIRE(c.d->CreateRenderTargetView(texture.get(), nullptr, rtv.out()) == S_OK);
    Com<ID3D11Device3> device3;
    REQUIRE(c.d->QueryInterface(__uuidof(ID3D11Device3), reinterpret_cast<void**>(device3.out())) == S_OK);
    D3D11_RASTERIZER_DESC2 desc{D3D11_FILL_SOLID, cull, FALSE, 0, 0.0f, 0.0f, TRUE, FALSE, FALSE, FALSE,
                                0, D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON};
    REQUIRE(device3->CreateRasterizerState2(&desc, state.out()) == S_OK);
    ID3D11RenderTargetView* views[] = {rtv.get()};
    c.d.context->OMSetRenderTargets(1, views, nullptr);
    const D3D11_VIEWPORT vp{0, 0, float(width), float(height), 0, 1};
    c.d.context->RSSetViewports(1, &vp);
    c.d.context->RSSetState(state.get());
  }
};

std::set<std::pair<int, int>> conservativePixels(const raster::ScreenTriangle& tri, bool innerOnly,
                                                 raster::CullMode cull = raster::CullMode::None) {
  raster::RasterizerDrawState state;
  state.mode = raster::RasterMode::Conservative;
  state.tier = raster::ConservativeTier::Tier3;
  state.cull = cull;
  state.clip = {0, 0, int(kSize), int(kSize)};
  raster::SpanRowArray rows;
  const raster::TriangleCoverage cov = raster::rasterizeTriangle(tri, state, rows);
  std::set<std::pair<int, int>> out;
  for (uint32_t r = 0; r < cov.rowCount; ++r) {
    const raster::SpanRow& row = rows[r];
    const int y = cov.firstY + int(r);
    const int begin = innerOnly ? row.innerBegin : row.outerBegin, end = innerOnly ? row.innerEnd : row.outerEnd;
    for (int x = begin; x < end; ++x) out.insert({x, y});
  }
  return out;
}

}  // namespace

TEST_CASE("conservative draws on the fallback light exactly the Tier 3 pixel set, inner coverage exact",
          "[draw][conservative][fallback]") {
  ConservativeTarget t(DXGI_FORMAT_R32G32B32A32_UINT);
  const std::vector<uint8_t> vsCode = assembled(kVsPosition), psCode = assembled(kPsCoverage);
  Com<ID3D11VertexShader> vs;
  Com<ID3D11PixelShader> ps;
  Com<ID3D11InputLayout> layout;
  REQUIRE(t.c.d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
  REQUIRE(t.c.d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  const D3D11_INPUT_ELEMENT_DESC element{"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0};
  REQUIRE(t.c.d->CreateInputLayout(&element, 1, vsCode.data(), vsCode.size(), layout.out()) == S_OK);

  constexpr int kTriangles = 120;
  std::mt19937 rng(20261122);
  std::vector<raster::ScreenTriangle> triangles(kTriangles);
  std::vector<float> ndc;
  for (raster::ScreenTriangle& tri : triangles)
    for (auto& v : tri.v) {
      v = {gridCoordinate(rng, int(kSize)), gridCoordinate(rng, int(kSize))};
      ndc.push_back(v.x / (kSize / 2.0f) - 1.0f);  // exact: 1/256 multiples, W = 64
      ndc.push_back(1.0f - v.y / (kSize / 2.0f));
    }
  Com<ID3D11Buffer> vb = makeBuffer(t.c.d, ndc.data(), UINT(ndc.size() * sizeof(float)), D3D11_BIND_VERTEX_BUFFER);
  ID3D11DeviceContext* ctx = t.c.d.context.get();
  ctx->IASetInputLayout(layout.get());
  ctx->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  ID3D11Buffer* buffers[] = {vb.get()};
  const UINT stride = 8, offset = 0;
  ctx->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
  ctx->VSSetShader(vs.get(), nullptr, 0);
  ctx->PSSetShader(ps.get(), nullptr, 0);

  int nonEmpty = 0, withInner = 0;
  const float zero[4] = {0, 0, 0, 0};
  for (int i = 0; i < kTriangles; ++i) {
    const raster::ScreenTriangle& tri = triangles[i];
    ctx->ClearRenderTargetView(t.rtv.get(), zero);
    ctx->Draw(3, UINT(3 * i));
    const std::vector<uint8_t> raw = readback(t.c.d, t.texture.get());
    std::set<std::pair<int, int>> lit, inner;
    bool frontFaceSeen = false, backFaceSeen = false;
    for (UINT y = 0; y < kSize; ++y)
      for (UINT x = 0; x < kSize; ++x) {
        const size_t texel = size_t(y * kSize + x) * 4;
        if (!texelAt<uint32_t>(raw, texel)) continue;
        lit.insert({int(x), int(y)});
        if (texelAt<uint32_t>(raw, texel + 1)) inner.insert({int(x), int(y)});
        CHECK(texelAt<uint32_t>(raw, texel + 2) == 0u);  // SV_PrimitiveID of a one-triangle draw
        (texelAt<uint32_t>(raw, texel + 3) ? frontFaceSeen : backFaceSeen) = true;
      }
    INFO("triangle " << i << ": (" << tri.v[0].x << "," << tri.v[0].y << ") (" << tri.v[1].x << "," << tri.v[1].y
                     << ") (" << tri.v[2].x << "," << tri.v[2].y << ")");
    CHECK(lit == conservativePixels(tri, false));
    CHECK(inner == conservativePixels(tri, true));
    CHECK_FALSE((frontFaceSeen && backFaceSeen));  // one facing per primitive
    // Screen winding (y down): clockwise is front (FrontCounterClockwise FALSE).
    const double area = (tri.v[1].x - tri.v[0].x) * (tri.v[2].y - tri.v[0].y) -
                        (tri.v[2].x - tri.v[0].x) * (tri.v[1].y - tri.v[0].y);
    if (area > 0) CHECK_FALSE(backFaceSeen);
    if (area < 0) CHECK_FALSE(frontFaceSeen);
    nonEmpty += !lit.empty();
    withInner += !inner.empty();
  }
  CHECK(nonEmpty > 100);
  CHECK(withInner > 50);
  CHECK(drainMessages(t.c.queue.get()).empty());
}
