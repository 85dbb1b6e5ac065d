// tests/d3d12: ResolveSubresourceRegion with D3D12_RESOLVE_MODE_MIN and _MAX
// (and AVERAGE where D3D12 allows it) from 4x textures whose samples differ
// — a clear, draws limited by the PSO's SampleMask, then a clear of a
// rectangle — into offset regions of other subresources, read back and
// compared with the minimum, maximum and average computed here: colour
// formats of each numeric kind (UNORM, SINT compared signed, UINT compared
// unsigned) and a depth-stencil texture per plane (plane 0 depth, plane 1
// stencil); and the combinations D3D12 refuses.
#include "d3d12_pipeline_util.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

using namespace d3dvk::test;

namespace {

constexpr UINT kSize = 8, kSamples = 4, kSlices = 3;
// Sample s (0..2) takes draw s (SampleMask 1 << s); sample 3 keeps the clear.
constexpr UINT kDraws = 3;

// PS: SV_Target0 = cb0[0] as uint or int (four root constants holding the bits).
const char kPsUint[] = R"(//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET    uint   xyzw
//
ps_5_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_output o0.xyzw
mov o0.xyzw, cb0[0].xyzw
ret
)";
const char kPsSint[] = R"(//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET     int   xyzw
//
ps_5_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_output o0.xyzw
mov o0.xyzw, cb0[0].xyzw
ret
)";

enum class Kind { Unorm8, Sint16, Uint32 };

// A colour format's case: per channel the stored values of the three draws,
// the clear (sample 3) and the rectangle's clear (every sample).
struct ColourCase {
  DXGI_FORMAT format;
  Kind kind;
  UINT channels;
  std::array<std::array<int64_t, 4>, kDraws> draws;
  std::array<int64_t, 4> clear, rect;
  UINT texelBytes() const { return kind == Kind::Unorm8 ? 4 : kind == Kind::Sint16 ? 8 : 4; }
  // The bits a PS writes (UNORM: the float k / 255) and the float a clear takes.
  uint32_t shaderBits(int64_t v) const {
    if (kind != Kind::Unorm8) return uint32_t(v);
    const float f = float(v) / 255.0f;
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
  }
  float clearValue(int64_t v) const { return kind == Kind::Unorm8 ? float(v) / 255.0f : float(v); }
  // Channel c of a read-back texel, as a number of the format's domain.
  int64_t decode(const unsigned char* texel, UINT c) const {
    if (kind == Kind::Unorm8) return texel[c];
    if (kind == Kind::Sint16) {
      int16_t v;
      std::memcpy(&v, texel + 2 * c, 2);
      return v;
    }
    uint32_t v;
    std::memcpy(&v, texel + 4 * c, 4);
    return v;
  }
};

const ColourCase kColourCases[] = {
    // Averages exact: each channel's four values sum to a multiple of 4.
    {DXGI_FORMAT_R8G8B8A8_UNORM, Kind::Unorm8, 4,
     {{{10, 200, 30, 255}, {50, 100, 130, 0}, {90, 0, 250, 128}}}, {30, 60, 90, 1}, {255, 255, 0, 255}},
    // Signed: -300 is the minimum (unsigned it would be the maximum).
    {DXGI_FORMAT_R16G16B16A16_SINT, Kind::Sint16, 4,
     {{{-300, 5, 32767, -1}, {7, -32768, 0, -2}, {-5, 100, -7, 3}}}, {2, -3, 4, 0}, {-9, 9, -9, 9}},
    // Unsigned: 0x80000000 and 0xFFFFFFF0 are large (signed they would be the smallest).
    {DXGI_FORMAT_R32_UINT, Kind::Uint32, 1, {{{0x80000000LL, 0, 0, 0}, {5, 0, 0, 0}, {0xFFFFFFF0LL, 0, 0, 0}}},
     {7, 0, 0, 0}, {1234, 0, 0, 0}},
};

const float kFullScreen[] = {-1, -1, 0, -1, 3, 0, 3, -1, 0};
// The source rectangle whose samples are all the rect value, and the resolved region.
const D3D12_RECT kRect{2, 3, 5, 8};
const D3D12_RECT kFrom{1, 2, 6, 7};
constexpr UINT kDstX = 3, kDstY = 1;

