// translate/dxbc/program.h — SHDR/SHEX token stream ⇄ Program: the decoder (every
// malformed stream → dxbc::Error naming the opcode/operand and dword offset) and the
// encoder (Program → tokens; computes instruction lengths).
#pragma once

#include "dxbc/tokens.h"

#include <span>

namespace d3dvk::dxbc {

Program decodeProgram(std::span<const uint32_t> words);
Program decodeProgramBytes(std::span<const uint8_t> bytes);  // SHDR/SHEX chunk payload

std::vector<uint32_t> encodeProgram(const Program& program);
std::vector<uint32_t> encodeInstruction(const Instruction& inst);
uint32_t encodeOperandToken(const Operand& op);

// Number of leading operands of a declaration opcode (the rest of the instruction is `extra` dwords);
// -1 when the opcode is not a declaration with a fixed operand count.
int declarationOperandCount(Opcode op);

}  // namespace d3dvk::dxbc
