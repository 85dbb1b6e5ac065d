// tests/render: ClearRenderTargetView for every render-target format of the
// slice (exact values: UNORM rounding and clamping, half floats, integer
// conversion), ClearDepthStencilView read back through staging copies, and a
// 4× MSAA clear resolved with ResolveSubresource (typed, and typeless
// resources resolved in the Format given); DDI traffic for creation and
// clears checked with the trace filter.
#include "ddi_trace_log.h"
#include "render_test_util.h"

using namespace d3dvk::test;

namespace {

struct Target {
  Com<ID3D11Texture2D> texture;
  Com<ID3D11RenderTargetView> rtv;
};

Target makeTarget(RenderDevice& d, DXGI_FORMAT format, UINT w = 4, UINT h = 3, UINT samples = 1) {
  Target t;
  D3D11_TEXTURE2D_DESC desc = texture2DDesc(w, h, format, D3D11_BIND_RENDER_TARGET, D3D11_USAGE_DEFAULT, 0, samples);
  REQUIRE(d->CreateTexture2D(&desc, nullptr, t.texture.out()) == S_OK);
  REQUIRE(d->CreateRenderTargetView(t.texture.get(), nullptr, t.rtv.out()) == S_OK);
  return t;
}

}  // namespace

TEST_CASE("ClearRenderTargetView R8G8B8A8_UNORM: D3D's round-to-nearest and clamping", "[render][clear]") {
  RenderDevice d;
  Target t = makeTarget(d, DXGI_FORMAT_R8G8B8A8_UNORM);
  const float color[4] = {0.25f, 0.33f, 1.5f, -0.5f};
  d.context->ClearRenderTargetView(t.rtv.get(), color);
  std::vector<uint8_t> px = readback(d, t.texture.get());
  REQUIRE(px.size() == 4 * 3 * 4);
  for (size_t i = 0; i < 12; ++i) {
    INFO("texel " << i);
    CHECK(px[i * 4 + 0] == floatToUnorm(0.25f, 8));  // 63.75 → 64
    CHECK(px[i * 4 + 1] == floatToUnorm(0.33f, 8));  // 84.15 → 84
    CHECK(px[i * 4 + 2] == 255);                      // clamped
    CHECK(px[i * 4 + 3] == 0);                        // clamped
  }
  CHECK(floatToUnorm(0.25f, 8) == 64);
  CHECK(floatToUnorm(0.33f, 8) == 84);
}

TEST_CASE("ClearRenderTargetView R16G16B16A16_FLOAT stores exact half floats", "[render][clear]") {
  RenderDevice d;
  Target t = makeTarget(d, DXGI_FORMAT_R16G16B16A16_FLOAT);
  const float color[4] = {1.5f, -2.0f, 0.00006103515625f /* 2^-14, the smallest normal half */, 65504.0f};
  d.context->ClearRenderTargetView(t.rtv.get(), color);
  std::vector<uint8_t> px = readback(d, t.texture.get());
  for (size_t i = 0; i < 12; ++i) {
    INFO("texel " << i);
    CHECK(texelAt<uint16_t>(px, i * 4 + 0) == exactHalf(1.5f));
    CHECK(texelAt<uint16_t>(px, i * 4 + 1) == exactHalf(-2.0f));
    CHECK(texelAt<uint16_t>(px, i * 4 + 2) == exactHalf(0.00006103515625f));
    CHECK(texelAt<uint16_t>(px, i * 4 + 3) == exactHalf(65504.0f));
  }
  CHECK(exactHalf(1.5f) == 0x3E00);
  CHECK(exactHalf(65504.0f) == 0x7BFF);
  CHECK(exactHalf(0.00006103515625f) == 0x0400);
}

