#version 450
// translate/indirect/shaders/predicate.comp — D3D12 SetPredication's 64-bit
// predicate folded into the 32-bit value VK_EXT_conditional_rendering reads
// (predicate_shader.h): one invocation writes 1 when either 32-bit half of the
// predicate is not zero, else 0.

layout(local_size_x = 1) in;

layout(std430, set = 0, binding = 0) readonly buffer Source {
  uint words[];  // the application's buffer from an aligned offset
} source;

layout(std430, set = 0, binding = 1) writeonly buffer Predicate {
  uint value;
} predicate;

layout(push_constant) uniform Params {
  uint firstWord;  // the predicate's first word in `source`
} params;

void main() {
  predicate.value = (source.words[params.firstWord] | source.words[params.firstWord + 1u]) != 0u ? 1u : 0u;
}
