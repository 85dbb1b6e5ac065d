// tests/compute: typed UAV loads (ld_uav_typed) beyond R32, as D3D11.3 defines
// them: FORMAT_SUPPORT2_UAV_TYPED_LOAD and OPTIONS2.TypedUAVLoadAdditionalFormats
// answer truthfully — every format the query claims is created with known
// texels, loaded in a cs_5_0 shader through a UAV of its format and compared
// with the values this test decodes from the bytes itself (UNORM/SNORM/FLOAT
// conversions, missing channels 0 and alpha 1); D3D's "as a set" formats are
// claimed all or none; formats outside D3D's lists are never claimed. The test
// covers whatever the device claims: on Debian 12's lavapipe (no
// shaderStorageImageReadWithoutFormat) the R32 formats only; on a device with
// the feature, the set and the optional formats its storage images read.
#include "compute_test_util.h"

#include <cmath>
#include <cstdio>

using namespace d3dvk::test;

namespace {

enum class Kind { Unorm, Snorm, Uint, Sint, Float };

// A format's texel: bit fields from the least significant bit up, each the
// channel (0 R, 1 G, 2 B, 3 A) it holds; floats of 11 and 10 bits are
// R11G11B10's unsigned small floats.
struct Field {
  int channel, bits;
};
struct FormatCase {
  DXGI_FORMAT format;
  const char* name;
  Kind kind;
  std::vector<Field> fields;
};

std::vector<FormatCase> candidates() {
  auto rgba = [](int bits, int count) {
    std::vector<Field> f;
    for (int c = 0; c < count; ++c) f.push_back({c, bits});
    return f;
  };
  using K = Kind;
#define F(fmt) DXGI_FORMAT_##fmt, #fmt
  return {
      {F(R32_FLOAT), K::Float, rgba(32, 1)},           {F(R32_UINT), K::Uint, rgba(32, 1)},
      {F(R32_SINT), K::Sint, rgba(32, 1)},             {F(R32G32B32A32_FLOAT), K::Float, rgba(32, 4)},
      {F(R32G32B32A32_UINT), K::Uint, rgba(32, 4)},    {F(R32G32B32A32_SINT), K::Sint, rgba(32, 4)},
      {F(R16G16B16A16_FLOAT), K::Float, rgba(16, 4)},  {F(R16G16B16A16_UINT), K::Uint, rgba(16, 4)},
      {F(R16G16B16A16_SINT), K::Sint, rgba(16, 4)},    {F(R8G8B8A8_UNORM), K::Unorm, rgba(8, 4)},
      {F(R8G8B8A8_UINT), K::Uint, rgba(8, 4)},         {F(R8G8B8A8_SINT), K::Sint, rgba(8, 4)},
      {F(R16_FLOAT), K::Float, rgba(16, 1)},           {F(R16_UINT), K::Uint, rgba(16, 1)},
      {F(R16_SINT), K::Sint, rgba(16, 1)},             {F(R8_UNORM), K::Unorm, rgba(8, 1)},
      {F(R8_UINT), K::Uint, rgba(8, 1)},               {F(R8_SINT), K::Sint, rgba(8, 1)},
      {F(R16G16B16A16_UNORM), K::Unorm, rgba(16, 4)},  {F(R16G16B16A16_SNORM), K::Snorm, rgba(16, 4)},
      {F(R32G32_FLOAT), K::Float, rgba(32, 2)},        {F(R32G32_UINT), K::Uint, rgba(32, 2)},
      {F(R32G32_SINT), K::Sint, rgba(32, 2)},          {F(R10G10B10A2_UNORM), K::Unorm, {{0, 10}, {1, 10}, {2, 10}, {3, 2}}},
      {F(R10G10B10A2_UINT), K::Uint, {{0, 10}, {1, 10}, {2, 10}, {3, 2}}},
      {F(R11G11B10_FLOAT), K::Float, {{0, 11}, {1, 11}, {2, 10}}},
      {F(R8G8B8A8_SNORM), K::Snorm, rgba(8, 4)},       {F(R16G16_FLOAT), K::Float, rgba(16, 2)},
      {F(R16G16_UNORM), K::Unorm, rgba(16, 2)},        {F(R16G16_UINT), K::Uint, rgba(16, 2)},
      {F(R16G16_SNORM), K::Snorm, rgba(16, 2)},        {F(R16G16_SINT), K::Sint, rgba(16, 2)},
      {F(R8G8_UNORM), K::Unorm, rgba(8, 2)},           {F(R8G8_UINT), K::Uint, rgba(8, 2)},
      {F(R8G8_SNORM), K::Snorm, rgba(8, 2)},           {F(R8G8_SINT), K::Sint, rgba(8, 2)},
      {F(R16_UNORM), K::Unorm, rgba(16, 1)},           {F(R16_SNORM), K::Snorm, rgba(16, 1)},
      {F(R8_SNORM), K::Snorm, rgba(8, 1)},
      {F(B5G6R5_UNORM), K::Unorm, {{2, 5}, {1, 6}, {0, 5}}},
      {F(B5G5R5A1_UNORM), K::Unorm, {{2, 5}, {1, 5}, {0, 5}, {3, 1}}},
      {F(B4G4R4A4_UNORM), K::Unorm, {{2, 4}, {1, 4}, {0, 4}, {3, 4}}},
  };
#undef F
}

bool inSet(DXGI_FORMAT f) {
  for (DXGI_FORMAT s : {DXGI_FORMAT_R32G32B32A32_FLOAT, DXGI_FORMAT_R32G32B32A32_UINT, DXGI_FORMAT_R32G32B32A32_SINT,
                        DXGI_FORMAT_R16G16B16A16_FLOAT, DXGI_FORMAT_R16G16B16A16_UINT, DXGI_FORMAT_R16G16B16A16_SINT,
                        DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R8G8B8A8_UINT, DXGI_FORMAT_R8G8B8A8_SINT,
                        DXGI_FORMAT_R16_FLOAT, DXGI_FORMAT_R16_UINT, DXGI_FORMAT_R16_SINT, DXGI_FORMAT_R8_UNORM,
                        DXGI_FORMAT_R8_UINT, DXGI_FORMAT_R8_SINT})
    if (s == f) return true;
  return false;
}

// Float values with exact representations, as bits of a channel of `bits` bits.
uint32_t floatPattern(int bits, uint32_t i) {
  static const float f32[] = {1.5f, -0.25f, 100.0f, 3.0f, -7.125f, 0.5f, 65504.0f, 0.0f};
  static const uint32_t f16[] = {0x3C00, 0xC100, 0x3800, 0x4600, 0xB400, 0x5640, 0x0000, 0x7BFF};  // 1, -2.5, .5, 6, -.25, 100, 0, 65504
  if (bits == 32) {
    uint32_t u;
    std::memcpy(&u, &f32[i % 8], 4);
    return u;
  }
  if (bits == 16) return f16[i % 8];
  // 11- and 10-bit unsigned floats: exponent 10..17, any mantissa.
  const uint32_t mantissaBits = bits - 5, exponent = 10 + i % 8;
  return (exponent << mantissaBits) | ((i * 7 + 3) & ((1u << mantissaBits) - 1));
}

float halfToFloat(uint32_t h) {
  const uint32_t sign = h >> 15, exponent = (h >> 10) & 31, mantissa = h & 1023;
  float v = exponent == 0 ? std::ldexp(float(mantissa), -24) : std::ldexp(float(mantissa | 1024), int(exponent) - 25);
  return sign ? -v : v;
}

float smallFloat(uint32_t v, int bits) {  // R11G11B10's 5-bit exponent, no sign
  const int mantissaBits = bits - 5;
  const uint32_t exponent = v >> mantissaBits, mantissa = v & ((1u << mantissaBits) - 1);
  if (exponent == 0) return std::ldexp(float(mantissa), -14 - mantissaBits);
  return std::ldexp(float(mantissa | (1u << mantissaBits)), int(exponent) - 15 - mantissaBits);
}

// What ld_uav_typed returns for channel value `raw` of `bits` bits (as the 32 bits of a float, uint or int).
uint32_t decoded(Kind kind, int bits, uint32_t raw) {
  float f = 0;
  switch (kind) {
    case Kind::Uint: return raw;
    case Kind::Sint: return bits == 32 ? raw : uint32_t(int32_t(raw << (32 - bits)) >> (32 - bits));
    case Kind::Unorm: f = float(double(raw) / double((uint64_t(1) << bits) - 1)); break;
    case Kind::Snorm: {
      const int32_t v = int32_t(raw << (32 - bits)) >> (32 - bits);
      f = float(std::max(double(v) / double((1u << (bits - 1)) - 1), -1.0));
      break;
    }
    case Kind::Float: {
      if (bits == 32) return raw;
      f = bits == 16 ? halfToFloat(raw) : smallFloat(raw, bits);
      break;
    }
  }
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

std::string loadShader(Kind kind) {
  const char* type = kind == Kind::Uint ? "uint" : kind == Kind::Sint ? "sint" : "float";
  char text[600];
  std::snprintf(text, sizeof text, R"(cs_5_0
dcl_uav_typed_texture2d (%s,%s,%s,%s) u0
dcl_uav_raw u1
dcl_input vThreadID.xy
dcl_temps 2
dcl_thread_group 4, 2, 1
ld_uav_typed r0.xyzw, vThreadID.xyyy, u0.xyzw
imad r1.x, vThreadID.y, l(4), vThreadID.x
ishl r1.x, r1.x, l(4)
store_raw u1.xyzw, r1.x, r0.xyzw
ret
)",
                type, type, type, type);
  return text;
}

}  // namespace

