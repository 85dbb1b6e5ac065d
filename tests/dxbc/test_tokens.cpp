// tests/dxbc/test_tokens.cpp — the token decoder and encoder against documented
// SM4/SM5 encodings (words from an fxc-built ps_4_0 shader and hand-derived tokens
// from the tokenized-program-format bit layout), and malformed-stream errors.
#include "dxbc/program.h"

#include <catch2/catch.hpp>

using namespace d3dvk::dxbc;

namespace {
// SHDR of an fxc ps_4_0 shader (vkd3d-proton's test_invalid_shaders):
//   dcl_constantbuffer cb0[1], immediateIndexed / dcl_output o0.xyzw / if_z cb0[0].x
//   mov o0.xyzw, l(1,1,1,1) / break / endif / mov o0.xyzw, l(0,0,0,0) / ret
const std::vector<uint32_t> kFxcPsBreak = {
    0x00000040, 0x00000020, 0x04000059, 0x00208e46, 0x00000000, 0x00000001, 0x03000065, 0x001020f2,
    0x00000000, 0x0400001f, 0x0020800a, 0x00000000, 0x00000000, 0x08000036, 0x001020f2, 0x00000000,
    0x00004002, 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000, 0x01000002, 0x01000015, 0x08000036,
    0x001020f2, 0x00000000, 0x00004002, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x0100003e,
};
}  // namespace

TEST_CASE("decoder reads an fxc ps_4_0 token stream field by field", "[dxbc][tokens]") {
  Program p = decodeProgram(kFxcPsBreak);
  CHECK(p.type == ProgramType::Pixel);
  CHECK(p.major == 4);
  CHECK(p.minor == 0);
  REQUIRE(p.instructions.size() == 8);
  const Instruction& cb = p.instructions[0];
  CHECK(cb.opcode == Opcode::DclConstantBuffer);
  CHECK_FALSE(cb.dynamicIndexed());
  REQUIRE(cb.operands.size() == 1);
  CHECK(cb.operands[0].type == OperandType::ConstantBuffer);
  CHECK(cb.operands[0].indexDimension == 2);
  CHECK(cb.operands[0].index[1].imm == 1);
  CHECK(cb.operands[0].selection == SelectionMode::Swizzle);
  const Instruction& iff = p.instructions[2];
  CHECK(iff.opcode == Opcode::If);
  CHECK_FALSE(iff.testNonZero());
  CHECK(iff.operands[0].selection == SelectionMode::Select1);
  CHECK(iff.operands[0].swizzle[0] == 0);
  const Instruction& mov = p.instructions[3];
  CHECK(mov.opcode == Opcode::Mov);
  CHECK(mov.operands[0].mask == 0xf);
  CHECK(mov.operands[1].type == OperandType::Immediate32);
  CHECK(mov.operands[1].immCount == 4);
  CHECK(mov.operands[1].imm[3] == 0x3f800000);
  CHECK(p.instructions[4].opcode == Opcode::Break);
  CHECK(p.instructions[7].opcode == Opcode::Ret);
  CHECK(p.instructions[7].offset == 31);
  CHECK(encodeProgram(p) == kFxcPsBreak);
}

TEST_CASE("encoder produces the documented bits for modifiers, saturate, relative indices", "[dxbc][tokens]") {
  // mov_sat r0.x, -r1.y   (opcode 54, saturate bit 13, length 6)
  Instruction mov;
  mov.opcode = Opcode::Mov;
  mov.controls = 1u << 2;  // bit 13
  Operand d;
  d.type = OperandType::Temp;
  d.mask = 0x1;
  d.indexDimension = 1;
  d.index[0].imm = 0;
  Operand s;
  s.type = OperandType::Temp;
  s.selection = SelectionMode::Select1;
  s.swizzle[0] = s.swizzle[1] = s.swizzle[2] = s.swizzle[3] = 1;
  s.indexDimension = 1;
  s.index[0].imm = 1;
  s.extended = true;
  s.modifier = OperandModifier::Neg;
  mov.operands = {d, s};
  // dest: 4 comps (2) | mask mode | mask x (1<<4) | temp | 1D  = 0x00100012
  // src:  4 comps (2) | select1 (2<<2) | y (1<<4) | temp | 1D | extended = 0x8010001a, then neg (1 | 1<<6)
  CHECK(encodeInstruction(mov) == std::vector<uint32_t>{0x06002036, 0x00100012, 0, 0x8010001a, 0x00000001 | 0x40, 1});

  // cb2[r0.x + 3].xyzw as a source: 2D index, index 1 = imm32 + relative (repr 3 at bits 25..27)
  Operand cb;
  cb.type = OperandType::ConstantBuffer;
  cb.selection = SelectionMode::Swizzle;
  cb.indexDimension = 2;
  cb.index[0].imm = 2;
  cb.index[1].repr = IndexRepr::Imm32PlusRelative;
  cb.index[1].imm = 3;
  Operand rel;
  rel.type = OperandType::Temp;
  rel.selection = SelectionMode::Select1;
  for (auto& c : rel.swizzle) c = 0;
  rel.indexDimension = 1;
  cb.index[1].rel.push_back(rel);
  CHECK(encodeOperandToken(cb) == (0x2u | 1u << 2 | 0xe4u << 4 | 8u << 12 | 2u << 20 | 3u << 25));
  Instruction m2;
  m2.opcode = Opcode::Mov;
  m2.operands = {d, cb};
  auto words = encodeInstruction(m2);
  std::vector<uint32_t> prog = {0x00000050, uint32_t(2 + words.size())};
  prog.insert(prog.end(), words.begin(), words.end());
  Program back = decodeProgram(prog);
  REQUIRE(back.instructions.size() == 1);
  const Operand& got = back.instructions[0].operands[1];
  CHECK(got.index[1].repr == IndexRepr::Imm32PlusRelative);
  CHECK(got.index[1].imm == 3);
  REQUIRE(got.index[1].rel.size() == 1);
  CHECK(got.index[1].rel[0].type == OperandType::Temp);
}

