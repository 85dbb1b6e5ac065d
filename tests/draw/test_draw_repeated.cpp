// tests/draw: consecutive draws with no other call between them (the UMD
// records such a draw as a repeat of the previous one's state: native_draw.h),
// through the public D3D11 API, read back pixel for pixel. Each draw still
// draws its own vertices, counts and instances; a start index past the index
// buffer or a base vertex past the vertex buffer still reads zeros right after
// a draw that did not; a Map, UpdateSubresource or clear between two draws
// reaches the second one; and a draw after only binding calls (which reuses
// the previous draw's checks and pipeline) draws with what they bound, while
// a viewport, rasterizer-state or index-buffer change before it is honoured;
// and a constant buffer destroyed and recreated between draws (the new one may
// get the old one's Vulkan handle) is read, not its predecessor; blend states
// set between draws (taken into the prepared draw) reach them, and a sample
// mask that leaves no sample drops the draw. The expected
// pictures come from the quads' corners (each quad fills one 8×8 quadrant of a
// 16×16 target).
#include "draw_test_util.h"

#include <array>
#include <cstring>
#include <string>
#include <vector>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

constexpr UINT kSize = 16;
const std::array<float, 4> kColors[4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 0, 1}};

// Quadrant q (0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right) as two triangles in `color`.
std::vector<Vertex> quad(int q, const std::array<float, 4>& color) {
  const float x0 = q % 2 ? 0.0f : -1.0f, y1 = q / 2 ? 0.0f : 1.0f;
  const float x1 = x0 + 1, y0 = y1 - 1;
  const auto v = [&](float x, float y) { return Vertex{x, y, color[0], color[1], color[2], color[3]}; };
  return {v(x0, y1), v(x1, y1), v(x0, y0), v(x0, y0), v(x1, y1), v(x1, y0)};
}

// The four quads in their colours, quadrant 0 first: 24 vertices.
std::vector<Vertex> fourQuads() {
  std::vector<Vertex> out;
  for (int q = 0; q < 4; ++q) {
    const std::vector<Vertex> v = quad(q, kColors[q]);
    out.insert(out.end(), v.begin(), v.end());
  }
  return out;
}

// The picture of the given quadrants filled with the given colours (the rest cleared to zeros).
std::vector<std::array<float, 4>> picture(const std::vector<std::pair<int, std::array<float, 4>>>& filled) {
  std::vector<std::array<float, 4>> out(kSize * kSize, {0, 0, 0, 0});
  for (const auto& [q, color] : filled)
    for (UINT y = 0; y < kSize / 2; ++y)
      for (UINT x = 0; x < kSize / 2; ++x) out[(y + (q / 2) * kSize / 2) * kSize + x + (q % 2) * kSize / 2] = color;
  return out;
}

void checkPicture(DrawTarget& t, const std::vector<std::array<float, 4>>& expected) {
  const std::vector<std::array<float, 4>> got = t.pixels();
  int wrong = 0;
  for (UINT i = 0; i < kSize * kSize; ++i)
    if (got[i] != expected[i] && wrong++ < 4)
      UNSCOPED_INFO("pixel (" << i % kSize << "," << i / kSize << ") is " << got[i][0] << "," << got[i][1] << ","
                              << got[i][2] << "," << got[i][3]);
  CHECK(wrong == 0);
}

