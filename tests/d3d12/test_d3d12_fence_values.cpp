// tests/d3d12: fence values that go down — ID3D12Fence::Signal of a lower
// value from the CPU and ID3D12CommandQueue::Signal of a lower value — read
// back as the lower value, and later waits and signals count from there.
#include "d3d12_test_util.h"

#include <sys/eventfd.h>
#include <unistd.h>

using namespace d3dvk::test;

TEST_CASE("D3D12 ID3D12Fence::Signal of a lower value from the CPU lowers it, waits and signals go on from there",
          "[d3d12][fence]") {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device, 0);
  REQUIRE(fence->Signal(10) == S_OK);
  CHECK(fence->GetCompletedValue() == 10);
  REQUIRE(fence->Signal(5) == S_OK);
  CHECK(fence->GetCompletedValue() == 5);
  REQUIRE(fence->SetEventOnCompletion(5, nullptr) == S_OK);  // reached: returns at once

  // An event for 7 is not signalled yet; a queue waiting for 7 is held back until the CPU signals 7.
  const int event = eventfd(0, EFD_NONBLOCK);
  REQUIRE(event >= 0);
  REQUIRE(fence->SetEventOnCompletion(7, reinterpret_cast<HANDLE>(intptr_t(event))) == S_OK);
  ID3D12Fence* done = createFence(device, 0);
  REQUIRE(queue->Wait(fence, 7) == S_OK);
  REQUIRE(queue->Signal(done, 1) == S_OK);
  CHECK(done->GetCompletedValue() == 0);
  uint64_t count = 0;
  CHECK(read(event, &count, sizeof count) < 0);  // nothing yet
  REQUIRE(fence->Signal(7) == S_OK);
  REQUIRE(done->SetEventOnCompletion(1, nullptr) == S_OK);
  CHECK(done->GetCompletedValue() == 1);
  CHECK(fence->GetCompletedValue() == 7);
  for (int i = 0; i < 200 && read(event, &count, sizeof count) != ssize_t(sizeof count); ++i) usleep(10000);
  CHECK(count == 1);
  close(event);
  done->Release();
  fence->Release();
  queue->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 ID3D12CommandQueue::Signal of a lower value lowers the fence after the queue's earlier work",
          "[d3d12][fence]") {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device, 0);
  // Earlier work on the queue: a copy whose result the lowered fence must already cover.
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  ID3D12Resource* upload = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 256);
  ID3D12Resource* readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, 256);
  void* data = nullptr;
  REQUIRE(upload->Map(0, nullptr, &data) == S_OK);
  std::memset(data, 0x5a, 256);
  upload->Unmap(0, nullptr);

  REQUIRE(queue->Signal(fence, 20) == S_OK);
  REQUIRE(fence->SetEventOnCompletion(20, nullptr) == S_OK);
  CHECK(fence->GetCompletedValue() == 20);
  list->CopyBufferRegion(readback, 0, upload, 0, 256);
  REQUIRE(list->Close() == S_OK);
  ID3D12CommandList* lists[] = {list};
  queue->ExecuteCommandLists(1, lists);
  REQUIRE(queue->Signal(fence, 3) == S_OK);
  REQUIRE(fence->SetEventOnCompletion(3, nullptr) == S_OK);
  CHECK(fence->GetCompletedValue() == 3);
  CHECK(readBuffer(readback, 256)[255] == 0x5a);  // the copy before the signal is done

  // Counting on from 3: a queue signal of 4 is waited for, and 4 is what it reads.
  REQUIRE(queue->Signal(fence, 4) == S_OK);
  REQUIRE(fence->SetEventOnCompletion(4, nullptr) == S_OK);
  CHECK(fence->GetCompletedValue() == 4);
  // And the CPU may lower it again after a queue signal.
  REQUIRE(fence->Signal(1) == S_OK);
  CHECK(fence->GetCompletedValue() == 1);
  REQUIRE(queue->Signal(fence, 2) == S_OK);
  REQUIRE(fence->SetEventOnCompletion(2, nullptr) == S_OK);
  CHECK(fence->GetCompletedValue() == 2);

  readback->Release();
  upload->Release();
  list->Release();
  allocator->Release();
  fence->Release();
  queue->Release();
  CHECK(device->Release() == 0);
}
