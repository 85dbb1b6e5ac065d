// tests/d3d12: SetPredication over transfers into a 4x depth-stencil
// destination (CopyResource of both planes, CopyTextureRegion of the depth
// plane and of the stencil plane of an R24G8_TYPELESS texture): d3dvk saves
// each plane into a scratch image and restores it sample by sample with a draw
// under the inverted condition — the depth through the fragment depth, the
// stencil through the exported stencil reference, or a draw per bit on a device
// without VK_EXT_shader_stencil_export (ddi/umd/multisample_restore.h; the
// ctest entry "... stencil written by bits" forces that path on lavapipe).
// For each of the four predicate cases both textures get a different depth and
// stencil in each sample (a clear, then draws limited by the PSO's SampleMask
// writing depth ALWAYS and stencil REPLACE), the copy is recorded under the
// predicate, and every sample of both planes of the destination is read back
// (ld_ms in a compute shader through R24_UNORM_X8_TYPELESS and
// X24_TYPELESS_G8_UINT views): the source's samples where the copy runs, the
// destination's own where it is skipped.
#include "d3d12_pipeline_util.h"

#include <cmath>
#include <cstring>
#include <functional>

using namespace d3dvk::test;

namespace {

constexpr UINT kSize = 8, kSamples = 4;

// Every sample of t0 (depth, 4x) and t1 (stencil in .g, 4x) at (x, y) into u0:
// pixel (y * 8 + x) at 32 bytes, sample s at 8 s: the depth's float, the stencil.
const char kCsReadSamples[] = R"(cs_5_0
dcl_resource_texture2dms(4) (float,float,float,float) t0
dcl_resource_texture2dms(4) (uint,uint,uint,uint) t1
dcl_uav_raw u0
dcl_input vThreadID.xy
dcl_temps 3
dcl_thread_group 8, 8, 1
mov r0.xy, vThreadID.xyxx
mov r0.zw, l(0,0,0,0)
imad r2.x, vThreadID.y, l(8), vThreadID.x
ishl r2.x, r2.x, l(5)
ld_ms r1.xyzw, r0.xyzw, t0.xyzw, l(0)
store_raw u0.x, r2.x, r1.x
ld_ms r1.xyzw, r0.xyzw, t1.xyzw, l(0)
iadd r2.y, r2.x, l(4)
store_raw u0.x, r2.y, r1.y
ld_ms r1.xyzw, r0.xyzw, t0.xyzw, l(1)
iadd r2.y, r2.x, l(8)
store_raw u0.x, r2.y, r1.x
ld_ms r1.xyzw, r0.xyzw, t1.xyzw, l(1)
iadd r2.y, r2.x, l(12)
store_raw u0.x, r2.y, r1.y
ld_ms r1.xyzw, r0.xyzw, t0.xyzw, l(2)
iadd r2.y, r2.x, l(16)
store_raw u0.x, r2.y, r1.x
ld_ms r1.xyzw, r0.xyzw, t1.xyzw, l(2)
iadd r2.y, r2.x, l(20)
store_raw u0.x, r2.y, r1.y
ld_ms r1.xyzw, r0.xyzw, t0.xyzw, l(3)
iadd r2.y, r2.x, l(24)
store_raw u0.x, r2.y, r1.x
ld_ms r1.xyzw, r0.xyzw, t1.xyzw, l(3)
iadd r2.y, r2.x, l(28)
store_raw u0.x, r2.y, r1.y
ret
)";

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

struct DepthStencil {
  float depth;  // a multiple of 1/8: exact in D24
  UINT8 stencil;
  bool operator!=(const DepthStencil& o) const { return depth != o.depth || stencil != o.stencil; }
};

// What a texture holds per sample: the clear, then each draw's values in the samples of its mask.
struct SamplePattern {
  DepthStencil clear;
  std::vector<std::pair<UINT, DepthStencil>> draws;  // (SampleMask, values), in order
  DepthStencil at(UINT sample) const {
    DepthStencil v = clear;
    for (const auto& [mask, values] : draws)
      if (mask >> sample & 1) v = values;
    return v;
  }
};

