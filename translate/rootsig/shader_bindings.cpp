// translate/rootsig/shader_bindings.cpp — see shader_bindings.h.
#include "rootsig/shader_bindings.h"

#include "dxbc/binding.h"

#include <algorithm>
#include <map>

namespace d3dvk::rootsig {
namespace {

using dxbc::Opcode;
using dxbc::ResourceDimension;
using dxbc::ResourceKind;

// One resource declaration: its register class, space, registers and what it needs.
struct Declaration {
  ResourceKind kind = ResourceKind::ShaderResource;
  uint32_t space = 0, lower = 0, count = 1;  // count kUnboundedDescriptorRange: unbounded
  DescriptorClass cls = DescriptorClass::SampledImage;
  uint32_t constantBufferVectors = 0;  // a constant buffer's declared size
  bool rawOrStructured = false;
  bool texture3d = false;  // a RWTexture3D (typed UAV)
};

uint32_t d3d12Visibility(dxbc::ProgramType stage) {
  switch (stage) {
    case dxbc::ProgramType::Vertex: return 1;
    case dxbc::ProgramType::Hull: return 2;
    case dxbc::ProgramType::Domain: return 3;
    case dxbc::ProgramType::Geometry: return 4;
    case dxbc::ProgramType::Pixel: return 5;
    case dxbc::ProgramType::Compute: return kVisibilityAll;
  }
  return kVisibilityAll;
}

const char* kindName(ResourceKind kind) {
  switch (kind) {
    case ResourceKind::ConstantBuffer: return "CBV";
    case ResourceKind::Sampler: return "Sampler";
    case ResourceKind::UnorderedAccess: return "UAV";
    default: return "SRV";
  }
}

uint32_t rangeTypeOf(ResourceKind kind) {
  switch (kind) {
    case ResourceKind::ConstantBuffer: return kRangeCbv;
    case ResourceKind::Sampler: return kRangeSampler;
    case ResourceKind::UnorderedAccess: return kRangeUav;
    default: return kRangeSrv;
  }
}

// Reads a declaration; false for other instructions. *unsupported names what d3dvk cannot bind.
bool readDeclaration(const dxbc::Instruction& inst, bool sm51, Declaration* d, std::string* unsupported) {
  switch (inst.opcode) {
    case Opcode::DclConstantBuffer: d->kind = ResourceKind::ConstantBuffer; d->cls = DescriptorClass::UniformBuffer; break;
    case Opcode::DclSampler: d->kind = ResourceKind::Sampler; d->cls = DescriptorClass::Sampler; break;
    case Opcode::DclResource:
      d->kind = ResourceKind::ShaderResource;
      d->cls = inst.resourceDimension() == ResourceDimension::Buffer ? DescriptorClass::UniformTexelBuffer
                                                                      : DescriptorClass::SampledImage;
      break;
    case Opcode::DclResourceRaw:
    case Opcode::DclResourceStructured:
      d->kind = ResourceKind::ShaderResource;
      d->cls = DescriptorClass::StorageBuffer;
      d->rawOrStructured = true;
      break;
    case Opcode::DclUavTyped:
      d->kind = ResourceKind::UnorderedAccess;
      d->cls = inst.resourceDimension() == ResourceDimension::Buffer ? DescriptorClass::StorageTexelBuffer
                                                                      : DescriptorClass::StorageImage;
      d->texture3d = inst.resourceDimension() == ResourceDimension::Texture3D;
      break;
    case Opcode::DclUavRaw:
    case Opcode::DclUavStructured:
      d->kind = ResourceKind::UnorderedAccess;
      d->cls = DescriptorClass::StorageBuffer;
      d->rawOrStructured = true;
      break;
    default: return false;
  }
  if (inst.operands.empty()) {
    *unsupported = "a resource declaration without its register";
    return true;
  }
  const dxbc::Operand& op = inst.operands[0];
  if (sm51) {
    if (op.indexDimension != 3 || inst.extra.empty()) {
      *unsupported = "an SM5.1 resource declaration without id[lower:upper] and a register space";
      return true;
    }
    d->lower = uint32_t(op.index[1].imm);
    if (d->kind == ResourceKind::ConstantBuffer && inst.extra.size() == 2) d->constantBufferVectors = inst.extra[0];
    const uint32_t upper = uint32_t(op.index[2].imm);
    d->count = upper == dxbc::kUnboundedDescriptorRange ? dxbc::kUnboundedDescriptorRange : upper - d->lower + 1;
    d->space = inst.extra.back();
  } else {
    if (op.indexDimension < 1) {
      *unsupported = "a resource declaration without its register";
      return true;
    }
    d->lower = uint32_t(op.index[0].imm);
    if (d->kind == ResourceKind::ConstantBuffer && op.indexDimension >= 2) d->constantBufferVectors = uint32_t(op.index[1].imm);
    d->count = 1;
    d->space = 0;
  }
  return true;
}

std::string rangeText(const Declaration& d) {
  return std::string("Shader ") + kindName(d.kind) + " descriptor range (BaseShaderRegister=" + std::to_string(d.lower) +
         ", NumDescriptors=" + (d.count == dxbc::kUnboundedDescriptorRange ? "unbounded" : std::to_string(d.count)) +
         ", RegisterSpace=" + std::to_string(d.space) + ")";
}

// Finds what covers `d`; false when nothing does. *why is set for a covering
// binding of the wrong shape (a root SRV/UAV for a texture or typed buffer).
bool cover(const RootSignatureDesc& desc, uint32_t visibility, const Declaration& d, ShaderBinding* b, std::string* why) {
  auto visible = [&](uint32_t v) { return visibility == kVisibilityAll || v == kVisibilityAll || v == visibility; };
  for (uint32_t p = 0; p < desc.parameters.size(); ++p) {
    const RootParameter& param = desc.parameters[p];
    if (!visible(param.shaderVisibility)) continue;
    if (param.parameterType != kParameterTable) {
      const ResourceKind kind = param.parameterType == kParameterUav ? ResourceKind::UnorderedAccess
                                : param.parameterType == kParameterSrv ? ResourceKind::ShaderResource
                                                                       : ResourceKind::ConstantBuffer;
      if (kind != d.kind || param.registerSpace != d.space || param.shaderRegister != d.lower || d.count != 1) continue;
      if (kind != ResourceKind::ConstantBuffer && !d.rawOrStructured) {
        *why = rangeText(d) + " is a texture or typed buffer, but the root signature binds it as a root descriptor "
               "(root SRVs and UAVs are raw or structured buffers only)";
        return false;
      }
      b->source = param.parameterType == kParameterConstants ? BindingSource::RootConstants : BindingSource::RootDescriptor;
      b->index = p;
      b->count = 1;
      return true;
    }
    uint32_t offset = 0;
    for (const DescriptorRange& r : param.ranges) {
      const uint32_t start = r.offsetInDescriptorsFromTableStart == kOffsetAppend ? offset : r.offsetInDescriptorsFromTableStart;
      offset = r.numDescriptors == kUnboundedDescriptors ? start : start + r.numDescriptors;
      if (r.rangeType != rangeTypeOf(d.kind) || r.registerSpace != d.space || d.lower < r.baseShaderRegister) continue;
      const bool rangeUnbounded = r.numDescriptors == kUnboundedDescriptors;
      const uint64_t rangeEnd = uint64_t(r.baseShaderRegister) + r.numDescriptors;
      uint32_t count = d.count;
      if (d.count == dxbc::kUnboundedDescriptorRange) {
        count = rangeUnbounded ? kUnboundedDescriptorCap : uint32_t(rangeEnd > d.lower ? rangeEnd - d.lower : 0);
        if (!count) continue;
      } else if (!rangeUnbounded && uint64_t(d.lower) + d.count > rangeEnd) {
        continue;
      }
      b->source = BindingSource::Table;
      b->index = p;
      b->count = count;
      b->capped = d.count == dxbc::kUnboundedDescriptorRange && rangeUnbounded;
      b->tableOffset = start + (d.lower - r.baseShaderRegister);
      return true;
    }
  }
  if (d.kind == ResourceKind::Sampler && d.count == 1) {
    for (uint32_t s = 0; s < desc.staticSamplers.size(); ++s) {
      const StaticSampler& ss = desc.staticSamplers[s];
      if (!visible(ss.shaderVisibility) || ss.shaderRegister != d.lower || ss.registerSpace != d.space) continue;
      b->source = BindingSource::StaticSampler;
      b->index = s;
      b->count = 1;
      return true;
    }
  }
  return false;
}

}  // namespace

const char* stageName(dxbc::ProgramType stage) {
  switch (stage) {
    case dxbc::ProgramType::Vertex: return "Vertex";
    case dxbc::ProgramType::Pixel: return "Pixel";
    case dxbc::ProgramType::Geometry: return "Geometry";
    case dxbc::ProgramType::Hull: return "Hull";
    case dxbc::ProgramType::Domain: return "Domain";
    case dxbc::ProgramType::Compute: return "Compute";
  }
  return "unknown";
}

ShaderBindings bindShader(const RootSignatureDesc& desc, const dxbc::Program& program, uint32_t set) {
  ShaderBindings out;
  const bool sm51 = program.major == 5 && program.minor >= 1;
  const uint32_t visibility = d3d12Visibility(program.type);
  const std::string prefix = std::string("Root Signature doesn't match ") + stageName(program.type) + " Shader: ";
  // A RWTexture3D's W window and a structured UAV's counter: extra bindings
  // after the declarations' (at binding.h's numbers for the UAV's id), fed from
  // the same table descriptor as the UAV.
  struct Companion {
    uint32_t id;
    size_t uav;  // the UAV's binding
  };
  std::vector<Companion> windows, counters;
  std::map<uint32_t, size_t> uavById;  // a UAV declaration's id (SM5.0 register, SM5.1 range id) → its binding
  for (const dxbc::Instruction& inst : program.instructions) {
    const uint32_t op = uint32_t(inst.opcode);
    if (op == 178 || op == 179) {  // imm_atomic_alloc / imm_atomic_consume
      const uint32_t id = inst.operands.size() > 1 && inst.operands[1].indexDimension >= 1
                              ? uint32_t(inst.operands[1].index[0].imm)
                              : UINT32_MAX;
      const auto uav = uavById.find(id);
      if (uav == uavById.end()) {
        out.error = std::string(stageName(program.type)) + " Shader: imm_atomic_alloc/consume on an undeclared UAV";
        return out;
      }
      if (std::none_of(counters.begin(), counters.end(), [&](const Companion& c) { return c.id == id; }))
        counters.push_back({id, uav->second});
      continue;
    }
    Declaration d;
    std::string unsupported;
    if (!readDeclaration(inst, sm51, &d, &unsupported)) continue;
    if (!unsupported.empty()) {
      out.error = std::string(stageName(program.type)) + " Shader: " + unsupported;
      return out;
    }
    ShaderBinding b;
    std::string why;
    if (!cover(desc, visibility, d, &b, &why)) {
      out.error = prefix + (why.empty() ? rangeText(d) + " is not fully bound in root signature" : why);
      out.mismatch = true;
      return out;
    }
    b.binding = uint32_t(out.bindings.size());
    b.descriptorClass = d.cls;
    b.constantBufferBytes = std::min<uint32_t>(d.constantBufferVectors, 4096) * 16;
    const bool bufferView = d.kind != ResourceKind::ConstantBuffer &&
                            (d.cls == DescriptorClass::StorageBuffer || d.cls == DescriptorClass::UniformTexelBuffer ||
                             d.cls == DescriptorClass::StorageTexelBuffer);
    if (bufferView) {  // its elements' words of the buffer view shifts
      b.shiftIndex = out.shiftWords;
      out.shiftWords += b.count;
    }
    out.bindings.push_back(b);
    if (d.kind == ResourceKind::UnorderedAccess) {
      const uint32_t id = uint32_t(inst.operands[0].index[0].imm);
      uavById[id] = out.bindings.size() - 1;
      if (d.texture3d) windows.push_back({id, out.bindings.size() - 1});
    }
    dxbc::DescriptorRange r;
    r.kind = d.kind;
    r.space = d.space;
    r.lowerBound = d.lower;
    r.count = b.count;
    r.set = set;
    r.binding = b.binding;
    r.viewShiftIndex = b.shiftIndex;
    out.ranges.push_back(r);
  }
  for (const auto& [list, source] : {std::pair{&windows, BindingSource::UavWindow},
                                     std::pair{&counters, BindingSource::UavCounter}}) {
    for (const Companion& c : *list) {
      const ShaderBinding& uav = out.bindings[c.uav];
      const char* what = source == BindingSource::UavWindow ? "a RWTexture3D" : "a structured UAV's counter";
      if (c.id >= dxbc::kMaxUnorderedAccessSlots || uav.count != 1 || uav.source != BindingSource::Table) {
        out.error = std::string(stageName(program.type)) + " Shader: " + what + " needs a one-register UAV (id below " +
                    std::to_string(dxbc::kMaxUnorderedAccessSlots) + ") from a descriptor table" +
                    (uav.source == BindingSource::RootDescriptor ? " (a root UAV has no counter)" : "");
        return out;
      }
      ShaderBinding b = uav;
      b.source = source;
      b.shiftIndex = dxbc::kNoViewShift;
      b.descriptorClass = DescriptorClass::StorageBuffer;
      b.binding = dxbc::descriptorBinding(program.type,
                                          source == BindingSource::UavWindow ? ResourceKind::UnorderedAccessWindow
                                                                              : ResourceKind::UnorderedAccessCounter,
                                          c.id)
                      .binding;
      out.bindings.push_back(b);
    }
  }
  if (out.shiftWords) {
    ShaderBinding b;
    b.binding = dxbc::kBufferViewShiftsBinding;
    b.descriptorClass = DescriptorClass::StorageBuffer;
    b.source = BindingSource::BufferViewShifts;
    out.bindings.push_back(b);
  }
  return out;
}

}  // namespace d3dvk::rootsig
