// tests/dxbc/test_translate.cpp — assemble → translate → spvValidate for every
// instruction and system value of issue 5, the fallback and transform-feedback
// variants, the binding model, and translator errors.
#include "dxbc/listing.h"
#include "dxbc/fallback_shaders.h"
#include "dxbc/spirv_tools.h"
#include "dxbc/translator.h"

#include <catch2/catch.hpp>

#include <map>
#include <set>

using namespace d3dvk::dxbc;

namespace {

const char kPsHeader[] = R"(ps_5_0
dcl_constantbuffer CB0[8], dynamicIndexed
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_resource_texture2d (uint,uint,uint,uint) t1
dcl_input_ps linear v1.xyzw
dcl_input_ps constant v2.xyzw
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_temps 4
dcl_indexableTemp x0[4], 4
dcl_immediateConstantBuffer { { 1.0, 2.0, 3.0, 4.0},
                              { 5, 6, 7, 8} }
)";

std::vector<uint32_t> translateText(const std::string& text, const TranslateOptions& opt = {}) {
  AssembleResult a = assemble(text);
  Shader s = parseShader(a.container);
  return translateToSpirv(s, opt);
}

void requireValid(const std::string& text, const TranslateOptions& opt = {}) {
  INFO(text);
  std::vector<uint32_t> spv = translateText(text, opt);
  std::string msg = validateSpirv(spv);
  INFO(disassembleSpirv(spv));
  CHECK(msg == "");
}

}  // namespace

TEST_CASE("every ALU instruction translates to valid SPIR-V", "[dxbc][translate]") {
  const char* lines[] = {
      "mov r0.xyzw, v1.xyzw", "mov_sat r0.xy, -|v1.zwzz|", "movc r0.xyzw, r1.xyzw, v1.xyzw, l(1.0,2.0,3.0,4.0)",
      "add r0.xyzw, v1.xyzw, cb0[1].xyzw", "mul r0.xy, v1.xyxx, l(2.0,2.0,0.0,0.0)", "mad r0.xyz, v1.xyzx, v1.xyzx, r1.xyzx",
      "div r0.x, v1.x, v1.y", "dp2 r0.x, v1.xyxx, v1.xyxx", "dp3 r0.xy, v1.xyzx, v1.xyzx", "dp4 r0.xyzw, v1.xyzw, v1.xyzw",
      "min r0.xyzw, v1.xyzw, l(0.5,0.5,0.5,0.5)", "max r0.xyzw, v1.xyzw, l(0.5,0.5,0.5,0.5)", "sqrt r0.x, v1.x",
      "rsq r0.x, v1.x", "rcp r0.xy, v1.xyxx", "exp r0.x, v1.x", "log r0.x, v1.x", "frc r0.xyzw, v1.xyzw",
      "round_ne r0.x, v1.x", "round_ni r0.x, v1.x", "round_pi r0.x, v1.x", "round_z r0.x, v1.x",
      "sincos r0.x, r1.x, v1.x", "sincos null, r1.xy, v1.xyxx", "eq r0.xyzw, v1.xyzw, l(0.0,0.0,0.0,0.0)",
      "ne r0.x, v1.x, v1.y", "lt r0.x, v1.x, v1.y", "ge r0.x, v1.x, v1.y", "ieq r0.x, v2.x, l(3)",
      "ine r0.x, v2.x, l(3)", "ilt r0.x, v2.x, l(3)", "ige r0.x, v2.x, l(3)", "ult r0.x, v2.x, l(3)",
      "uge r0.x, v2.x, l(3)", "and r0.xyzw, v2.xyzw, l(1,2,3,4)", "or r0.x, v2.x, l(1)", "xor r0.x, v2.x, l(1)",
      "not r0.x, v2.x", "ishl r0.x, v2.x, l(3)", "ishr r0.x, v2.x, l(3)", "ushr r0.x, v2.x, l(3)",
      "iadd r0.xy, v2.xyxx, -v2.zwzz", "ineg r0.x, v2.x", "imul r0.x, r1.x, v2.x, v2.y", "imul null, r1.x, v2.x, v2.y",
      "umul r0.x, r1.x, v2.x, v2.y", "udiv r0.x, r1.x, v2.x, v2.y", "imad r0.x, v2.x, v2.y, v2.z",
      "umad r0.x, v2.x, v2.y, v2.z", "imax r0.x, v2.x, v2.y", "imin r0.x, v2.x, v2.y", "umax r0.x, v2.x, v2.y",
      "umin r0.x, v2.x, v2.y", "bfi r0.x, l(8), l(4), v2.x, v2.y", "ubfe r0.xy, l(8,8,0,0), l(4,28,0,0), v2.xyxx",
      "ibfe r0.x, l(8), l(4), v2.x", "bfrev r0.x, v2.x", "countbits r0.x, v2.x", "firstbit_hi r0.x, v2.x",
      "firstbit_lo r0.x, v2.x", "firstbit_shi r0.x, v2.x", "f32tof16 r0.xy, v1.xyxx", "f16tof32 r0.x, v2.x",
      "itof r0.x, v2.x", "utof r0.x, v2.x", "ftoi r0.x, v1.x", "ftou r0.x, v1.x", "deriv_rtx r0.x, v1.x",
      "deriv_rty r0.x, v1.x", "deriv_rtx_coarse r0.x, v1.x", "deriv_rty_coarse r0.x, v1.x",
      "deriv_rtx_fine r0.x, v1.x", "deriv_rty_fine r0.x, v1.x", "swapc r0.x, r1.x, v2.x, v1.x, v1.y",
      "eval_centroid r0.xy, v1.yxyy", "eval_sample_index r0.xyzw, v1.xyzw, l(1)", "eval_snapped r0.x, v1.w, l(-8,7,0,0)",
      "mov r0.xyzw, cb0[r1.x + 2].xyzw", "mov r0.xyzw, icb[r1.y + 0].xyzw", "mov x0[r1.x + 1].xy, v1.xyxx",
      "mov r0.xyzw, x0[2].xyzw", "sample r0.xyzw, v1.xyxx, t0.xyzw, s0",
      "sample_aoffimmi(1,-1,0) r0.xyzw, v1.xyxx, t0.xyzw, s0", "sample_l r0.xyzw, v1.xyxx, t0.xyzw, s0, l(0.0)",
      "ld r0.xyzw, v2.xyzw, t1.xyzw", "ld_indexable(texture2d)(uint,uint,uint,uint) r0.xyzw, v2.xyzw, t1.zyxw",
      "resinfo r0.xyzw, l(0), t0.xyzw", "resinfo_uint r0.xy, l(0), t1.xyzw", "resinfo_rcpFloat r0.xyzw, v2.x, t0.xyzw",
  };
  for (const char* line : lines) {
    std::string text = std::string(kPsHeader) + line + "\nmov o0.xyzw, r0.xyzw\nret\n";
    requireValid(text);
  }
}

