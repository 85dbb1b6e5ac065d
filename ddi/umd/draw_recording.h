// ddi/umd/draw_recording.h — the pieces of recording a draw that the native
// draw (driver_draw.cpp) and the conservative fallback's two passes
// (driver_fallback_draw.cpp) share: the draw's parameters and the checks that
// drop it, the pipeline key of the bound state, the descriptor sets of what
// the shaders read, the dynamic-rendering instance over the bound targets, the vertex and
// index buffers, and the dynamic state (viewport, scissor, blend constants,
// stencil reference). Callers hold the device's queue mutex where noted.
#pragma once

#include "d3d10umddi.h"
#include "dxbc/tokens.h"
#include "pipeline_key.h"  // translate/state
#include "vk_pipeline.h"

#include <memory>

namespace d3dvk::umd {

class Device;
struct BoundCommandState;
struct InvocationCounter;

struct DrawCall {
  bool indexed = false;
  UINT count = 0, instances = 1, first = 0, firstInstance = 0;
  INT baseVertex = 0;
  // DrawInstancedIndirect / DrawIndexedInstancedIndirect: the arguments are in
  // this buffer at this offset (the counts above are not known on the CPU).
  struct Resource* indirectBuffer = nullptr;
  UINT indirectOffset = 0;
  // Every index is past the index buffer (it reads zeros): the null buffer is bound instead (recordDraw).
  bool zeroIndices = false;
  // DrawAuto: the vertex count is what stream output wrote into this buffer
  // (vertex-buffer slot 0's; driver_stream_output.h) after `autoOffset` (the
  // slot's offset), at `autoStride` bytes per vertex.
  struct Resource* autoBuffer = nullptr;
  UINT autoStride = 0, autoOffset = 0;
};

// What the checks established about a draw that goes ahead.
struct PreparedDraw {
  VkExtent2D extent{};  // the render area every bound attachment covers
  UINT samples = 1;
  VkIndexType indexType = VK_INDEX_TYPE_UINT16;
  D3DWDDM2_0DDI_RASTERIZER_DESC rasterizer{};
  bool fallback = false;  // conservative ON and the device cannot honour the reported tier natively
  // A geometry shader writing SV_ViewportArrayIndex: every bound viewport (and
  // scissor); writing SV_RenderTargetArrayIndex: the layers every bound view
  // has (layered rendering). 1 otherwise.
  uint32_t viewportCount = 1, layerCount = 1;
  // Native draw: OMSetBlendState's SampleMask clears samples of the target and
  // the pixel shader must still run for them (UAVs, SV_InnerCoverage, an
  // invocation count), so its variant writes the mask (dxbc writeSampleMask).
  bool shaderSampleMask = false;
  // Stream output with nothing to rasterize into (no target, or no viewport):
  // the draw still captures, through a 1x1 attachment-less instance whose
  // viewports have empty scissors.
  bool streamOutputOnly = false;
};

// The checks D3D (or our UMD) applies before a draw: false = the draw is
// dropped (after logging / reporting where the application did something wrong).
bool prepareDraw(Device& device, const DrawCall& call, PreparedDraw* out);

// The render area every bound attachment covers (D3D renders to the
// intersection) and their sample count; with no render target or depth-stencil
// view bound, the viewports' union, one sample. False: nothing to render into.
bool boundRenderExtent(Device& device, VkExtent2D* extent, UINT* samples);

// Whether the bound hull and domain shaders tessellate into triangles (what the rasterizer then sees).
bool tessellationOutputTriangles(const struct DrawState& s);
// At most how many primitives the tessellator makes of one patch for a hull
// shader's dcl_hs_max_tessfactor (the conservative fallback sizes its capture by it).
uint32_t tessellatedPrimitiveBound(float maxTessFactor);

// What graphics stage `stage` (DrawState's index: VS, PS, GS, HS, DS) binds
// for a draw: its bindings in the draw state, the shared UAV slots, the SRV
// hazard rule; `dynamicConstantBuffers` from its set layout.
struct StageBindings drawStageBindings(const Device& device, uint32_t stage, uint32_t dynamicConstantBuffers);
// The shader program type of each DrawState stage index.
extern const dxbc::ProgramType kDrawStageTypes[5];

// Whether a resource is bound for writing at a draw: a render target or a UAV
// (the SRV hazard rule; the depth-stencil view's aspects are asked apart,
// StageBindings::depthStencil).
bool isBoundForDrawOutput(const Device& device, const struct Resource* r);
// The bound depth-stencil view's read-only flags (D3D11_DDI_CREATE_DSV_READ_ONLY_*; 0 without one).
uint32_t boundDepthStencilReadOnly(const Device& device);

// The native pipeline key of the bound state.
state::GraphicsPipelineKey pipelineKey(Device& device, const PreparedDraw& draw);
// Whether the bound blend and depth-stencil states were created (a failed
// create leaves no id: prepareDraw drops the draw), and their part of the key
// (0: the default state). Blend and depth-stencil calls alone between draws
// change only that part (recordPreparedDraw).
bool outputMergerStatesCreated(const struct DrawState& s);
void setOutputMergerStateIds(const struct DrawState& s, state::GraphicsPipelineKey* key);
// A native draw's key with what the device takes as dynamic state out of it
// (recordNativeDraw sets that state):
// - dynamic blend (dynamicBlendEnabled, at least one render target): the
//   blend state's word becomes state::dynamicBlendKey, so blend states that
//   differ only in what is dynamic share a pipeline;
// - dynamic depth-stencil (dynamicDepthStencilEnabled): the depth-stencil
//   word becomes state::dynamicDepthStencilKey, the view's read-only flags
//   leave the key (the dynamic state forces their writes off) and the
//   rasterizer desc becomes state::dynamicRasterizerKey (depth bias dynamic
//   unless the pipelines chain depthBiasExact's representation, which
//   vkCmdSetDepthBias lacks).
void keyDynamicState(Device& device, state::GraphicsPipelineKey* key);
// Its blend and depth-stencil words alone (a key whose rasterizer desc is keyDynamicState's already).
void keyDynamicOutputMergerState(Device& device, state::GraphicsPipelineKey* key);

// The GPU fallback's buffers its draw pass reads (dxbc/binding.h kFallback*Binding).
struct FallbackBuffers {
  VkBuffer captured = VK_NULL_HANDLE;  // vertex shader: the captured vertices
  VkBuffer records = VK_NULL_HANDLE;   // pixel shader: FallbackHeader + FallbackRecord[]
};

// Allocates, writes and binds the two descriptor sets (VS, PS) with everything
// the bound shaders read: the constant buffers (unbound slots read the zero
// buffer), the samplers the shaders declare (unbound: the D3D11 default
// sampler) and the shader resources they declare (unbound or mismatched: a
// null descriptor, which reads zeros), moving those images to
// SHADER_READ_ONLY_OPTIMAL; with `counter`, also the counting pixel
// shader's invocation counter (driver_query.h); with `fallback`, the fallback
// draw pass's buffers (without either, bindStageDescriptors in native_draw.h
// binds the same from the native draws' cached sets). Records barriers, so
// call it before the rendering instance begins. Queue mutex held. False after
// reporting (or logging why the draw is dropped).
bool bindShaderResources(Device& device, VkCommandBuffer cmd, const InvocationCounter* counter = nullptr,
                         const FallbackBuffers* fallback = nullptr);

// Begins a dynamic-rendering instance over the bound render targets and
// depth-stencil view (load/store), moving them to attachment layouts;
// `layerCount` layers of them (layered rendering from a geometry shader).
void beginRendering(Device& device, VkCommandBuffer cmd, VkExtent2D extent, uint32_t layerCount = 1);

// What vertex-buffer binding `b` of the bound input layout binds for `call`:
// the bound buffer at its offset and stride, or the zero buffer (unbound, past
// its end); `resource` null for the zero buffer.
struct VertexBufferBinding {
  VkBuffer buffer;
  VkDeviceSize offset, stride;
  struct Resource* resource;
};
VertexBufferBinding vertexBufferBinding(Device& device, const DrawCall& call, const VkVertexInputBindingDescription& b);

// Binds the input layout's vertex buffers (unbound slots read the zero buffer)
// and, for indexed draws, the index buffer; with `bound` (what `cmd` has bound,
// recorder.h) only those that differ from it, updating it.
void bindInputAssembly(Device& device, VkCommandBuffer cmd, const DrawCall& call, VkIndexType indexType,
                       BoundCommandState* bound = nullptr);

// The draw's viewports and scissors as Vulkan sets them (at most
// DrawState::kViewportSlots of each); returns their count.
uint32_t dynamicViewports(const Device& device, const PreparedDraw& draw, VkViewport* viewports, VkRect2D* scissors);

// Viewport 0 (negative height: framebuffer y = D3D y), scissor, blend
// constants and stencil reference; draw.viewportCount viewports and scissors
// when a geometry shader picks among them.
void setDynamicState(Device& device, VkCommandBuffer cmd, const PreparedDraw& draw);
// The same, only where it differs from what `b` says `cmd` has set (updating it).
void setDynamicStateChanges(Device& device, VkCommandBuffer cmd, const PreparedDraw& draw, BoundCommandState& b);

// A draw of the bound state: the checks, then a native, counted or
// conservative-fallback draw (driver_draw.cpp). Takes the queue mutex.
void recordDraw(Device& device, DrawCall call);
// Indices wholly past the index buffer read zeros (D3D): such a draw reads
// them from the null buffer (DrawCall::zeroIndices), so no device computes an
// address from its StartIndexLocation. For native draws.
void clampIndicesPastBuffer(const Device& device, const PreparedDraw& prepared, DrawCall* call);
// The draw command itself, indexed or not, with the call's parameters.
void cmdDraw(VkCommandBuffer cmd, const DrawCall& call);

}  // namespace d3dvk::umd
