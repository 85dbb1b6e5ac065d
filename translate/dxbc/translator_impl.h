// translate/dxbc/translator_impl.h — private to the DXBC → SPIR-V translator: the
// Translator class (one object per translateToSpirv call, see translator.h) and the
// small types it uses. Its members are defined by concern, one file each:
//   translator.cpp: the driver: run() checks the options, translates the declarations, then the body
//     function and main() (prologue, body call, epilogue) and the entry point; the public functions
//   translator_declarations.cpp: dcl_* instructions: register files, signatures, interface
//     variables (varyings, system values, outputs), constant buffers, samplers, resources and their bindings
//   translator_operands.cpp: operand access: register pointers, (relative) indexing, swizzles,
//     modifiers, source loads and destination stores (masks, saturate)
//   translator_instructions.cpp: the instruction switch: structured control flow, ALU (float,
//     integer, bit, conversion, derivative) and its helpers; dispatches resource access
//   translator_resources.cpp: resource access instructions: sample*, gather4*, ld/ld_ms,
//     resinfo/bufinfo/lod, eval_*, typed UAV load/store
//   translator_memory.cpp: raw and structured buffers (t#, u#) and thread-group shared memory
//     (g#): their declarations, ld_raw/ld_structured/store_raw/store_structured, every atomic
//     (atomic_*, imm_atomic_* on typed, raw and structured UAVs and g#), the UAV counters
//     (imm_atomic_alloc/consume) and sync
//   translator_feedback.cpp: the tiled-resource forms (*_s: the base instruction plus its
//     residency status), check_access_fully_mapped, and the image access every fetch, sample,
//     gather and typed UAV load goes through (sparse residency, LOD clamp)
//   translator_stages.cpp: what the compute and geometry stages add: thread groups and their
//     system values, the geometry shader's primitive types, input arrays, emit/cut (stream 0),
//     instancing, and its per-emit output stores
//   translator_dfma.cpp: dfma's single rounding without a fused Fma.
//   translator_doubles.cpp: the double-precision instructions (dadd … ftod, the 11.1 ddiv, dfma,
//     drcp, dtoi, dtou, itod, utod): component pairs bitcast to Float64 and back, d(…) immediates

//   translator_ranges.cpp: register ranges as descriptor arrays (SM5.1 spaces and ranges,
//     TranslateOptions::descriptorRanges): the array variables and the element an operand indexes
//   translator_tessellation.cpp: hull shaders (phases as functions, control points, patch
//     constants, tessellation factors, execution modes) and domain shaders (vDomain, vicp, vpc)
//   translator_variants.cpp: the shader variants: the exact GPU fallback's pixel shader (its
//     inputs, coverage prelude, 1/w division, sample mask), the invocation counter, point size,
//     clip distances and transform-feedback decorations
// Small helpers and templates stay inline here.
#pragma once

#include "dxbc/listing.h"
#include "dxbc/spirv_builder.h"
#include "dxbc/translator.h"

#include <algorithm>
#include <functional>
#include <bit>
#include <cstring>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

namespace d3dvk::dxbc::detail {

using namespace spv;

enum class K { U, I, F };  // value kind of an SPIR-V value

struct CbInfo { uint32_t var; uint32_t size; };
struct TexInfo {
  uint32_t var;
  uint32_t imageType;
  K kind;
  ResourceDimension dim;
  uint32_t spatial;  // coordinate components without the array index (cube: 3)
  bool arrayed, ms, buffer, cube;
  uint32_t sizeComponents;  // components OpImageQuerySize(Lod) returns
  // Typed buffers (binding.h's buffer view shifts): the word of the shift of
  // a t# without a descriptor map (kNoViewShift: none), and the shift itself
  // (a uint value, 0: none) once texture() has resolved an operand.
  uint32_t shiftWord = kNoViewShift;
  uint32_t shift = 0;
};
// A typed UAV (RWTexture2D(Array), RWTexture3D, RWBuffer): a storage image or
// storage texel buffer. Written without a format (StorageImageWriteWithoutFormat);
// one the shader loads from or uses atomically is declared R32 of its type, the
// only formats D3D11 allows typed UAV loads and atomics on.
struct UavInfo {
  uint32_t var;
  uint32_t imageType;
  K kind;
  uint32_t coordComponents;  // 1 (buffer, RWTexture1D), 2, or 3 (the last: array slice or W)
  bool loaded;
  bool buffer = false, arrayed = false;
  uint32_t window = 0;  // RWTexture3D: the view's W window (binding.h), a storage block of uints
  uint32_t shiftWord = kNoViewShift, shift = 0;  // RWBuffer: as TexInfo's
};
// A raw or structured buffer (t#, u#: a uint array in a storage-buffer block)
// or thread-group shared memory (g#: a uint array in Workgroup storage).
struct BufferInfo {
  uint32_t var = 0;
  uint32_t storage = 0;  // SCStorageBuffer or SCWorkgroup
  uint32_t stride = 0;   // structured: bytes per element; raw: 0
  uint32_t dwords = 0;   // g#: the array's length
  bool uav = false;      // u#: writes are UAV side effects (sideEffect)
  uint32_t counter = 0;  // u# with imm_atomic_alloc/consume: its hidden counter (a storage-buffer uint)
  // t#, u#: as TexInfo's, the shift in dwords; bufferWord adds it, bufferDwords takes it off.
  uint32_t shiftWord = kNoViewShift, shift = 0;
};
struct IdxTemp { uint32_t var; uint32_t size; };

struct Construct {
  enum Type { If, Loop, Switch } type;
  uint32_t merge = 0;
  uint32_t cont = 0;       // Loop
  uint32_t elseLabel = 0;  // If
  bool hadElse = false;
  std::map<size_t, uint32_t> caseLabels;  // Switch: instruction index → label
};

class Translator {
 public:
  Translator(const Shader& s, const TranslateOptions& o)
      : sh_(s), opt_(o), prog_(s.program), sm51_(s.program.major == 5 && s.program.minor >= 1) {}

