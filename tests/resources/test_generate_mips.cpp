// tests/resources: ID3D11DeviceContext::GenerateMips on lavapipe, each mip
// compared with a CPU box filter of the level above (2x2, 2x2x2 for a volume)
// computed here from the uploaded data: a UNORM 2D chain (±1 per level for
// rounding), an sRGB texture filtered in linear space, the faces of a float
// cube, a float Texture3D, an SRV's mip range (mips outside it untouched) and
// an array SRV of one slice (other slices untouched), typed (sRGB, UNORM)
// views of typeless textures; a view of a texture
// without D3D11_RESOURCE_MISC_GENERATE_MIPS generates nothing and says why.
#include "resource_test_util.h"

#include <cmath>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

D3D11_TEXTURE2D_DESC mipDesc(UINT size, UINT mips, UINT slices, DXGI_FORMAT format, UINT misc) {
  D3D11_TEXTURE2D_DESC d{};
  d.Width = d.Height = size;
  d.MipLevels = mips;
  d.ArraySize = slices;
  d.Format = format;
  d.SampleDesc.Count = 1;
  d.Usage = D3D11_USAGE_DEFAULT;
  d.BindFlags = D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE;
  d.MiscFlags = misc;
  return d;
}

// A deterministic byte pattern.
uint8_t patternByte(UINT i) { return uint8_t((i * 73u + 17u) ^ (i >> 3)); }

// One 2x2 box-filtered level of `size`x`size` RGBA8 UNORM texels, rounded to nearest.
std::vector<uint8_t> boxUnorm(const std::vector<uint8_t>& src, UINT size) {
  const UINT half = size / 2;
  std::vector<uint8_t> out(half * half * 4);
  for (UINT y = 0; y < half; ++y)
    for (UINT x = 0; x < half; ++x)
      for (UINT c = 0; c < 4; ++c) {
        double sum = 0;
        for (UINT dy = 0; dy < 2; ++dy)
          for (UINT dx = 0; dx < 2; ++dx) sum += src[((2 * y + dy) * size + 2 * x + dx) * 4 + c];
        out[(y * half + x) * 4 + c] = uint8_t(std::lround(sum / 4));
      }
  return out;
}

// One box-filtered level of a `size`-wide float grid (`depth` 1: 2D, else a volume of that depth).
std::vector<float> boxFloat(const std::vector<float>& src, UINT size, UINT depth = 1) {
  const UINT half = size / 2, halfDepth = depth > 1 ? depth / 2 : 1;
  std::vector<float> out(half * half * halfDepth);
  for (UINT z = 0; z < halfDepth; ++z)
    for (UINT y = 0; y < half; ++y)
      for (UINT x = 0; x < half; ++x) {
        double sum = 0;
        const UINT dzs = depth > 1 ? 2 : 1;
        for (UINT dz = 0; dz < dzs; ++dz)
          for (UINT dy = 0; dy < 2; ++dy)
            for (UINT dx = 0; dx < 2; ++dx) sum += src[((dzs * z + dz) * size + 2 * y + dy) * size + 2 * x + dx];
        out[(z * half + y) * half + x] = float(sum / (4 * dzs));
      }
  return out;
}

double srgbToLinear(double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); }
double linearToSrgb(double l) { return l <= 0.0031308 ? l * 12.92 : 1.055 * std::pow(l, 1 / 2.4) - 0.055; }

Com<ID3D11ShaderResourceView> srv2D(RenderDevice& d, ID3D11Texture2D* t, DXGI_FORMAT f, UINT first, UINT count) {
  D3D11_SHADER_RESOURCE_VIEW_DESC sd{};
  sd.Format = f;
  sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
  sd.Texture2D = {first, count};
  Com<ID3D11ShaderResourceView> v;
  REQUIRE(d->CreateShaderResourceView(t, &sd, v.out()) == S_OK);
  return v;
}

}  // namespace

