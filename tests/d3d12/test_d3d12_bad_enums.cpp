// tests/d3d12: values outside D3D12's enums, as a buggy or hostile application
// passes them, are refused with E_INVALIDARG (GetCopyableFootprints: the
// "invalid desc" outputs) — and read without loading them as the enum, which
// the ASan+UBSan build checks (runtime/core/raw_enum.h).
#include "d3d12_test_util.h"

#include <cstdint>
#include <cstring>

using namespace d3dvk::test;

namespace {

// Stores a value outside an enum into a desc's field without ever loading it as
// the enum (which UBSan rightly reports): the runtime must do the same.
template <typename Enum>
void setRaw(Enum* field, int value) {
  static_assert(sizeof(Enum) == sizeof(int));
  std::memcpy(field, &value, sizeof value);
}

HRESULT createHeap(ID3D12Device* device, const D3D12_DESCRIPTOR_HEAP_DESC& desc) {
  void* heap = nullptr;
  const HRESULT hr = device->CreateDescriptorHeap(&desc, __uuidof(ID3D12DescriptorHeap), &heap);
  if (heap) static_cast<ID3D12DescriptorHeap*>(heap)->Release();
  return hr;
}

HRESULT createCommitted(ID3D12Device* device, const D3D12_HEAP_PROPERTIES& heap, D3D12_HEAP_FLAGS flags,
                        const D3D12_RESOURCE_DESC& desc, D3D12_RESOURCE_STATES state) {
  void* resource = nullptr;
  const HRESULT hr = device->CreateCommittedResource(&heap, flags, &desc, state, nullptr, __uuidof(ID3D12Resource),
                                                     &resource);
  if (resource) static_cast<ID3D12Resource*>(resource)->Release();
  return hr;
}

}  // namespace

TEST_CASE("D3D12 out-of-range enum values are refused with E_INVALIDARG", "[d3d12][errors]") {
  ID3D12Device* device = createDevice12();

  D3D12_DESCRIPTOR_HEAP_DESC heap{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 4, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
  CHECK(createHeap(device, heap) == S_OK);
  setRaw(&heap.Type, 99);
  CHECK(createHeap(device, heap) == E_INVALIDARG);
  setRaw(&heap.Type, -7);
  CHECK(createHeap(device, heap) == E_INVALIDARG);
  heap.Type = D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER;
  setRaw(&heap.Flags, 0x40000000);
  CHECK(createHeap(device, heap) == E_INVALIDARG);

  D3D12_COMMAND_QUEUE_DESC queue{};
  setRaw(&queue.Flags, 0x10000);
  void* q = nullptr;
  CHECK(device->CreateCommandQueue(&queue, __uuidof(ID3D12CommandQueue), &q) == E_INVALIDARG);
  CHECK(q == nullptr);

  const D3D12_HEAP_PROPERTIES defaultHeap{D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
                                          D3D12_MEMORY_POOL_UNKNOWN, 0, 0};
  const D3D12_RESOURCE_DESC buffer = bufferDesc(256);
  CHECK(createCommitted(device, defaultHeap, D3D12_HEAP_FLAG_NONE, buffer, D3D12_RESOURCE_STATE_COMMON) == S_OK);
  D3D12_HEAP_PROPERTIES badHeap = defaultHeap;
  setRaw(&badHeap.Type, 1000);
  CHECK(createCommitted(device, badHeap, D3D12_HEAP_FLAG_NONE, buffer, D3D12_RESOURCE_STATE_COMMON) == E_INVALIDARG);
  CHECK(createCommitted(device, defaultHeap, static_cast<D3D12_HEAP_FLAGS>(0x40000), buffer,
                        D3D12_RESOURCE_STATE_COMMON) == E_INVALIDARG);
  CHECK(createCommitted(device, defaultHeap, D3D12_HEAP_FLAG_NONE, buffer,
                        static_cast<D3D12_RESOURCE_STATES>(0x40000000)) == E_INVALIDARG);
  D3D12_RESOURCE_DESC bad = buffer;
  setRaw(&bad.Dimension, 77);
  CHECK(createCommitted(device, defaultHeap, D3D12_HEAP_FLAG_NONE, bad, D3D12_RESOURCE_STATE_COMMON) == E_INVALIDARG);
  bad = buffer;
  setRaw(&bad.Layout, 77);
  CHECK(createCommitted(device, defaultHeap, D3D12_HEAP_FLAG_NONE, bad, D3D12_RESOURCE_STATE_COMMON) == E_INVALIDARG);
  bad = buffer;
  setRaw(&bad.Flags, 0x100000);
  CHECK(createCommitted(device, defaultHeap, D3D12_HEAP_FLAG_NONE, bad, D3D12_RESOURCE_STATE_COMMON) == E_INVALIDARG);

  // GetCopyableFootprints answers an invalid desc with UINT64_MAX totals (D3D12's convention).
  bad = buffer;
  setRaw(&bad.Dimension, 77);
  UINT64 total = 0;
  device->GetCopyableFootprints(&bad, 0, 1, 0, nullptr, nullptr, nullptr, &total);
  CHECK(total == UINT64_MAX);

  device->Release();
}
