// tests/support/expected_device.h — what d3dvk should report about the
// machine's Vulkan device, worked out by the test itself: the device
// D3DVK_DEVICE selects (on the process-wide instance), its name and API
// version, its VK_EXT_conservative_rasterization facts, and the tiers and
// draw path translate/state's policy gives for them (that policy is tested on
// its own in tests/state). Tool and API tests compare d3dvk's output with
// this instead of assuming lavapipe, so they hold on any device.
#pragma once

#include "conservative_tier.h"
#include "vk_device.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>

namespace d3dvk::test {

struct ExpectedDevice {
  std::string name;
  std::string apiVersion;  // "1.3.230"
  bool conservativeExtension = false;
  state::ConservativeRasterizationProperties conservative;
  state::ConservativeTier native = state::ConservativeTier::NotSupported;
  state::ConservativeTier fallback = state::ConservativeTier::NotSupported;
  uint32_t subPixelPrecisionBits = 0;  // VkPhysicalDeviceLimits
  // The fallback's device features, queried from Vulkan here (not through d3dvk's query).
  bool transformFeedback = false, depthClamp = false, shaderInt64 = false, shaderFloat64 = false,
       demoteToHelper = false, logicOp = false;
  // VK_EXT_shader_stencil_export, as d3dvk enables it (not with D3DVK_STENCIL_EXPORT=off): SV_StencilRef.
  bool stencilExport = false;
  // VK_EXT_extended_dynamic_state3's colour blend enable, equation and write
  // mask, as d3dvk enables them (not with D3DVK_DYNAMIC_BLEND=0): blend states
  // as dynamic state.
  bool dynamicBlend = false;
  // Depth-stencil states, cull modes and windings as dynamic state: Vulkan
  // 1.3 core, so everywhere d3dvk runs, but with D3DVK_DYNAMIC_DEPTH_STENCIL=0.
  bool dynamicDepthStencil = false;

  state::ConservativeTierDecision decide(state::ConservativePolicy policy = state::ConservativePolicy::Auto) const {
    return state::decideConservativeTier(native, fallback, policy);
  }
  // d3dvk-info's "conservative draws run" text and JSON "draws" / the
  // conformance report's "path" for a policy.
  const char* drawPath(state::ConservativePolicy policy = state::ConservativePolicy::Auto) const {
    const state::ConservativeTierDecision d = decide(policy);
    return d.reported == state::ConservativeTier::NotSupported ? "none" : d.drawsRunNatively ? "native" : "fallback";
  }
};

inline ExpectedDevice expectedDevice() {
  std::string error;
  vk::Instance* instance = vk::Instance::shared(vk::InstanceOptions{}, &error);
  INFO(error);
  REQUIRE(instance);
  const VkPhysicalDevice pd = instance->selectPhysicalDevice(std::getenv("D3DVK_DEVICE"), &error);
  REQUIRE(pd != VK_NULL_HANDLE);
  const vk::PhysicalDeviceInfo info = vk::queryPhysicalDevice(pd);
  ExpectedDevice e;
  e.name = info.properties.deviceName;
  const uint32_t v = info.properties.apiVersion;
  e.apiVersion = std::to_string(VK_API_VERSION_MAJOR(v)) + "." + std::to_string(VK_API_VERSION_MINOR(v)) + "." +
                 std::to_string(VK_API_VERSION_PATCH(v));
  e.subPixelPrecisionBits = info.properties.limits.subPixelPrecisionBits;
  e.conservativeExtension = info.conservativeRasterization;
  e.conservative.extensionPresent = info.conservativeRasterization;
  if (info.conservativeRasterization) {
    e.conservative.primitiveOverestimationSize = info.conservative.primitiveOverestimationSize;
    e.conservative.degenerateTrianglesRasterized = info.conservative.degenerateTrianglesRasterized == VK_TRUE;
    e.conservative.fullyCoveredFragmentShaderInputVariable =
        info.conservative.fullyCoveredFragmentShaderInputVariable == VK_TRUE;
  }
  e.native = state::nativeConservativeTier(e.conservative);
  e.fallback = state::fallbackConservativeTier(info.transformFeedback, info.depthClamp, info.shaderInt64);
  VkPhysicalDeviceTransformFeedbackFeaturesEXT xfb{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT};
  VkPhysicalDeviceShaderDemoteToHelperInvocationFeatures demote{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DEMOTE_TO_HELPER_INVOCATION_FEATURES, &xfb};
  VkPhysicalDeviceFeatures2 features{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, &demote};
  vkGetPhysicalDeviceFeatures2(pd, &features);
  e.transformFeedback = xfb.transformFeedback == VK_TRUE;
  e.depthClamp = features.features.depthClamp == VK_TRUE;
  e.shaderInt64 = features.features.shaderInt64 == VK_TRUE;
  e.shaderFloat64 = features.features.shaderFloat64 == VK_TRUE;
  e.demoteToHelper = demote.shaderDemoteToHelperInvocation == VK_TRUE;
  e.logicOp = features.features.logicOp == VK_TRUE;
  const char* stencilExportEnv = std::getenv("D3DVK_STENCIL_EXPORT");
  e.stencilExport = info.hasExtension(VK_EXT_SHADER_STENCIL_EXPORT_EXTENSION_NAME) &&
                    !(stencilExportEnv && std::string(stencilExportEnv) == "off");
  if (info.hasExtension(VK_EXT_EXTENDED_DYNAMIC_STATE_3_EXTENSION_NAME)) {
    VkPhysicalDeviceExtendedDynamicState3FeaturesEXT dynamic3{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT};
    VkPhysicalDeviceFeatures2 query{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, &dynamic3};
    vkGetPhysicalDeviceFeatures2(pd, &query);
    const char* dynamicBlendEnv = std::getenv("D3DVK_DYNAMIC_BLEND");
    e.dynamicBlend = dynamic3.extendedDynamicState3ColorBlendEnable && dynamic3.extendedDynamicState3ColorBlendEquation &&
                     dynamic3.extendedDynamicState3ColorWriteMask &&
                     !(dynamicBlendEnv && std::string(dynamicBlendEnv) == "0");
  }
  const char* dynamicDepthStencilEnv = std::getenv("D3DVK_DYNAMIC_DEPTH_STENCIL");
  e.dynamicDepthStencil = !(dynamicDepthStencilEnv && std::string(dynamicDepthStencilEnv) == "0");
  return e;
}

}  // namespace d3dvk::test
