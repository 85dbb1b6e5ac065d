// tests/draw: a depth-stencil target read by shaders — the shadow-map pattern.
// A typeless texture (R32_TYPELESS, R24G8_TYPELESS or R32G8X24_TYPELESS, bound
// as a depth-stencil target and a shader resource) gets a per-pixel depth
// written through its depth view (D32_FLOAT / D24_UNORM_S8_UINT /
// D32_FLOAT_S8X24_UINT: the pixel shader writes oDepth = x / 32) and a stencil
// clear; a second pass reads it through a shader-resource view of its depth
// member (R32_FLOAT / R24_UNORM_X8_TYPELESS / R32_FLOAT_X8X24_TYPELESS: ld
// returns the depth, 0, 0, 1), a comparison sampler (sample_c_lz: 1 where
// 0.5 < depth; also the tiled-resource forms sample_c_lz_s and gather4_c_s with
// their residency status) and its stencil member (X24_TYPELESS_G8_UINT /
// X32_TYPELESS_G8X24_UINT in .g). Also what the runtime refuses, with its
// messages. A staging copy of the typeless format reads the texels (floats;
// D24S8 packed; D32S8X24 as float + stencil byte), and D32S8X24 texels written
// by the CPU (initial data, UpdateSubresource, a staging copy) read back
// through both members; DYNAMIC R24G8 and R32G8X24 textures' mapped texels
// (depths and stencil bytes) read back through both members.
#include "../render/checked_device.h"
#include "draw_test_util.h"

#include <cmath>

using namespace d3dvk::test;

namespace {

constexpr UINT kW = 32, kH = 4;

// o0 = t0.Load(int3(SV_Position.xy, 0)).
const char kPsLoad[] = R"(//
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
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_temps 1
ftou r0.xy, v0.xyxx
mov r0.zw, l(0,0,0,0)
ld_indexable(texture2d)(float,float,float,float) o0.xyzw, r0.xyzw, t0.xyzw
ret
)";

// o0 = (t0.SampleCmpLevelZero(s0, SV_Position.xy / (32, 4), 0.5), 0, 0, 1).
const char kPsCompare[] = R"(//
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
dcl_sampler s0, mode_comparison
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_temps 1
mul r0.xy, v0.xyxx, l(0.031250, 0.250000, 0.000000, 0.000000)
sample_c_lz_indexable(texture2d)(float,float,float,float) o0.x, r0.xyxx, t0.xxxx, s0, l(0.500000)
mov o0.yzw, l(0,0,0,1.000000)
ret
)";

// The tiled-resource compare forms on the depth (fully resident: no sparse binding here):
// o0 = (sample_c_lz_s, gathered compares as bits x + 2y + 4z + 8w, both statuses fully mapped, 1).
const char kPsCompareTiled[] = R"(//
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
dcl_sampler s0, mode_comparison
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_temps 5
mul r0.xy, v0.xyxx, l(0.031250, 0.250000, 0.000000, 0.000000)
sample_c_lz_s r1.x, r2.x, r0.xyxx, t0.xxxx, s0, l(0.500000)
gather4_c_s r3.xyzw, r2.y, r0.xyxx, t0.xyzw, s0.x, l(0.500000)
check_access_fully_mapped r2.z, r2.x
check_access_fully_mapped r2.w, r2.y
and r4.y, r2.z, r2.w
movc o0.z, r4.y, l(1.000000), l(0.000000)
dp4 o0.y, r3.xyzw, l(1.000000, 2.000000, 4.000000, 8.000000)
mov o0.x, r1.x
mov o0.w, l(1.000000)
ret
)";

// o0 = float4(t0.Load(int3(SV_Position.xy, 0))) of a uint texture.
const char kPsLoadUint[] = R"(//
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
dcl_resource_texture2d (uint,uint,uint,uint) t0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_temps 2
ftou r0.xy, v0.xyxx
mov r0.zw, l(0,0,0,0)
ld_indexable(texture2d)(uint,uint,uint,uint) r1.xyzw, r0.xyzw, t0.xyzw
utof o0.xyzw, r1.xyzw
ret
)";

// Whether a message the info queue stored since the last call says `text` (the queue is cleared).
bool storedMessageSays(ID3D11InfoQueue* queue, const char* text) {
  for (const StoredMessage& m : drainMessages(queue))
    if (m.text.find(text) != std::string::npos) return true;
  return false;
}

struct DepthCase {
  DXGI_FORMAT typeless, depth, read;
  double step;  // the depth format's quantum (0: float, exact)
  DXGI_FORMAT stencil = DXGI_FORMAT_UNKNOWN;  // the stencil member's view format (UNKNOWN: none)
  UINT texelBytes = 4;                        // D3D's texel in a staging copy
};

}  // namespace

