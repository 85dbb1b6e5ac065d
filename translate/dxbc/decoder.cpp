// translate/dxbc/decoder.cpp — decodes an SM4.0–5.1 token stream into a Program,
// bounds-checking every read (see program.h).
#include "dxbc/error.h"
#include "dxbc/program.h"

#include <cstring>

namespace d3dvk::dxbc {

int declarationOperandCount(Opcode op) {
  switch (op) {
    case Opcode::DclTemps:
    case Opcode::DclIndexableTemp:
    case Opcode::DclGlobalFlags:
    case Opcode::DclMaxOutputVertexCount:
    case Opcode::DclGsOutputTopology:
    case Opcode::DclGsInputPrimitive:
    case Opcode::DclThreadGroup:
    case Opcode::DclInputControlPointCount:
    case Opcode::DclOutputControlPointCount:
    case Opcode::DclTessDomain:
    case Opcode::DclTessPartitioning:
    case Opcode::DclTessOutputPrimitive:
    case Opcode::DclHsMaxTessFactor:
    case Opcode::DclHsForkPhaseInstanceCount:
    case Opcode::DclHsJoinPhaseInstanceCount:
    case Opcode::DclGsInstanceCount:
    case Opcode::DclFunctionBody:
    case Opcode::DclFunctionTable:
    case Opcode::DclInterface:
      return 0;
    case Opcode::DclResource:
    case Opcode::DclConstantBuffer:
    case Opcode::DclSampler:
    case Opcode::DclIndexRange:
    case Opcode::DclInput:
    case Opcode::DclInputSgv:
    case Opcode::DclInputSiv:
    case Opcode::DclInputPs:
    case Opcode::DclInputPsSgv:
    case Opcode::DclInputPsSiv:
    case Opcode::DclOutput:
    case Opcode::DclOutputSgv:
    case Opcode::DclOutputSiv:
    case Opcode::DclStream:
    case Opcode::DclUavTyped:
    case Opcode::DclUavRaw:
    case Opcode::DclUavStructured:
    case Opcode::DclTgsmRaw:
    case Opcode::DclTgsmStructured:
    case Opcode::DclResourceRaw:
    case Opcode::DclResourceStructured:
      return 1;
    default:
      return -1;
  }
}

namespace {

// Minimum payload dwords after a declaration's operands.
size_t declarationExtraCount(Opcode op) {
  switch (op) {
    case Opcode::DclResource:
    case Opcode::DclIndexRange:
    case Opcode::DclMaxOutputVertexCount:
    case Opcode::DclInputSgv:
    case Opcode::DclInputSiv:
    case Opcode::DclInputPsSgv:
    case Opcode::DclInputPsSiv:
    case Opcode::DclOutputSgv:
    case Opcode::DclOutputSiv:
    case Opcode::DclTemps:
    case Opcode::DclUavTyped:
    case Opcode::DclUavStructured:
    case Opcode::DclTgsmRaw:
    case Opcode::DclResourceStructured:
    case Opcode::DclHsMaxTessFactor:
    case Opcode::DclHsForkPhaseInstanceCount:
    case Opcode::DclHsJoinPhaseInstanceCount:
    case Opcode::DclGsInstanceCount:
    case Opcode::DclFunctionBody:  // fb#
      return 1;
    case Opcode::DclTgsmStructured:
    case Opcode::DclFunctionTable:  // ft#, body count (then the bodies)
      return 2;
    case Opcode::DclIndexableTemp:
    case Opcode::DclThreadGroup:
    case Opcode::DclInterface:  // fp#, functions per table, array length << 16 | table count (then the tables)
      return 3;
    default:
      return 0;
  }
}

class Decoder {
 public:
  explicit Decoder(std::span<const uint32_t> w) : w_(w) {}

  Program run() {
    if (w_.size() < 2)
      throw Error("shader program: truncated: " + std::to_string(w_.size()) + " dwords, header needs 2");
    Program p;
    uint32_t version = w_[0];
    uint32_t type = version >> 16;
    if (type > 5) throw Error("shader program: unknown program type " + std::to_string(type) + " at dword 0");
    p.type = ProgramType(type);
    p.major = (version >> 4) & 0xf;
    p.minor = version & 0xf;
    if (p.major < 4 || p.major > 5 || p.minor > 1 || (version & 0xff00))
      throw Error("shader program: unsupported version token " + hex(version) + " at dword 0 (SM4.0-5.1 only)");
    uint32_t length = w_[1];
    if (length < 2 || length > w_.size())
      throw Error("shader program: length " + std::to_string(length) + " at dword 1 does not fit the " +
                  std::to_string(w_.size()) + " dwords present");
    end_ = length;
    size_t pos = 2;
    while (pos < end_) {
      Instruction inst = decodeInstruction(pos);
      pos += inst.length;
      p.instructions.push_back(std::move(inst));
    }
    return p;
  }

 private:
  static std::string hex(uint32_t v) {
    char b[16];
    std::snprintf(b, sizeof b, "0x%08x", v);
    return b;
  }

