// tests/dxbc/test_translate_tessellation.cpp — hull and domain shaders: fxc
// listings assemble and disassemble byte-identically (the tessellator
// declarations and tessellation-factor system values by name), and translate to
// valid SPIR-V: TessellationControl with the control-point phase, the fork and
// join phases (instances, vpc), a barrier before them, the factors in
// TessLevelOuter/Inner (Patch), the domain, spacing, vertex order, point mode and
// output vertex count as execution modes; TessellationEvaluation with TessCoord,
// arrayed control points, patch constants and tessellation factors read back;
// the domain shader's transform-feedback variant; errors name the reason.
// Patch constants packed beside the tessellation factors (fxc's layout, e.g. the
// DirectX SDK's PNTriangles11, whose fxc containers are data here) get locations
// apart from the control points'.
#include "../support/tessellation_listings.h"
#include "dxbc/listing.h"
#include "fxc_containers.h"
#include "dxbc/spirv_tools.h"
#include "dxbc/translator.h"
#include "spirv_text.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <sys/wait.h>

using namespace d3dvk::dxbc;
using namespace d3dvk::test;

namespace {

std::string validText(const std::string& text, const TranslateOptions& opt = {}) {
  INFO(text);
  AssembleResult a = assemble(text);
  const std::vector<uint32_t> spv = translateToSpirv(parseShader(a.container), opt);
  const std::string dis = disassembleSpirv(spv);
  INFO(dis);
  CHECK(validateSpirv(spv) == "");
  return dis;
}

// The highest Location of a Patch-decorated variable in a disassembly (-1: none).
int maxPatchLocation(const std::string& dis) {
  std::map<std::string, int> locations;
  std::set<std::string> patch;
  std::istringstream in(dis);
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string op, id, decoration;
    int value = -1;
    words >> op >> id >> decoration >> value;
    if (op != "OpDecorate") continue;
    if (decoration == "Patch") patch.insert(id);
    if (decoration == "Location") locations[id] = value;
  }
  int top = -1;
  for (const std::string& id : patch)
    if (locations.count(id)) top = std::max(top, locations[id]);
  return top;
}

std::string translateError(const std::string& text) {
  try {
    translateToSpirv(parseShader(assemble(text).container));
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

// Isoline domain, fractional_odd, point output; density from cb0[0].x, detail 4.
const char kHsIsolinePoints[] = R"(hs_5_0
hs_decls
dcl_input_control_point_count 2
dcl_output_control_point_count 2
dcl_tessellator_domain domain_isoline
dcl_tessellator_partitioning partitioning_fractional_odd
dcl_tessellator_output_primitive output_point
dcl_hs_max_tessfactor l(16.000000)
dcl_constantbuffer CB0[1], immediateIndexed
hs_control_point_phase
dcl_input vOutputControlPointID
dcl_input vPrim
dcl_input v[2][0].xyzw
dcl_output o0.xyzw
dcl_temps 1
mov r0.x, vOutputControlPointID
utof r0.y, vPrim
add o0.xyzw, v[r0.x + 0][0].xyzw, r0.yyyy
ret
hs_join_phase
dcl_input vocp[2][0].x
dcl_output_siv o0.x, finalLineDensityTessFactor
dcl_output_siv o1.x, finalLineDetailTessFactor
dcl_output o2.xyzw
mov o0.x, cb0[0].x
mov o1.x, l(4.000000)
add o2.xyzw, vocp[0][0].xxxx, vocp[1][0].xxxx
ret
)";

const char kDsIsoline[] = R"(ds_5_0
dcl_input_control_point_count 2
dcl_tessellator_domain domain_isoline
dcl_input vDomain.xy
dcl_input vPrim
dcl_input vicp[2][0].xyzw
dcl_input vpc2.xyzw
dcl_input_siv vpc0.x, finalLineDensityTessFactor
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_temps 1
add r0.xyzw, -vicp[0][0].xyzw, vicp[1][0].xyzw
mad o0.xyzw, vDomain.xxxx, r0.xyzw, vicp[0][0].xyzw
add o1.xyz, vpc2.xyzx, vpc0.xxxx
utof o1.w, vPrim
ret
)";

}  // namespace

