// tests/draw: 4x MSAA sample by sample. A draw writes only the samples its
// SampleMask (OMSetBlendState) and the pixel shader's SV_Coverage output
// (oMask) both keep; a Texture2DMS shader resource view of the target reads each
// sample back with ld_ms (sample i of every pixel into single-sampled target i),
// and ResolveSubresource averages them (also through typeless textures). The per-sample expectations come from
// those two D3D rules alone: the rectangles drawn have edges on pixel
// boundaries, so coverage never splits a pixel (no sample of the standard 4x
// pattern lies on a pixel edge), and the values are exact in every format used.
// A CopyResource into a 4x target under a predicate keeps or replaces every
// sample as the predicate says. Copies between 4x depth textures and 4x colour
// textures of their group (D32_FLOAT <-> R32, D16_UNORM <-> R16) keep every
// sample's bits (the driver's per-sample draw, ddi/umd/multisample_depth_copy.h).
#include "draw_test_util.h"

using namespace d3dvk::test;

namespace {

constexpr UINT kW = 8, kH = 4, kSamples = 4;

// Reads samples 0..3 of t0 (a Texture2DMS) at the pixel into SV_Target0..3.
const char kPsReadSamplesFloat[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xy
// COLOR                    0   xyzw        1     NONE   float
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
// SV_Target                1   xyzw        1   TARGET   float   xyzw
// SV_Target                2   xyzw        2   TARGET   float   xyzw
// SV_Target                3   xyzw        3   TARGET   float   xyzw
//
ps_5_0
dcl_resource_texture2dms(4) (float,float,float,float) t0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_output o2.xyzw
dcl_output o3.xyzw
dcl_temps 1
ftoi r0.xy, v0.xyxx
mov r0.zw, l(0,0,0,0)
ld_ms o0.xyzw, r0.xyzw, t0.xyzw, l(0)
ld_ms o1.xyzw, r0.xyzw, t0.xyzw, l(1)
ld_ms o2.xyzw, r0.xyzw, t0.xyzw, l(2)
ld_ms o3.xyzw, r0.xyzw, t0.xyzw, l(3)
ret
)";

// The same for an integer Texture2DMS<uint4> into uint targets.
const char kPsReadSamplesUint[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xy
// COLOR                    0   xyzw        1     NONE   float
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET    uint   xyzw
// SV_Target                1   xyzw        1   TARGET    uint   xyzw
// SV_Target                2   xyzw        2   TARGET    uint   xyzw
// SV_Target                3   xyzw        3   TARGET    uint   xyzw
//
ps_5_0
dcl_resource_texture2dms(4) (uint,uint,uint,uint) t0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_output o2.xyzw
dcl_output o3.xyzw
dcl_temps 1
ftoi r0.xy, v0.xyxx
mov r0.zw, l(0,0,0,0)
ld_ms o0.xyzw, r0.xyzw, t0.xyzw, l(0)
ld_ms o1.xyzw, r0.xyzw, t0.xyzw, l(1)
ld_ms o2.xyzw, r0.xyzw, t0.xyzw, l(2)
ld_ms o3.xyzw, r0.xyzw, t0.xyzw, l(3)
ret
)";

// SV_Target (uint) = COLOR converted to integers.
const char kPsColorUint[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET    uint   xyzw
//
ps_5_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
ftou o0.xyzw, v1.xyzw
ret
)";

// SV_Target = COLOR, SV_Coverage (oMask) = cb0[0].x.
const char kPsCoverageMask[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
// SV_Coverage              0    N/A     oMask  COVERAGE    uint    YES
//
ps_5_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_output oMask
mov o0.xyzw, v1.xyzw
mov oMask, cb0[0].x
ret
)";

using Sample = std::array<float, 4>;
using Samples = std::array<Sample, kSamples>;  // one pixel's samples 0..3

bool isUint(DXGI_FORMAT f) {
  return f == DXGI_FORMAT_R32_UINT || f == DXGI_FORMAT_R32G32_UINT || f == DXGI_FORMAT_R16_UINT;
}

int channels(DXGI_FORMAT f) {
  return f == DXGI_FORMAT_R32_UINT || f == DXGI_FORMAT_R16_UINT ? 1 : f == DXGI_FORMAT_R32G32_UINT ? 2 : 4;
}

// The rectangle [x0, x1) × [y0, y1) of the kW×kH target as two triangles.
std::vector<Vertex> rect(int x0, int y0, int x1, int y1, Sample c) {
  auto v = [&](int x, int y) {
    return Vertex{x / (kW / 2.0f) - 1.0f, 1.0f - y / (kH / 2.0f), c[0], c[1], c[2], c[3]};
  };
  return {v(x0, y0), v(x1, y0), v(x0, y1), v(x1, y0), v(x1, y1), v(x0, y1)};
}

// A 4x render target that is also a shader resource, with the views both ways,
// and what reads its samples back.
struct MsTarget {
  RenderDevice& d;
  DXGI_FORMAT format;
  Com<ID3D11Texture2D> texture;
  Com<ID3D11RenderTargetView> rtv;
  Com<ID3D11ShaderResourceView> srv;

