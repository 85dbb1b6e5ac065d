// translate/dxbc/translator_stages.cpp — Translator members for what the
// compute and geometry stages add to the vertex/pixel model: the compute
// shader's thread group (LocalSize) and its system-value operands
// (vThreadID, vThreadGroupID, vThreadIDInGroup, vThreadIDInGroupFlattened),
// read like registers from Private copies of the built-ins. See translator_impl.h.
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
    default: return ModelGLCompute;
  }
}

}  // namespace d3dvk::dxbc::detail
