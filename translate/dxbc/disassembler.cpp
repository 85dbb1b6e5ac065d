// translate/dxbc/disassembler.cpp — DXBC → fxc `/Fc`-style listing (signature
// comment tables, the container's other chunks as listing_chunks.h writes them,
// version line, declarations, instructions). Prints immediates so they parse back
// to the same bits (see listing.h for the round-trip contract).
#include "dxbc/listing.h"
#include "dxbc/listing_chunks.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace d3dvk::dxbc {
namespace {

constexpr char kComp[] = "xyzw";

std::string hex(uint32_t v) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%08x", v);
  return b;
}

std::string maskLetters(uint8_t mask) {
  std::string s;
  for (int i = 0; i < 4; ++i)
    if (mask & (1 << i)) s += kComp[i];
  return s;
}

std::string formatImmediate(uint32_t bits, ValueKind kind) {
  if (kind == ValueKind::Float || kind == ValueKind::None) {
    float f;
    std::memcpy(&f, &bits, 4);
    bool normalOrZero = std::isnormal(f) || (bits & 0x7fffffff) == 0;
    if (normalOrZero) {
      char buf[64];
      auto res = std::to_chars(buf, buf + sizeof buf, f);
      std::string s(buf, res.ptr);
      if (s.find_first_of(".en") == std::string::npos) s += ".0";
      else if (s.find('.') == std::string::npos && s.find('e') != std::string::npos) {
        // 1e+30 style: make it unambiguous as float by inserting ".0" before the exponent
        size_t e = s.find('e');
        s.insert(e, ".0");
      }
      return s;
    }
    return hex(bits);
  }
  int32_t sv = int32_t(bits);
  if (kind == ValueKind::Int && sv < 0 && sv > -65536) return std::to_string(sv);
  if (bits < 0x80000000u) return std::to_string(bits);
  return hex(bits);
}

// A double of a d(…) immediate: the shortest text that parses back to the same
// bits (1.0, -0.0, 2.5e-300), or its 64 bits in hex for NaN, infinities and denormals.
std::string formatDouble(uint32_t lo, uint32_t hi) {
  const uint64_t bits = uint64_t(hi) << 32 | lo;
  double d;
  std::memcpy(&d, &bits, 8);
  if (std::isnormal(d) || (bits & 0x7fffffffffffffffull) == 0) {
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, d);
    std::string s(buf, res.ptr);
    if (s.find_first_of(".e") == std::string::npos) s += ".0";
    else if (s.find('.') == std::string::npos) s.insert(s.find('e'), ".0");
    return s;
  }
  char b[24];
  std::snprintf(b, sizeof b, "0x%016llx", static_cast<unsigned long long>(bits));
  return b;
}

// Types whose first index is written right after the prefix (r0, cb3[…]).
bool firstIndexInline(OperandType t) {
  return t != OperandType::ImmediateConstantBuffer && t != OperandType::ThisPointer;  // icb[…], this[…]
}

}  // namespace

std::string formatOperand(const Operand& op, ValueKind kind, bool declaration);

namespace {
std::string formatIndex(const OperandIndex& idx, ValueKind kind) {
  std::string s;
  switch (idx.repr) {
    case IndexRepr::Imm32:
    case IndexRepr::Imm64: return std::to_string(idx.imm);
    case IndexRepr::Relative: return formatOperand(idx.rel.at(0), ValueKind::Uint, false);
    case IndexRepr::Imm32PlusRelative:
    case IndexRepr::Imm64PlusRelative:
      return formatOperand(idx.rel.at(0), ValueKind::Uint, false) + " + " + std::to_string(idx.imm);
  }
  return s;
}
}  // namespace

