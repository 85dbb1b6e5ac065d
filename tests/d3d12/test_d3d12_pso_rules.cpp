// tests/d3d12: pipeline-state rules as D3D12 has them — an RTVFormats slot of
// DXGI_FORMAT_UNKNOWN below NumRenderTargets is an unused slot (the draw
// writes the others, that target is untouched); logic ops onto a UINT target
// (drawn and read back) where the device reports OutputMergerLogicOp, refused
// elsewhere (no support, UNORM targets, with blending), and dual-source
// blending beyond render target 0 refused, with E_INVALIDARG and a message.
#include "d3d12_pipeline_util.h"
#include "stderr_capture.h"

using namespace d3dvk::test;

namespace {

// PS: SV_Target0 and SV_Target1 = cb0[0].
const char kPsTwoTargets[] = R"(//
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
// SV_Target                1   xyzw        1   TARGET   float   xyzw
//
ps_5_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_output o0.xyzw
dcl_output o1.xyzw
mov o0.xyzw, cb0[0].xyzw
mov o1.xyzw, cb0[0].xyzw
ret
)";

D3D12_GRAPHICS_PIPELINE_STATE_DESC twoTargetDesc(ID3D12RootSignature* rs, const std::vector<uint8_t>& vs,
                                                 const std::vector<uint8_t>& ps) {
  D3D12_GRAPHICS_PIPELINE_STATE_DESC d{};
  d.pRootSignature = rs;
  d.VS = shaderBytecode(vs);
  d.PS = shaderBytecode(ps);
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
  d.InputLayout = {kPipelinePositionLayout, 1};
  d.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
  d.NumRenderTargets = 2;
  d.RTVFormats[0] = DXGI_FORMAT_UNKNOWN;
  d.RTVFormats[1] = DXGI_FORMAT_R8G8B8A8_UNORM;
  d.SampleDesc.Count = 1;
  return d;
}

// PS: SV_Target0 (uint4) = the bits a logic op combines with the target's.
const char kPsUintBits[] = R"(//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET    uint   xyzw
//
ps_5_0
dcl_output o0.xyzw
mov o0.xyzw, l(204, 15, 255, 128)
ret
)";

bool logicOpsReported(ID3D12Device* device) {
  D3D12_FEATURE_DATA_D3D12_OPTIONS options{};
  REQUIRE(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof options) == S_OK);
  return options.OutputMergerLogicOp;
}

}  // namespace

