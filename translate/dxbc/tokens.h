// translate/dxbc/tokens.h — the SM4.0–SM5.1 token format: enums for opcodes,
// operand types, index representations, declarations' opcode-token fields, and the
// decoded form (Program / Instruction / Operand) shared by the decoder, encoder,
// assembler, disassembler and translator. Values follow the D3D10/11 tokenized
// program format.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace d3dvk::dxbc {

enum class ProgramType : uint32_t { Pixel = 0, Vertex = 1, Geometry = 2, Hull = 3, Domain = 4, Compute = 5 };

enum class Opcode : uint32_t {
  Add = 0, And = 1, Break = 2, Breakc = 3, Call = 4, Callc = 5, Case = 6, Continue = 7, Continuec = 8,
  Cut = 9, Default = 10, DerivRtx = 11, DerivRty = 12, Discard = 13, Div = 14, Dp2 = 15, Dp3 = 16, Dp4 = 17,
  Else = 18, Emit = 19, EmitThenCut = 20, EndIf = 21, EndLoop = 22, EndSwitch = 23, Eq = 24, Exp = 25,
  Frc = 26, Ftoi = 27, Ftou = 28, Ge = 29, IAdd = 30, If = 31, IEq = 32, IGe = 33, ILt = 34, IMad = 35,
  IMax = 36, IMin = 37, IMul = 38, INe = 39, INeg = 40, IShl = 41, IShr = 42, Itof = 43, Label = 44,
  Ld = 45, LdMs = 46, Log = 47, Loop = 48, Lt = 49, Mad = 50, Min = 51, Max = 52, CustomData = 53,
  Mov = 54, Movc = 55, Mul = 56, Ne = 57, Nop = 58, Not = 59, Or = 60, ResInfo = 61, Ret = 62, Retc = 63,
  RoundNe = 64, RoundNi = 65, RoundPi = 66, RoundZ = 67, Rsq = 68, Sample = 69, SampleC = 70,
  SampleCLz = 71, SampleL = 72, SampleD = 73, SampleB = 74, Sqrt = 75, Switch = 76, SinCos = 77,
  UDiv = 78, ULt = 79, UGe = 80, UMul = 81, UMad = 82, UMax = 83, UMin = 84, UShr = 85, Utof = 86,
  Xor = 87, DclResource = 88, DclConstantBuffer = 89, DclSampler = 90, DclIndexRange = 91,
  DclGsOutputTopology = 92, DclGsInputPrimitive = 93, DclMaxOutputVertexCount = 94, DclInput = 95,
  DclInputSgv = 96, DclInputSiv = 97, DclInputPs = 98, DclInputPsSgv = 99, DclInputPsSiv = 100,
  DclOutput = 101, DclOutputSgv = 102, DclOutputSiv = 103, DclTemps = 104, DclIndexableTemp = 105,
  DclGlobalFlags = 106, Reserved0 = 107, Lod = 108, Gather4 = 109, SamplePos = 110, SampleInfo = 111,
  Reserved1 = 112, HsDecls = 113, HsControlPointPhase = 114, HsForkPhase = 115, HsJoinPhase = 116,
  EmitStream = 117, CutStream = 118, EmitThenCutStream = 119, InterfaceCall = 120, BufInfo = 121,
  DerivRtxCoarse = 122, DerivRtxFine = 123, DerivRtyCoarse = 124, DerivRtyFine = 125, Gather4C = 126,
  Gather4Po = 127, Gather4PoC = 128, Rcp = 129, F32ToF16 = 130, F16ToF32 = 131, UAddc = 132, USubb = 133,
  CountBits = 134, FirstBitHi = 135, FirstBitLo = 136, FirstBitShi = 137, UBfe = 138, IBfe = 139,
  Bfi = 140, Bfrev = 141, Swapc = 142, DclStream = 143, DclFunctionBody = 144, DclFunctionTable = 145,
  DclInterface = 146, DclInputControlPointCount = 147, DclOutputControlPointCount = 148,
  DclTessDomain = 149, DclTessPartitioning = 150, DclTessOutputPrimitive = 151, DclHsMaxTessFactor = 152,
  DclHsForkPhaseInstanceCount = 153, DclHsJoinPhaseInstanceCount = 154, DclThreadGroup = 155,
  DclUavTyped = 156, DclUavRaw = 157, DclUavStructured = 158, DclTgsmRaw = 159, DclTgsmStructured = 160,
  DclResourceRaw = 161, DclResourceStructured = 162, LdUavTyped = 163, StoreUavTyped = 164, LdRaw = 165,
  StoreRaw = 166, LdStructured = 167, StoreStructured = 168,
  // 169..189 atomics, 190 sync, 191..202 doubles
  DAdd = 191, DMax = 192, DMin = 193, DMul = 194, DEq = 195, DGe = 196, DLt = 197, DNe = 198, DMov = 199,
  DMovc = 200, DtoF = 201, FtoD = 202,
  DDiv = 210, DFma = 211, DRcp = 212, Msad = 213, DtoI = 214, DtoU = 215, ItoD = 216, UtoD = 217,
  Sync = 190, EvalSnapped = 203, EvalSampleIndex = 204, EvalCentroid = 205, DclGsInstanceCount = 206,
  Abort = 207, DebugBreak = 208,
  // 210..217: SM5 (11.1) ddiv, dfma, drcp, msad, dtoi, dtou, itod, utod
  // 219..234: WDDM 1.3 (D3D11.2 tiled resources): the *_s forms, whose second
  // destination is the residency status, and check_access_fully_mapped.
  Gather4S = 219, Gather4CS = 220, Gather4PoS = 221, Gather4PoCS = 222, LdS = 223, LdMsS = 224,
  LdUavTypedS = 225, LdRawS = 226, LdStructuredS = 227, SampleLS = 228, SampleCLzS = 229, SampleClS = 230,
  SampleBClS = 231, SampleDClS = 232, SampleCClS = 233, CheckAccessFullyMapped = 234,
};
constexpr uint32_t kOpcodeCount = 235;