TEST_CASE("ClearRenderTargetView R32G32B32A32_FLOAT stores the floats bit for bit", "[render][clear]") {
  RenderDevice d;
  Target t = makeTarget(d, DXGI_FORMAT_R32G32B32A32_FLOAT, 5, 2);
  const float color[4] = {0.1f, -123.456f, 1e30f, floatBits(0x00000001)};
  d.context->ClearRenderTargetView(t.rtv.get(), color);
  std::vector<uint8_t> px = readback(d, t.texture.get());
  for (size_t i = 0; i < 10; ++i) {
    CHECK(texelAt<float>(px, i * 4 + 0) == 0.1f);
    CHECK(texelAt<float>(px, i * 4 + 1) == -123.456f);
    CHECK(texelAt<float>(px, i * 4 + 2) == 1e30f);
    // A denormal clear colour may be flushed (D3D11 allows it: CLEARRENDERTARGETVIEW_DENORMFLUSH).
    const uint32_t w = texelAt<uint32_t>(px, i * 4 + 3);
    CHECK((w == 0x00000001u || w == 0u));
  }
}

TEST_CASE("ClearRenderTargetView on R32_UINT and R32G32_UINT converts the float colour to integers",
          "[render][clear]") {
  RenderDevice d;
  Target r32 = makeTarget(d, DXGI_FORMAT_R32_UINT);
  Target rg32 = makeTarget(d, DXGI_FORMAT_R32G32_UINT);
  const float color[4] = {7.0f, 70000.0f, 3.0f, 4.0f};
  d.context->ClearRenderTargetView(r32.rtv.get(), color);
  d.context->ClearRenderTargetView(rg32.rtv.get(), color);
  std::vector<uint8_t> a = readback(d, r32.texture.get());
  std::vector<uint8_t> b = readback(d, rg32.texture.get());
  for (size_t i = 0; i < 12; ++i) {
    CHECK(texelAt<uint32_t>(a, i) == 7u);
    CHECK(texelAt<uint32_t>(b, i * 2) == 7u);
    CHECK(texelAt<uint32_t>(b, i * 2 + 1) == 70000u);
  }
}

TEST_CASE("ClearRenderTargetView on one mip and one array slice leaves the others alone", "[render][clear]") {
  RenderDevice d;
  D3D11_TEXTURE2D_DESC desc = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET);
  desc.MipLevels = 2;
  desc.ArraySize = 2;
  Com<ID3D11Texture2D> texture;
  REQUIRE(d->CreateTexture2D(&desc, nullptr, texture.out()) == S_OK);
  D3D11_RENDER_TARGET_VIEW_DESC all{DXGI_FORMAT_UNKNOWN, D3D11_RTV_DIMENSION_TEXTURE2DARRAY};
  all.Texture2DArray = {0, 0, 2};
  D3D11_RENDER_TARGET_VIEW_DESC one{DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_RTV_DIMENSION_TEXTURE2DARRAY};
  one.Texture2DArray = {1, 1, 1};  // mip 1 of slice 1 = subresource 3
  Com<ID3D11RenderTargetView> allView, oneView;
  REQUIRE(d->CreateRenderTargetView(texture.get(), &all, allView.out()) == S_OK);
  REQUIRE(d->CreateRenderTargetView(texture.get(), &one, oneView.out()) == S_OK);
  const float zero[4] = {0, 0, 0, 0}, white[4] = {1, 1, 1, 1};
  d.context->ClearRenderTargetView(allView.get(), zero);  // mip 0 of both slices
  D3D11_RENDER_TARGET_VIEW_DESC mip1{DXGI_FORMAT_UNKNOWN, D3D11_RTV_DIMENSION_TEXTURE2DARRAY};
  mip1.Texture2DArray = {1, 0, 2};
  Com<ID3D11RenderTargetView> mip1View;
  REQUIRE(d->CreateRenderTargetView(texture.get(), &mip1, mip1View.out()) == S_OK);
  d.context->ClearRenderTargetView(mip1View.get(), zero);
  d.context->ClearRenderTargetView(oneView.get(), white);
  for (UINT sub = 0; sub < 4; ++sub) {
    std::vector<uint8_t> px = readback(d, texture.get(), sub);
    INFO("subresource " << sub);
    CHECK(px.size() == (sub % 2 ? 2u * 2 * 4 : 4u * 4 * 4));
    for (uint8_t v : px) CHECK(v == (sub == 3 ? 255 : 0));
  }
}

