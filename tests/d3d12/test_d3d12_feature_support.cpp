// tests/d3d12: CheckFeatureSupport for every D3D12_FEATURE but the format
// queries — each answer checked against what the device then does (the
// feature level it creates, the shader model and root-signature version it
// accepts, the tiers it reports against what creation refuses), and sizes,
// inputs and nodes D3D12 refuses with E_INVALIDARG.
#include "d3d12_pipeline_util.h"

using namespace d3dvk::test;

namespace {

template <typename T>
HRESULT check(ID3D12Device* device, D3D12_FEATURE feature, T* data) {
  return device->CheckFeatureSupport(feature, data, sizeof *data);
}

}  // namespace

TEST_CASE("D3D12 CheckFeatureSupport: FEATURE_LEVELS answers 11_1, and the device creates at 11_1, not at 12_0",
          "[d3d12][features]") {
  ID3D12Device* device = createDevice12();
  const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_12_1, D3D_FEATURE_LEVEL_11_1,
                                      D3D_FEATURE_LEVEL_12_0};
  D3D12_FEATURE_DATA_FEATURE_LEVELS fl{4, levels, D3D_FEATURE_LEVEL_9_1};
  REQUIRE(check(device, D3D12_FEATURE_FEATURE_LEVELS, &fl) == S_OK);
  CHECK(fl.MaxSupportedFeatureLevel == D3D_FEATURE_LEVEL_11_1);
  const D3D_FEATURE_LEVEL only11[] = {D3D_FEATURE_LEVEL_11_0};
  fl = {1, only11, D3D_FEATURE_LEVEL_9_1};
  REQUIRE(check(device, D3D12_FEATURE_FEATURE_LEVELS, &fl) == S_OK);
  CHECK(fl.MaxSupportedFeatureLevel == D3D_FEATURE_LEVEL_11_0);
  const D3D_FEATURE_LEVEL only12[] = {D3D_FEATURE_LEVEL_12_0, D3D_FEATURE_LEVEL_12_1};
  fl = {2, only12, D3D_FEATURE_LEVEL_9_1};
  CHECK(check(device, D3D12_FEATURE_FEATURE_LEVELS, &fl) == DXGI_ERROR_UNSUPPORTED);
  fl = {0, levels, D3D_FEATURE_LEVEL_9_1};
  CHECK(check(device, D3D12_FEATURE_FEATURE_LEVELS, &fl) == E_INVALIDARG);
  fl = {1, nullptr, D3D_FEATURE_LEVEL_9_1};
  CHECK(check(device, D3D12_FEATURE_FEATURE_LEVELS, &fl) == E_INVALIDARG);

  void* other = nullptr;
  REQUIRE(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_1, __uuidof(ID3D12Device), &other) == S_OK);
  static_cast<ID3D12Device*>(other)->Release();
  CHECK(FAILED(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_12_0, __uuidof(ID3D12Device), &other)));
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 CheckFeatureSupport: SHADER_MODEL 5.1 and ROOT_SIGNATURE 1.1, both then accepted", "[d3d12][features]") {
  ID3D12Device* device = createDevice12();
  D3D12_FEATURE_DATA_SHADER_MODEL sm{D3D_SHADER_MODEL_6_5};
  REQUIRE(check(device, D3D12_FEATURE_SHADER_MODEL, &sm) == S_OK);
  CHECK(sm.HighestShaderModel == D3D_SHADER_MODEL_5_1);
  sm.HighestShaderModel = D3D_SHADER_MODEL_5_1;
  REQUIRE(check(device, D3D12_FEATURE_SHADER_MODEL, &sm) == S_OK);
  CHECK(sm.HighestShaderModel == D3D_SHADER_MODEL_5_1);
  sm.HighestShaderModel = static_cast<D3D_SHADER_MODEL>(0x50);
  CHECK(check(device, D3D12_FEATURE_SHADER_MODEL, &sm) == E_INVALIDARG);
  sm.HighestShaderModel = static_cast<D3D_SHADER_MODEL>(0x99);
  CHECK(check(device, D3D12_FEATURE_SHADER_MODEL, &sm) == E_INVALIDARG);

  D3D12_FEATURE_DATA_ROOT_SIGNATURE rs{D3D_ROOT_SIGNATURE_VERSION_1_1};
  REQUIRE(check(device, D3D12_FEATURE_ROOT_SIGNATURE, &rs) == S_OK);
  CHECK(rs.HighestVersion == D3D_ROOT_SIGNATURE_VERSION_1_1);
  rs.HighestVersion = D3D_ROOT_SIGNATURE_VERSION_1_0;
  REQUIRE(check(device, D3D12_FEATURE_ROOT_SIGNATURE, &rs) == S_OK);
  CHECK(rs.HighestVersion == D3D_ROOT_SIGNATURE_VERSION_1_0);
  rs.HighestVersion = static_cast<D3D_ROOT_SIGNATURE_VERSION>(3);
  CHECK(check(device, D3D12_FEATURE_ROOT_SIGNATURE, &rs) == E_INVALIDARG);

  // A 1.1 root signature (a root UAV with DATA_VOLATILE) and a cs_5_1 pipeline on it.
  D3D12_ROOT_PARAMETER1 p{};
  p.ParameterType = D3D12_ROOT_PARAMETER_TYPE_UAV;
  p.Descriptor = {0, 0, D3D12_ROOT_DESCRIPTOR_FLAG_DATA_VOLATILE};
  D3D12_VERSIONED_ROOT_SIGNATURE_DESC vd{};
  vd.Version = D3D_ROOT_SIGNATURE_VERSION_1_1;
  vd.Desc_1_1 = {1, &p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_NONE};
  ID3DBlob* blob = nullptr;
  REQUIRE(D3D12SerializeVersionedRootSignature(&vd, &blob, nullptr) == S_OK);
  void* out = nullptr;
  REQUIRE(device->CreateRootSignature(0, blob->GetBufferPointer(), blob->GetBufferSize(), __uuidof(ID3D12RootSignature),
                                      &out) == S_OK);
  blob->Release();
  auto* signature = static_cast<ID3D12RootSignature*>(out);
  const std::vector<uint8_t> cs = assembled(R"(cs_5_1
dcl_uav_raw U0[0:0], space=0
dcl_thread_group 1, 1, 1
store_raw U0[0].x, l(0), l(5)
ret
)");
  D3D12_COMPUTE_PIPELINE_STATE_DESC cd{signature, shaderBytecode(cs), 0, {}, D3D12_PIPELINE_STATE_FLAG_NONE};
  REQUIRE(device->CreateComputePipelineState(&cd, __uuidof(ID3D12PipelineState), &out) == S_OK);
  static_cast<ID3D12PipelineState*>(out)->Release();
  signature->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 CheckFeatureSupport: OPTIONS tiers match what creation does, every OPTIONSn answers its struct",
          "[d3d12][features]") {
  ID3D12Device* device = createDevice12();
  D3D12_FEATURE_DATA_D3D12_OPTIONS o{};
  REQUIRE(check(device, D3D12_FEATURE_D3D12_OPTIONS, &o) == S_OK);
  CHECK(o.TiledResourcesTier == D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED);
  CHECK(o.ResourceBindingTier == D3D12_RESOURCE_BINDING_TIER_1);
  // Tier 2 (where one Vulkan memory type binds every resource category) is
  // what CreateHeap then accepts: a heap allowing buffers and all textures.
  REQUIRE((o.ResourceHeapTier == D3D12_RESOURCE_HEAP_TIER_1 || o.ResourceHeapTier == D3D12_RESOURCE_HEAP_TIER_2));
  {
    D3D12_HEAP_DESC mixed{};
    mixed.SizeInBytes = D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT;
    mixed.Properties.Type = D3D12_HEAP_TYPE_DEFAULT;
    mixed.Flags = D3D12_HEAP_FLAG_ALLOW_ALL_BUFFERS_AND_TEXTURES;
    void* heap = nullptr;
    const HRESULT hr = device->CreateHeap(&mixed, __uuidof(ID3D12Heap), &heap);
    CHECK(hr == (o.ResourceHeapTier == D3D12_RESOURCE_HEAP_TIER_2 ? S_OK : E_INVALIDARG));
    if (heap) static_cast<ID3D12Heap*>(heap)->Release();
  }
  CHECK(o.DoublePrecisionFloatShaderOps == FALSE);
  CHECK(o.ROVsSupported == FALSE);
  CHECK(o.MaxGPUVirtualAddressBitsPerResource == 40);
  // No tiled resources: CreateReservedResource is refused.
  D3D12_RESOURCE_DESC reserved = bufferDesc(65536);
  void* out = nullptr;
  CHECK(device->CreateReservedResource(&reserved, D3D12_RESOURCE_STATE_COMMON, nullptr, __uuidof(ID3D12Resource), &out) ==
        E_INVALIDARG);
  CHECK(out == nullptr);

  D3D12_FEATURE_DATA_D3D12_OPTIONS1 o1{};
  std::memset(&o1, 0xcc, sizeof o1);
  REQUIRE(check(device, D3D12_FEATURE_D3D12_OPTIONS1, &o1) == S_OK);
  CHECK(o1.WaveOps == FALSE);
  CHECK(o1.Int64ShaderOps == FALSE);
  D3D12_FEATURE_DATA_D3D12_OPTIONS2 o2{};
  REQUIRE(check(device, D3D12_FEATURE_D3D12_OPTIONS2, &o2) == S_OK);
  CHECK(o2.DepthBoundsTestSupported == FALSE);
  CHECK(o2.ProgrammableSamplePositionsTier == D3D12_PROGRAMMABLE_SAMPLE_POSITIONS_TIER_NOT_SUPPORTED);
  D3D12_FEATURE_DATA_D3D12_OPTIONS3 o3{};
  REQUIRE(check(device, D3D12_FEATURE_D3D12_OPTIONS3, &o3) == S_OK);
  CHECK(o3.CopyQueueTimestampQueriesSupported == FALSE);  // copy-queue timestamp heaps are refused
  CHECK(o3.ViewInstancingTier == D3D12_VIEW_INSTANCING_TIER_NOT_SUPPORTED);
  D3D12_FEATURE_DATA_D3D12_OPTIONS5 o5{};
  std::memset(&o5, 0xcc, sizeof o5);
  REQUIRE(check(device, D3D12_FEATURE_D3D12_OPTIONS5, &o5) == S_OK);
  CHECK(o5.RaytracingTier == D3D12_RAYTRACING_TIER_NOT_SUPPORTED);
  CHECK(o5.RenderPassesTier == D3D12_RENDER_PASS_TIER_0);
  D3D12_FEATURE_DATA_D3D12_OPTIONS7 o7{};
  std::memset(&o7, 0xcc, sizeof o7);
  REQUIRE(check(device, D3D12_FEATURE_D3D12_OPTIONS7, &o7) == S_OK);
  CHECK(o7.MeshShaderTier == D3D12_MESH_SHADER_TIER_NOT_SUPPORTED);
  CHECK(o7.SamplerFeedbackTier == D3D12_SAMPLER_FEEDBACK_TIER_NOT_SUPPORTED);
  D3D12_FEATURE_DATA_D3D12_OPTIONS4 o4{};
  D3D12_FEATURE_DATA_D3D12_OPTIONS6 o6{};
  D3D12_FEATURE_DATA_D3D12_OPTIONS8 o8{};
  D3D12_FEATURE_DATA_D3D12_OPTIONS9 o9{};
  D3D12_FEATURE_DATA_D3D12_OPTIONS10 o10{};
  D3D12_FEATURE_DATA_D3D12_OPTIONS11 o11{};
  D3D12_FEATURE_DATA_D3D12_OPTIONS12 o12{};
  D3D12_FEATURE_DATA_D3D12_OPTIONS13 o13{};
  D3D12_FEATURE_DATA_D3D12_OPTIONS14 o14{};
  D3D12_FEATURE_DATA_D3D12_OPTIONS15 o15{};
  CHECK(check(device, D3D12_FEATURE_D3D12_OPTIONS4, &o4) == S_OK);
  CHECK(check(device, D3D12_FEATURE_D3D12_OPTIONS6, &o6) == S_OK);
  CHECK(o6.VariableShadingRateTier == D3D12_VARIABLE_SHADING_RATE_TIER_NOT_SUPPORTED);
  CHECK(check(device, D3D12_FEATURE_D3D12_OPTIONS8, &o8) == S_OK);
  CHECK(check(device, D3D12_FEATURE_D3D12_OPTIONS9, &o9) == S_OK);
  CHECK(check(device, D3D12_FEATURE_D3D12_OPTIONS10, &o10) == S_OK);
  CHECK(check(device, D3D12_FEATURE_D3D12_OPTIONS11, &o11) == S_OK);
  CHECK(check(device, D3D12_FEATURE_D3D12_OPTIONS12, &o12) == S_OK);
  CHECK(o12.EnhancedBarriersSupported == FALSE);
  CHECK(check(device, D3D12_FEATURE_D3D12_OPTIONS13, &o13) == S_OK);
  CHECK(check(device, D3D12_FEATURE_D3D12_OPTIONS14, &o14) == S_OK);
  CHECK(check(device, D3D12_FEATURE_D3D12_OPTIONS15, &o15) == S_OK);

  // A size that is not the feature's struct, and no data at all.
  CHECK(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS, &o, sizeof o - 4) == E_INVALIDARG);
  CHECK(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS1, &o, sizeof o) == E_INVALIDARG);
  CHECK(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS5, nullptr, sizeof o5) == E_INVALIDARG);
  CHECK(device->CheckFeatureSupport(static_cast<D3D12_FEATURE>(9999), &o, sizeof o) == E_INVALIDARG);
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 CheckFeatureSupport: architecture, virtual addresses, queues, caches, nodes", "[d3d12][features]") {
  ID3D12Device* device = createDevice12();
  D3D12_FEATURE_DATA_ARCHITECTURE a{};
  std::memset(&a, 0xcc, sizeof a);
  a.NodeIndex = 0;
  REQUIRE(check(device, D3D12_FEATURE_ARCHITECTURE, &a) == S_OK);
  CHECK(a.TileBasedRenderer == FALSE);
  // Not UMA: a DEFAULT heap's custom properties are L1, CPU-inaccessible.
  CHECK(a.UMA == FALSE);
  CHECK(device->GetCustomHeapProperties(0, D3D12_HEAP_TYPE_DEFAULT).MemoryPoolPreference == D3D12_MEMORY_POOL_L1);
  a.NodeIndex = 1;
  CHECK(check(device, D3D12_FEATURE_ARCHITECTURE, &a) == E_INVALIDARG);
  D3D12_FEATURE_DATA_ARCHITECTURE1 a1{};
  REQUIRE(check(device, D3D12_FEATURE_ARCHITECTURE1, &a1) == S_OK);
  CHECK(a1.UMA == FALSE);

  D3D12_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT va{};
  REQUIRE(check(device, D3D12_FEATURE_GPU_VIRTUAL_ADDRESS_SUPPORT, &va) == S_OK);
  CHECK(va.MaxGPUVirtualAddressBitsPerResource == 40);
  CHECK(va.MaxGPUVirtualAddressBitsPerProcess >= va.MaxGPUVirtualAddressBitsPerResource);
  ID3D12Resource* buffer = createBuffer(device, D3D12_HEAP_TYPE_DEFAULT, 256);
  CHECK(buffer->GetGPUVirtualAddress() + 256 <= (UINT64(1) << va.MaxGPUVirtualAddressBitsPerProcess));
  buffer->Release();

  D3D12_FEATURE_DATA_COMMAND_QUEUE_PRIORITY prio{D3D12_COMMAND_LIST_TYPE_COPY, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL, FALSE};
  REQUIRE(check(device, D3D12_FEATURE_COMMAND_QUEUE_PRIORITY, &prio) == S_OK);
  CHECK(prio.PriorityForTypeIsSupported == TRUE);
  prio.Priority = D3D12_COMMAND_QUEUE_PRIORITY_GLOBAL_REALTIME;
  REQUIRE(check(device, D3D12_FEATURE_COMMAND_QUEUE_PRIORITY, &prio) == S_OK);
  CHECK(prio.PriorityForTypeIsSupported == FALSE);
  prio.CommandListType = static_cast<D3D12_COMMAND_LIST_TYPE>(42);
  CHECK(check(device, D3D12_FEATURE_COMMAND_QUEUE_PRIORITY, &prio) == E_INVALIDARG);

  D3D12_FEATURE_DATA_SHADER_CACHE cache{};
  REQUIRE(check(device, D3D12_FEATURE_SHADER_CACHE, &cache) == S_OK);
  // GetCachedBlob / CachedPSO, and pipeline libraries (test_d3d12_pipeline_library.cpp).
  CHECK(cache.SupportFlags == (D3D12_SHADER_CACHE_SUPPORT_SINGLE_PSO | D3D12_SHADER_CACHE_SUPPORT_LIBRARY));
  D3D12_FEATURE_DATA_EXISTING_HEAPS existing{TRUE};
  REQUIRE(check(device, D3D12_FEATURE_EXISTING_HEAPS, &existing) == S_OK);
  CHECK(existing.Supported == FALSE);
  D3D12_FEATURE_DATA_SERIALIZATION serialization{0, D3D12_HEAP_SERIALIZATION_TIER_10};
  REQUIRE(check(device, D3D12_FEATURE_SERIALIZATION, &serialization) == S_OK);
  CHECK(serialization.HeapSerializationTier == D3D12_HEAP_SERIALIZATION_TIER_0);
  serialization.NodeIndex = 2;
  CHECK(check(device, D3D12_FEATURE_SERIALIZATION, &serialization) == E_INVALIDARG);
  D3D12_FEATURE_DATA_CROSS_NODE crossNode{D3D12_CROSS_NODE_SHARING_TIER_3, TRUE};
  REQUIRE(check(device, D3D12_FEATURE_CROSS_NODE, &crossNode) == S_OK);
  CHECK(crossNode.SharingTier == D3D12_CROSS_NODE_SHARING_TIER_NOT_SUPPORTED);
  CHECK(crossNode.AtomicShaderInstructions == FALSE);
  D3D12_FEATURE_DATA_DISPLAYABLE displayable{TRUE, D3D12_SHARED_RESOURCE_COMPATIBILITY_TIER_2};
  REQUIRE(check(device, D3D12_FEATURE_DISPLAYABLE, &displayable) == S_OK);
  CHECK(displayable.DisplayableTexture == FALSE);
  D3D12_FEATURE_DATA_PROTECTED_RESOURCE_SESSION_SUPPORT prs{0, D3D12_PROTECTED_RESOURCE_SESSION_SUPPORT_FLAG_SUPPORTED};
  REQUIRE(check(device, D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_SUPPORT, &prs) == S_OK);
  CHECK(prs.Support == D3D12_PROTECTED_RESOURCE_SESSION_SUPPORT_FLAG_NONE);
  CHECK(device->Release() == 0);
}
