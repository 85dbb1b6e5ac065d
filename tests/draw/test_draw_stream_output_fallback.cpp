// tests/draw: stream output together with conservative draws on the UMD's
// exact fallback (forced: ForceConservativeFallback; lavapipe has no
// VK_EXT_conservative_rasterization anyway). The application's capture runs
// as a pass of its own beside the fallback's passes (driver_stream_output.h):
// the captured vertices, the conservative pixels, SO statistics and pipeline
// statistics / occlusion counted once, appending across such draws, DrawAuto
// on the fallback path, predication of the whole draw, and a capture that
// rasterizes nothing. Expected pixel sets are computed here from the triangles'
// geometry (a pixel is lit when its square meets the triangle).
#include "../render/checked_device.h"
#include "draw_test_util.h"
#include "stream_output_test_util.h"

#include <array>
#include <cmath>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

// Each triangle passed through unchanged (a strip of its three vertices).
const char kGsPassTriangle[] = R"(//
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
dcl_input_siv v[3][0].xyzw, position
dcl_input v[3][1].xyzw
dcl_inputprimitive triangle
dcl_stream m0
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_maxout 3
mov o0.xyzw, v[0][0].xyzw
mov o1.xyzw, v[0][1].xyzw
emit_stream m0
mov o0.xyzw, v[1][0].xyzw
mov o1.xyzw, v[1][1].xyzw
emit_stream m0
mov o0.xyzw, v[2][0].xyzw
mov o1.xyzw, v[2][1].xyzw
emit_stream m0
cut_stream m0
ret
)";

// Stream 1 only (stream 0 declares nothing): each triangle mirrored through
// the target's centre, in blue.
const char kGsStreamOneTriangles[] = R"(//
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
// m1:SV_Position           0   xyzw        0      POS   float   xyzw
// m1:COLOR                 0   xyzw        1     NONE   float   xyzw
//
gs_5_0
dcl_input_siv v[3][0].xyzw, position
dcl_input v[3][1].xyzw
dcl_inputprimitive triangle
dcl_stream m1
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_maxout 3
mul o0.xyzw, v[0][0].xyzw, l(-1.000000, -1.000000, 1.000000, 1.000000)
mov o1.xyzw, l(0, 0, 1.000000, 1.000000)
emit_stream m1
mul o0.xyzw, v[1][0].xyzw, l(-1.000000, -1.000000, 1.000000, 1.000000)
mov o1.xyzw, l(0, 0, 1.000000, 1.000000)
emit_stream m1
mul o0.xyzw, v[2][0].xyzw, l(-1.000000, -1.000000, 1.000000, 1.000000)
mov o1.xyzw, l(0, 0, 1.000000, 1.000000)
emit_stream m1
cut_stream m1
ret
)";

// A vertex at pixel coordinates (px, py) of the 8×8 target.
Vertex atPixel(float px, float py, std::array<float, 4> c) { return {px / 4.0f - 1.0f, 1.0f - py / 4.0f, c[0], c[1], c[2], c[3]}; }

// Top-left triangle (0,0) (4.5,0) (0,4.5): its conservative pixels are x + y <= 4
// (pixel centres alone would light x + y <= 3). Bottom-right (8,8) (3.5,8) (8,3.5): x + y >= 10.
constexpr std::array<float, 4> kRed{1, 0, 0, 1}, kBlue{0, 0, 1, 1};
bool inTopLeft(UINT x, UINT y) { return x + y <= 4; }
bool inBottomRight(UINT x, UINT y) { return x + y >= 10; }

// Whether every pixel is `colour` where `lit` says and untouched (zero) elsewhere.
template <typename Lit>
void checkPixels(Capture& c, Lit lit) {
  const auto pixels = c.target.pixels();
  for (UINT y = 0; y < 8; ++y)
    for (UINT x = 0; x < 8; ++x) {
      CAPTURE(x, y);
      const std::array<float, 4> want = lit(x, y);
      for (int i = 0; i < 4; ++i) CHECK(std::fabs(pixels[y * 8 + x][i] - want[i]) < 1e-5f);
    }
}