TEST_CASE("GenerateMips: a UNORM 2D chain, an SRV's mip range, and a texture without the flag",
          "[resources][generatemips]") {
  Checked c;
  RenderDevice& d = c.d;
  std::vector<std::vector<uint8_t>> levels{std::vector<uint8_t>(16 * 16 * 4)};
  for (UINT i = 0; i < levels[0].size(); ++i) levels[0][i] = patternByte(i);
  std::vector<uint8_t> zeros(16 * 16 * 4, 0);
  std::vector<D3D11_SUBRESOURCE_DATA> init{{levels[0].data(), 64, 0}};
  for (UINT m = 1; m < 5; ++m) init.push_back({zeros.data(), (16u >> m) * 4, 0});
  D3D11_TEXTURE2D_DESC desc = mipDesc(16, 5, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_RESOURCE_MISC_GENERATE_MIPS);
  Com<ID3D11Texture2D> t;
  REQUIRE(d->CreateTexture2D(&desc, init.data(), t.out()) == S_OK);
  Com<ID3D11ShaderResourceView> all;
  REQUIRE(d->CreateShaderResourceView(t.get(), nullptr, all.out()) == S_OK);
  d.context->GenerateMips(all.get());
  for (UINT m = 1; m < 5; ++m) {
    levels.push_back(boxUnorm(levels[m - 1], 16u >> (m - 1)));
    const std::vector<uint8_t> got = readback(d, t.get(), m);
    REQUIRE(got.size() == levels[m].size());
    for (size_t i = 0; i < got.size(); ++i) {
      INFO("mip " << m << " byte " << i);
      CHECK(std::abs(int(got[i]) - int(levels[m][i])) <= int(m));  // ±1 of rounding per level
    }
  }

  // An SRV of mips 2..3 of a fresh texture: mip 3 from mip 2; mips 1 and 4 keep their zeros.
  std::vector<uint8_t> mip2(4 * 4 * 4);
  for (UINT i = 0; i < mip2.size(); ++i) mip2[i] = patternByte(i + 5);
  std::vector<D3D11_SUBRESOURCE_DATA> init2{{zeros.data(), 64, 0}, {zeros.data(), 32, 0}, {mip2.data(), 16, 0},
                                            {zeros.data(), 8, 0}, {zeros.data(), 4, 0}};
  Com<ID3D11Texture2D> t2;
  REQUIRE(d->CreateTexture2D(&desc, init2.data(), t2.out()) == S_OK);
  Com<ID3D11ShaderResourceView> range = srv2D(d, t2.get(), DXGI_FORMAT_R8G8B8A8_UNORM, 2, 2);
  d.context->GenerateMips(range.get());
  const std::vector<uint8_t> expected3 = boxUnorm(mip2, 4), got3 = readback(d, t2.get(), 3);
  for (size_t i = 0; i < got3.size(); ++i) CHECK(std::abs(int(got3[i]) - int(expected3[i])) <= 1);
  for (UINT m : {1u, 4u})
    for (uint8_t b : readback(d, t2.get(), m)) CHECK(b == 0);
  CHECK(drainMessages(c.queue.get()).empty());

  // Without D3D11_RESOURCE_MISC_GENERATE_MIPS: a message, and mip 1 keeps its zeros.
  D3D11_TEXTURE2D_DESC plain = mipDesc(16, 5, 1, DXGI_FORMAT_R8G8B8A8_UNORM, 0);
  Com<ID3D11Texture2D> t3;
  REQUIRE(d->CreateTexture2D(&plain, init.data(), t3.out()) == S_OK);
  Com<ID3D11ShaderResourceView> v3;
  REQUIRE(d->CreateShaderResourceView(t3.get(), nullptr, v3.out()) == S_OK);
  const size_t before = c.ddiCalls("GenMips");
  d.context->GenerateMips(v3.get());
  CHECK(c.ddiCalls("GenMips") == before);
  const std::vector<StoredMessage> m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 1);
  CHECK(m[0].text.find("D3D11_RESOURCE_MISC_GENERATE_MIPS") != std::string::npos);
  for (uint8_t b : readback(d, t3.get(), 1)) CHECK(b == 0);
}

