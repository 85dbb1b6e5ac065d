// tests/d3d12: the D3D12 draw path through the public API — root signatures,
// graphics and compute PSOs from DXBC assembled here, IA/RS/OM state, root
// constants, root CBVs and UAVs, DrawInstanced, DrawIndexedInstanced and
// Dispatch — with pixels and buffers read back on the Vulkan device under the
// validation layer; the PSO refusals (root-signature mismatch, DXIL, a missing
// RTV format) with their HRESULTs and messages; and two lists recorded on two
// threads at once. Conservative draws: test_d3d12_conservative.cpp.
#include "d3d12_test_util.h"
#include "ddi_trace_log.h"
#include "dxbc/container.h"
#include "dxbc/listing.h"
#include "stderr_capture.h"

#include <array>
#include <thread>

using namespace d3dvk::test;

namespace {

// VS: POSITION.xyz (v0) → SV_Position (w 1).
const char kVsPosition[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xyz         0     NONE   float   xyz
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
//
vs_5_0
dcl_input v0.xyz
dcl_output_siv o0.xyzw, position
mov o0.xyz, v0.xyzx
mov o0.w, l(1.000000)
ret
)";

// VS: POSITION.xy (v0, per vertex) + OFFSET.xy (v1, per instance) → SV_Position.
const char kVsInstanced[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xy          0     NONE   float   xy
// OFFSET                   0   xy          1     NONE   float   xy
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
//
vs_5_0
dcl_input v0.xy
dcl_input v1.xy
dcl_output_siv o0.xyzw, position
add o0.xy, v0.xyxx, v1.xyxx
mov o0.zw, l(0,0,0,1.000000)
ret
)";

// PS: SV_Target0 = cb0[0] (root constants or a root CBV, as the root signature says).
const char kPsConstant[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_output o0.xyzw
mov o0.xyzw, cb0[0].xyzw
ret
)";

// CS: u0[i] = i + cb0[0].x for the 64 threads of one group (raw UAV).
const char kCsWrite[] = R"(cs_5_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_uav_raw u0
dcl_input vThreadID.x
dcl_temps 2
dcl_thread_group 64, 1, 1
iadd r0.x, vThreadID.x, cb0[0].x
ishl r1.x, vThreadID.x, l(2)
store_raw u0.x, r1.x, r0.x
ret
)";

// PS: u0[pixel index] = 1 (raw, row-major, 16 pixels a row); SV_Target0 = cb0[0].
const char kPsUavMark[] = R"(//
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
ps_5_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_uav_raw u0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_temps 1
ftou r0.xy, v0.xyxx
imad r0.x, r0.y, l(16), r0.x
ishl r0.x, r0.x, l(2)
store_raw u0.x, r0.x, l(1)
mov o0.xyzw, cb0[0].xyzw
ret
)";

// GS: each triangle once per instance (2), through viewport SV_GSInstanceID.
const char kGsViewports[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// SV_ViewportArrayIndex     0   x           1  VPINDEX    uint   x
//
gs_5_0
dcl_input_siv v[3][0].xyzw, position
dcl_inputprimitive triangle
dcl_stream m0
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output_siv o1.x, viewport_array_index
dcl_maxout 3
dcl_gsinstances 2
dcl_input vGSInstanceID
mov o0.xyzw, v[0][0].xyzw
mov o1.x, vGSInstanceID
emit_stream m0
mov o0.xyzw, v[1][0].xyzw
mov o1.x, vGSInstanceID
emit_stream m0
mov o0.xyzw, v[2][0].xyzw
mov o1.x, vGSInstanceID
emit_stream m0
ret
)";

std::vector<uint8_t> code(const char* listing) { return d3dvk::dxbc::assemble(listing).container; }
D3D12_SHADER_BYTECODE bytecode(const std::vector<uint8_t>& c) { return {c.data(), c.size()}; }

// Root parameter 0 as the pixel shader's b0: four root constants, or a root CBV.
enum class B0 { Constants, Cbv, Uav, Missing };

