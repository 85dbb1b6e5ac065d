// tests/d3d12: SetPredication through the public API. The 64-bit predicate
// (both halves count) decides whether draws, render-target clears and
// dispatches after it run: EQUAL_ZERO skips them when the predicate is zero,
// NOT_EQUAL_ZERO when it is not; a null buffer turns predication off; bad
// arguments fail Close. Draws on the exact conservative fallback (forced) are
// predicated as a whole, batched or alone (the latter: the ctest run with
// D3DVK_FALLBACK_BATCH=0). Values read back on the Vulkan device (pixels, UAV
// words) under the validation layer; d3dvk predicates through
// VK_EXT_conditional_rendering (lavapipe has it).
#include "d3d12_pipeline_util.h"
#include "ddi_trace_log.h"  // ScopedEnv

#include <functional>

using namespace d3dvk::test;

namespace {
constexpr uint32_t kRed = 0xFF0000FF, kGreen = 0xFF00FF00, kBlack = 0xFF000000;
const float kRedF[4] = {1, 0, 0, 1}, kGreenF[4] = {0, 1, 0, 1}, kBlackF[4] = {0, 0, 0, 1};
const float kFullScreen[] = {-1, -1, 0, -1, 3, 0, 3, -1, 0};
// The predicates, 8 bytes each: 0, only the high half set, only the low half set.
const uint64_t kPredicates[] = {0, uint64_t(1) << 32, 7};
}  // namespace

TEST_CASE("D3D12 SetPredication skips draws and clears by the 64-bit predicate", "[d3d12][predication]") {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 fenceValue = 0;
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12RootSignature* rs = graphicsRootSignature(device);
  ID3D12PipelineState* pso = createConstantColourPso(device, rs);
  ID3D12Resource* vertices = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof kFullScreen);
  writeUpload(vertices, 0, kFullScreen, sizeof kFullScreen);
  ID3D12Resource* predicates = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof kPredicates);
  writeUpload(predicates, 0, kPredicates, sizeof kPredicates);
  const D3D12_VERTEX_BUFFER_VIEW vbv{vertices->GetGPUVirtualAddress(), sizeof kFullScreen, 12};
  RenderTarget16 target(device);

  struct Case {
    UINT predicate;
    D3D12_PREDICATION_OP op;
    bool runs;
  };
  const Case cases[] = {
      {0, D3D12_PREDICATION_OP_EQUAL_ZERO, false},     {1, D3D12_PREDICATION_OP_EQUAL_ZERO, true},
      {2, D3D12_PREDICATION_OP_EQUAL_ZERO, true},      {0, D3D12_PREDICATION_OP_NOT_EQUAL_ZERO, true},
      {1, D3D12_PREDICATION_OP_NOT_EQUAL_ZERO, false}, {2, D3D12_PREDICATION_OP_NOT_EQUAL_ZERO, false},
  };
  for (const Case& c : cases) {
    INFO("predicate " << kPredicates[c.predicate] << (c.op == D3D12_PREDICATION_OP_EQUAL_ZERO ? " EQUAL_ZERO" : " NOT_EQUAL_ZERO"));
    ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
    target.bind(list, kBlackF);
    list->SetPipelineState(pso);
    list->SetGraphicsRootSignature(rs);
    list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    list->IASetVertexBuffers(0, 1, &vbv);
    list->SetGraphicsRoot32BitConstants(0, 4, kRedF, 0);
    list->SetPredication(predicates, 8 * c.predicate, c.op);
    list->ClearRenderTargetView(target.rtv, kGreenF, 0, nullptr);  // the whole view: green
    D3D12_RECT left{0, 0, 8, 16};
    list->RSSetScissorRects(1, &left);
    list->DrawInstanced(3, 1, 0, 0);  // the left half: red
    // Predication off: a draw of the bottom-right quarter always runs.
    list->SetPredication(nullptr, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
    D3D12_RECT corner{8, 8, 16, 16};
    list->RSSetScissorRects(1, &corner);
    list->DrawInstanced(3, 1, 0, 0);
    target.copyOut(list);
    REQUIRE(list->Close() == S_OK);
    executeAndWait(queue, {list}, fence, &fenceValue);
    const std::vector<uint32_t> pixels = target.pixels();
    for (UINT y = 0; y < 16; ++y)
      for (UINT x = 0; x < 16; ++x) {
        const uint32_t expected = (x >= 8 && y >= 8) ? kRed : !c.runs ? kBlack : x < 8 ? kRed : kGreen;
        REQUIRE(pixels[y * 16 + x] == expected);
      }
    list->Release();
    REQUIRE(allocator->Reset() == S_OK);
  }
  predicates->Release();
  vertices->Release();
  pso->Release();
  rs->Release();
  allocator->Release();
  fence->Release();
  queue->Release();
  device->Release();
}

