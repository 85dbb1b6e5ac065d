// tests/d3d12: SetPredication over transfers into a multisampled colour
// destination (CopyResource, CopyTextureRegion of a 4x RGBA8 texture): d3dvk
// saves the destination into a scratch image and restores it sample by sample
// with a draw under the inverted condition (ddi/umd/multisample_restore.h).
// For each of the four predicate cases (EQUAL_ZERO / NOT_EQUAL_ZERO, with a
// predicate that is zero or not), both textures get a different value in each
// sample (a clear, then draws limited by the PSO's SampleMask), the copy is
// recorded under the predicate, and every sample of the destination is read
// back (ld_ms in a compute shader): the source's samples when the copy runs,
// the destination's own when it is skipped.
#include "d3d12_pipeline_util.h"

#include <array>
#include <cmath>
#include <cstring>
#include <functional>

using namespace d3dvk::test;

namespace {

constexpr UINT kSize = 8, kSamples = 4;

// Every sample of t0 (4x) at (x, y) into u0 at ((y * 8 + x) * 4 + sample) * 16 bytes.
const char kCsReadSamples[] = R"(cs_5_0
dcl_resource_texture2dms(4) (float,float,float,float) t0
dcl_uav_raw u0
dcl_input vThreadID.xy
dcl_temps 3
dcl_thread_group 8, 8, 1
mov r0.xy, vThreadID.xyxx
mov r0.zw, l(0,0,0,0)
imad r2.x, vThreadID.y, l(8), vThreadID.x
ishl r2.x, r2.x, l(6)
ld_ms r1.xyzw, r0.xyzw, t0.xyzw, l(0)
store_raw u0.xyzw, r2.x, r1.xyzw
iadd r2.y, r2.x, l(16)
ld_ms r1.xyzw, r0.xyzw, t0.xyzw, l(1)
store_raw u0.xyzw, r2.y, r1.xyzw
iadd r2.y, r2.x, l(32)
ld_ms r1.xyzw, r0.xyzw, t0.xyzw, l(2)
store_raw u0.xyzw, r2.y, r1.xyzw
iadd r2.y, r2.x, l(48)
ld_ms r1.xyzw, r0.xyzw, t0.xyzw, l(3)
store_raw u0.xyzw, r2.y, r1.xyzw
ret
)";

const float kFullScreen[] = {-1, -1, 0, -1, 3, 0, 3, -1, 0};
const uint64_t kPredicates[] = {0, uint64_t(1) << 32, 7};
struct PredicateCase {
  UINT predicate;
  D3D12_PREDICATION_OP op;
  bool runs;
};
const PredicateCase kCases[] = {
    {0, D3D12_PREDICATION_OP_EQUAL_ZERO, false},
    {1, D3D12_PREDICATION_OP_EQUAL_ZERO, true},
    {0, D3D12_PREDICATION_OP_NOT_EQUAL_ZERO, true},
    {2, D3D12_PREDICATION_OP_NOT_EQUAL_ZERO, false},
};

using Colour = std::array<float, 4>;  // RGBA8 UNORM values, multiples of 1/255

// What a texture holds per sample: the clear, then each draw's colour in the samples of its mask.
struct SamplePattern {
  Colour clear;
  std::vector<std::pair<UINT, Colour>> draws;  // (SampleMask, colour), in order
  Colour at(UINT sample) const {
    Colour c = clear;
    for (const auto& [mask, colour] : draws)
      if (mask >> sample & 1) c = colour;
    return c;
  }
};

void transition(ID3D12GraphicsCommandList* list, ID3D12Resource* r, D3D12_RESOURCE_STATES before,
                D3D12_RESOURCE_STATES after) {
  D3D12_RESOURCE_BARRIER b{};
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  b.Transition = {r, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, before, after};
  list->ResourceBarrier(1, &b);
}

