// tests/draw: ForcedSampleCount (target-independent rasterization) without
// conservative mode, through the D3D11 API on lavapipe: on a single-sample
// target a pixel is shaded when any of the N forced sample positions is covered
// (D3D's standard positions, top-left rule), SV_Coverage shows exactly those
// samples ANDed with SampleMask, and the target is written when any remains.
// Vulkan rasterizes with the target's sample count, so d3dvk draws these on the
// GPU fallback; the expectation here is tests/raster's independent exact
// reference (raster_ref::centreCovered on the triangle moved by each sample's
// offset, in 2^-20 px units), not translate/raster.
#include "../raster/reference_coverage.h"
#include "../render/checked_device.h"
#include "draw_test_util.h"
#include "grid_triangles.h"

#include <array>
#include <cstring>
#include <map>
#include <random>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

constexpr UINT kSize = 64;  // a power of two: NDC ↔ pixels is exact

// SV_Target (uint4) = (1, SV_Coverage, SV_PrimitiveID, 0).
const char kPsCoverage[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_PrimitiveID           0   x           0   PRIMID    uint   x
// SV_Coverage              0    N/A   vCoverage  COVERAGE    uint    YES
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET    uint   xyzw
//
ps_5_0
dcl_input_ps_sgv constant v0.x, primitive_id
dcl_input vCoverage
dcl_output o0.xyzw
mov o0.x, l(1)
mov o0.y, vCoverage
mov o0.z, v0.x
mov o0.w, l(0)
ret
)";

// D3D's standard sample positions in 1/16 px (the D3D11 functional spec's
// tables; Vulkan's standard locations are the same).
const std::map<UINT, std::vector<std::pair<int, int>>> kPositions = {
    {1, {{0, 0}}},
    {2, {{4, 4}, {-4, -4}}},
    {4, {{-2, -6}, {6, -2}, {-6, 2}, {2, 6}}},
    {8, {{1, -3}, {-1, 3}, {5, 1}, {-3, -5}, {-5, 5}, {-7, -1}, {3, 7}, {7, -7}}},
    {16, {{1, 1}, {-1, -3}, {-3, 2}, {4, -1}, {-5, -2}, {2, 5}, {5, 3}, {3, -5}, {-2, 6}, {0, -7}, {-4, -6},
          {-6, 4}, {-8, 0}, {7, -4}, {6, 7}, {-7, -8}}},
};

// Per pixel, the forced samples the triangle covers (0 for a degenerate one).
std::vector<uint32_t> referenceMasks(const float (&xy)[3][2], UINT samples) {
  using namespace raster_ref;
  bool ok = true;
  Pt t[3];
  for (int i = 0; i < 3; ++i) t[i] = {toUnits(xy[i][0], ok), toUnits(xy[i][1], ok)};
  REQUIRE(ok);
  std::vector<uint32_t> masks(size_t(kSize) * kSize, 0);
  if (shoelace(t) == 0) return masks;  // standard rasterization culls degenerates
  const std::vector<std::pair<int, int>>& positions = kPositions.at(samples);
  for (size_t s = 0; s < positions.size(); ++s) {
    Pt moved[3];
    for (int i = 0; i < 3; ++i)
      moved[i] = {t[i].x - i128(positions[s].first) * kUnit / 16, t[i].y - i128(positions[s].second) * kUnit / 16};
    for (UINT y = 0; y < kSize; ++y)
      for (UINT x = 0; x < kSize; ++x)
        if (centreCovered(moved, x, y)) masks[y * kSize + x] |= 1u << s;
  }
  return masks;
}

}  // namespace