  [[noreturn]] void fail(const std::string& where, const std::string& what) const {
    throw Error("shader program: " + where + ": " + what);
  }

  Instruction decodeInstruction(size_t pos) {
    uint32_t tok = w_[pos];
    uint32_t opnum = tok & 0x7ff;
    const OpcodeInfo& info = opcodeInfo(Opcode(opnum));
    std::string where = "dword " + std::to_string(pos) + ", opcode " + std::to_string(opnum);
    if (!info.name) fail(where, "unknown opcode");
    where = "dword " + std::to_string(pos) + ", opcode '" + info.name + "'";
    Instruction inst;
    inst.opcode = Opcode(opnum);
    inst.offset = pos;
    if (inst.opcode == Opcode::CustomData) {
      inst.customDataClass = tok >> 11;
      if (pos + 1 >= end_) fail(where, "custom-data block truncated (no length dword)");
      uint32_t len = w_[pos + 1];
      if (len < 2 || len > end_ - pos)
        fail(where, "custom-data length " + std::to_string(len) + " exceeds the program (" +
                        std::to_string(end_ - pos) + " dwords left)");
      inst.length = len;
      inst.customData.assign(w_.begin() + pos + 2, w_.begin() + pos + len);
      if (inst.customDataClass == uint32_t(CustomDataClass::ImmediateConstantBuffer) && (len - 2) % 4 != 0)
        fail(where, "immediate constant buffer size " + std::to_string(len - 2) + " is not a multiple of 4 dwords");
      return inst;
    }
    uint32_t len = (tok >> 24) & 0x7f;
    if (len == 0) fail(where, "instruction length is 0");
    if (len > end_ - pos)
      fail(where, "instruction length " + std::to_string(len) + " exceeds the program (" +
                      std::to_string(end_ - pos) + " dwords left)");
    inst.length = len;
    inst.controls = (tok >> 11) & 0x1fff;
    size_t instEnd = pos + len;
    size_t p = pos + 1;
    bool more = tok >> 31;
    while (more) {
      if (p >= instEnd) fail(where, "extended opcode token runs past the instruction end");
      uint32_t ext = w_[p++];
      uint32_t type = ext & 0x3f;
      if (type < 1 || type > 3) fail(where, "unknown extended opcode type " + std::to_string(type));
      inst.extendedTokens.push_back(ext);
      more = ext >> 31;
      if (inst.extendedTokens.size() > 3) fail(where, "too many extended opcode tokens");
    }
    int nOps = info.declaration ? declarationOperandCount(inst.opcode) : -1;
    if (info.declaration && nOps < 0) fail(where, "unsupported declaration");
    if (inst.opcode == Opcode::InterfaceCall) {
      // fcall: the index of the function in the bound function table, then the interface operand (fp#[array index]).
      if (p >= instEnd) fail(where, "fcall needs a function index dword");
      inst.extra.push_back(w_[p++]);
      inst.operands.push_back(decodeOperand(p, instEnd, where, 0, 0));
      if (p != instEnd) fail(where, "fcall takes one operand after its function index");
      if (inst.operands[0].type != OperandType::Interface || inst.operands[0].indexDimension != 2)
        fail(where, "fcall's operand must be an interface fp#[index]");
      return inst;
    }
    if (nOps >= 0) {
      for (int i = 0; i < nOps; ++i) inst.operands.push_back(decodeOperand(p, instEnd, where, i, 0));
      inst.extra.assign(w_.begin() + p, w_.begin() + instEnd);
      size_t want = declarationExtraCount(inst.opcode);
      if (inst.extra.size() < want)
        fail(where, "declaration needs " + std::to_string(want) + " payload dword(s) after its operands, has " +
                        std::to_string(inst.extra.size()));
      // The class-linkage tables carry their own lengths: they must match the instruction's.
      if (inst.opcode == Opcode::DclFunctionBody && inst.extra.size() != 1)
        fail(where, "dcl_function_body takes one dword, has " + std::to_string(inst.extra.size()));
      if (inst.opcode == Opcode::DclFunctionTable && inst.extra[1] != inst.extra.size() - 2)
        fail(where, "function table ft" + std::to_string(inst.extra[0]) + " counts " + std::to_string(inst.extra[1]) +
                        " bodies but holds " + std::to_string(inst.extra.size() - 2));
      if (inst.opcode == Opcode::DclInterface && (inst.extra[2] & 0xffff) != inst.extra.size() - 3)
        fail(where, "interface fp" + std::to_string(inst.extra[0]) + " counts " + std::to_string(inst.extra[2] & 0xffff) +
                        " function tables but holds " + std::to_string(inst.extra.size() - 3));
    } else {
      int i = 0;
      while (p < instEnd) inst.operands.push_back(decodeOperand(p, instEnd, where, i++, 0));
    }
    return inst;
  }

  uint32_t read(size_t& p, size_t end, const std::string& where) {
    if (p >= end) fail(where, "operand runs past the instruction end");
    return w_[p++];
  }

