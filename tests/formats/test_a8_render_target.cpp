// tests/formats: A8_UNORM render targets (an R8 image underneath). A clear
// stores the colour's alpha; a draw stores the pixel shader's alpha, drops its
// red, green and blue, and honours the alpha bit of the write mask; blending
// uses the alpha op and factors with the target's alpha as the destination
// alpha; a 4x A8 target resolves to the average alpha. Every target is read
// back through a shader-resource view as (0, 0, 0, a); the expected alphas are
// computed here from the values drawn. CheckFormatSupport claims what works.
#include "formats_test_util.h"
#include "draw_test_util.h"

#include <cmath>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

constexpr UINT kSize = 8;

// Two triangles over pixels [x0, x1) × [0, kSize) of a kSize² target, in colour c.
std::vector<Vertex> columns(UINT x0, UINT x1, std::array<float, 4> c) {
  auto nx = [](UINT x) { return float(x) / kSize * 2 - 1; };
  const float l = nx(x0), r = nx(x1);
  return {{l, -1, c[0], c[1], c[2], c[3]}, {l, 1, c[0], c[1], c[2], c[3]}, {r, -1, c[0], c[1], c[2], c[3]},
          {r, -1, c[0], c[1], c[2], c[3]}, {l, 1, c[0], c[1], c[2], c[3]}, {r, 1, c[0], c[1], c[2], c[3]}};
}

// D3D's float → UNORM8: clamp, scale, round to nearest.
float unorm8(double v) { return float(std::lround(std::clamp(v, 0.0, 1.0) * 255.0)) / 255.0f; }

struct A8Target {
  Com<ID3D11Texture2D> texture;
  Com<ID3D11RenderTargetView> rtv;
  A8Target(RenderDevice& d, UINT samples) {
    const D3D11_TEXTURE2D_DESC desc =
        texture2DDesc(kSize, kSize, DXGI_FORMAT_A8_UNORM,
                      UINT(D3D11_BIND_RENDER_TARGET) | (samples == 1 ? UINT(D3D11_BIND_SHADER_RESOURCE) : 0u),
                      D3D11_USAGE_DEFAULT, 0, samples);
    REQUIRE(d->CreateTexture2D(&desc, nullptr, texture.out()) == S_OK);
    REQUIRE(d->CreateRenderTargetView(texture.get(), nullptr, rtv.out()) == S_OK);
  }
};

void draw(RenderDevice& d, DrawTarget& base, ID3D11RenderTargetView* rtv, const std::vector<Vertex>& v) {
  Com<ID3D11Buffer> vb = makeBuffer(d, v.data(), UINT(v.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
  base.bindVertices(vb.get());
  d.context->OMSetRenderTargets(1, &rtv, nullptr);
  d.context->Draw(UINT(v.size()), 0);
}

}  // namespace

TEST_CASE("A8_UNORM render targets: clears, draws, write masks and blending in alpha, 4x resolve",
          "[formats][a8]") {
  RenderDevice d;
  UINT support = 0;
  REQUIRE(d->CheckFormatSupport(DXGI_FORMAT_A8_UNORM, &support) == S_OK);
  CHECK((support & D3D11_FORMAT_SUPPORT_RENDER_TARGET));
  CHECK((support & D3D11_FORMAT_SUPPORT_BLENDABLE));
  DrawTarget base(d, kSize, kSize);  // shaders, input layout and viewport

  A8Target t(d, 1);
  const float clear[4] = {0.9f, 0.8f, 0.7f, 0.25f};
  d.context->ClearRenderTargetView(t.rtv.get(), clear);
  const float a0 = unorm8(0.25);  // 64 / 255
  Com<ID3D11ShaderResourceView> view = srvOf(d, t.texture.get());
  ID3D11RenderTargetView* none = nullptr;
  auto read = [&] {
    d.context->OMSetRenderTargets(1, &none, nullptr);  // the view is read next
    return readTexels(d, view.get(), loadListing(0));
  };
  checkTexels(read(), kSize, kSize, 1e-6f, [&](UINT, UINT) { return Texel{0, 0, 0, a0}; });

  // Columns 0..1: alpha 0.6 (red, green, blue 1: not stored); 2..3 the same colour with alpha masked off.
  draw(d, base, t.rtv.get(), columns(0, 2, {1, 1, 1, 0.6f}));
  D3D11_BLEND_DESC noAlpha{};
  noAlpha.RenderTarget[0].RenderTargetWriteMask =
      D3D11_COLOR_WRITE_ENABLE_RED | D3D11_COLOR_WRITE_ENABLE_GREEN | D3D11_COLOR_WRITE_ENABLE_BLUE;
  Com<ID3D11BlendState> masked;
  REQUIRE(d->CreateBlendState(&noAlpha, masked.out()) == S_OK);
  d.context->OMSetBlendState(masked.get(), nullptr, 0xFFFFFFFF);
  draw(d, base, t.rtv.get(), columns(2, 4, {1, 1, 1, 0.6f}));

  // Columns 4..7 blended: colour factors ZERO (they must not apply), alpha = src.a × dest.a + dest.a × factor.a.
  D3D11_BLEND_DESC bd{};
  auto& rt = bd.RenderTarget[0];
  rt.BlendEnable = TRUE;
  rt.SrcBlend = rt.DestBlend = D3D11_BLEND_ZERO;
  rt.BlendOp = D3D11_BLEND_OP_ADD;
  rt.SrcBlendAlpha = D3D11_BLEND_DEST_ALPHA;
  rt.DestBlendAlpha = D3D11_BLEND_BLEND_FACTOR;
  rt.BlendOpAlpha = D3D11_BLEND_OP_ADD;
  rt.RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
  Com<ID3D11BlendState> blend;
  REQUIRE(d->CreateBlendState(&bd, blend.out()) == S_OK);
  const float factor[4] = {1, 1, 1, 0.5f};
  d.context->OMSetBlendState(blend.get(), factor, 0xFFFFFFFF);
  draw(d, base, t.rtv.get(), columns(4, 8, {0.3f, 0.2f, 0.1f, 0.6f}));
  d.context->OMSetBlendState(nullptr, nullptr, 0xFFFFFFFF);
  const float blended = unorm8(0.6 * a0 + a0 * 0.5);
  checkTexels(read(), kSize, kSize, 1.01f / 255, [&](UINT x, UINT) {
    return Texel{0, 0, 0, x < 2 ? unorm8(0.6) : x < 4 ? a0 : blended};
  });

  // 4x: cleared to 0.25, columns 0..3 drawn with alpha 0.75, resolved into an A8 texture: the average alpha.
  A8Target ms(d, 4);
  d.context->ClearRenderTargetView(ms.rtv.get(), clear);
  draw(d, base, ms.rtv.get(), columns(0, 4, {0, 0, 0, 0.75f}));
  d.context->OMSetRenderTargets(1, &none, nullptr);
  A8Target resolved(d, 1);
  d.context->ResolveSubresource(resolved.texture.get(), 0, ms.texture.get(), 0, DXGI_FORMAT_A8_UNORM);
  Com<ID3D11ShaderResourceView> resolvedView = srvOf(d, resolved.texture.get());
  checkTexels(readTexels(d, resolvedView.get(), loadListing(0)), kSize, kSize, 1.01f / 255,
              [&](UINT x, UINT) { return Texel{0, 0, 0, x < 4 ? unorm8(0.75) : a0}; });
}
