// tests/draw: queries through the public API on the real UMD (lavapipe) — exact
// occlusion sample counts (1x, 4x, depth-tested, conservative on the fallback),
// events, timestamps and the disjoint query, pipeline statistics of native and
// fallback draws (PSInvocations exactly the pixels or samples translate/raster's
// standard mode covers), the DDI traffic (trace filter) and every error path
// with its HRESULT and debug-layer message.
#include "../render/checked_device.h"
#include "draw_test_util.h"
#include "expected_device.h"
#include "grid_triangles.h"

#include <d3dvk/raster/rasterizer.h>

#include <chrono>
#include <random>
#include <set>
#include <thread>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

std::vector<D3D11_MESSAGE_ID> drainIds(ID3D11InfoQueue* queue) {
  std::vector<D3D11_MESSAGE_ID> out;
  for (const StoredMessage& m : drainMessages(queue)) out.push_back(m.id);
  return out;
}

Com<ID3D11Query> makeQuery(RenderDevice& d, D3D11_QUERY type) {
  const D3D11_QUERY_DESC desc{type, 0};
  Com<ID3D11Query> q;
  REQUIRE(d->CreateQuery(&desc, q.out()) == S_OK);
  return q;
}

// GetData until the result is there (S_FALSE means not yet); the final HRESULT.
template <typename T>
HRESULT waitData(RenderDevice& d, ID3D11Asynchronous* q, T* out, UINT flags = 0) {
  HRESULT hr = S_FALSE;
  for (int i = 0; i < 10000 && hr == S_FALSE; ++i) {
    hr = d.context->GetData(q, out, sizeof(T), flags);
    if (hr == S_FALSE) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return hr;
}

// Two triangles covering the pixel rectangle [x0, x1) × [y0, y1) of a W×H target
// (edges on pixel boundaries, so exactly its pixels' centres and samples are inside).
std::vector<Vertex> rectangle(int x0, int y0, int x1, int y1, UINT w, UINT h) {
  auto nx = [&](int x) { return 2.0f * float(x) / float(w) - 1.0f; };
  auto ny = [&](int y) { return 1.0f - 2.0f * float(y) / float(h); };
  const Vertex a{nx(x0), ny(y0), 1, 1, 1, 1}, b{nx(x1), ny(y0), 1, 1, 1, 1}, c{nx(x0), ny(y1), 1, 1, 1, 1},
      e{nx(x1), ny(y1), 1, 1, 1, 1};
  return {a, b, c, c, b, e};
}

// A W×H R8G8B8A8 target with `samples` samples, bound with a full viewport, and
// the colour shaders and layout of DrawTarget.
struct SampledTarget {
  RenderDevice& d;
  Com<ID3D11Texture2D> texture;
  Com<ID3D11RenderTargetView> rtv;
  Com<ID3D11VertexShader> vs;
  Com<ID3D11PixelShader> ps;
  Com<ID3D11InputLayout> layout;
  SampledTarget(RenderDevice& device, UINT w, UINT h, UINT samples) : d(device) {
    D3D11_TEXTURE2D_DESC td =
        texture2DDesc(w, h, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET, D3D11_USAGE_DEFAULT, 0, samples);
    REQUIRE(d->CreateTexture2D(&td, nullptr, texture.out()) == S_OK);
    REQUIRE(d->CreateRenderTargetView(texture.get(), nullptr, rtv.out()) == S_OK);
    ID3D11RenderTargetView* views[] = {rtv.get()};
    d.context->OMSetRenderTargets(1, views, nullptr);
    const D3D11_VIEWPORT vp{0, 0, float(w), float(h), 0, 1};
    d.context->RSSetViewports(1, &vp);
    const std::vector<uint8_t> vsCode = assembled(kVsColor), psCode = assembled(kPsColor);
    REQUIRE(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
    REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
    REQUIRE(d->CreateInputLayout(kColorLayout, 2, vsCode.data(), vsCode.size(), layout.out()) == S_OK);
    d.context->IASetInputLayout(layout.get());
    d.context->VSSetShader(vs.get(), nullptr, 0);
    d.context->PSSetShader(ps.get(), nullptr, 0);
    d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  }
  // Binds `v` (kept alive by the returned buffer).
  Com<ID3D11Buffer> bind(const std::vector<Vertex>& v) {
    Com<ID3D11Buffer> vb = makeBuffer(d, v.data(), UINT(v.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
    ID3D11Buffer* buffers[] = {vb.get()};
    const UINT stride = sizeof(Vertex), offset = 0;
    d.context->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
    return vb;
  }
};

// The Tier 3 conservative pixels of a screen-space triangle (translate/raster).
size_t conservativePixelCount(const raster::ScreenTriangle& tri, int size) {
  raster::RasterizerDrawState state;
  state.mode = raster::RasterMode::Conservative;
  state.tier = raster::ConservativeTier::Tier3;
  state.clip = {0, 0, size, size};
  raster::SpanRowArray rows;
  const raster::TriangleCoverage cov = raster::rasterizeTriangle(tri, state, rows);
  size_t pixels = 0;
  for (uint32_t r = 0; r < cov.rowCount; ++r) pixels += size_t(rows[r].outerEnd - rows[r].outerBegin);
  return pixels;
}

// D3D's (and Vulkan's) standard 4x sample positions, in 1/16 px from the pixel centre.
constexpr int kSamplePositions4x[4][2] = {{-2, -6}, {6, -2}, {-6, 2}, {2, 6}};

// The pixels of a size×size target whose point (centre + (dx, dy) px) translate/raster's
// standard mode covers: the triangle moved by (-dx, -dy) covers their centres.
std::set<std::pair<int, int>> standardCoverage(const raster::ScreenTriangle& tri, int size, float dx = 0,
                                               float dy = 0) {
  raster::ScreenTriangle moved = tri;
  for (auto& v : moved.v) v = {v.x - dx, v.y - dy};
  raster::RasterizerDrawState state;
  state.mode = raster::RasterMode::Standard;
  state.clip = {0, 0, size, size};
  raster::SpanRowArray rows;
  const raster::TriangleCoverage cov = raster::rasterizeTriangle(moved, state, rows);
  std::set<std::pair<int, int>> pixels;
  for (uint32_t r = 0; r < cov.rowCount; ++r)
    for (int x = rows[r].outerBegin; x < rows[r].outerEnd; ++x) pixels.insert({x, cov.firstY + int(r)});
  return pixels;
}

// Pixel-shader invocations a triangle causes on a size×size target with
// `samples` (1 or 4): its covered pixels at pixel frequency (a pixel with any
// covered sample), its covered samples at sample frequency.
uint64_t expectedInvocations(const raster::ScreenTriangle& tri, int size, UINT samples, bool perSample) {
  if (samples == 1) return standardCoverage(tri, size).size();
  std::set<std::pair<int, int>> anySample;
  uint64_t coveredSamples = 0;
  for (const auto& p : kSamplePositions4x) {
    const std::set<std::pair<int, int>> covered = standardCoverage(tri, size, p[0] / 16.0f, p[1] / 16.0f);
    coveredSamples += covered.size();
    anySample.insert(covered.begin(), covered.end());
  }
  return perSample ? coveredSamples : anySample.size();
}

// No sample point of the target (pixel centres, and the 4x positions) lies
// within one subpixel of the device (1/256 px at D3D's 8 bits) of an edge
// line: there the Vulkan spec leaves the answer to the device's precision
// (grid_triangles.h; lavapipe's edge evaluation is less precise than exact
// 16.8), so the tests use only triangles where the device and translate/raster must agree.
bool clearOfEdges(const raster::ScreenTriangle& tri, int size) {
  static const double tolerance = subpixelToleranceUnits(expectedDevice().subPixelPrecisionBits);
  for (int s = -1; s < 4; ++s) {
    raster::ScreenTriangle moved = tri;
    if (s >= 0)
      for (auto& v : moved.v) v = {v.x - kSamplePositions4x[s][0] / 16.0f, v.y - kSamplePositions4x[s][1] / 16.0f};
    for (int y = 0; y < size; ++y)
      for (int x = 0; x < size; ++x)
        if (centreToEdgeUnits(moved, x, y) < tolerance) return false;
  }
  return true;
}

// `count` random triangles on the 16.8 grid of a size×size target, each
// covering at least one pixel centre and clear of edges (see clearOfEdges);
// with `inside`, inside the target. Triangles reaching outside may be clipped
// into several by the device (lavapipe does), and at pixel frequency on a
// multisampled target a pixel on an edge between two pieces then runs the
// pixel shader once per piece: more than the pixels the triangle covers.
std::vector<raster::ScreenTriangle> randomTriangles(std::mt19937& rng, int size, int count, bool inside = false) {
  std::vector<raster::ScreenTriangle> out;
  std::uniform_int_distribution<int> fixedCoord(0, size * 256);
  while (int(out.size()) < count) {
    raster::ScreenTriangle tri;
    for (auto& v : tri.v)
      v = inside ? raster::ScreenVertex{fixedCoord(rng) / 256.0f, fixedCoord(rng) / 256.0f}
                 : raster::ScreenVertex{gridCoordinate(rng, size), gridCoordinate(rng, size)};
    if (clearOfEdges(tri, size) && !standardCoverage(tri, size).empty()) out.push_back(tri);
  }
  return out;
}

// The triangles' vertices for a size×size target with a full viewport (exact in float).
std::vector<Vertex> toVertices(const std::vector<raster::ScreenTriangle>& triangles, int size) {
  std::vector<Vertex> out;
  for (const raster::ScreenTriangle& tri : triangles)
    for (const auto& v : tri.v) out.push_back({v.x / (size / 2.0f) - 1.0f, 1.0f - v.y / (size / 2.0f), 1, 1, 1, 1});
  return out;
}

// PS: SV_Target0 = COLOR, after discarding every pixel whose COLOR.x is not 0.
const char kPsDiscard[] = R"(//
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
//
ps_5_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
discard_nz v1.x
mov o0.xyzw, v1.xyzw
ret
)";

// PS: kPsColor with forceEarlyDepthStencil.
const char kPsColorEarlyDepth[] = R"(//
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
//
ps_5_0
dcl_globalFlags refactoringAllowed | forceEarlyDepthStencil
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
)";

// PS at sample frequency (it reads SV_SampleIndex): SV_Target0 = COLOR * (1 + 0 * index).
const char kPsPerSample[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// COLOR                    0   xyzw        1     NONE   float   xyzw
// SV_SampleIndex           0   x           2   SAMPLE    uint   x
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_input_ps linear v1.xyzw
dcl_input_ps_sgv constant v2.x, sampleIndex
dcl_output o0.xyzw
dcl_temps 1
utof r0.x, v2.x
mad o0.xyzw, r0.xxxx, l(0.0,0.0,0.0,0.0), v1.xyzw
ret
)";

// Binds a rasterizer state that culls nothing (translate/raster's expectations cull nothing either).
Com<ID3D11RasterizerState> cullNone(RenderDevice& d) {
  const D3D11_RASTERIZER_DESC rd{D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0.0f, 0.0f, TRUE, FALSE, FALSE, FALSE};
  Com<ID3D11RasterizerState> rs;
  REQUIRE(d->CreateRasterizerState(&rd, rs.out()) == S_OK);
  d.context->RSSetState(rs.get());
  return rs;
}

D3D11_QUERY_DATA_PIPELINE_STATISTICS statistics(RenderDevice& d, ID3D11Query* q) {
  D3D11_QUERY_DATA_PIPELINE_STATISTICS s{};
  REQUIRE(waitData(d, q, &s) == S_OK);
  return s;
}

}  // namespace

TEST_CASE("occlusion queries count exactly the samples that pass: N*M at 1x, 4*N*M at 4x", "[draw][query]") {
  RenderDevice d;
  for (UINT samples : {1u, 4u}) {
    INFO("samples " << samples);
    SampledTarget t(d, 16, 16, samples);
    Com<ID3D11Buffer> vb = t.bind(rectangle(2, 3, 10, 8, 16, 16));  // 8 x 5 pixels
    Com<ID3D11Query> q = makeQuery(d, D3D11_QUERY_OCCLUSION);
    d.context->Begin(q.get());
    d.context->Draw(6, 0);
    d.context->End(q.get());
    UINT64 passed = ~0ull;
    REQUIRE(waitData(d, q.get(), &passed) == S_OK);
    CHECK(passed == 40ull * samples);
    // Reused, spanning two draws and a Flush (two batches): the segments add up.
    d.context->Begin(q.get());
    d.context->Draw(6, 0);
    d.context->Flush();
    d.context->Draw(3, 0);  // the first triangle: 8 x 5 / 2 + 4 pixel centres on the diagonal side
    d.context->End(q.get());
    REQUIRE(waitData(d, q.get(), &passed) == S_OK);
    UINT64 firstTriangle = 0;
    Com<ID3D11Query> one = makeQuery(d, D3D11_QUERY_OCCLUSION);
    d.context->Begin(one.get());
    d.context->Draw(3, 0);
    d.context->End(one.get());
    REQUIRE(waitData(d, one.get(), &firstTriangle) == S_OK);
    CHECK(firstTriangle > 0);
    CHECK(firstTriangle < 40ull * samples);
    CHECK(passed == 40ull * samples + firstTriangle);
  }
}

TEST_CASE("occlusion queries count only samples passing the depth test", "[draw][query]") {
  RenderDevice d;
  SampledTarget t(d, 16, 16, 1);
  D3D11_TEXTURE2D_DESC dd = texture2DDesc(16, 16, DXGI_FORMAT_D32_FLOAT, D3D11_BIND_DEPTH_STENCIL);
  Com<ID3D11Texture2D> depth;
  Com<ID3D11DepthStencilView> dsv;
  REQUIRE(d->CreateTexture2D(&dd, nullptr, depth.out()) == S_OK);
  REQUIRE(d->CreateDepthStencilView(depth.get(), nullptr, dsv.out()) == S_OK);
  ID3D11RenderTargetView* views[] = {t.rtv.get()};
  d.context->OMSetRenderTargets(1, views, dsv.get());
  D3D11_DEPTH_STENCIL_DESC desc{TRUE, D3D11_DEPTH_WRITE_MASK_ALL, D3D11_COMPARISON_LESS, FALSE, 0xFF, 0xFF, {}, {}};
  desc.FrontFace = desc.BackFace = {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                    D3D11_COMPARISON_ALWAYS};
  Com<ID3D11DepthStencilState> state;
  REQUIRE(d->CreateDepthStencilState(&desc, state.out()) == S_OK);
  d.context->OMSetDepthStencilState(state.get(), 0);
  d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH, 1.0f, 0);
  // The VS writes depth 0: the small rectangle (3 x 2) passes LESS against 1 and
  // writes 0; the big one (8 x 5, covering it) then fails exactly there.
  Com<ID3D11Buffer> small = t.bind(rectangle(4, 4, 7, 6, 16, 16));
  Com<ID3D11Query> first = makeQuery(d, D3D11_QUERY_OCCLUSION), second = makeQuery(d, D3D11_QUERY_OCCLUSION);
  d.context->Begin(first.get());
  d.context->Draw(6, 0);
  d.context->End(first.get());
  Com<ID3D11Buffer> big = t.bind(rectangle(2, 3, 10, 8, 16, 16));
  d.context->Begin(second.get());
  d.context->Draw(6, 0);
  d.context->End(second.get());
  UINT64 a = 0, b = 0;
  REQUIRE(waitData(d, first.get(), &a) == S_OK);
  REQUIRE(waitData(d, second.get(), &b) == S_OK);
  CHECK(a == 6);
  CHECK(b == 40 - 6);
}

