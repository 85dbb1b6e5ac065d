// tests/d3d12: stream output through the public D3D12 API on the real UMD
// (lavapipe's VK_EXT_transform_feedback): a vertex shader's outputs captured
// into two buffers at the declaration's offsets with a gap, a NULL view
// dropping its slot's data, a geometry shader's two streams with stream 1
// rasterized (pixels checked), appending through BufferFilledSizeLocation
// across draws and ExecuteCommandLists, a buffer too small for a draw, a
// domain shader's output, SO_STATISTICS queries, and the descs D3D12 refuses. Expected values are computed here from the vertices.
#include "d3d12_pipeline_util.h"
#include "d3d12_test_util.h"
#include "norm_tolerance.h"
#include "stream_output12_util.h"
#include "tessellation_listings.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

using namespace d3dvk;
using namespace d3dvk::test;
using namespace d3dvk::test::stream_output12;

namespace {

// GS: each input point emitted to stream 0 as itself (position, colour) and
// to stream 1 mirrored through the centre (position * (-1, -1, 1, 1)) with
// DATA = colour * 2.
const char kGsTwoStreams[] = R"(//
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
// m0:SV_Position           0   xyzw        0      POS   float   xyzw
// m0:COLOR                 0   xyzw        1     NONE   float   xyzw
// m1:SV_Position           0   xyzw        0      POS   float   xyzw
// m1:DATA                  0   xyzw        1     NONE   float   xyzw
//
gs_5_0
dcl_input_siv v[1][0].xyzw, position
dcl_input v[1][1].xyzw
dcl_inputprimitive point
dcl_stream m0
dcl_outputtopology pointlist
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_stream m1
dcl_outputtopology pointlist
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_maxout 2
mov o0.xyzw, v[0][0].xyzw
mov o1.xyzw, v[0][1].xyzw
emit_stream m0
mul o0.xyzw, v[0][0].xyzw, l(-1.000000, -1.000000, 1.000000, 1.000000)
mul o1.xyzw, v[0][1].xyzw, l(2.000000, 2.000000, 2.000000, 2.000000)
emit_stream m1
ret
)";

// PS: SV_Target0 = DATA (v1).
const char kPsData[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// DATA                     0   xyzw        1     NONE   float   xyzw
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

// Slot 0: SV_Position, a 1-component gap, TEXCOORD.x (stride 24). Slot 1: TEXCOORD.yzw (stride 12).
const D3D12_SO_DECLARATION_ENTRY kTwoSlots[] = {{0, "SV_Position", 0, 0, 4, 0},
                                                {0, nullptr, 0, 0, 1, 0},
                                                {0, "TEXCOORD", 0, 0, 1, 0},
                                                {0, "TEXCOORD", 0, 1, 3, 1}};
const UINT kTwoSlotStrides[] = {24, 12};

const Vertex kPoints[] = {{-0.5f, -0.25f, 0.125f, 0, 0, 0, 1},
                          {0.25f, 0.5f, 0.375f, 0, 0, 0, 1},
                          {0.75f, -0.75f, 0.625f, 0, 0, 0, 1},
                          {0.5f, 0.125f, 0.25f, 0, 0, 0, 1},
                          {-0.125f, 0.875f, 0.5f, 0, 0, 0, 1}};

}  // namespace

