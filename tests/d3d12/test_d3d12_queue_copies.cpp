// tests/d3d12: buffers through the queues — upload → default → readback copies,
// a copy queue and a direct queue ordered by fences (under synchronization
// validation), a queue Wait submitted before its Signal, CPU signals and
// SetEventOnCompletion with an eventfd.
#include "d3d12_test_util.h"
#include "ddi_trace_log.h"

#include <sys/eventfd.h>
#include <poll.h>
#include <unistd.h>

#include <numeric>

using namespace d3dvk::test;

namespace {

std::vector<unsigned char> pattern(size_t size, unsigned seed) {
  std::vector<unsigned char> bytes(size);
  for (size_t i = 0; i < size; ++i) bytes[i] = static_cast<unsigned char>((i * 7 + seed) & 0xff);
  return bytes;
}

void fill(ID3D12Resource* upload, const std::vector<unsigned char>& bytes) {
  void* data = nullptr;
  REQUIRE(upload->Map(0, nullptr, &data) == S_OK);
  std::memcpy(data, bytes.data(), bytes.size());
  upload->Unmap(0, nullptr);
}

}  // namespace

TEST_CASE("D3D12 upload → default → readback: CopyBufferRegion and CopyResource", "[d3d12][copy]") {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;

  constexpr size_t kSize = 4096;
  ID3D12Resource* upload = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, kSize);
  ID3D12Resource* gpu = createBuffer(device, D3D12_HEAP_TYPE_DEFAULT, kSize);
  ID3D12Resource* gpu2 = createBuffer(device, D3D12_HEAP_TYPE_DEFAULT, kSize);
  ID3D12Resource* readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, kSize);
  std::vector<unsigned char> bytes = pattern(kSize, 3);
  fill(upload, bytes);
  CHECK(upload->GetGPUVirtualAddress() != 0);
  CHECK(upload->GetGPUVirtualAddress() != gpu->GetGPUVirtualAddress());

  // 1000 bytes at 100 → 512, the whole buffer into gpu2 by CopyResource, then
  // gpu2 → readback: bytes [512, 1512) are the source's [100, 1100), the rest zero
  // (committed resources start zeroed).
  list->CopyBufferRegion(gpu, 512, upload, 100, 1000);
  D3D12_RESOURCE_BARRIER barrier{};
  barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  barrier.Transition = {gpu, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_COPY_DEST,
                        D3D12_RESOURCE_STATE_COPY_SOURCE};
  list->ResourceBarrier(1, &barrier);
  list->CopyResource(gpu2, gpu);
  barrier.Transition.pResource = gpu2;
  list->ResourceBarrier(1, &barrier);
  list->CopyBufferRegion(readback, 0, gpu2, 0, kSize);
  REQUIRE(list->Close() == S_OK);
  executeAndWait(queue, {list}, fence, &value);

  std::vector<unsigned char> got = readBuffer(readback, kSize);
  for (size_t i = 0; i < kSize; ++i) {
    unsigned char expected = (i >= 512 && i < 1512) ? bytes[i - 512 + 100] : 0;
    if (got[i] != expected) {
      INFO("byte " << i);
      REQUIRE(int(got[i]) == int(expected));
    }
  }
  // A DEFAULT buffer cannot be mapped.
  void* data = reinterpret_cast<void*>(1);
  CHECK(gpu->Map(0, nullptr, &data) == E_INVALIDARG);
  CHECK(data == nullptr);

  for (IUnknown* o : std::initializer_list<IUnknown*>{readback, gpu2, gpu, upload, fence, list, allocator, queue}) o->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 a copy queue and a direct queue ordered by fences, under synchronization validation",
          "[d3d12][fence][sync]") {
  ScopedEnv sync("D3DVK_VALIDATION", "sync");
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* copyQueue = createQueue(device, D3D12_COMMAND_LIST_TYPE_COPY);
  ID3D12CommandQueue* direct = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandAllocator* copyAllocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_COPY);
  ID3D12CommandAllocator* directAllocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* copyList = createList(device, D3D12_COMMAND_LIST_TYPE_COPY, copyAllocator);
  ID3D12GraphicsCommandList* directList = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, directAllocator);
  ID3D12Fence* fence = createFence(device);
  ID3D12Fence* done = createFence(device);

  constexpr size_t kSize = 1 << 16;
  ID3D12Resource* upload = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, kSize);
  ID3D12Resource* gpu = createBuffer(device, D3D12_HEAP_TYPE_DEFAULT, kSize);
  ID3D12Resource* readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, kSize);
  std::vector<unsigned char> bytes = pattern(kSize, 11);
  fill(upload, bytes);

  copyList->CopyBufferRegion(gpu, 0, upload, 0, kSize);
  REQUIRE(copyList->Close() == S_OK);
  directList->CopyBufferRegion(readback, 0, gpu, 0, kSize);
  REQUIRE(directList->Close() == S_OK);

  // The direct queue waits for the copy queue's signal, which is submitted
  // after the wait: d3dvk holds the direct queue's work back until then.
  ID3D12CommandList* directLists[] = {directList};
  REQUIRE(direct->Wait(fence, 1) == S_OK);
  direct->ExecuteCommandLists(1, directLists);
  REQUIRE(direct->Signal(done, 1) == S_OK);
  CHECK(done->GetCompletedValue() == 0);

  int event = eventfd(0, EFD_CLOEXEC);
  REQUIRE(event >= 0);
  REQUIRE(done->SetEventOnCompletion(1, reinterpret_cast<HANDLE>(intptr_t(event))) == S_OK);
  pollfd pending{event, POLLIN, 0};
  CHECK(poll(&pending, 1, 0) == 0);  // not signalled yet

  ID3D12CommandList* copyLists[] = {copyList};
  copyQueue->ExecuteCommandLists(1, copyLists);
  REQUIRE(copyQueue->Signal(fence, 1) == S_OK);

  pollfd ready{event, POLLIN, 0};
  REQUIRE(poll(&ready, 1, 10000) == 1);
  uint64_t count = 0;
  REQUIRE(read(event, &count, sizeof count) == ssize_t(sizeof count));
  CHECK(count == 1);
  close(event);
  CHECK(done->GetCompletedValue() == 1);
  CHECK(fence->GetCompletedValue() == 1);
  CHECK(readBuffer(readback, kSize) == bytes);

  for (IUnknown* o : std::initializer_list<IUnknown*>{readback, gpu, upload, done, fence, directList, copyList,
                                                      directAllocator, copyAllocator, direct, copyQueue})
    o->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 fences: CPU Signal releases a queue Wait, values and events", "[d3d12][fence]") {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* gate = createFence(device, 5);
  ID3D12Fence* after = createFence(device);
  CHECK(gate->GetCompletedValue() == 5);

  // An event for a value already reached is signalled at once.
  int event = eventfd(0, EFD_CLOEXEC);
  REQUIRE(event >= 0);
  REQUIRE(gate->SetEventOnCompletion(5, reinterpret_cast<HANDLE>(intptr_t(event))) == S_OK);
  uint64_t count = 0;
  REQUIRE(read(event, &count, sizeof count) == ssize_t(sizeof count));
  CHECK(count == 1);
  close(event);

  REQUIRE(queue->Wait(gate, 7) == S_OK);
  REQUIRE(queue->Signal(after, 3) == S_OK);
  CHECK(after->GetCompletedValue() == 0);  // held back behind the wait
  REQUIRE(gate->Signal(6) == S_OK);
  CHECK(after->GetCompletedValue() == 0);
  REQUIRE(gate->Signal(7) == S_OK);  // releases the queue
  REQUIRE(after->SetEventOnCompletion(3, nullptr) == S_OK);
  CHECK(after->GetCompletedValue() == 3);
  CHECK(gate->GetCompletedValue() == 7);

  CHECK(device->GetDeviceRemovedReason() == S_OK);
  after->Release();
  gate->Release();
  queue->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 device creation fills the DDI tables through FillDDITable", "[d3d12][trace]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ID3D12Device* device = createDevice12();
  CHECK(device->Release() == 0);
  std::vector<std::string> fills = trace.calls("D3D12 FillDDITable");
  REQUIRE(fills.size() == 7);
  CHECK(fills[0].rfind("D3D12 FillDDITable(Type=0, Size=712) -> S_OK", 0) == 0);  // 89 device-core slots
  CHECK(fills[1].rfind("D3D12 FillDDITable(Type=1, Size=408) -> S_OK", 0) == 0);  // 51 command-list slots
  CHECK(fills[2].rfind("D3D12 FillDDITable(Type=2, Size=56) -> S_OK", 0) == 0);   // 7 command-queue slots
  CHECK(fills[3].rfind("D3D12 FillDDITable(Type=65536, Size=48) -> S_OK", 0) == 0);  // d3dvk fence/CPU table: 6 entries
  CHECK(fills[4].rfind("D3D12 FillDDITable(Type=65538, Size=16) -> S_OK", 0) == 0);  // d3dvk texture CPU access: 2 entries
  CHECK(fills[5].rfind("D3D12 FillDDITable(Type=65539, Size=16) -> S_OK", 0) == 0);  // d3dvk command-list 1/2 table: 2 entries
  CHECK(fills[6].rfind("D3D12 FillDDITable(Type=65537, Size=8) -> S_OK", 0) == 0);  // d3dvk message table: 1 entry
}

