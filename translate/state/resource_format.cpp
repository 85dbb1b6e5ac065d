// translate/state/resource_format.cpp — see resource_format.h.
#include "resource_format.h"

#include "copy_rules.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace d3dvk::state {

namespace {
// {DXGI, Vulkan, bytes, kind, typeless family, bits per channel, sRGB}
constexpr FormatInfo kFormats[] = {
    {DXGI_FORMAT_R32G32B32A32_TYPELESS, VK_FORMAT_R32G32B32A32_UINT, 16, FormatKind::Typeless, DXGI_FORMAT_R32G32B32A32_TYPELESS, 32},
    {DXGI_FORMAT_R32G32B32A32_FLOAT, VK_FORMAT_R32G32B32A32_SFLOAT, 16, FormatKind::Float, DXGI_FORMAT_R32G32B32A32_TYPELESS, 32},
    {DXGI_FORMAT_R32G32B32A32_UINT, VK_FORMAT_R32G32B32A32_UINT, 16, FormatKind::Uint, DXGI_FORMAT_R32G32B32A32_TYPELESS, 32},
    {DXGI_FORMAT_R32G32B32A32_SINT, VK_FORMAT_R32G32B32A32_SINT, 16, FormatKind::Sint, DXGI_FORMAT_R32G32B32A32_TYPELESS, 32},
    {DXGI_FORMAT_R16G16B16A16_TYPELESS, VK_FORMAT_R16G16B16A16_UINT, 8, FormatKind::Typeless, DXGI_FORMAT_R16G16B16A16_TYPELESS, 16},
    {DXGI_FORMAT_R16G16B16A16_FLOAT, VK_FORMAT_R16G16B16A16_SFLOAT, 8, FormatKind::Float, DXGI_FORMAT_R16G16B16A16_TYPELESS, 16},
    {DXGI_FORMAT_R16G16B16A16_UNORM, VK_FORMAT_R16G16B16A16_UNORM, 8, FormatKind::Unorm, DXGI_FORMAT_R16G16B16A16_TYPELESS, 16},
    {DXGI_FORMAT_R16G16B16A16_SNORM, VK_FORMAT_R16G16B16A16_SNORM, 8, FormatKind::Snorm, DXGI_FORMAT_R16G16B16A16_TYPELESS, 16},
    {DXGI_FORMAT_R16G16B16A16_UINT, VK_FORMAT_R16G16B16A16_UINT, 8, FormatKind::Uint, DXGI_FORMAT_R16G16B16A16_TYPELESS, 16},
    {DXGI_FORMAT_R16G16B16A16_SINT, VK_FORMAT_R16G16B16A16_SINT, 8, FormatKind::Sint, DXGI_FORMAT_R16G16B16A16_TYPELESS, 16},
    {DXGI_FORMAT_R32G32_TYPELESS, VK_FORMAT_R32G32_UINT, 8, FormatKind::Typeless, DXGI_FORMAT_R32G32_TYPELESS, 32},
    {DXGI_FORMAT_R32G32_FLOAT, VK_FORMAT_R32G32_SFLOAT, 8, FormatKind::Float, DXGI_FORMAT_R32G32_TYPELESS, 32},
    {DXGI_FORMAT_R32G32_UINT, VK_FORMAT_R32G32_UINT, 8, FormatKind::Uint, DXGI_FORMAT_R32G32_TYPELESS, 32},
    {DXGI_FORMAT_R32G32_SINT, VK_FORMAT_R32G32_SINT, 8, FormatKind::Sint, DXGI_FORMAT_R32G32_TYPELESS, 32},
    {DXGI_FORMAT_R8G8B8A8_TYPELESS, VK_FORMAT_R8G8B8A8_UINT, 4, FormatKind::Typeless, DXGI_FORMAT_R8G8B8A8_TYPELESS, 8},
    {DXGI_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM, 4, FormatKind::Unorm, DXGI_FORMAT_R8G8B8A8_TYPELESS, 8},
    {DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, VK_FORMAT_R8G8B8A8_SRGB, 4, FormatKind::Unorm, DXGI_FORMAT_R8G8B8A8_TYPELESS, 8, true},
    {DXGI_FORMAT_R8G8B8A8_SNORM, VK_FORMAT_R8G8B8A8_SNORM, 4, FormatKind::Snorm, DXGI_FORMAT_R8G8B8A8_TYPELESS, 8},
    {DXGI_FORMAT_R8G8B8A8_UINT, VK_FORMAT_R8G8B8A8_UINT, 4, FormatKind::Uint, DXGI_FORMAT_R8G8B8A8_TYPELESS, 8},
    {DXGI_FORMAT_R8G8B8A8_SINT, VK_FORMAT_R8G8B8A8_SINT, 4, FormatKind::Sint, DXGI_FORMAT_R8G8B8A8_TYPELESS, 8},
    {DXGI_FORMAT_B8G8R8A8_TYPELESS, VK_FORMAT_B8G8R8A8_UINT, 4, FormatKind::Typeless, DXGI_FORMAT_B8G8R8A8_TYPELESS, 8},
    {DXGI_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_B8G8R8A8_UNORM, 4, FormatKind::Unorm, DXGI_FORMAT_B8G8R8A8_TYPELESS, 8},
    {DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, VK_FORMAT_B8G8R8A8_SRGB, 4, FormatKind::Unorm, DXGI_FORMAT_B8G8R8A8_TYPELESS, 8, true},
    {DXGI_FORMAT_R16G16_TYPELESS, VK_FORMAT_R16G16_UINT, 4, FormatKind::Typeless, DXGI_FORMAT_R16G16_TYPELESS, 16},
    {DXGI_FORMAT_R16G16_FLOAT, VK_FORMAT_R16G16_SFLOAT, 4, FormatKind::Float, DXGI_FORMAT_R16G16_TYPELESS, 16},
    {DXGI_FORMAT_R16G16_UNORM, VK_FORMAT_R16G16_UNORM, 4, FormatKind::Unorm, DXGI_FORMAT_R16G16_TYPELESS, 16},
    {DXGI_FORMAT_R16G16_SNORM, VK_FORMAT_R16G16_SNORM, 4, FormatKind::Snorm, DXGI_FORMAT_R16G16_TYPELESS, 16},
    {DXGI_FORMAT_R16G16_UINT, VK_FORMAT_R16G16_UINT, 4, FormatKind::Uint, DXGI_FORMAT_R16G16_TYPELESS, 16},
    {DXGI_FORMAT_R16G16_SINT, VK_FORMAT_R16G16_SINT, 4, FormatKind::Sint, DXGI_FORMAT_R16G16_TYPELESS, 16},
    {DXGI_FORMAT_R32_TYPELESS, VK_FORMAT_R32_UINT, 4, FormatKind::Typeless, DXGI_FORMAT_R32_TYPELESS, 32},
    {DXGI_FORMAT_R32_FLOAT, VK_FORMAT_R32_SFLOAT, 4, FormatKind::Float, DXGI_FORMAT_R32_TYPELESS, 32},
    {DXGI_FORMAT_R32_UINT, VK_FORMAT_R32_UINT, 4, FormatKind::Uint, DXGI_FORMAT_R32_TYPELESS, 32},
    {DXGI_FORMAT_R32_SINT, VK_FORMAT_R32_SINT, 4, FormatKind::Sint, DXGI_FORMAT_R32_TYPELESS, 32},
    {DXGI_FORMAT_R8G8_TYPELESS, VK_FORMAT_R8G8_UINT, 2, FormatKind::Typeless, DXGI_FORMAT_R8G8_TYPELESS, 8},
    {DXGI_FORMAT_R8G8_UNORM, VK_FORMAT_R8G8_UNORM, 2, FormatKind::Unorm, DXGI_FORMAT_R8G8_TYPELESS, 8},
    {DXGI_FORMAT_R8G8_SNORM, VK_FORMAT_R8G8_SNORM, 2, FormatKind::Snorm, DXGI_FORMAT_R8G8_TYPELESS, 8},
    {DXGI_FORMAT_R8G8_UINT, VK_FORMAT_R8G8_UINT, 2, FormatKind::Uint, DXGI_FORMAT_R8G8_TYPELESS, 8},
    {DXGI_FORMAT_R8G8_SINT, VK_FORMAT_R8G8_SINT, 2, FormatKind::Sint, DXGI_FORMAT_R8G8_TYPELESS, 8},
    {DXGI_FORMAT_R16_TYPELESS, VK_FORMAT_R16_UINT, 2, FormatKind::Typeless, DXGI_FORMAT_R16_TYPELESS, 16},
    {DXGI_FORMAT_R16_FLOAT, VK_FORMAT_R16_SFLOAT, 2, FormatKind::Float, DXGI_FORMAT_R16_TYPELESS, 16},
    {DXGI_FORMAT_R16_UNORM, VK_FORMAT_R16_UNORM, 2, FormatKind::Unorm, DXGI_FORMAT_R16_TYPELESS, 16},
    {DXGI_FORMAT_R16_SNORM, VK_FORMAT_R16_SNORM, 2, FormatKind::Snorm, DXGI_FORMAT_R16_TYPELESS, 16},
    {DXGI_FORMAT_R16_UINT, VK_FORMAT_R16_UINT, 2, FormatKind::Uint, DXGI_FORMAT_R16_TYPELESS, 16},
    {DXGI_FORMAT_R16_SINT, VK_FORMAT_R16_SINT, 2, FormatKind::Sint, DXGI_FORMAT_R16_TYPELESS, 16},
    {DXGI_FORMAT_R8_TYPELESS, VK_FORMAT_R8_UINT, 1, FormatKind::Typeless, DXGI_FORMAT_R8_TYPELESS, 8},
    {DXGI_FORMAT_R8_UNORM, VK_FORMAT_R8_UNORM, 1, FormatKind::Unorm, DXGI_FORMAT_R8_TYPELESS, 8},
    {DXGI_FORMAT_R8_SNORM, VK_FORMAT_R8_SNORM, 1, FormatKind::Snorm, DXGI_FORMAT_R8_TYPELESS, 8},
    {DXGI_FORMAT_R8_UINT, VK_FORMAT_R8_UINT, 1, FormatKind::Uint, DXGI_FORMAT_R8_TYPELESS, 8},
    {DXGI_FORMAT_R8_SINT, VK_FORMAT_R8_SINT, 1, FormatKind::Sint, DXGI_FORMAT_R8_TYPELESS, 8},
    {DXGI_FORMAT_R32G32B32_TYPELESS, VK_FORMAT_R32G32B32_UINT, 12, FormatKind::Typeless, DXGI_FORMAT_R32G32B32_TYPELESS, 32},
    {DXGI_FORMAT_R32G32B32_FLOAT, VK_FORMAT_R32G32B32_SFLOAT, 12, FormatKind::Float, DXGI_FORMAT_R32G32B32_TYPELESS, 32},
    {DXGI_FORMAT_R32G32B32_UINT, VK_FORMAT_R32G32B32_UINT, 12, FormatKind::Uint, DXGI_FORMAT_R32G32B32_TYPELESS, 32},
    {DXGI_FORMAT_R32G32B32_SINT, VK_FORMAT_R32G32B32_SINT, 12, FormatKind::Sint, DXGI_FORMAT_R32G32B32_TYPELESS, 32},
    // Packed formats: Vulkan's *_PACK* formats name the same bits from the top
    // down (A2B10G10R10: R in bits 0–9, as DXGI's R10G10B10A2).
    {DXGI_FORMAT_R10G10B10A2_TYPELESS, VK_FORMAT_A2B10G10R10_UINT_PACK32, 4, FormatKind::Typeless, DXGI_FORMAT_R10G10B10A2_TYPELESS, 10},
    {DXGI_FORMAT_R10G10B10A2_UNORM, VK_FORMAT_A2B10G10R10_UNORM_PACK32, 4, FormatKind::Unorm, DXGI_FORMAT_R10G10B10A2_TYPELESS, 10},
    {DXGI_FORMAT_R10G10B10A2_UINT, VK_FORMAT_A2B10G10R10_UINT_PACK32, 4, FormatKind::Uint, DXGI_FORMAT_R10G10B10A2_TYPELESS, 10},
    {DXGI_FORMAT_R11G11B10_FLOAT, VK_FORMAT_B10G11R11_UFLOAT_PACK32, 4, FormatKind::Float},
    {DXGI_FORMAT_R9G9B9E5_SHAREDEXP, VK_FORMAT_E5B9G9R9_UFLOAT_PACK32, 4, FormatKind::Float},
    {DXGI_FORMAT_B5G6R5_UNORM, VK_FORMAT_R5G6B5_UNORM_PACK16, 2, FormatKind::Unorm},
    {DXGI_FORMAT_B5G5R5A1_UNORM, VK_FORMAT_A1R5G5B5_UNORM_PACK16, 2, FormatKind::Unorm},
    {DXGI_FORMAT_B4G4R4A4_UNORM, VK_FORMAT_A4R4G4B4_UNORM_PACK16, 2, FormatKind::Unorm},
    // Emulated: B8G8R8X8 in B8G8R8A8 with alpha read as 1, A8 in R8 read into alpha.
    {DXGI_FORMAT_B8G8R8X8_TYPELESS, VK_FORMAT_B8G8R8A8_UINT, 4, FormatKind::Typeless, DXGI_FORMAT_B8G8R8X8_TYPELESS, 8},
    {DXGI_FORMAT_B8G8R8X8_UNORM, VK_FORMAT_B8G8R8A8_UNORM, 4, FormatKind::Unorm, DXGI_FORMAT_B8G8R8X8_TYPELESS, 8, false, 1, ViewSwizzle::OpaqueAlpha},
    {DXGI_FORMAT_B8G8R8X8_UNORM_SRGB, VK_FORMAT_B8G8R8A8_SRGB, 4, FormatKind::Unorm, DXGI_FORMAT_B8G8R8X8_TYPELESS, 8, true, 1, ViewSwizzle::OpaqueAlpha},
    {DXGI_FORMAT_A8_UNORM, VK_FORMAT_R8_UNORM, 1, FormatKind::Unorm, DXGI_FORMAT_UNKNOWN, 8, false, 1, ViewSwizzle::AlphaFromRed},
    // Block-compressed: bytesPerTexel is the 4x4 block's size; a TYPELESS
    // texture's image takes the family's UNORM (BC6H: UF16) format, MUTABLE.
    {DXGI_FORMAT_BC1_TYPELESS, VK_FORMAT_BC1_RGBA_UNORM_BLOCK, 8, FormatKind::Typeless, DXGI_FORMAT_BC1_TYPELESS, 0, false, 4},
    {DXGI_FORMAT_BC1_UNORM, VK_FORMAT_BC1_RGBA_UNORM_BLOCK, 8, FormatKind::Unorm, DXGI_FORMAT_BC1_TYPELESS, 0, false, 4},
    {DXGI_FORMAT_BC1_UNORM_SRGB, VK_FORMAT_BC1_RGBA_SRGB_BLOCK, 8, FormatKind::Unorm, DXGI_FORMAT_BC1_TYPELESS, 0, true, 4},
    {DXGI_FORMAT_BC2_TYPELESS, VK_FORMAT_BC2_UNORM_BLOCK, 16, FormatKind::Typeless, DXGI_FORMAT_BC2_TYPELESS, 0, false, 4},
    {DXGI_FORMAT_BC2_UNORM, VK_FORMAT_BC2_UNORM_BLOCK, 16, FormatKind::Unorm, DXGI_FORMAT_BC2_TYPELESS, 0, false, 4},
    {DXGI_FORMAT_BC2_UNORM_SRGB, VK_FORMAT_BC2_SRGB_BLOCK, 16, FormatKind::Unorm, DXGI_FORMAT_BC2_TYPELESS, 0, true, 4},
    {DXGI_FORMAT_BC3_TYPELESS, VK_FORMAT_BC3_UNORM_BLOCK, 16, FormatKind::Typeless, DXGI_FORMAT_BC3_TYPELESS, 0, false, 4},
    {DXGI_FORMAT_BC3_UNORM, VK_FORMAT_BC3_UNORM_BLOCK, 16, FormatKind::Unorm, DXGI_FORMAT_BC3_TYPELESS, 0, false, 4},
    {DXGI_FORMAT_BC3_UNORM_SRGB, VK_FORMAT_BC3_SRGB_BLOCK, 16, FormatKind::Unorm, DXGI_FORMAT_BC3_TYPELESS, 0, true, 4},
    {DXGI_FORMAT_BC4_TYPELESS, VK_FORMAT_BC4_UNORM_BLOCK, 8, FormatKind::Typeless, DXGI_FORMAT_BC4_TYPELESS, 0, false, 4},
    {DXGI_FORMAT_BC4_UNORM, VK_FORMAT_BC4_UNORM_BLOCK, 8, FormatKind::Unorm, DXGI_FORMAT_BC4_TYPELESS, 0, false, 4},
    {DXGI_FORMAT_BC4_SNORM, VK_FORMAT_BC4_SNORM_BLOCK, 8, FormatKind::Snorm, DXGI_FORMAT_BC4_TYPELESS, 0, false, 4},
    {DXGI_FORMAT_BC5_TYPELESS, VK_FORMAT_BC5_UNORM_BLOCK, 16, FormatKind::Typeless, DXGI_FORMAT_BC5_TYPELESS, 0, false, 4},
    {DXGI_FORMAT_BC5_UNORM, VK_FORMAT_BC5_UNORM_BLOCK, 16, FormatKind::Unorm, DXGI_FORMAT_BC5_TYPELESS, 0, false, 4},
    {DXGI_FORMAT_BC5_SNORM, VK_FORMAT_BC5_SNORM_BLOCK, 16, FormatKind::Snorm, DXGI_FORMAT_BC5_TYPELESS, 0, false, 4},
    {DXGI_FORMAT_BC6H_TYPELESS, VK_FORMAT_BC6H_UFLOAT_BLOCK, 16, FormatKind::Typeless, DXGI_FORMAT_BC6H_TYPELESS, 0, false, 4},
    {DXGI_FORMAT_BC6H_UF16, VK_FORMAT_BC6H_UFLOAT_BLOCK, 16, FormatKind::Float, DXGI_FORMAT_BC6H_TYPELESS, 0, false, 4},
    {DXGI_FORMAT_BC6H_SF16, VK_FORMAT_BC6H_SFLOAT_BLOCK, 16, FormatKind::Float, DXGI_FORMAT_BC6H_TYPELESS, 0, false, 4},
    {DXGI_FORMAT_BC7_TYPELESS, VK_FORMAT_BC7_UNORM_BLOCK, 16, FormatKind::Typeless, DXGI_FORMAT_BC7_TYPELESS, 0, false, 4},
    {DXGI_FORMAT_BC7_UNORM, VK_FORMAT_BC7_UNORM_BLOCK, 16, FormatKind::Unorm, DXGI_FORMAT_BC7_TYPELESS, 0, false, 4},
    {DXGI_FORMAT_BC7_UNORM_SRGB, VK_FORMAT_BC7_SRGB_BLOCK, 16, FormatKind::Unorm, DXGI_FORMAT_BC7_TYPELESS, 0, true, 4},
    {DXGI_FORMAT_D32_FLOAT, VK_FORMAT_D32_SFLOAT, 4, FormatKind::Depth},
    {DXGI_FORMAT_D16_UNORM, VK_FORMAT_D16_UNORM, 2, FormatKind::Depth},
    {DXGI_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_D24_UNORM_S8_UINT, 4, FormatKind::DepthStencil},
    // The D24S8 family: its typeless format always lives in a D24_UNORM_S8_UINT
    // image (depthFormatForTypeless); its typed members read one aspect of it.
    {DXGI_FORMAT_R24G8_TYPELESS, VK_FORMAT_D24_UNORM_S8_UINT, 4, FormatKind::Typeless, DXGI_FORMAT_R24G8_TYPELESS, 24},
    {DXGI_FORMAT_R24_UNORM_X8_TYPELESS, VK_FORMAT_D24_UNORM_S8_UINT, 4, FormatKind::Unorm, DXGI_FORMAT_R24G8_TYPELESS, 24},
    {DXGI_FORMAT_X24_TYPELESS_G8_UINT, VK_FORMAT_D24_UNORM_S8_UINT, 4, FormatKind::Uint, DXGI_FORMAT_R24G8_TYPELESS, 8},
    // The D32S8 family likewise lives in a D32_SFLOAT_S8_UINT image. D3D's
    // texel is 8 bytes (float depth, stencil byte, 24 unused bits); Vulkan
    // copies the two aspects as separate 4- and 1-byte planes.
    {DXGI_FORMAT_D32_FLOAT_S8X24_UINT, VK_FORMAT_D32_SFLOAT_S8_UINT, 8, FormatKind::DepthStencil},
    {DXGI_FORMAT_R32G8X24_TYPELESS, VK_FORMAT_D32_SFLOAT_S8_UINT, 8, FormatKind::Typeless, DXGI_FORMAT_R32G8X24_TYPELESS, 32},
    {DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS, VK_FORMAT_D32_SFLOAT_S8_UINT, 8, FormatKind::Float, DXGI_FORMAT_R32G8X24_TYPELESS, 32},
    {DXGI_FORMAT_X32_TYPELESS_G8X24_UINT, VK_FORMAT_D32_SFLOAT_S8_UINT, 8, FormatKind::Uint, DXGI_FORMAT_R32G8X24_TYPELESS, 8},
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

const FormatInfo* formatTable(uint32_t* count) {
  *count = uint32_t(sizeof kFormats / sizeof kFormats[0]);
  return kFormats;
}

uint32_t channelBitsOf(const FormatInfo& f, uint32_t c) {
  if (f.family == DXGI_FORMAT_R10G10B10A2_TYPELESS) return c == 3 ? 2 : 10;
  return f.channelBits;
}

const FormatInfo* depthFormatForTypeless(const FormatInfo& typeless) {
  if (typeless.dxgi == DXGI_FORMAT_R32_TYPELESS) return findFormat(DXGI_FORMAT_D32_FLOAT);
  if (typeless.dxgi == DXGI_FORMAT_R16_TYPELESS) return findFormat(DXGI_FORMAT_D16_UNORM);
  return typeless.kind == FormatKind::Typeless ? depthStencilFamilyImage(typeless) : nullptr;
}

const FormatInfo* depthStencilFamilyImage(const FormatInfo& f) {
  if (f.family == DXGI_FORMAT_R24G8_TYPELESS) return findFormat(DXGI_FORMAT_D24_UNORM_S8_UINT);
  if (f.family == DXGI_FORMAT_R32G8X24_TYPELESS) return findFormat(DXGI_FORMAT_D32_FLOAT_S8X24_UINT);
  return nullptr;
}

VkImageAspectFlags depthViewAspect(const FormatInfo& image, const FormatInfo& view) {
  if (image.dxgi == DXGI_FORMAT_D32_FLOAT && view.dxgi == DXGI_FORMAT_R32_FLOAT) return VK_IMAGE_ASPECT_DEPTH_BIT;
  if (image.dxgi == DXGI_FORMAT_D16_UNORM && view.dxgi == DXGI_FORMAT_R16_UNORM) return VK_IMAGE_ASPECT_DEPTH_BIT;
  if (image.dxgi == DXGI_FORMAT_D24_UNORM_S8_UINT) {
    if (view.dxgi == DXGI_FORMAT_R24_UNORM_X8_TYPELESS) return VK_IMAGE_ASPECT_DEPTH_BIT;
    if (view.dxgi == DXGI_FORMAT_X24_TYPELESS_G8_UINT) return VK_IMAGE_ASPECT_STENCIL_BIT;
  }
  if (image.dxgi == DXGI_FORMAT_D32_FLOAT_S8X24_UINT) {
    if (view.dxgi == DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS) return VK_IMAGE_ASPECT_DEPTH_BIT;
    if (view.dxgi == DXGI_FORMAT_X32_TYPELESS_G8X24_UINT) return VK_IMAGE_ASPECT_STENCIL_BIT;
  }
  return 0;
}

bool viewFormatFits(const FormatInfo& resource, const FormatInfo& view) {
  if (&resource == &view) return true;
  if (isDepthFormat(resource)) return depthViewAspect(resource, view) != 0;
  return resource.kind == FormatKind::Typeless && view.kind != FormatKind::Typeless && view.family == resource.dxgi;
}

bool copyCompatible(const FormatInfo& a, const FormatInfo& b) {
  if (&a == &b) return true;
  return copyFormatsCompatible(a.dxgi, b.dxgi) && isDepthFormat(a) == isDepthFormat(b);
}

VkImageAspectFlags formatAspects(const FormatInfo& f) {
  switch (f.kind) {
    case FormatKind::Depth: return VK_IMAGE_ASPECT_DEPTH_BIT;
    case FormatKind::DepthStencil: return VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
    default: return VK_IMAGE_ASPECT_COLOR_BIT;
  }
}

uint32_t alphaInRedTargetMask(const DXGI_FORMAT* formats, uint32_t count) {
  uint32_t mask = 0;
  for (uint32_t i = 0; i < count && i < 32; ++i)
    if (const FormatInfo* f = findFormat(formats[i]); f && f->swizzle == ViewSwizzle::AlphaFromRed) mask |= 1u << i;
  return mask;
}

VkClearColorValue clearColorFor(const FormatInfo& f, const float rgba[4]) {
  VkClearColorValue v{};
  for (uint32_t i = 0; i < 4; ++i) {
    const uint32_t bits = channelBitsOf(f, i) ? channelBitsOf(f, i) : 32;
    const uint32_t umax = bits >= 32 ? 0xFFFFFFFFu : (1u << bits) - 1;
    const int32_t smax = bits >= 32 ? std::numeric_limits<int32_t>::max() : (1 << (bits - 1)) - 1;
    if (f.kind == FormatKind::Uint)
      v.uint32[i] = std::min(toUint(rgba[i]), umax);
    else if (f.kind == FormatKind::Sint)
      v.int32[i] = std::clamp(toSint(rgba[i]), -smax - 1, smax);
    else
      v.float32[i] = rgba[i];
  }
  // A8_UNORM lives in an R8 image: its alpha is the image's red.
  if (f.swizzle == ViewSwizzle::AlphaFromRed) v.float32[0] = rgba[3];
  return v;
}

namespace {
uint32_t floatToHalfBits(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  const uint32_t sign = (x >> 16) & 0x8000;
  const uint32_t exponent = (x >> 23) & 0xFF;
  uint32_t mantissa = x & 0x7FFFFF;
  if (exponent == 0xFF) return sign | 0x7C00 | (mantissa ? 0x200 : 0);  // Inf / NaN
  const int e = int(exponent) - 127 + 15;
  if (e >= 31) return sign | 0x7C00;  // overflow: Inf
  if (e <= 0) {                       // subnormal half (or zero)
    if (e < -10) return sign;
    mantissa |= 0x800000;
    const uint32_t shift = uint32_t(14 - e);
    uint32_t half = mantissa >> shift;
    const uint32_t rest = mantissa & ((1u << shift) - 1), midpoint = 1u << (shift - 1);
    if (rest > midpoint || (rest == midpoint && (half & 1))) ++half;
    return sign | half;
  }
  uint32_t half = (uint32_t(e) << 10) | (mantissa >> 13);
  const uint32_t rest = mantissa & 0x1FFF;
  if (rest > 0x1000 || (rest == 0x1000 && (half & 1))) ++half;  // may carry into the exponent: still right
  return sign | half;
}

// D3D's FLOAT → UNORM/SNORM (round to nearest; NaN → 0), and the sRGB curve before it.
uint32_t toUnormBits(float v, uint32_t bits, bool srgb) {
  if (!(v > 0.0f)) return 0;
  if (v > 1.0f) v = 1.0f;
  if (srgb) v = v <= 0.0031308f ? v * 12.92f : 1.055f * std::pow(v, 1.0f / 2.4f) - 0.055f;
  const double max = double((1ull << bits) - 1);
  return uint32_t(std::floor(double(v) * max + 0.5));
}
uint32_t toSnormBits(float v, uint32_t bits) {
  if (v != v) return 0;
  v = std::clamp(v, -1.0f, 1.0f);
  const double max = double((1ull << (bits - 1)) - 1);
  const int32_t q = int32_t(std::lround(double(v) * max));
  return uint32_t(q) & uint32_t((1ull << bits) - 1);
}
}  // namespace

VkClearColorValue clearValueForImage(const FormatInfo& view, const FormatInfo& image, const VkClearColorValue& value) {
  if (&view == &image) return value;
  if (view.srgb && image.kind == FormatKind::Unorm && !image.srgb) {  // an sRGB view of a UNORM image
    VkClearColorValue out = value;
    for (uint32_t i = 0; i < 3; ++i) {
      const uint32_t bits = channelBitsOf(view, i);
      out.float32[i] = float(toUnormBits(value.float32[i], bits, true)) / float((1u << bits) - 1);
    }
    return out;
  }
  if (image.kind != FormatKind::Typeless) return value;
  VkClearColorValue out{};
  for (uint32_t i = 0; i < 4; ++i) {
    const uint32_t bits = channelBitsOf(view, i) ? channelBitsOf(view, i) : 32;
    const uint32_t mask = bits >= 32 ? 0xFFFFFFFFu : (1u << bits) - 1;
    switch (view.kind) {
      case FormatKind::Uint:
      case FormatKind::Sint: out.uint32[i] = value.uint32[i] & mask; break;
      case FormatKind::Unorm: out.uint32[i] = toUnormBits(value.float32[i], bits, view.srgb && i < 3); break;
      case FormatKind::Snorm: out.uint32[i] = toSnormBits(value.float32[i], bits); break;
      default:  // float
        if (bits == 16) out.uint32[i] = floatToHalfBits(value.float32[i]);
        else std::memcpy(&out.uint32[i], &value.float32[i], 4);
        break;
    }
  }
  return out;
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
      case FormatKind::Unorm: {
        if (!channelBitsOf(f, i)) {  // packed UNORM formats: not a whole-channel layout
          std::memcpy(&v.float32[i], &values[i], 4);
          break;
        }
        const uint32_t max = (1u << channelBitsOf(f, i)) - 1;
        v.float32[i] = float(values[i] & max) / float(max);
        break;
      }
      case FormatKind::Snorm: {
        const uint32_t bits = f.channelBits, low = values[i] & ((1u << bits) - 1);
        const int32_t value = int32_t(low << (32 - bits)) >> (32 - bits);  // sign-extended
        v.float32[i] = std::max(-1.0f, float(value) / float((1 << (bits - 1)) - 1));
        break;
      }
      default:
        if (f.channelBits == 16) v.float32[i] = halfToFloat(values[i] & 0xFFFF);
        else std::memcpy(&v.float32[i], &values[i], 4);
        break;
    }
  }
  return v;
}

