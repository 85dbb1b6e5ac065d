#version 450
// translate/texture/shaders/bc_decode.comp — decodes BC1–BC7 blocks into
// texels (bc_decode_shader.h), for a region of 4x4 blocks read
// from the compressed bytes a BC-emulating texture keeps (its shadow buffer,
// D3D's rows of blocks) and written as rows of decoded texels (whole blocks:
// 4 texels per block row) that the UMD copies into the decoded image.
// One invocation decodes one row of a block (4 texels: whole output words),
// texel by texel, with no per-block arrays (llvmpipe compiles compute
// shaders with large private arrays slowly).
// Written from the BC format descriptions (the D3D11.3 functional spec's block compression,
// Khronos Data Format Specification's S3TC, RGTC and BPTC chapters).

layout(local_size_x = 8, local_size_y = 8) in;

layout(std430, set = 0, binding = 0) readonly buffer Blocks {
  uint words[];
} src;

layout(std430, set = 0, binding = 1) writeonly buffer Texels {
  uint words[];
} dst;

layout(push_constant) uniform Params {
  uint srcOffset;    // words: the region's first block
  uint srcRowWords;  // words between rows of blocks
  uint srcSliceWords;
  uint blocksX, blocksY;
  uint dstRowWords;  // words between rows of texels
  uint dstSliceWords;
  uint format;       // 1..7: BC1..BC7
  uint variant;      // bit 0: signed (BC4/BC5 SNORM, BC6H SF16); bit 1: both (BC4/BC5 TYPELESS: UNORM then SNORM channels)
  uint texelBytes;   // 1, 2, 4 or 8
} p;

uint w0, w1, w2, w3;  // the block

uint word(uint i) { return i == 0u ? w0 : i == 1u ? w1 : i == 2u ? w2 : w3; }

// `count` (<= 32) bits of the block from bit `at`.
uint bits(uint at, uint count) {
  if (count == 0u) return 0u;
  const uint i = at >> 5u, shift = at & 31u;
  uint v = word(i) >> shift;
  if (shift != 0u && shift + count > 32u && i < 3u) v |= word(i + 1u) << (32u - shift);
  return count == 32u ? v : v & ((1u << count) - 1u);
}

// ---- BC1–BC5 -------------------------------------------------------------

vec3 rgb565(uint c) { return vec3(float(c >> 11u) / 31.0, float((c >> 5u) & 63u) / 63.0, float(c & 31u) / 31.0); }

// The colour block (two 5:6:5 endpoints, 2-bit indices) at bit `at`. BC1
// alone has the three-colour mode (c0 <= c1: index 3 is transparent black).
vec4 colorTexel(uint at, uint texel, bool threeColor) {
  const uint c0 = bits(at, 16u), c1 = bits(at + 16u, 16u);
  const vec3 e0 = rgb565(c0), e1 = rgb565(c1);
  const uint i = bits(at + 32u + 2u * texel, 2u);
  if (i == 0u) return vec4(e0, 1.0);
  if (i == 1u) return vec4(e1, 1.0);
  if (threeColor && c0 <= c1) return i == 2u ? vec4((e0 + e1) * 0.5, 1.0) : vec4(0.0);
  return i == 2u ? vec4((2.0 * e0 + e1) / 3.0, 1.0) : vec4((e0 + 2.0 * e1) / 3.0, 1.0);
}