std::string formatOperand(const Operand& op, ValueKind kind, bool declaration) {
  std::string s;
  if (op.type == OperandType::Immediate32 || op.type == OperandType::Immediate64) {
    s = op.type == OperandType::Immediate32 ? "l(" : "d(";
    if (op.type == OperandType::Immediate32) {
      for (uint32_t i = 0; i < op.immCount; ++i) {
        if (i) s += ",";
        s += formatImmediate(op.imm[i], kind);
      }
    } else {  // two dwords a double, low first
      for (uint32_t i = 0; i + 1 < op.immCount; i += 2) {
        if (i) s += ",";
        s += formatDouble(op.imm[i], op.imm[i + 1]);
      }
    }
    s += ")";
  } else {
    std::string prefix(operandTypePrefix(op.type));
    if (declaration && op.type == OperandType::ConstantBuffer) prefix = "CB";
    s = prefix;
    bool range = declaration && op.indexDimension == 3 &&
                 (op.type == OperandType::ConstantBuffer || op.type == OperandType::Resource ||
                  op.type == OperandType::Sampler || op.type == OperandType::UnorderedAccessView) &&
                 op.index[0].repr == IndexRepr::Imm32 && op.index[1].repr == IndexRepr::Imm32 &&
                 op.index[2].repr == IndexRepr::Imm32;
    if (range) {  // SM5.1 declaration: id[lower:upper]
      if (op.type == OperandType::Resource) s = "T";
      if (op.type == OperandType::Sampler) s = "S";
      if (op.type == OperandType::UnorderedAccessView) s = "U";
      s += std::to_string(op.index[0].imm) + "[" + std::to_string(op.index[1].imm) + ":" +
           (op.index[2].imm == 0xffffffffu ? std::string("*") : std::to_string(op.index[2].imm)) + "]";  // unbounded
    }
    for (uint32_t i = 0; i < op.indexDimension && !range; ++i) {
      // A 2D input (the geometry shader's v[vertex][register]) keeps both indices bracketed.
      bool inl = i == 0 && firstIndexInline(op.type) && op.index[0].repr == IndexRepr::Imm32 &&
                 !(op.type == OperandType::Input && op.indexDimension == 2);
      if (inl) s += std::to_string(op.index[0].imm);
      else s += "[" + formatIndex(op.index[i], kind) + "]";
    }
    if (op.numComponents == 4) {
      bool omit = declaration && (op.type == OperandType::ConstantBuffer || range) && op.selection == SelectionMode::Swizzle &&
                  op.swizzle[0] == 0 && op.swizzle[1] == 1 && op.swizzle[2] == 2 && op.swizzle[3] == 3;
      if (!omit) {
        if (op.selection == SelectionMode::Mask) {
          if (op.mask) s += "." + maskLetters(op.mask);
        } else if (op.selection == SelectionMode::Swizzle) {
          s += '.';
          for (int i = 0; i < 4; ++i) s += kComp[op.swizzle[i]];
        } else {
          s += '.';
          s += kComp[op.swizzle[0]];
        }
      }
    }
  }
  switch (op.modifier) {
    case OperandModifier::None: break;
    case OperandModifier::Neg: s = "-" + s; break;
    case OperandModifier::Abs: s = "|" + s + "|"; break;
    case OperandModifier::AbsNeg: s = "-|" + s + "|"; break;
  }
  if (op.extended && op.modifier == OperandModifier::None && !op.minPrecision && !op.nonUniform) s += " {ext}";
  if (op.minPrecision) s += " {min" + std::to_string(op.minPrecision) + "}";
  if (op.nonUniform) s += " {nonuniform}";
  return s;
}

