// translate/fallback/setup_shader.h — the GPU fallback's setup pass as SPIR-V
// (shaders/setup.comp compiled at build time; layouts in gpu_layout.h).
#pragma once

#include <cstdint>
#include <span>

namespace d3dvk::fallback {

// The setup compute shader: clipping in double precision (needs shaderFloat64
// and shaderInt64) or in float (shaderInt64 only).
std::span<const uint32_t> setupShaderSpirv(bool doublePrecision);

}  // namespace d3dvk::fallback
