// tests/state: DXGI format → Vulkan facts, clear-colour conversion for integer
// targets, and the linear layout Map exposes for staging textures.
#include "resource_format.h"

#include <catch2/catch.hpp>

#include <array>
#include <cmath>

using namespace d3dvk::state;

TEST_CASE("the slice's formats map to the Vulkan formats of the same bit layout", "[state][format]") {
  struct Case {
    DXGI_FORMAT dxgi;
    VkFormat vk;
    uint32_t size;
  };
  for (const Case& c : {Case{DXGI_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM, 4},
                        Case{DXGI_FORMAT_R16G16B16A16_FLOAT, VK_FORMAT_R16G16B16A16_SFLOAT, 8},
                        Case{DXGI_FORMAT_R32G32B32A32_FLOAT, VK_FORMAT_R32G32B32A32_SFLOAT, 16},
                        Case{DXGI_FORMAT_R32_UINT, VK_FORMAT_R32_UINT, 4},
                        Case{DXGI_FORMAT_R32G32_UINT, VK_FORMAT_R32G32_UINT, 8},
                        Case{DXGI_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_D24_UNORM_S8_UINT, 4},
                        Case{DXGI_FORMAT_D32_FLOAT, VK_FORMAT_D32_SFLOAT, 4}}) {
    const FormatInfo* f = findFormat(c.dxgi);
    REQUIRE(f);
    CHECK(f->vk == c.vk);
    CHECK(f->bytesPerTexel == c.size);
  }
  CHECK(formatAspects(*findFormat(DXGI_FORMAT_D24_UNORM_S8_UINT)) ==
        (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT));
  CHECK(formatAspects(*findFormat(DXGI_FORMAT_D32_FLOAT)) == VK_IMAGE_ASPECT_DEPTH_BIT);
  CHECK(formatAspects(*findFormat(DXGI_FORMAT_R32_UINT)) == VK_IMAGE_ASPECT_COLOR_BIT);
}

TEST_CASE("unknown, 4:2:2, video and out-of-range formats are not backed", "[state][format]") {
  CHECK(findFormat(DXGI_FORMAT_UNKNOWN) == nullptr);
  CHECK(findFormat(DXGI_FORMAT_R8G8_B8G8_UNORM) == nullptr);
  CHECK(findFormat(DXGI_FORMAT_R1_UNORM) == nullptr);
  CHECK(findFormat(DXGI_FORMAT_NV12) == nullptr);
  CHECK(findFormat(DXGI_FORMAT_R10G10B10_XR_BIAS_A2_UNORM) == nullptr);
  CHECK(findFormat(DXGI_FORMAT(0x7fffffff)) == nullptr);
  CHECK(findFormat(DXGI_FORMAT(-5)) == nullptr);
}

TEST_CASE("the R32G8X24 family lives in a D32_SFLOAT_S8_UINT image: its members read one aspect each",
          "[state][format]") {
  const FormatInfo* image = findFormat(DXGI_FORMAT_D32_FLOAT_S8X24_UINT);
  REQUIRE(image);
  CHECK(image->vk == VK_FORMAT_D32_SFLOAT_S8_UINT);
  CHECK(image->bytesPerTexel == 8);  // D3D's texel: float, stencil byte, 24 unused bits
  CHECK(formatAspects(*image) == (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT));
  const FormatInfo* typeless = findFormat(DXGI_FORMAT_R32G8X24_TYPELESS);
  const FormatInfo* depth = findFormat(DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS);
  const FormatInfo* stencil = findFormat(DXGI_FORMAT_X32_TYPELESS_G8X24_UINT);
  REQUIRE((typeless && depth && stencil));
  for (const FormatInfo* member : {typeless, depth, stencil}) CHECK(depthStencilFamilyImage(*member) == image);
  CHECK(depthFormatForTypeless(*typeless) == image);
  CHECK(depthFormatForTypeless(*depth) == nullptr);  // a typed member is no typeless format
  CHECK(depthViewAspect(*image, *depth) == VK_IMAGE_ASPECT_DEPTH_BIT);
  CHECK(depthViewAspect(*image, *stencil) == VK_IMAGE_ASPECT_STENCIL_BIT);
  CHECK(depthViewAspect(*image, *findFormat(DXGI_FORMAT_X24_TYPELESS_G8_UINT)) == 0);
  CHECK(depthViewAspect(*findFormat(DXGI_FORMAT_D24_UNORM_S8_UINT), *stencil) == 0);
  CHECK(viewFormatFits(*image, *depth));
  CHECK(!viewFormatFits(*image, *findFormat(DXGI_FORMAT_R32_FLOAT)));
  CHECK(depthStencilFamilyImage(*findFormat(DXGI_FORMAT_R24_UNORM_X8_TYPELESS)) ==
        findFormat(DXGI_FORMAT_D24_UNORM_S8_UINT));
  CHECK(depthStencilFamilyImage(*findFormat(DXGI_FORMAT_R32_TYPELESS)) == nullptr);
  CHECK(depthStencilFamilyImage(*image) == nullptr);
}

