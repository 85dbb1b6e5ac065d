// tests/formats: D3D12 copies between the formats D3D12 copies into each
// other, on lavapipe, with the bytes read back through footprints and the
// expected bytes computed here from what was written: block-compressed
// textures and uncompressed ones whose texel is as large as a block (a block
// for a texel, boxes and offsets in each side's texels), R9G9B9E5 and R32_UINT,
// depth planes and R32/R16 colour textures, the stencil plane and R8_UINT
// (through a buffer in the driver: Vulkan copies no texels between depth and
// colour images), and the pairs D3D12 refuses (Close fails); and what the
// first copy out of a new committed BC texture reads: zeros.
#include "d3d12_test_util.h"

#include <cstdint>
#include <cstring>

using namespace d3dvk::test;

namespace {

// One device, queue and list; each step is its own submission (a list starts
// after everything submitted before it), so no barriers are needed between steps.
struct Copier {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  ID3D12Fence* fence = createFence(device);
  UINT64 fenceValue = 0;
  std::vector<ID3D12Resource*> owned;

  ~Copier() {
    for (ID3D12Resource* r : owned) r->Release();
    for (IUnknown* o : std::initializer_list<IUnknown*>{fence, list, allocator, queue, device}) o->Release();
  }
  ID3D12Resource* texture(UINT width, UINT height, DXGI_FORMAT format,
                          D3D12_RESOURCE_FLAGS flags = D3D12_RESOURCE_FLAG_NONE) {
    owned.push_back(createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, texture2DDesc(width, height, format, flags),
                                    D3D12_RESOURCE_STATE_COMMON));
    return owned.back();
  }
  // Closes, runs and waits for the list, then reopens it.
  void run() {
    REQUIRE(list->Close() == S_OK);
    executeAndWait(queue, {list}, fence, &fenceValue);
    REQUIRE(allocator->Reset() == S_OK);
    REQUIRE(list->Reset(allocator, nullptr) == S_OK);
  }
  // Close fails with E_INVALIDARG (a refused command); the list is reopened.
  void expectRefused() {
    CHECK(list->Close() == E_INVALIDARG);
    REQUIRE(allocator->Reset() == S_OK);
    REQUIRE(list->Reset(allocator, nullptr) == S_OK);
  }
  D3D12_PLACED_SUBRESOURCE_FOOTPRINT footprint(ID3D12Resource* t, UINT sub, UINT* rows, UINT64* rowBytes, UINT64* total) {
    const D3D12_RESOURCE_DESC desc = t->GetDesc();
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp{};
    device->GetCopyableFootprints(&desc, sub, 1, 0, &fp, rows, rowBytes, total);
    return fp;
  }
  // Writes `bytes` (rows packed tightly, as GetCopyableFootprints' row sizes) into subresource `sub`.
  void fill(ID3D12Resource* t, UINT sub, const std::vector<unsigned char>& bytes) {
    UINT rows = 0;
    UINT64 rowBytes = 0, total = 0;
    const D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp = footprint(t, sub, &rows, &rowBytes, &total);
    REQUIRE(bytes.size() == size_t(rows * rowBytes));
    ID3D12Resource* upload = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, total);
    owned.push_back(upload);
    void* mapped = nullptr;
    REQUIRE(upload->Map(0, nullptr, &mapped) == S_OK);
    for (UINT r = 0; r < rows; ++r)
      std::memcpy(static_cast<unsigned char*>(mapped) + fp.Offset + UINT64(r) * fp.Footprint.RowPitch,
                  bytes.data() + r * rowBytes, size_t(rowBytes));
    upload->Unmap(0, nullptr);
    const D3D12_TEXTURE_COPY_LOCATION dst = subresourceLocation(t, sub), src = footprintLocation(upload, fp);
    list->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
    run();
  }
  // Subresource `sub`'s bytes, rows packed tightly.
  std::vector<unsigned char> read(ID3D12Resource* t, UINT sub) {
    UINT rows = 0;
    UINT64 rowBytes = 0, total = 0;
    const D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp = footprint(t, sub, &rows, &rowBytes, &total);
    ID3D12Resource* readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, total);
    owned.push_back(readback);
    const D3D12_TEXTURE_COPY_LOCATION dst = footprintLocation(readback, fp), src = subresourceLocation(t, sub);
    list->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
    run();
    const std::vector<unsigned char> all = readBuffer(readback, size_t(total));
    std::vector<unsigned char> packed;
    for (UINT r = 0; r < rows; ++r) {
      const unsigned char* row = all.data() + fp.Offset + UINT64(r) * fp.Footprint.RowPitch;
      packed.insert(packed.end(), row, row + rowBytes);
    }
    return packed;
  }
  void copyRegion(ID3D12Resource* dst, UINT dstSub, UINT x, UINT y, ID3D12Resource* src, UINT srcSub,
                  const D3D12_BOX* box) {
    const D3D12_TEXTURE_COPY_LOCATION d = subresourceLocation(dst, dstSub), s = subresourceLocation(src, srcSub);
    list->CopyTextureRegion(&d, x, y, 0, &s, box);
  }
};

