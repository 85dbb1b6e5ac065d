// tests/d3d12: ID3D12Device2::CreatePipelineState from pipeline state streams,
// built here as the D3D12 documentation lays them out (each subobject a
// `struct alignas(void*) { D3D12_PIPELINE_STATE_SUBOBJECT_TYPE; DESC; }`):
// a graphics stream draws the pixels its equivalent desc draws, a compute
// stream dispatches and writes a UAV, subobjects left out take D3D12's
// defaults (depth test on with LESS; back faces culled, clockwise front), a
// STREAM_OUTPUT subobject captures, every refusal's HRESULT, and cached PSO
// blobs (GetCachedBlob, CachedPSO / CACHED_PSO). Pixels and words read back
// on lavapipe; expected values computed here.
#include "d3d12_pipeline_util.h"
#include "d3d12_test_util.h"

#include <array>
#include <cstring>
#include <optional>

using namespace d3dvk::test;

namespace {

constexpr HRESULT kAdapterNotFound = static_cast<HRESULT>(0x887E0001);     // D3D12_ERROR_ADAPTER_NOT_FOUND
constexpr HRESULT kDriverVersionMismatch = static_cast<HRESULT>(0x887E0002);  // D3D12_ERROR_DRIVER_VERSION_MISMATCH

using Stream = PipelineStateStream;

HRESULT create(ID3D12Device2* device, Stream& stream, ID3D12PipelineState** out) {
  *out = reinterpret_cast<ID3D12PipelineState*>(1);
  const D3D12_PIPELINE_STATE_STREAM_DESC d = stream.desc();
  return device->CreatePipelineState(&d, __uuidof(ID3D12PipelineState), reinterpret_cast<void**>(out));
}

// Every subobject of a graphics desc, as CD3DX12's streams carry them.
Stream streamOf(const D3D12_GRAPHICS_PIPELINE_STATE_DESC& d) {
  Stream s;
  D3D12_RT_FORMAT_ARRAY formats{};
  std::memcpy(formats.RTFormats, d.RTVFormats, sizeof formats.RTFormats);
  formats.NumRenderTargets = d.NumRenderTargets;
  s.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_ROOT_SIGNATURE, d.pRootSignature)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_VS, d.VS)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_PS, d.PS)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_BLEND, d.BlendState)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_SAMPLE_MASK, d.SampleMask)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_RASTERIZER, d.RasterizerState)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL, d.DepthStencilState)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_INPUT_LAYOUT, d.InputLayout)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_IB_STRIP_CUT_VALUE, d.IBStripCutValue)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_PRIMITIVE_TOPOLOGY, d.PrimitiveTopologyType)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_RENDER_TARGET_FORMATS, formats)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL_FORMAT, d.DSVFormat)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_SAMPLE_DESC, d.SampleDesc)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_NODE_MASK, d.NodeMask)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_FLAGS, d.Flags);
  return s;
}

// Only what has no default worth taking: root signature, shaders, input layout, topology, formats.
Stream minimalStreamOf(const D3D12_GRAPHICS_PIPELINE_STATE_DESC& d) {
  Stream s;
  D3D12_RT_FORMAT_ARRAY formats{};
  std::memcpy(formats.RTFormats, d.RTVFormats, sizeof formats.RTFormats);
  formats.NumRenderTargets = d.NumRenderTargets;
  s.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_ROOT_SIGNATURE, d.pRootSignature)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_VS, d.VS)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_PS, d.PS)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_INPUT_LAYOUT, d.InputLayout)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_PRIMITIVE_TOPOLOGY, d.PrimitiveTopologyType)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_RENDER_TARGET_FORMATS, formats);
  return s;
}

constexpr uint32_t kRed = 0xFF0000FF, kGreen = 0xFF00FF00, kBlue = 0xFFFF0000, kBlack = 0xFF000000;
const float kRedF[4] = {1, 0, 0, 1}, kGreenF[4] = {0, 1, 0, 1}, kBlueF[4] = {0, 0, 1, 1}, kBlackF[4] = {0, 0, 0, 1};

