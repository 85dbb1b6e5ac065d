// tests/d3d12: buffer views starting at any element and root SRVs/UAVs at any
// 4-byte-aligned address (Vulkan starts descriptors only at its texel /
// storage buffer offset alignment): one compute shader reads a typed R32_UINT
// SRV and a structured (12-byte) SRV from a descriptor table, a raw root SRV,
// and uses a typed R32_UINT UAV from the table (imm_atomic_iadd) and a raw
// root UAV (store_raw), with bufinfo; dispatched once with aligned views and
// addresses and once with views at elements 3, 1 and 17 and root addresses
// + 4 and + 12 bytes. Reads past a view's end give 0, atomics past it do
// nothing, every other element stays as it was. Values read back, expected
// values computed here.
#include "d3d12_pipeline_util.h"

#include <memory>

using namespace d3dvk::test;

namespace {

// Threads 0..7, 16 bytes each at u0: (t0[i], t2 raw dword i, t1[i]'s third
// dword, u1[i]'s value before imm_atomic_iadd 1); u2 raw dword i = 900 + i;
// u0 dwords 32..34 = bufinfo of t0, t1, u1.
const char kCsViews[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_resource_buffer (uint,uint,uint,uint) t0
dcl_resource_structured t1, 12
dcl_resource_raw t2
dcl_uav_raw u0
dcl_uav_typed_buffer (uint,uint,uint,uint) u1
dcl_uav_raw u2
dcl_input vThreadID.x
dcl_temps 3
dcl_thread_group 8, 1, 1
ishl r0.x, vThreadID.x, l(4)
ld_indexable(buffer)(uint,uint,uint,uint) r1.x, vThreadID.xxxx, t0.xyzw
ishl r2.x, vThreadID.x, l(2)
ld_raw r1.y, r2.x, t2.xxxx
ld_structured r1.z, vThreadID.x, l(8), t1.xxxx
imm_atomic_iadd r1.w, u1, vThreadID.x, l(1)
store_raw u0.xyzw, r0.x, r1.xyzw
iadd r2.y, vThreadID.x, l(900)
store_raw u2.x, r2.x, r2.y
bufinfo r1.x, t0.xxxx
bufinfo r1.y, t1.xxxx
bufinfo r1.z, u1.xxxx
store_raw u0.xyz, l(128), r1.xyzx
ret
)";

struct Run {
  UINT typedFirst, structuredFirst, uavFirst;
  UINT64 rootSrvOffset, rootUavOffset;  // bytes
};

}  // namespace

