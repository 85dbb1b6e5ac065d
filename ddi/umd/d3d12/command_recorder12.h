// ddi/umd/d3d12/command_recorder12.h — records one D3D12 command list into a
// VkCommandBuffer. Synchronization is what D3D12 leaves to the application:
// its ResourceBarrier calls (transition, aliasing and UAV barriers alike) are
// batched into one full memory barrier recorded before the next command; no
// other barrier separates its draws, dispatches, copies and clears (two
// dispatches writing one UAV without a UAV barrier race, as on D3D12). The
// one ordering D3D12 gives implicitly — render-target and depth writes (draws,
// clears) to one resource happen in order — comes from draws sharing a
// dynamic-rendering instance while the targets stay the same, and from a
// barrier where a new instance or a clear meets a resource written as an
// attachment since the last barrier. The list's internal multi-step work
// (conservative fallback draws, ExecuteIndirect, queries, UAV clears,
// resolves) keeps a full barrier before each of its steps (command()).
// Images stay in GENERAL except for the
// subresources a copy moves to a transfer layout and back around itself
// (so the list's image layouts never depend on execution order); the list
// begins with a full barrier (after everything submitted before) and ends
// with one that makes its writes visible to the host (READBACK Map after
// a fence). A recording error (bad arguments, a failed Vulkan call) is kept and
// reported when the list is closed. The draw path's state (pipeline state,
// root signatures and arguments, IA/RS/OM) lives here too (draw12.h). A
// conservative fallback draw whose counts or indices only the GPU holds ends
// a segment of the list (deferred_draw12.h): the list is then several
// command buffers, with that draw recorded between them when it executes.
#pragma once

#include "d3d12umddi.h"
#include "draw12.h"
#include "draw_recording.h"  // umd::DrawCall
#include "fallback_passes.h"  // umd::FallbackPieceBuffers
#include "predicated_transfer.h"  // umd::TransferTarget
#include "resource_states12.h"  // translate/state
#include "setup_shader.h"       // translate/fallback: fallback::QueryAddParams
#include "triangle_topology.h"  // translate/fallback: fallback::TriangleTopology
#include "vk_device.h"
#include "vk_resources.h"

#include <cstddef>
#include <deque>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

namespace d3dvk::umd12 {

class Device12;
struct CommandAllocator12;
struct CommandSignature12;
struct DeferredDraw12;
struct Fallback12;
struct Resource12;
struct Shader12;
struct QueryHeap12;

// A query begun in the list and not yet ended (query12.cpp).
struct ActiveQuery12 {
  QueryHeap12* heap = nullptr;
  D3D12DDI_QUERY_TYPE type{};
  UINT index = 0;
  uint32_t vulkanStream = 0;  // SO_STATISTICS_STREAMn: the Vulkan stream its query counts (dxbc::vulkanStream)
};

// The writes of descriptor sets and the info arrays they point into. The
// arrays sit in deques (their addresses stay put as more are added) and are
// reused, cleared with their capacity kept, once clear() has run: a recording
// writes its sets without allocating per draw.
struct SetWrites12 {
  template <class Info>
  struct Arrays {
    std::deque<std::vector<Info>> lists;
    size_t used = 0;
    std::vector<Info>& next() {
      if (used == lists.size()) lists.emplace_back();
      std::vector<Info>& list = lists[used++];
      list.clear();
      return list;
    }
  };
  std::vector<VkWriteDescriptorSet> writes;
  Arrays<VkDescriptorBufferInfo> buffers;
  Arrays<VkDescriptorImageInfo> images;
  Arrays<VkBufferView> texels;
  void clear() {
    writes.clear();
    buffers.used = images.used = texels.used = 0;
  }
};

class CommandRecorder12 {
 public:
  // Starts a recording with every draw state reset; `transient` is the allocator's.
  void begin(Device12& device, VkCommandBuffer cmd, Transient12* transient);
  VkResult end();  // the first recording error, else vkEndCommandBuffer's result
  bool recording() const { return cmd_ != VK_NULL_HANDLE; }
  HRESULT error() const { return error_; }
  void fail(HRESULT hr, const char* what);
  // Reports what D3D12 leaves undefined (an unset table, a missing view) as a
  // warning, once per text and recording; the list still closes.
  void warnOnce(const std::string& what);

