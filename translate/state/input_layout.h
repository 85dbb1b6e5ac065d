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
};

// What an attribute of a vertex format (one vertexFormatFor gives) fetches: its
// bytes, and the alignment Vulkan needs of its address (its component size).
uint32_t vertexFormatBytes(VkFormat format);
uint32_t vertexFormatAlignment(VkFormat format);

// Translates a layout; returns false with *error set for what Vulkan cannot express here
// (unknown format, slot ≥ 32, per-instance step rate other than 1, mixed classes in one slot).
bool translateInputLayout(const D3D10DDIARG_INPUT_ELEMENT_DESC* elements, uint32_t count, VertexInputState* out,
                          std::string* error);

}  // namespace d3dvk::state
