//
// Hand-written test listing in the fxc /Fc format, in the shape fxc gives class
// code (D3D11.3 functional spec, 7.19.7): this[] data moved into temps, then the
// constant-buffer, texture and sampler slots indexed by those registers; an
// array of interfaces (fp1, three lights, slots 1..3) called with a register
// index, its bodies reading this[r1.w + 1] through the register the caller
// indexed the array with. Lights: Const (ft0) returns cb[data].x, Twice (ft1)
// 2 * cb[data].x + cb[data + 1].x. The main loop adds the lights cb0[1..3].x
// name; the material (fp0) multiplies the sum: Flat (ft3) by cb[data].x,
// Textured (ft2) by a sample of its texture with its sampler at u = -0.75 and
// by cb[data].x. tests/compute/test_class_linkage.cpp runs it; tests/dxbc/
// test_interfaces.cpp round-trips and binds it; a fuzz seed.
//
cs_5_0
dcl_globalFlags refactoringAllowed
dcl_function_body fb0
dcl_function_body fb1
dcl_function_body fb2
dcl_function_body fb3
dcl_function_table ft0 = {fb0}
dcl_function_table ft1 = {fb1}
dcl_function_table ft2 = {fb2}
dcl_function_table ft3 = {fb3}
dcl_interface fp0[1][1] = {ft2, ft3}
dcl_interface_dynamicindexed fp1[3][1] = {ft0, ft1}
dcl_constantbuffer CB0[4], dynamicIndexed
dcl_sampler s0, mode_default
dcl_sampler s1, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_resource_texture2d (float,float,float,float) t1
dcl_uav_raw u0
dcl_temps 6
dcl_thread_group 1, 1, 1
mov r3.x, l(0)
mov r0.w, l(0)
loop
  uge r1.w, r0.w, l(3)
  breakc_nz r1.w
  mov r1.w, cb0[r0.w + 1].x
  fcall fp1[r1.w + 0][0]
  add r3.x, r3.x, r4.x
  iadd r0.w, r0.w, l(1)
endloop
fcall fp0[0][0]
store_raw u0.x, l(0), r3.x
ret
label fb0
mov r2.w, this[r1.w + 1].y
mov r1.w, this[r1.w + 1].x
mov r4.x, cb[r1.w + 0][r2.w + 0].x
ret
label fb1
mov r2.w, this[r1.w + 1].y
mov r3.w, this[r1.w + 1].x
mov r4.w, this[r1.w + 1].y
mov r5.x, this[r1.w + 1].x
mul r4.x, cb[r5.x + 0][r4.w + 0].x, l(2.000000)
add r4.x, r4.x, cb[r3.w + 0][r2.w + 1].x
ret
label fb2
mov r4.xy, this[0].zwzz
sample_l_indexable(texture2d)(float,float,float,float) r5.x, l(-0.750000, 0.250000, 0.000000, 0.000000), t[r4.x + 0].xyzw, s[r4.y + 0], l(0.000000)
mov r0.w, this[0].y
mov r1.w, this[0].x
mul r5.x, r5.x, cb[r1.w + 0][r0.w + 0].x
mul r3.x, r3.x, r5.x
ret
label fb3
mov r0.xy, this[0].yxyy
mul r3.x, r3.x, cb[r0.y + 0][r0.x + 0].x
ret
// Approximately 40 instruction slots used
