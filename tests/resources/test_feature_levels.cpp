// tests/resources: devices at feature levels 9_1 … 10_1 through the public API:
// created at the level asked for, and holding D3D11's limits of that level
// (texture sizes and arrays, cube arrays, UAVs, shader models and stages,
// anisotropy, CheckFeatureSupport / CheckFormatSupport answers). The limits
// below are D3D11's feature-level table, written out here, not read from d3dvk.
// Creation checks use D3D11's validation-only form (null output: S_FALSE when
// the desc is valid), so no large allocation is made. The compute test runs on
// the real UMD (lavapipe).
#include "resource_test_util.h"

#include "dxbc/container.h"

#include <catch2/catch.hpp>

#include <cstring>

using namespace d3dvk::test;

namespace {

struct LevelTable {
  D3D_FEATURE_LEVEL level;
  UINT tex2D, cube, tex3D, arraySize, anisotropy;
};
// Direct3D 11's "Feature support for feature levels" table.
constexpr LevelTable kLevels[] = {
    {D3D_FEATURE_LEVEL_9_1, 2048, 512, 256, 1, 2},      {D3D_FEATURE_LEVEL_9_2, 2048, 512, 256, 1, 16},
    {D3D_FEATURE_LEVEL_9_3, 4096, 4096, 256, 1, 16},    {D3D_FEATURE_LEVEL_10_0, 8192, 8192, 2048, 512, 16},
    {D3D_FEATURE_LEVEL_10_1, 8192, 8192, 2048, 512, 16}, {D3D_FEATURE_LEVEL_11_0, 16384, 16384, 2048, 2048, 16},
};

std::string levelName(D3D_FEATURE_LEVEL l) {
  return std::to_string(unsigned(l) >> 12) + "_" + std::to_string((unsigned(l) >> 8) & 0xF);
}

HRESULT validateTexture2D(ID3D11Device* device, UINT width, UINT height, UINT arraySize, UINT misc = 0,
                          UINT bind = D3D11_BIND_SHADER_RESOURCE, DXGI_FORMAT format = DXGI_FORMAT_R8G8B8A8_UNORM) {
  D3D11_TEXTURE2D_DESC d = texture2DDesc(width, height, format, bind);
  d.ArraySize = arraySize;
  d.MiscFlags = misc;
  return device->CreateTexture2D(&d, nullptr, nullptr);
}

HRESULT validateTexture3D(ID3D11Device* device, UINT w, UINT h, UINT depth) {
  D3D11_TEXTURE3D_DESC d{w, h, depth, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
  return device->CreateTexture3D(&d, nullptr, nullptr);
}

const char kVs40[] = "vs_4_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\nmov o0.xyzw, v0.xyzw\nret\n";
const char kVs41[] = "vs_4_1\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\nmov o0.xyzw, v0.xyzw\nret\n";
const char kVs50[] = "vs_5_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\nmov o0.xyzw, v0.xyzw\nret\n";
const char kGs40[] = R"(gs_4_0
dcl_input_siv v[3][0].xyzw, position
dcl_inputprimitive triangle
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_maxout 3
mov o0.xyzw, v[0][0].xyzw
emit
ret
)";
// 64 threads write u0[i] = i * 3 + 1 through a raw UAV: the compute that 10_x has (cs_4_0).
const char kCs40[] = R"(cs_4_0
dcl_globalFlags refactoringAllowed
dcl_uav_raw u0
dcl_input vThreadID.x
dcl_temps 1
dcl_thread_group 64, 1, 1
imad r0.x, vThreadID.x, l(3), l(1)
ishl r0.y, vThreadID.x, l(2)
store_raw u0.x, r0.y, r0.x
ret
)";
const char kCs50[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_uav_raw u0
dcl_temps 1
dcl_thread_group 1, 1, 1
mov r0.x, l(5)
store_raw u0.x, l(0), r0.x
ret
)";