  // `resourceFormat`: the texture's (f itself, or f's typeless family with views in f).
  MsTarget(RenderDevice& device, DXGI_FORMAT f, DXGI_FORMAT resourceFormat = DXGI_FORMAT_UNKNOWN)
      : d(device), format(f) {
    const bool typeless = resourceFormat != DXGI_FORMAT_UNKNOWN;
    D3D11_TEXTURE2D_DESC td = texture2DDesc(kW, kH, typeless ? resourceFormat : f,
                                            D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE,
                                            D3D11_USAGE_DEFAULT, 0, kSamples);
    REQUIRE(d->CreateTexture2D(&td, nullptr, texture.out()) == S_OK);
    D3D11_RENDER_TARGET_VIEW_DESC rd{};
    rd.Format = f;
    rd.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DMS;
    D3D11_SHADER_RESOURCE_VIEW_DESC sd{};
    sd.Format = f;
    sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DMS;
    REQUIRE(d->CreateRenderTargetView(texture.get(), typeless ? &rd : nullptr, rtv.out()) == S_OK);
    REQUIRE(d->CreateShaderResourceView(texture.get(), typeless ? &sd : nullptr, srv.out()) == S_OK);
    D3D11_SHADER_RESOURCE_VIEW_DESC vd{};
    srv->GetDesc(&vd);
    CHECK(vd.ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2DMS);
  }

  void bind() {
    ID3D11RenderTargetView* views[] = {rtv.get()};
    d.context->OMSetRenderTargets(1, views, nullptr);
  }

