// tests/d3d12: bundles (D3D12_COMMAND_LIST_TYPE_BUNDLE) through the public
// API: a bundle's draws and dispatches run with the root signature, root
// arguments and descriptor heaps of the direct list that executes it, its
// pipeline state (its initial one) and the state it sets stay set in the list
// afterwards, one bundle runs many times in one list and in several lists,
// and the calls D3D12 refuses in a bundle, or refuses of ExecuteBundle, fail
// Close as D3D12 defines. Values read back on the Vulkan device (pixels, UAV
// words) under the validation layer.
#include "d3d12_pipeline_util.h"

#include <functional>

using namespace d3dvk::test;

namespace {
constexpr uint32_t kRed = 0xFF0000FF, kGreen = 0xFF00FF00, kBlue = 0xFFFF0000, kBlack = 0xFF000000;
const float kRedF[4] = {1, 0, 0, 1}, kGreenF[4] = {0, 1, 0, 1}, kBlueF[4] = {0, 0, 1, 1}, kBlackF[4] = {0, 0, 0, 1};
// One triangle covering the whole target.
const float kFullScreen[] = {-1, -1, 0, -1, 3, 0, 3, -1, 0};

struct BundleRig {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 fenceValue = 0;
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandAllocator* bundleAllocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_BUNDLE);
  ~BundleRig() {
    bundleAllocator->Release();
    allocator->Release();
    fence->Release();
    queue->Release();
    device->Release();
  }
  ID3D12GraphicsCommandList* bundle(ID3D12PipelineState* initial) {
    void* list = nullptr;
    HRESULT hr = device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_BUNDLE, bundleAllocator, initial,
                                           __uuidof(ID3D12GraphicsCommandList), &list);
    return createdOrFail<ID3D12GraphicsCommandList>(hr, list);
  }
  ID3D12GraphicsCommandList* direct() { return createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator); }
};

void setColour(ID3D12GraphicsCommandList* list, const float colour[4]) {
  list->SetGraphicsRoot32BitConstants(0, 4, colour, 0);
}
}  // namespace

TEST_CASE("D3D12 bundle draws with the executing list's root signature and constants and leaves its state set",
          "[d3d12][bundles]") {
  BundleRig rig;
  ID3D12RootSignature* rs = graphicsRootSignature(rig.device);
  ID3D12PipelineState* pso = createConstantColourPso(rig.device, rs);
  ID3D12Resource* vertices = createBuffer(rig.device, D3D12_HEAP_TYPE_UPLOAD, sizeof kFullScreen);
  writeUpload(vertices, 0, kFullScreen, sizeof kFullScreen);
  const D3D12_VERTEX_BUFFER_VIEW vbv{vertices->GetGPUVirtualAddress(), sizeof kFullScreen, 12};
  RenderTarget16 target(rig.device);

  // The bundle: its initial pipeline state, topology, vertices and a draw;
  // no root signature or constants of its own.
  ID3D12GraphicsCommandList* draw = rig.bundle(pso);
  draw->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  draw->IASetVertexBuffers(0, 1, &vbv);
  draw->DrawInstanced(3, 1, 0, 0);
  REQUIRE(draw->Close() == S_OK);
  // A bundle that only sets the colour: what it sets stays set in the list.
  ID3D12GraphicsCommandList* paintGreen = rig.bundle(nullptr);
  paintGreen->SetGraphicsRootSignature(rs);
  setColour(paintGreen, kGreenF);
  REQUIRE(paintGreen->Close() == S_OK);

  ID3D12GraphicsCommandList* list = rig.direct();
  target.bind(list, kBlackF);
  list->SetGraphicsRootSignature(rs);
  setColour(list, kRedF);

  SECTION("the bundle's draw reads the list's root constants") {
    list->ExecuteBundle(draw);
    target.copyOut(list);
    REQUIRE(list->Close() == S_OK);
    executeAndWait(rig.queue, {list}, rig.fence, &rig.fenceValue);
    for (uint32_t p : target.pixels()) REQUIRE(p == kRed);
  }
  SECTION("the list draws after the bundles with the pipeline state, topology, vertices and constants they set") {
    list->ExecuteBundle(draw);
    list->ExecuteBundle(paintGreen);
    D3D12_RECT left{0, 0, 8, 16};
    list->RSSetScissorRects(1, &left);
    list->DrawInstanced(3, 1, 0, 0);  // no PSO, topology or vertex buffer set on the list itself
    target.copyOut(list);
    REQUIRE(list->Close() == S_OK);
    executeAndWait(rig.queue, {list}, rig.fence, &rig.fenceValue);
    const std::vector<uint32_t> pixels = target.pixels();
    for (UINT y = 0; y < 16; ++y)
      for (UINT x = 0; x < 16; ++x) REQUIRE(pixels[y * 16 + x] == (x < 8 ? kGreen : kRed));
  }
  list->Release();
  paintGreen->Release();
  draw->Release();
  vertices->Release();
  pso->Release();
  rs->Release();
}

