// translate/indirect/dispatch_count_shader.h — the compute shader behind
// ExecuteIndirect of DISPATCH commands with a count buffer
// (shaders/dispatch_count.comp, compiled at build time), and the layout of the
// scratch buffer it works on. The UMD copies the count and the MaxCommandCount
// commands' arguments into the scratch buffer, runs this shader, which zeroes
// the arguments of every command i >= min(count, MaxCommandCount), then
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

std::span<const uint32_t> dispatchCountShaderSpirv();

}  // namespace d3dvk::indirect
