// tests/d3d12: ID3D12PipelineLibrary / ID3D12PipelineLibrary1 — a graphics and
// a compute PSO stored, the library serialized, a new library made from the
// blob on this device and on a second device of the adapter, the PSOs loaded
// by desc (and by stream through Library1's LoadPipeline) drawing and
// dispatching what the originals do (pixels and UAV words read back on
// lavapipe, expected values computed here), every refusal's HRESULT as D3D12
// documents it, and the library as a device child (interfaces, references,
// private data). The messages' IDs: test_d3d12_info_queue.cpp.
#include "d3d12_pipeline_util.h"
#include "d3d12_test_util.h"

#include <cstring>
#include <optional>

using namespace d3dvk::test;

namespace {

constexpr HRESULT kAdapterNotFound = static_cast<HRESULT>(0x887E0001);        // D3D12_ERROR_ADAPTER_NOT_FOUND
constexpr HRESULT kDriverVersionMismatch = static_cast<HRESULT>(0x887E0002);  // D3D12_ERROR_DRIVER_VERSION_MISMATCH

constexpr uint32_t kRed = 0xFF0000FF, kBlack = 0xFF000000;
const float kRedF[4] = {1, 0, 0, 1}, kBlackF[4] = {0, 0, 0, 1};

ID3D12Device1* device1Of(ID3D12Device* device) {
  void* out = nullptr;
  REQUIRE(device->QueryInterface(__uuidof(ID3D12Device1), &out) == S_OK);
  return static_cast<ID3D12Device1*>(out);
}

ID3D12PipelineLibrary1* createLibrary(ID3D12Device* device, const void* blob, size_t size) {
  ID3D12Device1* device1 = device1Of(device);
  void* library = nullptr;
  const HRESULT hr = device1->CreatePipelineLibrary(blob, size, __uuidof(ID3D12PipelineLibrary1), &library);
  device1->Release();
  return createdOrFail<ID3D12PipelineLibrary1>(hr, library);
}

std::vector<unsigned char> serialize(ID3D12PipelineLibrary* library) {
  std::vector<unsigned char> blob(library->GetSerializedSize());
  REQUIRE(!blob.empty());
  REQUIRE(library->Serialize(blob.data(), blob.size()) == S_OK);
  return blob;
}

// `pso` drawing the left half of a 16×16 RGBA8 target cleared black in red (the root constants); the pixels read back.
std::vector<uint32_t> drawLeftHalf(ID3D12Device* device, ID3D12RootSignature* rs, ID3D12PipelineState* pso) {
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  ID3D12Fence* fence = createFence(device);
  UINT64 fenceValue = 0;
  std::optional<RenderTarget16> target(std::in_place, device);
  const float vertices[] = {-1, -1, 0.5f, -1, 1, 0.5f, 0, 1, 0.5f, -1, -1, 0.5f, 0, 1, 0.5f, 0, -1, 0.5f};
  ID3D12Resource* vb = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof vertices);
  writeUpload(vb, 0, vertices, sizeof vertices);
  target->bind(list, kBlackF);
  list->SetGraphicsRootSignature(rs);
  list->SetPipelineState(pso);
  list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  const D3D12_VERTEX_BUFFER_VIEW view{vb->GetGPUVirtualAddress(), sizeof vertices, 12};
  list->IASetVertexBuffers(0, 1, &view);
  list->SetGraphicsRoot32BitConstants(0, 4, kRedF, 0);
  list->DrawInstanced(6, 1, 0, 0);
  D3D12_RESOURCE_BARRIER b{};
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  b.Transition = {target->texture, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE};
  list->ResourceBarrier(1, &b);
  target->copyOut(list);
  REQUIRE(list->Close() == S_OK);
  executeAndWait(queue, {list}, fence, &fenceValue);
  std::vector<uint32_t> pixels = target->pixels();
  target.reset();
  vb->Release();
  fence->Release();
  list->Release();
  allocator->Release();
  queue->Release();
  return pixels;
}

