// translate/state/resource_states12.h — what a D3D12 ResourceBarrier orders,
// in Vulkan terms: the pipeline stages and memory accesses of the work d3dvk
// records for a resource in each D3D12_RESOURCE_STATES combination, and the
// union of a batch of barriers as the source and destination scopes of one
// memory barrier (images stay in GENERAL, so no layout changes are involved).
//
// The scopes cover what d3dvk itself does in a state, not only what the state's
// name says: a render target or depth buffer is also cleared by transfer
// commands, a UAV also by transfer fills, indirect arguments are also read by
// ExecuteIndirect's compute and copy passes. The geometry and tessellation
// stages are included: callers remove those their device lacks (stagesFor).
// COMMON, RESOLVE_*, STREAM_OUT,
// aliasing barriers and unknown bits order everything (ALL_COMMANDS).
#pragma once

#include <vulkan/vulkan.h>

#include <cstdint>

namespace d3dvk::state {

struct BarrierScope {
  VkPipelineStageFlags2 stages = 0;
  VkAccessFlags2 access = 0;
  bool operator==(const BarrierScope&) const = default;
};

// The stages and accesses of work on a resource in `states` (D3D12_RESOURCE_STATES bits).
BarrierScope resourceStateScope(uint32_t states);

// A batch of barriers as one memory barrier: everything before in `src`,
// everything after in `dst`.
struct BarrierBatch {
  BarrierScope src, dst;
  bool empty() const { return !src.stages && !dst.stages; }
  void transition(uint32_t before, uint32_t after);
  void unorderedAccess();  // a UAV barrier (one resource or all)
  void all();              // an aliasing barrier, or anything else ordering all work
};

// `stages` without the stages of disabled features (geometry, tessellation).
VkPipelineStageFlags2 stagesFor(VkPipelineStageFlags2 stages, bool geometryShader, bool tessellationShader);

}  // namespace d3dvk::state