// A BC4 channel block at bit `at`: two 8-bit endpoints, 3-bit indices.
float channelTexel(uint at, uint texel, bool signedValues) {
  const uint i = bits(at + 16u + 3u * texel, 3u);
  const uint u0 = bits(at, 8u), u1 = bits(at + 8u, 8u);
  float e0, e1;
  bool eight;
  if (signedValues) {
    const int s0 = int(u0 << 24u) >> 24, s1 = int(u1 << 24u) >> 24;
    e0 = max(float(s0) / 127.0, -1.0);
    e1 = max(float(s1) / 127.0, -1.0);
    eight = s0 > s1;
  } else {
    e0 = float(u0) / 255.0;
    e1 = float(u1) / 255.0;
    eight = u0 > u1;
  }
  if (i == 0u) return e0;
  if (i == 1u) return e1;
  if (eight) return (float(8u - i) * e0 + float(i - 1u) * e1) / 7.0;
  if (i == 6u) return signedValues ? -1.0 : 0.0;
  if (i == 7u) return 1.0;
  return (float(6u - i) * e0 + float(i - 1u) * e1) / 5.0;
}

// ---- BC7 -----------------------------------------------------------------

// Partition tables (bit i / bits 2i..2i+1: the subset of texel i) and anchor
// texels (bits 0–3: subset 1 of two; 4–7 and 8–11: subsets 1 and 2 of three).
const uint kPartition2[64] = uint[64](
    0xCCCCu, 0x8888u, 0xEEEEu, 0xECC8u, 0xC880u, 0xFEECu, 0xFEC8u, 0xEC80u,
    0xC800u, 0xFFECu, 0xFE80u, 0xE800u, 0xFFE8u, 0xFF00u, 0xFFF0u, 0xF000u,
    0xF710u, 0x008Eu, 0x7100u, 0x08CEu, 0x008Cu, 0x7310u, 0x3100u, 0x8CCEu,
    0x088Cu, 0x3110u, 0x6666u, 0x366Cu, 0x17E8u, 0x0FF0u, 0x718Eu, 0x399Cu,
    0xAAAAu, 0xF0F0u, 0x5A5Au, 0x33CCu, 0x3C3Cu, 0x55AAu, 0x9696u, 0xA55Au,
    0x73CEu, 0x13C8u, 0x324Cu, 0x3BDCu, 0x6996u, 0xC33Cu, 0x9966u, 0x0660u,
    0x0272u, 0x04E4u, 0x4E40u, 0x2720u, 0xC936u, 0x936Cu, 0x39C6u, 0x639Cu,
    0x9336u, 0x9CC6u, 0x817Eu, 0xE718u, 0xCCF0u, 0x0FCCu, 0x7744u, 0xEE22u
);

const uint kPartition3[64] = uint[64](
    0xAA685050u, 0x6A5A5040u, 0x5A5A4200u, 0x5450A0A8u, 0xA5A50000u, 0xA0A05050u, 0x5555A0A0u, 0x5A5A5050u,
    0xAA550000u, 0xAA555500u, 0xAAAA5500u, 0x90909090u, 0x94949494u, 0xA4A4A4A4u, 0xA9A59450u, 0x2A0A4250u,
    0xA5945040u, 0x0A425054u, 0xA5A5A500u, 0x55A0A0A0u, 0xA8A85454u, 0x6A6A4040u, 0xA4A45000u, 0x1A1A0500u,
    0x0050A4A4u, 0xAAA59090u, 0x14696914u, 0x69691400u, 0xA08585A0u, 0xAA821414u, 0x50A4A450u, 0x6A5A0200u,
    0xA9A58000u, 0x5090A0A8u, 0xA8A09050u, 0x24242424u, 0x00AA5500u, 0x24924924u, 0x24499224u, 0x50A50A50u,
    0x500AA550u, 0xAAAA4444u, 0x66660000u, 0xA5A0A5A0u, 0x50A050A0u, 0x69286928u, 0x44AAAA44u, 0x66666600u,
    0xAA444444u, 0x54A854A8u, 0x95809580u, 0x96969600u, 0xA85454A8u, 0x80959580u, 0xAA141414u, 0x96960000u,
    0xAAAA1414u, 0xA05050A0u, 0xA0A5A5A0u, 0x96000000u, 0x40804080u, 0xA9A8A9A8u, 0xAAAAAA44u, 0x2A4A5254u
);

