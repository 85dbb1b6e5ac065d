// tests/dxbc/test_interfaces.cpp — SM5 interfaces (class linkage): dcl_function_body,
// dcl_function_table, dcl_interface[_dynamicindexed], fcall and this[] operands in
// fxc's listing syntax. Exact tokens (d3d12TokenizedProgramFormat.hpp's layouts),
// byte-identical round trips of class_linkage.asm, decoder errors for inconsistent
// tables, the translator's clear refusal of an unbound shader, the IFCE chunk
// (write → parse), and bindInterfaces: a bound program translates to valid SPIR-V
// with fcall resolved and this[] folded, and bad bindings fail with the slot named.
#include "dxbc/interfaces.h"
#include "dxbc/listing.h"
#include "dxbc/listing_chunks.h"
#include "dxbc/slot_indexing.h"
#include "dxbc/spirv_tools.h"
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

namespace {

InterfaceInfo sampleInterfaceInfo() {
  InterfaceInfo info;
  info.types = {{"Red", 0, 1, 0, 0}, {"Blue", 1, 2, 1, 1}, {"Green", 2, 0, 0, 0}};
  info.instances = {{"gRed", 0, 0, 0, 3, 0, 0}, {"gBlue", 1, 0, 1, 0, 2, 1}};
  InterfaceSlotRecord fp0;
  fp0.slotSpan = 1;
  fp0.implementations = {{0, 0}, {1, 1}};
  InterfaceSlotRecord fp1;
  fp1.slotSpan = 2;
  fp1.implementations = {{1, 2}, {2, 3}};
  info.slotRecords = {fp0, fp1};
  info.slotCount = 3;
  return info;
}

// class_linkage.asm's slots: fp0 (slot 0) takes ft0 or ft1, fp1[2] (slots 1, 2) ft2 or ft3.
InterfaceBinding sampleBinding(uint32_t fp0Table, uint32_t fp1Table0, uint32_t fp1Table1) {
  InterfaceBinding b;
  b.tables = {fp0Table, fp1Table0, fp1Table1};
  b.pointers = {{0, 5, 0, 0}, {0, 7, 3, 4}, {0, 1, 0, 0}};  // the listing declares CB0[8] only
  return b;
}

}  // namespace

TEST_CASE("the IFCE chunk writes and parses back field for field", "[dxbc][interfaces][ifce]") {
  const InterfaceInfo info = sampleInterfaceInfo();
  Chunk c;
  c.code = fourcc("IFCE");
  c.data = writeInterfaces(info);
  CHECK(c.data.size() % 4 == 0);
  const InterfaceInfo back = parseInterfaces(c);
  REQUIRE(back.types.size() == 3);
  CHECK(back.types[1].name == "Blue");
  CHECK(back.types[1].id == 1);
  CHECK(back.types[1].constantBufferStride == 2);
  CHECK(back.types[1].textureCount == 1);
  CHECK(back.types[1].samplerCount == 1);
  REQUIRE(back.instances.size() == 2);
  CHECK(back.instances[0].name == "gRed");
  CHECK(back.instances[0].constantBufferOffset == 3);
  CHECK(back.instances[1].typeId == 1);
  CHECK(back.instances[1].constantBuffer == 1);
  CHECK(back.instances[1].texture == 2);
  CHECK(back.instances[1].sampler == 1);
  CHECK(back.slotCount == 3);
  REQUIRE(back.slotRecords.size() == 2);
  CHECK(back.slotRecords[1].slotSpan == 2);
  REQUIRE(back.slotRecords[1].implementations.size() == 2);
  CHECK(back.slotRecords[1].implementations[1].typeId == 2);
  CHECK(back.slotRecords[1].implementations[1].tableId == 3);
  CHECK(writeInterfaces(back) == c.data);  // a fixed point
  // Which table a class selects at a slot; a class that does not implement the slot's interface has none.
  uint32_t table = 99;
  CHECK(back.tableFor(0, 1, &table));
  CHECK(table == 1);
  CHECK(back.tableFor(2, 2, &table));
  CHECK(table == 3);
  CHECK_FALSE(back.tableFor(0, 2, &table));
  CHECK_FALSE(back.tableFor(3, 0, &table));
  REQUIRE(back.findType("Green"));
  CHECK(back.findType("Green")->id == 2);
  CHECK_FALSE(back.findType("Purple"));
  // A container carrying it keeps it (the assembler's hex chunks take it the same way).
  const std::vector<uint8_t> bytes = writeContainer({c});
  const Container container = parseContainer(bytes);
  REQUIRE(container.find(fourcc("IFCE")));
  CHECK(container.find(fourcc("IFCE"))->data == c.data);
}

