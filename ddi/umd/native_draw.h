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
//   instance, and a barrier is recorded only for a hazard (recorder.h);
// - a direct draw after only binding calls (constant buffers, shader
//   resources, samplers, vertex buffers, Map/Unmap, UpdateSubresourceUP) since
//   the previous native draw reuses its checks, pipeline key and pipeline
//   (recordPreparedDraw, Device::stateCalls); after blend, depth-stencil and
//   rasterizer state calls too, where those change only the key's state ids
//   and what is dynamic state;
// - a direct draw with no other DDI call since the previous native draw
//   (Device::ddiCalls) repeats it: only vkCmdDraw* is recorded
//   (recordRepeatedDraw), while the command buffer, its barrier epoch, its
//   open instance and its serial are still the previous draw's
//   (D3DVK_REPEAT_DRAWS=0 records every draw in full); after only binding
//   calls that moved nothing but dynamic constant-buffer offsets (Map of a
//   bound constant buffer, the same buffers set again), it also binds the
//   stages' sets at their new offsets.
// Callers hold the device's queue mutex (recordRepeatedDraw takes it).
#pragma once

#include "descriptor_binding.h"
#include "draw_recording.h"
#include "pipeline_cache.h"
#include "recorder.h"

#include <vector>

namespace d3dvk::umd {

struct ImageViewRange;

// A few recent key → value pairs (a null value: an empty entry), the last one
// found tried first, replaced round-robin: state that alternates between draws
// finds its value without the caches' lookups.
template <typename Key, typename Value, uint32_t N>
struct RecentMemo {
  struct Entry {
    Key key{};
    Value value{};
  };
  Entry entries[N];
  uint32_t last = 0, next = 0;
  Value find(const Key& key) {
    for (uint32_t k = 0; k < N; ++k) {
      const uint32_t at = (last + k) % N;
      if (entries[at].value && entries[at].key == key) return entries[last = at].value;
    }
    return Value{};
  }
  void remember(const Key& key, Value value) {
    entries[next] = {key, value};
    last = next;
    next = (next + 1) % N;
  }
};

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
  VkPipelineLayout pipelineLayout = VK_NULL_HANDLE;  // the last draw's
  // The pipeline layouts of the last shader combinations (shader ids are never
  // reused), before PipelineCache::graphicsLayout's lookups.
  struct LayoutKey {
    uint64_t shaderIds[DrawState::kStages] = {};
    uint32_t setCount = 0;
    bool operator==(const LayoutKey&) const = default;
  };
  RecentMemo<LayoutKey, VkPipelineLayout, 16> layouts;
  VkPipeline pipeline = VK_NULL_HANDLE;  // the last draw's
  // The pipelines of the last keys (two blend states alternating, say), before
  // PipelineCache's hashed lookup; a destroyed object's id never comes back,
  // so no key here can name a destroyed pipeline again.
  RecentMemo<state::GraphicsPipelineKey, VkPipeline, 8> pipelines;
  std::vector<VkWriteDescriptorSet> writes, pushWrites;
  // bindShaderResources' writes (the fallback's and the counting draws'), kept
  // between draws so that their containers are not allocated again per draw.
  DescriptorWrites stageWrites[DrawState::kStages];
  // The last native draw, as far as a repeat of it depends on the draw's own arguments.
  struct Repeat {
    bool valid = false;       // the next direct draw may repeat it (allowRepeatedDraw)
    uint64_t ddiCalls = 0;    // Device::ddiCalls() when it was recorded
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    uint64_t epoch = 0;       // the recorder's, after its barrier
    uint64_t serial = 0;      // the batch's
    bool indexed = false;
    bool writes = false;      // a stage writes a resource (UAVs): every draw declares its hazard
    uint32_t indexBytes = 2;  // per index
    uint64_t indexLimit = 0;  // index-buffer bytes past the bound offset
    // The smallest positive base vertex that puts a per-vertex buffer wholly
    // past its end (vertexBufferBinding binds the null buffer then).
    int64_t outOfBoundsBaseVertex = INT64_MAX;
  } repeat;
  // The last native draw's checks and pipeline, as far as only binding calls
  // followed it (Device::stateCalls): the next direct draw of its kind records
  // with them, collecting its descriptors and buffers afresh (recordPreparedDraw).
  // Blend, depth-stencil and rasterizer state calls (Device::pipelineStateCalls)
  // may follow too: the draw takes in their states' ids (the same sample mask)
  // and a rasterizer state that differs only in what is dynamic state.
  struct Prepared {
    bool valid = false;
    uint64_t stateCalls = 0;          // Device::stateCalls() after it
    uint64_t pipelineStateCalls = 0;  // Device::pipelineStateCalls() after it
    UINT sampleMask = 0;              // DrawState::sampleMask at it
    bool indexed = false;
    PreparedDraw draw;
    state::GraphicsPipelineKey key;
    PipelineInputs inputs;  // (its rasterizer points at draw.rasterizer)
  } prepared;
};

