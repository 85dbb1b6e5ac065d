// translate/dxbc/spirv_builder.h — a small SPIR-V module builder: numeric enums we
// use, id allocation, deduplicated types and constants, and the module sections in
// the order the spec requires. Knows nothing about DXBC.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace d3dvk::spv {

// Opcodes (SPIR-V 1.3 unified spec values).
enum Op : uint32_t {
  OpName = 5, OpMemberName = 6, OpExtension = 10, OpExtInstImport = 11, OpExtInst = 12, OpMemoryModel = 14,
  OpEntryPoint = 15, OpExecutionMode = 16, OpCapability = 17, OpTypeVoid = 19, OpTypeBool = 20, OpTypeInt = 21,
  OpTypeFloat = 22, OpTypeVector = 23, OpTypeImage = 25, OpTypeSampler = 26, OpTypeSampledImage = 27,
  OpTypeArray = 28, OpTypeRuntimeArray = 29, OpTypeStruct = 30, OpTypePointer = 32, OpTypeFunction = 33, OpConstantTrue = 41,
  OpConstantFalse = 42, OpConstant = 43, OpConstantComposite = 44, OpFunction = 54, OpFunctionEnd = 56,
  OpFunctionCall = 57, OpVariable = 59, OpLoad = 61, OpStore = 62, OpAccessChain = 65, OpDecorate = 71,
  OpMemberDecorate = 72, OpVectorShuffle = 79, OpCompositeConstruct = 80, OpCompositeExtract = 81, OpCompositeInsert = 82,
  OpSampledImage = 86, OpImageSampleImplicitLod = 87, OpImageSampleExplicitLod = 88,
  OpImageSampleDrefImplicitLod = 89, OpImageSampleDrefExplicitLod = 90, OpImageGather = 96, OpImageDrefGather = 97, OpImageFetch = 95, OpImageRead = 98, OpImageWrite = 99,
  OpImageQuerySizeLod = 103, OpImageQuerySize = 104, OpImageQueryLod = 105, OpImageQueryLevels = 106, OpImageQuerySamples = 107, OpConvertFToU = 109, OpConvertFToS = 110,
  OpConvertSToF = 111, OpConvertUToF = 112, OpBitcast = 124, OpSNegate = 126, OpFNegate = 127, OpIAdd = 128,
  OpFAdd = 129, OpISub = 130, OpFSub = 131, OpIMul = 132, OpFMul = 133, OpUDiv = 134, OpUMod = 137, OpVectorTimesScalar = 142,
  OpFDiv = 136, OpDot = 148, OpUMulExtended = 151, OpSMulExtended = 152, OpIsNan = 156, OpLogicalOr = 166,
  OpLogicalAnd = 167, OpLogicalNot = 168, OpSelect = 169, OpIEqual = 170, OpINotEqual = 171,
  OpUGreaterThanEqual = 174, OpSGreaterThanEqual = 175, OpULessThan = 176, OpSLessThan = 177,
  OpFOrdEqual = 180, OpFUnordNotEqual = 183, OpFOrdLessThan = 184, OpFOrdGreaterThanEqual = 190,
  OpShiftRightLogical = 194, OpShiftRightArithmetic = 195, OpShiftLeftLogical = 196, OpBitwiseOr = 197,
  OpBitwiseXor = 198, OpBitwiseAnd = 199, OpNot = 200, OpBitFieldInsert = 201, OpBitFieldSExtract = 202,
  OpBitFieldUExtract = 203, OpBitReverse = 204, OpBitCount = 205, OpDPdx = 207, OpDPdy = 208,
  OpDPdxFine = 210, OpDPdyFine = 211, OpDPdxCoarse = 213, OpDPdyCoarse = 214, OpLoopMerge = 246,
  OpSelectionMerge = 247, OpLabel = 248, OpBranch = 249, OpBranchConditional = 250, OpSwitch = 251,
  OpKill = 252, OpReturn = 253, OpFunctionParameter = 55,
  OpAtomicIIncrement = 232, OpAtomicIAdd = 234, OpGroupNonUniformElect = 333, OpGroupNonUniformBroadcastFirst = 338, OpGroupNonUniformUMin = 354, OpGroupNonUniformBallot = 339,
  OpGroupNonUniformBallotBitCount = 342,
  OpUConvert = 113, OpSConvert = 114, OpFConvert = 115, OpUGreaterThan = 172, OpSGreaterThan = 173,
  OpULessThanEqual = 178, OpSLessThanEqual = 179, OpFOrdGreaterThan = 186, OpFOrdLessThanEqual = 188, OpPhi = 245,
  OpDemoteToHelperInvocationEXT = 5380, OpIsHelperInvocationEXT = 5381,
  OpImageTexelPointer = 60, OpArrayLength = 68, OpEmitVertex = 218, OpEndPrimitive = 219, OpEmitStreamVertex = 220,
  OpEndStreamPrimitive = 221, OpControlBarrier = 224, OpMemoryBarrier = 225, OpAtomicLoad = 227, OpAtomicStore = 228,
  OpAtomicExchange = 229, OpAtomicCompareExchange = 230, OpAtomicISub = 235, OpAtomicSMin = 236, OpAtomicUMin = 237,
  OpAtomicSMax = 238, OpAtomicUMax = 239, OpAtomicAnd = 240, OpAtomicOr = 241, OpAtomicXor = 242,
};

