// bench/overhead: the raw-Vulkan baseline's pixel shader (the interpolated colour).
#version 450
layout(location = 0) in vec4 colour;
layout(location = 0) out vec4 target;
void main() { target = colour; }
