// tests/draw: conservative draws through the D3D11 API on the UMD's fallback,
// forced in every such case (ForceConservativeFallback: lavapipe has no
// VK_EXT_conservative_rasterization anyway, a GPU would draw natively). What an
// application sees is checked against independent expectations:
//  * the lit pixels are exactly translate/raster's conservative (Tier 3) set,
//    and SV_InnerCoverage is exactly its inner set, triangle by triangle;
//  * attributes (perspective-correct colour, SV_Position, noperspective)
//    match an analytic evaluation at pixel centres, SV_PrimitiveID and
//    SV_IsFrontFace the primitive's, for indexed strips with a cut and instances;
//  * blending over overlapping primitives follows primitive order (one draw);
//  * depth extrapolated outside the triangle is clamped to the viewport range;
//  * near/far clipping follows DepthClipEnable; random meshes (list, strip) in
//    one draw shade each pixel once per triangle whose Tier 3 set holds it;
//  * culling by winding (FrontCounterClockwise) and the scissor rectangle.
#include "../render/checked_device.h"
#include "conservative_pixels.h"
#include "draw_test_util.h"
#include "grid_triangles.h"

#include <d3dvk/raster/rasterizer.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>
#include <map>
#include <random>
#include <set>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

constexpr UINT kSize = 64;

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
    state = conservativeState(c.d, {cull});
    ID3D11RenderTargetView* views[] = {rtv.get()};
    c.d.context->OMSetRenderTargets(1, views, nullptr);
    const D3D11_VIEWPORT vp{0, 0, float(width), float(height), 0, 1};
    c.d.context->RSSetViewports(1, &vp);
    c.d.context->RSSetState(state.get());
  }
};

std::set<std::pair<int, int>> conservativePixels(const raster::ScreenTriangle& tri, bool innerOnly,
                                                 raster::CullMode cull = raster::CullMode::None) {
  return test::conservativePixels(tri, innerOnly, int(kSize), cull);
}

}  // namespace

TEST_CASE("conservative draws on the fallback light exactly the Tier 3 pixel set, inner coverage exact",
          "[draw][conservative][fallback]") {
  ForceConservativeFallback fallback;
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

namespace {

// VS: clip-space POSITION (v0) and COLOR (v1) → SV_Position, COLOR0 (o1), COLOR1 (o2).
const char kVsClip[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xyzw        0     NONE   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
// COLOR                    1   xyzw        2     NONE   float   xyzw
//
vs_5_0
dcl_input v0.xyzw
dcl_input v1.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output o2.xyzw
mov o0.xyzw, v0.xyzw
mov o1.xyzw, v1.xyzw
mov o2.xyzw, v1.xyzw
ret
)";

// SV_Target = (COLOR0.x perspective, COLOR1.x noperspective, SV_Position.z, SV_PrimitiveID).
const char kPsAttributes[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float     z
// COLOR                    0   xyzw        1     NONE   float   x
// COLOR                    1   xyzw        2     NONE   float   x
// SV_PrimitiveID           0   x           3   PRIMID    uint   x
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_input_ps_siv linear noperspective v0.z, position
dcl_input_ps linear v1.x
dcl_input_ps linear noperspective v2.x
dcl_input_ps_sgv constant v3.x, primitive_id
dcl_output o0.xyzw
mov o0.x, v1.x
mov o0.y, v2.x
mov o0.z, v0.z
utof o0.w, v3.x
ret
)";

struct ClipVertex {
  float x, y, z, w;
  float r, g, b, a;
};

struct ClipPipeline {
  Com<ID3D11VertexShader> vs;
  Com<ID3D11PixelShader> ps;
  Com<ID3D11InputLayout> layout;
  ClipPipeline(RenderDevice& d, const char* psListing) {
    const std::vector<uint8_t> vsCode = assembled(kVsClip), psCode = assembled(psListing);
    REQUIRE(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
    REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
    const D3D11_INPUT_ELEMENT_DESC elements[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 16, D3D11_INPUT_PER_VERTEX_DATA, 0}};
    REQUIRE(d->CreateInputLayout(elements, 2, vsCode.data(), vsCode.size(), layout.out()) == S_OK);
    d.context->IASetInputLayout(layout.get());
    d.context->VSSetShader(vs.get(), nullptr, 0);
    d.context->PSSetShader(ps.get(), nullptr, 0);
  }
};

// Screen-space barycentrics of the pixel centre (px + ½, py + ½) for the
// projected triangle: the textbook formula, independent of translate/fallback.
std::array<double, 3> screenBarycentrics(const ClipVertex (&v)[3], double px, double py) {
  double sx[3], sy[3];
  for (int i = 0; i < 3; ++i) {
    sx[i] = (v[i].x / v[i].w + 1.0) * 0.5 * kSize;
    sy[i] = (1.0 - v[i].y / v[i].w) * 0.5 * kSize;
  }
  const double cx = px + 0.5, cy = py + 0.5;
  const double area = (sx[1] - sx[0]) * (sy[2] - sy[0]) - (sx[2] - sx[0]) * (sy[1] - sy[0]);
  const double b1 = ((cx - sx[0]) * (sy[2] - sy[0]) - (sx[2] - sx[0]) * (cy - sy[0])) / area;
  const double b2 = ((sx[1] - sx[0]) * (cy - sy[0]) - (cx - sx[0]) * (sy[1] - sy[0])) / area;
  return {1.0 - b1 - b2, b1, b2};
}

}  // namespace

TEST_CASE("conservative fallback: attributes perspective-correct, noperspective and depth at pixel centres, "
          "extrapolated outside the triangle",
          "[draw][conservative][fallback]") {
  ForceConservativeFallback fallback;
  ConservativeTarget t(DXGI_FORMAT_R32G32B32A32_FLOAT);
  ClipPipeline pipeline(t.c.d, kPsAttributes);
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f), ndc(-0.8f, 0.8f), wDist(1.0f, 3.0f);
  constexpr int kTriangles = 40;
  std::vector<ClipVertex> vertices;
  for (int i = 0; i < 3 * kTriangles; ++i) {
    const float w = wDist(rng);
    // Depth inside [0.1, 0.9] at the vertices (extrapolation may leave [0, 1]).
    vertices.push_back({ndc(rng) * w, ndc(rng) * w, (0.1f + 0.8f * unit(rng)) * w, w, unit(rng), 0, 0, 1});
  }
  Com<ID3D11Buffer> vb =
      makeBuffer(t.c.d, vertices.data(), UINT(vertices.size() * sizeof(ClipVertex)), D3D11_BIND_VERTEX_BUFFER);
  ID3D11Buffer* buffers[] = {vb.get()};
  const UINT stride = sizeof(ClipVertex), offset = 0;
  t.c.d.context->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
  t.c.d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);

  const float clear[4] = {-1, -1, -1, -1};
  int checkedPixels = 0, outsidePixels = 0, horizonPixels = 0;
  for (int i = 0; i < kTriangles; ++i) {
    const ClipVertex tri[3] = {vertices[3 * i], vertices[3 * i + 1], vertices[3 * i + 2]};
    t.c.d.context->ClearRenderTargetView(t.rtv.get(), clear);
    t.c.d.context->Draw(3, UINT(3 * i));
    const std::vector<uint8_t> raw = readback(t.c.d, t.texture.get());
    INFO("triangle " << i);
    for (UINT y = 0; y < kSize; ++y)
      for (UINT x = 0; x < kSize; ++x) {
        const size_t texel = size_t(y * kSize + x) * 4;
        if (texelAt<float>(raw, texel + 3) < 0) continue;  // not lit
        const std::array<double, 3> b = screenBarycentrics(tri, x, y);
        double invW = 0, persp = 0, noPersp = 0, depth = 0;
        for (int k = 0; k < 3; ++k) {
          invW += b[k] / tri[k].w;
          persp += b[k] * tri[k].r / tri[k].w;
          noPersp += b[k] * tri[k].r;
          depth += b[k] * tri[k].z / tri[k].w;
        }
        // Where the primitive's plane crosses behind the eye (w ≤ 0) within the
        // pixel, extrapolation is undefined and the fallback gives the pixel
        // constant attributes from the nearest visible point instead: skip it.
        bool horizon = false;
        for (const auto& [dx, dy] : {std::pair{-0.5, -0.5}, {0.5, -0.5}, {-0.5, 0.5}, {0.5, 0.5}}) {
          const std::array<double, 3> c = screenBarycentrics(tri, x + dx, y + dy);
          horizon |= c[0] / tri[0].w + c[1] / tri[1].w + c[2] / tri[2].w <= 0;
        }
        if (horizon) {
          ++horizonPixels;
          continue;
        }
        persp /= invW;
        INFO("pixel (" << x << "," << y << ") barycentrics " << b[0] << " " << b[1] << " " << b[2]);
        CHECK(texelAt<float>(raw, texel + 0) == Approx(persp).margin(2e-3));
        CHECK(texelAt<float>(raw, texel + 1) == Approx(noPersp).margin(2e-3));
        // The pixel shader sees the extrapolated depth; only the depth test's value is clamped.
        CHECK(texelAt<float>(raw, texel + 2) == Approx(depth).margin(1e-4));
        CHECK(texelAt<float>(raw, texel + 3) == 0.0f);
        ++checkedPixels;
        outsidePixels += std::min({b[0], b[1], b[2]}) < 0;
      }
  }
  CHECK(checkedPixels > 2000);
  CHECK(outsidePixels > 500);  // extrapolation is exercised
  CHECK(horizonPixels < checkedPixels / 20);
  CHECK(drainMessages(t.c.queue.get()).empty());
}