enum class OperandType : uint32_t {
  Temp = 0, Input = 1, Output = 2, IndexableTemp = 3, Immediate32 = 4, Immediate64 = 5, Sampler = 6,
  Resource = 7, ConstantBuffer = 8, ImmediateConstantBuffer = 9, Label = 10, InputPrimitiveId = 11,
  OutputDepth = 12, Null = 13, Rasterizer = 14, OutputCoverageMask = 15, Stream = 16, FunctionBody = 17,
  FunctionTable = 18, Interface = 19, FunctionInput = 20, FunctionOutput = 21, OutputControlPointId = 22,
  InputForkInstanceId = 23, InputJoinInstanceId = 24, InputControlPoint = 25, OutputControlPoint = 26,
  InputPatchConstant = 27, InputDomainPoint = 28, ThisPointer = 29, UnorderedAccessView = 30,
  ThreadGroupSharedMemory = 31, InputThreadId = 32, InputThreadGroupId = 33, InputThreadIdInGroup = 34,
  InputCoverageMask = 35, InputThreadIdInGroupFlattened = 36, InputGsInstanceId = 37,
  OutputDepthGreaterEqual = 38, OutputDepthLessEqual = 39, CycleCounter = 40, OutputStencilRef = 41,
  InnerCoverage = 42,
};
constexpr uint32_t kOperandTypeCount = 43;

enum class IndexRepr : uint32_t { Imm32 = 0, Imm64 = 1, Relative = 2, Imm32PlusRelative = 3, Imm64PlusRelative = 4 };
enum class SelectionMode : uint32_t { Mask = 0, Swizzle = 1, Select1 = 2 };
enum class OperandModifier : uint32_t { None = 0, Neg = 1, Abs = 2, AbsNeg = 3 };

// dcl_input_ps interpolation (opcode token bits 11..14).
enum class Interpolation : uint32_t {
  Undefined = 0, Constant = 1, Linear = 2, LinearCentroid = 3, LinearNoPerspective = 4,
  LinearNoPerspectiveCentroid = 5, LinearSample = 6, LinearNoPerspectiveSample = 7,
};

// System-value names in dcl_*_sgv / dcl_*_siv (the tokenized-format D3D10_SB_NAME).
enum class SystemName : uint32_t {
  Undefined = 0, Position = 1, ClipDistance = 2, CullDistance = 3, RenderTargetArrayIndex = 4,
  ViewportArrayIndex = 5, VertexId = 6, PrimitiveId = 7, InstanceId = 8, IsFrontFace = 9, SampleIndex = 10,
  // Hull-shader patch-constant outputs (and domain-shader vpc inputs): the tessellation factors.
  FinalQuadUEq0EdgeTessFactor = 11, FinalQuadVEq0EdgeTessFactor = 12, FinalQuadUEq1EdgeTessFactor = 13,
  FinalQuadVEq1EdgeTessFactor = 14, FinalQuadUInsideTessFactor = 15, FinalQuadVInsideTessFactor = 16,
  FinalTriUEq0EdgeTessFactor = 17, FinalTriVEq0EdgeTessFactor = 18, FinalTriWEq0EdgeTessFactor = 19,
  FinalTriInsideTessFactor = 20, FinalLineDetailTessFactor = 21, FinalLineDensityTessFactor = 22,
};

enum class ResourceDimension : uint32_t {
  Unknown = 0, Buffer = 1, Texture1D = 2, Texture2D = 3, Texture2DMS = 4, Texture3D = 5, TextureCube = 6,
  Texture1DArray = 7, Texture2DArray = 8, Texture2DMSArray = 9, TextureCubeArray = 10, RawBuffer = 11,
  StructuredBuffer = 12,
};
enum class ReturnType : uint32_t { Unorm = 1, Snorm = 2, Sint = 3, Uint = 4, Float = 5, Mixed = 6, Double = 7, Continued = 8, Unused = 9 };

