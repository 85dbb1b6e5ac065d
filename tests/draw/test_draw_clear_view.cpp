// tests/draw: ID3D11DeviceContext1::ClearView — rectangles of a render-target
// view (every slice of an array view; rectangles clipped to the view, empty
// ones clearing nothing), the whole view without rectangles, integer formats
// taking the colour as integers (rounded toward zero, clamped, NaN as 0: the
// D3D11 documentation's rule, written out here), a UAV cleared whole, and the
// views ClearView refuses leaving their contents as they were. Texels read back.
#include "draw_test_util.h"

#include <array>
#include <cmath>
#include <cstring>
#include <limits>

using namespace d3dvk::test;

namespace {

Com<ID3D11DeviceContext1> context1(RenderDevice& d) {
  Com<ID3D11DeviceContext1> c;
  REQUIRE(d.context->QueryInterface(__uuidof(ID3D11DeviceContext1), reinterpret_cast<void**>(c.out())) == S_OK);
  return c;
}

bool inside(int x, int y, const D3D11_RECT& r) { return x >= r.left && x < r.right && y >= r.top && y < r.bottom; }

}  // namespace

TEST_CASE("ClearView clears rectangles of every slice of a render-target view", "[draw][clear-view][pixels]") {
  RenderDevice d;
  const Com<ID3D11DeviceContext1> c = context1(d);
  D3D11_TEXTURE2D_DESC td = texture2DDesc(8, 8, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D11_BIND_RENDER_TARGET);
  td.ArraySize = 2;
  Com<ID3D11Texture2D> texture;
  REQUIRE(d->CreateTexture2D(&td, nullptr, texture.out()) == S_OK);
  Com<ID3D11RenderTargetView> rtv;
  REQUIRE(d->CreateRenderTargetView(texture.get(), nullptr, rtv.out()) == S_OK);
  const float zero[4] = {0, 0, 0, 0};
  c->ClearRenderTargetView(rtv.get(), zero);
  const float colour[4] = {0.25f, 0.5f, 0.75f, 1.0f};
  // One inside, one past the view's edge (clipped), one empty.
  const D3D11_RECT rects[] = {{1, 1, 4, 3}, {6, 5, 20, 20}, {3, 3, 3, 6}};
  c->ClearView(rtv.get(), colour, rects, 3);
  for (UINT slice = 0; slice < 2; ++slice) {
    const std::vector<uint8_t> raw = readback(d, texture.get(), slice);
    for (int y = 0; y < 8; ++y)
      for (int x = 0; x < 8; ++x) {
        INFO("slice " << slice << " texel " << x << "," << y);
        std::array<float, 4> texel;
        std::memcpy(texel.data(), raw.data() + (size_t(y) * 8 + size_t(x)) * 16, 16);
        const bool cleared = inside(x, y, rects[0]) || inside(x, y, rects[1]);
        CHECK(texel == (cleared ? std::array<float, 4>{0.25f, 0.5f, 0.75f, 1.0f} : std::array<float, 4>{}));
      }
  }
  // No rectangles: the whole view.
  c->ClearView(rtv.get(), colour, nullptr, 0);
  const std::vector<uint8_t> raw = readback(d, texture.get(), 1);
  for (size_t i = 0; i < 64; ++i) {
    std::array<float, 4> texel;
    std::memcpy(texel.data(), raw.data() + i * 16, 16);
    CHECK(texel == std::array<float, 4>{0.25f, 0.5f, 0.75f, 1.0f});
  }
}

