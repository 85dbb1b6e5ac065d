// runtime/d3d12/d3d12_query_heap.h — ID3D12QueryHeap over the UMD's query heap
// (a VkQueryPool, ddi/umd/d3d12/query12.h): occlusion, timestamp and pipeline
// statistics heaps; stream-output, copy-queue timestamp and video heaps are
// refused with E_NOTIMPL.
#pragma once

#include "d3d12_device_child.h"

namespace d3dvk::runtime {

class D3D12QueryHeap final : public D3D12DeviceChild<ID3D12QueryHeap> {
 public:
  static HRESULT create(D3D12Device* device, const D3D12_QUERY_HEAP_DESC& desc, D3D12QueryHeap** out);
  ~D3D12QueryHeap() override;

  static D3D12QueryHeap* from(ID3D12QueryHeap* h) { return static_cast<D3D12QueryHeap*>(h); }
  D3D12DDI_HQUERYHEAP ddiHandle() const { return {memory_.get()}; }
  const D3D12_QUERY_HEAP_DESC& desc() const { return desc_; }

 protected:
  bool implements(REFIID riid) const override {
    return riid == __uuidof(ID3D12Pageable) || riid == __uuidof(ID3D12QueryHeap);
  }

 private:
  explicit D3D12QueryHeap(D3D12Device* device) : D3D12DeviceChild(device) {}
  D3D12_QUERY_HEAP_DESC desc_{};
  std::unique_ptr<unsigned char[]> memory_;
  bool created_ = false;
};

}  // namespace d3dvk::runtime
