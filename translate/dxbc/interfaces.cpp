// translate/dxbc/interfaces.cpp — the IFCE chunk, the program's interface
// declarations and bindInterfaces (see interfaces.h).
#include "dxbc/interfaces.h"

#include "dxbc/slot_indexing.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <map>

namespace d3dvk::dxbc {
namespace {

[[noreturn]] void ifceError(const std::string& what) { throw Error("IFCE: " + what); }

struct Reader {
  const std::vector<uint8_t>& data;
  uint32_t u32(size_t at, const char* what) const {
    if (at > data.size() || data.size() - at < 4) ifceError(std::string(what) + " at byte " + std::to_string(at) + " is past the chunk's end");
    uint32_t v;
    std::memcpy(&v, data.data() + at, 4);
    return v;
  }
  uint16_t u16(size_t at, const char* what) const {
    if (at > data.size() || data.size() - at < 2) ifceError(std::string(what) + " at byte " + std::to_string(at) + " is past the chunk's end");
    uint16_t v;
    std::memcpy(&v, data.data() + at, 2);
    return v;
  }
  std::string name(uint32_t at) const {
    if (at >= data.size()) ifceError("a name offset (" + std::to_string(at) + ") is past the chunk's end");
    const auto* begin = data.data() + at;
    const auto* end = static_cast<const uint8_t*>(std::memchr(begin, 0, data.size() - at));
    if (!end) ifceError("the name at byte " + std::to_string(at) + " has no terminating NUL");
    return std::string(reinterpret_cast<const char*>(begin), size_t(end - begin));
  }
};

constexpr size_t kHeaderBytes = 7 * 4, kTypeBytes = 12, kInstanceBytes = 16, kSlotRecordBytes = 16;
// No shader has more (D3D11: at most 253 interface slots; fxc's tables are small).
constexpr uint32_t kMaxCount = 1u << 16;

}  // namespace

const ClassType* InterfaceInfo::findType(const std::string& name) const {
  for (const ClassType& t : types)
    if (t.name == name) return &t;
  return nullptr;
}

bool InterfaceInfo::tableFor(uint32_t slot, uint16_t typeId, uint32_t* tableId) const {
  uint32_t first = 0;
  for (const InterfaceSlotRecord& r : slotRecords) {
    if (slot >= first && slot - first < r.slotSpan) {
      for (const InterfaceSlotRecord::Implementation& i : r.implementations)
        if (i.typeId == typeId) {
          *tableId = i.tableId;
          return true;
        }
      return false;
    }
    first += r.slotSpan;
  }
  return false;
}

InterfaceInfo parseInterfaces(const Chunk& ifce) {
  const Reader r{ifce.data};
  InterfaceInfo info;
  const uint32_t instanceCount = r.u32(0, "the header"), typeCount = r.u32(4, "the header"),
                 recordCount = r.u32(8, "the header");
  info.slotCount = r.u32(12, "the header");
  const uint32_t typesOffset = r.u32(20, "the header"), recordsOffset = r.u32(24, "the header");
  if (instanceCount > kMaxCount || typeCount > kMaxCount || recordCount > kMaxCount)
    ifceError("implausible counts (" + std::to_string(instanceCount) + " instances, " + std::to_string(typeCount) +
              " class types, " + std::to_string(recordCount) + " slot records)");
  size_t at = typesOffset;
  for (uint32_t i = 0; i < typeCount; ++i, at += kTypeBytes) {
    ClassType t;
    t.name = r.name(r.u32(at, "a class type"));
    t.id = r.u16(at + 4, "a class type");
    t.constantBufferStride = r.u16(at + 6, "a class type");
    t.textureCount = r.u16(at + 8, "a class type");
    t.samplerCount = r.u16(at + 10, "a class type");
    info.types.push_back(std::move(t));
  }
  for (uint32_t i = 0; i < instanceCount; ++i, at += kInstanceBytes) {
    ShaderClassInstance c;
    c.name = r.name(r.u32(at, "a class instance"));
    c.typeId = r.u16(at + 4, "a class instance");
    c.reserved = r.u16(at + 6, "a class instance");
    c.constantBuffer = r.u16(at + 8, "a class instance");
    c.constantBufferOffset = r.u16(at + 10, "a class instance");
    c.texture = r.u16(at + 12, "a class instance");
    c.sampler = r.u16(at + 14, "a class instance");
    info.instances.push_back(std::move(c));
  }
  uint64_t spans = 0;
  at = recordsOffset;
  for (uint32_t i = 0; i < recordCount; ++i, at += kSlotRecordBytes) {
    InterfaceSlotRecord rec;
    rec.slotSpan = r.u32(at, "a slot record");
    const uint32_t entries = r.u32(at + 4, "a slot record");
    const uint32_t typeIds = r.u32(at + 8, "a slot record"), tableIds = r.u32(at + 12, "a slot record");
    if (entries > kMaxCount) ifceError("slot record " + std::to_string(i) + " counts " + std::to_string(entries) + " classes");
    for (uint32_t e = 0; e < entries; ++e)
      rec.implementations.push_back({r.u16(size_t(typeIds) + 2 * e, "a slot record's type id"),
                                     r.u32(size_t(tableIds) + 4 * e, "a slot record's table id")});
    spans += rec.slotSpan;
    info.slotRecords.push_back(std::move(rec));
  }
  if (spans != info.slotCount)
    ifceError("the slot records span " + std::to_string(spans) + " slots but the header counts " +
              std::to_string(info.slotCount));
  return info;
}

std::vector<uint8_t> writeInterfaces(const InterfaceInfo& info) {
  std::vector<uint8_t> out;
  auto put32 = [&](uint32_t v) { out.insert(out.end(), reinterpret_cast<uint8_t*>(&v), reinterpret_cast<uint8_t*>(&v) + 4); };
  auto put16 = [&](uint16_t v) { out.insert(out.end(), reinterpret_cast<uint8_t*>(&v), reinterpret_cast<uint8_t*>(&v) + 2); };
  auto set32 = [&](size_t at, uint32_t v) { std::memcpy(out.data() + at, &v, 4); };
  // Names go last, each once; their offsets are patched in when known.
  std::vector<std::pair<size_t, std::string>> namePatches;

  const size_t typesOffset = kHeaderBytes;
  const size_t recordsOffset = typesOffset + info.types.size() * kTypeBytes + info.instances.size() * kInstanceBytes;
  const size_t idsOffset = recordsOffset + info.slotRecords.size() * kSlotRecordBytes;
  put32(uint32_t(info.instances.size()));
  put32(uint32_t(info.types.size()));
  put32(uint32_t(info.slotRecords.size()));
  put32(info.slotCount);
  put32(uint32_t(idsOffset));
  put32(uint32_t(typesOffset));
  put32(uint32_t(recordsOffset));
  for (const ClassType& t : info.types) {
    namePatches.emplace_back(out.size(), t.name);
    put32(0);
    put16(t.id);
    put16(t.constantBufferStride);
    put16(t.textureCount);
    put16(t.samplerCount);
  }
  for (const ShaderClassInstance& c : info.instances) {
    namePatches.emplace_back(out.size(), c.name);
    put32(0);
    put16(c.typeId);
    put16(c.reserved);
    put16(c.constantBuffer);
    put16(c.constantBufferOffset);
    put16(c.texture);
    put16(c.sampler);
  }
  std::vector<size_t> recordAt;
  for (const InterfaceSlotRecord& rec : info.slotRecords) {
    recordAt.push_back(out.size());
    put32(rec.slotSpan);
    put32(uint32_t(rec.implementations.size()));
    put32(0);
    put32(0);
  }
  for (size_t i = 0; i < info.slotRecords.size(); ++i) {
    set32(recordAt[i] + 8, uint32_t(out.size()));
    for (const auto& impl : info.slotRecords[i].implementations) put16(impl.typeId);
    while (out.size() % 4) out.push_back(0);
    set32(recordAt[i] + 12, uint32_t(out.size()));
    for (const auto& impl : info.slotRecords[i].implementations) put32(impl.tableId);
  }
  std::map<std::string, uint32_t> names;
  for (const auto& [at, name] : namePatches) {
    auto it = names.find(name);
    if (it == names.end()) {
      it = names.emplace(name, uint32_t(out.size())).first;
      out.insert(out.end(), name.begin(), name.end());
      out.push_back(0);
    }
    set32(at, it->second);
  }
  while (out.size() % 4) out.push_back(0);
  return out;
}

// ---- declarations -------------------------------------------------------------------

bool usesInterfaces(const Program& program) {
  for (const Instruction& inst : program.instructions)
    if (inst.opcode == Opcode::DclFunctionBody || inst.opcode == Opcode::DclFunctionTable ||
        inst.opcode == Opcode::DclInterface || inst.opcode == Opcode::InterfaceCall)
      return true;
  return false;
}

InterfaceDeclarations interfaceDeclarations(const Program& program) {
  InterfaceDeclarations d;
  for (const Instruction& inst : program.instructions) {
    if (inst.opcode == Opcode::DclFunctionTable) {
      const uint32_t id = inst.extra.at(0);
      if (id >= kMaxCount) throw Error("dcl_function_table ft" + std::to_string(id) + ": implausible table number");
      if (d.tables.size() <= id) d.tables.resize(id + 1);
      d.tables[id].assign(inst.extra.begin() + 2, inst.extra.end());
    } else if (inst.opcode == Opcode::DclInterface) {
      InterfaceDeclaration i;
      i.firstSlot = inst.extra.at(0);
      i.callSites = inst.extra.at(1);
      i.arraySize = inst.extra.at(2) >> 16;
      i.dynamicIndexed = inst.controls & 1;
      i.tables.assign(inst.extra.begin() + 3, inst.extra.end());
      if (i.firstSlot > 253 || i.arraySize > 253 || i.firstSlot + i.arraySize > 253)
        throw Error("dcl_interface fp" + std::to_string(i.firstSlot) + "[" + std::to_string(i.arraySize) +
                    "]: D3D11 has 253 interface slots");
      d.slotCount = std::max(d.slotCount, i.firstSlot + i.arraySize);
      d.interfaces.push_back(std::move(i));
    }
  }
  for (const InterfaceDeclaration& i : d.interfaces)
    for (uint32_t t : i.tables) {
      if (t >= d.tables.size() || (d.tables[t].empty() && i.callSites))
        throw Error("dcl_interface fp" + std::to_string(i.firstSlot) + " lists ft" + std::to_string(t) +
                    ", which is not declared");
      if (d.tables[t].size() != i.callSites)
        throw Error("dcl_interface fp" + std::to_string(i.firstSlot) + " has " + std::to_string(i.callSites) +
                    " call sites but ft" + std::to_string(t) + " lists " + std::to_string(d.tables[t].size()) + " bodies");
    }
  d.calledSlots.assign(d.slotCount, false);
  for (const Instruction& inst : program.instructions) {
    if (inst.opcode != Opcode::InterfaceCall) continue;
    const Operand& fp = inst.operands.at(0);
    const uint32_t id = uint32_t(fp.index[0].imm);
    auto it = std::find_if(d.interfaces.begin(), d.interfaces.end(),
                           [&](const InterfaceDeclaration& i) { return i.firstSlot == id; });
    if (it == d.interfaces.end())
      throw Error("fcall at dword " + std::to_string(inst.offset) + " calls through fp" + std::to_string(id) +
                  ", which is not declared");
    if (inst.extra.at(0) >= it->callSites)
      throw Error("fcall at dword " + std::to_string(inst.offset) + " uses call site " + std::to_string(inst.extra[0]) +
                  " of fp" + std::to_string(id) + ", which has " + std::to_string(it->callSites));
    const OperandIndex& element = fp.index[1];
    if (element.repr == IndexRepr::Imm32) {
      if (element.imm >= it->arraySize)
        throw Error("fcall at dword " + std::to_string(inst.offset) + " calls fp" + std::to_string(id) + "[" +
                    std::to_string(element.imm) + "], past its " + std::to_string(it->arraySize) + " elements");
      d.calledSlots[id + element.imm] = true;
    } else {
      for (uint32_t e = 0; e < it->arraySize; ++e) d.calledSlots[id + e] = true;
    }
  }
  return d;
}

// ---- binding ------------------------------------------------------------------------

namespace {

class Binder {
 public:
  Binder(const Program& program, const InterfaceBinding& binding)
      : program_(program), binding_(binding), decls_(interfaceDeclarations(program)) {}

