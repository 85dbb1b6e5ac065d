// translate/indirect/copy_samples_shader.h — the shaders of a copy between a
// multisampled depth image and a multisampled colour image of one typeless
// group (used by ddi/umd/multisample_depth_copy.h): Vulkan copies neither
// multisampled images to buffers nor texels between depth and colour images,
// so the copy is a full-target triangle (shaders/restore_samples.vert) whose
// fragment shader runs per sample and writes the destination's sample from the
// source's same sample, bit for bit: shaders/copy_samples_to_depth.frag
// (gl_FragDepth) and shaders/copy_samples_to_colour.frag (an R32_UINT /
// R16_UINT target). Compiled at build time.
// Bindings (set 0): 0 the source (a sampled 2D multisampled array image, no
// sampler). Push constants (fragment): CopySamplesParams.
#pragma once

#include <cstdint>
#include <span>

namespace d3dvk::indirect {

struct CopySamplesParams {
  int32_t layer = 0;
  uint32_t bits16 = 0;  // 1: D16_UNORM <-> the R16 group; 0: D32_FLOAT <-> the R32 group
};
inline constexpr uint32_t kCopySamplesPushBytes = sizeof(CopySamplesParams);

std::span<const uint32_t> copySamplesToDepthSpirv();
std::span<const uint32_t> copySamplesToColourSpirv();

}  // namespace d3dvk::indirect
