// tests/dxbc/test_chunks.cpp — every chunk fxc writes survives disassemble →
// assemble byte for byte (tests/dxbc/fxc_containers.h: real fxc containers with
// RDEF, STAT, SFI0, ISG1/OSG1, OSG5, PCSG before and after OSGN), the listing forms
// that carry them (patch-constant and stream tables, min-precision formats, the
// "// Chunks:" order line, hex blocks, STAT counters), fxc's signature rules (the
// never-written byte, name packing), odd-sized chunks, and the errors for
// listings whose chunk lines do not add up.
#include "fxc_containers.h"

#include "dxbc/listing.h"
#include "dxbc/spirv_tools.h"
#include "dxbc/translator.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <fstream>
#include <sstream>

using namespace d3dvk::dxbc;

namespace {

std::vector<uint8_t> bytesOf(const std::vector<uint32_t>& words) {
  std::vector<uint8_t> b(words.size() * 4);
  std::memcpy(b.data(), words.data(), b.size());
  return b;
}

std::vector<std::string> chunkNames(const std::vector<uint8_t>& container) {
  std::vector<std::string> names;
  for (const Chunk& c : parseContainer(container).chunks) names.push_back(fourccName(c.code));
  return names;
}

struct Named {
  const char* name;
  const std::vector<uint32_t>* words;
};

const Named kContainers[] = {
    {"vkd3d min precision (ISG1/OSG1)", &d3dvk::test::kVkd3dMinPrecision},
    {"vkd3d pixel shader, 11 inputs", &d3dvk::test::kVkd3dPixelManyInputs},
    {"vkd3d oDepthGE/oMask/oStencilRef", &d3dvk::test::kVkd3dDepthGreaterEqual},
    {"vkd3d oDepthLE", &d3dvk::test::kVkd3dDepthLessEqual},
    {"vkd3d hull shader", &d3dvk::test::kVkd3dHull},
    {"vkd3d domain shader", &d3dvk::test::kVkd3dDomain},
    {"vkd3d geometry shader (OSG5)", &d3dvk::test::kVkd3dGeometryStreams},
    {"DXDecompiler gs5/stream (OSG5, 2 streams)", &d3dvk::test::kDxDecompilerGsStreams},
    {"DXDecompiler BasicHLSL_VS_5_1 (SM5.1 RDEF)", &d3dvk::test::kDxDecompilerBasicVs51},
    {"DXDecompiler 3Dmigoto min_precision", &d3dvk::test::kDxDecompilerMinPrecision},
};

}  // namespace

TEST_CASE("fxc containers with every chunk kind round-trip byte for byte through the listing", "[dxbc][chunks]") {
  size_t identical = 0, validSpirv = 0;
  for (const Named& n : kContainers) {
    INFO(n.name);
    const std::vector<uint8_t> original = bytesOf(*n.words);
    const Shader s = parseShader(original);  // the checksum fxc stored verifies
    const std::string text = disassemble(s);
    INFO(text);
    const AssembleResult r = assemble(text);
    CHECK(r.container == original);
    identical += r.container == original;
    // The listing reads back to the same listing (a fixed point).
    CHECK(disassemble(parseShader(r.container)) == text);
    try {
      validSpirv += validateSpirv(translateToSpirv(s)).empty();
    } catch (const Error& e) {
      UNSCOPED_INFO(n.name << ": " << e.what());
    }
  }
  CHECK(identical == std::size(kContainers));
  // All but three translate to valid SPIR-V: the SM5.1 vertex shader (register
  // spaces) and the two geometry shaders writing stream 1 are refused with an error.
  CHECK(validSpirv >= std::size(kContainers) - 3);
}

