// tests/d3d12: SM5.1 resources in several register spaces at once — root CBVs,
// root SRV/UAV buffers and descriptor-table views, each space holding its own
// b1/t1/u1 — read and written by one dispatch, values read back.
#include "d3d12_pipeline_util.h"

using namespace d3dvk::test;

namespace {

// u1 space1 = b1 space1, u1 space2 = b1 space2, u1 space3 = t1 space1 (raw,
// word 1), u1 space4 = t1 space2 (structured, element 2): each space its own
// register 1.
const char kCsSpaces[] = R"(cs_5_1
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[1:1][1], immediateIndexed, space=1
dcl_constantbuffer CB1[1:1][1], immediateIndexed, space=2
dcl_resource_raw T0[1:1], space=1
dcl_resource_structured T1[1:1], 4, space=2
dcl_uav_raw U0[1:1], space=1
dcl_uav_raw U1[1:1], space=2
dcl_uav_raw U2[1:1], space=3
dcl_uav_raw U3[1:1], space=4
dcl_temps 1
dcl_thread_group 1, 1, 1
store_raw U0[1].x, l(0), CB0[1][0].x
store_raw U1[1].x, l(0), CB1[1][0].x
ld_raw r0.x, l(4), T0[1].xxxx
store_raw U2[1].x, l(0), r0.x
ld_structured r0.x, l(2), l(0), T1[1].xxxx
store_raw U3[1].x, l(0), r0.x
ret
)";

}  // namespace

TEST_CASE("D3D12 SM5.1 register spaces: b1/t1/u1 in four spaces through root descriptors and a table, one dispatch",
          "[d3d12][draw][compute][spaces]") {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;

  D3D12_DESCRIPTOR_RANGE ranges[3] = {{D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 1, 1, 2, 0},
                                      {D3D12_DESCRIPTOR_RANGE_TYPE_UAV, 1, 1, 3, 1},
                                      {D3D12_DESCRIPTOR_RANGE_TYPE_UAV, 1, 1, 4, 2}};
  D3D12_ROOT_PARAMETER p[6]{};
  p[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_CBV;
  p[0].Descriptor = {1, 1};
  p[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_CBV;
  p[1].Descriptor = {1, 2};
  p[2].ParameterType = D3D12_ROOT_PARAMETER_TYPE_SRV;
  p[2].Descriptor = {1, 1};
  p[3].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  p[3].DescriptorTable = {3, ranges};
  p[4].ParameterType = D3D12_ROOT_PARAMETER_TYPE_UAV;
  p[4].Descriptor = {1, 1};
  p[5].ParameterType = D3D12_ROOT_PARAMETER_TYPE_UAV;
  p[5].Descriptor = {1, 2};
  ID3D12RootSignature* rs = createRootSignature(device, {6, p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_NONE});
  const std::vector<uint8_t> cs = assembled(kCsSpaces);
  D3D12_COMPUTE_PIPELINE_STATE_DESC cd{rs, shaderBytecode(cs), 0, {}, D3D12_PIPELINE_STATE_FLAG_NONE};
  void* out = nullptr;
  REQUIRE(device->CreateComputePipelineState(&cd, __uuidof(ID3D12PipelineState), &out) == S_OK);
  auto* pso = static_cast<ID3D12PipelineState*>(out);

  // Inputs: the two constant buffers (11, 22), the raw buffer (100 + i), the structured one (200 + i).
  ID3D12Resource* inputs = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 4 * 256);
  uint32_t words[4][64]{};
  words[0][0] = 11;
  words[1][0] = 22;
  for (uint32_t i = 0; i < 64; ++i) words[2][i] = 100 + i, words[3][i] = 200 + i;
  writeUpload(inputs, 0, words, sizeof words);
  D3D12_RESOURCE_DESC ud = bufferDesc(256);
  ud.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
  ID3D12Resource* uavs[4];
  for (auto& u : uavs) u = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, ud, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  ID3D12Resource* readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, 4 * 256);

  D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 3, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
  REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), &out) == S_OK);
  auto* heap = static_cast<ID3D12DescriptorHeap*>(out);
  const UINT step = device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  D3D12_CPU_DESCRIPTOR_HANDLE slot = heap->GetCPUDescriptorHandleForHeapStart();
  D3D12_SHADER_RESOURCE_VIEW_DESC srv{};
  srv.ViewDimension = D3D12_SRV_DIMENSION_BUFFER;
  srv.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
  srv.Buffer = {3 * 64, 64, 4, D3D12_BUFFER_SRV_FLAG_NONE};  // the fourth 256 bytes as uint elements
  device->CreateShaderResourceView(inputs, &srv, slot);
  D3D12_UNORDERED_ACCESS_VIEW_DESC uav{};
  uav.Format = DXGI_FORMAT_R32_TYPELESS;
  uav.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;
  uav.Buffer.NumElements = 64;
  uav.Buffer.Flags = D3D12_BUFFER_UAV_FLAG_RAW;
  device->CreateUnorderedAccessView(uavs[2], nullptr, &uav, {slot.ptr + step});
  device->CreateUnorderedAccessView(uavs[3], nullptr, &uav, {slot.ptr + 2 * step});

  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  list->SetDescriptorHeaps(1, &heap);
  list->SetComputeRootSignature(rs);
  list->SetPipelineState(pso);
  const D3D12_GPU_VIRTUAL_ADDRESS in = inputs->GetGPUVirtualAddress();
  list->SetComputeRootConstantBufferView(0, in);
  list->SetComputeRootConstantBufferView(1, in + 256);
  list->SetComputeRootShaderResourceView(2, in + 512);
  list->SetComputeRootDescriptorTable(3, heap->GetGPUDescriptorHandleForHeapStart());
  list->SetComputeRootUnorderedAccessView(4, uavs[0]->GetGPUVirtualAddress());
  list->SetComputeRootUnorderedAccessView(5, uavs[1]->GetGPUVirtualAddress());
  list->Dispatch(1, 1, 1);
  D3D12_RESOURCE_BARRIER b[4]{};
  for (int i = 0; i < 4; ++i) {
    b[i].Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b[i].Transition = {uavs[i], 0, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE};
  }
  list->ResourceBarrier(4, b);
  for (int i = 0; i < 4; ++i) list->CopyBufferRegion(readback, 256 * i, uavs[i], 0, 256);
  REQUIRE(list->Close() == S_OK);
  executeAndWait(queue, {list}, fence, &value);

  const std::vector<unsigned char> bytes = readBuffer(readback, 4 * 256);
  const uint32_t expected[4] = {11, 22, 101, 202};
  for (int i = 0; i < 4; ++i) {
    uint32_t v = 0;
    std::memcpy(&v, &bytes[256 * i], 4);
    INFO("u1 space" << i + 1);
    CHECK(v == expected[i]);
  }
  list->Release();
  allocator->Release();
  heap->Release();
  readback->Release();
  for (auto* u : uavs) u->Release();
  inputs->Release();
  pso->Release();
  rs->Release();
  fence->Release();
  queue->Release();
  CHECK(device->Release() == 0);
}
