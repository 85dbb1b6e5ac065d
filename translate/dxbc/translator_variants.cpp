// translate/dxbc/translator_variants.cpp — Translator members for the shader
// variants (TranslateOptions): the exact GPU fallback's pixel shader (its own
// inputs, the coverage prelude, the 1/w division of perspective varyings, the
// sample mask), the invocation counter, clip distances and transform-feedback
// decorations.
// See translator_impl.h.
#include "translator_impl.h"

#include "dxbc/fallback_shaders.h"
#include "fallback/gpu_layout.h"

#include <cstddef>

namespace d3dvk::dxbc::detail {

// Input registers must stay below the fallback variant's own varyings.
void Translator::checkFallbackLocations() const {
  for (uint32_t reg : inputRegs_)
    if (reg >= kFallbackFirstReservedLocation)
      throw Error("translator: fallback variant: input register v" + std::to_string(reg) +
                  " collides with the fallback's own varyings (v" + std::to_string(kFallbackFirstReservedLocation) +
                  "..v31)");
}

// The fallback variant's own inputs (fallback_shaders.h): the record's
// words 0..15 (flat), 1/w at the pixel centre (noperspective), FragCoord,
// and the records buffer. Declared before the shader's declarations, which
// refer to them.
void Translator::declareFallbackInterface() {
  for (uint32_t i = 0; i < 4; ++i) {
    fbFlat_[i] = b_.variable(b_.tPointer(SCInput, uVec4_), SCInput);
    b_.decorate(fbFlat_[i], DecLocation, {kFallbackFlatLocation + i});
    b_.decorate(fbFlat_[i], DecFlat);
    b_.name(fbFlat_[i], "fallback_flat" + std::to_string(i));
    interface_.push_back(fbFlat_[i]);
  }
  fbInverseW_ = b_.variable(b_.tPointer(SCInput, b_.tFloat()), SCInput);
  b_.decorate(fbInverseW_, DecLocation, {kFallbackInverseWLocation});
  b_.decorate(fbInverseW_, DecNoPerspective);
  b_.name(fbInverseW_, "fallback_inverse_w");
  interface_.push_back(fbInverseW_);
  fbFragCoord_ = builtinInput(b_.tVec(b_.tFloat(), 4), BuiltInFragCoord, "gl_FragCoord");
  fbRecords_ = declareStorageWords(b_, descriptorSetForStage(ProgramType::Pixel), kFallbackRecordsBinding,
                                   "fallback_records", true);
  fbCoverage_ = privateUint("fallback_coverage");
  fbMinInverseW_ = b_.variable(b_.tPointer(SCPrivate, b_.tFloat()), SCPrivate, b_.cFloat(1.0f));
  b_.name(fbMinInverseW_, "fallback_min_inverse_w");
  fbFront_ = b_.variable(b_.tPointer(SCPrivate, b_.tBool()), SCPrivate, b_.cBool(false));
  b_.name(fbFront_, "fallback_front_facing");
  fbOwner_ = b_.variable(b_.tPointer(SCPrivate, b_.tBool()), SCPrivate, b_.cBool(true));
  b_.name(fbOwner_, "fallback_owner");
  if (opt_.demoteToHelper) {
    b_.capability(CapDemoteToHelperInvocationEXT);
    b_.extension("SPV_EXT_demote_to_helper_invocation");
  }
}

// The fallback variant's 1/w interpolated per sample (for per-sample perspective inputs).
uint32_t Translator::fallbackSampleInverseW() {
  if (!fbInverseWSample_) {
    b_.capability(CapSampleRateShading);
    fbInverseWSample_ = b_.variable(b_.tPointer(SCInput, b_.tFloat()), SCInput);
    b_.decorate(fbInverseWSample_, DecLocation, {kFallbackInverseWSampleLocation});
    b_.decorate(fbInverseWSample_, DecNoPerspective);
    b_.decorate(fbInverseWSample_, DecSample);
    b_.name(fbInverseWSample_, "fallback_inverse_w_sample");
    interface_.push_back(fbInverseWSample_);
  }
  return fbInverseWSample_;
}

// 1/w, no smaller than the record's guard (a pixel past the primitive's horizon).
uint32_t Translator::fallbackSafeInverseW(uint32_t inverseW) {
  return b_.ext(b_.tFloat(), GlslNMax, {inverseW, b_.op(OpLoad, b_.tFloat(), {fbMinInverseW_})});
}

// First thing in main() of the fallback variant: the exact coverage of this
// pixel against its record (translate/fallback/gpu_layout.h), the system
// values taken from it, the invocation count (covered pixels only), and a
// pixel outside the coverage demoted to a helper (or discarded, on devices
// without demote): no outputs, no UAV writes, derivatives intact.
void Translator::emitFallbackPrelude() {
  namespace gpu = fallback::gpu;
  const uint32_t tUint = b_.tUint(), tInt = b_.tInt(), tBool = b_.tBool(), tFloat = b_.tFloat();
  uint32_t flat[16];
  for (uint32_t i = 0; i < 4; ++i) {
    const uint32_t v = b_.op(OpLoad, uVec4_, {fbFlat_[i]});
    for (uint32_t k = 0; k < 4; ++k) flat[4 * i + k] = b_.op(OpCompositeExtract, tUint, {v, k});
  }
  const uint32_t record = flat[0];
  const uint32_t base = b_.op(OpIAdd, tUint, {b_.cUint(gpu::kRecordsOffsetWords),
                                              b_.op(OpIMul, tUint, {record, b_.cUint(gpu::kRecordWords)})});
  auto word = [&](uint32_t index) {
    const uint32_t ptr = b_.op(OpAccessChain, b_.tPointer(SCStorageBuffer, tUint), {fbRecords_, b_.cUint(0), index});
    return b_.op(OpLoad, tUint, {ptr});
  };
  const uint32_t fc = b_.op(OpLoad, b_.tVec(tFloat, 4), {fbFragCoord_});
  const uint32_t px = b_.op(OpConvertFToS, tInt, {b_.ext(tFloat, GlslFloor, {b_.op(OpCompositeExtract, tFloat, {fc, 0})})});
  const uint32_t py = b_.op(OpConvertFToS, tInt, {b_.ext(tFloat, GlslFloor, {b_.op(OpCompositeExtract, tFloat, {fc, 1})})});
  const FallbackCoverage cov = emitFallbackCoverage(b_, fbRecords_, base, flat, px, py, innerCoverage_ != 0, true, 0,
                                                  opt_.fallbackExactPath);
  // SV_Coverage / the sample mask: the header's, standard records' ANDed with the forced samples covered.
  const uint32_t header = word(b_.cUint(offsetof(gpu::FallbackHeader, coverage) / 4));
  const uint32_t standard = b_.op(OpINotEqual, tBool, {b_.op(OpBitwiseAnd, tUint, {cov.flags, b_.cUint(gpu::kRecordStandard)}), b_.cUint(0)});
  const uint32_t forcedBits = b_.op(OpBitwiseOr, tUint, {b_.op(OpBitwiseAnd, tUint, {cov.sampleMask, header}),
                                                        b_.op(OpBitwiseAnd, tUint, {header, b_.cUint(kFallbackCoverageAnyBit)})});
  const uint32_t coverage = b_.op(OpSelect, tUint, {standard, forcedBits, header});
  b_.opNoResult(OpStore, {fbCoverage_, coverage});
  b_.opNoResult(OpStore, {fbMinInverseW_, b_.op(OpBitcast, tFloat, {flat[offsetof(gpu::FallbackRecord, minInverseW) / 4]})});
  b_.opNoResult(OpStore, {fbFront_, b_.op(OpINotEqual, tBool, {b_.op(OpBitwiseAnd, tUint, {cov.flags, b_.cUint(gpu::kRecordFrontFacing)}), b_.cUint(0)})});
  if (primitiveId_) b_.opNoResult(OpStore, {primitiveId_, flat[offsetof(gpu::FallbackRecord, primitiveId) / 4]});
  if (innerCoverage_) b_.opNoResult(OpStore, {innerCoverage_, b_.op(OpSelect, tUint, {cov.inner, b_.cUint(1), b_.cUint(0)})});
  if (coverageIn_) b_.opNoResult(OpStore, {coverageIn_, b_.op(OpBitwiseAnd, tUint, {coverage, b_.cUint(~kFallbackCoverageAnyBit)})});
  // The invocation that owns the pixel's side effects (UAV writes, the
  // count): the device may rasterize the record's triangle as several
  // pieces (clipping), and on a multisampled target a pixel on an edge
  // between two pieces is then two invocations, each with part of its
  // samples (each writes its own samples; both see the same attributes).
  // The one with sample 0 owns it; at sample frequency each sample is its own.
  uint32_t owner = b_.cBool(true);
  if (!perSample_ && opt_.fallbackSampleMask) {
    const uint32_t maskIn = builtinInput(b_.tArray(tInt, 1), BuiltInSampleMask, "gl_SampleMaskIn");
    const uint32_t first = b_.op(OpLoad, tInt, {b_.op(OpAccessChain, b_.tPointer(SCInput, tInt), {maskIn, b_.cInt(0)})});
    owner = b_.op(OpINotEqual, tBool, {b_.op(OpBitwiseAnd, tInt, {first, b_.cInt(1)}), b_.cInt(0)});
  }
  b_.opNoResult(OpStore, {fbOwner_, owner});
  if (invocationCounter_) conditional(b_.op(OpLogicalAnd, tBool, {cov.covered, owner}), [&] { countInvocation(); });
  conditional(b_.op(OpLogicalNot, tBool, {cov.covered}), [&] {
    if (opt_.demoteToHelper) b_.opNoResult(OpDemoteToHelperInvocationEXT, {});
    else b_.opNoResult(OpKill, {});
  });
}

// TranslateOptions::countInvocations: the counter, a Block struct of a uint
// array (the lanes, kInvocationCounterLaneBytes apart) in a storage buffer at
// the pixel set's kInvocationCounterBinding, and the inputs counting reads.
void Translator::declareInvocationCounter() {
  if (stage_ != ProgramType::Pixel || (opt_.variant != ShaderVariant::Native && opt_.variant != ShaderVariant::Fallback))
    throw Error("translator: only a pixel shader counts its invocations");
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
    // (the fallback prelude counts only covered invocations, never helpers)
    if (!fallbackPixel()) helperInvocation_ = builtinInput(b_.tBool(), BuiltInHelperInvocation, "gl_HelperInvocation");
  }
}