TEST_CASE("a typeless depth-stencil target is read by shaders through its depth member: ld and sample_c",
          "[draw][srv][depth]") {
  const DepthCase cases[] = {
      {DXGI_FORMAT_R32_TYPELESS, DXGI_FORMAT_D32_FLOAT, DXGI_FORMAT_R32_FLOAT, 0.0},
      {DXGI_FORMAT_R24G8_TYPELESS, DXGI_FORMAT_D24_UNORM_S8_UINT, DXGI_FORMAT_R24_UNORM_X8_TYPELESS, 1.0 / 16777215.0,
       DXGI_FORMAT_X24_TYPELESS_G8_UINT},
      // D32_SFLOAT_S8_UINT in Vulkan; D3D's texel is the float, the stencil byte and 24 unused bits.
      {DXGI_FORMAT_R32G8X24_TYPELESS, DXGI_FORMAT_D32_FLOAT_S8X24_UINT, DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS, 0.0,
       DXGI_FORMAT_X32_TYPELESS_G8X24_UINT, 8},
  };
  for (const DepthCase& c : cases) {
    DYNAMIC_SECTION("typeless format " << int(c.typeless)) {
      RenderDevice d;
      DrawTarget t(d, kW, kH);
      D3D11_TEXTURE2D_DESC dd =
          texture2DDesc(kW, kH, c.typeless, D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_SHADER_RESOURCE);
      Com<ID3D11Texture2D> depth;
      REQUIRE(d->CreateTexture2D(&dd, nullptr, depth.out()) == S_OK);
      D3D11_DEPTH_STENCIL_VIEW_DESC dsvDesc{};
      dsvDesc.Format = c.depth;
      dsvDesc.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2D;
      Com<ID3D11DepthStencilView> dsv;
      REQUIRE(d->CreateDepthStencilView(depth.get(), &dsvDesc, dsv.out()) == S_OK);
      D3D11_SHADER_RESOURCE_VIEW_DESC srvDesc{};
      srvDesc.Format = c.read;
      srvDesc.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
      srvDesc.Texture2D = {0, 1};
      Com<ID3D11ShaderResourceView> srv;
      REQUIRE(d->CreateShaderResourceView(depth.get(), &srvDesc, srv.out()) == S_OK);

      // Pass 1: depth = (x + ½) / 32 everywhere (depth test ALWAYS, writes on).
      ID3D11RenderTargetView* views[] = {t.rtv.get()};
      d.context->OMSetRenderTargets(1, views, dsv.get());
      d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 1.0f, 0x5A);
      const D3D11_DEPTH_STENCILOP_DESC keep{D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                            D3D11_COMPARISON_ALWAYS};
      D3D11_DEPTH_STENCIL_DESC always{TRUE, D3D11_DEPTH_WRITE_MASK_ALL, D3D11_COMPARISON_ALWAYS, FALSE, 0xFF, 0xFF,
                                      keep, keep};
      Com<ID3D11DepthStencilState> alwaysState;
      REQUIRE(d->CreateDepthStencilState(&always, alwaysState.out()) == S_OK);
      d.context->OMSetDepthStencilState(alwaysState.get(), 0);
      const Vertex v[3] = {{-1, -1, 1, 1, 1, 1}, {-1, 3, 1, 1, 1, 1}, {3, -1, 1, 1, 1, 1}};
      Com<ID3D11Buffer> vb = makeBuffer(d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
      t.bindVertices(vb.get());
      Com<ID3D11PixelShader> writeDepth = pixelShader(d, kPsWriteDepth);
      d.context->PSSetShader(writeDepth.get(), nullptr, 0);
      d.context->Draw(3, 0);

      // The texels through a staging copy of the typeless format: floats, D32S8X24's float
      // then stencil byte, or D24S8's packing (depth in the low 24 bits, stencil in the high 8).
      const std::vector<uint8_t> texels = readback(d, depth.get());
      REQUIRE(texels.size() == size_t(kW) * kH * c.texelBytes);
      for (UINT x = 0; x < kW; ++x) {
        uint32_t bits;
        std::memcpy(&bits, texels.data() + c.texelBytes * x, 4);
        INFO("texel " << x);
        if (c.step == 0.0) {
          float f;
          std::memcpy(&f, &bits, 4);
          CHECK(f == float((x + 0.5) / 32.0));
          if (c.texelBytes == 8) CHECK(texels[8 * x + 4] == 0x5A);
        } else {
          CHECK(std::abs(double(bits & 0xFFFFFF) * c.step - (x + 0.5) / 32.0) <= c.step);
          CHECK((bits >> 24) == 0x5Au);
        }
      }

      // Pass 2: the same texture as a shader resource (the depth view unbound).
      d.context->OMSetRenderTargets(1, views, nullptr);
      d.context->OMSetDepthStencilState(nullptr, 0);
      ID3D11ShaderResourceView* srvs[] = {srv.get()};
      d.context->PSSetShaderResources(0, 1, srvs);
      Com<ID3D11PixelShader> load = pixelShader(d, kPsLoad);
      d.context->PSSetShader(load.get(), nullptr, 0);
      d.context->Draw(3, 0);
      std::vector<std::array<float, 4>> px = t.pixels();
      for (UINT y = 0; y < kH; ++y)
        for (UINT x = 0; x < kW; ++x) {
          const double expected = (x + 0.5) / 32.0;
          const std::array<float, 4>& p = px[y * kW + x];
          INFO("pixel (" << x << ", " << y << ")");
          if (c.step == 0.0)
            CHECK(p[0] == float(expected));
          else
            CHECK(std::abs(double(p[0]) - expected) <= c.step);
          CHECK(p[1] == 0.0f);
          CHECK(p[2] == 0.0f);
          CHECK(p[3] == 1.0f);
        }

      // Pass 3: a comparison sampler, LESS: 0.5 < depth from x = 16 on.
      D3D11_SAMPLER_DESC sd{D3D11_FILTER_COMPARISON_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                            D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1, D3D11_COMPARISON_LESS,
                            {0, 0, 0, 0}, 0, D3D11_FLOAT32_MAX};
      Com<ID3D11SamplerState> compare;
      REQUIRE(d->CreateSamplerState(&sd, compare.out()) == S_OK);
      ID3D11SamplerState* samplers[] = {compare.get()};
      d.context->PSSetSamplers(0, 1, samplers);
      Com<ID3D11PixelShader> cmp = pixelShader(d, kPsCompare);
      d.context->PSSetShader(cmp.get(), nullptr, 0);
      d.context->Draw(3, 0);
      px = t.pixels();
      for (UINT y = 0; y < kH; ++y)
        for (UINT x = 0; x < kW; ++x) {
          INFO("pixel (" << x << ", " << y << ")");
          CHECK(px[y * kW + x][0] == (x >= 16 ? 1.0f : 0.0f));
        }

      // The tiled-resource forms: the same compare, the gathered 2×2 (texel columns x and
      // x + 1, clamped), resident.
      Com<ID3D11PixelShader> tiled = pixelShader(d, kPsCompareTiled);
      d.context->PSSetShader(tiled.get(), nullptr, 0);
      d.context->Draw(3, 0);
      px = t.pixels();
      for (UINT y = 0; y < kH; ++y)
        for (UINT x = 0; x < kW; ++x) {
          INFO("pixel (" << x << ", " << y << ")");
          const float here = x >= 16 ? 1.0f : 0.0f, right = std::min(x + 1, kW - 1) >= 16 ? 1.0f : 0.0f;
          CHECK(px[y * kW + x] == std::array<float, 4>{here, here + 2 * right + 4 * right + 8 * here, 1, 1});
        }

      // The depth view still writes the texture after it was read: depth 1 again (cleared), read back as 1.
      d.context->PSSetShaderResources(0, 1, std::array<ID3D11ShaderResourceView*, 1>{nullptr}.data());
      d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH, 1.0f, 0);
      d.context->PSSetShaderResources(0, 1, srvs);
      d.context->PSSetShader(load.get(), nullptr, 0);
      d.context->Draw(3, 0);
      px = t.pixels();
      CHECK(px[0][0] == 1.0f);
      CHECK(px[kW * kH - 1][0] == 1.0f);

      if (c.stencil != DXGI_FORMAT_UNKNOWN) {
        // The stencil (cleared to 0x5A, then untouched) through X24_TYPELESS_G8_UINT or
        // X32_TYPELESS_G8X24_UINT: (0, 0x5A, 0, 1).
        srvDesc.Format = c.stencil;
        Com<ID3D11ShaderResourceView> stencilSrv;
        REQUIRE(d->CreateShaderResourceView(depth.get(), &srvDesc, stencilSrv.out()) == S_OK);
        ID3D11ShaderResourceView* stencilViews[] = {stencilSrv.get()};
        d.context->PSSetShaderResources(0, 1, stencilViews);
        Com<ID3D11PixelShader> loadUint = pixelShader(d, kPsLoadUint);
        d.context->PSSetShader(loadUint.get(), nullptr, 0);
        d.context->Draw(3, 0);
        px = t.pixels();
        for (UINT i = 0; i < kW * kH; ++i) {
          INFO("pixel " << i);
          CHECK(px[i] == std::array<float, 4>{0, 0x5A, 0, 1});
        }
      }
    }
  }
}

