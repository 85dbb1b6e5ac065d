// translate/dxbc/translator_tessellation.cpp — Translator members for the hull
// and domain shaders (SPIR-V TessellationControl / TessellationEvaluation).
//
// Hull shader: its phases (hs_decls, the control-point phase, fork and join
// phases) become one SPIR-V function each. main() runs the control-point phase
// for this invocation (InvocationId = vOutputControlPointID) and stores its o#
// into the per-vertex outputs at [InvocationId] (without a control-point phase,
// the input control points pass through), then a barrier, then invocation 0 runs
// every fork phase instance (vForkInstanceID) and every join phase instance
// (vJoinInstanceID) in order and stores the patch constants: o# of the fork/join
// phases, kept in one Private array that the join phases read as vpc#. The
// tessellation-factor system values go to TessLevelOuter/TessLevelInner (D3D's
// component order is Vulkan's: quad U==0, V==0, U==1, V==1 edges are outer 0..3,
// the U and V insides inner 0 and 1; triangle U==0, V==0, W==0 edges are outer
// 0..2, the inside inner 0; isoline density outer 0, detail outer 1), clamped to
// dcl_hs_max_tessfactor. Partitioning: integer and pow2 (rounded up like
// integer: Vulkan has no power-of-two spacing) → SpacingEqual, fractional_odd and
// fractional_even → their Vulkan spacings; output primitives: triangle_cw/_ccw →
// VertexOrderCw/Ccw (Vulkan's default upper-left domain origin is D3D's),
// point → PointMode.
//
// The interface between the two stages is private to d3dvk: every patch-constant
// register a Patch uvec4 at Location = register (a device has
// maxTessellationControlPerPatchOutputComponents / 4 patch locations, 30 on
// NVIDIA and AMD: registers 30 and 31 are refused), every control-point register
// a uvec4 array at Location = 31 − register (controlPointLocation: the two kinds
// of register share numbers, and validators before 2024 see one location space),
// so any declaration masks on either side match. The hull shader's inputs follow the vertex shader's outputs like a
// geometry shader's (one Input array per register, SV_Position from gl_in).
// Domain shader: vDomain is TessCoord, vicp the hull shader's control points,
// vpc# its patch constants (tessellation factors from TessLevelOuter/Inner); its
// outputs are a vertex shader's. See translator_impl.h.
#include "translator_impl.h"

