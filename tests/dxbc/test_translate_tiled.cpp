// tests/dxbc/test_translate_tiled.cpp — the tiled-resource opcodes (219..234:
// the *_s forms with their residency status, check_access_fully_mapped) and
// gather4_po / gather4_po_c: decode, disassemble, assemble byte-identically,
// and translate to valid SPIR-V with and without sparse residency and MinLod;
// the padding dword fxc writes after samplepos's and the *_s forms' operands
// (fxc's containers from DXDecompiler's test data) changes nothing.
#include "dxbc/listing.h"
#include "dxbc/program.h"
#include "dxbc/spirv_tools.h"
#include "dxbc/translator.h"
#include "fxc_containers.h"
#include "spirv_text.h"

#include <catch2/catch.hpp>

#include <cstring>

using namespace d3dvk::dxbc;
using namespace d3dvk::test;

namespace {

// Every tiled-resource form plus gather4_po(_c), in fxc's syntax, pixel shader.
const char kTiledPs[] = R"(ps_5_0
dcl_globalFlags refactoringAllowed
dcl_sampler s0, mode_default
dcl_sampler s1, mode_comparison
dcl_resource_texture2d (float,float,float,float) t0
dcl_resource_texture2dms(4) (float,float,float,float) t1
dcl_resource_raw t2
dcl_resource_structured t3, 16
dcl_resource_texture2darray (float,float,float,float) t4
dcl_resource_buffer (float,float,float,float) t5
dcl_uav_typed_texture2d (float,float,float,float) u1
dcl_input_ps linear v0.xyzw
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_temps 4
sample_l_s r0.xyzw, r1.x, v0.xyxx, t0.xyzw, s0, l(0.0)
sample_c_lz_s r0.x, r1.y, v0.xyxx, t0.xxxx, s1, v0.z
sample_cl_s r0.xyzw, r1.z, v0.xyxx, t0.xyzw, s0, l(0.0)
sample_b_cl_s r0.xyzw, r1.w, v0.xyxx, t0.xyzw, s0, l(0.5), l(0.0)
sample_d_cl_s r0.xyzw, null, v0.xyxx, t0.xyzw, s0, v0.zwzz, v0.wzww, l(-1.0)
sample_c_cl_s r0.y, r2.x, v0.xyxx, t0.xxxx, s1, v0.w, l(0.0)
sample_l_s_aoffimmi(1,-1,0) r0.xyzw, r2.y, v0.xyzx, t4.xyzw, s0, l(1.0)
ld_s r0.xyzw, r2.z, l(1,0,0,0), t0.xyzw
ldms_s r0.xyzw, r2.w, l(1,1,0,0), t1.xyzw, l(3)
ld_s r0.xyzw, r3.x, l(2,0,0,0), t5.xyzw
ld_uav_typed_s r0.xyzw, r3.y, l(1,1,0,0), u1.xyzw
ld_raw_s r0.xy, r3.z, l(8), t2.xxyz
ld_structured_s r0.xyzw, r3.w, l(1), l(4), t3.yzwx
gather4_s r0.xyzw, r1.x, v0.xyxx, t0.xyzw, s0.y
gather4_c_s r0.xyzw, r1.y, v0.xyxx, t0.xyzw, s1.x, v0.z
gather4_po_s r0.xyzw, r1.z, v0.xyxx, r3.xyxx, t0.xyzw, s0.x
gather4_po_c_s r0.xyzw, r1.w, v0.xyxx, l(63,64,0,0), t0.xyzw, s1.x, v0.z
gather4_po r0.xyzw, v0.xyxx, r3.zwzz, t0.wzyx, s0.w
gather4_po_c r0.xyzw, v0.xyzx, l(1,-2,0,0), t4.xyzw, s1.x, v0.w
check_access_fully_mapped r1.xyzw, r1.xyzw
check_access_fully_mapped r2.x, r3.w
mov o0.xyzw, r0.xyzw
mov o1.xyzw, r1.xyzw
ret
)";

std::vector<uint32_t> translated(const std::string& text, const TranslateOptions& opt = {}) {
  return translateToSpirv(parseShader(assemble(text).container), opt);
}

}  // namespace

