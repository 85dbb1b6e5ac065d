// runtime/d3d12/d3d12_resource.h — ID3D12Resource, committed or placed in an
// ID3D12Heap (holding a reference on it): owns the driver's resource memory
// and, committed, its heap memory (CreateHeapAndResource), its
// desc and heap properties, a GPU virtual address for buffers (handed out by
// the driver, CheckResourceVirtualAddress: CBVs and root descriptors name
// buffers by it), and
// Map/Unmap of buffers on CPU-accessible heaps (MapHeap; textures there map
// with a null pointer), Write/ReadFromSubresource on CPU-accessible heaps.
#pragma once

#include "d3d12_device_child.h"

#include <memory>

namespace d3dvk::runtime {

struct ResourceStateRecord;
class D3D12Heap;

class D3D12Resource final : public D3D12DeviceChild<ID3D12Resource> {
 public:
  // Validates like D3D12's CreateCommittedResource and creates the driver objects.
  // `primary`: a swapchain's back buffer (DXGI), created in a heap the driver is
  // told is a primary (D3D12DDI_HEAP_FLAG_PRIMARY): a UNORM one also takes views
  // in its sRGB form (d3dvk_present.h).
  static HRESULT create(D3D12Device* device, const D3D12_HEAP_PROPERTIES& heap, const D3D12_HEAP_FLAGS& heapFlags,
                        const D3D12_RESOURCE_DESC& desc, D3D12_RESOURCE_STATES initialState,
                        const D3D12_CLEAR_VALUE* clearValue, D3D12Resource** out, bool primary = false);
  // Validates like D3D12's CreatePlacedResource and creates the driver objects in `heap` at `offset`.
  static HRESULT createPlaced(D3D12Device* device, D3D12Heap* heap, UINT64 offset, const D3D12_RESOURCE_DESC& desc,
                              D3D12_RESOURCE_STATES initialState, const D3D12_CLEAR_VALUE* clearValue, D3D12Resource** out);
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
  static HRESULT validate(D3D12Device* device, const char* method, const D3D12_HEAP_PROPERTIES& heap,
                          const D3D12_HEAP_FLAGS& heapFlags, const D3D12_RESOURCE_DESC& desc, D3D12_RESOURCE_STATES initialState,
                          D3D12_RESOURCE_DESC* d);
  // Creates the driver objects: heapArgs for a committed resource, else hHeap is the placed one's heap.
  static HRESULT finish(D3D12Device* device, std::unique_ptr<D3D12Resource> self, const D3D12DDIARG_CREATEHEAP_0001* heapArgs,
                        D3D12DDI_HHEAP hHeap, D3D12DDIARG_CREATERESOURCE_0003& ddiDesc, D3D12_RESOURCE_STATES initialState,
                        const char* method, D3D12Resource** out);
  bool cpuAccessible() const;
  HRESULT cpuBox(const char* method, bool write, UINT subresource, const D3D12_BOX* box, D3D12DDI_BOX* out);  // its heap has a CPU page property other than NOT_AVAILABLE
  D3D12Heap* placedHeap_ = nullptr;
  UINT64 placedOffset_ = 0;
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