namespace d3dvk::dxbc::detail {

namespace {

constexpr uint32_t kModelTessellationControl = 1, kModelTessellationEvaluation = 2;
constexpr uint32_t kModeSpacingEqual = 1, kModeSpacingFractionalEven = 2, kModeSpacingFractionalOdd = 3,
                   kModeVertexOrderCw = 4, kModeVertexOrderCcw = 5, kModePointMode = 10, kModeQuads = 24,
                   kModeIsolines = 25;
constexpr uint32_t kBuiltInTessLevelOuter = 11, kBuiltInTessLevelInner = 12, kBuiltInTessCoord = 13;
constexpr uint32_t kDecPatch = 15;
constexpr uint32_t kCapTessellation = 3;
constexpr uint32_t kScopeWorkgroup = 2, kScopeInvocation = 4;

// D3D11_SB_TESSELLATOR_DOMAIN, _PARTITIONING, _OUTPUT_PRIMITIVE.
constexpr uint32_t kDomainIsoline = 1, kDomainTri = 2, kDomainQuad = 3;
constexpr uint32_t kPartitionInteger = 1, kPartitionPow2 = 2, kPartitionFractionalOdd = 3, kPartitionFractionalEven = 4;
constexpr uint32_t kOutputPoint = 1, kOutputLine = 2, kOutputTriangleCw = 3, kOutputTriangleCcw = 4;

}  // namespace

bool Translator::tessFactorSlot(SystemName n, bool* inner, uint32_t* index) {
  switch (n) {
    case SystemName::FinalQuadUEq0EdgeTessFactor: *inner = false, *index = 0; return true;
    case SystemName::FinalQuadVEq0EdgeTessFactor: *inner = false, *index = 1; return true;
    case SystemName::FinalQuadUEq1EdgeTessFactor: *inner = false, *index = 2; return true;
    case SystemName::FinalQuadVEq1EdgeTessFactor: *inner = false, *index = 3; return true;
    case SystemName::FinalQuadUInsideTessFactor: *inner = true, *index = 0; return true;
    case SystemName::FinalQuadVInsideTessFactor: *inner = true, *index = 1; return true;
    case SystemName::FinalTriUEq0EdgeTessFactor: *inner = false, *index = 0; return true;
    case SystemName::FinalTriVEq0EdgeTessFactor: *inner = false, *index = 1; return true;
    case SystemName::FinalTriWEq0EdgeTessFactor: *inner = false, *index = 2; return true;
    case SystemName::FinalTriInsideTessFactor: *inner = true, *index = 0; return true;
    case SystemName::FinalLineDensityTessFactor: *inner = false, *index = 0; return true;
    case SystemName::FinalLineDetailTessFactor: *inner = false, *index = 1; return true;
    default: return false;
  }
}

void Translator::scanTessellationDeclarations() {
  b_.capability(kCapTessellation);
  HsPhase phase = HsPhase::Decls;
  auto reg = [&](const Operand& op, uint32_t at) -> std::optional<uint32_t> {
    if (op.indexDimension <= at || op.index[at].repr != IndexRepr::Imm32) return std::nullopt;
    if (op.index[at].imm >= 32) fail(std::string(operandTypePrefix(op.type)) + " register out of range");
    return uint32_t(op.index[at].imm);
  };
  std::function<void(const Operand&)> visit = [&](const Operand& op) {
    for (const OperandIndex& i : op.index)
      for (const Operand& r : i.rel) visit(r);
    const bool controlPoints = op.type == OperandType::InputControlPoint || (hull() && op.type == OperandType::Input);
    if (controlPoints && op.indexDimension == 2) {
      if (auto r = reg(op, 1)) numInputs_ = std::max(numInputs_, *r + 1);
    } else if (controlPoints || op.type == OperandType::OutputControlPoint) {
      if (op.indexDimension != 2) fail(std::string(operandTypePrefix(op.type)) + " needs [control point][register]");
    }
    if (op.type == OperandType::InputPatchConstant)
      if (auto r = reg(op, 0)) numPatch_ = std::max(numPatch_, *r + 1);
    if (hull() && op.type == OperandType::Output && (phase == HsPhase::Fork || phase == HsPhase::Join))
      if (auto r = reg(op, 0)) numPatch_ = std::max(numPatch_, *r + 1);
  };
  for (size_t i = 0; i < prog_.instructions.size(); ++i) {
    const Instruction& inst = prog_.instructions[i];
    cur_ = &inst;
    auto startPhase = [&](HsPhase kind) {
      if (!hull()) fail("hull-shader phase outside a hull shader");
      if (kind == HsPhase::ControlPoint && (phase == HsPhase::Fork || phase == HsPhase::Join))
        fail("the control-point phase must come before the fork and join phases");
      if (kind == HsPhase::Fork && phase == HsPhase::Join) fail("a fork phase after a join phase");
      if (kind == HsPhase::ControlPoint)
        for (const HullPhase& p : hsPhases_)
          if (p.kind == HsPhase::ControlPoint) fail("more than one control-point phase");
      if (!hsPhases_.empty()) hsPhases_.back().end = i;
      phase = kind;
      hsPhases_.push_back(HullPhase{kind, i + 1, prog_.instructions.size(), 1, 0});
    };
    switch (inst.opcode) {
      case Opcode::HsDecls:
        if (!hull()) fail("hs_decls outside a hull shader");
        if (!hsPhases_.empty()) fail("hs_decls after a phase");
        break;
      case Opcode::HsControlPointPhase: startPhase(HsPhase::ControlPoint); break;
      case Opcode::HsForkPhase: startPhase(HsPhase::Fork); break;
      case Opcode::HsJoinPhase: startPhase(HsPhase::Join); break;
      case Opcode::DclInputControlPointCount:
        if (inst.controls < 1 || inst.controls > 32) fail("input control point count must be 1..32");
        tsInputCp_ = inst.controls;
        break;
      case Opcode::DclOutputControlPointCount:
        if (!hull()) fail("dcl_output_control_point_count outside a hull shader");
        if (inst.controls < 1 || inst.controls > 32) fail("output control point count must be 1..32");
        tsOutputCp_ = inst.controls;
        break;
      case Opcode::DclTessDomain:
        if (inst.controls < kDomainIsoline || inst.controls > kDomainQuad) fail("unknown tessellator domain");
        tsDomain_ = inst.controls;
        break;
      case Opcode::DclTessPartitioning:
        if (!hull()) fail("dcl_tessellator_partitioning outside a hull shader");
        if (inst.controls < kPartitionInteger || inst.controls > kPartitionFractionalEven)
          fail("unknown tessellator partitioning");
        tsPartitioning_ = inst.controls;
        break;
      case Opcode::DclTessOutputPrimitive:
        if (!hull()) fail("dcl_tessellator_output_primitive outside a hull shader");
        if (inst.controls < kOutputPoint || inst.controls > kOutputTriangleCcw)
          fail("unknown tessellator output primitive");
        tsOutputPrimitive_ = inst.controls;
        break;
      case Opcode::DclHsMaxTessFactor: {
        if (!hull()) fail("dcl_hs_max_tessfactor outside a hull shader");
        float f;
        std::memcpy(&f, &inst.extra.at(0), 4);
        if (!(f >= 1.0f && f <= 64.0f)) fail("maximum tessellation factor must be 1..64");
        tsMaxFactor_ = f;
        break;
      }
      case Opcode::DclHsForkPhaseInstanceCount:
      case Opcode::DclHsJoinPhaseInstanceCount: {
        const HsPhase want = inst.opcode == Opcode::DclHsForkPhaseInstanceCount ? HsPhase::Fork : HsPhase::Join;
        if (hsPhases_.empty() || hsPhases_.back().kind != want) fail("phase instance count outside its phase");
        const uint32_t n = inst.extra.at(0);
        if (n < 1 || n > kMaxHullPhaseInstances)
          fail("phase instance count " + std::to_string(n) + " is outside 1.." + std::to_string(kMaxHullPhaseInstances));
        hsPhases_.back().instances = n;
        break;
      }
      default: break;
    }
    for (const Operand& op : inst.operands) visit(op);
    // The union of the hull shader's declared masks per input register (phases
    // declare the same register again): one Input variable per register.
    if (hull() && (inst.opcode == Opcode::DclInput || inst.opcode == Opcode::DclInputSiv) && !inst.operands.empty()) {
      const Operand& op = inst.operands[0];
      if ((op.type == OperandType::Input || op.type == OperandType::InputControlPoint) && op.indexDimension == 2)
        if (auto r = reg(op, 1)) hsInputMasks_[*r] |= op.mask ? op.mask : 0xf;
    }
  }
  cur_ = nullptr;
  if (!tsDomain_) fail(std::string("a ") + (hull() ? "hull" : "domain") + " shader needs dcl_tessellator_domain");
  if (!tsInputCp_) fail(std::string("a ") + (hull() ? "hull" : "domain") + " shader needs dcl_input_control_point_count");
  gsInputVertices_ = tsInputCp_;  // the input arrays' size (declareGsInput, createRegisterFiles)
  if (hull()) {
    if (!tsPartitioning_ || !tsOutputPrimitive_)
      fail("a hull shader needs dcl_tessellator_partitioning and dcl_tessellator_output_primitive");
    const bool lines = tsOutputPrimitive_ == kOutputLine, triangles = tsOutputPrimitive_ >= kOutputTriangleCw;
    if ((tsDomain_ == kDomainIsoline && triangles) || (tsDomain_ != kDomainIsoline && lines))
      fail(std::string("output primitive '") + tessOutputPrimitiveText(tsOutputPrimitive_) + "' does not fit domain '" +
           tessDomainText(tsDomain_) + "'");
    bool controlPointPhase = false;
    for (const HullPhase& p : hsPhases_) controlPointPhase |= p.kind == HsPhase::ControlPoint;
    if (!tsOutputCp_) {
      if (controlPointPhase) fail("a hull shader with a control-point phase needs dcl_output_control_point_count");
      tsOutputCp_ = tsInputCp_;
    }
    if (!controlPointPhase) {
      // Pass-through: the input control points (the input signature's registers) are the output ones.
      if (tsOutputCp_ != tsInputCp_)
        fail("a hull shader without a control-point phase passes its " + std::to_string(tsInputCp_) +
             " input control points through, but declares " + std::to_string(tsOutputCp_) + " output control points");
      for (const SignatureElement& e : sh_.inputs.elements) {
        if (e.registerIndex >= 32) continue;
        hsInputMasks_[e.registerIndex] |= e.mask;
        numInputs_ = std::max(numInputs_, e.registerIndex + 1);
        hsPassThrough_.insert(e.registerIndex);
      }
    }
  }
}

bool Translator::declareTessellation(const Instruction& inst) {
  switch (inst.opcode) {
    case Opcode::DclInputControlPointCount:
    case Opcode::DclOutputControlPointCount:
    case Opcode::DclTessDomain:
    case Opcode::DclTessPartitioning:
    case Opcode::DclTessOutputPrimitive:
    case Opcode::DclHsMaxTessFactor:
    case Opcode::DclHsForkPhaseInstanceCount:
    case Opcode::DclHsJoinPhaseInstanceCount:
      return true;  // scanTessellationDeclarations
    case Opcode::DclIndexRange: {
      // v[cp][r + n], vicp[cp][r + n], vpc[r + n] and o[r + n] (the fork and
      // join phases index their patch constants by instance) over registers
      // first..first+count-1 of the phase's register file: the files are
      // arrays, so the range only has to lie inside one (tessellationPointer
      // clamps a relative register index to it).
      const Operand& op = inst.operands.at(0);
      const uint32_t count = inst.extra.at(0);
      uint32_t first = ~0u, size = 0;
      if (op.type == OperandType::Input || op.type == OperandType::InputControlPoint ||
          op.type == OperandType::OutputControlPoint) {
        if (op.indexDimension == 2 && op.index[1].repr == IndexRepr::Imm32) first = uint32_t(op.index[1].imm);
        size = op.type == OperandType::OutputControlPoint ? numOutputs_ : numInputs_;
      } else if (op.type == OperandType::Output || op.type == OperandType::InputPatchConstant) {
        if (op.indexDimension == 1 && op.index[0].repr == IndexRepr::Imm32) first = uint32_t(op.index[0].imm);
        const bool patch = op.type == OperandType::InputPatchConstant || (hull() && hsPhase_ != HsPhase::ControlPoint);
        size = patch ? numPatch_ : numOutputs_;
      } else {
        fail("dcl_indexrange needs an input, output, vicp, vocp or vpc register range");
      }
      if (count == 0 || first == ~0u || uint64_t(first) + count > size)
        fail("dcl_indexrange " + std::string(operandTypePrefix(op.type)) + std::to_string(first) + ", " +
             std::to_string(count) + " exceeds the declared registers");
      return true;
    }
    case Opcode::DclInput:
    case Opcode::DclInputSgv:
    case Opcode::DclInputSiv: return declareTessellationInput(inst);
    case Opcode::DclOutput:
    case Opcode::DclOutputSgv:
    case Opcode::DclOutputSiv: return hull() && declareHullOutput(inst);
    default: return false;
  }
}

bool Translator::declareTessellationInput(const Instruction& inst) {
  const Operand& op = inst.operands.at(0);
  const SystemName name = inst.opcode == Opcode::DclInput ? SystemName::Undefined : SystemName(inst.extra.at(0));
  switch (op.type) {
    case OperandType::Input:
      if (!hull()) fail("a domain shader reads its control points as vicp[][]");
      [[fallthrough]];
    case OperandType::InputControlPoint: {
      if (op.indexDimension != 2 || op.index[1].repr != IndexRepr::Imm32) fail("a control-point input is v[points][register]");
      const uint32_t reg = uint32_t(op.index[1].imm);
      if (reg >= numInputs_) fail("input register out of range");
      if (domain()) {
        declareDomainControlPoint(reg);
        return true;
      }
      // An input the signature names SV_Position is the vertex shader's gl_Position.
      const SignatureElement* e = sh_.inputs.findByRegister(reg, op.mask ? op.mask : 0xf);
      const bool position = name == SystemName::Position || (e && e->systemValue == uint32_t(SystemName::Position));
      declareGsInput(reg, hsInputMasks_[reg], position);
      return true;
    }
    case OperandType::OutputControlPoint:
      return true;  // vocp: the control-point outputs themselves (tessellationPointer)
    case OperandType::InputPatchConstant: {
      if (op.indexDimension != 1 || op.index[0].repr != IndexRepr::Imm32) fail("vpc needs an immediate register");
      const uint32_t reg = uint32_t(op.index[0].imm);
      if (reg >= numPatch_) fail("patch constant register out of range");
      if (hull()) return true;  // the fork phases' outputs (patchArr_)
      const uint8_t mask = op.mask ? op.mask : 0xf;
      bool inner = false;
      uint32_t index = 0;
      if (tessFactorSlot(name, &inner, &index)) {
        const uint32_t var = tessLevelVariable(inner, SCInput);
        const uint32_t component = componentSpan(mask).first;
        prologue_.push_back([this, var, index, reg, component] {
          const uint32_t p = b_.op(OpAccessChain, b_.tPointer(SCInput, b_.tFloat()), {var, b_.cUint(index)});
          const uint32_t v = b_.op(OpBitcast, b_.tUint(), {b_.op(OpLoad, b_.tFloat(), {p})});
          b_.opNoResult(OpStore, {b_.op(OpAccessChain, b_.tPointer(SCPrivate, b_.tUint()), {patchArr_, b_.cUint(reg), b_.cUint(component)}), v});
        });
        return true;
      }
      const uint32_t var = patchVariable(reg, SCInput);
      prologue_.push_back([this, var, reg, mask] {
        const uint32_t v = b_.op(OpLoad, uVec4_, {var});
        for (uint32_t c = 0; c < 4; ++c) {
          if (!(mask & (1u << c))) continue;
          b_.opNoResult(OpStore, {b_.op(OpAccessChain, b_.tPointer(SCPrivate, b_.tUint()), {patchArr_, b_.cUint(reg), b_.cUint(c)}),
                                  b_.op(OpCompositeExtract, b_.tUint(), {v, c})});
        }
      });
      return true;
    }
    case OperandType::OutputControlPointId:
      if (!hull()) fail("vOutputControlPointID outside a hull shader");
      hsSystemOperand(op.type);
      return true;
    case OperandType::InputForkInstanceId:
    case OperandType::InputJoinInstanceId:
      if (!hull()) fail(std::string(operandTypePrefix(op.type)) + " outside a hull shader");
      hsSystemOperand(op.type);
      return true;
    case OperandType::InputDomainPoint: {
      if (!domain()) fail("vDomain outside a domain shader");
      if (systemOperands_.count(op.type)) return true;
      const uint32_t vec3 = b_.tVec(b_.tFloat(), 3);
      const uint32_t in = builtinInput(vec3, kBuiltInTessCoord, "gl_TessCoord");
      const uint32_t copy = b_.variable(b_.tPointer(SCPrivate, uVec4_), SCPrivate);
      b_.name(copy, "vDomain");
      systemOperands_[op.type] = {copy, false};
      prologue_.push_back([this, in, vec3, copy] {
        const uint32_t v = b_.op(OpBitcast, b_.tVec(b_.tUint(), 3), {b_.op(OpLoad, vec3, {in})});
        b_.opNoResult(OpStore, {copy, b_.op(OpCompositeConstruct, uVec4_,
                                            {b_.op(OpCompositeExtract, b_.tUint(), {v, 0}), b_.op(OpCompositeExtract, b_.tUint(), {v, 1}),
                                             b_.op(OpCompositeExtract, b_.tUint(), {v, 2}), b_.cUint(0)})});
      });
      return true;
    }
    default:
      return false;  // vPrim and the rest: declare()
  }
}

void Translator::hsSystemOperand(OperandType type) {
  if (systemOperands_.count(type)) return;
  const uint32_t copy = privateUint(operandTypePrefix(type).data());
  systemOperands_[type] = {copy, true};
  if (type == OperandType::OutputControlPointId) {
    prologue_.push_back([this, copy] {
      b_.opNoResult(OpStore, {copy, b_.op(OpBitcast, b_.tUint(), {b_.op(OpLoad, b_.tInt(), {hullInvocationId()})})});
    });
  }
  // vForkInstanceID / vJoinInstanceID: stored by main() before each phase instance (emitHullMain).
}

uint32_t Translator::hullInvocationId() { return builtinInput(b_.tInt(), BuiltInInvocationId, "gl_InvocationID"); }

bool Translator::declareHullOutput(const Instruction& inst) {
  const Operand& op = inst.operands.at(0);
  if (op.type != OperandType::Output) return false;
  if (op.indexDimension != 1 || op.index[0].repr != IndexRepr::Imm32) fail("declaration needs an immediate register index");
  const uint32_t reg = uint32_t(op.index[0].imm);
  if (hsPhase_ == HsPhase::Decls) fail("output declared outside a phase");
  if (hsPhase_ == HsPhase::ControlPoint) {
    if (reg >= numOutputs_) fail("output register out of range");
    controlPointOutputVariable(reg);
    return true;
  }
  // Fork and join phases: patch constants.
  if (reg >= numPatch_) fail("patch constant register out of range");
  const SystemName name = inst.opcode == Opcode::DclOutput ? SystemName::Undefined : SystemName(inst.extra.at(0));
  bool inner = false;
  uint32_t index = 0;
  if (tessFactorSlot(name, &inner, &index)) {
    const bool fits = tsDomain_ == kDomainQuad   ? name >= SystemName::FinalQuadUEq0EdgeTessFactor && name <= SystemName::FinalQuadVInsideTessFactor
                      : tsDomain_ == kDomainTri ? name >= SystemName::FinalTriUEq0EdgeTessFactor && name <= SystemName::FinalTriInsideTessFactor
                                                 : name >= SystemName::FinalLineDetailTessFactor;
    if (!fits)
      fail(std::string("tessellation factor '") + systemNameToken(name) + "' does not belong to domain '" +
           tessDomainText(tsDomain_) + "'");
    tessFactorOutputs_.push_back({reg, componentSpan(op.mask).first, inner, index});
    tessLevelVariable(inner, SCOutput);
    return true;
  }
  patchOutputRegs_.insert(reg);
  patchVariable(reg, SCOutput);
  return true;
}

uint32_t Translator::controlPointOutputVariable(uint32_t reg) {
  auto it = cpOutputVars_.find(reg);
  if (it != cpOutputVars_.end()) return it->second;
  const uint32_t var = b_.variable(b_.tPointer(SCOutput, b_.tArray(uVec4_, tsOutputCp_)), SCOutput);
  b_.decorate(var, DecLocation, {controlPointLocation(reg)});
  b_.name(var, "out_cp" + std::to_string(reg));
  interface_.push_back(var);
  cpOutputVars_[reg] = var;
  return var;
}

uint32_t Translator::patchVariable(uint32_t reg, uint32_t storage) {
  auto it = patchVars_.find(reg);
  if (it != patchVars_.end()) return it->second;
  if (reg >= kPatchLocations)
    fail("patch-constant register " + std::to_string(reg) + " holds more than tessellation factors: Vulkan guarantees " +
         std::to_string(kPatchLocations) + " patch locations (maxTessellationControlPerPatchOutputComponents >= 120)");
  const uint32_t var = b_.variable(b_.tPointer(storage, uVec4_), storage);
  b_.decorate(var, DecLocation, {reg});
  b_.decorate(var, kDecPatch);
  b_.name(var, (storage == SCOutput ? "out_pc" : "in_pc") + std::to_string(reg));
  interface_.push_back(var);
  patchVars_[reg] = var;
  return var;
}

uint32_t Translator::tessLevelVariable(bool inner, uint32_t storage) {
  uint32_t& var = inner ? tessLevelInner_ : tessLevelOuter_;
  if (var) return var;
  var = b_.variable(b_.tPointer(storage, b_.tArray(b_.tFloat(), inner ? 2 : 4)), storage);
  b_.decorate(var, DecBuiltIn, {inner ? kBuiltInTessLevelInner : kBuiltInTessLevelOuter});
  b_.decorate(var, kDecPatch);
  b_.name(var, inner ? "gl_TessLevelInner" : "gl_TessLevelOuter");
  interface_.push_back(var);
  return var;
}

void Translator::declareDomainControlPoint(uint32_t reg) {
  if (dsControlPointInputs_.count(reg)) return;
  const uint32_t arrT = b_.tArray(uVec4_, tsInputCp_);
  const uint32_t var = b_.variable(b_.tPointer(SCInput, arrT), SCInput);
  b_.decorate(var, DecLocation, {controlPointLocation(reg)});
  b_.name(var, "in_cp" + std::to_string(reg));
  interface_.push_back(var);
  dsControlPointInputs_[reg] = var;
  prologue_.push_back([this, var, reg] {
    for (uint32_t cp = 0; cp < tsInputCp_; ++cp) {
      const uint32_t v = b_.op(OpLoad, uVec4_, {b_.op(OpAccessChain, b_.tPointer(SCInput, uVec4_), {var, b_.cUint(cp)})});
      b_.opNoResult(OpStore, {b_.op(OpAccessChain, b_.tPointer(SCPrivate, uVec4_), {inArr_, b_.cUint(cp), b_.cUint(reg)}), v});
    }
  });
}

void Translator::createTessellationRegisters() {
  if (hull())
    for (uint32_t reg : hsPassThrough_) {
      const SignatureElement* e = sh_.inputs.findByRegister(reg, hsInputMasks_[reg]);
      declareGsInput(reg, hsInputMasks_[reg], e && e->systemValue == uint32_t(SystemName::Position));
      controlPointOutputVariable(reg);
    }
  // Patch constants count up from location 0, control points down from 31: they meet only past 32 registers.
  const std::map<uint32_t, uint32_t>& controlPoints = hull() ? cpOutputVars_ : dsControlPointInputs_;
  for (const auto& [reg, var] : controlPoints) {
    (void)var;
    if (patchVars_.count(controlPointLocation(reg)))
      fail("control-point register " + std::to_string(reg) + " and patch-constant register " +
           std::to_string(controlPointLocation(reg)) + " would share location " +
           std::to_string(controlPointLocation(reg)) + ": the hull-domain interface has 32 locations for both");
  }
  if (numPatch_) {
    const uint32_t arrT = b_.tArray(uVec4_, numPatch_);
    const uint32_t zero = b_.cComposite(uVec4_, {b_.cUint(0), b_.cUint(0), b_.cUint(0), b_.cUint(0)});
    patchArr_ = b_.variable(b_.tPointer(SCPrivate, arrT), SCPrivate, b_.cComposite(arrT, std::vector<uint32_t>(numPatch_, zero)));
    b_.name(patchArr_, "vpc");
  }
}

std::optional<std::pair<uint32_t, bool>> Translator::tessellationPointer(const Operand& op, bool write) {
  const uint32_t pv = b_.tPointer(SCPrivate, uVec4_);
  switch (op.type) {
    case OperandType::Input:
      if (!hull()) return std::nullopt;
      [[fallthrough]];
    case OperandType::InputControlPoint: {
      if (write) fail("inputs are read-only");
      requireIndex(op, 2);
      if (!inArr_) fail("control-point input read without any input declaration");
      if (op.index[0].repr == IndexRepr::Imm32 && op.index[0].imm >= tsInputCp_) fail("input control point out of range");
      if (op.index[1].repr == IndexRepr::Imm32 && op.index[1].imm >= numInputs_) fail("input register out of range");
      return std::pair{b_.op(OpAccessChain, pv, {inArr_, indexValue(op.index[0]), registerIndex(op.index[1], numInputs_)}), false};
    }
    case OperandType::OutputControlPoint: {
      if (write) fail("vocp is read-only");
      if (!hull() || hsPhase_ == HsPhase::ControlPoint) fail("vocp is read in the hull shader's fork and join phases");
      requireIndex(op, 2);
      const uint32_t reg = immediateIndex(op, 1);
      auto it = cpOutputVars_.find(reg);
      if (it == cpOutputVars_.end()) fail("vocp[][" + std::to_string(reg) + "] is not a control-point output");
      if (op.index[0].repr == IndexRepr::Imm32 && op.index[0].imm >= tsOutputCp_) fail("output control point out of range");
      return std::pair{b_.op(OpAccessChain, b_.tPointer(SCOutput, uVec4_), {it->second, indexValue(op.index[0])}), false};
    }
    case OperandType::InputPatchConstant: {
      if (write) fail("vpc is read-only");
      if (hull() && hsPhase_ != HsPhase::Join) fail("vpc is read in the join phases");
      requireIndex(op, 1);
      if (!patchArr_) fail("vpc read without any patch constant");
      if (op.index[0].repr == IndexRepr::Imm32 && op.index[0].imm >= numPatch_) fail("patch constant register out of range");
      return std::pair{b_.op(OpAccessChain, pv, {patchArr_, registerIndex(op.index[0], numPatch_)}), false};
    }
    case OperandType::Output: {
      if (!hull()) return std::nullopt;
      requireIndex(op, 1);
      if (hsPhase_ == HsPhase::ControlPoint) {
        if (!outArr_) fail("output register used without any output declaration");
        if (op.index[0].repr == IndexRepr::Imm32 && op.index[0].imm >= numOutputs_) fail("output register out of range");
        return std::pair{b_.op(OpAccessChain, pv, {outArr_, registerIndex(op.index[0], numOutputs_)}), false};
      }
      if (!patchArr_) fail("output register used without any patch constant declaration");
      if (op.index[0].repr == IndexRepr::Imm32 && op.index[0].imm >= numPatch_) fail("patch constant register out of range");
      return std::pair{b_.op(OpAccessChain, pv, {patchArr_, registerIndex(op.index[0], numPatch_)}), false};
    }
    case OperandType::OutputControlPointId:
    case OperandType::InputForkInstanceId:
    case OperandType::InputJoinInstanceId:
    case OperandType::InputDomainPoint:
      if (write) fail(std::string(operandTypePrefix(op.type)) + " is read-only");
      return systemOperandPointer(op);
    default: return std::nullopt;
  }
}

void Translator::translateHullPhases() {
  const uint32_t voidFn = b_.tFunction(b_.tVoid());
  uint32_t n = 0;
  for (HullPhase& p : hsPhases_) {
    p.fn = b_.id();
    b_.name(p.fn, p.kind == HsPhase::ControlPoint ? std::string("control_point_phase")
                                                   : (p.kind == HsPhase::Fork ? "fork_phase_" : "join_phase_") + std::to_string(n++));
    hsPhase_ = p.kind;
    b_.beginFunction(p.fn, b_.tVoid(), voidFn);
    b_.label(b_.id());
    for (size_t i = p.begin; i < p.end; ++i) {
      const Instruction& inst = prog_.instructions[i];
      if (opcodeInfo(inst.opcode).declaration) continue;
      cur_ = &inst;
      curIndex_ = i;
      translate(inst);
    }
    if (!constructs_.empty()) fail("unterminated control flow at the end of a hull-shader phase");
    if (b_.blockOpen()) b_.opNoResult(OpReturn, {});
    b_.endFunction();
  }
  cur_ = nullptr;
}

void Translator::emitHullMain() {
  const uint32_t iid = b_.op(OpBitcast, b_.tUint(), {b_.op(OpLoad, b_.tInt(), {hullInvocationId()})});
  const HullPhase* cpPhase = nullptr;
  for (const HullPhase& p : hsPhases_)
    if (p.kind == HsPhase::ControlPoint) cpPhase = &p;
  // This invocation's output control point.
  if (cpPhase) b_.op(OpFunctionCall, b_.tVoid(), {cpPhase->fn});
  for (auto [reg, var] : cpOutputVars_) {
    const uint32_t from = cpPhase ? b_.op(OpAccessChain, b_.tPointer(SCPrivate, uVec4_), {outArr_, b_.cUint(reg)})
                                  : b_.op(OpAccessChain, b_.tPointer(SCPrivate, uVec4_), {inArr_, iid, b_.cUint(reg)});
    b_.opNoResult(OpStore, {b_.op(OpAccessChain, b_.tPointer(SCOutput, uVec4_), {var, iid}), b_.op(OpLoad, uVec4_, {from})});
  }
  // Every control point is written before the patch-constant phases read them (vocp).
  b_.opNoResult(OpControlBarrier, {b_.cUint(kScopeWorkgroup), b_.cUint(kScopeInvocation), b_.cUint(0)});
  conditional(b_.op(OpIEqual, b_.tBool(), {iid, b_.cUint(0)}), [&] {
    for (const HullPhase& p : hsPhases_) {
      if (p.kind == HsPhase::ControlPoint) continue;
      auto it = systemOperands_.find(p.kind == HsPhase::Fork ? OperandType::InputForkInstanceId : OperandType::InputJoinInstanceId);
      for (uint32_t i = 0; i < p.instances; ++i) {
        if (it != systemOperands_.end()) b_.opNoResult(OpStore, {it->second.first, b_.cUint(i)});
        b_.op(OpFunctionCall, b_.tVoid(), {p.fn});
      }
    }
    for (uint32_t reg : patchOutputRegs_)
      b_.opNoResult(OpStore, {patchVars_.at(reg), b_.op(OpLoad, uVec4_, {b_.op(OpAccessChain, b_.tPointer(SCPrivate, uVec4_),
                                                                                     {patchArr_, b_.cUint(reg)})})});
    for (const TessFactorOutput& f : tessFactorOutputs_) {
      const uint32_t bits = b_.op(OpLoad, b_.tUint(), {b_.op(OpAccessChain, b_.tPointer(SCPrivate, b_.tUint()),
                                                              {patchArr_, b_.cUint(f.reg), b_.cUint(f.component)})});
      uint32_t v = b_.op(OpBitcast, b_.tFloat(), {bits});
      if (tsMaxFactor_ < 64.0f) {
        // D3D clamps to the declared maximum; a NaN factor stays NaN (the patch is culled).
        const uint32_t above = b_.op(OpFOrdGreaterThan, b_.tBool(), {v, b_.cFloat(tsMaxFactor_)});
        v = b_.op(OpSelect, b_.tFloat(), {above, b_.cFloat(tsMaxFactor_), v});
      }
      const uint32_t var = f.inner ? tessLevelInner_ : tessLevelOuter_;
      b_.opNoResult(OpStore, {b_.op(OpAccessChain, b_.tPointer(SCOutput, b_.tFloat()), {var, b_.cUint(f.index)}), v});
    }
  });
}

void Translator::emitTessellationModes() {
  b_.executionMode(mainFn_, tsDomain_ == kDomainTri ? ModeTriangles : tsDomain_ == kDomainQuad ? kModeQuads : kModeIsolines);
  if (!hull()) return;
  b_.executionMode(mainFn_, ModeOutputVertices, {tsOutputCp_});
  static_assert(kPartitionPow2 == kPartitionInteger + 1);  // both SpacingEqual (no power-of-two spacing in Vulkan)
  b_.executionMode(mainFn_, tsPartitioning_ == kPartitionFractionalOdd    ? kModeSpacingFractionalOdd
                            : tsPartitioning_ == kPartitionFractionalEven ? kModeSpacingFractionalEven
                                                                          : kModeSpacingEqual);  // kPartitionInteger, kPartitionPow2
  b_.executionMode(mainFn_, tsOutputPrimitive_ == kOutputTriangleCcw ? kModeVertexOrderCcw : kModeVertexOrderCw);
  if (tsOutputPrimitive_ == kOutputPoint) b_.executionMode(mainFn_, kModePointMode);
}

uint32_t Translator::tessellationModel() const {
  return hull() ? kModelTessellationControl : kModelTessellationEvaluation;
}

}  // namespace d3dvk::dxbc::detail
