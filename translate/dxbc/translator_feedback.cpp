// translate/dxbc/translator_feedback.cpp — Translator members for tiled
// resources (WDDM 1.3 opcodes 219..234): the *_s forms, which write a residency
// status besides their result, check_access_fully_mapped, and imageAccess, the
// one place image fetches, samples, gathers and typed UAV loads are emitted
// (OpImageSparse* and MinLod live there). gather4_po's programmable offset is
// here too. See translator_impl.h and kResidentStatus (translator.h).
#include "translator_impl.h"

namespace d3dvk::dxbc::detail {
namespace {

constexpr uint32_t kCapImageGatherExtended = 25, kCapSparseResidency = 41, kCapMinLod = 42;
constexpr uint32_t kOpImageSparseTexelsResident = 316;
constexpr uint32_t kImageOperandMinLod = 0x80;

// The OpImageSparse* form of an image instruction (0: none).
uint32_t sparseForm(uint32_t opcode) {
  switch (opcode) {
    case OpImageSampleImplicitLod: return 305;
    case OpImageSampleExplicitLod: return 306;
    case OpImageSampleDrefImplicitLod: return 307;
    case OpImageSampleDrefExplicitLod: return 308;
    case OpImageFetch: return 313;
    case OpImageGather: return 314;
    case OpImageDrefGather: return 315;
    case OpImageRead: return 320;
    default: return 0;
  }
}

// The base instruction of a *_s form and whether it has a LOD clamp (its last operand).
struct FeedbackBase {
  Opcode base;
  bool clamp;
};
FeedbackBase feedbackBase(Opcode op) {
  switch (op) {
    case Opcode::Gather4S: return {Opcode::Gather4, false};
    case Opcode::Gather4CS: return {Opcode::Gather4C, false};
    case Opcode::Gather4PoS: return {Opcode::Gather4Po, false};
    case Opcode::Gather4PoCS: return {Opcode::Gather4PoC, false};
    case Opcode::LdS: return {Opcode::Ld, false};
    case Opcode::LdMsS: return {Opcode::LdMs, false};
    case Opcode::LdUavTypedS: return {Opcode::LdUavTyped, false};
    case Opcode::LdRawS: return {Opcode::LdRaw, false};
    case Opcode::LdStructuredS: return {Opcode::LdStructured, false};
    case Opcode::SampleLS: return {Opcode::SampleL, false};
    case Opcode::SampleCLzS: return {Opcode::SampleCLz, false};
    case Opcode::SampleClS: return {Opcode::Sample, true};
    case Opcode::SampleBClS: return {Opcode::SampleB, true};
    case Opcode::SampleDClS: return {Opcode::SampleD, true};
    case Opcode::SampleCClS: return {Opcode::SampleC, true};
    default: return {Opcode::Nop, false};
  }
}

}  // namespace

void Translator::feedbackForm(const Instruction& inst) {
  const FeedbackBase fb = feedbackBase(inst.opcode);
  if (fb.base == Opcode::Nop) fail("not a tiled-resource feedback instruction");
  if (inst.operands.size() < 2) fail("missing the residency status operand");
  const Operand& status = inst.operands[1];
  if (status.type != OperandType::Null && status.type != OperandType::Temp && status.type != OperandType::IndexableTemp &&
      status.type != OperandType::Output)
    fail("the residency status must be written to a register or null");
  Instruction plain = inst;
  plain.opcode = fb.base;
  plain.operands.erase(plain.operands.begin() + 1);
  if (fb.clamp) {
    if (plain.operands.size() < 2) fail("missing the LOD clamp operand");
    lodClamp_ = plain.operands.back();
    plain.operands.pop_back();
  }
  feedback_ = &status;
  residency_ = 0;
  struct Reset {
    Translator& t;
    ~Reset() {
      t.feedback_ = nullptr;
      t.lodClamp_.reset();
    }
  } reset{*this};
  translate(plain);
  const uint32_t value = residency_ ? residency_ : b_.cUint(kResidentStatus);
  storeDest(status, splat(value, K::U, uint32_t(std::popcount(destMask(status)))), K::U);
}

void Translator::checkAccessFullyMapped(const Instruction& inst) {
  const Operand& d = inst.operands.at(0);
  const uint8_t m = destMask(d);
  const uint32_t n = uint32_t(std::popcount(m));
  const uint32_t status = loadForMask(inst.operands.at(1), m, K::U);
  const uint32_t mapped = b_.op(OpIEqual, b_.tVec(b_.tBool(), n), {status, constSplat(b_.cUint(kResidentStatus), K::U, n)});
  storeDest(d, b_.op(OpSelect, typeOf(K::U, n), {mapped, constSplat(b_.cUint(0xFFFFFFFFu), K::U, n), constSplat(b_.cUint(0), K::U, n)}),
            K::U);
}

uint32_t Translator::imageAccess(uint32_t opcode, uint32_t resultType, std::vector<uint32_t> args, uint32_t mask,
                                 const std::vector<uint32_t>& maskArgs, bool sparseAllowed) {
  std::vector<uint32_t> operands = maskArgs;
  if (lodClamp_) {
    const Operand& c = *lodClamp_;
    // An immediate clamp at or below 0 clamps nothing (fxc's sample_cl_s for Sample(…, status)).
    bool none = false;
    if (c.type == OperandType::Immediate32 && c.immCount >= 1) {
      float f;
      std::memcpy(&f, &c.imm[c.numComponents == 4 ? c.componentOf(0) : 0], 4);
      none = f <= 0.0f;
    }
    if (!none) {
      if (!opt_.minLod)
        fail("a LOD clamp needs the Vulkan device's shaderResourceMinLod feature (MinLod), which it lacks");
      b_.capability(kCapMinLod);
      mask |= kImageOperandMinLod;
      operands.push_back(loadSource(c, 1, K::F));
    }
  }
  if (mask) {
    args.push_back(mask);
    args.insert(args.end(), operands.begin(), operands.end());
  }
  const uint32_t sparse = sparseForm(opcode);
  if (!feedback_ || !opt_.sparseResidency || !sparseAllowed || !sparse) return b_.op(opcode, resultType, args);
  b_.capability(kCapSparseResidency);
  const uint32_t result = b_.op(sparse, b_.tStruct({b_.tInt(), resultType}), args);
  const uint32_t code = b_.op(OpCompositeExtract, b_.tInt(), {result, 0});
  const uint32_t resident = b_.op(kOpImageSparseTexelsResident, b_.tBool(), {code});
  residency_ = b_.op(OpSelect, b_.tUint(), {resident, b_.cUint(kResidentStatus), b_.cUint(1)});
  return b_.op(OpCompositeExtract, resultType, {result, 1});
}

uint32_t Translator::programmableOffset(const Operand& offset) {
  b_.capability(kCapImageGatherExtended);
  const uint32_t ivec2 = b_.tVec(b_.tInt(), 2);
  const uint32_t xy = loadSource(offset, 2, K::I);
  const uint32_t shift = b_.cComposite(ivec2, {b_.cInt(26), b_.cInt(26)});
  return b_.op(OpShiftRightArithmetic, ivec2, {b_.op(OpShiftLeftLogical, ivec2, {xy, shift}), shift});
}

}  // namespace d3dvk::dxbc::detail