// A 4_0_level_9_x shader as fxc builds it: the SM4 program plus an Aon9 chunk
// holding the D3D9 program; here the chunk holds a header and the D3D9 version
// token (`d3d9Version`: 0xFFFE0200 vs_2_0, 0xFFFE0201 vs_2_x).
std::vector<uint8_t> level9Shader(const char* listing, uint32_t d3d9Version) {
  const std::vector<uint8_t> sm4 = assembledListing(listing);
  d3dvk::dxbc::Container c = d3dvk::dxbc::parseContainer(sm4);
  d3dvk::dxbc::Chunk aon9;
  aon9.code = d3dvk::dxbc::fourcc("Aon9");
  const uint32_t words[] = {0x00000010u, 0x00000010u, 0x00010000u, 0x00240000u, d3d9Version, 0x0000FFFFu};
  aon9.data.resize(sizeof words);
  std::memcpy(aon9.data.data(), words, sizeof words);
  c.chunks.push_back(aon9);
  return d3dvk::dxbc::writeContainer(c.chunks);
}

HRESULT createVs(ID3D11Device* device, const std::vector<uint8_t>& code) {
  return device->CreateVertexShader(code.data(), code.size(), nullptr, nullptr);
}

}  // namespace

TEST_CASE("D3D11CreateDevice creates devices at feature levels 9_1 to 10_1 and reports the level", "[resources]") {
  for (D3D_FEATURE_LEVEL asked : {D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_2, D3D_FEATURE_LEVEL_9_3,
                                  D3D_FEATURE_LEVEL_10_0, D3D_FEATURE_LEVEL_10_1}) {
    INFO("level " << levelName(asked));
    Com<ID3D11Device> device;
    Com<ID3D11DeviceContext> context;
    D3D_FEATURE_LEVEL got{};
    REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &asked, 1, D3D11_SDK_VERSION,
                              device.out(), &got, context.out()) == S_OK);
    CHECK(got == asked);
    CHECK(device->GetFeatureLevel() == asked);
    Com<ID3D11Device> fromContext;
    context->GetDevice(fromContext.out());
    CHECK(fromContext->GetFeatureLevel() == asked);
  }
  // The first level of the list that d3dvk provides, as Windows chooses.
  const D3D_FEATURE_LEVEL list[] = {D3D_FEATURE_LEVEL_10_1, D3D_FEATURE_LEVEL_11_0};
  D3D_FEATURE_LEVEL got{};
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, list, 2, D3D11_SDK_VERSION, nullptr, &got,
                            nullptr) == S_FALSE);
  CHECK(got == D3D_FEATURE_LEVEL_10_1);
  const D3D_FEATURE_LEVEL bogus[] = {D3D_FEATURE_LEVEL(0x8000), D3D_FEATURE_LEVEL_9_3};
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, bogus, 2, D3D11_SDK_VERSION, nullptr, &got,
                            nullptr) == S_FALSE);
  CHECK(got == D3D_FEATURE_LEVEL_9_3);
}

TEST_CASE("CheckFormatSupport: 32-bit index buffers from 9_2 and 16-bit ones on every level", "[resources][formats]") {
  for (D3D_FEATURE_LEVEL level : {D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_2, D3D_FEATURE_LEVEL_9_3,
                                  D3D_FEATURE_LEVEL_10_0, D3D_FEATURE_LEVEL_11_0}) {
    INFO("level " << levelName(level));
    RenderDevice d(0, level);
    UINT support = 0;
    REQUIRE(d->CheckFormatSupport(DXGI_FORMAT_R16_UINT, &support) == S_OK);
    CHECK((support & D3D11_FORMAT_SUPPORT_IA_INDEX_BUFFER));
    // 9_1 has no use for R32_UINT at all (no index buffers, no textures): E_FAIL and no bits.
    REQUIRE(d->CheckFormatSupport(DXGI_FORMAT_R32_UINT, &support) == (level != D3D_FEATURE_LEVEL_9_1 ? S_OK : E_FAIL));
    CHECK(bool(support & D3D11_FORMAT_SUPPORT_IA_INDEX_BUFFER) == (level != D3D_FEATURE_LEVEL_9_1));
  }
}

