// translate/dxbc/translator_doubles.cpp — Translator members for the
// double-precision instructions: SM5.0's dadd, dmul, dmax, dmin, dmov, dmovc,
// deq, dge, dlt, dne, dtof, ftod and the D3D11.1 double extensions ddiv, dfma,
// drcp, dtoi, dtou, itod, utod. Registers stay uvec4: a double is read as a
// component pair bitcast to Float64 and written back the same way (x or z
// the low 32 bits). See translator_impl.h.
#include "translator_impl.h"

namespace d3dvk::dxbc::detail {

std::vector<uint32_t> Translator::doublePairs(uint8_t mask) {
  switch (mask) {
    case 0x3: return {0};
    case 0xc: return {1};
    case 0xf: return {0, 1};
    default: fail("a double destination's mask must be .xy, .zw or .xyzw");
  }
}

uint32_t Translator::loadDoubles(const Operand& op, const std::vector<uint32_t>& pairs) {
  const uint32_t n = uint32_t(pairs.size());
  uint32_t bits;  // 2n uints, the low word of each double first
  if (op.type == OperandType::Immediate64) {
    std::vector<uint32_t> parts;
    for (uint32_t p : pairs) {
      const uint32_t i = op.immCount == 2 ? 0 : p;  // d(a) holds one double, d(a, b) two
      parts.push_back(b_.cUint(op.imm[2 * i]));
      parts.push_back(b_.cUint(op.imm[2 * i + 1]));
    }
    bits = b_.cComposite(b_.tVec(b_.tUint(), 2 * n), parts);
  } else {
    uint32_t comps[4];
    for (uint32_t i = 0; i < n; ++i) {
      comps[2 * i] = op.componentOf(2 * pairs[i]);
      comps[2 * i + 1] = op.componentOf(2 * pairs[i] + 1);
    }
    bits = loadSource(op, 2 * n, K::U, false, comps);
  }
  const uint32_t t = b_.tVec(b_.tDouble(), n);
  uint32_t v = b_.op(OpBitcast, t, {bits});
  if (op.modifier == OperandModifier::Abs || op.modifier == OperandModifier::AbsNeg) v = b_.ext(t, GlslFAbs, {v});
  if (op.modifier == OperandModifier::Neg || op.modifier == OperandModifier::AbsNeg) v = b_.op(OpFNegate, t, {v});
  return v;
}

uint32_t Translator::loadPerPair(const Operand& op, const std::vector<uint32_t>& pairs, K k) {
  uint32_t comps[2];
  for (size_t i = 0; i < pairs.size(); ++i) comps[i] = op.componentOf(pairs[i]);
  if (op.type == OperandType::Immediate64) fail("a 32-bit source cannot be a double immediate d(…)");
  return loadSource(op, uint32_t(pairs.size()), k, true, comps);
}

void Translator::storeDoubles(const Operand& dst, uint32_t value, uint32_t n, bool saturate) {
  const uint32_t t = b_.tVec(b_.tDouble(), n);
  if (saturate) {
    const uint32_t zero = n == 1 ? b_.cDouble(0.0) : b_.cComposite(t, {b_.cDouble(0.0), b_.cDouble(0.0)});
    const uint32_t one = n == 1 ? b_.cDouble(1.0) : b_.cComposite(t, {b_.cDouble(1.0), b_.cDouble(1.0)});
    value = b_.ext(t, GlslNClamp, {value, zero, one});  // NaN → 0, as D3D saturates
  }
  storeDest(dst, b_.op(OpBitcast, typeOf(K::U, 2 * n), {value}), K::U);
}

void Translator::doubleInstruction(const Instruction& inst) {
  const Opcode o = inst.opcode;
  size_t operands = 3;
  if (o == Opcode::DMovc || o == Opcode::DFma) operands = 4;
  if (o == Opcode::DMov || o == Opcode::DRcp || o == Opcode::DtoF || o == Opcode::FtoD || o == Opcode::DtoI ||
      o == Opcode::DtoU || o == Opcode::ItoD || o == Opcode::UtoD)
    operands = 2;
  if (inst.operands.size() != operands)
    fail("expects " + std::to_string(operands) + " operands, has " + std::to_string(inst.operands.size()));
  const Operand& d = inst.operands[0];
  if (d.type == OperandType::Null) return;  // no side effects
  b_.capability(CapFloat64);
  const uint32_t tD = b_.tDouble();

  // Double results: one per pair of the destination mask.
  auto doubleResult = [&]() -> std::pair<std::vector<uint32_t>, uint32_t> {
    std::vector<uint32_t> pairs = doublePairs(destMask(d));
    return {pairs, uint32_t(pairs.size())};
  };
  // 32-bit results (comparisons, dtof, dtoi, dtou): the first (second) set component
  // of the mask gets the first (second) double of the sources.
  auto singleResult = [&]() -> std::pair<std::vector<uint32_t>, uint32_t> {
    const uint32_t n = uint32_t(std::popcount(destMask(d)));
    if (n < 1 || n > 2) fail("the destination of a double comparison or conversion has one or two components");
    return {n == 1 ? std::vector<uint32_t>{0} : std::vector<uint32_t>{0, 1}, n};
  };
  auto splatD = [&](double v, uint32_t n) {
    return n == 1 ? b_.cDouble(v) : b_.cComposite(b_.tVec(tD, n), {b_.cDouble(v), b_.cDouble(v)});
  };

  switch (o) {
    case Opcode::DAdd:
    case Opcode::DMul:
    case Opcode::DDiv:
    case Opcode::DMax:
    case Opcode::DMin: {
      auto [pairs, n] = doubleResult();
      const uint32_t t = b_.tVec(tD, n);
      const uint32_t a = loadDoubles(inst.operands[1], pairs), c = loadDoubles(inst.operands[2], pairs);
      uint32_t r;
      if (o == Opcode::DMax) r = b_.ext(t, GlslNMax, {a, c});  // a NaN operand yields the other one
      else if (o == Opcode::DMin) r = b_.ext(t, GlslNMin, {a, c});
      else r = b_.op(o == Opcode::DAdd ? OpFAdd : o == Opcode::DMul ? OpFMul : OpFDiv, t, {a, c});
      storeDoubles(d, r, n, inst.saturate());
      return;
    }
    case Opcode::DFma: {
      // D3D requires one rounding (0.5 ULP). GLSL.std.450 Fma is fused only where the
      // device fuses it (lavapipe rounds the product first), so it is built from exactly
      // rounded adds and multiplies instead (translator_dfma.cpp), per double.
      auto [pairs, n] = doubleResult();
      const uint32_t a = loadDoubles(inst.operands[1], pairs), b = loadDoubles(inst.operands[2], pairs),
                     c = loadDoubles(inst.operands[3], pairs);
      uint32_t r;
      if (n == 1) {
        r = exactFma(a, b, c);
      } else {
        std::vector<uint32_t> parts;
        for (uint32_t i = 0; i < n; ++i) {
          auto part = [&](uint32_t v) { return b_.op(OpCompositeExtract, tD, {v, i}); };
          parts.push_back(exactFma(part(a), part(b), part(c)));
        }
        r = b_.op(OpCompositeConstruct, b_.tVec(tD, n), parts);
      }
      storeDoubles(d, r, n, inst.saturate());
      return;
    }
    case Opcode::DRcp: {
      auto [pairs, n] = doubleResult();
      const uint32_t a = loadDoubles(inst.operands[1], pairs);
      storeDoubles(d, b_.op(OpFDiv, b_.tVec(tD, n), {splatD(1.0, n), a}), n, inst.saturate());
      return;
    }
    case Opcode::DMov: {
      auto [pairs, n] = doubleResult();
      const Operand& s = inst.operands[1];
      if (!inst.saturate() && s.modifier == OperandModifier::None && s.type != OperandType::Immediate64) {
        // A plain move copies the bits (NaN payloads included).
        uint32_t comps[4];
        for (uint32_t i = 0; i < n; ++i) {
          comps[2 * i] = s.componentOf(2 * pairs[i]);
          comps[2 * i + 1] = s.componentOf(2 * pairs[i] + 1);
        }
        storeDest(d, loadSource(s, 2 * n, K::U, false, comps), K::U);
        return;
      }
      storeDoubles(d, loadDoubles(s, pairs), n, inst.saturate());
      return;
    }
    case Opcode::DMovc: {
      // Double p of the destination is chosen by the source's post-swizzle 32-bit component p.
      auto [pairs, n] = doubleResult();
      const uint32_t cond = loadPerPair(inst.operands[1], pairs, K::U);
      const uint32_t bt = b_.tVec(b_.tBool(), n);
      const uint32_t zero = n == 1 ? b_.cUint(0) : b_.cComposite(typeOf(K::U, 2), {b_.cUint(0), b_.cUint(0)});
      const uint32_t cb = b_.op(OpINotEqual, bt, {cond, zero});
      const uint32_t a = loadDoubles(inst.operands[2], pairs), c = loadDoubles(inst.operands[3], pairs);
      storeDoubles(d, b_.op(OpSelect, b_.tVec(tD, n), {cb, a, c}), n, inst.saturate());
      return;
    }
    case Opcode::DEq:
    case Opcode::DGe:
    case Opcode::DLt:
    case Opcode::DNe: {
      auto [pairs, n] = singleResult();
      const uint32_t a = loadDoubles(inst.operands[1], pairs), c = loadDoubles(inst.operands[2], pairs);
      const uint32_t op = o == Opcode::DEq ? OpFOrdEqual : o == Opcode::DGe ? OpFOrdGreaterThanEqual
                          : o == Opcode::DLt ? OpFOrdLessThan : OpFUnordNotEqual;  // NaN: only dne is true
      const uint32_t cmp = b_.op(op, b_.tVec(b_.tBool(), n), {a, c});
      const uint32_t r = b_.op(OpSelect, typeOf(K::U, n),
                               {cmp, constSplat(b_.cUint(0xffffffffu), K::U, n), constSplat(b_.cUint(0), K::U, n)});
      storeDest(d, r, K::U);
      return;
    }
    case Opcode::DtoF: {  // rounds to nearest even; out of range gives ±inf
      auto [pairs, n] = singleResult();
      const uint32_t a = loadDoubles(inst.operands[1], pairs);
      storeDest(d, b_.op(OpFConvert, typeOf(K::F, n), {a}), K::F, inst.saturate());
      return;
    }
    case Opcode::DtoI:
    case Opcode::DtoU: {
      // Truncates toward zero; D3D clamps to the integer range first and maps NaN to 0
      // (SPIR-V leaves both undefined). Every 32-bit integer is exact as a double.
      auto [pairs, n] = singleResult();
      const bool s = o == Opcode::DtoI;
      const K k = s ? K::I : K::U;
      const uint32_t t = b_.tVec(tD, n);
      const uint32_t a = loadDoubles(inst.operands[1], pairs);
      const uint32_t lo = splatD(s ? -2147483648.0 : 0.0, n), hi = splatD(s ? 2147483647.0 : 4294967295.0, n);
      const uint32_t clamped = b_.ext(t, GlslNMin, {b_.ext(t, GlslNMax, {a, lo}), hi});
      uint32_t r = b_.op(s ? OpConvertFToS : OpConvertFToU, typeOf(k, n), {clamped});
      const uint32_t nan = b_.op(OpIsNan, b_.tVec(b_.tBool(), n), {a});
      r = b_.op(OpSelect, typeOf(k, n), {nan, constSplat(s ? b_.cInt(0) : b_.cUint(0), k, n), r});
      storeDest(d, r, k);
      return;
    }
    case Opcode::FtoD:
    case Opcode::ItoD:
    case Opcode::UtoD: {  // exact: every float and 32-bit integer is a double
      auto [pairs, n] = doubleResult();
      const K k = o == Opcode::FtoD ? K::F : o == Opcode::ItoD ? K::I : K::U;
      const uint32_t a = loadPerPair(inst.operands[1], pairs, k);
      const uint32_t op = o == Opcode::FtoD ? OpFConvert : o == Opcode::ItoD ? OpConvertSToF : OpConvertUToF;
      storeDoubles(d, b_.op(op, b_.tVec(tD, n), {a}), n, false);
      return;
    }
    default: fail("instruction is not supported by the translator");
  }
}

}  // namespace d3dvk::dxbc::detail
