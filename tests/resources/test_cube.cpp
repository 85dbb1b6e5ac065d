// tests/resources: cube and cube-array textures through the public D3D11 API on
// lavapipe: Texture2D with D3D11_RESOURCE_MISC_TEXTURECUBE, TEXTURECUBE and
// TEXTURECUBEARRAY SRVs (MipLevels / NumCubes -1 resolved in GetDesc) read by
// a compute shader with sample_l at every texel centre of every face (two
// mips), the second cube of a cube array, gather4 at face centres, and
// sample_c_lz / gather4_c on a typeless depth cube whose faces were cleared
// through per-face Texture2DArray DSVs; resinfo of both; a render-target view
// of two faces cleared. The face each direction selects is computed on the CPU
// from the D3D11 spec's major-axis table, independently of the shader.
#include "resource_test_util.h"

#include <array>
#include <cmath>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

// The value at texel (x, y) of face f (slice f of cube c), mip m.
float cubeTexel(UINT x, UINT y, UINT face, UINT mip, UINT cube = 0) {
  return float(cube * 10000 + mip * 1000 + face * 100 + y * 10 + x);
}

// The direction through the centre of texel (x, y) of a size×size face.
std::array<float, 4> directionOf(UINT face, float s, float t) {
  const float sc = 2 * s - 1, tc = 2 * t - 1;
  switch (face) {
    case 0: return {1, -tc, -sc, 0};   // +X: sc = -z, tc = -y
    case 1: return {-1, -tc, sc, 0};   // -X: sc = +z, tc = -y
    case 2: return {sc, 1, tc, 0};     // +Y: sc = +x, tc = +z
    case 3: return {sc, -1, -tc, 0};   // -Y: sc = +x, tc = -z
    case 4: return {sc, -tc, 1, 0};    // +Z: sc = +x, tc = -y
    default: return {-sc, -tc, -1, 0}; // -Z: sc = -x, tc = -y
  }
}

// Face and (s, t) a direction selects: the major axis and its sign (the spec's table).
struct FaceHit {
  UINT face;
  float s, t;
};
FaceHit selectFace(const std::array<float, 4>& d) {
  const float ax = std::fabs(d[0]), ay = std::fabs(d[1]), az = std::fabs(d[2]);
  float sc, tc, ma;
  UINT face;
  if (ax >= ay && ax >= az) {
    face = d[0] >= 0 ? 0 : 1, ma = ax, sc = d[0] >= 0 ? -d[2] : d[2], tc = -d[1];
  } else if (ay >= az) {
    face = d[1] >= 0 ? 2 : 3, ma = ay, sc = d[0], tc = d[1] >= 0 ? d[2] : -d[2];
  } else {
    face = d[2] >= 0 ? 4 : 5, ma = az, sc = d[2] >= 0 ? d[0] : -d[0], tc = -d[1];
  }
  return {face, (sc / ma + 1) / 2, (tc / ma + 1) / 2};
}