TEST_CASE("constant buffers of one size (one SPIR-V array type) translate to valid SPIR-V", "[dxbc][translate]") {
  // Found in fxc output: the shared array type was decorated ArrayStride once
  // per buffer, which SPIR-V forbids.
  for (const char* stage : {"ps_5_0", "vs_5_0", "cs_5_0"}) {
    std::string text = std::string(stage) + "\n";
    if (std::string(stage) == "cs_5_0") text += "dcl_thread_group 1, 1, 1\n";
    const bool output = std::string(stage) != "cs_5_0";
    text += "dcl_constantbuffer CB0[2], immediateIndexed\n"
            "dcl_constantbuffer CB1[2], immediateIndexed\n"
            "dcl_constantbuffer CB3[2], dynamicIndexed\n";
    if (output) text += "dcl_output o0.xyzw\n";
    text += "dcl_temps 1\n"
            "add r0.xyzw, cb0[1].xyzw, cb1[1].xyzw\n"
            "add r0.xyzw, r0.xyzw, cb3[r0.x + 0].xyzw\n";
    if (output) text += "mov o0.xyzw, r0.xyzw\n";
    text += "ret\n";
    requireValid(text);
  }
}

TEST_CASE("every resource dimension samples, loads and queries", "[dxbc][translate]") {
  struct Case {
    const char* dcl;
    const char* code;
  };
  const Case cases[] = {
      {"dcl_resource_buffer (float,float,float,float) t0", "ld r0.xyzw, v2.xxxx, t0.xyzw\nbufinfo r1.xy, t0.xxxx"},
      {"dcl_resource_texture2d (float,float,float,float) t0", "lod r0.xy, v1.xyxx, t0.xyzw, s0"},
      {"dcl_resource_texturecube (float,float,float,float) t0", "lod r0.xyzw, v1.xyzx, t0.yxxx, s0"},
      {"dcl_resource_texture1d (float,float,float,float) t0",
       "sample r0.xyzw, v1.xxxx, t0.xyzw, s0\nld r1.xyzw, v2.xxxx, t0.xyzw\nresinfo_uint r2.xyzw, l(0), t0.xyzw\n"
       "sample_aoffimmi(-2,0,0) r3.xyzw, v1.xxxx, t0.xyzw, s0"},
      {"dcl_resource_texture1darray (uint,uint,uint,uint) t0",
       "sample_l r0.xyzw, v1.xyxx, t0.xyzw, s0, l(0.0)\nresinfo_rcpFloat r2.xyzw, l(0), t0.xyzw"},
      {"dcl_resource_texture2darray (float,float,float,float) t0",
       "sample_aoffimmi(1,1,0) r0.xyzw, v1.xyzx, t0.xyzw, s0\nld r1.xyzw, v2.xyzw, t0.xyzw\nresinfo r2.xyzw, l(0), t0.xyzw"},
      {"dcl_resource_texture2dms(4) (float,float,float,float) t0",
       "ld_ms r0.xyzw, v2.xyxx, t0.xyzw, l(3)\nresinfo_uint r2.xyzw, l(0), t0.xyzw"},
      {"dcl_resource_texture2dmsarray(4) (sint,sint,sint,sint) t0", "ld_ms r0.xyzw, v2.xyzx, t0.xyzw, v2.w"},
      {"dcl_resource_texture3d (float,float,float,float) t0",
       "sample_d r0.xyzw, v1.xyzx, t0.xyzw, s0, l(0.1,0,0,0), l(0,0.1,0,0)\nld_aoffimmi(1,2,3) r1.xyzw, v2.xyzw, t0.xyzw\n"
       "resinfo r2.xyzw, l(0), t0.xyzw"},
      {"dcl_resource_texturecube (float,float,float,float) t0",
       "sample r0.xyzw, v1.xyzx, t0.xyzw, s0\nsample_b r1.xyzw, v1.xyzx, t0.xyzw, s0, l(-1.0)\n"
       "sample_l r2.xyzw, v1.xyzx, t0.xyzw, s0, l(2.0)\nresinfo_uint r3.xyzw, l(1), t0.xyzw"},
      {"dcl_resource_texturecubearray (float,float,float,float) t0",
       "sample r0.xyzw, v1.xyzw, t0.xyzw, s0\nresinfo_uint r3.xyzw, l(0), t0.xyzw"},
      {"dcl_resource_texture2d (float,float,float,float) t0",
       "sample_c r0.x, v1.xyxx, t0.xxxx, s0, v1.z\nsample_c_lz_aoffimmi(1,0,0) r1.xy, v1.xyxx, t0.xxxx, s0, l(0.5)"},
      {"dcl_resource_texturecube (float,float,float,float) t0", "sample_c_lz r0.x, v1.xyzx, t0.xxxx, s0, v1.w"},
      {"dcl_resource_texture2darray (float,float,float,float) t0",
       "gather4 r0.xyzw, v1.xyzx, t0.xyzw, s0.y\ngather4_aoffimmi(1,-1,0) r1.xyzw, v1.xyzx, t0.wzyx, s0.x\n"
       "gather4_c r2.xyzw, v1.xyzx, t0.xyzw, s0.x, v1.w"},
  };
  for (const Case& c : cases) {
    std::string text = std::string("ps_5_0\ndcl_sampler s0, mode_default\n") + c.dcl +
                       "\ndcl_input_ps linear v1.xyzw\ndcl_input_ps constant v2.xyzw\ndcl_output o0.xyzw\ndcl_temps 4\n" +
                       c.code + "\nmov o0.xyzw, r0.xyzw\nret\n";
    requireValid(text);
  }
}

TEST_CASE("control flow translates to structured SPIR-V", "[dxbc][translate]") {
  const char* bodies[] = {
      "if_nz v2.x\n mov r0.x, l(1.0)\nelse\n mov r0.x, l(2.0)\nendif",
      "if_z v2.x\n mov r0.x, l(1.0)\nendif",
      "if_z v2.x\n ret\nendif\nmov r0.x, l(1.0)",
      "mov r1.x, l(0)\nloop\n  uge r1.y, r1.x, l(4)\n  breakc_nz r1.y\n  iadd r1.x, r1.x, l(1)\n  if_nz v2.y\n    continue\n  endif\n  "
      "continuec_z v2.z\n  if_nz v2.w\n    break\n  endif\nendloop",
      "loop\n  break\nendloop",
      "switch v2.x\n  case l(0)\n  mov r0.x, l(1.0)\n  break\n  case l(1)\n  case l(2)\n  mov r0.x, l(2.0)\n  break\n"
      "  default\n  mov r0.x, l(3.0)\n  break\nendswitch",
      "switch v2.x\n  case l(7)\n  loop\n    break\n  endloop\n  break\nendswitch",
      "loop\n  switch v2.x\n    case l(1)\n    continue\n    default\n    break\n  endswitch\n  break\nendloop",
      "retc_nz v2.x\nmov r0.x, l(1.0)",
      "discard_nz v2.x\ndiscard_z v2.y",
  };
  for (const char* body : bodies) requireValid(std::string(kPsHeader) + body + "\nmov o0.xyzw, r0.xyzw\nret\n");
}