TEST_CASE("hull and domain listings assemble and disassemble byte-identically", "[dxbc][tessellation]") {
  for (const char* text : {kHsTri, kDsTri, kHsQuad, kDsQuad, kHsIsolinePoints, kDsIsoline}) {
    INFO(text);
    const AssembleResult a = assemble(text);
    const Shader s = parseShader(a.container);
    const std::string listing = disassemble(s);
    INFO(listing);
    CHECK(assemble(listing).container == a.container);
  }
  const std::string hs = disassemble(parseShader(assemble(kHsTri).container));
  CHECK(has(hs, "dcl_tessellator_domain domain_tri\n"));
  CHECK(has(hs, "dcl_tessellator_partitioning partitioning_integer\n"));
  CHECK(has(hs, "dcl_tessellator_output_primitive output_triangle_cw\n"));
  CHECK(has(hs, "dcl_input_control_point_count 3\n"));
  CHECK(has(hs, "dcl_hs_max_tessfactor l(64.000000)\n"));
  CHECK(has(hs, "dcl_hs_fork_phase_instance_count 3\n"));
  CHECK(has(hs, "dcl_output_siv o2.x, finalTriWeq0EdgeTessFactor\n"));
  const std::string iso = disassemble(parseShader(assemble(kHsIsolinePoints).container));
  CHECK(has(iso, "partitioning_fractional_odd\n"));
  CHECK(has(iso, "output_point\n"));
  CHECK(has(iso, "finalLineDetailTessFactor\n"));
  CHECK(has(iso, "dcl_hs_max_tessfactor l(16.000000)\n"));
}

TEST_CASE("a hull shader translates to a tessellation control shader: phases, barrier, factors, modes",
          "[dxbc][tessellation]") {
  const std::string tri = validText(kHsTri);
  CHECK(has(tri, "OpEntryPoint TessellationControl %main"));
  CHECK(has(tri, "OpExecutionMode %main Triangles"));
  CHECK(has(tri, "OpExecutionMode %main OutputVertices 3"));
  CHECK(has(tri, "OpExecutionMode %main SpacingEqual"));
  CHECK(has(tri, "OpExecutionMode %main VertexOrderCw"));
  CHECK_FALSE(has(tri, "PointMode"));
  CHECK(has(tri, "OpDecorate %gl_TessLevelOuter BuiltIn TessLevelOuter"));
  CHECK(has(tri, "OpDecorate %gl_TessLevelInner BuiltIn TessLevelInner"));
  CHECK(has(tri, "OpDecorate %gl_TessLevelOuter Patch"));
  CHECK(has(tri, "OpDecorate %gl_InvocationID BuiltIn InvocationId"));
  CHECK(has(tri, "OpControlBarrier"));
  // The control-point phase once, the first fork phase three times, the second once.
  CHECK(occurrences(tri, "OpFunctionCall %void %control_point_phase") == 1);
  CHECK(occurrences(tri, "OpFunctionCall %void %fork_phase_0") == 3);
  CHECK(occurrences(tri, "OpFunctionCall %void %fork_phase_1") == 1);
  CHECK(has(tri, "OpDecorate %gl_in BuiltIn") == false);  // the gl_PerVertex block's member is
  CHECK(has(tri, "OpMemberDecorate %gl_PerVertex 0 BuiltIn Position"));
  CHECK(has(tri, "OpDecorate %out_cp0 Location 31"));  // control points count down from 31
  CHECK(has(tri, "OpDecorate %out_cp1 Location 30"));

  const std::string quad = validText(kHsQuad);  // pass-through control points, fork + join, vpc
  CHECK(has(quad, "OpExecutionMode %main Quads"));
  CHECK(has(quad, "OpExecutionMode %main OutputVertices 4"));
  CHECK(occurrences(quad, "OpFunctionCall %void %fork_phase_0") == 4);
  CHECK(occurrences(quad, "OpFunctionCall %void %join_phase_1") == 1);
  CHECK_FALSE(has(quad, "control_point_phase"));
  CHECK(has(quad, "OpDecorate %out_cp1 Location 30"));

  const std::string iso = validText(kHsIsolinePoints);
  CHECK(has(iso, "OpExecutionMode %main Isolines"));
  CHECK(has(iso, "OpExecutionMode %main SpacingFractionalOdd"));
  CHECK(has(iso, "OpExecutionMode %main PointMode"));
  CHECK(has(iso, "OpDecorate %out_pc2 Patch"));
  CHECK(has(iso, "OpDecorate %out_pc2 Location 2"));  // patch constants count up from 0
  CHECK(has(iso, "BuiltIn PrimitiveId"));
  CHECK(has(iso, "%float_16"));  // the factors are clamped to dcl_hs_max_tessfactor
}