TEST_CASE("D3D12 an RTVFormats slot of UNKNOWN below NumRenderTargets is unused: the draw writes the others",
          "[d3d12][draw][pso]") {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;
  ID3D12RootSignature* rs = graphicsRootSignature(device, 4);
  const std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kPsTwoTargets);
  const D3D12_GRAPHICS_PIPELINE_STATE_DESC desc = twoTargetDesc(rs, vs, ps);
  void* out = nullptr;
  REQUIRE(device->CreateGraphicsPipelineState(&desc, __uuidof(ID3D12PipelineState), &out) == S_OK);
  auto* pso = static_cast<ID3D12PipelineState*>(out);
  {
    RenderTarget16 unused(device), written(device);
    ID3D12Resource* upload = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 4096);
    const float verts[] = {-1, -1, 0, -1, 3, 0, 3, -1, 0};
    writeUpload(upload, 0, verts, sizeof verts);
    D3D12_VERTEX_BUFFER_VIEW vbv{upload->GetGPUVirtualAddress(), sizeof verts, 12};

    ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
    const float black[4] = {0, 0, 0, 1}, green[4] = {0, 1, 0, 1};
    unused.bind(list, black);
    written.bind(list, black);
    const D3D12_CPU_DESCRIPTOR_HANDLE rtvs[2] = {unused.rtv, written.rtv};
    list->OMSetRenderTargets(2, rtvs, FALSE, nullptr);
    list->SetGraphicsRootSignature(rs);
    list->SetPipelineState(pso);
    list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    list->IASetVertexBuffers(0, 1, &vbv);
    list->SetGraphicsRoot32BitConstants(0, 4, green, 0);
    list->DrawInstanced(3, 1, 0, 0);
    D3D12_RESOURCE_BARRIER b[2]{};
    for (int i = 0; i < 2; ++i) {
      b[i].Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
      b[i].Transition = {i ? written.texture : unused.texture, 0, D3D12_RESOURCE_STATE_RENDER_TARGET,
                         D3D12_RESOURCE_STATE_COPY_SOURCE};
    }
    list->ResourceBarrier(2, b);
    unused.copyOut(list);
    written.copyOut(list);
    REQUIRE(list->Close() == S_OK);
    executeAndWait(queue, {list}, fence, &value);
    CHECK(unused.pixels()[5 * 16 + 5] == 0xFF000000u);   // still the clear
    CHECK(written.pixels()[5 * 16 + 5] == 0xFF00FF00u);  // green

    list->Release();
    allocator->Release();
    upload->Release();
  }
  pso->Release();
  rs->Release();
  fence->Release();
  queue->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 PSO blend rules: logic ops (not supported here), logic op with blending, dual source past target 0",
          "[d3d12][pso][errors]") {
  ID3D12Device* device = createDevice12();
  ID3D12RootSignature* rs = graphicsRootSignature(device, 4);
  const std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kPsTwoTargets);
  auto refused = [&](const D3D12_GRAPHICS_PIPELINE_STATE_DESC& d, const std::string& text) {
    void* out = reinterpret_cast<void*>(0x1);
    StderrCapture errors;
    CHECK(device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState), &out) == E_INVALIDARG);
    CHECK(out == nullptr);
    INFO(errors.text());
    CHECK(errors.text().find(text) != std::string::npos);
  };
  D3D12_GRAPHICS_PIPELINE_STATE_DESC d = twoTargetDesc(rs, vs, ps);
  d.RTVFormats[0] = DXGI_FORMAT_R8G8B8A8_UNORM;
  d.BlendState.RenderTarget[0].LogicOpEnable = TRUE;
  refused(d, logicOpsReported(device) ? "is not a UINT format; logic ops write UINT render targets only"
                                      : "enables a logic op, which this device does not support");
  d.BlendState.RenderTarget[0].BlendEnable = TRUE;
  refused(d, "enables both blending and a logic op");
  d.BlendState.RenderTarget[0].LogicOpEnable = FALSE;
  d.BlendState.RenderTarget[0].SrcBlend = D3D12_BLEND_SRC1_COLOR;  // dual source, two render targets
  refused(d, "dual-source blending (SRC1 factors) needs at most one render target");
  d.BlendState.IndependentBlendEnable = TRUE;
  d.BlendState.RenderTarget[0].SrcBlend = D3D12_BLEND_ONE;
  d.BlendState.RenderTarget[1].BlendEnable = TRUE;
  d.BlendState.RenderTarget[1].DestBlend = D3D12_BLEND_INV_SRC1_ALPHA;
  refused(d, "BlendState.RenderTarget[1] uses a dual-source (SRC1) blend factor");
  d.BlendState.RenderTarget[1].DestBlend = static_cast<D3D12_BLEND>(99);
  refused(d, "has blend factor 99, not a D3D12_BLEND");
  // Dual source on render target 0 of a one-target pipeline is fine.
  d = twoTargetDesc(rs, vs, ps);
  d.NumRenderTargets = 1;
  d.RTVFormats[0] = DXGI_FORMAT_R8G8B8A8_UNORM;
  d.BlendState.RenderTarget[0].BlendEnable = TRUE;
  d.BlendState.RenderTarget[0].DestBlend = D3D12_BLEND_INV_SRC1_COLOR;
  void* out = nullptr;
  CHECK(device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState), &out) == S_OK);
  if (out) static_cast<ID3D12PipelineState*>(out)->Release();
  rs->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 logic ops: XOR and AND_INVERTED onto an R8G8B8A8_UINT target, read back", "[d3d12][pso][logic-op]") {
  ID3D12Device* device = createDevice12();
  ID3D12RootSignature* rs = graphicsRootSignature(device, 4);
  const std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kPsUintBits);
  D3D12_GRAPHICS_PIPELINE_STATE_DESC d = twoTargetDesc(rs, vs, ps);
  d.NumRenderTargets = 1;
  d.RTVFormats[0] = DXGI_FORMAT_R8G8B8A8_UINT;
  d.RTVFormats[1] = DXGI_FORMAT_UNKNOWN;
  d.BlendState.RenderTarget[0].LogicOpEnable = TRUE;
  d.BlendState.RenderTarget[0].LogicOp = D3D12_LOGIC_OP_XOR;
  void* out = nullptr;
  if (!logicOpsReported(device)) {
    StderrCapture errors;
    CHECK(device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState), &out) == E_INVALIDARG);
    rs->Release();
    CHECK(device->Release() == 0);
    WARN("the Vulkan device has no logicOp feature: only the refusal is checked");
    return;
  }
  REQUIRE(device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState), &out) == S_OK);
  auto* xorPso = static_cast<ID3D12PipelineState*>(out);
  d.BlendState.RenderTarget[0].LogicOp = D3D12_LOGIC_OP_AND_INVERTED;  // ~s & d
  REQUIRE(device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState), &out) == S_OK);
  auto* andInvertedPso = static_cast<ID3D12PipelineState*>(out);
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;
  const uint8_t source[4] = {204, 15, 255, 128}, dest[4] = {170, 53, 0, 255};
  const float clear[4] = {170, 53, 0, 255};  // a UINT view's clear converts the floats
  for (ID3D12PipelineState* pso : {xorPso, andInvertedPso}) {
    const bool isXor = pso == xorPso;
    INFO((isXor ? "XOR" : "AND_INVERTED"));
    RenderTarget16 target(device, DXGI_FORMAT_R8G8B8A8_UINT);
    ID3D12Resource* upload = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 4096);
    const float verts[] = {-1, -1, 0, -1, 3, 0, 3, -1, 0};
    writeUpload(upload, 0, verts, sizeof verts);
    D3D12_VERTEX_BUFFER_VIEW vbv{upload->GetGPUVirtualAddress(), sizeof verts, 12};
    ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
    target.bind(list, clear);
    list->SetGraphicsRootSignature(rs);
    list->SetPipelineState(pso);
    list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    list->IASetVertexBuffers(0, 1, &vbv);
    list->DrawInstanced(3, 1, 0, 0);
    D3D12_RESOURCE_BARRIER b{};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition = {target.texture, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE};
    list->ResourceBarrier(1, &b);
    target.copyOut(list);
    REQUIRE(list->Close() == S_OK);
    executeAndWait(queue, {list}, fence, &value);
    uint32_t want = 0;
    for (int c = 0; c < 4; ++c) {
      const uint8_t v = isXor ? uint8_t(source[c] ^ dest[c]) : uint8_t(~source[c] & dest[c]);
      want |= uint32_t(v) << (8 * c);
    }
    const std::vector<uint32_t> px = target.pixels();
    CHECK(px[5 * 16 + 5] == want);
    CHECK(px[15 * 16 + 15] == want);
    list->Release();
    allocator->Release();
    upload->Release();
  }
  for (IUnknown* o : std::initializer_list<IUnknown*>{fence, queue, andInvertedPso, xorPso, rs}) o->Release();
  CHECK(device->Release() == 0);
}
