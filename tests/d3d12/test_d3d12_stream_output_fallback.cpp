// tests/d3d12: stream output from a pipeline state with ConservativeRaster ON
// on the exact fallback (forced: D3DVK_CONSERVATIVE_RASTER=fallback, so the
// test is the same on any device). The application's capture is a pass of its
// own beside the fallback's passes (stream_output12.h): the captured vertices
// and filled size, the conservative pixels, SO_STATISTICS counted once and
// pipeline statistics / occlusion not seeing the capture, appending across
// two command lists, a geometry shader capturing and rasterizing stream 1,
// and SetPredication over the whole draw. Expected pixel sets are computed
// here from the triangles' geometry (a pixel is lit when its square meets the
// triangle: Tier 3 conservative coverage of triangles with no vertex on a
// pixel edge).
#include "d3d12_pipeline_util.h"
#include "d3d12_test_util.h"
#include "ddi_trace_log.h"  // ScopedEnv
#include "stream_output12_util.h"

#include <array>
#include <cstring>
#include <functional>

using namespace d3dvk;
using namespace d3dvk::test;
using namespace d3dvk::test::stream_output12;

namespace {

// PS: SV_Target0 = COLOR (v1).
const char kPsColour[] = R"(//
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
mov o0.xyzw, v1.xyzw
ret
)";

// GS: each triangle passed through unchanged (a strip of its three vertices).
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

// GS: stream 1 only, each triangle mirrored through the target's centre, in blue.
const char kGsStreamOneMirrored[] = R"(//
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

constexpr UINT kSize = RenderTarget16::kSize;
constexpr std::array<float, 4> kRed{1, 0, 0, 1};
constexpr uint32_t kRedPixel = 0xFF0000FFu, kBluePixel = 0xFFFF0000u;

// A vertex at pixel coordinates (px, py) of the 16×16 target.
Vertex atPixel(float px, float py, std::array<float, 4> c) {
  return {px / 8.0f - 1.0f, 1.0f - py / 8.0f, 0.5f, c[0], c[1], c[2], c[3]};
}
// Top-left (0,0) (4.5,0) (0,4.5): a pixel's square [x, x+1]×[y, y+1] meets
// it when its corner nearest the origin does: x + y <= 4.5. Bottom-right
// (16,16) (11.5,16) (16,11.5), its mirror through the centre: when
// (x + 1) + (y + 1) >= 32 - 4.5.
const Vertex kTopLeft[] = {atPixel(0, 0, kRed), atPixel(4.5f, 0, kRed), atPixel(0, 4.5f, kRed)};
const Vertex kBottomRight[] = {atPixel(16, 16, kRed), atPixel(11.5f, 16, kRed), atPixel(16, 11.5f, kRed)};
bool inTopLeft(UINT x, UINT y) { return float(x + y) <= 4.5f; }
bool inBottomRight(UINT x, UINT y) { return float(x + 1 + y + 1) >= 32.0f - 4.5f; }

UINT litCount(const std::function<bool(UINT, UINT)>& lit) {
  UINT n = 0;
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x) n += lit(x, y);
  return n;
}

void checkPixels(const std::vector<uint32_t>& pixels, const std::function<uint32_t(UINT, UINT)>& want) {
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x) {
      CAPTURE(x, y);
      CHECK(pixels[y * kSize + x] == want(x, y));
    }
}

// Captured: SV_Position.xy and COLOR, 24 bytes a vertex.
const D3D12_SO_DECLARATION_ENTRY kPositionColour[] = {{0, "SV_Position", 0, 0, 2, 0}, {0, "COLOR", 0, 0, 4, 0}};
const UINT kStride = 24;

void checkCaptured(const std::vector<uint32_t>& w, size_t first, const Vertex* v, size_t count, bool mirrored = false) {
  const float sign = mirrored ? -1.0f : 1.0f;
  for (size_t i = 0; i < count; ++i) {
    CAPTURE(first + i);
    const uint32_t* at = &w[6 * (first + i)];
    CHECK(at[0] == bitsOf(sign * v[i].x));
    CHECK(at[1] == bitsOf(sign * v[i].y));
    const float colour[4] = {mirrored ? 0.0f : v[i].r, mirrored ? 0.0f : v[i].g, mirrored ? 1.0f : v[i].b,
                             mirrored ? 1.0f : v[i].a};
    for (int c = 0; c < 4; ++c) CHECK(at[2 + c] == bitsOf(colour[c]));
  }
}

