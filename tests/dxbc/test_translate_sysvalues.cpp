// tests/dxbc/test_translate_sysvalues.cpp — the system values of issue 16:
// SV_CullDistance (vertex/geometry outputs, pixel inputs), SV_DepthGreaterEqual /
// SV_DepthLessEqual (oDepthGE / oDepthLE) and SV_StencilRef (oStencilRef):
// their listings round-trip with names, and they translate to valid SPIR-V
// with the built-ins, capabilities and execution modes Vulkan needs.
#include "dxbc/listing.h"
#include "dxbc/spirv_tools.h"
#include "dxbc/translator.h"

#include <catch2/catch.hpp>

using namespace d3dvk::dxbc;

namespace {

std::string spirvText(const std::string& listing, const std::string& mustDisassembleTo = "") {
  AssembleResult a = assemble(listing);
  Shader s = parseShader(a.container);
  const std::string dis = disassemble(s);
  if (!mustDisassembleTo.empty()) CHECK(dis.find(mustDisassembleTo) != std::string::npos);
  CHECK(assemble(dis).container == a.container);
  const std::vector<uint32_t> spv = translateToSpirv(s);
  CHECK(validateSpirv(spv) == "");
  return disassembleSpirv(spv);
}

}  // namespace

TEST_CASE("SV_CullDistance: CullDistance built-in in vertex and geometry shaders, a varying for the pixel shader",
          "[dxbc][translate][sysvalue]") {
  const std::string vs = spirvText(R"(vs_5_0
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
dcl_output_siv o1.xy, cull_distance
dcl_output_siv o1.zw, clip_distance
dcl_output_siv o2.x, cull_distance
mov o0.xyzw, v0.xyzw
mov o1.xyzw, v0.xyzw
mov o2.x, v0.w
ret
)",
                                   "dcl_output_siv o1.xy, cull_distance\n");
  CHECK(vs.find("OpCapability CullDistance") != std::string::npos);
  CHECK(vs.find("OpDecorate %gl_CullDistance BuiltIn CullDistance") != std::string::npos);
  CHECK(vs.find("_arr_float_uint_3") != std::string::npos);  // o1.xy + o2.x
  CHECK(vs.find("OpDecorate %gl_ClipDistance BuiltIn ClipDistance") != std::string::npos);
  const std::string gs = spirvText(R"(gs_5_0
dcl_input_siv v[3][0].xyzw, position
dcl_inputprimitive triangle
dcl_stream m0
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output_siv o1.x, cull_distance
dcl_maxout 3
mov o0.xyzw, v[0][0].xyzw
mov o1.x, l(-1.0)
emit_stream m0
ret
)");
  CHECK(gs.find("BuiltIn CullDistance") != std::string::npos);
  const std::string ps = spirvText(R"(ps_5_0
dcl_input_ps_siv linear v1.x, cull_distance
dcl_output o0.xyzw
mov o0.xyzw, v1.xxxx
ret
)",
                                   "dcl_input_ps_siv linear v1.x, cull_distance\n");
  CHECK(ps.find("OpDecorate %in_v1 Location 1") != std::string::npos);
  // More than 8 clip + cull components is an error.
  CHECK_THROWS_WITH(translateToSpirv(parseShader(assemble(R"(vs_5_0
dcl_output_siv o0.xyzw, position
dcl_output_siv o1.xyzw, cull_distance
dcl_output_siv o2.xyzw, cull_distance
dcl_output_siv o3.x, clip_distance
mov o0.xyzw, l(0,0,0,1.0)
ret
)").container)),
                    Catch::Contains("SV_CullDistance needs 1..8 components"));
}

TEST_CASE("oDepthGE / oDepthLE: FragDepth clamped against FragCoord.z, DepthGreater / DepthLess", "[dxbc][translate][sysvalue]") {
  for (const char* reg : {"oDepthGE", "oDepthLE"}) {
    const bool ge = std::string(reg) == "oDepthGE";
    const std::string text = spirvText(std::string("ps_5_0\ndcl_output ") + reg + "\nmov " + reg + ", l(0.5)\nret\n",
                                       std::string("dcl_output ") + reg + "\n");
    INFO(text);
    CHECK(text.find("BuiltIn FragDepth") != std::string::npos);
    CHECK(text.find("BuiltIn FragCoord") != std::string::npos);
    CHECK(text.find("OpExecutionMode %main DepthReplacing") != std::string::npos);
    CHECK(text.find(ge ? "OpExecutionMode %main DepthGreater" : "OpExecutionMode %main DepthLess") != std::string::npos);
    CHECK(text.find(ge ? "NMax" : "NMin") != std::string::npos);
  }
}

TEST_CASE("oStencilRef: FragStencilRefEXT with StencilExportEXT and StencilRefReplacingEXT", "[dxbc][translate][sysvalue]") {
  const std::string text = spirvText(R"(ps_5_0
dcl_output o0.xyzw
dcl_output oStencilRef
mov o0.xyzw, l(1.0,1.0,1.0,1.0)
mov oStencilRef, l(7)
ret
)",
                                     "dcl_output oStencilRef\n");
  INFO(text);
  CHECK(text.find("OpCapability StencilExportEXT") != std::string::npos);
  CHECK(text.find("OpExtension \"SPV_EXT_shader_stencil_export\"") != std::string::npos);
  CHECK(text.find("BuiltIn FragStencilRefEXT") != std::string::npos);
  CHECK(text.find("OpExecutionMode %main StencilRefReplacingEXT") != std::string::npos);
  // oStencilRef is a pixel-shader output only, and needs its declaration.
  CHECK_THROWS_WITH(translateToSpirv(parseShader(assemble("ps_5_0\nmov oStencilRef, l(7)\nret\n").container)),
                    Catch::Contains("oStencilRef used without dcl_output oStencilRef"));
}

TEST_CASE("dcl_indexrange round-trips, relative output and input indexing translates, a range beyond the registers is an error",
          "[dxbc][translate][indexrange]") {
  const std::string gs = spirvText(R"(gs_5_0
dcl_input_siv v[3][0].xyzw, position
dcl_input v[3][1].xyzw
dcl_input v[3][2].xyzw
dcl_indexrange v[3][1].xyzw, 2
dcl_inputprimitive triangle
dcl_stream m0
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output o2.xyzw
dcl_indexrange o1.xyzw, 2
dcl_temps 1
dcl_maxout 3
mov r0.x, l(1)
mov o0.xyzw, v[0][0].xyzw
mov o[r0.x + 0].xyzw, v[0][r0.x + 0].xyzw
mov o[r0.x + 1].xyzw, v[0][r0.x + 1].xyzw
emit_stream m0
ret
)",
                                   "dcl_indexrange o1.xyzw, 2\n");
  CHECK(gs.find("UMin") != std::string::npos);  // the dynamic output index is clamped to the register file
  CHECK_THROWS_WITH(translateToSpirv(parseShader(assemble(R"(vs_5_0
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_indexrange o1.xyzw, 4
mov o0.xyzw, l(0,0,0,0)
ret
)").container)),
                    Catch::Contains("dcl_indexrange o1, 4 exceeds the declared registers"));
}
