// translate/fallback/setup_shader.h — the GPU fallback's setup passes as SPIR-V
// (shaders/setup.comp compiled at build time; layouts in gpu_layout.h), and
// the query sums' shader (shaders/query_add.comp).
#pragma once

#include <cstdint>
#include <span>

namespace d3dvk::fallback {

// The setup's two passes (setup.comp): the triage over every slot, which sets
// up unclipped, non-degenerate triangles and defers the rest, and the full
// setup over the deferred slots (an indirect dispatch).
enum class SetupPass { Triage, Deferred };

// A setup pass's compute shader: clipping in double precision (needs
// shaderFloat64 and shaderInt64) or in float (shaderInt64 only).
std::span<const uint32_t> setupShaderSpirv(bool doublePrecision, SetupPass pass);

// The query sums' compute shader (shaders/query_add.comp; its push constants
// are QueryAddParams): adds 64-bit values of one buffer to another's.
std::span<const uint32_t> queryAddShaderSpirv();
struct QueryAddParams {
  uint32_t queries = 0, values = 0, first = 0;
  uint32_t sumBase = 0, sumStride = 0;  // in 64-bit values
  uint32_t addendBase = 0, addendStride = 0;
};
inline constexpr uint32_t kQueryAddLocalSize = 64;

}  // namespace d3dvk::fallback