namespace {

std::string mnemonic(const Instruction& inst) {
  const OpcodeInfo& info = opcodeInfo(inst.opcode);
  std::string s = info.name;
  switch (inst.opcode) {
    case Opcode::If:
    case Opcode::Breakc:
    case Opcode::Continuec:
    case Opcode::Retc:
    case Opcode::Discard:
    case Opcode::Callc:
      s += inst.testNonZero() ? "_nz" : "_z";
      break;
    case Opcode::ResInfo:
      if (inst.resInfoReturnType() == 1) s += "_rcpFloat";
      else if (inst.resInfoReturnType() == 2) s += "_uint";
      break;
    case Opcode::SampleInfo:
      if (inst.controls & 1) s += "_uint";
      break;
    default: break;
  }
  for (uint32_t t : inst.extendedTokens) {
    uint32_t type = t & 0x3f;
    if (type == 1) {
      s += "_aoffimmi(" + std::to_string(inst.sampleOffset(0)) + "," + std::to_string(inst.sampleOffset(1)) + "," +
           std::to_string(inst.sampleOffset(2)) + ")";
    } else if (type == 2) {
      const char* d = resourceDimensionText(ResourceDimension((t >> 6) & 0x1f));
      s += std::string("_indexable(") + (d ? d : "unknown");
      uint32_t stride = (t >> 11) & 0xfff;
      if (stride) s += ",stride=" + std::to_string(stride * 4);
      s += ")";
    } else if (type == 3) {
      s += "(";
      for (int i = 0; i < 4; ++i) {
        const char* r = returnTypeText((t >> (6 + 4 * i)) & 0xf);
        if (i) s += ",";
        s += r ? r : "unused";
      }
      s += ")";
    }
  }
  if (inst.opcode == Opcode::Sync) {
    if (inst.controls & 8) s += "_uglobal";
    if (inst.controls & 4) s += "_ugroup";
    if (inst.controls & 2) s += "_g";
    if (inst.controls & 1) s += "_t";
    return s;
  }
  if (!info.declaration && inst.saturate()) s += "_sat";
  if (!info.declaration && inst.preciseMask()) s += " [precise(" + maskLetters(uint8_t(inst.preciseMask())) + ")]";
  return s;
}

std::string returnTypes(uint32_t dword) {
  std::string s = "(";
  for (int i = 0; i < 4; ++i) {
    const char* r = returnTypeText((dword >> (4 * i)) & 0xf);
    if (i) s += ",";
    s += r ? r : std::to_string((dword >> (4 * i)) & 0xf);
  }
  return s + ")";
}

std::string globalFlagsText(uint32_t flags) {
  static const char* names[] = {"refactoringAllowed",     "enableDoublePrecisionFloatOps",
                                "forceEarlyDepthStencil", "enableRawAndStructuredBuffers",
                                "skipOptimization",       "enableMinimumPrecision",
                                "enable11_1DoubleExtensions", "enable11_1ShaderExtensions"};
  std::string s;
  for (int i = 0; i < 13; ++i) {
    if (!(flags & (1u << i))) continue;
    if (!s.empty()) s += " | ";
    s += i < 8 ? names[i] : "flag" + std::to_string(i);
  }
  return s.empty() ? "0" : s;
}

}  // namespace