TEST_CASE("D3D12 buffer views at elements 3 and 1 and 17 and root SRV/UAV at + 4 and + 12 bytes after aligned ones",
          "[d3d12][draw][compute][buffers][offsets]") {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;

  D3D12_DESCRIPTOR_RANGE ranges[2] = {{D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 2, 0, 0, 0},
                                      {D3D12_DESCRIPTOR_RANGE_TYPE_UAV, 1, 1, 0, 2}};
  D3D12_ROOT_PARAMETER p[4]{};
  p[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  p[0].DescriptorTable = {2, ranges};
  p[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_SRV;
  p[1].Descriptor = {2, 0};
  p[2].ParameterType = D3D12_ROOT_PARAMETER_TYPE_UAV;
  p[2].Descriptor = {0, 0};
  p[3].ParameterType = D3D12_ROOT_PARAMETER_TYPE_UAV;
  p[3].Descriptor = {2, 0};
  ID3D12RootSignature* rs = createRootSignature(device, {4, p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_NONE});
  const std::vector<uint8_t> cs = assembled(kCsViews);
  D3D12_COMPUTE_PIPELINE_STATE_DESC cd{rs, shaderBytecode(cs), 0, {}, D3D12_PIPELINE_STATE_FLAG_NONE};
  void* out = nullptr;
  REQUIRE(device->CreateComputePipelineState(&cd, __uuidof(ID3D12PipelineState), &out) == S_OK);
  auto* pso = static_cast<ID3D12PipelineState*>(out);

  // The input words (1000 + i), the typed UAV's (50 + i) and the raw UAV's (7) initial contents.
  constexpr UINT kWords = 256;
  uint32_t init[3][kWords];
  for (UINT i = 0; i < kWords; ++i) init[0][i] = 1000 + i, init[1][i] = 50 + i, init[2][i] = 7;
  ID3D12Resource* upload = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof init);
  writeUpload(upload, 0, init, sizeof init);
  D3D12_RESOURCE_DESC ud = bufferDesc(4 * kWords);
  ud.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
  ID3D12Resource* typedUav = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, ud, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  ID3D12Resource* rawUav = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, ud, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  ID3D12Resource* results = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, ud, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  ID3D12Resource* readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, 3 * 4 * kWords);

  const Run runs[2] = {{0, 0, 0, 0, 0}, {3, 1, 17, 4, 128 + 12}};
  D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 6, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
  REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), &out) == S_OK);
  auto* heap = static_cast<ID3D12DescriptorHeap*>(out);
  const UINT step = device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  const D3D12_CPU_DESCRIPTOR_HANDLE start = heap->GetCPUDescriptorHandleForHeapStart();
  for (UINT r = 0; r < 2; ++r) {
    D3D12_SHADER_RESOURCE_VIEW_DESC typed{};
    typed.Format = DXGI_FORMAT_R32_UINT;
    typed.ViewDimension = D3D12_SRV_DIMENSION_BUFFER;
    typed.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
    typed.Buffer = {runs[r].typedFirst, 6, 0, D3D12_BUFFER_SRV_FLAG_NONE};
    device->CreateShaderResourceView(upload, &typed, {start.ptr + (3 * r) * step});
    D3D12_SHADER_RESOURCE_VIEW_DESC structured = typed;
    structured.Format = DXGI_FORMAT_UNKNOWN;
    structured.Buffer = {runs[r].structuredFirst, 4, 12, D3D12_BUFFER_SRV_FLAG_NONE};
    device->CreateShaderResourceView(upload, &structured, {start.ptr + (3 * r + 1) * step});
    D3D12_UNORDERED_ACCESS_VIEW_DESC uav{};
    uav.Format = DXGI_FORMAT_R32_UINT;
    uav.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;
    uav.Buffer.FirstElement = runs[r].uavFirst;
    uav.Buffer.NumElements = 6;
    device->CreateUnorderedAccessView(typedUav, nullptr, &uav, {start.ptr + (3 * r + 2) * step});
  }

  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  auto transition = [&](D3D12_RESOURCE_STATES from, D3D12_RESOURCE_STATES to) {
    D3D12_RESOURCE_BARRIER b[3]{};
    ID3D12Resource* resources[3] = {typedUav, rawUav, results};
    for (int i = 0; i < 3; ++i) {
      b[i].Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
      b[i].Transition = {resources[i], 0, from, to};
    }
    list->ResourceBarrier(3, b);
  };
  transition(D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_DEST);
  list->CopyBufferRegion(typedUav, 0, upload, 4 * kWords, 4 * kWords);
  list->CopyBufferRegion(rawUav, 0, upload, 2 * 4 * kWords, 4 * kWords);
  list->CopyBufferRegion(results, 0, upload, 2 * 4 * kWords, 4 * kWords);  // 7s
  transition(D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  list->SetDescriptorHeaps(1, &heap);
  list->SetComputeRootSignature(rs);
  list->SetPipelineState(pso);
  for (UINT r = 0; r < 2; ++r) {
    D3D12_GPU_DESCRIPTOR_HANDLE table = heap->GetGPUDescriptorHandleForHeapStart();
    table.ptr += 3 * r * step;
    list->SetComputeRootDescriptorTable(0, table);
    list->SetComputeRootShaderResourceView(1, upload->GetGPUVirtualAddress() + runs[r].rootSrvOffset);
    list->SetComputeRootUnorderedAccessView(2, results->GetGPUVirtualAddress() + 256 * r);
    list->SetComputeRootUnorderedAccessView(3, rawUav->GetGPUVirtualAddress() + runs[r].rootUavOffset);
    list->Dispatch(1, 1, 1);
    D3D12_RESOURCE_BARRIER between{};
    between.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
    list->ResourceBarrier(1, &between);  // (a null UAV barrier: every UAV access)
  }
  transition(D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE);
  list->CopyBufferRegion(readback, 0, results, 0, 4 * kWords);
  list->CopyBufferRegion(readback, 4 * kWords, typedUav, 0, 4 * kWords);
  list->CopyBufferRegion(readback, 2 * 4 * kWords, rawUav, 0, 4 * kWords);
  REQUIRE(list->Close() == S_OK);
  executeAndWait(queue, {list}, fence, &value);

  const std::vector<unsigned char> bytes = readBuffer(readback, 3 * 4 * kWords);
  uint32_t got[3][kWords];
  std::memcpy(got, bytes.data(), sizeof got);
  uint32_t typedExpected[kWords], rawExpected[kWords];
  std::memcpy(typedExpected, init[1], sizeof typedExpected);
  std::memcpy(rawExpected, init[2], sizeof rawExpected);
  for (UINT r = 0; r < 2; ++r) {
    const Run& k = runs[r];
    const uint32_t* o = &got[0][64 * r];
    for (UINT i = 0; i < 8; ++i) {
      INFO("run " << r << ", thread " << i);
      CHECK(o[4 * i + 0] == (i < 6 ? init[0][k.typedFirst + i] : 0u));              // typed SRV (6 elements)
      CHECK(o[4 * i + 1] == init[0][k.rootSrvOffset / 4 + i]);                        // root SRV
      CHECK(o[4 * i + 2] == (i < 4 ? init[0][(k.structuredFirst + i) * 3 + 2] : 0u));  // structured SRV (4 elements)
      CHECK(o[4 * i + 3] == (i < 6 ? typedExpected[k.uavFirst + i] : 0u));          // the atomic's old value
    }
    INFO("run " << r);
    CHECK(o[32] == 6u);  // bufinfo: the views' own elements
    CHECK(o[33] == 4u);
    CHECK(o[34] == 6u);
    for (UINT i = 0; i < 6; ++i) typedExpected[k.uavFirst + i] += 1;
    for (UINT i = 0; i < 8; ++i) rawExpected[k.rootUavOffset / 4 + i] = 900 + i;
  }
  for (UINT w = 0; w < kWords; ++w) {
    INFO("word " << w);
    CHECK(got[1][w] == typedExpected[w]);  // the typed UAV: its views' elements + 1, the rest untouched
    CHECK(got[2][w] == rawExpected[w]);    // the raw UAV: the root UAVs' dwords, the rest untouched
  }

  list->Release();
  allocator->Release();
  heap->Release();
  readback->Release();
  results->Release();
  rawUav->Release();
  typedUav->Release();
  upload->Release();
  pso->Release();
  rs->Release();
  fence->Release();
  queue->Release();
  CHECK(device->Release() == 0);
}

