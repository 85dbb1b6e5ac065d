// runtime/d3d12/d3d12_resource.h — ID3D12Resource for committed resources:
// owns the driver's heap and resource memory (CreateHeapAndResource), its
// desc and heap properties, a GPU virtual address for buffers (handed out by
// the driver, CheckResourceVirtualAddress: CBVs and root descriptors name
// buffers by it), and
// Map/Unmap of UPLOAD and READBACK buffers (MapHeap). Read/WriteToSubresource
// return E_NOTIMPL.
#pragma once

#include "d3d12_device_child.h"

#include <memory>

namespace d3dvk::runtime {

struct ResourceStateRecord;

class D3D12Resource final : public D3D12DeviceChild<ID3D12Resource> {
 public:
  // Validates like D3D12's CreateCommittedResource and creates the driver objects.
  static HRESULT create(D3D12Device* device, const D3D12_HEAP_PROPERTIES& heap, D3D12_HEAP_FLAGS heapFlags,
                        const D3D12_RESOURCE_DESC& desc, D3D12_RESOURCE_STATES initialState,
                        const D3D12_CLEAR_VALUE* clearValue, D3D12Resource** out);
  ~D3D12Resource() override;

  static D3D12Resource* from(ID3D12Resource* r) { return static_cast<D3D12Resource*>(r); }
  D3D12DDI_HRESOURCE ddiHandle() const { return {resourceMemory_.get()}; }
  const D3D12_RESOURCE_DESC& desc() const { return desc_; }
  bool isBuffer() const { return desc_.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER; }
  UINT subresourceCount() const;  // mips × array slices × planes
  // Its states on the queues, as the debug layer follows them (d3d12_resource_states.h).
  const std::shared_ptr<ResourceStateRecord>& stateRecord() const { return stateRecord_; }

  HRESULT STDMETHODCALLTYPE Map(UINT Subresource, const D3D12_RANGE* pReadRange, void** ppData) override;
  void STDMETHODCALLTYPE Unmap(UINT Subresource, const D3D12_RANGE* pWrittenRange) override;
  D3D12_RESOURCE_DESC STDMETHODCALLTYPE GetDesc() override;
  D3D12_GPU_VIRTUAL_ADDRESS STDMETHODCALLTYPE GetGPUVirtualAddress() override;
  HRESULT STDMETHODCALLTYPE WriteToSubresource(UINT DstSubresource, const D3D12_BOX* pDstBox, const void* pSrcData,
                                               UINT SrcRowPitch, UINT SrcDepthPitch) override;
  HRESULT STDMETHODCALLTYPE ReadFromSubresource(void* pDstData, UINT DstRowPitch, UINT DstDepthPitch, UINT SrcSubresource,
                                                const D3D12_BOX* pSrcBox) override;
  HRESULT STDMETHODCALLTYPE GetHeapProperties(D3D12_HEAP_PROPERTIES* pHeapProperties, D3D12_HEAP_FLAGS* pHeapFlags) override;

 protected:
  bool implements(REFIID riid) const override {
    return riid == __uuidof(ID3D12Pageable) || riid == __uuidof(ID3D12Resource);
  }

 private:
  explicit D3D12Resource(D3D12Device* device) : D3D12DeviceChild(device) {}
  D3D12_RESOURCE_DESC desc_{};
  D3D12_HEAP_PROPERTIES heap_{};
  D3D12_HEAP_FLAGS heapFlags_{};
  D3D12_GPU_VIRTUAL_ADDRESS gpuVa_ = 0;
  std::unique_ptr<unsigned char[]> heapMemory_, resourceMemory_;
  bool created_ = false;
  std::atomic<int> mapCount_{0};
  std::shared_ptr<ResourceStateRecord> stateRecord_;
};

// The plane count of a format (2 for the depth-stencil formats, else 1) and
// whether the runtime knows the format at all (d3d12_footprints.cpp).
UINT formatPlaneCount(DXGI_FORMAT format);

}  // namespace d3dvk::runtime
