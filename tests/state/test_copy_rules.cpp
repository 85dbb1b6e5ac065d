// tests/state: which DXGI formats D3D copies into each other
// (translate/state/copy_rules.h): typeless groups, D3D12's depth and stencil
// planes, and the reinterpreting copies of Direct3D 10.1's conversion table.
#include "copy_rules.h"

#include <catch2/catch.hpp>

using namespace d3dvk::state;

TEST_CASE("copy groups are D3D's typeless groups with the depth formats in theirs", "[state][copy]") {
  CHECK(copyGroup(DXGI_FORMAT_R8G8B8A8_UNORM_SRGB) == DXGI_FORMAT_R8G8B8A8_TYPELESS);
  CHECK(copyGroup(DXGI_FORMAT_R8G8B8A8_SINT) == DXGI_FORMAT_R8G8B8A8_TYPELESS);
  CHECK(copyGroup(DXGI_FORMAT_B8G8R8A8_UNORM) == DXGI_FORMAT_B8G8R8A8_TYPELESS);
  CHECK(copyGroup(DXGI_FORMAT_B8G8R8X8_UNORM) == DXGI_FORMAT_B8G8R8X8_TYPELESS);
  CHECK(copyGroup(DXGI_FORMAT_B8G8R8X8_UNORM_SRGB) == DXGI_FORMAT_B8G8R8X8_TYPELESS);
  CHECK(copyGroup(DXGI_FORMAT_D32_FLOAT) == DXGI_FORMAT_R32_TYPELESS);
  CHECK(copyGroup(DXGI_FORMAT_D16_UNORM) == DXGI_FORMAT_R16_TYPELESS);
  CHECK(copyGroup(DXGI_FORMAT_D24_UNORM_S8_UINT) == DXGI_FORMAT_R24G8_TYPELESS);
  CHECK(copyGroup(DXGI_FORMAT_X32_TYPELESS_G8X24_UINT) == DXGI_FORMAT_R32G8X24_TYPELESS);
  CHECK(copyGroup(DXGI_FORMAT_BC6H_SF16) == DXGI_FORMAT_BC6H_TYPELESS);
  CHECK(copyGroup(DXGI_FORMAT_BC4_SNORM) == DXGI_FORMAT_BC4_TYPELESS);
  CHECK(copyGroup(DXGI_FORMAT_R11G11B10_FLOAT) == DXGI_FORMAT_R11G11B10_FLOAT);
  CHECK(copyGroup(DXGI_FORMAT_A8_UNORM) == DXGI_FORMAT_A8_UNORM);
  CHECK(copyGroup(DXGI_FORMAT_UNKNOWN) == DXGI_FORMAT_UNKNOWN);
  CHECK(copyGroup(DXGI_FORMAT(100000)) == DXGI_FORMAT_UNKNOWN);
  CHECK(copyBlockDim(DXGI_FORMAT_BC1_UNORM) == 4);
  CHECK(copyBlockDim(DXGI_FORMAT_BC7_TYPELESS) == 4);
  CHECK(copyBlockDim(DXGI_FORMAT_R32G32_UINT) == 1);
}

TEST_CASE("D3D12's depth and stencil planes copy as R32 and R8 data", "[state][copy]") {
  CHECK(copyPlaneGroup(DXGI_FORMAT_D24_UNORM_S8_UINT, 0) == DXGI_FORMAT_R32_TYPELESS);
  CHECK(copyPlaneGroup(DXGI_FORMAT_R24G8_TYPELESS, 1) == DXGI_FORMAT_R8_TYPELESS);
  CHECK(copyPlaneGroup(DXGI_FORMAT_D32_FLOAT_S8X24_UINT, 0) == DXGI_FORMAT_R32_TYPELESS);
  CHECK(copyPlaneGroup(DXGI_FORMAT_R32G8X24_TYPELESS, 1) == DXGI_FORMAT_R8_TYPELESS);
  CHECK(copyPlaneGroup(DXGI_FORMAT_D32_FLOAT, 0) == DXGI_FORMAT_R32_TYPELESS);
  CHECK(copyPlaneGroup(DXGI_FORMAT_D16_UNORM, 0) == DXGI_FORMAT_R16_TYPELESS);
  CHECK(copyPlaneGroup(DXGI_FORMAT_D32_FLOAT, 1) == DXGI_FORMAT_UNKNOWN);
  CHECK(copyPlaneGroup(DXGI_FORMAT_D24_UNORM_S8_UINT, 2) == DXGI_FORMAT_UNKNOWN);
  CHECK(copyPlaneGroup(DXGI_FORMAT_R16G16_FLOAT, 0) == DXGI_FORMAT_R16G16_TYPELESS);
}

