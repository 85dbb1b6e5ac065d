// tests/support/tessellation_listings.h — hull and domain shaders written as fxc
// listings (our own), shared by the translator tests (tests/dxbc) and the
// tessellated draws (tests/draw). They take kVsColor's outputs (SV_Position in
// o0, COLOR in o1) and hand kPsColor its inputs.
#pragma once

namespace d3dvk::test {

// Triangle domain, integer partitioning, clockwise triangles: a control-point
// phase copies each control point; a fork phase with 3 instances writes the
// three edge factors through o[vForkInstanceID] (dcl_indexrange o0.x, 3) from cb0[0].x, a second fork
// phase the inside factor from cb0[0].y. Its patch-constant signature (PCSG) has
// the four factors, which kDsTri declares too (and does not read).
inline const char kHsTri[] = R"(//
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
// POSITION                 0   xyzw        0     NONE   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Patch Constant signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_TessFactor            0   x           0  TRIEDGE   float   x
// SV_TessFactor            1   x           1  TRIEDGE   float   x
// SV_TessFactor            2   x           2  TRIEDGE   float   x
// SV_InsideTessFactor      0   x           3   TRIINT   float   x
//
hs_5_0
hs_decls
dcl_input_control_point_count 3
dcl_output_control_point_count 3
dcl_tessellator_domain domain_tri
dcl_tessellator_partitioning partitioning_integer
dcl_tessellator_output_primitive output_triangle_cw
dcl_hs_max_tessfactor l(64.000000)
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[1], immediateIndexed
hs_control_point_phase
dcl_input vOutputControlPointID
dcl_input v[3][0].xyzw
dcl_input v[3][1].xyzw
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_temps 1
mov r0.x, vOutputControlPointID
mov o0.xyzw, v[r0.x + 0][0].xyzw
mov o1.xyzw, v[r0.x + 0][1].xyzw
ret
hs_fork_phase
dcl_hs_fork_phase_instance_count 3
dcl_input vForkInstanceID
dcl_output_siv o0.x, finalTriUeq0EdgeTessFactor
dcl_output_siv o1.x, finalTriVeq0EdgeTessFactor
dcl_output_siv o2.x, finalTriWeq0EdgeTessFactor
dcl_temps 1
dcl_indexrange o0.x, 3
mov r0.x, vForkInstanceID.x
mov o[r0.x + 0].x, cb0[0].x
ret
hs_fork_phase
dcl_output_siv o3.x, finalTriInsideTessFactor
mov o3.x, cb0[0].y
ret
)";

// Triangle domain: SV_Position = u·p0 + v·p1 + w·p2, COLOR = (u, v, w, alpha of control point 0).
inline const char kDsTri[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xyzw        0     NONE   float   xyzw
// COLOR                    0   xyzw        1     NONE   float      w
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Patch Constant signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_TessFactor            0   x           0  TRIEDGE   float
// SV_TessFactor            1   x           1  TRIEDGE   float
// SV_TessFactor            2   x           2  TRIEDGE   float
// SV_InsideTessFactor      0   x           3   TRIINT   float
//
ds_5_0
dcl_input_control_point_count 3
dcl_tessellator_domain domain_tri
dcl_globalFlags refactoringAllowed
dcl_input vDomain.xyz
dcl_input vicp[3][0].xyzw
dcl_input vicp[3][1].w
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_temps 1
mul r0.xyzw, vDomain.yyyy, vicp[1][0].xyzw
mad r0.xyzw, vDomain.xxxx, vicp[0][0].xyzw, r0.xyzw
mad o0.xyzw, vDomain.zzzz, vicp[2][0].xyzw, r0.xyzw
mov o1.xyz, vDomain.xyzx
mov o1.w, vicp[0][1].w
ret
)";

// Quad domain, integer partitioning, clockwise triangles, no control-point
// phase (the 4 input control points pass through): a fork phase with 4
// instances writes the edge factors through o[vForkInstanceID] (dcl_indexrange) from cb0[0].x; a join phase writes the
// inside U factor from cb0[0].y and the inside V factor from vpc1.x (the V==0
// edge's factor, a patch constant of the fork phase).
inline const char kHsQuad[] = R"(//
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
hs_5_0
hs_decls
dcl_input_control_point_count 4
dcl_output_control_point_count 4
dcl_tessellator_domain domain_quad
dcl_tessellator_partitioning partitioning_integer
dcl_tessellator_output_primitive output_triangle_cw
dcl_hs_max_tessfactor l(64.000000)
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[1], immediateIndexed
hs_fork_phase
dcl_hs_fork_phase_instance_count 4
dcl_input vForkInstanceID
dcl_output_siv o0.x, finalQuadUeq0EdgeTessFactor
dcl_output_siv o1.x, finalQuadVeq0EdgeTessFactor
dcl_output_siv o2.x, finalQuadUeq1EdgeTessFactor
dcl_output_siv o3.x, finalQuadVeq1EdgeTessFactor
dcl_temps 1
dcl_indexrange o0.x, 4
mov r0.x, vForkInstanceID.x
mov o[r0.x + 0].x, cb0[0].x
ret
hs_join_phase
dcl_input vpc1.x
dcl_output_siv o4.x, finalQuadUInsideTessFactor
dcl_output_siv o5.x, finalQuadVInsideTessFactor
mov o4.x, cb0[0].y
mov o5.x, vpc1.x
ret
)";