// First thing in main(), before anything can discard: add this invocation to
// its lane of the counter (see kInvocationCounterLanes). Per invocation: an
// increment (a helper invocation's has no effect). Per subgroup: only
// non-helper invocations take part, and the elected one adds their number.
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
  // The fallback prelude counts only covered invocations, which are never helpers.
  const uint32_t helper = fallbackPixel() ? b_.cBool(false) : b_.op(OpLoad, tBool, {helperInvocation_});
  conditional(b_.op(OpLogicalNot, tBool, {helper}), [&] {
    const uint32_t ballot = b_.op(OpGroupNonUniformBallot, b_.tVec(tUint, 4), {subgroup, b_.cBool(true)});
    const uint32_t count = b_.op(OpGroupNonUniformBallotBitCount, tUint, {subgroup, GroupOperationReduce, ballot});
    const uint32_t elected = b_.op(OpGroupNonUniformElect, tBool, {subgroup});
    conditional(elected, [&] { b_.op(OpAtomicIAdd, tUint, {counter, device, relaxed, count}); });
  });
}

// The fallback's sample-mask output: its flat coverage (without the "any"
// bit) ANDed with `oMask`; with the any bit set, all ones when something
// remains, else 0 (kFallbackCoverageAnyBit).
uint32_t Translator::fallbackSampleMask(uint32_t oMask) {
  const uint32_t raw = b_.op(OpLoad, b_.tUint(), {fbCoverage_});
  const uint32_t samples = b_.op(OpBitwiseAnd, b_.tUint(), {raw, b_.cUint(~kFallbackCoverageAnyBit)});
  const uint32_t kept = b_.op(OpBitwiseAnd, b_.tUint(), {samples, oMask});
  const uint32_t any = b_.op(OpINotEqual, b_.tBool(), {b_.op(OpBitwiseAnd, b_.tUint(), {raw, b_.cUint(kFallbackCoverageAnyBit)}), b_.cUint(0)});
  const uint32_t nonZero = b_.op(OpINotEqual, b_.tBool(), {kept, b_.cUint(0)});
  const uint32_t all = b_.op(OpSelect, b_.tUint(), {nonZero, b_.cUint(0xFFFFFFFFu), b_.cUint(0)});
  return b_.op(OpSelect, b_.tUint(), {any, all, kept});
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
    if (opt_.xfbOutputs.empty())
      stride = uint32_t(16 * (declaredOutputRegisters().size() + (opt_.capturePrimitiveId ? 1 : 0)));
    else
      for (const XfbOutput& x : opt_.xfbOutputs)
        if (x.buffer == buffer) stride = std::max(stride, x.offset + 16);
  }
  b_.decorate(var, DecXfbBuffer, {buffer});
  b_.decorate(var, DecXfbStride, {stride});
  b_.decorate(var, DecOffset, {offset + 4 * firstComponent});
}

