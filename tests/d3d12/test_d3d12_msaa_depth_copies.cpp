// tests/d3d12: CopyResource and CopyTextureRegion between 4x depth textures and
// 4x colour textures of their typeless group (D32_FLOAT <-> R32_FLOAT,
// D16_UNORM <-> R16_UNORM), every sample's bits kept (on lavapipe: the
// driver's per-sample copy draw, ddi/umd/multisample_depth_copy.h). A depth
// cleared by ClearDepthStencilView is copied into colour; colour with a
// different value per sample (a clear, then draws limited by the PSO's
// SampleMask) is copied into depth and back into a second colour texture.
// Every sample is read back with ld_ms in a compute shader (raw bits).
#include "d3d12_pipeline_util.h"

#include <array>
#include <cmath>
#include <cstring>
#include <functional>

using namespace d3dvk::test;

namespace {

constexpr UINT kSize = 8, kSamples = 4;

// Every sample of t0 (4x) at (x, y): its .x into u0 at ((y * 8 + x) * 4 + sample) * 4 bytes.
const char kCsReadSamples[] = R"(cs_5_0
dcl_resource_texture2dms(4) (float,float,float,float) t0
dcl_uav_raw u0
dcl_input vThreadID.xy
dcl_temps 3
dcl_thread_group 8, 8, 1
mov r0.xy, vThreadID.xyxx
mov r0.zw, l(0,0,0,0)
imad r2.x, vThreadID.y, l(8), vThreadID.x
ishl r2.x, r2.x, l(4)
ld_ms r1.xyzw, r0.xyzw, t0.xyzw, l(0)
store_raw u0.x, r2.x, r1.x
iadd r2.y, r2.x, l(4)
ld_ms r1.xyzw, r0.xyzw, t0.xyzw, l(1)
store_raw u0.x, r2.y, r1.x
iadd r2.y, r2.x, l(8)
ld_ms r1.xyzw, r0.xyzw, t0.xyzw, l(2)
store_raw u0.x, r2.y, r1.x
iadd r2.y, r2.x, l(12)
ld_ms r1.xyzw, r0.xyzw, t0.xyzw, l(3)
store_raw u0.x, r2.y, r1.x
ret
)";

const float kFullScreen[] = {-1, -1, 0, -1, 3, 0, 3, -1, 0};

void transition(ID3D12GraphicsCommandList* list, ID3D12Resource* r, D3D12_RESOURCE_STATES before,
                D3D12_RESOURCE_STATES after) {
  D3D12_RESOURCE_BARRIER b{};
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  b.Transition = {r, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, before, after};
  list->ResourceBarrier(1, &b);
}

uint32_t floatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

