// translate/texture/format_emulation.h — how d3dvk holds a DXGI format that
// D3D guarantees but the Vulkan device lacks (issue 28): which image format
// a resource of it takes, how each of its views reads that image, and how
// BC blocks decode into it (bc_decode_shader.h). Pure: no Vulkan calls. The
// UMD decides per device which families are emulated (vk::Device::
// emulatedFormats: no textureCompressionBC, no B4G4R4A4 format, or
// D3DVK_EMULATE_FORMATS) and asks here how.
//
//  - BC1–BC7: the image holds the decoded texels (BC1, BC2, BC3, BC7 in
//    R8G8B8A8_UNORM / _SRGB, BC4 in R8, BC5 in R8G8 (UNORM or SNORM), BC6H in
//    R16G16B16A16_SFLOAT); the application's blocks live in a buffer beside
//    it and every write decodes the blocks it changed. A TYPELESS BC4 / BC5
//    texture holds both readings (UNORM channels, then SNORM ones: R8G8 /
//    R8G8B8A8, created mutable) and each view picks its own by a swizzle;
//    a TYPELESS BC1–3/BC7 one is an R8G8B8A8_UNORM image viewed as UNORM or
//    SRGB; a BC6H_TYPELESS one holds both readings in two sets of array
//    layers (UF16's, then SF16's), each view reading its own set (a
//    Texture3D has no layers: its SF16 views read the UF16 reading).
//  - B4G4R4A4_UNORM: the same 16 bits in a B4G4R4A4_UNORM_PACK16 image
//    (Vulkan's every device samples it), whose components name other bits:
//    shader-resource views swizzle them back; no render target (a swizzle does
//    not apply to attachments), which D3D11 allows: the format is optional.
#pragma once

#include "resource_format.h"

#include <vulkan/vulkan_core.h>

#include <cstdint>

namespace d3dvk::texture {

// Families the device emulates (bits).
inline constexpr uint32_t kEmulateBc = 1;
inline constexpr uint32_t kEmulate4444 = 2;

// The families `resource` belongs to (kEmulateBc for every BC format, kEmulate4444 for B4G4R4A4_UNORM; 0 otherwise).
uint32_t emulationFamily(const state::FormatInfo& resource);

// The image of an emulated resource: its Vulkan format and whether it is
// created MUTABLE_FORMAT (views in another format of the same texel size).
struct EmulatedImage {
  VkFormat format = VK_FORMAT_UNDEFINED;
  bool mutableFormat = false;
  uint32_t layerSets = 1;  // BC6H_TYPELESS: 2, the UF16 decoding's layers then the SF16 one's
};
// VK_FORMAT_UNDEFINED where the format is not in an emulated family.
EmulatedImage emulatedImage(const state::FormatInfo& resource, uint32_t emulated);

// How a shader-resource view of format `view` reads the image of an emulated
// resource of format `resource`: the image view's format and components.
struct EmulatedView {
  VkFormat format = VK_FORMAT_UNDEFINED;
  VkComponentMapping components{};
  bool secondLayerSet = false;  // reads the image's second set of layers (EmulatedImage::layerSets)
};
// False where `resource` is not emulated (the view reads the image as usual).
bool emulatedView(const state::FormatInfo& resource, const state::FormatInfo& view, uint32_t emulated,
                  EmulatedView* out);

// How bc_decode.comp decodes a BC resource's blocks into its emulated image.
struct BcDecodeFormat {
  uint32_t format = 0;      // 1..7
  uint32_t variant = 0;     // kBcSigned, kBcBoth
  uint32_t texelBytes = 0;  // of the emulated image's format
};
BcDecodeFormat bcDecodeFormat(const state::FormatInfo& resource);

}  // namespace d3dvk::texture
