// translate/dxbc/translator_ranges.cpp — Translator members for resources bound
// as register ranges (TranslateOptions::descriptorRanges): the declared range of
// an SM5.1 declaration (`T0[4:7], space=5`, unbounded `[0:*]`), the descriptor
// array variable it becomes (its set and binding from the map, or the default),
// and the element an operand indexes (`T0[r0.x + 5]`: register minus the array's
// first register), NonUniform where the operand says so; defaultDescriptorRanges.
// See translator_impl.h.
#include "translator_impl.h"

namespace d3dvk::dxbc {
namespace {

struct DeclaredRange {
  ResourceKind kind;
  uint32_t id, lower, upper, space;  // upper kUnboundedDescriptorRange: unbounded
};

bool declarationKind(Opcode o, ResourceKind* kind) {
  switch (o) {
    case Opcode::DclConstantBuffer: *kind = ResourceKind::ConstantBuffer; return true;
    case Opcode::DclSampler: *kind = ResourceKind::Sampler; return true;
    case Opcode::DclResource:
    case Opcode::DclResourceRaw:
    case Opcode::DclResourceStructured: *kind = ResourceKind::ShaderResource; return true;
    case Opcode::DclUavTyped:
    case Opcode::DclUavRaw:
    case Opcode::DclUavStructured: *kind = ResourceKind::UnorderedAccess; return true;
    default: return false;
  }
}

// The registers a resource declaration covers: SM5.1 id[lower:upper] and its
// space (the declaration's last extra dword); SM4/5.0 one register in space 0.
// Empty string: fine; else why not.
std::string declaredRange(const Instruction& inst, bool sm51, DeclaredRange* out) {
  if (!declarationKind(inst.opcode, &out->kind)) return "not a resource declaration";
  if (inst.operands.empty()) return "a resource declaration without its register";
  const Operand& op = inst.operands[0];
  if (sm51) {
    if (op.indexDimension != 3 || op.index[0].repr != IndexRepr::Imm32 || op.index[1].repr != IndexRepr::Imm32 ||
        op.index[2].repr != IndexRepr::Imm32 || inst.extra.empty())
      return "an SM5.1 resource declaration needs id[lower:upper] and a register space";
    out->id = uint32_t(op.index[0].imm);
    out->lower = uint32_t(op.index[1].imm);
    out->upper = uint32_t(op.index[2].imm);
    out->space = inst.extra.back();
    if (out->upper < out->lower) return "register range [" + std::to_string(out->lower) + ":" + std::to_string(out->upper) + "] is empty";
    return "";
  }
  if (op.indexDimension < 1 || op.index[0].repr != IndexRepr::Imm32) return "declaration needs an immediate register index";
  out->id = out->lower = out->upper = uint32_t(op.index[0].imm);
  out->space = 0;
  return "";
}

std::string rangeText(const DeclaredRange& r) {
  const char* prefix = r.kind == ResourceKind::ConstantBuffer ? "CB"
                       : r.kind == ResourceKind::Sampler      ? "S"
                       : r.kind == ResourceKind::ShaderResource ? "T"
                                                                : "U";
  return std::string(prefix) + std::to_string(r.id) + "[" + std::to_string(r.lower) + ":" +
         (r.upper == kUnboundedDescriptorRange ? std::string("*") : std::to_string(r.upper)) + "], space " +
         std::to_string(r.space);
}

}  // namespace

std::vector<DescriptorRange> defaultDescriptorRanges(const Program& program) {
  std::vector<DescriptorRange> out;
  if (!(program.major == 5 && program.minor >= 1)) return out;
  for (const Instruction& inst : program.instructions) {
    DeclaredRange r{};
    if (!declaredRange(inst, true, &r).empty()) continue;
    DescriptorRange d;
    d.kind = r.kind;
    d.space = r.space;
    d.lowerBound = r.lower;
    d.count = r.upper == kUnboundedDescriptorRange ? kUnboundedDescriptorRange : r.upper - r.lower + 1;
    const DescriptorBinding db = descriptorBinding(program.type, r.kind, r.id);
    d.set = db.set;
    d.binding = db.binding;
    out.push_back(d);
  }
  return out;
}

namespace detail {

uint32_t Translator::declarationId(const Instruction& inst) {
  DeclaredRange r{};
  if (const std::string why = declaredRange(inst, sm51_, &r); !why.empty()) fail(why);
  return r.id;
}

uint32_t Translator::rangeVariable(const Instruction& inst, ResourceKind kind, uint32_t elementType, uint32_t storage,
                                   DescriptorClass cls, const std::string& name) {
  DeclaredRange r{};
  if (const std::string why = declaredRange(inst, sm51_, &r); !why.empty()) fail(why);
  if (ranges_.count({kind, r.id})) fail(rangeText(r) + " is declared twice");
  RangeBinding rb;
  rb.lower = r.lower;
  rb.upper = r.upper;
  rb.cls = cls;
  DescriptorBinding db;
  if (opt_.descriptorRanges.empty()) {
    db = descriptorBinding(stage_, kind, r.id);
    rb.base = r.lower;
    rb.length = r.upper == kUnboundedDescriptorRange ? 0 : r.upper - r.lower + 1;
  } else {
    const DescriptorRange* found = nullptr;
    for (const DescriptorRange& e : opt_.descriptorRanges) {
      if (e.kind != kind || e.space != r.space || r.lower < e.lowerBound) continue;
      // An unbounded declaration fits any entry holding its first register (a
      // register past the entry is out of range: undefined, as in D3D12).
      const uint64_t last = r.upper == kUnboundedDescriptorRange ? r.lower : r.upper;
      const bool inside = e.count == kUnboundedDescriptorRange || last < uint64_t(e.lowerBound) + e.count;
      if (inside) {
        found = &e;
        break;
      }
    }
    if (!found) fail(rangeText(r) + " lies in no range of the descriptor map");
    db = {found->set, found->binding};
    rb.base = found->lowerBound;
    rb.length = found->count == kUnboundedDescriptorRange ? 0 : found->count;
    const bool bufferView = (kind == ResourceKind::ShaderResource || kind == ResourceKind::UnorderedAccess) &&
                            (cls == DescriptorClass::UniformTexelBuffer || cls == DescriptorClass::StorageTexelBuffer ||
                             cls == DescriptorClass::StorageBuffer);
    if (bufferView && found->viewShiftIndex != kNoViewShift) {
      rb.shiftIndex = found->viewShiftIndex;
      declareViewShifts(found->set);
    }
  }
  if (rb.length > 1000000) fail(rangeText(r) + ": a descriptor array of " + std::to_string(rb.length) + " elements");
  uint32_t array = 0;
  if (rb.length) {
    array = b_.tArray(elementType, rb.length);
  } else {
    b_.capability(5302 /*RuntimeDescriptorArrayEXT*/);
    b_.extension("SPV_EXT_descriptor_indexing");
    array = b_.tRuntimeArray(elementType);
  }
  rb.var = b_.variable(b_.tPointer(storage, array), storage);
  rb.elementPointer = b_.tPointer(storage, elementType);
  b_.decorate(rb.var, DecDescriptorSet, {db.set});
  b_.decorate(rb.var, DecBinding, {db.binding});
  b_.name(rb.var, name);
  ranges_[{kind, r.id}] = rb;
  return rb.var;
}

uint32_t Translator::rangeElement(const Operand& op, ResourceKind kind) {
  const char* prefix = kind == ResourceKind::ConstantBuffer ? "cb"
                       : kind == ResourceKind::Sampler      ? "s"
                       : kind == ResourceKind::ShaderResource ? "t"
                                                              : "u";
  const uint32_t dims = (sm51_ ? 2u : 1u) + (kind == ResourceKind::ConstantBuffer ? 1u : 0u);
  if (op.indexDimension != dims)
    fail(std::string("a ") + prefix + " operand needs " + std::to_string(dims) + " indices" +
         (sm51_ ? " (SM5.1: the range id, then the register)" : ""));
  const uint32_t id = immediateIndex(op, 0);
  auto it = ranges_.find({kind, id});
  if (it == ranges_.end()) fail(std::string(prefix) + std::to_string(id) + " is not declared");
  const RangeBinding& rb = it->second;
  const OperandIndex& reg = op.index[resourceRegisterIndex()];
  uint32_t element = 0;
  if (reg.repr == IndexRepr::Imm32) {
    const uint64_t r = reg.imm;
    if (r < rb.lower || (rb.upper != kUnboundedDescriptorRange && r > rb.upper))
      fail(std::string(prefix) + std::to_string(id) + ": register " + std::to_string(r) + " is outside its declared range [" +
           std::to_string(rb.lower) + ":" + (rb.upper == kUnboundedDescriptorRange ? std::string("*") : std::to_string(rb.upper)) + "]");
    element = b_.cUint(uint32_t(r - rb.base));
  } else if (const auto constant = waterfallElement_.find({kind, id}); constant != waterfallElement_.end()) {
    element = constant->second;  // a switch case's element (translator_waterfall.cpp)
  } else {
    const auto uniform = waterfallIndex_.find({kind, id});
    const uint32_t index = uniform != waterfallIndex_.end() ? uniform->second : indexValue(reg);
    element = b_.op(OpISub, b_.tUint(), {index, b_.cUint(rb.base)});
    // What indexing a descriptor array with a dynamic (and a non-uniform) value needs, by descriptor type.
    uint32_t dynamicCap = 0, nonUniformCap = 0;
    switch (rb.cls) {
      case DescriptorClass::UniformBuffer: dynamicCap = 28; nonUniformCap = 5306; break;
      case DescriptorClass::Sampler:
      case DescriptorClass::SampledImage: dynamicCap = 29; nonUniformCap = 5307; break;
      case DescriptorClass::StorageBuffer: dynamicCap = 30; nonUniformCap = 5308; break;
      case DescriptorClass::StorageImage: dynamicCap = 31; nonUniformCap = 5309; break;
      case DescriptorClass::UniformTexelBuffer: dynamicCap = 5304; nonUniformCap = 5311; break;
      case DescriptorClass::StorageTexelBuffer: dynamicCap = 5305; nonUniformCap = 5312; break;
    }
    b_.capability(dynamicCap);
    if (dynamicCap > 5000) b_.extension("SPV_EXT_descriptor_indexing");
    if (op.nonUniform && !opt_.nonUniformWaterfall) {
      b_.extension("SPV_EXT_descriptor_indexing");
      b_.capability(5301 /*ShaderNonUniformEXT*/);
      b_.capability(nonUniformCap);
      b_.markNonUniform(element);  // and so the element's pointer, loads and combined images
    }
  }
  lastRangeElement_ = element;
  return b_.op(OpAccessChain, rb.elementPointer, {rb.var, element});
}

}  // namespace detail
}  // namespace d3dvk::dxbc
