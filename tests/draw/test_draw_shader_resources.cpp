// tests/draw: shader resources and samplers end to end — a pixel shader samples
// a known 2x2 texture through a point sampler (exact texels read back), an
// unbound slot reads zeros, identical sampler descs share one object, a
// conservative draw on the fallback samples the same way, ClearState unbinds,
// and consecutive SRV, sampler and constant-buffer slots (written as one
// descriptor write per run) each reach their own binding, in the pushed pixel
// set and the vertex set's dynamic constant buffers. A *SetShaderResources or
// *SetSamplers call that leaves every slot as it was reaches no driver (DDI
// trace), and the draws after it still read what is bound (pixels). One view
// bound for pixel shaders that declare it as Texture2D, Texture2DArray and a
// uint texture, alternating: each draw reads it as its own shader declares.
#include "draw_test_util.h"
#include "../render/checked_device.h"

#include <d3dvk/raster/rasterizer.h>

#include <cstring>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

constexpr UINT kW = 32, kH = 32;

// PS: SV_Target0 = t0.Sample(s0, SV_Position.xy / 32).
const char kPsSample[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xy
// COLOR                    0   xyzw        1     NONE   float
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_temps 1
mul r0.xy, v0.xyxx, l(0.031250, 0.031250, 0.000000, 0.000000)
sample_indexable(texture2d)(float,float,float,float) o0.xyzw, r0.xyxx, t0.xyzw, s0
ret
)";

// The 2x2 texture both tests sample (red, green / blue, yellow at alpha ½), its
// view, and the point-sampler desc.
const float kTexels[4][4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 0, 0.5f}};
const D3D11_SAMPLER_DESC kPointClamp{D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                                     D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                                     D3D11_COMPARISON_NEVER, {0, 0, 0, 0}, 0, D3D11_FLOAT32_MAX};

struct Texture2x2 {
  Com<ID3D11Texture2D> tex;
  Com<ID3D11ShaderResourceView> srv;
  explicit Texture2x2(RenderDevice& d, const float (*texels)[4] = kTexels, UINT bindFlags = D3D11_BIND_SHADER_RESOURCE) {
    D3D11_TEXTURE2D_DESC td = texture2DDesc(2, 2, DXGI_FORMAT_R32G32B32A32_FLOAT, bindFlags);
    D3D11_SUBRESOURCE_DATA init{texels, 2 * 16, 0};
    REQUIRE(d->CreateTexture2D(&td, &init, tex.out()) == S_OK);
    REQUIRE(d->CreateShaderResourceView(tex.get(), nullptr, srv.out()) == S_OK);
  }
};

