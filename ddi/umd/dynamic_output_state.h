// ddi/umd/dynamic_output_state.h — the D3D11 state a native draw sets as
// Vulkan dynamic state instead of compiling it into its pipeline (the key says
// which: driver_draw.cpp's keyDynamicState), so that a state no draw used
// before binds a pipeline that already exists:
// - blending (VK_EXT_extended_dynamic_state3): each target's blend enable,
//   equation and write mask;
// - depth-stencil (Vulkan 1.3's extended dynamic state): the depth and stencil
//   tests, and the rasterizer state's cull mode, winding and depth bias.
// Each value is worked out only when what it comes from changed, and set only
// where it differs from what the command buffer has (BoundCommandState).
// Callers hold the device's queue mutex.
#pragma once

#include "pipeline_cache.h"
#include "pipeline_key.h"
#include "recorder.h"

#include <vulkan/vulkan_core.h>

namespace d3dvk::umd {

class Device;

// The key's blend word has state::kDynamicBlendKey (at least one render target).
void setDynamicBlend(VkCommandBuffer cmd, const state::GraphicsPipelineKey& key, const PipelineInputs& inputs,
                     BoundCommandState& b);
// The key's depth-stencil word has state::kDynamicDepthStencilKey: the bound
// depth-stencil state's tests (both off without a depth-stencil view, as D3D
// has them; the stencil test off where the view has no stencil; the bound
// view's read-only planes not written), the bound
// rasterizer state's cull mode and winding, and its depth bias where the key
// makes that dynamic (state::keyHasDynamicDepthBias), in the view format's r.
void setDynamicDepthStencil(Device& device, VkCommandBuffer cmd, const state::GraphicsPipelineKey& key,
                            const PipelineInputs& inputs, BoundCommandState& b);

}  // namespace d3dvk::umd
