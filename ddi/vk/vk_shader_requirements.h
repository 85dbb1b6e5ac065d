// ddi/vk/vk_shader_requirements.h — what a SPIR-V module may declare on a
// device: each OpCapability and OpExtension d3dvk's modules use, mapped to the
// device feature, property or extension Vulkan's SPIR-V environment requires
// for it (the registry as of Vulkan 1.3.241, which lists
// SPV_EXT_fragment_fully_covered under VK_EXT_conservative_rasterization), and
// the tessellation stages' interface Locations against the device's limits.
// vk::createShaderModule checks every module against the device before Vulkan
// sees it, so a module the device did not enable (a native variant with
// FullyCoveredEXT on a device without the extension, say) fails with a clear
// message instead of being undefined behaviour — checked on any device,
// whatever the validation layer's version knows.
#pragma once

#include "vk_device.h"

#include <cstdint>
#include <string>
#include <vector>

namespace d3dvk::vk {

// "" when every capability and extension the module declares is enabled on
// the device; otherwise what is missing, e.g. "OpExtension
// SPV_EXT_fragment_fully_covered needs VK_EXT_conservative_rasterization, which
// the device did not enable". A capability or extension outside the table is
// reported too (add it to the table with its requirement). Capabilities and
// extensions come from the module's preamble (up to OpMemoryModel); then the
// tessellation stages' interface locations (unmetInterfaceLocation).
std::string unmetShaderRequirement(const Device& device, const std::vector<uint32_t>& spirv);

// "" unless a tessellation control or evaluation module puts an input or
// output variable at a Location the device's limits do not have: per-patch
// ones below maxTessellationControlPerPatchOutputComponents / 4 (30 on NVIDIA
// and AMD, where a patch output past it never reaches the domain shader),
// per-vertex ones below their stage's components / 4. Otherwise which
// variable and limit, e.g. "a Patch output at Location 31 is past the
// device's 30 locations (maxTessellationControlPerPatchOutputComponents 120)".
std::string unmetInterfaceLocation(const VkPhysicalDeviceLimits& limits, const std::vector<uint32_t>& spirv);

}  // namespace d3dvk::vk