ID3D12RootSignature* rootSignature(ID3D12Device* device, B0 b0, bool inputLayout = true) {
  D3D12_ROOT_PARAMETER p{};
  p.ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
  if (b0 == B0::Constants) {
    p.ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
    p.Constants = {0, 0, 4};
  } else if (b0 == B0::Cbv) {
    p.ParameterType = D3D12_ROOT_PARAMETER_TYPE_CBV;
    p.Descriptor = {0, 0};
  }
  D3D12_ROOT_PARAMETER params[2] = {p, {}};
  UINT count = b0 == B0::Missing ? 0 : 1;
  if (b0 == B0::Uav) {  // compute: b0 constants (one value) and u0 as a root UAV
    params[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
    params[0].Constants = {0, 0, 1};
    params[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_UAV;
    params[1].Descriptor = {0, 0};
    count = 2;
  }
  D3D12_ROOT_SIGNATURE_DESC desc{count, params, 0, nullptr,
                                 inputLayout ? D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT
                                             : D3D12_ROOT_SIGNATURE_FLAG_NONE};
  ID3DBlob* blob = nullptr;
  REQUIRE(D3D12SerializeRootSignature(&desc, D3D_ROOT_SIGNATURE_VERSION_1_0, &blob, nullptr) == S_OK);
  void* rs = nullptr;
  HRESULT hr = device->CreateRootSignature(0, blob->GetBufferPointer(), blob->GetBufferSize(), __uuidof(ID3D12RootSignature), &rs);
  blob->Release();
  return createdOrFail<ID3D12RootSignature>(hr, rs);
}

const D3D12_INPUT_ELEMENT_DESC kPositionLayout[] = {
    {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0}};
const D3D12_INPUT_ELEMENT_DESC kInstancedLayout[] = {
    {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
    {"OFFSET", 0, DXGI_FORMAT_R32G32_FLOAT, 1, 0, D3D12_INPUT_CLASSIFICATION_PER_INSTANCE_DATA, 1}};

D3D12_GRAPHICS_PIPELINE_STATE_DESC psoDesc(ID3D12RootSignature* rs, const std::vector<uint8_t>& vs,
                                           const std::vector<uint8_t>& ps) {
  D3D12_GRAPHICS_PIPELINE_STATE_DESC d{};
  d.pRootSignature = rs;
  d.VS = bytecode(vs);
  d.PS = bytecode(ps);
  for (auto& rt : d.BlendState.RenderTarget) {
    rt.SrcBlend = rt.SrcBlendAlpha = D3D12_BLEND_ONE;
    rt.DestBlend = rt.DestBlendAlpha = D3D12_BLEND_ZERO;
    rt.BlendOp = rt.BlendOpAlpha = D3D12_BLEND_OP_ADD;
    rt.LogicOp = D3D12_LOGIC_OP_NOOP;
    rt.RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALL;
  }
  d.SampleMask = 0xFFFFFFFFu;
  d.RasterizerState.FillMode = D3D12_FILL_MODE_SOLID;
  d.RasterizerState.CullMode = D3D12_CULL_MODE_NONE;
  d.RasterizerState.DepthClipEnable = TRUE;
  d.DepthStencilState.DepthFunc = D3D12_COMPARISON_FUNC_LESS;
  d.DepthStencilState.DepthWriteMask = D3D12_DEPTH_WRITE_MASK_ALL;
  d.DepthStencilState.FrontFace = d.DepthStencilState.BackFace = {D3D12_STENCIL_OP_KEEP, D3D12_STENCIL_OP_KEEP,
                                                                   D3D12_STENCIL_OP_KEEP, D3D12_COMPARISON_FUNC_ALWAYS};
  d.InputLayout = {kPositionLayout, 1};
  d.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
  d.NumRenderTargets = 1;
  d.RTVFormats[0] = DXGI_FORMAT_R8G8B8A8_UNORM;
  d.SampleDesc.Count = 1;
  return d;
}

ID3D12PipelineState* createPso(ID3D12Device* device, const D3D12_GRAPHICS_PIPELINE_STATE_DESC& d) {
  void* pso = nullptr;
  HRESULT hr = device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState), &pso);
  return createdOrFail<ID3D12PipelineState>(hr, pso);
}

constexpr UINT kSize = 16;

// A device, a direct queue, a 16×16 RGBA8 render target with its RTV, an
// upload buffer for vertices/indices/constants and the read-back of the target.
struct Scene {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 fenceValue = 0;
  ID3D12Resource* target = createCommitted(
      device, D3D12_HEAP_TYPE_DEFAULT,
      texture2DDesc(kSize, kSize, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET),
      D3D12_RESOURCE_STATE_RENDER_TARGET);
  ID3D12Resource* upload = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 64 * 1024);
  ID3D12Resource* readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, 256 * kSize);
  ID3D12DescriptorHeap* rtvHeap = nullptr;
  D3D12_CPU_DESCRIPTOR_HANDLE rtv{};

  Scene() {
    D3D12_DESCRIPTOR_HEAP_DESC h{D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 4, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    REQUIRE(device->CreateDescriptorHeap(&h, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&rtvHeap)) == S_OK);
    rtv = rtvHeap->GetCPUDescriptorHandleForHeapStart();
    device->CreateRenderTargetView(target, nullptr, rtv);
  }
  ~Scene() {
    rtvHeap->Release();
    readback->Release();
    upload->Release();
    target->Release();
    fence->Release();
    queue->Release();
    CHECK(device->Release() == 0);
  }
  // Writes `bytes` at `offset` of the upload buffer; returns its GPU virtual address.
  D3D12_GPU_VIRTUAL_ADDRESS put(UINT64 offset, const void* bytes, size_t size) {
    void* data = nullptr;
    REQUIRE(upload->Map(0, nullptr, &data) == S_OK);
    std::memcpy(static_cast<unsigned char*>(data) + offset, bytes, size);
    upload->Unmap(0, nullptr);
    return upload->GetGPUVirtualAddress() + offset;
  }
  // Clears the target, sets viewport, scissor and RTV on `list`.
  void begin(ID3D12GraphicsCommandList* list, const float clear[4], D3D12_RECT scissor = {0, 0, LONG(kSize), LONG(kSize)}) {
    list->ClearRenderTargetView(rtv, clear, 0, nullptr);
    D3D12_VIEWPORT vp{0, 0, float(kSize), float(kSize), 0, 1};
    list->RSSetViewports(1, &vp);
    list->RSSetScissorRects(1, &scissor);
    list->OMSetRenderTargets(1, &rtv, FALSE, nullptr);
  }
  // Copies the target to the read-back buffer on `list`, closes, runs and waits; the pixels, row-major RGBA8.
  std::vector<uint32_t> finish(ID3D12GraphicsCommandList* list) {
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp{0, {DXGI_FORMAT_R8G8B8A8_UNORM, kSize, kSize, 1, 256}};
    D3D12_TEXTURE_COPY_LOCATION dst = footprintLocation(readback, fp), src = subresourceLocation(target, 0);
    list->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
    REQUIRE(list->Close() == S_OK);
    executeAndWait(queue, {list}, fence, &fenceValue);
    std::vector<unsigned char> bytes = readBuffer(readback, 256 * kSize);
    std::vector<uint32_t> pixels(kSize * kSize);
    for (UINT y = 0; y < kSize; ++y) std::memcpy(&pixels[y * kSize], &bytes[y * 256], kSize * 4);
    return pixels;
  }
};

