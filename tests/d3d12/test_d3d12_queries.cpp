// tests/d3d12: query heaps and queries — timestamps that increase across work
// and GetTimestampFrequency; an occlusion query and a pipeline-statistics query
// around clears (no draws: every count is 0 — when the draw path lands, a draw
// between Begin and End in these lists must make them count); never-issued
// queries resolving to 0; and the misuse D3D12 refuses.
#include "d3d12_test_util.h"
#include "ddi_trace_log.h"

#include <chrono>
#include <ctime>
#include <thread>

using namespace d3dvk::test;

namespace {

struct Context {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;
  std::vector<IUnknown*> owned;

  ~Context() {
    for (IUnknown* o : owned) o->Release();
    fence->Release();
    list->Release();
    allocator->Release();
    queue->Release();
    CHECK(device->Release() == 0);
  }
  HRESULT run() {
    HRESULT hr = list->Close();
    if (hr == S_OK) executeAndWait(queue, {list}, fence, &value);
    REQUIRE(allocator->Reset() == S_OK);
    REQUIRE(list->Reset(allocator, nullptr) == S_OK);
    return hr;
  }
  ID3D12QueryHeap* queryHeap(D3D12_QUERY_HEAP_TYPE type, UINT count) {
    D3D12_QUERY_HEAP_DESC desc{type, count, 0};
    void* heap = nullptr;
    HRESULT hr = device->CreateQueryHeap(&desc, __uuidof(ID3D12QueryHeap), &heap);
    auto* h = createdOrFail<ID3D12QueryHeap>(hr, heap);
    owned.push_back(h);
    return h;
  }
  ID3D12Resource* readback(UINT64 size) {
    ID3D12Resource* r = createBuffer(device, D3D12_HEAP_TYPE_READBACK, size);
    owned.push_back(r);
    return r;
  }
  // Some GPU work: a render target cleared `times` times.
  void work(int times) {
    if (!rt) {
      rt = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT,
                           texture2DDesc(256, 256, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET),
                           D3D12_RESOURCE_STATE_RENDER_TARGET);
      owned.push_back(rt);
      D3D12_DESCRIPTOR_HEAP_DESC desc{D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
      void* heap = nullptr;
      REQUIRE(device->CreateDescriptorHeap(&desc, __uuidof(ID3D12DescriptorHeap), &heap) == S_OK);
      rtvs = static_cast<ID3D12DescriptorHeap*>(heap);
      owned.push_back(rtvs);
      device->CreateRenderTargetView(rt, nullptr, rtvs->GetCPUDescriptorHandleForHeapStart());
    }
    const FLOAT color[4] = {0.25f, 0.5f, 0.75f, 1.0f};
    for (int i = 0; i < times; ++i) list->ClearRenderTargetView(rtvs->GetCPUDescriptorHandleForHeapStart(), color, 0, nullptr);
  }
  ID3D12Resource* rt = nullptr;
  ID3D12DescriptorHeap* rtvs = nullptr;
};

std::vector<UINT64> words(ID3D12Resource* buffer, size_t count) {
  std::vector<unsigned char> bytes = readBuffer(buffer, count * 8);
  std::vector<UINT64> out(count);
  std::memcpy(out.data(), bytes.data(), count * 8);
  return out;
}

}  // namespace

TEST_CASE("D3D12 timestamps increase across work, GetTimestampFrequency answers", "[d3d12][queries]") {
  Context c;
  UINT64 frequency = 0;
  REQUIRE(c.queue->GetTimestampFrequency(&frequency) == S_OK);
  CHECK(frequency > 0);
  ID3D12QueryHeap* heap = c.queryHeap(D3D12_QUERY_HEAP_TYPE_TIMESTAMP, 4);
  ID3D12Resource* results = c.readback(4 * 8);
  c.list->EndQuery(heap, D3D12_QUERY_TYPE_TIMESTAMP, 0);
  c.work(20);
  c.list->EndQuery(heap, D3D12_QUERY_TYPE_TIMESTAMP, 1);
  c.list->ResolveQueryData(heap, D3D12_QUERY_TYPE_TIMESTAMP, 0, 4, results, 0);  // 2 and 3 never written
  REQUIRE(c.run() == S_OK);
  std::vector<UINT64> t = words(results, 4);
  CHECK(t[0] > 0);
  CHECK(t[1] > t[0]);
  CHECK(t[2] == 0);
  CHECK(t[3] == 0);

  // A later list's timestamp is later still.
  c.list->EndQuery(heap, D3D12_QUERY_TYPE_TIMESTAMP, 2);
  c.list->ResolveQueryData(heap, D3D12_QUERY_TYPE_TIMESTAMP, 2, 1, results, 16);
  REQUIRE(c.run() == S_OK);
  CHECK(words(results, 3)[2] > t[1]);
}