std::string disassembleInstruction(const Instruction& inst) {
  const OpcodeInfo& info = opcodeInfo(inst.opcode);
  std::string s;
  // gather4_po's offsets are integers (operand 2; 3 in the _s forms, after the status).
  const bool po = inst.opcode == Opcode::Gather4Po || inst.opcode == Opcode::Gather4PoC;
  const bool poStatus = inst.opcode == Opcode::Gather4PoS || inst.opcode == Opcode::Gather4PoCS;
  const size_t intOperand = po ? 2 : poStatus ? 3 : SIZE_MAX;
  auto ops = [&](size_t from, bool decl) {
    std::string r;
    for (size_t i = from; i < inst.operands.size(); ++i) {
      if (i > from) r += ", ";
      r += formatOperand(inst.operands[i], i == intOperand ? ValueKind::Int : info.kind, decl);
    }
    return r;
  };
  // SM5.1 raw/structured SRV and UAV declarations (T0[lo:hi], U0[lo:hi]): the last payload dword is the register space.
  const bool spaced = (inst.opcode == Opcode::DclResourceRaw || inst.opcode == Opcode::DclResourceStructured ||
                       inst.opcode == Opcode::DclUavRaw || inst.opcode == Opcode::DclUavStructured) &&
                      inst.operands.size() == 1 && inst.operands[0].indexDimension == 3 && !inst.extra.empty();
  auto extras = [&]() {
    std::string r;
    for (size_t i = 0; i < inst.extra.size(); ++i)
      r += (spaced && i + 1 == inst.extra.size() ? ", space=" : ", ") + std::to_string(inst.extra[i]);
    return r;
  };
  switch (inst.opcode) {
    case Opcode::CustomData:
      if (inst.customDataClass == uint32_t(CustomDataClass::ImmediateConstantBuffer)) {
        s = "dcl_immediateConstantBuffer {";
        for (size_t i = 0; i + 3 < inst.customData.size(); i += 4) {
          s += i ? ",\n                              { " : " { ";
          for (int c = 0; c < 4; ++c) {
            if (c) s += ", ";
            s += formatImmediate(inst.customData[i + c], ValueKind::Float);
          }
          s += "}";
        }
        return s + " }";
      }
      s = "customdata class " + std::to_string(inst.customDataClass) + " {";
      for (size_t i = 0; i < inst.customData.size(); ++i) s += (i ? ", " : " ") + hex(inst.customData[i]);
      return s + " }";
    case Opcode::DclGlobalFlags: return "dcl_globalFlags " + globalFlagsText(inst.controls);
    // Class linkage (the decoder checked the counts): fxc's
    //   dcl_function_body fb0
    //   dcl_function_table ft0 = {fb0, fb2}
    //   dcl_interface[_dynamicindexed] fp0[array length][functions per table] = {ft0, ft1}
    //   fcall fp0[array index][function index]
    case Opcode::DclFunctionBody:
    case Opcode::DclFunctionTable:
    case Opcode::DclInterface: {
      const bool body = inst.opcode == Opcode::DclFunctionBody, table = inst.opcode == Opcode::DclFunctionTable;
      s = info.name;
      if (!body && !table && (inst.controls & 1)) s += "_dynamicindexed";
      const uint32_t other = inst.opcode == Opcode::DclInterface ? inst.controls & ~1u : inst.controls;
      if (other) s += " [controls(" + std::to_string(other) + ")]";
      s += std::string(body ? " fb" : table ? " ft" : " fp") + std::to_string(inst.extra.at(0));
      if (body) return s;
      if (!table) s += "[" + std::to_string(inst.extra.at(2) >> 16) + "][" + std::to_string(inst.extra.at(1)) + "]";
      s += " = {";
      for (size_t i = table ? 2 : 3; i < inst.extra.size(); ++i)
        s += (i > (table ? 2u : 3u) ? ", " : "") + std::string(table ? "fb" : "ft") + std::to_string(inst.extra[i]);
      return s + "}";
    }
    case Opcode::InterfaceCall:
      return mnemonic(inst) + " " + formatOperand(inst.operands.at(0), ValueKind::Uint, false) + "[" +
             std::to_string(inst.extra.at(0)) + "]";
    case Opcode::DclTemps: return "dcl_temps " + (inst.extra.empty() ? std::string("?") : std::to_string(inst.extra[0]));
    case Opcode::DclIndexableTemp:
      if (inst.extra.size() == 3)
        return "dcl_indexableTemp x" + std::to_string(inst.extra[0]) + "[" + std::to_string(inst.extra[1]) + "], " +
               std::to_string(inst.extra[2]);
      break;
    case Opcode::DclInputPs:
    case Opcode::DclInputPsSgv:
    case Opcode::DclInputPsSiv: {
      s = info.name;
      const char* interp = interpolationText(inst.interpolation());
      if (interp && *interp) s += std::string(" ") + interp;
      s += " " + ops(0, true);
      if (inst.opcode != Opcode::DclInputPs && !inst.extra.empty()) {
        const char* n = systemNameToken(SystemName(inst.extra[0]));
        s += ", " + (n ? std::string(n) : std::to_string(inst.extra[0]));
      }
      return s;
    }
    case Opcode::DclInputSgv:
    case Opcode::DclInputSiv:
    case Opcode::DclOutputSgv:
    case Opcode::DclOutputSiv:
      if (inst.extra.size() == 1) {
        const char* n = systemNameToken(SystemName(inst.extra[0]));
        return std::string(info.name) + " " + ops(0, true) + ", " + (n ? std::string(n) : std::to_string(inst.extra[0]));
      }
      break;
    case Opcode::DclConstantBuffer:
      if (inst.operands.size() == 1 && inst.operands[0].indexDimension == 3 && inst.extra.size() == 2)
        return std::string(info.name) + " " + ops(0, true) + "[" + std::to_string(inst.extra[0]) + "]" +
               (inst.dynamicIndexed() ? ", dynamicIndexed" : ", immediateIndexed") + ", space=" + std::to_string(inst.extra[1]);
      return std::string(info.name) + " " + ops(0, true) + (inst.dynamicIndexed() ? ", dynamicIndexed" : ", immediateIndexed") +
             extras();
    case Opcode::DclSampler: {
      static const char* modes[] = {"mode_default", "mode_comparison", "mode_mono"};
      uint32_t m = inst.controls & 0xf;
      std::string tail = extras();
      if (inst.operands.size() == 1 && inst.operands[0].indexDimension == 3 && inst.extra.size() == 1)
        tail = ", space=" + std::to_string(inst.extra[0]);
      return std::string(info.name) + " " + ops(0, true) + ", " + (m < 3 ? modes[m] : "mode" + std::to_string(m)) + tail;
    }
    case Opcode::DclGsInputPrimitive:
    case Opcode::DclGsOutputTopology: {
      const char* n = inst.opcode == Opcode::DclGsInputPrimitive ? gsInputPrimitiveText(inst.controls)
                                                                 : gsOutputTopologyText(inst.controls);
      if (n && inst.operands.empty() && inst.extra.empty()) return std::string(info.name) + " " + n;
      break;
    }
    case Opcode::DclTessDomain:
    case Opcode::DclTessPartitioning:
    case Opcode::DclTessOutputPrimitive: {
      const char* n = inst.opcode == Opcode::DclTessDomain         ? tessDomainText(inst.controls)
                      : inst.opcode == Opcode::DclTessPartitioning ? tessPartitioningText(inst.controls)
                                                                   : tessOutputPrimitiveText(inst.controls);
      if (n && inst.operands.empty() && inst.extra.empty()) return std::string(info.name) + " " + n;
      break;
    }
    case Opcode::DclHsMaxTessFactor:
      if (inst.extra.size() == 1 && inst.operands.empty())
      {
        // fxc: l(64.000000)
        float f;
        std::memcpy(&f, &inst.extra[0], 4);
        char b[64];
        std::snprintf(b, sizeof b, "%f", double(f));
        std::string text = b;
        uint32_t back;
        const float parsed = std::strtof(b, nullptr);
        std::memcpy(&back, &parsed, 4);
        if (back != inst.extra[0]) text = formatImmediate(inst.extra[0], ValueKind::Float);  // keeps every bit
        return std::string(info.name) + " l(" + text + ")";
      }
      break;
    case Opcode::DclInputControlPointCount:
    case Opcode::DclOutputControlPointCount:
      if (inst.controls <= 32 && inst.operands.empty() && inst.extra.empty())
        return std::string(info.name) + " " + std::to_string(inst.controls);
      break;
    case Opcode::DclUavRaw:
    case Opcode::DclUavStructured:
      if (!(inst.controls & ~0x1060u) && (inst.opcode == Opcode::DclUavStructured || !(inst.controls & 0x1000))) {
        s = info.name;
        if (inst.controls & 0x20) s += "_glc";
        if (inst.controls & 0x40) s += "_rov";
        if (inst.controls & 0x1000) s += "_opc";
        s += " " + ops(0, true) + extras();
        return s;
      }
      break;
    case Opcode::Sync:
      if (inst.controls & ~0xFu) break;
      return mnemonic(inst);
    case Opcode::DclUavTyped:
    case Opcode::DclResource: {
      const char* d = resourceDimensionText(inst.resourceDimension());
      const bool uav = inst.opcode == Opcode::DclUavTyped;
      s = std::string(uav ? "dcl_uav_typed_" : "dcl_resource_") + (d ? d : "unknown");
      if (uav) {
        if (inst.controls & 0x20) s += "_glc";
        if (inst.controls & 0x40) s += "_rov";
        if (inst.controls & ~0x7fu) break;
      } else if (inst.sampleCount()) {
        s += "(" + std::to_string(inst.sampleCount()) + ")";
      }
      if (inst.extra.empty()) break;
      s += " " + returnTypes(inst.extra[0]) + " " + ops(0, true);
      if (inst.operands.size() == 1 && inst.operands[0].indexDimension == 3 && inst.extra.size() == 2)
        return s + ", space=" + std::to_string(inst.extra[1]);
      for (size_t i = 1; i < inst.extra.size(); ++i) s += ", " + std::to_string(inst.extra[i]);
      return s;
    }
    default: break;
  }
  s = mnemonic(inst);
  if (info.declaration && inst.controls && inst.opcode != Opcode::DclConstantBuffer)
    s += " [controls(" + std::to_string(inst.controls) + ")]";
  if (!inst.operands.empty()) s += " " + ops(0, info.declaration);
  if (info.declaration) {
    std::string e = extras();
    if (!e.empty()) s += inst.operands.empty() ? " " + e.substr(2) : e;
  }
  return s;
}

