// tests/d3d12: descriptor indexing through the public API. SM5.1 compute
// shaders index descriptor-table ranges of raw SRVs by registers: an unbounded
// range and a bounded one by values uniform across each thread group (dynamic
// indexing, which every device d3dvk runs on has), and an unbounded range by a
// register that differs per thread ({nonuniform}, HLSL's
// NonUniformResourceIndex): natively where the Vulkan device has the
// *ArrayNonUniformIndexing features, else through a loop over the subgroup's
// distinct indices where the stage has subgroup arithmetic (lavapipe in Mesa
// 22.3: compute and pixel shaders), else the PSO is refused with E_NOTIMPL;
// where the device cannot index a descriptor type dynamically at all
// (lavapipe: sampled images), and for {nonuniform} indices in stages without
// subgroup arithmetic (lavapipe: vertex and geometry shaders, read back
// below), a bounded range is a switch over constant indices.
// A pixel shader samples a different texture in each pixel of a quad, with
// implicit derivatives: the mip it reads shows the gradients are the quad's.
// Values read back; the test asks Vulkan itself which path applies.
#include "d3d12_pipeline_util.h"
#include "vk_test_context.h"

#include <memory>
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

// Whether a {nonuniform} index runs in `stage`: natively, in a subgroup loop,
// or — where the device cannot index the descriptor type dynamically
// (`dynamic`, its shader*ArrayDynamicIndexing feature) or the stage has no
// subgroup arithmetic — for a bounded range (of at most 64), as a switch over
// constant indices; an unbounded one is then refused.
bool nonUniformRuns(VkShaderStageFlags stage, VkBool32 VkPhysicalDeviceFeatures::*dynamic, bool bounded) {
  VkTestContext vk;
  if (bounded) return true;
  if (!(vk.device().enabledFeatures().*dynamic)) return false;
  const d3dvk::vk::DescriptorIndexingFeatures& di = vk.device().descriptorIndexing();
  const bool native = di.uniformBufferNonUniform && di.sampledImageNonUniform && di.storageBufferNonUniform &&
                      di.storageImageNonUniform && di.uniformTexelBufferNonUniform && di.storageTexelBufferNonUniform;
  return native || vk.device().info().subgroupOperationsIn(stage, VK_SUBGROUP_FEATURE_ARITHMETIC_BIT);
}

