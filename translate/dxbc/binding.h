// translate/dxbc/binding.h — the binding model: where each D3D shader slot lives in
// Vulkan. The UMD builds its descriptor-set layouts from this one function, and
// the translator decorates resources with it.
//
//   descriptor set = the shader stage (VS 0, PS 1, GS 2, HS 3, DS 4; CS 0)
//   binding        = constant buffer  b#/cb#  →  0 + slot    (slots 0..15,  UNIFORM_BUFFER)
//                    sampler          s#      → 16 + slot    (slots 0..15,  SAMPLER)
//                    shader resource  t#      → 32 + slot    (slots 0..127) as the declaration says:
//                                                              textures SAMPLED_IMAGE, typed buffers
//                                                              UNIFORM_TEXEL_BUFFER, raw and structured
//                                                              buffers STORAGE_BUFFER (a uint array)
//                    unordered access u#      → 160 + slot   (slots 0..63) likewise: textures STORAGE_IMAGE,
//                                                              typed buffers STORAGE_TEXEL_BUFFER, raw and
//                                                              structured buffers STORAGE_BUFFER
//                    invocation counter       → 240          (pixel shader only, STORAGE_BUFFER: what
//                                                              the counting variant adds itself to,
//                                                              TranslateOptions::countInvocations)
//                    conservative fallback    → 241..243     (STORAGE_BUFFER: VS set: the captured
//                                                              vertices, corners and records the draw
//                                                              pass pulls; PS set 241: the records the
//                                                              fallback prelude tests, fallback_shaders.h)
//                    UAV counter of u#        → 256 + slot   (STORAGE_BUFFER of one uint: the hidden
//                                                              counter of a structured UAV the shader
//                                                              uses with imm_atomic_alloc/consume)
//                    W window of u#           → 320 + slot   (STORAGE_BUFFER of uints: FirstWSlice and
//                                                              WSize of the Texture3D view bound to a
//                                                              RWTexture3D u#; the image view is the whole
//                                                              mip, the shader offsets and bounds z)
//                    buffer view shifts       → 384          (STORAGE_BUFFER of uints, read-only: how far
//                                                              each buffer view bound to the stage starts
//                                                              past its descriptor, below)
//
// Buffer views start anywhere D3D allows (FirstElement × the element size),
// Vulkan descriptors only at minTexelBufferOffsetAlignment /
// minStorageBufferOffsetAlignment: the UMD binds a buffer view's descriptor
// from the aligned byte below its start (typed views: a multiple of the
// alignment and the texel size below it), so the descriptor's range is the
// view's elements plus a few in front, and the view's shift — whole texels
// for typed buffers (t#/u# declared Buffer), dwords for raw and structured
// ones — is word kBufferViewShiftSrvBase + slot (t#) or
// kBufferViewShiftUavBase + slot (u#) of the stage's buffer view shifts. The
// translated shader adds it to every index into the view (ld, ld_uav_typed,
// store_uav_typed, atomics, ld_raw/_structured, store_raw/_structured) and
// takes it off the descriptor's size (bufinfo, bounds checks), so the view
// reads and writes exactly its own elements. A shader declaring no buffer
// t#/u# has no such binding. Under a descriptor map (D3D12) the word of
// element i of a range is DescriptorRange::viewShiftIndex + i (translator.h).
//
// A set layout therefore depends on the shader's declarations (one binding
// number per slot, its descriptor type from the declaration): the UMD builds
// each stage's set layout from what its shader declares (shaderBindings in the
// UMD), so D3D's 128 + 64 slots never all occupy one layout.
//
// Vertex inputs use location = input register index (v#); pixel-shader outputs
// use location = SV_Target index (o#); VS→PS varyings use location = register index.
#pragma once

#include "dxbc/tokens.h"

#include <cstdint>
#include <vector>

namespace d3dvk::dxbc {

enum class ResourceKind { ConstantBuffer, Sampler, ShaderResource, UnorderedAccess, UnorderedAccessCounter,
                          UnorderedAccessWindow };

struct DescriptorBinding {
  uint32_t set = 0;
  uint32_t binding = 0;
};

constexpr uint32_t kMaxConstantBufferSlots = 16;
constexpr uint32_t kMaxSamplerSlots = 16;
constexpr uint32_t kMaxShaderResourceSlots = 128;
constexpr uint32_t kSamplerBindingBase = 16;
constexpr uint32_t kShaderResourceBindingBase = 32;
constexpr uint32_t kMaxUnorderedAccessSlots = 64;  // D3D11_1_UAV_SLOT_COUNT
constexpr uint32_t kUnorderedAccessBindingBase = 160;
// In the pixel shader's set (descriptorSetForStage(ProgramType::Pixel)).
constexpr uint32_t kInvocationCounterBinding = 240;
// The GPU conservative fallback's buffers (translate/fallback/gpu_layout.h).
constexpr uint32_t kFallbackCapturedBinding = 241;  // vertex shader's set
constexpr uint32_t kFallbackRecordsBinding = 241;   // pixel shader's set
constexpr uint32_t kUnorderedAccessCounterBindingBase = 256;
constexpr uint32_t kUnorderedAccessWindowBindingBase = 320;
constexpr uint32_t kBufferViewShiftsBinding = 384;
constexpr uint32_t kBufferViewShiftSrvBase = 0;                                             // t# → word slot
constexpr uint32_t kBufferViewShiftUavBase = kMaxShaderResourceSlots;                       // u# → word 128 + slot
constexpr uint32_t kBufferViewShiftWords = kMaxShaderResourceSlots + kMaxUnorderedAccessSlots;  // 192

constexpr uint32_t descriptorSetForStage(ProgramType stage) {
  switch (stage) {
    case ProgramType::Vertex: return 0;
    case ProgramType::Pixel: return 1;
    case ProgramType::Geometry: return 2;
    case ProgramType::Hull: return 3;
    case ProgramType::Domain: return 4;
    case ProgramType::Compute: return 0;
  }
  return 0;
}

// slot must be below the kind's limit (the translator rejects larger ones).
constexpr DescriptorBinding descriptorBinding(ProgramType stage, ResourceKind kind, uint32_t slot) {
  uint32_t base = kind == ResourceKind::ConstantBuffer    ? 0u
                  : kind == ResourceKind::Sampler         ? kSamplerBindingBase
                  : kind == ResourceKind::ShaderResource  ? kShaderResourceBindingBase
                  : kind == ResourceKind::UnorderedAccess ? kUnorderedAccessBindingBase
                  : kind == ResourceKind::UnorderedAccessCounter ? kUnorderedAccessCounterBindingBase
                                                                 : kUnorderedAccessWindowBindingBase;
  return DescriptorBinding{descriptorSetForStage(stage), base + slot};
}

// The constant-buffer and sampler slots a translated module (of a stage using
// this binding model) declares: bit n of `constantBuffers` for binding n of
// set `set`, bit n of `samplers` for binding kSamplerBindingBase + n. What
// the UMD puts in the stage's set layout: only declared slots are bound (a
// register-indexed cb[]/s[] declares every slot it can reach,
// slot_indexing.h). Reads the module's DescriptorSet and Binding decorations.
struct DeclaredSlots {
  uint32_t constantBuffers = 0;
  uint32_t samplers = 0;
};
DeclaredSlots declaredSlots(const std::vector<uint32_t>& spirv, uint32_t set);

}  // namespace d3dvk::dxbc
