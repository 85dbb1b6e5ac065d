// tests/dxbc/test_translate_doubles.cpp — the double-precision instructions
// (SM5.0 dadd … ftod, the D3D11.1 ddiv, dfma, drcp, dtoi, dtou, itod, utod) in the
// listing tools and the translator: their opcodes and d(…) immediates assemble
// to the tokenized format's numbers, round-trip byte-identically, derive the SFI0
// double flags, translate to valid SPIR-V with Float64 in every stage, and fail
// with the feature's name when the device lacks shaderFloat64. Values computed on
// the device: tests/compute/test_doubles.cpp.
#include "dxbc/listing.h"
#include "dxbc/program.h"
#include "dxbc/spirv_tools.h"
#include "dxbc/translator.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <fstream>
#include <sstream>

using namespace d3dvk::dxbc;

namespace {

std::string readText(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::string validSpirv(const std::string& text, const TranslateOptions& opt = {}) {
  INFO(text);
  const std::vector<uint32_t> spv = translateToSpirv(parseShader(assemble(text).container), opt);
  const std::string dis = disassembleSpirv(spv);
  INFO(dis);
  CHECK(validateSpirv(spv) == "");
  return dis;
}

uint64_t featureFlags(const std::string& text) { return parseShader(assemble(text).container).featureFlags.value_or(0); }

// One instruction in a compute shader with r0..r3 declared.
std::string csWith(const std::string& line) {
  return "cs_5_0\ndcl_globalFlags refactoringAllowed | enableDoublePrecisionFloatOps\ndcl_temps 4\n"
         "dcl_thread_group 1, 1, 1\n" + line + "\nret\n";
}

}  // namespace

TEST_CASE("double opcodes assemble to the tokenized format's numbers and operand forms", "[dxbc][listing][doubles]") {
  // D3D11_SB_OPCODE_DADD … FTOD are 191..202, D3D11_1_SB_OPCODE_DDIV … UTOD 210..217 (msad 213 aside).
  const std::pair<const char*, uint32_t> ops[] = {
      {"dadd r0.xy, r1.xyxy, r2.zwzw", 191}, {"dmax r0.xy, r1.xyxy, r2.zwzw", 192}, {"dmin r0.xy, r1.xyxy, r2.zwzw", 193},
      {"dmul r0.xy, r1.xyxy, r2.zwzw", 194}, {"deq r0.x, r1.xyxy, r2.zwzw", 195},   {"dge r0.x, r1.xyxy, r2.zwzw", 196},
      {"dlt r0.x, r1.xyxy, r2.zwzw", 197},   {"dne r0.x, r1.xyxy, r2.zwzw", 198},   {"dmov r0.xy, r1.xyxy", 199},
      {"dmovc r0.xy, r1.x, r2.xyxy, r3.zwzw", 200}, {"dtof r0.x, r1.xyxy", 201},   {"ftod r0.xy, r1.x", 202},
      {"ddiv r0.xy, r1.xyxy, r2.zwzw", 210}, {"dfma r0.xy, r1.xyxy, r2.xyxy, r3.xyxy", 211}, {"drcp r0.xy, r1.xyxy", 212},
      {"dtoi r0.x, r1.xyxy", 214},           {"dtou r0.x, r1.xyxy", 215},           {"itod r0.xy, r1.x", 216},
      {"utod r0.xy, r1.x", 217}};
  for (const auto& [line, number] : ops) {
    INFO(line);
    const AssembleResult a = assemble(csWith(line));
    const Instruction& inst = a.program.instructions.at(3);
    CHECK(uint32_t(inst.opcode) == number);
    CHECK(isDoubleOpcode(inst.opcode));
    CHECK(isDoubleExtensionOpcode(inst.opcode) == (number >= 210));
    // The disassembler prints the instruction as written.
    CHECK(disassembleInstruction(inst) == line);
  }
  CHECK_FALSE(isDoubleOpcode(Opcode::Msad));
  CHECK_FALSE(isDoubleOpcode(Opcode::Sync));
  CHECK_FALSE(isDoubleOpcode(Opcode::EvalSnapped));

  // d(a, b): a 4-component 64-bit immediate (operand type 5), two doubles low word first; d(a): one component.
  const AssembleResult two = assemble(csWith("dmov r0.xyzw, d(1.000000, -2.5)"));
  const Operand& imm = two.program.instructions.at(3).operands.at(1);
  CHECK(imm.type == OperandType::Immediate64);
  CHECK(imm.numComponents == 4);
  REQUIRE(imm.immCount == 4);
  CHECK(imm.imm[0] == 0);
  CHECK(imm.imm[1] == 0x3ff00000u);
  CHECK(imm.imm[2] == 0);
  CHECK(imm.imm[3] == 0xc0040000u);
  const AssembleResult one = assemble(csWith("deq r0.x, r1.xyxy, d(0.1)"));
  const Operand& imm1 = one.program.instructions.at(3).operands.at(2);
  CHECK(imm1.numComponents == 1);
  REQUIRE(imm1.immCount == 2);
  CHECK((uint64_t(imm1.imm[1]) << 32 | imm1.imm[0]) == 0x3fb999999999999aull);
  // Token layout: operand token (type 5, 4 components) then 4 dwords.
  const Program decoded = parseShader(two.container).program;
  const std::vector<uint32_t> words = encodeProgram(decoded);
  const size_t at = decoded.instructions.at(3).offset;
  REQUIRE(at + 7 < words.size());
  const uint32_t opToken = words.at(at + 3);  // opcode, dest token, dest index, then the immediate
  CHECK(((opToken >> 12) & 0xff) == 5);
  CHECK((opToken & 3) == 2);
  CHECK(words.at(at + 5) == 0x3ff00000u);
}

TEST_CASE("double immediates survive the round trip bit-exactly", "[dxbc][listing][doubles]") {
  const uint64_t bits[] = {0x3fb999999999999aull, 0x8000000000000000ull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
                           0x7ff8000000000001ull, 0x0000000000000001ull, 0x7fefffffffffffffull, 0x0010000000000000ull,
                           0x41dfffffffc00000ull, 0xc1e0000000000000ull, 0x4330000000000001ull, 0x000fffffffffffffull};
  for (uint64_t b : bits) {
    char text[160];
    std::snprintf(text, sizeof text, "dmov r0.xyzw, d(0x%016llx, -3.75)", static_cast<unsigned long long>(b));
    const AssembleResult a = assemble(csWith(text));
    const std::string dis = disassemble(parseShader(a.container));
    INFO(dis);
    const AssembleResult again = assemble(dis);
    CHECK(again.container == a.container);
    const Operand& imm = again.program.instructions.at(3).operands.at(1);
    CHECK((uint64_t(imm.imm[1]) << 32 | imm.imm[0]) == b);
    CHECK(imm.imm[3] == 0xc00e0000u);
  }
  // fxc prints %f-style values; they parse as the nearest double.
  const AssembleResult fxc = assemble(csWith("dadd r0.xy, r1.xyxy, d(0.100000, 1.000000)"));
  CHECK(fxc.program.instructions.at(3).operands.at(2).imm[1] == 0x3fb99999u);
  CHECK(disassembleInstruction(fxc.program.instructions.at(3)) == "dadd r0.xy, r1.xyxy, d(0.1,1.0)");
}

TEST_CASE("a listing using every double instruction round-trips byte-identically", "[dxbc][listing][doubles]") {
  const std::string text = readText(std::string(D3DVK_DXBC_TEST_SOURCE_DIR) + "/doubles.asm");
  REQUIRE(!text.empty());
  const AssembleResult a = assemble(text);
  const std::string dis = disassemble(parseShader(a.container));
  INFO(dis);
  const AssembleResult b = assemble(dis);
  CHECK(a.container == b.container);
  CHECK(disassemble(parseShader(b.container)) == dis);  // a fixed point
  for (const char* line : {"dmin r3.zw, |r1.zwzw|, r2.xyxy\n", "dfma r2.xy, r2.xyxy, r2.zwzw, d(-0.5,0.25)\n",
                           "drcp_sat r2.zw, r3.zwzw\n", "dne r1.x, r2.xyxy, d(0x7ff8000000000000,-0.0)\n",
                           "dmovc_sat r3.zw, r1.xxxx, d(2.5e-300,1.0e+300), r3.xyxy\n",
                           "dadd_sat r2.xyzw, -|r2.xyzw|, d(0x0000000000000001,-0.0)\n", "itod r2.xy, r1.w\n"}) {
    INFO(line);
    CHECK(dis.find(line) != std::string::npos);
  }
  // Doubles and the 11.1 double extensions: SFI0 0x1 | 0x20, as fxc derives them.
  CHECK(parseShader(a.container).featureFlags.value_or(0) == 0x21);
  CHECK(validSpirv(text).find("OpCapability Float64") != std::string::npos);
}

TEST_CASE("SFI0: doubles set 0x1, the 11.1 double instructions add 0x20", "[dxbc][listing][doubles]") {
  CHECK(featureFlags(csWith("dadd r0.xy, r1.xyxy, r2.xyxy")) == 0x1);
  CHECK(featureFlags(csWith("ftod r0.xy, r1.x")) == 0x1);
  CHECK(featureFlags(csWith("dtof r0.x, r1.xyxy")) == 0x1);
  for (const char* line : {"ddiv r0.xy, r1.xyxy, r2.xyxy", "dfma r0.xy, r1.xyxy, r1.xyxy, r1.xyxy", "drcp r0.xy, r1.xyxy",
                           "dtoi r0.x, r1.xyxy", "dtou r0.x, r1.xyxy", "itod r0.xy, r1.x", "utod r0.xy, r1.x"}) {
    INFO(line);
    CHECK(featureFlags(csWith(line)) == 0x21);
  }
  CHECK(featureFlags(csWith("mov r0.xy, r1.xyxx")) == 0);
  // Not derived from the global flags: they only permit.
  CHECK(featureFlags("cs_5_0\ndcl_globalFlags enableDoublePrecisionFloatOps\ndcl_thread_group 1, 1, 1\nret\n") == 0);
}

TEST_CASE("every double instruction translates to valid SPIR-V with Float64 in every stage", "[dxbc][translate][doubles]") {
  const char* body = R"(ftod r0.xyzw, r3.xyxx
dadd r1.xy, r0.xyxy, r0.zwzw
dmul r1.zw, r0.xyxy, d(3.0, 3.0)
dmax r2.xyzw, r1.xyzw, -r0.zwxy
dmin r2.xy, |r2.zwzw|, r1.xyxy
dmov_sat r2.zw, r2.xyxy
dmovc r1.xyzw, r3.zwzz, r2.xyzw, d(0.5, -0.5)
deq r3.x, r1.xyxy, r2.zwzw
dge r3.yw, r1.xyzw, r2.zwxy
dlt r3.z, r1.zwzw, d(1.0)
dne r3.x, r2.xyxy, r2.xyxy
dtof r3.yz, r2.xyzw
ddiv r0.xy, r1.xyxy, r2.zwzw
dfma r0.zw, r1.zwzw, r2.zwzw, r0.xyxy
drcp r1.xyzw, r0.xyzw
dtoi r3.x, r1.xyxy
dtou r3.y, r1.zwzw
itod r0.xy, r3.x
utod r0.zw, r3.yyyy
)";
  const std::string vs = std::string("vs_5_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\ndcl_temps 4\n"
                                     "mov r3.xyzw, v0.xyzw\n") + body + "dtof o0.xy, r0.xyzw\nmov o0.zw, r3.xxxy\nret\n";
  const std::string ps = std::string("ps_5_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\ndcl_temps 4\n"
                                     "mov r3.xyzw, v1.xyzw\n") + body + "dtof o0.xy, r0.xyzw\nmov o0.zw, r3.xxxy\nret\n";
  const std::string gs = std::string(
      "gs_5_0\ndcl_input v[3][0].xyzw\ndcl_inputprimitive triangle\ndcl_stream m0\ndcl_outputtopology trianglestrip\n"
      "dcl_output_siv o0.xyzw, position\ndcl_temps 4\ndcl_maxout 1\nmov r3.xyzw, v[0][0].xyzw\n") + body +
      "dtof o0.xy, r0.xyzw\nmov o0.zw, r3.xxxy\nemit_stream m0\nret\n";
  const std::string cs = std::string("cs_5_0\ndcl_uav_raw u0\ndcl_input vThreadID.x\ndcl_temps 4\ndcl_thread_group 4, 1, 1\n"
                                     "utof r3.xyzw, vThreadID.xxxx\n") + body + "store_raw u0.xyzw, l(0), r0.xyzw\nret\n";
  for (const std::string* text : {&vs, &ps, &gs, &cs}) {
    const std::string dis = validSpirv(*text);
    CHECK(dis.find("OpCapability Float64") != std::string::npos);
    CHECK(dis.find("OpTypeFloat 64") != std::string::npos);
    CHECK(dis.find("OpFConvert") != std::string::npos);
    // dfma: exactly rounded adds and multiplies, never contracted, instead of Fma (unfused on lavapipe)
    CHECK(dis.find("Fma") == std::string::npos);
    CHECK(dis.find("NoContraction") != std::string::npos);
    // Round trip too.
    const AssembleResult a = assemble(*text);
    CHECK(assemble(disassemble(parseShader(a.container))).container == a.container);
  }
  // A shader without doubles declares no Float64.
  CHECK(validSpirv(csWith("mov r0.xyzw, l(1,2,3,4)")).find("Float64") == std::string::npos);
}

