// runtime/d3d12/d3d12_descriptor_heap.h — ID3D12DescriptorHeap over the UMD's
// heap (host storage; CPU handles are addresses of its slots). The device
// keeps the range of every live heap so the runtime can tell whether a
// handle is a descriptor of a heap of the right type (D3D12Device::descriptorInHeap).
#pragma once

#include "d3d12_device_child.h"

namespace d3dvk::runtime {

class D3D12DescriptorHeap final : public D3D12DeviceChild<ID3D12DescriptorHeap> {
 public:
  static HRESULT create(D3D12Device* device, const D3D12_DESCRIPTOR_HEAP_DESC& desc, D3D12DescriptorHeap** out);
  ~D3D12DescriptorHeap() override;

  static D3D12DescriptorHeap* from(ID3D12DescriptorHeap* h) { return static_cast<D3D12DescriptorHeap*>(h); }
  D3D12DDI_HDESCRIPTORHEAP ddiHandle() const { return {memory_.get()}; }
  const D3D12_DESCRIPTOR_HEAP_DESC& desc() const { return desc_; }
  UINT64 gpuStart() const { return gpuStart_.ptr; }

  D3D12_DESCRIPTOR_HEAP_DESC STDMETHODCALLTYPE GetDesc() override;
  D3D12_CPU_DESCRIPTOR_HANDLE STDMETHODCALLTYPE GetCPUDescriptorHandleForHeapStart() override;
  D3D12_GPU_DESCRIPTOR_HANDLE STDMETHODCALLTYPE GetGPUDescriptorHandleForHeapStart() override;

 protected:
  bool implements(REFIID riid) const override {
    return riid == __uuidof(ID3D12Pageable) || riid == __uuidof(ID3D12DescriptorHeap);
  }

 private:
  explicit D3D12DescriptorHeap(D3D12Device* device) : D3D12DeviceChild(device) {}
  D3D12_DESCRIPTOR_HEAP_DESC desc_{};
  D3D12_CPU_DESCRIPTOR_HANDLE cpuStart_{};
  D3D12_GPU_DESCRIPTOR_HANDLE gpuStart_{};
  std::unique_ptr<unsigned char[]> memory_;
  bool created_ = false;
};

}  // namespace d3dvk::runtime