// The forced fallback, the fixture, a conservative triangle PSO of kVsCapture,
// `gs` (when given) and kPsColour capturing `decl`, a 16×16 RGBA8 target.
struct Scene {
  ScopedEnv policy{"D3DVK_CONSERVATIVE_RASTER", "fallback"};
  SoFixture f;
  ID3D12RootSignature* rs = f.rootSignature();
  ID3D12PipelineState* pso = nullptr;
  RenderTarget16 target{f.device};

  explicit Scene(const char* gs = nullptr, UINT rasterizedStream = 0) {
    D3D12_FEATURE_DATA_D3D12_OPTIONS options{};
    REQUIRE(f.device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof options) == S_OK);
    REQUIRE(options.ConservativeRasterizationTier == D3D12_CONSERVATIVE_RASTERIZATION_TIER_3);
    const std::vector<uint8_t> vs = assembled(kVsCapture), ps = assembled(kPsColour),
                               gsCode = gs ? assembled(gs) : std::vector<uint8_t>{};
    D3D12_SO_DECLARATION_ENTRY decl[2] = {kPositionColour[0], kPositionColour[1]};
    for (D3D12_SO_DECLARATION_ENTRY& e : decl) e.Stream = rasterizedStream;
    D3D12_GRAPHICS_PIPELINE_STATE_DESC d = soPsoDesc(rs, vs, {decl, 2, &kStride, 1, rasterizedStream});
    if (gs) d.GS = shaderBytecode(gsCode);
    d.PS = shaderBytecode(ps);
    d.NumRenderTargets = 1;
    d.RTVFormats[0] = DXGI_FORMAT_R8G8B8A8_UNORM;
    d.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
    d.RasterizerState.CullMode = D3D12_CULL_MODE_NONE;
    d.RasterizerState.ConservativeRaster = D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON;
    pso = createPso(f.device, d);
  }
  ~Scene() {
    pso->Release();
    rs->Release();
  }
  // Binds the target (cleared when `clear`), the PSO and `vertices`, and `view` as SO target 0.
  void bind(const Vertex* vertices, UINT count, const D3D12_STREAM_OUTPUT_BUFFER_VIEW& view, bool clear = true) {
    const float zero[4] = {0, 0, 0, 0};
    if (clear) {
      target.bind(f.list, zero);
    } else {
      f.viewport(kSize);
      f.list->OMSetRenderTargets(1, &target.rtv, FALSE, nullptr);
    }
    f.list->SetGraphicsRootSignature(rs);
    f.list->SetPipelineState(pso);
    f.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    f.bindVertices(vertices, count);
    f.list->SOSetTargets(0, 1, &view);
  }
  void copyOut() {
    f.transition(target.texture, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE);
    target.copyOut(f.list);
  }
};

ID3D12QueryHeap* queryHeap(ID3D12Device* device, D3D12_QUERY_HEAP_TYPE type) {
  const D3D12_QUERY_HEAP_DESC desc{type, 1, 0};
  void* heap = nullptr;
  const HRESULT hr = device->CreateQueryHeap(&desc, __uuidof(ID3D12QueryHeap), &heap);
  return createdOrFail<ID3D12QueryHeap>(hr, heap);
}

}  // namespace

