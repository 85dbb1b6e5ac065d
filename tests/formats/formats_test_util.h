// tests/formats/formats_test_util.h — what the format tests share: a compute
// shader that reads every texel of one mip of a Texture2D (ld, or sample_l
// with a point sampler at texel centres) into a structured buffer of float4,
// and the comparison with CPU-decoded texels.
#pragma once

#include "compute_test_util.h"
#include "format_decoders.h"

#include <string>
#include <vector>

namespace d3dvk::test {

// u0[y * 8 + x] = t0.Load(x, y, MIP) over 8x8 threads.
inline std::string loadListing(UINT mip) {
  return R"(cs_5_0
dcl_resource_texture2d (float,float,float,float) t0
dcl_uav_structured u0, 16
dcl_input vThreadID.xy
dcl_temps 2
dcl_thread_group 8, 8, 1
mov r0.xy, vThreadID.xyxx
mov r0.zw, l(0, 0, 0, )" + std::to_string(mip) + R"()
ld r1.xyzw, r0.xyzw, t0.xyzw
imad r0.x, vThreadID.y, l(8), vThreadID.x
store_structured u0.xyzw, r0.x, l(0), r1.xyzw
ret
)";
}

// u0[y * 8 + x] = t0.SampleLevel(s0, ((x, y) + 0.5) / 8, 0): point sampling of an 8x8 mip 0.
inline const char kSampleListing[] = R"(cs_5_0
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_uav_structured u0, 16
dcl_input vThreadID.xy
dcl_temps 2
dcl_thread_group 8, 8, 1
utof r0.xy, vThreadID.xyxx
add r0.xy, r0.xyxx, l(0.5, 0.5, 0, 0)
mul r0.xy, r0.xyxx, l(0.125, 0.125, 0, 0)
sample_l r1.xyzw, r0.xyxx, t0.xyzw, s0, l(0)
imad r0.x, vThreadID.y, l(8), vThreadID.x
store_structured u0.xyzw, r0.x, l(0), r1.xyzw
ret
)";

// Runs `listing` over t0 = `view` (s0: a point sampler) and returns the 64 float4 it stores.
inline std::vector<Texel> readTexels(RenderDevice& d, ID3D11ShaderResourceView* view, const std::string& listing) {
  Com<ID3D11Buffer> out = makeDataBuffer(d, std::vector<uint32_t>(64 * 4, 0xDEADBEEF), D3D11_BIND_UNORDERED_ACCESS,
                                         D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16);
  Com<ID3D11UnorderedAccessView> uav = structuredUav(d, out.get(), 64);
  Com<ID3D11ComputeShader> cs = computeShader(d, listing.c_str());
  Com<ID3D11SamplerState> sampler = pointSampler(d);
  ID3D11SamplerState* samplers[] = {sampler.get()};
  d.context->CSSetShader(cs.get(), nullptr, 0);
  d.context->CSSetShaderResources(0, 1, &view);
  d.context->CSSetSamplers(0, 1, samplers);
  ID3D11UnorderedAccessView* uavs[] = {uav.get()};
  d.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  d.context->Dispatch(1, 1, 1);
  ID3D11ShaderResourceView* none = nullptr;
  d.context->CSSetShaderResources(0, 1, &none);
  const std::vector<uint32_t> words = readBuffer(d, out.get());
  std::vector<Texel> texels(64);
  std::memcpy(texels.data(), words.data(), 64 * 16);
  return texels;
}

inline Com<ID3D11ShaderResourceView> srvOf(RenderDevice& d, ID3D11Texture2D* texture,
                                           DXGI_FORMAT format = DXGI_FORMAT_UNKNOWN) {
  D3D11_TEXTURE2D_DESC desc;
  texture->GetDesc(&desc);
  D3D11_SHADER_RESOURCE_VIEW_DESC s{};
  s.Format = format == DXGI_FORMAT_UNKNOWN ? desc.Format : format;
  s.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
  s.Texture2D = {0, desc.MipLevels};
  Com<ID3D11ShaderResourceView> v;
  REQUIRE(d->CreateShaderResourceView(texture, &s, v.out()) == S_OK);
  return v;
}