// Triangles clockwise on screen (D3D12's front faces by default) at depth z.
std::array<float, 18> fullScreen(float z) { return {-1, -1, z, -1, 1, z, 1, 1, z, -1, -1, z, 1, 1, z, 1, -1, z}; }
std::array<float, 18> leftHalf(float z) { return {-1, -1, z, -1, 1, z, 0, 1, z, -1, -1, z, 0, 1, z, 0, -1, z}; }
// The right half with the opposite winding (counter-clockwise on screen: back faces).
std::array<float, 18> rightHalfBack(float z) { return {0, -1, z, 1, 1, z, 0, 1, z, 0, -1, z, 1, -1, z, 1, 1, z}; }

// One colour per draw.
struct Draw {
  ID3D12PipelineState* pso;
  std::array<float, 18> vertices;
  const float* colour;
};

// A 16×16 RGBA8 target cleared black (and a D32 depth buffer cleared to 1
// when `depth`), the draws in order, the pixels read back.
std::vector<uint32_t> drawAll(ID3D12Device* device, ID3D12RootSignature* rs, const std::vector<Draw>& draws, bool depth) {
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  ID3D12Fence* fence = createFence(device);
  UINT64 fenceValue = 0;
  std::optional<RenderTarget16> target(std::in_place, device);
  ID3D12Resource* vb = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 4096);
  for (size_t i = 0; i < draws.size(); ++i)
    writeUpload(vb, i * sizeof(Draw::vertices), draws[i].vertices.data(), sizeof(Draw::vertices));
  ID3D12Resource* depthTexture = nullptr;
  ID3D12DescriptorHeap* dsvHeap = nullptr;
  D3D12_CPU_DESCRIPTOR_HANDLE dsv{};
  target->bind(list, kBlackF);
  if (depth) {
    depthTexture = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT,
                                   texture2DDesc(16, 16, DXGI_FORMAT_D32_FLOAT, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL),
                                   D3D12_RESOURCE_STATE_DEPTH_WRITE);
    D3D12_DESCRIPTOR_HEAP_DESC h{D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    REQUIRE(device->CreateDescriptorHeap(&h, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&dsvHeap)) == S_OK);
    dsv = dsvHeap->GetCPUDescriptorHandleForHeapStart();
    device->CreateDepthStencilView(depthTexture, nullptr, dsv);
    list->ClearDepthStencilView(dsv, D3D12_CLEAR_FLAG_DEPTH, 1.0f, 0, 0, nullptr);
    list->OMSetRenderTargets(1, &target->rtv, FALSE, &dsv);
  }
  list->SetGraphicsRootSignature(rs);
  list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  for (size_t i = 0; i < draws.size(); ++i) {
    list->SetPipelineState(draws[i].pso);
    D3D12_VERTEX_BUFFER_VIEW view{vb->GetGPUVirtualAddress() + i * sizeof(Draw::vertices), sizeof(Draw::vertices), 12};
    list->IASetVertexBuffers(0, 1, &view);
    list->SetGraphicsRoot32BitConstants(0, 4, draws[i].colour, 0);
    list->DrawInstanced(6, 1, 0, 0);
  }
  D3D12_RESOURCE_BARRIER b{};
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  b.Transition = {target->texture, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE};
  list->ResourceBarrier(1, &b);
  target->copyOut(list);
  REQUIRE(list->Close() == S_OK);
  executeAndWait(queue, {list}, fence, &fenceValue);
  std::vector<uint32_t> pixels = target->pixels();
  target.reset();
  if (dsvHeap) dsvHeap->Release();
  if (depthTexture) depthTexture->Release();
  vb->Release();
  fence->Release();
  list->Release();
  allocator->Release();
  queue->Release();
  return pixels;
}

// Left half `left`, right half `right`.
std::vector<uint32_t> halves(uint32_t left, uint32_t right) {
  std::vector<uint32_t> out(256);
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 16; ++x) out[y * 16 + x] = x < 8 ? left : right;
  return out;
}

ID3D12Device2* device2Of(ID3D12Device* device) {
  void* out = nullptr;
  REQUIRE(device->QueryInterface(__uuidof(ID3D12Device2), &out) == S_OK);
  return static_cast<ID3D12Device2*>(out);
}

}  // namespace