TEST_CASE("every pixel-shader system value translates", "[dxbc][translate]") {
  const char* decls[] = {
      "dcl_input_ps_siv linear noperspective v0.xy, position\nmov r0.xy, v0.xyxx",
      "dcl_input_ps_siv linear noperspective v0.xyzw, position\nmov r0.xyzw, v0.xyzw",
      "dcl_input_ps_sgv constant v3.x, is_front_face\nmov r0.x, v3.x",
      "dcl_input_ps_sgv constant v3.x, sampleIndex\nmov r0.x, v3.x",
      "dcl_input_ps_sgv constant v3.x, primitive_id\nmov r0.x, v3.x",
      "dcl_input vPrim\nmov r0.x, vPrim",
      "dcl_input vCoverage\nmov r0.x, vCoverage",
      "dcl_input vInnerCoverage\nutof r0.x, vInnerCoverage",
      "dcl_output oMask\nmov oMask, l(5)",
      "dcl_output oDepth\nmov oDepth, l(0.5)",
      "dcl_input_ps linear centroid v3.xy\nmov r0.xy, v3.xyxx",
      "dcl_input_ps linear noperspective v3.xy\nmov r0.xy, v3.xyxx",
      "dcl_input_ps linear noperspective centroid v3.xy\nmov r0.xy, v3.xyxx",
      "dcl_input_ps linear sample v3.xy\nmov r0.xy, v3.xyxx",
      "dcl_input_ps linear noperspective sample v3.xy\nmov r0.xy, v3.xyxx",
      "dcl_output o2.xyzw\ndcl_output o7.xyzw\nmov o7.xyzw, l(1.0,1.0,1.0,1.0)",
  };
  for (const char* d : decls) requireValid(std::string(kPsHeader) + d + "\nmov o0.xyzw, r0.xyzw\nret\n");
}

TEST_CASE("every vertex-shader system value translates", "[dxbc][translate]") {
  const char* vs = R"(vs_5_0
dcl_input v0.xyzw
dcl_input_sgv v1.x, vertex_id
dcl_input_sgv v2.x, instance_id
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output_siv o2.xy, clip_distance
dcl_output_siv o2.zw, clip_distance
dcl_temps 1
utof r0.x, v1.x
utof r0.y, v2.x
mov o0.xyzw, v0.xyzw
mov o1.xy, r0.xyxx
mov o1.zw, l(0,0,0,1.0)
mov o2.xyzw, l(1.0,1.0,-1.0,1.0)
ret
)";
  requireValid(vs);
  TranslateOptions xfb;
  xfb.transformFeedback = true;
  requireValid(vs, xfb);
  std::string text = disassembleSpirv(translateText(vs, xfb));
  // o0 (position) at offset 0, o1 at 16; clip distances are not captured; stride = 2 registers.
  CHECK(text.find("OpDecorate %gl_Position XfbBuffer 0") != std::string::npos);
  CHECK(text.find("OpDecorate %gl_Position Offset 0") != std::string::npos);
  CHECK(text.find("OpDecorate %out_o1 Offset 16") != std::string::npos);
  CHECK(text.find("OpDecorate %out_o1 XfbStride 32") != std::string::npos);
  CHECK(text.find("OpExecutionMode %main Xfb") != std::string::npos);
  CHECK(text.find("BuiltIn ClipDistance") != std::string::npos);
  CHECK(text.find("OpDecorate %out_o1 Location 1") != std::string::npos);
  CHECK(text.find("OpDecorate %in_v0 Location 0") != std::string::npos);

  TranslateOptions ids;
  ids.d3dVertexInstanceIds = true;
  requireValid(vs, ids);
  std::string t1 = disassembleSpirv(translateText(vs, ids));
  CHECK(t1.find("OpCapability DrawParameters") != std::string::npos);
  CHECK(t1.find("BuiltIn BaseVertex") != std::string::npos);
  CHECK(t1.find("BuiltIn BaseInstance") != std::string::npos);
  CHECK(text.find("DrawParameters") == std::string::npos);  // off by default

  TranslateOptions custom;
  custom.transformFeedback = true;
  custom.xfbOutputs = {{1, 2, 8}};
  custom.xfbStride[2] = 64;
  std::string t2 = disassembleSpirv(translateText(vs, custom));
  CHECK(t2.find("OpDecorate %out_o1 XfbBuffer 2") != std::string::npos);
  CHECK(t2.find("OpDecorate %out_o1 Offset 8") != std::string::npos);
  CHECK(t2.find("OpDecorate %out_o1 XfbStride 64") != std::string::npos);
  CHECK(t2.find("OpDecorate %gl_Position XfbBuffer") == std::string::npos);
  requireValid(vs, custom);
}

TEST_CASE("SV_InnerCoverage: native FullyCoveredEXT vs the fallback prelude's record", "[dxbc][translate]") {
  std::string ps = "ps_5_0\ndcl_input vInnerCoverage\ndcl_input vPrim\ndcl_output o0.xyzw\ndcl_temps 1\n"
                   "utof r0.x, vInnerCoverage\nutof r0.y, vPrim\nmov o0.xyzw, r0.xyxx\nret\n";
  std::string native = disassembleSpirv(translateText(ps));
  CHECK(native.find("OpCapability FragmentFullyCoveredEXT") != std::string::npos);
  CHECK(native.find("OpExtension \"SPV_EXT_fragment_fully_covered\"") != std::string::npos);
  CHECK(native.find("BuiltIn FullyCoveredEXT") != std::string::npos);
  CHECK(native.find("BuiltIn PrimitiveId") != std::string::npos);
  requireValid(ps);
  TranslateOptions fb;
  fb.variant = ShaderVariant::Fallback;
  std::string fallback = disassembleSpirv(translateText(ps, fb));
  INFO(fallback);
  CHECK(fallback.find("FullyCovered") == std::string::npos);
  CHECK(fallback.find("BuiltIn PrimitiveId") == std::string::npos);
  // The record's flat words, 1/w (noperspective) and the records buffer of the pixel set.
  CHECK(fallback.find("OpDecorate %fallback_flat0 Location " + std::to_string(kFallbackFlatLocation)) != std::string::npos);
  CHECK(fallback.find("OpDecorate %fallback_flat3 Location " + std::to_string(kFallbackFlatLocation + 3)) != std::string::npos);
  CHECK(fallback.find("OpDecorate %fallback_flat0 Flat") != std::string::npos);
  CHECK(fallback.find("OpDecorate %fallback_inverse_w Location " + std::to_string(kFallbackInverseWLocation)) != std::string::npos);
  CHECK(fallback.find("OpDecorate %fallback_inverse_w NoPerspective") != std::string::npos);
  CHECK(fallback.find("OpDecorate %fallback_records Binding " + std::to_string(kFallbackRecordsBinding)) != std::string::npos);
  CHECK(fallback.find("OpDecorate %fallback_records DescriptorSet 1") != std::string::npos);
  // 64-bit edge equations; uncovered pixels demoted to helpers.
  CHECK(fallback.find("OpCapability Int64") != std::string::npos);
  CHECK(fallback.find("OpDemoteToHelperInvocation") != std::string::npos);
  CHECK(fallback.find("OpExtension \"SPV_EXT_demote_to_helper_invocation\"") != std::string::npos);
  requireValid(ps, fb);
  // Without demote, uncovered pixels are discarded.
  TranslateOptions kill = fb;
  kill.demoteToHelper = false;
  requireValid(ps, kill);
  const std::string killText = disassembleSpirv(translateText(ps, kill));
  CHECK(killText.find("Demote") == std::string::npos);
  CHECK(killText.find("OpKill") != std::string::npos);
  // Without the extension the native variant reads 0 and needs no capability.
  TranslateOptions zero;
  zero.innerCoverageAsZero = true;
  requireValid(ps, zero);
  const std::string zeroText = disassembleSpirv(translateText(ps, zero));
  CHECK(zeroText.find("FullyCovered") == std::string::npos);
  CHECK(zeroText.find("fragment_fully_covered") == std::string::npos);

  // Input registers must stay below the fallback's own varyings; the variant is for pixel shaders.
  std::string withVarying = "ps_5_0\ndcl_input_ps linear v26.xyzw\ndcl_input vInnerCoverage\ndcl_output o0.xyzw\n"
                            "mov o0.xyzw, v26.xyzw\nret\n";
  CHECK_THROWS_WITH(translateText(withVarying, fb), Catch::Contains("input register v26 collides with the fallback's own varyings"));
  CHECK_THROWS_WITH(translateText("vs_5_0\ndcl_output_siv o0.xyzw, position\nmov o0.xyzw, l(0,0,0,1.0)\nret\n", fb),
                    Catch::Contains("the fallback variant is for pixel shaders"));
}