TEST_CASE("D3D12 stream output of a vertex shader writes two buffers at the declaration's offsets and its filled sizes",
          "[d3d12][stream-output]") {
  SoFixture f;
  ID3D12RootSignature* rs = f.rootSignature();
  const std::vector<uint8_t> vs = assembled(kVsCapture);
  D3D12_STREAM_OUTPUT_DESC so{kTwoSlots, 4, kTwoSlotStrides, 2, 0};
  ID3D12PipelineState* pso = createPso(f.device, soPsoDesc(rs, vs, so));
  ID3D12Resource* out0 = f.streamOutBuffer(256, 0xAB);
  ID3D12Resource* out1 = f.streamOutBuffer(256, 0xAB);
  ID3D12Resource* filled = f.streamOutBuffer(16, 0);  // slot 0's filled size at 0, slot 1's at 8
  f.list->SetGraphicsRootSignature(rs);
  f.list->SetPipelineState(pso);
  f.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_POINTLIST);
  f.bindVertices(kPoints, 3);
  f.viewport(16);
  const D3D12_STREAM_OUTPUT_BUFFER_VIEW views[] = {{out0->GetGPUVirtualAddress(), 256, filled->GetGPUVirtualAddress()},
                                                   {out1->GetGPUVirtualAddress(), 256, filled->GetGPUVirtualAddress() + 8}};
  f.list->SOSetTargets(0, 2, views);
  f.list->DrawInstanced(3, 1, 0, 0);
  ID3D12Resource* rb0 = f.readBack(out0, 256);
  ID3D12Resource* rb1 = f.readBack(out1, 256);
  ID3D12Resource* rbFilled = f.readBack(filled, 16);
  f.run();
  const std::vector<uint32_t> w0 = words(rb0, 256), w1 = words(rb1, 256), sizes = words(rbFilled, 16);
  CHECK(sizes[0] == 3 * 24);
  CHECK(sizes[2] == 3 * 12);
  CHECK(sizes[1] == 0);  // the filled size is 4 bytes
  for (UINT v = 0; v < 3; ++v) {
    CAPTURE(v);
    const Vertex& p = kPoints[v];
    const UINT b0 = 6 * v, b1 = 3 * v;
    CHECK(w0[b0 + 0] == bitsOf(p.x));
    CHECK(w0[b0 + 1] == bitsOf(p.y));
    CHECK(w0[b0 + 2] == bitsOf(p.z));
    CHECK(w0[b0 + 3] == bitsOf(1.0f));
    CHECK(w0[b0 + 4] == kUntouched);  // the gap keeps the buffer's bytes
    CHECK(w0[b0 + 5] == bitsOf(2 * p.x));
    CHECK(w1[b1 + 0] == bitsOf(3 * p.y));
    CHECK(w1[b1 + 1] == bitsOf(p.z + 1));
    CHECK(w1[b1 + 2] == bitsOf(7.0f));
  }
  CHECK(w0[18] == kUntouched);
  CHECK(w1[9] == kUntouched);

  SECTION("a NULL view drops its slot's data and the other slot still captures") {
    f.reset();
    f.list->SetGraphicsRootSignature(rs);
    f.list->SetPipelineState(pso);
    f.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_POINTLIST);
    f.bindVertices(kPoints + 3, 2);
    f.viewport(16);
    const D3D12_STREAM_OUTPUT_BUFFER_VIEW nullSlot1[] = {views[0], {0, 0, 0}};
    f.list->SOSetTargets(0, 2, nullSlot1);
    f.list->DrawInstanced(2, 1, 0, 0);
    ID3D12Resource* again0 = f.readBack(out0, 256);
    ID3D12Resource* again1 = f.readBack(out1, 256);
    ID3D12Resource* againFilled = f.readBack(filled, 16);
    f.run();
    const std::vector<uint32_t> a0 = words(again0, 256), a1 = words(again1, 256), s = words(againFilled, 16);
    CHECK(s[0] == 5 * 24);  // appended after the first list's three vertices
    CHECK(s[2] == 3 * 12);  // slot 1's counter is left alone
    for (UINT v = 3; v < 5; ++v) {
      CAPTURE(v);
      CHECK(a0[6 * v + 0] == bitsOf(kPoints[v].x));
      CHECK(a0[6 * v + 5] == bitsOf(2 * kPoints[v].x));
    }
    CHECK(a0[6 * 2 + 5] == bitsOf(2 * kPoints[2].x));  // the first capture is still there
    CHECK(a1[9] == kUntouched);                          // nothing past slot 1's three vertices
  }
  pso->Release();
  rs->Release();
}

