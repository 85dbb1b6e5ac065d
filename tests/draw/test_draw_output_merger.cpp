// tests/draw: the output merger through the API — blending (factors, ops, write
// mask, blend factor), the SampleMask of OMSetBlendState, and depth and stencil
// tests with a bound depth-stencil view; expected values computed here with
// D3D11's blend equation on exactly representable floats.
#include "draw_test_util.h"

using namespace d3dvk::test;

namespace {

constexpr UINT kW = 16, kH = 16;

// A triangle covering the whole target at depth z (clockwise).
std::array<Vertex3, 3> fullScreen(float z, std::array<float, 4> c) {
  return {Vertex3{-1, -1, z, c[0], c[1], c[2], c[3]}, Vertex3{-1, 3, z, c[0], c[1], c[2], c[3]},
          Vertex3{3, -1, z, c[0], c[1], c[2], c[3]}};
}

Com<ID3D11BlendState> blendState(RenderDevice& d, D3D11_BLEND src, D3D11_BLEND dst, D3D11_BLEND_OP op,
                                 UINT8 writeMask = D3D11_COLOR_WRITE_ENABLE_ALL) {
  D3D11_BLEND_DESC desc{};
  desc.RenderTarget[0] = {TRUE, src, dst, op, D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, writeMask};
  Com<ID3D11BlendState> state;
  REQUIRE(d->CreateBlendState(&desc, state.out()) == S_OK);
  return state;
}

}  // namespace

