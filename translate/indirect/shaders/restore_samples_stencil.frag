#version 450
// translate/indirect/shaders/restore_samples_stencil.frag — the per-sample
// restore of a predicated transfer's multisampled stencil destination
// (restore_samples_shader.h): each sample of the bound layer's stencil gets
// the saved image's same sample back (a stencil aspect view) as the exported
// stencil reference, which the pipeline's REPLACE writes.
#extension GL_EXT_samplerless_texture_functions : require
#extension GL_ARB_shader_stencil_export : require

layout(set = 0, binding = 0) uniform utexture2DMSArray saved;

layout(push_constant) uniform Params {
  int layer;  // the saved image's layer this draw restores
} params;

void main() {
  gl_FragStencilRefARB = int(texelFetch(saved, ivec3(ivec2(gl_FragCoord.xy), params.layer), gl_SampleID).x);
}