  std::vector<uint32_t> run();
  std::vector<uint32_t> runImpl();

 private:
  // ---------------------------------------------------------------- translator.cpp

  [[noreturn]] void fail(const std::string& what) const;

  // ---------------------------------------------------------------- translator_declarations.cpp

  void scanRegisters();
  void createRegisterFiles();

  ComponentType signatureType(const Signature& sig, uint32_t reg, uint8_t mask) const {
    if (const SignatureElement* e = sig.findByRegister(reg, mask ? mask : 0xf)) return e->componentType;
    return ComponentType::Float32;
  }

  uint32_t typeFor(ComponentType ct) {
    return ct == ComponentType::Uint32 ? b_.tUint() : ct == ComponentType::Sint32 ? b_.tInt() : b_.tFloat();
  }

  uint32_t builtinInput(uint32_t type, uint32_t builtin, const char* nm);

  // Stores scalar uint `value` into v[reg].component for each component in mask (prologue helper).
  void storeInputComponents(uint32_t reg, uint8_t mask, uint32_t uvec4Value);
  uint32_t splatUint(uint32_t scalar) { return b_.op(OpCompositeConstruct, uVec4_, {scalar, scalar, scalar, scalar}); }

  uint32_t privateUint(const char* nm) {
    uint32_t v = b_.variable(b_.tPointer(SCPrivate, b_.tUint()), SCPrivate, b_.cUint(0));
    b_.name(v, nm);
    return v;
  }

  // D3D points are one pixel; Vulkan reads the size from PointSize, which a
  // vertex shader drawing points (a D3D point list, the fallback's capture) must write.
  void declarePointSize();
  void declare(const Instruction& inst);

  static const char* resourceDimensionName(ResourceDimension d) {
    const char* n = resourceDimensionText(d);
    return n ? n : "unknown";
  }

  void declarePrimitiveId();
  // A RWTexture3D access through its view's W window: `coord` with z moved
  // to the view's first slice, and whether z is inside the view (null for
  // other UAVs: always inside).
  struct WindowedCoord {
    uint32_t coord = 0, inside = 0;
  };
  WindowedCoord uavWindowed(const UavInfo& u, uint32_t coord);

  // Buffer views' shifts (binding.h): the read-only uint array at
  // kBufferViewShiftsBinding of `set` (declared once), the shift a buffer
  // operand's view has (0: none; `word` is the declaration's shiftWord
  // without a descriptor map, else its range's viewShiftIndex plus the element
  // rangeElement last resolved counts), and a typed buffer's texel index moved
  // by it (an index that wraps keeps its value: out of bounds either way).
  void declareViewShifts(uint32_t set);
  uint32_t viewShift(const Operand& op, ResourceKind kind, uint32_t word);
  uint32_t shiftedTexel(uint32_t coord, uint32_t shift);
  // max(size - shift, 0): a shifted view's own size (elements or dwords).
  uint32_t unshiftedSize(uint32_t size, uint32_t shift);

  // The push-constant block of TranslateOptions::idBasesFromPushConstants (declared once).
  uint32_t idBasePushConstants() {
    if (!idBases_) {
      const uint32_t block = b_.tStruct({b_.tInt(), b_.tInt(), b_.tInt()});
      b_.decorate(block, DecBlock);
      for (uint32_t i = 0; i < 3; ++i) b_.memberDecorate(block, i, DecOffset, {4 * i});
      idBases_ = b_.variable(b_.tPointer(9 /*PushConstant*/, block), 9);
      b_.name(idBases_, "id_bases");
    }
    return idBases_;
  }

  // Component span of a write mask: first set component and count up to the last one.
  static std::pair<uint32_t, uint32_t> componentSpan(uint8_t mask);
  void declareVaryingInput(uint32_t reg, uint8_t mask, Interpolation interp);
  void declareSystemInput(uint32_t reg, uint8_t mask, SystemName name);
  void declareOutput(uint32_t reg, uint8_t mask, SystemName name);
  // oDepth, oDepthGE, oDepthLE (FragDepth; GE/LE clamped against the
  // rasterized depth, as D3D does, with DepthGreater/DepthLess) and oStencilRef
  // (FragStencilRefEXT, SPV_EXT_shader_stencil_export).
  void declareDepthOrStencilOutput(OperandType type);
  // SV_CullDistance outputs of a vertex or geometry shader: the CullDistance
  // array (1..8 components with the clip distances), and the register as an
  // ordinary varying for a pixel shader that reads SV_CullDistance.
  void emitCullDistances();

  // ---------------------------------------------------------------- translator_operands.cpp

