// bench/overhead: the conservative mode's emulation floor, its geometry
// shader — the least one pass must do per triangle to emulate conservative
// rasterization on a device without it: the triangle's pixel-aligned bounding
// box as a strip, its three edges pushed out by half a pixel's extent as flat
// planes for the fragment shader. Float, unsnapped, no inner coverage, no
// degenerate triangles: cheaper than any exact emulation, so a lower bound.
#version 450
layout(triangles) in;
layout(triangle_strip, max_vertices = 4) out;
layout(location = 0) in vec4 colourIn[];
layout(location = 0) flat out vec4 colour;
layout(location = 1) flat out vec3 edges[3];
layout(constant_id = 0) const float kTarget = 64.0;  // the viewport's size in pixels

void main() {
  vec2 p[3];
  for (int k = 0; k < 3; ++k) p[k] = (gl_in[k].gl_Position.xy / gl_in[k].gl_Position.w * 0.5 + 0.5) * kTarget;
  const float area = (p[1].x - p[0].x) * (p[2].y - p[0].y) - (p[2].x - p[0].x) * (p[1].y - p[0].y);
  if (area == 0.0) return;
  const float s = sign(area);
  vec3 e[3];
  for (int k = 0; k < 3; ++k) {
    const vec2 a = p[k], b = p[(k + 1) % 3];
    const float A = -(b.y - a.y) * s, B = (b.x - a.x) * s;
    e[k] = vec3(A, B, -(A * a.x + B * a.y) + 0.5 * (abs(A) + abs(B)));
  }
  const vec2 lo = floor(min(p[0], min(p[1], p[2]))), hi = ceil(max(p[0], max(p[1], p[2])));
  const float z = gl_in[0].gl_Position.z / gl_in[0].gl_Position.w;
  const vec2 corners[4] = vec2[4](lo, vec2(hi.x, lo.y), vec2(lo.x, hi.y), hi);
  for (int c = 0; c < 4; ++c) {
    colour = colourIn[0];
    edges = e;
    gl_Position = vec4(corners[c] / kTarget * 2.0 - 1.0, z, 1.0);
    EmitVertex();
  }
}
