// runtime/d3d12/d3d12_footprints.h — D3D12's driver-independent resource
// rules: the block layout of DXGI formats, resource-desc validation (with
// MipLevels 0 resolved to the full chain), and GetCopyableFootprints (rows
// padded to D3D12_TEXTURE_DATA_PITCH_ALIGNMENT = 256 bytes, subresources placed
// at D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT = 512 bytes).
#pragma once

#include <wsl/winadapter.h>
#include <directx/d3d12.h>

#include <string>

namespace d3dvk::runtime {

struct FormatBlock {
  UINT bytes = 0;  // bytes per block (a texel for uncompressed formats)
  UINT width = 1, height = 1;
};
// The block of one plane of a format; false for formats the runtime does not know.
bool formatBlock(DXGI_FORMAT format, UINT plane, FormatBlock* out);

// Checks a resource desc as D3D12 does; resolves MipLevels 0 and a zero
// Alignment. On failure *why says what is wrong.
bool validateResourceDesc(D3D12_RESOURCE_DESC* desc, std::string* why);

// ID3D12Device::GetCopyableFootprints (any output may be null). An invalid
// desc or subresource range fills the outputs with all-ones.
void copyableFootprints(const D3D12_RESOURCE_DESC& desc, UINT firstSubresource, UINT numSubresources, UINT64 baseOffset,
                        D3D12_PLACED_SUBRESOURCE_FOOTPRINT* layouts, UINT* numRows, UINT64* rowSizes, UINT64* totalBytes);

}  // namespace d3dvk::runtime
