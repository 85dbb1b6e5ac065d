// tests/draw: several render targets and the render-target formats beyond
// R32G32B32A32_FLOAT. One pixel shader writes SV_Target0..2 to three targets of
// different formats; with IndependentBlendEnable each target uses its own
// RenderTarget[i] blend and write mask, without it RenderTarget[0]'s applies to
// all of them. The expected values follow D3D11's blend equation
// (result = src·srcFactor op dst·dstFactor per channel, write mask per target)
// on values exactly representable in every format involved: floats, halves
// (IEEE binary16) and 8-bit UNORM (v·255 integral, or clamped to 1). Then exact
// per-pixel values drawn into R16G16B16A16_FLOAT and R32G32_UINT targets.
#include "draw_test_util.h"

using namespace d3dvk::test;

namespace {

constexpr UINT kW = 8, kH = 8;

// SV_Target0 = COLOR, SV_Target1 = (0.5, 0.25, 0.5, 0.75), SV_Target2 = (1, 0.5, 0.25, 0.5).
const char kPsThreeTargets[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
// SV_Target                1   xyzw        1   TARGET   float   xyzw
// SV_Target                2   xyzw        2   TARGET   float   xyzw
//
ps_5_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_output o2.xyzw
mov o0.xyzw, v1.xyzw
mov o1.xyzw, l(0.500000,0.250000,0.500000,0.750000)
mov o2.xyzw, l(1.000000,0.500000,0.250000,0.500000)
ret
)";

struct Target {
  Com<ID3D11Texture2D> texture;
  Com<ID3D11RenderTargetView> rtv;
};

Target makeTarget(RenderDevice& d, DXGI_FORMAT format, UINT w = kW, UINT h = kH) {
  Target t;
  D3D11_TEXTURE2D_DESC td = texture2DDesc(w, h, format, D3D11_BIND_RENDER_TARGET);
  REQUIRE(d->CreateTexture2D(&td, nullptr, t.texture.out()) == S_OK);
  REQUIRE(d->CreateRenderTargetView(t.texture.get(), nullptr, t.rtv.out()) == S_OK);
  return t;
}

// Texel (x, y) of a read-back R16G16B16A16_FLOAT / R8G8B8A8_UNORM target, raw.
std::array<uint16_t, 4> halves(const std::vector<uint8_t>& raw, UINT x, UINT y, UINT w = kW) {
  std::array<uint16_t, 4> out;
  std::memcpy(out.data(), raw.data() + (size_t(y) * w + x) * 8, 8);
  return out;
}
std::array<uint8_t, 4> bytes(const std::vector<uint8_t>& raw, UINT x, UINT y) {
  std::array<uint8_t, 4> out;
  std::memcpy(out.data(), raw.data() + (size_t(y) * kW + x) * 4, 4);
  return out;
}
std::array<uint16_t, 4> exactHalves(std::array<float, 4> v) {
  return {exactHalf(v[0]), exactHalf(v[1]), exactHalf(v[2]), exactHalf(v[3])};
}

D3D11_RENDER_TARGET_BLEND_DESC targetBlend(BOOL enable, D3D11_BLEND src, D3D11_BLEND dst, D3D11_BLEND_OP op,
                                           D3D11_BLEND srcAlpha, D3D11_BLEND dstAlpha, D3D11_BLEND_OP opAlpha,
                                           UINT8 mask) {
  return {enable, src, dst, op, srcAlpha, dstAlpha, opAlpha, mask};
}

// D3D11's default blend state (CD3D11_BLEND_DESC(D3D11_DEFAULT)): every
// target ONE/ZERO/ADD, blending off, all channels written.
D3D11_BLEND_DESC defaultBlendDesc() {
  D3D11_BLEND_DESC desc{};
  for (D3D11_RENDER_TARGET_BLEND_DESC& rt : desc.RenderTarget)
    rt = targetBlend(FALSE, D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE, D3D11_BLEND_ZERO,
                     D3D11_BLEND_OP_ADD, D3D11_COLOR_WRITE_ENABLE_ALL);
  return desc;
}

// Three targets bound together: RT0 R32G32B32A32_FLOAT, RT1 R16G16B16A16_FLOAT,
// RT2 R8G8B8A8_UNORM, the three-output pixel shader and a full-screen triangle
// of colour (1, 0, 0, 0.25).
struct ThreeTargets {
  RenderDevice& d;
  DrawTarget base;  // shaders, layout, viewport (its own target is replaced)
  Target rt[3];
  Com<ID3D11PixelShader> ps;
  Com<ID3D11Buffer> vb;
  explicit ThreeTargets(RenderDevice& device) : d(device), base(device, kW, kH) {
    rt[0] = makeTarget(d, DXGI_FORMAT_R32G32B32A32_FLOAT);
    rt[1] = makeTarget(d, DXGI_FORMAT_R16G16B16A16_FLOAT);
    rt[2] = makeTarget(d, DXGI_FORMAT_R8G8B8A8_UNORM);
    ID3D11RenderTargetView* views[3] = {rt[0].rtv.get(), rt[1].rtv.get(), rt[2].rtv.get()};
    d.context->OMSetRenderTargets(3, views, nullptr);
    const std::vector<uint8_t> code = assembled(kPsThreeTargets);
    REQUIRE(d->CreatePixelShader(code.data(), code.size(), nullptr, ps.out()) == S_OK);
    d.context->PSSetShader(ps.get(), nullptr, 0);
    const Vertex v[3] = {{-1, -1, 1, 0, 0, 0.25f}, {-1, 3, 1, 0, 0, 0.25f}, {3, -1, 1, 0, 0, 0.25f}};
    vb = makeBuffer(d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
    base.bindVertices(vb.get());
  }
  // Clears RT0 to (0,0,1,1), RT1 to (0.25,0.5,0.75,0.5), RT2 to (0,1,0,1), then draws.
  void clearAndDraw() {
    const float c0[4] = {0, 0, 1, 1}, c1[4] = {0.25f, 0.5f, 0.75f, 0.5f}, c2[4] = {0, 1, 0, 1};
    d.context->ClearRenderTargetView(rt[0].rtv.get(), c0);
    d.context->ClearRenderTargetView(rt[1].rtv.get(), c1);
    d.context->ClearRenderTargetView(rt[2].rtv.get(), c2);
    d.context->Draw(3, 0);
  }
};

}  // namespace

TEST_CASE("three render targets: IndependentBlendEnable gives each its own blend and write mask, exact values",
          "[draw][output-merger][mrt]") {
  RenderDevice d;
  ThreeTargets t(d);
  D3D11_BLEND_DESC desc = defaultBlendDesc();
  desc.IndependentBlendEnable = TRUE;
  // RT0: source-alpha "over" on colour, alpha ONE/ZERO.
  desc.RenderTarget[0] = targetBlend(TRUE, D3D11_BLEND_SRC_ALPHA, D3D11_BLEND_INV_SRC_ALPHA, D3D11_BLEND_OP_ADD,
                                     D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD,
                                     D3D11_COLOR_WRITE_ENABLE_ALL);
  // RT1: colour multiplied by the target (src·dst), alpha MAX, blue not written.
  desc.RenderTarget[1] = targetBlend(TRUE, D3D11_BLEND_DEST_COLOR, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD,
                                     D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_MAX,
                                     D3D11_COLOR_WRITE_ENABLE_RED | D3D11_COLOR_WRITE_ENABLE_GREEN |
                                         D3D11_COLOR_WRITE_ENABLE_ALPHA);
  // RT2: no blending, only red and blue written.
  desc.RenderTarget[2] = targetBlend(FALSE, D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE,
                                     D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD,
                                     D3D11_COLOR_WRITE_ENABLE_RED | D3D11_COLOR_WRITE_ENABLE_BLUE);
  Com<ID3D11BlendState> independent;
  REQUIRE(d->CreateBlendState(&desc, independent.out()) == S_OK);
  D3D11_BLEND_DESC got{};
  independent->GetDesc(&got);
  CHECK(got.IndependentBlendEnable == TRUE);
  CHECK(got.RenderTarget[2].RenderTargetWriteMask == (D3D11_COLOR_WRITE_ENABLE_RED | D3D11_COLOR_WRITE_ENABLE_BLUE));
  d.context->OMSetBlendState(independent.get(), nullptr, 0xFFFFFFFF);
  t.clearAndDraw();

  // RT0: src (1,0,0,.25) over dst (0,0,1,1): colour .25·src + .75·dst, alpha = src alpha.
  const std::array<float, 4> want0{0.25f, 0, 0.75f, 0.25f};
  // RT1: src (.5,.25,.5,.75) · dst (.25,.5,.75,.5) = (.125,.125,.375); alpha max(.75,.5); blue kept .75.
  const std::array<uint16_t, 4> want1 = exactHalves({0.125f, 0.125f, 0.75f, 0.75f});
  // RT2: red 1 → 255 and blue .25 → 64 written; green and alpha keep the clear's 255.
  const std::array<uint8_t, 4> want2{255, 255, 64, 255};
  const std::vector<uint8_t> raw0 = readback(d, t.rt[0].texture.get()), raw1 = readback(d, t.rt[1].texture.get()),
                             raw2 = readback(d, t.rt[2].texture.get());
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) {
      INFO("pixel " << x << "," << y);
      const size_t i = size_t(y) * kW + x;
      CHECK((std::array<float, 4>{texelAt<float>(raw0, i * 4), texelAt<float>(raw0, i * 4 + 1),
                                  texelAt<float>(raw0, i * 4 + 2), texelAt<float>(raw0, i * 4 + 3)}) == want0);
      CHECK(halves(raw1, x, y) == want1);
      CHECK(bytes(raw2, x, y) == want2);
    }
  d.context->OMSetBlendState(nullptr, nullptr, 0xFFFFFFFF);
}