TEST_CASE("ClearDepthStencilView: D32_FLOAT and D24_UNORM_S8_UINT read back through staging copies",
          "[render][clear][depth]") {
  RenderDevice d;
  SECTION("D32_FLOAT") {
    D3D11_TEXTURE2D_DESC desc = texture2DDesc(3, 2, DXGI_FORMAT_D32_FLOAT, D3D11_BIND_DEPTH_STENCIL);
    Com<ID3D11Texture2D> depth;
    Com<ID3D11DepthStencilView> dsv;
    REQUIRE(d->CreateTexture2D(&desc, nullptr, depth.out()) == S_OK);
    REQUIRE(d->CreateDepthStencilView(depth.get(), nullptr, dsv.out()) == S_OK);
    d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH, 0.375f, 0);
    std::vector<uint8_t> px = readback(d, depth.get());
    for (size_t i = 0; i < 6; ++i) CHECK(texelAt<float>(px, i) == 0.375f);
  }
  SECTION("D24_UNORM_S8_UINT: depth in bits 0-23 (UNORM), stencil in 24-31; each clear flag keeps the other part") {
    D3D11_TEXTURE2D_DESC desc = texture2DDesc(3, 2, DXGI_FORMAT_D24_UNORM_S8_UINT, D3D11_BIND_DEPTH_STENCIL);
    Com<ID3D11Texture2D> depth;
    Com<ID3D11DepthStencilView> dsv;
    REQUIRE(d->CreateTexture2D(&desc, nullptr, depth.out()) == S_OK);
    REQUIRE(d->CreateDepthStencilView(depth.get(), nullptr, dsv.out()) == S_OK);
    d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 0.25f, 0x5A);
    std::vector<uint8_t> px = readback(d, depth.get());
    const uint32_t d24 = floatToUnorm(0.25f, 24);
    CHECK(d24 == 0x400000u);
    for (size_t i = 0; i < 6; ++i) CHECK(texelAt<uint32_t>(px, i) == (d24 | (0x5Au << 24)));
    d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_STENCIL, 1.0f, 0xC3);
    px = readback(d, depth.get());
    for (size_t i = 0; i < 6; ++i) CHECK(texelAt<uint32_t>(px, i) == (d24 | (0xC3u << 24)));
    d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH, 1.0f, 0);
    px = readback(d, depth.get());
    for (size_t i = 0; i < 6; ++i) CHECK(texelAt<uint32_t>(px, i) == (0xFFFFFFu | (0xC3u << 24)));
  }
}

TEST_CASE("4x MSAA: CheckMultisampleQualityLevels, clear, ResolveSubresource to a single-sampled texture",
          "[render][clear][msaa]") {
  RenderDevice d;
  UINT levels = 0;
  REQUIRE(d->CheckMultisampleQualityLevels(DXGI_FORMAT_R8G8B8A8_UNORM, 4, &levels) == S_OK);
  REQUIRE(levels >= 1);
  Target ms = makeTarget(d, DXGI_FORMAT_R8G8B8A8_UNORM, 8, 8, 4);
  D3D11_RENDER_TARGET_VIEW_DESC vd;
  ms.rtv->GetDesc(&vd);
  CHECK(vd.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2DMS);
  D3D11_TEXTURE2D_DESC desc = texture2DDesc(8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, 0);
  Com<ID3D11Texture2D> resolved;
  REQUIRE(d->CreateTexture2D(&desc, nullptr, resolved.out()) == S_OK);
  const float color[4] = {0.2f, 0.4f, 0.6f, 0.8f};
  d.context->ClearRenderTargetView(ms.rtv.get(), color);
  d.context->ResolveSubresource(resolved.get(), 0, ms.texture.get(), 0, DXGI_FORMAT_R8G8B8A8_UNORM);
  std::vector<uint8_t> px = readback(d, resolved.get());
  // All four samples hold the same value, so the resolve (an average) returns it exactly.
  for (size_t i = 0; i < 64; ++i) {
    CHECK(px[i * 4 + 0] == floatToUnorm(0.2f, 8));
    CHECK(px[i * 4 + 1] == floatToUnorm(0.4f, 8));
    CHECK(px[i * 4 + 2] == floatToUnorm(0.6f, 8));
    CHECK(px[i * 4 + 3] == floatToUnorm(0.8f, 8));
  }
}

