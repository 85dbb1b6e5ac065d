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
// Queue mutex held.
#pragma once

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
  static constexpr size_t kMaxDraws = 64;  // then flushed: bounds the buffers a batch holds

  bool open() const { return open_; }
  size_t draws() const { return draws_; }
  // Whether a draw into `targets` may join the open batch.
  bool accepts(const RenderPassKey& targets) const {
    return open_ && instances_ && draws_ < kMaxDraws && targets == targets_;
  }
  // Opens a batch for draws into `targets` (secondaries begun). False after reporting.
  bool begin(Device& device, const RenderPassKey& targets);
  VkCommandBuffer phase(Phase p) const { return phases_[p]; }
  // Begins the batch's two rendering instances (the captures' 1×1 one, the
  // draw passes' over the targets), after the first draw's layout changes.
  void beginInstances(Device& device, VkExtent2D extent);
  // Counts a recorded draw.
  void added() { ++draws_; }
  // What the phases have bound (each secondary keeps it from draw to draw):
  // the capture pipeline, and whether the setup pipelines are bound.
  VkPipeline& capturePipeline() { return capturePipeline_; }
  bool& setupPipelinesBound() { return setupPipelinesBound_; }
  // Buffers for one draw of `sizes` (fallback_passes.h). Null after reporting.
  const FallbackBufferSet* acquire(Device& device, const FallbackBufferSizes& sizes);
  // Executes the open batch into the device's open Vulkan batch (nothing without one).
  void flush(Device& device);

 private:
  bool open_ = false;
  bool instances_ = false;  // beginInstances() was called
  VkPipeline capturePipeline_ = VK_NULL_HANDLE;
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

}  // namespace d3dvk::umd
