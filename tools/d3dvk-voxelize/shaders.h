// tools/d3dvk-voxelize/shaders.h — the voxelizer's shaders as fxc listings
// (assembled at start with dxbc::assemble), each with the HLSL it is
// equivalent to. Constant buffer cb0[0] = (2/N, −2/N, 1/N, N).
#pragma once

namespace d3dvk::voxelize {

// float4 main(float3 p : POSITION) : SV_Position { return float4(p, 1); }
// (p in voxel units, [0, N]³)
inline const char kVertexShader[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xyz         0     NONE   float   xyz
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
//
vs_4_0
dcl_input v0.xyz
dcl_output_siv o0.xyzw, position
mov o0.xyz, v0.xyzx
mov o0.w, l(1.000000)
ret
)";

// struct GsOut { float4 pos : SV_Position; nointerpolation float4 origin : ORIGIN;
//                nointerpolation float4 plane : PLANE; nointerpolation uint axis : AXIS; };
// cbuffer Grid : register(b0) { float4 scale; };  // (2/N, -2/N, 1/N, N)
// float3 swizzle(float3 p, uint axis) {  // (x, y, z) -> (u, v, w)
//   return axis == 0 ? p.yzx : axis == 1 ? p.zxy : p.xyz; }
// [maxvertexcount(3)] void main(triangle float4 v[3] : SV_Position, inout TriangleStream<GsOut> s) {
//   float3 n = cross(v[1].xyz - v[0].xyz, v[2].xyz - v[0].xyz), a = abs(n);
//   uint axis = a.x >= a.y && a.x >= a.z ? 0 : a.y >= a.z ? 1 : 2;   // the dominant axis
//   float3 nuvw = swizzle(n, axis);
//   float3 lo = min(min(v[0].xyz, v[1].xyz), v[2].xyz), hi = max(max(v[0].xyz, v[1].xyz), v[2].xyz);
//   GsOut o;
//   o.origin = float4(swizzle(v[0].xyz, axis), 0);                   // a point of the plane
//   o.plane = float4(-nuvw.xy / nuvw.z,                               // dw/du, dw/dv
//                    swizzle(lo, axis).z, swizzle(hi, axis).z);       // the triangle's depth range
//   o.axis = axis;
//   for (int i = 0; i < 3; ++i) {                                      // (unrolled)
//     float3 q = swizzle(v[i].xyz, axis);
//     o.pos = float4(q.xy * scale.xy + float2(-1, 1), q.z * scale.z, 1);  // pixel (u, v), depth w / N
//     s.Append(o);
//   }
// }
#define D3DVK_VOXELIZE_GS_VERTEX(i)                           \
  "movc r1.xyz, r3.yyyy, v[" #i "][0].zxyz, v[" #i "][0].xyzx\n" \
  "movc r1.xyz, r3.xxxx, v[" #i "][0].yzxy, r1.xyzx\n"           \
  "mad o0.xy, r1.xyxx, cb0[0].xyxx, l(-1.000000, 1.000000, 0, 0)\n" \
  "mul o0.z, r1.z, cb0[0].z\n"                                 \
  "mov o0.w, l(1.000000)\n"                                    \
  "mov o1.xyzw, r0.xyzw\n"                                     \
  "mov o2.xyzw, r5.xyzw\n"                                     \
  "mov o3.x, r3.z\n"                                           \
  "emit\n"
inline const char kGeometryShader[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyz
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// ORIGIN                   0   xyzw        1     NONE   float   xyzw
// PLANE                    0   xyzw        2     NONE   float   xyzw
// AXIS                     0   x           3     NONE    uint   x
//
gs_4_0
dcl_constantbuffer cb0[1], immediateIndexed
dcl_input_siv v[3][0].xyzw, position
dcl_temps 8
dcl_inputprimitive triangle
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output o2.xyzw
dcl_output o3.x
dcl_maxout 3
add r0.xyz, v[1][0].xyzx, -v[0][0].xyzx
add r1.xyz, v[2][0].xyzx, -v[0][0].xyzx
mul r2.xyz, r0.yzxy, r1.zxyz
mad r2.xyz, -r0.zxyz, r1.yzxy, r2.xyzx
ge r3.x, |r2.x|, |r2.y|
ge r3.y, |r2.x|, |r2.z|
and r3.x, r3.x, r3.y
ge r3.y, |r2.y|, |r2.z|
movc r3.z, r3.y, l(1), l(2)
movc r3.z, r3.x, l(0), r3.z
ieq r3.xy, r3.zzzz, l(0, 1, 0, 0)
movc r4.xyz, r3.yyyy, r2.zxyz, r2.xyzx
movc r4.xyz, r3.xxxx, r2.yzxy, r4.xyzx
div r5.xy, -r4.xyxx, r4.zzzz
min r6.xyz, v[0][0].xyzx, v[1][0].xyzx
min r6.xyz, r6.xyzx, v[2][0].xyzx
max r7.xyz, v[0][0].xyzx, v[1][0].xyzx
max r7.xyz, r7.xyzx, v[2][0].xyzx
movc r5.z, r3.y, r6.y, r6.z
movc r5.z, r3.x, r6.x, r5.z
movc r5.w, r3.y, r7.y, r7.z
movc r5.w, r3.x, r7.x, r5.w
movc r0.xyz, r3.yyyy, v[0][0].zxyz, v[0][0].xyzx
movc r0.xyz, r3.xxxx, v[0][0].yzxy, r0.xyzx
mov r0.w, l(0)
)" D3DVK_VOXELIZE_GS_VERTEX(0) D3DVK_VOXELIZE_GS_VERTEX(1) D3DVK_VOXELIZE_GS_VERTEX(2) "ret\n";
#undef D3DVK_VOXELIZE_GS_VERTEX

// RWTexture3D<uint> occupancy : register(u0); RWTexture3D<uint> fragments : register(u1);
// void main(float4 pos : SV_Position, nointerpolation float4 origin : ORIGIN,
//           nointerpolation float4 plane : PLANE, nointerpolation uint axis : AXIS) {
//   // The triangle's plane over the whole pixel (centre ± half its change across
//   // it), clamped to the triangle's own depth range, widened by 1/256.
//   float wc = origin.z + plane.x * (pos.x - origin.x) + plane.y * (pos.y - origin.y);
//   float s = 0.5 * (abs(plane.x) + abs(plane.y));
//   float2 range = float2(max(wc - s, plane.z) - 1.0 / 256, min(wc + s, plane.w) + 1.0 / 256);
//   int2 k = int2(clamp(floor(range), 0, scale.w - 1));
//   int2 uv = int2(pos.xy);
//   for (int w = k.x; w <= k.y; ++w) {
//     int3 uvw = int3(uv, w);
//     int3 xyz = axis == 0 ? uvw.zxy : axis == 1 ? uvw.yzx : uvw;   // un-swizzle
//     InterlockedOr(occupancy[xyz], 1u << axis);
//     InterlockedAdd(fragments[xyz], 1);
//   }
// }
inline const char kPixelShader[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xy
// ORIGIN                   0   xyzw        1     NONE   float   xyz
// PLANE                    0   xyzw        2     NONE   float   xyzw
// AXIS                     0   x           3     NONE    uint   x
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// no Output
ps_5_0
dcl_globalFlags refactoringAllowed
dcl_constantbuffer cb0[1], immediateIndexed
dcl_uav_typed_texture3d (uint,uint,uint,uint) u0
dcl_uav_typed_texture3d (uint,uint,uint,uint) u1
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_input_ps constant v1.xyz
dcl_input_ps constant v2.xyzw
dcl_input_ps constant v3.x
dcl_temps 5
add r0.xy, v0.xyxx, -v1.xyxx
mad r0.z, v2.x, r0.x, v1.z
mad r0.z, v2.y, r0.y, r0.z
add r0.w, |v2.x|, |v2.y|
mul r0.w, r0.w, l(0.500000)
add r1.x, r0.z, -r0.w
add r1.y, r0.z, r0.w
max r1.x, r1.x, v2.z
min r1.y, r1.y, v2.w
add r1.xy, r1.xyxx, l(-0.00390625, 0.00390625, 0, 0)
round_ni r1.xy, r1.xyxx
add r1.z, cb0[0].w, l(-1.000000)
max r1.xy, r1.xyxx, l(0, 0, 0, 0)
min r1.xy, r1.xyxx, r1.zzzz
ftoi r1.xy, r1.xyxx
ftoi r2.xy, v0.xyxx
ieq r3.xy, v3.xxxx, l(0, 1, 0, 0)
ishl r3.z, l(1), v3.x
mov r2.z, r1.x
loop
  ilt r3.w, r1.y, r2.z
  breakc_nz r3.w
  movc r4.xyz, r3.yyyy, r2.yzxy, r2.xyzx
  movc r4.xyz, r3.xxxx, r2.zxyz, r4.xyzx
  atomic_or u0, r4.xyzx, r3.z
  atomic_iadd u1, r4.xyzx, l(1)
  iadd r2.z, r2.z, l(1)
endloop
ret
)";

// Texture3D<uint> occupancy : register(t0); AppendStructuredBuffer<uint> voxels : register(u0);
// [numthreads(4, 4, 4)] void main(uint3 id : SV_DispatchThreadID) {
//   if (occupancy.Load(int4(id, 0)) != 0) voxels.Append(id.x | id.y << 10 | id.z << 20);
// }
inline const char kCompactShader[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_resource_texture3d (uint,uint,uint,uint) t0
dcl_uav_structured u0, 4
dcl_input vThreadID.xyz
dcl_temps 2
dcl_thread_group 4, 4, 4
mov r0.xyz, vThreadID.xyzx
mov r0.w, l(0)
ld r1.x, r0.xyzw, t0.xyzw
if_nz r1.x
  ishl r1.yz, vThreadID.yyzy, l(0, 10, 20, 0)
  or r1.y, r1.y, r1.z
  or r1.y, r1.y, vThreadID.x
  imm_atomic_alloc r1.z, u0
  store_structured u0.x, r1.z, l(0), r1.y
endif
ret
)";

}  // namespace d3dvk::voxelize