TEST_CASE("4x MSAA typeless: ResolveSubresource resolves in the Format given into typeless and typed textures",
          "[render][clear][msaa]") {
  // The typeless images hold the family's UINT format; the driver resolves
  // through scratch images of the given format.
  RenderDevice d;
  D3D11_TEXTURE2D_DESC msDesc = texture2DDesc(8, 8, DXGI_FORMAT_R8G8B8A8_TYPELESS, D3D11_BIND_RENDER_TARGET);
  msDesc.SampleDesc.Count = 4;
  Com<ID3D11Texture2D> ms;
  REQUIRE(d->CreateTexture2D(&msDesc, nullptr, ms.out()) == S_OK);
  D3D11_RENDER_TARGET_VIEW_DESC rv{};
  rv.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  rv.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DMS;
  Com<ID3D11RenderTargetView> rtv;
  REQUIRE(d->CreateRenderTargetView(ms.get(), &rv, rtv.out()) == S_OK);
  const float color[4] = {0.2f, 0.4f, 0.6f, 0.8f};
  d.context->ClearRenderTargetView(rtv.get(), color);
  const D3D11_TEXTURE2D_DESC typelessDesc = texture2DDesc(8, 8, DXGI_FORMAT_R8G8B8A8_TYPELESS, 0);
  const D3D11_TEXTURE2D_DESC typedDesc = texture2DDesc(8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, 0);
  const std::vector<uint8_t> zeros(256, 0);
  const D3D11_SUBRESOURCE_DATA init{zeros.data(), 32, 0};
  Com<ID3D11Texture2D> typeless, typed, untouched;
  REQUIRE(d->CreateTexture2D(&typelessDesc, nullptr, typeless.out()) == S_OK);
  REQUIRE(d->CreateTexture2D(&typedDesc, nullptr, typed.out()) == S_OK);
  REQUIRE(d->CreateTexture2D(&typelessDesc, &init, untouched.out()) == S_OK);
  d.context->ResolveSubresource(typeless.get(), 0, ms.get(), 0, DXGI_FORMAT_R8G8B8A8_UNORM);
  d.context->ResolveSubresource(typed.get(), 0, ms.get(), 0, DXGI_FORMAT_R8G8B8A8_UNORM);
  for (ID3D11Texture2D* t : {typeless.get(), typed.get()}) {
    std::vector<uint8_t> px = readback(d, t);
    REQUIRE(px.size() == 256);
    for (size_t i = 0; i < 64; ++i) {
      CHECK(px[i * 4 + 0] == floatToUnorm(0.2f, 8));
      CHECK(px[i * 4 + 1] == floatToUnorm(0.4f, 8));
      CHECK(px[i * 4 + 2] == floatToUnorm(0.6f, 8));
      CHECK(px[i * 4 + 3] == floatToUnorm(0.8f, 8));
    }
  }
  // A Format of another group, or a typeless Format, is refused: nothing is written.
  d.context->ResolveSubresource(untouched.get(), 0, ms.get(), 0, DXGI_FORMAT_B8G8R8A8_UNORM);
  d.context->ResolveSubresource(untouched.get(), 0, ms.get(), 0, DXGI_FORMAT_R8G8B8A8_TYPELESS);
  CHECK(readback(d, untouched.get()) == zeros);
}

