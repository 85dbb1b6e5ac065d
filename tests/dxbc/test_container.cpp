// tests/dxbc/test_container.cpp — MD5 and the DXBC checksum against published
// vectors (RFC 1321 and a real fxc-built container), container parse/write, and
// robustness: every corruption gives a precise error, never a crash.
#include "dxbc/checksum.h"
#include "dxbc/container.h"
#include "dxbc/shader.h"

#include <catch2/catch.hpp>

#include <cstring>

using namespace d3dvk::dxbc;

namespace {

std::vector<uint8_t> bytesOf(const std::vector<uint32_t>& words) {
  std::vector<uint8_t> b(words.size() * 4);
  std::memcpy(b.data(), words.data(), b.size());
  return b;
}

std::string hex(const std::array<uint8_t, 16>& d) {
  std::string s;
  char buf[3];
  for (uint8_t x : d) {
    std::snprintf(buf, sizeof buf, "%02x", x);
    s += buf;
  }
  return s;
}

// cs_5_0 "[numthreads(1,1,1)] void main() {}" as compiled by fxc (published in
// vkd3d-proton's test suite): ISGN, OSGN (empty) and SHEX with a real checksum.
const std::vector<uint32_t> kFxcComputeShader = {
    0x43425844, 0x1acc3ad0, 0x71c7b057, 0xc72c4306, 0xf432cb57, 0x00000001, 0x00000074, 0x00000003,
    0x0000002c, 0x0000003c, 0x0000004c, 0x4e475349, 0x00000008, 0x00000000, 0x00000008, 0x4e47534f,
    0x00000008, 0x00000000, 0x00000008, 0x58454853, 0x00000020, 0x00050050, 0x00000008, 0x0100086a,
    0x0400009b, 0x00000001, 0x00000001, 0x00000001, 0x0100003e,
};

}  // namespace

TEST_CASE("md5 matches the RFC 1321 test suite", "[dxbc][container]") {
  auto m = [](const char* s) { return hex(md5({reinterpret_cast<const uint8_t*>(s), std::strlen(s)})); };
  CHECK(m("") == "d41d8cd98f00b204e9800998ecf8427e");
  CHECK(m("abc") == "900150983cd24fb0d6963f7d28e17f72");
  CHECK(m("message digest") == "f96b697d7cb7938d525a2f31aaf161d0");
  CHECK(m("12345678901234567890123456789012345678901234567890123456789012345678901234567890") ==
        "57edf4a22be3c955ac49da2e2107b67a");
}

TEST_CASE("DXBC checksum of a real fxc container matches the stored value", "[dxbc][container]") {
  auto bytes = bytesOf(kFxcComputeShader);
  auto sum = dxbcChecksum(bytes);
  CHECK(sum[0] == 0x1acc3ad0);
  CHECK(sum[1] == 0x71c7b057);
  CHECK(sum[2] == 0xc72c4306);
  CHECK(sum[3] == 0xf432cb57);
}

TEST_CASE("container parse then write reproduces the fxc container byte for byte", "[dxbc][container]") {
  auto bytes = bytesOf(kFxcComputeShader);
  Container c = parseContainer(bytes);
  REQUIRE(c.chunks.size() == 3);
  CHECK(fourccName(c.chunks[0].code) == "ISGN");
  CHECK(fourccName(c.chunks[1].code) == "OSGN");
  CHECK(fourccName(c.chunks[2].code) == "SHEX");
  CHECK(c.chunks[2].containerOffset == 0x4c);
  CHECK(writeContainer(c.chunks) == bytes);
  Shader s = parseShader(bytes);
  CHECK(s.program.type == ProgramType::Compute);
  CHECK(s.program.major == 5);
  CHECK(s.extendedCode);
  REQUIRE(s.program.instructions.size() == 3);
  CHECK(s.program.instructions[1].opcode == Opcode::DclThreadGroup);
  CHECK(s.program.instructions[1].extra == std::vector<uint32_t>{1, 1, 1});
}

TEST_CASE("checksum covers both padding branches (tail < 56 and >= 56 bytes)", "[dxbc][container]") {
  // Writer output must verify for every payload length mod 64.
  for (size_t extra = 0; extra < 80; extra += 4) {
    std::vector<Chunk> chunks{Chunk{fourcc("ABCD"), std::vector<uint8_t>(extra, uint8_t(extra)), 0}};
    auto bytes = writeContainer(chunks);
    INFO("payload " << extra);
    CHECK_NOTHROW(parseContainer(bytes));
    bytes.back() ^= extra ? 1 : 0;
    if (extra) CHECK_THROWS_WITH(parseContainer(bytes), Catch::Contains("checksum mismatch"));
  }
}

TEST_CASE("a flipped byte is reported as a checksum mismatch with both values", "[dxbc][container][robustness]") {
  auto bytes = bytesOf(kFxcComputeShader);
  bytes[100] ^= 0x40;
  CHECK_THROWS_WITH(parseContainer(bytes),
                    Catch::Contains("checksum mismatch: stored 1acc3ad071c7b057c72c4306f432cb57, computed"));
  CHECK_NOTHROW(parseContainer(bytes, /*verifyChecksum=*/false));
}

