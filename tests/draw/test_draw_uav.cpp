// tests/draw: unordered-access views written by pixel shaders, through the
// public D3D11 API on lavapipe, read back through staging copies:
//  * RWTexture2D<uint> stores beside a render target hit each covered pixel
//    once, the rest keeps ClearUnorderedAccessViewUint's value;
//  * ld_uav_typed sees the previous draw's stores (D3D orders UAV accesses
//    across draws), with no render target bound (UAV-only rendering);
//  * a native draw runs its pixel shader (UAV stores, PSInvocations) where
//    OMSetBlendState's SampleMask clears samples, on 4x and 1x targets, while
//    the target keeps exactly the cleared samples;
//  * a conservative draw on the GPU fallback writes exactly the Tier 3 pixel
//    set, SV_InnerCoverage exactly the inner set, also with OMSetBlendState's
//    SampleMask 0 on a 4x MSAA target, where the target keeps every sample;
//  * the runtime's rules: bind flags, slot ranges, output hazards, clears,
//    ClearState, each with its debug-layer message.
#include "../render/checked_device.h"
#include "conservative_pixels.h"
#include "draw_test_util.h"
#include "grid_triangles.h"

#include <cmath>
#include <random>
#include <set>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

constexpr UINT kSize = 32;

// PS: u1[SV_Position.xy] = y * 1000 + x + 1; SV_Target = COLOR.
const char kPsStore[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xy
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_globalFlags refactoringAllowed
dcl_uav_typed_texture2d (uint,uint,uint,uint) u1
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_temps 1
ftou r0.xy, v0.xyxx
imad r0.z, r0.y, l(1000), r0.x
iadd r0.z, r0.z, l(1)
store_uav_typed u1.xyzw, r0.xyyy, r0.zzzz
mov o0.xyzw, v1.xyzw
ret
)";

// PS without outputs: u0[SV_Position.xy] += 1 (a load and a store).
const char kPsIncrement[] = R"(//
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
dcl_uav_typed_texture2d (uint,uint,uint,uint) u0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_temps 1
ftou r0.xy, v0.xyxx
ld_uav_typed r0.z, r0.xyyy, u0.yzxw
iadd r0.z, r0.z, l(1)
store_uav_typed u0.xyzw, r0.xyyy, r0.zzzz
ret
)";

// PS: u1[SV_Position.xy] = 1 + SV_InnerCoverage; SV_Target = 1.
const char kPsInnerToUav[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xy
// SV_InnerCoverage         0    N/A vInnerCoverage INNERCOV    uint    YES
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_globalFlags refactoringAllowed
dcl_uav_typed_texture2d (uint,uint,uint,uint) u1
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_input vInnerCoverage
dcl_output o0.xyzw
dcl_temps 1
ftou r0.xy, v0.xyxx
and r0.z, vInnerCoverage, l(1)
iadd r0.z, r0.z, l(1)
store_uav_typed u1.xyzw, r0.xyyy, r0.zzzz
mov o0.xyzw, l(1.000000,1.000000,1.000000,1.000000)
ret
)";

// A size×size R32_UINT texture with a UAV.
struct UintUav {
  Com<ID3D11Texture2D> texture;
  Com<ID3D11UnorderedAccessView> uav;
  UintUav(RenderDevice& d, UINT size, UINT clear) {
    D3D11_TEXTURE2D_DESC td = texture2DDesc(size, size, DXGI_FORMAT_R32_UINT, D3D11_BIND_UNORDERED_ACCESS);
    REQUIRE(d->CreateTexture2D(&td, nullptr, texture.out()) == S_OK);
    REQUIRE(d->CreateUnorderedAccessView(texture.get(), nullptr, uav.out()) == S_OK);
    const UINT values[4] = {clear, clear, clear, clear};
    d.context->ClearUnorderedAccessViewUint(uav.get(), values);
  }
};

// Two triangles covering pixels [x0, x1) × [y0, y1) of a kSize target, edges on pixel boundaries.
std::vector<Vertex> rectangle(float x0, float y0, float x1, float y1) {
  auto v = [](float x, float y) {
    return Vertex{x / (kSize / 2.0f) - 1.0f, 1.0f - y / (kSize / 2.0f), 0.25f, 0.5f, 0.75f, 1.0f};
  };
  return {v(x0, y0), v(x1, y0), v(x0, y1), v(x0, y1), v(x1, y0), v(x1, y1)};
}