TEST_CASE("partitioning and output primitives map onto Vulkan's spacing and vertex order", "[dxbc][tessellation]") {
  const std::string base = kHsTri;
  auto with = [&](const std::string& from, const std::string& to) {
    std::string t = base;
    t.replace(t.find(from), from.size(), to);
    return t;
  };
  CHECK(has(validText(with("partitioning_integer", "partitioning_pow2")), "OpExecutionMode %main SpacingEqual"));
  CHECK(has(validText(with("partitioning_integer", "partitioning_fractional_even")),
            "OpExecutionMode %main SpacingFractionalEven"));
  CHECK(has(validText(with("output_triangle_cw", "output_triangle_ccw")), "OpExecutionMode %main VertexOrderCcw"));
  CHECK(has(validText(with("output_triangle_cw", "output_point")), "OpExecutionMode %main PointMode"));
}

TEST_CASE("a domain shader translates to a tessellation evaluation shader", "[dxbc][tessellation]") {
  const std::string tri = validText(kDsTri);
  CHECK(has(tri, "OpEntryPoint TessellationEvaluation %main"));
  CHECK(has(tri, "OpExecutionMode %main Triangles"));
  CHECK(has(tri, "OpDecorate %gl_TessCoord BuiltIn TessCoord"));
  CHECK(has(tri, "OpDecorate %in_cp0 Location 31"));
  CHECK(has(tri, "OpDecorate %in_cp1 Location 30"));
  CHECK(has(tri, "BuiltIn Position"));

  const std::string quad = validText(kDsQuad);
  CHECK(has(quad, "OpExecutionMode %main Quads"));

  const std::string iso = validText(kDsIsoline);
  CHECK(has(iso, "OpExecutionMode %main Isolines"));
  CHECK(has(iso, "OpDecorate %gl_TessLevelOuter BuiltIn TessLevelOuter"));
  CHECK(has(iso, "OpDecorate %in_pc2 Patch"));
  CHECK(has(iso, "OpDecorate %in_pc2 Location 2"));
  CHECK(has(iso, "BuiltIn PrimitiveId"));

  // The exact fallback's capture: every output register into buffer 0.
  TranslateOptions xfb;
  xfb.transformFeedback = true;
  const std::string captured = validText(kDsTri, xfb);
  CHECK(has(captured, "OpExecutionMode %main Xfb"));
  CHECK(has(captured, "XfbBuffer 0"));
}