namespace {

// The Input variables of a module whose type is (an array or vector of) an
// integer or a 64-bit float, named by their OpName, that lack a Flat decoration.
std::vector<std::string> integerInputsWithoutFlat(const std::vector<uint32_t>& spv) {
  enum : uint32_t { OpName = 5, OpTypeInt = 21, OpTypeFloat = 22, OpTypeVector = 23, OpTypeArray = 28,
                    OpTypeRuntimeArray = 29, OpTypePointer = 32, OpVariable = 59, OpDecorate = 71 };
  std::map<uint32_t, std::vector<uint32_t>> types;  // id → the instruction's words
  std::map<uint32_t, std::string> names;
  std::set<uint32_t> flat;
  std::vector<std::pair<uint32_t, uint32_t>> inputs;  // (variable, pointer type)
  for (size_t i = 5; i < spv.size();) {
    const uint32_t op = spv[i] & 0xFFFF, count = spv[i] >> 16;
    REQUIRE(count > 0);
    const std::vector<uint32_t> words(spv.begin() + long(i), spv.begin() + long(i + count));
    if (op == OpName) names[words[1]] = reinterpret_cast<const char*>(&words[2]);
    if (op >= 19 && op <= OpTypePointer) types[words[1]] = words;  // OpTypeVoid … OpTypePointer
    if (op == OpDecorate && words[2] == 14) flat.insert(words[1]);  // Flat
    if (op == OpVariable && words[3] == 1) inputs.push_back({words[2], words[1]});  // StorageClass Input
    i += count;
  }
  std::vector<std::string> missing;
  for (auto [var, pointer] : inputs) {
    uint32_t t = types.at(pointer)[3];
    while (types.at(t)[0] % 65536 == OpTypeArray || types.at(t)[0] % 65536 == OpTypeRuntimeArray ||
           types.at(t)[0] % 65536 == OpTypeVector)
      t = types.at(t)[2];
    const std::vector<uint32_t>& scalar = types.at(t);
    const bool needsFlat = scalar[0] % 65536 == OpTypeInt || (scalar[0] % 65536 == OpTypeFloat && scalar[2] == 64);
    if (needsFlat && !flat.count(var)) missing.push_back(names.count(var) ? names[var] : std::to_string(var));
  }
  return missing;
}

}  // namespace

TEST_CASE("pixel shaders decorate every integer input Flat, built-ins included (VUID-StandaloneSpirv-Flat-04744)",
          "[dxbc][translate]") {
  // spirv-val does not check built-ins, but the rule covers them: a device may
  // interpolate an integer input without Flat (SampleMask read at a pixel centre
  // outside the triangle gave 0 on NVIDIA, issue 14).
  const char* shaders[] = {
      "ps_5_0\ndcl_input vCoverage\ndcl_output o0.x\nmov o0.x, vCoverage\nret\n",
      "ps_5_0\ndcl_input vPrim\ndcl_output o0.x\nmov o0.x, vPrim\nret\n",
      "ps_5_0\ndcl_input_ps_sgv constant v0.x, sampleIndex\ndcl_output o0.x\nmov o0.x, v0.x\nret\n",
      "ps_5_0\ndcl_input_ps_sgv constant v0.x, primitive_id\ndcl_output o0.x\nmov o0.x, v0.x\nret\n",
      "ps_5_0\ndcl_input_ps_sgv constant v0.x, is_front_face\ndcl_output o0.x\nmov o0.x, v0.x\nret\n",
      "ps_5_0\ndcl_input_ps constant v1.xy\ndcl_input_ps linear v2.xyzw\ndcl_output o0.xyzw\n"
      "mov o0.xyzw, v2.xyzw\nmov o0.xy, v1.xyxx\nret\n",
      "ps_5_0\ndcl_input vInnerCoverage\ndcl_input vCoverage\ndcl_output o0.xy\nmov o0.x, vInnerCoverage\n"
      "mov o0.y, vCoverage\nret\n",
  };
  TranslateOptions native, counting, fallback, fallbackCounting;
  counting.countInvocations = fallbackCounting.countInvocations = true;
  fallback.variant = fallbackCounting.variant = ShaderVariant::Fallback;
  for (const char* text : shaders)
    for (const TranslateOptions* o : {&native, &counting, &fallback, &fallbackCounting}) {
      INFO(text << "variant " << (o == &native ? "native" : o == &counting ? "counting" : o == &fallback ? "fallback"
                                                                                                         : "fallback counting"));
      const std::vector<uint32_t> spv = translateText(text, *o);
      INFO(disassembleSpirv(spv));
      CHECK(integerInputsWithoutFlat(spv).empty());
      CHECK(validateSpirv(spv) == "");
    }
}

