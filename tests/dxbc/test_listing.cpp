// tests/dxbc/test_listing.cpp — the fxc-listing assembler and disassembler:
// exact tokens for a listing whose fxc bytes are known, signature tables → ISGN/OSGN
// fields, SFI0 derivation, byte-identical round trip, errors with line numbers,
// reflection, and the d3dvk-shader CLI (exit codes, messages).
#include "dxbc/listing.h"
#include "dxbc/spirv_tools.h"
#include "dxbc/translator.h"

#include <catch2/catch.hpp>

#include <cstdio>
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

std::string sourceDir() { return D3DVK_DXBC_TEST_SOURCE_DIR; }

std::vector<uint32_t> programWords(const AssembleResult& r) {
  Shader s = parseShader(r.container);
  const Chunk* c = s.container.find(fourcc(r.program.major >= 5 ? "SHEX" : "SHDR"));
  REQUIRE(c);
  std::vector<uint32_t> w(c->data.size() / 4);
  std::memcpy(w.data(), c->data.data(), c->data.size());
  return w;
}

const char kPsBreakListing[] = R"(ps_4_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_output o0.xyzw
if_z cb0[0].x
  mov o0.xyzw, l(1.000000,1.000000,1.000000,1.000000)
  break
endif
mov o0.xyzw, l(0,0,0,0)
ret
)";

const char kInnerCoverageListing[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// TEXCOORD                 1     zw        1     NONE   float     zw
// SV_InnerCoverage         0    N/A vInnerCoverage INNERCOV    uint    YES
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_globalFlags refactoringAllowed
dcl_input vInnerCoverage
dcl_output o0.xyzw
dcl_temps 1
utof r0.x, vInnerCoverage
mov o0.xyzw, r0.xxxx
ret
)";

}  // namespace

TEST_CASE("assembling an fxc listing yields fxc's exact tokens", "[dxbc][listing]") {
  AssembleResult r = assemble(kPsBreakListing);
  const std::vector<uint32_t> fxc = {
      0x00000040, 0x00000020, 0x04000059, 0x00208e46, 0x00000000, 0x00000001, 0x03000065, 0x001020f2,
      0x00000000, 0x0400001f, 0x0020800a, 0x00000000, 0x00000000, 0x08000036, 0x001020f2, 0x00000000,
      0x00004002, 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000, 0x01000002, 0x01000015, 0x08000036,
      0x001020f2, 0x00000000, 0x00004002, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x0100003e,
  };
  CHECK(programWords(r) == fxc);
  Shader s = parseShader(r.container);
  CHECK(s.container.find(fourcc("SHDR")));
  CHECK_FALSE(s.container.find(fourcc("SFI0")));  // nothing needs a feature flag
}

TEST_CASE("assembling the listing with its signature reproduces fxc's whole container", "[dxbc][listing]") {
  // The complete fxc container for the shader above (vkd3d's test_invalid_shaders),
  // checksum included: empty ISGN, OSGN with one uint SV_Target, SHDR.
  const std::vector<uint32_t> fxc = {
      0x43425844, 0x1316702a, 0xb1a7ebfc, 0xf477753e, 0x72605647, 0x00000001, 0x000000f8, 0x00000003,
      0x0000002c, 0x0000003c, 0x00000070, 0x4e475349, 0x00000008, 0x00000000, 0x00000008, 0x4e47534f,
      0x0000002c, 0x00000001, 0x00000008, 0x00000020, 0x00000000, 0x00000000, 0x00000001, 0x00000000,
      0x0000000f, 0x545f5653, 0x65677261, 0xabab0074, 0x52444853, 0x00000080, 0x00000040, 0x00000020,
      0x04000059, 0x00208e46, 0x00000000, 0x00000001, 0x03000065, 0x001020f2, 0x00000000, 0x0400001f,
      0x0020800a, 0x00000000, 0x00000000, 0x08000036, 0x001020f2, 0x00000000, 0x00004002, 0x3f800000,
      0x3f800000, 0x3f800000, 0x3f800000, 0x01000002, 0x01000015, 0x08000036, 0x001020f2, 0x00000000,
      0x00004002, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x0100003e,
  };
  std::string listing = std::string(R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// no Input
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET    uint   xyzw
//
)") + kPsBreakListing;
  AssembleResult r = assemble(listing);
  std::vector<uint8_t> expected(fxc.size() * 4);
  std::memcpy(expected.data(), fxc.data(), expected.size());
  CHECK(r.container == expected);
}

