// translate/dxbc/translator_operands.cpp — Translator members for operand access:
// register pointers and (relative) indexing, source loads with swizzles and
// modifiers, destination stores with write masks and saturate. See translator_impl.h.
#include "translator_impl.h"

namespace d3dvk::dxbc::detail {

uint32_t Translator::indexValue(const OperandIndex& idx) {
  if (idx.repr == IndexRepr::Imm32) return b_.cUint(uint32_t(idx.imm));
  if (idx.repr == IndexRepr::Imm64 || idx.repr == IndexRepr::Imm64PlusRelative) fail("64-bit indices are not supported");
  uint32_t rel = loadSource(idx.rel.at(0), 1, K::U, false);
  if (idx.repr == IndexRepr::Relative) return rel;
  return b_.op(OpIAdd, b_.tUint(), {rel, b_.cUint(uint32_t(idx.imm))});
}

std::pair<uint32_t, bool> Translator::registerPointer(const Operand& op, bool write) {
  if (tessellation())
    if (auto p = tessellationPointer(op, write)) return *p;
  uint32_t pv = b_.tPointer(SCPrivate, uVec4_);
  switch (op.type) {
    case OperandType::Temp: {
      requireIndex(op, 1);
      uint32_t r = immediateIndex(op, 0);
      if (r >= numTemps_) fail("r" + std::to_string(r) + " is not declared (dcl_temps " + std::to_string(numTemps_) + ")");
      return {b_.op(OpAccessChain, pv, {tempArr_, b_.cUint(r)}), false};
    }
    case OperandType::Input: {
      if (write) fail("inputs are read-only");
      if (geometry()) {  // v[vertex][register]
        requireIndex(op, 2);
        if (!inArr_) fail("input register read without any input declaration");
        if (op.index[0].repr == IndexRepr::Imm32 && op.index[0].imm >= gsInputVertices_) fail("input vertex out of range");
        if (op.index[1].repr == IndexRepr::Imm32 && op.index[1].imm >= numInputs_) fail("input register out of range");
        return {b_.op(OpAccessChain, pv, {inArr_, indexValue(op.index[0]), indexValue(op.index[1])}), false};
      }
      requireIndex(op, 1);
      if (!inArr_) fail("input register read without any input declaration");
      if (op.index[0].repr == IndexRepr::Imm32 && op.index[0].imm >= numInputs_) fail("input register out of range");
      return {b_.op(OpAccessChain, pv, {inArr_, indexValue(op.index[0])}), false};
    }
    case OperandType::Output: {
      requireIndex(op, 1);
      if (!outArr_) fail("output register used without any output declaration");
      if (op.index[0].repr != IndexRepr::Imm32) {  // o[r + n] (dcl_indexrange): clamped to the register file
        const uint32_t i = b_.ext(b_.tUint(), GlslUMin, {indexValue(op.index[0]), b_.cUint(numOutputs_ - 1)});
        return {b_.op(OpAccessChain, pv, {outArr_, i}), false};
      }
      uint32_t r = immediateIndex(op, 0);
      if (r >= numOutputs_) fail("output register o" + std::to_string(r) + " out of range");
      return {b_.op(OpAccessChain, pv, {outArr_, b_.cUint(r)}), false};
    }
    case OperandType::IndexableTemp: {
      requireIndex(op, 2);
      uint32_t r = immediateIndex(op, 0);
      auto it = idxTemps_.find(r);
      if (it == idxTemps_.end()) fail("x" + std::to_string(r) + " is not declared");
      if (op.index[1].repr == IndexRepr::Imm32 && op.index[1].imm >= it->second.size) fail("x" + std::to_string(r) + " index out of range");
      return {b_.op(OpAccessChain, pv, {it->second.var, indexValue(op.index[1])}), false};
    }
    case OperandType::ConstantBuffer: {
      if (write) fail("constant buffers are read-only");
      if (rangedBindings()) {  // SM5.1: CB<id>[register][element]; SM5.0 under a descriptor map: cb<register>[element]
        const uint32_t slot = immediateIndex(op, 0);
        auto it = cbs_.find(slot);
        if (it == cbs_.end()) fail("cb" + std::to_string(slot) + " is not declared");
        const uint32_t buffer = rangeElement(op, ResourceKind::ConstantBuffer);
        const OperandIndex& element = op.index[resourceRegisterIndex() + 1];
        if (element.repr == IndexRepr::Imm32 && element.imm >= it->second.size)
          fail("cb" + std::to_string(slot) + " index out of range");
        return {b_.op(OpAccessChain, b_.tPointer(SCUniform, uVec4_), {buffer, b_.cUint(0), indexValue(element)}), false};
      }
      requireIndex(op, 2);
      uint32_t slot = immediateIndex(op, 0);
      auto it = cbs_.find(slot);
      if (it == cbs_.end()) fail("cb" + std::to_string(slot) + " is not declared");
      if (op.index[1].repr == IndexRepr::Imm32 && op.index[1].imm >= it->second.size) fail("cb" + std::to_string(slot) + " index out of range");
      return {b_.op(OpAccessChain, b_.tPointer(SCUniform, uVec4_), {it->second.var, b_.cUint(0), indexValue(op.index[1])}), false};
    }
    case OperandType::ImmediateConstantBuffer: {
      if (write) fail("the immediate constant buffer is read-only");
      requireIndex(op, 1);
      if (!icb_) fail("icb used without dcl_immediateConstantBuffer");
      if (op.index[0].repr == IndexRepr::Imm32 && op.index[0].imm >= icbSize_) fail("icb index out of range");
      return {b_.op(OpAccessChain, pv, {icb_, indexValue(op.index[0])}), false};
    }
    case OperandType::InputCoverageMask:
      if (write || !coverageIn_) fail("vCoverage used without dcl_input vCoverage");
      return {coverageIn_, true};
    case OperandType::InnerCoverage:
      if (write || !innerCoverage_) fail("vInnerCoverage used without dcl_input vInnerCoverage");
      return {innerCoverage_, true};
    case OperandType::InputPrimitiveId:
      if (write || !primitiveId_) fail("vPrim used without dcl_input vPrim");
      return {primitiveId_, true};
    case OperandType::OutputCoverageMask:
      if (!write || !coverageOut_) fail("oMask used without dcl_output oMask");
      return {coverageOut_, true};
    case OperandType::OutputDepth:
    case OperandType::OutputDepthGreaterEqual:
    case OperandType::OutputDepthLessEqual:
      if (!write || !depthOut_)
        fail(std::string(operandTypePrefix(op.type)) + " used without dcl_output " + std::string(operandTypePrefix(op.type)));
      return {depthOut_, true};
    case OperandType::OutputStencilRef:
      if (!write || !stencilRefOut_) fail("oStencilRef used without dcl_output oStencilRef");
      return {stencilRefOut_, true};
    case OperandType::InputThreadId:
    case OperandType::InputThreadGroupId:
    case OperandType::InputThreadIdInGroup:
    case OperandType::InputThreadIdInGroupFlattened:
    case OperandType::InputGsInstanceId:
      if (write) fail(std::string(operandTypePrefix(op.type)) + " is read-only");
      return systemOperandPointer(op);
    default:
      fail("unsupported operand type '" + std::string(operandTypePrefix(op.type)) + "'");
  }
}

uint32_t Translator::loadSource(const Operand& op, uint32_t n, K k, bool applyModifier, const uint32_t* comps) {
  std::vector<uint32_t> sel(n);
  for (uint32_t i = 0; i < n; ++i) sel[i] = comps ? comps[i] : op.componentOf(i);
  uint32_t result;
  if (op.type == OperandType::Immediate32) {
    std::vector<uint32_t> parts;
    for (uint32_t i = 0; i < n; ++i) {
      uint32_t bits = op.immCount == 1 ? op.imm[0] : op.imm[sel[i] & 3];
      parts.push_back(b_.cUint(bits));
    }
    result = n == 1 ? parts[0] : b_.cComposite(b_.tVec(b_.tUint(), n), parts);
  } else {
    auto [ptr, scalar] = registerPointer(op, false);
    if (scalar) {
      uint32_t v = b_.op(OpLoad, b_.tUint(), {ptr});
      result = n == 1 ? v : b_.op(OpCompositeConstruct, b_.tVec(b_.tUint(), n), std::vector<uint32_t>(n, v));
    } else {
      uint32_t v = b_.op(OpLoad, uVec4_, {ptr});
      if (n == 1) {
        result = b_.op(OpCompositeExtract, b_.tUint(), {v, sel[0]});
      } else {
        std::vector<uint32_t> args{v, v};
        args.insert(args.end(), sel.begin(), sel.end());
        result = b_.op(OpVectorShuffle, b_.tVec(b_.tUint(), n), args);
      }
    }
  }
  result = bitcast(result, K::U, k, n);
  if (applyModifier && op.modifier != OperandModifier::None) {
    uint32_t t = typeOf(k, n);
    bool abs = op.modifier == OperandModifier::Abs || op.modifier == OperandModifier::AbsNeg;
    bool neg = op.modifier == OperandModifier::Neg || op.modifier == OperandModifier::AbsNeg;
    if (k == K::F) {
      if (abs) result = b_.ext(t, GlslFAbs, {result});
      if (neg) result = b_.op(OpFNegate, t, {result});
    } else {
      uint32_t it = typeOf(K::I, n);
      uint32_t s = bitcast(result, k, K::I, n);
      if (abs) s = b_.ext(it, GlslSAbs, {s});
      if (neg) s = b_.op(OpSNegate, it, {s});
      result = bitcast(s, K::I, k, n);
    }
  }
  return result;
}

uint32_t Translator::loadForMask(const Operand& src, uint8_t mask, K k) {
  uint32_t comps[4];
  uint32_t n = 0;
  for (uint32_t c = 0; c < 4; ++c)
    if (mask & (1u << c)) comps[n++] = src.componentOf(c);
  if (src.numComponents != 4 || src.type == OperandType::Immediate32) {
    // scalar / immediate: component c of a 4-value immediate is imm[c]
    if (src.type == OperandType::Immediate32 && src.immCount == 4) {
      n = 0;
      for (uint32_t c = 0; c < 4; ++c)
        if (mask & (1u << c)) comps[n++] = c;
    }
  }
  return loadSource(src, n, k, true, comps);
}

void Translator::storeDest(const Operand& dst, uint32_t value, K k, bool saturate) {
  if (dst.type == OperandType::Null) return;
  uint8_t mask = destMask(dst);
  uint32_t n = uint32_t(std::popcount(mask));
  if (n == 0) return;
  if (saturate) {
    if (k != K::F) value = bitcast(value, k, K::F, n), k = K::F;
    uint32_t t = typeOf(K::F, n);
    uint32_t zero = n == 1 ? b_.cFloat(0) : b_.cComposite(t, std::vector<uint32_t>(n, b_.cFloat(0)));
    uint32_t one = n == 1 ? b_.cFloat(1) : b_.cComposite(t, std::vector<uint32_t>(n, b_.cFloat(1)));
    value = b_.ext(t, GlslNClamp, {value, zero, one});
  }
  value = bitcast(value, k, K::U, n);
  auto [ptr, scalar] = registerPointer(dst, true);
  if (scalar) {
    b_.opNoResult(OpStore, {ptr, n == 1 ? value : b_.op(OpCompositeExtract, b_.tUint(), {value, 0})});
    return;
  }
  uint32_t i = 0;
  for (uint32_t c = 0; c < 4; ++c) {
    if (!(mask & (1u << c))) continue;
    uint32_t comp = n == 1 ? value : b_.op(OpCompositeExtract, b_.tUint(), {value, i});
    ++i;
    uint32_t cp = b_.op(OpAccessChain, b_.tPointer(scalarStorage(dst), b_.tUint()), {ptr, b_.cUint(c)});
    b_.opNoResult(OpStore, {cp, comp});
  }
}

}  // namespace d3dvk::dxbc::detail
