// tests/d3d12: state set between two draws of one command list, with no other
// call in between, reaches the second draw — viewports, scissor rects, the
// blend factor, the stencil reference, the render targets, a pipeline state
// of the same or other render-target formats, and (for a draw without
// attachments) the viewport that bounds its area. A recording keeps
// what a draw derived from that state for the draws after it; each case here
// fails if a setter does not make the next draw derive it again. Pixels and
// UAV words are read back on the Vulkan device under the validation layer.
#include "d3d12_pipeline_util.h"

#include <cstdlib>

using namespace d3dvk::test;

namespace {

constexpr UINT kSize = RenderTarget16::kSize;
constexpr uint32_t kRed = 0xFF0000FF, kBlack = 0xFF000000;
const float kRedF[4] = {1, 0, 0, 1}, kWhiteF[4] = {1, 1, 1, 1}, kBlackF[4] = {0, 0, 0, 1};

// PS: u0[pixel index] = 1 (raw, row-major, kSize pixels a row), no render target.
const char kPsMark[] = R"(//
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
// no Output
ps_5_0
dcl_uav_raw u0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_temps 1
ftou r0.xy, v0.xyxx
imad r0.x, r0.y, l(16), r0.x
ishl r0.x, r0.x, l(2)
store_raw u0.x, r0.x, l(1)
ret
)";

// An open list, a triangle over the whole viewport, and what a case creates.
struct Rig : DirectList {
  ID3D12Resource* vertices = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 256);
  std::vector<ID3D12DeviceChild*> owned;

  Rig() {
    const float verts[] = {-1, -1, 0.5f, -1, 3, 0.5f, 3, -1, 0.5f};
    writeUpload(vertices, 0, verts, sizeof verts);
  }
  ~Rig() {
    for (ID3D12DeviceChild* o : owned) o->Release();
    vertices->Release();
  }
  template <class T>
  T* own(T* object) {
    owned.push_back(object);
    return object;
  }
  ID3D12PipelineState* pso(const D3D12_GRAPHICS_PIPELINE_STATE_DESC& d) {
    void* out = nullptr;
    const HRESULT hr = device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState), &out);
    return own(createdOrFail<ID3D12PipelineState>(hr, out));
  }
  // Root signature, pipeline state, topology and the triangle.
  void bindDraw(ID3D12RootSignature* rs, ID3D12PipelineState* state) {
    list->SetGraphicsRootSignature(rs);
    list->SetPipelineState(state);
    list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    const D3D12_VERTEX_BUFFER_VIEW vbv{vertices->GetGPUVirtualAddress(), 36, 12};
    list->IASetVertexBuffers(0, 1, &vbv);
  }
};

void setViewport(ID3D12GraphicsCommandList* list, float x, float y, float width, float height) {
  const D3D12_VIEWPORT vp{x, y, width, height, 0, 1};
  list->RSSetViewports(1, &vp);
}

void setScissor(ID3D12GraphicsCommandList* list, LONG left, LONG top, LONG right, LONG bottom) {
  const D3D12_RECT rect{left, top, right, bottom};
  list->RSSetScissorRects(1, &rect);
}

// Every pixel of `px` is `want`, or (with `tolerance`) each channel within it.
void checkAll(const std::vector<uint32_t>& px, uint32_t want, int tolerance = 0) {
  for (UINT i = 0; i < kSize * kSize; ++i) {
    INFO("pixel " << i % kSize << "," << i / kSize << ": " << std::hex << px[i] << " against " << want);
    bool close = true;
    for (int c = 0; c < 32; c += 8)
      close = close && std::abs(int((px[i] >> c) & 0xFF) - int((want >> c) & 0xFF)) <= tolerance;
    CHECK(close);
  }
}

}  // namespace