TEST_CASE("D3D12 stream output appends through BufferFilledSizeLocation across draws and ExecuteCommandLists",
          "[d3d12][stream-output]") {
  SoFixture f;
  ID3D12RootSignature* rs = f.rootSignature();
  const std::vector<uint8_t> vs = assembled(kVsCapture);
  const D3D12_SO_DECLARATION_ENTRY decl[] = {{0, "SV_Position", 0, 0, 2, 0}};  // x, y: 8 bytes a vertex
  D3D12_STREAM_OUTPUT_DESC so{decl, 1, nullptr, 0, 0};
  ID3D12PipelineState* pso = createPso(f.device, soPsoDesc(rs, vs, so));
  ID3D12Resource* out = f.streamOutBuffer(128, 0xAB);
  // The filled size starts at 16: capture begins two vertices in.
  const uint32_t start[2] = {16, 0};
  ID3D12Resource* filledSrc = f.upload(start, sizeof start);
  ID3D12Resource* filled = createCommitted(f.device, D3D12_HEAP_TYPE_DEFAULT, bufferDesc(8), D3D12_RESOURCE_STATE_COPY_DEST);
  f.owned.push_back(filled);
  f.list->CopyBufferRegion(filled, 0, filledSrc, 0, 8);
  f.transition(filled, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_STREAM_OUT);
  const D3D12_STREAM_OUTPUT_BUFFER_VIEW view{out->GetGPUVirtualAddress(), 128, filled->GetGPUVirtualAddress()};
  auto record = [&](UINT first, UINT count, bool viewport = true) {
    f.list->SetGraphicsRootSignature(rs);
    f.list->SetPipelineState(pso);
    f.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_POINTLIST);
    f.bindVertices(kPoints, 5);
    if (viewport) f.viewport(16);
    f.list->SOSetTargets(0, 1, &view);
    f.list->DrawInstanced(count, 1, first, 0);
  };
  record(0, 2);  // two draws in the first list, no barrier between them
  record(2, 1);
  f.run();
  f.reset();
  record(3, 2, false);  // and one in a second list, with no viewport: nothing rasterized, still captured
  ID3D12Resource* rb = f.readBack(out, 128);
  ID3D12Resource* rbFilled = f.readBack(filled, 8);
  f.run();
  const std::vector<uint32_t> w = words(rb, 128), s = words(rbFilled, 8);
  CHECK(s[0] == 16 + 5 * 8);
  for (UINT i = 0; i < 4; ++i) CHECK(w[i] == kUntouched);  // before the starting filled size
  for (UINT v = 0; v < 5; ++v) {
    CAPTURE(v);
    CHECK(w[4 + 2 * v] == bitsOf(kPoints[v].x));
    CHECK(w[5 + 2 * v] == bitsOf(kPoints[v].y));
  }
  CHECK(w[14] == kUntouched);
  pso->Release();
  rs->Release();
}

TEST_CASE("D3D12 stream output into a buffer too small for the draw writes the primitives that fit",
          "[d3d12][stream-output]") {
  SoFixture f;
  ID3D12RootSignature* rs = f.rootSignature();
  const std::vector<uint8_t> vs = assembled(kVsCapture);
  const D3D12_SO_DECLARATION_ENTRY decl[] = {{0, "TEXCOORD", 0, 0, 4, 0}};  // 16 bytes a vertex
  D3D12_STREAM_OUTPUT_DESC so{decl, 1, nullptr, 0, 0};
  ID3D12PipelineState* pso = createPso(f.device, soPsoDesc(rs, vs, so));
  ID3D12Resource* out = f.streamOutBuffer(64, 0xAB);
  ID3D12Resource* filled = f.streamOutBuffer(4, 0);
  f.list->SetGraphicsRootSignature(rs);
  f.list->SetPipelineState(pso);
  f.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_POINTLIST);
  f.bindVertices(kPoints, 5);
  f.viewport(16);
  const D3D12_STREAM_OUTPUT_BUFFER_VIEW view{out->GetGPUVirtualAddress(), 40, filled->GetGPUVirtualAddress()};  // room for 2.5 vertices
  f.list->SOSetTargets(0, 1, &view);
  f.list->DrawInstanced(5, 1, 0, 0);
  ID3D12Resource* rb = f.readBack(out, 64);
  ID3D12Resource* rbFilled = f.readBack(filled, 4);
  f.run();
  const std::vector<uint32_t> w = words(rb, 64), s = words(rbFilled, 4);
  CHECK(s[0] == 2 * 16);
  CHECK(w[0] == bitsOf(2 * kPoints[0].x));
  CHECK(w[7] == bitsOf(7.0f));
  for (UINT i = 8; i < 16; ++i) CHECK(w[i] == kUntouched);  // the third point did not fit
  pso->Release();
  rs->Release();
}

