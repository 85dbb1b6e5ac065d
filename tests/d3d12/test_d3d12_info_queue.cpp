// tests/d3d12: ID3D12InfoQueue receives what goes wrong while command lists
// are recorded and executed — the runtime's checks with D3D12's message IDs
// (closed/open list misuse, barriers with wrong states, descriptors outside a
// heap, root signatures that do not match the pipeline state at draw and
// dispatch time, lists that cannot be executed) and the UMD's reasons (a
// recording error only the driver sees, a fence signalled backwards) as
// UNKNOWN with d3dvk's text, named after the method; stream-output descs and
// SOSetTargets with their IDs. Its own binary: the
// debug layer is process-wide.
#include "d3d12_pipeline_util.h"

#include <directx/d3d12sdklayers.h>

#include <string>

using namespace d3dvk::test;

namespace {

struct Message {
  D3D12_MESSAGE_CATEGORY category;
  D3D12_MESSAGE_SEVERITY severity;
  int id;
  std::string text;
};

// A device with the debug layer on, its info queue (muted), a direct queue and an open list.
struct DebugDevice {
  ID3D12Device* device = nullptr;
  ID3D12InfoQueue* info = nullptr;
  ID3D12CommandQueue* queue = nullptr;
  ID3D12CommandAllocator* allocator = nullptr;
  ID3D12GraphicsCommandList* list = nullptr;

  DebugDevice() {
    ID3D12Debug* debug = nullptr;
    REQUIRE(D3D12GetDebugInterface(__uuidof(ID3D12Debug), reinterpret_cast<void**>(&debug)) == S_OK);
    debug->EnableDebugLayer();
    debug->Release();
    device = createDevice12();
    REQUIRE(device->QueryInterface(__uuidof(ID3D12InfoQueue), reinterpret_cast<void**>(&info)) == S_OK);
    info->SetMuteDebugOutput(TRUE);
    queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  }
  ~DebugDevice() {
    list->Release();
    allocator->Release();
    queue->Release();
    info->Release();
    CHECK(device->Release() == 0);
  }
  std::vector<Message> messages() const {
    std::vector<Message> out;
    for (UINT64 i = 0; i < info->GetNumStoredMessages(); ++i) {
      SIZE_T length = 0;
      REQUIRE(info->GetMessage(i, nullptr, &length) == S_OK);
      std::vector<unsigned char> buffer(length);
      auto* m = reinterpret_cast<D3D12_MESSAGE*>(buffer.data());
      REQUIRE(info->GetMessage(i, m, &length) == S_OK);
      out.push_back({m->Category, m->Severity, int(m->ID), m->pDescription});
    }
    return out;
  }
  // The one message stored since the last ClearStoredMessages (then cleared).
  Message only() const {
    std::vector<Message> all = messages();
    std::string texts;
    for (const Message& m : all) texts += m.text + "\n";
    INFO(texts);
    REQUIRE(all.size() == 1);
    info->ClearStoredMessages();
    return all[0];
  }
};

}  // namespace

TEST_CASE("D3D12 InfoQueue: closed and open list misuse carries COMMAND_LIST_CLOSED, COMMAND_LIST_OPEN and "
          "EXECUTECOMMANDLISTS_OPENCOMMANDLIST",
          "[d3d12][debug][rules]") {
  DebugDevice d;
  // Reset of a list still recording.
  CHECK(d.list->Reset(d.allocator, nullptr) == E_FAIL);
  Message m = d.only();
  CHECK(m.id == D3D12_MESSAGE_ID_COMMAND_LIST_OPEN);
  CHECK(m.category == D3D12_MESSAGE_CATEGORY_EXECUTION);
  CHECK(m.severity == D3D12_MESSAGE_SEVERITY_ERROR);
  CHECK(m.text == "ID3D12GraphicsCommandList::Reset: the command list is still recording (call Close first)");

  // Executing it while open.
  ID3D12CommandList* lists[] = {d.list};
  d.queue->ExecuteCommandLists(1, lists);
  m = d.only();
  CHECK(m.id == D3D12_MESSAGE_ID_EXECUTECOMMANDLISTS_OPENCOMMANDLIST);
  CHECK(m.text.find("ID3D12CommandQueue::ExecuteCommandLists: command list 0 is still recording") == 0);

  // Recording into and closing a closed list.
  REQUIRE(d.list->Close() == S_OK);
  CHECK(d.info->GetNumStoredMessages() == 0);
  d.list->OMSetStencilRef(1);
  m = d.only();
  CHECK(m.id == D3D12_MESSAGE_ID_COMMAND_LIST_CLOSED);
  CHECK(m.text == "ID3D12GraphicsCommandList::OMSetStencilRef: the command list is closed (call Reset first); the call "
                  "is ignored");
  CHECK(d.list->Close() == E_FAIL);
  CHECK(d.only().id == D3D12_MESSAGE_ID_COMMAND_LIST_CLOSED);
}

