// tests/recording: what the D3D11 UMD records for sequences of draws — render
// passes, barriers, pipeline and descriptor binds — counted by the UMD's
// D3DVK_STATS counters between two points of a test, and the pixels the
// draws produce. The counts are the recorder's contract (recorder.h,
// native_draw.h): a draw pays only for what changed and for real hazards.
// (The validation layer Debian ships, 1.3.239, does not check hazards inside
// dynamic-rendering instances, so these tests also stand for it there.)
#include "../draw/draw_test_util.h"
#include "recording_stats.h"

using namespace d3dvk::test;

namespace {

constexpr UINT kSize = 16;

// Two triangles covering pixels [x0, x1) × [y0, y1) of the kSize target, in one colour.
std::vector<Vertex> rectangle(float x0, float y0, float x1, float y1, std::array<float, 4> c) {
  auto v = [&](float x, float y) { return Vertex{x / (kSize / 2.0f) - 1.0f, 1.0f - y / (kSize / 2.0f), c[0], c[1], c[2], c[3]}; };
  return {v(x0, y0), v(x1, y0), v(x0, y1), v(x0, y1), v(x1, y0), v(x1, y1)};
}

// PS: u0[SV_Position.xy] += 1 (typed R32_UINT UAV), no render target.
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
dcl_uav_typed_texture2d (uint,uint,uint,uint) u0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_temps 1
ftou r0.xy, v0.xyxx
ld_uav_typed r0.z, r0.xyyy, u0.yzxw
iadd r0.z, r0.z, l(1)
store_uav_typed u0.xyzw, r0.xyyy, r0.zzzz
ret
)";

// PS: SV_Target0 = t0[SV_Position.xy] (a float4 texture read with ld).
const char kPsCopyTexel[] = R"(//
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
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_temps 1
ftou r0.xy, v0.xyxx
mov r0.zw, l(0,0,0,0)
ld_indexable(texture2d)(float,float,float,float) o0.xyzw, r0.xyzw, t0.xyzw
ret
)";

// VS: POSITION.xy (v0) + cb0[0].xy → SV_Position; COLOR = COLOR (v1) × cb0[1].
const char kVsConstants[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xy          0     NONE   float   xy
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
vs_5_0
dcl_constantbuffer CB0[2], immediateIndexed
dcl_input v0.xy
dcl_input v1.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
add o0.xy, v0.xyxx, cb0[0].xyxx
mov o0.zw, l(0,0,0,1.000000)
mul o1.xyzw, v1.xyzw, cb0[1].xyzw
ret
)";

std::array<float, 4> colourOf(UINT i) { return {float(i + 1) / 16.0f, 1.0f - float(i) / 16.0f, 0.5f, 1.0f}; }

}  // namespace

// A texture with a render-target view and a shader-resource view, and a
// pixel shader that copies its texels (kPsCopyTexel) into the bound target.
struct SampledTexture {
  Com<ID3D11Texture2D> texture;
  Com<ID3D11RenderTargetView> rtv;
  Com<ID3D11ShaderResourceView> srv;
  Com<ID3D11PixelShader> copyTexel;
  explicit SampledTexture(RenderDevice& d) {
    D3D11_TEXTURE2D_DESC td = texture2DDesc(kSize, kSize, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D11_BIND_SHADER_RESOURCE);
    td.BindFlags |= D3D11_BIND_RENDER_TARGET;
    REQUIRE(d->CreateTexture2D(&td, nullptr, texture.out()) == S_OK);
    REQUIRE(d->CreateRenderTargetView(texture.get(), nullptr, rtv.out()) == S_OK);
    REQUIRE(d->CreateShaderResourceView(texture.get(), nullptr, srv.out()) == S_OK);
    const std::vector<uint8_t> psCode = assembled(kPsCopyTexel);
    REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, copyTexel.out()) == S_OK);
  }
  // The next draws copy its texels into the bound target.
  void sampleInto(RenderDevice& d) const {
    d.context->PSSetShader(copyTexel.get(), nullptr, 0);
    ID3D11ShaderResourceView* views[] = {srv.get()};
    d.context->PSSetShaderResources(0, 1, views);
  }
};