// Two triangles over the whole target, bound (the shaders here read only the position).
Com<ID3D11Buffer> bindWholeTarget(RenderDevice& d, DrawTarget& t) {
  const Vertex v[6] = {{-1, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1}, {-1, -1, 1, 1, 1, 1},
                       {1, 1, 1, 1, 1, 1},  {1, -1, 1, 1, 1, 1}, {-1, -1, 1, 1, 1, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  return vb;
}

}  // namespace

TEST_CASE("a pixel shader samples a 2x2 texture through a point sampler, an unbound slot reads zeros",
          "[draw][pixels][srv]") {
  RenderDevice d;
  DrawTarget t(d, kW, kH);
  const Texture2x2 texture(d);
  const Com<ID3D11ShaderResourceView>& srv = texture.srv;
  const D3D11_SAMPLER_DESC sd = kPointClamp;
  Com<ID3D11SamplerState> sampler, same;
  REQUIRE(d->CreateSamplerState(&sd, sampler.out()) == S_OK);
  REQUIRE(d->CreateSamplerState(&sd, same.out()) == S_OK);
  CHECK(sampler.get() == same.get());  // identical descs share one object
  const std::vector<uint8_t> psCode = assembled(kPsSample);
  Com<ID3D11PixelShader> ps;
  REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  d.context->PSSetShader(ps.get(), nullptr, 0);
  ID3D11ShaderResourceView* views[] = {srv.get()};
  ID3D11SamplerState* samplers[] = {sampler.get()};
  d.context->PSSetShaderResources(0, 1, views);
  d.context->PSSetSamplers(0, 1, samplers);
  ID3D11ShaderResourceView* gotView = nullptr;
  d.context->PSGetShaderResources(0, 1, &gotView);
  CHECK(gotView == srv.get());
  if (gotView) gotView->Release();
  ID3D11SamplerState* gotSampler = nullptr;
  d.context->PSGetSamplers(0, 1, &gotSampler);
  CHECK(gotSampler == sampler.get());
  if (gotSampler) gotSampler->Release();

  const Com<ID3D11Buffer> vb = bindWholeTarget(d, t);
  d.context->Draw(6, 0);
  auto px = t.pixels();
  CHECK(px[4 * kW + 4] == std::array<float, 4>{1, 0, 0, 1});
  CHECK(px[4 * kW + 20] == std::array<float, 4>{0, 1, 0, 1});
  CHECK(px[20 * kW + 4] == std::array<float, 4>{0, 0, 1, 1});
  CHECK(px[20 * kW + 20] == std::array<float, 4>{1, 1, 0, 0.5f});

  ID3D11ShaderResourceView* none[] = {nullptr};
  d.context->PSSetShaderResources(0, 1, none);
  d.context->Draw(6, 0);
  px = t.pixels();
  CHECK(px[4 * kW + 4] == std::array<float, 4>{0, 0, 0, 0});
  CHECK(px[20 * kW + 20] == std::array<float, 4>{0, 0, 0, 0});
}

TEST_CASE("PSSetShaderResources and PSSetSamplers that change nothing reach no driver, and the draws read what is bound",
          "[draw][pixels][srv]") {
  Checked c;
  DrawTarget t(c.d, kW, kH);
  const float otherTexels[4][4] = {{0, 0, 0, 1}, {1, 1, 1, 1}, {0.5f, 0, 0, 1}, {0, 0.25f, 0, 1}};
  const Texture2x2 a(c.d), b(c.d, otherTexels);
  // A render-target-capable texture: its view is forced to NULL while the texture is the bound target.
  const Texture2x2 target(c.d, kTexels, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET);
  Com<ID3D11RenderTargetView> targetRtv;
  REQUIRE(c.d->CreateRenderTargetView(target.tex.get(), nullptr, targetRtv.out()) == S_OK);
  const D3D11_SAMPLER_DESC sd = kPointClamp;
  Com<ID3D11SamplerState> sampler;
  REQUIRE(c.d->CreateSamplerState(&sd, sampler.out()) == S_OK);
  const std::vector<uint8_t> psCode = assembled(kPsSample);
  Com<ID3D11PixelShader> ps;
  REQUIRE(c.d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  ID3D11DeviceContext* ctx = c.d.context.get();
  ctx->PSSetShader(ps.get(), nullptr, 0);
  const Com<ID3D11Buffer> vb = bindWholeTarget(c.d, t);
  auto drawn = [&](const float (*texels)[4]) {
    ctx->Draw(6, 0);
    const auto px = t.pixels();
    for (int k = 0; k < 4; ++k) {
      INFO("quadrant " << k);
      const float* e = texels[k];
      CHECK(px[(k / 2 * 16 + 4) * kW + k % 2 * 16 + 4] == std::array<float, 4>{e[0], e[1], e[2], e[3]});
    }
  };
  ID3D11ShaderResourceView* viewsA[] = {a.srv.get()};
  ID3D11ShaderResourceView* viewsB[] = {b.srv.get()};
  ID3D11SamplerState* samplers[] = {sampler.get()};
  const size_t srvCalls = c.ddiCalls("PsSetShaderResources"), samplerCalls = c.ddiCalls("PsSetSamplers");
  ctx->PSSetShaderResources(0, 1, viewsA);
  ctx->PSSetSamplers(0, 1, samplers);
  CHECK(c.ddiCalls("PsSetShaderResources") == srvCalls + 1);
  CHECK(c.ddiCalls("PsSetSamplers") == samplerCalls + 1);
  drawn(kTexels);
  // The same view and sampler again: nothing reaches the driver, the draw still samples A.
  ctx->PSSetShaderResources(0, 1, viewsA);
  ctx->PSSetSamplers(0, 1, samplers);
  CHECK(c.ddiCalls("PsSetShaderResources") == srvCalls + 1);
  CHECK(c.ddiCalls("PsSetSamplers") == samplerCalls + 1);
  drawn(kTexels);
  // Another view: one call, and the draw samples B; then A again.
  ctx->PSSetShaderResources(0, 1, viewsB);
  CHECK(c.ddiCalls("PsSetShaderResources") == srvCalls + 2);
  drawn(otherTexels);
  // Slots 0..1 with slot 0 unchanged and slot 1 new: one call for both.
  ID3D11ShaderResourceView* pair[] = {b.srv.get(), a.srv.get()};
  ctx->PSSetShaderResources(0, 2, pair);
  CHECK(c.ddiCalls("PsSetShaderResources") == srvCalls + 3);
  ID3D11ShaderResourceView* got[2] = {};
  ctx->PSGetShaderResources(0, 2, got);
  CHECK((got[0] == b.srv.get() && got[1] == a.srv.get()));
  for (ID3D11ShaderResourceView* g : got)
    if (g) g->Release();
  ctx->PSSetShaderResources(0, 1, viewsA);
  CHECK(c.ddiCalls("PsSetShaderResources") == srvCalls + 4);
  drawn(kTexels);
  CHECK(drainMessages(c.queue.get()).empty());

  // The hazard rule still speaks when the call changes nothing: slot 2 is
  // empty, and a view of the bound render target is forced to NULL there.
  ID3D11RenderTargetView* rtvs[] = {targetRtv.get()};
  ctx->OMSetRenderTargets(1, rtvs, nullptr);
  ID3D11ShaderResourceView* hazard[] = {target.srv.get()};
  const size_t before = c.ddiCalls("PsSetShaderResources");
  ctx->PSSetShaderResources(2, 1, hazard);
  CHECK(c.ddiCalls("PsSetShaderResources") == before);
  const std::vector<StoredMessage> messages = drainMessages(c.queue.get());
  REQUIRE(messages.size() == 1);
  CHECK(messages[0].id == D3D11_MESSAGE_ID_DEVICE_PSSETSHADERRESOURCES_HAZARD);
  ID3D11ShaderResourceView* slot2 = nullptr;
  ctx->PSGetShaderResources(2, 1, &slot2);
  CHECK(slot2 == nullptr);
}

namespace {

// kPsSample's body with `declaration` for t0 and `read` for the texel at r0.xy (in [0, 1)²).
std::string samplingShader(const std::string& declaration, const std::string& read) {
  const std::string listing = kPsSample;
  const size_t header = listing.find("ps_5_0\n") + 7;
  return listing.substr(0, header) + "dcl_sampler s0, mode_default\n" + declaration +
         "\ndcl_input_ps_siv linear noperspective v0.xy, position\ndcl_output o0.xyzw\ndcl_temps 1\n"
         "mul r0.xyzw, v0.xyxx, l(0.031250, 0.031250, 0.000000, 0.000000)\n" + read + "\nret\n";
}

}  // namespace

TEST_CASE("one view bound for shaders that declare it differently: each draw reads it as its shader declares",
          "[draw][pixels][srv]") {
  RenderDevice d;
  DrawTarget t(d, kW, kH);
  const Texture2x2 texture(d);
  const D3D11_SAMPLER_DESC sd = kPointClamp;
  Com<ID3D11SamplerState> sampler;
  REQUIRE(d->CreateSamplerState(&sd, sampler.out()) == S_OK);
  // The same single-slice view as Texture2D, as Texture2DArray (slice r0.z = 0), and as a uint
  // texture (its format's type differs from the declared one: it reads zeros).
  const std::string sources[3] = {
      samplingShader("dcl_resource_texture2d (float,float,float,float) t0",
                     "sample_indexable(texture2d)(float,float,float,float) o0.xyzw, r0.xyxx, t0.xyzw, s0"),
      samplingShader("dcl_resource_texture2darray (float,float,float,float) t0",
                     "sample_indexable(texture2darray)(float,float,float,float) o0.xyzw, r0.xyzx, t0.xyzw, s0"),
      samplingShader("dcl_resource_texture2d (uint,uint,uint,uint) t0",
                     "ld_indexable(texture2d)(uint,uint,uint,uint) r0.xyzw, l(0, 0, 0, 0), t0.xyzw\n"
                     "utof r0.xyzw, r0.xyzw\nadd o0.xyzw, r0.xyzw, l(0.25, 0.25, 0.25, 0.25)")};
  Com<ID3D11PixelShader> shaders[3];
  for (int i = 0; i < 3; ++i) {
    const std::vector<uint8_t> code = assembled(sources[i].c_str());
    REQUIRE(d->CreatePixelShader(code.data(), code.size(), nullptr, shaders[i].out()) == S_OK);
  }
  ID3D11ShaderResourceView* views[] = {texture.srv.get()};
  ID3D11SamplerState* samplers[] = {sampler.get()};
  d.context->PSSetShaderResources(0, 1, views);
  d.context->PSSetSamplers(0, 1, samplers);
  const Com<ID3D11Buffer> vb = bindWholeTarget(d, t);
  // Back and forth, so that every declaration follows every other one.
  for (int shader : {0, 1, 0, 2, 0, 2, 1, 2, 1, 0}) {
    INFO("shader " << shader);
    d.context->PSSetShader(shaders[shader].get(), nullptr, 0);
    d.context->Draw(6, 0);
    const auto px = t.pixels();
    for (int k = 0; k < 4; ++k) {
      INFO("quadrant " << k);
      const std::array<float, 4> want = shader == 2 ? std::array<float, 4>{0.25f, 0.25f, 0.25f, 0.25f}
                                                    : std::array<float, 4>{kTexels[k][0], kTexels[k][1], kTexels[k][2], kTexels[k][3]};
      CHECK(px[(k / 2 * 16 + 4) * kW + k % 2 * 16 + 4] == want);
    }
  }
}

TEST_CASE("a conservative draw on the fallback samples through its shader resources, ClearState unbinds them",
          "[draw][srv][conservative][fallback]") {
  ForceConservativeFallback fallback;
  RenderDevice d;
  DrawTarget t(d, kW, kH);
  const Texture2x2 texture(d);
  const Com<ID3D11ShaderResourceView>& srv = texture.srv;
  const D3D11_SAMPLER_DESC sd = kPointClamp;
  Com<ID3D11SamplerState> sampler;
  REQUIRE(d->CreateSamplerState(&sd, sampler.out()) == S_OK);
  const std::vector<uint8_t> psCode = assembled(kPsSample);
  Com<ID3D11PixelShader> ps;
  REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  d.context->PSSetShader(ps.get(), nullptr, 0);
  ID3D11ShaderResourceView* views[] = {srv.get()};
  ID3D11SamplerState* samplers[] = {sampler.get()};
  d.context->PSSetShaderResources(0, 1, views);
  d.context->PSSetSamplers(0, 1, samplers);
  Com<ID3D11Device3> device3;
  REQUIRE(d->QueryInterface(__uuidof(ID3D11Device3), reinterpret_cast<void**>(device3.out())) == S_OK);
  D3D11_RASTERIZER_DESC2 rd{D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0.0f, 0.0f, TRUE, FALSE, FALSE, FALSE,
                            0, D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON};
  Com<ID3D11RasterizerState2> conservative;
  REQUIRE(device3->CreateRasterizerState2(&rd, conservative.out()) == S_OK);
  d.context->RSSetState(conservative.get());
  // A triangle over all four quadrants (pixels: (3.5, 2.25), (29, 6), (8.75, 30)).
  const float px[3][2] = {{3.5f, 2.25f}, {29, 6}, {8.75f, 30}};
  Vertex v[3];
  for (int k = 0; k < 3; ++k) v[k] = {px[k][0] / 16.0f - 1.0f, 1.0f - px[k][1] / 16.0f, 0, 0, 0, 1};
  Com<ID3D11Buffer> vb = makeBuffer(d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  d.context->Draw(3, 0);
  const std::vector<std::array<float, 4>> got = t.pixels();
  raster::RasterizerDrawState state;
  state.clip = {0, 0, int(kW), int(kH)};
  raster::ScreenTriangle tri;
  for (int k = 0; k < 3; ++k) tri.v[k] = {px[k][0], px[k][1]};
  raster::SpanRowArray rows;
  const raster::TriangleCoverage cov = raster::rasterizeTriangle(tri, state, rows);
  std::vector<bool> lit(size_t(kW) * kH, false);
  for (uint32_t r = 0; r < cov.rowCount; ++r)
    for (int x = rows[r].outerBegin; x < rows[r].outerEnd; ++x) lit[size_t(cov.firstY + int(r)) * kW + x] = true;
  int litCount = 0, mismatches = 0;
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) {
      // Point sampling at the pixel centre: the texel of the pixel's quadrant.
      const float* texel = kTexels[(y >= kH / 2 ? 2 : 0) + (x >= kW / 2 ? 1 : 0)];
      const std::array<float, 4> want = lit[size_t(y) * kW + x]
                                            ? std::array<float, 4>{texel[0], texel[1], texel[2], texel[3]}
                                            : std::array<float, 4>{0, 0, 0, 0};
      litCount += lit[size_t(y) * kW + x];
      if (got[size_t(y) * kW + x] != want && ++mismatches <= 5) {
        INFO("pixel (" << x << "," << y << ")");
        CHECK(got[size_t(y) * kW + x] == want);
      }
    }
  CHECK(mismatches == 0);
  CHECK(litCount > 200);

  d.context->ClearState();
  ID3D11ShaderResourceView* gotView = srv.get();
  ID3D11SamplerState* gotSampler = sampler.get();
  d.context->PSGetShaderResources(0, 1, &gotView);
  d.context->PSGetSamplers(0, 1, &gotSampler);
  CHECK(gotView == nullptr);
  CHECK(gotSampler == nullptr);
}

namespace {

// PS over consecutive slots: o0 = (t0 + 10·t1 + 100·t2, t3 + 10·t5, cb0 + 10·cb1,
// t0 through s0 + 10·t0 through s1 at u = 1.25), each value read from .x.
const char kPsConsecutiveSlots[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// COLOR                    0   xyzw        1     NONE   float
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_constantbuffer cb0[1], immediateIndexed
dcl_constantbuffer cb1[1], immediateIndexed
dcl_sampler s0, mode_default
dcl_sampler s1, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_resource_texture2d (float,float,float,float) t1
dcl_resource_texture2d (float,float,float,float) t2
dcl_resource_texture2d (float,float,float,float) t3
dcl_resource_texture2d (float,float,float,float) t5
dcl_output o0.xyzw
dcl_temps 3
ld_indexable(texture2d)(float,float,float,float) r0.x, l(0, 0, 0, 0), t0.xyzw
ld_indexable(texture2d)(float,float,float,float) r1.x, l(0, 0, 0, 0), t1.xyzw
mad r0.x, r1.x, l(10.0), r0.x
ld_indexable(texture2d)(float,float,float,float) r1.x, l(0, 0, 0, 0), t2.xyzw
mad o0.x, r1.x, l(100.0), r0.x
ld_indexable(texture2d)(float,float,float,float) r0.x, l(0, 0, 0, 0), t3.xyzw
ld_indexable(texture2d)(float,float,float,float) r1.x, l(0, 0, 0, 0), t5.xyzw
mad o0.y, r1.x, l(10.0), r0.x
mad o0.z, cb1[0].x, l(10.0), cb0[0].x
sample_indexable(texture2d)(float,float,float,float) r0.x, l(1.25, 0.5, 0, 0), t0.xyzw, s0
sample_indexable(texture2d)(float,float,float,float) r2.x, l(1.25, 0.5, 0, 0), t0.xyzw, s1
mad o0.w, r2.x, l(10.0), r0.x
ret
)";

// VS over consecutive constant buffers (the vertex stage's set: dynamic
// offsets, written by vkUpdateDescriptorSets): COLOR = (cb0.x, cb1.x, cb2.x, COLOR.w),
// the vertices' COLOR.w being 1.
const char kVsConsecutiveConstants[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xy          0     NONE   float   xy
// COLOR                    0   xyzw        1     NONE   float      w
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
vs_5_0
dcl_constantbuffer cb0[1], immediateIndexed
dcl_constantbuffer cb1[1], immediateIndexed
dcl_constantbuffer cb2[1], immediateIndexed
dcl_input v0.xy
dcl_input v1.w
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
mov o0.xy, v0.xyxx
mov o0.zw, l(0,0,0,1.000000)
mov o1.x, cb0[0].x
mov o1.y, cb1[0].x
mov o1.z, cb2[0].x
mov o1.w, v1.w
ret
)";

}  // namespace

// The driver writes runs of consecutive bindings of one type as one
// descriptor write (Vulkan's consecutive binding updates): each slot must
// still reach its own binding, and a gap (t4) must end the run.
TEST_CASE("consecutive shader resource, sampler and constant buffer slots each reach their own binding",
          "[draw][pixels][srv]") {
  RenderDevice d;
  DrawTarget t(d, 8, 8);
  // t0: 2x1 (1, 7); t1, t2, t3, t5: 1x1 holding 2, 3, 4, 5.
  Com<ID3D11Texture2D> textures[6];
  Com<ID3D11ShaderResourceView> views[6];
  const float values[6][2] = {{1, 7}, {2, 0}, {3, 0}, {4, 0}, {0, 0}, {5, 0}};
  for (UINT k = 0; k < 6; ++k) {
    if (k == 4) continue;
    const UINT width = k == 0 ? 2 : 1;
    D3D11_TEXTURE2D_DESC td = texture2DDesc(width, 1, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D11_BIND_SHADER_RESOURCE);
    const float texels[2][4] = {{values[k][0], 0, 0, 1}, {values[k][1], 0, 0, 1}};
    D3D11_SUBRESOURCE_DATA init{texels, width * 16, 0};
    REQUIRE(d->CreateTexture2D(&td, &init, textures[k].out()) == S_OK);
    REQUIRE(d->CreateShaderResourceView(textures[k].get(), nullptr, views[k].out()) == S_OK);
  }
  // s0 wraps u = 1.25 to texel 0 (1); s1 clamps it to texel 1 (7).
  D3D11_SAMPLER_DESC wrap = kPointClamp, clamp = kPointClamp;
  wrap.AddressU = D3D11_TEXTURE_ADDRESS_WRAP;
  Com<ID3D11SamplerState> samplers[2];
  REQUIRE(d->CreateSamplerState(&wrap, samplers[0].out()) == S_OK);
  REQUIRE(d->CreateSamplerState(&clamp, samplers[1].out()) == S_OK);
  const float cb0[4] = {6, 0, 0, 0}, cb1[4] = {8, 0, 0, 0};
  Com<ID3D11Buffer> constants[2] = {makeBuffer(d, cb0, sizeof cb0, D3D11_BIND_CONSTANT_BUFFER),
                                    makeBuffer(d, cb1, sizeof cb1, D3D11_BIND_CONSTANT_BUFFER)};
  const std::vector<uint8_t> psCode = assembled(kPsConsecutiveSlots);
  Com<ID3D11PixelShader> ps;
  REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  d.context->PSSetShader(ps.get(), nullptr, 0);
  ID3D11ShaderResourceView* srvs[6] = {views[0].get(), views[1].get(), views[2].get(),
                                       views[3].get(), nullptr,        views[5].get()};
  d.context->PSSetShaderResources(0, 6, srvs);
  ID3D11SamplerState* bound[2] = {samplers[0].get(), samplers[1].get()};
  d.context->PSSetSamplers(0, 2, bound);
  ID3D11Buffer* cbs[2] = {constants[0].get(), constants[1].get()};
  d.context->PSSetConstantBuffers(0, 2, cbs);
  const Vertex v[3] = {{-1, 3, 1, 1, 1, 1}, {3, -1, 1, 1, 1, 1}, {-1, -1, 1, 1, 1, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  d.context->Draw(3, 0);
  CHECK(t.pixels()[3 * 8 + 3] == std::array<float, 4>{321, 54, 86, 71});

  // Swapped neighbours in each run move each value with its slot.
  std::swap(srvs[1], srvs[2]);
  std::swap(bound[0], bound[1]);
  std::swap(cbs[0], cbs[1]);
  d.context->PSSetShaderResources(0, 6, srvs);
  d.context->PSSetSamplers(0, 2, bound);
  d.context->PSSetConstantBuffers(0, 2, cbs);
  d.context->Draw(3, 0);
  CHECK(t.pixels()[3 * 8 + 3] == std::array<float, 4>{231, 54, 68, 17});

  // The vertex stage: three dynamic constant buffers, each rewritten by
  // Map(WRITE_DISCARD) between draws (each moves: its dynamic offset changes).
  const std::vector<uint8_t> vsCode = assembled(kVsConsecutiveConstants);
  Com<ID3D11VertexShader> vs;
  REQUIRE(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
  d.context->VSSetShader(vs.get(), nullptr, 0);
  d.context->PSSetShader(t.ps.get(), nullptr, 0);
  Com<ID3D11Buffer> dynamic[3];
  for (Com<ID3D11Buffer>& b : dynamic) {
    D3D11_BUFFER_DESC desc{16, D3D11_USAGE_DYNAMIC, D3D11_BIND_CONSTANT_BUFFER, D3D11_CPU_ACCESS_WRITE, 0, 0};
    REQUIRE(d->CreateBuffer(&desc, nullptr, b.out()) == S_OK);
  }
  ID3D11Buffer* vsCbs[3] = {dynamic[0].get(), dynamic[1].get(), dynamic[2].get()};
  d.context->VSSetConstantBuffers(0, 3, vsCbs);
  for (int round = 0; round < 3; ++round) {
    for (int k = 0; k < 3; ++k) {
      D3D11_MAPPED_SUBRESOURCE m{};
      REQUIRE(d.context->Map(dynamic[k].get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &m) == S_OK);
      const float value[4] = {float(10 * round + k + 1), 0, 0, 0};
      std::memcpy(m.pData, value, sizeof value);
      d.context->Unmap(dynamic[k].get(), 0);
    }
    d.context->Draw(3, 0);
    CHECK(t.pixels()[3 * 8 + 3] ==
          std::array<float, 4>{float(10 * round + 1), float(10 * round + 2), float(10 * round + 3), 1});
  }
}