TEST_CASE("GenerateMips: sRGB filtered in linear space, a cube's faces, one slice of an array, a Texture3D",
          "[resources][generatemips]") {
  Checked c;
  RenderDevice& d = c.d;
  // sRGB: a 4x4 checker of 0 and 255 (per channel); linear average 0.5 → sRGB 188, not 128.
  std::vector<uint8_t> checker(4 * 4 * 4), zero(4 * 4 * 4, 0);
  for (UINT y = 0; y < 4; ++y)
    for (UINT x = 0; x < 4; ++x)
      for (UINT ch = 0; ch < 4; ++ch) checker[(y * 4 + x) * 4 + ch] = ch == 3 ? 255 : ((x + y) % 2 ? 255 : 0);
  const D3D11_SUBRESOURCE_DATA srgbInit[3] = {{checker.data(), 16, 0}, {zero.data(), 8, 0}, {zero.data(), 4, 0}};
  D3D11_TEXTURE2D_DESC sd = mipDesc(4, 3, 1, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, D3D11_RESOURCE_MISC_GENERATE_MIPS);
  Com<ID3D11Texture2D> srgb;
  REQUIRE(d->CreateTexture2D(&sd, srgbInit, srgb.out()) == S_OK);
  Com<ID3D11ShaderResourceView> sv;
  REQUIRE(d->CreateShaderResourceView(srgb.get(), nullptr, sv.out()) == S_OK);
  d.context->GenerateMips(sv.get());
  const int expected = int(std::lround(255 * linearToSrgb(0.5 * (srgbToLinear(0) + srgbToLinear(1)))));
  CHECK(expected == 188);
  for (UINT m = 1; m < 3; ++m) {
    const std::vector<uint8_t> got = readback(d, srgb.get(), m);
    for (size_t i = 0; i < got.size(); ++i) {
      INFO("mip " << m << " byte " << i);
      CHECK(std::abs(int(got[i]) - (i % 4 == 3 ? 255 : expected)) <= 1);
    }
  }

  // A float cube, 8x8 faces, 4 mips: every face's chain.
  auto faceValue = [](UINT f, UINT x, UINT y) { return float(f * 1000 + (x * 37 + y * 11) % 64) * 0.25f; };
  std::vector<std::vector<float>> cubeData;
  std::vector<D3D11_SUBRESOURCE_DATA> cubeInit;
  for (UINT f = 0; f < 6; ++f)
    for (UINT m = 0; m < 4; ++m) {
      const UINT size = 8u >> m;
      cubeData.emplace_back(size * size, -1.0f);
      if (m == 0)
        for (UINT y = 0; y < 8; ++y)
          for (UINT x = 0; x < 8; ++x) cubeData.back()[y * 8 + x] = faceValue(f, x, y);
    }
  for (UINT i = 0; i < cubeData.size(); ++i) cubeInit.push_back({cubeData[i].data(), (8u >> (i % 4)) * 4, 0});
  D3D11_TEXTURE2D_DESC cd = mipDesc(8, 4, 6, DXGI_FORMAT_R32_FLOAT,
                                    D3D11_RESOURCE_MISC_GENERATE_MIPS | D3D11_RESOURCE_MISC_TEXTURECUBE);
  Com<ID3D11Texture2D> cube;
  REQUIRE(d->CreateTexture2D(&cd, cubeInit.data(), cube.out()) == S_OK);
  Com<ID3D11ShaderResourceView> cv;
  REQUIRE(d->CreateShaderResourceView(cube.get(), nullptr, cv.out()) == S_OK);  // TEXTURECUBE
  d.context->GenerateMips(cv.get());
  for (UINT f = 0; f < 6; ++f) {
    std::vector<float> level = cubeData[f * 4];
    for (UINT m = 1; m < 4; ++m) {
      level = boxFloat(level, 8u >> (m - 1));
      const std::vector<float> got = as<float>(readback(d, cube.get(), f * 4 + m));
      REQUIRE(got.size() == level.size());
      for (size_t i = 0; i < got.size(); ++i) {
        INFO("face " << f << " mip " << m << " texel " << i);
        CHECK(std::fabs(got[i] - level[i]) <= 1e-3f);
      }
    }
  }

  // A 2-slice array, an SRV of slice 1 only: slice 0's mip 1 keeps its -1s.
  std::vector<float> s0(16), s1(16), fill(4, -1.0f);
  for (UINT i = 0; i < 16; ++i) s0[i] = float(i), s1[i] = float(i * i);
  const D3D11_SUBRESOURCE_DATA arrInit[4] = {{s0.data(), 16, 0}, {fill.data(), 8, 0}, {s1.data(), 16, 0}, {fill.data(), 8, 0}};
  D3D11_TEXTURE2D_DESC ad = mipDesc(4, 2, 2, DXGI_FORMAT_R32_FLOAT, D3D11_RESOURCE_MISC_GENERATE_MIPS);
  Com<ID3D11Texture2D> arr;
  REQUIRE(d->CreateTexture2D(&ad, arrInit, arr.out()) == S_OK);
  D3D11_SHADER_RESOURCE_VIEW_DESC av{};
  av.Format = DXGI_FORMAT_R32_FLOAT;
  av.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DARRAY;
  av.Texture2DArray = {0, UINT(-1), 1, UINT(-1)};
  Com<ID3D11ShaderResourceView> arrView;
  REQUIRE(d->CreateShaderResourceView(arr.get(), &av, arrView.out()) == S_OK);
  D3D11_SHADER_RESOURCE_VIEW_DESC got{};
  arrView->GetDesc(&got);
  CHECK((got.Texture2DArray.MipLevels == 2 && got.Texture2DArray.FirstArraySlice == 1 && got.Texture2DArray.ArraySize == 1));
  d.context->GenerateMips(arrView.get());
  const std::vector<float> e1 = boxFloat(s1, 4), g1 = as<float>(readback(d, arr.get(), 3)), g0 = as<float>(readback(d, arr.get(), 1));
  for (size_t i = 0; i < 4; ++i) {
    CHECK(std::fabs(g1[i] - e1[i]) <= 1e-4f);
    CHECK(g0[i] == -1.0f);
  }

  // A float Texture3D, 4x4x4, 3 mips: 2x2x2 boxes.
  std::vector<float> vol(64), v1(8, -1.0f), v2(1, -1.0f);
  for (UINT i = 0; i < 64; ++i) vol[i] = float((i * 29) % 64);
  const D3D11_SUBRESOURCE_DATA volInit[3] = {{vol.data(), 16, 64}, {v1.data(), 8, 16}, {v2.data(), 4, 4}};
  D3D11_TEXTURE3D_DESC vd{4, 4, 4, 3, DXGI_FORMAT_R32_FLOAT, D3D11_USAGE_DEFAULT,
                          D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, 0, D3D11_RESOURCE_MISC_GENERATE_MIPS};
  Com<ID3D11Texture3D> volume;
  REQUIRE(d->CreateTexture3D(&vd, volInit, volume.out()) == S_OK);
  Com<ID3D11ShaderResourceView> vv;
  REQUIRE(d->CreateShaderResourceView(volume.get(), nullptr, vv.out()) == S_OK);
  d.context->GenerateMips(vv.get());
  const std::vector<float> ev1 = boxFloat(vol, 4, 4), ev2 = boxFloat(ev1, 2, 2);
  const std::vector<float> gv1 = as<float>(readback(d, volume.get(), 1)), gv2 = as<float>(readback(d, volume.get(), 2));
  REQUIRE((gv1.size() == 8 && gv2.size() == 1));
  for (size_t i = 0; i < 8; ++i) CHECK(std::fabs(gv1[i] - ev1[i]) <= 1e-4f);
  CHECK(std::fabs(gv2[0] - ev2[0]) <= 1e-4f);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("GenerateMips: typed views of typeless textures filter in the view's format (sRGB in linear space)",
          "[resources][generatemips]") {
  Checked c;
  RenderDevice& d = c.d;
  // R8G8B8A8_TYPELESS, 8x8, 4 mips; an R8G8B8A8_UNORM_SRGB view of mips 1..3. Mip 1 is a checker of 0 and 255
  // (alpha 255): mips 2 and 3 are the linear-space average 0.5 → sRGB 188 (a UNORM filter would give 128).
  std::vector<uint8_t> top(8 * 8 * 4, 7), checker(4 * 4 * 4), zero(8 * 8 * 4, 0);
  for (UINT y = 0; y < 4; ++y)
    for (UINT x = 0; x < 4; ++x)
      for (UINT ch = 0; ch < 4; ++ch) checker[(y * 4 + x) * 4 + ch] = ch == 3 ? 255 : ((x + y) % 2 ? 255 : 0);
  const D3D11_SUBRESOURCE_DATA init[4] = {
      {top.data(), 32, 0}, {checker.data(), 16, 0}, {zero.data(), 8, 0}, {zero.data(), 4, 0}};
  D3D11_TEXTURE2D_DESC desc = mipDesc(8, 4, 1, DXGI_FORMAT_R8G8B8A8_TYPELESS, D3D11_RESOURCE_MISC_GENERATE_MIPS);
  Com<ID3D11Texture2D> t;
  REQUIRE(d->CreateTexture2D(&desc, init, t.out()) == S_OK);
  Com<ID3D11ShaderResourceView> srgb = srv2D(d, t.get(), DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, 1, UINT(-1));
  d.context->GenerateMips(srgb.get());
  const int expected = int(std::lround(255 * linearToSrgb(0.5 * (srgbToLinear(0) + srgbToLinear(1)))));
  for (UINT m = 2; m < 4; ++m) {
    const std::vector<uint8_t> got = readback(d, t.get(), m);
    REQUIRE(got.size() == size_t((8u >> m) * (8u >> m) * 4));
    for (size_t i = 0; i < got.size(); ++i) {
      INFO("mip " << m << " byte " << i);
      CHECK(std::abs(int(got[i]) - (i % 4 == 3 ? 255 : expected)) <= 1);
    }
  }
  for (uint8_t b : readback(d, t.get(), 0)) CHECK(b == 7);  // above the view: untouched
  for (uint8_t b : readback(d, t.get(), 1)) CHECK((b == 0 || b == 255));

  // The same family through an R8G8B8A8_UNORM view of a 2-slice array, slice 1: a UNORM box filter per level;
  // slice 0 keeps its zeros.
  std::vector<std::vector<uint8_t>> levels{std::vector<uint8_t>(8 * 8 * 4)};
  for (UINT i = 0; i < levels[0].size(); ++i) levels[0][i] = patternByte(i);
  std::vector<D3D11_SUBRESOURCE_DATA> arrInit;
  for (UINT s = 0; s < 2; ++s)
    for (UINT m = 0; m < 4; ++m)
      arrInit.push_back({s == 1 && m == 0 ? levels[0].data() : zero.data(), (8u >> m) * 4, 0});
  D3D11_TEXTURE2D_DESC ad = mipDesc(8, 4, 2, DXGI_FORMAT_R8G8B8A8_TYPELESS, D3D11_RESOURCE_MISC_GENERATE_MIPS);
  Com<ID3D11Texture2D> arr;
  REQUIRE(d->CreateTexture2D(&ad, arrInit.data(), arr.out()) == S_OK);
  D3D11_SHADER_RESOURCE_VIEW_DESC av{};
  av.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  av.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DARRAY;
  av.Texture2DArray = {0, UINT(-1), 1, 1};
  Com<ID3D11ShaderResourceView> unorm;
  REQUIRE(d->CreateShaderResourceView(arr.get(), &av, unorm.out()) == S_OK);
  d.context->GenerateMips(unorm.get());
  for (UINT m = 1; m < 4; ++m) {
    levels.push_back(boxUnorm(levels[m - 1], 8u >> (m - 1)));
    const std::vector<uint8_t> got = readback(d, arr.get(), 4 + m);
    REQUIRE(got.size() == levels[m].size());
    for (size_t i = 0; i < got.size(); ++i) {
      INFO("slice 1 mip " << m << " byte " << i);
      CHECK(std::abs(int(got[i]) - int(levels[m][i])) <= int(m));
    }
    for (uint8_t b : readback(d, arr.get(), m)) CHECK(b == 0);
  }
  CHECK(drainMessages(c.queue.get()).empty());
}