  // Every sample of every pixel, read with ld_ms in a full-screen draw into four
  // single-sampled R32G32B32A32 targets (uint values as floats). Leaves the
  // reading pass's targets, shader and view bound; the caller binds its own again.
  std::vector<Samples> samples() {
    const bool uint = isUint(format);
    const DXGI_FORMAT outFormat = uint ? DXGI_FORMAT_R32G32B32A32_UINT : DXGI_FORMAT_R32G32B32A32_FLOAT;
    Com<ID3D11Texture2D> out[kSamples];
    Com<ID3D11RenderTargetView> outViews[kSamples];
    ID3D11RenderTargetView* views[kSamples];
    for (UINT i = 0; i < kSamples; ++i) {
      D3D11_TEXTURE2D_DESC td = texture2DDesc(kW, kH, outFormat, D3D11_BIND_RENDER_TARGET);
      REQUIRE(d->CreateTexture2D(&td, nullptr, out[i].out()) == S_OK);
      REQUIRE(d->CreateRenderTargetView(out[i].get(), nullptr, outViews[i].out()) == S_OK);
      views[i] = outViews[i].get();
    }
    d.context->OMSetRenderTargets(kSamples, views, nullptr);  // unbinds the 4x target first
    const std::vector<uint8_t> code = assembled(uint ? kPsReadSamplesUint : kPsReadSamplesFloat);
    Com<ID3D11PixelShader> ps;
    REQUIRE(d->CreatePixelShader(code.data(), code.size(), nullptr, ps.out()) == S_OK);
    d.context->PSSetShader(ps.get(), nullptr, 0);
    ID3D11ShaderResourceView* srvs[] = {srv.get()};
    d.context->PSSetShaderResources(0, 1, srvs);
    d.context->OMSetBlendState(nullptr, nullptr, 0xFFFFFFFF);
    const std::vector<Vertex> all = rect(0, 0, kW, kH, {0, 0, 0, 0});
    Com<ID3D11Buffer> vb = makeBuffer(d, all.data(), UINT(all.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
    ID3D11Buffer* buffers[] = {vb.get()};
    const UINT stride = sizeof(Vertex), offset = 0;
    d.context->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
    d.context->Draw(6, 0);
    ID3D11ShaderResourceView* none[] = {nullptr};
    d.context->PSSetShaderResources(0, 1, none);
    std::vector<Samples> result(size_t(kW) * kH);
    for (UINT i = 0; i < kSamples; ++i) {
      const std::vector<uint8_t> raw = readback(d, out[i].get());
      for (size_t p = 0; p < result.size(); ++p)
        for (size_t c = 0; c < 4; ++c)
          result[p][i][c] = uint ? float(texelAt<uint32_t>(raw, p * 4 + c)) : texelAt<float>(raw, p * 4 + c);
    }
    return result;
  }

  // The 4x target resolved (averaged) into a single-sampled one, as floats
  // (`singleFormat`: the single-sampled texture's format, `format` if UNKNOWN).
  std::vector<Sample> resolved(DXGI_FORMAT singleFormat = DXGI_FORMAT_UNKNOWN) {
    D3D11_TEXTURE2D_DESC td = texture2DDesc(kW, kH, singleFormat == DXGI_FORMAT_UNKNOWN ? format : singleFormat, 0);
    Com<ID3D11Texture2D> single;
    REQUIRE(d->CreateTexture2D(&td, nullptr, single.out()) == S_OK);
    d.context->ResolveSubresource(single.get(), 0, texture.get(), 0, format);
    const std::vector<uint8_t> raw = readback(d, single.get());
    std::vector<Sample> out(size_t(kW) * kH);
    REQUIRE(format == DXGI_FORMAT_R32G32B32A32_FLOAT);
    std::memcpy(out.data(), raw.data(), raw.size());
    return out;
  }
};

// Sets up the colour-passing draw state of draw_test_util.h on `target`.
struct MsScene {
  RenderDevice d;
  DrawTarget base{d, kW, kH};  // shaders, layout and viewport; its own target is not used
  Com<ID3D11Buffer> vb;

  void draw(const std::vector<Vertex>& v) {
    vb = makeBuffer(d, v.data(), UINT(v.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
    base.bindVertices(vb.get());
    d.context->Draw(UINT(v.size()), 0);
  }
};

// Draw i (SampleMask 1 << i) covers [0, 2 + 2i) × [i, kH) in colour `colour(i)`:
// sample i of pixel (x, y) holds colour(i) there and the clear value elsewhere.
template <typename Colour>
void drawSamplePattern(MsScene& s, MsTarget& t, Colour colour, ID3D11PixelShader* ps) {
  t.bind();
  const float zero[4] = {0, 0, 0, 0};
  s.d.context->ClearRenderTargetView(t.rtv.get(), zero);
  s.d.context->PSSetShader(ps, nullptr, 0);
  for (UINT i = 0; i < kSamples; ++i) {
    s.d.context->OMSetBlendState(nullptr, nullptr, 1u << i);
    s.draw(rect(0, int(i), 2 + 2 * int(i), kH, colour(i)));
  }
  s.d.context->OMSetBlendState(nullptr, nullptr, 0xFFFFFFFF);
}

bool inPattern(UINT x, UINT y, UINT sample) { return x < 2 + 2 * sample && y >= sample; }

}  // namespace

TEST_CASE("Texture2DMS: ld_ms reads back each sample a SampleMask-selected draw wrote, resolve averages them",
          "[draw][msaa][srv]") {
  MsScene s;
  MsTarget t(s.d, DXGI_FORMAT_R32G32B32A32_FLOAT);
  auto colour = [](UINT i) { return Sample{float(i + 1), 0.5f * float(i + 1), -0.25f * float(i), 1}; };
  drawSamplePattern(s, t, colour, s.base.ps.get());
  const std::vector<Samples> got = t.samples();
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x)
      for (UINT i = 0; i < kSamples; ++i) {
        INFO("pixel " << x << "," << y << " sample " << i);
        CHECK(got[y * kW + x][i] == (inPattern(x, y, i) ? colour(i) : Sample{0, 0, 0, 0}));
      }

  const std::vector<Sample> resolved = t.resolved();
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) {
      Sample sum{0, 0, 0, 0};
      for (UINT i = 0; i < kSamples; ++i)
        if (inPattern(x, y, i))
          for (int c = 0; c < 4; ++c) sum[c] += colour(i)[c];
      INFO("pixel " << x << "," << y);
      CHECK(resolved[y * kW + x] == (Sample{sum[0] / 4, sum[1] / 4, sum[2] / 4, sum[3] / 4}));
    }
}

TEST_CASE("ResolveSubresource through typeless textures averages in the given typed format",
          "[draw][msaa]") {
  MsScene s;
  auto colour = [](UINT i) { return Sample{float(i + 1), 0.5f * float(i + 1), -0.25f * float(i), 1}; };
  auto expected = [&](UINT x, UINT y) {
    Sample sum{0, 0, 0, 0};
    for (UINT i = 0; i < kSamples; ++i)
      if (inPattern(x, y, i))
        for (int c = 0; c < 4; ++c) sum[c] += colour(i)[c];
    return Sample{sum[0] / 4, sum[1] / 4, sum[2] / 4, sum[3] / 4};
  };
  // A typeless 4x source into a typed and into a typeless single-sampled texture, and a typed 4x source
  // into a typeless one: each the average of the samples (an integer resolve would keep one sample).
  MsTarget typeless(s.d, DXGI_FORMAT_R32G32B32A32_FLOAT, DXGI_FORMAT_R32G32B32A32_TYPELESS);
  drawSamplePattern(s, typeless, colour, s.base.ps.get());
  MsTarget typed(s.d, DXGI_FORMAT_R32G32B32A32_FLOAT);
  drawSamplePattern(s, typed, colour, s.base.ps.get());
  const std::vector<Sample> results[] = {typeless.resolved(DXGI_FORMAT_R32G32B32A32_FLOAT),
                                         typeless.resolved(DXGI_FORMAT_R32G32B32A32_TYPELESS),
                                         typed.resolved(DXGI_FORMAT_R32G32B32A32_TYPELESS)};
  for (size_t r = 0; r < 3; ++r)
    for (UINT y = 0; y < kH; ++y)
      for (UINT x = 0; x < kW; ++x) {
        INFO("resolve " << r << " pixel " << x << "," << y);
        CHECK(results[r][y * kW + x] == expected(x, y));
      }
}

TEST_CASE("SV_Coverage output (oMask) keeps only its samples, ANDed with the SampleMask, seen per sample and "
          "after resolve",
          "[draw][msaa][coverage]") {
  MsScene s;
  MsTarget t(s.d, DXGI_FORMAT_R32G32B32A32_FLOAT);
  const std::vector<uint8_t> code = assembled(kPsCoverageMask);
  Com<ID3D11PixelShader> ps;
  REQUIRE(s.d->CreatePixelShader(code.data(), code.size(), nullptr, ps.out()) == S_OK);
  D3D11_BUFFER_DESC cbDesc{16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0};
  Com<ID3D11Buffer> cb;
  REQUIRE(s.d->CreateBuffer(&cbDesc, nullptr, cb.out()) == S_OK);
  const Sample white{1, 1, 1, 1};
  struct Case {
    const char* what;
    uint32_t oMask, sampleMask;
    uint32_t written;  // the samples D3D writes: oMask & SampleMask & 0xF
  };
  const Case cases[] = {{"oMask 0x5", 0x5, 0xFFFFFFFF, 0x5},
                        {"oMask 0xA", 0xA, 0xFFFFFFFF, 0xA},
                        {"oMask 0x6 and SampleMask 0x3", 0x6, 0x3, 0x2},
                        {"oMask 0xF8: bits past the sample count ignored", 0xF8, 0xFFFFFFFF, 0x8},
                        {"oMask 0: nothing written", 0x0, 0xFFFFFFFF, 0x0},
                        {"oMask 0xF", 0xF, 0xFFFFFFFF, 0xF}};
  for (const Case& k : cases) {
    INFO(k.what);
    t.bind();
    const float zero[4] = {0, 0, 0, 0};
    s.d.context->ClearRenderTargetView(t.rtv.get(), zero);
    const uint32_t constants[4] = {k.oMask, 0, 0, 0};
    s.d.context->UpdateSubresource(cb.get(), 0, nullptr, constants, 16, 0);
    ID3D11Buffer* cbs[] = {cb.get()};
    s.d.context->PSSetConstantBuffers(0, 1, cbs);
    s.d.context->PSSetShader(ps.get(), nullptr, 0);
    s.d.context->OMSetBlendState(nullptr, nullptr, k.sampleMask);
    s.draw(rect(0, 0, kW, kH, white));
    s.d.context->OMSetBlendState(nullptr, nullptr, 0xFFFFFFFF);

    const std::vector<Sample> resolved = t.resolved();
    const float share = float(__builtin_popcount(k.written)) / 4.0f;
    for (const Sample& p : resolved) CHECK(p == (Sample{share, share, share, share}));
    const std::vector<Samples> got = t.samples();
    for (UINT p = 0; p < kW * kH; ++p)
      for (UINT i = 0; i < kSamples; ++i) {
        INFO("pixel " << p % kW << "," << p / kW << " sample " << i);
        CHECK(got[p][i] == (k.written >> i & 1 ? white : Sample{0, 0, 0, 0}));
      }
  }
}

TEST_CASE("CheckMultisampleQualityLevels(4) for every README format, and 4x draws into each colour format keep "
          "every sample",
          "[draw][msaa][formats]") {
  MsScene s;
  // The render-target and depth formats docs/d3d11.md lists (Resources).
  for (DXGI_FORMAT f : {DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R16G16B16A16_FLOAT, DXGI_FORMAT_R32G32B32A32_FLOAT,
                        DXGI_FORMAT_R32_UINT, DXGI_FORMAT_R32G32_UINT, DXGI_FORMAT_D24_UNORM_S8_UINT,
                        DXGI_FORMAT_D32_FLOAT}) {
    INFO("format " << int(f));
    UINT levels = 0;
    REQUIRE(s.d->CheckMultisampleQualityLevels(f, 4, &levels) == S_OK);
    CHECK(levels >= 1);
    // Quality levels [0, levels) exist; `levels` itself does not.
    const UINT bind = (f == DXGI_FORMAT_D24_UNORM_S8_UINT || f == DXGI_FORMAT_D32_FLOAT) ? D3D11_BIND_DEPTH_STENCIL
                                                                                         : D3D11_BIND_RENDER_TARGET;
    D3D11_TEXTURE2D_DESC td = texture2DDesc(kW, kH, f, bind, D3D11_USAGE_DEFAULT, 0, 4);
    td.SampleDesc.Quality = levels - 1;
    Com<ID3D11Texture2D> tex;
    CHECK(s.d->CreateTexture2D(&td, nullptr, tex.out()) == S_OK);
    td.SampleDesc.Quality = levels;
    CHECK(s.d->CreateTexture2D(&td, nullptr, tex.out()) == E_INVALIDARG);
  }

  const std::vector<uint8_t> uintCode = assembled(kPsColorUint);
  Com<ID3D11PixelShader> uintPs;
  REQUIRE(s.d->CreatePixelShader(uintCode.data(), uintCode.size(), nullptr, uintPs.out()) == S_OK);
  struct FormatCase {
    DXGI_FORMAT format;
    Sample (*colour)(UINT sample);
  };
  const FormatCase formats[] = {
      // UNORM: 0 and 1 only, exact both ways.
      {DXGI_FORMAT_R8G8B8A8_UNORM, [](UINT i) { return Sample{float(i & 1), float(i >> 1 & 1), 1, float(i != 3)}; }},
      // Exact halves.
      {DXGI_FORMAT_R16G16B16A16_FLOAT, [](UINT i) { return Sample{float(i) + 0.5f, -2.0f * float(i), 0.125f, 1}; }},
      {DXGI_FORMAT_R32G32B32A32_FLOAT, [](UINT i) { return Sample{float(i + 1) / 3.0f, 1e-7f, 3e7f, -1.0f}; }},
      // Integers (the pixel shader converts the colour with ftou).
      {DXGI_FORMAT_R32_UINT, [](UINT i) { return Sample{float(1000 + i), 0, 0, 0}; }},
      {DXGI_FORMAT_R32G32_UINT, [](UINT i) { return Sample{float(7 * i + 1), float(65536 + i), 0, 0}; }},
  };
  for (const FormatCase& k : formats) {
    INFO("format " << int(k.format));
    MsTarget t(s.d, k.format);
    drawSamplePattern(s, t, k.colour, isUint(k.format) ? uintPs.get() : s.base.ps.get());
    const std::vector<Samples> got = t.samples();
    for (UINT y = 0; y < kH; ++y)
      for (UINT x = 0; x < kW; ++x)
        for (UINT i = 0; i < kSamples; ++i) {
          INFO("pixel " << x << "," << y << " sample " << i);
          const Sample want = inPattern(x, y, i) ? k.colour(i) : Sample{0, 0, 0, 0};
          for (int c = 0; c < channels(k.format); ++c) CHECK(got[y * kW + x][i][c] == want[c]);
        }
  }
}

TEST_CASE("predicated CopyResource into a 4x target skips exactly when the predicate says so, every sample",
          "[draw][msaa][predication][transfer]") {
  // On lavapipe (conditional rendering) the destination is saved into a
  // scratch image and restored per sample by a draw under the inverted
  // condition (multisample_restore.h); with D3DVK_CONDITIONAL_RENDERING=0 the
  // CPU verdict decides. Both textures hold a different colour in each
  // sample; every sample of the destination is read back with ld_ms.
  MsScene s;
  MsTarget dst(s.d, DXGI_FORMAT_R32G32B32A32_FLOAT), src(s.d, DXGI_FORMAT_R32G32B32A32_FLOAT);
  auto dstColour = [](UINT i) { return Sample{float(i + 1), 0.5f * float(i + 1), -0.25f * float(i), 1}; };
  auto srcColour = [](UINT i) { return Sample{-float(i) - 2, 0.125f * float(i), 8.0f, 0.5f}; };
  // A predicate built around a draw that covers pixels (TRUE) and one around nothing (FALSE).
  const D3D11_QUERY_DESC desc{D3D11_QUERY_OCCLUSION_PREDICATE, 0};
  Com<ID3D11Predicate> passed, failed;
  REQUIRE(s.d->CreatePredicate(&desc, passed.out()) == S_OK);
  REQUIRE(s.d->CreatePredicate(&desc, failed.out()) == S_OK);
  s.d.context->Begin(passed.get());
  s.draw(rect(0, 0, kW, kH, {1, 1, 1, 1}));
  s.d.context->End(passed.get());
  s.d.context->Begin(failed.get());
  s.d.context->End(failed.get());
  for (const BOOL value : {FALSE, TRUE})
    for (ID3D11Predicate* predicate : {passed.get(), failed.get()}) {
      const BOOL result = predicate == passed.get();
      const bool skipped = result == value;
      CAPTURE(result, value);
      s.d.context->SetPredication(nullptr, FALSE);
      drawSamplePattern(s, dst, dstColour, s.base.ps.get());
      drawSamplePattern(s, src, srcColour, s.base.ps.get());
      s.d.context->OMSetRenderTargets(0, nullptr, nullptr);
      s.d.context->SetPredication(predicate, value);
      s.d.context->CopyResource(dst.texture.get(), src.texture.get());
      s.d.context->SetPredication(nullptr, FALSE);
      const std::vector<Samples> got = dst.samples();
      size_t differing = 0;
      for (UINT y = 0; y < kH; ++y)
        for (UINT x = 0; x < kW; ++x)
          for (UINT i = 0; i < kSamples; ++i) {
            const Sample want = inPattern(x, y, i) ? (skipped ? dstColour(i) : srcColour(i)) : Sample{0, 0, 0, 0};
            differing += got[y * kW + x][i] != want;
          }
      CHECK(differing == 0);
    }
}

namespace {

// A 4x depth-stencil texture (no shader resource binding) and its view.
struct MsDepth {
  Com<ID3D11Texture2D> texture;
  Com<ID3D11DepthStencilView> dsv;
  MsDepth(RenderDevice& d, DXGI_FORMAT typeless, DXGI_FORMAT depth) {
    D3D11_TEXTURE2D_DESC td =
        texture2DDesc(kW, kH, typeless, D3D11_BIND_DEPTH_STENCIL, D3D11_USAGE_DEFAULT, 0, kSamples);
    REQUIRE(d->CreateTexture2D(&td, nullptr, texture.out()) == S_OK);
    D3D11_DEPTH_STENCIL_VIEW_DESC vd{};
    vd.Format = depth;
    vd.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2DMS;
    REQUIRE(d->CreateDepthStencilView(texture.get(), &vd, dsv.out()) == S_OK);
  }
};

uint32_t floatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

}  // namespace

TEST_CASE("D3D11 4x D32_FLOAT depth copies into R32_FLOAT and R32_UINT per-sample bits copy into depth and back",
          "[draw][msaa][copy][depth]") {
  // Lavapipe: the per-sample copy draws (sampleRateShading). The depth texture
  // has no shader-resource binding; the colour ones are read with ld_ms.
  MsScene s;
  MsDepth depth(s.d, DXGI_FORMAT_R32_TYPELESS, DXGI_FORMAT_D32_FLOAT);
  MsTarget floats(s.d, DXGI_FORMAT_R32_FLOAT), uints(s.d, DXGI_FORMAT_R32_UINT);
  // A cleared depth (every sample 0.375) into R32_FLOAT.
  s.d.context->ClearDepthStencilView(depth.dsv.get(), D3D11_CLEAR_DEPTH, 0.375f, 0);
  const float nine[4] = {9, 9, 9, 9};
  s.d.context->ClearRenderTargetView(floats.rtv.get(), nine);
  s.d.context->CopyResource(floats.texture.get(), depth.texture.get());
  std::vector<Samples> got = floats.samples();
  size_t differing = 0;
  for (const Samples& pixel : got)
    for (UINT i = 0; i < kSamples; ++i) differing += floatBits(pixel[i][0]) != floatBits(0.375f);
  CHECK(differing == 0);
  // Per-sample float bits (sample i: bits of 0.25 * (i + 1), exact as vertex
  // colours; 0 outside the pattern) R32_UINT -> depth -> R32_FLOAT.
  const std::vector<uint8_t> uintCode = assembled(kPsColorUint);
  Com<ID3D11PixelShader> uintPs;
  REQUIRE(s.d->CreatePixelShader(uintCode.data(), uintCode.size(), nullptr, uintPs.out()) == S_OK);
  auto bitsOf = [](UINT i) { return floatBits(0.25f * float(i + 1)); };
  drawSamplePattern(s, uints, [&](UINT i) { return Sample{float(bitsOf(i)), 0, 0, 0}; }, uintPs.get());
  s.d.context->OMSetRenderTargets(0, nullptr, nullptr);
  s.d.context->ClearRenderTargetView(floats.rtv.get(), nine);
  s.d.context->CopyResource(depth.texture.get(), uints.texture.get());
  s.d.context->CopySubresourceRegion(floats.texture.get(), 0, 0, 0, 0, depth.texture.get(), 0, nullptr);
  got = floats.samples();
  differing = 0;
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x)
      for (UINT i = 0; i < kSamples; ++i)
        differing += floatBits(got[y * kW + x][i][0]) != (inPattern(x, y, i) ? bitsOf(i) : 0u);
  CHECK(differing == 0);
  CHECK(s.d->GetDeviceRemovedReason() == S_OK);
}

TEST_CASE("D3D11 4x D16_UNORM depth copies into R16_UINT and R16_UINT per-sample values copy into depth and back",
          "[draw][msaa][copy][depth]") {
  // Lavapipe: the per-sample copy draws. D16 stores k as depth k / 65535.
  MsScene s;
  MsDepth depth(s.d, DXGI_FORMAT_R16_TYPELESS, DXGI_FORMAT_D16_UNORM);
  MsTarget a(s.d, DXGI_FORMAT_R16_UINT), b(s.d, DXGI_FORMAT_R16_UINT);
  s.d.context->ClearDepthStencilView(depth.dsv.get(), D3D11_CLEAR_DEPTH, 0.25f, 0);
  s.d.context->CopyResource(b.texture.get(), depth.texture.get());
  std::vector<Samples> got = b.samples();
  size_t differing = 0;
  for (const Samples& pixel : got)
    for (UINT i = 0; i < kSamples; ++i) differing += pixel[i][0] != 16384.0f;  // round(0.25 * 65535)
  CHECK(differing == 0);
  const std::vector<uint8_t> uintCode = assembled(kPsColorUint);
  Com<ID3D11PixelShader> uintPs;
  REQUIRE(s.d->CreatePixelShader(uintCode.data(), uintCode.size(), nullptr, uintPs.out()) == S_OK);
  const uint32_t values[kSamples] = {1, 0x8000, 0xFFFF, 12345};
  drawSamplePattern(s, a, [&](UINT i) { return Sample{float(values[i]), 0, 0, 0}; }, uintPs.get());
  s.d.context->OMSetRenderTargets(0, nullptr, nullptr);
  s.d.context->CopySubresourceRegion(depth.texture.get(), 0, 0, 0, 0, a.texture.get(), 0, nullptr);
  s.d.context->CopyResource(b.texture.get(), depth.texture.get());
  got = b.samples();
  differing = 0;
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x)
      for (UINT i = 0; i < kSamples; ++i)
        differing += got[y * kW + x][i][0] != float(inPattern(x, y, i) ? values[i] : 0u);
  CHECK(differing == 0);
  CHECK(s.d->GetDeviceRemovedReason() == S_OK);
}

