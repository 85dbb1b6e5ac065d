// ddi/umd/emulated_blocks.h — textures of a format the Vulkan device lacks
// (translate/texture/format_emulation.h), both APIs' drivers: the image format
// a texture takes on this device, and for an emulated BC texture the path
// every write takes. Its blocks live in a device-local buffer (Resource::blocks,
// D3D's rows of blocks in the linear layout of a staging texture); a write —
// initial data, UpdateSubresource, a dynamic texture's Unmap, a copy into it —
// lands in that buffer and the blocks it touched are decoded on the GPU
// (translate/texture's bc_decode.comp) into the image that views sample.
// Copies out of it read the blocks, so the application gets its bytes back
// bit for bit. Cost: the blocks plus the decoded image (4x the blocks' memory
// for BC1 in RGBA8, 8x for BC4 in R8 … see docs/formats.md), and a copy, a
// dispatch and a copy per write.
#pragma once

#include "driver_resource.h"
#include "format_emulation.h"

namespace d3dvk::umd {

class Device;

// The image a texture of `format` takes on this device: its Vulkan format and
// whether it is created MUTABLE_FORMAT beyond what a typeless format already asks.
texture::EmulatedImage imageFormatFor(const vk::Device& device, const state::FormatInfo& format);
// Whether textures of `format` keep their blocks in a buffer on this device.
bool emulatesBlocks(const vk::Device& device, const state::FormatInfo& format);
// A shader-resource view's format and components on this device; false: as the view format says.
bool emulatedViewFor(const vk::Device& device, const state::FormatInfo& resource, const state::FormatInfo& view,
                     texture::EmulatedView* out);

// Rows of a linear buffer (texel or block (x, y) of `layout`, depth slice
// linearZ) into the blocks of `r`'s subresource `sub` covering the texel
// region at `offset` of `extent`, then those blocks decoded.
void recordLinearToBlocks(Device& device, VkCommandBuffer cmd, VkBuffer buffer, const state::LinearSubresource& layout,
                          UINT x, UINT y, UINT linearZ, Resource& r, UINT sub, VkOffset3D offset, VkExtent3D extent);
// Decodes the blocks of `r`'s subresource `sub` covering the texel region into its image.
void recordBlockDecode(Device& device, VkCommandBuffer cmd, Resource& r, UINT sub, VkOffset3D offset,
                       VkExtent3D extent);

}  // namespace d3dvk::umd
