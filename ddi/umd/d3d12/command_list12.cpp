// ddi/umd/d3d12/command_list12.cpp — see command_list12.h: the allocator and
// command-list device DDIs and the command-list table's filled entries (Close,
// Reset, clears, copies, ResolveSubresource, ResourceBarrier), which hand their work to the list's
// CommandRecorder12.
#include "command_list12.h"

#include "d3dvk_entry_guard.h"
#include "deferred_draw12.h"
#include "device12.h"
#include "indirect12.h"
#include "stream_output12.h"
#include "query12.h"
#include "resource12.h"

#include <new>

namespace d3dvk::umd12 {

CommandAllocator12::~CommandAllocator12() {
  deferred.clear();
  transient.reset();
  if (pool) vkDestroyCommandPool(device->handle(), pool, nullptr);
  scratch.clear();
}

CommandAllocator12* CommandAllocator12::from(D3D12DDI_HCOMMANDALLOCATOR h) {
  auto* handle = static_cast<CommandAllocatorHandle12*>(h.pDrvPrivate);
  return handle ? handle->allocator.get() : nullptr;
}

std::shared_ptr<CommandAllocator12> CommandAllocator12::shared(D3D12DDI_HCOMMANDALLOCATOR h) {
  auto* handle = static_cast<CommandAllocatorHandle12*>(h.pDrvPrivate);
  return handle ? handle->allocator : nullptr;
}

VkResult CommandAllocator12::take(VkCommandBuffer* out) {
  if (used < buffers.size()) {
    *out = buffers[used++];
    return VK_SUCCESS;
  }
  VkCommandBufferAllocateInfo info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  info.commandPool = pool;
  info.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  info.commandBufferCount = 1;
  buffers.reserve(buffers.size() + 1);
  VkResult r = vkAllocateCommandBuffers(device->handle(), &info, out);
  if (r != VK_SUCCESS) return r;
  buffers.push_back(*out);
  ++used;
  return VK_SUCCESS;
}

namespace {

SIZE_T APIENTRY calcPrivateCommandAllocatorSize(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATECOMMANDALLOCATOR*) try {
  return sizeof(CommandAllocatorHandle12);
} D3DVK_CATCH_RETURN({})

HRESULT APIENTRY createCommandAllocator(D3D12DDI_HDEVICE hDevice, const D3D12DDIARG_CREATECOMMANDALLOCATOR* args) try {
  Device12* device = Device12::from(hDevice);
  if (!device || !args || !args->hDrvCommandAllocator.pDrvPrivate) return E_INVALIDARG;
  if (args->Type == D3D12DDI_COMMAND_LIST_TYPE_BUNDLE) {
    umd::logError("D3D12 CreateCommandAllocator: bundles are not supported yet");
    return E_NOTIMPL;
  }
  auto a = std::make_shared<CommandAllocator12>();
  a->device = device;
  a->transient = std::make_unique<Transient12>(*device);
  VkCommandPoolCreateInfo info{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  info.queueFamilyIndex = device->vk().queueFamily();
  VkResult r = vkCreateCommandPool(device->handle(), &info, nullptr, &a->pool);
  if (r != VK_SUCCESS) return Device12::hresultFor(r);
  new (args->hDrvCommandAllocator.pDrvPrivate) CommandAllocatorHandle12{std::move(a)};
  return S_OK;
} D3DVK_CATCH_HRESULT

VOID APIENTRY destroyCommandAllocator(D3D12DDI_HDEVICE, D3D12DDI_HCOMMANDALLOCATOR hAllocator) try {
  auto* handle = static_cast<CommandAllocatorHandle12*>(hAllocator.pDrvPrivate);
  if (!handle) return;
  Device12* device = handle->allocator ? handle->allocator->device : nullptr;
  if (!device) return handle->~CommandAllocatorHandle12();
  std::lock_guard lock(device->queueMutex());
  device->retireCompleted();
  // Work still queued or running keeps the allocator alive (the runtime says so:
  // D3D12 leaves releasing it then undefined); it is freed when that retires.
  if (handle->allocator->inFlight) device->setError(E_FAIL);
  handle->~CommandAllocatorHandle12();
} D3DVK_CATCH_VOID

VOID APIENTRY resetCommandAllocator(D3D12DDI_HCOMMANDALLOCATOR hAllocator) try {
  CommandAllocator12* a = CommandAllocator12::from(hAllocator);
  if (!a) return;
  {
    std::lock_guard lock(a->device->queueMutex());
    a->device->retireCompleted();
    // Its command buffers are still queued or on the GPU: the Reset is refused
    // (the runtime reports D3D12's COMMAND_ALLOCATOR_SYNC); nothing changes.
    if (a->inFlight) return a->device->setError(E_FAIL);
  }
  VkResult r = vkResetCommandPool(a->device->handle(), a->pool, 0);
  if (r != VK_SUCCESS) a->device->setVkError(r);
  a->used = 0;
  a->scratch.clear();
  a->deferred.clear();
  a->transient->reset();
} D3DVK_CATCH_VOID

SIZE_T APIENTRY calcPrivateCommandListSize(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_COMMAND_LIST_0001*) try {
  return sizeof(CommandList12);
} D3DVK_CATCH_RETURN({})

HRESULT startRecording(CommandList12& list, const std::shared_ptr<CommandAllocator12>& shared) {
  if (!shared) return E_INVALIDARG;
  CommandAllocator12& allocator = *shared;
  list.allocator = shared;
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  VkResult r = allocator.take(&cmd);
  if (r != VK_SUCCESS) {
    list.commandBuffer = VK_NULL_HANDLE;
    return Device12::hresultFor(r);
  }
  list.commandBuffer = cmd;
  list.recorder.setKeepAlive(&allocator.scratch);
  list.recorder.setAllocator(&allocator);
  list.recorder.begin(*list.device, cmd, allocator.transient.get());
  return list.recorder.error();
}

HRESULT APIENTRY createCommandList(D3D12DDI_HDEVICE hDevice, const D3D12DDIARG_CREATE_COMMAND_LIST_0001* args) try {
  Device12* device = Device12::from(hDevice);
  if (!device || !args || !args->hDrvCommandList.pDrvPrivate || !args->hDrvCommandAllocator.pDrvPrivate)
    return E_INVALIDARG;
  if (args->Type != D3D12DDI_COMMAND_LIST_TYPE_DIRECT) return E_NOTIMPL;
  auto* list = new (args->hDrvCommandList.pDrvPrivate) CommandList12();
  list->device = device;
  list->hRT = args->hRTCommandList;
  list->queueFlags = args->QueueFlags;
  HRESULT hr = startRecording(*list, CommandAllocator12::shared(args->hDrvCommandAllocator));
  if (FAILED(hr)) list->~CommandList12();
  return hr;
} D3DVK_CATCH_HRESULT

VOID APIENTRY destroyCommandList(D3D12DDI_HDEVICE, D3D12DDI_HCOMMANDLIST hList) try {
  if (CommandList12* list = CommandList12::from(hList)) {
    if (list->recorder.recording()) list->recorder.end();  // the buffer goes back with its pool
    list->~CommandList12();
  }
} D3DVK_CATCH_VOID

// --- the command-list table ---

VOID APIENTRY closeCommandList(D3D12DDI_HCOMMANDLIST hList) try {
  CommandList12* list = CommandList12::from(hList);
  if (!list) return;
  VkResult r = list->recorder.end();  // may still fail the recording (a query left open)
  HRESULT recorded = list->recorder.error();
  HRESULT hr = FAILED(recorded) ? recorded : Device12::hresultFor(r);
  if (FAILED(hr)) list->device->setError(hr);
} D3DVK_CATCH_VOID

VOID APIENTRY resetCommandList(D3D12DDI_HCOMMANDLIST hList, const D3D12DDIARG_RESETCOMMANDLIST* args) try {
  CommandList12* list = CommandList12::from(hList);
  if (!list || !args || !args->hDrvCommandAllocator.pDrvPrivate) return;
  HRESULT hr = startRecording(*list, CommandAllocator12::shared(args->hDrvCommandAllocator));
  if (FAILED(hr)) list->device->setError(hr);
} D3DVK_CATCH_VOID

VOID APIENTRY clearRenderTargetView(D3D12DDI_HCOMMANDLIST hList, D3D12DDI_CPU_DESCRIPTOR_HANDLE view, const FLOAT color[4],
                                    UINT numRects, const D3D12DDI_RECT* rects) try {
  if (CommandList12* list = CommandList12::from(hList)) list->recorder.clearRenderTargetView(view, color, numRects, rects);
} D3DVK_CATCH_VOID

VOID APIENTRY clearDepthStencilView(D3D12DDI_HCOMMANDLIST hList, D3D12DDI_CPU_DESCRIPTOR_HANDLE view, UINT flags, FLOAT depth,
                                    UINT8 stencil, UINT numRects, const D3D12DDI_RECT* rects) try {
  if (CommandList12* list = CommandList12::from(hList))
    list->recorder.clearDepthStencilView(view, flags, depth, stencil, numRects, rects);
} D3DVK_CATCH_VOID

VOID APIENTRY copyTextureRegion(D3D12DDI_HCOMMANDLIST hList, const D3D12DDIARG_BUFFER_PLACEMENT* dst,
                                D3D12DDIARG_PLACED_RESOURCE dstLayout, UINT dstX, UINT dstY, UINT dstZ,
                                const D3D12DDIARG_BUFFER_PLACEMENT* src, D3D12DDIARG_PLACED_RESOURCE srcLayout,
                                const D3D12DDI_BOX* box) try {
  CommandList12* list = CommandList12::from(hList);
  if (!list) return;
  if (!dst || !src) return list->recorder.fail(E_INVALIDARG, "CopyTextureRegion without a location");
  list->recorder.copyTextureRegion(*dst, dstLayout, dstX, dstY, dstZ, *src, srcLayout, box);
} D3DVK_CATCH_VOID

VOID APIENTRY resourceCopy(D3D12DDI_HCOMMANDLIST hList, D3D12DDI_HRESOURCE hDst, D3D12DDI_HRESOURCE hSrc) try {
  CommandList12* list = CommandList12::from(hList);
  if (!list) return;
  Resource12* dst = Resource12::from(hDst);
  Resource12* src = Resource12::from(hSrc);
  if (!dst || !src) return list->recorder.fail(E_INVALIDARG, "CopyResource without a resource");
  list->recorder.copyResource(*dst, *src);
} D3DVK_CATCH_VOID

VOID APIENTRY copyBufferRegion(D3D12DDI_HCOMMANDLIST hList, D3D12DDIARG_BUFFER_PLACEMENT dst, D3D12DDIARG_BUFFER_PLACEMENT src,
                               UINT64 bytes) try {
  CommandList12* list = CommandList12::from(hList);
  if (!list) return;
  Resource12* d = Resource12::from(dst.BaseAddress.UMD.hResource);
  Resource12* s = Resource12::from(src.BaseAddress.UMD.hResource);
  if (!d || !s) return list->recorder.fail(E_INVALIDARG, "CopyBufferRegion without a buffer");
  list->recorder.copyBufferRegion(*d, dst.BaseAddress.UMD.Offset, *s, src.BaseAddress.UMD.Offset, bytes);
} D3DVK_CATCH_VOID

VOID APIENTRY clearUnorderedAccessViewUint(D3D12DDI_HCOMMANDLIST hList, D3D12DDI_GPU_DESCRIPTOR_HANDLE,
                                           D3D12DDI_CPU_DESCRIPTOR_HANDLE view, D3D12DDI_HRESOURCE hResource,
                                           const UINT values[4], UINT numRects, const D3D12DDI_RECT* rects) try {
  CommandList12* list = CommandList12::from(hList);
  if (!list) return;
  Resource12* r = Resource12::from(hResource);
  if (!r || !values) return list->recorder.fail(E_INVALIDARG, "ClearUnorderedAccessViewUint without a resource or values");
  list->recorder.clearUnorderedAccessView(view, *r, values, nullptr, numRects, rects);
} D3DVK_CATCH_VOID

VOID APIENTRY clearUnorderedAccessViewFloat(D3D12DDI_HCOMMANDLIST hList, D3D12DDI_GPU_DESCRIPTOR_HANDLE,
                                            D3D12DDI_CPU_DESCRIPTOR_HANDLE view, D3D12DDI_HRESOURCE hResource,
                                            const FLOAT values[4], UINT numRects, const D3D12DDI_RECT* rects) try {
  CommandList12* list = CommandList12::from(hList);
  if (!list) return;
  Resource12* r = Resource12::from(hResource);
  if (!r || !values) return list->recorder.fail(E_INVALIDARG, "ClearUnorderedAccessViewFloat without a resource or values");
  list->recorder.clearUnorderedAccessView(view, *r, nullptr, values, numRects, rects);
} D3DVK_CATCH_VOID

VOID APIENTRY resourceResolveSubresource(D3D12DDI_HCOMMANDLIST hList, D3D12DDI_HRESOURCE hDst, UINT dstSubresource,
                                         D3D12DDI_HRESOURCE hSrc, UINT srcSubresource, DXGI_FORMAT format) try {
  CommandList12* list = CommandList12::from(hList);
  if (!list) return;
  Resource12* dst = Resource12::from(hDst);
  Resource12* src = Resource12::from(hSrc);
  if (!dst || !src) return list->recorder.fail(E_INVALIDARG, "ResolveSubresource without a resource");
  list->recorder.resolveSubresource(*dst, dstSubresource, *src, srcSubresource, format);
} D3DVK_CATCH_VOID

// ID3D12GraphicsCommandList1/2's commands (d3dvk's own table, D3DVKDDI_COMMAND_LIST_EXT_FUNCS).
VOID APIENTRY writeBufferImmediate(D3D12DDI_HCOMMANDLIST hList, UINT count, const D3DVKDDI_WRITEBUFFERIMMEDIATE* writes) try {
  if (CommandList12* list = CommandList12::from(hList)) list->recorder.writeBufferImmediate(count, writes);
} D3DVK_CATCH_VOID

VOID APIENTRY resolveSubresourceRegion(D3D12DDI_HCOMMANDLIST hList, D3D12DDI_HRESOURCE hDst, UINT dstSubresource, UINT dstX,
                                       UINT dstY, D3D12DDI_HRESOURCE hSrc, UINT srcSubresource,
                                       const D3D12DDI_RECT* srcRect, DXGI_FORMAT format, UINT mode) try {
  CommandList12* list = CommandList12::from(hList);
  if (!list) return;
  Resource12* dst = Resource12::from(hDst);
  Resource12* src = Resource12::from(hSrc);
  if (!dst || !src || !srcRect) return list->recorder.fail(E_INVALIDARG, "ResolveSubresourceRegion without a resource");
  const CommandRecorder12::ResolveRegion region{*srcRect, dstX, dstY};
  list->recorder.resolveSubresource(*dst, dstSubresource, *src, srcSubresource, format, &region, mode);
} D3DVK_CATCH_VOID

VOID APIENTRY resourceBarrier(D3D12DDI_HCOMMANDLIST hList, UINT count, const D3D12DDIARG_RESOURCE_BARRIER_0003* barriers) try {
  CommandList12* list = CommandList12::from(hList);
  if (!list || !count || !barriers) return;
  // Images stay in GENERAL: transition, aliasing and UAV barriers all become
  // one memory barrier before the next command, scoped by the states involved.
  list->recorder.barrier(count, barriers);
} D3DVK_CATCH_VOID

}  // namespace

void fillCommandListDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f) {
  f.pfnCalcPrivateCommandAllocatorSize = &calcPrivateCommandAllocatorSize;
  f.pfnCreateCommandAllocator = &createCommandAllocator;
  f.pfnDestroyCommandAllocator = &destroyCommandAllocator;
  f.pfnResetCommandAllocator = &resetCommandAllocator;
  f.pfnCalcPrivateCommandListSize = &calcPrivateCommandListSize;
  f.pfnCreateCommandList = &createCommandList;
  f.pfnDestroyCommandList = &destroyCommandList;
}

void fillCommandListFuncs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
  f.pfnCloseCommandList = &closeCommandList;
  f.pfnResetCommandList = &resetCommandList;
  f.pfnClearRenderTargetView = &clearRenderTargetView;
  f.pfnClearDepthStencilView = &clearDepthStencilView;
  f.pfnClearUnorderedAccessViewUint = &clearUnorderedAccessViewUint;
  f.pfnClearUnorderedAccessViewFloat = &clearUnorderedAccessViewFloat;
  f.pfnResourceResolveSubresource = &resourceResolveSubresource;
  f.pfnCopyTextureRegion = &copyTextureRegion;
  f.pfnResourceCopy = &resourceCopy;
  f.pfnCopyBufferRegion = &copyBufferRegion;
  f.pfnResourceBarrier = &resourceBarrier;
  fillDrawCommandListFuncs(f);
  fillQueryCommandListFuncs(f);
  fillIndirectCommandListFuncs(f);
  fillPredicationCommandListFuncs(f);
  fillStreamOutputCommandListFuncs(f);
}

void fillCommandListExtFuncs(D3DVKDDI_COMMAND_LIST_EXT_FUNCS& f) {
  f.pfnWriteBufferImmediate = &writeBufferImmediate;
  f.pfnResolveSubresourceRegion = &resolveSubresourceRegion;
}

}  // namespace d3dvk::umd12