TEST_CASE("native pixel shaders can write OMSetBlendState's SampleMask themselves, ANDed with oMask",
          "[dxbc][translate]") {
  const char* plain = "ps_5_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(1.0,1.0,1.0,1.0)\nret\n";
  const char* withOMask = "ps_5_0\ndcl_output o0.xyzw\ndcl_output oMask\nmov o0.xyzw, l(1.0,1.0,1.0,1.0)\n"
                          "mov oMask, l(6)\nret\n";
  TranslateOptions mask;
  mask.writeSampleMask = true;
  mask.sampleMask = 0x5;
  // Off by default: no sample-mask output unless the shader declares oMask.
  CHECK(disassembleSpirv(translateText(plain)).find("BuiltIn SampleMask") == std::string::npos);
  const std::string p = disassembleSpirv(translateText(plain, mask));
  CHECK(p.find("BuiltIn SampleMask") != std::string::npos);
  CHECK(p.find("OpConstant %uint 5") != std::string::npos);
  requireValid(plain, mask);
  const std::string o = disassembleSpirv(translateText(withOMask, mask));
  CHECK(o.find("OpBitwiseAnd %uint") != std::string::npos);  // oMask & 0x5
  CHECK(o.find("OpConstant %uint 5") != std::string::npos);
  requireValid(withOMask, mask);
  mask.countInvocations = true;  // the counting variant can write it too
  requireValid(withOMask, mask);
  // The fallback variant writes its own mask (the record's coverage), never this constant.
  TranslateOptions fallback = mask;
  fallback.countInvocations = false;
  fallback.variant = ShaderVariant::Fallback;
  fallback.sampleMask = 0x12345;
  CHECK(disassembleSpirv(translateText(plain, fallback)).find("OpConstant %uint 74565") == std::string::npos);
}

TEST_CASE("registers packing elements of different types/interpolation get one variable each", "[dxbc][translate]") {
  std::string ps = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// TEXCOORD                 0   xy          1     NONE   float   xy
// IDS                      0     zw        1     NONE    uint     zw
//
ps_5_0
dcl_input_ps linear v1.xy
dcl_input_ps constant v1.zw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
)";
  requireValid(ps);
  std::string text = disassembleSpirv(translateText(ps));
  CHECK(text.find("%in_v1 = OpVariable %_ptr_Input_v2float Input") != std::string::npos);
  CHECK(text.find("%in_v1_2 = OpVariable %_ptr_Input_v2uint Input") != std::string::npos);
  CHECK(text.find("OpDecorate %in_v1_2 Component 2") != std::string::npos);
  CHECK(text.find("OpDecorate %in_v1_2 Flat") != std::string::npos);
  CHECK(text.find("OpDecorate %in_v1 Flat") == std::string::npos);
}

TEST_CASE("binding model: set per stage, CB/sampler/SRV ranges", "[dxbc][translate]") {
  CHECK(descriptorBinding(ProgramType::Vertex, ResourceKind::ConstantBuffer, 3).set == 0);
  CHECK(descriptorBinding(ProgramType::Vertex, ResourceKind::ConstantBuffer, 3).binding == 3);
  CHECK(descriptorBinding(ProgramType::Pixel, ResourceKind::Sampler, 2).set == 1);
  CHECK(descriptorBinding(ProgramType::Pixel, ResourceKind::Sampler, 2).binding == 18);
  CHECK(descriptorBinding(ProgramType::Pixel, ResourceKind::ShaderResource, 127).binding == 159);
  std::string text = disassembleSpirv(translateText(std::string(kPsHeader) + "mov o0.xyzw, cb0[0].xyzw\nret\n"));
  CHECK(text.find("OpDecorate %cb0 DescriptorSet 1") != std::string::npos);
  CHECK(text.find("OpDecorate %cb0 Binding 0") != std::string::npos);
  CHECK(text.find("OpDecorate %s0 Binding 16") != std::string::npos);
  CHECK(text.find("OpDecorate %t1 Binding 33") != std::string::npos);
  CHECK(text.find("OpDecorate %SV_Target1 Location 1") != std::string::npos);
}

TEST_CASE("optimizer keeps modules valid", "[dxbc][translate]") {
  auto spv = translateText(std::string(kPsHeader) + "add r0.xyzw, v1.xyzw, cb0[1].xyzw\nmov o0.xyzw, r0.xyzw\nret\n");
  auto opt = optimizeSpirv(spv);
  CHECK(validateSpirv(opt) == "");
  CHECK(opt.size() < spv.size());
}

TEST_CASE("translator errors name the instruction and reason", "[dxbc][translate][robustness]") {
  auto err = [](const std::string& text, const char* msg) {
    INFO(text);
    CHECK_THROWS_WITH(translateText(text), Catch::Contains(msg));
  };
  // fxc's ps_4_0 "break outside a loop" shader (an invalid shader by design)
  err("ps_4_0\ndcl_constantbuffer CB0[1], immediateIndexed\ndcl_output o0.xyzw\nif_z cb0[0].x\nmov o0.xyzw, l(1.0,1.0,1.0,1.0)\n"
      "break\nendif\nmov o0.xyzw, l(0,0,0,0)\nret\n",
      "opcode 'break' at dword 21: break outside a loop or switch");
  err("hs_5_0\nret\n", "a hull shader needs dcl_tessellator_domain");
  err("ps_5_0\ndcl_output o0.xyzw\nmov o0.xyzw, r3.xyzw\nret\n", "r3 used but dcl_temps declares 0");
  err("ps_5_0\ndcl_output o0.xyzw\nmov o0.xyzw, cb1[0].xyzw\nret\n", "opcode 'mov' at dword 5: cb1 is not declared");
  err("ps_5_0\ndcl_output o0.xyzw\nif_nz l(1)\nret\n", "unterminated control flow");
  err("ps_5_0\ndcl_output o0.xyzw\nendif\nret\n", "endif without if");
  err("ps_5_0\ndcl_resource_structured_buffer (float,float,float,float) t0\nret\n",
      "resource dimension 'structured_buffer' is not supported");
  err("ps_5_0\ndcl_resource_texture2dms(4) (float,float,float,float) t0\ndcl_temps 1\nld r0.xyzw, l(0,0,0,0), t0.xyzw\nret\n",
      "ld on a multisampled resource needs ld_ms");
  err("ps_5_0\ndcl_resource_texturecube (float,float,float,float) t0\ndcl_sampler s0, mode_default\ndcl_temps 1\n"
      "sample_aoffimmi(1,0,0) r0.xyzw, l(0,0,0,0), t0.xyzw, s0\nret\n",
      "_aoffimmi is not valid on this resource dimension");
  err("ps_5_0\ndcl_output o0.xyzw\ndcl_temps 1\nabort\nret\n",
      "opcode 'abort' at dword 7: instruction is not supported by the translator");
  err("ps_5_0\ndcl_output o0.xyzw\nsamplepos o0.xyzw, t0.xyzw, l(0)\nret\n",
      "opcode 'samplepos' at dword 5: t0 is not declared");
  err("vs_5_0\ndcl_output o0.xyzw\ndcl_temps 1\nderiv_rtx r0.x, r0.x\nret\n", "derivatives are only valid in pixel shaders");
  err("ps_5_0\ndcl_input_ps constant v1.x\ndcl_output o0.xyzw\ndcl_temps 1\neval_centroid r0.x, v1.y\nret\n",
      "eval_* source v1 component 1 is not a declared float varying");
}

