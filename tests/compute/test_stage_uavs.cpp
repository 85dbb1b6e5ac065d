// tests/compute: UAVs in the vertex and geometry stages (D3D11.1 binds the
// one set of UAV slots, OMSetRenderTargetsAndUnorderedAccessViews, to every
// graphics stage), read back through staging copies:
//  * a vertex shader stores SV_VertexID + 1 at u1[SV_VertexID] (raw) and a
//    geometry shader adds 1 per triangle to u2[0] (InterlockedAdd) while the
//    pixel shader draws: every vertex once, every triangle once;
//  * the same through the conservative fallback (forced on any device): its
//    capture runs the application's vertex and geometry shaders, its draw
//    pass neither, so the side effects happen the same number of times.
#include "compute_test_util.h"
#include "draw_test_util.h"

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

// VS: POSITION.xy, COLOR passed on; u1[vid] = vid + 1 (raw, byte 4·vid).
const char kVsStoreVertexId[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xy          0     NONE   float   xy
// COLOR                    0   xyzw        1     NONE   float   xyzw
// SV_VertexID              0   x           2   VERTID    uint   x
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
vs_5_0
dcl_globalFlags refactoringAllowed
dcl_uav_raw u1
dcl_input v0.xy
dcl_input v1.xyzw
dcl_input_sgv v2.x, vertex_id
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_temps 1
ishl r0.x, v2.x, l(2)
iadd r0.y, v2.x, l(1)
store_raw u1.x, r0.x, r0.y
mov o0.xy, v0.xyxx
mov o0.zw, l(0,0,0,1.000000)
mov o1.xyzw, v1.xyzw
ret
)";

// GS: passes each triangle on; InterlockedAdd(u2[0], 1) once per triangle.
const char kGsCountTriangles[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
gs_5_0
dcl_uav_raw u2
dcl_input_siv v[3][0].xyzw, position
dcl_input v[3][1].xyzw
dcl_temps 1
dcl_inputprimitive triangle
dcl_stream m0
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_maxout 3
atomic_iadd u2, l(0), l(1)
mov r0.x, l(0)
loop
  uge r0.y, r0.x, l(3)
  breakc_nz r0.y
  mov o0.xyzw, v[r0.x + 0][0].xyzw
  mov o1.xyzw, v[r0.x + 0][1].xyzw
  emit_stream m0
  iadd r0.x, r0.x, l(1)
endloop
ret
)";

void drawWithStageUavs(bool conservative) {
  Checked c;
  RenderDevice& d = c.d;
  DrawTarget t(d, 8, 8);
  const std::vector<uint8_t> vsCode = assembledListing(kVsStoreVertexId), gsCode = assembledListing(kGsCountTriangles);
  Com<ID3D11VertexShader> vs;
  Com<ID3D11GeometryShader> gs;
  REQUIRE(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
  REQUIRE(d->CreateGeometryShader(gsCode.data(), gsCode.size(), nullptr, gs.out()) == S_OK);
  Com<ID3D11InputLayout> layout;
  REQUIRE(d->CreateInputLayout(kColorLayout, 2, vsCode.data(), vsCode.size(), layout.out()) == S_OK);
  d.context->IASetInputLayout(layout.get());
  d.context->VSSetShader(vs.get(), nullptr, 0);
  d.context->GSSetShader(gs.get(), nullptr, 0);
  Com<ID3D11RasterizerState2> state;
  if (conservative) {
    state = conservativeState(d);
    d.context->RSSetState(state.get());
  }
  // Four triangles (12 vertices), two of them off the target (still shaded by VS and GS).
  std::vector<Vertex> vertices;
  for (int i = 0; i < 4; ++i) {
    const float x = -0.9f + 0.5f * float(i);
    vertices.push_back({x, -0.5f, 1, 1, 1, 1});
    vertices.push_back({x + 0.2f, 0.5f, 1, 1, 1, 1});
    vertices.push_back({x + 0.4f, -0.5f, 1, 1, 1, 1});
  }
  vertices[9].x = vertices[10].x = vertices[11].x = 5.0f;  // the last one off the target
  Com<ID3D11Buffer> vb = makeBuffer(d, vertices.data(), UINT(vertices.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  Com<ID3D11Buffer> ids = makeDataBuffer(d, std::vector<uint32_t>(16, 0), D3D11_BIND_UNORDERED_ACCESS,
                                         D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11Buffer> count = makeDataBuffer(d, std::vector<uint32_t>(4, 0), D3D11_BIND_UNORDERED_ACCESS,
                                           D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11UnorderedAccessView> idsView = rawUav(d, ids.get(), 16), countView = rawUav(d, count.get(), 4);
  ID3D11RenderTargetView* rtvs[] = {t.rtv.get()};
  ID3D11UnorderedAccessView* uavs[] = {idsView.get(), countView.get()};
  d.context->OMSetRenderTargetsAndUnorderedAccessViews(1, rtvs, nullptr, 1, 2, uavs, nullptr);
  d.context->Draw(12, 0);

  const std::vector<uint32_t> stored = readBuffer(d, ids.get());
  for (uint32_t i = 0; i < 16; ++i) CHECK(stored[i] == (i < 12 ? i + 1 : 0u));
  CHECK(readBuffer(d, count.get())[0] == 4);
  // The pixel shader drew: the first triangle's centre pixel is white.
  const auto px = t.pixels();
  CHECK(px[4 * 8 + 1] == std::array<float, 4>{1, 1, 1, 1});
  CHECK(drainMessages(c.queue.get()).empty());
}

}  // namespace

TEST_CASE("UAVs in the vertex and geometry stages: every vertex and every triangle stores once",
          "[compute][uav][geometry]") {
  drawWithStageUavs(false);
}

TEST_CASE("conservative fallback: vertex- and geometry-shader UAV side effects happen once per vertex and triangle",
          "[compute][uav][geometry][conservative]") {
  ForceConservativeFallback fallback;
  drawWithStageUavs(true);
}
