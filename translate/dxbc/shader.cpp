// translate/dxbc/shader.cpp — parseShader (container → chunks → program) and reflection.
#include "dxbc/shader.h"

#include <algorithm>
#include <cstring>

namespace d3dvk::dxbc {

Shader parseShader(std::span<const uint8_t> bytes, bool verifyChecksum) {
  Shader s;
  s.container = parseContainer(bytes, verifyChecksum);
  const Chunk* code = s.container.find(fourcc("SHEX"));
  s.extendedCode = code != nullptr;
  if (!code) code = s.container.find(fourcc("SHDR"));
  if (!code) throw Error("DXBC container: no SHDR or SHEX chunk");
  try {
    s.program = decodeProgramBytes(code->data);
  } catch (const Error& e) {
    throw Error(std::string(e.what()) + " (in chunk '" + fourccName(code->code) + "' at container offset " +
                std::to_string(code->containerOffset) + ")");
  }
  for (const Chunk& c : s.container.chunks) {
    if (c.code == fourcc("ISGN") || c.code == fourcc("ISG1")) s.inputs = parseSignature(c);
    else if (c.code == fourcc("OSGN") || c.code == fourcc("OSG1") || c.code == fourcc("OSG5")) s.outputs = parseSignature(c);
    else if (c.code == fourcc("PCSG") || c.code == fourcc("PSG1")) s.patchConstants = parseSignature(c);
    else if (c.code == fourcc("SFI0")) s.featureFlags = parseFeatureFlags(c);
    else if (c.code == fourcc("RDEF")) s.resources = parseResourceDefinitions(c);
    else if (c.code == fourcc("STAT")) s.statistics = parseStatistics(c);
  }
  return s;
}

namespace {
void scanOperand(const Operand& op, ShaderReflection& r) {
  switch (op.type) {
    case OperandType::InnerCoverage: r.readsInnerCoverage = true; break;
    case OperandType::InputCoverageMask: r.readsCoverage = true; break;
    case OperandType::OutputCoverageMask: r.writesCoverage = true; break;
    case OperandType::OutputDepth:
    case OperandType::OutputDepthGreaterEqual:
    case OperandType::OutputDepthLessEqual: r.writesDepth = true; break;
    case OperandType::OutputStencilRef: r.writesStencilRef = true; break;
    default: break;
  }
  for (const OperandIndex& i : op.index)
    for (const Operand& rel : i.rel) scanOperand(rel, r);
}
}  // namespace

ShaderReflection reflect(const Shader& shader) {
  ShaderReflection r;
  r.stage = shader.program.type;
  r.major = shader.program.major;
  r.minor = shader.program.minor;
  r.inputs = shader.inputs;
  r.outputs = shader.outputs;
  r.patchConstants = shader.patchConstants;
  r.hasFeatureFlags = shader.featureFlags.has_value();
  r.featureFlags = shader.featureFlags.value_or(0);
  for (const Instruction& inst : shader.program.instructions)
    for (const Operand& op : inst.operands) scanOperand(op, r);
  for (const SignatureElement& e : shader.inputs.elements) {
    if (effectiveSystemValue(e) == kNameInnerCoverage) r.readsInnerCoverage = true;
    if (effectiveSystemValue(e) == kNameCoverage) r.readsCoverage = true;
  }
  for (const Instruction& inst : shader.program.instructions) {
    if (inst.opcode != Opcode::DclInputPs || inst.operands.empty()) continue;
    const Operand& op = inst.operands[0];
    if (op.type != OperandType::Input || op.indexDimension < 1) continue;
    const uint64_t reg = op.index[0].imm;
    if (reg >= ShaderReflection::kInputRegisters) continue;
    const uint8_t mask = (op.mask & 0xf) ? op.mask : 0xf;
    for (uint32_t c = 0; c < 4; ++c) {
      if (!(mask >> c & 1)) continue;
      const SignatureElement* e = shader.inputs.findByRegister(uint32_t(reg), uint8_t(1u << c));
      const bool integer = e && e->componentType != ComponentType::Float32;
      r.inputInterpolation[reg * 4 + c] = integer ? Interpolation::Constant : inst.interpolation();
    }
  }
  for (const SignatureElement& e : shader.outputs.elements)
    if (effectiveSystemValue(e) == kNameTarget && e.registerIndex < 8) r.renderTargetMask |= 1u << e.registerIndex;
  bool hullControlPointPhase = false;
  for (const Instruction& inst : shader.program.instructions) {
    if (inst.opcode == Opcode::DclGsInputPrimitive) r.gsInputPrimitive = inst.controls;
    if (inst.opcode == Opcode::DclInputControlPointCount) r.inputControlPoints = inst.controls;
    if (inst.opcode == Opcode::DclOutputControlPointCount) r.outputControlPoints = inst.controls;
    if (inst.opcode == Opcode::DclTessDomain) r.tessDomain = inst.controls;
    if (inst.opcode == Opcode::DclTessOutputPrimitive) r.tessOutputPrimitive = inst.controls;
    if (inst.opcode == Opcode::DclHsMaxTessFactor && !inst.extra.empty()) std::memcpy(&r.maxTessFactor, &inst.extra[0], 4);
    if (inst.opcode == Opcode::HsControlPointPhase) hullControlPointPhase = true;
    if (inst.opcode == Opcode::DclGsOutputTopology) r.gsOutputTopology = inst.controls;
    if (inst.opcode == Opcode::DclMaxOutputVertexCount && !inst.extra.empty()) r.gsMaxOutputVertices = inst.extra[0];
    if (inst.opcode == Opcode::DclGsInstanceCount && !inst.extra.empty()) r.gsInstanceCount = std::max(inst.extra[0], 1u);
    if (inst.opcode == Opcode::DclOutputSiv && !inst.extra.empty()) {
      if (inst.extra[0] == uint32_t(SystemName::RenderTargetArrayIndex)) r.writesRenderTargetArrayIndex = true;
      if (inst.extra[0] == uint32_t(SystemName::ViewportArrayIndex)) r.writesViewportArrayIndex = true;
    }
  }
  if (r.stage == ProgramType::Hull) {
    if (!hullControlPointPhase || !r.outputControlPoints) r.outputControlPoints = r.inputControlPoints;
    if (r.maxTessFactor == 0.0f) r.maxTessFactor = 64.0f;
  }
  return r;
}

}  // namespace d3dvk::dxbc
