// translate/state/resource_format.h — what d3dvk needs to know about a DXGI
// format to back a D3D resource with Vulkan (VkFormat, texel size, aspects,
// how a clear colour is interpreted), and the pure rules for a resource's
// Vulkan usage and memory and for the linear layout of staging/dynamic
// subresources that Map hands to the application. Pure: no Vulkan calls.
#pragma once

#include "d3d10umddi.h"

#include <directx/dxgiformat.h>
#include <vulkan/vulkan_core.h>

#include <cstdint>
#include <vector>

namespace d3dvk::state {

// Typeless: a resource format whose views pick a typed member of its family
// (the image is created MUTABLE_FORMAT with the family's UINT member).
enum class FormatKind { Float, Unorm, Snorm, Uint, Sint, Depth, DepthStencil, Typeless };

// How a shader-resource view's components come from the Vulkan format: as
// they are, or re-routed for a DXGI format Vulkan lacks (A8_UNORM lives in an
// R8_UNORM image read as (0, 0, 0, r); B8G8R8X8 in a B8G8R8A8 image whose
// alpha reads 1). Render-target, depth and UAV views always keep identity.
enum class ViewSwizzle : uint8_t { Identity, AlphaFromRed, OpaqueAlpha };

struct FormatInfo {
  DXGI_FORMAT dxgi;
  VkFormat vk;
  uint32_t bytesPerTexel;  // for depth-stencil: the D3D (packed) size; block-compressed: bytes per 4x4 block
  FormatKind kind;
  DXGI_FORMAT family = DXGI_FORMAT_UNKNOWN;  // the *_TYPELESS format of its family (UNKNOWN: none)
  uint32_t channelBits = 0;                   // bits per channel (colour formats; 0: packed or compressed)
  bool srgb = false;
  uint32_t blockDim = 1;                      // texels per block side: 4 for BC1–BC7, 1 otherwise
  ViewSwizzle swizzle = ViewSwizzle::Identity;
};

inline bool isBlockCompressed(const FormatInfo& f) { return f.blockDim > 1; }
// A *_UINT or *_SINT format (the stencil-plane views X24_TYPELESS_G8_UINT and
// X32_TYPELESS_G8X24_UINT among them): never blended or sampled.
inline bool isIntegerFormat(const FormatInfo& f) { return f.kind == FormatKind::Uint || f.kind == FormatKind::Sint; }
// Bits of channel c (0..3: R, G, B, A) of a colour format whose channels are
// whole-format integers or normalized values (R10G10B10A2: 10, 10, 10, 2);
// 0 where the format has no such channel layout (packed floats, compressed).
uint32_t channelBitsOf(const FormatInfo& f, uint32_t c);

// The formats d3dvk backs (render targets, depth-stencil, shader resources,
// staging): R8, R8G8, R8G8B8A8 (and B8G8R8A8) UNORM/UNORM_SRGB/SNORM/UINT/SINT,
// R16, R16G16, R16G16B16A16 FLOAT/UNORM/SNORM/UINT/SINT, R32, R32G32,
// R32G32B32, R32G32B32A32 FLOAT/UINT/SINT, R10G10B10A2 UNORM/UINT,
// R11G11B10_FLOAT, R9G9B9E5_SHAREDEXP, B5G6R5/B5G5R5A1/B4G4R4A4_UNORM,
// B8G8R8X8_UNORM(_SRGB), A8_UNORM, BC1–BC7 (UNORM, SRGB, SNORM, UF16/SF16),
// the TYPELESS format of each of those families, D32_FLOAT, D16_UNORM and
// D24_UNORM_S8_UINT, and the R24G8 family (R24G8_TYPELESS,
// R24_UNORM_X8_TYPELESS, X24_TYPELESS_G8_UINT: one aspect each of a
// D24_UNORM_S8_UINT image), D32_FLOAT_S8X24_UINT and the R32G8X24 family
// (R32G8X24_TYPELESS, R32_FLOAT_X8X24_TYPELESS, X32_TYPELESS_G8X24_UINT: one
// aspect each of a D32_SFLOAT_S8_UINT image); null for any other value,
// including out-of-range ones. docs/formats.md lists them with their Vulkan formats and emulations.
const FormatInfo* findFormat(DXGI_FORMAT format);
// The render targets (bit i: formats[i]) that keep the pixel shader's alpha in
// their red channel (A8_UNORM in an R8 image): a pipeline's value of
// dxbc::kAlphaInRedTargetsSpecId, and the targets whose blend state becomes
// alphaInRedAttachment's (blend_state.h). Shared by the D3D11 and D3D12 pipelines.
uint32_t alphaInRedTargetMask(const DXGI_FORMAT* formats, uint32_t count);
// Every format findFormat knows, in table order (for queries over all formats).
const FormatInfo* formatTable(uint32_t* count);

// The depth format a typeless texture's image takes when it is a depth-stencil
// target (and, for R24G8/R32G8X24_TYPELESS, always): D32_FLOAT for R32_TYPELESS,
// D16_UNORM for R16_TYPELESS, D24_UNORM_S8_UINT for R24G8_TYPELESS,
// D32_FLOAT_S8X24_UINT for R32G8X24_TYPELESS; null for
// any other format. Its
// depth-stencil views use that format; its shader-resource views read one
// aspect of it (depthViewAspect).
const FormatInfo* depthFormatForTypeless(const FormatInfo& typeless);
// The depth-stencil format whose image backs every member of a family that
// exists only as depth and stencil: D24_UNORM_S8_UINT for the R24G8 family,
// D32_FLOAT_S8X24_UINT for the R32G8X24 family; null for any other format
// (including the depth-stencil formats themselves).
const FormatInfo* depthStencilFamilyImage(const FormatInfo& f);
// The aspect a shader-resource view of format `view` reads from an image of
// depth format `image`: depth for R32_FLOAT on D32_FLOAT, R16_UNORM on
// D16_UNORM and R24_UNORM_X8_TYPELESS on D24_UNORM_S8_UINT, stencil for
// X24_TYPELESS_G8_UINT on D24_UNORM_S8_UINT (and likewise R32_FLOAT_X8X24_TYPELESS
// and X32_TYPELESS_G8X24_UINT on D32_FLOAT_S8X24_UINT); 0 for any other pair. (The
// image view keeps the image's format; D3D reads the stencil in .g.)
VkImageAspectFlags depthViewAspect(const FormatInfo& image, const FormatInfo& view);

// Whether a view of format `view` may look at a resource of format `resource`:
// the same format, a typed member of the typeless resource format's family, or
// for a depth image one of the aspect formats depthViewAspect accepts.
bool viewFormatFits(const FormatInfo& resource, const FormatInfo& view);
// Whether two resources copy into each other (CopyResource/CopySubresourceRegion):
// D3D's rule (copy_rules.h: one typeless group, or a reinterpreting pair —
// block-compressed with an uncompressed format whose texel is as large as
// its block, R9G9B9E5 with R32) between two colour or two depth formats
// (what one vkCmdCopyImage copies). Depth <-> colour copies of one group
// (copy_rules.h) go through a buffer (ddi/umd/staged_image_copy.h).
bool copyCompatible(const FormatInfo& a, const FormatInfo& b);

inline bool isDepthFormat(const FormatInfo& f) {
  return f.kind == FormatKind::Depth || f.kind == FormatKind::DepthStencil;
}
// Image aspects of a format's Vulkan image.
VkImageAspectFlags formatAspects(const FormatInfo& f);

// D3D clears an integer render target with its float colour converted per
// channel (truncation towards zero, saturated to the channel's range).
// A8_UNORM (an R8 image) takes the colour's alpha in its red channel.
VkClearColorValue clearColorFor(const FormatInfo& f, const float rgba[4]);

// A clear value given in a view's format (clearColorFor, uavClearColorFromBits)
// for vkCmdClearColorImage on the view's image: unchanged for an image of the
// view's own format; for a typeless image (its family's UINT format) the
// channels' bits as the view's format encodes them (UNORM/SNORM rounded to
// nearest, sRGB-encoded first for *_SRGB; halves rounded to nearest even); for
// an sRGB view of a UNORM image (a swapchain back buffer) the sRGB-encoded
// values as UNORM floats (k / (2^bits - 1), exact after the image's conversion).
VkClearColorValue clearValueForImage(const FormatInfo& view, const FormatInfo& image, const VkClearColorValue& value);

// ClearUnorderedAccessViewUint: each channel takes the low bits of its value
// as raw bits (integer formats: the integer; n-bit UNORM: bits / (2^n − 1);
// n-bit SNORM: the two's-complement bits / (2^(n−1) − 1), clamped to −1; 16-
// and 32-bit float: the half or float with those bits). Channels map R, G, B, A.
VkClearColorValue uavClearColorFromBits(const FormatInfo& f, const uint32_t values[4]);

// The bytes of one texel of colour format `f` holding `value` (given as
// clearColorFor / uavClearColorFromBits give it for `f`): each channel
// encoded as the format stores it (UNORM/SNORM rounded to nearest, halves
// rounded to nearest even), channels in memory order (B8G8R8A8: B, G, R, A).
// Returns the texel's size (f.bytesPerTexel, at most 16), 0 for formats it
// cannot encode (depth, typeless).
uint32_t packTexel(const FormatInfo& f, const VkClearColorValue& value, uint8_t out[16]);

// The linear CPU layout of one subresource of a staging or dynamic texture:
// rows padded to kRowPitchAlignment bytes, subresources kSubresourceAlignment-aligned.
inline constexpr uint32_t kRowPitchAlignment = 16;
inline constexpr uint32_t kSubresourceAlignment = 16;

// A row is one row of texels, or of 4x4 blocks for block-compressed formats
// (D3D's pitch of a BC subresource is the bytes of one block row).
struct LinearSubresource {
  uint64_t offset;
  uint32_t width, height;  // texels of this mip
  uint32_t rowPitch;       // bytes
  uint32_t depthPitch;     // bytes (rowPitch × rows): one depth slice
  uint32_t depth = 1;      // depth slices of this mip (Texture3D)
  uint32_t rows = 0;       // rows in memory: height, or ceil(height / blockDim)
  uint32_t blockDim = 1;   // texels per row element side (4: BC blocks)
  uint32_t elementBytes = 0;  // bytes per texel or block
  uint32_t rowBytes() const { return (width + blockDim - 1) / blockDim * elementBytes; }
};

// D3D subresource order: index = mip + arraySlice × mipLevels. blockDim 4
// lays out 4x4 blocks of bytesPerTexel bytes each.
std::vector<LinearSubresource> linearLayout(uint32_t width, uint32_t height, uint32_t mipLevels, uint32_t arraySize,
                                            uint32_t bytesPerTexel, uint64_t* totalSize, uint32_t blockDim = 1);
// A Texture3D's mips (each `depth >> mip` slices of depthPitch bytes, at least one).
std::vector<LinearSubresource> linearLayoutVolume(uint32_t width, uint32_t height, uint32_t depth, uint32_t mipLevels,
                                                  uint32_t bytesPerTexel, uint64_t* totalSize, uint32_t blockDim = 1);

// The number of mips a full chain of a width × height texture has.
uint32_t fullMipCount(uint32_t width, uint32_t height);

// Vulkan usage for a D3D resource's DDI bind flags (D3D10_DDI_BIND_*). Every
// resource can be a transfer source and destination (copies, updates, clears).
// Buffers: shader-resource and UAV buffers are also storage and texel
// buffers (raw, structured and typed views); DRAWINDIRECT_ARGS ones indirect buffers.
VkBufferUsageFlags bufferUsageFor(uint32_t ddiBindFlags, uint32_t ddiMiscFlags = 0);
VkImageUsageFlags imageUsageFor(uint32_t ddiBindFlags);
// Whether a DDI usage (D3D10_DDI_USAGE_*) needs CPU-visible memory: DYNAMIC
// and STAGING are mapped by the CPU; DEFAULT and IMMUTABLE live in device memory.
bool needsHostVisibleMemory(uint32_t ddiUsage);

}  // namespace d3dvk::state