TEST_CASE("signature comment tables become ISGN/OSGN elements", "[dxbc][listing]") {
  AssembleResult r = assemble(kInnerCoverageListing);
  REQUIRE(r.inputs.elements.size() == 3);
  const SignatureElement& tc = r.inputs.elements[1];
  CHECK(tc.semanticName == "TEXCOORD");
  CHECK(tc.semanticIndex == 1);
  CHECK(tc.registerIndex == 1);
  CHECK(tc.mask == 0xc);
  CHECK(tc.rwMask == 0xc);
  CHECK(tc.componentType == ComponentType::Float32);
  CHECK(r.inputs.elements[0].systemValue == 1);  // POS
  CHECK(r.inputs.elements[0].rwMask == 0);       // not used
  const SignatureElement& ic = r.inputs.elements[2];
  CHECK(ic.registerIndex == 0xffffffffu);
  CHECK(ic.componentType == ComponentType::Uint32);
  CHECK(effectiveSystemValue(ic) == 70);  // D3D_NAME_INNER_COVERAGE
  REQUIRE(r.outputs.elements.size() == 1);
  CHECK(effectiveSystemValue(r.outputs.elements[0]) == 64);  // D3D_NAME_TARGET
  CHECK(r.outputs.elements[0].rwMask == 0);                  // outputs store the never-written mask

  Shader s = parseShader(r.container);
  REQUIRE(s.featureFlags);
  CHECK(*s.featureFlags == 0x400);  // D3D_SHADER_FEATURE_INNER_COVERAGE
  ShaderReflection refl = reflect(s);
  CHECK(refl.stage == ProgramType::Pixel);
  CHECK(refl.major == 5);
  CHECK(refl.readsInnerCoverage);
  CHECK_FALSE(refl.readsCoverage);
  CHECK(refl.renderTargetMask == 1);
  // Disassembly shows the same table row and code.
  std::string text = disassemble(s);
  CHECK(text.find("// TEXCOORD                 1     zw        1     NONE   float     zw\n") != std::string::npos);
  CHECK(text.find("dcl_input vInnerCoverage\nutof") == std::string::npos);
  CHECK(text.find("utof r0.x, vInnerCoverage\n") != std::string::npos);
}

TEST_CASE("SFI0 flags follow from what the code uses", "[dxbc][listing]") {
  auto flags = [](const char* text) {
    Shader s = parseShader(assemble(text).container);
    return s.featureFlags.value_or(0);
  };
  CHECK(flags("vs_5_0\ndcl_output_siv o1.x, rendertarget_array_index\nret\n") == 0x2000);
  CHECK(flags("vs_5_0\ndcl_output_siv o1.x, viewport_array_index\nret\n") == 0x2000);
  CHECK(flags("ps_5_0\ndcl_output oStencilRef\nmov oStencilRef, l(1)\nret\n") == 0x200);
  CHECK(flags("ps_5_0\ndcl_input vInnerCoverage\nret\n") == 0x400);
  CHECK(flags("ps_5_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(1.0,1.0,1.0,1.0)\nret\n") == 0);
}

TEST_CASE("listings with a byte-order mark, CRLF line ends and tabs assemble", "[dxbc][listing]") {
  AssembleResult a = assemble("\xEF\xBB\xBFps_5_0\r\ndcl_output o0.xyzw\r\n\tmov o0.xyzw,\tl(1.0,2.0,3.0,4.0)\r\nret\r\n");
  AssembleResult b = assemble("ps_5_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(1.0,2.0,3.0,4.0)\nret\n");
  CHECK(a.container == b.container);
}

TEST_CASE("SV_Coverage input is reflected and needs no SFI0 flag", "[dxbc][listing]") {
  AssembleResult r = assemble("ps_5_0\ndcl_input vCoverage\ndcl_output o0.xyzw\nutof o0.xyzw, vCoverage\nret\n");
  Shader s = parseShader(r.container);
  CHECK_FALSE(s.featureFlags);
  ShaderReflection refl = reflect(s);
  CHECK(refl.readsCoverage);
  CHECK_FALSE(refl.readsInnerCoverage);
}

