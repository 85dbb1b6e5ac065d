#version 450
// translate/indirect/shaders/copy_samples_to_colour.frag — a multisampled
// depth -> colour copy (copy_samples_shader.h): each sample of the bound colour
// layer (written as R32_UINT or R16_UINT) takes the bits of the depth image's
// same sample: R32 group, the float's bits; R16 group, round(depth * 65535),
// the D16_UNORM value.
#extension GL_EXT_samplerless_texture_functions : require

layout(set = 0, binding = 0) uniform texture2DMSArray source;

layout(push_constant) uniform Params {
  int layer;    // the source's layer this draw copies
  uint bits16;  // 1: the R16 group (D16_UNORM), 0: the R32 group (D32_FLOAT)
} params;

layout(location = 0) out uvec4 target;

void main() {
  const float depth = texelFetch(source, ivec3(ivec2(gl_FragCoord.xy), params.layer), gl_SampleID).x;
  target = uvec4(params.bits16 != 0u ? uint(round(clamp(depth, 0.0, 1.0) * 65535.0)) : floatBitsToUint(depth), 0u, 0u, 0u);
}