void transition(ID3D12GraphicsCommandList* list, ID3D12Resource* r, D3D12_RESOURCE_STATES before,
                D3D12_RESOURCE_STATES after) {
  D3D12_RESOURCE_BARRIER b{};
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  b.Transition = {r, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, before, after};
  list->ResourceBarrier(1, &b);
}

struct DepthScene {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;
  ID3D12RootSignature* drawRs = graphicsRootSignature(device);
  ID3D12RootSignature* readRs = nullptr;
  ID3D12PipelineState* readPso = nullptr;
  std::vector<IUnknown*> owned;
  ID3D12Resource* predicates = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof kPredicates);
  ID3D12DescriptorHeap* dsvs = nullptr;
  ID3D12DescriptorHeap* srvs = nullptr;
  ID3D12Resource* textures[2] = {};  // the destination, the source
  ID3D12Resource* uav = nullptr;
  ID3D12Resource* readback = nullptr;
  static constexpr UINT64 kReadBytes = UINT64(kSize) * kSize * kSamples * 8;

  DepthScene() {
    writeUpload(predicates, 0, kPredicates, sizeof kPredicates);
    D3D12_DESCRIPTOR_RANGE range{D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 2, 0, 0, 0};
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
    D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 2, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&dsvs)) == S_OK);
    hd = {D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 2, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
    REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&srvs)) == S_OK);
    for (UINT i = 0; i < 2; ++i) {
      D3D12_RESOURCE_DESC d = texture2DDesc(kSize, kSize, DXGI_FORMAT_R24G8_TYPELESS, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
      d.SampleDesc.Count = kSamples;
      textures[i] = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, d, D3D12_RESOURCE_STATE_DEPTH_WRITE);
      D3D12_DEPTH_STENCIL_VIEW_DESC dv{};
      dv.Format = DXGI_FORMAT_D24_UNORM_S8_UINT;
      dv.ViewDimension = D3D12_DSV_DIMENSION_TEXTURE2DMS;
      device->CreateDepthStencilView(textures[i], &dv, dsv(i));
    }
    const UINT srvStep = device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    D3D12_SHADER_RESOURCE_VIEW_DESC sv{};
    sv.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2DMS;
    sv.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
    sv.Format = DXGI_FORMAT_R24_UNORM_X8_TYPELESS;
    device->CreateShaderResourceView(textures[0], &sv, srvs->GetCPUDescriptorHandleForHeapStart());
    sv.Format = DXGI_FORMAT_X24_TYPELESS_G8_UINT;  // (TEXTURE2DMS has no PlaneSlice: the format picks the stencil)
    device->CreateShaderResourceView(textures[0], &sv, {srvs->GetCPUDescriptorHandleForHeapStart().ptr + srvStep});
    D3D12_RESOURCE_DESC ud = bufferDesc(kReadBytes);
    ud.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
    uav = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, ud, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
    readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, kReadBytes);
    owned = {readback, uav, textures[0], textures[1], srvs, dsvs, predicates, readPso, readRs, drawRs, fence,
             allocator, queue};
  }
  ~DepthScene() {
    for (IUnknown* o : owned) o->Release();
    CHECK(device->Release() == 0);
  }
  D3D12_CPU_DESCRIPTOR_HANDLE dsv(UINT i) const {
    return {dsvs->GetCPUDescriptorHandleForHeapStart().ptr +
            i * device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_DSV)};
  }
  // A 4x PSO writing depth (ALWAYS) and stencil (REPLACE) into the samples of `mask`.
  ID3D12PipelineState* maskedPso(UINT mask) {
    const std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kPipelinePsConstant);
    D3D12_GRAPHICS_PIPELINE_STATE_DESC d = constantColourPsoDesc(drawRs, vs, ps);
    d.NumRenderTargets = 0;
    d.RTVFormats[0] = DXGI_FORMAT_UNKNOWN;
    d.DSVFormat = DXGI_FORMAT_D24_UNORM_S8_UINT;
    d.DepthStencilState.DepthEnable = TRUE;
    d.DepthStencilState.DepthWriteMask = D3D12_DEPTH_WRITE_MASK_ALL;
    d.DepthStencilState.DepthFunc = D3D12_COMPARISON_FUNC_ALWAYS;
    d.DepthStencilState.StencilEnable = TRUE;
    d.DepthStencilState.StencilReadMask = d.DepthStencilState.StencilWriteMask = 0xFF;
    d.DepthStencilState.FrontFace = d.DepthStencilState.BackFace = {
        D3D12_STENCIL_OP_REPLACE, D3D12_STENCIL_OP_REPLACE, D3D12_STENCIL_OP_REPLACE, D3D12_COMPARISON_FUNC_ALWAYS};
    d.SampleDesc.Count = kSamples;
    d.SampleMask = mask;
    void* out = nullptr;
    const HRESULT hr = device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState), &out);
    return createdOrFail<ID3D12PipelineState>(hr, out);
  }
  // Records texture i (in DEPTH_WRITE) taking `pattern`.
  void fill(ID3D12GraphicsCommandList* list, UINT i, const SamplePattern& pattern) {
    list->ClearDepthStencilView(dsv(i), D3D12_CLEAR_FLAG_DEPTH | D3D12_CLEAR_FLAG_STENCIL, pattern.clear.depth,
                                pattern.clear.stencil, 0, nullptr);
    const D3D12_CPU_DESCRIPTOR_HANDLE target = dsv(i);
    list->OMSetRenderTargets(0, nullptr, FALSE, &target);
    const D3D12_VIEWPORT vp{0, 0, float(kSize), float(kSize), 0, 1};
    const D3D12_RECT scissor{0, 0, LONG(kSize), LONG(kSize)};
    list->RSSetViewports(1, &vp);
    list->RSSetScissorRects(1, &scissor);
    list->SetGraphicsRootSignature(drawRs);
    list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    for (const auto& [mask, values] : pattern.draws) {
      ID3D12PipelineState* pso = maskedPso(mask);
      owned.push_back(pso);
      const float z = values.depth;
      const float verts[] = {-1, -1, z, -1, 3, z, 3, -1, z};
      ID3D12Resource* vertices = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof verts);
      owned.push_back(vertices);
      writeUpload(vertices, 0, verts, sizeof verts);
      const D3D12_VERTEX_BUFFER_VIEW vbv{vertices->GetGPUVirtualAddress(), sizeof verts, 12};
      list->IASetVertexBuffers(0, 1, &vbv);
      list->SetPipelineState(pso);
      list->OMSetStencilRef(values.stencil);
      list->DrawInstanced(3, 1, 0, 0);
    }
  }
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

  // For each predicate case: fills both textures, records `copy` under the
  // predicate and checks every sample's depth and stencil: the source's in the
  // planes `copied` names (bit 0 depth, bit 1 stencil) when the copy runs,
  // the destination's own otherwise.
  void check(const SamplePattern& dst, const SamplePattern& src, UINT copied,
             const std::function<void(ID3D12GraphicsCommandList*)>& copy) {
    for (const PredicateCase& c : kCases) {
      INFO("predicate " << kPredicates[c.predicate]
                        << (c.op == D3D12_PREDICATION_OP_EQUAL_ZERO ? " EQUAL_ZERO" : " NOT_EQUAL_ZERO"));
      ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
      fill(list, 0, dst);
      fill(list, 1, src);
      transition(list, textures[0], D3D12_RESOURCE_STATE_DEPTH_WRITE, D3D12_RESOURCE_STATE_COPY_DEST);
      transition(list, textures[1], D3D12_RESOURCE_STATE_DEPTH_WRITE, D3D12_RESOURCE_STATE_COPY_SOURCE);
      list->SetPredication(predicates, 8 * c.predicate, c.op);
      copy(list);
      list->SetPredication(nullptr, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
      transition(list, textures[0], D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE);
      transition(list, textures[1], D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_DEPTH_WRITE);
      read(list);
      transition(list, textures[0], D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_DEPTH_WRITE);
      REQUIRE(list->Close() == S_OK);
      executeAndWait(queue, {list}, fence, &value);
      const std::vector<unsigned char> raw = readBuffer(readback, size_t(kReadBytes));
      size_t differing = 0;
      for (UINT pixel = 0; pixel < kSize * kSize; ++pixel)
        for (UINT s = 0; s < kSamples; ++s) {
          const float wantDepth = (c.runs && (copied & 1) ? src : dst).at(s).depth;
          const UINT wantStencil = (c.runs && (copied & 2) ? src : dst).at(s).stencil;
          float depth;
          uint32_t stencil;
          std::memcpy(&depth, raw.data() + (pixel * kSamples + s) * 8, 4);
          std::memcpy(&stencil, raw.data() + (pixel * kSamples + s) * 8 + 4, 4);
          // D24: the value the 24-bit depth holds (the patterns' depths are exact in it).
          if ((std::fabs(depth - wantDepth) > 1e-6f || stencil != wantStencil) && !differing++)
            UNSCOPED_INFO("first differing: pixel " << pixel << " sample " << s << ": depth " << depth << " stencil "
                                                    << stencil << " instead of " << wantDepth << ", " << wantStencil);
        }
      CHECK(differing == 0);
      list->Release();
      REQUIRE(allocator->Reset() == S_OK);
    }
  }
};

