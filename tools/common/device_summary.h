// tools/common/device_summary.h — what the command-line tools report about the
// Vulkan device d3dvk runs on: the device D3DVK_DEVICE selects (as the UMD
// selects it), its VK_EXT_conservative_rasterization facts, and the tier policy's
// decision (native / fallback / reported tier, where conservative draws run).
#pragma once

#include "conservative_tier.h"
#include "vk_device.h"

#include <string>

namespace d3dvk::tools {

struct DeviceSummary {
  size_t index = 0;
  vk::PhysicalDeviceInfo info;
  state::ConservativeRasterizationProperties conservative;
  state::ConservativeTierDecision decision;
  // "native", "fallback" or "none".
  const char* drawPath() const;
};

// Reads D3DVK_DEVICE and D3DVK_CONSERVATIVE_RASTER; false with *error set on failure.
bool summarizeDevice(DeviceSummary* out, std::string* error);

}  // namespace d3dvk::tools
