// tests/draw: stream-output capture through the public D3D11 API on the real
// UMD (lavapipe's VK_EXT_transform_feedback): a vertex shader's output (the
// NULL-geometry-shader form) captured at the declaration's offsets with a gap
// and two buffers, a geometry shader's two streams (either one rasterized,
// pixels checked), appending across draws with -1, DrawAuto drawing what was
// captured (conservative draws on the fallback path:
// test_draw_stream_output_fallback.cpp). Expected values are computed here
// from the vertices.
#include "../render/checked_device.h"
#include "draw_test_util.h"
#include "stream_output_test_util.h"
#include "tessellation_listings.h"

#include <algorithm>
#include <array>

#include <cstring>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

// Each input point emitted to stream 0 as itself (position, colour) and to
// stream 1 mirrored through the centre (position * (-1, -1, 1, 1)) with
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

}  // namespace

TEST_CASE("stream output of a vertex shader captures positions and colour components at the declaration's offsets",
          "[stream-output][capture]") {
  Capture c;
  // Slot 0: SV_Position, a 1-component gap, COLOR.yz; stride 32 (4 bytes left over). Slot 1: COLOR.x, packed.
  const D3D11_SO_DECLARATION_ENTRY decl[] = {{0, "SV_Position", 0, 0, 4, 0},
                                             {0, nullptr, 0, 0, 1, 0},
                                             {0, "COLOR", 0, 1, 2, 0},
                                             {0, "COLOR", 0, 0, 1, 1}};
  const UINT strides[] = {32, 4};
  Com<ID3D11GeometryShader> so;
  REQUIRE(c.d->CreateGeometryShaderWithStreamOutput(c.vs.data(), c.vs.size(), decl, 4, strides, 2, 0, nullptr,
                                                    so.out()) == S_OK);
  const Vertex tri[] = {{-0.5f, -0.5f, 0.1f, 0.2f, 0.3f, 1}, {0.0f, 0.5f, 0.4f, 0.5f, 0.6f, 1},
                        {0.5f, -0.5f, 0.7f, 0.8f, 0.9f, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(c.d, tri, sizeof tri, D3D11_BIND_VERTEX_BUFFER);
  c.target.bindVertices(vb.get());
  Com<ID3D11Buffer> out0 = c.soBuffer(160), out1 = c.soBuffer(32);
  ID3D11Buffer* targets[] = {out0.get(), out1.get()};
  const UINT offsets[] = {32, 4};  // slot 0 starts one vertex in, slot 1 one float in
  c.d.context->SOSetTargets(2, targets, offsets);
  c.d.context->GSSetShader(so.get(), nullptr, 0);
  c.d.context->Draw(3, 0);
  const std::vector<uint32_t> w0 = c.words(out0.get()), w1 = c.words(out1.get());
  const std::vector<float> f0 = c.floats(out0.get()), f1 = c.floats(out1.get());
  for (UINT i = 0; i < 8; ++i) CHECK(w0[i] == kUntouched);  // before the offset
  for (UINT v = 0; v < 3; ++v) {
    CAPTURE(v);
    const UINT base = 8 + 8 * v;  // 32-byte offset, 32-byte stride, in floats
    CHECK(f0[base + 0] == tri[v].x);
    CHECK(f0[base + 1] == tri[v].y);
    CHECK(f0[base + 2] == 0.0f);
    CHECK(f0[base + 3] == 1.0f);
    CHECK(w0[base + 4] == kUntouched);  // the gap
    CHECK(f0[base + 5] == tri[v].g);
    CHECK(f0[base + 6] == tri[v].b);
    CHECK(w0[base + 7] == kUntouched);  // the stride's spare bytes
    CHECK(f1[1 + v] == tri[v].r);
  }
  CHECK(w0[32] == kUntouched);  // after the third vertex
  CHECK(w1[0] == kUntouched);
  CHECK(w1[4] == kUntouched);
  // The triangle was rasterized too (stream 0): its centroid's pixel has its colour's blend.
  const auto pixels = c.target.pixels();
  CHECK(pixels[4 * 8 + 4][3] == 1.0f);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("stream output appends across draws with offset -1 and DrawAuto draws what was captured",
          "[stream-output][capture]") {
  Capture c;
  const D3D11_SO_DECLARATION_ENTRY decl[] = {{0, "SV_Position", 0, 0, 2, 0}, {0, "COLOR", 0, 0, 4, 0}};
  const UINT stride = 24;  // POSITION.xy then COLOR: the kColorLayout's Vertex
  Com<ID3D11GeometryShader> so;
  REQUIRE(c.d->CreateGeometryShaderWithStreamOutput(c.vs.data(), c.vs.size(), decl, 2, &stride, 1,
                                                    D3D11_SO_NO_RASTERIZED_STREAM, nullptr, so.out()) == S_OK);
  // Two points per draw, lighting nothing (no rasterized stream).
  const Vertex first[] = {pointAt(1, 1, 1, 0, 0, 1), pointAt(6, 1, 0, 1, 0, 1)};
  const Vertex second[] = {pointAt(1, 6, 0, 0, 1, 1), pointAt(6, 6, 1, 1, 0, 1)};
  Com<ID3D11Buffer> vb1 = makeBuffer(c.d, first, sizeof first, D3D11_BIND_VERTEX_BUFFER);
  Com<ID3D11Buffer> vb2 = makeBuffer(c.d, second, sizeof second, D3D11_BIND_VERTEX_BUFFER);
  Com<ID3D11Buffer> out = c.soBuffer(240, D3D11_BIND_VERTEX_BUFFER);
  c.d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
  c.d.context->GSSetShader(so.get(), nullptr, 0);
  ID3D11Buffer* targets[] = {out.get()};
  const UINT start = 0;
  c.d.context->SOSetTargets(1, targets, &start);
  c.target.bindVertices(vb1.get());
  c.d.context->Draw(2, 0);
  // Rebinding with -1 continues where the first capture ended; a second draw appends too.
  const UINT append = UINT(-1);
  c.d.context->SOSetTargets(1, targets, &append);
  c.target.bindVertices(vb2.get());
  c.d.context->Draw(1, 0);
  c.d.context->Draw(1, 1);
  c.d.context->SOSetTargets(0, nullptr, nullptr);
  const std::vector<float> f = c.floats(out.get());
  const std::vector<uint32_t> w = c.words(out.get());
  const Vertex expected[] = {first[0], first[1], second[0], second[1]};
  for (UINT v = 0; v < 4; ++v) {
    CAPTURE(v);
    CHECK(f[6 * v + 0] == expected[v].x);
    CHECK(f[6 * v + 1] == expected[v].y);
    CHECK(f[6 * v + 2] == expected[v].r);
    CHECK(f[6 * v + 3] == expected[v].g);
    CHECK(f[6 * v + 4] == expected[v].b);
    CHECK(f[6 * v + 5] == expected[v].a);
  }
  CHECK(w[24] == kUntouched);
  // Nothing was rasterized.
  for (const auto& p : c.target.pixels()) CHECK(p[3] == 0.0f);
  // DrawAuto: the captured buffer as vertex buffer 0 (its layout is kColorLayout's) draws the four points.
  c.d.context->GSSetShader(nullptr, nullptr, 0);
  c.target.bindVertices(out.get());
  c.d.context->DrawAuto();
  const auto pixels = c.target.pixels();
  for (UINT y = 0; y < 8; ++y)
    for (UINT x = 0; x < 8; ++x) {
      CAPTURE(x, y);
      const auto& p = pixels[y * 8 + x];
      const Vertex* lit = nullptr;
      for (const Vertex& e : expected)
        if (toScreen(e.x, e.y, 8, 8)[0] == x + 0.5 && toScreen(e.x, e.y, 8, 8)[1] == y + 0.5) lit = &e;
      if (lit) {
        CHECK(p == std::array<float, 4>{lit->r, lit->g, lit->b, lit->a});
      } else {
        CHECK(p[3] == 0.0f);
      }
    }
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("stream output of a geometry shader's two streams with either one rasterized", "[stream-output][capture]") {
  for (UINT rasterized : {0u, 1u}) {
    CAPTURE(rasterized);
    Capture c;
    // Stream 0's position and colour into slot 0, stream 1's DATA into slot 1.
    const D3D11_SO_DECLARATION_ENTRY decl[] = {
        {0, "SV_Position", 0, 0, 4, 0}, {0, "COLOR", 0, 0, 4, 0}, {1, "DATA", 0, 0, 4, 1}};
    Com<ID3D11GeometryShader> so;
    const std::vector<uint8_t> gs = assembled(kGsTwoStreams);
    REQUIRE(c.d->CreateGeometryShaderWithStreamOutput(gs.data(), gs.size(), decl, 3, nullptr, 0, rasterized,
                                                      nullptr, so.out()) == S_OK);
    const Vertex points[] = {pointAt(2, 3, 0.25f, 0.5f, 0.75f, 1), pointAt(5, 6, 0.5f, 0.25f, 0.125f, 1)};
    Com<ID3D11Buffer> vb = makeBuffer(c.d, points, sizeof points, D3D11_BIND_VERTEX_BUFFER);
    c.target.bindVertices(vb.get());
    c.d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
    Com<ID3D11Buffer> out0 = c.soBuffer(96), out1 = c.soBuffer(48);
    ID3D11Buffer* targets[] = {out0.get(), out1.get()};
    const UINT offsets[] = {0, 0};
    c.d.context->SOSetTargets(2, targets, offsets);
    c.d.context->GSSetShader(so.get(), nullptr, 0);
    c.d.context->Draw(2, 0);
    const std::vector<float> f0 = c.floats(out0.get()), f1 = c.floats(out1.get());
    for (UINT v = 0; v < 2; ++v) {
      CAPTURE(v);
      const Vertex& p = points[v];
      CHECK(std::vector<float>(f0.begin() + 8 * v, f0.begin() + 8 * v + 8) ==
            std::vector<float>{p.x, p.y, 0, 1, p.r, p.g, p.b, p.a});
      CHECK(std::vector<float>(f1.begin() + 4 * v, f1.begin() + 4 * v + 4) ==
            std::vector<float>{2 * p.r, 2 * p.g, 2 * p.b, 2 * p.a});
    }
    // Stream 0 rasterized: the points in their colours; stream 1: the mirrored points in DATA's.
    const auto pixels = c.target.pixels();
    for (UINT y = 0; y < 8; ++y)
      for (UINT x = 0; x < 8; ++x) {
        CAPTURE(x, y);
        std::array<float, 4> want{0, 0, 0, 0};
        for (const Vertex& p : points) {
          const float sign = rasterized == 0 ? 1.0f : -1.0f, scale = rasterized == 0 ? 1.0f : 2.0f;
          const auto at = toScreen(sign * p.x, sign * p.y, 8, 8);
          if (at[0] == x + 0.5 && at[1] == y + 0.5) want = {scale * p.r, scale * p.g, scale * p.b, scale * p.a};
        }
        CHECK(pixels[y * 8 + x] == want);
      }
    CHECK(drainMessages(c.queue.get()).empty());
  }
}

TEST_CASE("stream output: a NULL target drops its slot's data and leaves the other slot's capture",
          "[stream-output][capture]") {
  Capture c;
  const D3D11_SO_DECLARATION_ENTRY decl[] = {{0, "SV_Position", 0, 0, 4, 0}, {0, "COLOR", 0, 0, 4, 1}};
  Com<ID3D11GeometryShader> so;
  REQUIRE(c.d->CreateGeometryShaderWithStreamOutput(c.vs.data(), c.vs.size(), decl, 2, nullptr, 0,
                                                    D3D11_SO_NO_RASTERIZED_STREAM, nullptr, so.out()) == S_OK);
  const Vertex points[] = {pointAt(0, 0, 0.5f, 0.25f, 1, 1)};
  Com<ID3D11Buffer> vb = makeBuffer(c.d, points, sizeof points, D3D11_BIND_VERTEX_BUFFER);
  c.target.bindVertices(vb.get());
  c.d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
  Com<ID3D11Buffer> out1 = c.soBuffer(16);
  ID3D11Buffer* targets[] = {nullptr, out1.get()};
  const UINT offsets[] = {0, 0};
  c.d.context->SOSetTargets(2, targets, offsets);
  c.d.context->GSSetShader(so.get(), nullptr, 0);
  c.d.context->Draw(1, 0);
  CHECK(c.floats(out1.get()) == std::vector<float>{0.5f, 0.25f, 1, 1});
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("SO statistics count written and needed primitives exactly and the overflow predicate answers",
          "[stream-output][capture][queries]") {
  Capture c;
  const D3D11_SO_DECLARATION_ENTRY decl[] = {{0, "SV_Position", 0, 0, 4, 0}};
  Com<ID3D11GeometryShader> so;
  REQUIRE(c.d->CreateGeometryShaderWithStreamOutput(c.vs.data(), c.vs.size(), decl, 1, nullptr, 0,
                                                    D3D11_SO_NO_RASTERIZED_STREAM, nullptr, so.out()) == S_OK);
  Vertex points[5];
  for (UINT i = 0; i < 5; ++i) points[i] = pointAt(i, 0, 1, 1, 1, 1);
  Com<ID3D11Buffer> vb = makeBuffer(c.d, points, sizeof points, D3D11_BIND_VERTEX_BUFFER);
  c.target.bindVertices(vb.get());
  c.d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
  c.d.context->GSSetShader(so.get(), nullptr, 0);
  Com<ID3D11Buffer> small = c.soBuffer(3 * 16), roomy = c.soBuffer(8 * 16);
  Com<ID3D11Query> all = makeSoQuery(c.d, D3D11_QUERY_SO_STATISTICS), stream0 = makeSoQuery(c.d, D3D11_QUERY_SO_STATISTICS_STREAM0),
                   stream1 = makeSoQuery(c.d, D3D11_QUERY_SO_STATISTICS_STREAM1);
  const D3D11_QUERY_DESC predDesc{D3D11_QUERY_SO_OVERFLOW_PREDICATE, 0};
  Com<ID3D11Predicate> overflow;
  REQUIRE(c.d->CreatePredicate(&predDesc, overflow.out()) == S_OK);
  // Five points into room for three: 3 written, 5 needed; the predicate overflows.
  const UINT zero = 0;
  ID3D11Buffer* smallTarget[] = {small.get()};
  c.d.context->SOSetTargets(1, smallTarget, &zero);
  for (ID3D11Asynchronous* q : {static_cast<ID3D11Asynchronous*>(all.get()), static_cast<ID3D11Asynchronous*>(stream0.get()),
                                static_cast<ID3D11Asynchronous*>(stream1.get()), static_cast<ID3D11Asynchronous*>(overflow.get())})
    c.d.context->Begin(q);
  c.d.context->Draw(5, 0);
  for (ID3D11Asynchronous* q : {static_cast<ID3D11Asynchronous*>(all.get()), static_cast<ID3D11Asynchronous*>(stream0.get()),
                                static_cast<ID3D11Asynchronous*>(stream1.get()), static_cast<ID3D11Asynchronous*>(overflow.get())})
    c.d.context->End(q);
  const auto s = queryResult<D3D11_QUERY_DATA_SO_STATISTICS>(c.d, all.get());
  CHECK(s.NumPrimitivesWritten == 3);
  CHECK(s.PrimitivesStorageNeeded == 5);
  const auto s0 = queryResult<D3D11_QUERY_DATA_SO_STATISTICS>(c.d, stream0.get());
  CHECK(s0.NumPrimitivesWritten == 3);
  CHECK(s0.PrimitivesStorageNeeded == 5);
  const auto s1 = queryResult<D3D11_QUERY_DATA_SO_STATISTICS>(c.d, stream1.get());
  CHECK(s1.NumPrimitivesWritten == 0);
  CHECK(s1.PrimitivesStorageNeeded == 0);
  CHECK(queryResult<BOOL>(c.d, overflow.get()) == TRUE);
  // The three that fit are the first three points.
  const std::vector<float> f = c.floats(small.get());
  for (UINT i = 0; i < 3; ++i) CHECK(f[4 * i] == points[i].x);

  // Four points in two draws (two primitives each) into enough room: exact, no overflow.
  ID3D11Buffer* roomyTarget[] = {roomy.get()};
  c.d.context->SOSetTargets(1, roomyTarget, &zero);
  c.d.context->Begin(all.get());
  c.d.context->Begin(overflow.get());
  c.d.context->Draw(2, 0);
  c.d.context->Draw(2, 3);
  c.d.context->End(all.get());
  c.d.context->End(overflow.get());
  const auto t = queryResult<D3D11_QUERY_DATA_SO_STATISTICS>(c.d, all.get());
  CHECK(t.NumPrimitivesWritten == 4);
  CHECK(t.PrimitivesStorageNeeded == 4);
  CHECK(queryResult<BOOL>(c.d, overflow.get()) == FALSE);

  // The overflow predicate predicates draws: FALSE now, so a draw predicated on FALSE is skipped, on TRUE drawn.
  c.d.context->SOSetTargets(0, nullptr, nullptr);
  c.d.context->GSSetShader(nullptr, nullptr, 0);
  const Vertex lit[] = {pointAt(7, 7, 0, 1, 0, 1)};
  Com<ID3D11Buffer> litVb = makeBuffer(c.d, lit, sizeof lit, D3D11_BIND_VERTEX_BUFFER);
  c.target.bindVertices(litVb.get());
  c.d.context->SetPredication(overflow.get(), FALSE);
  c.d.context->Draw(1, 0);
  c.d.context->SetPredication(nullptr, FALSE);  // (the read-back's copy would be predicated too)
  CHECK(c.target.pixels()[7 * 8 + 7][3] == 0.0f);
  c.d.context->SetPredication(overflow.get(), TRUE);
  c.d.context->Draw(1, 0);
  c.d.context->SetPredication(nullptr, FALSE);
  CHECK(c.target.pixels()[7 * 8 + 7] == (std::array<float, 4>{0, 1, 0, 1}));
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("SO statistics count what a stream-output shader without targets would have stored",
          "[stream-output][capture][queries]") {
  // D3D11: PrimitivesStorageNeeded counts a draw's primitives whether or not a
  // target is bound; NumPrimitivesWritten counts only what reached a buffer.
  Capture c;
  const D3D11_SO_DECLARATION_ENTRY decl[] = {{0, "SV_Position", 0, 0, 4, 0}};
  for (UINT rasterized : {0u, UINT(D3D11_SO_NO_RASTERIZED_STREAM)}) {
    CAPTURE(rasterized);
    Com<ID3D11GeometryShader> so;
    REQUIRE(c.d->CreateGeometryShaderWithStreamOutput(c.vs.data(), c.vs.size(), decl, 1, nullptr, 0, rasterized,
                                                      nullptr, so.out()) == S_OK);
    Vertex points[4];
    for (UINT i = 0; i < 4; ++i) points[i] = pointAt(i, 2, 0, 1, 0, 1);
    Com<ID3D11Buffer> vb = makeBuffer(c.d, points, sizeof points, D3D11_BIND_VERTEX_BUFFER);
    c.target.bindVertices(vb.get());
    c.d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
    c.d.context->GSSetShader(so.get(), nullptr, 0);
    c.d.context->SOSetTargets(0, nullptr, nullptr);
    Com<ID3D11Query> all = makeSoQuery(c.d, D3D11_QUERY_SO_STATISTICS);
    Com<ID3D11Query> stream0 = makeSoQuery(c.d, D3D11_QUERY_SO_STATISTICS_STREAM0);
    c.d.context->Begin(all.get());
    c.d.context->Begin(stream0.get());
    c.d.context->Draw(4, 0);
    c.d.context->Draw(3, 1);
    c.d.context->End(all.get());
    c.d.context->End(stream0.get());
    for (ID3D11Query* q : {all.get(), stream0.get()}) {
      const auto s = queryResult<D3D11_QUERY_DATA_SO_STATISTICS>(c.d, q);
      CHECK(s.NumPrimitivesWritten == 0);
      CHECK(s.PrimitivesStorageNeeded == 7);
    }
    // Rasterized or not as the object says: the four points lit only with stream 0 rasterized.
    const auto pixels = c.target.pixels();
    for (UINT x = 0; x < 4; ++x) CHECK(pixels[2 * 8 + x][3] == (rasterized == 0 ? 1.0f : 0.0f));
    const float clear[4] = {0, 0, 0, 0};
    c.d.context->ClearRenderTargetView(c.target.rtv.get(), clear);
  }
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("SOSetTargets misuse keeps D3D11's rules while capturing", "[stream-output][capture]") {
  Capture c;
  const D3D11_SO_DECLARATION_ENTRY decl[] = {{0, "SV_Position", 0, 0, 4, 0}};
  Com<ID3D11GeometryShader> so;
  REQUIRE(c.d->CreateGeometryShaderWithStreamOutput(c.vs.data(), c.vs.size(), decl, 1, nullptr, 0,
                                                    D3D11_SO_NO_RASTERIZED_STREAM, nullptr, so.out()) == S_OK);
  const Vertex points[] = {pointAt(0, 0, 1, 1, 1, 1), pointAt(1, 0, 1, 1, 1, 1)};
  Com<ID3D11Buffer> vb = makeBuffer(c.d, points, sizeof points, D3D11_BIND_VERTEX_BUFFER);
  c.target.bindVertices(vb.get());
  c.d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
  c.d.context->GSSetShader(so.get(), nullptr, 0);
  Com<ID3D11Buffer> good = c.soBuffer(64);
  const std::vector<uint8_t> fill(64, 0xAB);
  Com<ID3D11Buffer> notSo = makeBuffer(c.d, fill.data(), 64, D3D11_BIND_VERTEX_BUFFER);
  // A buffer without the stream-output bind flag is bound as NULL: nothing is written to it.
  ID3D11Buffer* targets[] = {notSo.get()};
  const UINT zero = 0;
  c.d.context->SOSetTargets(1, targets, &zero);
  CHECK(drainMessages(c.queue.get()).size() == 1);
  c.d.context->Draw(2, 0);
  for (uint32_t w : c.words(notSo.get())) CHECK(w == kUntouched);
  // An unaligned offset drops the call: the previous binding (NULL) stays, `good` is untouched.
  ID3D11Buffer* goodTarget[] = {good.get()};
  const UINT unaligned = 6;
  c.d.context->SOSetTargets(1, goodTarget, &unaligned);
  CHECK(drainMessages(c.queue.get()).size() == 1);
  c.d.context->Draw(2, 0);
  for (uint32_t w : c.words(good.get())) CHECK(w == kUntouched);
  // Bound properly, the same draw captures both points.
  c.d.context->SOSetTargets(1, goodTarget, &zero);
  c.d.context->Draw(2, 0);
  const std::vector<float> f = c.floats(good.get());
  CHECK(f[0] == points[0].x);
  CHECK(f[4] == points[1].x);
  CHECK(c.words(good.get())[8] == kUntouched);
}

// (The list runs on a cleared state: no render target and no viewport, as a
// particle system's capture-only pass; D3D11 captures all the same.)
TEST_CASE("stream output recorded on a deferred context captures when the command list runs",
          "[stream-output][capture][deferred]") {
  Capture c;
  const D3D11_SO_DECLARATION_ENTRY decl[] = {{0, "COLOR", 0, 0, 4, 0}};
  Com<ID3D11GeometryShader> so;
  REQUIRE(c.d->CreateGeometryShaderWithStreamOutput(c.vs.data(), c.vs.size(), decl, 1, nullptr, 0,
                                                    D3D11_SO_NO_RASTERIZED_STREAM, nullptr, so.out()) == S_OK);
  const Vertex points[] = {pointAt(0, 0, 0.25f, 0.5f, 0.75f, 1), pointAt(1, 0, 0.125f, 0.25f, 0.375f, 0.5f)};
  Com<ID3D11Buffer> vb = makeBuffer(c.d, points, sizeof points, D3D11_BIND_VERTEX_BUFFER);
  Com<ID3D11Buffer> out = c.soBuffer(64);
  Com<ID3D11DeviceContext> deferred;
  REQUIRE(c.d->CreateDeferredContext(0, deferred.out()) == S_OK);
  const UINT stride = sizeof(Vertex), zero = 0, append = UINT(-1);
  ID3D11Buffer* vbs[] = {vb.get()};
  ID3D11Buffer* targets[] = {out.get()};
  deferred->IASetInputLayout(c.target.layout.get());
  deferred->IASetVertexBuffers(0, 1, vbs, &stride, &zero);
  deferred->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
  deferred->VSSetShader(c.target.vs.get(), nullptr, 0);
  deferred->GSSetShader(so.get(), nullptr, 0);
  deferred->SOSetTargets(1, targets, &zero);
  deferred->Draw(1, 0);
  deferred->SOSetTargets(1, targets, &append);
  deferred->Draw(1, 1);
  Com<ID3D11CommandList> list;
  REQUIRE(deferred->FinishCommandList(FALSE, list.out()) == S_OK);
  c.d.context->ExecuteCommandList(list.get(), FALSE);
  const std::vector<float> f = c.floats(out.get());
  CHECK(std::vector<float>(f.begin(), f.begin() + 8) ==
        std::vector<float>{points[0].r, points[0].g, points[0].b, points[0].a, points[1].r, points[1].g, points[1].b,
                           points[1].a});
  CHECK(c.words(out.get())[8] == kUntouched);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("stream output with D3D11's largest stride captures or is refused with E_NOTIMPL below the device's limit",
          "[stream-output][capture]") {
  // D3D11 allows strides up to 2048 bytes; a device whose maxTransformFeedbackBufferDataStride is lower
  // (lavapipe: 512) refuses the object at creation instead of capturing wrongly.
  Capture c;
  const UINT stride = 2048;
  const D3D11_SO_DECLARATION_ENTRY decl[] = {{0, "COLOR", 0, 0, 4, 0}};
  Com<ID3D11GeometryShader> so;
  const HRESULT hr = c.d->CreateGeometryShaderWithStreamOutput(c.vs.data(), c.vs.size(), decl, 1, &stride, 1,
                                                               D3D11_SO_NO_RASTERIZED_STREAM, nullptr, so.out());
  if (hr == E_NOTIMPL) {
    CHECK(!so);
    return;
  }
  REQUIRE(hr == S_OK);
  const Vertex points[] = {pointAt(0, 0, 0.25f, 0.5f, 0.75f, 1), pointAt(1, 0, 0.125f, 0.25f, 0.375f, 0.5f)};
  Com<ID3D11Buffer> vb = makeBuffer(c.d, points, sizeof points, D3D11_BIND_VERTEX_BUFFER);
  c.target.bindVertices(vb.get());
  c.d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
  c.d.context->GSSetShader(so.get(), nullptr, 0);
  Com<ID3D11Buffer> out = c.soBuffer(2 * stride);
  ID3D11Buffer* targets[] = {out.get()};
  const UINT zero = 0;
  c.d.context->SOSetTargets(1, targets, &zero);
  c.d.context->Draw(2, 0);
  const std::vector<float> f = c.floats(out.get());
  CHECK(f[0] == points[0].r);
  CHECK(f[stride / 4 + 3] == points[1].a);
  CHECK(c.words(out.get())[4] == kUntouched);
}

TEST_CASE("a context state swap carries the SO targets and capture continues where it ended",
          "[stream-output][capture][context-state]") {
  Capture c;
  const D3D11_SO_DECLARATION_ENTRY decl[] = {{0, "COLOR", 0, 0, 4, 0}};
  Com<ID3D11GeometryShader> so;
  REQUIRE(c.d->CreateGeometryShaderWithStreamOutput(c.vs.data(), c.vs.size(), decl, 1, nullptr, 0,
                                                    D3D11_SO_NO_RASTERIZED_STREAM, nullptr, so.out()) == S_OK);
  const Vertex points[] = {pointAt(0, 0, 0.25f, 0.5f, 0.75f, 1), pointAt(1, 0, 0.125f, 0.25f, 0.375f, 0.5f)};
  Com<ID3D11Buffer> vb = makeBuffer(c.d, points, sizeof points, D3D11_BIND_VERTEX_BUFFER);
  c.target.bindVertices(vb.get());
  c.d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
  c.d.context->GSSetShader(so.get(), nullptr, 0);
  Com<ID3D11Buffer> out = c.soBuffer(64), second = c.soBuffer(16);
  ID3D11Buffer* targets[] = {out.get(), nullptr, second.get()};
  const UINT offsets[] = {0, 0, 0};
  c.d.context->SOSetTargets(3, targets, offsets);
  c.d.context->Draw(1, 0);

  Com<ID3D11DeviceContext1> c1;
  REQUIRE(c.d.context->QueryInterface(__uuidof(ID3D11DeviceContext1), reinterpret_cast<void**>(c1.out())) == S_OK);
  Com<ID3D11Device1> device1;
  REQUIRE(c.d->QueryInterface(__uuidof(ID3D11Device1), reinterpret_cast<void**>(device1.out())) == S_OK);
  const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_0;
  Com<ID3DDeviceContextState> fresh, previous, back;
  REQUIRE(device1->CreateDeviceContextState(0, &level, 1, D3D11_SDK_VERSION, __uuidof(ID3D11Device1), nullptr,
                                            fresh.out()) == S_OK);
  c1->SwapDeviceContextState(fresh.get(), previous.out());
  {  // The new state has no targets.
    ID3D11Buffer* got[4] = {};
    c1->SOGetTargets(4, got);
    for (ID3D11Buffer* b : got) CHECK(b == nullptr);
  }
  c1->SwapDeviceContextState(previous.get(), back.out());
  {  // Swapping back restores all four slots.
    ID3D11Buffer* got[4] = {};
    c1->SOGetTargets(4, got);
    CHECK(got[0] == out.get());
    CHECK(got[1] == nullptr);
    CHECK(got[2] == second.get());
    CHECK(got[3] == nullptr);
    for (ID3D11Buffer* b : got)
      if (b) b->Release();
  }
  // Capture continues after the first draw's vertex (the buffer's fill position is kept).
  c1->Draw(1, 1);
  c1->SOSetTargets(0, nullptr, nullptr);
  const std::vector<float> f = c.floats(out.get());
  CHECK(std::vector<float>(f.begin(), f.begin() + 8) ==
        std::vector<float>{points[0].r, points[0].g, points[0].b, points[0].a, points[1].r, points[1].g, points[1].b,
                           points[1].a});
  CHECK(c.words(out.get())[8] == kUntouched);
  for (uint32_t w : c.words(second.get())) CHECK(w == kUntouched);  // slot 2 is not declared: nothing captured
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("stream output of a domain shader (the NULL-geometry-shader form) captures the tessellated isolines",
          "[stream-output][capture][tessellation]") {
  // Two control points, density 2 and detail 1: the lines v = 0 and v = 1/2,
  // one segment each (u from 0 to 1), captured as a line list of 4 vertices.
  Capture c;
  const std::vector<uint8_t> hsCode = assembled(kHsIsolines), dsCode = assembled(kDsIsolines);
  Com<ID3D11HullShader> hs;
  Com<ID3D11DomainShader> ds;
  REQUIRE(c.d->CreateHullShader(hsCode.data(), hsCode.size(), nullptr, hs.out()) == S_OK);
  REQUIRE(c.d->CreateDomainShader(dsCode.data(), dsCode.size(), nullptr, ds.out()) == S_OK);
  const D3D11_SO_DECLARATION_ENTRY decl[] = {{0, "COLOR", 0, 0, 2, 0}};  // (u, v)
  Com<ID3D11GeometryShader> so;
  REQUIRE(c.d->CreateGeometryShaderWithStreamOutput(dsCode.data(), dsCode.size(), decl, 1, nullptr, 0,
                                                    D3D11_SO_NO_RASTERIZED_STREAM, nullptr, so.out()) == S_OK);
  const float factors[4] = {2, 1, 0, 0};
  Com<ID3D11Buffer> cb = makeBuffer(c.d, factors, sizeof factors, D3D11_BIND_CONSTANT_BUFFER);
  ID3D11Buffer* cbs[] = {cb.get()};
  c.d.context->HSSetConstantBuffers(0, 1, cbs);
  c.d.context->DSSetConstantBuffers(0, 1, cbs);
  const Vertex line[] = {{-0.5f, 0.5f, 1, 1, 1, 1}, {0.5f, 0.5f, 1, 1, 1, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(c.d, line, sizeof line, D3D11_BIND_VERTEX_BUFFER);
  c.target.bindVertices(vb.get());
  c.d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_2_CONTROL_POINT_PATCHLIST);
  c.d.context->HSSetShader(hs.get(), nullptr, 0);
  c.d.context->DSSetShader(ds.get(), nullptr, 0);
  c.d.context->GSSetShader(so.get(), nullptr, 0);
  Com<ID3D11Buffer> out = c.soBuffer(6 * 8);
  ID3D11Buffer* targets[] = {out.get()};
  const UINT zero = 0;
  c.d.context->SOSetTargets(1, targets, &zero);
  Com<ID3D11Query> stats = makeSoQuery(c.d, D3D11_QUERY_SO_STATISTICS);
  c.d.context->Begin(stats.get());
  c.d.context->Draw(2, 0);
  c.d.context->End(stats.get());
  const auto s = queryResult<D3D11_QUERY_DATA_SO_STATISTICS>(c.d, stats.get());
  CHECK(s.NumPrimitivesWritten == 2);
  CHECK(s.PrimitivesStorageNeeded == 2);
  const std::vector<float> f = c.floats(out.get());
  // Each line's two ends, whatever order the tessellator emits the lines and their ends in.
  std::vector<std::array<float, 2>> lines[2];
  for (UINT l = 0; l < 2; ++l) {
    std::array<float, 2> a{f[4 * l + 0], f[4 * l + 1]}, b{f[4 * l + 2], f[4 * l + 3]};
    CHECK(a[1] == b[1]);  // one line: one v
    lines[l] = {std::min(a, b), std::max(a, b)};
  }
  std::sort(std::begin(lines), std::end(lines));
  CHECK(lines[0] == std::vector<std::array<float, 2>>{{0.0f, 0.0f}, {1.0f, 0.0f}});
  CHECK(lines[1] == std::vector<std::array<float, 2>>{{0.0f, 0.5f}, {1.0f, 0.5f}});
  CHECK(c.words(out.get())[8] == kUntouched);
  CHECK(drainMessages(c.queue.get()).empty());
}