TEST_CASE("alpha-to-coverage blend states from 10_0: 9_x refuses them with CREATEBLENDSTATE_NO_ALPHA_TO_COVERAGE",
          "[resources][errors]") {
  for (D3D_FEATURE_LEVEL level : {D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_2, D3D_FEATURE_LEVEL_9_3,
                                  D3D_FEATURE_LEVEL_10_0, D3D_FEATURE_LEVEL_11_0}) {
    INFO("level " << levelName(level));
    RenderDevice d(D3D11_CREATE_DEVICE_DEBUG, level);
    Com<ID3D11InfoQueue> queue;
    REQUIRE(d->QueryInterface(__uuidof(ID3D11InfoQueue), reinterpret_cast<void**>(queue.out())) == S_OK);
    queue->SetMuteDebugOutput(TRUE);
    D3D11_BLEND_DESC desc{};
    desc.AlphaToCoverageEnable = TRUE;
    desc.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    const bool level9 = level < D3D_FEATURE_LEVEL_10_0;
    Com<ID3D11BlendState> state;
    CHECK(d->CreateBlendState(&desc, state.out()) == (level9 ? E_INVALIDARG : S_OK));
    CHECK(bool(state) == !level9);
    const std::vector<StoredMessage> m = drainMessages(queue.get());
    if (level9) {
      REQUIRE(m.size() == 1);
      CHECK(m[0].id == D3D11_MESSAGE_ID_CREATEBLENDSTATE_NO_ALPHA_TO_COVERAGE);
    } else {
      CHECK(m.empty());
    }
    desc.AlphaToCoverageEnable = FALSE;  // the same desc without it: every level
    CHECK(d->CreateBlendState(&desc, state.out()) == S_OK);
  }
}