TEST_CASE("the listing shows PCSG, OSG5 and ISG1 as fxc's tables, RDEF as hex and STAT as counters", "[dxbc][chunks]") {
  SECTION("hull shader: Patch Constant table, PCSG after OSGN, fxc's output bytes") {
    const Shader s = parseShader(bytesOf(d3dvk::test::kVkd3dHull));
    REQUIRE(s.patchConstants.elements.size() == 7);
    CHECK(s.patchConstants.elements[0].semanticName == "SV_TessFactor");
    CHECK(s.patchConstants.elements[0].rwMask == 0x0e);  // x written: 0xf & ~0x1
    CHECK(reflect(s).patchConstants.elements.size() == 7);
    const std::string text = disassemble(s);
    CHECK(text.find("// Patch Constant signature:\n") != std::string::npos);
    CHECK(text.find("// SV_InsideTessFactor      1   x           5  QUADINT   float   x\n") != std::string::npos);
    CHECK(text.find("// Chunk RDEF, 112 bytes:\n//   00000000 00000000 00000000 3c000000 00055348 00010000 3c000000 52443131\n") != std::string::npos);
    CHECK(text.find("// Statistics (STAT): 24 2 4 7 1") != std::string::npos);
    CHECK(text.find("// Chunks:") == std::string::npos);  // fxc's order is the default
    CHECK(chunkNames(assemble(text).container) == std::vector<std::string>{"RDEF", "ISGN", "OSGN", "PCSG", "SHEX", "STAT"});
  }
  SECTION("domain shader: the patch constants are read, PCSG before OSGN") {
    const Shader s = parseShader(bytesOf(d3dvk::test::kVkd3dDomain));
    REQUIRE(s.patchConstants.elements.size() == 7);
    CHECK(s.patchConstants.elements[2].rwMask == 0x01);  // SV_TessFactor2 read
    CHECK(s.patchConstants.elements[0].rwMask == 0x00);
    const std::string text = disassemble(s);
    CHECK(chunkNames(assemble(text).container) == std::vector<std::string>{"RDEF", "ISGN", "PCSG", "OSGN", "SHEX", "STAT"});
  }
  SECTION("geometry shader streams: m0:/m1: rows make an OSG5") {
    const Shader s = parseShader(bytesOf(d3dvk::test::kDxDecompilerGsStreams));
    CHECK(s.outputs.format == SignatureFormat::Stream);
    const std::string text = disassemble(s);
    CHECK(text.find("// m1:OUT_POSITION          0   xyz         0     NONE     int   xyz\n") != std::string::npos);
    CHECK(chunkNames(assemble(text).container)[2] == "OSG5");
  }
  SECTION("minimum precision: min16f/min2_8f/min16i/min16u formats make ISG1/OSG1") {
    const Shader s = parseShader(bytesOf(d3dvk::test::kVkd3dMinPrecision));
    const std::string text = disassemble(s);
    CHECK(text.find("// sem                      0   xyzw        0     NONE min2_8f   xyzw\n") != std::string::npos);
    CHECK(text.find("// sem                      1   xyzw        1     NONE  min16i   xyzw\n") != std::string::npos);
    CHECK(text.find("// sem                      2   xyzw        2     NONE  min16u   xyzw\n") != std::string::npos);
    CHECK(text.find("// sv_target                0   xyzw        0   TARGET  min16f   xyzw\n") != std::string::npos);
    CHECK(text.find("// Shader feature flags (SFI0): 0x10\n") != std::string::npos);
    const AssembleResult r = assemble(text);
    CHECK(chunkNames(r.container) == std::vector<std::string>{"RDEF", "ISG1", "OSG1", "SHEX", "SFI0", "STAT"});
    CHECK(r.inputs.elements[0].minPrecision == 2);
    CHECK(r.outputs.elements[0].minPrecision == 1);
  }
}

TEST_CASE("output signatures store 0xf & ~written, and names are packed once each in order of use", "[dxbc][chunks]") {
  // fxc's own bytes (kVkd3dPixelManyInputs): SV_Target1 mask xyz written xz → 0x0a,
  // SV_Depth written → 0x0e; the input names COLOR, SV_ClipDistance and
  // SV_CullDistance are stored once and the strings are not padded one by one.
  const Shader s = parseShader(bytesOf(d3dvk::test::kVkd3dPixelManyInputs));
  REQUIRE(s.outputs.elements.size() == 3);
  CHECK(s.outputs.elements[0].rwMask == 0x0a);
  CHECK(s.outputs.elements[2].rwMask == 0x0e);
  for (const Chunk& c : s.container.chunks)
    if (c.code == fourcc("ISGN") || c.code == fourcc("OSGN")) CHECK(writeSignature(parseSignature(c)) == c.data);

  const char* listing = R"(//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// BEZIERPOS                0   xyz         0     NONE   float   xyz
// TEXCOORD                 0   xyzw        1     NONE   float   xy
// SV_Depth                 0    N/A   oDepth    DEPTH   float    YES
//
vs_5_0
dcl_output o0.xyz
dcl_output o1.xy
ret
)";
  const AssembleResult r = assemble(listing);
  REQUIRE(r.outputs.elements.size() == 3);
  CHECK(r.outputs.elements[0].rwMask == 0x08);
  CHECK(r.outputs.elements[1].rwMask == 0x0c);
  CHECK(r.outputs.elements[2].rwMask == 0x0e);
}