TEST_CASE("[fallback] D3D12 a conservative draw with stream output captures once and draws its conservative pixels",
          "[d3d12][stream-output][fallback][queries]") {
  for (bool geometry : {false, true}) {
    CAPTURE(geometry);
    Scene s(geometry ? kGsPassTriangle : nullptr);
    ID3D12Resource* out = s.f.streamOutBuffer(6 * kStride, 0xAB);
    ID3D12Resource* filled = s.f.streamOutBuffer(4, 0);
    ID3D12QueryHeap* so = queryHeap(s.f.device, D3D12_QUERY_HEAP_TYPE_SO_STATISTICS);
    ID3D12QueryHeap* stats = queryHeap(s.f.device, D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS);
    ID3D12QueryHeap* occlusion = queryHeap(s.f.device, D3D12_QUERY_HEAP_TYPE_OCCLUSION);
    const UINT64 resultBytes = sizeof(D3D12_QUERY_DATA_SO_STATISTICS) + sizeof(D3D12_QUERY_DATA_PIPELINE_STATISTICS) + 8;
    ID3D12Resource* results = createBuffer(s.f.device, D3D12_HEAP_TYPE_READBACK, resultBytes);
    s.f.owned.push_back(results);
    s.bind(kTopLeft, 3, {out->GetGPUVirtualAddress(), 6 * kStride, filled->GetGPUVirtualAddress()});
    s.f.list->BeginQuery(so, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0, 0);
    s.f.list->BeginQuery(stats, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0);
    s.f.list->BeginQuery(occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0);
    s.f.list->DrawInstanced(3, 1, 0, 0);
    s.f.list->EndQuery(so, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0, 0);
    s.f.list->EndQuery(stats, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0);
    s.f.list->EndQuery(occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0);
    s.f.list->ResolveQueryData(so, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0, 0, 1, results, 0);
    s.f.list->ResolveQueryData(stats, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0, 1, results,
                               sizeof(D3D12_QUERY_DATA_SO_STATISTICS));
    s.f.list->ResolveQueryData(occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0, 1, results,
                               sizeof(D3D12_QUERY_DATA_SO_STATISTICS) + sizeof(D3D12_QUERY_DATA_PIPELINE_STATISTICS));
    s.copyOut();
    ID3D12Resource* rb = s.f.readBack(out, 6 * kStride);
    ID3D12Resource* rbFilled = s.f.readBack(filled, 4);
    s.f.run();

    const std::vector<uint32_t> w = words(rb, 6 * kStride);
    CHECK(words(rbFilled, 4)[0] == 3 * kStride);
    checkCaptured(w, 0, kTopLeft, 3);
    CHECK(w[18] == kUntouched);
    const UINT lit = litCount(inTopLeft);
    REQUIRE(lit == 15);
    checkPixels(s.target.pixels(), [](UINT x, UINT y) { return inTopLeft(x, y) ? kRedPixel : 0u; });
    const std::vector<unsigned char> raw = readBuffer(results, resultBytes);
    D3D12_QUERY_DATA_SO_STATISTICS soData;
    D3D12_QUERY_DATA_PIPELINE_STATISTICS statsData;
    UINT64 samples = 0;
    std::memcpy(&soData, raw.data(), sizeof soData);
    std::memcpy(&statsData, raw.data() + sizeof soData, sizeof statsData);
    std::memcpy(&samples, raw.data() + sizeof soData + sizeof statsData, 8);
    CHECK(soData.NumPrimitivesWritten == 1);
    CHECK(soData.PrimitivesStorageNeeded == 1);
    // The capture pass adds nothing: the statistics are the one draw's (the
    // fallback's pixel-shader invocations are its candidate pixels: at least the lit ones).
    CHECK(statsData.IAVertices == 3);
    CHECK(statsData.IAPrimitives == 1);
    CHECK(statsData.VSInvocations == 3);
    CHECK(statsData.CInvocations == 1);
    CHECK(statsData.PSInvocations >= lit);
    CHECK(samples == lit);
    occlusion->Release();
    stats->Release();
    so->Release();
  }
}

TEST_CASE("[fallback] D3D12 conservative draws with stream output append across two command lists",
          "[d3d12][stream-output][fallback]") {
  Scene s;
  ID3D12Resource* out = s.f.streamOutBuffer(8 * kStride, 0xAB);
  ID3D12Resource* filled = s.f.streamOutBuffer(4, 0);
  const D3D12_STREAM_OUTPUT_BUFFER_VIEW view{out->GetGPUVirtualAddress(), 8 * kStride, filled->GetGPUVirtualAddress()};
  s.bind(kTopLeft, 3, view);
  s.f.list->DrawInstanced(3, 1, 0, 0);
  s.f.run();
  s.f.reset();
  s.bind(kBottomRight, 3, view, false);  // the filled size goes on from the first list's capture
  s.f.list->DrawInstanced(3, 1, 0, 0);
  s.copyOut();
  ID3D12Resource* rb = s.f.readBack(out, 8 * kStride);
  ID3D12Resource* rbFilled = s.f.readBack(filled, 4);
  s.f.run();
  const std::vector<uint32_t> w = words(rb, 8 * kStride);
  CHECK(words(rbFilled, 4)[0] == 6 * kStride);
  checkCaptured(w, 0, kTopLeft, 3);
  checkCaptured(w, 3, kBottomRight, 3);
  CHECK(w[36] == kUntouched);
  REQUIRE(litCount(inBottomRight) == 15);
  checkPixels(s.target.pixels(),
              [](UINT x, UINT y) { return inTopLeft(x, y) || inBottomRight(x, y) ? kRedPixel : 0u; });
}

