#version 450
// translate/indirect/shaders/restore_samples_stencil.frag — the per-sample
// restore of a predicated transfer's multisampled stencil destination
// (restore_samples_shader.h): each sample of the bound layer's stencil gets
// the saved image's same sample back (a stencil aspect view) as the exported
// stencil reference, which the pipeline's REPLACE writes. Compiled with
// -DBITS=1 for a device without VK_EXT_shader_stencil_export: no output, the
// sample is discarded when bit `stencilBit` of its saved value is 0, so a
// draw per bit (reference 0xFF, write mask 1 << bit, REPLACE) sets exactly
// the saved value's 1 bits; stencilBit −1 discards nothing (the pass that
// first writes 0 everywhere: reference 0, write mask 0xFF).
#extension GL_EXT_samplerless_texture_functions : require
#ifndef BITS
#extension GL_ARB_shader_stencil_export : require
#endif

layout(set = 0, binding = 0) uniform utexture2DMSArray saved;

layout(push_constant) uniform Params {
  int layer;       // the saved image's layer this draw restores
  int stencilBit;  // BITS: the bit this draw writes (-1: none discarded)
} params;

void main() {
  const uint value = texelFetch(saved, ivec3(ivec2(gl_FragCoord.xy), params.layer), gl_SampleID).x;
#ifdef BITS
  if (params.stencilBit >= 0 && ((value >> uint(params.stencilBit)) & 1u) == 0u) discard;
#else
  gl_FragStencilRefARB = int(value);
#endif
}