std::vector<unsigned char> pattern(size_t size, uint32_t seed) {
  std::vector<unsigned char> bytes(size);
  uint32_t state = seed;
  for (unsigned char& b : bytes) {
    state = state * 1664525u + 1013904223u;
    b = (unsigned char)(state >> 24);
  }
  return bytes;
}

// The `bytes`-sized element at (x, y) of a tightly packed grid `across` elements wide.
std::vector<unsigned char> element(const std::vector<unsigned char>& grid, UINT across, UINT bytes, UINT x, UINT y) {
  const size_t at = (size_t(y) * across + x) * bytes;
  return {grid.begin() + at, grid.begin() + at + bytes};
}

}  // namespace

TEST_CASE("D3D12 copies a block of a BC texture to a texel of its size and back", "[formats][d3d12][copy]") {
  Copier c;
  SECTION("CopyTextureRegion of a whole BC1 subresource into R32G32_UINT: block (x, y) becomes texel (x, y)") {
    ID3D12Resource* bc1 = c.texture(8, 8, DXGI_FORMAT_BC1_UNORM);
    ID3D12Resource* texels = c.texture(2, 2, DXGI_FORMAT_R32G32_UINT);
    const std::vector<unsigned char> blocks = pattern(4 * 8, 11);  // 2x2 blocks of 8 bytes
    c.fill(bc1, 0, blocks);
    c.copyRegion(texels, 0, 0, 0, bc1, 0, nullptr);
    c.run();
    CHECK(c.read(texels, 0) == blocks);
  }
  SECTION("a box of one BC7 block lands on one R32G32B32A32_UINT texel; the rest stays zero") {
    ID3D12Resource* bc7 = c.texture(8, 8, DXGI_FORMAT_BC7_UNORM);
    ID3D12Resource* texels = c.texture(2, 2, DXGI_FORMAT_R32G32B32A32_UINT);
    const std::vector<unsigned char> blocks = pattern(4 * 16, 12);
    c.fill(bc7, 0, blocks);
    const D3D12_BOX box{4, 4, 0, 8, 8, 1};  // block (1, 1)
    c.copyRegion(texels, 0, 1, 0, bc7, 0, &box);
    c.run();
    const std::vector<unsigned char> back = c.read(texels, 0);
    CHECK(element(back, 2, 16, 1, 0) == element(blocks, 2, 16, 1, 1));
    for (auto [x, y] : {std::pair{0u, 0u}, std::pair{0u, 1u}, std::pair{1u, 1u}})
      CHECK(element(back, 2, 16, x, y) == std::vector<unsigned char>(16, 0));
  }
  SECTION("an R16G16B16A16_UINT texel copied to DstX 4 of a BC4 texture becomes block (1, 0)") {
    ID3D12Resource* texels = c.texture(2, 2, DXGI_FORMAT_R16G16B16A16_UINT);
    ID3D12Resource* bc4 = c.texture(8, 8, DXGI_FORMAT_BC4_SNORM);
    const std::vector<unsigned char> data = pattern(4 * 8, 13);
    c.fill(texels, 0, data);
    const D3D12_BOX box{1, 1, 0, 2, 2, 1};  // texel (1, 1)
    c.copyRegion(bc4, 0, 4, 0, texels, 0, &box);
    c.run();
    const std::vector<unsigned char> back = c.read(bc4, 0);
    CHECK(element(back, 2, 8, 1, 0) == element(data, 2, 8, 1, 1));
  }
  SECTION("a texel into a BC1 mip smaller than a block (2x2) fills its one block, and copies back out") {
    ID3D12Resource* bc1 = createCommitted(c.device, D3D12_HEAP_TYPE_DEFAULT,
                                          texture2DDesc(8, 8, DXGI_FORMAT_BC1_UNORM, D3D12_RESOURCE_FLAG_NONE, 3),
                                          D3D12_RESOURCE_STATE_COMMON);
    c.owned.push_back(bc1);
    ID3D12Resource* texel = c.texture(1, 1, DXGI_FORMAT_R32G32_UINT);
    ID3D12Resource* back = c.texture(1, 1, DXGI_FORMAT_R32G32_UINT);
    const std::vector<unsigned char> data = pattern(8, 16);
    c.fill(texel, 0, data);
    c.copyRegion(bc1, 2, 0, 0, texel, 0, nullptr);
    c.run();
    CHECK(c.read(bc1, 2) == data);
    c.copyRegion(back, 0, 0, 0, bc1, 2, nullptr);
    c.run();
    CHECK(c.read(back, 0) == data);
  }
  SECTION("CopyResource from R32G32_SINT 2x2 into a BC1 8x8 texture and R32_UINT into R9G9B9E5") {
    ID3D12Resource* texels = c.texture(2, 2, DXGI_FORMAT_R32G32_SINT);
    ID3D12Resource* bc1 = c.texture(8, 8, DXGI_FORMAT_BC1_UNORM_SRGB);
    ID3D12Resource* r32 = c.texture(4, 4, DXGI_FORMAT_R32_UINT);
    ID3D12Resource* shared = c.texture(4, 4, DXGI_FORMAT_R9G9B9E5_SHAREDEXP);
    const std::vector<unsigned char> data = pattern(4 * 8, 14), words = pattern(16 * 4, 15);
    c.fill(texels, 0, data);
    c.fill(r32, 0, words);
    c.list->CopyResource(bc1, texels);
    c.list->CopyResource(shared, r32);
    c.run();
    CHECK(c.read(bc1, 0) == data);
    CHECK(c.read(shared, 0) == words);
  }
  SECTION("D3D12 refuses other pairs: BC1 with a 16-byte texel, R8G8B8A8 with B8G8R8A8, BC1 into a 4x4 R32G32 by CopyResource, footprints of other data") {
    c.copyRegion(c.texture(2, 2, DXGI_FORMAT_R32G32B32A32_UINT), 0, 0, 0, c.texture(8, 8, DXGI_FORMAT_BC1_UNORM), 0, nullptr);
    c.expectRefused();
    c.copyRegion(c.texture(4, 4, DXGI_FORMAT_B8G8R8A8_UNORM), 0, 0, 0, c.texture(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM), 0, nullptr);
    c.expectRefused();
    c.list->CopyResource(c.texture(4, 4, DXGI_FORMAT_R32G32_UINT), c.texture(8, 8, DXGI_FORMAT_BC1_UNORM));
    c.expectRefused();
    // A BC box that does not start on a block.
    const D3D12_BOX box{2, 0, 0, 6, 4, 1};
    c.copyRegion(c.texture(2, 2, DXGI_FORMAT_R32G32_UINT), 0, 0, 0, c.texture(8, 8, DXGI_FORMAT_BC1_UNORM), 0, &box);
    c.expectRefused();
    // Footprints whose Format does not describe the texture's data: another
    // group of the same size, and texels for blocks.
    ID3D12Resource* buffer = createBuffer(c.device, D3D12_HEAP_TYPE_READBACK, 4096);
    c.owned.push_back(buffer);
    for (auto [texture, format] : {std::pair{c.texture(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM), DXGI_FORMAT_R32_UINT},
                                   std::pair{c.texture(8, 8, DXGI_FORMAT_BC1_UNORM), DXGI_FORMAT_R32G32_UINT}}) {
      INFO("footprint format " << int(format));
      D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp{};
      fp.Footprint = {format, 2, 2, 1, 256};
      const D3D12_TEXTURE_COPY_LOCATION dst = footprintLocation(buffer, fp), src = subresourceLocation(texture, 0);
      c.list->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
      c.expectRefused();
    }
  }
}