std::string disassembleProgram(const Program& p) {
  std::string s;
  s += p.type == ProgramType::Pixel ? "ps" : p.type == ProgramType::Vertex ? "vs" : p.type == ProgramType::Geometry ? "gs"
       : p.type == ProgramType::Hull ? "hs" : p.type == ProgramType::Domain ? "ds" : "cs";
  s += "_" + std::to_string(p.major) + "_" + std::to_string(p.minor) + "\n";
  int indent = 0;
  size_t slots = 0;
  for (size_t i = 0; i < p.instructions.size(); ++i) {
    const Instruction& inst = p.instructions[i];
    Opcode o = inst.opcode;
    if (o == Opcode::EndIf || o == Opcode::EndLoop || o == Opcode::EndSwitch || o == Opcode::Else)
      indent = std::max(0, indent - 1);
    std::string line;
    if (fxcPadsInstruction(p, i)) {
      // fxc's padding dword (tokens.h): its 0x0 is left out, as fxc prints it (the assembler
      // writes it back); other bits stay an operand; [unpadded] marks a container without it.
      const bool padded = !inst.operands.empty() && isFxcPaddingOperand(inst.operands.back());
      if (padded && inst.operands.back().type == OperandType::Temp) {
        Instruction trimmed = inst;
        trimmed.operands.pop_back();
        line = disassembleInstruction(trimmed);
      } else {
        line = disassembleInstruction(inst);
        if (!padded) {  // after the mnemonic: the first blank outside parentheses
          size_t at = line.size();
          for (size_t k = 0, depth = 0; k < line.size(); ++k) {
            if (line[k] == '(') ++depth;
            else if (line[k] == ')' && depth) --depth;
            else if (line[k] == ' ' && depth == 0) {
              at = k;
              break;
            }
          }
          line.insert(at, " [unpadded]");
        }
      }
    } else {
      line = disassembleInstruction(inst);
    }
    s += std::string(size_t(indent) * 2, ' ') + line + "\n";
    if (o == Opcode::If || o == Opcode::Loop || o == Opcode::Else || o == Opcode::Switch) ++indent;
    if (!opcodeInfo(o).declaration) ++slots;
  }
  s += "// Approximately " + std::to_string(slots) + " instruction slots used\n";
  return s;
}

