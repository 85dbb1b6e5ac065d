// translate/dxbc/translator.cpp — DXBC vertex/pixel shader → SPIR-V (see translator.h).
//
// Model: every D3D register file is a Private array of uvec4 (r#, v#, o#, x#[]);
// values are bitcast to float/int at each instruction as its opcode requires, so
// moves are bit-exact. `main` copies interface inputs into v#, calls the body
// function (where `ret` is OpReturn), then copies o# to the interface outputs.
// Structured control flow maps if/loop/switch one to one onto SPIR-V constructs.
#include "dxbc/translator.h"

#include "dxbc/listing.h"
#include "dxbc/spirv_builder.h"

#include <algorithm>
#include <functional>
#include <bit>
#include <cstring>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

namespace d3dvk::dxbc {
namespace {

using namespace spv;

enum class K { U, I, F };  // value kind of an SPIR-V value

struct CbInfo { uint32_t var; uint32_t size; };
struct TexInfo {
  uint32_t var;
  uint32_t imageType;
  K kind;
  ResourceDimension dim;
  uint32_t spatial;  // coordinate components without the array index (cube: 3)
  bool arrayed, ms, buffer, cube;
  uint32_t sizeComponents;  // components OpImageQuerySize(Lod) returns
};
// A typed UAV (RWTexture2D / RWTexture2DArray): a storage image. Written
// without a format (StorageImageWriteWithoutFormat); one the shader loads from
// is declared R32 of its type, the only formats D3D11 allows typed UAV loads from.
struct UavInfo {
  uint32_t var;
  uint32_t imageType;
  K kind;
  uint32_t coordComponents;  // 2, or 3 with the array slice
  bool loaded;
};
struct IdxTemp { uint32_t var; uint32_t size; };

struct Construct {
  enum Type { If, Loop, Switch } type;
  uint32_t merge = 0;
  uint32_t cont = 0;       // Loop
  uint32_t elseLabel = 0;  // If
  bool hadElse = false;
  std::map<size_t, uint32_t> caseLabels;  // Switch: instruction index → label
};

class Translator {
 public:
  Translator(const Shader& s, const TranslateOptions& o) : sh_(s), opt_(o), prog_(s.program) {}

  std::vector<uint32_t> run() {
    try {
      return runImpl();
    } catch (const std::out_of_range&) {
      // A field the decoder cannot require in general (e.g. the operand of a
      // control-flow instruction) is missing: malformed input, reported precisely.
      fail("malformed instruction: missing operand or field");
    }
  }

  std::vector<uint32_t> runImpl() {
    stage_ = prog_.type;
    if (passthrough() && stage_ != ProgramType::Vertex)
      throw Error("translator: the fallback passthrough variant is for vertex shaders");
    if (passthrough() && (opt_.spanLocation >= 32 || opt_.primitiveIdLocation >= 32 || opt_.coverageLocation >= 32 ||
                          opt_.spanLocation == opt_.primitiveIdLocation || opt_.spanLocation == opt_.coverageLocation ||
                          opt_.primitiveIdLocation == opt_.coverageLocation))
      throw Error("translator: the fallback passthrough variant needs distinct span, SV_PrimitiveID and coverage "
                  "locations < 32");
    if (stage_ != ProgramType::Vertex && stage_ != ProgramType::Pixel)
      throw Error("translator: only vertex and pixel shaders are supported (this is a " +
                  std::string(stage_ == ProgramType::Geometry ? "geometry" : stage_ == ProgramType::Hull ? "hull"
                              : stage_ == ProgramType::Domain ? "domain" : "compute") + " shader)");
    b_.capability(CapShader);
    uVec4_ = b_.tVec(b_.tUint(), 4);
    scanRegisters();
    for (const Instruction& inst : prog_.instructions)
      if (opcodeInfo(inst.opcode).declaration) declare(inst);
    cur_ = nullptr;
    createRegisterFiles();
    if (opt_.variant == ShaderVariant::Fallback) {
      if (innerCoverage_ && !spanVariant() && inputRegs_.count(opt_.innerCoverageLocation))
        throw Error("translator: fallback SV_InnerCoverage location " + std::to_string(opt_.innerCoverageLocation) +
                    " collides with input register v" + std::to_string(opt_.innerCoverageLocation));
      if (primitiveId_ && inputRegs_.count(opt_.primitiveIdLocation))
        throw Error("translator: fallback SV_PrimitiveID location " + std::to_string(opt_.primitiveIdLocation) +
                    " collides with input register v" + std::to_string(opt_.primitiveIdLocation));
      if (innerCoverage_ && primitiveId_ && opt_.innerCoverageLocation == opt_.primitiveIdLocation &&
          !spanVariant())
        throw Error("translator: fallback SV_InnerCoverage and SV_PrimitiveID share location " +
                    std::to_string(opt_.primitiveIdLocation));
      if ((coverageIn_ || coverageMaskOutput()) && opt_.coverageLocation != TranslateOptions::kNoSpan &&
          inputRegs_.count(opt_.coverageLocation))
        throw Error("translator: fallback SV_Coverage location " + std::to_string(opt_.coverageLocation) +
                    " collides with input register v" + std::to_string(opt_.coverageLocation));
      if (spanVariant()) {
        if (inputRegs_.count(opt_.spanLocation))
          throw Error("translator: fallback span location " + std::to_string(opt_.spanLocation) +
                      " collides with input register v" + std::to_string(opt_.spanLocation));
        if (primitiveId_ && opt_.spanLocation == opt_.primitiveIdLocation)
          throw Error("translator: fallback span and SV_PrimitiveID share location " +
                      std::to_string(opt_.spanLocation));
        spanVar_ = b_.variable(b_.tPointer(SCInput, b_.tVec(b_.tInt(), 4)), SCInput);
        b_.decorate(spanVar_, DecLocation, {opt_.spanLocation});
        b_.decorate(spanVar_, DecFlat);
        b_.name(spanVar_, "fallback_Span");
        interface_.push_back(spanVar_);
        spanFragCoord_ = builtinInput(b_.tVec(b_.tFloat(), 4), BuiltInFragCoord, "gl_FragCoord");
      }
    }

    if (coverageMaskOutput() && !sampleMaskOut_) {
      // No oMask: the sample mask output is the flat coverage itself.
      uint32_t var = b_.variable(b_.tPointer(SCOutput, b_.tArray(b_.tInt(), 1)), SCOutput);
      b_.decorate(var, DecBuiltIn, {BuiltInSampleMask});
      b_.name(var, "gl_SampleMask");
      interface_.push_back(var);
      sampleMaskOut_ = var;
      epilogue_.push_back([this, var] {
        uint32_t p = b_.op(OpAccessChain, b_.tPointer(SCOutput, b_.tInt()), {var, b_.cInt(0)});
        b_.opNoResult(OpStore, {p, b_.op(OpBitcast, b_.tInt(), {fallbackSampleMask(b_.cUint(0xFFFFFFFFu))})});
      });
    }
    if (opt_.countInvocations) declareInvocationCounter();
    if (passthrough()) declarePassthrough();
    if (stage_ == ProgramType::Vertex) declarePointSize();

    bodyFn_ = b_.id();
    mainFn_ = b_.id();
    b_.name(mainFn_, "main");
    b_.name(bodyFn_, "shader_body");
    uint32_t voidFn = b_.tFunction(b_.tVoid());

    // body
    b_.beginFunction(bodyFn_, b_.tVoid(), voidFn);
    b_.label(b_.id());
    for (size_t i = 0; i < prog_.instructions.size() && !passthrough(); ++i) {
      const Instruction& inst = prog_.instructions[i];
      if (opcodeInfo(inst.opcode).declaration) continue;
      cur_ = &inst;
      curIndex_ = i;
      translate(inst);
    }
    if (!constructs_.empty()) fail("unterminated control flow at the end of the program");
    if (b_.blockOpen()) b_.opNoResult(OpReturn, {});
    b_.endFunction();

    // main
    b_.beginFunction(mainFn_, b_.tVoid(), voidFn);
    b_.label(b_.id());
    if (invocationCounter_) countInvocation();
    if (spanVariant()) emitSpanPrologue();
    for (auto& f : prologue_) f();
    b_.op(OpFunctionCall, b_.tVoid(), {bodyFn_});
    for (auto& f : epilogue_) f();
    b_.opNoResult(OpReturn, {});
    b_.endFunction();

    if (stage_ == ProgramType::Pixel) {
      b_.entryPoint(4, mainFn_, "main", interface_);
      b_.executionMode(mainFn_, ModeOriginUpperLeft);
      if (depthReplacing_) b_.executionMode(mainFn_, ModeDepthReplacing);
      if (earlyFragmentTests_) b_.executionMode(mainFn_, ModeEarlyFragmentTests);
    } else {
      b_.entryPoint(0, mainFn_, "main", interface_);
      if (opt_.transformFeedback) b_.executionMode(mainFn_, ModeXfb);
    }
    return b_.finish();
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    std::string where;
    if (cur_) {
      const char* n = opcodeInfo(cur_->opcode).name;
      where = "opcode '" + std::string(n ? n : "?") + "' at dword " + std::to_string(cur_->offset) + ": ";
    }
    throw Error("translator: " + where + what);
  }

  // ---------------------------------------------------------------- declarations

  void scanRegisters() {
    for (const Instruction& inst : prog_.instructions) {
      if (inst.opcode == Opcode::DclTemps && !inst.extra.empty()) numTemps_ = inst.extra[0];
      for (const Operand& op : inst.operands) {
        if (op.indexDimension >= 1 && op.index[0].repr == IndexRepr::Imm32) {
          uint32_t r = uint32_t(op.index[0].imm);
          if (op.type == OperandType::Input) numInputs_ = std::max<uint32_t>(numInputs_, r + 1);
          if (op.type == OperandType::Output) numOutputs_ = std::max<uint32_t>(numOutputs_, r + 1);
          if (op.type == OperandType::Temp) maxTempUsed_ = std::max<uint32_t>(maxTempUsed_, r + 1);
        }
      }
    }
    if (numTemps_ > 4096 || numInputs_ > 32 || numOutputs_ > 32)
      throw Error("translator: register counts out of range (temps " + std::to_string(numTemps_) + ", inputs " +
                  std::to_string(numInputs_) + ", outputs " + std::to_string(numOutputs_) + ")");
    if (maxTempUsed_ > numTemps_)
      throw Error("translator: r" + std::to_string(maxTempUsed_ - 1) + " used but dcl_temps declares " +
                  std::to_string(numTemps_));
  }