// 96 threads, i: dir = t2[i] (texel centres), centre = t2[96 + i % 6] (face centres);
// u0[3i] = (sample_l t0 lod 0, sample_l t0 lod 1, sample_l t1 cube 1, sample_c_lz t3 ref 0.3);
// u0[3i + 1] = gather4 t0 at centre; u0[3i + 2] = gather4_c t3 at centre, ref 0.3;
// thread 0: u0[288] = resinfo_uint(t0, mip 1), u0[289] = resinfo_uint(t1, mip 0).
const char kCsCube[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_sampler s0, mode_default
dcl_sampler s1, mode_comparison
dcl_resource_texturecube (float,float,float,float) t0
dcl_resource_texturecubearray (float,float,float,float) t1
dcl_resource_structured t2, 16
dcl_resource_texturecube (float,float,float,float) t3
dcl_uav_structured u0, 16
dcl_input vThreadID.x
dcl_temps 8
dcl_thread_group 96, 1, 1
ld_structured r0.xyzw, vThreadID.x, l(0), t2.xyzw
sample_l r1.x, r0.xyzx, t0.xyzw, s0, l(0)
sample_l r2.x, r0.xyzx, t0.xyzw, s0, l(1.0)
mov r0.w, l(1.0)
sample_l r3.x, r0.xyzw, t1.xyzw, s0, l(0)
sample_c_lz r4.x, r0.xyzx, t3.xxxx, s1, l(0.3)
mov r1.y, r2.x
mov r1.z, r3.x
mov r1.w, r4.x
imul null, r5.x, vThreadID.x, l(3)
store_structured u0.xyzw, r5.x, l(0), r1.xyzw
udiv null, r5.y, vThreadID.x, l(6)
iadd r5.y, r5.y, l(96)
ld_structured r0.xyzw, r5.y, l(0), t2.xyzw
gather4 r6.xyzw, r0.xyzx, t0.xyzw, s0.x
iadd r5.z, r5.x, l(1)
store_structured u0.xyzw, r5.z, l(0), r6.xyzw
gather4_c r7.xyzw, r0.xyzx, t3.xyzw, s1.x, l(0.3)
iadd r5.z, r5.x, l(2)
store_structured u0.xyzw, r5.z, l(0), r7.xyzw
if_z vThreadID.x
  resinfo_uint r6.xyzw, l(1), t0.xyzw
  store_structured u0.xyzw, l(288), l(0), r6.xyzw
  resinfo_uint r7.xyzw, l(0), t1.xyzw
  store_structured u0.xyzw, l(289), l(0), r7.xyzw
endif
ret
)";

D3D11_TEXTURE2D_DESC cubeDesc(UINT size, UINT mips, UINT slices, DXGI_FORMAT format, UINT bind) {
  D3D11_TEXTURE2D_DESC d{};
  d.Width = d.Height = size;
  d.MipLevels = mips;
  d.ArraySize = slices;
  d.Format = format;
  d.SampleDesc.Count = 1;
  d.Usage = D3D11_USAGE_DEFAULT;
  d.BindFlags = bind;
  d.MiscFlags = D3D11_RESOURCE_MISC_TEXTURECUBE;
  return d;
}

float asFloat(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

}  // namespace

