// tests/draw: depth bias as the D3D11 functional spec defines it (rasterizer
// state DepthBias, SlopeScaledDepthBias, DepthBiasClamp), read back from depth
// targets of every depth format. The expected depth is computed here from the
// spec's formula, independently of d3dvk:
//   UNORM depth (D16, D24): r = 1 / 2^bits;
//   FLOAT depth (D32):      r = 2^(exponent(max z of the primitive) - 23);
//   bias = DepthBias * r + SlopeScaledDepthBias * MaxDepthSlope, clamped to
//   DepthBiasClamp (> 0: at most, < 0: at least, 0: no clamp),
// then z + bias is stored (UNORM: rounded to the nearest code; tolerance one
// code, the spec's conversion allowance). Depth-only draws (no pixel shader),
// on the machine's device (lavapipe here).
#include "draw_test_util.h"

#include <algorithm>
#include <cmath>

using namespace d3dvk::test;

namespace {

constexpr UINT kW = 64, kH = 4;

// VS: POSITION.xyz → SV_Position (xyz, 1).
const char kVsXyz[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xyz         0     NONE   float   xyz
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
//
vs_5_0
dcl_input v0.xyz
dcl_output_siv o0.xyzw, position
mov o0.xyz, v0.xyzx
mov o0.w, l(1.000000)
ret
)";

struct DepthFormat {
  DXGI_FORMAT typeless, dsv;
  int unormBits;  // 0: float
  const char* name;
};
constexpr DepthFormat kFormats[] = {
    {DXGI_FORMAT_R16_TYPELESS, DXGI_FORMAT_D16_UNORM, 16, "D16_UNORM"},
    {DXGI_FORMAT_R24G8_TYPELESS, DXGI_FORMAT_D24_UNORM_S8_UINT, 24, "D24_UNORM_S8_UINT"},
    {DXGI_FORMAT_R32_TYPELESS, DXGI_FORMAT_D32_FLOAT, 0, "D32_FLOAT"},
};

struct BiasCase {
  INT depthBias;
  float clamp, slope;
  float zLeft, zRight;  // depth at NDC x = -1 and x = +1 (constant in y)
  const char* name;
};

// The depth each pixel column gets, per the spec, as a double.
double expectedDepth(const DepthFormat& f, const BiasCase& c, UINT x) {
  const double z = c.zLeft + (c.zRight - c.zLeft) * (x + 0.5) / kW;
  const double maxDepthSlope = std::fabs(double(c.zRight) - c.zLeft) / kW;  // |dz/dx| in pixels; dz/dy = 0
  double r;
  if (f.unormBits) {
    r = std::ldexp(1.0, -f.unormBits);
  } else {
    int e = 0;
    std::frexp(std::max(std::fabs(c.zLeft), std::fabs(c.zRight)), &e);  // max z = m * 2^e, m in [0.5, 1)
    r = std::ldexp(1.0, (e - 1) - 23);                                    // IEEE exponent is e - 1
  }
  double bias = c.depthBias * r + double(c.slope) * maxDepthSlope;
  if (c.clamp > 0) bias = std::min(bias, double(c.clamp));
  if (c.clamp < 0) bias = std::max(bias, double(c.clamp));
  return std::clamp(z + bias, 0.0, 1.0);
}

// Stored depth at column x, as a UNORM code or a float, from the read-back row 0.
double storedDepth(const DepthFormat& f, const std::vector<uint8_t>& raw, UINT x) {
  if (f.unormBits == 16) {
    uint16_t v;
    std::memcpy(&v, raw.data() + x * 2, 2);
    return v;
  }
  uint32_t v;
  std::memcpy(&v, raw.data() + x * 4, 4);
  if (f.unormBits == 24) return v & 0xFFFFFFu;
  float fl;
  std::memcpy(&fl, &v, 4);
  return fl;
}

// Row 0 of the depth texture back through a STAGING copy of its typeless format.
std::vector<uint8_t> depthRow(RenderDevice& d, ID3D11Texture2D* texture, UINT bytesPerTexel) {
  D3D11_TEXTURE2D_DESC sd;
  texture->GetDesc(&sd);
  sd.Usage = D3D11_USAGE_STAGING;
  sd.BindFlags = 0;
  sd.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  Com<ID3D11Texture2D> staging;
  REQUIRE(d->CreateTexture2D(&sd, nullptr, staging.out()) == S_OK);
  d.context->CopyResource(staging.get(), texture);
  D3D11_MAPPED_SUBRESOURCE m{};
  REQUIRE(d.context->Map(staging.get(), 0, D3D11_MAP_READ, 0, &m) == S_OK);
  REQUIRE(m.RowPitch >= kW * bytesPerTexel);
  std::vector<uint8_t> row(static_cast<uint8_t*>(m.pData), static_cast<uint8_t*>(m.pData) + kW * bytesPerTexel);
  d.context->Unmap(staging.get(), 0);
  return row;
}

}  // namespace

