// tests/d3d12/d3d12_test_util.h — what the D3D12 tests share: a device with a
// direct queue and a fence, committed-resource helpers, and "execute these
// lists and wait for them" through a fence.
#pragma once

#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <dxguids/dxguids.h>

#include <catch2/catch.hpp>

#include <cstring>
#include <vector>

namespace d3dvk::test {

template <typename T>
T* createdOrFail(HRESULT hr, void* object) {
  REQUIRE(hr == S_OK);
  REQUIRE(object != nullptr);
  return static_cast<T*>(object);
}

inline ID3D12Device* createDevice12() {
  void* device = nullptr;
  HRESULT hr = D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, __uuidof(ID3D12Device), &device);
  return createdOrFail<ID3D12Device>(hr, device);
}

inline ID3D12CommandQueue* createQueue(ID3D12Device* device, D3D12_COMMAND_LIST_TYPE type) {
  D3D12_COMMAND_QUEUE_DESC desc{};
  desc.Type = type;
  void* queue = nullptr;
  HRESULT hr = device->CreateCommandQueue(&desc, __uuidof(ID3D12CommandQueue), &queue);
  return createdOrFail<ID3D12CommandQueue>(hr, queue);
}

inline ID3D12CommandAllocator* createAllocator(ID3D12Device* device, D3D12_COMMAND_LIST_TYPE type) {
  void* allocator = nullptr;
  HRESULT hr = device->CreateCommandAllocator(type, __uuidof(ID3D12CommandAllocator), &allocator);
  return createdOrFail<ID3D12CommandAllocator>(hr, allocator);
}

inline ID3D12GraphicsCommandList* createList(ID3D12Device* device, D3D12_COMMAND_LIST_TYPE type,
                                             ID3D12CommandAllocator* allocator) {
  void* list = nullptr;
  HRESULT hr = device->CreateCommandList(0, type, allocator, nullptr, __uuidof(ID3D12GraphicsCommandList), &list);
  return createdOrFail<ID3D12GraphicsCommandList>(hr, list);
}

inline ID3D12Fence* createFence(ID3D12Device* device, UINT64 initial = 0) {
  void* fence = nullptr;
  HRESULT hr = device->CreateFence(initial, D3D12_FENCE_FLAG_NONE, __uuidof(ID3D12Fence), &fence);
  return createdOrFail<ID3D12Fence>(hr, fence);
}

inline D3D12_RESOURCE_DESC bufferDesc(UINT64 size) {
  D3D12_RESOURCE_DESC d{};
  d.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
  d.Width = size;
  d.Height = 1;
  d.DepthOrArraySize = 1;
  d.MipLevels = 1;
  d.SampleDesc.Count = 1;
  d.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
  return d;
}

inline D3D12_RESOURCE_DESC texture2DDesc(UINT width, UINT height, DXGI_FORMAT format, D3D12_RESOURCE_FLAGS flags,
                                         UINT16 mips = 1, UINT16 array = 1) {
  D3D12_RESOURCE_DESC d{};
  d.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
  d.Width = width;
  d.Height = height;
  d.DepthOrArraySize = array;
  d.MipLevels = mips;
  d.Format = format;
  d.SampleDesc.Count = 1;
  d.Flags = flags;
  return d;
}

inline ID3D12Resource* createCommitted(ID3D12Device* device, D3D12_HEAP_TYPE heap, const D3D12_RESOURCE_DESC& desc,
                                       D3D12_RESOURCE_STATES state) {
  D3D12_HEAP_PROPERTIES props{};
  props.Type = heap;
  void* resource = nullptr;
  HRESULT hr = device->CreateCommittedResource(&props, D3D12_HEAP_FLAG_NONE, &desc, state, nullptr,
                                               __uuidof(ID3D12Resource), &resource);
  return createdOrFail<ID3D12Resource>(hr, resource);
}

inline ID3D12Resource* createBuffer(ID3D12Device* device, D3D12_HEAP_TYPE heap, UINT64 size) {
  D3D12_RESOURCE_STATES state = heap == D3D12_HEAP_TYPE_UPLOAD     ? D3D12_RESOURCE_STATE_GENERIC_READ
                                : heap == D3D12_HEAP_TYPE_READBACK ? D3D12_RESOURCE_STATE_COPY_DEST
                                                                   : D3D12_RESOURCE_STATE_COMMON;
  return createCommitted(device, heap, bufferDesc(size), state);
}

// Executes `lists` on `queue`, signals `fence` to ++*value and waits on the CPU.
inline void executeAndWait(ID3D12CommandQueue* queue, std::vector<ID3D12CommandList*> lists, ID3D12Fence* fence,
                           UINT64* value) {
  queue->ExecuteCommandLists(UINT(lists.size()), lists.data());
  REQUIRE(queue->Signal(fence, ++*value) == S_OK);
  REQUIRE(fence->SetEventOnCompletion(*value, nullptr) == S_OK);
  REQUIRE(fence->GetCompletedValue() >= *value);
}

// A device with a direct queue, a fence, an allocator and an open list;
// run() closes the list, executes it and waits. The device is released last
// (and must be released for good: the test owns every other reference).
struct DirectList {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 fenceValue = 0;
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  DirectList() = default;
  DirectList(const DirectList&) = delete;
  DirectList& operator=(const DirectList&) = delete;
  ~DirectList() {
    list->Release();
    allocator->Release();
    fence->Release();
    queue->Release();
    CHECK(device->Release() == 0);
  }
  void run() {
    REQUIRE(list->Close() == S_OK);
    executeAndWait(queue, {list}, fence, &fenceValue);
  }
};

inline std::vector<unsigned char> readBuffer(ID3D12Resource* buffer, size_t size) {
  void* data = nullptr;
  REQUIRE(buffer->Map(0, nullptr, &data) == S_OK);
  REQUIRE(data != nullptr);
  std::vector<unsigned char> bytes(static_cast<unsigned char*>(data), static_cast<unsigned char*>(data) + size);
  D3D12_RANGE none{0, 0};
  buffer->Unmap(0, &none);
  return bytes;
}

inline D3D12_TEXTURE_COPY_LOCATION subresourceLocation(ID3D12Resource* texture, UINT index) {
  D3D12_TEXTURE_COPY_LOCATION l{};
  l.pResource = texture;
  l.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
  l.SubresourceIndex = index;
  return l;
}

inline D3D12_TEXTURE_COPY_LOCATION footprintLocation(ID3D12Resource* buffer, const D3D12_PLACED_SUBRESOURCE_FOOTPRINT& fp) {
  D3D12_TEXTURE_COPY_LOCATION l{};
  l.pResource = buffer;
  l.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
  l.PlacedFootprint = fp;
  return l;
}

}  // namespace d3dvk::test
