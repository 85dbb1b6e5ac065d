// tests/d3d12: GetCopyableFootprints against D3D12's placement rules, computed
// here independently: each row padded to 256 bytes, each subresource placed at
// the next multiple of 512 after the previous one's last padded row, subresource
// order mip-major within each array slice, TotalBytes ending at the last row's
// unpadded end; block-compressed formats count rows of 4 × 4 blocks.
#include "d3d12_test_util.h"

using namespace d3dvk::test;

namespace {

struct Expected {
  UINT64 offset;
  UINT width, height, depth, rowPitch, rows;
  UINT64 rowSize;
};

UINT64 up(UINT64 v, UINT64 a) { return (v + a - 1) / a * a; }

// Independent model of the rules for uncompressed (block 1) or BC (block 4) formats.
std::vector<Expected> model(UINT width, UINT height, UINT depth3d, UINT mips, UINT slices, UINT blockBytes, UINT block,
                            UINT64 base, UINT64* total) {
  std::vector<Expected> out;
  UINT64 cursor = 0, end = 0;
  for (UINT s = 0; s < slices; ++s)
    for (UINT m = 0; m < mips; ++m) {
      UINT w = std::max(1u, width >> m), h = std::max(1u, height >> m), d = std::max(1u, depth3d >> m);
      UINT bw = (w + block - 1) / block, rows = (h + block - 1) / block;
      UINT64 rowSize = UINT64(bw) * blockBytes;
      UINT pitch = UINT(up(rowSize, 256));
      cursor = up(cursor, 512);
      out.push_back({base + cursor, bw * block, rows * block, d, pitch, rows, rowSize});
      end = cursor + UINT64(pitch) * (UINT64(rows) * d - 1) + rowSize;
      cursor += UINT64(pitch) * rows * d;
    }
  *total = end;
  return out;
}

void check(ID3D12Device* device, const D3D12_RESOURCE_DESC& desc, UINT count, const std::vector<Expected>& expected,
           UINT64 expectedTotal, UINT64 base) {
  std::vector<D3D12_PLACED_SUBRESOURCE_FOOTPRINT> layouts(count);
  std::vector<UINT> rows(count);
  std::vector<UINT64> rowSizes(count);
  UINT64 total = 0;
  device->GetCopyableFootprints(&desc, 0, count, base, layouts.data(), rows.data(), rowSizes.data(), &total);
  REQUIRE(expected.size() == count);
  for (UINT i = 0; i < count; ++i) {
    INFO("subresource " << i);
    CHECK(layouts[i].Offset == expected[i].offset);
    CHECK(layouts[i].Footprint.Format == desc.Format);
    CHECK(layouts[i].Footprint.Width == expected[i].width);
    CHECK(layouts[i].Footprint.Height == expected[i].height);
    CHECK(layouts[i].Footprint.Depth == expected[i].depth);
    CHECK(layouts[i].Footprint.RowPitch == expected[i].rowPitch);
    CHECK(rows[i] == expected[i].rows);
    CHECK(rowSizes[i] == expected[i].rowSize);
  }
  CHECK(total == expectedTotal);
}

}  // namespace

