// tests/render: initial data, CopyResource, CopySubresourceRegion with boxes and
// UpdateSubresource with boxes, each checked byte for byte through staging
// readback against values the test computes itself.
#include "render_test_util.h"

using namespace d3dvk::test;

namespace {

std::vector<uint32_t> pattern(size_t count, uint32_t seed) {
  std::vector<uint32_t> v(count);
  for (size_t i = 0; i < count; ++i) v[i] = seed * 2654435761u + uint32_t(i) * 40503u;
  return v;
}

}  // namespace

TEST_CASE("buffer initial data round-trips through a staging copy for every usage", "[render][copy]") {
  RenderDevice d;
  std::vector<uint32_t> data = pattern(64, 1);
  D3D11_SUBRESOURCE_DATA init{data.data(), 0, 0};
  struct Case {
    D3D11_USAGE usage;
    UINT bind, cpu;
  };
  for (const Case& c : {Case{D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0},
                        Case{D3D11_USAGE_IMMUTABLE, D3D11_BIND_INDEX_BUFFER, 0},
                        Case{D3D11_USAGE_DYNAMIC, D3D11_BIND_CONSTANT_BUFFER, D3D11_CPU_ACCESS_WRITE},
                        Case{D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE}}) {
    INFO("usage " << c.usage);
    D3D11_BUFFER_DESC desc{256, c.usage, c.bind, c.cpu, 0, 0};
    Com<ID3D11Buffer> buffer;
    REQUIRE(d->CreateBuffer(&desc, &init, buffer.out()) == S_OK);
    std::vector<uint8_t> back = readback(d, buffer.get());
    CHECK(std::memcmp(back.data(), data.data(), 256) == 0);
  }
}

TEST_CASE("Texture2D initial data (mips and array slices, row pitch with padding) round-trips", "[render][copy]") {
  RenderDevice d;
  D3D11_TEXTURE2D_DESC desc = texture2DDesc(5, 3, DXGI_FORMAT_R32_UINT, D3D11_BIND_SHADER_RESOURCE);
  desc.MipLevels = 2;
  desc.ArraySize = 2;
  std::vector<std::vector<uint32_t>> subs;
  std::vector<D3D11_SUBRESOURCE_DATA> init;
  for (UINT sub = 0; sub < 4; ++sub) {
    const UINT w = sub % 2 ? 2 : 5, h = sub % 2 ? 1 : 3, pitchTexels = w + 3;  // 12 bytes of padding per row
    subs.push_back(pattern(size_t(pitchTexels) * h, sub + 7));
  }
  for (UINT sub = 0; sub < 4; ++sub) init.push_back({subs[sub].data(), ((sub % 2 ? 2u : 5u) + 3) * 4, 0});
  Com<ID3D11Texture2D> texture;
  REQUIRE(d->CreateTexture2D(&desc, init.data(), texture.out()) == S_OK);
  for (UINT sub = 0; sub < 4; ++sub) {
    const UINT w = sub % 2 ? 2 : 5, h = sub % 2 ? 1 : 3;
    std::vector<uint8_t> px = readback(d, texture.get(), sub);
    for (UINT y = 0; y < h; ++y)
      for (UINT x = 0; x < w; ++x) {
        INFO("sub " << sub << " x " << x << " y " << y);
        CHECK(texelAt<uint32_t>(px, y * w + x) == subs[sub][y * (w + 3) + x]);
      }
  }
}

