// translate/dxbc/translator_waterfall.cpp — {nonuniform} resource indices on a
// device without the *ArrayNonUniformIndexing features
// (TranslateOptions::nonUniformWaterfall). The instruction runs in a loop:
// each pass takes one value of the index shared by active invocations
// (the least pending value, OpGroupNonUniformUMin), the invocations holding
// it run the instruction with it (uniform by construction, so dynamic
// indexing suffices) and leave the loop; the others go round again. Implicit-derivative
// sampling (sample, sample_b, sample_c) takes its coordinate's gradients
// before the loop, where the whole quad still runs, and samples with them.
// The same place turns a register index into a range of a descriptor type
// the device cannot index dynamically (TranslateOptions::constantIndexClasses),
// and a {nonuniform} index in a stage without subgroup operations
// (TranslateOptions::nonUniformSwitch), into a switch over the range's elements.
#include "translator_impl.h"

namespace d3dvk::dxbc::detail {

namespace {

bool resourceKindOf(OperandType type, ResourceKind* kind) {
  switch (type) {
    case OperandType::Resource: *kind = ResourceKind::ShaderResource; return true;
    case OperandType::Sampler: *kind = ResourceKind::Sampler; return true;
    case OperandType::UnorderedAccessView: *kind = ResourceKind::UnorderedAccess; return true;
    case OperandType::ConstantBuffer: *kind = ResourceKind::ConstantBuffer; return true;
    default: return false;
  }
}

bool implicitDerivatives(Opcode o) { return o == Opcode::Sample || o == Opcode::SampleB || o == Opcode::SampleC; }

}  // namespace

bool Translator::waterfall(const Instruction& inst) {
  // constantIndexClasses bits are DescriptorClass values.
  static_assert(kConstantIndexUniformBuffers == 1u << uint32_t(DescriptorClass::UniformBuffer) &&
                kConstantIndexSamplers == 1u << uint32_t(DescriptorClass::Sampler) &&
                kConstantIndexSampledImages == 1u << uint32_t(DescriptorClass::SampledImage) &&
                kConstantIndexUniformTexelBuffers == 1u << uint32_t(DescriptorClass::UniformTexelBuffer) &&
                kConstantIndexStorageBuffers == 1u << uint32_t(DescriptorClass::StorageBuffer) &&
                kConstantIndexStorageImages == 1u << uint32_t(DescriptorClass::StorageImage) &&
                kConstantIndexStorageTexelBuffers == 1u << uint32_t(DescriptorClass::StorageTexelBuffer));
  if (!rangedBindings()) return false;
  std::vector<WaterfallIndex> indices;
  std::vector<const OperandIndex*> registers;
  for (const Operand& op : inst.operands) {
    ResourceKind kind{};
    if (!resourceKindOf(op.type, &kind) || op.indexDimension <= resourceRegisterIndex()) continue;
    const OperandIndex& reg = op.index[resourceRegisterIndex()];
    if (reg.repr == IndexRepr::Imm32 || op.index[0].repr != IndexRepr::Imm32) continue;
    const auto range = ranges_.find({kind, uint32_t(op.index[0].imm)});
    if (range == ranges_.end()) continue;  // rangeElement says so
    const RangeBinding& rb = range->second;
    const bool switched = ((opt_.constantIndexClasses & (1u << uint32_t(rb.cls))) ||
                           (op.nonUniform && opt_.nonUniformSwitch)) &&
                          rb.length > 0 && rb.length <= kMaxConstantIndexedRange;
    if (!switched && !(op.nonUniform && opt_.nonUniformWaterfall)) continue;
    indices.push_back({range->first, 0, switched});
    registers.push_back(&reg);
  }
  if (indices.empty()) return false;
  ensureBlock();
  for (size_t i = 0; i < indices.size(); ++i) indices[i].value = indexValue(*registers[i]);
  if (stage_ == ProgramType::Pixel && implicitDerivatives(inst.opcode) && inst.operands.size() > 2 &&
      inst.operands[2].type == OperandType::Resource) {
    const auto t = textures_.find(immediateIndex(inst.operands[2], 0));
    if (t != textures_.end() && !t->second.buffer && !t->second.ms) {
      const uint32_t n = t->second.spatial;
      const uint32_t coord = loadFirst(inst.operands.at(1), n, K::F);
      const uint32_t type = n == 1 ? b_.tFloat() : b_.tVec(b_.tFloat(), n);
      waterfallDdx_ = b_.op(OpDPdx, type, {coord});
      waterfallDdy_ = b_.op(OpDPdy, type, {coord});
    }
  }
  waterfallLevel(inst, indices, 0);
  waterfallIndex_.clear();
  waterfallElement_.clear();
  waterfallDdx_ = waterfallDdy_ = 0;
  return true;
}

// One level per index, nested. A switched index: a case per element of its
// range, each running the rest with that element as a constant (invocations
// take their own case, so it need not be uniform); an index outside the range
// runs nothing (undefined in D3D). A looped index: each pass takes the
// smallest value at or above `floor` among the active invocations
// (OpGroupNonUniformUMin), serves the invocations holding it (they leave the
// loop) and raises `floor` past it. The minimum depends on `floor`, so no
// compiler can hoist it out of the loop, and an invocation the operation
// counts but the loop does not (a device's idle lanes) only costs a pass:
// `floor` rises every pass.
void Translator::waterfallLevel(const Instruction& inst, const std::vector<WaterfallIndex>& indices, size_t level) {
  if (level == indices.size()) {
    inWaterfall_ = true;
    translate(inst);
    inWaterfall_ = false;
    return;
  }
  const WaterfallIndex& index = indices[level];
  const uint32_t tUint = b_.tUint(), tBool = b_.tBool();
  if (index.switched) {
    const RangeBinding& rb = ranges_.at(index.key);
    const uint32_t element = b_.op(OpISub, tUint, {index.value, b_.cUint(rb.base)});
    const uint32_t after = b_.id(), none = b_.id();
    std::vector<uint32_t> cases(rb.length);
    std::vector<uint32_t> operands{element, none};
    for (uint32_t e = 0; e < rb.length; ++e) {
      cases[e] = b_.id();
      operands.push_back(e);
      operands.push_back(cases[e]);
    }
    b_.opNoResult(OpSelectionMerge, {after, 0});
    b_.opNoResult(OpSwitch, operands);
    for (uint32_t e = 0; e < rb.length; ++e) {
      b_.label(cases[e]);
      waterfallElement_[index.key] = b_.cUint(e);
      waterfallLevel(inst, indices, level + 1);
      if (b_.blockOpen()) b_.opNoResult(OpBranch, {after});
    }
    waterfallElement_.erase(index.key);
    b_.label(none);
    b_.opNoResult(OpBranch, {after});
    b_.label(after);
    return;
  }
  b_.capability(CapGroupNonUniform);
  b_.capability(CapGroupNonUniformArithmetic);
  const uint32_t value = index.value;
  const uint32_t floorVar = b_.variable(b_.tPointer(SCPrivate, tUint), SCPrivate);
  b_.opNoResult(OpStore, {floorVar, b_.cUint(0)});
  const uint32_t header = b_.id(), body = b_.id(), cont = b_.id(), merge = b_.id();
  b_.opNoResult(OpBranch, {header});
  b_.label(header);
  b_.opNoResult(OpLoopMerge, {merge, cont, 0});
  b_.opNoResult(OpBranch, {body});
  b_.label(body);
  const uint32_t floor = b_.op(OpLoad, tUint, {floorVar});
  const uint32_t pending = b_.op(OpUGreaterThanEqual, tBool, {value, floor});
  const uint32_t candidate = b_.op(OpSelect, tUint, {pending, value, b_.cUint(0xFFFFFFFFu)});
  const uint32_t least = b_.op(OpGroupNonUniformUMin, tUint, {b_.cUint(ScopeSubgroup), GroupOperationReduce, candidate});
  const uint32_t raised = b_.op(OpIAdd, tUint, {least, b_.cUint(1)});
  b_.opNoResult(OpStore, {floorVar, raised});
  const uint32_t mine = b_.op(OpLogicalAnd, tBool, {pending, b_.op(OpIEqual, tBool, {value, least})});
  waterfallIndex_[index.key] = least;
  conditional(mine, [&] {
    waterfallLevel(inst, indices, level + 1);
    if (b_.blockOpen()) b_.opNoResult(OpBranch, {merge});  // served: leave the loop
  });
  waterfallIndex_.erase(index.key);
  // Past the largest value every invocation was served. The second exit
  // also keeps llvmpipe (Mesa 22.3) from losing what the served pass wrote,
  // as it does in a loop whose one exit is a divergent break.
  b_.opNoResult(OpBranchConditional, {b_.op(OpIEqual, tBool, {raised, b_.cUint(0)}), merge, cont});
  b_.label(cont);
  b_.opNoResult(OpBranch, {header});
  b_.label(merge);
}

}  // namespace d3dvk::dxbc::detail
