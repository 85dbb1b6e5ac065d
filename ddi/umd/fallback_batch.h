// ddi/umd/fallback_batch.h — consecutive conservative fallback draws recorded
// as one batch of phases (driver_fallback_draw.h), so that N draws cost the
// barriers and render passes of one: every draw's
//   fills | capture | triage | deferred setup | draw pass
// goes into the secondary command buffer of its phase, with buffers of its
// own, and the batch is executed into the open Vulkan batch with one full
// barrier between phases when any other command is recorded (Recorder::open)
// or the batch is submitted (Recorder::beforeSubmit). The captures share one
// 1×1 rendering instance, the draw passes one instance over the bound targets.
//
// A draw joins the batch only when reordering its phases past the earlier
// draws' cannot be observed: one piece, no active query, no UAV bound, the
// batch's render targets (same views, area and layers), and no image layout
// change for its shader resources (those would be recorded inside an
// instance); otherwise the batch is flushed and the draw records as before.
//
// Within a batch, consecutive draws whose draw passes would be the same (the
// same capture and draw pipelines, header and setup parameters, pixel-shader
// descriptors and dynamic state) and whose pixel shader does not read a
// numbered SV_PrimitiveID form a group: one buffer set, their captures one
// transform-feedback stream (the triangles of one draw after the other's, in
// API order), and one triage, one deferred setup and one draw pass over them
// all, recorded when the group closes (the fills, setup) or opens (the draw
// pass, whose indirect counts the setup writes). Queue mutex held.
#pragma once

#include "descriptor_binding.h"
#include "fallback_passes.h"
#include "recorder.h"
#include "vk_resources.h"

#include <deque>
#include <memory>
#include <vector>

namespace d3dvk::umd {

class Device;

// A device-local fallback buffer of at least `size` bytes (a power of two from
// 4 KiB, so that it serves later, slightly larger draws). Null after reporting.
std::shared_ptr<vk::Buffer> createFallbackBuffer(Device& device, VkDeviceSize size, VkBufferUsageFlags usage);

// One draw's fallback buffers (fallback_passes.h), recycled once their batch completes.
struct FallbackBufferSet {
  std::shared_ptr<vk::Buffer> capture, records, corners, counters, deferred;
  FallbackPieceBuffers handles() const {
    return {capture->handle(), records->handle(), corners->handle(), counters->handle(), deferred->handle()};
  }
};

class FallbackBatch {
 public:
  enum Phase { kFills, kCapture, kTriage, kDeferred, kDraw, kPhases };
  static constexpr size_t kMaxGroups = 64;   // then flushed: bounds the buffer sets a batch holds
  static constexpr size_t kMaxDraws = 4096;  // and the commands its secondaries hold
  // A group's triangles at most, unless its first draw has more (its buffers are sized for this).
  static constexpr uint32_t kGroupSlots = 4096;
  static constexpr VkDeviceSize kGroupCaptureBytes = VkDeviceSize(4) << 20;

  // What the draws of a group share (everything their draw passes and setups read but the triangles).
  struct GroupKey {
    VkPipeline capture = VK_NULL_HANDLE, flat = VK_NULL_HANDLE, exact = VK_NULL_HANDLE;
    fallback::gpu::FallbackHeader header{};
    fallback::gpu::SetupParams params{};  // slots, instances and primitive-id base zero
    float blendFactor[4] = {};
    uint32_t stencilRef = 0;
    StageDescriptors pixel;  // what the pixel shader reads, resolved
    bool operator==(const GroupKey& o) const;
  };

  bool open() const { return open_; }
  size_t draws() const { return draws_; }
  // Whether a draw into `targets` may join the open batch.
  bool accepts(const RenderPassKey& targets) const {
    return open_ && instances_ && groups_ < kMaxGroups && draws_ < kMaxDraws && targets == targets_;
  }
  // Whether a draw of `slots` triangles with `key` may join the open group (its capture is all it records).
  bool groupAccepts(const GroupKey& key, uint32_t slots) const {
    return group_.set && group_.slots + uint64_t(slots) <= group_.capacity && draws_ < kMaxDraws && group_.key == key;
  }
  // Opens a group for draws of `key` with `set`'s buffers (sized for `capacity`
  // triangles) and `setupSet`: binds the capture pipeline and begins the
  // transform feedback into `set`'s capture buffer (`captureBytes`). The
  // caller records the draw pass next. The open group (if any) is closed first.
  void openGroup(Device& device, GroupKey&& key, const FallbackBufferSet* set, VkDescriptorSet setupSet,
                 uint32_t capacity, VkDeviceSize captureBytes);
  // Counts a draw of `slots` triangles captured into the open group.
  void addToGroup(uint32_t slots) { group_.slots += slots; }
  // Opens a batch for draws into `targets` (secondaries begun). False after reporting.
  bool begin(Device& device, const RenderPassKey& targets);
  VkCommandBuffer phase(Phase p) const { return phases_[p]; }
  // What the capture phase has bound (sets, vertex and index buffers, dynamic
  // state): a draw records only what differs from the previous capture's.
  BoundCommandState& captureState() { return captureState_; }
  // Begins the batch's two rendering instances (the captures' 1×1 one, the
  // draw passes' over the targets), after the first draw's layout changes.
  void beginInstances(Device& device, VkExtent2D extent);
  // Counts a recorded draw.
  void added() { ++draws_; }
  // Buffers for one draw of `sizes` (fallback_passes.h). Null after reporting.
  const FallbackBufferSet* acquire(Device& device, const FallbackBufferSizes& sizes);
  // Executes the open batch into the device's open Vulkan batch (nothing without one).
  void flush(Device& device);

 private:
  // Records the open group's fills, the end of its capture and its setup.
  void closeGroup(Device& device);
  struct Group {
    const FallbackBufferSet* set = nullptr;  // null: no group open
    VkDescriptorSet setupSet = VK_NULL_HANDLE;
    uint32_t slots = 0, capacity = 0;
    GroupKey key;
  };
  Group group_;
  size_t groups_ = 0;
  bool open_ = false;
  bool instances_ = false;  // beginInstances() was called
  VkPipeline capturePipeline_ = VK_NULL_HANDLE;
  BoundCommandState captureState_;
  bool setupPipelinesBound_ = false;
  size_t draws_ = 0;
  RenderPassKey targets_;
  VkCommandBuffer phases_[kPhases] = {};
  struct InUse {
    uint64_t serial;
    FallbackBufferSet set;
  };
  std::deque<InUse> inUse_;  // in serial order
  std::vector<FallbackBufferSet> free_;
};

// The device's open fallback batch flushed (Recorder: before any other command and at submit).
void flushFallbackBatch(Device& device);
// Whether the device has a fallback batch open.
bool fallbackBatchOpen(Device& device);

}  // namespace d3dvk::umd