  uint32_t typeOf(K k, uint32_t n) {
    uint32_t c = k == K::U ? b_.tUint() : k == K::I ? b_.tInt() : b_.tFloat();
    return b_.tVec(c, n);
  }

  uint32_t bitcast(uint32_t v, K from, K to, uint32_t n) {
    if (from == to) return v;
    return b_.op(OpBitcast, typeOf(to, n), {v});
  }

  // Evaluates a (possibly relative) index as a uint scalar.
  uint32_t indexValue(const OperandIndex& idx);

  void requireIndex(const Operand& op, uint32_t dims) {
    if (op.indexDimension != dims)
      fail("operand " + std::string(operandTypePrefix(op.type)) + " needs " + std::to_string(dims) + " index(es), has " +
           std::to_string(op.indexDimension));
  }

  uint32_t immediateIndex(const Operand& op, uint32_t i) {
    if (op.index[i].repr != IndexRepr::Imm32) fail("operand needs an immediate index");
    return uint32_t(op.index[i].imm);
  }

  // Pointer to the uvec4 (or uint scalar for 1-component registers) an operand names.
  // Returns {pointer, isScalar}.
  std::pair<uint32_t, bool> registerPointer(const Operand& op, bool write);

  // Loads `n` components of a source operand: component i is swizzle[i] (i < n), or
  // selected by `comps` when given. Applies the operand modifier in kind `k`.
  uint32_t loadSource(const Operand& op, uint32_t n, K k, bool applyModifier = true, const uint32_t* comps = nullptr);

  // Source components matching the destination write mask (component i of the
  // result belongs to the i-th set bit of mask).
  uint32_t loadForMask(const Operand& src, uint8_t mask, K k);

  static uint8_t destMask(const Operand& dst) {
    if (dst.numComponents == 4 && dst.selection == SelectionMode::Mask) return dst.mask;
    return 1;
  }

  // Stores `value` (n components of kind k, n = popcount(mask)) to the destination.
  void storeDest(const Operand& dst, uint32_t value, K k, bool saturate = false);
  static uint32_t scalarStorage(const Operand&) { return SCPrivate; }

  // Replicates a scalar to n components.
  uint32_t splat(uint32_t scalar, K k, uint32_t n) {
    if (n == 1) return scalar;
    return b_.op(OpCompositeConstruct, typeOf(k, n), std::vector<uint32_t>(n, scalar));
  }

  uint32_t constSplat(uint32_t scalarConst, K k, uint32_t n) {
    if (n == 1) return scalarConst;
    return b_.cComposite(typeOf(k, n), std::vector<uint32_t>(n, scalarConst));
  }

  // ---------------------------------------------------------------- translator_instructions.cpp

  void ensureBlock() {
    if (!b_.blockOpen()) b_.label(b_.id());
  }

  uint32_t condition(const Instruction& inst, const Operand& op) {
    uint32_t v = loadSource(op, 1, K::U);
    return b_.op(inst.testNonZero() ? OpINotEqual : OpIEqual, b_.tBool(), {v, b_.cUint(0)});
  }

  Construct* innermost(bool loopOnly) {
    for (auto it = constructs_.rbegin(); it != constructs_.rend(); ++it)
      if (it->type == Construct::Loop || (!loopOnly && it->type == Construct::Switch)) return &*it;
    return nullptr;
  }

  // if (cond) { body } as a selection construct; a body that does not end in a
  // terminator continues after it.
  template <typename F>
  void conditional(uint32_t cond, F&& body) {
    uint32_t then = b_.id(), after = b_.id();
    b_.opNoResult(OpSelectionMerge, {after, 0});
    b_.opNoResult(OpBranchConditional, {cond, then, after});
    b_.label(then);
    body();
    if (b_.blockOpen()) b_.opNoResult(OpBranch, {after});
    b_.label(after);
  }

  void binaryFloat(const Instruction& inst, uint32_t opcode);
  void binaryInt(const Instruction& inst, uint32_t opcode, K k);
  void binaryExt(const Instruction& inst, uint32_t extOp, K k);
  void unaryExt(const Instruction& inst, uint32_t extOp, K k);
  void unaryOp(const Instruction& inst, uint32_t opcode, K in, K out);
  void compare(const Instruction& inst, uint32_t opcode, K k);
  void dot(const Instruction& inst, uint32_t count);

  // Per-component helper for ops SPIR-V only has as scalar (f16 conversions).
  template <typename F>
  void perComponent(const Instruction& inst, K in, K out, F&& f) {
    const Operand& d = inst.operands.at(0);
    uint8_t m = destMask(d);
    uint32_t n = uint32_t(std::popcount(m));
    uint32_t a = loadForMask(inst.operands.at(1), m, in);
    std::vector<uint32_t> parts;
    for (uint32_t i = 0; i < n; ++i) {
      uint32_t x = n == 1 ? a : b_.op(OpCompositeExtract, typeOf(in, 1), {a, i});
      parts.push_back(f(x));
    }
    uint32_t r = n == 1 ? parts[0] : b_.op(OpCompositeConstruct, typeOf(out, n), parts);
    storeDest(d, r, out, inst.saturate());
  }

  void translate(const Instruction& inst);
  void shift(const Instruction& inst, uint32_t opcode, K k);
  uint32_t mulStruct(K k, uint32_t n);