  Program run() {
    Program out;
    out.type = program_.type;
    out.major = program_.major;
    out.minor = program_.minor;
    // The main program runs up to the first label; each fb# label starts a body.
    size_t bodiesStart = program_.instructions.size();
    for (size_t i = 0; i < program_.instructions.size(); ++i)
      if (program_.instructions[i].opcode == Opcode::Label) {
        bodiesStart = i;
        break;
      }
    std::vector<Instruction> otherSubroutines;  // `label l#` sections stay as they were
    for (size_t i = bodiesStart; i < program_.instructions.size();) {
      const Instruction& label = program_.instructions[i];
      size_t end = i + 1;
      while (end < program_.instructions.size() && program_.instructions[end].opcode != Opcode::Label) ++end;
      const Operand* target = label.operands.empty() ? nullptr : &label.operands[0];
      if (target && target->type == OperandType::FunctionBody) {
        bodies_[uint32_t(target->index[0].imm)].assign(program_.instructions.begin() + long(i) + 1,
                                                       program_.instructions.begin() + long(end));
      } else {
        otherSubroutines.insert(otherSubroutines.end(), program_.instructions.begin() + long(i),
                                program_.instructions.begin() + long(end));
      }
      i = end;
    }
    for (size_t i = 0; i < bodiesStart; ++i) {
      const Instruction& inst = program_.instructions[i];
      if (inst.opcode == Opcode::DclFunctionBody || inst.opcode == Opcode::DclFunctionTable ||
          inst.opcode == Opcode::DclInterface)
        continue;
      emit(inst, out.instructions, 0);
    }
    for (const Instruction& inst : otherSubroutines) emitFolded(inst, out.instructions);
    if (thisIndexing_.scratchUsed) coverTemps(out, temps_ + 2);
    else if (returnFlagUsed_) coverTemps(out, temps_ + 1);
    declareFoldedSlots(out);
    declareInstanceTextures(out);
    return out;
  }

