// translate/indirect/restore_words_shader.h — the compute shader behind
// predicated transfers in both APIs (shaders/restore_words.comp, compiled at
// build time; used by ddi/umd/predicated_transfer.h): Vulkan renders only
// draws and dispatches conditionally, so a transfer under a predicate runs
// unconditionally between a save of its destination and a copy of the new
// contents, and this shader — dispatched under the predicate's inverted
// condition — copies the saved words over the new ones.
// Bindings (set 0): 0 the saved words, 1 the new words (overwritten).
#pragma once

#include <cstdint>
#include <span>

namespace d3dvk::indirect {

// The push constants: how many 32-bit words to copy.
struct RestoreWordsParams {
  uint32_t count = 0;
};
inline constexpr uint32_t kRestoreWordsPushBytes = sizeof(RestoreWordsParams);
inline constexpr uint32_t kRestoreWordsStorageBuffers = 2;
inline constexpr uint32_t kRestoreWordsGroupSize = 64;  // the shader's local_size_x

std::span<const uint32_t> restoreWordsShaderSpirv();

}  // namespace d3dvk::indirect