TEST_CASE("draws into unchanged render targets share one render pass, with no barrier or rebinding between them",
          "[recording][draw][pixels]") {
  RenderDevice d;
  DrawTarget t(d, kSize, kSize);
  // Eight 4×8 rectangles side by side in two rows, each its own colour, drawn one per Draw.
  std::vector<Vertex> vertices;
  for (UINT i = 0; i < 8; ++i) {
    const std::vector<Vertex> r = rectangle(float(i % 4) * 4, float(i / 4) * 8, float(i % 4) * 4 + 4,
                                            float(i / 4) * 8 + 8, colourOf(i));
    vertices.insert(vertices.end(), r.begin(), r.end());
  }
  Com<ID3D11Buffer> vb = makeBuffer(d, vertices.data(), UINT(vertices.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  d.context->Draw(6, 0);  // the first draw begins the render pass and binds everything
  const Counted counted;
  for (UINT i = 1; i < 8; ++i) d.context->Draw(6, 6 * i);
  const D3DVKStats n = counted.delta();
  CHECK(n.draws == 7);
  CHECK(n.renderPasses == 0);
  CHECK(n.barriers == 0);
  CHECK(n.pipelineBinds == 0);
  CHECK(n.descriptorSetBinds == 0);
  CHECK(n.descriptorSetsAllocated <= 3);  // one per new block of slices (4, 8, 16 of them), not per draw
  CHECK(n.submits == 0);
  const auto pixels = t.pixels();
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(pixels[y * kSize + x] == colourOf(x / 4 + 4 * (y / 8)));
    }
}

TEST_CASE("draws writing one UAV are ordered by a barrier each, in render passes of their own",
          "[recording][draw][uav][pixels]") {
  RenderDevice d;
  D3D11_TEXTURE2D_DESC td = texture2DDesc(kSize, kSize, DXGI_FORMAT_R32_UINT, D3D11_BIND_UNORDERED_ACCESS);
  Com<ID3D11Texture2D> texture;
  Com<ID3D11UnorderedAccessView> uav;
  REQUIRE(d->CreateTexture2D(&td, nullptr, texture.out()) == S_OK);
  REQUIRE(d->CreateUnorderedAccessView(texture.get(), nullptr, uav.out()) == S_OK);
  const UINT zero[4] = {0, 0, 0, 0};
  d.context->ClearUnorderedAccessViewUint(uav.get(), zero);
  const std::vector<uint8_t> vsCode = assembled(kVsColor), psCode = assembled(kPsIncrement);
  Com<ID3D11VertexShader> vs;
  Com<ID3D11PixelShader> ps;
  Com<ID3D11InputLayout> layout;
  REQUIRE(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
  REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  REQUIRE(d->CreateInputLayout(kColorLayout, 2, vsCode.data(), vsCode.size(), layout.out()) == S_OK);
  const std::vector<Vertex> quad = rectangle(2, 3, 10, 12, {1, 1, 1, 1});
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
  ID3D11UnorderedAccessView* uavs[] = {uav.get()};
  d.context->OMSetRenderTargetsAndUnorderedAccessViews(0, nullptr, nullptr, 0, 1, uavs, nullptr);
  d.context->Draw(6, 0);
  const Counted counted;
  constexpr UINT kDraws = 3;
  for (UINT i = 0; i < kDraws; ++i) d.context->Draw(6, 0);
  const D3DVKStats n = counted.delta();
  // Each draw reads and writes what the one before wrote: a barrier, which ends the render pass.
  CHECK(n.barriers == kDraws);
  CHECK(n.renderPasses == kDraws);
  CHECK(n.pipelineBinds == 0);
  const std::vector<uint8_t> raw = readback(d, texture.get());
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(texelAt<uint32_t>(raw, y * kSize + x) == (x >= 2 && x < 10 && y >= 3 && y < 12 ? kDraws + 1 : 0u));
    }
}

TEST_CASE("a texture drawn into and then sampled gets one barrier with its layout change, and the sampling draws share "
          "a render pass",
          "[recording][draw][pixels]") {
  RenderDevice d;
  DrawTarget a(d, kSize, kSize, {0, 0, 0, 1});
  const std::vector<Vertex> quad = rectangle(0, 0, kSize, kSize, {0.25f, 0.5f, 0.75f, 1});
  Com<ID3D11Buffer> vb = makeBuffer(d, quad.data(), UINT(quad.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
  a.bindVertices(vb.get());
  // A second target B: the texture A is drawn, then sampled into B.
  const SampledTexture b(d);
  ID3D11RenderTargetView* first[] = {b.rtv.get()};
  d.context->OMSetRenderTargets(1, first, nullptr);
  d.context->Draw(6, 0);  // into the sampled texture
  ID3D11RenderTargetView* second[] = {a.rtv.get()};
  d.context->OMSetRenderTargets(1, second, nullptr);
  b.sampleInto(d);
  const Counted counted;
  for (int i = 0; i < 3; ++i) d.context->Draw(6, 0);
  const D3DVKStats n = counted.delta();
  CHECK(n.barriers == 1);      // the texture's writes before its reads, and its move to a shader-read layout
  CHECK(n.renderPasses == 1);  // the three draws into A
  const auto pixels = a.pixels();
  for (UINT i = 0; i < kSize * kSize; ++i) {
    INFO("pixel " << i % kSize << "," << i / kSize);
    CHECK(pixels[i] == std::array<float, 4>{0.25f, 0.5f, 0.75f, 1});
  }
}

// The Map / UpdateSubresource tests: a 4×4 square drawn by kVsConstants, moved
// and coloured by cb0 — square i at (i % 4, i / 4) × 4 pixels in colourOf(i).
struct Squares {
  RenderDevice d;
  DrawTarget t{d, kSize, kSize};
  Com<ID3D11VertexShader> vs;
  Com<ID3D11Buffer> vb;
  Squares() {
    const std::vector<uint8_t> vsCode = assembled(kVsConstants);
    REQUIRE(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
    d.context->VSSetShader(vs.get(), nullptr, 0);
    const std::vector<Vertex> quad = rectangle(0, 0, 4, 4, {1, 1, 1, 1});
    vb = makeBuffer(d, quad.data(), UINT(quad.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
    t.bindVertices(vb.get());
  }
  // cb0 of square i: the offset (NDC) and the colour.
  static std::array<float, 8> constants(UINT i) {
    const std::array<float, 4> c = colourOf(i);
    return {float(i % 4) * 0.5f, -float(i / 4) * 0.5f, 0, 0, c[0], c[1], c[2], c[3]};
  }
  // Every square drawn in its colour.
  void checkAllSquares() {
    const auto pixels = t.pixels();
    for (UINT y = 0; y < kSize; ++y)
      for (UINT x = 0; x < kSize; ++x) {
        INFO("pixel " << x << "," << y);
        CHECK(pixels[y * kSize + x] == colourOf(x / 4 + 4 * (y / 4)));
      }
  }
};

TEST_CASE("Map(WRITE_DISCARD) of a constant buffer between draws needs no barrier and keeps the render pass",
          "[recording][draw][pixels]") {
  Squares q;
  D3D11_BUFFER_DESC cbDesc{32, D3D11_USAGE_DYNAMIC, D3D11_BIND_CONSTANT_BUFFER, D3D11_CPU_ACCESS_WRITE, 0, 0};
  Com<ID3D11Buffer> cb;
  REQUIRE(q.d->CreateBuffer(&cbDesc, nullptr, cb.out()) == S_OK);
  auto drawSquare = [&](UINT i) {
    D3D11_MAPPED_SUBRESOURCE m{};
    REQUIRE(q.d.context->Map(cb.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &m) == S_OK);
    const std::array<float, 8> constants = Squares::constants(i);
    std::memcpy(m.pData, constants.data(), sizeof constants);
    q.d.context->Unmap(cb.get(), 0);
    ID3D11Buffer* buffers[] = {cb.get()};
    q.d.context->VSSetConstantBuffers(0, 1, buffers);
    q.d.context->Draw(6, 0);
  };
  drawSquare(0);
  const Counted counted;
  for (UINT i = 1; i < 16; ++i) drawSquare(i);
  const D3DVKStats n = counted.delta();
  CHECK(n.draws == 15);
  CHECK(n.barriers == 0);
  CHECK(n.renderPasses == 0);
  CHECK(n.pipelineBinds == 0);
  CHECK(n.submits == 0);
  CHECK(n.descriptorSetBinds == 15);  // the vertex stage's set again, at the slice's offset
  CHECK(n.descriptorSetsAllocated <= 3);  // one per new block of slices (4, 8, 16 of them), not per draw
  q.checkAllSquares();
  // Once the GPU is done with them (the read-back waited), the buffer's slices
  // are reused: another 16 discards create no buffer.
  const float black[4] = {0, 0, 0, 0};
  q.d.context->ClearRenderTargetView(q.t.rtv.get(), black);
  const Counted again;
  for (UINT i = 0; i < 16; ++i) drawSquare(15 - i);
  const D3DVKStats m = again.delta();
  CHECK(m.buffersCreated == 0);
  CHECK(m.barriers <= 1);  // after the clear
  q.checkAllSquares();
}

TEST_CASE("UpdateSubresource of a constant buffer between draws records no copy and no barrier, and each draw sees "
          "its own data",
          "[recording][draw][pixels]") {
  Squares q;
  D3D11_BUFFER_DESC cbDesc{32, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0};
  Com<ID3D11Buffer> cb;
  REQUIRE(q.d->CreateBuffer(&cbDesc, nullptr, cb.out()) == S_OK);
  ID3D11Buffer* buffers[] = {cb.get()};
  q.d.context->VSSetConstantBuffers(0, 1, buffers);
  auto drawSquare = [&](UINT i) {
    q.d.context->UpdateSubresource(cb.get(), 0, nullptr, Squares::constants(i).data(), 0, 0);
    q.d.context->Draw(6, 0);
  };
  drawSquare(0);
  const Counted counted;
  for (UINT i = 1; i < 16; ++i) drawSquare(i);
  const D3DVKStats n = counted.delta();
  CHECK(n.draws == 15);
  CHECK(n.barriers == 0);
  CHECK(n.renderPasses == 0);
  q.checkAllSquares();
  // A partial update (the colour only, D3D11.1's boxes) keeps the rest: the last square again, in another colour.
  const std::array<float, 4> c = colourOf(3);
  const D3D11_BOX colour{16, 0, 0, 32, 1, 1};
  q.d.context->UpdateSubresource(cb.get(), 0, &colour, c.data(), 0, 0);
  q.d.context->Draw(6, 0);
  const auto repainted = q.t.pixels();
  CHECK(repainted[12 * kSize + 12] == c);
  CHECK(repainted[0] == colourOf(0));
}

TEST_CASE("a clear of a bound render target between draws joins their render pass, ordered between them",
          "[recording][draw][clear][pixels]") {
  RenderDevice d;
  DrawTarget t(d, kSize, kSize);
  std::vector<Vertex> vertices = rectangle(0, 0, 8, 16, {1, 0, 0, 1});
  const std::vector<Vertex> right = rectangle(8, 0, 16, 16, {0, 1, 0, 1});
  vertices.insert(vertices.end(), right.begin(), right.end());
  Com<ID3D11Buffer> vb = makeBuffer(d, vertices.data(), UINT(vertices.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  d.context->Draw(6, 0);  // left half red, then cleared
  const Counted counted;
  const float blue[4] = {0, 0, 1, 1};
  d.context->ClearRenderTargetView(t.rtv.get(), blue);
  d.context->Draw(6, 6);  // right half green
  const D3DVKStats n = counted.delta();
  CHECK(n.renderPasses == 0);  // the clear is an attachment clear inside the open pass
  CHECK(n.barriers == 0);      // in rasterization order with the draws
  const auto pixels = t.pixels();
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(pixels[y * kSize + x] == (x < 8 ? std::array<float, 4>{0, 0, 1, 1} : std::array<float, 4>{0, 1, 0, 1}));
    }
}

namespace {
Com<ID3D11DepthStencilView> depthView(RenderDevice& d, UINT width, UINT height, Com<ID3D11Texture2D>* texture) {
  D3D11_TEXTURE2D_DESC td = texture2DDesc(width, height, DXGI_FORMAT_D32_FLOAT, D3D11_BIND_DEPTH_STENCIL);
  REQUIRE(d->CreateTexture2D(&td, nullptr, texture->out()) == S_OK);
  Com<ID3D11DepthStencilView> dsv;
  REQUIRE(d->CreateDepthStencilView(texture->get(), nullptr, dsv.out()) == S_OK);
  return dsv;
}
}  // namespace

TEST_CASE("clearing the bound targets begins the render pass the draws continue, and depth clears order the depth test",
          "[recording][draw][clear][depth][pixels]") {
  RenderDevice d;
  DrawTarget t(d, kSize, kSize);
  Com<ID3D11Texture2D> depth;
  Com<ID3D11DepthStencilView> dsv = depthView(d, kSize, kSize, &depth);
  ID3D11RenderTargetView* rtvs[] = {t.rtv.get()};
  d.context->OMSetRenderTargets(1, rtvs, dsv.get());  // the default depth-stencil state: depth test LESS, z = 0
  std::vector<Vertex> vertices = rectangle(0, 0, 8, 16, {1, 0, 0, 1});
  const std::vector<Vertex> right = rectangle(8, 0, 16, 16, {0, 1, 0, 1});
  vertices.insert(vertices.end(), right.begin(), right.end());
  Com<ID3D11Buffer> vb = makeBuffer(d, vertices.data(), UINT(vertices.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  const Counted counted;
  const float blue[4] = {0, 0, 1, 1};
  d.context->ClearRenderTargetView(t.rtv.get(), blue);
  d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH, 0.0f, 0);
  d.context->Draw(6, 0);  // z = 0 is not LESS than 0: the left half stays blue
  d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH, 1.0f, 0);
  d.context->Draw(6, 6);  // 0 < 1: the right half turns green
  const D3DVKStats n = counted.delta();
  CHECK(n.renderPasses == 1);
  CHECK(n.barriers <= 1);  // at most the one ordering the pass after the target's creation-time clear
  const auto pixels = t.pixels();
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(pixels[y * kSize + x] == (x < 8 ? std::array<float, 4>{0, 0, 1, 1} : std::array<float, 4>{0, 1, 0, 1}));
    }
  std::vector<uint8_t> depths = readback(d, depth.get());
  REQUIRE(depths.size() == size_t(kSize) * kSize * 4);
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x) {
      float z;
      std::memcpy(&z, depths.data() + 4 * (size_t(y) * kSize + x), 4);
      INFO("depth " << x << "," << y);
      CHECK(z == (x < 8 ? 1.0f : 0.0f));  // the second clear's 1, then the passing right half's z = 0
    }
}

TEST_CASE("a clear of a bound target larger than the render area clears all of it",
          "[recording][clear][pixels]") {
  RenderDevice d;
  DrawTarget t(d, kSize, kSize, {1, 0, 0, 1});
  Com<ID3D11Texture2D> depth;
  Com<ID3D11DepthStencilView> dsv = depthView(d, kSize / 2, kSize / 2, &depth);  // the render area: 8×8
  ID3D11RenderTargetView* rtvs[] = {t.rtv.get()};
  d.context->OMSetRenderTargets(1, rtvs, dsv.get());
  const float blue[4] = {0, 0, 1, 1};
  d.context->ClearRenderTargetView(t.rtv.get(), blue);
  const auto pixels = t.pixels();
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(pixels[y * kSize + x] == std::array<float, 4>{0, 0, 1, 1});
    }
}

namespace {
// A depth-stencil state: depth test LESS (writes on), stencil test EQUAL to the reference (keeps).
Com<ID3D11DepthStencilState> depthLessStencilEqual(RenderDevice& d) {
  D3D11_DEPTH_STENCIL_DESC ds{};
  ds.DepthEnable = TRUE;
  ds.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ALL;
  ds.DepthFunc = D3D11_COMPARISON_LESS;
  ds.StencilEnable = TRUE;
  ds.StencilReadMask = ds.StencilWriteMask = 0xFF;
  ds.FrontFace = {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_COMPARISON_EQUAL};
  ds.BackFace = ds.FrontFace;
  Com<ID3D11DepthStencilState> state;
  REQUIRE(d->CreateDepthStencilState(&ds, state.out()) == S_OK);
  return state;
}
}  // namespace

TEST_CASE("clears of views not bound yet are the load ops of the render pass that binds them: depth and stencil too",
          "[recording][draw][clear][depth][pixels]") {
  RenderDevice d;
  DrawTarget t(d, kSize, kSize, {1, 1, 1, 1});
  D3D11_TEXTURE2D_DESC td = texture2DDesc(kSize, kSize, DXGI_FORMAT_D24_UNORM_S8_UINT, D3D11_BIND_DEPTH_STENCIL);
  Com<ID3D11Texture2D> depth;
  REQUIRE(d->CreateTexture2D(&td, nullptr, depth.out()) == S_OK);
  Com<ID3D11DepthStencilView> dsv;
  REQUIRE(d->CreateDepthStencilView(depth.get(), nullptr, dsv.out()) == S_OK);
  Com<ID3D11DepthStencilState> state = depthLessStencilEqual(d);
  d.context->OMSetDepthStencilState(state.get(), 3);
  std::vector<Vertex> vertices = rectangle(0, 0, 8, 16, {1, 0, 0, 1});
  const std::vector<Vertex> right = rectangle(8, 0, 16, 16, {0, 1, 0, 1});
  vertices.insert(vertices.end(), right.begin(), right.end());
  Com<ID3D11Buffer> vb = makeBuffer(d, vertices.data(), UINT(vertices.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  d.context->Draw(6, 0);  // (no depth buffer yet: red on the left, the target's creation settled)
  d.context->OMSetRenderTargets(0, nullptr, nullptr);

  const Counted counted;
  const float blue[4] = {0, 0, 1, 1};
  d.context->ClearRenderTargetView(t.rtv.get(), blue);
  d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 0.5f, 3);
  ID3D11RenderTargetView* rtvs[] = {t.rtv.get()};
  d.context->OMSetRenderTargets(1, rtvs, dsv.get());
  d.context->Draw(6, 0);  // z = 0 < 0.5 and stencil 3 == 3: the left half red
  const D3DVKStats n = counted.delta();
  CHECK(n.renderPasses == 1);  // the clears are its load ops: no transfer clears, no instance of their own
  CHECK(n.barriers <= 1);      // the depth image's move to its layout (the transfer clears needed three more)
  d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_STENCIL, 0.0f, 5);  // bound now: cleared inside the pass
  d.context->Draw(6, 6);  // stencil 5 != 3: the right half stays blue
  const auto pixels = t.pixels();
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(pixels[y * kSize + x] == (x < 8 ? std::array<float, 4>{1, 0, 0, 1} : std::array<float, 4>{0, 0, 1, 1}));
    }
  const std::vector<uint8_t> depths = readback(d, depth.get());
  REQUIRE(depths.size() == size_t(kSize) * kSize * 4);
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x) {
      uint32_t texel;
      std::memcpy(&texel, depths.data() + 4 * (size_t(y) * kSize + x), 4);
      INFO("depth-stencil " << x << "," << y);
      CHECK((texel & 0xFFFFFFu) == (x < 8 ? 0u : 0x800000u));  // 0.5 as 24-bit UNORM: round(0.5 · (2^24 − 1))
      CHECK(texel >> 24 == 5u);
    }
}

TEST_CASE("a clear kept for a render pass is done first by any other command that meets its view",
          "[recording][clear][pixels]") {
  RenderDevice d;
  const float blue[4] = {0, 0, 1, 1}, green[4] = {0, 1, 0, 1};
  const std::array<float, 4> kBlue{0, 0, 1, 1}, kGreen{0, 1, 0, 1};
  auto all = [](const std::vector<std::array<float, 4>>& pixels, std::array<float, 4> c) {
    return std::all_of(pixels.begin(), pixels.end(), [&](const std::array<float, 4>& p) { return p == c; });
  };
  SECTION("a copy reads it") {
    DrawTarget t(d, kSize, kSize, {1, 0, 0, 1});
    d.context->OMSetRenderTargets(0, nullptr, nullptr);
    d.context->ClearRenderTargetView(t.rtv.get(), blue);
    CHECK(all(t.pixels(), kBlue));  // (read back through a copy to a staging texture)
  }
  SECTION("its view is destroyed") {
    DrawTarget t(d, kSize, kSize, {1, 0, 0, 1});
    d.context->OMSetRenderTargets(0, nullptr, nullptr);
    Com<ID3D11RenderTargetView> other;
    REQUIRE(d->CreateRenderTargetView(t.texture.get(), nullptr, other.out()) == S_OK);
    d.context->ClearRenderTargetView(other.get(), green);
    other = Com<ID3D11RenderTargetView>();
    CHECK(all(t.pixels(), kGreen));
  }
  SECTION("a render pass over a smaller area binds it (the clear covers the whole view)") {
    DrawTarget t(d, kSize, kSize, {1, 0, 0, 1});
    Com<ID3D11Texture2D> depth;
    Com<ID3D11DepthStencilView> dsv = depthView(d, kSize / 2, kSize / 2, &depth);  // the render area: 8×8
    d.context->OMSetRenderTargets(0, nullptr, nullptr);
    d.context->ClearRenderTargetView(t.rtv.get(), blue);
    d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH, 1.0f, 0);
    ID3D11RenderTargetView* rtvs[] = {t.rtv.get()};
    d.context->OMSetRenderTargets(1, rtvs, dsv.get());
    const std::vector<Vertex> square = rectangle(0, 0, 4, 4, {0, 1, 0, 1});
    Com<ID3D11Buffer> vb = makeBuffer(d, square.data(), UINT(square.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
    t.bindVertices(vb.get());
    d.context->Draw(6, 0);
    const auto pixels = t.pixels();
    for (UINT y = 0; y < kSize; ++y)
      for (UINT x = 0; x < kSize; ++x) {
        INFO("pixel " << x << "," << y);
        CHECK(pixels[y * kSize + x] == (x < 4 && y < 4 ? kGreen : kBlue));
      }
  }
  SECTION("a draw samples it, and a later clear of the same view replaces it") {
    DrawTarget a(d, kSize, kSize, {0, 0, 0, 1});
    const SampledTexture sampled(d);
    const std::vector<Vertex> quad = rectangle(0, 0, kSize, kSize, {1, 1, 1, 1});
    Com<ID3D11Buffer> vb = makeBuffer(d, quad.data(), UINT(quad.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
    a.bindVertices(vb.get());
    d.context->ClearRenderTargetView(sampled.rtv.get(), blue);
    d.context->ClearRenderTargetView(sampled.rtv.get(), green);
    sampled.sampleInto(d);
    d.context->Draw(6, 0);  // into A, reading the cleared texture
    CHECK(all(a.pixels(), kGreen));
  }
}