const uint kAnchors[64] = uint[64](
    0xF3Fu, 0x83Fu, 0x8FFu, 0x3FFu, 0xF8Fu, 0xF3Fu, 0x3FFu, 0x8FFu,
    0xF8Fu, 0xF8Fu, 0xF6Fu, 0xF6Fu, 0xF6Fu, 0xF5Fu, 0xF3Fu, 0x83Fu,
    0xF3Fu, 0x832u, 0xF88u, 0x3F2u, 0xF32u, 0x838u, 0xF68u, 0x8AFu,
    0x352u, 0xF88u, 0x682u, 0xA62u, 0xF88u, 0xF58u, 0xAF2u, 0x8F2u,
    0xF8Fu, 0x3FFu, 0xF36u, 0xA58u, 0xA62u, 0x8A8u, 0x98Fu, 0xAFFu,
    0x6F2u, 0xF38u, 0x8F2u, 0xF52u, 0x3F2u, 0x6FFu, 0x6FFu, 0x8F6u,
    0xF36u, 0x3F2u, 0xF56u, 0xF58u, 0xF5Fu, 0xF8Fu, 0xF52u, 0xFA2u,
    0xF5Fu, 0xFAFu, 0xF8Fu, 0xFDFu, 0x3FFu, 0xFC2u, 0xF32u, 0x83Fu
);



// Interpolation weights (2-, 3- and 4-bit indices).
uint weight(uint indexBits, uint i) {
  if (indexBits == 2u) return (0x402B1500u >> (8u * i)) & 0xFFu;  // 0 21 43 64
  if (indexBits == 3u) return i < 4u ? ((0x1B120900u >> (8u * i)) & 0xFFu) : ((0x40372E25u >> (8u * (i - 4u))) & 0xFFu);
  const uint k = i & 3u, q = i >> 2u;
  const uint packed = q == 0u ? 0x0D090400u : q == 1u ? 0x1E1A1511u : q == 2u ? 0x2F2B2622u : 0x403C3733u;
  return (packed >> (8u * k)) & 0xFFu;  // 0 4 9 13 17 21 26 30 34 38 43 47 51 55 60 64
}
uint interpolate(uint e0, uint e1, uint w) { return ((64u - w) * e0 + w * e1 + 32u) >> 6u; }
// An n-bit endpoint channel widened to 8 bits by repeating its high bits.
uint widen(uint v, uint n) {
  v <<= 8u - n;
  return v | (v >> n);
}
// A mode's property, 4 bits per mode 0..7 in `table`.
uint modeValue(uint table, uint mode) { return (table >> (4u * mode)) & 15u; }

uint subsetOf(uint subsets, uint shape, uint texel) {
  if (subsets == 2u) return (kPartition2[shape] >> texel) & 1u;
  if (subsets == 3u) return (kPartition3[shape] >> (2u * texel)) & 3u;
  return 0u;
}