TEST_CASE("depth bias follows the D3D11 formula for UNORM and FLOAT depth formats", "[draw]") {
  const BiasCase cases[] = {
      {1000, 0.f, 0.f, 0.5f, 0.5f, "constant bias on flat z 0.5"},
      {-3000, 0.f, 0.f, 0.75f, 0.75f, "negative constant bias"},
      {37, 0.f, 0.f, 0.125f, 0.125f, "small bias at z 1/8 (float r is 2^-26)"},
      {0, 0.f, 2.f, 0.25f, 0.75f, "slope-scaled bias alone"},
      {500, 0.f, 1.5f, 0.25f, 0.75f, "constant and slope-scaled bias"},
      {0, 0.01f, 2.f, 0.25f, 0.75f, "bias clamped to DepthBiasClamp"},
      {-200000, -0.002f, 0.f, 0.5f, 0.5f, "negative bias clamped from below"},
  };
  for (const DepthFormat& f : kFormats)
    for (const BiasCase& c : cases) {
      INFO(f.name << ": " << c.name);
      RenderDevice d;
      D3D11_TEXTURE2D_DESC td = texture2DDesc(kW, kH, f.typeless, D3D11_BIND_DEPTH_STENCIL);
      Com<ID3D11Texture2D> depth;
      REQUIRE(d->CreateTexture2D(&td, nullptr, depth.out()) == S_OK);
      D3D11_DEPTH_STENCIL_VIEW_DESC dv{};
      dv.Format = f.dsv;
      dv.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2D;
      Com<ID3D11DepthStencilView> dsv;
      REQUIRE(d->CreateDepthStencilView(depth.get(), &dv, dsv.out()) == S_OK);
      d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 1.0f, 0);
      d.context->OMSetRenderTargets(0, nullptr, dsv.get());
      D3D11_VIEWPORT vp{0, 0, float(kW), float(kH), 0, 1};
      d.context->RSSetViewports(1, &vp);

      D3D11_DEPTH_STENCIL_DESC ds{};
      ds.DepthEnable = TRUE;
      ds.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ALL;
      ds.DepthFunc = D3D11_COMPARISON_ALWAYS;
      Com<ID3D11DepthStencilState> dss;
      REQUIRE(d->CreateDepthStencilState(&ds, dss.out()) == S_OK);
      d.context->OMSetDepthStencilState(dss.get(), 0);
      D3D11_RASTERIZER_DESC rd{};
      rd.FillMode = D3D11_FILL_SOLID;
      rd.CullMode = D3D11_CULL_NONE;
      rd.DepthBias = c.depthBias;
      rd.DepthBiasClamp = c.clamp;
      rd.SlopeScaledDepthBias = c.slope;
      rd.DepthClipEnable = TRUE;
      Com<ID3D11RasterizerState> rs;
      REQUIRE(d->CreateRasterizerState(&rd, rs.out()) == S_OK);
      d.context->RSSetState(rs.get());

      const std::vector<uint8_t> vsCode = assembled(kVsXyz);
      Com<ID3D11VertexShader> vs;
      REQUIRE(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
      const D3D11_INPUT_ELEMENT_DESC layoutDesc[] = {
          {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0}};
      Com<ID3D11InputLayout> layout;
      REQUIRE(d->CreateInputLayout(layoutDesc, 1, vsCode.data(), vsCode.size(), layout.out()) == S_OK);
      // Two triangles covering the target: z linear in x only.
      const float l = c.zLeft, r = c.zRight;
      const float verts[] = {-1, -1, l, -1, 1, l, 1, 1, r, -1, -1, l, 1, 1, r, 1, -1, r};
      Com<ID3D11Buffer> vb = makeBuffer(d, verts, sizeof verts, D3D11_BIND_VERTEX_BUFFER);
      const UINT stride = 12, offset = 0;
      ID3D11Buffer* vbs[] = {vb.get()};
      d.context->IASetVertexBuffers(0, 1, vbs, &stride, &offset);
      d.context->IASetInputLayout(layout.get());
      d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
      d.context->VSSetShader(vs.get(), nullptr, 0);
      d.context->PSSetShader(nullptr, nullptr, 0);
      d.context->Draw(6, 0);

      const std::vector<uint8_t> raw = depthRow(d, depth.get(), f.unormBits == 16 ? 2 : 4);
      for (UINT x = 0; x < kW; ++x) {
        INFO("column " << x);
        const double want = expectedDepth(f, c, x), got = storedDepth(f, raw, x);
        if (f.unormBits) {
          const double code = want * (std::ldexp(1.0, f.unormBits) - 1);
          CHECK(std::fabs(got - code) <= 1.0);
        } else {
          // Float depth: the biased value within one float step of the exact sum.
          CHECK(std::fabs(got - want) <= std::ldexp(std::fabs(want), -23));
        }
      }
    }
}
