// tests/draw/draw_test_util.h — what the draw tests share: shaders written as
// fxc listings (assembled with dxbc::assemble), a render target with its view
// bound and a viewport covering it, buffer helpers, and the analytic
// expectations (pixel centres, edge functions, attribute interpolation) the
// tests compute independently of d3dvk.
#pragma once

#include "../render/render_test_util.h"
#include "ddi_trace_log.h"
#include "dxbc/listing.h"

#include <array>
#include <string>

namespace d3dvk::test {

// VS: POSITION.xy (v0) → SV_Position (z 0, w 1).
inline const char kVsPosition[] = R"(//
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

// VS: POSITION.xy (v0) and COLOR (v1) → SV_Position (z 0, w 1) and COLOR (o1).
inline const char kVsColor[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xy          0     NONE   float   xy
// COLOR                    0   xyzw        1     NONE   float   xyzw
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
dcl_input v1.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
mov o0.xy, v0.xyxx
mov o0.zw, l(0,0,0,1.000000)
mov o1.xyzw, v1.xyzw
ret
)";

// VS for instancing: POSITION.xy (v0, per vertex) + OFFSET.xy (v1, per instance);
// COLOR = cb0[0] when bound (zeros otherwise) + INSTCOLOR (v2, per instance).
inline const char kVsInstanced[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xy          0     NONE   float   xy
// OFFSET                   0   xy          1     NONE   float   xy
// INSTCOLOR                0   xyzw        2     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
vs_5_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_input v0.xy
dcl_input v1.xy
dcl_input v2.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
add o0.xy, v0.xyxx, v1.xyxx
mov o0.zw, l(0,0,0,1.000000)
add o1.xyzw, v2.xyzw, cb0[0].xyzw
ret
)";

// PS: SV_Target0 = COLOR.
inline const char kPsColor[] = R"(//
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
//
ps_5_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
)";

// PS: SV_Target0 = COLOR * cb2[0] (constant buffer slot 2 of the pixel stage).
inline const char kPsScaled[] = R"(//
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
//
ps_5_0
dcl_constantbuffer CB2[1], immediateIndexed
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
mul o0.xyzw, v1.xyzw, cb2[0].xyzw
ret
)";

inline std::vector<uint8_t> assembled(const char* listing) { return dxbc::assemble(listing).container; }

// The pixel shader of an assembly listing.
inline Com<ID3D11PixelShader> pixelShader(RenderDevice& d, const char* listing) {
  const std::vector<uint8_t> code = assembled(listing);
  Com<ID3D11PixelShader> ps;
  REQUIRE(d->CreatePixelShader(code.data(), code.size(), nullptr, ps.out()) == S_OK);
  return ps;
}

// A depth-stencil state of `desc`.
inline Com<ID3D11DepthStencilState> depthStencilState(RenderDevice& d, const D3D11_DEPTH_STENCIL_DESC& desc) {
  Com<ID3D11DepthStencilState> s;
  REQUIRE(d->CreateDepthStencilState(&desc, s.out()) == S_OK);
  return s;
}

// PS: oDepth = SV_Position.x / 32 (a depth ramp across a 32-pixel-wide target).
inline const char kPsWriteDepth[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   x
// COLOR                    0   xyzw        1     NONE   float
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Depth                 0    N/A   oDepth    DEPTH   float    YES
//
ps_5_0
dcl_input_ps_siv linear noperspective v0.x, position
dcl_output oDepth
mul oDepth, v0.x, l(0.031250)
ret
)";

// Conservative draws of devices created in this scope run on the UMD's
// fallback path, whatever the Vulkan device can do natively (the UMD reads
// D3DVK_CONSERVATIVE_RASTER when an adapter opens, so declare it before the
// device). The tests holding conservative draws to translate/raster's exact
// Tier 3 sets use it: only the fallback guarantees exactness; a native draw is
// held to the spec's bounds instead (test_draw_conservative_bounds.cpp).
struct ForceConservativeFallback {
  ScopedEnv policy{"D3DVK_CONSERVATIVE_RASTER", "fallback"};
};

