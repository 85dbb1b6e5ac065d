// tests/draw: draws through the public D3D11 API on lavapipe, read back through
// staging textures and compared with expectations computed here: attribute
// interpolation at pixel centres, D3D's winding rule with culling, the scissor,
// indexed strips with the cut index (16- and 32-bit), instancing and constant
// buffers in both stages. Pixels whose centres lie within a small margin of an
// edge are not compared (coverage there is the rasterization rule's business,
// cross-checked in tests/raster_vs_vulkan).
#include "draw_test_util.h"

using namespace d3dvk::test;

namespace {

constexpr UINT kW = 32, kH = 32;

// NDC of render-target position (px, py) on the 32×32 target.
float ndcX(float px) { return px / (kW / 2.0f) - 1.0f; }
float ndcY(float py) { return 1.0f - py / (kH / 2.0f); }

Com<ID3D11RasterizerState> rasterizer(RenderDevice& d, D3D11_CULL_MODE cull, BOOL frontCCW = FALSE,
                                      BOOL scissor = FALSE) {
  D3D11_RASTERIZER_DESC desc{D3D11_FILL_SOLID, cull, frontCCW, 0, 0.0f, 0.0f, TRUE, scissor, FALSE, FALSE};
  Com<ID3D11RasterizerState> rs;
  REQUIRE(d->CreateRasterizerState(&desc, rs.out()) == S_OK);
  return rs;
}

// A solid triangle given in render-target coordinates.
std::array<Vertex, 3> solidTriangle(std::array<float, 6> p, std::array<float, 4> c) {
  std::array<Vertex, 3> v;
  for (int i = 0; i < 3; ++i) v[i] = {ndcX(p[2 * i]), ndcY(p[2 * i + 1]), c[0], c[1], c[2], c[3]};
  return v;
}

}  // namespace

TEST_CASE("a triangle's per-vertex colours interpolate as D3D's barycentric rule says at pixel centres",
          "[draw][pixels]") {
  RenderDevice d;
  DrawTarget t(d, kW, kH);
  const Vertex v[3] = {{-0.8f, -0.7f, 1, 0, 0, 1}, {0.1f, 0.9f, 0, 1, 0, 0.5f}, {0.85f, -0.4f, 0, 0, 1, 0.25f}};
  Com<ID3D11Buffer> vb = makeBuffer(d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  d.context->Draw(3, 0);
  const auto px = t.pixels();
  const auto a = toScreen(v[0].x, v[0].y, kW, kH), b = toScreen(v[1].x, v[1].y, kW, kH),
             c = toScreen(v[2].x, v[2].y, kW, kH);
  int inside = 0, outside = 0;
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) {
      const Barycentric l = barycentric(a, b, c, x + 0.5, y + 0.5);
      const std::array<float, 4>& got = px[y * kW + x];
      INFO("pixel " << x << "," << y);
      if (l.inside(0.02)) {
        ++inside;
        const double want[4] = {l.l0 * 1 + l.l1 * 0 + l.l2 * 0, l.l0 * 0 + l.l1 * 1 + l.l2 * 0,
                                l.l0 * 0 + l.l1 * 0 + l.l2 * 1, l.l0 * 1 + l.l1 * 0.5 + l.l2 * 0.25};
        for (int ch = 0; ch < 4; ++ch) CHECK(std::fabs(got[ch] - want[ch]) < 2e-4);
      } else if (l.outside(0.02)) {
        ++outside;
        CHECK(got == std::array<float, 4>{0, 0, 0, 0});
      }
    }
  CHECK(inside > 150);
  CHECK(outside > 300);
}

