// tests/d3d12: hull and domain shaders in a graphics pipeline state through
// the public API (the D3D11 side's translation, tests/support's listings).
// A triangle patch (tri domain, integer partitioning, factors 4 from root
// constants b0) drawn with additive blending covers exactly the pixels the
// untessellated triangle covers, each once (an overlap or a crack would
// show), coloured with vDomain = barycentrics summing to 1; and the rules:
// HS without DS, PATCH without them or them without PATCH refused at
// creation, a patch list of another control-point count failing Close;
// pipeline statistics counting the hull shader's patches and the domain
// shader's invocations (factors 1: three domain points a patch).
#include "d3d12_pipeline_util.h"
#include "tessellation_listings.h"
#include "vs_invocations.h"

using namespace d3dvk::test;

namespace {

// VS: POSITION.xy (v0) and COLOR (v1) → SV_Position (z 0, w 1) and COLOR (o1).
const char kVs[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xy          0     NONE   float   xy
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
vs_5_0
dcl_input v0.xy
dcl_input v1.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
mov o0.xy, v0.xyxx
mov o0.zw, l(0,0,0,1.000000)
mov o1.xyzw, v1.xyzw
ret
)";

// PS: SV_Target0 = COLOR.
const char kPs[] = R"(//
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
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
)";

const D3D12_INPUT_ELEMENT_DESC kLayout[] = {
    {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
    {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0}};

struct Vertex {
  float x, y, r, g, b, a;
};
// A triangle whose edges cross many pixel centres of the 16×16 target; pure R, G, B corners.
const Vertex kTriangle[3] = {{-0.85f, -0.8f, 1, 0, 0, 1}, {0.1f, 0.9f, 0, 1, 0, 1}, {0.9f, -0.55f, 0, 0, 1, 1}};

HRESULT createPso(ID3D12Device* device, ID3D12RootSignature* rs, bool hull, bool domain,
                  D3D12_PRIMITIVE_TOPOLOGY_TYPE type, ID3D12PipelineState** out) {
  const std::vector<uint8_t> vs = assembled(kVs), ps = assembled(kPs), hs = assembled(kHsTri), ds = assembled(kDsTri);
  D3D12_GRAPHICS_PIPELINE_STATE_DESC d{};
  d.pRootSignature = rs;
  d.VS = shaderBytecode(vs);
  d.PS = shaderBytecode(ps);
  if (hull) d.HS = shaderBytecode(hs);
  if (domain) d.DS = shaderBytecode(ds);
  for (auto& rt : d.BlendState.RenderTarget) {  // additive: a pixel drawn twice shows
    rt.BlendEnable = TRUE;
    rt.SrcBlend = rt.SrcBlendAlpha = D3D12_BLEND_ONE;
    rt.DestBlend = rt.DestBlendAlpha = D3D12_BLEND_ONE;
    rt.BlendOp = rt.BlendOpAlpha = D3D12_BLEND_OP_ADD;
    rt.LogicOp = D3D12_LOGIC_OP_NOOP;
    rt.RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALL;
  }
  d.SampleMask = 0xFFFFFFFFu;
  d.RasterizerState.FillMode = D3D12_FILL_MODE_SOLID;
  d.RasterizerState.CullMode = D3D12_CULL_MODE_NONE;
  d.RasterizerState.DepthClipEnable = TRUE;
  d.DepthStencilState.DepthFunc = D3D12_COMPARISON_FUNC_LESS;
  d.DepthStencilState.FrontFace = d.DepthStencilState.BackFace = {D3D12_STENCIL_OP_KEEP, D3D12_STENCIL_OP_KEEP,
                                                                   D3D12_STENCIL_OP_KEEP, D3D12_COMPARISON_FUNC_ALWAYS};
  d.InputLayout = {kLayout, 2};
  d.PrimitiveTopologyType = type;
  d.NumRenderTargets = 1;
  d.RTVFormats[0] = DXGI_FORMAT_R8G8B8A8_UNORM;
  d.SampleDesc.Count = 1;
  return device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState), reinterpret_cast<void**>(out));
}

}  // namespace