// `pso` (kPipelineCsAdd) dispatched twice over a zeroed 256-word UAV with constant `c`; the words read back.
std::vector<uint32_t> dispatchAdd(ID3D12Device* device, ID3D12RootSignature* rs, ID3D12PipelineState* pso, UINT c) {
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
  list->SetComputeRoot32BitConstant(0, c, 0);
  list->SetComputeRootUnorderedAccessView(1, uav->GetGPUVirtualAddress());
  list->Dispatch(2, 1, 1);
  D3D12_RESOURCE_BARRIER b{};
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  b.Transition = {uav, 0, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE};
  list->ResourceBarrier(1, &b);
  list->CopyBufferRegion(readback, 0, uav, 0, 1024);
  REQUIRE(list->Close() == S_OK);
  executeAndWait(queue, {list}, fence, &fenceValue);
  const std::vector<unsigned char> bytes = readBuffer(readback, 1024);
  std::vector<uint32_t> words(256);
  std::memcpy(words.data(), bytes.data(), 1024);
  readback->Release();
  uav->Release();
  fence->Release();
  list->Release();
  allocator->Release();
  queue->Release();
  return words;
}

// What the draw and the dispatch above must give, worked out here: red left of x = 8, black right of it; the
// first 2 × 64 words 1 + c, the rest 0.
std::vector<uint32_t> leftHalfRed() {
  std::vector<uint32_t> out(256);
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 16; ++x) out[y * 16 + x] = x < 8 ? kRed : kBlack;
  return out;
}
std::vector<uint32_t> added(UINT c) {
  std::vector<uint32_t> out(256, 0);
  for (int i = 0; i < 128; ++i) out[i] = 1 + c;
  return out;
}

// The pipelines every test stores, with the descs they were made from (shaders owned here).
struct Pipelines {
  ID3D12RootSignature* graphicsRs;
  ID3D12RootSignature* computeRs;
  std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kPipelinePsConstant),
                       cs = assembled(kPipelineCsAdd);
  D3D12_GRAPHICS_PIPELINE_STATE_DESC graphicsDesc;
  D3D12_COMPUTE_PIPELINE_STATE_DESC computeDesc;
  ID3D12PipelineState* graphics = nullptr;
  ID3D12PipelineState* compute = nullptr;

  explicit Pipelines(ID3D12Device* device)
      : graphicsRs(graphicsRootSignature(device)),
        computeRs(computeRootSignature(device)),
        graphicsDesc(constantColourPsoDesc(graphicsRs, vs, ps)),
        computeDesc{computeRs, shaderBytecode(cs), 0, {}, D3D12_PIPELINE_STATE_FLAG_NONE} {
    REQUIRE(device->CreateGraphicsPipelineState(&graphicsDesc, __uuidof(ID3D12PipelineState),
                                                reinterpret_cast<void**>(&graphics)) == S_OK);
    REQUIRE(device->CreateComputePipelineState(&computeDesc, __uuidof(ID3D12PipelineState),
                                               reinterpret_cast<void**>(&compute)) == S_OK);
  }
  ~Pipelines() {
    compute->Release();
    graphics->Release();
    computeRs->Release();
    graphicsRs->Release();
  }
};

HRESULT loadGraphics(ID3D12PipelineLibrary* library, const wchar_t* name, const D3D12_GRAPHICS_PIPELINE_STATE_DESC* desc,
                     ID3D12PipelineState** out) {
  *out = reinterpret_cast<ID3D12PipelineState*>(1);
  return library->LoadGraphicsPipeline(name, desc, __uuidof(ID3D12PipelineState), reinterpret_cast<void**>(out));
}
HRESULT loadCompute(ID3D12PipelineLibrary* library, const wchar_t* name, const D3D12_COMPUTE_PIPELINE_STATE_DESC* desc,
                    ID3D12PipelineState** out) {
  *out = reinterpret_cast<ID3D12PipelineState*>(1);
  return library->LoadComputePipeline(name, desc, __uuidof(ID3D12PipelineState), reinterpret_cast<void**>(out));
}

// Every subobject of a graphics desc, as CD3DX12's streams carry them.
PipelineStateStream streamOf(const D3D12_GRAPHICS_PIPELINE_STATE_DESC& d) {
  PipelineStateStream s;
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
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_PRIMITIVE_TOPOLOGY, d.PrimitiveTopologyType)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_RENDER_TARGET_FORMATS, formats)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_SAMPLE_DESC, d.SampleDesc);
  return s;
}

}  // namespace