TEST_CASE("D3D11 predicated copies between 4x D32_FLOAT depth and R32_FLOAT colour skip exactly when the predicate says",
          "[draw][msaa][copy][depth][predication]") {
  // Lavapipe: depth -> colour saves the colour destination and restores it
  // per sample where the copy is skipped (multisample_restore.h); colour ->
  // depth saves the depth destination and restores it per sample through
  // gl_FragDepth the same way.
  MsScene s;
  MsDepth depth(s.d, DXGI_FORMAT_R32_TYPELESS, DXGI_FORMAT_D32_FLOAT);
  MsTarget floats(s.d, DXGI_FORMAT_R32_FLOAT), other(s.d, DXGI_FORMAT_R32_FLOAT);
  const D3D11_QUERY_DESC desc{D3D11_QUERY_OCCLUSION_PREDICATE, 0};
  Com<ID3D11Predicate> passed;
  REQUIRE(s.d->CreatePredicate(&desc, passed.out()) == S_OK);
  floats.bind();
  s.d.context->Begin(passed.get());
  s.draw(rect(0, 0, kW, kH, {1, 1, 1, 1}));
  s.d.context->End(passed.get());
  s.d.context->OMSetRenderTargets(0, nullptr, nullptr);
  for (const BOOL value : {FALSE, TRUE}) {
    const bool skipped = value == TRUE;  // the predicate's result is TRUE
    CAPTURE(value);
    // depth (0.625) -> colour (cleared 9)
    s.d.context->ClearDepthStencilView(depth.dsv.get(), D3D11_CLEAR_DEPTH, 0.625f, 0);
    const float nine[4] = {9, 9, 9, 9}, quarter[4] = {0.25f, 0, 0, 0};
    s.d.context->ClearRenderTargetView(floats.rtv.get(), nine);
    s.d.context->SetPredication(passed.get(), value);
    s.d.context->CopyResource(floats.texture.get(), depth.texture.get());
    s.d.context->SetPredication(nullptr, FALSE);
    std::vector<Samples> got = floats.samples();
    size_t differing = 0;
    for (const Samples& pixel : got)
      for (UINT i = 0; i < kSamples; ++i) differing += pixel[i][0] != (skipped ? 9.0f : 0.625f);
    CHECK(differing == 0);
    // colour (0.25) -> depth (0.625), read through an unpredicated copy into `floats`.
    s.d.context->ClearRenderTargetView(other.rtv.get(), quarter);
    s.d.context->SetPredication(passed.get(), value);
    s.d.context->CopyResource(depth.texture.get(), other.texture.get());
    s.d.context->SetPredication(nullptr, FALSE);
    s.d.context->CopyResource(floats.texture.get(), depth.texture.get());
    got = floats.samples();
    differing = 0;
    for (const Samples& pixel : got)
      for (UINT i = 0; i < kSamples; ++i) differing += pixel[i][0] != (skipped ? 0.625f : 0.25f);
    CHECK(differing == 0);
  }
  CHECK(s.d->GetDeviceRemovedReason() == S_OK);
}