TEST_CASE("D3D12 stream output of a geometry shader captures two streams and rasterizes stream 1",
          "[d3d12][stream-output]") {
  SoFixture f;
  ID3D12RootSignature* rs = f.rootSignature();
  const std::vector<uint8_t> vs = assembled(kVsCapture), gs = assembled(kGsTwoStreams), ps = assembled(kPsData);
  const D3D12_SO_DECLARATION_ENTRY decl[] = {{0, "SV_Position", 0, 0, 4, 0}, {1, "DATA", 0, 0, 4, 1}};
  D3D12_STREAM_OUTPUT_DESC so{decl, 2, nullptr, 0, 1};
  D3D12_GRAPHICS_PIPELINE_STATE_DESC d = soPsoDesc(rs, vs, so);
  d.GS = shaderBytecode(gs);
  d.PS = shaderBytecode(ps);
  d.NumRenderTargets = 1;
  d.RTVFormats[0] = DXGI_FORMAT_R8G8B8A8_UNORM;
  ID3D12PipelineState* pso = createPso(f.device, d);
  RenderTarget16 target(f.device);
  ID3D12Resource* out0 = f.streamOutBuffer(64, 0xAB);
  ID3D12Resource* out1 = f.streamOutBuffer(64, 0xAB);
  ID3D12Resource* filled = f.streamOutBuffer(8, 0);
  // Points at pixel centres of the 16×16 target: (2, 3) and (9, 12).
  auto centre = [](UINT px, UINT py, float r, float g, float b, float a) {
    return Vertex{(float(px) + 0.5f) / 8.0f - 1.0f, 1.0f - (float(py) + 0.5f) / 8.0f, 0.5f, r, g, b, a};
  };
  const Vertex points[] = {centre(2, 3, 0.25f, 0.125f, 0.0f, 0.5f), centre(9, 12, 0.0f, 0.5f, 0.25f, 0.5f)};
  const float clear[4] = {0, 0, 0, 0};
  target.bind(f.list, clear);
  f.list->SetGraphicsRootSignature(rs);
  f.list->SetPipelineState(pso);
  f.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_POINTLIST);
  f.bindVertices(points, 2);
  const D3D12_STREAM_OUTPUT_BUFFER_VIEW views[] = {{out0->GetGPUVirtualAddress(), 64, filled->GetGPUVirtualAddress()},
                                                   {out1->GetGPUVirtualAddress(), 64, filled->GetGPUVirtualAddress() + 4}};
  f.list->SOSetTargets(0, 2, views);
  f.list->DrawInstanced(2, 1, 0, 0);
  f.transition(target.texture, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE);
  target.copyOut(f.list);
  ID3D12Resource* rb0 = f.readBack(out0, 64);
  ID3D12Resource* rb1 = f.readBack(out1, 64);
  ID3D12Resource* rbFilled = f.readBack(filled, 8);
  f.run();
  const std::vector<uint32_t> w0 = words(rb0, 64), w1 = words(rb1, 64), s = words(rbFilled, 8);
  CHECK(s[0] == 2 * 16);
  CHECK(s[1] == 2 * 16);
  const std::vector<uint32_t> pixels = target.pixels();
  for (UINT v = 0; v < 2; ++v) {
    CAPTURE(v);
    const Vertex& p = points[v];
    // Stream 0: the point itself.
    CHECK(w0[4 * v + 0] == bitsOf(p.x));
    CHECK(w0[4 * v + 1] == bitsOf(p.y));
    CHECK(w0[4 * v + 2] == bitsOf(p.z));
    CHECK(w0[4 * v + 3] == bitsOf(1.0f));
    // Stream 1: DATA = colour * 2.
    CHECK(w1[4 * v + 0] == bitsOf(2 * p.r));
    CHECK(w1[4 * v + 1] == bitsOf(2 * p.g));
    CHECK(w1[4 * v + 2] == bitsOf(2 * p.b));
    CHECK(w1[4 * v + 3] == bitsOf(2 * p.a));
  }
  // Stream 1 is rasterized: the mirrored points (pixel (15 - x, 15 - y)) have DATA's colour; the originals stay clear.
  const UINT px[2][2] = {{2, 3}, {9, 12}};
  for (UINT v = 0; v < 2; ++v) {
    CAPTURE(v);
    const Vertex& p = points[v];
    // (2 × 0.25 = 0.5 is 127.5 in UNORM8, a tie: 127 or 128; tests/support/norm_tolerance.h.)
    CHECK_THAT(pixels[(15 - px[v][1]) * 16 + (15 - px[v][0])], IsRgba8Unorm({2 * p.r, 2 * p.g, 2 * p.b, 2 * p.a}));
    CHECK(pixels[px[v][1] * 16 + px[v][0]] == 0u);
  }
  pso->Release();
  rs->Release();
}

