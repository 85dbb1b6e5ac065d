// tests/support/gs_point_to_triangle.h — a geometry shader written as an fxc
// listing (our own) for the pipeline-statistics tests of both APIs
// (tests/draw, tests/d3d12): it takes SV_Position in v[][0] and COLOR in
// v[][1] (kVsColor's and kVsCapture's outputs) and amplifies each point.
#pragma once

#include <string>

namespace d3dvk::test {

// GS: `dcl_gsinstances 2` instances per point (kGsInstanceCountLine;
// gsPointToTriangle gives other counts); each emits one triangle (a strip of
// 3 vertices) near the point, shifted by the instance id.
inline const char kGsPointToTriangle[] = R"(//
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
//
gs_5_0
dcl_input_siv v[1][0].xyzw, position
dcl_input v[1][1].xyzw
dcl_temps 1
dcl_inputprimitive point
dcl_stream m0
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_maxout 3
dcl_gsinstances 2
dcl_input vGSInstanceID
utof r0.x, vGSInstanceID
mul r0.x, r0.x, l(0.050000)
add r0.xyzw, v[0][0].xyzw, r0.xxxx
mov r0.zw, v[0][0].zzzw
mov o0.xyzw, r0.xyzw
mov o1.xyzw, v[0][1].xyzw
emit_stream m0
add o0.x, r0.x, l(0.100000)
mov o0.yzw, r0.yyzw
mov o1.xyzw, v[0][1].xyzw
emit_stream m0
add o0.y, r0.y, l(0.100000)
mov o0.xzw, r0.xxzw
mov o1.xyzw, v[0][1].xyzw
emit_stream m0
cut_stream m0
ret
)";

inline constexpr char kGsInstanceCountLine[] = "dcl_gsinstances 2";

// kGsPointToTriangle's listing with `instances` instances.
inline std::string gsPointToTriangle(unsigned instances) {
  std::string listing = kGsPointToTriangle;
  listing.replace(listing.find(kGsInstanceCountLine), sizeof kGsInstanceCountLine - 1,
                  "dcl_gsinstances " + std::to_string(instances));
  return listing;
}

}  // namespace d3dvk::test
