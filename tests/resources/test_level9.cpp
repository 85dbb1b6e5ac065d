// tests/resources: the 10level9 feature levels (9_1, 9_2, 9_3) through the
// public API on the real UMD (lavapipe): the per-format table behind
// CheckFormatSupport / CheckFeatureSupport(FORMAT_SUPPORT, FORMAT_SUPPORT2) /
// CheckMultisampleQualityLevels, and D3D11's 10level9 rules at creation and
// binding, each refusal with its 10level9 debug message. The expected bits and
// levels are D3D11's 10level9 format table ("Hardware Support for Direct3D
// 10Level9 Formats") and the "10Level9 ID3D11Device / ID3D11DeviceContext
// Methods" pages, written out here, not read from d3dvk.
#include "resource_test_util.h"

#include <catch2/catch.hpp>

using namespace d3dvk::test;

namespace {

constexpr D3D_FEATURE_LEVEL kLevel9[] = {D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_2, D3D_FEATURE_LEVEL_9_3};

std::string levelName(D3D_FEATURE_LEVEL l) {
  return std::to_string(unsigned(l) >> 12) + "_" + std::to_string((unsigned(l) >> 8) & 0xF);
}

// A debug device whose info queue the test reads.
struct DebugDevice {
  RenderDevice d;
  Com<ID3D11InfoQueue> queue;
  explicit DebugDevice(D3D_FEATURE_LEVEL level) : d(D3D11_CREATE_DEVICE_DEBUG, level) {
    REQUIRE(d->QueryInterface(__uuidof(ID3D11InfoQueue), reinterpret_cast<void**>(queue.out())) == S_OK);
    queue->SetMuteDebugOutput(TRUE);
  }
  ID3D11Device* operator->() const { return d.device.get(); }
  // The message IDs stored since the last call.
  std::vector<D3D11_MESSAGE_ID> ids() {
    std::vector<D3D11_MESSAGE_ID> out;
    for (const StoredMessage& m : drainMessages(queue.get())) out.push_back(m.id);
    return out;
  }
  bool saw(D3D11_MESSAGE_ID id) {
    for (D3D11_MESSAGE_ID i : ids())
      if (i == id) return true;
    return false;
  }
};

// One row of D3D11's 10level9 table: the first 9_x level of each use (0: none on 9_x).
struct Row {
  DXGI_FORMAT format;
  int vertex, texture2D, texture3D, cube, sample, mip, renderTarget, blendable, depth;
};
constexpr Row kRows[] = {
    // format                          VB 2D 3D Cu Sa Mi RT Bl DS
    {DXGI_FORMAT_R8G8B8A8_UNORM,        1, 1, 1, 1, 1, 1, 1, 1, 0},
    {DXGI_FORMAT_B8G8R8A8_UNORM,        0, 1, 1, 1, 1, 1, 1, 1, 0},
    {DXGI_FORMAT_R8G8B8A8_SNORM,        0, 1, 0, 1, 1, 1, 0, 0, 0},
    {DXGI_FORMAT_R32G32B32A32_FLOAT,    1, 2, 3, 3, 0, 3, 2, 0, 0},
    {DXGI_FORMAT_R16G16B16A16_FLOAT,    3, 2, 2, 2, 0, 2, 2, 3, 0},
    {DXGI_FORMAT_R32G32_FLOAT,          1, 3, 3, 3, 0, 0, 3, 0, 0},
    {DXGI_FORMAT_R16G16_SNORM,          1, 1, 2, 2, 2, 1, 0, 0, 0},
    {DXGI_FORMAT_R32_FLOAT,             1, 2, 2, 2, 0, 2, 2, 0, 0},
    {DXGI_FORMAT_R16_UNORM,             0, 2, 2, 2, 2, 2, 0, 0, 0},
    {DXGI_FORMAT_R8_UNORM,              0, 1, 1, 1, 1, 1, 0, 0, 0},
    {DXGI_FORMAT_BC1_UNORM,             0, 1, 0, 1, 1, 1, 0, 0, 0},
    {DXGI_FORMAT_BC3_UNORM_SRGB,        0, 1, 0, 1, 1, 1, 0, 0, 0},
    {DXGI_FORMAT_D24_UNORM_S8_UINT,     0, 1, 0, 0, 0, 0, 0, 0, 1},
    {DXGI_FORMAT_D16_UNORM,             0, 1, 0, 0, 0, 0, 0, 0, 1},
};

bool has(int first, D3D_FEATURE_LEVEL level) {
  const int index = level == D3D_FEATURE_LEVEL_9_1 ? 1 : level == D3D_FEATURE_LEVEL_9_2 ? 2 : 3;
  return first != 0 && first <= index;
}

D3D11_BLEND_DESC opaqueBlend() {
  D3D11_BLEND_DESC d{};
  for (D3D11_RENDER_TARGET_BLEND_DESC& r : d.RenderTarget) {
    r.SrcBlend = r.SrcBlendAlpha = D3D11_BLEND_ONE;
    r.DestBlend = r.DestBlendAlpha = D3D11_BLEND_ZERO;
    r.BlendOp = r.BlendOpAlpha = D3D11_BLEND_OP_ADD;
    r.RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
  }
  return d;
}

D3D11_SAMPLER_DESC defaultSampler() {
  D3D11_SAMPLER_DESC d{};
  d.Filter = D3D11_FILTER_MIN_MAG_MIP_LINEAR;
  d.AddressU = d.AddressV = d.AddressW = D3D11_TEXTURE_ADDRESS_CLAMP;
  d.MaxAnisotropy = 1;
  d.ComparisonFunc = D3D11_COMPARISON_NEVER;
  d.MaxLOD = D3D11_FLOAT32_MAX;
  return d;
}

}  // namespace

