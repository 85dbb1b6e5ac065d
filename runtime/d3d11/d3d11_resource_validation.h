// runtime/d3d11/d3d11_resource_validation.h — the D3D11 rules for buffer,
// Texture2D and Texture3D descs and their initial data (usage × CPU access × bind flags,
// dimensions, mips, samples, formats), as plain functions that return every
// broken rule with its debug-layer message ID, name and text. The runtime
// rejects a desc with any error with E_INVALIDARG before calling the driver.
#pragma once

#include <d3d11_3.h>

#include <string>
#include <vector>

namespace d3dvk::runtime {

struct ResourceDescError {
  D3D11_MESSAGE_ID id;
  const char* name;
  std::string text;
};

// What the runtime knows about a format, independently of the driver.
struct FormatFacts {
  bool recognized = false;  // a DXGI_FORMAT value at all
  bool supported = false;   // one d3dvk can back with a resource
  bool depth = false;       // D32_FLOAT_S8X24_UINT, D24_UNORM_S8_UINT, D32_FLOAT, D16_UNORM
  bool integer = false;     // *_UINT / *_SINT
  bool typeless = false;    // *_TYPELESS: views pick a typed member of its family
  UINT bytesPerTexel = 0;   // block-compressed: bytes per 4x4 block
  UINT blockDim = 1;        // 4 for BC1–BC7
  bool renderTarget = false;  // may be bound as a render target (d3dvk's rules; the driver may still refuse)
  DXGI_FORMAT family = DXGI_FORMAT_UNKNOWN;  // the family's *_TYPELESS format (UNKNOWN: none)
};
FormatFacts formatFacts(DXGI_FORMAT format);
// A typeless format's depth member (its depth-stencil views' format: R32_TYPELESS → D32_FLOAT,
// R16_TYPELESS → D16_UNORM, R24G8_TYPELESS → D24_UNORM_S8_UINT, R32G8X24_TYPELESS →
// D32_FLOAT_S8X24_UINT), or UNKNOWN.
DXGI_FORMAT depthMember(DXGI_FORMAT typeless);
// Whether a typeless family exists only as depth and stencil (R24G8 and
// R32G8X24: every member is an aspect of a D24S8 / D32S8X24 image; no render
// target, UAV or Texture3D).
bool depthStencilOnlyFamily(DXGI_FORMAT family);
// A view format for a resource format: the same one, a typed member of the
// typeless resource format's family, or its depth member (D32_FLOAT of
// R32_TYPELESS, D24_UNORM_S8_UINT of R24G8_TYPELESS: depth-stencil views).
bool viewFormatFits(DXGI_FORMAT resource, DXGI_FORMAT view);
// Copies between resources: one format, members of one typeless family, or a
// reinterpreting pair (a block-compressed format and an uncompressed R32G32 /
// R16G16B16A16 (BC1, BC4) or R32G32B32A32 (BC2, BC3, BC5–BC7) format, block
// for texel; R9G9B9E5_SHAREDEXP and R32_*), as translate/state/copy_rules.h
// defines them; a depth format counts in its group (D32_FLOAT with R32_FLOAT).
bool copyFormatsCompatible(DXGI_FORMAT a, DXGI_FORMAT b);

std::vector<ResourceDescError> validateBufferDesc(const D3D11_BUFFER_DESC& desc, const D3D11_SUBRESOURCE_DATA* initial);

// `qualityLevels`: what CheckMultisampleQualityLevels reports for the desc's
// format and sample count (asked of the driver by the caller).
std::vector<ResourceDescError> validateTexture2DDesc(const D3D11_TEXTURE2D_DESC& desc,
                                                     const D3D11_SUBRESOURCE_DATA* initial, UINT qualityLevels);

std::vector<ResourceDescError> validateTexture1DDesc(const D3D11_TEXTURE1D_DESC& desc,
                                                     const D3D11_SUBRESOURCE_DATA* initial);
std::vector<ResourceDescError> validateTexture3DDesc(const D3D11_TEXTURE3D_DESC& desc,
                                                     const D3D11_SUBRESOURCE_DATA* initial);

// MipLevels 0 means the full chain.
UINT resolvedMipLevels(UINT width, UINT height, UINT mipLevels, UINT depth = 1);

}  // namespace d3dvk::runtime
