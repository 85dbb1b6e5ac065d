// ddi/umd/d3d12/stream_output12.h — D3D12 stream output over
// VK_EXT_transform_feedback, on the declaration handling D3D11 shares
// (ddi/umd/stream_output_declaration.h) and the translator's per-entry XFB
// outputs (translate/dxbc/translator_stream_output.cpp).
//
// - pfnCreateGeometryShaderWithStreamOutput: the runtime passes the last
//   stage before the rasterizer (geometry, or the vertex or domain shader of
//   a pipeline state without one) with the PSO's D3D12_STREAM_OUTPUT_DESC as
//   the DDI's declaration; the shader object is that stage's, translated
//   capturing every declared slot, and goes in the PSO's geometry slot (the
//   UMD puts a vertex or domain shader's in that stage's place). The
//   rasterized stream is Vulkan's stream 0 (dxbc::vulkanStream);
//   D3D12_SO_NO_RASTERIZED_STREAM discards rasterization.
// - SOSetTargets: per slot the target's GPU range and the 4-byte filled size
//   (BufferFilledSizeLocation) that Vulkan's counter buffer reads as the
//   append offset when transform feedback begins and writes back when it ends.
//   A view with BufferLocation 0 or SizeInBytes 0 is NULL: the slot's data is
//   dropped (the draw uses the PSO's variant capturing only the bound slots).
// - Draws: transform feedback begins right before each capturing draw inside
//   the rendering instance and ends right after it; a capture that follows
//   another without a full barrier between gets one (it reads the filled size
//   the other wrote). The application's ResourceBarrier from or to STREAM_OUT
//   is a full barrier (resource_states12.h).
#pragma once

#include "d3d12umddi.h"

#include <vulkan/vulkan.h>

#include <cstdint>

namespace d3dvk::umd12 {

class Device12;
struct PipelineState12;
struct Shader12;

// The module of `shader` (made with a declaration) capturing `slots` of its declared slots; null with *hr.
VkShaderModule streamOutputModule12(Device12& device, Shader12& shader, uint32_t slots, HRESULT* hr);
// The pipeline of `pso` capturing `slots`; null with *hr.
VkPipeline streamOutputPipeline12(Device12& device, PipelineState12& pso, uint32_t slots, HRESULT* hr);

void fillStreamOutputDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f);
void fillStreamOutputCommandListFuncs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f);

}  // namespace d3dvk::umd12
