// translate/texture/format_emulation.cpp — see format_emulation.h.
#include "format_emulation.h"

#include "bc_decode_shader.h"

namespace d3dvk::texture {

namespace {

constexpr VkComponentSwizzle R = VK_COMPONENT_SWIZZLE_R, G = VK_COMPONENT_SWIZZLE_G, B = VK_COMPONENT_SWIZZLE_B,
                             A = VK_COMPONENT_SWIZZLE_A, Z = VK_COMPONENT_SWIZZLE_ZERO, O = VK_COMPONENT_SWIZZLE_ONE,
                             I = VK_COMPONENT_SWIZZLE_IDENTITY;

// The BC number (1..7) of a BC format, 0 for any other.
uint32_t bcNumber(DXGI_FORMAT f) {
  switch (f) {
    case DXGI_FORMAT_BC1_TYPELESS: case DXGI_FORMAT_BC1_UNORM: case DXGI_FORMAT_BC1_UNORM_SRGB: return 1;
    case DXGI_FORMAT_BC2_TYPELESS: case DXGI_FORMAT_BC2_UNORM: case DXGI_FORMAT_BC2_UNORM_SRGB: return 2;
    case DXGI_FORMAT_BC3_TYPELESS: case DXGI_FORMAT_BC3_UNORM: case DXGI_FORMAT_BC3_UNORM_SRGB: return 3;
    case DXGI_FORMAT_BC4_TYPELESS: case DXGI_FORMAT_BC4_UNORM: case DXGI_FORMAT_BC4_SNORM: return 4;
    case DXGI_FORMAT_BC5_TYPELESS: case DXGI_FORMAT_BC5_UNORM: case DXGI_FORMAT_BC5_SNORM: return 5;
    case DXGI_FORMAT_BC6H_TYPELESS: case DXGI_FORMAT_BC6H_UF16: case DXGI_FORMAT_BC6H_SF16: return 6;
    case DXGI_FORMAT_BC7_TYPELESS: case DXGI_FORMAT_BC7_UNORM: case DXGI_FORMAT_BC7_UNORM_SRGB: return 7;
    default: return 0;
  }
}

bool isSigned(DXGI_FORMAT f) {
  return f == DXGI_FORMAT_BC4_SNORM || f == DXGI_FORMAT_BC5_SNORM || f == DXGI_FORMAT_BC6H_SF16;
}

}  // namespace

uint32_t emulationFamily(const state::FormatInfo& resource) {
  if (bcNumber(resource.dxgi)) return kEmulateBc;
  if (resource.dxgi == DXGI_FORMAT_B4G4R4A4_UNORM) return kEmulate4444;
  return 0;
}

EmulatedImage emulatedImage(const state::FormatInfo& resource, uint32_t emulated) {
  EmulatedImage image;
  if (!(emulationFamily(resource) & emulated)) return image;
  if (resource.dxgi == DXGI_FORMAT_B4G4R4A4_UNORM) {
    image.format = VK_FORMAT_B4G4R4A4_UNORM_PACK16;
    return image;
  }
  const bool typeless = resource.kind == state::FormatKind::Typeless;
  image.mutableFormat = typeless;
  switch (bcNumber(resource.dxgi)) {
    case 4:
      image.format = typeless ? VK_FORMAT_R8G8_UNORM : isSigned(resource.dxgi) ? VK_FORMAT_R8_SNORM : VK_FORMAT_R8_UNORM;
      break;
    case 5:
      image.format = typeless                   ? VK_FORMAT_R8G8B8A8_UNORM
                     : isSigned(resource.dxgi) ? VK_FORMAT_R8G8_SNORM
                                               : VK_FORMAT_R8G8_UNORM;
      break;
    case 6:
      image.format = VK_FORMAT_R16G16B16A16_SFLOAT;
      image.mutableFormat = false;
      image.layerSets = typeless ? 2 : 1;  // both readings (format_emulation.h)
      break;
    default:
      image.format = resource.srgb ? VK_FORMAT_R8G8B8A8_SRGB : VK_FORMAT_R8G8B8A8_UNORM;
      break;
  }
  return image;
}

bool emulatedView(const state::FormatInfo& resource, const state::FormatInfo& view, uint32_t emulated,
                  EmulatedView* out) {
  if (!(emulationFamily(resource) & emulated)) return false;
  *out = EmulatedView{};
  if (resource.dxgi == DXGI_FORMAT_B4G4R4A4_UNORM) {
    // Vulkan's B4G4R4A4 holds B in bits 12–15, G 8–11, R 4–7, A 0–3; D3D's holds
    // A in 12–15, R 8–11, G 4–7, B 0–3.
    out->format = VK_FORMAT_B4G4R4A4_UNORM_PACK16;
    out->components = {G, R, A, B};
    return true;
  }
  const bool typeless = resource.kind == state::FormatKind::Typeless;
  const bool snorm = isSigned(view.dxgi);
  switch (bcNumber(view.dxgi)) {
    case 4:
      if (typeless) {
        out->format = snorm ? VK_FORMAT_R8G8_SNORM : VK_FORMAT_R8G8_UNORM;
        out->components = {snorm ? G : R, Z, Z, O};
      } else {
        out->format = snorm ? VK_FORMAT_R8_SNORM : VK_FORMAT_R8_UNORM;
      }
      return true;
    case 5:
      if (typeless) {
        out->format = snorm ? VK_FORMAT_R8G8B8A8_SNORM : VK_FORMAT_R8G8B8A8_UNORM;
        out->components = {snorm ? B : R, snorm ? A : G, Z, O};
      } else {
        out->format = snorm ? VK_FORMAT_R8G8_SNORM : VK_FORMAT_R8G8_UNORM;
      }
      return true;
    case 6:
      out->format = VK_FORMAT_R16G16B16A16_SFLOAT;
      out->components = {I, I, I, I};
      out->secondLayerSet = typeless && snorm;
      return true;
    case 0:
      return false;
    default:
      out->format = view.srgb ? VK_FORMAT_R8G8B8A8_SRGB : VK_FORMAT_R8G8B8A8_UNORM;
      return true;
  }
}

BcDecodeFormat bcDecodeFormat(const state::FormatInfo& resource) {
  BcDecodeFormat d;
  d.format = bcNumber(resource.dxgi);
  const bool typeless = resource.kind == state::FormatKind::Typeless;
  if (isSigned(resource.dxgi)) d.variant = kBcSigned;
  switch (d.format) {
    case 4:
      if (typeless) d.variant = kBcBoth;
      d.texelBytes = typeless ? 2 : 1;
      break;
    case 5:
      if (typeless) d.variant = kBcBoth;
      d.texelBytes = typeless ? 4 : 2;
      break;
    case 6: d.texelBytes = 8; break;
    case 0: break;
    default: d.texelBytes = 4; break;
  }
  return d;
}

}  // namespace d3dvk::texture
