#version 450
// translate/indirect/shaders/copy_samples_to_depth.frag — a multisampled
// colour -> depth copy (copy_samples_shader.h): each sample of the bound depth
// layer takes the bits of the colour image's same sample (read as R32_UINT or
// R16_UINT): R32 group, the float with those bits; R16 group, k / 65535, which
// a D16_UNORM target stores as k again.
#extension GL_EXT_samplerless_texture_functions : require

layout(set = 0, binding = 0) uniform utexture2DMSArray source;

layout(push_constant) uniform Params {
  int layer;    // the source's layer this draw copies
  uint bits16;  // 1: the R16 group (D16_UNORM), 0: the R32 group (D32_FLOAT)
} params;

void main() {
  const uint bits = texelFetch(source, ivec3(ivec2(gl_FragCoord.xy), params.layer), gl_SampleID).x;
  gl_FragDepth = params.bits16 != 0u ? float(bits & 0xffffu) / 65535.0 : uintBitsToFloat(bits);
}
