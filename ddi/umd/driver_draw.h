// ddi/umd/driver_draw.h — the bound pipeline state of the draw path (input
// assembly, shaders, constant buffers, shader resources, samplers, viewports,
// scissors) and its DDIs: the IA/VS/GS/PS/RS setters and Draw, DrawIndexed,
// DrawInstanced, DrawIndexedInstanced and the two indirect draws.
//
// Output merger: blend state, blend factor and sample mask; depth-stencil state
// and stencil reference (driver_blend_state.h, driver_depth_stencil_state.h).
//
// A draw: looks up (or builds) the graphics pipeline for the bound state in the
// device's PipelineCache, allocates a descriptor pool for the draw's two
// descriptor sets (VS and PS constant buffers, samplers and shader resources,
// per translate/dxbc/binding.h; released once the batch completes), moves the
// images the shaders read to SHADER_READ_ONLY_OPTIMAL and the render targets to attachment
// layouts and records one dynamic-rendering instance (load/store, so draws
// accumulate) with D3D's viewport mapped through a negative-height Vulkan
// viewport: framebuffer coordinates equal D3D render-target coordinates.
#pragma once

#include "d3d10umddi.h"

#include <array>
#include <cstdint>

namespace d3dvk::umd {

struct Resource;
struct Shader;
struct InputLayout;
struct BlendState;
struct DepthStencilState;
struct ShaderResourceView;
struct Sampler;

struct DrawState {
  static constexpr UINT kVertexBufferSlots = 32;
  static constexpr UINT kConstantBufferSlots = 14;  // D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT
  static constexpr UINT kViewportSlots = 16;
  static constexpr UINT kShaderResourceSlots = 128;  // D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT
  static constexpr UINT kSamplerSlots = 16;          // D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT
  struct VertexBuffer {
    Resource* buffer = nullptr;
    UINT stride = 0, offset = 0;
  };
  struct ConstantBuffer {
    Resource* buffer = nullptr;
    UINT firstConstant = 0, numConstants = 0;  // numConstants 0: the whole buffer
  };
  // [0] VS, [1] PS, [2] GS, [3] HS, [4] DS: also their descriptor sets (dxbc/binding.h)
  static constexpr UINT kStages = 5;
  Shader* vertexShader = nullptr;
  Shader* pixelShader = nullptr;
  Shader* geometryShader = nullptr;
  Shader* hullShader = nullptr;
  Shader* domainShader = nullptr;
  // The bound shaders by stage index (null: no shader at that stage).
  std::array<const Shader*, kStages> stageShaders() const {
    return {stageShader(0), stageShader(1), stageShader(2), stageShader(3), stageShader(4)};
  }
  const Shader* stageShader(UINT stage) const {
    switch (stage) {
      case 0: return vertexShader;
      case 1: return pixelShader;
      case 2: return geometryShader;
      case 3: return hullShader;
      case 4: return domainShader;
      default: return nullptr;
    }
  }
  // How many stage sets a draw's pipeline layout holds: 5 when tessellating
  // (set 2 an empty geometry set without a geometry shader), 3 with a
  // geometry shader, else 2.
  uint32_t drawSetCount() const { return hullShader && domainShader ? 5 : geometryShader ? 3 : 2; }
  // The stream-output object bound in the geometry slot (driver_stream_output.h):
  // geometryShader too when it is a geometry shader's, else no geometry stage.
  Shader* streamOutputShader = nullptr;
  static constexpr UINT kStreamOutputSlots = 4;
  Resource* streamOutputTargets[kStreamOutputSlots] = {};  // SoSetTargets
  InputLayout* inputLayout = nullptr;
  VertexBuffer vertexBuffers[kVertexBufferSlots];
  Resource* indexBuffer = nullptr;
  DXGI_FORMAT indexFormat = DXGI_FORMAT_UNKNOWN;
  UINT indexOffset = 0;
  D3D10_DDI_PRIMITIVE_TOPOLOGY topology = D3D10_DDI_PRIMITIVE_TOPOLOGY_UNDEFINED;
  ConstantBuffer constantBuffers[kStages][kConstantBufferSlots];
  ShaderResourceView* shaderResources[kStages][kShaderResourceSlots] = {};
  Sampler* samplers[kStages][kSamplerSlots] = {};
  D3D10_DDI_VIEWPORT viewports[kViewportSlots] = {};
  UINT viewportCount = 0;
  D3D10_DDI_RECT scissors[kViewportSlots] = {};
  UINT scissorCount = 0;
  BlendState* blendState = nullptr;  // null: the default state
  FLOAT blendFactor[4] = {1, 1, 1, 1};
  UINT sampleMask = 0xFFFFFFFF;
  DepthStencilState* depthStencilState = nullptr;  // null: the default state
  UINT stencilRef = 0;