TEST_CASE("D3D12 SetPredication skips dispatches on a compute list", "[d3d12][predication]") {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_COMPUTE);
  ID3D12Fence* fence = createFence(device);
  UINT64 fenceValue = 0;
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_COMPUTE);
  ID3D12RootSignature* rs = computeRootSignature(device);
  ID3D12PipelineState* pso = createAddPso(device, rs);
  ID3D12Resource* predicates = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof kPredicates);
  writeUpload(predicates, 0, kPredicates, sizeof kPredicates);
  D3D12_RESOURCE_DESC uavDesc = bufferDesc(256);
  uavDesc.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
  ID3D12Resource* uav = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, uavDesc, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  ID3D12Resource* readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, 256);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_COMPUTE, allocator);
  list->SetPipelineState(pso);
  list->SetComputeRootSignature(rs);
  list->SetComputeRootUnorderedAccessView(1, uav->GetGPUVirtualAddress());
  D3D12_RESOURCE_BARRIER uavBarrier{};
  uavBarrier.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
  uavBarrier.UAV.pResource = uav;
  // Each dispatch adds 1 + its constant: 1 (skipped: the predicate is 0), 10 (runs), 100 (skipped), 1000 (runs).
  const struct {
    UINT constant, predicate;
    D3D12_PREDICATION_OP op;
  } dispatches[] = {{0, 0, D3D12_PREDICATION_OP_EQUAL_ZERO},
                    {9, 1, D3D12_PREDICATION_OP_EQUAL_ZERO},
                    {99, 2, D3D12_PREDICATION_OP_NOT_EQUAL_ZERO},
                    {999, 0, D3D12_PREDICATION_OP_NOT_EQUAL_ZERO}};
  for (const auto& d : dispatches) {
    list->SetPredication(predicates, 8 * d.predicate, d.op);
    list->SetComputeRoot32BitConstant(0, d.constant, 0);
    list->Dispatch(1, 1, 1);
    list->ResourceBarrier(1, &uavBarrier);
  }
  list->SetPredication(nullptr, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
  D3D12_RESOURCE_BARRIER toCopy{};
  toCopy.Transition = {uav, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
                       D3D12_RESOURCE_STATE_COPY_SOURCE};
  list->ResourceBarrier(1, &toCopy);
  list->CopyBufferRegion(readback, 0, uav, 0, 256);
  REQUIRE(list->Close() == S_OK);
  executeAndWait(queue, {list}, fence, &fenceValue);
  const std::vector<unsigned char> bytes = readBuffer(readback, 256);
  for (UINT i = 0; i < 64; ++i) {
    uint32_t word;
    std::memcpy(&word, &bytes[i * 4], 4);
    REQUIRE(word == 1010);
  }
  list->Release();
  readback->Release();
  uav->Release();
  predicates->Release();
  pso->Release();
  rs->Release();
  allocator->Release();
  fence->Release();
  queue->Release();
  device->Release();
}

TEST_CASE("D3D12 SetPredication with invalid arguments fails Close", "[d3d12][predication]") {
  ID3D12Device* device = createDevice12();
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandAllocator* copyAllocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_COPY);
  ID3D12Resource* predicates = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 64);
  ID3D12Resource* texture = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT,
                                            texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_NONE),
                                            D3D12_RESOURCE_STATE_COMMON);
  const std::vector<std::pair<const char*, std::function<void(ID3D12GraphicsCommandList*)>>> bad = {
      {"an offset that is not a multiple of 8", [&](ID3D12GraphicsCommandList* l) { l->SetPredication(predicates, 4, D3D12_PREDICATION_OP_EQUAL_ZERO); }},
      {"a predicate past the end", [&](ID3D12GraphicsCommandList* l) { l->SetPredication(predicates, 64, D3D12_PREDICATION_OP_EQUAL_ZERO); }},
      {"an unknown operation", [&](ID3D12GraphicsCommandList* l) { l->SetPredication(predicates, 0, D3D12_PREDICATION_OP(2)); }},
      {"a texture", [&](ID3D12GraphicsCommandList* l) { l->SetPredication(texture, 0, D3D12_PREDICATION_OP_EQUAL_ZERO); }},
  };
  for (const auto& [what, call] : bad) {
    INFO(what);
    ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
    call(list);
    REQUIRE(list->Close() == E_INVALIDARG);
    list->Release();
  }
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  list->SetPredication(predicates, 56, D3D12_PREDICATION_OP_NOT_EQUAL_ZERO);  // the last 8 bytes: valid
  list->SetPredication(nullptr, 3, D3D12_PREDICATION_OP(7));                  // off: the rest is ignored
  REQUIRE(list->Close() == S_OK);
  list->Release();
  ID3D12GraphicsCommandList* copy = createList(device, D3D12_COMMAND_LIST_TYPE_COPY, copyAllocator);
  copy->SetPredication(predicates, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
  REQUIRE(copy->Close() == E_INVALIDARG);
  copy->Release();
  texture->Release();
  predicates->Release();
  copyAllocator->Release();
  allocator->Release();
  device->Release();
}