TEST_CASE("tiled-resource opcodes and gather4_po decode with the header's numbers and round-trip", "[dxbc][listing][tiled]") {
  AssembleResult a = assemble(kTiledPs);
  Shader s = parseShader(a.container);
  std::vector<uint32_t> ops;
  for (const Instruction& inst : s.program.instructions)
    if (!opcodeInfo(inst.opcode).declaration) ops.push_back(uint32_t(inst.opcode));
  // d3d12TokenizedProgramFormat.hpp: GATHER4_FEEDBACK = 219 … CHECK_ACCESS_FULLY_MAPPED = 234; GATHER4_PO(_C) = 127, 128.
  CHECK(ops == std::vector<uint32_t>{228, 229, 230, 231, 232, 233, 228, 223, 224, 223, 225, 226, 227, 219, 220, 221,
                                     222, 127, 128, 234, 234, 54, 54, 62});
  // The residency status is the second destination, null allowed.
  const Instruction& sampleD = s.program.instructions[18];
  REQUIRE(sampleD.opcode == Opcode::SampleDClS);
  REQUIRE(sampleD.operands.size() == 9);  // 8 and the padding dword fxc writes (on a texture2d, no _aoffimmi)
  CHECK(isFxcPaddingOperand(sampleD.operands[8]));
  CHECK(sampleD.operands[1].type == OperandType::Null);
  const std::string dis = disassemble(s);
  for (const char* line :
       {"sample_l_s r0.xyzw, r1.x, v0.xyxx, t0.xyzw, s0, l(0.0)\n", "sample_c_lz_s r0.x, r1.y, v0.xyxx, t0.xxxx, s1, v0.z\n",
        "sample_d_cl_s r0.xyzw, null, v0.xyxx, t0.xyzw, s0, v0.zwzz, v0.wzww, l(-1.0)\n",
        "sample_l_s_aoffimmi(1,-1,0) r0.xyzw, r2.y, v0.xyzx, t4.xyzw, s0, l(1.0)\n",
        "ldms_s r0.xyzw, r2.w, l(1,1,0,0), t1.xyzw, l(3)\n", "ld_structured_s r0.xyzw, r3.w, l(1), l(4), t3.yzwx\n",
        "gather4_po_c_s r0.xyzw, r1.w, v0.xyxx, l(63,64,0,0), t0.xyzw, s1.x, v0.z\n",
        "gather4_po r0.xyzw, v0.xyxx, r3.zwzz, t0.wzyx, s0.w\n", "check_access_fully_mapped r2.x, r3.w\n"}) {
    INFO(line);
    CHECK(dis.find(line) != std::string::npos);
  }
  CHECK(assemble(dis).container == a.container);
  CHECK(disassemble(parseShader(assemble(dis).container)) == dis);
  // ld_ms_s is accepted as another spelling of ldms_s.
  std::string other = kTiledPs;
  other.replace(other.find("ldms_s"), 6, "ld_ms_s");
  CHECK(assemble(other).container == a.container);
}

TEST_CASE("tiled-resource forms translate to valid SPIR-V: resident status without sparse residency, OpImageSparse* with it",
          "[dxbc][translate][tiled]") {
  const std::vector<uint32_t> plain = translated(kTiledPs);
  CHECK(validateSpirv(plain) == "");
  const std::string plainText = disassembleSpirv(plain);
  INFO(plainText);
  CHECK(plainText.find("OpImageSparse") == std::string::npos);
  CHECK(plainText.find("SparseResidency") == std::string::npos);
  CHECK(plainText.find("OpCapability ImageGatherExtended") != std::string::npos);  // gather4_po's register offset
  CHECK(plainText.find("MinLod") == std::string::npos);  // clamps are immediates <= 0: nothing to clamp

  TranslateOptions sparse;
  sparse.sparseResidency = true;
  const std::vector<uint32_t> spv = translated(kTiledPs, sparse);
  CHECK(validateSpirv(spv) == "");
  const std::string text = disassembleSpirv(spv);
  INFO(text);
  CHECK(text.find("OpCapability SparseResidency") != std::string::npos);
  // Every image access of a *_s form but the buffer ld_s: 7 samples, 3 image fetches + 1 read, 4 gathers.
  CHECK(occurrences(text, "OpImageSparseSample") == 7);
  CHECK(occurrences(text, "OpImageSparseFetch") == 2);
  CHECK(occurrences(text, "OpImageSparseRead") == 1);
  CHECK(occurrences(text, "OpImageSparseGather") + occurrences(text, "OpImageSparseDrefGather") == 4);
  CHECK(occurrences(text, "OpImageSparseTexelsResident") == 14);
  // gather4_po without status stays a plain gather with an Offset operand.
  CHECK(occurrences(text, "OpImageGather") + occurrences(text, "OpImageDrefGather") == 2);

  // A LOD clamp that clamps needs MinLod.
  const std::string clamped = R"(ps_5_0
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v0.xyzw
dcl_output o0.xyzw
sample_cl_s o0.xyzw, null, v0.xyxx, t0.xyzw, s0, v0.z
ret
)";
  CHECK_THROWS_WITH(translated(clamped), Catch::Contains("shaderResourceMinLod"));
  TranslateOptions minLod;
  minLod.minLod = true;
  const std::vector<uint32_t> withMinLod = translated(clamped, minLod);
  CHECK(validateSpirv(withMinLod) == "");
  CHECK(disassembleSpirv(withMinLod).find("MinLod") != std::string::npos);
}