TEST_CASE("fallback draw pass: the vertex shader writes every varying the pixel shader's fallback variant reads",
          "[dxbc][translate][fallback]") {
  const std::string ps = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// TEXCOORD                 0   xy          1     NONE   float   xy
// IDS                      0     zw        1     NONE    uint     zw
// COLOR                    0   xyzw        2     NONE   float   xyzw
// SCREEN                   0   xy          3     NONE   float   xy
// SAMPLED                  0   xyzw        4     NONE   float   xyzw
//
ps_5_0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_input_ps linear v1.xy
dcl_input_ps constant v1.zw
dcl_input_ps linear centroid v2.xyzw
dcl_input_ps linear noperspective v3.xy
dcl_input_ps linear sample v4.xyzw
dcl_output o0.xyzw
dcl_temps 1
add r0.xyzw, v2.xyzw, v4.xyzw
add r0.xy, r0.xyxx, v1.xyxx
add r0.xy, r0.xyxx, v3.xyxx
utof r0.zw, v1.zzzw
mov o0.xyzw, r0.xyzw
ret
)";
  const Shader parsed = parseShader(assemble(ps).container);
  const std::vector<FallbackVarying> varyings = fallbackPixelVaryings(parsed);
  REQUIRE(varyings.size() == 5);  // SV_Position is FragCoord, not a varying
  CHECK((varyings[0].location == 1 && varyings[0].firstComponent == 0 && varyings[0].componentCount == 2 &&
         varyings[0].cls == FallbackVaryingClass::Perspective));
  CHECK((varyings[1].location == 1 && varyings[1].firstComponent == 2 && varyings[1].type == ComponentType::Uint32 &&
         varyings[1].cls == FallbackVaryingClass::Flat));
  CHECK(varyings[2].cls == FallbackVaryingClass::Perspective);  // centroid: the pixel centre (all samples covered)
  CHECK(varyings[3].cls == FallbackVaryingClass::NoPerspective);
  CHECK((varyings[4].cls == FallbackVaryingClass::Perspective && varyings[4].sample));
  CHECK(fallbackNeedsSampleInverseW(varyings));

  // The VS over a capture of o0 (position), o1, o2, o4 (o3 not written: zeros).
  const FallbackCaptureLayout capture{{0, 1, 2, 4}, 0};
  const std::vector<uint32_t> vs = buildFallbackVertexShader(varyings, true, capture);
  CHECK(validateSpirv(vs) == "");
  const std::string text = disassembleSpirv(vs);
  INFO(text);
  CHECK(text.find("OpDecorate %out_v1_0 Location 1") != std::string::npos);
  CHECK(text.find("OpDecorate %out_v1_2 Component 2") != std::string::npos);
  CHECK(text.find("OpDecorate %out_v1_2 Flat") != std::string::npos);
  CHECK(text.find("%out_v1_2 = OpVariable %_ptr_Output_v2uint Output") != std::string::npos);
  CHECK(text.find("%out_v2_0 = OpVariable %_ptr_Output_v4float Output") != std::string::npos);
  CHECK(text.find("OpDecorate %fallback_flat0 Location 28") != std::string::npos);
  CHECK(text.find("OpDecorate %fallback_flat3 Location 31") != std::string::npos);
  CHECK(text.find("OpDecorate %fallback_inverse_w Location 27") != std::string::npos);
  CHECK(text.find("OpDecorate %fallback_inverse_w_sample Location 26") != std::string::npos);
  CHECK(text.find("OpDecorate %fallback_captured Binding " + std::to_string(kFallbackCapturedBinding)) != std::string::npos);
  // The corner and the record's words 0..15 arrive as vertex attributes (gpu_layout.h's draw-pass vertex input).
  CHECK(text.find("OpDecorate %fallback_corner Location 0") != std::string::npos);
  CHECK(text.find("OpDecorate %fallback_weights Location 1") != std::string::npos);
  CHECK(text.find("OpDecorate %fallback_record0 Location 2") != std::string::npos);
  CHECK(text.find("OpDecorate %fallback_record3 Location 5") != std::string::npos);
  CHECK(text.find("%fallback_record3 = OpVariable %_ptr_Input_v4uint Input") != std::string::npos);
  CHECK(text.find("BuiltIn VertexIndex") != std::string::npos);
  CHECK(text.find("BuiltIn Position") != std::string::npos);

  // The pixel shader's fallback variant declares the same locations, types and components.
  TranslateOptions fb;
  fb.variant = ShaderVariant::Fallback;
  requireValid(ps, fb);
  const std::string psText = disassembleSpirv(translateText(ps, fb));
  CHECK(psText.find("OpDecorate %in_v1 NoPerspective") != std::string::npos);  // u·a, divided by Σu
  CHECK(psText.find("OpDecorate %in_v2 Centroid") == std::string::npos);
  CHECK(psText.find("OpDecorate %in_v4 Sample") != std::string::npos);
  CHECK(psText.find("OpDecorate %fallback_inverse_w_sample Location 26") != std::string::npos);
  CHECK(psText.find("%in_v1_2 = OpVariable %_ptr_Input_v2uint Input") != std::string::npos);

  // A varying where the fallback's own live is refused.
  std::vector<FallbackVarying> high = varyings;
  high[0].location = 26;
  CHECK_THROWS_WITH(buildFallbackVertexShader(high, false, capture), Catch::Contains("collides"));
  CHECK_THROWS_WITH(buildFallbackVertexShader(varyings, false, FallbackCaptureLayout{{1, 2}, 5}),
                    Catch::Contains("no SV_Position"));
}

TEST_CASE("reflection: pixel-shader input interpolation per component, integer components constant",
          "[dxbc][translate][fallback]") {
  const std::string ps = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// TEXCOORD                 0   xy          1     NONE   float   xy
// IDS                      0     zw        1     NONE    uint     zw
// COLOR                    0   xyzw        2     NONE   float   xyzw
//
ps_5_0
dcl_input_ps linear noperspective v1.xy
dcl_input_ps linear v1.zw
dcl_input_ps linear centroid v2.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v2.xyzw
ret
)";
  const ShaderReflection r = reflect(parseShader(assemble(ps).container));
  CHECK(r.inputInterpolation[4 + 0] == Interpolation::LinearNoPerspective);
  CHECK(r.inputInterpolation[4 + 1] == Interpolation::LinearNoPerspective);
  CHECK(r.inputInterpolation[4 + 2] == Interpolation::Constant);  // uint: flat whatever the declaration says
  CHECK(r.inputInterpolation[4 + 3] == Interpolation::Constant);
  CHECK(r.inputInterpolation[8 + 3] == Interpolation::LinearCentroid);
  CHECK(r.inputInterpolation[0] == Interpolation::Undefined);
}