TEST_CASE("D3D12 hull and domain shaders: a tessellated triangle patch covers the triangle's pixels once",
          "[d3d12][draw][tessellation]") {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 fenceValue = 0;
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12RootSignature* rs = graphicsRootSignature(device);  // b0: 4 root constants, every stage
  ID3D12PipelineState *tessellated = nullptr, *plain = nullptr;
  REQUIRE(createPso(device, rs, true, true, D3D12_PRIMITIVE_TOPOLOGY_TYPE_PATCH, &tessellated) == S_OK);
  REQUIRE(createPso(device, rs, false, false, D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE, &plain) == S_OK);
  ID3D12Resource* vertices = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof kTriangle);
  writeUpload(vertices, 0, kTriangle, sizeof kTriangle);
  const D3D12_VERTEX_BUFFER_VIEW vbv{vertices->GetGPUVirtualAddress(), sizeof kTriangle, sizeof(Vertex)};
  RenderTarget16 withTessellation(device), without(device);
  const float black[4] = {0, 0, 0, 0}, factors[4] = {4, 4, 0, 0};

  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  list->SetGraphicsRootSignature(rs);
  list->SetGraphicsRoot32BitConstants(0, 4, factors, 0);
  list->IASetVertexBuffers(0, 1, &vbv);
  withTessellation.bind(list, black);
  list->SetPipelineState(tessellated);
  list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST);
  list->DrawInstanced(3, 1, 0, 0);
  without.bind(list, black);
  list->SetPipelineState(plain);
  list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  list->DrawInstanced(3, 1, 0, 0);
  withTessellation.copyOut(list);
  without.copyOut(list);
  REQUIRE(list->Close() == S_OK);
  executeAndWait(queue, {list}, fence, &fenceValue);

  const std::vector<uint32_t> tess = withTessellation.pixels(), ref = without.pixels();
  int covered = 0;
  for (UINT i = 0; i < 16 * 16; ++i) {
    INFO("pixel (" << i % 16 << ", " << i / 16 << ")");
    const uint32_t alphaTess = tess[i] >> 24, alphaRef = ref[i] >> 24;
    REQUIRE(alphaTess == alphaRef);  // the same pixels, each drawn once (alpha 1 per fragment)
    if (!alphaRef) {
      REQUIRE(tess[i] == 0);
      continue;
    }
    ++covered;
    REQUIRE(alphaTess == 255);
    // vDomain's barycentrics (and the plain draw's interpolated corners) sum to 1.
    const int sum = int(tess[i] & 0xFF) + int(tess[i] >> 8 & 0xFF) + int(tess[i] >> 16 & 0xFF);
    REQUIRE(sum >= 252);
    REQUIRE(sum <= 258);
  }
  REQUIRE(covered > 60);

  // A patch list of another control-point count than the hull shader's fails the list.
  REQUIRE(allocator->Reset() == S_OK);
  REQUIRE(list->Reset(allocator, tessellated) == S_OK);
  list->SetGraphicsRootSignature(rs);
  withTessellation.bind(list, black);
  list->IASetVertexBuffers(0, 1, &vbv);
  list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_4_CONTROL_POINT_PATCHLIST);
  list->DrawInstanced(4, 1, 0, 0);
  REQUIRE(list->Close() == E_INVALIDARG);

  // Creation rules: HS and DS together, with PATCH, and PATCH only with them.
  ID3D12PipelineState* refused = nullptr;
  CHECK(createPso(device, rs, true, false, D3D12_PRIMITIVE_TOPOLOGY_TYPE_PATCH, &refused) == E_INVALIDARG);
  CHECK(createPso(device, rs, false, true, D3D12_PRIMITIVE_TOPOLOGY_TYPE_PATCH, &refused) == E_INVALIDARG);
  CHECK(createPso(device, rs, true, true, D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE, &refused) == E_INVALIDARG);
  CHECK(createPso(device, rs, false, false, D3D12_PRIMITIVE_TOPOLOGY_TYPE_PATCH, &refused) == E_INVALIDARG);
  CHECK(refused == nullptr);

  list->Release();
  vertices->Release();
  plain->Release();
  tessellated->Release();
  rs->Release();
  allocator->Release();
  fence->Release();
  queue->Release();
  device->Release();  // (the render targets still hold it until the end of the scope)
}

TEST_CASE("D3D12 pipeline statistics count the hull shader's patches and the domain shader's invocations",
          "[d3d12][tessellation][queries][statistics]") {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 fenceValue = 0;
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12RootSignature* rs = graphicsRootSignature(device);
  ID3D12PipelineState* tessellated = nullptr;
  REQUIRE(createPso(device, rs, true, true, D3D12_PRIMITIVE_TOPOLOGY_TYPE_PATCH, &tessellated) == S_OK);
  ID3D12Resource* vertices = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof kTriangle);
  writeUpload(vertices, 0, kTriangle, sizeof kTriangle);
  const D3D12_VERTEX_BUFFER_VIEW vbv{vertices->GetGPUVirtualAddress(), sizeof kTriangle, sizeof(Vertex)};
  const D3D12_QUERY_HEAP_DESC heapDesc{D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS, 1, 0};
  ID3D12QueryHeap* heap = nullptr;
  REQUIRE(device->CreateQueryHeap(&heapDesc, __uuidof(ID3D12QueryHeap), reinterpret_cast<void**>(&heap)) == S_OK);
  ID3D12Resource* results = createBuffer(device, D3D12_HEAP_TYPE_READBACK, sizeof(D3D12_QUERY_DATA_PIPELINE_STATISTICS));
  RenderTarget16 target(device);
  const float black[4] = {0, 0, 0, 0}, factors[4] = {1, 1, 0, 0};  // one triangle a patch: three domain points

  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  list->SetGraphicsRootSignature(rs);
  list->SetGraphicsRoot32BitConstants(0, 4, factors, 0);
  list->IASetVertexBuffers(0, 1, &vbv);
  target.bind(list, black);
  list->SetPipelineState(tessellated);
  list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST);
  list->BeginQuery(heap, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0);
  list->DrawInstanced(3, 2, 0, 0);  // the patch twice (two instances)
  list->EndQuery(heap, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0);
  list->ResolveQueryData(heap, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0, 1, results, 0);
  REQUIRE(list->Close() == S_OK);
  executeAndWait(queue, {list}, fence, &fenceValue);
  D3D12_QUERY_DATA_PIPELINE_STATISTICS q;
  const std::vector<unsigned char> raw = readBuffer(results, sizeof q);
  std::memcpy(&q, raw.data(), sizeof q);
  const UINT64 patches = 2;
  CHECK(q.IAVertices == 3 * patches);
  // The vertex shader reads neither SV_InstanceID nor per-instance data: its 3
  // distinct vertices may run once for both instances (tests/support/vs_invocations.h).
  checkVsInvocations(q.VSInvocations, 3, 3 * patches);
  CHECK(q.HSInvocations == patches);
  CHECK(q.DSInvocations == 3 * patches);
  CHECK(q.GSInvocations == 0);

  list->Release();
  results->Release();
  heap->Release();
  vertices->Release();
  tessellated->Release();
  rs->Release();
  allocator->Release();
  fence->Release();
  queue->Release();
  device->Release();
}
