// translate/dxbc/translator.h — DXBC (vertex and pixel shaders) → SPIR-V 1.3 for
// Vulkan 1.1+, with the variants the draw path needs: native, fallback pixel shader
// (SV_InnerCoverage / SV_PrimitiveID from flat varyings) and transform-feedback
// decorated vertex outputs. Resources follow binding.h.
#pragma once

#include "dxbc/binding.h"
#include "dxbc/shader.h"

#include <string>
#include <vector>

namespace d3dvk::dxbc {

// Native: the shader as written. Fallback: the pixel shader of the conservative
// fallback's shading pass (SV_InnerCoverage / SV_PrimitiveID from flat varyings).
// FallbackPassthrough: that pass's vertex shader, made from the application's
// vertex shader: the same output declarations, each output register o# read
// from vertex attribute location # (uvec4 of raw bits) instead of running the
// program, and a span (ivec4, attribute and flat output at spanLocation),
// SV_PrimitiveID (uint, at primitiveIdLocation) and SV_Coverage (uint, at
// coverageLocation) passed through.
enum class ShaderVariant { Native, Fallback, FallbackPassthrough };

struct XfbOutput {
  uint32_t outputRegister = 0;  // o#
  uint32_t buffer = 0;
  uint32_t offset = 0;          // bytes
};

struct TranslateOptions {
  ShaderVariant variant = ShaderVariant::Native;
  // Fallback pixel shader: flat uint varyings carrying SV_InnerCoverage (0 or 1)
  // and SV_PrimitiveID, at these locations.
  uint32_t innerCoverageLocation = 30;
  uint32_t primitiveIdLocation = 31;
  // Fallback pixel shader: when set, a flat ivec4 varying at this location
  // carries the span the invocation belongs to — (x0, x1, y, innerBegin |
  // innerEnd << 16) — and, before the shader runs, pixels outside
  // [x0, x1) × {y} are discarded; SV_InnerCoverage is then computed as
  // innerBegin ≤ x < innerEnd (innerCoverageLocation is unused). This lets the
  // shading pass draw one triangle per span row, which multisampled targets
  // need (two-triangle quads split each pixel's samples between two invocations).
  static constexpr uint32_t kNoSpan = 0xFFFFFFFFu;
  uint32_t spanLocation = kNoSpan;
  // Fallback pixel shader: when set, SV_Coverage (vCoverage) is this flat uint
  // varying instead of SampleMaskIn (every sample of a conservatively
  // rasterized pixel is covered, also for ForcedSampleCount on a single-sample
  // target). The passthrough vertex shader forwards a uint here too.
  uint32_t coverageLocation = kNoSpan;
  // Fallback pixel shader with a coverage location: the shader writes the
  // sample mask (SampleMask output) as that flat coverage, ANDed with oMask
  // when declared. The shading pass then keeps the pipeline's sample mask full,
  // so the pixel shader runs (UAV writes, SV_InnerCoverage) even when
  // OMSetBlendState's SampleMask leaves no sample to write, as D3D requires.
  bool coverageMaskOutput = false;
  // Native pixel shader on a device without VK_EXT_conservative_rasterization:
  // SV_InnerCoverage reads 0 instead of FullyCoveredEXT (which needs the
  // extension). Such a device draws every conservative draw on the fallback, so
  // the native variant runs only with conservative OFF, where the value is undefined.
  bool innerCoverageAsZero = false;
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
  // Vertex shader: decorate outputs for transform feedback. When `xfbOutputs` is
  // empty every output register (SV_Position included) is captured as a vec4 into
  // buffer 0, packed in ascending register order (offset 16*i).
  bool transformFeedback = false;
  std::vector<XfbOutput> xfbOutputs;
  uint32_t xfbStride[4] = {0, 0, 0, 0};  // 0 = computed (end of the last captured output)
};

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

// Bit 31 of the fallback coverage varying (TranslateOptions::coverageLocation):
// not a sample, but "the target is single-sample under ForcedSampleCount": the
// pixel is written when any sample of the mask remains (after oMask), so the
// sample-mask output is all ones or 0. SV_Coverage never shows the bit.
inline constexpr uint32_t kFallbackCoverageAnyBit = 0x80000000u;

// Throws dxbc::Error naming the instruction (opcode + dword offset) it cannot translate.
std::vector<uint32_t> translateToSpirv(const Shader& shader, const TranslateOptions& options = {});

// Validation, disassembly and optimization of the result: dxbc/spirv_tools.h
// (library d3dvk_spirv_tools, for tools and tests; the driver does not link it).

}  // namespace d3dvk::dxbc
