// tests/resources: Texture1D and Texture1DArray through the public D3D11 API on
// lavapipe:
//  * creation with initial data per mip and slice, GetDesc's resolved mips;
//  * SRVs read by a compute shader: ld from a mip, sample_l with a linear
//    filter between two texels of an array slice, resinfo (1D and 1D array);
//  * RWTexture1D / RWTexture1DArray: store_uav_typed, ld_uav_typed, resinfo,
//    through a UAV of part of the array;
//  * a render-target view of one slice cleared, UpdateSubresource and
//    CopySubresourceRegion with x boxes, a depth-stencil view of a D32 Texture1D
//    cleared, Map of a STAGING Texture1D copied into a DEFAULT one;
//  * the runtime's rules (cube flag, width 0, view dimensions of the wrong
//    kind), each with its message; -1 counts resolved in GetDesc.
// Expected values are computed here from the data the tests upload.
#include "norm_tolerance.h"
#include "resource_test_util.h"

#include <cmath>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

D3D11_TEXTURE1D_DESC desc1D(UINT width, UINT mips, UINT array, DXGI_FORMAT format, UINT bind,
                            D3D11_USAGE usage = D3D11_USAGE_DEFAULT, UINT cpu = 0) {
  D3D11_TEXTURE1D_DESC d{};
  d.Width = width;
  d.MipLevels = mips;
  d.ArraySize = array;
  d.Format = format;
  d.Usage = usage;
  d.BindFlags = bind;
  d.CPUAccessFlags = cpu;
  return d;
}

// The values the tests put in texel x of mip m (uint texture) and of slice s (float array).
uint32_t uintTexel(UINT x, UINT mip) { return 100 * mip + x + 1; }
float floatTexel(UINT x, UINT slice, UINT mip) { return float(slice * 10 + x) * 0.5f + 0.25f + float(mip) * 100.0f; }

// 8 threads, i = thread: u0[3i] = (t0 mip 1 texel i, t1[i, slice i % 3] bits, t1 sampled linearly
// at u = (i + 1) / 8 on slice i % 3 (bits), 0); u0[3i + 1] = resinfo_uint(t0, mip 0);
// u0[3i + 2] = resinfo_uint(t1, mip 1).
const char kCsRead1D[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_sampler s0, mode_default
dcl_resource_texture1d (uint,uint,uint,uint) t0
dcl_resource_texture1darray (float,float,float,float) t1
dcl_uav_structured u0, 16
dcl_input vThreadID.x
dcl_temps 8
dcl_thread_group 8, 1, 1
mov r0.x, vThreadID.x
mov r0.y, l(0)
mov r0.z, l(0)
mov r0.w, l(1)
ld r1.x, r0.xyzw, t0.xyzw
udiv null, r2.x, vThreadID.x, l(3)
mov r0.y, r2.x
mov r0.w, l(0)
ld r3.x, r0.xyzw, t1.xyzw
iadd r4.x, vThreadID.x, l(1)
utof r4.x, r4.x
mul r4.x, r4.x, l(0.125)
utof r4.y, r2.x
sample_l r5.x, r4.xyxx, t1.xyzw, s0, l(0)
resinfo_uint r6.xyzw, l(0), t0.xyzw
resinfo_uint r7.xyzw, l(1), t1.xyzw
imul null, r2.y, vThreadID.x, l(3)
mov r1.y, r3.x
mov r1.z, r5.x
mov r1.w, l(0)
store_structured u0.xyzw, r2.y, l(0), r1.xyzw
iadd r2.z, r2.y, l(1)
store_structured u0.xyzw, r2.z, l(0), r6.xyzw
iadd r2.z, r2.y, l(2)
store_structured u0.xyzw, r2.z, l(0), r7.xyzw
ret
)";