constexpr uint32_t kRed = 0xFF0000FF, kGreen = 0xFF00FF00, kBlue = 0xFFFF0000, kBlack = 0xFF000000;
const float kRedF[4] = {1, 0, 0, 1}, kGreenF[4] = {0, 1, 0, 1}, kBlueF[4] = {0, 0, 1, 1}, kBlackF[4] = {0, 0, 0, 1};

// Pixel centre (x + 0.5, y + 0.5) in NDC.
float ndcX(float px) { return px / kSize * 2 - 1; }
float ndcY(float py) { return 1 - py / kSize * 2; }

}  // namespace

TEST_CASE("D3D12 DrawInstanced: two triangles in an RTV with root constants changing colour between draws",
          "[d3d12][draw]") {
  Scene s;
  ID3D12RootSignature* rs = rootSignature(s.device, B0::Constants);
  const std::vector<uint8_t> vs = code(kVsPosition), ps = code(kPsConstant);
  ID3D12PipelineState* pso = createPso(s.device, psoDesc(rs, vs, ps));
  // Left half (x < 8) and right half (x >= 8), each as one triangle covering the half's rows 0..15 along its edge.
  const float verts[] = {ndcX(0), ndcY(0), 0, ndcX(8), ndcY(0), 0, ndcX(0), ndcY(16), 0,
                         ndcX(8), ndcY(0), 0, ndcX(16), ndcY(0), 0, ndcX(16), ndcY(16), 0};
  const D3D12_GPU_VIRTUAL_ADDRESS va = s.put(0, verts, sizeof verts);
  ID3D12CommandAllocator* allocator = createAllocator(s.device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(s.device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  s.begin(list, kBlackF);
  list->SetGraphicsRootSignature(rs);
  list->SetPipelineState(pso);
  list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  D3D12_VERTEX_BUFFER_VIEW vbv{va, sizeof verts, 12};
  list->IASetVertexBuffers(0, 1, &vbv);
  list->SetGraphicsRoot32BitConstants(0, 4, kRedF, 0);
  list->DrawInstanced(3, 1, 0, 0);
  list->SetGraphicsRoot32BitConstants(0, 4, kGreenF, 0);
  list->DrawInstanced(3, 1, 3, 0);
  const std::vector<uint32_t> px = s.finish(list);
  // Pixel (1, 1) lies in the left triangle, (14, 1) in the right one, (15, 14) in the right one's
  // lower corner, (3, 14) in neither (below the left triangle's diagonal x = 8 - y/2).
  CHECK(px[1 * kSize + 1] == kRed);
  CHECK(px[1 * kSize + 14] == kGreen);
  CHECK(px[14 * kSize + 15] == kGreen);
  CHECK(px[14 * kSize + 3] == kBlack);
  // Exactly the pixel centres inside each triangle: left: x + 0.5 < 8 - (y + 0.5) / 2; right: x >= 8 + (y + 0.5) / 2.
  int red = 0, green = 0, expectedRed = 0, expectedGreen = 0;
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x) {
      red += px[y * kSize + x] == kRed;
      green += px[y * kSize + x] == kGreen;
      expectedRed += (x + 0.5f) < 8 - (y + 0.5f) / 2;
      expectedGreen += (x + 0.5f) > 8 + (y + 0.5f) / 2;
    }
  CHECK(red == expectedRed);
  CHECK(green == expectedGreen);
  list->Release();
  allocator->Release();
  pso->Release();
  rs->Release();
}

TEST_CASE("D3D12 DrawIndexedInstanced: an indexed quad drawn twice through a per-instance offset", "[d3d12][draw]") {
  Scene s;
  ID3D12RootSignature* rs = rootSignature(s.device, B0::Constants);
  const std::vector<uint8_t> vs = code(kVsInstanced), ps = code(kPsConstant);
  D3D12_GRAPHICS_PIPELINE_STATE_DESC d = psoDesc(rs, vs, ps);
  d.InputLayout = {kInstancedLayout, 2};
  ID3D12PipelineState* pso = createPso(s.device, d);
  // A quad over pixels [0,4)×[0,4) (NDC), offset by (0,0) and by 8 pixels right and down.
  const float quad[] = {ndcX(0), ndcY(0), ndcX(4), ndcY(0), ndcX(0), ndcY(4), ndcX(4), ndcY(4)};
  const float offsets[] = {0, 0, 8.0f / kSize * 2, -8.0f / kSize * 2};
  const uint16_t indices[] = {0, 1, 2, 2, 1, 3};
  const D3D12_GPU_VIRTUAL_ADDRESS vQuad = s.put(0, quad, sizeof quad), vOffsets = s.put(256, offsets, sizeof offsets),
                                  vIndices = s.put(512, indices, sizeof indices);
  ID3D12CommandAllocator* allocator = createAllocator(s.device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(s.device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  s.begin(list, kBlackF);
  list->SetGraphicsRootSignature(rs);
  list->SetPipelineState(pso);
  list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  D3D12_VERTEX_BUFFER_VIEW vbvs[2] = {{vQuad, sizeof quad, 8}, {vOffsets, sizeof offsets, 8}};
  list->IASetVertexBuffers(0, 2, vbvs);
  D3D12_INDEX_BUFFER_VIEW ibv{vIndices, sizeof indices, DXGI_FORMAT_R16_UINT};
  list->IASetIndexBuffer(&ibv);
  list->SetGraphicsRoot32BitConstants(0, 4, kBlueF, 0);
  list->SetGraphicsRootSignature(rs);  // the signature already set: its arguments stay (another would unset them)
  list->DrawIndexedInstanced(6, 2, 0, 0, 0);
  const std::vector<uint32_t> px = s.finish(list);
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x) {
      const bool inFirst = x < 4 && y < 4, inSecond = x >= 8 && x < 12 && y >= 8 && y < 12;
      INFO("pixel " << x << "," << y);
      CHECK(px[y * kSize + x] == (inFirst || inSecond ? kBlue : kBlack));
    }
  list->Release();
  allocator->Release();
  pso->Release();
  rs->Release();
}

TEST_CASE("D3D12 root CBV, scissor rect and a depth test against a DSV", "[d3d12][draw]") {
  Scene s;
  ID3D12RootSignature* rs = rootSignature(s.device, B0::Cbv);
  const std::vector<uint8_t> vs = code(kVsPosition), ps = code(kPsConstant);
  D3D12_GRAPHICS_PIPELINE_STATE_DESC d = psoDesc(rs, vs, ps);
  d.DepthStencilState.DepthEnable = TRUE;
  d.DSVFormat = DXGI_FORMAT_D32_FLOAT;
  ID3D12PipelineState* pso = createPso(s.device, d);
  ID3D12Resource* depth = createCommitted(
      s.device, D3D12_HEAP_TYPE_DEFAULT, texture2DDesc(kSize, kSize, DXGI_FORMAT_D32_FLOAT, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL),
      D3D12_RESOURCE_STATE_DEPTH_WRITE);
  ID3D12DescriptorHeap* dsvHeap = nullptr;
  D3D12_DESCRIPTOR_HEAP_DESC h{D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
  REQUIRE(s.device->CreateDescriptorHeap(&h, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&dsvHeap)) == S_OK);
  const D3D12_CPU_DESCRIPTOR_HANDLE dsv = dsvHeap->GetCPUDescriptorHandleForHeapStart();
  s.device->CreateDepthStencilView(depth, nullptr, dsv);
  // A full-screen triangle at z 0.25 (near) then one at z 0.75 (far) in another colour: the far one fails the test.
  const float verts[] = {-1, -1, 0.25f, -1, 3, 0.25f, 3, -1, 0.25f, -1, -1, 0.75f, -1, 3, 0.75f, 3, -1, 0.75f};
  const D3D12_GPU_VIRTUAL_ADDRESS va = s.put(0, verts, sizeof verts);
  const D3D12_GPU_VIRTUAL_ADDRESS red = s.put(256, kRedF, 16), green = s.put(512, kGreenF, 16);
  ID3D12CommandAllocator* allocator = createAllocator(s.device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(s.device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  s.begin(list, kBlackF, D3D12_RECT{2, 3, 10, 12});
  list->ClearDepthStencilView(dsv, D3D12_CLEAR_FLAG_DEPTH, 1.0f, 0, 0, nullptr);
  list->OMSetRenderTargets(1, &s.rtv, FALSE, &dsv);
  list->SetGraphicsRootSignature(rs);
  list->SetPipelineState(pso);
  list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  D3D12_VERTEX_BUFFER_VIEW vbv{va, sizeof verts, 12};
  list->IASetVertexBuffers(0, 1, &vbv);
  list->SetGraphicsRootConstantBufferView(0, red);
  list->DrawInstanced(3, 1, 0, 0);
  list->SetGraphicsRootConstantBufferView(0, green);
  list->DrawInstanced(3, 1, 3, 0);
  const std::vector<uint32_t> px = s.finish(list);
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(px[y * kSize + x] == (x >= 2 && x < 10 && y >= 3 && y < 12 ? kRed : kBlack));
    }
  list->Release();
  allocator->Release();
  dsvHeap->Release();
  depth->Release();
  pso->Release();
  rs->Release();
}

TEST_CASE("D3D12 Dispatch: a compute PSO writes a root UAV buffer with a root constant", "[d3d12][draw][compute]") {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;
  ID3D12RootSignature* rs = rootSignature(device, B0::Uav, false);
  const std::vector<uint8_t> cs = code(kCsWrite);
  D3D12_COMPUTE_PIPELINE_STATE_DESC cd{rs, bytecode(cs), 0, {}, D3D12_PIPELINE_STATE_FLAG_NONE};
  void* out = nullptr;
  REQUIRE(device->CreateComputePipelineState(&cd, __uuidof(ID3D12PipelineState), &out) == S_OK);
  auto* pso = static_cast<ID3D12PipelineState*>(out);
  D3D12_RESOURCE_DESC bd = bufferDesc(256);
  bd.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
  ID3D12Resource* uav = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, bd, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  ID3D12Resource* readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, 256);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  list->SetComputeRootSignature(rs);
  list->SetPipelineState(pso);
  list->SetComputeRoot32BitConstant(0, 1000, 0);
  list->SetComputeRootUnorderedAccessView(1, uav->GetGPUVirtualAddress());
  list->Dispatch(1, 1, 1);
  D3D12_RESOURCE_BARRIER b{};
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
  b.UAV.pResource = uav;
  list->ResourceBarrier(1, &b);
  list->CopyBufferRegion(readback, 0, uav, 0, 256);
  REQUIRE(list->Close() == S_OK);
  executeAndWait(queue, {list}, fence, &value);
  const std::vector<unsigned char> bytes = readBuffer(readback, 256);
  for (uint32_t i = 0; i < 64; ++i) {
    uint32_t v = 0;
    std::memcpy(&v, &bytes[i * 4], 4);
    INFO("element " << i);
    CHECK(v == 1000 + i);
  }
  list->Release();
  allocator->Release();
  readback->Release();
  uav->Release();
  pso->Release();
  rs->Release();
  fence->Release();
  queue->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 PSO refusals: root-signature mismatch, DXIL, blending with a logic op, a root parameter of the wrong type",
          "[d3d12][draw][errors]") {
  ID3D12Device* device = createDevice12();
  const std::vector<uint8_t> vs = code(kVsPosition), ps = code(kPsConstant);
  // Creates the PSO expecting `hr`, and `text` among what it prints.
  auto refused = [&](const D3D12_GRAPHICS_PIPELINE_STATE_DESC& d, HRESULT hr, const std::string& text) {
    void* out = reinterpret_cast<void*>(0x1);
    StderrCapture errors;
    CHECK(device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState), &out) == hr);
    CHECK(out == nullptr);
    const std::string printed = errors.text();
    INFO(printed);
    CHECK(printed.find(text) != std::string::npos);
  };

  // The pixel shader reads b0; this root signature has no parameter.
  ID3D12RootSignature* empty = rootSignature(device, B0::Missing);
  refused(psoDesc(empty, vs, ps), E_INVALIDARG,
          "Root Signature doesn't match Pixel Shader: Shader CBV descriptor range (BaseShaderRegister=0, "
          "NumDescriptors=1, RegisterSpace=0) is not fully bound in root signature");

  // DXIL: a container whose code is a DXIL chunk.
  ID3D12RootSignature* rs = rootSignature(device, B0::Constants);
  const std::vector<uint8_t> dxil = d3dvk::dxbc::writeContainer({{d3dvk::dxbc::fourcc("DXIL"), {0x60, 0, 0, 0}}});
  D3D12_GRAPHICS_PIPELINE_STATE_DESC d = psoDesc(rs, vs, ps);
  d.PS = bytecode(dxil);
  refused(d, E_INVALIDARG, "Pixel Shader: the bytecode is DXIL (shader model 6), which d3dvk does not run");

  // The vertex shader's bytecode in the pixel-shader slot.
  d = psoDesc(rs, vs, ps);
  d.PS = bytecode(vs);
  refused(d, E_INVALIDARG, "Pixel Shader: the bytecode is a Vertex shader");

  // Blending and a logic op on one render target.
  d = psoDesc(rs, vs, ps);
  d.BlendState.RenderTarget[0].BlendEnable = TRUE;
  d.BlendState.RenderTarget[0].LogicOpEnable = TRUE;
  refused(d, E_INVALIDARG, "BlendState.RenderTarget[0] enables both blending and a logic op");

  // A valid PSO; then a list setting a root CBV on the root-constants parameter fails its Close.
  ID3D12PipelineState* pso = createPso(device, psoDesc(rs, vs, ps));
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  {
    StderrCapture errors;
    list->SetGraphicsRootSignature(rs);
    list->SetGraphicsRootConstantBufferView(0, 0x10000);
    CHECK(list->Close() == E_INVALIDARG);
    CHECK(errors.text().find("the root parameter index names no parameter of that type") != std::string::npos);
  }
  {  // A draw without a pipeline state is dropped with a message; the list still closes (D3D12: undefined, not a list error).
    StderrCapture errors;
    REQUIRE(list->Reset(allocator, nullptr) == S_OK);
    list->DrawInstanced(3, 1, 0, 0);
    CHECK(list->Close() == S_OK);
    CHECK(errors.text().find("a draw without a graphics pipeline state") != std::string::npos);
  }
  list->Release();
  allocator->Release();
  pso->Release();
  rs->Release();
  empty->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12: two command lists recorded on two threads at once, each drawing into its own target",
          "[d3d12][draw][threads]") {
  Scene s;
  ID3D12Resource* second = createCommitted(
      s.device, D3D12_HEAP_TYPE_DEFAULT,
      texture2DDesc(kSize, kSize, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET),
      D3D12_RESOURCE_STATE_RENDER_TARGET);
  D3D12_CPU_DESCRIPTOR_HANDLE rtv2{s.rtv.ptr + s.device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_RTV)};
  s.device->CreateRenderTargetView(second, nullptr, rtv2);
  ID3D12RootSignature* rs = rootSignature(s.device, B0::Constants);
  const std::vector<uint8_t> vs = code(kVsPosition), ps = code(kPsConstant);
  ID3D12PipelineState* pso = createPso(s.device, psoDesc(rs, vs, ps));
  const float verts[] = {-1, -1, 0, -1, 3, 0, 3, -1, 0};
  D3D12_VERTEX_BUFFER_VIEW vbv{s.put(0, verts, sizeof verts), sizeof verts, 12};
  ID3D12CommandAllocator* allocators[2] = {createAllocator(s.device, D3D12_COMMAND_LIST_TYPE_DIRECT),
                                           createAllocator(s.device, D3D12_COMMAND_LIST_TYPE_DIRECT)};
  ID3D12GraphicsCommandList* lists[2] = {createList(s.device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocators[0]),
                                         createList(s.device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocators[1])};
  auto record = [&](int i) {
    ID3D12GraphicsCommandList* list = lists[i];
    const D3D12_CPU_DESCRIPTOR_HANDLE rtv = i == 0 ? s.rtv : rtv2;
    list->ClearRenderTargetView(rtv, kBlackF, 0, nullptr);
    D3D12_VIEWPORT vp{0, 0, float(kSize), float(kSize), 0, 1};
    D3D12_RECT sc{0, 0, LONG(kSize), LONG(kSize)};
    list->SetGraphicsRootSignature(rs);
    list->SetPipelineState(pso);
    list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    list->IASetVertexBuffers(0, 1, &vbv);
    for (int n = 0; n < 50; ++n) {  // many draws, so the two recordings overlap
      list->RSSetViewports(1, &vp);
      list->RSSetScissorRects(1, &sc);
      list->OMSetRenderTargets(1, &rtv, FALSE, nullptr);
      list->SetGraphicsRoot32BitConstants(0, 4, i == 0 ? kRedF : kGreenF, 0);
      list->DrawInstanced(3, 1, 0, 0);
    }
  };
  std::thread a(record, 0), b(record, 1);
  a.join();
  b.join();
  REQUIRE(lists[1]->Close() == S_OK);
  ID3D12CommandList* other = lists[1];
  s.queue->ExecuteCommandLists(1, &other);
  const std::vector<uint32_t> first = s.finish(lists[0]);  // executes lists[0] after lists[1]
  for (uint32_t p : first) CHECK(p == kRed);
  // The second target through the same read-back path.
  ID3D12GraphicsCommandList* copy = lists[1];
  REQUIRE(copy->Reset(allocators[1], nullptr) == S_OK);
  std::swap(s.target, second);
  const std::vector<uint32_t> secondPixels = s.finish(copy);
  std::swap(s.target, second);
  for (uint32_t p : secondPixels) CHECK(p == kGreen);
  for (auto* l : lists) l->Release();
  for (auto* al : allocators) al->Release();
  second->Release();
  pso->Release();
  rs->Release();
}