// Texel `t` of a BC7 block (RGBA8).
uvec4 bc7Texel(uint t) {
  uint mode = findLSB(w0 & 0xFFu);
  if ((w0 & 0xFFu) == 0u) return uvec4(0u);  // reserved mode: 0
  // Per mode 0..7: subsets, partition bits, rotation bits, index-selection
  // bits, colour bits, alpha bits, P-bits (1 per endpoint, 2 per subset),
  // index bits, secondary index bits.
  const uint subsets = modeValue(0x21112323u, mode);
  const uint partitionBits = modeValue(0x60006664u, mode);
  const uint rotationBits = modeValue(0x00220000u, mode);
  const uint selectionBits = modeValue(0x00010000u, mode);
  const uint cb = modeValue(0x57757564u, mode), ab = modeValue(0x57860000u, mode);
  const uint pbits = modeValue(0x11001021u, mode);
  const uint ib = modeValue(0x24222233u, mode), ib2 = modeValue(0x00230000u, mode);
  uint at = mode + 1u;
  const uint shape = bits(at, partitionBits);
  at += partitionBits;
  const uint rotation = bits(at, rotationBits);
  at += rotationBits;
  const uint selection = bits(at, selectionBits);
  at += selectionBits;
  const uint endpoints = subsets * 2u;
  const uint s = subsetOf(subsets, shape, t);
  const uint n0 = 2u * s, n1 = n0 + 1u;
  const uint colorAt = at, alphaAt = at + 3u * endpoints * cb, pAt = alphaAt + endpoints * ab;
  const uint indexAt = pAt + (pbits == 1u ? endpoints : pbits == 2u ? subsets : 0u);
  uvec4 e0, e1;
  for (uint c = 0u; c < 3u; ++c) {
    e0[c] = bits(colorAt + (c * endpoints + n0) * cb, cb);
    e1[c] = bits(colorAt + (c * endpoints + n1) * cb, cb);
  }
  e0.w = bits(alphaAt + n0 * ab, ab);
  e1.w = bits(alphaAt + n1 * ab, ab);
  uint colorPrecision = cb, alphaPrecision = ab;
  if (pbits != 0u) {
    const uint p0 = pbits == 1u ? bits(pAt + n0, 1u) : bits(pAt + s, 1u);
    const uint p1 = pbits == 1u ? bits(pAt + n1, 1u) : bits(pAt + s, 1u);
    e0 = (e0 << 1u) | uvec4(p0);
    e1 = (e1 << 1u) | uvec4(p1);
    ++colorPrecision;
    if (ab != 0u) ++alphaPrecision;
  }
  e0.xyz = uvec3(widen(e0.x, colorPrecision), widen(e0.y, colorPrecision), widen(e0.z, colorPrecision));
  e1.xyz = uvec3(widen(e1.x, colorPrecision), widen(e1.y, colorPrecision), widen(e1.z, colorPrecision));
  e0.w = ab != 0u ? widen(e0.w, alphaPrecision) : 255u;
  e1.w = ab != 0u ? widen(e1.w, alphaPrecision) : 255u;
  // Index of texel t: the anchors before it (texel 0 and each further
  // subset's anchor) have one bit fewer.
  const uint a1 = subsets == 2u ? (kAnchors[shape] & 15u) : subsets == 3u ? ((kAnchors[shape] >> 4u) & 15u) : 16u;
  const uint a2 = subsets == 3u ? ((kAnchors[shape] >> 8u) & 15u) : 16u;
  const uint before = (t > 0u ? 1u : 0u) + (a1 < t ? 1u : 0u) + (a2 < t ? 1u : 0u);
  const bool anchor = t == 0u || t == a1 || t == a2;
  const uint i1 = bits(indexAt + t * ib - before, anchor ? ib - 1u : ib);
  uint i2 = 0u;
  if (ib2 != 0u) {
    const uint index2At = indexAt + 16u * ib - subsets;
    i2 = bits(index2At + (t == 0u ? 0u : t * ib2 - 1u), t == 0u ? ib2 - 1u : ib2);
  }
  uint colorIndex = i1, colorBits = ib, alphaIndex = i1, alphaBits = ib;
  if (ib2 != 0u) {
    alphaIndex = i2;
    alphaBits = ib2;
    if (selection != 0u) {
      colorIndex = i2;
      colorBits = ib2;
      alphaIndex = i1;
      alphaBits = ib;
    }
  }
  const uint wc = weight(colorBits, colorIndex), wa = weight(alphaBits, alphaIndex);
  uvec4 v = uvec4(interpolate(e0.x, e1.x, wc), interpolate(e0.y, e1.y, wc), interpolate(e0.z, e1.z, wc),
                  interpolate(e0.w, e1.w, wa));
  if (rotation == 1u) v = v.wyzx;
  else if (rotation == 2u) v = v.xwzy;
  else if (rotation == 3u) v = v.xywz;
  return v;
}

// ---- BC6H ----------------------------------------------------------------

