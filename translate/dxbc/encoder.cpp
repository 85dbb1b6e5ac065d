// translate/dxbc/encoder.cpp — Program → SM4/SM5 tokens (the inverse of decoder.cpp).
#include "dxbc/error.h"
#include "dxbc/program.h"

namespace d3dvk::dxbc {
namespace {

void encodeOperand(const Operand& op, std::vector<uint32_t>& out) {
  out.push_back(encodeOperandToken(op));
  if (op.extended)
    out.push_back(1u | uint32_t(op.modifier) << 6 | (op.minPrecision & 7) << 14 | uint32_t(op.nonUniform) << 17);
  for (uint32_t i = 0; i < op.immCount; ++i) out.push_back(op.imm[i]);
  for (uint32_t i = 0; i < op.indexDimension; ++i) {
    const OperandIndex& idx = op.index[i];
    switch (idx.repr) {
      case IndexRepr::Imm32: out.push_back(uint32_t(idx.imm)); break;
      case IndexRepr::Imm64:
        out.push_back(uint32_t(idx.imm >> 32));
        out.push_back(uint32_t(idx.imm));
        break;
      case IndexRepr::Relative: break;
      case IndexRepr::Imm32PlusRelative: out.push_back(uint32_t(idx.imm)); break;
      case IndexRepr::Imm64PlusRelative:
        out.push_back(uint32_t(idx.imm >> 32));
        out.push_back(uint32_t(idx.imm));
        break;
    }
    if (idx.repr == IndexRepr::Relative || idx.repr == IndexRepr::Imm32PlusRelative ||
        idx.repr == IndexRepr::Imm64PlusRelative) {
      if (idx.rel.size() != 1) throw Error("encoder: relative index without its operand");
      encodeOperand(idx.rel[0], out);
    }
  }
}

}  // namespace

uint32_t encodeOperandToken(const Operand& op) {
  uint32_t t = 0;
  switch (op.numComponents) {
    case 0: t = 0; break;
    case 1: t = 1; break;
    case 4: t = 2; break;
    default: throw Error("encoder: operand with " + std::to_string(op.numComponents) + " components");
  }
  if (op.numComponents == 4) {
    t |= uint32_t(op.selection) << 2;
    if (op.selection == SelectionMode::Mask)
      t |= uint32_t(op.mask & 0xf) << 4;
    else if (op.selection == SelectionMode::Swizzle)
      for (int i = 0; i < 4; ++i) t |= uint32_t(op.swizzle[i] & 3) << (4 + 2 * i);
    else
      t |= uint32_t(op.swizzle[0] & 3) << 4;
  }
  t |= uint32_t(op.type) << 12;
  t |= (op.indexDimension & 3) << 20;
  for (uint32_t i = 0; i < op.indexDimension; ++i) t |= uint32_t(op.index[i].repr) << (22 + 3 * i);
  if (op.extended) t |= 0x80000000u;
  return t;
}

std::vector<uint32_t> encodeInstruction(const Instruction& inst) {
  std::vector<uint32_t> out;
  if (inst.opcode == Opcode::CustomData) {
    out.push_back(uint32_t(Opcode::CustomData) | inst.customDataClass << 11);
    out.push_back(uint32_t(inst.customData.size() + 2));
    out.insert(out.end(), inst.customData.begin(), inst.customData.end());
    return out;
  }
  out.push_back(0);
  for (size_t i = 0; i < inst.extendedTokens.size(); ++i) {
    uint32_t e = inst.extendedTokens[i] & 0x7fffffffu;
    if (i + 1 < inst.extendedTokens.size()) e |= 0x80000000u;
    out.push_back(e);
  }
  if (inst.opcode == Opcode::InterfaceCall) {  // fcall: its function index comes before the operand
    out.insert(out.end(), inst.extra.begin(), inst.extra.end());
    for (const Operand& op : inst.operands) encodeOperand(op, out);
  } else {
    for (const Operand& op : inst.operands) encodeOperand(op, out);
    out.insert(out.end(), inst.extra.begin(), inst.extra.end());
  }
  if (out.size() > 127)
    throw Error(std::string("encoder: instruction '") + (opcodeInfo(inst.opcode).name ? opcodeInfo(inst.opcode).name : "?") +
                "' is " + std::to_string(out.size()) + " dwords (max 127)");
  out[0] = uint32_t(inst.opcode) | (inst.controls & 0x1fff) << 11 | uint32_t(out.size()) << 24 |
           (inst.extendedTokens.empty() ? 0u : 0x80000000u);
  return out;
}

std::vector<uint32_t> encodeProgram(const Program& program) {
  std::vector<uint32_t> out;
  out.push_back(uint32_t(program.type) << 16 | (program.major & 0xf) << 4 | (program.minor & 0xf));
  out.push_back(0);
  for (const Instruction& inst : program.instructions) {
    auto words = encodeInstruction(inst);
    out.insert(out.end(), words.begin(), words.end());
  }
  out[1] = uint32_t(out.size());
  return out;
}

}  // namespace d3dvk::dxbc
