// tests/dxbc/test_translate_geometry.cpp — geometry shaders: fxc listings
// assemble, disassemble round trip (v[vertex][register] operands), and
// translate to valid SPIR-V with the input primitive, output topology, maximum
// vertex count and instance count as execution modes, inputs arrayed per vertex
// (SV_Position from gl_in), emit/cut as EmitVertex/EndPrimitive after the output
// stores, SV_RenderTargetArrayIndex / SV_ViewportArrayIndex / SV_PrimitiveID as
// built-ins (and readable in the pixel shader), and the transform-feedback
// variant capturing every output register into buffer 0; stream output (an
// application's declaration entries: their own XFB variables, several streams
// with the rasterized one as Vulkan's stream 0); errors name the reason.
#include "dxbc/listing.h"
#include "dxbc/spirv_tools.h"
#include "dxbc/translator.h"
#include "spirv_text.h"

#include <catch2/catch.hpp>

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

// Each triangle twice, into the array slice given by its instance (layered rendering).
const char kGsLayered[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
// SV_RenderTargetArrayIndex     0   x           2  RTINDEX    uint   x
//
gs_5_0
dcl_globalFlags refactoringAllowed
dcl_input_siv v[3][0].xyzw, position
dcl_input v[3][1].xyzw
dcl_temps 1
dcl_inputprimitive triangle
dcl_stream m0
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output_siv o2.x, rendertarget_array_index
dcl_maxout 3
dcl_gsinstances 2
dcl_input vGSInstanceID
mov r0.x, l(0)
loop
  uge r0.y, r0.x, l(3)
  breakc_nz r0.y
  mov o0.xyzw, v[r0.x + 0][0].xyzw
  mov o1.xyzw, v[r0.x + 0][1].xyzw
  mov o2.x, vGSInstanceID
  emit_stream m0
  iadd r0.x, r0.x, l(1)
endloop
cut_stream m0
ret
)";

// A point expanded to a quad (triangle strip) in the viewport its primitive ID picks.
const char kGsPointSprite[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xy
// SIZE                     0   x           1     NONE   float   x
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// SV_ViewportArrayIndex    0   x           1  VPINDEX    uint   x
// SV_PrimitiveID           0    y          1   PRIMID    uint    y
//
gs_4_0
dcl_input_siv v[1][0].xy, position
dcl_input v[1][1].x
dcl_input vPrim
dcl_temps 2
dcl_inputprimitive point
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output_siv o1.x, viewport_array_index
dcl_output_sgv o1.y, primitive_id
dcl_maxout 4
mov r0.x, l(0)
loop
  uge r0.y, r0.x, l(4)
  breakc_nz r0.y
  and r1.xy, r0.xxxx, l(1, 2, 0, 0)
  utof r1.xy, r1.xyxx
  mad r1.xy, r1.xyxx, v[0][1].xxxx, v[0][0].xyxx
  mov o0.xy, r1.xyxx
  mov o0.zw, l(0, 0, 0, 1.0)
  and o1.x, vPrim, l(1)
  mov o1.y, vPrim
  emit
  iadd r0.x, r0.x, l(1)
endloop
cut
ret
)";

std::string gsHeader(const char* primitive, uint32_t vertices) {
  return std::string("gs_5_0\ndcl_input v[") + std::to_string(vertices) + "][0].xyzw\ndcl_temps 1\ndcl_inputprimitive " +
         primitive + "\ndcl_outputtopology pointlist\ndcl_output o0.xyzw\ndcl_maxout 1\n";
}

}  // namespace