TEST_CASE("[fallback] D3D12 a conservative draw of a geometry shader capturing and rasterizing stream 1 draws stream "
          "1's conservative pixels",
          "[d3d12][stream-output][fallback]") {
  Scene s(kGsStreamOneMirrored, 1);
  ID3D12Resource* out = s.f.streamOutBuffer(4 * kStride, 0xAB);
  ID3D12Resource* filled = s.f.streamOutBuffer(4, 0);
  s.bind(kTopLeft, 3, {out->GetGPUVirtualAddress(), 4 * kStride, filled->GetGPUVirtualAddress()});
  s.f.list->DrawInstanced(3, 1, 0, 0);
  s.copyOut();
  ID3D12Resource* rb = s.f.readBack(out, 4 * kStride);
  ID3D12Resource* rbFilled = s.f.readBack(filled, 4);
  s.f.run();
  const std::vector<uint32_t> w = words(rb, 4 * kStride);
  CHECK(words(rbFilled, 4)[0] == 3 * kStride);
  checkCaptured(w, 0, kTopLeft, 3, true);  // stream 1: the mirrored triangle, in blue
  CHECK(w[18] == kUntouched);
  checkPixels(s.target.pixels(), [](UINT x, UINT y) { return inBottomRight(x, y) ? kBluePixel : 0u; });
}