TEST_CASE("a conservative draw's occlusion count is 4x its Tier 3 pixels on a 4x target, statistics count the "
          "app's draw",
          "[draw][query][conservative][fallback]") {
  ForceConservativeFallback fallback;
  constexpr int kSize = 32;
  Checked c;
  SampledTarget t(c.d, kSize, kSize, 4);
  Com<ID3D11Device3> device3;
  REQUIRE(c.d->QueryInterface(__uuidof(ID3D11Device3), reinterpret_cast<void**>(device3.out())) == S_OK);
  const D3D11_RASTERIZER_DESC2 rd{D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0.0f, 0.0f, TRUE, FALSE, TRUE, FALSE,
                                  0, D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON};
  Com<ID3D11RasterizerState2> conservative;
  REQUIRE(device3->CreateRasterizerState2(&rd, conservative.out()) == S_OK);

  constexpr int kTriangles = 12;
  std::mt19937 rng(20261122);
  std::vector<Vertex> vertices;
  size_t pixels = 0;
  for (int i = 0; i < kTriangles; ++i) {
    raster::ScreenTriangle tri;
    for (auto& v : tri.v) {
      v = {gridCoordinate(rng, kSize), gridCoordinate(rng, kSize)};
      vertices.push_back({v.x / (kSize / 2.0f) - 1.0f, 1.0f - v.y / (kSize / 2.0f), 1, 1, 1, 1});
    }
    pixels += conservativePixelCount(tri, kSize);
  }
  REQUIRE(pixels > 50);
  Com<ID3D11Buffer> vb = t.bind(vertices);
  Com<ID3D11Query> occlusion = makeQuery(c.d, D3D11_QUERY_OCCLUSION);
  Com<ID3D11Query> stats = makeQuery(c.d, D3D11_QUERY_PIPELINE_STATISTICS);
  c.d.context->RSSetState(conservative.get());
  c.d.context->Begin(occlusion.get());
  c.d.context->Begin(stats.get());
  c.d.context->Draw(UINT(vertices.size()), 0);
  c.d.context->End(stats.get());
  c.d.context->End(occlusion.get());
  UINT64 passed = 0;
  REQUIRE(waitData(c.d, occlusion.get(), &passed) == S_OK);
  CHECK(passed == 4 * pixels);
  D3D11_QUERY_DATA_PIPELINE_STATISTICS s{};
  REQUIRE(waitData(c.d, stats.get(), &s) == S_OK);
  CHECK(s.IAVertices == 3 * kTriangles);
  CHECK(s.IAPrimitives == kTriangles);
  CHECK(s.VSInvocations == 3 * kTriangles);
  CHECK(s.CInvocations == kTriangles);
  CHECK(s.PSInvocations == pixels);  // every conservatively covered pixel counts as fully covered
  CHECK(s.CPrimitives <= s.CInvocations);
  CHECK(s.GSInvocations + s.GSPrimitives + s.HSInvocations + s.DSInvocations + s.CSInvocations == 0);
  CHECK(drainIds(c.queue.get()).empty());
}