TEST_CASE("D3D12 InfoQueue: barriers with wrong states and descriptors outside a heap", "[d3d12][debug][rules]") {
  DebugDevice d;
  ID3D12Resource* texture = createCommitted(
      d.device, D3D12_HEAP_TYPE_DEFAULT,
      texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, 2),
      D3D12_RESOURCE_STATE_RENDER_TARGET);
  auto transition = [&](UINT sub, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after) {
    D3D12_RESOURCE_BARRIER b{};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition = {texture, sub, before, after};
    d.list->ResourceBarrier(1, &b);
  };
  // Well-formed transitions leave no message, including per-subresource ones after a whole-resource one.
  transition(D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE);
  transition(1, D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_COPY_DEST);
  CHECK(d.info->GetNumStoredMessages() == 0);

  // StateBefore that is not what the list's own barrier left mip 1 in.
  transition(1, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE);
  Message m = d.only();
  CHECK(m.id == D3D12_MESSAGE_ID_RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH);
  CHECK(m.category == D3D12_MESSAGE_CATEGORY_EXECUTION);
  CHECK(m.text == "ID3D12GraphicsCommandList::ResourceBarrier: barrier 0: StateBefore (0x4) is not the state an "
                  "earlier barrier of this list left subresource 1 in (0x400); the command is dropped and Close "
                  "will return E_INVALIDARG");
  // A whole-resource barrier checks every subresource the list knows.
  transition(D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_RENDER_TARGET);
  m = d.only();
  CHECK(m.id == D3D12_MESSAGE_ID_RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH);
  CHECK(m.text.find("left subresource 1 in (0x400)") != std::string::npos);

  // The same state on both sides.
  transition(0, D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_COPY_SOURCE);
  CHECK(d.only().id == D3D12_MESSAGE_ID_RESOURCE_BARRIER_MATCHING_STATES);

  // A render-target clear through a handle in no RTV heap.
  const float black[4] = {};
  d.list->ClearRenderTargetView({0x1234}, black, 0, nullptr);
  m = d.only();
  CHECK(m.id == D3D12_MESSAGE_ID_INVALID_DESCRIPTOR_HANDLE);
  CHECK(m.text.find("ID3D12GraphicsCommandList::ClearRenderTargetView: the handle is not a descriptor of an RTV heap") == 0);
  CHECK(d.list->Close() == E_INVALIDARG);

  // A new recording starts with no known states.
  REQUIRE(d.list->Reset(d.allocator, nullptr) == S_OK);
  transition(1, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_RENDER_TARGET);
  CHECK(d.list->Close() == S_OK);
  CHECK(d.info->GetNumStoredMessages() == 0);
  texture->Release();
}

