// tests/state: D3D sampler desc → Vulkan sampler create info (filters,
// anisotropy, comparison and min/max reduction, address modes, border colours,
// LOD range), and which filter and address values D3D defines.
#include "sampler_state.h"

#include <catch2/catch.hpp>

#include <cfloat>

using namespace d3dvk::state;

TEST_CASE("sampler filter: min, mag and mip decoded from the D3D filter bits", "[state][sampler]") {
  D3D10_DDI_SAMPLER_DESC d = defaultSamplerDesc();
  d.Filter = D3D10_DDI_FILTER_MIN_MAG_MIP_POINT;
  SamplerState s = translateSamplerState(d, 16);
  CHECK(s.info.minFilter == VK_FILTER_NEAREST);
  CHECK(s.info.magFilter == VK_FILTER_NEAREST);
  CHECK(s.info.mipmapMode == VK_SAMPLER_MIPMAP_MODE_NEAREST);
  CHECK_FALSE(s.info.anisotropyEnable);
  CHECK_FALSE(s.info.compareEnable);

  d.Filter = D3D10_DDI_FILTER_MIN_LINEAR_MAG_POINT_MIP_LINEAR;
  s = translateSamplerState(d, 16);
  CHECK(s.info.minFilter == VK_FILTER_LINEAR);
  CHECK(s.info.magFilter == VK_FILTER_NEAREST);
  CHECK(s.info.mipmapMode == VK_SAMPLER_MIPMAP_MODE_LINEAR);

  d.Filter = D3D10_DDI_FILTER_MIN_POINT_MAG_LINEAR_MIP_POINT;
  s = translateSamplerState(d, 16);
  CHECK(s.info.minFilter == VK_FILTER_NEAREST);
  CHECK(s.info.magFilter == VK_FILTER_LINEAR);
  CHECK(s.info.mipmapMode == VK_SAMPLER_MIPMAP_MODE_NEAREST);
}

TEST_CASE("sampler filter: anisotropic enables anisotropy within the device limit", "[state][sampler]") {
  D3D10_DDI_SAMPLER_DESC d = defaultSamplerDesc();
  d.Filter = D3D10_DDI_FILTER_ANISOTROPIC;
  d.MaxAnisotropy = 8;
  SamplerState s = translateSamplerState(d, 16);
  CHECK(s.info.anisotropyEnable == VK_TRUE);
  CHECK(s.info.maxAnisotropy == 8.0f);
  CHECK(s.info.minFilter == VK_FILTER_LINEAR);
  CHECK(s.info.mipmapMode == VK_SAMPLER_MIPMAP_MODE_LINEAR);
  s = translateSamplerState(d, 4);
  CHECK(s.info.maxAnisotropy == 4.0f);
  s = translateSamplerState(d, 0);  // no samplerAnisotropy feature
  CHECK_FALSE(s.info.anisotropyEnable);
  // MaxAnisotropy only matters for anisotropic filters.
  d.Filter = D3D10_DDI_FILTER_MIN_MAG_MIP_LINEAR;
  s = translateSamplerState(d, 16);
  CHECK_FALSE(s.info.anisotropyEnable);
}

TEST_CASE("sampler filter: comparison and min/max reduction", "[state][sampler]") {
  D3D10_DDI_SAMPLER_DESC d = defaultSamplerDesc();
  d.Filter = D3D10_DDI_FILTER_COMPARISON_MIN_MAG_MIP_LINEAR;
  d.ComparisonFunc = D3D10_DDI_COMPARISON_LESS_EQUAL;
  SamplerState s = translateSamplerState(d, 16);
  CHECK(s.info.compareEnable == VK_TRUE);
  CHECK(s.info.compareOp == VK_COMPARE_OP_LESS_OR_EQUAL);
  CHECK(s.reduction == VK_SAMPLER_REDUCTION_MODE_WEIGHTED_AVERAGE);
  CHECK(isComparisonFilter(d.Filter));

  d.Filter = D3D10_DDI_FILTER(0x115);  // MINIMUM_MIN_MAG_MIP_LINEAR
  s = translateSamplerState(d, 16);
  CHECK_FALSE(s.info.compareEnable);
  CHECK(s.reduction == VK_SAMPLER_REDUCTION_MODE_MIN);
  CHECK_FALSE(isComparisonFilter(d.Filter));
  d.Filter = D3D10_DDI_FILTER(0x180);  // MAXIMUM_MIN_MAG_MIP_POINT
  s = translateSamplerState(d, 16);
  CHECK(s.reduction == VK_SAMPLER_REDUCTION_MODE_MAX);
  CHECK(s.info.minFilter == VK_FILTER_NEAREST);
}