namespace {

// D3D's D32_FLOAT_S8X24_UINT texel: the float depth, the stencil byte, 24 unused bits.
std::array<uint8_t, 8> d32s8Texel(float depth, uint8_t stencil) {
  std::array<uint8_t, 8> t{};
  std::memcpy(t.data(), &depth, 4);
  t[4] = stencil;
  return t;
}

// Reads a depth-stencil texture's depth (`depthView`: R32_FLOAT_X8X24_TYPELESS,
// R24_UNORM_X8_TYPELESS) and stencil (`stencilView`: X32_TYPELESS_G8X24_UINT,
// X24_TYPELESS_G8_UINT) through two shader-resource views and checks every
// texel against `depthAt` / `stencilAt` (x, y), depth within `tolerance`.
template <class Depth, class Stencil>
void checkDepthStencilTexels(RenderDevice& d, ID3D11Texture2D* texture, Depth depthAt, Stencil stencilAt,
                             DXGI_FORMAT depthView, DXGI_FORMAT stencilView, float tolerance) {
  DrawTarget t(d, kW, kH);
  const Vertex v[3] = {{-1, -1, 1, 1, 1, 1}, {-1, 3, 1, 1, 1, 1}, {3, -1, 1, 1, 1, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  ID3D11RenderTargetView* views[] = {t.rtv.get()};
  d.context->OMSetRenderTargets(1, views, nullptr);
  for (const bool stencil : {false, true}) {
    D3D11_SHADER_RESOURCE_VIEW_DESC srvDesc{};
    srvDesc.Format = stencil ? stencilView : depthView;
    srvDesc.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
    srvDesc.Texture2D = {0, 1};
    Com<ID3D11ShaderResourceView> srv;
    REQUIRE(d->CreateShaderResourceView(texture, &srvDesc, srv.out()) == S_OK);
    ID3D11ShaderResourceView* srvs[] = {srv.get()};
    d.context->PSSetShaderResources(0, 1, srvs);
    Com<ID3D11PixelShader> ps = pixelShader(d, stencil ? kPsLoadUint : kPsLoad);
    d.context->PSSetShader(ps.get(), nullptr, 0);
    d.context->Draw(3, 0);
    const std::vector<std::array<float, 4>> px = t.pixels();
    for (UINT y = 0; y < kH; ++y)
      for (UINT x = 0; x < kW; ++x) {
        INFO((stencil ? "stencil" : "depth") << " of texel (" << x << ", " << y << ")");
        if (stencil) {
          CHECK(px[y * kW + x] == std::array<float, 4>{0, float(stencilAt(x, y)), 0, 1});
        } else {
          CHECK(std::fabs(px[y * kW + x][0] - depthAt(x, y)) <= tolerance);
          CHECK((px[y * kW + x][1] == 0 && px[y * kW + x][2] == 0 && px[y * kW + x][3] == 1));
        }
      }
  }
  d.context->PSSetShaderResources(0, 1, std::array<ID3D11ShaderResourceView*, 1>{nullptr}.data());
}

// An R32G8X24 texture's members, depths exact.
template <class Depth, class Stencil>
void checkD32S8Texels(RenderDevice& d, ID3D11Texture2D* texture, Depth depthAt, Stencil stencilAt) {
  checkDepthStencilTexels(d, texture, depthAt, stencilAt, DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS,
                          DXGI_FORMAT_X32_TYPELESS_G8X24_UINT, 0.0f);
}

}  // namespace

TEST_CASE("D32_FLOAT_S8X24 texels written by the CPU (initial data, UpdateSubresource, staging copies) read back "
          "through the depth and stencil members",
          "[draw][srv][depth][formats]") {
  Checked k;
  RenderDevice& d = k.d;
  auto depth0 = [](UINT x, UINT y) { return float(x) / 32.0f + float(y) / 256.0f; };
  auto stencil0 = [](UINT x, UINT y) { return uint8_t(x * 7 + y * 61); };
  std::vector<std::array<uint8_t, 8>> texels(size_t(kW) * kH);
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) texels[y * kW + x] = d32s8Texel(depth0(x, y), stencil0(x, y));
  // The unused 24 bits hold garbage in the application's data: D3D ignores them.
  for (auto& t : texels) t[5] = t[6] = t[7] = 0xEE;
  D3D11_SUBRESOURCE_DATA init{texels.data(), kW * 8, 0};
  D3D11_TEXTURE2D_DESC dd = texture2DDesc(kW, kH, DXGI_FORMAT_R32G8X24_TYPELESS, D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Texture2D> texture;
  REQUIRE(d->CreateTexture2D(&dd, &init, texture.out()) == S_OK);
  checkD32S8Texels(d, texture.get(), depth0, stencil0);

  // UpdateSubresource of a 5×2 box at (3, 1), rows 48 bytes apart.
  const D3D11_BOX box{3, 1, 0, 8, 3, 1};
  auto depth1 = [&](UINT x, UINT y) {
    return x >= box.left && x < box.right && y >= box.top && y < box.bottom ? 0.75f - float(x) / 64.0f : depth0(x, y);
  };
  auto stencil1 = [&](UINT x, UINT y) {
    return x >= box.left && x < box.right && y >= box.top && y < box.bottom ? uint8_t(200 + x + 10 * y) : stencil0(x, y);
  };
  std::vector<uint8_t> update(48 * 2, 0xCD);
  for (UINT y = box.top; y < box.bottom; ++y)
    for (UINT x = box.left; x < box.right; ++x) {
      const auto t = d32s8Texel(depth1(x, y), stencil1(x, y));
      std::memcpy(update.data() + (y - box.top) * 48 + (x - box.left) * 8, t.data(), 8);
    }
  d.context->UpdateSubresource(texture.get(), 0, &box, update.data(), 48, 0);
  checkD32S8Texels(d, texture.get(), depth1, stencil1);

  // A staging texture's mapped texels in D3D's layout, copied to the GPU and back.
  const std::vector<uint8_t> read = readback(d, texture.get());
  REQUIRE(read.size() == size_t(kW) * kH * 8);
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) {
      INFO("staging texel (" << x << ", " << y << ")");
      float f;
      std::memcpy(&f, read.data() + (y * kW + x) * 8, 4);
      CHECK(f == depth1(x, y));
      CHECK(read[(y * kW + x) * 8 + 4] == stencil1(x, y));
    }
  D3D11_TEXTURE2D_DESC sd = dd;
  sd.Usage = D3D11_USAGE_STAGING;
  sd.BindFlags = 0;
  sd.CPUAccessFlags = D3D11_CPU_ACCESS_WRITE;
  Com<ID3D11Texture2D> staging;
  REQUIRE(d->CreateTexture2D(&sd, nullptr, staging.out()) == S_OK);
  D3D11_MAPPED_SUBRESOURCE m{};
  REQUIRE(d.context->Map(staging.get(), 0, D3D11_MAP_WRITE, 0, &m) == S_OK);
  REQUIRE(m.RowPitch >= kW * 8);
  auto depth2 = [](UINT x, UINT y) { return 1.0f - float(x + y) / 64.0f; };
  auto stencil2 = [](UINT x, UINT y) { return uint8_t(255 - x - 3 * y); };
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) {
      const auto t = d32s8Texel(depth2(x, y), stencil2(x, y));
      std::memcpy(static_cast<uint8_t*>(m.pData) + y * m.RowPitch + x * 8, t.data(), 8);
    }
  d.context->Unmap(staging.get(), 0);
  d.context->CopyResource(texture.get(), staging.get());
  checkD32S8Texels(d, texture.get(), depth2, stencil2);
  CHECK(drainMessages(k.queue.get()).empty());
}

