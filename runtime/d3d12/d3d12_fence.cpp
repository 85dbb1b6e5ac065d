// runtime/d3d12/d3d12_fence.cpp — see d3d12_fence.h.
#include "d3d12_fence.h"

#include <sys/stat.h>
#include <unistd.h>

#include <climits>
#include <cstdint>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

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
void signalEvent(HANDLE event, const char* method) {
  uint64_t one = 1;
  int fd = int(reinterpret_cast<intptr_t>(event));
  if (write(fd, &one, sizeof one) != ssize_t(sizeof one))
    d3d12Error(method, "cannot write to the event (expected an eventfd descriptor)");
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

HRESULT setEventOnFences(D3D12Device* device, const FenceWait* waits, UINT count, bool any, HANDLE event,
                         const char* method) {
  const DdiDevice12& ddi = device->ddi();
  if (event && !isEventFd(event)) {
    const std::string text = "hEvent (" + std::to_string(reinterpret_cast<intptr_t>(event)) +
                             ") is not an eventfd descriptor; d3dvk's event handles are eventfds cast to HANDLE";
    device->debugMessage(D3D12_MESSAGE_CATEGORY_MISCELLANEOUS, D3D12_MESSAGE_SEVERITY_ERROR,
                         D3DVK_D3D12_MESSAGE_ID(UNKNOWN), method, text);
    d3d12Error(method, text);
    return E_INVALIDARG;
  }
  std::vector<D3D12DDI_HFENCE> fences(count);
  std::vector<UINT64> values(count);
  UINT reached = 0;
  for (UINT i = 0; i < count; ++i) {
    fences[i] = waits[i].fence->ddiHandle();
    values[i] = waits[i].value;
    if (ddi.fence().pfnGetCompletedValue(ddi.handle(), fences[i]) >= values[i]) ++reached;
  }
  if (!event) {
    HRESULT hr;
    do {  // a null event blocks until the fences are reached (as on Windows)
      hr = ddi.fence().pfnWaitMultiple(ddi.handle(), count, fences.data(), values.data(), any, UINT64_MAX);
    } while (hr == S_FALSE);
    return hr;
  }
  if (any ? reached > 0 : reached == count) {
    signalEvent(event, method);
    return S_OK;
  }
  for (UINT i = 0; i < count; ++i) waits[i].fence->AddRef();  // the waiter keeps the fences (and the device) alive
  std::vector<D3D12Fence*> held(count);
  for (UINT i = 0; i < count; ++i) held[i] = waits[i].fence;
  std::thread([held = std::move(held), fences = std::move(fences), values = std::move(values), any, event, method] {
    const DdiDevice12& d = held.front()->device()->ddi();
    // The driver bounds the wait for work on the GPU (a hung device is removed
    // and this returns its reason); a value nobody signals keeps it waiting.
    HRESULT hr;
    do {
      hr = d.fence().pfnWaitMultiple(d.handle(), UINT(fences.size()), fences.data(), values.data(), any, UINT64_MAX);
    } while (hr == S_FALSE);
    // Let go of the fences before waking the application, so that once woken
    // it holds the last references (its Release of the device then returns 0).
    for (D3D12Fence* fence : held) fence->Release();
    if (SUCCEEDED(hr)) signalEvent(event, method);
  }).detach();
  return S_OK;
}

HRESULT STDMETHODCALLTYPE D3D12Fence::SetEventOnCompletion(UINT64 Value, HANDLE hEvent) try {
  const FenceWait wait{this, Value};
  return setEventOnFences(device(), &wait, 1, false, hEvent, "ID3D12Fence::SetEventOnCompletion");
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
