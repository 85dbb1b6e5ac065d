// ddi/umd/native_draw.h — records a draw the Vulkan device rasterizes itself
// (not the conservative fallback) on the recorder's tracked path (recorder.h),
// paying only for what changed since the previous draw:
// - the pipeline is looked up only when its key changed, and bound only when
//   it differs from the command buffer's;
// - a stage's descriptors are collected again only when its bindings may have
//   changed (DrawState::dirtyStages, a different shader), and a new set is
//   allocated and written (or, for a push-descriptor set, pushed) only when the
//   collection differs from the one bound; unchanged sets are not bound again;
// - vertex and index buffers, viewports, scissors, blend constants and the
//   stencil reference are set only when they differ from the command buffer's;
// - consecutive draws into the same attachments share one dynamic-rendering
//   instance, and a barrier is recorded only for a hazard (recorder.h).
// Callers hold the device's queue mutex.
#pragma once

#include "descriptor_binding.h"
#include "draw_recording.h"
#include "pipeline_cache.h"
#include "recorder.h"

#include <vector>

namespace d3dvk::umd {

struct ImageViewRange;

// What the last native draws used, reused while it still holds (the device owns one).
struct NativeDrawCache {
  struct Stage {
    uint64_t shaderId = ~uint64_t(0);  // the shader the descriptors were collected for (0: none)
    const PipelineCache::StageLayout* layout = nullptr;
    StageDescriptors descriptors;
    VkDescriptorSet set = VK_NULL_HANDLE;  // holds `descriptors`, or null: allocate and write one (unless pushed)
    uint64_t generation = 0;               // the descriptor allocator's, when `set` was allocated
    uint64_t version = 0;                  // changes with `descriptors` (a pushed set is pushed again)
  };
  Stage stages[DrawState::kStages];
  StageDescriptors scratch;  // a fresh collection, compared with the stage's
  uint64_t layoutShaderIds[DrawState::kStages] = {~uint64_t(0), ~uint64_t(0), ~uint64_t(0), ~uint64_t(0), ~uint64_t(0)};
  uint32_t layoutSetCount = 0;
  VkPipelineLayout pipelineLayout = VK_NULL_HANDLE;
  state::GraphicsPipelineKey pipelineKey;
  VkPipeline pipeline = VK_NULL_HANDLE;  // pipelineKey's
  std::vector<VkWriteDescriptorSet> writes, pushWrites;
};

// Records the draw with the pipeline of `key` (built from `inputs` on first use).
void recordNativeDraw(Device& device, const DrawCall& call, const PreparedDraw& prepared,
                      const state::GraphicsPipelineKey& key, const PipelineInputs& inputs);

// The dynamic-rendering instance of the bound targets over `extent` and `layers`.
RenderPassKey renderPassKey(const Device& device, VkExtent2D extent, uint32_t layers);

// ClearRenderTargetView / ClearDepthStencilView of a view bound as an
// attachment, whose render area it covers: recorded as vkCmdClearAttachments
// in the bound targets' dynamic-rendering instance (the open one, or a new one
// the next draws join), with no barrier of its own unless a hazard needs one.
// False: not such a view; the caller clears it as a transfer.
bool recordAttachmentClear(Device& device, const ImageViewRange& view, const VkClearAttachment& clear);

}  // namespace d3dvk::umd