 private:
  const Program& program_;
  const InterfaceBinding& binding_;
  InterfaceDeclarations decls_;
  std::map<uint32_t, std::vector<Instruction>> bodies_;
  // Temps past the program's own: r<temps_>.x says "the inlined body returned"
  // while a return from inside the body's own loops or switches breaks out of
  // them; r<temps_ + 1> is the scratch of the register-indexed this[] rewrite.
  const uint32_t temps_ = declaredTemps(program_);
  bool returnFlagUsed_ = false;
  std::vector<uint32_t> inlining_;  // the bodies being inlined, outermost first
  SlotIndexing thisIndexing_ = thisIndexing();

  uint32_t returnFlag() {
    returnFlagUsed_ = true;
    return temps_;
  }
  // this[r + n]: a case per slot with a class instance bound (slot_indexing.h).
  SlotIndexing thisIndexing() const {
    SlotIndexing ix;
    ix.rewrites = [](OperandType t) { return t == OperandType::ThisPointer; };
    ix.slots = [this](const Instruction&, OperandType) { return boundSlots(); };
    ix.scratchTemp = temps_ + 1;
    return ix;
  }
  std::vector<uint32_t> boundSlots() const {
    std::vector<uint32_t> slots;
    for (uint32_t s = 0; s < binding_.tables.size() && s < binding_.pointers.size() && s < decls_.slotCount; ++s)
      if (binding_.tables[s] != kNoFunctionTable) slots.push_back(s);
    return slots;
  }
  // The instruction with this[] resolved: register-indexed ones through a
  // switch over the bound slots, then every this[n] folded to its data.
  void emitFolded(const Instruction& inst, std::vector<Instruction>& out) {
    if (out.size() > kMaxBoundInstructions)
      fail(inst, "the bound program passes " + std::to_string(kMaxBoundInstructions) + " instructions");
    std::vector<Instruction> expanded;
    expandIndexedSlots(inst, thisIndexing_, expanded);
    for (Instruction& i : expanded) {
      foldThis(i);
      out.push_back(std::move(i));
    }
  }
  // A this[] folded into a slot index may name a constant buffer or sampler the
  // shader does not declare (CreateClassInstance names any slot; an unbound
  // slot's case and the default name others): the bound program declares the
  // ones it reads with an immediate slot (constant buffers at D3D's largest size,
  // and a declared one grows to the largest element read), as D3D11's pipelines
  // bind every constant-buffer and sampler slot. (Slots read through a register,
  // fxc's way, are the translator's: slot_indexing.h; textures need a dimension:
  // declareInstanceTextures.)
  static void declareFoldedSlots(Program& out) {
    std::vector<uint64_t> cbRead(kConstantBufferSlots, 0);
    std::vector<bool> cbDeclared(kConstantBufferSlots, false), sampler(kSamplerSlots, false),
        samplerRead(kSamplerSlots, false);
    std::function<void(const Operand&)> visit = [&](const Operand& op) {
      for (uint32_t d = 0; d < op.indexDimension && d < 3; ++d)
        for (const Operand& rel : op.index[d].rel) visit(rel);
      if (op.indexDimension < 1 || op.index[0].repr != IndexRepr::Imm32) return;
      const uint64_t slot = op.index[0].imm;
      if (op.type == OperandType::ConstantBuffer && slot < kConstantBufferSlots)
        cbRead[slot] = std::max<uint64_t>(cbRead[slot], op.indexDimension >= 2 && op.index[1].repr == IndexRepr::Imm32
                                                            ? op.index[1].imm + 1 : 1);
      if (op.type == OperandType::Sampler && slot < kSamplerSlots) samplerRead[slot] = true;
    };
    for (const Instruction& i : out.instructions) {
      const Operand* slot = i.operands.empty() || i.operands[0].indexDimension < 1 ? nullptr : &i.operands[0];
      if (i.opcode == Opcode::DclConstantBuffer && slot && slot->index[0].imm < kConstantBufferSlots) {
        cbDeclared[slot->index[0].imm] = true;
      } else if (i.opcode == Opcode::DclSampler && slot && slot->index[0].imm < kSamplerSlots) {
        sampler[slot->index[0].imm] = true;
      } else if (!opcodeInfo(i.opcode).declaration) {
        for (const Operand& op : i.operands) visit(op);
      }
    }
    for (Instruction& i : out.instructions)
      if (i.opcode == Opcode::DclConstantBuffer && !i.operands.empty() && i.operands[0].indexDimension >= 2 &&
          i.operands[0].index[0].imm < kConstantBufferSlots) {
        const uint64_t read = cbRead[i.operands[0].index[0].imm];
        if (read > i.operands[0].index[1].imm) i.operands[0].index[1].imm = std::min<uint64_t>(read, kConstantBufferVectors);
      }
    std::vector<Instruction> add;
    for (uint32_t cb = 0; cb < kConstantBufferSlots; ++cb)
      if (!cbDeclared[cb] && cbRead[cb]) add.push_back(constantBufferDeclaration(cb, kConstantBufferVectors));
    for (uint32_t slot = 0; slot < kSamplerSlots; ++slot)
      if (!sampler[slot] && samplerRead[slot]) add.push_back(samplerDeclaration(slot));
    insertDeclarations(out, add);
  }
  // A bound instance's textures start at its this[].z, which fxc moves into a
  // register and reads as t[r + n] (the class's n-th texture); the instance may
  // name slots the shader does not declare (CreateClassInstance's TextureOffset).
  // Those slots are declared with the dimension and return type the instruction's
  // tokens give (an instruction without them reaches declared textures only).
  void declareInstanceTextures(Program& out) const {
    std::vector<bool> declared(kTextureSlots, false);
    for (const Instruction& i : out.instructions)
      if ((i.opcode == Opcode::DclResource || i.opcode == Opcode::DclResourceRaw ||
           i.opcode == Opcode::DclResourceStructured) &&
          !i.operands.empty() && i.operands[0].indexDimension >= 1 && i.operands[0].index[0].imm < kTextureSlots)
        declared[i.operands[0].index[0].imm] = true;
    const std::vector<uint32_t> bound = boundSlots();
    std::vector<Instruction> add;
    for (const Instruction& i : out.instructions) {
      if (opcodeInfo(i.opcode).declaration) continue;
      const uint32_t dimension = i.extendedToken(2), returnTypes = i.extendedToken(3);
      const auto dim = ResourceDimension((dimension >> 6) & 0x1f);
      const bool raw = dim == ResourceDimension::RawBuffer, structured = dim == ResourceDimension::StructuredBuffer;
      if (!dimension || dim == ResourceDimension::Unknown || (!raw && !structured && !returnTypes)) continue;
      for (const Operand& op : i.operands) {
        if (op.type != OperandType::Resource || op.indexDimension < 1 || op.index[0].rel.empty() ||
            op.index[0].repr == IndexRepr::Imm64PlusRelative || op.index[0].imm >= kTextureSlots)
          continue;
        for (uint32_t s : bound) {
          const uint64_t slot = uint64_t(binding_.pointers[s].texture) + op.index[0].imm;
          if (slot >= kTextureSlots || declared[slot]) continue;
          declared[slot] = true;
          add.push_back(textureDeclaration(uint32_t(slot), dimension, returnTypes));
        }
      }
    }
    insertDeclarations(out, add);
  }
  static constexpr uint32_t kTextureSlots = 128;            // D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT
  static constexpr uint32_t kConstantBufferSlots = 14;      // D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT
  static constexpr uint32_t kConstantBufferVectors = 4096;  // D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT
  static constexpr uint32_t kSamplerSlots = 16;             // D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT
  // The whole bound program's size: past it, a binding is refused (bodies that
  // call through interfaces again multiply).
  static constexpr size_t kMaxBoundInstructions = size_t(1) << 20;

