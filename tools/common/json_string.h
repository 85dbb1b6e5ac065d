// tools/common/json_string.h — a string as a JSON string literal (quotes, escapes
// for '"', '\\' and control characters; other bytes, UTF-8 included, pass through).
// Shared by the tools' --json outputs.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace d3dvk::tools {

inline std::string jsonString(std::string_view s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += char(c);
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += char(c);
    }
  }
  return out + "\"";
}

}  // namespace d3dvk::tools