  void createRegisterFiles() {
    if (numTemps_) {
      tempArr_ = b_.variable(b_.tPointer(SCPrivate, b_.tArray(uVec4_, numTemps_)), SCPrivate);
      b_.name(tempArr_, "r");
    }
    if (numInputs_) {
      inArr_ = b_.variable(b_.tPointer(SCPrivate, b_.tArray(uVec4_, numInputs_)), SCPrivate);
      b_.name(inArr_, "v");
    }
    if (numOutputs_) {
      // Outputs start as zero so unwritten components are defined.
      std::vector<uint32_t> zeros(numOutputs_, b_.cComposite(uVec4_, {b_.cUint(0), b_.cUint(0), b_.cUint(0), b_.cUint(0)}));
      uint32_t arrT = b_.tArray(uVec4_, numOutputs_);
      outArr_ = b_.variable(b_.tPointer(SCPrivate, arrT), SCPrivate, b_.cComposite(arrT, zeros));
      b_.name(outArr_, "o");
    }
  }

  ComponentType signatureType(const Signature& sig, uint32_t reg, uint8_t mask) const {
    if (const SignatureElement* e = sig.findByRegister(reg, mask ? mask : 0xf)) return e->componentType;
    return ComponentType::Float32;
  }

  uint32_t typeFor(ComponentType ct) {
    return ct == ComponentType::Uint32 ? b_.tUint() : ct == ComponentType::Sint32 ? b_.tInt() : b_.tFloat();
  }

  uint32_t builtinInput(uint32_t type, uint32_t builtin, const char* nm) {
    auto key = builtin;
    auto it = builtinIn_.find(key);
    if (it != builtinIn_.end()) return it->second;
    uint32_t v = b_.variable(b_.tPointer(SCInput, type), SCInput);
    b_.decorate(v, DecBuiltIn, {builtin});
    b_.name(v, nm);
    interface_.push_back(v);
    builtinIn_[key] = v;
    return v;
  }

  bool spanVariant() const {
    return opt_.variant == ShaderVariant::Fallback && stage_ == ProgramType::Pixel &&
           opt_.spanLocation != TranslateOptions::kNoSpan;
  }

