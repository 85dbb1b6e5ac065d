// tests/formats/format_decoders.h — CPU decoders the format tests compare the
// GPU's reads with, written here from the public format descriptions (the
// D3D11 functional spec's texture formats and Microsoft's "Texture Block
// Compression in Direct3D 11" pages), independent of d3dvk: BC1–BC5, BC6H
// (mode 11, the 10-bit single-region mode), BC7 (modes 5 and 6, the
// single-subset ones), small floats (R11G11B10, R9G9B9E5, halves), packed
// UNORM formats, and the sRGB curve. Plus a little bit writer for hand-built blocks.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <algorithm>

namespace d3dvk::test {

using Texel = std::array<float, 4>;
using Block = std::array<Texel, 16>;  // texel (x, y) of a 4x4 block at [y * 4 + x]

// Writes fields LSB-first into a block of up to 16 bytes (the BC bit order).
struct BitWriter {
  uint8_t bytes[16] = {};
  uint32_t at = 0;
  void put(uint64_t value, uint32_t bits) {
    for (uint32_t i = 0; i < bits; ++i, ++at)
      if ((value >> i) & 1) bytes[at / 8] |= uint8_t(1u << (at % 8));
  }
};

struct BitReader {
  const uint8_t* bytes;
  uint32_t at = 0;
  uint32_t get(uint32_t bits) {
    uint32_t v = 0;
    for (uint32_t i = 0; i < bits; ++i, ++at) v |= uint32_t((bytes[at / 8] >> (at % 8)) & 1) << i;
    return v;
  }
};

inline float srgbToLinear(float c) { return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f); }

inline float halfToFloat(uint32_t h) {
  const uint32_t sign = (h >> 15) & 1, e = (h >> 10) & 31, m = h & 1023;
  float v = e == 0 ? std::ldexp(float(m), -24) : e == 31 ? INFINITY : std::ldexp(1.0f + float(m) / 1024.0f, int(e) - 15);
  return sign ? -v : v;
}

// An unsigned float of 5 exponent bits and `mantissaBits` mantissa bits (R11G11B10's channels).
inline float smallFloat(uint32_t bits, uint32_t mantissaBits) {
  const uint32_t e = bits >> mantissaBits, m = bits & ((1u << mantissaBits) - 1);
  const float scale = float(1u << mantissaBits);
  if (e == 0) return std::ldexp(float(m) / scale, -14);
  if (e == 31) return m ? NAN : INFINITY;
  return std::ldexp(1.0f + float(m) / scale, int(e) - 15);
}

inline Texel decodeR11G11B10(uint32_t v) {
  return {smallFloat(v & 0x7FF, 6), smallFloat((v >> 11) & 0x7FF, 6), smallFloat(v >> 22, 5), 1.0f};
}
// Shared exponent: each 9-bit mantissa × 2^(E − 15 − 9).
inline Texel decodeR9G9B9E5(uint32_t v) {
  const int e = int(v >> 27) - 15 - 9;
  return {std::ldexp(float(v & 511), e), std::ldexp(float((v >> 9) & 511), e), std::ldexp(float((v >> 18) & 511), e), 1.0f};
}
inline float unorm(uint32_t v, uint32_t bits) { return float(v) / float((1u << bits) - 1); }
inline Texel decodeR10G10B10A2(uint32_t v) {
  return {unorm(v & 1023, 10), unorm((v >> 10) & 1023, 10), unorm((v >> 20) & 1023, 10), unorm(v >> 30, 2)};
}
// DXGI names channels from the least significant bit: B5G6R5 has blue in bits 0–4.
inline Texel decodeB5G6R5(uint16_t v) { return {unorm(v >> 11, 5), unorm((v >> 5) & 63, 6), unorm(v & 31, 5), 1.0f}; }
inline Texel decodeB5G5R5A1(uint16_t v) {
  return {unorm((v >> 10) & 31, 5), unorm((v >> 5) & 31, 5), unorm(v & 31, 5), float(v >> 15)};
}
inline Texel decodeB4G4R4A4(uint16_t v) {
  return {unorm((v >> 8) & 15, 4), unorm((v >> 4) & 15, 4), unorm(v & 15, 4), unorm(v >> 12, 4)};
}

