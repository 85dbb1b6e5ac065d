// translate/dxbc/error.h — the one error type of the DXBC stack: every malformed
// input (container, token stream, listing text) becomes a dxbc::Error naming what
// was wrong and where (byte offset in the container / dword offset in the token
// stream / line in a listing). Nothing in translate/dxbc crashes on bad input.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

namespace d3dvk::dxbc {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace d3dvk::dxbc
