// tests/support/json_syntax.h — a strict JSON syntax check (RFC 8259 grammar:
// objects, arrays, strings with escapes, numbers, true/false/null), so CLI
// tests can assert that machine-readable output parses, without a JSON library.
#pragma once

#include <cctype>
#include <string>

namespace d3dvk::test {

class JsonSyntax {
 public:
  // True when `text` is exactly one JSON value (surrounding whitespace allowed).
  static bool valid(const std::string& text) {
    JsonSyntax p(text);
    p.ws();
    if (!p.value()) return false;
    p.ws();
    return p.i_ == text.size();
  }

 private:
  explicit JsonSyntax(const std::string& s) : s_(s) {}
  bool more() const { return i_ < s_.size(); }
  char peek() const { return more() ? s_[i_] : '\0'; }
  void ws() {
    while (more() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  bool literal(const char* word) {
    size_t n = std::char_traits<char>::length(word);
    if (s_.compare(i_, n, word) != 0) return false;
    i_ += n;
    return true;
  }
  bool value() {
    if (++depth_ > 256) return false;
    bool ok;
    switch (peek()) {
      case '{': ok = object(); break;
      case '[': ok = array(); break;
      case '"': ok = string(); break;
      case 't': ok = literal("true"); break;
      case 'f': ok = literal("false"); break;
      case 'n': ok = literal("null"); break;
      default: ok = number(); break;
    }
    --depth_;
    return ok;
  }
  bool object() {
    ++i_;
    ws();
    if (peek() == '}') return ++i_, true;
    for (;;) {
      ws();
      if (peek() != '"' || !string()) return false;
      ws();
      if (peek() != ':') return false;
      ++i_;
      ws();
      if (!value()) return false;
      ws();
      if (peek() == ',') {
        ++i_;
        continue;
      }
      if (peek() == '}') return ++i_, true;
      return false;
    }
  }
  bool array() {
    ++i_;
    ws();
    if (peek() == ']') return ++i_, true;
    for (;;) {
      ws();
      if (!value()) return false;
      ws();
      if (peek() == ',') {
        ++i_;
        continue;
      }
      if (peek() == ']') return ++i_, true;
      return false;
    }
  }
  bool string() {
    ++i_;
    while (more()) {
      unsigned char c = static_cast<unsigned char>(s_[i_++]);
      if (c == '"') return true;
      if (c < 0x20) return false;
      if (c == '\\') {
        if (!more()) return false;
        char e = s_[i_++];
        if (e == 'u') {
          for (int k = 0; k < 4; ++k)
            if (!more() || !std::isxdigit(static_cast<unsigned char>(s_[i_++]))) return false;
        } else if (std::string("\"\\/bfnrt").find(e) == std::string::npos) {
          return false;
        }
      }
    }
    return false;
  }
  bool digits() {
    size_t start = i_;
    while (more() && std::isdigit(static_cast<unsigned char>(s_[i_]))) ++i_;
    return i_ > start;
  }
  bool number() {
    if (peek() == '-') ++i_;
    if (peek() == '0')
      ++i_;
    else if (!digits())
      return false;
    if (peek() == '.') {
      ++i_;
      if (!digits()) return false;
    }
    if (peek() == 'e' || peek() == 'E') {
      ++i_;
      if (peek() == '+' || peek() == '-') ++i_;
      if (!digits()) return false;
    }
    return true;
  }
  const std::string& s_;
  size_t i_ = 0;
  int depth_ = 0;
};

}  // namespace d3dvk::test
