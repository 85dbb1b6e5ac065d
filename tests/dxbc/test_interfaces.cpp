// tests/dxbc/test_interfaces.cpp — SM5 interfaces (class linkage): dcl_function_body,
// dcl_function_table, dcl_interface[_dynamicindexed], fcall and this[] operands in
// fxc's listing syntax. Exact tokens (d3d12TokenizedProgramFormat.hpp's layouts),
// byte-identical round trips of class_linkage.asm, decoder errors for inconsistent
// tables, and the translator's clear refusal (no specialization for bound classes yet).
#include "dxbc/listing.h"
#include "dxbc/translator.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <fstream>
#include <sstream>

using namespace d3dvk::dxbc;

namespace {

std::string readListing() {
  std::ifstream f(std::string(D3DVK_DXBC_TEST_SOURCE_DIR) + "/class_linkage.asm");
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::vector<uint32_t> codeWords(const Shader& s) {
  const Chunk* c = s.container.find(fourcc("SHEX"));
  REQUIRE(c);
  std::vector<uint32_t> w(c->data.size() / 4);
  std::memcpy(w.data(), c->data.data(), c->data.size());
  return w;
}

// The dwords of the instruction at `index` in the program.
std::vector<uint32_t> instructionWords(const Shader& s, size_t index) {
  const std::vector<uint32_t> w = codeWords(s);
  const Instruction& inst = s.program.instructions.at(index);
  return {w.begin() + long(inst.offset), w.begin() + long(inst.offset + inst.length)};
}

size_t find(const Program& p, Opcode op, size_t nth = 0) {
  for (size_t i = 0; i < p.instructions.size(); ++i)
    if (p.instructions[i].opcode == op && nth-- == 0) return i;
  FAIL("opcode not found");
  return 0;
}

}  // namespace

TEST_CASE("class linkage declarations and fcall assemble to the token format's layouts", "[dxbc][listing][interfaces]") {
  const Shader s = parseShader(assemble(readListing()).container);
  const Program& p = s.program;
  // dcl_function_body fb3: opcode 144, length 2, the body id
  CHECK(instructionWords(s, find(p, Opcode::DclFunctionBody, 3)) == std::vector<uint32_t>{0x02000090, 3});
  // dcl_function_table ft1 = {fb1, fb3}: opcode 145, id, count, bodies
  CHECK(instructionWords(s, find(p, Opcode::DclFunctionTable, 1)) == std::vector<uint32_t>{0x05000091, 1, 2, 1, 3});
  // dcl_interface fp0[1][2] = {ft0, ft1}: id, call sites, array length << 16 | table count, tables
  CHECK(instructionWords(s, find(p, Opcode::DclInterface, 0)) ==
        std::vector<uint32_t>{0x06000092, 0, 2, 0x00010002, 0, 1});
  // _dynamicindexed is opcode-token bit 11
  CHECK(instructionWords(s, find(p, Opcode::DclInterface, 1)) ==
        std::vector<uint32_t>{0x06000892, 1, 1, 0x00020002, 2, 3});
  // fcall fp0[0][1]: opcode 120, the call site, then the 0-component fp operand with two indices
  CHECK(instructionWords(s, find(p, Opcode::InterfaceCall, 1)) ==
        std::vector<uint32_t>{0x05000078, 1, 0x00213000, 0, 0});
  // fcall fp1[v2.x + 0][0]: the array index is immediate + relative (v2.x)
  CHECK(instructionWords(s, find(p, Opcode::InterfaceCall, 2)) ==
        std::vector<uint32_t>{0x07000078, 0, 0x06213000, 1, 0, 0x0010100a, 2});
  // label fb0: a function-body operand
  CHECK(instructionWords(s, find(p, Opcode::Label, 0)) == std::vector<uint32_t>{0x0300002c, 0x00111000, 0});
  // this[1].y as a source: operand type 29, one immediate index
  const Instruction& mov = p.instructions.at(find(p, Opcode::Label, 4) + 1);
  REQUIRE(mov.operands.size() == 2);
  CHECK(mov.operands[1].type == OperandType::ThisPointer);
  CHECK(mov.operands[1].index[0].imm == 1);
  CHECK(mov.operands[1].swizzle[0] == 1);
}

TEST_CASE("class linkage listings round-trip byte-identically", "[dxbc][listing][interfaces]") {
  const std::string text = readListing();
  const AssembleResult a = assemble(text);
  const std::string dis = disassemble(parseShader(a.container));
  CHECK(assemble(dis).container == a.container);
  CHECK(disassemble(parseShader(assemble(dis).container)) == dis);  // the text is a fixed point
  for (const char* line :
       {"dcl_function_body fb5\n", "dcl_function_table ft0 = {fb0, fb2}\n", "dcl_function_table ft2 = {fb4}\n",
        "dcl_interface fp0[1][2] = {ft0, ft1}\n", "dcl_interface_dynamicindexed fp1[2][1] = {ft2, ft3}\n",
        "fcall fp0[0][1]\n", "fcall fp1[v2.x + 0][0]\n", "label fb4\n", "mov r2.x, this[1].y\n",
        "add r1.xyzw, v1.xyzw, cb[this[1].x + 0][r2.x + 2].xyzw\n"}) {
    INFO(line);
    CHECK(dis.find(line) != std::string::npos);
  }
  // The decoder's program re-encodes to the same words (the encoder puts fcall's call site first).
  const Shader s = parseShader(a.container);
  CHECK(encodeProgram(s.program) == codeWords(s));
  // Empty tables and a trailing ';' (MSDN's examples) are accepted too.
  const AssembleResult e = assemble("ps_5_0\ndcl_function_table ft0 = {};\ndcl_interface fp0[1][0] = {ft0};\nret\n");
  const std::string edis = disassemble(parseShader(e.container));
  CHECK(edis.find("dcl_function_table ft0 = {}\n") != std::string::npos);
  CHECK(assemble(edis).container == e.container);
}

TEST_CASE("inconsistent class linkage tokens and listings fail with a clear error", "[dxbc][interfaces][robustness]") {
  auto decodeError = [](std::vector<uint32_t> body, const char* msg) {
    std::vector<uint32_t> w{0x00000050, 0};  // ps_5_0
    w.insert(w.end(), body.begin(), body.end());
    w[1] = uint32_t(w.size());
    INFO(msg);
    CHECK_THROWS_WITH(decodeProgram(w), Catch::Contains(msg));
  };
  decodeError({0x05000091, 1, 3, 1, 3}, "function table ft1 counts 3 bodies but holds 2");
  decodeError({0x06000092, 0, 2, 0x00010005, 0, 1}, "interface fp0 counts 5 function tables but holds 2");
  decodeError({0x03000090, 0, 0}, "dcl_function_body takes one dword, has 2");
  decodeError({0x01000078}, "fcall needs a function index dword");
  decodeError({0x04000078, 0, 0x00113000, 0}, "fcall's operand must be an interface fp#[index]");
  auto asmError = [](const char* text, const char* msg) {
    INFO(msg);
    CHECK_THROWS_WITH(assemble(text), Catch::Contains(msg));
  };
  asmError("ps_5_0\ndcl_function_table ft0 = {ft1}\n", "line 2: expected fbN in dcl_function_table's list, got 'ft1'");
  asmError("ps_5_0\ndcl_interface fp0 = {ft0}\n", "line 2: expected fpN[array length][functions per table]");
  asmError("ps_5_0\nfcall fp0\n", "line 2: expected fcall fpN[index][function index]");
  asmError("ps_5_0\nfcall r0[0][0]\n", "line 2: fcall's operand must be an interface fpN[index]");
}

TEST_CASE("a shader with interfaces is refused by the translator with the reason", "[dxbc][translate][interfaces]") {
  const Shader s = parseShader(assemble(readListing()).container);
  CHECK_THROWS_WITH(translateToSpirv(s), Catch::Contains("interfaces (class linkage: dcl_function_body, dcl_function_table, "
                                                         "dcl_interface, fcall) are not supported"));
}
