// tests/hostile: D3D12 misuse its debug layer reports and d3dvk must survive
// (issue 30, item 8): Reset of an allocator whose list still waits in a queue
// or runs (#552 COMMAND_ALLOCATOR_SYNC, E_FAIL, nothing changes), Release of
// such an allocator (#921, its memory kept until the work retires), and
// Release of a fence a queue waits on (the wait is dropped and reported, the
// queue goes on). In each the held-back work still runs correctly.
#include "hostile_util.h"

using namespace d3dvk::test;

namespace {

// An UPLOAD buffer of 256 bytes holding 0, 1, 2, … and a READBACK buffer; a
// list copying one into the other.
struct CopyWork {
  ID3D12Resource* upload;
  ID3D12Resource* readback;
  explicit CopyWork(ID3D12Device* device)
      : upload(createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 256)), readback(createBuffer(device, D3D12_HEAP_TYPE_READBACK, 256)) {
    std::vector<unsigned char> bytes(256);
    for (int i = 0; i < 256; ++i) bytes[i] = (unsigned char)i;
    writeUpload(upload, 0, bytes.data(), bytes.size());
  }
  ~CopyWork() {
    readback->Release();
    upload->Release();
  }
  ID3D12GraphicsCommandList* record(ID3D12Device* device, ID3D12CommandAllocator* allocator) const {
    ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
    list->CopyBufferRegion(readback, 0, upload, 0, 256);
    REQUIRE(list->Close() == S_OK);
    return list;
  }
  bool copied() const {
    const std::vector<unsigned char> bytes = readBuffer(readback, 256);
    for (int i = 0; i < 256; ++i)
      if (bytes[i] != (unsigned char)i) return false;
    return true;
  }
};

// Executes `list` on the device's queue behind a Wait on `gate` reaching 1, then signals the device's fence.
void executeBehindGate(HostileDevice12& d, ID3D12Fence* gate, ID3D12GraphicsCommandList* list) {
  REQUIRE(d.queue->Wait(gate, 1) == S_OK);
  ID3D12CommandList* lists[] = {list};
  d.queue->ExecuteCommandLists(1, lists);
  REQUIRE(d.queue->Signal(d.fence, ++d.fenceValue) == S_OK);
}

}  // namespace

TEST_CASE("hostile allocators: Reset while its list waits in a queue or runs is COMMAND_ALLOCATOR_SYNC and E_FAIL, "
          "the list's work still runs",
          "[hostile][d3d12][lifetime]") {
  HostileDevice12 d;
  CopyWork work(d.device);
  ID3D12Fence* gate = createFence(d.device);
  ID3D12GraphicsCommandList* list = work.record(d.device, d.allocator);
  executeBehindGate(d, gate, list);
  CHECK(d.allocator->Reset() == E_FAIL);
  CHECK(d.reported(D3D12_MESSAGE_ID_COMMAND_ALLOCATOR_SYNC, "still executing"));
  REQUIRE(gate->Signal(1) == S_OK);
  REQUIRE(d.fence->SetEventOnCompletion(d.fenceValue, nullptr) == S_OK);
  CHECK(work.copied());
  // Retired: the Reset goes through now, and the list can record again.
  CHECK(d.allocator->Reset() == S_OK);
  CHECK(list->Reset(d.allocator, nullptr) == S_OK);
  CHECK(list->Close() == S_OK);
  list->Release();
  gate->Release();
}

TEST_CASE("hostile allocators: releasing an allocator and its list while the list waits in a queue keeps the commands "
          "alive until they ran",
          "[hostile][d3d12][lifetime]") {
  HostileDevice12 d;
  CopyWork work(d.device);
  ID3D12Fence* gate = createFence(d.device);
  ID3D12CommandAllocator* allocator = createAllocator(d.device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = work.record(d.device, allocator);
  executeBehindGate(d, gate, list);
  list->Release();
  CHECK(allocator->Release() == 0);
  CHECK(d.reported(D3D12_MESSAGE_ID_OBJECT_DELETED_WHILE_STILL_IN_USE, "still executes"));
  REQUIRE(gate->Signal(1) == S_OK);
  REQUIRE(d.fence->SetEventOnCompletion(d.fenceValue, nullptr) == S_OK);
  CHECK(work.copied());
  gate->Release();
}

TEST_CASE("hostile fences: releasing a fence a queue waits on drops the wait (reported), and the queue goes on without "
          "submitting freed memory",
          "[hostile][d3d12][lifetime]") {
  HostileDevice12 d;
  CopyWork work(d.device);
  ID3D12Fence* gate = createFence(d.device);
  // The list and its allocator are released first too (the application gave up
  // on the work): releasing the fence lets the queue go on, and what it then
  // submits is still alive.
  ID3D12CommandAllocator* allocator = createAllocator(d.device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = work.record(d.device, allocator);
  executeBehindGate(d, gate, list);
  list->Release();
  CHECK(allocator->Release() == 0);
  CHECK(gate->Release() == 0);
  CHECK(d.reported(D3D12_MESSAGE_ID_UNKNOWN, "a fence was destroyed while a queue still waited on it"));
  REQUIRE(d.fence->SetEventOnCompletion(d.fenceValue, nullptr) == S_OK);
  CHECK(work.copied());
  // The queue still takes waits and signals.
  ID3D12Fence* next = createFence(d.device);
  REQUIRE(next->Signal(3) == S_OK);
  REQUIRE(d.queue->Wait(next, 3) == S_OK);
  REQUIRE(d.queue->Signal(d.fence, ++d.fenceValue) == S_OK);
  REQUIRE(d.fence->SetEventOnCompletion(d.fenceValue, nullptr) == S_OK);
  next->Release();
}
