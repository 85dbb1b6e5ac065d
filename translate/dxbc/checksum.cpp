// translate/dxbc/checksum.cpp — MD5 compression function and the DXBC checksum
// (see checksum.h for the padding variant).
#include "dxbc/checksum.h"

#include <cstring>
#include <vector>

namespace d3dvk::dxbc {
namespace {

constexpr uint32_t kSine[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};
constexpr uint32_t kShift[4][4] = {{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};

uint32_t rotl(uint32_t v, uint32_t s) { return (v << s) | (v >> (32 - s)); }

struct Md5State {
  uint32_t h[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};

  void block(const uint8_t* p) {
    uint32_t m[16];
    for (int i = 0; i < 16; ++i)
      m[i] = uint32_t(p[i * 4]) | uint32_t(p[i * 4 + 1]) << 8 | uint32_t(p[i * 4 + 2]) << 16 |
             uint32_t(p[i * 4 + 3]) << 24;
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
    for (int i = 0; i < 64; ++i) {
      uint32_t f;
      int g;
      int round = i / 16;
      switch (round) {
        case 0: f = (b & c) | (~b & d); g = i; break;
        case 1: f = (d & b) | (~d & c); g = (5 * i + 1) % 16; break;
        case 2: f = b ^ c ^ d; g = (3 * i + 5) % 16; break;
        default: f = c ^ (b | ~d); g = (7 * i) % 16; break;
      }
      uint32_t t = d;
      d = c;
      c = b;
      b = b + rotl(a + f + kSine[i] + m[g], kShift[round][i % 4]);
      a = t;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d;
  }
};

void put32(uint8_t* p, uint32_t v) {
  p[0] = uint8_t(v); p[1] = uint8_t(v >> 8); p[2] = uint8_t(v >> 16); p[3] = uint8_t(v >> 24);
}

}  // namespace

std::array<uint8_t, 16> md5(std::span<const uint8_t> data) {
  Md5State s;
  size_t full = data.size() / 64 * 64;
  for (size_t i = 0; i < full; i += 64) s.block(data.data() + i);
  uint8_t tail[128] = {};
  size_t rest = data.size() - full;
  if (rest) std::memcpy(tail, data.data() + full, rest);
  tail[rest] = 0x80;
  size_t tailLen = rest < 56 ? 64 : 128;
  uint64_t bits = uint64_t(data.size()) * 8;
  put32(tail + tailLen - 8, uint32_t(bits));
  put32(tail + tailLen - 4, uint32_t(bits >> 32));
  for (size_t i = 0; i < tailLen; i += 64) s.block(tail + i);
  std::array<uint8_t, 16> out{};
  for (int i = 0; i < 4; ++i) put32(out.data() + i * 4, s.h[i]);
  return out;
}

std::array<uint32_t, 4> dxbcChecksum(std::span<const uint8_t> container) {
  Md5State s;
  std::span<const uint8_t> data = container.size() >= 20 ? container.subspan(20) : std::span<const uint8_t>{};
  const uint32_t bits = uint32_t(data.size() * 8);
  size_t full = data.size() / 64 * 64;
  for (size_t i = 0; i < full; i += 64) s.block(data.data() + i);
  size_t rest = data.size() - full;
  uint8_t blk[64] = {};
  if (rest >= 56) {
    std::memcpy(blk, data.data() + full, rest);
    blk[rest] = 0x80;
    s.block(blk);
    std::memset(blk, 0, sizeof blk);
    put32(blk, bits);
    put32(blk + 60, (bits >> 2) | 1);
    s.block(blk);
  } else {
    put32(blk, bits);
    if (rest) std::memcpy(blk + 4, data.data() + full, rest);
    blk[4 + rest] = 0x80;
    put32(blk + 60, (bits >> 2) | 1);
    s.block(blk);
  }
  return {s.h[0], s.h[1], s.h[2], s.h[3]};
}

}  // namespace d3dvk::dxbc