TEST_CASE("the R8, R16 and R32 families: typed members, their typeless format, views and copies within a family",
          "[state][format]") {
  const struct {
    DXGI_FORMAT dxgi;
    VkFormat vk;
    uint32_t bytes;
    FormatKind kind;
    DXGI_FORMAT family;
  } cases[] = {
      {DXGI_FORMAT_R8G8_UNORM, VK_FORMAT_R8G8_UNORM, 2, FormatKind::Unorm, DXGI_FORMAT_R8G8_TYPELESS},
      {DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, VK_FORMAT_R8G8B8A8_SRGB, 4, FormatKind::Unorm, DXGI_FORMAT_R8G8B8A8_TYPELESS},
      {DXGI_FORMAT_R8G8B8A8_SNORM, VK_FORMAT_R8G8B8A8_SNORM, 4, FormatKind::Snorm, DXGI_FORMAT_R8G8B8A8_TYPELESS},
      {DXGI_FORMAT_R8_UINT, VK_FORMAT_R8_UINT, 1, FormatKind::Uint, DXGI_FORMAT_R8_TYPELESS},
      {DXGI_FORMAT_R16_FLOAT, VK_FORMAT_R16_SFLOAT, 2, FormatKind::Float, DXGI_FORMAT_R16_TYPELESS},
      {DXGI_FORMAT_R16G16_SINT, VK_FORMAT_R16G16_SINT, 4, FormatKind::Sint, DXGI_FORMAT_R16G16_TYPELESS},
      {DXGI_FORMAT_R16G16B16A16_UNORM, VK_FORMAT_R16G16B16A16_UNORM, 8, FormatKind::Unorm,
       DXGI_FORMAT_R16G16B16A16_TYPELESS},
      {DXGI_FORMAT_R32_TYPELESS, VK_FORMAT_R32_UINT, 4, FormatKind::Typeless, DXGI_FORMAT_R32_TYPELESS},
      {DXGI_FORMAT_B8G8R8A8_TYPELESS, VK_FORMAT_B8G8R8A8_UINT, 4, FormatKind::Typeless, DXGI_FORMAT_B8G8R8A8_TYPELESS},
  };
  for (const auto& c : cases) {
    INFO(int(c.dxgi));
    const FormatInfo* f = findFormat(c.dxgi);
    REQUIRE(f);
    CHECK(f->vk == c.vk);
    CHECK(f->bytesPerTexel == c.bytes);
    CHECK(f->kind == c.kind);
    CHECK(f->family == c.family);
  }
  const FormatInfo& r32 = *findFormat(DXGI_FORMAT_R32_TYPELESS);
  CHECK(viewFormatFits(r32, *findFormat(DXGI_FORMAT_R32_FLOAT)));
  CHECK(viewFormatFits(r32, *findFormat(DXGI_FORMAT_R32_UINT)));
  CHECK(!viewFormatFits(r32, *findFormat(DXGI_FORMAT_R16G16_UINT)));  // another family
  CHECK(!viewFormatFits(*findFormat(DXGI_FORMAT_R32_UINT), *findFormat(DXGI_FORMAT_R32_FLOAT)));  // typed resources keep theirs
  CHECK(!viewFormatFits(r32, *findFormat(DXGI_FORMAT_D32_FLOAT)));  // typeless depth is not backed
  CHECK(copyCompatible(*findFormat(DXGI_FORMAT_R8G8B8A8_UNORM), *findFormat(DXGI_FORMAT_R8G8B8A8_UINT)));
  CHECK(!copyCompatible(*findFormat(DXGI_FORMAT_R8G8B8A8_UNORM), *findFormat(DXGI_FORMAT_B8G8R8A8_UNORM)));
  CHECK(!copyCompatible(*findFormat(DXGI_FORMAT_D32_FLOAT), *findFormat(DXGI_FORMAT_R32_FLOAT)));
}