TEST_CASE("10level9 CheckFormatSupport answers the level's format table", "[resources][formats]") {
  for (D3D_FEATURE_LEVEL level : kLevel9) {
    RenderDevice d(0, level);
    for (const Row& r : kRows) {
      INFO("level " << levelName(level) << " format " << int(r.format));
      UINT s = 0;
      const HRESULT hr = d->CheckFormatSupport(r.format, &s);
      const bool any = has(r.vertex, level) || has(r.texture2D, level);
      REQUIRE(hr == (any ? S_OK : E_FAIL));
      CHECK(bool(s & D3D11_FORMAT_SUPPORT_IA_VERTEX_BUFFER) == has(r.vertex, level));
      CHECK(bool(s & D3D11_FORMAT_SUPPORT_TEXTURE2D) == has(r.texture2D, level));
      CHECK(bool(s & D3D11_FORMAT_SUPPORT_TEXTURE3D) == has(r.texture3D, level));
      CHECK(bool(s & D3D11_FORMAT_SUPPORT_SHADER_SAMPLE) == has(r.sample, level));
      CHECK(bool(s & D3D11_FORMAT_SUPPORT_MIP) == has(r.mip, level));
      CHECK(bool(s & D3D11_FORMAT_SUPPORT_RENDER_TARGET) == has(r.renderTarget, level));
      CHECK(bool(s & D3D11_FORMAT_SUPPORT_BLENDABLE) == has(r.blendable, level));
      CHECK(bool(s & D3D11_FORMAT_SUPPORT_DEPTH_STENCIL) == has(r.depth, level));
      // Nothing 10level9 lacks: typed buffers, 1D textures, gathers, comparison sampling, UAVs.
      CHECK(!(s & (D3D11_FORMAT_SUPPORT_BUFFER | D3D11_FORMAT_SUPPORT_TEXTURE1D | D3D11_FORMAT_SUPPORT_SHADER_GATHER |
                   D3D11_FORMAT_SUPPORT_SHADER_SAMPLE_COMPARISON | D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW |
                   D3D11_FORMAT_SUPPORT_MULTISAMPLE_LOAD)));
      D3D11_FEATURE_DATA_FORMAT_SUPPORT fs{r.format, 0};
      CHECK(d->CheckFeatureSupport(D3D11_FEATURE_FORMAT_SUPPORT, &fs, sizeof fs) == hr);
      CHECK(fs.OutFormatSupport == s);
      D3D11_FEATURE_DATA_FORMAT_SUPPORT2 fs2{r.format, 0xFFFFFFFFu};
      d->CheckFeatureSupport(D3D11_FEATURE_FORMAT_SUPPORT2, &fs2, sizeof fs2);
      CHECK(fs2.OutFormatSupport2 == 0u);
    }
    // Typeless formats and D32_FLOAT do not exist on 9_x; 10_0 has them (the level decides, not the device).
    UINT s = 0;
    CHECK(d->CheckFormatSupport(DXGI_FORMAT_R8G8B8A8_TYPELESS, &s) == E_FAIL);
    CHECK(d->CheckFormatSupport(DXGI_FORMAT_D32_FLOAT, &s) == E_FAIL);
    CHECK(d->CheckFormatSupport(DXGI_FORMAT_R11G11B10_FLOAT, &s) == E_FAIL);
  }
  RenderDevice d10(0, D3D_FEATURE_LEVEL_10_0);
  UINT s = 0;
  REQUIRE(d10->CheckFormatSupport(DXGI_FORMAT_R32_FLOAT, &s) == S_OK);
  CHECK((s & D3D11_FORMAT_SUPPORT_TEXTURE2D));
  CHECK((s & D3D11_FORMAT_SUPPORT_SHADER_SAMPLE));
  REQUIRE(d10->CheckFormatSupport(DXGI_FORMAT_D32_FLOAT, &s) == S_OK);
}

TEST_CASE("10level9 multisamples only the formats the level renders or depth-tests", "[resources][formats]") {
  // 4x is the count lavapipe has for colour and depth; 10level9 makes multisampling optional per format.
  for (D3D_FEATURE_LEVEL level : kLevel9) {
    INFO("level " << levelName(level));
    RenderDevice d(0, level);
    UINT q = 0;
    REQUIRE(d->CheckMultisampleQualityLevels(DXGI_FORMAT_R8G8B8A8_UNORM, 4, &q) == S_OK);
    CHECK(q > 0);
    REQUIRE(d->CheckMultisampleQualityLevels(DXGI_FORMAT_D24_UNORM_S8_UINT, 4, &q) == S_OK);
    CHECK(q > 0);
    REQUIRE(d->CheckMultisampleQualityLevels(DXGI_FORMAT_R16G16B16A16_FLOAT, 4, &q) == S_OK);
    CHECK((q > 0) == (level != D3D_FEATURE_LEVEL_9_1));  // a render target from 9_2
    REQUIRE(d->CheckMultisampleQualityLevels(DXGI_FORMAT_R8_UNORM, 4, &q) == S_OK);
    CHECK(q == 0u);  // sampled, never rendered on 9_x
    REQUIRE(d->CheckMultisampleQualityLevels(DXGI_FORMAT_R8_UNORM, 1, &q) == S_OK);
    CHECK(q == 1u);
    // Creation agrees: a 4x R8_UNORM render target is refused, a 4x R8G8B8A8_UNORM one is made.
    D3D11_TEXTURE2D_DESC t = texture2DDesc(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET,
                                           D3D11_USAGE_DEFAULT, 0, 4);
    Com<ID3D11Texture2D> tex;
    CHECK(d->CreateTexture2D(&t, nullptr, tex.out()) == S_OK);
    UINT s = 0;
    REQUIRE(d->CheckFormatSupport(DXGI_FORMAT_R8G8B8A8_UNORM, &s) == S_OK);
    CHECK((s & D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET));
    CHECK((s & D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE));
  }
  RenderDevice d(0, D3D_FEATURE_LEVEL_10_0);
  UINT q = 0;
  REQUIRE(d->CheckMultisampleQualityLevels(DXGI_FORMAT_R8_UNORM, 4, &q) == S_OK);
  CHECK(q > 0);
}

