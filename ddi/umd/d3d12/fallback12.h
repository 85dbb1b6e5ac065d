// ddi/umd/d3d12/fallback12.h — the D3D12 path of the exact conservative
// fallback (../driver_fallback_draw.h describes the three passes; the
// API-independent parts are ../fallback_passes.h). A graphics pipeline state
// with ConservativeRaster ON on a device that does not rasterize
// conservatively at the reported tier (or with ForcedSampleCount) gets, when
// it is created, everything its draws need:
//  - the capture pipeline: the vertex shader's capture variant (or, with a
//    geometry shader, the vertex shader's id-base variant and the geometry
//    shader's capture variant), the PSO's input layout, rasterizer discard,
//    transform feedback; its layout is the PSO's stage sets plus the id
//    bases' push constants;
//  - the draw pipelines (flat path only, and with the exact path): the
//    vertex-pulling vertex shader and the pixel shader's fallback variant
//    (from the root signature's register map, like its native translation),
//    the PSO's blend, depth-stencil, formats and samples; set 0 holds the
//    captured vertices (binding kFallbackCapturedBinding), set 1 the pixel
//    shader's root-signature bindings plus the records (kFallbackRecordsBinding).
// A draw (CommandRecorder12::fallbackDraw, fallback12.cpp) records the passes
// into the list's command buffer, each after the recorder's full barrier
// (consecutive draws of one piece as one batch, phase by phase, in groups:
// CommandRecorder12::PendingFallback12, fallback_batch12.cpp), with
// piece buffers and descriptor sets from the command allocator (Transient12):
// lists may execute in any order and on any queue, so no buffer is shared
// between lists; the allocator's Reset frees them for reuse.
//
// ExecuteIndirect's draws and indexed strips larger than one piece are
// recorded when the list executes, from their read-back arguments and
// indices (deferred_draw12.h). A pipeline-statistics query around a draw is
// ended for its passes and carries the draw's own counts (query12.h).
#pragma once

#include "d3d10umddi.h"
#include "vk_pipeline.h"

#include <memory>
#include <string>
#include <vector>

namespace d3dvk::umd12 {

class Device12;
struct PipelineState12;
struct Shader12;

struct Fallback12 {
  D3DWDDM2_0DDI_RASTERIZER_DESC rasterizer{};  // the PSO's, in the D3D11 DDI's form
  uint32_t sampleMask = ~0u;
  UINT samples = 1;
  Shader12* vertexShader = nullptr;
  Shader12* geometryShader = nullptr;
  Shader12* pixelShader = nullptr;
  // Why the PSO's draws are dropped (a message for the log), or empty.
  std::string unusable;
  std::vector<uint32_t> capturedRegisters;  // the captured stage's output registers (dxbc::declaredOutputRegisters)
  uint32_t positionWord = 0;
  uint32_t primitiveIdWord = 0;        // gpu::kNoPrimitiveIdWord: the setup numbers the triangles
  uint32_t trianglesPerPrimitive = 1;  // a geometry shader's bound per input primitive
  std::vector<std::unique_ptr<vk::ShaderModule>> modules;
  std::vector<std::unique_ptr<vk::DescriptorSetLayout>> setLayouts;
  VkDescriptorSetLayout vertexSetLayout = VK_NULL_HANDLE;  // draw pass set 0: the captured vertices
  VkDescriptorSetLayout pixelSetLayout = VK_NULL_HANDLE;   // draw pass set 1: the pixel shader's + the records
  std::unique_ptr<vk::PipelineLayout> captureLayout, drawLayout;
  std::unique_ptr<vk::Pipeline> capture, flatDraw, exactDraw;
};

// Builds pso.fallback from the native pipeline's create info (its vertex
// input, input assembly, dynamic state, multisample, depth-stencil, blend and
// rendering formats) and the PSO's rasterizer desc and sample mask.
HRESULT createFallback12(Device12& device, PipelineState12& pso, const VkGraphicsPipelineCreateInfo& native,
                         const D3DWDDM2_0DDI_RASTERIZER_DESC& rasterizer, uint32_t sampleMask);

}  // namespace d3dvk::umd12