TEST_CASE("D3D12 InfoQueue: root signatures that do not match the pipeline state at draw and dispatch time",
          "[d3d12][debug][draw]") {
  DebugDevice d;
  RenderTarget16 target(d.device);
  ID3D12RootSignature* rs = graphicsRootSignature(d.device, 4);
  ID3D12RootSignature* same = graphicsRootSignature(d.device, 4);   // another object, the same layout
  ID3D12RootSignature* other = graphicsRootSignature(d.device, 8);  // b0 larger: a different layout
  ID3D12PipelineState* pso = createConstantColourPso(d.device, rs);
  ID3D12RootSignature* crs = computeRootSignature(d.device);
  ID3D12PipelineState* cpso = createAddPso(d.device, crs);
  ID3D12Resource* upload = createBuffer(d.device, D3D12_HEAP_TYPE_UPLOAD, 4096);
  const float verts[] = {-1, -1, 0, -1, 3, 0, 3, -1, 0};
  writeUpload(upload, 0, verts, sizeof verts);
  D3D12_VERTEX_BUFFER_VIEW vbv{upload->GetGPUVirtualAddress(), sizeof verts, 12};
  const float red[4] = {1, 0, 0, 1}, black[4] = {0, 0, 0, 1};
  auto drawWith = [&](ID3D12RootSignature* signature) {
    target.bind(d.list, black);
    if (signature) d.list->SetGraphicsRootSignature(signature);
    d.list->SetPipelineState(pso);
    d.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    d.list->IASetVertexBuffers(0, 1, &vbv);
    if (signature) d.list->SetGraphicsRoot32BitConstants(0, 4, red, 0);
    d.list->DrawInstanced(3, 1, 0, 0);
  };

  // A signature of another layout: dropped, message #201, Close fails.
  drawWith(other);
  Message m = d.only();
  CHECK(m.id == D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_ROOT_SIGNATURE_MISMATCH);
  CHECK(m.category == D3D12_MESSAGE_CATEGORY_EXECUTION);
  CHECK(m.text.find("ID3D12GraphicsCommandList::DrawInstanced: the root signature set on the list is not the one the "
                    "pipeline state was created with") == 0);
  CHECK(d.list->Close() == E_INVALIDARG);

  // No signature at all: #200, the draw dropped; the list still closes.
  REQUIRE(d.list->Reset(d.allocator, nullptr) == S_OK);
  drawWith(nullptr);
  CHECK(d.only().id == D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_ROOT_SIGNATURE_NOT_SET);
  CHECK(d.list->Close() == S_OK);

  // Dispatch with the graphics pipeline state set: #1045; with the compute one but no compute signature: #952;
  // with the graphics signature as compute signature: #953.
  REQUIRE(d.list->Reset(d.allocator, pso) == S_OK);
  d.list->Dispatch(1, 1, 1);
  CHECK(d.only().id == D3D12_MESSAGE_ID_COMMAND_LIST_PIPELINE_STATE_NOT_SET);
  d.list->SetPipelineState(cpso);
  d.list->Dispatch(1, 1, 1);
  CHECK(d.only().id == D3D12_MESSAGE_ID_COMMAND_LIST_DISPATCH_ROOT_SIGNATURE_NOT_SET);
  d.list->SetComputeRootSignature(rs);
  d.list->Dispatch(1, 1, 1);
  CHECK(d.only().id == D3D12_MESSAGE_ID_COMMAND_LIST_DISPATCH_ROOT_SIGNATURE_MISMATCH);
  CHECK(d.list->Close() == E_INVALIDARG);

  // A signature object other than the PSO's but of the same layout draws (red over black).
  REQUIRE(d.list->Reset(d.allocator, nullptr) == S_OK);
  drawWith(same);
  target.copyOut(d.list);
  REQUIRE(d.list->Close() == S_OK);
  CHECK(d.info->GetNumStoredMessages() == 0);
  ID3D12Fence* fence = createFence(d.device);
  UINT64 value = 0;
  executeAndWait(d.queue, {d.list}, fence, &value);
  const std::vector<uint32_t> pixels = target.pixels();
  CHECK(pixels[0] == 0xFF0000FFu);
  CHECK(pixels[RenderTarget16::kSize * RenderTarget16::kSize - 1] == 0xFF0000FFu);

  fence->Release();
  upload->Release();
  cpso->Release();
  crs->Release();
  pso->Release();
  other->Release();
  same->Release();
  rs->Release();
}

TEST_CASE("D3D12 InfoQueue: the UMD's reasons arrive as UNKNOWN messages named after the method", "[d3d12][debug]") {
  DebugDevice d;
  // Only the driver checks an index buffer's format (when it records the view).
  ID3D12Resource* upload = createBuffer(d.device, D3D12_HEAP_TYPE_UPLOAD, 256);
  D3D12_INDEX_BUFFER_VIEW ibv{upload->GetGPUVirtualAddress(), 256, DXGI_FORMAT_R8_UINT};
  d.list->IASetIndexBuffer(&ibv);
  Message m = d.only();
  CHECK(m.id == D3D12_MESSAGE_ID_UNKNOWN);
  CHECK(m.category == D3D12_MESSAGE_CATEGORY_EXECUTION);
  CHECK(m.severity == D3D12_MESSAGE_SEVERITY_ERROR);
  CHECK(m.text == "ID3D12GraphicsCommandList::IASetIndexBuffer: IASetIndexBuffer: Format must be R16_UINT or R32_UINT");
  CHECK(d.list->Close() == E_INVALIDARG);

  // A fence signalled backwards, from the CPU and from a queue: D3D12 allows it,
  // d3dvk honours it (test_d3d12_fence_values.cpp) and says nothing.
  ID3D12Fence* fence = createFence(d.device);
  REQUIRE(fence->Signal(5) == S_OK);
  REQUIRE(fence->Signal(3) == S_OK);
  CHECK(fence->GetCompletedValue() == 3);
  REQUIRE(d.queue->Signal(fence, 2) == S_OK);
  REQUIRE(fence->SetEventOnCompletion(2, nullptr) == S_OK);
  CHECK(fence->GetCompletedValue() == 2);
  CHECK(d.info->GetNumStoredMessages() == 0);
  fence->Release();
  upload->Release();
}