// BC1's colour half (also BC2's and BC3's, which always use the four-colour mode).
inline void decodeBc1Colors(const uint8_t* b, bool punchThrough, Block& out) {
  const uint32_t c0 = b[0] | (b[1] << 8), c1 = b[2] | (b[3] << 8);
  const uint32_t indices = b[4] | (b[5] << 8) | (b[6] << 16) | (uint32_t(b[7]) << 24);
  const Texel e0 = decodeB5G6R5(uint16_t(c0)), e1 = decodeB5G6R5(uint16_t(c1));
  Texel palette[4] = {e0, e1};
  const bool four = !punchThrough || c0 > c1;
  for (int c = 0; c < 3; ++c) {
    if (four) {
      palette[2][c] = (2 * e0[c] + e1[c]) / 3;
      palette[3][c] = (e0[c] + 2 * e1[c]) / 3;
    } else {
      palette[2][c] = (e0[c] + e1[c]) / 2;
      palette[3][c] = 0;
    }
  }
  palette[2][3] = 1;
  palette[3][3] = four ? 1.0f : 0.0f;
  for (int i = 0; i < 16; ++i) out[i] = palette[(indices >> (2 * i)) & 3];
}

// BC3's alpha / BC4's channel: two endpoints and 3-bit indices (UNORM, or SNORM for BC4/BC5 SNORM).
inline void decodeBc4Channel(const uint8_t* b, bool snorm, Block& out, int channel) {
  float e0, e1;
  if (snorm) {
    e0 = std::max(-1.0f, float(int8_t(b[0])) / 127.0f);
    e1 = std::max(-1.0f, float(int8_t(b[1])) / 127.0f);
  } else {
    e0 = b[0] / 255.0f;
    e1 = b[1] / 255.0f;
  }
  const bool eight = snorm ? int8_t(b[0]) > int8_t(b[1]) : b[0] > b[1];
  float palette[8] = {e0, e1};
  if (eight) {
    for (int i = 1; i < 7; ++i) palette[i + 1] = ((7 - i) * e0 + i * e1) / 7;
  } else {
    for (int i = 1; i < 5; ++i) palette[i + 1] = ((5 - i) * e0 + i * e1) / 5;
    palette[6] = snorm ? -1.0f : 0.0f;
    palette[7] = 1.0f;
  }
  uint64_t indices = 0;
  for (int i = 0; i < 6; ++i) indices |= uint64_t(b[2 + i]) << (8 * i);
  for (int i = 0; i < 16; ++i) out[i][channel] = palette[(indices >> (3 * i)) & 7];
}

inline Block decodeBc1(const uint8_t* b) {
  Block out{};
  decodeBc1Colors(b, true, out);
  return out;
}
inline Block decodeBc2(const uint8_t* b) {
  Block out{};
  decodeBc1Colors(b + 8, false, out);
  for (int i = 0; i < 16; ++i) out[i][3] = unorm((b[i / 2] >> (4 * (i % 2))) & 15, 4);
  return out;
}
inline Block decodeBc3(const uint8_t* b) {
  Block out{};
  decodeBc1Colors(b + 8, false, out);
  decodeBc4Channel(b, false, out, 3);
  return out;
}
inline Block decodeBc4(const uint8_t* b, bool snorm) {
  Block out{};
  for (Texel& t : out) t = {0, 0, 0, 1};
  decodeBc4Channel(b, snorm, out, 0);
  return out;
}
inline Block decodeBc5(const uint8_t* b, bool snorm) {
  Block out{};
  for (Texel& t : out) t = {0, 0, 0, 1};
  decodeBc4Channel(b, snorm, out, 0);
  decodeBc4Channel(b + 8, snorm, out, 1);
  return out;
}

// D3D's error bound on decoded BC1–BC5 texels (D3D11.3 functional spec,
// 19.5.2 "Error Tolerance"): an implementation may promote endpoints (19.5.3)
// or round divisions as it likes, so long as for every channel of every texel
//   |generated - reference| < absolute_error + 0.03 * MAX(|e0 - e1|, |e0p - e1p|)
// with e0/e1 the block's endpoints for that channel as UNORM/SNORM floats and
// e0p/e1p the same promoted to 8 bits; absolute_error is 1/255 for BC1–BC3
// colours and BC2 alphas (19.5.6–19.5.8), 1/65535 for BC3 alphas and BC4U/BC5U,
// 1/32767 for BC4S/BC5S (19.5.9–19.5.12); a reference of 0, 1 or -1 must be
// exact (bound 0). BC6H and BC7 are bit accurate (bcBitAccurate).
// One deliberate addition, `kResultStep8`: one step of an 8-bit result (1/255
// UNORM, 1/127 SNORM). Vulkan leaves BC1–BC5 decode precision to the Khronos
// Data Format Specification, which does not bound it, and devices return
// 8-bit results — lavapipe's (Mesa's) decoders round BC4/BC5 values and BC3
// alphas to 8 bits (D3D asks UNORM16 precision there) and may round a BC5
// SNORM endpoint a step off. d3dvk passes the device's decode through, so the
// tests hold it to D3D's bound plus that step and no more.
using Bound = std::array<float, 4>;
using BlockBound = std::array<Bound, 16>;

