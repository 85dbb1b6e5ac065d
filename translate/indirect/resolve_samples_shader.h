// translate/indirect/resolve_samples_shader.h — the shader of a region resolve
// done by a draw (used by ddi/umd/multisample_resolve.h): D3D12's
// ResolveSubresourceRegion MIN and MAX (any format, the stencil plane
// included) and AVERAGE of a depth plane, which Vulkan's vkCmdResolveImage
// does not do (it averages colour only). A full-target triangle
// (shaders/restore_samples.vert) over a single-sampled target whose fragment
// shader (shaders/resolve_samples.frag) reads every sample of the source's
// texel at the pixel plus an offset and writes their minimum, maximum or
// average: a colour (float, uint or sint, by the format's numeric kind), the
// depth, or the stencil reference (VK_EXT_shader_stencil_export; without it,
// one bit per draw: resolveSamplesStencilBitsSpirv). Compiled at build time,
// once per kind.
// Bindings (set 0): 0 the source (a sampled 2D multisampled array image, no
// sampler; one aspect of a depth-stencil image). Push constants (fragment):
// ResolveSamplesParams.
#pragma once

#include "restore_samples_shader.h"  // SampleKind

#include <cstdint>
#include <span>

namespace d3dvk::indirect {

enum class ResolveSamplesMode : uint32_t { Average = 0, Min = 1, Max = 2 };

struct ResolveSamplesParams {
  int32_t offsetX = 0, offsetY = 0;  // source texel = target pixel + offset
  int32_t layer = 0;                 // the source's layer
  int32_t samples = 1;               // the source's sample count
  uint32_t mode = 0;                 // ResolveSamplesMode
  int32_t stencilBit = -1;           // the per-bit stencil shader: the bit a draw writes (-1: no discard)
};
inline constexpr uint32_t kResolveSamplesPushBytes = sizeof(ResolveSamplesParams);

// The fragment shader for a source and target of `kind` (Depth: a depth
// aspect into gl_FragDepth; Stencil: a stencil aspect into the stencil reference).
std::span<const uint32_t> resolveSamplesFragmentSpirv(SampleKind kind);
// The stencil resolve without an exported reference (no
// VK_EXT_shader_stencil_export): discards the pixels whose resolved value has
// bit ResolveSamplesParams::stencilBit clear (none when it is -1), for a draw
// per bit that writes that bit (reference 0xFF, write mask 1 << bit) after
// one that writes 0 everywhere.
std::span<const uint32_t> resolveSamplesStencilBitsSpirv();

}  // namespace d3dvk::indirect
