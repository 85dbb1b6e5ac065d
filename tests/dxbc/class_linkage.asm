//
// Hand-written test listing in the fxc /Fc format: SM5 interfaces (class linkage).
// Two interfaces: fp0, one object with two methods (call sites), and the array
// fp1[2], dynamically indexed, one method. Function bodies read the class data
// through this pointers. tests/dxbc/test_interfaces.cpp round-trips it; a fuzz seed.
//
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// COLOR                    0   xyzw        1     NONE   float   xyzw
// TEXCOORD                 0   x           2     NONE    uint   x
//
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_globalFlags refactoringAllowed
dcl_function_body fb0
dcl_function_body fb1
dcl_function_body fb2
dcl_function_body fb3
dcl_function_body fb4
dcl_function_body fb5
dcl_function_table ft0 = {fb0, fb2}
dcl_function_table ft1 = {fb1, fb3}
dcl_function_table ft2 = {fb4}
dcl_function_table ft3 = {fb5}
dcl_interface fp0[1][2] = {ft0, ft1}
dcl_interface_dynamicindexed fp1[2][1] = {ft2, ft3}
dcl_constantbuffer CB0[8], dynamicIndexed
dcl_input_ps linear v1.xyzw
dcl_input_ps constant v2.x
dcl_output o0.xyzw
dcl_temps 3
fcall fp0[0][0]
fcall fp0[0][1]
add r0.xyzw, r0.xyzw, r1.xyzw
fcall fp1[v2.x + 0][0]
add o0.xyzw, r0.xyzw, r1.xyzw
ret
label fb0
mov r0.xyzw, cb[this[0].x + 0][this[0].y + 0].xyzw
ret
label fb1
mul r0.xyzw, v1.xyzw, l(0.500000, 0.500000, 0.500000, 0.500000)
ret
label fb2
add r1.xyzw, v1.xyzw, cb[this[0].x + 0][this[0].y + 1].xyzw
ret
label fb3
add r1.xyzw, v1.xyzw, l(-0.125000, -0.125000, -0.125000, -0.125000)
ret
label fb4
mov r2.x, this[1].y
add r1.xyzw, v1.xyzw, cb[this[1].x + 0][r2.x + 2].xyzw
ret
label fb5
mul_sat r1.xyzw, v1.xyzw, l(3.000000, 3.000000, 3.000000, 3.000000)
ret
// Approximately 22 instruction slots used
