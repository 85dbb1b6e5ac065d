// translate/dxbc/listing_chunks.cpp — the listing's container lines: chunk order,
// SFI0 value, STAT counters and hex-carried chunks (see listing_chunks.h).
#include "dxbc/listing_chunks.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>

namespace d3dvk::dxbc::listing {
namespace {

std::string trim(std::string_view s) {
  size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return std::string(s.substr(a, b - a));
}

bool startsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

[[noreturn]] void fail(size_t line, const std::string& what) {
  throw Error("line " + std::to_string(line) + ": " + what);
}

std::vector<std::string> words(std::string_view s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : std::string(s) + " ") {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  return out;
}

uint64_t parseNumber(const std::string& t, size_t line, const char* what, int base, uint64_t max) {
  std::string body = base == 16 && (startsWith(t, "0x") || startsWith(t, "0X")) ? t.substr(2) : t;
  if (body.empty()) fail(line, std::string("missing ") + what);
  for (char c : body)
    if (base == 16 ? !std::isxdigit(static_cast<unsigned char>(c)) : !std::isdigit(static_cast<unsigned char>(c)))
      fail(line, std::string("bad ") + what + " '" + t + "'");
  errno = 0;
  unsigned long long v = std::strtoull(body.c_str(), nullptr, base);
  if (errno || v > max) fail(line, std::string(what) + " '" + t + "' out of range");
  return v;
}

uint32_t codeFromText(const std::string& t, size_t line) {
  if (startsWith(t, "0x")) return uint32_t(parseNumber(t, line, "chunk code", 16, 0xffffffffu));
  if (t.size() != 4) fail(line, "chunk name '" + t + "' is not four characters (or 0x and a hex code)");
  for (char c : t)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') fail(line, "chunk name '" + t + "' has odd characters");
  return uint32_t(uint8_t(t[0])) | uint32_t(uint8_t(t[1])) << 8 | uint32_t(uint8_t(t[2])) << 16 |
         uint32_t(uint8_t(t[3])) << 24;
}

const char kHex[] = "0123456789abcdef";

}  // namespace

SignatureRole signatureRole(uint32_t code) {
  if (code == fourcc("ISGN") || code == fourcc("ISG1")) return SignatureRole::Input;
  if (code == fourcc("OSGN") || code == fourcc("OSG5") || code == fourcc("OSG1")) return SignatureRole::Output;
  if (code == fourcc("PCSG") || code == fourcc("PSG1")) return SignatureRole::PatchConstant;
  return SignatureRole::None;
}

SignatureFormat signatureFormatOf(uint32_t code) {
  if (code == fourcc("OSG5")) return SignatureFormat::Stream;
  if (code == fourcc("ISG1") || code == fourcc("OSG1") || code == fourcc("PSG1")) return SignatureFormat::Full;
  return SignatureFormat::Basic;
}

uint32_t signatureCode(SignatureRole role, SignatureFormat format) {
  switch (role) {
    case SignatureRole::Input: return format == SignatureFormat::Full ? fourcc("ISG1") : fourcc("ISGN");
    case SignatureRole::Output:
      return format == SignatureFormat::Full     ? fourcc("OSG1")
             : format == SignatureFormat::Stream ? fourcc("OSG5")
                                                 : fourcc("OSGN");
    case SignatureRole::PatchConstant: return format == SignatureFormat::Full ? fourcc("PSG1") : fourcc("PCSG");
    case SignatureRole::None: break;
  }
  return 0;
}

SignatureFormat defaultSignatureFormat(const Signature& sig, bool streamRows) {
  if (streamRows) return SignatureFormat::Stream;
  for (const SignatureElement& e : sig.elements)
    if (e.minPrecision) return SignatureFormat::Full;
  return SignatureFormat::Basic;
}

bool isReadableChunk(const Chunk& c) {
  if (signatureRole(c.code) != SignatureRole::None) return true;
  if (c.code == fourcc("SHDR") || c.code == fourcc("SHEX")) return true;
  if (c.code == fourcc("SFI0")) return c.data.size() == 8;
  if (c.code == fourcc("STAT")) return c.data.size() % 4 == 0;
  return false;
}

std::vector<uint32_t> defaultChunkOrder(ProgramType stage, const std::vector<uint32_t>& codes) {
  std::vector<uint32_t> rest = codes, out;
  auto take = [&](auto pred) {
    for (auto it = rest.begin(); it != rest.end();) {
      if (pred(*it)) {
        out.push_back(*it);
        it = rest.erase(it);
      } else {
        ++it;
      }
    }
  };
  auto role = [](SignatureRole r) { return [r](uint32_t c) { return signatureRole(c) == r; }; };
  take([](uint32_t c) { return c == fourcc("RDEF"); });
  take(role(SignatureRole::Input));
  if (stage == ProgramType::Domain) take(role(SignatureRole::PatchConstant));
  take(role(SignatureRole::Output));
  take(role(SignatureRole::PatchConstant));
  take([](uint32_t c) { return c == fourcc("IFCE"); });
  take([](uint32_t c) { return c == fourcc("SHDR") || c == fourcc("SHEX"); });
  take([](uint32_t c) { return c == fourcc("SFI0"); });
  take([](uint32_t c) { return c == fourcc("STAT"); });
  out.insert(out.end(), rest.begin(), rest.end());
  return out;
}

std::string chunkCodeText(uint32_t code) {
  std::string s;
  for (int i = 0; i < 4; ++i) {
    char c = char((code >> (8 * i)) & 0xff);
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') {
      char b[16];
      std::snprintf(b, sizeof b, "0x%08x", code);
      return b;
    }
    s += c;
  }
  return s;
}