TEST_CASE("blending: D3D's blend equation, write mask, blend factor and SampleMask", "[draw][output-merger]") {
  RenderDevice d;
  DrawTarget t(d, kW, kH);
  const float blue[4] = {0, 0, 1, 1};
  auto tri = [](std::array<float, 4> c) {
    return std::array<Vertex, 3>{Vertex{-1, -1, c[0], c[1], c[2], c[3]}, Vertex{-1, 3, c[0], c[1], c[2], c[3]},
                                 Vertex{3, -1, c[0], c[1], c[2], c[3]}};
  };
  const auto red = tri({1, 0, 0, 0.25f});
  Com<ID3D11Buffer> vb = makeBuffer(d, red.data(), sizeof red, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  struct Case {
    const char* what;
    Com<ID3D11BlendState> state;
    std::array<float, 4> factor;
    UINT sampleMask;
    std::array<float, 4> want;
  };
  Case cases[] = {
      {"src alpha over", blendState(d, D3D11_BLEND_SRC_ALPHA, D3D11_BLEND_INV_SRC_ALPHA, D3D11_BLEND_OP_ADD),
       {1, 1, 1, 1}, 0xFFFFFFFF, {0.25f, 0, 0.75f, 0.25f}},
      {"write mask R|A", blendState(d, D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD,
                                    D3D11_COLOR_WRITE_ENABLE_RED | D3D11_COLOR_WRITE_ENABLE_ALPHA),
       {1, 1, 1, 1}, 0xFFFFFFFF, {1, 0, 1, 0.25f}},
      {"blend factor", blendState(d, D3D11_BLEND_BLEND_FACTOR, D3D11_BLEND_ONE, D3D11_BLEND_OP_REV_SUBTRACT),
       {0.5f, 0.25f, 0.5f, 1}, 0xFFFFFFFF, {-0.5f, 0, 1, 0.25f}},  // dst·1 − src·factor; float targets do not clamp
      {"max", blendState(d, D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_MAX), {1, 1, 1, 1}, 0xFFFFFFFF,
       {1, 0, 1, 0.25f}},
      {"sample mask without sample 0 drops every sample", Com<ID3D11BlendState>(), {1, 1, 1, 1}, 0xFFFFFFFE,
       {0, 0, 1, 1}},
      {"sample mask 0", Com<ID3D11BlendState>(), {1, 1, 1, 1}, 0, {0, 0, 1, 1}},
      {"default state, full mask", Com<ID3D11BlendState>(), {1, 1, 1, 1}, 0xFFFFFFFF, {1, 0, 0, 0.25f}},
  };
  for (Case& k : cases) {
    INFO(k.what);
    d.context->ClearRenderTargetView(t.rtv.get(), blue);
    d.context->OMSetBlendState(k.state.get(), k.factor.data(), k.sampleMask);
    Com<ID3D11BlendState> got;
    float factor[4] = {};
    UINT mask = 0;
    d.context->OMGetBlendState(got.out(), factor, &mask);
    CHECK(got.get() == k.state.get());
    CHECK(mask == k.sampleMask);
    CHECK(factor[1] == k.factor[1]);
    d.context->Draw(3, 0);
    const auto px = t.pixels();
    CHECK(px[5 * kW + 5] == k.want);
    CHECK(px[12 * kW + 3] == k.want);
  }
  d.context->OMSetBlendState(nullptr, nullptr, 0xFFFFFFFF);
}

TEST_CASE("depth test: LESS by default with a depth view, write mask and function from the state",
          "[draw][output-merger]") {
  RenderDevice d;
  DrawTarget t(d, kW, kH);
  D3D11_TEXTURE2D_DESC dd = texture2DDesc(kW, kH, DXGI_FORMAT_D32_FLOAT, D3D11_BIND_DEPTH_STENCIL);
  Com<ID3D11Texture2D> depth;
  Com<ID3D11DepthStencilView> dsv;
  REQUIRE(d->CreateTexture2D(&dd, nullptr, depth.out()) == S_OK);
  REQUIRE(d->CreateDepthStencilView(depth.get(), nullptr, dsv.out()) == S_OK);
  ID3D11RenderTargetView* views[] = {t.rtv.get()};
  d.context->OMSetRenderTargets(1, views, dsv.get());

  const DepthVertexShader shaders(d);

  std::vector<Vertex3> v;
  for (auto tri : {fullScreen(0.5f, {1, 0, 0, 1}), fullScreen(0.75f, {0, 1, 0, 1}), fullScreen(0.25f, {0, 0, 1, 1})})
    v.insert(v.end(), tri.begin(), tri.end());
  Com<ID3D11Buffer> vb = makeBuffer(d, v.data(), UINT(v.size() * sizeof(Vertex3)), D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get(), sizeof(Vertex3));
  const float black[4] = {0, 0, 0, 0};

  // Default state: LESS with writes. Red at 0.5, then green at 0.75 fails.
  d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH, 1.0f, 0);
  d.context->Draw(3, 0);
  d.context->Draw(3, 3);
  CHECK(t.pixels()[8 * kW + 8] == std::array<float, 4>{1, 0, 0, 1});

  // GREATER without writes: green (0.75 > 0.5) passes but leaves depth at 0.5; blue at 0.25 then fails.
  D3D11_DEPTH_STENCIL_DESC desc{TRUE, D3D11_DEPTH_WRITE_MASK_ZERO, D3D11_COMPARISON_GREATER, FALSE, 0xFF, 0xFF, {}, {}};
  desc.FrontFace = desc.BackFace = {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                    D3D11_COMPARISON_ALWAYS};
  Com<ID3D11DepthStencilState> greater;
  REQUIRE(d->CreateDepthStencilState(&desc, greater.out()) == S_OK);
  d.context->OMSetDepthStencilState(greater.get(), 0);
  d.context->Draw(3, 3);
  CHECK(t.pixels()[8 * kW + 8] == std::array<float, 4>{0, 1, 0, 1});
  d.context->Draw(3, 6);
  CHECK(t.pixels()[8 * kW + 8] == std::array<float, 4>{0, 1, 0, 1});
  // Depth still 0.5: LESS (default) lets blue at 0.25 through.
  d.context->OMSetDepthStencilState(nullptr, 0);
  d.context->Draw(3, 6);
  CHECK(t.pixels()[8 * kW + 8] == std::array<float, 4>{0, 0, 1, 1});

  // The depth view cleared, depth disabled: everything passes.
  desc.DepthEnable = FALSE;
  Com<ID3D11DepthStencilState> off;
  REQUIRE(d->CreateDepthStencilState(&desc, off.out()) == S_OK);
  d.context->OMSetDepthStencilState(off.get(), 0);
  d.context->ClearRenderTargetView(t.rtv.get(), black);
  d.context->Draw(3, 3);
  CHECK(t.pixels()[8 * kW + 8] == std::array<float, 4>{0, 1, 0, 1});
  d.context->OMSetDepthStencilState(nullptr, 0);
}