TEST_CASE("pipeline statistics of a native draw are exact, a fallback draw inside adds only its own values",
          "[draw][query]") {
  ForceConservativeFallback fallback;
  RenderDevice d;
  SampledTarget t(d, 16, 16, 1);
  Com<ID3D11Buffer> vb = t.bind(rectangle(2, 3, 10, 8, 16, 16));
  Com<ID3D11Query> stats = makeQuery(d, D3D11_QUERY_PIPELINE_STATISTICS);
  REQUIRE(stats->GetDataSize() == sizeof(D3D11_QUERY_DATA_PIPELINE_STATISTICS));
  d.context->Begin(stats.get());
  d.context->Draw(6, 0);
  d.context->End(stats.get());
  D3D11_QUERY_DATA_PIPELINE_STATISTICS s{};
  REQUIRE(waitData(d, stats.get(), &s) == S_OK);
  CHECK(s.IAVertices == 6);
  CHECK(s.IAPrimitives == 2);
  CHECK(s.VSInvocations == 6);
  CHECK(s.CInvocations == 2);
  CHECK(s.CPrimitives == 2);
  // One pixel-shader invocation per covered pixel (not the Vulkan statistic,
  // which on lavapipe counts whole 4x4 blocks).
  const UINT64 nativePs = s.PSInvocations;
  CHECK(nativePs == 40);
  CHECK(s.GSInvocations + s.GSPrimitives + s.HSInvocations + s.DSInvocations + s.CSInvocations == 0);

  // Native, conservative (fallback), native: 3x the native values, but the
  // pixel-shader invocations are twice the native pixels plus exactly the
  // conservative pixels (the fallback counts each covered pixel once).
  Com<ID3D11Device3> device3;
  REQUIRE(d->QueryInterface(__uuidof(ID3D11Device3), reinterpret_cast<void**>(device3.out())) == S_OK);
  const D3D11_RASTERIZER_DESC2 rd{D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0.0f, 0.0f, TRUE, FALSE, FALSE, FALSE,
                                  0, D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON};
  Com<ID3D11RasterizerState2> conservative;
  REQUIRE(device3->CreateRasterizerState2(&rd, conservative.out()) == S_OK);
  d.context->Begin(stats.get());
  d.context->Draw(6, 0);
  d.context->RSSetState(conservative.get());
  d.context->Draw(6, 0);  // conservative: on the fallback (lavapipe)
  d.context->RSSetState(nullptr);
  d.context->Draw(6, 0);
  d.context->End(stats.get());
  REQUIRE(waitData(d, stats.get(), &s) == S_OK);
  CHECK(s.IAVertices == 18);
  CHECK(s.IAPrimitives == 6);
  CHECK(s.VSInvocations == 18);
  CHECK(s.CInvocations == 6);
  CHECK(s.CPrimitives == 6);
  // Each triangle of the conservative pair covers every pixel it touches
  // (translate/raster, independently of the UMD).
  raster::ScreenTriangle a, b;
  a.v[0] = {2, 3}, a.v[1] = {10, 3}, a.v[2] = {2, 8};
  b.v[0] = {2, 8}, b.v[1] = {10, 3}, b.v[2] = {10, 8};
  CHECK(s.PSInvocations == 2 * 40 + conservativePixelCount(a, 16) + conservativePixelCount(b, 16));
  CHECK(conservativePixelCount(a, 16) + conservativePixelCount(b, 16) > 40);  // the diagonal's pixels count twice
}