  // ---------------------------------------------------------------- translator_resources.cpp

  // Applies the resource operand's swizzle to a vec4 result and keeps the dest-mask components.
  uint32_t swizzleResult(uint32_t vec4, K k, const Operand& resource, uint8_t mask);
  TexInfo texture(const Operand& op);
  UavInfo uav(const Operand& op);
  void declareTypedUav(const Instruction& inst, uint32_t slot);

  // store_uav_typed u#.xyzw, coordinates, value: writes all four components (the
  // view's format keeps the ones it has).
  void storeUavTyped(const Instruction& inst);

  // ld_uav_typed dest, coordinates, u#: one R32 texel, swizzled by the u# operand.
  void loadUavTyped(const Instruction& inst);
  uint32_t sampler(const Operand& op);
  uint32_t constOffset(const Instruction& inst, const TexInfo& t);

  // First `n` components of a source operand (by its swizzle).
  uint32_t loadFirst(const Operand& op, uint32_t n, K k) { return loadSource(op, n, k); }

  enum class SampleKind { Implicit, Lod, Bias, Grad };
  void sample(const Instruction& inst, SampleKind kind);

  // sample_c / sample_c_lz: depth comparison; D3D returns the scalar result in every component.
  void sampleCompare(const Instruction& inst, bool levelZero);

  // gather4 / gather4_c: the sampler operand's selected component picks the channel
  // (gather4); the result is swizzled by the resource operand like any other fetch.
  // gather4_po / gather4_po_c (programmable): the offset comes from a register (operand 2).
  void gather(const Instruction& inst, bool compare, bool programmable = false);

  // bufinfo: element count of a buffer SRV, replicated.
  void bufinfo(const Instruction& inst);

  // lod: (clamped LOD, unclamped LOD, 0, 0) swizzled by the resource operand.
  void lod(const Instruction& inst);

  // eval_centroid / eval_sample_index / eval_snapped: pull-model interpolation of a
  // pixel-shader input, component by component, on the Input variable itself.
  void evaluate(const Instruction& inst);
  void ld(const Instruction& inst, bool ms);
  void resinfo(const Instruction& inst);
  void resinfoUav(const Instruction& inst);
  void sampleInfo(const Instruction& inst);
  void samplePos(const Instruction& inst);
  uint32_t sampleCountOf(const Operand& op);  // int: a t#'s samples (0 if not multisampled)
  void storeResinfo(const Instruction& inst, const uint32_t (&comps)[3], uint32_t n, bool arrayed, uint32_t levels);

  // ---------------------------------------------------------------- translator_feedback.cpp

  // A *_s instruction (219..233): translated as its base form without the
  // status operand (and the _cl forms' LOD clamp, applied to the image access),
  // then the status is written (kResidentStatus unless the access reported
  // non-resident texels, see imageAccess).
  void feedbackForm(const Instruction& inst);
  // check_access_fully_mapped dest, status: 0xFFFFFFFF where status == kResidentStatus, else 0.
  void checkAccessFullyMapped(const Instruction& inst);
  // The image instruction `opcode` (OpImageSample*, OpImageFetch, OpImageGather,
  // OpImageDrefGather, OpImageRead) with `args` (image, coordinate, dref or
  // component) and image operands `mask` + `maskArgs`; adds the LOD clamp of a
  // _cl form (MinLod) and, inside a *_s form on a device with
  // shaderResourceResidency, uses its OpImageSparse* form and keeps the status.
  uint32_t imageAccess(uint32_t opcode, uint32_t resultType, std::vector<uint32_t> args, uint32_t mask,
                       const std::vector<uint32_t>& maskArgs, bool sparseAllowed = true);
  // gather4_po / gather4_po_c: the offset operand's low 6 bits of x and y, sign-extended (D3D).
  uint32_t programmableOffset(const Operand& offset);

  // ---------------------------------------------------------------- translator_memory.cpp

  // dcl_resource_raw/_structured (t#), dcl_uav_raw/_structured (u#), dcl_tgsm_raw/_structured (g#).
  void declareBuffer(const Instruction& inst, uint32_t slot);
  // The buffer a t#, u# or g# operand names (null for a typed t#/u#).
  const BufferInfo* bufferOf(const Operand& op);
  // Pointer to dword `index` of the buffer, and its length in dwords.
  uint32_t bufferWord(const BufferInfo& buf, uint32_t index);
  uint32_t bufferDwords(const BufferInfo& buf);
  // The dword index of a raw byte address, or of (element index, byte offset) in a structured buffer.
  uint32_t rawDword(uint32_t byteAddress) { return b_.op(OpShiftRightLogical, b_.tUint(), {byteAddress, b_.cUint(2)}); }
  uint32_t structuredDword(const BufferInfo& buf, uint32_t index, uint32_t byteOffset);
  // ld_raw / ld_structured: up to four consecutive dwords, swizzled by the resource operand; 0 out of bounds.
  void loadBuffer(const Instruction& inst, bool structured);
  // store_raw / store_structured: the destination mask's dwords; nothing out of bounds.
  void storeBuffer(const Instruction& inst, bool structured);
  // atomic_* and imm_atomic_* (not alloc/consume) on typed UAVs, raw/structured UAVs and g#.
  void atomic(const Instruction& inst);
  // imm_atomic_alloc / imm_atomic_consume: the structured UAV's hidden counter.
  void counter(const Instruction& inst);
  // sync[_uglobal|_ugroup][_g][_t]: a memory barrier, with the thread-group barrier for _t.
  void sync(const Instruction& inst);
  // bufinfo on a raw or structured buffer: bytes (raw) or elements (structured).
  void bufferInfo(const Instruction& inst, const BufferInfo& buf);