TEST_CASE("10level9 texture creation holds the format table with D3D11's messages", "[resources][errors]") {
  using T = D3D11_TEXTURE2D_DESC;
  {
    DebugDevice d(D3D_FEATURE_LEVEL_9_1);
    T t = texture2DDesc(16, 16, DXGI_FORMAT_R32_FLOAT, D3D11_BIND_SHADER_RESOURCE);
    CHECK(d->CreateTexture2D(&t, nullptr, nullptr) == E_INVALIDARG);  // R32_FLOAT textures from 9_2
    CHECK(d.saw(D3D11_MESSAGE_ID_CREATETEXTURE2D_UNSUPPORTEDFORMAT));
    t = texture2DDesc(16, 16, DXGI_FORMAT_R8_UNORM, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET);
    CHECK(d->CreateTexture2D(&t, nullptr, nullptr) == E_INVALIDARG);
    CHECK(d.saw(D3D11_MESSAGE_ID_CREATERESOURCE_NOT_BINDABLE_AS_RENDER_TARGET));
    t = texture2DDesc(16, 16, DXGI_FORMAT_R8_UNORM, D3D11_BIND_SHADER_RESOURCE);
    CHECK(d->CreateTexture2D(&t, nullptr, nullptr) == S_FALSE);
    t = texture2DDesc(16, 16, DXGI_FORMAT_D24_UNORM_S8_UINT, D3D11_BIND_DEPTH_STENCIL);
    t.MipLevels = 2;
    CHECK(d->CreateTexture2D(&t, nullptr, nullptr) == E_INVALIDARG);
    CHECK(d.saw(D3D11_MESSAGE_ID_CREATERESOURCE_ONLY_SINGLE_MIP_LEVEL_DEPTH_STENCIL_SUPPORTED));
    t.MipLevels = 1;
    CHECK(d->CreateTexture2D(&t, nullptr, nullptr) == S_FALSE);
    t = texture2DDesc(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE,
                      D3D11_USAGE_DEFAULT, 0, 4);
    CHECK(d->CreateTexture2D(&t, nullptr, nullptr) == E_INVALIDARG);
    CHECK(d.saw(D3D11_MESSAGE_ID_CREATERESOURCE_MSAA_PRECLUDES_SHADER_RESOURCE));
    t = texture2DDesc(16, 16, DXGI_FORMAT_R8G8B8A8_TYPELESS, D3D11_BIND_SHADER_RESOURCE);
    CHECK(d->CreateTexture2D(&t, nullptr, nullptr) == E_INVALIDARG);
    CHECK(d.saw(D3D11_MESSAGE_ID_CREATETEXTURE2D_UNSUPPORTEDFORMAT));
    // The D3D9 shadow map: a typeless depth texture read through its depth member.
    t = texture2DDesc(16, 16, DXGI_FORMAT_R24G8_TYPELESS, D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_SHADER_RESOURCE);
    Com<ID3D11Texture2D> shadow;
    REQUIRE(d->CreateTexture2D(&t, nullptr, shadow.out()) == S_OK);
    D3D11_SHADER_RESOURCE_VIEW_DESC v{};
    v.Format = DXGI_FORMAT_R24_UNORM_X8_TYPELESS;
    v.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
    v.Texture2D.MipLevels = 1;
    CHECK(d->CreateShaderResourceView(shadow.get(), &v, nullptr) == S_FALSE);
    D3D11_TEXTURE1D_DESC t1{16, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
    CHECK(d->CreateTexture1D(&t1, nullptr, nullptr) == E_INVALIDARG);
    CHECK(d.saw(D3D11_MESSAGE_ID_CREATERESOURCE_NO_TEXTURE_1D));
    D3D11_TEXTURE3D_DESC t3{8, 8, 8, 1, DXGI_FORMAT_R8G8B8A8_SNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
    CHECK(d->CreateTexture3D(&t3, nullptr, nullptr) == E_INVALIDARG);  // R8G8B8A8_SNORM has no volumes on 9_x
    CHECK(d.saw(D3D11_MESSAGE_ID_CREATETEXTURE3D_UNSUPPORTEDFORMAT));
    t3 = {8, 8, 8, 0, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT,
          D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0, D3D11_RESOURCE_MISC_GENERATE_MIPS};
    CHECK(d->CreateTexture3D(&t3, nullptr, nullptr) == E_INVALIDARG);
    CHECK(d.saw(D3D11_MESSAGE_ID_CREATERESOURCE_NO_AUTOGEN_FOR_VOLUMES));
    t3.MiscFlags = 0;
    t3.BindFlags = D3D11_BIND_SHADER_RESOURCE;
    CHECK(d->CreateTexture3D(&t3, nullptr, nullptr) == S_FALSE);
  }
  {
    DebugDevice d(D3D_FEATURE_LEVEL_9_3);
    T t = texture2DDesc(16, 16, DXGI_FORMAT_R32G32_FLOAT, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET);
    CHECK(d->CreateTexture2D(&t, nullptr, nullptr) == S_FALSE);
    t.MipLevels = 2;  // R32G32_FLOAT has no mipmaps on 9_x
    CHECK(d->CreateTexture2D(&t, nullptr, nullptr) == E_INVALIDARG);
    CHECK(d.saw(D3D11_MESSAGE_ID_CREATETEXTURE2D_UNSUPPORTEDFORMAT));
    t = texture2DDesc(16, 16, DXGI_FORMAT_R16G16B16A16_FLOAT, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET);
    t.MiscFlags = D3D11_RESOURCE_MISC_TEXTURECUBE;
    t.ArraySize = 6;
    CHECK(d->CreateTexture2D(&t, nullptr, nullptr) == S_FALSE);
  }
  // 10_0 takes everything 9_x refused above.
  DebugDevice d(D3D_FEATURE_LEVEL_10_0);
  T t = texture2DDesc(16, 16, DXGI_FORMAT_R32_FLOAT, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET);
  t.MipLevels = 2;
  CHECK(d->CreateTexture2D(&t, nullptr, nullptr) == S_FALSE);
  D3D11_TEXTURE1D_DESC t1{16, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
  CHECK(d->CreateTexture1D(&t1, nullptr, nullptr) == S_FALSE);
  CHECK(d.ids().empty());
}

TEST_CASE("10level9 buffers are vertex, index or constant buffers", "[resources][errors]") {
  DebugDevice d(D3D_FEATURE_LEVEL_9_2);
  D3D11_BUFFER_DESC b{256, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0, 0};
  CHECK(d->CreateBuffer(&b, nullptr, nullptr) == E_INVALIDARG);
  CHECK(d.saw(D3D11_MESSAGE_ID_CREATERESOURCE_ONLY_VB_IB_FOR_BUFFERS));
  b.BindFlags = D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER;
  CHECK(d->CreateBuffer(&b, nullptr, nullptr) == E_INVALIDARG);
  CHECK(d.saw(D3D11_MESSAGE_ID_CREATERESOURCE_NO_VB_AND_IB_BIND));
  for (UINT bind : {UINT(D3D11_BIND_VERTEX_BUFFER), UINT(D3D11_BIND_INDEX_BUFFER), UINT(D3D11_BIND_CONSTANT_BUFFER)}) {
    b.BindFlags = bind;
    CHECK(d->CreateBuffer(&b, nullptr, nullptr) == S_FALSE);
  }
  DebugDevice d10(D3D_FEATURE_LEVEL_10_0);
  b.BindFlags = D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER | D3D11_BIND_SHADER_RESOURCE;
  CHECK(d10->CreateBuffer(&b, nullptr, nullptr) == S_FALSE);
}

TEST_CASE("10level9 blend states: same enables on the first four targets and no dual source and alpha blend by level",
          "[resources][errors]") {
  for (D3D_FEATURE_LEVEL level : {D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_2, D3D_FEATURE_LEVEL_9_3,
                                  D3D_FEATURE_LEVEL_10_0}) {
    INFO("level " << levelName(level));
    DebugDevice d(level);
    const bool l9 = level < D3D_FEATURE_LEVEL_10_0;
    D3D11_BLEND_DESC b = opaqueBlend();
    b.IndependentBlendEnable = TRUE;
    b.RenderTarget[2].BlendEnable = TRUE;
    CHECK(d->CreateBlendState(&b, nullptr) == (l9 ? E_INVALIDARG : S_FALSE));
    CHECK(d.saw(D3D11_MESSAGE_ID_CREATEBLENDSTATE_NO_INDEPENDENT_BLEND_ENABLE) == l9);
    b.IndependentBlendEnable = FALSE;  // RenderTarget[0] alone counts then
    CHECK(d->CreateBlendState(&b, nullptr) == S_FALSE);

    b = opaqueBlend();
    b.IndependentBlendEnable = TRUE;
    b.RenderTarget[1].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_RED;
    const bool noMasks = level < D3D_FEATURE_LEVEL_9_3;  // independent write masks from 9_3
    CHECK(d->CreateBlendState(&b, nullptr) == (noMasks ? E_INVALIDARG : S_FALSE));
    CHECK(d.saw(D3D11_MESSAGE_ID_CREATEBLENDSTATE_NO_INDEPENDENT_WRITE_MASKS) == noMasks);

    b = opaqueBlend();
    b.RenderTarget[0].BlendEnable = TRUE;
    b.RenderTarget[0].SrcBlend = D3D11_BLEND_SRC1_COLOR;
    CHECK(d->CreateBlendState(&b, nullptr) == (l9 ? E_INVALIDARG : S_FALSE));
    CHECK(d.saw(D3D11_MESSAGE_ID_CREATEBLENDSTATE_OPERATION_NOT_SUPPORTED) == l9);
    b.RenderTarget[0].SrcBlend = D3D11_BLEND_SRC_ALPHA_SAT;
    CHECK(d->CreateBlendState(&b, nullptr) == (l9 ? E_INVALIDARG : S_FALSE));
    d.ids();

    // Alpha blended with its own factors: separate alpha blend, from 9_2.
    b = opaqueBlend();
    b.RenderTarget[0].BlendEnable = TRUE;
    b.RenderTarget[0].SrcBlend = D3D11_BLEND_SRC_COLOR;
    b.RenderTarget[0].DestBlend = D3D11_BLEND_INV_SRC_COLOR;
    b.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_SRC_ALPHA;  // what SRC_COLOR means for alpha: not separate
    b.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_INV_SRC_ALPHA;
    CHECK(d->CreateBlendState(&b, nullptr) == S_FALSE);
    b.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_ONE;
    const bool noSeparate = level == D3D_FEATURE_LEVEL_9_1;
    CHECK(d->CreateBlendState(&b, nullptr) == (noSeparate ? E_INVALIDARG : S_FALSE));
    CHECK(d.saw(D3D11_MESSAGE_ID_CREATEBLENDSTATE_NO_SEPARATE_ALPHA_BLEND) == noSeparate);
  }
}

TEST_CASE("10level9 rasterizer, depth-stencil and sampler descs keep D3D9's limits", "[resources][errors]") {
  for (D3D_FEATURE_LEVEL level : {D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_2, D3D_FEATURE_LEVEL_9_3,
                                  D3D_FEATURE_LEVEL_10_0}) {
    INFO("level " << levelName(level));
    DebugDevice d(level);
    const bool l9 = level < D3D_FEATURE_LEVEL_10_0;
    const HRESULT refused = l9 ? E_INVALIDARG : S_FALSE;
    D3D11_RASTERIZER_DESC r{D3D11_FILL_SOLID, D3D11_CULL_BACK, FALSE, 0, 0.0f, 0.0f, TRUE, FALSE, FALSE, FALSE};
    CHECK(d->CreateRasterizerState(&r, nullptr) == S_FALSE);
    r.DepthClipEnable = FALSE;
    CHECK(d->CreateRasterizerState(&r, nullptr) == refused);
    CHECK(d.saw(D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_DepthClipEnable_MUST_BE_TRUE) == l9);
    r.DepthClipEnable = TRUE;
    r.DepthBiasClamp = 0.5f;
    CHECK(d->CreateRasterizerState(&r, nullptr) == refused);
    CHECK(d.saw(D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_DepthBiasClamp_NOT_SUPPORTED) == l9);

    D3D11_DEPTH_STENCIL_DESC ds{};
    ds.DepthEnable = TRUE;
    ds.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ALL;
    ds.DepthFunc = D3D11_COMPARISON_LESS;
    ds.StencilEnable = TRUE;
    ds.StencilReadMask = ds.StencilWriteMask = 0xFF;
    ds.FrontFace = {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_INCR, D3D11_COMPARISON_ALWAYS};
    ds.BackFace = ds.FrontFace;
    CHECK(d->CreateDepthStencilState(&ds, nullptr) == S_FALSE);
    ds.BackFace.StencilPassOp = D3D11_STENCIL_OP_DECR;  // two-sided stencil from 9_2
    const bool oneSided = level == D3D_FEATURE_LEVEL_9_1;
    CHECK(d->CreateDepthStencilState(&ds, nullptr) == (oneSided ? E_INVALIDARG : S_FALSE));
    CHECK(d.saw(D3D11_MESSAGE_ID_CREATEDEPTHSTENCILSTATE_STENCIL_NO_TWO_SIDED) == oneSided);

    D3D11_SAMPLER_DESC s = defaultSampler();
    CHECK(d->CreateSamplerState(&s, nullptr) == S_FALSE);
    s.MaxLOD = 4.0f;
    CHECK(d->CreateSamplerState(&s, nullptr) == refused);
    CHECK(d.saw(D3D11_MESSAGE_ID_CREATESAMPLERSTATE_MAXLOD_MUST_BE_FLT_MAX) == l9);
    s = defaultSampler();
    s.MinLOD = 0.5f;
    CHECK(d->CreateSamplerState(&s, nullptr) == refused);
    CHECK(d.saw(D3D11_MESSAGE_ID_CREATESAMPLERSTATE_MINLOD_MUST_NOT_BE_FRACTIONAL) == l9);
    s = defaultSampler();
    s.Filter = D3D11_FILTER_COMPARISON_MIN_MAG_MIP_LINEAR;
    s.ComparisonFunc = D3D11_COMPARISON_LESS;
    CHECK(d->CreateSamplerState(&s, nullptr) == refused);
    CHECK(d.saw(D3D11_MESSAGE_ID_CREATESAMPLERSTATE_NO_COMPARISON_SUPPORT) == l9);
    s.ComparisonFunc = D3D11_COMPARISON_LESS_EQUAL;  // the D3D9 shadow-map comparison: every level
    CHECK(d->CreateSamplerState(&s, nullptr) == S_FALSE);
    s = defaultSampler();
    s.AddressU = D3D11_TEXTURE_ADDRESS_BORDER;
    s.BorderColor[1] = 2.0f;
    CHECK(d->CreateSamplerState(&s, nullptr) == refused);
    CHECK(d.saw(D3D11_MESSAGE_ID_CREATESAMPLERSTATE_BORDER_OUT_OF_RANGE) == l9);
    s = defaultSampler();
    s.AddressV = D3D11_TEXTURE_ADDRESS_MIRROR_ONCE;  // from 9_2
    CHECK(d->CreateSamplerState(&s, nullptr) == (oneSided ? E_INVALIDARG : S_FALSE));
    CHECK(d.saw(D3D11_MESSAGE_ID_CREATESAMPLERSTATE_NO_MIRRORONCE) == oneSided);
  }
}

TEST_CASE("10level9 input layouts take the level's vertex formats", "[resources][errors]") {
  for (D3D_FEATURE_LEVEL level : kLevel9) {
    INFO("level " << levelName(level));
    DebugDevice d(level);
    // R16G16B16A16_FLOAT vertices from 9_3, R8G8_UNORM on no 9_x level.
    D3D11_INPUT_ELEMENT_DESC e{"POSITION", 0, DXGI_FORMAT_R16G16B16A16_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0};
    Com<ID3D11InputLayout> layout;
    d->CreateInputLayout(&e, 1, nullptr, 0, layout.out());
    CHECK(d.saw(D3D11_MESSAGE_ID_CREATEINPUTLAYOUT_UNSUPPORTED_FORMAT) == (level != D3D_FEATURE_LEVEL_9_3));
    e.Format = DXGI_FORMAT_R8G8_UNORM;
    CHECK(d->CreateInputLayout(&e, 1, nullptr, 0, layout.out()) == E_INVALIDARG);
    CHECK(d.saw(D3D11_MESSAGE_ID_CREATEINPUTLAYOUT_UNSUPPORTED_FORMAT));
    // Slot 0 holds per-vertex data when any slot does.
    const D3D11_INPUT_ELEMENT_DESC two[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_INSTANCE_DATA, 1}};
    CHECK(d->CreateInputLayout(two, 2, nullptr, 0, layout.out()) == E_INVALIDARG);
    CHECK(d.saw(D3D11_MESSAGE_ID_SLOT_ZERO_MUST_BE_D3D10_INPUT_PER_VERTEX_DATA));
    // 9_1 and 9_2 instance as D3D9's simple instancing: a step rate of 1 (9_3: any).
    const D3D11_INPUT_ELEMENT_DESC stepTwo[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 1, 0, D3D11_INPUT_PER_INSTANCE_DATA, 2}};
    d.ids();
    d->CreateInputLayout(stepTwo, 2, nullptr, 0, layout.out());
    CHECK(d.saw(D3D11_MESSAGE_ID_CREATEINPUTLAYOUT_INVALIDSTEPRATECHANGE) == (level != D3D_FEATURE_LEVEL_9_3));
    D3D11_INPUT_ELEMENT_DESC stepOne[2] = {stepTwo[0], stepTwo[1]};
    stepOne[1].InstanceDataStepRate = 1;
    d->CreateInputLayout(stepOne, 2, nullptr, 0, layout.out());
    CHECK_FALSE(d.saw(D3D11_MESSAGE_ID_CREATEINPUTLAYOUT_INVALIDSTEPRATECHANGE));
  }
}

TEST_CASE("10level9 context calls: 16-bit indices on 9_1 and one viewport and no adjacency and a non-zero sample mask",
          "[resources][errors]") {
  for (D3D_FEATURE_LEVEL level : {D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_2, D3D_FEATURE_LEVEL_10_0}) {
    INFO("level " << levelName(level));
    DebugDevice d(level);
    ID3D11DeviceContext* c = d.d.context.get();
    const bool l9 = level < D3D_FEATURE_LEVEL_10_0;
    D3D11_BUFFER_DESC b{64, D3D11_USAGE_DEFAULT, D3D11_BIND_INDEX_BUFFER, 0, 0, 0};
    Com<ID3D11Buffer> ib;
    REQUIRE(d->CreateBuffer(&b, nullptr, ib.out()) == S_OK);
    Com<ID3D11Buffer> got;
    DXGI_FORMAT format{};
    UINT offset = 0;
    c->IASetIndexBuffer(ib.get(), DXGI_FORMAT_R16_UINT, 4);
    c->IAGetIndexBuffer(got.out(), &format, &offset);
    CHECK((got.get() == ib.get() && format == DXGI_FORMAT_R16_UINT && offset == 4u));
    c->IASetIndexBuffer(ib.get(), DXGI_FORMAT_R32_UINT, 8);  // 9_1: ignored, the R16 binding stays
    c->IAGetIndexBuffer(got.out(), &format, &offset);
    const bool dwordIndices = level != D3D_FEATURE_LEVEL_9_1;
    CHECK(format == (dwordIndices ? DXGI_FORMAT_R32_UINT : DXGI_FORMAT_R16_UINT));
    CHECK(offset == (dwordIndices ? 8u : 4u));
    CHECK(d.saw(D3D11_MESSAGE_ID_DEVICE_IASETINDEXBUFFER_FORMAT_INVALID) == !dwordIndices);

    c->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    c->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ);
    D3D11_PRIMITIVE_TOPOLOGY topology{};
    c->IAGetPrimitiveTopology(&topology);
    CHECK(topology == (l9 ? D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST : D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ));
    CHECK(d.saw(D3D11_MESSAGE_ID_DEVICE_IASETPRIMITIVETOPOLOGY_ADJACENCY_UNSUPPORTED) == l9);

    const D3D11_VIEWPORT vp[2] = {{0, 0, 16, 16, 0, 1}, {0, 0, 8, 8, 0, 1}};
    c->RSSetViewports(1, vp);
    c->RSSetViewports(2, vp);
    UINT n = 2;
    D3D11_VIEWPORT back[2]{};
    c->RSGetViewports(&n, back);
    CHECK(n == (l9 ? 1u : 2u));
    CHECK(d.saw(D3D11_MESSAGE_ID_DEVICE_RSSETVIEWPORTS_TOO_MANY_VIEWPORTS) == l9);
    const D3D11_RECT rects[2] = {{0, 0, 4, 4}, {0, 0, 2, 2}};
    c->RSSetScissorRects(2, rects);
    n = 2;
    D3D11_RECT backRects[2]{};
    c->RSGetScissorRects(&n, backRects);
    CHECK(n == (l9 ? 0u : 2u));
    CHECK(d.saw(D3D11_MESSAGE_ID_DEVICE_RSSETSCISSORRECTS_TOO_MANY_SCISSORS) == l9);

    c->OMSetBlendState(nullptr, nullptr, 0xFFFFFFFFu);
    c->OMSetBlendState(nullptr, nullptr, 0u);
    UINT mask = 0;
    c->OMGetBlendState(nullptr, nullptr, &mask);
    CHECK(mask == (l9 ? 0xFFFFFFFFu : 0u));
    CHECK(d.saw(D3D11_MESSAGE_ID_SETBLENDSTATE_SAMPLE_MASK_CANNOT_BE_ZERO) == l9);
  }
}