int signExtend(uint v, uint n) { return int(v << (32u - n)) >> int(32u - n); }

int unquantize(int c, uint n, bool signedValues) {
  if (!signedValues) {
    if (n >= 15u) return c;
    if (c == 0) return 0;
    if (c == (1 << n) - 1) return 0xFFFF;
    return ((c << 15) + 0x4000) >> (n - 1u);
  }
  if (n >= 16u) return c;
  const bool negative = c < 0;
  const int m = abs(c);
  int u;
  if (m == 0) u = 0;
  else if (m >= (1 << (n - 1u)) - 1) u = 0x7FFF;
  else u = ((m << 15) + 0x4000) >> (n - 1u);
  return negative ? -u : u;
}

uint finishUnquantize(int c, bool signedValues) {
  if (!signedValues) return uint((c * 31) >> 6);
  const int m = c < 0 ? ((-c) * 31) >> 5 : (c * 31) >> 5;
  return c < 0 ? (uint(m) | 0x8000u) : uint(m);
}

// The two-region modes' bit layouts (BC6H modes 1–10): for each of a
// block's first 82 bits, a byte naming what it holds (high nibble: 0 nothing,
// 1 mode, 2 shape bit, 3–6 red w/x/y/z, 7–10 green, 11–14 blue; low nibble:
// the bit of that value), 21 words per mode.
const uint kBc6hLayout[210] = uint[210](
    0xD4941110u, 0x323130E4u, 0x36353433u, 0x70393837u, 0x74737271u, 0x78777675u, 0xB2B1B079u,
    0xB6B5B4B3u, 0x40B9B8B7u, 0x44434241u, 0x929190A4u, 0x82818093u, 0xA0E08483u, 0xC0A3A2A1u,
    0xC4C3C2C1u, 0xD2D1D0E1u, 0x525150D3u, 0x60E25453u, 0x64636261u, 0x222120E3u, 0x00002423u,
    0xA4951110u, 0x323130A5u, 0x36353433u, 0x70D4E1E0u, 0x74737271u, 0xE2D57675u, 0xB2B1B094u,
    0xB6B5B4B3u, 0x40E4E5E3u, 0x44434241u, 0x92919045u, 0x82818093u, 0xA0858483u, 0xC0A3A2A1u,
    0xC4C3C2C1u, 0xD2D1D0C5u, 0x525150D3u, 0x60555453u, 0x64636261u, 0x22212065u, 0x00002423u,
    0x13121110u, 0x32313014u, 0x36353433u, 0x70393837u, 0x74737271u, 0x78777675u, 0xB2B1B079u,
    0xB6B5B4B3u, 0x40B9B8B7u, 0x44434241u, 0x9291903Au, 0x82818093u, 0xA0E07A83u, 0xC0A3A2A1u,
    0xBAC3C2C1u, 0xD2D1D0E1u, 0x525150D3u, 0x60E25453u, 0x64636261u, 0x222120E3u, 0x00002423u,
    0x13121110u, 0x32313014u, 0x36353433u, 0x70393837u, 0x74737271u, 0x78777675u, 0xB2B1B079u,
    0xB6B5B4B3u, 0x40B9B8B7u, 0x3A434241u, 0x929190A4u, 0x82818093u, 0xA07A8483u, 0xC0A3A2A1u,
    0xBAC3C2C1u, 0xD2D1D0E1u, 0x525150D3u, 0x60E2E053u, 0x94636261u, 0x222120E3u, 0x00002423u,
    0x13121110u, 0x32313014u, 0x36353433u, 0x70393837u, 0x74737271u, 0x78777675u, 0xB2B1B079u,
    0xB6B5B4B3u, 0x40B9B8B7u, 0x3A434241u, 0x929190D4u, 0x82818093u, 0xA0E07A83u, 0xC0A3A2A1u,
    0xC4C3C2C1u, 0xD2D1D0BAu, 0x525150D3u, 0x60E2E153u, 0xE4636261u, 0x222120E3u, 0x00002423u,
    0x13121110u, 0x32313014u, 0x36353433u, 0x70D43837u, 0x74737271u, 0x78777675u, 0xB2B1B094u,
    0xB6B5B4B3u, 0x40E4B8B7u, 0x44434241u, 0x929190A4u, 0x82818093u, 0xA0E08483u, 0xC0A3A2A1u,
    0xC4C3C2C1u, 0xD2D1D0E1u, 0x525150D3u, 0x60E25453u, 0x64636261u, 0x222120E3u, 0x00002423u,
    0x13121110u, 0x32313014u, 0x36353433u, 0x70D4A437u, 0x74737271u, 0xE2777675u, 0xB2B1B094u,
    0xB6B5B4B3u, 0x40E4E3B7u, 0x44434241u, 0x92919045u, 0x82818093u, 0xA0E08483u, 0xC0A3A2A1u,
    0xC4C3C2C1u, 0xD2D1D0E1u, 0x525150D3u, 0x60555453u, 0x64636261u, 0x22212065u, 0x00002423u,
    0x13121110u, 0x32313014u, 0x36353433u, 0x70D4E037u, 0x74737271u, 0x95777675u, 0xB2B1B094u,
    0xB6B5B4B3u, 0x40E4A5B7u, 0x44434241u, 0x929190A4u, 0x82818093u, 0xA0858483u, 0xC0A3A2A1u,
    0xC4C3C2C1u, 0xD2D1D0E1u, 0x525150D3u, 0x60E25453u, 0x64636261u, 0x222120E3u, 0x00002423u,
    0x13121110u, 0x32313014u, 0x36353433u, 0x70D4E137u, 0x74737271u, 0xD5777675u, 0xB2B1B094u,
    0xB6B5B4B3u, 0x40E4E5B7u, 0x44434241u, 0x929190A4u, 0x82818093u, 0xA0E08483u, 0xC0A3A2A1u,
    0xC4C3C2C1u, 0xD2D1D0C5u, 0x525150D3u, 0x60E25453u, 0x64636261u, 0x222120E3u, 0x00002423u,
    0x13121110u, 0x32313014u, 0xA4353433u, 0x70D4E1E0u, 0x74737271u, 0xE2D59575u, 0xB2B1B094u,
    0xA5B5B4B3u, 0x40E4E5E3u, 0x44434241u, 0x92919045u, 0x82818093u, 0xA0858483u, 0xC0A3A2A1u,
    0xC4C3C2C1u, 0xD2D1D0C5u, 0x525150D3u, 0x60555453u, 0x64636261u, 0x22212065u, 0x00002423u
);