TEST_CASE("D3D12 InfoQueue: out-of-range view dimensions carry the view creators' INVALIDDESC IDs", "[d3d12][debug][views]") {
  DebugDevice d;
  RenderTarget16 target(d.device);
  D3D12_DESCRIPTOR_HEAP_DESC h{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
  ID3D12DescriptorHeap* heap = nullptr;
  REQUIRE(d.device->CreateDescriptorHeap(&h, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&heap)) == S_OK);
  const int bad = 99;
  D3D12_SHADER_RESOURCE_VIEW_DESC srv{DXGI_FORMAT_R8G8B8A8_UNORM, {}, D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING, {}};
  std::memcpy(&srv.ViewDimension, &bad, sizeof bad);
  d.device->CreateShaderResourceView(target.texture, &srv, heap->GetCPUDescriptorHandleForHeapStart());
  Message m = d.only();
  CHECK(m.id == D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDESC);
  CHECK(m.category == D3D12_MESSAGE_CATEGORY_STATE_CREATION);
  CHECK(m.text == "ID3D12Device::CreateShaderResourceView: ViewDimension 99 is not a view dimension d3dvk supports; "
                  "nothing is written");
  D3D12_RENDER_TARGET_VIEW_DESC rtv{DXGI_FORMAT_R8G8B8A8_UNORM, {}, {}};
  std::memcpy(&rtv.ViewDimension, &bad, sizeof bad);
  d.device->CreateRenderTargetView(target.texture, &rtv, target.rtv);
  m = d.only();
  CHECK(m.id == D3D12_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDDESC);
  CHECK(m.text == "ID3D12Device::CreateRenderTargetView: ViewDimension 99 is not a D3D12_RTV_DIMENSION; nothing is written");
  heap->Release();
}

TEST_CASE("D3D12 InfoQueue: stream-output descs and SOSetTargets carry D3D12's IDs", "[d3d12][debug][stream-output]") {
  DebugDevice d;
  const std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kPipelinePsConstant);
  D3D12_ROOT_PARAMETER p{};
  p.ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
  p.Constants = {0, 0, 4};
  const D3D12_ROOT_SIGNATURE_DESC withSo{1, &p, 0, nullptr,
                                         D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT |
                                             D3D12_ROOT_SIGNATURE_FLAG_ALLOW_STREAM_OUTPUT};
  ID3D12RootSignature* so = createRootSignature(d.device, withSo);
  ID3D12RootSignature* noSo = graphicsRootSignature(d.device);
  d.info->ClearStoredMessages();
  void* pso = nullptr;
  // A semantic the vertex shader does not write.
  const D3D12_SO_DECLARATION_ENTRY missing[] = {{0, "TEXCOORD", 0, 0, 4, 0}};
  D3D12_GRAPHICS_PIPELINE_STATE_DESC desc = constantColourPsoDesc(so, vs, ps);
  desc.StreamOutput = {missing, 1, nullptr, 0, 0};
  CHECK(d.device->CreateGraphicsPipelineState(&desc, __uuidof(ID3D12PipelineState), &pso) == E_INVALIDARG);
  Message m = d.only();
  CHECK(m.id == D3D12_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_MISSINGSEMANTIC);
  CHECK(m.category == D3D12_MESSAGE_CATEGORY_STATE_CREATION);
  // A root signature without ALLOW_STREAM_OUTPUT.
  const D3D12_SO_DECLARATION_ENTRY position[] = {{0, "SV_Position", 0, 0, 4, 0}};
  desc = constantColourPsoDesc(noSo, vs, ps);
  desc.StreamOutput = {position, 1, nullptr, 0, 0};
  CHECK(d.device->CreateGraphicsPipelineState(&desc, __uuidof(ID3D12PipelineState), &pso) == E_INVALIDARG);
  m = d.only();
  CHECK(m.id == D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_VS_ROOT_SIGNATURE_MISMATCH);
  CHECK(m.text.find("D3D12_ROOT_SIGNATURE_FLAG_ALLOW_STREAM_OUTPUT") != std::string::npos);
  // SOSetTargets past the four slots, and a view without a filled-size location.
  const D3D12_STREAM_OUTPUT_BUFFER_VIEW views[2] = {{0x10000, 64, 0}, {}};
  d.list->SOSetTargets(3, 2, views);
  CHECK(d.only().id == D3D12_MESSAGE_ID_SET_STREAM_OUTPUT_BUFFERS_INVALID);
  d.list->SOSetTargets(0, 1, views);
  CHECK(d.only().id == D3D12_MESSAGE_ID_SET_STREAM_OUTPUT_BUFFERS_INVALID_DESC);
  CHECK(d.list->Close() == E_INVALIDARG);
  noSo->Release();
  so->Release();
}

