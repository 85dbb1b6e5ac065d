// tests/d3d12: what D3D12 leaves undefined rather than invalid — a descriptor
// table that was never set, table entries without a view of the kind the
// shader declares, a CBV reaching past its buffer, a dispatch without a
// pipeline state — never fails the list: such reads return zeros, such a
// dispatch is dropped, and a message says so.
#include "d3d12_pipeline_util.h"
#include "stderr_capture.h"

using namespace d3dvk::test;

namespace {

// u1 (root UAV) words 0..3 = t0 word 0, cb0[0].x, u0 word 0, cb0[20].x.
const char kCsRead[] = R"(cs_5_0
dcl_constantbuffer CB0[21], immediateIndexed
dcl_resource_raw t0
dcl_uav_raw u0
dcl_uav_raw u1
dcl_temps 1
dcl_thread_group 1, 1, 1
ld_raw r0.x, l(0), t0.xxxx
store_raw u1.x, l(0), r0.x
store_raw u1.x, l(4), cb0[0].x
ld_raw r0.x, l(0), u0.xxxx
store_raw u1.x, l(8), r0.x
store_raw u1.x, l(12), cb0[20].x
ret
)";

struct Rig {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;
  ID3D12RootSignature* rs = nullptr;
  ID3D12PipelineState* pso = nullptr;
  ID3D12Resource* input = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 256);  // words 7, 8, 9 …
  ID3D12Resource* output = nullptr;
  ID3D12Resource* readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, 256);
  ID3D12Resource* fill = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 256);  // 0xFFFFFFFF words
  ID3D12DescriptorHeap* heap = nullptr;
  UINT step = 0;
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);

  Rig() {
    // Parameter 0: a table of b0, t0, u0; parameter 1: u1 as a root UAV.
    D3D12_DESCRIPTOR_RANGE ranges[3] = {{D3D12_DESCRIPTOR_RANGE_TYPE_CBV, 1, 0, 0, 0},
                                        {D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 1, 0, 0, 1},
                                        {D3D12_DESCRIPTOR_RANGE_TYPE_UAV, 1, 0, 0, 2}};
    D3D12_ROOT_PARAMETER p[2]{};
    p[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
    p[0].DescriptorTable = {3, ranges};
    p[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_UAV;
    p[1].Descriptor = {1, 0};
    rs = createRootSignature(device, {2, p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_NONE});
    const std::vector<uint8_t> cs = assembled(kCsRead);
    D3D12_COMPUTE_PIPELINE_STATE_DESC cd{rs, shaderBytecode(cs), 0, {}, D3D12_PIPELINE_STATE_FLAG_NONE};
    REQUIRE(device->CreateComputePipelineState(&cd, __uuidof(ID3D12PipelineState), reinterpret_cast<void**>(&pso)) == S_OK);
    uint32_t words[64], ones[64];
    for (uint32_t i = 0; i < 64; ++i) words[i] = 7 + i, ones[i] = 0xFFFFFFFFu;
    writeUpload(input, 0, words, sizeof words);
    writeUpload(fill, 0, ones, sizeof ones);
    D3D12_RESOURCE_DESC ud = bufferDesc(256);
    ud.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
    output = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, ud, D3D12_RESOURCE_STATE_COPY_DEST);
    D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 3, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
    REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&heap)) == S_OK);
    step = device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  }
  ~Rig() {
    for (IUnknown* o : std::initializer_list<IUnknown*>{list, allocator, heap, fill, readback, output, input, pso, rs, fence,
                                                        queue})
      o->Release();
    CHECK(device->Release() == 0);
  }
  D3D12_CPU_DESCRIPTOR_HANDLE cpu(UINT i) const { return {heap->GetCPUDescriptorHandleForHeapStart().ptr + i * step}; }
  // Fills the output with 0xFFFFFFFF, dispatches (with the table when `table`),
  // copies the output out; returns Close's result, and the first four words after running.
  HRESULT dispatch(bool table, bool withPso, uint32_t out[4]) {
    list->CopyBufferRegion(output, 0, fill, 0, 256);
    D3D12_RESOURCE_BARRIER b{};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition = {output, 0, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_UNORDERED_ACCESS};
    list->ResourceBarrier(1, &b);
    list->SetDescriptorHeaps(1, &heap);
    list->SetComputeRootSignature(rs);
    if (withPso) list->SetPipelineState(pso);
    if (table) list->SetComputeRootDescriptorTable(0, heap->GetGPUDescriptorHandleForHeapStart());
    list->SetComputeRootUnorderedAccessView(1, output->GetGPUVirtualAddress());
    list->Dispatch(1, 1, 1);
    b.Transition = {output, 0, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE};
    list->ResourceBarrier(1, &b);
    list->CopyBufferRegion(readback, 0, output, 0, 256);
    b.Transition = {output, 0, D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_COPY_DEST};
    list->ResourceBarrier(1, &b);
    const HRESULT hr = list->Close();
    if (hr == S_OK) {
      executeAndWait(queue, {list}, fence, &value);
      std::memcpy(out, readBuffer(readback, 16).data(), 16);
    }
    REQUIRE(allocator->Reset() == S_OK);
    REQUIRE(list->Reset(allocator, nullptr) == S_OK);
    return hr;
  }
};

}  // namespace