  Operand flagOperand(const Instruction& at, bool destination) {
    Operand o;
    o.type = OperandType::Temp;
    o.numComponents = 4;
    o.indexDimension = 1;
    o.index[0].imm = returnFlag();
    o.offset = at.offset;
    if (destination) {
      o.selection = SelectionMode::Mask;
      o.mask = 1;
    } else {
      o.selection = SelectionMode::Select1;
      o.swizzle[0] = 0;
    }
    return o;
  }
  void setFlag(const Instruction& at, uint32_t value, std::vector<Instruction>& out) {
    Instruction mov = makeInstruction(at, Opcode::Mov);
    mov.operands = {flagOperand(at, true), immediateUint(at, value)};
    out.push_back(std::move(mov));
  }

  [[noreturn]] static void fail(const Instruction& at, const std::string& what) {
    const char* n = opcodeInfo(at.opcode).name;
    throw Error("interfaces: opcode '" + std::string(n ? n : "?") + "' at dword " + std::to_string(at.offset) + ": " + what);
  }

  const InterfacePointer& pointer(const Instruction& at, uint64_t slot) const {
    if (slot >= binding_.tables.size() || slot >= binding_.pointers.size() || binding_.tables[slot] == kNoFunctionTable)
      fail(at, "this[" + std::to_string(slot) + "] reads interface slot " + std::to_string(slot) +
                   ", which has no class instance bound");
    return binding_.pointers[slot];
  }
  static uint32_t component(const InterfacePointer& p, uint32_t c) {
    switch (c & 3) {
      case 0: return p.constantBuffer;
      case 1: return p.constantBufferOffset;
      case 2: return p.texture;
      default: return p.sampler;
    }
  }

