// tests/recording: a D3D12 list's consecutive conservative fallback draws are
// recorded as one batch, phase by phase (command_recorder12.h,
// PendingFallback12): the counters show that a list of 16 such draws records
// the barriers and rendering instances of a list of 8 (each draw alone would
// add about five barriers and two instances), and the pixels show that each
// draw keeps its own state (root constant, vertex buffer, viewport, instance
// offsets) and that draw order survives, across a ResourceBarrier and a
// native draw that end a batch. Expectations: each triangle's Tier 3 pixel
// set from translate/raster, layered in API order; the native quad's pixels
// by the top-left rule on its pixel-aligned edges.
#include "../d3d12/conservative_scene12.h"
#include "conservative_pixels.h"
#include "grid_triangles.h"
#include "recording_stats.h"

#include <map>
#include <random>

using namespace d3dvk;
using namespace d3dvk::test;
using namespace d3dvk::test::conservative12;

namespace {

// A pixel shader for the native draws: SV_Target = (cb0[0].x, 0, 0, 0).
const char kPlainPs[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// INSTANCE                 0   x           1     NONE    uint
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET    uint   xyzw
//
ps_5_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_output o0.xyzw
mov o0.yzw, l(0,0,0,0)
mov o0.x, cb0[0].x
ret
)";

// A conservative pixel shader without SV_PrimitiveID (so its draws may share a
// setup): SV_Target = (cb0[0].x, 0, 0, instance + 16·SV_IsFrontFace).
const char kGroupablePs[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// INSTANCE                 0   x           1     NONE    uint   x
// SV_IsFrontFace           0   x           2    FFACE    uint   x
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET    uint   xyzw
//
ps_5_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_input_ps constant v1.x
dcl_input_ps_sgv constant v2.x, is_front_face
dcl_output o0.xyzw
dcl_temps 1
mov o0.x, cb0[0].x
mov o0.yz, l(0,0,0,0)
and r0.x, v2.x, l(16)
iadd o0.w, r0.x, v1.x
ret
)";

using Expected = std::map<std::pair<int, int>, std::pair<uint32_t, uint32_t>>;  // pixel → (marker, instance)

// A random triangle in pixels (vertices on D3D's 1/256 grid, some off the target).
raster::ScreenTriangle randomTriangle(std::mt19937& rng) {
  raster::ScreenTriangle t;
  for (auto& v : t.v) v = {gridCoordinate(rng, int(kSize)), gridCoordinate(rng, int(kSize))};
  return t;
}

// Draws `tri` (pixels of the full-target viewport) with `marker`, through a
// vertex buffer of its own; with viewport origin (vx, vy) (whole pixels) and
// instance offsets `offsets` (NDC) the expected pixels move with them.
void drawTriangle(ConservativeScene& s, Expected& expected, const raster::ScreenTriangle& tri, uint32_t marker,
                  float vx = 0, float vy = 0, const std::vector<Offset>& offsets = {{0, 0}}) {
  std::vector<Vertex> vertices;
  for (const auto& v : tri.v) vertices.push_back(ndc(v.x, v.y));
  const D3D12_VERTEX_BUFFER_VIEW vbv[2] = {
      {s.put(vertices.data(), vertices.size() * sizeof(Vertex)), UINT(vertices.size() * sizeof(Vertex)), sizeof(Vertex)},
      {s.put(offsets.data(), offsets.size() * sizeof(Offset)), UINT(offsets.size() * sizeof(Offset)), sizeof(Offset)}};
  s.list->IASetVertexBuffers(0, 2, vbv);
  const D3D12_VIEWPORT vp{vx, vy, float(kSize), float(kSize), 0, 1};
  s.list->RSSetViewports(1, &vp);
  s.list->SetGraphicsRoot32BitConstant(0, marker, 0);
  s.list->DrawInstanced(3, UINT(offsets.size()), 0, 0);
  for (uint32_t i = 0; i < offsets.size(); ++i) {
    raster::ScreenTriangle moved = tri;
    for (auto& v : moved.v) {
      v.x += vx + offsets[i].x * (kSize / 2.0f);
      v.y += vy - offsets[i].y * (kSize / 2.0f);
    }
    // D3D clips to the viewport (here on whole pixels) as well as to the scissor (the target).
    for (const auto& p : conservativePixels(moved, false, int(kSize)))
      if (p.first >= vx && p.first < vx + float(kSize) && p.second >= vy && p.second < vy + float(kSize))
        expected[p] = {marker, i};
  }
}

// Image 0 of the read-back against `expected`: exactly those pixels lit, with those values.
void checkImage(const std::vector<uint32_t>& words, const Expected& expected) {
  int lit = 0;
  for (int y = 0; y < int(kSize); ++y)
    for (int x = 0; x < int(kSize); ++x) {
      const uint32_t* t = texel(words, 0, x, y);
      const auto it = expected.find({x, y});
      INFO("pixel (" << x << "," << y << ")");
      REQUIRE((t[0] != 0) == (it != expected.end()));
      if (!t[0]) continue;
      ++lit;
      CHECK(t[0] == it->second.first);
      CHECK((t[3] & 15) == it->second.second);
    }
  CHECK(lit == int(expected.size()));
}

// The scene's state for a list of triangle-list draws (`pso`: a pipeline
// state other than the scene's), its target cleared.
void begin(ConservativeScene& s, ID3D12PipelineState* pso = nullptr) {
  s.bind({ndc(0, 0), ndc(1, 0), ndc(0, 1)}, {{0, 0}}, 1);
  if (pso) s.list->SetPipelineState(pso);
  s.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  s.clear();
}

// One list of `draws` consecutive fallback draws of random overlapping
// triangles; its counters, and its pixels checked.
D3DVKStats countedRun(UINT draws, uint32_t seed) {
  ConservativeScene s(1);
  std::mt19937 rng(seed);
  Expected expected;
  const Counted counted;
  begin(s);
  for (UINT i = 0; i < draws; ++i) drawTriangle(s, expected, randomTriangle(rng), i + 1);
  s.copyOut(0);
  const std::vector<uint32_t> words = s.run(1);
  const D3DVKStats d = counted.delta();
  checkImage(words, expected);
  return d;
}

}  // namespace

