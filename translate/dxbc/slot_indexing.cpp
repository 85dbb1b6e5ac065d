// translate/dxbc/slot_indexing.cpp — slots indexed by a register rewritten into a
// switch over the slots (see slot_indexing.h): expandIndexedSlots, the SM5.0
// lowering of cb/t/s uniform indexing, and the temp-register helpers.
#include "dxbc/slot_indexing.h"

#include "dxbc/error.h"

#include <algorithm>
#include <optional>
#include <string>

namespace d3dvk::dxbc {
namespace {

bool registerIndexed(const OperandIndex& i) {
  return (i.repr == IndexRepr::Relative || i.repr == IndexRepr::Imm32PlusRelative ||
          i.repr == IndexRepr::Imm64PlusRelative) &&
         !i.rel.empty();
}

bool sameOperand(const Operand& a, const Operand& b);

bool sameIndex(const OperandIndex& a, const OperandIndex& b) {
  if (a.repr != b.repr || a.imm != b.imm || a.rel.size() != b.rel.size()) return false;
  for (size_t i = 0; i < a.rel.size(); ++i)
    if (!sameOperand(a.rel[i], b.rel[i])) return false;
  return true;
}

// Structural equality of an index expression's operand (r1.w, x3[0].y, …).
bool sameOperand(const Operand& a, const Operand& b) {
  if (a.type != b.type || a.numComponents != b.numComponents || a.selection != b.selection ||
      a.indexDimension != b.indexDimension || a.modifier != b.modifier || a.immCount != b.immCount)
    return false;
  if (a.selection == SelectionMode::Mask ? a.mask != b.mask : a.componentOf(0) != b.componentOf(0)) return false;
  if (a.selection == SelectionMode::Swizzle && !std::equal(a.swizzle, a.swizzle + 4, b.swizzle)) return false;
  for (uint32_t d = 0; d < a.indexDimension && d < 3; ++d)
    if (!sameIndex(a.index[d], b.index[d])) return false;
  return std::equal(a.imm, a.imm + a.immCount, b.imm);
}

// The first slot named through a register, innermost first (a slot whose own
// index reads another such slot comes after it).
const Operand* findSlot(const Operand& op, const std::function<bool(OperandType)>& rewrites) {
  for (uint32_t d = 0; d < op.indexDimension && d < 3; ++d)
    for (const Operand& rel : op.index[d].rel)
      if (const Operand* f = findSlot(rel, rewrites)) return f;
  if (rewrites(op.type) && op.indexDimension >= 1 && registerIndexed(op.index[0])) return &op;
  return nullptr;
}

void forEachOperand(const Operand& op, const std::function<void(const Operand&)>& f) {
  for (uint32_t d = 0; d < op.indexDimension && d < 3; ++d)
    for (const Operand& rel : op.index[d].rel) forEachOperand(rel, f);
  f(op);
}

bool matches(const Operand& op, const Operand& key) {
  return op.type == key.type && op.indexDimension >= 1 && sameIndex(op.index[0], key.index[0]);
}

Operand zeroLike(const Operand& like) {
  Operand z;
  z.type = OperandType::Immediate32;
  z.offset = like.offset;
  z.extended = like.extended;
  z.modifier = like.modifier;
  z.minPrecision = like.minPrecision;
  z.numComponents = like.numComponents == 1 ? 1 : 4;
  z.immCount = z.numComponents;
  z.selection = SelectionMode::Mask;
  z.mask = 0;
  return z;
}

// Every operand naming `key`'s slot expression gets the immediate `slot`; with no
// slot, becomes zeros (inside an index: the index loses its register part).
void substitute(Operand& op, const Operand& key, std::optional<uint32_t> slot) {
  for (uint32_t d = 0; d < op.indexDimension && d < 3; ++d) {
    OperandIndex& idx = op.index[d];
    if (idx.rel.empty()) continue;
    if (!slot && matches(idx.rel[0], key)) {
      idx.repr = idx.repr == IndexRepr::Imm64PlusRelative ? IndexRepr::Imm64 : IndexRepr::Imm32;
      idx.rel.clear();
      continue;
    }
    substitute(idx.rel[0], key, slot);
  }
  if (!matches(op, key)) return;
  if (slot) {
    op.index[0].repr = IndexRepr::Imm32;
    op.index[0].imm = *slot;
    op.index[0].rel.clear();
  } else {
    op = zeroLike(op);
  }
}

bool controlFlow(Opcode o) {
  switch (o) {
    case Opcode::If: case Opcode::Breakc: case Opcode::Continuec: case Opcode::Retc: case Opcode::Callc:
    case Opcode::Switch: case Opcode::Case: case Opcode::Else: case Opcode::EndIf: case Opcode::Loop:
    case Opcode::EndLoop: case Opcode::EndSwitch: case Opcode::Default: case Opcode::Break:
    case Opcode::Continue: case Opcode::Ret: case Opcode::Call: case Opcode::Label: case Opcode::InterfaceCall:
      return true;
    default: return false;
  }
}

Operand temp(uint32_t r, size_t offset) {
  Operand o;
  o.type = OperandType::Temp;
  o.numComponents = 4;
  o.indexDimension = 1;
  o.index[0].imm = r;
  o.offset = offset;
  return o;
}

bool slotValued(OperandType t) { return t == OperandType::ConstantBuffer || t == OperandType::ThisPointer; }

}  // namespace

bool hasRegisterIndexedSlot(const Operand& op, const std::function<bool(OperandType)>& rewrites) {
  return findSlot(op, rewrites) != nullptr;
}

namespace {

// One instruction's expansion may make at most this many cases (nested switches
// multiply: a texture and a sampler through registers, 128 · 16 at most in D3D11).
constexpr size_t kMaxCasesPerInstruction = 4096;

void expand(const Instruction& inst, SlotIndexing& indexing, std::vector<Instruction>& out, size_t& cases) {
  const Operand* found = nullptr;
  size_t holder = 0;
  for (size_t k = 0; k < inst.operands.size() && !found; ++k)
    if ((found = findSlot(inst.operands[k], indexing.rewrites))) holder = k;
  if (!found) {
    out.push_back(inst);
    return;
  }
  const Operand key = *found;  // (a copy: `inst` is copied and changed below)

  if (controlFlow(inst.opcode)) {
    // mov scratch, <the operand>; the instruction then reads scratch.
    const Operand& src = inst.operands[holder];
    const bool scalar = src.numComponents == 1;
    Instruction mov = makeInstruction(inst, Opcode::Mov);
    Operand dst = temp(indexing.scratchTemp, src.offset);
    dst.mask = scalar ? 1 : 0xf;
    Operand value = src;
    value.modifier = OperandModifier::None;
    if (!scalar) {
      value.selection = SelectionMode::Swizzle;
      for (uint8_t c = 0; c < 4; ++c) value.swizzle[c] = c;
    }
    mov.operands = {dst, value};
    indexing.scratchUsed = true;
    expand(mov, indexing, out, cases);
    Instruction rest = inst;
    Operand& replaced = rest.operands[holder];
    Operand scratch = temp(indexing.scratchTemp, src.offset);
    scratch.extended = src.extended;
    scratch.modifier = src.modifier;
    scratch.minPrecision = src.minPrecision;
    if (scalar) {
      scratch.selection = SelectionMode::Select1;
      scratch.swizzle[0] = 0;
    } else {
      scratch.selection = src.selection;
      scratch.mask = src.mask;
      std::copy(src.swizzle, src.swizzle + 4, scratch.swizzle);
    }
    replaced = scratch;
    expand(rest, indexing, out, cases);
    return;
  }

  // switch <register>: one case per slot (slot − the index's immediate part).
  const OperandIndex& index = key.index[0];
  const uint64_t base = index.repr == IndexRepr::Relative ? 0 : index.imm;
  std::vector<uint32_t> slots = indexing.slots(inst, key.type);
  if (base > 0xFFFFFFFFu) slots.clear();  // a 64-bit offset names no slot: the default
  std::sort(slots.begin(), slots.end());
  slots.erase(std::unique(slots.begin(), slots.end()), slots.end());
  cases += slots.size();
  if (cases > kMaxCasesPerInstruction)
    throw Error("slot indexing: opcode '" + std::string(opcodeInfo(inst.opcode).name ? opcodeInfo(inst.opcode).name : "?") +
                "' at dword " + std::to_string(inst.offset) + ": its slots indexed by registers make more than " +
                std::to_string(kMaxCasesPerInstruction) + " combinations");
  Instruction sw = makeInstruction(inst, Opcode::Switch);
  Operand selector = index.rel[0];  // (an index reads the register as it is: no modifier)
  selector.modifier = OperandModifier::None;
  selector.extended = selector.minPrecision != 0 || selector.nonUniform;
  sw.operands.push_back(selector);
  out.push_back(std::move(sw));
  for (uint32_t s : slots) {
    Instruction c = makeInstruction(inst, Opcode::Case);
    c.operands.push_back(immediateUint(inst, uint32_t(uint64_t(s) - base)));
    out.push_back(std::move(c));
    Instruction one = inst;
    for (Operand& op : one.operands) substitute(op, key, s);
    expand(one, indexing, out, cases);
    out.push_back(makeInstruction(inst, Opcode::Break));
  }
  out.push_back(makeInstruction(inst, Opcode::Default));
  if (slotValued(key.type)) {
    // An unbound constant buffer reads as zeros (this[] out of range: undefined; zeros too).
    Instruction none = inst;
    for (Operand& op : none.operands) substitute(op, key, std::nullopt);
    expand(none, indexing, out, cases);
  } else {
    // An unbound texture reads as zeros (a sampler out of range: undefined).
    const uint32_t dsts = std::min<uint32_t>(opcodeInfo(inst.opcode).numDst, uint32_t(inst.operands.size()));
    for (uint32_t i = 0; i < dsts; ++i) {
      const Operand& d = inst.operands[i];
      if (d.type == OperandType::Null || d.numComponents == 0) continue;
      Instruction mov = makeInstruction(inst, Opcode::Mov);
      Operand z = zeroLike(d);
      z.extended = false;
      z.modifier = OperandModifier::None;
      z.minPrecision = 0;
      mov.operands = {d, z};
      out.push_back(std::move(mov));
    }
  }
  out.push_back(makeInstruction(inst, Opcode::Break));
  out.push_back(makeInstruction(inst, Opcode::EndSwitch));
}

}  // namespace

void expandIndexedSlots(const Instruction& inst, SlotIndexing& indexing, std::vector<Instruction>& out) {
  size_t cases = 0;
  expand(inst, indexing, out, cases);
}

Instruction makeInstruction(const Instruction& at, Opcode op) {
  Instruction i;
  i.opcode = op;
  i.offset = at.offset;
  return i;
}

Operand immediateUint(const Instruction& at, uint32_t v) {
  Operand o;
  o.type = OperandType::Immediate32;
  o.numComponents = 1;
  o.selection = SelectionMode::Mask;
  o.mask = 0;
  o.immCount = 1;
  o.imm[0] = v;
  o.offset = at.offset;
  return o;
}

Instruction constantBufferDeclaration(uint32_t slot, uint32_t vectors) {
  Instruction dcl;
  dcl.opcode = Opcode::DclConstantBuffer;
  dcl.controls = 1;  // dynamicIndexed
  Operand o;
  o.type = OperandType::ConstantBuffer;
  o.selection = SelectionMode::Swizzle;
  o.indexDimension = 2;
  o.index[0].imm = slot;
  o.index[1].imm = vectors;
  dcl.operands.push_back(o);
  return dcl;
}

namespace {

Instruction slotDeclaration(Opcode opcode, OperandType type, uint32_t slot) {
  Instruction dcl;
  dcl.opcode = opcode;
  Operand o;
  o.type = type;
  o.numComponents = 0;
  o.indexDimension = 1;
  o.index[0].imm = slot;
  dcl.operands.push_back(o);
  return dcl;
}

}  // namespace

Instruction samplerDeclaration(uint32_t slot) { return slotDeclaration(Opcode::DclSampler, OperandType::Sampler, slot); }

Instruction textureDeclaration(uint32_t slot, uint32_t dimensionToken, uint32_t returnTypeToken) {
  const auto dim = ResourceDimension((dimensionToken >> 6) & 0x1f);
  if (dim == ResourceDimension::RawBuffer) return slotDeclaration(Opcode::DclResourceRaw, OperandType::Resource, slot);
  if (dim == ResourceDimension::StructuredBuffer) {
    Instruction dcl = slotDeclaration(Opcode::DclResourceStructured, OperandType::Resource, slot);
    dcl.extra = {((dimensionToken >> 11) & 0xfff) * 4};  // the token's stride is in dwords, the declaration's in bytes
    return dcl;
  }
  Instruction dcl = slotDeclaration(Opcode::DclResource, OperandType::Resource, slot);
  dcl.controls = uint32_t(dim);
  dcl.extra = {(returnTypeToken >> 6) & 0xffff};
  return dcl;
}

void insertDeclarations(Program& program, const std::vector<Instruction>& declarations) {
  auto at = std::find_if(program.instructions.begin(), program.instructions.end(),
                         [](const Instruction& i) { return !opcodeInfo(i.opcode).declaration; });
  program.instructions.insert(at, declarations.begin(), declarations.end());
}

uint32_t declaredTemps(const Program& program) {
  uint32_t temps = 0;
  for (const Instruction& i : program.instructions)
    if (i.opcode == Opcode::DclTemps && !i.extra.empty()) temps = std::max(temps, i.extra[0]);
  return temps;
}

void coverTemps(Program& program, uint32_t count) {
  if (declaredTemps(program) >= count) return;
  for (Instruction& i : program.instructions)
    if (i.opcode == Opcode::DclTemps && !i.extra.empty()) {
      i.extra[0] = count;
      return;
    }
  Instruction temps;
  temps.opcode = Opcode::DclTemps;
  temps.extra = {count};
  insertDeclarations(program, {temps});
}

namespace {

bool resourceSlot(OperandType t) {
  return t == OperandType::ConstantBuffer || t == OperandType::Resource || t == OperandType::Sampler;
}

bool sm51(const Program& p) { return p.major == 5 && p.minor >= 1; }

// Without a resource-dimension token, the declared textures an instruction can
// use (the others take the default case, as unbound).
bool textureFits(Opcode op, ResourceDimension dim) {
  using D = ResourceDimension;
  const bool buffer = dim == D::Buffer || dim == D::RawBuffer || dim == D::StructuredBuffer;
  const bool multisampled = dim == D::Texture2DMS || dim == D::Texture2DMSArray;
  switch (op) {
    case Opcode::Sample: case Opcode::SampleC: case Opcode::SampleCLz: case Opcode::SampleL: case Opcode::SampleD:
    case Opcode::SampleB: case Opcode::Gather4: case Opcode::Gather4C: case Opcode::Gather4Po: case Opcode::Gather4PoC:
    case Opcode::Lod: case Opcode::Gather4S: case Opcode::Gather4CS: case Opcode::Gather4PoS: case Opcode::Gather4PoCS:
    case Opcode::SampleLS: case Opcode::SampleCLzS: case Opcode::SampleClS: case Opcode::SampleBClS:
    case Opcode::SampleDClS: case Opcode::SampleCClS:
      return !buffer && !multisampled;
    case Opcode::LdMs: case Opcode::LdMsS: return multisampled;
    case Opcode::Ld: case Opcode::LdS: return !multisampled && dim != D::TextureCube && dim != D::TextureCubeArray &&
                                              dim != D::RawBuffer && dim != D::StructuredBuffer;
    case Opcode::LdRaw: case Opcode::LdRawS: return dim == D::RawBuffer;
    case Opcode::LdStructured: case Opcode::LdStructuredS: return dim == D::StructuredBuffer;
    case Opcode::BufInfo: return buffer;
    case Opcode::ResInfo: return !buffer;
    default: return true;
  }
}

constexpr uint32_t kConstantBufferSlots = 14;     // D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT
constexpr uint32_t kConstantBufferVectors = 4096;  // D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT
constexpr uint32_t kSamplerSlots = 16;             // D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT

}  // namespace

bool usesRegisterIndexedSlots(const Program& program) {
  if (sm51(program)) return false;
  for (const Instruction& inst : program.instructions)
    for (const Operand& op : inst.operands)
      if (hasRegisterIndexedSlot(op, resourceSlot)) return true;
  return false;
}

Program lowerRegisterIndexedSlots(const Program& program, bool everyApiSlot) {
  if (!usesRegisterIndexedSlots(program)) return program;
  // The declared slots; a texture's dimension (raw and structured buffers as
  // their own dimensions, as the instructions' resource-dimension token names them).
  std::vector<uint32_t> constantBuffers, samplers;
  std::vector<std::pair<uint32_t, ResourceDimension>> textures;
  for (const Instruction& inst : program.instructions) {
    if (inst.operands.empty() || inst.operands[0].indexDimension < 1 || inst.operands[0].index[0].repr != IndexRepr::Imm32)
      continue;
    const uint32_t slot = uint32_t(inst.operands[0].index[0].imm);
    switch (inst.opcode) {
      case Opcode::DclConstantBuffer: constantBuffers.push_back(slot); break;
      case Opcode::DclSampler: samplers.push_back(slot); break;
      case Opcode::DclResource: textures.emplace_back(slot, inst.resourceDimension()); break;
      case Opcode::DclResourceRaw: textures.emplace_back(slot, ResourceDimension::RawBuffer); break;
      case Opcode::DclResourceStructured: textures.emplace_back(slot, ResourceDimension::StructuredBuffer); break;
      default: break;
    }
  }
  // Every API slot of a constant buffer or sampler can be named; the ones the
  // program does not declare are declared (at D3D's largest size), as D3D reads
  // what is bound there whatever the shader declares.
  std::vector<Instruction> added;
  auto declareAll = [&](std::vector<uint32_t>& declared, uint32_t count, bool constantBuffer) {
    for (uint32_t slot = 0; slot < count; ++slot) {
      if (std::find(declared.begin(), declared.end(), slot) != declared.end()) continue;
      declared.push_back(slot);
      added.push_back(constantBuffer ? constantBufferDeclaration(slot, kConstantBufferVectors) : samplerDeclaration(slot));
    }
  };
  if (everyApiSlot) {
    bool cb = false, sampler = false;
    for (const Instruction& inst : program.instructions)
      for (const Operand& op : inst.operands) {
        cb = cb || hasRegisterIndexedSlot(op, [](OperandType t) { return t == OperandType::ConstantBuffer; });
        sampler = sampler || hasRegisterIndexedSlot(op, [](OperandType t) { return t == OperandType::Sampler; });
      }
    if (cb) declareAll(constantBuffers, kConstantBufferSlots, true);
    if (sampler) declareAll(samplers, kSamplerSlots, false);
  }
  SlotIndexing indexing;
  indexing.rewrites = resourceSlot;
  indexing.slots = [&](const Instruction& inst, OperandType type) -> std::vector<uint32_t> {
    if (type == OperandType::ConstantBuffer) return constantBuffers;
    if (type == OperandType::Sampler) return samplers;
    std::optional<ResourceDimension> named;
    if (const uint32_t t = inst.extendedToken(2)) named = ResourceDimension((t >> 6) & 0x1f);
    std::vector<uint32_t> slots;
    for (const auto& [slot, dim] : textures)
      if (named ? *named == dim : textureFits(inst.opcode, dim)) slots.push_back(slot);
    return slots;
  };
  indexing.scratchTemp = declaredTemps(program);
  Program out;
  out.type = program.type;
  out.major = program.major;
  out.minor = program.minor;
  out.instructions.reserve(program.instructions.size() + added.size());
  for (const Instruction& inst : program.instructions) expandIndexedSlots(inst, indexing, out.instructions);
  insertDeclarations(out, added);
  // A case reads its slot at the element the instruction names, which may lie
  // past what another slot's declaration covers: those declarations grow to it,
  // or to D3D's largest size for an element read through a register (D3D reads
  // whatever the bound buffer holds there).
  uint64_t elements = 0;
  for (const Instruction& inst : program.instructions)
    for (const Operand& op : inst.operands)
      forEachOperand(op, [&](const Operand& o) {
        if (o.type != OperandType::ConstantBuffer || o.indexDimension < 2 || !registerIndexed(o.index[0])) return;
        const OperandIndex& element = o.index[1];
        elements = std::max<uint64_t>(elements, element.repr == IndexRepr::Imm32 ? element.imm + 1 : kConstantBufferVectors);
      });
  for (Instruction& inst : out.instructions)
    if (inst.opcode == Opcode::DclConstantBuffer && !inst.operands.empty() && inst.operands[0].indexDimension >= 2 &&
        inst.operands[0].index[1].imm < elements)
      inst.operands[0].index[1].imm = std::min<uint64_t>(elements, kConstantBufferVectors);
  if (indexing.scratchUsed) coverTemps(out, indexing.scratchTemp + 1);
  return out;
}

}  // namespace d3dvk::dxbc