TEST_CASE("D3D12 GetClockCalibration pairs a GPU timestamp with the CPU clock (CLOCK_MONOTONIC ns), both advancing "
          "together",
          "[d3d12][queries]") {
  Context c;
  UINT64 frequency = 0;
  REQUIRE(c.queue->GetTimestampFrequency(&frequency) == S_OK);
  auto monotonic = [] {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return UINT64(ts.tv_sec) * 1000000000u + UINT64(ts.tv_nsec);
  };
  UINT64 gpu0 = 0, cpu0 = 0, gpu1 = 0, cpu1 = 0;
  const UINT64 before = monotonic();
  REQUIRE(c.queue->GetClockCalibration(&gpu0, &cpu0) == S_OK);
  const UINT64 after = monotonic();
  CHECK(cpu0 >= before);
  CHECK(cpu0 <= after);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  REQUIRE(c.queue->GetClockCalibration(&gpu1, &cpu1) == S_OK);
  CHECK(gpu1 > gpu0);
  const double gpuSeconds = double(gpu1 - gpu0) / double(frequency), cpuSeconds = double(cpu1 - cpu0) / 1e9;
  CHECK(cpuSeconds >= 0.05);
  CHECK(gpuSeconds > cpuSeconds * 0.5);
  CHECK(gpuSeconds < cpuSeconds * 2.0);
  CHECK(c.queue->GetClockCalibration(nullptr, &cpu1) == E_INVALIDARG);
}

TEST_CASE("D3D12 occlusion and pipeline-statistics queries around clears resolve to 0", "[d3d12][queries]") {
  // No draws exist yet: the counts must be 0. With the draw path, a draw
  // between BeginQuery and EndQuery here must give nonzero counts.
  Context c;
  ID3D12QueryHeap* occlusion = c.queryHeap(D3D12_QUERY_HEAP_TYPE_OCCLUSION, 2);
  ID3D12QueryHeap* statistics = c.queryHeap(D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS, 1);
  ID3D12Resource* results = c.readback(2 * 8 + sizeof(D3D12_QUERY_DATA_PIPELINE_STATISTICS));
  // Make the destination nonzero first so the resolve is seen writing its zeros.
  void* data = nullptr;
  REQUIRE(results->Map(0, nullptr, &data) == S_OK);
  std::memset(data, 0xAB, 2 * 8 + sizeof(D3D12_QUERY_DATA_PIPELINE_STATISTICS));
  results->Unmap(0, nullptr);
  c.list->BeginQuery(occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0);
  c.list->BeginQuery(statistics, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0);
  c.work(2);
  c.list->EndQuery(statistics, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0);
  c.list->EndQuery(occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0);
  c.list->BeginQuery(occlusion, D3D12_QUERY_TYPE_BINARY_OCCLUSION, 1);
  c.work(1);
  c.list->EndQuery(occlusion, D3D12_QUERY_TYPE_BINARY_OCCLUSION, 1);
  c.list->ResolveQueryData(occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0, 1, results, 0);
  c.list->ResolveQueryData(occlusion, D3D12_QUERY_TYPE_BINARY_OCCLUSION, 1, 1, results, 8);
  c.list->ResolveQueryData(statistics, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0, 1, results, 16);
  REQUIRE(c.run() == S_OK);
  std::vector<UINT64> w = words(results, 2 + 11);
  for (size_t i = 0; i < w.size(); ++i) {
    INFO("word " << i);
    CHECK(w[i] == 0);
  }
}

