// tests/d3d12: SetPredication over the transfer commands D3D12 predicates —
// CopyBufferRegion, CopyResource (buffers, textures), CopyTextureRegion
// (footprint to texture, texture to texture of a block-compressed format,
// texture to footprint, a depth texture), ResolveSubresource and
// ClearUnorderedAccessViewUint (a texture, a raw buffer with a rect). For each
// command and each of the four predicate cases (EQUAL_ZERO / NOT_EQUAL_ZERO,
// with a predicate that is zero or not), the destination is filled with a
// known pattern, the command recorded under the predicate, and every byte of
// the destination read back: the pattern when the command is skipped, the
// command's result (computed here) when it runs. d3dvk records these
// unconditionally between a save of the destination and a restore dispatched
// under VK_EXT_conditional_rendering (lavapipe has it); values read back on
// the Vulkan device under the validation layer (and the sync-validation run).
#include "d3d12_pipeline_util.h"

#include <functional>

using namespace d3dvk::test;

namespace {

// 0, only the high half set, only the low half set.
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

std::vector<unsigned char> pattern(size_t size, unsigned seed) {
  std::vector<unsigned char> bytes(size);
  for (size_t i = 0; i < size; ++i) bytes[i] = (unsigned char)(seed + i * 7 + (i >> 8) * 13);
  return bytes;
}

void transition(ID3D12GraphicsCommandList* list, ID3D12Resource* r, D3D12_RESOURCE_STATES before,
                D3D12_RESOURCE_STATES after) {
  if (before == after) return;
  D3D12_RESOURCE_BARRIER b{};
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  b.Transition = {r, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, before, after};
  list->ResourceBarrier(1, &b);
}

// A destination: a buffer, or every subresource of a texture, with its bytes
// as D3D12 lays them out in footprints (each subresource's rows, tightly: only
// rowBytes of each row count).
struct Destination {
  ID3D12Device* device;
  ID3D12Resource* resource = nullptr;
  D3D12_RESOURCE_DESC desc{};
  std::vector<D3D12_PLACED_SUBRESOURCE_FOOTPRINT> fps;
  std::vector<UINT> rows;
  std::vector<UINT64> rowBytes;
  UINT64 total = 0;

  Destination(ID3D12Device* d, const D3D12_RESOURCE_DESC& rd, D3D12_RESOURCE_STATES state) : device(d), desc(rd) {
    resource = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, desc, state);
    if (desc.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER) {
      total = desc.Width;
      return;
    }
    const UINT count = desc.MipLevels * (desc.Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? 1u : desc.DepthOrArraySize);
    fps.resize(count);
    rows.resize(count);
    rowBytes.resize(count);
    device->GetCopyableFootprints(&desc, 0, count, 0, fps.data(), rows.data(), rowBytes.data(), &total);
  }
  ~Destination() { resource->Release(); }
  bool buffer() const { return desc.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER; }
  // The meaningful bytes of a footprint-laid-out image of the whole resource, in order.
  std::vector<unsigned char> meaningful(const std::vector<unsigned char>& laid) const {
    if (buffer()) return laid;
    std::vector<unsigned char> out;
    for (size_t s = 0; s < fps.size(); ++s)
      for (UINT z = 0; z < fps[s].Footprint.Depth; ++z)
        for (UINT y = 0; y < rows[s]; ++y) {
          const size_t at = size_t(fps[s].Offset + (UINT64(z) * rows[s] + y) * fps[s].Footprint.RowPitch);
          out.insert(out.end(), laid.begin() + at, laid.begin() + at + size_t(rowBytes[s]));
        }
    return out;
  }
  // Records the upload of `laid` (footprint layout) into the resource (in COPY_DEST).
  void upload(ID3D12GraphicsCommandList* list, ID3D12Resource* staging) {
    if (buffer()) {
      list->CopyBufferRegion(resource, 0, staging, 0, total);
      return;
    }
    for (UINT s = 0; s < fps.size(); ++s) {
      D3D12_TEXTURE_COPY_LOCATION dst = subresourceLocation(resource, s), src = footprintLocation(staging, fps[s]);
      list->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
    }
  }
  // Records the copy of every subresource into `readback` (the resource in COPY_SOURCE).
  void download(ID3D12GraphicsCommandList* list, ID3D12Resource* readback) {
    if (buffer()) {
      list->CopyBufferRegion(readback, 0, resource, 0, total);
      return;
    }
    for (UINT s = 0; s < fps.size(); ++s) {
      D3D12_TEXTURE_COPY_LOCATION dst = footprintLocation(readback, fps[s]), src = subresourceLocation(resource, s);
      list->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
    }
  }
};

