// translate/rootsig/shader_bindings.h — how one D3D12 shader stage's declared
// registers reach Vulkan under a root signature: the stage's descriptor set
// and, for each binding in it, where its descriptors come from at draw time.
//
// The mapping (documented in docs/d3d12.md, "Pipeline states, root arguments and draws"): every shader stage
// has its own descriptor set (`set`, the UMD uses binding.h's stage sets:
// VS 0, PS 1, GS 2, HS 3, DS 4, CS 0). Each resource declaration of the
// shader (an SM5.0 register or an SM5.1 range) becomes one binding, numbered
// in declaration order, of the descriptor type the declaration needs:
//   root constants (b#)            → UNIFORM_BUFFER, the values the list set, uploaded per draw
//   root CBV (b#)                  → UNIFORM_BUFFER at the root GPU virtual address
//   root SRV / UAV (t# / u#)       → STORAGE_BUFFER at the root GPU virtual address (raw or
//                                    structured declarations only, as D3D12 requires)
//   a descriptor-table range       → an array of the declared length (SAMPLED_IMAGE, UNIFORM_TEXEL_BUFFER,
//                                    STORAGE_IMAGE, STORAGE_TEXEL_BUFFER, STORAGE_BUFFER, UNIFORM_BUFFER
//                                    or SAMPLER), element i read from the table at tableOffset + i
//   a static sampler (s#)          → SAMPLER, immutable
// and, after those, for a RWTexture3D u# its W window (STORAGE_BUFFER of the
// view's FirstWSlice and WSize, uploaded per draw) and for a structured u# the
// shader uses with imm_atomic_alloc/consume its counter (STORAGE_BUFFER: the
// view's counter resource at its CounterOffsetInBytes), at binding.h's numbers
// for the UAV's id, both read from the UAV's own table descriptor (one-register
// table UAVs only). A stage with buffer SRVs/UAVs (typed, raw, structured;
// tables and root descriptors) also has its buffer view shifts (binding.h's
// kBufferViewShiftsBinding, STORAGE_BUFFER, uploaded per draw): each such
// binding's elements own consecutive words from its `shiftIndex` on, which
// the matching `ranges` entry's viewShiftIndex names, `shiftWords` in all.
// An unbounded SM5.1 declaration inside an unbounded table range is capped at
// kUnboundedDescriptorCap descriptors. The translator gets the same map as
// TranslateOptions::descriptorRanges (`ranges`), so SM5.0 and SM5.1 shaders
// bind the same way. Pure: no Vulkan or DDI headers.
#pragma once

#include "dxbc/translator.h"
#include "rootsig/root_signature.h"

#include <string>
#include <vector>

namespace d3dvk::rootsig {

inline constexpr uint32_t kUnboundedDescriptorCap = 256;

enum class BindingSource { RootConstants, RootDescriptor, Table, StaticSampler, UavWindow, UavCounter, BufferViewShifts };
enum class DescriptorClass { UniformBuffer, StorageBuffer, SampledImage, UniformTexelBuffer, StorageImage,
                             StorageTexelBuffer, Sampler };

struct ShaderBinding {
  uint32_t binding = 0;
  DescriptorClass descriptorClass = DescriptorClass::UniformBuffer;
  uint32_t count = 1;  // array elements
  BindingSource source = BindingSource::RootDescriptor;
  uint32_t index = 0;        // the root parameter (or, for StaticSampler, the static sampler)
  uint32_t tableOffset = 0;  // Table, UavWindow, UavCounter: element 0's descriptor, counted from the table's start
  // Table: an unbounded declaration in an unbounded range, `count` being the
  // cap; the UMD may lower it to what the device holds per stage (and the
  // matching `ranges` entry with it).
  bool capped = false;
  // Buffer SRV/UAV bindings (Table, RootDescriptor): element 0's word of the
  // stage's buffer view shifts; dxbc::kNoViewShift for the others.
  uint32_t shiftIndex = dxbc::kNoViewShift;
  // A constant buffer: the bytes its declaration gives (16 per vector, at
  // most 64 KiB), all the shader can read of it; 0 for other declarations.
  uint32_t constantBufferBytes = 0;
};

struct ShaderBindings {
  std::vector<ShaderBinding> bindings;
  std::vector<dxbc::DescriptorRange> ranges;  // TranslateOptions::descriptorRanges
  uint32_t shiftWords = 0;                     // the buffer view shifts' words (0: no such binding)
  // Non-empty: the shader declares something the root signature does not
  // cover or d3dvk cannot bind, as D3D12's debug layer words it ("Root
  // Signature doesn't match Vertex Shader: …"). `mismatch` tells the two apart.
  std::string error;
  bool mismatch = false;
};

// The bindings of `program` (any stage) under `desc` in descriptor set `set`.
// Compute shaders see every parameter; other stages the parameters whose
// visibility is ALL or their stage.
ShaderBindings bindShader(const RootSignatureDesc& desc, const dxbc::Program& program, uint32_t set);

// "Vertex", "Pixel", … for messages.
const char* stageName(dxbc::ProgramType stage);

}  // namespace d3dvk::rootsig