TEST_CASE("D3D12 query misuse: bad heaps, begun timestamps, unmatched End, open at Close", "[d3d12][queries][errors]") {
  Context c;
  D3D12_QUERY_HEAP_DESC empty{D3D12_QUERY_HEAP_TYPE_OCCLUSION, 0, 0};
  void* heap = reinterpret_cast<void*>(1);
  CHECK(c.device->CreateQueryHeap(&empty, __uuidof(ID3D12QueryHeap), &heap) == E_INVALIDARG);
  CHECK(heap == nullptr);
  D3D12_QUERY_HEAP_DESC copyQueue{D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP, 1, 0};
  CHECK(c.device->CreateQueryHeap(&copyQueue, __uuidof(ID3D12QueryHeap), &heap) == E_NOTIMPL);
  CHECK(c.device->CreateQueryHeap(nullptr, __uuidof(ID3D12QueryHeap), &heap) == E_INVALIDARG);

  ID3D12QueryHeap* timestamps = c.queryHeap(D3D12_QUERY_HEAP_TYPE_TIMESTAMP, 2);
  ID3D12QueryHeap* occlusion = c.queryHeap(D3D12_QUERY_HEAP_TYPE_OCCLUSION, 2);
  ID3D12Resource* results = c.readback(64);

  SECTION("BeginQuery of a timestamp") {
    c.list->BeginQuery(timestamps, D3D12_QUERY_TYPE_TIMESTAMP, 0);
    CHECK(c.run() == E_INVALIDARG);
  }
  SECTION("a query type of another heap") {
    c.list->EndQuery(occlusion, D3D12_QUERY_TYPE_TIMESTAMP, 0);
    CHECK(c.run() == E_INVALIDARG);
  }
  SECTION("an index past the heap") {
    c.list->EndQuery(timestamps, D3D12_QUERY_TYPE_TIMESTAMP, 2);
    CHECK(c.run() == E_INVALIDARG);
  }
  SECTION("EndQuery without BeginQuery (the driver refuses)") {
    c.list->EndQuery(occlusion, D3D12_QUERY_TYPE_OCCLUSION, 1);
    CHECK(c.run() == E_INVALIDARG);
  }
  SECTION("two occlusion queries at once (the driver refuses)") {
    c.list->BeginQuery(occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0);
    c.list->BeginQuery(occlusion, D3D12_QUERY_TYPE_OCCLUSION, 1);
    c.list->EndQuery(occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0);
    CHECK(c.run() == E_INVALIDARG);
  }
  SECTION("a query still open at Close (the driver ends it and fails)") {
    c.list->BeginQuery(occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0);
    CHECK(c.run() == E_INVALIDARG);
  }
  SECTION("ResolveQueryData past the buffer or misaligned") {
    c.list->ResolveQueryData(timestamps, D3D12_QUERY_TYPE_TIMESTAMP, 0, 2, results, 56);
    CHECK(c.run() == E_INVALIDARG);
    c.list->ResolveQueryData(timestamps, D3D12_QUERY_TYPE_TIMESTAMP, 0, 2, results, 4);
    CHECK(c.run() == E_INVALIDARG);
    c.list->ResolveQueryData(timestamps, D3D12_QUERY_TYPE_TIMESTAMP, 1, 2, results, 0);
    CHECK(c.run() == E_INVALIDARG);
  }
  // The list works again afterwards.
  c.list->EndQuery(timestamps, D3D12_QUERY_TYPE_TIMESTAMP, 0);
  c.list->ResolveQueryData(timestamps, D3D12_QUERY_TYPE_TIMESTAMP, 0, 1, results, 0);
  CHECK(c.run() == S_OK);
  CHECK(words(results, 1)[0] > 0);
}

TEST_CASE("D3D12 queries reach the DDI as their entries, dropped ones do not", "[d3d12][queries][trace]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  {
    Context c;
    ID3D12QueryHeap* heap = c.queryHeap(D3D12_QUERY_HEAP_TYPE_TIMESTAMP, 2);
    ID3D12Resource* results = c.readback(16);
    size_t before = trace.lines().size();
    c.list->EndQuery(heap, D3D12_QUERY_TYPE_TIMESTAMP, 0);
    c.list->BeginQuery(heap, D3D12_QUERY_TYPE_TIMESTAMP, 1);  // dropped by the runtime
    c.list->ResolveQueryData(heap, D3D12_QUERY_TYPE_TIMESTAMP, 0, 1, results, 0);
    CHECK(c.list->Close() == E_INVALIDARG);
    std::vector<std::string> lines = trace.lines();
    std::vector<std::string> calls(lines.begin() + before, lines.end());
    CHECK(calls == std::vector<std::string>{"D3D12 EndQuery()", "D3D12 ResolveQueryData()", "D3D12 CloseCommandList()"});
    REQUIRE(c.allocator->Reset() == S_OK);
    REQUIRE(c.list->Reset(c.allocator, nullptr) == S_OK);
  }
  CHECK(trace.calls("D3D12 CreateQueryHeap") == std::vector<std::string>{"D3D12 CreateQueryHeap() -> S_OK"});
  CHECK(trace.calls("D3D12 DestroyQueryHeap").size() == 1);
}
