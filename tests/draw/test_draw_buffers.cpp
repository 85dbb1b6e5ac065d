// tests/draw: pixel shaders with raw, structured and typed UAVs and atomics,
// through the public D3D11 API on lavapipe, read back through staging copies:
//  * native draws: imm_atomic_iadd on a raw UAV hands each covered pixel its
//    own slot of a structured UAV, atomic_iadd on an RWTexture2D<uint> counts
//    each pixel once, with no render target bound;
//  * conservative draws (the GPU fallback on lavapipe): the same shader's side
//    effects happen exactly once per pixel of the Tier 3 set of each triangle
//    (thin, diagonal and sub-pixel ones), none elsewhere — the fallback's
//    pixel-shader variant performs every UAV write and atomic only in the
//    invocation that owns the pixel.
#include "../render/checked_device.h"
#include "conservative_pixels.h"
#include "draw_test_util.h"
#include "grid_triangles.h"

#include <cstring>
#include <map>
#include <random>
#include <set>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

constexpr UINT kSize = 32;

// PS: slot = imm_atomic_iadd(u1[0], 1); u2[slot] = SV_Position.xy; u3[xy] += 1.
const char kPsAtomics[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xy
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// no Output
ps_5_0
dcl_globalFlags refactoringAllowed
dcl_uav_raw u1
dcl_uav_structured u2, 8
dcl_uav_typed_texture2d (uint,uint,uint,uint) u3
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_temps 2
ftou r0.xy, v0.xyxx
imm_atomic_iadd r1.x, u1, l(0), l(1)
store_structured u2.xy, r1.x, l(0), r0.xyxx
atomic_iadd u3, r0.xyxx, l(1)
ret
)";

struct PixelAtomicsRig {
  RenderDevice& d;
  Com<ID3D11Buffer> counter, records;
  Com<ID3D11Texture2D> counts;
  Com<ID3D11UnorderedAccessView> counterView, recordView, countView;
  Com<ID3D11VertexShader> vs;
  Com<ID3D11PixelShader> ps;
  Com<ID3D11InputLayout> layout;