TEST_CASE("D3D12: viewports, scissors, blend factor, stencil reference and render targets set between two draws "
          "apply to the second draw",
          "[d3d12][draw]") {
  Rig r;
  ID3D12RootSignature* rs = r.own(graphicsRootSignature(r.device));
  const std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kPipelinePsConstant);
  RenderTarget16 target(r.device);

  SECTION("a viewport over the left half, then one over the right half") {
    target.bind(r.list, kBlackF);
    r.bindDraw(rs, r.pso(constantColourPsoDesc(rs, vs, ps)));
    r.list->SetGraphicsRoot32BitConstants(0, 4, kRedF, 0);
    setViewport(r.list, 0, 0, kSize / 2, kSize);
    r.list->DrawInstanced(3, 1, 0, 0);
    setViewport(r.list, kSize / 2, 0, kSize / 2, kSize);
    r.list->DrawInstanced(3, 1, 0, 0);
    target.copyOut(r.list);
    r.run();
    checkAll(target.pixels(), kRed);
  }
  SECTION("a scissor rect over the top half, then one over the bottom half") {
    target.bind(r.list, kBlackF);
    r.bindDraw(rs, r.pso(constantColourPsoDesc(rs, vs, ps)));
    r.list->SetGraphicsRoot32BitConstants(0, 4, kRedF, 0);
    setScissor(r.list, 0, 0, kSize, kSize / 2);
    r.list->DrawInstanced(3, 1, 0, 0);
    setScissor(r.list, 0, kSize / 2, kSize, kSize);
    r.list->DrawInstanced(3, 1, 0, 0);
    target.copyOut(r.list);
    r.run();
    checkAll(target.pixels(), kRed);
  }
  SECTION("white added at blend factor 0.25, then at 0.5: 0.75") {
    D3D12_GRAPHICS_PIPELINE_STATE_DESC d = constantColourPsoDesc(rs, vs, ps);
    auto& blend = d.BlendState.RenderTarget[0];
    blend.BlendEnable = TRUE;
    blend.SrcBlend = blend.SrcBlendAlpha = D3D12_BLEND_BLEND_FACTOR;
    blend.DestBlend = blend.DestBlendAlpha = D3D12_BLEND_ONE;
    const float clear[4] = {0, 0, 0, 0};
    target.bind(r.list, clear);
    r.bindDraw(rs, r.pso(d));
    r.list->SetGraphicsRoot32BitConstants(0, 4, kWhiteF, 0);
    const float quarter[4] = {0.25f, 0.25f, 0.25f, 0.25f}, half[4] = {0.5f, 0.5f, 0.5f, 0.5f};
    r.list->OMSetBlendFactor(quarter);
    r.list->DrawInstanced(3, 1, 0, 0);
    r.list->OMSetBlendFactor(half);
    r.list->DrawInstanced(3, 1, 0, 0);
    target.copyOut(r.list);
    r.run();
    checkAll(target.pixels(), 0xBFBFBFBF, 1);  // 0.75 · 255 = 191.25 (0.5 alone would be 0x80)
  }
  SECTION("stencil reference 0 failing an EQUAL test against 1, then reference 1 passing it") {
    ID3D12Resource* depth = r.own(createCommitted(
        r.device, D3D12_HEAP_TYPE_DEFAULT,
        texture2DDesc(kSize, kSize, DXGI_FORMAT_D24_UNORM_S8_UINT, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL),
        D3D12_RESOURCE_STATE_DEPTH_WRITE));
    ID3D12DescriptorHeap* heap = nullptr;
    const D3D12_DESCRIPTOR_HEAP_DESC h{D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    REQUIRE(r.device->CreateDescriptorHeap(&h, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&heap)) == S_OK);
    r.own(heap);
    const D3D12_CPU_DESCRIPTOR_HANDLE dsv = heap->GetCPUDescriptorHandleForHeapStart();
    r.device->CreateDepthStencilView(depth, nullptr, dsv);
    D3D12_GRAPHICS_PIPELINE_STATE_DESC d = constantColourPsoDesc(rs, vs, ps);
    d.DSVFormat = DXGI_FORMAT_D24_UNORM_S8_UINT;
    d.DepthStencilState.StencilEnable = TRUE;
    d.DepthStencilState.StencilReadMask = d.DepthStencilState.StencilWriteMask = 0xFF;
    d.DepthStencilState.FrontFace = d.DepthStencilState.BackFace = {
        D3D12_STENCIL_OP_KEEP, D3D12_STENCIL_OP_KEEP, D3D12_STENCIL_OP_KEEP, D3D12_COMPARISON_FUNC_EQUAL};
    target.bind(r.list, kBlackF);
    r.list->ClearDepthStencilView(dsv, D3D12_CLEAR_FLAG_STENCIL, 1.0f, 1, 0, nullptr);
    r.list->OMSetRenderTargets(1, &target.rtv, FALSE, &dsv);
    r.bindDraw(rs, r.pso(d));
    r.list->SetGraphicsRoot32BitConstants(0, 4, kRedF, 0);
    r.list->OMSetStencilRef(0);
    r.list->DrawInstanced(3, 1, 0, 0);
    r.list->OMSetStencilRef(1);
    r.list->DrawInstanced(3, 1, 0, 0);
    target.copyOut(r.list);
    r.run();
    checkAll(target.pixels(), kRed);
  }
  SECTION("two pipeline states of the same formats share the targets; one of other formats is checked against them") {
    target.bind(r.list, kBlackF);
    D3D12_GRAPHICS_PIPELINE_STATE_DESC d = constantColourPsoDesc(rs, vs, ps);
    ID3D12PipelineState* first = r.pso(d);
    d.BlendState.RenderTarget[0].RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_RED | D3D12_COLOR_WRITE_ENABLE_ALPHA;
    ID3D12PipelineState* second = r.pso(d);  // the same formats
    r.bindDraw(rs, first);
    r.list->SetGraphicsRoot32BitConstants(0, 4, kWhiteF, 0);
    setViewport(r.list, 0, 0, kSize / 2, kSize);
    r.list->DrawInstanced(3, 1, 0, 0);  // white on the left
    r.list->SetPipelineState(second);
    setViewport(r.list, kSize / 2, 0, kSize / 2, kSize);
    r.list->DrawInstanced(3, 1, 0, 0);  // red (and alpha) only on the right
    SECTION("drawn and read back") {
      target.copyOut(r.list);
      r.run();
      const std::vector<uint32_t> px = target.pixels();
      for (UINT i = 0; i < kSize * kSize; ++i) {
        INFO("pixel " << i % kSize << "," << i / kSize);
        CHECK(px[i] == (i % kSize < kSize / 2 ? 0xFFFFFFFFu : kRed));
      }
    }
    SECTION("then a pipeline state whose RTVFormats[0] is not the target's: the list fails at Close") {
      d.RTVFormats[0] = DXGI_FORMAT_R16G16B16A16_FLOAT;
      r.list->SetPipelineState(r.pso(d));
      r.list->DrawInstanced(3, 1, 0, 0);
      CHECK(r.list->Close() == E_INVALIDARG);
    }
  }
  SECTION("a draw into one render target, then the same draw into another") {
    RenderTarget16 other(r.device);
    other.bind(r.list, kBlackF);
    target.bind(r.list, kBlackF);
    r.bindDraw(rs, r.pso(constantColourPsoDesc(rs, vs, ps)));
    r.list->SetGraphicsRoot32BitConstants(0, 4, kRedF, 0);
    r.list->DrawInstanced(3, 1, 0, 0);
    r.list->OMSetRenderTargets(1, &other.rtv, FALSE, nullptr);
    r.list->DrawInstanced(3, 1, 0, 0);
    target.copyOut(r.list);
    other.copyOut(r.list);
    r.run();
    checkAll(target.pixels(), kRed);
    checkAll(other.pixels(), kRed);
  }
}