TEST_CASE("each feature level holds D3D11's texture size and array limits", "[resources]") {
  for (const LevelTable& t : kLevels) {
    INFO("level " << levelName(t.level));
    RenderDevice d(0, t.level);
    ID3D11Device* dev = d.device.get();
    CHECK(validateTexture2D(dev, t.tex2D, 1, 1) == S_FALSE);
    CHECK(validateTexture2D(dev, t.tex2D + 1, 1, 1) == E_INVALIDARG);
    CHECK(validateTexture2D(dev, 1, t.tex2D + 1, 1) == E_INVALIDARG);
    CHECK(validateTexture2D(dev, t.cube, t.cube, 6, D3D11_RESOURCE_MISC_TEXTURECUBE) == S_FALSE);
    CHECK(validateTexture2D(dev, t.cube + 1, t.cube + 1, 6, D3D11_RESOURCE_MISC_TEXTURECUBE) == E_INVALIDARG);
    CHECK(validateTexture3D(dev, t.tex3D, 4, 4) == S_FALSE);
    CHECK(validateTexture3D(dev, 4, 4, t.tex3D + 1) == E_INVALIDARG);
    CHECK(validateTexture2D(dev, 4, 4, t.arraySize) == S_FALSE);
    CHECK(validateTexture2D(dev, 4, 4, t.arraySize + 1) == E_INVALIDARG);
    D3D11_TEXTURE1D_DESC one{t.tex2D + 1, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
    CHECK(dev->CreateTexture1D(&one, nullptr, nullptr) == E_INVALIDARG);
    one.Width = t.tex2D;  // 10level9 has no Texture1D at all
    CHECK(dev->CreateTexture1D(&one, nullptr, nullptr) == (t.level >= D3D_FEATURE_LEVEL_10_0 ? S_FALSE : E_INVALIDARG));
    // Cube arrays: 10_1 and up.
    const bool cubeArrays = t.level >= D3D_FEATURE_LEVEL_10_1;
    CHECK(validateTexture2D(dev, 8, 8, 12, D3D11_RESOURCE_MISC_TEXTURECUBE) == (cubeArrays ? S_FALSE : E_INVALIDARG));
    // Textures bound for unordered access: 11_0 and up.
    CHECK(validateTexture2D(dev, 8, 8, 1, 0, D3D11_BIND_UNORDERED_ACCESS, DXGI_FORMAT_R32_FLOAT) ==
          (t.level >= D3D_FEATURE_LEVEL_11_0 ? S_FALSE : E_INVALIDARG));
    // BC4/BC5 from 10_0, BC6H/BC7 from 11_0.
    CHECK(validateTexture2D(dev, 8, 8, 1, 0, D3D11_BIND_SHADER_RESOURCE, DXGI_FORMAT_BC5_UNORM) ==
          (t.level >= D3D_FEATURE_LEVEL_10_0 ? S_FALSE : E_INVALIDARG));
    CHECK(validateTexture2D(dev, 8, 8, 1, 0, D3D11_BIND_SHADER_RESOURCE, DXGI_FORMAT_BC7_UNORM) ==
          (t.level >= D3D_FEATURE_LEVEL_11_0 ? S_FALSE : E_INVALIDARG));
    UINT support = 0;
    if (t.level < D3D_FEATURE_LEVEL_11_0) CHECK(dev->CheckFormatSupport(DXGI_FORMAT_BC7_UNORM, &support) == E_FAIL);
    // D32_FLOAT_S8X24_UINT and its family from 10_0 (10level9's depth is D16 and D24S8).
    CHECK(validateTexture2D(dev, 8, 8, 1, 0, D3D11_BIND_DEPTH_STENCIL, DXGI_FORMAT_D32_FLOAT_S8X24_UINT) ==
          (t.level >= D3D_FEATURE_LEVEL_10_0 ? S_FALSE : E_INVALIDARG));
    CHECK(dev->CheckFormatSupport(DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS, &support) ==
          (t.level >= D3D_FEATURE_LEVEL_10_0 ? S_OK : E_FAIL));
    CHECK(validateTexture2D(dev, 8, 8, 1, 0, D3D11_BIND_DEPTH_STENCIL, DXGI_FORMAT_D24_UNORM_S8_UINT) == S_FALSE);
    // Sampler anisotropy: 2 on 9_1, 16 elsewhere.
    D3D11_SAMPLER_DESC s{D3D11_FILTER_ANISOTROPIC, D3D11_TEXTURE_ADDRESS_WRAP, D3D11_TEXTURE_ADDRESS_WRAP,
                         D3D11_TEXTURE_ADDRESS_WRAP, 0.f, t.anisotropy, D3D11_COMPARISON_NEVER, {}, 0.f,
                         D3D11_FLOAT32_MAX};  // 10level9 takes MaxLOD FLT_MAX only
    CHECK(dev->CreateSamplerState(&s, nullptr) == S_FALSE);
    if (t.anisotropy < 16) {
      s.MaxAnisotropy = t.anisotropy + 1;
      CHECK(dev->CreateSamplerState(&s, nullptr) == E_INVALIDARG);
    }
  }
}

TEST_CASE("each feature level takes only its shader models and stages", "[resources]") {
  const std::vector<uint8_t> vs40 = assembledListing(kVs40), vs41 = assembledListing(kVs41),
                             vs50 = assembledListing(kVs50), gs40 = assembledListing(kGs40),
                             cs40 = assembledListing(kCs40), cs50 = assembledListing(kCs50);
  const std::vector<uint8_t> vs91 = level9Shader(kVs40, 0xFFFE0200u), vs93 = level9Shader(kVs40, 0xFFFE0201u);
  struct Row {
    D3D_FEATURE_LEVEL level;
    bool vs91, vs93, vs40, vs41, vs50, gs, cs40, cs50;
  };
  // 4_0_level_9_x shaders also run at 10_0 and up (they are vs_4_0 programs).
  const Row rows[] = {
      {D3D_FEATURE_LEVEL_9_1, true, false, false, false, false, false, false, false},
      {D3D_FEATURE_LEVEL_9_2, true, false, false, false, false, false, false, false},
      {D3D_FEATURE_LEVEL_9_3, true, true, false, false, false, false, false, false},
      {D3D_FEATURE_LEVEL_10_0, true, true, true, false, false, true, true, false},
      {D3D_FEATURE_LEVEL_10_1, true, true, true, true, false, true, true, false},
      {D3D_FEATURE_LEVEL_11_0, true, true, true, true, true, true, true, true},
  };
  for (const Row& r : rows) {
    INFO("level " << levelName(r.level));
    RenderDevice d(0, r.level);
    auto expect = [](bool ok) { return ok ? S_FALSE : E_INVALIDARG; };
    CHECK(createVs(d.device.get(), vs91) == expect(r.vs91));
    CHECK(createVs(d.device.get(), vs93) == expect(r.vs93));
    CHECK(createVs(d.device.get(), vs40) == expect(r.vs40));
    CHECK(createVs(d.device.get(), vs41) == expect(r.vs41));
    CHECK(createVs(d.device.get(), vs50) == expect(r.vs50));
    CHECK(d->CreateGeometryShader(gs40.data(), gs40.size(), nullptr, nullptr) == expect(r.gs));
    CHECK(d->CreateComputeShader(cs40.data(), cs40.size(), nullptr, nullptr) == expect(r.cs40));
    CHECK(d->CreateComputeShader(cs50.data(), cs50.size(), nullptr, nullptr) == expect(r.cs50));
    D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS options{};
    REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_D3D10_X_HARDWARE_OPTIONS, &options, sizeof options) == S_OK);
    CHECK(bool(options.ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x) == r.cs40);
    D3D11_FEATURE_DATA_DOUBLES doubles{};
    REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_DOUBLES, &doubles, sizeof doubles) == S_OK);
    if (r.level < D3D_FEATURE_LEVEL_11_0) CHECK_FALSE(doubles.DoublePrecisionFloatShaderOps);
  }
}

