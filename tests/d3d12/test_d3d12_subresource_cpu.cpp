// tests/d3d12: ID3D12Resource::WriteToSubresource and ReadFromSubresource on
// resources of CPU-accessible CUSTOM heaps — whole subresources and boxes, mips,
// array slices and Texture3D depth pitches, round trips through the GPU
// (CopyTextureRegion sees what the CPU wrote and the CPU reads what the GPU
// copied), buffers' byte boxes, and the refusals (unmappable heaps, boxes outside
// the subresource, subresources out of range; an empty box does nothing).
#include "d3d12_test_util.h"

#include <initializer_list>

using namespace d3dvk::test;

namespace {

struct Cpu {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;
  std::vector<IUnknown*> owned;

  ~Cpu() {
    for (auto it = owned.rbegin(); it != owned.rend(); ++it) (*it)->Release();
    for (IUnknown* o : std::initializer_list<IUnknown*>{fence, list, allocator, queue, device}) o->Release();
  }
  ID3D12Resource* custom(const D3D12_RESOURCE_DESC& desc, D3D12_CPU_PAGE_PROPERTY page = D3D12_CPU_PAGE_PROPERTY_WRITE_BACK,
                         D3D12_MEMORY_POOL pool = D3D12_MEMORY_POOL_L0) {
    D3D12_HEAP_PROPERTIES props{D3D12_HEAP_TYPE_CUSTOM, page, pool, 0, 0};
    void* r = nullptr;
    HRESULT hr = device->CreateCommittedResource(&props, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_COMMON, nullptr,
                                                 __uuidof(ID3D12Resource), &r);
    ID3D12Resource* resource = createdOrFail<ID3D12Resource>(hr, r);
    owned.push_back(resource);
    return resource;
  }
  void run() {
    REQUIRE(list->Close() == S_OK);
    executeAndWait(queue, {list}, fence, &value);
    REQUIRE(allocator->Reset() == S_OK);
    REQUIRE(list->Reset(allocator, nullptr) == S_OK);
  }
};

// A texel's 4 bytes, distinct per position and seed.
UINT texel(UINT x, UINT y, UINT z, UINT seed) { return (seed << 24) | (z << 16) | (y << 8) | x; }

}  // namespace

