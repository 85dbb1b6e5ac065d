// runtime/d3d12/d3d12_command_allocator.cpp — see d3d12_command_allocator.h.
#include "d3d12_command_allocator.h"

#include "d3d12_command_queue.h"
#include "raw_enum.h"

namespace d3dvk::runtime {

HRESULT D3D12CommandAllocator::create(D3D12Device* device, D3D12_COMMAND_LIST_TYPE type, D3D12CommandAllocator** out) {
  *out = nullptr;
  const char* method = "ID3D12Device::CreateCommandAllocator";
  UINT flags = ddiQueueFlags(type);
  const bool bundle = rawEnum(type) == int(D3D12_COMMAND_LIST_TYPE_BUNDLE);  // not loaded as the enum: it may be any value
  if (!flags && !bundle) {
    d3d12Error(method, "type must be DIRECT, BUNDLE, COMPUTE or COPY");
    return E_INVALIDARG;
  }
  std::unique_ptr<D3D12CommandAllocator> self(new D3D12CommandAllocator(device));
  self->type_ = type;
  // A bundle's calls live in the runtime (d3d12_bundle.cpp): no driver allocator.
  if (bundle) {
    *out = self.release();
    return S_OK;
  }
  const DdiDevice12& ddi = device->ddi();
  D3D12DDIARG_CREATECOMMANDALLOCATOR args{};
  args.Type = D3D12DDI_COMMAND_LIST_TYPE_DIRECT;
  args.QueueFlags = flags;
  self->memory_ = driverMemory(ddi.core().pfnCalcPrivateCommandAllocatorSize(ddi.handle(), &args));
  args.hDrvCommandAllocator = self->ddiHandle();
  HRESULT hr = ddi.core().pfnCreateCommandAllocator(ddi.handle(), &args);
  if (FAILED(hr)) return hr;
  self->created_ = true;
  *out = self.release();
  return S_OK;
}

D3D12CommandAllocator::~D3D12CommandAllocator() {
  if (!created_) return;
  DdiErrorScope12 scope;
  device()->ddi().core().pfnDestroyCommandAllocator(device()->ddi().handle(), ddiHandle());
  if (FAILED(scope.first())) {
    // The driver keeps what the GPU still uses alive until it retires; the application erred all the same.
    const char* method = "ID3D12CommandAllocator::Release";
    const char* text = "the allocator was released while a command list recorded with it still executes (or "
                       "waits in a queue); d3dvk keeps its memory until that work completes";
    device()->debugMessage(D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR,
                           D3DVK_D3D12_MESSAGE_ID(OBJECT_DELETED_WHILE_STILL_IN_USE), method, text);
    d3d12Error(method, text);
  }
}

HRESULT STDMETHODCALLTYPE D3D12CommandAllocator::Reset() try {
  if (recorder_.load()) {
    const char* method = "ID3D12CommandAllocator::Reset";
    const char* text = "a command list is still recording with this allocator (Close it first)";
    device()->debugMessage(D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR,
                           D3DVK_D3D12_MESSAGE_ID(COMMAND_ALLOCATOR_CANNOT_RESET), method, text);
    d3d12Error(method, text);
    return E_FAIL;
  }
  if (type_ == D3D12_COMMAND_LIST_TYPE_BUNDLE) {
    ++epoch_;
    return S_OK;
  }
  DdiErrorScope12 scope;
  device()->ddi().core().pfnResetCommandAllocator(ddiHandle());
  if (scope.first() == E_FAIL) {
    // The driver refuses while the GPU may still execute (or a queue still
    // holds back) a command list recorded with the allocator; nothing changed.
    const char* method = "ID3D12CommandAllocator::Reset";
    const char* text = "a command list recorded with this allocator is still executing (or waits in a queue); "
                       "wait for its fence before resetting the allocator";
    device()->debugMessage(D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR,
                           D3DVK_D3D12_MESSAGE_ID(COMMAND_ALLOCATOR_SYNC), method, text);
    d3d12Error(method, text);
    return E_FAIL;
  }
  ++epoch_;
  return scope.first();
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