TEST_CASE("patch constants packed beside the tessellation factors get locations apart from the control points'",
          "[dxbc][tessellation]") {
  // Patch-constant registers 0..3 hold a factor in x and patch constants in yzw
  // while control points use registers 0 and 1: before, both got Location 0 and 1
  // ("conflicting output location assignment").
  // Patch constants take Location = register: a device has only
  // maxTessellationControlPerPatchOutputComponents / 4 patch locations, 30 on
  // NVIDIA (120 components, Vulkan's minimum), where patch outputs at the
  // Locations 31 − register of before (30 and 31 here) never reached the domain
  // shader; control points count down from 31 (32 per-vertex locations).
  const std::string hs = validText(kHsTriPacked);
  CHECK(has(hs, "OpDecorate %out_cp0 Location 31\n"));
  CHECK(has(hs, "OpDecorate %out_cp1 Location 30\n"));
  for (int reg = 0; reg <= 6; ++reg) {
    INFO("patch constant " << reg);
    CHECK(has(hs, "OpDecorate %out_pc" + std::to_string(reg) + " Location " + std::to_string(reg) + "\n"));
  }
  CHECK(maxPatchLocation(hs) == 6);
  const std::string ds = validText(kDsTriPacked);
  CHECK(has(ds, "OpDecorate %in_cp0 Location 31\n"));
  for (int reg : {1, 3, 5, 6}) {
    INFO("patch constant " << reg);
    CHECK(has(ds, "OpDecorate %in_pc" + std::to_string(reg) + " Location " + std::to_string(reg) + "\n"));
  }
  CHECK(maxPatchLocation(ds) == 6);
  // The factor in vpc0.x comes from TessLevelOuter, not from a location.
  CHECK_FALSE(has(ds, "%in_pc0 "));

  // fxc's own containers of that shape: the DirectX SDK sample PNTriangles11 (DXDecompiler's test data).
  for (const std::vector<uint32_t>* words : {&kDxDecompilerPnTrianglesHull, &kDxDecompilerPnTrianglesDomain}) {
    std::vector<uint8_t> bytes(words->size() * 4);
    std::memcpy(bytes.data(), words->data(), bytes.size());
    const std::vector<uint32_t> spv = translateToSpirv(parseShader(bytes));
    const std::string dis = disassembleSpirv(spv);
    INFO(dis);
    CHECK(validateSpirv(spv) == "");
    const int top = maxPatchLocation(dis);
    CHECK(top >= 0);
    CHECK(top < 30);
  }

  // Thirty-two registers between them is where the two ranges meet: said, not emitted.
  std::string high = kHsTriPacked;
  for (const std::string from : {"dcl_output o1.xyzw\n", "mov o1.xyzw, v[r0.x + 0][1].xyzw\n"}) {
    std::string to = from;
    to.replace(to.find("o1"), 2, "o31");
    high.replace(high.find(from), from.size(), to);
  }
  CHECK_THAT(translateError(high), Catch::Contains("control-point register 31 and patch-constant register 0 would share "
                                                   "location 0"));
  // A patch constant beside the factors in register 30 or 31 has no location every device has: said, not emitted.
  std::string top = kHsTriPacked;
  for (size_t at; (at = top.find("o6.")) != std::string::npos;) top.replace(at, 2, "o30");
  CHECK_THAT(translateError(top), Catch::Contains("patch-constant register 30 holds more than tessellation factors"));
}

TEST_CASE("hull and domain shaders that cannot be translated say why", "[dxbc][tessellation]") {
  auto replaced = [](std::string t, const std::string& from, const std::string& to) {
    t.replace(t.find(from), from.size(), to);
    return t;
  };
  CHECK_THAT(translateError(replaced(kHsTri, "dcl_tessellator_domain domain_tri\n", "")),
             Catch::Contains("needs dcl_tessellator_domain"));
  CHECK_THAT(translateError(replaced(kHsTri, "domain_tri", "domain_isoline")),
             Catch::Contains("output primitive 'output_triangle_cw' does not fit domain 'domain_isoline'"));
  CHECK_THAT(translateError(replaced(kHsQuad, "dcl_output_control_point_count 4", "dcl_output_control_point_count 3")),
             Catch::Contains("passes its 4 input control points through, but declares 3 output control points"));
  CHECK_THAT(translateError(replaced(kHsTri, "finalTriInsideTessFactor", "finalQuadUInsideTessFactor")),
             Catch::Contains("tessellation factor 'finalQuadUInsideTessFactor' does not belong to domain 'domain_tri'"));
  CHECK_THAT(translateError(replaced(kDsTri, "dcl_input_control_point_count 3\n", "")),
             Catch::Contains("needs dcl_input_control_point_count"));
  CHECK_THAT(translateError(replaced(kHsTri, "dcl_hs_fork_phase_instance_count 3", "dcl_hs_fork_phase_instance_count 0")),
             Catch::Contains("phase instance count 0 is outside 1..128"));
}