TEST_CASE("D3D12 WriteToSubresource and ReadFromSubresource on a CUSTOM texture: whole mips and boxes", "[d3d12][heap]") {
  Cpu t;
  constexpr UINT kW = 16, kH = 8;
  ID3D12Resource* tex = t.custom(texture2DDesc(kW, kH, DXGI_FORMAT_R8G8B8A8_UINT, D3D12_RESOURCE_FLAG_NONE, 2, 2));
  // Mip 0 of slice 1 (subresource 2) from rows padded to 80 bytes.
  constexpr UINT kPitch = 80;
  std::vector<unsigned char> src(kPitch * kH, 0xEE);
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) {
      UINT v = texel(x, y, 0, 1);
      std::memcpy(&src[y * kPitch + x * 4], &v, 4);
    }
  REQUIRE(tex->WriteToSubresource(2, nullptr, src.data(), kPitch, kPitch * kH) == S_OK);
  std::vector<UINT> got(kW * kH, 0);
  REQUIRE(tex->ReadFromSubresource(got.data(), kW * 4, kW * kH * 4, 2, nullptr) == S_OK);
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) REQUIRE(got[y * kW + x] == texel(x, y, 0, 1));
  // Subresource 0 was not touched: still zero.
  std::vector<UINT> zero(kW * kH, 1);
  REQUIRE(tex->ReadFromSubresource(zero.data(), kW * 4, 0, 0, nullptr) == S_OK);
  CHECK(zero == std::vector<UINT>(kW * kH, 0));

  // A box [3,10) x [2,6) of new texels, tightly packed; the rest stays.
  const D3D12_BOX box{3, 2, 0, 10, 6, 1};
  std::vector<UINT> patch(7 * 4);
  for (UINT y = 0; y < 4; ++y)
    for (UINT x = 0; x < 7; ++x) patch[y * 7 + x] = texel(x, y, 0, 9);
  REQUIRE(tex->WriteToSubresource(2, &box, patch.data(), 7 * 4, 0) == S_OK);
  REQUIRE(tex->ReadFromSubresource(got.data(), kW * 4, 0, 2, nullptr) == S_OK);
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) {
      const bool inside = x >= 3 && x < 10 && y >= 2 && y < 6;
      INFO("texel " << x << "," << y);
      REQUIRE(got[y * kW + x] == (inside ? texel(x - 3, y - 2, 0, 9) : texel(x, y, 0, 1)));
    }
  // Reading the box alone, into rows of 40 bytes.
  std::vector<UINT> boxed(10 * 4, 0);
  REQUIRE(tex->ReadFromSubresource(boxed.data(), 40, 0, 2, &box) == S_OK);
  for (UINT y = 0; y < 4; ++y)
    for (UINT x = 0; x < 7; ++x) REQUIRE(boxed[y * 10 + x] == texel(x, y, 0, 9));

  // Mip 1 (8x4) of slice 0 (subresource 1).
  std::vector<UINT> mip(8 * 4);
  for (UINT i = 0; i < mip.size(); ++i) mip[i] = texel(i % 8, i / 8, 1, 3);
  REQUIRE(tex->WriteToSubresource(1, nullptr, mip.data(), 32, 0) == S_OK);
  std::vector<UINT> mipGot(8 * 4, 0);
  REQUIRE(tex->ReadFromSubresource(mipGot.data(), 32, 0, 1, nullptr) == S_OK);
  CHECK(mipGot == mip);

  // An empty box does nothing; boxes outside the subresource and subresources
  // out of range are refused.
  const D3D12_BOX empty{5, 5, 0, 5, 6, 1};
  CHECK(tex->WriteToSubresource(1, &empty, mip.data(), 32, 0) == S_OK);
  const D3D12_BOX outside{0, 0, 0, 9, 4, 1};  // mip 1 is 8 wide
  CHECK(tex->WriteToSubresource(1, &outside, mip.data(), 36, 0) == E_INVALIDARG);
  CHECK(tex->ReadFromSubresource(mipGot.data(), 36, 0, 1, &outside) == E_INVALIDARG);
  CHECK(tex->WriteToSubresource(4, nullptr, mip.data(), 32, 0) == E_INVALIDARG);
  CHECK(tex->ReadFromSubresource(mipGot.data(), 32, 0, 4, nullptr) == E_INVALIDARG);
  REQUIRE(tex->ReadFromSubresource(mipGot.data(), 32, 0, 1, nullptr) == S_OK);
  CHECK(mipGot == mip);
}

TEST_CASE("D3D12 WriteToSubresource is seen by GPU copies and ReadFromSubresource sees them", "[d3d12][heap]") {
  Cpu t;
  constexpr UINT kW = 8, kH = 8;
  const D3D12_RESOURCE_DESC desc = texture2DDesc(kW, kH, DXGI_FORMAT_R32_UINT, D3D12_RESOURCE_FLAG_NONE);
  ID3D12Resource* a = t.custom(desc, D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE);
  ID3D12Resource* b = t.custom(desc, D3D12_CPU_PAGE_PROPERTY_WRITE_BACK);
  std::vector<UINT> texels(kW * kH);
  for (UINT i = 0; i < texels.size(); ++i) texels[i] = 1000 + i * 7;
  REQUIRE(a->WriteToSubresource(0, nullptr, texels.data(), kW * 4, 0) == S_OK);
  // a → b on the GPU, and a → a readback buffer through its footprint.
  D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp{};
  UINT64 total = 0;
  t.device->GetCopyableFootprints(&desc, 0, 1, 0, &fp, nullptr, nullptr, &total);
  ID3D12Resource* readback = createBuffer(t.device, D3D12_HEAP_TYPE_READBACK, total);
  t.owned.push_back(readback);
  D3D12_RESOURCE_BARRIER barriers[2]{};
  barriers[0].Type = barriers[1].Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  barriers[0].Transition = {a, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_SOURCE};
  barriers[1].Transition = {b, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST};
  t.list->ResourceBarrier(2, barriers);
  D3D12_TEXTURE_COPY_LOCATION from = subresourceLocation(a, 0), to = subresourceLocation(b, 0),
                              down = footprintLocation(readback, fp);
  t.list->CopyTextureRegion(&to, 0, 0, 0, &from, nullptr);
  t.list->CopyTextureRegion(&down, 0, 0, 0, &from, nullptr);
  std::swap(barriers[0].Transition.StateBefore, barriers[0].Transition.StateAfter);
  std::swap(barriers[1].Transition.StateBefore, barriers[1].Transition.StateAfter);
  t.list->ResourceBarrier(2, barriers);
  t.run();
  std::vector<unsigned char> bytes = readBuffer(readback, size_t(total));
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) {
      UINT v = 0;
      std::memcpy(&v, &bytes[y * fp.Footprint.RowPitch + x * 4], 4);
      REQUIRE(v == texels[y * kW + x]);
    }
  std::vector<UINT> got(kW * kH, 0);
  REQUIRE(b->ReadFromSubresource(got.data(), kW * 4, 0, 0, nullptr) == S_OK);
  CHECK(got == texels);
}

