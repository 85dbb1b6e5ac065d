//
// Hand-written test listing in the fxc /Fc format (tests/dxbc round trip and fuzz seed)
//
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xy  
// COLOR                    0   xyzw        1     NONE   float   xyzw
// SV_IsFrontFace           0   x           2    FFACE    uint   x   
//
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
// SV_Coverage              0    N/A    oMask COVERAGE    uint    YES
//
ps_5_0
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[4], immediateIndexed
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_input_ps linear v1.xyzw
dcl_input_ps_sgv constant v2.x, is_front_face
dcl_input vInnerCoverage
dcl_output o0.xyzw
dcl_output oMask
dcl_temps 2
dcl_immediateConstantBuffer { { 1.000000, 0, 0, 0},
                              { 0, 1.000000, 0, 0} }
utof r0.x, vInnerCoverage
mov o0.xyzw, l(0.1,0.2,0.3,1.0)
mad_sat r1.xyzw, -v1.xyzw, |cb0[2].xxxx|, -|r0.x|
sample_indexable(texture2d)(float,float,float,float) r1.xyzw, v1.xyxx, t0.xyzw, s0
if_nz v2.x
  mov o0.xyzw, icb[r0.x + 1].xyzw
else
  mov oMask, l(-1)
endif
loop
  breakc_z r0.x
  iadd r0.x, r0.x, l(-1)
endloop
switch r0.y
  case l(0)
  case l(3)
    mov r0.z, l(1.0)
    break
  default
    mov r0.z, l(2.0)
    break
endswitch
sincos null, r1.x, r0.x
ret 
// Approximately 3 instruction slots used