// Compares the w x h texels read (row pitch 8) with `expected(x, y)` within `tolerance` per channel.
template <typename Expected>
void checkTexels(const std::vector<Texel>& got, UINT w, UINT h, float tolerance, Expected expected) {
  int mismatches = 0;
  for (UINT y = 0; y < h; ++y)
    for (UINT x = 0; x < w; ++x) {
      const Texel want = expected(x, y), have = got[y * 8 + x];
      for (int c = 0; c < 4; ++c)
        if (!(std::fabs(have[c] - want[c]) <= tolerance * std::max(1.0f, std::fabs(want[c]))) && mismatches++ < 8) {
          INFO("texel (" << x << ", " << y << ") channel " << c << ": got " << have[c] << ", want " << want[c]);
          CHECK(false);
        }
    }
  CHECK(mismatches == 0);
}

// As checkTexels, but each channel may match either `exact(x, y)` or
// `alternative(x, y)` (checkPackedTexels in test_packed_formats.cpp: a narrow
// UNORM channel read exactly or through its 8-bit bit-replicated widening).
template <typename Exact, typename Alternative>
void checkTexelsEither(const std::vector<Texel>& got, UINT w, UINT h, float tolerance, Exact exact,
                       Alternative alternative) {
  int mismatches = 0;
  for (UINT y = 0; y < h; ++y)
    for (UINT x = 0; x < w; ++x) {
      const Texel a = exact(x, y), b = alternative(x, y), have = got[y * 8 + x];
      for (int c = 0; c < 4; ++c)
        if (!(std::fabs(have[c] - a[c]) <= tolerance) && !(std::fabs(have[c] - b[c]) <= tolerance) &&
            mismatches++ < 8) {
          INFO("texel (" << x << ", " << y << ") channel " << c << ": got " << have[c] << ", want " << a[c]
                         << " (or " << b[c] << ")");
          CHECK(false);
        }
    }
  CHECK(mismatches == 0);
}

// A texel the device must return within a per-channel bound (format_decoders.h's
// bc*Bounds: D3D's own tolerance); `srgb`: an sRGB format, whose colour
// channels are measured on the sRGB side (`value` and `bound` there).
struct BoundedTexel {
  Texel value;
  Bound bound;
  bool srgb = false;
};

// Compares the w x h texels read (row pitch 8) with `expected(x, y)`, a
// BoundedTexel. sRGB channels: the result taken back to the sRGB side
// (linearToSrgb) within the bound plus D3D11.3's allowances there — 1 UNORM8
// ULP on input to linearization for more precise palette entries (19.5.6,
// BC1G) and 0.5 ULP for SRGB -> FLOAT itself (3.2.3.7); 0 and 1 stay exact.
template <typename Expected>
void checkTexelsWithin(const std::vector<Texel>& got, UINT w, UINT h, Expected expected) {
  int mismatches = 0;
  for (UINT y = 0; y < h; ++y)
    for (UINT x = 0; x < w; ++x) {
      const BoundedTexel want = expected(x, y);
      const Texel have = got[y * 8 + x];
      for (int c = 0; c < 4; ++c) {
        const bool srgb = want.srgb && c < 3;
        float error = std::fabs(have[c] - want.value[c]), bound = want.bound[c];
        if (srgb && bound > 0) error = std::fabs(linearToSrgb(have[c]) - want.value[c]), bound += 1.5f / 255;
        if (srgb && bound == 0) error = std::fabs(have[c] - srgbToLinear(want.value[c]));
        if (!(error <= bound) && mismatches++ < 8) {
          INFO("texel (" << x << ", " << y << ") channel " << c << ": got " << have[c] << (srgb ? " (linear)" : "")
                         << ", want " << want.value[c] << (srgb ? " (sRGB side)" : "") << " within " << bound);
          CHECK(false);
        }
      }
    }
  CHECK(mismatches == 0);
}

}  // namespace d3dvk::test