TEST_CASE("three render targets without IndependentBlendEnable: RenderTarget[0]'s blend and mask apply to all",
          "[draw][output-merger][mrt]") {
  RenderDevice d;
  ThreeTargets t(d);
  D3D11_BLEND_DESC desc = defaultBlendDesc();
  REQUIRE(desc.IndependentBlendEnable == FALSE);
  // ONE + ONE on red and alpha only.
  desc.RenderTarget[0] = targetBlend(TRUE, D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE,
                                     D3D11_BLEND_ONE, D3D11_BLEND_OP_ADD,
                                     D3D11_COLOR_WRITE_ENABLE_RED | D3D11_COLOR_WRITE_ENABLE_ALPHA);
  // RenderTarget[1..7] keep the default (no blending, everything written), which
  // would overwrite RT1 and RT2 completely if it were used.
  Com<ID3D11BlendState> shared;
  REQUIRE(d->CreateBlendState(&desc, shared.out()) == S_OK);
  d.context->OMSetBlendState(shared.get(), nullptr, 0xFFFFFFFF);
  t.clearAndDraw();

  // src + dst on red and alpha; float targets do not clamp, UNORM clamps to 1.
  const std::array<float, 4> want0{1, 0, 1, 1.25f};                          // (1,0,0,.25) + (0,0,1,1)
  const std::array<uint16_t, 4> want1 = exactHalves({0.75f, 0.5f, 0.75f, 1.25f});  // (.5,_,_,.75) + (.25,.5,.75,.5)
  const std::array<uint8_t, 4> want2{255, 255, 0, 255};                      // (1,_,_,.5) + (0,1,0,1), clamped
  const std::vector<uint8_t> raw0 = readback(d, t.rt[0].texture.get()), raw1 = readback(d, t.rt[1].texture.get()),
                             raw2 = readback(d, t.rt[2].texture.get());
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) {
      INFO("pixel " << x << "," << y);
      const size_t i = size_t(y) * kW + x;
      CHECK((std::array<float, 4>{texelAt<float>(raw0, i * 4), texelAt<float>(raw0, i * 4 + 1),
                                  texelAt<float>(raw0, i * 4 + 2), texelAt<float>(raw0, i * 4 + 3)}) == want0);
      CHECK(halves(raw1, x, y) == want1);
      CHECK(bytes(raw2, x, y) == want2);
    }

  d.context->OMSetBlendState(nullptr, nullptr, 0xFFFFFFFF);
}