TEST_CASE("D3D12 InfoQueue: pipeline state streams, cached PSOs and PSO flags carry D3D12's IDs",
          "[d3d12][info-queue][pso-stream]") {
  DebugDevice d;
  ID3D12Device2* device2 = nullptr;
  REQUIRE(d.device->QueryInterface(__uuidof(ID3D12Device2), reinterpret_cast<void**>(&device2)) == S_OK);
  ID3D12RootSignature* rs = graphicsRootSignature(d.device);
  const std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kPipelinePsConstant),
                             cs = assembled(kPipelineCsAdd);
  d.info->ClearStoredMessages();
  auto idOf = [&](PipelineStateStream& stream) {
    void* pso = nullptr;
    const D3D12_PIPELINE_STATE_STREAM_DESC desc = stream.desc();
    CHECK(device2->CreatePipelineState(&desc, __uuidof(ID3D12PipelineState), &pso) == E_INVALIDARG);
    CHECK(pso == nullptr);
    const Message m = d.only();
    CHECK(m.category == D3D12_MESSAGE_CATEGORY_STATE_CREATION);
    CHECK(m.severity == D3D12_MESSAGE_SEVERITY_ERROR);
    return m.id;
  };
  auto base = [&] {
    PipelineStateStream s;
    s.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_ROOT_SIGNATURE, rs).add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_VS, shaderBytecode(vs));
    return s;
  };
  {
    PipelineStateStream s = base();
    D3D12_PIPELINE_STATE_STREAM_DESC zero = s.desc();
    zero.SizeInBytes = 0;
    void* pso = nullptr;
    CHECK(device2->CreatePipelineState(&zero, __uuidof(ID3D12PipelineState), &pso) == E_INVALIDARG);
    CHECK(d.only().id == D3D12_MESSAGE_ID_CREATEPIPELINESTATE_ZERO_SIZE_STREAM);
    D3D12_PIPELINE_STATE_STREAM_DESC truncated = s.desc();
    truncated.SizeInBytes -= 8;
    CHECK(device2->CreatePipelineState(&truncated, __uuidof(ID3D12PipelineState), &pso) == E_INVALIDARG);
    CHECK(d.only().id == D3D12_MESSAGE_ID_CREATEPIPELINESTATE_INVALID_STREAM);
  }
  {
    PipelineStateStream s = base();
    s.addRawType(1000);
    CHECK(idOf(s) == D3D12_MESSAGE_ID_CREATEPIPELINESTATE_UNKNOWN_SUBOBJECT);
  }
  {
    PipelineStateStream s = base();
    s.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_ROOT_SIGNATURE, rs);
    CHECK(idOf(s) == D3D12_MESSAGE_ID_CREATEPIPELINESTATE_DUPLICATE_SUBOBJECT);
  }
  {
    PipelineStateStream s = base();
    s.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_CS, shaderBytecode(cs));
    CHECK(idOf(s) == D3D12_MESSAGE_ID_CREATEPIPELINESTATE_CANNOT_DEDUCE_TYPE);
  }
  {
    PipelineStateStream s = base();
    D3D12_DEPTH_STENCIL_DESC1 ds{};
    ds.DepthBoundsTestEnable = TRUE;
    s.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL1, ds);
    CHECK(idOf(s) == D3D12_MESSAGE_ID_CREATEDEPTHSTENCILSTATE_DEPTHBOUNDSTEST_UNSUPPORTED);
  }
  {
    PipelineStateStream s = base();
    const D3D12_VIEW_INSTANCE_LOCATION location{0, 0};
    s.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_VIEW_INSTANCING,
          D3D12_VIEW_INSTANCING_DESC{1, &location, D3D12_VIEW_INSTANCING_FLAG_NONE});
    CHECK(idOf(s) == D3D12_MESSAGE_ID_VIEW_INSTANCING_UNSUPPORTED);
  }
  // The desc path's checks, through the stream too.
  {
    PipelineStateStream s = base();
    s.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_FLAGS, UINT(4));
    CHECK(idOf(s) == D3D12_MESSAGE_ID_CREATEPIPELINESTATE_INVALID_FLAGS);
  }
  {
    const std::vector<unsigned char> garbage(32, 0x5A);
    PipelineStateStream s = base();
    s.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_CACHED_PSO, D3D12_CACHED_PIPELINE_STATE{garbage.data(), garbage.size()});
    CHECK(idOf(s) == D3D12_MESSAGE_ID_CREATEPIPELINESTATE_INVALIDCACHEDBLOB);
  }
  {
    ID3D12PipelineState* pso = createConstantColourPso(d.device, rs);
    ID3DBlob* blob = nullptr;
    REQUIRE(pso->GetCachedBlob(&blob) == S_OK);
    PipelineStateStream s = base();  // a VS-only desc: not the PSO the blob describes
    s.add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_CACHED_PSO,
          D3D12_CACHED_PIPELINE_STATE{blob->GetBufferPointer(), blob->GetBufferSize()});
    CHECK(idOf(s) == D3D12_MESSAGE_ID_CREATEPIPELINESTATE_CACHEDBLOBDESCMISMATCH);
    blob->Release();
    pso->Release();
  }
  rs->Release();
  device2->Release();
}