TEST_CASE("without shaderFloat64 a shader using doubles does not translate, naming the feature", "[dxbc][translate][doubles]") {
  TranslateOptions noDoubles;
  noDoubles.shaderFloat64 = false;
  const Shader s = parseShader(assemble(csWith("dadd r0.xy, r1.xyxy, r2.xyxy")).container);
  try {
    (void)translateToSpirv(s, noDoubles);
    FAIL("translated without shaderFloat64");
  } catch (const Error& e) {
    const std::string what = e.what();
    INFO(what);
    CHECK(what.find("shaderFloat64") != std::string::npos);
    CHECK(what.find("'dadd'") != std::string::npos);
  }
  // A shader without doubles translates the same either way.
  const Shader plain = parseShader(assemble(csWith("mov r0.xyzw, l(1,2,3,4)")).container);
  CHECK(translateToSpirv(plain, noDoubles) == translateToSpirv(plain));
}

TEST_CASE("double operands with the wrong component conventions fail with a reason", "[dxbc][translate][doubles]") {
  auto error = [](const std::string& line) {
    try {
      (void)translateToSpirv(parseShader(assemble(csWith(line)).container));
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK(error("dadd r0.x, r1.xyxy, r2.xyxy").find(".xy, .zw or .xyzw") != std::string::npos);
  CHECK(error("dmov r0.yz, r1.xyxy").find(".xy, .zw or .xyzw") != std::string::npos);
  CHECK(error("ftod r0.xyz, r1.x").find(".xy, .zw or .xyzw") != std::string::npos);
  CHECK(error("deq r0.xyz, r1.xyzw, r2.xyzw").find("one or two components") != std::string::npos);
  CHECK(error("dtof r0.xyzw, r1.xyzw").find("one or two components") != std::string::npos);
  CHECK(error("ftod r0.xy, d(1.0)").find("double immediate") != std::string::npos);
  CHECK(error("dadd r0.xy, r1.xyxy").find("expects 3 operands") != std::string::npos);
  // Assembler errors for malformed d(…).
  auto asmError = [](const std::string& line) {
    try {
      (void)assemble(csWith(line));
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK(asmError("dmov r0.xyzw, d(1.0, 2.0, 3.0)").find("1 or 2 values") != std::string::npos);
  CHECK(asmError("dmov r0.xy, d(abc)").find("bad double value") != std::string::npos);
  CHECK(asmError("dmov r0.xy, d(0x10000000000000000)").find("64-bit hex") != std::string::npos);
  CHECK(asmError("dmov r0.xy, d(1.0").find("missing ')'") != std::string::npos);
}
