// translate/dxbc/opcodes.cpp — the opcode table: fxc mnemonic, number of
// destination operands, value kind, declaration or not; operand-type prefixes.
#include "dxbc/tokens.h"

#include <array>
#include <optional>

namespace d3dvk::dxbc {
namespace {

using K = ValueKind;

struct Table {
  std::array<OpcodeInfo, kOpcodeCount> e{};
  void set(Opcode op, const char* name, uint8_t dst, K kind, bool decl = false) {
    e[uint32_t(op)] = OpcodeInfo{name, dst, kind, decl};
  }
  void set(uint32_t op, const char* name, uint8_t dst, K kind, bool decl = false) {
    e[op] = OpcodeInfo{name, dst, kind, decl};
  }
  Table() {
    set(Opcode::Add, "add", 1, K::Float);
    set(Opcode::And, "and", 1, K::Uint);
    set(Opcode::Break, "break", 0, K::None);
    set(Opcode::Breakc, "breakc", 0, K::Uint);
    set(Opcode::Call, "call", 0, K::None);
    set(Opcode::Callc, "callc", 0, K::Uint);
    set(Opcode::Case, "case", 0, K::Uint);
    set(Opcode::Continue, "continue", 0, K::None);
    set(Opcode::Continuec, "continuec", 0, K::Uint);
    set(Opcode::Cut, "cut", 0, K::None);
    set(Opcode::Default, "default", 0, K::None);
    set(Opcode::DerivRtx, "deriv_rtx", 1, K::Float);
    set(Opcode::DerivRty, "deriv_rty", 1, K::Float);
    set(Opcode::Discard, "discard", 0, K::Uint);
    set(Opcode::Div, "div", 1, K::Float);
    set(Opcode::Dp2, "dp2", 1, K::Float);
    set(Opcode::Dp3, "dp3", 1, K::Float);
    set(Opcode::Dp4, "dp4", 1, K::Float);
    set(Opcode::Else, "else", 0, K::None);
    set(Opcode::Emit, "emit", 0, K::None);
    set(Opcode::EmitThenCut, "emitThenCut", 0, K::None);
    set(Opcode::EndIf, "endif", 0, K::None);
    set(Opcode::EndLoop, "endloop", 0, K::None);
    set(Opcode::EndSwitch, "endswitch", 0, K::None);
    set(Opcode::Eq, "eq", 1, K::Float);
    set(Opcode::Exp, "exp", 1, K::Float);
    set(Opcode::Frc, "frc", 1, K::Float);
    set(Opcode::Ftoi, "ftoi", 1, K::Float);
    set(Opcode::Ftou, "ftou", 1, K::Float);
    set(Opcode::Ge, "ge", 1, K::Float);
    set(Opcode::IAdd, "iadd", 1, K::Int);
    set(Opcode::If, "if", 0, K::Uint);
    set(Opcode::IEq, "ieq", 1, K::Int);
    set(Opcode::IGe, "ige", 1, K::Int);
    set(Opcode::ILt, "ilt", 1, K::Int);
    set(Opcode::IMad, "imad", 1, K::Int);
    set(Opcode::IMax, "imax", 1, K::Int);
    set(Opcode::IMin, "imin", 1, K::Int);
    set(Opcode::IMul, "imul", 2, K::Int);
    set(Opcode::INe, "ine", 1, K::Int);
    set(Opcode::INeg, "ineg", 1, K::Int);
    set(Opcode::IShl, "ishl", 1, K::Int);
    set(Opcode::IShr, "ishr", 1, K::Int);
    set(Opcode::Itof, "itof", 1, K::Int);
    set(Opcode::Label, "label", 0, K::None);
    set(Opcode::Ld, "ld", 1, K::Int);
    set(Opcode::LdMs, "ld_ms", 1, K::Int);
    set(Opcode::Log, "log", 1, K::Float);
    set(Opcode::Loop, "loop", 0, K::None);
    set(Opcode::Lt, "lt", 1, K::Float);
    set(Opcode::Mad, "mad", 1, K::Float);
    set(Opcode::Min, "min", 1, K::Float);
    set(Opcode::Max, "max", 1, K::Float);
    set(Opcode::CustomData, "customdata", 0, K::None, true);
    set(Opcode::Mov, "mov", 1, K::Float);
    set(Opcode::Movc, "movc", 1, K::Float);
    set(Opcode::Mul, "mul", 1, K::Float);
    set(Opcode::Ne, "ne", 1, K::Float);
    set(Opcode::Nop, "nop", 0, K::None);
    set(Opcode::Not, "not", 1, K::Uint);
    set(Opcode::Or, "or", 1, K::Uint);
    set(Opcode::ResInfo, "resinfo", 1, K::Uint);
    set(Opcode::Ret, "ret", 0, K::None);
    set(Opcode::Retc, "retc", 0, K::Uint);
    set(Opcode::RoundNe, "round_ne", 1, K::Float);
    set(Opcode::RoundNi, "round_ni", 1, K::Float);
    set(Opcode::RoundPi, "round_pi", 1, K::Float);
    set(Opcode::RoundZ, "round_z", 1, K::Float);
    set(Opcode::Rsq, "rsq", 1, K::Float);
    set(Opcode::Sample, "sample", 1, K::Float);
    set(Opcode::SampleC, "sample_c", 1, K::Float);
    set(Opcode::SampleCLz, "sample_c_lz", 1, K::Float);
    set(Opcode::SampleL, "sample_l", 1, K::Float);
    set(Opcode::SampleD, "sample_d", 1, K::Float);
    set(Opcode::SampleB, "sample_b", 1, K::Float);
    set(Opcode::Sqrt, "sqrt", 1, K::Float);
    set(Opcode::Switch, "switch", 0, K::Int);
    set(Opcode::SinCos, "sincos", 2, K::Float);
    set(Opcode::UDiv, "udiv", 2, K::Uint);
    set(Opcode::ULt, "ult", 1, K::Uint);
    set(Opcode::UGe, "uge", 1, K::Uint);
    set(Opcode::UMul, "umul", 2, K::Uint);
    set(Opcode::UMad, "umad", 1, K::Uint);
    set(Opcode::UMax, "umax", 1, K::Uint);
    set(Opcode::UMin, "umin", 1, K::Uint);
    set(Opcode::UShr, "ushr", 1, K::Uint);
    set(Opcode::Utof, "utof", 1, K::Uint);
    set(Opcode::Xor, "xor", 1, K::Uint);
    set(Opcode::DclResource, "dcl_resource", 0, K::None, true);
    set(Opcode::DclConstantBuffer, "dcl_constantbuffer", 0, K::None, true);
    set(Opcode::DclSampler, "dcl_sampler", 0, K::None, true);
    set(Opcode::DclIndexRange, "dcl_indexrange", 0, K::None, true);
    set(Opcode::DclGsOutputTopology, "dcl_outputtopology", 0, K::None, true);
    set(Opcode::DclGsInputPrimitive, "dcl_inputprimitive", 0, K::None, true);
    set(Opcode::DclMaxOutputVertexCount, "dcl_maxout", 0, K::None, true);
    set(Opcode::DclInput, "dcl_input", 0, K::None, true);
    set(Opcode::DclInputSgv, "dcl_input_sgv", 0, K::None, true);
    set(Opcode::DclInputSiv, "dcl_input_siv", 0, K::None, true);
    set(Opcode::DclInputPs, "dcl_input_ps", 0, K::None, true);
    set(Opcode::DclInputPsSgv, "dcl_input_ps_sgv", 0, K::None, true);
    set(Opcode::DclInputPsSiv, "dcl_input_ps_siv", 0, K::None, true);
    set(Opcode::DclOutput, "dcl_output", 0, K::None, true);
    set(Opcode::DclOutputSgv, "dcl_output_sgv", 0, K::None, true);
    set(Opcode::DclOutputSiv, "dcl_output_siv", 0, K::None, true);
    set(Opcode::DclTemps, "dcl_temps", 0, K::None, true);
    set(Opcode::DclIndexableTemp, "dcl_indexableTemp", 0, K::None, true);
    set(Opcode::DclGlobalFlags, "dcl_globalFlags", 0, K::None, true);
    set(Opcode::Lod, "lod", 1, K::Float);
    set(Opcode::Gather4, "gather4", 1, K::Float);
    set(Opcode::SamplePos, "samplepos", 1, K::Int);
    set(Opcode::SampleInfo, "sampleinfo", 1, K::Uint);
    set(Opcode::HsDecls, "hs_decls", 0, K::None);
    set(Opcode::HsControlPointPhase, "hs_control_point_phase", 0, K::None);
    set(Opcode::HsForkPhase, "hs_fork_phase", 0, K::None);
    set(Opcode::HsJoinPhase, "hs_join_phase", 0, K::None);
    set(Opcode::EmitStream, "emit_stream", 0, K::None);
    set(Opcode::CutStream, "cut_stream", 0, K::None);
    set(Opcode::EmitThenCutStream, "emitThenCut_stream", 0, K::None);
    set(Opcode::InterfaceCall, "fcall", 0, K::None);
    set(Opcode::BufInfo, "bufinfo", 1, K::Uint);
    set(Opcode::DerivRtxCoarse, "deriv_rtx_coarse", 1, K::Float);
    set(Opcode::DerivRtxFine, "deriv_rtx_fine", 1, K::Float);
    set(Opcode::DerivRtyCoarse, "deriv_rty_coarse", 1, K::Float);
    set(Opcode::DerivRtyFine, "deriv_rty_fine", 1, K::Float);
    set(Opcode::Gather4C, "gather4_c", 1, K::Float);
    set(Opcode::Gather4Po, "gather4_po", 1, K::Float);
    set(Opcode::Gather4PoC, "gather4_po_c", 1, K::Float);
    set(Opcode::Rcp, "rcp", 1, K::Float);
    set(Opcode::F32ToF16, "f32tof16", 1, K::Float);
    set(Opcode::F16ToF32, "f16tof32", 1, K::Uint);
    set(Opcode::UAddc, "uaddc", 2, K::Uint);
    set(Opcode::USubb, "usubb", 2, K::Uint);
    set(Opcode::CountBits, "countbits", 1, K::Uint);
    set(Opcode::FirstBitHi, "firstbit_hi", 1, K::Uint);
    set(Opcode::FirstBitLo, "firstbit_lo", 1, K::Uint);
    set(Opcode::FirstBitShi, "firstbit_shi", 1, K::Int);
    set(Opcode::UBfe, "ubfe", 1, K::Uint);
    set(Opcode::IBfe, "ibfe", 1, K::Int);
    set(Opcode::Bfi, "bfi", 1, K::Uint);
    set(Opcode::Bfrev, "bfrev", 1, K::Uint);
    set(Opcode::Swapc, "swapc", 2, K::Float);
    set(Opcode::DclStream, "dcl_stream", 0, K::None, true);
    set(Opcode::DclFunctionBody, "dcl_function_body", 0, K::None, true);
    set(Opcode::DclFunctionTable, "dcl_function_table", 0, K::None, true);
    set(Opcode::DclInterface, "dcl_interface", 0, K::None, true);
    set(Opcode::DclInputControlPointCount, "dcl_input_control_point_count", 0, K::None, true);
    set(Opcode::DclOutputControlPointCount, "dcl_output_control_point_count", 0, K::None, true);
    set(Opcode::DclTessDomain, "dcl_tessellator_domain", 0, K::None, true);
    set(Opcode::DclTessPartitioning, "dcl_tessellator_partitioning", 0, K::None, true);
    set(Opcode::DclTessOutputPrimitive, "dcl_tessellator_output_primitive", 0, K::None, true);
    set(Opcode::DclHsMaxTessFactor, "dcl_hs_max_tessfactor", 0, K::None, true);
    set(Opcode::DclHsForkPhaseInstanceCount, "dcl_hs_fork_phase_instance_count", 0, K::None, true);
    set(Opcode::DclHsJoinPhaseInstanceCount, "dcl_hs_join_phase_instance_count", 0, K::None, true);
    set(Opcode::DclThreadGroup, "dcl_thread_group", 0, K::None, true);
    set(Opcode::DclUavTyped, "dcl_uav_typed", 0, K::None, true);
    set(Opcode::DclUavRaw, "dcl_uav_raw", 0, K::None, true);
    set(Opcode::DclUavStructured, "dcl_uav_structured", 0, K::None, true);
    set(Opcode::DclTgsmRaw, "dcl_tgsm_raw", 0, K::None, true);
    set(Opcode::DclTgsmStructured, "dcl_tgsm_structured", 0, K::None, true);
    set(Opcode::DclResourceRaw, "dcl_resource_raw", 0, K::None, true);
    set(Opcode::DclResourceStructured, "dcl_resource_structured", 0, K::None, true);
    set(Opcode::LdUavTyped, "ld_uav_typed", 1, K::Uint);
    set(Opcode::StoreUavTyped, "store_uav_typed", 1, K::Uint);
    set(Opcode::LdRaw, "ld_raw", 1, K::Uint);
    set(Opcode::StoreRaw, "store_raw", 1, K::Uint);
    set(Opcode::LdStructured, "ld_structured", 1, K::Uint);
    set(Opcode::StoreStructured, "store_structured", 1, K::Uint);
    const char* atomics[] = {"atomic_and", "atomic_or", "atomic_xor", "atomic_cmp_store", "atomic_iadd",
                             "atomic_imax", "atomic_imin", "atomic_umax", "atomic_umin"};
    for (uint32_t i = 0; i < 9; ++i) set(169 + i, atomics[i], 1, K::Uint);
    const char* imm[] = {"imm_atomic_alloc", "imm_atomic_consume", "imm_atomic_iadd", "imm_atomic_and",
                         "imm_atomic_or", "imm_atomic_xor", "imm_atomic_exch", "imm_atomic_cmp_exch",
                         "imm_atomic_imax", "imm_atomic_imin", "imm_atomic_umax", "imm_atomic_umin"};
    for (uint32_t i = 0; i < 12; ++i) set(178 + i, imm[i], i < 2 ? 1 : 2, K::Uint);
    set(Opcode::Sync, "sync", 0, K::None);
    const char* doubles[] = {"dadd", "dmax", "dmin", "dmul", "deq", "dge", "dlt", "dne", "dmov", "dmovc", "dtof", "ftod"};
    for (uint32_t i = 0; i < 12; ++i) set(191 + i, doubles[i], 1, K::Float);
    set(Opcode::EvalSnapped, "eval_snapped", 1, K::Float);
    set(Opcode::EvalSampleIndex, "eval_sample_index", 1, K::Float);
    set(Opcode::EvalCentroid, "eval_centroid", 1, K::Float);
    set(Opcode::DclGsInstanceCount, "dcl_gsinstances", 0, K::None, true);
    set(Opcode::Abort, "abort", 0, K::None);
    set(Opcode::DebugBreak, "debug_break", 0, K::None);
    const char* sm51[] = {"ddiv", "dfma", "drcp", "msad", "dtoi", "dtou", "itod", "utod"};
    for (uint32_t i = 0; i < 8; ++i) set(210 + i, sm51[i], 1, i == 3 ? K::Uint : K::Float);
    set(Opcode::ItoD, "itod", 1, K::Int);
    set(Opcode::UtoD, "utod", 1, K::Uint);
    // Tiled resources: dest, residency status, then the base form's sources.
    set(Opcode::Gather4S, "gather4_s", 2, K::Float);
    set(Opcode::Gather4CS, "gather4_c_s", 2, K::Float);
    set(Opcode::Gather4PoS, "gather4_po_s", 2, K::Float);
    set(Opcode::Gather4PoCS, "gather4_po_c_s", 2, K::Float);
    set(Opcode::LdS, "ld_s", 2, K::Int);
    set(Opcode::LdMsS, "ldms_s", 2, K::Int);
    set(Opcode::LdUavTypedS, "ld_uav_typed_s", 2, K::Uint);
    set(Opcode::LdRawS, "ld_raw_s", 2, K::Uint);
    set(Opcode::LdStructuredS, "ld_structured_s", 2, K::Uint);
    set(Opcode::SampleLS, "sample_l_s", 2, K::Float);
    set(Opcode::SampleCLzS, "sample_c_lz_s", 2, K::Float);
    set(Opcode::SampleClS, "sample_cl_s", 2, K::Float);
    set(Opcode::SampleBClS, "sample_b_cl_s", 2, K::Float);
    set(Opcode::SampleDClS, "sample_d_cl_s", 2, K::Float);
    set(Opcode::SampleCClS, "sample_c_cl_s", 2, K::Float);
    set(Opcode::CheckAccessFullyMapped, "check_access_fully_mapped", 1, K::Uint);
  }
};

const Table& table() {
  static const Table t;
  return t;
}

}  // namespace

const OpcodeInfo& opcodeInfo(Opcode op) {
  static const OpcodeInfo none{};
  uint32_t i = uint32_t(op);
  return i < kOpcodeCount ? table().e[i] : none;
}

bool isDoubleExtensionOpcode(Opcode op) {
  const uint32_t i = uint32_t(op);
  return i >= 210 && i <= 217 && op != Opcode::Msad;
}

bool isDoubleOpcode(Opcode op) {
  const uint32_t i = uint32_t(op);
  return (i >= 191 && i <= 202) || isDoubleExtensionOpcode(op);
}

std::string_view operandTypePrefix(OperandType t) {
  switch (t) {
    case OperandType::Temp: return "r";
    case OperandType::Input: return "v";
    case OperandType::Output: return "o";
    case OperandType::IndexableTemp: return "x";
    case OperandType::Immediate32: return "l";
    case OperandType::Immediate64: return "d";
    case OperandType::Sampler: return "s";
    case OperandType::Resource: return "t";
    case OperandType::ConstantBuffer: return "cb";
    case OperandType::ImmediateConstantBuffer: return "icb";
    case OperandType::Label: return "label";
    case OperandType::InputPrimitiveId: return "vPrim";
    case OperandType::OutputDepth: return "oDepth";
    case OperandType::Null: return "null";
    case OperandType::Rasterizer: return "rasterizer";
    case OperandType::OutputCoverageMask: return "oMask";
    case OperandType::Stream: return "m";
    case OperandType::FunctionBody: return "fb";
    case OperandType::FunctionTable: return "ft";
    case OperandType::Interface: return "fp";
    case OperandType::FunctionInput: return "fi";
    case OperandType::FunctionOutput: return "fo";
    case OperandType::OutputControlPointId: return "vOutputControlPointID";
    case OperandType::InputForkInstanceId: return "vForkInstanceID";
    case OperandType::InputJoinInstanceId: return "vJoinInstanceID";
    case OperandType::InputControlPoint: return "vicp";
    case OperandType::OutputControlPoint: return "vocp";
    case OperandType::InputPatchConstant: return "vpc";
    case OperandType::InputDomainPoint: return "vDomain";
    case OperandType::ThisPointer: return "this";
    case OperandType::UnorderedAccessView: return "u";
    case OperandType::ThreadGroupSharedMemory: return "g";
    case OperandType::InputThreadId: return "vThreadID";
    case OperandType::InputThreadGroupId: return "vThreadGroupID";
    case OperandType::InputThreadIdInGroup: return "vThreadIDInGroup";
    case OperandType::InputCoverageMask: return "vCoverage";
    case OperandType::InputThreadIdInGroupFlattened: return "vThreadIDInGroupFlattened";
    case OperandType::InputGsInstanceId: return "vGSInstanceID";
    case OperandType::OutputDepthGreaterEqual: return "oDepthGE";
    case OperandType::OutputDepthLessEqual: return "oDepthLE";
    case OperandType::CycleCounter: return "vCycleCounter";
    case OperandType::OutputStencilRef: return "oStencilRef";
    case OperandType::InnerCoverage: return "vInnerCoverage";
  }
  return "";
}

bool isFxcPaddingOperand(const Operand& op) {
  return (op.type == OperandType::Temp || op.type == OperandType::Input || op.type == OperandType::Output) &&
         op.indexDimension == 0 && op.numComponents == 0 && !op.extended;
}

bool fxcPadsInstruction(const Program& program, size_t index) {
  const Instruction& inst = program.instructions.at(index);
  switch (inst.opcode) {
    case Opcode::SamplePos: case Opcode::Gather4S: case Opcode::Gather4CS: case Opcode::LdS: case Opcode::LdMsS:
    case Opcode::SampleLS: case Opcode::SampleCLzS: case Opcode::SampleClS: case Opcode::SampleBClS:
    case Opcode::SampleDClS: case Opcode::SampleCClS:
      break;
    default: return false;
  }
  if (inst.hasSampleOffsets()) return false;
  const Operand* resource = nullptr;
  for (const Operand& op : inst.operands)
    if (op.type == OperandType::Resource) {
      resource = &op;
      break;
    }
  if (!resource || resource->indexDimension < 1 || resource->index[0].repr != IndexRepr::Imm32) return false;
  std::optional<ResourceDimension> dim;
  if (const uint32_t t = inst.extendedToken(2)) dim = ResourceDimension((t >> 6) & 0x1f);
  for (size_t i = index; !dim && i-- > 0;) {
    const Instruction& d = program.instructions[i];
    if (d.opcode == Opcode::DclResource && !d.operands.empty() && d.operands[0].indexDimension >= 1 &&
        d.operands[0].index[0].imm == resource->index[0].imm)
      dim = d.resourceDimension();
  }
  if (!dim) return false;
  switch (*dim) {
    case ResourceDimension::Texture1D: case ResourceDimension::Texture1DArray: case ResourceDimension::Texture2D:
    case ResourceDimension::Texture2DArray: case ResourceDimension::Texture3D: case ResourceDimension::Texture2DMS:
    case ResourceDimension::Texture2DMSArray:
      return true;
    default: return false;
  }
}

uint32_t Instruction::extendedToken(uint32_t type) const {
  for (uint32_t t : extendedTokens)
    if ((t & 0x3f) == type) return t;
  return 0;
}

bool Instruction::hasSampleOffsets() const { return extendedToken(1) != 0; }

int Instruction::sampleOffset(int axis) const {
  const uint32_t t = extendedToken(1);
  if (!t) return 0;
  const int v = int((t >> (9 + 4 * axis)) & 0xf);
  return v >= 8 ? v - 16 : v;
}

}  // namespace d3dvk::dxbc
