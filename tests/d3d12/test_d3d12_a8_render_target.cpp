// tests/d3d12: A8_UNORM render targets through D3D12 (an R8 image underneath,
// the pixel shader's alpha moved to red by the pipeline, as on D3D11). A clear
// stores the colour's alpha; a draw stores the shader's alpha (not its red);
// blending uses the alpha op and factors with the stored alpha as the
// destination alpha; a write mask without alpha keeps the target. The target
// is copied to a READBACK buffer through an A8_UNORM footprint (one byte a
// texel); the expected bytes are computed here from the values drawn.
#include "d3d12_pipeline_util.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace d3dvk::test;

namespace {

constexpr UINT kSize = 16;
constexpr UINT kPitch = 256;
// One triangle over the whole target; scissors pick the columns each draw writes.
constexpr float kFullScreen[] = {-1, -1, 0, -1, 3, 0, 3, -1, 0};

// D3D's float → UNORM8: clamp, scale, round to nearest.
int unorm8(double v) { return int(std::lround(std::clamp(v, 0.0, 1.0) * 255.0)); }

ID3D12PipelineState* a8Pso(ID3D12Device* device, ID3D12RootSignature* rs, const D3D12_RENDER_TARGET_BLEND_DESC& blend) {
  const std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kPipelinePsConstant);
  D3D12_GRAPHICS_PIPELINE_STATE_DESC d = constantColourPsoDesc(rs, vs, ps);
  d.RTVFormats[0] = DXGI_FORMAT_A8_UNORM;
  d.BlendState.RenderTarget[0] = blend;
  void* pso = nullptr;
  const HRESULT hr = device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState), &pso);
  return createdOrFail<ID3D12PipelineState>(hr, pso);
}

D3D12_RENDER_TARGET_BLEND_DESC opaque() {
  return {FALSE, FALSE, D3D12_BLEND_ONE, D3D12_BLEND_ZERO, D3D12_BLEND_OP_ADD, D3D12_BLEND_ONE, D3D12_BLEND_ZERO,
          D3D12_BLEND_OP_ADD, D3D12_LOGIC_OP_NOOP, D3D12_COLOR_WRITE_ENABLE_ALL};
}

}  // namespace

TEST_CASE("D3D12 A8_UNORM render targets: clear and draw store alpha and blending runs on alpha",
          "[d3d12][formats][a8]") {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 fenceValue = 0;
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12RootSignature* rs = graphicsRootSignature(device);

  // Columns 0-3: the clear; 4-7: an opaque draw; 8-11: a blended draw; 12-15: a draw with alpha masked off.
  const float clear[4] = {0.9f, 0.8f, 0.7f, 0.4f};
  const float drawn[4] = {0.9f, 0.1f, 0.2f, 0.25f};  // red far from alpha: a stored red would show
  const float blended[4] = {0.2f, 0.3f, 0.4f, 0.5f};
  ID3D12PipelineState* opaquePso = a8Pso(device, rs, opaque());
  D3D12_RENDER_TARGET_BLEND_DESC b = opaque();
  b.BlendEnable = TRUE;
  b.SrcBlend = b.DestBlend = D3D12_BLEND_ZERO;  // the colour part would store 0
  b.SrcBlendAlpha = D3D12_BLEND_SRC_ALPHA;      // alpha: a_s * a_s + a_d * (1 - a_s)
  b.DestBlendAlpha = D3D12_BLEND_INV_SRC_ALPHA;
  ID3D12PipelineState* blendPso = a8Pso(device, rs, b);
  D3D12_RENDER_TARGET_BLEND_DESC masked = opaque();
  masked.RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_RED | D3D12_COLOR_WRITE_ENABLE_GREEN |
                                 D3D12_COLOR_WRITE_ENABLE_BLUE;
  ID3D12PipelineState* maskedPso = a8Pso(device, rs, masked);

  ID3D12Resource* target = createCommitted(
      device, D3D12_HEAP_TYPE_DEFAULT, texture2DDesc(kSize, kSize, DXGI_FORMAT_A8_UNORM, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET),
      D3D12_RESOURCE_STATE_RENDER_TARGET);
  ID3D12Resource* readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, kPitch * kSize);
  ID3D12DescriptorHeap* heap = nullptr;
  D3D12_DESCRIPTOR_HEAP_DESC h{D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
  REQUIRE(device->CreateDescriptorHeap(&h, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&heap)) == S_OK);
  const D3D12_CPU_DESCRIPTOR_HANDLE rtv = heap->GetCPUDescriptorHandleForHeapStart();
  device->CreateRenderTargetView(target, nullptr, rtv);
  ID3D12Resource* vertices = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof kFullScreen);
  writeUpload(vertices, 0, kFullScreen, sizeof kFullScreen);
  const D3D12_VERTEX_BUFFER_VIEW vbv{vertices->GetGPUVirtualAddress(), sizeof kFullScreen, 12};

  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  list->ClearRenderTargetView(rtv, clear, 0, nullptr);
  const D3D12_VIEWPORT vp{0, 0, float(kSize), float(kSize), 0, 1};
  list->RSSetViewports(1, &vp);
  list->OMSetRenderTargets(1, &rtv, FALSE, nullptr);
  list->SetGraphicsRootSignature(rs);
  list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  list->IASetVertexBuffers(0, 1, &vbv);
  auto drawColumns = [&](ID3D12PipelineState* pso, LONG x0, const float colour[4]) {
    list->SetPipelineState(pso);
    list->SetGraphicsRoot32BitConstants(0, 4, colour, 0);
    const D3D12_RECT r{x0, 0, x0 + 4, LONG(kSize)};
    list->RSSetScissorRects(1, &r);
    list->DrawInstanced(3, 1, 0, 0);
  };
  drawColumns(opaquePso, 4, drawn);
  drawColumns(blendPso, 8, blended);
  drawColumns(maskedPso, 12, drawn);
  D3D12_RESOURCE_BARRIER barrier{};
  barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  barrier.Transition = {target, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE};
  list->ResourceBarrier(1, &barrier);
  const D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp{0, {DXGI_FORMAT_A8_UNORM, kSize, kSize, 1, kPitch}};
  D3D12_TEXTURE_COPY_LOCATION dst = footprintLocation(readback, fp), src = subresourceLocation(target, 0);
  list->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
  REQUIRE(list->Close() == S_OK);
  executeAndWait(queue, {list}, fence, &fenceValue);
  const std::vector<unsigned char> bytes = readBuffer(readback, kPitch * kSize);

  const int cleared = unorm8(clear[3]);
  const int alphaDrawn = unorm8(drawn[3]);
  const double destAlpha = cleared / 255.0, a = blended[3];
  const int alphaBlended = unorm8(a * a + destAlpha * (1 - a));
  INFO("expected alphas: clear " << cleared << ", draw " << alphaDrawn << ", blend " << alphaBlended);
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x) {
      INFO("pixel " << x << "," << y);
      const int got = bytes[y * kPitch + x];
      if (x < 4 || x >= 12) REQUIRE(got == cleared);
      else if (x < 8) REQUIRE(got == alphaDrawn);
      else REQUIRE(std::abs(got - alphaBlended) <= 1);  // blending rounds within one unit
    }

  list->Release();
  vertices->Release();
  heap->Release();
  readback->Release();
  target->Release();
  maskedPso->Release();
  blendPso->Release();
  opaquePso->Release();
  rs->Release();
  allocator->Release();
  fence->Release();
  queue->Release();
  device->Release();
}
