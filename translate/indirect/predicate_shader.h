// translate/indirect/predicate_shader.h — the compute shader behind
// SetPredication in both APIs (shaders/predicate.comp, compiled at build
// time): VK_EXT_conditional_rendering reads 32 bits, so the UMD folds 64-bit
// values into a 32-bit word (1: any not zero, 0: all zero) and renders
// conditionally on that word. D3D12 folds its one 64-bit predicate when
// SetPredication is recorded; D3D11 the occlusion counts of an
// OCCLUSION_PREDICATE's query segments when the predicate is ended.
// Bindings (set 0): 0 the values from an offset aligned to the device's
// storage-buffer offset alignment, 1 the 32-bit word written.
#pragma once

#include <cstdint>
#include <span>

namespace d3dvk::indirect {

// The push constants: the first value's first 32-bit word from binding 0's
// start, and the number of 64-bit values.
struct PredicateParams {
  uint32_t firstWord = 0;
  uint32_t count = 1;
};
inline constexpr uint32_t kPredicatePushBytes = sizeof(PredicateParams);
inline constexpr uint32_t kPredicateStorageBuffers = 2;

std::span<const uint32_t> predicateShaderSpirv();

}  // namespace d3dvk::indirect