TEST_CASE("the reinterpreting copies pair a block with a texel of its size and R9G9B9E5 with R32", "[state][copy]") {
  // 64-bit blocks (BC1, BC4) with the 64-bit groups.
  for (DXGI_FORMAT block : {DXGI_FORMAT_BC1_UNORM, DXGI_FORMAT_BC1_UNORM_SRGB, DXGI_FORMAT_BC4_UNORM, DXGI_FORMAT_BC4_SNORM}) {
    CHECK(copyFormatsCompatible(block, DXGI_FORMAT_R32G32_UINT));
    CHECK(copyFormatsCompatible(DXGI_FORMAT_R16G16B16A16_SINT, block));
    CHECK(!copyFormatsCompatible(block, DXGI_FORMAT_R32G32B32A32_UINT));
    CHECK(!copyFormatsCompatible(block, DXGI_FORMAT_R32_UINT));
  }
  // 128-bit blocks with R32G32B32A32.
  for (DXGI_FORMAT block : {DXGI_FORMAT_BC2_UNORM, DXGI_FORMAT_BC3_UNORM_SRGB, DXGI_FORMAT_BC5_SNORM,
                            DXGI_FORMAT_BC6H_UF16, DXGI_FORMAT_BC7_UNORM}) {
    CHECK(copyFormatsCompatible(block, DXGI_FORMAT_R32G32B32A32_UINT));
    CHECK(copyFormatsCompatible(DXGI_FORMAT_R32G32B32A32_SINT, block));
    CHECK(!copyFormatsCompatible(block, DXGI_FORMAT_R32G32_UINT));
    CHECK(!copyFormatsCompatible(block, DXGI_FORMAT_R16G16B16A16_UINT));
  }
  // Never two block formats of different groups, even of one block size.
  CHECK(!copyFormatsCompatible(DXGI_FORMAT_BC1_UNORM, DXGI_FORMAT_BC4_UNORM));
  CHECK(!copyFormatsCompatible(DXGI_FORMAT_BC2_UNORM, DXGI_FORMAT_BC7_UNORM));
  CHECK(copyFormatsCompatible(DXGI_FORMAT_BC7_UNORM_SRGB, DXGI_FORMAT_BC7_TYPELESS));
  // R9G9B9E5 texel for texel with the R32 colour formats, not with D32_FLOAT or other 32-bit groups.
  CHECK(copyFormatsCompatible(DXGI_FORMAT_R9G9B9E5_SHAREDEXP, DXGI_FORMAT_R32_UINT));
  CHECK(copyFormatsCompatible(DXGI_FORMAT_R32_SINT, DXGI_FORMAT_R9G9B9E5_SHAREDEXP));
  CHECK(!copyFormatsCompatible(DXGI_FORMAT_R9G9B9E5_SHAREDEXP, DXGI_FORMAT_D32_FLOAT));
  CHECK(!copyFormatsCompatible(DXGI_FORMAT_R9G9B9E5_SHAREDEXP, DXGI_FORMAT_R8G8B8A8_UINT));
  // Groups: D32_FLOAT with R32_FLOAT (D3D12 copies them), not across groups of one size.
  CHECK(copyFormatsCompatible(DXGI_FORMAT_D32_FLOAT, DXGI_FORMAT_R32_FLOAT));
  CHECK(copyFormatsCompatible(DXGI_FORMAT_D16_UNORM, DXGI_FORMAT_R16_UINT));
  CHECK(!copyFormatsCompatible(DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_B8G8R8A8_UNORM));
  CHECK(!copyFormatsCompatible(DXGI_FORMAT_R32_FLOAT, DXGI_FORMAT_R16G16_FLOAT));
  CHECK(!copyFormatsCompatible(DXGI_FORMAT_R11G11B10_FLOAT, DXGI_FORMAT_R32_UINT));
  CHECK(!copyFormatsCompatible(DXGI_FORMAT_UNKNOWN, DXGI_FORMAT_UNKNOWN));
}