  // this[n] as a value (a source operand) or as part of an index becomes the bound data.
  void foldOperand(const Instruction& at, Operand& op) const {
    for (uint32_t d = 0; d < op.indexDimension && d < 3; ++d) {
      OperandIndex& idx = op.index[d];
      if (idx.rel.empty()) continue;
      Operand& rel = idx.rel[0];
      if (rel.type == OperandType::ThisPointer) {
        if (rel.indexDimension != 1 || rel.index[0].repr != IndexRepr::Imm32)
          fail(at, "this[] indexed by a register inside an fcall's array index is not supported");
        const uint32_t value = component(pointer(at, rel.index[0].imm), rel.componentOf(0));
        const uint64_t base = idx.repr == IndexRepr::Relative ? 0 : idx.imm;
        idx.imm = base + value;
        idx.repr = idx.repr == IndexRepr::Imm64PlusRelative ? IndexRepr::Imm64 : IndexRepr::Imm32;
        idx.rel.clear();
      } else {
        foldOperand(at, rel);
      }
    }
    if (op.type == OperandType::ThisPointer) {
      if (op.indexDimension != 1 || op.index[0].repr != IndexRepr::Imm32)
        fail(at, "this[] indexed by a register inside an fcall's array index is not supported");
      const InterfacePointer& p = pointer(at, op.index[0].imm);
      Operand imm;
      imm.type = OperandType::Immediate32;
      imm.offset = op.offset;
      imm.extended = op.extended;
      imm.modifier = op.modifier;
      imm.minPrecision = op.minPrecision;
      if (op.selection == SelectionMode::Select1 || op.numComponents == 1) {
        imm.numComponents = 1;
        imm.immCount = 1;
        imm.imm[0] = component(p, op.componentOf(0));
      } else {
        imm.numComponents = 4;
        imm.immCount = 4;
        for (uint32_t c = 0; c < 4; ++c) imm.imm[c] = component(p, op.componentOf(c));
      }
      imm.selection = SelectionMode::Mask;
      imm.mask = 0;
      op = imm;
    }
  }
  void foldThis(Instruction& inst) const {
    for (Operand& op : inst.operands) foldOperand(inst, op);
  }