// Destination: samples 0 and 2 (0.25, 200), 1 the clear (0.5, 7), 3 (0.875, 177). Source: other values in every
// sample. (The restored stencils set every bit 0..7 somewhere, and clear each somewhere: the per-bit restore of a
// device without stencil export writes each bit by a draw of its own.)
const SamplePattern kDestination{{0.5f, 7}, {{0x5, {0.25f, 200}}, {0x8, {0.875f, 177}}}};
const SamplePattern kSource{{0.0625f, 250}, {{0x3, {0.75f, 1}}, {0x4, {0.375f, 66}}}};
// For the one-plane copies, sources whose other plane is the destination's
// (lavapipe 22.3 copies one plane of a D24S8 image as whole texels, the other
// plane too: that copy path's issue, not predication's).
const SamplePattern kSourceDepth{{0.0625f, 7}, {{0x5, {0.75f, 200}}, {0x8, {0.375f, 177}}}};
const SamplePattern kSourceStencil{{0.5f, 250}, {{0x5, {0.25f, 1}}, {0x8, {0.875f, 66}}}};

}  // namespace

TEST_CASE("D3D12 predicated copies into a 4x depth-stencil texture skip exactly when the predicate says, every "
          "sample of each plane",
          "[d3d12][predication][transfer][msaa][depth]") {
  DepthScene s;
  for (UINT i = 0; i < kSamples; ++i) {
    REQUIRE(kSource.at(i) != kDestination.at(i));
    REQUIRE(kSourceDepth.at(i).depth != kDestination.at(i).depth);
    REQUIRE(kSourceStencil.at(i).stencil != kDestination.at(i).stencil);
  }
  SECTION("CopyResource") {
    s.check(kDestination, kSource, 3, [&](ID3D12GraphicsCommandList* l) { l->CopyResource(s.textures[0], s.textures[1]); });
  }
  SECTION("CopyTextureRegion of the depth plane") {
    s.check(kDestination, kSourceDepth, 1, [&](ID3D12GraphicsCommandList* l) {
      const D3D12_TEXTURE_COPY_LOCATION dst = subresourceLocation(s.textures[0], 0),
                                        src = subresourceLocation(s.textures[1], 0);
      l->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
    });
  }
  SECTION("CopyTextureRegion of the stencil plane") {
    s.check(kDestination, kSourceStencil, 2, [&](ID3D12GraphicsCommandList* l) {
      const D3D12_TEXTURE_COPY_LOCATION dst = subresourceLocation(s.textures[0], 1),
                                        src = subresourceLocation(s.textures[1], 1);
      l->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
    });
  }
}
