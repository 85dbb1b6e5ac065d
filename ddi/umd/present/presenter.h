// ddi/umd/present/presenter.h — a window's Vulkan swapchain and the copy of a
// back buffer into it (d3dvk_present.h). present() runs on the device's queue
// with its queue mutex held, after the device submitted everything recorded
// before it: its own command buffer begins with a full memory barrier (after
// the earlier submissions' work), waits for the acquired image, blits the back
// buffer into it (format conversion, and scaling when the window's size differs
// from the buffer's, as DXGI_SCALING_STRETCH) and presents it. One present is in
// flight at a time: the next one (and resize, destroy) waits for its fence, so
// the back buffers outlive every copy out of them. The swapchain is (re)made
// when the window's size, the present mode (sync interval 0 or not), the format
// or the buffer count changed, or Vulkan says it is out of date. Sync interval 0
// uses IMMEDIATE (else MAILBOX, else FIFO); N >= 1 presents the frame N times in
// FIFO mode, so it stays on screen for N vertical blanks. Each copy also signals a
// timeline semaphore with its serial, so any thread can wait for a frame's copy
// to finish (waitForFrame: DXGI's frame-latency waitable object).
#pragma once

#include "present_window.h"
#include "vk_device.h"

#include <wsl/winadapter.h>

#include <atomic>
#include <memory>
#include <string>
#include <vector>

namespace d3dvk::umd {

struct PresentSource {
  VkImage image = VK_NULL_HANDLE;
  VkFormat format = VK_FORMAT_UNDEFINED;
  VkImageLayout layout = VK_IMAGE_LAYOUT_GENERAL;  // TRANSFER_SRC_OPTIMAL or GENERAL
  VkExtent2D extent{};
};

class Presenter {
 public:
  // Null with *hr and *error when the device cannot present to the window.
  static std::unique_ptr<Presenter> create(vk::Device& device, std::unique_ptr<PresentWindow> window,
                                           VkFormat format, bool srgb, uint32_t bufferCount, HRESULT* hr,
                                           std::string* error);
  ~Presenter();  // waits for the last present's copy
  Presenter(const Presenter&) = delete;
  Presenter& operator=(const Presenter&) = delete;

  // Queue mutex held. S_OK, DXGI_STATUS_OCCLUDED (no window area: nothing shown) or a failure.
  HRESULT present(const PresentSource& source, uint32_t syncInterval, std::string* error);
  // Waits until no present reads a back buffer; the next present uses the new format and count.
  HRESULT resize(VkFormat format, bool srgb, uint32_t bufferCount, std::string* error);
  // The window's size now; false when the window is gone.
  bool windowSize(uint32_t* width, uint32_t* height);
  bool windowAlive() const { return window_->alive(); }
  uint64_t presentCount() const { return presentCount_; }
  // Any thread: the frame the last successful present() queued (the serial of its
  // last copy; 0 before the first).
  uint64_t lastFrame() const { return lastFrame_.load(std::memory_order_acquire); }
  // Any thread, also during present() (not during destruction): waits until the
  // copy of `frame` has finished. S_OK (at once for 0 or a finished frame);
  // DXGI_ERROR_WAIT_TIMEOUT when timeoutNs (below the device's GPU timeout) passed
  // first; DXGI_ERROR_DEVICE_REMOVED when the device was lost or stopped making progress.
  HRESULT waitForFrame(uint64_t frame, uint64_t timeoutNs);
  bool immediateOffered() const { return immediate_ != VK_PRESENT_MODE_FIFO_KHR; }

 private:
  Presenter(vk::Device& device, std::unique_ptr<PresentWindow> window) : device_(device), window_(std::move(window)) {}
  HRESULT init(std::string* error);
  HRESULT waitLastPresent(std::string* error);
  // One acquire, copy and present of the source (present() repeats it for sync intervals above 1).
  HRESULT presentOnce(const PresentSource& source, bool immediate, std::string* error);
  // (Re)makes the swapchain for `extent` and the present mode of the sync interval.
  HRESULT recreate(VkExtent2D extent, bool immediate, std::string* error);
  void destroySwapchain();
  HRESULT fail(VkResult result, const char* what, std::string* error);

  vk::Device& device_;
  std::unique_ptr<PresentWindow> window_;
  VkFormat sourceFormat_ = VK_FORMAT_UNDEFINED;
  bool srgb_ = false;
  uint32_t bufferCount_ = 2;
  VkPresentModeKHR immediate_ = VK_PRESENT_MODE_FIFO_KHR;  // what sync interval 0 uses

  VkSwapchainKHR swapchain_ = VK_NULL_HANDLE;
  VkSurfaceFormatKHR surfaceFormat_{};
  VkExtent2D extent_{};
  bool swapchainImmediate_ = false;
  bool outOfDate_ = false;
  std::vector<VkImage> images_;
  std::vector<VkSemaphore> presentSemaphores_;  // per image: the copy is done
  VkSemaphore acquireSemaphore_ = VK_NULL_HANDLE;
  bool acquireSignaled_ = false;  // acquired, not yet waited for by a submission
  VkFence fence_ = VK_NULL_HANDLE;  // the last present's copy
  bool fencePending_ = false;
  VkCommandPool pool_ = VK_NULL_HANDLE;
  VkCommandBuffer cmd_ = VK_NULL_HANDLE;
  uint64_t presentCount_ = 0;
  VkSemaphore copyTimeline_ = VK_NULL_HANDLE;  // signalled with each copy's serial
  uint64_t copySerial_ = 0;                    // copies submitted
  std::atomic<uint64_t> lastFrame_{0};
};

}  // namespace d3dvk::umd