TEST_CASE("TextureCube and TextureCubeArray SRVs: every face's texels by direction at two mips, gather4, "
          "sample_c_lz and gather4_c on a depth cube, resinfo",
          "[resources][cube]") {
  Checked c;
  RenderDevice& d = c.d;
  // A: 4x4 faces, 2 mips; subresource = face * 2 + mip.
  std::vector<std::vector<float>> aData;
  std::vector<D3D11_SUBRESOURCE_DATA> aInit;
  for (UINT f = 0; f < 6; ++f)
    for (UINT m = 0; m < 2; ++m) {
      const UINT size = 4u >> m;
      aData.emplace_back(size * size);
      for (UINT y = 0; y < size; ++y)
        for (UINT x = 0; x < size; ++x) aData.back()[y * size + x] = cubeTexel(x, y, f, m);
    }
  for (auto& s : aData) aInit.push_back({s.data(), UINT(std::sqrt(double(s.size()))) * 4, 0});
  D3D11_TEXTURE2D_DESC ad = cubeDesc(4, 2, 6, DXGI_FORMAT_R32_FLOAT, D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Texture2D> a;
  REQUIRE(d->CreateTexture2D(&ad, aInit.data(), a.out()) == S_OK);
  // B: two cubes of 4x4 faces, 1 mip.
  std::vector<std::vector<float>> bData;
  std::vector<D3D11_SUBRESOURCE_DATA> bInit;
  for (UINT s = 0; s < 12; ++s) {
    bData.emplace_back(16);
    for (UINT y = 0; y < 4; ++y)
      for (UINT x = 0; x < 4; ++x) bData.back()[y * 4 + x] = cubeTexel(x, y, s % 6, 0, s / 6);
  }
  for (auto& s : bData) bInit.push_back({s.data(), 16, 0});
  D3D11_TEXTURE2D_DESC bd = cubeDesc(4, 1, 12, DXGI_FORMAT_R32_FLOAT, D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Texture2D> b;
  REQUIRE(d->CreateTexture2D(&bd, bInit.data(), b.out()) == S_OK);
  // C: a typeless depth cube; face f cleared to (f + 1) / 8 through a one-face Texture2DArray DSV.
  D3D11_TEXTURE2D_DESC cd = cubeDesc(4, 1, 6, DXGI_FORMAT_R32_TYPELESS,
                                     D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Texture2D> depth;
  REQUIRE(d->CreateTexture2D(&cd, nullptr, depth.out()) == S_OK);
  for (UINT f = 0; f < 6; ++f) {
    D3D11_DEPTH_STENCIL_VIEW_DESC dd{};
    dd.Format = DXGI_FORMAT_D32_FLOAT;
    dd.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2DARRAY;
    dd.Texture2DArray = {0, f, 1};
    Com<ID3D11DepthStencilView> dsv;
    REQUIRE(d->CreateDepthStencilView(depth.get(), &dd, dsv.out()) == S_OK);
    d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH, float(f + 1) / 8, 0);
  }

  Com<ID3D11ShaderResourceView> va, vb, vc;
  D3D11_SHADER_RESOURCE_VIEW_DESC sd{};
  sd.Format = DXGI_FORMAT_R32_FLOAT;
  sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURECUBE;
  sd.TextureCube = {0, UINT(-1)};
  REQUIRE(d->CreateShaderResourceView(a.get(), &sd, va.out()) == S_OK);
  REQUIRE(d->CreateShaderResourceView(depth.get(), &sd, vc.out()) == S_OK);
  sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURECUBEARRAY;
  sd.TextureCubeArray = {0, 1, 0, UINT(-1)};
  REQUIRE(d->CreateShaderResourceView(b.get(), &sd, vb.out()) == S_OK);
  D3D11_SHADER_RESOURCE_VIEW_DESC got{};
  va->GetDesc(&got);
  CHECK((got.ViewDimension == D3D11_SRV_DIMENSION_TEXTURECUBE && got.TextureCube.MipLevels == 2));
  vb->GetDesc(&got);
  CHECK((got.TextureCubeArray.NumCubes == 2 && got.TextureCubeArray.First2DArrayFace == 0));
  Com<ID3D11ShaderResourceView> whole;  // a NULL desc on a cube texture: a TEXTURECUBE view
  REQUIRE(d->CreateShaderResourceView(a.get(), nullptr, whole.out()) == S_OK);
  whole->GetDesc(&got);
  CHECK((got.ViewDimension == D3D11_SRV_DIMENSION_TEXTURECUBE && got.TextureCube.MipLevels == 2));

  // Directions: every texel centre of every face, then the six face centres.
  std::vector<float> dirs;
  for (UINT f = 0; f < 6; ++f)
    for (UINT y = 0; y < 4; ++y)
      for (UINT x = 0; x < 4; ++x)
        for (float v : directionOf(f, (x + 0.5f) / 4, (y + 0.5f) / 4)) dirs.push_back(v);
  for (UINT f = 0; f < 6; ++f)
    for (float v : directionOf(f, 0.5f, 0.5f)) dirs.push_back(v);
  std::vector<uint32_t> dirBits(dirs.size());
  std::memcpy(dirBits.data(), dirs.data(), dirs.size() * 4);
  Com<ID3D11Buffer> dirBuffer = makeDataBuffer(d, dirBits, D3D11_BIND_SHADER_RESOURCE,
                                               D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16);
  Com<ID3D11ShaderResourceView> vd = structuredSrv(d, dirBuffer.get(), 102);
  Com<ID3D11Buffer> out = makeDataBuffer(d, std::vector<uint32_t>(290 * 4, 0xDEADBEEF), D3D11_BIND_UNORDERED_ACCESS,
                                         D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16);
  Com<ID3D11UnorderedAccessView> u0 = structuredUav(d, out.get(), 290);

  Com<ID3D11SamplerState> point = pointSampler(d), compare;
  D3D11_SAMPLER_DESC cmp{};
  cmp.Filter = D3D11_FILTER_COMPARISON_MIN_MAG_MIP_POINT;
  cmp.AddressU = cmp.AddressV = cmp.AddressW = D3D11_TEXTURE_ADDRESS_CLAMP;
  cmp.ComparisonFunc = D3D11_COMPARISON_LESS;  // passes where 0.3 < the face's depth
  cmp.MaxLOD = D3D11_FLOAT32_MAX;
  REQUIRE(d->CreateSamplerState(&cmp, compare.out()) == S_OK);

  Com<ID3D11ComputeShader> cs = computeShader(d, kCsCube);
  d.context->CSSetShader(cs.get(), nullptr, 0);
  ID3D11ShaderResourceView* srvs[] = {va.get(), vb.get(), vd.get(), vc.get()};
  d.context->CSSetShaderResources(0, 4, srvs);
  ID3D11SamplerState* samplers[] = {point.get(), compare.get()};
  d.context->CSSetSamplers(0, 2, samplers);
  ID3D11UnorderedAccessView* uavs[] = {u0.get()};
  d.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  d.context->Dispatch(1, 1, 1);

  const std::vector<uint32_t> r = readBuffer(d, out.get());
  for (UINT i = 0; i < 96; ++i) {
    const std::array<float, 4> dir{dirs[i * 4], dirs[i * 4 + 1], dirs[i * 4 + 2], 0};
    const FaceHit hit = selectFace(dir);
    const UINT x = std::min(3u, UINT(hit.s * 4)), y = std::min(3u, UINT(hit.t * 4));
    INFO("thread " << i << ": face " << hit.face << " texel " << x << "," << y);
    CHECK(hit.face == i / 16);  // the directions were made through face i / 16
    CHECK(asFloat(r[i * 12 + 0]) == cubeTexel(x, y, hit.face, 0));
    CHECK(asFloat(r[i * 12 + 1]) == cubeTexel(x / 2, y / 2, hit.face, 1));
    CHECK(asFloat(r[i * 12 + 2]) == cubeTexel(x, y, hit.face, 0, 1));
    CHECK(asFloat(r[i * 12 + 3]) == (0.3f < float(hit.face + 1) / 8 ? 1.0f : 0.0f));
    // gather4 at face (i % 6)'s centre: texels (1,2), (2,2), (2,1), (1,1).
    const UINT f = i % 6;
    CHECK(asFloat(r[i * 12 + 4]) == cubeTexel(1, 2, f, 0));
    CHECK(asFloat(r[i * 12 + 5]) == cubeTexel(2, 2, f, 0));
    CHECK(asFloat(r[i * 12 + 6]) == cubeTexel(2, 1, f, 0));
    CHECK(asFloat(r[i * 12 + 7]) == cubeTexel(1, 1, f, 0));
    for (UINT k = 0; k < 4; ++k) CHECK(asFloat(r[i * 12 + 8 + k]) == (0.3f < float(f + 1) / 8 ? 1.0f : 0.0f));
  }
  CHECK((r[288 * 4] == 2 && r[288 * 4 + 1] == 2 && r[288 * 4 + 2] == 0 && r[288 * 4 + 3] == 2));
  CHECK((r[289 * 4] == 4 && r[289 * 4 + 1] == 4 && r[289 * 4 + 2] == 2 && r[289 * 4 + 3] == 1));  // 2 cubes
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("Cube textures: an RTV of two faces cleared, and the runtime's rules for cube descs and views",
          "[resources][cube]") {
  Checked c;
  RenderDevice& d = c.d;
  D3D11_TEXTURE2D_DESC rd = cubeDesc(4, 1, 6, DXGI_FORMAT_R8G8B8A8_UNORM,
                                     D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Texture2D> t;
  REQUIRE(d->CreateTexture2D(&rd, nullptr, t.out()) == S_OK);
  Com<ID3D11RenderTargetView> all, two;
  REQUIRE(d->CreateRenderTargetView(t.get(), nullptr, all.out()) == S_OK);
  D3D11_RENDER_TARGET_VIEW_DESC got{};
  all->GetDesc(&got);
  CHECK((got.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2DARRAY && got.Texture2DArray.ArraySize == 6));
  D3D11_RENDER_TARGET_VIEW_DESC faces{};
  faces.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  faces.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DARRAY;
  faces.Texture2DArray = {0, 2, 2};
  REQUIRE(d->CreateRenderTargetView(t.get(), &faces, two.out()) == S_OK);
  const float black[4] = {0, 0, 0, 0}, white[4] = {1, 1, 1, 1};
  d.context->ClearRenderTargetView(all.get(), black);
  d.context->ClearRenderTargetView(two.get(), white);
  for (UINT f = 0; f < 6; ++f) {
    const std::vector<uint32_t> px = as<uint32_t>(readback(d, t.get(), f));
    for (uint32_t p : px) CHECK(p == (f == 2 || f == 3 ? 0xFFFFFFFFu : 0u));
  }
  CHECK(drainMessages(c.queue.get()).empty());

  auto rejected = [&](D3D11_TEXTURE2D_DESC desc, D3D11_MESSAGE_ID id) {
    Com<ID3D11Texture2D> r;
    CHECK(d->CreateTexture2D(&desc, nullptr, r.out()) == E_INVALIDARG);
    CHECK(!r);
    bool found = false;
    for (const StoredMessage& m : drainMessages(c.queue.get())) found = found || m.id == id;
    CHECK(found);
  };
  rejected(cubeDesc(4, 1, 5, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE),
           D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDDIMENSIONS);  // not a multiple of 6
  D3D11_TEXTURE2D_DESC wide = cubeDesc(4, 1, 6, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
  wide.Width = 8;
  rejected(wide, D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDDIMENSIONS);  // faces are square
  D3D11_TEXTURE2D_DESC mips = cubeDesc(4, 1, 6, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
  mips.MiscFlags = D3D11_RESOURCE_MISC_GENERATE_MIPS;  // needs RENDER_TARGET too
  rejected(mips, D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDMISCFLAGS);

  // A TEXTURECUBE view of a texture without the cube flag; a cube array past the last slice.
  D3D11_TEXTURE2D_DESC flat = cubeDesc(4, 1, 6, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
  flat.MiscFlags = 0;
  Com<ID3D11Texture2D> plain;
  REQUIRE(d->CreateTexture2D(&flat, nullptr, plain.out()) == S_OK);
  D3D11_SHADER_RESOURCE_VIEW_DESC sd{};
  sd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURECUBE;
  sd.TextureCube = {0, 1};
  Com<ID3D11ShaderResourceView> v;
  CHECK(d->CreateShaderResourceView(plain.get(), &sd, v.out()) == E_INVALIDARG);
  bool found = false;
  for (const StoredMessage& m : drainMessages(c.queue.get()))
    found = found || m.id == D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDESC;
  CHECK(found);
  sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURECUBEARRAY;
  sd.TextureCubeArray = {0, 1, 1, 1};  // faces 1..6 of a 6-face texture
  CHECK(d->CreateShaderResourceView(t.get(), &sd, v.out()) == E_INVALIDARG);
  found = false;
  for (const StoredMessage& m : drainMessages(c.queue.get()))
    found = found || m.id == D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDIMENSIONS;
  CHECK(found);
}
