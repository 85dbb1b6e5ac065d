// ddi/umd/descriptor_binding.h — how a draw or a dispatch binds what its
// shaders declare: one descriptor set per stage (translate/dxbc/binding.h, set
// layouts from PipelineCache::stageLayout) with the stage's constant buffers
// (unbound slots read the zero buffer), samplers (unbound: the D3D11 default
// sampler), the shader resources and UAVs the shader declares (textures,
// typed buffers through their buffer views, raw and structured buffers as
// storage buffers over the view's window, structured UAVs' hidden counters),
// images moved to the layout their use needs. A view that cannot serve its
// declaration (type, dimension, sample count, raw/structured kind, or a
// resource also bound for output) is bound as a null descriptor (reads zeros,
// writes nothing) and logged; without null descriptors the draw or dispatch
// is dropped. Callers hold the device's queue mutex.
#pragma once

#include "d3d10umddi.h"
#include "driver_draw.h"
#include "dxbc/tokens.h"
#include "resource_format.h"  // translate/state
#include "vk_pipeline.h"

#include <deque>
#include <vector>

namespace d3dvk::umd {

class Device;
struct Shader;
struct Resource;
struct UnorderedAccessView;

// What one stage binds.
struct StageBindings {
  const Shader* shader = nullptr;
  const DrawState::ConstantBuffer* constantBuffers = nullptr;  // [kConstantBufferSlots]
  ShaderResourceView* const* shaderResources = nullptr;         // [kShaderResourceSlots]
  Sampler* const* samplers = nullptr;                           // [kSamplerSlots]
  UnorderedAccessView* const* uavs = nullptr;                   // [64]
  const char* stageName = "";
  const char* command = "draw";  // "draw" or "dispatch", for messages
  // Whether a resource is bound for output at this draw or dispatch (the SRV hazard rule).
  bool (*boundForOutput)(const Device&, const Resource*) = nullptr;
};

// The writes of one descriptor set and the infos they point at (stable until vkUpdateDescriptorSets).
struct DescriptorWrites {
  std::vector<VkWriteDescriptorSet> writes;
  std::deque<VkDescriptorBufferInfo> buffers;
  std::deque<VkDescriptorImageInfo> images;
  std::deque<VkBufferView> texels;
  VkWriteDescriptorSet& add(VkDescriptorSet set, uint32_t binding, VkDescriptorType type);
};

// Fills `out` with the writes of one stage's set: false (after logging) when
// the draw or dispatch must be dropped. Records layout transitions.
bool writeStageSet(Device& device, VkCommandBuffer cmd, VkDescriptorSet set, const StageBindings& stage,
                   DescriptorWrites& out);

// Allocates one descriptor set of each layout from a pool released when the
// open batch completes; false after reporting.
bool allocateDescriptorSets(Device& device, const std::vector<VkDescriptorSetLayout>& layouts,
                            const std::vector<VkDescriptorPoolSize>& sizes, VkDescriptorSet* sets);

// Whether a format kind can serve a declaration's return type (float/norm
// formats for float/unorm/snorm, UINT for uint, SINT for sint).
bool formatServesReturnType(state::FormatKind kind, dxbc::ReturnType type);

}  // namespace d3dvk::umd
