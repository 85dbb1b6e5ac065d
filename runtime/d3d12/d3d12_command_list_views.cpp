// runtime/d3d12/d3d12_command_list_views.cpp — the ID3D12GraphicsCommandList
// methods over shader-visible descriptors, queries and resolves:
// ClearUnorderedAccessViewUint / ClearUnorderedAccessViewFloat, BeginQuery,
// EndQuery, ResolveQueryData, ResolveSubresource, and DiscardResource (which
// validates its arguments and does nothing: the contents stay as they were,
// one of the values D3D12 allows).
// Validation as in d3d12_command_list.cpp: an invalid call is dropped and makes
// Close return E_INVALIDARG; the driver's refusals (the UAV in the descriptor
// does not view pResource, a structured buffer, Float on an integer format)
// do the same through the error callback.
#include "d3d12_command_list.h"

#include "copy_rules.h"

#include "d3d12_query_heap.h"
#include "d3d12_resource.h"
#include "d3dvk_checked_math.h"

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
  DdiErrorScope12 scope(methodName_, methodInterface_);
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
  DdiErrorScope12 scope(methodName_, methodInterface_);
  device()->ddi().list().pfnClearUnorderedAccessViewFloat(ddiHandle(), {ViewGPUHandleInCurrentHeap.ptr}, {ViewCPUHandle.ptr},
                                                          D3D12Resource::from(pResource)->ddiHandle(), Values, NumRects,
                                                          pRects);
  if (FAILED(scope.first()) && SUCCEEDED(error_)) error_ = scope.first();
} D3DVK_CATCH_VOID

namespace {

// Whether `type` may be used in a heap of `heap` type, and in a list of `list` type.
bool queryFits(D3D12_QUERY_TYPE type, D3D12_QUERY_HEAP_TYPE heap, D3D12_COMMAND_LIST_TYPE list, std::string* why) {
  bool fits = false;
  switch (type) {
    case D3D12_QUERY_TYPE_OCCLUSION:
    case D3D12_QUERY_TYPE_BINARY_OCCLUSION:
      fits = heap == D3D12_QUERY_HEAP_TYPE_OCCLUSION;
      if (list != D3D12_COMMAND_LIST_TYPE_DIRECT) return *why = "occlusion queries need a direct command list", false;
      break;
    case D3D12_QUERY_TYPE_TIMESTAMP: fits = heap == D3D12_QUERY_HEAP_TYPE_TIMESTAMP; break;
    case D3D12_QUERY_TYPE_PIPELINE_STATISTICS:
      fits = heap == D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS;
      if (list == D3D12_COMMAND_LIST_TYPE_COPY) return *why = "copy command lists take only timestamp queries", false;
      break;
    case D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0:
    case D3D12_QUERY_TYPE_SO_STATISTICS_STREAM1:
    case D3D12_QUERY_TYPE_SO_STATISTICS_STREAM2:
    case D3D12_QUERY_TYPE_SO_STATISTICS_STREAM3:
      fits = heap == D3D12_QUERY_HEAP_TYPE_SO_STATISTICS;
      if (list != D3D12_COMMAND_LIST_TYPE_DIRECT) return *why = "stream-output queries need a direct command list", false;
      break;
    default:
      return *why = "Type " + std::to_string(int(type)) + " is not a query type d3dvk implements", false;
  }
  if (!fits) return *why = "Type does not fit the query heap's type", false;
  return true;
}

}  // namespace