  // ---------------------------------------------------------------- translator_stages.cpp

  // dcl_thread_group: the compute shader's LocalSize.
  void declareThreadGroup(const Instruction& inst);
  // dcl_input of vThreadID, vThreadGroupID, vThreadIDInGroup(Flattened), vGSInstanceID:
  // a Private copy of the built-in, read like a register.
  void declareSystemOperand(OperandType type);
  std::pair<uint32_t, bool> systemOperandPointer(const Operand& op);
  uint32_t entryModel() const;

  bool geometry() const { return stage_ == ProgramType::Geometry; }
  // Before the declarations: the geometry shader's input primitive (its vertex
  // count sizes the input arrays), output topology, maximum output vertex
  // count and instance count; fails when one it needs is missing.
  void scanGeometryDeclarations();
  // dcl_inputprimitive, dcl_outputtopology, dcl_maxout, dcl_gsinstances, dcl_stream.
  void declareGeometry(const Instruction& inst);
  // The register a declaration's or instruction's input operand names: the
  // geometry shader's inputs are v[vertex][register].
  bool gsInputOperand(const Operand& op) const {
    return (geometry() || hull()) && op.type == OperandType::Input && op.indexDimension == 2;
  }
  // A geometry-shader input register: an Input array over the primitive's
  // vertices (Location reg, Component first declared; SV_Position from the
  // gl_PerVertex block's Position), copied into v[vertex][reg] by the prologue.
  void declareGsInput(uint32_t reg, uint8_t mask, bool position);
  // emit / cut / emitThenCut and their _stream forms (stream 0, the rasterized
  // one, or with TranslateOptions::streamOutput any emitted stream): the output
  // registers go to the interface outputs, then EmitVertex (EmitStreamVertex)
  // and/or EndPrimitive.
  void gsEmitCut(const Instruction& inst, bool emit, bool cut);
  // ---------------------------------------------------------------- translator_stream_output.cpp
  // TranslateOptions::streamOutput: before the declarations, which streams the
  // geometry shader emits (gsStreams_); after them, the captured entries' variables.
  void scanStreams();
  void declareStreamOutput();
  // The D3D stream whose outputs are the ordinary varyings (the rasterized one; 0 without rasterization).
  // (Whether or not it captures: a stream-output object without bound
  // targets, and the conservative fallback's capture of one, still rasterize
  // its RasterizedStream.)
  uint32_t rasterizedD3dStream() const {
    return opt_.rasterizedStream == kNoRasterizedStream ? 0 : opt_.rasterizedStream;
  }
  // Whether emits to D3D stream s do anything: rasterized or captured.
  bool streamEmitted(uint32_t s) const { return s == rasterizedD3dStream() || (capturedStreams_ >> s & 1); }
  // The output stores the vertex and pixel stages run at the end of main(); a
  // geometry shader calls them at every emit (storeOutputsFn_).
  void defineStoreOutputs();

  // ---------------------------------------------------------------- translator_doubles.cpp

  // A double-precision instruction (isDoubleOpcode). A double is a component
  // pair, x (or z) its low 32 bits: a double destination's mask is .xy, .zw or
  // .xyzw; a double source's post-swizzle .xy is its first double, .zw its second.
  void doubleInstruction(const Instruction& inst);
  // The doubles (pair 0: .xy, pair 1: .zw) a double destination mask writes.
  std::vector<uint32_t> doublePairs(uint8_t mask);
  // Double i of the result (f64 or f64vec2) is the source's post-swizzle pair
  // pairs[i] (a d(…) immediate: its double pairs[i]); the modifier applies to the double.
  uint32_t loadDoubles(const Operand& op, const std::vector<uint32_t>& pairs);
  // 32-bit source components for double pairs: pair p takes post-swizzle component p.
  uint32_t loadPerPair(const Operand& op, const std::vector<uint32_t>& pairs, K k);
  // Stores doubles (f64 or f64vec2, one per pair of the mask), saturated to [0, 1] when asked.
  void storeDoubles(const Operand& dst, uint32_t value, uint32_t n, bool saturate);
  // ---------------------------------------------------------------- translator_dfma.cpp
  // fma(a, b, c) of scalar doubles rounded once, from exactly rounded adds and multiplies.
  uint32_t exactFma(uint32_t a, uint32_t b, uint32_t c);

  // ---------------------------------------------------------------- translator_ranges.cpp

