// tests/d3d12: SM5.1 resources in several register spaces at once, values
// read back — b1/t1/u1 in four spaces through root CBVs, root SRV/UAV buffers
// and descriptor-table views in one dispatch; and every view kind (CBV, typed,
// raw and structured buffer SRVs and UAVs, a UAV counter, textures, sampler
// tables, static samplers, root descriptors) at register 1 of its own space
// from 0 to 15, in tables with explicit and APPENDed offsets, the views
// starting at non-zero elements, in a compute and in a pixel shader (also
// conservatively rasterized), directly and from bundles.
#include "register_spaces12.h"

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

TEST_CASE("D3D12 SM5.1 register spaces: b1/t1/u1 in four spaces through root descriptors and a table in one dispatch",
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

namespace {

// Every kind of view a D3D12 root signature binds, each in its own register
// space and all at register 1 (space 0 too), the way a conformance suite
// writes them: a table of ten ranges (CBV b1 space1 at an explicit offset
// past the others, the rest APPENDed), a sampler table (s1 space11), a
// static sampler (s1 space12) and root SRV/CBV/UAV descriptors in spaces 0,
// 13, 14 and 15. The views start at non-zero elements. Each read lands in its
// own word of U3 (space 8), and the shader writes the typed, raw, structured
// (at the slot its counter hands out) and root UAVs.
// "ENTRY" is the stage's header; the body is the same for CS and PS.
const char kAllViewsBody[] = R"(
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[1:1][1], immediateIndexed, space=1
dcl_constantbuffer CB1[1:1][1], immediateIndexed, space=13
dcl_sampler S0[1:1], mode_default, space=11
dcl_sampler S1[1:1], mode_default, space=12
dcl_resource_buffer (uint,uint,uint,uint) T0[1:1], space=2
dcl_resource_raw T1[1:1], space=3
dcl_resource_structured T2[1:1], 12, space=4
dcl_resource_texture2d (float,float,float,float) T3[1:1], space=9
dcl_resource_raw T4[1:1], space=15
dcl_resource_structured T5[1:1], 4, space=0
dcl_uav_typed_buffer (uint,uint,uint,uint) U0[1:1], space=5
dcl_uav_raw U1[1:1], space=6
dcl_uav_structured_opc U2[1:1], 4, space=7
dcl_uav_structured U3[1:1], 4, space=8
dcl_uav_typed_texture2d (uint,uint,uint,uint) U4[1:1], space=10
dcl_uav_raw U5[1:1], space=14
dcl_temps 1
THREADS
store_structured U3[1].x, l(0), l(0), CB0[1][0].x
ld r0.x, l(3,0,0,0), T0[1].xyzw
store_structured U3[1].x, l(1), l(0), r0.x
ld_raw r0.x, l(8), T1[1].xxxx
store_structured U3[1].x, l(2), l(0), r0.x
ld_structured r0.x, l(2), l(8), T2[1].xxxx
store_structured U3[1].x, l(3), l(0), r0.x
ld_uav_typed r0.x, l(1,0,0,0), U0[1].xyzw
store_structured U3[1].x, l(4), l(0), r0.x
store_uav_typed U0[1].xyzw, l(2,0,0,0), l(7777,7777,7777,7777)
ld_raw r0.x, l(4), U1[1].xxxx
store_structured U3[1].x, l(5), l(0), r0.x
store_raw U1[1].x, l(12), l(8888)
imm_atomic_alloc r0.x, U2[1]
store_structured U3[1].x, l(6), l(0), r0.x
store_structured U2[1].x, r0.x, l(0), l(4242)
sample_l r0.x, l(1.25,0.25,0,0), T3[1].xyzw, S0[1], l(0)
ftou r0.x, r0.x
store_structured U3[1].x, l(7), l(0), r0.x
sample_l r0.x, l(1.25,0.75,0,0), T3[1].xyzw, S1[1], l(0)
ftou r0.x, r0.x
store_structured U3[1].x, l(8), l(0), r0.x
ld_uav_typed r0.x, l(1,1,0,0), U4[1].xyzw
store_structured U3[1].x, l(9), l(0), r0.x
ld_raw r0.x, l(4), T4[1].xxxx
store_structured U3[1].x, l(10), l(0), r0.x
store_structured U3[1].x, l(11), l(0), CB1[1][0].y
ld_structured r0.x, l(1), l(0), T5[1].xxxx
store_structured U3[1].x, l(12), l(0), r0.x
store_raw U5[1].x, l(0), l(9999)
ret
)";


void allViewsInTheirOwnSpaces(bool pixel, bool bundle = false, bool conservative = false) {
  SpacesRig rig;
  ID3D12Device* device = rig.device;
  constexpr D3D12_DESCRIPTOR_RANGE_TYPE SRV = D3D12_DESCRIPTOR_RANGE_TYPE_SRV, UAV = D3D12_DESCRIPTOR_RANGE_TYPE_UAV;
  constexpr UINT APPEND = D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND;
  // Heap slots: 0 t1/space2, 1 t1/space3, ..., 8 u1/space10 (APPENDed after
  // the explicit 0), 9 the CBV (listed first, explicit offset 9).
  const D3D12_DESCRIPTOR_RANGE ranges[10] = {
      {D3D12_DESCRIPTOR_RANGE_TYPE_CBV, 1, 1, 1, 9}, {SRV, 1, 1, 2, 0},      {SRV, 1, 1, 3, APPEND},
      {SRV, 1, 1, 4, APPEND},                        {UAV, 1, 1, 5, APPEND}, {UAV, 1, 1, 6, APPEND},
      {UAV, 1, 1, 7, APPEND},                        {UAV, 1, 1, 8, APPEND}, {SRV, 1, 1, 9, APPEND},
      {UAV, 1, 1, 10, APPEND}};
  const D3D12_DESCRIPTOR_RANGE samplerRange{D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER, 1, 1, 11, 0};
  D3D12_ROOT_PARAMETER p[6]{};
  p[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  p[0].DescriptorTable = {10, ranges};
  p[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  p[1].DescriptorTable = {1, &samplerRange};
  p[2].ParameterType = D3D12_ROOT_PARAMETER_TYPE_SRV;
  p[2].Descriptor = {1, 15};
  p[3].ParameterType = D3D12_ROOT_PARAMETER_TYPE_CBV;
  p[3].Descriptor = {1, 13};
  p[4].ParameterType = D3D12_ROOT_PARAMETER_TYPE_UAV;
  p[4].Descriptor = {1, 14};
  p[5].ParameterType = D3D12_ROOT_PARAMETER_TYPE_SRV;
  p[5].Descriptor = {1, 0};
  D3D12_STATIC_SAMPLER_DESC statik{};
  statik.Filter = D3D12_FILTER_MIN_MAG_MIP_POINT;
  statik.AddressU = statik.AddressV = statik.AddressW = D3D12_TEXTURE_ADDRESS_MODE_CLAMP;
  statik.MaxLOD = D3D12_FLOAT32_MAX;
  statik.ShaderRegister = 1;
  statik.RegisterSpace = 12;
  ID3D12RootSignature* rs =
      rig.own(createRootSignature(device, {6, p, 1, &statik, D3D12_ROOT_SIGNATURE_FLAG_NONE}));
  ID3D12PipelineState* pso = spacesPso(rig, rs, stageListing(kAllViewsBody, pixel), pixel, conservative);

  // Word i of `data` is 100000 + i; the views and root descriptors read it at different places.
  ID3D12Resource* data = rig.upload(sequence(100000, 1024));
  const auto uavState = D3D12_RESOURCE_STATE_UNORDERED_ACCESS;
  ID3D12Resource* typedUav = rig.buffer(sequence(200000, 64), uavState);
  ID3D12Resource* rawUav = rig.buffer(sequence(300000, 64), uavState);
  ID3D12Resource* appendUav = rig.buffer(std::vector<uint32_t>(64), uavState);
  std::vector<uint32_t> counterWords(2048);
  counterWords[1024] = 5;  // the counter at byte 4096 starts at 5
  ID3D12Resource* counter = rig.buffer(counterWords, uavState);
  ID3D12Resource* results = rig.buffer(std::vector<uint32_t>(64, 0xFFFFFFFFu), uavState);
  ID3D12Resource* rootUav = rig.buffer(std::vector<uint32_t>(128), uavState);
  const uint32_t texels[4] = {floatBits(1), floatBits(2), floatBits(3), floatBits(4)};
  ID3D12Resource* texture = rig.texture2x2(DXGI_FORMAT_R32_FLOAT, texels, D3D12_RESOURCE_FLAG_NONE,
                                           D3D12_RESOURCE_STATE_ALL_SHADER_RESOURCE);
  const uint32_t uintTexels[4] = {10, 20, 30, 40};
  ID3D12Resource* rwTexture = rig.texture2x2(DXGI_FORMAT_R32_UINT, uintTexels,
                                             D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS, uavState);

  ID3D12DescriptorHeap* heap = rig.heap(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 10);
  ID3D12DescriptorHeap* samplers = rig.heap(D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER, 1);
  const D3D12_GPU_VIRTUAL_ADDRESS va = data->GetGPUVirtualAddress();
  const D3D12_CONSTANT_BUFFER_VIEW_DESC cbv{va + 256, 256};
  device->CreateConstantBufferView(&cbv, rig.slot(heap, 9));
  D3D12_SHADER_RESOURCE_VIEW_DESC srv = bufferSrv(DXGI_FORMAT_R32_UINT, 8, 16, 0, false);
  device->CreateShaderResourceView(data, &srv, rig.slot(heap, 0));
  srv = bufferSrv(DXGI_FORMAT_R32_TYPELESS, 12, 16, 0, true);
  device->CreateShaderResourceView(data, &srv, rig.slot(heap, 1));
  srv = bufferSrv(DXGI_FORMAT_UNKNOWN, 4, 8, 12, false);  // byte 48
  device->CreateShaderResourceView(data, &srv, rig.slot(heap, 2));
  D3D12_UNORDERED_ACCESS_VIEW_DESC uav = bufferUav(DXGI_FORMAT_R32_UINT, 4, 8, 0, false);
  device->CreateUnorderedAccessView(typedUav, nullptr, &uav, rig.slot(heap, 3));
  uav = bufferUav(DXGI_FORMAT_R32_TYPELESS, 8, 16, 0, true);
  device->CreateUnorderedAccessView(rawUav, nullptr, &uav, rig.slot(heap, 4));
  uav = bufferUav(DXGI_FORMAT_UNKNOWN, 16, 16, 4, false, 4096);
  device->CreateUnorderedAccessView(appendUav, counter, &uav, rig.slot(heap, 5));
  uav = bufferUav(DXGI_FORMAT_UNKNOWN, 0, 64, 4, false);
  device->CreateUnorderedAccessView(results, nullptr, &uav, rig.slot(heap, 6));
  device->CreateShaderResourceView(texture, nullptr, rig.slot(heap, 7));
  device->CreateUnorderedAccessView(rwTexture, nullptr, nullptr, rig.slot(heap, 8));
  D3D12_SAMPLER_DESC sd{};
  sd.Filter = D3D12_FILTER_MIN_MAG_MIP_POINT;
  sd.AddressU = sd.AddressV = sd.AddressW = D3D12_TEXTURE_ADDRESS_MODE_WRAP;
  sd.MaxLOD = D3D12_FLOAT32_MAX;
  device->CreateSampler(&sd, rig.slot(samplers, 0));

  RenderTarget16 target(device);
  ID3D12DescriptorHeap* heaps[2] = {heap, samplers};
  rig.list->SetDescriptorHeaps(2, heaps);
  runOnce(
      rig, rs, pso, pixel,
      [&](const RootBinder& b) {
        b.table(0, rig.gpuSlot(heap, 0));
        b.table(1, rig.gpuSlot(samplers, 0));
        b.srv(2, va + 1024);
        b.cbv(3, va + 512);
        b.uav(4, rootUav->GetGPUVirtualAddress() + 256);
        b.srv(5, va + 1536);
      },
      &target, bundle ? std::vector<ID3D12DescriptorHeap*>{heap, samplers} : std::vector<ID3D12DescriptorHeap*>{});
  ID3D12Resource* readResults = rig.readBack(results, uavState);
  ID3D12Resource* readTyped = rig.readBack(typedUav, uavState);
  ID3D12Resource* readRaw = rig.readBack(rawUav, uavState);
  ID3D12Resource* readAppend = rig.readBack(appendUav, uavState);
  ID3D12Resource* readCounter = rig.readBack(counter, uavState);
  ID3D12Resource* readRootUav = rig.readBack(rootUav, uavState);
  rig.execute();

  const std::vector<uint32_t> got = SpacesRig::words(readResults);
  struct Expected {
    const char* what;
    uint32_t value;
  };
  const Expected expected[13] = {
      {"CBV b1 space1 (table, at byte 256): word 64", 100064},
      {"typed SRV t1 space2 (R32_UINT from element 8): element 3", 100011},
      {"raw SRV t1 space3 (from word 12): byte 8", 100014},
      {"structured SRV t1 space4 (stride 12 from element 4): element 2 byte 8", 100000 + 12 + 6 + 2},
      {"typed UAV u1 space5 (from element 4): element 1", 200005},
      {"raw UAV u1 space6 (from word 8): byte 4", 300009},
      {"the counter of u1 space7 (started at 5)", 5},
      {"sampler table s1 space11 (wrap: u 1.25 is texel 0)", 1},
      {"static sampler s1 space12 (clamp: u 1.25 is texel 1), row 1", 4},
      {"RWTexture2D u1 space10 texel (1, 1)", 40},
      {"root SRV t1 space15 (at byte 1024): byte 4", 100257},
      {"root CBV b1 space13 (at byte 512): .y", 100129},
      {"root SRV t1 space0 (structured, at byte 1536): element 1", 100385},
  };
  for (size_t i = 0; i < 13; ++i) {
    INFO((pixel ? "pixel shader" : "compute shader") << (bundle ? " in a bundle: " : ": ") << expected[i].what);
    CHECK(got[i] == expected[i].value);
  }
  INFO((pixel ? "pixel shader" : "compute shader") << (bundle ? " in a bundle" : ""));
  CHECK(SpacesRig::words(readTyped)[6] == 7777);     // typed UAV element 2
  CHECK(SpacesRig::words(readRaw)[11] == 8888);      // raw UAV byte 12
  CHECK(SpacesRig::words(readAppend)[21] == 4242);   // element 5 of the view from element 16
  CHECK(SpacesRig::words(readCounter)[1024] == 6);   // counted once
  CHECK(SpacesRig::words(readRootUav)[64] == 9999);  // root UAV at byte 256
}

}  // namespace

TEST_CASE("D3D12 SM5.1 register spaces: every view kind at register 1 of its own space (0 to 15) from tables and root "
          "descriptors and samplers in a compute shader",
          "[d3d12][draw][compute][spaces]") {
  allViewsInTheirOwnSpaces(false);
}

TEST_CASE("D3D12 SM5.1 register spaces: every view kind at register 1 of its own space (0 to 15) from tables and root "
          "descriptors and samplers in a pixel shader",
          "[d3d12][draw][spaces]") {
  allViewsInTheirOwnSpaces(true);
}

TEST_CASE("D3D12 SM5.1 register spaces: every view kind in its own space set and used in bundles (compute and pixel "
          "shaders)",
          "[d3d12][draw][compute][spaces][bundles]") {
  allViewsInTheirOwnSpaces(false, true);
  allViewsInTheirOwnSpaces(true, true);
}

TEST_CASE("D3D12 SM5.1 register spaces: every view kind in its own space read by a conservatively rasterized pixel "
          "shader (natively or on the exact fallback)",
          "[d3d12][draw][spaces][conservative]") {
  allViewsInTheirOwnSpaces(true, false, true);
}