TEST_CASE("D3D12 copies depth and stencil planes to and from colour textures of their data's size",
          "[formats][d3d12][copy]") {
  Copier c;
  const auto ds = D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL;
  SECTION("D32_FLOAT depth into R32_FLOAT by CopyTextureRegion and back into a second D32_FLOAT by CopyResource") {
    ID3D12Resource* depth = c.texture(4, 4, DXGI_FORMAT_D32_FLOAT, ds);
    ID3D12Resource* colour = c.texture(4, 4, DXGI_FORMAT_R32_FLOAT);
    ID3D12Resource* depth2 = c.texture(4, 4, DXGI_FORMAT_R32_TYPELESS, ds);
    std::vector<unsigned char> values(16 * 4);
    for (int i = 0; i < 16; ++i) {
      const float v = float(i) / 16.0f;  // depth values in [0, 1]
      std::memcpy(values.data() + i * 4, &v, 4);
    }
    c.fill(depth, 0, values);
    c.copyRegion(colour, 0, 0, 0, depth, 0, nullptr);
    c.run();
    CHECK(c.read(colour, 0) == values);
    c.list->CopyResource(depth2, colour);
    c.run();
    CHECK(c.read(depth2, 0) == values);
  }
  SECTION("D16_UNORM depth into R16_UNORM and R16_UINT data into D16 (whole subresources; a box or an offset refused)") {
    ID3D12Resource* depth = c.texture(4, 4, DXGI_FORMAT_D16_UNORM, ds);
    ID3D12Resource* colour = c.texture(4, 4, DXGI_FORMAT_R16_UNORM);
    ID3D12Resource* source = c.texture(4, 4, DXGI_FORMAT_R16_UINT);
    const std::vector<unsigned char> data = pattern(16 * 2, 21);
    c.fill(source, 0, data);
    c.copyRegion(depth, 0, 0, 0, source, 0, nullptr);
    c.run();
    CHECK(c.read(depth, 0) == data);
    const D3D12_BOX whole{0, 0, 0, 4, 4, 1};
    c.copyRegion(colour, 0, 0, 0, depth, 0, &whole);
    c.run();
    CHECK(c.read(colour, 0) == data);
    // D3D12 copies a depth-stencil subresource whole, at offset 0.
    const D3D12_BOX box{0, 0, 0, 2, 2, 1};
    c.copyRegion(colour, 0, 0, 0, depth, 0, &box);
    c.expectRefused();
    c.copyRegion(depth, 0, 0, 0, colour, 0, &box);
    c.expectRefused();
    c.copyRegion(c.texture(8, 8, DXGI_FORMAT_R16_UNORM), 0, 2, 1, depth, 0, nullptr);
    c.expectRefused();
  }
  SECTION("R24G8_TYPELESS: the stencil plane into R8_UINT, the depth plane's 24 bits into R32_UINT") {
    ID3D12Resource* depthStencil = c.texture(4, 4, DXGI_FORMAT_R24G8_TYPELESS, ds);
    ID3D12Resource* stencil = c.texture(4, 4, DXGI_FORMAT_R8_UINT);
    ID3D12Resource* depth = c.texture(4, 4, DXGI_FORMAT_R32_UINT);
    const std::vector<unsigned char> stencilBytes = pattern(16, 31);
    std::vector<unsigned char> depthBytes = pattern(16 * 4, 32);
    for (size_t i = 3; i < depthBytes.size(); i += 4) depthBytes[i] = 0;  // D24X8: the X8 bits are zero
    c.fill(depthStencil, 1, stencilBytes);
    c.fill(depthStencil, 0, depthBytes);
    c.copyRegion(stencil, 0, 0, 0, depthStencil, 1, nullptr);
    c.copyRegion(depth, 0, 0, 0, depthStencil, 0, nullptr);
    c.run();
    CHECK(c.read(stencil, 0) == stencilBytes);
    std::vector<unsigned char> back = c.read(depth, 0);
    for (size_t i = 3; i < back.size(); i += 4) back[i] = 0;  // only the 24 depth bits are defined
    CHECK(back == depthBytes);
  }
  SECTION("D3D12 refuses depth into a colour format of another group and the stencil plane into R32_UINT") {
    c.copyRegion(c.texture(4, 4, DXGI_FORMAT_R16_UNORM), 0, 0, 0, c.texture(4, 4, DXGI_FORMAT_D32_FLOAT, ds), 0, nullptr);
    c.expectRefused();
    c.copyRegion(c.texture(4, 4, DXGI_FORMAT_R32_UINT), 0, 0, 0, c.texture(4, 4, DXGI_FORMAT_D24_UNORM_S8_UINT, ds), 1,
                 nullptr);
    c.expectRefused();
  }
}

