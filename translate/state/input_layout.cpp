// translate/state/input_layout.cpp — see input_layout.h.
#include "input_layout.h"

#include <algorithm>

namespace d3dvk::state {

VkFormat vertexFormatFor(DXGI_FORMAT format) {
  // D3D11's vertex-buffer formats (IA_VERTEX_BUFFER at feature level 10_0 and above).
  switch (format) {
    case DXGI_FORMAT_R32G32B32A32_FLOAT: return VK_FORMAT_R32G32B32A32_SFLOAT;
    case DXGI_FORMAT_R32G32B32A32_UINT: return VK_FORMAT_R32G32B32A32_UINT;
    case DXGI_FORMAT_R32G32B32A32_SINT: return VK_FORMAT_R32G32B32A32_SINT;
    case DXGI_FORMAT_R32G32B32_FLOAT: return VK_FORMAT_R32G32B32_SFLOAT;
    case DXGI_FORMAT_R32G32B32_UINT: return VK_FORMAT_R32G32B32_UINT;
    case DXGI_FORMAT_R32G32B32_SINT: return VK_FORMAT_R32G32B32_SINT;
    case DXGI_FORMAT_R16G16B16A16_FLOAT: return VK_FORMAT_R16G16B16A16_SFLOAT;
    case DXGI_FORMAT_R16G16B16A16_UNORM: return VK_FORMAT_R16G16B16A16_UNORM;
    case DXGI_FORMAT_R16G16B16A16_UINT: return VK_FORMAT_R16G16B16A16_UINT;
    case DXGI_FORMAT_R16G16B16A16_SNORM: return VK_FORMAT_R16G16B16A16_SNORM;
    case DXGI_FORMAT_R16G16B16A16_SINT: return VK_FORMAT_R16G16B16A16_SINT;
    case DXGI_FORMAT_R32G32_FLOAT: return VK_FORMAT_R32G32_SFLOAT;
    case DXGI_FORMAT_R32G32_UINT: return VK_FORMAT_R32G32_UINT;
    case DXGI_FORMAT_R32G32_SINT: return VK_FORMAT_R32G32_SINT;
    case DXGI_FORMAT_R10G10B10A2_UNORM: return VK_FORMAT_A2B10G10R10_UNORM_PACK32;
    case DXGI_FORMAT_R10G10B10A2_UINT: return VK_FORMAT_A2B10G10R10_UINT_PACK32;
    case DXGI_FORMAT_R11G11B10_FLOAT: return VK_FORMAT_B10G11R11_UFLOAT_PACK32;
    case DXGI_FORMAT_R8G8B8A8_UNORM: return VK_FORMAT_R8G8B8A8_UNORM;
    case DXGI_FORMAT_R8G8B8A8_UINT: return VK_FORMAT_R8G8B8A8_UINT;
    case DXGI_FORMAT_R8G8B8A8_SNORM: return VK_FORMAT_R8G8B8A8_SNORM;
    case DXGI_FORMAT_R8G8B8A8_SINT: return VK_FORMAT_R8G8B8A8_SINT;
    case DXGI_FORMAT_R16G16_FLOAT: return VK_FORMAT_R16G16_SFLOAT;
    case DXGI_FORMAT_R16G16_UNORM: return VK_FORMAT_R16G16_UNORM;
    case DXGI_FORMAT_R16G16_UINT: return VK_FORMAT_R16G16_UINT;
    case DXGI_FORMAT_R16G16_SNORM: return VK_FORMAT_R16G16_SNORM;
    case DXGI_FORMAT_R16G16_SINT: return VK_FORMAT_R16G16_SINT;
    case DXGI_FORMAT_R32_FLOAT: return VK_FORMAT_R32_SFLOAT;
    case DXGI_FORMAT_R32_UINT: return VK_FORMAT_R32_UINT;
    case DXGI_FORMAT_R32_SINT: return VK_FORMAT_R32_SINT;
    case DXGI_FORMAT_R8G8_UNORM: return VK_FORMAT_R8G8_UNORM;
    case DXGI_FORMAT_R8G8_UINT: return VK_FORMAT_R8G8_UINT;
    case DXGI_FORMAT_R8G8_SNORM: return VK_FORMAT_R8G8_SNORM;
    case DXGI_FORMAT_R8G8_SINT: return VK_FORMAT_R8G8_SINT;
    case DXGI_FORMAT_R16_FLOAT: return VK_FORMAT_R16_SFLOAT;
    case DXGI_FORMAT_R16_UNORM: return VK_FORMAT_R16_UNORM;
    case DXGI_FORMAT_R16_UINT: return VK_FORMAT_R16_UINT;
    case DXGI_FORMAT_R16_SNORM: return VK_FORMAT_R16_SNORM;
    case DXGI_FORMAT_R16_SINT: return VK_FORMAT_R16_SINT;
    case DXGI_FORMAT_R8_UNORM: return VK_FORMAT_R8_UNORM;
    case DXGI_FORMAT_R8_UINT: return VK_FORMAT_R8_UINT;
    case DXGI_FORMAT_R8_SNORM: return VK_FORMAT_R8_SNORM;
    case DXGI_FORMAT_R8_SINT: return VK_FORMAT_R8_SINT;
    case DXGI_FORMAT_B8G8R8A8_UNORM: return VK_FORMAT_B8G8R8A8_UNORM;
    default: return VK_FORMAT_UNDEFINED;
  }
}

uint32_t vertexFormatBytes(VkFormat format) {
  switch (format) {
    case VK_FORMAT_R32G32B32A32_SFLOAT: case VK_FORMAT_R32G32B32A32_UINT: case VK_FORMAT_R32G32B32A32_SINT: return 16;
    case VK_FORMAT_R32G32B32_SFLOAT: case VK_FORMAT_R32G32B32_UINT: case VK_FORMAT_R32G32B32_SINT: return 12;
    case VK_FORMAT_R32G32_SFLOAT: case VK_FORMAT_R32G32_UINT: case VK_FORMAT_R32G32_SINT:
    case VK_FORMAT_R16G16B16A16_SFLOAT: case VK_FORMAT_R16G16B16A16_UNORM: case VK_FORMAT_R16G16B16A16_UINT:
    case VK_FORMAT_R16G16B16A16_SNORM: case VK_FORMAT_R16G16B16A16_SINT: return 8;
    case VK_FORMAT_R8G8_UNORM: case VK_FORMAT_R8G8_UINT: case VK_FORMAT_R8G8_SNORM: case VK_FORMAT_R8G8_SINT:
    case VK_FORMAT_R16_SFLOAT: case VK_FORMAT_R16_UNORM: case VK_FORMAT_R16_UINT: case VK_FORMAT_R16_SNORM:
    case VK_FORMAT_R16_SINT: return 2;
    case VK_FORMAT_R8_UNORM: case VK_FORMAT_R8_UINT: case VK_FORMAT_R8_SNORM: case VK_FORMAT_R8_SINT: return 1;
    default: return 4;  // R32, R16G16, R8G8B8A8, B8G8R8A8 and the packed 32-bit formats
  }
}

uint32_t vertexFormatAlignment(VkFormat format) {
  switch (format) {
    case VK_FORMAT_R16G16B16A16_SFLOAT: case VK_FORMAT_R16G16B16A16_UNORM: case VK_FORMAT_R16G16B16A16_UINT:
    case VK_FORMAT_R16G16B16A16_SNORM: case VK_FORMAT_R16G16B16A16_SINT: case VK_FORMAT_R16G16_SFLOAT:
    case VK_FORMAT_R16G16_UNORM: case VK_FORMAT_R16G16_UINT: case VK_FORMAT_R16G16_SNORM: case VK_FORMAT_R16G16_SINT:
    case VK_FORMAT_R16_SFLOAT: case VK_FORMAT_R16_UNORM: case VK_FORMAT_R16_UINT: case VK_FORMAT_R16_SNORM:
    case VK_FORMAT_R16_SINT: return 2;
    case VK_FORMAT_R8G8B8A8_UNORM: case VK_FORMAT_R8G8B8A8_UINT: case VK_FORMAT_R8G8B8A8_SNORM:
    case VK_FORMAT_R8G8B8A8_SINT: case VK_FORMAT_B8G8R8A8_UNORM: case VK_FORMAT_R8G8_UNORM: case VK_FORMAT_R8G8_UINT:
    case VK_FORMAT_R8G8_SNORM: case VK_FORMAT_R8G8_SINT: case VK_FORMAT_R8_UNORM: case VK_FORMAT_R8_UINT:
    case VK_FORMAT_R8_SNORM: case VK_FORMAT_R8_SINT: return 1;
    default: return 4;  // 32-bit components and the packed 32-bit formats
  }
}

bool translateInputLayout(const D3D10DDIARG_INPUT_ELEMENT_DESC* elements, uint32_t count, VertexInputState* out,
                          std::string* error, const VertexInputCaps& caps) {
  *out = {};
  if (count && !elements) {
    *error = "null element array";
    return false;
  }
  for (uint32_t i = 0; i < count; ++i) {
    const D3D10DDIARG_INPUT_ELEMENT_DESC& e = elements[i];
    VkFormat format = vertexFormatFor(e.Format);
    if (format == VK_FORMAT_UNDEFINED) {
      *error = "element " + std::to_string(i) + ": unsupported vertex format " + std::to_string(int(e.Format));
      return false;
    }
    if (e.InputSlot >= 32 || e.InputRegister >= 32) {
      *error = "element " + std::to_string(i) + ": input slot or register out of range";
      return false;
    }
    const bool perInstance = e.InputSlotClass == D3D10_DDI_INPUT_PER_INSTANCE_DATA;
    if (!perInstance && e.InputSlotClass != D3D10_DDI_INPUT_PER_VERTEX_DATA) {
      *error = "element " + std::to_string(i) + ": invalid input slot class";
      return false;
    }
    const uint32_t stepRate = perInstance ? e.InstanceDataStepRate : 1u;
    if (stepRate == 0 && !caps.instanceRateZeroDivisor) {
      *error = "element " + std::to_string(i) +
               ": per-instance step rate 0 needs VK_EXT_vertex_attribute_divisor's "
               "vertexAttributeInstanceRateZeroDivisor, which this Vulkan device lacks";
      return false;
    }
    if (stepRate > 1 && (!caps.instanceRateDivisor || stepRate > caps.maxDivisor)) {
      *error = "element " + std::to_string(i) + ": per-instance step rate " + std::to_string(stepRate) +
               (caps.instanceRateDivisor ? " exceeds the Vulkan device's maxVertexAttribDivisor " + std::to_string(caps.maxDivisor)
                                         : std::string(" needs VK_EXT_vertex_attribute_divisor, which this Vulkan device lacks"));
      return false;
    }
    const VkVertexInputRate rate = perInstance ? VK_VERTEX_INPUT_RATE_INSTANCE : VK_VERTEX_INPUT_RATE_VERTEX;
    auto binding = std::find_if(out->bindings.begin(), out->bindings.end(),
                                [&](const VkVertexInputBindingDescription& b) { return b.binding == e.InputSlot; });
    auto divisor = std::find_if(out->divisors.begin(), out->divisors.end(),
                                [&](const VkVertexInputBindingDivisorDescriptionEXT& d) { return d.binding == e.InputSlot; });
    if (binding == out->bindings.end()) {
      out->bindings.push_back({e.InputSlot, 0, rate});
      if (stepRate != 1) out->divisors.push_back({e.InputSlot, stepRate});
    } else if (binding->inputRate != rate) {
      *error = "input slot " + std::to_string(e.InputSlot) + " mixes per-vertex and per-instance elements";
      return false;
    } else if ((divisor == out->divisors.end() ? 1u : divisor->divisor) != stepRate) {
      // Vulkan's divisor belongs to the binding (the slot), D3D's step rate to the element.
      *error = "input slot " + std::to_string(e.InputSlot) + " mixes per-instance step rates";
      return false;
    }
    out->attributes.push_back({e.InputRegister, e.InputSlot, format, e.AlignedByteOffset});
  }
  return true;
}

}  // namespace d3dvk::state