// 16 threads, i = thread: u0[i] = 3i + 7 (RWTexture1D<uint>); u1[i % 8, slice i / 8] += 1.5
// (RWTexture1DArray<float>, a load then a store); u2 dwords 0..3 = resinfo_uint(u0), 4..7 = resinfo_uint(u1).
const char kCsWrite1D[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_uav_typed_texture1d (uint,uint,uint,uint) u0
dcl_uav_typed_texture1darray (float,float,float,float) u1
dcl_uav_raw u2
dcl_input vThreadID.x
dcl_temps 4
dcl_thread_group 16, 1, 1
imad r0.x, vThreadID.x, l(3), l(7)
store_uav_typed u0.xyzw, vThreadID.xxxx, r0.xxxx
and r1.x, vThreadID.x, l(7)
ushr r1.y, vThreadID.x, l(3)
ld_uav_typed r2.x, r1.xyyy, u1.xyzw
add r2.x, r2.x, l(1.5)
store_uav_typed u1.xyzw, r1.xyyy, r2.xxxx
resinfo_uint r3.xyzw, l(0), u0.xyzw
store_raw u2.xyzw, l(0), r3.xyzw
resinfo_uint r3.xyzw, l(0), u1.xyzw
store_raw u2.xyzw, l(16), r3.xyzw
ret
)";

Com<ID3D11SamplerState> linearClampSampler(RenderDevice& d) {
  D3D11_SAMPLER_DESC desc{};
  desc.Filter = D3D11_FILTER_MIN_MAG_MIP_LINEAR;
  desc.AddressU = desc.AddressV = desc.AddressW = D3D11_TEXTURE_ADDRESS_CLAMP;
  desc.MaxLOD = D3D11_FLOAT32_MAX;
  Com<ID3D11SamplerState> s;
  REQUIRE(d->CreateSamplerState(&desc, s.out()) == S_OK);
  return s;
}

float bitsToFloat(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

bool hasMessage(const std::vector<StoredMessage>& messages, D3D11_MESSAGE_ID id) {
  for (const StoredMessage& m : messages)
    if (m.id == id) return true;
  return false;
}

}  // namespace