TEST_CASE("D3D12 committed BC textures read as zeros until written on every mip and slice", "[formats][d3d12][copy]") {
  Copier c;
  // Textures of the same sizes filled with bytes and released first, so their
  // memory, if reused, holds something other than zeros.
  for (int round = 0; round < 2; ++round) {
    D3D12_RESOURCE_DESC desc = texture2DDesc(16, 8, DXGI_FORMAT_BC7_UNORM, D3D12_RESOURCE_FLAG_NONE, 3, 2);
    ID3D12Resource* bc7 = createCommitted(c.device, D3D12_HEAP_TYPE_DEFAULT, desc, D3D12_RESOURCE_STATE_COMMON);
    desc = texture2DDesc(8, 8, DXGI_FORMAT_BC1_UNORM, D3D12_RESOURCE_FLAG_NONE, 2);
    ID3D12Resource* bc1 = createCommitted(c.device, D3D12_HEAP_TYPE_DEFAULT, desc, D3D12_RESOURCE_STATE_COMMON);
    if (round == 0) {
      c.fill(bc7, 0, pattern(4 * 2 * 16, 41));
      c.fill(bc7, 3, pattern(4 * 2 * 16, 42));
      c.fill(bc1, 0, pattern(4 * 8, 43));
    } else {
      // Mips 16x8, 8x4, 4x2 (blocks 4x2, 2x1, 1x1) of two slices; BC1 8x8 and 4x4.
      const UINT bc7Blocks[3] = {8, 2, 1};
      for (UINT sub = 0; sub < 6; ++sub) {
        INFO("BC7 subresource " << sub);
        CHECK(c.read(bc7, sub) == std::vector<unsigned char>(bc7Blocks[sub % 3] * 16, 0));
      }
      CHECK(c.read(bc1, 0) == std::vector<unsigned char>(4 * 8, 0));
      CHECK(c.read(bc1, 1) == std::vector<unsigned char>(8, 0));
    }
    bc7->Release();
    bc1->Release();
  }
}
