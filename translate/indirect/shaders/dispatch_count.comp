#version 450
// translate/indirect/shaders/dispatch_count.comp — indirect dispatches made
// safe (dispatch_count_shader.h): zeroes the arguments of each command i with
// min(count, MaxCommandCount) <= i < MaxCommandCount (D3D12 ExecuteIndirect's
// count buffer; without one the UMD writes MaxCommandCount as the count), and
// of every command with a group count above D3D's 65535 per dimension, which
// D3D11 DispatchIndirect and D3D12 ExecuteIndirect leave undefined and a GPU
// could spend forever on: such a command dispatches nothing.

layout(local_size_x = 64) in;  // kDispatchCountGroupSize

layout(std430, set = 0, binding = 0) buffer Scratch {
  uint count;       // byte 0: the application's count
  uint unused[3];   // the commands start at byte 16 (kDispatchCountArgumentsOffset)
  uint groups[];    // 3 words per command (VkDispatchIndirectCommand)
} scratch;

layout(push_constant) uniform Params {
  uint maxCommandCount;
} params;

const uint kMaxGroups = 65535u;  // kMaxDispatchGroupsPerDimension

void main() {
  uint command = gl_GlobalInvocationID.x;
  if (command >= params.maxCommandCount) return;
  uint base = 3u * command;
  bool past = command >= min(scratch.count, params.maxCommandCount);
  bool tooLarge = scratch.groups[base] > kMaxGroups || scratch.groups[base + 1u] > kMaxGroups ||
                  scratch.groups[base + 2u] > kMaxGroups;
  if (!past && !tooLarge) return;
  scratch.groups[base] = 0u;
  scratch.groups[base + 1u] = 0u;
  scratch.groups[base + 2u] = 0u;
}