TEST_CASE("geometry shader: layered triangles with instancing translate to valid SPIR-V", "[dxbc][translate][geometry]") {
  const std::string dis = validText(kGsLayered);
  CHECK(has(dis, "OpEntryPoint Geometry %main"));
  CHECK(has(dis, "OpExecutionMode %main Triangles"));
  CHECK(has(dis, "OpExecutionMode %main Invocations 2"));
  CHECK(has(dis, "OpExecutionMode %main OutputTriangleStrip"));
  CHECK(has(dis, "OpExecutionMode %main OutputVertices 3"));
  // Inputs arrayed over the triangle's 3 vertices; SV_Position from gl_in[].Position.
  CHECK(has(dis, "OpMemberDecorate %gl_PerVertex 0 BuiltIn Position"));
  CHECK(has(dis, "%gl_in = OpVariable %_ptr_Input__arr_gl_PerVertex_uint_3 Input"));
  CHECK(has(dis, "%in_v1 = OpVariable %_ptr_Input__arr_v4float_uint_3 Input"));
  CHECK(has(dis, "OpDecorate %in_v1 Location 1"));
  // Outputs: Position, the varying and Layer (from vGSInstanceID = InvocationId), stored before each EmitVertex.
  CHECK(has(dis, "OpDecorate %gl_Layer BuiltIn Layer"));
  CHECK(has(dis, "OpDecorate %gl_InvocationID BuiltIn InvocationId"));
  CHECK(occurrences(dis, "OpEmitVertex") == 1);
  CHECK(occurrences(dis, "OpEndPrimitive") == 1);
  CHECK(occurrences(dis, "OpFunctionCall %void %store_outputs") == 1);
  // No PointSize: a geometry shader may not write it without shaderTessellationAndGeometryPointSize.
  CHECK(!has(dis, "PointSize"));

  // The listing round trips, v[3][0] included.
  const std::string listing = disassemble(parseShader(assemble(kGsLayered).container));
  CHECK(has(listing, "dcl_input_siv v[3][0].xyzw, position"));
  CHECK(has(listing, "dcl_input v[3][1].xyzw"));
  CHECK(has(listing, "mov o1.xyzw, v[r0.x + 0][1].xyzw"));
  CHECK(has(listing, "dcl_gsinstances 2"));
  CHECK(assemble(listing).container == assemble(kGsLayered).container);
}

TEST_CASE("geometry shader: point sprites with emit/cut, vPrim, viewport index and primitive ID outputs",
          "[dxbc][translate][geometry]") {
  const std::string dis = validText(kGsPointSprite);
  CHECK(has(dis, "OpExecutionMode %main InputPoints"));
  CHECK(has(dis, "OpExecutionMode %main Invocations 1"));
  CHECK(has(dis, "OpExecutionMode %main OutputVertices 4"));
  CHECK(has(dis, "OpCapability MultiViewport"));
  CHECK(has(dis, "OpDecorate %gl_ViewportIndex BuiltIn ViewportIndex"));
  CHECK(occurrences(dis, "BuiltIn PrimitiveId") == 2);  // vPrim in, SV_PrimitiveID out
  CHECK(has(dis, "%gl_in = OpVariable %_ptr_Input__arr_gl_PerVertex_uint_1 Input"));
  CHECK(has(dis, "%in_v1 = OpVariable %_ptr_Input__arr_float_uint_1 Input"));
}

TEST_CASE("geometry shader: every input primitive sizes the input arrays", "[dxbc][translate][geometry]") {
  const struct {
    const char* primitive;
    uint32_t vertices;
    const char* mode;
  } cases[] = {{"point", 1, "InputPoints"},
               {"line", 2, "InputLines"},
               {"triangle", 3, "Triangles"},
               {"lineadj", 4, "InputLinesAdjacency"},
               {"triangleadj", 6, "InputTrianglesAdjacency"}};
  for (const auto& c : cases) {
    INFO(c.primitive);
    const std::string last = std::to_string(c.vertices - 1);
    const std::string dis = validText(gsHeader(c.primitive, c.vertices) + "mov o0.xyzw, v[" + last +
                                      "][0].xyzw\nemit\nret\n");
    CHECK(has(dis, std::string("OpExecutionMode %main ") + c.mode + "\n"));
    CHECK(has(dis, "OpExecutionMode %main OutputPoints"));
    CHECK(has(dis, "_arr_v4float_uint_" + std::to_string(c.vertices)));
  }
  // Line strips too.
  const std::string strip =
      validText("gs_4_0\ndcl_input v[2][0].xyzw\ndcl_inputprimitive line\ndcl_outputtopology linestrip\n"
                "dcl_output o0.xyzw\ndcl_maxout 2\nmov o0.xyzw, v[0][0].xyzw\nemit\nmov o0.xyzw, v[1][0].xyzw\n"
                "emitThenCut\nret\n");
  CHECK(has(strip, "OpExecutionMode %main OutputLineStrip"));
  CHECK(occurrences(strip, "OpEmitVertex") == 2);
  CHECK(occurrences(strip, "OpEndPrimitive") == 1);
}

