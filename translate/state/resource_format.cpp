// translate/state/resource_format.cpp — see resource_format.h.
#include "resource_format.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace d3dvk::state {

namespace {
constexpr FormatInfo kFormats[] = {
    {DXGI_FORMAT_R32G32B32A32_FLOAT, VK_FORMAT_R32G32B32A32_SFLOAT, 16, FormatKind::Float},
    {DXGI_FORMAT_R32G32B32A32_UINT, VK_FORMAT_R32G32B32A32_UINT, 16, FormatKind::Uint},
    {DXGI_FORMAT_R16G16B16A16_FLOAT, VK_FORMAT_R16G16B16A16_SFLOAT, 8, FormatKind::Float},
    {DXGI_FORMAT_R32G32_FLOAT, VK_FORMAT_R32G32_SFLOAT, 8, FormatKind::Float},
    {DXGI_FORMAT_R32G32_UINT, VK_FORMAT_R32G32_UINT, 8, FormatKind::Uint},
    {DXGI_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM, 4, FormatKind::Unorm},
    {DXGI_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_B8G8R8A8_UNORM, 4, FormatKind::Unorm},
    {DXGI_FORMAT_R32_FLOAT, VK_FORMAT_R32_SFLOAT, 4, FormatKind::Float},
    {DXGI_FORMAT_R32_UINT, VK_FORMAT_R32_UINT, 4, FormatKind::Uint},
    {DXGI_FORMAT_R32_SINT, VK_FORMAT_R32_SINT, 4, FormatKind::Sint},
    {DXGI_FORMAT_D32_FLOAT, VK_FORMAT_D32_SFLOAT, 4, FormatKind::Depth},
    {DXGI_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_D24_UNORM_S8_UINT, 4, FormatKind::DepthStencil},
};

uint32_t toUint(float v) {
  if (!(v > 0.0f)) return 0;  // NaN and negatives
  if (v >= 4294967295.0f) return std::numeric_limits<uint32_t>::max();
  return uint32_t(v);
}
int32_t toSint(float v) {
  if (v != v) return 0;
  if (v >= 2147483647.0f) return std::numeric_limits<int32_t>::max();
  if (v <= -2147483648.0f) return std::numeric_limits<int32_t>::min();
  return int32_t(v);
}
}  // namespace

const FormatInfo* findFormat(DXGI_FORMAT format) {
  for (const FormatInfo& f : kFormats)
    if (f.dxgi == format) return &f;
  return nullptr;
}

VkImageAspectFlags formatAspects(const FormatInfo& f) {
  switch (f.kind) {
    case FormatKind::Depth: return VK_IMAGE_ASPECT_DEPTH_BIT;
    case FormatKind::DepthStencil: return VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
    default: return VK_IMAGE_ASPECT_COLOR_BIT;
  }
}

VkClearColorValue clearColorFor(const FormatInfo& f, const float rgba[4]) {
  VkClearColorValue v{};
  for (int i = 0; i < 4; ++i) {
    if (f.kind == FormatKind::Uint)
      v.uint32[i] = toUint(rgba[i]);
    else if (f.kind == FormatKind::Sint)
      v.int32[i] = toSint(rgba[i]);
    else
      v.float32[i] = rgba[i];
  }
  return v;
}

namespace {
float halfToFloat(uint32_t h) {
  const uint32_t sign = (h >> 15) & 1, exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
  float magnitude;
  if (exponent == 0) magnitude = std::ldexp(float(mantissa), -24);
  else if (exponent == 31) magnitude = mantissa ? std::numeric_limits<float>::quiet_NaN() : std::numeric_limits<float>::infinity();
  else magnitude = std::ldexp(float(mantissa | 0x400), int(exponent) - 25);
  return sign ? -magnitude : magnitude;
}
}  // namespace

VkClearColorValue uavClearColorFromBits(const FormatInfo& f, const uint32_t values[4]) {
  VkClearColorValue v{};
  for (int i = 0; i < 4; ++i) {
    switch (f.kind) {
      case FormatKind::Uint:
      case FormatKind::Sint: v.uint32[i] = values[i]; break;
      case FormatKind::Unorm: v.float32[i] = float(values[i] & 0xFF) / 255.0f; break;
      default:
        if (f.bytesPerTexel == 8 && f.vk == VK_FORMAT_R16G16B16A16_SFLOAT) v.float32[i] = halfToFloat(values[i] & 0xFFFF);
        else std::memcpy(&v.float32[i], &values[i], 4);
        break;
    }
  }
  return v;
}