TEST_CASE("PSInvocations of a native triangle is exactly the pixels it covers", "[draw][query]") {
  constexpr int kSize = 16;
  RenderDevice d;
  SampledTarget t(d, kSize, kSize, 1);
  Com<ID3D11RasterizerState> rs = cullNone(d);
  std::mt19937 rng(20260611);
  for (const raster::ScreenTriangle& tri : randomTriangles(rng, kSize, 8)) {
    INFO("triangle (" << tri.v[0].x << "," << tri.v[0].y << ") (" << tri.v[1].x << "," << tri.v[1].y << ") ("
                      << tri.v[2].x << "," << tri.v[2].y << ")");
    Com<ID3D11Buffer> vb = t.bind(toVertices({tri}, kSize));
    Com<ID3D11Query> stats = makeQuery(d, D3D11_QUERY_PIPELINE_STATISTICS);
    d.context->Begin(stats.get());
    d.context->Draw(3, 0);
    d.context->End(stats.get());
    const D3D11_QUERY_DATA_PIPELINE_STATISTICS s = statistics(d, stats.get());
    CHECK(s.PSInvocations == expectedInvocations(tri, kSize, 1, false));
    CHECK(s.VSInvocations == 3);
    CHECK(s.CInvocations == 1);
  }
}

TEST_CASE("PSInvocations adds up several draws and the batches of a query spanning Flushes", "[draw][query]") {
  constexpr int kSize = 16;
  RenderDevice d;
  SampledTarget t(d, kSize, kSize, 1);
  Com<ID3D11RasterizerState> rs = cullNone(d);
  std::mt19937 rng(20260612);
  const std::vector<raster::ScreenTriangle> triangles = randomTriangles(rng, kSize, 6);
  std::vector<uint64_t> pixels;
  for (const raster::ScreenTriangle& tri : triangles) pixels.push_back(expectedInvocations(tri, kSize, 1, false));
  Com<ID3D11Buffer> vb = t.bind(toVertices(triangles, kSize));
  Com<ID3D11Query> stats = makeQuery(d, D3D11_QUERY_PIPELINE_STATISTICS);
  // Five draws over two Flushes (three batches).
  d.context->Begin(stats.get());
  d.context->Draw(3, 0);
  d.context->Draw(6, 3);  // triangles 1 and 2 in one draw
  d.context->Flush();
  d.context->Draw(3, 9);
  d.context->Flush();
  d.context->Draw(3, 12);
  d.context->Draw(3, 15);
  d.context->End(stats.get());
  uint64_t total = 0;
  for (uint64_t p : pixels) total += p;
  D3D11_QUERY_DATA_PIPELINE_STATISTICS s = statistics(d, stats.get());
  CHECK(s.PSInvocations == total);
  CHECK(s.VSInvocations == 18);
  // Reused: Begin starts from zero; a draw outside the query does not count.
  d.context->Draw(3, 3);
  d.context->Begin(stats.get());
  d.context->Draw(3, 0);
  d.context->End(stats.get());
  d.context->Draw(3, 6);
  s = statistics(d, stats.get());
  CHECK(s.PSInvocations == pixels[0]);
  CHECK(s.VSInvocations == 3);
}

TEST_CASE("PSInvocations counts more draws than counter blocks hold, in one batch and reusing the blocks",
          "[draw][query]") {
  RenderDevice d;
  SampledTarget t(d, 16, 16, 1);
  Com<ID3D11Buffer> vb = t.bind(rectangle(2, 3, 10, 8, 16, 16));  // 8 x 5 pixels
  Com<ID3D11Query> stats = makeQuery(d, D3D11_QUERY_PIPELINE_STATISTICS);
  // A block has 256 counters and the device keeps 4 spare blocks
  // (driver_query.h): 1600 draws in one batch fill 7 blocks, all held by the
  // query, so some are dropped from the device's spares while in use.
  constexpr UINT kDraws = 1600;
  d.context->Begin(stats.get());
  for (UINT i = 0; i < kDraws; ++i) d.context->Draw(6, 0);
  d.context->End(stats.get());
  D3D11_QUERY_DATA_PIPELINE_STATISTICS s = statistics(d, stats.get());
  CHECK(s.PSInvocations == 40 * kDraws);
  CHECK(s.IAPrimitives == 2 * kDraws);
  // Restarted, the query lets its blocks go; later batches reuse them (zeroed again).
  raster::ScreenTriangle first;  // the rectangle's first triangle (front-facing)
  first.v[0] = {2, 3}, first.v[1] = {10, 3}, first.v[2] = {2, 8};
  REQUIRE(clearOfEdges(first, 16));
  for (int round = 0; round < 3; ++round) {
    d.context->Begin(stats.get());
    for (UINT i = 0; i < 300; ++i) d.context->Draw(6, 0);
    d.context->Flush();
    d.context->Draw(3, 0);
    d.context->End(stats.get());
    s = statistics(d, stats.get());
    CHECK(s.PSInvocations == 40 * 300 + standardCoverage(first, 16).size());
  }
}

