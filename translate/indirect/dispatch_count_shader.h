// translate/indirect/dispatch_count_shader.h — the compute shader behind every
// indirect dispatch (D3D12 ExecuteIndirect of DISPATCH commands, D3D11
// DispatchIndirect; shaders/dispatch_count.comp, compiled at build time), and
// the layout of the scratch buffer it works on. The UMD copies the count (or
// writes MaxCommandCount, without a count buffer) and the MaxCommandCount
// commands' arguments into the scratch buffer, runs this shader, which zeroes
// the arguments of every command i >= min(count, MaxCommandCount) and of every
// command with a group count above kMaxDispatchGroupsPerDimension, then
// dispatches each command indirectly from the scratch buffer: a command left
// out dispatches (0, 0, 0) groups, which Vulkan runs as nothing.
#pragma once

#include <cstdint>
#include <span>

namespace d3dvk::indirect {

// The scratch buffer (one storage buffer, set 0 binding 0): the count at byte
// 0, then from byte 16 the commands' VkDispatchIndirectCommand, 12 bytes each.
inline constexpr uint32_t kDispatchCountArgumentsOffset = 16;
inline constexpr uint32_t kDispatchCommandBytes = 12;
// The push constant: MaxCommandCount (one uint at offset 0).
inline constexpr uint32_t kDispatchCountPushBytes = 4;
// Invocations per work group (x); one invocation per command.
inline constexpr uint32_t kDispatchCountGroupSize = 64;
// D3D11/D3D12's limit per dimension (D3D1x_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION):
// a command asking for more is dropped.
inline constexpr uint32_t kMaxDispatchGroupsPerDimension = 65535;

std::span<const uint32_t> dispatchCountShaderSpirv();

}  // namespace d3dvk::indirect
