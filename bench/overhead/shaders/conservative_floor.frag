// bench/overhead: the conservative mode's emulation floor, its fragment
// shader — keeps a pixel of the bounding box when its square touches the
// triangle (each pushed-out edge plane non-negative at the pixel's centre).
#version 450
layout(location = 0) flat in vec4 colour;
layout(location = 1) flat in vec3 edges[3];
layout(location = 0) out vec4 target;
void main() {
  const vec3 x = vec3(gl_FragCoord.xy, 1.0);
  if (dot(edges[0], x) < 0.0 || dot(edges[1], x) < 0.0 || dot(edges[2], x) < 0.0) discard;
  target = colour;
}