// Quad domain over control points top-left, top-right, bottom-right,
// bottom-left: SV_Position bilinear in (u, v); COLOR = (u², v², 0, 1).
inline const char kDsQuad[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
ds_5_0
dcl_input_control_point_count 4
dcl_tessellator_domain domain_quad
dcl_globalFlags refactoringAllowed
dcl_input vDomain.xy
dcl_input vicp[4][0].xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_temps 2
add r0.xyzw, -vicp[0][0].xyzw, vicp[1][0].xyzw
mad r0.xyzw, vDomain.xxxx, r0.xyzw, vicp[0][0].xyzw
add r1.xyzw, -vicp[3][0].xyzw, vicp[2][0].xyzw
mad r1.xyzw, vDomain.xxxx, r1.xyzw, vicp[3][0].xyzw
add r1.xyzw, -r0.xyzw, r1.xyzw
mad o0.xyzw, vDomain.yyyy, r1.xyzw, r0.xyzw
mul o1.xy, vDomain.xyxx, vDomain.xyxx
mov o1.zw, l(0,0,0,1.000000)
ret
)";

// The patch-constant layout fxc gives PN-triangle shaders (the DirectX SDK's
// PNTriangles11): other patch constants packed into the y, z and w of the four
// registers whose x holds a tessellation factor, more in registers 4..6, so
// patch-constant registers 0..2 share their numbers with the control points'.
// Triangle domain, factors from cb0[0].x (edges) and cb0[0].y (inside); a
// control-point phase copies SV_Position and COLOR; fork phases write
// o[i].yzw = ((i + 1) / 8, 1/2, i / 4) for i = 0..3 and o[4 + i].xyz =
// (3/4, i / 8, 1) for i = 0, 1; a join phase o6.x = vpc0.y + vpc3.y (5/8) and
// o6.y = vpc4.x − vpc5.y (5/8).
inline const char kHsTriPacked[] = R"(//
// Patch Constant signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_TessFactor            0   x           0  TRIEDGE   float   x
// POSITION                 3    yzw        0     NONE   float    yzw
// SV_TessFactor            1   x           1  TRIEDGE   float   x
// POSITION                 4    yzw        1     NONE   float    yzw
// SV_TessFactor            2   x           2  TRIEDGE   float   x
// POSITION                 5    yzw        2     NONE   float    yzw
// SV_InsideTessFactor      0   x           3   TRIINT   float   x
// POSITION                 6    yzw        3     NONE   float    yzw
// POSITION                 7   xyz         4     NONE   float   xyz
// POSITION                 8   xyz         5     NONE   float   xyz
// CENTER                   0   xy          6     NONE   float   xy
//
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
// POSITION                 0   xyzw        0     NONE   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
hs_5_0
hs_decls
dcl_input_control_point_count 3
dcl_output_control_point_count 3
dcl_tessellator_domain domain_tri
dcl_tessellator_partitioning partitioning_integer
dcl_tessellator_output_primitive output_triangle_cw
dcl_hs_max_tessfactor l(64.000000)
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[1], immediateIndexed
hs_control_point_phase
dcl_input vOutputControlPointID
dcl_input v[3][0].xyzw
dcl_input v[3][1].xyzw
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_temps 1
mov r0.x, vOutputControlPointID
mov o0.xyzw, v[r0.x + 0][0].xyzw
mov o1.xyzw, v[r0.x + 0][1].xyzw
ret
hs_fork_phase
dcl_hs_fork_phase_instance_count 3
dcl_input vForkInstanceID
dcl_output_siv o0.x, finalTriUeq0EdgeTessFactor
dcl_output_siv o1.x, finalTriVeq0EdgeTessFactor
dcl_output_siv o2.x, finalTriWeq0EdgeTessFactor
dcl_temps 1
dcl_indexrange o0.x, 3
mov r0.x, vForkInstanceID.x
mov o[r0.x + 0].x, cb0[0].x
ret
hs_fork_phase
dcl_output_siv o3.x, finalTriInsideTessFactor
mov o3.x, cb0[0].y
ret
hs_fork_phase
dcl_hs_fork_phase_instance_count 4
dcl_input vForkInstanceID
dcl_output o0.yzw
dcl_output o1.yzw
dcl_output o2.yzw
dcl_output o3.yzw
dcl_temps 1
dcl_indexrange o0.yzw, 4
utof r0.x, vForkInstanceID.x
add r0.y, r0.x, l(1.000000)
mul r0.y, r0.y, l(0.125000)
mul r0.w, r0.x, l(0.250000)
mov r0.z, l(0.500000)
mov r0.x, vForkInstanceID.x
mov o[r0.x + 0].yzw, r0.yyzw
ret
hs_fork_phase
dcl_hs_fork_phase_instance_count 2
dcl_input vForkInstanceID
dcl_output o4.xyz
dcl_output o5.xyz
dcl_temps 1
dcl_indexrange o4.xyz, 2
utof r0.y, vForkInstanceID.x
mul r0.y, r0.y, l(0.125000)
mov r0.xz, l(0.750000, 0, 1.000000, 0)
mov r0.w, vForkInstanceID.x
mov o[r0.w + 4].xyz, r0.xyzx
ret
hs_join_phase
dcl_input vpc0.y
dcl_input vpc3.y
dcl_input vpc4.x
dcl_input vpc5.y
dcl_output o6.xy
add o6.x, vpc0.y, vpc3.y
add o6.y, vpc4.x, -vpc5.y
ret
)";