  void emit(const Instruction& inst, std::vector<Instruction>& out, int depth) {
    if (inst.opcode != Opcode::InterfaceCall) {
      emitFolded(inst, out);
      return;
    }
    if (depth > 16) fail(inst, "interface calls nest more than 16 deep");
    const Operand& fp = inst.operands.at(0);
    const uint32_t first = uint32_t(fp.index[0].imm);
    const uint32_t site = inst.extra.at(0);
    const InterfaceDeclaration& decl = *std::find_if(decls_.interfaces.begin(), decls_.interfaces.end(),
                                                     [&](const InterfaceDeclaration& i) { return i.firstSlot == first; });
    const OperandIndex& element = fp.index[1];
    if (element.repr == IndexRepr::Imm32) {
      inlineBody(inst, decl, first + uint32_t(element.imm), site, out, depth);
      return;
    }
    if (element.rel.empty()) fail(inst, "fcall's array index is malformed");
    // fp#[r + i]: a switch over the array's elements (r = element - i); an index
    // outside the array calls nothing.
    const int64_t base = element.repr == IndexRepr::Relative ? 0 : int64_t(element.imm);
    Instruction sw = makeInstruction(inst, Opcode::Switch);
    Operand selector = element.rel[0];  // (an index reads the register as it is: no modifier)
    selector.modifier = OperandModifier::None;
    foldOperand(inst, selector);
    sw.operands.push_back(selector);
    out.push_back(std::move(sw));
    for (uint32_t e = 0; e < decl.arraySize; ++e) {
      Instruction c = makeInstruction(inst, Opcode::Case);
      c.operands.push_back(immediateUint(inst, uint32_t(int64_t(e) - base)));
      out.push_back(std::move(c));
      inlineBody(inst, decl, first + e, site, out, depth);
      out.push_back(makeInstruction(inst, Opcode::Break));
    }
    out.push_back(makeInstruction(inst, Opcode::Default));
    out.push_back(makeInstruction(inst, Opcode::Break));
    out.push_back(makeInstruction(inst, Opcode::EndSwitch));
  }

