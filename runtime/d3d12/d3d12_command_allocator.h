// runtime/d3d12/d3d12_command_allocator.h — ID3D12CommandAllocator: the
// driver's allocator (a Vulkan command pool) and which command list, if any,
// is recording with it now (D3D12 allows one at a time; Reset while one
// records fails with E_FAIL). Reset while a list recorded with it still
// executes fails with E_FAIL too (COMMAND_ALLOCATOR_SYNC: the driver says so);
// releasing it then is reported, and the driver keeps its memory until the
// work retires.
#pragma once

#include "d3d12_device_child.h"

namespace d3dvk::runtime {

class D3D12CommandAllocator final : public D3D12DeviceChild<ID3D12CommandAllocator> {
 public:
  static HRESULT create(D3D12Device* device, D3D12_COMMAND_LIST_TYPE type, D3D12CommandAllocator** out);
  ~D3D12CommandAllocator() override;

  static D3D12CommandAllocator* from(ID3D12CommandAllocator* a) { return static_cast<D3D12CommandAllocator*>(a); }
  D3D12DDI_HCOMMANDALLOCATOR ddiHandle() const { return {memory_.get()}; }
  D3D12_COMMAND_LIST_TYPE type() const { return type_; }
  // The list recording with this allocator (null: none). Claimed by a list's
  // creation and Reset, released by its Close; false when another list holds it.
  bool claim(const void* list) {
    const void* none = nullptr;
    return recorder_.compare_exchange_strong(none, list);
  }
  void release(const void* list) { recorder_.compare_exchange_strong(list, nullptr); }

  // Counts the allocator's Resets: a list recorded before the last Reset has lost its commands.
  UINT64 epoch() const { return epoch_.load(); }

  HRESULT STDMETHODCALLTYPE Reset() override;

 protected:
  bool implements(REFIID riid) const override {
    return riid == __uuidof(ID3D12Pageable) || riid == __uuidof(ID3D12CommandAllocator);
  }

 private:
  explicit D3D12CommandAllocator(D3D12Device* device) : D3D12DeviceChild(device) {}
  D3D12_COMMAND_LIST_TYPE type_{};
  std::unique_ptr<unsigned char[]> memory_;
  bool created_ = false;
  std::atomic<const void*> recorder_{nullptr};
  std::atomic<UINT64> epoch_{0};
};

}  // namespace d3dvk::runtime