void runIndexing(bool nonUniform) {
  const bool nonUniformSupported =
      nonUniformRuns(VK_SHADER_STAGE_COMPUTE_BIT, &VkPhysicalDeviceFeatures::shaderStorageBufferArrayDynamicIndexing, false);
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
    INFO("the Vulkan device has neither non-uniform indexing nor compute subgroup arithmetic: the PSO is refused");
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

namespace {

// PS: texture T0[x mod 4] ({nonuniform}: it differs inside every quad)
// sampled at uv = SV_Position.xy * cb0[0].x / 16 with implicit derivatives.
const char kNonUniformPs[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xy
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_1
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[0:0][1], immediateIndexed, space=0
dcl_sampler S0[0:0], mode_default, space=0
dcl_resource_texture2d (float,float,float,float) T0[0:3], space=0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_temps 2
ftou r0.x, v0.x
and r0.x, r0.x, l(3)
mul r1.xy, v0.xyxx, CB0[0][0].xxxx
mul r1.xy, r1.xyxx, l(0.062500, 0.062500, 0.000000, 0.000000)
sample r1.xyzw, r1.xyxx, T0[r0.x + 0].xyzw {nonuniform}, S0[0]
mov o0.xyzw, r1.xyzw
ret
)";

}  // namespace

TEST_CASE("D3D12 descriptor indexing: a pixel shader samples a different texture in each pixel of a quad "
          "({nonuniform}) with the quad's derivatives where the device can",
          "[d3d12][draw][descriptor-indexing]") {
  const bool runs =
      nonUniformRuns(VK_SHADER_STAGE_FRAGMENT_BIT, &VkPhysicalDeviceFeatures::shaderSampledImageArrayDynamicIndexing, true);
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;

  // Root: b0 (one constant: the uv scale), a table of t0..t3; s0 point-sampling, wrapping.
  D3D12_DESCRIPTOR_RANGE range{D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 4, 0, 0, 0};
  D3D12_ROOT_PARAMETER p[2]{};
  p[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
  p[0].Constants = {0, 0, 1};
  p[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  p[1].DescriptorTable = {1, &range};
  D3D12_STATIC_SAMPLER_DESC sampler{D3D12_FILTER_MIN_MAG_MIP_POINT, D3D12_TEXTURE_ADDRESS_MODE_WRAP,
                                    D3D12_TEXTURE_ADDRESS_MODE_WRAP, D3D12_TEXTURE_ADDRESS_MODE_WRAP, 0, 1,
                                    D3D12_COMPARISON_FUNC_NEVER, D3D12_STATIC_BORDER_COLOR_TRANSPARENT_BLACK, 0,
                                    D3D12_FLOAT32_MAX, 0, 0, D3D12_SHADER_VISIBILITY_PIXEL};
  ID3D12RootSignature* rs = createRootSignature(
      device, {2, p, 1, &sampler, D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT});
  const std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kNonUniformPs);
  const D3D12_GRAPHICS_PIPELINE_STATE_DESC pd = constantColourPsoDesc(rs, vs, ps);
  void* out = nullptr;
  const HRESULT created = device->CreateGraphicsPipelineState(&pd, __uuidof(ID3D12PipelineState), &out);
  if (!runs) {
    INFO("the Vulkan device has neither non-uniform indexing nor fragment subgroup arithmetic: the PSO is refused");
    CHECK(created == E_NOTIMPL);
    rs->Release();
    fence->Release();
    queue->Release();
    CHECK(device->Release() == 0);
    return;
  }
  REQUIRE(created == S_OK);
  auto* pso = static_cast<ID3D12PipelineState*>(out);

  // Four 16×16 textures of two mips: texture k is mip0[k] at level 0, mip1[k] at level 1.
  const uint32_t mip0[4] = {0xff0000ffu, 0xff00ff00u, 0xffff0000u, 0xff00ffffu};
  const uint32_t mip1[4] = {0xff808080u, 0xff202020u, 0xffff00ffu, 0xffffff00u};
  const D3D12_RESOURCE_DESC td = texture2DDesc(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_NONE, 2);
  D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp[2]{};
  UINT64 total = 0;
  device->GetCopyableFootprints(&td, 0, 2, 0, fp, nullptr, nullptr, &total);
  const UINT64 stride = (total + D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT - 1) & ~UINT64(D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT - 1);
  ID3D12Resource* upload = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 4 * stride);
  ID3D12Resource* textures[4]{};
  ID3D12GraphicsCommandList* list = nullptr;
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  for (UINT k = 0; k < 4; ++k) {
    textures[k] = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, td, D3D12_RESOURCE_STATE_COPY_DEST);
    for (UINT mip = 0; mip < 2; ++mip) {
      const UINT size = 16 >> mip;
      std::vector<uint32_t> texels(size * fp[mip].Footprint.RowPitch / 4, mip ? mip1[k] : mip0[k]);
      writeUpload(upload, k * stride + fp[mip].Offset, texels.data(), size_t(size) * fp[mip].Footprint.RowPitch);
      D3D12_PLACED_SUBRESOURCE_FOOTPRINT at = fp[mip];
      at.Offset += k * stride;
      D3D12_TEXTURE_COPY_LOCATION dst = subresourceLocation(textures[k], mip), src = footprintLocation(upload, at);
      list->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
    }
    D3D12_RESOURCE_BARRIER b{};
    b.Transition = {textures[k], D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_COPY_DEST,
                    D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE};
    list->ResourceBarrier(1, &b);
  }
  D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 4, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
  REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), &out) == S_OK);
  auto* heap = static_cast<ID3D12DescriptorHeap*>(out);
  const UINT step = device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  for (UINT k = 0; k < 4; ++k)
    device->CreateShaderResourceView(textures[k], nullptr, {heap->GetCPUDescriptorHandleForHeapStart().ptr + k * step});
  const float cover[9] = {-1, -1, 0, -1, 3, 0, 3, -1, 0};
  ID3D12Resource* vb = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof cover);
  writeUpload(vb, 0, cover, sizeof cover);
  const D3D12_VERTEX_BUFFER_VIEW vbv{vb->GetGPUVirtualAddress(), sizeof cover, 12};

  // Scale 1: a texel per pixel (LOD 0, mip 0); scale 2: two (LOD 1, mip 1).
  auto target = std::make_unique<RenderTarget16>(device);
  for (const float scale : {1.0f, 2.0f}) {
    const float clear[4] = {0, 0, 0, 0};
    target->bind(list, clear);
    list->SetDescriptorHeaps(1, &heap);
    list->SetGraphicsRootSignature(rs);
    list->SetPipelineState(pso);
    list->SetGraphicsRoot32BitConstants(0, 1, &scale, 0);
    list->SetGraphicsRootDescriptorTable(1, heap->GetGPUDescriptorHandleForHeapStart());
    list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    list->IASetVertexBuffers(0, 1, &vbv);
    list->DrawInstanced(3, 1, 0, 0);
    D3D12_RESOURCE_BARRIER b{};
    b.Transition = {target->texture, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE};
    list->ResourceBarrier(1, &b);
    target->copyOut(list);
    std::swap(b.Transition.StateBefore, b.Transition.StateAfter);
    list->ResourceBarrier(1, &b);
    REQUIRE(list->Close() == S_OK);
    executeAndWait(queue, {list}, fence, &value);
    const std::vector<uint32_t> px = target->pixels();
    for (UINT y = 0; y < RenderTarget16::kSize; ++y)
      for (UINT x = 0; x < RenderTarget16::kSize; ++x) {
        INFO("scale " << scale << " pixel " << x << "," << y);
        CHECK(px[y * RenderTarget16::kSize + x] == (scale == 1.0f ? mip0[x % 4] : mip1[x % 4]));
      }
    REQUIRE(allocator->Reset() == S_OK);
    REQUIRE(list->Reset(allocator, nullptr) == S_OK);
  }
  target.reset();
  list->Release();
  allocator->Release();
  vb->Release();
  heap->Release();
  for (ID3D12Resource* t : textures) t->Release();
  upload->Release();
  pso->Release();
  rs->Release();
  fence->Release();
  queue->Release();
  CHECK(device->Release() == 0);
}