struct Fixture {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;
  ID3D12Resource* predicates = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof kPredicates);
  Fixture() { writeUpload(predicates, 0, kPredicates, sizeof kPredicates); }
  ~Fixture() {
    predicates->Release();
    fence->Release();
    allocator->Release();
    queue->Release();
    CHECK(device->Release() == 0);
  }

  // For each predicate case: fills `dst` with `initial` (footprint layout of
  // its whole resource), records `transfer` under the predicate with the
  // destination in `state`, reads every byte back and compares the meaningful
  // ones with `initial` (skipped) or `expected` (run), both in footprint layout.
  void check(Destination& dst, D3D12_RESOURCE_STATES state, const std::vector<unsigned char>& initial,
             const std::vector<unsigned char>& expected, const std::function<void(ID3D12GraphicsCommandList*)>& setup,
             const std::function<void(ID3D12GraphicsCommandList*)>& transfer) {
    REQUIRE(initial.size() == dst.total);
    REQUIRE(expected.size() == dst.total);
    ID3D12Resource* staging = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, dst.total);
    writeUpload(staging, 0, initial.data(), initial.size());
    ID3D12Resource* readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, dst.total);
    for (const PredicateCase& c : kCases) {
      INFO("predicate " << kPredicates[c.predicate]
                        << (c.op == D3D12_PREDICATION_OP_EQUAL_ZERO ? " EQUAL_ZERO" : " NOT_EQUAL_ZERO"));
      ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
      transition(list, dst.resource, state, D3D12_RESOURCE_STATE_COPY_DEST);
      dst.upload(list, staging);
      transition(list, dst.resource, D3D12_RESOURCE_STATE_COPY_DEST, state);
      if (state == D3D12_RESOURCE_STATE_COPY_DEST) {  // the upload before the transfer's write
        transition(list, dst.resource, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COMMON);
        transition(list, dst.resource, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
      }
      if (setup) setup(list);
      list->SetPredication(predicates, 8 * c.predicate, c.op);
      transfer(list);
      list->SetPredication(nullptr, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
      transition(list, dst.resource, state, D3D12_RESOURCE_STATE_COPY_SOURCE);
      dst.download(list, readback);
      transition(list, dst.resource, D3D12_RESOURCE_STATE_COPY_SOURCE, state);
      REQUIRE(list->Close() == S_OK);
      executeAndWait(queue, {list}, fence, &value);
      const std::vector<unsigned char> got = dst.meaningful(readBuffer(readback, size_t(dst.total)));
      const std::vector<unsigned char> want = dst.meaningful(c.runs ? expected : initial);
      REQUIRE(got.size() == want.size());
      size_t differing = 0, first = 0;
      for (size_t i = 0; i < got.size(); ++i)
        if (got[i] != want[i] && !differing++) first = i;
      INFO("first differing byte " << first << " of " << got.size());
      CHECK(differing == 0);
      list->Release();
      REQUIRE(allocator->Reset() == S_OK);
    }
    readback->Release();
    staging->Release();
  }
};

// The footprint-layout offset of texel (x, y) (blocks for compressed formats) of subresource `s`.
size_t texelAt(const Destination& d, UINT s, UINT x, UINT y, UINT bytes) {
  return size_t(d.fps[s].Offset + UINT64(y) * d.fps[s].Footprint.RowPitch + UINT64(x) * bytes);
}

}  // namespace