struct Scene {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  ID3D12GraphicsCommandList1* list1 = nullptr;
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;
  ID3D12RootSignature* rs = graphicsRootSignature(device);
  std::vector<IUnknown*> owned;

  Scene() {
    REQUIRE(list->QueryInterface(__uuidof(ID3D12GraphicsCommandList1), reinterpret_cast<void**>(&list1)) == S_OK);
  }
  ~Scene() {
    for (IUnknown* o : owned) o->Release();
    list1->Release();
    rs->Release();
    fence->Release();
    list->Release();
    allocator->Release();
    queue->Release();
    CHECK(device->Release() == 0);
  }
  template <typename T>
  T* keep(T* o) {
    owned.push_back(o);
    return o;
  }
  HRESULT run() {
    HRESULT hr = list->Close();
    if (hr == S_OK) executeAndWait(queue, {list}, fence, &value);
    REQUIRE(allocator->Reset() == S_OK);
    REQUIRE(list->Reset(allocator, nullptr) == S_OK);
    return hr;
  }
  ID3D12Resource* texture(DXGI_FORMAT format, UINT samples, UINT16 slices, D3D12_RESOURCE_FLAGS flags,
                          D3D12_RESOURCE_STATES state) {
    D3D12_RESOURCE_DESC desc = texture2DDesc(kSize, kSize, format, flags, 1, slices);
    desc.SampleDesc.Count = samples;
    return keep(createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, desc, state));
  }
  D3D12_CPU_DESCRIPTOR_HANDLE heapHandle(D3D12_DESCRIPTOR_HEAP_TYPE type) {
    D3D12_DESCRIPTOR_HEAP_DESC desc{type, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    void* heap = nullptr;
    REQUIRE(device->CreateDescriptorHeap(&desc, __uuidof(ID3D12DescriptorHeap), &heap) == S_OK);
    return keep(static_cast<ID3D12DescriptorHeap*>(heap))->GetCPUDescriptorHandleForHeapStart();
  }
  ID3D12Resource* vertices(float z) {
    const float v[] = {-1, -1, z, -1, 3, z, 3, -1, z};
    ID3D12Resource* b = keep(createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof v));
    writeUpload(b, 0, v, sizeof v);
    return b;
  }
  void viewport() {
    const D3D12_VIEWPORT vp{0, 0, float(kSize), float(kSize), 0, 1};
    const D3D12_RECT scissor{0, 0, LONG(kSize), LONG(kSize)};
    list->RSSetViewports(1, &vp);
    list->RSSetScissorRects(1, &scissor);
    list->SetGraphicsRootSignature(rs);
    list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  }
  ID3D12PipelineState* pso(const D3D12_GRAPHICS_PIPELINE_STATE_DESC& d) {
    void* out = nullptr;
    const HRESULT hr = device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState), &out);
    return keep(createdOrFail<ID3D12PipelineState>(hr, out));
  }
  void transition(ID3D12Resource* r, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after) {
    D3D12_RESOURCE_BARRIER b{};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition = {r, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, before, after};
    list->ResourceBarrier(1, &b);
  }
  // Subresource `index` of `texture` read back: `texelBytes` per texel, kSize x kSize, rows packed.
  std::vector<unsigned char> read(ID3D12Resource* texture, UINT index, UINT texelBytes) {
    D3D12_RESOURCE_DESC desc = texture->GetDesc();
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp;
    UINT64 total = 0;
    device->GetCopyableFootprints(&desc, index, 1, 0, &fp, nullptr, nullptr, &total);
    ID3D12Resource* buffer = keep(createBuffer(device, D3D12_HEAP_TYPE_READBACK, total));
    D3D12_TEXTURE_COPY_LOCATION dst = footprintLocation(buffer, fp), src = subresourceLocation(texture, index);
    list->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
    REQUIRE(run() == S_OK);
    const std::vector<unsigned char> bytes = readBuffer(buffer, size_t(total));
    std::vector<unsigned char> texels;
    for (UINT y = 0; y < kSize; ++y) {
      const unsigned char* row = bytes.data() + fp.Offset + size_t(y) * fp.Footprint.RowPitch;
      texels.insert(texels.end(), row, row + kSize * texelBytes);
    }
    return texels;
  }
};