inline uint32_t promoteToUnorm8(uint32_t v, uint32_t bits) {  // 19.5.3: MSB replication
  return (v << (8 - bits)) | (v >> (2 * bits - 8));
}
inline float bcBound(float reference, float absoluteError, float spread, float resultStep) {
  if (reference == 0.0f || reference == 1.0f || reference == -1.0f) return 0.0f;
  return absoluteError + 0.03f * spread + resultStep;
}
inline constexpr float kResultStep8Unorm = 1.0f / 255, kResultStep8Snorm = 1.0f / 127;
// BC1's colour half (BC2's and BC3's too): channels 0–2; channel 3 is BC1's
// alpha (0 or 1, exact) unless `alpha` fills it.
inline BlockBound bc1ColorBounds(const uint8_t* b, const Block& reference) {
  const uint32_t c0 = b[0] | (b[1] << 8), c1 = b[2] | (b[3] << 8);
  const uint32_t shift[3] = {11, 5, 0}, bits[3] = {5, 6, 5};
  float spread[3];
  for (int c = 0; c < 3; ++c) {
    const uint32_t v0 = (c0 >> shift[c]) & ((1u << bits[c]) - 1), v1 = (c1 >> shift[c]) & ((1u << bits[c]) - 1);
    spread[c] = std::max(std::fabs(unorm(v0, bits[c]) - unorm(v1, bits[c])),
                         std::fabs(unorm(promoteToUnorm8(v0, bits[c]), 8) - unorm(promoteToUnorm8(v1, bits[c]), 8)));
  }
  BlockBound out{};
  for (int i = 0; i < 16; ++i)
    for (int c = 0; c < 3; ++c) out[i][c] = bcBound(reference[i][c], 1.0f / 255, spread[c], kResultStep8Unorm);
  return out;
}
// BC3's alpha / BC4's and BC5's channels: 8-bit endpoints (no promotion).
inline void bc4ChannelBounds(const uint8_t* b, bool snorm, const Block& reference, int channel, BlockBound& out) {
  const float e0 = snorm ? std::max(-1.0f, float(int8_t(b[0])) / 127.0f) : b[0] / 255.0f;
  const float e1 = snorm ? std::max(-1.0f, float(int8_t(b[1])) / 127.0f) : b[1] / 255.0f;
  for (int i = 0; i < 16; ++i)
    out[i][channel] = bcBound(reference[i][channel], snorm ? 1.0f / 32767 : 1.0f / 65535, std::fabs(e0 - e1),
                              snorm ? kResultStep8Snorm : kResultStep8Unorm);
}
inline BlockBound bc1Bounds(const uint8_t* b, const Block& reference) { return bc1ColorBounds(b, reference); }
inline BlockBound bc2Bounds(const uint8_t* b, const Block& reference) {
  BlockBound out = bc1ColorBounds(b + 8, reference);
  for (int i = 0; i < 16; ++i) out[i][3] = bcBound(reference[i][3], 1.0f / 255, 0.0f, kResultStep8Unorm);
  return out;
}
inline BlockBound bc3Bounds(const uint8_t* b, const Block& reference) {
  BlockBound out = bc1ColorBounds(b + 8, reference);
  bc4ChannelBounds(b, false, reference, 3, out);
  return out;
}
inline BlockBound bc4Bounds(const uint8_t* b, bool snorm, const Block& reference) {
  BlockBound out{};
  bc4ChannelBounds(b, snorm, reference, 0, out);
  return out;
}
inline BlockBound bc5Bounds(const uint8_t* b, bool snorm, const Block& reference) {
  BlockBound out{};
  bc4ChannelBounds(b, snorm, reference, 0, out);
  bc4ChannelBounds(b + 8, snorm, reference, 1, out);
  return out;
}
// BC6H and BC7: "decompression hardware is required to be bit accurate" (19.5.2):
// the bound is the float rounding of the reference's own arithmetic only.
inline BlockBound bcBitAccurate(const Block& reference) {
  BlockBound out{};
  for (int i = 0; i < 16; ++i)
    for (int c = 0; c < 4; ++c) out[i][c] = 1e-6f * std::max(1.0f, std::fabs(reference[i][c]));
  return out;
}

// The sRGB side of a linear value (D3D11.3 3.2.3.8 FLOAT -> SRGB without the
// rounding to an integer: how 3.2.3.7 measures SRGB -> FLOAT's error).
inline float linearToSrgb(float c) {
  return c <= 0.0031308f ? c * 12.92f : 1.055f * std::pow(c, 1.0f / 2.4f) - 0.055f;
}

