// translate/state/copy_rules.h — which DXGI formats D3D copies into each other
// (D3D11 CopyResource / CopySubresourceRegion, D3D12 CopyResource /
// CopyTextureRegion), shared by the runtimes' validation and the drivers.
// Pure: DXGI values only (no Vulkan, no DDI), so the runtime may use it.
#pragma once

#include <directx/dxgiformat.h>

#include <cstdint>

namespace d3dvk::state {

// The typeless group a format belongs to (what D3D calls its type group or
// cast set): R8G8B8A8_UNORM → R8G8B8A8_TYPELESS, BC7_UNORM_SRGB → BC7_TYPELESS,
// D32_FLOAT → R32_TYPELESS, D16_UNORM → R16_TYPELESS, D24_UNORM_S8_UINT (and
// R24_UNORM_X8 / X24_G8) → R24G8_TYPELESS, D32_FLOAT_S8X24_UINT (and its
// views) → R32G8X24_TYPELESS. A format in no group (R11G11B10_FLOAT,
// R9G9B9E5_SHAREDEXP, A8_UNORM, the 16-bit packed formats) is its own group;
// an unknown value gives DXGI_FORMAT_UNKNOWN.
DXGI_FORMAT copyGroup(DXGI_FORMAT format);

// Whether a format is a depth or depth-stencil format (D16, D24S8, D32,
// D32S8X24), i.e. one whose resources are depth images.
bool isDepthStencilFormat(DXGI_FORMAT format);

// D3D12 copies one plane of a subresource at a time. The group of plane
// `plane`'s data: the depth plane of the R24G8 and R32G8X24 families (D24 in
// 32 bits, or a float) is R32_TYPELESS, their stencil plane (plane 1)
// R8_TYPELESS; a D32_FLOAT resource's plane is R32_TYPELESS, D16_UNORM's
// R16_TYPELESS; any other format's plane 0 is its copyGroup.
// DXGI_FORMAT_UNKNOWN for a plane the format does not have.
DXGI_FORMAT copyPlaneGroup(DXGI_FORMAT format, uint32_t plane);

// Texels per block side as copies count them: 4 for BC1–BC7, 1 otherwise.
uint32_t copyBlockDim(DXGI_FORMAT format);

// D3D's reinterpreting copies (Direct3D 10.1's format conversion, kept by
// D3D11 and D3D12), which move bits unchanged between groups: a
// block-compressed format and an uncompressed colour format whose texel is as
// large as a block — BC1 / BC4 with the R16G16B16A16 and R32G32 groups, BC2,
// BC3, BC5, BC6H, BC7 with the R32G32B32A32 group — copying a block for a
// texel (the BC side's sizes are 4× the other's); and R9G9B9E5_SHAREDEXP with
// the R32 colour formats, texel for texel. Symmetric.
bool copyReinterpretable(DXGI_FORMAT a, DXGI_FORMAT b);

// Whether data of formats `a` and `b` copy into each other: the same group or
// a reinterpreting pair. Depth formats count by their group here (D32_FLOAT
// with R32_FLOAT): D3D12 allows that; callers that cannot copy between depth
// and colour resources say so themselves.
bool copyFormatsCompatible(DXGI_FORMAT a, DXGI_FORMAT b);

}  // namespace d3dvk::state