TEST_CASE("D3D12 InfoQueue: pipeline library refusals carry D3D12's IDs", "[d3d12][info-queue][pipeline-library]") {
  DebugDevice d;
  ID3D12Device1* device1 = nullptr;
  REQUIRE(d.device->QueryInterface(__uuidof(ID3D12Device1), reinterpret_cast<void**>(&device1)) == S_OK);
  ID3D12RootSignature* rs = graphicsRootSignature(d.device);
  ID3D12PipelineState* pso = createConstantColourPso(d.device, rs);
  const std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kPipelinePsConstant);
  const D3D12_GRAPHICS_PIPELINE_STATE_DESC desc = constantColourPsoDesc(rs, vs, ps);
  ID3D12PipelineLibrary* library = nullptr;
  REQUIRE(device1->CreatePipelineLibrary(nullptr, 0, __uuidof(ID3D12PipelineLibrary), reinterpret_cast<void**>(&library)) ==
          S_OK);
  REQUIRE(library->StorePipeline(L"pso", pso) == S_OK);
  d.info->ClearStoredMessages();
  auto idAfter = [&](HRESULT hr, HRESULT expected) {
    CHECK(hr == expected);
    const Message m = d.only();
    CHECK(m.severity == D3D12_MESSAGE_SEVERITY_ERROR);
    return m.id;
  };
  CHECK(idAfter(library->StorePipeline(nullptr, pso), E_INVALIDARG) == D3D12_MESSAGE_ID_STOREPIPELINE_NONAME);
  CHECK(idAfter(library->StorePipeline(L"pso", pso), E_INVALIDARG) == D3D12_MESSAGE_ID_STOREPIPELINE_DUPLICATENAME);
  void* loaded = nullptr;
  CHECK(idAfter(library->LoadGraphicsPipeline(L"absent", &desc, __uuidof(ID3D12PipelineState), &loaded), E_INVALIDARG) ==
        D3D12_MESSAGE_ID_LOADPIPELINE_NAMENOTFOUND);
  D3D12_GRAPHICS_PIPELINE_STATE_DESC other = desc;
  other.NumRenderTargets = 0;
  other.RTVFormats[0] = DXGI_FORMAT_UNKNOWN;
  CHECK(idAfter(library->LoadGraphicsPipeline(L"pso", &other, __uuidof(ID3D12PipelineState), &loaded), E_INVALIDARG) ==
        D3D12_MESSAGE_ID_LOADPIPELINE_INVALIDDESC);
  const SIZE_T size = library->GetSerializedSize();
  std::vector<unsigned char> blob(size);
  CHECK(idAfter(library->Serialize(blob.data(), size - 1), E_INVALIDARG) ==
        D3D12_MESSAGE_ID_PIPELINELIBRARY_SERIALIZE_NOTENOUGHMEMORY);
  REQUIRE(library->Serialize(blob.data(), size) == S_OK);
  auto create = [&](const std::vector<unsigned char>& bytes) {
    return device1->CreatePipelineLibrary(bytes.data(), bytes.size(), __uuidof(ID3D12PipelineLibrary), nullptr);
  };
  std::vector<unsigned char> damaged = blob;
  damaged.back() ^= 0x01;
  CHECK(idAfter(create(damaged), E_INVALIDARG) == D3D12_MESSAGE_ID_CREATEPIPELINELIBRARY_INVALIDLIBRARYBLOB);
  std::vector<unsigned char> otherVersion = blob;
  otherVersion[4] ^= 0x40;
  CHECK(idAfter(create(otherVersion), static_cast<HRESULT>(0x887E0002)) ==
        D3D12_MESSAGE_ID_CREATEPIPELINELIBRARY_DRIVERVERSIONMISMATCH);
  std::vector<unsigned char> otherAdapter = blob;
  otherAdapter[8] ^= 0x01;
  CHECK(idAfter(create(otherAdapter), static_cast<HRESULT>(0x887E0001)) ==
        D3D12_MESSAGE_ID_CREATEPIPELINELIBRARY_ADAPTERVERSIONMISMATCH);
  CHECK(create(blob) == S_FALSE);
  CHECK(d.messages().empty());
  library->Release();
  pso->Release();
  rs->Release();
  device1->Release();
}