inline constexpr int kWeights2[4] = {0, 21, 43, 64};
inline constexpr int kWeights3[8] = {0, 9, 18, 27, 37, 46, 55, 64};
inline constexpr int kWeights4[16] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};
inline int bcInterpolate(int e0, int e1, int w) { return ((64 - w) * e0 + w * e1 + 32) >> 6; }

// BC7 modes 5 and 6 (one subset); other modes return false.
inline bool decodeBc7(const uint8_t* b, Block& out) {
  BitReader r{b};
  int mode = 0;
  while (mode < 8 && r.get(1) == 0) ++mode;
  int rgba[2][4];
  if (mode == 6) {
    for (int c = 0; c < 4; ++c)
      for (int e = 0; e < 2; ++e) rgba[e][c] = int(r.get(7));
    const int p0 = int(r.get(1)), p1 = int(r.get(1));
    for (int c = 0; c < 4; ++c) rgba[0][c] = (rgba[0][c] << 1) | p0, rgba[1][c] = (rgba[1][c] << 1) | p1;
    for (int i = 0; i < 16; ++i) {
      const int index = int(r.get(i == 0 ? 3 : 4));
      for (int c = 0; c < 4; ++c) out[i][c] = bcInterpolate(rgba[0][c], rgba[1][c], kWeights4[index]) / 255.0f;
    }
    return true;
  }
  if (mode == 5) {
    const int rotation = int(r.get(2));
    for (int c = 0; c < 3; ++c)
      for (int e = 0; e < 2; ++e) {
        const int v = int(r.get(7));
        rgba[e][c] = (v << 1) | (v >> 6);
      }
    for (int e = 0; e < 2; ++e) rgba[e][3] = int(r.get(8));
    int colorIndex[16], alphaIndex[16];
    for (int i = 0; i < 16; ++i) colorIndex[i] = int(r.get(i == 0 ? 1 : 2));
    for (int i = 0; i < 16; ++i) alphaIndex[i] = int(r.get(i == 0 ? 1 : 2));
    for (int i = 0; i < 16; ++i) {
      int v[4];
      for (int c = 0; c < 3; ++c) v[c] = bcInterpolate(rgba[0][c], rgba[1][c], kWeights2[colorIndex[i]]);
      v[3] = bcInterpolate(rgba[0][3], rgba[1][3], kWeights2[alphaIndex[i]]);
      if (rotation) std::swap(v[3], v[rotation - 1]);
      for (int c = 0; c < 4; ++c) out[i][c] = v[c] / 255.0f;
    }
    return true;
  }
  return false;
}

// BC6H mode 11 (mode bits 00011: one region, 10-bit endpoints stored directly,
// 4-bit indices). Returns false for any other mode.
inline bool decodeBc6hMode11(const uint8_t* b, bool isSigned, Block& out) {
  BitReader r{b};
  if (r.get(5) != 0x03) return false;
  int e[2][3];
  for (int end = 0; end < 2; ++end)
    for (int c = 0; c < 3; ++c) e[end][c] = int(r.get(10));
  auto unquantize = [&](int comp) {
    if (!isSigned) {
      if (comp == 0) return 0;
      if (comp == 1023) return 0xFFFF;
      return ((comp << 16) + 0x8000) >> 10;
    }
    if (comp & 0x200) comp -= 0x400;  // sign-extend the 10 bits
    const bool negative = comp < 0;
    int magnitude = negative ? -comp : comp;
    int q;
    if (magnitude == 0) q = 0;
    else if (magnitude >= 511) q = 0x7FFF;
    else q = ((magnitude << 15) + 0x4000) >> 9;
    return negative ? -q : q;
  };
  for (int end = 0; end < 2; ++end)
    for (int c = 0; c < 3; ++c) e[end][c] = unquantize(e[end][c]);
  for (int i = 0; i < 16; ++i) {
    const int index = int(r.get(i == 0 ? 3 : 4));
    for (int c = 0; c < 3; ++c) {
      const int v = bcInterpolate(e[0][c], e[1][c], kWeights4[index]);
      uint32_t half;
      if (!isSigned) half = uint32_t((v * 31) >> 6);
      else half = v < 0 ? 0x8000u | uint32_t(((-v) * 31) >> 5) : uint32_t((v * 31) >> 5);
      out[i][c] = halfToFloat(half);
    }
    out[i][3] = 1.0f;
  }
  return true;
}

}  // namespace d3dvk::test
