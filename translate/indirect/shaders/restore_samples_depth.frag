#version 450
// translate/indirect/shaders/restore_samples_depth.frag — the per-sample
// restore of a predicated transfer's multisampled depth destination
// (restore_samples_shader.h): each sample of the bound layer's depth gets the
// saved image's same sample back (a depth aspect view) through gl_FragDepth.
#extension GL_EXT_samplerless_texture_functions : require

layout(set = 0, binding = 0) uniform texture2DMSArray saved;

layout(push_constant) uniform Params {
  int layer;  // the saved image's layer this draw restores
} params;

void main() {
  gl_FragDepth = texelFetch(saved, ivec3(ivec2(gl_FragCoord.xy), params.layer), gl_SampleID).x;
}