// A depth texture (typeless, 4x), two colour textures of its group (4x), the read pass.
struct Scene {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;
  DXGI_FORMAT colourFormat;
  ID3D12RootSignature* drawRs = graphicsRootSignature(device);
  ID3D12RootSignature* readRs = nullptr;
  ID3D12PipelineState* readPso = nullptr;
  std::vector<IUnknown*> owned;
  ID3D12Resource* vertices = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof kFullScreen);
  ID3D12DescriptorHeap *rtvs = nullptr, *dsvs = nullptr, *srvs = nullptr;
  ID3D12Resource* depth = nullptr;
  ID3D12Resource* colours[2] = {};  // colours[1] is read
  ID3D12Resource* uav = nullptr;
  ID3D12Resource* readback = nullptr;
  static constexpr UINT64 kReadBytes = UINT64(kSize) * kSize * kSamples * 4;

  Scene(DXGI_FORMAT typeless, DXGI_FORMAT depthFormat, DXGI_FORMAT colour) : colourFormat(colour) {
    writeUpload(vertices, 0, kFullScreen, sizeof kFullScreen);
    D3D12_DESCRIPTOR_RANGE range{D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 1, 0, 0, 0};
    D3D12_ROOT_PARAMETER p[2]{};
    p[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
    p[0].DescriptorTable = {1, &range};
    p[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_UAV;
    p[1].Descriptor = {0, 0};
    readRs = createRootSignature(device, {2, p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_NONE});
    const std::vector<uint8_t> cs = assembled(kCsReadSamples);
    D3D12_COMPUTE_PIPELINE_STATE_DESC cd{readRs, shaderBytecode(cs), 0, {}, D3D12_PIPELINE_STATE_FLAG_NONE};
    void* out = nullptr;
    const HRESULT hr = device->CreateComputePipelineState(&cd, __uuidof(ID3D12PipelineState), &out);
    readPso = createdOrFail<ID3D12PipelineState>(hr, out);
    D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 2, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&rtvs)) == S_OK);
    hd = {D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&dsvs)) == S_OK);
    hd = {D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
    REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&srvs)) == S_OK);
    D3D12_RESOURCE_DESC dd = texture2DDesc(kSize, kSize, typeless, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    dd.SampleDesc.Count = kSamples;
    depth = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, dd, D3D12_RESOURCE_STATE_DEPTH_WRITE);
    D3D12_DEPTH_STENCIL_VIEW_DESC dv{};
    dv.Format = depthFormat;
    dv.ViewDimension = D3D12_DSV_DIMENSION_TEXTURE2DMS;
    device->CreateDepthStencilView(depth, &dv, dsvs->GetCPUDescriptorHandleForHeapStart());
    for (UINT i = 0; i < 2; ++i) {
      D3D12_RESOURCE_DESC d = texture2DDesc(kSize, kSize, colour, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
      d.SampleDesc.Count = kSamples;
      colours[i] = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, d, D3D12_RESOURCE_STATE_RENDER_TARGET);
      device->CreateRenderTargetView(colours[i], nullptr, rtv(i));
    }
    device->CreateShaderResourceView(colours[1], nullptr, srvs->GetCPUDescriptorHandleForHeapStart());
    D3D12_RESOURCE_DESC ud = bufferDesc(kReadBytes);
    ud.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
    uav = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, ud, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
    readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, kReadBytes);
    owned = {readback, uav, colours[0], colours[1], depth, srvs, dsvs, rtvs, vertices, readPso, readRs, drawRs, fence,
             allocator, queue};
  }
  ~Scene() {
    for (IUnknown* o : owned) o->Release();
    CHECK(device->Release() == 0);
  }
  D3D12_CPU_DESCRIPTOR_HANDLE rtv(UINT i) const {
    return {rtvs->GetCPUDescriptorHandleForHeapStart().ptr +
            i * device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_RTV)};
  }
  // Records colours[0] (in RENDER_TARGET) taking `clear`, then `values[i]` in the samples of mask `masks[i]`.
  void fill(ID3D12GraphicsCommandList* list, float clear, const std::vector<std::pair<UINT, float>>& draws) {
    const float c[4] = {clear, 0, 0, 0};
    list->ClearRenderTargetView(rtv(0), c, 0, nullptr);
    const D3D12_CPU_DESCRIPTOR_HANDLE target = rtv(0);
    list->OMSetRenderTargets(1, &target, FALSE, nullptr);
    const D3D12_VIEWPORT vp{0, 0, float(kSize), float(kSize), 0, 1};
    const D3D12_RECT scissor{0, 0, LONG(kSize), LONG(kSize)};
    list->RSSetViewports(1, &vp);
    list->RSSetScissorRects(1, &scissor);
    list->SetGraphicsRootSignature(drawRs);
    list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    const D3D12_VERTEX_BUFFER_VIEW vbv{vertices->GetGPUVirtualAddress(), sizeof kFullScreen, 12};
    list->IASetVertexBuffers(0, 1, &vbv);
    const std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kPipelinePsConstant);
    for (const auto& [mask, v] : draws) {
      D3D12_GRAPHICS_PIPELINE_STATE_DESC d = constantColourPsoDesc(drawRs, vs, ps);
      d.RTVFormats[0] = colourFormat;
      d.SampleDesc.Count = kSamples;
      d.SampleMask = mask;
      void* out = nullptr;
      const HRESULT hr = device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState), &out);
      ID3D12PipelineState* pso = createdOrFail<ID3D12PipelineState>(hr, out);
      owned.push_back(pso);
      list->SetPipelineState(pso);
      const float colour[4] = {v, 0, 0, 1};
      list->SetGraphicsRoot32BitConstants(0, 4, colour, 0);
      list->DrawInstanced(3, 1, 0, 0);
    }
  }
  // Runs `record`, then reads every sample of colours[1] (in RENDER_TARGET before and after): raw 32-bit words.
  std::vector<uint32_t> run(const std::function<void(ID3D12GraphicsCommandList*)>& record) {
    ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
    record(list);
    transition(list, colours[1], D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE);
    list->SetDescriptorHeaps(1, &srvs);
    list->SetComputeRootSignature(readRs);
    list->SetPipelineState(readPso);
    list->SetComputeRootDescriptorTable(0, srvs->GetGPUDescriptorHandleForHeapStart());
    list->SetComputeRootUnorderedAccessView(1, uav->GetGPUVirtualAddress());
    list->Dispatch(1, 1, 1);
    transition(list, uav, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE);
    list->CopyBufferRegion(readback, 0, uav, 0, kReadBytes);
    transition(list, uav, D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
    transition(list, colours[1], D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_RENDER_TARGET);
    REQUIRE(list->Close() == S_OK);
    executeAndWait(queue, {list}, fence, &value);
    list->Release();
    REQUIRE(allocator->Reset() == S_OK);
    const std::vector<unsigned char> raw = readBuffer(readback, size_t(kReadBytes));
    std::vector<uint32_t> words(raw.size() / 4);
    std::memcpy(words.data(), raw.data(), raw.size());
    return words;
  }
  // Depth cleared to `clear`, copied into colours[1].
  std::vector<uint32_t> clearedDepthCopied(float clear, bool region) {
    return run([&](ID3D12GraphicsCommandList* list) {
      list->ClearDepthStencilView(dsvs->GetCPUDescriptorHandleForHeapStart(), D3D12_CLEAR_FLAG_DEPTH, clear, 0, 0, nullptr);
      transition(list, depth, D3D12_RESOURCE_STATE_DEPTH_WRITE, D3D12_RESOURCE_STATE_COPY_SOURCE);
      transition(list, colours[1], D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_DEST);
      copy(list, colours[1], depth, region);
      transition(list, depth, D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_DEPTH_WRITE);
      transition(list, colours[1], D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_RENDER_TARGET);
    });
  }
  // colours[0] filled, copied into depth, depth copied into colours[1].
  std::vector<uint32_t> roundTrip(float clear, const std::vector<std::pair<UINT, float>>& draws, bool region) {
    return run([&](ID3D12GraphicsCommandList* list) {
      fill(list, clear, draws);
      transition(list, colours[0], D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE);
      transition(list, depth, D3D12_RESOURCE_STATE_DEPTH_WRITE, D3D12_RESOURCE_STATE_COPY_DEST);
      copy(list, depth, colours[0], region);
      transition(list, depth, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE);
      transition(list, colours[1], D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_DEST);
      copy(list, colours[1], depth, region);
      transition(list, depth, D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_DEPTH_WRITE);
      transition(list, colours[1], D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_RENDER_TARGET);
      transition(list, colours[0], D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_RENDER_TARGET);
    });
  }
  static void copy(ID3D12GraphicsCommandList* list, ID3D12Resource* dst, ID3D12Resource* src, bool region) {
    if (!region) return list->CopyResource(dst, src);
    const D3D12_TEXTURE_COPY_LOCATION d = subresourceLocation(dst, 0), s = subresourceLocation(src, 0);
    list->CopyTextureRegion(&d, 0, 0, 0, &s, nullptr);
  }
};

