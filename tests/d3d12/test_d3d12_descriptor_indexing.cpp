// tests/d3d12: descriptor indexing through the public API. SM5.1 compute
// shaders index descriptor-table ranges of raw SRVs by registers: an unbounded
// range and a bounded one by values uniform across each thread group (dynamic
// indexing, which every device d3dvk runs on has), and an unbounded range by a
// register that differs per thread ({nonuniform}, HLSL's
// NonUniformResourceIndex), which needs the Vulkan device's
// shaderStorageBufferArrayNonUniformIndexing: with it the dispatch reads every
// view it names, without it (lavapipe in Mesa 22.3) the PSO is refused with
// E_NOTIMPL. Values read back; the test asks Vulkan itself which path applies.
#include "d3d12_pipeline_util.h"
#include "vk_test_context.h"

#include <string>

using namespace d3dvk::test;

namespace {

// Thread i of group g: U0 word (8 g + i) = T0[INDEX] word 0 + T1[g + 8] word 1
// (T0: an unbounded range from t0; T1: t8..t9, indexed by the group: uniform).
// INDEX is 7 - g (uniform in the group) or 7 - i ({nonuniform}).
const char kIndexingCs[] = R"(cs_5_1
dcl_globalFlags refactoringAllowed
dcl_resource_raw T0[0:*], space=0
dcl_resource_raw T1[8:9], space=1
dcl_uav_raw U0[0:0], space=0
dcl_input vThreadIDInGroup.x
dcl_input vThreadGroupID.x
dcl_input vThreadID.x
dcl_temps 3
dcl_thread_group 8, 1, 1
iadd r0.x, l(7), -INDEX
ld_raw r1.x, l(0), T0[r0.x + 0].xxxx MODIFIER
mov r0.y, vThreadGroupID.x
ld_raw r1.y, l(4), T1[r0.y + 8].xxxx
iadd r1.x, r1.x, r1.y
ishl r2.x, vThreadID.x, l(2)
store_raw U0[0].x, r2.x, r1.x
ret
)";

std::string shaderText(bool nonUniform) {
  std::string text = kIndexingCs;
  text.replace(text.find("INDEX"), 5, nonUniform ? "vThreadIDInGroup.x" : "vThreadGroupID.x");
  text.replace(text.find("MODIFIER"), 8, nonUniform ? "{nonuniform}" : "");
  return text;
}