// The value a resolve writes at destination pixel (x, y): `inside` of the
// region — the resolved value of source pixel (x - dstX + from.left, ...) — or 0 outside it.
template <typename Resolved>
int64_t expectedAt(UINT x, UINT y, bool whole, Resolved resolved) {
  const UINT dx = whole ? 0 : kDstX, dy = whole ? 0 : kDstY;
  const D3D12_RECT from = whole ? D3D12_RECT{0, 0, LONG(kSize), LONG(kSize)} : kFrom;
  const LONG w = from.right - from.left, h = from.bottom - from.top;
  if (LONG(x) < LONG(dx) || LONG(y) < LONG(dy) || LONG(x) >= LONG(dx) + w || LONG(y) >= LONG(dy) + h) return 0;
  const LONG sx = LONG(x - dx) + from.left, sy = LONG(y - dy) + from.top;
  return resolved(sx >= kRect.left && sx < kRect.right && sy >= kRect.top && sy < kRect.bottom);
}

}  // namespace

TEST_CASE("D3D12 ResolveSubresourceRegion MIN, MAX and AVERAGE of colour formats compare in the format's domain",
          "[d3d12][resolve]") {
  for (const ColourCase& c : kColourCases) {
    DYNAMIC_SECTION("format " << int(c.format)) {
      Scene s;
      ID3D12Resource* msaa = s.texture(c.format, kSamples, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
                                       D3D12_RESOURCE_STATE_RENDER_TARGET);
      ID3D12Resource* target = s.texture(c.format, 1, kSlices, D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COPY_DEST);
      const D3D12_CPU_DESCRIPTOR_HANDLE rtv = s.heapHandle(D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
      s.device->CreateRenderTargetView(msaa, nullptr, rtv);
      // The samples: the clear, draws 0..2 into samples 0..2, the rectangle's clear in all.
      float clear[4], rect[4];
      for (UINT ch = 0; ch < 4; ++ch) clear[ch] = c.clearValue(c.clear[ch]), rect[ch] = c.clearValue(c.rect[ch]);
      s.list->ClearRenderTargetView(rtv, clear, 0, nullptr);
      s.list->OMSetRenderTargets(1, &rtv, FALSE, nullptr);
      s.viewport();
      const D3D12_VERTEX_BUFFER_VIEW vbv{s.vertices(0)->GetGPUVirtualAddress(), sizeof kFullScreen, 12};
      s.list->IASetVertexBuffers(0, 1, &vbv);
      const std::vector<uint8_t> vs = assembled(kPipelineVsPosition);
      const std::vector<uint8_t> ps = assembled(c.kind == Kind::Unorm8   ? kPipelinePsConstant
                                                : c.kind == Kind::Sint16 ? kPsSint
                                                                         : kPsUint);
      for (UINT d = 0; d < kDraws; ++d) {
        D3D12_GRAPHICS_PIPELINE_STATE_DESC pd = constantColourPsoDesc(s.rs, vs, ps);
        pd.RTVFormats[0] = c.format;
        pd.SampleDesc.Count = kSamples;
        pd.SampleMask = 1u << d;
        s.list->SetPipelineState(s.pso(pd));
        uint32_t bits[4];
        for (UINT ch = 0; ch < 4; ++ch) bits[ch] = c.shaderBits(c.draws[d][ch]);
        s.list->SetGraphicsRoot32BitConstants(0, 4, bits, 0);
        s.list->DrawInstanced(3, 1, 0, 0);
      }
      s.list->ClearRenderTargetView(rtv, rect, 1, &kRect);
      s.transition(msaa, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_RESOLVE_SOURCE);
      s.transition(target, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_RESOLVE_DEST);
      D3D12_RECT from = kFrom;
      s.list1->ResolveSubresourceRegion(target, 0, kDstX, kDstY, msaa, 0, &from, c.format, D3D12_RESOLVE_MODE_MIN);
      s.list1->ResolveSubresourceRegion(target, 1, 0, 0, msaa, 0, nullptr, c.format, D3D12_RESOLVE_MODE_MAX);
      const bool averages = c.kind == Kind::Unorm8;
      if (averages)
        s.list1->ResolveSubresourceRegion(target, 2, kDstX, kDstY, msaa, 0, &from, c.format, D3D12_RESOLVE_MODE_AVERAGE);
      s.transition(target, D3D12_RESOURCE_STATE_RESOLVE_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE);
      REQUIRE(s.run() == S_OK);
      for (UINT slice = 0; slice < (averages ? 3u : 2u); ++slice) {
        INFO("slice " << slice << (slice == 0 ? " (MIN)" : slice == 1 ? " (MAX, whole)" : " (AVERAGE)"));
        const std::vector<unsigned char> got = s.read(target, slice, c.texelBytes());
        size_t differing = 0;
        for (UINT y = 0; y < kSize; ++y)
          for (UINT x = 0; x < kSize; ++x)
            for (UINT ch = 0; ch < c.channels; ++ch) {
              const int64_t want = expectedAt(x, y, slice == 1, [&](bool inRect) -> int64_t {
                if (inRect) return c.rect[ch];
                const int64_t v[4] = {c.draws[0][ch], c.draws[1][ch], c.draws[2][ch], c.clear[ch]};
                if (slice == 0) return *std::min_element(v, v + 4);
                if (slice == 1) return *std::max_element(v, v + 4);
                return (v[0] + v[1] + v[2] + v[3]) / 4;
              });
              const int64_t have = c.decode(got.data() + (y * kSize + x) * c.texelBytes(), ch);
              if (have != want && !differing++) {
                UNSCOPED_INFO("first differing: pixel " << x << "," << y << " channel " << ch << ": " << have
                                                        << " instead of " << want);
              }
            }
        CHECK(differing == 0);
      }
    }
  }
}

TEST_CASE("D3D12 ResolveSubresourceRegion resolves a depth-stencil texture's depth plane (MIN, MAX, AVERAGE) and "
          "stencil plane (MIN, MAX)",
          "[d3d12][resolve][depth]") {
  Scene s;
  // Samples 0..2 take depth 0.25, 0.75, 0.125 and stencil 200, 3, 90 (draws); sample 3 keeps the clear (0.5, 7);
  // the rectangle is cleared to (1.0, 255) in every sample.
  const float depths[kDraws] = {0.25f, 0.75f, 0.125f};
  const UINT stencils[kDraws] = {200, 3, 90};
  const float clearDepth = 0.5f, rectDepth = 1.0f;
  const UINT8 clearStencil = 7, rectStencil = 255;
  ID3D12Resource* msaa = s.texture(DXGI_FORMAT_D24_UNORM_S8_UINT, kSamples, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL,
                                   D3D12_RESOURCE_STATE_DEPTH_WRITE);
  ID3D12Resource* target = s.texture(DXGI_FORMAT_D24_UNORM_S8_UINT, 1, kSlices, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL,
                                     D3D12_RESOURCE_STATE_RESOLVE_DEST);
  const D3D12_CPU_DESCRIPTOR_HANDLE dsv = s.heapHandle(D3D12_DESCRIPTOR_HEAP_TYPE_DSV);
  s.device->CreateDepthStencilView(msaa, nullptr, dsv);
  s.list->ClearDepthStencilView(dsv, D3D12_CLEAR_FLAG_DEPTH | D3D12_CLEAR_FLAG_STENCIL, clearDepth, clearStencil, 0,
                                nullptr);
  s.list->OMSetRenderTargets(0, nullptr, FALSE, &dsv);
  s.viewport();
  const std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kPipelinePsConstant);
  for (UINT d = 0; d < kDraws; ++d) {
    D3D12_GRAPHICS_PIPELINE_STATE_DESC pd = constantColourPsoDesc(s.rs, vs, ps);
    pd.NumRenderTargets = 0;
    pd.RTVFormats[0] = DXGI_FORMAT_UNKNOWN;
    pd.DSVFormat = DXGI_FORMAT_D24_UNORM_S8_UINT;
    pd.DepthStencilState.DepthEnable = TRUE;
    pd.DepthStencilState.DepthWriteMask = D3D12_DEPTH_WRITE_MASK_ALL;
    pd.DepthStencilState.DepthFunc = D3D12_COMPARISON_FUNC_ALWAYS;
    pd.DepthStencilState.StencilEnable = TRUE;
    pd.DepthStencilState.StencilReadMask = pd.DepthStencilState.StencilWriteMask = 0xFF;
    pd.DepthStencilState.FrontFace = pd.DepthStencilState.BackFace = {
        D3D12_STENCIL_OP_REPLACE, D3D12_STENCIL_OP_REPLACE, D3D12_STENCIL_OP_REPLACE, D3D12_COMPARISON_FUNC_ALWAYS};
    pd.SampleDesc.Count = kSamples;
    pd.SampleMask = 1u << d;
    s.list->SetPipelineState(s.pso(pd));
    const D3D12_VERTEX_BUFFER_VIEW vbv{s.vertices(depths[d])->GetGPUVirtualAddress(), sizeof kFullScreen, 12};
    s.list->IASetVertexBuffers(0, 1, &vbv);
    s.list->OMSetStencilRef(stencils[d]);
    s.list->DrawInstanced(3, 1, 0, 0);
  }
  s.list->ClearDepthStencilView(dsv, D3D12_CLEAR_FLAG_DEPTH | D3D12_CLEAR_FLAG_STENCIL, rectDepth, rectStencil, 1, &kRect);
  s.transition(msaa, D3D12_RESOURCE_STATE_DEPTH_WRITE, D3D12_RESOURCE_STATE_RESOLVE_SOURCE);
  // Subresources: plane 0 (depth) 0..2, plane 1 (stencil) 3..5, by slice.
  D3D12_RECT from = kFrom;
  const DXGI_FORMAT f = DXGI_FORMAT_D24_UNORM_S8_UINT;
  s.list1->ResolveSubresourceRegion(target, 0, kDstX, kDstY, msaa, 0, &from, f, D3D12_RESOLVE_MODE_MIN);
  s.list1->ResolveSubresourceRegion(target, 1, 0, 0, msaa, 0, nullptr, f, D3D12_RESOLVE_MODE_MAX);
  s.list1->ResolveSubresourceRegion(target, 2, kDstX, kDstY, msaa, 0, &from, f, D3D12_RESOLVE_MODE_AVERAGE);
  s.list1->ResolveSubresourceRegion(target, 3, kDstX, kDstY, msaa, 1, &from, f, D3D12_RESOLVE_MODE_MIN);
  s.list1->ResolveSubresourceRegion(target, 4, 0, 0, msaa, 1, nullptr, f, D3D12_RESOLVE_MODE_MAX);
  s.transition(target, D3D12_RESOURCE_STATE_RESOLVE_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE);
  REQUIRE(s.run() == S_OK);
  const double kD24 = 16777215.0;
  for (UINT slice = 0; slice < kSlices; ++slice) {
    INFO("depth slice " << slice << (slice == 0 ? " (MIN)" : slice == 1 ? " (MAX, whole)" : " (AVERAGE)"));
    const std::vector<unsigned char> got = s.read(target, slice, 4);
    size_t differing = 0;
    for (UINT y = 0; y < kSize; ++y)
      for (UINT x = 0; x < kSize; ++x) {
        // Expected D24 values: round(d * (2^24 - 1)) of the resolved depth.
        const int64_t want = expectedAt(x, y, slice == 1, [&](bool inRect) -> int64_t {
          const double v[4] = {depths[0], depths[1], depths[2], clearDepth};
          const double d = inRect      ? rectDepth
                           : slice == 0 ? *std::min_element(v, v + 4)
                           : slice == 1 ? *std::max_element(v, v + 4)
                                        : (v[0] + v[1] + v[2] + v[3]) / 4;
          return std::llround(d * kD24);
        });
        uint32_t word;
        std::memcpy(&word, got.data() + (y * kSize + x) * 4, 4);
        const int64_t have = word & 0xFFFFFF;
        if (std::llabs(have - want) > 1 && !differing++)
          UNSCOPED_INFO("first differing: pixel " << x << "," << y << ": " << have << " instead of " << want);
      }
    CHECK(differing == 0);
  }
  for (UINT slice = 0; slice < 2; ++slice) {
    INFO("stencil slice " << slice << (slice == 0 ? " (MIN)" : " (MAX, whole)"));
    const std::vector<unsigned char> got = s.read(target, kSlices + slice, 1);
    size_t differing = 0;
    for (UINT y = 0; y < kSize; ++y)
      for (UINT x = 0; x < kSize; ++x) {
        const int64_t want = expectedAt(x, y, slice == 1, [&](bool inRect) -> int64_t {
          const UINT v[4] = {stencils[0], stencils[1], stencils[2], clearStencil};
          return inRect ? rectStencil : slice == 0 ? *std::min_element(v, v + 4) : *std::max_element(v, v + 4);
        });
        if (got[y * kSize + x] != want && !differing++)
          UNSCOPED_INFO("first differing: pixel " << x << "," << y << ": " << int(got[y * kSize + x]) << " instead of "
                                                  << want);
      }
    CHECK(differing == 0);
  }
}

