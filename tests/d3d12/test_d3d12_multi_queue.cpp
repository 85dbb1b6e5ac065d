// tests/d3d12: work split over a copy, a compute and a direct queue, ordered
// only by fences, under Vulkan synchronization validation (D3DVK_VALIDATION=
// sync: a hazard is a validation message, which fails the test): the copy
// queue uploads vertices and a UAV's initial words, the compute queue adds to
// the UAV, the direct queue draws with the copied vertices and reads the UAV
// back. The three lists are recorded on three threads at once, into their own
// allocators; the queues are given their waits before the signals they wait
// for exist (D3D12 allows it). Values read back: pixels, UAV words, fences.
#include "d3d12_pipeline_util.h"
#include "ddi_trace_log.h"

#include <optional>
#include <thread>

using namespace d3dvk::test;

namespace {
constexpr uint32_t kRed = 0xFF0000FF, kBlack = 0xFF000000;
const float kRedF[4] = {1, 0, 0, 1}, kBlackF[4] = {0, 0, 0, 1};
// The left half of the target as two triangles.
const float kLeft[] = {-1, -1, 0, -1, 1, 0, 0, 1, 0, -1, -1, 0, 0, 1, 0, 0, -1, 0};
}  // namespace

TEST_CASE("D3D12 copy, compute and direct queues chained by fences, lists recorded on three threads at once",
          "[d3d12][queues][threads]") {
  ScopedEnv sync("D3DVK_VALIDATION", "sync");
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* copyQueue = createQueue(device, D3D12_COMMAND_LIST_TYPE_COPY);
  ID3D12CommandQueue* computeQueue = createQueue(device, D3D12_COMMAND_LIST_TYPE_COMPUTE);
  ID3D12CommandQueue* directQueue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);

  // Sources in an upload buffer: vertices at 0, the UAV's initial words (i * 3) at 1024.
  ID3D12Resource* upload = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 4096);
  writeUpload(upload, 0, kLeft, sizeof kLeft);
  std::vector<uint32_t> initial(256);
  for (uint32_t i = 0; i < 256; ++i) initial[i] = i * 3;
  writeUpload(upload, 1024, initial.data(), 1024);
  ID3D12Resource* vertices = createBuffer(device, D3D12_HEAP_TYPE_DEFAULT, sizeof kLeft);
  D3D12_RESOURCE_DESC uavDesc = bufferDesc(1024);
  uavDesc.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
  ID3D12Resource* uav = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, uavDesc, D3D12_RESOURCE_STATE_COMMON);
  ID3D12Resource* readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, 1024);
  std::optional<RenderTarget16> target(std::in_place, device);
  ID3D12RootSignature* graphicsRs = graphicsRootSignature(device);
  ID3D12PipelineState* graphicsPso = createConstantColourPso(device, graphicsRs);
  ID3D12RootSignature* computeRs = computeRootSignature(device);
  ID3D12PipelineState* computePso = createAddPso(device, computeRs);

  const D3D12_COMMAND_LIST_TYPE types[3] = {D3D12_COMMAND_LIST_TYPE_COPY, D3D12_COMMAND_LIST_TYPE_COMPUTE,
                                            D3D12_COMMAND_LIST_TYPE_DIRECT};
  ID3D12CommandAllocator* allocators[3];
  ID3D12GraphicsCommandList* lists[3];
  for (int i = 0; i < 3; ++i) {
    allocators[i] = createAllocator(device, types[i]);
    lists[i] = createList(device, types[i], allocators[i]);
  }
  auto transition = [](ID3D12GraphicsCommandList* list, ID3D12Resource* r, D3D12_RESOURCE_STATES before,
                       D3D12_RESOURCE_STATES after) {
    D3D12_RESOURCE_BARRIER b{};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition = {r, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, before, after};
    list->ResourceBarrier(1, &b);
  };
  HRESULT closed[3] = {E_FAIL, E_FAIL, E_FAIL};
  auto record = [&](int i) {
    ID3D12GraphicsCommandList* list = lists[i];
    if (i == 0) {  // copy: buffers in COMMON are promoted to COPY_DEST and decay back at the end
      list->CopyBufferRegion(vertices, 0, upload, 0, sizeof kLeft);
      list->CopyBufferRegion(uav, 0, upload, 1024, 1024);
    } else if (i == 1) {  // compute: two groups of 64 add 1 + 100 to words 0-127
      transition(list, uav, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
      list->SetComputeRootSignature(computeRs);
      list->SetPipelineState(computePso);
      list->SetComputeRoot32BitConstant(0, 100, 0);
      list->SetComputeRootUnorderedAccessView(1, uav->GetGPUVirtualAddress());
      for (int n = 0; n < 20; ++n) list->Dispatch(n == 0 ? 2 : 0, 1, 1);  // more calls, so the recordings overlap
      transition(list, uav, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COMMON);
    } else {  // direct: draw the left half red with the copied vertices, read the UAV back
      target->bind(list, kBlackF);
      list->SetGraphicsRootSignature(graphicsRs);
      list->SetPipelineState(graphicsPso);
      list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
      D3D12_VERTEX_BUFFER_VIEW vbv{vertices->GetGPUVirtualAddress(), sizeof kLeft, 12};
      list->IASetVertexBuffers(0, 1, &vbv);
      list->SetGraphicsRoot32BitConstants(0, 4, kRedF, 0);
      for (int n = 0; n < 20; ++n) list->DrawInstanced(6, 1, 0, 0);
      target->copyOut(list);
      list->CopyBufferRegion(readback, 0, uav, 0, 1024);
    }
    closed[i] = list->Close();
  };
  std::thread threads[3] = {std::thread(record, 0), std::thread(record, 1), std::thread(record, 2)};
  for (std::thread& t : threads) t.join();
  for (HRESULT hr : closed) CHECK(hr == S_OK);

  // Submitted backwards: each queue's wait is queued before the signal it waits for.
  ID3D12CommandList* direct[] = {lists[2]};
  ID3D12CommandList* compute[] = {lists[1]};
  ID3D12CommandList* copy[] = {lists[0]};
  REQUIRE(directQueue->Wait(fence, 2) == S_OK);
  directQueue->ExecuteCommandLists(1, direct);
  REQUIRE(directQueue->Signal(fence, 3) == S_OK);
  REQUIRE(computeQueue->Wait(fence, 1) == S_OK);
  computeQueue->ExecuteCommandLists(1, compute);
  REQUIRE(computeQueue->Signal(fence, 2) == S_OK);
  CHECK(fence->GetCompletedValue() == 0);  // nothing can run before the copy queue's signal
  copyQueue->ExecuteCommandLists(1, copy);
  REQUIRE(copyQueue->Signal(fence, 1) == S_OK);
  REQUIRE(fence->SetEventOnCompletion(3, nullptr) == S_OK);
  CHECK(fence->GetCompletedValue() == 3);

  const std::vector<unsigned char> bytes = readBuffer(readback, 1024);
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t v = 0;
    std::memcpy(&v, &bytes[i * 4], 4);
    INFO("word " << i);
    CHECK(v == i * 3 + (i < 128 ? 101u : 0u));
  }
  const std::vector<uint32_t> pixels = target->pixels();
  for (UINT y = 0; y < RenderTarget16::kSize; ++y)
    for (UINT x = 0; x < RenderTarget16::kSize; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(pixels[y * RenderTarget16::kSize + x] == (x < RenderTarget16::kSize / 2 ? kRed : kBlack));
    }

  // The queues again, forwards this time, from lists re-recorded into reset allocators: the chain continues at 4.
  for (int i = 0; i < 3; ++i) {
    REQUIRE(allocators[i]->Reset() == S_OK);
    REQUIRE(lists[i]->Reset(allocators[i], nullptr) == S_OK);
  }
  std::thread again[3] = {std::thread(record, 0), std::thread(record, 1), std::thread(record, 2)};
  for (std::thread& t : again) t.join();
  for (HRESULT hr : closed) CHECK(hr == S_OK);
  copyQueue->ExecuteCommandLists(1, copy);
  REQUIRE(copyQueue->Signal(fence, 4) == S_OK);
  REQUIRE(computeQueue->Wait(fence, 4) == S_OK);
  computeQueue->ExecuteCommandLists(1, compute);
  REQUIRE(computeQueue->Signal(fence, 5) == S_OK);
  REQUIRE(directQueue->Wait(fence, 5) == S_OK);
  directQueue->ExecuteCommandLists(1, direct);
  REQUIRE(directQueue->Signal(fence, 6) == S_OK);
  REQUIRE(fence->SetEventOnCompletion(6, nullptr) == S_OK);
  CHECK(fence->GetCompletedValue() == 6);
  const std::vector<unsigned char> again2 = readBuffer(readback, 1024);
  CHECK(std::memcmp(again2.data(), bytes.data(), 1024) == 0);  // the copy restored the initial words first

  for (int i = 0; i < 3; ++i) {
    lists[i]->Release();
    allocators[i]->Release();
  }
  computePso->Release();
  computeRs->Release();
  graphicsPso->Release();
  graphicsRs->Release();
  readback->Release();
  uav->Release();
  vertices->Release();
  upload->Release();
  fence->Release();
  directQueue->Release();
  computeQueue->Release();
  copyQueue->Release();
  target.reset();
  CHECK(device->Release() == 0);
}