TEST_CASE("assemble → disassemble → assemble is byte-identical", "[dxbc][listing]") {
  std::string text = readText(sourceDir() + "/big_listing.asm");
  REQUIRE(!text.empty());
  AssembleResult a = assemble(text);
  std::string dis = disassemble(parseShader(a.container));
  AssembleResult b = assemble(dis);
  CHECK(a.container == b.container);
  // and the text is a fixed point
  CHECK(disassemble(parseShader(b.container)) == dis);
  for (const char* line : {"dcl_input_ps_siv linear noperspective v0.xy, position\n",
                           "dcl_input_ps_sgv constant v2.x, is_front_face\n", "dcl_constantbuffer CB0[4], immediateIndexed\n",
                           "mad_sat r1.xyzw, -v1.xyzw, |cb0[2].xxxx|, -|r0.x|\n",
                           "sample_indexable(texture2d)(float,float,float,float) r1.xyzw, v1.xyxx, t0.xyzw, s0\n",
                           "mov o0.xyzw, icb[r0.x + 1].xyzw\n", "breakc_z r0.x\n", "sincos null, r1.x, r0.x\n"}) {
    INFO(line);
    CHECK(dis.find(line) != std::string::npos);
  }
}

TEST_CASE("the MSAA queries sampleinfo[_uint] and samplepos round-trip with their return type", "[dxbc][listing]") {
  const char* text = R"(ps_5_0
dcl_resource_texture2dms(4) (float,float,float,float) t0
dcl_output o0.xyzw
dcl_temps 1
sampleinfo_uint r0.x, t0.x
sampleinfo r0.y, rasterizer.x
samplepos r0.zw, t0.xxxy, l(2)
mov o0.xyzw, r0.xyzw
ret
)";
  AssembleResult a = assemble(text);
  Shader s = parseShader(a.container);
  CHECK((s.program.instructions[3].opcode == Opcode::SampleInfo && (s.program.instructions[3].controls & 1) == 1));
  CHECK((s.program.instructions[4].opcode == Opcode::SampleInfo && (s.program.instructions[4].controls & 1) == 0));
  const std::string dis = disassemble(s);
  for (const char* line : {"sampleinfo_uint r0.x, t0.x\n", "sampleinfo r0.y, rasterizer.x\n", "samplepos r0.zw, t0.xxxy, l(2)\n"}) {
    INFO(line);
    CHECK(dis.find(line) != std::string::npos);
  }
  CHECK(assemble(dis).container == a.container);
  // The rasterizer's count is a specialization constant the pipeline sets.
  const std::vector<uint32_t> spirv = translateToSpirv(s);
  CHECK(validateSpirv(spirv) == "");
  CHECK(disassembleSpirv(spirv).find("OpDecorate %rasterizer_sample_count SpecId 0") != std::string::npos);
}

TEST_CASE("SM5.1 register-space declarations (fxc syntax) decode and round-trip", "[dxbc][listing]") {
  const char* text = R"(ps_5_1
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[0:0][4], immediateIndexed, space=0
dcl_sampler S1[2:2], mode_default, space=3
dcl_resource_texture2d (float,float,float,float) T0[0:0], space=0
dcl_output o0.xyzw
mov o0.xyzw, cb0[0][2].xyzw
ret
)";
  AssembleResult a = assemble(text);
  CHECK(a.program.minor == 1);
  Shader s = parseShader(a.container);
  const Instruction& cb = s.program.instructions[1];
  REQUIRE(cb.operands.size() == 1);
  CHECK(cb.operands[0].indexDimension == 3);
  CHECK(cb.operands[0].index[0].imm == 0);
  CHECK(cb.extra == std::vector<uint32_t>{4, 0});  // size, space
  const Instruction& smp = s.program.instructions[2];
  CHECK(smp.operands[0].index[1].imm == 2);
  CHECK(smp.extra == std::vector<uint32_t>{3});
  std::string dis = disassemble(s);
  CHECK(dis.find("dcl_constantbuffer CB0[0:0][4], immediateIndexed, space=0\n") != std::string::npos);
  CHECK(dis.find("dcl_sampler S1[2:2], mode_default, space=3\n") != std::string::npos);
  CHECK(dis.find("dcl_resource_texture2d (float,float,float,float) T0[0:0], space=0\n") != std::string::npos);
  CHECK(assemble(dis).container == a.container);
  // The ranges translate to descriptor arrays (tests/dxbc/test_semantics_ranges.cpp runs them).
  CHECK(validateSpirv(translateToSpirv(s)) == "");
}