TEST_CASE("10level9 context calls: stages the level lacks and the vertex stage's samplers and views take no objects",
          "[resources][errors]") {
  for (D3D_FEATURE_LEVEL level : {D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_3, D3D_FEATURE_LEVEL_10_0,
                                  D3D_FEATURE_LEVEL_11_0}) {
    INFO("level " << levelName(level));
    DebugDevice d(level);
    ID3D11DeviceContext* c = d.d.context.get();
    const bool l9 = level < D3D_FEATURE_LEVEL_10_0, below11 = level < D3D_FEATURE_LEVEL_11_0;
    D3D11_SAMPLER_DESC sd{};
    sd.Filter = D3D11_FILTER_MIN_MAG_MIP_POINT;
    sd.AddressU = sd.AddressV = sd.AddressW = D3D11_TEXTURE_ADDRESS_CLAMP;
    sd.MaxAnisotropy = 1;
    sd.ComparisonFunc = D3D11_COMPARISON_NEVER;
    sd.MaxLOD = D3D11_FLOAT32_MAX;
    Com<ID3D11SamplerState> sampler;
    REQUIRE(d->CreateSamplerState(&sd, sampler.out()) == S_OK);
    D3D11_TEXTURE2D_DESC td = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
    Com<ID3D11Texture2D> texture;
    REQUIRE(d->CreateTexture2D(&td, nullptr, texture.out()) == S_OK);
    Com<ID3D11ShaderResourceView> srv;
    REQUIRE(d->CreateShaderResourceView(texture.get(), nullptr, srv.out()) == S_OK);
    D3D11_BUFFER_DESC bd{16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0};
    Com<ID3D11Buffer> cb;
    REQUIRE(d->CreateBuffer(&bd, nullptr, cb.out()) == S_OK);
    ID3D11SamplerState* samplers[] = {sampler.get()};
    ID3D11ShaderResourceView* views[] = {srv.get()};
    ID3D11Buffer* buffers[] = {cb.get()};
    d.ids();

    // The vertex stage: constant buffers always, samplers and shader resources from 10_0.
    c->VSSetSamplers(0, 1, samplers);
    Com<ID3D11SamplerState> gotSampler;
    c->VSGetSamplers(0, 1, gotSampler.out());
    CHECK((gotSampler.get() == sampler.get()) == !l9);
    CHECK(d.saw(D3D11_MESSAGE_ID_VSSETSAMPLERS_NOT_SUPPORTED) == l9);
    c->VSSetShaderResources(0, 1, views);
    Com<ID3D11ShaderResourceView> gotView;
    c->VSGetShaderResources(0, 1, gotView.out());
    CHECK((gotView.get() == srv.get()) == !l9);
    CHECK(d.saw(D3D11_MESSAGE_ID_VSSHADERRESOURCES_NOT_SUPPORTED) == l9);
    c->VSSetConstantBuffers(0, 1, buffers);
    Com<ID3D11Buffer> gotBuffer;
    c->VSGetConstantBuffers(0, 1, gotBuffer.out());
    CHECK(gotBuffer.get() == cb.get());
    CHECK(d.ids().empty());

    // The pixel stage: 8 shader resources on 9_x, 128 from 10_0; 16 samplers everywhere.
    c->PSSetShaderResources(7, 1, views);
    c->PSSetShaderResources(8, 1, views);
    Com<ID3D11ShaderResourceView> got7, got8;
    c->PSGetShaderResources(7, 1, got7.out());
    c->PSGetShaderResources(8, 1, got8.out());
    CHECK(got7.get() == srv.get());
    CHECK((got8.get() == srv.get()) == !l9);
    CHECK(d.saw(D3D11_MESSAGE_ID_UNKNOWN) == l9);
    c->PSSetSamplers(15, 1, samplers);
    Com<ID3D11SamplerState> got15;
    c->PSGetSamplers(15, 1, got15.out());
    CHECK(got15.get() == sampler.get());

    // Geometry and compute from 10_0, hull and domain from 11_0; NULLs are always taken.
    c->GSSetShaderResources(0, 1, views);
    Com<ID3D11ShaderResourceView> gotGs;
    c->GSGetShaderResources(0, 1, gotGs.out());
    CHECK((gotGs.get() == srv.get()) == !l9);
    CHECK(d.saw(D3D11_MESSAGE_ID_GEOMETRY_SHADER_NOT_SUPPORTED) == l9);
    c->CSSetConstantBuffers(0, 1, buffers);
    Com<ID3D11Buffer> gotCs;
    c->CSGetConstantBuffers(0, 1, gotCs.out());
    CHECK((gotCs.get() == cb.get()) == !l9);
    c->HSSetSamplers(0, 1, samplers);
    c->DSSetShaderResources(0, 1, views);
    Com<ID3D11SamplerState> gotHs;
    Com<ID3D11ShaderResourceView> gotDs;
    c->HSGetSamplers(0, 1, gotHs.out());
    c->DSGetShaderResources(0, 1, gotDs.out());
    CHECK((gotHs.get() == sampler.get()) == !below11);
    CHECK((gotDs.get() == srv.get()) == !below11);
    d.ids();
    ID3D11ShaderResourceView* none[1] = {};
    c->DSSetShaderResources(0, 1, none);
    c->ClearState();
    CHECK(d.ids().empty());
  }
}