TEST_CASE("D3D12 SetPredication skips conservative fallback draws as a whole by the 64-bit predicate",
          "[d3d12][predication][fallback]") {
  ScopedEnv policy{"D3DVK_CONSERVATIVE_RASTER", "fallback"};  // before the device: its draws take the fallback
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 fenceValue = 0;
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12RootSignature* rs = graphicsRootSignature(device);
  ID3D12PipelineState* conservative = createConstantColourPso(device, rs, D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON);
  ID3D12Resource* vertices = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof kFullScreen);
  writeUpload(vertices, 0, kFullScreen, sizeof kFullScreen);
  ID3D12Resource* predicates = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof kPredicates);
  writeUpload(predicates, 0, kPredicates, sizeof kPredicates);
  const D3D12_VERTEX_BUFFER_VIEW vbv{vertices->GetGPUVirtualAddress(), sizeof kFullScreen, 12};
  RenderTarget16 target(device);
  struct Case {
    UINT predicate;
    D3D12_PREDICATION_OP op;
    bool runs;
  };
  const Case cases[] = {
      {0, D3D12_PREDICATION_OP_EQUAL_ZERO, false},     {1, D3D12_PREDICATION_OP_EQUAL_ZERO, true},
      {0, D3D12_PREDICATION_OP_NOT_EQUAL_ZERO, true},  {2, D3D12_PREDICATION_OP_NOT_EQUAL_ZERO, false},
  };
  for (const Case& c : cases) {
    INFO("predicate " << kPredicates[c.predicate] << (c.op == D3D12_PREDICATION_OP_EQUAL_ZERO ? " EQUAL_ZERO" : " NOT_EQUAL_ZERO"));
    ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
    target.bind(list, kBlackF);
    list->SetPipelineState(conservative);
    list->SetGraphicsRootSignature(rs);
    list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    list->IASetVertexBuffers(0, 1, &vbv);
    // Under the predicate: the left half red, then the top half green (two fallback draws, batched by default).
    list->SetPredication(predicates, 8 * c.predicate, c.op);
    list->SetGraphicsRoot32BitConstants(0, 4, kRedF, 0);
    D3D12_RECT left{0, 0, 8, 16}, top{0, 0, 16, 8};
    list->RSSetScissorRects(1, &left);
    list->DrawInstanced(3, 1, 0, 0);
    list->SetGraphicsRoot32BitConstants(0, 4, kGreenF, 0);
    list->RSSetScissorRects(1, &top);
    list->DrawInstanced(3, 1, 0, 0);
    // Predication off: the bottom-right quarter red, always.
    list->SetPredication(nullptr, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
    list->SetGraphicsRoot32BitConstants(0, 4, kRedF, 0);
    D3D12_RECT corner{8, 8, 16, 16};
    list->RSSetScissorRects(1, &corner);
    list->DrawInstanced(3, 1, 0, 0);
    target.copyOut(list);
    REQUIRE(list->Close() == S_OK);
    executeAndWait(queue, {list}, fence, &fenceValue);
    const std::vector<uint32_t> pixels = target.pixels();
    for (UINT y = 0; y < 16; ++y)
      for (UINT x = 0; x < 16; ++x) {
        const uint32_t expected = (x >= 8 && y >= 8) ? kRed : !c.runs ? kBlack : y < 8 ? kGreen : kRed;
        INFO("pixel " << x << "," << y);
        REQUIRE(pixels[y * 16 + x] == expected);
      }
    list->Release();
    REQUIRE(allocator->Reset() == S_OK);
  }
  predicates->Release();
  vertices->Release();
  conservative->Release();
  rs->Release();
  allocator->Release();
  fence->Release();
  queue->Release();
  device->Release();
}