// A ConservativeRaster ON rasterizer state (solid fill; MultisampleEnable and
// AntialiasedLineEnable FALSE; no forced sample count).
struct ConservativeDesc {
  D3D11_CULL_MODE cull = D3D11_CULL_NONE;
  BOOL frontCounterClockwise = FALSE, depthClip = TRUE, scissor = FALSE;
};
inline Com<ID3D11RasterizerState2> conservativeState(RenderDevice& d, const ConservativeDesc& k = {}) {
  Com<ID3D11Device3> device3;
  REQUIRE(d->QueryInterface(__uuidof(ID3D11Device3), reinterpret_cast<void**>(device3.out())) == S_OK);
  const D3D11_RASTERIZER_DESC2 desc{D3D11_FILL_SOLID, k.cull, k.frontCounterClockwise, 0, 0.0f, 0.0f, k.depthClip,
                                    k.scissor, FALSE, FALSE, 0, D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON};
  Com<ID3D11RasterizerState2> state;
  REQUIRE(device3->CreateRasterizerState2(&desc, state.out()) == S_OK);
  return state;
}

struct Vertex {
  float x, y;        // NDC
  float r, g, b, a;  // COLOR
};

inline const D3D11_INPUT_ELEMENT_DESC kColorLayout[] = {
    {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
    {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, D3D11_APPEND_ALIGNED_ELEMENT, D3D11_INPUT_PER_VERTEX_DATA, 0},
};

// VS: POSITION.xyz (v0) and COLOR (v1) → SV_Position (w 1) and COLOR.
inline const char kVsDepth[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xyz         0     NONE   float   xyz
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
vs_5_0
dcl_input v0.xyz
dcl_input v1.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
mov o0.xyz, v0.xyzx
mov o0.w, l(1.000000)
mov o1.xyzw, v1.xyzw
ret
)";

struct Vertex3 {
  float x, y, z;
  float r, g, b, a;
};

// kVsDepth and its input layout (Vertex3), created and bound.
struct DepthVertexShader {
  Com<ID3D11VertexShader> vs;
  Com<ID3D11InputLayout> layout;
  explicit DepthVertexShader(RenderDevice& d) {
    const std::vector<uint8_t> code = assembled(kVsDepth);
    REQUIRE(d->CreateVertexShader(code.data(), code.size(), nullptr, vs.out()) == S_OK);
    const D3D11_INPUT_ELEMENT_DESC elements[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, D3D11_APPEND_ALIGNED_ELEMENT, D3D11_INPUT_PER_VERTEX_DATA, 0}};
    REQUIRE(d->CreateInputLayout(elements, 2, code.data(), code.size(), layout.out()) == S_OK);
    d.context->IASetInputLayout(layout.get());
    d.context->VSSetShader(vs.get(), nullptr, 0);
  }
};

inline Com<ID3D11Buffer> makeBuffer(RenderDevice& d, const void* data, UINT bytes, UINT bind) {
  D3D11_BUFFER_DESC desc{bytes, D3D11_USAGE_DEFAULT, bind, 0, 0, 0};
  D3D11_SUBRESOURCE_DATA init{data, 0, 0};
  Com<ID3D11Buffer> b;
  REQUIRE(d->CreateBuffer(&desc, &init, b.out()) == S_OK);
  return b;
}

// A W×H R32G32B32A32_FLOAT render target, cleared to `clear`, bound with a full viewport,
// plus the colour-passing shaders and layout bound (triangle list).
struct DrawTarget {
  RenderDevice& d;
  UINT width, height;
  Com<ID3D11Texture2D> texture;
  Com<ID3D11RenderTargetView> rtv;
  Com<ID3D11VertexShader> vs;
  Com<ID3D11PixelShader> ps;
  Com<ID3D11InputLayout> layout;