TEST_CASE("D3D12 stream-output descs D3D12 refuses are E_INVALIDARG", "[d3d12][stream-output]") {
  SoFixture f;
  ID3D12RootSignature* rs = f.rootSignature();
  const std::vector<uint8_t> vs = assembled(kVsCapture);
  auto create = [&](const D3D12_GRAPHICS_PIPELINE_STATE_DESC& d) {
    void* pso = nullptr;
    const HRESULT hr = f.device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState), &pso);
    if (pso) static_cast<ID3D12PipelineState*>(pso)->Release();
    return hr;
  };
  const D3D12_SO_DECLARATION_ENTRY good[] = {{0, "TEXCOORD", 0, 0, 4, 0}};
  const D3D12_SO_DECLARATION_ENTRY missing[] = {{0, "NORMAL", 0, 0, 4, 0}};
  const D3D12_SO_DECLARATION_ENTRY overlong[] = {{0, "TEXCOORD", 0, 2, 3, 0}};
  const D3D12_SO_DECLARATION_ENTRY badSlot[] = {{0, "TEXCOORD", 0, 0, 4, 4}};
  const UINT shortStride[] = {12};
  CHECK(create(soPsoDesc(rs, vs, {good, 1, nullptr, 0, 0})) == S_OK);
  CHECK(create(soPsoDesc(rs, vs, {missing, 1, nullptr, 0, 0})) == E_INVALIDARG);     // not in the VS's outputs
  CHECK(create(soPsoDesc(rs, vs, {overlong, 1, nullptr, 0, 0})) == E_INVALIDARG);    // components past w
  CHECK(create(soPsoDesc(rs, vs, {badSlot, 1, nullptr, 0, 0})) == E_INVALIDARG);     // OutputSlot 4
  CHECK(create(soPsoDesc(rs, vs, {good, 1, shortStride, 1, 0})) == E_INVALIDARG);    // stride below the entry's 16 bytes
  CHECK(create(soPsoDesc(rs, vs, {nullptr, 1, nullptr, 0, 0})) == E_INVALIDARG);     // entries without a declaration
  CHECK(create(soPsoDesc(rs, vs, {good, 1, nullptr, 0, 5})) == E_INVALIDARG);        // RasterizedStream 5
  CHECK(create(soPsoDesc(rs, vs, {good, 1, nullptr, 0, 1})) == E_INVALIDARG);        // a VS has stream 0 only
  CHECK(create(soPsoDesc(rs, vs, {good, 1, nullptr, 0, D3D12_SO_NO_RASTERIZED_STREAM})) == S_OK);
  // Conservative rasterization (on the exact fallback where the device lacks
  // it) with stream output is accepted (test_d3d12_stream_output_fallback.cpp draws it).
  {
    D3D12_GRAPHICS_PIPELINE_STATE_DESC conservative = soPsoDesc(rs, vs, {good, 1, nullptr, 0, 0});
    conservative.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
    conservative.RasterizerState.ConservativeRaster = D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON;
    CHECK(create(conservative) == S_OK);
  }
  // The root signature must allow stream output.
  ID3D12RootSignature* noSo = f.rootSignature(D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT);
  CHECK(create(soPsoDesc(noSo, vs, {good, 1, nullptr, 0, 0})) == E_INVALIDARG);
  CHECK(create(soPsoDesc(noSo, vs, {nullptr, 0, nullptr, 0, 0})) == S_OK);  // no stream output: no flag needed
  // SOSetTargets past slot 3 is dropped and fails Close.
  const D3D12_STREAM_OUTPUT_BUFFER_VIEW views[2] = {};
  f.list->SOSetTargets(3, 2, views);
  CHECK(f.list->Close() == E_INVALIDARG);
  noSo->Release();
  rs->Release();
}