  // D3D12 ResourceBarrier (transition, aliasing, UAV): one memory barrier
  // before the next command, consecutive calls sharing it, with the stages
  // and accesses of the states involved (resource_states12.h).
  void barrier(UINT count, const D3D12DDIARG_RESOURCE_BARRIER_0003* barriers);
  void copyBufferRegion(Resource12& dst, UINT64 dstOffset, Resource12& src, UINT64 srcOffset, UINT64 bytes);
  // WriteBufferImmediate (copy12.cpp): a 32-bit fill per write at its GPU
  // virtual address, ordered as a copy; MARKER_OUT waits for everything
  // recorded before it. A Dest naming no live buffer is skipped with a warning.
  void writeBufferImmediate(UINT count, const D3DVKDDI_WRITEBUFFERIMMEDIATE* writes);
  void copyResource(Resource12& dst, Resource12& src);
  void copyTextureRegion(const D3D12DDIARG_BUFFER_PLACEMENT& dst, const D3D12DDIARG_PLACED_RESOURCE& dstLayout, UINT dstX,
                         UINT dstY, UINT dstZ, const D3D12DDIARG_BUFFER_PLACEMENT& src,
                         const D3D12DDIARG_PLACED_RESOURCE& srcLayout, const D3D12DDI_BOX* box);
  void clearRenderTargetView(D3D12DDI_CPU_DESCRIPTOR_HANDLE view, const FLOAT color[4], UINT numRects, const D3D12DDI_RECT* rects);
  void clearDepthStencilView(D3D12DDI_CPU_DESCRIPTOR_HANDLE view, UINT flags, FLOAT depth, UINT8 stencil, UINT numRects,
                             const D3D12DDI_RECT* rects);
  // ClearUnorderedAccessViewUint (uintValues) / Float (floatValues) through the
  // UAV in `view`, which must view `resource` (uav_clear12.cpp).
  void clearUnorderedAccessView(D3D12DDI_CPU_DESCRIPTOR_HANDLE view, Resource12& resource, const UINT* uintValues,
                                const FLOAT* floatValues, UINT numRects, const D3D12DDI_RECT* rects);

  // ResolveSubresource: the average of a multisampled subresource's samples
  // into a single-sampled one of the same format (resolve12.cpp); with a
  // region (ResolveSubresourceRegion), the source rectangle into the
  // destination at dstX/dstY, which may lie anywhere in two subresources of
  // any size, by `mode` (D3DVKDDI_RESOLVE_MODE_AVERAGE, _MIN or _MAX; a
  // depth-stencil texture's subresources per plane).
  struct ResolveRegion {
    D3D12DDI_RECT src;
    UINT dstX, dstY;
  };
  void resolveSubresource(Resource12& dst, UINT dstSubresource, Resource12& src, UINT srcSubresource, DXGI_FORMAT format,
                          const ResolveRegion* region = nullptr, UINT mode = D3DVKDDI_RESOLVE_MODE_AVERAGE);

  // Queries (query12.cpp). One occlusion, one statistics and one
  // stream-output query per stream may be active at a time (Vulkan's rule);
  // end() ends what is still active and fails.
  void beginQuery(QueryHeap12& heap, D3D12DDI_QUERY_TYPE type, UINT index);
  void endQuery(QueryHeap12& heap, D3D12DDI_QUERY_TYPE type, UINT index);
  void resolveQueryData(QueryHeap12& heap, D3D12DDI_QUERY_TYPE type, UINT start, UINT count, Resource12& dst, UINT64 offset);

  // The list's command buffers in order (valid after end()), each followed by
  // the deferred draw ExecuteCommandLists records after it, if any.
  struct Segment {
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    std::shared_ptr<DeferredDraw12> then;
  };
  const std::vector<Segment>& segments() const { return segments_; }
  // The list's allocator: a new segment's command buffer comes from it, and it
  // keeps the deferred draws until its Reset (set by the list before begin).
  void setAllocator(CommandAllocator12* allocator) { allocator_ = allocator; }
  // Records a deferred draw's fallback passes from its read-back counts and
  // indices, with the list's state at the draw (recordDeferredDraw).
  void replay(const DeferredDraw12& draw);

  // Where buffers the recorded commands read (scratch data) are kept until the
  // allocator's commands are gone (its Reset or destruction); set by the list.
  void setKeepAlive(std::vector<std::shared_ptr<void>>* sink) { keepAlive_ = sink; }
  // A host-visible scratch buffer of `size` bytes holding `pattern` repeated
  // (null pattern: zeros), kept alive with the allocator; null after fail().
  VkBuffer scratchBuffer(UINT64 size, const void* pattern, size_t patternSize, VkBufferUsageFlags usage);
  // Copies a region between two images' subresources (copy12.cpp): with
  // vkCmdCopyImage between colour aspects or one depth/stencil format, else
  // (a depth or stencil plane and colour data of `texelBytes` a texel, or an
  // uncompressed source into blocks overhanging a small mip) through a
  // device-local buffer kept with the allocator. `extent` counts the
  // source's texels.
  void copyImage(VkCommandBuffer cmd, Resource12& src, const VkImageSubresourceLayers& s, VkOffset3D srcOffset,
                 Resource12& dst, const VkImageSubresourceLayers& d, VkOffset3D dstOffset, VkExtent3D extent,
                 UINT texelBytes);