TEST_CASE("D3D12 graphics PSO from a pipeline state stream draws the pixels of the equivalent desc", "[d3d12][pso-stream]") {
  ID3D12Device* device = createDevice12();
  ID3D12Device2* device2 = device2Of(device);
  ID3D12RootSignature* rs = graphicsRootSignature(device);
  const std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kPipelinePsConstant);
  const D3D12_GRAPHICS_PIPELINE_STATE_DESC d = constantColourPsoDesc(rs, vs, ps);
  ID3D12PipelineState* fromDesc = nullptr;
  REQUIRE(device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState), reinterpret_cast<void**>(&fromDesc)) ==
          S_OK);
  Stream stream = streamOf(d);
  ID3D12PipelineState* fromStream = nullptr;
  REQUIRE(create(device2, stream, &fromStream) == S_OK);
  REQUIRE(fromStream != nullptr);

  const std::vector<uint32_t> expected = halves(kRed, kBlack);
  CHECK(drawAll(device, rs, {{fromDesc, leftHalf(0.5f), kRedF}}, false) == expected);
  CHECK(drawAll(device, rs, {{fromStream, leftHalf(0.5f), kRedF}}, false) == expected);

  // The last subobject's padding may be left out of SizeInBytes (PRIMITIVE_TOPOLOGY: 4 + 4 bytes, no padding;
  // SAMPLE_DESC: 4 + 8 bytes, padded to 16).
  Stream tail = minimalStreamOf(d);
  tail.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_SAMPLE_DESC, DXGI_SAMPLE_DESC{1, 0});
  D3D12_PIPELINE_STATE_STREAM_DESC unpadded = tail.desc();
  unpadded.SizeInBytes -= 4;
  ID3D12PipelineState* trimmed = nullptr;
  CHECK(device2->CreatePipelineState(&unpadded, __uuidof(ID3D12PipelineState), reinterpret_cast<void**>(&trimmed)) == S_OK);
  if (trimmed) trimmed->Release();

  fromStream->Release();
  fromDesc->Release();
  rs->Release();
  device2->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 pipeline state stream without DEPTH_STENCIL tests depth with LESS and writes it, as D3D12's default says",
          "[d3d12][pso-stream]") {
  ID3D12Device* device = createDevice12();
  ID3D12Device2* device2 = device2Of(device);
  ID3D12RootSignature* rs = graphicsRootSignature(device);
  const std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kPipelinePsConstant);
  D3D12_GRAPHICS_PIPELINE_STATE_DESC d = constantColourPsoDesc(rs, vs, ps);
  d.DSVFormat = DXGI_FORMAT_D32_FLOAT;
  // No DEPTH_STENCIL, RASTERIZER, BLEND, SAMPLE_MASK or SAMPLE_DESC subobject: all D3D12's defaults.
  Stream defaults = minimalStreamOf(d);
  defaults.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL_FORMAT, DXGI_FORMAT_D32_FLOAT);
  ID3D12PipelineState* pso = nullptr;
  REQUIRE(create(device2, defaults, &pso) == S_OK);
  // Depth off through the subobject, for contrast.
  Stream noDepth = minimalStreamOf(d);
  D3D12_DEPTH_STENCIL_DESC off = d.DepthStencilState;
  off.DepthEnable = FALSE;
  noDepth.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL_FORMAT, DXGI_FORMAT_D32_FLOAT)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL, off);
  ID3D12PipelineState* psoNoDepth = nullptr;
  REQUIRE(create(device2, noDepth, &psoNoDepth) == S_OK);

  // Red at 0.5 everywhere, green at 0.75 everywhere (farther: fails LESS), blue at 0.25 on the left (nearer).
  CHECK(drawAll(device, rs,
                {{pso, fullScreen(0.5f), kRedF}, {pso, fullScreen(0.75f), kGreenF}, {pso, leftHalf(0.25f), kBlueF}},
                true) == halves(kBlue, kRed));
  CHECK(drawAll(device, rs,
                {{psoNoDepth, fullScreen(0.5f), kRedF},
                 {psoNoDepth, fullScreen(0.75f), kGreenF},
                 {psoNoDepth, leftHalf(0.25f), kBlueF}},
                true) == halves(kBlue, kGreen));
  // The default rasterizer culls back faces, front faces being clockwise: the right half's counter-clockwise
  // triangles are not drawn.
  CHECK(drawAll(device, rs, {{pso, leftHalf(0.5f), kRedF}, {pso, rightHalfBack(0.5f), kGreenF}}, true) ==
        halves(kRed, kBlack));

  psoNoDepth->Release();
  pso->Release();
  rs->Release();
  device2->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 compute PSO from a pipeline state stream dispatches and writes its UAV", "[d3d12][pso-stream]") {
  ID3D12Device* device = createDevice12();
  ID3D12Device2* device2 = device2Of(device);
  ID3D12RootSignature* rs = computeRootSignature(device);
  const std::vector<uint8_t> cs = assembled(kPipelineCsAdd);
  Stream minimal;
  minimal.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_ROOT_SIGNATURE, rs)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_CS, shaderBytecode(cs));
  // As CD3DX12's streams carry it: every shader subobject, the graphics ones empty, and graphics state.
  Stream full;
  full.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_FLAGS, D3D12_PIPELINE_STATE_FLAG_NONE)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_NODE_MASK, UINT(0))
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_ROOT_SIGNATURE, rs)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_VS, D3D12_SHADER_BYTECODE{})
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_PS, D3D12_SHADER_BYTECODE{})
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_AS, D3D12_SHADER_BYTECODE{})
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_MS, D3D12_SHADER_BYTECODE{})
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_CS, shaderBytecode(cs))
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_SAMPLE_MASK, UINT_MAX)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_VIEW_INSTANCING, D3D12_VIEW_INSTANCING_DESC{});
  for (Stream* stream : {&minimal, &full}) {
    ID3D12PipelineState* pso = nullptr;
    REQUIRE(create(device2, *stream, &pso) == S_OK);
    ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
    ID3D12Fence* fence = createFence(device);
    UINT64 fenceValue = 0;
    D3D12_RESOURCE_DESC uavDesc = bufferDesc(1024);
    uavDesc.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
    ID3D12Resource* uav = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, uavDesc, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
    ID3D12Resource* readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, 1024);
    list->SetComputeRootSignature(rs);
    list->SetPipelineState(pso);
    list->SetComputeRoot32BitConstant(0, 5, 0);
    list->SetComputeRootUnorderedAccessView(1, uav->GetGPUVirtualAddress());
    list->Dispatch(2, 1, 1);  // words 0-127 += 1 + 5
    D3D12_RESOURCE_BARRIER b{};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition = {uav, 0, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE};
    list->ResourceBarrier(1, &b);
    list->CopyBufferRegion(readback, 0, uav, 0, 1024);
    REQUIRE(list->Close() == S_OK);
    executeAndWait(queue, {list}, fence, &fenceValue);
    const std::vector<unsigned char> bytes = readBuffer(readback, 1024);
    std::vector<uint32_t> words(256), expected(256, 0);
    std::memcpy(words.data(), bytes.data(), 1024);
    for (int i = 0; i < 128; ++i) expected[i] = 6;
    CHECK(words == expected);
    readback->Release();
    uav->Release();
    fence->Release();
    list->Release();
    allocator->Release();
    queue->Release();
    pso->Release();
  }
  rs->Release();
  device2->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 pipeline state stream's STREAM_OUTPUT subobject captures the vertex shader's positions",
          "[d3d12][pso-stream][stream-output]") {
  ID3D12Device* device = createDevice12();
  ID3D12Device2* device2 = device2Of(device);
  D3D12_ROOT_SIGNATURE_DESC rsDesc{0, nullptr, 0, nullptr,
                                   D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT |
                                       D3D12_ROOT_SIGNATURE_FLAG_ALLOW_STREAM_OUTPUT};
  ID3D12RootSignature* rs = createRootSignature(device, rsDesc);
  const std::vector<uint8_t> vs = assembled(kPipelineVsPosition);
  const D3D12_SO_DECLARATION_ENTRY entry{0, "SV_Position", 0, 0, 4, 0};
  const UINT stride = 16;
  const D3D12_STREAM_OUTPUT_DESC so{&entry, 1, &stride, 1, D3D12_SO_NO_RASTERIZED_STREAM};
  D3D12_RT_FORMAT_ARRAY noTargets{};
  Stream stream;
  stream.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_ROOT_SIGNATURE, rs)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_VS, shaderBytecode(vs))
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_STREAM_OUTPUT, so)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_INPUT_LAYOUT, D3D12_INPUT_LAYOUT_DESC{kPipelinePositionLayout, 1})
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_PRIMITIVE_TOPOLOGY, D3D12_PRIMITIVE_TOPOLOGY_TYPE_POINT)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_RENDER_TARGET_FORMATS, noTargets);
  ID3D12PipelineState* pso = nullptr;
  REQUIRE(create(device2, stream, &pso) == S_OK);

  const float points[] = {-0.5f, 0.25f, 0.125f, 0.75f, -0.5f, 0.5f, 0.0f, 1.0f, 0.875f};
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  ID3D12Fence* fence = createFence(device);
  UINT64 fenceValue = 0;
  ID3D12Resource* vb = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof points);
  writeUpload(vb, 0, points, sizeof points);
  // Committed resources start zeroed: the filled size (at byte 256) reads 0.
  ID3D12Resource* out = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, bufferDesc(512), D3D12_RESOURCE_STATE_COPY_DEST);
  ID3D12Resource* readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, 512);
  auto transition = [&](D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after) {
    D3D12_RESOURCE_BARRIER b{};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition = {out, 0, before, after};
    list->ResourceBarrier(1, &b);
  };
  transition(D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_STREAM_OUT);
  list->SetGraphicsRootSignature(rs);
  list->SetPipelineState(pso);
  list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_POINTLIST);
  D3D12_VERTEX_BUFFER_VIEW vbv{vb->GetGPUVirtualAddress(), sizeof points, 12};
  list->IASetVertexBuffers(0, 1, &vbv);
  const D3D12_STREAM_OUTPUT_BUFFER_VIEW target{out->GetGPUVirtualAddress(), 256, out->GetGPUVirtualAddress() + 256};
  list->SOSetTargets(0, 1, &target);
  list->DrawInstanced(3, 1, 0, 0);
  transition(D3D12_RESOURCE_STATE_STREAM_OUT, D3D12_RESOURCE_STATE_COPY_SOURCE);
  list->CopyBufferRegion(readback, 0, out, 0, 512);
  REQUIRE(list->Close() == S_OK);
  executeAndWait(queue, {list}, fence, &fenceValue);
  const std::vector<unsigned char> bytes = readBuffer(readback, 512);
  float captured[12];
  std::memcpy(captured, bytes.data(), sizeof captured);
  for (int v = 0; v < 3; ++v) {
    CHECK(captured[v * 4 + 0] == points[v * 3 + 0]);
    CHECK(captured[v * 4 + 1] == points[v * 3 + 1]);
    CHECK(captured[v * 4 + 2] == points[v * 3 + 2]);
    CHECK(captured[v * 4 + 3] == 1.0f);
  }
  uint32_t filled = 0;
  std::memcpy(&filled, bytes.data() + 256, 4);
  CHECK(filled == 3 * stride);

  readback->Release();
  out->Release();
  vb->Release();
  fence->Release();
  list->Release();
  allocator->Release();
  queue->Release();
  pso->Release();
  rs->Release();
  device2->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 CreatePipelineState refuses malformed streams and what the device does not support", "[d3d12][pso-stream]") {
  ID3D12Device* device = createDevice12();
  ID3D12Device2* device2 = device2Of(device);
  ID3D12RootSignature* rs = graphicsRootSignature(device);
  const std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kPipelinePsConstant),
                             cs = assembled(kPipelineCsAdd);
  const D3D12_GRAPHICS_PIPELINE_STATE_DESC d = constantColourPsoDesc(rs, vs, ps);
  auto refused = [&](Stream& stream, HRESULT expected) {
    ID3D12PipelineState* pso = nullptr;
    const HRESULT hr = create(device2, stream, &pso);
    CHECK(hr == expected);
    CHECK(pso == nullptr);
    if (SUCCEEDED(hr) && pso) pso->Release();
  };
  ID3D12PipelineState* out = reinterpret_cast<ID3D12PipelineState*>(1);
  CHECK(device2->CreatePipelineState(nullptr, __uuidof(ID3D12PipelineState), reinterpret_cast<void**>(&out)) ==
        E_INVALIDARG);
  CHECK(out == nullptr);
  Stream good = streamOf(d);
  D3D12_PIPELINE_STATE_STREAM_DESC empty = good.desc();
  empty.SizeInBytes = 0;
  CHECK(device2->CreatePipelineState(&empty, __uuidof(ID3D12PipelineState), reinterpret_cast<void**>(&out)) == E_INVALIDARG);
  D3D12_PIPELINE_STATE_STREAM_DESC nullStream{good.size(), nullptr};
  CHECK(device2->CreatePipelineState(&nullStream, __uuidof(ID3D12PipelineState), reinterpret_cast<void**>(&out)) ==
        E_INVALIDARG);
  // Ends inside the last subobject (FLAGS: its value cut off), or inside a type word.
  for (size_t cut : {size_t(2), size_t(6)}) {
    D3D12_PIPELINE_STATE_STREAM_DESC truncated = good.desc();
    truncated.SizeInBytes -= cut;
    CHECK(device2->CreatePipelineState(&truncated, __uuidof(ID3D12PipelineState), reinterpret_cast<void**>(&out)) ==
          E_INVALIDARG);
  }
  {
    Stream s = streamOf(d);
    s.addRawType(99);  // outside the enum
    refused(s, E_INVALIDARG);
    Stream unused = streamOf(d);
    unused.addRawType(23);  // the value d3d12.h leaves out between VIEW_INSTANCING and AS
    refused(unused, E_INVALIDARG);
    Stream negative = streamOf(d);
    negative.addRawType(-1);
    refused(negative, E_INVALIDARG);
  }
  {
    Stream twice = streamOf(d);
    twice.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_VS, d.VS);
    refused(twice, E_INVALIDARG);
    Stream twoDepthForms = streamOf(d);  // has DEPTH_STENCIL
    twoDepthForms.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL1, D3D12_DEPTH_STENCIL_DESC1{});
    refused(twoDepthForms, E_INVALIDARG);
  }
  {
    Stream both = streamOf(d);
    both.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_CS, shaderBytecode(cs));
    refused(both, E_INVALIDARG);
    Stream none;
    none.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_ROOT_SIGNATURE, rs)
        .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_VS, D3D12_SHADER_BYTECODE{});
    refused(none, E_INVALIDARG);
  }
  // Mesh shaders: the device reports them NOT_SUPPORTED first.
  D3D12_FEATURE_DATA_D3D12_OPTIONS7 options7{};
  REQUIRE(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS7, &options7, sizeof options7) == S_OK);
  CHECK(options7.MeshShaderTier == D3D12_MESH_SHADER_TIER_NOT_SUPPORTED);
  {
    Stream mesh;
    mesh.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_ROOT_SIGNATURE, rs)
        .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_MS, shaderBytecode(vs));
    refused(mesh, E_INVALIDARG);
  }
  // Depth bounds: DepthBoundsTestSupported FALSE, so DEPTH_STENCIL1 may not enable it (and may leave it off).
  D3D12_FEATURE_DATA_D3D12_OPTIONS2 options2{};
  REQUIRE(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS2, &options2, sizeof options2) == S_OK);
  CHECK(options2.DepthBoundsTestSupported == FALSE);
  D3D12_DEPTH_STENCIL_DESC1 ds1{};
  std::memcpy(&ds1, &d.DepthStencilState, sizeof d.DepthStencilState);
  {
    Stream off = minimalStreamOf(d);
    off.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL1, ds1);
    ID3D12PipelineState* pso = nullptr;
    CHECK(create(device2, off, &pso) == S_OK);
    if (pso) pso->Release();
    ds1.DepthBoundsTestEnable = TRUE;
    Stream on = minimalStreamOf(d);
    on.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL1, ds1);
    refused(on, E_INVALIDARG);
  }
  // DEPTH_STENCIL2: one mask for both faces works, different ones need OPTIONS14's independent masks.
  D3D12_FEATURE_DATA_D3D12_OPTIONS14 options14{};
  REQUIRE(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS14, &options14, sizeof options14) == S_OK);
  CHECK(options14.IndependentFrontAndBackStencilRefMaskSupported == FALSE);
  {
    const D3D12_DEPTH_STENCILOP_DESC1 face{D3D12_STENCIL_OP_KEEP, D3D12_STENCIL_OP_KEEP, D3D12_STENCIL_OP_KEEP,
                                          D3D12_COMPARISON_FUNC_ALWAYS, 0xFF, 0xFF};
    D3D12_DEPTH_STENCIL_DESC2 ds2{TRUE, D3D12_DEPTH_WRITE_MASK_ALL, D3D12_COMPARISON_FUNC_LESS, FALSE, face, face, FALSE};
    Stream same = minimalStreamOf(d);
    same.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL2, ds2);
    ID3D12PipelineState* pso = nullptr;
    CHECK(create(device2, same, &pso) == S_OK);
    if (pso) pso->Release();
    ds2.BackFace.StencilWriteMask = 0x0F;
    Stream different = minimalStreamOf(d);
    different.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL2, ds2);
    refused(different, E_INVALIDARG);
  }
  // View instancing: tier NOT_SUPPORTED, so ViewInstanceCount must stay 0.
  D3D12_FEATURE_DATA_D3D12_OPTIONS3 options3{};
  REQUIRE(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS3, &options3, sizeof options3) == S_OK);
  CHECK(options3.ViewInstancingTier == D3D12_VIEW_INSTANCING_TIER_NOT_SUPPORTED);
  {
    const D3D12_VIEW_INSTANCE_LOCATION locations[2] = {{0, 0}, {0, 1}};
    Stream views = minimalStreamOf(d);
    views.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_VIEW_INSTANCING,
              D3D12_VIEW_INSTANCING_DESC{2, locations, D3D12_VIEW_INSTANCING_FLAG_NONE});
    refused(views, E_INVALIDARG);
  }
  // Flags beyond TOOL_DEBUG.
  {
    Stream flags = minimalStreamOf(d);
    flags.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_FLAGS, UINT(0x2));
    refused(flags, E_INVALIDARG);
  }
  rs->Release();
  device2->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 cached PSO blobs: GetCachedBlob's blob recreates the PSO and other blobs are refused as D3D12 defines",
          "[d3d12][pso-stream][cached-pso]") {
  ID3D12Device* device = createDevice12();
  ID3D12Device2* device2 = device2Of(device);
  ID3D12RootSignature* rs = graphicsRootSignature(device);
  const std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kPipelinePsConstant);
  D3D12_GRAPHICS_PIPELINE_STATE_DESC d = constantColourPsoDesc(rs, vs, ps);
  ID3D12PipelineState* original = nullptr;
  REQUIRE(device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState), reinterpret_cast<void**>(&original)) ==
          S_OK);
  CHECK(original->GetCachedBlob(nullptr) == E_POINTER);
  ID3DBlob* blob = nullptr;
  REQUIRE(original->GetCachedBlob(&blob) == S_OK);
  REQUIRE(blob != nullptr);
  REQUIRE(blob->GetBufferSize() > 0);
  const std::vector<unsigned char> bytes(static_cast<unsigned char*>(blob->GetBufferPointer()),
                                         static_cast<unsigned char*>(blob->GetBufferPointer()) + blob->GetBufferSize());
  auto withCache = [&](D3D12_GRAPHICS_PIPELINE_STATE_DESC desc, const void* p, SIZE_T size) {
    desc.CachedPSO = {p, size};
    ID3D12PipelineState* pso = reinterpret_cast<ID3D12PipelineState*>(1);
    const HRESULT hr = device->CreateGraphicsPipelineState(&desc, __uuidof(ID3D12PipelineState), reinterpret_cast<void**>(&pso));
    if (FAILED(hr)) CHECK(pso == nullptr);
    else if (pso) pso->Release();
    return hr;
  };
  // The same desc with its blob: created, and it draws as the original.
  D3D12_GRAPHICS_PIPELINE_STATE_DESC cachedDesc = d;
  cachedDesc.CachedPSO = {bytes.data(), bytes.size()};
  ID3D12PipelineState* cached = nullptr;
  REQUIRE(device->CreateGraphicsPipelineState(&cachedDesc, __uuidof(ID3D12PipelineState), reinterpret_cast<void**>(&cached)) ==
          S_OK);
  CHECK(drawAll(device, rs, {{cached, leftHalf(0.5f), kRedF}}, false) == halves(kRed, kBlack));
  // Through a stream's CACHED_PSO subobject too.
  Stream stream = streamOf(d);
  stream.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_CACHED_PSO, cachedDesc.CachedPSO);
  ID3D12PipelineState* fromStream = nullptr;
  CHECK(create(device2, stream, &fromStream) == S_OK);
  if (fromStream) fromStream->Release();
  // Another desc (a different render-target format) with this blob.
  D3D12_GRAPHICS_PIPELINE_STATE_DESC other = d;
  other.RTVFormats[0] = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
  CHECK(withCache(other, bytes.data(), bytes.size()) == E_INVALIDARG);
  // Not a blob GetCachedBlob made: zeros, a size without a pointer, a pointer without a size, a shorter blob.
  const std::vector<unsigned char> zeros(bytes.size(), 0);
  CHECK(withCache(d, zeros.data(), zeros.size()) == E_INVALIDARG);
  CHECK(withCache(d, nullptr, bytes.size()) == E_INVALIDARG);
  CHECK(withCache(d, bytes.data(), 0) == E_INVALIDARG);
  CHECK(withCache(d, bytes.data(), bytes.size() - 1) == E_INVALIDARG);
  // d3dvk's blob header (d3d12_pipeline_state_cache.cpp): the format version at byte 4 names the driver version,
  // the LUID at bytes 8-15 the adapter.
  std::vector<unsigned char> otherVersion = bytes;
  otherVersion[4] ^= 0x40;
  CHECK(withCache(d, otherVersion.data(), otherVersion.size()) == kDriverVersionMismatch);
  std::vector<unsigned char> otherAdapter = bytes;
  otherAdapter[8] ^= 0x01;
  CHECK(withCache(d, otherAdapter.data(), otherAdapter.size()) == kAdapterNotFound);
  // A compute PSO's blob does not describe a graphics PSO.
  ID3D12RootSignature* computeRs = computeRootSignature(device);
  ID3D12PipelineState* compute = createAddPso(device, computeRs);
  ID3DBlob* computeBlob = nullptr;
  REQUIRE(compute->GetCachedBlob(&computeBlob) == S_OK);
  CHECK(withCache(d, computeBlob->GetBufferPointer(), computeBlob->GetBufferSize()) == E_INVALIDARG);
  const std::vector<uint8_t> cs = assembled(kPipelineCsAdd);
  D3D12_COMPUTE_PIPELINE_STATE_DESC computeDesc{computeRs, shaderBytecode(cs), 0,
                                                {computeBlob->GetBufferPointer(), computeBlob->GetBufferSize()},
                                                D3D12_PIPELINE_STATE_FLAG_NONE};
  ID3D12PipelineState* computeCached = nullptr;
  CHECK(device->CreateComputePipelineState(&computeDesc, __uuidof(ID3D12PipelineState),
                                           reinterpret_cast<void**>(&computeCached)) == S_OK);
  if (computeCached) computeCached->Release();

  computeBlob->Release();
  compute->Release();
  computeRs->Release();
  cached->Release();
  blob->Release();
  original->Release();
  rs->Release();
  device2->Release();
  CHECK(device->Release() == 0);
}