void STDMETHODCALLTYPE D3D12CommandList::BeginQuery(ID3D12QueryHeap* pQueryHeap, D3D12_QUERY_TYPE Type, UINT Index) try {
  const char* method = "BeginQuery";
  if (!recording(method)) return;
  auto* heap = D3D12QueryHeap::from(pQueryHeap);
  if (!heap) return invalid(method, "pQueryHeap is null");
  std::string why;
  if (!queryFits(Type, heap->desc().Type, type_, &why)) return invalid(method, why);
  if (Type == D3D12_QUERY_TYPE_TIMESTAMP) return invalid(method, "timestamp queries are only ended (EndQuery), never begun");
  if (Index >= heap->desc().Count) return invalid(method, "Index is past the heap's Count");
  DdiErrorScope12 scope(methodName_, methodInterface_);
  device()->ddi().list().pfnBeginQuery(ddiHandle(), heap->ddiHandle(), D3D12DDI_QUERY_TYPE(int(Type)), Index);
  if (FAILED(scope.first()) && SUCCEEDED(error_)) error_ = scope.first();
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::EndQuery(ID3D12QueryHeap* pQueryHeap, D3D12_QUERY_TYPE Type, UINT Index) try {
  const char* method = "EndQuery";
  if (!recording(method)) return;
  auto* heap = D3D12QueryHeap::from(pQueryHeap);
  if (!heap) return invalid(method, "pQueryHeap is null");
  std::string why;
  if (!queryFits(Type, heap->desc().Type, type_, &why)) return invalid(method, why);
  if (Index >= heap->desc().Count) return invalid(method, "Index is past the heap's Count");
  DdiErrorScope12 scope(methodName_, methodInterface_);
  device()->ddi().list().pfnEndQuery(ddiHandle(), heap->ddiHandle(), D3D12DDI_QUERY_TYPE(int(Type)), Index);
  if (FAILED(scope.first()) && SUCCEEDED(error_)) error_ = scope.first();
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::ResolveQueryData(ID3D12QueryHeap* pQueryHeap, D3D12_QUERY_TYPE Type, UINT StartIndex,
                                                          UINT NumQueries, ID3D12Resource* pDestinationBuffer,
                                                          UINT64 AlignedDestinationBufferOffset) try {
  const char* method = "ResolveQueryData";
  if (!recording(method)) return;
  auto* heap = D3D12QueryHeap::from(pQueryHeap);
  auto* dst = D3D12Resource::from(pDestinationBuffer);
  if (!heap || !dst) return invalid(method, "pQueryHeap or pDestinationBuffer is null");
  std::string why;
  if (!queryFits(Type, heap->desc().Type, type_, &why)) return invalid(method, why);
  if (StartIndex > heap->desc().Count || NumQueries > heap->desc().Count - StartIndex)
    return invalid(method, "StartIndex + NumQueries is past the heap's Count");
  if (!dst->isBuffer()) return invalid(method, "pDestinationBuffer is not a buffer");
  if (AlignedDestinationBufferOffset % 8) return invalid(method, "AlignedDestinationBufferOffset is not a multiple of 8");
  UINT64 size = Type == D3D12_QUERY_TYPE_PIPELINE_STATISTICS ? sizeof(D3D12_QUERY_DATA_PIPELINE_STATISTICS)
                : Type >= D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0 && Type <= D3D12_QUERY_TYPE_SO_STATISTICS_STREAM3
                    ? sizeof(D3D12_QUERY_DATA_SO_STATISTICS)
                    : sizeof(UINT64);
  if (!fitsWithin(AlignedDestinationBufferOffset, size * NumQueries, dst->desc().Width))
    return invalid(method, D3DVK_D3D12_MESSAGE_ID(RESOLVE_QUERY_DATA_INVALID_PARAMETERS),
                   "the results end past pDestinationBuffer");
  DdiErrorScope12 scope(methodName_, methodInterface_);
  device()->ddi().list().pfnResolveQueryData(ddiHandle(), heap->ddiHandle(), D3D12DDI_QUERY_TYPE(int(Type)), StartIndex,
                                             NumQueries, dst->ddiHandle(), AlignedDestinationBufferOffset);
  if (FAILED(scope.first()) && SUCCEEDED(error_)) error_ = scope.first();
} D3DVK_CATCH_VOID

namespace {

bool isTypelessFormat(DXGI_FORMAT f) {
  switch (f) {
    case DXGI_FORMAT_R32G32B32A32_TYPELESS: case DXGI_FORMAT_R16G16B16A16_TYPELESS: case DXGI_FORMAT_R32G32_TYPELESS:
    case DXGI_FORMAT_R8G8B8A8_TYPELESS: case DXGI_FORMAT_R16G16_TYPELESS: case DXGI_FORMAT_R32_TYPELESS:
    case DXGI_FORMAT_R8G8_TYPELESS: case DXGI_FORMAT_R16_TYPELESS: case DXGI_FORMAT_R8_TYPELESS:
    case DXGI_FORMAT_B8G8R8A8_TYPELESS: case DXGI_FORMAT_R10G10B10A2_TYPELESS: case DXGI_FORMAT_R24G8_TYPELESS:
    case DXGI_FORMAT_R32G8X24_TYPELESS:
      return true;
    default:
      return false;
  }
}

}  // namespace

bool D3D12CommandList::resolveFormatValid(const char* method, DXGI_FORMAT format, DXGI_FORMAT src, DXGI_FORMAT dst) {
  if (format == DXGI_FORMAT_UNKNOWN || isTypelessFormat(format)) {
    invalid(method, "Format must be a typed format");
    return false;
  }
  // Each resource is of Format or typeless of Format's family (translate/state/copy_rules.h).
  auto fits = [&](DXGI_FORMAT resource) {
    return resource == format || (isTypelessFormat(resource) && state::copyGroup(format) == resource);
  };
  if (fits(src) && fits(dst)) return true;
  invalid(method, D3DVK_D3D12_MESSAGE_ID(RESOLVESUBRESOURCE_INVALID_FORMAT),
          "Format is not the format of both resources (or of their typeless family)");
  return false;
}

void STDMETHODCALLTYPE D3D12CommandList::ResolveSubresource(ID3D12Resource* pDstResource, UINT DstSubresource,
                                                            ID3D12Resource* pSrcResource, UINT SrcSubresource,
                                                            DXGI_FORMAT Format) try {
  const char* method = "ResolveSubresource";
  if (!recording(method)) return;
  if (type_ != D3D12_COMMAND_LIST_TYPE_DIRECT) return invalid(method, "only direct command lists resolve");
  auto* dst = D3D12Resource::from(pDstResource);
  auto* src = D3D12Resource::from(pSrcResource);
  if (!dst || !src) return invalid(method, "pDstResource or pSrcResource is null");
  const D3D12_RESOURCE_DESC &d = dst->desc(), &s = src->desc();
  if (s.Dimension != D3D12_RESOURCE_DIMENSION_TEXTURE2D || s.SampleDesc.Count < 2)
    return invalid(method, "pSrcResource is not a multisampled Texture2D");
  if (d.Dimension != D3D12_RESOURCE_DIMENSION_TEXTURE2D || d.SampleDesc.Count != 1)
    return invalid(method, "pDstResource is not a single-sampled Texture2D");
  if (DstSubresource >= dst->subresourceCount() || SrcSubresource >= src->subresourceCount())
    return invalid(method, "DstSubresource or SrcSubresource is out of range");
  if (!resolveFormatValid(method, Format, s.Format, d.Format)) return;
  DdiErrorScope12 scope(methodName_, methodInterface_);
  device()->ddi().list().pfnResourceResolveSubresource(ddiHandle(), dst->ddiHandle(), DstSubresource, src->ddiHandle(),
                                                       SrcSubresource, Format);
  if (FAILED(scope.first()) && SUCCEEDED(error_)) error_ = scope.first();
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::DiscardResource(ID3D12Resource* pResource, const D3D12_DISCARD_REGION* pRegion) try {
  const char* method = "DiscardResource";
  if (!recording(method)) return;
  auto* r = D3D12Resource::from(pResource);
  if (!r) return invalid(method, "pResource is null");
  if (!pRegion) return;
  if (pRegion->NumRects && !pRegion->pRects) return invalid(method, "NumRects is not 0 but pRects is null");
  if (pRegion->NumRects && r->desc().Dimension != D3D12_RESOURCE_DIMENSION_TEXTURE2D)
    return invalid(method, "rects discard only Texture2D resources");
  if (pRegion->FirstSubresource > r->subresourceCount() ||
      pRegion->NumSubresources > r->subresourceCount() - pRegion->FirstSubresource)
    return invalid(method, "FirstSubresource + NumSubresources is past the resource's subresources");
  // Nothing to do: keeping the contents is a valid outcome of a discard.
} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
