// translate/indirect/restore_samples_shader.h — the shaders of a predicated
// transfer's multisampled colour destination (used by
// ddi/umd/multisample_restore.h): Vulkan copies no multisampled image to a
// buffer, so such a destination is saved into a scratch image of its own
// shape and restored — where the transfer should have been skipped — by a
// draw under the predicate's inverted condition: a full-target triangle
// (shaders/restore_samples.vert) whose fragment shader runs per sample and
// writes each sample of a layer from the same sample of the saved image
// (shaders/restore_samples_{float,uint,sint}.frag, by the target's numeric
// kind; shaders/restore_samples_depth.frag through gl_FragDepth and
// shaders/restore_samples_stencil.frag through the exported stencil
// reference, from a depth or stencil aspect view; on a device without
// VK_EXT_shader_stencil_export, restoreSamplesStencilBitsSpirv's per-bit
// draws instead). Compiled at build time.
// Bindings (set 0): 0 the saved image (a sampled 2D multisampled array
// image, no sampler). Push constants (fragment): the layer.
#pragma once

#include <cstdint>
#include <span>

namespace d3dvk::indirect {

// How a shader reads and writes a target: a colour of a numeric kind, a
// depth aspect (float, gl_FragDepth), a stencil aspect (uint, the stencil reference).
enum class SampleKind { Float, Uint, Sint, Depth, Stencil };

struct RestoreSamplesParams {
  int32_t layer = 0;
  int32_t stencilBit = -1;  // the per-bit stencil shader: the bit a draw writes (-1: every sample, no discard)
};
inline constexpr uint32_t kRestoreSamplesPushBytes = sizeof(RestoreSamplesParams);

std::span<const uint32_t> restoreSamplesVertexSpirv();
std::span<const uint32_t> restoreSamplesFragmentSpirv(SampleKind kind);
// The stencil restore without an exported reference: discards the samples
// whose saved value has bit RestoreSamplesParams::stencilBit clear (none when
// it is -1), for a draw per bit that writes that bit (reference 0xFF, write
// mask 1 << bit) after one that writes 0 everywhere.
std::span<const uint32_t> restoreSamplesStencilBitsSpirv();

}  // namespace d3dvk::indirect