TEST_CASE("DDI traffic: CreateTexture2D, CreateRenderTargetView, ClearRenderTargetView and ClearDepthStencilView",
          "[render][clear][ddi]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  {
    RenderDevice d;
    Target t = makeTarget(d, DXGI_FORMAT_R8G8B8A8_UNORM, 16, 8);
    D3D11_TEXTURE2D_DESC dd = texture2DDesc(16, 8, DXGI_FORMAT_D32_FLOAT, D3D11_BIND_DEPTH_STENCIL);
    Com<ID3D11Texture2D> depth;
    Com<ID3D11DepthStencilView> dsv;
    REQUIRE(d->CreateTexture2D(&dd, nullptr, depth.out()) == S_OK);
    REQUIRE(d->CreateDepthStencilView(depth.get(), nullptr, dsv.out()) == S_OK);
    const float color[4] = {1.0f, 0.5f, 0.25f, 0.0f};
    d.context->ClearRenderTargetView(t.rtv.get(), color);
    d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 0.5f, 7);
  }
  std::vector<std::string> creates = trace.calls("CreateResource");
  REQUIRE(creates.size() == 2);
  CHECK(creates[0].find("Dimension=TEXTURE2D, Usage=DEFAULT, BindFlags=0x20, MapFlags=0x0, MiscFlags=0x0, Format=28, "
                        "Samples=1/0, MipLevels=1, ArraySize=1, Size=16x8, InitialData=no") != std::string::npos);
  CHECK(creates[1].find("BindFlags=0x40") != std::string::npos);
  CHECK(creates[1].find("Format=40") != std::string::npos);
  std::vector<std::string> rtvs = trace.calls("CreateRenderTargetView");
  REQUIRE(rtvs.size() == 1);
  CHECK(rtvs[0].find("Format=28, Dimension=TEXTURE2D, MipSlice=0, FirstArraySlice=0, ArraySize=1") != std::string::npos);
  std::vector<std::string> clears = trace.calls("ClearRenderTargetView");
  REQUIRE(clears.size() == 1);
  CHECK(clears[0].find("Color={1, 0.5, 0.25, 0})") != std::string::npos);
  std::vector<std::string> dsClears = trace.calls("ClearDepthStencilView");
  REQUIRE(dsClears.size() == 1);
  CHECK(dsClears[0].find("Flags=0x3, Depth=0.5, Stencil=7)") != std::string::npos);
  CHECK(trace.calls("DestroyResource").size() == 2);
  CHECK(trace.calls("DestroyRenderTargetView").size() == 1);
  CHECK(trace.calls("DestroyDepthStencilView").size() == 1);
}

TEST_CASE("the D3D11.1 DDI table (a UMD without WDDM 2.0) clears, resolves and reads back the same",
          "[render][clear][ddi]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ScopedEnv hide("D3DVK_TRACE_HIDE_VERSIONS", "wddm2_0");
  {
    RenderDevice d;
    UINT levels = 0;
    REQUIRE(d->CheckMultisampleQualityLevels(DXGI_FORMAT_R8G8B8A8_UNORM, 4, &levels) == S_OK);
    CHECK(levels == 1);
    Target ms = makeTarget(d, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, 4);
    D3D11_TEXTURE2D_DESC desc = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, 0);
    Com<ID3D11Texture2D> resolved;
    REQUIRE(d->CreateTexture2D(&desc, nullptr, resolved.out()) == S_OK);
    const float color[4] = {0.8f, 0.6f, 0.4f, 0.2f};
    d.context->ClearRenderTargetView(ms.rtv.get(), color);
    d.context->ResolveSubresource(resolved.get(), 0, ms.texture.get(), 0, DXGI_FORMAT_R8G8B8A8_UNORM);
    std::vector<uint8_t> px = readback(d, resolved.get());
    for (size_t i = 0; i < 16; ++i) CHECK(px[i * 4 + 0] == floatToUnorm(0.8f, 8));
  }
  std::vector<std::string> created = trace.calls("CreateDevice");
  REQUIRE(created.size() == 1);
  CHECK(created[0].find("Interface=0x000B000F") != std::string::npos);  // D3D11.1
  auto quality = trace.calls("CheckMultisampleQualityLevels");
  REQUIRE(!quality.empty());
  CHECK(quality[0].find("Flags") == std::string::npos);  // the 11.1 signature has none
}