  // Writes the descriptor-table entries the recorded draws and dispatches
  // read, from the heaps as they are now (ExecuteCommandLists calls it before
  // submitting: D3D12's volatile descriptors may change until then). Where
  // the device cannot update bound sets the tables were read while recording
  // (draw12.cpp); then it reports an entry that has changed since.
  void writeTables();

  // The draw path (draw12.cpp): the state the setters change, and the draws.
  // The render targets, viewports, scissors, blend factor and stencil
  // reference change only through the setters below, which note the change
  // (a draw after none reuses what the last draw derived from them).
  DrawState12& state() { return state_; }
  // Every call the list's DDI table takes (CommandList12::from) moves this
  // serial: a draw whose serial follows the previous draw's had no other call
  // between them (repeatable_).
  void noteCall() { ++callSerial_; }
  // A call that sets root arguments (Set{Graphics,Compute}Root*): a draw
  // after only such calls binds its root arguments and records itself.
  void noteRootArgumentCall() { ++rootArgumentCalls_; }
  void setRenderTargets(UINT count, const D3D12DDI_CPU_DESCRIPTOR_HANDLE* rtvs, BOOL singleRange,
                        const D3D12DDI_CPU_DESCRIPTOR_HANDLE* dsv);
  void setViewports(UINT count, const D3D12DDI_VIEWPORT* viewports);
  void setScissorRects(UINT count, const D3D12DDI_RECT* rects);
  void setBlendFactor(const FLOAT factor[4]);
  void setStencilRef(UINT ref);
  void draw(UINT vertexCount, UINT instanceCount, UINT firstVertex, UINT firstInstance);
  void drawIndexed(UINT indexCount, UINT instanceCount, UINT firstIndex, INT baseVertex, UINT firstInstance);
  void dispatch(UINT x, UINT y, UINT z);
  // ExecuteIndirect (indirect12.cpp): `count` null for MaxCommandCount commands.
  void executeIndirect(const CommandSignature12& signature, UINT maxCount, Resource12& arguments, UINT64 argumentOffset,
                       Resource12* count, UINT64 countOffset);

  // Ends the open dynamic-rendering instance, if any.
  void endRenderPass();

  // Stream output (stream_output12.cpp): the declared slots of the bound
  // pipeline state with a target; a draw with a stream-output pipeline state
  // binds the pipeline capturing those (drawPipeline), begins transform
  // feedback from the targets' filled sizes inside the rendering instance
  // right before it and ends it right after, writing them back.
  uint32_t streamOutputSlots() const;
  VkPipeline drawPipeline();  // null after fail()
  bool beginStreamOutput(VkCommandBuffer cmd);  // false: nothing captured
  void endStreamOutput(VkCommandBuffer cmd);
  // A draw of a stream-output pipeline state on the conservative fallback:
  // the application's capture is the PSO's own pipeline (rasterizer discard:
  // what is captured depends only on the stages before the rasterizer)
  // drawn as a pass of its own before the fallback's passes, under the
  // list's predicate, with a pipeline-statistics query suspended around it,
  // so the filled sizes append and SO_STATISTICS count once while pipeline
  // statistics and occlusion (nothing rasterized) do not see it. False after fail().
  bool streamOutputPass(const umd::DrawCall& call, const DrawTargets12& targets);

  // SetPredication (predication12.cpp): `buffer` null turns predication off;
  // otherwise the 64-bit predicate at `offset` is folded into a 32-bit word now
  // (predicate_shader.h) and the draws, dispatches, ExecuteIndirect's commands
  // and render-target/depth-stencil clears recorded after it run only when the
  // predicate is not zero (EQUAL_ZERO) or zero (NOT_EQUAL_ZERO), through
  // VK_EXT_conditional_rendering; so do the conservative fallback's draws, all
  // their passes under one condition (PredicateScope), those recorded when
  // the list executes too (the deferred draw keeps the word). Copies,
  // resolves and UAV clears (transfer commands Vulkan cannot render
  // conditionally) are saved around and restored under the inverted
  // condition (PredicatedTransfer); a multisampled depth-stencil destination
  // restored sample by sample the same way.
  void setPredication(Resource12* buffer, UINT64 offset, D3D12DDI_PREDICATION_OP op);