TEST_CASE("ForcedSampleCount without conservative mode: shaded where any forced sample is covered, SV_Coverage "
          "exact, SampleMask applied",
          "[draw][tir][fallback]") {
  ForceConservativeFallback fallback;
  Checked c;
  ID3D11DeviceContext* ctx = c.d.context.get();
  D3D11_TEXTURE2D_DESC td = texture2DDesc(kSize, kSize, DXGI_FORMAT_R32G32B32A32_UINT, D3D11_BIND_RENDER_TARGET);
  Com<ID3D11Texture2D> target;
  Com<ID3D11RenderTargetView> rtv;
  REQUIRE(c.d->CreateTexture2D(&td, nullptr, target.out()) == S_OK);
  REQUIRE(c.d->CreateRenderTargetView(target.get(), nullptr, rtv.out()) == S_OK);
  ID3D11RenderTargetView* views[] = {rtv.get()};
  ctx->OMSetRenderTargets(1, views, nullptr);
  const D3D11_VIEWPORT vp{0, 0, float(kSize), float(kSize), 0, 1};
  ctx->RSSetViewports(1, &vp);
  const std::vector<uint8_t> vsCode = assembled(kVsPosition), psCode = assembled(kPsCoverage);
  Com<ID3D11VertexShader> vs;
  Com<ID3D11PixelShader> ps;
  Com<ID3D11InputLayout> layout;
  REQUIRE(c.d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
  REQUIRE(c.d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  const D3D11_INPUT_ELEMENT_DESC element{"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0};
  REQUIRE(c.d->CreateInputLayout(&element, 1, vsCode.data(), vsCode.size(), layout.out()) == S_OK);
  ctx->IASetInputLayout(layout.get());
  ctx->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  ctx->VSSetShader(vs.get(), nullptr, 0);
  ctx->PSSetShader(ps.get(), nullptr, 0);
  Com<ID3D11Device3> device3;
  REQUIRE(c.d->QueryInterface(__uuidof(ID3D11Device3), reinterpret_cast<void**>(device3.out())) == S_OK);

  constexpr int kTriangles = 30;
  std::mt19937 rng(4242);
  std::vector<std::array<std::array<float, 2>, 3>> triangles(kTriangles);
  std::vector<float> ndc;
  for (auto& tri : triangles)
    for (auto& v : tri) {
      v = {gridCoordinate(rng, int(kSize)), gridCoordinate(rng, int(kSize))};
      ndc.push_back(v[0] / (kSize / 2.0f) - 1.0f);  // exact: 1/256 multiples, W = 64
      ndc.push_back(1.0f - v[1] / (kSize / 2.0f));
    }
  Com<ID3D11Buffer> vb = makeBuffer(c.d, ndc.data(), UINT(ndc.size() * sizeof(float)), D3D11_BIND_VERTEX_BUFFER);
  ID3D11Buffer* buffers[] = {vb.get()};
  const UINT stride = 8, offset = 0;
  ctx->IASetVertexBuffers(0, 1, buffers, &stride, &offset);

  struct Case {
    UINT samples;
    UINT sampleMask;
  };
  for (const Case& k : {Case{4, 0xFFFFFFFFu}, Case{4, 0x5u}, Case{1, 0xFFFFFFFFu}, Case{8, 0xFFFFFFFFu},
                        Case{16, 0x8421u}}) {
    D3D11_RASTERIZER_DESC2 desc{D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0.0f, 0.0f, TRUE, FALSE, FALSE, FALSE,
                                k.samples, D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF};
    Com<ID3D11RasterizerState2> state;
    REQUIRE(device3->CreateRasterizerState2(&desc, state.out()) == S_OK);
    ctx->RSSetState(state.get());
    ctx->OMSetBlendState(nullptr, nullptr, k.sampleMask);
    int partial = 0;
    for (int i = 0; i < kTriangles; ++i) {
      const float zero[4] = {0, 0, 0, 0};
      ctx->ClearRenderTargetView(rtv.get(), zero);
      ctx->Draw(3, UINT(3 * i));
      const float xy[3][2] = {{triangles[i][0][0], triangles[i][0][1]},
                              {triangles[i][1][0], triangles[i][1][1]},
                              {triangles[i][2][0], triangles[i][2][1]}};
      const std::vector<uint32_t> masks = referenceMasks(xy, k.samples);
      const std::vector<uint8_t> raw = readback(c.d, target.get());
      int mismatches = 0;
      for (UINT p = 0; p < kSize * kSize; ++p) {
        const uint32_t kept = masks[p] & k.sampleMask;
        const uint32_t all = k.samples == 32 ? ~0u : (1u << k.samples) - 1;
        partial += masks[p] != 0 && masks[p] != all;
        const bool lit = texelAt<uint32_t>(raw, p * 4) != 0;
        const uint32_t coverage = texelAt<uint32_t>(raw, p * 4 + 1);
        if (lit != (kept != 0) || (lit && coverage != kept)) {
          if (++mismatches <= 5)
            UNSCOPED_INFO("pixel " << p % kSize << "," << p / kSize << ": lit " << lit << " coverage " << coverage
                                   << ", expected mask " << masks[p] << " & SampleMask " << k.sampleMask);
        }
      }
      INFO("ForcedSampleCount " << k.samples << ", SampleMask " << k.sampleMask << ", triangle " << i << ": ("
                                << xy[0][0] << "," << xy[0][1] << ") (" << xy[1][0] << "," << xy[1][1] << ") ("
                                << xy[2][0] << "," << xy[2][1] << ")");
      CHECK(mismatches == 0);
    }
    if (k.samples > 1) CHECK(partial > 20);  // pixels with some but not all samples covered were exercised
  }
  CHECK(drainMessages(c.queue.get()).empty());
}

namespace {

// PS: u1 (raw) = sampleinfo_uint(rasterizer), samplepos(rasterizer, 1).xy.
const char kPsRasterizerSamples[] = R"(//
ps_5_0
dcl_uav_raw u1
dcl_output o0.xyzw
dcl_temps 2
sampleinfo_uint r0.x, rasterizer.x
store_raw u1.x, l(0), r0.x
samplepos r1.xy, rasterizer.xyxx, l(1)
store_raw u1.xy, l(4), r1.xyxx
mov o0.xyzw, l(1.000000,1.000000,1.000000,1.000000)
ret
)";

}  // namespace

TEST_CASE("sampleinfo and samplepos of the rasterizer: the target's samples on a native MSAA draw, the forced "
          "count on a ForcedSampleCount draw",
          "[draw][tir][msaa]") {
  Checked c;
  ID3D11DeviceContext* ctx = c.d.context.get();
  const std::vector<uint8_t> vsCode = assembled(kVsPosition), psCode = assembled(kPsRasterizerSamples);
  Com<ID3D11VertexShader> vs;
  Com<ID3D11PixelShader> ps;
  Com<ID3D11InputLayout> layout;
  REQUIRE(c.d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
  REQUIRE(c.d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  const D3D11_INPUT_ELEMENT_DESC element{"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0};
  REQUIRE(c.d->CreateInputLayout(&element, 1, vsCode.data(), vsCode.size(), layout.out()) == S_OK);
  ctx->IASetInputLayout(layout.get());
  ctx->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  ctx->VSSetShader(vs.get(), nullptr, 0);
  ctx->PSSetShader(ps.get(), nullptr, 0);
  const float cover[6] = {-1, -1, -1, 3, 3, -1};
  Com<ID3D11Buffer> vb = makeBuffer(c.d, cover, sizeof cover, D3D11_BIND_VERTEX_BUFFER);
  ID3D11Buffer* buffers[] = {vb.get()};
  const UINT stride = 8, offset = 0;
  ctx->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
  const D3D11_VIEWPORT vp{0, 0, 8, 8, 0, 1};
  ctx->RSSetViewports(1, &vp);
  const uint32_t poison[4] = {0xDEAD, 0xDEAD, 0xDEAD, 0xDEAD};
  D3D11_BUFFER_DESC bd{16, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0};
  const D3D11_SUBRESOURCE_DATA init{poison, 0, 0};
  Com<ID3D11Buffer> out;
  REQUIRE(c.d->CreateBuffer(&bd, &init, out.out()) == S_OK);
  D3D11_UNORDERED_ACCESS_VIEW_DESC uv{};
  uv.Format = DXGI_FORMAT_R32_TYPELESS;
  uv.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
  uv.Buffer = {0, 4, D3D11_BUFFER_UAV_FLAG_RAW};
  Com<ID3D11UnorderedAccessView> uav;
  REQUIRE(c.d->CreateUnorderedAccessView(out.get(), &uv, uav.out()) == S_OK);
  auto read = [&] {
    const std::vector<uint8_t> bytes = readback(c.d, out.get());
    std::array<uint32_t, 3> words{};
    std::memcpy(words.data(), bytes.data(), sizeof words);
    return words;
  };
  auto bitsOf = [](int sixteenths) {
    const float f = float(sixteenths) / 16.0f;
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    return bits;
  };
  auto drawInto = [&](UINT samples) {
    D3D11_TEXTURE2D_DESC td = texture2DDesc(8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET,
                                            D3D11_USAGE_DEFAULT, 0, samples);
    Com<ID3D11Texture2D> target;
    Com<ID3D11RenderTargetView> rtv;
    REQUIRE(c.d->CreateTexture2D(&td, nullptr, target.out()) == S_OK);
    REQUIRE(c.d->CreateRenderTargetView(target.get(), nullptr, rtv.out()) == S_OK);
    ID3D11RenderTargetView* rtvs[] = {rtv.get()};
    ID3D11UnorderedAccessView* uavs[] = {uav.get()};
    ctx->OMSetRenderTargetsAndUnorderedAccessViews(1, rtvs, nullptr, 1, 1, uavs, nullptr);
    ctx->Draw(3, 0);
  };

  // A native draw into a 4× target: 4, and the 4× pattern's sample 1.
  drawInto(4);
  std::array<uint32_t, 3> got = read();
  CHECK(got[0] == 4u);
  CHECK(got[1] == bitsOf(kPositions.at(4)[1].first));
  CHECK(got[2] == bitsOf(kPositions.at(4)[1].second));

  // ForcedSampleCount 8 into a single-sample target (the fallback path): 8, and the 8× pattern's sample 1.
  Com<ID3D11Device3> device3;
  REQUIRE(c.d->QueryInterface(__uuidof(ID3D11Device3), reinterpret_cast<void**>(device3.out())) == S_OK);
  D3D11_RASTERIZER_DESC2 desc{D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0.0f, 0.0f, TRUE, FALSE, FALSE, FALSE,
                              8, D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF};
  Com<ID3D11RasterizerState2> forced;
  REQUIRE(device3->CreateRasterizerState2(&desc, forced.out()) == S_OK);
  ctx->RSSetState(forced.get());
  drawInto(1);
  got = read();
  CHECK(got[0] == 8u);
  CHECK(got[1] == bitsOf(kPositions.at(8)[1].first));
  CHECK(got[2] == bitsOf(kPositions.at(8)[1].second));
  CHECK(drainMessages(c.queue.get()).empty());
}
