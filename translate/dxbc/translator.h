// translate/dxbc/translator.h — DXBC (vertex, pixel, geometry, hull, domain and compute shaders) → SPIR-V
// 1.3 for Vulkan 1.1+, with the variants the draw path needs: native, the exact GPU
// fallback's pixel shader (coverage prelude, system values from its record) and
// transform-feedback decorated vertex outputs. Resources follow binding.h.
#pragma once

#include "dxbc/binding.h"
#include "dxbc/shader.h"

#include <string>
#include <vector>

namespace d3dvk::dxbc {

// Native: the shader as written. Fallback: the pixel shader of the exact GPU
// conservative fallback's draw pass (translate/fallback/gpu_layout.h,
// fallback_shaders.h): a prelude tests the pixel against its FallbackRecord
// (its words 0..15 as flat varyings at kFallbackFlatLocation, the records
// buffer at kFallbackRecordsBinding of the pixel set), demotes uncovered pixels to
// helpers, takes SV_InnerCoverage, SV_Coverage, SV_PrimitiveID and
// SV_IsFrontFace from the record and writes SampleMask itself (the coverage
// ANDed with OMSetBlendState's mask and oMask), so the pipeline's mask stays
// full and the shader runs (UAV writes, SV_InnerCoverage) even for a mask of
// 0, as D3D requires. Its perspective varyings arrive as u·a without
// perspective and are divided by the interpolated Σu = 1/w.
enum class ShaderVariant { Native, Fallback };

struct XfbOutput {
  uint32_t outputRegister = 0;  // o#
  uint32_t buffer = 0;
  uint32_t offset = 0;          // bytes
};

// One captured entry of an application's stream-output declaration (D3D11's
// CreateGeometryShaderWithStreamOutput, D3D12's StreamOutput): components
// startComponent..startComponent+componentCount-1 of output register o# of
// `stream`, written as 32-bit values at `offset` bytes into each vertex of
// transform-feedback buffer `buffer` (the output slot). Gaps capture nothing:
// they only move the next entry's offset, so they are not listed.
struct StreamOutputEntry {
  uint32_t stream = 0;          // D3D stream (a geometry shader's m#; 0 for vertex and domain shaders)
  uint32_t buffer = 0;          // output slot 0..3
  uint32_t offset = 0;          // bytes
  uint32_t outputRegister = 0;  // o#
  uint32_t startComponent = 0, componentCount = 1;
};
// TranslateOptions::rasterizedStream: no stream reaches the rasterizer.
inline constexpr uint32_t kNoRasterizedStream = 0xFFFFFFFFu;
// The Vulkan vertex stream a D3D stream is emitted to: the rasterized D3D
// stream is Vulkan's stream 0 (what a device without
// transformFeedbackRasterizationStreamSelect rasterizes) and D3D stream 0
// takes its number; the others keep theirs.
constexpr uint32_t vulkanStream(uint32_t d3dStream, uint32_t rasterizedStream) {
  if (rasterizedStream == kNoRasterizedStream || rasterizedStream == 0) return d3dStream;
  return d3dStream == rasterizedStream ? 0 : d3dStream == 0 ? rasterizedStream : d3dStream;
}

// Where a range of D3D registers of one kind and register space lives in
// Vulkan: one descriptor array at (set, binding) whose element i is register
// lowerBound + i. What a D3D12 root signature's descriptor ranges become.
struct DescriptorRange {
  ResourceKind kind = ResourceKind::ShaderResource;  // ConstantBuffer, Sampler, ShaderResource or UnorderedAccess
  uint32_t space = 0;
  uint32_t lowerBound = 0;  // first register
  uint32_t count = 1;       // registers; kUnboundedDescriptorRange: every register from lowerBound up
  uint32_t set = 0;
  uint32_t binding = 0;
  // Buffer SRV/UAV ranges (typed, raw, structured): the word of the stage's
  // buffer view shifts (binding.h, kBufferViewShiftsBinding in `set`) holding
  // element 0's shift, element i's at viewShiftIndex + i; kNoViewShift: the
  // views are bound unshifted (the shader adds nothing).
  uint32_t viewShiftIndex = 0xFFFFFFFFu;
};
inline constexpr uint32_t kUnboundedDescriptorRange = 0xFFFFFFFFu;
inline constexpr uint32_t kNoViewShift = 0xFFFFFFFFu;

struct TranslateOptions {
  ShaderVariant variant = ShaderVariant::Native;
  // Fallback variant: leave uncovered pixels as helpers (SPV_EXT_demote_to_helper_invocation,
  // the device's shaderDemoteToHelperInvocation); false: discard them (derivatives at the
  // coverage's edges are then undefined).
  bool demoteToHelper = true;
  // Fallback variant: write SampleMask (the coverage ANDed with SampleMask and
  // oMask) and let only the invocation holding sample 0 perform side effects.
  // False (a single-sample target whose SampleMask keeps every rasterized
  // sample): oMask as in the native variant, every covered invocation owns its pixel.
  bool fallbackSampleMask = true;
  // Fallback variant: also emit the exact path (the record's 64-bit edges read
  // from the buffer, for polygons and standard-mode records); false: the flat
  // path only (translate/fallback/gpu_layout.h), for the draw whose records are all kRecordFast.
  bool fallbackExactPath = true;
  // Native pixel shader: the shader writes the sample mask (SampleMask output)
  // as `sampleMask`, ANDed with oMask when declared, so the draw can keep the
  // pipeline's sample mask full and the pixel shader runs (UAV writes,
  // SV_InnerCoverage) where OMSetBlendState's SampleMask clears samples: D3D
  // applies the mask at output merging, Vulkan before shading.
  bool writeSampleMask = false;
  uint32_t sampleMask = 0xFFFFFFFFu;
  // Native pixel shader on a device without VK_EXT_conservative_rasterization:
  // SV_InnerCoverage reads 0 instead of FullyCoveredEXT (which needs the
  // extension). Such a device draws every conservative draw on the fallback, so
  // the native variant runs only with conservative OFF, where the value is undefined.
  bool innerCoverageAsZero = false;
  // The device enabled shaderFloat64: double-precision instructions (dadd …
  // ftod, the 11.1 ddiv … utod) translate to Float64 arithmetic. Without it a
  // shader using them does not translate: dxbc::Error names the feature (the
  // UMD fails CreateXShader with E_INVALIDARG and that message).
  bool shaderFloat64 = true;
  // The device enabled shaderStorageImageReadWithoutFormat: a typed UAV the
  // shader loads from (ld_uav_typed) but uses in no atomic is declared without
  // a format (StorageImageReadWithoutFormat) and reads texels in its view's
  // format (D3D11.3 / D3D12 typed UAV loads: R8G8B8A8_UNORM, R16G16B16A16_FLOAT …).
  // Without it such a UAV is declared R32 of its type (D3D11.0's loads).
  bool typedUavLoadsWithoutFormat = false;
  // Native pixel shader: the first thing main() does is count the invocation
  // in the storage buffer at kInvocationCounterBinding in the pixel shader's
  // set (binding.h), laid out as kInvocationCounterLanes uints
  // kInvocationCounterLaneBytes apart whose sum is the count. The draw path
  // uses this variant while a pipeline-statistics query is active: helper
  // invocations do not count (their atomics have no effect), so the sum is
  // exactly the invocations for covered pixels (or samples, at sample
  // frequency). Needs fragmentStoresAndAtomics. Note that a shader with side
  // effects has its depth/stencil tests after it runs unless it declares
  // forceEarlyDepthStencil.
  bool countInvocations = false;
  // With countInvocations: one atomic per subgroup — the elected non-helper
  // invocation adds the number of the subgroup's non-helper invocations —
  // instead of one increment per invocation. Needs subgroup BASIC and BALLOT
  // operations in the fragment stage.
  bool countPerSubgroup = false;
  // Vertex shader: D3D's SV_VertexID excludes StartVertexLocation/BaseVertexLocation and
  // SV_InstanceID excludes StartInstanceLocation. With this set they are computed as
  // VertexIndex - BaseVertex and InstanceIndex - BaseInstance (capability DrawParameters:
  // the device must enable VkPhysicalDeviceVulkan11Features::shaderDrawParameters).
  // Without it they are VertexIndex / InstanceIndex, which match D3D only when the draw
  // passes firstVertex/vertexOffset/firstInstance = 0.
  bool d3dVertexInstanceIds = false;
  // Vertex shader (the conservative fallback's capture, which may run a draw
  // in pieces): SV_VertexID / SV_InstanceID are VertexIndex / InstanceIndex
  // minus the draw's first vertex (or base vertex) and first instance taken
  // from push constants (words 0 and 1, kIdBasePushConstantBytes) instead of
  // BaseVertex / BaseInstance, so a piece drawn with other first values keeps
  // the whole draw's ids. Overrides d3dVertexInstanceIds. Geometry shader:
  // SV_PrimitiveID is PrimitiveId plus word 2 (a piece that starts inside an
  // instance keeps the instance's primitive numbering).
  bool idBasesFromPushConstants = false;
  // Vertex or geometry shader: decorate outputs for transform feedback. When
  // `xfbOutputs` is empty every output register (SV_Position included) is
  // captured as a vec4 into buffer 0, packed in ascending register order
  // (offset 16*i); a geometry shader captures every emitted vertex (stream 0),
  // its SV_RenderTargetArrayIndex / SV_ViewportArrayIndex / SV_PrimitiveID as
  // the int in their register's component.
  bool transformFeedback = false;
  std::vector<XfbOutput> xfbOutputs;
  // With transformFeedback in a domain shader (and no xfbOutputs): one more
  // captured vec4 after the declared output registers, its x the patch's
  // SV_PrimitiveID (plus the push-constant base with idBasesFromPushConstants)
  // — what a pixel shader after the tessellator reads. The conservative
  // fallback's setup numbers a tessellated triangle by it.
  bool capturePrimitiveId = false;
  // The device has shaderResourceResidency: the tiled-resource *_s forms use
  // OpImageSparse* (capability SparseResidency) and report non-resident texels
  // in their status. Without it every access is fully resident (kResidentStatus).
  bool sparseResidency = false;
  // The device has shaderResourceMinLod: the _cl forms' LOD clamp is the MinLod
  // image operand. Without it a clamp other than an immediate <= 0 (no clamp)
  // is a translation error.
  bool minLod = false;
  // The device enabled VK_EXT_shader_viewport_index_layer: a vertex or domain
  // shader may write SV_RenderTargetArrayIndex / SV_ViewportArrayIndex
  // (SPV_EXT_shader_viewport_index_layer). Without it such a shader does not
  // translate: dxbc::Error names the extension.
  bool viewportIndexLayer = false;
  // A {nonuniform} resource index (SM5.1) on a device without the
  // *ArrayNonUniformIndexing features: the instruction runs in a loop over
  // the distinct index values of its subgroup (each pass takes the first
  // active invocation's value, uniform by construction, and serves the
  // invocations that hold it), with GroupNonUniformBallot instead of
  // NonUniform. Implicit-derivative sampling in pixel shaders takes its
  // gradients before the loop. Off: NonUniform decorations.
  bool nonUniformWaterfall = false;
  // A {nonuniform} resource index on a device without the
  // *ArrayNonUniformIndexing features in a stage without subgroup arithmetic
  // (lavapipe: vertex, hull, domain, geometry shaders): an index into a range
  // of at most kMaxConstantIndexedRange descriptors of any type (the root
  // signature's count bounds an unbounded declaration) selects the element
  // with a switch, each case indexing by a constant, as constantIndexClasses
  // does. A range unbounded in the root signature, or longer, keeps the
  // NonUniform index, which such a device refuses (the PSO: E_NOTIMPL).
  bool nonUniformSwitch = false;
  // Descriptor types (kConstantIndex* bits) the device cannot index
  // dynamically (no shader*ArrayDynamicIndexing): a register index into a
  // range of at most kMaxConstantIndexedRange of them selects the element
  // with a switch, each case indexing by a constant (uniform or not). Longer
  // and unbounded ranges keep the dynamic index, which the device refuses.
  uint32_t constantIndexClasses = 0;
  uint32_t xfbStride[4] = {0, 0, 0, 0};  // 0 = computed (end of the last captured output)
  // Stream output of a vertex, domain or geometry shader (not with
  // transformFeedback): each entry becomes an output variable of its own
  // (componentCount uints at an output location the shader does not use,
  // packed with Component), decorated XfbBuffer / XfbStride
  // (streamOutputStrides[buffer]) / Offset and, in a geometry shader using
  // several streams, Stream vulkanStream(entry.stream, rasterizedStream). A
  // geometry shader's outputs declared for the rasterized stream (dcl_stream)
  // are its ordinary varyings; emit_stream / cut_stream of a stream that is
  // neither rasterized nor captured do nothing, the others become
  // OpEmitStreamVertex / OpEndStreamPrimitive of its Vulkan stream when the
  // shader uses streams other than Vulkan's 0 (capability GeometryStreams).
  // Without streamOutput a geometry shader rasterizes stream 0 and drops the others.
  std::vector<StreamOutputEntry> streamOutput;
  uint32_t streamOutputStrides[4] = {0, 0, 0, 0};
  uint32_t rasterizedStream = 0;  // D3D stream 0..3 or kNoRasterizedStream
  // Output locations the shader's stage may use (maxVertexOutputComponents / 4, at most 32).
  uint32_t outputLocations = 32;
  // Register ranges → descriptor arrays (D3D12). An SM5.1 shader declares its
  // constant buffers, samplers, SRVs and UAVs as ranges (`T0[4:7], space=5`,
  // unbounded `[0:*]`) and indexes them with the range's id and an absolute
  // register (`T0[r0.x + 5]`, {nonuniform} where marked); each declared range
  // must lie inside one entry of its kind and space here (an unbounded one:
  // start inside it; registers past the entry are undefined), and becomes a
  // descriptor array variable at the entry's set and binding, `count` long (a
  // runtime array when unbounded), its element the register minus the entry's
  // lowerBound. An SM4/5.0 shader's t#, s#, u#, cb# are one-register ranges in
  // space 0 under a non-empty map. Empty (the default): an SM5.0 shader uses
  // binding.h; an SM5.1 shader's range T<id> (likewise S, U, CB) is an array of
  // its declared length at set descriptorSetForStage(stage) and binding
  // descriptorBinding(stage, kind, id), what defaultDescriptorRanges lists. A
  // dynamic index needs the device's *ArrayDynamicIndexing feature for the
  // descriptor type, a {nonuniform} one the *ArrayNonUniformIndexing feature, an
  // unbounded range runtimeDescriptorArray. A RWTexture3D's W window and a
  // structured UAV's counter stay at binding.h's bindings for the range's id, and
  // need a one-register range. Buffer views' shifts (binding.h): an SM5.0
  // shader without a map reads them at binding.h's words; under a map a range
  // reads them from its viewShiftIndex (none: unshifted); an SM5.1 shader
  // without a map binds its buffer views unshifted.
  std::vector<DescriptorRange> descriptorRanges;
};

// TranslateOptions::constantIndexClasses bits, one per Vulkan descriptor type.
enum ConstantIndexClass : uint32_t {
  kConstantIndexUniformBuffers = 1u << 0,
  kConstantIndexSamplers = 1u << 1,
  kConstantIndexSampledImages = 1u << 2,
  kConstantIndexUniformTexelBuffers = 1u << 3,
  kConstantIndexStorageBuffers = 1u << 4,
  kConstantIndexStorageImages = 1u << 5,
  kConstantIndexStorageTexelBuffers = 1u << 6,
};
constexpr uint32_t kMaxConstantIndexedRange = 64;

// The default map (TranslateOptions::descriptorRanges empty) of a shader's
// declared ranges: an SM5.1 shader's ranges, one entry per declaration (its
// register space, lower bound and count, at its default set and binding);
// none for SM4/5.0 shaders, which use binding.h.
std::vector<DescriptorRange> defaultDescriptorRanges(const Program& program);

// The specialization constant (SpecId) a pixel shader reads as the
// rasterizer's sample count (sampleinfo / samplepos of `rasterizer`): int32,
// the pipeline's rasterization samples or ForcedSampleCount; 1 if unset.
constexpr uint32_t kRasterizerSampleCountSpecId = 0;
// The specialization constant (SpecId) naming the render targets that store
// the pixel shader's alpha in their red channel (A8_UNORM, which lives in an
// R8 image): uint32, bit i for SV_Target i, whose .x then carries .w; 0 if unset.
constexpr uint32_t kAlphaInRedTargetsSpecId = 1;

// The push-constant bytes TranslateOptions::idBasesFromPushConstants reads:
// int32 vertex base, int32 instance base (vertex stage), int32 primitive base
// (geometry stage).
constexpr uint32_t kIdBasePushConstantBytes = 12;

// The invocation counter's layout (TranslateOptions::countInvocations): an
// invocation adds to lane (x / 64 + 4 · (y / 64)) mod kInvocationCounterLanes
// of its pixel (x, y), so invocations in different 64×64 tiles — which a tiled
// rasterizer shades on different threads — mostly add to different cache lines
// instead of contending for one; the count is the sum of the lanes.
constexpr uint32_t kInvocationCounterLanes = 16;
constexpr uint32_t kInvocationCounterLaneBytes = 64;
constexpr uint32_t kInvocationCounterBytes = kInvocationCounterLanes * kInvocationCounterLaneBytes;

// The output registers a shader declares (clip distances excluded), ascending:
// the transform-feedback layout when TranslateOptions::xfbOutputs is empty
// (register regs[i] at byte offset 16·i).
std::vector<uint32_t> declaredOutputRegisters(const Program& program);

// Bit 31 of the fallback's coverage (FallbackHeader::coverage, gpu_layout.h):
// not a sample, but "the target is single-sample under ForcedSampleCount": the
// pixel is written when any sample of the mask remains (after oMask), so the
// sample-mask output is all ones or 0. SV_Coverage never shows the bit.
inline constexpr uint32_t kFallbackCoverageAnyBit = 0x80000000u;

// The residency status the tiled-resource *_s forms write (their second
// destination) when every texel they accessed is resident, which
// check_access_fully_mapped answers with 0xFFFFFFFF; any other status
// (1: the access touched a non-resident texel) answers 0. Raw, structured and
// buffer accesses, and every access on a device without
// shaderResourceResidency, are always resident.
inline constexpr uint32_t kResidentStatus = 0;

// Throws dxbc::Error naming the instruction (opcode + dword offset) it cannot translate.
std::vector<uint32_t> translateToSpirv(const Shader& shader, const TranslateOptions& options = {});

// Validation, disassembly and optimization of the result: dxbc/spirv_tools.h
// (library d3dvk_spirv_tools, for tools and tests; the driver does not link it).

}  // namespace d3dvk::dxbc