TEST_CASE("10level9 draws: no DrawInstanced and DrawAuto and no indexed point lists and at most the level's primitives",
          "[resources][errors]") {
  for (D3D_FEATURE_LEVEL level : {D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_2, D3D_FEATURE_LEVEL_9_3,
                                  D3D_FEATURE_LEVEL_10_0}) {
    INFO("level " << levelName(level));
    DebugDevice d(level);
    ID3D11DeviceContext* c = d.d.context.get();
    const bool l9 = level < D3D_FEATURE_LEVEL_10_0;
    d.ids();
    c->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    c->DrawInstanced(3, 2, 0, 0);
    CHECK(d.saw(D3D11_MESSAGE_ID_DRAWINSTANCED_NOT_SUPPORTED) == l9);
    c->DrawIndexedInstanced(3, 2, 0, 0, 0);  // 9_1, 9_2: simple instancing (D3D9_SIMPLE_INSTANCING_SUPPORT)
    CHECK(d.ids().empty());
    c->DrawAuto();
    CHECK(d.saw(D3D11_MESSAGE_ID_STREAM_OUT_NOT_SUPPORTED) == l9);
    c->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
    c->Draw(3, 0);
    CHECK(d.ids().empty());
    c->DrawIndexed(3, 0, 0);
    CHECK(d.saw(D3D11_MESSAGE_ID_DRAWINDEXED_POINTLIST_UNSUPPORTED) == l9);
    // At most 65535 primitives a draw on 9_1, 1048575 on 9_2 and 9_3.
    c->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
    c->Draw(65537, 0);
    CHECK(d.ids().empty());
    c->Draw(65538, 0);
    CHECK(d.saw(D3D11_MESSAGE_ID_UNKNOWN) == (level == D3D_FEATURE_LEVEL_9_1));
    c->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_LINELIST);
    c->Draw(2 * 1048576, 0);
    CHECK(d.saw(D3D11_MESSAGE_ID_UNKNOWN) == l9);
  }
}