// A vertex buffer of fourQuads(), bound to `t`.
Com<ID3D11Buffer> bindFourQuads(RenderDevice& d, DrawTarget& t) {
  const std::vector<Vertex> vertices = fourQuads();
  Com<ID3D11Buffer> vb =
      makeBuffer(d, vertices.data(), UINT(vertices.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  return vb;
}

void clear(DrawTarget& t) {
  const float zeros[4] = {0, 0, 0, 0};
  t.d.context->ClearRenderTargetView(t.rtv.get(), zeros);
}

}  // namespace

TEST_CASE("consecutive draws with nothing set between them each draw their own vertices, counts and instances",
          "[draw][repeat]") {
  RenderDevice d;
  DrawTarget t(d, kSize, kSize);
  const Com<ID3D11Buffer> vb = bindFourQuads(d, t);
  d.context->Draw(6, 0);
  d.context->Draw(6, 6);
  d.context->Draw(0, 12);                  // nothing
  d.context->DrawInstanced(6, 0, 12, 0);   // nothing
  d.context->DrawInstanced(6, 2, 18, 0);   // quadrant 3, twice
  checkPicture(t, picture({{0, kColors[0]}, {1, kColors[1]}, {3, kColors[3]}}));
}

TEST_CASE("an indexed draw right after another reads zeros for indices past the index buffer and vertices past "
          "the vertex buffer",
          "[draw][repeat]") {
  RenderDevice d;
  DrawTarget t(d, kSize, kSize);
  const Com<ID3D11Buffer> vb = bindFourQuads(d, t);
  const uint16_t indices[12] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};  // quadrants 0 and 1
  Com<ID3D11Buffer> ib = makeBuffer(d, indices, sizeof indices, D3D11_BIND_INDEX_BUFFER);
  d.context->IASetIndexBuffer(ib.get(), DXGI_FORMAT_R16_UINT, 0);
  struct Case {
    UINT start;
    INT base;
    std::vector<std::pair<int, std::array<float, 4>>> filled;  // besides quadrant 0 (the first draw)
  };
  const Case cases[] = {
      {6, 0, {{1, kColors[1]}}},
      {12, 0, {}},    // every index past the buffer: vertex 0 thrice, nothing drawn
      {0, 12, {{2, kColors[2]}}},
      {6, 12, {{3, kColors[3]}}},
      {0, 24, {}},    // every vertex past the buffer: zeros, nothing drawn
      {0, 0, {}},     // quadrant 0 again
  };
  for (const Case& c : cases) {
    INFO("DrawIndexed(6, " << c.start << ", " << c.base << ") after DrawIndexed(6, 0, 0)");
    clear(t);
    d.context->DrawIndexed(6, 0, 0);
    d.context->DrawIndexed(6, c.start, c.base);
    std::vector<std::pair<int, std::array<float, 4>>> filled = c.filled;
    filled.push_back({0, kColors[0]});
    checkPicture(t, picture(filled));
  }
}

TEST_CASE("a Map, UpdateSubresource or clear between two draws reaches the second draw", "[draw][repeat]") {
  RenderDevice d;
  DrawTarget t(d, kSize, kSize);
  SECTION("Map(WRITE_DISCARD) of the bound vertex buffer") {
    const std::vector<Vertex> first = quad(0, kColors[0]), second = quad(1, kColors[1]);
    D3D11_BUFFER_DESC desc{UINT(first.size() * sizeof(Vertex)), D3D11_USAGE_DYNAMIC, D3D11_BIND_VERTEX_BUFFER,
                           D3D11_CPU_ACCESS_WRITE, 0, 0};
    D3D11_SUBRESOURCE_DATA init{first.data(), 0, 0};
    Com<ID3D11Buffer> vb;
    REQUIRE(d->CreateBuffer(&desc, &init, vb.out()) == S_OK);
    t.bindVertices(vb.get());
    d.context->Draw(6, 0);
    D3D11_MAPPED_SUBRESOURCE m{};
    REQUIRE(d.context->Map(vb.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &m) == S_OK);
    std::memcpy(m.pData, second.data(), second.size() * sizeof(Vertex));
    d.context->Unmap(vb.get(), 0);
    d.context->Draw(6, 0);
    checkPicture(t, picture({{0, kColors[0]}, {1, kColors[1]}}));
  }
  SECTION("UpdateSubresource of the bound vertex buffer") {
    const Com<ID3D11Buffer> vb = bindFourQuads(d, t);
    d.context->Draw(6, 0);
    const std::vector<Vertex> replacement = quad(2, kColors[2]);
    const D3D11_BOX firstSix{0, 0, 0, UINT(replacement.size() * sizeof(Vertex)), 1, 1};
    d.context->UpdateSubresource(vb.get(), 0, &firstSix, replacement.data(), 0, 0);
    d.context->Draw(6, 0);
    checkPicture(t, picture({{0, kColors[0]}, {2, kColors[2]}}));
  }
  SECTION("ClearRenderTargetView of the bound target") {
    const Com<ID3D11Buffer> vb = bindFourQuads(d, t);
    d.context->Draw(6, 0);
    clear(t);
    d.context->Draw(6, 6);
    checkPicture(t, picture({{1, kColors[1]}}));
  }
}

