// tests/d3d12/conservative_scene12.h — the D3D12 conservative fallback's test
// scene (test_d3d12_conservative.cpp, tests/recording): a 32×32
// R32G32B32A32_UINT target on a device forced onto the exact fallback, a
// conservative PSO whose pixel shader writes (root constant, SV_InnerCoverage,
// SV_PrimitiveID, SV_InstanceID + 16·SV_IsFrontFace), optionally after a
// geometry shader that draws each triangle twice, and the helpers to bind,
// clear, copy out and read back.
#pragma once

#include "d3d12_test_util.h"
#include "ddi_trace_log.h"  // ScopedEnv
#include "dxbc/listing.h"

#include <cstring>
#include <vector>

namespace d3dvk::test::conservative12 {

inline constexpr UINT kSize = 32;
inline constexpr UINT kRowPitch = kSize * 16;  // R32G32B32A32_UINT, a multiple of 256
inline constexpr UINT kImageBytes = kRowPitch * kSize;

// VS: POSITION.xy (v0) + OFFSET.xy (v1, per instance) → SV_Position; SV_InstanceID → o1.x.
inline constexpr char kVs[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xy          0     NONE   float   xy
// OFFSET                   0   xy          1     NONE   float   xy
// SV_InstanceID            0   x           2   INSTID    uint   x
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// INSTANCE                 0   x           1     NONE    uint   x
//
vs_5_0
dcl_input v0.xy
dcl_input v1.xy
dcl_input_sgv v2.x, instance_id
dcl_output_siv o0.xyzw, position
dcl_output o1.x
add o0.xy, v0.xyxx, v1.xyxx
mov o0.zw, l(0,0,0,1.000000)
mov o1.x, v2.x
ret
)";

// PS: SV_Target (uint4) = (cb0[0].x, SV_InnerCoverage, SV_PrimitiveID, instance + 16·SV_IsFrontFace).
inline constexpr char kPs[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// INSTANCE                 0   x           1     NONE    uint   x
// SV_IsFrontFace           0   x           2    FFACE    uint   x
// SV_PrimitiveID           0   x           3   PRIMID    uint   x
// SV_InnerCoverage         0    N/A vInnerCoverage INNERCOV    uint    YES
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET    uint   xyzw
//
ps_5_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_input_ps constant v1.x
dcl_input_ps_sgv constant v2.x, is_front_face
dcl_input_ps_sgv constant v3.x, primitive_id
dcl_input vInnerCoverage
dcl_output o0.xyzw
dcl_temps 1
mov o0.x, cb0[0].x
mov o0.y, vInnerCoverage
mov o0.z, v3.x
and r0.x, v2.x, l(16)
or o0.w, r0.x, v1.x
ret
)";

// GS: each triangle twice, as is (SV_PrimitiveID 2·p) and moved right by
// cb0[0].y in NDC (2·p + 1): the capture is the geometry shader's output.
inline constexpr char kGs[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// INSTANCE                 0   x           1     NONE    uint   x
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// INSTANCE                 0   x           1     NONE    uint   x
// SV_PrimitiveID           0   x           3   PRIMID    uint   x
//
gs_5_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_input_siv v[3][0].xyzw, position
dcl_input v[3][1].x
dcl_input vPrim
dcl_temps 1
dcl_inputprimitive triangle
dcl_stream m0
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output o1.x
dcl_output_sgv o3.x, primitive_id
dcl_maxout 6
ishl r0.x, vPrim, l(1)
mov o0.xyzw, v[0][0].xyzw
mov o1.x, v[0][1].x
mov o3.x, r0.x
emit_stream m0
mov o0.xyzw, v[1][0].xyzw
mov o1.x, v[1][1].x
mov o3.x, r0.x
emit_stream m0
mov o0.xyzw, v[2][0].xyzw
mov o1.x, v[2][1].x
mov o3.x, r0.x
emit_stream m0
cut_stream m0
iadd r0.x, r0.x, l(1)
add o0.x, v[0][0].x, cb0[0].y
mov o0.yzw, v[0][0].yyzw
mov o1.x, v[0][1].x
mov o3.x, r0.x
emit_stream m0
add o0.x, v[1][0].x, cb0[0].y
mov o0.yzw, v[1][0].yyzw
mov o1.x, v[1][1].x
mov o3.x, r0.x
emit_stream m0
add o0.x, v[2][0].x, cb0[0].y
mov o0.yzw, v[2][0].yyzw
mov o1.x, v[2][1].x
mov o3.x, r0.x
emit_stream m0
cut_stream m0
ret
)";

inline std::vector<uint8_t> code(const char* listing) { return dxbc::assemble(listing).container; }

struct Vertex {
  float x, y;
};
struct Offset {
  float x, y;
};
inline const D3D12_INPUT_ELEMENT_DESC kLayout[] = {
    {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
    {"OFFSET", 0, DXGI_FORMAT_R32G32_FLOAT, 1, 0, D3D12_INPUT_CLASSIFICATION_PER_INSTANCE_DATA, 1}};

// Screen position (pixels, y down) → NDC for a kSize target: exact for 1/256 multiples.
inline Vertex ndc(float x, float y) { return {x / (kSize / 2.0f) - 1.0f, 1.0f - y / (kSize / 2.0f)}; }

// A device on the forced fallback, a 32×32 R32G32B32A32_UINT target, a root
// signature with b0 as two root constants (the pixel shader's marker, the
// geometry shader's shift), the conservative PSO (with kGs when
// `geometryShader`), an upload buffer and a read-back buffer of `images`
// target images.
struct ConservativeScene {
  ScopedEnv policy{"D3DVK_CONSERVATIVE_RASTER", "fallback"};
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 fenceValue = 0;
  ID3D12Resource* target = createCommitted(
      device, D3D12_HEAP_TYPE_DEFAULT,
      texture2DDesc(kSize, kSize, DXGI_FORMAT_R32G32B32A32_UINT, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET),
      D3D12_RESOURCE_STATE_RENDER_TARGET);
  ID3D12Resource* upload = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 1 << 20);
  ID3D12Resource* readback;
  ID3D12DescriptorHeap* rtvHeap = nullptr;
  D3D12_CPU_DESCRIPTOR_HANDLE rtv{};
  ID3D12RootSignature* rootSignature = nullptr;
  ID3D12PipelineState* pso = nullptr;
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  UINT64 uploadUsed = 0;

  explicit ConservativeScene(UINT images, bool geometryShader = false) : readback(createBuffer(device, D3D12_HEAP_TYPE_READBACK, UINT64(images) * kImageBytes)) {
    D3D12_FEATURE_DATA_D3D12_OPTIONS options{};
    REQUIRE(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof options) == S_OK);
    REQUIRE(options.ConservativeRasterizationTier == D3D12_CONSERVATIVE_RASTERIZATION_TIER_3);
    D3D12_DESCRIPTOR_HEAP_DESC h{D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    REQUIRE(device->CreateDescriptorHeap(&h, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&rtvHeap)) == S_OK);
    rtv = rtvHeap->GetCPUDescriptorHandleForHeapStart();
    device->CreateRenderTargetView(target, nullptr, rtv);

    D3D12_ROOT_PARAMETER p{};
    p.ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
    p.Constants = {0, 0, 2};
    p.ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
    D3D12_ROOT_SIGNATURE_DESC desc{1, &p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT};
    ID3DBlob* blob = nullptr;
    REQUIRE(D3D12SerializeRootSignature(&desc, D3D_ROOT_SIGNATURE_VERSION_1_0, &blob, nullptr) == S_OK);
    void* rs = nullptr;
    HRESULT hr = device->CreateRootSignature(0, blob->GetBufferPointer(), blob->GetBufferSize(), __uuidof(ID3D12RootSignature), &rs);
    blob->Release();
    rootSignature = createdOrFail<ID3D12RootSignature>(hr, rs);

    pso = createPso(kPs, geometryShader ? kGs : nullptr, D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON);
  }
  // A pipeline state of kVs, `psListing` (and `gsListing`) on the scene's root
  // signature, layout and target, with conservative rasterization `mode`.
  ID3D12PipelineState* createPso(const char* psListing, const char* gsListing, D3D12_CONSERVATIVE_RASTERIZATION_MODE mode) {
    const std::vector<uint8_t> vs = code(kVs), ps = code(psListing), gs = gsListing ? code(gsListing) : std::vector<uint8_t>{};
    D3D12_GRAPHICS_PIPELINE_STATE_DESC d{};
    d.pRootSignature = rootSignature;
    d.VS = {vs.data(), vs.size()};
    d.PS = {ps.data(), ps.size()};
    if (gsListing) d.GS = {gs.data(), gs.size()};
    d.BlendState.RenderTarget[0].RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALL;
    d.SampleMask = 0xFFFFFFFFu;
    d.RasterizerState.FillMode = D3D12_FILL_MODE_SOLID;
    d.RasterizerState.CullMode = D3D12_CULL_MODE_NONE;
    d.RasterizerState.DepthClipEnable = TRUE;
    d.RasterizerState.ConservativeRaster = mode;
    d.InputLayout = {kLayout, 2};
    d.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
    d.NumRenderTargets = 1;
    d.RTVFormats[0] = DXGI_FORMAT_R32G32B32A32_UINT;
    d.SampleDesc.Count = 1;
    void* object = nullptr;
    const HRESULT hr = device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState), &object);
    return createdOrFail<ID3D12PipelineState>(hr, object);
  }
  ~ConservativeScene() {
    list->Release();
    allocator->Release();
    pso->Release();
    rootSignature->Release();
    rtvHeap->Release();
    readback->Release();
    upload->Release();
    target->Release();
    fence->Release();
    queue->Release();
    CHECK(device->Release() == 0);
  }
  // Appends `bytes` to the upload buffer; its GPU virtual address.
  D3D12_GPU_VIRTUAL_ADDRESS put(const void* bytes, size_t size) {
    void* data = nullptr;
    REQUIRE(upload->Map(0, nullptr, &data) == S_OK);
    std::memcpy(static_cast<unsigned char*>(data) + uploadUsed, bytes, size);
    upload->Unmap(0, nullptr);
    const D3D12_GPU_VIRTUAL_ADDRESS va = upload->GetGPUVirtualAddress() + uploadUsed;
    uploadUsed += (size + 255) / 256 * 256;
    return va;
  }
  // The state every draw uses; vertex buffer 1 holds `offsets` (one per instance).
  void bind(const std::vector<Vertex>& vertices, const std::vector<Offset>& offsets, UINT marker, float shift = 0) {
    const D3D12_VERTEX_BUFFER_VIEW vbv[2] = {
        {put(vertices.data(), vertices.size() * sizeof(Vertex)), UINT(vertices.size() * sizeof(Vertex)), sizeof(Vertex)},
        {put(offsets.data(), offsets.size() * sizeof(Offset)), UINT(offsets.size() * sizeof(Offset)), sizeof(Offset)}};
    const D3D12_VIEWPORT vp{0, 0, float(kSize), float(kSize), 0, 1};
    const D3D12_RECT scissor{0, 0, LONG(kSize), LONG(kSize)};
    list->RSSetViewports(1, &vp);
    list->RSSetScissorRects(1, &scissor);
    list->OMSetRenderTargets(1, &rtv, FALSE, nullptr);
    list->SetGraphicsRootSignature(rootSignature);
    list->SetPipelineState(pso);
    list->IASetVertexBuffers(0, 2, vbv);
    list->SetGraphicsRoot32BitConstant(0, marker, 0);
    UINT shiftBits;
    std::memcpy(&shiftBits, &shift, 4);
    list->SetGraphicsRoot32BitConstant(0, shiftBits, 1);
  }
  void clear() {
    const float zero[4] = {0, 0, 0, 0};
    list->ClearRenderTargetView(rtv, zero, 0, nullptr);
  }
  // Copies the target into image `index` of the read-back buffer.
  void copyOut(UINT index) {
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp{UINT64(index) * kImageBytes, {DXGI_FORMAT_R32G32B32A32_UINT, kSize, kSize, 1, kRowPitch}};
    D3D12_TEXTURE_COPY_LOCATION dst = footprintLocation(readback, fp), src = subresourceLocation(target, 0);
    list->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
  }
  // Closes, runs and waits; the read-back images' texels (uint4 each, row-major).
  std::vector<uint32_t> run(UINT images) {
    REQUIRE(list->Close() == S_OK);
    executeAndWait(queue, {list}, fence, &fenceValue);
    const std::vector<unsigned char> bytes = readBuffer(readback, size_t(images) * kImageBytes);
    std::vector<uint32_t> words(bytes.size() / 4);
    std::memcpy(words.data(), bytes.data(), bytes.size());
    return words;
  }
};

inline const uint32_t* texel(const std::vector<uint32_t>& words, UINT image, int x, int y) {
  return &words[(size_t(image) * kImageBytes + size_t(y) * kRowPitch + size_t(x) * 16) / 4];
}

}  // namespace d3dvk::test::conservative12