TEST_CASE("9_3 render targets of differing bit depths are refused", "[resources][errors]") {
  for (D3D_FEATURE_LEVEL level : {D3D_FEATURE_LEVEL_9_3, D3D_FEATURE_LEVEL_10_0}) {
    INFO("level " << levelName(level));
    DebugDevice d(level);
    ID3D11DeviceContext* c = d.d.context.get();
    Com<ID3D11RenderTargetView> rtv[3];
    const DXGI_FORMAT formats[3] = {DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_B8G8R8A8_UNORM,
                                    DXGI_FORMAT_R16G16B16A16_FLOAT};
    Com<ID3D11Texture2D> textures[3];
    for (int i = 0; i < 3; ++i) {
      D3D11_TEXTURE2D_DESC td = texture2DDesc(4, 4, formats[i], D3D11_BIND_RENDER_TARGET);
      REQUIRE(d->CreateTexture2D(&td, nullptr, textures[i].out()) == S_OK);
      REQUIRE(d->CreateRenderTargetView(textures[i].get(), nullptr, rtv[i].out()) == S_OK);
    }
    d.ids();
    ID3D11RenderTargetView* same[2] = {rtv[0].get(), rtv[1].get()};
    c->OMSetRenderTargets(2, same, nullptr);
    CHECK(d.ids().empty());
    ID3D11RenderTargetView* differing[2] = {rtv[0].get(), rtv[2].get()};
    c->OMSetRenderTargets(2, differing, nullptr);
    ID3D11RenderTargetView* got[2] = {};
    c->OMGetRenderTargets(2, got, nullptr);
    const bool refused = level == D3D_FEATURE_LEVEL_9_3;
    CHECK(d.saw(D3D11_MESSAGE_ID_OMSETRENDERTARGETS_NO_DIFFERING_BIT_DEPTHS) == refused);
    CHECK(got[0] == rtv[0].get());
    CHECK(got[1] == (refused ? rtv[1].get() : rtv[2].get()));
    for (ID3D11RenderTargetView* v : got)
      if (v) v->Release();
  }
}