// D3DVK_FALLBACK_SETUP_FLOAT=1 (a ctest runs the [fallback] cases so): the
// setup pass devices without shaderFloat64 run.
bool singlePrecisionSetup() {
  const char* v = std::getenv("D3DVK_FALLBACK_SETUP_FLOAT");
  return v && std::string(v) == "1";
}

bool subsetOf(const std::set<std::pair<int, int>>& a, const std::set<std::pair<int, int>>& b) {
  return std::includes(b.begin(), b.end(), a.begin(), a.end());
}

// Whether pixel (x, y)'s square grown by r on every side meets the convex
// polygon (separating axes: the square's two, the polygon's edge normals).
bool pixelNearPolygon(int x, int y, const std::vector<std::array<double, 2>>& polygon, double r) {
  const double x0 = x - r, x1 = x + 1 + r, y0 = y - r, y1 = y + 1 + r;
  double minX = 1e300, maxX = -1e300, minY = 1e300, maxY = -1e300;
  for (const auto& v : polygon) {
    minX = std::min(minX, v[0]), maxX = std::max(maxX, v[0]);
    minY = std::min(minY, v[1]), maxY = std::max(maxY, v[1]);
  }
  if (maxX < x0 || minX > x1 || maxY < y0 || minY > y1) return false;
  const double corners[4][2] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
  for (size_t i = 0; i < polygon.size(); ++i) {
    const auto& a = polygon[i];
    const auto& b = polygon[(i + 1) % polygon.size()];
    const double nx = b[1] - a[1], ny = a[0] - b[0];  // one side's normal; the polygon lies on one side
    double polyMin = 1e300, polyMax = -1e300, sqMin = 1e300, sqMax = -1e300;
    for (const auto& v : polygon) {
      polyMin = std::min(polyMin, nx * v[0] + ny * v[1]);
      polyMax = std::max(polyMax, nx * v[0] + ny * v[1]);
    }
    for (const auto& c : corners) {
      sqMin = std::min(sqMin, nx * c[0] + ny * c[1]);
      sqMax = std::max(sqMax, nx * c[0] + ny * c[1]);
    }
    if (sqMax < polyMin || sqMin > polyMax) return false;
  }
  return true;
}

