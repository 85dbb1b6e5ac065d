// translate/dxbc/fallback_shaders.cpp — see fallback_shaders.h. The record,
// header and corner layouts are translate/fallback/gpu_layout.h's.
#include "dxbc/fallback_shaders.h"

#include "dxbc/binding.h"
#include "dxbc/error.h"
#include "fallback/gpu_layout.h"

#include <cstddef>

#include <algorithm>
#include <bit>
#include <map>
#include <set>
#include <string>

namespace d3dvk::dxbc {
namespace {

using namespace spv;

namespace gpu = fallback::gpu;
// gpu_layout.h, in words.
constexpr uint32_t kRecordWords = gpu::kRecordWords;
constexpr uint32_t kRecordsOffsetWords = gpu::kRecordsOffsetWords;
constexpr uint32_t kRecordFlagsWord = offsetof(gpu::FallbackRecord, flags) / 4;
constexpr uint32_t kRecordBoxOriginWord = offsetof(gpu::FallbackRecord, boxOrigin) / 4;
constexpr uint32_t kRecordBoxSizeWord = offsetof(gpu::FallbackRecord, boxSize) / 4;
constexpr uint32_t kRecordFlatF0Word = offsetof(gpu::FallbackRecord, flatF0) / 4;
constexpr uint32_t kRecordFlatNormalsWord = offsetof(gpu::FallbackRecord, flatNormals) / 4;
constexpr uint32_t kRecordEdgesWord = offsetof(gpu::FallbackRecord, edges) / 4;
constexpr uint32_t kRecordFastBit = gpu::kRecordFast;
constexpr uint32_t kEdgeWords = sizeof(gpu::FallbackEdge) / 4;
constexpr uint32_t kRecordExactBit = gpu::kRecordExact;
constexpr uint32_t kRecordInnerBit = gpu::kRecordInner;
constexpr uint32_t kRecordStandardBit = gpu::kRecordStandard;
constexpr uint32_t kRecordEdgeCountShift = gpu::kRecordEdgeCountShift;
constexpr uint32_t kHeaderSampleCountWord = offsetof(gpu::FallbackHeader, sampleCount) / 4;
constexpr uint32_t kHeaderSamplesWord = offsetof(gpu::FallbackHeader, samples) / 4;

// The component span of a declaration's mask (as the translator declares it).
std::pair<uint32_t, uint32_t> componentSpan(uint8_t mask) {
  if ((mask & 0xf) == 0) mask = 0xf;
  const uint32_t first = uint32_t(std::countr_zero(unsigned(mask)));
  const uint32_t last = 31u - uint32_t(std::countl_zero(unsigned(mask & 0xf)));
  return {first, last - first + 1};
}

// for (i = 0; i < count; ++i) body(i): a structured loop over an int counter.
// for (i = 0; i < count && (whileCond or true); ++i) body(i). whileCond, a
// bool computed before the loop, lets an invocation leave before the first
// iteration: a SIMD implementation that runs every lane through an `if`
// (llvmpipe) still runs the body once, but stops looping when no lane of the
// group needs the loop.
template <class F>
void forLoop(Builder& b, uint32_t count, F&& body, uint32_t whileCond = 0) {
  const uint32_t tInt = b.tInt(), tBool = b.tBool();
  const uint32_t counter = b.localVariable(b.tPointer(SCFunction, tInt));
  b.opNoResult(OpStore, {counter, b.cInt(0)});
  const uint32_t header = b.id(), check = b.id(), bodyLabel = b.id(), cont = b.id(), merge = b.id();
  b.opNoResult(OpBranch, {header});
  b.label(header);
  b.opNoResult(OpLoopMerge, {merge, cont, 0});
  b.opNoResult(OpBranch, {check});
  b.label(check);
  const uint32_t i = b.op(OpLoad, tInt, {counter});
  uint32_t go = b.op(OpSLessThan, tBool, {i, count});
  if (whileCond) go = b.op(OpLogicalAnd, tBool, {go, whileCond});
  b.opNoResult(OpBranchConditional, {go, bodyLabel, merge});
  b.label(bodyLabel);
  body(i);
  if (b.blockOpen()) b.opNoResult(OpBranch, {cont});
  b.label(cont);
  b.opNoResult(OpStore, {counter, b.op(OpIAdd, tInt, {b.op(OpLoad, tInt, {counter}), b.cInt(1)})});
  b.opNoResult(OpBranch, {header});
  b.label(merge);
}

template <class F>
void ifThen(Builder& b, uint32_t cond, F&& body) {
  const uint32_t then = b.id(), after = b.id();
  b.opNoResult(OpSelectionMerge, {after, 0});
  b.opNoResult(OpBranchConditional, {cond, then, after});
  b.label(then);
  body();
  if (b.blockOpen()) b.opNoResult(OpBranch, {after});
  b.label(after);
}

// words[index] of a storage-words block, as uint.
uint32_t loadWord(Builder& b, uint32_t block, uint32_t index) {
  const uint32_t ptr = b.op(OpAccessChain, b.tPointer(SCStorageBuffer, b.tUint()), {block, b.cUint(0), index});
  return b.op(OpLoad, b.tUint(), {ptr});
}

// registers[index] of a storage-registers block (declareStorage, StorageElements::Registers), as uvec4.
uint32_t loadRegister(Builder& b, uint32_t block, uint32_t index) {
  const uint32_t tUvec4 = b.tVec(b.tUint(), 4);
  const uint32_t ptr = b.op(OpAccessChain, b.tPointer(SCStorageBuffer, tUvec4), {block, b.cUint(0), index});
  return b.op(OpLoad, tUvec4, {ptr});
}

void storeWord(Builder& b, uint32_t block, uint32_t index, uint32_t value) {
  const uint32_t ptr = b.op(OpAccessChain, b.tPointer(SCStorageBuffer, b.tUint()), {block, b.cUint(0), index});
  b.opNoResult(OpStore, {ptr, value});
}

uint32_t addU(Builder& b, uint32_t a, uint32_t c) { return b.op(OpIAdd, b.tUint(), {a, c}); }

}  // namespace

std::vector<FallbackVarying> fallbackPixelVaryings(const Shader& ps) {
  std::vector<FallbackVarying> out;
  std::set<uint32_t> seen;
  for (const Instruction& inst : ps.program.instructions) {
    Interpolation interpolation = Interpolation::Undefined;
    if (inst.opcode == Opcode::DclInputPs) {
      interpolation = inst.interpolation();
    } else if (inst.opcode == Opcode::DclInputPsSiv || inst.opcode == Opcode::DclInputPsSgv) {
      // Clip and cull distances are read as ordinary interpolated values.
      const SystemName name = inst.extra.empty() ? SystemName::Undefined : SystemName(inst.extra[0]);
      if (name != SystemName::ClipDistance && name != SystemName::CullDistance) continue;
      interpolation = Interpolation::Linear;
    } else {
      continue;
    }
    if (inst.operands.empty()) continue;
    const Operand& op = inst.operands[0];
    if (op.type != OperandType::Input || op.indexDimension < 1 || op.index[0].repr != IndexRepr::Imm32) continue;
    const uint32_t reg = uint32_t(op.index[0].imm);
    const auto [first, count] = componentSpan(op.mask);
    if (!seen.insert(reg * 4 + first).second) continue;
    FallbackVarying v;
    v.location = reg;
    v.firstComponent = first;
    v.componentCount = count;
    const SignatureElement* e = ps.inputs.findByRegister(reg, op.mask ? op.mask : 0xf);
    v.type = e ? e->componentType : ComponentType::Float32;
    if (v.type == ComponentType::Unknown) v.type = ComponentType::Float32;
    const bool integer = v.type != ComponentType::Float32;
    switch (interpolation) {
      case Interpolation::Constant: v.cls = FallbackVaryingClass::Flat; break;
      case Interpolation::LinearNoPerspective:
      case Interpolation::LinearNoPerspectiveCentroid: v.cls = FallbackVaryingClass::NoPerspective; break;
      case Interpolation::LinearNoPerspectiveSample:
        v.cls = FallbackVaryingClass::NoPerspective;
        v.sample = true;
        break;
      case Interpolation::LinearSample:
        v.cls = FallbackVaryingClass::Perspective;
        v.sample = true;
        break;
      default: v.cls = FallbackVaryingClass::Perspective; break;
    }
    if (integer) {
      v.cls = FallbackVaryingClass::Flat;
      v.sample = false;
    }
    out.push_back(v);
  }
  return out;
}

bool fallbackNeedsSampleInverseW(const std::vector<FallbackVarying>& varyings) {
  return std::any_of(varyings.begin(), varyings.end(), [](const FallbackVarying& v) {
    return v.sample && v.cls == FallbackVaryingClass::Perspective;
  });
}

namespace {
// A storage buffer as an array of uint (kind Words) or of uvec4 (Registers: 16-byte elements).
enum class StorageElements { Words, Registers };

uint32_t declareStorage(Builder& b, uint32_t set, uint32_t binding, const char* name, bool readOnly, StorageElements e) {
  const bool registers = e == StorageElements::Registers;
  const uint32_t array = b.tRuntimeArray(registers ? b.tVec(b.tUint(), 4) : b.tUint());
  b.decorate(array, DecArrayStride, {registers ? 16u : 4u});
  const uint32_t block = b.tStruct({array});
  b.decorate(block, DecBlock);
  b.memberDecorate(block, 0, DecOffset, {0});
  if (readOnly) b.memberDecorate(block, 0, 24 /*NonWritable*/);
  const uint32_t var = b.variable(b.tPointer(SCStorageBuffer, block), SCStorageBuffer);
  b.decorate(var, DecDescriptorSet, {set});
  b.decorate(var, DecBinding, {binding});
  b.name(var, name);
  return var;
}
}  // namespace

uint32_t declareStorageWords(Builder& b, uint32_t set, uint32_t binding, const char* name, bool readOnly) {
  return declareStorage(b, set, binding, name, readOnly, StorageElements::Words);
}

FallbackCoverage emitFallbackCoverage(Builder& b, uint32_t records, uint32_t recordBase, const uint32_t (&flat)[16],
                                      uint32_t px, uint32_t py, bool wantInner, bool wantSamples, uint32_t forceExact,
                                      bool exactPath) {
  b.capability(CapInt64);
  const uint32_t tUint = b.tUint(), tInt = b.tInt(), tBool = b.tBool(), tI64 = b.tInt64();
  auto asInt = [&](uint32_t u) { return b.op(OpBitcast, tInt, {u}); };
  auto and2 = [&](uint32_t x, uint32_t y) { return b.op(OpLogicalAnd, tBool, {x, y}); };
  auto or2 = [&](uint32_t x, uint32_t y) { return b.op(OpLogicalOr, tBool, {x, y}); };
  auto flagSet = [&](uint32_t bit) {
    return b.op(OpINotEqual, tBool, {b.op(OpBitwiseAnd, tUint, {flat[kRecordFlagsWord], b.cUint(bit)}), b.cUint(0)});
  };
  auto low16 = [&](uint32_t w) { return b.op(OpBitwiseAnd, tUint, {w, b.cUint(0xFFFF)}); };
  auto high16 = [&](uint32_t w) { return b.op(OpShiftRightLogical, tUint, {w, b.cUint(16)}); };

  FallbackCoverage out;
  out.flags = flat[kRecordFlagsWord];
  // The box: (px − left, py − top) inside [0, width) × [0, height).
  const uint32_t left = asInt(low16(flat[kRecordBoxOriginWord])), top = asInt(high16(flat[kRecordBoxOriginWord]));
  const uint32_t dx = b.op(OpISub, tInt, {px, left}), dy = b.op(OpISub, tInt, {py, top});
  const uint32_t inBox = and2(b.op(OpULessThan, tBool, {b.op(OpBitcast, tUint, {dx}), low16(flat[kRecordBoxSizeWord])}),
                              b.op(OpULessThan, tBool, {b.op(OpBitcast, tUint, {dy}), high16(flat[kRecordBoxSizeWord])}));
  const uint32_t exact = flagSet(kRecordExactBit);
  const uint32_t innerDefined = flagSet(kRecordInnerBit);

  const uint32_t coveredVar = b.localVariable(b.tPointer(SCFunction, tBool));
  const uint32_t innerVar = b.localVariable(b.tPointer(SCFunction, tBool));
  const uint32_t maskVar = b.localVariable(b.tPointer(SCFunction, tUint));
  b.opNoResult(OpStore, {maskVar, b.cUint(0)});

  // Flat path (records flagged kRecordFast, gpu_layout.h): every edge's
  // F = F0 + A·512dx + B·512dy in 64-bit integers from the flat words alone.
  uint32_t fast = flagSet(kRecordFastBit);
  if (forceExact) fast = and2(fast, b.op(OpLogicalNot, tBool, {forceExact}));
  const uint32_t step[2] = {b.op(OpSConvert, tI64, {b.op(OpShiftLeftLogical, tInt, {dx, b.cInt(9)})}),
                            b.op(OpSConvert, tI64, {b.op(OpShiftLeftLogical, tInt, {dy, b.cInt(9)})})};
  uint32_t normal[3][2];
  for (uint32_t e = 0; e < 2; ++e)
    for (uint32_t k = 0; k < 2; ++k) normal[e][k] = asInt(flat[kRecordFlatNormalsWord + 2 * e + k]);
  for (uint32_t k = 0; k < 2; ++k)
    normal[2][k] = b.op(OpSNegate, tInt, {b.op(OpIAdd, tInt, {normal[0][k], normal[1][k]})});
  // Inner coverage's threshold for an edge (A, B) (int ids): Δ = 2k − t + ti
  // with k = kMul·(|A| + |B|), kMul 256 for exact input (ti = t), else 257
  // (ti = 0), t = 0 on a top-left edge else 1 — for the flat and exact paths.
  auto innerDelta = [&](uint32_t a, uint32_t c) {
    const uint32_t s = b.op(OpSConvert, tI64, {b.op(OpIAdd, tInt, {b.ext(tInt, GlslSAbs, {a}), b.ext(tInt, GlslSAbs, {c})})});
    const uint32_t k2 = b.op(OpIMul, tI64, {s, b.op(OpSelect, tI64, {exact, b.cInt64(512), b.cInt64(514)})});
    const uint32_t topLeft = or2(b.op(OpSGreaterThan, tBool, {a, b.cInt(0)}),
                                 and2(b.op(OpIEqual, tBool, {a, b.cInt(0)}), b.op(OpSGreaterThan, tBool, {c, b.cInt(0)})));
    const uint32_t t = b.op(OpSelect, tI64, {or2(topLeft, exact), b.cInt64(0), b.cInt64(1)});  // t − ti
    return b.op(OpISub, tI64, {k2, t});
  };
  uint32_t flatOuter = inBox, flatInner = and2(inBox, innerDefined);
  for (uint32_t e = 0; e < 3; ++e) {
    const uint32_t low = b.op(OpBitwiseAnd, tI64, {b.op(OpSConvert, tI64, {asInt(flat[kRecordFlatF0Word + 2 * e])}),
                                                   b.cInt64(0xFFFFFFFFll)});
    const uint32_t high = b.op(OpShiftLeftLogical, tI64, {b.op(OpSConvert, tI64, {asInt(flat[kRecordFlatF0Word + 2 * e + 1])}), b.cInt64(32)});
    const uint32_t f0 = b.op(OpBitwiseOr, tI64, {high, low});
    const uint32_t a64 = b.op(OpSConvert, tI64, {normal[e][0]}), b64 = b.op(OpSConvert, tI64, {normal[e][1]});
    const uint32_t f = b.op(OpIAdd, tI64, {f0, b.op(OpIAdd, tI64, {b.op(OpIMul, tI64, {a64, step[0]}),
                                                                    b.op(OpIMul, tI64, {b64, step[1]})})});
    flatOuter = and2(flatOuter, b.op(OpSGreaterThanEqual, tBool, {f, b.cInt64(0)}));
    if (wantInner)
      flatInner = and2(flatInner, b.op(OpSGreaterThanEqual, tBool, {f, innerDelta(normal[e][0], normal[e][1])}));
  }
  b.opNoResult(OpStore, {coveredVar, and2(fast, flatOuter)});
  b.opNoResult(OpStore, {innerVar, and2(and2(fast, flatOuter), flatInner)});
  if (!exactPath) {
    out.covered = b.op(OpLoad, tBool, {coveredVar});
    if (wantInner) out.inner = b.op(OpLoad, tBool, {innerVar});
    if (wantSamples) out.sampleMask = b.cUint(0);
    return out;
  }

  // Exact path: the record's 64-bit edges from the buffer (a polygon, a
  // standard-mode record, or any record when forceExact).
  const uint32_t needExact = b.op(OpLogicalNot, tBool, {fast});
  ifThen(b, needExact, [&] {
    const uint32_t edgeCount = asInt(b.op(OpBitFieldUExtract, tUint, {out.flags, b.cUint(kRecordEdgeCountShift), b.cUint(8)}));
    const uint32_t px64 = b.op(OpSConvert, tI64, {px}), py64 = b.op(OpSConvert, tI64, {py});
    const uint32_t outerVar = b.localVariable(b.tPointer(SCFunction, tBool));
    const uint32_t exactInnerVar = b.localVariable(b.tPointer(SCFunction, tBool));
    b.opNoResult(OpStore, {outerVar, inBox});
    b.opNoResult(OpStore, {exactInnerVar, inBox});
    uint32_t sampleCount = 0, standard = 0;
    if (wantSamples) {
      // Standard mode (a record of a ForcedSampleCount draw): the header's N sample positions.
      standard = flagSet(kRecordStandardBit);
      sampleCount = asInt(loadWord(b, records, b.cUint(kHeaderSampleCountWord)));
      sampleCount = b.op(OpSelect, tInt, {standard, sampleCount, b.cInt(0)});
      // (1 << n) − 1 for n ≤ 16.
      const uint32_t allSamples = b.op(OpISub, tUint, {b.op(OpShiftLeftLogical, tUint, {b.cUint(1), sampleCount}), b.cUint(1)});
      b.opNoResult(OpStore, {maskVar, b.op(OpSelect, tUint, {inBox, allSamples, b.cUint(0)})});
    }
    forLoop(b, edgeCount, [&](uint32_t e) {
      const uint32_t edgeBase = addU(b, addU(b, recordBase, b.cUint(kRecordEdgesWord)),
                                     b.op(OpIMul, tUint, {b.op(OpBitcast, tUint, {e}), b.cUint(kEdgeWords)}));
      const uint32_t a = asInt(loadWord(b, records, edgeBase));
      const uint32_t c = asInt(loadWord(b, records, addU(b, edgeBase, b.cUint(1))));
      const uint32_t cLow = loadWord(b, records, addU(b, edgeBase, b.cUint(2)));
      const uint32_t cHigh = loadWord(b, records, addU(b, edgeBase, b.cUint(3)));
      const uint32_t a64 = b.op(OpSConvert, tI64, {a}), b64 = b.op(OpSConvert, tI64, {c});
      const uint32_t low = b.op(OpBitwiseAnd, tI64, {b.op(OpSConvert, tI64, {asInt(cLow)}), b.cInt64(0xFFFFFFFFll)});
      const uint32_t high = b.op(OpShiftLeftLogical, tI64, {b.op(OpSConvert, tI64, {asInt(cHigh)}), b.cInt64(32)});
      const uint32_t constant = b.op(OpBitwiseOr, tI64, {high, low});
      // F = 512·(A·px + B·py) + C
      const uint32_t dot = b.op(OpIAdd, tI64, {b.op(OpIMul, tI64, {a64, px64}), b.op(OpIMul, tI64, {b64, py64})});
      const uint32_t f = b.op(OpIAdd, tI64, {b.op(OpIMul, tI64, {dot, b.cInt64(512)}), constant});
      const uint32_t pass = b.op(OpSGreaterThanEqual, tBool, {f, b.cInt64(0)});
      b.opNoResult(OpStore, {outerVar, and2(b.op(OpLoad, tBool, {outerVar}), pass)});
      if (wantInner) {
        const uint32_t innerPass = b.op(OpSGreaterThanEqual, tBool, {f, innerDelta(a, c)});
        b.opNoResult(OpStore, {exactInnerVar, and2(b.op(OpLoad, tBool, {exactInnerVar}), innerPass)});
      }
      if (wantSamples) {
        // Sample s at (dx, dy)/16 px from the centre: F + 32·(A·dx + B·dy) ≥ 0.
        forLoop(b, sampleCount, [&](uint32_t sample) {
          const uint32_t at = addU(b, b.cUint(kHeaderSamplesWord), b.op(OpIMul, tUint, {b.op(OpBitcast, tUint, {sample}), b.cUint(2)}));
          const uint32_t sx = asInt(loadWord(b, records, at));
          const uint32_t sy = asInt(loadWord(b, records, addU(b, at, b.cUint(1))));
          const uint32_t shift = b.op(OpIAdd, tI64, {b.op(OpIMul, tI64, {a64, b.op(OpSConvert, tI64, {sx})}),
                                                     b.op(OpIMul, tI64, {b64, b.op(OpSConvert, tI64, {sy})})});
          const uint32_t fs = b.op(OpIAdd, tI64, {f, b.op(OpIMul, tI64, {shift, b.cInt64(32)})});
          const uint32_t fails = b.op(OpSLessThan, tBool, {fs, b.cInt64(0)});
          const uint32_t bit = b.op(OpShiftLeftLogical, tUint, {b.cUint(1), sample});
          const uint32_t cleared = b.op(OpBitwiseAnd, tUint, {b.op(OpLoad, tUint, {maskVar}), b.op(OpNot, tUint, {bit})});
          b.opNoResult(OpStore, {maskVar, b.op(OpSelect, tUint, {fails, cleared, b.op(OpLoad, tUint, {maskVar})})});
        });
      }
    }, needExact);
    uint32_t covered = b.op(OpLoad, tBool, {outerVar});
    if (wantSamples)
      covered = b.op(OpSelect, tBool, {standard, b.op(OpINotEqual, tBool, {b.op(OpLoad, tUint, {maskVar}), b.cUint(0)}), covered});
    b.opNoResult(OpStore, {coveredVar, covered});
    b.opNoResult(OpStore, {innerVar, and2(and2(b.op(OpLoad, tBool, {exactInnerVar}), covered), innerDefined)});
  });

  out.covered = b.op(OpLoad, tBool, {coveredVar});
  if (wantInner) out.inner = b.op(OpLoad, tBool, {innerVar});
  if (wantSamples) out.sampleMask = b.op(OpLoad, tUint, {maskVar});
  return out;
}

std::vector<uint32_t> buildFallbackVertexShader(const std::vector<FallbackVarying>& varyings, bool sampleInverseW,
                                                const FallbackCaptureLayout& capture) {
  if (capture.positionSlot >= capture.registers.size())
    throw Error("fallback vertex shader: the capture has no SV_Position");
  Builder b;
  b.capability(CapShader);
  const uint32_t tUint = b.tUint(), tInt = b.tInt(), tFloat = b.tFloat();
  const uint32_t tVec4 = b.tVec(tFloat, 4);
  std::vector<uint32_t> iface;  // SPIR-V 1.3: Input and Output variables only

  const uint32_t set = descriptorSetForStage(ProgramType::Vertex);
  // By register (a captured vertex is whole registers): one load per register
  // and vertex, where llvmpipe loops over the lanes once per load.
  const uint32_t captured =
      declareStorage(b, set, kFallbackCapturedBinding, "fallback_captured", true, StorageElements::Registers);
  // The corner and the record's words 0..15 as vertex attributes (gpu_layout.h's draw-pass vertex input).
  auto input = [&](uint32_t type, uint32_t location, const std::string& name) {
    const uint32_t v = b.variable(b.tPointer(SCInput, type), SCInput);
    b.decorate(v, DecLocation, {location});
    b.name(v, name);
    iface.push_back(v);
    return v;
  };
  const uint32_t tVec3 = b.tVec(tFloat, 3);
  const uint32_t cornerIn = input(tVec3, gpu::kDrawCornerPositionLocation, "fallback_corner");
  const uint32_t weightsIn = input(tVec3, gpu::kDrawCornerWeightsLocation, "fallback_weights");
  uint32_t recordIn[4];
  for (uint32_t i = 0; i < 4; ++i)
    recordIn[i] = input(b.tVec(tUint, 4), gpu::kDrawRecordWordsLocation + i, "fallback_record" + std::to_string(i));

  const uint32_t vertexIndex = b.variable(b.tPointer(SCInput, tInt), SCInput);
  b.decorate(vertexIndex, DecBuiltIn, {BuiltInVertexIndex});
  b.name(vertexIndex, "gl_VertexIndex");
  iface.push_back(vertexIndex);
  const uint32_t position = b.variable(b.tPointer(SCOutput, tVec4), SCOutput);
  b.decorate(position, DecBuiltIn, {BuiltInPosition});
  b.name(position, "gl_Position");
  iface.push_back(position);

  auto output = [&](uint32_t type, uint32_t location, uint32_t component, const std::string& name, bool flat) {
    const uint32_t v = b.variable(b.tPointer(SCOutput, type), SCOutput);
    b.decorate(v, DecLocation, {location});
    if (component) b.decorate(v, 31 /*Component*/, {component});
    if (flat) b.decorate(v, DecFlat);
    b.name(v, name);
    iface.push_back(v);
    return v;
  };
  uint32_t flatOut[4];
  for (uint32_t i = 0; i < 4; ++i)
    flatOut[i] = output(b.tVec(tUint, 4), kFallbackFlatLocation + i, 0, "fallback_flat" + std::to_string(i), true);
  const uint32_t inverseWOut = output(tFloat, kFallbackInverseWLocation, 0, "fallback_inverse_w", false);
  const uint32_t inverseWSampleOut =
      sampleInverseW ? output(tFloat, kFallbackInverseWSampleLocation, 0, "fallback_inverse_w_sample", false) : 0;
  std::vector<uint32_t> varyingOut;
  for (const FallbackVarying& v : varyings) {
    if (v.location >= kFallbackFirstReservedLocation)
      throw Error("fallback vertex shader: input register v" + std::to_string(v.location) +
                  " collides with the fallback's own varyings (v29..v31)");
    const uint32_t scalar = v.cls != FallbackVaryingClass::Flat ? tFloat
                            : v.type == ComponentType::Uint32   ? tUint
                            : v.type == ComponentType::Sint32   ? tInt
                                                                : tFloat;
    varyingOut.push_back(output(b.tVec(scalar, v.componentCount), v.location, v.firstComponent,
                                "out_v" + std::to_string(v.location) + "_" + std::to_string(v.firstComponent),
                                v.cls == FallbackVaryingClass::Flat));
  }

  const uint32_t mainFn = b.id();
  b.name(mainFn, "main");
  b.beginFunction(mainFn, b.tVoid(), b.tFunction(b.tVoid()));
  b.label(b.id());
  const uint32_t index = b.op(OpBitcast, tUint, {b.op(OpLoad, tInt, {vertexIndex})});
  const uint32_t record = b.op(OpUDiv, tUint, {index, b.cUint(gpu::kCornersPerRecord)});
  const uint32_t corner = b.op(OpLoad, tVec3, {cornerIn});
  const uint32_t cornerWeights = b.op(OpLoad, tVec3, {weightsIn});
  const uint32_t x = b.op(OpCompositeExtract, tFloat, {corner, 0}), y = b.op(OpCompositeExtract, tFloat, {corner, 1});
  const uint32_t z = b.op(OpCompositeExtract, tFloat, {corner, 2});
  const uint32_t u[3] = {b.op(OpCompositeExtract, tFloat, {cornerWeights, 0}), b.op(OpCompositeExtract, tFloat, {cornerWeights, 1}),
                         b.op(OpCompositeExtract, tFloat, {cornerWeights, 2})};
  const uint32_t stride = uint32_t(capture.registers.size());  // registers
  uint32_t vertexBase[3];
  for (uint32_t j = 0; j < 3; ++j)
    vertexBase[j] = b.op(OpIMul, tUint, {addU(b, b.op(OpIMul, tUint, {record, b.cUint(3)}), b.cUint(j)), b.cUint(stride)});
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> loadedRegisters;  // (vertex, slot) → uvec4 (all in one block)
  auto capturedWord = [&](uint32_t j, uint32_t slot, uint32_t component) {
    uint32_t& reg = loadedRegisters[{j, slot}];
    if (!reg) reg = loadRegister(b, captured, addU(b, vertexBase[j], b.cUint(slot)));
    return b.op(OpCompositeExtract, tUint, {reg, component});
  };
  auto capturedFloat = [&](uint32_t j, uint32_t slot, uint32_t component) {
    return b.op(OpBitcast, tFloat, {capturedWord(j, slot, component)});
  };
  auto weighted = [&](const uint32_t (&weights)[3], uint32_t slot, uint32_t component) {
    uint32_t sum = b.op(OpFMul, tFloat, {weights[0], capturedFloat(0, slot, component)});
    for (uint32_t j = 1; j < 3; ++j)
      sum = b.op(OpFAdd, tFloat, {sum, b.op(OpFMul, tFloat, {weights[j], capturedFloat(j, slot, component)})});
    return sum;
  };
  // z/w = Σu·z (the setup's), 1/w = Σu; gl_Position.w = 1 (every varying is affine on screen).
  b.opNoResult(OpStore, {position, b.op(OpCompositeConstruct, tVec4, {x, y, z, b.cFloat(1.0f)})});
  const uint32_t inverseW = b.op(OpFAdd, tFloat, {b.op(OpFAdd, tFloat, {u[0], u[1]}), u[2]});
  b.opNoResult(OpStore, {inverseWOut, inverseW});
  if (inverseWSampleOut) b.opNoResult(OpStore, {inverseWSampleOut, inverseW});
  // The record's words 0..15 as flat data, word 0 its index (only the
  // provoking vertex's count: the others read other bytes of the record).
  for (uint32_t i = 0; i < 4; ++i) {
    uint32_t words = b.op(OpLoad, b.tVec(tUint, 4), {recordIn[i]});
    if (i == 0) words = b.op(OpCompositeInsert, b.tVec(tUint, 4), {record, words, 0});
    b.opNoResult(OpStore, {flatOut[i], words});
  }
  // Noperspective weights: u·w (the screen-space barycentrics).
  uint32_t screenWeights[3] = {0, 0, 0};
  if (std::any_of(varyings.begin(), varyings.end(), [](const FallbackVarying& v) { return v.cls == FallbackVaryingClass::NoPerspective; }))
    for (uint32_t j = 0; j < 3; ++j) screenWeights[j] = b.op(OpFMul, tFloat, {u[j], capturedFloat(j, capture.positionSlot, 3)});

  for (size_t i = 0; i < varyings.size(); ++i) {
    const FallbackVarying& v = varyings[i];
    const auto found = std::find(capture.registers.begin(), capture.registers.end(), v.location);
    const bool present = found != capture.registers.end();
    const uint32_t slot = present ? uint32_t(found - capture.registers.begin()) : 0;
    std::vector<uint32_t> parts;
    uint32_t scalar = tFloat;
    for (uint32_t c = 0; c < v.componentCount; ++c) {
      const uint32_t component = v.firstComponent + c;
      if (v.cls == FallbackVaryingClass::Flat) {
        scalar = v.type == ComponentType::Uint32 ? tUint : v.type == ComponentType::Sint32 ? tInt : tFloat;
        const uint32_t bits = present ? capturedWord(0, slot, component) : b.cUint(0);
        parts.push_back(scalar == tUint ? bits : b.op(OpBitcast, scalar, {bits}));
      } else if (!present) {
        parts.push_back(b.cFloat(0.0f));
      } else {
        parts.push_back(weighted(v.cls == FallbackVaryingClass::Perspective ? u : screenWeights, slot, component));
      }
    }
    const uint32_t value = parts.size() == 1 ? parts[0] : b.op(OpCompositeConstruct, b.tVec(scalar, v.componentCount), parts);
    b.opNoResult(OpStore, {varyingOut[i], value});
  }
  b.opNoResult(OpReturn, {});
  b.endFunction();
  b.entryPoint(0 /*Vertex*/, mainFn, "main", iface);
  return b.finish();
}

std::vector<uint32_t> buildCoverageTestShader() {
  Builder b;
  b.capability(CapShader);
  const uint32_t tUint = b.tUint(), tInt = b.tInt(), tBool = b.tBool();
  std::vector<uint32_t> iface;  // SPIR-V 1.3: Input and Output variables only
  const uint32_t records = declareStorageWords(b, 0, 0, "records", true);
  const uint32_t offsets = declareStorageWords(b, 0, 1, "row_table", true);
  const uint32_t rows = declareStorageWords(b, 0, 2, "rows", false);
  const uint32_t pcBlock = b.tStruct({tUint, tUint});
  b.decorate(pcBlock, DecBlock);
  b.memberDecorate(pcBlock, 0, DecOffset, {0});
  b.memberDecorate(pcBlock, 1, DecOffset, {4});
  const uint32_t pc = b.variable(b.tPointer(9 /*PushConstant*/, pcBlock), 9);
  const uint32_t globalId = b.variable(b.tPointer(SCInput, b.tVec(tUint, 3)), SCInput);
  b.decorate(globalId, DecBuiltIn, {28 /*GlobalInvocationId*/});
  iface.push_back(globalId);

  const uint32_t mainFn = b.id();
  b.name(mainFn, "main");
  b.beginFunction(mainFn, b.tVoid(), b.tFunction(b.tVoid()));
  b.label(b.id());
  const uint32_t i = b.op(OpCompositeExtract, tUint, {b.op(OpLoad, b.tVec(tUint, 3), {globalId}), 0});
  const uint32_t count = b.op(OpLoad, tUint, {b.op(OpAccessChain, b.tPointer(9, tUint), {pc, b.cUint(0)})});
  const uint32_t forceExact = b.op(OpINotEqual, tBool, {b.op(OpLoad, tUint, {b.op(OpAccessChain, b.tPointer(9, tUint), {pc, b.cUint(1)})}), b.cUint(0)});
  ifThen(b, b.op(OpULessThan, tBool, {i, count}), [&] {
    // Row i of the batch: record rowTable[2i], box row rowTable[2i + 1].
    const uint32_t record = loadWord(b, offsets, b.op(OpIMul, tUint, {i, b.cUint(2)}));
    const uint32_t r = b.op(OpBitcast, tInt, {loadWord(b, offsets, addU(b, b.op(OpIMul, tUint, {i, b.cUint(2)}), b.cUint(1)))});
    const uint32_t base = addU(b, b.cUint(kRecordsOffsetWords), b.op(OpIMul, tUint, {record, b.cUint(kRecordWords)}));
    uint32_t flat[16];
    for (uint32_t k = 0; k < 16; ++k) flat[k] = k == 0 ? record : loadWord(b, records, addU(b, base, b.cUint(k)));
    const uint32_t origin = flat[kRecordBoxOriginWord], size = flat[kRecordBoxSizeWord];
    const uint32_t left = b.op(OpBitcast, tInt, {b.op(OpBitwiseAnd, tUint, {origin, b.cUint(0xFFFF)})});
    const uint32_t top = b.op(OpBitcast, tInt, {b.op(OpShiftRightLogical, tUint, {origin, b.cUint(16)})});
    const uint32_t width = b.op(OpBitcast, tInt, {b.op(OpBitwiseAnd, tUint, {size, b.cUint(0xFFFF)})});
    const uint32_t py = b.op(OpIAdd, tInt, {top, r});
    const uint32_t state = b.localVariable(b.tPointer(SCFunction, b.tVec(tUint, 4)));  // outer begin/end, inner begin/end
    const uint32_t counts = b.localVariable(b.tPointer(SCFunction, b.tVec(tUint, 2)));
    const uint32_t none = b.cComposite(b.tVec(tUint, 4), {b.cUint(0xFFFF), b.cUint(0), b.cUint(0xFFFF), b.cUint(0)});
    b.opNoResult(OpStore, {state, none});
    b.opNoResult(OpStore, {counts, b.cComposite(b.tVec(tUint, 2), {b.cUint(0), b.cUint(0)})});
    forLoop(b, width, [&](uint32_t c) {
      const uint32_t px = b.op(OpIAdd, tInt, {left, c});
      const FallbackCoverage cov = emitFallbackCoverage(b, records, base, flat, px, py, true, false, forceExact);
      const uint32_t x = b.op(OpBitcast, tUint, {px});
      const uint32_t x1 = addU(b, x, b.cUint(1));
      auto update = [&](uint32_t hit, uint32_t first, uint32_t countIndex) {
        ifThen(b, hit, [&] {
          uint32_t s = b.op(OpLoad, b.tVec(tUint, 4), {state});
          const uint32_t lo = b.ext(tUint, GlslUMin, {b.op(OpCompositeExtract, tUint, {s, first}), x});
          const uint32_t hi = b.ext(tUint, GlslUMax, {b.op(OpCompositeExtract, tUint, {s, first + 1}), x1});
          s = b.op(82 /*OpCompositeInsert*/, b.tVec(tUint, 4), {lo, s, first});
          s = b.op(82, b.tVec(tUint, 4), {hi, s, first + 1});
          b.opNoResult(OpStore, {state, s});
          uint32_t n = b.op(OpLoad, b.tVec(tUint, 2), {counts});
          n = b.op(82, b.tVec(tUint, 2), {addU(b, b.op(OpCompositeExtract, tUint, {n, countIndex}), b.cUint(1)), n, countIndex});
          b.opNoResult(OpStore, {counts, n});
        });
      };
      update(cov.covered, 0, 0);
      update(cov.inner, 2, 1);
    });
    const uint32_t s = b.op(OpLoad, b.tVec(tUint, 4), {state});
    const uint32_t n = b.op(OpLoad, b.tVec(tUint, 2), {counts});
    auto interval = [&](uint32_t first, uint32_t countIndex) {
      const uint32_t any = b.op(OpINotEqual, tBool, {b.op(OpCompositeExtract, tUint, {n, countIndex}), b.cUint(0)});
      const uint32_t packed = b.op(OpBitwiseOr, tUint, {b.op(OpCompositeExtract, tUint, {s, first}),
                                                        b.op(OpShiftLeftLogical, tUint, {b.op(OpCompositeExtract, tUint, {s, first + 1}), b.cUint(16)})});
      return b.op(OpSelect, tUint, {any, packed, b.cUint(0)});
    };
    const uint32_t row = b.op(OpIMul, tUint, {i, b.cUint(3)});
    storeWord(b, rows, row, interval(0, 0));
    storeWord(b, rows, addU(b, row, b.cUint(1)), interval(2, 1));
    storeWord(b, rows, addU(b, row, b.cUint(2)),
              b.op(OpBitwiseOr, tUint, {b.op(OpCompositeExtract, tUint, {n, 0}),
                                        b.op(OpShiftLeftLogical, tUint, {b.op(OpCompositeExtract, tUint, {n, 1}), b.cUint(16)})}));
  });
  b.opNoResult(OpReturn, {});
  b.endFunction();
  b.entryPoint(5 /*GLCompute*/, mainFn, "main", iface);
  b.executionMode(mainFn, 17 /*LocalSize*/, {64, 1, 1});
  return b.finish();
}

}  // namespace d3dvk::dxbc