 private:
  // A region resolve by a draw (MIN, MAX; a depth plane's AVERAGE): one
  // aspect's layers of src at srcAt into dst's at dstAt, through scratch
  // images of `viewFormat` (../multisample_resolve.h; resolve12.cpp).
  void resolveByDraw(Resource12& dst, const VkImageSubresourceLayers& dstLayers, VkOffset3D dstAt, Resource12& src,
                     const VkImageSubresourceLayers& srcLayers, VkOffset3D srcAt, VkExtent3D extent, VkFormat viewFormat,
                     UINT mode);
  // For the list's internal steps: the buffer outside any render pass, after a
  // full barrier; null when not recording.
  VkCommandBuffer command();
  // For a command the application orders (draw, dispatch, copy, clear): the
  // buffer after the pending ResourceBarrier's barrier, if any; outside any
  // render pass unless `inRenderPass` (a draw may join the open one).
  VkCommandBuffer orderedCommand(bool inRenderPass = false);
  // Records `record` (the Vulkan command of a command D3D12 predicates) inside
  // the list's predicate, if one is set.
  template <typename F>
  void predicated(VkCommandBuffer cmd, F&& record) {
    if (!predicate_.word) return record();
    VkConditionalRenderingBeginInfoEXT info{VK_STRUCTURE_TYPE_CONDITIONAL_RENDERING_BEGIN_INFO_EXT};
    info.buffer = predicate_.word;
    info.flags = predicate_.inverted ? VK_CONDITIONAL_RENDERING_INVERTED_BIT_EXT : 0;
    vkCmdBeginConditionalRenderingEXT(cmd, &info);
    record();
    vkCmdEndConditionalRenderingEXT(cmd);
  }
  // The list's predicate over a scope of several commands (the conservative
  // fallback's passes): begun in `cmd` outside any render pass, ended when
  // the scope ends; nothing without a predicate.
  class PredicateScope {
   public:
    PredicateScope(const CommandRecorder12& recorder, VkCommandBuffer cmd)
        : cmd_(recorder.predicate_.word ? cmd : VK_NULL_HANDLE) {
      if (!cmd_) return;
      VkConditionalRenderingBeginInfoEXT info{VK_STRUCTURE_TYPE_CONDITIONAL_RENDERING_BEGIN_INFO_EXT};
      info.buffer = recorder.predicate_.word;
      info.flags = recorder.predicate_.inverted ? VK_CONDITIONAL_RENDERING_INVERTED_BIT_EXT : 0;
      vkCmdBeginConditionalRenderingEXT(cmd_, &info);
    }
    ~PredicateScope() {
      if (cmd_) vkCmdEndConditionalRenderingEXT(cmd_);
    }
    PredicateScope(const PredicateScope&) = delete;
    PredicateScope& operator=(const PredicateScope&) = delete;

   private:
    VkCommandBuffer cmd_;
  };
  // A command D3D12 predicates, recorded without the predicate (`why`): says so once.
  void unpredicated(const char* command, const char* why);
  // Over the recording of a transfer command D3D12 predicates (copies,
  // resolves, UAV clears, transfer clears), made after its validation and
  // before its first Vulkan command: under a predicate it saves the
  // destination (`targets`, images in GENERAL), and its end records the
  // restore under the inverted condition (../predicated_transfer.h). A
  // multisampled colour destination (`multisampled`: its resource, the one
  // target) is saved into a scratch image and restored per sample by a
  // conditional draw (../multisample_restore.h); so is each plane of a
  // multisampled depth-stencil destination (`targets`: one per aspect; the
  // stencil through an exported reference, or a draw per bit without
  // VK_EXT_shader_stencil_export). One the device cannot save
  // so, or one larger than a storage buffer the device binds, runs
  // unpredicated with the warning.
  class PredicatedTransfer {
   public:
    PredicatedTransfer(CommandRecorder12& recorder, const char* command, std::vector<umd::TransferTarget> targets,
                       Resource12* multisampled = nullptr);
    ~PredicatedTransfer();
    PredicatedTransfer(const PredicatedTransfer&) = delete;
    PredicatedTransfer& operator=(const PredicatedTransfer&) = delete;