TEST_CASE("D3D's winding rule: clockwise in render-target space is front-facing, culling follows the state",
          "[draw][pixels]") {
  RenderDevice d;
  DrawTarget t(d, kW, kH);
  // Left: clockwise on screen (y down). Right: counter-clockwise.
  auto cw = solidTriangle({2, 4, 14, 4, 2, 28}, {1, 0, 0, 1});
  auto ccw = solidTriangle({18, 4, 18, 28, 30, 4}, {0, 1, 0, 1});
  Vertex both[6] = {cw[0], cw[1], cw[2], ccw[0], ccw[1], ccw[2]};
  Com<ID3D11Buffer> vb = makeBuffer(d, both, sizeof both, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  const float black[4] = {0, 0, 0, 0};
  struct Case {
    const char* what;
    D3D11_CULL_MODE cull;
    BOOL frontCCW;
    bool cwDrawn, ccwDrawn;
  };
  const Case cases[] = {{"default state (null): cull back, clockwise front", D3D11_CULL_BACK, FALSE, true, false},
                        {"cull front", D3D11_CULL_FRONT, FALSE, false, true},
                        {"FrontCounterClockwise, cull back", D3D11_CULL_BACK, TRUE, false, true},
                        {"cull none", D3D11_CULL_NONE, FALSE, true, true}};
  for (const Case& k : cases) {
    INFO(k.what);
    Com<ID3D11RasterizerState> rs = rasterizer(d, k.cull, k.frontCCW);
    d.context->RSSetState(k.cull == D3D11_CULL_BACK && !k.frontCCW ? nullptr : rs.get());
    d.context->ClearRenderTargetView(t.rtv.get(), black);
    d.context->Draw(6, 0);
    const auto px = t.pixels();
    CHECK(px[10 * kW + 5][0] == (k.cwDrawn ? 1.0f : 0.0f));    // inside the clockwise triangle
    CHECK(px[10 * kW + 21][1] == (k.ccwDrawn ? 1.0f : 0.0f));  // inside the counter-clockwise one
  }
  d.context->RSSetState(nullptr);
}

TEST_CASE("ScissorEnable clips to the scissor rect, without it the rect is ignored", "[draw][pixels]") {
  RenderDevice d;
  DrawTarget t(d, kW, kH);
  const Vertex v[3] = {{-1, -1, 0.25f, 0.5f, 0.75f, 1}, {-1, 3, 0.25f, 0.5f, 0.75f, 1}, {3, -1, 0.25f, 0.5f, 0.75f, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  const D3D11_RECT rect{5, 7, 20, 13};
  d.context->RSSetScissorRects(1, &rect);
  UINT n = 4;
  D3D11_RECT got[4];
  d.context->RSGetScissorRects(&n, got);
  REQUIRE(n == 1);
  CHECK((got[0].left == 5 && got[0].top == 7 && got[0].right == 20 && got[0].bottom == 13));

  Com<ID3D11RasterizerState> scissorOn = rasterizer(d, D3D11_CULL_NONE, FALSE, TRUE);
  d.context->RSSetState(scissorOn.get());
  d.context->Draw(3, 0);
  auto px = t.pixels();
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) {
      INFO("pixel " << x << "," << y);
      const bool in = LONG(x) >= rect.left && LONG(x) < rect.right && LONG(y) >= rect.top && LONG(y) < rect.bottom;
      CHECK(px[y * kW + x] == (in ? std::array<float, 4>{0.25f, 0.5f, 0.75f, 1} : std::array<float, 4>{0, 0, 0, 0}));
    }

  Com<ID3D11RasterizerState> scissorOff = rasterizer(d, D3D11_CULL_NONE, FALSE, FALSE);
  d.context->RSSetState(scissorOff.get());
  d.context->Draw(3, 0);
  px = t.pixels();
  for (const auto& p : px) CHECK(p == std::array<float, 4>{0.25f, 0.5f, 0.75f, 1});
  d.context->RSSetState(nullptr);
}

TEMPLATE_TEST_CASE("an indexed triangle strip restarts at the cut index", "[draw][pixels]", uint16_t, uint32_t) {
  RenderDevice d;
  DrawTarget t(d, kW, kH);
  Com<ID3D11RasterizerState> rs = rasterizer(d, D3D11_CULL_NONE);
  d.context->RSSetState(rs.get());
  // Two quads as 4-vertex strips, x ∈ [2, 10] and [20, 28], y ∈ [4, 28]; the cut
  // index between them must keep the gap x ∈ [10, 20] empty.
  auto quad = [](float x0, float x1, std::array<float, 4> c) {
    return std::array<Vertex, 4>{Vertex{ndcX(x0), ndcY(4), c[0], c[1], c[2], c[3]},
                                 Vertex{ndcX(x1), ndcY(4), c[0], c[1], c[2], c[3]},
                                 Vertex{ndcX(x0), ndcY(28), c[0], c[1], c[2], c[3]},
                                 Vertex{ndcX(x1), ndcY(28), c[0], c[1], c[2], c[3]}};
  };
  const auto a = quad(2, 10, {1, 0, 0, 1}), b = quad(20, 28, {0, 0, 1, 1});
  Vertex v[8] = {a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]};
  Com<ID3D11Buffer> vb = makeBuffer(d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  const TestType cut = TestType(~TestType(0));
  const TestType indices[9] = {0, 1, 2, 3, cut, 4, 5, 6, 7};
  Com<ID3D11Buffer> ib = makeBuffer(d, indices, sizeof indices, D3D11_BIND_INDEX_BUFFER);
  const DXGI_FORMAT format = sizeof(TestType) == 2 ? DXGI_FORMAT_R16_UINT : DXGI_FORMAT_R32_UINT;
  d.context->IASetIndexBuffer(ib.get(), format, 0);
  d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
  D3D11_PRIMITIVE_TOPOLOGY topology{};
  d.context->IAGetPrimitiveTopology(&topology);
  CHECK(topology == D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
  d.context->DrawIndexed(9, 0, 0);
  const auto px = t.pixels();
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) {
      INFO("pixel " << x << "," << y);
      const bool rows = y >= 4 && y < 28;
      const std::array<float, 4> want = rows && x >= 2 && x < 10    ? std::array<float, 4>{1, 0, 0, 1}
                                        : rows && x >= 20 && x < 28 ? std::array<float, 4>{0, 0, 1, 1}
                                                                    : std::array<float, 4>{0, 0, 0, 0};
      CHECK(px[y * kW + x] == want);
    }
  d.context->RSSetState(nullptr);
}

namespace {

struct Instance {
  float dx, dy;
  float r, g, b, a;
};

const D3D11_INPUT_ELEMENT_DESC kInstancedLayout[] = {
    {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 8, D3D11_INPUT_PER_VERTEX_DATA, 0},  // after a 8-byte gap
    {"OFFSET", 0, DXGI_FORMAT_R32G32_FLOAT, 1, 0, D3D11_INPUT_PER_INSTANCE_DATA, 1},
    {"INSTCOLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, D3D11_APPEND_ALIGNED_ELEMENT, D3D11_INPUT_PER_INSTANCE_DATA, 1},
};

struct InstancedScene {
  Com<ID3D11VertexShader> vs;
  Com<ID3D11InputLayout> layout;
  Com<ID3D11Buffer> vertices, instances;
  explicit InstancedScene(RenderDevice& d) {
    const std::vector<uint8_t> code = assembled(kVsInstanced);
    REQUIRE(d->CreateVertexShader(code.data(), code.size(), nullptr, vs.out()) == S_OK);
    REQUIRE(d->CreateInputLayout(kInstancedLayout, 3, code.data(), code.size(), layout.out()) == S_OK);
    // A clockwise triangle around the top-left area (per vertex: 8 unused bytes, then POSITION).
    const float tri[12] = {0, 0, ndcX(2), ndcY(2), 0, 0, ndcX(12), ndcY(2), 0, 0, ndcX(2), ndcY(12)};
    vertices = makeBuffer(d, tri, sizeof tri, D3D11_BIND_VERTEX_BUFFER);
    // Instance 0 stays, instance 1 moves 16 px right and 16 px down (NDC +1, −1).
    const Instance inst[2] = {{0, 0, 0.5f, 0, 0, 1}, {1, -1, 0, 0.5f, 0, 1}};
    instances = makeBuffer(d, inst, sizeof inst, D3D11_BIND_VERTEX_BUFFER);
    d.context->IASetInputLayout(layout.get());
    d.context->VSSetShader(vs.get(), nullptr, 0);
    ID3D11Buffer* buffers[2] = {vertices.get(), instances.get()};
    const UINT strides[2] = {16, sizeof(Instance)}, offsets[2] = {0, 0};
    d.context->IASetVertexBuffers(0, 2, buffers, strides, offsets);
  }
};

}  // namespace

TEST_CASE("instancing: per-instance elements step once per instance, from StartInstanceLocation", "[draw][pixels]") {
  RenderDevice d;
  DrawTarget t(d, kW, kH);
  InstancedScene scene(d);
  UINT strides[2] = {}, offsets[2] = {};
  Com<ID3D11Buffer> got[2];
  ID3D11Buffer* raw[2] = {};
  d.context->IAGetVertexBuffers(0, 2, raw, strides, offsets);
  got[0] = Com<ID3D11Buffer>(raw[0]);
  got[1] = Com<ID3D11Buffer>(raw[1]);
  CHECK(got[1].get() == scene.instances.get());
  CHECK(strides[1] == sizeof(Instance));

  d.context->DrawInstanced(3, 2, 0, 0);
  auto px = t.pixels();
  CHECK(px[4 * kW + 4] == std::array<float, 4>{0.5f, 0, 0, 1});    // instance 0 (cb0 unbound: zeros)
  CHECK(px[20 * kW + 20] == std::array<float, 4>{0, 0.5f, 0, 1});  // instance 1
  CHECK(px[20 * kW + 4] == std::array<float, 4>{0, 0, 0, 0});

  const float black[4] = {0, 0, 0, 0};
  d.context->ClearRenderTargetView(t.rtv.get(), black);
  const uint16_t indices[3] = {0, 1, 2};
  Com<ID3D11Buffer> ib = makeBuffer(d, indices, sizeof indices, D3D11_BIND_INDEX_BUFFER);
  d.context->IASetIndexBuffer(ib.get(), DXGI_FORMAT_R16_UINT, 0);
  d.context->DrawIndexedInstanced(3, 1, 0, 0, 1);  // only instance 1's data
  px = t.pixels();
  CHECK(px[4 * kW + 4] == std::array<float, 4>{0, 0, 0, 0});
  CHECK(px[20 * kW + 20] == std::array<float, 4>{0, 0.5f, 0, 1});
}

TEST_CASE("constant buffers reach the vertex and the pixel stage at their slots", "[draw][pixels]") {
  RenderDevice d;
  DrawTarget t(d, kW, kH);
  InstancedScene scene(d);
  const float vsConstants[4] = {0.25f, 0.5f, 0.5f, 0};  // added to the instance colour in the VS
  const float psConstants[4] = {0.5f, 0.5f, 2.0f, 1};    // multiplies the colour in the PS (cb2)
  Com<ID3D11Buffer> vsCb = makeBuffer(d, vsConstants, 16, D3D11_BIND_CONSTANT_BUFFER);
  Com<ID3D11Buffer> psCb = makeBuffer(d, psConstants, 16, D3D11_BIND_CONSTANT_BUFFER);
  const std::vector<uint8_t> psCode = assembled(kPsScaled);
  Com<ID3D11PixelShader> ps;
  REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  d.context->PSSetShader(ps.get(), nullptr, 0);
  ID3D11Buffer* vsCbs[] = {vsCb.get()};
  ID3D11Buffer* psCbs[] = {psCb.get()};
  d.context->VSSetConstantBuffers(0, 1, vsCbs);
  d.context->PSSetConstantBuffers(2, 1, psCbs);
  ID3D11Buffer* bound = nullptr;
  d.context->PSGetConstantBuffers(2, 1, &bound);
  CHECK(bound == psCb.get());
  if (bound) bound->Release();
  d.context->DrawInstanced(3, 2, 0, 0);
  const auto px = t.pixels();
  // instance 0: (0.5,0,0,1) + (0.25,0.5,0.5,0) = (0.75,0.5,0.5,1), × (0.5,0.5,2,1)
  CHECK(px[4 * kW + 4] == std::array<float, 4>{0.375f, 0.25f, 1.0f, 1.0f});
  // instance 1: (0,0.5,0,1) + (0.25,0.5,0.5,0) = (0.25,1,0.5,1), × (0.5,0.5,2,1)
  CHECK(px[20 * kW + 20] == std::array<float, 4>{0.125f, 0.5f, 1.0f, 1.0f});
}

TEST_CASE("VS/PSSetConstantBuffers1 windows: the stages read their constants from FirstConstant on", "[draw][pixels]") {
  RenderDevice d;
  DrawTarget t(d, kW, kH);
  InstancedScene scene(d);
  Com<ID3D11DeviceContext1> context1;
  REQUIRE(d.context->QueryInterface(__uuidof(ID3D11DeviceContext1), reinterpret_cast<void**>(context1.out())) == S_OK);
  // One buffer of 64 constants, 9 everywhere but constant 16 (the VS's addend) and constant 48 (the PS's factor).
  std::vector<float> constants(64 * 4, 9.0f);
  const float vsConstants[4] = {0.25f, 0.5f, 0.5f, 0}, psConstants[4] = {0.5f, 0.5f, 2.0f, 1};
  std::copy(vsConstants, vsConstants + 4, constants.begin() + 16 * 4);
  std::copy(psConstants, psConstants + 4, constants.begin() + 48 * 4);
  Com<ID3D11Buffer> cb = makeBuffer(d, constants.data(), UINT(constants.size() * 4), D3D11_BIND_CONSTANT_BUFFER);
  const std::vector<uint8_t> psCode = assembled(kPsScaled);
  Com<ID3D11PixelShader> ps;
  REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  d.context->PSSetShader(ps.get(), nullptr, 0);
  ID3D11Buffer* cbs[] = {cb.get()};
  const UINT vsFirst = 16, psFirst = 48, count = 16;
  context1->VSSetConstantBuffers1(0, 1, cbs, &vsFirst, &count);
  context1->PSSetConstantBuffers1(2, 1, cbs, &psFirst, &count);
  ID3D11Buffer* bound = nullptr;
  UINT first = 0, num = 0;
  context1->PSGetConstantBuffers1(2, 1, &bound, &first, &num);
  CHECK((bound == cb.get() && first == 48 && num == 16));
  if (bound) bound->Release();
  d.context->DrawInstanced(3, 2, 0, 0);
  const auto px = t.pixels();
  // As with the two whole buffers above: (0.5,0,0,1) + (0.25,0.5,0.5,0), × (0.5,0.5,2,1).
  CHECK(px[4 * kW + 4] == std::array<float, 4>{0.375f, 0.25f, 1.0f, 1.0f});
  CHECK(px[20 * kW + 20] == std::array<float, 4>{0.125f, 0.5f, 1.0f, 1.0f});
}

TEST_CASE("viewports: the Get variants return what was set, a viewport offset moves the image", "[draw][pixels]") {
  RenderDevice d;
  DrawTarget t(d, kW, kH);
  const D3D11_VIEWPORT vp{8, 4, 16, 16, 0, 1};
  d.context->RSSetViewports(1, &vp);
  UINT n = 0;
  d.context->RSGetViewports(&n, nullptr);
  CHECK(n == 1);
  D3D11_VIEWPORT got{};
  d.context->RSGetViewports(&n, &got);
  CHECK((got.TopLeftX == 8 && got.TopLeftY == 4 && got.Width == 16 && got.Height == 16));
  // A full-viewport triangle pair (quad) covers exactly the viewport rectangle.
  const Vertex v[6] = {{-1, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1}, {-1, -1, 1, 1, 1, 1},
                       {1, 1, 1, 1, 1, 1},  {1, -1, 1, 1, 1, 1}, {-1, -1, 1, 1, 1, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  d.context->Draw(6, 0);
  const auto px = t.pixels();
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) {
      INFO("pixel " << x << "," << y);
      const bool in = x >= 8 && x < 24 && y >= 4 && y < 20;
      CHECK(px[y * kW + x][0] == (in ? 1.0f : 0.0f));
    }
}