  // First thing in main(): discard outside the span, then SV_InnerCoverage from
  // the span's inner interval (see TranslateOptions::spanLocation).
  void emitSpanPrologue() {
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

  // TranslateOptions::countInvocations: the counter, a Block struct of a uint
  // array (the lanes, kInvocationCounterLaneBytes apart) in a storage buffer at
  // the pixel set's kInvocationCounterBinding, and the inputs counting reads.
  void declareInvocationCounter() {
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

  // First thing in main(), before anything can discard: add this invocation to
  // its lane of the counter (see kInvocationCounterLanes). Per invocation: an
  // increment (a helper invocation's has no effect). Per subgroup: only
  // non-helper invocations take part, and the elected one adds their number.
  void countInvocation() {
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

  uint32_t flatUintInput(uint32_t location, const char* nm) {
    uint32_t v = b_.variable(b_.tPointer(SCInput, b_.tUint()), SCInput);
    b_.decorate(v, DecLocation, {location});
    b_.decorate(v, DecFlat);
    b_.name(v, nm);
    interface_.push_back(v);
    return v;
  }

  // The fallback's sample-mask output: its flat coverage (without the "any"
  // bit) ANDed with `oMask`; with the any bit set, all ones when something
  // remains, else 0 (kFallbackCoverageAnyBit).
  uint32_t fallbackSampleMask(uint32_t oMask) {
    const uint32_t raw = b_.op(OpLoad, b_.tUint(), {fallbackCoverageInput()});
    const uint32_t samples = b_.op(OpBitwiseAnd, b_.tUint(), {raw, b_.cUint(~kFallbackCoverageAnyBit)});
    const uint32_t kept = b_.op(OpBitwiseAnd, b_.tUint(), {samples, oMask});
    const uint32_t any = b_.op(OpINotEqual, b_.tBool(), {b_.op(OpBitwiseAnd, b_.tUint(), {raw, b_.cUint(kFallbackCoverageAnyBit)}), b_.cUint(0)});
    const uint32_t nonZero = b_.op(OpINotEqual, b_.tBool(), {kept, b_.cUint(0)});
    const uint32_t all = b_.op(OpSelect, b_.tUint(), {nonZero, b_.cUint(0xFFFFFFFFu), b_.cUint(0)});
    return b_.op(OpSelect, b_.tUint(), {any, all, kept});
  }

  // The fallback's flat coverage varying (at coverageLocation), declared once.
  uint32_t fallbackCoverageInput() {
    if (!fallbackCoverageVar_) fallbackCoverageVar_ = flatUintInput(opt_.coverageLocation, "fallback_Coverage");
    return fallbackCoverageVar_;
  }

  // Stores scalar uint `value` into v[reg].component for each component in mask (prologue helper).
  void storeInputComponents(uint32_t reg, uint8_t mask, uint32_t uvec4Value) {
    for (uint32_t c = 0; c < 4; ++c) {
      if (!(mask & (1u << c))) continue;
      uint32_t ptr = b_.op(OpAccessChain, b_.tPointer(SCPrivate, b_.tUint()), {inArr_, b_.cUint(reg), b_.cUint(c)});
      uint32_t comp = b_.op(OpCompositeExtract, b_.tUint(), {uvec4Value, c});
      b_.opNoResult(OpStore, {ptr, comp});
    }
  }

  uint32_t splatUint(uint32_t scalar) { return b_.op(OpCompositeConstruct, uVec4_, {scalar, scalar, scalar, scalar}); }

  uint32_t privateUint(const char* nm) {
    uint32_t v = b_.variable(b_.tPointer(SCPrivate, b_.tUint()), SCPrivate, b_.cUint(0));
    b_.name(v, nm);
    return v;
  }

  bool passthrough() const { return opt_.variant == ShaderVariant::FallbackPassthrough; }
  bool coverageMaskOutput() const {
    return opt_.variant == ShaderVariant::Fallback && opt_.coverageMaskOutput &&
           opt_.coverageLocation != TranslateOptions::kNoSpan;
  }

  // D3D points are one pixel; Vulkan reads the size from PointSize, which a
  // vertex shader drawing points (a D3D point list, the fallback's capture) must write.
  void declarePointSize() {
    uint32_t var = b_.variable(b_.tPointer(SCOutput, b_.tFloat()), SCOutput);
    b_.decorate(var, DecBuiltIn, {BuiltInPointSize});
    b_.name(var, "gl_PointSize");
    interface_.push_back(var);
    epilogue_.push_back([this, var] { b_.opNoResult(OpStore, {var, b_.cFloat(1.0f)}); });
  }

  // The fallback shading pass's vertex shader: the application's vertex-shader
  // outputs, declared exactly as the native translation declares them (so they
  // link with the pixel shader the same way), but each register o# loaded from
  // the vertex attribute at location # (a uvec4 of raw bits) instead of running
  // the program; plus the span and SV_PrimitiveID forwarded as flat outputs.
  void declarePassthrough() {
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

  void declare(const Instruction& inst) {
    cur_ = &inst;
    const bool ps = stage_ == ProgramType::Pixel;
    if (passthrough()) {
      switch (inst.opcode) {
        case Opcode::DclInput:
        case Opcode::DclInputSgv:
        case Opcode::DclInputSiv:
        case Opcode::DclIndexRange: return;  // the program does not run: no inputs
        default: break;
      }
    }
    auto regOf = [&](const Operand& op) -> uint32_t {
      if (op.indexDimension < 1 || op.index[0].repr != IndexRepr::Imm32) fail("declaration needs an immediate register index");
      return uint32_t(op.index[0].imm);
    };
    switch (inst.opcode) {
      case Opcode::DclGlobalFlags:
        // forceEarlyDepthStencil: depth/stencil tests (and writes) before the
        // shader runs, also when it has side effects (UAV stores, the
        // invocation counter). Native only: the fallback's span variant
        // discards the pixels outside its span, which early tests would
        // already have written.
        if ((inst.controls & 0x4) && ps && opt_.variant == ShaderVariant::Native) earlyFragmentTests_ = true;
        return;
      case Opcode::DclTemps:
        return;
      case Opcode::DclUavTyped: declareTypedUav(inst, regOf(inst.operands.at(0))); return;
      case Opcode::DclUavRaw:
      case Opcode::DclUavStructured:
        fail("raw and structured UAVs are not supported (typed RWTexture2D/RWTexture2DArray UAVs are)");
      case Opcode::DclIndexableTemp: {
        if (inst.extra.size() != 3) fail("malformed dcl_indexableTemp");
        uint32_t reg = inst.extra[0], size = inst.extra[1];
        if (size == 0 || size > 4096 || reg > 64) fail("indexable temp x" + std::to_string(reg) + "[" + std::to_string(size) + "] out of range");
        uint32_t v = b_.variable(b_.tPointer(SCPrivate, b_.tArray(uVec4_, size)), SCPrivate);
        b_.name(v, "x" + std::to_string(reg));
        idxTemps_[reg] = {v, size};
        return;
      }
      case Opcode::CustomData:
        if (inst.customDataClass == uint32_t(CustomDataClass::ImmediateConstantBuffer)) {
          size_t n = inst.customData.size() / 4;
          if (n == 0 || n > 4096) fail("immediate constant buffer size out of range");
          std::vector<uint32_t> rows;
          for (size_t i = 0; i < n; ++i)
            rows.push_back(b_.cComposite(uVec4_, {b_.cUint(inst.customData[i * 4]), b_.cUint(inst.customData[i * 4 + 1]),
                                                  b_.cUint(inst.customData[i * 4 + 2]), b_.cUint(inst.customData[i * 4 + 3])}));
          uint32_t arrT = b_.tArray(uVec4_, uint32_t(n));
          icb_ = b_.variable(b_.tPointer(SCPrivate, arrT), SCPrivate, b_.cComposite(arrT, rows));
          icbSize_ = uint32_t(n);
          b_.name(icb_, "icb");
        }
        return;
      case Opcode::DclConstantBuffer: {
        const Operand& op = inst.operands.at(0);
        if (op.indexDimension != 2 || op.index[0].repr != IndexRepr::Imm32 || op.index[1].repr != IndexRepr::Imm32)
          fail("dcl_constantbuffer needs CBn[size] (SM5.1 register spaces are not supported yet)");
        uint32_t slot = uint32_t(op.index[0].imm), size = uint32_t(op.index[1].imm);
        if (slot >= kMaxConstantBufferSlots) fail("constant buffer slot " + std::to_string(slot) + " out of range");
        if (size == 0 || size > 4096) fail("constant buffer size " + std::to_string(size) + " out of range (1..4096)");
        uint32_t arr = b_.tArray(uVec4_, size);
        b_.decorate(arr, DecArrayStride, {16});
        uint32_t st = b_.tStruct({arr});
        b_.decorate(st, DecBlock);
        b_.memberDecorate(st, 0, DecOffset, {0});
        uint32_t v = b_.variable(b_.tPointer(SCUniform, st), SCUniform);
        auto db = descriptorBinding(stage_, ResourceKind::ConstantBuffer, slot);
        b_.decorate(v, DecDescriptorSet, {db.set});
        b_.decorate(v, DecBinding, {db.binding});
        b_.name(v, "cb" + std::to_string(slot));
        cbs_[slot] = {v, size};
        return;
      }
      case Opcode::DclSampler: {
        uint32_t slot = regOf(inst.operands.at(0));
        if (slot >= kMaxSamplerSlots) fail("sampler slot out of range");
        uint32_t v = b_.variable(b_.tPointer(SCUniformConstant, b_.tSampler()), SCUniformConstant);
        auto db = descriptorBinding(stage_, ResourceKind::Sampler, slot);
        b_.decorate(v, DecDescriptorSet, {db.set});
        b_.decorate(v, DecBinding, {db.binding});
        b_.name(v, "s" + std::to_string(slot));
        samplers_[slot] = v;
        return;
      }
      case Opcode::DclResource: {
        uint32_t slot = regOf(inst.operands.at(0));
        if (slot >= kMaxShaderResourceSlots) fail("shader resource slot out of range");
        if (inst.extra.empty()) fail("dcl_resource without return type");
        TexInfo t{};
        t.dim = inst.resourceDimension();
        uint32_t spvDim = 1;
        switch (t.dim) {
          case ResourceDimension::Buffer: spvDim = 5; t.spatial = 1; t.buffer = true; b_.capability(CapSampledBuffer); break;
          case ResourceDimension::Texture1D: spvDim = 0; t.spatial = 1; b_.capability(CapSampled1D); break;
          case ResourceDimension::Texture1DArray: spvDim = 0; t.spatial = 1; t.arrayed = true; b_.capability(CapSampled1D); break;
          case ResourceDimension::Texture2D: t.spatial = 2; break;
          case ResourceDimension::Texture2DArray: t.spatial = 2; t.arrayed = true; break;
          case ResourceDimension::Texture2DMS: t.spatial = 2; t.ms = true; break;
          case ResourceDimension::Texture2DMSArray: t.spatial = 2; t.ms = true; t.arrayed = true; break;
          case ResourceDimension::Texture3D: spvDim = 2; t.spatial = 3; break;
          case ResourceDimension::TextureCube: spvDim = 3; t.spatial = 3; t.cube = true; break;
          case ResourceDimension::TextureCubeArray:
            spvDim = 3; t.spatial = 3; t.cube = true; t.arrayed = true; b_.capability(CapSampledCubeArray); break;
          default:
            fail(std::string("resource dimension '") + resourceDimensionName(t.dim) + "' is not supported");
        }
        t.sizeComponents = (t.cube ? 2 : t.spatial) + (t.arrayed ? 1 : 0);
        uint32_t rt = inst.extra[0] & 0xf;
        t.kind = rt == uint32_t(ReturnType::Uint) ? K::U : rt == uint32_t(ReturnType::Sint) ? K::I : K::F;
        uint32_t sampled = t.kind == K::U ? b_.tUint() : t.kind == K::I ? b_.tInt() : b_.tFloat();
        t.imageType = b_.tImage(sampled, spvDim, t.arrayed, t.ms);
        t.var = b_.variable(b_.tPointer(SCUniformConstant, t.imageType), SCUniformConstant);
        auto db = descriptorBinding(stage_, ResourceKind::ShaderResource, slot);
        b_.decorate(t.var, DecDescriptorSet, {db.set});
        b_.decorate(t.var, DecBinding, {db.binding});
        b_.name(t.var, "t" + std::to_string(slot));
        textures_[slot] = t;
        return;
      }
      case Opcode::DclInput:
      case Opcode::DclInputPs: {
        const Operand& op = inst.operands.at(0);
        if (op.type == OperandType::InputCoverageMask) {
          if (!ps) fail("vCoverage outside a pixel shader");
          if (opt_.variant == ShaderVariant::Fallback && opt_.coverageLocation != TranslateOptions::kNoSpan) {
            // Every sample of a conservatively rasterized pixel is covered: the
            // shading pass passes the mask (all samples of the sample or forced
            // count, ANDed with SampleMask) as flat data.
            uint32_t var = fallbackCoverageInput();
            coverageIn_ = privateUint("vCoverage");
            prologue_.push_back([this, var] {
              const uint32_t raw = b_.op(OpLoad, b_.tUint(), {var});
              b_.opNoResult(OpStore, {coverageIn_, b_.op(OpBitwiseAnd, b_.tUint(), {raw, b_.cUint(~kFallbackCoverageAnyBit)})});
            });
            return;
          }
          uint32_t arrT = b_.tArray(b_.tInt(), 1);
          uint32_t var = builtinInput(arrT, BuiltInSampleMask, "gl_SampleMaskIn");
          coverageIn_ = privateUint("vCoverage");
          prologue_.push_back([this, var] {
            uint32_t p = b_.op(OpAccessChain, b_.tPointer(SCInput, b_.tInt()), {var, b_.cInt(0)});
            uint32_t val = b_.op(OpBitcast, b_.tUint(), {b_.op(OpLoad, b_.tInt(), {p})});
            b_.opNoResult(OpStore, {coverageIn_, val});
          });
          return;
        }
        if (op.type == OperandType::InnerCoverage) {
          if (!ps) fail("vInnerCoverage outside a pixel shader");
          innerCoverage_ = privateUint("vInnerCoverage");
          if (spanVariant()) {
            // computed from the span in emitSpanPrologue()
          } else if (opt_.variant == ShaderVariant::Fallback) {
            uint32_t var = flatUintInput(opt_.innerCoverageLocation, "fallback_InnerCoverage");
            prologue_.push_back([this, var] {
              uint32_t v = b_.op(OpLoad, b_.tUint(), {var});
              uint32_t ne = b_.op(OpINotEqual, b_.tBool(), {v, b_.cUint(0)});
              b_.opNoResult(OpStore, {innerCoverage_, b_.op(OpSelect, b_.tUint(), {ne, b_.cUint(1), b_.cUint(0)})});
            });
          } else if (opt_.innerCoverageAsZero) {
            // vInnerCoverage keeps its initial 0
          } else {
            b_.capability(CapFragmentFullyCoveredEXT);
            b_.extension("SPV_EXT_fragment_fully_covered");
            uint32_t var = builtinInput(b_.tBool(), BuiltInFullyCoveredEXT, "gl_FragFullyCoveredEXT");
            b_.decorate(var, DecFlat);
            prologue_.push_back([this, var] {
              uint32_t v = b_.op(OpLoad, b_.tBool(), {var});
              // D3D: false is 0, true any odd value; we use 1.
              b_.opNoResult(OpStore, {innerCoverage_, b_.op(OpSelect, b_.tUint(), {v, b_.cUint(1), b_.cUint(0)})});
            });
          }
          return;
        }
        if (op.type == OperandType::InputPrimitiveId) {
          declarePrimitiveId();
          return;
        }
        if (op.type != OperandType::Input) fail("unsupported input operand type " + std::to_string(uint32_t(op.type)));
        uint32_t reg = regOf(op);
        if (reg >= numInputs_) fail("input register out of range");
        declareVaryingInput(reg, op.mask, ps ? inst.interpolation() : Interpolation::Undefined);
        return;
      }
      case Opcode::DclInputSgv:
      case Opcode::DclInputSiv:
      case Opcode::DclInputPsSgv:
      case Opcode::DclInputPsSiv: {
        const Operand& op = inst.operands.at(0);
        uint32_t reg = regOf(op);
        if (reg >= numInputs_) fail("input register out of range");
        uint8_t mask = op.numComponents == 4 && op.selection == SelectionMode::Mask ? op.mask : 1;
        SystemName name = SystemName(inst.extra.at(0));
        declareSystemInput(reg, mask, name);
        return;
      }
      case Opcode::DclOutput:
      case Opcode::DclOutputSgv:
      case Opcode::DclOutputSiv: {
        const Operand& op = inst.operands.at(0);
        if (op.type == OperandType::OutputCoverageMask) {
          if (!ps) fail("oMask outside a pixel shader");
          coverageOut_ = privateUint("oMask");
          uint32_t arrT = b_.tArray(b_.tInt(), 1);
          uint32_t var = b_.variable(b_.tPointer(SCOutput, arrT), SCOutput);
          b_.decorate(var, DecBuiltIn, {BuiltInSampleMask});
          interface_.push_back(var);
          sampleMaskOut_ = var;
          epilogue_.push_back([this, var] {
            uint32_t p = b_.op(OpAccessChain, b_.tPointer(SCOutput, b_.tInt()), {var, b_.cInt(0)});
            uint32_t mask = b_.op(OpLoad, b_.tUint(), {coverageOut_});
            if (coverageMaskOutput()) mask = fallbackSampleMask(mask);
            b_.opNoResult(OpStore, {p, b_.op(OpBitcast, b_.tInt(), {mask})});
          });
          return;
        }
        if (op.type == OperandType::OutputDepth) {
          if (!ps) fail("oDepth outside a pixel shader");
          depthOut_ = privateUint("oDepth");
          depthReplacing_ = true;
          uint32_t var = b_.variable(b_.tPointer(SCOutput, b_.tFloat()), SCOutput);
          b_.decorate(var, DecBuiltIn, {BuiltInFragDepth});
          interface_.push_back(var);
          epilogue_.push_back([this, var] {
            b_.opNoResult(OpStore, {var, b_.op(OpBitcast, b_.tFloat(), {b_.op(OpLoad, b_.tUint(), {depthOut_})})});
          });
          return;
        }
        if (op.type != OperandType::Output) fail("unsupported output operand type " + std::to_string(uint32_t(op.type)));
        uint32_t reg = regOf(op);
        if (reg >= numOutputs_) fail("output register out of range");
        SystemName name = inst.opcode == Opcode::DclOutput ? SystemName::Undefined : SystemName(inst.extra.at(0));
        declareOutput(reg, op.mask, name);
        return;
      }
      default:
        fail("unsupported declaration");
    }
  }

  static const char* resourceDimensionName(ResourceDimension d) {
    const char* n = resourceDimensionText(d);
    return n ? n : "unknown";
  }

  void declarePrimitiveId() {
    if (primitiveId_) return;
    primitiveId_ = privateUint("vPrim");
    if (stage_ == ProgramType::Pixel && opt_.variant == ShaderVariant::Fallback) {
      uint32_t var = flatUintInput(opt_.primitiveIdLocation, "fallback_PrimitiveID");
      prologue_.push_back([this, var] { b_.opNoResult(OpStore, {primitiveId_, b_.op(OpLoad, b_.tUint(), {var})}); });
      return;
    }
    if (stage_ != ProgramType::Pixel) fail("SV_PrimitiveID input is only supported in pixel shaders");
    b_.capability(CapGeometry);
    uint32_t var = builtinInput(b_.tInt(), BuiltInPrimitiveId, "gl_PrimitiveID");
    b_.decorate(var, DecFlat);
    prologue_.push_back([this, var] {
      b_.opNoResult(OpStore, {primitiveId_, b_.op(OpBitcast, b_.tUint(), {b_.op(OpLoad, b_.tInt(), {var})})});
    });
  }

  // Component span of a write mask: first set component and count up to the last one.
  static std::pair<uint32_t, uint32_t> componentSpan(uint8_t mask) {
    if ((mask & 0xf) == 0) mask = 0xf;
    uint32_t first = uint32_t(std::countr_zero(unsigned(mask)));
    uint32_t last = 31u - uint32_t(std::countl_zero(unsigned(mask & 0xf)));
    return {first, last - first + 1};
  }

  void declareVaryingInput(uint32_t reg, uint8_t mask, Interpolation interp) {
    if (stage_ != ProgramType::Pixel) {
      // Vertex attributes: one vec4 per input register (the input layout fills the rest).
      if (inputRegs_.count(reg)) return;
      inputRegs_.insert(reg);
      ComponentType ct = signatureType(sh_.inputs, reg, mask);
      uint32_t vecT = b_.tVec(typeFor(ct), 4);
      uint32_t var = b_.variable(b_.tPointer(SCInput, vecT), SCInput);
      b_.decorate(var, DecLocation, {reg});
      b_.name(var, "in_v" + std::to_string(reg));
      interface_.push_back(var);
      prologue_.push_back([this, var, vecT, ct, reg] {
        uint32_t v = b_.op(OpLoad, vecT, {var});
        if (ct != ComponentType::Uint32) v = b_.op(OpBitcast, uVec4_, {v});
        b_.opNoResult(OpStore, {b_.op(OpAccessChain, b_.tPointer(SCPrivate, uVec4_), {inArr_, b_.cUint(reg)}), v});
      });
      return;
    }
    // Pixel-shader varyings: one variable per declaration (Location = register,
    // Component = first declared component), so registers packed from elements with
    // different types or interpolation modes match the vertex shader's outputs.
    const auto span = componentSpan(mask);
    const uint32_t first = span.first, n = span.second;
    if (!psInputSlots_.insert(reg * 4 + first).second) return;
    inputRegs_.insert(reg);
    ComponentType ct = signatureType(sh_.inputs, reg, mask);
    uint32_t vecT = b_.tVec(typeFor(ct), n);
    uint32_t var = b_.variable(b_.tPointer(SCInput, vecT), SCInput);
    b_.decorate(var, DecLocation, {reg});
    if (first) b_.decorate(var, 31 /*Component*/, {first});
    b_.name(var, "in_v" + std::to_string(reg) + (first ? "_" + std::to_string(first) : std::string()));
    bool integer = ct != ComponentType::Float32;
    switch (interp) {
      case Interpolation::Constant: b_.decorate(var, DecFlat); break;
      case Interpolation::LinearCentroid: b_.decorate(var, DecCentroid); break;
      case Interpolation::LinearNoPerspective: b_.decorate(var, DecNoPerspective); break;
      case Interpolation::LinearNoPerspectiveCentroid:
        b_.decorate(var, DecNoPerspective);
        b_.decorate(var, DecCentroid);
        break;
      case Interpolation::LinearSample:
        b_.capability(CapSampleRateShading);
        b_.decorate(var, DecSample);
        break;
      case Interpolation::LinearNoPerspectiveSample:
        b_.capability(CapSampleRateShading);
        b_.decorate(var, DecNoPerspective);
        b_.decorate(var, DecSample);
        break;
      default: break;
    }
    if (integer && interp != Interpolation::Constant) b_.decorate(var, DecFlat);
    interface_.push_back(var);
    for (uint32_t i = 0; i < n; ++i) psInputComponents_[reg * 4 + first + i] = {var, i, n, ct};
    prologue_.push_back([this, var, vecT, ct, reg, mask, first, n] {
      uint32_t v = b_.op(OpLoad, vecT, {var});
      uint32_t ut = b_.tVec(b_.tUint(), n);
      if (ct != ComponentType::Uint32) v = b_.op(OpBitcast, ut, {v});
      for (uint32_t i = 0; i < n; ++i) {
        uint32_t c = first + i;
        if (!(mask & (1u << c)) && (mask & 0xf)) continue;  // only the declared components
        uint32_t comp = n == 1 ? v : b_.op(OpCompositeExtract, b_.tUint(), {v, i});
        uint32_t ptr = b_.op(OpAccessChain, b_.tPointer(SCPrivate, b_.tUint()), {inArr_, b_.cUint(reg), b_.cUint(c)});
        b_.opNoResult(OpStore, {ptr, comp});
      }
    });
  }

  void declareSystemInput(uint32_t reg, uint8_t mask, SystemName name) {
    const bool ps = stage_ == ProgramType::Pixel;
    switch (name) {
      case SystemName::Position: {
        if (!ps) {  // a VS input named SV_Position is an ordinary attribute
          declareVaryingInput(reg, mask, Interpolation::Undefined);
          return;
        }
        uint32_t var = builtinInput(b_.tVec(b_.tFloat(), 4), BuiltInFragCoord, "gl_FragCoord");
        prologue_.push_back([this, var, reg, mask] {
          uint32_t v = b_.op(OpLoad, b_.tVec(b_.tFloat(), 4), {var});
          // D3D's SV_Position.w in the pixel shader is the clip-space w; FragCoord.w is 1/w.
          uint32_t w = b_.op(OpCompositeExtract, b_.tFloat(), {v, 3});
          uint32_t rw = b_.op(OpFDiv, b_.tFloat(), {b_.cFloat(1.0f), w});
          v = b_.op(OpCompositeInsert_, b_.tVec(b_.tFloat(), 4), {rw, v, 3});
          storeInputComponents(reg, mask, b_.op(OpBitcast, uVec4_, {v}));
        });
        return;
      }
      case SystemName::IsFrontFace: {
        if (!ps) fail("is_front_face outside a pixel shader");
        uint32_t var = builtinInput(b_.tBool(), BuiltInFrontFacing, "gl_FrontFacing");
        prologue_.push_back([this, var, reg, mask] {
          uint32_t v = b_.op(OpSelect, b_.tUint(), {b_.op(OpLoad, b_.tBool(), {var}), b_.cUint(0xffffffffu), b_.cUint(0)});
          storeInputComponents(reg, mask, splatUint(v));
        });
        return;
      }
      case SystemName::SampleIndex: {
        if (!ps) fail("sampleIndex outside a pixel shader");
        b_.capability(CapSampleRateShading);
        uint32_t var = builtinInput(b_.tInt(), BuiltInSampleId, "gl_SampleID");
        b_.decorate(var, DecFlat);
        prologue_.push_back([this, var, reg, mask] {
          uint32_t v = b_.op(OpBitcast, b_.tUint(), {b_.op(OpLoad, b_.tInt(), {var})});
          storeInputComponents(reg, mask, splatUint(v));
        });
        return;
      }
      case SystemName::PrimitiveId: {
        declarePrimitiveId();
        prologue_.push_back([this, reg, mask] {
          storeInputComponents(reg, mask, splatUint(b_.op(OpLoad, b_.tUint(), {primitiveId_})));
        });
        return;
      }
      case SystemName::VertexId:
      case SystemName::InstanceId: {
        if (ps) fail("vertex_id/instance_id inputs outside a vertex shader");
        bool vid = name == SystemName::VertexId;
        uint32_t var = builtinInput(b_.tInt(), vid ? BuiltInVertexIndex : BuiltInInstanceIndex,
                                    vid ? "gl_VertexIndex" : "gl_InstanceIndex");
        uint32_t base = 0;
        if (opt_.d3dVertexInstanceIds) {
          b_.capability(CapDrawParameters);
          base = builtinInput(b_.tInt(), vid ? BuiltInBaseVertex : BuiltInBaseInstance,
                              vid ? "gl_BaseVertex" : "gl_BaseInstance");
        }
        prologue_.push_back([this, var, base, reg, mask] {
          uint32_t i = b_.op(OpLoad, b_.tInt(), {var});
          if (base) i = b_.op(OpISub, b_.tInt(), {i, b_.op(OpLoad, b_.tInt(), {base})});
          storeInputComponents(reg, mask, splatUint(b_.op(OpBitcast, b_.tUint(), {i})));
        });
        return;
      }
      case SystemName::ClipDistance:
      case SystemName::CullDistance:
        if (ps) {  // readable in the PS as ordinary interpolated values
          declareVaryingInput(reg, mask, Interpolation::Linear);
          return;
        }
        [[fallthrough]];
      default:
        fail("unsupported system value input '" + std::string(systemNameToken(name) ? systemNameToken(name) : "?") + "'");
    }
  }

  void declareOutput(uint32_t reg, uint8_t mask, SystemName name) {
    const bool ps = stage_ == ProgramType::Pixel;
    if (name == SystemName::Position && !ps) {
      uint32_t vecT = b_.tVec(b_.tFloat(), 4);
      uint32_t var = b_.variable(b_.tPointer(SCOutput, vecT), SCOutput);
      b_.decorate(var, DecBuiltIn, {BuiltInPosition});
      b_.name(var, "gl_Position");
      interface_.push_back(var);
      xfbDecorate(var, reg);
      epilogue_.push_back([this, var, vecT, reg] {
        uint32_t p = b_.op(OpAccessChain, b_.tPointer(SCPrivate, uVec4_), {outArr_, b_.cUint(reg)});
        b_.opNoResult(OpStore, {var, b_.op(OpBitcast, vecT, {b_.op(OpLoad, uVec4_, {p})})});
      });
      return;
    }
    if (name == SystemName::ClipDistance && !ps) {
      clipOutputs_.push_back({reg, mask});
      if (clipOutputs_.size() == 1) {
        b_.capability(CapClipDistance);
        epilogue_.push_back([this] { emitClipDistances(); });
      }
      return;
    }
    if (name != SystemName::Undefined) fail("unsupported system value output '" +
                                            std::string(systemNameToken(name) ? systemNameToken(name) : "?") + "'");
    if (ps) {
      // Render-target outputs: one vec4 per SV_Target register.
      if (outputVars_.count(reg)) return;
      ComponentType ct = signatureType(sh_.outputs, reg, mask);
      uint32_t vecT = b_.tVec(typeFor(ct), 4);
      uint32_t var = b_.variable(b_.tPointer(SCOutput, vecT), SCOutput);
      b_.decorate(var, DecLocation, {reg});
      b_.name(var, "SV_Target" + std::to_string(reg));
      interface_.push_back(var);
      outputVars_[reg] = var;
      epilogue_.push_back([this, var, vecT, ct, reg] {
        uint32_t p = b_.op(OpAccessChain, b_.tPointer(SCPrivate, uVec4_), {outArr_, b_.cUint(reg)});
        uint32_t v = b_.op(OpLoad, uVec4_, {p});
        if (ct != ComponentType::Uint32) v = b_.op(OpBitcast, vecT, {v});
        b_.opNoResult(OpStore, {var, v});
      });
      return;
    }
    // Vertex-shader varyings: one variable per declaration, like the pixel-shader inputs.
    const auto span = componentSpan(mask);
    const uint32_t first = span.first, n = span.second;
    if (outputVars_.count(reg * 4 + first)) return;
    ComponentType ct = signatureType(sh_.outputs, reg, mask);
    uint32_t vecT = b_.tVec(typeFor(ct), n);
    uint32_t var = b_.variable(b_.tPointer(SCOutput, vecT), SCOutput);
    b_.decorate(var, DecLocation, {reg});
    if (first) b_.decorate(var, 31 /*Component*/, {first});
    b_.name(var, "out_o" + std::to_string(reg) + (first ? "_" + std::to_string(first) : std::string()));
    interface_.push_back(var);
    outputVars_[reg * 4 + first] = var;
    xfbDecorate(var, reg, first);
    epilogue_.push_back([this, var, vecT, ct, reg, first, n] {
      std::vector<uint32_t> parts;
      for (uint32_t i = 0; i < n; ++i) {
        uint32_t ptr = b_.op(OpAccessChain, b_.tPointer(SCPrivate, b_.tUint()), {outArr_, b_.cUint(reg), b_.cUint(first + i)});
        parts.push_back(b_.op(OpLoad, b_.tUint(), {ptr}));
      }
      uint32_t v = n == 1 ? parts[0] : b_.op(OpCompositeConstruct, b_.tVec(b_.tUint(), n), parts);
      if (ct != ComponentType::Uint32) v = b_.op(OpBitcast, vecT, {v});
      b_.opNoResult(OpStore, {var, v});
    });
  }

  void emitClipDistances() {
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

  void xfbDecorate(uint32_t var, uint32_t reg, uint32_t firstComponent = 0) {
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

  std::vector<uint32_t> declaredOutputRegisters() const { return dxbc::declaredOutputRegisters(prog_); }

  // ---------------------------------------------------------------- operands

  uint32_t typeOf(K k, uint32_t n) {
    uint32_t c = k == K::U ? b_.tUint() : k == K::I ? b_.tInt() : b_.tFloat();
    return b_.tVec(c, n);
  }

  uint32_t bitcast(uint32_t v, K from, K to, uint32_t n) {
    if (from == to) return v;
    return b_.op(OpBitcast, typeOf(to, n), {v});
  }

  // Evaluates a (possibly relative) index as a uint scalar.
  uint32_t indexValue(const OperandIndex& idx) {
    if (idx.repr == IndexRepr::Imm32) return b_.cUint(uint32_t(idx.imm));
    if (idx.repr == IndexRepr::Imm64 || idx.repr == IndexRepr::Imm64PlusRelative) fail("64-bit indices are not supported");
    uint32_t rel = loadSource(idx.rel.at(0), 1, K::U, false);
    if (idx.repr == IndexRepr::Relative) return rel;
    return b_.op(OpIAdd, b_.tUint(), {rel, b_.cUint(uint32_t(idx.imm))});
  }

  void requireIndex(const Operand& op, uint32_t dims) {
    if (op.indexDimension != dims)
      fail("operand " + std::string(operandTypePrefix(op.type)) + " needs " + std::to_string(dims) + " index(es), has " +
           std::to_string(op.indexDimension));
  }

  uint32_t immediateIndex(const Operand& op, uint32_t i) {
    if (op.index[i].repr != IndexRepr::Imm32) fail("operand needs an immediate index");
    return uint32_t(op.index[i].imm);
  }

  // Pointer to the uvec4 (or uint scalar for 1-component registers) an operand names.
  // Returns {pointer, isScalar}.
  std::pair<uint32_t, bool> registerPointer(const Operand& op, bool write) {
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
        requireIndex(op, 1);
        if (!inArr_) fail("input register read without any input declaration");
        if (op.index[0].repr == IndexRepr::Imm32 && op.index[0].imm >= numInputs_) fail("input register out of range");
        return {b_.op(OpAccessChain, pv, {inArr_, indexValue(op.index[0])}), false};
      }
      case OperandType::Output: {
        requireIndex(op, 1);
        if (!outArr_) fail("output register used without any output declaration");
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
        if (!write || !depthOut_) fail("oDepth used without dcl_output oDepth");
        return {depthOut_, true};
      default:
        fail("unsupported operand type '" + std::string(operandTypePrefix(op.type)) + "'");
    }
  }

  // Loads `n` components of a source operand: component i is swizzle[i] (i < n), or
  // selected by `comps` when given. Applies the operand modifier in kind `k`.
  uint32_t loadSource(const Operand& op, uint32_t n, K k, bool applyModifier = true, const uint32_t* comps = nullptr) {
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

  // Source components matching the destination write mask (component i of the
  // result belongs to the i-th set bit of mask).
  uint32_t loadForMask(const Operand& src, uint8_t mask, K k) {
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

  static uint8_t destMask(const Operand& dst) {
    if (dst.numComponents == 4 && dst.selection == SelectionMode::Mask) return dst.mask;
    return 1;
  }

  // Stores `value` (n components of kind k, n = popcount(mask)) to the destination.
  void storeDest(const Operand& dst, uint32_t value, K k, bool saturate = false) {
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

  static uint32_t scalarStorage(const Operand&) { return SCPrivate; }

  // Replicates a scalar to n components.
  uint32_t splat(uint32_t scalar, K k, uint32_t n) {
    if (n == 1) return scalar;
    return b_.op(OpCompositeConstruct, typeOf(k, n), std::vector<uint32_t>(n, scalar));
  }
  uint32_t constSplat(uint32_t scalarConst, K k, uint32_t n) {
    if (n == 1) return scalarConst;
    return b_.cComposite(typeOf(k, n), std::vector<uint32_t>(n, scalarConst));
  }

  // ---------------------------------------------------------------- instructions

  void ensureBlock() {
    if (!b_.blockOpen()) b_.label(b_.id());
  }

  uint32_t condition(const Instruction& inst, const Operand& op) {
    uint32_t v = loadSource(op, 1, K::U);
    return b_.op(inst.testNonZero() ? OpINotEqual : OpIEqual, b_.tBool(), {v, b_.cUint(0)});
  }

  Construct* innermost(bool loopOnly) {
    for (auto it = constructs_.rbegin(); it != constructs_.rend(); ++it)
      if (it->type == Construct::Loop || (!loopOnly && it->type == Construct::Switch)) return &*it;
    return nullptr;
  }

  // if (cond) { body } as a selection construct; a body that does not end in a
  // terminator continues after it.
  template <typename F>
  void conditional(uint32_t cond, F&& body) {
    uint32_t then = b_.id(), after = b_.id();
    b_.opNoResult(OpSelectionMerge, {after, 0});
    b_.opNoResult(OpBranchConditional, {cond, then, after});
    b_.label(then);
    body();
    if (b_.blockOpen()) b_.opNoResult(OpBranch, {after});
    b_.label(after);
  }

  void binaryFloat(const Instruction& inst, uint32_t opcode) {
    const Operand& d = inst.operands.at(0);
    uint8_t m = destMask(d);
    uint32_t n = uint32_t(std::popcount(m));
    uint32_t a = loadForMask(inst.operands.at(1), m, K::F), c = loadForMask(inst.operands.at(2), m, K::F);
    storeDest(d, b_.op(opcode, typeOf(K::F, n), {a, c}), K::F, inst.saturate());
  }

  void binaryInt(const Instruction& inst, uint32_t opcode, K k) {
    const Operand& d = inst.operands.at(0);
    uint8_t m = destMask(d);
    uint32_t n = uint32_t(std::popcount(m));
    uint32_t a = loadForMask(inst.operands.at(1), m, k), c = loadForMask(inst.operands.at(2), m, k);
    storeDest(d, b_.op(opcode, typeOf(k, n), {a, c}), k);
  }

  void binaryExt(const Instruction& inst, uint32_t extOp, K k) {
    const Operand& d = inst.operands.at(0);
    uint8_t m = destMask(d);
    uint32_t n = uint32_t(std::popcount(m));
    uint32_t a = loadForMask(inst.operands.at(1), m, k), c = loadForMask(inst.operands.at(2), m, k);
    storeDest(d, b_.ext(typeOf(k, n), extOp, {a, c}), k, inst.saturate());
  }

  void unaryExt(const Instruction& inst, uint32_t extOp, K k) {
    const Operand& d = inst.operands.at(0);
    uint8_t m = destMask(d);
    uint32_t n = uint32_t(std::popcount(m));
    uint32_t a = loadForMask(inst.operands.at(1), m, k);
    storeDest(d, b_.ext(typeOf(k, n), extOp, {a}), k, inst.saturate());
  }

  void unaryOp(const Instruction& inst, uint32_t opcode, K in, K out) {
    const Operand& d = inst.operands.at(0);
    uint8_t m = destMask(d);
    uint32_t n = uint32_t(std::popcount(m));
    uint32_t a = loadForMask(inst.operands.at(1), m, in);
    storeDest(d, b_.op(opcode, typeOf(out, n), {a}), out, inst.saturate());
  }

  void compare(const Instruction& inst, uint32_t opcode, K k) {
    const Operand& d = inst.operands.at(0);
    uint8_t m = destMask(d);
    uint32_t n = uint32_t(std::popcount(m));
    uint32_t a = loadForMask(inst.operands.at(1), m, k), c = loadForMask(inst.operands.at(2), m, k);
    uint32_t cmp = b_.op(opcode, b_.tVec(b_.tBool(), n), {a, c});
    uint32_t r = b_.op(OpSelect, typeOf(K::U, n), {cmp, constSplat(b_.cUint(0xffffffffu), K::U, n), constSplat(b_.cUint(0), K::U, n)});
    storeDest(d, r, K::U);
  }

  void dot(const Instruction& inst, uint32_t count) {
    const Operand& d = inst.operands.at(0);
    uint32_t n = uint32_t(std::popcount(destMask(d)));
    uint32_t a = loadSource(inst.operands.at(1), count, K::F), c = loadSource(inst.operands.at(2), count, K::F);
    uint32_t r = count == 1 ? b_.op(OpFMul, b_.tFloat(), {a, c}) : b_.op(OpDot, b_.tFloat(), {a, c});
    storeDest(d, splat(r, K::F, n), K::F, inst.saturate());
  }

  // Applies the resource operand's swizzle to a vec4 result and keeps the dest-mask components.
  uint32_t swizzleResult(uint32_t vec4, K k, const Operand& resource, uint8_t mask) {
    std::vector<uint32_t> sel;
    for (uint32_t c = 0; c < 4; ++c)
      if (mask & (1u << c)) sel.push_back(resource.numComponents == 4 ? resource.componentOf(c) : c);
    uint32_t n = uint32_t(sel.size());
    if (n == 1) return b_.op(OpCompositeExtract, typeOf(k, 1), {vec4, sel[0]});
    std::vector<uint32_t> args{vec4, vec4};
    args.insert(args.end(), sel.begin(), sel.end());
    return b_.op(OpVectorShuffle, typeOf(k, n), args);
  }

  const TexInfo& texture(const Operand& op) {
    if (op.type != OperandType::Resource || op.indexDimension != 1) fail("expected a t# resource operand");
    auto it = textures_.find(immediateIndex(op, 0));
    if (it == textures_.end()) fail("t" + std::to_string(op.index[0].imm) + " is not declared");
    return it->second;
  }

  const UavInfo& uav(const Operand& op) {
    if (op.type != OperandType::UnorderedAccessView || op.indexDimension != 1) fail("expected a u# operand");
    auto it = uavs_.find(immediateIndex(op, 0));
    if (it == uavs_.end()) fail("u" + std::to_string(op.index[0].imm) + " is not declared");
    return it->second;
  }

  void declareTypedUav(const Instruction& inst, uint32_t slot) {
    if (stage_ != ProgramType::Pixel) fail("UAVs are only supported in pixel shaders");
    if (slot >= kMaxUnorderedAccessSlots) fail("UAV slot out of range");
    if (inst.extra.empty()) fail("dcl_uav_typed without return type");
    if (inst.controls & 0x40) fail("rasterizer-ordered UAVs are not supported");
    UavInfo u{};
    const ResourceDimension dim = inst.resourceDimension();
    if (dim == ResourceDimension::Texture2D) u.coordComponents = 2;
    else if (dim == ResourceDimension::Texture2DArray) u.coordComponents = 3;
    else fail(std::string("UAV dimension '") + resourceDimensionName(dim) + "' is not supported (texture2d and texture2darray are)");
    const uint32_t rt = inst.extra[0] & 0xf;
    if (rt != uint32_t(ReturnType::Uint) && rt != uint32_t(ReturnType::Sint) && rt != uint32_t(ReturnType::Float) &&
        rt != uint32_t(ReturnType::Unorm) && rt != uint32_t(ReturnType::Snorm))
      fail("unsupported UAV return type");
    u.kind = rt == uint32_t(ReturnType::Uint) ? K::U : rt == uint32_t(ReturnType::Sint) ? K::I : K::F;
    for (const Instruction& other : prog_.instructions)
      if (other.opcode == Opcode::LdUavTyped && other.operands.size() > 2 &&
          other.operands[2].type == OperandType::UnorderedAccessView && other.operands[2].indexDimension == 1 &&
          other.operands[2].index[0].repr == IndexRepr::Imm32 && uint32_t(other.operands[2].index[0].imm) == slot)
        u.loaded = true;
    // SPIR-V image formats: R32f 3, R32i 24, R32ui 33; Unknown 0.
    const uint32_t format = !u.loaded ? 0u : u.kind == K::U ? 33u : u.kind == K::I ? 24u : 3u;
    if (!u.loaded) b_.capability(CapStorageImageWriteWithoutFormat);
    const uint32_t sampled = u.kind == K::U ? b_.tUint() : u.kind == K::I ? b_.tInt() : b_.tFloat();
    u.imageType = b_.tStorageImage(sampled, 1, u.coordComponents == 3, format);
    u.var = b_.variable(b_.tPointer(SCUniformConstant, u.imageType), SCUniformConstant);
    const auto db = descriptorBinding(stage_, ResourceKind::UnorderedAccess, slot);
    b_.decorate(u.var, DecDescriptorSet, {db.set});
    b_.decorate(u.var, DecBinding, {db.binding});
    b_.name(u.var, "u" + std::to_string(slot));
    uavs_[slot] = u;
  }

  // store_uav_typed u#.xyzw, coordinates, value: writes all four components (the
  // view's format keeps the ones it has).
  void storeUavTyped(const Instruction& inst) {
    const UavInfo& u = uav(inst.operands.at(0));
    const uint32_t coord = loadFirst(inst.operands.at(1), u.coordComponents, K::I);
    const uint32_t value = loadSource(inst.operands.at(2), 4, u.kind);
    b_.opNoResult(OpImageWrite, {b_.op(OpLoad, u.imageType, {u.var}), coord, value});
  }

  // ld_uav_typed dest, coordinates, u#: one R32 texel, swizzled by the u# operand.
  void loadUavTyped(const Instruction& inst) {
    const Operand& d = inst.operands.at(0);
    const UavInfo& u = uav(inst.operands.at(2));
    const uint32_t coord = loadFirst(inst.operands.at(1), u.coordComponents, K::I);
    const uint32_t r = b_.op(OpImageRead, typeOf(u.kind, 4), {b_.op(OpLoad, u.imageType, {u.var}), coord});
    storeDest(d, swizzleResult(r, u.kind, inst.operands.at(2), destMask(d)), u.kind);
  }

  uint32_t sampler(const Operand& op) {
    if (op.type != OperandType::Sampler || op.indexDimension != 1) fail("expected an s# sampler operand");
    auto it = samplers_.find(immediateIndex(op, 0));
    if (it == samplers_.end()) fail("s" + std::to_string(op.index[0].imm) + " is not declared");
    return it->second;
  }

  uint32_t constOffset(const Instruction& inst, const TexInfo& t) {
    if (t.cube || t.buffer) fail("_aoffimmi is not valid on this resource dimension");
    if (t.spatial == 1) return b_.cInt(inst.sampleOffset(0));
    std::vector<uint32_t> parts;
    for (uint32_t i = 0; i < t.spatial; ++i) parts.push_back(b_.cInt(inst.sampleOffset(int(i))));
    return b_.cComposite(b_.tVec(b_.tInt(), t.spatial), parts);
  }

  // First `n` components of a source operand (by its swizzle).
  uint32_t loadFirst(const Operand& op, uint32_t n, K k) { return loadSource(op, n, k); }

  enum class SampleKind { Implicit, Lod, Bias, Grad };

  void sample(const Instruction& inst, SampleKind kind) {
    if ((kind == SampleKind::Implicit || kind == SampleKind::Bias) && stage_ != ProgramType::Pixel)
      fail("sampling with implicit derivatives is only valid in pixel shaders");
    const Operand& d = inst.operands.at(0);
    const TexInfo& t = texture(inst.operands.at(2));
    if (t.buffer || t.ms) fail("sample on a buffer or multisampled resource");
    uint32_t s = sampler(inst.operands.at(3));
    uint32_t coord = loadFirst(inst.operands.at(1), t.spatial + (t.arrayed ? 1 : 0), K::F);
    uint32_t img = b_.op(OpLoad, t.imageType, {t.var});
    uint32_t si = b_.op(OpSampledImage, b_.tSampledImage(t.imageType), {img, b_.op(OpLoad, b_.tSampler(), {s})});
    std::vector<uint32_t> args{si, coord};
    uint32_t operandsMask = 0;
    if (kind == SampleKind::Bias) operandsMask |= 0x1;
    if (kind == SampleKind::Lod) operandsMask |= 0x2;
    if (kind == SampleKind::Grad) operandsMask |= 0x4;
    if (inst.hasSampleOffsets()) operandsMask |= 0x8;
    if (operandsMask) args.push_back(operandsMask);
    if (kind == SampleKind::Bias || kind == SampleKind::Lod) args.push_back(loadSource(inst.operands.at(4), 1, K::F));
    if (kind == SampleKind::Grad) {
      args.push_back(loadFirst(inst.operands.at(4), t.spatial, K::F));
      args.push_back(loadFirst(inst.operands.at(5), t.spatial, K::F));
    }
    if (inst.hasSampleOffsets()) args.push_back(constOffset(inst, t));
    bool explicitLod = kind == SampleKind::Lod || kind == SampleKind::Grad;
    uint32_t r = b_.op(explicitLod ? OpImageSampleExplicitLod : OpImageSampleImplicitLod, typeOf(t.kind, 4), args);
    storeDest(d, swizzleResult(r, t.kind, inst.operands.at(2), destMask(d)), t.kind, inst.saturate());
  }

  // sample_c / sample_c_lz: depth comparison; D3D returns the scalar result in every component.
  void sampleCompare(const Instruction& inst, bool levelZero) {
    if (!levelZero && stage_ != ProgramType::Pixel) fail("sample_c is only valid in pixel shaders");
    const Operand& d = inst.operands.at(0);
    const TexInfo& t = texture(inst.operands.at(2));
    if (t.buffer || t.ms || t.dim == ResourceDimension::Texture3D) fail("sample_c on an unsupported resource dimension");
    uint32_t s = sampler(inst.operands.at(3));
    uint32_t coord = loadFirst(inst.operands.at(1), t.spatial + (t.arrayed ? 1 : 0), K::F);
    uint32_t ref = loadSource(inst.operands.at(4), 1, K::F);
    uint32_t img = b_.op(OpLoad, t.imageType, {t.var});
    uint32_t si = b_.op(OpSampledImage, b_.tSampledImage(t.imageType), {img, b_.op(OpLoad, b_.tSampler(), {s})});
    std::vector<uint32_t> args{si, coord, ref};
    uint32_t mask = (levelZero ? 0x2u : 0u) | (inst.hasSampleOffsets() ? 0x8u : 0u);
    if (mask) args.push_back(mask);
    if (levelZero) args.push_back(b_.cFloat(0.0f));
    if (inst.hasSampleOffsets()) args.push_back(constOffset(inst, t));
    uint32_t r = b_.op(levelZero ? OpImageSampleDrefExplicitLod : OpImageSampleDrefImplicitLod, b_.tFloat(), args);
    uint32_t n = uint32_t(std::popcount(destMask(d)));
    storeDest(d, splat(r, K::F, n), K::F, inst.saturate());
  }

  // gather4 / gather4_c: the sampler operand's selected component picks the channel
  // (gather4); the result is swizzled by the resource operand like any other fetch.
  void gather(const Instruction& inst, bool compare) {
    const Operand& d = inst.operands.at(0);
    const TexInfo& t = texture(inst.operands.at(2));
    if (t.buffer || t.ms || t.spatial == 1 || t.dim == ResourceDimension::Texture3D)
      fail("gather4 on an unsupported resource dimension");
    const Operand& samplerOp = inst.operands.at(3);
    uint32_t s = sampler(samplerOp);
    uint32_t coord = loadFirst(inst.operands.at(1), t.spatial + (t.arrayed ? 1 : 0), K::F);
    uint32_t img = b_.op(OpLoad, t.imageType, {t.var});
    uint32_t si = b_.op(OpSampledImage, b_.tSampledImage(t.imageType), {img, b_.op(OpLoad, b_.tSampler(), {s})});
    std::vector<uint32_t> args{si, coord};
    if (compare) args.push_back(loadSource(inst.operands.at(4), 1, K::F));
    else args.push_back(b_.cUint(samplerOp.numComponents == 4 ? samplerOp.componentOf(0) : 0));
    if (inst.hasSampleOffsets()) {
      args.push_back(0x8);
      args.push_back(constOffset(inst, t));
    }
    uint32_t r = b_.op(compare ? OpImageDrefGather : OpImageGather, typeOf(t.kind, 4), args);
    storeDest(d, swizzleResult(r, t.kind, inst.operands.at(2), destMask(d)), t.kind, inst.saturate());
  }

  // bufinfo: element count of a buffer SRV, replicated.
  void bufinfo(const Instruction& inst) {
    b_.capability(CapImageQuery);
    const Operand& d = inst.operands.at(0);
    const TexInfo& t = texture(inst.operands.at(1));
    if (!t.buffer) fail("bufinfo needs a buffer resource");
    uint32_t img = b_.op(OpLoad, t.imageType, {t.var});
    uint32_t size = b_.op(OpBitcast, b_.tUint(), {b_.op(OpImageQuerySize, b_.tInt(), {img})});
    storeDest(d, splat(size, K::U, uint32_t(std::popcount(destMask(d)))), K::U);
  }

  // lod: (clamped LOD, unclamped LOD, 0, 0) swizzled by the resource operand.
  void lod(const Instruction& inst) {
    if (stage_ != ProgramType::Pixel) fail("lod is only valid in pixel shaders");
    b_.capability(CapImageQuery);
    const Operand& d = inst.operands.at(0);
    const TexInfo& t = texture(inst.operands.at(2));
    if (t.buffer || t.ms) fail("lod on a buffer or multisampled resource");
    uint32_t s = sampler(inst.operands.at(3));
    uint32_t coord = loadFirst(inst.operands.at(1), t.spatial, K::F);
    uint32_t img = b_.op(OpLoad, t.imageType, {t.var});
    uint32_t si = b_.op(OpSampledImage, b_.tSampledImage(t.imageType), {img, b_.op(OpLoad, b_.tSampler(), {s})});
    uint32_t q = b_.op(OpImageQueryLod, b_.tVec(b_.tFloat(), 2), {si, coord});
    uint32_t v4 = b_.op(OpCompositeConstruct, b_.tVec(b_.tFloat(), 4),
                        {b_.op(OpCompositeExtract, b_.tFloat(), {q, 0}), b_.op(OpCompositeExtract, b_.tFloat(), {q, 1}),
                         b_.cFloat(0), b_.cFloat(0)});
    storeDest(d, swizzleResult(v4, K::F, inst.operands.at(2), destMask(d)), K::F, inst.saturate());
  }

  // eval_centroid / eval_sample_index / eval_snapped: pull-model interpolation of a
  // pixel-shader input, component by component, on the Input variable itself.
  void evaluate(const Instruction& inst) {
    if (stage_ != ProgramType::Pixel) fail("eval_* is only valid in pixel shaders");
    b_.capability(CapInterpolationFunction);
    const Operand& d = inst.operands.at(0);
    const Operand& src = inst.operands.at(1);
    if (src.type != OperandType::Input || src.indexDimension != 1 || src.index[0].repr != IndexRepr::Imm32)
      fail("eval_* needs an input register with an immediate index");
    uint32_t reg = uint32_t(src.index[0].imm);
    uint32_t extra = 0;
    if (inst.opcode == Opcode::EvalSampleIndex) extra = loadSource(inst.operands.at(2), 1, K::I);
    if (inst.opcode == Opcode::EvalSnapped) {
      // integer offsets in 1/16 pixel (-8..7)
      uint32_t xy = loadSource(inst.operands.at(2), 2, K::I);
      uint32_t f = b_.op(OpConvertSToF, b_.tVec(b_.tFloat(), 2), {xy});
      extra = b_.op(OpFMul, b_.tVec(b_.tFloat(), 2), {f, b_.cComposite(b_.tVec(b_.tFloat(), 2), {b_.cFloat(1.0f / 16), b_.cFloat(1.0f / 16)})});
    }
    uint8_t m = destMask(d);
    std::vector<uint32_t> parts;
    for (uint32_t c = 0; c < 4; ++c) {
      if (!(m & (1u << c))) continue;
      uint32_t comp = src.componentOf(c);
      auto it = psInputComponents_.find(reg * 4 + comp);
      if (it == psInputComponents_.end() || it->second.type != ComponentType::Float32)
        fail("eval_* source v" + std::to_string(reg) + " component " + std::to_string(comp) +
             " is not a declared float varying");
      uint32_t ptr = it->second.var;
      if (it->second.count > 1)
        ptr = b_.op(OpAccessChain, b_.tPointer(SCInput, b_.tFloat()), {ptr, b_.cUint(it->second.index)});
      uint32_t v = inst.opcode == Opcode::EvalCentroid ? b_.ext(b_.tFloat(), GlslInterpolateAtCentroid, {ptr})
                   : inst.opcode == Opcode::EvalSampleIndex ? b_.ext(b_.tFloat(), GlslInterpolateAtSample, {ptr, extra})
                                                            : b_.ext(b_.tFloat(), GlslInterpolateAtOffset, {ptr, extra});
      parts.push_back(v);
    }
    uint32_t n = uint32_t(parts.size());
    uint32_t r = n == 1 ? parts[0] : b_.op(OpCompositeConstruct, b_.tVec(b_.tFloat(), n), parts);
    storeDest(d, r, K::F, inst.saturate());
  }

  void ld(const Instruction& inst, bool ms) {
    const Operand& d = inst.operands.at(0);
    const TexInfo& t = texture(inst.operands.at(2));
    if (ms != t.ms) fail(ms ? "ld_ms needs a multisampled resource" : "ld on a multisampled resource needs ld_ms");
    const Operand& c = inst.operands.at(1);
    uint32_t n = t.spatial + (t.arrayed ? 1 : 0);
    uint32_t coord = loadFirst(c, n, K::I);
    uint32_t img = b_.op(OpLoad, t.imageType, {t.var});
    std::vector<uint32_t> args{img, coord};
    uint32_t mask = 0;
    bool offsets = inst.hasSampleOffsets() && !t.buffer;
    if (!t.buffer && !t.ms) mask |= 0x2;
    if (offsets) mask |= 0x8;
    if (t.ms) mask |= 0x40;
    if (mask) args.push_back(mask);
    if (mask & 0x2) {
      uint32_t wc[1] = {c.componentOf(3)};
      args.push_back(loadSource(c, 1, K::I, true, wc));
    }
    if (offsets) args.push_back(constOffset(inst, t));
    if (t.ms) args.push_back(loadSource(inst.operands.at(3), 1, K::I));
    uint32_t r = b_.op(OpImageFetch, typeOf(t.kind, 4), args);
    storeDest(d, swizzleResult(r, t.kind, inst.operands.at(2), destMask(d)), t.kind, inst.saturate());
  }

  void resinfo(const Instruction& inst) {
    b_.capability(CapImageQuery);
    const Operand& d = inst.operands.at(0);
    const TexInfo& t = texture(inst.operands.at(2));
    if (t.buffer) fail("resinfo on a buffer (use bufinfo)");
    uint32_t img = b_.op(OpLoad, t.imageType, {t.var});
    uint32_t n = t.sizeComponents;
    uint32_t sizeT = b_.tVec(b_.tInt(), n);
    uint32_t size, levels;
    if (t.ms) {
      size = b_.op(OpImageQuerySize, sizeT, {img});
      levels = b_.cInt(1);
    } else {
      size = b_.op(OpImageQuerySizeLod, sizeT, {img, loadSource(inst.operands.at(1), 1, K::I)});
      levels = b_.op(OpImageQueryLevels, b_.tInt(), {img});
    }
    uint32_t comps[3];
    for (uint32_t i = 0; i < 3; ++i)
      comps[i] = i < n ? (n == 1 ? size : b_.op(OpCompositeExtract, b_.tInt(), {size, i})) : b_.cInt(0);
    uint32_t v4;
    K k;
    if (inst.resInfoReturnType() == 2) {
      k = K::U;
      v4 = b_.op(OpBitcast, uVec4_, {b_.op(OpCompositeConstruct, b_.tVec(b_.tInt(), 4), {comps[0], comps[1], comps[2], levels})});
    } else {
      k = K::F;
      uint32_t f[4];
      for (uint32_t i = 0; i < 3; ++i) {
        f[i] = b_.op(OpConvertSToF, b_.tFloat(), {comps[i]});
        // rcpFloat applies to the dimensions, not to array sizes.
        bool isArraySize = t.arrayed && i == n - 1;
        if (inst.resInfoReturnType() == 1 && i < n && !isArraySize) f[i] = b_.op(OpFDiv, b_.tFloat(), {b_.cFloat(1), f[i]});
      }
      f[3] = b_.op(OpConvertSToF, b_.tFloat(), {levels});
      v4 = b_.op(OpCompositeConstruct, b_.tVec(b_.tFloat(), 4), {f[0], f[1], f[2], f[3]});
    }
    storeDest(d, swizzleResult(v4, k, inst.operands.at(2), destMask(d)), k, inst.saturate());
  }

  // Per-component helper for ops SPIR-V only has as scalar (f16 conversions).
  template <typename F>
  void perComponent(const Instruction& inst, K in, K out, F&& f) {
    const Operand& d = inst.operands.at(0);
    uint8_t m = destMask(d);
    uint32_t n = uint32_t(std::popcount(m));
    uint32_t a = loadForMask(inst.operands.at(1), m, in);
    std::vector<uint32_t> parts;
    for (uint32_t i = 0; i < n; ++i) {
      uint32_t x = n == 1 ? a : b_.op(OpCompositeExtract, typeOf(in, 1), {a, i});
      parts.push_back(f(x));
    }
    uint32_t r = n == 1 ? parts[0] : b_.op(OpCompositeConstruct, typeOf(out, n), parts);
    storeDest(d, r, out, inst.saturate());
  }

  void translate(const Instruction& inst) {
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
        // swapc d0, d1, cond, a, b: d0 = cond ? b : a; d1 = cond ? a : b
        for (int which = 0; which < 2; ++which) {
          const Operand& d = inst.operands[which];
          if (d.type == OperandType::Null) continue;
          uint8_t m = destMask(d);
          uint32_t n = uint32_t(std::popcount(m));
          uint32_t cond = loadForMask(inst.operands[2], m, K::U);
          uint32_t cb = b_.op(OpINotEqual, b_.tVec(b_.tBool(), n), {cond, constSplat(b_.cUint(0), K::U, n)});
          uint32_t a = loadForMask(inst.operands[3], m, K::U), c = loadForMask(inst.operands[4], m, K::U);
          storeDest(d, b_.op(OpSelect, typeOf(K::U, n), {cb, which == 0 ? c : a, which == 0 ? a : c}), K::U);
        }
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
      case Opcode::Ld: need(3); ld(inst, false); return;
      case Opcode::LdMs: need(4); ld(inst, true); return;
      case Opcode::ResInfo: need(3); resinfo(inst); return;
      case Opcode::StoreUavTyped: need(3); storeUavTyped(inst); return;
      case Opcode::LdUavTyped: need(3); loadUavTyped(inst); return;
      default:
        fail("instruction is not supported by the translator");
    }
  }

  void shift(const Instruction& inst, uint32_t opcode, K k) {
    const Operand& d = inst.operands.at(0);
    uint8_t m = destMask(d);
    uint32_t n = uint32_t(std::popcount(m));
    uint32_t a = loadForMask(inst.operands.at(1), m, k);
    uint32_t s = b_.op(OpBitwiseAnd, typeOf(K::U, n), {loadForMask(inst.operands.at(2), m, K::U), constSplat(b_.cUint(31), K::U, n)});
    storeDest(d, b_.op(opcode, typeOf(k, n), {a, s}), k);
  }

  uint32_t mulStruct(K k, uint32_t n) {
    auto key = std::make_pair(int(k), n);
    auto it = mulStructs_.find(key);
    if (it != mulStructs_.end()) return it->second;
    uint32_t t = typeOf(k, n);
    uint32_t s = b_.tStruct({t, t});
    mulStructs_[key] = s;
    return s;
  }

  static constexpr uint32_t OpCompositeInsert_ = 82;

  const Shader& sh_;
  const TranslateOptions& opt_;
  const Program& prog_;
  Builder b_;
  ProgramType stage_ = ProgramType::Pixel;
  uint32_t uVec4_ = 0;
  uint32_t numTemps_ = 0, numInputs_ = 0, numOutputs_ = 0, maxTempUsed_ = 0;
  uint32_t tempArr_ = 0, inArr_ = 0, outArr_ = 0, icb_ = 0, icbSize_ = 0;
  uint32_t coverageIn_ = 0, innerCoverage_ = 0, primitiveId_ = 0, coverageOut_ = 0, depthOut_ = 0;
  bool depthReplacing_ = false;
  uint32_t mainFn_ = 0, bodyFn_ = 0;
  std::map<uint32_t, IdxTemp> idxTemps_;
  std::map<uint32_t, CbInfo> cbs_;
  std::map<uint32_t, uint32_t> samplers_;
  std::map<uint32_t, TexInfo> textures_;
  std::map<uint32_t, UavInfo> uavs_;
  uint32_t fallbackCoverageVar_ = 0, sampleMaskOut_ = 0;
  bool earlyFragmentTests_ = false;
  std::map<uint32_t, uint32_t> outputVars_, builtinIn_;
  std::set<uint32_t> inputRegs_, psInputSlots_;
  struct InputComponent { uint32_t var, index, count; ComponentType type; };
  std::map<uint32_t, InputComponent> psInputComponents_;  // reg*4+component → its Input variable
  std::map<std::pair<int, uint32_t>, uint32_t> mulStructs_;
  std::vector<std::pair<uint32_t, uint8_t>> clipOutputs_;
  std::vector<uint32_t> interface_;
  std::vector<std::function<void()>> prologue_, epilogue_;
  uint32_t spanVar_ = 0, spanFragCoord_ = 0;
  uint32_t invocationCounter_ = 0, counterFragCoord_ = 0, helperInvocation_ = 0;  // countInvocations
  std::vector<Construct> constructs_;
  const Instruction* cur_ = nullptr;
  size_t curIndex_ = 0;
};

}  // namespace

std::vector<uint32_t> declaredOutputRegisters(const Program& program) {
  std::vector<uint32_t> regs;
  for (const Instruction& inst : program.instructions) {
    if (inst.opcode != Opcode::DclOutput && inst.opcode != Opcode::DclOutputSiv && inst.opcode != Opcode::DclOutputSgv) continue;
    if (inst.operands.empty() || inst.operands[0].type != OperandType::Output) continue;
    if (inst.opcode == Opcode::DclOutputSiv && !inst.extra.empty() && inst.extra[0] == uint32_t(SystemName::ClipDistance)) continue;
    if (inst.operands[0].indexDimension < 1) continue;
    uint32_t r = uint32_t(inst.operands[0].index[0].imm);
    if (std::find(regs.begin(), regs.end(), r) == regs.end()) regs.push_back(r);
  }
  std::sort(regs.begin(), regs.end());
  return regs;
}

std::vector<uint32_t> translateToSpirv(const Shader& shader, const TranslateOptions& options) {
  return Translator(shader, options).run();
}

}  // namespace d3dvk::dxbc
