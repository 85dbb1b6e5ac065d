// translate/dxbc/translator_stages.cpp — Translator members for what the
// compute and geometry stages add to the vertex/pixel model: the compute
// shader's thread group (LocalSize) and its system-value operands
// (vThreadID, vThreadGroupID, vThreadIDInGroup, vThreadIDInGroupFlattened,
// vGSInstanceID), read like registers from Private copies of the built-ins;
// the geometry shader's primitive types and counts (execution modes), its
// input arrays v[vertex][register], and emit/cut, which store the output
// registers to the interface outputs at every emitted vertex. See translator_impl.h.
#include "translator_impl.h"

namespace d3dvk::dxbc::detail {

void Translator::declareThreadGroup(const Instruction& inst) {
  if (stage_ != ProgramType::Compute) fail("dcl_thread_group outside a compute shader");
  if (inst.extra.size() != 3) fail("dcl_thread_group needs x, y, z");
  const uint64_t x = inst.extra[0], y = inst.extra[1], z = inst.extra[2];
  // D3D11: x, y ≤ 1024, z ≤ 64, x·y·z ≤ 1024 (D3D11_CS_THREAD_GROUP_MAX_*).
  if (x == 0 || y == 0 || z == 0 || x > 1024 || y > 1024 || z > 64 || x * y * z > 1024)
    fail("thread group " + std::to_string(x) + "x" + std::to_string(y) + "x" + std::to_string(z) +
         " is outside D3D11's limits (x, y <= 1024, z <= 64, x*y*z <= 1024)");
  threadGroup_[0] = uint32_t(x);
  threadGroup_[1] = uint32_t(y);
  threadGroup_[2] = uint32_t(z);
}

void Translator::declareSystemOperand(OperandType type) {
  if (systemOperands_.count(type)) return;
  const bool compute = type != OperandType::InputGsInstanceId;
  if (compute && stage_ != ProgramType::Compute)
    fail(std::string(operandTypePrefix(type)) + " outside a compute shader");
  if (!compute && stage_ != ProgramType::Geometry) fail("vGSInstanceID outside a geometry shader");
  const bool scalar = type == OperandType::InputThreadIdInGroupFlattened || type == OperandType::InputGsInstanceId;
  uint32_t builtin = 0;
  const char* name = "";
  switch (type) {
    case OperandType::InputThreadId: builtin = BuiltInGlobalInvocationId, name = "gl_GlobalInvocationID"; break;
    case OperandType::InputThreadGroupId: builtin = BuiltInWorkgroupId, name = "gl_WorkGroupID"; break;
    case OperandType::InputThreadIdInGroup: builtin = BuiltInLocalInvocationId, name = "gl_LocalInvocationID"; break;
    case OperandType::InputThreadIdInGroupFlattened:
      builtin = BuiltInLocalInvocationIndex, name = "gl_LocalInvocationIndex";
      break;
    default: builtin = BuiltInInvocationId, name = "gl_InvocationID"; break;
  }
  const uint32_t inType = scalar ? (compute ? b_.tUint() : b_.tInt()) : b_.tVec(b_.tUint(), 3);
  const uint32_t in = builtinInput(inType, builtin, name);
  uint32_t copy;
  if (scalar) {
    copy = privateUint(operandTypePrefix(type).data());
  } else {
    copy = b_.variable(b_.tPointer(SCPrivate, uVec4_), SCPrivate);
    b_.name(copy, std::string(operandTypePrefix(type)));
  }
  systemOperands_[type] = {copy, scalar};
  prologue_.push_back([this, in, inType, copy, scalar] {
    uint32_t v = b_.op(OpLoad, inType, {in});
    if (scalar) {
      if (inType != b_.tUint()) v = b_.op(OpBitcast, b_.tUint(), {v});
    } else {
      v = b_.op(OpCompositeConstruct, uVec4_,
                {b_.op(OpCompositeExtract, b_.tUint(), {v, 0}), b_.op(OpCompositeExtract, b_.tUint(), {v, 1}),
                 b_.op(OpCompositeExtract, b_.tUint(), {v, 2}), b_.cUint(0)});
    }
    b_.opNoResult(OpStore, {copy, v});
  });
}

std::pair<uint32_t, bool> Translator::systemOperandPointer(const Operand& op) {
  auto it = systemOperands_.find(op.type);
  if (it == systemOperands_.end())
    fail(std::string(operandTypePrefix(op.type)) + " used without dcl_input " + std::string(operandTypePrefix(op.type)));
  return it->second;
}

uint32_t Translator::entryModel() const {
  switch (stage_) {
    case ProgramType::Vertex: return ModelVertex;
    case ProgramType::Pixel: return ModelFragment;
    case ProgramType::Geometry: return ModelGeometry;
    case ProgramType::Hull:
    case ProgramType::Domain: return tessellationModel();
    default: return ModelGLCompute;
  }
}

namespace {
// D3D10_SB_PRIMITIVE → (vertices per primitive, SPIR-V input mode).
bool gsInputPrimitive(uint32_t d3d, uint32_t* vertices, uint32_t* mode) {
  switch (d3d) {
    case 1: *vertices = 1, *mode = ModeInputPoints; return true;
    case 2: *vertices = 2, *mode = ModeInputLines; return true;
    case 3: *vertices = 3, *mode = ModeTriangles; return true;
    case 6: *vertices = 4, *mode = ModeInputLinesAdjacency; return true;
    case 7: *vertices = 6, *mode = ModeInputTrianglesAdjacency; return true;
    default: return false;  // patches: tessellation
  }
}
}  // namespace

void Translator::scanGeometryDeclarations() {
  for (const Instruction& inst : prog_.instructions) {
    cur_ = &inst;
    switch (inst.opcode) {
      case Opcode::DclGsInputPrimitive:
        if (!gsInputPrimitive(inst.controls, &gsInputVertices_, &gsInputMode_))
          fail("input primitive " + std::to_string(inst.controls) +
               " is not supported (point, line, triangle, lineadj and triangleadj are)");
        break;
      case Opcode::DclGsOutputTopology:
        switch (inst.controls) {
          case 1: gsOutputMode_ = ModeOutputPoints; break;
          case 3: gsOutputMode_ = ModeOutputLineStrip; break;
          case 5: gsOutputMode_ = ModeOutputTriangleStrip; break;
          default: fail("output topology " + std::to_string(inst.controls) + " is not a point list, line strip or triangle strip");
        }
        break;
      case Opcode::DclMaxOutputVertexCount:
        // D3D11: at most 1024 vertices (and 1024 scalars across them, which fxc enforces).
        if (inst.extra.empty() || inst.extra[0] == 0 || inst.extra[0] > 1024)
          fail("dcl_maxout must be 1..1024");
        gsMaxOut_ = inst.extra[0];
        break;
      case Opcode::DclGsInstanceCount:
        if (inst.extra.empty() || inst.extra[0] == 0 || inst.extra[0] > 32) fail("dcl_gsinstances must be 1..32");
        gsInstances_ = inst.extra[0];
        break;
      default: break;
    }
  }
  cur_ = nullptr;
  if (!gsInputMode_ || !gsOutputMode_ || !gsMaxOut_)
    fail("a geometry shader needs dcl_inputprimitive, dcl_outputtopology and dcl_maxout");
}

void Translator::declareGeometry(const Instruction& inst) {
  if (!geometry()) fail("geometry-shader declaration outside a geometry shader");
  if (inst.opcode != Opcode::DclStream) return;  // the others: scanGeometryDeclarations
  const Operand& op = inst.operands.at(0);
  if (op.type != OperandType::Stream || op.indexDimension != 1 || op.index[0].repr != IndexRepr::Imm32)
    fail("dcl_stream needs an immediate m#");
  if (op.index[0].imm > 3) fail("stream m" + std::to_string(op.index[0].imm) + " is beyond m3");
  declStream_ = op.index[0].imm;  // the outputs declared next are this stream's
}

void Translator::declareGsInput(uint32_t reg, uint8_t mask, bool position) {
  if (position) {
    // gl_in[].gl_Position: a Block of the Position built-in, arrayed per vertex.
    if (gsPositionIn_) return;
    const uint32_t vec4 = b_.tVec(b_.tFloat(), 4);
    const uint32_t block = b_.tStruct({vec4});
    b_.decorate(block, DecBlock);
    b_.memberDecorate(block, 0, DecBuiltIn, {BuiltInPosition});
    b_.name(block, "gl_PerVertex");
    const uint32_t arrT = b_.tArray(block, gsInputVertices_);
    gsPositionIn_ = b_.variable(b_.tPointer(SCInput, arrT), SCInput);
    b_.name(gsPositionIn_, "gl_in");
    interface_.push_back(gsPositionIn_);
    prologue_.push_back([this, vec4, reg] {
      for (uint32_t v = 0; v < gsInputVertices_; ++v) {
        const uint32_t p = b_.op(OpAccessChain, b_.tPointer(SCInput, vec4), {gsPositionIn_, b_.cUint(v), b_.cUint(0)});
        const uint32_t value = b_.op(OpBitcast, uVec4_, {b_.op(OpLoad, vec4, {p})});
        b_.opNoResult(OpStore, {b_.op(OpAccessChain, b_.tPointer(SCPrivate, uVec4_), {inArr_, b_.cUint(v), b_.cUint(reg)}),
                                value});
      }
    });
    return;
  }
  // Like the pixel shader's varyings: one variable per declaration, so registers
  // packed from elements of different types match the previous stage's outputs.
  const auto span = componentSpan(mask);
  const uint32_t first = span.first, n = span.second;
  if (!gsInputSlots_.insert(reg * 4 + first).second) return;
  const ComponentType ct = signatureType(sh_.inputs, reg, mask);
  const uint32_t vecT = b_.tVec(typeFor(ct), n);
  const uint32_t var = b_.variable(b_.tPointer(SCInput, b_.tArray(vecT, gsInputVertices_)), SCInput);
  b_.decorate(var, DecLocation, {reg});
  if (first) b_.decorate(var, 31 /*Component*/, {first});
  b_.name(var, "in_v" + std::to_string(reg) + (first ? "_" + std::to_string(first) : std::string()));
  interface_.push_back(var);
  prologue_.push_back([this, var, vecT, ct, reg, first, n] {
    for (uint32_t v = 0; v < gsInputVertices_; ++v) {
      uint32_t value = b_.op(OpLoad, vecT, {b_.op(OpAccessChain, b_.tPointer(SCInput, vecT), {var, b_.cUint(v)})});
      if (ct != ComponentType::Uint32) value = b_.op(OpBitcast, b_.tVec(b_.tUint(), n), {value});
      for (uint32_t i = 0; i < n; ++i) {
        const uint32_t comp = n == 1 ? value : b_.op(OpCompositeExtract, b_.tUint(), {value, i});
        const uint32_t ptr = b_.op(OpAccessChain, b_.tPointer(SCPrivate, b_.tUint()),
                                   {inArr_, b_.cUint(v), b_.cUint(reg), b_.cUint(first + i)});
        b_.opNoResult(OpStore, {ptr, comp});
      }
    }
  });
}

void Translator::gsEmitCut(const Instruction& inst, bool emit, bool cut) {
  if (!geometry()) fail("emit/cut outside a geometry shader");
  uint32_t stream = 0;
  if (!inst.operands.empty()) {
    const Operand& op = inst.operands[0];
    if (op.type != OperandType::Stream || op.indexDimension != 1 || op.index[0].repr != IndexRepr::Imm32)
      fail("the stream operand must be an immediate m#");
    if (op.index[0].imm > 3) fail("stream m" + std::to_string(op.index[0].imm) + " is beyond m3");
    stream = op.index[0].imm;
  }
  if (!streamEmitted(stream)) return;  // neither rasterized nor captured: nothing to emit
  ensureBlock();
  if (gsStreams_) {  // (TranslateOptions::streamOutput)
    const uint32_t vulkan = b_.cUint(vulkanStream(stream, opt_.rasterizedStream));
    if (emit) {
      b_.op(OpFunctionCall, b_.tVoid(), {storeOutputsFn_});
      b_.opNoResult(OpEmitStreamVertex, {vulkan});
    }
    if (cut) b_.opNoResult(OpEndStreamPrimitive, {vulkan});
    return;
  }
  if (emit) {
    b_.op(OpFunctionCall, b_.tVoid(), {storeOutputsFn_});
    b_.opNoResult(OpEmitVertex, {});
  }
  if (cut) b_.opNoResult(OpEndPrimitive, {});
}

void Translator::defineStoreOutputs() {
  b_.beginFunction(storeOutputsFn_, b_.tVoid(), b_.tFunction(b_.tVoid()));
  b_.label(b_.id());
  for (auto& f : epilogue_) f();
  b_.opNoResult(OpReturn, {});
  b_.endFunction();
}

}  // namespace d3dvk::dxbc::detail
