// ddi/include/vk_ext_depth_bias_control.h — the VK_EXT_depth_bias_control
// declarations d3dvk uses, for Vulkan headers older than the registry's 1.3.254
// (Debian 12 ships 1.3.239). Values and layouts are the registry's (vk.xml,
// extension number 284: structure types 1000283000..1000283002,
// VkDepthBiasRepresentationEXT 0..2; Vulkan-Headers v1.3.254 vulkan_core.h).
// With newer headers the headers' own declarations are used.
#pragma once

#include <vulkan/vulkan_core.h>

#ifndef VK_EXT_depth_bias_control
#define VK_EXT_depth_bias_control 1
#define VK_EXT_DEPTH_BIAS_CONTROL_SPEC_VERSION 1
#define VK_EXT_DEPTH_BIAS_CONTROL_EXTENSION_NAME "VK_EXT_depth_bias_control"

inline constexpr VkStructureType VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_BIAS_CONTROL_FEATURES_EXT =
    VkStructureType(1000283000);
inline constexpr VkStructureType VK_STRUCTURE_TYPE_DEPTH_BIAS_REPRESENTATION_INFO_EXT = VkStructureType(1000283002);

typedef enum VkDepthBiasRepresentationEXT {
  VK_DEPTH_BIAS_REPRESENTATION_LEAST_REPRESENTABLE_VALUE_FORMAT_EXT = 0,
  VK_DEPTH_BIAS_REPRESENTATION_LEAST_REPRESENTABLE_VALUE_FORCE_UNORM_EXT = 1,
  VK_DEPTH_BIAS_REPRESENTATION_FLOAT_EXT = 2,
  VK_DEPTH_BIAS_REPRESENTATION_MAX_ENUM_EXT = 0x7FFFFFFF
} VkDepthBiasRepresentationEXT;

typedef struct VkPhysicalDeviceDepthBiasControlFeaturesEXT {
  VkStructureType sType;
  void* pNext;
  VkBool32 depthBiasControl;
  VkBool32 leastRepresentableValueForceUnormRepresentation;
  VkBool32 floatRepresentation;
  VkBool32 depthBiasExact;
} VkPhysicalDeviceDepthBiasControlFeaturesEXT;

typedef struct VkDepthBiasRepresentationInfoEXT {
  VkStructureType sType;
  const void* pNext;
  VkDepthBiasRepresentationEXT depthBiasRepresentation;
  VkBool32 depthBiasExact;
} VkDepthBiasRepresentationInfoEXT;
#endif

// The first Vulkan registry (and so validation layer) that knows the extension.
// Older layers drop its structures from the chains they copy and report them as
// unknown (VUID-...-pNext-pNext), so d3dvk leaves the extension off under them.
inline constexpr uint32_t kDepthBiasControlRegistryVersion = VK_MAKE_API_VERSION(0, 1, 3, 254);