std::string formatChunkOrder(const std::vector<uint32_t>& codes) {
  std::string s = "// Chunks:";
  for (uint32_t c : codes) s += " " + chunkCodeText(c);
  return s + "\n";
}

std::string formatFeatureFlags(uint64_t flags) {
  char b[32];
  std::snprintf(b, sizeof b, "0x%llx", static_cast<unsigned long long>(flags));
  return "// Shader feature flags (SFI0): " + std::string(b) + "\n";
}

std::string formatStatistics(const Chunk& stat) {
  std::string s = "// Statistics (STAT):";
  for (size_t i = 0; i + 4 <= stat.data.size(); i += 4) {
    const uint32_t v = uint32_t(stat.data[i]) | uint32_t(stat.data[i + 1]) << 8 | uint32_t(stat.data[i + 2]) << 16 |
                       uint32_t(stat.data[i + 3]) << 24;
    s += " " + std::to_string(v);
  }
  return s + "\n";
}

std::string formatRawChunk(const Chunk& chunk) {
  std::string s = "// Chunk " + chunkCodeText(chunk.code) + ", " + std::to_string(chunk.data.size()) + " bytes:\n";
  for (size_t i = 0; i < chunk.data.size(); i += 32) {
    s += "//  ";
    for (size_t j = i; j < chunk.data.size() && j < i + 32; ++j) {
      if ((j - i) % 4 == 0) s += ' ';
      s += kHex[chunk.data[j] >> 4];
      s += kHex[chunk.data[j] & 0xf];
    }
    s += "\n";
  }
  return s;
}

