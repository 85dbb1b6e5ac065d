#version 450
// translate/indirect/shaders/resolve_samples.frag — a region resolve by a draw
// (resolve_samples_shader.h): each pixel of the single-sampled target takes
// the minimum, maximum or average of the samples of the source's pixel at
// the same place plus `offset`. Compiled once per KIND (the numeric kind of
// the source and target): 0 float colour (vec4), 1 uint colour (uvec4),
// 2 sint colour (ivec4), 3 depth (gl_FragDepth from a depth aspect), 4 stencil
// (gl_FragStencilRefARB from a stencil aspect), 5 stencil without
// VK_EXT_shader_stencil_export (no output: the pixel is discarded when bit
// `stencilBit` of its value is 0, for a draw per bit with reference 0xFF and
// write mask 1 << bit; stencilBit -1 discards nothing). Minimum and maximum
// compare in the kind's own domain (signed for sint); the average is the float kinds'.
#extension GL_EXT_samplerless_texture_functions : require
#if KIND == 4
#extension GL_ARB_shader_stencil_export : require
#endif

#if KIND == 1 || KIND == 4 || KIND == 5
#define SOURCE utexture2DMSArray
#define VALUE uvec4
#elif KIND == 2
#define SOURCE itexture2DMSArray
#define VALUE ivec4
#else
#define SOURCE texture2DMSArray
#define VALUE vec4
#define AVERAGES
#endif

layout(set = 0, binding = 0) uniform SOURCE source;

layout(push_constant) uniform Params {
  ivec2 offset;  // source texel = target pixel + offset
  int layer;     // the source's layer
  int samples;   // the source's sample count
  uint mode;     // 0 average, 1 minimum, 2 maximum
  int stencilBit;  // KIND 5: the bit this draw writes (-1: none discarded)
} params;

#if KIND <= 2
layout(location = 0) out VALUE target;
#endif

void main() {
  const ivec3 at = ivec3(ivec2(gl_FragCoord.xy) + params.offset, params.layer);
  VALUE value = texelFetch(source, at, 0);
#ifdef AVERAGES
  VALUE sum = value;
#endif
  for (int s = 1; s < params.samples; ++s) {
    const VALUE x = texelFetch(source, at, s);
    value = params.mode == 1u ? min(value, x) : max(value, x);
#ifdef AVERAGES
    sum += x;
#endif
  }
#ifdef AVERAGES
  if (params.mode == 0u) value = sum / float(params.samples);
#endif
#if KIND <= 2
  target = value;
#elif KIND == 3
  gl_FragDepth = value.x;
#elif KIND == 4
  gl_FragStencilRefARB = int(value.x);
#else
  if (params.stencilBit >= 0 && ((value.x >> uint(params.stencilBit)) & 1u) == 0u) discard;
#endif
}