TEST_CASE("tiled-resource forms in compute shaders translate, and a status that is not a register is named as an error",
          "[dxbc][translate][tiled][robustness]") {
  const std::string cs = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_resource_structured t1, 4
dcl_uav_raw u0
dcl_temps 2
dcl_thread_group 1, 1, 1
sample_l_s r0.xyzw, r1.x, l(0.5,0.5,0,0), t0.xyzw, s0, l(0.0)
ld_structured_s r0.y, r1.y, l(0), l(0), t1.xxxx
gather4_po_s r0.xyzw, r1.z, l(0.5,0.5,0,0), l(1,0,0,0), t0.xyzw, s0.x
check_access_fully_mapped r1.xyz, r1.xyzx
store_raw u0.xyzw, l(0), r1.xyzx
ret
)";
  for (bool sparse : {false, true}) {
    TranslateOptions o;
    o.sparseResidency = sparse;
    CHECK(validateSpirv(translated(cs, o)) == "");
  }
  // The status is a destination: an immediate there is rejected with the instruction named.
  Program p = parseShader(assemble(cs).container).program;
  for (Instruction& inst : p.instructions)
    if (inst.opcode == Opcode::SampleLS) {
      inst.operands[1] = inst.operands[4];  // the LOD immediate
      inst.operands[1].type = OperandType::Immediate32;
    }
  Shader bad;
  bad.program = p;
  CHECK_THROWS_WITH(translateToSpirv(bad), Catch::Contains("sample_l_s") && Catch::Contains("residency status"));
}

TEST_CASE("the padding dword fxc writes after samplepos's and the *_s forms' operands is no operand: translated as "
          "without it",
          "[dxbc][translate][tiled]") {
  // fxc's own: samplepos on Texture2DMS (t#, not the rasterizer) and sample_cl_s on
  // 2D, 2D-array and 3D textures (not cubes) end in a 0 dword the listing shows as ", r".
  for (const std::vector<uint32_t>* words : {&d3dvk::test::kDxDecompilerSamplePos, &d3dvk::test::kDxDecompilerTiledResources}) {
    std::vector<uint8_t> bytes(words->size() * 4);
    std::memcpy(bytes.data(), words->data(), bytes.size());
    const Shader s = parseShader(bytes);
    const std::string dis = disassemble(s);
    INFO(dis);
    CHECK((dis.find("samplepos r0.xy, t0.xyxx, v0.x\n") != std::string::npos ||
           dis.find("sample_cl_s_indexable(texture2d)(float,float,float,float) r2.xyzw, r3.x, r1.xxxx, t3.xyzw, s0, l(0.0)\n") !=
               std::string::npos));
    for (bool sparse : {false, true}) {
      TranslateOptions o;
      o.sparseResidency = sparse;
      CHECK(validateSpirv(translateToSpirv(s, o)) == "");
    }
  }
  // The same module with and without it, the clamp and the LOD where they were (0x0 is "r", 0x2000 "o").
  const std::string head = R"(ps_5_0
dcl_sampler s0, mode_default
dcl_sampler s1, mode_comparison
dcl_resource_texture2d (float,float,float,float) t0
dcl_resource_texture2dms(4) (float,float,float,float) t1
dcl_input_ps linear v0.xyzw
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_temps 1
)";
  TranslateOptions minLod;
  minLod.minLod = true;
  for (const std::string body : {"samplepos o0.xy, t1.xyxx, l(2)", "sample_l_s o0.xyzw, o1.x, v0.xyxx, t0.xyzw, s0, v0.w",
                                 "sample_cl_s o0.xyzw, r0.x, v0.xyxx, t0.xyzw, s0, v0.z",
                                 "sample_c_cl_s o0.x, o1.y, v0.xyxx, t0.xxxx, s1, v0.w, v0.z",
                                 "sample_d_cl_s o0.xyzw, null, v0.xyxx, t0.xyzw, s0, v0.zwzz, v0.wzww, v0.x"}) {
    INFO(body);
    const std::vector<uint32_t> plain = translated(head + body + "\nret\n", minLod);
    CHECK(validateSpirv(plain) == "");
    for (const char* padding : {", r", ", o"})
      CHECK(translated(head + body + padding + "\nret\n", minLod) == plain);
  }
}