TEST_CASE("clears of narrow formats: integers saturate to the channel, UAV bits scale per channel width, and a "
          "typeless image takes the view format's bits",
          "[state][format]") {
  const float color[4] = {300.0f, -5.0f, 1.5f, 0.0f};
  const VkClearColorValue u8 = clearColorFor(*findFormat(DXGI_FORMAT_R8G8B8A8_UINT), color);
  CHECK((u8.uint32[0] == 255 && u8.uint32[1] == 0 && u8.uint32[2] == 1));
  const VkClearColorValue s16 = clearColorFor(*findFormat(DXGI_FORMAT_R16G16_SINT), std::array<float, 4>{40000.0f, -40000.0f, 0, 0}.data());
  CHECK((s16.int32[0] == 32767 && s16.int32[1] == -32768));

  const uint32_t bits[4] = {0xFFFF, 0x8000, 0x1FF, 0x80};
  const VkClearColorValue un16 = uavClearColorFromBits(*findFormat(DXGI_FORMAT_R16G16B16A16_UNORM), bits);
  CHECK(un16.float32[0] == 1.0f);
  CHECK(un16.float32[1] == float(0x8000) / 65535.0f);
  const VkClearColorValue sn8 = uavClearColorFromBits(*findFormat(DXGI_FORMAT_R8G8B8A8_SNORM), bits);
  CHECK(sn8.float32[0] == -1.0f / 127.0f);  // low byte 0xFF: −1
  CHECK(sn8.float32[1] == 0.0f);            // low byte 0x00
  CHECK(sn8.float32[3] == -1.0f);           // 0x80: −128, clamped to −1
  const VkClearColorValue h = uavClearColorFromBits(*findFormat(DXGI_FORMAT_R16_FLOAT), bits);
  CHECK(std::signbit(h.float32[1]));                            // 0x8000: −0
  CHECK(h.float32[2] == std::ldexp(511.0f, -24));                // 0x01FF: a subnormal half

  // A typeless image (its family's UINT format) clears with the bits the view's format gives the value.
  const FormatInfo& typeless = *findFormat(DXGI_FORMAT_R8G8B8A8_TYPELESS);
  VkClearColorValue unorm{};
  unorm.float32[0] = 1.0f, unorm.float32[1] = 0.5f, unorm.float32[2] = -1.0f, unorm.float32[3] = 0.2f;
  VkClearColorValue b = clearValueForImage(*findFormat(DXGI_FORMAT_R8G8B8A8_UNORM), typeless, unorm);
  CHECK((b.uint32[0] == 255 && b.uint32[1] == 128 && b.uint32[2] == 0 && b.uint32[3] == 51));
  b = clearValueForImage(*findFormat(DXGI_FORMAT_R8G8B8A8_UNORM_SRGB), typeless, unorm);
  CHECK((b.uint32[0] == 255 && b.uint32[1] == 188 && b.uint32[3] == 51));  // sRGB(0.5) = 0.7354 → 188; alpha linear
  b = clearValueForImage(*findFormat(DXGI_FORMAT_R8G8B8A8_SNORM), typeless, unorm);
  CHECK((b.uint32[0] == 127 && b.uint32[1] == 64 && b.uint32[2] == 0x81));
  VkClearColorValue half{};
  half.float32[0] = 1.0f, half.float32[1] = -2.5f;
  b = clearValueForImage(*findFormat(DXGI_FORMAT_R16G16_FLOAT), *findFormat(DXGI_FORMAT_R16G16_TYPELESS), half);
  CHECK((b.uint32[0] == 0x3C00 && b.uint32[1] == 0xC100));
  // An image of the view's own format takes the value as it is.
  b = clearValueForImage(*findFormat(DXGI_FORMAT_R8G8B8A8_UNORM), *findFormat(DXGI_FORMAT_R8G8B8A8_UNORM), unorm);
  CHECK(b.float32[1] == 0.5f);
}

