// ddi/vk/vk_command_queue.h — command recording and submission for one D3D
// device on the Vulkan device's single graphics queue.
//
// Synchronization model:
// - Commands are recorded into one open "batch" (a primary command buffer).
//   A batch is submitted on Flush, when the CPU needs results (Map of a
//   resource the batch uses, a query read back), and at device destruction.
// - Each batch signals one value ("serial") of a timeline semaphore; batch N
//   has serial N. completedSerial() is the semaphore's counter, so "is
//   resource R idle" is "R.lastUsedSerial <= completedSerial()".
// - A batch begins with one full memory barrier (everything submitted before
//   it, before everything in it) and ends with one making its writes visible
//   to the host (staging reads after the timeline wait). Between commands
//   inside a batch the queue records nothing: its user (the UMD's recorder,
//   recorder.h) records the barriers the commands' hazards need.
// - Host writes to coherent memory before a submit are visible to it
//   (queue submission is a host → device domain operation).
// - Objects that a recorded or in-flight batch may still use are kept alive
//   with releaseAfter(serial, …) and freed once that serial completes, in
//   O(1) amortized per object (a FIFO in serial order).
// - Vulkan queries must begin and end in one command buffer: the owner's
//   before-submit hook ends the queries still active in the open batch (the UMD
//   begins a new segment of each in the next batch).
#pragma once

#include "vk_device.h"

#include <deque>
#include <functional>
#include <memory>
#include <vector>

namespace d3dvk::vk {

// Records one global memory barrier (synchronization2): the source stage's
// accesses before the destination stage's.
void memoryBarrier(VkCommandBuffer cmd, VkPipelineStageFlags2 srcStage, VkAccessFlags2 srcAccess,
                   VkPipelineStageFlags2 dstStage, VkAccessFlags2 dstAccess);
// Records one full memory barrier: every command's memory accesses before it
// ordered before every command's after it.
void fullBarrier(VkCommandBuffer cmd);
// Records one layout change of `range` of `image` that orders every command's
// memory accesses around it (from UNDEFINED: nothing before it to make available).
void imageLayoutBarrier(VkCommandBuffer cmd, VkImage image, const VkImageSubresourceRange& range, VkImageLayout from,
                        VkImageLayout to);

class CommandQueue {
 public:
  static std::unique_ptr<CommandQueue> create(Device& device, VkResult* result);
  ~CommandQueue();  // waits for everything submitted, then frees
  CommandQueue(const CommandQueue&) = delete;
  CommandQueue& operator=(const CommandQueue&) = delete;

  Device& device() { return device_; }

  // The open batch's command buffer, beginning a batch (with its leading full
  // barrier) when none is open; *opened says whether this call began it.
  // VK_NULL_HANDLE (and *result) if a command buffer cannot be had.
  VkCommandBuffer record(VkResult* result, bool* opened = nullptr);
  // A secondary command buffer begun for the open batch (no render pass
  // inherited; it may begin its own rendering instances), to be ended by the
  // caller and executed in that batch; recycled once the batch completes.
  // VK_NULL_HANDLE (and *result) if one cannot be had.
  VkCommandBuffer beginSecondary(VkResult* result);
  // The serial the open batch will signal.
  uint64_t openSerial() const { return submitted_ + 1; }
  bool hasOpenBatch() const { return open_ != VK_NULL_HANDLE; }

  // Ends and submits the open batch (nothing to do without one).
  VkResult submit();
  // The highest serial the GPU has finished (also frees what it no longer needs).
  uint64_t completedSerial();
  // Whether `serial` has completed: asks the device only when neither the last
  // answer (completion is monotonic) nor the submissions (a serial not yet
  // submitted cannot have completed) tell already.
  bool completed(uint64_t serial) {
    if (serial <= knownCompleted_) return true;
    if (serial > submitted_) return false;
    return serial <= completedSerial();
  }
  // Waits until `serial` completes, submitting the open batch first if needed.
  VkResult wait(uint64_t serial);
  VkResult waitIdle() { return wait(hasOpenBatch() ? openSerial() : submitted_); }

  // Keeps `object` alive until `serial` has completed. Never throws (destroy
  // DDIs call it): the list always has room for one more entry; when even
  // that cannot be kept, it waits for `serial` and frees the object now.
  void releaseAfter(uint64_t serial, std::shared_ptr<void> object) noexcept;
  template <typename T>
  void releaseAfter(uint64_t serial, std::unique_ptr<T> object) noexcept {
    if (!object) return;
    std::shared_ptr<void> shared;
    try {
      shared = std::move(object);
    } catch (const std::bad_alloc&) {
      freeWhenDone(serial);  // `object` still owns it and frees it on return
      return;
    }
    releaseAfter(serial, std::move(shared));
  }
  // The serial of the last submitted batch (0: none yet).
  uint64_t submittedSerial() const { return submitted_; }
  // Called with the open batch's command buffer right before it is ended and submitted.
  void setBeforeSubmit(std::function<void(VkCommandBuffer)> hook) { beforeSubmit_ = std::move(hook); }

 private:
  explicit CommandQueue(Device& device) : device_(device) {}
  void collect(uint64_t completed);
  // A command buffer of `level` from `free` (reset), else a new one.
  VkCommandBuffer reuseOrAllocate(std::vector<VkCommandBuffer>& free, VkCommandBufferLevel level, VkResult* result);
  // What releaseAfter does without memory: waits until `serial` completes.
  void freeWhenDone(uint64_t serial) noexcept;

  Device& device_;
  VkCommandPool pool_ = VK_NULL_HANDLE;
  VkSemaphore timeline_ = VK_NULL_HANDLE;
  uint64_t submitted_ = 0;
  uint64_t knownCompleted_ = 0;  // completedSerial()'s last answer
  VkCommandBuffer open_ = VK_NULL_HANDLE;
  struct InFlight {
    VkCommandBuffer commands;
    uint64_t serial;
  };
  std::deque<InFlight> inFlight_;
  std::vector<VkCommandBuffer> free_;
  std::deque<InFlight> secondariesInFlight_;  // by the serial of the batch that executes them
  std::vector<VkCommandBuffer> freeSecondaries_;
  struct Pending {
    uint64_t serial;
    std::shared_ptr<void> object;
  };
  // In non-decreasing serial order from pendingHead_ (an object released
  // after an older serial than the last one queued waits for the later one);
  // capacity kept above size (see releaseAfter); the retired front is
  // compacted away once it is half of the vector.
  std::vector<Pending> pending_;
  size_t pendingHead_ = 0;
  std::function<void(VkCommandBuffer)> beforeSubmit_;
};

}  // namespace d3dvk::vk
