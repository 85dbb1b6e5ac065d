// translate/dxbc/translator_instructions.cpp — Translator members for the
// instruction stream: translate() (the opcode switch: structured control flow,
// float / integer / bit / conversion / derivative ALU) and its ALU helpers;
// resource access goes to translator_resources.cpp. See translator_impl.h.
#include "translator_impl.h"

namespace d3dvk::dxbc::detail {

void Translator::binaryFloat(const Instruction& inst, uint32_t opcode) {
  const Operand& d = inst.operands.at(0);
  uint8_t m = destMask(d);
  uint32_t n = uint32_t(std::popcount(m));
  uint32_t a = loadForMask(inst.operands.at(1), m, K::F), c = loadForMask(inst.operands.at(2), m, K::F);
  storeDest(d, b_.op(opcode, typeOf(K::F, n), {a, c}), K::F, inst.saturate());
}

void Translator::binaryInt(const Instruction& inst, uint32_t opcode, K k) {
  const Operand& d = inst.operands.at(0);
  uint8_t m = destMask(d);
  uint32_t n = uint32_t(std::popcount(m));
  uint32_t a = loadForMask(inst.operands.at(1), m, k), c = loadForMask(inst.operands.at(2), m, k);
  storeDest(d, b_.op(opcode, typeOf(k, n), {a, c}), k);
}

void Translator::binaryExt(const Instruction& inst, uint32_t extOp, K k) {
  const Operand& d = inst.operands.at(0);
  uint8_t m = destMask(d);
  uint32_t n = uint32_t(std::popcount(m));
  uint32_t a = loadForMask(inst.operands.at(1), m, k), c = loadForMask(inst.operands.at(2), m, k);
  storeDest(d, b_.ext(typeOf(k, n), extOp, {a, c}), k, inst.saturate());
}

void Translator::unaryExt(const Instruction& inst, uint32_t extOp, K k) {
  const Operand& d = inst.operands.at(0);
  uint8_t m = destMask(d);
  uint32_t n = uint32_t(std::popcount(m));
  uint32_t a = loadForMask(inst.operands.at(1), m, k);
  storeDest(d, b_.ext(typeOf(k, n), extOp, {a}), k, inst.saturate());
}

void Translator::unaryOp(const Instruction& inst, uint32_t opcode, K in, K out) {
  const Operand& d = inst.operands.at(0);
  uint8_t m = destMask(d);
  uint32_t n = uint32_t(std::popcount(m));
  uint32_t a = loadForMask(inst.operands.at(1), m, in);
  storeDest(d, b_.op(opcode, typeOf(out, n), {a}), out, inst.saturate());
}

void Translator::compare(const Instruction& inst, uint32_t opcode, K k) {
  const Operand& d = inst.operands.at(0);
  uint8_t m = destMask(d);
  uint32_t n = uint32_t(std::popcount(m));
  uint32_t a = loadForMask(inst.operands.at(1), m, k), c = loadForMask(inst.operands.at(2), m, k);
  uint32_t cmp = b_.op(opcode, b_.tVec(b_.tBool(), n), {a, c});
  uint32_t r = b_.op(OpSelect, typeOf(K::U, n), {cmp, constSplat(b_.cUint(0xffffffffu), K::U, n), constSplat(b_.cUint(0), K::U, n)});
  storeDest(d, r, K::U);
}

void Translator::dot(const Instruction& inst, uint32_t count) {
  const Operand& d = inst.operands.at(0);
  uint32_t n = uint32_t(std::popcount(destMask(d)));
  uint32_t a = loadSource(inst.operands.at(1), count, K::F), c = loadSource(inst.operands.at(2), count, K::F);
  uint32_t r = count == 1 ? b_.op(OpFMul, b_.tFloat(), {a, c}) : b_.op(OpDot, b_.tFloat(), {a, c});
  storeDest(d, splat(r, K::F, n), K::F, inst.saturate());
}

// fxc counts a dword for an extended opcode token it then leaves out (the
// sample controls of a zero texel offset: samplepos on a t#, the *_s forms on
// 1D, 2D and 3D textures) and writes it after the operands, 0 or stale bits,
// so the decoder reads a register-less r# or o# (0x0, 0x2000) there
// (isFxcPaddingOperand, tokens.h). It names no register and carries no value;
// the instruction is the one before it.
void Translator::translate(const Instruction& inst) {
  if (!inst.operands.empty() && isFxcPaddingOperand(inst.operands.back())) {
    Instruction trimmed = inst;
    trimmed.operands.pop_back();
    translate(trimmed);
    return;
  }
  if ((opt_.nonUniformWaterfall || opt_.nonUniformSwitch || opt_.constantIndexClasses) && !inWaterfall_ &&
      waterfall(inst))
    return;
  const Opcode o = inst.opcode;
  // Structural instructions manage blocks themselves.
  switch (o) {
    case Opcode::If: {
      ensureBlock();
      uint32_t cond = condition(inst, inst.operands.at(0));
      Construct c{Construct::If};
      c.merge = b_.id();
      c.elseLabel = b_.id();
      uint32_t then = b_.id();
      b_.opNoResult(OpSelectionMerge, {c.merge, 0});
      b_.opNoResult(OpBranchConditional, {cond, then, c.elseLabel});
      b_.label(then);
      constructs_.push_back(c);
      return;
    }
    case Opcode::Else: {
      if (constructs_.empty() || constructs_.back().type != Construct::If || constructs_.back().hadElse) fail("else without if");
      Construct& c = constructs_.back();
      if (b_.blockOpen()) b_.opNoResult(OpBranch, {c.merge});
      b_.label(c.elseLabel);
      c.hadElse = true;
      return;
    }
    case Opcode::EndIf: {
      if (constructs_.empty() || constructs_.back().type != Construct::If) fail("endif without if");
      Construct c = constructs_.back();
      constructs_.pop_back();
      if (b_.blockOpen()) b_.opNoResult(OpBranch, {c.merge});
      if (!c.hadElse) {
        b_.label(c.elseLabel);
        b_.opNoResult(OpBranch, {c.merge});
      }
      b_.label(c.merge);
      return;
    }
    case Opcode::Loop: {
      ensureBlock();
      Construct c{Construct::Loop};
      c.merge = b_.id();
      c.cont = b_.id();
      uint32_t header = b_.id(), body = b_.id();
      b_.opNoResult(OpBranch, {header});
      b_.label(header);
      b_.opNoResult(OpLoopMerge, {c.merge, c.cont, 0});
      b_.opNoResult(OpBranch, {body});
      b_.label(body);
      c.elseLabel = header;  // the loop header, for the continue block's back edge
      constructs_.push_back(c);
      return;
    }
    case Opcode::EndLoop: {
      if (constructs_.empty() || constructs_.back().type != Construct::Loop) fail("endloop without loop");
      Construct c = constructs_.back();
      constructs_.pop_back();
      if (b_.blockOpen()) b_.opNoResult(OpBranch, {c.cont});
      b_.label(c.cont);
      b_.opNoResult(OpBranch, {c.elseLabel});
      b_.label(c.merge);
      return;
    }
    case Opcode::Switch: {
      ensureBlock();
      uint32_t sel = loadSource(inst.operands.at(0), 1, K::U);
      Construct c{Construct::Switch};
      c.merge = b_.id();
      uint32_t defaultLabel = 0;
      std::vector<uint32_t> cases;
      int depth = 0;
      uint32_t pending = 0;  // label shared by consecutive case/default
      for (size_t j = curIndex_ + 1; j < prog_.instructions.size(); ++j) {
        const Instruction& in = prog_.instructions[j];
        if (in.opcode == Opcode::Switch) ++depth;
        if (in.opcode == Opcode::EndSwitch) {
          if (depth-- == 0) break;
        }
        if (depth != 0) { pending = 0; continue; }
        if (in.opcode == Opcode::Case || in.opcode == Opcode::Default) {
          if (!pending) pending = b_.id();
          c.caseLabels[j] = pending;
          if (in.opcode == Opcode::Default) {
            defaultLabel = pending;
          } else {
            const Operand& lit = in.operands.at(0);
            if (lit.type != OperandType::Immediate32) fail("case needs an immediate value");
            cases.push_back(lit.imm[0]);
            cases.push_back(pending);
          }
        } else {
          pending = 0;
        }
      }
      b_.opNoResult(OpSelectionMerge, {c.merge, 0});
      std::vector<uint32_t> args{sel, defaultLabel ? defaultLabel : c.merge};
      args.insert(args.end(), cases.begin(), cases.end());
      b_.opNoResult(OpSwitch, args);
      constructs_.push_back(c);
      return;
    }
    case Opcode::Case:
    case Opcode::Default: {
      if (constructs_.empty() || constructs_.back().type != Construct::Switch) fail("case/default outside a switch");
      Construct& c = constructs_.back();
      uint32_t l = c.caseLabels.at(curIndex_);
      bool sharesPrevious = curIndex_ > 0 && c.caseLabels.count(curIndex_ - 1) && c.caseLabels[curIndex_ - 1] == l;
      if (sharesPrevious) return;
      if (b_.blockOpen()) b_.opNoResult(OpBranch, {l});  // fallthrough
      b_.label(l);
      return;
    }
    case Opcode::EndSwitch: {
      if (constructs_.empty() || constructs_.back().type != Construct::Switch) fail("endswitch without switch");
      Construct c = constructs_.back();
      constructs_.pop_back();
      if (b_.blockOpen()) b_.opNoResult(OpBranch, {c.merge});
      b_.label(c.merge);
      return;
    }
    default: break;
  }
  ensureBlock();
  switch (o) {
    case Opcode::Break: {
      Construct* c = innermost(false);
      if (!c) fail("break outside a loop or switch");
      b_.opNoResult(OpBranch, {c->merge});
      return;
    }
    case Opcode::Breakc: {
      Construct* c = innermost(false);
      if (!c) fail("breakc outside a loop or switch");
      uint32_t target = c->merge;
      conditional(condition(inst, inst.operands.at(0)), [&] { b_.opNoResult(OpBranch, {target}); });
      return;
    }
    case Opcode::Continue: {
      Construct* c = innermost(true);
      if (!c) fail("continue outside a loop");
      b_.opNoResult(OpBranch, {c->cont});
      return;
    }
    case Opcode::Continuec: {
      Construct* c = innermost(true);
      if (!c) fail("continuec outside a loop");
      uint32_t target = c->cont;
      conditional(condition(inst, inst.operands.at(0)), [&] { b_.opNoResult(OpBranch, {target}); });
      return;
    }
    case Opcode::Ret:
      b_.opNoResult(OpReturn, {});
      return;
    case Opcode::Retc:
      conditional(condition(inst, inst.operands.at(0)), [&] { b_.opNoResult(OpReturn, {}); });
      return;
    case Opcode::Discard:
      if (stage_ != ProgramType::Pixel) fail("discard outside a pixel shader");
      conditional(condition(inst, inst.operands.at(0)), [&] { b_.opNoResult(OpKill, {}); });
      return;
    case Opcode::Nop:
      return;
    default: break;
  }

  const size_t nOps = inst.operands.size();
  auto need = [&](size_t n) {
    if (nOps != n) fail("expects " + std::to_string(n) + " operands, has " + std::to_string(nOps));
  };
  switch (o) {
    case Opcode::Mov: {
      need(2);
      const Operand& d = inst.operands[0];
      uint8_t m = destMask(d);
      bool typed = inst.saturate() || inst.operands[1].modifier != OperandModifier::None;
      K k = typed ? K::F : K::U;
      storeDest(d, loadForMask(inst.operands[1], m, k), k, inst.saturate());
      return;
    }
    case Opcode::Movc: {
      need(4);
      const Operand& d = inst.operands[0];
      uint8_t m = destMask(d);
      uint32_t n = uint32_t(std::popcount(m));
      uint32_t cond = loadForMask(inst.operands[1], m, K::U);
      uint32_t cb = b_.op(OpINotEqual, b_.tVec(b_.tBool(), n), {cond, constSplat(b_.cUint(0), K::U, n)});
      bool typed = inst.saturate() || inst.operands[2].modifier != OperandModifier::None ||
                   inst.operands[3].modifier != OperandModifier::None;
      K k = typed ? K::F : K::U;
      uint32_t a = loadForMask(inst.operands[2], m, k), c = loadForMask(inst.operands[3], m, k);
      storeDest(d, b_.op(OpSelect, typeOf(k, n), {cb, a, c}), k, inst.saturate());
      return;
    }
    case Opcode::Swapc: {
      need(5);
      // swapc d0, d1, cond, a, b: d0 = cond ? b : a; d1 = cond ? a : b. Both
      // results are computed before either is stored: a destination may be a
      // source of the other (swapc r0.x, r1.x, r2.x, r0.x, r1.x swaps them).
      uint32_t results[2] = {};
      K kinds[2] = {K::U, K::U};
      for (int which = 0; which < 2; ++which) {
        const Operand& d = inst.operands[which];
        if (d.type == OperandType::Null) continue;
        uint8_t m = destMask(d);
        uint32_t n = uint32_t(std::popcount(m));
        uint32_t cond = loadForMask(inst.operands[2], m, K::U);
        uint32_t cb = b_.op(OpINotEqual, b_.tVec(b_.tBool(), n), {cond, constSplat(b_.cUint(0), K::U, n)});
        // The values are floats to their modifiers (-x, |x|) and _sat, as movc's are; else moved as bits.
        const bool typed = inst.saturate() || inst.operands[3].modifier != OperandModifier::None ||
                           inst.operands[4].modifier != OperandModifier::None;
        kinds[which] = typed ? K::F : K::U;
        uint32_t a = loadForMask(inst.operands[3], m, kinds[which]), c = loadForMask(inst.operands[4], m, kinds[which]);
        results[which] = b_.op(OpSelect, typeOf(kinds[which], n), {cb, which == 0 ? c : a, which == 0 ? a : c});
      }
      for (int which = 0; which < 2; ++which)
        if (inst.operands[which].type != OperandType::Null)
          storeDest(inst.operands[which], results[which], kinds[which], inst.saturate());
      return;
    }
    case Opcode::Msad: {
      need(4);
      // msad d, ref, src, accum, per component: accum plus, for each of the
      // four bytes whose reference byte is not 0, |ref byte - src byte|
      // (unsigned, wrapping like iadd).
      const Operand& d = inst.operands[0];
      uint8_t m = destMask(d);
      uint32_t n = uint32_t(std::popcount(m));
      uint32_t t = typeOf(K::U, n), bt = b_.tVec(b_.tBool(), n);
      uint32_t ref = loadForMask(inst.operands[1], m, K::U), src = loadForMask(inst.operands[2], m, K::U);
      uint32_t sum = loadForMask(inst.operands[3], m, K::U);
      const uint32_t zero = constSplat(b_.cUint(0), K::U, n), byteMask = constSplat(b_.cUint(0xFF), K::U, n);
      for (uint32_t byte = 0; byte < 4; ++byte) {
        const uint32_t shift = constSplat(b_.cUint(8 * byte), K::U, n);
        uint32_t r = b_.op(OpBitwiseAnd, t, {b_.op(OpShiftRightLogical, t, {ref, shift}), byteMask});
        uint32_t v = b_.op(OpBitwiseAnd, t, {b_.op(OpShiftRightLogical, t, {src, shift}), byteMask});
        uint32_t diff = b_.op(OpSelect, t, {b_.op(OpUGreaterThan, bt, {r, v}), b_.op(OpISub, t, {r, v}),
                                            b_.op(OpISub, t, {v, r})});
        uint32_t counted = b_.op(OpSelect, t, {b_.op(OpINotEqual, bt, {r, zero}), diff, zero});
        sum = b_.op(OpIAdd, t, {sum, counted});
      }
      storeDest(d, sum, K::U);
      return;
    }
    case Opcode::Add: need(3); binaryFloat(inst, OpFAdd); return;
    case Opcode::Mul: need(3); binaryFloat(inst, OpFMul); return;
    case Opcode::Div: need(3); binaryFloat(inst, OpFDiv); return;
    case Opcode::Min: need(3); binaryExt(inst, GlslNMin, K::F); return;
    case Opcode::Max: need(3); binaryExt(inst, GlslNMax, K::F); return;
    case Opcode::Mad: {
      need(4);
      const Operand& d = inst.operands[0];
      uint8_t m = destMask(d);
      uint32_t n = uint32_t(std::popcount(m));
      uint32_t a = loadForMask(inst.operands[1], m, K::F), c = loadForMask(inst.operands[2], m, K::F),
               e = loadForMask(inst.operands[3], m, K::F);
      uint32_t t = typeOf(K::F, n);
      storeDest(d, b_.op(OpFAdd, t, {b_.op(OpFMul, t, {a, c}), e}), K::F, inst.saturate());
      return;
    }
    case Opcode::Dp2: need(3); dot(inst, 2); return;
    case Opcode::Dp3: need(3); dot(inst, 3); return;
    case Opcode::Dp4: need(3); dot(inst, 4); return;
    case Opcode::Sqrt: need(2); unaryExt(inst, GlslSqrt, K::F); return;
    case Opcode::Rsq: need(2); unaryExt(inst, GlslInverseSqrt, K::F); return;
    case Opcode::Exp: need(2); unaryExt(inst, GlslExp2, K::F); return;
    case Opcode::Log: need(2); unaryExt(inst, GlslLog2, K::F); return;
    case Opcode::Frc: need(2); unaryExt(inst, GlslFract, K::F); return;
    case Opcode::RoundNe: need(2); unaryExt(inst, GlslRoundEven, K::F); return;
    case Opcode::RoundNi: need(2); unaryExt(inst, GlslFloor, K::F); return;
    case Opcode::RoundPi: need(2); unaryExt(inst, GlslCeil, K::F); return;
    case Opcode::RoundZ: need(2); unaryExt(inst, GlslTrunc, K::F); return;
    case Opcode::Rcp: {
      need(2);
      const Operand& d = inst.operands[0];
      uint8_t m = destMask(d);
      uint32_t n = uint32_t(std::popcount(m));
      uint32_t a = loadForMask(inst.operands[1], m, K::F);
      storeDest(d, b_.op(OpFDiv, typeOf(K::F, n), {constSplat(b_.cFloat(1), K::F, n), a}), K::F, inst.saturate());
      return;
    }
    case Opcode::SinCos: {
      need(3);
      for (int which = 0; which < 2; ++which) {
        const Operand& d = inst.operands[which];
        if (d.type == OperandType::Null) continue;
        uint8_t m = destMask(d);
        uint32_t n = uint32_t(std::popcount(m));
        uint32_t a = loadForMask(inst.operands[2], m, K::F);
        storeDest(d, b_.ext(typeOf(K::F, n), which == 0 ? GlslSin : GlslCos, {a}), K::F, inst.saturate());
      }
      return;
    }
    case Opcode::Eq: need(3); compare(inst, OpFOrdEqual, K::F); return;
    case Opcode::Ne: need(3); compare(inst, OpFUnordNotEqual, K::F); return;
    case Opcode::Lt: need(3); compare(inst, OpFOrdLessThan, K::F); return;
    case Opcode::Ge: need(3); compare(inst, OpFOrdGreaterThanEqual, K::F); return;
    case Opcode::IEq: need(3); compare(inst, OpIEqual, K::I); return;
    case Opcode::INe: need(3); compare(inst, OpINotEqual, K::I); return;
    case Opcode::ILt: need(3); compare(inst, OpSLessThan, K::I); return;
    case Opcode::IGe: need(3); compare(inst, OpSGreaterThanEqual, K::I); return;
    case Opcode::ULt: need(3); compare(inst, OpULessThan, K::U); return;
    case Opcode::UGe: need(3); compare(inst, OpUGreaterThanEqual, K::U); return;
    case Opcode::And: need(3); binaryInt(inst, OpBitwiseAnd, K::U); return;
    case Opcode::Or: need(3); binaryInt(inst, OpBitwiseOr, K::U); return;
    case Opcode::Xor: need(3); binaryInt(inst, OpBitwiseXor, K::U); return;
    case Opcode::Not: need(2); unaryOp(inst, OpNot, K::U, K::U); return;
    case Opcode::IAdd: need(3); binaryInt(inst, OpIAdd, K::I); return;
    case Opcode::INeg: need(2); unaryOp(inst, OpSNegate, K::I, K::I); return;
    case Opcode::IMax: need(3); binaryExt(inst, GlslSMax, K::I); return;
    case Opcode::IMin: need(3); binaryExt(inst, GlslSMin, K::I); return;
    case Opcode::UMax: need(3); binaryExt(inst, GlslUMax, K::U); return;
    case Opcode::UMin: need(3); binaryExt(inst, GlslUMin, K::U); return;
    case Opcode::IShl: need(3); shift(inst, OpShiftLeftLogical, K::U); return;
    case Opcode::IShr: need(3); shift(inst, OpShiftRightArithmetic, K::I); return;
    case Opcode::UShr: need(3); shift(inst, OpShiftRightLogical, K::U); return;
    case Opcode::IMad:
    case Opcode::UMad: {
      need(4);
      K k = o == Opcode::IMad ? K::I : K::U;
      const Operand& d = inst.operands[0];
      uint8_t m = destMask(d);
      uint32_t n = uint32_t(std::popcount(m));
      uint32_t a = loadForMask(inst.operands[1], m, k), c = loadForMask(inst.operands[2], m, k),
               e = loadForMask(inst.operands[3], m, k);
      uint32_t t = typeOf(k, n);
      storeDest(d, b_.op(OpIAdd, t, {b_.op(OpIMul, t, {a, c}), e}), k);
      return;
    }
    case Opcode::IMul:
    case Opcode::UMul: {
      need(4);
      K k = o == Opcode::IMul ? K::I : K::U;
      for (int which = 0; which < 2; ++which) {
        const Operand& d = inst.operands[which];
        if (d.type == OperandType::Null) continue;
        uint8_t m = destMask(d);
        uint32_t n = uint32_t(std::popcount(m));
        uint32_t a = loadForMask(inst.operands[2], m, k), c = loadForMask(inst.operands[3], m, k);
        uint32_t t = typeOf(k, n);
        if (which == 1) {
          storeDest(d, b_.op(OpIMul, t, {a, c}), k);
        } else {
          uint32_t st = mulStruct(k, n);
          uint32_t r = b_.op(k == K::I ? OpSMulExtended : OpUMulExtended, st, {a, c});
          storeDest(d, b_.op(OpCompositeExtract, t, {r, 1}), k);
        }
      }
      return;
    }
    case Opcode::UDiv: {
      need(4);
      for (int which = 0; which < 2; ++which) {
        const Operand& d = inst.operands[which];
        if (d.type == OperandType::Null) continue;
        uint8_t m = destMask(d);
        uint32_t n = uint32_t(std::popcount(m));
        uint32_t a = loadForMask(inst.operands[2], m, K::U), c = loadForMask(inst.operands[3], m, K::U);
        uint32_t t = typeOf(K::U, n);
        uint32_t zero = b_.op(OpIEqual, b_.tVec(b_.tBool(), n), {c, constSplat(b_.cUint(0), K::U, n)});
        // D3D: division by zero gives 0xffffffff for both results; avoid UB by dividing by 1 instead.
        uint32_t safe = b_.op(OpSelect, t, {zero, constSplat(b_.cUint(1), K::U, n), c});
        uint32_t r = b_.op(which == 0 ? OpUDiv : OpUMod, t, {a, safe});
        storeDest(d, b_.op(OpSelect, t, {zero, constSplat(b_.cUint(0xffffffffu), K::U, n), r}), K::U);
      }
      return;
    }
    case Opcode::Itof: need(2); unaryOp(inst, OpConvertSToF, K::I, K::F); return;
    case Opcode::Utof: need(2); unaryOp(inst, OpConvertUToF, K::U, K::F); return;
    case Opcode::Ftoi:
    case Opcode::Ftou: {
      need(2);
      // D3D saturates out-of-range values and maps NaN to 0; SPIR-V leaves both undefined.
      bool s = o == Opcode::Ftoi;
      const Operand& d = inst.operands[0];
      uint8_t m = destMask(d);
      uint32_t n = uint32_t(std::popcount(m));
      uint32_t ft = typeOf(K::F, n), bt = b_.tVec(b_.tBool(), n);
      K k = s ? K::I : K::U;
      uint32_t t = typeOf(k, n);
      uint32_t x = loadForMask(inst.operands[1], m, K::F);
      float lo = s ? -2147483648.0f : 0.0f, hi = s ? 2147483648.0f : 4294967296.0f;
      uint32_t clamped = b_.ext(ft, GlslNMax, {x, constSplat(b_.cFloat(lo), K::F, n)});
      uint32_t tooBig = b_.op(OpFOrdGreaterThanEqual, bt, {x, constSplat(b_.cFloat(hi), K::F, n)});
      // Convert a value that is in range for sure (hi-1ulp) when tooBig, then select the maximum.
      float safeHi = s ? 2147483520.0f : 4294967040.0f;
      uint32_t inRange = b_.op(OpSelect, ft, {tooBig, constSplat(b_.cFloat(safeHi), K::F, n), clamped});
      uint32_t conv = b_.op(s ? OpConvertFToS : OpConvertFToU, t, {inRange});
      uint32_t maxv = constSplat(s ? b_.cInt(0x7fffffff) : b_.cUint(0xffffffffu), k, n);
      uint32_t r = b_.op(OpSelect, t, {tooBig, maxv, conv});
      uint32_t nan = b_.op(OpIsNan, bt, {x});
      r = b_.op(OpSelect, t, {nan, constSplat(s ? b_.cInt(0) : b_.cUint(0), k, n), r});
      storeDest(d, r, k);
      return;
    }
    case Opcode::Bfrev: need(2); unaryOp(inst, OpBitReverse, K::U, K::U); return;
    case Opcode::CountBits: need(2); unaryOp(inst, OpBitCount, K::U, K::U); return;
    case Opcode::FirstBitLo: need(2); unaryExt(inst, GlslFindILsb, K::U); return;
    case Opcode::FirstBitHi:
    case Opcode::FirstBitShi: {
      need(2);
      // D3D counts from the most significant bit; GLSL's FindMsb from the least. -1 stays -1.
      bool s = o == Opcode::FirstBitShi;
      const Operand& d = inst.operands[0];
      uint8_t m = destMask(d);
      uint32_t n = uint32_t(std::popcount(m));
      uint32_t a = loadForMask(inst.operands[1], m, s ? K::I : K::U);
      uint32_t it = typeOf(K::I, n);
      uint32_t msb = bitcast(b_.ext(typeOf(s ? K::I : K::U, n), s ? GlslFindSMsb : GlslFindUMsb, {a}), s ? K::I : K::U, K::I, n);
      uint32_t none = b_.op(OpIEqual, b_.tVec(b_.tBool(), n), {msb, constSplat(b_.cInt(-1), K::I, n)});
      uint32_t fromTop = b_.op(OpISub, it, {constSplat(b_.cInt(31), K::I, n), msb});
      storeDest(d, b_.op(OpSelect, it, {none, msb, fromTop}), K::I);
      return;
    }
    case Opcode::UBfe:
    case Opcode::IBfe: {
      need(4);
      K k = o == Opcode::IBfe ? K::I : K::U;
      const Operand& d = inst.operands[0];
      uint8_t m = destMask(d);
      uint32_t n = uint32_t(std::popcount(m));
      uint32_t ut = typeOf(K::U, n), t = typeOf(k, n);
      uint32_t width = b_.op(OpBitwiseAnd, ut, {loadForMask(inst.operands[1], m, K::U), constSplat(b_.cUint(31), K::U, n)});
      uint32_t offset = b_.op(OpBitwiseAnd, ut, {loadForMask(inst.operands[2], m, K::U), constSplat(b_.cUint(31), K::U, n)});
      uint32_t src = loadForMask(inst.operands[3], m, k);
      // width == 0 → 0; width + offset < 32 → extract; else src >> offset.
      uint32_t sum = b_.op(OpIAdd, ut, {width, offset});
      uint32_t fits = b_.op(OpULessThan, b_.tVec(b_.tBool(), n), {sum, constSplat(b_.cUint(32), K::U, n)});
      uint32_t safeW = b_.op(OpSelect, ut, {fits, width, constSplat(b_.cUint(0), K::U, n)});
      // Vulkan wants scalar Offset/Count operands: extract component by component.
      std::vector<uint32_t> parts;
      for (uint32_t i = 0; i < n; ++i) {
        auto comp = [&](uint32_t v, K kk) { return n == 1 ? v : b_.op(OpCompositeExtract, typeOf(kk, 1), {v, i}); };
        parts.push_back(b_.op(o == Opcode::IBfe ? OpBitFieldSExtract : OpBitFieldUExtract, typeOf(k, 1),
                              {comp(src, k), comp(offset, K::U), comp(safeW, K::U)}));
      }
      uint32_t ext = n == 1 ? parts[0] : b_.op(OpCompositeConstruct, t, parts);
      uint32_t shifted = b_.op(o == Opcode::IBfe ? OpShiftRightArithmetic : OpShiftRightLogical, t, {src, offset});
      uint32_t r = b_.op(OpSelect, t, {fits, ext, shifted});
      uint32_t wz = b_.op(OpIEqual, b_.tVec(b_.tBool(), n), {width, constSplat(b_.cUint(0), K::U, n)});
      r = b_.op(OpSelect, t, {wz, constSplat(k == K::I ? b_.cInt(0) : b_.cUint(0), k, n), r});
      storeDest(d, r, k);
      return;
    }
    case Opcode::Bfi: {
      need(5);
      const Operand& d = inst.operands[0];
      uint8_t m = destMask(d);
      uint32_t n = uint32_t(std::popcount(m));
      uint32_t t = typeOf(K::U, n);
      uint32_t width = b_.op(OpBitwiseAnd, t, {loadForMask(inst.operands[1], m, K::U), constSplat(b_.cUint(31), K::U, n)});
      uint32_t offset = b_.op(OpBitwiseAnd, t, {loadForMask(inst.operands[2], m, K::U), constSplat(b_.cUint(31), K::U, n)});
      uint32_t insert = loadForMask(inst.operands[3], m, K::U), base = loadForMask(inst.operands[4], m, K::U);
      uint32_t ones = b_.op(OpISub, t, {b_.op(OpShiftLeftLogical, t, {constSplat(b_.cUint(1), K::U, n), width}),
                                        constSplat(b_.cUint(1), K::U, n)});
      uint32_t mask = b_.op(OpShiftLeftLogical, t, {ones, offset});
      uint32_t ins = b_.op(OpBitwiseAnd, t, {b_.op(OpShiftLeftLogical, t, {insert, offset}), mask});
      uint32_t keep = b_.op(OpBitwiseAnd, t, {base, b_.op(OpNot, t, {mask})});
      storeDest(d, b_.op(OpBitwiseOr, t, {ins, keep}), K::U);
      return;
    }
    case Opcode::F32ToF16:
      need(2);
      perComponent(inst, K::F, K::U, [&](uint32_t x) {
        uint32_t v2 = b_.op(OpCompositeConstruct, b_.tVec(b_.tFloat(), 2), {x, b_.cFloat(0)});
        return b_.ext(b_.tUint(), GlslPackHalf2x16, {v2});
      });
      return;
    case Opcode::F16ToF32:
      need(2);
      perComponent(inst, K::U, K::F, [&](uint32_t x) {
        uint32_t v2 = b_.ext(b_.tVec(b_.tFloat(), 2), GlslUnpackHalf2x16, {x});
        return b_.op(OpCompositeExtract, b_.tFloat(), {v2, 0});
      });
      return;
    case Opcode::DerivRtx:
    case Opcode::DerivRty:
    case Opcode::DerivRtxCoarse:
    case Opcode::DerivRtyCoarse:
    case Opcode::DerivRtxFine:
    case Opcode::DerivRtyFine: {
      need(2);
      if (stage_ != ProgramType::Pixel) fail("derivatives are only valid in pixel shaders");
      uint32_t op = o == Opcode::DerivRtx ? OpDPdx : o == Opcode::DerivRty ? OpDPdy
                    : o == Opcode::DerivRtxCoarse ? OpDPdxCoarse : o == Opcode::DerivRtyCoarse ? OpDPdyCoarse
                    : o == Opcode::DerivRtxFine ? OpDPdxFine : OpDPdyFine;
      if (o != Opcode::DerivRtx && o != Opcode::DerivRty) b_.capability(CapDerivativeControl);
      unaryOp(inst, op, K::F, K::F);
      return;
    }
    case Opcode::Sample: need(4); sample(inst, SampleKind::Implicit); return;
    case Opcode::SampleL: need(5); sample(inst, SampleKind::Lod); return;
    case Opcode::SampleB: need(5); sample(inst, SampleKind::Bias); return;
    case Opcode::SampleD: need(6); sample(inst, SampleKind::Grad); return;
    case Opcode::SampleC: need(5); sampleCompare(inst, false); return;
    case Opcode::SampleCLz: need(5); sampleCompare(inst, true); return;
    case Opcode::Gather4: need(4); gather(inst, false); return;
    case Opcode::BufInfo: need(2); bufinfo(inst); return;
    case Opcode::EvalCentroid: need(2); evaluate(inst); return;
    case Opcode::EvalSampleIndex:
    case Opcode::EvalSnapped: need(3); evaluate(inst); return;
    case Opcode::Lod: need(4); lod(inst); return;
    case Opcode::Gather4C: need(5); gather(inst, true); return;
    case Opcode::Gather4Po: need(5); gather(inst, false, true); return;
    case Opcode::Gather4PoC: need(6); gather(inst, true, true); return;
    case Opcode::Gather4S:
    case Opcode::Gather4CS:
    case Opcode::Gather4PoS:
    case Opcode::Gather4PoCS:
    case Opcode::LdS:
    case Opcode::LdMsS:
    case Opcode::LdUavTypedS:
    case Opcode::LdRawS:
    case Opcode::LdStructuredS:
    case Opcode::SampleLS:
    case Opcode::SampleCLzS:
    case Opcode::SampleClS:
    case Opcode::SampleBClS:
    case Opcode::SampleDClS:
    case Opcode::SampleCClS:
      if (feedback_) fail("nested tiled-resource feedback form");
      feedbackForm(inst);
      return;
    case Opcode::CheckAccessFullyMapped: need(2); checkAccessFullyMapped(inst); return;
    case Opcode::Ld: need(3); ld(inst, false); return;
    case Opcode::LdMs: need(4); ld(inst, true); return;
    case Opcode::ResInfo: need(3); resinfo(inst); return;
    case Opcode::SampleInfo: need(2); sampleInfo(inst); return;
    case Opcode::SamplePos: need(3); samplePos(inst); return;
    case Opcode::StoreUavTyped: need(3); storeUavTyped(inst); return;
    case Opcode::LdUavTyped: need(3); loadUavTyped(inst); return;
    case Opcode::LdRaw: need(3); loadBuffer(inst, false); return;
    case Opcode::LdStructured: need(4); loadBuffer(inst, true); return;
    case Opcode::StoreRaw: need(3); storeBuffer(inst, false); return;
    case Opcode::StoreStructured: need(4); storeBuffer(inst, true); return;
    case Opcode::Sync: sync(inst); return;
    case Opcode::Emit:
    case Opcode::EmitStream: gsEmitCut(inst, true, false); return;
    case Opcode::Cut:
    case Opcode::CutStream: gsEmitCut(inst, false, true); return;
    case Opcode::EmitThenCut:
    case Opcode::EmitThenCutStream: gsEmitCut(inst, true, true); return;
    default:
      if (uint32_t(o) >= 169 && uint32_t(o) <= 189 && uint32_t(o) != 178 && uint32_t(o) != 179) {
        const uint32_t op = uint32_t(o);
        need(op == 172 ? 4 : op < 178 ? 3 : op == 185 ? 5 : 4);
        atomic(inst);
        return;
      }
      if (uint32_t(o) == 178 || uint32_t(o) == 179) {
        need(2);
        counter(inst);
        return;
      }
      if (isDoubleOpcode(o)) {
        doubleInstruction(inst);
        return;
      }
      fail("instruction is not supported by the translator");
  }
}

void Translator::shift(const Instruction& inst, uint32_t opcode, K k) {
  const Operand& d = inst.operands.at(0);
  uint8_t m = destMask(d);
  uint32_t n = uint32_t(std::popcount(m));
  uint32_t a = loadForMask(inst.operands.at(1), m, k);
  uint32_t s = b_.op(OpBitwiseAnd, typeOf(K::U, n), {loadForMask(inst.operands.at(2), m, K::U), constSplat(b_.cUint(31), K::U, n)});
  storeDest(d, b_.op(opcode, typeOf(k, n), {a, s}), k);
}

uint32_t Translator::mulStruct(K k, uint32_t n) {
  auto key = std::make_pair(int(k), n);
  auto it = mulStructs_.find(key);
  if (it != mulStructs_.end()) return it->second;
  uint32_t t = typeOf(k, n);
  uint32_t s = b_.tStruct({t, t});
  mulStructs_[key] = s;
  return s;
}

}  // namespace d3dvk::dxbc::detail