TEST_CASE("corrupted containers give precise errors", "[dxbc][container][robustness]") {
  auto good = bytesOf(kFxcComputeShader);
  auto expectError = [](std::vector<uint8_t> b, const char* text) {
    INFO(text);
    CHECK_THROWS_WITH(parseContainer(b, false), Catch::Contains(text));
  };
  expectError({}, "too small (0 bytes");
  {
    auto b = good;
    b[0] = 'X';
    expectError(b, "bad magic");
  }
  {
    auto b = good;
    b.resize(b.size() - 4);
    expectError(b, "size field at offset 24 says 116 bytes, buffer has 112");
  }
  {
    auto b = good;
    b[28] = 200;  // chunk count
    expectError(b, "chunk count 200 at offset 28");
  }
  {
    auto b = good;
    b[40] = 0xf0;  // third chunk offset → far outside
    expectError(b, "chunk 2 offset 240 (table entry at offset 40) is outside the container");
  }
  {
    auto b = good;
    b[0x4c + 4] = 0x40;  // SHEX size 0x40 > remaining
    expectError(b, "chunk 'SHEX' at offset 76 claims 64 bytes, only 32 remain");
  }
  {
    auto b = good;
    b[20] = 2;
    expectError(b, "unsupported version 2");
  }
}

TEST_CASE("signature chunk: fxc layout parses and rewrites identically", "[dxbc][container]") {
  // OSGN of an fxc ps_4_0 shader: one SV_Target element, name padded with 0xAB.
  std::vector<uint32_t> osgn = {0x00000001, 0x00000008, 0x00000020, 0x00000000, 0x00000000, 0x00000001,
                                0x00000000, 0x0000000f, 0x545f5653, 0x65677261, 0xabab0074};
  Chunk c{fourcc("OSGN"), bytesOf(osgn), 0};
  Signature s = parseSignature(c);
  REQUIRE(s.elements.size() == 1);
  CHECK(s.elements[0].semanticName == "SV_Target");
  CHECK(s.elements[0].registerIndex == 0);
  CHECK(s.elements[0].mask == 0xf);
  CHECK(s.elements[0].rwMask == 0);
  CHECK(writeSignature(s) == c.data);

  // OSG5 / ISG1 layouts round-trip too.
  s.format = SignatureFormat::Stream;
  s.elements[0].stream = 1;
  Chunk c5{fourcc("OSG5"), writeSignature(s), 0};
  CHECK(c5.data.size() == 8 + 28 + 12);
  CHECK(parseSignature(c5).elements[0].stream == 1);
  s.format = SignatureFormat::Full;
  s.elements[0].minPrecision = 2;
  Chunk c1{fourcc("ISG1"), writeSignature(s), 0};
  CHECK(c1.data.size() == 8 + 32 + 12);
  CHECK(parseSignature(c1).elements[0].minPrecision == 2);
  CHECK(parseSignature(c1).elements[0].semanticName == "SV_Target");
}

TEST_CASE("lying signature, SFI0 and RDEF chunks are rejected with the reason", "[dxbc][container][robustness]") {
  Chunk sig{fourcc("ISGN"), bytesOf({1000, 8}), 0};
  CHECK_THROWS_WITH(parseSignature(sig), Catch::Contains("1000 elements of 24 bytes"));
  Chunk badName{fourcc("ISGN"), bytesOf({1, 8, 0x1000, 0, 0, 3, 0, 0xf}), 0};
  CHECK_THROWS_WITH(parseSignature(badName), Catch::Contains("string offset 4096 is outside the chunk"));
  Chunk unterminated{fourcc("ISGN"), bytesOf({1, 8, 32, 0, 0, 3, 0, 0xf, 0x41414141}), 0};
  CHECK_THROWS_WITH(parseSignature(unterminated), Catch::Contains("not NUL-terminated"));
  Chunk sfi{fourcc("SFI0"), {1, 2}, 0};
  CHECK_THROWS_WITH(parseFeatureFlags(sfi), Catch::Contains("SFI0 chunk: truncated"));
  CHECK(parseFeatureFlags(Chunk{fourcc("SFI0"), writeFeatureFlags(0x400), 0}) == 0x400);
  Chunk rdef{fourcc("RDEF"), bytesOf({0, 0, 50, 28, 0xffff0500, 0, 28, 0}), 0};
  CHECK_THROWS_WITH(parseResourceDefinitions(rdef), Catch::Contains("binding count 50"));
}

TEST_CASE("RDEF with one constant buffer and one texture binding", "[dxbc][container]") {
  // Hand-built RDEF (SM4 layout): header 28 bytes, 1 cbuffer (24) at 28, 1 binding (32) at 52,
  // strings "fxc" at 84, "CB" at 88, "tex" at 92.
  std::vector<uint32_t> w = {1, 28, 1, 52, 0xffff0400, 0, 84,
                             // cbuffer: name@88, 1 variable, var offset 0, size 16, flags 0, type 0
                             88, 1, 0, 16, 0, 0,
                             // binding: name@92, type 2 (texture), return 5, dim 4, samples ~0, point 3, count 1, flags 0
                             92, 2, 5, 4, 0xffffffff, 3, 1, 0};
  std::vector<uint8_t> b = bytesOf(w);
  for (char ch : std::string("fxc\0", 4)) b.push_back(uint8_t(ch));
  for (char ch : std::string("CB\0\0", 4)) b.push_back(uint8_t(ch));
  for (char ch : std::string("tex\0", 4)) b.push_back(uint8_t(ch));
  ResourceDefinitions r = parseResourceDefinitions(Chunk{fourcc("RDEF"), b, 0});
  CHECK(r.targetMajor == 4);
  CHECK(r.programType == 0xffff);
  CHECK(r.creator == "fxc");
  REQUIRE(r.constantBuffers.size() == 1);
  CHECK(r.constantBuffers[0].name == "CB");
  CHECK(r.constantBuffers[0].size == 16);
  REQUIRE(r.bindings.size() == 1);
  CHECK(r.bindings[0].name == "tex");
  CHECK(r.bindings[0].bindPoint == 3);
}