TEST_CASE("PSInvocations counts a pixel shader that discards, and is 0 without a pixel shader", "[draw][query]") {
  RenderDevice d;
  SampledTarget t(d, 16, 16, 1);
  Com<ID3D11Buffer> vb = t.bind(rectangle(2, 3, 10, 8, 16, 16));  // 8 x 5 pixels, COLOR (1, 1, 1, 1)
  const std::vector<uint8_t> code = assembled(kPsDiscard);
  Com<ID3D11PixelShader> discard;
  REQUIRE(d->CreatePixelShader(code.data(), code.size(), nullptr, discard.out()) == S_OK);
  const float clear[4] = {0, 0, 0, 0};
  d.context->ClearRenderTargetView(t.rtv.get(), clear);
  Com<ID3D11Query> stats = makeQuery(d, D3D11_QUERY_PIPELINE_STATISTICS);
  Com<ID3D11Query> occlusion = makeQuery(d, D3D11_QUERY_OCCLUSION);
  d.context->PSSetShader(discard.get(), nullptr, 0);
  d.context->Begin(stats.get());
  d.context->Begin(occlusion.get());
  d.context->Draw(6, 0);
  d.context->End(occlusion.get());
  d.context->End(stats.get());
  CHECK(statistics(d, stats.get()).PSInvocations == 40);
  UINT64 passed = ~0ull;
  REQUIRE(waitData(d, occlusion.get(), &passed) == S_OK);
  CHECK(passed == 0);  // every invocation discarded
  const std::vector<uint8_t> pixels = readback(d, t.texture.get());
  for (size_t i = 0; i < 16 * 16; ++i) CHECK(texelAt<uint32_t>(pixels, i) == 0);

  d.context->PSSetShader(nullptr, nullptr, 0);
  d.context->Begin(stats.get());
  d.context->Draw(6, 0);
  d.context->End(stats.get());
  const D3D11_QUERY_DATA_PIPELINE_STATISTICS s = statistics(d, stats.get());
  CHECK(s.PSInvocations == 0);
  CHECK(s.IAVertices == 6);
  CHECK(s.CPrimitives == 2);
}

TEST_CASE("PSInvocations counts the pixels the depth test rejects after the pixel shader ran, unless it forces "
          "early depth",
          "[draw][query]") {
  RenderDevice d;
  SampledTarget t(d, 16, 16, 1);
  D3D11_TEXTURE2D_DESC dd = texture2DDesc(16, 16, DXGI_FORMAT_D32_FLOAT, D3D11_BIND_DEPTH_STENCIL);
  Com<ID3D11Texture2D> depth;
  Com<ID3D11DepthStencilView> dsv;
  REQUIRE(d->CreateTexture2D(&dd, nullptr, depth.out()) == S_OK);
  REQUIRE(d->CreateDepthStencilView(depth.get(), nullptr, dsv.out()) == S_OK);
  ID3D11RenderTargetView* views[] = {t.rtv.get()};
  d.context->OMSetRenderTargets(1, views, dsv.get());
  D3D11_DEPTH_STENCIL_DESC desc{TRUE, D3D11_DEPTH_WRITE_MASK_ALL, D3D11_COMPARISON_LESS, FALSE, 0xFF, 0xFF, {}, {}};
  desc.FrontFace = desc.BackFace = {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                    D3D11_COMPARISON_ALWAYS};
  Com<ID3D11DepthStencilState> state;
  REQUIRE(d->CreateDepthStencilState(&desc, state.out()) == S_OK);
  d.context->OMSetDepthStencilState(state.get(), 0);
  const float clear[4] = {0, 0, 0, 0};
  d.context->ClearRenderTargetView(t.rtv.get(), clear);
  Com<ID3D11Buffer> vb = t.bind(rectangle(2, 3, 10, 8, 16, 16));  // 8 x 5 pixels, depth 0, white
  Com<ID3D11Query> stats = makeQuery(d, D3D11_QUERY_PIPELINE_STATISTICS);
  Com<ID3D11Query> occlusion = makeQuery(d, D3D11_QUERY_OCCLUSION);
  // Depth 0 LESS 1 passes: the counted draw renders as without a query.
  d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH, 1.0f, 0);
  d.context->Begin(stats.get());
  d.context->Draw(6, 0);
  d.context->End(stats.get());
  CHECK(statistics(d, stats.get()).PSInvocations == 40);
  const std::vector<uint8_t> pixels = readback(d, t.texture.get());
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 16; ++x) {
      const bool inside = x >= 2 && x < 10 && y >= 3 && y < 8;
      CHECK(texelAt<uint32_t>(pixels, size_t(y) * 16 + x) == (inside ? 0xFFFFFFFFu : 0u));
    }
  // Depth 0 LESS 0 fails everywhere: no sample passes, but the shader ran for
  // every covered pixel (its side effect moves the depth test after it).
  d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH, 0.0f, 0);
  d.context->Begin(stats.get());
  d.context->Begin(occlusion.get());
  d.context->Draw(6, 0);
  d.context->End(occlusion.get());
  d.context->End(stats.get());
  CHECK(statistics(d, stats.get()).PSInvocations == 40);
  UINT64 passed = ~0ull;
  REQUIRE(waitData(d, occlusion.get(), &passed) == S_OK);
  CHECK(passed == 0);

  // The same shader with forceEarlyDepthStencil: the tests run first, so the
  // rejected pixels never reach it and it counts only the ones that pass.
  const std::vector<uint8_t> code = assembled(kPsColorEarlyDepth);
  Com<ID3D11PixelShader> early;
  REQUIRE(d->CreatePixelShader(code.data(), code.size(), nullptr, early.out()) == S_OK);
  d.context->PSSetShader(early.get(), nullptr, 0);
  d.context->Begin(stats.get());
  d.context->Draw(6, 0);
  d.context->End(stats.get());
  CHECK(statistics(d, stats.get()).PSInvocations == 0);
  d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH, 1.0f, 0);
  d.context->Begin(stats.get());
  d.context->Draw(6, 0);
  d.context->End(stats.get());
  CHECK(statistics(d, stats.get()).PSInvocations == 40);
}

TEST_CASE("PSInvocations on a 4x target: covered pixels at pixel frequency, covered samples at sample frequency",
          "[draw][query]") {
  constexpr int kSize = 16;
  RenderDevice d;
  SampledTarget t(d, kSize, kSize, 4);
  Com<ID3D11RasterizerState> rs = cullNone(d);
  const std::vector<uint8_t> code = assembled(kPsPerSample);
  Com<ID3D11PixelShader> perSample;
  REQUIRE(d->CreatePixelShader(code.data(), code.size(), nullptr, perSample.out()) == S_OK);
  std::mt19937 rng(20260613);
  const std::vector<raster::ScreenTriangle> triangles = randomTriangles(rng, kSize, 8, true);  // not clipped
  uint64_t pixels = 0, samples = 0;
  for (const raster::ScreenTriangle& tri : triangles) {
    pixels += expectedInvocations(tri, kSize, 4, false);
    samples += expectedInvocations(tri, kSize, 4, true);
  }
  CHECK(samples > pixels);  // some pixels are partly covered
  Com<ID3D11Buffer> vb = t.bind(toVertices(triangles, kSize));
  Com<ID3D11Query> stats = makeQuery(d, D3D11_QUERY_PIPELINE_STATISTICS);
  d.context->Begin(stats.get());
  d.context->Draw(UINT(3 * triangles.size()), 0);
  d.context->End(stats.get());
  CHECK(statistics(d, stats.get()).PSInvocations == pixels);
  d.context->PSSetShader(perSample.get(), nullptr, 0);
  d.context->Begin(stats.get());
  d.context->Draw(UINT(3 * triangles.size()), 0);
  d.context->End(stats.get());
  CHECK(statistics(d, stats.get()).PSInvocations == samples);
}