uint32_t fullMipCount(uint32_t width, uint32_t height) {
  uint32_t largest = width > height ? width : height, count = 1;
  while (largest > 1) largest >>= 1, ++count;
  return count;
}

std::vector<LinearSubresource> linearLayout(uint32_t width, uint32_t height, uint32_t mipLevels, uint32_t arraySize,
                                            uint32_t bytesPerTexel, uint64_t* totalSize) {
  std::vector<LinearSubresource> out;
  uint64_t offset = 0;
  for (uint32_t slice = 0; slice < arraySize; ++slice) {
    for (uint32_t mip = 0; mip < mipLevels; ++mip) {
      LinearSubresource s;
      s.width = (width >> mip) ? (width >> mip) : 1;
      s.height = (height >> mip) ? (height >> mip) : 1;
      uint64_t row = uint64_t(s.width) * bytesPerTexel;
      s.rowPitch = uint32_t((row + kRowPitchAlignment - 1) / kRowPitchAlignment * kRowPitchAlignment);
      s.depthPitch = s.rowPitch * s.height;
      offset = (offset + kSubresourceAlignment - 1) / kSubresourceAlignment * kSubresourceAlignment;
      s.offset = offset;
      offset += s.depthPitch;
      out.push_back(s);
    }
  }
  if (totalSize) *totalSize = offset;
  return out;
}

std::vector<LinearSubresource> linearLayoutVolume(uint32_t width, uint32_t height, uint32_t depth, uint32_t mipLevels,
                                                  uint32_t bytesPerTexel, uint64_t* totalSize) {
  std::vector<LinearSubresource> out = linearLayout(width, height, mipLevels, 1, bytesPerTexel, nullptr);
  uint64_t offset = 0;
  for (uint32_t mip = 0; mip < mipLevels; ++mip) {
    LinearSubresource& s = out[mip];
    s.depth = (depth >> mip) ? (depth >> mip) : 1;
    offset = (offset + kSubresourceAlignment - 1) / kSubresourceAlignment * kSubresourceAlignment;
    s.offset = offset;
    offset += uint64_t(s.depthPitch) * s.depth;
  }
  if (totalSize) *totalSize = offset;
  return out;
}

VkBufferUsageFlags bufferUsageFor(uint32_t bind, uint32_t misc) {
  VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  if (bind & D3D10_DDI_BIND_VERTEX_BUFFER) usage |= VK_BUFFER_USAGE_VERTEX_BUFFER_BIT;
  if (bind & D3D10_DDI_BIND_INDEX_BUFFER) usage |= VK_BUFFER_USAGE_INDEX_BUFFER_BIT;
  if (bind & D3D10_DDI_BIND_CONSTANT_BUFFER) usage |= VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT;
  if (bind & (D3D10_DDI_BIND_SHADER_RESOURCE | D3D11_DDI_BIND_UNORDERED_ACCESS))
    usage |= VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  if (bind & D3D10_DDI_BIND_SHADER_RESOURCE) usage |= VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT;
  if (bind & D3D11_DDI_BIND_UNORDERED_ACCESS) usage |= VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT;
  if (misc & D3D11_DDI_RESOURCE_MISC_DRAWINDIRECT_ARGS) usage |= VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT;
  return usage;
}

VkImageUsageFlags imageUsageFor(uint32_t bind) {
  VkImageUsageFlags usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  if (bind & D3D10_DDI_BIND_RENDER_TARGET) usage |= VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
  if (bind & D3D10_DDI_BIND_DEPTH_STENCIL) usage |= VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
  if (bind & D3D10_DDI_BIND_SHADER_RESOURCE) usage |= VK_IMAGE_USAGE_SAMPLED_BIT;
  if (bind & D3D11_DDI_BIND_UNORDERED_ACCESS) usage |= VK_IMAGE_USAGE_STORAGE_BIT;
  return usage;
}

bool needsHostVisibleMemory(uint32_t usage) {
  return usage == D3D10_DDI_USAGE_DYNAMIC || usage == D3D10_DDI_USAGE_STAGING;
}

}  // namespace d3dvk::state