uint32_t packTexel(const FormatInfo& f, const VkClearColorValue& value, uint8_t out[16]) {
  if (f.kind == FormatKind::Typeless || isDepthFormat(f) || !f.channelBits || f.bytesPerTexel > 16 ||
      f.family == DXGI_FORMAT_R10G10B10A2_TYPELESS || f.swizzle != ViewSwizzle::Identity)
    return 0;
  // The channels' bits: what a clear of a typeless image of this family takes.
  static const FormatInfo kTypeless{DXGI_FORMAT_UNKNOWN, VK_FORMAT_UNDEFINED, 0, FormatKind::Typeless};
  const VkClearColorValue bits = clearValueForImage(f, kTypeless, value);
  const uint32_t channels = f.bytesPerTexel * 8 / f.channelBits;
  const bool bgra = f.dxgi == DXGI_FORMAT_B8G8R8A8_UNORM || f.dxgi == DXGI_FORMAT_B8G8R8A8_UNORM_SRGB ||
                    f.dxgi == DXGI_FORMAT_B8G8R8A8_TYPELESS;
  std::memset(out, 0, 16);
  for (uint32_t c = 0; c < channels && c < 4; ++c) {
    const uint32_t source = bgra && c < 3 ? 2 - c : c;
    const uint64_t v = bits.uint32[source];
    const uint32_t bitOffset = c * f.channelBits;
    for (uint32_t b = 0; b < f.channelBits; b += 8) out[(bitOffset + b) / 8] = uint8_t(v >> b);
  }
  return f.bytesPerTexel;
}

