//
// Tiled-resource forms, gather4_po(_c), oDepthGE and oStencilRef: a seed of the
// DXBC fuzzer (scripts/fuzz-dxbc.sh) and of the corruption sweep in test_listing.cpp.
//
ps_5_0
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
dcl_output oDepthGE
dcl_output oStencilRef
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
mov oDepthGE, r0.x
mov oStencilRef, r2.x
ret
