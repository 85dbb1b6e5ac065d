// translate/fallback/setup_shader.h — the GPU fallback's setup passes as SPIR-V
// (shaders/setup.comp compiled at build time; layouts in gpu_layout.h).
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

}  // namespace d3dvk::fallback