TEST_CASE("malformed IFCE chunks fail with the reason", "[dxbc][interfaces][ifce][robustness]") {
  Chunk c;
  c.code = fourcc("IFCE");
  c.data = writeInterfaces(sampleInterfaceInfo());
  Chunk truncated = c;
  truncated.data.resize(20);
  CHECK_THROWS_WITH(parseInterfaces(truncated), Catch::Contains("IFCE: the header at byte 20 is past the chunk's end"));
  Chunk spans = c;
  spans.data[12] = 5;  // the header's slot count
  CHECK_THROWS_WITH(parseInterfaces(spans), Catch::Contains("the slot records span 3 slots but the header counts 5"));
  Chunk name = c;
  const uint32_t past = uint32_t(name.data.size()) + 8;
  std::memcpy(name.data.data() + 28, &past, 4);  // the first class type's name offset
  CHECK_THROWS_WITH(parseInterfaces(name), Catch::Contains("is past the chunk's end"));
  Chunk counts = c;
  counts.data[3] = 0x7f;  // a huge instance count
  CHECK_THROWS_WITH(parseInterfaces(counts), Catch::Contains("implausible counts"));
}

TEST_CASE("the interface declarations give the slots and the ones fcall goes through", "[dxbc][interfaces]") {
  const Shader s = parseShader(assemble(readListing()).container);
  CHECK(usesInterfaces(s.program));
  const InterfaceDeclarations d = interfaceDeclarations(s.program);
  CHECK(d.slotCount == 3);
  REQUIRE(d.interfaces.size() == 2);
  CHECK(d.interfaces[1].firstSlot == 1);
  CHECK(d.interfaces[1].arraySize == 2);
  CHECK(d.interfaces[1].dynamicIndexed);
  CHECK(d.interfaces[0].tables == std::vector<uint32_t>{0, 1});
  CHECK(d.tables.at(1) == std::vector<uint32_t>{1, 3});
  CHECK(d.calledSlots == std::vector<bool>{true, true, true});  // fp1 is called with a register index
  const Shader plain = parseShader(assemble("ps_5_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(1, 1, 1, 1)\nret\n").container);
  CHECK_FALSE(usesInterfaces(plain.program));
  CHECK(interfaceDeclarations(plain.program).slotCount == 0);
}

TEST_CASE("a bound program has its fcalls inlined and this[] folded, and translates", "[dxbc][interfaces][translate]") {
  Shader s = parseShader(assemble(readListing()).container);
  const Program bound = bindInterfaces(s.program, sampleBinding(0, 2, 3));
  for (const Instruction& inst : bound.instructions) {
    INFO(opcodeInfo(inst.opcode).name);
    CHECK(inst.opcode != Opcode::InterfaceCall);
    CHECK(inst.opcode != Opcode::DclInterface);
    CHECK(inst.opcode != Opcode::DclFunctionTable);
    CHECK(inst.opcode != Opcode::DclFunctionBody);
    CHECK(inst.opcode != Opcode::Label);
    for (const Operand& op : inst.operands) CHECK(op.type != OperandType::ThisPointer);
  }
  // fp0[0][0] through ft0 is fb0: mov r0.xyzw, cb[this[0].x + 0][this[0].y + 0] with slot 0's data (cb0, offset 5).
  const Instruction& first = bound.instructions.at(find(bound, Opcode::Mov, 0));
  REQUIRE(first.operands.size() == 2);
  CHECK(first.operands[1].type == OperandType::ConstantBuffer);
  CHECK(first.operands[1].index[0].repr == IndexRepr::Imm32);
  CHECK(first.operands[1].index[0].imm == 0);
  CHECK(first.operands[1].index[1].repr == IndexRepr::Imm32);
  CHECK(first.operands[1].index[1].imm == 5);
  // fp1[v2.x + 0][0]: a switch over the two slots; slot 1 (ft2 → fb4) reads this[1].y (7) as an immediate.
  const Instruction& sw = bound.instructions.at(find(bound, Opcode::Switch, 0));
  CHECK(sw.operands.at(0).type == OperandType::Input);
  const Instruction& thisY = bound.instructions.at(find(bound, Opcode::Mov, 1));
  REQUIRE(thisY.operands.size() == 2);
  CHECK(thisY.operands[1].type == OperandType::Immediate32);
  CHECK(thisY.operands[1].imm[0] == 7);
  s.program = bound;
  const std::vector<uint32_t> spv = translateToSpirv(s);
  CHECK(validateSpirv(spv) == "");
  // The other classes bind to a different program (fb1 and fb5 in place of fb0 and fb4).
  s.program = bindInterfaces(parseShader(assemble(readListing()).container).program, sampleBinding(1, 3, 2));
  CHECK(validateSpirv(translateToSpirv(s)) == "");
}