  void inlineBody(const Instruction& call, const InterfaceDeclaration& decl, uint32_t slot, uint32_t site,
                  std::vector<Instruction>& out, int depth) {
    const uint32_t table = slot < binding_.tables.size() ? binding_.tables[slot] : kNoFunctionTable;
    if (table == kNoFunctionTable)
      fail(call, "calls through interface slot " + std::to_string(slot) + ", which has no class instance bound");
    if (std::find(decl.tables.begin(), decl.tables.end(), table) == decl.tables.end())
      fail(call, "interface slot " + std::to_string(slot) + " is bound to ft" + std::to_string(table) +
                     ", which dcl_interface fp" + std::to_string(decl.firstSlot) + " does not list");
    const uint32_t bodyId = decls_.tables.at(table).at(site);
    auto it = bodies_.find(bodyId);
    if (it == bodies_.end()) fail(call, "function body fb" + std::to_string(bodyId) + " has no label");
    if (std::find(inlining_.begin(), inlining_.end(), bodyId) != inlining_.end())
      fail(call, "function body fb" + std::to_string(bodyId) + " calls itself through an interface (recursion)");
    inlining_.push_back(bodyId);
    std::vector<Instruction> body = it->second;
    if (!body.empty() && body.back().opcode == Opcode::Ret) body.pop_back();
    // Returns left in the body become breaks out of a one-pass loop around it.
    // One inside the body's own loops or switches would break only those: it
    // also sets the return flag, and after each of the body's loops and
    // switches a break on the flag carries the return outwards.
    bool returns = false, nested = false;
    int breakable = 0;
    for (const Instruction& i : body) {
      if (i.opcode == Opcode::Loop || i.opcode == Opcode::Switch) ++breakable;
      if (i.opcode == Opcode::EndLoop || i.opcode == Opcode::EndSwitch) --breakable;
      if (i.opcode == Opcode::Ret || i.opcode == Opcode::Retc) {
        returns = true;
        nested = nested || breakable > 0;
      }
    }
    if (nested) setFlag(call, 0, out);
    if (returns) out.push_back(makeInstruction(call, Opcode::Loop));
    breakable = 0;
    for (const Instruction& i : body) {
      if (i.opcode == Opcode::Ret || i.opcode == Opcode::Retc) {
        const bool inner = breakable > 0;
        if (i.opcode == Opcode::Retc) {  // if_z / if_nz on its condition around the return
          Instruction test = i;
          test.opcode = Opcode::If;
          emitFolded(test, out);
        }
        if (inner) setFlag(i, ~0u, out);
        out.push_back(makeInstruction(i, Opcode::Break));
        if (i.opcode == Opcode::Retc) out.push_back(makeInstruction(i, Opcode::EndIf));
        continue;
      }
      if (i.opcode == Opcode::Loop || i.opcode == Opcode::Switch) ++breakable;
      emit(i, out, depth + 1);
      if (i.opcode == Opcode::EndLoop || i.opcode == Opcode::EndSwitch) {
        --breakable;
        if (nested) {
          Instruction carry = makeInstruction(i, Opcode::Breakc);
          carry.controls = 1u << 7;  // breakc_nz
          carry.operands = {flagOperand(i, false)};
          out.push_back(std::move(carry));
        }
      }
    }
    if (returns) {
      out.push_back(makeInstruction(call, Opcode::Break));
      out.push_back(makeInstruction(call, Opcode::EndLoop));
    }
    // The flag is clear again for an enclosing body's own loops and switches.
    if (nested) setFlag(call, 0, out);
    inlining_.pop_back();
  }
};

}  // namespace

Program bindInterfaces(const Program& program, const InterfaceBinding& binding) {
  return Binder(program, binding).run();
}

}  // namespace d3dvk::dxbc
