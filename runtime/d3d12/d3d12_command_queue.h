// runtime/d3d12/d3d12_command_queue.h — ID3D12CommandQueue: ExecuteCommandLists
// (closed lists of the queue's type only), Signal and Wait on fences, GetDesc,
// GetTimestampFrequency (the Vulkan device's, from the UMD). With the debug
// layer on, ExecuteCommandLists checks each list's first transition barriers
// against the resources' states on the queues and moves those states on
// (d3d12_resource_states.h); a mismatch is reported
// (RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH), the lists still run. Tile mappings,
// markers/events log and do nothing yet; GetClockCalibration pairs a GPU
// timestamp with CLOCK_MONOTONIC nanoseconds.
#pragma once

#include "d3d12_device_child.h"

namespace d3dvk::runtime {

// D3D12_COMMAND_LIST_TYPE → the DDI's queue flag (0 for bundles and unknown values).
UINT ddiQueueFlags(const D3D12_COMMAND_LIST_TYPE& type);

class D3D12CommandQueue final : public D3D12DeviceChild<ID3D12CommandQueue> {
 public:
  static HRESULT create(D3D12Device* device, const D3D12_COMMAND_QUEUE_DESC& desc, D3D12CommandQueue** out);
  ~D3D12CommandQueue() override;

  void STDMETHODCALLTYPE UpdateTileMappings(ID3D12Resource*, UINT, const D3D12_TILED_RESOURCE_COORDINATE*,
                                            const D3D12_TILE_REGION_SIZE*, ID3D12Heap*, UINT, const D3D12_TILE_RANGE_FLAGS*,
                                            const UINT*, const UINT*, D3D12_TILE_MAPPING_FLAGS) override;
  void STDMETHODCALLTYPE CopyTileMappings(ID3D12Resource*, const D3D12_TILED_RESOURCE_COORDINATE*, ID3D12Resource*,
                                          const D3D12_TILED_RESOURCE_COORDINATE*, const D3D12_TILE_REGION_SIZE*,
                                          D3D12_TILE_MAPPING_FLAGS) override;
  void STDMETHODCALLTYPE ExecuteCommandLists(UINT NumCommandLists, ID3D12CommandList* const* ppCommandLists) override;
  void STDMETHODCALLTYPE SetMarker(UINT Metadata, const void* pData, UINT Size) override;
  void STDMETHODCALLTYPE BeginEvent(UINT Metadata, const void* pData, UINT Size) override;
  void STDMETHODCALLTYPE EndEvent() override;
  HRESULT STDMETHODCALLTYPE Signal(ID3D12Fence* pFence, UINT64 Value) override;
  HRESULT STDMETHODCALLTYPE Wait(ID3D12Fence* pFence, UINT64 Value) override;
  HRESULT STDMETHODCALLTYPE GetTimestampFrequency(UINT64* pFrequency) override;
  HRESULT STDMETHODCALLTYPE GetClockCalibration(UINT64* pGpuTimestamp, UINT64* pCpuTimestamp) override;
  D3D12_COMMAND_QUEUE_DESC STDMETHODCALLTYPE GetDesc() override;
  // The driver's queue (DXGI's swapchains order their presents on it).
  D3D12DDI_HCOMMANDQUEUE ddiHandle() const { return {memory_.get()}; }

 protected:
  bool implements(REFIID riid) const override {
    return riid == __uuidof(ID3D12Pageable) || riid == __uuidof(ID3D12CommandQueue);
  }

 private:
  explicit D3D12CommandQueue(D3D12Device* device) : D3D12DeviceChild(device) {}
  // The debug layer's cross-list state check of lists about to be executed.
  void checkResourceStates(UINT count, ID3D12CommandList* const* lists);
  HRESULT fenceOperation(const char* method, ID3D12Fence* fence, UINT64 value, bool signal);
  D3D12_COMMAND_QUEUE_DESC desc_{};
  std::unique_ptr<unsigned char[]> memory_;
  bool created_ = false;
};

}  // namespace d3dvk::runtime