TEST_CASE("binding interfaces wrongly fails with the slot named", "[dxbc][interfaces][robustness]") {
  const Shader s = parseShader(assemble(readListing()).container);
  InterfaceBinding noSlot0 = sampleBinding(0, 2, 3);
  noSlot0.tables[0] = kNoFunctionTable;
  CHECK_THROWS_WITH(bindInterfaces(s.program, noSlot0),
                    Catch::Contains("calls through interface slot 0, which has no class instance bound"));
  CHECK_THROWS_WITH(bindInterfaces(s.program, sampleBinding(2, 2, 3)),
                    Catch::Contains("interface slot 0 is bound to ft2, which dcl_interface fp0 does not list"));
  // A body calling through its own interface again (D3D has no recursion).
  const Shader recursive = parseShader(assemble(R"(ps_5_0
dcl_function_body fb0
dcl_function_table ft0 = {fb0}
dcl_interface fp0[1][1] = {ft0}
dcl_output o0.xyzw
fcall fp0[0][0]
ret
label fb0
fcall fp0[0][0]
ret
)").container);
  InterfaceBinding one;
  one.tables = {0};
  one.pointers = {{0, 0, 0, 0}};
  CHECK_THROWS_WITH(bindInterfaces(recursive.program, one), Catch::Contains("fb0 calls itself through an interface"));
  InterfaceBinding shortBinding = sampleBinding(0, 2, 3);
  shortBinding.tables.resize(2);
  shortBinding.pointers.resize(2);
  CHECK_THROWS_WITH(bindInterfaces(s.program, shortBinding),
                    Catch::Contains("calls through interface slot 2, which has no class instance bound"));
}

TEST_CASE("this[] indexed by a register becomes a switch over the bound slots, conditions through a scratch temp",
          "[dxbc][interfaces][translate]") {
  Shader s = parseShader(assemble(R"(ps_5_0
dcl_function_body fb0
dcl_function_table ft0 = {fb0}
dcl_interface_dynamicindexed fp0[2][1] = {ft0}
dcl_constantbuffer CB1[4], dynamicIndexed
dcl_input_ps constant v0.x
dcl_output o0.xyzw
dcl_temps 2
fcall fp0[v0.x + 0][0]
ret
label fb0
mov r0.x, this[v0.x + 0].y
mov o0.xyzw, cb[this[v0.x + 0].x + 0][r0.x + 0].xyzw
if_nz this[v0.x + 0].y
  mov o0.x, l(1.000000)
endif
ret
)").container);
  InterfaceBinding two;
  two.tables = {0, 0};
  two.pointers = {{0, 2, 0, 0}, {2, 3, 0, 0}};  // slot 1's data in cb2, which the shader does not declare
  const Program bound = bindInterfaces(s.program, two);
  // cb[this[v0.x + 0].x + 0] folds to cb0 in slot 0's case and the default, to
  // cb2 in slot 1's: neither is declared by the shader, so the binding declares them.
  std::vector<uint64_t> declared;
  for (const Instruction& inst : bound.instructions)
    if (inst.opcode == Opcode::DclConstantBuffer && inst.dynamicIndexed())
      declared.push_back(inst.operands.at(0).index[0].imm * 10000 + inst.operands[0].index[1].imm);
  CHECK(declared == std::vector<uint64_t>{10004, 4096, 24096});  // slot * 10000 + size
  size_t switches = 0;
  std::vector<uint32_t> offsets;  // what r0.x gets in each case
  for (const Instruction& inst : bound.instructions) {
    switches += inst.opcode == Opcode::Switch;
    for (const Operand& op : inst.operands) {
      CHECK(op.type != OperandType::ThisPointer);
      for (const OperandIndex& i : op.index)
        for (const Operand& rel : i.rel) CHECK(rel.type != OperandType::ThisPointer);
    }
    if (inst.opcode == Opcode::Mov && inst.operands.at(0).type == OperandType::Temp &&
        inst.operands[0].index[0].imm == 0 && inst.operands[1].type == OperandType::Immediate32)
      offsets.push_back(inst.operands[1].imm[0]);
  }
  // The fcall's switch, then in each of its 2 cases 3 over this[]'s 2 slots (the
  // if_nz's condition moved into r3, past the return flag r2).
  CHECK(switches == 7);
  // Per inlined body: slot 0's offset, slot 1's, and the default's zero.
  CHECK(offsets == std::vector<uint32_t>{2, 3, 0, 2, 3, 0});
  bool scratch = false;
  for (const Instruction& inst : bound.instructions)
    if (inst.opcode == Opcode::If) scratch = inst.operands.at(0).type == OperandType::Temp && inst.operands[0].index[0].imm == 3;
  CHECK(scratch);
  CHECK(declaredTemps(bound) == 4);
  s.program = bound;
  CHECK(validateSpirv(translateToSpirv(s)) == "");
}

TEST_CASE("fxc-shaped class code (this[r + n], cb/t/s slots through registers) round-trips, binds and translates",
          "[dxbc][listing][interfaces][indexing]") {
  std::ifstream f(std::string(D3DVK_DXBC_TEST_SOURCE_DIR) + "/interface_arrays.asm");
  std::stringstream text;
  text << f.rdbuf();
  const AssembleResult a = assemble(text.str());
  Shader s = parseShader(a.container);
  const std::string dis = disassemble(s);
  CHECK(assemble(dis).container == a.container);
  for (const char* line :
       {"fcall fp1[r1.w + 0][0]\n", "mov r2.w, this[r1.w + 1].y\n", "mov r4.x, cb[r1.w + 0][r2.w + 0].x\n",
        "add r4.x, r4.x, cb[r3.w + 0][r2.w + 1].x\n", "mov r4.xy, this[0].zwzz\n",
        "sample_l_indexable(texture2d)(float,float,float,float) r5.x, l(-0.75,0.25,0.0,0.0), t[r4.x + 0].xyzw, "
        "s[r4.y + 0], l(0.0)\n"}) {
    INFO(line);
    CHECK(dis.find(line) != std::string::npos);
  }
  // Slot 0: a material (ft2 or ft3); slots 1..3: lights (ft0 or ft1), data in cb3.
  InterfaceBinding b;
  b.tables = {2, 0, 1, 0};
  // The material's texture is t6, which the shader does not declare.
  b.pointers = {{3, 5, 6, 1}, {3, 0, 0, 0}, {3, 1, 0, 0}, {3, 3, 0, 0}};
  const Program bound = bindInterfaces(s.program, b);
  bool declaresCb3 = false;
  std::vector<uint32_t> textures;  // slot * 0x100000 + dimension * 0x10000 + return types
  for (const Instruction& inst : bound.instructions) {
    for (const Operand& op : inst.operands) CHECK(op.type != OperandType::ThisPointer);
    if (inst.opcode == Opcode::DclConstantBuffer) declaresCb3 = declaresCb3 || inst.operands.at(0).index[0].imm == 3;
    if (inst.opcode == Opcode::DclResource)
      textures.push_back(uint32_t(inst.operands.at(0).index[0].imm) * 0x100000 + inst.controls * 0x10000 + inst.extra.at(0));
  }
  CHECK_FALSE(declaresCb3);  // read through registers only: the translator's lowering covers every slot
  // t0, t1 as declared; t6 as sample_l_indexable(texture2d)(float,float,float,float) names it.
  CHECK(textures == std::vector<uint32_t>{0x035555, 0x135555, 0x635555});
  CHECK(usesRegisterIndexedSlots(bound));
  CHECK_FALSE(usesRegisterIndexedSlots(lowerRegisterIndexedSlots(bound)));
  s.program = bound;
  CHECK(validateSpirv(translateToSpirv(s)) == "");
}

TEST_CASE("a listing carrying an IFCE chunk round-trips it byte for byte", "[dxbc][listing][interfaces][ifce]") {
  Chunk ifce;
  ifce.code = fourcc("IFCE");
  ifce.data = writeInterfaces(sampleInterfaceInfo());
  const std::string text = listing::formatRawChunk(ifce) + readListing();
  const AssembleResult a = assemble(text);
  const Shader s = parseShader(a.container);
  const Chunk* kept = s.container.find(fourcc("IFCE"));
  REQUIRE(kept);
  CHECK(kept->data == ifce.data);
  CHECK(parseInterfaces(*kept).slotCount == interfaceDeclarations(s.program).slotCount);
  const std::string dis = disassemble(s);
  CHECK(dis.find("// Chunk IFCE, " + std::to_string(ifce.data.size()) + " bytes:\n") != std::string::npos);
  CHECK(assemble(dis).container == a.container);
}
