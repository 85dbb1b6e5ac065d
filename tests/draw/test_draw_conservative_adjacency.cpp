// tests/draw: conservative draws with the adjacency triangle topologies on the
// UMD's fallback, forced (ForceConservativeFallback) whatever the device. Without a
// geometry shader the adjacency vertices are ignored: TRIANGLELIST_ADJ draws
// (0, 2, 4) of each group of 6 and TRIANGLESTRIP_ADJ the strip of the even
// vertices (triangle i is (2i, 2i+2, 2i+4), odd i swapping the first two). Each
// pixel must hold the SV_PrimitiveID of the last triangle whose translate/raster
// Tier 3 set contains it (primitives in order), and no other pixel is lit. The
// adjacency vertices lie where they would light many more pixels if used.
#include "../render/checked_device.h"
#include "conservative_pixels.h"
#include "draw_test_util.h"

#include <d3dvk/raster/rasterizer.h>

#include <map>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

// A power of two: positions on the 1/256 grid stay exact through NDC and the
// viewport transform, so the fallback sees the same (exact) input as the
// reference (translate/raster dilates inexact input by its uncertainty region).
constexpr UINT kSize = 64;

// SV_Target (uint) = SV_PrimitiveID + 1.
const char kPsPrimitiveId[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// SV_PrimitiveID           0   x           1   PRIMID    uint   x
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   x           0   TARGET    uint   x
//
ps_5_0
dcl_input_ps_sgv constant v1.x, primitive_id
dcl_output o0.x
iadd o0.x, v1.x, l(1)
ret
)";

struct Point {
  float x, y;  // render-target pixels, on the 1/256 grid
};

// A conservative (ON) rasterizer state with `cull`, an R32_UINT target, the
// position-only VS and the primitive-ID PS, on a debug device.
struct AdjacencyScene {
  Checked c;
  Com<ID3D11Texture2D> texture;
  Com<ID3D11RenderTargetView> rtv;
  Com<ID3D11VertexShader> vs;
  Com<ID3D11PixelShader> ps;
  Com<ID3D11InputLayout> layout;

