// ddi/umd/d3d12/pipeline_state12.h — the D3D12 DDI's state objects (element
// layouts, blend, depth-stencil and rasterizer states: their descs, translated
// when a pipeline state is created) and pipeline states: a graphics PSO is one
// VkPipeline with dynamic rendering (its RTV/DSV formats and sample count,
// the topology type's Vulkan topology, every state block through translate/
// state; dynamic viewport, scissor, vertex strides, blend constants and
// stencil reference), a compute PSO one compute VkPipeline; both own their
// pipeline layout (the shaders' stage sets, empty layouts in the gaps).
// ConservativeRaster ON uses VK_EXT_conservative_rasterization where the
// adapter draws conservative draws natively; elsewhere, and for a triangle
// PSO with ForcedSampleCount, the PSO is marked `needsFallback` and also gets
// the exact conservative fallback's pipelines (fallback12.h), which its draws use.
#pragma once

#include "d3d12umddi.h"
#include "fallback12.h"
#include "input_layout.h"  // translate/state
#include "rasterizer_state.h"  // translate/state
#include "vk_pipeline.h"

#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace d3dvk::umd12 {

struct Shader12;

struct ElementLayout12 {
  std::vector<D3D12DDIARG_INPUT_ELEMENT_DESC> elements;
  static ElementLayout12* from(D3D12DDI_HELEMENTLAYOUT h) { return static_cast<ElementLayout12*>(h.pDrvPrivate); }
};
struct BlendState12 {
  D3D12DDI_BLEND_DESC desc{};
  static BlendState12* from(D3D12DDI_HBLENDSTATE h) { return static_cast<BlendState12*>(h.pDrvPrivate); }
};
struct DepthStencilState12 {
  D3D12DDI_DEPTH_STENCIL_DESC desc{};
  static DepthStencilState12* from(D3D12DDI_HDEPTHSTENCILSTATE h) { return static_cast<DepthStencilState12*>(h.pDrvPrivate); }
};
struct RasterizerState12 {
  D3D12DDI_RASTERIZER_DESC desc{};
  static RasterizerState12* from(D3D12DDI_HRASTERIZERSTATE h) { return static_cast<RasterizerState12*>(h.pDrvPrivate); }
};

struct PipelineState12 {
  bool compute = false;
  VkPipelineBindPoint bindPoint() const { return compute ? VK_PIPELINE_BIND_POINT_COMPUTE : VK_PIPELINE_BIND_POINT_GRAPHICS; }
  std::vector<Shader12*> stages;  // the shaders (owned by the runtime's PSO, alive as long as this)
  std::unique_ptr<vk::PipelineLayout> layout;  // (Device12::emptySetLayout between the stage sets)
  std::unique_ptr<vk::Pipeline> pipeline;
  // Graphics: what the draw checks against the bound render targets.
  UINT renderTargetCount = 0;
  DXGI_FORMAT rtvFormats[8]{};
  DXGI_FORMAT dsvFormat{};
  UINT sampleCount = 1;
  // Viewports and scissors the pipeline takes: 1, or (a geometry shader
  // writing SV_ViewportArrayIndex) the device's maximum up to D3D12's 16.
  uint32_t viewportCount = 1;
  // The input slots its input layout reads (each needs a buffer at a draw):
  // the bytes a vertex fetches there and the alignment its attributes need.
  struct VertexBinding {
    uint32_t slot = 0, extent = 0, alignment = 1;
  };
  std::vector<VertexBinding> vertexBindings;
  D3D12DDI_PRIMITIVE_TOPOLOGY_TYPE topologyType = D3D12DDI_PRIMITIVE_TOPOLOGY_TYPE_UNDEFINED;
  uint32_t patchControlPoints = 0;  // PATCH: the hull shader's input control points (draws check the topology's)
  bool needsFallback = false;  // ConservativeRaster ON where the device does not draw it natively, or ForcedSampleCount
  std::unique_ptr<Fallback12> fallback;  // with needsFallback
  // The pixel shader's variant that writes the sample mask itself (SampleMask
  // clears samples and the shader has side effects: D3D still runs it there).
  std::unique_ptr<vk::ShaderModule> sampleMaskPixelModule;
  // A single-sample PSO whose SampleMask clears sample 0 and whose pixel
  // shader has no side effects: its draws change nothing and are skipped.
  bool drawsNothing = false;
  // Stream output (stream_output12.h): the shader object made with the
  // declaration (the geometry shader, or the vertex or domain shader whose
  // outputs are captured), and `pipeline` capturing every declared slot.
  // Draws with fewer slots bound (NULL views drop their slot's data) use a
  // variant whose shader captures only those, built on first use from the
  // create args (the runtime keeps the state objects alive with the PSO).
  Shader12* streamOutput = nullptr;
  D3D12DDIARG_CREATE_PIPELINE_STATE_0001 createArgs{};
  std::mutex variantMutex;
  std::map<uint32_t, std::unique_ptr<PipelineState12>> streamOutputVariants;  // by captured slots

  static PipelineState12* from(D3D12DDI_HPIPELINESTATE h) { return static_cast<PipelineState12*>(h.pDrvPrivate); }
};

class Device12;
// What translate/state's rasterizer translation needs to know of the device.
state::RasterizerDeviceCaps rasterizerCaps12(Device12& device);

// Builds a graphics pipeline state (pipeline_state12.cpp); a stream-output
// one captures `streamOutputSlots` of its declared slots.
HRESULT createGraphicsPipelineState12(Device12& device, const D3D12DDIARG_CREATE_PIPELINE_STATE_0001& args,
                                      PipelineState12& pso, uint32_t streamOutputSlots = ~0u);
void fillPipelineStateDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f);

}  // namespace d3dvk::umd12
