#version 450
// translate/indirect/shaders/dispatch_count.comp — ExecuteIndirect of DISPATCH
// commands with a count buffer (dispatch_count_shader.h): zeroes the arguments
// of each command i with min(count, MaxCommandCount) <= i < MaxCommandCount.

layout(local_size_x = 64) in;  // kDispatchCountGroupSize

layout(std430, set = 0, binding = 0) buffer Scratch {
  uint count;       // byte 0: the application's count
  uint unused[3];   // the commands start at byte 16 (kDispatchCountArgumentsOffset)
  uint groups[];    // 3 words per command (VkDispatchIndirectCommand)
} scratch;

layout(push_constant) uniform Params {
  uint maxCommandCount;
} params;

void main() {
  uint command = gl_GlobalInvocationID.x;
  if (command >= params.maxCommandCount || command < min(scratch.count, params.maxCommandCount)) return;
  scratch.groups[3u * command] = 0u;
  scratch.groups[3u * command + 1u] = 0u;
  scratch.groups[3u * command + 2u] = 0u;
}