// A stream-output object of the vertex shader (or of the pass-through
// geometry shader) capturing POSITION.xy and COLOR, 24 bytes: the kColorLayout Vertex.
Com<ID3D11GeometryShader> vertexCapture(Capture& c, bool geometry, UINT rasterized = 0) {
  const D3D11_SO_DECLARATION_ENTRY decl[] = {{0, "SV_Position", 0, 0, 2, 0}, {0, "COLOR", 0, 0, 4, 0}};
  const UINT stride = sizeof(Vertex);
  const std::vector<uint8_t> code = geometry ? assembled(kGsPassTriangle) : c.vs;
  Com<ID3D11GeometryShader> so;
  REQUIRE(c.d->CreateGeometryShaderWithStreamOutput(code.data(), code.size(), decl, 2, &stride, 1, rasterized, nullptr,
                                                    so.out()) == S_OK);
  return so;
}

void checkCaptured(const std::vector<float>& f, size_t first, const Vertex* v, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    CAPTURE(first + i);
    CHECK(std::vector<float>(f.begin() + 6 * (first + i), f.begin() + 6 * (first + i + 1)) ==
          std::vector<float>{v[i].x, v[i].y, v[i].r, v[i].g, v[i].b, v[i].a});
  }
}

}  // namespace

TEST_CASE("[fallback] a conservative draw with stream output captures once and draws its conservative pixels",
          "[stream-output][capture][fallback][queries]") {
  for (bool geometry : {false, true}) {
    CAPTURE(geometry);
    ForceConservativeFallback force;
    Capture c;
    Com<ID3D11GeometryShader> so = vertexCapture(c, geometry);
    const Vertex tri[] = {atPixel(0, 0, kRed), atPixel(4.5f, 0, kRed), atPixel(0, 4.5f, kRed)};
    Com<ID3D11Buffer> vb = makeBuffer(c.d, tri, sizeof tri, D3D11_BIND_VERTEX_BUFFER);
    c.target.bindVertices(vb.get());
    Com<ID3D11RasterizerState2> conservative = conservativeState(c.d);
    c.d.context->RSSetState(conservative.get());
    Com<ID3D11Buffer> out = c.soBuffer(4 * sizeof(Vertex));
    ID3D11Buffer* targets[] = {out.get()};
    const UINT zero = 0;
    c.d.context->SOSetTargets(1, targets, &zero);
    c.d.context->GSSetShader(so.get(), nullptr, 0);
    Com<ID3D11Query> soStats = makeSoQuery(c.d, D3D11_QUERY_SO_STATISTICS);
    Com<ID3D11Query> stats = makeSoQuery(c.d, D3D11_QUERY_PIPELINE_STATISTICS);
    Com<ID3D11Query> occlusion = makeSoQuery(c.d, D3D11_QUERY_OCCLUSION);
    for (ID3D11Query* q : {soStats.get(), stats.get(), occlusion.get()}) c.d.context->Begin(q);
    c.d.context->Draw(3, 0);
    for (ID3D11Query* q : {soStats.get(), stats.get(), occlusion.get()}) c.d.context->End(q);

    const std::vector<float> f = c.floats(out.get());
    checkCaptured(f, 0, tri, 3);
    CHECK(c.words(out.get())[18] == kUntouched);
    UINT lit = 0;
    for (UINT y = 0; y < 8; ++y)
      for (UINT x = 0; x < 8; ++x) lit += inTopLeft(x, y);
    REQUIRE(lit == 15);
    checkPixels(c, [](UINT x, UINT y) { return inTopLeft(x, y) ? kRed : std::array<float, 4>{}; });
    const auto s = queryResult<D3D11_QUERY_DATA_SO_STATISTICS>(c.d, soStats.get());
    CHECK(s.NumPrimitivesWritten == 1);
    CHECK(s.PrimitivesStorageNeeded == 1);
    // The capture pass adds nothing: the statistics are the one draw's.
    const auto p = queryResult<D3D11_QUERY_DATA_PIPELINE_STATISTICS>(c.d, stats.get());
    CHECK(p.IAVertices == 3);
    CHECK(p.VSInvocations == 3);
    CHECK(p.PSInvocations == lit);
    CHECK(queryResult<UINT64>(c.d, occlusion.get()) == lit);
    CHECK(drainMessages(c.queue.get()).empty());
  }
}