TEST_CASE("conservative fallback: a triangle crossing the near or far plane is clipped with DepthClipEnable TRUE, "
          "rasterized whole with FALSE",
          "[draw][conservative][fallback][clip]") {
  ForceConservativeFallback fallback;
  ConservativeTarget t(DXGI_FORMAT_R32G32B32A32_FLOAT);
  ClipPipeline pipeline(t.c.d, kPsAttributes);
  // Screen (64x64): (8,56) (56,56) (32,8). z/w is 0.5 along the bottom edge and
  // -0.5 (near case) or 1.5 (far case) at the apex, so the plane z = 0 or z = w
  // crosses at y = 32, between (20,32) and (44,32): clipping keeps the
  // trapezoid (8,56) (56,56) (44,32) (20,32), expected as the union of its two
  // fan triangles' Tier 3 sets (a pixel overlaps the trapezoid iff it overlaps one).
  // The same draw has a small unclipped triangle (1,1) (6,1) (1,6) in the
  // corner: one draw of a polygon record and a triangle record (the draw pass's
  // exact draw, gpu_layout.h) or of triangle records only (its flat-only draw).
  const raster::ScreenTriangle whole{{{8, 56}, {56, 56}, {32, 8}}};
  const std::set<std::pair<int, int>> corner = conservativePixels(raster::ScreenTriangle{{{1, 1}, {6, 1}, {1, 6}}}, false);
  auto inCorner = [](const std::pair<int, int>& p) { return p.first < 8 && p.second < 7; };
  const raster::ScreenTriangle fanA{{{8, 56}, {56, 56}, {44, 32}}}, fanB{{{8, 56}, {44, 32}, {20, 32}}};
  std::set<std::pair<int, int>> clipped = conservativePixels(fanA, false);
  for (const auto& p : conservativePixels(fanB, false)) clipped.insert(p);
  std::set<std::pair<int, int>> unclipped = conservativePixels(whole, false);
  REQUIRE(clipped.size() < unclipped.size());
  for (const auto& p : corner) REQUIRE((inCorner(p) && !clipped.count(p) && !unclipped.count(p)));
  for (const auto& p : corner) clipped.insert(p), unclipped.insert(p);

  const Com<ID3D11RasterizerState2> noClipState = conservativeState(t.c.d, {D3D11_CULL_NONE, FALSE, FALSE});
  ID3D11DeviceContext* ctx = t.c.d.context.get();
  for (const float apexZ : {-0.5f, 1.5f}) {
    const ClipVertex vertices[6] = {{-0.75f, -0.75f, 0.5f, 1, 0.5f, 0, 0, 1},
                                    {0.75f, -0.75f, 0.5f, 1, 0.5f, 0, 0, 1},
                                    {0.0f, 0.75f, apexZ, 1, 0.5f, 0, 0, 1},
                                    {-31.0f / 32, 31.0f / 32, 0.5f, 1, 0.5f, 0, 0, 1},
                                    {-26.0f / 32, 31.0f / 32, 0.5f, 1, 0.5f, 0, 0, 1},
                                    {-31.0f / 32, 26.0f / 32, 0.5f, 1, 0.5f, 0, 0, 1}};
    Com<ID3D11Buffer> vb = makeBuffer(t.c.d, vertices, sizeof vertices, D3D11_BIND_VERTEX_BUFFER);
    ID3D11Buffer* buffers[] = {vb.get()};
    const UINT stride = sizeof(ClipVertex), offset = 0;
    ctx->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
    ctx->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    for (const bool depthClip : {true, false}) {
      ctx->RSSetState(depthClip ? static_cast<ID3D11RasterizerState*>(t.state.get()) : noClipState.get());
      const float clear[4] = {-1, -1, -1, -1};
      ctx->ClearRenderTargetView(t.rtv.get(), clear);
      ctx->Draw(6, 0);
      const std::vector<uint8_t> raw = readback(t.c.d, t.texture.get());
      std::set<std::pair<int, int>> lit;
      for (UINT y = 0; y < kSize; ++y)
        for (UINT x = 0; x < kSize; ++x)
          if (texelAt<float>(raw, size_t(y * kSize + x) * 4 + 3) >= 0) lit.insert({int(x), int(y)});
      INFO("apex z " << apexZ << ", DepthClipEnable " << depthClip);
      if (!singlePrecisionSetup()) {
        CHECK(lit == (depthClip ? clipped : unclipped));
      } else {
        // The single-precision setup pass computes the clipped vertices to a
        // float's precision: every pixel the polygon overlaps, and none
        // farther than Tier 3's uncertainty (1/256 px) from it.
        const std::vector<std::array<double, 2>> trapezoid = {{8, 56}, {56, 56}, {44, 32}, {20, 32}};
        const std::vector<std::array<double, 2>> triangle = {{8, 56}, {56, 56}, {32, 8}};
        const auto& polygon = depthClip ? trapezoid : triangle;
        CHECK(subsetOf(depthClip ? clipped : unclipped, lit));
        for (const auto& p : lit) {
          if (inCorner(p)) {
            CHECK(corner.count(p));
            continue;
          }
          INFO("pixel (" << p.first << ", " << p.second << ")");
          CHECK(pixelNearPolygon(p.first, p.second, polygon, 1.0 / 256));
        }
      }
    }
  }
  CHECK(drainMessages(t.c.queue.get()).empty());
}

// SV_Position from POSITION; COLOR's y and z as two SV_CullDistance planes.
const char kVsCull[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xyzw        0     NONE   float   xyzw
// COLOR                    0   xyzw        1     NONE   float    yz
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// SV_CullDistance          0   xy          1  CULLDST   float   xy
//
vs_5_0
dcl_input v0.xyzw
dcl_input v1.yz
dcl_output_siv o0.xyzw, position
dcl_output_siv o1.xy, cull_distance
mov o0.xyzw, v0.xyzw
mov o1.xy, v1.yzyy
ret
)";

const char kPsWhite[] = R"(//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_output o0.xyzw
mov o0.xyzw, l(1.0, 1.0, 1.0, 1.0)
ret
)";

