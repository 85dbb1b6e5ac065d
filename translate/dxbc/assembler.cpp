// translate/dxbc/assembler.cpp — fxc `/Fc` listing → DXBC. Reads the
// `// Input signature:` / `// Output signature:` / `// Patch Constant signature:`
// comment tables into ISGN/OSGN/PCSG (OSG5, ISG1/OSG1/PSG1 by their rows), the
// chunk lines of listing_chunks.h, the version line, declarations and
// instructions; takes SFI0 from its line or derives it from what the code uses;
// writes SHDR (SM4.x) or SHEX (SM5.x) and the chunks in fxc's order.
#include "dxbc/listing.h"
#include "dxbc/listing_chunks.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>

namespace d3dvk::dxbc {
namespace {

std::string trim(std::string_view s) {
  size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return std::string(s.substr(a, b - a));
}

bool startsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

struct LineError {
  size_t line;
  [[noreturn]] void operator()(const std::string& what) const {
    throw Error("line " + std::to_string(line) + ": " + what);
  }
};

// Parses an immediate value: float if it has '.', an exponent, inf or nan; hex with 0x; else integer.
uint32_t parseValue(const std::string& text, const LineError& fail) {
  std::string t = trim(text);
  if (t.empty()) fail("empty immediate value");
  bool neg = t[0] == '-';
  std::string body = neg || t[0] == '+' ? t.substr(1) : t;
  if (startsWith(body, "0x") || startsWith(body, "0X")) {
    char* end = nullptr;
    errno = 0;
    unsigned long long v = std::strtoull(body.c_str() + 2, &end, 16);
    if (body.size() == 2 || *end || errno || v > 0xffffffffull) fail("bad hex value '" + t + "'");
    uint32_t u = uint32_t(v);
    return neg ? uint32_t(0u - u) : u;
  }
  bool isFloat = body.find_first_of(".eE") != std::string::npos || body == "inf" || body == "nan";
  if (isFloat) {
    char* end = nullptr;
    float f = std::strtof(t.c_str(), &end);
    if (*end) fail("bad float value '" + t + "'");
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
  }
  for (char c : body)
    if (!std::isdigit(static_cast<unsigned char>(c))) fail("bad value '" + t + "'");
  errno = 0;
  long long v = std::strtoll(t.c_str(), nullptr, 10);
  if (errno || v > 0xffffffffll || v < -0x80000000ll) fail("value '" + t + "' does not fit 32 bits");
  return uint32_t(int64_t(v));
}

// Parses one value of a d(…) immediate: a double (1.0, -2.5e-300, inf, nan; fxc
// prints 1.000000) or its 64 bits in hex (0x7ff8000000000000, what the
// disassembler prints for NaN, infinities and denormals).
uint64_t parseDoubleValue(const std::string& text, const LineError& fail) {
  std::string t = trim(text);
  if (t.empty()) fail("empty immediate value");
  std::string body = t[0] == '-' || t[0] == '+' ? t.substr(1) : t;
  if (startsWith(body, "0x") || startsWith(body, "0X")) {
    char* end = nullptr;
    errno = 0;
    unsigned long long v = std::strtoull(body.c_str() + 2, &end, 16);
    if (body.size() == 2 || body.size() > 18 || *end || errno || t[0] == '-' || t[0] == '+')
      fail("bad 64-bit hex value '" + t + "'");
    return uint64_t(v);
  }
  for (char c : body)
    if (!std::isdigit(static_cast<unsigned char>(c)) && !std::strchr(".eE+-", c) && body != "inf" && body != "nan")
      fail("bad double value '" + t + "'");
  char* end = nullptr;
  double d = std::strtod(t.c_str(), &end);
  if (end == t.c_str() || *end) fail("bad double value '" + t + "'");
  uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}

uint32_t parseUint(const std::string& text, const LineError& fail, const char* what) {
  std::string t = trim(text);
  if (t.empty()) fail(std::string("missing ") + what);
  for (char c : t)
    if (!std::isdigit(static_cast<unsigned char>(c))) fail(std::string("bad ") + what + " '" + t + "'");
  errno = 0;
  unsigned long long v = std::strtoull(t.c_str(), nullptr, 10);
  if (errno || v > 0xffffffffull) fail(std::string(what) + " '" + t + "' out of range");
  return uint32_t(v);
}

// A declaration payload value: a number, or SM5.1's "space=N".
uint32_t parseExtra(const std::string& text, const LineError& fail) {
  std::string t = trim(text);
  if (t.rfind("space=", 0) == 0) return parseUint(t.substr(6), fail, "register space");
  return parseUint(t, fail, "value");
}

// Splits at top-level commas (outside (), [], {}).
std::vector<std::string> splitTopLevel(std::string_view s) {
  std::vector<std::string> out;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    else if (c == ')' || c == ']' || c == '}') --depth;
    else if (c == ',' && depth == 0) {
      out.push_back(trim(s.substr(start, i - start)));
      start = i + 1;
    }
  }
  std::string last = trim(s.substr(start));
  if (!last.empty() || !out.empty()) out.push_back(last);
  return out;
}

int componentIndex(char c) {
  switch (c) {
    case 'x': case 'r': return 0;
    case 'y': case 'g': return 1;
    case 'z': case 'b': return 2;
    case 'w': case 'a': return 3;
    default: return -1;
  }
}

const std::map<std::string, OperandType>& prefixMap() {
  static const std::map<std::string, OperandType> m = [] {
    std::map<std::string, OperandType> r;
    for (uint32_t t = 0; t < kOperandTypeCount; ++t) {
      std::string_view p = operandTypePrefix(OperandType(t));
      if (!p.empty() && t != uint32_t(OperandType::Immediate32) && t != uint32_t(OperandType::Immediate64))
        r[std::string(p)] = OperandType(t);
    }
    r["CB"] = OperandType::ConstantBuffer;
    r["T"] = OperandType::Resource;
    r["S"] = OperandType::Sampler;
    r["U"] = OperandType::UnorderedAccessView;
    return r;
  }();
  return m;
}

bool isOneComponentType(OperandType t) {
  switch (t) {
    case OperandType::InputPrimitiveId: case OperandType::OutputDepth: case OperandType::OutputCoverageMask:
    case OperandType::InputCoverageMask: case OperandType::InnerCoverage: case OperandType::OutputDepthGreaterEqual:
    case OperandType::OutputDepthLessEqual: case OperandType::OutputStencilRef: case OperandType::InputGsInstanceId:
    case OperandType::InputThreadIdInGroupFlattened: case OperandType::OutputControlPointId:
    case OperandType::InputForkInstanceId: case OperandType::InputJoinInstanceId:
      return true;
    default: return false;
  }
}
bool isComponentlessInDeclaration(OperandType t) {
  switch (t) {
    case OperandType::InputPrimitiveId: case OperandType::InputGsInstanceId:
    case OperandType::InputThreadIdInGroupFlattened: case OperandType::OutputControlPointId:
    case OperandType::InputForkInstanceId: case OperandType::InputJoinInstanceId:
    case OperandType::OutputCoverageMask:
      return true;
    default: return false;
  }
}
bool isZeroComponentType(OperandType t) {
  switch (t) {
    case OperandType::Sampler: case OperandType::Resource: case OperandType::UnorderedAccessView:
    case OperandType::Label: case OperandType::Null: case OperandType::Rasterizer: case OperandType::Stream:
    case OperandType::FunctionBody: case OperandType::FunctionTable: case OperandType::Interface:
    case OperandType::ThisPointer: case OperandType::ThreadGroupSharedMemory:
      return true;
    default: return false;
  }
}

enum class Ctx { Dest, Source, Decl };

class OperandParser {
 public:
  OperandParser(std::string_view s, const LineError& fail) : s_(s), fail_(fail) {}