TEST_CASE("[fallback] D3D12 a predicated conservative draw with stream output captures and draws only when it runs",
          "[d3d12][stream-output][fallback][predication]") {
  const UINT64 predicates[2] = {0, 1};
  for (UINT value = 0; value < 2; ++value)
    for (D3D12_PREDICATION_OP op : {D3D12_PREDICATION_OP_EQUAL_ZERO, D3D12_PREDICATION_OP_NOT_EQUAL_ZERO}) {
      // EQUAL_ZERO skips the draw when the predicate is 0; NOT_EQUAL_ZERO when it is not.
      const bool runs = (op == D3D12_PREDICATION_OP_EQUAL_ZERO) == (predicates[value] != 0);
      CAPTURE(value, int(op), runs);
      Scene s;
      ID3D12Resource* predicate = s.f.upload(predicates, sizeof predicates);
      ID3D12Resource* out = s.f.streamOutBuffer(4 * kStride, 0xAB);
      ID3D12Resource* filled = s.f.streamOutBuffer(4, 0);
      s.bind(kTopLeft, 3, {out->GetGPUVirtualAddress(), 4 * kStride, filled->GetGPUVirtualAddress()});
      s.f.list->SetPredication(predicate, 8 * value, op);
      s.f.list->DrawInstanced(3, 1, 0, 0);
      s.f.list->SetPredication(nullptr, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
      s.copyOut();
      ID3D12Resource* rb = s.f.readBack(out, 4 * kStride);
      ID3D12Resource* rbFilled = s.f.readBack(filled, 4);
      s.f.run();
      const std::vector<uint32_t> w = words(rb, 4 * kStride);
      CHECK(words(rbFilled, 4)[0] == (runs ? 3 * kStride : 0));
      if (runs) checkCaptured(w, 0, kTopLeft, 3);
      CHECK(w[runs ? 18 : 0] == kUntouched);
      checkPixels(s.target.pixels(), [&](UINT x, UINT y) { return runs && inTopLeft(x, y) ? kRedPixel : 0u; });
    }
}

TEST_CASE("[fallback] D3D12 ExecuteIndirect's conservative draws with stream output capture when the list executes",
          "[d3d12][stream-output][fallback][indirect][queries]") {
  Scene s;
  const D3D12_INDIRECT_ARGUMENT_DESC argument{D3D12_INDIRECT_ARGUMENT_TYPE_DRAW};
  const D3D12_COMMAND_SIGNATURE_DESC signatureDesc{sizeof(D3D12_DRAW_ARGUMENTS), 1, &argument, 0};
  void* object = nullptr;
  const HRESULT hr = s.f.device->CreateCommandSignature(&signatureDesc, nullptr, __uuidof(ID3D12CommandSignature), &object);
  ID3D12CommandSignature* signature = createdOrFail<ID3D12CommandSignature>(hr, object);
  // The bottom-right triangle, then the top-left one.
  const D3D12_DRAW_ARGUMENTS commands[2] = {{3, 1, 3, 0}, {3, 1, 0, 0}};
  ID3D12Resource* arguments = s.f.upload(commands, sizeof commands);
  ID3D12Resource* out = s.f.streamOutBuffer(8 * kStride, 0xAB);
  ID3D12Resource* filled = s.f.streamOutBuffer(4, 0);
  const Vertex both[] = {kTopLeft[0], kTopLeft[1], kTopLeft[2], kBottomRight[0], kBottomRight[1], kBottomRight[2]};
  s.bind(both, 6, {out->GetGPUVirtualAddress(), 8 * kStride, filled->GetGPUVirtualAddress()});
  // An SO_STATISTICS query active over the draws counts them where they are recorded, when the list executes.
  ID3D12QueryHeap* so = queryHeap(s.f.device, D3D12_QUERY_HEAP_TYPE_SO_STATISTICS);
  ID3D12Resource* results = createBuffer(s.f.device, D3D12_HEAP_TYPE_READBACK, sizeof(D3D12_QUERY_DATA_SO_STATISTICS));
  s.f.owned.push_back(results);
  s.f.list->BeginQuery(so, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0, 0);
  s.f.list->ExecuteIndirect(signature, 2, arguments, 0, nullptr, 0);
  s.f.list->EndQuery(so, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0, 0);
  s.f.list->ResolveQueryData(so, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0, 0, 1, results, 0);
  s.copyOut();
  ID3D12Resource* rb = s.f.readBack(out, 8 * kStride);
  ID3D12Resource* rbFilled = s.f.readBack(filled, 4);
  s.f.run();
  const std::vector<uint32_t> w = words(rb, 8 * kStride);
  CHECK(words(rbFilled, 4)[0] == 6 * kStride);
  checkCaptured(w, 0, kBottomRight, 3);
  checkCaptured(w, 3, kTopLeft, 3);
  CHECK(w[36] == kUntouched);
  checkPixels(s.target.pixels(),
              [](UINT x, UINT y) { return inTopLeft(x, y) || inBottomRight(x, y) ? kRedPixel : 0u; });
  D3D12_QUERY_DATA_SO_STATISTICS q;
  const std::vector<unsigned char> raw = readBuffer(results, sizeof q);
  std::memcpy(&q, raw.data(), sizeof q);
  CHECK(q.NumPrimitivesWritten == 2);
  CHECK(q.PrimitivesStorageNeeded == 2);
  so->Release();
  signature->Release();
}

TEST_CASE("[fallback] D3D12 an indexed strip larger than one piece with stream output captures once",
          "[d3d12][stream-output][fallback]") {
  // Every triangle its own piece: the strip's indices are read when the list
  // executes (a deferred draw); its capture ran when it was recorded.
  ScopedEnv pieces("D3DVK_FALLBACK_PIECE_TRIANGLES", "1");
  Scene s;
  ID3D12Resource* out = s.f.streamOutBuffer(16 * kStride, 0xAB);  // room for a second capture
  ID3D12Resource* filled = s.f.streamOutBuffer(4, 0);
  // The strip 0 1 2 3 over the top-left triangle's vertices and a fourth one:
  // triangles (0 1 2) and (2 1 3), the second's vertices in the strip's order for odd triangles.
  const Vertex strip[] = {kTopLeft[0], kTopLeft[1], kTopLeft[2], atPixel(4.5f, 4.5f, kRed)};
  s.bind(strip, 4, {out->GetGPUVirtualAddress(), 16 * kStride, filled->GetGPUVirtualAddress()});
  const uint16_t indices[] = {0, 1, 2, 3};
  ID3D12Resource* ib = s.f.upload(indices, sizeof indices);
  const D3D12_INDEX_BUFFER_VIEW ibv{ib->GetGPUVirtualAddress(), sizeof indices, DXGI_FORMAT_R16_UINT};
  s.f.list->IASetIndexBuffer(&ibv);
  s.f.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
  s.f.list->DrawIndexedInstanced(4, 1, 0, 0, 0);
  s.copyOut();
  ID3D12Resource* rbFilled = s.f.readBack(filled, 4);
  s.f.run();
  CHECK(words(rbFilled, 4)[0] == 6 * kStride);  // two triangles captured, once
  // The square (0,0)-(4.5,4.5) is lit: a pixel whose square meets it.
  checkPixels(s.target.pixels(), [](UINT x, UINT y) { return x < 5 && y < 5 ? kRedPixel : 0u; });
}