TEST_CASE("events complete after Flush or GetData, DONOTFLUSH on an unsubmitted batch is S_FALSE", "[draw][query]") {
  RenderDevice d;
  SampledTarget t(d, 16, 16, 1);
  Com<ID3D11Buffer> vb = t.bind(rectangle(0, 0, 16, 16, 16, 16));
  Com<ID3D11Query> event = makeQuery(d, D3D11_QUERY_EVENT);
  REQUIRE(event->GetDataSize() == sizeof(BOOL));
  d.context->Draw(6, 0);
  d.context->End(event.get());
  BOOL done = FALSE;
  // The batch with the draw is open and nobody submits it: never ready.
  for (int i = 0; i < 3; ++i) CHECK(d.context->GetData(event.get(), &done, sizeof done, D3D11_ASYNC_GETDATA_DONOTFLUSH) == S_FALSE);
  CHECK(done == FALSE);
  d.context->Flush();
  REQUIRE(waitData(d, event.get(), &done, D3D11_ASYNC_GETDATA_DONOTFLUSH) == S_OK);
  CHECK(done == TRUE);
  // Without DONOTFLUSH GetData submits by itself; a poll (no data) also works.
  d.context->Draw(6, 0);
  d.context->End(event.get());
  HRESULT hr = S_FALSE;
  for (int i = 0; i < 10000 && hr == S_FALSE; ++i) {
    hr = d.context->GetData(event.get(), nullptr, 0, 0);
    if (hr == S_FALSE) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  CHECK(hr == S_OK);
  // An event with nothing recorded since the last submit is ready at once after it completes.
  d.context->End(event.get());
  done = FALSE;
  REQUIRE(waitData(d, event.get(), &done) == S_OK);
  CHECK(done == TRUE);
}

TEST_CASE("timestamps are monotonic inside a disjoint query that reports its frequency and Disjoint FALSE",
          "[draw][query]") {
  RenderDevice d;
  SampledTarget t(d, 16, 16, 1);
  Com<ID3D11Buffer> vb = t.bind(rectangle(0, 0, 16, 16, 16, 16));
  Com<ID3D11Query> disjoint = makeQuery(d, D3D11_QUERY_TIMESTAMP_DISJOINT);
  Com<ID3D11Query> t0 = makeQuery(d, D3D11_QUERY_TIMESTAMP), t1 = makeQuery(d, D3D11_QUERY_TIMESTAMP),
                   t2 = makeQuery(d, D3D11_QUERY_TIMESTAMP);
  d.context->Begin(disjoint.get());
  d.context->End(t0.get());
  for (int i = 0; i < 20; ++i) d.context->Draw(6, 0);
  d.context->End(t1.get());
  d.context->Flush();
  d.context->Draw(6, 0);
  d.context->End(t2.get());
  d.context->End(disjoint.get());
  D3D11_QUERY_DATA_TIMESTAMP_DISJOINT dj{0, TRUE};
  REQUIRE(waitData(d, disjoint.get(), &dj) == S_OK);
  CHECK(dj.Disjoint == FALSE);
  CHECK(dj.Frequency >= 1000000);  // lavapipe: nanoseconds (1 GHz); any real GPU clock is above 1 MHz
  UINT64 a = 0, b = 0, c = 0;
  REQUIRE(waitData(d, t0.get(), &a) == S_OK);
  REQUIRE(waitData(d, t1.get(), &b) == S_OK);
  REQUIRE(waitData(d, t2.get(), &c) == S_OK);
  CHECK(a > 0);
  CHECK(a <= b);
  CHECK(b <= c);
  CHECK(c - a < 60 * dj.Frequency);  // the same clock, not garbage
}

TEST_CASE("queries reach the driver as the typed query DDIs with their arguments", "[draw][query][ddi]") {
  Checked c;
  {
    Com<ID3D11Query> q = makeQuery(c.d, D3D11_QUERY_OCCLUSION);
    c.d.context->Begin(q.get());
    c.d.context->End(q.get());
    UINT64 passed = ~0ull;
    REQUIRE(waitData(c.d, q.get(), &passed) == S_OK);
    CHECK(passed == 0);
    Com<ID3D11Query> stats = makeQuery(c.d, D3D11_QUERY_PIPELINE_STATISTICS);
  }
  const std::vector<std::string> create = c.trace.calls("CreateQuery");
  REQUIRE(create.size() == 2);
  CHECK(create[0].find("Query=OCCLUSION(1), MiscFlags=0x0, ContextType=0") != std::string::npos);
  CHECK(create[1].find("Query=D3D11_PIPELINESTATS(8)") != std::string::npos);
  CHECK(c.trace.calls("CalcPrivateQuerySize").size() == 2);
  CHECK(c.ddiCalls("QueryBegin") == 1);
  CHECK(c.ddiCalls("QueryEnd") == 1);
  const std::vector<std::string> getData = c.trace.calls("QueryGetData");
  REQUIRE(!getData.empty());
  CHECK(getData.back().find("pData=non-null, DataSize=8, Flags=0x0") != std::string::npos);
  CHECK(c.ddiCalls("DestroyQuery") == 2);
  CHECK(drainIds(c.queue.get()).empty());
}

TEST_CASE("CreateQuery rejects bad descs with E_INVALIDARG and the D3D11 message, without a DDI call",
          "[draw][query][errors]") {
  Checked c;
  Com<ID3D11Query> q;
  CHECK(c.d->CreateQuery(nullptr, q.out()) == E_INVALIDARG);
  CHECK(drainIds(c.queue.get()) == std::vector{D3D11_MESSAGE_ID_CREATEQUERYORPREDICATE_NULLDESC});
  D3D11_QUERY_DESC desc{D3D11_QUERY(99), 0};
  CHECK(c.d->CreateQuery(&desc, q.out()) == E_INVALIDARG);
  desc.Query = D3D11_QUERY(-1);
  CHECK(c.d->CreateQuery(&desc, q.out()) == E_INVALIDARG);
  CHECK(drainIds(c.queue.get()) == std::vector<D3D11_MESSAGE_ID>(2, D3D11_MESSAGE_ID_CREATEQUERYORPREDICATE_INVALIDQUERY));
  desc = {D3D11_QUERY_OCCLUSION, 0x2};
  CHECK(c.d->CreateQuery(&desc, q.out()) == E_INVALIDARG);
  CHECK(drainIds(c.queue.get()) == std::vector{D3D11_MESSAGE_ID_CREATEQUERYORPREDICATE_INVALIDMISCFLAGS});
  desc = {D3D11_QUERY_OCCLUSION, D3D11_QUERY_MISC_PREDICATEHINT};
  CHECK(c.d->CreateQuery(&desc, q.out()) == E_INVALIDARG);
  CHECK(drainIds(c.queue.get()) == std::vector{D3D11_MESSAGE_ID_CREATEQUERYORPREDICATE_UNEXPECTEDMISCFLAG});
  CHECK(!q);
  // CreatePredicate checks its desc.
  Com<ID3D11Predicate> p;
  CHECK(c.d->CreatePredicate(nullptr, p.out()) == E_INVALIDARG);
  desc = {D3D11_QUERY_OCCLUSION, 0};
  CHECK(c.d->CreatePredicate(&desc, p.out()) == E_INVALIDARG);
  CHECK(drainIds(c.queue.get()) == std::vector{D3D11_MESSAGE_ID_CREATEQUERYORPREDICATE_NULLDESC,
                                               D3D11_MESSAGE_ID_CREATEQUERYORPREDICATE_INVALIDQUERY});
  CHECK(!p);
  CHECK(c.ddiCalls("CreateQuery") == 0);
  // Stream-output statistics and predicates (test_draw_stream_output_capture.cpp counts with them).
  for (D3D11_QUERY type : {D3D11_QUERY_SO_STATISTICS, D3D11_QUERY_SO_OVERFLOW_PREDICATE,
                           D3D11_QUERY_SO_STATISTICS_STREAM3, D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM1}) {
    desc = {type, 0};
    Com<ID3D11Query> so;
    CHECK(c.d->CreateQuery(&desc, so.out()) == S_OK);
    const bool predicate = type == D3D11_QUERY_SO_OVERFLOW_PREDICATE || type == D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM1;
    CHECK(so->GetDataSize() == (predicate ? sizeof(BOOL) : sizeof(D3D11_QUERY_DATA_SO_STATISTICS)));
  }
  desc = {D3D11_QUERY_SO_OVERFLOW_PREDICATE, D3D11_QUERY_MISC_PREDICATEHINT};
  CHECK(c.d->CreatePredicate(&desc, p.out()) == S_OK);
  CHECK(drainIds(c.queue.get()).empty());
  // Validation only: S_FALSE.
  desc = {D3D11_QUERY_EVENT, 0};
  CHECK(c.d->CreateQuery(&desc, nullptr) == S_FALSE);
  // CreateQuery1 with a context type; a bad one is rejected.
  Com<ID3D11Device3> device3;
  REQUIRE(c.d->QueryInterface(__uuidof(ID3D11Device3), reinterpret_cast<void**>(device3.out())) == S_OK);
  Com<ID3D11Query1> q1;
  D3D11_QUERY_DESC1 desc1{D3D11_QUERY_TIMESTAMP, 0, D3D11_CONTEXT_TYPE_3D};
  REQUIRE(device3->CreateQuery1(&desc1, q1.out()) == S_OK);
  D3D11_QUERY_DESC1 back{};
  q1->GetDesc1(&back);
  CHECK((back.Query == D3D11_QUERY_TIMESTAMP && back.ContextType == D3D11_CONTEXT_TYPE_3D));
  CHECK(c.trace.calls("CreateQuery").back().find("ContextType=1") != std::string::npos);
  desc1.ContextType = D3D11_CONTEXT_TYPE(7);
  Com<ID3D11Query1> bad;
  CHECK(device3->CreateQuery1(&desc1, bad.out()) == E_INVALIDARG);
  CHECK(drainIds(c.queue.get()) == std::vector{D3D11_MESSAGE_ID_CREATEQUERYORPREDICATE_INVALIDQUERY});
}

TEST_CASE("Begin/End/GetData misuse: the D3D11 messages, HRESULTs and what reaches the driver",
          "[draw][query][errors]") {
  Checked c;
  ID3D11DeviceContext* ctx = c.d.context.get();
  Com<ID3D11Query> event = makeQuery(c.d, D3D11_QUERY_EVENT), occlusion = makeQuery(c.d, D3D11_QUERY_OCCLUSION);

  // Begin on an event is unsupported and dropped.
  ctx->Begin(event.get());
  CHECK(drainIds(c.queue.get()) == std::vector{D3D11_MESSAGE_ID_QUERY_BEGIN_UNSUPPORTED});
  CHECK(c.ddiCalls("QueryBegin") == 0);

  // GetData before any End: invalid call.
  UINT64 passed = 0;
  CHECK(ctx->GetData(occlusion.get(), &passed, sizeof passed, 0) == DXGI_ERROR_INVALID_CALL);
  CHECK(drainIds(c.queue.get()) == std::vector{D3D11_MESSAGE_ID_QUERY_GETDATA_INVALID_CALL});

  // A second Begin while building is dropped; GetData while building is invalid.
  ctx->Begin(occlusion.get());
  ctx->Begin(occlusion.get());
  CHECK(drainIds(c.queue.get()) == std::vector{D3D11_MESSAGE_ID_QUERY_BEGIN_DUPLICATE});
  CHECK(c.ddiCalls("QueryBegin") == 1);
  CHECK(ctx->GetData(occlusion.get(), &passed, sizeof passed, 0) == DXGI_ERROR_INVALID_CALL);
  CHECK(drainIds(c.queue.get()) == std::vector{D3D11_MESSAGE_ID_QUERY_GETDATA_INVALID_CALL});
  ctx->End(occlusion.get());

  // Wrong sizes and flags.
  UINT32 small = 0;
  CHECK(ctx->GetData(occlusion.get(), &small, sizeof small, 0) == E_INVALIDARG);
  CHECK(ctx->GetData(occlusion.get(), nullptr, sizeof passed, 0) == E_INVALIDARG);
  CHECK(drainIds(c.queue.get()) == std::vector<D3D11_MESSAGE_ID>(2, D3D11_MESSAGE_ID_QUERY_GETDATA_INVALID_DATASIZE));
  CHECK(ctx->GetData(occlusion.get(), &passed, sizeof passed, 0x2) == E_INVALIDARG);
  CHECK(drainIds(c.queue.get()) == std::vector{D3D11_MESSAGE_ID_QUERY_GETDATA_INVALID_FLAGS});
  CHECK(ctx->GetData(nullptr, &passed, sizeof passed, 0) == E_INVALIDARG);
  CHECK(c.ddiCalls("QueryGetData") == 0);

  // Begin over an unread result warns and goes ahead.
  ctx->Begin(occlusion.get());
  CHECK(drainIds(c.queue.get()) == std::vector{D3D11_MESSAGE_ID_QUERY_BEGIN_ABANDONING_PREVIOUS_RESULTS});
  ctx->End(occlusion.get());
  passed = ~0ull;
  REQUIRE(waitData(c.d, occlusion.get(), &passed) == S_OK);
  CHECK(passed == 0);

  // End without Begin: the message, then an empty query (Begin + End reach the driver).
  const size_t begins = c.ddiCalls("QueryBegin");
  ctx->End(occlusion.get());
  CHECK(drainIds(c.queue.get()) == std::vector{D3D11_MESSAGE_ID_QUERY_END_WITHOUT_BEGIN});
  CHECK(c.ddiCalls("QueryBegin") == begins + 1);
  passed = ~0ull;
  REQUIRE(waitData(c.d, occlusion.get(), &passed) == S_OK);
  CHECK(passed == 0);

  // An event ended twice without reading the first result warns.
  ctx->End(event.get());
  ctx->End(event.get());
  CHECK(drainIds(c.queue.get()) == std::vector{D3D11_MESSAGE_ID_QUERY_END_ABANDONING_PREVIOUS_RESULTS});
  BOOL done = FALSE;
  REQUIRE(waitData(c.d, event.get(), &done) == S_OK);
  CHECK(done == TRUE);
  // Null queries are ignored.
  ctx->Begin(nullptr);
  ctx->End(nullptr);
  CHECK(drainIds(c.queue.get()).empty());
}

TEST_CASE("the D3D11.1 DDI table creates queries with D3D10DDIARG_CREATEQUERY and counts the same", "[draw][query][ddi]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ScopedEnv hide("D3DVK_TRACE_HIDE_VERSIONS", "wddm2_0");
  {
    RenderDevice d;
    SampledTarget t(d, 16, 16, 4);
    Com<ID3D11Buffer> vb = t.bind(rectangle(2, 3, 10, 8, 16, 16));
    Com<ID3D11Query> q = makeQuery(d, D3D11_QUERY_OCCLUSION);
    d.context->Begin(q.get());
    d.context->Draw(6, 0);
    d.context->End(q.get());
    UINT64 passed = 0;
    REQUIRE(waitData(d, q.get(), &passed) == S_OK);
    CHECK(passed == 4 * 40);
  }
  REQUIRE(trace.calls("CreateDevice").size() == 1);
  CHECK(trace.calls("CreateDevice")[0].find("Interface=0x000B000F") != std::string::npos);  // D3D11.1
  const std::vector<std::string> create = trace.calls("CreateQuery");
  REQUIRE(create.size() == 1);
  CHECK(create[0].find("args={Query=OCCLUSION(1), MiscFlags=0x0}") != std::string::npos);  // no ContextType
}

TEST_CASE("OCCLUSION_PREDICATE (CreateQuery and CreatePredicate): TRUE when any sample passed, FALSE otherwise",
          "[draw][query]") {
  RenderDevice d;
  SampledTarget t(d, 16, 16, 1);
  Com<ID3D11Buffer> vb = t.bind(rectangle(2, 3, 10, 8, 16, 16));
  Com<ID3D11Query> q = makeQuery(d, D3D11_QUERY_OCCLUSION_PREDICATE);
  const D3D11_QUERY_DESC desc{D3D11_QUERY_OCCLUSION_PREDICATE, D3D11_QUERY_MISC_PREDICATEHINT};
  Com<ID3D11Predicate> predicate;
  REQUIRE(d->CreatePredicate(&desc, predicate.out()) == S_OK);
  CHECK(predicate->GetDataSize() == sizeof(BOOL));
  Com<ID3D11Predicate> again;
  CHECK(predicate->QueryInterface(__uuidof(ID3D11Predicate), reinterpret_cast<void**>(again.out())) == S_OK);
  for (ID3D11Asynchronous* a : {static_cast<ID3D11Asynchronous*>(q.get()), static_cast<ID3D11Asynchronous*>(predicate.get())}) {
    BOOL any = TRUE;
    d.context->Begin(a);
    d.context->End(a);  // nothing drawn
    REQUIRE(waitData(d, a, &any) == S_OK);
    CHECK(any == FALSE);
    d.context->Begin(a);
    d.context->Draw(6, 0);
    d.context->End(a);
    REQUIRE(waitData(d, a, &any) == S_OK);
    CHECK(any == TRUE);
    UINT64 wrongSize = 0;
    CHECK(d.context->GetData(a, &wrongSize, sizeof wrongSize, 0) == E_INVALIDARG);
  }
}

TEST_CASE("overlapping queries of one type each count exactly their own draws", "[draw][query]") {
  // Vulkan allows one active query per type in a command buffer; D3D lets them
  // overlap. A at [draw 1, draw 3], B (begun inside A) at [draw 2, draw 4],
  // the predicate and the statistics queries likewise, across a Flush.
  RenderDevice d;
  SampledTarget t(d, 16, 16, 1);
  Com<ID3D11Buffer> vb = t.bind(rectangle(2, 3, 10, 8, 16, 16));  // 40 pixels, 2 triangles
  Com<ID3D11Query> a = makeQuery(d, D3D11_QUERY_OCCLUSION), b = makeQuery(d, D3D11_QUERY_OCCLUSION),
                   p = makeQuery(d, D3D11_QUERY_OCCLUSION_PREDICATE),
                   sa = makeQuery(d, D3D11_QUERY_PIPELINE_STATISTICS),
                   sb = makeQuery(d, D3D11_QUERY_PIPELINE_STATISTICS);
  ID3D11DeviceContext* ctx = d.context.get();
  ctx->Begin(a.get());
  ctx->Begin(sa.get());
  ctx->Draw(6, 0);  // 1: A, SA
  ctx->Begin(b.get());
  ctx->Begin(p.get());
  ctx->Begin(sb.get());
  ctx->Draw(6, 0);  // 2: A, B, P, SA, SB
  ctx->Flush();
  ctx->Draw(3, 0);  // 3: A, B, P, SA, SB (one triangle: 20 pixels)
  ctx->End(a.get());
  ctx->End(sa.get());
  ctx->Draw(6, 0);  // 4: B, P, SB
  ctx->End(b.get());
  ctx->End(p.get());
  ctx->End(sb.get());
  ctx->Draw(6, 0);  // 5: none
  UINT64 countA = 0, countB = 0;
  BOOL any = FALSE;
  D3D11_QUERY_DATA_PIPELINE_STATISTICS statsA{}, statsB{};
  REQUIRE(waitData(d, a.get(), &countA) == S_OK);
  REQUIRE(waitData(d, b.get(), &countB) == S_OK);
  REQUIRE(waitData(d, p.get(), &any) == S_OK);
  REQUIRE(waitData(d, sa.get(), &statsA) == S_OK);
  REQUIRE(waitData(d, sb.get(), &statsB) == S_OK);
  CHECK(countA == 40 + 40 + 20);
  CHECK(countB == 40 + 20 + 40);
  CHECK(any == TRUE);
  CHECK(statsA.IAVertices == 6 + 6 + 3);
  CHECK(statsA.IAPrimitives == 2 + 2 + 1);
  CHECK(statsA.PSInvocations == 40 + 40 + 20);
  CHECK(statsB.IAVertices == 6 + 3 + 6);
  CHECK(statsB.PSInvocations == 40 + 20 + 40);
}
