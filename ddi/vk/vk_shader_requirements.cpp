// ddi/vk/vk_shader_requirements.cpp — see vk_shader_requirements.h.
#include "vk_shader_requirements.h"
#include "d3dvk_checked_math.h"

#include <cstring>
#include <map>
#include <set>

namespace d3dvk::vk {
namespace {

constexpr uint32_t kOpExtension = 10, kOpExtInstImport = 11, kOpMemoryModel = 14, kOpEntryPoint = 15, kOpCapability = 17;

// A capability: its name, and whether the device enabled what it needs (*need names that).
struct CapabilityCheck {
  const char* name;
  bool enabled;
};

// `stages`: the module's entry points' stages (VkShaderStageFlags).
CapabilityCheck checkCapability(const Device& d, uint32_t cap, VkShaderStageFlags stages, std::string* need) {
  const VkPhysicalDeviceFeatures& f = d.enabledFeatures();
  auto feature = [&](const char* capName, VkBool32 enabled, const char* featureName) {
    *need = std::string("the ") + featureName + " feature";
    return CapabilityCheck{capName, enabled == VK_TRUE};
  };
  auto core = [](const char* capName) { return CapabilityCheck{capName, true}; };
  switch (cap) {
    case 1: return core("Shader");
    case 4: return core("Matrix");
    case 43: return core("Sampled1D");
    case 44: return core("Image1D");
    case 46: return core("SampledBuffer");
    case 47: return core("ImageBuffer");
    case 50: return core("ImageQuery");
    case 51: return core("DerivativeControl");
    case 61:
      *need = "subgroup BASIC operations in the shader's stage";
      return {"GroupNonUniform", d.info().subgroupOperationsIn(stages, VK_SUBGROUP_FEATURE_BASIC_BIT)};
    case 63:
      *need = "subgroup ARITHMETIC operations in the shader's stage";
      return {"GroupNonUniformArithmetic", d.info().subgroupOperationsIn(stages, VK_SUBGROUP_FEATURE_ARITHMETIC_BIT)};
    case 64:
      *need = "subgroup BALLOT operations in the shader's stage";
      return {"GroupNonUniformBallot", d.info().subgroupOperationsIn(stages, VK_SUBGROUP_FEATURE_BALLOT_BIT)};
    case 2: return feature("Geometry", f.geometryShader, "geometryShader");
    case 3: return feature("Tessellation", f.tessellationShader, "tessellationShader");
    case 10: return feature("Float64", f.shaderFloat64, "shaderFloat64");
    case 11: return feature("Int64", f.shaderInt64, "shaderInt64");
    case 5379:
      return feature("DemoteToHelperInvocationEXT", d.demoteToHelperInvocationEnabled(),
                     "shaderDemoteToHelperInvocation");
    case 32: return feature("ClipDistance", f.shaderClipDistance, "shaderClipDistance");
    case 33: return feature("CullDistance", f.shaderCullDistance, "shaderCullDistance");
    case 34: return feature("ImageCubeArray", f.imageCubeArray, "imageCubeArray");
    case 25: return feature("ImageGatherExtended", f.shaderImageGatherExtended, "shaderImageGatherExtended");
    case 41: return feature("SparseResidency", f.shaderResourceResidency, "shaderResourceResidency");
    case 42: return feature("MinLod", f.shaderResourceMinLod, "shaderResourceMinLod");
    case 5013:
      *need = VK_EXT_SHADER_STENCIL_EXPORT_EXTENSION_NAME;
      return {"StencilExportEXT", d.extensionEnabled(VK_EXT_SHADER_STENCIL_EXPORT_EXTENSION_NAME)};
    case 35: return feature("SampleRateShading", f.sampleRateShading, "sampleRateShading");
    case 45: return feature("SampledCubeArray", f.imageCubeArray, "imageCubeArray");
    case 49:
      return feature("StorageImageExtendedFormats", f.shaderStorageImageExtendedFormats,
                     "shaderStorageImageExtendedFormats");
    case 52: return feature("InterpolationFunction", f.sampleRateShading, "sampleRateShading");
    case 57: return feature("MultiViewport", f.multiViewport, "multiViewport");
    case 5254:  // a vertex or domain shader's SV_RenderTargetArrayIndex / SV_ViewportArrayIndex
      *need = VK_EXT_SHADER_VIEWPORT_INDEX_LAYER_EXTENSION_NAME;
      return {"ShaderViewportIndexLayerEXT", d.extensionEnabled(VK_EXT_SHADER_VIEWPORT_INDEX_LAYER_EXTENSION_NAME)};
    case 55:
      return feature("StorageImageReadWithoutFormat", f.shaderStorageImageReadWithoutFormat,
                     "shaderStorageImageReadWithoutFormat");
    case 56:
      return feature("StorageImageWriteWithoutFormat", f.shaderStorageImageWriteWithoutFormat,
                     "shaderStorageImageWriteWithoutFormat");
    case 53:
      return feature("TransformFeedback", d.transformFeedbackEnabled(), "transformFeedback (VK_EXT_transform_feedback)");
    case 54: {  // a geometry shader's streams (stream output); the device enables geometryStreams where it has it
      VkPhysicalDeviceTransformFeedbackFeaturesEXT xfb{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT};
      VkPhysicalDeviceFeatures2 features{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, &xfb};
      if (d.transformFeedbackEnabled()) vkGetPhysicalDeviceFeatures2(d.physicalDevice(), &features);
      return feature("GeometryStreams", xfb.geometryStreams, "geometryStreams (VK_EXT_transform_feedback)");
    }
    case 4427: return feature("DrawParameters", d.shaderDrawParametersEnabled(), "shaderDrawParameters");
    // Descriptor arrays (SM5.1 register ranges): dynamic, non-uniform and runtime-sized.
    case 28:
      return feature("UniformBufferArrayDynamicIndexing", f.shaderUniformBufferArrayDynamicIndexing,
                     "shaderUniformBufferArrayDynamicIndexing");
    case 29:
      return feature("SampledImageArrayDynamicIndexing", f.shaderSampledImageArrayDynamicIndexing,
                     "shaderSampledImageArrayDynamicIndexing");
    case 30:
      return feature("StorageBufferArrayDynamicIndexing", f.shaderStorageBufferArrayDynamicIndexing,
                     "shaderStorageBufferArrayDynamicIndexing");
    case 31:
      return feature("StorageImageArrayDynamicIndexing", f.shaderStorageImageArrayDynamicIndexing,
                     "shaderStorageImageArrayDynamicIndexing");
    case 5301: {  // any of the non-uniform indexing features
      const DescriptorIndexingFeatures& di = d.descriptorIndexing();
      *need = "a shader*ArrayNonUniformIndexing feature";
      return {"ShaderNonUniform", di.uniformBufferNonUniform || di.sampledImageNonUniform || di.storageBufferNonUniform ||
                                      di.storageImageNonUniform || di.uniformTexelBufferNonUniform ||
                                      di.storageTexelBufferNonUniform};
    }
    case 5302:
      return feature("RuntimeDescriptorArray", d.descriptorIndexing().runtimeDescriptorArray, "runtimeDescriptorArray");
    case 5304:
      return feature("UniformTexelBufferArrayDynamicIndexing", d.descriptorIndexing().uniformTexelBufferDynamic,
                     "shaderUniformTexelBufferArrayDynamicIndexing");
    case 5305:
      return feature("StorageTexelBufferArrayDynamicIndexing", d.descriptorIndexing().storageTexelBufferDynamic,
                     "shaderStorageTexelBufferArrayDynamicIndexing");
    case 5306:
      return feature("UniformBufferArrayNonUniformIndexing", d.descriptorIndexing().uniformBufferNonUniform,
                     "shaderUniformBufferArrayNonUniformIndexing");
    case 5307:
      return feature("SampledImageArrayNonUniformIndexing", d.descriptorIndexing().sampledImageNonUniform,
                     "shaderSampledImageArrayNonUniformIndexing");
    case 5308:
      return feature("StorageBufferArrayNonUniformIndexing", d.descriptorIndexing().storageBufferNonUniform,
                     "shaderStorageBufferArrayNonUniformIndexing");
    case 5309:
      return feature("StorageImageArrayNonUniformIndexing", d.descriptorIndexing().storageImageNonUniform,
                     "shaderStorageImageArrayNonUniformIndexing");
    case 5311:
      return feature("UniformTexelBufferArrayNonUniformIndexing", d.descriptorIndexing().uniformTexelBufferNonUniform,
                     "shaderUniformTexelBufferArrayNonUniformIndexing");
    case 5312:
      return feature("StorageTexelBufferArrayNonUniformIndexing", d.descriptorIndexing().storageTexelBufferNonUniform,
                     "shaderStorageTexelBufferArrayNonUniformIndexing");
    case 5265:
      *need = VK_EXT_CONSERVATIVE_RASTERIZATION_EXTENSION_NAME;
      return {"FragmentFullyCoveredEXT", d.extensionEnabled(VK_EXT_CONSERVATIVE_RASTERIZATION_EXTENSION_NAME)};
    default:
      *need = "an entry in d3dvk's table (vk_shader_requirements.cpp)";
      return {nullptr, false};
  }
}

bool extensionEnabled(const Device& d, const char* ext, std::string* need) {
  if (std::strcmp(ext, "SPV_EXT_fragment_fully_covered") == 0) {
    *need = VK_EXT_CONSERVATIVE_RASTERIZATION_EXTENSION_NAME;
    return d.extensionEnabled(VK_EXT_CONSERVATIVE_RASTERIZATION_EXTENSION_NAME);
  }
  if (std::strcmp(ext, "SPV_EXT_shader_viewport_index_layer") == 0) {
    *need = VK_EXT_SHADER_VIEWPORT_INDEX_LAYER_EXTENSION_NAME;
    return d.extensionEnabled(VK_EXT_SHADER_VIEWPORT_INDEX_LAYER_EXTENSION_NAME);
  }
  if (std::strcmp(ext, "SPV_EXT_shader_stencil_export") == 0) {
    *need = VK_EXT_SHADER_STENCIL_EXPORT_EXTENSION_NAME;
    return d.extensionEnabled(VK_EXT_SHADER_STENCIL_EXPORT_EXTENSION_NAME);
  }
  if (std::strcmp(ext, "SPV_EXT_descriptor_indexing") == 0) {  // core in Vulkan 1.2; its capabilities name the features
    *need = "Vulkan 1.2";
    return d.info().properties.apiVersion >= VK_API_VERSION_1_2;
  }
  if (std::strcmp(ext, "SPV_EXT_demote_to_helper_invocation") == 0) {  // core in Vulkan 1.3, which d3dvk requires
    *need = "Vulkan 1.3 or VK_EXT_shader_demote_to_helper_invocation";
    return d.info().properties.apiVersion >= VK_API_VERSION_1_3 ||
           d.extensionEnabled(VK_EXT_SHADER_DEMOTE_TO_HELPER_INVOCATION_EXTENSION_NAME);
  }
  *need = "an entry in d3dvk's table (vk_shader_requirements.cpp)";
  return false;
}

// The stages of the module's OpEntryPoints (they follow OpMemoryModel).
VkShaderStageFlags entryPointStages(const std::vector<uint32_t>& spirv) {
  VkShaderStageFlags stages = 0;
  for (size_t i = 5; i < spirv.size();) {
    const uint32_t op = spirv[i] & 0xFFFF, count = spirv[i] >> 16;
    if (count == 0 || !fitsWithin(i, count, spirv.size())) break;
    if (op == kOpEntryPoint && count >= 2) {
      switch (spirv[i + 1]) {  // the execution model
        case 0: stages |= VK_SHADER_STAGE_VERTEX_BIT; break;
        case 1: stages |= VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT; break;
        case 2: stages |= VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT; break;
        case 3: stages |= VK_SHADER_STAGE_GEOMETRY_BIT; break;
        case 4: stages |= VK_SHADER_STAGE_FRAGMENT_BIT; break;
        case 5: stages |= VK_SHADER_STAGE_COMPUTE_BIT; break;
        default: break;
      }
    } else if (op != kOpCapability && op != kOpExtension && op != kOpExtInstImport && op != kOpMemoryModel) {
      break;  // past the entry points
    }
    i += count;
  }
  return stages;
}

}  // namespace

std::string unmetInterfaceLocation(const VkPhysicalDeviceLimits& limits, const std::vector<uint32_t>& spirv) {
  constexpr uint32_t kOpVariable = 59, kOpDecorate = 71, kDecBuiltIn = 11, kDecPatch = 15, kDecLocation = 30;
  constexpr uint32_t kInput = 1, kOutput = 3;
  if (spirv.size() < 5) return "";
  const VkShaderStageFlags stages = entryPointStages(spirv);
  const bool control = stages & VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT,
             evaluation = stages & VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT;
  if (!control && !evaluation) return "";
  std::map<uint32_t, uint32_t> location, storage;  // by variable id
  std::set<uint32_t> patch;
  for (size_t i = 5; i < spirv.size();) {
    const uint32_t op = spirv[i] & 0xFFFF, count = spirv[i] >> 16;
    if (count == 0 || !fitsWithin(i, count, spirv.size())) break;
    if (op == kOpDecorate && count >= 3) {
      if (spirv[i + 2] == kDecPatch) patch.insert(spirv[i + 1]);
      if (spirv[i + 2] == kDecLocation && count >= 4) location[spirv[i + 1]] = spirv[i + 3];
      if (spirv[i + 2] == kDecBuiltIn) location.erase(spirv[i + 1]);
    }
    if (op == kOpVariable && count >= 4) storage[spirv[i + 2]] = spirv[i + 3];
    i += count;
  }
  for (const auto& [id, at] : location) {
    const auto sc = storage.find(id);
    if (sc == storage.end() || (sc->second != kInput && sc->second != kOutput)) continue;
    const bool input = sc->second == kInput, isPatch = patch.count(id) != 0;
    // Vulkan's "Shader Input and Output Locations": a Location below the interface's components / 4.
    const char* limit = nullptr;
    uint32_t components = 0;
    if (isPatch && ((control && !input) || (evaluation && input))) {
      limit = "maxTessellationControlPerPatchOutputComponents", components = limits.maxTessellationControlPerPatchOutputComponents;
    } else if (control) {
      limit = input ? "maxTessellationControlPerVertexInputComponents" : "maxTessellationControlPerVertexOutputComponents";
      components = input ? limits.maxTessellationControlPerVertexInputComponents
                         : limits.maxTessellationControlPerVertexOutputComponents;
    } else {
      limit = input ? "maxTessellationEvaluationInputComponents" : "maxTessellationEvaluationOutputComponents";
      components = input ? limits.maxTessellationEvaluationInputComponents : limits.maxTessellationEvaluationOutputComponents;
    }
    if (at >= components / 4)
      return std::string(isPatch ? "a Patch " : "an ") + (input ? "input" : "output") + " at Location " +
             std::to_string(at) + " is past the device's " + std::to_string(components / 4) + " locations (" + limit +
             " " + std::to_string(components) + ")";
  }
  return "";
}

std::string unmetShaderRequirement(const Device& device, const std::vector<uint32_t>& spirv) {
  if (spirv.size() < 5) return "not a SPIR-V module (shorter than its header)";
  const VkShaderStageFlags stages = entryPointStages(spirv);
  for (size_t i = 5; i < spirv.size();) {
    const uint32_t op = spirv[i] & 0xFFFF, count = spirv[i] >> 16;
    if (count == 0 || !fitsWithin(i, count, spirv.size())) return "malformed SPIR-V (instruction at word " + std::to_string(i) + ")";
    std::string need;
    if (op == kOpCapability && count >= 2) {
      const CapabilityCheck c = checkCapability(device, spirv[i + 1], stages, &need);
      if (!c.enabled)
        return "OpCapability " + (c.name ? std::string(c.name) : std::to_string(spirv[i + 1])) + " needs " + need +
               ", which the device did not enable";
    }
    if (op == kOpExtension && count >= 2) {
      const std::string name(reinterpret_cast<const char*>(&spirv[i + 1]),
                             strnlen(reinterpret_cast<const char*>(&spirv[i + 1]), (count - 1) * 4));
      if (!extensionEnabled(device, name.c_str(), &need))
        return "OpExtension " + name + " needs " + need + ", which the device did not enable";
    }
    if (op == kOpMemoryModel) break;  // capabilities and extensions come before it
    i += count;
  }
  return unmetInterfaceLocation(device.info().properties.limits, spirv);
}

}  // namespace d3dvk::vk