TEST_CASE("D3D12 a descriptor table never set reads zeros, the list closes and a message says so", "[d3d12][lenient]") {
  Rig r;
  uint32_t out[4] = {1, 1, 1, 1};
  StderrCapture errors;
  REQUIRE(r.dispatch(false, true, out) == S_OK);
  for (uint32_t v : out) CHECK(v == 0u);
  CHECK(errors.text().find("reads a descriptor table that was not set") != std::string::npos);
  // The driver's message names the method that recorded the dispatch.
  CHECK(errors.text().find("ID3D12GraphicsCommandList::Dispatch: ") != std::string::npos);
}

TEST_CASE("D3D12 table entries without a view of the declared kind read zeros, the list closes", "[d3d12][lenient]") {
  Rig r;
  // b0: never written; t0: a UAV (the wrong kind); u0: an SRV (the wrong kind).
  D3D12_UNORDERED_ACCESS_VIEW_DESC uav{};
  uav.Format = DXGI_FORMAT_R32_TYPELESS;
  uav.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;
  uav.Buffer.NumElements = 64;
  uav.Buffer.Flags = D3D12_BUFFER_UAV_FLAG_RAW;
  r.device->CreateUnorderedAccessView(r.output, nullptr, &uav, r.cpu(1));
  D3D12_SHADER_RESOURCE_VIEW_DESC srv{};
  srv.Format = DXGI_FORMAT_R32_TYPELESS;
  srv.ViewDimension = D3D12_SRV_DIMENSION_BUFFER;
  srv.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
  srv.Buffer = {0, 64, 0, D3D12_BUFFER_SRV_FLAG_RAW};
  r.device->CreateShaderResourceView(r.input, &srv, r.cpu(2));
  uint32_t out[4] = {1, 1, 1, 1};
  StderrCapture errors;
  REQUIRE(r.dispatch(true, true, out) == S_OK);
  for (uint32_t v : out) CHECK(v == 0u);
  CHECK(errors.text().find("holds no view of the kind it declares") != std::string::npos);

  // The same table with the right views reads them; the CBV reaches past its
  // 256-byte buffer (512 bytes): written, with a warning, reads past the buffer zeros.
  ID3D12Resource* second = createCommitted(r.device, D3D12_HEAP_TYPE_DEFAULT,
                                           [] {
                                             D3D12_RESOURCE_DESC d = bufferDesc(256);
                                             d.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
                                             return d;
                                           }(),
                                           D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  {
    StderrCapture warnings;
    D3D12_CONSTANT_BUFFER_VIEW_DESC cbv{r.input->GetGPUVirtualAddress(), 512};
    r.device->CreateConstantBufferView(&cbv, r.cpu(0));
    CHECK(warnings.text().find("the constant buffer view reaches past the end of its buffer") != std::string::npos);
  }
  r.device->CreateShaderResourceView(r.input, &srv, r.cpu(1));
  r.device->CreateUnorderedAccessView(second, nullptr, &uav, r.cpu(2));  // zero-initialized
  const uint32_t marker = 0x1234;
  writeUpload(r.input, 0, &marker, 4);
  REQUIRE(r.dispatch(true, true, out) == S_OK);
  CHECK(out[0] == 0x1234u);  // t0 word 0
  CHECK(out[1] == 0x1234u);  // cb0[0].x
  CHECK(out[2] == 0u);       // u0 word 0
  CHECK(out[3] == 0u);       // cb0[20].x: byte 320, past the 256-byte buffer
  second->Release();
}

TEST_CASE("D3D12 a dispatch without a pipeline state is dropped with a message, the list closes and runs the rest",
          "[d3d12][lenient]") {
  Rig r;
  uint32_t out[4] = {};
  StderrCapture errors;
  REQUIRE(r.dispatch(false, false, out) == S_OK);
  for (uint32_t v : out) CHECK(v == 0xFFFFFFFFu);  // the copy of the fill ran, the dispatch did not
  CHECK(errors.text().find("Dispatch without a compute pipeline state") != std::string::npos);
}

TEST_CASE("D3D12 null RTV and DSV descriptors: cleared and drawn through, they write nothing, the list closes",
          "[d3d12][lenient][views]") {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;
  ID3D12RootSignature* rs = graphicsRootSignature(device, 4);
  ID3D12PipelineState* pso = createConstantColourPso(device, rs);
  D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
  ID3D12DescriptorHeap* rtvHeap = nullptr;
  REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&rtvHeap)) == S_OK);
  hd.Type = D3D12_DESCRIPTOR_HEAP_TYPE_DSV;
  ID3D12DescriptorHeap* dsvHeap = nullptr;
  REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&dsvHeap)) == S_OK);
  D3D12_RENDER_TARGET_VIEW_DESC rv{};
  rv.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  rv.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE2D;
  D3D12_DEPTH_STENCIL_VIEW_DESC dv{};
  dv.Format = DXGI_FORMAT_D32_FLOAT;
  dv.ViewDimension = D3D12_DSV_DIMENSION_TEXTURE2D;
  StderrCapture errors;
  device->CreateRenderTargetView(nullptr, &rv, rtvHeap->GetCPUDescriptorHandleForHeapStart());
  device->CreateDepthStencilView(nullptr, &dv, dsvHeap->GetCPUDescriptorHandleForHeapStart());
  ID3D12Resource* upload = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 4096);
  const float verts[] = {-1, -1, 0, -1, 3, 0, 3, -1, 0};
  writeUpload(upload, 0, verts, sizeof verts);
  D3D12_VERTEX_BUFFER_VIEW vbv{upload->GetGPUVirtualAddress(), sizeof verts, 12};
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  const float red[4] = {1, 0, 0, 1};
  const D3D12_CPU_DESCRIPTOR_HANDLE rtv = rtvHeap->GetCPUDescriptorHandleForHeapStart();
  const D3D12_CPU_DESCRIPTOR_HANDLE dsv = dsvHeap->GetCPUDescriptorHandleForHeapStart();
  list->ClearRenderTargetView(rtv, red, 0, nullptr);
  list->ClearDepthStencilView(dsv, D3D12_CLEAR_FLAG_DEPTH, 1.0f, 0, 0, nullptr);
  D3D12_VIEWPORT vp{0, 0, 16, 16, 0, 1};
  D3D12_RECT scissor{0, 0, 16, 16};
  list->RSSetViewports(1, &vp);
  list->RSSetScissorRects(1, &scissor);
  list->OMSetRenderTargets(1, &rtv, FALSE, &dsv);
  list->SetGraphicsRootSignature(rs);
  list->SetPipelineState(pso);
  list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  list->IASetVertexBuffers(0, 1, &vbv);
  list->SetGraphicsRoot32BitConstants(0, 4, red, 0);
  list->DrawInstanced(3, 1, 0, 0);
  REQUIRE(list->Close() == S_OK);
  executeAndWait(queue, {list}, fence, &value);
  CHECK(errors.text().empty());
  list->Release();
  allocator->Release();
  upload->Release();
  dsvHeap->Release();
  rtvHeap->Release();
  pso->Release();
  rs->Release();
  fence->Release();
  queue->Release();
  CHECK(device->Release() == 0);
}