TEST_CASE("every float immediate survives the round trip bit-exactly", "[dxbc][listing]") {
  const uint32_t bits[] = {0x3dcccccd, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00001, 0x00000001, 0x7f7fffff,
                           0x00800000, 0x4b800001, 0xc2f6e979};
  for (uint32_t b : bits) {
    char line[128];
    std::snprintf(line, sizeof line, "ps_5_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(0x%08x,1.5,-2,0)\nret\n", b);
    AssembleResult a = assemble(line);
    std::string dis = disassemble(parseShader(a.container));
    AssembleResult again = assemble(dis);
    INFO(dis);
    CHECK(again.program.instructions[1].operands[1].imm[0] == b);
    CHECK(again.program.instructions[1].operands[1].imm[2] == uint32_t(-2));
  }
}

TEST_CASE("assembler errors name the line and the reason", "[dxbc][listing][robustness]") {
  auto err = [](const char* text, const char* msg) {
    INFO(msg);
    CHECK_THROWS_WITH(assemble(text), Catch::Contains(msg));
  };
  err("", "no shader version line");
  err("ps_3_0\n", "line 1: unsupported shader model 'ps_3_0'");
  err("ps_5_0\n\nfoo r0.x, r1.x\n", "line 3: unknown instruction 'foo'");
  err("ps_5_0\nmov r0.x, q1.x\n", "line 2: unknown register 'q1.x'");
  err("ps_5_0\nmov r0.x, r1.xy\n", "line 2: a source swizzle needs 1 or 4 components: '.xy'");
  err("ps_5_0\nmov r0.yx, r1.x\n", "line 2: bad write mask '.yx'");
  err("ps_5_0\nmov r0.x, l(1,2)\n", "line 2: an immediate needs 1 or 4 values, got 2");
  err("ps_5_0\nmov r0.x, l(99999999999)\n", "does not fit 32 bits");
  err("ps_5_0\ndcl_input_ps linear v0.xyzw, position\n", "dcl_input_ps needs 1 operand(s)");
  err("ps_5_0\ndcl_resource_texture9d (float,float,float,float) t0\n", "line 2: unknown resource dimension 'texture9d'");
  err("ps_5_0\ndcl_sampler s0, mode_fancy\n", "unknown sampler mode 'mode_fancy'");
  err("ps_5_0\ndcl_immediateConstantBuffer { { 1, 2, 3 } }\n", "line 2: immediate constant buffer rows need 4 values");
  err("//\n// Input signature:\n//\n// Name Index Mask Register SysValue Format Used\n// ---- ----- ---- -------- -------- ------ ----\n"
      "// COLOR 0 xyzw 1 NONE half xyzw\n//\nps_5_0\n",
      "line 6: unknown signature format 'half'");
}

#ifdef D3DVK_SHADER_TOOL
namespace {
struct RunResult {
  int status;
  std::string output;
};
RunResult run(const std::string& args) {
  std::string cmd = std::string(D3DVK_SHADER_TOOL) + " " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p);
  std::string out;
  char buf[512];
  while (size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  int st = pclose(p);
  return {WIFEXITED(st) ? WEXITSTATUS(st) : -1, out};
}
}  // namespace