  DrawTarget(RenderDevice& device, UINT w, UINT h, std::array<float, 4> clear = {0, 0, 0, 0})
      : d(device), width(w), height(h) {
    D3D11_TEXTURE2D_DESC td = texture2DDesc(w, h, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D11_BIND_RENDER_TARGET);
    REQUIRE(d->CreateTexture2D(&td, nullptr, texture.out()) == S_OK);
    REQUIRE(d->CreateRenderTargetView(texture.get(), nullptr, rtv.out()) == S_OK);
    d.context->ClearRenderTargetView(rtv.get(), clear.data());
    ID3D11RenderTargetView* views[] = {rtv.get()};
    d.context->OMSetRenderTargets(1, views, nullptr);
    D3D11_VIEWPORT vp{0, 0, float(w), float(h), 0, 1};
    d.context->RSSetViewports(1, &vp);
    const std::vector<uint8_t> vsCode = assembled(kVsColor), psCode = assembled(kPsColor);
    REQUIRE(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
    REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
    REQUIRE(d->CreateInputLayout(kColorLayout, 2, vsCode.data(), vsCode.size(), layout.out()) == S_OK);
    d.context->IASetInputLayout(layout.get());
    d.context->VSSetShader(vs.get(), nullptr, 0);
    d.context->PSSetShader(ps.get(), nullptr, 0);
    d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  }

  void bindVertices(ID3D11Buffer* vb, UINT stride = sizeof(Vertex)) {
    UINT offset = 0;
    d.context->IASetVertexBuffers(0, 1, &vb, &stride, &offset);
  }

  // Texel (x, y) of the read-back target.
  std::vector<std::array<float, 4>> pixels() {
    const std::vector<uint8_t> raw = readback(d, texture.get());
    std::vector<std::array<float, 4>> out(size_t(width) * height);
    std::memcpy(out.data(), raw.data(), raw.size());
    return out;
  }
};

// A 4×4×3 R32G32B32A32_FLOAT Texture2DArray cleared to `clear` through a view
// of all of it, with slices 1 and 2 bound through a Texture2DArray RTV of
// them: a layered draw lands in slices 1 and 2, slice 0 keeps the clear.
struct LayeredArrayTarget {
  Com<ID3D11Texture2D> array;
  Com<ID3D11RenderTargetView> all, upper;

  LayeredArrayTarget(RenderDevice& d, std::array<float, 4> clear) {
    D3D11_TEXTURE2D_DESC ad = texture2DDesc(4, 4, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D11_BIND_RENDER_TARGET);
    ad.ArraySize = 3;
    REQUIRE(d->CreateTexture2D(&ad, nullptr, array.out()) == S_OK);
    REQUIRE(d->CreateRenderTargetView(array.get(), nullptr, all.out()) == S_OK);
    D3D11_RENDER_TARGET_VIEW_DESC rv{};
    rv.Format = ad.Format;
    rv.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DARRAY;
    rv.Texture2DArray = {0, 1, 2};
    REQUIRE(d->CreateRenderTargetView(array.get(), &rv, upper.out()) == S_OK);
    d.context->ClearRenderTargetView(all.get(), clear.data());
    ID3D11RenderTargetView* views[] = {upper.get()};
    d.context->OMSetRenderTargets(1, views, nullptr);
  }

  // Every texel of slice s equals expected[s].
  void checkSlices(RenderDevice& d, const std::array<float, 4> (&expected)[3]) {
    for (UINT slice = 0; slice < 3; ++slice) {
      const std::vector<uint8_t> texels = readback(d, array.get(), slice);
      for (UINT i = 0; i < 16; ++i) {
        INFO("slice " << slice << " texel " << i);
        CHECK(texelAt<std::array<float, 4>>(texels, i) == expected[slice]);
      }
    }
  }
};

// NDC → render-target coordinates for a viewport covering a W×H target.
inline std::array<double, 2> toScreen(float x, float y, UINT w, UINT h) {
  return {(double(x) + 1.0) * 0.5 * w, (1.0 - double(y)) * 0.5 * h};
}

// Barycentric coordinates of point p in the screen-space triangle (a, b, c); the signed
// area says the winding. Used at pixel centres (x + 0.5, y + 0.5).
struct Barycentric {
  double l0, l1, l2;
  bool inside(double margin) const { return l0 > margin && l1 > margin && l2 > margin; }
  bool outside(double margin) const { return l0 < -margin || l1 < -margin || l2 < -margin; }
};
inline Barycentric barycentric(std::array<double, 2> a, std::array<double, 2> b, std::array<double, 2> c, double px,
                               double py) {
  auto edge = [](std::array<double, 2> p, std::array<double, 2> q, double x, double y) {
    return (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0]);
  };
  const double area = edge(a, b, c[0], c[1]);
  return {edge(b, c, px, py) / area, edge(c, a, px, py) / area, edge(a, b, px, py) / area};
}

// kVsColor with cb0[0] added to the colour.
inline std::string vsColorPlusConstant() {
  std::string s = kVsColor;
  s.replace(s.find("vs_5_0\n"), 7, "vs_5_0\ndcl_constantbuffer CB0[1], immediateIndexed\n");
  s.replace(s.find("mov o1.xyzw, v1.xyzw"), 20, "add o1.xyzw, v1.xyzw, cb0[0].xyzw");
  return s;
}

}  // namespace d3dvk::test