  // The Vulkan descriptor type of a range's array (its capabilities for dynamic
  // and non-uniform indexing).
  enum class DescriptorClass { UniformBuffer, Sampler, SampledImage, UniformTexelBuffer, StorageBuffer, StorageImage,
                               StorageTexelBuffer };
  struct RangeBinding {
    uint32_t var = 0;             // the descriptor array
    uint32_t elementPointer = 0;  // pointer type of one element
    uint32_t lower = 0, upper = 0;  // the declared registers (upper kUnboundedDescriptorRange: unbounded)
    uint32_t base = 0;              // the register at element 0
    uint32_t length = 0;            // elements; 0: a runtime array
    DescriptorClass cls = DescriptorClass::SampledImage;
    uint32_t shiftIndex = kNoViewShift;  // buffer views: element 0's word of the shifts (DescriptorRange)
  };
  // Resources are descriptor arrays: an SM5.1 shader, or any shader under a descriptor map.
  bool rangedBindings() const { return sm51_ || !opt_.descriptorRanges.empty(); }
  // The id (SM5.1: T<id>; SM5.0: the register) a resource declaration keys its maps by.
  uint32_t declarationId(const Instruction& inst);
  // The array variable of a ranged declaration (`elementType` in `storage`) at its set and binding.
  uint32_t rangeVariable(const Instruction& inst, ResourceKind kind, uint32_t elementType, uint32_t storage,
                         DescriptorClass cls, const std::string& name);
  // Pointer to the element a resource operand names (SM5.1: T<id>[register]; SM5.0: t<register>),
  // NonUniform when the operand is marked {nonuniform}.
  uint32_t rangeElement(const Operand& op, ResourceKind kind);
  // The operand index holding the register (SM5.1: 1, else 0) and a constant buffer's element index (one more).
  uint32_t resourceRegisterIndex() const { return sm51_ ? 1 : 0; }

  // ---------------------------------------------------------------- translator_waterfall.cpp
  // TranslateOptions::nonUniformWaterfall: translates `inst` inside a loop
  // over its {nonuniform} resource indices' distinct values; false when the
  // instruction has none (the caller translates it as usual).
  // Also a register index into a range of a constantIndexClasses type: a
  // switch whose cases index by constants.
  bool waterfall(const Instruction& inst);
  struct WaterfallIndex {
    std::pair<ResourceKind, uint32_t> key;  // (kind, range id)
    uint32_t value = 0;                     // the register's value
    bool switched = false;                  // a switch over the range's elements, not a loop
  };
  void waterfallLevel(const Instruction& inst, const std::vector<WaterfallIndex>& indices, size_t level);
  bool inWaterfall_ = false;
  // Inside the loop: the uniform index value each (kind, range id) operand
  // uses; inside a switch case, the constant element.
  std::map<std::pair<ResourceKind, uint32_t>, uint32_t> waterfallIndex_, waterfallElement_;
  // Inside the loop, for sample / sample_b / sample_c in a pixel shader: the
  // gradients of the coordinate's spatial components taken before it (0: none).
  uint32_t waterfallDdx_ = 0, waterfallDdy_ = 0;

  // ---------------------------------------------------------------- translator_tessellation.cpp

  bool hull() const { return stage_ == ProgramType::Hull; }
  bool domain() const { return stage_ == ProgramType::Domain; }
  bool tessellation() const { return hull() || domain(); }
  enum class HsPhase { Decls, ControlPoint, Fork, Join };
  struct HullPhase {
    HsPhase kind;
    size_t begin, end;   // its instructions (after the phase marker)
    uint32_t instances;  // dcl_hs_fork/join_phase_instance_count
    uint32_t fn;         // its SPIR-V function
  };
  static constexpr uint32_t kMaxHullPhaseInstances = 128;
  // The hull → domain interface's locations: patch-constant register r at
  // Location r, control-point register r at Location kTopControlPointLocation − r.
  // (fxc packs patch constants beside the tessellation factors, POSITION3.yzw
  // in the register of SV_TessFactor[0].x: register numbers of the two kinds
  // coincide. Vulkan numbers Patch locations apart from per-vertex ones since
  // 2024, but earlier SPIR-V validators and layers, Debian 12's among them,
  // see one location space, so the two never share a location. Patch
  // locations count up from 0 because a device has only
  // maxTessellationControlPerPatchOutputComponents / 4 of them — 30 on NVIDIA
  // and AMD (120, Vulkan's minimum), where a patch output at Location 30 or 31
  // does not reach the domain shader; per-vertex ones have 32 on every device
  // with D3D11's 32 control-point registers of 4 components.)
  static constexpr uint32_t kTopControlPointLocation = 31;
  static constexpr uint32_t kPatchLocations = 30;  // Vulkan's minimum maxTessellationControlPerPatchOutputComponents / 4
  static uint32_t controlPointLocation(uint32_t reg) { return kTopControlPointLocation - reg; }
  // The tessellation-factor system value's TessLevelOuter/Inner element.
  static bool tessFactorSlot(SystemName n, bool* inner, uint32_t* index);
  // Before scanRegisters' results are used: phases, control-point counts,
  // domain, partitioning, output primitive, max factor, instance counts, the
  // control-point input and patch-constant register counts; fails when one it needs is missing.
  void scanTessellationDeclarations();
  // The declarations hull and domain shaders read differently (inputs, outputs
  // by phase, the tessellator's); false: declare() handles it.
  bool declareTessellation(const Instruction& inst);
  bool declareTessellationInput(const Instruction& inst);
  bool declareHullOutput(const Instruction& inst);
  void hsSystemOperand(OperandType type);
  uint32_t hullInvocationId();
  uint32_t controlPointOutputVariable(uint32_t reg);
  uint32_t patchVariable(uint32_t reg, uint32_t storage);
  uint32_t tessLevelVariable(bool inner, uint32_t storage);
  void declareDomainControlPoint(uint32_t reg);
  // After the declarations: the pass-through control points and the patch-constant register file;
  // fails when a control point's location and a patch constant's meet (more than 32 registers between them).
  void createTessellationRegisters();
  // A register index into a file of `size` registers: a relative one (dcl_indexrange) clamped to the file.
  uint32_t registerIndex(const OperandIndex& idx, uint32_t size) {
    if (idx.repr == IndexRepr::Imm32) return indexValue(idx);
    return b_.ext(b_.tUint(), GlslUMin, {indexValue(idx), b_.cUint(size ? size - 1 : 0)});
  }
  // Operands of the hull and domain shaders (nullopt: registerPointer's own).
  std::optional<std::pair<uint32_t, bool>> tessellationPointer(const Operand& op, bool write);
  // The hull shader's phases as functions, and main()'s part after the prologue.
  void translateHullPhases();
  void emitHullMain();
  void emitTessellationModes();
  uint32_t tessellationModel() const;