// Per two-region mode (0..9): endpoint bits, delta bits of R, G, B (4 bits
// each, from bit 0), and whether the other endpoints are deltas from w.
const uint kBc6hPrecision[10] = uint[10](0x555Au, 0x6667u, 0x445Bu, 0x454Bu, 0x544Bu, 0x5559u, 0x5568u, 0x5658u,
                                          0x6558u, 0x6666u);

int endpoint(uint v, uint n, bool signedValues) { return signedValues ? signExtend(v, n) : int(v); }

// Texel `t` of a BC6H block in two-region mode `info` (0..9: modes 1–10).
uvec4 bc6hTwoRegionTexel(uint t, bool signedValues, uint info) {
  uvec4 r = uvec4(0u), g = uvec4(0u), b = uvec4(0u);  // w, x, y, z of each channel
  uint shape = 0u;
  for (uint at = 0u; at < 82u; ++at) {
    const uint code = (kBc6hLayout[info * 21u + at / 4u] >> (8u * (at & 3u))) & 0xFFu;
    const uint field = code >> 4u, bit = code & 15u;
    if (field < 2u) continue;
    const uint v = bits(at, 1u) << bit;
    if (field == 2u) shape |= v;
    else if (field <= 6u) r[field - 3u] |= v;
    else if (field <= 10u) g[field - 7u] |= v;
    else b[field - 11u] |= v;
  }
  const uint bitCounts = kBc6hPrecision[info], wBits = bitCounts & 15u;
  const bool transformed = info != 9u;
  const uint s = (kPartition2[shape] >> t) & 1u;
  const uint anchor = kAnchors[shape] & 15u;
  const uint before = (t > 0u ? 1u : 0u) + (anchor < t ? 1u : 0u);
  const uint i = bits(82u + 3u * t - before, (t == 0u || t == anchor) ? 2u : 3u);
  const int wt = int(weight(3u, i));
  const uint mask = (1u << wBits) - 1u;
  uvec4 h = uvec4(0u, 0u, 0u, 0x3C00u);
  for (uint c = 0u; c < 3u; ++c) {
    const uvec4 e = c == 0u ? r : c == 1u ? g : b;
    const uint dBits = (bitCounts >> (4u + 4u * c)) & 15u;
    // Subset s's endpoints: (w, x) or (y, z); deltas from w when transformed.
    const uint a = s == 0u ? e.x : e.z, z = s == 0u ? e.y : e.w;
    int e0, e1;
    if (transformed) {
      e0 = s == 0u ? endpoint(e.x, wBits, signedValues)
                   : endpoint((uint(signExtend(a, dBits)) + e.x) & mask, wBits, signedValues);
      e1 = endpoint((uint(signExtend(z, dBits)) + e.x) & mask, wBits, signedValues);
    } else {
      e0 = endpoint(a, wBits, signedValues);
      e1 = endpoint(z, wBits, signedValues);
    }
    h[c] = finishUnquantize(((64 - wt) * unquantize(e0, wBits, signedValues) + wt * unquantize(e1, wBits, signedValues) +
                             32) >> 6,
                            signedValues);
  }
  return h;
}