TEST_CASE("D3D12 SO_STATISTICS queries resolve primitives written and storage needed per stream",
          "[d3d12][stream-output][queries]") {
  SoFixture f;
  ID3D12RootSignature* rs = f.rootSignature();
  const std::vector<uint8_t> vs = assembled(kVsCapture), gs = assembled(kGsTwoStreams), ps = assembled(kPsData);
  // A vertex shader's capture (16 bytes a point) and the geometry shader's two streams, stream 1 rasterized.
  const D3D12_SO_DECLARATION_ENTRY vsDecl[] = {{0, "TEXCOORD", 0, 0, 4, 0}};
  ID3D12PipelineState* vsPso = createPso(f.device, soPsoDesc(rs, vs, {vsDecl, 1, nullptr, 0, 0}));
  const D3D12_SO_DECLARATION_ENTRY gsDecl[] = {{0, "SV_Position", 0, 0, 4, 0}, {1, "DATA", 0, 0, 4, 1}};
  D3D12_GRAPHICS_PIPELINE_STATE_DESC d = soPsoDesc(rs, vs, {gsDecl, 2, nullptr, 0, 1});
  d.GS = shaderBytecode(gs);
  d.PS = shaderBytecode(ps);
  d.NumRenderTargets = 1;
  d.RTVFormats[0] = DXGI_FORMAT_R8G8B8A8_UNORM;
  ID3D12PipelineState* gsPso = createPso(f.device, d);
  RenderTarget16 target(f.device);
  void* heapObject = nullptr;
  const D3D12_QUERY_HEAP_DESC heapDesc{D3D12_QUERY_HEAP_TYPE_SO_STATISTICS, 4, 0};
  const HRESULT heapResult = f.device->CreateQueryHeap(&heapDesc, __uuidof(ID3D12QueryHeap), &heapObject);
  ID3D12QueryHeap* heap = createdOrFail<ID3D12QueryHeap>(heapResult, heapObject);
  ID3D12Resource* small = f.streamOutBuffer(64, 0xAB);
  ID3D12Resource* out0 = f.streamOutBuffer(64, 0xAB);
  ID3D12Resource* out1 = f.streamOutBuffer(64, 0xAB);
  ID3D12Resource* filled = f.streamOutBuffer(16, 0);
  ID3D12Resource* results = createBuffer(f.device, D3D12_HEAP_TYPE_READBACK, 4 * sizeof(D3D12_QUERY_DATA_SO_STATISTICS));
  f.owned.push_back(results);

  // Query 0: five points into room for two (40 bytes at 16 a point).
  f.list->SetGraphicsRootSignature(rs);
  f.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_POINTLIST);
  f.bindVertices(kPoints, 5);
  const float clear[4] = {0, 0, 0, 0};
  target.bind(f.list, clear);
  f.list->SetPipelineState(vsPso);
  const D3D12_STREAM_OUTPUT_BUFFER_VIEW smallView{small->GetGPUVirtualAddress(), 40, filled->GetGPUVirtualAddress()};
  f.list->SOSetTargets(0, 1, &smallView);
  f.list->BeginQuery(heap, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0, 0);
  f.list->DrawInstanced(5, 1, 0, 0);
  f.list->EndQuery(heap, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0, 0);
  // Queries 1 and 2: streams 0 and 1 of the geometry shader, begun before its
  // pipeline state is set (stream 1 is rasterized: the draw moves the queries
  // to the streams it emits them to); stream 0's buffer has room for one point.
  f.list->BeginQuery(heap, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0, 1);
  f.list->BeginQuery(heap, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM1, 2);
  f.list->SetPipelineState(gsPso);
  const D3D12_STREAM_OUTPUT_BUFFER_VIEW views[] = {{out0->GetGPUVirtualAddress(), 16, filled->GetGPUVirtualAddress() + 4},
                                                   {out1->GetGPUVirtualAddress(), 64, filled->GetGPUVirtualAddress() + 8}};
  f.list->SOSetTargets(0, 2, views);
  f.list->DrawInstanced(3, 1, 0, 0);
  f.list->EndQuery(heap, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0, 1);
  f.list->EndQuery(heap, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM1, 2);
  // Query 3: stream 2, which nothing emits.
  f.list->BeginQuery(heap, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM2, 3);
  f.list->DrawInstanced(1, 1, 0, 0);
  f.list->EndQuery(heap, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM2, 3);
  f.list->ResolveQueryData(heap, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0, 0, 2, results, 0);
  f.list->ResolveQueryData(heap, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM1, 2, 1, results, 2 * sizeof(D3D12_QUERY_DATA_SO_STATISTICS));
  f.list->ResolveQueryData(heap, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM2, 3, 1, results, 3 * sizeof(D3D12_QUERY_DATA_SO_STATISTICS));
  f.run();
  D3D12_QUERY_DATA_SO_STATISTICS q[4];
  const std::vector<unsigned char> raw = readBuffer(results, sizeof q);
  std::memcpy(q, raw.data(), sizeof q);
  CHECK(q[0].NumPrimitivesWritten == 2);
  CHECK(q[0].PrimitivesStorageNeeded == 5);
  CHECK(q[1].NumPrimitivesWritten == 1);
  CHECK(q[1].PrimitivesStorageNeeded == 3);
  CHECK(q[2].NumPrimitivesWritten == 3);
  CHECK(q[2].PrimitivesStorageNeeded == 3);
  CHECK(q[3].NumPrimitivesWritten == 0);
  CHECK(q[3].PrimitivesStorageNeeded == 0);
  heap->Release();
  gsPso->Release();
  vsPso->Release();
  rs->Release();
}