// Samples whose word differs from `want(sample)`.
template <typename Want>
size_t differing(const std::vector<uint32_t>& words, Want want) {
  size_t n = 0;
  for (UINT pixel = 0; pixel < kSize * kSize; ++pixel)
    for (UINT s = 0; s < kSamples; ++s) n += words[pixel * kSamples + s] != want(s);
  return n;
}

const std::vector<std::pair<UINT, float>> kDraws(const float (&v)[2]) { return {{0x5, v[0]}, {0x8, v[1]}}; }

}  // namespace

TEST_CASE("D3D12 4x D32_FLOAT depth and R32_FLOAT colour copy into each other sample for sample bit for bit",
          "[d3d12][copy][depth][msaa]") {
  Scene s(DXGI_FORMAT_R32_TYPELESS, DXGI_FORMAT_D32_FLOAT, DXGI_FORMAT_R32_FLOAT);
  for (const bool region : {false, true}) {
    INFO((region ? "CopyTextureRegion" : "CopyResource"));
    CHECK(differing(s.clearedDepthCopied(0.375f, region), [](UINT) { return floatBits(0.375f); }) == 0);
    // Samples 0 and 2 take 0.75, 3 takes 1.0 (or 0.5 and 0.0625), 1 keeps the clear.
    const float values[2][2] = {{0.75f, 1.0f}, {0.5f, 0.0625f}};
    const float clears[2] = {0.125f, 0.9375f};
    const float* v = values[region];
    const std::vector<uint32_t> got = s.roundTrip(clears[region], kDraws(values[region]), region);
    CHECK(differing(got, [&](UINT i) { return floatBits(i == 3 ? v[1] : i % 2 == 0 ? v[0] : clears[region]); }) == 0);
  }
}

TEST_CASE("D3D12 4x D16_UNORM depth and R16_UNORM colour copy into each other sample for sample bit for bit",
          "[d3d12][copy][depth][msaa]") {
  // ld_ms of R16_UNORM returns k / 65535: each sample's float is turned back into k here.
  Scene s(DXGI_FORMAT_R16_TYPELESS, DXGI_FORMAT_D16_UNORM, DXGI_FORMAT_R16_UNORM);
  auto toK = [](std::vector<uint32_t> words) {
    for (uint32_t& w : words) {
      float f;
      std::memcpy(&f, &w, 4);
      w = uint32_t(std::lround(f * 65535.0f));
    }
    return words;
  };
  CHECK(differing(toK(s.clearedDepthCopied(0.25f, false)), [](UINT) { return 16384u; }) == 0);  // round(0.25 * 65535)
  const float values[2] = {float(0x8000) / 65535.0f, 1.0f};
  const std::vector<uint32_t> got = toK(s.roundTrip(1000.0f / 65535.0f, kDraws(values), true));
  CHECK(differing(got, [](UINT i) { return i == 3 ? 0xFFFFu : i % 2 == 0 ? 0x8000u : 1000u; }) == 0);
}
