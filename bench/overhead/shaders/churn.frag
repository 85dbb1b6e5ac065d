// bench/overhead: the raw-Vulkan baseline's churn pixel shader, the work of
// churnPixelShaderListing: 16 textures read at (0, 0), summed, scaled by 0.01
// and added to the colour times a per-pipeline factor (a specialization
// constant: 8 pipelines from one shader).
#version 450
#extension GL_EXT_samplerless_texture_functions : require
layout(constant_id = 0) const float scale = 0.5;
layout(set = 1, binding = 0) uniform texture2D textures[16];
layout(location = 0) in vec4 colour;
layout(location = 0) out vec4 target;
void main() {
  vec4 sum = vec4(0.0);
  for (int i = 0; i < 16; ++i) sum += texelFetch(textures[i], ivec2(0, 0), 0);
  target = colour * scale + sum * 0.01;
}
