// tests/recording: consecutive conservative draws on the exact fallback are
// recorded as one batch of phases (ddi/umd/fallback_batch.h): the counters
// show the batch's structure (two rendering instances and a barrier between
// phases for the whole run, where each draw alone records two instances and
// about five barriers), and the pixels show that draw order survives the
// batching, including around a native draw that ends a batch; draws whose
// draw passes would be the same share one setup and one draw pass (a group),
// and draws that must not share (other pixel-shader constants, a pixel shader
// numbering SV_PrimitiveID) still read their own. Expectations:
// each triangle's Tier 3 pixel set from translate/raster (the reference the
// fallback's draw tests use), layered in draw order.
#include "../draw/draw_test_util.h"
#include "conservative_pixels.h"
#include "recording_stats.h"

#include <cmath>
#include <cstring>
#include <map>
#include <string>

using namespace d3dvk::test;

namespace {

constexpr UINT kSize = 16;

struct PixelTriangle {
  float x[3], y[3];  // pixels
};

// Overlapping triangles with fractional corners, each drawn in its own Draw.
const PixelTriangle kTriangles[] = {
    {{1.3f, 9.7f, 2.1f}, {1.2f, 3.4f, 8.8f}},   {{4.6f, 13.2f, 6.9f}, {2.2f, 5.1f, 11.4f}},
    {{0.4f, 7.8f, 3.3f}, {6.6f, 9.9f, 14.7f}},  {{8.1f, 15.5f, 10.2f}, {7.3f, 8.4f, 15.6f}},
    {{5.5f, 11.1f, 2.2f}, {0.7f, 12.3f, 12.9f}}, {{9.9f, 14.4f, 12.0f}, {0.3f, 1.9f, 6.6f}},
};

std::array<float, 4> colourOf(UINT i) { return {float(i + 1) / 8.0f, 1.0f - float(i) / 8.0f, 0.25f, 1.0f}; }

Vertex ndc(float px, float py, std::array<float, 4> c) {
  return {px / (kSize / 2.0f) - 1.0f, 1.0f - py / (kSize / 2.0f), c[0], c[1], c[2], c[3]};
}

std::set<std::pair<int, int>> tier3(const PixelTriangle& t) {
  d3dvk::raster::ScreenTriangle tri;
  for (int k = 0; k < 3; ++k) tri.v[k] = {t.x[k], t.y[k]};
  return conservativePixels(tri, false, int(kSize));
}

// The fallback interpolates the (flat) colour through barycentric weights: equal within rounding.
bool near(const std::array<float, 4>& a, const std::array<float, 4>& b) {
  for (int c = 0; c < 4; ++c)
    if (std::fabs(a[c] - b[c]) > 1e-4f) return false;
  return true;
}

// kTriangles' vertices, triangle i in colourOf(i).
std::vector<Vertex> triangleVertices() {
  std::vector<Vertex> vertices;
  for (UINT i = 0; i < std::size(kTriangles); ++i)
    for (int k = 0; k < 3; ++k) vertices.push_back(ndc(kTriangles[i].x[k], kTriangles[i].y[k], colourOf(i)));
  return vertices;
}

// A device on the forced fallback, a kSize² target with the colour shaders
// (draw_test_util.h), the conservative rasterizer state, and `vertices`
// (kTriangles') in a bound vertex buffer.
struct FallbackScene {
  const ForceConservativeFallback fallback;
  RenderDevice d;
  DrawTarget t{d, kSize, kSize};
  const Com<ID3D11RasterizerState2> conservative = conservativeState(d);
  Com<ID3D11Buffer> vb;
  explicit FallbackScene(const std::vector<Vertex>& vertices = triangleVertices()) {
    vb = makeBuffer(d, vertices.data(), UINT(vertices.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
    t.bindVertices(vb.get());
  }
};

using ExpectedPixels = std::map<std::pair<int, int>, std::array<float, 4>>;  // pixel → colour (others: zero)

// The target against `expected`, pixel by pixel.
void checkPixels(DrawTarget& t, const ExpectedPixels& expected) {
  const auto pixels = t.pixels();
  for (int y = 0; y < int(kSize); ++y)
    for (int x = 0; x < int(kSize); ++x) {
      INFO("pixel " << x << "," << y);
      const auto it = expected.find({x, y});
      CHECK(near(pixels[size_t(y) * kSize + size_t(x)], it == expected.end() ? std::array<float, 4>{} : it->second));
    }
}

// Each draw's pixels from `drawn` (triangle → colour), later draws over earlier ones, compared with the target.
void checkLayered(DrawTarget& t, const std::vector<std::pair<UINT, std::array<float, 4>>>& drawn) {
  ExpectedPixels expected;
  for (const auto& [triangle, colour] : drawn)
    for (const auto& p : tier3(kTriangles[triangle])) expected[p] = colour;
  checkPixels(t, expected);
}

// A 16-byte dynamic constant buffer, and a colour written into it (Map(WRITE_DISCARD)).
Com<ID3D11Buffer> dynamicConstants(RenderDevice& d) {
  D3D11_BUFFER_DESC cd{16, D3D11_USAGE_DYNAMIC, D3D11_BIND_CONSTANT_BUFFER, D3D11_CPU_ACCESS_WRITE, 0, 0};
  Com<ID3D11Buffer> constants;
  REQUIRE(d->CreateBuffer(&cd, nullptr, constants.out()) == S_OK);
  return constants;
}
void writeConstants(RenderDevice& d, ID3D11Buffer* constants, const std::array<float, 4>& colour) {
  D3D11_MAPPED_SUBRESOURCE m{};
  REQUIRE(d.context->Map(constants, 0, D3D11_MAP_WRITE_DISCARD, 0, &m) == S_OK);
  std::memcpy(m.pData, colour.data(), sizeof colour);
  d.context->Unmap(constants, 0);
}

// SV_Target = (SV_PrimitiveID / 4, 0, 0, 1).
const char kPsPrimitiveId[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// COLOR                    0   xyzw        1     NONE   float
// SV_PrimitiveID           0   x           2   PRIMID    uint   x
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_input_ps_sgv constant v2.x, primitive_id
dcl_output o0.xyzw
dcl_temps 1
utof r0.x, v2.x
mul o0.x, r0.x, l(0.250000)
mov o0.yzw, l(0,0,0,1.000000)
ret
)";

// The whole-pixel rectangle [4, 12)² the native draw covers (pixel centres strictly inside).
bool inRectangle(int x, int y) { return x >= 4 && x < 12 && y >= 4 && y < 12; }

}  // namespace

TEST_CASE("consecutive conservative fallback draws record as one batch, in draw order",
          "[recording][fallback][conservative][pixels]") {
  FallbackScene s;
  RenderDevice& d = s.d;
  DrawTarget& t = s.t;
  d.context->RSSetState(s.conservative.get());
  d.context->Flush();
  const Counted counted;
  for (UINT i = 0; i < std::size(kTriangles); ++i) d.context->Draw(3, 3 * i);
  d.context->Flush();  // executes the batch
  const D3DVKStats n = counted.delta();
  CHECK(n.renderPasses == 2);  // the captures' 1×1 instance and the draw passes' instance
  // None per draw: the Vulkan batch's opening and closing ones, the target's
  // layout change, one between each two of the five phases (each draw alone: ~5).
  CHECK(n.barriers <= 7);
  // One group: a capture per draw, then one flat and one exact indirect draw
  // for all of them (each draw alone: three), and five pipeline binds for the
  // batch (capture, triage, deferred setup, flat and exact draw; alone: five per draw).
  CHECK(n.draws == std::size(kTriangles) + 2);
  CHECK(n.pipelineBinds == 5);
  std::vector<std::pair<UINT, std::array<float, 4>>> drawn;
  for (UINT i = 0; i < std::size(kTriangles); ++i) drawn.push_back({i, colourOf(i)});
  checkLayered(t, drawn);
}

TEST_CASE("a native draw between conservative fallback draws ends their batch and keeps its place in the order",
          "[recording][fallback][conservative][pixels]") {
  std::vector<Vertex> vertices = triangleVertices();
  const std::array<float, 4> white{1, 1, 1, 1};
  for (const auto& [x, y] : {std::pair{4.0f, 4.0f}, {12.0f, 4.0f}, {4.0f, 12.0f}, {4.0f, 12.0f}, {12.0f, 4.0f}, {12.0f, 12.0f}})
    vertices.push_back(ndc(x, y, white));
  FallbackScene s(vertices);
  RenderDevice& d = s.d;
  DrawTarget& t = s.t;
  // Triangles 0–2 conservative, the rectangle natively (no rasterizer state), triangles 3–5 conservative.
  d.context->RSSetState(s.conservative.get());
  for (UINT i = 0; i < 3; ++i) d.context->Draw(3, 3 * i);
  d.context->RSSetState(nullptr);
  d.context->Draw(6, 3 * UINT(std::size(kTriangles)));
  d.context->RSSetState(s.conservative.get());
  for (UINT i = 3; i < std::size(kTriangles); ++i) d.context->Draw(3, 3 * i);
  ExpectedPixels expected;
  for (UINT i = 0; i < 3; ++i)
    for (const auto& p : tier3(kTriangles[i])) expected[p] = colourOf(i);
  for (int y = 0; y < int(kSize); ++y)
    for (int x = 0; x < int(kSize); ++x)
      if (inRectangle(x, y)) expected[{x, y}] = white;
  for (UINT i = 3; i < std::size(kTriangles); ++i)
    for (const auto& p : tier3(kTriangles[i])) expected[p] = colourOf(i);
  checkPixels(t, expected);
}

TEST_CASE("conservative fallback draws whose pixel-shader constants change between them each read their own",
          "[recording][fallback][conservative][pixels]") {
  std::vector<Vertex> vertices = triangleVertices();
  for (Vertex& v : vertices) v.r = v.g = v.b = v.a = 1.0f;  // SV_Target = cb2[0]
  FallbackScene s(vertices);
  RenderDevice& d = s.d;
  DrawTarget& t = s.t;
  const std::vector<uint8_t> psCode = assembled(kPsScaled);
  Com<ID3D11PixelShader> ps;
  REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  d.context->PSSetShader(ps.get(), nullptr, 0);
  const Com<ID3D11Buffer> constants = dynamicConstants(d);
  ID3D11Buffer* cbs[] = {constants.get()};
  d.context->PSSetConstantBuffers(2, 1, cbs);
  d.context->RSSetState(s.conservative.get());
  // Triangles 0 and 1 with one colour (they may share a draw pass), then a new colour before each of the others.
  std::vector<std::pair<UINT, std::array<float, 4>>> drawn;
  for (UINT i = 0; i < std::size(kTriangles); ++i) {
    const std::array<float, 4> colour = colourOf(i == 1 ? 0 : i);
    if (i != 1) {
      writeConstants(d, constants.get(), colour);
    }
    d.context->Draw(3, 3 * i);
    drawn.push_back({i, colour});
  }
  checkLayered(t, drawn);
}

TEST_CASE("batched conservative fallback draws each take their own vertex-buffer offset, viewport and vertex-shader "
          "constants, changed or not between them",
          "[recording][fallback][conservative][pixels]") {
  std::vector<Vertex> vertices = triangleVertices();
  for (Vertex& v : vertices) v.r = v.g = v.b = v.a = 0.0f;  // COLOR = cb0[0]
  FallbackScene s(vertices);
  RenderDevice& d = s.d;
  DrawTarget& t = s.t;
  const std::vector<uint8_t> vsCode = assembled(vsColorPlusConstant().c_str());
  Com<ID3D11VertexShader> vs;
  REQUIRE(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
  d.context->VSSetShader(vs.get(), nullptr, 0);
  const Com<ID3D11Buffer> constants = dynamicConstants(d);
  ID3D11Buffer* cbs[] = {constants.get()};
  d.context->VSSetConstantBuffers(0, 1, cbs);
  d.context->RSSetState(s.conservative.get());
  d.context->Flush();
  // Even draws bind the vertex buffer at their triangle, odd ones draw the
  // next triangle through the same binding; draw 3 through a viewport moved
  // by (1, 2) pixels; draws 1 and 4 keep the previous draw's constants.
  const Counted counted;
  ExpectedPixels expected;
  std::array<float, 4> colour{};
  for (UINT i = 0; i < std::size(kTriangles); ++i) {
    if (i % 2 == 0) {
      ID3D11Buffer* vbs[] = {s.vb.get()};
      const UINT stride = sizeof(Vertex), offset = 3 * i * sizeof(Vertex);
      d.context->IASetVertexBuffers(0, 1, vbs, &stride, &offset);
    }
    const float dx = i == 3 ? 1.0f : 0.0f, dy = i == 3 ? 2.0f : 0.0f;
    const D3D11_VIEWPORT viewport{dx, dy, float(kSize), float(kSize), 0, 1};
    d.context->RSSetViewports(1, &viewport);
    if (i != 1 && i != 4) {
      colour = colourOf(i);
      writeConstants(d, constants.get(), colour);
    }
    d.context->Draw(3, i % 2 == 0 ? 0 : 3);
    PixelTriangle moved = kTriangles[i];
    for (int k = 0; k < 3; ++k) moved.x[k] += dx, moved.y[k] += dy;
    for (const auto& p : tier3(moved)) expected[p] = colour;
  }
  d.context->Flush();
  const D3DVKStats n = counted.delta();
  CHECK(n.renderPasses == 2);  // one batch: the captures' instance and the draw passes'
  checkPixels(t, expected);
}

// SV_Target = t0's texel (0, 0).
const char kPsTexel[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// COLOR                    0   xyzw        1     NONE   float
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_resource_texture2d (float,float,float,float) t0
dcl_output o0.xyzw
ld_indexable(texture2d)(float,float,float,float) o0.xyzw, l(0, 0, 0, 0), t0.xyzw
ret
)";

TEST_CASE("a conservative fallback draw whose texture must change layout ends the open batch and reads the texture",
          "[recording][fallback][conservative][pixels]") {
  FallbackScene s;
  RenderDevice& d = s.d;
  DrawTarget& t = s.t;
  // A texture with initial data, not yet read by any shader.
  const std::array<float, 4> texel{0.5f, 0.25f, 0.75f, 1.0f};
  D3D11_TEXTURE2D_DESC td = texture2DDesc(1, 1, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D11_BIND_SHADER_RESOURCE);
  const D3D11_SUBRESOURCE_DATA data{texel.data(), sizeof texel, 0};
  Com<ID3D11Texture2D> texture;
  REQUIRE(d->CreateTexture2D(&td, &data, texture.out()) == S_OK);
  Com<ID3D11ShaderResourceView> srv;
  REQUIRE(d->CreateShaderResourceView(texture.get(), nullptr, srv.out()) == S_OK);
  const std::vector<uint8_t> psCode = assembled(kPsTexel);
  Com<ID3D11PixelShader> ps;
  REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  d.context->RSSetState(s.conservative.get());
  d.context->Flush();
  // Two draws open a batch; then the texture's first read.
  std::vector<std::pair<UINT, std::array<float, 4>>> drawn;
  for (UINT i = 0; i < 2; ++i) {
    d.context->Draw(3, 3 * i);
    drawn.push_back({i, colourOf(i)});
  }
  ID3D11ShaderResourceView* views[] = {srv.get()};
  d.context->PSSetShaderResources(0, 1, views);
  d.context->PSSetShader(ps.get(), nullptr, 0);
  for (UINT i = 2; i < std::size(kTriangles); ++i) {
    d.context->Draw(3, 3 * i);
    drawn.push_back({i, texel});
  }
  checkLayered(t, drawn);
}

// VS: POSITION.xy; COLOR = (SV_VertexID / 32, COLOR.yzw).
const char kVsVertexId[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xy          0     NONE   float   xy
// COLOR                    0   xyzw        1     NONE   float    yzw
// SV_VertexID              0   x           2   VERTID    uint   x
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
vs_5_0
dcl_input v0.xy
dcl_input v1.yzw
dcl_input_sgv v2.x, vertex_id
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_temps 1
utof r0.x, v2.x
mov o0.xy, v0.xyxx
mov o0.zw, l(0,0,0,1.000000)
mul o1.x, r0.x, l(0.031250)
mov o1.yzw, v1.yyzw
ret
)";

// PS: kPsColor with COLOR not interpolated (the provoking vertex's).
std::string psFlatColor() {
  std::string ps = kPsColor;
  ps.replace(ps.find("dcl_input_ps linear v1"), 22, "dcl_input_ps constant v1");
  return ps;
}

// SV_VertexID counts from 0 in every draw (D3D: it does not include
// StartVertexLocation), so a batched capture must not keep the previous
// draw's vertex-id base (the bases it pushes are per draw).
TEST_CASE("batched conservative fallback draws from other start vertices each number their SV_VertexID from 0",
          "[recording][fallback][conservative][pixels]") {
  FallbackScene s;
  RenderDevice& d = s.d;
  DrawTarget& t = s.t;
  const std::vector<uint8_t> vsCode = assembled(kVsVertexId), psCode = assembled(psFlatColor().c_str());
  Com<ID3D11VertexShader> vs;
  Com<ID3D11PixelShader> ps;
  REQUIRE(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
  REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  d.context->VSSetShader(vs.get(), nullptr, 0);
  d.context->PSSetShader(ps.get(), nullptr, 0);
  d.context->RSSetState(s.conservative.get());
  d.context->Flush();
  const Counted counted;
  std::vector<std::pair<UINT, std::array<float, 4>>> drawn;
  for (UINT i = 0; i < std::size(kTriangles); ++i) {
    d.context->Draw(3, 3 * i);  // vertices 3i … 3i + 2: SV_VertexID 0, 1, 2; the first provokes
    drawn.push_back({i, {0.0f, colourOf(i)[1], colourOf(i)[2], colourOf(i)[3]}});
  }
  d.context->Flush();
  CHECK(counted.delta().renderPasses == 2);  // one batch
  checkLayered(t, drawn);
}

TEST_CASE("consecutive conservative fallback draws with a pixel shader reading SV_PrimitiveID number each draw from 0",
          "[recording][fallback][conservative][pixels]") {
  FallbackScene s;
  RenderDevice& d = s.d;
  DrawTarget& t = s.t;
  const std::vector<uint8_t> psCode = assembled(kPsPrimitiveId);
  Com<ID3D11PixelShader> ps;
  REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  d.context->PSSetShader(ps.get(), nullptr, 0);
  d.context->RSSetState(s.conservative.get());
  // Three draws of two triangles each: primitive ids 0 and 1 in every draw.
  std::vector<std::pair<UINT, std::array<float, 4>>> drawn;
  for (UINT draw = 0; draw < 3; ++draw) {
    d.context->Draw(6, 6 * draw);
    for (UINT k = 0; k < 2; ++k) drawn.push_back({2 * draw + k, {0.25f * float(k), 0, 0, 1}});
  }
  checkLayered(t, drawn);
}
