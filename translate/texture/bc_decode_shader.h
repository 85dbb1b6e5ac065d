// translate/texture/bc_decode_shader.h — the compute shader that decodes
// BC1–BC7 blocks into texels on the GPU (shaders/bc_decode.comp, compiled at
// build time), for textures whose BC format the Vulkan device lacks
// (format_emulation.h). One invocation per row of a 4x4 block of a region of
// blocks (dispatch ceil(blocksX / 8) x ceil(blocksY * 4 / 8) x depth slices);
// each writes its row's four texels (texelBytes each) into the output buffer,
// whose rows hold whole blocks, ready for vkCmdCopyBufferToImage.
// Bindings (set 0): 0 the compressed bytes, 1 the decoded texels.
#pragma once

#include <cstdint>
#include <span>

namespace d3dvk::texture {

// The push constants (bc_decode.comp's Params). Offsets and pitches in 32-bit words.
struct BcDecodeParams {
  uint32_t srcOffset = 0;    // the region's first block
  uint32_t srcRowWords = 0;  // between rows of blocks
  uint32_t srcSliceWords = 0;
  uint32_t blocksX = 0, blocksY = 0;
  uint32_t dstRowWords = 0;  // between rows of texels: blocksX * texelBytes
  uint32_t dstSliceWords = 0;
  uint32_t format = 0;       // 1..7: BC1..BC7
  uint32_t variant = 0;      // kBcSigned, kBcBoth
  uint32_t texelBytes = 0;   // bytes of a decoded texel: 1, 2, 4 or 8
};
inline constexpr uint32_t kBcSigned = 1;  // BC4/BC5 SNORM, BC6H SF16
inline constexpr uint32_t kBcBoth = 2;    // BC4/BC5 TYPELESS: the UNORM channels, then the SNORM ones
inline constexpr uint32_t kBcDecodePushBytes = sizeof(BcDecodeParams);
inline constexpr uint32_t kBcDecodeStorageBuffers = 2;
inline constexpr uint32_t kBcDecodeGroupSize = 8;  // local_size_x and _y

std::span<const uint32_t> bcDecodeShaderSpirv();

}  // namespace d3dvk::texture
