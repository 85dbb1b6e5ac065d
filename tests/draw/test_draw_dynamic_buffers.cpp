// tests/draw: DYNAMIC buffers feeding draws. D3D11's contract (Map,
// D3D11_MAP_WRITE_DISCARD / D3D11_MAP_WRITE_NO_OVERWRITE): after a
// WRITE_DISCARD map the application writes a fresh buffer while draws recorded
// before it still read the old contents; NO_OVERWRITE returns the same memory
// with its contents kept, the application promising not to touch what recorded
// draws use. So every draw sees the data of the map before it, even when all
// draws run in one batch after the last Unmap. Checked by drawing each
// generation somewhere else in its own colour and reading the target back once.
#include "draw_test_util.h"

using namespace d3dvk::test;

namespace {

constexpr UINT kW = 32, kH = 32;

// Two triangles covering the columns [x0, x1) of the whole target height; the
// edges lie on pixel boundaries, so the covered pixels are unambiguous.
std::array<Vertex, 6> columns(int x0, int x1, std::array<float, 4> c) {
  const float l = x0 / (kW / 2.0f) - 1.0f, r = x1 / (kW / 2.0f) - 1.0f;
  return {Vertex{l, 1, c[0], c[1], c[2], c[3]},  Vertex{r, 1, c[0], c[1], c[2], c[3]},
          Vertex{l, -1, c[0], c[1], c[2], c[3]}, Vertex{r, 1, c[0], c[1], c[2], c[3]},
          Vertex{r, -1, c[0], c[1], c[2], c[3]}, Vertex{l, -1, c[0], c[1], c[2], c[3]}};
}

Com<ID3D11Buffer> dynamicBuffer(RenderDevice& d, UINT bytes, UINT bind) {
  D3D11_BUFFER_DESC desc{bytes, D3D11_USAGE_DYNAMIC, bind, D3D11_CPU_ACCESS_WRITE, 0, 0};
  Com<ID3D11Buffer> b;
  REQUIRE(d->CreateBuffer(&desc, nullptr, b.out()) == S_OK);
  return b;
}

// Maps `buffer` with `type`, copies `bytes` to `offset`, unmaps.
void write(RenderDevice& d, ID3D11Buffer* buffer, D3D11_MAP type, UINT offset, const void* data, size_t bytes) {
  D3D11_MAPPED_SUBRESOURCE m{};
  REQUIRE(d.context->Map(buffer, 0, type, 0, &m) == S_OK);
  REQUIRE(m.pData != nullptr);
  std::memcpy(static_cast<uint8_t*>(m.pData) + offset, data, bytes);
  d.context->Unmap(buffer, 0);
}

// Colour of column x after the draws below: generation k's colour is (k/32, 1 − k/32, 0.5, 1).
std::array<float, 4> generationColour(int k) { return {k / 32.0f, 1.0f - k / 32.0f, 0.5f, 1.0f}; }

// The target with four white 8-pixel columns (vertices 6k..6k+5) bound, and
// kPsScaled, which scales their colour by its cb2[0], as the pixel shader.
struct ScaledColumns {
  DrawTarget t;
  Com<ID3D11Buffer> vb;
  Com<ID3D11PixelShader> ps;
  explicit ScaledColumns(RenderDevice& d) : t(d, kW, kH) {
    std::vector<Vertex> v;
    for (int k = 0; k < 4; ++k) {
      const auto c = columns(8 * k, 8 * k + 8, {1, 1, 1, 1});
      v.insert(v.end(), c.begin(), c.end());
    }
    vb = makeBuffer(d, v.data(), UINT(v.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
    t.bindVertices(vb.get());
    const std::vector<uint8_t> psCode = assembled(kPsScaled);
    REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
    d.context->PSSetShader(ps.get(), nullptr, 0);
  }
  // Column x shows scale[x / 8].
  void check(const std::array<float, 4> (&scale)[4]) {
    const auto px = t.pixels();
    for (UINT y = 0; y < kH; ++y)
      for (UINT x = 0; x < kW; ++x) {
        INFO("pixel " << x << "," << y);
        CHECK(px[y * kW + x] == scale[x / 8]);
      }
  }
};

}  // namespace

TEST_CASE("a DYNAMIC vertex buffer mapped WRITE_DISCARD before each draw: every draw sees its own vertices",
          "[draw][pixels][dynamic]") {
  RenderDevice d;
  DrawTarget t(d, kW, kH);
  // Room for one column's two triangles; 32 generations, one per column, all
  // drawn before anything is read back.
  Com<ID3D11Buffer> vb = dynamicBuffer(d, sizeof(std::array<Vertex, 6>), D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  for (int k = 0; k < int(kW); ++k) {
    const auto v = columns(k, k + 1, generationColour(k));
    write(d, vb.get(), D3D11_MAP_WRITE_DISCARD, 0, v.data(), sizeof v);
    d.context->Draw(6, 0);
  }
  const auto px = t.pixels();
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(px[y * kW + x] == generationColour(int(x)));
    }
}

TEST_CASE("a DYNAMIC constant buffer mapped WRITE_DISCARD between draws: every draw sees its own constants",
          "[draw][pixels][dynamic]") {
  RenderDevice d;
  ScaledColumns target(d);
  Com<ID3D11Buffer> cb = dynamicBuffer(d, 16, D3D11_BIND_CONSTANT_BUFFER);
  ID3D11Buffer* cbs[] = {cb.get()};
  d.context->PSSetConstantBuffers(2, 1, cbs);
  const std::array<float, 4> scale[4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 0.5f}, {0.25f, 0.5f, 0.75f, 1}};
  for (int k = 0; k < 4; ++k) {
    write(d, cb.get(), D3D11_MAP_WRITE_DISCARD, 0, scale[k].data(), 16);
    d.context->Draw(6, UINT(6 * k));
  }
  target.check(scale);
}

TEST_CASE("a DYNAMIC constant buffer unbound, discarded and bound again: draws after later discards see them",
          "[draw][pixels][dynamic]") {
  RenderDevice d;
  ScaledColumns target(d);
  Com<ID3D11Buffer> cb = dynamicBuffer(d, 16, D3D11_BIND_CONSTANT_BUFFER);
  Com<ID3D11Buffer> other = dynamicBuffer(d, 16, D3D11_BIND_CONSTANT_BUFFER);
  const std::array<float, 4> scale[4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 0.5f}, {0.25f, 0.5f, 0.75f, 1}};
  const std::array<float, 4> stale{0.5f, 0.5f, 0.5f, 0.5f};
  auto bind = [&](ID3D11Buffer* b) { d.context->PSSetConstantBuffers(2, 1, &b); };
  // Column 0: cb bound in the vertex and pixel stages, discarded between draws.
  ID3D11Buffer* cbs[] = {cb.get()};
  d.context->VSSetConstantBuffers(2, 1, cbs);
  bind(cb.get());
  write(d, cb.get(), D3D11_MAP_WRITE_DISCARD, 0, stale.data(), 16);
  d.context->Draw(6, 0);
  write(d, cb.get(), D3D11_MAP_WRITE_DISCARD, 0, scale[0].data(), 16);
  d.context->Draw(6, 0);
  // Column 1: another buffer in its place while cb is discarded (no stage holds cb then).
  bind(other.get());
  d.context->VSSetConstantBuffers(2, 1, &other.p);
  write(d, other.get(), D3D11_MAP_WRITE_DISCARD, 0, scale[1].data(), 16);
  write(d, cb.get(), D3D11_MAP_WRITE_DISCARD, 0, stale.data(), 16);
  d.context->Draw(6, 6);
  // Columns 2 and 3: cb bound again, then discarded after a draw that read it.
  bind(cb.get());
  d.context->Draw(6, 12);
  write(d, cb.get(), D3D11_MAP_WRITE_DISCARD, 0, scale[2].data(), 16);
  d.context->Draw(6, 12);
  write(d, cb.get(), D3D11_MAP_WRITE_DISCARD, 0, scale[3].data(), 16);
  d.context->Draw(6, 18);
  target.check(scale);
}