TEST_CASE("sampler filter: the values D3D defines", "[state][sampler]") {
  for (unsigned f : {0x00u, 0x01u, 0x04u, 0x05u, 0x10u, 0x11u, 0x14u, 0x15u, 0x55u, 0x80u, 0x95u, 0xD5u, 0x100u,
                     0x155u, 0x180u, 0x1D5u})
    CHECK(isValidFilter(D3D10_DDI_FILTER(f)));
  for (unsigned f : {0x02u, 0x08u, 0x20u, 0x40u, 0x45u, 0x54u, 0x200u, 0x80000000u, 0xFFFFFFFFu})
    CHECK_FALSE(isValidFilter(D3D10_DDI_FILTER(f)));
  CHECK(isAnisotropicFilter(D3D10_DDI_FILTER_COMPARISON_ANISOTROPIC));
  CHECK_FALSE(isAnisotropicFilter(D3D10_DDI_FILTER_MIN_MAG_MIP_LINEAR));
}

TEST_CASE("sampler address modes", "[state][sampler]") {
  CHECK(addressModeFor(D3D10_DDI_TEXTURE_ADDRESS_WRAP) == VK_SAMPLER_ADDRESS_MODE_REPEAT);
  CHECK(addressModeFor(D3D10_DDI_TEXTURE_ADDRESS_MIRROR) == VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT);
  CHECK(addressModeFor(D3D10_DDI_TEXTURE_ADDRESS_CLAMP) == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE);
  CHECK(addressModeFor(D3D10_DDI_TEXTURE_ADDRESS_BORDER) == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER);
  CHECK(addressModeFor(D3D10_DDI_TEXTURE_ADDRESS_MIRRORONCE) == VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE);
  CHECK(isValidAddressMode(D3D10_DDI_TEXTURE_ADDRESS_WRAP));
  CHECK(isValidAddressMode(D3D10_DDI_TEXTURE_ADDRESS_MIRRORONCE));
  CHECK_FALSE(isValidAddressMode(D3D10_DDI_TEXTURE_ADDRESS_MODE(0)));
  CHECK_FALSE(isValidAddressMode(D3D10_DDI_TEXTURE_ADDRESS_MODE(6)));

  D3D10_DDI_SAMPLER_DESC d = defaultSamplerDesc();
  d.AddressU = D3D10_DDI_TEXTURE_ADDRESS_WRAP;
  d.AddressV = D3D10_DDI_TEXTURE_ADDRESS_MIRROR;
  d.AddressW = D3D10_DDI_TEXTURE_ADDRESS_BORDER;
  const SamplerState s = translateSamplerState(d, 16);
  CHECK(s.info.addressModeU == VK_SAMPLER_ADDRESS_MODE_REPEAT);
  CHECK(s.info.addressModeV == VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT);
  CHECK(s.info.addressModeW == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER);
  CHECK(s.usesBorder);
}

TEST_CASE("sampler border colour: fixed Vulkan colours where they match, else custom", "[state][sampler]") {
  D3D10_DDI_SAMPLER_DESC d = defaultSamplerDesc();
  d.AddressU = D3D10_DDI_TEXTURE_ADDRESS_BORDER;
  auto border = [&](float r, float g, float b, float a) {
    d.BorderColor[0] = r, d.BorderColor[1] = g, d.BorderColor[2] = b, d.BorderColor[3] = a;
    return translateSamplerState(d, 16);
  };
  CHECK(border(0, 0, 0, 0).info.borderColor == VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK);
  CHECK(border(0, 0, 0, 1).info.borderColor == VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK);
  CHECK(border(1, 1, 1, 1).info.borderColor == VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE);
  const SamplerState custom = border(0.25f, 0.5f, 0.75f, 1);
  CHECK(custom.info.borderColor == VK_BORDER_COLOR_FLOAT_CUSTOM_EXT);
  REQUIRE(custom.customBorder);
  CHECK(custom.customBorderColor.float32[0] == 0.25f);
  CHECK(custom.customBorderColor.float32[2] == 0.75f);
  // Without border addressing the colour is never used: no custom colour needed.
  d.AddressU = D3D10_DDI_TEXTURE_ADDRESS_CLAMP;
  const SamplerState unused = border(0.25f, 0.5f, 0.75f, 1);
  CHECK_FALSE(unused.customBorder);
  CHECK_FALSE(unused.usesBorder);
}

TEST_CASE("sampler LOD range and bias", "[state][sampler]") {
  D3D10_DDI_SAMPLER_DESC d = defaultSamplerDesc();
  SamplerState s = translateSamplerState(d, 16);
  CHECK(s.info.minLod == -FLT_MAX);
  CHECK(s.info.maxLod == FLT_MAX);
  d.MinLOD = 2;
  d.MaxLOD = 5;
  d.MipLODBias = -1.5f;
  s = translateSamplerState(d, 16);
  CHECK(s.info.minLod == 2);
  CHECK(s.info.maxLod == 5);
  CHECK(s.info.mipLodBias == -1.5f);
  CHECK(s.info.unnormalizedCoordinates == VK_FALSE);
}