TEST_CASE("conservative fallback: a triangle whose vertices are all negative in one SV_CullDistance is culled",
          "[draw][conservative][fallback][clip]") {
  ForceConservativeFallback fallback;
  ConservativeTarget t(DXGI_FORMAT_R32G32B32A32_FLOAT);
  RenderDevice& d = t.c.d;
  const std::vector<uint8_t> vsCode = assembled(kVsCull), psCode = assembled(kPsWhite);
  Com<ID3D11VertexShader> vs;
  Com<ID3D11PixelShader> ps;
  Com<ID3D11InputLayout> layout;
  REQUIRE(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
  REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  const D3D11_INPUT_ELEMENT_DESC elements[] = {
      {"POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
      {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 16, D3D11_INPUT_PER_VERTEX_DATA, 0}};
  REQUIRE(d->CreateInputLayout(elements, 2, vsCode.data(), vsCode.size(), layout.out()) == S_OK);
  ID3D11DeviceContext* ctx = d.context.get();
  ctx->IASetInputLayout(layout.get());
  ctx->VSSetShader(vs.get(), nullptr, 0);
  ctx->PSSetShader(ps.get(), nullptr, 0);
  // Three triangles (pixels): A (4,4) (20,4) (4,20) negative everywhere in
  // the first distance: culled; B (24,24) (40,24) (24,40) negative at every
  // vertex but in a different distance each time: drawn; C (44,44) (60,44)
  // (44,60) negative everywhere in the second distance: culled.
  const float cull[3][3][2] = {{{-1, 1}, {-1, 2}, {-0.5f, 0}},
                               {{-1, 2}, {3, -1}, {-1, 0}},
                               {{1, -1}, {2, -2}, {0, -0.25f}}};
  const int corner[3] = {4, 24, 44};
  ClipVertex vertices[9];
  for (int tri = 0; tri < 3; ++tri)
    for (int k = 0; k < 3; ++k) {
      const float px = float(corner[tri] + (k == 1 ? 16 : 0)), py = float(corner[tri] + (k == 2 ? 16 : 0));
      vertices[3 * tri + k] = {px / 32 - 1, 1 - py / 32, 0.5f, 1, 0, cull[tri][k][0], cull[tri][k][1], 0};
    }
  Com<ID3D11Buffer> vb = makeBuffer(d, vertices, sizeof vertices, D3D11_BIND_VERTEX_BUFFER);
  ID3D11Buffer* buffers[] = {vb.get()};
  const UINT stride = sizeof(ClipVertex), offset = 0;
  ctx->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
  ctx->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  ctx->RSSetState(t.state.get());
  const float clear[4] = {-1, -1, -1, -1};
  ctx->ClearRenderTargetView(t.rtv.get(), clear);
  ctx->Draw(9, 0);
  const std::vector<uint8_t> raw = readback(d, t.texture.get());
  std::set<std::pair<int, int>> lit;
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x)
      if (texelAt<float>(raw, size_t(y * kSize + x) * 4 + 3) >= 0) lit.insert({int(x), int(y)});
  CHECK(lit == conservativePixels(raster::ScreenTriangle{{{24, 24}, {40, 24}, {24, 40}}}, false));
  CHECK(drainMessages(t.c.queue.get()).empty());
}

// SV_Target = SV_Position.
const char kPsPosition[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_input_ps_siv linear noperspective v0.xyzw, position
dcl_output o0.xyzw
mov o0.xyzw, v0.xyzw
ret
)";

TEST_CASE("conservative fallback: SV_Position is the pixel centre, the extrapolated depth and the perspective w",
          "[draw][conservative][fallback]") {
  ForceConservativeFallback fallback;
  ConservativeTarget t(DXGI_FORMAT_R32G32B32A32_FLOAT);
  ClipPipeline pipeline(t.c.d, kPsPosition);
  std::mt19937 rng(17);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f), ndc(-0.8f, 0.8f), wDist(1.0f, 2.0f);
  constexpr int kTriangles = 12;
  std::vector<ClipVertex> vertices;
  for (int i = 0; i < 3 * kTriangles; ++i) {
    const float w = wDist(rng);
    vertices.push_back({ndc(rng) * w, ndc(rng) * w, (0.2f + 0.6f * unit(rng)) * w, w, 0, 0, 0, 1});
  }
  Com<ID3D11Buffer> vb =
      makeBuffer(t.c.d, vertices.data(), UINT(vertices.size() * sizeof(ClipVertex)), D3D11_BIND_VERTEX_BUFFER);
  ID3D11Buffer* buffers[] = {vb.get()};
  const UINT stride = sizeof(ClipVertex), offset = 0;
  t.c.d.context->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
  t.c.d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  int checked = 0;
  for (int i = 0; i < kTriangles; ++i) {
    const ClipVertex tri[3] = {vertices[3 * i], vertices[3 * i + 1], vertices[3 * i + 2]};
    const float clear[4] = {-1, -1, -1, -1};
    t.c.d.context->ClearRenderTargetView(t.rtv.get(), clear);
    t.c.d.context->Draw(3, UINT(3 * i));
    const std::vector<uint8_t> raw = readback(t.c.d, t.texture.get());
    INFO("triangle " << i);
    for (UINT y = 0; y < kSize; ++y)
      for (UINT x = 0; x < kSize; ++x) {
        const size_t texel = size_t(y * kSize + x) * 4;
        if (texelAt<float>(raw, texel) < 0) continue;  // not lit
        const std::array<double, 3> b = screenBarycentrics(tri, x, y);
        double invW = 0, depth = 0;
        for (int k = 0; k < 3; ++k) {
          invW += b[k] / tri[k].w;
          depth += b[k] * tri[k].z / tri[k].w;
        }
        if (invW < 0.2) continue;  // near the plane's horizon extrapolation is flattened (see above)
        INFO("pixel (" << x << "," << y << ")");
        CHECK(texelAt<float>(raw, texel + 0) == x + 0.5f);
        CHECK(texelAt<float>(raw, texel + 1) == y + 0.5f);
        CHECK(texelAt<float>(raw, texel + 2) == Approx(depth).margin(1e-4));
        CHECK(texelAt<float>(raw, texel + 3) == Approx(1.0 / invW).epsilon(1e-3));
        ++checked;
      }
  }
  CHECK(checked > 1000);
  CHECK(drainMessages(t.c.queue.get()).empty());
}

