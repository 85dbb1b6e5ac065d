// runtime/core/wide_string.h — UTF-8 from the API's wide strings (LPCWSTR:
// wchar_t, UTF-32 here and UTF-16 where wchar_t has 16 bits), for names that
// go on to Vulkan (debug labels). Invalid code points become U+FFFD.
#pragma once

#include <cstdint>
#include <string>

namespace d3dvk::runtime {

inline std::string utf8FromWide(const wchar_t* text) {
  std::string out;
  for (const wchar_t* p = text; p && *p; ++p) {
    uint32_t c = uint32_t(*p);
    if (sizeof(wchar_t) == 2 && c >= 0xD800 && c < 0xDC00 && uint32_t(p[1]) >= 0xDC00 && uint32_t(p[1]) < 0xE000)
      c = 0x10000 + ((c - 0xD800) << 10) + (uint32_t(*++p) - 0xDC00);  // a UTF-16 surrogate pair
    if (c > 0x10FFFF || (c >= 0xD800 && c < 0xE000)) c = 0xFFFD;
    if (c < 0x80) {
      out += char(c);
    } else if (c < 0x800) {
      out += char(0xC0 | (c >> 6));
      out += char(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out += char(0xE0 | (c >> 12));
      out += char(0x80 | ((c >> 6) & 0x3F));
      out += char(0x80 | (c & 0x3F));
    } else {
      out += char(0xF0 | (c >> 18));
      out += char(0x80 | ((c >> 12) & 0x3F));
      out += char(0x80 | ((c >> 6) & 0x3F));
      out += char(0x80 | (c & 0x3F));
    }
  }
  return out;
}

}  // namespace d3dvk::runtime
