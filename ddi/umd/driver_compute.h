// ddi/umd/driver_compute.h — the compute stage: its bound state (shader,
// constant buffers, shader resources, samplers and its own 64 UAV slots, which
// D3D keeps apart from the graphics stages' output-merger UAVs) and its DDIs:
// CreateComputeShader, CsSetShader/ShaderResources/Samplers/ConstantBuffers/
// UnorderedAccessViews (with the hidden counters' initial counts), Dispatch,
// DispatchIndirect, and CopyStructureCount.
//
// A dispatch binds set 0 of the compute shader's layout (translate/dxbc/
// binding.h, descriptor_binding.h) and records vkCmdDispatch(Indirect) in the
// open batch; like every recorded command it follows a full memory barrier
// (vk_command_queue.h), so draws, dispatches, copies and clears see each
// other's writes in API order. D3D11's limit of 65535 groups per dimension
// holds (larger counts are dropped with a message, as the runtime rejects them;
// DispatchIndirect's counts are checked on the GPU, IndirectDispatchClamp).
#pragma once

#include "d3d10umddi.h"
#include "driver_draw.h"
#include "vk_device.h"

#include <memory>

namespace d3dvk::umd12 {
struct InternalComputePipeline12;
}
namespace d3dvk::vk {
class Buffer;
}

namespace d3dvk::umd {

struct UnorderedAccessView;

// The device's one scratch copy of DispatchIndirect's arguments and the
// internal pipeline that drops counts above 65535 from it
// (translate/indirect's dispatch_count.comp, as D3D12's ExecuteIndirect uses
// it). One copy serves every dispatch: each recorded command follows a full
// barrier, so the next copy waits for the dispatch that read this one.
struct IndirectDispatchClamp {
  std::unique_ptr<umd12::InternalComputePipeline12> pipeline;
  std::unique_ptr<vk::Buffer> scratch;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  VkDescriptorSet set = VK_NULL_HANDLE;
  VkDevice device = VK_NULL_HANDLE;
  ~IndirectDispatchClamp();
};

struct ComputeState {
  static constexpr UINT kUnorderedAccessSlots = 64;  // D3D11_1_UAV_SLOT_COUNT
  Shader* shader = nullptr;
  DrawState::ConstantBuffer constantBuffers[DrawState::kConstantBufferSlots];
  ShaderResourceView* shaderResources[DrawState::kShaderResourceSlots] = {};
  Sampler* samplers[DrawState::kSamplerSlots] = {};
  UnorderedAccessView* unorderedAccessViews[kUnorderedAccessSlots] = {};

  // Forgets a destroyed object wherever it is bound.
  void unbind(const Resource* resource);
  void unbind(const ShaderResourceView* view);
  void unbind(const UnorderedAccessView* view);
  void unbind(const Sampler* sampler);
  void unbind(const Shader* shader);
};

VOID APIENTRY createComputeShader(D3D10DDI_HDEVICE, const UINT* code, D3D10DDI_HSHADER, D3D10DDI_HRTSHADER);
VOID APIENTRY csSetShader(D3D10DDI_HDEVICE, D3D10DDI_HSHADER);
VOID APIENTRY csSetShaderWithIfaces(D3D10DDI_HDEVICE, D3D10DDI_HSHADER, UINT, const UINT*, const D3D11DDIARG_POINTERDATA*);
VOID APIENTRY csSetShaderResources(D3D10DDI_HDEVICE, UINT, UINT, const D3D10DDI_HSHADERRESOURCEVIEW*);
VOID APIENTRY csSetSamplers(D3D10DDI_HDEVICE, UINT, UINT, const D3D10DDI_HSAMPLER*);
VOID APIENTRY csSetConstantBuffers(D3D10DDI_HDEVICE, UINT, UINT, const D3D10DDI_HRESOURCE*, const UINT*, const UINT*);
VOID APIENTRY csSetUnorderedAccessViews(D3D10DDI_HDEVICE, UINT, UINT, const D3D11DDI_HUNORDEREDACCESSVIEW*,
                                        const UINT*);
VOID APIENTRY dispatch(D3D10DDI_HDEVICE, UINT, UINT, UINT);
VOID APIENTRY dispatchIndirect(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE, UINT);
VOID APIENTRY copyStructureCount(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE, UINT, D3D11DDI_HUNORDEREDACCESSVIEW);

}  // namespace d3dvk::umd
