// tools/d3dvk-demo/demo_shaders.h — the demo's shaders as fxc listings (assembled
// at start with dxbc::assemble), each with the HLSL it is equivalent to. One
// vertex layout for everything: POSITION (NDC xy), TEXCOORD (xy), COLOR (rgba).
// cbuffer Colours : register(b0) { float4 offCovered, outer, inner; } (demo_scene.h's colours).
#pragma once

namespace d3dvk::demo {

#define D3DVK_DEMO_VS_OUTPUTS                                         \
  "// SV_Position              0   xyzw        0      POS   float   xyzw\n" \
  "// TEXCOORD                 0   xy          1     NONE   float   xy\n"   \
  "// COLOR                    0   xyzw        2     NONE   float   xyzw\n"

#define D3DVK_DEMO_TABLE_HEAD                                          \
  "//\n"                                                               \
  "// Name                 Index   Mask Register SysValue  Format   Used\n" \
  "// -------------------- ----- ------ -------- -------- ------- ------\n"

#define D3DVK_DEMO_PS_TARGET                                           \
  "//\n// Output signature:\n" D3DVK_DEMO_TABLE_HEAD                   \
  "// SV_Target                0   xyzw        0   TARGET   float   xyzw\n//\n"

// struct V { float4 pos : SV_Position; float2 uv : TEXCOORD; float4 colour : COLOR; };
// V main(float2 p : POSITION, float2 uv : TEXCOORD, float4 c : COLOR) { V v = {float4(p, 0, 1), uv, c}; return v; }
inline const char kVertexShader[] =
    "//\n// Input signature:\n" D3DVK_DEMO_TABLE_HEAD
    "// POSITION                 0   xy          0     NONE   float   xy\n"
    "// TEXCOORD                 0   xy          1     NONE   float   xy\n"
    "// COLOR                    0   xyzw        2     NONE   float   xyzw\n"
    "//\n// Output signature:\n" D3DVK_DEMO_TABLE_HEAD D3DVK_DEMO_VS_OUTPUTS "//\n"
    R"(vs_4_0
dcl_input v0.xy
dcl_input v1.xy
dcl_input v2.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xy
dcl_output o2.xyzw
mov o0.xy, v0.xyxx
mov o0.zw, l(0,0,0,1.000000)
mov o1.xy, v1.xyxx
mov o2.xyzw, v2.xyzw
ret
)";

// float4 main(V v) : SV_Target { return v.colour; }   (grid lines, edges)
inline const char kPsColour[] =
    "//\n// Input signature:\n" D3DVK_DEMO_TABLE_HEAD
    "// SV_Position              0   xyzw        0      POS   float\n"
    "// TEXCOORD                 0   xy          1     NONE   float\n"
    "// COLOR                    0   xyzw        2     NONE   float   xyzw\n" D3DVK_DEMO_PS_TARGET
    R"(ps_4_0
dcl_input_ps linear v2.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v2.xyzw
ret
)";

// Texture2D t : register(t0); SamplerState s : register(s0);   (point sampling)
// float4 main(V v) : SV_Target { return t.Sample(s, v.uv); }   (the panels, the text)
inline const char kPsTexture[] =
    "//\n// Input signature:\n" D3DVK_DEMO_TABLE_HEAD
    "// SV_Position              0   xyzw        0      POS   float\n"
    "// TEXCOORD                 0   xy          1     NONE   float   xy\n"
    "// COLOR                    0   xyzw        2     NONE   float\n" D3DVK_DEMO_PS_TARGET
    R"(ps_5_0
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
sample_indexable(texture2d)(float,float,float,float) o0.xyzw, v1.xyxx, t0.xyzw, s0
ret
)";

// float4 main() : SV_Target { return offCovered; }   (conservative OFF)
inline const char kPsOff[] =
    "//\n// Input signature:\n" D3DVK_DEMO_TABLE_HEAD
    "// SV_Position              0   xyzw        0      POS   float\n"
    "// TEXCOORD                 0   xy          1     NONE   float\n"
    "// COLOR                    0   xyzw        2     NONE   float\n" D3DVK_DEMO_PS_TARGET
    R"(ps_4_0
dcl_constantbuffer CB0[3], immediateIndexed
dcl_output o0.xyzw
mov o0.xyzw, cb0[0].xyzw
ret
)";

// float4 main() : SV_Target { return outer; }   (conservative ON, tiers 1 and 2)
inline const char kPsOuter[] =
    "//\n// Input signature:\n" D3DVK_DEMO_TABLE_HEAD
    "// SV_Position              0   xyzw        0      POS   float\n"
    "// TEXCOORD                 0   xy          1     NONE   float\n"
    "// COLOR                    0   xyzw        2     NONE   float\n" D3DVK_DEMO_PS_TARGET
    R"(ps_4_0
dcl_constantbuffer CB0[3], immediateIndexed
dcl_output o0.xyzw
mov o0.xyzw, cb0[1].xyzw
ret
)";

// float4 main(uint c : SV_InnerCoverage) : SV_Target { return c ? inner : outer; }   (conservative ON, tier 3)
inline const char kPsInner[] =
    "//\n// Input signature:\n" D3DVK_DEMO_TABLE_HEAD
    "// SV_Position              0   xyzw        0      POS   float\n"
    "// TEXCOORD                 0   xy          1     NONE   float\n"
    "// COLOR                    0   xyzw        2     NONE   float\n"
    "// SV_InnerCoverage         0    N/A vInnerCoverage INNERCOV    uint    YES\n" D3DVK_DEMO_PS_TARGET
    R"(ps_5_0
dcl_constantbuffer CB0[3], immediateIndexed
dcl_input vInnerCoverage
dcl_output o0.xyzw
dcl_temps 1
and r0.x, vInnerCoverage, l(1)
movc o0.xyzw, r0.xxxx, cb0[2].xyzw, cb0[1].xyzw
ret
)";

#undef D3DVK_DEMO_VS_OUTPUTS
#undef D3DVK_DEMO_TABLE_HEAD
#undef D3DVK_DEMO_PS_TARGET

}  // namespace d3dvk::demo
