// tests/compute: Texture3D resources through the public D3D11 API on lavapipe:
//  * CreateTexture3D with initial data (padded row and slice pitches, two
//    mips), UpdateSubresource and CopySubresourceRegion with boxes in z, and
//    CopyResource + Map of a STAGING Texture3D, every texel where D3D11 puts it;
//  * RWTexture3D<uint> stores and atomics from a compute shader, also through a
//    UAV of part of a mip's W slices (z offset by FirstWSlice, loads outside
//    WSize reading 0, stores and atomics there dropped, resinfo giving WSize),
//    and Texture3D SRVs read back with ld (from a mip range), resinfo and a
//    trilinear sample_l;
//  * what the DDI sees: TEXTURE3D resources with their depth, views with their
//    mips and W slices;
//  * the runtime's rules for Texture3D descs, views and boxes, each with its
//    debug-layer message and no driver call.
#include "compute_test_util.h"

#include <string>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

D3D11_TEXTURE3D_DESC volumeDesc(UINT w, UINT h, UINT depth, UINT mips, DXGI_FORMAT format, UINT bind,
                                D3D11_USAGE usage = D3D11_USAGE_DEFAULT, UINT cpu = 0) {
  D3D11_TEXTURE3D_DESC d{};
  d.Width = w;
  d.Height = h;
  d.Depth = depth;
  d.MipLevels = mips;
  d.Format = format;
  d.Usage = usage;
  d.BindFlags = bind;
  d.CPUAccessFlags = cpu;
  return d;
}

// The value the tests put at texel (x, y, z) of mip `mip`.
uint32_t texelValue(UINT x, UINT y, UINT z, UINT mip) { return 1000 * mip + 100 * z + 10 * y + x + 1; }

std::vector<uint32_t> asUints(const std::vector<uint8_t>& bytes) {
  std::vector<uint32_t> out(bytes.size() / 4);
  std::memcpy(out.data(), bytes.data(), out.size() * 4);
  return out;
}

// 8x8x8 threads (Dispatch(2, 2, 2) of 4x4x4): u0[xyz] = x + 10y + 100z, and
// u1[xyz / 4] += 1 (InterlockedAdd on an RWTexture3D<uint>), u2[xyz / 4] |= 1 << (x % 4).
const char kCsVolume[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_uav_typed_texture3d (uint,uint,uint,uint) u0
dcl_uav_typed_texture3d (uint,uint,uint,uint) u1
dcl_uav_typed_texture3d (uint,uint,uint,uint) u2
dcl_input vThreadID.xyz
dcl_temps 3
dcl_thread_group 4, 4, 4
imad r0.x, vThreadID.y, l(10), vThreadID.x
imad r0.x, vThreadID.z, l(100), r0.x
store_uav_typed u0.xyzw, vThreadID.xyzz, r0.xxxx
ushr r1.xyz, vThreadID.xyzx, l(2, 2, 2, 0)
atomic_iadd u1, r1.xyzx, l(1)
and r2.x, vThreadID.x, l(3)
ishl r2.y, l(1), r2.x
atomic_or u2, r1.xyzx, r2.y
ret
)";

// 2x2x2 threads: u0[i] = (t0[xyz] at the view's mip 0, resinfo of t0 (w, h, d, levels)
// packed as w + 10h + 100d + 1000 levels, t1 sampled trilinearly at the volume's centre ×
// 1000, 0), i = x + 2y + 4z.
const char kCsReadVolume[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_sampler s0, mode_default
dcl_resource_texture3d (uint,uint,uint,uint) t0
dcl_resource_texture3d (float,float,float,float) t1
dcl_uav_structured u0, 16
dcl_input vThreadID.xyz
dcl_temps 4
dcl_thread_group 2, 2, 2
mov r0.xyz, vThreadID.xyzx
mov r0.w, l(0)
ld r1.x, r0.xyzw, t0.xyzw
resinfo_uint r2.xyzw, l(0), t0.xyzw
imad r1.y, r2.y, l(10), r2.x
imad r1.y, r2.z, l(100), r1.y
imad r1.y, r2.w, l(1000), r1.y
sample_l r3.x, l(0.5, 0.5, 0.5, 0), t1.xyzw, s0, l(0)
mul r3.x, r3.x, l(1000.0)
ftou r1.z, r3.x
mov r1.w, l(0)
imad r0.x, vThreadID.y, l(2), vThreadID.x
imad r0.x, vThreadID.z, l(4), r0.x
store_structured u0.xyzw, r0.x, l(0), r1.xyzw
ret
)";