TEST_CASE("9_x copies: Texture2Ds and buffers within GPU memory and no volume or shader-resource-only readback",
          "[resources][errors]") {
  for (D3D_FEATURE_LEVEL level : {D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_3, D3D_FEATURE_LEVEL_10_0}) {
    INFO("level " << levelName(level));
    DebugDevice d(level);
    ID3D11DeviceContext* c = d.d.context.get();
    const bool l9 = level < D3D_FEATURE_LEVEL_10_0;
    auto texture2D = [&](UINT bind, D3D11_USAGE usage) {
      D3D11_TEXTURE2D_DESC td = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, bind);
      td.Usage = usage;
      td.CPUAccessFlags = usage == D3D11_USAGE_STAGING ? D3D11_CPU_ACCESS_READ : 0;
      Com<ID3D11Texture2D> t;
      REQUIRE(d->CreateTexture2D(&td, nullptr, t.out()) == S_OK);
      return t;
    };
    auto texture3D = [&](UINT bind, D3D11_USAGE usage) {
      D3D11_TEXTURE3D_DESC td{4, 4, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM, usage, bind,
                              usage == D3D11_USAGE_STAGING ? UINT(D3D11_CPU_ACCESS_READ) : 0u, 0};
      Com<ID3D11Texture3D> t;
      REQUIRE(d->CreateTexture3D(&td, nullptr, t.out()) == S_OK);
      return t;
    };
    d.ids();
    Com<ID3D11Texture3D> volumeA = texture3D(D3D11_BIND_SHADER_RESOURCE, D3D11_USAGE_DEFAULT);
    Com<ID3D11Texture3D> volumeB = texture3D(D3D11_BIND_SHADER_RESOURCE, D3D11_USAGE_DEFAULT);
    Com<ID3D11Texture3D> volumeStaging = texture3D(0, D3D11_USAGE_STAGING);
    c->CopyResource(volumeB.get(), volumeA.get());
    CHECK(d.saw(D3D11_MESSAGE_ID_COPYRESOURCE_ONLY_TEXTURE_2D_WITHIN_GPU_MEMORY) == l9);
    c->CopySubresourceRegion(volumeStaging.get(), 0, 0, 0, 0, volumeA.get(), 0, nullptr);
    CHECK(d.saw(D3D11_MESSAGE_ID_COPYRESOURCE_NO_TEXTURE_3D_READBACK) == l9);
    // A shader-resource-only texture is not read back; a render target is, its clear colour arriving.
    Com<ID3D11Texture2D> sampled = texture2D(D3D11_BIND_SHADER_RESOURCE, D3D11_USAGE_DEFAULT);
    Com<ID3D11Texture2D> target = texture2D(D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, D3D11_USAGE_DEFAULT);
    Com<ID3D11Texture2D> staging = texture2D(0, D3D11_USAGE_STAGING);
    c->CopyResource(staging.get(), sampled.get());
    CHECK(d.saw(D3D11_MESSAGE_ID_COPYRESOURCE_NO_TEXTURE_ONLY_READBACK) == l9);
    Com<ID3D11RenderTargetView> rtv;
    REQUIRE(d->CreateRenderTargetView(target.get(), nullptr, rtv.out()) == S_OK);
    const FLOAT colour[4] = {1.0f, 0.0f, 0.0f, 1.0f};
    c->ClearRenderTargetView(rtv.get(), colour);
    c->CopyResource(staging.get(), target.get());
    CHECK(d.ids().empty());
    D3D11_MAPPED_SUBRESOURCE m{};
    REQUIRE(c->Map(staging.get(), 0, D3D11_MAP_READ, 0, &m) == S_OK);
    uint32_t texel = 0;
    std::memcpy(&texel, m.pData, 4);
    c->Unmap(staging.get(), 0);
    CHECK(texel == 0xFF0000FFu);
  }
}