  // ---------------------------------------------------------------- translator_variants.cpp

  bool fallbackPixel() const { return opt_.variant == ShaderVariant::Fallback && stage_ == ProgramType::Pixel; }

  // Input registers must stay below the fallback variant's own varyings.
  void checkFallbackLocations() const;

  // The fallback variant's own inputs (fallback_shaders.h): the record's
  // words 0..15 (flat), 1/w at the pixel centre (noperspective), FragCoord,
  // and the records buffer. Declared before the shader's declarations, which
  // refer to them.
  void declareFallbackInterface();

  // The fallback variant's 1/w interpolated per sample (for per-sample perspective inputs).
  uint32_t fallbackSampleInverseW();

  // 1/w, no smaller than the record's guard (a pixel past the primitive's horizon).
  uint32_t fallbackSafeInverseW(uint32_t inverseW);

  // First thing in main() of the fallback variant: the exact coverage of this
  // pixel against its record (translate/fallback/gpu_layout.h), the system
  // values taken from it, the invocation count (covered pixels only), and a
  // pixel outside the coverage demoted to a helper (or discarded, on devices
  // without demote): no outputs, no UAV writes, derivatives intact.
  void emitFallbackPrelude();

  // A UAV write: in the fallback variant only the invocation that owns the
  // pixel performs it (see emitFallbackPrelude).
  template <class F>
  void sideEffect(F&& write) {
    if (fallbackPixel()) conditional(b_.op(OpLoad, b_.tBool(), {fbOwner_}), write);
    else write();
  }

  // TranslateOptions::countInvocations: the counter, a Block struct of a uint
  // array (the lanes, kInvocationCounterLaneBytes apart) in a storage buffer at
  // the pixel set's kInvocationCounterBinding, and the inputs counting reads.
  void declareInvocationCounter();

  // First thing in main(), before anything can discard: add this invocation to
  // its lane of the counter (see kInvocationCounterLanes). Per invocation: an
  // increment (a helper invocation's has no effect). Per subgroup: only
  // non-helper invocations take part, and the elected one adds their number.
  void countInvocation();

  // The fallback's sample-mask output: its coverage (without the "any" bit)
  // ANDed with `oMask`; with the any bit set, all ones when something
  // remains, else 0 (kFallbackCoverageAnyBit).
  uint32_t fallbackSampleMask(uint32_t oMask);

  // The fallback variant writes the sample mask itself (SampleMask ∧ coverage, see fallbackSampleMask).
  bool coverageMaskOutput() const { return fallbackPixel() && opt_.fallbackSampleMask; }
  // TranslateOptions::writeSampleMask: the native pixel shader writes OMSetBlendState's mask itself.
  bool nativeMaskOutput() const {
    return opt_.variant == ShaderVariant::Native && opt_.writeSampleMask && stage_ == ProgramType::Pixel;
  }
  void emitClipDistances();
  void xfbDecorate(uint32_t var, uint32_t reg, uint32_t firstComponent = 0);
  void declareCapturedPrimitiveId();  // TranslateOptions::capturePrimitiveId
  std::vector<uint32_t> declaredOutputRegisters() const { return dxbc::declaredOutputRegisters(prog_); }

  // ---------------------------------------------------------------- state

  static constexpr uint32_t OpCompositeInsert_ = 82;

