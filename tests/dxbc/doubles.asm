//
// Hand-written test listing in the fxc /Fc format: every double-precision
// instruction (SM5.0 and the D3D11.1 double extensions) with fxc's component
// pairs and d(…) immediates (tests/dxbc round trip and fuzz seed)
//
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xy  
// VALUE                    0   xyzw        1     NONE    uint   xyzw
//
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_globalFlags refactoringAllowed | enableDoublePrecisionFloatOps | enable11_1DoubleExtensions
dcl_constantbuffer CB0[2], immediateIndexed
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_input_ps constant v1.xyzw
dcl_output o0.xyzw
dcl_temps 4
ftod r0.xyzw, v0.xyxx
dmov r1.xyzw, v1.xyzw
dadd r2.xy, r0.xyxy, d(1.000000, 0.000000)
dmul r2.zw, r0.zwzw, cb0[0].xyxy
dmax r3.xy, r1.xyxy, -r2.zwzw
dmin r3.zw, |r1.zwzw|, r2.xyxy
ddiv r2.xyzw, r3.xyzw, cb0[1].xyzw
dfma r2.xy, r2.xyxy, r2.zwzw, d(-0.5, 0.25)
drcp_sat r2.zw, r3.zwzw
deq r0.x, r2.xyxy, d(0.1)
dge r0.y, r2.zwzw, r3.xyxy
dlt r0.zw, r2.xyzw, r3.zwxy
dne r1.x, r2.xyxy, d(0x7ff8000000000000, 0x8000000000000000)
dmovc r3.xyzw, r0.xyxx, r2.xyzw, r3.zwxy
dmovc_sat r3.zw, r1.xxxx, d(2.5e-300, 1e+300), r3.xyxy
dtof r1.yz, r3.xyzw
dtoi r1.w, r3.zwzw
dtou r0.x, r3.xyxy
itod r2.xy, r1.w
utod r2.zw, r0.xxxx
dadd_sat r2.xyzw, -|r2.xyzw|, d(0x0000000000000001, -0.0)
dtof o0.xy, r2.xyzw
mov o0.zw, r1.yyyz
ret
// Approximately 25 instruction slots used