TEST_CASE("D3D12 SetPredication skips ExecuteIndirect's conservative fallback draws recorded when the list executes",
          "[d3d12][predication][fallback]") {
  ScopedEnv policy{"D3DVK_CONSERVATIVE_RASTER", "fallback"};  // before the device: its draws take the fallback
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 fenceValue = 0;
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12RootSignature* rs = graphicsRootSignature(device);
  ID3D12PipelineState* conservative = createConstantColourPso(device, rs, D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON);
  ID3D12Resource* vertices = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof kFullScreen);
  writeUpload(vertices, 0, kFullScreen, sizeof kFullScreen);
  ID3D12Resource* predicates = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof kPredicates);
  writeUpload(predicates, 0, kPredicates, sizeof kPredicates);
  const D3D12_DRAW_ARGUMENTS draw{3, 1, 0, 0};  // the full-screen triangle, once
  ID3D12Resource* arguments = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof draw);
  writeUpload(arguments, 0, &draw, sizeof draw);
  D3D12_INDIRECT_ARGUMENT_DESC argument{};
  argument.Type = D3D12_INDIRECT_ARGUMENT_TYPE_DRAW;
  const D3D12_COMMAND_SIGNATURE_DESC signatureDesc{sizeof draw, 1, &argument, 0};
  void* signatureObject = nullptr;
  REQUIRE(device->CreateCommandSignature(&signatureDesc, nullptr, __uuidof(ID3D12CommandSignature), &signatureObject) ==
          S_OK);
  auto* signature = static_cast<ID3D12CommandSignature*>(signatureObject);
  const D3D12_VERTEX_BUFFER_VIEW vbv{vertices->GetGPUVirtualAddress(), sizeof kFullScreen, 12};
  RenderTarget16 target(device);
  struct Case {
    UINT predicate;
    D3D12_PREDICATION_OP op;
    bool runs;
  };
  const Case cases[] = {
      {0, D3D12_PREDICATION_OP_EQUAL_ZERO, false},     {1, D3D12_PREDICATION_OP_EQUAL_ZERO, true},
      {0, D3D12_PREDICATION_OP_NOT_EQUAL_ZERO, true},  {2, D3D12_PREDICATION_OP_NOT_EQUAL_ZERO, false},
  };
  for (const Case& c : cases) {
    INFO("predicate " << kPredicates[c.predicate] << (c.op == D3D12_PREDICATION_OP_EQUAL_ZERO ? " EQUAL_ZERO" : " NOT_EQUAL_ZERO"));
    ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
    target.bind(list, kBlackF);
    list->SetPipelineState(conservative);
    list->SetGraphicsRootSignature(rs);
    list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    list->IASetVertexBuffers(0, 1, &vbv);
    // Under the predicate: the left half green, drawn by ExecuteIndirect (its counts read when the list executes).
    list->SetPredication(predicates, 8 * c.predicate, c.op);
    list->SetGraphicsRoot32BitConstants(0, 4, kGreenF, 0);
    D3D12_RECT left{0, 0, 8, 16};
    list->RSSetScissorRects(1, &left);
    list->ExecuteIndirect(signature, 1, arguments, 0, nullptr, 0);
    // Predication off: the bottom-right quarter red, always.
    list->SetPredication(nullptr, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
    list->SetGraphicsRoot32BitConstants(0, 4, kRedF, 0);
    D3D12_RECT corner{8, 8, 16, 16};
    list->RSSetScissorRects(1, &corner);
    list->DrawInstanced(3, 1, 0, 0);
    target.copyOut(list);
    REQUIRE(list->Close() == S_OK);
    executeAndWait(queue, {list}, fence, &fenceValue);
    const std::vector<uint32_t> pixels = target.pixels();
    for (UINT y = 0; y < 16; ++y)
      for (UINT x = 0; x < 16; ++x) {
        const uint32_t expected = (x >= 8 && y >= 8) ? kRed : (x < 8 && c.runs) ? kGreen : kBlack;
        INFO("pixel " << x << "," << y);
        REQUIRE(pixels[y * 16 + x] == expected);
      }
    list->Release();
    REQUIRE(allocator->Reset() == S_OK);
  }
  signature->Release();
  arguments->Release();
  predicates->Release();
  vertices->Release();
  conservative->Release();
  rs->Release();
  allocator->Release();
  fence->Release();
  queue->Release();
  device->Release();
}