  Operand decodeOperand(size_t& p, size_t end, const std::string& instWhere, int n, int depth) {
    std::string where = instWhere + ", operand " + std::to_string(n) + " at dword " + std::to_string(p);
    if (depth > 4) fail(where, "relative addressing nested too deeply");
    Operand op;
    op.offset = p;
    uint32_t t = read(p, end, where);
    uint32_t nc = t & 3;
    if (nc == 3) fail(where, "N-component operands are not supported");
    op.numComponents = nc == 0 ? 0 : nc == 1 ? 1 : 4;
    if (op.numComponents == 4) {
      uint32_t sel = (t >> 2) & 3;
      if (sel == 3) fail(where, "invalid component selection mode 3");
      op.selection = SelectionMode(sel);
      if (sel == 0) {
        op.mask = (t >> 4) & 0xf;
      } else if (sel == 1) {
        for (int i = 0; i < 4; ++i) op.swizzle[i] = (t >> (4 + 2 * i)) & 3;
      } else {
        op.swizzle[0] = (t >> 4) & 3;
        op.swizzle[1] = op.swizzle[2] = op.swizzle[3] = op.swizzle[0];
      }
    } else if ((t >> 2) & 0x3ff) {
      fail(where, "component selection bits set on a " + std::to_string(op.numComponents) + "-component operand");
    }
    uint32_t type = (t >> 12) & 0xff;
    if (type >= kOperandTypeCount) fail(where, "unknown operand type " + std::to_string(type));
    op.type = OperandType(type);
    op.indexDimension = (t >> 20) & 3;
    for (uint32_t i = 0; i < 3; ++i) {
      uint32_t r = (t >> (22 + 3 * i)) & 7;
      if (i >= op.indexDimension) {
        if (r != 0) fail(where, "index representation set for unused index " + std::to_string(i));
        continue;
      }
      if (r > 4) fail(where, "unknown index representation " + std::to_string(r) + " for index " + std::to_string(i));
      op.index[i].repr = IndexRepr(r);
    }
    bool ext = t >> 31;
    while (ext) {
      uint32_t e = read(p, end, where);
      uint32_t etype = e & 0x3f;
      if (etype != 1) fail(where, "unknown extended operand type " + std::to_string(etype));
      op.extended = true;
      uint32_t mod = (e >> 6) & 0xff;
      if (mod > 3) fail(where, "unknown operand modifier " + std::to_string(mod));
      op.modifier = OperandModifier(mod);
      op.minPrecision = (e >> 14) & 7;
      op.nonUniform = (e >> 17) & 1;
      if (e & ~uint32_t(0x3ffff | 0x80000000u)) fail(where, "reserved bits set in extended operand token");
      ext = e >> 31;
      if (ext) fail(where, "chained extended operand tokens are not supported");
    }
    if (op.type == OperandType::Immediate32 || op.type == OperandType::Immediate64) {
      if (op.indexDimension != 0) fail(where, "immediate operand with an index");
      uint32_t count = op.numComponents;
      if (count == 0) fail(where, "immediate operand with 0 components");
      if (op.type == OperandType::Immediate64) count = count == 1 ? 2 : 4;
      op.immCount = count;
      for (uint32_t i = 0; i < count; ++i) op.imm[i] = read(p, end, where);
    }
    for (uint32_t i = 0; i < op.indexDimension; ++i) {
      OperandIndex& idx = op.index[i];
      switch (idx.repr) {
        case IndexRepr::Imm32:
          idx.imm = read(p, end, where);
          break;
        case IndexRepr::Imm64: {
          uint64_t hi = read(p, end, where);
          idx.imm = hi << 32 | read(p, end, where);
          break;
        }
        case IndexRepr::Relative:
          idx.rel.push_back(decodeOperand(p, end, instWhere, n, depth + 1));
          break;
        case IndexRepr::Imm32PlusRelative:
          idx.imm = read(p, end, where);
          idx.rel.push_back(decodeOperand(p, end, instWhere, n, depth + 1));
          break;
        case IndexRepr::Imm64PlusRelative: {
          uint64_t hi = read(p, end, where);
          idx.imm = hi << 32 | read(p, end, where);
          idx.rel.push_back(decodeOperand(p, end, instWhere, n, depth + 1));
          break;
        }
      }
    }
    return op;
  }

  std::span<const uint32_t> w_;
  size_t end_ = 0;
};

}  // namespace

Program decodeProgram(std::span<const uint32_t> words) { return Decoder(words).run(); }

Program decodeProgramBytes(std::span<const uint8_t> bytes) {
  if (bytes.size() % 4 != 0)
    throw Error("shader program: chunk size " + std::to_string(bytes.size()) + " is not a multiple of 4");
  std::vector<uint32_t> words(bytes.size() / 4);
  if (!words.empty()) std::memcpy(words.data(), bytes.data(), bytes.size());
  return decodeProgram(words);
}

}  // namespace d3dvk::dxbc
