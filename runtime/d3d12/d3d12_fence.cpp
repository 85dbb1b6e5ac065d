// runtime/d3d12/d3d12_fence.cpp — see d3d12_fence.h.
#include "d3d12_fence.h"

#include <sys/stat.h>
#include <unistd.h>

#include <climits>
#include <cstdint>
#include <string>
#include <string_view>
#include <thread>

namespace d3dvk::runtime {

HRESULT D3D12Fence::create(D3D12Device* device, UINT64 initialValue, D3D12_FENCE_FLAGS flags, D3D12Fence** out) {
  *out = nullptr;
  if (flags != D3D12_FENCE_FLAG_NONE) {
    d3d12Error("ID3D12Device::CreateFence", "shared and cross-adapter fences are not supported");
    return E_INVALIDARG;
  }
  std::unique_ptr<D3D12Fence> self(new D3D12Fence(device));
  const DdiDevice12& ddi = device->ddi();
  D3DVKDDIARG_CREATEFENCE args{initialValue, 0};
  self->memory_ = driverMemory(ddi.core().pfnCalcPrivateFenceSize(ddi.handle(), &args));
  HRESULT hr = ddi.core().pfnCreateFence(ddi.handle(), self->ddiHandle(), &args);
  if (FAILED(hr)) return hr;
  self->created_ = true;
  *out = self.release();
  return S_OK;
}

D3D12Fence::~D3D12Fence() {
  if (created_) device()->ddi().core().pfnDestroyFence(device()->ddi().handle(), ddiHandle());
}

UINT64 STDMETHODCALLTYPE D3D12Fence::GetCompletedValue() try {
  if (FAILED(device()->ddi().removedReason())) return UINT64_MAX;  // as D3D12 answers on a removed device
  return device()->ddi().fence().pfnGetCompletedValue(device()->ddi().handle(), ddiHandle());
} D3DVK_CATCH_RETURN(UINT64_MAX)

HRESULT STDMETHODCALLTYPE D3D12Fence::Signal(UINT64 Value) try {
  DdiErrorScope12 scope("ID3D12Fence::Signal");
  return device()->ddi().fence().pfnSignal(device()->ddi().handle(), ddiHandle(), Value);
} D3DVK_CATCH_HRESULT

namespace {
void signalEvent(HANDLE event) {
  uint64_t one = 1;
  int fd = int(reinterpret_cast<intptr_t>(event));
  if (write(fd, &one, sizeof one) != ssize_t(sizeof one))
    d3d12Error("ID3D12Fence::SetEventOnCompletion", "cannot write to the event (expected an eventfd descriptor)");
}

// Whether `event` is what d3dvk documents as an event handle: an eventfd
// descriptor of this process cast to HANDLE. Anything else (a regular file, a
// pipe, a closed or out-of-range number) must not be written to.
bool isEventFd(HANDLE event) {
  const intptr_t fd = reinterpret_cast<intptr_t>(event);
  if (fd < 0 || fd > INT_MAX) return false;
  struct stat st{};
  if (fstat(int(fd), &st) != 0) return false;
  char target[64] = {};
  const std::string link = "/proc/self/fd/" + std::to_string(fd);
  const ssize_t n = readlink(link.c_str(), target, sizeof target - 1);
  return n > 0 && std::string_view(target, size_t(n)) == "anon_inode:[eventfd]";
}

}  // namespace

HRESULT STDMETHODCALLTYPE D3D12Fence::SetEventOnCompletion(UINT64 Value, HANDLE hEvent) try {
  const DdiDevice12& ddi = device()->ddi();
  if (hEvent && !isEventFd(hEvent)) {
    const char* method = "ID3D12Fence::SetEventOnCompletion";
    const std::string text = "hEvent (" + std::to_string(reinterpret_cast<intptr_t>(hEvent)) +
                             ") is not an eventfd descriptor; d3dvk's event handles are eventfds cast to HANDLE";
    device()->debugMessage(D3D12_MESSAGE_CATEGORY_MISCELLANEOUS, D3D12_MESSAGE_SEVERITY_ERROR,
                           D3DVK_D3D12_MESSAGE_ID(UNKNOWN), method, text);
    d3d12Error(method, text);
    return E_INVALIDARG;
  }
  if (!hEvent) {
    HRESULT hr = ddi.fence().pfnWait(ddi.handle(), ddiHandle(), Value, UINT64_MAX);
    return hr == S_FALSE ? E_FAIL : hr;
  }
  if (ddi.fence().pfnGetCompletedValue(ddi.handle(), ddiHandle()) >= Value) {
    signalEvent(hEvent);
    return S_OK;
  }
  AddRef();  // the waiter keeps the fence (and so the device) alive
  std::thread([this, Value, hEvent] {
    const DdiDevice12& d = device()->ddi();
    // The driver bounds the wait for work on the GPU (a hung device is removed
    // and this returns its reason); a value nobody signals keeps it waiting.
    HRESULT hr;
    do {
      hr = d.fence().pfnWait(d.handle(), ddiHandle(), Value, UINT64_MAX);
    } while (hr == S_FALSE);
    // Let go of the fence before waking the application, so that once woken
    // it holds the last references (its Release of the device then returns 0).
    Release();
    if (SUCCEEDED(hr)) signalEvent(hEvent);
  }).detach();
  return S_OK;
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