TEST_CASE("D3D12 WriteToSubresource and ReadFromSubresource: Texture3D depth pitches and buffers' byte boxes", "[d3d12][heap]") {
  Cpu t;
  D3D12_RESOURCE_DESC desc = texture2DDesc(4, 4, DXGI_FORMAT_R32_UINT, D3D12_RESOURCE_FLAG_NONE);
  desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE3D;
  desc.DepthOrArraySize = 4;
  ID3D12Resource* volume = t.custom(desc);
  // Slices 1..2 of a box, from rows of 32 bytes and slices of 160.
  const D3D12_BOX box{1, 0, 1, 4, 4, 3};
  std::vector<UINT> src(40 * 2, 0);
  for (UINT z = 0; z < 2; ++z)
    for (UINT y = 0; y < 4; ++y)
      for (UINT x = 0; x < 3; ++x) src[z * 40 + y * 8 + x] = texel(x + 1, y, z + 1, 5);
  REQUIRE(volume->WriteToSubresource(0, &box, src.data(), 32, 160) == S_OK);
  std::vector<UINT> got(64, 1);
  REQUIRE(volume->ReadFromSubresource(got.data(), 16, 64, 0, nullptr) == S_OK);
  for (UINT z = 0; z < 4; ++z)
    for (UINT y = 0; y < 4; ++y)
      for (UINT x = 0; x < 4; ++x) {
        const bool inside = x >= 1 && z >= 1 && z < 3;
        INFO("texel " << x << "," << y << "," << z);
        REQUIRE(got[z * 16 + y * 4 + x] == (inside ? texel(x, y, z, 5) : 0u));
      }

  // Buffers: the box is a byte range.
  ID3D12Resource* buffer = t.custom(bufferDesc(256));
  const unsigned char bytes[4] = {1, 2, 3, 4};
  const D3D12_BOX range{100, 0, 0, 104, 1, 1};
  REQUIRE(buffer->WriteToSubresource(0, &range, bytes, 0, 0) == S_OK);
  std::vector<unsigned char> all = readBuffer(buffer, 256);
  for (UINT i = 0; i < 256; ++i) REQUIRE(int(all[i]) == (i >= 100 && i < 104 ? int(i - 99) : 0));
  unsigned char back[4] = {};
  REQUIRE(buffer->ReadFromSubresource(back, 0, 0, 0, &range) == S_OK);
  CHECK(std::equal(back, back + 4, bytes));
}

TEST_CASE("D3D12 WriteToSubresource and ReadFromSubresource are refused on heaps without CPU access", "[d3d12][heap]") {
  Cpu t;
  const D3D12_RESOURCE_DESC desc = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_NONE);
  ID3D12Resource* def = createCommitted(t.device, D3D12_HEAP_TYPE_DEFAULT, desc, D3D12_RESOURCE_STATE_COMMON);
  t.owned.push_back(def);
  ID3D12Resource* gpuOnly = t.custom(desc, D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE, D3D12_MEMORY_POOL_L1);
  std::vector<UINT> texels(16, 7);
  for (ID3D12Resource* r : {def, gpuOnly}) {
    CHECK(r->WriteToSubresource(0, nullptr, texels.data(), 16, 0) == E_INVALIDARG);
    CHECK(r->ReadFromSubresource(texels.data(), 16, 0, 0, nullptr) == E_INVALIDARG);
  }
  CHECK(texels == std::vector<UINT>(16, 7));
}

