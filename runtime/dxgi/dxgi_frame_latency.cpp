// runtime/dxgi/dxgi_frame_latency.cpp — see dxgi_frame_latency.h.
#include "dxgi_frame_latency.h"

#include <fcntl.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

namespace d3dvk::runtime {

std::unique_ptr<FrameLatencyWaitable> FrameLatencyWaitable::create(const D3DVK_PRESENT_FUNCS* funcs, void* presenter,
                                                                   UINT maxLatency, std::string* error) {
  const int fd = eventfd(maxLatency, EFD_SEMAPHORE | EFD_CLOEXEC);
  if (fd < 0) {
    *error = std::string("cannot make the frame-latency waitable object (eventfd: ") + std::strerror(errno) + ")";
    return nullptr;
  }
  return std::unique_ptr<FrameLatencyWaitable>(new FrameLatencyWaitable(funcs, presenter, fd, maxLatency));
}

FrameLatencyWaitable::FrameLatencyWaitable(const D3DVK_PRESENT_FUNCS* funcs, void* presenter, int fd, UINT maxLatency)
    : funcs_(funcs), presenter_(presenter), fd_(fd), maxLatency_(maxLatency) {
  thread_ = std::thread([this] { run(); });
}

FrameLatencyWaitable::~FrameLatencyWaitable() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
  close(fd_);
}

HANDLE FrameLatencyWaitable::duplicate() const {
  // At least 3: a descriptor 0 would be a null HANDLE.
  const int fd = fcntl(fd_, F_DUPFD_CLOEXEC, 3);
  return fd < 0 ? nullptr : reinterpret_cast<HANDLE>(intptr_t(fd));
}

void FrameLatencyWaitable::queued(uint64_t frame) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    frames_.push_back(frame);
  }
  wake_.notify_all();
}

void FrameLatencyWaitable::setMaximum(UINT latency) {
  std::lock_guard<std::mutex> lock(mutex_);
  const UINT old = maxLatency_;
  maxLatency_ = latency;
  for (UINT i = old; i < latency; ++i) release();
}

int64_t FrameLatencyWaitable::count() const {
  std::ifstream info("/proc/self/fdinfo/" + std::to_string(fd_));
  for (std::string line; std::getline(info, line);)
    if (line.rfind("eventfd-count:", 0) == 0) return int64_t(std::strtoull(line.c_str() + 14, nullptr, 16));
  return -1;
}

// mutex_ held.
void FrameLatencyWaitable::release() {
  // Like ReleaseSemaphore past the maximum count: nothing. (An application taking
  // one between the read and the write only leaves the count lower.)
  const int64_t now = count();
  if (now >= 0 && now >= int64_t(maxLatency_)) return;
  const uint64_t one = 1;
  if (write(fd_, &one, sizeof one) != ssize_t(sizeof one))
    std::fprintf(stderr, "d3dvk: IDXGISwapChain::Present: cannot release the frame-latency waitable object (%s)\n",
                 std::strerror(errno));
}

void FrameLatencyWaitable::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stop_ || !frames_.empty(); });
    if (stop_) return;  // the swapchain is going: nobody waits for releases any more
    const uint64_t frame = frames_.front();
    lock.unlock();
    // Bounded by the device's GPU timeout; a removed device releases too, so that
    // the application reaches its next Present and learns of the removal there.
    funcs_->pfnWaitForFrame(presenter_, frame, UINT64_MAX);
    lock.lock();
    frames_.pop_front();
    release();
  }
}

}  // namespace d3dvk::runtime