TEST_CASE("DYNAMIC R24G8 and R32G8X24 textures: WRITE_DISCARD uploads the depths and the stencil bytes",
          "[draw][srv][depth][formats][map]") {
  Checked k;
  RenderDevice& d = k.d;
  for (const bool d32 : {false, true}) {
    INFO((d32 ? "R32G8X24_TYPELESS" : "R24G8_TYPELESS"));
    D3D11_TEXTURE2D_DESC dd = texture2DDesc(kW, kH, d32 ? DXGI_FORMAT_R32G8X24_TYPELESS : DXGI_FORMAT_R24G8_TYPELESS,
                                            D3D11_BIND_SHADER_RESOURCE, D3D11_USAGE_DYNAMIC, D3D11_CPU_ACCESS_WRITE);
    Com<ID3D11Texture2D> texture;
    REQUIRE(d->CreateTexture2D(&dd, nullptr, texture.out()) == S_OK);
    for (UINT generation = 0; generation < 2; ++generation) {
      // D24: depth k / (2^24 - 1) in the low 24 bits, stencil in the top byte; D32S8X24: float, stencil byte, unused.
      auto unorm24 = [&](UINT x, UINT y) { return (x * 524287u + y * 1048573u + generation * 999u) & 0xFFFFFFu; };
      auto depthAt = [&](UINT x, UINT y) {
        return d32 ? float(x + 2 * y + generation) / 64.0f : float(double(unorm24(x, y)) / 16777215.0);
      };
      auto stencilAt = [&](UINT x, UINT y) { return uint8_t(x * 13 + y * 37 + generation * 101); };
      D3D11_MAPPED_SUBRESOURCE m{};
      REQUIRE(d.context->Map(texture.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &m) == S_OK);
      REQUIRE(m.RowPitch >= kW * (d32 ? 8u : 4u));
      for (UINT y = 0; y < kH; ++y)
        for (UINT x = 0; x < kW; ++x) {
          uint8_t* texel = static_cast<uint8_t*>(m.pData) + y * m.RowPitch + x * (d32 ? 8 : 4);
          if (d32) {
            const auto t = d32s8Texel(depthAt(x, y), stencilAt(x, y));
            std::memcpy(texel, t.data(), 8);
          } else {
            const uint32_t packed = unorm24(x, y) | uint32_t(stencilAt(x, y)) << 24;
            std::memcpy(texel, &packed, 4);
          }
        }
      d.context->Unmap(texture.get(), 0);
      checkDepthStencilTexels(d, texture.get(), depthAt, stencilAt,
                              d32 ? DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS : DXGI_FORMAT_R24_UNORM_X8_TYPELESS,
                              d32 ? DXGI_FORMAT_X32_TYPELESS_G8X24_UINT : DXGI_FORMAT_X24_TYPELESS_G8_UINT,
                              d32 ? 0.0f : 1e-6f);
    }
  }
  CHECK(drainMessages(k.queue.get()).empty());
}