TEST_CASE("fallback pixel shader: SV_Coverage from the prelude, ownership from SampleMaskIn bit 0",
          "[dxbc][translate][fallback]") {
  const std::string ps = "ps_5_0\ndcl_input vCoverage\ndcl_output o0.xyzw\nmov o0.xyzw, vCoverage\nret\n";
  TranslateOptions fb;
  fb.variant = ShaderVariant::Fallback;
  requireValid(ps, fb);
  const std::string text = disassembleSpirv(translateText(ps, fb));
  INFO(text);
  CHECK(text.find("fallback_Coverage") == std::string::npos);  // no flat varying: the record decides
  CHECK(text.find("OpDecorate %gl_SampleMaskIn BuiltIn SampleMask") != std::string::npos);
  CHECK(text.find("OpDecorate %gl_SampleMask BuiltIn SampleMask") != std::string::npos);
  // At sample frequency every sample invocation owns its side effects: no SampleMaskIn test.
  const std::string perSample = "ps_5_0\ndcl_input_ps_sgv v0.x, sampleIndex\ndcl_output o0.xyzw\n"
                                "utof o0.xyzw, v0.xxxx\nret\n";
  requireValid(perSample, fb);
  CHECK(disassembleSpirv(translateText(perSample, fb)).find("gl_SampleMaskIn") == std::string::npos);
}

TEST_CASE("typed UAVs: RWTexture2D(Array) stores and R32 loads, bound at 160 + slot in the pixel set",
          "[dxbc][translate][uav]") {
  const std::string header = "ps_5_0\ndcl_globalFlags refactoringAllowed\n"
                             "dcl_uav_typed_texture2d (uint,uint,uint,uint) u1\n"
                             "dcl_uav_typed_texture2darray (float,float,float,float) u3\n"
                             "dcl_uav_typed_texture2d (sint,sint,sint,sint) u63\n"
                             "dcl_input_ps_siv linear noperspective v0.xy, position\n"
                             "dcl_temps 2\n";
  const std::string body = "ftou r0.xy, v0.xyxx\n"
                           "store_uav_typed u1.xyzw, r0.xyyy, l(7,0,0,0)\n"
                           "store_uav_typed u3.xyzw, l(1,2,3,0), v0.xyxy\n"
                           "ld_uav_typed r1.x, r0.xyyy, u63.xyzw\n"
                           "ld_uav_typed r1.y, r0.xyyy, u1.yxzw\n"
                           "store_uav_typed u63.xyzw, r0.xyyy, r1.xxxx\n"
                           "ret\n";
  const std::vector<uint32_t> spv = translateText(header + body);
  CHECK(validateSpirv(spv) == "");
  const std::string text = disassembleSpirv(spv);
  INFO(text);
  CHECK(text.find("OpDecorate %u1 DescriptorSet 1") != std::string::npos);
  CHECK(text.find("OpDecorate %u1 Binding 161") != std::string::npos);
  CHECK(text.find("OpDecorate %u3 Binding 163") != std::string::npos);
  CHECK(text.find("OpDecorate %u63 Binding 223") != std::string::npos);
  // written only: no format (needs StorageImageWriteWithoutFormat); loaded: R32 of its type
  CHECK(text.find("OpCapability StorageImageWriteWithoutFormat") != std::string::npos);
  CHECK(text.find("OpTypeImage %float 2D 0 1 0 2 Unknown") != std::string::npos);
  CHECK(text.find("OpTypeImage %int 2D 0 0 0 2 R32i") != std::string::npos);
  CHECK(text.find("OpTypeImage %uint 2D 0 0 0 2 R32ui") != std::string::npos);
  CHECK(text.find("OpImageWrite") != std::string::npos);
  CHECK(text.find("OpImageRead") != std::string::npos);
  CHECK(text.find("EarlyFragmentTests") == std::string::npos);
  CHECK(descriptorBinding(ProgramType::Pixel, ResourceKind::UnorderedAccess, 5).binding == 165);

  // the fallback variant keeps the UAVs (a conservatively rasterized pixel
  // writes them once: only the invocation owning the pixel stores)
  TranslateOptions fallback;
  fallback.variant = ShaderVariant::Fallback;
  CHECK(validateSpirv(translateText(header + body, fallback)) == "");
  const std::string fallbackText = disassembleSpirv(translateText(header + body, fallback));
  const size_t write = fallbackText.find("OpImageWrite");
  REQUIRE(write != std::string::npos);
  CHECK(fallbackText.rfind("OpLoad %bool %fallback_owner", write) != std::string::npos);
}

TEST_CASE("forceEarlyDepthStencil becomes EarlyFragmentTests", "[dxbc][translate][uav]") {
  const std::string text = disassembleSpirv(translateText(
      "ps_5_0\ndcl_globalFlags refactoringAllowed | forceEarlyDepthStencil\n"
      "dcl_uav_typed_texture2d (float,float,float,float) u0\n"
      "store_uav_typed u0.xyzw, l(0,0,0,0), l(1.0,1.0,1.0,1.0)\nret\n"));
  CHECK(text.find("OpExecutionMode %main EarlyFragmentTests") != std::string::npos);
}

TEST_CASE("UAV translation errors name what is unsupported", "[dxbc][translate][uav][robustness]") {
  auto err = [](const std::string& text, const char* msg) {
    INFO(text);
    CHECK_THROWS_WITH(translateText(text), Catch::Contains(msg));
  };
  err("ps_5_0\ndcl_uav_typed_texturecube (float,float,float,float) u0\nret\n", "UAV dimension 'texturecube' is not supported");
  err("ps_5_0\ndcl_uav_typed_texture2d_rov (float,float,float,float) u0\nret\n", "rasterizer-ordered UAVs are not supported");
  err("ps_5_0\ndcl_uav_raw_rov u0\nret\n", "rasterizer-ordered UAVs are not supported");
  err("ps_5_0\ndcl_uav_typed_texture2d (float,float,float,float) u64\nret\n", "UAV slot out of range");
  err("ps_5_0\nstore_uav_typed u2.xyzw, l(0,0,0,0), l(0,0,0,0)\nret\n", "u2 is not declared");
}

TEST_CASE("dcl_uav_typed assembles and disassembles round trip", "[dxbc][listing][uav]") {
  const std::string text = "ps_5_0\ndcl_uav_typed_texture2darray_glc (uint,uint,uint,uint) u2\nret\n";
  AssembleResult a = assemble(text);
  Shader s = parseShader(a.container);
  REQUIRE(s.program.instructions.size() == 2);
  CHECK(s.program.instructions[0].opcode == Opcode::DclUavTyped);
  CHECK(s.program.instructions[0].resourceDimension() == ResourceDimension::Texture2DArray);
  CHECK((s.program.instructions[0].controls & 0x20) != 0);
  CHECK(disassembleProgram(s.program).find("dcl_uav_typed_texture2darray_glc (uint,uint,uint,uint) u2") != std::string::npos);
}