namespace {

// SM5.1, group g (uniform index), thread i: U0 dwords 4 (2g + i) .. + 3 =
// (T0[g] raw dword i, T1[g] typed element i, bufinfo T1[g], bufinfo T0[g]):
// T0 an unbounded range in space 1, T1 a bounded one in space 2, both in one table.
const char kCsArrays[] = R"(cs_5_1
dcl_globalFlags refactoringAllowed
dcl_resource_raw T0[0:*], space=1
dcl_resource_buffer (uint,uint,uint,uint) T1[0:3], space=2
dcl_uav_raw U0[0:0], space=0
dcl_input vThreadGroupID.x
dcl_input vThreadIDInGroup.x
dcl_input vThreadID.x
dcl_temps 3
dcl_thread_group 2, 1, 1
mov r0.x, vThreadGroupID.x
ishl r1.x, vThreadIDInGroup.x, l(2)
ld_raw r2.x, r1.x, T0[r0.x + 0].xxxx
ld_indexable(buffer)(uint,uint,uint,uint) r2.y, vThreadIDInGroup.xxxx, T1[r0.x + 0].xxxx
bufinfo r2.z, T1[r0.x + 0].xxxx
bufinfo r2.w, T0[r0.x + 0].xxxx
ishl r1.y, vThreadID.x, l(4)
store_raw U0[0].xyzw, r1.y, r2.xyzw
ret
)";

}  // namespace