TEST_CASE("integer render targets clear to the float colour truncated and saturated", "[state][format]") {
  const float color[4] = {3.9f, -2.0f, 70000.0f, std::nanf("")};
  VkClearColorValue u = clearColorFor(*findFormat(DXGI_FORMAT_R32_UINT), color);
  CHECK(u.uint32[0] == 3);
  CHECK(u.uint32[1] == 0);
  CHECK(u.uint32[2] == 70000);
  CHECK(u.uint32[3] == 0);
  const float big[4] = {5e9f, 0, 0, 0};
  CHECK(clearColorFor(*findFormat(DXGI_FORMAT_R32G32_UINT), big).uint32[0] == 0xFFFFFFFFu);
  VkClearColorValue f = clearColorFor(*findFormat(DXGI_FORMAT_R8G8B8A8_UNORM), color);
  CHECK(f.float32[0] == 3.9f);  // float targets pass the colour through; Vulkan converts
}

TEST_CASE("staging layout: 16-byte rows and subresources in D3D order (mip + slice × mips)", "[state][format]") {
  uint64_t total = 0;
  std::vector<LinearSubresource> l = linearLayout(5, 3, 2, 2, 4, &total);
  REQUIRE(l.size() == 4);
  CHECK(l[0].offset == 0);
  CHECK(l[0].rowPitch == 32);  // 20 bytes → 32
  CHECK(l[0].depthPitch == 96);
  CHECK((l[1].width == 2 && l[1].height == 1 && l[1].rowPitch == 16));
  CHECK(l[1].offset == 96);
  CHECK(l[2].offset == 112);  // slice 1, mip 0
  CHECK((l[2].width == 5 && l[2].height == 3));
  CHECK(total == 112 + 96 + 16);
  CHECK(fullMipCount(5, 3) == 3);
  CHECK(fullMipCount(1, 1) == 1);
  CHECK(fullMipCount(256, 16) == 9);
}

TEST_CASE("staging layout of a Texture3D: each mip's depth slices one depthPitch apart", "[state][format]") {
  uint64_t total = 0;
  std::vector<LinearSubresource> l = linearLayoutVolume(5, 3, 4, 2, 4, &total);
  REQUIRE(l.size() == 2);
  CHECK((l[0].offset == 0 && l[0].rowPitch == 32 && l[0].depthPitch == 96 && l[0].depth == 4));
  CHECK((l[1].width == 2 && l[1].height == 1 && l[1].depth == 2 && l[1].rowPitch == 16 && l[1].depthPitch == 16));
  CHECK(l[1].offset == 4 * 96);
  CHECK(total == 4 * 96 + 2 * 16);
  // Depth runs out before width: the last mips keep one slice.
  l = linearLayoutVolume(8, 8, 2, 4, 4, &total);
  CHECK((l[1].depth == 1 && l[2].depth == 1 && l[3].depth == 1));
}

TEST_CASE("bind flags → Vulkan usage, DYNAMIC and STAGING need host-visible memory", "[state][format]") {
  const VkBufferUsageFlags transfer = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  CHECK(bufferUsageFor(0) == transfer);
  CHECK(bufferUsageFor(D3D10_DDI_BIND_VERTEX_BUFFER | D3D10_DDI_BIND_INDEX_BUFFER) ==
        (transfer | VK_BUFFER_USAGE_VERTEX_BUFFER_BIT | VK_BUFFER_USAGE_INDEX_BUFFER_BIT));
  CHECK(bufferUsageFor(D3D10_DDI_BIND_CONSTANT_BUFFER) == (transfer | VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT));
  CHECK(bufferUsageFor(D3D10_DDI_BIND_SHADER_RESOURCE) ==
        (transfer | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT));
  CHECK(bufferUsageFor(D3D11_DDI_BIND_UNORDERED_ACCESS) ==
        (transfer | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT));
  CHECK(bufferUsageFor(0, D3D11_DDI_RESOURCE_MISC_DRAWINDIRECT_ARGS) == (transfer | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT));
  const VkImageUsageFlags itransfer = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  CHECK(imageUsageFor(0) == itransfer);
  CHECK(imageUsageFor(D3D10_DDI_BIND_RENDER_TARGET | D3D10_DDI_BIND_SHADER_RESOURCE) ==
        (itransfer | VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT));
  CHECK(imageUsageFor(D3D10_DDI_BIND_DEPTH_STENCIL) == (itransfer | VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT));
  CHECK(needsHostVisibleMemory(D3D10_DDI_USAGE_DYNAMIC));
  CHECK(needsHostVisibleMemory(D3D10_DDI_USAGE_STAGING));
  CHECK(!needsHostVisibleMemory(D3D10_DDI_USAGE_DEFAULT));
  CHECK(!needsHostVisibleMemory(D3D10_DDI_USAGE_IMMUTABLE));
}