TEST_CASE("D3D12 predicated CopyBufferRegion and buffer CopyResource skip exactly when the predicate says",
          "[d3d12][predication][transfer]") {
  Fixture f;
  const std::vector<unsigned char> source = pattern(256, 101);
  ID3D12Resource* src = createBuffer(f.device, D3D12_HEAP_TYPE_UPLOAD, 256);
  writeUpload(src, 0, source.data(), source.size());
  const std::vector<unsigned char> initial = pattern(256, 3);
  {
    INFO("CopyBufferRegion of 101 bytes from offset 3 to offset 17");
    Destination dst(f.device, bufferDesc(256), D3D12_RESOURCE_STATE_COPY_DEST);
    std::vector<unsigned char> expected = initial;
    std::copy(source.begin() + 3, source.begin() + 104, expected.begin() + 17);
    f.check(dst, D3D12_RESOURCE_STATE_COPY_DEST, initial, expected, nullptr,
            [&](ID3D12GraphicsCommandList* l) { l->CopyBufferRegion(dst.resource, 17, src, 3, 101); });
  }
  {
    INFO("CopyResource of a 256-byte buffer");
    Destination dst(f.device, bufferDesc(256), D3D12_RESOURCE_STATE_COPY_DEST);
    f.check(dst, D3D12_RESOURCE_STATE_COPY_DEST, initial, source, nullptr,
            [&](ID3D12GraphicsCommandList* l) { l->CopyResource(dst.resource, src); });
  }
  src->Release();
}