void runIndexing(bool nonUniform) {
  bool nonUniformSupported = false;
  {
    VkTestContext vk;
    nonUniformSupported = vk.device().descriptorIndexing().storageBufferNonUniform;
  }
  ID3D12Device* device = createDevice12();
  D3D12_FEATURE_DATA_D3D12_OPTIONS options{};
  REQUIRE(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof options) == S_OK);
  REQUIRE(options.ResourceBindingTier >= D3D12_RESOURCE_BINDING_TIER_1);
  REQUIRE(options.ResourceBindingTier <= D3D12_RESOURCE_BINDING_TIER_3);
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;

  // Table: t0.. unbounded (space 0) at descriptor 0, then t8..t9 (space 1) at descriptor 8.
  D3D12_DESCRIPTOR_RANGE ranges[2] = {{D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 2, 8, 1, 8},
                                      {D3D12_DESCRIPTOR_RANGE_TYPE_SRV, UINT(-1), 0, 0, 0}};
  D3D12_ROOT_PARAMETER p[2]{};
  p[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  p[0].DescriptorTable = {2, ranges};
  p[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_UAV;
  p[1].Descriptor = {0, 0};
  ID3D12RootSignature* rs = createRootSignature(device, {2, p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_NONE});
  const std::vector<uint8_t> cs = assembled(shaderText(nonUniform).c_str());
  D3D12_COMPUTE_PIPELINE_STATE_DESC cd{rs, shaderBytecode(cs), 0, {}, D3D12_PIPELINE_STATE_FLAG_NONE};
  void* out = nullptr;
  if (nonUniform && !nonUniformSupported) {
    INFO("the Vulkan device lacks shaderStorageBufferArrayNonUniformIndexing: the PSO is refused");
    CHECK(device->CreateComputePipelineState(&cd, __uuidof(ID3D12PipelineState), &out) == E_NOTIMPL);
    CHECK(out == nullptr);
    rs->Release();
    fence->Release();
    queue->Release();
    CHECK(device->Release() == 0);
    return;
  }
  REQUIRE(device->CreateComputePipelineState(&cd, __uuidof(ID3D12PipelineState), &out) == S_OK);
  auto* pso = static_cast<ID3D12PipelineState*>(out);

  // Ten 256-byte regions: region k holds words {1000 k, 7 + k}.
  ID3D12Resource* inputs = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 10 * 256);
  for (uint32_t k = 0; k < 10; ++k) {
    const uint32_t words[2] = {1000 * k, 7 + k};
    writeUpload(inputs, 256 * k, words, sizeof words);
  }
  D3D12_RESOURCE_DESC ud = bufferDesc(256);
  ud.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
  ID3D12Resource* uav = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, ud, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  ID3D12Resource* readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, 256);
  D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 16, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
  REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), &out) == S_OK);
  auto* heap = static_cast<ID3D12DescriptorHeap*>(out);
  const UINT step = device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  const D3D12_CPU_DESCRIPTOR_HANDLE start = heap->GetCPUDescriptorHandleForHeapStart();
  for (uint32_t k = 0; k < 10; ++k) {  // descriptor k views region k
    D3D12_SHADER_RESOURCE_VIEW_DESC srv{};
    srv.Format = DXGI_FORMAT_R32_TYPELESS;
    srv.ViewDimension = D3D12_SRV_DIMENSION_BUFFER;
    srv.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
    srv.Buffer = {64 * k, 64, 0, D3D12_BUFFER_SRV_FLAG_RAW};
    device->CreateShaderResourceView(inputs, &srv, {start.ptr + k * step});
  }

  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  list->SetDescriptorHeaps(1, &heap);
  list->SetComputeRootSignature(rs);
  list->SetPipelineState(pso);
  list->SetComputeRootDescriptorTable(0, heap->GetGPUDescriptorHandleForHeapStart());
  list->SetComputeRootUnorderedAccessView(1, uav->GetGPUVirtualAddress());
  list->Dispatch(2, 1, 1);
  D3D12_RESOURCE_BARRIER b{};
  b.Transition = {uav, 0, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE};
  list->ResourceBarrier(1, &b);
  list->CopyBufferRegion(readback, 0, uav, 0, 256);
  REQUIRE(list->Close() == S_OK);
  executeAndWait(queue, {list}, fence, &value);

  const std::vector<unsigned char> bytes = readBuffer(readback, 256);
  for (uint32_t g = 0; g < 2; ++g)
    for (uint32_t i = 0; i < 8; ++i) {
      uint32_t v = 0;
      std::memcpy(&v, &bytes[4 * (8 * g + i)], 4);
      INFO("group " << g << " thread " << i);
      CHECK(v == 1000 * (7 - (nonUniform ? i : g)) + 7 + (g + 8));
    }
  list->Release();
  allocator->Release();
  heap->Release();
  readback->Release();
  uav->Release();
  inputs->Release();
  pso->Release();
  rs->Release();
  fence->Release();
  queue->Release();
  CHECK(device->Release() == 0);
}

}  // namespace

TEST_CASE("D3D12 descriptor indexing: an unbounded and a bounded range indexed dynamically (uniform per group)",
          "[d3d12][compute][descriptor-indexing]") {
  runIndexing(false);
}

TEST_CASE("D3D12 descriptor indexing: an unbounded range indexed per thread ({nonuniform}) where the device can",
          "[d3d12][compute][descriptor-indexing]") {
  runIndexing(true);
}
