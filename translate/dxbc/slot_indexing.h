// translate/dxbc/slot_indexing.h — slots indexed by a register, as plain-data
// rewrites of a program: SM5.0's uniform indexing of constant buffers, textures
// and samplers (D3D11.3 functional spec §7.11: `cb[r1.w + 0][r2.w + 0]`,
// `t[r4.x]`, `s[r4.y]`), which fxc emits for the data of interface class
// instances, and the register-indexed `this[r1.w + 1]` of interface arrays
// (§22.7.20), which dxbc::bindInterfaces resolves with the same rewrite.
//
// The rewrite: an instruction that names a slot through a register becomes a
// `switch` on that register with one case per slot that can be named, each case
// the instruction with the slot as an immediate (so the translator sees only
// immediate slots, one descriptor each). A control-flow instruction (if_nz,
// breakc, retc, switch, …) cannot sit inside a switch: the operand naming the slot
// is first moved into a scratch temp through the same rewrite. An index that
// names no slot takes the default case, which behaves as D3D defines an unbound
// slot: a constant buffer (or this[], undefined in D3D) reads as zeros and the
// instruction still runs; a texture or sampler instruction writes zeros to its
// destinations.
#pragma once

#include "dxbc/tokens.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace d3dvk::dxbc {

struct SlotIndexing {
  // Whether operands of this type (ConstantBuffer, Resource, Sampler, ThisPointer)
  // are rewritten when their first index reads a register.
  std::function<bool(OperandType)> rewrites;
  // The slots a case is made for, for this instruction's operand of this type.
  std::function<std::vector<uint32_t>(const Instruction&, OperandType)> slots;
  // A temp register free for the rewrite (hoisted control-flow operands); set
  // `scratchUsed` when it was used, so the caller's dcl_temps covers it.
  uint32_t scratchTemp = 0;
  bool scratchUsed = false;
};

// Whether `op` (or an operand in one of its indices) names a slot of a type
// `rewrites` accepts through a register.
bool hasRegisterIndexedSlot(const Operand& op, const std::function<bool(OperandType)>& rewrites);

// Appends `inst` to `out`, rewritten as the file comment says (unchanged when it
// names no slot through a register).
void expandIndexedSlots(const Instruction& inst, SlotIndexing& indexing, std::vector<Instruction>& out);

// Instructions the rewrites make: `op` with `at`'s dword offset (for errors),
// and a one-component immediate.
Instruction makeInstruction(const Instruction& at, Opcode op);
Operand immediateUint(const Instruction& at, uint32_t value);

// Declarations the rewrites add: a dynamically indexed constant buffer of
// `vectors` elements; a mode_default sampler; a texture as an instruction's
// resource-dimension and return-type tokens describe it (raw and structured
// buffers need no return types). Inserted after the program's declarations.
Instruction constantBufferDeclaration(uint32_t slot, uint32_t vectors);
Instruction samplerDeclaration(uint32_t slot);
Instruction textureDeclaration(uint32_t slot, uint32_t dimensionToken, uint32_t returnTypeToken);
void insertDeclarations(Program& program, const std::vector<Instruction>& declarations);

// One past the highest temp register the program declares (dcl_temps; a hull
// shader's phases share one file), and raising the program's temps to cover `count`.
uint32_t declaredTemps(const Program& program);
void coverTemps(Program& program, uint32_t count);

// SM4.x/5.0: every register-indexed cb/t/s slot rewritten over the slots it can
// name. Constant buffers and samplers: with `everyApiSlot` (D3D11, whose
// pipelines bind all 14 constant-buffer and 16 sampler slots) every API slot,
// the ones the program does not declare declared by the rewrite, as D3D reads
// whatever is bound at the slot; without it (descriptor ranges from a root
// signature) the declared ones. Textures: the declared ones of the dimension the
// instruction names, when it names one. Programs without such slots are
// returned unchanged; SM5.1 (whose ranges are descriptor arrays) too.
bool usesRegisterIndexedSlots(const Program& program);
Program lowerRegisterIndexedSlots(const Program& program, bool everyApiSlot = true);

}  // namespace d3dvk::dxbc