TEST_CASE("D3D12: a draw without attachments after a larger viewport is set covers the larger viewport", "[d3d12][draw]") {
  Rig r;
  // Root parameter 0: u0 as a root UAV.
  D3D12_ROOT_PARAMETER p{};
  p.ParameterType = D3D12_ROOT_PARAMETER_TYPE_UAV;
  p.Descriptor = {0, 0};
  p.ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;
  const D3D12_ROOT_SIGNATURE_DESC rd{1, &p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT};
  ID3D12RootSignature* rs = r.own(createRootSignature(r.device, rd));
  const std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kPsMark);
  D3D12_GRAPHICS_PIPELINE_STATE_DESC d = constantColourPsoDesc(rs, vs, ps);
  d.NumRenderTargets = 0;
  d.RTVFormats[0] = DXGI_FORMAT_UNKNOWN;
  D3D12_RESOURCE_DESC ud = bufferDesc(kSize * kSize * 4);
  ud.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
  ID3D12Resource* marks = r.own(createCommitted(r.device, D3D12_HEAP_TYPE_DEFAULT, ud, D3D12_RESOURCE_STATE_COPY_DEST));
  ID3D12Resource* zeros = r.own(createBuffer(r.device, D3D12_HEAP_TYPE_UPLOAD, kSize * kSize * 4));
  ID3D12Resource* readback = r.own(createBuffer(r.device, D3D12_HEAP_TYPE_READBACK, kSize * kSize * 4));
  const std::vector<uint32_t> none(kSize * kSize, 0);
  writeUpload(zeros, 0, none.data(), none.size() * 4);
  r.list->CopyBufferRegion(marks, 0, zeros, 0, kSize * kSize * 4);
  D3D12_RESOURCE_BARRIER b{};
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  b.Transition = {marks, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_COPY_DEST,
                  D3D12_RESOURCE_STATE_UNORDERED_ACCESS};
  r.list->ResourceBarrier(1, &b);
  r.list->OMSetRenderTargets(0, nullptr, FALSE, nullptr);
  setScissor(r.list, 0, 0, kSize, kSize);
  r.bindDraw(rs, r.pso(d));
  r.list->SetGraphicsRootUnorderedAccessView(0, marks->GetGPUVirtualAddress());
  setViewport(r.list, 0, 0, 4, 4);
  r.list->DrawInstanced(3, 1, 0, 0);
  setViewport(r.list, 0, 0, kSize, kSize);
  r.list->DrawInstanced(3, 1, 0, 0);
  b.Transition.StateBefore = D3D12_RESOURCE_STATE_UNORDERED_ACCESS;
  b.Transition.StateAfter = D3D12_RESOURCE_STATE_COPY_SOURCE;
  r.list->ResourceBarrier(1, &b);
  r.list->CopyBufferRegion(readback, 0, marks, 0, kSize * kSize * 4);
  r.run();
  const std::vector<unsigned char> bytes = readBuffer(readback, kSize * kSize * 4);
  for (UINT i = 0; i < kSize * kSize; ++i) {
    uint32_t word = 0;
    std::memcpy(&word, &bytes[i * 4], 4);
    INFO("pixel " << i % kSize << "," << i / kSize);
    CHECK(word == 1);
  }
}
