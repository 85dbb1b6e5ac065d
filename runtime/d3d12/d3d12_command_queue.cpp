// runtime/d3d12/d3d12_command_queue.cpp — see d3d12_command_queue.h.
#include "d3d12_command_queue.h"

#include "d3d12_command_list.h"
#include "d3d12_fence.h"

#include "raw_enum.h"
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

namespace d3dvk::runtime {

UINT ddiQueueFlags(const D3D12_COMMAND_LIST_TYPE& type) {
  switch (rawEnum(type)) {
    case D3D12_COMMAND_LIST_TYPE_DIRECT: return D3D12DDI_COMMAND_QUEUE_FLAG_3D;
    case D3D12_COMMAND_LIST_TYPE_COMPUTE: return D3D12DDI_COMMAND_QUEUE_FLAG_COMPUTE;
    case D3D12_COMMAND_LIST_TYPE_COPY: return D3D12DDI_COMMAND_QUEUE_FLAG_COPY;
    default: return 0;
  }
}

HRESULT D3D12CommandQueue::create(D3D12Device* device, const D3D12_COMMAND_QUEUE_DESC& desc, D3D12CommandQueue** out) {
  *out = nullptr;
  const char* method = "ID3D12Device::CreateCommandQueue";
  UINT flags = ddiQueueFlags(desc.Type);
  if (!flags) {
    d3d12Error(method, "Type must be DIRECT, COMPUTE or COPY");
    return E_INVALIDARG;
  }
  if (rawEnum(desc.Flags) & ~D3D12_COMMAND_QUEUE_FLAG_DISABLE_GPU_TIMEOUT) {
    d3d12Error(method, "unknown D3D12_COMMAND_QUEUE_FLAGS");
    return E_INVALIDARG;
  }
  if (desc.NodeMask > 1) {
    d3d12Error(method, "NodeMask names a node other than the one adapter node");
    return E_INVALIDARG;
  }
  std::unique_ptr<D3D12CommandQueue> self(new D3D12CommandQueue(device));
  self->desc_ = desc;
  self->desc_.NodeMask = 1;
  const DdiDevice12& ddi = device->ddi();
  D3D12DDIARG_CREATECOMMANDQUEUE_0001 args{};
  args.hRTCommandQueue.handle = self.get();
  args.QueueFlags = flags;
  args.NodeMask = 1;
  self->memory_ = driverMemory(ddi.core().pfnCalcPrivateCommandQueueSize(ddi.handle(), &args));
  args.hDrvCommandQueue = self->ddiHandle();
  HRESULT hr = ddi.core().pfnCreateCommandQueue(ddi.handle(), &args);
  if (FAILED(hr)) return hr;
  self->created_ = true;
  *out = self.release();
  return S_OK;
}

D3D12CommandQueue::~D3D12CommandQueue() {
  if (created_) device()->ddi().core().pfnDestroyCommandQueue(device()->ddi().handle(), ddiHandle());
}

void STDMETHODCALLTYPE D3D12CommandQueue::ExecuteCommandLists(UINT NumCommandLists, ID3D12CommandList* const* ppCommandLists) try {
  const char* method = "ID3D12CommandQueue::ExecuteCommandLists";
  auto refuse = [&](D3D12_MESSAGE_ID id, const char* idName, const std::string& text) {
    device()->debugMessage(D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR, id, idName, method, text);
    d3d12Error(method, text);
  };
  if (NumCommandLists == 0) return;
  if (!ppCommandLists) return refuse(D3DVK_D3D12_MESSAGE_ID(CORRUPTED_PARAMETER2), "ppCommandLists is null");
  std::vector<D3D12DDI_HCOMMANDLIST> lists;
  lists.reserve(NumCommandLists);
  for (UINT i = 0; i < NumCommandLists; ++i) {
    D3D12CommandList* list = D3D12CommandList::from(ppCommandLists[i]);
    const std::string at = "command list " + std::to_string(i);
    if (!list) return refuse(D3DVK_D3D12_MESSAGE_ID(CORRUPTED_PARAMETER2), at + " is null; nothing is executed");
    if (list->isOpen())
      return refuse(D3DVK_D3D12_MESSAGE_ID(EXECUTECOMMANDLISTS_OPENCOMMANDLIST),
                    at + " is still recording (call Close first); nothing is executed");
    if (list->isBundle())
      return refuse(D3DVK_D3D12_MESSAGE_ID(EXECUTECOMMANDLISTS_BUNDLENOTSUPPORTED),
                    at + " is a bundle (bundles run through ExecuteBundle on a direct list); nothing is executed");
    if (list->GetType() != desc_.Type)
      return refuse(D3DVK_D3D12_MESSAGE_ID(EXECUTECOMMANDLISTS_COMMANDLISTMISMATCH),
                    at + " is of another type than the queue; nothing is executed");
    if (FAILED(list->closeResult()))
      return refuse(D3DVK_D3D12_MESSAGE_ID(EXECUTECOMMANDLISTS_FAILEDCOMMANDLIST),
                    at + " failed to close (invalid recording); nothing is executed");
    if (list->commandsReleased())
      return refuse(D3DVK_D3D12_MESSAGE_ID(COMMAND_ALLOCATOR_SYNC),
                    at + "'s allocator was reset after it was recorded (its commands are gone); nothing is executed");
    lists.push_back(list->ddiHandle());
  }
  if (device()->infoQueue()) checkResourceStates(NumCommandLists, ppCommandLists);
  DdiErrorScope12 scope(method);
  device()->ddi().queue().pfnExecuteCommandLists(ddiHandle(), UINT(lists.size()), lists.data());
  if (FAILED(scope.first())) d3d12Error(method, "the driver could not submit the command lists");
} D3DVK_CATCH_VOID

void D3D12CommandQueue::checkResourceStates(UINT count, ID3D12CommandList* const* lists) {
  const char* method = "ID3D12CommandQueue::ExecuteCommandLists";
  std::vector<std::string> mismatches;
  for (UINT i = 0; i < count; ++i) {
    D3D12CommandList* list = D3D12CommandList::from(lists[i]);
    char address[24];
    std::snprintf(address, sizeof address, "0x%llX",
                  static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(static_cast<void*>(list))));
    std::string name = debugObjectName(list);
    std::string text = "command list " + std::to_string(i) + " (" + address + (name.empty() ? "" : " '" + name + "'") + ")";
    executeListStates(list->resourceStates(), desc_.Type == D3D12_COMMAND_LIST_TYPE_COPY, text, &mismatches);
  }
  // Reported, not refused: the lists run as recorded, as with D3D12's debug layer.
  for (const std::string& text : mismatches) {
    device()->debugMessage(D3D12_MESSAGE_CATEGORY_RESOURCE_MANIPULATION, D3D12_MESSAGE_SEVERITY_ERROR,
                           D3DVK_D3D12_MESSAGE_ID(RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH), method, text);
    d3d12Error(method, text);
  }
}