TEST_CASE("fxc's printed listings of samplepos and the *_s forms assemble to fxc's exact bytes (its padding dword)",
          "[dxbc][listing][tiled]") {
  // fxc's containers: printed as fxc prints them (no padding operand), assembled back byte for byte.
  for (const std::vector<uint32_t>* words : {&d3dvk::test::kDxDecompilerSamplePos, &d3dvk::test::kDxDecompilerTiledResources}) {
    std::vector<uint8_t> bytes(words->size() * 4);
    std::memcpy(bytes.data(), words->data(), bytes.size());
    const std::string dis = disassemble(parseShader(bytes));
    INFO(dis);
    CHECK(dis.find(", r\n") == std::string::npos);
    CHECK(dis.find("[unpadded]") == std::string::npos);
    CHECK(assemble(dis).container == bytes);
  }
  // A listing written the way fxc prints it: samplepos on t# and the sampling *_s forms on
  // 1D/2D/3D/2DMS textures get the dword; on the rasterizer, a cube, with _aoffimmi and
  // gather4_po_s they do not.
  const char* text = R"(ps_5_0
dcl_sampler s0, mode_default
dcl_sampler s1, mode_comparison
dcl_resource_texture1d (float,float,float,float) t0
dcl_resource_texture2d (float,float,float,float) t1
dcl_resource_texture3d (float,float,float,float) t2
dcl_resource_texturecube (float,float,float,float) t3
dcl_resource_texture2dms(4) (float,float,float,float) t4
dcl_resource_texture2darray (float,float,float,float) t5
dcl_input_ps linear v0.xyzw
dcl_output o0.xyzw
dcl_temps 2
samplepos r0.xy, t4.xyxx, l(1)
samplepos r0.zw, rasterizer.xxxy, l(1)
sample_l_s r1.xyzw, r0.x, v0.xxxx, t0.xyzw, s0, l(0.0)
sample_cl_s r1.xyzw, r0.x, v0.xyxx, t1.xyzw, s0, l(0.0)
sample_cl_s_indexable(texture3d)(float,float,float,float) r1.xyzw, r0.x, v0.xyzx, t2.xyzw, s0, l(0.0)
sample_cl_s r1.xyzw, r0.x, v0.xyzx, t3.xyzw, s0, l(0.0)
sample_cl_s_aoffimmi(1,0,0) r1.xyzw, r0.x, v0.xyxx, t1.xyzw, s0, l(0.0)
sample_c_lz_s r1.x, r0.x, v0.xyxx, t1.xxxx, s1, v0.z
gather4_s r1.xyzw, r0.x, v0.xyzx, t5.xyzw, s0.x
gather4_po_s r1.xyzw, r0.x, v0.xyxx, l(1,0,0,0), t1.xyzw, s0.x
ld_s r1.xyzw, r0.x, l(0,0,0,0), t1.xyzw
ldms_s r1.xyzw, r0.x, l(0,0,0,0), t4.xyzw, l(2)
mov o0.xyzw, r1.xyzw
ret
)";
  const AssembleResult a = assemble(text);
  const Program& p = a.program;
  // instruction index → padded (the first instruction after the 11 declarations)
  const std::vector<std::pair<size_t, bool>> expected = {{11, true},  {12, false}, {13, true},  {14, true},
                                                         {15, true},  {16, false}, {17, false}, {18, true},
                                                         {19, true},  {20, false}, {21, true},  {22, true}};
  for (auto [i, padded] : expected) {
    INFO("instruction " << i << " (" << opcodeInfo(p.instructions.at(i).opcode).name << ")");
    CHECK(fxcPadsInstruction(p, i) == padded);
    CHECK(isFxcPaddingOperand(p.instructions[i].operands.back()) == padded);
  }
  // samplepos on a t#: 1 + dst (2) + t# (2) + l(1) (2) + the dword = 8, fxc's length.
  const Shader s = parseShader(a.container);
  CHECK(s.program.instructions[11].length == 8);
  CHECK(s.program.instructions[12].length == 6);  // on the rasterizer: none
  const std::string dis = disassemble(s);
  CHECK(dis.find("samplepos r0.xy, t4.xyxx, l(1)\n") != std::string::npos);
  CHECK(assemble(dis).container == a.container);
  // Stale bits in the dword (fxc's 0x2000, "o") stay an operand; a container without the
  // dword is marked [unpadded]; both round-trip byte for byte.
  Program q = s.program;
  q.instructions[11].operands.back().type = OperandType::Output;
  q.instructions[13].operands.pop_back();
  const std::vector<uint32_t> qWords = encodeProgram(q);
  const std::string qText = disassembleProgram(q);
  CHECK(qText.find("samplepos r0.xy, t4.xyxx, l(1), o\n") != std::string::npos);
  CHECK(qText.find("sample_l_s [unpadded] r1.xyzw, r0.x, v0.xxxx, t0.xyzw, s0, l(0.0)\n") != std::string::npos);
  CHECK(encodeProgram(assemble(qText).program) == qWords);
  CHECK_THROWS_WITH(assemble("ps_5_0\ndcl_temps 1\nsamplepos [unpadded] r0.xy, rasterizer.xxxy, l(0)\n"),
                    Catch::Contains("line 3: [unpadded] is only valid where fxc pads"));
}