// Texel `t` of a BC6H block: half-float bits of R, G, B (alpha 1.0).
// Reserved modes decode to 0.
uvec4 bc6hTexel(uint t, bool signedValues) {
  const uint mode = (w0 & 2u) == 0u ? (w0 & 3u) : (w0 & 31u);
  uint wBits, xBits;
  bool transformed = true;
  if (mode == 3u) { wBits = 10u; xBits = 10u; transformed = false; }
  else if (mode == 7u) { wBits = 11u; xBits = 9u; }
  else if (mode == 11u) { wBits = 12u; xBits = 8u; }
  else if (mode == 15u) { wBits = 16u; xBits = 4u; }
  else if (mode <= 1u || (mode & 3u) == 2u) return bc6hTwoRegionTexel(t, signedValues, mode <= 1u ? mode : (mode >> 2u) + 2u);
  else return uvec4(0u, 0u, 0u, 0x3C00u);
  // One region: 4-bit indices from bit 65 (texel 0's 3 bits).
  const uint i = bits(t == 0u ? 65u : 64u + 4u * t, t == 0u ? 3u : 4u);
  const int wt = int(weight(4u, i));
  const uint mask = (1u << wBits) - 1u;
  uvec4 h = uvec4(0u, 0u, 0u, 0x3C00u);
  for (uint c = 0u; c < 3u; ++c) {
    // w: 10 bits per channel from bit 5; x: 10 bits per channel from bit 35,
    // its low xBits the delta, the rest w's high bits, highest first.
    uint w = bits(5u + 10u * c, 10u);
    const uint field = bits(35u + 10u * c, 10u);
    const uint x = field & ((1u << xBits) - 1u);
    for (uint k = 0u; k < wBits - 10u; ++k) w |= ((field >> (xBits + k)) & 1u) << (wBits - 1u - k);
    const int e0 = endpoint(w, wBits, signedValues);
    const int e1 = transformed ? endpoint((uint(signExtend(x, xBits)) + w) & mask, wBits, signedValues)
                               : endpoint(x, xBits, signedValues);
    h[c] = finishUnquantize(((64 - wt) * unquantize(e0, wBits, signedValues) + wt * unquantize(e1, wBits, signedValues) +
                             32) >> 6,
                            signedValues);
  }
  return h;
}

