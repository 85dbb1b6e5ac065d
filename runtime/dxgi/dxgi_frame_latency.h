// runtime/dxgi/dxgi_frame_latency.h — the frame-latency waitable object of a
// swapchain created with DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT. On
// Windows it is a semaphore whose count starts at the maximum frame latency,
// which the application waits on (taking one) before each frame and DXGI
// releases as each presented frame finishes. Here it is an eventfd in semaphore
// mode (EFD_SEMAPHORE: a read takes one and blocks at 0, as a wait does), its
// HANDLE the descriptor cast to HANDLE, like d3dvk's events (docs/dxgi.md). A
// thread of the swapchain waits for each queued frame's copy on the GPU (the
// presenter's pfnWaitForFrame) and then releases one, never above the maximum.
#pragma once

// d3dvk's API headers first: they make HWND pointer-sized before winadapter.h is seen.
#include <dxgi1_6.h>

#include "d3dvk_present.h"

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace d3dvk::runtime {

class FrameLatencyWaitable {
 public:
  // The object with `maxLatency` available; null with *error when no eventfd can be made.
  static std::unique_ptr<FrameLatencyWaitable> create(const D3DVK_PRESENT_FUNCS* funcs, void* presenter,
                                                      UINT maxLatency, std::string* error);
  // Stops the thread once the frame it waits for (if any) has finished; closes
  // d3dvk's descriptor (the application's stay open until it closes them).
  ~FrameLatencyWaitable();
  FrameLatencyWaitable(const FrameLatencyWaitable&) = delete;
  FrameLatencyWaitable& operator=(const FrameLatencyWaitable&) = delete;

  // A new descriptor of the eventfd (3 or above, close-on-exec) as HANDLE, for the
  // application to wait on and close; null when none can be made.
  HANDLE duplicate() const;
  // A Present queued `frame` (pfnLastFrame's serial; 0: nothing reaches the GPU,
  // released at once).
  void queued(uint64_t frame);
  // SetMaximumFrameLatency: a higher maximum releases the difference now; a lower
  // one lets the count above it run out (releases are held back until it has).
  void setMaximum(UINT latency);

 private:
  FrameLatencyWaitable(const D3DVK_PRESENT_FUNCS* funcs, void* presenter, int fd, UINT maxLatency);
  void run();
  // The eventfd's count now (from /proc/self/fdinfo), or -1.
  int64_t count() const;
  void release();  // one, unless held back or the count is at the maximum

  const D3DVK_PRESENT_FUNCS* funcs_;
  void* presenter_;
  int fd_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<uint64_t> frames_;  // queued, not yet finished
  UINT maxLatency_;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace d3dvk::runtime