TEST_CASE("D3D12 bundle executes many times in one list and in several lists", "[d3d12][bundles]") {
  BundleRig rig;
  ID3D12RootSignature* rs = graphicsRootSignature(rig.device);
  ID3D12PipelineState* pso = createConstantColourPso(rig.device, rs);
  ID3D12Resource* vertices = createBuffer(rig.device, D3D12_HEAP_TYPE_UPLOAD, sizeof kFullScreen);
  writeUpload(vertices, 0, kFullScreen, sizeof kFullScreen);
  const D3D12_VERTEX_BUFFER_VIEW vbv{vertices->GetGPUVirtualAddress(), sizeof kFullScreen, 12};
  RenderTarget16 first(rig.device), second(rig.device);
  ID3D12GraphicsCommandList* draw = rig.bundle(pso);
  draw->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  draw->IASetVertexBuffers(0, 1, &vbv);
  draw->DrawInstanced(3, 1, 0, 0);
  REQUIRE(draw->Close() == S_OK);

  // List A: the bundle three times, under three scissors with three colours.
  ID3D12GraphicsCommandList* a = rig.direct();
  first.bind(a, kBlackF);
  a->SetGraphicsRootSignature(rs);
  const float* colours[3] = {kRedF, kGreenF, kBlueF};
  for (LONG i = 0; i < 3; ++i) {
    D3D12_RECT band{0, i * 4, 16, i * 4 + 4};
    a->RSSetScissorRects(1, &band);
    setColour(a, colours[i]);
    a->ExecuteBundle(draw);
  }
  first.copyOut(a);
  REQUIRE(a->Close() == S_OK);
  // List B (its own allocator): the same bundle into another target.
  ID3D12CommandAllocator* allocatorB = createAllocator(rig.device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* b = createList(rig.device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocatorB);
  second.bind(b, kBlackF);
  b->SetGraphicsRootSignature(rs);
  setColour(b, kBlueF);
  b->ExecuteBundle(draw);
  second.copyOut(b);
  REQUIRE(b->Close() == S_OK);
  executeAndWait(rig.queue, {a, b}, rig.fence, &rig.fenceValue);
  const std::vector<uint32_t> pa = first.pixels(), pb = second.pixels();
  const uint32_t bands[4] = {kRed, kGreen, kBlue, kBlack};
  for (UINT y = 0; y < 16; ++y)
    for (UINT x = 0; x < 16; ++x) {
      REQUIRE(pa[y * 16 + x] == bands[y / 4]);
      REQUIRE(pb[y * 16 + x] == kBlue);
    }
  // The lists again, after the first execution retired: the bundle still draws.
  executeAndWait(rig.queue, {b}, rig.fence, &rig.fenceValue);
  for (uint32_t p : second.pixels()) REQUIRE(p == kBlue);
  b->Release();
  allocatorB->Release();
  a->Release();
  draw->Release();
  vertices->Release();
  pso->Release();
  rs->Release();
}

TEST_CASE("D3D12 bundle dispatches with the list's compute root arguments, once per ExecuteBundle",
          "[d3d12][bundles]") {
  BundleRig rig;
  ID3D12RootSignature* rs = computeRootSignature(rig.device);
  ID3D12PipelineState* pso = createAddPso(rig.device, rs);
  D3D12_RESOURCE_DESC uavDesc = bufferDesc(256);
  uavDesc.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
  ID3D12Resource* uav = createCommitted(rig.device, D3D12_HEAP_TYPE_DEFAULT, uavDesc, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  ID3D12Resource* readback = createBuffer(rig.device, D3D12_HEAP_TYPE_READBACK, 256);
  ID3D12GraphicsCommandList* dispatch = rig.bundle(pso);
  dispatch->Dispatch(1, 1, 1);  // u0[i] += 1 + the list's root constant
  REQUIRE(dispatch->Close() == S_OK);

  ID3D12GraphicsCommandList* list = rig.direct();
  list->SetComputeRootSignature(rs);
  list->SetComputeRootUnorderedAccessView(1, uav->GetGPUVirtualAddress());
  D3D12_RESOURCE_BARRIER uavBarrier{};
  uavBarrier.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
  uavBarrier.UAV.pResource = uav;
  for (UINT i = 0; i < 4; ++i) {
    list->SetComputeRoot32BitConstant(0, i, 0);
    list->ExecuteBundle(dispatch);
    list->ResourceBarrier(1, &uavBarrier);
  }
  D3D12_RESOURCE_BARRIER toCopy{};
  toCopy.Transition = {uav, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
                       D3D12_RESOURCE_STATE_COPY_SOURCE};
  list->ResourceBarrier(1, &toCopy);
  list->CopyBufferRegion(readback, 0, uav, 0, 256);
  REQUIRE(list->Close() == S_OK);
  executeAndWait(rig.queue, {list}, rig.fence, &rig.fenceValue);
  std::vector<unsigned char> bytes = readBuffer(readback, 256);
  // Committed buffers start zeroed: (1+0) + (1+1) + (1+2) + (1+3).
  for (UINT i = 0; i < 64; ++i) {
    uint32_t word;
    std::memcpy(&word, &bytes[i * 4], 4);
    REQUIRE(word == 10);
  }
  list->Release();
  dispatch->Release();
  readback->Release();
  uav->Release();
  pso->Release();
  rs->Release();
}

TEST_CASE("D3D12 bundle refuses what D3D12 refuses in a bundle and ExecuteBundle refuses what is not a closed bundle",
          "[d3d12][bundles]") {
  BundleRig rig;
  RenderTarget16 target(rig.device);
  ID3D12Resource* buffer = createBuffer(rig.device, D3D12_HEAP_TYPE_DEFAULT, 256);
  ID3D12Resource* other = createBuffer(rig.device, D3D12_HEAP_TYPE_DEFAULT, 256);

  SECTION("a bundle's allocator and list types must match") {
    void* list = nullptr;
    REQUIRE(rig.device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_BUNDLE, rig.allocator, nullptr,
                                          __uuidof(ID3D12GraphicsCommandList), &list) == E_INVALIDARG);
    REQUIRE(rig.device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, rig.bundleAllocator, nullptr,
                                          __uuidof(ID3D12GraphicsCommandList), &list) == E_INVALIDARG);
    REQUIRE(list == nullptr);
  }
  SECTION("a bundle's allocator cannot reset while a bundle records with it") {
    ID3D12GraphicsCommandList* bundle = rig.bundle(nullptr);
    REQUIRE(rig.bundleAllocator->Reset() == E_FAIL);
    REQUIRE(bundle->Close() == S_OK);
    REQUIRE(rig.bundleAllocator->Reset() == S_OK);
    REQUIRE(bundle->Reset(rig.bundleAllocator, nullptr) == S_OK);
    REQUIRE(bundle->Close() == S_OK);
    bundle->Release();
  }
  SECTION("calls D3D12 refuses in a bundle fail its Close") {
    const D3D12_VIEWPORT vp{0, 0, 16, 16, 0, 1};
    const D3D12_RECT rect{0, 0, 16, 16};
    D3D12_RESOURCE_BARRIER uavBarrier{};
    uavBarrier.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
    uavBarrier.UAV.pResource = buffer;
    const std::vector<std::pair<const char*, std::function<void(ID3D12GraphicsCommandList*)>>> refused = {
        {"ClearRenderTargetView", [&](ID3D12GraphicsCommandList* l) { l->ClearRenderTargetView(target.rtv, kRedF, 0, nullptr); }},
        {"CopyBufferRegion", [&](ID3D12GraphicsCommandList* l) { l->CopyBufferRegion(other, 0, buffer, 0, 16); }},
        {"CopyResource", [&](ID3D12GraphicsCommandList* l) { l->CopyResource(other, buffer); }},
        {"ResourceBarrier", [&](ID3D12GraphicsCommandList* l) { l->ResourceBarrier(1, &uavBarrier); }},
        {"RSSetViewports", [&](ID3D12GraphicsCommandList* l) { l->RSSetViewports(1, &vp); }},
        {"RSSetScissorRects", [&](ID3D12GraphicsCommandList* l) { l->RSSetScissorRects(1, &rect); }},
        {"OMSetRenderTargets", [&](ID3D12GraphicsCommandList* l) { l->OMSetRenderTargets(1, &target.rtv, FALSE, nullptr); }},
        {"SetPredication", [&](ID3D12GraphicsCommandList* l) { l->SetPredication(nullptr, 0, D3D12_PREDICATION_OP_EQUAL_ZERO); }},
        {"SOSetTargets", [&](ID3D12GraphicsCommandList* l) { l->SOSetTargets(0, 0, nullptr); }},
        {"ExecuteBundle", [&](ID3D12GraphicsCommandList* l) { l->ExecuteBundle(l); }},
    };
    for (const auto& [name, call] : refused) {
      INFO(name);
      ID3D12GraphicsCommandList* bundle = rig.bundle(nullptr);
      call(bundle);
      REQUIRE(bundle->Close() == E_INVALIDARG);
      bundle->Release();
    }
    ID3D12GraphicsCommandList* bundle = rig.bundle(nullptr);
    bundle->ClearState(nullptr);
    REQUIRE(bundle->Close() == E_FAIL);  // ClearState's own rule
    bundle->Release();
  }
  SECTION("ExecuteBundle of an open bundle, of a direct list, or on a compute list fails the caller's Close") {
    ID3D12GraphicsCommandList* open = rig.bundle(nullptr);
    ID3D12GraphicsCommandList* list = rig.direct();
    list->ExecuteBundle(open);
    REQUIRE(list->Close() == E_INVALIDARG);
    REQUIRE(open->Close() == S_OK);
    REQUIRE(list->Reset(rig.allocator, nullptr) == S_OK);
    ID3D12CommandAllocator* second = createAllocator(rig.device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ID3D12GraphicsCommandList* notBundle = createList(rig.device, D3D12_COMMAND_LIST_TYPE_DIRECT, second);
    REQUIRE(notBundle->Close() == S_OK);
    list->ExecuteBundle(notBundle);
    REQUIRE(list->Close() == E_INVALIDARG);
    ID3D12CommandAllocator* computeAllocator = createAllocator(rig.device, D3D12_COMMAND_LIST_TYPE_COMPUTE);
    ID3D12GraphicsCommandList* compute = createList(rig.device, D3D12_COMMAND_LIST_TYPE_COMPUTE, computeAllocator);
    compute->ExecuteBundle(open);
    REQUIRE(compute->Close() == E_INVALIDARG);
    // A closed, valid bundle runs (and a list that executes it closes).
    REQUIRE(list->Reset(rig.allocator, nullptr) == S_OK);
    list->ExecuteBundle(open);
    REQUIRE(list->Close() == S_OK);
    compute->Release();
    computeAllocator->Release();
    notBundle->Release();
    second->Release();
    list->Release();
    open->Release();
  }
  SECTION("a bundle's descriptor heaps must be the executing list's") {
    D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 4, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
    ID3D12DescriptorHeap *heapA = nullptr, *heapB = nullptr;
    REQUIRE(rig.device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&heapA)) == S_OK);
    REQUIRE(rig.device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&heapB)) == S_OK);
    ID3D12GraphicsCommandList* bundle = rig.bundle(nullptr);
    bundle->SetDescriptorHeaps(1, &heapA);
    REQUIRE(bundle->Close() == S_OK);
    ID3D12GraphicsCommandList* list = rig.direct();
    list->SetDescriptorHeaps(1, &heapA);
    list->ExecuteBundle(bundle);
    REQUIRE(list->Close() == S_OK);
    REQUIRE(list->Reset(rig.allocator, nullptr) == S_OK);
    list->SetDescriptorHeaps(1, &heapB);
    list->ExecuteBundle(bundle);
    REQUIRE(list->Close() == E_INVALIDARG);
    list->Release();
    bundle->Release();
    heapB->Release();
    heapA->Release();
  }
  SECTION("a bundle cannot be executed on a queue, and after its allocator's Reset not from a list") {
    ID3D12GraphicsCommandList* bundle = rig.bundle(nullptr);
    REQUIRE(bundle->Close() == S_OK);
    ID3D12CommandList* lists[] = {bundle};
    rig.queue->ExecuteCommandLists(1, lists);  // refused (reported), nothing runs
    REQUIRE(rig.bundleAllocator->Reset() == S_OK);
    ID3D12GraphicsCommandList* list = rig.direct();
    list->ExecuteBundle(bundle);
    REQUIRE(list->Close() == E_INVALIDARG);
    list->Release();
    bundle->Release();
  }
  other->Release();
  buffer->Release();
}
