// runtime/d3d12/d3d12_command_list_views.cpp — the ID3D12GraphicsCommandList
// methods over shader-visible descriptors and resources' contents beyond
// copies: ClearUnorderedAccessViewUint / ClearUnorderedAccessViewFloat.
// Validation as in d3d12_command_list.cpp: an invalid call is dropped and makes
// Close return E_INVALIDARG; the driver's refusals (the UAV in the descriptor
// does not view pResource, a structured buffer, Float on an integer format)
// do the same through the error callback.
#include "d3d12_command_list.h"

#include "d3d12_resource.h"

namespace d3dvk::runtime {

namespace {

// Shared by the two clears: the handles, the resource and the rects.
bool validUavClear(D3D12Device& device, D3D12_GPU_DESCRIPTOR_HANDLE gpu, D3D12_CPU_DESCRIPTOR_HANDLE cpu,
                   ID3D12Resource* resource, const void* values, UINT numRects, const D3D12_RECT* rects, std::string* why) {
  if (!device.descriptorInHeap(cpu.ptr, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV))
    return *why = "ViewCPUHandle is not a descriptor of a CBV_SRV_UAV heap of this device", false;
  // The UMD's GPU handles of a shader-visible heap are its slots' addresses.
  if (!gpu.ptr || !device.descriptorInHeap(SIZE_T(gpu.ptr), D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV))
    return *why = "ViewGPUHandleInCurrentHeap is not a descriptor of a shader-visible CBV_SRV_UAV heap", false;
  auto* r = D3D12Resource::from(resource);
  if (!r) return *why = "pResource is null", false;
  if (!(r->desc().Flags & D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS))
    return *why = "pResource was not created with D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS", false;
  if (!values) return *why = "Values is null", false;
  if (numRects && !rects) return *why = "NumRects is not 0 but pRects is null", false;
  for (UINT i = 0; i < numRects; ++i)
    if (rects[i].right < rects[i].left || rects[i].bottom < rects[i].top)
      return *why = "rect " + std::to_string(i) + " has right < left or bottom < top", false;
  return true;
}

}  // namespace

void STDMETHODCALLTYPE D3D12CommandList::ClearUnorderedAccessViewUint(D3D12_GPU_DESCRIPTOR_HANDLE ViewGPUHandleInCurrentHeap,
                                                                      D3D12_CPU_DESCRIPTOR_HANDLE ViewCPUHandle,
                                                                      ID3D12Resource* pResource, const UINT Values[4],
                                                                      UINT NumRects, const D3D12_RECT* pRects) try {
  const char* method = "ClearUnorderedAccessViewUint";
  if (!recording(method)) return;
  if (type_ == D3D12_COMMAND_LIST_TYPE_COPY) return invalid(method, "copy command lists do not clear views");
  std::string why;
  if (!validUavClear(*device(), ViewGPUHandleInCurrentHeap, ViewCPUHandle, pResource, Values, NumRects, pRects, &why))
    return invalid(method, why);
  DdiErrorScope12 scope;
  device()->ddi().list().pfnClearUnorderedAccessViewUint(ddiHandle(), {ViewGPUHandleInCurrentHeap.ptr}, {ViewCPUHandle.ptr},
                                                         D3D12Resource::from(pResource)->ddiHandle(), Values, NumRects,
                                                         pRects);
  if (FAILED(scope.first()) && SUCCEEDED(error_)) error_ = scope.first();
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::ClearUnorderedAccessViewFloat(D3D12_GPU_DESCRIPTOR_HANDLE ViewGPUHandleInCurrentHeap,
                                                                       D3D12_CPU_DESCRIPTOR_HANDLE ViewCPUHandle,
                                                                       ID3D12Resource* pResource, const FLOAT Values[4],
                                                                       UINT NumRects, const D3D12_RECT* pRects) try {
  const char* method = "ClearUnorderedAccessViewFloat";
  if (!recording(method)) return;
  if (type_ == D3D12_COMMAND_LIST_TYPE_COPY) return invalid(method, "copy command lists do not clear views");
  std::string why;
  if (!validUavClear(*device(), ViewGPUHandleInCurrentHeap, ViewCPUHandle, pResource, Values, NumRects, pRects, &why))
    return invalid(method, why);
  DdiErrorScope12 scope;
  device()->ddi().list().pfnClearUnorderedAccessViewFloat(ddiHandle(), {ViewGPUHandleInCurrentHeap.ptr}, {ViewCPUHandle.ptr},
                                                          D3D12Resource::from(pResource)->ddiHandle(), Values, NumRects,
                                                          pRects);
  if (FAILED(scope.first()) && SUCCEEDED(error_)) error_ = scope.first();
} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
