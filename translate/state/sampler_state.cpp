// translate/state/sampler_state.cpp — see sampler_state.h.
#include "sampler_state.h"

#include "depth_stencil_state.h"

#include <algorithm>
#include <cfloat>

namespace d3dvk::state {
namespace {

// D3D filter encoding: bits 0-1 mip, 2-3 mag, 4-5 min (0 point, 1 linear),
// 0x40 anisotropic, bits 7-8 the reduction (0 standard, 1 comparison, 2 minimum, 3 maximum).
constexpr unsigned kMipShift = 0, kMagShift = 2, kMinShift = 4, kAnisotropicBit = 0x40, kReductionShift = 7;

}  // namespace

D3D10_DDI_SAMPLER_DESC defaultSamplerDesc() {
  D3D10_DDI_SAMPLER_DESC d{};
  d.Filter = D3D10_DDI_FILTER_MIN_MAG_MIP_LINEAR;
  d.AddressU = d.AddressV = d.AddressW = D3D10_DDI_TEXTURE_ADDRESS_CLAMP;
  d.MipLODBias = 0;
  d.MaxAnisotropy = 1;
  d.ComparisonFunc = D3D10_DDI_COMPARISON_NEVER;
  d.BorderColor[0] = d.BorderColor[1] = d.BorderColor[2] = d.BorderColor[3] = 1.0f;
  d.MinLOD = -FLT_MAX;
  d.MaxLOD = FLT_MAX;
  return d;
}

bool isValidFilter(D3D10_DDI_FILTER filter) {
  const unsigned f = unsigned(filter);
  if (f & ~0x1D5u) return false;  // only the min/mag/mip, anisotropic and reduction bits
  if (f & kAnisotropicBit) return (f & 0x3Fu) == 0x15u;  // anisotropic: every part linear
  return true;
}

bool isAnisotropicFilter(D3D10_DDI_FILTER filter) { return (unsigned(filter) & kAnisotropicBit) != 0; }

bool isComparisonFilter(D3D10_DDI_FILTER filter) { return ((unsigned(filter) >> kReductionShift) & 3u) == 1u; }

bool isValidAddressMode(D3D10_DDI_TEXTURE_ADDRESS_MODE mode) {
  return mode >= D3D10_DDI_TEXTURE_ADDRESS_WRAP && mode <= D3D10_DDI_TEXTURE_ADDRESS_MIRRORONCE;
}

VkSamplerAddressMode addressModeFor(D3D10_DDI_TEXTURE_ADDRESS_MODE mode) {
  switch (mode) {
    case D3D10_DDI_TEXTURE_ADDRESS_WRAP: return VK_SAMPLER_ADDRESS_MODE_REPEAT;
    case D3D10_DDI_TEXTURE_ADDRESS_MIRROR: return VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT;
    case D3D10_DDI_TEXTURE_ADDRESS_CLAMP: return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    case D3D10_DDI_TEXTURE_ADDRESS_BORDER: return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
    case D3D10_DDI_TEXTURE_ADDRESS_MIRRORONCE: return VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE;
  }
  return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;  // out-of-range values are rejected before
}

SamplerState translateSamplerState(const D3D10_DDI_SAMPLER_DESC& d, float maxAnisotropy) {
  SamplerState s;
  VkSamplerCreateInfo& i = s.info;
  const unsigned f = unsigned(d.Filter);
  auto linear = [&](unsigned shift) { return ((f >> shift) & 3u) != 0; };
  i.magFilter = linear(kMagShift) ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
  i.minFilter = linear(kMinShift) ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
  i.mipmapMode = linear(kMipShift) ? VK_SAMPLER_MIPMAP_MODE_LINEAR : VK_SAMPLER_MIPMAP_MODE_NEAREST;
  i.addressModeU = addressModeFor(d.AddressU);
  i.addressModeV = addressModeFor(d.AddressV);
  i.addressModeW = addressModeFor(d.AddressW);
  i.mipLodBias = d.MipLODBias;
  if (isAnisotropicFilter(d.Filter) && maxAnisotropy >= 1.0f) {
    i.anisotropyEnable = VK_TRUE;
    i.maxAnisotropy = std::min(float(std::clamp(d.MaxAnisotropy, 1u, 16u)), maxAnisotropy);
  } else {
    i.maxAnisotropy = 1.0f;
  }
  switch ((f >> kReductionShift) & 3u) {
    case 1:
      i.compareEnable = VK_TRUE;
      i.compareOp = compareOpFor(d.ComparisonFunc);
      break;
    case 2: s.reduction = VK_SAMPLER_REDUCTION_MODE_MIN; break;
    case 3: s.reduction = VK_SAMPLER_REDUCTION_MODE_MAX; break;
    default: break;
  }
  i.minLod = d.MinLOD;
  i.maxLod = std::max(d.MinLOD, d.MaxLOD);
  i.unnormalizedCoordinates = VK_FALSE;

  s.usesBorder = d.AddressU == D3D10_DDI_TEXTURE_ADDRESS_BORDER || d.AddressV == D3D10_DDI_TEXTURE_ADDRESS_BORDER ||
                 d.AddressW == D3D10_DDI_TEXTURE_ADDRESS_BORDER;
  const float* c = d.BorderColor;
  auto is = [&](float r, float g, float b, float a) { return c[0] == r && c[1] == g && c[2] == b && c[3] == a; };
  if (!s.usesBorder || is(0, 0, 0, 0)) {
    i.borderColor = VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK;
  } else if (is(0, 0, 0, 1)) {
    i.borderColor = VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK;
  } else if (is(1, 1, 1, 1)) {
    i.borderColor = VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE;
  } else {
    i.borderColor = VK_BORDER_COLOR_FLOAT_CUSTOM_EXT;
    s.customBorder = true;
    std::copy(c, c + 4, s.customBorderColor.float32);
  }
  return s;
}

}  // namespace d3dvk::state