TEST_CASE("d3dvk-shader CLI: assemble, disasm, info, spirv and exit codes", "[dxbc][cli]") {
  std::string dir = D3DVK_DXBC_TEST_BINARY_DIR;
  std::string asmPath = dir + "/cli_ic.asm", dxbc = dir + "/cli_ic.dxbc", spv = dir + "/cli_ic.spv";
  {
    std::ofstream f(asmPath);
    f << kInnerCoverageListing;
  }
  CHECK(run("assemble " + asmPath + " -o " + dxbc).status == 0);
  RunResult d = run("disasm " + dxbc);
  CHECK(d.status == 0);
  CHECK(d.output.find("utof r0.x, vInnerCoverage") != std::string::npos);
  RunResult info = run("info " + dxbc);
  CHECK(info.status == 0);
  CHECK(info.output.find("feature flags (SFI0): 0x400") != std::string::npos);
  CHECK(info.output.find("reads SV_InnerCoverage: yes") != std::string::npos);
  CHECK(run("spirv " + dxbc + " -o " + spv + " --validate").status == 0);
  CHECK(run("spirv " + dxbc + " -o " + spv + " --variant fallback --validate").status == 0);
  CHECK(run("spirv " + dxbc + " -o " + spv + " --inner-coverage-location 5").status == 2);  // an unknown option
  RunResult bad = run("spirv " + dxbc + " -o " + spv + " --variant sideways");
  CHECK(bad.status == 2);
  CHECK(bad.output.find("unknown variant 'sideways'") != std::string::npos);
  CHECK(bad.output.find("usage:") != std::string::npos);
  CHECK(run("").status == 2);
  CHECK(run("--help").status == 0);
  CHECK(run("assemble " + asmPath).status == 2);
  {
    std::ofstream f(asmPath);
    f << "ps_5_0\nmov r0.x, r1.x\nbogus\n";
  }
  RunResult e = run("assemble " + asmPath + " -o " + dxbc);
  CHECK(e.status == 1);
  CHECK(e.output.find(asmPath + ": line 3: unknown instruction 'bogus'") != std::string::npos);
  {
    std::ofstream f(dxbc, std::ios::binary);
    f << "DXBC but not really";
  }
  RunResult c = run("disasm " + dxbc);
  CHECK(c.status == 1);
  CHECK(c.output.find(dxbc + ": DXBC container: too small") != std::string::npos);
  CHECK(run("disasm " + dir + "/does-not-exist.dxbc").status == 1);
}

TEST_CASE("d3dvk-shader info: every resource with its register space, and the Vulkan features the shader needs",
          "[dxbc][cli]") {
  const std::string dir = D3DVK_DXBC_TEST_BINARY_DIR;
  auto infoOf = [&](const char* name, const char* listing) {
    const std::string asmPath = dir + "/" + name + ".asm", dxbc = dir + "/" + name + ".dxbc";
    {
      std::ofstream f(asmPath);
      f << listing;
    }
    REQUIRE(run("assemble " + asmPath + " -o " + dxbc).status == 0);
    RunResult r = run("info " + dxbc);
    CHECK(r.status == 0);
    return r.output;
  };
  // SM5.0: registers without spaces (space 0); gather4_po, oStencilRef and a SV_CullDistance-free PS.
  const std::string ps = infoOf("cli_info_ps", R"(ps_5_0
dcl_constantbuffer CB2[4], dynamicIndexed
dcl_sampler s1, mode_comparison
dcl_resource_texture2d (float,float,float,float) t3
dcl_resource_structured t4, 16
dcl_uav_raw u1
dcl_input_ps linear v0.xy
dcl_output o0.xyzw
dcl_output oStencilRef
gather4_po_c o0.xyzw, v0.xyxx, l(1,2,0,0), t3.xyzw, s1.x, l(0.5)
mov oStencilRef, l(3)
ret
)");
  INFO(ps);
  for (const char* line : {"resources:\n", "  cb2 constant buffer, 4 vectors, dynamicIndexed, space 0\n",
                           "  s1 sampler, mode_comparison, space 0\n",
                           "  t3 texture2d (float,float,float,float), space 0\n",
                           "  t4 structured buffer, stride 16, space 0\n", "  u1 raw UAV, space 0\n",
                           "vulkan requirements (native translation):\n", "  capability Shader: core\n",
                           "  capability ImageGatherExtended: feature shaderImageGatherExtended\n",
                           "  capability StencilExportEXT: extension VK_EXT_shader_stencil_export\n",
                           "  extension SPV_EXT_shader_stencil_export: extension VK_EXT_shader_stencil_export\n"})
    CHECK(ps.find(line) != std::string::npos);
  CHECK(ps.find("CullDistance") == std::string::npos);
  // SM5.1 ranges and spaces (fxc's syntax, raw/structured/UAV forms included); a VS with SV_CullDistance.
  const std::string vs = infoOf("cli_info_vs", R"(vs_5_1
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[1:3][8], immediateIndexed, space=2
dcl_sampler S0[0:0], mode_default, space=1
dcl_resource_texture2d (float,float,float,float) T0[4:7], space=5
dcl_resource_raw T1[0:0], space=6
dcl_resource_structured T2[2:2], 12, space=7
dcl_uav_structured U0[1:1], 4, space=3
dcl_uav_typed_texture2d (uint,uint,uint,uint) U1[0:0], space=4
dcl_resource_texture2d (float,float,float,float) T3[0:*], space=8
dcl_output_siv o0.xyzw, position
dcl_output_siv o1.x, cull_distance
mov o0.xyzw, l(0,0,0,1.0)
mov o1.x, l(1.0)
ret
)");
  INFO(vs);
  for (const char* line : {"  CB0[1:3] constant buffer, 8 vectors, immediateIndexed, space 2\n",
                           "  S0[0:0] sampler, mode_default, space 1\n",
                           "  T0[4:7] texture2d (float,float,float,float), space 5\n", "  T1[0:0] raw buffer, space 6\n",
                           "  T2[2:2] structured buffer, stride 12, space 7\n",
                           "  U0[1:1] structured UAV, stride 4, space 3\n",
                           "  U1[0:0] typed UAV texture2d (uint,uint,uint,uint), space 4\n",
                           "  T3[0:unbounded] texture2d (float,float,float,float), space 8\n",
                           // Ranges are descriptor arrays; an unbounded one a runtime array.
                           "  capability RuntimeDescriptorArray: feature runtimeDescriptorArray\n"})
    CHECK(vs.find(line) != std::string::npos);
  CHECK(vs.find("does not translate") == std::string::npos);
  // The SM5.1 raw/structured/UAV declarations round-trip in fxc's syntax.
  const RunResult dis = run("disasm " + dir + "/cli_info_vs.dxbc");
  for (const char* line : {"dcl_resource_raw T1[0:0], space=6\n", "dcl_resource_structured T2[2:2], 12, space=7\n",
                           "dcl_resource_texture2d (float,float,float,float) T3[0:*], space=8\n",
                           "dcl_uav_structured U0[1:1], 4, space=3\n"})
    CHECK(dis.output.find(line) != std::string::npos);
  const std::string cull = infoOf("cli_info_cull", R"(vs_5_0
dcl_output_siv o0.xyzw, position
dcl_output_siv o1.x, cull_distance
mov o0.xyzw, l(0,0,0,1.0)
mov o1.x, l(1.0)
ret
)");
  CHECK(cull.find("  capability CullDistance: feature shaderCullDistance\n") != std::string::npos);
  CHECK(cull.find("resources:\n  (none)\n") != std::string::npos);
}
#endif