  // Stages whose descriptors may differ from what the last native draw bound
  // (bit per stage index; native_draw.h): set by the stage setters, output
  // binding changes, buffer renames and the destruction of bound objects.
  uint32_t dirtyStages = (1u << kStages) - 1;
  void markDirty(UINT stage) { dirtyStages |= 1u << stage; }
  void markAllDirty() { dirtyStages = (1u << kStages) - 1; }
  // Stages not dirty but for constant buffers whose storage moved since: if
  // their descriptors name the same VkBuffers, only the dynamic offsets change
  // (moveDynamicOffsets), else the stage collects afresh.
  uint32_t movedStages = 0;
  // A buffer's storage moved (a Map(WRITE_DISCARD) slice or rename, a constant
  // buffer's update): the stages that bind it as a constant buffer are moved;
  // every stage is dirty for a buffer that may also be bound through a view.
  void markDirtyWhereBound(Resource& buffer);

  // Forgets a destroyed buffer wherever it is bound.
  void unbind(const Resource* resource);
  // Forgets a destroyed view or sampler wherever it is bound.
  void unbind(const ShaderResourceView* view);
  void unbind(const Sampler* sampler);
};

VOID APIENTRY iaSetVertexBuffers(D3D10DDI_HDEVICE, UINT, UINT, const D3D10DDI_HRESOURCE*, const UINT*, const UINT*);
VOID APIENTRY iaSetIndexBuffer(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE, DXGI_FORMAT, UINT);
VOID APIENTRY iaSetTopology(D3D10DDI_HDEVICE, D3D10_DDI_PRIMITIVE_TOPOLOGY);
VOID APIENTRY vsSetConstantBuffers(D3D10DDI_HDEVICE, UINT, UINT, const D3D10DDI_HRESOURCE*, const UINT*, const UINT*);
VOID APIENTRY psSetConstantBuffers(D3D10DDI_HDEVICE, UINT, UINT, const D3D10DDI_HRESOURCE*, const UINT*, const UINT*);
VOID APIENTRY vsSetShaderResources(D3D10DDI_HDEVICE, UINT, UINT, const D3D10DDI_HSHADERRESOURCEVIEW*);
VOID APIENTRY psSetShaderResources(D3D10DDI_HDEVICE, UINT, UINT, const D3D10DDI_HSHADERRESOURCEVIEW*);
VOID APIENTRY vsSetSamplers(D3D10DDI_HDEVICE, UINT, UINT, const D3D10DDI_HSAMPLER*);
VOID APIENTRY psSetSamplers(D3D10DDI_HDEVICE, UINT, UINT, const D3D10DDI_HSAMPLER*);
VOID APIENTRY gsSetConstantBuffers(D3D10DDI_HDEVICE, UINT, UINT, const D3D10DDI_HRESOURCE*, const UINT*, const UINT*);
VOID APIENTRY hsSetConstantBuffers(D3D10DDI_HDEVICE, UINT, UINT, const D3D10DDI_HRESOURCE*, const UINT*, const UINT*);
VOID APIENTRY hsSetShaderResources(D3D10DDI_HDEVICE, UINT, UINT, const D3D10DDI_HSHADERRESOURCEVIEW*);
VOID APIENTRY hsSetSamplers(D3D10DDI_HDEVICE, UINT, UINT, const D3D10DDI_HSAMPLER*);
VOID APIENTRY dsSetConstantBuffers(D3D10DDI_HDEVICE, UINT, UINT, const D3D10DDI_HRESOURCE*, const UINT*, const UINT*);
VOID APIENTRY dsSetShaderResources(D3D10DDI_HDEVICE, UINT, UINT, const D3D10DDI_HSHADERRESOURCEVIEW*);
VOID APIENTRY dsSetSamplers(D3D10DDI_HDEVICE, UINT, UINT, const D3D10DDI_HSAMPLER*);
VOID APIENTRY gsSetShaderResources(D3D10DDI_HDEVICE, UINT, UINT, const D3D10DDI_HSHADERRESOURCEVIEW*);
VOID APIENTRY gsSetSamplers(D3D10DDI_HDEVICE, UINT, UINT, const D3D10DDI_HSAMPLER*);
VOID APIENTRY setViewports(D3D10DDI_HDEVICE, UINT, UINT, const D3D10_DDI_VIEWPORT*);
VOID APIENTRY setScissorRects(D3D10DDI_HDEVICE, UINT, UINT, const D3D10_DDI_RECT*);
VOID APIENTRY draw(D3D10DDI_HDEVICE, UINT, UINT);
VOID APIENTRY drawIndexed(D3D10DDI_HDEVICE, UINT, UINT, INT);
VOID APIENTRY drawInstanced(D3D10DDI_HDEVICE, UINT, UINT, UINT, UINT);
VOID APIENTRY drawIndexedInstanced(D3D10DDI_HDEVICE, UINT, UINT, UINT, INT, UINT);
// The argument buffer's {count, instances, first, (base vertex,) first instance}
// at the offset: native draws read it on the GPU; a conservative draw on the
// fallback reads it back first (it sizes its passes from the counts).
VOID APIENTRY drawInstancedIndirect(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE, UINT);
VOID APIENTRY drawIndexedInstancedIndirect(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE, UINT);

// The smallest positive base vertex that puts every fetch of the per-vertex
// buffer `vb` past its end (INT64_MAX: none; an indexed draw with such a base
// vertex reads zeros from it: vertexBufferBinding, draw_recording.h).
int64_t firstBaseVertexPastEnd(const DrawState::VertexBuffer& vb);

}  // namespace d3dvk::umd