namespace {

std::string pad(std::string s, size_t w, bool right) {
  if (s.size() >= w) return s;
  return right ? std::string(w - s.size(), ' ') + s : s + std::string(w - s.size(), ' ');
}

std::string maskColumn(uint8_t mask) {
  std::string s;
  for (int i = 0; i < 4; ++i) s += (mask & (1 << i)) ? kComp[i] : ' ';
  return s;
}

const char* specialRegisterName(uint32_t sysValue, bool input) {
  switch (sysValue) {
    case kNameDepth: return "oDepth";
    case kNameCoverage: return input ? "vCoverage" : "oMask";
    case kNameDepthGreaterEqual: return "oDepthGE";
    case kNameDepthLessEqual: return "oDepthLE";
    case kNameStencilRef: return "oStencilRef";
    case kNameInnerCoverage: return "vInnerCoverage";
    default: return "N/A";
  }
}

// The Format column: the component type, or with a minimum precision fxc's
// min16f / min2_8f / min16i / min16u, or "type:minN" for any other pair.
std::string formatColumn(const SignatureElement& e) {
  const char* fmt = e.componentType == ComponentType::Float32 ? "float"
                    : e.componentType == ComponentType::Uint32 ? "uint"
                    : e.componentType == ComponentType::Sint32 ? "int" : "unknown";
  if (!e.minPrecision) return fmt;
  if (e.componentType == ComponentType::Float32 && e.minPrecision == 1) return "min16f";
  if (e.componentType == ComponentType::Float32 && e.minPrecision == 2) return "min2_8f";
  if (e.componentType == ComponentType::Sint32 && e.minPrecision == 4) return "min16i";
  if (e.componentType == ComponentType::Uint32 && e.minPrecision == 5) return "min16u";
  return std::string(fmt) + ":min" + std::to_string(e.minPrecision);
}

// One fxc signature table. `input`: the Used column shows the components read
// (the element's read/write byte); otherwise those written (0xf & ~that byte).
std::string signatureTable(const Signature& sig, const char* title, bool input) {
  std::string s = "// " + std::string(title) + " signature:\n";
  s += "//\n// Name                 Index   Mask Register SysValue  Format   Used\n"
       "// -------------------- ----- ------ -------- -------- ------- ------\n";
  if (sig.elements.empty()) s += "// no " + std::string(title) + "\n";
  for (const SignatureElement& e : sig.elements) {
    bool special = e.registerIndex == 0xffffffffu;
    const uint32_t svValue = effectiveSystemValue(e);
    const char* sv = systemValueTableName(svValue);
    const std::string fmt = formatColumn(e);
    std::string used;
    if (special) {
      used = (input ? (e.rwMask != 0) : !(e.rwMask & 1)) ? "YES" : "NO";
    } else {
      // Like fxc: each component letter in its own place ("x   ", "   w").
      uint8_t u = input ? uint8_t(e.rwMask & 0xf) : uint8_t(~e.rwMask & 0xf);
      used = u ? "  " + maskColumn(u) : "";
    }
    const std::string name =
        sig.format == SignatureFormat::Stream ? "m" + std::to_string(e.stream) + ":" + e.semanticName : e.semanticName;
    std::string line = "// " + pad(name, 20, false) + " " + pad(std::to_string(e.semanticIndex), 5, true) +
                       " " + pad(special ? "N/A" : maskColumn(e.mask), 6, true) + " " +
                       pad(special ? specialRegisterName(svValue, input) : std::to_string(e.registerIndex), 8, true) +
                       " " + pad(sv ? sv : std::to_string(svValue), 8, true) + " " + pad(fmt, 7, true) + " " +
                       pad(used, 6, true);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    s += line + "\n";
  }
  return s + "//\n";
}

}  // namespace