TEST_CASE("stencil test: REPLACE with the reference, then EQUAL masks the next draw", "[draw][output-merger]") {
  RenderDevice d;
  DrawTarget t(d, kW, kH);
  D3D11_TEXTURE2D_DESC dd = texture2DDesc(kW, kH, DXGI_FORMAT_D24_UNORM_S8_UINT, D3D11_BIND_DEPTH_STENCIL);
  Com<ID3D11Texture2D> depth;
  Com<ID3D11DepthStencilView> dsv;
  REQUIRE(d->CreateTexture2D(&dd, nullptr, depth.out()) == S_OK);
  REQUIRE(d->CreateDepthStencilView(depth.get(), nullptr, dsv.out()) == S_OK);
  ID3D11RenderTargetView* views[] = {t.rtv.get()};
  d.context->OMSetRenderTargets(1, views, dsv.get());
  d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 1.0f, 0);

  // Left half (x < 8) as two triangles, then a full-screen triangle.
  const Vertex v[9] = {{-1, 1, 1, 0, 0, 1},  {0, 1, 1, 0, 0, 1},  {-1, -1, 1, 0, 0, 1}, {0, 1, 1, 0, 0, 1},
                       {0, -1, 1, 0, 0, 1},  {-1, -1, 1, 0, 0, 1}, {-1, -1, 0, 1, 0, 1}, {-1, 3, 0, 1, 0, 1},
                       {3, -1, 0, 1, 0, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  D3D11_DEPTH_STENCIL_DESC write{FALSE, D3D11_DEPTH_WRITE_MASK_ZERO, D3D11_COMPARISON_LESS, TRUE, 0xFF, 0xFF, {}, {}};
  write.FrontFace = write.BackFace = {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_REPLACE,
                                      D3D11_COMPARISON_ALWAYS};
  D3D11_DEPTH_STENCIL_DESC test = write;
  test.FrontFace = test.BackFace = {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                    D3D11_COMPARISON_EQUAL};
  Com<ID3D11DepthStencilState> writeState, testState;
  REQUIRE(d->CreateDepthStencilState(&write, writeState.out()) == S_OK);
  REQUIRE(d->CreateDepthStencilState(&test, testState.out()) == S_OK);
  d.context->OMSetDepthStencilState(writeState.get(), 5);
  d.context->Draw(6, 0);
  d.context->OMSetDepthStencilState(testState.get(), 5);
  UINT ref = 0;
  Com<ID3D11DepthStencilState> got;
  d.context->OMGetDepthStencilState(got.out(), &ref);
  CHECK(got.get() == testState.get());
  CHECK(ref == 5);
  d.context->Draw(3, 6);
  const auto px = t.pixels();
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(px[y * kW + x] == (x < 8 ? std::array<float, 4>{0, 1, 0, 1} : std::array<float, 4>{0, 0, 0, 0}));
    }
  d.context->OMSetDepthStencilState(nullptr, 0);
}