namespace {

// SV_Target (float) = (SV_Position.x, SV_Position.y, −2.5, 65504): pixel
// centres (x + 0.5) are exact halves, 65504 is the largest finite half.
const char kPsPositionFloat[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xy
// COLOR                    0   xyzw        1     NONE   float
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
mov o0.xy, v0.xyxx
mov o0.zw, l(0,0,-2.500000,65504.000000)
ret
)";

// SV_Target (uint) = (1000·y + x, 0x7FFFFFFF − x) from SV_Position.
const char kPsPositionUint[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xy
// COLOR                    0   xyzw        1     NONE   float
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xy          0   TARGET    uint   xy
//
ps_5_0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xy
dcl_temps 1
ftou r0.xy, v0.xyxx
imad o0.x, r0.y, l(1000), r0.x
iadd o0.y, l(2147483647), -r0.x
ret
)";

}  // namespace

TEST_CASE("draws into R16G16B16A16_FLOAT and R32G32_UINT targets store exact per-pixel values",
          "[draw][pixels][formats]") {
  RenderDevice d;
  constexpr UINT w = 16, h = 8;
  DrawTarget base(d, w, h);  // shaders, layout and viewport; the targets are replaced
  const Vertex v[3] = {{-1, -1, 1, 1, 1, 1}, {-1, 3, 1, 1, 1, 1}, {3, -1, 1, 1, 1, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
  base.bindVertices(vb.get());

  SECTION("R16G16B16A16_FLOAT") {
    Target half = makeTarget(d, DXGI_FORMAT_R16G16B16A16_FLOAT, w, h);
    ID3D11RenderTargetView* views[] = {half.rtv.get()};
    d.context->OMSetRenderTargets(1, views, nullptr);
    const std::vector<uint8_t> code = assembled(kPsPositionFloat);
    Com<ID3D11PixelShader> ps;
    REQUIRE(d->CreatePixelShader(code.data(), code.size(), nullptr, ps.out()) == S_OK);
    d.context->PSSetShader(ps.get(), nullptr, 0);
    d.context->Draw(3, 0);
    const std::vector<uint8_t> raw = readback(d, half.texture.get());
    for (UINT y = 0; y < h; ++y)
      for (UINT x = 0; x < w; ++x) {
        INFO("pixel " << x << "," << y);
        CHECK(halves(raw, x, y, w) == exactHalves({x + 0.5f, y + 0.5f, -2.5f, 65504.0f}));
      }
  }
  SECTION("R32G32_UINT") {
    Target uints = makeTarget(d, DXGI_FORMAT_R32G32_UINT, w, h);
    ID3D11RenderTargetView* views[] = {uints.rtv.get()};
    d.context->OMSetRenderTargets(1, views, nullptr);
    const float clear[4] = {7, 9, 0, 0};  // integer targets clear to the float values converted
    d.context->ClearRenderTargetView(uints.rtv.get(), clear);
    const std::vector<uint8_t> code = assembled(kPsPositionUint);
    Com<ID3D11PixelShader> ps;
    REQUIRE(d->CreatePixelShader(code.data(), code.size(), nullptr, ps.out()) == S_OK);
    d.context->PSSetShader(ps.get(), nullptr, 0);
    // The left half only (x < 8): the right half keeps the clear.
    const D3D11_VIEWPORT vp{0, 0, 8, float(h), 0, 1};
    d.context->RSSetViewports(1, &vp);
    d.context->Draw(3, 0);
    const std::vector<uint8_t> raw = readback(d, uints.texture.get());
    for (UINT y = 0; y < h; ++y)
      for (UINT x = 0; x < w; ++x) {
        INFO("pixel " << x << "," << y);
        const size_t i = (size_t(y) * w + x) * 2;
        if (x < 8) {
          CHECK(texelAt<uint32_t>(raw, i) == 1000 * y + x);
          CHECK(texelAt<uint32_t>(raw, i + 1) == 0x7FFFFFFFu - x);
        } else {
          CHECK(texelAt<uint32_t>(raw, i) == 7u);
          CHECK(texelAt<uint32_t>(raw, i + 1) == 9u);
        }
      }
  }
}