enum GLSLstd450 : uint32_t {
  GlslRoundEven = 2, GlslTrunc = 3, GlslFAbs = 4, GlslSAbs = 5, GlslFloor = 8, GlslCeil = 9, GlslFract = 10,
  GlslSin = 13, GlslCos = 14, GlslExp2 = 29, GlslLog2 = 30, GlslSqrt = 31, GlslInverseSqrt = 32,
  GlslUMin = 38, GlslSMin = 39, GlslUMax = 41, GlslSMax = 42, GlslFma = 50, GlslPackHalf2x16 = 58,
  GlslUnpackHalf2x16 = 62, GlslFindILsb = 73, GlslInterpolateAtCentroid = 76, GlslInterpolateAtSample = 77,
  GlslInterpolateAtOffset = 78, GlslFindSMsb = 74, GlslFindUMsb = 75, GlslNMin = 79,
  GlslNMax = 80, GlslNClamp = 81,
};

enum Decoration : uint32_t {
  DecSpecId = 1, DecBlock = 2, DecArrayStride = 6, DecBuiltIn = 11, DecNoPerspective = 13, DecFlat = 14, DecCentroid = 16,
  DecSample = 17, DecLocation = 30, DecBinding = 33, DecDescriptorSet = 34, DecOffset = 35, DecXfbBuffer = 36,
  DecXfbStride = 37, DecCoherent = 23, DecNonWritable = 24, DecNonReadable = 25, DecStream = 29,
  DecNonUniform = 5300,
};

enum BuiltIn : uint32_t {
  BuiltInPosition = 0, BuiltInPointSize = 1, BuiltInClipDistance = 3, BuiltInPrimitiveId = 7, BuiltInFragCoord = 15,
  BuiltInFrontFacing = 17, BuiltInSampleId = 18, BuiltInHelperInvocation = 23, BuiltInSampleMask = 20, BuiltInFragDepth = 22,
  BuiltInVertexIndex = 42, BuiltInInstanceIndex = 43, BuiltInBaseVertex = 4424, BuiltInBaseInstance = 4425,
  BuiltInFullyCoveredEXT = 5264, BuiltInInvocationId = 8, BuiltInLayer = 9, BuiltInViewportIndex = 10,
  BuiltInWorkgroupId = 26, BuiltInLocalInvocationId = 27, BuiltInGlobalInvocationId = 28,
  BuiltInLocalInvocationIndex = 29,
};