struct MsaaScene {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;
  ID3D12RootSignature* drawRs = graphicsRootSignature(device);
  ID3D12RootSignature* readRs = nullptr;
  ID3D12PipelineState* readPso = nullptr;
  std::vector<IUnknown*> owned;
  ID3D12Resource* vertices = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof kFullScreen);
  ID3D12Resource* predicates = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof kPredicates);
  ID3D12DescriptorHeap* rtvs = nullptr;
  ID3D12DescriptorHeap* srvs = nullptr;
  ID3D12Resource* textures[2] = {};  // the destination, the source
  ID3D12Resource* uav = nullptr;
  ID3D12Resource* readback = nullptr;
  static constexpr UINT64 kReadBytes = UINT64(kSize) * kSize * kSamples * 16;

  MsaaScene() {
    writeUpload(vertices, 0, kFullScreen, sizeof kFullScreen);
    writeUpload(predicates, 0, kPredicates, sizeof kPredicates);
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
    hd = {D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
    REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&srvs)) == S_OK);
    for (UINT i = 0; i < 2; ++i) {
      D3D12_RESOURCE_DESC d = texture2DDesc(kSize, kSize, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
      d.SampleDesc.Count = kSamples;
      textures[i] = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, d, D3D12_RESOURCE_STATE_RENDER_TARGET);
      device->CreateRenderTargetView(textures[i], nullptr, rtv(i));
    }
    D3D12_SHADER_RESOURCE_VIEW_DESC sv{};
    sv.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    sv.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2DMS;
    sv.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
    device->CreateShaderResourceView(textures[0], &sv, srvs->GetCPUDescriptorHandleForHeapStart());
    D3D12_RESOURCE_DESC ud = bufferDesc(kReadBytes);
    ud.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
    uav = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, ud, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
    readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, kReadBytes);
    owned = {readback, uav, textures[0], textures[1], srvs, rtvs, predicates, vertices, readPso, readRs, drawRs, fence,
             allocator, queue};
  }
  ~MsaaScene() {
    for (IUnknown* o : owned) o->Release();
    CHECK(device->Release() == 0);
  }
  D3D12_CPU_DESCRIPTOR_HANDLE rtv(UINT i) const {
    return {rtvs->GetCPUDescriptorHandleForHeapStart().ptr +
            i * device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_RTV)};
  }
  // A 4x constant-colour PSO writing only the samples of `mask`.
  ID3D12PipelineState* maskedPso(UINT mask) {
    const std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kPipelinePsConstant);
    D3D12_GRAPHICS_PIPELINE_STATE_DESC d = constantColourPsoDesc(drawRs, vs, ps);
    d.SampleDesc.Count = kSamples;
    d.SampleMask = mask;
    void* out = nullptr;
    const HRESULT hr = device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState), &out);
    return createdOrFail<ID3D12PipelineState>(hr, out);
  }
  // Records texture i (in RENDER_TARGET) taking `pattern`.
  void fill(ID3D12GraphicsCommandList* list, UINT i, const SamplePattern& pattern) {
    list->ClearRenderTargetView(rtv(i), pattern.clear.data(), 0, nullptr);
    const D3D12_CPU_DESCRIPTOR_HANDLE target = rtv(i);
    list->OMSetRenderTargets(1, &target, FALSE, nullptr);
    const D3D12_VIEWPORT vp{0, 0, float(kSize), float(kSize), 0, 1};
    const D3D12_RECT scissor{0, 0, LONG(kSize), LONG(kSize)};
    list->RSSetViewports(1, &vp);
    list->RSSetScissorRects(1, &scissor);
    list->SetGraphicsRootSignature(drawRs);
    list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    const D3D12_VERTEX_BUFFER_VIEW vbv{vertices->GetGPUVirtualAddress(), sizeof kFullScreen, 12};
    list->IASetVertexBuffers(0, 1, &vbv);
    for (const auto& [mask, colour] : pattern.draws) {
      ID3D12PipelineState* pso = maskedPso(mask);
      owned.push_back(pso);
      list->SetPipelineState(pso);
      list->SetGraphicsRoot32BitConstants(0, 4, colour.data(), 0);
      list->DrawInstanced(3, 1, 0, 0);
    }
  }
  // Records the read of every sample of the destination (in NON_PIXEL_SHADER_RESOURCE) into `readback`.
  void read(ID3D12GraphicsCommandList* list) {
    list->SetDescriptorHeaps(1, &srvs);
    list->SetComputeRootSignature(readRs);
    list->SetPipelineState(readPso);
    list->SetComputeRootDescriptorTable(0, srvs->GetGPUDescriptorHandleForHeapStart());
    list->SetComputeRootUnorderedAccessView(1, uav->GetGPUVirtualAddress());
    list->Dispatch(1, 1, 1);
    transition(list, uav, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE);
    list->CopyBufferRegion(readback, 0, uav, 0, kReadBytes);
    transition(list, uav, D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  }

  // For each predicate case: fills both textures, records `copy` (destination
  // in COPY_DEST, source in COPY_SOURCE) under the predicate and checks every sample.
  void check(const SamplePattern& dst, const SamplePattern& src,
             const std::function<void(ID3D12GraphicsCommandList*)>& copy) {
    for (const PredicateCase& c : kCases) {
      INFO("predicate " << kPredicates[c.predicate]
                        << (c.op == D3D12_PREDICATION_OP_EQUAL_ZERO ? " EQUAL_ZERO" : " NOT_EQUAL_ZERO"));
      ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
      fill(list, 0, dst);
      fill(list, 1, src);
      transition(list, textures[0], D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_DEST);
      transition(list, textures[1], D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE);
      list->SetPredication(predicates, 8 * c.predicate, c.op);
      copy(list);
      list->SetPredication(nullptr, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
      transition(list, textures[0], D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE);
      transition(list, textures[1], D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_RENDER_TARGET);
      read(list);
      transition(list, textures[0], D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_RENDER_TARGET);
      REQUIRE(list->Close() == S_OK);
      executeAndWait(queue, {list}, fence, &value);
      const std::vector<unsigned char> raw = readBuffer(readback, size_t(kReadBytes));
      std::vector<float> got(raw.size() / 4);
      std::memcpy(got.data(), raw.data(), raw.size());
      const SamplePattern& want = c.runs ? src : dst;
      size_t differing = 0;
      for (UINT pixel = 0; pixel < kSize * kSize; ++pixel)
        for (UINT s = 0; s < kSamples; ++s)
          for (UINT ch = 0; ch < 4; ++ch) {
            const long value = std::lround(got[(pixel * kSamples + s) * 4 + ch] * 255.0f);
            if (value != std::lround(want.at(s)[ch] * 255.0f) && !differing++)
              INFO("first differing: pixel " << pixel << " sample " << s << " channel " << ch);
          }
      CHECK(differing == 0);
      list->Release();
      REQUIRE(allocator->Reset() == S_OK);
    }
  }
};

// Destination: samples 0 and 2 red, 1 the clear (grey-blue), 3 green. Source: other values in every sample.
const SamplePattern kDestination{{51 / 255.0f, 102 / 255.0f, 204 / 255.0f, 1},
                                 {{0x5, {1, 0, 0, 1}}, {0x8, {0, 1, 0, 1}}}};
const SamplePattern kSource{{17 / 255.0f, 34 / 255.0f, 68 / 255.0f, 136 / 255.0f},
                            {{0x3, {0, 0, 1, 1}}, {0x2, {1, 1, 0, 0}}, {0x4, {85 / 255.0f, 0, 170 / 255.0f, 1}}}};

}  // namespace

TEST_CASE("D3D12 predicated copies into a 4x multisampled texture skip exactly when the predicate says, every sample",
          "[d3d12][predication][transfer][msaa]") {
  MsaaScene s;
  REQUIRE(kSource.at(0) != kDestination.at(0));
  SECTION("CopyResource") {
    s.check(kDestination, kSource, [&](ID3D12GraphicsCommandList* l) { l->CopyResource(s.textures[0], s.textures[1]); });
  }
  SECTION("CopyTextureRegion") {
    s.check(kDestination, kSource, [&](ID3D12GraphicsCommandList* l) {
      const D3D12_TEXTURE_COPY_LOCATION dst = subresourceLocation(s.textures[0], 0),
                                        src = subresourceLocation(s.textures[1], 0);
      l->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
    });
  }
}