TEST_CASE("D3D12 predicated CopyTextureRegion and texture CopyResource skip exactly when the predicate says",
          "[d3d12][predication][transfer]") {
  Fixture f;
  SECTION("a footprint into a box of an R8G8B8A8 texture") {
    Destination dst(f.device, texture2DDesc(8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_NONE),
                    D3D12_RESOURCE_STATE_COPY_DEST);
    // The source: a 4x4 footprint in an upload buffer, its box (1,1)-(4,3) copied to (2,5).
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp{0, {DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 256}};
    const std::vector<unsigned char> source = pattern(1024, 55);
    ID3D12Resource* src = createBuffer(f.device, D3D12_HEAP_TYPE_UPLOAD, 1024);
    writeUpload(src, 0, source.data(), source.size());
    const std::vector<unsigned char> initial = pattern(size_t(dst.total), 9);
    std::vector<unsigned char> expected = initial;
    for (UINT y = 0; y < 2; ++y)
      for (UINT x = 0; x < 3; ++x)
        std::memcpy(&expected[texelAt(dst, 0, 2 + x, 5 + y, 4)], &source[(1 + y) * 256 + (1 + x) * 4], 4);
    f.check(dst, D3D12_RESOURCE_STATE_COPY_DEST, initial, expected, nullptr, [&](ID3D12GraphicsCommandList* l) {
      D3D12_TEXTURE_COPY_LOCATION to = subresourceLocation(dst.resource, 0), from = footprintLocation(src, fp);
      const D3D12_BOX box{1, 1, 0, 4, 3, 1};
      l->CopyTextureRegion(&to, 2, 5, 0, &from, &box);
    });
    src->Release();
  }
  SECTION("a block of a BC1 texture into another") {
    const D3D12_RESOURCE_DESC desc = texture2DDesc(16, 8, DXGI_FORMAT_BC1_UNORM, D3D12_RESOURCE_FLAG_NONE);
    Destination dst(f.device, desc, D3D12_RESOURCE_STATE_COPY_DEST);
    Destination src(f.device, desc, D3D12_RESOURCE_STATE_COPY_DEST);
    const std::vector<unsigned char> source = pattern(size_t(src.total), 77);
    ID3D12Resource* staging = createBuffer(f.device, D3D12_HEAP_TYPE_UPLOAD, src.total);
    writeUpload(staging, 0, source.data(), source.size());
    const std::vector<unsigned char> initial = pattern(size_t(dst.total), 21);
    // Block (1,0) of the source (texels (4,0)-(8,4)) to block (2,1) of the destination (texels (8,4)).
    std::vector<unsigned char> expected = initial;
    std::memcpy(&expected[texelAt(dst, 0, 2, 1, 8)], &source[texelAt(src, 0, 1, 0, 8)], 8);
    f.check(dst, D3D12_RESOURCE_STATE_COPY_DEST, initial, expected,
            [&](ID3D12GraphicsCommandList* l) {
              src.upload(l, staging);
              transition(l, src.resource, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE);
            },
            [&](ID3D12GraphicsCommandList* l) {
              D3D12_TEXTURE_COPY_LOCATION to = subresourceLocation(dst.resource, 0), from = subresourceLocation(src.resource, 0);
              const D3D12_BOX box{4, 0, 0, 8, 4, 1};
              l->CopyTextureRegion(&to, 8, 4, 0, &from, &box);
              transition(l, src.resource, D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_COPY_DEST);
            });
    staging->Release();
  }
  SECTION("a texture into a footprint of a buffer") {
    Destination dst(f.device, bufferDesc(2048), D3D12_RESOURCE_STATE_COPY_DEST);
    Destination src(f.device, texture2DDesc(4, 4, DXGI_FORMAT_R16G16_UINT, D3D12_RESOURCE_FLAG_NONE),
                    D3D12_RESOURCE_STATE_COPY_DEST);
    const std::vector<unsigned char> source = pattern(size_t(src.total), 5);
    ID3D12Resource* staging = createBuffer(f.device, D3D12_HEAP_TYPE_UPLOAD, src.total);
    writeUpload(staging, 0, source.data(), source.size());
    const std::vector<unsigned char> initial = pattern(2048, 200);
    // The whole 4x4 texture into a footprint at 512 with 256-byte rows.
    std::vector<unsigned char> expected = initial;
    for (UINT y = 0; y < 4; ++y) std::memcpy(&expected[512 + y * 256], &source[texelAt(src, 0, 0, y, 4)], 16);
    f.check(dst, D3D12_RESOURCE_STATE_COPY_DEST, initial, expected,
            [&](ID3D12GraphicsCommandList* l) {
              src.upload(l, staging);
              transition(l, src.resource, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE);
            },
            [&](ID3D12GraphicsCommandList* l) {
              const D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp{512, {DXGI_FORMAT_R16G16_UINT, 4, 4, 1, 256}};
              D3D12_TEXTURE_COPY_LOCATION to = footprintLocation(dst.resource, fp), from = subresourceLocation(src.resource, 0);
              l->CopyTextureRegion(&to, 0, 0, 0, &from, nullptr);
              transition(l, src.resource, D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_COPY_DEST);
            });
    staging->Release();
  }
  SECTION("CopyResource of a texture array with mips") {
    const D3D12_RESOURCE_DESC desc = texture2DDesc(8, 4, DXGI_FORMAT_R16_UINT, D3D12_RESOURCE_FLAG_NONE, 2, 2);
    Destination dst(f.device, desc, D3D12_RESOURCE_STATE_COPY_DEST);
    Destination src(f.device, desc, D3D12_RESOURCE_STATE_COPY_DEST);
    const std::vector<unsigned char> source = pattern(size_t(src.total), 31);
    ID3D12Resource* staging = createBuffer(f.device, D3D12_HEAP_TYPE_UPLOAD, src.total);
    writeUpload(staging, 0, source.data(), source.size());
    f.check(dst, D3D12_RESOURCE_STATE_COPY_DEST, pattern(size_t(dst.total), 17), source,
            [&](ID3D12GraphicsCommandList* l) {
              src.upload(l, staging);
              transition(l, src.resource, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE);
            },
            [&](ID3D12GraphicsCommandList* l) {
              l->CopyResource(dst.resource, src.resource);
              transition(l, src.resource, D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_COPY_DEST);
            });
    staging->Release();
  }
  SECTION("a footprint into a D32_FLOAT depth texture") {
    Destination dst(f.device, texture2DDesc(4, 4, DXGI_FORMAT_D32_FLOAT, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL),
                    D3D12_RESOURCE_STATE_COPY_DEST);
    // Depth values in [0, 1]: the initial ones i/64, the copied ones 1 - i/64.
    std::vector<unsigned char> initial(size_t(dst.total)), expected(size_t(dst.total));
    ID3D12Resource* src = createBuffer(f.device, D3D12_HEAP_TYPE_UPLOAD, dst.total);
    for (UINT y = 0; y < 4; ++y)
      for (UINT x = 0; x < 4; ++x) {
        const float a = float(y * 4 + x) / 64, b = 1 - a;
        std::memcpy(&initial[texelAt(dst, 0, x, y, 4)], &a, 4);
        std::memcpy(&expected[texelAt(dst, 0, x, y, 4)], &b, 4);
      }
    writeUpload(src, 0, expected.data(), expected.size());
    f.check(dst, D3D12_RESOURCE_STATE_COPY_DEST, initial, expected, nullptr, [&](ID3D12GraphicsCommandList* l) {
      D3D12_TEXTURE_COPY_LOCATION to = subresourceLocation(dst.resource, 0), from = footprintLocation(src, dst.fps[0]);
      l->CopyTextureRegion(&to, 0, 0, 0, &from, nullptr);
    });
    src->Release();
  }
}

