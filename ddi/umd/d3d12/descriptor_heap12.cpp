// ddi/umd/d3d12/descriptor_heap12.cpp — see descriptor_heap12.h: Create/
// DestroyDescriptorHeap, GetDescriptorSizeInBytes, the heap-start handles,
// CreateRenderTargetView and CreateDepthStencilView.
#include "descriptor_heap12.h"
#include "d3dvk_checked_math.h"

#include "d3dvk_entry_guard.h"
#include "device12.h"
#include "resource12.h"

#include <algorithm>
#include <cstring>
#include <new>

namespace d3dvk::umd12 {
namespace {

SIZE_T APIENTRY calcPrivateDescriptorHeapSize(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_DESCRIPTOR_HEAP_0001*) try {
  return sizeof(DescriptorHeap12);
} D3DVK_CATCH_RETURN({})

HRESULT APIENTRY createDescriptorHeap(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_DESCRIPTOR_HEAP_0001* args,
                                      D3D12DDI_HDESCRIPTORHEAP hHeap) try {
  if (!args || !hHeap.pDrvPrivate || args->Type < 0 || args->Type >= D3D12DDI_DESCRIPTOR_HEAP_TYPE_NUM_TYPES ||
      !args->NumDescriptors)
    return E_INVALIDARG;
  auto storage = std::make_unique<std::byte[]>(size_t(args->NumDescriptors) * kDescriptorSize);  // zeroed: empty slots
  auto* heap = new (hHeap.pDrvPrivate) DescriptorHeap12();
  heap->type = args->Type;
  heap->count = args->NumDescriptors;
  heap->shaderVisible = args->Flags & D3D12DDI_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE;
  heap->storage = std::move(storage);
  return S_OK;
} D3DVK_CATCH_HRESULT

VOID APIENTRY destroyDescriptorHeap(D3D12DDI_HDEVICE, D3D12DDI_HDESCRIPTORHEAP hHeap) try {
  if (DescriptorHeap12* heap = DescriptorHeap12::from(hHeap)) heap->~DescriptorHeap12();
} D3DVK_CATCH_VOID

UINT APIENTRY getDescriptorSizeInBytes(D3D12DDI_HDEVICE, D3D12DDI_DESCRIPTOR_HEAP_TYPE) try {
  return kDescriptorSize;
} D3DVK_CATCH_RETURN({})

D3D12DDI_CPU_DESCRIPTOR_HANDLE APIENTRY getCpuHandleForHeapStart(D3D12DDI_HDEVICE, D3D12DDI_HDESCRIPTORHEAP hHeap) try {
  DescriptorHeap12* heap = DescriptorHeap12::from(hHeap);
  return {heap ? SIZE_T(heap->storage.get()) : 0};
} D3DVK_CATCH_RETURN({})

D3D12DDI_GPU_DESCRIPTOR_HANDLE APIENTRY getGpuHandleForHeapStart(D3D12DDI_HDEVICE, D3D12DDI_HDESCRIPTORHEAP hHeap) try {
  DescriptorHeap12* heap = DescriptorHeap12::from(hHeap);
  // Only shader-visible heaps have GPU handles (D3D12 answers 0 for the others).
  return {heap && heap->shaderVisible ? UINT64(reinterpret_cast<uintptr_t>(heap->storage.get())) : 0};
} D3DVK_CATCH_RETURN({})

// The slice window a view covers: (first, count) within the resource.
void sliceWindow(const Resource12& r, UINT first, UINT size, UINT* outFirst, UINT* outCount) {
  UINT total = r.arraySize;
  if (first >= total) first = total - 1;
  if (size == UINT(-1) || size == 0 || !fitsWithin(first, size, total)) size = total - first;
  *outFirst = first;
  *outCount = size;
}

VOID APIENTRY createRenderTargetView(D3D12DDI_HDEVICE hDevice, const D3D12DDIARG_CREATE_RENDER_TARGET_VIEW_0002* args,
                                     D3D12DDI_CPU_DESCRIPTOR_HANDLE dest) try {
  ViewDescriptor12* d = ViewDescriptor12::from(dest);
  Resource12* r = args ? Resource12::from(args->hDrvResource) : nullptr;
  if (!d) return;
  *d = ViewDescriptor12{};
  if (!r) {  // a null RTV: bound, it takes no attachment; clears and draws write nothing through it
    if (args) d->kind = ViewDescriptor12::RenderTarget, d->format = state::findFormat(args->Format);
    return;
  }
  if (r->isBuffer()) {
    umd::logError("D3D12 CreateRenderTargetView: buffer render targets are not supported");
    Device12::from(hDevice)->setError(E_INVALIDARG);
    return;
  }
  const state::FormatInfo* format = state::findFormat(args->Format);
  if (!format) format = r->format;
  // The resource's format, a typed member of its typeless family, or a back buffer's sRGB form.
  if (!r->format || format->kind == state::FormatKind::Typeless ||
      (!state::viewFormatFits(*r->format, *format) && !r->takesSrgbView(*format))) {
    umd::logError("D3D12 CreateRenderTargetView: format " + std::to_string(int(args->Format)) +
                  " cannot view the resource (format " + std::to_string(r->format ? int(r->format->dxgi) : 0) + ")");
    Device12::from(hDevice)->setError(E_INVALIDARG);
    return;
  }
  d->kind = ViewDescriptor12::RenderTarget;
  d->resource = r;
  d->format = format;
  switch (args->ResourceDimension) {
    case D3D12DDI_RD_TEXTURE1D:
      d->mip = args->Tex1D.MipSlice;
      sliceWindow(*r, args->Tex1D.FirstArraySlice, args->Tex1D.ArraySize, &d->firstSlice, &d->sliceCount);
      break;
    case D3D12DDI_RD_TEXTURE3D:
      d->mip = args->Tex3D.MipSlice;
      d->firstSlice = 0;
      d->sliceCount = 1;
      break;
    default:
      d->mip = args->Tex2D.MipSlice;
      sliceWindow(*r, args->Tex2D.FirstArraySlice, args->Tex2D.ArraySize, &d->firstSlice, &d->sliceCount);
      break;
  }
  if (d->mip >= r->mipLevels) d->mip = r->mipLevels - 1;
  if (args->ResourceDimension == D3D12DDI_RD_TEXTURE3D) {
    // The W window (FirstWSlice/WSize, -1: to the mip's last slice) that clears
    // honour, kept in the buffer-view fields an RTV has no other use for.
    const UINT depth = r->mipExtent(d->mip).depth;
    const UINT first = std::min(args->Tex3D.FirstW, depth - 1);
    const UINT size = args->Tex3D.WSize;
    d->offset = first;
    d->range = size == UINT(-1) || size == 0 || size > depth - first ? depth - first : size;
  }
} D3DVK_CATCH_VOID

VOID APIENTRY createDepthStencilView(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_DEPTH_STENCIL_VIEW* args,
                                     D3D12DDI_CPU_DESCRIPTOR_HANDLE dest) try {
  ViewDescriptor12* d = ViewDescriptor12::from(dest);
  Resource12* r = args ? Resource12::from(args->hDrvResource) : nullptr;
  if (!d) return;
  *d = ViewDescriptor12{};
  if (!r) {  // a null DSV: bound, it takes no attachment; clears and draws write nothing through it
    if (args) d->kind = ViewDescriptor12::DepthStencil, d->format = state::findFormat(args->Format);
    return;
  }
  if (r->isBuffer()) return;
  d->kind = ViewDescriptor12::DepthStencil;
  d->resource = r;
  d->format = state::findFormat(args->Format);
  if (!d->format) d->format = r->format;
  d->dsvFlags = args->Flags;
  d->mip = args->Tex2D.MipSlice;
  sliceWindow(*r, args->Tex2D.FirstArraySlice, args->Tex2D.ArraySize, &d->firstSlice, &d->sliceCount);
  if (d->mip >= r->mipLevels) d->mip = r->mipLevels - 1;
} D3DVK_CATCH_VOID

}  // namespace

void fillDescriptorHeapDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f) {
  f.pfnCalcPrivateDescriptorHeapSize = &calcPrivateDescriptorHeapSize;
  f.pfnCreateDescriptorHeap = &createDescriptorHeap;
  f.pfnDestroyDescriptorHeap = &destroyDescriptorHeap;
  f.pfnGetDescriptorSizeInBytes = &getDescriptorSizeInBytes;
  f.pfnGetCPUDescriptorHandleForHeapStart = &getCpuHandleForHeapStart;
  f.pfnGetGPUDescriptorHandleForHeapStart = &getGpuHandleForHeapStart;
  f.pfnCreateRenderTargetView = &createRenderTargetView;
  f.pfnCreateDepthStencilView = &createDepthStencilView;
}

}  // namespace d3dvk::umd12