   private:
    // The multisampled destination's save (false: not predicated, after reporting).
    bool saveSamples(const char* command, const std::vector<umd::TransferTarget>& targets, Resource12& resource);
    CommandRecorder12& recorder_;
    std::unique_ptr<umd::TransferPredicate> plan_;  // null: not predicated
    VkBuffer saved_ = VK_NULL_HANDLE, current_ = VK_NULL_HANDLE;
    VkDescriptorSet set_ = VK_NULL_HANDLE;
    struct SampleRestore {  // a multisampled destination's save, per target (aspect)
      umd::TransferTarget target;
      VkPipeline pipeline = VK_NULL_HANDLE;
      VkImage saved = VK_NULL_HANDLE;
      VkImageView savedView = VK_NULL_HANDLE;
      VkDescriptorSet set = VK_NULL_HANDLE;
      std::vector<VkImageView> layerViews;
    };
    std::vector<SampleRestore> samples_;  // empty: none
  };
  // One aspect of whole mips (all of a Texture3D mip's slices) of `r` as a predicated transfer's target.
  static umd::TransferTarget subresourceTarget(const Resource12& r, VkImageAspectFlags aspect, UINT mip, UINT firstSlice,
                                               UINT slices);
  struct {
    VkBuffer word = VK_NULL_HANDLE;  // the folded predicate (null: predication off)
    bool inverted = false;           // NOT_EQUAL_ZERO: run when the word is 0
  } predicate_;
  // Records a full barrier and forgets the attachment writes it orders.
  void fullBarrierHere(VkCommandBuffer cmd);
  // The barrier due (pendingScope_'s, or a full one) at `cmd`.
  void pendingBarrierHere(VkCommandBuffer cmd);
  // Before writing `r` as an attachment (a new rendering instance, a clear):
  // a barrier when an attachment write since the last barrier touched it.
  void orderAttachmentWrite(VkCommandBuffer cmd, const Resource12* r);
  // Draw path helpers (draw12.cpp).
  // Binds each stage's set of `pso` for `args` (stageSet); graphics sets the
  // command buffer already holds under the same pipeline layout are not bound again.
  bool bindRootArguments(VkCommandBuffer cmd, const PipelineState12& pso, const RootArguments12& args);
  // The set of `stage` for `args`: one written earlier in this recording for
  // the same shader and the same values of the root parameters it reads
  // (stageSets_), else a new one (writeStageSet); null after fail().
  // `dynamicOffsets` receives one offset per stage.dynamicRootCbvs entry
  // where the set holds them. RootCbvs: the stage's root-CBV set
  // (Shader12::rootCbvSet), where it has one.
  enum class StageSetPart { Stage, RootCbvs };
  VkDescriptorSet stageSet(const Shader12& stage, const RootArguments12& args, uint32_t* dynamicOffsets,
                           StageSetPart part);
  struct DynamicRootCbv;
  // One stage's descriptor set of layout `layout` (the stage's own, or one
  // with more bindings) written from `args`, plus `extra` (its dstSet is
  // filled in); null after fail().
  VkDescriptorSet writeStageSet(const Shader12& stage, const RootArguments12& args, VkDescriptorSetLayout layout,
                                const VkWriteDescriptorSet* extra = nullptr);
  // Whether `args` were set under the root signature `pso` was created with,
  // or one of the same layout (the last answer is kept); false after fail().
  bool rootSignatureMatches(const PipelineState12& pso, const RootArguments12& args, const char* what);
  struct {
    const PipelineState12* pipeline = nullptr;
    const RootSignature12* signature = nullptr;
  } matchedSignature_;
  // The draw's checks (draw12.cpp); its targets (preparedTargets_: valid
  // until the next prepareDraw), or null when the draw is dropped or failed.
  const DrawTargets12* prepareDraw(bool indexed);
  // An indexed draw from `firstIndex` wholly past the bound index buffer reads
  // zeros (D3D12): binds the device's zero buffer as the index buffer in
  // `cmd` and returns the first index to draw from it (0); else `firstIndex`.
  UINT indicesPastBuffer(VkCommandBuffer cmd, UINT firstIndex);
  bool indicesPastEnd(UINT firstIndex) const;  // whether such a draw's first index is past the bound buffer
  // Input assembly and dynamic state from the list's state, or from `state`
  // (a batched fallback draw's state at the draw, fallback_batch12.cpp).
  void bindInputAssembly(VkCommandBuffer cmd, bool indexed, const DrawState12* state = nullptr);
  // A scissor clamped to the render area.
  VkRect2D scissorIn(VkExtent2D extent, size_t index = 0, const DrawState12* state = nullptr) const;
  void setDynamicState(VkCommandBuffer cmd, const DrawTargets12& targets, const DrawState12* state = nullptr);
  void beginRendering(VkCommandBuffer cmd, const DrawTargets12& targets);
  // Binds the draw's state in the list's rendering instance for `targets`
  // (beginning one where the open one does not match). `internal`: after a
  // full barrier, in an instance of its own (ExecuteIndirect's draws).
  bool beginDraw(VkCommandBuffer* cmd, bool indexed, const DrawTargets12& targets, bool internal = false);
  // A draw with a pipeline state that needs the exact conservative fallback (fallback12.cpp).
  void fallbackDraw(const umd::DrawCall& call, const DrawTargets12& targets);
  // Consecutive fallback draws of one piece into the same targets, with no
  // query active and no ResourceBarrier between them, are recorded as one
  // batch, phase by phase: every draw's fills, then every capture, every
  // triage, every deferred setup, and the draw passes in one rendering
  // instance, one full barrier between phases (instead of one before each
  // step of each draw). Reordering the steps of different draws cannot be
  // observed: each has buffers of its own, the draw passes keep their order,
  // and anything else the list records (a barrier, a copy, a clear, a query,
  // a native draw, Close) flushes the batch first. D3DVK_FALLBACK_BATCH=0
  // turns it off. The draw's state is kept with it for the capture's binds.
  struct PendingFallback12 {
    const Fallback12* fallback = nullptr;
    DrawState12 state;                 // the list's state at the draw
    DrawTargets12 targets, capture;    // the draw pass's and the capture's
    umd::DrawCall call;                // the application's draw (its id bases)
    umd::FallbackPiece piece;
    fallback::gpu::FallbackHeader header{};
    fallback::gpu::SetupParams params{};
    std::vector<std::pair<uint32_t, VkDescriptorSet>> captureSets;
    float minDepth = 0, maxDepth = 1;
    umd::FallbackClipRect clip{};
  };
  static constexpr size_t kMaxBatchedFallbackDraws = 64;
  // Records the batch (fallback_batch12.cpp): consecutive draws whose setups
  // and draw passes differ only in their triangles form a group with one
  // buffer set, one capture stream, one triage, one deferred setup and one
  // draw pass, as D3D11's batch does (fallback_batch.h).
  void flushFallbackBatch();
  // Whether `next` may join the group `first` opened (fallback_batch12.cpp).
  static bool sameFallbackGroup(const PendingFallback12& first, const PendingFallback12& next);
  // Whether `shader` (null: none) reads the same descriptors and root constants under `a` as under `b`.
  static bool sameStageArguments(const Shader12* shader, const RootArguments12& a, const RootArguments12& b);
  // Buffers for `slots` triangles of `f`'s draws from the allocator, the setup's
  // set and the draw pass's two (the pixel shader's from the list's state).
  bool fallbackBuffers(const Fallback12& f, uint32_t slots, umd::FallbackPieceBuffers* buffers, VkDescriptorSet* setupSet,
                       VkDescriptorSet (&drawSets)[2]);
  // A whole-view clear of a render target or depth-stencil view that the open
  // instance does not hold waits for the next instance (clear12.cpp): one over
  // the whole view with it as an attachment takes it as its loadOp CLEAR
  // (beginDraw: takePendingClears); anything else recorded first runs it as a
  // transfer clear (flushPendingClears, from flushDeferredWork).
  struct PendingClear12 {
    ViewDescriptor12 descriptor;
    VkImageView view = VK_NULL_HANDLE;
    VkExtent2D extent{};
    UINT layers = 1;
    bool depth = false;
    VkImageAspectFlags aspects = 0;
    VkClearValue value{};  // the attachment's (the view format's) clear value
  };
  // False: record the clear now (no list, a predicate, no view).
  bool deferClear(const ViewDescriptor12& d, bool depth, VkImageAspectFlags aspects, const VkClearValue& value);
  // Moves the pending clears into `t`'s load ops when every one of them fits it.
  void takePendingClears(DrawTargets12* t);
  void flushPendingClears();
  void clearImageNow(VkCommandBuffer cmd, const ViewDescriptor12& d, VkImageAspectFlags aspects, const VkClearValue& value);
  // Everything recorded aside, oldest first: the fallback batch, then the pending clears.
  void flushDeferredWork() {
    flushFallbackBatch();
    flushPendingClears();
  }
  // Deferred fallback draws (deferred_draw12.cpp): a new deferred draw of the
  // current state with a readback buffer of `bytes`, null after fail(); and
  // ending the segment with it (its copies into the readback recorded).
  std::shared_ptr<DeferredDraw12> newDeferredDraw(const DrawTargets12& targets, bool indexed, VkDeviceSize bytes);
  void defer(std::shared_ptr<DeferredDraw12> draw);
  // ExecuteIndirect's draws with a fallback pipeline state; an indexed strip too large for one piece.
  void deferIndirect(const CommandSignature12& signature, UINT maxCount, Resource12& arguments, UINT64 argumentOffset,
                     Resource12* count, UINT64 countOffset, const DrawTargets12& targets);
  void deferStrip(const umd::DrawCall& call, const DrawTargets12& targets);
  // While replaying: an indexed strip's triangles as an index list (a scratch
  // buffer) from the read-back indices; `call` becomes the list's draw. False
  // when it draws nothing or after fail().
  bool stripAsList(fallback::TriangleTopology strip, umd::DrawCall* call, VkBuffer* listIndices);
  // A clear of an attachment of the open rendering instance whose area its
  // view covers: vkCmdClearAttachments inside the instance (in rasterization
  // order with its draws: no barrier, the instance stays open). False: recorded otherwise.
  bool clearInOpenInstance(const ViewDescriptor12& d, bool depth, VkImageAspectFlags aspects, const VkClearValue& value,
                           UINT numRects, const D3D12DDI_RECT* rects);
  void clearRects(const Resource12* target, VkImageView view, VkFormat format, bool depth, VkImageAspectFlags aspects,
                  VkExtent2D extent, UINT layers, const VkClearValue& value, UINT numRects, const D3D12DDI_RECT* rects);