TEST_CASE("D3D12 ResolveSubresourceRegion refuses what D3D12 refuses of MIN, MAX and AVERAGE", "[d3d12][resolve][errors]") {
  Scene s;
  ID3D12Resource* msaa = s.texture(DXGI_FORMAT_D24_UNORM_S8_UINT, kSamples, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL,
                                   D3D12_RESOURCE_STATE_RESOLVE_SOURCE);
  ID3D12Resource* target = s.texture(DXGI_FORMAT_D24_UNORM_S8_UINT, 1, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL,
                                     D3D12_RESOURCE_STATE_RESOLVE_DEST);
  const DXGI_FORMAT f = DXGI_FORMAT_D24_UNORM_S8_UINT;
  SECTION("AVERAGE of the stencil plane") {
    s.list1->ResolveSubresourceRegion(target, 1, 0, 0, msaa, 1, nullptr, f, D3D12_RESOLVE_MODE_AVERAGE);
    CHECK(s.run() == E_INVALIDARG);
  }
  SECTION("the depth plane into the stencil plane") {
    s.list1->ResolveSubresourceRegion(target, 1, 0, 0, msaa, 0, nullptr, f, D3D12_RESOLVE_MODE_MAX);
    CHECK(s.run() == E_INVALIDARG);
  }
  SECTION("AVERAGE of an integer format") {
    ID3D12Resource* intMsaa = s.texture(DXGI_FORMAT_R32_UINT, kSamples, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
                                        D3D12_RESOURCE_STATE_RESOLVE_SOURCE);
    ID3D12Resource* intTarget = s.texture(DXGI_FORMAT_R32_UINT, 1, 1, D3D12_RESOURCE_FLAG_NONE,
                                          D3D12_RESOURCE_STATE_RESOLVE_DEST);
    s.list1->ResolveSubresourceRegion(intTarget, 0, 0, 0, intMsaa, 0, nullptr, DXGI_FORMAT_R32_UINT,
                                      D3D12_RESOLVE_MODE_AVERAGE);
    CHECK(s.run() == E_INVALIDARG);
  }
  SECTION("a plane past the format's") {
    ID3D12Resource* d32 = s.texture(DXGI_FORMAT_D32_FLOAT, kSamples, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL,
                                    D3D12_RESOURCE_STATE_RESOLVE_SOURCE);
    ID3D12Resource* d32Target = s.texture(DXGI_FORMAT_D32_FLOAT, 1, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL,
                                          D3D12_RESOURCE_STATE_RESOLVE_DEST);
    s.list1->ResolveSubresourceRegion(d32Target, 1, 0, 0, d32, 1, nullptr, DXGI_FORMAT_D32_FLOAT, D3D12_RESOLVE_MODE_MIN);
    CHECK(s.run() == E_INVALIDARG);
  }
}