std::string disassemble(const Shader& shader) {
  using listing::SignatureRole;
  const Container& c = shader.container;
  std::string s = "//\n// Generated by d3dvk-shader\n//\n//\n";
  bool patchConstants = false, sfi0 = false, stat = false;
  for (const Chunk& ch : c.chunks) {
    patchConstants |= listing::signatureRole(ch.code) == SignatureRole::PatchConstant;
    sfi0 |= ch.code == fourcc("SFI0") && listing::isReadableChunk(ch);
    stat |= ch.code == fourcc("STAT") && listing::isReadableChunk(ch);
  }
  s += signatureTable(shader.inputs, "Input", true);
  s += "//\n";
  s += signatureTable(shader.outputs, "Output", false);
  if (patchConstants) {
    s += "//\n";
    s += signatureTable(shader.patchConstants, "Patch Constant", shader.program.type == ProgramType::Domain);
  }
  // The chunks besides the code and the signatures: SFI0's value, STAT's counters
  // and every other chunk as hex; a "// Chunks:" line where the container's chunks
  // are not the ones, in the order, the assembler would write without it.
  const uint64_t derived = listing::deriveFeatureFlags(shader.program, shader.inputs, shader.outputs);
  std::vector<uint32_t> actual, expected;
  expected.push_back(listing::signatureCode(SignatureRole::Input, listing::defaultSignatureFormat(shader.inputs, false)));
  expected.push_back(listing::signatureCode(SignatureRole::Output,
                                            listing::defaultSignatureFormat(
                                                shader.outputs, shader.outputs.format == SignatureFormat::Stream &&
                                                                    !shader.outputs.elements.empty())));
  if (patchConstants)
    expected.push_back(listing::signatureCode(SignatureRole::PatchConstant,
                                              listing::defaultSignatureFormat(shader.patchConstants, false)));
  expected.push_back(shader.program.major >= 5 ? fourcc("SHEX") : fourcc("SHDR"));
  if (sfi0 || derived) expected.push_back(fourcc("SFI0"));
  if (stat) expected.push_back(fourcc("STAT"));
  std::string extra;
  for (const Chunk& ch : c.chunks) {
    actual.push_back(ch.code);
    if (listing::isReadableChunk(ch)) {
      if (ch.code == fourcc("SFI0")) extra += listing::formatFeatureFlags(parseFeatureFlags(ch));
      if (ch.code == fourcc("STAT")) extra += listing::formatStatistics(ch);
    } else {
      extra += listing::formatRawChunk(ch);
      expected.push_back(ch.code);
    }
  }
  expected = listing::defaultChunkOrder(shader.program.type, expected);
  if (actual != expected) extra = listing::formatChunkOrder(actual) + extra;
  if (!extra.empty()) s += extra + "//\n";
  s += disassembleProgram(shader.program);
  return s;
}

}  // namespace d3dvk::dxbc
