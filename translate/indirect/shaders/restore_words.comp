#version 450
// translate/indirect/shaders/restore_words.comp — the conditional step of a
// predicated transfer (restore_words_shader.h): `count` 32-bit words copied
// from the saved destination to the scratch copy of its new contents. The UMD
// dispatches it under conditional rendering that runs it only when the
// transfer should have been skipped, so the destination gets its old bytes back.

layout(local_size_x = 64) in;

layout(std430, set = 0, binding = 0) readonly buffer Saved {
  uint words[];
} saved;

layout(std430, set = 0, binding = 1) writeonly buffer Current {
  uint words[];
} current;

layout(push_constant) uniform Params {
  uint count;  // words to copy
} params;

void main() {
  const uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
  for (uint i = gl_GlobalInvocationID.x; i < params.count; i += stride) current.words[i] = saved.words[i];
}
