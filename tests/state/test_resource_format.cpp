// tests/state: DXGI format → Vulkan facts, clear-colour conversion for integer
// targets, and the linear layout Map exposes for staging textures.
#include "resource_format.h"

#include <catch2/catch.hpp>

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

TEST_CASE("unknown, typeless, compressed and out-of-range formats are not backed", "[state][format]") {
  CHECK(findFormat(DXGI_FORMAT_UNKNOWN) == nullptr);
  CHECK(findFormat(DXGI_FORMAT_R8G8B8A8_TYPELESS) == nullptr);
  CHECK(findFormat(DXGI_FORMAT_BC1_UNORM) == nullptr);
  CHECK(findFormat(DXGI_FORMAT(0x7fffffff)) == nullptr);
  CHECK(findFormat(DXGI_FORMAT(-5)) == nullptr);
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