TEST_CASE("D3D12 arrays of buffer views at odd elements indexed dynamically in two register spaces",
          "[d3d12][draw][compute][buffers][offsets]") {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;
  D3D12_DESCRIPTOR_RANGE ranges[2] = {{D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 4, 0, 2, 0},
                                      {D3D12_DESCRIPTOR_RANGE_TYPE_SRV, UINT(-1), 0, 1, 4}};
  D3D12_ROOT_PARAMETER p[2]{};
  p[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  p[0].DescriptorTable = {2, ranges};
  p[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_UAV;
  p[1].Descriptor = {0, 0};
  ID3D12RootSignature* rs = createRootSignature(device, {2, p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_NONE});
  const std::vector<uint8_t> cs = assembled(kCsArrays);
  D3D12_COMPUTE_PIPELINE_STATE_DESC cd{rs, shaderBytecode(cs), 0, {}, D3D12_PIPELINE_STATE_FLAG_NONE};
  void* out = nullptr;
  REQUIRE(device->CreateComputePipelineState(&cd, __uuidof(ID3D12PipelineState), &out) == S_OK);
  auto* pso = static_cast<ID3D12PipelineState*>(out);

  constexpr UINT kWords = 64;
  uint32_t words[kWords];
  for (UINT i = 0; i < kWords; ++i) words[i] = 1000 + i;
  ID3D12Resource* upload = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof words);
  writeUpload(upload, 0, words, sizeof words);
  D3D12_RESOURCE_DESC ud = bufferDesc(256);
  ud.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
  ID3D12Resource* results = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, ud, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  ID3D12Resource* readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, 256);

  // Raw view g from dword 1 + 2g (4 dwords); typed view g from element 5g + 1, 2 elements (view 3: 1).
  constexpr UINT kHeap = 4 + 256;  // the unbounded range reads 256 descriptors from slot 4
  D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, kHeap, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
  REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), &out) == S_OK);
  auto* heap = static_cast<ID3D12DescriptorHeap*>(out);
  const UINT step = device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  const D3D12_CPU_DESCRIPTOR_HANDLE start = heap->GetCPUDescriptorHandleForHeapStart();
  auto typedCount = [](UINT g) { return g == 3 ? 1u : 2u; };
  for (UINT s = 0; s < kHeap; ++s) {  // typed views at 0..3, raw ones from 4 (null past the four used)
    D3D12_SHADER_RESOURCE_VIEW_DESC v{};
    v.ViewDimension = D3D12_SRV_DIMENSION_BUFFER;
    v.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
    if (s < 4) {
      v.Format = DXGI_FORMAT_R32_UINT;
      v.Buffer = {5 * s + 1, typedCount(s), 0, D3D12_BUFFER_SRV_FLAG_NONE};
    } else {
      v.Format = DXGI_FORMAT_R32_TYPELESS;
      v.Buffer = {s < 8 ? 1 + 2 * (s - 4) : 0, 4, 0, D3D12_BUFFER_SRV_FLAG_RAW};
    }
    device->CreateShaderResourceView(s < 8 ? upload : nullptr, &v, {start.ptr + s * step});
  }

  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  list->SetDescriptorHeaps(1, &heap);
  list->SetComputeRootSignature(rs);
  list->SetPipelineState(pso);
  list->SetComputeRootDescriptorTable(0, heap->GetGPUDescriptorHandleForHeapStart());
  list->SetComputeRootUnorderedAccessView(1, results->GetGPUVirtualAddress());
  list->Dispatch(4, 1, 1);
  D3D12_RESOURCE_BARRIER b{};
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  b.Transition = {results, 0, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE};
  list->ResourceBarrier(1, &b);
  list->CopyBufferRegion(readback, 0, results, 0, 256);
  REQUIRE(list->Close() == S_OK);
  executeAndWait(queue, {list}, fence, &value);

  const std::vector<unsigned char> bytes = readBuffer(readback, 256);
  uint32_t got[64];
  std::memcpy(got, bytes.data(), sizeof got);
  for (UINT g = 0; g < 4; ++g)
    for (UINT i = 0; i < 2; ++i) {
      INFO("group " << g << ", thread " << i);
      const uint32_t* o = &got[4 * (2 * g + i)];
      CHECK(o[0] == words[1 + 2 * g + i]);
      CHECK(o[1] == (i < typedCount(g) ? words[5 * g + 1 + i] : 0u));  // view 3 holds one element
      CHECK(o[2] == typedCount(g));
      CHECK(o[3] == 16u);
    }
  list->Release();
  allocator->Release();
  heap->Release();
  readback->Release();
  results->Release();
  upload->Release();
  pso->Release();
  rs->Release();
  fence->Release();
  queue->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 a root SRV at an address that is not a multiple of 4 fails the list's Close with E_INVALIDARG",
          "[d3d12][draw][compute][buffers][offsets][errors]") {
  ID3D12Device* device = createDevice12();
  D3D12_ROOT_PARAMETER p[2]{};
  p[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_SRV;
  p[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_UAV;
  ID3D12RootSignature* rs = createRootSignature(device, {2, p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_NONE});
  const std::vector<uint8_t> cs = assembled(R"(cs_5_0
dcl_resource_raw t0
dcl_uav_raw u0
dcl_temps 1
dcl_thread_group 1, 1, 1
ld_raw r0.x, l(0), t0.xxxx
store_raw u0.x, l(0), r0.x
ret
)");
  D3D12_COMPUTE_PIPELINE_STATE_DESC cd{rs, shaderBytecode(cs), 0, {}, D3D12_PIPELINE_STATE_FLAG_NONE};
  void* out = nullptr;
  REQUIRE(device->CreateComputePipelineState(&cd, __uuidof(ID3D12PipelineState), &out) == S_OK);
  auto* pso = static_cast<ID3D12PipelineState*>(out);
  ID3D12Resource* input = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 256);
  D3D12_RESOURCE_DESC ud = bufferDesc(256);
  ud.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
  ID3D12Resource* output = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, ud, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  list->SetComputeRootSignature(rs);
  list->SetPipelineState(pso);
  list->SetComputeRootShaderResourceView(0, input->GetGPUVirtualAddress() + 2);
  list->SetComputeRootUnorderedAccessView(1, output->GetGPUVirtualAddress());
  list->Dispatch(1, 1, 1);
  CHECK(list->Close() == E_INVALIDARG);
  list->Release();
  allocator->Release();
  output->Release();
  input->Release();
  pso->Release();
  rs->Release();
  CHECK(device->Release() == 0);
}

namespace {

// PS into an R32_UINT target: (t0[x] << 16) | t1 raw dword x, x the pixel's column.
const char kPsViews[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   x
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   x           0   TARGET    uint   x
//
ps_5_0
dcl_globalFlags refactoringAllowed
dcl_resource_buffer (uint,uint,uint,uint) t0
dcl_resource_raw t1
dcl_input_ps_siv linear noperspective v0.x, position
dcl_output o0.x
dcl_temps 2
ftou r0.x, v0.x
ld_indexable(buffer)(uint,uint,uint,uint) r1.x, r0.xxxx, t0.xyzw
ishl r0.y, r0.x, l(2)
ld_raw r1.y, r0.y, t1.xxxx
ishl r1.x, r1.x, l(16)
or o0.x, r1.x, r1.y
ret
)";

}  // namespace

TEST_CASE("D3D12 a pixel shader reads a typed table view and a root SRV: aligned in one draw and at element 3 and + 12 "
          "bytes in the next",
          "[d3d12][draw][buffers][offsets]") {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;
  D3D12_DESCRIPTOR_RANGE range{D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 1, 0, 0, 0};
  D3D12_ROOT_PARAMETER p[2]{};
  p[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  p[0].DescriptorTable = {1, &range};
  p[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_SRV;
  p[1].Descriptor = {1, 0};
  ID3D12RootSignature* rs =
      createRootSignature(device, {2, p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT});
  const std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kPsViews);
  D3D12_GRAPHICS_PIPELINE_STATE_DESC pd = constantColourPsoDesc(rs, vs, ps);
  pd.RTVFormats[0] = DXGI_FORMAT_R32_UINT;
  void* out = nullptr;
  REQUIRE(device->CreateGraphicsPipelineState(&pd, __uuidof(ID3D12PipelineState), &out) == S_OK);
  auto* pso = static_cast<ID3D12PipelineState*>(out);
  auto target = std::make_unique<RenderTarget16>(device, DXGI_FORMAT_R32_UINT);

  constexpr UINT kWords = 64;
  uint32_t words[kWords];
  for (UINT i = 0; i < kWords; ++i) words[i] = 1000 + i;
  const float triangle[9] = {-1, -1, 0, -1, 3, 0, 3, -1, 0};
  ID3D12Resource* upload = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 512);
  writeUpload(upload, 0, words, sizeof words);
  writeUpload(upload, 256, triangle, sizeof triangle);
  D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 2, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
  REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), &out) == S_OK);
  auto* heap = static_cast<ID3D12DescriptorHeap*>(out);
  const UINT step = device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  constexpr UINT kFirst[2] = {0, 3}, kCount[2] = {16, 12};  // the second: columns 12..15 read past its end
  constexpr UINT64 kRootOffset[2] = {0, 12};
  for (UINT v = 0; v < 2; ++v) {
    D3D12_SHADER_RESOURCE_VIEW_DESC s{};
    s.Format = DXGI_FORMAT_R32_UINT;
    s.ViewDimension = D3D12_SRV_DIMENSION_BUFFER;
    s.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
    s.Buffer = {kFirst[v], kCount[v], 0, D3D12_BUFFER_SRV_FLAG_NONE};
    device->CreateShaderResourceView(upload, &s, {heap->GetCPUDescriptorHandleForHeapStart().ptr + v * step});
  }

  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  const float clear[4] = {0, 0, 0, 0};
  target->bind(list, clear);
  list->SetDescriptorHeaps(1, &heap);
  list->SetGraphicsRootSignature(rs);
  list->SetPipelineState(pso);
  list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  const D3D12_VERTEX_BUFFER_VIEW vbv{upload->GetGPUVirtualAddress() + 256, sizeof triangle, 12};
  list->IASetVertexBuffers(0, 1, &vbv);
  for (UINT v = 0; v < 2; ++v) {  // the left half, then the right half
    const D3D12_RECT half{LONG(8 * v), 0, LONG(8 * v + 8), LONG(RenderTarget16::kSize)};
    list->RSSetScissorRects(1, &half);
    D3D12_GPU_DESCRIPTOR_HANDLE table = heap->GetGPUDescriptorHandleForHeapStart();
    table.ptr += v * step;
    list->SetGraphicsRootDescriptorTable(0, table);
    list->SetGraphicsRootShaderResourceView(1, upload->GetGPUVirtualAddress() + kRootOffset[v]);
    list->DrawInstanced(3, 1, 0, 0);
  }
  D3D12_RESOURCE_BARRIER b{};
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  b.Transition = {target->texture, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE};
  list->ResourceBarrier(1, &b);
  target->copyOut(list);
  REQUIRE(list->Close() == S_OK);
  executeAndWait(queue, {list}, fence, &value);

  const std::vector<uint32_t> px = target->pixels();
  for (UINT x = 0; x < RenderTarget16::kSize; ++x) {
    INFO("column " << x);
    const UINT v = x / 8;
    const uint32_t typed = x < kCount[v] ? words[kFirst[v] + x] : 0u;
    const uint32_t raw = words[kRootOffset[v] / 4 + x];
    CHECK(px[x] == (typed << 16 | raw));
    CHECK(px[5 * RenderTarget16::kSize + x] == px[x]);  // another row alike
  }
  target.reset();
  list->Release();
  allocator->Release();
  heap->Release();
  upload->Release();
  pso->Release();
  rs->Release();
  fence->Release();
  queue->Release();
  CHECK(device->Release() == 0);
}