TEST_CASE("block-compressed and packed formats: Vulkan formats, block layouts and block-for-texel copies",
          "[state][format]") {
  const FormatInfo* bc1 = findFormat(DXGI_FORMAT_BC1_UNORM);
  const FormatInfo* bc7 = findFormat(DXGI_FORMAT_BC7_UNORM_SRGB);
  REQUIRE(bc1);
  REQUIRE(bc7);
  CHECK(bc1->vk == VK_FORMAT_BC1_RGBA_UNORM_BLOCK);
  CHECK(bc7->vk == VK_FORMAT_BC7_SRGB_BLOCK);
  CHECK((bc1->blockDim == 4 && bc1->bytesPerTexel == 8 && bc7->bytesPerTexel == 16));
  CHECK(findFormat(DXGI_FORMAT_R10G10B10A2_UNORM)->vk == VK_FORMAT_A2B10G10R10_UNORM_PACK32);
  CHECK(findFormat(DXGI_FORMAT_B5G6R5_UNORM)->vk == VK_FORMAT_R5G6B5_UNORM_PACK16);
  CHECK(findFormat(DXGI_FORMAT_B4G4R4A4_UNORM)->vk == VK_FORMAT_A4R4G4B4_UNORM_PACK16);
  CHECK(findFormat(DXGI_FORMAT_A8_UNORM)->swizzle == ViewSwizzle::AlphaFromRed);
  CHECK(findFormat(DXGI_FORMAT_B8G8R8X8_UNORM)->swizzle == ViewSwizzle::OpaqueAlpha);
  // BC1 copies with the 8-byte R32G32 / R16G16B16A16 families, BC7 with R32G32B32A32, not across sizes.
  CHECK(copyCompatible(*bc1, *findFormat(DXGI_FORMAT_R32G32_UINT)));
  CHECK(copyCompatible(*findFormat(DXGI_FORMAT_R16G16B16A16_FLOAT), *findFormat(DXGI_FORMAT_BC4_SNORM)));
  CHECK(copyCompatible(*bc7, *findFormat(DXGI_FORMAT_R32G32B32A32_UINT)));
  CHECK(!copyCompatible(*bc1, *findFormat(DXGI_FORMAT_R32G32B32A32_UINT)));
  CHECK(!copyCompatible(*bc1, *bc7));
  CHECK(copyCompatible(*bc7, *findFormat(DXGI_FORMAT_BC7_TYPELESS)));
  // An 8x8 BC1 texture of 3 mips: rows of blocks (16 bytes, padded to 16), a 2x2 mip still one block.
  uint64_t total = 0;
  const std::vector<LinearSubresource> l = linearLayout(8, 8, 3, 1, 8, &total, 4);
  REQUIRE(l.size() == 3);
  CHECK((l[0].rows == 2 && l[0].rowPitch == 16 && l[0].depthPitch == 32 && l[0].rowBytes() == 16));
  CHECK((l[1].rows == 1 && l[1].rowBytes() == 8 && l[1].depthPitch == 16));
  CHECK((l[2].width == 2 && l[2].rows == 1 && l[2].rowBytes() == 8));
  CHECK(total == 64);
  // The R10G10B10A2 family clears its 2-bit alpha as 2 bits.
  CHECK(channelBitsOf(*findFormat(DXGI_FORMAT_R10G10B10A2_UINT), 3) == 2);
  const float rgba[4] = {2000.0f, 5.0f, 1.0f, 9.0f};
  const VkClearColorValue v = clearColorFor(*findFormat(DXGI_FORMAT_R10G10B10A2_UINT), rgba);
  CHECK((v.uint32[0] == 1023 && v.uint32[1] == 5 && v.uint32[2] == 1 && v.uint32[3] == 3));
}