  AdjacencyScene() {
    RenderDevice& d = c.d;
    D3D11_TEXTURE2D_DESC td = texture2DDesc(kSize, kSize, DXGI_FORMAT_R32_UINT, D3D11_BIND_RENDER_TARGET);
    REQUIRE(d->CreateTexture2D(&td, nullptr, texture.out()) == S_OK);
    REQUIRE(d->CreateRenderTargetView(texture.get(), nullptr, rtv.out()) == S_OK);
    const std::vector<uint8_t> vsCode = assembled(kVsPosition), psCode = assembled(kPsPrimitiveId);
    REQUIRE(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
    REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
    const D3D11_INPUT_ELEMENT_DESC element{"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0,
                                           D3D11_INPUT_PER_VERTEX_DATA, 0};
    REQUIRE(d->CreateInputLayout(&element, 1, vsCode.data(), vsCode.size(), layout.out()) == S_OK);
    ID3D11RenderTargetView* views[] = {rtv.get()};
    d.context->OMSetRenderTargets(1, views, nullptr);
    const D3D11_VIEWPORT vp{0, 0, float(kSize), float(kSize), 0, 1};
    d.context->RSSetViewports(1, &vp);
    d.context->IASetInputLayout(layout.get());
    d.context->VSSetShader(vs.get(), nullptr, 0);
    d.context->PSSetShader(ps.get(), nullptr, 0);
  }

  void setConservative(D3D11_CULL_MODE cull) {
    Com<ID3D11Device3> device3;
    REQUIRE(c.d->QueryInterface(__uuidof(ID3D11Device3), reinterpret_cast<void**>(device3.out())) == S_OK);
    D3D11_RASTERIZER_DESC2 desc{D3D11_FILL_SOLID, cull, FALSE, 0, 0.0f, 0.0f, TRUE, FALSE, FALSE, FALSE,
                                0, D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON};
    Com<ID3D11RasterizerState2> state;
    REQUIRE(device3->CreateRasterizerState2(&desc, state.out()) == S_OK);
    c.d.context->RSSetState(state.get());  // the context keeps its own reference
  }

  // Clears, draws `points` as `topology` (indexed when `indices` is not empty)
  // and returns the R32_UINT texels.
  std::vector<uint32_t> draw(const std::vector<Point>& points, D3D11_PRIMITIVE_TOPOLOGY topology,
                             const std::vector<uint16_t>& indices = {}) {
    std::vector<float> ndc;
    for (const Point& p : points) ndc.insert(ndc.end(), {p.x / (kSize / 2.0f) - 1.0f, 1.0f - p.y / (kSize / 2.0f)});
    Com<ID3D11Buffer> vb = makeBuffer(c.d, ndc.data(), UINT(ndc.size() * 4), D3D11_BIND_VERTEX_BUFFER);
    ID3D11Buffer* buffers[] = {vb.get()};
    const UINT stride = 8, offset = 0;
    ID3D11DeviceContext* ctx = c.d.context.get();
    ctx->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
    ctx->IASetPrimitiveTopology(topology);
    const float zero[4] = {0, 0, 0, 0};
    ctx->ClearRenderTargetView(rtv.get(), zero);
    if (indices.empty()) {
      ctx->Draw(UINT(points.size()), 0);
    } else {
      Com<ID3D11Buffer> ib = makeBuffer(c.d, indices.data(), UINT(indices.size() * 2), D3D11_BIND_INDEX_BUFFER);
      ctx->IASetIndexBuffer(ib.get(), DXGI_FORMAT_R16_UINT, 0);
      ctx->DrawIndexed(UINT(indices.size()), 0, 0);
    }
    const std::vector<uint8_t> raw = readback(c.d, texture.get());
    std::vector<uint32_t> out(size_t(kSize) * kSize);
    std::memcpy(out.data(), raw.data(), raw.size());
    return out;
  }
};

raster::ScreenTriangle triangle(Point a, Point b, Point c) {
  raster::ScreenTriangle t;
  t.v[0] = {a.x, a.y};
  t.v[1] = {b.x, b.y};
  t.v[2] = {c.x, c.y};
  return t;
}

// What the target must hold: primitive i's Tier 3 pixels (culled as `cull` says)
// hold i + 1, later primitives over earlier ones; 0 elsewhere.
std::vector<uint32_t> expectedIds(const std::vector<raster::ScreenTriangle>& triangles, raster::CullMode cull) {
  std::vector<uint32_t> out(size_t(kSize) * kSize, 0);
  for (size_t i = 0; i < triangles.size(); ++i)
    for (const auto& [x, y] : conservativePixels(triangles[i], false, int(kSize), cull))
      out[size_t(y) * kSize + x] = uint32_t(i + 1);
  return out;
}

void compare(const std::vector<uint32_t>& got, const std::vector<uint32_t>& want) {
  int mismatches = 0;
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x) {
      const size_t i = size_t(y) * kSize + x;
      if (got[i] != want[i] && ++mismatches <= 10) {
        INFO("pixel (" << x << "," << y << ")");
        CHECK(got[i] == want[i]);
      }
    }
  CHECK(mismatches == 0);
}

size_t litCount(const std::vector<uint32_t>& texels) {
  return size_t(std::count_if(texels.begin(), texels.end(), [](uint32_t v) { return v != 0; }));
}

}  // namespace