TEST_CASE("D3D12 stream output of a domain shader captures the tessellated triangle's vertices",
          "[d3d12][stream-output][tessellation]") {
  SoFixture f;
  // b0: the tessellation factors (4 root constants), stream output allowed.
  D3D12_ROOT_PARAMETER p{};
  p.ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
  p.Constants = {0, 0, 4};
  p.ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
  const D3D12_ROOT_SIGNATURE_DESC rsDesc{1, &p, 0, nullptr,
                                         D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT |
                                             D3D12_ROOT_SIGNATURE_FLAG_ALLOW_STREAM_OUTPUT};
  ID3D12RootSignature* rs = createRootSignature(f.device, rsDesc);
  const std::vector<uint8_t> vs = assembled(kVsCapture), hs = assembled(kHsTri), ds = assembled(kDsTri);
  // The domain shader's SV_Position.xy and COLOR.xyz (vDomain: one corner's barycentrics), 20 bytes a vertex.
  const D3D12_SO_DECLARATION_ENTRY decl[] = {{0, "SV_Position", 0, 0, 2, 0}, {0, "COLOR", 0, 0, 3, 0}};
  D3D12_GRAPHICS_PIPELINE_STATE_DESC d = soPsoDesc(rs, vs, {decl, 2, nullptr, 0, D3D12_SO_NO_RASTERIZED_STREAM});
  d.HS = shaderBytecode(hs);
  d.DS = shaderBytecode(ds);
  d.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_PATCH;
  ID3D12PipelineState* pso = createPso(f.device, d);
  ID3D12Resource* out = f.streamOutBuffer(128, 0xAB);
  ID3D12Resource* filled = f.streamOutBuffer(4, 0);
  const float factors[4] = {1, 1, 0, 0};  // one triangle: the patch's corners
  f.list->SetGraphicsRootSignature(rs);
  f.list->SetGraphicsRoot32BitConstants(0, 4, factors, 0);
  f.list->SetPipelineState(pso);
  f.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST);
  f.bindVertices(kPoints, 3);
  f.viewport(16);
  const D3D12_STREAM_OUTPUT_BUFFER_VIEW view{out->GetGPUVirtualAddress(), 128, filled->GetGPUVirtualAddress()};
  f.list->SOSetTargets(0, 1, &view);
  f.list->DrawInstanced(3, 1, 0, 0);
  ID3D12Resource* rb = f.readBack(out, 128);
  ID3D12Resource* rbFilled = f.readBack(filled, 4);
  f.run();
  const std::vector<uint32_t> w = words(rb, 128), s = words(rbFilled, 4);
  REQUIRE(s[0] == 3 * 20);
  // The tessellator orders the corners as it likes: each captured vertex is
  // the control point its one-hot barycentrics name.
  std::array<bool, 3> seen{};
  for (UINT v = 0; v < 3; ++v) {
    CAPTURE(v);
    float x, y, b[3];
    std::memcpy(&x, &w[5 * v], 4);
    std::memcpy(&y, &w[5 * v + 1], 4);
    std::memcpy(b, &w[5 * v + 2], 12);
    const int corner = b[0] == 1 ? 0 : b[1] == 1 ? 1 : b[2] == 1 ? 2 : -1;
    REQUIRE(corner >= 0);
    CHECK(b[0] + b[1] + b[2] == 1.0f);
    CHECK(x == kPoints[corner].x);
    CHECK(y == kPoints[corner].y);
    seen[corner] = true;
  }
  CHECK((seen[0] && seen[1] && seen[2]));
  CHECK(w[15] == kUntouched);
  pso->Release();
  rs->Release();
}