bool anyContains(const std::vector<std::string>& lines, const std::string& text) {
  for (const std::string& line : lines)
    if (line.find(text) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("Texture3D: initial data with padded pitches, UpdateSubresource and CopySubresourceRegion boxes in z, "
          "CopyResource and Map",
          "[compute][texture3d]") {
  Checked c;
  RenderDevice& d = c.d;
  // Mip 0 (4x4x4) with rows of 6 uints and slices of 26; mip 1 (2x2x2) packed.
  std::vector<uint32_t> mip0(26 * 4, 0xDEADBEEF), mip1(8);
  for (UINT z = 0; z < 4; ++z)
    for (UINT y = 0; y < 4; ++y)
      for (UINT x = 0; x < 4; ++x) mip0[z * 26 + y * 6 + x] = texelValue(x, y, z, 0);
  for (UINT z = 0; z < 2; ++z)
    for (UINT y = 0; y < 2; ++y)
      for (UINT x = 0; x < 2; ++x) mip1[z * 4 + y * 2 + x] = texelValue(x, y, z, 1);
  const D3D11_SUBRESOURCE_DATA init[2] = {{mip0.data(), 24, 104}, {mip1.data(), 8, 16}};
  D3D11_TEXTURE3D_DESC desc = volumeDesc(4, 4, 4, 2, DXGI_FORMAT_R32_UINT, D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Texture3D> a;
  REQUIRE(d->CreateTexture3D(&desc, init, a.out()) == S_OK);
  D3D11_RESOURCE_DIMENSION dim{};
  a->GetType(&dim);
  CHECK(dim == D3D11_RESOURCE_DIMENSION_TEXTURE3D);

  // Box {1,1,2}-{3,3,4} of mip 0: 2x2x2 texels, rows of 2, slices of 4.
  std::vector<uint32_t> update(8);
  for (UINT i = 0; i < 8; ++i) update[i] = 5000 + i;
  const D3D11_BOX updateBox{1, 1, 2, 3, 3, 4};
  d.context->UpdateSubresource(a.get(), 0, &updateBox, update.data(), 8, 16);

  // B (zeros) gets A's mip-0 box {0,0,0}-{2,2,2} at (2, 0, 1).
  std::vector<uint32_t> zeros(64, 0);
  const D3D11_SUBRESOURCE_DATA zeroInit{zeros.data(), 16, 64};
  D3D11_TEXTURE3D_DESC bDesc = volumeDesc(4, 4, 4, 1, DXGI_FORMAT_R32_UINT, D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Texture3D> b;
  REQUIRE(d->CreateTexture3D(&bDesc, &zeroInit, b.out()) == S_OK);
  const D3D11_BOX copyBox{0, 0, 0, 2, 2, 2};
  d.context->CopySubresourceRegion(b.get(), 0, 2, 0, 1, a.get(), 0, &copyBox);

  auto expectedA = [&](UINT x, UINT y, UINT z) {
    if (x >= 1 && x < 3 && y >= 1 && y < 3 && z >= 2) return 5000 + (z - 2) * 4 + (y - 1) * 2 + (x - 1);
    return texelValue(x, y, z, 0);
  };
  const std::vector<uint32_t> ra = asUints(readback(d, a.get(), 0));
  const std::vector<uint32_t> ra1 = asUints(readback(d, a.get(), 1));
  const std::vector<uint32_t> rb = asUints(readback(d, b.get(), 0));
  for (UINT z = 0; z < 4; ++z)
    for (UINT y = 0; y < 4; ++y)
      for (UINT x = 0; x < 4; ++x) {
        INFO("texel " << x << "," << y << "," << z);
        CHECK(ra[(z * 4 + y) * 4 + x] == expectedA(x, y, z));
        const bool copied = x >= 2 && y < 2 && z >= 1 && z < 3;
        CHECK(rb[(z * 4 + y) * 4 + x] == (copied ? texelValue(x - 2, y, z - 1, 0) : 0u));
      }
  for (UINT i = 0; i < 8; ++i) CHECK(ra1[i] == texelValue(i % 2, (i / 2) % 2, i / 4, 1));

  // CopyResource into a STAGING twin; Map reports pitches that hold a row and a slice.
  D3D11_TEXTURE3D_DESC sd = volumeDesc(4, 4, 4, 2, DXGI_FORMAT_R32_UINT, 0, D3D11_USAGE_STAGING,
                                       D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE);
  Com<ID3D11Texture3D> staging;
  REQUIRE(d->CreateTexture3D(&sd, nullptr, staging.out()) == S_OK);
  d.context->CopyResource(staging.get(), a.get());
  D3D11_MAPPED_SUBRESOURCE m{};
  REQUIRE(d.context->Map(staging.get(), 1, D3D11_MAP_READ_WRITE, 0, &m) == S_OK);
  REQUIRE(m.RowPitch >= 8);
  REQUIRE(m.DepthPitch >= 2 * m.RowPitch);
  for (UINT z = 0; z < 2; ++z)
    for (UINT y = 0; y < 2; ++y)
      for (UINT x = 0; x < 2; ++x) {
        uint32_t* texel = reinterpret_cast<uint32_t*>(static_cast<uint8_t*>(m.pData) + z * m.DepthPitch +
                                                      y * m.RowPitch + x * 4);
        CHECK(*texel == texelValue(x, y, z, 1));
        *texel += 7;  // written back to A below
      }
  d.context->Unmap(staging.get(), 1);
  d.context->CopySubresourceRegion(a.get(), 1, 0, 0, 0, staging.get(), 1, nullptr);
  const std::vector<uint32_t> back = asUints(readback(d, a.get(), 1));
  for (UINT i = 0; i < 8; ++i) CHECK(back[i] == texelValue(i % 2, (i / 2) % 2, i / 4, 1) + 7);

  // The DDI: TEXTURE3D resources with their depth and mips, boxes with z.
  const std::vector<std::string> creates = c.trace.calls("CreateResource");
  CHECK(anyContains(creates, "Dimension=TEXTURE3D, Usage=DEFAULT, BindFlags=0x8, MapFlags=0x0, MiscFlags=0x0, "
                             "Format=42, Samples=1/0, MipLevels=2, ArraySize=1, Size=4x4, InitialData=yes, Depth=4"));
  CHECK(anyContains(c.trace.calls("ResourceUpdateSubresourceUP"), "DstBox={1,1,2}-{3,3,4}, RowPitch=8, DepthPitch=16"));
  CHECK(anyContains(c.trace.calls("ResourceCopyRegion"), "{0,0,0}-{2,2,2}"));
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("RWTexture3D<uint>: compute-shader stores and InterlockedAdd/InterlockedOr land on their voxels",
          "[compute][texture3d][atomics]") {
  Checked c;
  RenderDevice& d = c.d;
  const UINT bind = D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_SHADER_RESOURCE;
  D3D11_TEXTURE3D_DESC big = volumeDesc(8, 8, 8, 1, DXGI_FORMAT_R32_UINT, bind);
  D3D11_TEXTURE3D_DESC small = volumeDesc(2, 2, 2, 1, DXGI_FORMAT_R32_UINT, bind);
  Com<ID3D11Texture3D> values, counts, bits;
  REQUIRE(d->CreateTexture3D(&big, nullptr, values.out()) == S_OK);
  REQUIRE(d->CreateTexture3D(&small, nullptr, counts.out()) == S_OK);
  REQUIRE(d->CreateTexture3D(&small, nullptr, bits.out()) == S_OK);
  Com<ID3D11UnorderedAccessView> u0, u1, u2;
  D3D11_UNORDERED_ACCESS_VIEW_DESC whole{};
  whole.Format = DXGI_FORMAT_R32_UINT;
  whole.ViewDimension = D3D11_UAV_DIMENSION_TEXTURE3D;
  whole.Texture3D = {0, 0, UINT(-1)};  // WSize -1: every slice
  REQUIRE(d->CreateUnorderedAccessView(values.get(), &whole, u0.out()) == S_OK);
  REQUIRE(d->CreateUnorderedAccessView(counts.get(), nullptr, u1.out()) == S_OK);
  REQUIRE(d->CreateUnorderedAccessView(bits.get(), nullptr, u2.out()) == S_OK);
  D3D11_UNORDERED_ACCESS_VIEW_DESC got{};
  u1->GetDesc(&got);
  CHECK(got.ViewDimension == D3D11_UAV_DIMENSION_TEXTURE3D);
  CHECK((got.Texture3D.MipSlice == 0 && got.Texture3D.FirstWSlice == 0 && got.Texture3D.WSize == 2));
  const UINT poison[4] = {0xFFFFFFFFu, 0, 0, 0}, zero[4] = {0, 0, 0, 0};
  d.context->ClearUnorderedAccessViewUint(u0.get(), poison);
  d.context->ClearUnorderedAccessViewUint(u1.get(), zero);
  d.context->ClearUnorderedAccessViewUint(u2.get(), zero);

  Com<ID3D11ComputeShader> cs = computeShader(d, kCsVolume);
  d.context->CSSetShader(cs.get(), nullptr, 0);
  ID3D11UnorderedAccessView* uavs[] = {u0.get(), u1.get(), u2.get()};
  d.context->CSSetUnorderedAccessViews(0, 3, uavs, nullptr);
  d.context->Dispatch(2, 2, 2);

  const std::vector<uint32_t> v = asUints(readback(d, values.get()));
  for (UINT z = 0; z < 8; ++z)
    for (UINT y = 0; y < 8; ++y)
      for (UINT x = 0; x < 8; ++x) CHECK(v[(z * 8 + y) * 8 + x] == x + 10 * y + 100 * z);
  const std::vector<uint32_t> n = asUints(readback(d, counts.get())), b = asUints(readback(d, bits.get()));
  for (UINT i = 0; i < 8; ++i) {
    CHECK(n[i] == 64u);   // 4x4x4 threads per 2x2x2 voxel
    CHECK(b[i] == 0xFu);  // x % 4 covers bits 0..3
  }
  const std::vector<std::string> views = c.trace.calls("CreateUnorderedAccessView");
  REQUIRE(views.size() == 3);
  CHECK(views[0].find("Format=42, Dimension=TEXTURE3D, MipSlice=0, FirstW=0, WSize=8") != std::string::npos);
  CHECK(views[1].find("Format=42, Dimension=TEXTURE3D, MipSlice=0, FirstW=0, WSize=2") != std::string::npos);
  CHECK(drainMessages(c.queue.get()).empty());
}

// CS, 4×4×8 threads over a 4×4×8 volume seen through u0, a UAV of W slices
// [2, 5): out[t] = u0[id] (a load), u0[id] = that + 1, then
// old[t] = InterlockedAdd(u0[id], 100), t = x + 4y + 16z; dims = resinfo(u0).
// out at u1 words 0..127, old at 128..255, dims at 256..259.
const char kCsVolumeWindow[] = R"(cs_5_0
dcl_uav_typed_texture3d (uint,uint,uint,uint) u0
dcl_uav_raw u1
dcl_input vThreadID.xyz
dcl_temps 3
dcl_thread_group 4, 4, 8
ld_uav_typed r0.x, vThreadID.xyzz, u0.xyzw
ishl r1.x, vThreadID.z, l(4)
imad r1.x, vThreadID.y, l(4), r1.x
iadd r1.x, r1.x, vThreadID.x
ishl r1.y, r1.x, l(2)
store_raw u1.x, r1.y, r0.x
iadd r0.y, r0.x, l(1)
store_uav_typed u0.xyzw, vThreadID.xyzz, r0.yyyy
imm_atomic_iadd r2.x, u0, vThreadID.xyzz, l(100)
iadd r1.z, r1.y, l(512)
store_raw u1.x, r1.z, r2.x
resinfo_uint r2.xyzw, l(0), u0.xyzw
store_raw u1.xyzw, l(1024), r2.xyzw
ret
)";

TEST_CASE("RWTexture3D through a UAV of W slices 2..4: z moves by FirstWSlice, outside WSize loads read 0 and "
          "stores and atomics are dropped, resinfo gives WSize, a clear clears those slices only",
          "[compute][texture3d][atomics]") {
  Checked c;
  RenderDevice& d = c.d;
  D3D11_TEXTURE3D_DESC desc = volumeDesc(4, 4, 8, 1, DXGI_FORMAT_R32_UINT, D3D11_BIND_UNORDERED_ACCESS);
  auto value = [](UINT x, UINT y, UINT z) { return 1000 * z + 10 * y + x + 1; };
  std::vector<uint32_t> texels(4 * 4 * 8);
  for (UINT z = 0; z < 8; ++z)
    for (UINT y = 0; y < 4; ++y)
      for (UINT x = 0; x < 4; ++x) texels[(z * 4 + y) * 4 + x] = value(x, y, z);
  const D3D11_SUBRESOURCE_DATA init{texels.data(), 16, 64};
  Com<ID3D11Texture3D> volume;
  REQUIRE(d->CreateTexture3D(&desc, &init, volume.out()) == S_OK);
  D3D11_UNORDERED_ACCESS_VIEW_DESC uv{};
  uv.Format = DXGI_FORMAT_R32_UINT;
  uv.ViewDimension = D3D11_UAV_DIMENSION_TEXTURE3D;
  uv.Texture3D = {0, 2, 3};
  Com<ID3D11UnorderedAccessView> window;
  REQUIRE(d->CreateUnorderedAccessView(volume.get(), &uv, window.out()) == S_OK);
  Com<ID3D11Buffer> out = makeDataBuffer(d, std::vector<uint32_t>(260, 0xDEADu), D3D11_BIND_UNORDERED_ACCESS,
                                         D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11UnorderedAccessView> outView = rawUav(d, out.get(), 260);
  Com<ID3D11ComputeShader> cs = computeShader(d, kCsVolumeWindow);
  d.context->CSSetShader(cs.get(), nullptr, 0);
  ID3D11UnorderedAccessView* uavs[] = {window.get(), outView.get()};
  d.context->CSSetUnorderedAccessViews(0, 2, uavs, nullptr);
  d.context->Dispatch(1, 1, 1);

  const std::vector<uint32_t> o = readBuffer(d, out.get());
  for (UINT z = 0; z < 8; ++z)
    for (UINT y = 0; y < 4; ++y)
      for (UINT x = 0; x < 4; ++x) {
        INFO("thread " << x << "," << y << "," << z);
        const UINT t = x + 4 * y + 16 * z;
        const bool inside = z < 3;
        CHECK(o[t] == (inside ? value(x, y, z + 2) : 0u));
        CHECK(o[128 + t] == (inside ? value(x, y, z + 2) + 1 : 0u));
      }
  CHECK((o[256] == 4 && o[257] == 4 && o[258] == 3 && o[259] == 1));
  const std::vector<uint32_t> v = asUints(readback(d, volume.get()));
  for (UINT z = 0; z < 8; ++z)
    for (UINT y = 0; y < 4; ++y)
      for (UINT x = 0; x < 4; ++x) {
        INFO("voxel " << x << "," << y << "," << z);
        CHECK(v[(z * 4 + y) * 4 + x] == (z >= 2 && z < 5 ? value(x, y, z) + 101 : value(x, y, z)));
      }
  // ClearUnorderedAccessViewUint clears the view's slices only.
  const UINT seven[4] = {7, 7, 7, 7};
  d.context->ClearUnorderedAccessViewUint(window.get(), seven);
  const std::vector<uint32_t> cleared = asUints(readback(d, volume.get()));
  for (UINT z = 0; z < 8; ++z)
    for (UINT y = 0; y < 4; ++y)
      for (UINT x = 0; x < 4; ++x) {
        INFO("voxel " << x << "," << y << "," << z << " after the clear");
        CHECK(cleared[(z * 4 + y) * 4 + x] == (z >= 2 && z < 5 ? 7u : value(x, y, z)));
      }
  CHECK(anyContains(c.trace.calls("CreateUnorderedAccessView"), "Dimension=TEXTURE3D, MipSlice=0, FirstW=2, WSize=3"));
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("Texture3D SRVs: ld from a mip range, resinfo, and a trilinear sample between slices",
          "[compute][texture3d][views]") {
  Checked c;
  RenderDevice& d = c.d;
  std::vector<uint32_t> mip0(64), mip1(8);
  for (UINT i = 0; i < 64; ++i) mip0[i] = texelValue(i % 4, (i / 4) % 4, i / 16, 0);
  for (UINT i = 0; i < 8; ++i) mip1[i] = texelValue(i % 2, (i / 2) % 2, i / 4, 1);
  const D3D11_SUBRESOURCE_DATA init[2] = {{mip0.data(), 16, 64}, {mip1.data(), 8, 16}};
  D3D11_TEXTURE3D_DESC desc = volumeDesc(4, 4, 4, 2, DXGI_FORMAT_R32_UINT, D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Texture3D> volume;
  REQUIRE(d->CreateTexture3D(&desc, init, volume.out()) == S_OK);
  // A 2x2x2 R32_FLOAT volume 0..7: its trilinear centre is their mean, 3.5.
  const float ramp[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  const D3D11_SUBRESOURCE_DATA rampInit{ramp, 8, 16};
  D3D11_TEXTURE3D_DESC fd = volumeDesc(2, 2, 2, 1, DXGI_FORMAT_R32_FLOAT, D3D11_BIND_SHADER_RESOURCE,
                                       D3D11_USAGE_IMMUTABLE);
  Com<ID3D11Texture3D> floats;
  REQUIRE(d->CreateTexture3D(&fd, &rampInit, floats.out()) == S_OK);

  D3D11_SHADER_RESOURCE_VIEW_DESC sv{};
  sv.Format = DXGI_FORMAT_R32_UINT;
  sv.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE3D;
  sv.Texture3D = {1, 1};  // mip 1 only
  Com<ID3D11ShaderResourceView> t0, t1;
  REQUIRE(d->CreateShaderResourceView(volume.get(), &sv, t0.out()) == S_OK);
  REQUIRE(d->CreateShaderResourceView(floats.get(), nullptr, t1.out()) == S_OK);
  D3D11_SHADER_RESOURCE_VIEW_DESC got{};
  t1->GetDesc(&got);
  CHECK(got.ViewDimension == D3D11_SRV_DIMENSION_TEXTURE3D);
  CHECK((got.Texture3D.MostDetailedMip == 0 && got.Texture3D.MipLevels == 1));

  D3D11_SAMPLER_DESC samp{};
  samp.Filter = D3D11_FILTER_MIN_MAG_MIP_LINEAR;
  samp.AddressU = samp.AddressV = samp.AddressW = D3D11_TEXTURE_ADDRESS_CLAMP;
  samp.MaxLOD = D3D11_FLOAT32_MAX;
  Com<ID3D11SamplerState> sampler;
  REQUIRE(d->CreateSamplerState(&samp, sampler.out()) == S_OK);
  Com<ID3D11Buffer> out = makeDataBuffer(d, std::vector<uint32_t>(32, 0), D3D11_BIND_UNORDERED_ACCESS,
                                         D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16);
  Com<ID3D11UnorderedAccessView> u0 = structuredUav(d, out.get(), 8);
  Com<ID3D11ComputeShader> cs = computeShader(d, kCsReadVolume);
  d.context->CSSetShader(cs.get(), nullptr, 0);
  ID3D11ShaderResourceView* srvs[] = {t0.get(), t1.get()};
  d.context->CSSetShaderResources(0, 2, srvs);
  ID3D11SamplerState* samplers[] = {sampler.get()};
  d.context->CSSetSamplers(0, 1, samplers);
  ID3D11UnorderedAccessView* uavs[] = {u0.get()};
  d.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  d.context->Dispatch(1, 1, 1);
  const std::vector<uint32_t> r = readBuffer(d, out.get());
  for (UINT i = 0; i < 8; ++i) {
    INFO("thread " << i);
    CHECK(r[4 * i + 0] == texelValue(i % 2, (i / 2) % 2, i / 4, 1));
    CHECK(r[4 * i + 1] == 2 + 20 + 200 + 1000);  // 2x2x2, one level
    CHECK(r[4 * i + 2] == 3500u);
  }
  const std::vector<std::string> views = c.trace.calls("CreateShaderResourceView");
  REQUIRE(views.size() == 2);
  CHECK(views[0].find("Format=42, Dimension=TEXTURE3D, MostDetailedMip=1, MipLevels=1") != std::string::npos);
  CHECK(views[1].find("Format=41, Dimension=TEXTURE3D, MostDetailedMip=0, MipLevels=1") != std::string::npos);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("Texture3D: the runtime's rules for descs, views and boxes, each with its message and no driver call",
          "[compute][texture3d][errors]") {
  Checked c;
  RenderDevice& d = c.d;
  auto rejected = [&](const D3D11_TEXTURE3D_DESC* desc, D3D11_MESSAGE_ID id, const D3D11_SUBRESOURCE_DATA* init =
                                                                                 nullptr) {
    const size_t before = c.ddiCalls("CreateResource");
    Com<ID3D11Texture3D> t;
    CHECK(d->CreateTexture3D(desc, init, t.out()) == E_INVALIDARG);
    CHECK(!t);
    CHECK(c.ddiCalls("CreateResource") == before);
    const std::vector<StoredMessage> m = drainMessages(c.queue.get());
    REQUIRE(m.size() >= 2);
    CHECK(m.front().id == id);
    CHECK(m.back().id == D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDARG_RETURN);
  };
  const UINT srv = D3D11_BIND_SHADER_RESOURCE;
  rejected(nullptr, D3D11_MESSAGE_ID_CREATETEXTURE3D_NULLDESC);
  D3D11_TEXTURE3D_DESC desc = volumeDesc(4, 4, 0, 1, DXGI_FORMAT_R32_UINT, srv);
  rejected(&desc, D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDDIMENSIONS);
  desc = volumeDesc(4096, 4, 4, 1, DXGI_FORMAT_R32_UINT, srv);
  rejected(&desc, D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDDIMENSIONS);
  desc = volumeDesc(4, 4, 8, 5, DXGI_FORMAT_R32_UINT, srv);  // 4 levels at most
  rejected(&desc, D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDMIPLEVELS);
  desc = volumeDesc(4, 4, 4, 1, DXGI_FORMAT_D32_FLOAT, D3D11_BIND_DEPTH_STENCIL);
  rejected(&desc, D3D11_MESSAGE_ID_CREATETEXTURE3D_UNSUPPORTEDFORMAT);
  desc = volumeDesc(4, 4, 4, 1, DXGI_FORMAT_R32_UINT, D3D11_BIND_DEPTH_STENCIL);
  rejected(&desc, D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDBINDFLAGS);
  desc = volumeDesc(4, 4, 4, 1, DXGI_FORMAT_R32_UINT, D3D11_BIND_VERTEX_BUFFER);
  rejected(&desc, D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDBINDFLAGS);
  desc = volumeDesc(4, 4, 4, 1, DXGI_FORMAT_R32_UINT, srv, D3D11_USAGE_STAGING, D3D11_CPU_ACCESS_READ);
  rejected(&desc, D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDBINDFLAGS);
  desc = volumeDesc(4, 4, 4, 1, DXGI_FORMAT_R32_UINT, srv, D3D11_USAGE_IMMUTABLE);
  rejected(&desc, D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDINITIALDATA);
  desc = volumeDesc(4, 4, 4, 1, DXGI_FORMAT_R32_UINT, srv);
  desc.MiscFlags = D3D11_RESOURCE_MISC_GENERATE_MIPS;
  rejected(&desc, D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDMISCFLAGS);

  // MipLevels 0: the full chain of the largest dimension.
  desc = volumeDesc(4, 2, 16, 0, DXGI_FORMAT_R32_UINT, srv | D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_RENDER_TARGET);
  Com<ID3D11Texture3D> volume;
  REQUIRE(d->CreateTexture3D(&desc, nullptr, volume.out()) == S_OK);
  D3D11_TEXTURE3D_DESC got{};
  volume->GetDesc(&got);
  CHECK(got.MipLevels == 5);
  CHECK(got.Depth == 16);
  Com<ID3D11Texture2D> flat;
  D3D11_TEXTURE2D_DESC fd = texture2DDesc(4, 4, DXGI_FORMAT_R32_UINT, srv);
  REQUIRE(d->CreateTexture2D(&fd, nullptr, flat.out()) == S_OK);
  CHECK(drainMessages(c.queue.get()).empty());

  // Views: dimensions that do not match the resource, W slices outside the mip.
  auto viewRejected = [&](HRESULT hr, D3D11_MESSAGE_ID id) {
    CHECK(hr == E_INVALIDARG);
    const std::vector<StoredMessage> m = drainMessages(c.queue.get());
    REQUIRE(m.size() >= 1);
    CHECK(m.front().id == id);
  };
  const size_t srvCalls = c.ddiCalls("CreateShaderResourceView"), uavCalls = c.ddiCalls("CreateUnorderedAccessView"),
               rtvCalls = c.ddiCalls("CreateRenderTargetView");
  D3D11_SHADER_RESOURCE_VIEW_DESC sv{};
  sv.Format = DXGI_FORMAT_R32_UINT;
  sv.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
  sv.Texture2D = {0, 1};
  Com<ID3D11ShaderResourceView> s;
  viewRejected(d->CreateShaderResourceView(volume.get(), &sv, s.out()),
               D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDESC);
  sv.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE3D;
  sv.Texture3D = {0, 1};
  viewRejected(d->CreateShaderResourceView(flat.get(), &sv, s.out()), D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDESC);
  sv.Texture3D = {3, 3};  // mips 3..5 of 5
  viewRejected(d->CreateShaderResourceView(volume.get(), &sv, s.out()),
               D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDIMENSIONS);
  D3D11_UNORDERED_ACCESS_VIEW_DESC uv{};
  uv.Format = DXGI_FORMAT_R32_UINT;
  uv.ViewDimension = D3D11_UAV_DIMENSION_TEXTURE3D;
  uv.Texture3D = {1, 4, 5};  // mip 1 has 8 slices
  Com<ID3D11UnorderedAccessView> u;
  viewRejected(d->CreateUnorderedAccessView(volume.get(), &uv, u.out()),
               D3D11_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDDIMENSIONS);
  D3D11_RENDER_TARGET_VIEW_DESC rv{};
  rv.Format = DXGI_FORMAT_R32_UINT;
  rv.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE3D;
  rv.Texture3D = {4, 0, 2};  // mip 4 has one slice
  Com<ID3D11RenderTargetView> r;
  viewRejected(d->CreateRenderTargetView(volume.get(), &rv, r.out()),
               D3D11_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDDIMENSIONS);
  rv.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DARRAY;
  rv.Texture2DArray = {0, 0, 1};
  viewRejected(d->CreateRenderTargetView(volume.get(), &rv, r.out()), D3D11_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDDESC);
  CHECK(c.ddiCalls("CreateShaderResourceView") == srvCalls);
  CHECK(c.ddiCalls("CreateUnorderedAccessView") == uavCalls);
  CHECK(c.ddiCalls("CreateRenderTargetView") == rtvCalls);

  // A render target of W slices 3.. of mip 1 to its last (WSize UINT(-1)), which GetDesc resolves (5).
  rv.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE3D;
  rv.Texture3D = {1, 3, UINT(-1)};
  REQUIRE(d->CreateRenderTargetView(volume.get(), &rv, r.out()) == S_OK);
  D3D11_RENDER_TARGET_VIEW_DESC rgot{};
  r->GetDesc(&rgot);
  CHECK((rgot.Texture3D.MipSlice == 1 && rgot.Texture3D.FirstWSlice == 3 && rgot.Texture3D.WSize == 5));
  CHECK(anyContains(c.trace.calls("CreateRenderTargetView"), "Dimension=TEXTURE3D, MipSlice=1, FirstW=3, WSize=5"));
  // A UAV of part of a mip's slices (its use: the W-window test above).
  uv.Texture3D = {0, 2, 4};
  CHECK(d->CreateUnorderedAccessView(volume.get(), &uv, u.out()) == S_OK);
  CHECK(anyContains(c.trace.calls("CreateUnorderedAccessView"), "Dimension=TEXTURE3D, MipSlice=0, FirstW=2, WSize=4"));

  // Boxes in z: outside the source, or the destination offset pushing them out.
  Com<ID3D11Texture3D> other;
  REQUIRE(d->CreateTexture3D(&desc, nullptr, other.out()) == S_OK);
  drainMessages(c.queue.get());
  const size_t copies = c.ddiCalls("ResourceCopyRegion"), updates = c.ddiCalls("ResourceUpdateSubresourceUP");
  const D3D11_BOX deep{0, 0, 0, 1, 1, 17};
  d.context->CopySubresourceRegion(other.get(), 0, 0, 0, 0, volume.get(), 0, &deep);
  std::vector<StoredMessage> m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 1);
  CHECK(m[0].id == D3D11_MESSAGE_ID_COPYSUBRESOURCEREGION_INVALIDSOURCEBOX);
  const D3D11_BOX four{0, 0, 0, 1, 1, 4};
  d.context->CopySubresourceRegion(other.get(), 0, 0, 0, 13, volume.get(), 0, &four);
  m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 1);
  CHECK(m[0].id == D3D11_MESSAGE_ID_COPYSUBRESOURCEREGION_INVALIDSOURCEBOX);
  const uint32_t data[64] = {};
  const D3D11_BOX past{0, 0, 7, 1, 1, 9};  // mip 1 has 8 slices
  d.context->UpdateSubresource(volume.get(), 1, &past, data, 4, 4);
  m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 1);
  CHECK(m[0].id == D3D11_MESSAGE_ID_UPDATESUBRESOURCE_INVALIDDESTINATIONBOX);
  CHECK(c.ddiCalls("ResourceCopyRegion") == copies);
  CHECK(c.ddiCalls("ResourceUpdateSubresourceUP") == updates);

  // Copies between a Texture3D and a Texture2D are refused (different types).
  d.context->CopySubresourceRegion(flat.get(), 0, 0, 0, 0, volume.get(), 0, &four);
  m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 1);
  CHECK(m[0].id == D3D11_MESSAGE_ID_COPYSUBRESOURCEREGION_INVALIDSOURCE);

  UINT support = 0;
  REQUIRE(d->CheckFormatSupport(DXGI_FORMAT_R32_UINT, &support) == S_OK);
  CHECK((support & D3D11_FORMAT_SUPPORT_TEXTURE3D) != 0);
  REQUIRE(d->CheckFormatSupport(DXGI_FORMAT_D32_FLOAT, &support) == S_OK);
  CHECK((support & D3D11_FORMAT_SUPPORT_TEXTURE3D) == 0);
}