TEST_CASE("dcl_indexrange in hull and domain shaders: checked against the phase's registers, relative indices clamped",
          "[dxbc][tessellation][indexrange]") {
  auto replaced = [](std::string t, const std::string& from, const std::string& to) {
    t.replace(t.find(from), from.size(), to);
    return t;
  };
  // The fork phase's o[vForkInstanceID] over the three edge factors (the listings' fxc form):
  // the patch-constant index is clamped to the four patch constants.
  CHECK(has(kHsTri, "dcl_indexrange o0.x, 3\n"));
  CHECK(has(validText(kHsTri), " UMin "));
  CHECK_THAT(translateError(replaced(kHsTri, "dcl_indexrange o0.x, 3", "dcl_indexrange o0.x, 5")),
             Catch::Contains("dcl_indexrange o0, 5 exceeds the declared registers"));
  CHECK(translateError(replaced(kHsTri, "dcl_indexrange o0.x, 3", "dcl_indexrange o1.x, 3")).empty());
  // The control-point phase: inputs v[cp][r + n] over the two input registers, outputs o# over its own.
  const std::string cp = replaced(kHsTri, "dcl_temps 1\nmov r0.x, vOutputControlPointID",
                                  "dcl_temps 1\ndcl_indexrange v[3][0].xyzw, 2\nmov r0.x, vOutputControlPointID");
  CHECK(translateError(cp).empty());
  CHECK_THAT(translateError(replaced(cp, "dcl_indexrange v[3][0].xyzw, 2", "dcl_indexrange v[3][1].xyzw, 2")),
             Catch::Contains("dcl_indexrange v1, 2 exceeds the declared registers"));
  CHECK_THAT(translateError(replaced(cp, "dcl_indexrange v[3][0].xyzw, 2", "dcl_indexrange o0.xyzw, 5")),
             Catch::Contains("dcl_indexrange o0, 5 exceeds the declared registers"));
  // A domain shader reading vicp[0][r + 0] over both control-point registers.
  const std::string ds = replaced(replaced(kDsTri, "dcl_temps 1\n", "dcl_temps 1\ndcl_indexrange vicp[3][0].xyzw, 2\n"),
                                  "mov o1.w, vicp[0][1].w", "mov r0.x, l(1)\nmov o1.w, vicp[0][r0.x + 0].w");
  CHECK(has(validText(ds), " UMin "));
  CHECK_THAT(translateError(replaced(ds, "dcl_indexrange vicp[3][0].xyzw, 2", "dcl_indexrange vicp[3][0].xyzw, 3")),
             Catch::Contains("dcl_indexrange vicp0, 3 exceeds the declared registers"));
}

#ifdef D3DVK_SHADER_TOOL
TEST_CASE("d3dvk-shader spirv translates hull and domain shaders (validated, and the domain shader's --xfb)",
          "[dxbc][tessellation][cli]") {
  const std::string dir = D3DVK_DXBC_TEST_BINARY_DIR;
  auto run = [](const std::string& args) {
    const std::string cmd = std::string(D3DVK_SHADER_TOOL) + " " + args + " 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    REQUIRE(p);
    std::string out;
    char buf[512];
    while (size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
    const int st = pclose(p);
    return std::pair{WIFEXITED(st) ? WEXITSTATUS(st) : -1, out};
  };
  for (auto [name, text] : {std::pair{"hs_tri", kHsTri}, {"ds_tri", kDsTri}, {"hs_quad", kHsQuad}, {"ds_quad", kDsQuad}}) {
    const std::string base = dir + "/cli_" + name;
    {
      std::ofstream f(base + ".asm");
      f << text;
    }
    INFO(name);
    CHECK(run("assemble " + base + ".asm -o " + base + ".dxbc").first == 0);
    const auto [status, out] = run("spirv " + base + ".dxbc -o " + base + ".spv --validate");
    INFO(out);
    CHECK(status == 0);
    const auto info = run("info " + base + ".dxbc");
    CHECK(info.second.find(name[0] == 'h' ? "hull" : "domain") != std::string::npos);
  }
  CHECK(run("spirv " + dir + "/cli_ds_tri.dxbc -o " + dir + "/cli_ds_tri_xfb.spv --xfb --validate").first == 0);
}
#endif