TEST_CASE("every single-byte corruption and truncation of a container fails cleanly or parses", "[dxbc][robustness]") {
  // Deterministic mutation sweep over a real container (the fuzzer explores further):
  // the parser, disassembler and translator may only return or throw dxbc::Error.
  // tiled_listing.asm: the tiled-resource forms (with and without sparse residency and MinLod).
  const std::string name = GENERATE(as<std::string>{}, "big_listing.asm", "tiled_listing.asm");
  INFO(name);
  std::string text = readText(sourceDir() + "/" + name);
  REQUIRE(!text.empty());
  const std::vector<uint8_t> good = assemble(text).container;
  size_t parsed = 0, rejected = 0;
  TranslateOptions deviceFeatures;
  deviceFeatures.sparseResidency = deviceFeatures.minLod = true;
  auto exercise = [&](const std::vector<uint8_t>& bytes) {
    try {
      Shader s = parseShader(bytes, /*verifyChecksum=*/false);
      (void)disassemble(s);
      (void)reflect(s);
      ++parsed;
      for (const TranslateOptions& o : {TranslateOptions{}, deviceFeatures}) {
        try {
          (void)translateToSpirv(s, o);
        } catch (const Error&) {
        }
      }
    } catch (const Error&) {
      ++rejected;
    }
  };
  for (size_t i = 0; i < good.size(); ++i)
    for (uint8_t x : {uint8_t(0x01), uint8_t(0x80), uint8_t(0xff)}) {
      std::vector<uint8_t> b = good;
      b[i] ^= x;
      exercise(b);
      // With the checksum enforced every such corruption is caught.
      CHECK_THROWS_AS(parseContainer(b), Error);
    }
  for (size_t len = 0; len < good.size(); len += 3) exercise(std::vector<uint8_t>(good.begin(), good.begin() + long(len)));
  CHECK(parsed > 0);
  CHECK(rejected > 0);
}