TEST_CASE("[fallback] conservative draws with stream output append and DrawAuto on the fallback path draws the capture",
          "[stream-output][capture][fallback]") {
  ForceConservativeFallback force;
  Capture c;
  Com<ID3D11GeometryShader> so = vertexCapture(c, false);
  const Vertex a[] = {atPixel(0, 0, kRed), atPixel(4.5f, 0, kRed), atPixel(0, 4.5f, kRed)};
  const Vertex b[] = {atPixel(8, 8, kBlue), atPixel(3.5f, 8, kBlue), atPixel(8, 3.5f, kBlue)};
  Com<ID3D11Buffer> vbA = makeBuffer(c.d, a, sizeof a, D3D11_BIND_VERTEX_BUFFER);
  Com<ID3D11Buffer> vbB = makeBuffer(c.d, b, sizeof b, D3D11_BIND_VERTEX_BUFFER);
  Com<ID3D11RasterizerState2> conservative = conservativeState(c.d);
  c.d.context->RSSetState(conservative.get());
  Com<ID3D11Buffer> out = c.soBuffer(8 * sizeof(Vertex), D3D11_BIND_VERTEX_BUFFER);
  ID3D11Buffer* targets[] = {out.get()};
  const UINT zero = 0;
  c.d.context->SOSetTargets(1, targets, &zero);
  c.d.context->GSSetShader(so.get(), nullptr, 0);
  c.target.bindVertices(vbA.get());
  c.d.context->Draw(3, 0);
  c.target.bindVertices(vbB.get());
  c.d.context->Draw(3, 0);  // appends after the first draw's vertices
  c.d.context->SOSetTargets(0, nullptr, nullptr);
  const std::vector<float> f = c.floats(out.get());
  checkCaptured(f, 0, a, 3);
  checkCaptured(f, 3, b, 3);
  CHECK(c.words(out.get())[36] == kUntouched);
  auto both = [](UINT x, UINT y) {
    return inTopLeft(x, y) ? kRed : inBottomRight(x, y) ? kBlue : std::array<float, 4>{};
  };
  checkPixels(c, both);

  // DrawAuto of the captured buffer, still conservative: both triangles again, on a cleared target.
  const float clear[4] = {0, 0, 0, 0};
  c.d.context->ClearRenderTargetView(c.target.rtv.get(), clear);
  c.d.context->GSSetShader(nullptr, nullptr, 0);
  c.target.bindVertices(out.get());
  c.d.context->DrawAuto();
  checkPixels(c, both);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("[fallback] a predicated conservative draw with stream output captures and draws only when it runs",
          "[stream-output][capture][fallback][predication]") {
  ForceConservativeFallback force;
  Capture c;
  Com<ID3D11GeometryShader> so = vertexCapture(c, false);
  const Vertex tri[] = {atPixel(0, 0, kRed), atPixel(4.5f, 0, kRed), atPixel(0, 4.5f, kRed)};
  Com<ID3D11Buffer> vb = makeBuffer(c.d, tri, sizeof tri, D3D11_BIND_VERTEX_BUFFER);
  c.target.bindVertices(vb.get());
  Com<ID3D11RasterizerState2> conservative = conservativeState(c.d);
  c.d.context->RSSetState(conservative.get());
  Com<ID3D11Buffer> out = c.soBuffer(4 * sizeof(Vertex));
  ID3D11Buffer* targets[] = {out.get()};
  const UINT zero = 0;
  c.d.context->SOSetTargets(1, targets, &zero);
  c.d.context->GSSetShader(so.get(), nullptr, 0);
  // An occlusion predicate over nothing: FALSE.
  const D3D11_QUERY_DESC desc{D3D11_QUERY_OCCLUSION_PREDICATE, 0};
  Com<ID3D11Predicate> predicate;
  REQUIRE(c.d->CreatePredicate(&desc, predicate.out()) == S_OK);
  c.d.context->Begin(predicate.get());
  c.d.context->End(predicate.get());
  REQUIRE(queryResult<BOOL>(c.d, predicate.get()) == FALSE);
  Com<ID3D11Query> soStats = makeSoQuery(c.d, D3D11_QUERY_SO_STATISTICS);
  c.d.context->Begin(soStats.get());
  c.d.context->SetPredication(predicate.get(), FALSE);  // skipped: neither captured nor drawn
  c.d.context->Draw(3, 0);
  c.d.context->SetPredication(nullptr, FALSE);  // (the read-backs' copies would be predicated too)
  c.d.context->End(soStats.get());
  for (uint32_t w : c.words(out.get())) CHECK(w == kUntouched);
  checkPixels(c, [](UINT, UINT) { return std::array<float, 4>{}; });
  const auto skipped = queryResult<D3D11_QUERY_DATA_SO_STATISTICS>(c.d, soStats.get());
  CHECK(skipped.PrimitivesStorageNeeded == 0);
  c.d.context->SetPredication(predicate.get(), TRUE);  // runs
  c.d.context->Draw(3, 0);
  c.d.context->SetPredication(nullptr, FALSE);
  checkCaptured(c.floats(out.get()), 0, tri, 3);
  checkPixels(c, [](UINT x, UINT y) { return inTopLeft(x, y) ? kRed : std::array<float, 4>{}; });
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("[fallback] a conservative draw capturing with no rasterized stream captures and draws nothing",
          "[stream-output][capture][fallback]") {
  ForceConservativeFallback force;
  Capture c;
  Com<ID3D11GeometryShader> so = vertexCapture(c, false, D3D11_SO_NO_RASTERIZED_STREAM);
  const Vertex tri[] = {atPixel(0, 0, kRed), atPixel(4.5f, 0, kRed), atPixel(0, 4.5f, kRed)};
  Com<ID3D11Buffer> vb = makeBuffer(c.d, tri, sizeof tri, D3D11_BIND_VERTEX_BUFFER);
  c.target.bindVertices(vb.get());
  Com<ID3D11RasterizerState2> conservative = conservativeState(c.d);
  c.d.context->RSSetState(conservative.get());
  Com<ID3D11Buffer> out = c.soBuffer(4 * sizeof(Vertex));
  ID3D11Buffer* targets[] = {out.get()};
  const UINT zero = 0;
  c.d.context->SOSetTargets(1, targets, &zero);
  c.d.context->GSSetShader(so.get(), nullptr, 0);
  c.d.context->Draw(3, 0);
  checkCaptured(c.floats(out.get()), 0, tri, 3);
  checkPixels(c, [](UINT, UINT) { return std::array<float, 4>{}; });
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("[fallback] a conservative draw of a geometry shader capturing and rasterizing stream 1 draws stream 1's "
          "conservative pixels",
          "[stream-output][capture][fallback]") {
  ForceConservativeFallback force;
  Capture c;
  const D3D11_SO_DECLARATION_ENTRY decl[] = {{1, "SV_Position", 0, 0, 2, 0}, {1, "COLOR", 0, 0, 4, 0}};
  const UINT stride = sizeof(Vertex);
  const std::vector<uint8_t> gs = assembled(kGsStreamOneTriangles);
  Com<ID3D11GeometryShader> so;
  REQUIRE(c.d->CreateGeometryShaderWithStreamOutput(gs.data(), gs.size(), decl, 2, &stride, 1, 1, nullptr, so.out()) ==
          S_OK);
  const Vertex tri[] = {atPixel(0, 0, kRed), atPixel(4.5f, 0, kRed), atPixel(0, 4.5f, kRed)};
  Com<ID3D11Buffer> vb = makeBuffer(c.d, tri, sizeof tri, D3D11_BIND_VERTEX_BUFFER);
  c.target.bindVertices(vb.get());
  Com<ID3D11RasterizerState2> conservative = conservativeState(c.d);
  c.d.context->RSSetState(conservative.get());
  Com<ID3D11Buffer> out = c.soBuffer(4 * sizeof(Vertex));
  ID3D11Buffer* targets[] = {out.get()};
  const UINT zero = 0;
  c.d.context->SOSetTargets(1, targets, &zero);
  c.d.context->GSSetShader(so.get(), nullptr, 0);
  c.d.context->Draw(3, 0);
  // Captured: the mirrored vertices in blue.
  Vertex mirrored[3];
  for (int i = 0; i < 3; ++i) mirrored[i] = {-tri[i].x, -tri[i].y, 0, 0, 1, 1};
  checkCaptured(c.floats(out.get()), 0, mirrored, 3);
  CHECK(c.words(out.get())[18] == kUntouched);
  // Drawn: the mirrored triangle (8,8) (3.5,8) (8,3.5) conservatively, x + y >= 10, in blue.
  checkPixels(c, [](UINT x, UINT y) { return inBottomRight(x, y) ? kBlue : std::array<float, 4>{}; });
  CHECK(drainMessages(c.queue.get()).empty());
}