TEST_CASE("UpdateSubresource writes exactly the destination box (texture and buffer)", "[render][copy]") {
  RenderDevice d;
  std::vector<uint32_t> zero(8 * 6, 0xAAAAAAAAu);
  D3D11_SUBRESOURCE_DATA init{zero.data(), 8 * 4, 0};
  D3D11_TEXTURE2D_DESC desc = texture2DDesc(8, 6, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET);
  Com<ID3D11Texture2D> texture;
  REQUIRE(d->CreateTexture2D(&desc, &init, texture.out()) == S_OK);
  std::vector<uint32_t> src = pattern(3 * 2 * 2, 3);  // 3x2 box, rows 6 texels apart (pitch 24 bytes)
  D3D11_BOX box{2, 3, 0, 5, 5, 1};
  d.context->UpdateSubresource(texture.get(), 0, &box, src.data(), 6 * 4, 0);
  std::vector<uint8_t> px = readback(d, texture.get());
  for (UINT y = 0; y < 6; ++y)
    for (UINT x = 0; x < 8; ++x) {
      const bool inside = x >= 2 && x < 5 && y >= 3 && y < 5;
      INFO("x " << x << " y " << y);
      CHECK(texelAt<uint32_t>(px, y * 8 + x) == (inside ? src[(y - 3) * 6 + (x - 2)] : 0xAAAAAAAAu));
    }

  D3D11_BUFFER_DESC bd{64, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
  std::vector<uint8_t> bytes(64, 0x11);
  D3D11_SUBRESOURCE_DATA binit{bytes.data(), 0, 0};
  Com<ID3D11Buffer> buffer;
  REQUIRE(d->CreateBuffer(&bd, &binit, buffer.out()) == S_OK);
  const uint8_t payload[5] = {1, 2, 3, 4, 5};
  D3D11_BOX bbox{10, 0, 0, 15, 1, 1};
  d.context->UpdateSubresource(buffer.get(), 0, &bbox, payload, 0, 0);
  std::vector<uint8_t> back = readback(d, buffer.get());
  for (UINT i = 0; i < 64; ++i) CHECK(back[i] == (i >= 10 && i < 15 ? payload[i - 10] : 0x11));
  // An empty box changes nothing.
  D3D11_BOX empty{20, 0, 0, 20, 1, 1};
  d.context->UpdateSubresource(buffer.get(), 0, &empty, payload, 0, 0);
  CHECK(readback(d, buffer.get()) == back);
}

TEST_CASE("UpdateSubresource of a whole constant buffer goes through the constant-buffer path", "[render][copy]") {
  RenderDevice d;
  D3D11_BUFFER_DESC bd{32, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0};
  Com<ID3D11Buffer> cb;
  REQUIRE(d->CreateBuffer(&bd, nullptr, cb.out()) == S_OK);
  std::vector<uint32_t> values = pattern(8, 11);
  d.context->UpdateSubresource(cb.get(), 0, nullptr, values.data(), 0, 0);
  std::vector<uint8_t> back = readback(d, cb.get());
  CHECK(std::memcmp(back.data(), values.data(), 32) == 0);
}

TEST_CASE("CopySubresourceRegion copies a source box to a destination offset, GPU and staging textures",
          "[render][copy]") {
  RenderDevice d;
  std::vector<uint32_t> src = pattern(6 * 5, 5);
  D3D11_SUBRESOURCE_DATA init{src.data(), 6 * 4, 0};
  D3D11_TEXTURE2D_DESC sd = texture2DDesc(6, 5, DXGI_FORMAT_R32_UINT, D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Texture2D> source;
  REQUIRE(d->CreateTexture2D(&sd, &init, source.out()) == S_OK);
  std::vector<uint32_t> fill(7 * 7, 0x5555u);
  D3D11_SUBRESOURCE_DATA dinit{fill.data(), 7 * 4, 0};
  for (D3D11_USAGE usage : {D3D11_USAGE_DEFAULT, D3D11_USAGE_STAGING}) {
    INFO("destination usage " << usage);
    D3D11_TEXTURE2D_DESC dd = texture2DDesc(7, 7, DXGI_FORMAT_R32_UINT, usage == D3D11_USAGE_DEFAULT ? D3D11_BIND_RENDER_TARGET : 0,
                                            usage, usage == D3D11_USAGE_STAGING ? D3D11_CPU_ACCESS_READ : 0);
    Com<ID3D11Texture2D> dst;
    REQUIRE(d->CreateTexture2D(&dd, &dinit, dst.out()) == S_OK);
    D3D11_BOX box{1, 2, 0, 4, 5, 1};  // 3x3 from (1,2)
    d.context->CopySubresourceRegion(dst.get(), 0, 3, 1, 0, source.get(), 0, &box);
    std::vector<uint8_t> px = readback(d, dst.get());
    for (UINT y = 0; y < 7; ++y)
      for (UINT x = 0; x < 7; ++x) {
        const bool inside = x >= 3 && x < 6 && y >= 1 && y < 4;
        INFO("x " << x << " y " << y);
        CHECK(texelAt<uint32_t>(px, y * 7 + x) == (inside ? src[(y - 1 + 2) * 6 + (x - 3 + 1)] : 0x5555u));
      }
  }
}

TEST_CASE("CopySubresourceRegion between staging textures and CopyResource between GPU textures", "[render][copy]") {
  RenderDevice d;
  std::vector<uint32_t> src = pattern(4 * 4 * 2, 9);  // R32G32_UINT: 2 words per texel
  D3D11_SUBRESOURCE_DATA init{src.data(), 4 * 8, 0};
  D3D11_TEXTURE2D_DESC sd = texture2DDesc(4, 4, DXGI_FORMAT_R32G32_UINT, 0, D3D11_USAGE_STAGING,
                                          D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE);
  Com<ID3D11Texture2D> a, b;
  REQUIRE(d->CreateTexture2D(&sd, &init, a.out()) == S_OK);
  REQUIRE(d->CreateTexture2D(&sd, nullptr, b.out()) == S_OK);
  D3D11_BOX box{0, 1, 0, 4, 3, 1};
  d.context->CopySubresourceRegion(b.get(), 0, 0, 0, 0, a.get(), 0, &box);
  D3D11_MAPPED_SUBRESOURCE m{};
  REQUIRE(d.context->Map(b.get(), 0, D3D11_MAP_READ, 0, &m) == S_OK);
  for (UINT y = 0; y < 2; ++y)
    for (UINT x = 0; x < 8; ++x) {
      uint32_t v;
      std::memcpy(&v, static_cast<uint8_t*>(m.pData) + y * m.RowPitch + x * 4, 4);
      CHECK(v == src[(y + 1) * 8 + x]);
    }
  d.context->Unmap(b.get(), 0);

  D3D11_TEXTURE2D_DESC gd = texture2DDesc(4, 4, DXGI_FORMAT_R32G32_UINT, D3D11_BIND_RENDER_TARGET);
  Com<ID3D11Texture2D> g1, g2;
  REQUIRE(d->CreateTexture2D(&gd, &init, g1.out()) == S_OK);
  REQUIRE(d->CreateTexture2D(&gd, nullptr, g2.out()) == S_OK);
  d.context->CopyResource(g2.get(), g1.get());
  std::vector<uint8_t> px = readback(d, g2.get());
  CHECK(std::memcmp(px.data(), src.data(), px.size()) == 0);
}

TEST_CASE("IMMUTABLE texture initial data reads back exactly", "[render][copy]") {
  RenderDevice d;
  std::vector<uint32_t> texels = pattern(3 * 3 * 4, 21);  // R32G32B32A32_FLOAT bit patterns, 3x3
  for (uint32_t& t : texels) t &= 0x3FFFFFFFu;             // keep them finite floats
  D3D11_SUBRESOURCE_DATA init{texels.data(), 3 * 16, 0};
  D3D11_TEXTURE2D_DESC desc = texture2DDesc(3, 3, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D11_BIND_SHADER_RESOURCE,
                                            D3D11_USAGE_IMMUTABLE);
  Com<ID3D11Texture2D> texture;
  REQUIRE(d->CreateTexture2D(&desc, &init, texture.out()) == S_OK);
  std::vector<uint8_t> px = readback(d, texture.get());
  REQUIRE(px.size() == texels.size() * 4);
  CHECK(std::memcmp(px.data(), texels.data(), px.size()) == 0);
}

TEST_CASE("D24_UNORM_S8_UINT staging data survives staging → depth texture → staging (depth and stencil split)",
          "[render][copy][depth]") {
  RenderDevice d;
  D3D11_TEXTURE2D_DESC sd = texture2DDesc(5, 3, DXGI_FORMAT_D24_UNORM_S8_UINT, 0, D3D11_USAGE_STAGING,
                                          D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE);
  Com<ID3D11Texture2D> upload, download;
  REQUIRE(d->CreateTexture2D(&sd, nullptr, upload.out()) == S_OK);
  REQUIRE(d->CreateTexture2D(&sd, nullptr, download.out()) == S_OK);
  std::vector<uint32_t> expected(15);
  for (uint32_t i = 0; i < 15; ++i) expected[i] = ((i * 0x0F0F0Fu) & 0xFFFFFFu) | ((0x30u + i * 7) << 24);
  D3D11_MAPPED_SUBRESOURCE m{};
  REQUIRE(d.context->Map(upload.get(), 0, D3D11_MAP_WRITE, 0, &m) == S_OK);
  for (UINT y = 0; y < 3; ++y) std::memcpy(static_cast<uint8_t*>(m.pData) + y * m.RowPitch, &expected[y * 5], 20);
  d.context->Unmap(upload.get(), 0);
  D3D11_TEXTURE2D_DESC dd = texture2DDesc(5, 3, DXGI_FORMAT_D24_UNORM_S8_UINT, D3D11_BIND_DEPTH_STENCIL);
  Com<ID3D11Texture2D> depth;
  REQUIRE(d->CreateTexture2D(&dd, nullptr, depth.out()) == S_OK);
  d.context->CopyResource(depth.get(), upload.get());
  d.context->CopyResource(download.get(), depth.get());
  REQUIRE(d.context->Map(download.get(), 0, D3D11_MAP_READ, 0, &m) == S_OK);
  for (UINT y = 0; y < 3; ++y)
    for (UINT x = 0; x < 5; ++x) {
      uint32_t v;
      std::memcpy(&v, static_cast<uint8_t*>(m.pData) + y * m.RowPitch + x * 4, 4);
      INFO("x " << x << " y " << y);
      CHECK(v == expected[y * 5 + x]);
    }
  d.context->Unmap(download.get(), 0);
}
