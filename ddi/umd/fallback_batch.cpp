// ddi/umd/fallback_batch.cpp — see fallback_batch.h.
#include "fallback_batch.h"

#include "device.h"
#include "draw_recording.h"
#include "driver_fallback_draw.h"

#include <cstring>

namespace d3dvk::umd {
std::shared_ptr<vk::Buffer> createFallbackBuffer(Device& device, VkDeviceSize size, VkBufferUsageFlags usage) {
  VkDeviceSize rounded = 4096;
  while (rounded < size) rounded *= 2;
  VkResult result = VK_SUCCESS;
  std::shared_ptr<vk::Buffer> b = vk::Buffer::create(device.vk(), rounded, usage, false, &result);
  if (!b) device.setVkError(result);
  return b;
}

namespace {

bool fits(const FallbackBufferSet& s, const FallbackBufferSizes& sizes) {
  return s.capture->size() >= sizes.capture && s.records->size() >= sizes.records &&
         s.corners->size() >= sizes.corners && s.deferred->size() >= sizes.deferred;
}

}  // namespace

bool FallbackBatch::GroupKey::operator==(const GroupKey& o) const {
  return capture == o.capture && flat == o.flat && exact == o.exact &&
         std::memcmp(&header, &o.header, sizeof header) == 0 && std::memcmp(&params, &o.params, sizeof params) == 0 &&
         std::memcmp(blendFactor, o.blendFactor, sizeof blendFactor) == 0 && stencilRef == o.stencilRef &&
         pixel.sameDescriptors(o.pixel) && pixel.dynamicOffsets == o.pixel.dynamicOffsets;
}

bool FallbackBatch::begin(Device& device, const RenderPassKey& targets) {
  // The Vulkan batch the secondaries belong to is open from here on, so that a
  // submit (Flush) executes them (Recorder::beforeSubmit).
  if (!device.recorder().outsideRenderPass()) return false;
  for (VkCommandBuffer& p : phases_) {
    VkResult result = VK_SUCCESS;
    p = device.queue().beginSecondary(&result);
    if (!p) {
      for (VkCommandBuffer& q : phases_)
        if (q) vkEndCommandBuffer(q), q = VK_NULL_HANDLE;  // recycled with the batch, never executed
      device.setVkError(result);
      return false;
    }
  }
  open_ = true;
  instances_ = false;
  capturePipeline_ = VK_NULL_HANDLE;
  captureState_ = BoundCommandState{};
  setupPipelinesBound_ = false;
  draws_ = 0;
  groups_ = 0;
  group_ = {};
  targets_ = targets;
  return true;
}

void FallbackBatch::beginInstances(Device& device, VkExtent2D extent) {
  VkRenderingInfo capture{VK_STRUCTURE_TYPE_RENDERING_INFO};  // rasterizer discard: no attachments
  capture.renderArea = {{0, 0}, {1, 1}};
  capture.layerCount = 1;
  vkCmdBeginRendering(phases_[kCapture], &capture);
  beginRendering(device, phases_[kDraw], extent);
  instances_ = true;
}

const FallbackBufferSet* FallbackBatch::acquire(Device& device, const FallbackBufferSizes& sizes) {
  const uint64_t completed = device.queue().completedSerial();
  while (!inUse_.empty() && inUse_.front().serial <= completed) {
    free_.push_back(std::move(inUse_.front().set));
    inUse_.pop_front();
  }
  if (free_.size() > 2 * kMaxGroups) free_.erase(free_.begin(), free_.begin() + ptrdiff_t(free_.size() - 2 * kMaxGroups));
  FallbackBufferSet set;
  for (size_t i = free_.size(); i-- > 0;)
    if (fits(free_[i], sizes)) {
      set = std::move(free_[i]);
      free_[i] = std::move(free_.back());
      free_.pop_back();
      break;
    }
  if (!set.capture) {
    set.capture = createFallbackBuffer(device, sizes.capture, kFallbackCaptureUsage);
    set.records = createFallbackBuffer(device, sizes.records, kFallbackRecordsUsage);
    set.corners = createFallbackBuffer(device, sizes.corners, kFallbackCornersUsage);
    set.deferred = createFallbackBuffer(device, sizes.deferred, kFallbackDeferredUsage);
    set.counters = createFallbackBuffer(device, kFallbackCounterBytes, kFallbackCountersUsage);
    if (!set.capture || !set.records || !set.corners || !set.deferred || !set.counters) return nullptr;
  }
  inUse_.push_back({device.queue().openSerial(), std::move(set)});
  return &inUse_.back().set;
}

void FallbackBatch::openGroup(Device& device, GroupKey&& key, const FallbackBufferSet* set, VkDescriptorSet setupSet,
                              uint32_t capacity, VkDeviceSize captureBytes) {
  closeGroup(device);
  const VkCommandBuffer capture = phases_[kCapture];
  // No pipeline bind while transform feedback is active: the group's draws share this one.
  if (capturePipeline_ != key.capture) vkCmdBindPipeline(capture, VK_PIPELINE_BIND_POINT_GRAPHICS, capturePipeline_ = key.capture);
  beginFallbackCapture(capture, set->handles(), captureBytes);
  group_.set = set;
  group_.setupSet = setupSet;
  group_.slots = 0;
  group_.capacity = capacity;
  group_.key = std::move(key);
  ++groups_;
}

void FallbackBatch::closeGroup(Device& device) {
  if (!group_.set) return;
  const FallbackPieceBuffers buffers = group_.set->handles();
  // The fills phase runs before every capture: the header and the flat-only draw of every slot of the group.
  recordFallbackPieceStart(phases_[kFills], buffers, group_.key.header, group_.slots, true);
  endFallbackCapture(phases_[kCapture], buffers);
  fallback::gpu::SetupParams params = group_.key.params;
  params.slots = group_.slots;
  const VkCommandBuffer deferred = phases_[kDeferred];
  recordFallbackSetup(phases_[kTriage], [&] { return deferred; }, *device.fallbackResources()->setup, group_.setupSet,
                      params, buffers, !setupPipelinesBound_);
  setupPipelinesBound_ = true;
  group_ = {};
}

void FallbackBatch::flush(Device& device) {
  if (!open_) return;
  closeGroup(device);
  open_ = false;  // first: the commands below go through the recorder, which flushes open batches
  // The instances the first draw began (fallback_batch.h) end with the batch.
  if (instances_) {
    vkCmdEndRendering(phases_[kCapture]);
    vkCmdEndRendering(phases_[kDraw]);
  }
  instances_ = false;
  bool ended = true;
  for (VkCommandBuffer p : phases_) ended = vkEndCommandBuffer(p) == VK_SUCCESS && ended;
  VkCommandBuffer cmd = ended ? device.recorder().untracked() : VK_NULL_HANDLE;  // after everything before
  if (!ended) device.setVkError(VK_ERROR_OUT_OF_HOST_MEMORY);
  if (cmd) {
    for (int p = 0; p < kPhases; ++p) {
      // Each phase reads what the one before wrote (the fills, the captures, the triage, the setup).
      if (p > 0) vk::fullBarrier(cmd);
      vkCmdExecuteCommands(cmd, 1, &phases_[p]);
    }
  }
  for (VkCommandBuffer& p : phases_) p = VK_NULL_HANDLE;
  draws_ = 0;
  groups_ = 0;
}

void flushFallbackBatch(Device& device) {
  FallbackResources* r = device.fallbackResources().get();
  if (r && r->batch.open()) r->batch.flush(device);
}

bool fallbackBatchOpen(Device& device) {
  const FallbackResources* r = device.fallbackResources().get();
  return r && r->batch.open();
}

}  // namespace d3dvk::umd
