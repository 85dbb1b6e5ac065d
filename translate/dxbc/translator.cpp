// translate/dxbc/translator.cpp — DXBC vertex/pixel/geometry/hull/domain/compute shader → SPIR-V (see translator.h):
// translateToSpirv, declaredOutputRegisters and the Translator driver, run(). The
// class and the map of its other files are in translator_impl.h.
//
// Model: every D3D register file is a Private array of uvec4 (r#, v#, o#, x#[]);
// values are bitcast to float/int at each instruction as its opcode requires, so
// moves are bit-exact. `main` copies interface inputs into v#, calls the body
// function (where `ret` is OpReturn), then copies o# to the interface outputs.
// Structured control flow maps if/loop/switch one to one onto SPIR-V constructs.
#include "translator_impl.h"

#include "dxbc/slot_indexing.h"

namespace d3dvk::dxbc {

namespace detail {

std::vector<uint32_t> Translator::run() {
  try {
    return runImpl();
  } catch (const std::out_of_range&) {
    // A field the decoder cannot require in general (e.g. the operand of a
    // control-flow instruction) is missing: malformed input, reported precisely.
    fail("malformed instruction: missing operand or field");
  }
}

std::vector<uint32_t> Translator::runImpl() {
  stage_ = prog_.type;
  // Class linkage (SM5 interfaces) binds function tables and this pointers at
  // *SetShader time: the program is translated after dxbc::bindInterfaces, which
  // leaves none of these instructions.
  for (const Instruction& inst : prog_.instructions)
    if (inst.opcode == Opcode::DclFunctionBody || inst.opcode == Opcode::DclFunctionTable ||
        inst.opcode == Opcode::DclInterface || inst.opcode == Opcode::InterfaceCall)
      throw Error("translator: opcode '" + std::string(opcodeInfo(inst.opcode).name) + "' at dword " +
                  std::to_string(inst.offset) +
                  ": interfaces (class linkage: dcl_function_body, dcl_function_table, dcl_interface, fcall) are not "
                  "supported without class instances bound (bind the program with dxbc::bindInterfaces first)");
  if (!opt_.shaderFloat64)
    for (const Instruction& inst : prog_.instructions)
      if (isDoubleOpcode(inst.opcode))
        throw Error("translator: opcode '" + std::string(opcodeInfo(inst.opcode).name) + "' at dword " +
                    std::to_string(inst.offset) +
                    ": double-precision instructions need the Vulkan device's shaderFloat64 feature, which it lacks");
  b_.capability(CapShader);
  uVec4_ = b_.tVec(b_.tUint(), 4);
  if (geometry()) {
    b_.capability(CapGeometry);
    scanGeometryDeclarations();
    storeOutputsFn_ = b_.id();
    b_.name(storeOutputsFn_, "store_outputs");
  }
  scanRegisters();
  scanStreams();
  if (tessellation()) scanTessellationDeclarations();
  if (opt_.variant == ShaderVariant::Fallback && stage_ != ProgramType::Pixel)
    throw Error("translator: the fallback variant is for pixel shaders");
  if (fallbackPixel()) declareFallbackInterface();
  for (const Instruction& inst : prog_.instructions) {
    if (hull()) {  // what o# and vicp declare depends on the phase
      if (inst.opcode == Opcode::HsControlPointPhase) hsPhase_ = HsPhase::ControlPoint;
      if (inst.opcode == Opcode::HsForkPhase) hsPhase_ = HsPhase::Fork;
      if (inst.opcode == Opcode::HsJoinPhase) hsPhase_ = HsPhase::Join;
    }
    if (opcodeInfo(inst.opcode).declaration) declare(inst);
  }
  cur_ = nullptr;
  declareStreamOutput();
  createRegisterFiles();
  if (tessellation()) createTessellationRegisters();
  if (fallbackPixel()) checkFallbackLocations();
  if (stage_ == ProgramType::Compute && !threadGroup_[0]) throw Error("translator: compute shader without dcl_thread_group");
  if (opt_.transformFeedback && stage_ != ProgramType::Vertex && stage_ != ProgramType::Geometry && !domain())
    throw Error("translator: transform feedback captures vertex, geometry or domain shader outputs");

  if ((coverageMaskOutput() || nativeMaskOutput()) && !sampleMaskOut_) {
    // No oMask: the sample mask output is the fallback's coverage (native: the mask) itself.
    uint32_t var = b_.variable(b_.tPointer(SCOutput, b_.tArray(b_.tInt(), 1)), SCOutput);
    b_.decorate(var, DecBuiltIn, {BuiltInSampleMask});
    b_.name(var, "gl_SampleMask");
    interface_.push_back(var);
    sampleMaskOut_ = var;
    epilogue_.push_back([this, var] {
      uint32_t p = b_.op(OpAccessChain, b_.tPointer(SCOutput, b_.tInt()), {var, b_.cInt(0)});
      const uint32_t mask = nativeMaskOutput() ? b_.cUint(opt_.sampleMask) : fallbackSampleMask(b_.cUint(0xFFFFFFFFu));
      b_.opNoResult(OpStore, {p, b_.op(OpBitcast, b_.tInt(), {mask})});
    });
  }
  if (opt_.countInvocations) declareInvocationCounter();
  if (opt_.capturePrimitiveId) declareCapturedPrimitiveId();
  // (A geometry shader leaves PointSize alone: writing it needs
  // shaderTessellationAndGeometryPointSize, and without it points are 1 pixel, as in D3D.)
  if (stage_ == ProgramType::Vertex) declarePointSize();

  bodyFn_ = b_.id();
  mainFn_ = b_.id();
  b_.name(mainFn_, "main");
  if (!hull()) b_.name(bodyFn_, "shader_body");  // (a hull shader has a function per phase instead)
  uint32_t voidFn = b_.tFunction(b_.tVoid());

  // body (a hull shader: one function per phase)
  if (hull()) {
    translateHullPhases();
  } else {
    b_.beginFunction(bodyFn_, b_.tVoid(), voidFn);
    b_.label(b_.id());
    for (size_t i = 0; i < prog_.instructions.size(); ++i) {
      const Instruction& inst = prog_.instructions[i];
      if (opcodeInfo(inst.opcode).declaration) continue;
      cur_ = &inst;
      curIndex_ = i;
      translate(inst);
    }
    if (!constructs_.empty()) fail("unterminated control flow at the end of the program");
    if (b_.blockOpen()) b_.opNoResult(OpReturn, {});
    b_.endFunction();
  }

  // main
  b_.beginFunction(mainFn_, b_.tVoid(), voidFn);
  b_.label(b_.id());
  if (fallbackPixel()) emitFallbackPrelude();  // counts the covered invocations itself
  else if (invocationCounter_) countInvocation();
  for (auto& f : prologue_) f();
  if (hull()) {
    emitHullMain();
  } else {
    b_.op(OpFunctionCall, b_.tVoid(), {bodyFn_});
    if (!geometry())
      for (auto& f : epilogue_) f();  // a geometry shader stores its outputs at each emit
  }
  b_.opNoResult(OpReturn, {});
  b_.endFunction();
  if (geometry()) defineStoreOutputs();

  if (stage_ == ProgramType::Pixel) {
    b_.entryPoint(4, mainFn_, "main", interface_);
    b_.executionMode(mainFn_, ModeOriginUpperLeft);
    if (depthReplacing_) b_.executionMode(mainFn_, ModeDepthReplacing);
    if (depthMode_) b_.executionMode(mainFn_, depthMode_);  // oDepthGE / oDepthLE: DepthGreater / DepthLess
    if (stencilRefOut_) b_.executionMode(mainFn_, 5027 /*StencilRefReplacingEXT*/);
    if (earlyFragmentTests_) b_.executionMode(mainFn_, ModeEarlyFragmentTests);
  } else if (stage_ == ProgramType::Compute) {
    b_.entryPoint(ModelGLCompute, mainFn_, "main", interface_);
    b_.executionMode(mainFn_, ModeLocalSize, {threadGroup_[0], threadGroup_[1], threadGroup_[2]});
  } else {
    b_.entryPoint(entryModel(), mainFn_, "main", interface_);
    if (geometry()) {
      b_.executionMode(mainFn_, gsInputMode_);
      b_.executionMode(mainFn_, ModeInvocations, {gsInstances_});
      b_.executionMode(mainFn_, gsOutputMode_);
      b_.executionMode(mainFn_, ModeOutputVertices, {gsMaxOut_});
    }
    if (tessellation()) emitTessellationModes();
    if (opt_.transformFeedback || !opt_.streamOutput.empty()) b_.executionMode(mainFn_, ModeXfb);
  }
  return b_.finish();
}

void Translator::fail(const std::string& what) const {
  std::string where;
  if (cur_) {
    const char* n = opcodeInfo(cur_->opcode).name;
    where = "opcode '" + std::string(n ? n : "?") + "' at dword " + std::to_string(cur_->offset) + ": ";
  }
  throw Error("translator: " + where + what);
}

}  // namespace detail

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
  // SM5.0 slots indexed by a register (cb[r1.w + 0][…], t[r4.x], s[r4.y]) become
  // switches over the slots first (slot_indexing.h): every API slot of D3D11's
  // pipeline layout, or what a root signature's ranges declare.
  if (usesRegisterIndexedSlots(shader.program)) {
    Shader lowered = shader;
    lowered.program = lowerRegisterIndexedSlots(shader.program, options.descriptorRanges.empty());
    return detail::Translator(lowered, options).run();
  }
  return detail::Translator(shader, options).run();
}

}  // namespace d3dvk::dxbc