TEST_CASE("D3D12 consecutive conservative fallback draws are one batch: 16 draws record the barriers and rendering "
          "instances of 8",
          "[recording][d3d12][conservative][fallback]") {
  const D3DVKStats eight = countedRun(8, 20261129), sixteen = countedRun(16, 20261130);
  INFO("8 draws: " << eight.barriers << " barriers, " << eight.renderPasses << " rendering instances, " << eight.draws
                   << " Vulkan draws; 16 draws: " << sixteen.barriers << ", " << sixteen.renderPasses << ", "
                   << sixteen.draws);
  // Each fallback draw records a capture and two indirect draws (flat, exact).
  CHECK(sixteen.draws - eight.draws == 8 * 3);
  // The batch's phases are separated once, whatever its size.
  CHECK(sixteen.barriers == eight.barriers);
  CHECK(sixteen.renderPasses == eight.renderPasses);
}

TEST_CASE("D3D12 batched conservative fallback draws keep each draw's root constant, vertex buffer, viewport and "
          "instances, in API order across a ResourceBarrier and a native draw",
          "[recording][d3d12][conservative][fallback]") {
  ConservativeScene s(1);
  ID3D12PipelineState* native = s.createPso(kPlainPs, nullptr, D3D12_CONSERVATIVE_RASTERIZATION_MODE_OFF);
  std::mt19937 rng(20261131);
  Expected expected;
  begin(s);
  // A batch: new vertices and markers every draw, a moved viewport, two instances.
  drawTriangle(s, expected, randomTriangle(rng), 1);
  drawTriangle(s, expected, randomTriangle(rng), 2, 3.0f, 2.0f);
  drawTriangle(s, expected, raster::ScreenTriangle{{{2.25f, 3.5f}, {12.75f, 4.0f}, {5.5f, 11.25f}}}, 3, 0, 0, {{0, 0}, {0.75f, -0.5f}});
  drawTriangle(s, expected, randomTriangle(rng), 4);
  // A UAV barrier on every resource ends the batch; the next draws are another.
  D3D12_RESOURCE_BARRIER uav{};
  uav.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
  s.list->ResourceBarrier(1, &uav);
  drawTriangle(s, expected, randomTriangle(rng), 5);
  drawTriangle(s, expected, randomTriangle(rng), 6, -4.0f, 5.0f);
  // A native draw over the pixels [4, 12) × [8, 16) (pixel-aligned edges:
  // exactly the pixels whose centres are inside), then fallback draws again.
  s.list->SetPipelineState(native);
  const std::vector<Vertex> quad = {ndc(4, 8), ndc(12, 8), ndc(4, 16), ndc(4, 16), ndc(12, 8), ndc(12, 16)};
  const Offset zero{0, 0};
  const D3D12_VERTEX_BUFFER_VIEW vbv[2] = {
      {s.put(quad.data(), quad.size() * sizeof(Vertex)), UINT(quad.size() * sizeof(Vertex)), sizeof(Vertex)},
      {s.put(&zero, sizeof zero), sizeof zero, sizeof(Offset)}};
  s.list->IASetVertexBuffers(0, 2, vbv);
  const D3D12_VIEWPORT full{0, 0, float(kSize), float(kSize), 0, 1};
  s.list->RSSetViewports(1, &full);
  s.list->SetGraphicsRoot32BitConstant(0, 100, 0);
  s.list->DrawInstanced(6, 1, 0, 0);
  for (int y = 8; y < 16; ++y)
    for (int x = 4; x < 12; ++x) expected[{x, y}] = {100, 0};
  s.list->SetPipelineState(s.pso);
  drawTriangle(s, expected, raster::ScreenTriangle{{{6.5f, 6.25f}, {15.0f, 13.5f}, {3.75f, 14.0f}}}, 7);
  drawTriangle(s, expected, randomTriangle(rng), 8);
  s.copyOut(0);
  const std::vector<uint32_t> words = s.run(1);
  checkImage(words, expected);
  native->Release();
}

