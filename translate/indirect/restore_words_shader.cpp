// translate/indirect/restore_words_shader.cpp — see restore_words_shader.h.
#include "restore_words_shader.h"

namespace {
#include "restore_words.spv.h"
}  // namespace

namespace d3dvk::indirect {

std::span<const uint32_t> restoreWordsShaderSpirv() { return kRestoreWordsSpirv; }

}  // namespace d3dvk::indirect