TEST_CASE("ClearView gives integer formats the colour's values as integers", "[draw][clear-view][pixels]") {
  RenderDevice d;
  const Com<ID3D11DeviceContext1> c = context1(d);
  for (const DXGI_FORMAT format : {DXGI_FORMAT_R32G32B32A32_UINT, DXGI_FORMAT_R32G32B32A32_SINT}) {
    INFO("format " << int(format));
    D3D11_TEXTURE2D_DESC td = texture2DDesc(4, 4, format, D3D11_BIND_RENDER_TARGET);
    Com<ID3D11Texture2D> texture;
    REQUIRE(d->CreateTexture2D(&td, nullptr, texture.out()) == S_OK);
    Com<ID3D11RenderTargetView> rtv;
    REQUIRE(d->CreateRenderTargetView(texture.get(), nullptr, rtv.out()) == S_OK);
    const float colour[4] = {235.7f, -3.5f, 1e10f, std::numeric_limits<float>::quiet_NaN()};
    const D3D11_RECT rect{0, 0, 4, 4};
    c->ClearView(rtv.get(), colour, &rect, 1);
    const std::vector<uint8_t> raw = readback(d, texture.get());
    uint32_t texel[4];
    std::memcpy(texel, raw.data(), 16);
    if (format == DXGI_FORMAT_R32G32B32A32_UINT) {
      CHECK(texel[0] == 235u);
      CHECK(texel[1] == 0u);           // below the range: its lowest value
      CHECK(texel[2] == 0xFFFFFFFFu);  // above: its highest
      CHECK(texel[3] == 0u);           // NaN
    } else {
      CHECK(int32_t(texel[0]) == 235);
      CHECK(int32_t(texel[1]) == -3);
      CHECK(int32_t(texel[2]) == std::numeric_limits<int32_t>::max());
      CHECK(int32_t(texel[3]) == 0);
    }
  }
}

TEST_CASE("ClearView clears an unordered-access view whole and refuses what D3D11 refuses", "[draw][clear-view][pixels]") {
  RenderDevice d;
  const Com<ID3D11DeviceContext1> c = context1(d);
  D3D11_TEXTURE2D_DESC td = texture2DDesc(4, 4, DXGI_FORMAT_R32_FLOAT, D3D11_BIND_UNORDERED_ACCESS);
  Com<ID3D11Texture2D> texture;
  REQUIRE(d->CreateTexture2D(&td, nullptr, texture.out()) == S_OK);
  Com<ID3D11UnorderedAccessView> uav;
  REQUIRE(d->CreateUnorderedAccessView(texture.get(), nullptr, uav.out()) == S_OK);
  const float first[4] = {2.5f, 0, 0, 0};
  c->ClearView(uav.get(), first, nullptr, 0);
  // Rectangles on a UAV (not taken by d3dvk yet) and a NULL pRect with a count: nothing cleared.
  const float second[4] = {7.0f, 0, 0, 0};
  const D3D11_RECT rect{0, 0, 2, 2};
  c->ClearView(uav.get(), second, &rect, 1);
  c->ClearView(uav.get(), second, nullptr, 1);
  // A depth-stencil view: refused (ClearDepthStencilView clears those).
  D3D11_TEXTURE2D_DESC dd = texture2DDesc(4, 4, DXGI_FORMAT_D32_FLOAT, D3D11_BIND_DEPTH_STENCIL);
  Com<ID3D11Texture2D> depth;
  REQUIRE(d->CreateTexture2D(&dd, nullptr, depth.out()) == S_OK);
  Com<ID3D11DepthStencilView> dsv;
  REQUIRE(d->CreateDepthStencilView(depth.get(), nullptr, dsv.out()) == S_OK);
  c->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH, 0.5f, 0);
  c->ClearView(dsv.get(), second, nullptr, 0);
  const std::vector<uint8_t> raw = readback(d, texture.get());
  for (size_t i = 0; i < 16; ++i) {
    float v;
    std::memcpy(&v, raw.data() + 4 * i, 4);
    CHECK(v == 2.5f);
  }
  // The depth is still 0.5: read through a copy to a staging texture.
  D3D11_TEXTURE2D_DESC sd = dd;
  sd.Usage = D3D11_USAGE_STAGING;
  sd.BindFlags = 0;
  sd.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  Com<ID3D11Texture2D> staging;
  REQUIRE(d->CreateTexture2D(&sd, nullptr, staging.out()) == S_OK);
  c->CopyResource(staging.get(), depth.get());
  D3D11_MAPPED_SUBRESOURCE m{};
  REQUIRE(c->Map(staging.get(), 0, D3D11_MAP_READ, 0, &m) == S_OK);
  float value;
  std::memcpy(&value, m.pData, 4);
  c->Unmap(staging.get(), 0);
  CHECK(value == 0.5f);
}
