// translate/dxbc/translator_memory.cpp — Translator members for raw and
// structured buffers (t#, u#) and thread-group shared memory (g#): their
// declarations, ld_raw / ld_structured / store_raw / store_structured, every
// atomic (atomic_* and imm_atomic_* on typed, raw and structured UAVs and on
// g#), the UAV counters (imm_atomic_alloc / imm_atomic_consume), bufinfo on
// raw and structured buffers, and sync. See translator_impl.h.
//
// A raw or structured buffer is a uint array in a storage-buffer block at the
// slot's binding (binding.h); g# is a uint array in Workgroup storage. Every
// access is bounds-checked against the array's length (OpArrayLength: the
// view's range), as D3D defines: loads out of bounds read 0, stores and
// atomics out of bounds do nothing (imm_ atomics then return 0). UAV writes
// and atomics in a pixel shader go through sideEffect(), so the conservative
// fallback's non-owner invocations perform none (their imm_ results are 0).
// A buffer view bound from below its start (binding.h's buffer view shifts)
// has its shift added to every index and taken off its length.
#include "translator_impl.h"

#include "dxbc/fallback_shaders.h"

namespace d3dvk::dxbc::detail {

namespace {

enum : uint32_t {
  kAtomicAnd = 169, kAtomicOr, kAtomicXor, kAtomicCmpStore, kAtomicIAdd, kAtomicIMax, kAtomicIMin, kAtomicUMax,
  kAtomicUMin, kImmAtomicAlloc, kImmAtomicConsume, kImmAtomicIAdd, kImmAtomicAnd, kImmAtomicOr, kImmAtomicXor,
  kImmAtomicExch, kImmAtomicCmpExch, kImmAtomicIMax, kImmAtomicIMin, kImmAtomicUMax, kImmAtomicUMin,
};

// The SPIR-V atomic for a D3D atomic opcode (the compare-exchange forms apart).
uint32_t atomicOpcode(uint32_t op) {
  switch (op) {
    case kAtomicAnd: case kImmAtomicAnd: return OpAtomicAnd;
    case kAtomicOr: case kImmAtomicOr: return OpAtomicOr;
    case kAtomicXor: case kImmAtomicXor: return OpAtomicXor;
    case kAtomicIAdd: case kImmAtomicIAdd: return OpAtomicIAdd;
    case kAtomicIMax: case kImmAtomicIMax: return OpAtomicSMax;
    case kAtomicIMin: case kImmAtomicIMin: return OpAtomicSMin;
    case kAtomicUMax: case kImmAtomicUMax: return OpAtomicUMax;
    case kAtomicUMin: case kImmAtomicUMin: return OpAtomicUMin;
    case kImmAtomicExch: return OpAtomicExchange;
    default: return 0;
  }
}

bool usesCounter(const Program& program, uint32_t slot) {
  for (const Instruction& inst : program.instructions) {
    const uint32_t op = uint32_t(inst.opcode);
    if ((op == kImmAtomicAlloc || op == kImmAtomicConsume) && inst.operands.size() > 1) {
      const Operand& u = inst.operands[1];
      if (u.type == OperandType::UnorderedAccessView && (u.indexDimension == 1 || u.indexDimension == 2) &&
          u.index[0].repr == IndexRepr::Imm32 &&
          uint32_t(u.index[0].imm) == slot)
        return true;
    }
  }
  return false;
}

}  // namespace

void Translator::declareBuffer(const Instruction& inst, uint32_t slot) {
  const Opcode o = inst.opcode;
  const bool structured = o == Opcode::DclResourceStructured || o == Opcode::DclUavStructured ||
                          o == Opcode::DclTgsmStructured;
  BufferInfo buf;
  if (structured) {
    if (inst.extra.empty()) fail("structured declaration without a stride");
    buf.stride = inst.extra[0];
    if (buf.stride == 0 || buf.stride % 4 || buf.stride > 2048)
      fail("structure stride " + std::to_string(buf.stride) + " is not a multiple of 4 in 4..2048");
  }
  if (o == Opcode::DclTgsmRaw || o == Opcode::DclTgsmStructured) {
    if (stage_ != ProgramType::Compute) fail("thread-group shared memory outside a compute shader");
    const uint64_t bytes = o == Opcode::DclTgsmRaw ? uint64_t(inst.extra.at(0))
                                                   : uint64_t(buf.stride) * uint64_t(inst.extra.at(1));
    if (bytes == 0 || bytes % 4 || bytes > 32768)
      fail("g" + std::to_string(slot) + ": " + std::to_string(bytes) + " bytes of shared memory (4..32768, a multiple of 4)");
    if (tgsm_.count(slot)) fail("g" + std::to_string(slot) + " is declared twice");
    buf.dwords = uint32_t(bytes / 4);
    buf.storage = SCWorkgroup;
    buf.var = b_.variable(b_.tPointer(SCWorkgroup, b_.tArray(b_.tUint(), buf.dwords)), SCWorkgroup);
    b_.name(buf.var, "g" + std::to_string(slot));
    tgsm_[slot] = buf;
    return;
  }
  const bool uav = o == Opcode::DclUavRaw || o == Opcode::DclUavStructured;
  if (uav ? slot >= kMaxUnorderedAccessSlots : slot >= kMaxShaderResourceSlots)
    fail(std::string(uav ? "UAV" : "shader resource") + " slot " + std::to_string(slot) + " out of range");
  if (uav && (inst.controls & 0x40)) fail("rasterizer-ordered UAVs are not supported");
  buf.uav = uav;
  buf.storage = SCStorageBuffer;
  const ResourceKind kind = uav ? ResourceKind::UnorderedAccess : ResourceKind::ShaderResource;
  const std::string name = (uav ? "u" : "t") + std::to_string(slot);
  if (rangedBindings()) {  // an array of the blocks declareStorageWords makes
    const uint32_t words = b_.tRuntimeArray(b_.tUint());
    b_.decorate(words, DecArrayStride, {4});
    const uint32_t block = b_.tStruct({words});
    b_.decorate(block, DecBlock);
    b_.memberDecorate(block, 0, DecOffset, {0});
    if (!uav) b_.memberDecorate(block, 0, DecNonWritable);
    buf.var = rangeVariable(inst, kind, block, SCStorageBuffer, DescriptorClass::StorageBuffer, name);
    const RangeBinding& rb = ranges_.at({kind, slot});
    if (uav && usesCounter(prog_, slot) && rb.upper != rb.lower)
      fail("imm_atomic_alloc/consume on a UAV range of more than one register is not supported");
  } else {
    const auto db = descriptorBinding(stage_, kind, slot);
    buf.var = declareStorageWords(b_, db.set, db.binding, name.c_str(), !uav);
    buf.shiftWord = (uav ? kBufferViewShiftUavBase : kBufferViewShiftSrvBase) + slot;
    declareViewShifts(db.set);
  }
  if (uav && usesCounter(prog_, slot)) {
    if (!structured) fail("imm_atomic_alloc/consume on u" + std::to_string(slot) + ", which is not structured");
    const auto cb = descriptorBinding(stage_, ResourceKind::UnorderedAccessCounter, slot);
    buf.counter = declareStorageWords(b_, cb.set, cb.binding, (name + "_counter").c_str(), false);
  }
  (uav ? bufferUavs_ : bufferSrvs_)[slot] = buf;
}

const BufferInfo* Translator::bufferOf(const Operand& op) {
  std::map<uint32_t, BufferInfo>* map = op.type == OperandType::Resource              ? &bufferSrvs_
                                        : op.type == OperandType::UnorderedAccessView ? &bufferUavs_
                                        : op.type == OperandType::ThreadGroupSharedMemory ? &tgsm_
                                                                                          : nullptr;
  if (!map) return nullptr;
  const bool ranged = rangedBindings() && op.type != OperandType::ThreadGroupSharedMemory;
  if (op.indexDimension != (ranged && sm51_ ? 2u : 1u))
    fail(sm51_ && ranged ? "expected a T# or U# operand with its range id and register"
                         : "expected a t#, u# or g# operand with one immediate index");
  auto it = map->find(immediateIndex(op, 0));
  const ResourceKind kind = op.type == OperandType::Resource ? ResourceKind::ShaderResource : ResourceKind::UnorderedAccess;
  if (it != map->end() && ranged) {  // the range's element, kept for the caller
    BufferInfo element = it->second;
    element.var = rangeElement(op, kind);
    element.shift = viewShift(op, kind, element.shiftWord);
    bufferElements_.push_back(element);
    return &bufferElements_.back();
  }
  if (it != map->end() && it->second.shiftWord != kNoViewShift) {  // with its view's shift
    BufferInfo shifted = it->second;
    shifted.shift = viewShift(op, kind, shifted.shiftWord);
    bufferElements_.push_back(shifted);
    return &bufferElements_.back();
  }
  if (it != map->end()) return &it->second;
  if (op.type == OperandType::ThreadGroupSharedMemory) fail("g" + std::to_string(op.index[0].imm) + " is not declared");
  return nullptr;
}

uint32_t Translator::bufferWord(const BufferInfo& buf, uint32_t index) {
  const uint32_t ptr = b_.tPointer(buf.storage, b_.tUint());
  if (buf.storage == SCWorkgroup) return b_.op(OpAccessChain, ptr, {buf.var, index});
  if (buf.shift) index = b_.op(OpIAdd, b_.tUint(), {index, buf.shift});
  return b_.op(OpAccessChain, ptr, {buf.var, b_.cUint(0), index});
}

uint32_t Translator::bufferDwords(const BufferInfo& buf) {
  if (buf.storage == SCWorkgroup) return b_.cUint(buf.dwords);
  const uint32_t length = b_.op(OpArrayLength, b_.tUint(), {buf.var, 0});
  return buf.shift ? unshiftedSize(length, buf.shift) : length;
}

void Translator::declareViewShifts(uint32_t set) {
  if (!viewShifts_) viewShifts_ = declareStorageWords(b_, set, kBufferViewShiftsBinding, "buffer_view_shifts", true);
}

uint32_t Translator::viewShift(const Operand& op, ResourceKind kind, uint32_t word) {
  uint32_t index = 0;
  if (rangedBindings()) {
    const auto it = ranges_.find({kind, immediateIndex(op, 0)});
    if (it == ranges_.end() || it->second.shiftIndex == kNoViewShift) return 0;
    index = b_.op(OpIAdd, b_.tUint(), {b_.cUint(it->second.shiftIndex), lastRangeElement_});
  } else {
    if (word == kNoViewShift) return 0;
    index = b_.cUint(word);
  }
  const uint32_t pointer = b_.op(OpAccessChain, b_.tPointer(SCStorageBuffer, b_.tUint()), {viewShifts_, b_.cUint(0), index});
  return b_.op(OpLoad, b_.tUint(), {pointer});
}

uint32_t Translator::shiftedTexel(uint32_t coord, uint32_t shift) {
  const uint32_t index = b_.op(OpBitcast, b_.tUint(), {coord});
  const uint32_t sum = b_.op(OpIAdd, b_.tUint(), {index, shift});
  const uint32_t wrapped = b_.op(OpULessThan, b_.tBool(), {sum, shift});
  return b_.op(OpBitcast, b_.tInt(), {b_.op(OpSelect, b_.tUint(), {wrapped, index, sum})});
}

uint32_t Translator::unshiftedSize(uint32_t size, uint32_t shift) {
  const uint32_t above = b_.op(OpUGreaterThan, b_.tBool(), {size, shift});
  return b_.op(OpSelect, b_.tUint(), {above, b_.op(OpISub, b_.tUint(), {size, shift}), b_.cUint(0)});
}

uint32_t Translator::structuredDword(const BufferInfo& buf, uint32_t index, uint32_t byteOffset) {
  if (!buf.stride) fail("a structured access on a raw buffer");
  const uint32_t bytes = b_.op(OpIAdd, b_.tUint(), {b_.op(OpIMul, b_.tUint(), {index, b_.cUint(buf.stride)}), byteOffset});
  return rawDword(bytes);
}

void Translator::loadBuffer(const Instruction& inst, bool structured) {
  const Operand& d = inst.operands.at(0);
  const Operand& res = inst.operands.at(structured ? 3 : 2);
  const BufferInfo* buf = bufferOf(res);
  if (!buf) fail(std::string(structured ? "ld_structured" : "ld_raw") + " needs a raw or structured buffer or g#");
  if (structured && !buf->stride) fail("ld_structured on a raw buffer");
  const uint32_t base = structured ? structuredDword(*buf, loadSource(inst.operands.at(1), 1, K::U),
                                                     loadSource(inst.operands.at(2), 1, K::U))
                                   : rawDword(loadSource(inst.operands.at(1), 1, K::U));
  const uint32_t length = bufferDwords(*buf);
  const uint8_t mask = destMask(d);
  uint32_t parts[4];
  for (uint32_t c = 0; c < 4; ++c) parts[c] = b_.cUint(0);
  for (uint32_t c = 0; c < 4; ++c) {
    if (!(mask & (1u << c))) continue;
    const uint32_t comp = res.numComponents == 4 ? res.componentOf(c) : c;
    const uint32_t index = b_.op(OpIAdd, b_.tUint(), {base, b_.cUint(comp)});
    const uint32_t inBounds = b_.op(OpULessThan, b_.tBool(), {index, length});
    // Clamp the address too, so nothing out of bounds is ever dereferenced.
    const uint32_t safe = b_.op(OpSelect, b_.tUint(), {inBounds, index, b_.cUint(0)});
    const uint32_t value = b_.op(OpLoad, b_.tUint(), {bufferWord(*buf, safe)});
    parts[comp] = b_.op(OpSelect, b_.tUint(), {inBounds, value, b_.cUint(0)});
  }
  const uint32_t v4 = b_.op(OpCompositeConstruct, uVec4_, {parts[0], parts[1], parts[2], parts[3]});
  // The resource swizzle is applied above (component c reads dword comp); keep the mask's components.
  std::vector<uint32_t> sel;
  for (uint32_t c = 0; c < 4; ++c)
    if (mask & (1u << c)) sel.push_back(res.numComponents == 4 ? res.componentOf(c) : c);
  uint32_t r;
  if (sel.size() == 1) {
    r = b_.op(OpCompositeExtract, b_.tUint(), {v4, sel[0]});
  } else {
    std::vector<uint32_t> args{v4, v4};
    args.insert(args.end(), sel.begin(), sel.end());
    r = b_.op(OpVectorShuffle, b_.tVec(b_.tUint(), uint32_t(sel.size())), args);
  }
  storeDest(d, r, K::U);
}

void Translator::storeBuffer(const Instruction& inst, bool structured) {
  const Operand& dst = inst.operands.at(0);
  const BufferInfo* buf = bufferOf(dst);
  if (!buf || (dst.type == OperandType::Resource))
    fail(std::string(structured ? "store_structured" : "store_raw") + " needs a raw or structured UAV or g#");
  if (structured && !buf->stride) fail("store_structured on a raw buffer");
  const uint8_t mask = dst.numComponents == 4 && dst.selection == SelectionMode::Mask ? dst.mask : 0xf;
  if (mask != 1 && mask != 3 && mask != 7 && mask != 15)
    fail("the destination mask of a raw or structured store must be .x, .xy, .xyz or .xyzw");
  const uint32_t n = uint32_t(std::popcount(mask));
  const uint32_t base = structured ? structuredDword(*buf, loadSource(inst.operands.at(1), 1, K::U),
                                                     loadSource(inst.operands.at(2), 1, K::U))
                                   : rawDword(loadSource(inst.operands.at(1), 1, K::U));
  const uint32_t value = loadSource(inst.operands.at(structured ? 3 : 2), n, K::U);
  auto write = [&] {
    const uint32_t length = bufferDwords(*buf);
    for (uint32_t c = 0; c < n; ++c) {
      const uint32_t index = b_.op(OpIAdd, b_.tUint(), {base, b_.cUint(c)});
      const uint32_t part = n == 1 ? value : b_.op(OpCompositeExtract, b_.tUint(), {value, c});
      conditional(b_.op(OpULessThan, b_.tBool(), {index, length}),
                  [&] { b_.opNoResult(OpStore, {bufferWord(*buf, index), part}); });
    }
  };
  if (buf->uav) sideEffect(write);
  else write();
}

void Translator::atomic(const Instruction& inst) {
  const uint32_t op = uint32_t(inst.opcode);
  const bool imm = op >= kImmAtomicIAdd;
  const bool compare = op == kAtomicCmpStore || op == kImmAtomicCmpExch;
  const size_t first = imm ? 1 : 0;  // the u#/g# operand
  const Operand& target = inst.operands.at(first);
  const Operand& address = inst.operands.at(first + 1);
  const uint32_t value = loadSource(inst.operands.at(first + (compare ? 3 : 2)), 1, K::U);
  const uint32_t comparator = compare ? loadSource(inst.operands.at(first + 2), 1, K::U) : 0;
  if (target.type != OperandType::UnorderedAccessView && target.type != OperandType::ThreadGroupSharedMemory)
    fail("atomics need a u# or g# destination");
  // The result: a Function variable, 0 unless the atomic ran (out of bounds, or a fallback non-owner).
  const uint32_t result = imm ? b_.localVariable(b_.tPointer(SCFunction, b_.tUint())) : 0;
  if (imm) b_.opNoResult(OpStore, {result, b_.cUint(0)});
  auto emitAtomic = [&](uint32_t pointer, uint32_t type, uint32_t scope, bool asInt) {
    const uint32_t v = asInt ? b_.op(OpBitcast, type, {value}) : value;
    const uint32_t semantics = b_.cUint(SemanticsRelaxed);
    uint32_t old;
    if (compare) {
      const uint32_t c = asInt ? b_.op(OpBitcast, type, {comparator}) : comparator;
      old = b_.op(OpAtomicCompareExchange, type, {pointer, b_.cUint(scope), semantics, semantics, v, c});
    } else {
      old = b_.op(atomicOpcode(op), type, {pointer, b_.cUint(scope), semantics, v});
    }
    if (imm) b_.opNoResult(OpStore, {result, asInt ? b_.op(OpBitcast, b_.tUint(), {old}) : old});
  };
  if (const BufferInfo* buf = bufferOf(target)) {
    uint32_t index;
    if (buf->stride) {
      const uint32_t a = loadSource(address, 2, K::U);
      index = structuredDword(*buf, b_.op(OpCompositeExtract, b_.tUint(), {a, 0}),
                              b_.op(OpCompositeExtract, b_.tUint(), {a, 1}));
    } else {
      index = rawDword(loadSource(address, 1, K::U));
    }
    auto run = [&] {
      conditional(b_.op(OpULessThan, b_.tBool(), {index, bufferDwords(*buf)}), [&] {
        emitAtomic(bufferWord(*buf, index), b_.tUint(), buf->storage == SCWorkgroup ? ScopeWorkgroup : ScopeDevice,
                   false);
      });
    };
    if (buf->uav) sideEffect(run);
    else run();
  } else {
    const UavInfo& u = uav(target);
    if (u.kind == K::F) fail("atomics need a uint or sint UAV");
    b_.capability(CapImageQuery);
    const uint32_t n = u.coordComponents;
    const WindowedCoord at = uavWindowed(u, loadFirst(address, n, K::I));
    const uint32_t coord = at.coord;
    const uint32_t type = u.kind == K::I ? b_.tInt() : b_.tUint();
    sideEffect([&] {
      // Out of bounds (or outside the view's W slices): no effect (D3D); the
      // size query keeps the texel pointer in range.
      const uint32_t size = b_.op(OpImageQuerySize, typeOf(K::I, n), {b_.op(OpLoad, u.imageType, {u.var})});
      const uint32_t below = b_.op(OpULessThan, b_.tVec(b_.tBool(), n), {bitcast(coord, K::I, K::U, n), bitcast(size, K::I, K::U, n)});
      uint32_t inBounds = n == 1 ? below : b_.op(155 /*OpAll*/, b_.tBool(), {below});
      if (at.inside) inBounds = b_.op(OpLogicalAnd, b_.tBool(), {inBounds, at.inside});
      conditional(inBounds, [&] {
        const uint32_t pointer = b_.op(OpImageTexelPointer, b_.tPointer(SCImage, type), {u.var, coord, b_.cUint(0)});
        emitAtomic(pointer, type, ScopeDevice, u.kind == K::I);
      });
    });
  }
  if (imm) {
    const Operand& d = inst.operands.at(0);
    const uint32_t r = b_.op(OpLoad, b_.tUint(), {result});
    storeDest(d, splat(r, K::U, uint32_t(std::popcount(destMask(d)))), K::U);
  }
}

void Translator::counter(const Instruction& inst) {
  const Operand& target = inst.operands.at(1);
  const BufferInfo* buf = target.type == OperandType::UnorderedAccessView ? bufferOf(target) : nullptr;
  if (!buf || !buf->counter) fail("imm_atomic_alloc/consume need a structured UAV");
  const bool alloc = uint32_t(inst.opcode) == kImmAtomicAlloc;
  const uint32_t result = b_.localVariable(b_.tPointer(SCFunction, b_.tUint()));
  b_.opNoResult(OpStore, {result, b_.cUint(0)});
  sideEffect([&] {
    const uint32_t pointer = b_.op(OpAccessChain, b_.tPointer(SCStorageBuffer, b_.tUint()), {buf->counter, b_.cUint(0), b_.cUint(0)});
    const uint32_t semantics = b_.cUint(SemanticsRelaxed);
    const uint32_t old = b_.op(alloc ? OpAtomicIAdd : OpAtomicISub, b_.tUint(),
                               {pointer, b_.cUint(ScopeDevice), semantics, b_.cUint(1)});
    // alloc returns the count before the increment, consume the count after the decrement.
    b_.opNoResult(OpStore, {result, alloc ? old : b_.op(OpISub, b_.tUint(), {old, b_.cUint(1)})});
  });
  const Operand& d = inst.operands.at(0);
  storeDest(d, splat(b_.op(OpLoad, b_.tUint(), {result}), K::U, uint32_t(std::popcount(destMask(d)))), K::U);
}

void Translator::sync(const Instruction& inst) {
  const bool threads = inst.controls & 1, shared = inst.controls & 2, uavGroup = inst.controls & 4,
             uavGlobal = inst.controls & 8;
  if ((threads || shared) && stage_ != ProgramType::Compute) fail("sync_g/_t outside a compute shader");
  uint32_t semantics = SemanticsAcquireRelease;
  if (shared) semantics |= SemanticsWorkgroupMemory;
  if (uavGroup || uavGlobal) semantics |= SemanticsUniformMemory | SemanticsImageMemory;
  const uint32_t memoryScope = uavGlobal ? ScopeDevice : ScopeWorkgroup;
  if (!shared && !uavGroup && !uavGlobal) semantics = SemanticsRelaxed;
  if (threads)
    b_.opNoResult(OpControlBarrier, {b_.cUint(ScopeWorkgroup), b_.cUint(memoryScope), b_.cUint(semantics)});
  else if (semantics != SemanticsRelaxed)
    b_.opNoResult(OpMemoryBarrier, {b_.cUint(memoryScope), b_.cUint(semantics)});
}

void Translator::bufferInfo(const Instruction& inst, const BufferInfo& buf) {
  if (buf.storage == SCWorkgroup) fail("bufinfo on g#");
  const uint32_t bytes = b_.op(OpIMul, b_.tUint(), {bufferDwords(buf), b_.cUint(4)});
  const uint32_t value = buf.stride ? b_.op(OpUDiv, b_.tUint(), {bytes, b_.cUint(buf.stride)}) : bytes;
  const Operand& d = inst.operands.at(0);
  storeDest(d, splat(value, K::U, uint32_t(std::popcount(destMask(d)))), K::U);
}

}  // namespace d3dvk::dxbc::detail
