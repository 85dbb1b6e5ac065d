// d3dvk tools/d3dvk-raster: reads triangles (render-target pixels) on stdin, runs
// translate/raster, prints one JSON object per triangle (JSON Lines) on stdout.
// The option set, input format, output format and exit codes are a contract other
// tools rely on; see usage() and docs/tools.md. Parsing is locale-independent
// (std::from_chars), output is built with std::to_chars.
#include "d3dvk/raster/rasterizer.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

using namespace d3dvk::raster;

namespace {

constexpr const char* kUsage =
    "usage: d3dvk-raster [--mode conservative|standard] [--tier 1|2|3] [--cull none|front|back]\n"
    "                    [--front-ccw] [--rt W H] [--scissor X Y W H] [--threads N] [--spans]\n"
    "\n"
    "Reads one triangle per line on stdin: x0 y0 x1 y1 x2 y2 in render-target pixels\n"
    "(y down, '.' decimal point). Blank lines and lines starting with '#' are skipped.\n"
    "Writes one JSON object per triangle (JSON Lines), in input order:\n"
    "  {\"tri\":I,\"culled\":false,\"degenerate\":false,\"front\":true,\"pixels\":[[x,y,inner],...]}\n"
    "  with --spans: \"spans\":[[y,x_begin,x_end,inner],...] (half-open) instead of \"pixels\";\n"
    "  culled: \"culled\":true and \"reason\"; a bad line: {\"tri\":I,\"error\":\"...\"}.\n"
    "Defaults: --mode conservative --tier 3 --cull none, clockwise front, --rt 4096 4096,\n"
    "no scissor, --threads 1. Exit code: 0 ok, 1 if any line failed, 2 bad arguments.\n";

struct Options {
  RasterizerDrawState state;
  unsigned threads = 1;
  bool spans = false;
};

template <class T>
bool parseInt(std::string_view s, T& v) {
  if (s.empty()) return false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && p == s.data() + s.size();
}

// Returns 0 to continue, 1 for --help (printed), 2 for a bad argument (reported).
int parseArgs(int argc, char** argv, Options& o) {
  std::int64_t rtW = 4096, rtH = 4096;
  std::optional<std::int64_t> sx, sy, sw, sh;
  auto bad = [](const std::string& why) {
    std::cerr << "d3dvk-raster: " << why << "\n" << kUsage;
    return 2;
  };
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    auto need = [&](int n) { return i + n < argc; };
    if (a == "--help" || a == "-h") {
      std::cout << kUsage;
      return 1;
    } else if (a == "--mode") {
      if (!need(1)) return bad("--mode needs a value");
      const std::string_view v = argv[++i];
      if (v == "conservative") o.state.mode = RasterMode::Conservative;
      else if (v == "standard") o.state.mode = RasterMode::Standard;
      else return bad("bad --mode '" + std::string(v) + "'");
    } else if (a == "--tier") {
      if (!need(1)) return bad("--tier needs a value");
      const std::string_view v = argv[++i];
      if (v == "1") o.state.tier = ConservativeTier::Tier1;
      else if (v == "2") o.state.tier = ConservativeTier::Tier2;
      else if (v == "3") o.state.tier = ConservativeTier::Tier3;
      else return bad("bad --tier '" + std::string(v) + "'");
    } else if (a == "--cull") {
      if (!need(1)) return bad("--cull needs a value");
      const std::string_view v = argv[++i];
      if (v == "none") o.state.cull = CullMode::None;
      else if (v == "front") o.state.cull = CullMode::Front;
      else if (v == "back") o.state.cull = CullMode::Back;
      else return bad("bad --cull '" + std::string(v) + "'");
    } else if (a == "--front-ccw") {
      o.state.frontCounterClockwise = true;
    } else if (a == "--spans") {
      o.spans = true;
    } else if (a == "--rt") {
      if (!need(2)) return bad("--rt needs W H");
      if (!parseInt(argv[i + 1], rtW) || !parseInt(argv[i + 2], rtH) || rtW < 1 || rtH < 1 ||
          rtW > kMaxClipExtent || rtH > kMaxClipExtent)
        return bad("bad --rt (W and H must be integers in 1..32768)");
      i += 2;
    } else if (a == "--scissor") {
      if (!need(4)) return bad("--scissor needs X Y W H");
      std::int64_t v[4];
      for (int k = 0; k < 4; ++k)
        if (!parseInt(argv[i + 1 + k], v[k]) || v[k] < -(std::int64_t{1} << 31) ||
            v[k] >= (std::int64_t{1} << 31))
          return bad("bad --scissor (X Y W H must be 32-bit integers)");
      if (v[2] < 0 || v[3] < 0) return bad("bad --scissor (W and H must not be negative)");
      sx = v[0], sy = v[1], sw = v[2], sh = v[3];
      i += 4;
    } else if (a == "--threads") {
      if (!need(1)) return bad("--threads needs N");
      unsigned n = 0;
      if (!parseInt(argv[++i], n) || n < 1 || n > 256) return bad("bad --threads (1..256)");
      o.threads = n;
    } else {
      return bad("unknown argument '" + std::string(a) + "'");
    }
  }
  std::int64_t l = 0, t = 0, r = rtW, b = rtH;
  if (sx) {
    l = std::max(l, *sx);
    t = std::max(t, *sy);
    r = std::min(r, *sx + *sw);
    b = std::min(b, *sy + *sh);
  }
  r = std::max(r, l);
  b = std::max(b, t);
  o.state.clip = ClipRect{static_cast<std::int32_t>(l), static_cast<std::int32_t>(t),
                          static_cast<std::int32_t>(r), static_cast<std::int32_t>(b)};
  return 0;
}

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

