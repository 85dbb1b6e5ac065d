// translate/dxbc/translator_variants.cpp — Translator members for the shader
// variants (TranslateOptions): the fallback pixel shader's span prologue, flat
// coverage / SV_PrimitiveID inputs and sample mask, the passthrough vertex shader,
// the invocation counter, clip distances and transform-feedback decorations.
// See translator_impl.h.
#include "translator_impl.h"

namespace d3dvk::dxbc::detail {

void Translator::emitSpanPrologue() {
  const uint32_t tInt = b_.tInt(), tBool = b_.tBool();
  const uint32_t span = b_.op(OpLoad, b_.tVec(tInt, 4), {spanVar_});
  const uint32_t fc = b_.op(OpLoad, b_.tVec(b_.tFloat(), 4), {spanFragCoord_});
  const uint32_t px = b_.op(OpConvertFToS, tInt, {b_.op(OpCompositeExtract, b_.tFloat(), {fc, 0})});
  const uint32_t py = b_.op(OpConvertFToS, tInt, {b_.op(OpCompositeExtract, b_.tFloat(), {fc, 1})});
  const uint32_t x0 = b_.op(OpCompositeExtract, tInt, {span, 0});
  const uint32_t x1 = b_.op(OpCompositeExtract, tInt, {span, 1});
  const uint32_t y = b_.op(OpCompositeExtract, tInt, {span, 2});
  const uint32_t inner = b_.op(OpCompositeExtract, tInt, {span, 3});
  uint32_t inside = b_.op(OpLogicalAnd, tBool, {b_.op(OpSGreaterThanEqual, tBool, {px, x0}),
                                                b_.op(OpSLessThan, tBool, {px, x1})});
  inside = b_.op(OpLogicalAnd, tBool, {inside, b_.op(OpIEqual, tBool, {py, y})});
  conditional(b_.op(OpLogicalNot, tBool, {inside}), [&] { b_.opNoResult(OpKill, {}); });
  if (innerCoverage_) {
    const uint32_t innerBegin = b_.op(OpBitwiseAnd, tInt, {inner, b_.cInt(0xFFFF)});
    const uint32_t innerEnd = b_.op(OpShiftRightLogical, tInt, {inner, b_.cInt(16)});
    const uint32_t isInner = b_.op(OpLogicalAnd, tBool, {b_.op(OpSGreaterThanEqual, tBool, {px, innerBegin}),
                                                         b_.op(OpSLessThan, tBool, {px, innerEnd})});
    b_.opNoResult(OpStore, {innerCoverage_, b_.op(OpSelect, b_.tUint(), {isInner, b_.cUint(1), b_.cUint(0)})});
  }
}

void Translator::declareInvocationCounter() {
  if (stage_ != ProgramType::Pixel || opt_.variant != ShaderVariant::Native)
    throw Error("translator: only the native variant of a pixel shader counts its invocations");
  const uint32_t lanes = b_.tArray(b_.tUint(), kInvocationCounterBytes / 4);
  b_.decorate(lanes, DecArrayStride, {4});
  const uint32_t block = b_.tStruct({lanes});
  b_.decorate(block, DecBlock);
  b_.memberDecorate(block, 0, DecOffset, {0});
  b_.name(block, "InvocationCounter");
  invocationCounter_ = b_.variable(b_.tPointer(SCStorageBuffer, block), SCStorageBuffer);
  b_.decorate(invocationCounter_, DecDescriptorSet, {descriptorSetForStage(ProgramType::Pixel)});
  b_.decorate(invocationCounter_, DecBinding, {kInvocationCounterBinding});
  b_.name(invocationCounter_, "invocation_counter");
  counterFragCoord_ = builtinInput(b_.tVec(b_.tFloat(), 4), BuiltInFragCoord, "gl_FragCoord");
  if (opt_.countPerSubgroup) {
    b_.capability(CapGroupNonUniform);
    b_.capability(CapGroupNonUniformBallot);
    helperInvocation_ = builtinInput(b_.tBool(), BuiltInHelperInvocation, "gl_HelperInvocation");
  }
}

void Translator::countInvocation() {
  const uint32_t tInt = b_.tInt(), tUint = b_.tUint(), tBool = b_.tBool(), tFloat = b_.tFloat();
  const uint32_t fc = b_.op(OpLoad, b_.tVec(tFloat, 4), {counterFragCoord_});
  auto tile = [&](uint32_t component) {  // pixel coordinate / 64
    const uint32_t pixel = b_.op(OpConvertFToS, tInt, {b_.op(OpCompositeExtract, tFloat, {fc, component})});
    return b_.op(OpShiftRightArithmetic, tInt, {pixel, b_.cInt(6)});
  };
  const uint32_t tx = tile(0), ty = tile(1);
  const uint32_t lane = b_.op(OpBitwiseAnd, tInt, {b_.op(OpIAdd, tInt, {tx, b_.op(OpShiftLeftLogical, tInt, {ty, b_.cInt(2)})}),
                                                   b_.cInt(int32_t(kInvocationCounterLanes - 1))});
  const uint32_t element = b_.op(OpIMul, tInt, {lane, b_.cInt(int32_t(kInvocationCounterLaneBytes / 4))});
  const uint32_t counter =
      b_.op(OpAccessChain, b_.tPointer(SCStorageBuffer, tUint), {invocationCounter_, b_.cUint(0), element});
  const uint32_t device = b_.cUint(ScopeDevice), relaxed = b_.cUint(SemanticsRelaxed);
  if (!opt_.countPerSubgroup) {
    b_.op(OpAtomicIIncrement, tUint, {counter, device, relaxed});
    return;
  }
  const uint32_t subgroup = b_.cUint(ScopeSubgroup);
  const uint32_t helper = b_.op(OpLoad, tBool, {helperInvocation_});
  conditional(b_.op(OpLogicalNot, tBool, {helper}), [&] {
    const uint32_t ballot = b_.op(OpGroupNonUniformBallot, b_.tVec(tUint, 4), {subgroup, b_.cBool(true)});
    const uint32_t count = b_.op(OpGroupNonUniformBallotBitCount, tUint, {subgroup, GroupOperationReduce, ballot});
    const uint32_t elected = b_.op(OpGroupNonUniformElect, tBool, {subgroup});
    conditional(elected, [&] { b_.op(OpAtomicIAdd, tUint, {counter, device, relaxed, count}); });
  });
}

uint32_t Translator::flatUintInput(uint32_t location, const char* nm) {
  uint32_t v = b_.variable(b_.tPointer(SCInput, b_.tUint()), SCInput);
  b_.decorate(v, DecLocation, {location});
  b_.decorate(v, DecFlat);
  b_.name(v, nm);
  interface_.push_back(v);
  return v;
}

uint32_t Translator::fallbackSampleMask(uint32_t oMask) {
  const uint32_t raw = b_.op(OpLoad, b_.tUint(), {fallbackCoverageInput()});
  const uint32_t samples = b_.op(OpBitwiseAnd, b_.tUint(), {raw, b_.cUint(~kFallbackCoverageAnyBit)});
  const uint32_t kept = b_.op(OpBitwiseAnd, b_.tUint(), {samples, oMask});
  const uint32_t any = b_.op(OpINotEqual, b_.tBool(), {b_.op(OpBitwiseAnd, b_.tUint(), {raw, b_.cUint(kFallbackCoverageAnyBit)}), b_.cUint(0)});
  const uint32_t nonZero = b_.op(OpINotEqual, b_.tBool(), {kept, b_.cUint(0)});
  const uint32_t all = b_.op(OpSelect, b_.tUint(), {nonZero, b_.cUint(0xFFFFFFFFu), b_.cUint(0)});
  return b_.op(OpSelect, b_.tUint(), {any, all, kept});
}

void Translator::declarePassthrough() {
  const uint32_t locations[3] = {opt_.spanLocation, opt_.primitiveIdLocation, opt_.coverageLocation};
  for (uint32_t loc : locations)
    if (loc < numOutputs_)
      throw Error("translator: passthrough location " + std::to_string(loc) + " collides with output register o" +
                  std::to_string(loc));
  for (uint32_t reg : declaredOutputRegisters()) {
    uint32_t var = b_.variable(b_.tPointer(SCInput, uVec4_), SCInput);
    b_.decorate(var, DecLocation, {reg});
    b_.name(var, "in_o" + std::to_string(reg));
    interface_.push_back(var);
    prologue_.push_back([this, var, reg] {
      uint32_t p = b_.op(OpAccessChain, b_.tPointer(SCPrivate, uVec4_), {outArr_, b_.cUint(reg)});
      b_.opNoResult(OpStore, {p, b_.op(OpLoad, uVec4_, {var})});
    });
  }
  const uint32_t types[3] = {b_.tVec(b_.tInt(), 4), b_.tUint(), b_.tUint()};
  const char* names[3] = {"fallback_Span", "fallback_PrimitiveID", "fallback_Coverage"};
  for (int i = 0; i < 3; ++i) {
    uint32_t in = b_.variable(b_.tPointer(SCInput, types[i]), SCInput);
    b_.decorate(in, DecLocation, {locations[i]});
    b_.name(in, std::string("in_") + names[i]);
    uint32_t out = b_.variable(b_.tPointer(SCOutput, types[i]), SCOutput);
    b_.decorate(out, DecLocation, {locations[i]});
    b_.decorate(out, DecFlat);
    b_.name(out, names[i]);
    interface_.push_back(in);
    interface_.push_back(out);
    prologue_.push_back([this, in, out, t = types[i]] { b_.opNoResult(OpStore, {out, b_.op(OpLoad, t, {in})}); });
  }
}

void Translator::emitClipDistances() {
  uint32_t total = 0;
  for (auto& c : clipOutputs_) total += uint32_t(std::popcount(c.second));
  if (total == 0 || total > 8) fail("SV_ClipDistance needs 1..8 components");
  uint32_t arrT = b_.tArray(b_.tFloat(), total);
  uint32_t var = b_.variable(b_.tPointer(SCOutput, arrT), SCOutput);
  b_.decorate(var, DecBuiltIn, {BuiltInClipDistance});
  b_.name(var, "gl_ClipDistance");
  interface_.push_back(var);
  uint32_t k = 0;
  for (auto& [reg, mask] : clipOutputs_)
    for (uint32_t c = 0; c < 4; ++c) {
      if (!(mask & (1u << c))) continue;
      uint32_t src = b_.op(OpAccessChain, b_.tPointer(SCPrivate, b_.tUint()), {outArr_, b_.cUint(reg), b_.cUint(c)});
      uint32_t f = b_.op(OpBitcast, b_.tFloat(), {b_.op(OpLoad, b_.tUint(), {src})});
      uint32_t dst = b_.op(OpAccessChain, b_.tPointer(SCOutput, b_.tFloat()), {var, b_.cUint(k++)});
      b_.opNoResult(OpStore, {dst, f});
    }
}

void Translator::xfbDecorate(uint32_t var, uint32_t reg, uint32_t firstComponent) {
  if (!opt_.transformFeedback) return;
  b_.capability(CapTransformFeedback);
  uint32_t buffer = 0, offset = 0;
  bool found = false;
  if (opt_.xfbOutputs.empty()) {
    // Pack all declared output registers in ascending order.
    std::vector<uint32_t> regs = declaredOutputRegisters();
    for (size_t i = 0; i < regs.size(); ++i)
      if (regs[i] == reg) {
        offset = uint32_t(16 * i);
        found = true;
      }
  } else {
    for (const XfbOutput& x : opt_.xfbOutputs)
      if (x.outputRegister == reg) {
        buffer = x.buffer;
        offset = x.offset;
        found = true;
      }
  }
  if (!found) return;
  if (buffer > 3) fail("transform feedback buffer index out of range");
  uint32_t stride = opt_.xfbStride[buffer];
  if (!stride) {
    if (opt_.xfbOutputs.empty()) stride = uint32_t(16 * declaredOutputRegisters().size());
    else
      for (const XfbOutput& x : opt_.xfbOutputs)
        if (x.buffer == buffer) stride = std::max(stride, x.offset + 16);
  }
  b_.decorate(var, DecXfbBuffer, {buffer});
  b_.decorate(var, DecXfbStride, {stride});
  b_.decorate(var, DecOffset, {offset + 4 * firstComponent});
}

}  // namespace d3dvk::dxbc::detail