TEST_CASE("D3D12 predicated ResolveSubresource skips exactly when the predicate says", "[d3d12][predication][transfer]") {
  Fixture f;
  D3D12_RESOURCE_DESC msaaDesc = texture2DDesc(8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
  msaaDesc.SampleDesc.Count = 4;
  ID3D12Resource* msaa = createCommitted(f.device, D3D12_HEAP_TYPE_DEFAULT, msaaDesc, D3D12_RESOURCE_STATE_RENDER_TARGET);
  D3D12_DESCRIPTOR_HEAP_DESC heapDesc{D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
  void* heapObject = nullptr;
  REQUIRE(f.device->CreateDescriptorHeap(&heapDesc, __uuidof(ID3D12DescriptorHeap), &heapObject) == S_OK);
  auto* heap = static_cast<ID3D12DescriptorHeap*>(heapObject);
  const D3D12_CPU_DESCRIPTOR_HANDLE rtv = heap->GetCPUDescriptorHandleForHeapStart();
  f.device->CreateRenderTargetView(msaa, nullptr, rtv);
  Destination dst(f.device, texture2DDesc(8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_NONE),
                  D3D12_RESOURCE_STATE_RESOLVE_DEST);
  // Every sample (0.2, 0.4, 0.6, 1.0): the resolve is that colour, 8-bit UNORM rounded.
  const float colour[4] = {0.2f, 0.4f, 0.6f, 1.0f};
  const unsigned char resolved[4] = {51, 102, 153, 255};
  const std::vector<unsigned char> initial = pattern(size_t(dst.total), 40);
  std::vector<unsigned char> expected = initial;
  for (UINT y = 0; y < 8; ++y)
    for (UINT x = 0; x < 8; ++x) std::memcpy(&expected[texelAt(dst, 0, x, y, 4)], resolved, 4);
  f.check(dst, D3D12_RESOURCE_STATE_RESOLVE_DEST, initial, expected,
          [&](ID3D12GraphicsCommandList* l) {
            l->ClearRenderTargetView(rtv, colour, 0, nullptr);
            transition(l, msaa, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_RESOLVE_SOURCE);
          },
          [&](ID3D12GraphicsCommandList* l) {
            l->ResolveSubresource(dst.resource, 0, msaa, 0, DXGI_FORMAT_R8G8B8A8_UNORM);
            transition(l, msaa, D3D12_RESOURCE_STATE_RESOLVE_SOURCE, D3D12_RESOURCE_STATE_RENDER_TARGET);
          });
  heap->Release();
  msaa->Release();
}

TEST_CASE("D3D12 predicated ClearUnorderedAccessViewUint skips exactly when the predicate says",
          "[d3d12][predication][transfer]") {
  Fixture f;
  auto makeHeap = [&](bool visible) {
    D3D12_DESCRIPTOR_HEAP_DESC d{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 1, visible ? D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE
                                                                                    : D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    void* h = nullptr;
    REQUIRE(f.device->CreateDescriptorHeap(&d, __uuidof(ID3D12DescriptorHeap), &h) == S_OK);
    return static_cast<ID3D12DescriptorHeap*>(h);
  };
  ID3D12DescriptorHeap* cpuHeap = makeHeap(false);
  ID3D12DescriptorHeap* gpuHeap = makeHeap(true);
  auto clear = [&](Destination& dst, const D3D12_UNORDERED_ACCESS_VIEW_DESC* view, const UINT values[4], UINT rectCount,
                   const D3D12_RECT* rects) {
    f.device->CreateUnorderedAccessView(dst.resource, nullptr, view, cpuHeap->GetCPUDescriptorHandleForHeapStart());
    f.device->CreateUnorderedAccessView(dst.resource, nullptr, view, gpuHeap->GetCPUDescriptorHandleForHeapStart());
    ID3D12Resource* resource = dst.resource;
    return [=](ID3D12GraphicsCommandList* l) {
      ID3D12DescriptorHeap* heaps[1] = {gpuHeap};
      l->SetDescriptorHeaps(1, heaps);
      l->ClearUnorderedAccessViewUint(gpuHeap->GetGPUDescriptorHandleForHeapStart(),
                                      cpuHeap->GetCPUDescriptorHandleForHeapStart(), resource, values, rectCount, rects);
    };
  };
  const UINT values[4] = {0x01020304, 5, 6, 7};
  SECTION("a whole R32_UINT texture") {
    Destination dst(f.device, texture2DDesc(5, 3, DXGI_FORMAT_R32_UINT, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS),
                    D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
    const std::vector<unsigned char> initial = pattern(size_t(dst.total), 60);
    std::vector<unsigned char> expected = initial;
    for (UINT y = 0; y < 3; ++y)
      for (UINT x = 0; x < 5; ++x) std::memcpy(&expected[texelAt(dst, 0, x, y, 4)], &values[0], 4);
    f.check(dst, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, initial, expected, nullptr, clear(dst, nullptr, values, 0, nullptr));
  }
  SECTION("elements [3, 9) of a raw buffer view") {
    D3D12_RESOURCE_DESC desc = bufferDesc(256);
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
    Destination dst(f.device, desc, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
    D3D12_UNORDERED_ACCESS_VIEW_DESC view{};
    view.Format = DXGI_FORMAT_R32_TYPELESS;
    view.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;
    view.Buffer = {4, 32, 0, 0, D3D12_BUFFER_UAV_FLAG_RAW};  // bytes [16, 144)
    const D3D12_RECT rect{3, 0, 9, 1};
    const std::vector<unsigned char> initial = pattern(256, 90);
    std::vector<unsigned char> expected = initial;
    for (UINT i = 3; i < 9; ++i) std::memcpy(&expected[16 + i * 4], &values[0], 4);
    f.check(dst, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, initial, expected, nullptr, clear(dst, &view, values, 1, &rect));
  }
  gpuHeap->Release();
  cpuHeap->Release();
}

TEST_CASE("D3D12 predicated ClearRenderTargetView of a Texture3D (transfer clears) skips exactly when the predicate says",
          "[d3d12][predication][transfer]") {
  Fixture f;
  D3D12_RESOURCE_DESC desc = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
  desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE3D;
  desc.DepthOrArraySize = 4;
  Destination dst(f.device, desc, D3D12_RESOURCE_STATE_RENDER_TARGET);
  D3D12_DESCRIPTOR_HEAP_DESC heapDesc{D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 2, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
  void* heapObject = nullptr;
  REQUIRE(f.device->CreateDescriptorHeap(&heapDesc, __uuidof(ID3D12DescriptorHeap), &heapObject) == S_OK);
  auto* heap = static_cast<ID3D12DescriptorHeap*>(heapObject);
  const UINT step = f.device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
  const D3D12_CPU_DESCRIPTOR_HANDLE whole = heap->GetCPUDescriptorHandleForHeapStart(), window{whole.ptr + step};
  f.device->CreateRenderTargetView(dst.resource, nullptr, whole);
  D3D12_RENDER_TARGET_VIEW_DESC wd{};
  wd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  wd.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE3D;
  wd.Texture3D = {0, 1, 2};  // W slices 1 and 2
  f.device->CreateRenderTargetView(dst.resource, &wd, window);
  const float colour[4] = {0.2f, 0.4f, 0.6f, 1.0f};
  const unsigned char cleared[4] = {51, 102, 153, 255};
  const std::vector<unsigned char> initial = pattern(size_t(dst.total), 12);
  for (const bool wWindow : {false, true}) {
    INFO((wWindow ? "W slices 1 and 2" : "the whole Texture3D"));
    std::vector<unsigned char> expected = initial;
    for (UINT z = wWindow ? 1 : 0; z < (wWindow ? 3u : 4u); ++z)
      for (UINT y = 0; y < 4; ++y)
        for (UINT x = 0; x < 4; ++x)
          std::memcpy(&expected[size_t(dst.fps[0].Offset + (UINT64(z) * dst.rows[0] + y) * dst.fps[0].Footprint.RowPitch +
                                       x * 4)],
                      cleared, 4);
    f.check(dst, D3D12_RESOURCE_STATE_RENDER_TARGET, initial, expected, nullptr,
            [&](ID3D12GraphicsCommandList* l) { l->ClearRenderTargetView(wWindow ? window : whole, colour, 0, nullptr); });
  }
  heap->Release();
}