void appendJsonString(std::string& out, std::string_view s) {
  out += '"';
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c >= 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  out += '"';
}

// True when the decimal number `s` (what from_chars accepts in general format:
// [-]digits[.digits][(e|E)[+|-]digits]) has a magnitude above `limit`, decided
// on the decimal digits themselves: 32768.001 is above 32768 although it rounds
// to 32768.0f, and so is 3.2768000000000001e4, which rounds to 32768.0 even in double.
bool decimalAbove(std::string_view s, std::uint32_t limit) {
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) s.remove_prefix(1);
  std::string digits;            // significant digits, leading zeros dropped
  long long pointAt = 0;         // digits of `digits` before the decimal point
  bool afterPoint = false;
  std::size_t i = 0;
  for (; i < s.size() && s[i] != 'e' && s[i] != 'E'; ++i) {
    if (s[i] == '.') {
      afterPoint = true;
      continue;
    }
    if (s[i] < '0' || s[i] > '9') return false;  // not a plain decimal (inf, nan): the library decides
    if (digits.empty() && s[i] == '0') {
      if (afterPoint) --pointAt;  // 0.00123: the first significant digit is further right
      continue;
    }
    digits += s[i];
    if (!afterPoint) ++pointAt;
  }
  if (digits.empty()) return false;  // zero
  long long exponent = 0;
  if (i < s.size()) {
    std::string_view e = s.substr(i + 1);
    bool negative = false;
    if (!e.empty() && (e[0] == '-' || e[0] == '+')) negative = e[0] == '-', e.remove_prefix(1);
    for (char c : e) exponent = std::min(exponent * 10 + (c - '0'), 1000000LL);  // far past any float
    if (negative) exponent = -exponent;
  }
  // The value is 0.digits × 10^(pointAt + exponent); compare with the limit's digits.
  const std::string bound = std::to_string(limit);
  const long long integerDigits = pointAt + exponent;
  if (integerDigits != static_cast<long long>(bound.size())) return integerDigits > static_cast<long long>(bound.size());
  for (std::size_t k = 0; k < bound.size(); ++k) {
    const char d = k < digits.size() ? digits[k] : '0';
    if (d != bound[k]) return d > bound[k];
  }
  return digits.find_first_not_of('0', bound.size()) != std::string::npos;  // a nonzero fraction
}

// Parses one decimal coordinate; returns an error message or empty on success.
std::string parseCoordinate(std::string_view tok, float& v) {
  std::string_view s = tok;
  if (s.size() > 1 && s[0] == '+' && s[1] != '-' && s[1] != '+') s.remove_prefix(1);
  const char* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, v, std::chars_format::general);
  if (ec == std::errc::result_out_of_range && p == end) {
    double d = 0;
    auto [p2, ec2] = std::from_chars(s.data(), end, d, std::chars_format::general);
    if (ec2 == std::errc() && p2 == end && d > -1.0 && d < 1.0) {
      v = static_cast<float>(d);  // underflow: a tiny value, keep it
      return {};
    }
    return "coordinate out of range (|v| > 32768): '" + std::string(tok) + "'";
  }
  if (ec != std::errc() || p != end) return "not a decimal number: '" + std::string(tok) + "'";
  // Rounding to float must not bring a value beyond the range into it.
  if (std::fabs(v) <= kMaxCoordinate && decimalAbove(s, static_cast<std::uint32_t>(kMaxCoordinate)))
    return "coordinate out of range (|v| > 32768): '" + std::string(tok) + "'";
  return {};
}