  explicit PixelAtomicsRig(RenderDevice& device) : d(device) {
    D3D11_BUFFER_DESC cd{16, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0,
                         D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0};
    REQUIRE(d->CreateBuffer(&cd, nullptr, counter.out()) == S_OK);
    D3D11_BUFFER_DESC rd{kSize * kSize * 8, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0,
                         D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 8};
    REQUIRE(d->CreateBuffer(&rd, nullptr, records.out()) == S_OK);
    D3D11_TEXTURE2D_DESC td = texture2DDesc(kSize, kSize, DXGI_FORMAT_R32_UINT, D3D11_BIND_UNORDERED_ACCESS);
    REQUIRE(d->CreateTexture2D(&td, nullptr, counts.out()) == S_OK);
    D3D11_UNORDERED_ACCESS_VIEW_DESC raw{DXGI_FORMAT_R32_TYPELESS, D3D11_UAV_DIMENSION_BUFFER, {}};
    raw.Buffer = {0, 4, D3D11_BUFFER_UAV_FLAG_RAW};
    REQUIRE(d->CreateUnorderedAccessView(counter.get(), &raw, counterView.out()) == S_OK);
    REQUIRE(d->CreateUnorderedAccessView(records.get(), nullptr, recordView.out()) == S_OK);
    REQUIRE(d->CreateUnorderedAccessView(counts.get(), nullptr, countView.out()) == S_OK);
    const std::vector<uint8_t> vsCode = assembled(kVsPosition), psCode = assembled(kPsAtomics);
    REQUIRE(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
    REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
    const D3D11_INPUT_ELEMENT_DESC element{"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0};
    REQUIRE(d->CreateInputLayout(&element, 1, vsCode.data(), vsCode.size(), layout.out()) == S_OK);
    ID3D11DeviceContext* ctx = d.context.get();
    ctx->IASetInputLayout(layout.get());
    ctx->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ctx->VSSetShader(vs.get(), nullptr, 0);
    ctx->PSSetShader(ps.get(), nullptr, 0);
    const D3D11_VIEWPORT vp{0, 0, float(kSize), float(kSize), 0, 1};
    ctx->RSSetViewports(1, &vp);
    // UAV-only rendering (no render target), as a voxelizer does.
    ID3D11UnorderedAccessView* uavs[] = {counterView.get(), recordView.get(), countView.get()};
    ctx->OMSetRenderTargetsAndUnorderedAccessViews(0, nullptr, nullptr, 1, 3, uavs, nullptr);
  }

  void clear() {
    const UINT zero[4] = {0, 0, 0, 0}, poison[4] = {0xFFFFFFFFu, 0, 0, 0};
    d.context->ClearUnorderedAccessViewUint(counterView.get(), zero);
    d.context->ClearUnorderedAccessViewUint(recordView.get(), poison);
    d.context->ClearUnorderedAccessViewUint(countView.get(), zero);
  }

  // The pixels the shader ran for: {x, y} → how often, checked against the
  // slot records and the counter.
  std::map<std::pair<int, int>, uint32_t> touched() {
    std::map<std::pair<int, int>, uint32_t> out;
    const std::vector<uint8_t> texels = readback(d, counts.get());
    for (UINT y = 0; y < kSize; ++y)
      for (UINT x = 0; x < kSize; ++x)
        if (const uint32_t n = texelAt<uint32_t>(texels, y * kSize + x)) out[{int(x), int(y)}] = n;
    // The counter handed out one slot per invocation, each recording its pixel.
    const std::vector<uint8_t> recordBytes = readback(d, records.get()), counterBytes = readback(d, counter.get());
    uint32_t invocations = 0;
    std::memcpy(&invocations, counterBytes.data(), 4);
    std::vector<uint32_t> rec(recordBytes.size() / 4);
    std::memcpy(rec.data(), recordBytes.data(), rec.size() * 4);
    uint32_t total = 0;
    for (const auto& [pixel, n] : out) total += n;
    CHECK(invocations == total);
    std::map<std::pair<int, int>, uint32_t> recorded;
    for (uint32_t i = 0; i < invocations && i < kSize * kSize; ++i) ++recorded[{int(rec[2 * i]), int(rec[2 * i + 1])}];
    CHECK(recorded == out);
    if (invocations < kSize * kSize) CHECK(rec[2 * invocations] == 0xFFFFFFFFu);  // nothing past the last slot
    return out;
  }
};

Com<ID3D11Buffer> positions(RenderDevice& d, const std::vector<float>& ndc) {
  return makeBuffer(d, ndc.data(), UINT(ndc.size() * sizeof(float)), D3D11_BIND_VERTEX_BUFFER);
}

void bindPositions(RenderDevice& d, ID3D11Buffer* vb) {
  const UINT stride = 8, offset = 0;
  d.context->IASetVertexBuffers(0, 1, &vb, &stride, &offset);
}

float ndcX(float x) { return x / (kSize / 2.0f) - 1.0f; }
float ndcY(float y) { return 1.0f - y / (kSize / 2.0f); }

}  // namespace

TEST_CASE("pixel-shader atomics on raw, structured and typed UAVs run once per covered pixel, no render target",
          "[draw][uav][atomics]") {
  Checked c;
  PixelAtomicsRig rig(c.d);
  rig.clear();
  // Pixels [4, 20) x [6, 18).
  const std::vector<float> quad = {ndcX(4), ndcY(6),  ndcX(20), ndcY(6),  ndcX(4),  ndcY(18),
                                   ndcX(4), ndcY(18), ndcX(20), ndcY(6),  ndcX(20), ndcY(18)};
  Com<ID3D11Buffer> vb = positions(c.d, quad);
  bindPositions(c.d, vb.get());
  c.d.context->Draw(6, 0);
  std::map<std::pair<int, int>, uint32_t> expected;
  for (int y = 6; y < 18; ++y)
    for (int x = 4; x < 20; ++x) expected[{x, y}] = 1;
  CHECK(rig.touched() == expected);
  // The DDI saw the three buffer and texture UAVs with their flags.
  const std::vector<std::string> views = c.trace.calls("CreateUnorderedAccessView");
  REQUIRE(views.size() == 3);
  CHECK(views[0].find("Dimension=BUFFER, FirstElement=0, NumElements=4, Flags=0x1") != std::string::npos);
  CHECK(views[1].find("Format=0, Dimension=BUFFER, FirstElement=0, NumElements=1024, Flags=0x0") != std::string::npos);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("conservative fallback: every UAV write and atomic of the pixel shader runs exactly once per pixel of "
          "the Tier 3 set",
          "[draw][uav][atomics][conservative][fallback]") {
  ForceConservativeFallback fallback;  // the fallback's exact Tier 3 set on any device
  Checked c;
  Com<ID3D11Device3> device3;
  REQUIRE(c.d->QueryInterface(__uuidof(ID3D11Device3), reinterpret_cast<void**>(device3.out())) == S_OK);
  D3D11_RASTERIZER_DESC2 rs{D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0, TRUE, FALSE, FALSE, FALSE,
                            0, D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON};
  Com<ID3D11RasterizerState2> state;
  REQUIRE(device3->CreateRasterizerState2(&rs, state.out()) == S_OK);
  PixelAtomicsRig rig(c.d);
  c.d.context->RSSetState(state.get());

  // Random grid-snapped triangles plus a thin diagonal sliver and a sub-pixel one.
  std::mt19937 rng(13);
  std::vector<raster::ScreenTriangle> triangles(12);
  for (raster::ScreenTriangle& tri : triangles)
    for (auto& v : tri.v) v = {gridCoordinate(rng, int(kSize)), gridCoordinate(rng, int(kSize))};
  triangles.push_back({{{2.25f, 3.5f}, {29.75f, 27.0f}, {30.0f, 27.5f}}});
  triangles.push_back({{{10.3f, 10.2f}, {10.6f, 10.4f}, {10.4f, 10.7f}}});
  std::vector<float> ndc;
  for (const raster::ScreenTriangle& tri : triangles)
    for (const auto& v : tri.v) ndc.push_back(ndcX(v.x)), ndc.push_back(ndcY(v.y));
  Com<ID3D11Buffer> vb = positions(c.d, ndc);
  bindPositions(c.d, vb.get());
  for (size_t i = 0; i < triangles.size(); ++i) {
    rig.clear();
    c.d.context->Draw(3, UINT(3 * i));
    std::map<std::pair<int, int>, uint32_t> expected;
    for (const auto& pixel : conservativePixels(triangles[i], false, int(kSize))) expected[pixel] = 1;
    INFO("triangle " << i);
    CHECK(rig.touched() == expected);
  }
  CHECK(drainMessages(c.queue.get()).empty());
}
