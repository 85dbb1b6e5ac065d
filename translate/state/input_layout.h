// translate/state/input_layout.h — a D3D element layout (the DDI's
// D3D10DDIARG_INPUT_ELEMENT_DESC list) → Vulkan vertex input state, as plain
// data. Vertex-buffer strides are not part of it: the draw path binds them as
// dynamic state (VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE), so one pipeline
// serves every stride. Pure: no Vulkan calls.
#pragma once

#include "d3d10umddi.h"

#include <vulkan/vulkan_core.h>

#include <string>
#include <vector>

namespace d3dvk::state {

// Vulkan format of a DXGI vertex-element format; VK_FORMAT_UNDEFINED if unsupported.
VkFormat vertexFormatFor(DXGI_FORMAT format);

struct VertexInputState {
  std::vector<VkVertexInputBindingDescription> bindings;    // one per used input slot (stride 0: dynamic)
  std::vector<VkVertexInputAttributeDescription> attributes;  // location = input register (v#)
  // Per-instance slots whose InstanceDataStepRate is not 1 (VK_EXT_vertex_attribute_divisor):
  // divisor 0 gives every instance element 0, N > 1 advances one element every N instances.
  std::vector<VkVertexInputBindingDivisorDescriptionEXT> divisors;
};

// What the device offers for instance step rates other than 1 (VK_EXT_vertex_attribute_divisor).
struct VertexInputCaps {
  bool instanceRateDivisor = false;      // step rates N > 1
  bool instanceRateZeroDivisor = false;  // step rate 0
  uint32_t maxDivisor = 1;               // maxVertexAttribDivisor
};

// What an attribute of a vertex format (one vertexFormatFor gives) fetches: its
// bytes, and the alignment Vulkan needs of its address (its component size).
uint32_t vertexFormatBytes(VkFormat format);
uint32_t vertexFormatAlignment(VkFormat format);

// Translates a layout; returns false with *error set for what Vulkan cannot express here
// (unknown format, slot ≥ 32, mixed classes or step rates in one slot, a step rate other
// than 1 that `caps` does not offer).
bool translateInputLayout(const D3D10DDIARG_INPUT_ELEMENT_DESC* elements, uint32_t count, VertexInputState* out,
                          std::string* error, const VertexInputCaps& caps = {});

}  // namespace d3dvk::state