bool inside(UINT x, UINT y) { return x >= 4 && x < 20 && y >= 6 && y < 18; }

}  // namespace

TEST_CASE("a pixel shader stores to a RWTexture2D<uint> UAV beside a render target, once per covered pixel",
          "[draw][uav][pixels]") {
  Checked c;
  DrawTarget t(c.d, kSize, kSize);
  UintUav target(c.d, kSize, 0xDEADBEEFu);
  const std::vector<uint8_t> psCode = assembled(kPsStore);
  Com<ID3D11PixelShader> ps;
  REQUIRE(c.d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  c.d.context->PSSetShader(ps.get(), nullptr, 0);
  ID3D11RenderTargetView* rtvs[] = {t.rtv.get()};
  ID3D11UnorderedAccessView* uavs[] = {target.uav.get()};
  c.d.context->OMSetRenderTargetsAndUnorderedAccessViews(1, rtvs, nullptr, 1, 1, uavs, nullptr);
  const std::vector<Vertex> quad = rectangle(4, 6, 20, 18);
  Com<ID3D11Buffer> vb = makeBuffer(c.d, quad.data(), UINT(quad.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  c.d.context->Draw(6, 0);

  const std::vector<uint8_t> raw = readback(c.d, target.texture.get());
  const std::vector<std::array<float, 4>> colour = t.pixels();
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(texelAt<uint32_t>(raw, y * kSize + x) == (inside(x, y) ? y * 1000 + x + 1 : 0xDEADBEEFu));
      CHECK(colour[y * kSize + x][2] == (inside(x, y) ? 0.75f : 0.0f));
    }

  // The bindings read back, and the DDI saw the view and the UAV slot.
  Com<ID3D11RenderTargetView> gotRtv;
  ID3D11UnorderedAccessView* got[2] = {};
  c.d.context->OMGetRenderTargetsAndUnorderedAccessViews(1, gotRtv.out(), nullptr, 0, 2, got);
  CHECK(gotRtv.get() == t.rtv.get());
  CHECK(got[0] == nullptr);
  CHECK(got[1] == target.uav.get());
  for (ID3D11UnorderedAccessView* v : got)
    if (v) v->Release();
  CHECK(c.ddiCalls("CreateUnorderedAccessView") == 1);
  CHECK(c.ddiCalls("ClearUnorderedAccessViewUint") == 1);
  bool slotSeen = false;
  for (const std::string& line : c.trace.calls("SetRenderTargets"))
    slotSeen = slotSeen || line.find("UAVStartSlot=1, NumUAVs=63, UAVRangeStart=0, UAVRangeSize=64") != std::string::npos;
  CHECK(slotSeen);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("UAV loads see the previous draw's stores, with no render target bound", "[draw][uav][pixels]") {
  RenderDevice d;
  UintUav counter(d, kSize, 0);
  const std::vector<uint8_t> vsCode = assembled(kVsColor), psCode = assembled(kPsIncrement);
  Com<ID3D11VertexShader> vs;
  Com<ID3D11PixelShader> ps;
  Com<ID3D11InputLayout> layout;
  REQUIRE(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
  REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  REQUIRE(d->CreateInputLayout(kColorLayout, 2, vsCode.data(), vsCode.size(), layout.out()) == S_OK);
  const std::vector<Vertex> quad = rectangle(4, 6, 20, 18);
  Com<ID3D11Buffer> vb = makeBuffer(d, quad.data(), UINT(quad.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
  ID3D11Buffer* buffers[] = {vb.get()};
  const UINT stride = sizeof(Vertex), offset = 0;
  d.context->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
  d.context->IASetInputLayout(layout.get());
  d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  d.context->VSSetShader(vs.get(), nullptr, 0);
  d.context->PSSetShader(ps.get(), nullptr, 0);
  const D3D11_VIEWPORT vp{0, 0, float(kSize), float(kSize), 0, 1};
  d.context->RSSetViewports(1, &vp);
  ID3D11UnorderedAccessView* uavs[] = {counter.uav.get()};
  d.context->OMSetRenderTargetsAndUnorderedAccessViews(0, nullptr, nullptr, 0, 1, uavs, nullptr);
  constexpr UINT kDraws = 5;
  for (UINT i = 0; i < kDraws; ++i) d.context->Draw(6, 0);
  const std::vector<uint8_t> raw = readback(d, counter.texture.get());
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(texelAt<uint32_t>(raw, y * kSize + x) == (inside(x, y) ? kDraws : 0u));
    }
}

TEST_CASE("a native draw runs its UAV-writing pixel shader where SampleMask clears samples, the target keeps them",
          "[draw][uav][pixels]") {
  // D3D applies OMSetBlendState's SampleMask at output merging: the pixel shader
  // runs for every covered pixel and its UAV stores happen, whatever the mask
  // keeps of the render target. Conservative OFF: the native draw, on any device.
  Checked c;
  ID3D11DeviceContext* ctx = c.d.context.get();
  const std::vector<uint8_t> vsCode = assembled(kVsColor), psCode = assembled(kPsStore);
  Com<ID3D11VertexShader> vs;
  Com<ID3D11PixelShader> ps;
  Com<ID3D11InputLayout> layout;
  REQUIRE(c.d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
  REQUIRE(c.d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  REQUIRE(c.d->CreateInputLayout(kColorLayout, 2, vsCode.data(), vsCode.size(), layout.out()) == S_OK);
  ctx->IASetInputLayout(layout.get());
  ctx->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  ctx->VSSetShader(vs.get(), nullptr, 0);
  ctx->PSSetShader(ps.get(), nullptr, 0);
  const D3D11_VIEWPORT vp{0, 0, float(kSize), float(kSize), 0, 1};
  ctx->RSSetViewports(1, &vp);
  const std::vector<Vertex> quad = rectangle(4, 6, 20, 18);  // edges on pixel boundaries: exact on any device
  Com<ID3D11Buffer> vb = makeBuffer(c.d, quad.data(), UINT(quad.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
  ID3D11Buffer* buffers[] = {vb.get()};
  const UINT stride = sizeof(Vertex), offset = 0;
  ctx->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
  UintUav target(c.d, kSize, 0);
  Com<ID3D11Query> stats;
  const D3D11_QUERY_DESC statsDesc{D3D11_QUERY_PIPELINE_STATISTICS, 0};
  REQUIRE(c.d->CreateQuery(&statsDesc, stats.out()) == S_OK);

  // 4x: mask 0 keeps every sample, 0x5 writes samples 0 and 2 (half of the
  // resolved colour), 0xF all; 1x: a mask without bit 0 writes nothing.
  struct Case {
    UINT samples, mask;
    double resolvedShare;  // of the pixel shader's colour, inside the rectangle
  };
  // PSInvocations: 1x, one per covered pixel; 4x, as with the full mask (the
  // pixels along the shared diagonal run once per triangle) — a mask never
  // changes how often the pixel shader runs.
  uint64_t fullMaskInvocations = 0;
  for (const Case& k : {Case{4, 0xFu, 1.0}, Case{4, 0x0u, 0.0}, Case{4, 0xFFFFFFF0u, 0.0}, Case{4, 0x5u, 0.5},
                        Case{1, 0xFFFFFFFEu, 0.0}, Case{1, 0x1u, 1.0}}) {
    INFO(k.samples << "x, SampleMask 0x" << std::hex << k.mask);
    D3D11_TEXTURE2D_DESC md = texture2DDesc(kSize, kSize, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET);
    md.SampleDesc.Count = k.samples;
    Com<ID3D11Texture2D> rt, resolved;
    Com<ID3D11RenderTargetView> rtv;
    REQUIRE(c.d->CreateTexture2D(&md, nullptr, rt.out()) == S_OK);
    REQUIRE(c.d->CreateRenderTargetView(rt.get(), nullptr, rtv.out()) == S_OK);
    const D3D11_TEXTURE2D_DESC rd = texture2DDesc(kSize, kSize, DXGI_FORMAT_R8G8B8A8_UNORM, 0);
    REQUIRE(c.d->CreateTexture2D(&rd, nullptr, resolved.out()) == S_OK);
    const float clear[4] = {0, 0, 0, 0};
    const UINT zero[4] = {0, 0, 0, 0};
    ctx->ClearRenderTargetView(rtv.get(), clear);
    ctx->ClearUnorderedAccessViewUint(target.uav.get(), zero);
    ID3D11RenderTargetView* rtvs[] = {rtv.get()};
    ID3D11UnorderedAccessView* uavs[] = {target.uav.get()};
    ctx->OMSetRenderTargetsAndUnorderedAccessViews(1, rtvs, nullptr, 1, 1, uavs, nullptr);
    ctx->OMSetBlendState(nullptr, nullptr, k.mask);
    ctx->Begin(stats.get());
    ctx->Draw(6, 0);
    ctx->End(stats.get());
    D3D11_QUERY_DATA_PIPELINE_STATISTICS counted{};
    while (ctx->GetData(stats.get(), &counted, sizeof counted, 0) == S_FALSE) {
    }
    if (k.samples > 1)
      ctx->ResolveSubresource(resolved.get(), 0, rt.get(), 0, DXGI_FORMAT_R8G8B8A8_UNORM);
    else
      ctx->CopyResource(resolved.get(), rt.get());
    const std::vector<uint8_t> uav = readback(c.d, target.texture.get());
    const std::vector<uint8_t> colour = readback(c.d, resolved.get());
    int wrongUav = 0, wrongColour = 0;
    for (UINT y = 0; y < kSize; ++y)
      for (UINT x = 0; x < kSize; ++x) {
        wrongUav += texelAt<uint32_t>(uav, y * kSize + x) != (inside(x, y) ? y * 1000 + x + 1 : 0u);
        const double blue = inside(x, y) ? 0.75 * 255 * k.resolvedShare : 0.0;  // COLOR.b of rectangle()
        wrongColour += std::abs(colour[(y * kSize + x) * 4 + 2] - blue) > 1.5;
      }
    CHECK(wrongUav == 0);
    CHECK(wrongColour == 0);
    if (k.samples == 1) {
      CHECK(counted.PSInvocations == 16u * 12u);
    } else if (k.mask == 0xFu) {
      fullMaskInvocations = counted.PSInvocations;
      CHECK(fullMaskInvocations >= 16u * 12u);
    } else {
      CHECK(counted.PSInvocations == fullMaskInvocations);
    }
  }
  ctx->OMSetBlendState(nullptr, nullptr, 0xFFFFFFFFu);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("conservative fallback: a UAV written per pixel holds exactly the Tier 3 set and inner set, "
          "also with SampleMask 0 on 4x MSAA, where the target keeps every sample",
          "[draw][uav][conservative][fallback]") {
  ForceConservativeFallback fallback;
  Checked c;
  ID3D11DeviceContext* ctx = c.d.context.get();
  D3D11_TEXTURE2D_DESC md = texture2DDesc(kSize, kSize, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET);
  md.SampleDesc.Count = 4;
  Com<ID3D11Texture2D> ms, resolved;
  Com<ID3D11RenderTargetView> rtv;
  REQUIRE(c.d->CreateTexture2D(&md, nullptr, ms.out()) == S_OK);
  REQUIRE(c.d->CreateRenderTargetView(ms.get(), nullptr, rtv.out()) == S_OK);
  D3D11_TEXTURE2D_DESC rd = texture2DDesc(kSize, kSize, DXGI_FORMAT_R8G8B8A8_UNORM, 0);
  REQUIRE(c.d->CreateTexture2D(&rd, nullptr, resolved.out()) == S_OK);
  Com<ID3D11Device3> device3;
  REQUIRE(c.d->QueryInterface(__uuidof(ID3D11Device3), reinterpret_cast<void**>(device3.out())) == S_OK);
  const D3D11_RASTERIZER_DESC2 rs{D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0.0f, 0.0f, TRUE, FALSE, TRUE, FALSE,
                                  0, D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON};
  Com<ID3D11RasterizerState2> state;
  REQUIRE(device3->CreateRasterizerState2(&rs, state.out()) == S_OK);
  const std::vector<uint8_t> vsCode = assembled(kVsPosition), psCode = assembled(kPsInnerToUav);
  Com<ID3D11VertexShader> vs;
  Com<ID3D11PixelShader> ps;
  Com<ID3D11InputLayout> layout;
  REQUIRE(c.d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
  REQUIRE(c.d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  const D3D11_INPUT_ELEMENT_DESC element{"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0};
  REQUIRE(c.d->CreateInputLayout(&element, 1, vsCode.data(), vsCode.size(), layout.out()) == S_OK);

  constexpr int kTriangles = 24;
  std::mt19937 rng(7);
  std::vector<raster::ScreenTriangle> triangles(kTriangles);
  std::vector<float> ndc;
  for (raster::ScreenTriangle& tri : triangles)
    for (auto& v : tri.v) {
      v = {gridCoordinate(rng, int(kSize)), gridCoordinate(rng, int(kSize))};
      ndc.push_back(v.x / (kSize / 2.0f) - 1.0f);
      ndc.push_back(1.0f - v.y / (kSize / 2.0f));
    }
  Com<ID3D11Buffer> vb = makeBuffer(c.d, ndc.data(), UINT(ndc.size() * sizeof(float)), D3D11_BIND_VERTEX_BUFFER);
  ID3D11Buffer* buffers[] = {vb.get()};
  const UINT stride = 8, offset = 0;
  ctx->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
  ctx->IASetInputLayout(layout.get());
  ctx->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  ctx->VSSetShader(vs.get(), nullptr, 0);
  ctx->PSSetShader(ps.get(), nullptr, 0);
  ctx->RSSetState(state.get());
  const D3D11_VIEWPORT vp{0, 0, float(kSize), float(kSize), 0, 1};
  ctx->RSSetViewports(1, &vp);
  UintUav target(c.d, kSize, 0);
  ID3D11RenderTargetView* rtvs[] = {rtv.get()};
  ID3D11UnorderedAccessView* uavs[] = {target.uav.get()};
  ctx->OMSetRenderTargetsAndUnorderedAccessViews(1, rtvs, nullptr, 1, 1, uavs, nullptr);

  int withInner = 0;
  for (UINT sampleMask : {0xFFFFFFFFu, 0u}) {
    ctx->OMSetBlendState(nullptr, nullptr, sampleMask);
    for (int i = 0; i < kTriangles; ++i) {
      const float clear[4] = {0, 0, 0, 0};
      const UINT zero[4] = {0, 0, 0, 0};
      ctx->ClearRenderTargetView(rtv.get(), clear);
      ctx->ClearUnorderedAccessViewUint(target.uav.get(), zero);
      ctx->Draw(3, UINT(3 * i));
      const std::set<std::pair<int, int>> expectLit = conservativePixels(triangles[i], false, int(kSize));
      const std::set<std::pair<int, int>> expectInner = conservativePixels(triangles[i], true, int(kSize));
      withInner += !expectInner.empty();
      const std::vector<uint8_t> raw = readback(c.d, target.texture.get());
      ctx->ResolveSubresource(resolved.get(), 0, ms.get(), 0, DXGI_FORMAT_R8G8B8A8_UNORM);
      const std::vector<uint8_t> colour = readback(c.d, resolved.get());
      std::set<std::pair<int, int>> lit, inner, written;
      for (UINT y = 0; y < kSize; ++y)
        for (UINT x = 0; x < kSize; ++x) {
          const uint32_t v = texelAt<uint32_t>(raw, y * kSize + x);
          if (v) lit.insert({int(x), int(y)});
          if (v == 2) inner.insert({int(x), int(y)});
          if (colour[(y * kSize + x) * 4]) written.insert({int(x), int(y)});
        }
      INFO("SampleMask " << sampleMask << ", triangle " << i);
      CHECK(lit == expectLit);
      CHECK(inner == expectInner);
      // Every sample of a conservatively rasterized pixel is covered: with the
      // full mask the resolved target shows the set, with mask 0 nothing.
      CHECK(written == (sampleMask ? expectLit : std::set<std::pair<int, int>>{}));
    }
  }
  CHECK(withInner > 10);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("UAV rules: bind flags, slot ranges, output hazards, clears and ClearState, each with its message",
          "[draw][uav][errors]") {
  Checked c;
  ID3D11DeviceContext* ctx = c.d.context.get();
  // A texture without D3D11_BIND_UNORDERED_ACCESS takes no UAV.
  D3D11_TEXTURE2D_DESC plain = texture2DDesc(8, 8, DXGI_FORMAT_R32_UINT, D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Texture2D> noUav;
  REQUIRE(c.d->CreateTexture2D(&plain, nullptr, noUav.out()) == S_OK);
  Com<ID3D11UnorderedAccessView> view;
  CHECK(c.d->CreateUnorderedAccessView(noUav.get(), nullptr, view.out()) == E_INVALIDARG);
  CHECK(view.get() == nullptr);
  std::vector<StoredMessage> m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 2);
  CHECK(m[0].id == D3D11_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDRESOURCE);
  CHECK(m[0].text.find("D3D11_BIND_UNORDERED_ACCESS") != std::string::npos);
  CHECK(m[1].id == D3D11_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDARG_RETURN);
  // A multisampled texture cannot be a UAV.
  D3D11_TEXTURE2D_DESC msDesc =
      texture2DDesc(8, 8, DXGI_FORMAT_R32_UINT, D3D11_BIND_RENDER_TARGET | D3D11_BIND_UNORDERED_ACCESS);
  msDesc.SampleDesc.Count = 4;
  Com<ID3D11Texture2D> msTex;
  CHECK(c.d->CreateTexture2D(&msDesc, nullptr, msTex.out()) == E_INVALIDARG);
  m = drainMessages(c.queue.get());
  REQUIRE_FALSE(m.empty());
  CHECK(m[0].id == D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDBINDFLAGS);
  // A UAV of a slice range past the texture.
  D3D11_TEXTURE2D_DESC both = texture2DDesc(8, 8, DXGI_FORMAT_R32_UINT,
                                            D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_UNORDERED_ACCESS);
  Com<ID3D11Texture2D> tex;
  REQUIRE(c.d->CreateTexture2D(&both, nullptr, tex.out()) == S_OK);
  D3D11_UNORDERED_ACCESS_VIEW_DESC bad{DXGI_FORMAT_R32_UINT, D3D11_UAV_DIMENSION_TEXTURE2DARRAY, {}};
  bad.Texture2DArray = {0, 1, 1};
  CHECK(c.d->CreateUnorderedAccessView(tex.get(), &bad, view.out()) == E_INVALIDARG);
  m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 2);
  CHECK(m[0].id == D3D11_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDDIMENSIONS);
  CHECK(c.ddiCalls("CreateUnorderedAccessView") == 0);

  Com<ID3D11UnorderedAccessView> uav;
  REQUIRE(c.d->CreateUnorderedAccessView(tex.get(), nullptr, uav.out()) == S_OK);
  D3D11_UNORDERED_ACCESS_VIEW_DESC desc{};
  uav->GetDesc(&desc);
  CHECK(desc.Format == DXGI_FORMAT_R32_UINT);
  CHECK(desc.ViewDimension == D3D11_UAV_DIMENSION_TEXTURE2D);
  Com<ID3D11ShaderResourceView> srv;
  REQUIRE(c.d->CreateShaderResourceView(tex.get(), nullptr, srv.out()) == S_OK);

  // Binding the resource as a UAV unbinds it from the shader-resource slots.
  ID3D11ShaderResourceView* srvs[] = {srv.get()};
  ctx->PSSetShaderResources(3, 1, srvs);
  ID3D11UnorderedAccessView* uavs[] = {uav.get()};
  ctx->OMSetRenderTargetsAndUnorderedAccessViews(0, nullptr, nullptr, 2, 1, uavs, nullptr);
  ID3D11ShaderResourceView* gotSrv = reinterpret_cast<ID3D11ShaderResourceView*>(1);
  ctx->PSGetShaderResources(3, 1, &gotSrv);
  CHECK(gotSrv == nullptr);
  m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 1);
  CHECK(m[0].id == D3D11_MESSAGE_ID_DEVICE_OMSETRENDERTARGETS_HAZARD);

  // UAVs start at or after the render targets and end within the 64 slots; otherwise nothing changes.
  D3D11_TEXTURE2D_DESC rtDesc = texture2DDesc(8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET);
  Com<ID3D11Texture2D> rtTex;
  Com<ID3D11RenderTargetView> rtv;
  REQUIRE(c.d->CreateTexture2D(&rtDesc, nullptr, rtTex.out()) == S_OK);
  REQUIRE(c.d->CreateRenderTargetView(rtTex.get(), nullptr, rtv.out()) == S_OK);
  ID3D11RenderTargetView* rtvs[] = {rtv.get(), rtv.get(), rtv.get()};
  ctx->OMSetRenderTargetsAndUnorderedAccessViews(3, rtvs, nullptr, 2, 1, uavs, nullptr);
  ctx->OMSetRenderTargetsAndUnorderedAccessViews(0, nullptr, nullptr, 63, 2, uavs, nullptr);
  m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 2);
  CHECK(m[0].id == D3D11_MESSAGE_ID_CORRUPTED_PARAMETER1);
  CHECK(m[0].text.find("UAVStartSlot (2)") != std::string::npos);
  CHECK(m[1].id == D3D11_MESSAGE_ID_CORRUPTED_PARAMETER1);
  ID3D11UnorderedAccessView* got = nullptr;
  ctx->OMGetRenderTargetsAndUnorderedAccessViews(0, nullptr, nullptr, 2, 1, &got);
  CHECK(got == uav.get());
  if (got) got->Release();

  // The same resource as a render target and a UAV at once: an error, the call is ignored.
  D3D11_TEXTURE2D_DESC rtUavDesc = texture2DDesc(8, 8, DXGI_FORMAT_R32_UINT,
                                                 D3D11_BIND_RENDER_TARGET | D3D11_BIND_UNORDERED_ACCESS);
  Com<ID3D11Texture2D> rtUavTex;
  Com<ID3D11RenderTargetView> rtUavRtv;
  Com<ID3D11UnorderedAccessView> rtUavUav;
  REQUIRE(c.d->CreateTexture2D(&rtUavDesc, nullptr, rtUavTex.out()) == S_OK);
  REQUIRE(c.d->CreateRenderTargetView(rtUavTex.get(), nullptr, rtUavRtv.out()) == S_OK);
  REQUIRE(c.d->CreateUnorderedAccessView(rtUavTex.get(), nullptr, rtUavUav.out()) == S_OK);
  ID3D11RenderTargetView* clashRtv[] = {rtUavRtv.get()};
  ID3D11UnorderedAccessView* clashUav[] = {rtUavUav.get()};
  ctx->OMSetRenderTargetsAndUnorderedAccessViews(1, clashRtv, nullptr, 1, 1, clashUav, nullptr);
  m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 1);
  CHECK(m[0].id == D3D11_MESSAGE_ID_DEVICE_OMSETRENDERTARGETSANDUNORDEREDACCESSVIEWS_HAZARD);
  ctx->OMGetRenderTargetsAndUnorderedAccessViews(0, nullptr, nullptr, 2, 1, &got);
  CHECK(got == uav.get());
  if (got) got->Release();

  // OMSetRenderTargets keeps the UAVs past its render targets and drops the ones it covers.
  ctx->OMSetRenderTargets(2, rtvs, nullptr);
  ctx->OMGetRenderTargetsAndUnorderedAccessViews(0, nullptr, nullptr, 2, 1, &got);
  CHECK(got == uav.get());
  if (got) got->Release();
  ctx->OMSetRenderTargets(3, rtvs, nullptr);
  ctx->OMGetRenderTargetsAndUnorderedAccessViews(0, nullptr, nullptr, 2, 1, &got);
  CHECK(got == nullptr);
  CHECK(drainMessages(c.queue.get()).empty());

  // ClearUnorderedAccessViewFloat needs a float/norm view; on R32_UINT it never reaches the driver.
  const float floats[4] = {0.5f, 0.5f, 0.5f, 0.5f};
  ctx->ClearUnorderedAccessViewFloat(uav.get(), floats);
  m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 1);
  CHECK(m[0].text.find("ClearUnorderedAccessViewUint") != std::string::npos);
  CHECK(c.ddiCalls("ClearUnorderedAccessViewFloat") == 0);

  // ClearUnorderedAccessViewUint on UNORM: the low 8 bits of each value, as raw bits;
  // ClearUnorderedAccessViewFloat on FLOAT: the value.
  D3D11_TEXTURE2D_DESC unormDesc = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_UNORDERED_ACCESS);
  Com<ID3D11Texture2D> unorm;
  Com<ID3D11UnorderedAccessView> unormUav;
  REQUIRE(c.d->CreateTexture2D(&unormDesc, nullptr, unorm.out()) == S_OK);
  REQUIRE(c.d->CreateUnorderedAccessView(unorm.get(), nullptr, unormUav.out()) == S_OK);
  const UINT bits[4] = {0x1FF, 0x80, 0x300, 0x3F};
  ctx->ClearUnorderedAccessViewUint(unormUav.get(), bits);
  const std::vector<uint8_t> u8 = readback(c.d, unorm.get());
  CHECK(u8[0] == 0xFF);
  CHECK(u8[1] == 0x80);
  CHECK(u8[2] == 0x00);
  CHECK(u8[3] == 0x3F);
  D3D11_TEXTURE2D_DESC floatDesc = texture2DDesc(4, 4, DXGI_FORMAT_R32_FLOAT, D3D11_BIND_UNORDERED_ACCESS);
  Com<ID3D11Texture2D> f32;
  Com<ID3D11UnorderedAccessView> f32Uav;
  REQUIRE(c.d->CreateTexture2D(&floatDesc, nullptr, f32.out()) == S_OK);
  REQUIRE(c.d->CreateUnorderedAccessView(f32.get(), nullptr, f32Uav.out()) == S_OK);
  const float quarter[4] = {0.25f, 0, 0, 0};
  ctx->ClearUnorderedAccessViewFloat(f32Uav.get(), quarter);
  CHECK(texelAt<float>(readback(c.d, f32.get()), 5) == 0.25f);

  // ClearState empties every UAV slot.
  ctx->OMSetRenderTargetsAndUnorderedAccessViews(0, nullptr, nullptr, 5, 1, uavs, nullptr);
  ctx->ClearState();
  ctx->OMGetRenderTargetsAndUnorderedAccessViews(0, nullptr, nullptr, 5, 1, &got);
  CHECK(got == nullptr);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("the D3D11.1 DDI table creates UAVs with D3D11DDIARG_CREATEUNORDEREDACCESSVIEW and draws the same",
          "[draw][uav][ddi]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ScopedEnv hide("D3DVK_TRACE_HIDE_VERSIONS", "wddm2_0");
  {
    RenderDevice d;
    DrawTarget t(d, kSize, kSize);
    UintUav target(d, kSize, 7);
    const std::vector<uint8_t> psCode = assembled(kPsStore);
    Com<ID3D11PixelShader> ps;
    REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
    d.context->PSSetShader(ps.get(), nullptr, 0);
    ID3D11RenderTargetView* rtvs[] = {t.rtv.get()};
    ID3D11UnorderedAccessView* uavs[] = {target.uav.get()};
    d.context->OMSetRenderTargetsAndUnorderedAccessViews(1, rtvs, nullptr, 1, 1, uavs, nullptr);
    const std::vector<Vertex> quad = rectangle(4, 6, 20, 18);
    Com<ID3D11Buffer> vb = makeBuffer(d, quad.data(), UINT(quad.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
    t.bindVertices(vb.get());
    d.context->Draw(6, 0);
    const std::vector<uint8_t> raw = readback(d, target.texture.get());
    for (UINT y = 0; y < kSize; ++y)
      for (UINT x = 0; x < kSize; ++x) {
        INFO("pixel " << x << "," << y);
        CHECK(texelAt<uint32_t>(raw, y * kSize + x) == (inside(x, y) ? y * 1000 + x + 1 : 7u));
      }
  }
  REQUIRE(trace.calls("CreateDevice").size() == 1);
  CHECK(trace.calls("CreateDevice")[0].find("Interface=0x000B000F") != std::string::npos);  // D3D11.1
  const std::vector<std::string> create = trace.calls("CreateUnorderedAccessView");
  REQUIRE(create.size() == 1);
  CHECK(create[0].find("Format=42, Dimension=TEXTURE2D, MipSlice=0, FirstArraySlice=0, ArraySize=1") !=
        std::string::npos);  // DXGI_FORMAT_R32_UINT
}