// A buffer, view or sampler is being destroyed: the stages' collections and
// sets compare descriptors by handle, which a new object may reuse, so every
// stage collects and writes its descriptors afresh at the next draw. Takes
// the queue mutex (its caller must not hold it).
void forgetCollectedDescriptors(Device& device);

// Records the draw with the pipeline of `key` (built from `inputs` on first
// use); false when it was dropped (an error reported).
bool recordNativeDraw(Device& device, const DrawCall& call, const PreparedDraw& prepared,
                      const state::GraphicsPipelineKey& key, const PipelineInputs& inputs);

// After recordNativeDraw of a direct draw from the draw DDIs: whether the next
// direct draw may repeat it (no stream output, predication, UAV writes,
// indirect arguments or indices past the buffer), as of the DDI calls so far.
void allowRepeatedDraw(Device& device, const DrawCall& call);
// A direct draw that repeats the previous native draw's state, or that state
// with constant buffers moved (new dynamic offsets): recorded (or, with
// nothing to draw, dropped as prepareDraw would) and true; false when anything
// else it depends on may have changed (the caller records it in full, from
// the stages' collections as they are now). Takes the queue mutex.
bool recordRepeatedDraw(Device& device, const DrawCall& call);

// After recordNativeDraw of a direct draw on the native path (no statistics
// query counting its pixels): keeps its checks and pipeline for the next
// direct draw that only binding calls precede (no stream output or predication).
void keepPreparedDraw(Device& device, const DrawCall& call, const PreparedDraw& prepared,
                      const state::GraphicsPipelineKey& key, const PipelineInputs& inputs);
// A direct draw after only binding calls since the kept draw: recorded with
// its checks and pipeline (or dropped as prepareDraw would) and true; false
// when the caller must prepare it in full. Takes the queue mutex.
bool recordPreparedDraw(Device& device, DrawCall call);

// Binds the bound shaders' descriptors into `cmd`, an untracked command
// buffer (recorder.h; the conservative fallback's captures), from the stages'
// collections and sets above: a stage's set is allocated and written only when
// its descriptors changed, as for a native draw; with `bound` (what `cmd` has
// bound) only the sets that differ from it are bound or pushed. Records the
// image layout changes the descriptors need and marks their resources used by
// the open batch; false when the draw must be dropped (reported).
bool bindStageDescriptors(Device& device, VkCommandBuffer cmd, BoundCommandState* bound = nullptr);

// The dynamic-rendering instance of the bound targets over `extent` and `layers`.
RenderPassKey renderPassKey(const Device& device, VkExtent2D extent, uint32_t layers);

// ClearRenderTargetView / ClearDepthStencilView of a view bound as an
// attachment, whose render area it covers: recorded as vkCmdClearAttachments
// in the bound targets' dynamic-rendering instance (the open one, or a new one
// the next draws join), with no barrier of its own unless a hazard needs one.
// False: not such a view; the caller clears it as a transfer.
bool recordAttachmentClear(Device& device, const ImageViewRange& view, const VkClearAttachment& clear);

}  // namespace d3dvk::umd