  Device12* device_ = nullptr;
  VkCommandBuffer cmd_ = VK_NULL_HANDLE;
  HRESULT error_ = S_OK;
  std::vector<std::shared_ptr<void>>* keepAlive_ = nullptr;
  Transient12* transient_ = nullptr;
  CommandAllocator12* allocator_ = nullptr;
  std::vector<Segment> segments_;
  // While replaying a deferred draw: its read-back indices (indexBytes of
  // them, the first being index firstIndex of the bound view), else null.
  struct {
    const unsigned char* data = nullptr;
    VkDeviceSize bytes = 0;
    UINT firstIndex = 0;
  } readIndices_;
  // While replaying a deferred strip: its stream-output pass ran when the
  // list recorded it (fallbackDraw captures before it defers), so the replay
  // records only the fallback's passes.
  bool streamOutputCaptured_ = false;
  DrawState12 state_;
  bool pendingBarrier_ = false;  // a barrier is due before the next command
  // Stream output captured since the last full barrier: the next capture
  // reads the filled sizes it wrote, so it gets one first.
  bool streamOutputSinceBarrier_ = false;
  state::BarrierBatch pendingScope_;  // its scopes (ALL_COMMANDS after internal steps)
  BoundDrawState12 bound_;
  // Versions of the state a draw derives its targets and dynamic state from:
  // the render targets (setRenderTargets) and the viewports, scissors, blend
  // factor and stencil reference (their setters); both move on when state_
  // is replaced as a whole (begin, replay). prepareDraw keeps the targets it
  // derived for a pipeline state and these versions (preparedTargets_), and
  // setDynamicState records nothing while the version it emitted holds.
  uint64_t targetsVersion_ = 1, dynamicVersion_ = 1;
  void stateReplaced() { ++targetsVersion_, ++dynamicVersion_, repeatable_.valid = false; }
  // The last native draw, when the next one may repeat it: recorded in the
  // open rendering instance with the list's state bound, no stream output, and
  // (indexed) its indices in the bound buffer. A draw of the same kind with
  // no call on the list since (callSerial_) finds everything it needs bound
  // and records only itself (repeatsLastDraw).
  uint64_t callSerial_ = 0, rootArgumentCalls_ = 0;
  struct {
    bool valid = false, indexed = false;
    uint64_t serial = 0, rootArgumentCalls = 0;
  } repeatable_;
  // Whether this draw repeats the last one: with no call between them, or
  // only root-argument calls (then it binds the root arguments first). Its
  // serial is then the one the next draw counts from.
  enum class Repeat { No, Fully, NewRootArguments };
  Repeat repeatsLastDraw(bool indexed) {
    if (!repeatable_.valid || repeatable_.indexed != indexed || !cmd_) return Repeat::No;
    const uint64_t calls = callSerial_ - repeatable_.serial - 1;  // besides this draw
    const Repeat repeat = calls == 0 ? Repeat::Fully
                          : calls == rootArgumentCalls_ - repeatable_.rootArgumentCalls ? Repeat::NewRootArguments
                                                                                          : Repeat::No;
    if (repeat != Repeat::No) rememberDraw(indexed);
    return repeat;
  }
  void rememberDraw(bool indexed) { repeatable_ = {true, indexed, callSerial_, rootArgumentCalls_}; }
  // A command buffer that holds none of bound_ (a new one, or after the
  // list's internal steps): nothing bound, no draw to repeat.
  void forgetBound() {
    bound_ = BoundDrawState12{};
    repeatable_.valid = false;
  }
  // The graphics root arguments' sets for `pso`, bound unless the command buffer holds them. False after fail().
  bool bindDrawArguments(VkCommandBuffer cmd, const PipelineState12& pso);
  bool prepareTargets(DrawTargets12& targets);
  struct PreparedTargets {
    // The pipeline state the targets were derived for (compared by address),
    // and its formats (another pipeline state of the same formats finds the
    // same targets: its RTVFormats, DSVFormat and render-target count).
    const PipelineState12* pipeline = nullptr;
    UINT renderTargetCount = 0;
    DXGI_FORMAT rtvFormats[8]{}, dsvFormat{};
    bool sameFormats(const PipelineState12& pso) const;
    uint64_t targetsVersion = 0, dynamicVersion = 0;
    bool extentFromViewports = false;  // no attachment: the viewports gave the extent
    DrawTargets12 targets;
  } preparedTargets_;
  // The open dynamic-rendering instance: its attachments and area.
  bool passOpen_ = false;
  DrawTargets12 pass_;
  // Resources written as attachments (draws, clears) since the last barrier.
  std::unordered_set<const Resource12*> attachmentWrites_;
  // Descriptor tables to write when the list executes (writeTables).
  struct PendingTable {
    VkDescriptorSet set = VK_NULL_HANDLE;
    const Shader12* shader = nullptr;  // its bindings[binding] is the table binding
    uint32_t binding = 0;
    const ViewDescriptor12* table = nullptr;
    uint32_t available = 0;  // the heap's descriptors from `table` on (RootArguments12::Parameter::tableEntries)
    std::vector<ViewDescriptor12> readWhileRecording;  // the entries, where the device reads tables while recording
    uint32_t* shifts = nullptr;  // buffer views: where the entries' shifts go (the draw's upload of them)
  };
  std::vector<PendingTable> pendingTables_;
  // Stage sets written in this recording, by what they were written from: the
  // shader and the root arguments it reads (table starts, root descriptors'
  // addresses, root constants). Valid D3D12 never changes a descriptor that a
  // recorded command references before the list has executed, so a table
  // start names the same descriptors for the whole recording. A fixed number
  // of entries, the least recently used replaced: O(1) per draw.
  struct CachedStageSet {
    uint64_t shaderId = 0;  // Shader12::id (0: empty)
    uint64_t hash = 0;
    std::vector<uint64_t> key;
    VkDescriptorSet set = VK_NULL_HANDLE;
    uint64_t lastUse = 0;
  };
  static constexpr size_t kCachedStageSets = 32;
  CachedStageSet stageSets_[kCachedStageSets];
  uint64_t stageSetUses_ = 0;
  std::vector<uint64_t> stageKey_;  // stageSet's scratch
  SetWrites12 setWrites_;            // writeStageSet's scratch
  std::unordered_set<std::string> warned_;  // warnOnce's texts this recording
  std::vector<PendingFallback12> fallbackBatch_;  // the open batch of fallback draws (fallbackDraw)
  bool flushingFallback_ = false;
  std::vector<PendingClear12> pendingClears_;  // in API order
  DrawTargets12 targetsWithClears_;            // beginDraw's scratch: a new instance's targets with those clears
  ActiveQuery12 activeOcclusion_, activeStatistics_;
  ActiveQuery12 activeStreamOutput_[4];  // SO_STATISTICS_STREAMn, by D3D stream
  ActiveQuery12& activeSlot(D3D12DDI_QUERY_TYPE type);
  // Every active query (occlusion, statistics, stream output).
  std::vector<ActiveQuery12*> activeQueries();
  // Before a capturing draw: an active SO_STATISTICS_STREAMn query counts the
  // Vulkan stream the pipeline state emits D3D stream n to (the rasterized
  // stream is Vulkan's 0): where that changes it is suspended and resumed there.
  void retargetStreamOutputQueries();
  void endOpenQueries();
  // Ends an active query's Vulkan query and carries what it counted to its
  // resolve; begins it again (query12.h).
  void suspendQuery(const ActiveQuery12& query);
  void resumeQuery(const ActiveQuery12& query);
  void suspendActiveQueries();  // both kinds, where active
  void resumeActiveQueries();
  // sums[...] += addends[...] as query_add.comp does, between full barriers (query12.cpp).
  void addQueryValues(VkBuffer sums, VkBuffer addends, const fallback::QueryAddParams& params);
};

}  // namespace d3dvk::umd12
