// tests/draw: the standard-rasterization cross-check through the D3D11 API —
// random triangles drawn with Draw on the real UMD against translate/raster's
// standard mode, pixel for pixel. The triangles are the same kind as
// tests/raster_vs_vulkan's (vertices on the 16.8 grid, many on pixel centres
// and edges), and so is the rule: the two agree except for pixels whose centre
// lies closer to an edge than the device's subpixel precision, where the
// Vulkan spec leaves the answer to the device (grid_triangles.h; lavapipe's
// edge evaluation is less precise than exact 16.8 there).
// Passing through D3D's NDC and the negative-height viewport must not move a
// single pixel: the positions are exact in float all the way.
#include "draw_test_util.h"
#include "expected_device.h"
#include "grid_triangles.h"

#include <d3dvk/raster/rasterizer.h>

#include <random>
#include <set>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

constexpr UINT kSize = 64;

const char kPsOne[] = R"(//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   x           0   TARGET    uint   x
//
ps_5_0
dcl_output o0.x
mov o0.x, l(1)
ret
)";

}  // namespace

TEST_CASE("D3D11 draws rasterize like translate/raster's standard mode", "[draw][raster]") {
  RenderDevice d;
  const uint32_t bits = expectedDevice().subPixelPrecisionBits;
  const double tolerance = subpixelToleranceUnits(bits);
  D3D11_TEXTURE2D_DESC td = texture2DDesc(kSize, kSize, DXGI_FORMAT_R32_UINT, D3D11_BIND_RENDER_TARGET);
  Com<ID3D11Texture2D> texture;
  Com<ID3D11RenderTargetView> rtv;
  REQUIRE(d->CreateTexture2D(&td, nullptr, texture.out()) == S_OK);
  REQUIRE(d->CreateRenderTargetView(texture.get(), nullptr, rtv.out()) == S_OK);
  const std::vector<uint8_t> vsCode = assembled(kVsPosition), psCode = assembled(kPsOne);
  Com<ID3D11VertexShader> vs;
  Com<ID3D11PixelShader> ps;
  Com<ID3D11InputLayout> layout;
  REQUIRE(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
  REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  const D3D11_INPUT_ELEMENT_DESC element{"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0};
  REQUIRE(d->CreateInputLayout(&element, 1, vsCode.data(), vsCode.size(), layout.out()) == S_OK);
  D3D11_RASTERIZER_DESC rd{D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0.0f, 0.0f, TRUE, FALSE, FALSE, FALSE};
  Com<ID3D11RasterizerState> rs;
  REQUIRE(d->CreateRasterizerState(&rd, rs.out()) == S_OK);

  constexpr int kTriangles = 300;
  std::mt19937 rng(20261122);
  std::vector<raster::ScreenTriangle> triangles(kTriangles);
  std::vector<float> ndc;
  for (raster::ScreenTriangle& tri : triangles)
    for (auto& v : tri.v) {
      v = {gridCoordinate(rng, int(kSize)), gridCoordinate(rng, int(kSize))};
      ndc.push_back(v.x / (kSize / 2.0f) - 1.0f);  // exact: 1/256 multiples, W = 64
      ndc.push_back(1.0f - v.y / (kSize / 2.0f));
    }
  Com<ID3D11Buffer> vb = makeBuffer(d, ndc.data(), UINT(ndc.size() * sizeof(float)), D3D11_BIND_VERTEX_BUFFER);

  ID3D11RenderTargetView* views[] = {rtv.get()};
  d.context->OMSetRenderTargets(1, views, nullptr);
  const D3D11_VIEWPORT vp{0, 0, float(kSize), float(kSize), 0, 1};
  d.context->RSSetViewports(1, &vp);
  d.context->RSSetState(rs.get());
  d.context->IASetInputLayout(layout.get());
  d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  ID3D11Buffer* buffers[] = {vb.get()};
  const UINT stride = 8, offset = 0;
  d.context->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
  d.context->VSSetShader(vs.get(), nullptr, 0);
  d.context->PSSetShader(ps.get(), nullptr, 0);

  raster::RasterizerDrawState state;
  state.mode = raster::RasterMode::Standard;
  state.clip = {0, 0, int(kSize), int(kSize)};
  int nonEmpty = 0, disagreeing = 0;
  const float zero[4] = {0, 0, 0, 0};
  for (int t = 0; t < kTriangles; ++t) {
    const raster::ScreenTriangle& tri = triangles[t];
    d.context->ClearRenderTargetView(rtv.get(), zero);
    d.context->Draw(3, UINT(3 * t));
    const std::vector<uint8_t> raw = readback(d, texture.get());
    std::set<std::pair<int, int>> gpu, cpu;
    for (UINT y = 0; y < kSize; ++y)
      for (UINT x = 0; x < kSize; ++x)
        if (texelAt<uint32_t>(raw, y * kSize + x)) gpu.insert({int(x), int(y)});
    raster::SpanRowArray rows;
    raster::TriangleCoverage cov = raster::rasterizeTriangle(tri, state, rows);
    for (uint32_t r = 0; r < cov.rowCount; ++r) {
      raster::RowSubSpans subs = raster::subSpans(rows[r], cov.firstY + int(r));
      for (int k = 0; k < subs.count; ++k)
        for (int x = subs.span[k].xBegin; x < subs.span[k].xEnd; ++x) cpu.insert({x, subs.span[k].y});
    }
    INFO("triangle " << t << ": (" << tri.v[0].x << "," << tri.v[0].y << ") (" << tri.v[1].x << "," << tri.v[1].y
                     << ") (" << tri.v[2].x << "," << tri.v[2].y << ")");
    std::vector<std::pair<int, int>> differences;
    for (auto& px : gpu)
      if (!cpu.count(px)) differences.push_back(px);
    for (auto& px : cpu)
      if (!gpu.count(px)) differences.push_back(px);
    for (auto& px : differences) {
      INFO("pixel (" << px.first << "," << px.second << ") differs, centre "
                     << centreToEdgeUnits(tri, px.first, px.second) << "/256 px from an edge");
      CHECK(centreToEdgeUnits(tri, px.first, px.second) < tolerance);
    }
    disagreeing += !differences.empty();
    nonEmpty += !gpu.empty();
  }
  CHECK(nonEmpty > 150);
  WARN(disagreeing << " of " << kTriangles << " triangles differ from the device at a pixel within one subpixel (2^-"
                   << bits << " px) of an edge");
  d.context->RSSetState(nullptr);
}