// A texture placed in a CPU-visible CUSTOM heap (WRITE_BACK, L0) is reached as
// a committed one is: Map with a null pointer, WriteToSubresource seen by a
// GPU copy, ReadFromSubresource seeing the texels. Where no host-visible
// memory type holds optimal-tiling images (NVIDIA; D3DVK_HOST_VISIBLE_IMAGES=0
// makes lavapipe the same: the "... without host-visible images" ctest entry)
// the heap and the texture live in device memory and both calls go through
// staging copies.
TEST_CASE("D3D12 a texture placed in a CPU-visible CUSTOM heap takes WriteToSubresource and ReadFromSubresource",
          "[d3d12][heap]") {
  Cpu t;
  D3D12_HEAP_DESC heapDesc{};
  heapDesc.SizeInBytes = 1 << 16;
  heapDesc.Properties = {D3D12_HEAP_TYPE_CUSTOM, D3D12_CPU_PAGE_PROPERTY_WRITE_BACK, D3D12_MEMORY_POOL_L0, 0, 0};
  heapDesc.Flags = D3D12_HEAP_FLAG_ALLOW_ONLY_NON_RT_DS_TEXTURES;
  void* h = nullptr;
  const HRESULT heapHr = t.device->CreateHeap(&heapDesc, __uuidof(ID3D12Heap), &h);
  ID3D12Heap* heap = createdOrFail<ID3D12Heap>(heapHr, h);
  t.owned.push_back(heap);
  constexpr UINT kW = 8, kH = 8;
  const D3D12_RESOURCE_DESC desc = texture2DDesc(kW, kH, DXGI_FORMAT_R32_UINT, D3D12_RESOURCE_FLAG_NONE);
  void* r = nullptr;
  const HRESULT placedHr =
      t.device->CreatePlacedResource(heap, 0, &desc, D3D12_RESOURCE_STATE_COMMON, nullptr, __uuidof(ID3D12Resource), &r);
  ID3D12Resource* placed = createdOrFail<ID3D12Resource>(placedHr, r);
  t.owned.push_back(placed);
  CHECK(placed->Map(0, nullptr, nullptr) == S_OK);
  placed->Unmap(0, nullptr);
  std::vector<UINT> texels(kW * kH);
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) texels[y * kW + x] = texel(x, y, 0, 9);
  REQUIRE(placed->WriteToSubresource(0, nullptr, texels.data(), kW * 4, 0) == S_OK);
  // One box rewritten, then the whole texture read back by the CPU and by a GPU copy.
  const D3D12_BOX box{2, 3, 0, 5, 5, 1};
  std::vector<UINT> boxTexels(3 * 2);
  for (UINT y = 0; y < 2; ++y)
    for (UINT x = 0; x < 3; ++x) {
      boxTexels[y * 3 + x] = texel(x + 2, y + 3, 1, 10);
      texels[(y + 3) * kW + x + 2] = boxTexels[y * 3 + x];
    }
  REQUIRE(placed->WriteToSubresource(0, &box, boxTexels.data(), 3 * 4, 0) == S_OK);
  std::vector<UINT> got(kW * kH, 0);
  REQUIRE(placed->ReadFromSubresource(got.data(), kW * 4, 0, 0, nullptr) == S_OK);
  CHECK(got == texels);
  D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp{};
  UINT64 total = 0;
  t.device->GetCopyableFootprints(&desc, 0, 1, 0, &fp, nullptr, nullptr, &total);
  ID3D12Resource* readback = createBuffer(t.device, D3D12_HEAP_TYPE_READBACK, total);
  t.owned.push_back(readback);
  D3D12_RESOURCE_BARRIER barrier{};
  barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  barrier.Transition = {placed, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_SOURCE};
  t.list->ResourceBarrier(1, &barrier);
  D3D12_TEXTURE_COPY_LOCATION from = subresourceLocation(placed, 0), down = footprintLocation(readback, fp);
  t.list->CopyTextureRegion(&down, 0, 0, 0, &from, nullptr);
  std::swap(barrier.Transition.StateBefore, barrier.Transition.StateAfter);
  t.list->ResourceBarrier(1, &barrier);
  t.run();
  const std::vector<unsigned char> bytes = readBuffer(readback, size_t(total));
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) {
      UINT v = 0;
      std::memcpy(&v, &bytes[y * fp.Footprint.RowPitch + x * 4], 4);
      INFO("texel " << x << "," << y);
      REQUIRE(v == texels[y * kW + x]);
    }
}