TEST_CASE("D3D12 ExecuteIndirect's draws with a stream-output PSO capture and append like direct draws",
          "[d3d12][stream-output][indirect]") {
  SoFixture f;
  ID3D12RootSignature* rs = f.rootSignature();
  const std::vector<uint8_t> vs = assembled(kVsCapture);
  const D3D12_SO_DECLARATION_ENTRY decl[] = {{0, "SV_Position", 0, 0, 2, 0}};  // x, y: 8 bytes a vertex
  ID3D12PipelineState* pso = createPso(f.device, soPsoDesc(rs, vs, {decl, 1, nullptr, 0, 0}));
  const D3D12_INDIRECT_ARGUMENT_DESC argument{D3D12_INDIRECT_ARGUMENT_TYPE_DRAW};
  const D3D12_COMMAND_SIGNATURE_DESC signatureDesc{sizeof(D3D12_DRAW_ARGUMENTS), 1, &argument, 0};
  void* object = nullptr;
  const HRESULT hr = f.device->CreateCommandSignature(&signatureDesc, nullptr, __uuidof(ID3D12CommandSignature), &object);
  ID3D12CommandSignature* signature = createdOrFail<ID3D12CommandSignature>(hr, object);
  // Points 3 and 4, then 0 and 1 (the commands' order is the capture's).
  const D3D12_DRAW_ARGUMENTS commands[2] = {{2, 1, 3, 0}, {2, 1, 0, 0}};
  ID3D12Resource* arguments = f.upload(commands, sizeof commands);
  const UINT32 commandCount = 1;
  ID3D12Resource* count = f.upload(&commandCount, sizeof commandCount);
  ID3D12Resource* out = f.streamOutBuffer(64, 0xAB);
  ID3D12Resource* filled = f.streamOutBuffer(4, 0);
  f.list->SetGraphicsRootSignature(rs);
  f.list->SetPipelineState(pso);
  f.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_POINTLIST);
  f.bindVertices(kPoints, 5);
  f.viewport(16);
  const D3D12_STREAM_OUTPUT_BUFFER_VIEW view{out->GetGPUVirtualAddress(), 64, filled->GetGPUVirtualAddress()};
  f.list->SOSetTargets(0, 1, &view);
  f.list->DrawInstanced(1, 1, 2, 0);                                     // point 2, directly
  f.list->ExecuteIndirect(signature, 2, arguments, 0, nullptr, 0);       // points 3, 4, 0, 1
  f.list->ExecuteIndirect(signature, 2, arguments, 0, count, 0);         // the count buffer says one: points 3, 4
  ID3D12Resource* rb = f.readBack(out, 64);
  ID3D12Resource* rbFilled = f.readBack(filled, 4);
  f.run();
  const std::vector<uint32_t> w = words(rb, 64), s = words(rbFilled, 4);
  const UINT order[] = {2, 3, 4, 0, 1, 3, 4};
  CHECK(s[0] == 7 * 8);
  for (UINT v = 0; v < 7; ++v) {
    CAPTURE(v);
    CHECK(w[2 * v] == bitsOf(kPoints[order[v]].x));
    CHECK(w[2 * v + 1] == bitsOf(kPoints[order[v]].y));
  }
  CHECK(w[14] == kUntouched);
  signature->Release();
  pso->Release();
  rs->Release();
}