enum Capability : uint32_t {
  CapShader = 1, CapGeometry = 2, CapClipDistance = 32, CapSampled1D = 43, CapSampledCubeArray = 45, CapSampledBuffer = 46, CapSampleRateShading = 35, CapImageQuery = 50,
  CapDerivativeControl = 51, CapInterpolationFunction = 52, CapTransformFeedback = 53, CapDrawParameters = 4427, CapFragmentFullyCoveredEXT = 5265,
  CapStorageImageReadWithoutFormat = 55,
  CapStorageImageWriteWithoutFormat = 56,
  CapGroupNonUniform = 61, CapGroupNonUniformArithmetic = 63, CapGroupNonUniformBallot = 64, CapFloat64 = 10, CapInt64 = 11,
  CapDemoteToHelperInvocationEXT = 5379, CapImageBuffer = 47, CapImage1D = 44, CapGeometryStreams = 54, CapMultiViewport = 57,
  CapShaderViewportIndexLayerEXT = 5254,
};

enum StorageClass : uint32_t {
  SCUniformConstant = 0, SCInput = 1, SCUniform = 2, SCOutput = 3, SCPrivate = 6, SCFunction = 7,
  SCStorageBuffer = 12, SCWorkgroup = 4, SCImage = 11,
};

enum ExecutionMode : uint32_t {
  ModeEarlyFragmentTests = 9, ModeOriginUpperLeft = 7, ModeXfb = 11, ModeDepthReplacing = 12, ModeInvocations = 0,
  ModeLocalSize = 17, ModeInputPoints = 19, ModeInputLines = 20, ModeInputLinesAdjacency = 21, ModeTriangles = 22,
  ModeInputTrianglesAdjacency = 23, ModeOutputVertices = 26, ModeOutputPoints = 27, ModeOutputLineStrip = 28,
  ModeOutputTriangleStrip = 29,
};
enum ExecutionModel : uint32_t { ModelVertex = 0, ModelGeometry = 3, ModelFragment = 4, ModelGLCompute = 5 };

// Memory scopes and semantics (atomic operands are ids of uint constants).
enum Scope : uint32_t { ScopeDevice = 1, ScopeWorkgroup = 2, ScopeSubgroup = 3 };
enum MemorySemantics : uint32_t {
  SemanticsRelaxed = 0, SemanticsAcquireRelease = 0x8, SemanticsUniformMemory = 0x40, SemanticsWorkgroupMemory = 0x100,
  SemanticsImageMemory = 0x800,
};
enum GroupOperation : uint32_t { GroupOperationReduce = 0 };

class Builder {
 public:
  uint32_t id() { return next_++; }
  uint32_t bound() const { return next_; }

  void capability(uint32_t cap);
  void extension(const std::string& name);
  uint32_t glsl();  // GLSL.std.450 import id

  // Types (deduplicated).
  uint32_t tVoid();
  uint32_t tBool();
  uint32_t tUint();
  uint32_t tInt();
  uint32_t tFloat();
  uint32_t tInt64();  // the caller declares CapInt64
  uint32_t tDouble();  // the caller declares CapFloat64
  uint32_t tVec(uint32_t component, uint32_t n);  // n == 1 returns component
  uint32_t tArray(uint32_t element, uint32_t length);
  uint32_t tPointer(uint32_t storage, uint32_t type);
  uint32_t tFunction(uint32_t ret);
  uint32_t tImage2D(uint32_t sampled);
  // Sampled image of any dimension (spvDim: 1D 0, 2D 1, 3D 2, Cube 3, Buffer 5).
  uint32_t tImage(uint32_t sampled, uint32_t spvDim, bool arrayed, bool multisampled);
  // A storage image (Sampled 2) of an SPIR-V image format (0 = Unknown).
  uint32_t tStorageImage(uint32_t sampled, uint32_t spvDim, bool arrayed, uint32_t format);
  uint32_t tSampler();
  uint32_t tSampledImage(uint32_t image);
  uint32_t tStruct(const std::vector<uint32_t>& members);  // not deduplicated
  uint32_t tRuntimeArray(uint32_t element);                 // not deduplicated (each gets its own ArrayStride)

