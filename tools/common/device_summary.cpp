// tools/common/device_summary.cpp — see device_summary.h.
#include "device_summary.h"

#include "vk_instance.h"

#include <cstdlib>

namespace d3dvk::tools {

const char* DeviceSummary::drawPath() const {
  if (decision.reported == state::ConservativeTier::NotSupported) return "none";
  return decision.drawsRunNatively ? "native" : "fallback";
}

bool summarizeDevice(DeviceSummary* out, std::string* error) {
  auto policy = state::parseConservativePolicy(std::getenv("D3DVK_CONSERVATIVE_RASTER"), error);
  if (!policy) return false;
  // The process-wide instance: the devices the tool then creates through the
  // API find the Vulkan driver loaded (their UMD has its own, likewise kept).
  vk::Instance* instance = vk::Instance::shared(vk::instanceOptionsFromEnvironment(), error);
  if (!instance) return false;
  VkPhysicalDevice selected = instance->selectPhysicalDevice(std::getenv("D3DVK_DEVICE"), error);
  if (selected == VK_NULL_HANDLE) return false;
  out->info = vk::queryPhysicalDevice(selected);
  out->index = 0;
  while (instance->physicalDevices()[out->index] != selected) ++out->index;
  state::ConservativeRasterizationProperties& p = out->conservative;
  p.extensionPresent = out->info.conservativeRasterization;
  p.primitiveOverestimationSize = out->info.conservative.primitiveOverestimationSize;
  p.degenerateTrianglesRasterized = out->info.conservative.degenerateTrianglesRasterized == VK_TRUE;
  p.fullyCoveredFragmentShaderInputVariable = out->info.conservative.fullyCoveredFragmentShaderInputVariable == VK_TRUE;
  out->decision =
      state::decideConservativeTier(state::nativeConservativeTier(p),
                                    state::fallbackConservativeTier(out->info.transformFeedback, out->info.depthClamp,
                                                                    out->info.shaderInt64),
                                    *policy);
  return true;
}

}  // namespace d3dvk::tools