TEST_CASE("a draw after only binding calls draws what they bound, and a viewport, rasterizer state or index buffer set "
          "before a draw reaches it",
          "[draw][repeat]") {
  RenderDevice d;
  DrawTarget t(d, kSize, kSize);
  const std::vector<Vertex> all = fourQuads();
  const Com<ID3D11Buffer> vb = makeBuffer(d, all.data(), UINT(all.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
  SECTION("another vertex buffer, then another viewport and rasterizer state") {
    const std::vector<Vertex> second = quad(1, kColors[1]);
    const Com<ID3D11Buffer> other =
        makeBuffer(d, second.data(), UINT(second.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
    t.bindVertices(vb.get());
    d.context->Draw(6, 0);          // quadrant 0
    t.bindVertices(other.get());    // (a binding call)
    d.context->Draw(6, 0);          // quadrant 1, from the other buffer
    t.bindVertices(vb.get());
    const D3D11_VIEWPORT corner{0, 0, kSize / 2, kSize / 2, 0, 1};
    d.context->RSSetViewports(1, &corner);
    d.context->Draw(6, 18);         // quadrant 3's quad in the top-left 8×8 viewport: pixels [4, 8)²
    D3D11_RASTERIZER_DESC rd{D3D11_FILL_SOLID, D3D11_CULL_FRONT, FALSE, 0, 0, 0, TRUE, FALSE, FALSE, FALSE};
    Com<ID3D11RasterizerState> cullFront;
    REQUIRE(d->CreateRasterizerState(&rd, cullFront.out()) == S_OK);
    d.context->RSSetState(cullFront.get());
    d.context->Draw(6, 12);         // quadrant 2's quad faces the viewer (clockwise): culled
    std::vector<std::array<float, 4>> expected = picture({{0, kColors[0]}, {1, kColors[1]}});
    for (UINT y = 4; y < 8; ++y)
      for (UINT x = 4; x < 8; ++x) expected[y * kSize + x] = kColors[3];
    checkPicture(t, expected);
  }
  SECTION("32-bit indices after 16-bit ones") {
    t.bindVertices(vb.get());
    const uint16_t indices16[6] = {0, 1, 2, 3, 4, 5};               // quadrant 0
    const uint32_t indices32[6] = {12, 13, 14, 15, 16, 17};         // quadrant 2
    const Com<ID3D11Buffer> ib16 = makeBuffer(d, indices16, sizeof indices16, D3D11_BIND_INDEX_BUFFER);
    const Com<ID3D11Buffer> ib32 = makeBuffer(d, indices32, sizeof indices32, D3D11_BIND_INDEX_BUFFER);
    d.context->IASetIndexBuffer(ib16.get(), DXGI_FORMAT_R16_UINT, 0);
    d.context->DrawIndexed(6, 0, 0);
    t.bindVertices(vb.get());  // (a binding call)
    d.context->DrawIndexed(6, 0, 6);  // quadrant 1
    d.context->IASetIndexBuffer(ib32.get(), DXGI_FORMAT_R32_UINT, 0);
    d.context->DrawIndexed(6, 0, 6);  // quadrant 3
    checkPicture(t, picture({{0, kColors[0]}, {1, kColors[1]}, {3, kColors[3]}}));
  }
}

TEST_CASE("a constant buffer destroyed and another created in its place: the next draw reads the new one",
          "[draw][repeat]") {
  RenderDevice d;
  DrawTarget t(d, kSize, kSize);
  const std::vector<uint8_t> code = assembled(vsColorPlusConstant().c_str());
  Com<ID3D11VertexShader> vs;
  REQUIRE(d->CreateVertexShader(code.data(), code.size(), nullptr, vs.out()) == S_OK);
  d.context->VSSetShader(vs.get(), nullptr, 0);
  // Black quads: the colour is the constant buffer's.
  std::vector<Vertex> black;
  for (int q = 0; q < 4; ++q) {
    const std::vector<Vertex> v = quad(q, {0, 0, 0, 0});
    black.insert(black.end(), v.begin(), v.end());
  }
  const Com<ID3D11Buffer> vb =
      makeBuffer(d, black.data(), UINT(black.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  std::vector<std::pair<int, std::array<float, 4>>> filled;
  for (int q = 0; q < 4; ++q) {
    INFO("constant buffer " << q);
    Com<ID3D11Buffer> cb = makeBuffer(d, kColors[q].data(), 16, D3D11_BIND_CONSTANT_BUFFER);
    ID3D11Buffer* bound = cb.get();
    d.context->VSSetConstantBuffers(0, 1, &bound);
    d.context->Draw(6, UINT(6 * q));
    filled.push_back({q, kColors[q]});
    checkPicture(t, picture(filled));  // (waits: the buffer's work is done before it goes)
    ID3D11Buffer* none = nullptr;
    d.context->VSSetConstantBuffers(0, 1, &none);
  }
}

TEST_CASE("blend states set between draws reach each draw, and a sample mask that leaves no sample drops the draw",
          "[draw][repeat]") {
  // Blend-state calls alone between draws: the UMD takes the new state into the
  // previous draw's prepared pipeline key (native_draw.h); a new sample mask
  // sends the draw through its full checks, which drop it.
  RenderDevice d;
  DrawTarget t(d, kSize, kSize);
  const Com<ID3D11Buffer> vb = bindFourQuads(d, t);
  D3D11_RENDER_TARGET_BLEND_DESC opaque{FALSE,           D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD,
                                        D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD,
                                        D3D11_COLOR_WRITE_ENABLE_ALL};
  D3D11_BLEND_DESC redAndAlpha{};
  redAndAlpha.RenderTarget[0] = opaque;
  redAndAlpha.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_RED | D3D11_COLOR_WRITE_ENABLE_ALPHA;
  D3D11_BLEND_DESC add{};
  add.RenderTarget[0] = {TRUE, D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE, D3D11_BLEND_ONE,
                         D3D11_BLEND_OP_ADD, D3D11_COLOR_WRITE_ENABLE_ALL};
  Com<ID3D11BlendState> redAndAlphaState, addState;
  REQUIRE(d->CreateBlendState(&redAndAlpha, redAndAlphaState.out()) == S_OK);
  REQUIRE(d->CreateBlendState(&add, addState.out()) == S_OK);
  clear(t);
  d.context->Draw(6, 0);  // quadrant 0: (1, 0, 0, 1)
  d.context->OMSetBlendState(redAndAlphaState.get(), nullptr, 0xFFFFFFFF);
  d.context->Draw(6, 6);  // quadrant 1's (0, 1, 0, 1), red and alpha only: (0, 0, 0, 1)
  d.context->OMSetBlendState(addState.get(), nullptr, 0xFFFFFFFF);
  d.context->Draw(6, 0);  // quadrant 0 again, added: (2, 0, 0, 2)
  d.context->OMSetBlendState(nullptr, nullptr, 0);
  d.context->Draw(6, 12);  // quadrant 2: no sample left on the single-sample target
  d.context->OMSetBlendState(addState.get(), nullptr, 0xFFFFFFFF);
  d.context->Draw(6, 6);  // quadrant 1 added: (0, 1, 0, 2)
  d.context->OMSetBlendState(nullptr, nullptr, 0xFFFFFFFF);
  d.context->Draw(6, 18);  // quadrant 3, opaque: (1, 1, 0, 1)
  checkPicture(t, picture({{0, {2, 0, 0, 2}}, {1, {0, 1, 0, 2}}, {3, kColors[3]}}));
}