// kHsTriPacked's domain shader: SV_Position = u·p0 + v·p1 + w·p2, COLOR =
// (vpc1.y, vpc3.w, vpc6.x, vpc5.y) = (1/4, 3/4, 5/8, 1/8) where every patch
// constant arrived, with vpc0.x (an edge factor) and vpc6.y (5/8) checked
// too: COLOR is (1, 0, 1, 1) when either is not what the hull shader wrote.
inline const char kDsTriPacked[] = R"(//
// Patch Constant signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_TessFactor            0   x           0  TRIEDGE   float   x
// POSITION                 3    yzw        0     NONE   float
// SV_TessFactor            1   x           1  TRIEDGE   float
// POSITION                 4    yzw        1     NONE   float    y
// SV_TessFactor            2   x           2  TRIEDGE   float
// POSITION                 5    yzw        2     NONE   float
// SV_InsideTessFactor      0   x           3   TRIINT   float
// POSITION                 6    yzw        3     NONE   float      w
// POSITION                 7   xyz         4     NONE   float
// POSITION                 8   xyz         5     NONE   float    y
// CENTER                   0   xy          6     NONE   float   xy
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xyzw        0     NONE   float   xyzw
// COLOR                    0   xyzw        1     NONE   float
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
ds_5_0
dcl_input_control_point_count 3
dcl_tessellator_domain domain_tri
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[1], immediateIndexed
dcl_input_siv vpc0.x, finalTriUeq0EdgeTessFactor
dcl_input vpc1.y
dcl_input vpc3.w
dcl_input vpc5.y
dcl_input vpc6.xy
dcl_input vDomain.xyz
dcl_input vicp[3][0].xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_temps 2
mul r0.xyzw, vDomain.yyyy, vicp[1][0].xyzw
mad r0.xyzw, vDomain.xxxx, vicp[0][0].xyzw, r0.xyzw
mad o0.xyzw, vDomain.zzzz, vicp[2][0].xyzw, r0.xyzw
eq r1.x, vpc0.x, cb0[0].x
eq r1.y, vpc6.y, l(0.625000)
and r1.x, r1.x, r1.y
mov r0.x, vpc1.y
mov r0.y, vpc3.w
mov r0.z, vpc6.x
mov r0.w, vpc5.y
movc o1.xyzw, r1.xxxx, r0.xyzw, l(1.000000, 0, 1.000000, 1.000000)
ret
)";

// Isoline domain, integer partitioning, line output: the line density (how
// many lines, along v: Vulkan's TessLevelOuter[0]) from cb0[0].x, the line
// detail (segments per line, along u) from cb0[0].y; the 2 control points pass through.
inline const char kHsIsolines[] = R"(//
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
hs_5_0
hs_decls
dcl_input_control_point_count 2
dcl_output_control_point_count 2
dcl_tessellator_domain domain_isoline
dcl_tessellator_partitioning partitioning_integer
dcl_tessellator_output_primitive output_line
dcl_hs_max_tessfactor l(64.000000)
dcl_constantbuffer CB0[1], immediateIndexed
hs_join_phase
dcl_output_siv o0.x, finalLineDensityTessFactor
dcl_output_siv o1.x, finalLineDetailTessFactor
mov o0.x, cb0[0].x
mov o1.x, cb0[0].y
ret
)";

// Isolines from control point 0 (u = 0) to 1 (u = 1) moved down by v times
// cb0[0].x in NDC; COLOR = (u, v, 0, 1).
inline const char kDsIsolines[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
ds_5_0
dcl_input_control_point_count 2
dcl_tessellator_domain domain_isoline
dcl_constantbuffer CB0[1], immediateIndexed
dcl_input vDomain.xy
dcl_input vicp[2][0].xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_temps 1
add r0.xyzw, -vicp[0][0].xyzw, vicp[1][0].xyzw
mad r0.xyzw, vDomain.xxxx, r0.xyzw, vicp[0][0].xyzw
mad o0.y, -vDomain.y, cb0[0].x, r0.y
mov o0.xzw, r0.xxzw
mov o1.xy, vDomain.xyxx
mov o1.zw, l(0,0,0,1.000000)
ret
)";

}  // namespace d3dvk::test