TEST_CASE("immediate constant buffer custom data and extended opcode tokens decode", "[dxbc][tokens]") {
  std::vector<uint32_t> prog = {0x00000050, 0,
                                // customdata class 3 (ICB), 2 + 4 dwords
                                0x00001835, 6, 1, 2, 3, 4,
                                // sample_aoffimmi(1,-1,0): opcode 69 extended, ext token type 1
                                0x8a000045, 0x00003e01 & ~0u, 0x001000f2, 0, 0x00101046, 0, 0x00107e46, 0, 0x00106000, 0,
                                0x0100003e};
  prog[9] = 1u | (1u << 9) | (0xfu << 13);  // u=1, v=-1
  prog[1] = uint32_t(prog.size());
  Program p = decodeProgram(prog);
  REQUIRE(p.instructions.size() == 3);
  CHECK(p.instructions[0].opcode == Opcode::CustomData);
  CHECK(p.instructions[0].customDataClass == 3);
  CHECK(p.instructions[0].customData == std::vector<uint32_t>{1, 2, 3, 4});
  CHECK(p.instructions[1].hasSampleOffsets());
  CHECK(p.instructions[1].sampleOffset(0) == 1);
  CHECK(p.instructions[1].sampleOffset(1) == -1);
  CHECK(p.instructions[1].operands.size() == 4);
  CHECK(encodeProgram(p) == prog);
}

TEST_CASE("malformed token streams give errors naming opcode, operand and offset", "[dxbc][tokens][robustness]") {
  auto err = [](std::vector<uint32_t> w, const char* text) {
    INFO(text);
    CHECK_THROWS_WITH(decodeProgram(w), Catch::Contains(text));
  };
  err({}, "truncated: 0 dwords");
  err({0x00070050, 2}, "unknown program type 7");
  err({0x00000030, 2}, "unsupported version token 0x00000030");
  err({0x00000050, 9}, "length 9 at dword 1 does not fit the 2 dwords present");
  err({0x00000050, 3, 0x000007ff}, "dword 2, opcode 2047: unknown opcode");
  err({0x00000050, 3, 0x00000036}, "dword 2, opcode 'mov': instruction length is 0");
  err({0x00000050, 3, 0x05000036}, "opcode 'mov': instruction length 5 exceeds the program (1 dwords left)");
  err({0x00000050, 4, 0x02000036, 0x00100012}, "opcode 'mov', operand 0 at dword 3: operand runs past the instruction end");
  err({0x00000050, 5, 0x03000036, 0x00ff0012, 0}, "operand 0 at dword 3: unknown operand type 240");
  err({0x00000050, 5, 0x03000036, 0x00100013, 0}, "N-component operands are not supported");
  err({0x00000050, 5, 0x03000036, 0x01d00012, 0}, "unknown index representation 7 for index 0");
  err({0x00000050, 6, 0x04000036, 0x80100012, 0x00000101, 0}, "unknown operand modifier 4");
  err({0x00000050, 4, 0x00000035, 9, 0}, "custom-data length 9 exceeds the program");
  err({0x00000050, 5, 0x00001835, 2 + 1, 7}, "immediate constant buffer size 1 is not a multiple of 4");
  err({0x00000050, 3, 0x01000078}, "fcall needs a function index dword");
  // relative addressing nested five deep
  std::vector<uint32_t> deep = {0x00000050, 0, 0x00000036, 0x00100012, 0};
  for (int i = 0; i < 6; ++i) deep.push_back(0x0080000a | (2u << 22) | (1u << 20));
  deep[2] = 0x7f000036;
  deep.resize(2 + 127, 0);
  deep[1] = uint32_t(deep.size());
  CHECK_THROWS_WITH(decodeProgram(deep), Catch::Contains("relative addressing nested too deeply"));
}