TEST_CASE("blend and depth-stencil descs with out-of-range values are rejected", "[draw][output-merger][errors]") {
  RenderDevice d;
  D3D11_BLEND_DESC blend{};
  blend.RenderTarget[0] = {TRUE, D3D11_BLEND(12), D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE,
                           D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, 0xF};
  Com<ID3D11BlendState> b;
  CHECK(d->CreateBlendState(&blend, b.out()) == E_INVALIDARG);
  CHECK(d->CreateBlendState(nullptr, b.out()) == E_INVALIDARG);
  blend.RenderTarget[0].SrcBlend = D3D11_BLEND_ONE;
  blend.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_SRC_COLOR;  // a colour factor for alpha
  CHECK(d->CreateBlendState(&blend, b.out()) == E_INVALIDARG);
  blend.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_ONE;
  blend.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_INV_DEST_COLOR;
  CHECK(d->CreateBlendState(&blend, b.out()) == E_INVALIDARG);
  blend.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_ZERO;
  CHECK(d->CreateBlendState(&blend, b.out()) == S_OK);  // the same desc, fixed
  b.reset();
  Com<ID3D11Device1> d1;
  REQUIRE(d->QueryInterface(__uuidof(ID3D11Device1), reinterpret_cast<void**>(d1.out())) == S_OK);
  D3D11_BLEND_DESC1 logic{};
  logic.RenderTarget[0] = {FALSE, TRUE, D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE,
                           D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_LOGIC_OP_XOR, 0xF};
  Com<ID3D11BlendState1> b1;
  D3D11_FEATURE_DATA_D3D11_OPTIONS options{};
  REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS, &options, sizeof options) == S_OK);
  // Logic ops where the device has them (test_draw_logic_ops.cpp draws them).
  CHECK(d1->CreateBlendState1(&logic, b1.out()) == (options.OutputMergerLogicOp ? S_OK : E_INVALIDARG));
  CHECK(bool(b1) == bool(options.OutputMergerLogicOp));
  b1.reset();
  D3D11_DEPTH_STENCIL_DESC ds{TRUE, D3D11_DEPTH_WRITE_MASK(2), D3D11_COMPARISON_LESS, FALSE, 0xFF, 0xFF, {}, {}};
  Com<ID3D11DepthStencilState> s;
  CHECK(d->CreateDepthStencilState(&ds, s.out()) == E_INVALIDARG);
  CHECK(d->CreateDepthStencilState(nullptr, s.out()) == E_INVALIDARG);
  CHECK(!b);
  CHECK(!s);
}

TEST_CASE("4x MSAA: a draw covers every sample, SampleMask keeps only its samples (seen after resolve)",
          "[draw][output-merger][msaa]") {
  RenderDevice d;
  DrawTarget t(d, kW, kH);  // shaders, layout and viewport; the target is replaced below
  D3D11_TEXTURE2D_DESC md = texture2DDesc(kW, kH, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET,
                                          D3D11_USAGE_DEFAULT, 0, 4);
  Com<ID3D11Texture2D> ms, resolved;
  Com<ID3D11RenderTargetView> rtv;
  REQUIRE(d->CreateTexture2D(&md, nullptr, ms.out()) == S_OK);
  REQUIRE(d->CreateRenderTargetView(ms.get(), nullptr, rtv.out()) == S_OK);
  D3D11_TEXTURE2D_DESC rd = texture2DDesc(kW, kH, DXGI_FORMAT_R8G8B8A8_UNORM, 0);
  REQUIRE(d->CreateTexture2D(&rd, nullptr, resolved.out()) == S_OK);
  ID3D11RenderTargetView* views[] = {rtv.get()};
  d.context->OMSetRenderTargets(1, views, nullptr);
  const Vertex v[3] = {{-1, -1, 1, 1, 1, 1}, {-1, 3, 1, 1, 1, 1}, {3, -1, 1, 1, 1, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  const float black[4] = {0, 0, 0, 0};
  struct Case {
    UINT mask;
    int samples;
  };
  for (Case k : {Case{0xFFFFFFFF, 4}, Case{0x1, 1}, Case{0x6, 2}, Case{0x0, 0}}) {
    INFO("SampleMask 0x" << std::hex << k.mask);
    d.context->ClearRenderTargetView(rtv.get(), black);
    d.context->OMSetBlendState(nullptr, nullptr, k.mask);
    d.context->Draw(3, 0);
    d.context->ResolveSubresource(resolved.get(), 0, ms.get(), 0, DXGI_FORMAT_R8G8B8A8_UNORM);
    const std::vector<uint8_t> px = readback(d, resolved.get());
    // The resolve averages the samples: k of 4 samples white.
    const double want = 255.0 * k.samples / 4.0;
    CHECK(std::fabs(double(px[(8 * kW + 8) * 4]) - want) <= 1.0);
    CHECK(std::fabs(double(px[(2 * kW + 13) * 4 + 3]) - want) <= 1.0);
  }
  d.context->OMSetBlendState(nullptr, nullptr, 0xFFFFFFFF);
}