TEST_CASE("conservative fallback: TRIANGLELIST_ADJ lights the Tier 3 pixels of the (0, 2, 4) triangles",
          "[draw][conservative][fallback][topology]") {
  ForceConservativeFallback fallback;
  AdjacencyScene s;
  // Triangle 0 clockwise on screen (front-facing), triangle 1 counter-clockwise;
  // the two overlap, so primitive order shows in the overlap.
  const Point a[3] = {{3.5f, 4.25f}, {30.75f, 9.5f}, {8.125f, 27.0f}};
  const Point b[3] = {{20.0f, 14.5f}, {24.25f, 44.75f}, {43.5f, 20.125f}};
  const Point adjacency[6] = {{0, 47}, {47, 47}, {0, 0}, {47, 0}, {24, 47}, {47, 24}};
  const std::vector<Point> points = {a[0], adjacency[0], a[1], adjacency[1], a[2], adjacency[2],
                                     b[0], adjacency[3], b[1], adjacency[4], b[2], adjacency[5]};
  const std::vector<raster::ScreenTriangle> triangles = {triangle(a[0], a[1], a[2]), triangle(b[0], b[1], b[2])};
  struct Case {
    const char* what;
    D3D11_CULL_MODE d3d;
    raster::CullMode cpu;
  };
  for (const Case& k : {Case{"CULL_NONE", D3D11_CULL_NONE, raster::CullMode::None},
                        Case{"CULL_BACK", D3D11_CULL_BACK, raster::CullMode::Back}}) {
    INFO(k.what);
    s.setConservative(k.d3d);
    const std::vector<uint32_t> want = expectedIds(triangles, k.cpu);
    compare(s.draw(points, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ), want);
    CHECK(litCount(want) > (k.cpu == raster::CullMode::None ? 500u : 250u));
  }
  CHECK(drainMessages(s.c.queue.get()).empty());
}

TEST_CASE("conservative fallback: TRIANGLESTRIP_ADJ lights the Tier 3 pixels of the even-vertex strip, also "
          "indexed with a cut",
          "[draw][conservative][fallback][topology]") {
  ForceConservativeFallback fallback;
  AdjacencyScene s;
  s.setConservative(D3D11_CULL_NONE);
  // The even vertices: a zig-zag strip of 4 triangles, the first clockwise.
  const Point e[6] = {{2.25f, 3.5f},   {13.75f, 1.125f}, {7.5f, 22.25f},
                      {25.5f, 4.75f}, {20.125f, 24.5f}, {40.25f, 8.0f}};
  const Point adjacency[6] = {{0, 47}, {47, 47}, {24, 47}, {0, 40}, {47, 40}, {10, 46}};
  std::vector<Point> strip;
  for (int i = 0; i < 6; ++i) strip.insert(strip.end(), {e[i], adjacency[i]});
  const std::vector<raster::ScreenTriangle> triangles = {triangle(e[0], e[1], e[2]), triangle(e[2], e[1], e[3]),
                                                         triangle(e[2], e[3], e[4]), triangle(e[4], e[3], e[5])};
  const std::vector<uint32_t> want = expectedIds(triangles, raster::CullMode::None);
  compare(s.draw(strip, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ), want);
  CHECK(litCount(want) > 400);
  // Every triangle of the strip has the first one's (front) facing: CULL_FRONT leaves nothing.
  s.setConservative(D3D11_CULL_FRONT);
  CHECK(litCount(s.draw(strip, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ)) == 0);
  CHECK(conservativePixels(triangles[1], false, int(kSize), raster::CullMode::Front).empty());

  // Indexed: the strip, the cut index, then a one-triangle strip (6 vertices)
  // near the bottom; primitive IDs count on across the cut.
  s.setConservative(D3D11_CULL_NONE);
  const Point g[3] = {{6.5f, 30.25f}, {9.75f, 46.0f}, {33.125f, 38.5f}};
  std::vector<Point> points = strip;
  points.insert(points.end(), {g[0], adjacency[0], g[1], adjacency[1], g[2], adjacency[2]});
  std::vector<uint16_t> indices;
  for (uint16_t i = 0; i < 12; ++i) indices.push_back(i);
  indices.push_back(0xFFFF);
  for (uint16_t i = 12; i < 18; ++i) indices.push_back(i);
  std::vector<raster::ScreenTriangle> all = triangles;
  all.push_back(triangle(g[0], g[1], g[2]));
  compare(s.draw(points, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ, indices),
          expectedIds(all, raster::CullMode::None));
  CHECK(drainMessages(s.c.queue.get()).empty());
}