TEST_CASE("D3D12 pipeline library: stored PSOs serialize and load from the blob on this and a second device and draw "
          "and dispatch as the originals",
          "[d3d12][pipeline-library]") {
  ID3D12Device* device = createDevice12();
  D3D12_FEATURE_DATA_SHADER_CACHE cache{};
  REQUIRE(device->CheckFeatureSupport(D3D12_FEATURE_SHADER_CACHE, &cache, sizeof cache) == S_OK);
  CHECK(cache.SupportFlags == (D3D12_SHADER_CACHE_SUPPORT_SINGLE_PSO | D3D12_SHADER_CACHE_SUPPORT_LIBRARY));
  std::vector<unsigned char> blob;
  {
    Pipelines p(device);
    ID3D12PipelineLibrary1* library = createLibrary(device, nullptr, 0);
    REQUIRE(library->StorePipeline(L"graphics", p.graphics) == S_OK);
    REQUIRE(library->StorePipeline(L"compute", p.compute) == S_OK);
    // Loaded from the library that stored them.
    ID3D12PipelineState* graphics = nullptr;
    ID3D12PipelineState* compute = nullptr;
    REQUIRE(loadGraphics(library, L"graphics", &p.graphicsDesc, &graphics) == S_OK);
    REQUIRE(loadCompute(library, L"compute", &p.computeDesc, &compute) == S_OK);
    CHECK(drawLeftHalf(device, p.graphicsRs, graphics) == leftHalfRed());
    CHECK(dispatchAdd(device, p.computeRs, compute, 5) == added(5));
    compute->Release();
    graphics->Release();
    blob = serialize(library);
    // Serialize writes GetSerializedSize bytes, whatever room it is given.
    std::vector<unsigned char> roomy(blob.size() + 16, 0xEE);
    REQUIRE(library->Serialize(roomy.data(), roomy.size()) == S_OK);
    CHECK(std::equal(blob.begin(), blob.end(), roomy.begin()));
    CHECK(roomy.back() == 0xEE);
    CHECK(library->Release() == 0);
  }
  // A library from the blob on this device; the application's copy of the blob freed once it is made
  // (d3dvk reads the entries into the library).
  ID3D12PipelineLibrary1* again = nullptr;
  {
    std::vector<unsigned char> copy = blob;
    again = createLibrary(device, copy.data(), copy.size());
    std::fill(copy.begin(), copy.end(), 0);
  }
  CHECK(serialize(again) == blob);  // the same two entries, in the order stored
  {
    Pipelines p(device);  // new root signatures of the same content, new shader copies
    ID3D12PipelineState* graphics = nullptr;
    ID3D12PipelineState* compute = nullptr;
    REQUIRE(loadGraphics(again, L"graphics", &p.graphicsDesc, &graphics) == S_OK);
    REQUIRE(loadCompute(again, L"compute", &p.computeDesc, &compute) == S_OK);
    CHECK(again->Release() == 0);  // loaded PSOs outlive the library
    CHECK(drawLeftHalf(device, p.graphicsRs, graphics) == leftHalfRed());
    CHECK(dispatchAdd(device, p.computeRs, compute, 7) == added(7));
    compute->Release();
    graphics->Release();
  }
  // A second device of the same adapter reads the blob too.
  ID3D12Device* second = createDevice12();
  CHECK(second != device);  // d3dvk makes a device per call
  {
    Pipelines p(second);
    ID3D12PipelineLibrary1* library = createLibrary(second, blob.data(), blob.size());
    ID3D12PipelineState* graphics = nullptr;
    ID3D12PipelineState* compute = nullptr;
    REQUIRE(loadGraphics(library, L"graphics", &p.graphicsDesc, &graphics) == S_OK);
    REQUIRE(loadCompute(library, L"compute", &p.computeDesc, &compute) == S_OK);
    CHECK(drawLeftHalf(second, p.graphicsRs, graphics) == leftHalfRed());
    CHECK(dispatchAdd(second, p.computeRs, compute, 3) == added(3));
    // More pipelines may be stored in a library made from a blob.
    REQUIRE(library->StorePipeline(L"graphics 2", p.graphics) == S_OK);
    CHECK(library->GetSerializedSize() > blob.size());
    compute->Release();
    graphics->Release();
    library->Release();
  }
  CHECK(second->Release() == 0);
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 pipeline library: Library1's LoadPipeline loads by pipeline state stream", "[d3d12][pipeline-library]") {
  ID3D12Device* device = createDevice12();
  std::optional<Pipelines> pipelines(std::in_place, device);
  Pipelines& p = *pipelines;
  ID3D12PipelineLibrary1* library = createLibrary(device, nullptr, 0);
  REQUIRE(library->StorePipeline(L"graphics", p.graphics) == S_OK);
  REQUIRE(library->StorePipeline(L"compute", p.compute) == S_OK);
  auto load = [&](const wchar_t* name, PipelineStateStream& stream, ID3D12PipelineState** out) {
    const D3D12_PIPELINE_STATE_STREAM_DESC d = stream.desc();
    *out = reinterpret_cast<ID3D12PipelineState*>(1);
    return library->LoadPipeline(name, &d, __uuidof(ID3D12PipelineState), reinterpret_cast<void**>(out));
  };
  PipelineStateStream graphicsStream = streamOf(p.graphicsDesc);
  ID3D12PipelineState* graphics = nullptr;
  REQUIRE(load(L"graphics", graphicsStream, &graphics) == S_OK);
  CHECK(drawLeftHalf(device, p.graphicsRs, graphics) == leftHalfRed());
  graphics->Release();
  PipelineStateStream computeStream;
  computeStream.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_ROOT_SIGNATURE, p.computeRs)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_CS, p.computeDesc.CS);
  ID3D12PipelineState* compute = nullptr;
  REQUIRE(load(L"compute", computeStream, &compute) == S_OK);
  CHECK(dispatchAdd(device, p.computeRs, compute, 9) == added(9));
  compute->Release();

  ID3D12PipelineState* out = nullptr;
  // A stream that leaves the rasterizer out takes D3D12's default (back faces culled): not the stored desc.
  PipelineStateStream defaults;
  D3D12_RT_FORMAT_ARRAY formats{{DXGI_FORMAT_R8G8B8A8_UNORM}, 1};
  defaults.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_ROOT_SIGNATURE, p.graphicsRs)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_VS, p.graphicsDesc.VS)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_PS, p.graphicsDesc.PS)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_INPUT_LAYOUT, p.graphicsDesc.InputLayout)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_PRIMITIVE_TOPOLOGY, p.graphicsDesc.PrimitiveTopologyType)
      .add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_RENDER_TARGET_FORMATS, formats);
  CHECK(load(L"graphics", defaults, &out) == E_INVALIDARG);
  CHECK(out == nullptr);
  // The compute stream under the graphics name, an absent name, a malformed stream.
  CHECK(load(L"graphics", computeStream, &out) == E_INVALIDARG);
  CHECK(load(L"absent", graphicsStream, &out) == E_INVALIDARG);
  PipelineStateStream bad = streamOf(p.graphicsDesc);
  bad.addRawType(99);
  CHECK(load(L"graphics", bad, &out) == E_INVALIDARG);
  CHECK(out == nullptr);
  CHECK(library->LoadPipeline(L"graphics", nullptr, __uuidof(ID3D12PipelineState), reinterpret_cast<void**>(&out)) ==
        E_INVALIDARG);
  CHECK(library->Release() == 0);
  pipelines.reset();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 pipeline library refuses duplicate and absent names, other descs, short buffers and foreign blobs",
          "[d3d12][pipeline-library]") {
  ID3D12Device* device = createDevice12();
  ID3D12Device1* device1 = device1Of(device);
  std::optional<Pipelines> pipelines(std::in_place, device);
  Pipelines& p = *pipelines;
  ID3D12PipelineLibrary1* library = createLibrary(device, nullptr, 0);
  REQUIRE(library->StorePipeline(L"graphics", p.graphics) == S_OK);
  REQUIRE(library->StorePipeline(L"compute", p.compute) == S_OK);

  // StorePipeline: a name in use (by either kind), no name, no pipeline.
  CHECK(library->StorePipeline(L"graphics", p.graphics) == E_INVALIDARG);
  CHECK(library->StorePipeline(L"graphics", p.compute) == E_INVALIDARG);
  CHECK(library->StorePipeline(nullptr, p.graphics) == E_INVALIDARG);
  CHECK(library->StorePipeline(L"none", nullptr) == E_INVALIDARG);
  CHECK(library->StorePipeline(L"Graphics", p.graphics) == S_OK);  // names are case-sensitive

  // Load*: an absent or null name, a null desc, the other kind, another desc, another root signature.
  ID3D12PipelineState* out = nullptr;
  CHECK(loadGraphics(library, L"absent", &p.graphicsDesc, &out) == E_INVALIDARG);
  CHECK(out == nullptr);
  CHECK(loadGraphics(library, nullptr, &p.graphicsDesc, &out) == E_INVALIDARG);
  CHECK(loadGraphics(library, L"graphics", nullptr, &out) == E_INVALIDARG);
  CHECK(loadCompute(library, L"compute", nullptr, &out) == E_INVALIDARG);
  CHECK(loadGraphics(library, L"compute", &p.graphicsDesc, &out) == E_INVALIDARG);
  CHECK(loadCompute(library, L"graphics", &p.computeDesc, &out) == E_INVALIDARG);
  D3D12_GRAPHICS_PIPELINE_STATE_DESC otherFormat = p.graphicsDesc;
  otherFormat.RTVFormats[0] = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
  CHECK(loadGraphics(library, L"graphics", &otherFormat, &out) == E_INVALIDARG);
  D3D12_GRAPHICS_PIPELINE_STATE_DESC culled = p.graphicsDesc;
  culled.RasterizerState.CullMode = D3D12_CULL_MODE_BACK;
  CHECK(loadGraphics(library, L"graphics", &culled, &out) == E_INVALIDARG);
  ID3D12RootSignature* eightConstants = graphicsRootSignature(device, 8);
  D3D12_GRAPHICS_PIPELINE_STATE_DESC otherRs = p.graphicsDesc;
  otherRs.pRootSignature = eightConstants;
  CHECK(loadGraphics(library, L"graphics", &otherRs, &out) == E_INVALIDARG);
  D3D12_GRAPHICS_PIPELINE_STATE_DESC noRs = p.graphicsDesc;
  noRs.pRootSignature = nullptr;
  CHECK(loadGraphics(library, L"graphics", &noRs, &out) == E_INVALIDARG);
  CHECK(out == nullptr);
  // Neither NodeMask nor Flags nor CachedPSO is compared (TOOL_DEBUG builds the same PSO).
  D3D12_GRAPHICS_PIPELINE_STATE_DESC toolDebug = p.graphicsDesc;
  toolDebug.Flags = D3D12_PIPELINE_STATE_FLAG_TOOL_DEBUG;
  REQUIRE(loadGraphics(library, L"graphics", &toolDebug, &out) == S_OK);
  out->Release();
  // An unsupported interface for the loaded PSO.
  void* resource = reinterpret_cast<void*>(1);
  CHECK(library->LoadGraphicsPipeline(L"graphics", &p.graphicsDesc, __uuidof(ID3D12Resource), &resource) ==
        E_NOINTERFACE);
  CHECK(resource == nullptr);

  // Serialize: one byte short, a null pointer.
  const SIZE_T size = library->GetSerializedSize();
  std::vector<unsigned char> blob(size);
  CHECK(library->Serialize(blob.data(), size - 1) == E_INVALIDARG);
  CHECK(library->Serialize(nullptr, size) == E_INVALIDARG);
  REQUIRE(library->Serialize(blob.data(), size) == S_OK);

  // CreatePipelineLibrary: riid, a null output (validation only), and blobs it did not write.
  void* created = reinterpret_cast<void*>(1);
  CHECK(device1->CreatePipelineLibrary(blob.data(), blob.size(), __uuidof(ID3D12Resource), &created) == E_NOINTERFACE);
  CHECK(created == nullptr);
  CHECK(device1->CreatePipelineLibrary(blob.data(), blob.size(), __uuidof(ID3D12PipelineLibrary), nullptr) == S_FALSE);
  CHECK(device1->CreatePipelineLibrary(nullptr, 0, __uuidof(ID3D12PipelineLibrary), nullptr) == S_FALSE);
  auto create = [&](const void* data, size_t length) {
    void* made = reinterpret_cast<void*>(1);
    const HRESULT hr = device1->CreatePipelineLibrary(data, length, __uuidof(ID3D12PipelineLibrary), &made);
    if (FAILED(hr)) CHECK(made == nullptr);
    else static_cast<ID3D12PipelineLibrary*>(made)->Release();
    return hr;
  };
  CHECK(create(blob.data(), blob.size()) == S_OK);
  CHECK(create(nullptr, blob.size()) == E_INVALIDARG);
  CHECK(create(blob.data(), blob.size() - 1) == E_INVALIDARG);  // one byte short
  CHECK(create(blob.data(), 20) == E_INVALIDARG);               // shorter than a header
  const std::vector<unsigned char> zeros(blob.size(), 0);
  CHECK(create(zeros.data(), zeros.size()) == E_INVALIDARG);
  std::vector<unsigned char> damaged = blob;
  damaged[damaged.size() - 2] ^= 0x10;  // a character of the last name
  CHECK(create(damaged.data(), damaged.size()) == E_INVALIDARG);
  ID3DBlob* cachedBlob = nullptr;  // a cached PSO blob is no library
  REQUIRE(p.graphics->GetCachedBlob(&cachedBlob) == S_OK);
  CHECK(create(cachedBlob->GetBufferPointer(), cachedBlob->GetBufferSize()) == E_INVALIDARG);
  cachedBlob->Release();
  // The header d3dvk's blobs share (d3d12_pipeline_state_cache.cpp): the format version at byte 4 names the
  // driver version, the LUID at bytes 8-15 the adapter.
  std::vector<unsigned char> otherVersion = blob;
  otherVersion[4] ^= 0x40;
  CHECK(create(otherVersion.data(), otherVersion.size()) == kDriverVersionMismatch);
  std::vector<unsigned char> otherAdapter = blob;
  otherAdapter[8] ^= 0x01;
  CHECK(create(otherAdapter.data(), otherAdapter.size()) == kAdapterNotFound);
  CHECK(device1->CreatePipelineLibrary(otherAdapter.data(), otherAdapter.size(), __uuidof(ID3D12PipelineLibrary),
                                       nullptr) == kAdapterNotFound);  // checked without an output too

  eightConstants->Release();
  CHECK(library->Release() == 0);
  pipelines.reset();
  device1->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 pipeline library is a device child: interfaces, references, GetDevice and private data",
          "[d3d12][pipeline-library]") {
  ID3D12Device* device = createDevice12();
  ID3D12Device1* device1 = device1Of(device);
  void* out = nullptr;
  REQUIRE(device1->CreatePipelineLibrary(nullptr, 0, __uuidof(ID3D12PipelineLibrary), &out) == S_OK);
  auto* library = static_cast<ID3D12PipelineLibrary*>(out);
  device1->Release();
  // The device: one reference of the test, one of the library.
  CHECK(device->AddRef() == 3);
  CHECK(device->Release() == 2);
  for (const IID& iid : {__uuidof(IUnknown), __uuidof(ID3D12Object), __uuidof(ID3D12DeviceChild),
                         __uuidof(ID3D12PipelineLibrary), __uuidof(ID3D12PipelineLibrary1)}) {
    void* same = nullptr;
    REQUIRE(library->QueryInterface(iid, &same) == S_OK);
    CHECK(same == static_cast<void*>(library));
    CHECK(library->Release() == 1);
  }
  void* none = reinterpret_cast<void*>(1);
  CHECK(library->QueryInterface(__uuidof(ID3D12Pageable), &none) == E_NOINTERFACE);  // a device child, not pageable
  CHECK(none == nullptr);
  CHECK(library->QueryInterface(__uuidof(ID3D12PipelineState), &none) == E_NOINTERFACE);
  CHECK(library->AddRef() == 2);
  CHECK(library->Release() == 1);
  void* parent = nullptr;
  REQUIRE(library->GetDevice(__uuidof(ID3D12Device), &parent) == S_OK);
  CHECK(parent == static_cast<void*>(device));
  static_cast<ID3D12Device*>(parent)->Release();
  const GUID guid = {0x1b2c3d4e, 0x1111, 0x2222, {1, 2, 3, 4, 5, 6, 7, 8}};
  const uint32_t value = 0xC0FFEE;
  REQUIRE(library->SetPrivateData(guid, sizeof value, &value) == S_OK);
  uint32_t read = 0;
  UINT size = sizeof read;
  REQUIRE(library->GetPrivateData(guid, &size, &read) == S_OK);
  CHECK(read == value);
  CHECK(library->SetName(L"library") == S_OK);
  // An empty library serializes to the 48-byte header alone, which makes an empty library again.
  const std::vector<unsigned char> empty = serialize(library);
  CHECK(empty.size() == 48);
  ID3D12PipelineLibrary1* fromEmpty = createLibrary(device, empty.data(), empty.size());
  CHECK(fromEmpty->GetSerializedSize() == 48);
  ID3D12PipelineState* nothing = nullptr;
  ID3D12RootSignature* rs = computeRootSignature(device);
  const std::vector<uint8_t> cs = assembled(kPipelineCsAdd);
  const D3D12_COMPUTE_PIPELINE_STATE_DESC desc{rs, shaderBytecode(cs), 0, {}, D3D12_PIPELINE_STATE_FLAG_NONE};
  CHECK(loadCompute(fromEmpty, L"", &desc, &nothing) == E_INVALIDARG);
  rs->Release();
  CHECK(fromEmpty->Release() == 0);
  CHECK(library->Release() == 0);
  CHECK(device->Release() == 0);  // the library released its reference
}