TEST_CASE("a 10_0 device runs cs_4_0 over a raw buffer and refuses typed buffer UAVs", "[resources]") {
  RenderDevice d(0, D3D_FEATURE_LEVEL_10_0);
  REQUIRE(d->GetFeatureLevel() == D3D_FEATURE_LEVEL_10_0);
  // Unordered access at 10_x: raw or structured buffers only.
  D3D11_BUFFER_DESC typed{256, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, 0, 0};
  CHECK(d->CreateBuffer(&typed, nullptr, nullptr) == E_INVALIDARG);
  UINT support = 0;
  REQUIRE(d->CheckFormatSupport(DXGI_FORMAT_R32_UINT, &support) == S_OK);
  CHECK_FALSE(support & D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW);
  const std::vector<uint32_t> zeros(64, 0);
  Com<ID3D11Buffer> buffer =
      makeDataBuffer(d, zeros, D3D11_BIND_UNORDERED_ACCESS, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  D3D11_UNORDERED_ACCESS_VIEW_DESC typedView{};
  typedView.Format = DXGI_FORMAT_R32_UINT;
  typedView.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
  typedView.Buffer = {0, 64, 0};
  CHECK(d->CreateUnorderedAccessView(buffer.get(), &typedView, nullptr) == E_INVALIDARG);
  Com<ID3D11UnorderedAccessView> uav = rawUav(d, buffer.get(), 64);
  Com<ID3D11ComputeShader> cs = computeShader(d, kCs40);
  d.context->CSSetShader(cs.get(), nullptr, 0);
  ID3D11UnorderedAccessView* uavs[] = {uav.get()};
  d.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  d.context->Dispatch(1, 1, 1);
  const std::vector<uint32_t> got = readBuffer(d, buffer.get());
  REQUIRE(got.size() == 64);
  for (uint32_t i = 0; i < 64; ++i) CHECK(got[i] == i * 3 + 1);
}

TEST_CASE("each feature level holds its simultaneous render targets and UAV slots at binding", "[resources][errors]") {
  // D3D11's table: render targets 1 (9_1, 9_2), 4 (9_3), 8 (10_0 on); UAV slots
  // in the graphics stages none below 11_0, 8 at 11_0; compute: one on 10_x (cs_4_x).
  const struct {
    D3D_FEATURE_LEVEL level;
    UINT renderTargets, graphicsUavs, computeUavs;
  } rows[] = {{D3D_FEATURE_LEVEL_9_1, 1, 0, 0},
              {D3D_FEATURE_LEVEL_9_3, 4, 0, 0},
              {D3D_FEATURE_LEVEL_10_0, 8, 0, 1},
              {D3D_FEATURE_LEVEL_11_0, 8, 8, 8}};
  for (const auto& r : rows) {
    INFO("level " << levelName(r.level));
    RenderDevice d(D3D11_CREATE_DEVICE_DEBUG, r.level);
    Com<ID3D11InfoQueue> queue;
    REQUIRE(d->QueryInterface(__uuidof(ID3D11InfoQueue), reinterpret_cast<void**>(queue.out())) == S_OK);
    queue->SetMuteDebugOutput(TRUE);
    Com<ID3D11Texture2D> textures[8];
    Com<ID3D11RenderTargetView> views[8];
    ID3D11RenderTargetView* raw[8] = {};
    for (UINT i = 0; i < 8; ++i) {
      D3D11_TEXTURE2D_DESC td = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET);
      REQUIRE(d->CreateTexture2D(&td, nullptr, textures[i].out()) == S_OK);
      REQUIRE(d->CreateRenderTargetView(textures[i].get(), nullptr, views[i].out()) == S_OK);
      raw[i] = views[i].get();
    }
    auto boundTargets = [&] {
      ID3D11RenderTargetView* got[8] = {};
      d.context->OMGetRenderTargets(8, got, nullptr);
      UINT count = 0;
      for (UINT i = 0; i < 8; ++i)
        if (got[i]) {
          count = i + 1;
          got[i]->Release();
        }
      return count;
    };
    // As many as the level has: bound.
    d.context->OMSetRenderTargets(r.renderTargets, raw, nullptr);
    CHECK(boundTargets() == r.renderTargets);
    CHECK(drainMessages(queue.get()).empty());
    if (r.renderTargets < 8) {
      // One more: the call is ignored, with the debug layer's message.
      d.context->OMSetRenderTargets(0, nullptr, nullptr);
      d.context->OMSetRenderTargets(r.renderTargets + 1, raw, nullptr);
      CHECK(boundTargets() == 0);
      bool said = false;
      for (const StoredMessage& m : drainMessages(queue.get()))
        said = said || m.text.find("simultaneous render targets of feature level") != std::string::npos;
      CHECK(said);
      d.context->OMSetRenderTargetsAndUnorderedAccessViews(r.renderTargets + 1, raw, nullptr, 0, 0, nullptr, nullptr);
      CHECK(boundTargets() == 0);
      CHECK(!drainMessages(queue.get()).empty());
    }
    d.context->OMSetRenderTargets(0, nullptr, nullptr);
    if (r.level < D3D_FEATURE_LEVEL_10_0) continue;  // no UAVs of any kind on 9_x
    const std::vector<uint32_t> zeros(64, 0);
    Com<ID3D11Buffer> buffer =
        makeDataBuffer(d, zeros, D3D11_BIND_UNORDERED_ACCESS, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
    Com<ID3D11UnorderedAccessView> uav = rawUav(d, buffer.get(), 64);
    ID3D11UnorderedAccessView* uavs[] = {uav.get()};
    // The last compute slot takes it; the one past it is refused.
    d.context->CSSetUnorderedAccessViews(r.computeUavs - 1, 1, uavs, nullptr);
    CHECK(drainMessages(queue.get()).empty());
    d.context->CSSetUnorderedAccessViews(r.computeUavs, 1, uavs, nullptr);
    bool tooMany = false;
    for (const StoredMessage& m : drainMessages(queue.get()))
      tooMany = tooMany || m.id == D3D11_MESSAGE_ID_DEVICE_CSSETUNORDEREDACCESSVIEWS_TOOMANYVIEWS;
    CHECK(tooMany);
    ID3D11UnorderedAccessView* got = nullptr;
    d.context->CSGetUnorderedAccessViews(r.computeUavs - 1, 1, &got);
    CHECK(got == uav.get());
    if (got) got->Release();
    d.context->CSSetUnorderedAccessViews(r.computeUavs - 1, 1, std::array<ID3D11UnorderedAccessView*, 1>{}.data(),
                                         nullptr);
    // The graphics stages' UAVs: none below 11_0.
    d.context->OMSetRenderTargetsAndUnorderedAccessViews(0, nullptr, nullptr, 0, 1, uavs, nullptr);
    got = nullptr;
    d.context->OMGetRenderTargetsAndUnorderedAccessViews(0, nullptr, nullptr, 0, 1, &got);
    CHECK((got == uav.get()) == (r.graphicsUavs > 0));
    if (got) got->Release();
    CHECK(drainMessages(queue.get()).empty() == (r.graphicsUavs > 0));
    d.context->ClearState();
    CHECK(drainMessages(queue.get()).empty());  // ClearState unbinds within the level's slots
  }
}