TEST_CASE("D3D12 API calls reach the DDI as the matching entries, and dropped commands do not", "[d3d12][trace]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  ID3D12Fence* fence = createFence(device);
  ID3D12Resource* upload = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 256);
  ID3D12Resource* readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, 256);
  size_t before = trace.lines().size();

  list->CopyBufferRegion(readback, 0, upload, 0, 256);
  list->CopyBufferRegion(readback, 0, upload, 0, 512);  // past the end: dropped by the runtime
  D3D12_RESOURCE_BARRIER uav{};
  uav.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
  list->ResourceBarrier(1, &uav);
  list->DrawInstanced(3, 1, 0, 0);  // no pipeline state: dropped by the runtime, fails the list
  CHECK(list->Close() == E_INVALIDARG);
  REQUIRE(allocator->Reset() == S_OK);
  REQUIRE(list->Reset(allocator, nullptr) == S_OK);
  list->CopyBufferRegion(readback, 0, upload, 0, 256);
  REQUIRE(list->Close() == S_OK);
  UINT64 value = 0;
  executeAndWait(queue, {list}, fence, &value);

  std::vector<std::string> lines = trace.lines();
  std::vector<std::string> calls(lines.begin() + before, lines.end());
  std::vector<std::string> expected = {
      "D3D12 CopyBufferRegion()",   "D3D12 ResourceBarrier()",     "D3D12 CloseCommandList()",
      "D3D12 ResetCommandAllocator()", "D3D12 ResetCommandList()", "D3D12 CopyBufferRegion()",
      "D3D12 CloseCommandList()",   "D3D12 ExecuteCommandLists()", "D3D12 SignalFence()"};
  CHECK(calls == expected);
  for (IUnknown* o : std::initializer_list<IUnknown*>{readback, upload, fence, list, allocator, queue}) o->Release();
  CHECK(device->Release() == 0);
  CHECK(trace.calls("D3D12 DestroyHeapAndResource").size() == 2);
  CHECK(trace.calls("D3D12 CreateHeapAndResource") ==
        std::vector<std::string>(2, "D3D12 CreateHeapAndResource() -> S_OK"));
}