HRESULT D3D12CommandQueue::fenceOperation(const char* method, ID3D12Fence* fence, UINT64 value, bool signal) {
  if (!fence) {
    d3d12Error(method, "pFence is null");
    return E_INVALIDARG;
  }
  D3D12DDIARG_FENCE_OPERATION op{D3D12Fence::from(fence)->ddiHandle(), value, 1};
  DdiErrorScope12 scope(method);
  if (signal) device()->ddi().queue().pfnSignalFence(ddiHandle(), &op);
  else device()->ddi().queue().pfnWaitForFence(ddiHandle(), &op);
  if (FAILED(device()->ddi().removedReason())) return device()->ddi().removedReason();
  return scope.first();
}

HRESULT STDMETHODCALLTYPE D3D12CommandQueue::Signal(ID3D12Fence* pFence, UINT64 Value) try {
  return fenceOperation("ID3D12CommandQueue::Signal", pFence, Value, true);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12CommandQueue::Wait(ID3D12Fence* pFence, UINT64 Value) try {
  return fenceOperation("ID3D12CommandQueue::Wait", pFence, Value, false);
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D12CommandQueue::UpdateTileMappings(ID3D12Resource*, UINT, const D3D12_TILED_RESOURCE_COORDINATE*,
                                                             const D3D12_TILE_REGION_SIZE*, ID3D12Heap*, UINT,
                                                             const D3D12_TILE_RANGE_FLAGS*, const UINT*, const UINT*,
                                                             D3D12_TILE_MAPPING_FLAGS) try {
  d3d12Error("ID3D12CommandQueue::UpdateTileMappings", "tiled resources are not supported");
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D12CommandQueue::CopyTileMappings(ID3D12Resource*, const D3D12_TILED_RESOURCE_COORDINATE*,
                                                           ID3D12Resource*, const D3D12_TILED_RESOURCE_COORDINATE*,
                                                           const D3D12_TILE_REGION_SIZE*, D3D12_TILE_MAPPING_FLAGS) try {
  d3d12Error("ID3D12CommandQueue::CopyTileMappings", "tiled resources are not supported");
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D12CommandQueue::SetMarker(UINT, const void*, UINT) try {} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D12CommandQueue::BeginEvent(UINT, const void*, UINT) try {} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D12CommandQueue::EndEvent() try {} D3DVK_CATCH_VOID
HRESULT STDMETHODCALLTYPE D3D12CommandQueue::GetTimestampFrequency(UINT64* pFrequency) try {
  if (!pFrequency) return E_INVALIDARG;
  const DdiDevice12& ddi = device()->ddi();
  *pFrequency = ddi.fence().pfnGetTimestampFrequency(ddi.handle());
  if (*pFrequency) return S_OK;
  d3d12Error("ID3D12CommandQueue::GetTimestampFrequency", "the Vulkan queue has no timestamps");
  return E_FAIL;
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE D3D12CommandQueue::GetClockCalibration(UINT64* pGpuTimestamp, UINT64* pCpuTimestamp) try {
  if (!pGpuTimestamp || !pCpuTimestamp) return E_INVALIDARG;
  // The CPU timestamp is CLOCK_MONOTONIC in nanoseconds: on Linux d3dvk's
  // QueryPerformanceCounter counts that clock at 1 GHz.
  const DdiDevice12& ddi = device()->ddi();
  HRESULT hr = ddi.fence().pfnGetClockCalibration ? ddi.fence().pfnGetClockCalibration(ddi.handle(), pGpuTimestamp, pCpuTimestamp)
                                                  : E_NOTIMPL;
  if (FAILED(hr)) d3d12Error("ID3D12CommandQueue::GetClockCalibration", "the Vulkan queue has no timestamps");
  return hr;
} D3DVK_CATCH_HRESULT
D3D12_COMMAND_QUEUE_DESC STDMETHODCALLTYPE D3D12CommandQueue::GetDesc() try { return desc_; } D3DVK_CATCH_RETURN({})

}  // namespace d3dvk::runtime