// Parses "x0 y0 x1 y1 x2 y2"; returns an error message or empty on success.
std::string parseTriangle(std::string_view line, ScreenTriangle& t) {
  float v[6];
  int n = 0;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && isBlank(line[i])) ++i;
    if (i >= line.size()) break;
    std::size_t j = i;
    while (j < line.size() && !isBlank(line[j])) ++j;
    const std::string_view tok = line.substr(i, j - i);
    if (n == 6) return "expected 6 numbers (x0 y0 x1 y1 x2 y2), got more";
    std::string err = parseCoordinate(tok, v[n]);
    if (!err.empty()) return err;
    ++n;
    i = j;
  }
  if (n != 6) return "expected 6 numbers (x0 y0 x1 y1 x2 y2), got " + std::to_string(n);
  for (int k = 0; k < 3; ++k) t.v[k] = ScreenVertex{v[2 * k], v[2 * k + 1]};
  return {};
}

void appendInt(std::string& out, long long v) {
  char buf[24];
  auto [p, ec] = std::to_chars(buf, buf + sizeof buf, v);
  (void)ec;
  out.append(buf, p);
}

struct Entry {
  std::uint64_t index;
  std::string error;  // empty: a triangle
  std::size_t tri = 0;
};

bool flushBatch(std::vector<Entry>& entries, std::vector<ScreenTriangle>& tris,
                const Options& o, RasterOutput& out, std::string& text) {
  rasterizeTriangles(tris, o.state, out, o.threads);
  bool anyError = false;
  text.clear();
  for (const Entry& e : entries) {
    text += "{\"tri\":";
    appendInt(text, static_cast<long long>(e.index));
    const TriangleCoverage* tc = e.error.empty() ? &out.triangles[e.tri] : nullptr;
    if (!tc || isRejection(tc->cull)) {
      anyError = true;
      text += ",\"error\":";
      appendJsonString(text, tc ? cullReasonMessage(tc->cull) : std::string_view(e.error));
      text += "}\n";
      continue;
    }
    text += tc->culled() ? ",\"culled\":true" : ",\"culled\":false";
    text += tc->degenerate ? ",\"degenerate\":true" : ",\"degenerate\":false";
    text += tc->frontFacing ? ",\"front\":true" : ",\"front\":false";
    if (tc->culled()) {
      text += ",\"reason\":";
      appendJsonString(text, cullReasonName(tc->cull));
    }
    text += o.spans ? ",\"spans\":[" : ",\"pixels\":[";
    bool first = true;
    const auto rows = out.rowsOf(e.tri);
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const RowSubSpans sub = subSpans(rows[i], tc->firstY + static_cast<int>(i));
      for (int s = 0; s < sub.count; ++s) {
        const CoverageSpan& sp = sub.span[s];
        if (o.spans) {
          text += first ? "[" : ",[";
          first = false;
          appendInt(text, sp.y);
          text += ',';
          appendInt(text, sp.xBegin);
          text += ',';
          appendInt(text, sp.xEnd);
          text += sp.inner ? ",1]" : ",0]";
        } else {
          for (int x = sp.xBegin; x < sp.xEnd; ++x) {
            text += first ? "[" : ",[";
            first = false;
            appendInt(text, x);
            text += ',';
            appendInt(text, sp.y);
            text += sp.inner ? ",1]" : ",0]";
          }
        }
      }
    }
    text += "]}\n";
  }
  std::fwrite(text.data(), 1, text.size(), stdout);
  entries.clear();
  tris.clear();
  return anyError;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (const int r = parseArgs(argc, argv, o); r != 0) return r == 1 ? 0 : 2;
  std::ios::sync_with_stdio(false);

  constexpr std::size_t kBatch = 16384;
  std::vector<Entry> entries;
  std::vector<ScreenTriangle> tris;
  RasterOutput out;
  std::string text, line;
  bool anyError = false;
  std::uint64_t index = 0;
  while (std::getline(std::cin, line)) {
    std::size_t i = 0;
    while (i < line.size() && isBlank(line[i])) ++i;
    if (i == line.size() || line[i] == '#') continue;
    Entry e{index++, {}, 0};
    ScreenTriangle t;
    e.error = parseTriangle(line, t);
    if (e.error.empty()) {
      e.tri = tris.size();
      tris.push_back(t);
    }
    entries.push_back(std::move(e));
    if (entries.size() >= kBatch) anyError |= flushBatch(entries, tris, o, out, text);
  }
  if (!entries.empty()) anyError |= flushBatch(entries, tris, o, out, text);
  std::fflush(stdout);
  return anyError ? 1 : 0;
}