TEST_CASE("geometry shader transform-feedback variant: every output register into buffer 0, 16 bytes each",
          "[dxbc][translate][geometry][xfb]") {
  TranslateOptions xfb;
  xfb.transformFeedback = true;
  const std::string dis = validText(kGsLayered, xfb);
  CHECK(has(dis, "OpCapability TransformFeedback"));
  CHECK(has(dis, "OpExecutionMode %main Xfb"));
  CHECK(has(dis, "OpDecorate %gl_Position XfbBuffer 0"));
  CHECK(has(dis, "OpDecorate %gl_Position Offset 0"));
  CHECK(has(dis, "OpDecorate %out_o1 Offset 16"));
  CHECK(has(dis, "OpDecorate %gl_Layer Offset 32"));
  CHECK(occurrences(dis, "XfbStride 48") == 3);
  // The native variant has none of it.
  CHECK(!has(validText(kGsLayered), "Xfb"));
}

TEST_CASE("pixel shader reads SV_RenderTargetArrayIndex and SV_ViewportArrayIndex as flat built-ins",
          "[dxbc][translate][geometry]") {
  const std::string dis = validText(R"(ps_5_0
dcl_input_ps_sgv constant v0.x, rendertarget_array_index
dcl_input_ps_sgv constant v0.y, viewport_array_index
dcl_output o0.xyzw
utof o0.xy, v0.xyxx
mov o0.zw, l(0,0,0,0)
ret
)");
  CHECK(has(dis, "OpDecorate %gl_Layer BuiltIn Layer"));
  CHECK(has(dis, "OpDecorate %gl_Layer Flat"));
  CHECK(has(dis, "OpDecorate %gl_ViewportIndex BuiltIn ViewportIndex"));
  CHECK(has(dis, "OpCapability MultiViewport"));
}

TEST_CASE("geometry shader translation errors name the reason", "[dxbc][translate][geometry][robustness]") {
  auto error = [](const std::string& text) -> std::string {
    try {
      translateToSpirv(parseShader(assemble(text).container));
    } catch (const Error& e) {
      return e.what();
    }
    return "";
  };
  CHECK(has(error("gs_5_0\ndcl_input v[3][0].xyzw\ndcl_inputprimitive triangle\ndcl_outputtopology pointlist\n"
                  "dcl_output o0.xyzw\nemit\nret\n"),
            "needs dcl_inputprimitive, dcl_outputtopology and dcl_maxout"));
  CHECK(has(error(gsHeader("point", 1) + "emit_stream m4\nret\n"), "beyond m3"));
  CHECK(has(error(gsHeader("point", 1) + "dcl_stream m5\nret\n"), "beyond m3"));
  CHECK(has(error("gs_5_0\ndcl_inputprimitive point\ndcl_outputtopology pointlist\ndcl_output o0.xyzw\ndcl_maxout 2000\n"
                  "emit\nret\n"),
            "dcl_maxout must be 1..1024"));
  CHECK(has(error(gsHeader("point", 1) + "dcl_input_siv v[1][1].x, clip_distance\nret\n"),
            "is not supported in a geometry shader"));
  CHECK(has(error("vs_5_0\ndcl_output o0.xyzw\nemit\nret\n"), "emit/cut outside a geometry shader"));
  // A vertex shader's SV_RenderTargetArrayIndex needs the device's VK_EXT_shader_viewport_index_layer.
  CHECK(has(error("vs_5_0\ndcl_output_siv o0.x, rendertarget_array_index\nret\n"),
            "SV_RenderTargetArrayIndex written by a vertex or domain shader needs VK_EXT_shader_viewport_index_layer"));
  CHECK(has(error("vs_5_0\ndcl_output_siv o0.x, primitive_id\nret\n"), "unsupported system value output"));
}

namespace {

// Two streams: m0 (position, colour) and m1 (o0 as a point's data).
const char kGsTwoStreams[] = R"(gs_5_0
dcl_input v[1][0].xyzw
dcl_input v[1][1].xyzw
dcl_inputprimitive point
dcl_stream m0
dcl_outputtopology pointlist
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_stream m1
dcl_outputtopology pointlist
dcl_output o0.xy
dcl_maxout 2
mov o0.xyzw, v[0][0].xyzw
mov o1.xyzw, v[0][1].xyzw
emit_stream m0
mov o0.xy, l(3.0, 4.0, 0, 0)
emit_stream m1
ret
)";

}  // namespace