  Operand parse(Ctx ctx) {
    Operand op = parseModified(ctx);
    skipSpace();
    if (pos_ != s_.size()) fail_("unexpected '" + std::string(s_.substr(pos_)) + "' after operand");
    return op;
  }

 private:
  void skipSpace() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  bool eat(char c) {
    skipSpace();
    if (pos_ < s_.size() && s_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }

  Operand parseModified(Ctx ctx) {
    bool neg = eat('-');
    bool abs = eat('|');
    Operand op = parseCore(ctx);
    if (abs && !eat('|')) fail_("missing closing '|'");
    if (neg || abs) {
      op.extended = true;
      op.modifier = neg && abs ? OperandModifier::AbsNeg : neg ? OperandModifier::Neg : OperandModifier::Abs;
    }
    while (eat('{')) {
      size_t close = s_.find('}', pos_);
      if (close == std::string_view::npos) fail_("missing '}'");
      std::string tag(s_.substr(pos_, close - pos_));
      pos_ = close + 1;
      op.extended = true;
      if (tag == "ext") continue;
      if (tag == "nonuniform") op.nonUniform = true;
      else if (startsWith(tag, "min") && tag.size() == 4 && std::isdigit(static_cast<unsigned char>(tag[3])))
        op.minPrecision = uint32_t(tag[3] - '0') & 7;
      else fail_("unknown operand tag '{" + tag + "}'");
    }
    return op;
  }

  Operand parseCore(Ctx ctx) {
    skipSpace();
    Operand op;
    op.offset = 0;
    if (startsWith(s_.substr(pos_), "l(")) {
      pos_ += 2;
      size_t close = s_.find(')', pos_);
      if (close == std::string_view::npos) fail_("missing ')' in immediate");
      auto vals = splitTopLevel(s_.substr(pos_, close - pos_));
      pos_ = close + 1;
      if (vals.size() != 1 && vals.size() != 4) fail_("an immediate needs 1 or 4 values, got " + std::to_string(vals.size()));
      op.type = OperandType::Immediate32;
      op.numComponents = uint32_t(vals.size());
      op.selection = SelectionMode::Mask;
      op.mask = 0;
      op.immCount = uint32_t(vals.size());
      for (size_t i = 0; i < vals.size(); ++i) op.imm[i] = parseValue(vals[i], fail_);
      return op;
    }
    if (startsWith(s_.substr(pos_), "d(")) {  // 64-bit immediate: one double, or two (a 4-component operand)
      pos_ += 2;
      size_t close = s_.find(')', pos_);
      if (close == std::string_view::npos) fail_("missing ')' in immediate");
      auto vals = splitTopLevel(s_.substr(pos_, close - pos_));
      pos_ = close + 1;
      if (vals.size() != 1 && vals.size() != 2)
        fail_("a double immediate needs 1 or 2 values, got " + std::to_string(vals.size()));
      op.type = OperandType::Immediate64;
      op.numComponents = vals.size() == 1 ? 1 : 4;
      op.selection = SelectionMode::Mask;
      op.mask = 0;
      op.immCount = uint32_t(vals.size() * 2);
      for (size_t i = 0; i < vals.size(); ++i) {
        const uint64_t bits = parseDoubleValue(vals[i], fail_);
        op.imm[2 * i] = uint32_t(bits);
        op.imm[2 * i + 1] = uint32_t(bits >> 32);
      }
      return op;
    }
    size_t start = pos_;
    while (pos_ < s_.size() && (std::isalpha(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_')) ++pos_;
    std::string prefix(s_.substr(start, pos_ - start));
    auto it = prefixMap().find(prefix);
    if (it == prefixMap().end()) fail_("unknown register '" + std::string(s_.substr(start)) + "'");
    op.type = it->second;
    // inline first index
    size_t digits = pos_;
    while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) ++pos_;
    if (pos_ > digits) {
      op.index[0].repr = IndexRepr::Imm32;
      op.index[0].imm = parseUint(std::string(s_.substr(digits, pos_ - digits)), fail_, "register index");
      op.indexDimension = 1;
    }
    while (pos_ < s_.size() && s_[pos_] == '[') {
      if (op.indexDimension >= 3) fail_("more than 3 indices");
      size_t close = findClose(pos_);
      std::string inner = trim(s_.substr(pos_ + 1, close - pos_ - 1));
      pos_ = close + 1;
      size_t colon = inner.find(':');
      if (colon != std::string::npos) {  // SM5.1 range [lower:upper]
        if (op.indexDimension >= 2) fail_("a [lower:upper] range needs two free indices");
        op.index[op.indexDimension].repr = IndexRepr::Imm32;
        op.index[op.indexDimension++].imm = parseUint(inner.substr(0, colon), fail_, "range lower bound");
        op.index[op.indexDimension].repr = IndexRepr::Imm32;
        const std::string upper = trim(inner.substr(colon + 1));  // "*": unbounded (0xffffffff)
        op.index[op.indexDimension++].imm = upper == "*" ? 0xffffffffu : parseUint(upper, fail_, "range upper bound");
        continue;
      }
      op.index[op.indexDimension++] = parseIndex(inner);
    }
    // components
    if (pos_ < s_.size() && s_[pos_] == '.') {
      ++pos_;
      size_t cs = pos_;
      while (pos_ < s_.size() && std::isalpha(static_cast<unsigned char>(s_[pos_]))) ++pos_;
      std::string comps(s_.substr(cs, pos_ - cs));
      if (comps.empty() || comps.size() > 4) fail_("bad component selection '." + comps + "'");
      op.numComponents = 4;
      if (ctx == Ctx::Source) {
        if (comps.size() == 1) {
          op.selection = SelectionMode::Select1;
          int c = componentIndex(comps[0]);
          if (c < 0) fail_("bad component '" + comps + "'");
          for (auto& sw : op.swizzle) sw = uint8_t(c);
        } else if (comps.size() == 4) {
          op.selection = SelectionMode::Swizzle;
          for (int i = 0; i < 4; ++i) {
            int c = componentIndex(comps[i]);
            if (c < 0) fail_("bad swizzle '." + comps + "'");
            op.swizzle[i] = uint8_t(c);
          }
        } else {
          fail_("a source swizzle needs 1 or 4 components: '." + comps + "'");
        }
      } else {
        op.selection = SelectionMode::Mask;
        op.mask = 0;
        int last = -1;
        for (char ch : comps) {
          int c = componentIndex(ch);
          if (c <= last) fail_("bad write mask '." + comps + "'");
          last = c;
          op.mask |= uint8_t(1 << c);
        }
      }
    } else if (isOneComponentType(op.type)) {
      // fxc declares the generated input values (vPrim, vGSInstanceID,
      // vThreadIDInGroupFlattened, vOutputControlPointID, vForkInstanceID,
      // vJoinInstanceID) and oMask without components, and uses them with one.
      op.numComponents = ctx == Ctx::Decl && isComponentlessInDeclaration(op.type) ? 0 : 1;
    } else if (isZeroComponentType(op.type)) {
      op.numComponents = 0;
    } else if ((op.type == OperandType::Temp || op.type == OperandType::Input || op.type == OperandType::Output) &&
               op.indexDimension == 0) {
      // A bare "r" / "v" / "o": the register-less operand token fxc writes after
      // samplepos's and some sample_*/lod forms' operands (0x0, 0x2000).
      op.numComponents = 0;
    } else if (op.type == OperandType::ConstantBuffer || ctx == Ctx::Source) {
      op.numComponents = 4;
      op.selection = SelectionMode::Swizzle;
    } else {
      op.numComponents = 4;
      op.selection = SelectionMode::Mask;
      op.mask = 0xf;
    }
    // SM5.1 range declarations (T0[0:0], S1[2:2], U0[0:0]): fxc gives the operand
    // four components and the identity swizzle, printed without a suffix.
    if (ctx == Ctx::Decl && op.indexDimension == 3 &&
        (op.type == OperandType::Resource || op.type == OperandType::Sampler ||
         op.type == OperandType::UnorderedAccessView) &&
        (op.numComponents == 0 || (op.selection == SelectionMode::Mask && op.mask == 0xf))) {
      op.numComponents = 4;
      op.selection = SelectionMode::Swizzle;
      for (uint8_t c = 0; c < 4; ++c) op.swizzle[c] = c;
    }
    return op;
  }

  size_t findClose(size_t open) {
    int depth = 0;
    for (size_t i = open; i < s_.size(); ++i) {
      if (s_[i] == '[') ++depth;
      else if (s_[i] == ']' && --depth == 0) return i;
    }
    fail_("missing ']'");
  }

  OperandIndex parseIndex(const std::string& inner) {
    OperandIndex idx;
    if (!inner.empty() && std::isdigit(static_cast<unsigned char>(inner[0]))) {
      idx.repr = IndexRepr::Imm32;
      idx.imm = parseUint(inner, fail_, "index");
      return idx;
    }
    size_t plus = inner.rfind('+');
    std::string relText = inner, immText;
    if (plus != std::string::npos) {
      relText = trim(inner.substr(0, plus));
      immText = trim(inner.substr(plus + 1));
    }
    OperandParser sub(relText, fail_);
    idx.rel.push_back(sub.parse(Ctx::Source));
    if (plus != std::string::npos) {
      idx.repr = IndexRepr::Imm32PlusRelative;
      idx.imm = parseUint(immText, fail_, "index offset");
    } else {
      idx.repr = IndexRepr::Relative;
    }
    return idx;
  }

  std::string_view s_;
  size_t pos_ = 0;
  const LineError& fail_;
};

Operand parseOperand(const std::string& text, Ctx ctx, const LineError& fail) {
  OperandParser p(text, fail);
  return p.parse(ctx);
}

const std::map<std::string, Opcode>& nameMap() {
  static const std::map<std::string, Opcode> m = [] {
    std::map<std::string, Opcode> r;
    for (uint32_t i = 0; i < kOpcodeCount; ++i)
      if (opcodeInfo(Opcode(i)).name) r[opcodeInfo(Opcode(i)).name] = Opcode(i);
    r["ld_ms_s"] = Opcode::LdMsS;  // ldms_s's other spelling (like ld_ms)
    return r;
  }();
  return m;
}

uint32_t returnTypeFromText(const std::string& t, const LineError& fail) {
  for (uint32_t i = 1; i <= 9; ++i)
    if (t == returnTypeText(i)) return i;
  fail("unknown return type '" + t + "'");
}

ResourceDimension dimensionFromText(const std::string& t, const LineError& fail) {
  for (uint32_t i = 0; i <= 12; ++i)
    if (t == resourceDimensionText(ResourceDimension(i))) return ResourceDimension(i);
  fail("unknown resource dimension '" + t + "'");
}

// Parses "(a,b,c,d)" return types into the 4x4-bit dword.
uint32_t parseReturnTypes(const std::string& text, const LineError& fail) {
  if (text.size() < 2 || text.front() != '(' || text.back() != ')') fail("expected (type,type,type,type), got '" + text + "'");
  auto parts = splitTopLevel(std::string_view(text).substr(1, text.size() - 2));
  if (parts.size() != 4) fail("return types need 4 entries: '" + text + "'");
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= returnTypeFromText(parts[i], fail) << (4 * i);
  return v;
}

bool isConditional(Opcode op) {
  return op == Opcode::If || op == Opcode::Breakc || op == Opcode::Continuec || op == Opcode::Retc ||
         op == Opcode::Discard || op == Opcode::Callc;
}

// Tries to parse `rest` as the mnemonic suffix list; returns false when it is not one.
bool parseSuffixes(std::string_view rest, Opcode op, Instruction& inst, const LineError& fail) {
  while (!rest.empty()) {
    auto take = [&](std::string_view p) {
      if (startsWith(rest, p)) {
        rest.remove_prefix(p.size());
        return true;
      }
      return false;
    };
    auto parenArg = [&]() -> std::string {
      if (rest.empty() || rest[0] != '(') fail("expected '('");
      size_t close = rest.find(')');
      if (close == std::string_view::npos) fail("missing ')'");
      std::string arg(rest.substr(1, close - 1));
      rest.remove_prefix(close + 1);
      return arg;
    };
    if (op == Opcode::Sync) {
      // sync[_uglobal|_ugroup][_g][_t]: controls bits 3, 2, 1, 0.
      if (take("_uglobal")) inst.controls |= 8;
      else if (take("_ugroup")) inst.controls |= 4;
      else if (take("_g")) inst.controls |= 2;
      else if (take("_t")) inst.controls |= 1;
      else return false;
    } else if ((op == Opcode::DclUavRaw || op == Opcode::DclUavStructured) && take("_glc")) {
      inst.controls |= 0x20;  // globally coherent
    } else if ((op == Opcode::DclUavRaw || op == Opcode::DclUavStructured) && take("_rov")) {
      inst.controls |= 0x40;  // rasterizer ordered
    } else if (op == Opcode::DclUavStructured && take("_opc")) {
      inst.controls |= 0x1000;  // has an order-preserving counter
    } else if (!opcodeInfo(op).declaration && take("_sat")) {
      inst.controls |= 1u << 2;
    } else if (isConditional(op) && take("_nz")) {
      inst.controls |= 1u << 7;
    } else if (isConditional(op) && take("_z")) {
    } else if (op == Opcode::SampleInfo && take("_uint")) {
      inst.controls |= 1;  // D3D10_SB_INSTRUCTION_RETURN_TYPE: uint
    } else if (op == Opcode::ResInfo && take("_uint")) {
      inst.controls |= 2;
    } else if (op == Opcode::ResInfo && take("_rcpFloat")) {
      inst.controls |= 1;
    } else if (take("_aoffimmi")) {
      auto parts = splitTopLevel(parenArg());
      if (parts.size() != 3) fail("_aoffimmi needs 3 offsets");
      uint32_t t = 1;
      for (int i = 0; i < 3; ++i) {
        int v = int(int32_t(parseValue(parts[i], fail)));
        if (v < -8 || v > 7) fail("_aoffimmi offset " + std::to_string(v) + " outside -8..7");
        t |= uint32_t(v & 0xf) << (9 + 4 * i);
      }
      inst.extendedTokens.push_back(t);
    } else if (take("_indexable")) {
      auto parts = splitTopLevel(parenArg());
      if (parts.empty()) fail("_indexable needs a dimension");
      uint32_t t = 2 | uint32_t(dimensionFromText(parts[0], fail)) << 6;
      if (parts.size() == 2) {
        if (!startsWith(parts[1], "stride=")) fail("expected stride=N");
        uint32_t stride = parseUint(parts[1].substr(7), fail, "stride");
        t |= ((stride / 4) & 0xfff) << 11;
      }
      inst.extendedTokens.push_back(t);
    } else if (rest[0] == '(') {
      std::string arg = "(" + parenArg() + ")";
      inst.extendedTokens.push_back(3 | parseReturnTypes(arg, fail) << 6);
    } else {
      return false;
    }
  }
  return true;
}

struct SigColumns {
  std::vector<std::pair<size_t, size_t>> spans;
};

uint32_t sysValueFromTable(const std::string& t, const LineError& fail) {
  for (uint32_t v = 0; v <= 70; ++v) {
    const char* n = systemValueTableName(v);
    if (n && t == n) return v;
  }
  if (!t.empty() && std::isdigit(static_cast<unsigned char>(t[0]))) return parseUint(t, fail, "system value");
  fail("unknown system value '" + t + "' in signature table");
}

uint8_t lettersMask(const std::string& t, const LineError& fail) {
  uint8_t m = 0;
  for (char c : t) {
    if (c == ' ') continue;
    int i = componentIndex(c);
    if (i < 0) fail("bad component mask '" + t + "' in signature table");
    m |= uint8_t(1 << i);
  }
  return m;
}

SignatureElement parseSignatureRow(const std::string& row, const SigColumns& cols, bool input, const LineError& fail,
                                   bool* streamRow) {
  // row is the text after "//"
  std::vector<std::string> f;
  bool aligned = cols.spans.size() == 7;
  if (aligned)
    for (size_t i = 0; i + 1 < cols.spans.size(); ++i)
      if (cols.spans[i].second < row.size() && row[cols.spans[i].second] != ' ') aligned = false;
  if (aligned) {
    for (size_t i = 0; i < 7; ++i) {
      size_t a = cols.spans[i].first, b = i == 6 ? std::string::npos : cols.spans[i].second;
      f.push_back(a < row.size() ? trim(std::string_view(row).substr(a, b == std::string::npos ? std::string::npos : b - a)) : "");
    }
  } else {
    std::string cur;
    for (char c : row + " ") {
      if (std::isspace(static_cast<unsigned char>(c))) {
        if (!cur.empty()) f.push_back(cur);
        cur.clear();
      } else {
        cur += c;
      }
    }
    if (f.size() == 6) f.push_back("");
    if (f.size() != 7) fail("signature row needs 6 or 7 columns: '" + trim(row) + "'");
  }
  SignatureElement e;
  e.semanticName = f[0];
  // An OSG5 row names its stream: "m1:SV_Position".
  if (e.semanticName.size() > 3 && e.semanticName[0] == 'm' && std::isdigit(static_cast<unsigned char>(e.semanticName[1]))) {
    const size_t colon = e.semanticName.find(':');
    if (colon != std::string::npos) {
      e.stream = parseUint(e.semanticName.substr(1, colon - 1), fail, "stream");
      e.semanticName = e.semanticName.substr(colon + 1);
      if (streamRow) *streamRow = true;
    }
  }
  if (e.semanticName.empty()) fail("signature row without a name");
  for (char c : e.semanticName)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
      fail("semantic name '" + e.semanticName + "' is not an identifier");
  e.semanticIndex = parseUint(f[1], fail, "semantic index");
  bool special = f[2] == "N/A";
  e.systemValue = sysValueFromTable(f[4], fail);
  // Like fxc, the register-less pixel-shader values are stored as 0 and known by name.
  if (e.systemValue >= 64) {
    SignatureElement probe = e;
    probe.systemValue = 0;
    if (effectiveSystemValue(probe) == e.systemValue) e.systemValue = 0;
  }
  // Format: the component type, or its minimum precision (ISG1/OSG1/PSG1) the way
  // fxc prints it (min16f, min2_8f, min16i, min16u), or "type:minN" for other pairs.
  std::string format = f[5];
  if (format == "min16f") format = "float:min1";
  else if (format == "min2_8f") format = "float:min2";
  else if (format == "min16i") format = "int:min4";
  else if (format == "min16u") format = "uint:min5";
  if (const size_t colon = format.find(":min"); colon != std::string::npos) {
    e.minPrecision = parseUint(format.substr(colon + 4), fail, "minimum precision");
    if (!e.minPrecision) fail("minimum precision 0 is written as the plain format");
    format.resize(colon);
  }
  if (format == "float") e.componentType = ComponentType::Float32;
  else if (format == "uint") e.componentType = ComponentType::Uint32;
  else if (format == "int") e.componentType = ComponentType::Sint32;
  else if (format == "unknown") e.componentType = ComponentType::Unknown;
  else fail("unknown signature format '" + f[5] + "'");
  // The read/write byte: an input's components read; an output's components never
  // written, over all four (fxc writes 0xf & ~written: xyz written → 0x8).
  if (special) {
    e.mask = 1;
    e.registerIndex = 0xffffffffu;
    bool yes = f[6] == "YES";
    if (!yes && f[6] != "NO" && !f[6].empty()) fail("expected YES or NO in the Used column, got '" + f[6] + "'");
    e.rwMask = input ? (yes ? 1 : 0) : (yes ? 0xe : 0xf);
  } else {
    e.mask = lettersMask(f[2], fail);
    e.registerIndex = parseUint(f[3], fail, "register");
    uint8_t used = lettersMask(f[6], fail);
    e.rwMask = input ? used : uint8_t(0xf & ~used);
  }
  return e;
}

SystemName systemNameFromToken(const std::string& t, const LineError& fail) {
  for (uint32_t i = 0; i <= uint32_t(SystemName::FinalLineDensityTessFactor); ++i)
    if (t == systemNameToken(SystemName(i))) return SystemName(i);
  fail("unknown system value name '" + t + "'");
}

class Assembler {
 public:
  explicit Assembler(std::string_view text) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // UTF-8 byte-order mark
    size_t start = 0;
    while (start <= text.size()) {
      size_t nl = text.find('\n', start);
      if (nl == std::string_view::npos) nl = text.size();
      std::string l(text.substr(start, nl - start));
      if (!l.empty() && l.back() == '\r') l.pop_back();
      lines_.push_back(l);
      start = nl + 1;
      if (nl == text.size()) break;
    }
  }

  AssembleResult run() {
    AssembleResult r;
    // The stage decides which way the patch-constant table reads (a hull shader
    // writes it, a domain shader reads it); its errors are reported below.
    ProgramType stage = ProgramType::Pixel;
    for (size_t i = 0; i < lines_.size(); ++i) {
      std::string code = stripComment(lines_[i]);
      if (code.empty()) continue;
      try {
        Program probe;
        parseVersion(code, probe, LineError{i + 1});
        stage = probe.type;
      } catch (const Error&) {
      }
      break;
    }
    SignatureTables tables = readSignatures(stage);
    r.inputs = std::move(tables.inputs);
    r.outputs = std::move(tables.outputs);
    r.patchConstants = std::move(tables.patchConstants);
    listing::HeaderChunks header = listing::readHeaderChunks(lines_);
    bool haveVersion = false;
    for (size_t i = 0; i < lines_.size(); ++i) {
      LineError fail{i + 1};
      std::string code = stripComment(lines_[i]);
      if (code.empty()) continue;
      if (!haveVersion) {
        parseVersion(code, r.program, fail);
        haveVersion = true;
        continue;
      }
      if (startsWith(code, "dcl_immediateConstantBuffer")) {
        // may span lines until braces balance
        std::string all = code;
        size_t j = i;
        while (braceDepth(all) > 0) {
          if (++j >= lines_.size()) fail("unterminated dcl_immediateConstantBuffer");
          all += " " + stripComment(lines_[j]);
        }
        i = j;
        r.program.instructions.push_back(parseIcb(all, fail));
        continue;
      }
      unpadded_ = false;
      r.program.instructions.push_back(parseInstruction(code, fail));
      // fxc's padding dword (tokens.h), which its listings do not print: written where fxc writes it.
      Instruction& inst = r.program.instructions.back();
      const bool padded = !inst.operands.empty() && isFxcPaddingOperand(inst.operands.back());
      if (fxcPadsInstruction(r.program, r.program.instructions.size() - 1)) {
        if (unpadded_ && padded) fail("[unpadded] on an instruction that ends in a padding operand");
        if (!unpadded_ && !padded) {
          Operand pad;
          pad.numComponents = 0;
          inst.operands.push_back(pad);
        }
      } else if (unpadded_) {
        fail("[unpadded] is only valid where fxc pads (samplepos on a t#, the *_s sampling forms on offset-capable textures)");
      }
    }
    if (!haveVersion) throw Error("line " + std::to_string(lines_.size()) + ": no shader version line (e.g. ps_5_0)");
    // SFI0: the value the listing states, else what the code uses.
    r.featureFlags = header.featureFlags ? *header.featureFlags
                                         : listing::deriveFeatureFlags(r.program, r.inputs, r.outputs);
    auto words = encodeProgram(r.program);
    std::vector<uint8_t> programBytes(words.size() * 4);
    std::memcpy(programBytes.data(), words.data(), programBytes.size());
    const uint32_t programCode = r.program.major >= 5 ? fourcc("SHEX") : fourcc("SHDR");

    // The chunks: those a "// Chunks:" line names, in its order; else fxc's set in fxc's order.
    using listing::SignatureRole;
    std::vector<uint32_t> order;
    if (header.order) {
      order = *header.order;
    } else {
      order.push_back(listing::signatureCode(SignatureRole::Input, listing::defaultSignatureFormat(r.inputs, false)));
      order.push_back(listing::signatureCode(SignatureRole::Output,
                                             listing::defaultSignatureFormat(r.outputs, tables.outputStreams)));
      if (tables.havePatchConstants)
        order.push_back(listing::signatureCode(SignatureRole::PatchConstant,
                                               listing::defaultSignatureFormat(r.patchConstants, false)));
      order.push_back(programCode);
      if (header.featureFlags || r.featureFlags) order.push_back(fourcc("SFI0"));
      if (header.statistics) order.push_back(fourcc("STAT"));
      for (const Chunk& c : header.raw) order.push_back(c.code);
      order = listing::defaultChunkOrder(r.program.type, order);
    }
    std::vector<Chunk> chunks;
    std::vector<bool> rawUsed(header.raw.size(), false);
    bool haveProgram = false;
    for (uint32_t code : order) {
      // A chunk carried as hex is used as it is, in the listing's order of that kind.
      bool fromRaw = false;
      for (size_t k = 0; k < header.raw.size() && !fromRaw; ++k)
        if (!rawUsed[k] && header.raw[k].code == code) {
          rawUsed[k] = true;
          chunks.push_back(header.raw[k]);
          fromRaw = true;
        }
      if (fromRaw) continue;
      const SignatureRole role = listing::signatureRole(code);
      if (role != SignatureRole::None) {
        Signature sig = role == SignatureRole::Input    ? r.inputs
                        : role == SignatureRole::Output ? r.outputs
                                                        : r.patchConstants;
        sig.format = listing::signatureFormatOf(code);
        chunks.push_back(Chunk{code, writeSignature(sig), 0});
      } else if (code == fourcc("SHDR") || code == fourcc("SHEX")) {
        chunks.push_back(Chunk{code, programBytes, 0});
        haveProgram = true;
      } else if (code == fourcc("SFI0")) {
        chunks.push_back(Chunk{code, writeFeatureFlags(r.featureFlags), 0});
      } else if (code == fourcc("STAT") && header.statistics) {
        chunks.push_back(Chunk{code, *header.statistics, 0});
      } else {
        throw Error("'// Chunks:' names " + listing::chunkCodeText(code) +
                    ", but the listing has no '// Chunk " + listing::chunkCodeText(code) + ", N bytes:' block for it");
      }
    }
    for (size_t k = 0; k < header.raw.size(); ++k)
      if (!rawUsed[k])
        throw Error("the listing carries chunk " + listing::chunkCodeText(header.raw[k].code) +
                    " as hex, but its '// Chunks:' line does not name it");
    if (!haveProgram) throw Error("'// Chunks:' names neither SHDR nor SHEX");
    r.container = writeContainer(chunks);
    return r;
  }

 private:
  static int braceDepth(const std::string& s) {
    int d = 0;
    for (char c : s) d += c == '{' ? 1 : c == '}' ? -1 : 0;
    return d;
  }

  static std::string stripComment(const std::string& l) {
    size_t c = l.find("//");
    return trim(c == std::string::npos ? l : l.substr(0, c));
  }

  struct SignatureTables {
    Signature inputs, outputs, patchConstants;
    bool havePatchConstants = false;
    bool outputStreams = false;  // "m1:" rows: an OSG5
  };

  SignatureTables readSignatures(ProgramType stage) {
    SignatureTables t;
    Signature* current = nullptr;
    bool currentIsInput = false;
    bool inRows = false;
    SigColumns cols;
    for (size_t i = 0; i < lines_.size(); ++i) {
      LineError fail{i + 1};
      std::string tl = trim(lines_[i]);
      if (!startsWith(tl, "//")) {
        if (!tl.empty()) break;  // code starts: tables are over
        continue;
      }
      std::string body = lines_[i].substr(lines_[i].find("//") + 2);
      std::string tb = trim(body);
      if (tb == "Input signature:") { current = &t.inputs; currentIsInput = true; inRows = false; continue; }
      if (tb == "Output signature:") { current = &t.outputs; currentIsInput = false; inRows = false; continue; }
      if (tb == "Patch Constant signature:") {
        // A hull shader writes the patch constants, a domain shader reads them.
        current = &t.patchConstants;
        currentIsInput = stage == ProgramType::Domain;
        t.havePatchConstants = true;
        inRows = false;
        continue;
      }
      if (!tb.empty() && tb.back() == ':') { current = nullptr; continue; }
      if (!current) continue;
      if (startsWith(tb, "----")) {
        cols.spans.clear();
        size_t p = 0;
        while ((p = body.find('-', p)) != std::string::npos) {
          size_t e = body.find(' ', p);
          if (e == std::string::npos) e = body.size();
          cols.spans.push_back({p, e});
          p = e;
        }
        inRows = true;
        continue;
      }
      if (!inRows) continue;
      if (tb.empty()) { inRows = false; current = nullptr; continue; }
      if (tb == "no Input" || tb == "no Output" || tb == "no Parameters" || tb == "no Patch Constant") continue;  // fxc's empty-table row
      current->elements.push_back(
          parseSignatureRow(body, cols, currentIsInput, fail, current == &t.outputs ? &t.outputStreams : nullptr));
    }
    return t;
  }

  static void parseVersion(const std::string& code, Program& p, const LineError& fail) {
    static const std::pair<const char*, ProgramType> types[] = {{"ps_", ProgramType::Pixel}, {"vs_", ProgramType::Vertex},
                                                                {"gs_", ProgramType::Geometry}, {"hs_", ProgramType::Hull},
                                                                {"ds_", ProgramType::Domain}, {"cs_", ProgramType::Compute}};
    for (auto& [pre, type] : types) {
      if (code.size() == 6 && startsWith(code, pre) && code[4] == '_' && std::isdigit(static_cast<unsigned char>(code[3])) &&
          std::isdigit(static_cast<unsigned char>(code[5]))) {
        p.type = type;
        p.major = uint32_t(code[3] - '0');
        p.minor = uint32_t(code[5] - '0');
        if (p.major < 4 || p.major > 5 || p.minor > 1) fail("unsupported shader model '" + code + "' (SM4.0-5.1)");
        return;
      }
    }
    fail("expected a shader version line like ps_5_0, got '" + code + "'");
  }

  static Instruction parseIcb(const std::string& all, const LineError& fail) {
    Instruction inst;
    inst.opcode = Opcode::CustomData;
    inst.customDataClass = uint32_t(CustomDataClass::ImmediateConstantBuffer);
    size_t open = all.find('{');
    size_t close = all.rfind('}');
    if (open == std::string::npos || close == std::string::npos || close < open) fail("dcl_immediateConstantBuffer needs { … }");
    std::string inner = all.substr(open + 1, close - open - 1);
    for (const std::string& row : splitTopLevel(inner)) {
      std::string t = trim(row);
      if (t.size() < 2 || t.front() != '{' || t.back() != '}') fail("immediate constant buffer rows are { a, b, c, d }");
      auto vals = splitTopLevel(std::string_view(t).substr(1, t.size() - 2));
      if (vals.size() != 4) fail("immediate constant buffer rows need 4 values");
      for (auto& v : vals) inst.customData.push_back(parseValue(v, fail));
    }
    return inst;
  }

  Instruction parseInstruction(const std::string& code, const LineError& fail) {
    // The mnemonic ends at the first blank outside parentheses: fxc writes
    // "ld_structured_indexable(structured_buffer, stride=16)(…)" with a blank inside.
    size_t sp = std::string::npos;
    for (size_t i = 0, depth = 0; i < code.size(); ++i) {
      if (code[i] == '(') ++depth;
      else if (code[i] == ')' && depth) --depth;
      else if ((code[i] == ' ' || code[i] == '\t') && depth == 0) {
        sp = i;
        break;
      }
    }
    std::string mn = code.substr(0, sp);
    mn.erase(std::remove_if(mn.begin(), mn.end(), [](char ch) { return ch == ' ' || ch == '\t'; }), mn.end());
    std::string rest = sp == std::string::npos ? "" : trim(code.substr(sp));
    Instruction inst;
    // bracketed options before operands: [precise(mask)] on instructions, [controls(N)] on
    // declarations without a syntax of their own (what the disassembler prints)
    uint32_t precise = 0, controlsOption = 0;
    bool haveControls = false;
    while (startsWith(rest, "[")) {
      size_t close = rest.find(']');
      if (close == std::string::npos) fail("missing ']'");
      std::string opt = rest.substr(1, close - 1);
      rest = trim(rest.substr(close + 1));
      if (startsWith(opt, "precise(") && opt.back() == ')') {
        precise = lettersMask(opt.substr(8, opt.size() - 9), fail);
        if (!precise) fail("empty [precise()] mask");
      } else if (opt == "unpadded") {
        unpadded_ = true;
      } else if (startsWith(opt, "controls(") && opt.back() == ')') {
        controlsOption = parseUint(opt.substr(9, opt.size() - 10), fail, "controls") & 0x1fff;
        haveControls = controlsOption != 0;
        if (!haveControls) fail("[controls(0)] is redundant");
      } else {
        fail("unknown instruction option '[" + opt + "]'");
      }
    }
    auto noOptions = [&] {
      if (precise || haveControls) fail("'" + mn + "' takes no [options]");
    };
    // declarations with their own syntax
    if (mn == "dcl_globalFlags") {
      noOptions();
      inst.opcode = Opcode::DclGlobalFlags;
      static const char* names[] = {"refactoringAllowed", "enableDoublePrecisionFloatOps", "forceEarlyDepthStencil",
                                    "enableRawAndStructuredBuffers", "skipOptimization", "enableMinimumPrecision",
                                    "enable11_1DoubleExtensions", "enable11_1ShaderExtensions"};
      std::string cur;
      for (char c : rest + "|") {
        if (c != '|') { cur += c; continue; }
        std::string f = trim(cur);
        cur.clear();
        if (f.empty() || f == "0") continue;
        bool found = false;
        for (int b = 0; b < 8; ++b)
          if (f == names[b]) { inst.controls |= 1u << b; found = true; }
        if (!found && startsWith(f, "flag")) { inst.controls |= 1u << parseUint(f.substr(4), fail, "flag bit"); found = true; }
        if (!found) fail("unknown global flag '" + f + "'");
      }
      return inst;
    }
    if (mn == "dcl_inputprimitive" || mn == "dcl_outputtopology") {
      noOptions();
      const bool input = mn == "dcl_inputprimitive";
      inst.opcode = input ? Opcode::DclGsInputPrimitive : Opcode::DclGsOutputTopology;
      for (uint32_t v = 1; v < 64 && !inst.controls; ++v) {
        const char* n = input ? gsInputPrimitiveText(v) : gsOutputTopologyText(v);
        if (n && rest == n) inst.controls = v;
      }
      if (!inst.controls) fail("unknown " + std::string(input ? "input primitive" : "output topology") + " '" + rest + "'");
      return inst;
    }
    if (mn == "dcl_tessellator_domain" || mn == "dcl_tessellator_partitioning" ||
        mn == "dcl_tessellator_output_primitive") {
      noOptions();
      const char* (*text)(uint32_t) = mn == "dcl_tessellator_domain"         ? tessDomainText
                                      : mn == "dcl_tessellator_partitioning" ? tessPartitioningText
                                                                             : tessOutputPrimitiveText;
      inst.opcode = nameMap().at(mn);
      for (uint32_t v = 1; v < 8 && !inst.controls; ++v)
        if (text(v) && rest == text(v)) inst.controls = v;
      if (!inst.controls) fail("unknown " + mn.substr(4) + " '" + rest + "'");
      return inst;
    }
    if (mn == "dcl_hs_max_tessfactor") {
      noOptions();
      // fxc: dcl_hs_max_tessfactor l(64.000000): a float, also when written without a point.
      inst.opcode = Opcode::DclHsMaxTessFactor;
      if (!startsWith(rest, "l(") || rest.back() != ')') fail("expected dcl_hs_max_tessfactor l(value)");
      const std::string v = trim(rest.substr(2, rest.size() - 3));
      char* end = nullptr;
      const float f = std::strtof(v.c_str(), &end);
      if (v.empty() || *end) fail("bad maximum tessellation factor '" + v + "'");
      uint32_t u;
      std::memcpy(&u, &f, 4);
      inst.extra.push_back(u);
      return inst;
    }
    if (mn == "dcl_input_control_point_count" || mn == "dcl_output_control_point_count") {
      noOptions();
      inst.opcode = nameMap().at(mn);
      const uint32_t n = parseUint(rest, fail, "control point count");
      if (n > 32) fail("control point count " + std::to_string(n) + " is above 32");
      inst.controls = n;
      return inst;
    }
    if (mn == "dcl_function_body" || mn == "dcl_function_table" || mn == "dcl_interface" ||
        mn == "dcl_interface_dynamicindexed") {
      // Class linkage: dcl_function_body fbN; dcl_function_table ftN = {fb…};
      // dcl_interface[_dynamicindexed] fpN[array length][functions per table] = {ft…}
      if (precise) fail("'" + mn + "' takes no [precise]");
      inst.opcode = mn == "dcl_function_body" ? Opcode::DclFunctionBody
                    : mn == "dcl_function_table" ? Opcode::DclFunctionTable : Opcode::DclInterface;
      inst.controls = controlsOption | (mn == "dcl_interface_dynamicindexed" ? 1u : 0u);
      if (!rest.empty() && rest.back() == ';') rest = trim(rest.substr(0, rest.size() - 1));
      const size_t eq = rest.find('=');
      std::string head = trim(rest.substr(0, eq));
      const char* prefix = inst.opcode == Opcode::DclFunctionBody ? "fb" : inst.opcode == Opcode::DclFunctionTable ? "ft" : "fp";
      if (!startsWith(head, prefix)) fail("expected " + std::string(prefix) + "N after " + mn);
      if (inst.opcode == Opcode::DclFunctionBody) {
        if (eq != std::string::npos) fail("dcl_function_body takes no table");
        inst.extra.push_back(parseUint(head.substr(2), fail, "function body"));
        return inst;
      }
      uint32_t arrayLength = 0, functions = 0;
      if (inst.opcode == Opcode::DclInterface) {  // fpN[array length][functions per table]
        const size_t lb = head.find('['), mid = head.find("]["), rb = head.rfind(']');
        if (lb == std::string::npos || mid == std::string::npos || rb != head.size() - 1)
          fail("expected fpN[array length][functions per table]");
        arrayLength = parseUint(head.substr(lb + 1, mid - lb - 1), fail, "interface array length");
        functions = parseUint(head.substr(mid + 2, rb - mid - 2), fail, "interface function count");
        if (arrayLength > 0xffff) fail("interface array length above 65535");
        head = head.substr(0, lb);
      }
      inst.extra.push_back(parseUint(head.substr(2), fail, prefix == std::string("ft") ? "function table" : "interface"));
      if (eq == std::string::npos) fail(mn + " needs '= {…}'");
      const std::string list = trim(rest.substr(eq + 1));
      if (list.size() < 2 || list.front() != '{' || list.back() != '}') fail(mn + " needs '= {…}'");
      std::vector<uint32_t> ids;
      const char* member = inst.opcode == Opcode::DclFunctionTable ? "fb" : "ft";
      for (const std::string& m : splitTopLevel(list.substr(1, list.size() - 2))) {
        if (m.empty() && list == "{}") break;
        if (!startsWith(m, member)) fail("expected " + std::string(member) + "N in " + mn + "'s list, got '" + m + "'");
        ids.push_back(parseUint(m.substr(2), fail, member == std::string("fb") ? "function body" : "function table"));
      }
      if (inst.opcode == Opcode::DclFunctionTable) {
        inst.extra.push_back(uint32_t(ids.size()));
      } else {
        if (ids.size() > 0xffff) fail("more than 65535 function tables");
        inst.extra.push_back(functions);
        inst.extra.push_back(arrayLength << 16 | uint32_t(ids.size()));
      }
      inst.extra.insert(inst.extra.end(), ids.begin(), ids.end());
      return inst;
    }
    if (mn == "fcall" || startsWith(mn, "fcall_")) {
      // fcall fpN[array index][function index]: the function index is a dword before the operand.
      const size_t open = rest.rfind('[');
      if (open == std::string::npos || rest.back() != ']') fail("expected fcall fpN[index][function index]");
      Instruction call;
      call.opcode = Opcode::InterfaceCall;
      if (!parseSuffixes(std::string_view(mn).substr(5), Opcode::InterfaceCall, call, fail)) fail("unknown instruction '" + mn + "'");
      if (haveControls) fail("[controls(…)] is only valid on declarations");
      call.controls |= precise << 8;
      call.extra.push_back(parseUint(rest.substr(open + 1, rest.size() - open - 2), fail, "function index"));
      call.operands.push_back(parseOperand(trim(rest.substr(0, open)), Ctx::Source, fail));
      if (call.operands[0].type != OperandType::Interface || call.operands[0].indexDimension != 2)
        fail("fcall's operand must be an interface fpN[index]");
      return call;
    }
    if (mn == "dcl_temps") {
      noOptions();
      inst.opcode = Opcode::DclTemps;
      inst.extra.push_back(parseUint(rest, fail, "temp count"));
      return inst;
    }
    if (mn == "dcl_indexableTemp") {
      noOptions();
      inst.opcode = Opcode::DclIndexableTemp;
      auto parts = splitTopLevel(rest);
      if (parts.size() != 2 || !startsWith(parts[0], "x")) fail("expected dcl_indexableTemp xN[size], components");
      size_t lb = parts[0].find('['), rb = parts[0].find(']');
      if (lb == std::string::npos || rb == std::string::npos || rb < lb) fail("expected xN[size]");
      inst.extra.push_back(parseUint(parts[0].substr(1, lb - 1), fail, "indexable temp register"));
      inst.extra.push_back(parseUint(parts[0].substr(lb + 1, rb - lb - 1), fail, "indexable temp size"));
      inst.extra.push_back(parseUint(parts[1], fail, "component count"));
      return inst;
    }
    if (startsWith(mn, "dcl_input_ps")) {
      noOptions();
      auto it = nameMap().find(mn);
      if (it == nameMap().end()) fail("unknown declaration '" + mn + "'");
      inst.opcode = it->second;
      // interpolation words until the operand
      static const char* modes[] = {"linear noperspective sample", "linear noperspective centroid", "linear noperspective",
                                    "linear centroid", "linear sample", "linear", "constant"};
      for (const char* m : modes) {
        if (startsWith(rest, m) && (rest.size() == std::strlen(m) || rest[std::strlen(m)] == ' ')) {
          for (uint32_t i = 0; i <= 7; ++i)
            if (std::string(interpolationText(Interpolation(i))) == m) inst.controls |= i;
          rest = trim(rest.substr(std::strlen(m)));
          break;
        }
      }
      auto parts = splitTopLevel(rest);
      size_t want = inst.opcode == Opcode::DclInputPs ? 1 : 2;
      if (parts.size() != want) fail(mn + " needs " + std::to_string(want) + " operand(s)");
      inst.operands.push_back(parseOperand(parts[0], Ctx::Decl, fail));
      if (want == 2) inst.extra.push_back(uint32_t(systemNameFromToken(parts[1], fail)));
      return inst;
    }
    if (mn == "dcl_input_sgv" || mn == "dcl_input_siv" || mn == "dcl_output_sgv" || mn == "dcl_output_siv") {
      noOptions();
      inst.opcode = nameMap().at(mn);
      auto parts = splitTopLevel(rest);
      if (parts.size() != 2) fail(mn + " needs a register and a system value name");
      inst.operands.push_back(parseOperand(parts[0], Ctx::Decl, fail));
      inst.extra.push_back(uint32_t(systemNameFromToken(parts[1], fail)));
      return inst;
    }
    if (mn == "dcl_constantbuffer") {
      noOptions();
      inst.opcode = Opcode::DclConstantBuffer;
      auto parts = splitTopLevel(rest);
      if (parts.size() < 2) fail("expected dcl_constantbuffer CBn[size], immediateIndexed|dynamicIndexed");
      std::string opText = parts[0];
      std::optional<uint32_t> size51;
      if (opText.find(':') != std::string::npos) {
        // SM5.1: CBid[lower:upper][size], access, space=N
        size_t lastOpen = opText.rfind('[');
        if (lastOpen == std::string::npos || opText.back() != ']' || opText.find(':', lastOpen) != std::string::npos)
          fail("expected CBid[lower:upper][size]");
        size51 = parseUint(opText.substr(lastOpen + 1, opText.size() - lastOpen - 2), fail, "constant buffer size");
        opText = opText.substr(0, lastOpen);
      }
      inst.operands.push_back(parseOperand(opText, Ctx::Decl, fail));
      if (parts[1] == "dynamicIndexed") inst.controls |= 1;
      else if (parts[1] != "immediateIndexed") fail("unknown constant buffer access pattern '" + parts[1] + "'");
      if (size51) inst.extra.push_back(*size51);
      for (size_t i = 2; i < parts.size(); ++i) inst.extra.push_back(parseExtra(parts[i], fail));
      return inst;
    }
    if (mn == "dcl_sampler") {
      noOptions();
      inst.opcode = Opcode::DclSampler;
      auto parts = splitTopLevel(rest);
      if (parts.size() < 2) fail("expected dcl_sampler sN, mode_default|mode_comparison|mode_mono");
      inst.operands.push_back(parseOperand(parts[0], Ctx::Decl, fail));
      if (parts[1] == "mode_comparison") inst.controls |= 1;
      else if (parts[1] == "mode_mono") inst.controls |= 2;
      else if (parts[1] != "mode_default") fail("unknown sampler mode '" + parts[1] + "'");
      for (size_t i = 2; i < parts.size(); ++i) inst.extra.push_back(parseExtra(parts[i], fail));
      return inst;
    }
    const bool typedUav = startsWith(mn, "dcl_uav_typed_");
    if (typedUav || (startsWith(mn, "dcl_resource_") && mn != "dcl_resource_raw" && mn != "dcl_resource_structured")) {
      noOptions();
      inst.opcode = typedUav ? Opcode::DclUavTyped : Opcode::DclResource;
      std::string dim = mn.substr(typedUav ? 14 : 13);
      // dcl_uav_typed_<dim>[_glc][_rov]: globally coherent, rasterizer ordered
      for (auto [suffix, bit] : {std::pair<const char*, uint32_t>{"_rov", 0x40u}, {"_glc", 0x20u}}) {
        const std::string sfx = suffix;
        if (typedUav && dim.size() > sfx.size() && dim.compare(dim.size() - sfx.size(), sfx.size(), sfx) == 0) {
          inst.controls |= bit;
          dim = dim.substr(0, dim.size() - sfx.size());
        }
      }
      size_t paren = dim.find('(');
      if (paren != std::string::npos) {
        if (dim.back() != ')') fail("bad sample count in '" + mn + "'");
        uint32_t count = parseUint(dim.substr(paren + 1, dim.size() - paren - 2), fail, "sample count");
        if (count > 127) fail("sample count out of range");
        inst.controls |= count << 5;
        dim = dim.substr(0, paren);
      }
      inst.controls |= uint32_t(dimensionFromText(dim, fail));
      size_t close = rest.find(')');
      if (!startsWith(rest, "(") || close == std::string::npos) fail("expected (type,type,type,type) after " + mn);
      uint32_t rt = parseReturnTypes(rest.substr(0, close + 1), fail);
      auto parts = splitTopLevel(trim(rest.substr(close + 1)));
      if (parts.empty()) fail("missing resource register");
      inst.operands.push_back(parseOperand(parts[0], Ctx::Decl, fail));
      inst.extra.push_back(rt);
      for (size_t i = 1; i < parts.size(); ++i) inst.extra.push_back(parseExtra(parts[i], fail));
      return inst;
    }
    if (mn == "customdata") {
      noOptions();
      // customdata class N { 0x…, … }
      inst.opcode = Opcode::CustomData;
      if (!startsWith(rest, "class ")) fail("expected customdata class N { … }");
      size_t open = rest.find('{'), close = rest.rfind('}');
      if (open == std::string::npos || close == std::string::npos) fail("customdata needs { … }");
      inst.customDataClass = parseUint(rest.substr(6, open - 6), fail, "custom data class");
      for (auto& v : splitTopLevel(rest.substr(open + 1, close - open - 1)))
        if (!v.empty()) inst.customData.push_back(parseValue(v, fail));
      return inst;
    }
    // generic: longest opcode-name prefix whose remainder is a suffix list
    bool found = false;
    for (size_t len = mn.size(); len > 0 && !found; --len) {
      auto it = nameMap().find(mn.substr(0, len));
      if (it == nameMap().end()) continue;
      Instruction trial = inst;
      trial.opcode = it->second;
      if (parseSuffixes(std::string_view(mn).substr(len), it->second, trial, fail)) {
        inst = trial;
        found = true;
      }
    }
    if (!found) fail("unknown instruction '" + mn + "'");
    const OpcodeInfo& info = opcodeInfo(inst.opcode);
    if (info.declaration) {
      if (precise) fail("[precise(…)] is only valid on instructions");
      if (inst.controls & (1u << 2)) fail("_sat is only valid on instructions");
      inst.controls |= controlsOption;
    } else {
      if (haveControls) fail("[controls(…)] is only valid on declarations");
      inst.controls |= precise << 8;
    }
    auto parts = rest.empty() ? std::vector<std::string>{} : splitTopLevel(rest);
    if (info.declaration) {
      int n = declarationOperandCount(inst.opcode);
      if (n < 0) fail("declaration '" + mn + "' is not supported by the assembler");
      if (parts.size() < size_t(n)) fail(mn + " needs " + std::to_string(n) + " operand(s)");
      for (size_t i = 0; i < parts.size(); ++i) {
        if (int(i) < n) inst.operands.push_back(parseOperand(parts[i], Ctx::Decl, fail));
        else inst.extra.push_back(startsWith(parts[i], "space=") ? parseExtra(parts[i], fail) : parseValue(parts[i], fail));
      }
      return inst;
    }
    for (size_t i = 0; i < parts.size(); ++i) {
      if (parts[i].empty()) fail("empty operand " + std::to_string(i + 1));
      inst.operands.push_back(parseOperand(parts[i], i < info.numDst ? Ctx::Dest : Ctx::Source, fail));
    }
    return inst;
  }

  std::vector<std::string> lines_;
  bool unpadded_ = false;  // the instruction being parsed had [unpadded]
};

}  // namespace

AssembleResult assemble(std::string_view text) { return Assembler(text).run(); }

}  // namespace d3dvk::dxbc
