// bench/overhead: the raw-Vulkan baseline's vertex shader, the work of the
// D3D11/D3D12 modes' vs_5_0 listing (position + cb0[0].xy, colour = cb0[1]).
#version 450
layout(location = 0) in vec4 position;
layout(set = 0, binding = 0) uniform Constants {
  vec4 offset;
  vec4 colour;
} cb;
layout(location = 0) out vec4 colour;
void main() {
  gl_Position = vec4(position.xy + cb.offset.xy, position.zw);
  colour = cb.colour;
}