// ---- output --------------------------------------------------------------

uint unorm8(float v) { return uint(round(clamp(v, 0.0, 1.0) * 255.0)); }
uint snorm8(float v) { return uint(int(round(clamp(v, -1.0, 1.0) * 127.0))) & 0xFFu; }

// Texel `t` of the block as the bytes the image stores (up to 8: two words).
uvec2 texelBytes(uint t) {
  const bool signedValues = (p.variant & 1u) != 0u, both = (p.variant & 2u) != 0u;
  if (p.format == 7u) {
    const uvec4 v = bc7Texel(t);
    return uvec2(v.x | (v.y << 8u) | (v.z << 16u) | (v.w << 24u), 0u);
  }
  if (p.format == 6u) {
    const uvec4 h = bc6hTexel(t, signedValues);
    return uvec2(h.x | (h.y << 16u), h.z | (h.w << 16u));
  }
  if (p.format <= 3u) {
    vec4 c = p.format == 1u ? colorTexel(0u, t, true) : colorTexel(64u, t, false);
    if (p.format == 2u) c.a = float(bits(4u * t, 4u)) / 15.0;
    if (p.format == 3u) c.a = channelTexel(0u, t, false);
    return uvec2(unorm8(c.r) | (unorm8(c.g) << 8u) | (unorm8(c.b) << 16u) | (unorm8(c.a) << 24u), 0u);
  }
  // BC4: red; BC5: red then green (the second channel block from bit 64);
  // TYPELESS: the UNORM readings, then the SNORM ones.
  const uint channels = p.format == 4u ? 1u : 2u;
  uint bytes = 0u, shift = 0u;
  for (uint pass = 0u; pass < (both ? 2u : 1u); ++pass) {
    const bool s = both ? pass == 1u : signedValues;
    for (uint c = 0u; c < channels; ++c) {
      const float v = channelTexel(64u * c, t, s);
      bytes |= (s ? snorm8(v) : unorm8(v)) << shift;
      shift += 8u;
    }
  }
  return uvec2(bytes, 0u);
}

void main() {
  // x: block across; y: block row * 4 + texel row; z: depth slice.
  const uvec3 id = gl_GlobalInvocationID;
  const uint bx = id.x, by = id.y >> 2u, row = id.y & 3u;
  if (bx >= p.blocksX || by >= p.blocksY) return;
  const uint blockWords = (p.format == 1u || p.format == 4u) ? 2u : 4u;
  const uint at = p.srcOffset + id.z * p.srcSliceWords + by * p.srcRowWords + bx * blockWords;
  w0 = src.words[at];
  w1 = src.words[at + 1u];
  w2 = blockWords == 4u ? src.words[at + 2u] : 0u;
  w3 = blockWords == 4u ? src.words[at + 3u] : 0u;
  // The row's 4 texels: texelBytes words.
  const uint first = id.z * p.dstSliceWords + (by * 4u + row) * p.dstRowWords + bx * p.texelBytes;
  uint packed = 0u, filled = 0u, index = 0u;
  for (uint k = 0u; k < 4u; ++k) {
    const uvec2 v = texelBytes(row * 4u + k);
    if (p.texelBytes == 8u) {
      dst.words[first + 2u * k] = v.x;
      dst.words[first + 2u * k + 1u] = v.y;
      continue;
    }
    packed |= (p.texelBytes == 4u ? v.x : (v.x & ((1u << (8u * p.texelBytes)) - 1u))) << (8u * filled);
    filled += p.texelBytes;
    if (filled == 4u) {
      dst.words[first + index] = packed;
      ++index;
      packed = 0u;
      filled = 0u;
    }
  }
}
