// tools/d3dvk-shader/shader_info.h — what `d3dvk-shader info` prints beyond the
// reflection: every declared resource with its register (range) and space, and
// the Vulkan capabilities, extensions and device features the native
// translation of the shader needs.
#pragma once

#include "dxbc/shader.h"

#include <string>

namespace d3dvk::tools {

// One line per dcl_constantbuffer / dcl_sampler / dcl_resource* / dcl_uav* /
// dcl_tgsm*: "  t3 texture2d (float,float,float,float), space 0"; SM5.1
// ranges as "T0[2:5]" (unbounded upper bound: "T0[2:unbounded]").
std::string describeResources(const dxbc::Program& program);

// "  capability ImageGatherExtended: feature shaderImageGatherExtended" per
// OpCapability / OpExtension of the native translation ("core" for what every
// Vulkan 1.3 device has); the translation's error when it fails.
std::string describeVulkanRequirements(const dxbc::Shader& shader);

}  // namespace d3dvk::tools