void Translator::declareCapturedPrimitiveId() {
  if (!domain() || !opt_.transformFeedback || !opt_.xfbOutputs.empty())
    throw Error("translator: capturePrimitiveId is for a domain shader's packed capture");
  const std::vector<uint32_t> regs = declaredOutputRegisters();
  // The first location no output register takes (the variable only feeds transform feedback).
  uint32_t location = 0;
  while (std::find(regs.begin(), regs.end(), location) != regs.end()) ++location;
  if (location >= 32) fail("no output location is left to capture SV_PrimitiveID");
  declarePrimitiveId();
  const uint32_t var = b_.variable(b_.tPointer(SCOutput, b_.tUint()), SCOutput);
  b_.decorate(var, DecLocation, {location});
  b_.name(var, "captured_primitive_id");
  b_.capability(CapTransformFeedback);
  b_.decorate(var, DecXfbBuffer, {0});
  b_.decorate(var, DecXfbStride, {uint32_t(16 * (regs.size() + 1))});
  b_.decorate(var, DecOffset, {uint32_t(16 * regs.size())});
  interface_.push_back(var);
  epilogue_.push_back([this, var] { b_.opNoResult(OpStore, {var, b_.op(OpLoad, b_.tUint(), {primitiveId_})}); });
}

}  // namespace d3dvk::dxbc::detail