HeaderChunks readHeaderChunks(const std::vector<std::string>& lines) {
  HeaderChunks h;
  for (size_t i = 0; i < lines.size(); ++i) {
    const size_t line = i + 1;
    std::string t = trim(lines[i]);
    if (t.empty()) continue;
    if (!startsWith(t, "//")) break;  // code starts: the header is over
    std::string body = trim(std::string_view(t).substr(2));
    if (startsWith(body, "Chunks:")) {
      if (h.order) fail(line, "a second '// Chunks:' line");
      std::vector<uint32_t> codes;
      for (const std::string& w : words(std::string_view(body).substr(7))) codes.push_back(codeFromText(w, line));
      if (codes.empty()) fail(line, "'// Chunks:' names no chunk");
      h.order = codes;
    } else if (startsWith(body, "Shader feature flags (SFI0):")) {
      if (h.featureFlags) fail(line, "a second SFI0 line");
      h.featureFlags = parseNumber(trim(std::string_view(body).substr(28)), line, "SFI0 value", 16, ~0ull);
    } else if (startsWith(body, "Statistics (STAT):")) {
      if (h.statistics) fail(line, "a second STAT line");
      std::vector<uint8_t> bytes;
      for (const std::string& w : words(std::string_view(body).substr(18))) {
        const uint32_t v = uint32_t(parseNumber(w, line, "STAT counter", 10, 0xffffffffu));
        for (int b = 0; b < 4; ++b) bytes.push_back(uint8_t(v >> (8 * b)));
      }
      h.statistics = std::move(bytes);
    } else if (startsWith(body, "Chunk ") && body.size() > 7 && body.back() == ':') {
      // "Chunk RDEF, 112 bytes:" and the hex lines after it.
      std::vector<std::string> w = words(std::string_view(body).substr(6, body.size() - 7));
      if (w.size() != 3 || w[0].empty() || w[0].back() != ',' || w[2] != "bytes")
        fail(line, "expected '// Chunk NAME, N bytes:'");
      Chunk c;
      c.code = codeFromText(w[0].substr(0, w[0].size() - 1), line);
      if (isReadableChunk(Chunk{c.code, {}, 0}) && signatureRole(c.code) != SignatureRole::None)
        fail(line, "chunk " + chunkCodeText(c.code) + " is written as a signature table, not as hex");
      const uint64_t size = parseNumber(w[1], line, "chunk size", 10, 0x7fffffff);
      while (c.data.size() < size) {
        if (++i >= lines.size()) fail(line, "chunk " + chunkCodeText(c.code) + " ends after " + std::to_string(c.data.size()) +
                                                " of its " + std::to_string(size) + " bytes");
        std::string hl = trim(lines[i]);
        if (!startsWith(hl, "//")) fail(i + 1, "chunk " + chunkCodeText(c.code) + " needs " +
                                                   std::to_string(size - c.data.size()) + " more bytes of hex");
        std::vector<std::string> groups = words(std::string_view(hl).substr(2));
        if (groups.empty()) fail(i + 1, "chunk " + chunkCodeText(c.code) + " needs " +
                                            std::to_string(size - c.data.size()) + " more bytes of hex");
        for (const std::string& g : groups) {
          if (g.size() % 2) fail(i + 1, "hex group '" + g + "' has an odd number of digits");
          for (size_t k = 0; k < g.size(); k += 2)
            c.data.push_back(uint8_t(parseNumber(g.substr(k, 2), i + 1, "hex byte", 16, 0xff)));
        }
        if (c.data.size() > size)
          fail(i + 1, "chunk " + chunkCodeText(c.code) + " has " + std::to_string(c.data.size()) + " bytes of hex, " +
                          std::to_string(size) + " declared");
      }
      h.raw.push_back(std::move(c));
    }
  }
  return h;
}

uint64_t deriveFeatureFlags(const Program& program, const Signature& inputs, const Signature& outputs) {
  uint64_t flags = 0;
  struct Scan {
    static void operand(const Operand& op, uint64_t& f) {
      if (op.type == OperandType::InnerCoverage) f |= kFeatureInnerCoverage;
      if (op.type == OperandType::OutputStencilRef) f |= kFeatureStencilRef;
      if (op.minPrecision) f |= kFeatureMinimumPrecision;
      for (const OperandIndex& i : op.index)
        for (const Operand& r : i.rel) operand(r, f);
    }
  };
  for (const Instruction& inst : program.instructions) {
    for (const Operand& op : inst.operands) Scan::operand(op, flags);
    // Double-precision instructions (and the 11.1 ones: ddiv, dfma, drcp, dtoi, dtou, itod, utod).
    if (isDoubleOpcode(inst.opcode)) flags |= kFeatureDoubles;
    if (isDoubleExtensionOpcode(inst.opcode)) flags |= kFeature11_1DoubleExtensions;
    // SV_RenderTargetArrayIndex / SV_ViewportArrayIndex written before the geometry stage.
    if (inst.opcode == Opcode::DclOutputSiv && program.type != ProgramType::Geometry && !inst.extra.empty() &&
        (inst.extra[0] == uint32_t(SystemName::RenderTargetArrayIndex) ||
         inst.extra[0] == uint32_t(SystemName::ViewportArrayIndex)))
      flags |= kFeatureViewportAndRtArrayIndexFromAnyStage;
  }
  for (const SignatureElement& e : inputs.elements)
    if (effectiveSystemValue(e) == kNameInnerCoverage) flags |= kFeatureInnerCoverage;
  for (const SignatureElement& e : outputs.elements)
    if (effectiveSystemValue(e) == kNameStencilRef) flags |= kFeatureStencilRef;
  return flags;
}

}  // namespace d3dvk::dxbc::listing
