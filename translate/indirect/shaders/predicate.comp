#version 450
// translate/indirect/shaders/predicate.comp — a predicate folded into the
// 32-bit value VK_EXT_conditional_rendering reads (predicate_shader.h): one
// invocation writes 1 when any 32-bit half of `count` consecutive 64-bit
// values is not zero, else 0. D3D12's SetPredication folds its one 64-bit
// predicate; D3D11's OCCLUSION_PREDICATE the occlusion counts of its query
// segments, copied there from their query pools.

layout(local_size_x = 1) in;

layout(std430, set = 0, binding = 0) readonly buffer Source {
  uint words[];  // the values, from an aligned offset
} source;

layout(std430, set = 0, binding = 1) writeonly buffer Predicate {
  uint value;
} predicate;

layout(push_constant) uniform Params {
  uint firstWord;  // the first value's first word in `source`
  uint count;      // 64-bit values to fold
} params;

void main() {
  uint any = 0u;
  for (uint i = 0u; i < params.count; ++i)
    any |= source.words[params.firstWord + 2u * i] | source.words[params.firstWord + 2u * i + 1u];
  predicate.value = any != 0u ? 1u : 0u;
}