TEST_CASE("typed UAV loads: every format FORMAT_SUPPORT2 claims loads its texels in cs_5_0 and D3D's set is claimed all or none",
          "[compute][uav][formats]") {
  Checked c;
  RenderDevice& d = c.d;
  D3D11_FEATURE_DATA_D3D11_OPTIONS2 options{};
  REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2, &options, sizeof options) == S_OK);
  int claimedSet = 0, setSize = 0, loaded = 0;
  for (const FormatCase& fc : candidates()) {
    INFO(fc.name);
    D3D11_FEATURE_DATA_FORMAT_SUPPORT2 s2{fc.format, 0};
    const HRESULT hr = d->CheckFeatureSupport(D3D11_FEATURE_FORMAT_SUPPORT2, &s2, sizeof s2);
    const bool claimed = SUCCEEDED(hr) && (s2.OutFormatSupport2 & D3D11_FORMAT_SUPPORT2_UAV_TYPED_LOAD);
    if (inSet(fc.format)) {
      ++setSize;
      claimedSet += claimed;
      CHECK(claimed == bool(options.TypedUAVLoadAdditionalFormats));
    }
    if (fc.format == DXGI_FORMAT_R32_FLOAT || fc.format == DXGI_FORMAT_R32_UINT || fc.format == DXGI_FORMAT_R32_SINT)
      CHECK(claimed);  // every D3D11.0 device
    if (!claimed) continue;
    D3D11_FEATURE_DATA_FORMAT_SUPPORT s1{fc.format, 0};
    REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_FORMAT_SUPPORT, &s1, sizeof s1) == S_OK);
    CHECK((s1.OutFormatSupport & D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW) != 0);

    // 4x2 texels, each field a distinct value; texel sizes are 1, 2, 4, 8 or 16 bytes.
    int texelBits = 0;
    for (const Field& f : fc.fields) texelBits += f.bits;
    const UINT texelBytes = UINT(texelBits / 8);
    std::vector<uint8_t> bytes(8 * texelBytes);
    std::vector<std::array<uint32_t, 4>> expected(8);
    for (uint32_t t = 0; t < 8; ++t) {
      std::array<uint32_t, 4> e{};
      const bool integer = fc.kind == Kind::Uint || fc.kind == Kind::Sint;
      const float one = 1.0f;
      uint32_t oneBits;
      std::memcpy(&oneBits, &one, 4);
      e[3] = integer ? 1u : oneBits;  // a missing alpha reads 1; missing G, B read 0
      int shift = 0;
      for (size_t i = 0; i < fc.fields.size(); ++i) {
        const Field& f = fc.fields[i];
        const uint32_t mask = f.bits == 32 ? ~0u : (1u << f.bits) - 1;
        const uint32_t raw = fc.kind == Kind::Float ? floatPattern(f.bits, t * 4 + uint32_t(i))
                                                     : ((t * 4 + uint32_t(i)) * 2654435761u >> 7) & mask;
        e[f.channel] = decoded(fc.kind, f.bits, raw);
        for (int b = 0; b < f.bits; ++b)
          if (raw >> b & 1) bytes[t * texelBytes + (shift + b) / 8] |= uint8_t(1u << ((shift + b) % 8));
        shift += f.bits;
      }
      expected[t] = e;
    }
    D3D11_TEXTURE2D_DESC td = texture2DDesc(4, 2, fc.format, D3D11_BIND_UNORDERED_ACCESS);
    const D3D11_SUBRESOURCE_DATA init{bytes.data(), 4 * texelBytes, 0};
    Com<ID3D11Texture2D> texture;
    REQUIRE(d->CreateTexture2D(&td, &init, texture.out()) == S_OK);
    D3D11_UNORDERED_ACCESS_VIEW_DESC uv{};
    uv.Format = fc.format;
    uv.ViewDimension = D3D11_UAV_DIMENSION_TEXTURE2D;
    Com<ID3D11UnorderedAccessView> view;
    REQUIRE(d->CreateUnorderedAccessView(texture.get(), &uv, view.out()) == S_OK);
    Com<ID3D11Buffer> out = makeDataBuffer(d, std::vector<uint32_t>(32, 0xDEADu), D3D11_BIND_UNORDERED_ACCESS,
                                           D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
    Com<ID3D11UnorderedAccessView> outView = rawUav(d, out.get(), 32);
    const std::string listing = loadShader(fc.kind);
    Com<ID3D11ComputeShader> cs = computeShader(d, listing.c_str());
    d.context->CSSetShader(cs.get(), nullptr, 0);
    ID3D11UnorderedAccessView* uavs[] = {view.get(), outView.get()};
    d.context->CSSetUnorderedAccessViews(0, 2, uavs, nullptr);
    d.context->Dispatch(1, 1, 1);
    ID3D11UnorderedAccessView* none[2] = {};
    d.context->CSSetUnorderedAccessViews(0, 2, none, nullptr);
    const std::vector<uint32_t> o = readBuffer(d, out.get());
    for (uint32_t t = 0; t < 8; ++t)
      for (int ch = 0; ch < 4; ++ch) {
        INFO("texel " << t << " channel " << ch << " got 0x" << std::hex << o[t * 4 + ch] << " expected 0x"
                      << expected[t][ch]);
        if (fc.kind == Kind::Unorm || fc.kind == Kind::Snorm) {
          float got, want;
          std::memcpy(&got, &o[t * 4 + ch], 4);
          std::memcpy(&want, &expected[t][ch], 4);
          CHECK(std::fabs(got - want) <= 1e-6f);
        } else {
          CHECK(o[t * 4 + ch] == expected[t][ch]);
        }
      }
    ++loaded;
  }
  CHECK((claimedSet == 0 || claimedSet == setSize));
  CHECK(loaded >= 3);
  // Formats outside D3D's typed-load lists are never claimed, whatever the device stores.
  for (DXGI_FORMAT f : {DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, DXGI_FORMAT_B8G8R8A8_UNORM, DXGI_FORMAT_R32G32B32_FLOAT}) {
    INFO("format " << int(f));
    D3D11_FEATURE_DATA_FORMAT_SUPPORT2 s2{f, 0};
    d->CheckFeatureSupport(D3D11_FEATURE_FORMAT_SUPPORT2, &s2, sizeof s2);
    CHECK(!(s2.OutFormatSupport2 & D3D11_FORMAT_SUPPORT2_UAV_TYPED_LOAD));
  }
  CHECK(drainMessages(c.queue.get()).empty());
}