TEST_CASE("D3D12 batched conservative fallback draws that differ only in their triangles form groups: one setup and "
          "one draw pass each",
          "[recording][d3d12][conservative][fallback]") {
  ConservativeScene s(1);
  ID3D12PipelineState* groupable = s.createPso(kGroupablePs, nullptr, D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON);
  std::mt19937 rng(20261201);
  Expected expected;
  begin(s, groupable);
  const Counted counted;
  // 16 draws, each with its own vertex buffer; the pixel shader's marker
  // (a root constant) changes every 4 draws, so 4 groups; one draw of each
  // group has two instances.
  for (UINT i = 0; i < 16; ++i) {
    if (i % 4 == 2)
      drawTriangle(s, expected, randomTriangle(rng), i / 4 + 1, 0, 0, {{0, 0}, {0.5f, -0.25f}});
    else
      drawTriangle(s, expected, randomTriangle(rng), i / 4 + 1);
  }
  s.copyOut(0);
  const std::vector<uint32_t> words = s.run(1);
  const D3DVKStats n = counted.delta();
  checkImage(words, expected);
  // A capture draw per application draw, and per group the draw pass's two indirect draws (flat, exact).
  CHECK(n.draws == 16 + 4 * 2);
  groupable->Release();
}

TEST_CASE("D3D12 batched conservative fallback draws keep each draw's geometry-shader root constant, changed or not "
          "between them",
          "[recording][d3d12][conservative][fallback]") {
  ConservativeScene s(1, true);  // the geometry shader draws each triangle as is and moved right by root constant 1
  std::mt19937 rng(20261201);
  Expected expected;
  begin(s);
  const float shifts[] = {0.25f, 0.25f, -0.5f, 0.125f};  // NDC; the second draw keeps the first's
  for (uint32_t i = 0; i < std::size(shifts); ++i) {
    UINT bits;
    std::memcpy(&bits, &shifts[i], 4);
    s.list->SetGraphicsRoot32BitConstant(0, bits, 1);
    const raster::ScreenTriangle tri = randomTriangle(rng);
    drawTriangle(s, expected, tri, i + 1);  // (the copy as is)
    raster::ScreenTriangle moved = tri;
    for (auto& v : moved.v) v.x += shifts[i] * (kSize / 2.0f);
    for (const auto& p : conservativePixels(moved, false, int(kSize))) expected[p] = {i + 1, 0};
  }
  s.copyOut(0);
  checkImage(s.run(1), expected);
}