TEST_CASE("invocation-counting pixel shader: the counter added to first, per invocation or per subgroup, valid "
          "with discard and sample frequency",
          "[dxbc][translate]") {
  // A shader that discards, one that runs per sample (SV_SampleIndex), one
  // that reads SV_Position (FragCoord, which counting reads too) and the
  // issue-5 header with every resource kind: all validate, in both modes.
  const std::string discarding = "ps_5_0\ndcl_input_ps linear v1.x\ndcl_output o0.xyzw\n"
                                 "discard_nz v1.x\nmov o0.xyzw, l(1.0,1.0,1.0,1.0)\nret\n";
  const std::string perSample = "ps_5_0\ndcl_input_ps_sgv constant v0.x, sampleIndex\ndcl_output o0.xyzw\n"
                                "utof o0.xyzw, v0.xxxx\nret\n";
  const std::string position = "ps_5_0\ndcl_input_ps_siv linear noperspective v0.xy, position\n"
                               "dcl_output o0.xyzw\nmov o0.xy, v0.xyxx\nret\n";
  const std::string resources =
      std::string(kPsHeader) + "sample r0.xyzw, v1.xyxx, t0.xyzw, s0\nmov o0.xyzw, r0.xyzw\nret\n";
  TranslateOptions perInvocation, perSubgroup;
  perInvocation.countInvocations = perSubgroup.countInvocations = true;
  perSubgroup.countPerSubgroup = true;
  for (const TranslateOptions& options : {perInvocation, perSubgroup})
    for (const std::string& ps : {discarding, perSample, position, resources}) requireValid(ps, options);

  for (const TranslateOptions& options : {perInvocation, perSubgroup}) {
    const std::string text = disassembleSpirv(translateText(discarding, options));
    INFO(text);
    CHECK(text.find("OpDecorate %invocation_counter DescriptorSet 1") != std::string::npos);
    CHECK(text.find("OpDecorate %invocation_counter Binding " + std::to_string(kInvocationCounterBinding)) !=
          std::string::npos);
    CHECK(text.find("OpDecorate %InvocationCounter Block") != std::string::npos);
    CHECK(text.find("%invocation_counter = OpVariable %_ptr_StorageBuffer_InvocationCounter StorageBuffer") !=
          std::string::npos);
    CHECK(text.find("%_arr_uint_uint_" + std::to_string(kInvocationCounterBytes / 4) + " = OpTypeArray") !=
          std::string::npos);
    // The atomic comes in main() before the body (whose discard it must precede) is called.
    const size_t main = text.find("%main = OpFunction");
    const char* atomic = options.countPerSubgroup ? "OpAtomicIAdd %uint" : "OpAtomicIIncrement %uint";
    const size_t add = text.find(atomic, main);
    REQUIRE(main != std::string::npos);
    REQUIRE(add != std::string::npos);
    CHECK(add < text.find("OpFunctionCall %void %shader_body", main));
    CHECK(text.find("OpAtomic", add + 1) == std::string::npos);  // exactly one
    if (options.countPerSubgroup) {
      // Only non-helper invocations take part; the elected one adds their number.
      CHECK(text.find("OpCapability GroupNonUniformBallot") != std::string::npos);
      CHECK(text.find("OpDecorate %gl_HelperInvocation BuiltIn HelperInvocation") != std::string::npos);
      const size_t ballot = text.find("OpGroupNonUniformBallot %v4uint %uint_3 %true", main);
      const size_t count = text.find("OpGroupNonUniformBallotBitCount %uint %uint_3 Reduce", main);
      const size_t elect = text.find("OpGroupNonUniformElect %bool %uint_3", main);
      CHECK(text.find("OpLoad %bool %gl_HelperInvocation", main) < ballot);
      CHECK(ballot < count);
      CHECK(count < add);
      CHECK(elect < add);
    } else {
      CHECK(text.find("GroupNonUniform") == std::string::npos);
      CHECK(text.find("HelperInvocation") == std::string::npos);
    }
  }
  // Without the option there is no counter.
  const std::string plain = disassembleSpirv(translateText(discarding));
  CHECK(plain.find("invocation_counter") == std::string::npos);
  CHECK(plain.find("OpAtomic") == std::string::npos);
  // Only native pixel shaders count.
  CHECK_THROWS_WITH(translateText("vs_5_0\ndcl_output_siv o0.xyzw, position\nmov o0.xyzw, l(0,0,0,1.0)\nret\n",
                                  perInvocation),
                    Catch::Contains("only a pixel shader counts its invocations"));
  // The fallback variant counts only covered invocations: after the coverage test, before the demote.
  perInvocation.variant = ShaderVariant::Fallback;
  requireValid(discarding, perInvocation);
  const std::string fallbackText = disassembleSpirv(translateText(discarding, perInvocation));
  const size_t demote = fallbackText.find("OpDemoteToHelperInvocation");
  REQUIRE(demote != std::string::npos);
  CHECK(fallbackText.find("OpAtomicIIncrement") < demote);
}

TEST_CASE("forceEarlyDepthStencil: EarlyFragmentTests in the native variant only", "[dxbc][translate]") {
  const std::string ps = "ps_5_0\ndcl_globalFlags refactoringAllowed | forceEarlyDepthStencil\n"
                         "dcl_input_ps linear v1.x\ndcl_output o0.xyzw\ndiscard_nz v1.x\n"
                         "mov o0.xyzw, l(1.0,1.0,1.0,1.0)\nret\n";
  TranslateOptions counting;
  counting.countInvocations = true;
  requireValid(ps);
  requireValid(ps, counting);
  CHECK(disassembleSpirv(translateText(ps)).find("OpExecutionMode %main EarlyFragmentTests") != std::string::npos);
  CHECK(disassembleSpirv(translateText(ps, counting)).find("OpExecutionMode %main EarlyFragmentTests") !=
        std::string::npos);
  // The fallback's prelude demotes pixels outside the exact coverage: its tests stay late.
  TranslateOptions fallback;
  fallback.variant = ShaderVariant::Fallback;
  requireValid(ps, fallback);
  CHECK(disassembleSpirv(translateText(ps, fallback)).find("EarlyFragmentTests") == std::string::npos);
  // Without the flag, none.
  CHECK(disassembleSpirv(translateText("ps_5_0\ndcl_globalFlags refactoringAllowed\ndcl_output o0.xyzw\n"
                                       "mov o0.xyzw, l(1.0,1.0,1.0,1.0)\nret\n"))
            .find("EarlyFragmentTests") == std::string::npos);
}

TEST_CASE("fallback pixel shader writes SampleMask from its coverage (and oMask)", "[dxbc][translate][fallback]") {
  TranslateOptions fb;
  fb.variant = ShaderVariant::Fallback;
  const char* shaders[] = {
      "ps_5_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(1.0,1.0,1.0,1.0)\nret\n",
      "ps_5_0\ndcl_input vCoverage\ndcl_output o0.xyzw\nmov o0.xyzw, vCoverage\nret\n",
      "ps_5_0\ndcl_input vCoverage\ndcl_output oMask\nand oMask, vCoverage, l(5)\nret\n",
  };
  for (const char* ps : shaders) {
    INFO(ps);
    requireValid(ps, fb);
    const std::string text = disassembleSpirv(translateText(ps, fb));
    // The coverage (FallbackHeader::coverage, or the forced samples covered) decides the mask; the "any" bit selects all-or-nothing.
    CHECK(text.find("OpStore %fallback_coverage") != std::string::npos);
    CHECK(text.find("BuiltIn SampleMask") != std::string::npos);
    CHECK(text.find("OpSelect") != std::string::npos);
    CHECK(text.find("2147483648") != std::string::npos);  // kFallbackCoverageAnyBit
  }
  CHECK(kFallbackCoverageAnyBit == 0x80000000u);
}