  // Constants (deduplicated).
  uint32_t cUint(uint32_t v);
  uint32_t cInt(int32_t v);
  uint32_t cFloat(float v);
  uint32_t cInt64(int64_t v);
  uint32_t cDouble(double v);
  // A 32-bit specialization constant (OpSpecConstant, not deduplicated) with SpecId `specId`.
  uint32_t specConstant(uint32_t type, uint32_t defaultValue, uint32_t specId);
  uint32_t cBool(bool v);
  uint32_t cComposite(uint32_t type, const std::vector<uint32_t>& parts);

  uint32_t variable(uint32_t pointerType, uint32_t storage, uint32_t init = 0);  // global
  uint32_t localVariable(uint32_t pointerType);                                  // Function storage

  // Types are deduplicated, so two declarations may decorate the same type
  // (two constant buffers of one size: one array type); an identical
  // decoration is emitted once (SPIR-V forbids repeating it).
  void decorate(uint32_t target, uint32_t dec, std::initializer_list<uint32_t> args = {});
  void memberDecorate(uint32_t type, uint32_t member, uint32_t dec, std::initializer_list<uint32_t> args = {});
  void name(uint32_t target, const std::string& n);
  void entryPoint(uint32_t model, uint32_t fn, const std::string& name, const std::vector<uint32_t>& iface);
  void executionMode(uint32_t fn, uint32_t mode, std::initializer_list<uint32_t> args = {});

  // Function body emission: instructions go to the current function.
  void beginFunction(uint32_t fn, uint32_t retType, uint32_t fnType);
  void endFunction();
  void label(uint32_t l);
  uint32_t op(uint32_t opcode, uint32_t type, std::initializer_list<uint32_t> args);  // returns result id
  uint32_t op(uint32_t opcode, uint32_t type, const std::vector<uint32_t>& args);
  void opNoResult(uint32_t opcode, std::initializer_list<uint32_t> args);
  void opNoResult(uint32_t opcode, const std::vector<uint32_t>& args);
  uint32_t ext(uint32_t type, uint32_t inst, std::initializer_list<uint32_t> args);
  bool blockOpen() const { return blockOpen_; }
  // Decorates `id` NonUniform (SPV_EXT_descriptor_indexing; the caller declares the
  // capabilities) and every later OpAccessChain, OpLoad, OpSampledImage,
  // OpImageTexelPointer or OpCopyObject result that takes a marked id: the
  // pointer, the loaded descriptor and the combined image a non-uniform resource
  // index reaches, as Vulkan requires of the operand that names the resource.
  void markNonUniform(uint32_t id);

  std::vector<uint32_t> finish();

 private:
  static void emit(std::vector<uint32_t>& out, uint32_t opcode, const std::vector<uint32_t>& words);
  uint32_t typeOrConst(uint32_t opcode, const std::vector<uint32_t>& operands, bool isConst);
  static std::vector<uint32_t> stringWords(const std::string& s);

  uint32_t next_ = 1;
  uint32_t glsl_ = 0;
  std::vector<uint32_t> capabilities_;
  std::vector<std::string> extensions_;
  std::vector<uint32_t> entry_, modes_, debug_, annotations_, globals_, functions_, fnVars_, fnBody_;
  std::map<std::vector<uint32_t>, uint32_t> dedup_;
  std::set<std::vector<uint32_t>> decorations_;  // (target, decoration, operands) emitted
  bool blockOpen_ = false;
  bool firstBlock_ = false;
  std::set<uint32_t> nonUniform_;  // markNonUniform
};

}  // namespace d3dvk::spv
