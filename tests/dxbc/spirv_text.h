// tests/dxbc/spirv_text.h — what the translator tests ask of a SPIR-V
// disassembly: whether, and how often, a piece of text stands in it.
#pragma once

#include <cstddef>
#include <string>

namespace d3dvk::test {

// Occurrences of `what` in `text` (overlapping ones counted).
inline size_t occurrences(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

inline bool has(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

}  // namespace d3dvk::test
