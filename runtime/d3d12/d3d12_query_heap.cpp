// runtime/d3d12/d3d12_query_heap.cpp — see d3d12_query_heap.h.
#include "d3d12_query_heap.h"

namespace d3dvk::runtime {

HRESULT D3D12QueryHeap::create(D3D12Device* device, const D3D12_QUERY_HEAP_DESC& desc, D3D12QueryHeap** out) {
  *out = nullptr;
  const char* method = "ID3D12Device::CreateQueryHeap";
  auto invalid = [&](const std::string& why) {
    d3d12Error(method, why);
    device->debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR,
                         D3DVK_D3D12_MESSAGE_ID(CREATEQUERY_HEAP_INVALID_PARAMETERS), method, why);
    return E_INVALIDARG;
  };
  if (desc.Count == 0) return invalid("Count is 0");
  if (desc.NodeMask > 1) return invalid("NodeMask names a node other than the one adapter node");
  switch (desc.Type) {
    case D3D12_QUERY_HEAP_TYPE_OCCLUSION:
    case D3D12_QUERY_HEAP_TYPE_TIMESTAMP:
    case D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS:
    case D3D12_QUERY_HEAP_TYPE_SO_STATISTICS:
      break;
    case D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP:
    case D3D12_QUERY_HEAP_TYPE_VIDEO_DECODE_STATISTICS:
    case D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS1:
      d3d12Error(method, "query heap type " + std::to_string(int(desc.Type)) + " is not implemented");
      return E_NOTIMPL;
    default:
      return invalid("Type is not a D3D12_QUERY_HEAP_TYPE");
  }
  std::unique_ptr<D3D12QueryHeap> self(new D3D12QueryHeap(device));
  self->desc_ = desc;
  self->desc_.NodeMask = 1;
  const DdiDevice12& ddi = device->ddi();
  D3D12DDIARG_CREATE_QUERY_HEAP_0001 args{D3D12DDI_QUERY_HEAP_TYPE(int(desc.Type)), desc.Count, 1};
  self->memory_ = driverMemory(ddi.core().pfnCalcPrivateQueryHeapSize(ddi.handle(), &args));
  HRESULT hr = ddi.core().pfnCreateQueryHeap(ddi.handle(), &args, self->ddiHandle());
  if (FAILED(hr)) {
    d3d12Error(method, "the driver could not create the query heap");
    return hr;
  }
  self->created_ = true;
  *out = self.release();
  return S_OK;
}

D3D12QueryHeap::~D3D12QueryHeap() {
  if (created_) device()->ddi().core().pfnDestroyQueryHeap(device()->ddi().handle(), ddiHandle());
}

}  // namespace d3dvk::runtime