TEST_CASE("a vertex-stage DYNAMIC constant buffer discarded before each of 32 draws: each sees its own constants",
          "[draw][pixels][dynamic]") {
  // Rebound or not between the draws, and once another buffer in its place.
  // 32 discards move the buffer through slices of several blocks (dynamic_buffer.h),
  // so the draws see both a moved offset in the same VkBuffer and another VkBuffer.
  // The vertex stage's constant buffer (a set with dynamic offsets; a pixel
  // shader's may be pushed instead): black columns plus cb0[0].
  RenderDevice d;
  DrawTarget t(d, kW, kH);
  std::vector<Vertex> v;
  for (int k = 0; k < int(kW); ++k) {
    const auto c = columns(k, k + 1, {0, 0, 0, 0});
    v.insert(v.end(), c.begin(), c.end());
  }
  Com<ID3D11Buffer> vb = makeBuffer(d, v.data(), UINT(v.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  const std::vector<uint8_t> vsCode = assembled(vsColorPlusConstant().c_str());
  Com<ID3D11VertexShader> vs;
  REQUIRE(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
  d.context->VSSetShader(vs.get(), nullptr, 0);
  Com<ID3D11Buffer> cb = dynamicBuffer(d, 16, D3D11_BIND_CONSTANT_BUFFER);
  Com<ID3D11Buffer> other = dynamicBuffer(d, 16, D3D11_BIND_CONSTANT_BUFFER);
  const std::array<float, 4> otherColour{0.75f, 0.25f, 1, 1};
  write(d, other.get(), D3D11_MAP_WRITE_DISCARD, 0, otherColour.data(), 16);
  ID3D11Buffer* cbs[] = {cb.get()};
  ID3D11Buffer* others[] = {other.get()};
  d.context->VSSetConstantBuffers(0, 1, cbs);
  for (int k = 0; k < int(kW); ++k) {
    const std::array<float, 4> colour = generationColour(k);
    write(d, cb.get(), D3D11_MAP_WRITE_DISCARD, 0, colour.data(), 16);
    if (k % 2) d.context->VSSetConstantBuffers(0, 1, cbs);  // the same buffer again
    if (k == 10) d.context->VSSetConstantBuffers(0, 1, others);
    if (k == 11) d.context->VSSetConstantBuffers(0, 1, cbs);
    d.context->Draw(6, UINT(6 * k));
  }
  const auto px = t.pixels();
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(px[y * kW + x] == (x == 10 ? otherColour : generationColour(int(x))));
    }
}

TEST_CASE("NO_OVERWRITE appends after the region recorded draws read, WRITE_DISCARD then starts over",
          "[draw][pixels][dynamic]") {
  RenderDevice d;
  DrawTarget t(d, kW, kH);
  constexpr int kRegions = 4;  // four 8-pixel column bands, one per region
  constexpr UINT kRegionBytes = sizeof(std::array<Vertex, 6>);
  Com<ID3D11Buffer> vb = dynamicBuffer(d, kRegions * kRegionBytes, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  auto band = [](int k) { return generationColour(8 * k); };
  // The usual streaming pattern: DISCARD for the first region, NO_OVERWRITE to
  // append each next one after the regions earlier draws still read.
  for (int k = 0; k < kRegions; ++k) {
    const auto v = columns(8 * k, 8 * k + 8, band(k));
    write(d, vb.get(), k == 0 ? D3D11_MAP_WRITE_DISCARD : D3D11_MAP_WRITE_NO_OVERWRITE, k * kRegionBytes, v.data(),
          sizeof v);
    d.context->Draw(6, UINT(6 * k));
  }
  auto px = t.pixels();
  for (UINT x = 0; x < kW; ++x) {
    INFO("column " << x);
    CHECK(px[5 * kW + x] == band(int(x) / 8));
    CHECK(px[30 * kW + x] == band(int(x) / 8));
  }

  // The appends kept the earlier regions: one draw of all of them shows every band.
  const float black[4] = {0, 0, 0, 0};
  d.context->ClearRenderTargetView(t.rtv.get(), black);
  d.context->Draw(6 * kRegions, 0);
  px = t.pixels();
  for (UINT x = 0; x < kW; ++x) {
    INFO("column " << x);
    CHECK(px[17 * kW + x] == band(int(x) / 8));
  }

  // A draw of every region, then a DISCARD that writes only region 0 (now band 3's
  // columns, in red) and a draw of it: the first draw still read the old regions.
  d.context->ClearRenderTargetView(t.rtv.get(), black);
  d.context->Draw(6 * kRegions, 0);
  const auto red = columns(24, 32, {1, 0, 0, 1});
  write(d, vb.get(), D3D11_MAP_WRITE_DISCARD, 0, red.data(), sizeof red);
  d.context->Draw(6, 0);
  px = t.pixels();
  for (UINT x = 0; x < kW; ++x) {
    INFO("column " << x);
    CHECK(px[9 * kW + x] == (x >= 24 ? std::array<float, 4>{1, 0, 0, 1} : band(int(x) / 8)));
  }
}