TEST_CASE("D3D12 PSO creation and a draw reach the DDI as the WDK's entries", "[d3d12][draw][trace]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  Scene s;
  size_t before = trace.lines().size();
  ID3D12RootSignature* rs = rootSignature(s.device, B0::Constants);
  const std::vector<uint8_t> vs = code(kVsPosition), ps = code(kPsConstant);
  ID3D12PipelineState* pso = createPso(s.device, psoDesc(rs, vs, ps));
  std::vector<std::string> lines = trace.lines();
  std::vector<std::string> creation(lines.begin() + before, lines.end());
  // Second: the rasterizer desc's validation asking for the conservative tier (the device's).
  REQUIRE(creation.size() > 1);
  CHECK(creation[1].rfind("D3D12 GetCaps(Type=D3D12DDICAPS_TYPE_D3D12_OPTIONS, DataSize=44) -> S_OK", 0) == 0);
  creation.erase(creation.begin() + 1);
  const std::vector<std::string> expectedCreation = {
      "D3D12 CreateRootSignature() -> S_OK",
      "D3D12 CreateVertexShader()",
      "D3D12 CreatePixelShader()",
      "D3D12 CreateBlendState()",
      "D3D12 CreateDepthStencilState()",
      "D3D12 CreateRasterizerState()",
      "D3D12 CreateElementLayout()",
      "D3D12 CreatePipelineState() -> S_OK"};
  CHECK(creation == expectedCreation);

  const float verts[] = {-1, -1, 0, -1, 3, 0, 3, -1, 0};
  D3D12_VERTEX_BUFFER_VIEW vbv{s.put(0, verts, sizeof verts), sizeof verts, 12};
  ID3D12CommandAllocator* allocator = createAllocator(s.device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(s.device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  before = trace.lines().size();
  s.begin(list, kBlackF);
  list->SetGraphicsRootSignature(rs);
  list->SetPipelineState(pso);
  list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  list->IASetVertexBuffers(0, 1, &vbv);
  list->SetGraphicsRoot32BitConstants(0, 4, kGreenF, 0);
  list->DrawInstanced(3, 1, 0, 0);
  const std::vector<uint32_t> px = s.finish(list);
  lines = trace.lines();
  std::vector<std::string> recording(lines.begin() + before, lines.begin() + before + 11);
  const std::vector<std::string> expectedRecording = {
      "D3D12 ClearRenderTargetView()",  "D3D12 RsSetViewports()",        "D3D12 RsSetScissorRects()",
      "D3D12 OMSetRenderTargets()",     "D3D12 SetGraphicsRootSignature()", "D3D12 SetPipelineState()",
      "D3D12 IaSetTopology()",          "D3D12 IASetVertexBuffers()",    "D3D12 SetGraphicsRoot32BitConstants()",
      "D3D12 DrawInstanced()",          "D3D12 CopyTextureRegion()"};
  CHECK(recording == expectedRecording);
  for (uint32_t p : px) CHECK(p == kGreen);
  list->Release();
  allocator->Release();
  pso->Release();
  rs->Release();
  CHECK(trace.calls("D3D12 DestroyPipelineState").size() == 1);
  CHECK(trace.calls("D3D12 DestroyShader").size() == 2);
  CHECK(trace.calls("D3D12 DestroyRootSignature").size() == 1);
}

TEST_CASE("D3D12 Dispatch reads a CBV and writes a raw UAV through a descriptor table in a shader-visible heap, "
          "as the table holds them when the list executes",
          "[d3d12][draw][compute][tables]") {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;
  // Parameter 0: a table of b0 (offset 0) and u0 (offset 1).
  D3D12_DESCRIPTOR_RANGE ranges[2] = {{D3D12_DESCRIPTOR_RANGE_TYPE_CBV, 1, 0, 0, D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND},
                                      {D3D12_DESCRIPTOR_RANGE_TYPE_UAV, 1, 0, 0, D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND}};
  D3D12_ROOT_PARAMETER param{};
  param.ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  param.DescriptorTable = {2, ranges};
  D3D12_ROOT_SIGNATURE_DESC rsDesc{1, &param, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_NONE};
  ID3DBlob* blob = nullptr;
  REQUIRE(D3D12SerializeRootSignature(&rsDesc, D3D_ROOT_SIGNATURE_VERSION_1_0, &blob, nullptr) == S_OK);
  void* out = nullptr;
  REQUIRE(device->CreateRootSignature(0, blob->GetBufferPointer(), blob->GetBufferSize(), __uuidof(ID3D12RootSignature),
                                      &out) == S_OK);
  blob->Release();
  auto* rs = static_cast<ID3D12RootSignature*>(out);
  const std::vector<uint8_t> cs = code(kCsWrite);
  D3D12_COMPUTE_PIPELINE_STATE_DESC cd{rs, bytecode(cs), 0, {}, D3D12_PIPELINE_STATE_FLAG_NONE};
  REQUIRE(device->CreateComputePipelineState(&cd, __uuidof(ID3D12PipelineState), &out) == S_OK);
  auto* pso = static_cast<ID3D12PipelineState*>(out);

  // Two constant buffers: base 7 and base 100.
  ID3D12Resource* constants = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 256);
  ID3D12Resource* constants2 = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 256);
  for (auto [buffer, first] : {std::pair{constants, 7u}, std::pair{constants2, 100u}}) {
    const uint32_t base[4] = {first, 0, 0, 0};
    void* mapped = nullptr;
    REQUIRE(buffer->Map(0, nullptr, &mapped) == S_OK);
    std::memcpy(mapped, base, sizeof base);
    buffer->Unmap(0, nullptr);
  }
  D3D12_RESOURCE_DESC bd = bufferDesc(256);
  bd.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
  ID3D12Resource* uav = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, bd, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  ID3D12Resource* readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, 256);

  D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 2, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
  REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), &out) == S_OK);
  auto* heap = static_cast<ID3D12DescriptorHeap*>(out);
  const UINT step = device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  D3D12_CPU_DESCRIPTOR_HANDLE slot = heap->GetCPUDescriptorHandleForHeapStart();
  D3D12_CONSTANT_BUFFER_VIEW_DESC cbv{constants->GetGPUVirtualAddress(), 256};
  device->CreateConstantBufferView(&cbv, slot);
  slot.ptr += step;
  D3D12_UNORDERED_ACCESS_VIEW_DESC uavDesc{};
  uavDesc.Format = DXGI_FORMAT_R32_TYPELESS;
  uavDesc.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;
  uavDesc.Buffer.NumElements = 64;
  uavDesc.Buffer.Flags = D3D12_BUFFER_UAV_FLAG_RAW;
  device->CreateUnorderedAccessView(uav, nullptr, &uavDesc, slot);

  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  list->SetDescriptorHeaps(1, &heap);
  list->SetComputeRootSignature(rs);
  list->SetPipelineState(pso);
  list->SetComputeRootDescriptorTable(0, heap->GetGPUDescriptorHandleForHeapStart());
  list->Dispatch(1, 1, 1);
  D3D12_RESOURCE_BARRIER b{};
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
  b.UAV.pResource = uav;
  list->ResourceBarrier(1, &b);
  list->CopyBufferRegion(readback, 0, uav, 0, 256);
  REQUIRE(list->Close() == S_OK);
  // Root signature 1.0: the table's descriptors are volatile, so the CBV may be
  // replaced after recording; each execution reads what the heap holds then —
  // on a device that can update bound descriptor sets. One that cannot
  // (lavapipe) read the table while recording and must say that the list
  // uses the old descriptor.
  for (auto [buffer, first] : {std::pair{constants2, 100u}, std::pair{constants, 7u}}) {
    const D3D12_CONSTANT_BUFFER_VIEW_DESC replaced{buffer->GetGPUVirtualAddress(), 256};
    device->CreateConstantBufferView(&replaced, heap->GetCPUDescriptorHandleForHeapStart());
    StderrCapture errors;
    executeAndWait(queue, {list}, fence, &value);
    const bool readWhileRecording = errors.text().find("changed after the list was recorded") != std::string::npos;
    const uint32_t expected = readWhileRecording ? 7u : first;
    if (readWhileRecording) CHECK(first == 100u);  // reported only when the heap differs from the recording
    const std::vector<unsigned char> bytes = readBuffer(readback, 256);
    for (uint32_t i = 0; i < 64; ++i) {
      uint32_t v = 0;
      std::memcpy(&v, &bytes[i * 4], 4);
      INFO("base " << first << ", element " << i << (readWhileRecording ? " (tables read while recording)" : ""));
      CHECK(v == expected + i);
    }
  }
  list->Release();
  allocator->Release();
  heap->Release();
  readback->Release();
  uav->Release();
  constants2->Release();
  constants->Release();
  pso->Release();
  rs->Release();
  fence->Release();
  queue->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 RSSetViewports/RSSetScissorRects: a geometry shader picks among several viewports and scissors",
          "[d3d12][draw][viewports]") {
  Scene s;
  ID3D12RootSignature* rs = rootSignature(s.device, B0::Constants);
  const std::vector<uint8_t> vs = code(kVsPosition), ps = code(kPsConstant), gs = code(kGsViewports);
  D3D12_GRAPHICS_PIPELINE_STATE_DESC d = psoDesc(rs, vs, ps);
  d.GS = bytecode(gs);
  ID3D12PipelineState* pso = createPso(s.device, d);
  // A triangle covering the whole viewport; viewport 0 is the left half, viewport 1 the bottom-right quarter,
  // and scissor 1 keeps only that quarter's top row.
  const float verts[] = {-1, -1, 0, -1, 3, 0, 3, -1, 0};
  D3D12_VERTEX_BUFFER_VIEW vbv{s.put(0, verts, sizeof verts), sizeof verts, 12};
  ID3D12CommandAllocator* allocator = createAllocator(s.device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(s.device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  s.begin(list, kBlackF);
  const D3D12_VIEWPORT viewports[2] = {{0, 0, kSize / 2.0f, float(kSize), 0, 1},
                                       {kSize / 2.0f, kSize / 2.0f, kSize / 2.0f, kSize / 2.0f, 0, 1}};
  const D3D12_RECT scissors[2] = {{0, 0, LONG(kSize), LONG(kSize)},
                                  {0, LONG(kSize / 2), LONG(kSize), LONG(kSize / 2 + 1)}};
  list->RSSetViewports(2, viewports);
  list->RSSetScissorRects(2, scissors);
  list->SetGraphicsRootSignature(rs);
  list->SetPipelineState(pso);
  list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  list->IASetVertexBuffers(0, 1, &vbv);
  list->SetGraphicsRoot32BitConstants(0, 4, kRedF, 0);
  list->DrawInstanced(3, 1, 0, 0);
  const std::vector<uint32_t> pixels = s.finish(list);
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x) {
      const bool left = x < kSize / 2, quarterTopRow = x >= kSize / 2 && y == kSize / 2;
      INFO("pixel (" << x << "," << y << ")");
      CHECK(pixels[y * kSize + x] == (left || quarterTopRow ? kRed : kBlack));
    }
  {  // More than D3D12's 16 viewports fails the list.
    StderrCapture errors;
    REQUIRE(list->Reset(allocator, nullptr) == S_OK);
    std::vector<D3D12_VIEWPORT> many(17, viewports[0]);
    list->RSSetViewports(17, many.data());
    CHECK(list->Close() == E_INVALIDARG);
    CHECK(errors.text().find("more than 16 viewports") != std::string::npos);
  }
  list->Release();
  allocator->Release();
  pso->Release();
  rs->Release();
}

TEST_CASE("D3D12 PSO SampleMask 0: a pixel shader writing a UAV still runs (no sample written), and one without side "
          "effects changes nothing",
          "[d3d12][draw][samplemask]") {
  Scene s;
  ID3D12RootSignature* rs = rootSignature(s.device, B0::Uav);  // b0 root constants (one value), u0 a root UAV
  const std::vector<uint8_t> vs = code(kVsPosition), uavPs = code(kPsUavMark), plainPs = code(kPsConstant);
  D3D12_GRAPHICS_PIPELINE_STATE_DESC d = psoDesc(rs, vs, uavPs);
  d.SampleMask = 0;
  ID3D12PipelineState* uavPso = createPso(s.device, d);
  d.PS = bytecode(plainPs);
  ID3D12RootSignature* rsPlain = rootSignature(s.device, B0::Constants);
  d.pRootSignature = rsPlain;
  ID3D12PipelineState* plainPso = createPso(s.device, d);
  D3D12_RESOURCE_DESC bd = bufferDesc(kSize * kSize * 4);
  bd.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
  ID3D12Resource* marks = createCommitted(s.device, D3D12_HEAP_TYPE_DEFAULT, bd, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  ID3D12Resource* marksBack = createBuffer(s.device, D3D12_HEAP_TYPE_READBACK, kSize * kSize * 4);
  const float verts[] = {-1, -1, 0, -1, 3, 0, 3, -1, 0};
  D3D12_VERTEX_BUFFER_VIEW vbv{s.put(0, verts, sizeof verts), sizeof verts, 12};
  ID3D12CommandAllocator* allocator = createAllocator(s.device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(s.device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  s.begin(list, kBlackF);
  list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  list->IASetVertexBuffers(0, 1, &vbv);
  list->SetGraphicsRootSignature(rs);
  list->SetPipelineState(uavPso);
  list->SetGraphicsRoot32BitConstant(0, 0, 0);
  list->SetGraphicsRootUnorderedAccessView(1, marks->GetGPUVirtualAddress());
  list->DrawInstanced(3, 1, 0, 0);
  list->SetGraphicsRootSignature(rsPlain);
  list->SetPipelineState(plainPso);
  list->SetGraphicsRoot32BitConstants(0, 4, kRedF, 0);
  list->DrawInstanced(3, 1, 0, 0);
  D3D12_RESOURCE_BARRIER b{};
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
  b.UAV.pResource = marks;
  list->ResourceBarrier(1, &b);
  list->CopyBufferRegion(marksBack, 0, marks, 0, kSize * kSize * 4);
  const std::vector<uint32_t> pixels = s.finish(list);
  const std::vector<unsigned char> bytes = readBuffer(marksBack, kSize * kSize * 4);
  for (UINT i = 0; i < kSize * kSize; ++i) {
    uint32_t mark = 0;
    std::memcpy(&mark, &bytes[i * 4], 4);
    INFO("pixel " << i);
    CHECK(mark == 1);             // the shader ran for every covered pixel
    CHECK(pixels[i] == kBlack);   // and no sample was written, by either draw
  }
  list->Release();
  allocator->Release();
  marksBack->Release();
  marks->Release();
  plainPso->Release();
  uavPso->Release();
  rsPlain->Release();
  rs->Release();
}