TEST_CASE("stream output: a vertex shader's entries become XFB variables at free locations",
          "[dxbc][translate][stream-output]") {
  TranslateOptions o;
  // o1.yz into buffer 0 at 4 (after a 4-byte gap), o0 whole into buffer 1.
  o.streamOutput = {{0, 0, 4, 1, 1, 2}, {0, 1, 0, 0, 0, 4}};
  o.streamOutputStrides[0] = 12;
  const std::string dis = validText("vs_5_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output_siv o0.xyzw, position\n"
                                    "dcl_output o1.xyzw\nmov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\nret\n",
                                    o);
  CHECK(has(dis, "OpCapability TransformFeedback"));
  CHECK(has(dis, "OpExecutionMode %main Xfb"));
  // Locations 0 and 1 are the shader's own: the first entry packs at location 2, the second after it.
  CHECK(has(dis, "OpDecorate %so_m0_o1_1_2 Location 2"));
  CHECK(has(dis, "OpDecorate %so_m0_o1_1_2 XfbBuffer 0"));
  CHECK(has(dis, "OpDecorate %so_m0_o1_1_2 XfbStride 12"));
  CHECK(has(dis, "OpDecorate %so_m0_o1_1_2 Offset 4"));
  CHECK(has(dis, "OpDecorate %so_m0_o0_0_4 Location 3"));
  CHECK(has(dis, "OpDecorate %so_m0_o0_0_4 XfbBuffer 1"));
  CHECK(has(dis, "OpDecorate %so_m0_o0_0_4 XfbStride 16"));  // packed: no stride given
  CHECK(!has(dis, "GeometryStreams"));
}

TEST_CASE("stream output: a geometry shader's two streams with either one rasterized", "[dxbc][translate][stream-output]") {
  for (uint32_t rasterized : {0u, 1u, kNoRasterizedStream}) {
    CAPTURE(rasterized);
    TranslateOptions o;
    o.streamOutput = {{1, 0, 0, 0, 0, 2}, {0, 1, 0, 1, 0, 4}};
    o.rasterizedStream = rasterized;
    const std::string dis = validText(kGsTwoStreams, o);
    CHECK(has(dis, "OpCapability GeometryStreams"));
    // Stream 1 is Vulkan's stream 0 when it is rasterized (and D3D stream 0 Vulkan's 1).
    const uint32_t vk1 = vulkanStream(1, rasterized), vk0 = vulkanStream(0, rasterized);
    CHECK(vk1 == (rasterized == 1 ? 0u : 1u));
    CHECK(vk0 == (rasterized == 1 ? 1u : 0u));
    CHECK(has(dis, "OpDecorate %so_m1_o0_0_2 Stream " + std::to_string(vk1)));
    CHECK(has(dis, "OpDecorate %so_m0_o1_0_4 Stream " + std::to_string(vk0)));
    CHECK(occurrences(dis, "OpEmitStreamVertex") == 2);
    // The rasterized stream's outputs are the varyings: m1's o0.xy has no Position built-in of its own.
    CHECK(has(dis, "BuiltIn Position") == (rasterized != 1));
  }
  // Without stream output the geometry shader rasterizes stream 0 and drops m1's emits.
  const std::string plain = validText(kGsTwoStreams);
  CHECK(occurrences(plain, "OpEmitVertex") == 1);
  CHECK(!has(plain, "OpEmitStreamVertex"));
  CHECK(!has(plain, "GeometryStreams"));
}

TEST_CASE("stream output translation errors name the reason", "[dxbc][translate][stream-output][robustness]") {
  auto error = [](const std::string& text, const TranslateOptions& o) -> std::string {
    try {
      translateToSpirv(parseShader(assemble(text).container), o);
    } catch (const Error& e) {
      return e.what();
    }
    return "";
  };
  const std::string vs = "vs_5_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\nmov o0.xyzw, v0.xyzw\nret\n";
  TranslateOptions o;
  o.streamOutput = {{1, 0, 0, 0, 0, 4}};
  CHECK(has(error(vs, o), "output is stream 0"));
  o.streamOutput = {{0, 0, 0, 5, 0, 4}};
  CHECK(has(error(vs, o), "does not write"));
  o.streamOutput = {{0, 0, 0, 0, 2, 3}};
  CHECK(has(error(vs, o), "malformed"));
  o.streamOutput = {{0, 0, 0, 0, 0, 4}};
  o.rasterizedStream = 2;
  CHECK(has(error(vs, o), "cannot rasterize stream 2"));
  // Every location taken: nothing left for the captured copy.
  std::string full = "vs_5_0\n";
  for (int r = 0; r < 32; ++r) full += "dcl_output o" + std::to_string(r) + ".xyzw\n";
  full += "ret\n";
  o.rasterizedStream = 0;
  CHECK(has(error(full, o), "more output locations"));
}