TEST_CASE("Texture1D(Array) SRVs: ld from a mip, a linear sample_l between texels of a slice, resinfo",
          "[resources][texture1d]") {
  Checked c;
  RenderDevice& d = c.d;
  // t0: R32_UINT, 16 wide, the full chain (MipLevels 0 → 5).
  std::vector<std::vector<uint32_t>> mips;
  for (UINT m = 0; m < 5; ++m) {
    mips.emplace_back(16u >> m);
    for (UINT x = 0; x < (16u >> m); ++x) mips[m][x] = uintTexel(x, m);
  }
  std::vector<D3D11_SUBRESOURCE_DATA> init0;
  for (auto& m : mips) init0.push_back({m.data(), 0, 0});
  D3D11_TEXTURE1D_DESC d0 = desc1D(16, 0, 1, DXGI_FORMAT_R32_UINT, D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Texture1D> t0;
  REQUIRE(d->CreateTexture1D(&d0, init0.data(), t0.out()) == S_OK);
  D3D11_TEXTURE1D_DESC got{};
  t0->GetDesc(&got);
  CHECK(got.MipLevels == 5u);
  D3D11_RESOURCE_DIMENSION dim{};
  t0->GetType(&dim);
  CHECK(dim == D3D11_RESOURCE_DIMENSION_TEXTURE1D);

  // t1: R32_FLOAT, 8 wide, 3 slices, 2 mips; subresource = slice * 2 + mip.
  std::vector<std::vector<float>> subs;
  std::vector<D3D11_SUBRESOURCE_DATA> init1;
  for (UINT s = 0; s < 3; ++s)
    for (UINT m = 0; m < 2; ++m) {
      subs.emplace_back(8u >> m);
      for (UINT x = 0; x < (8u >> m); ++x) subs.back()[x] = floatTexel(x, s, m);
    }
  for (auto& s : subs) init1.push_back({s.data(), 0, 0});
  D3D11_TEXTURE1D_DESC d1 = desc1D(8, 2, 3, DXGI_FORMAT_R32_FLOAT, D3D11_BIND_SHADER_RESOURCE, D3D11_USAGE_IMMUTABLE);
  Com<ID3D11Texture1D> t1;
  REQUIRE(d->CreateTexture1D(&d1, init1.data(), t1.out()) == S_OK);

  Com<ID3D11ShaderResourceView> v0, v1;
  REQUIRE(d->CreateShaderResourceView(t0.get(), nullptr, v0.out()) == S_OK);
  D3D11_SHADER_RESOURCE_VIEW_DESC sd{};
  sd.Format = DXGI_FORMAT_R32_FLOAT;
  sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE1DARRAY;
  sd.Texture1DArray = {0, UINT(-1), 0, UINT(-1)};  // every mip and slice
  REQUIRE(d->CreateShaderResourceView(t1.get(), &sd, v1.out()) == S_OK);
  D3D11_SHADER_RESOURCE_VIEW_DESC back{};
  v0->GetDesc(&back);
  CHECK(back.ViewDimension == D3D11_SRV_DIMENSION_TEXTURE1D);
  CHECK((back.Texture1D.MostDetailedMip == 0 && back.Texture1D.MipLevels == 5));
  v1->GetDesc(&back);
  CHECK((back.Texture1DArray.MipLevels == 2 && back.Texture1DArray.ArraySize == 3));

  Com<ID3D11Buffer> out = makeDataBuffer(d, std::vector<uint32_t>(8 * 3 * 4, 0xDEADBEEF), D3D11_BIND_UNORDERED_ACCESS,
                                         D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16);
  Com<ID3D11UnorderedAccessView> u0 = structuredUav(d, out.get(), 24);
  Com<ID3D11SamplerState> sampler = linearClampSampler(d);
  Com<ID3D11ComputeShader> cs = computeShader(d, kCsRead1D);
  d.context->CSSetShader(cs.get(), nullptr, 0);
  ID3D11ShaderResourceView* srvs[] = {v0.get(), v1.get()};
  d.context->CSSetShaderResources(0, 2, srvs);
  ID3D11SamplerState* samplers[] = {sampler.get()};
  d.context->CSSetSamplers(0, 1, samplers);
  ID3D11UnorderedAccessView* uavs[] = {u0.get()};
  d.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  d.context->Dispatch(1, 1, 1);

  const std::vector<uint32_t> r = readBuffer(d, out.get());
  for (UINT i = 0; i < 8; ++i) {
    INFO("thread " << i);
    const uint32_t* rec = &r[i * 12];
    CHECK(rec[0] == uintTexel(i, 1));
    CHECK(bitsToFloat(rec[1]) == floatTexel(i, i % 3, 0));
    const float expected = 0.5f * (floatTexel(i, i % 3, 0) + floatTexel(std::min(i + 1, 7u), i % 3, 0));
    CHECK(std::fabs(bitsToFloat(rec[2]) - expected) <= 1e-4f);
    CHECK((rec[4] == 16 && rec[5] == 0 && rec[6] == 0 && rec[7] == 5));  // width, -, -, levels
    CHECK((rec[8] == 4 && rec[9] == 3 && rec[10] == 0 && rec[11] == 2));  // mip-1 width, slices, -, levels
  }
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("RWTexture1D / RWTexture1DArray: stores, loads and resinfo through a UAV of two of three slices",
          "[resources][texture1d]") {
  Checked c;
  RenderDevice& d = c.d;
  const UINT bind = D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_SHADER_RESOURCE;
  D3D11_TEXTURE1D_DESC du = desc1D(16, 1, 1, DXGI_FORMAT_R32_UINT, bind);
  Com<ID3D11Texture1D> tu;
  REQUIRE(d->CreateTexture1D(&du, nullptr, tu.out()) == S_OK);
  std::vector<std::vector<float>> slices(3, std::vector<float>(8));
  std::vector<D3D11_SUBRESOURCE_DATA> init;
  for (UINT s = 0; s < 3; ++s) {
    for (UINT x = 0; x < 8; ++x) slices[s][x] = floatTexel(x, s, 0);
    init.push_back({slices[s].data(), 0, 0});
  }
  D3D11_TEXTURE1D_DESC df = desc1D(8, 1, 3, DXGI_FORMAT_R32_FLOAT, bind);
  Com<ID3D11Texture1D> tf;
  REQUIRE(d->CreateTexture1D(&df, init.data(), tf.out()) == S_OK);

  Com<ID3D11UnorderedAccessView> u0, u1;
  REQUIRE(d->CreateUnorderedAccessView(tu.get(), nullptr, u0.out()) == S_OK);
  D3D11_UNORDERED_ACCESS_VIEW_DESC ud{};
  ud.Format = DXGI_FORMAT_R32_FLOAT;
  ud.ViewDimension = D3D11_UAV_DIMENSION_TEXTURE1DARRAY;
  ud.Texture1DArray = {0, 1, UINT(-1)};  // slices 1 and 2
  REQUIRE(d->CreateUnorderedAccessView(tf.get(), &ud, u1.out()) == S_OK);
  D3D11_UNORDERED_ACCESS_VIEW_DESC back{};
  u0->GetDesc(&back);
  CHECK(back.ViewDimension == D3D11_UAV_DIMENSION_TEXTURE1D);
  u1->GetDesc(&back);
  CHECK((back.Texture1DArray.FirstArraySlice == 1 && back.Texture1DArray.ArraySize == 2));
  Com<ID3D11Buffer> info = makeDataBuffer(d, std::vector<uint32_t>(8, 0xDEADBEEF), D3D11_BIND_UNORDERED_ACCESS,
                                          D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11UnorderedAccessView> u2 = rawUav(d, info.get(), 8);

  Com<ID3D11ComputeShader> cs = computeShader(d, kCsWrite1D);
  d.context->CSSetShader(cs.get(), nullptr, 0);
  ID3D11UnorderedAccessView* uavs[] = {u0.get(), u1.get(), u2.get()};
  d.context->CSSetUnorderedAccessViews(0, 3, uavs, nullptr);
  d.context->Dispatch(1, 1, 1);

  const std::vector<uint32_t> ru = as<uint32_t>(readback(d, tu.get(), 0));
  REQUIRE(ru.size() == 16);
  for (UINT i = 0; i < 16; ++i) CHECK(ru[i] == 3 * i + 7);
  for (UINT s = 0; s < 3; ++s) {
    const std::vector<float> rf = as<float>(readback(d, tf.get(), s));
    REQUIRE(rf.size() == 8);
    for (UINT x = 0; x < 8; ++x) {
      INFO("slice " << s << " texel " << x);
      CHECK(rf[x] == floatTexel(x, s, 0) + (s >= 1 ? 1.5f : 0.0f));
    }
  }
  const std::vector<uint32_t> ri = readBuffer(d, info.get());
  CHECK((ri[0] == 16 && ri[1] == 0 && ri[2] == 0 && ri[3] == 1));
  CHECK((ri[4] == 8 && ri[5] == 2 && ri[6] == 0 && ri[7] == 1));
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("Texture1D: an RTV of one slice cleared, UpdateSubresource and CopySubresourceRegion boxes, a D32 DSV "
          "cleared, a STAGING Texture1D mapped and copied",
          "[resources][texture1d]") {
  Checked c;
  RenderDevice& d = c.d;
  std::vector<uint32_t> s0(8), s1(8);
  for (UINT x = 0; x < 8; ++x) s0[x] = 0x01010101u * x, s1[x] = 0x10203040u + x;
  const D3D11_SUBRESOURCE_DATA init[2] = {{s0.data(), 0, 0}, {s1.data(), 0, 0}};
  D3D11_TEXTURE1D_DESC dc = desc1D(8, 1, 2, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Texture1D> colour;
  REQUIRE(d->CreateTexture1D(&dc, init, colour.out()) == S_OK);

  D3D11_RENDER_TARGET_VIEW_DESC rd{};
  rd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  rd.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE1DARRAY;
  rd.Texture1DArray = {0, 1, 1};
  Com<ID3D11RenderTargetView> rtv;
  REQUIRE(d->CreateRenderTargetView(colour.get(), &rd, rtv.out()) == S_OK);
  const float clear[4] = {1.0f, 0.5f, 0.0f, 1.0f};
  d.context->ClearRenderTargetView(rtv.get(), clear);
  // G is 0.5 × 255 = 127.5, a tie: 127 or 128 (D3D's 0.6 ULP, tests/support/norm_tolerance.h).
  const auto cleared = IsRgba8Unorm({1.0f, 0.5f, 0.0f, 1.0f});
  // Slice 0: texels 2..4 from UpdateSubresource, then texels 6..7 copied from slice 1's 0..1.
  const uint32_t update[3] = {0xAAAAAAAAu, 0xBBBBBBBBu, 0xCCCCCCCCu};
  const D3D11_BOX box{2, 0, 0, 5, 1, 1};
  d.context->UpdateSubresource(colour.get(), 0, &box, update, 0, 0);
  // (From a twin of slice 1: a copy within one resource takes the GENERAL layout, which
  // the validation layer reports as a performance warning.)
  D3D11_TEXTURE1D_DESC dtw = desc1D(8, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET);
  Com<ID3D11Texture1D> twin;
  REQUIRE(d->CreateTexture1D(&dtw, nullptr, twin.out()) == S_OK);
  Com<ID3D11RenderTargetView> twinView;
  REQUIRE(d->CreateRenderTargetView(twin.get(), nullptr, twinView.out()) == S_OK);
  d.context->ClearRenderTargetView(twinView.get(), clear);
  const D3D11_BOX copyBox{0, 0, 0, 2, 1, 1};
  d.context->CopySubresourceRegion(colour.get(), 0, 6, 0, 0, twin.get(), 0, &copyBox);

  const std::vector<uint32_t> r0 = as<uint32_t>(readback(d, colour.get(), 0));
  const std::vector<uint32_t> r1 = as<uint32_t>(readback(d, colour.get(), 1));
  for (UINT x = 0; x < 8; ++x) {
    INFO("texel " << x);
    if (x >= 6) CHECK_THAT(r0[x], cleared);  // copied from the twin's clear
    else CHECK(r0[x] == (x >= 2 && x < 5 ? update[x - 2] : s0[x]));
    CHECK_THAT(r1[x], cleared);
  }

  // A depth Texture1D: its DSV (NULL desc: TEXTURE1D) cleared to 0.25.
  D3D11_TEXTURE1D_DESC dd = desc1D(8, 1, 1, DXGI_FORMAT_D32_FLOAT, D3D11_BIND_DEPTH_STENCIL);
  Com<ID3D11Texture1D> depth;
  REQUIRE(d->CreateTexture1D(&dd, nullptr, depth.out()) == S_OK);
  Com<ID3D11DepthStencilView> dsv;
  REQUIRE(d->CreateDepthStencilView(depth.get(), nullptr, dsv.out()) == S_OK);
  D3D11_DEPTH_STENCIL_VIEW_DESC dsd{};
  dsv->GetDesc(&dsd);
  CHECK(dsd.ViewDimension == D3D11_DSV_DIMENSION_TEXTURE1D);
  d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH, 0.25f, 0);
  const std::vector<float> rd32 = as<float>(readback(d, depth.get(), 0));
  for (float v : rd32) CHECK(v == 0.25f);

  // A STAGING Texture1D written through Map and copied whole into a DEFAULT one.
  D3D11_TEXTURE1D_DESC ds = desc1D(4, 1, 1, DXGI_FORMAT_R32_UINT, 0, D3D11_USAGE_STAGING, D3D11_CPU_ACCESS_WRITE);
  Com<ID3D11Texture1D> staging;
  REQUIRE(d->CreateTexture1D(&ds, nullptr, staging.out()) == S_OK);
  D3D11_MAPPED_SUBRESOURCE m{};
  REQUIRE(d.context->Map(staging.get(), 0, D3D11_MAP_WRITE, 0, &m) == S_OK);
  for (UINT x = 0; x < 4; ++x) static_cast<uint32_t*>(m.pData)[x] = 0x5000 + x;
  d.context->Unmap(staging.get(), 0);
  D3D11_TEXTURE1D_DESC dt = desc1D(4, 1, 1, DXGI_FORMAT_R32_UINT, D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Texture1D> target;
  REQUIRE(d->CreateTexture1D(&dt, nullptr, target.out()) == S_OK);
  d.context->CopyResource(target.get(), staging.get());
  const std::vector<uint32_t> rt = as<uint32_t>(readback(d, target.get(), 0));
  for (UINT x = 0; x < 4; ++x) CHECK(rt[x] == 0x5000 + x);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("Texture1D: the runtime's rules, each with its message and no driver resource", "[resources][texture1d]") {
  Checked c;
  RenderDevice& d = c.d;
  Com<ID3D11Texture1D> t;
  D3D11_TEXTURE1D_DESC cube = desc1D(8, 1, 6, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
  cube.MiscFlags = D3D11_RESOURCE_MISC_TEXTURECUBE;
  CHECK(d->CreateTexture1D(&cube, nullptr, t.out()) == E_INVALIDARG);
  CHECK(!t);
  std::vector<StoredMessage> m = drainMessages(c.queue.get());
  CHECK(hasMessage(m, D3D11_MESSAGE_ID_CREATETEXTURE1D_INVALIDMISCFLAGS));
  CHECK(hasMessage(m, D3D11_MESSAGE_ID_CREATETEXTURE1D_INVALIDARG_RETURN));

  D3D11_TEXTURE1D_DESC zero = desc1D(0, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
  CHECK(d->CreateTexture1D(&zero, nullptr, t.out()) == E_INVALIDARG);
  CHECK(hasMessage(drainMessages(c.queue.get()), D3D11_MESSAGE_ID_CREATETEXTURE1D_INVALIDDIMENSIONS));
  CHECK(d->CreateTexture1D(nullptr, nullptr, t.out()) == E_INVALIDARG);
  CHECK(hasMessage(drainMessages(c.queue.get()), D3D11_MESSAGE_ID_CREATETEXTURE1D_NULLDESC));
  const size_t resourcesBefore = c.ddiCalls("CreateResource");

  // View dimensions of the wrong kind: a TEXTURE2D view of a Texture1D, a TEXTURE1D view of a Texture2D.
  D3D11_TEXTURE1D_DESC ok = desc1D(8, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
  REQUIRE(d->CreateTexture1D(&ok, nullptr, t.out()) == S_OK);
  CHECK(c.ddiCalls("CreateResource") == resourcesBefore + 1);
  D3D11_SHADER_RESOURCE_VIEW_DESC sd{};
  sd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
  sd.Texture2D = {0, 1};
  Com<ID3D11ShaderResourceView> v;
  CHECK(d->CreateShaderResourceView(t.get(), &sd, v.out()) == E_INVALIDARG);
  CHECK(hasMessage(drainMessages(c.queue.get()), D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDESC));
  Com<ID3D11Texture2D> t2;
  D3D11_TEXTURE2D_DESC d2 = texture2DDesc(8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
  REQUIRE(d->CreateTexture2D(&d2, nullptr, t2.out()) == S_OK);
  sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE1D;
  sd.Texture1D = {0, 1};
  CHECK(d->CreateShaderResourceView(t2.get(), &sd, v.out()) == E_INVALIDARG);
  CHECK(hasMessage(drainMessages(c.queue.get()), D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDESC));
  // Mips past the end (MipLevels 2 of a 1-mip texture): INVALIDDIMENSIONS.
  sd.Texture1D = {0, 2};
  CHECK(d->CreateShaderResourceView(t.get(), &sd, v.out()) == E_INVALIDARG);
  CHECK(hasMessage(drainMessages(c.queue.get()), D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDIMENSIONS));
}
