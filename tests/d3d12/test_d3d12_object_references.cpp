// tests/d3d12: what objects hold and what they give back — a command list holds
// its allocator, a pipeline state its root signature, every object its device
// (and nothing more once released) — and private data as D3D12 defines it:
// null data deletes, a null buffer asks for the size, too small a buffer is
// DXGI_ERROR_MORE_DATA with the size.
#include "d3d12_pipeline_util.h"

using namespace d3dvk::test;

namespace {

ULONG refs(IUnknown* o) {
  o->AddRef();
  return o->Release();
}

}  // namespace

TEST_CASE("D3D12 references: lists hold their allocator, PSOs their root signature, objects their device",
          "[d3d12][objects]") {
  ID3D12Device* device = createDevice12();
  const ULONG base = refs(device);
  CHECK(base == 1);
  {
    ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    CHECK(refs(device) == base + 1);
    CHECK(refs(allocator) == 1);
    ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
    CHECK(refs(allocator) == 2);
    CHECK(refs(device) == base + 2);
    REQUIRE(list->Close() == S_OK);
    CHECK(refs(allocator) == 2);  // closed, the list still holds it
    CHECK(allocator->Release() == 1);
    REQUIRE(list->Reset(allocator, nullptr) == S_OK);  // the list's reference keeps it alive
    REQUIRE(list->Close() == S_OK);
    CHECK(list->Release() == 0);
    CHECK(refs(device) == base);
  }
  {
    ID3D12RootSignature* rs = computeRootSignature(device);
    CHECK(refs(rs) == 1);
    ID3D12PipelineState* pso = createAddPso(device, rs);
    CHECK(refs(rs) == 2);
    CHECK(rs->Release() == 1);
    ID3D12Device* got = nullptr;
    REQUIRE(pso->GetDevice(__uuidof(ID3D12Device), reinterpret_cast<void**>(&got)) == S_OK);
    CHECK(got == device);
    got->Release();
    CHECK(pso->Release() == 0);
    CHECK(refs(device) == base);
  }
  {
    // Every kind of object gives its device reference back.
    ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_COPY);
    ID3D12Fence* fence = createFence(device);
    ID3D12Resource* buffer = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 256);
    D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 4, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
    ID3D12DescriptorHeap* heap = nullptr;
    REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&heap)) == S_OK);
    D3D12_QUERY_HEAP_DESC qd{D3D12_QUERY_HEAP_TYPE_OCCLUSION, 2, 0};
    ID3D12QueryHeap* queries = nullptr;
    REQUIRE(device->CreateQueryHeap(&qd, __uuidof(ID3D12QueryHeap), reinterpret_cast<void**>(&queries)) == S_OK);
    CHECK(refs(device) == base + 5);
    for (IUnknown* o : std::initializer_list<IUnknown*>{queries, heap, buffer, fence, queue}) CHECK(o->Release() == 0);
    CHECK(refs(device) == base);
  }
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 private data: size queries, DXGI_ERROR_MORE_DATA, null data deleting, interfaces held",
          "[d3d12][objects]") {
  ID3D12Device* device = createDevice12();
  ID3D12Fence* fence = createFence(device);
  const GUID key = {0x1a2b3c4d, 0x1111, 0x2222, {1, 2, 3, 4, 5, 6, 7, 8}};
  for (ID3D12Object* object : {static_cast<ID3D12Object*>(device), static_cast<ID3D12Object*>(fence)}) {
    const uint32_t data[3] = {1, 2, 3};
    REQUIRE(object->SetPrivateData(key, sizeof data, data) == S_OK);
    UINT size = 0;
    REQUIRE(object->GetPrivateData(key, &size, nullptr) == S_OK);  // a size query
    CHECK(size == sizeof data);
    uint32_t out[3] = {};
    size = 4;
    CHECK(object->GetPrivateData(key, &size, out) == DXGI_ERROR_MORE_DATA);
    CHECK(size == sizeof data);
    CHECK(out[0] == 0u);
    size = sizeof out;
    REQUIRE(object->GetPrivateData(key, &size, out) == S_OK);
    CHECK(out[2] == 3u);
    CHECK(object->GetPrivateData(key, nullptr, out) == E_INVALIDARG);
    // Null data with a size deletes the entry.
    CHECK(object->SetPrivateData(key, 12, nullptr) == S_OK);
    size = 99;
    CHECK(object->GetPrivateData(key, &size, nullptr) == DXGI_ERROR_NOT_FOUND);
    CHECK(size == 0u);
    CHECK(object->SetPrivateData(key, 0, nullptr) == S_OK);  // deleting what is not there
  }
  // An interface is held while stored, released when replaced by null data.
  const ULONG before = refs(fence);
  REQUIRE(device->SetPrivateDataInterface(key, fence) == S_OK);
  CHECK(refs(fence) == before + 1);
  REQUIRE(device->SetPrivateData(key, sizeof(void*), nullptr) == S_OK);
  CHECK(refs(fence) == before);
  fence->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 MakeResident and Evict: S_OK for objects, E_INVALIDARG for null ones, contents kept", "[d3d12][objects]") {
  ID3D12Device* device = createDevice12();
  ID3D12Resource* buffer = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 256);
  void* data = nullptr;
  REQUIRE(buffer->Map(0, nullptr, &data) == S_OK);
  std::memset(data, 0x3c, 256);
  buffer->Unmap(0, nullptr);
  D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 4, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
  ID3D12DescriptorHeap* heap = nullptr;
  REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&heap)) == S_OK);
  ID3D12Pageable* objects[2] = {buffer, heap};
  CHECK(device->Evict(2, objects) == S_OK);
  CHECK(device->MakeResident(2, objects) == S_OK);
  CHECK(device->MakeResident(0, nullptr) == S_OK);
  CHECK(device->Evict(1, nullptr) == E_INVALIDARG);
  ID3D12Pageable* withNull[2] = {buffer, nullptr};
  CHECK(device->MakeResident(2, withNull) == E_INVALIDARG);
  CHECK(readBuffer(buffer, 256)[200] == 0x3c);
  heap->Release();
  buffer->Release();
  CHECK(device->Release() == 0);
}
