// translate/indirect/predicate_shader.h — the compute shader behind D3D12
// SetPredication (shaders/predicate.comp, compiled at build time): D3D12's
// predicate is 64 bits, VK_EXT_conditional_rendering reads 32, so the UMD
// folds the predicate into a 32-bit word (1: not zero, 0: zero) when
// SetPredication is recorded and renders conditionally on that word.
// Bindings (set 0): 0 the application's buffer from an offset aligned to the
// device's storage-buffer offset alignment, 1 the 32-bit word written.
#pragma once

#include <cstdint>
#include <span>

namespace d3dvk::indirect {

// The push constant: the predicate's first 32-bit word from binding 0's start.
inline constexpr uint32_t kPredicatePushBytes = 4;
inline constexpr uint32_t kPredicateStorageBuffers = 2;

std::span<const uint32_t> predicateShaderSpirv();

}  // namespace d3dvk::indirect
