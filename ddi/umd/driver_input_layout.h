// ddi/umd/driver_input_layout.h — the driver's element (input) layout,
// constructed by pfnCreateElementLayout in runtime-allocated memory: the
// Vulkan vertex input state from translate/state/input_layout.h and a unique
// id for the pipeline cache. Also the three element-layout DDIs and IaSetInputLayout,
// and the step-rate (vertex divisor) plumbing every pipeline with an input layout uses.
#pragma once

#include "d3d10umddi.h"
#include "input_layout.h"  // translate/state

namespace d3dvk::vk {
class Device;
}

namespace d3dvk::umd {

// The instance step rates the Vulkan device offers (VK_EXT_vertex_attribute_divisor), for
// translateInputLayout; D3D11 and D3D12 input layouts both ask it.
state::VertexInputCaps vertexInputCaps(const vk::Device& device);

// Chains the vertex-input divisors of `state` (if any) into `info`: `divisors` must outlive `info`.
void chainVertexDivisors(const state::VertexInputState& state, VkPipelineVertexInputStateCreateInfo* info,
                         VkPipelineVertexInputDivisorStateCreateInfoEXT* divisors);

struct InputLayout {
  uint64_t id = 0;  // 0: creation failed
  state::VertexInputState vertexInput;

  static InputLayout* from(D3D10DDI_HELEMENTLAYOUT h) { return static_cast<InputLayout*>(h.pDrvPrivate); }
};

SIZE_T APIENTRY calcPrivateElementLayoutSize(D3D10DDI_HDEVICE, const D3D10DDIARG_CREATEELEMENTLAYOUT*);
VOID APIENTRY createElementLayout(D3D10DDI_HDEVICE, const D3D10DDIARG_CREATEELEMENTLAYOUT*, D3D10DDI_HELEMENTLAYOUT,
                                  D3D10DDI_HRTELEMENTLAYOUT);
VOID APIENTRY destroyElementLayout(D3D10DDI_HDEVICE, D3D10DDI_HELEMENTLAYOUT);
VOID APIENTRY iaSetInputLayout(D3D10DDI_HDEVICE, D3D10DDI_HELEMENTLAYOUT);

}  // namespace d3dvk::umd