uint32_t fullMipCount(uint32_t width, uint32_t height) {
  uint32_t largest = width > height ? width : height, count = 1;
  while (largest > 1) largest >>= 1, ++count;
  return count;
}

std::vector<LinearSubresource> linearLayout(uint32_t width, uint32_t height, uint32_t mipLevels, uint32_t arraySize,
                                            uint32_t bytesPerTexel, uint64_t* totalSize, uint32_t blockDim) {
  std::vector<LinearSubresource> out;
  uint64_t offset = 0;
  for (uint32_t slice = 0; slice < arraySize; ++slice) {
    for (uint32_t mip = 0; mip < mipLevels; ++mip) {
      LinearSubresource s;
      s.width = (width >> mip) ? (width >> mip) : 1;
      s.height = (height >> mip) ? (height >> mip) : 1;
      s.blockDim = blockDim;
      s.elementBytes = bytesPerTexel;
      s.rows = (s.height + blockDim - 1) / blockDim;
      uint64_t row = s.rowBytes();
      s.rowPitch = uint32_t((row + kRowPitchAlignment - 1) / kRowPitchAlignment * kRowPitchAlignment);
      s.depthPitch = s.rowPitch * s.rows;
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
                                                  uint32_t bytesPerTexel, uint64_t* totalSize, uint32_t blockDim) {
  std::vector<LinearSubresource> out = linearLayout(width, height, mipLevels, 1, bytesPerTexel, nullptr, blockDim);
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