namespace {

// VS: quad q = SV_VertexID / 6 reads raw SRV T0[q] (space 0: its rgb) and
// texture T1[q] (space 1: the alpha of its one texel), both {nonuniform}
// (the vertices of one draw index different descriptors), into COLOR, and
// passes q on as INDEX.
const char kNonUniformVs[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xyz         0     NONE   float   xyz
// SV_VertexID              0   x           1   VERTID    uint   x
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
// INDEX                    0   x           2     NONE    uint   x
//
vs_5_1
dcl_globalFlags refactoringAllowed
dcl_resource_raw T0[0:3], space=0
dcl_resource_texture2d (float,float,float,float) T1[0:3], space=1
dcl_input v0.xyz
dcl_input_sgv v1.x, vertex_id
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output o2.x
dcl_temps 3
mov o0.xyz, v0.xyzx
mov o0.w, l(1.000000)
udiv r0.x, null, v1.x, l(6)
ld_raw r1.xyz, l(0), T0[r0.x + 0].xyzx {nonuniform}
ld r2.xyzw, l(0, 0, 0, 0), T1[r0.x + 0].xyzw {nonuniform}
mov o1.xyz, r1.xyzx
mov o1.w, r2.w
mov o2.x, r0.x
ret
)";

// GS: each triangle of quad INDEX reads T0[INDEX] and T1[INDEX] itself
// ({nonuniform}: the invocations of one draw index different descriptors) and
// emits it with the rgb inverted.
const char kNonUniformGs[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float
// INDEX                    0   x           2     NONE    uint   x
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
gs_5_1
dcl_globalFlags refactoringAllowed
dcl_resource_raw T0[0:3], space=0
dcl_resource_texture2d (float,float,float,float) T1[0:3], space=1
dcl_input_siv v[3][0].xyzw, position
dcl_input v[3][2].x
dcl_temps 3
dcl_inputprimitive triangle
dcl_stream m0
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_maxout 3
mov r0.x, v[0][2].x
ld_raw r1.xyz, l(0), T0[r0.x + 0].xyzx {nonuniform}
ld r2.xyzw, l(0, 0, 0, 0), T1[r0.x + 0].xyzw {nonuniform}
add r1.xyz, -r1.xyzx, l(1.000000, 1.000000, 1.000000, 0.000000)
mov r1.w, r2.w
mov o0.xyzw, v[0][0].xyzw
mov o1.xyzw, r1.xyzw
emit_stream m0
mov o0.xyzw, v[1][0].xyzw
mov o1.xyzw, r1.xyzw
emit_stream m0
mov o0.xyzw, v[2][0].xyzw
mov o1.xyzw, r1.xyzw
emit_stream m0
ret
)";

// PS: SV_Target = COLOR (constant per triangle).
const char kColourPs[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_input_ps constant v1.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
)";

}  // namespace