TEST_CASE("views of depth-stencil targets: depth formats for depth-stencil views only, the depth or stencil member "
          "for shader reads",
          "[draw][srv][depth][errors]") {
  RenderDevice d{D3D11_CREATE_DEVICE_DEBUG};
  Com<ID3D11InfoQueue> queue;
  REQUIRE(d->QueryInterface(__uuidof(ID3D11InfoQueue), reinterpret_cast<void**>(queue.out())) == S_OK);
  queue->SetMuteDebugOutput(TRUE);
  auto lastMessageContains = [&](const char* text) { return storedMessageSays(queue.get(), text); };
  D3D11_TEXTURE2D_DESC dd =
      texture2DDesc(8, 8, DXGI_FORMAT_R32_TYPELESS, D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Texture2D> depth;
  REQUIRE(d->CreateTexture2D(&dd, nullptr, depth.out()) == S_OK);
  D3D11_SHADER_RESOURCE_VIEW_DESC srvDesc{};
  srvDesc.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
  srvDesc.Texture2D = {0, 1};
  Com<ID3D11ShaderResourceView> srv;
  // A depth format is not a shader-resource format.
  srvDesc.Format = DXGI_FORMAT_D32_FLOAT;
  CHECK(d->CreateShaderResourceView(depth.get(), &srvDesc, srv.out()) == E_INVALIDARG);
  CHECK(lastMessageContains("for depth-stencil views only"));
  // The depth is read as R32_FLOAT, not as integers.
  srvDesc.Format = DXGI_FORMAT_R32_UINT;
  CHECK(d->CreateShaderResourceView(depth.get(), &srvDesc, srv.out()) == E_INVALIDARG);
  CHECK(lastMessageContains("R32_FLOAT"));
  // A depth-stencil view needs the depth member.
  D3D11_DEPTH_STENCIL_VIEW_DESC dsvDesc{};
  dsvDesc.Format = DXGI_FORMAT_R32_FLOAT;
  dsvDesc.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2D;
  Com<ID3D11DepthStencilView> dsv;
  CHECK(d->CreateDepthStencilView(depth.get(), &dsvDesc, dsv.out()) == E_INVALIDARG);
  CHECK(lastMessageContains("needs a depth format"));
  dsvDesc.Format = DXGI_FORMAT_D24_UNORM_S8_UINT;  // not R32_TYPELESS's
  CHECK(d->CreateDepthStencilView(depth.get(), &dsvDesc, dsv.out()) == E_INVALIDARG);
  dsvDesc.Format = DXGI_FORMAT_D32_FLOAT;
  CHECK(d->CreateDepthStencilView(depth.get(), &dsvDesc, dsv.out()) == S_OK);

  // Typeless formats without a depth member, and R24G8 as a colour target, are refused at creation.
  Com<ID3D11Texture2D> bad;
  D3D11_TEXTURE2D_DESC colour = texture2DDesc(8, 8, DXGI_FORMAT_R16G16_TYPELESS, D3D11_BIND_DEPTH_STENCIL);
  CHECK(d->CreateTexture2D(&colour, nullptr, bad.out()) == E_INVALIDARG);
  CHECK(lastMessageContains("R24G8_TYPELESS"));
  D3D11_TEXTURE2D_DESC r24 = texture2DDesc(8, 8, DXGI_FORMAT_R24G8_TYPELESS, D3D11_BIND_RENDER_TARGET);
  CHECK(d->CreateTexture2D(&r24, nullptr, bad.out()) == E_INVALIDARG);
  // The R24G8 family is 2D only (its image is D24_UNORM_S8_UINT).
  UINT support = 0;
  REQUIRE(d->CheckFormatSupport(DXGI_FORMAT_R24G8_TYPELESS, &support) == S_OK);
  CHECK((support & D3D11_FORMAT_SUPPORT_TEXTURE2D) != 0);
  CHECK((support & D3D11_FORMAT_SUPPORT_TEXTURE3D) == 0);
  REQUIRE(d->CheckFormatSupport(DXGI_FORMAT_R24_UNORM_X8_TYPELESS, &support) == S_OK);
  CHECK((support & D3D11_FORMAT_SUPPORT_TEXTURE3D) == 0);
  D3D11_TEXTURE3D_DESC volume{4, 4, 4, 1, DXGI_FORMAT_R24G8_TYPELESS, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
  Com<ID3D11Texture3D> badVolume;
  CHECK(d->CreateTexture3D(&volume, nullptr, badVolume.out()) == E_INVALIDARG);
  CHECK(lastMessageContains("2D only"));
  // The R32G8X24 family likewise: no colour target, 2D only, its members' bits as D3D11 lists them.
  D3D11_TEXTURE2D_DESC r32g8 = texture2DDesc(8, 8, DXGI_FORMAT_R32G8X24_TYPELESS, D3D11_BIND_RENDER_TARGET);
  CHECK(d->CreateTexture2D(&r32g8, nullptr, bad.out()) == E_INVALIDARG);
  CHECK(lastMessageContains("R32G8X24"));
  volume.Format = DXGI_FORMAT_R32G8X24_TYPELESS;
  CHECK(d->CreateTexture3D(&volume, nullptr, badVolume.out()) == E_INVALIDARG);
  CHECK(lastMessageContains("2D only"));
  REQUIRE(d->CheckFormatSupport(DXGI_FORMAT_D32_FLOAT_S8X24_UINT, &support) == S_OK);
  CHECK((support & D3D11_FORMAT_SUPPORT_DEPTH_STENCIL) != 0);
  CHECK((support & (D3D11_FORMAT_SUPPORT_RENDER_TARGET | D3D11_FORMAT_SUPPORT_TEXTURE3D)) == 0);
  REQUIRE(d->CheckFormatSupport(DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS, &support) == S_OK);
  CHECK((support & D3D11_FORMAT_SUPPORT_SHADER_LOAD) != 0);
  CHECK((support & D3D11_FORMAT_SUPPORT_SHADER_SAMPLE_COMPARISON) != 0);
  CHECK((support & (D3D11_FORMAT_SUPPORT_RENDER_TARGET | D3D11_FORMAT_SUPPORT_DEPTH_STENCIL |
                    D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW)) == 0);
  REQUIRE(d->CheckFormatSupport(DXGI_FORMAT_X32_TYPELESS_G8X24_UINT, &support) == S_OK);
  CHECK((support & D3D11_FORMAT_SUPPORT_SHADER_LOAD) != 0);
  CHECK((support & D3D11_FORMAT_SUPPORT_RENDER_TARGET) == 0);
  // A view of one family's member on the other's texture is refused.
  D3D11_TEXTURE2D_DESC r32g8Srv =
      texture2DDesc(8, 8, DXGI_FORMAT_R32G8X24_TYPELESS, D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Texture2D> r32g8Texture;
  REQUIRE(d->CreateTexture2D(&r32g8Srv, nullptr, r32g8Texture.out()) == S_OK);
  srvDesc.Format = DXGI_FORMAT_X24_TYPELESS_G8_UINT;
  CHECK(d->CreateShaderResourceView(r32g8Texture.get(), &srvDesc, srv.out()) == E_INVALIDARG);
  dsvDesc.Format = DXGI_FORMAT_D24_UNORM_S8_UINT;
  CHECK(d->CreateDepthStencilView(r32g8Texture.get(), &dsvDesc, dsv.out()) == E_INVALIDARG);
  dsvDesc.Format = DXGI_FORMAT_D32_FLOAT_S8X24_UINT;
  CHECK(d->CreateDepthStencilView(r32g8Texture.get(), &dsvDesc, dsv.out()) == S_OK);
  // A depth format itself still cannot be a shader resource.
  D3D11_TEXTURE2D_DESC d32 = texture2DDesc(8, 8, DXGI_FORMAT_D32_FLOAT, D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_SHADER_RESOURCE);
  CHECK(d->CreateTexture2D(&d32, nullptr, bad.out()) == E_INVALIDARG);
}

namespace {

// Per sample: oDepth = SV_Position.x / 64 + SV_SampleIndex / 8 (a pixel shader run per sample,
// SV_Position at the sample).
const char kPsWriteDepthPerSample[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   x
// COLOR                    0   xyzw        1     NONE   float
// SV_SampleIndex           0   x           2   SAMPLE    uint   x
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Depth                 0    N/A   oDepth    DEPTH   float    YES
//
ps_5_0
dcl_input_ps_siv linear noperspective v0.x, position
dcl_input_ps_sgv constant v2.x, sampleIndex
dcl_output oDepth
dcl_temps 1
utof r0.x, v2.x
mul r0.x, r0.x, l(0.125000)
mad oDepth, v0.x, l(0.015625), r0.x
ret
)";

// o0 = (t0.Load(xy, 0), t0.Load(xy, 1), t0.Load(xy, 2), t0.Load(xy, 3)) of a Texture2DMS<float>.
const char kPsLoadSamples[] = R"(//
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
dcl_resource_texture2dms(4) (float,float,float,float) t0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_temps 2
ftou r0.xy, v0.xyxx
mov r0.zw, l(0,0,0,0)
ld_ms_indexable(texture2dms)(float,float,float,float) r1.x, r0.xyzw, t0.xyzw, l(0)
mov o0.x, r1.x
ld_ms_indexable(texture2dms)(float,float,float,float) r1.x, r0.xyzw, t0.xyzw, l(1)
mov o0.y, r1.x
ld_ms_indexable(texture2dms)(float,float,float,float) r1.x, r0.xyzw, t0.xyzw, l(2)
mov o0.z, r1.x
ld_ms_indexable(texture2dms)(float,float,float,float) r1.x, r0.xyzw, t0.xyzw, l(3)
mov o0.w, r1.x
ret
)";

// o0 = (the four samples' stencil) of a Texture2DMS<uint2> (X24_TYPELESS_G8_UINT: stencil in .g).
const char kPsLoadStencilSamples[] = R"(//
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
dcl_resource_texture2dms(4) (uint,uint,uint,uint) t0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_temps 3
ftou r0.xy, v0.xyxx
mov r0.zw, l(0,0,0,0)
ld_ms_indexable(texture2dms)(uint,uint,uint,uint) r1.y, r0.xyzw, t0.xyzw, l(0)
mov r2.x, r1.y
ld_ms_indexable(texture2dms)(uint,uint,uint,uint) r1.y, r0.xyzw, t0.xyzw, l(1)
mov r2.y, r1.y
ld_ms_indexable(texture2dms)(uint,uint,uint,uint) r1.y, r0.xyzw, t0.xyzw, l(2)
mov r2.z, r1.y
ld_ms_indexable(texture2dms)(uint,uint,uint,uint) r1.y, r0.xyzw, t0.xyzw, l(3)
mov r2.w, r1.y
utof o0.xyzw, r2.xyzw
ret
)";

}  // namespace

TEST_CASE("a multisampled typeless depth-stencil target is read per sample by ldms through its depth and stencil members",
          "[draw][srv][depth][msaa]") {
  const DepthCase cases[] = {
      {DXGI_FORMAT_R32_TYPELESS, DXGI_FORMAT_D32_FLOAT, DXGI_FORMAT_R32_FLOAT, 0.0},
      {DXGI_FORMAT_R24G8_TYPELESS, DXGI_FORMAT_D24_UNORM_S8_UINT, DXGI_FORMAT_R24_UNORM_X8_TYPELESS, 1.0 / 16777215.0,
       DXGI_FORMAT_X24_TYPELESS_G8_UINT},
      // D32_SFLOAT_S8_UINT in Vulkan; D3D's texel is the float, the stencil byte and 24 unused bits.
      {DXGI_FORMAT_R32G8X24_TYPELESS, DXGI_FORMAT_D32_FLOAT_S8X24_UINT, DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS, 0.0,
       DXGI_FORMAT_X32_TYPELESS_G8X24_UINT, 8},
  };
  for (const DepthCase& c : cases) {
    DYNAMIC_SECTION("typeless format " << int(c.typeless)) {
      Checked k;
      RenderDevice& d = k.d;
      DrawTarget t(d, kW, kH);
      D3D11_TEXTURE2D_DESC dd = texture2DDesc(kW, kH, c.typeless, D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_SHADER_RESOURCE,
                                              D3D11_USAGE_DEFAULT, 0, 4);
      Com<ID3D11Texture2D> depth;
      REQUIRE(d->CreateTexture2D(&dd, nullptr, depth.out()) == S_OK);
      D3D11_DEPTH_STENCIL_VIEW_DESC dsvDesc{};
      dsvDesc.Format = c.depth;
      dsvDesc.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2DMS;
      Com<ID3D11DepthStencilView> dsv;
      REQUIRE(d->CreateDepthStencilView(depth.get(), &dsvDesc, dsv.out()) == S_OK);
      D3D11_SHADER_RESOURCE_VIEW_DESC srvDesc{};
      srvDesc.Format = c.read;
      srvDesc.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DMS;
      Com<ID3D11ShaderResourceView> srv;
      REQUIRE(d->CreateShaderResourceView(depth.get(), &srvDesc, srv.out()) == S_OK);

      // Pass 1: depth only (no render target), per sample, stencil cleared to 0x5A.
      d.context->OMSetRenderTargets(0, nullptr, dsv.get());
      d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 1.0f, 0x5A);
      const D3D11_DEPTH_STENCILOP_DESC keep{D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                            D3D11_COMPARISON_ALWAYS};
      D3D11_DEPTH_STENCIL_DESC always{TRUE, D3D11_DEPTH_WRITE_MASK_ALL, D3D11_COMPARISON_ALWAYS, FALSE, 0xFF, 0xFF,
                                      keep, keep};
      Com<ID3D11DepthStencilState> alwaysState;
      REQUIRE(d->CreateDepthStencilState(&always, alwaysState.out()) == S_OK);
      d.context->OMSetDepthStencilState(alwaysState.get(), 0);
      const Vertex v[3] = {{-1, -1, 1, 1, 1, 1}, {-1, 3, 1, 1, 1, 1}, {3, -1, 1, 1, 1, 1}};
      Com<ID3D11Buffer> vb = makeBuffer(d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
      t.bindVertices(vb.get());
      Com<ID3D11PixelShader> writeDepth = pixelShader(d, kPsWriteDepthPerSample);
      d.context->PSSetShader(writeDepth.get(), nullptr, 0);
      d.context->Draw(3, 0);

      // Pass 2: each sample's depth through the depth member's Texture2DMS view.
      ID3D11RenderTargetView* views[] = {t.rtv.get()};
      d.context->OMSetRenderTargets(1, views, nullptr);
      d.context->OMSetDepthStencilState(nullptr, 0);
      ID3D11ShaderResourceView* srvs[] = {srv.get()};
      d.context->PSSetShaderResources(0, 1, srvs);
      Com<ID3D11PixelShader> load = pixelShader(d, kPsLoadSamples);
      d.context->PSSetShader(load.get(), nullptr, 0);
      d.context->Draw(3, 0);
      std::vector<std::array<float, 4>> px = t.pixels();
      for (UINT y = 0; y < kH; ++y)
        for (UINT x = 0; x < kW; ++x)
          for (UINT s = 0; s < 4; ++s) {
            // A pixel shader run per sample sees SV_Position at its sample: D3D's standard 4x
            // pattern, x offsets -2, 6, -6, 2 sixteenths.
            const float dx[4] = {-2.0f / 16, 6.0f / 16, -6.0f / 16, 2.0f / 16};
            const double expected = float((float(x) + 0.5f + dx[s]) * 0.015625f + float(s) * 0.125f);
            const float got = px[y * kW + x][s];
            INFO("pixel (" << x << ", " << y << ") sample " << s << ": expected " << expected << ", got " << got);
            if (c.step == 0.0) CHECK(got == float(expected));
            else CHECK(std::abs(double(got) - expected) <= c.step);
          }

      if (c.stencil != DXGI_FORMAT_UNKNOWN) {
        // Each sample's stencil (cleared to 0x5A) through the stencil member.
        srvDesc.Format = c.stencil;
        Com<ID3D11ShaderResourceView> stencilSrv;
        REQUIRE(d->CreateShaderResourceView(depth.get(), &srvDesc, stencilSrv.out()) == S_OK);
        ID3D11ShaderResourceView* stencilViews[] = {stencilSrv.get()};
        d.context->PSSetShaderResources(0, 1, stencilViews);
        Com<ID3D11PixelShader> loadStencil = pixelShader(d, kPsLoadStencilSamples);
        d.context->PSSetShader(loadStencil.get(), nullptr, 0);
        d.context->Draw(3, 0);
        px = t.pixels();
        for (UINT i = 0; i < kW * kH; ++i) {
          INFO("pixel " << i);
          CHECK(px[i] == std::array<float, 4>{0x5A, 0x5A, 0x5A, 0x5A});
        }
      }
      CHECK(drainMessages(k.queue.get()).empty());
    }
  }
}