TEST_CASE("D3D12 InfoQueue: CopyTextureRegion copies depth-stencil and multisampled subresources whole",
          "[d3d12][debug][copy]") {
  DebugDevice d;
  auto texture = [&](DXGI_FORMAT format, D3D12_RESOURCE_FLAGS flags, UINT samples) {
    D3D12_RESOURCE_DESC desc = texture2DDesc(4, 4, format, flags);
    desc.SampleDesc.Count = samples;
    return createCommitted(d.device, D3D12_HEAP_TYPE_DEFAULT, desc, D3D12_RESOURCE_STATE_COMMON);
  };
  const auto ds = D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL;
  const auto rt = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
  ID3D12Resource* depth = texture(DXGI_FORMAT_R32_TYPELESS, ds, 1);
  ID3D12Resource* colour = texture(DXGI_FORMAT_R32_FLOAT, D3D12_RESOURCE_FLAG_NONE, 1);
  ID3D12Resource* msaa = texture(DXGI_FORMAT_R8G8B8A8_UNORM, rt, 4);
  ID3D12Resource* msaa2 = texture(DXGI_FORMAT_R8G8B8A8_UINT, rt, 4);
  const D3D12_BOX part{0, 0, 0, 2, 4, 1}, whole{0, 0, 0, 4, 4, 1};
  auto copy = [&](ID3D12Resource* dst, UINT x, ID3D12Resource* src, const D3D12_BOX* box) {
    const D3D12_TEXTURE_COPY_LOCATION to = subresourceLocation(dst, 0), from = subresourceLocation(src, 0);
    d.list->CopyTextureRegion(&to, x, 0, 0, &from, box);
  };
  auto refusedWith = [&](int id) {
    CHECK(d.only().id == id);
    CHECK(d.list->Close() == E_INVALIDARG);
    REQUIRE(d.list->Reset(d.allocator, nullptr) == S_OK);
  };
  copy(colour, 0, depth, &part);
  refusedWith(D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDSRCBOX);
  copy(depth, 0, colour, &part);  // a part of a colour source into a depth destination
  refusedWith(D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDSRCBOX);
  copy(colour, 1, depth, nullptr);
  refusedWith(D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDDSTCOORDINATES);
  copy(msaa2, 0, msaa, &part);
  refusedWith(D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDSRCBOX);
  // Whole subresources (no box, or one covering the source) record and close.
  copy(colour, 0, depth, &whole);
  copy(msaa2, 0, msaa, nullptr);
  CHECK(d.info->GetNumStoredMessages() == 0);
  CHECK(d.list->Close() == S_OK);
  for (ID3D12Resource* r : {depth, colour, msaa, msaa2}) r->Release();
}