TEST_CASE("D3D12 descriptor indexing: a vertex and a geometry shader index raw-buffer and texture ranges per "
          "vertex and per primitive ({nonuniform})",
          "[d3d12][draw][descriptor-indexing]") {
  // Natively where the device has the *ArrayNonUniformIndexing features, else
  // in a subgroup loop where the stage has subgroup arithmetic, else (lavapipe:
  // no subgroup operations in these stages) a switch over the 4 elements.
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;
  const D3D12_DESCRIPTOR_RANGE ranges[2] = {{D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 4, 0, 0, 0},
                                            {D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 4, 0, 1, 4}};
  D3D12_ROOT_PARAMETER p{};
  p.ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  p.DescriptorTable = {2, ranges};
  ID3D12RootSignature* rs =
      createRootSignature(device, {1, &p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT});
  const std::vector<uint8_t> vs = assembled(kNonUniformVs), gs = assembled(kNonUniformGs), ps = assembled(kColourPs);
  D3D12_GRAPHICS_PIPELINE_STATE_DESC pd = constantColourPsoDesc(rs, vs, ps);
  void* out = nullptr;
  REQUIRE(device->CreateGraphicsPipelineState(&pd, __uuidof(ID3D12PipelineState), &out) == S_OK);
  auto* vsPso = static_cast<ID3D12PipelineState*>(out);
  pd.GS = shaderBytecode(gs);
  REQUIRE(device->CreateGraphicsPipelineState(&pd, __uuidof(ID3D12PipelineState), &out) == S_OK);
  auto* gsPso = static_cast<ID3D12PipelineState*>(out);

  // Descriptor k (0..3): a raw buffer of rgb = the low 3 bits of k + 1 as
  // floats; descriptor 4 + k: a 1x1 texture of alpha 0x30 + 0x40 k.
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 8, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
  REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), &out) == S_OK);
  auto* heap = static_cast<ID3D12DescriptorHeap*>(out);
  const UINT step = device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  ID3D12Resource* upload = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 4 * 512);
  ID3D12Resource* raw[4]{};
  ID3D12Resource* textures[4]{};
  uint32_t expectedVs[4], expectedGs[4];
  for (UINT k = 0; k < 4; ++k) {
    const UINT bits = k + 1;
    const float rgb[4] = {float(bits & 1), float((bits >> 1) & 1), float((bits >> 2) & 1), 0};
    raw[k] = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 256);
    writeUpload(raw[k], 0, rgb, sizeof rgb);
    D3D12_SHADER_RESOURCE_VIEW_DESC sd{};
    sd.Format = DXGI_FORMAT_R32_TYPELESS;
    sd.ViewDimension = D3D12_SRV_DIMENSION_BUFFER;
    sd.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
    sd.Buffer = {0, 4, 0, D3D12_BUFFER_SRV_FLAG_RAW};
    device->CreateShaderResourceView(raw[k], &sd, {heap->GetCPUDescriptorHandleForHeapStart().ptr + k * step});
    const uint32_t alpha = 0x30 + 0x40 * k, texel = alpha << 24;
    textures[k] = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT,
                                  texture2DDesc(1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_NONE),
                                  D3D12_RESOURCE_STATE_COPY_DEST);
    writeUpload(upload, k * 512, &texel, 4);
    const D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp{k * 512, {DXGI_FORMAT_R8G8B8A8_UNORM, 1, 1, 1, 256}};
    D3D12_TEXTURE_COPY_LOCATION dst = subresourceLocation(textures[k], 0), src = footprintLocation(upload, fp);
    list->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
    D3D12_RESOURCE_BARRIER b{};
    b.Transition = {textures[k], D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_COPY_DEST,
                    D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE};
    list->ResourceBarrier(1, &b);
    device->CreateShaderResourceView(textures[k], nullptr, {heap->GetCPUDescriptorHandleForHeapStart().ptr + (4 + k) * step});
    auto channel = [](float f) { return uint32_t(f * 255); };
    expectedVs[k] = channel(rgb[0]) | channel(rgb[1]) << 8 | channel(rgb[2]) << 16 | alpha << 24;
    expectedGs[k] = channel(1 - rgb[0]) | channel(1 - rgb[1]) << 8 | channel(1 - rgb[2]) << 16 | alpha << 24;
  }
  // Quad q covers columns [4q, 4q + 4) of the target: two triangles, vertices 6q..6q+5.
  std::vector<float> quads;
  for (UINT q = 0; q < 4; ++q) {
    const float x0 = -1 + 0.5f * float(q), x1 = x0 + 0.5f;
    const float corners[6][3] = {{x0, -1, 0}, {x0, 1, 0}, {x1, 1, 0}, {x0, -1, 0}, {x1, 1, 0}, {x1, -1, 0}};
    for (const auto& c : corners) quads.insert(quads.end(), c, c + 3);
  }
  ID3D12Resource* vb = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, quads.size() * 4);
  writeUpload(vb, 0, quads.data(), quads.size() * 4);
  const D3D12_VERTEX_BUFFER_VIEW vbv{vb->GetGPUVirtualAddress(), UINT(quads.size() * 4), 12};
  auto target = std::make_unique<RenderTarget16>(device);
  for (ID3D12PipelineState* pso : {vsPso, gsPso}) {
    INFO((pso == vsPso ? "the vertex shader indexes" : "the geometry shader indexes"));
    const float clear[4] = {0, 0, 0, 0};
    target->bind(list, clear);
    list->SetDescriptorHeaps(1, &heap);
    list->SetGraphicsRootSignature(rs);
    list->SetPipelineState(pso);
    list->SetGraphicsRootDescriptorTable(0, heap->GetGPUDescriptorHandleForHeapStart());
    list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    list->IASetVertexBuffers(0, 1, &vbv);
    list->DrawInstanced(24, 1, 0, 0);
    D3D12_RESOURCE_BARRIER b{};
    b.Transition = {target->texture, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE};
    list->ResourceBarrier(1, &b);
    target->copyOut(list);
    std::swap(b.Transition.StateBefore, b.Transition.StateAfter);
    list->ResourceBarrier(1, &b);
    REQUIRE(list->Close() == S_OK);
    executeAndWait(queue, {list}, fence, &value);
    const std::vector<uint32_t> px = target->pixels();
    // Through a pointer: GCC 12 with -fsanitize=undefined miscompiles
    // `(c ? arrayA : arrayB)[i]`, reading arrayB's last element for any i.
    const uint32_t* expected = pso == vsPso ? expectedVs : expectedGs;
    for (UINT y = 0; y < RenderTarget16::kSize; ++y)
      for (UINT x = 0; x < RenderTarget16::kSize; ++x) {
        INFO("pixel " << x << "," << y);
        CHECK(px[y * RenderTarget16::kSize + x] == expected[x / 4]);
      }
    REQUIRE(allocator->Reset() == S_OK);
    REQUIRE(list->Reset(allocator, nullptr) == S_OK);
  }
  target.reset();
  list->Release();
  allocator->Release();
  vb->Release();
  upload->Release();
  for (UINT k = 0; k < 4; ++k) {
    raw[k]->Release();
    textures[k]->Release();
  }
  heap->Release();
  gsPso->Release();
  vsPso->Release();
  rs->Release();
  fence->Release();
  queue->Release();
  CHECK(device->Release() == 0);
}
