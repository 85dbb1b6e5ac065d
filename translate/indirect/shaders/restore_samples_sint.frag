#version 450
// translate/indirect/shaders/restore_samples_sint.frag — the per-sample
// restore of a predicated transfer's multisampled destination
// (restore_samples_shader.h), for targets read and written as ivec4: each
// sample of the bound layer gets the saved image's same sample back.
#extension GL_EXT_samplerless_texture_functions : require

layout(set = 0, binding = 0) uniform itexture2DMSArray saved;

layout(push_constant) uniform Params {
  int layer;  // the saved image's layer this draw restores
} params;

layout(location = 0) out ivec4 target;

void main() {
  target = texelFetch(saved, ivec3(ivec2(gl_FragCoord.xy), params.layer), gl_SampleID);
}
