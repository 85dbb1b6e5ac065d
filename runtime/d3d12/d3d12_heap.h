// runtime/d3d12/d3d12_heap.h — ID3D12Heap (CreateHeap) and D3D12's heap rules
// shared with committed and placed resources: heap properties (types, CUSTOM's
// CPU page property and memory pool, node masks), heap flags (the supported
// ones, the resource categories a heap allows, RESOURCE_HEAP_TIER_1's one
// category per heap), the CPU page property a heap type resolves to, and the
// DDI's heap arguments. The heap's driver half owns the Vulkan memory placed
// resources bind into (ddi/umd/d3d12/heap12.cpp).
#pragma once

#include "d3d12_device_child.h"

#include <memory>
#include <string>

namespace d3dvk::runtime {

// What a rule check reports: the message ID for the debug layer and the text.
struct HeapRuleError {
  D3D12_MESSAGE_ID id = D3D12_MESSAGE_ID_UNKNOWN;
  const char* idName = "UNKNOWN";
  std::string text;
};

// D3D12's rules on heap properties (of CreateHeap and CreateCommittedResource).
bool validateHeapProperties(const D3D12_HEAP_PROPERTIES& props, HeapRuleError* error);
// D3D12's rules on heap flags; `forHeap` adds CreateHeap's rules (the resource
// categories under `tier`), else only the bits are checked.
bool validateHeapFlags(const D3D12_HEAP_FLAGS& flags, bool forHeap, D3D12_RESOURCE_HEAP_TIER tier, HeapRuleError* error);
// The CPU page property a heap of these properties has (UPLOAD: WRITE_COMBINE,
// READBACK: WRITE_BACK, DEFAULT: NOT_AVAILABLE, CUSTOM: its own).
D3D12_CPU_PAGE_PROPERTY cpuPageProperty(const D3D12_HEAP_PROPERTIES& props);
// Whether a resource of `desc` (validated) may live on a heap of these
// properties and flags in `initialState`; *error says why not.
bool resourceFitsHeap(const D3D12_HEAP_PROPERTIES& props, const D3D12_HEAP_FLAGS& flags, const D3D12_RESOURCE_DESC& desc,
                      D3D12_RESOURCE_STATES initialState, HeapRuleError* error);
// The DDI's heap arguments for these (valid) properties and flags.
D3D12DDIARG_CREATEHEAP_0001 ddiHeapArgs(const D3D12_HEAP_PROPERTIES& props, const D3D12_HEAP_FLAGS& flags, UINT64 size,
                                        UINT64 alignment);

class D3D12Heap final : public D3D12DeviceChild<ID3D12Heap> {
 public:
  static HRESULT create(D3D12Device* device, const D3D12_HEAP_DESC& desc, D3D12Heap** out);
  ~D3D12Heap() override;
  static D3D12Heap* from(ID3D12Heap* h) { return static_cast<D3D12Heap*>(h); }

  D3D12DDI_HHEAP ddiHandle() const { return {driverMemory_.get()}; }
  const D3D12_HEAP_DESC& desc() const { return desc_; }

  D3D12_HEAP_DESC STDMETHODCALLTYPE GetDesc() override;

 protected:
  bool implements(REFIID riid) const override { return riid == __uuidof(ID3D12Pageable) || riid == __uuidof(ID3D12Heap); }

 private:
  explicit D3D12Heap(D3D12Device* device) : D3D12DeviceChild(device) {}
  D3D12_HEAP_DESC desc_{};
  std::unique_ptr<unsigned char[]> driverMemory_;
  bool created_ = false;
};

}  // namespace d3dvk::runtime
