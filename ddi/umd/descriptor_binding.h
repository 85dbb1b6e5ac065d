// ddi/umd/descriptor_binding.h — how a draw or a dispatch binds what its
// shaders declare: one descriptor set per stage (translate/dxbc/binding.h, set
// layouts from PipelineCache::stageLayout) with the constant buffers the
// stage's shader declares (unbound slots read the zero buffer), its declared
// samplers (unbound: the D3D11 default sampler), its shader resources and UAVs (textures,
// typed buffers through their buffer views, raw and structured buffers as
// storage buffers over the view's window, structured UAVs' hidden counters),
// images moved to the layout their use needs. A view that cannot serve its
// declaration (type, dimension, sample count, raw/structured kind, or a
// resource also bound for output) is bound as a null descriptor (reads zeros,
// writes nothing) and logged; without null descriptors the draw or dispatch
// is dropped. A stage declaring buffer t#/u# also binds its buffer view shifts
// (binding.h; buffer_view_shifts.h). Callers hold the device's queue mutex.
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
class PipelineCache;
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
  // The constant-buffer slots the stage's set layout binds with dynamic offsets
  // (PipelineCache::StageLayout::dynamicConstantBuffers).
  uint32_t dynamicConstantBuffers = 0;
  // Whether a resource is bound for output at this draw or dispatch (the SRV hazard rule).
  bool (*boundForOutput)(const Device&, const Resource*) = nullptr;
  // The graphics stages' bound depth-stencil view (not in boundForOutput):
  // its read-only aspects can be read by shader-resource views in the same
  // draw, in the view's attachment layout (D3D11.3 §17.13). Null for compute.
  const struct DepthStencilView* depthStencil = nullptr;
};

// One stage's descriptors as plain data — what a set of its layout holds —
// and what they access (for hazards, image layouts and lifetimes). Two
// collections with the same descriptors can share one set.
struct StageDescriptors {
  struct Entry {
    uint32_t binding;
    VkDescriptorType type;
    uint32_t info;  // index into buffers, images or texels, by type
  };
  struct Access {
    Resource* resource;
    bool write;
    VkImageLayout layout;  // the layout the image must be in; UNDEFINED for buffers
  };
  std::vector<Entry> entries;
  std::vector<VkDescriptorBufferInfo> buffers;
  std::vector<VkDescriptorImageInfo> images;
  std::vector<VkBufferView> texels;
  std::vector<Access> accesses;
  std::vector<uint64_t*> lastUses;  // samplers', UAV counters' and shift tables' lastUse: the serial of the batch using them
  std::vector<std::shared_ptr<const void>> keepAlive;  // the buffer view shift tables the descriptors point into
  // The dynamic constant buffers' offsets, in binding order (not part of the
  // descriptors: a set serves any offsets).
  std::vector<uint32_t> dynamicOffsets;

  void clear();
  void add(uint32_t binding, VkDescriptorType type, const VkDescriptorBufferInfo& info);
  void add(uint32_t binding, VkDescriptorType type, const VkDescriptorImageInfo& info);
  void add(uint32_t binding, VkDescriptorType type, VkBufferView view);
  bool sameDescriptors(const StageDescriptors& other) const;
  // The writes of these descriptors into `set` (pointing into this object).
  void appendWrites(VkDescriptorSet set, std::vector<VkWriteDescriptorSet>& writes) const;
};

// Collects one stage's descriptors: false (after logging) when the draw or
// dispatch must be dropped. Records nothing.
bool collectStageDescriptors(Device& device, const StageBindings& stage, StageDescriptors& out);
// A constant-buffer slot's descriptor: the bound range (at most 64 KiB; its
// offset the dynamic offset where the slot is dynamic), else the zero buffer.
VkDescriptorBufferInfo constantBufferInfo(PipelineCache& cache, const DrawState::ConstantBuffer& cb);
// `out`, collected for this stage, after only the storage of its constant
// buffers moved (DrawState::movedStages): the dynamic offsets refreshed in
// place where every declared constant buffer is dynamic and still names the
// same VkBuffer and range; false otherwise (the caller collects afresh).
bool moveDynamicOffsets(Device& device, const StageBindings& stage, StageDescriptors& out);

// What commands recorded outside the recorder's tracking (recorder.h:
// untracked) need for `descriptors`: each image moved to the layout its use
// needs (a storage image written before gets a barrier first), the resources
// and samplers marked used by the open batch.
void declareUntrackedAccesses(Device& device, VkCommandBuffer cmd, const StageDescriptors& descriptors);

// The writes of one descriptor set and the infos they point at (stable until vkUpdateDescriptorSets).
struct DescriptorWrites {
  std::vector<VkWriteDescriptorSet> writes;
  std::vector<uint32_t> dynamicOffsets;  // one 0 per dynamic constant buffer, in set and binding order
  std::deque<VkDescriptorBufferInfo> buffers;
  std::deque<VkDescriptorImageInfo> images;
  std::deque<VkBufferView> texels;
  VkWriteDescriptorSet& add(VkDescriptorSet set, uint32_t binding, VkDescriptorType type);
  void clear();  // empty, keeping what the containers hold allocated (a scratch reused per draw)
};

// Fills `out` with the writes of one stage's set: false (after logging) when
// the draw or dispatch must be dropped. Records layout transitions (for
// untracked commands, recorder.h).
bool writeStageSet(Device& device, VkCommandBuffer cmd, VkDescriptorSet set, const StageBindings& stage,
                   DescriptorWrites& out);

// Allocates one descriptor set of each layout (the device's descriptor
// allocator, descriptor_allocator.h); false after reporting.
bool allocateDescriptorSets(Device& device, const std::vector<VkDescriptorSetLayout>& layouts,
                            const std::vector<VkDescriptorPoolSize>& sizes, VkDescriptorSet* sets);

// Whether a format kind can serve a declaration's return type (float/norm
// formats for float/unorm/snorm, UINT for uint, SINT for sint).
bool formatServesReturnType(state::FormatKind kind, dxbc::ReturnType type);

}  // namespace d3dvk::umd