// Custom-data block classes.
enum class CustomDataClass : uint32_t { Comment = 0, DebugInfo = 1, Opaque = 2, ImmediateConstantBuffer = 3 };

struct Operand;

struct OperandIndex {
  IndexRepr repr = IndexRepr::Imm32;
  uint64_t imm = 0;
  std::vector<Operand> rel;  // exactly one element for the relative representations
};

struct Operand {
  OperandType type = OperandType::Temp;
  uint32_t numComponents = 4;  // 0, 1 or 4 (N-component operands are rejected)
  SelectionMode selection = SelectionMode::Mask;
  uint8_t mask = 0xf;                 // Mask mode
  uint8_t swizzle[4] = {0, 1, 2, 3};  // Swizzle mode; Select1 uses swizzle[0]
  uint32_t indexDimension = 0;        // 0..3
  OperandIndex index[3];
  // Extended operand token (modifier / min precision / nonuniform), kept when present.
  bool extended = false;
  OperandModifier modifier = OperandModifier::None;
  uint32_t minPrecision = 0;
  bool nonUniform = false;
  uint32_t imm[4] = {0, 0, 0, 0};  // Immediate32 values (Immediate64 uses pairs)
  uint32_t immCount = 0;           // dwords of immediate data
  size_t offset = 0;               // dword offset of the operand token in the program

  uint32_t componentOf(uint32_t i) const {  // i-th selected component (swizzle/select1)
    if (selection == SelectionMode::Select1) return swizzle[0];
    return swizzle[i & 3];
  }
};

struct Instruction {
  Opcode opcode = Opcode::Nop;
  uint32_t controls = 0;  // opcode token bits 11..23 (opcode-specific: saturate, test, interpolation, …)
  std::vector<uint32_t> extendedTokens;
  std::vector<Operand> operands;
  std::vector<uint32_t> extra;       // declaration payload dwords after the operands (counts, names, …)
  uint32_t customDataClass = 0;      // CustomData only
  std::vector<uint32_t> customData;  // CustomData payload
  size_t offset = 0;                 // dword offset of the opcode token in the program
  uint32_t length = 0;               // dwords

  bool saturate() const { return (controls >> 2) & 1; }              // bit 13
  bool testNonZero() const { return (controls >> 7) & 1; }           // bit 18
  uint32_t preciseMask() const { return (controls >> 8) & 0xf; }     // bits 19..22
  uint32_t resInfoReturnType() const { return controls & 3; }        // bits 11..12
  Interpolation interpolation() const { return Interpolation(controls & 0xf); }
  ResourceDimension resourceDimension() const { return ResourceDimension(controls & 0x1f); }
  uint32_t sampleCount() const { return (controls >> 5) & 0x7f; }
  bool dynamicIndexed() const { return controls & 1; }  // dcl_constantbuffer
  // Extended opcode helpers (0 when absent).
  uint32_t extendedToken(uint32_t type) const;  // the token of this type (1 sample controls, 2 resource dimension, 3 return types)
  bool hasSampleOffsets() const;
  int sampleOffset(int axis) const;  // -8..7
};

struct Program {
  ProgramType type = ProgramType::Pixel;
  uint32_t major = 5, minor = 0;
  std::vector<Instruction> instructions;
};

// Operand value kind an opcode works on (drives immediate printing and typing).
enum class ValueKind : uint8_t { None, Float, Int, Uint };
struct OpcodeInfo {
  const char* name = nullptr;  // fxc mnemonic, nullptr when unknown
  uint8_t numDst = 0;          // leading destination operands
  ValueKind kind = ValueKind::None;
  bool declaration = false;
};
const OpcodeInfo& opcodeInfo(Opcode op);

// The double-precision instructions: SM5.0's dadd … ftod (191..202) and the
// D3D11.1 double extensions ddiv, dfma, drcp, dtoi, dtou, itod, utod (210..217
// without msad). A double occupies a component pair (.xy or .zw, x the low 32 bits).
bool isDoubleOpcode(Opcode op);
bool isDoubleExtensionOpcode(Opcode op);  // the 11.1 ones

// fxc's padding dword: after the operands of samplepos on a t# and of the sampling
// *_s forms (not gather4_po*_s, not the UAV/buffer loads) on a texture that takes
// immediate offsets (1D, 2D, 3D, their arrays, 2DMS), fxc counts a dword for the
// sample-controls token it leaves out when there is no _aoffimmi, and writes 0 (or
// stale bits) there: decoded as a register-less r#/v#/o#, no operand. fxc's printed
// listing does not show it; its containers have it (samplepos.o, TiledResources.o).
bool isFxcPaddingOperand(const Operand& op);
// Whether fxc writes that dword after instruction `index` of `program` (the t#'s
// dimension: its _indexable token, else the last dcl_resource of it before `index`).
bool fxcPadsInstruction(const Program& program, size_t index);

std::string_view operandTypePrefix(OperandType t);  // "r", "v", "o", "x", "cb", … ("" for special)

}  // namespace d3dvk::dxbc