TEST_CASE("D3D12 GetCopyableFootprints: 256-byte rows, 512-byte subresource placement", "[d3d12][footprints]") {
  ID3D12Device* device = createDevice12();

  SECTION("a 100 × 60 RGBA8 array of 2 slices with 3 mips, at base offset 1024") {
    D3D12_RESOURCE_DESC desc = texture2DDesc(100, 60, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_NONE, 3, 2);
    UINT64 total = 0;
    std::vector<Expected> e = model(100, 60, 1, 3, 2, 4, 1, 1024, &total);
    // Spot values worked by hand: mip 0 rows of 400 bytes → pitch 512, 60 rows = 30720 bytes;
    // mip 1 at 30720; mip 2 (25 × 15, 100-byte rows, pitch 256) at 38400; slice 1 at 42496.
    CHECK(e[1].offset == 1024 + 30720);
    CHECK(e[2].offset == 1024 + 38400);
    CHECK(e[3].offset == 1024 + 42496);
    check(device, desc, 6, e, total, 1024);
  }
  SECTION("a BC1 texture counts 4 × 4 blocks; small mips round up to one block") {
    D3D12_RESOURCE_DESC desc = texture2DDesc(64, 32, DXGI_FORMAT_BC1_UNORM, D3D12_RESOURCE_FLAG_NONE, 7);
    UINT64 total = 0;
    std::vector<Expected> e = model(64, 32, 1, 7, 1, 8, 4, 0, &total);
    CHECK(e[0].rows == 8);
    CHECK(e[0].rowSize == 128);
    CHECK(e[6].width == 4);  // a 1 × 1 mip is one block
    check(device, desc, 7, e, total, 0);
  }
  SECTION("a Texture3D's depth slices are rows × pitch apart") {
    D3D12_RESOURCE_DESC desc = texture2DDesc(16, 8, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D12_RESOURCE_FLAG_NONE, 2);
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE3D;
    desc.DepthOrArraySize = 4;
    UINT64 total = 0;
    std::vector<Expected> e = model(16, 8, 4, 2, 1, 16, 1, 0, &total);
    CHECK(e[0].depth == 4);
    CHECK(e[1].offset == 256 * 8 * 4);
    check(device, desc, 2, e, total, 0);
  }
  SECTION("a subresource range past the end fills the outputs with all-ones") {
    D3D12_RESOURCE_DESC desc = texture2DDesc(8, 8, DXGI_FORMAT_R8_UNORM, D3D12_RESOURCE_FLAG_NONE, 1, 1);
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT layout{};
    UINT rowsOfTwo[2] = {0, 0};  // one entry per requested subresource
    UINT64 total = 0;
    device->GetCopyableFootprints(&desc, 0, 2, 0, nullptr, rowsOfTwo, nullptr, &total);
    CHECK(rowsOfTwo[0] == UINT(-1));
    CHECK(rowsOfTwo[1] == UINT(-1));
    CHECK(total == UINT64(-1));
    UINT rows = 0;
    device->GetCopyableFootprints(&desc, 0, 1, 0, &layout, &rows, nullptr, &total);
    CHECK(layout.Footprint.RowPitch == 256);
    CHECK(rows == 8);
    CHECK(total == 256 * 7 + 8);
  }
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 GetCopyableFootprints of planar depth-stencil formats: a depth plane of R32_TYPELESS texels, then a "
          "stencil plane of R8_TYPELESS texels (the Planar Depth Stencil spec)",
          "[d3d12][footprints]") {
  ID3D12Device* device = createDevice12();
  for (DXGI_FORMAT format : {DXGI_FORMAT_D24_UNORM_S8_UINT, DXGI_FORMAT_R24G8_TYPELESS, DXGI_FORMAT_D32_FLOAT_S8X24_UINT,
                             DXGI_FORMAT_R32G8X24_TYPELESS}) {
    INFO("format " << int(format));
    // 2 mips × 3 slices × 2 planes: subresource = mip + slice × 2 + plane × 6.
    D3D12_RESOURCE_DESC desc = texture2DDesc(100, 20, format, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL, 2, 3);
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT layouts[12];
    UINT rows[12];
    UINT64 rowSizes[12], total = 0;
    device->GetCopyableFootprints(&desc, 0, 12, 0, layouts, rows, rowSizes, &total);
    UINT64 cursor = 0, end = 0;
    for (UINT i = 0; i < 12; ++i) {
      INFO("subresource " << i);
      const UINT plane = i / 6, mip = i % 2;
      const UINT w = 100 >> mip, h = 20 >> mip, texel = plane ? 1 : 4;
      const UINT64 pitch = up(UINT64(w) * texel, 256);
      cursor = up(cursor, 512);
      CHECK(layouts[i].Offset == cursor);
      CHECK(layouts[i].Footprint.Format == (plane ? DXGI_FORMAT_R8_TYPELESS : DXGI_FORMAT_R32_TYPELESS));
      CHECK(layouts[i].Footprint.Width == w);
      CHECK(layouts[i].Footprint.Height == h);
      CHECK(layouts[i].Footprint.Depth == 1u);
      CHECK(layouts[i].Footprint.RowPitch == pitch);
      CHECK(rows[i] == h);
      CHECK(rowSizes[i] == UINT64(w) * texel);
      end = cursor + pitch * (h - 1) + UINT64(w) * texel;
      cursor += pitch * h;
    }
    CHECK(total == end);
    // One past the last plane's subresources is out of range: D3D12's all-ones answer.
    device->GetCopyableFootprints(&desc, 12, 1, 0, layouts, rows, rowSizes, &total);
    CHECK(total == UINT64_MAX);
  }
  CHECK(device->Release() == 0);
}