TEST_CASE("conservative fallback: extrapolated depth is clamped to the viewport range", "[draw][conservative][fallback]") {
  ForceConservativeFallback fallback;
  ConservativeTarget t(DXGI_FORMAT_R32G32B32A32_FLOAT);
  ClipPipeline pipeline(t.c.d, kPsAttributes);
  D3D11_TEXTURE2D_DESC dd = texture2DDesc(kSize, kSize, DXGI_FORMAT_D32_FLOAT, D3D11_BIND_DEPTH_STENCIL);
  Com<ID3D11Texture2D> depthTexture;
  Com<ID3D11DepthStencilView> dsv;
  REQUIRE(t.c.d->CreateTexture2D(&dd, nullptr, depthTexture.out()) == S_OK);
  REQUIRE(t.c.d->CreateDepthStencilView(depthTexture.get(), nullptr, dsv.out()) == S_OK);
  ID3D11RenderTargetView* views[] = {t.rtv.get()};
  t.c.d.context->OMSetRenderTargets(1, views, dsv.get());
  // A steep triangle from depth 0 to depth 1: pixels touched beyond its edges
  // extrapolate below 0 and above 1. With the depth buffer cleared to 1 and
  // LESS_EQUAL, a pixel passes only if its depth is clamped to ≤ 1; cleared to 0
  // and GREATER_EQUAL, only if clamped to ≥ 0. Every conservative pixel must pass.
  const ClipVertex tri[3] = {{-0.5f, -0.5f, 0.0f, 1, 1, 0, 0, 1},
                             {0.5f, -0.5f, 1.0f, 1, 1, 0, 0, 1},
                             {-0.5f, 0.5f, 1.0f, 1, 1, 0, 0, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(t.c.d, tri, sizeof tri, D3D11_BIND_VERTEX_BUFFER);
  ID3D11Buffer* buffers[] = {vb.get()};
  const UINT stride = sizeof(ClipVertex), offset = 0;
  t.c.d.context->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
  t.c.d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  raster::ScreenTriangle screen;
  for (int k = 0; k < 3; ++k)
    screen.v[k] = {(tri[k].x + 1.0f) * 0.5f * kSize, (1.0f - tri[k].y) * 0.5f * kSize};
  const std::set<std::pair<int, int>> expected = conservativePixels(screen, false);

  for (const auto& [clearDepth, func] : {std::pair{1.0f, D3D11_COMPARISON_LESS_EQUAL},
                                         std::pair{0.0f, D3D11_COMPARISON_GREATER_EQUAL}}) {
    D3D11_DEPTH_STENCIL_DESC desc{TRUE, D3D11_DEPTH_WRITE_MASK_ALL, func, FALSE, 0xFF, 0xFF, {}, {}};
    desc.FrontFace = desc.BackFace = {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                      D3D11_COMPARISON_ALWAYS};
    Com<ID3D11DepthStencilState> state;
    REQUIRE(t.c.d->CreateDepthStencilState(&desc, state.out()) == S_OK);
    t.c.d.context->OMSetDepthStencilState(state.get(), 0);
    const float clear[4] = {-1, -1, -1, -1};
    t.c.d.context->ClearRenderTargetView(t.rtv.get(), clear);
    t.c.d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH, clearDepth, 0);
    t.c.d.context->Draw(3, 0);
    const std::vector<uint8_t> raw = readback(t.c.d, t.texture.get());
    std::set<std::pair<int, int>> lit;
    double minDepth = 1, maxDepth = 0;
    for (UINT y = 0; y < kSize; ++y)
      for (UINT x = 0; x < kSize; ++x)
        if (texelAt<float>(raw, size_t(y * kSize + x) * 4 + 3) >= 0) {
          lit.insert({int(x), int(y)});
          minDepth = std::min<double>(minDepth, texelAt<float>(raw, size_t(y * kSize + x) * 4 + 2));
          maxDepth = std::max<double>(maxDepth, texelAt<float>(raw, size_t(y * kSize + x) * 4 + 2));
        }
    INFO("clear depth " << clearDepth);
    CHECK(lit == expected);
    CHECK(minDepth >= 0.0);
    CHECK(maxDepth <= 1.0);
  }
  t.c.d.context->OMSetDepthStencilState(nullptr, 0);
  CHECK(drainMessages(t.c.queue.get()).empty());
}

namespace {

// SV_Target = (INSTCOLOR.x, SV_PrimitiveID, SV_IsFrontFace & 1, 1).
const char kPsPrimitive[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// COLOR                    0   xyzw        1     NONE   float   x
// SV_PrimitiveID           0   x           2   PRIMID    uint   x
// SV_IsFrontFace           0   x           3    FFACE    uint   x
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_input_ps linear v1.x
dcl_input_ps_sgv constant v2.x, primitive_id
dcl_input_ps_sgv constant v3.x, is_front_face
dcl_output o0.xyzw
dcl_temps 1
mov o0.x, v1.x
utof o0.y, v2.x
and r0.x, v3.x, l(1)
utof o0.z, r0.x
mov o0.w, l(1.000000)
ret
)";

struct StripInstance {
  float dx, dy;
  float r, g, b, a;
};

const D3D11_INPUT_ELEMENT_DESC kStripLayout[] = {
    {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
    {"OFFSET", 0, DXGI_FORMAT_R32G32_FLOAT, 1, 0, D3D11_INPUT_PER_INSTANCE_DATA, 1},
    {"INSTCOLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, D3D11_APPEND_ALIGNED_ELEMENT, D3D11_INPUT_PER_INSTANCE_DATA, 1},
};

}  // namespace

TEST_CASE("conservative fallback: indexed strip with a cut, instanced — primitive IDs, facing, primitive order",
          "[draw][conservative][fallback]") {
  ForceConservativeFallback fallback;
  ConservativeTarget t(DXGI_FORMAT_R32G32B32A32_FLOAT);
  RenderDevice& d = t.c.d;
  const std::vector<uint8_t> vsCode = assembled(kVsInstanced), psCode = assembled(kPsPrimitive);
  Com<ID3D11VertexShader> vs;
  Com<ID3D11PixelShader> ps;
  Com<ID3D11InputLayout> layout;
  REQUIRE(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
  REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  REQUIRE(d->CreateInputLayout(kStripLayout, 3, vsCode.data(), vsCode.size(), layout.out()) == S_OK);
  // Pixel positions (the 1/256 grid; 64 px = 2 NDC units). Strip 0-1-2-3 gives
  // (0,1,2) and (1,3,2), both counter-clockwise on screen (back-facing); after the
  // cut, 4-5-6 is clockwise (front-facing). The first two share an edge, so the
  // conservative pixels along it are covered by both: the later one must win.
  const float px[7][2] = {{4, 4}, {4, 20}, {20, 6}, {22.5f, 24.25f}, {6, 40}, {26.75f, 42}, {10, 60}};
  std::vector<float> positions;
  for (const auto& p : px) positions.insert(positions.end(), {p[0] / 32.0f - 1.0f, 1.0f - p[1] / 32.0f});
  const uint16_t indices[] = {0, 1, 2, 3, 0xFFFF, 4, 5, 6};
  // Instance 1 moves 32 px right (NDC +1).
  const StripInstance inst[2] = {{0, 0, 0.25f, 0, 0, 1}, {1, 0, 0.75f, 0, 0, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(d, positions.data(), UINT(positions.size() * 4), D3D11_BIND_VERTEX_BUFFER);
  Com<ID3D11Buffer> ib = makeBuffer(d, indices, sizeof indices, D3D11_BIND_INDEX_BUFFER);
  Com<ID3D11Buffer> instances = makeBuffer(d, inst, sizeof inst, D3D11_BIND_VERTEX_BUFFER);
  ID3D11Buffer* buffers[2] = {vb.get(), instances.get()};
  const UINT strides[2] = {8, sizeof(StripInstance)}, offsets[2] = {0, 0};
  d.context->IASetVertexBuffers(0, 2, buffers, strides, offsets);
  d.context->IASetIndexBuffer(ib.get(), DXGI_FORMAT_R16_UINT, 0);
  d.context->IASetInputLayout(layout.get());
  d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
  d.context->VSSetShader(vs.get(), nullptr, 0);
  d.context->PSSetShader(ps.get(), nullptr, 0);
  const float clear[4] = {0, 0, 0, 0};
  d.context->ClearRenderTargetView(t.rtv.get(), clear);
  d.context->DrawIndexedInstanced(8, 2, 0, 0, 0);
  const std::vector<uint8_t> raw = readback(d, t.texture.get());

  // Expected, per instance, in primitive order (later primitives overwrite):
  // the strip's triangles as D3D assembles them, IDs counting across the cut.
  const int triangles[3][3] = {{0, 1, 2}, {1, 3, 2}, {4, 5, 6}};
  std::map<std::pair<int, int>, std::array<float, 4>> expected;
  for (int i = 0; i < 2; ++i)
    for (int id = 0; id < 3; ++id) {
      raster::ScreenTriangle tri;
      for (int k = 0; k < 3; ++k) tri.v[k] = {px[triangles[id][k]][0] + 32.0f * i, px[triangles[id][k]][1]};
      const double area = (tri.v[1].x - tri.v[0].x) * (tri.v[2].y - tri.v[0].y) -
                          (tri.v[2].x - tri.v[0].x) * (tri.v[1].y - tri.v[0].y);
      for (const auto& pixel : conservativePixels(tri, false))
        expected[pixel] = {inst[i].r, float(id), area > 0 ? 1.0f : 0.0f, 1.0f};
    }
  int mismatches = 0;
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x) {
      const size_t texel = size_t(y * kSize + x) * 4;
      const std::array<float, 4> got{texelAt<float>(raw, texel), texelAt<float>(raw, texel + 1),
                                     texelAt<float>(raw, texel + 2), texelAt<float>(raw, texel + 3)};
      auto it = expected.find({int(x), int(y)});
      const std::array<float, 4> want = it == expected.end() ? std::array<float, 4>{0, 0, 0, 0} : it->second;
      // The colour is interpolated (the same value at every vertex: equal up to rounding).
      const bool same = std::fabs(got[0] - want[0]) < 1e-5f && got[1] == want[1] && got[2] == want[2] &&
                        got[3] == want[3];
      if (!same && ++mismatches <= 10) {
        INFO("pixel (" << x << "," << y << ") got " << got[0] << " " << got[1] << " " << got[2] << " " << got[3]
                       << ", want " << want[0] << " " << want[1] << " " << want[2] << " " << want[3]);
        CHECK(same);
      }
    }
  CHECK(mismatches == 0);
  CHECK(expected.size() > 400);
  CHECK(drainMessages(t.c.queue.get()).empty());
}

TEST_CASE("draw-time validation: SV_InnerCoverage read with conservative OFF is error 3146155, ON is silent",
          "[draw][conservative][errors]") {
  ConservativeTarget t(DXGI_FORMAT_R32G32B32A32_UINT);
  RenderDevice& d = t.c.d;
  const std::vector<uint8_t> vsCode = assembled(kVsPosition), psCode = assembled(kPsCoverage);
  Com<ID3D11VertexShader> vs;
  Com<ID3D11PixelShader> ps;
  Com<ID3D11InputLayout> layout;
  REQUIRE(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
  REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  const D3D11_INPUT_ELEMENT_DESC element{"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0};
  REQUIRE(d->CreateInputLayout(&element, 1, vsCode.data(), vsCode.size(), layout.out()) == S_OK);
  const float tri[6] = {-0.5f, -0.5f, -0.5f, 0.5f, 0.5f, -0.5f};
  Com<ID3D11Buffer> vb = makeBuffer(d, tri, sizeof tri, D3D11_BIND_VERTEX_BUFFER);
  ID3D11Buffer* buffers[] = {vb.get()};
  const UINT stride = 8, offset = 0;
  d.context->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
  d.context->IASetInputLayout(layout.get());
  d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  d.context->VSSetShader(vs.get(), nullptr, 0);
  d.context->PSSetShader(ps.get(), nullptr, 0);

  d.context->Draw(3, 0);  // ON: valid
  CHECK(drainMessages(t.c.queue.get()).empty());
  d.context->RSSetState(nullptr);  // OFF
  d.context->Draw(3, 0);
  const std::vector<StoredMessage> messages = drainMessages(t.c.queue.get());
  REQUIRE(messages.size() == 1);
  CHECK(messages[0].id == D3D11_MESSAGE_ID_DEVICE_DRAW_INVALID_SYSTEMVALUE);
  CHECK(messages[0].category == D3D11_MESSAGE_CATEGORY_EXECUTION);
  CHECK(messages[0].text.find("SV_InnerCoverage") != std::string::npos);
  CHECK(t.c.ddiCalls("Draw") == 2);  // the spec's draw proceeds (the value is undefined)
}

TEST_CASE("conservative fallback: blending over overlapping primitives follows primitive order",
          "[draw][conservative][fallback]") {
  ForceConservativeFallback fallback;
  Checked c;
  DrawTarget t(c.d, kSize, kSize);
  const Com<ID3D11RasterizerState2> state = conservativeState(c.d);
  c.d.context->RSSetState(state.get());
  // "Over" blending (src + dst · (1 − src.a)) does not commute: the overlap shows which came last.
  D3D11_BLEND_DESC bd{};
  bd.RenderTarget[0] = {TRUE, D3D11_BLEND_ONE, D3D11_BLEND_INV_SRC_ALPHA, D3D11_BLEND_OP_ADD,
                        D3D11_BLEND_ONE, D3D11_BLEND_INV_SRC_ALPHA, D3D11_BLEND_OP_ADD, D3D11_COLOR_WRITE_ENABLE_ALL};
  Com<ID3D11BlendState> blend;
  REQUIRE(c.d->CreateBlendState(&bd, blend.out()) == S_OK);
  c.d.context->OMSetBlendState(blend.get(), nullptr, 0xFFFFFFFF);
  // Two overlapping triangles in one draw, then the same two in the other order.
  const float a[3][2] = {{6.25f, 5}, {50, 12.5f}, {10, 56.75f}}, b[3][2] = {{58, 8}, {60.5f, 60}, {14, 40.25f}};
  const std::array<float, 4> colourA{0.5f, 0, 0, 0.5f}, colourB{0, 0.5f, 0, 0.5f};
  auto vertices = [](const float (&tri)[3][2], const std::array<float, 4>& colour) {
    std::vector<Vertex> out;
    for (const auto& p : tri)
      out.push_back({p[0] / 32.0f - 1.0f, 1.0f - p[1] / 32.0f, colour[0], colour[1], colour[2], colour[3]});
    return out;
  };
  auto screen = [](const float (&tri)[3][2]) {
    raster::ScreenTriangle s;
    for (int k = 0; k < 3; ++k) s.v[k] = {tri[k][0], tri[k][1]};
    return s;
  };
  const std::set<std::pair<int, int>> inA = conservativePixels(screen(a), false), inB = conservativePixels(screen(b), false);
  auto over = [](const std::array<float, 4>& src, const std::array<float, 4>& dst) {
    std::array<float, 4> out;
    for (int i = 0; i < 4; ++i) out[i] = src[i] + dst[i] * (1.0f - src[3]);
    return out;
  };
  int overlap = 0;
  for (bool aFirst : {true, false}) {
    std::vector<Vertex> v = aFirst ? vertices(a, colourA) : vertices(b, colourB);
    const std::vector<Vertex> second = aFirst ? vertices(b, colourB) : vertices(a, colourA);
    v.insert(v.end(), second.begin(), second.end());
    Com<ID3D11Buffer> vb = makeBuffer(c.d, v.data(), UINT(v.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
    t.bindVertices(vb.get());
    const float clear[4] = {0, 0, 0, 0};
    c.d.context->ClearRenderTargetView(t.rtv.get(), clear);
    c.d.context->Draw(6, 0);
    const std::vector<std::array<float, 4>> px = t.pixels();
    int mismatches = 0;
    overlap = 0;
    for (int y = 0; y < int(kSize); ++y)
      for (int x = 0; x < int(kSize); ++x) {
        const bool pa = inA.count({x, y}) != 0, pb = inB.count({x, y}) != 0;
        std::array<float, 4> want{0, 0, 0, 0};
        if (pa && pb) {
          want = aFirst ? over(colourB, colourA) : over(colourA, colourB);
          ++overlap;
        } else if (pa) {
          want = colourA;
        } else if (pb) {
          want = colourB;
        }
        const std::array<float, 4>& got = px[size_t(y) * kSize + x];
        bool same = true;
        for (int i = 0; i < 4; ++i) same &= std::fabs(got[i] - want[i]) < 1e-5f;
        if (!same && ++mismatches <= 5) {
          INFO((aFirst ? "A then B" : "B then A") << ": pixel (" << x << "," << y << ") got " << got[0] << " "
                                                   << got[1] << " " << got[2] << " " << got[3]);
          CHECK(same);
        }
      }
    CHECK(mismatches == 0);
  }
  CHECK(overlap > 100);
  c.d.context->OMSetBlendState(nullptr, nullptr, 0xFFFFFFFF);
  c.d.context->RSSetState(nullptr);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("conservative fallback: random meshes in one draw (list and strip) light each pixel once per triangle "
          "whose Tier 3 set holds it",
          "[draw][conservative][fallback]") {
  ForceConservativeFallback fallback;
  // Additive blending of 1 per pixel shader invocation counts, per pixel, the
  // triangles of the draw that lit it: exactly the number of triangles whose
  // translate/raster Tier 3 set contains it.
  Checked c;
  DrawTarget t(c.d, kSize, kSize);
  const Com<ID3D11RasterizerState2> state = conservativeState(c.d);
  c.d.context->RSSetState(state.get());
  D3D11_BLEND_DESC bd{};
  bd.RenderTarget[0] = {TRUE, D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_ADD,
                        D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_ADD, D3D11_COLOR_WRITE_ENABLE_ALL};
  Com<ID3D11BlendState> blend;
  REQUIRE(c.d->CreateBlendState(&bd, blend.out()) == S_OK);
  c.d.context->OMSetBlendState(blend.get(), nullptr, 0xFFFFFFFF);

  std::mt19937 rng(99);
  constexpr int kVertices = 90;
  std::vector<raster::ScreenVertex> screen(kVertices);
  std::vector<Vertex> vertices;
  for (raster::ScreenVertex& s : screen) {
    s = {gridCoordinate(rng, int(kSize)), gridCoordinate(rng, int(kSize))};
    vertices.push_back({s.x / (kSize / 2.0f) - 1.0f, 1.0f - s.y / (kSize / 2.0f), 1, 0, 0, 0});  // COLOR red 1
  }
  Com<ID3D11Buffer> vb =
      makeBuffer(c.d, vertices.data(), UINT(vertices.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  for (const D3D11_PRIMITIVE_TOPOLOGY topology :
       {D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP}) {
    std::vector<int> expected(size_t(kSize) * kSize, 0);
    const bool list = topology == D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST;
    const int triangles = list ? kVertices / 3 : kVertices - 2;
    for (int i = 0; i < triangles; ++i) {
      const int first = list ? 3 * i : i;
      const raster::ScreenTriangle tri{{screen[first], screen[first + 1], screen[first + 2]}};
      for (const auto& [x, y] : conservativePixels(tri, false)) ++expected[size_t(y) * kSize + size_t(x)];
    }
    c.d.context->IASetPrimitiveTopology(topology);
    const float clear[4] = {0, 0, 0, 0};
    c.d.context->ClearRenderTargetView(t.rtv.get(), clear);
    c.d.context->Draw(kVertices, 0);
    const std::vector<std::array<float, 4>> px = t.pixels();
    int mismatches = 0, maxCount = 0;
    for (size_t p = 0; p < px.size(); ++p) {
      maxCount = std::max(maxCount, expected[p]);
      // COLOR.r is 1 at every vertex; interpolated (and extrapolated) it is 1 within rounding.
      if (std::fabs(px[p][0] - float(expected[p])) > 1e-3f && ++mismatches <= 5)
        UNSCOPED_INFO("pixel " << p % kSize << "," << p / kSize << ": " << px[p][0] << " invocations, expected "
                               << expected[p]);
    }
    INFO((list ? "triangle list" : "triangle strip"));
    CHECK(mismatches == 0);
    CHECK(maxCount >= 5);  // the mesh overlaps itself
  }
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("conservative fallback: culling by winding and FrontCounterClockwise, and the scissor rectangle",
          "[draw][conservative][fallback]") {
  ForceConservativeFallback fallback;
  Checked c;
  DrawTarget t(c.d, kSize, kSize);
  std::mt19937 rng(5);
  constexpr int kTriangles = 24;
  std::vector<raster::ScreenTriangle> triangles(kTriangles);
  std::vector<Vertex> vertices;
  for (raster::ScreenTriangle& tri : triangles)
    for (raster::ScreenVertex& v : tri.v) {
      v = {gridCoordinate(rng, int(kSize)), gridCoordinate(rng, int(kSize))};
      vertices.push_back({v.x / (kSize / 2.0f) - 1.0f, 1.0f - v.y / (kSize / 2.0f), 1, 1, 1, 1});
    }
  Com<ID3D11Buffer> vb =
      makeBuffer(c.d, vertices.data(), UINT(vertices.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  const D3D11_RECT scissor{5, 9, 50, 41};
  c.d.context->RSSetScissorRects(1, &scissor);
  struct Case {
    D3D11_CULL_MODE cull;
    BOOL frontCounterClockwise, scissorEnable;
  };
  int culled = 0, drawn = 0;
  for (const Case& k : {Case{D3D11_CULL_BACK, FALSE, FALSE}, Case{D3D11_CULL_BACK, TRUE, FALSE},
                        Case{D3D11_CULL_FRONT, FALSE, FALSE}, Case{D3D11_CULL_NONE, FALSE, TRUE}}) {
    const Com<ID3D11RasterizerState2> state =
        conservativeState(c.d, {k.cull, k.frontCounterClockwise, TRUE, k.scissorEnable});
    c.d.context->RSSetState(state.get());
    for (int i = 0; i < kTriangles; ++i) {
      const raster::ScreenTriangle& tri = triangles[i];
      // Screen y is down: a positive shoelace sum is clockwise; degenerates are back-facing.
      const double area = (double(tri.v[1].x) - tri.v[0].x) * (double(tri.v[2].y) - tri.v[0].y) -
                          (double(tri.v[2].x) - tri.v[0].x) * (double(tri.v[1].y) - tri.v[0].y);
      const bool front = area != 0 && ((area > 0) != bool(k.frontCounterClockwise));
      const bool cull = (k.cull == D3D11_CULL_BACK && !front) || (k.cull == D3D11_CULL_FRONT && front);
      std::set<std::pair<int, int>> expected;
      if (!cull)
        for (const auto& p : conservativePixels(tri, false))
          if (!k.scissorEnable ||
              (p.first >= scissor.left && p.first < scissor.right && p.second >= scissor.top && p.second < scissor.bottom))
            expected.insert(p);
      culled += cull;
      drawn += !cull;
      const float clear[4] = {0, 0, 0, 0};
      c.d.context->ClearRenderTargetView(t.rtv.get(), clear);
      c.d.context->Draw(3, UINT(3 * i));
      const std::vector<std::array<float, 4>> px = t.pixels();
      std::set<std::pair<int, int>> lit;
      for (UINT p = 0; p < kSize * kSize; ++p)
        if (px[p][3] != 0) lit.insert({int(p % kSize), int(p / kSize)});
      INFO("cull " << int(k.cull) << ", FrontCounterClockwise " << k.frontCounterClockwise << ", scissor "
                   << k.scissorEnable << ", triangle " << i);
      CHECK(lit == expected);
    }
  }
  CHECK(culled > 10);
  CHECK(drawn > 40);
  CHECK(drainMessages(c.queue.get()).empty());
}
