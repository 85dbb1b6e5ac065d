// translate/dxbc/translator_declarations.cpp — Translator members for the dcl_*
// instructions: register files (r#, v#, o#, x#[], icb), signatures and interface
// variables (varyings, system values, outputs), constant buffers, samplers,
// resources and their bindings (binding.h). See translator_impl.h.
#include "translator_impl.h"

namespace d3dvk::dxbc::detail {

void Translator::scanRegisters() {
  for (const Instruction& inst : prog_.instructions) {
    // (A hull shader declares temps per phase; they share one file.)
    if (inst.opcode == Opcode::DclTemps && !inst.extra.empty()) numTemps_ = std::max(numTemps_, inst.extra[0]);
    for (const Operand& op : inst.operands) {
      const uint32_t at = gsInputOperand(op) ? 1 : 0;  // the geometry shader's v[vertex][register]
      if (op.indexDimension > at && op.index[at].repr == IndexRepr::Imm32) {
        uint32_t r = uint32_t(op.index[at].imm);
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

void Translator::createRegisterFiles() {
  if (numTemps_) {
    tempArr_ = b_.variable(b_.tPointer(SCPrivate, b_.tArray(uVec4_, numTemps_)), SCPrivate);
    b_.name(tempArr_, "r");
  }
  if (numInputs_) {
    // A geometry shader's inputs: v[vertex][register] (hull and domain shaders: [control point][register]).
    uint32_t arrT = b_.tArray(uVec4_, numInputs_);
    if (geometry() || tessellation()) arrT = b_.tArray(arrT, gsInputVertices_);
    inArr_ = b_.variable(b_.tPointer(SCPrivate, arrT), SCPrivate);
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

uint32_t Translator::builtinInput(uint32_t type, uint32_t builtin, const char* nm) {
  auto key = builtin;
  auto it = builtinIn_.find(key);
  if (it != builtinIn_.end()) return it->second;
  uint32_t v = b_.variable(b_.tPointer(SCInput, type), SCInput);
  b_.decorate(v, DecBuiltIn, {builtin});
  // An integer input of a fragment shader must be Flat (VUID-StandaloneSpirv-Flat-04744),
  // built-ins included; PrimitiveId and SampleId get theirs where they are declared.
  if (builtin == BuiltInSampleMask) b_.decorate(v, DecFlat);
  b_.name(v, nm);
  interface_.push_back(v);
  builtinIn_[key] = v;
  return v;
}

void Translator::storeInputComponents(uint32_t reg, uint8_t mask, uint32_t uvec4Value) {
  for (uint32_t c = 0; c < 4; ++c) {
    if (!(mask & (1u << c))) continue;
    uint32_t ptr = b_.op(OpAccessChain, b_.tPointer(SCPrivate, b_.tUint()), {inArr_, b_.cUint(reg), b_.cUint(c)});
    uint32_t comp = b_.op(OpCompositeExtract, b_.tUint(), {uvec4Value, c});
    b_.opNoResult(OpStore, {ptr, comp});
  }
}

void Translator::declarePointSize() {
  uint32_t var = b_.variable(b_.tPointer(SCOutput, b_.tFloat()), SCOutput);
  b_.decorate(var, DecBuiltIn, {BuiltInPointSize});
  b_.name(var, "gl_PointSize");
  interface_.push_back(var);
  epilogue_.push_back([this, var] { b_.opNoResult(OpStore, {var, b_.cFloat(1.0f)}); });
}

void Translator::declare(const Instruction& inst) {
  cur_ = &inst;
  if (tessellation() && declareTessellation(inst)) return;
  const bool ps = stage_ == ProgramType::Pixel;
  auto regOf = [&](const Operand& op) -> uint32_t {
    if (op.indexDimension < 1 || op.index[0].repr != IndexRepr::Imm32) fail("declaration needs an immediate register index");
    return uint32_t(op.index[0].imm);
  };
  switch (inst.opcode) {
    case Opcode::DclGlobalFlags:
      // forceEarlyDepthStencil: depth/stencil tests (and writes) before the
      // shader runs, also when it has side effects (UAV stores, the
      // invocation counter). Native only: the fallback's prelude demotes
      // the pixels outside the exact coverage, which early tests would
      // already have written.
      if ((inst.controls & 0x4) && ps && opt_.variant == ShaderVariant::Native) earlyFragmentTests_ = true;
      return;
    case Opcode::DclTemps:
      return;
    case Opcode::DclIndexRange: {
      // v[r + n] / o[r + n] over registers first..first+count-1: the register
      // files are arrays, so a relative index needs no more than the range to
      // lie inside them (a dynamic output index is clamped to the file).
      const Operand& op = inst.operands.at(0);
      const bool gsInput = gsInputOperand(op);
      if (op.type != OperandType::Input && op.type != OperandType::Output)
        fail("dcl_indexrange needs an input or output register range");
      const uint32_t first = gsInput ? (op.index[1].repr == IndexRepr::Imm32 ? uint32_t(op.index[1].imm) : ~0u)
                                     : regOf(op);
      const uint32_t count = inst.extra.at(0);
      const uint32_t size = op.type == OperandType::Input ? numInputs_ : numOutputs_;
      if (count == 0 || first == ~0u || uint64_t(first) + count > size)
        fail("dcl_indexrange " + std::string(operandTypePrefix(op.type)) + std::to_string(first) + ", " +
             std::to_string(count) + " exceeds the declared registers");
      return;
    }
    case Opcode::DclUavTyped: declareTypedUav(inst, declarationId(inst)); return;
    case Opcode::DclUavRaw:
    case Opcode::DclUavStructured:
    case Opcode::DclResourceRaw:
    case Opcode::DclResourceStructured:
      declareBuffer(inst, declarationId(inst));
      return;
    case Opcode::DclTgsmRaw:
    case Opcode::DclTgsmStructured:
      declareBuffer(inst, regOf(inst.operands.at(0)));
      return;
    case Opcode::DclThreadGroup: declareThreadGroup(inst); return;
    case Opcode::DclGsInputPrimitive:
    case Opcode::DclGsOutputTopology:
    case Opcode::DclMaxOutputVertexCount:
    case Opcode::DclGsInstanceCount:
    case Opcode::DclStream:
      declareGeometry(inst);
      return;
    case Opcode::DclIndexableTemp: {
      if (inst.extra.size() != 3) fail("malformed dcl_indexableTemp");
      uint32_t reg = inst.extra[0], size = inst.extra[1];
      if (size == 0 || size > 4096 || reg > 64) fail("indexable temp x" + std::to_string(reg) + "[" + std::to_string(size) + "] out of range");
      // (Hull-shader phases declare their own x#: the largest serves them all.)
      if (auto it = idxTemps_.find(reg); it != idxTemps_.end() && it->second.size >= size) return;
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
      // SM4/5.0: CBn[size]; SM5.1: CBid[lower:upper] with the size and the space as extra dwords.
      const Operand& op = inst.operands.at(0);
      uint32_t slot = 0, size = 0;
      if (sm51_) {
        slot = declarationId(inst);
        if (inst.extra.size() != 2) fail("an SM5.1 dcl_constantbuffer needs CBid[lower:upper][size] and a space");
        size = inst.extra[0];
      } else {
        if (op.indexDimension != 2 || op.index[0].repr != IndexRepr::Imm32 || op.index[1].repr != IndexRepr::Imm32)
          fail("dcl_constantbuffer needs CBn[size]");
        slot = uint32_t(op.index[0].imm);
        size = uint32_t(op.index[1].imm);
      }
      if (slot >= kMaxConstantBufferSlots) fail("constant buffer slot " + std::to_string(slot) + " out of range");
      if (size == 0 || size > 4096) fail("constant buffer size " + std::to_string(size) + " out of range (1..4096)");
      uint32_t arr = b_.tArray(uVec4_, size);
      b_.decorate(arr, DecArrayStride, {16});
      uint32_t st = b_.tStruct({arr});
      b_.decorate(st, DecBlock);
      b_.memberDecorate(st, 0, DecOffset, {0});
      uint32_t v = 0;
      if (rangedBindings()) {
        v = rangeVariable(inst, ResourceKind::ConstantBuffer, st, SCUniform, DescriptorClass::UniformBuffer,
                          "cb" + std::to_string(slot));
      } else {
        v = b_.variable(b_.tPointer(SCUniform, st), SCUniform);
        auto db = descriptorBinding(stage_, ResourceKind::ConstantBuffer, slot);
        b_.decorate(v, DecDescriptorSet, {db.set});
        b_.decorate(v, DecBinding, {db.binding});
        b_.name(v, "cb" + std::to_string(slot));
      }
      cbs_[slot] = {v, size};
      return;
    }
    case Opcode::DclSampler: {
      uint32_t slot = declarationId(inst);
      if (slot >= kMaxSamplerSlots) fail("sampler slot out of range");
      uint32_t v = 0;
      if (rangedBindings()) {
        v = rangeVariable(inst, ResourceKind::Sampler, b_.tSampler(), SCUniformConstant, DescriptorClass::Sampler,
                          "s" + std::to_string(slot));
      } else {
        v = b_.variable(b_.tPointer(SCUniformConstant, b_.tSampler()), SCUniformConstant);
        auto db = descriptorBinding(stage_, ResourceKind::Sampler, slot);
        b_.decorate(v, DecDescriptorSet, {db.set});
        b_.decorate(v, DecBinding, {db.binding});
        b_.name(v, "s" + std::to_string(slot));
      }
      samplers_[slot] = v;
      return;
    }
    case Opcode::DclResource: {
      uint32_t slot = declarationId(inst);
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
      if (rangedBindings()) {
        t.var = rangeVariable(inst, ResourceKind::ShaderResource, t.imageType, SCUniformConstant,
                              t.buffer ? DescriptorClass::UniformTexelBuffer : DescriptorClass::SampledImage,
                              "t" + std::to_string(slot));
      } else {
        t.var = b_.variable(b_.tPointer(SCUniformConstant, t.imageType), SCUniformConstant);
        auto db = descriptorBinding(stage_, ResourceKind::ShaderResource, slot);
        b_.decorate(t.var, DecDescriptorSet, {db.set});
        b_.decorate(t.var, DecBinding, {db.binding});
        b_.name(t.var, "t" + std::to_string(slot));
        if (t.buffer) {
          t.shiftWord = kBufferViewShiftSrvBase + slot;
          declareViewShifts(db.set);
        }
      }
      textures_[slot] = t;
      return;
    }
    case Opcode::DclInput:
    case Opcode::DclInputPs: {
      const Operand& op = inst.operands.at(0);
      if (op.type == OperandType::InputCoverageMask) {
        if (!ps) fail("vCoverage outside a pixel shader");
        if (fallbackPixel()) {
          // Every sample of a conservatively rasterized pixel is covered; a
          // ForcedSampleCount pixel has its forced samples' coverage: the
          // prelude computes it (ANDed with SampleMask).
          coverageIn_ = privateUint("vCoverage");
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
        if (fallbackPixel()) {
          // computed by the prelude from the record
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
      if (op.type == OperandType::InputThreadId || op.type == OperandType::InputThreadGroupId ||
          op.type == OperandType::InputThreadIdInGroup || op.type == OperandType::InputThreadIdInGroupFlattened ||
          op.type == OperandType::InputGsInstanceId) {
        declareSystemOperand(op.type);
        return;
      }
      if (op.type != OperandType::Input) fail("unsupported input operand type " + std::to_string(uint32_t(op.type)));
      if (geometry()) {
        if (!gsInputOperand(op) || op.index[1].repr != IndexRepr::Imm32) fail("a geometry-shader input is v[vertices][register]");
        const uint32_t reg = uint32_t(op.index[1].imm);
        if (reg >= numInputs_) fail("input register out of range");
        // An input the signature names SV_Position (declared without _siv) is still the built-in.
        const SignatureElement* e = sh_.inputs.findByRegister(reg, op.mask ? op.mask : 0xf);
        declareGsInput(reg, op.mask, e && e->systemValue == uint32_t(SystemName::Position));
        return;
      }
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
      if (geometry()) {
        if (!gsInputOperand(op) || op.index[1].repr != IndexRepr::Imm32) fail("a geometry-shader input is v[vertices][register]");
        const uint32_t reg = uint32_t(op.index[1].imm);
        if (reg >= numInputs_) fail("input register out of range");
        const SystemName name = SystemName(inst.extra.at(0));
        if (name != SystemName::Position)
          fail("system value input '" + std::string(systemNameToken(name) ? systemNameToken(name) : "?") +
               "' is not supported in a geometry shader (position is; SV_PrimitiveID is vPrim)");
        declareGsInput(reg, op.mask, true);
        return;
      }
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
          if (nativeMaskOutput()) mask = b_.op(OpBitwiseAnd, b_.tUint(), {mask, b_.cUint(opt_.sampleMask)});
          b_.opNoResult(OpStore, {p, b_.op(OpBitcast, b_.tInt(), {mask})});
        });
        return;
      }
      if (op.type == OperandType::OutputDepth || op.type == OperandType::OutputDepthGreaterEqual ||
          op.type == OperandType::OutputDepthLessEqual || op.type == OperandType::OutputStencilRef) {
        if (!ps) fail(std::string(operandTypePrefix(op.type)) + " outside a pixel shader");
        declareDepthOrStencilOutput(op.type);
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

void Translator::declarePrimitiveId() {
  if (primitiveId_) return;
  primitiveId_ = privateUint("vPrim");
  if (fallbackPixel()) return;  // the prelude reads it from the record
  if (stage_ != ProgramType::Pixel && !geometry() && !tessellation())
    fail("SV_PrimitiveID input is only supported in pixel, geometry, hull and domain shaders");
  if (!tessellation()) b_.capability(CapGeometry);  // (hull and domain: Tessellation)
  uint32_t var = builtinInput(b_.tInt(), BuiltInPrimitiveId, "gl_PrimitiveID");
  if (stage_ == ProgramType::Pixel) b_.decorate(var, DecFlat);
  // A geometry or domain shader's id counts from the application's draw (the fallback captures in pieces).
  const uint32_t pushBase = (geometry() || domain()) && opt_.idBasesFromPushConstants ? idBasePushConstants() : 0;
  prologue_.push_back([this, var, pushBase] {
    uint32_t id = b_.op(OpLoad, b_.tInt(), {var});
    if (pushBase) {
      const uint32_t p = b_.op(OpAccessChain, b_.tPointer(9 /*PushConstant*/, b_.tInt()), {pushBase, b_.cUint(2)});
      id = b_.op(OpIAdd, b_.tInt(), {id, b_.op(OpLoad, b_.tInt(), {p})});
    }
    b_.opNoResult(OpStore, {primitiveId_, b_.op(OpBitcast, b_.tUint(), {id})});
  });
}

std::pair<uint32_t, uint32_t> Translator::componentSpan(uint8_t mask) {
  if ((mask & 0xf) == 0) mask = 0xf;
  uint32_t first = uint32_t(std::countr_zero(unsigned(mask)));
  uint32_t last = 31u - uint32_t(std::countl_zero(unsigned(mask & 0xf)));
  return {first, last - first + 1};
}

void Translator::declareVaryingInput(uint32_t reg, uint8_t mask, Interpolation interp) {
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
  // Fallback variant: a perspective varying arrives as u·a (affine on
  // screen, noperspective) and is divided by the interpolated 1/w (Σu);
  // centroid is the pixel centre there (every sample of a covered pixel is covered).
  const bool dividedByW = fallbackPixel() && !integer &&
                          (interp == Interpolation::Linear || interp == Interpolation::LinearCentroid ||
                           interp == Interpolation::LinearSample || interp == Interpolation::Undefined);
  if (dividedByW) {
    b_.decorate(var, DecNoPerspective);
    if (interp == Interpolation::LinearSample) {
      b_.capability(CapSampleRateShading);
      b_.decorate(var, DecSample);
      perSample_ = true;
    }
  } else switch (interp) {
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
      perSample_ = true;
      break;
    case Interpolation::LinearNoPerspectiveSample:
      b_.capability(CapSampleRateShading);
      b_.decorate(var, DecNoPerspective);
      b_.decorate(var, DecSample);
      perSample_ = true;
      break;
    default: break;
  }
  if (integer && interp != Interpolation::Constant) b_.decorate(var, DecFlat);
  interface_.push_back(var);
  for (uint32_t i = 0; i < n; ++i) psInputComponents_[reg * 4 + first + i] = {var, i, n, ct, dividedByW};
  const uint32_t inverseW = !dividedByW ? 0 : interp == Interpolation::LinearSample ? fallbackSampleInverseW() : fbInverseW_;  // declared first
  prologue_.push_back([this, var, vecT, ct, reg, mask, first, n, inverseW] {
    uint32_t v = b_.op(OpLoad, vecT, {var});
    if (inverseW) {
      const uint32_t w = b_.op(OpFDiv, b_.tFloat(), {b_.cFloat(1.0f), fallbackSafeInverseW(b_.op(OpLoad, b_.tFloat(), {inverseW}))});
      v = n == 1 ? b_.op(OpFMul, b_.tFloat(), {v, w}) : b_.op(142 /*OpVectorTimesScalar*/, vecT, {v, w});
    }
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

void Translator::declareSystemInput(uint32_t reg, uint8_t mask, SystemName name) {
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
        // D3D's SV_Position.w in the pixel shader is the clip-space w; FragCoord.w is 1/w
        // (the fallback's draw pass has w = 1 everywhere: its interpolated Σu is 1/w).
        uint32_t w = fallbackPixel() ? fallbackSafeInverseW(b_.op(OpLoad, b_.tFloat(), {fbInverseW_}))
                                     : b_.op(OpCompositeExtract, b_.tFloat(), {v, 3});
        uint32_t rw = b_.op(OpFDiv, b_.tFloat(), {b_.cFloat(1.0f), w});
        v = b_.op(OpCompositeInsert_, b_.tVec(b_.tFloat(), 4), {rw, v, 3});
        storeInputComponents(reg, mask, b_.op(OpBitcast, uVec4_, {v}));
      });
      return;
    }
    case SystemName::IsFrontFace: {
      if (!ps) fail("is_front_face outside a pixel shader");
      // The fallback's facing comes from its record (the draw pass's geometry has none).
      uint32_t var = fallbackPixel() ? fbFront_ : builtinInput(b_.tBool(), BuiltInFrontFacing, "gl_FrontFacing");  // declared first
      prologue_.push_back([this, var, reg, mask] {
        uint32_t v = b_.op(OpSelect, b_.tUint(), {b_.op(OpLoad, b_.tBool(), {var}), b_.cUint(0xffffffffu), b_.cUint(0)});
        storeInputComponents(reg, mask, splatUint(v));
      });
      return;
    }
    case SystemName::SampleIndex: {
      if (!ps) fail("sampleIndex outside a pixel shader");
      b_.capability(CapSampleRateShading);
      perSample_ = true;
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
    case SystemName::RenderTargetArrayIndex:
    case SystemName::ViewportArrayIndex: {
      // What the geometry shader wrote (0 without one).
      if (!ps) fail("rendertarget_array_index/viewport_array_index inputs outside a pixel shader");
      const bool layer = name == SystemName::RenderTargetArrayIndex;
      b_.capability(layer ? CapGeometry : CapMultiViewport);
      uint32_t var = builtinInput(b_.tInt(), layer ? BuiltInLayer : BuiltInViewportIndex,
                                  layer ? "gl_Layer" : "gl_ViewportIndex");
      b_.decorate(var, DecFlat);
      prologue_.push_back([this, var, reg, mask] {
        storeInputComponents(reg, mask, splatUint(b_.op(OpBitcast, b_.tUint(), {b_.op(OpLoad, b_.tInt(), {var})})));
      });
      return;
    }
    case SystemName::VertexId:
    case SystemName::InstanceId: {
      if (ps) fail("vertex_id/instance_id inputs outside a vertex shader");
      bool vid = name == SystemName::VertexId;
      uint32_t var = builtinInput(b_.tInt(), vid ? BuiltInVertexIndex : BuiltInInstanceIndex,
                                  vid ? "gl_VertexIndex" : "gl_InstanceIndex");
      uint32_t base = 0, pushBase = 0;
      if (opt_.idBasesFromPushConstants) {
        pushBase = idBasePushConstants();
      } else if (opt_.d3dVertexInstanceIds) {
        b_.capability(CapDrawParameters);
        base = builtinInput(b_.tInt(), vid ? BuiltInBaseVertex : BuiltInBaseInstance,
                            vid ? "gl_BaseVertex" : "gl_BaseInstance");
      }
      prologue_.push_back([this, var, base, pushBase, vid, reg, mask] {
        uint32_t i = b_.op(OpLoad, b_.tInt(), {var});
        if (base) i = b_.op(OpISub, b_.tInt(), {i, b_.op(OpLoad, b_.tInt(), {base})});
        if (pushBase) {
          const uint32_t p = b_.op(OpAccessChain, b_.tPointer(9 /*PushConstant*/, b_.tInt()), {pushBase, b_.cUint(vid ? 0 : 1)});
          i = b_.op(OpISub, b_.tInt(), {i, b_.op(OpLoad, b_.tInt(), {p})});
        }
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

void Translator::declareOutput(uint32_t reg, uint8_t mask, SystemName name) {
  const bool ps = stage_ == ProgramType::Pixel;
  // A geometry shader's varyings are the rasterized stream's outputs; another
  // stream's reach transform feedback only (translator_stream_output.cpp).
  if (geometry() && declStream_ != rasterizedD3dStream()) return;
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
  if (name == SystemName::CullDistance && !ps) {
    cullOutputs_.push_back({reg, mask});
    if (cullOutputs_.size() == 1) {
      b_.capability(33 /*CullDistance*/);
      epilogue_.push_back([this] { emitCullDistances(); });
    }
    declareOutput(reg, mask, SystemName::Undefined);  // also a varying (a pixel shader may read it)
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
  const bool layerOrViewport = name == SystemName::RenderTargetArrayIndex || name == SystemName::ViewportArrayIndex;
  if ((layerOrViewport && (stage_ == ProgramType::Vertex || domain())) && !opt_.viewportIndexLayer)
    fail(std::string(name == SystemName::RenderTargetArrayIndex ? "SV_RenderTargetArrayIndex" : "SV_ViewportArrayIndex") +
         " written by a vertex or domain shader needs VK_EXT_shader_viewport_index_layer, which the Vulkan device "
         "lacks (a geometry shader may write it)");
  if ((layerOrViewport || name == SystemName::PrimitiveId) &&
      (geometry() || (layerOrViewport && (stage_ == ProgramType::Vertex || domain())))) {
    // Scalar integer built-ins from one component of the register.
    const uint32_t builtin = name == SystemName::RenderTargetArrayIndex ? BuiltInLayer
                             : name == SystemName::ViewportArrayIndex   ? BuiltInViewportIndex
                                                                        : BuiltInPrimitiveId;
    if (!geometry()) {
      b_.extension("SPV_EXT_shader_viewport_index_layer");
      b_.capability(CapShaderViewportIndexLayerEXT);
    }
    if (builtin == BuiltInViewportIndex) b_.capability(CapMultiViewport);
    const uint32_t component = componentSpan(mask).first;
    uint32_t var = b_.variable(b_.tPointer(SCOutput, b_.tInt()), SCOutput);
    b_.decorate(var, DecBuiltIn, {builtin});
    b_.name(var, builtin == BuiltInLayer ? "gl_Layer" : builtin == BuiltInViewportIndex ? "gl_ViewportIndex" : "gl_PrimitiveID");
    interface_.push_back(var);
    xfbDecorate(var, reg, component);
    epilogue_.push_back([this, var, reg, component] {
      uint32_t p = b_.op(OpAccessChain, b_.tPointer(SCPrivate, b_.tUint()), {outArr_, b_.cUint(reg), b_.cUint(component)});
      b_.opNoResult(OpStore, {var, b_.op(OpBitcast, b_.tInt(), {b_.op(OpLoad, b_.tUint(), {p})})});
    });
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
    if (!alphaInRedTargets_) {
      alphaInRedTargets_ = b_.specConstant(b_.tUint(), 0, kAlphaInRedTargetsSpecId);
      b_.name(alphaInRedTargets_, "alpha_in_red_targets");
    }
    epilogue_.push_back([this, var, vecT, ct, reg] {
      uint32_t p = b_.op(OpAccessChain, b_.tPointer(SCPrivate, uVec4_), {outArr_, b_.cUint(reg)});
      uint32_t v = b_.op(OpLoad, uVec4_, {p});
      // A target storing alpha in red (A8_UNORM) gets .w in .x (kAlphaInRedTargetsSpecId).
      if (reg < 32) {
        const uint32_t bit = b_.op(OpBitwiseAnd, b_.tUint(), {alphaInRedTargets_, b_.cUint(1u << reg)});
        const uint32_t alphaInRed = b_.op(OpINotEqual, b_.tBool(), {bit, b_.cUint(0)});
        const uint32_t x = b_.op(OpCompositeExtract, b_.tUint(), {v, 0});
        const uint32_t w = b_.op(OpCompositeExtract, b_.tUint(), {v, 3});
        v = b_.op(OpCompositeInsert, uVec4_, {b_.op(OpSelect, b_.tUint(), {alphaInRed, w, x}), v, 0});
      }
      if (ct != ComponentType::Uint32) v = b_.op(OpBitcast, vecT, {v});
      b_.opNoResult(OpStore, {var, v});
    });
    return;
  }
  // Vertex- and geometry-shader varyings: one variable per declaration, like the pixel-shader inputs.
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

void Translator::declareDepthOrStencilOutput(OperandType type) {
  if (type == OperandType::OutputStencilRef) {
    if (stencilRefOut_) return;
    stencilRefOut_ = privateUint("oStencilRef");
    b_.capability(5013 /*StencilExportEXT*/);
    b_.extension("SPV_EXT_shader_stencil_export");
    const uint32_t var = b_.variable(b_.tPointer(SCOutput, b_.tInt()), SCOutput);
    b_.decorate(var, DecBuiltIn, {5014 /*FragStencilRefEXT*/});
    b_.name(var, "gl_FragStencilRefARB");
    interface_.push_back(var);
    epilogue_.push_back([this, var] {
      b_.opNoResult(OpStore, {var, b_.op(OpBitcast, b_.tInt(), {b_.op(OpLoad, b_.tUint(), {stencilRefOut_})})});
    });
    return;
  }
  if (depthOut_) fail("more than one depth output declared");
  depthOut_ = privateUint(type == OperandType::OutputDepth ? "oDepth" : type == OperandType::OutputDepthGreaterEqual ? "oDepthGE" : "oDepthLE");
  depthReplacing_ = true;
  uint32_t fragCoord = 0;
  if (type != OperandType::OutputDepth) {
    depthMode_ = type == OperandType::OutputDepthGreaterEqual ? 14u /*DepthGreater*/ : 15u /*DepthLess*/;
    fragCoord = builtinInput(b_.tVec(b_.tFloat(), 4), BuiltInFragCoord, "gl_FragCoord");
  }
  const uint32_t var = b_.variable(b_.tPointer(SCOutput, b_.tFloat()), SCOutput);
  b_.decorate(var, DecBuiltIn, {BuiltInFragDepth});
  interface_.push_back(var);
  const bool greater = type == OperandType::OutputDepthGreaterEqual;
  epilogue_.push_back([this, var, fragCoord, greater] {
    uint32_t depth = b_.op(OpBitcast, b_.tFloat(), {b_.op(OpLoad, b_.tUint(), {depthOut_})});
    if (fragCoord) {  // D3D clamps a conservative depth output to its side of the rasterized depth
      const uint32_t z = b_.op(OpLoad, b_.tFloat(), {b_.op(OpAccessChain, b_.tPointer(SCInput, b_.tFloat()), {fragCoord, b_.cUint(2)})});
      depth = b_.ext(b_.tFloat(), greater ? GlslNMax : GlslNMin, {depth, z});
    }
    b_.opNoResult(OpStore, {var, depth});
  });
}

void Translator::emitCullDistances() {
  uint32_t total = 0, clip = 0;
  for (auto& c : cullOutputs_) total += uint32_t(std::popcount(c.second));
  for (auto& c : clipOutputs_) clip += uint32_t(std::popcount(c.second));
  if (total == 0 || total + clip > 8) fail("SV_CullDistance needs 1..8 components (with SV_ClipDistance)");
  const uint32_t var = b_.variable(b_.tPointer(SCOutput, b_.tArray(b_.tFloat(), total)), SCOutput);
  b_.decorate(var, DecBuiltIn, {4 /*CullDistance*/});
  b_.name(var, "gl_CullDistance");
  interface_.push_back(var);
  uint32_t k = 0;
  for (auto& [reg, mask] : cullOutputs_)
    for (uint32_t c = 0; c < 4; ++c) {
      if (!(mask & (1u << c))) continue;
      const uint32_t src = b_.op(OpAccessChain, b_.tPointer(SCPrivate, b_.tUint()), {outArr_, b_.cUint(reg), b_.cUint(c)});
      const uint32_t dst = b_.op(OpAccessChain, b_.tPointer(SCOutput, b_.tFloat()), {var, b_.cUint(k++)});
      b_.opNoResult(OpStore, {dst, b_.op(OpBitcast, b_.tFloat(), {b_.op(OpLoad, b_.tUint(), {src})})});
    }
}

}  // namespace d3dvk::dxbc::detail