  const Shader& sh_;
  const TranslateOptions& opt_;
  const Program& prog_;
  Builder b_;
  ProgramType stage_ = ProgramType::Pixel;
  uint32_t uVec4_ = 0;
  uint32_t numTemps_ = 0, numInputs_ = 0, numOutputs_ = 0, maxTempUsed_ = 0;
  uint32_t tempArr_ = 0, inArr_ = 0, outArr_ = 0, icb_ = 0, icbSize_ = 0;
  uint32_t coverageIn_ = 0, innerCoverage_ = 0, primitiveId_ = 0, coverageOut_ = 0, depthOut_ = 0;
  bool depthReplacing_ = false;
  uint32_t depthMode_ = 0;      // oDepthGE / oDepthLE: ExecutionMode DepthGreater (14) / DepthLess (15)
  uint32_t stencilRefOut_ = 0;  // oStencilRef: its Private copy (FragStencilRefEXT)
  std::vector<std::pair<uint32_t, uint8_t>> cullOutputs_;  // SV_CullDistance registers and masks
  uint32_t mainFn_ = 0, bodyFn_ = 0;
  std::map<uint32_t, IdxTemp> idxTemps_;
  std::map<uint32_t, CbInfo> cbs_;
  std::map<uint32_t, uint32_t> samplers_;
  std::map<uint32_t, TexInfo> textures_;
  std::map<uint32_t, UavInfo> uavs_;
  std::map<uint32_t, BufferInfo> bufferSrvs_, bufferUavs_, tgsm_;  // t#, u#, g#
  uint32_t threadGroup_[3] = {0, 0, 0};                              // compute: dcl_thread_group
  // Geometry: vertices per input primitive, execution modes, max vertices, instances.
  uint32_t gsInputVertices_ = 0, gsInputMode_ = 0, gsOutputMode_ = 0, gsMaxOut_ = 0, gsInstances_ = 1;
  uint32_t storeOutputsFn_ = 0, gsPositionIn_ = 0;
  // Geometry shader: emits go to Vulkan streams other than 0 (GeometryStreams);
  // the stream of the declarations being read (dcl_stream); the D3D streams stream output captures.
  bool gsStreams_ = false;
  uint32_t declStream_ = 0, capturedStreams_ = 0;
  std::set<uint32_t> gsInputSlots_;  // reg*4 + first component declared
  std::map<OperandType, std::pair<uint32_t, bool>> systemOperands_;  // Private copy, scalar
  // Hull and domain shaders (translator_tessellation.cpp).
  std::vector<HullPhase> hsPhases_;
  HsPhase hsPhase_ = HsPhase::Decls;  // the phase being declared or translated
  uint32_t tsInputCp_ = 0, tsOutputCp_ = 0, tsDomain_ = 0, tsPartitioning_ = 0, tsOutputPrimitive_ = 0;
  float tsMaxFactor_ = 64.0f;
  uint32_t numPatch_ = 0, patchArr_ = 0, tessLevelOuter_ = 0, tessLevelInner_ = 0;
  std::map<uint32_t, uint8_t> hsInputMasks_;
  std::set<uint32_t> hsPassThrough_, patchOutputRegs_;
  std::map<uint32_t, uint32_t> cpOutputVars_, patchVars_, dsControlPointInputs_;
  struct TessFactorOutput {
    uint32_t reg, component;
    bool inner;
    uint32_t index;
  };
  std::vector<TessFactorOutput> tessFactorOutputs_;
  uint32_t sampleMaskOut_ = 0;
  // The fallback variant (declareFallbackInterface).
  uint32_t fbFlat_[4] = {0, 0, 0, 0}, fbInverseW_ = 0, fbInverseWSample_ = 0, fbFragCoord_ = 0, fbRecords_ = 0;
  uint32_t fbCoverage_ = 0, fbMinInverseW_ = 0, fbFront_ = 0, fbOwner_ = 0;
  bool perSample_ = false;
  uint32_t samplePositions_ = 0;  // samplepos's table of the standard patterns (Private, declared once)
  uint32_t rasterizerSamples_ = 0;  // the rasterizer's sample count (a specialization constant)
  uint32_t alphaInRedTargets_ = 0;  // kAlphaInRedTargetsSpecId's constant (declared with the first SV_Target)
  uint32_t idBases_ = 0;  // TranslateOptions::idBasesFromPushConstants  // the pixel shader runs per sample (SV_SampleIndex, sample interpolation)
  bool earlyFragmentTests_ = false;
  std::map<uint32_t, uint32_t> outputVars_, builtinIn_;
  std::set<uint32_t> inputRegs_, psInputSlots_;
  struct InputComponent {
    uint32_t var, index, count;
    ComponentType type;
    bool dividedByW;  // the fallback variant's perspective varying: u·a, divided by Σu
  };
  std::map<uint32_t, InputComponent> psInputComponents_;  // reg*4+component → its Input variable
  std::map<std::pair<int, uint32_t>, uint32_t> mulStructs_;
  std::vector<std::pair<uint32_t, uint8_t>> clipOutputs_;
  std::vector<uint32_t> interface_;
  std::vector<std::function<void()>> prologue_, epilogue_;
  uint32_t invocationCounter_ = 0, counterFragCoord_ = 0, helperInvocation_ = 0;  // countInvocations
  std::vector<Construct> constructs_;
  // Inside a *_s form (feedbackForm): its status operand, the _cl forms' LOD
  // clamp, and the status the image access computed (0: none, kResidentStatus).
  const Operand* feedback_ = nullptr;
  std::optional<Operand> lodClamp_;
  uint32_t residency_ = 0;
  const Instruction* cur_ = nullptr;
  size_t curIndex_ = 0;
  const bool sm51_;  // shader model 5.1: resources are register ranges in spaces
  uint32_t viewShifts_ = 0;        // declareViewShifts' array
  uint32_t lastRangeElement_ = 0;  // the element index rangeElement last resolved
  std::map<std::pair<ResourceKind, uint32_t>, RangeBinding> ranges_;  // (kind, declaration id)
  std::deque<BufferInfo> bufferElements_;  // bufferOf's answers for ranged buffers (stable addresses)
};

}  // namespace d3dvk::dxbc::detail