TEST_CASE("a container in another order, with extra or odd-sized chunks, round-trips through a Chunks line",
          "[dxbc][chunks]") {
  Container c = parseContainer(bytesOf(d3dvk::test::kVkd3dDepthLessEqual));
  // SHEX first, an unknown chunk of 5 bytes last (its size stays odd, so does the container's).
  std::vector<Chunk> chunks = c.chunks;
  std::rotate(chunks.begin(), chunks.begin() + 3, chunks.begin() + 4);
  chunks.push_back(Chunk{fourcc("PRIV"), {1, 2, 3, 4, 5}, 0});
  const std::vector<uint8_t> odd = writeContainer(chunks);
  CHECK(odd.size() % 4 == 1);
  const std::string text = disassemble(parseShader(odd));
  CHECK(text.find("// Chunks: SHEX RDEF ISGN OSGN STAT PRIV\n") != std::string::npos);
  CHECK(text.find("// Chunk PRIV, 5 bytes:\n//   01020304 05\n") != std::string::npos);
  CHECK(assemble(text).container == odd);

  // A container without SFI0 whose code would derive one keeps it out.
  Container depthGe = parseContainer(bytesOf(d3dvk::test::kVkd3dDepthGreaterEqual));
  std::vector<Chunk> noSfi;
  for (const Chunk& ch : depthGe.chunks)
    if (ch.code != fourcc("SFI0")) noSfi.push_back(ch);
  const std::vector<uint8_t> stripped = writeContainer(noSfi);
  const std::string text2 = disassemble(parseShader(stripped));
  CHECK(text2.find("// Chunks: RDEF ISGN OSGN SHEX STAT\n") != std::string::npos);
  CHECK(assemble(text2).container == stripped);
}

TEST_CASE("chunk lines that do not add up are errors with their line", "[dxbc][chunks][robustness]") {
  const std::string code = "ps_5_0\nret\n";
  CHECK_THROWS_WITH(assemble("// Chunk RDEF, 8 bytes:\n//   00000000\n" + code),
                    Catch::Contains("line 3: chunk RDEF needs 4 more bytes of hex"));
  CHECK_THROWS_WITH(assemble("// Chunk RDEF, 4 bytes:\n//   0000000000\n" + code),
                    Catch::Contains("line 2: chunk RDEF has 5 bytes of hex, 4 declared"));
  CHECK_THROWS_WITH(assemble("// Chunk RDEF, 4 bytes:\n//   00zz0000\n" + code), Catch::Contains("line 2: bad hex byte 'zz'"));
  CHECK_THROWS_WITH(assemble("// Chunk ISGN, 4 bytes:\n//   00000000\n" + code),
                    Catch::Contains("line 1: chunk ISGN is written as a signature table"));
  CHECK_THROWS_WITH(assemble("// Chunks: ISGN OSGN RDEF SHEX\n" + code),
                    Catch::Contains("names RDEF, but the listing has no '// Chunk RDEF, N bytes:' block"));
  CHECK_THROWS_WITH(assemble("// Chunks: ISGN OSGN\n// Chunk RDEF, 4 bytes:\n//   00000000\n" + code),
                    Catch::Contains("carries chunk RDEF as hex, but its '// Chunks:' line does not name it"));
  CHECK_THROWS_WITH(assemble("// Chunks: ISGN OSGN\n" + code), Catch::Contains("names neither SHDR nor SHEX"));
  CHECK_THROWS_WITH(assemble("// Chunks: ISGN TOOLONG\n" + code), Catch::Contains("line 1: chunk name 'TOOLONG'"));
  CHECK_THROWS_WITH(assemble("// Statistics (STAT): 1 x\n" + code), Catch::Contains("line 1: bad STAT counter 'x'"));
  CHECK_THROWS_WITH(assemble("// Shader feature flags (SFI0): 0xq\n" + code), Catch::Contains("line 1: bad SFI0 value"));
}

TEST_CASE("the fuzzer's chunk seeds (tests/dxbc/fxc_*.asm) assemble to fxc's containers", "[dxbc][chunks]") {
  const std::pair<const char*, const std::vector<uint32_t>*> seeds[] = {
      {"fxc_hull_chunks.asm", &d3dvk::test::kVkd3dHull},
      {"fxc_gs_streams.asm", &d3dvk::test::kDxDecompilerGsStreams},
      {"fxc_min_precision.asm", &d3dvk::test::kVkd3dMinPrecision},
  };
  for (const auto& [file, words] : seeds) {
    INFO(file);
    std::ifstream f(std::string(D3DVK_DXBC_TEST_SOURCE_DIR) + "/" + file);
    REQUIRE(f);
    std::stringstream ss;
    ss << f.rdbuf();
    CHECK(assemble(ss.str()).container == bytesOf(*words));
  }
}
