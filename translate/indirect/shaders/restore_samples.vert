#version 450
// translate/indirect/shaders/restore_samples.vert — the full-target triangle of
// a predicated transfer's per-sample restore (restore_samples_shader.h).

void main() {
  const vec2 corner = vec2((gl_VertexIndex << 1) & 2, gl_VertexIndex & 2);
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
