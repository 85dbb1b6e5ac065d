// tests/compute/test_tiled.cpp — the tiled-resource load forms (ld_raw_s,
// ld_structured_s, ld_uav_typed_s, ldms_s, ld_s on a typed buffer) in a compute
// shader through the public D3D11 API on lavapipe: each returns its base form's
// values, and its residency status is one check_access_fully_mapped accepts
// (the device has no sparse residency: every access is fully resident).
#include "compute_test_util.h"

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

// u0 = (ld_raw_s t0 dwords 1 and 2, ld_structured_s t1[1] dwords 0 and 1,
//       ld_uav_typed_s u1 (1,0), ldms_s t2 (1,1) sample 2 .y, ld_s t3[2].x,
//       check_access_fully_mapped of all five statuses ANDed, the raw status of the ldms_s).
const char kCsTiledLoads[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_resource_raw t0
dcl_resource_structured t1, 8
dcl_resource_texture2dms(4) (float,float,float,float) t2
dcl_resource_buffer (uint,uint,uint,uint) t3
dcl_uav_raw u0
dcl_uav_typed_texture2d (uint,uint,uint,uint) u1
dcl_temps 4
dcl_thread_group 1, 1, 1
mov r1.xyzw, l(9,9,9,9)
mov r3.x, l(9)
ld_raw_s r0.xy, r1.x, l(4), t0.xyxx
ld_structured_s r0.zw, r1.y, l(1), l(0), t1.xxxy
ld_uav_typed_s r2.x, r1.z, l(1,0,0,0), u1.xyzw
ldms_s r2.y, r1.w, l(1,1,0,0), t2.xyzw, l(2)
ld_s r2.z, r3.x, l(2,0,0,0), t3.xxxx
check_access_fully_mapped r1.xyzw, r1.xyzw
check_access_fully_mapped r3.y, r3.x
and r1.x, r1.x, r1.y
and r1.x, r1.x, r1.z
and r1.x, r1.x, r1.w
and r2.w, r1.x, r3.y
store_raw u0.xyzw, l(0), r0.xyzw
store_raw u0.xyzw, l(16), r2.xyzw
ret
)";

}  // namespace

TEST_CASE("compute: ld_raw_s, ld_structured_s, ld_uav_typed_s, ldms_s and ld_s load their base forms' values, fully mapped",
          "[compute][tiled]") {
  Checked c;
  RenderDevice& d = c.d;
  Com<ID3D11Buffer> raw = makeDataBuffer(d, {10, 11, 12, 13}, D3D11_BIND_SHADER_RESOURCE,
                                         D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11Buffer> structured = makeDataBuffer(d, {20, 21, 22, 23}, D3D11_BIND_SHADER_RESOURCE,
                                                D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 8);
  Com<ID3D11Buffer> typed = makeDataBuffer(d, {30, 31, 32, 33}, D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Buffer> out = makeDataBuffer(d, std::vector<uint32_t>(8, 0xDEADu), D3D11_BIND_UNORDERED_ACCESS,
                                         D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  D3D11_TEXTURE2D_DESC ud = texture2DDesc(2, 1, DXGI_FORMAT_R32_UINT, D3D11_BIND_UNORDERED_ACCESS);
  const uint32_t texels[2] = {40, 41};
  D3D11_SUBRESOURCE_DATA init{texels, 8, 0};
  Com<ID3D11Texture2D> uavTexture, ms;
  REQUIRE(d->CreateTexture2D(&ud, &init, uavTexture.out()) == S_OK);
  D3D11_TEXTURE2D_DESC md = texture2DDesc(2, 2, DXGI_FORMAT_R8G8B8A8_UNORM,
                                          D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, D3D11_USAGE_DEFAULT, 0, 4);
  REQUIRE(d->CreateTexture2D(&md, nullptr, ms.out()) == S_OK);
  Com<ID3D11RenderTargetView> msTarget;
  REQUIRE(d->CreateRenderTargetView(ms.get(), nullptr, msTarget.out()) == S_OK);
  const float color[4] = {0.0f, 1.0f, 0.0f, 1.0f};
  d.context->ClearRenderTargetView(msTarget.get(), color);

  Com<ID3D11ShaderResourceView> t0 = rawSrv(d, raw.get(), 4), t1 = structuredSrv(d, structured.get(), 2), t2, t3;
  REQUIRE(d->CreateShaderResourceView(ms.get(), nullptr, t2.out()) == S_OK);
  D3D11_SHADER_RESOURCE_VIEW_DESC bd{};
  bd.Format = DXGI_FORMAT_R32_UINT;
  bd.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
  bd.Buffer.FirstElement = 0;
  bd.Buffer.NumElements = 4;
  REQUIRE(d->CreateShaderResourceView(typed.get(), &bd, t3.out()) == S_OK);
  Com<ID3D11UnorderedAccessView> u0 = rawUav(d, out.get(), 8), u1;
  REQUIRE(d->CreateUnorderedAccessView(uavTexture.get(), nullptr, u1.out()) == S_OK);

  Com<ID3D11ComputeShader> cs = computeShader(d, kCsTiledLoads);
  d.context->CSSetShader(cs.get(), nullptr, 0);
  ID3D11ShaderResourceView* srvs[] = {t0.get(), t1.get(), t2.get(), t3.get()};
  d.context->CSSetShaderResources(0, 4, srvs);
  ID3D11UnorderedAccessView* uavs[] = {u0.get(), u1.get()};
  d.context->CSSetUnorderedAccessViews(0, 2, uavs, nullptr);
  d.context->Dispatch(1, 1, 1);

  const std::vector<uint32_t> o = readBuffer(d, out.get());
  CHECK(o[0] == 11u);  // ld_raw_s: byte 4 = dword 1
  CHECK(o[1] == 12u);
  CHECK(o[2] == 22u);  // ld_structured_s: element 1 (dwords 2, 3)
  CHECK(o[3] == 23u);
  CHECK(o[4] == 41u);  // ld_uav_typed_s: texel (1,0)
  float g;
  std::memcpy(&g, &o[5], 4);
  CHECK(g == 1.0f);    // ldms_s: the cleared green
  CHECK(o[6] == 32u);  // ld_s on a typed buffer: element 2
  CHECK(o[7] == 0xFFFFFFFFu);  // every status fully mapped
  CHECK(drainMessages(c.queue.get()).empty());
}
