// ddi/vk/vk_device.cpp — see vk_device.h.
#include "vk_device.h"

#include "d3dvk_checked_math.h"
#include "vk_ext_depth_bias_control.h"
#include "vk_memory_budget.h"

#include <algorithm>
#include <cstdlib>
#include <string_view>
#include <cstring>
#include <mutex>
#include <unordered_map>

namespace d3dvk::vk {
namespace {

// Live devices by handle, for deviceEnabledExtension.
std::mutex& registryMutex() {
  static std::mutex m;
  return m;
}
std::unordered_map<VkDevice, const Device*>& registry() {
  static auto* devices = new std::unordered_map<VkDevice, const Device*>();  // outlives static destructors
  return *devices;
}

}  // namespace

bool deviceEnabledExtension(VkDevice device, const char* name) {
  std::lock_guard<std::mutex> lock(registryMutex());
  auto it = registry().find(device);
  return it != registry().end() && it->second->extensionEnabled(name);
}

bool PhysicalDeviceInfo::hasExtension(const char* name) const {
  return std::find(extensions.begin(), extensions.end(), name) != extensions.end();
}

PhysicalDeviceInfo queryPhysicalDevice(VkPhysicalDevice physicalDevice) {
  PhysicalDeviceInfo info;
  uint32_t count = 0;
  vkEnumerateDeviceExtensionProperties(physicalDevice, nullptr, &count, nullptr);
  std::vector<VkExtensionProperties> exts(count);
  vkEnumerateDeviceExtensionProperties(physicalDevice, nullptr, &count, exts.data());
  for (const auto& e : exts) info.extensions.emplace_back(e.extensionName);

  info.conservativeRasterization = info.hasExtension(VK_EXT_CONSERVATIVE_RASTERIZATION_EXTENSION_NAME);
  info.transformFeedback = info.hasExtension(VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME);
  VkPhysicalDeviceFeatures features{};
  vkGetPhysicalDeviceFeatures(physicalDevice, &features);
  info.depthClamp = features.depthClamp == VK_TRUE;

  VkPhysicalDeviceSubgroupProperties subgroup{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
  VkPhysicalDeviceDriverProperties driver{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
  driver.pNext = &subgroup;
  VkPhysicalDeviceProperties2 props2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
  props2.pNext = &driver;
  if (info.conservativeRasterization) {
    info.conservative.pNext = nullptr;
    subgroup.pNext = &info.conservative;
  }
  VkPhysicalDeviceProperties plain{};
  vkGetPhysicalDeviceProperties(physicalDevice, &plain);
  VkPhysicalDeviceDescriptorIndexingProperties indexing{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DESCRIPTOR_INDEXING_PROPERTIES};
  if (plain.apiVersion >= VK_API_VERSION_1_2) {
    indexing.pNext = props2.pNext;
    props2.pNext = &indexing;
  }
  vkGetPhysicalDeviceProperties2(physicalDevice, &props2);
  info.conservative.pNext = nullptr;
  info.maxUpdateAfterBindUniformBuffersDynamic = indexing.maxDescriptorSetUpdateAfterBindUniformBuffersDynamic;
  info.properties = props2.properties;
  info.driverName = driver.driverName;
  info.driverInfo = driver.driverInfo;
  const VkSubgroupFeatureFlags ballot = VK_SUBGROUP_FEATURE_BASIC_BIT | VK_SUBGROUP_FEATURE_BALLOT_BIT;
  info.subgroupStages = subgroup.supportedStages;
  info.subgroupOperations = subgroup.supportedOperations;
  info.fragmentSubgroupBallot = info.subgroupOperationsIn(VK_SHADER_STAGE_FRAGMENT_BIT, ballot);
  info.fragmentFullyCovered = info.conservativeRasterization &&
                              info.conservative.fullyCoveredFragmentShaderInputVariable == VK_TRUE;
  info.shaderInt64 = features.shaderInt64 == VK_TRUE;
  info.shaderFloat64 = features.shaderFloat64 == VK_TRUE;
  if (info.properties.apiVersion >= VK_API_VERSION_1_3) {
    VkPhysicalDeviceVulkan13Features v13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
    VkPhysicalDeviceFeatures2 features2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
    features2.pNext = &v13;
    vkGetPhysicalDeviceFeatures2(physicalDevice, &features2);
    info.demoteToHelperInvocation = v13.shaderDemoteToHelperInvocation == VK_TRUE;
  }
  return info;
}

std::unique_ptr<Device> Device::create(VkPhysicalDevice physicalDevice, std::string* error,
                                       const std::vector<const char*>& optionalExtensions,
                                       uint32_t validationLayerVersion) {
  std::unique_ptr<Device> self(new Device());
  self->physicalDevice_ = physicalDevice;
  self->info_ = queryPhysicalDevice(physicalDevice);
  vkGetPhysicalDeviceMemoryProperties(physicalDevice, &self->memory_);
  VkPhysicalDeviceMaintenance4Properties maintenance4{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_PROPERTIES};
  VkPhysicalDeviceMaintenance3Properties maintenance3{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_3_PROPERTIES};
  maintenance3.pNext = &maintenance4;
  VkPhysicalDeviceProperties2 props2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
  props2.pNext = &maintenance3;
  vkGetPhysicalDeviceProperties2(physicalDevice, &props2);
  self->maxAllocationSize_ = maintenance3.maxMemoryAllocationSize;
  self->maxBufferSize_ = maintenance4.maxBufferSize;

  uint32_t familyCount = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(physicalDevice, &familyCount, nullptr);
  std::vector<VkQueueFamilyProperties> families(familyCount);
  vkGetPhysicalDeviceQueueFamilyProperties(physicalDevice, &familyCount, families.data());
  auto family = std::find_if(families.begin(), families.end(),
                             [](const VkQueueFamilyProperties& f) { return f.queueFlags & VK_QUEUE_GRAPHICS_BIT; });
  if (family == families.end()) {
    if (error) *error = "the Vulkan device has no graphics queue";
    return nullptr;
  }
  self->queueFamily_ = uint32_t(family - families.begin());

  if (self->info_.properties.apiVersion < VK_API_VERSION_1_3) {
    if (error) *error = "the Vulkan device supports only Vulkan " +
                        std::to_string(VK_API_VERSION_MAJOR(self->info_.properties.apiVersion)) + "." +
                        std::to_string(VK_API_VERSION_MINOR(self->info_.properties.apiVersion)) +
                        "; d3dvk needs 1.3";
    return nullptr;
  }

  std::vector<const char*> wanted = {VK_EXT_CONSERVATIVE_RASTERIZATION_EXTENSION_NAME,
                                     VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME, VK_EXT_DEPTH_CLIP_ENABLE_EXTENSION_NAME,
                                     VK_EXT_ROBUSTNESS_2_EXTENSION_NAME, VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME,
                                     VK_EXT_SHADER_STENCIL_EXPORT_EXTENSION_NAME,   // SV_StencilRef
                                     VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME,         // the pixel stage's set (pipeline_cache.h)
                                     VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME,  // instance step rates other than 1
                                     VK_EXT_MEMORY_BUDGET_EXTENSION_NAME,           // the memory budget
                                     VK_EXT_CONDITIONAL_RENDERING_EXTENSION_NAME,   // D3D12 SetPredication
                                     VK_EXT_SHADER_VIEWPORT_INDEX_LAYER_EXTENSION_NAME,  // layer/viewport from VS, DS
                                     VK_EXT_EXTENDED_DYNAMIC_STATE_3_EXTENSION_NAME,  // blend states as dynamic state
                                     VK_KHR_SWAPCHAIN_EXTENSION_NAME};  // presentation (d3dvk_present.h)
  // D3D's exact depth bias on UNORM depth; not under a validation layer from an
  // older registry, which strips the extension's structures from the chains it
  // copies (so the driver would never see them) and reports them as unknown.
  if (validationLayerVersion == 0 || validationLayerVersion >= kDepthBiasControlRegistryVersion)
    wanted.push_back(VK_EXT_DEPTH_BIAS_CONTROL_EXTENSION_NAME);
  wanted.insert(wanted.end(), optionalExtensions.begin(), optionalExtensions.end());
  // D3DVK_STENCIL_EXPORT=off: VK_EXT_shader_stencil_export stays off, so a
  // device that has it behaves as one without (SV_StencilRef not reported,
  // internal stencil writes a bit per draw: multisample_restore.h); tests use it.
  const char* stencilExportEnv = std::getenv("D3DVK_STENCIL_EXPORT");
  const bool stencilExportAllowed = !(stencilExportEnv && std::string_view(stencilExportEnv) == "off");
  for (const char* name : wanted)
    if (self->info_.hasExtension(name) &&
        (stencilExportAllowed || std::strcmp(name, VK_EXT_SHADER_STENCIL_EXPORT_EXTENSION_NAME) != 0) &&
        std::none_of(self->enabledExtensions_.begin(), self->enabledExtensions_.end(),
                     [&](const char* e) { return std::strcmp(e, name) == 0; }))
      self->enabledExtensions_.push_back(name);

  // Core features D3D11 FL11_1 relies on, enabled where the device has them.
  VkPhysicalDeviceFeatures supported{};
  vkGetPhysicalDeviceFeatures(physicalDevice, &supported);
  VkPhysicalDeviceFeatures& f = self->enabledFeatures_;
  // D3D11 defines out-of-range vertex, index and constant-buffer reads; without
  // robust access they would read past the buffer on the device.
  f.robustBufferAccess = supported.robustBufferAccess;
  f.geometryShader = supported.geometryShader;
  f.tessellationShader = supported.tessellationShader;  // hull and domain shaders
  f.independentBlend = supported.independentBlend;
  f.dualSrcBlend = supported.dualSrcBlend;
  f.logicOp = supported.logicOp;
  f.depthClamp = supported.depthClamp;
  f.depthBiasClamp = supported.depthBiasClamp;
  f.fillModeNonSolid = supported.fillModeNonSolid;
  f.sampleRateShading = supported.sampleRateShading;
  f.occlusionQueryPrecise = supported.occlusionQueryPrecise;
  f.pipelineStatisticsQuery = supported.pipelineStatisticsQuery;
  f.fragmentStoresAndAtomics = supported.fragmentStoresAndAtomics;
  f.vertexPipelineStoresAndAtomics = supported.vertexPipelineStoresAndAtomics;
  f.shaderStorageImageWriteWithoutFormat = supported.shaderStorageImageWriteWithoutFormat;  // UAV stores
  // Typed UAV loads beyond R32 (an image declared without a format, read in the view's format).
  f.shaderStorageImageReadWithoutFormat = supported.shaderStorageImageReadWithoutFormat;
  f.shaderClipDistance = supported.shaderClipDistance;
  f.shaderCullDistance = supported.shaderCullDistance;
  f.shaderImageGatherExtended = supported.shaderImageGatherExtended;  // gather4_po's register offsets
  // Tiled resources' *_s forms: residency feedback (OpImageSparse*) and the _cl forms' LOD clamp (MinLod).
  f.shaderResourceResidency = supported.shaderResourceResidency;
  f.shaderResourceMinLod = supported.shaderResourceMinLod;
  f.imageCubeArray = supported.imageCubeArray;
  f.fullDrawIndexUint32 = supported.fullDrawIndexUint32;
  f.drawIndirectFirstInstance = supported.drawIndirectFirstInstance;  // DrawInstancedIndirect's StartInstanceLocation
  f.multiDrawIndirect = supported.multiDrawIndirect;  // D3D12 ExecuteIndirect of several draws
  f.samplerAnisotropy = supported.samplerAnisotropy;
  f.textureCompressionBC = supported.textureCompressionBC;
  f.shaderStorageImageExtendedFormats = supported.shaderStorageImageExtendedFormats;
  f.multiViewport = supported.multiViewport;
  f.variableMultisampleRate = supported.variableMultisampleRate;
  // The exact GPU fallback's setup and coverage test (64-bit edge equations,
  // clipping in double where available).
  f.shaderInt64 = supported.shaderInt64;
  f.shaderFloat64 = supported.shaderFloat64;
  // SM5.1 register ranges indexed by a register value (descriptor arrays).
  f.shaderUniformBufferArrayDynamicIndexing = supported.shaderUniformBufferArrayDynamicIndexing;
  f.shaderSampledImageArrayDynamicIndexing = supported.shaderSampledImageArrayDynamicIndexing;
  f.shaderStorageBufferArrayDynamicIndexing = supported.shaderStorageBufferArrayDynamicIndexing;
  f.shaderStorageImageArrayDynamicIndexing = supported.shaderStorageImageArrayDynamicIndexing;

  VkPhysicalDeviceTransformFeedbackFeaturesEXT xfbSupported{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT};
  VkPhysicalDeviceVulkan13Features v13Supported{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
  VkPhysicalDeviceVulkan12Features v12Supported{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceVulkan11Features v11Supported{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
  v13Supported.pNext = &v12Supported;
  v12Supported.pNext = &v11Supported;
  if (self->extensionEnabled(VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME)) v11Supported.pNext = &xfbSupported;
  VkPhysicalDeviceFeatures2 features2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  features2.pNext = &v13Supported;
  vkGetPhysicalDeviceFeatures2(physicalDevice, &features2);

  VkPhysicalDeviceTransformFeedbackFeaturesEXT xfb{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT};
  xfb.transformFeedback = xfbSupported.transformFeedback;
  xfb.geometryStreams = xfbSupported.geometryStreams;
  // shaderDrawParameters: BaseVertex/BaseInstance, for D3D's SV_VertexID/SV_InstanceID.
  VkPhysicalDeviceVulkan11Features v11{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
  v11.shaderDrawParameters = v11Supported.shaderDrawParameters;
  self->transformFeedback_ = xfb.transformFeedback == VK_TRUE;
  self->shaderDrawParameters_ = v11.shaderDrawParameters == VK_TRUE;
  VkPhysicalDeviceVulkan12Features v12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  v12.timelineSemaphore = v12Supported.timelineSemaphore;
  v12.hostQueryReset = v12Supported.hostQueryReset;
  v12.drawIndirectCount = v12Supported.drawIndirectCount;  // D3D12 ExecuteIndirect's count buffer
  self->drawIndirectCount_ = v12.drawIndirectCount == VK_TRUE;
  v12.scalarBlockLayout = v12Supported.scalarBlockLayout;
  // VK_EXT_shader_viewport_index_layer (a vertex or domain shader's layer and
  // viewport): with the extension enabled, Vulkan 1.2 wants both features on
  // (a device with the extension has them).
  if (self->extensionEnabled(VK_EXT_SHADER_VIEWPORT_INDEX_LAYER_EXTENSION_NAME)) {
    v12.shaderOutputViewportIndex = v12Supported.shaderOutputViewportIndex;
    v12.shaderOutputLayer = v12Supported.shaderOutputLayer;
  }
  // Sampler states: MIRRORONCE addressing and the MINIMUM_/MAXIMUM_ filters.
  v12.samplerMirrorClampToEdge = v12Supported.samplerMirrorClampToEdge;
  v12.samplerFilterMinmax = v12Supported.samplerFilterMinmax;
  self->samplerFeatures_.mirrorClampToEdge = v12.samplerMirrorClampToEdge == VK_TRUE;
  self->samplerFeatures_.filterMinmax = v12.samplerFilterMinmax == VK_TRUE;
  // SM5.1 register ranges: dynamic and {nonuniform} indices into descriptor arrays, unbounded ranges.
  v12.shaderUniformTexelBufferArrayDynamicIndexing = v12Supported.shaderUniformTexelBufferArrayDynamicIndexing;
  v12.shaderStorageTexelBufferArrayDynamicIndexing = v12Supported.shaderStorageTexelBufferArrayDynamicIndexing;
  v12.shaderUniformBufferArrayNonUniformIndexing = v12Supported.shaderUniformBufferArrayNonUniformIndexing;
  v12.shaderSampledImageArrayNonUniformIndexing = v12Supported.shaderSampledImageArrayNonUniformIndexing;
  v12.shaderStorageBufferArrayNonUniformIndexing = v12Supported.shaderStorageBufferArrayNonUniformIndexing;
  v12.shaderStorageImageArrayNonUniformIndexing = v12Supported.shaderStorageImageArrayNonUniformIndexing;
  v12.shaderUniformTexelBufferArrayNonUniformIndexing = v12Supported.shaderUniformTexelBufferArrayNonUniformIndexing;
  v12.shaderStorageTexelBufferArrayNonUniformIndexing = v12Supported.shaderStorageTexelBufferArrayNonUniformIndexing;
  v12.runtimeDescriptorArray = v12Supported.runtimeDescriptorArray;
  if (v12Supported.descriptorBindingUniformBufferUpdateAfterBind && v12Supported.descriptorBindingSampledImageUpdateAfterBind &&
      v12Supported.descriptorBindingStorageImageUpdateAfterBind && v12Supported.descriptorBindingStorageBufferUpdateAfterBind &&
      v12Supported.descriptorBindingUniformTexelBufferUpdateAfterBind &&
      v12Supported.descriptorBindingStorageTexelBufferUpdateAfterBind) {
    v12.descriptorBindingUniformBufferUpdateAfterBind = VK_TRUE;
    v12.descriptorBindingSampledImageUpdateAfterBind = VK_TRUE;
    v12.descriptorBindingStorageImageUpdateAfterBind = VK_TRUE;
    v12.descriptorBindingStorageBufferUpdateAfterBind = VK_TRUE;
    v12.descriptorBindingUniformTexelBufferUpdateAfterBind = VK_TRUE;
    v12.descriptorBindingStorageTexelBufferUpdateAfterBind = VK_TRUE;
  }
  {
    DescriptorIndexingFeatures& di = self->descriptorIndexing_;
    di.uniformTexelBufferDynamic = v12.shaderUniformTexelBufferArrayDynamicIndexing == VK_TRUE;
    di.storageTexelBufferDynamic = v12.shaderStorageTexelBufferArrayDynamicIndexing == VK_TRUE;
    di.uniformBufferNonUniform = v12.shaderUniformBufferArrayNonUniformIndexing == VK_TRUE;
    di.sampledImageNonUniform = v12.shaderSampledImageArrayNonUniformIndexing == VK_TRUE;
    di.storageBufferNonUniform = v12.shaderStorageBufferArrayNonUniformIndexing == VK_TRUE;
    di.storageImageNonUniform = v12.shaderStorageImageArrayNonUniformIndexing == VK_TRUE;
    di.uniformTexelBufferNonUniform = v12.shaderUniformTexelBufferArrayNonUniformIndexing == VK_TRUE;
    di.storageTexelBufferNonUniform = v12.shaderStorageTexelBufferArrayNonUniformIndexing == VK_TRUE;
    di.runtimeDescriptorArray = v12.runtimeDescriptorArray == VK_TRUE;
    di.updateAfterBind = v12.descriptorBindingUniformBufferUpdateAfterBind == VK_TRUE;
  }
  VkPhysicalDeviceVulkan13Features v13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
  v13.dynamicRendering = v13Supported.dynamicRendering;
  v13.synchronization2 = v13Supported.synchronization2;
  v13.maintenance4 = v13Supported.maintenance4;
  v13.shaderDemoteToHelperInvocation = v13Supported.shaderDemoteToHelperInvocation;  // the fallback's prelude
  self->demoteToHelperInvocation_ = v13.shaderDemoteToHelperInvocation == VK_TRUE;
  v13.pNext = &v12;
  v12.pNext = &v11;
  if (self->extensionEnabled(VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME)) v11.pNext = &xfb;
  VkPhysicalDeviceDepthClipEnableFeaturesEXT depthClip{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_ENABLE_FEATURES_EXT};
  if (self->extensionEnabled(VK_EXT_DEPTH_CLIP_ENABLE_EXTENSION_NAME)) {
    depthClip.depthClipEnable = VK_TRUE;
    depthClip.pNext = v13.pNext;
    v13.pNext = &depthClip;
  }

  // Unbound shader-resource slots read zeros through null descriptors
  // (robustness2.nullDescriptor); D3D sampler border colours beyond Vulkan's
  // three fixed ones need custom border colours.
  VkPhysicalDeviceRobustness2FeaturesEXT robustness2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT};
  VkPhysicalDeviceCustomBorderColorFeaturesEXT borderColor{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT};
  VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT vertexDivisor{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT};
  {
    VkPhysicalDeviceRobustness2FeaturesEXT robustness2Supported{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT};
    VkPhysicalDeviceCustomBorderColorFeaturesEXT borderColorSupported{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT};
    VkPhysicalDeviceFeatures2 query{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
    if (self->extensionEnabled(VK_EXT_ROBUSTNESS_2_EXTENSION_NAME)) {
      robustness2Supported.pNext = query.pNext;
      query.pNext = &robustness2Supported;
    }
    if (self->extensionEnabled(VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME)) {
      borderColorSupported.pNext = query.pNext;
      query.pNext = &borderColorSupported;
    }
    vkGetPhysicalDeviceFeatures2(physicalDevice, &query);
    if (self->extensionEnabled(VK_EXT_ROBUSTNESS_2_EXTENSION_NAME)) {
      robustness2.nullDescriptor = robustness2Supported.nullDescriptor;
      // D3D reads zeros past a vertex or index buffer's end (robustBufferAccess
      // alone may return any in-bounds value and does not cover indices).
      robustness2.robustBufferAccess2 = robustness2Supported.robustBufferAccess2 && f.robustBufferAccess;
      robustness2.pNext = v13.pNext;
      v13.pNext = &robustness2;
    }
    if (self->extensionEnabled(VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME)) {
      borderColor.customBorderColors = borderColorSupported.customBorderColors;
      borderColor.customBorderColorWithoutFormat = borderColorSupported.customBorderColorWithoutFormat;
      borderColor.pNext = v13.pNext;
      v13.pNext = &borderColor;
    }
    if (self->extensionEnabled(VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME)) {
      VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT divisorSupported{
          VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT};
      VkPhysicalDeviceFeatures2 divisorQuery{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, &divisorSupported};
      vkGetPhysicalDeviceFeatures2(physicalDevice, &divisorQuery);
      VkPhysicalDeviceVertexAttributeDivisorPropertiesEXT divisorProperties{
          VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_PROPERTIES_EXT};
      VkPhysicalDeviceProperties2 properties{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &divisorProperties};
      vkGetPhysicalDeviceProperties2(physicalDevice, &properties);
      vertexDivisor.vertexAttributeInstanceRateDivisor = divisorSupported.vertexAttributeInstanceRateDivisor;
      vertexDivisor.vertexAttributeInstanceRateZeroDivisor = divisorSupported.vertexAttributeInstanceRateZeroDivisor;
      vertexDivisor.pNext = v13.pNext;
      v13.pNext = &vertexDivisor;
      self->vertexDivisor_.instanceRateDivisor = vertexDivisor.vertexAttributeInstanceRateDivisor == VK_TRUE;
      self->vertexDivisor_.instanceRateZeroDivisor = vertexDivisor.vertexAttributeInstanceRateZeroDivisor == VK_TRUE;
      self->vertexDivisor_.maxDivisor = divisorProperties.maxVertexAttribDivisor;
    }
    self->samplerFeatures_.nullDescriptor = robustness2.nullDescriptor == VK_TRUE;
    self->samplerFeatures_.robustBufferAccess2 = robustness2.robustBufferAccess2 == VK_TRUE;
    self->samplerFeatures_.customBorderColors =
        borderColor.customBorderColors == VK_TRUE && borderColor.customBorderColorWithoutFormat == VK_TRUE;
  }

  // SetPredication (both APIs): draws, dispatches and attachment clears
  // rendered conditionally. D3DVK_CONDITIONAL_RENDERING=0 leaves the feature
  // off (D3D11 then predicates every command by its CPU verdict; tests use it).
  VkPhysicalDeviceConditionalRenderingFeaturesEXT conditional{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CONDITIONAL_RENDERING_FEATURES_EXT};
  const char* conditionalEnv = std::getenv("D3DVK_CONDITIONAL_RENDERING");
  const bool conditionalAllowed = !(conditionalEnv && std::string_view(conditionalEnv) == "0");
  if (conditionalAllowed && self->extensionEnabled(VK_EXT_CONDITIONAL_RENDERING_EXTENSION_NAME)) {
    VkPhysicalDeviceConditionalRenderingFeaturesEXT conditionalSupported{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CONDITIONAL_RENDERING_FEATURES_EXT};
    VkPhysicalDeviceFeatures2 query{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
    query.pNext = &conditionalSupported;
    vkGetPhysicalDeviceFeatures2(physicalDevice, &query);
    conditional.conditionalRendering = conditionalSupported.conditionalRendering;
    conditional.pNext = v13.pNext;
    v13.pNext = &conditional;
    self->conditionalRendering_ = conditionalSupported.conditionalRendering == VK_TRUE;
  }

  // D3D11 blend states as dynamic state (colour blend enable, equation and
  // write mask): a draw with a blend state no draw used before binds a pipeline
  // it already has instead of compiling one (pipeline_cache.h).
  // D3DVK_DYNAMIC_BLEND=0 leaves it off (every blend state in its pipelines).
  VkPhysicalDeviceExtendedDynamicState3FeaturesEXT dynamicState3{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT};
  const char* dynamicBlendEnv = std::getenv("D3DVK_DYNAMIC_BLEND");
  const bool dynamicBlendAllowed = !(dynamicBlendEnv && std::string_view(dynamicBlendEnv) == "0");
  if (dynamicBlendAllowed && self->extensionEnabled(VK_EXT_EXTENDED_DYNAMIC_STATE_3_EXTENSION_NAME)) {
    VkPhysicalDeviceExtendedDynamicState3FeaturesEXT dynamicState3Supported{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT};
    VkPhysicalDeviceFeatures2 query{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, &dynamicState3Supported};
    vkGetPhysicalDeviceFeatures2(physicalDevice, &query);
    if (dynamicState3Supported.extendedDynamicState3ColorBlendEnable &&
        dynamicState3Supported.extendedDynamicState3ColorBlendEquation &&
        dynamicState3Supported.extendedDynamicState3ColorWriteMask) {
      dynamicState3.extendedDynamicState3ColorBlendEnable = VK_TRUE;
      dynamicState3.extendedDynamicState3ColorBlendEquation = VK_TRUE;
      dynamicState3.extendedDynamicState3ColorWriteMask = VK_TRUE;
      dynamicState3.pNext = v13.pNext;
      v13.pNext = &dynamicState3;
      self->dynamicBlend_ = true;
    }
  }

  // D3D11 depth-stencil states, cull modes, windings and depth biases as
  // dynamic state: core in Vulkan 1.3 (the version d3dvk requires), so
  // nothing to enable. D3DVK_DYNAMIC_DEPTH_STENCIL=0 keeps them in the pipelines.
  const char* dynamicDepthStencilEnv = std::getenv("D3DVK_DYNAMIC_DEPTH_STENCIL");
  self->dynamicDepthStencil_ = !(dynamicDepthStencilEnv && std::string_view(dynamicDepthStencilEnv) == "0");

  // DepthBias in D3D's r = 2^-n on UNORM depth (VkDepthBiasRepresentationInfoEXT
  // with depthBiasExact in every pipeline with depth bias).
  VkPhysicalDeviceDepthBiasControlFeaturesEXT depthBiasControl{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_BIAS_CONTROL_FEATURES_EXT};
  if (self->extensionEnabled(VK_EXT_DEPTH_BIAS_CONTROL_EXTENSION_NAME)) {
    VkPhysicalDeviceDepthBiasControlFeaturesEXT depthBiasSupported{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_BIAS_CONTROL_FEATURES_EXT};
    VkPhysicalDeviceFeatures2 query{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, &depthBiasSupported};
    vkGetPhysicalDeviceFeatures2(physicalDevice, &query);
    depthBiasControl.depthBiasControl = depthBiasSupported.depthBiasControl;
    depthBiasControl.depthBiasExact = depthBiasSupported.depthBiasControl && depthBiasSupported.depthBiasExact;
    depthBiasControl.pNext = v13.pNext;
    v13.pNext = &depthBiasControl;
    self->depthBiasExact_ = depthBiasControl.depthBiasExact == VK_TRUE;
  }

  // Formats D3D guarantees that the device lacks: emulated (format_emulation.h).
  // D3DVK_EMULATE_FORMATS: a comma-separated list of "bc" and "4444" emulated
  // even where the device has them (unknown words are ignored).
  if (!f.textureCompressionBC) self->emulatedFormats_ |= kEmulatedBc;
  VkFormatProperties props4444{};
  vkGetPhysicalDeviceFormatProperties(physicalDevice, VK_FORMAT_A4R4G4B4_UNORM_PACK16, &props4444);
  if (!(props4444.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT)) self->emulatedFormats_ |= kEmulated4444;
  if (const char* forced = std::getenv("D3DVK_EMULATE_FORMATS")) {
    std::string_view list(forced);
    while (!list.empty()) {
      const size_t comma = list.find(',');
      const std::string_view word = list.substr(0, comma);
      if (word == "bc") self->emulatedFormats_ |= kEmulatedBc;
      if (word == "4444") self->emulatedFormats_ |= kEmulated4444;
      list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    }
  }

  if (const char* v = std::getenv("D3DVK_HOST_VISIBLE_IMAGES"); v && std::string_view(v) == "0")
    self->hostVisibleImages_ = false;

  float priority = 1.0f;
  VkDeviceQueueCreateInfo queueInfo{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queueInfo.queueFamilyIndex = self->queueFamily_;
  queueInfo.queueCount = 1;
  queueInfo.pQueuePriorities = &priority;

  VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  info.pNext = &v13;
  info.queueCreateInfoCount = 1;
  info.pQueueCreateInfos = &queueInfo;
  info.enabledExtensionCount = uint32_t(self->enabledExtensions_.size());
  info.ppEnabledExtensionNames = self->enabledExtensions_.data();
  info.pEnabledFeatures = &self->enabledFeatures_;
  VkResult r = vkCreateDevice(physicalDevice, &info, nullptr, &self->device_);
  if (r != VK_SUCCESS) {
    if (error) *error = "vkCreateDevice failed (VkResult " + std::to_string(int(r)) + ")";
    return nullptr;
  }
  vkGetDeviceQueue(self->device_, self->queueFamily_, 0, &self->queue_);
  self->budget_ = &MemoryBudget::of(physicalDevice, self->extensionEnabled(VK_EXT_MEMORY_BUDGET_EXTENSION_NAME));
  if (const char* ms = std::getenv("D3DVK_GPU_TIMEOUT_MS"); ms && *ms) {
    char* end = nullptr;
    const unsigned long long value = std::strtoull(ms, &end, 10);
    if (!*end && value > 0) self->gpuTimeoutNs_ = mulOr<uint64_t>(value, 1'000'000, UINT64_MAX);
  }
  {
    std::lock_guard<std::mutex> lock(registryMutex());
    registry()[self->device_] = self.get();
  }
  return self;
}

Device::~Device() {
  if (device_) {
    {
      std::lock_guard<std::mutex> lock(registryMutex());
      registry().erase(device_);
    }
    if (!hung()) vkDeviceWaitIdle(device_);  // a hung device's owners waited with a bound already
    vkDestroyDevice(device_, nullptr);
  }
}

VkResult Device::waitSemaphores(uint32_t count, const VkSemaphore* semaphores, const uint64_t* values) {
  VkSemaphoreWaitInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO};
  info.semaphoreCount = count;
  info.pSemaphores = semaphores;
  info.pValues = values;
  const VkResult r = vkWaitSemaphores(device_, &info, hung() ? 0 : gpuTimeoutNs_);
  if (r == VK_TIMEOUT) markHung();
  return r;
}

VkResult Device::waitSemaphoresForTeardown(uint32_t count, const VkSemaphore* semaphores, const uint64_t* values) {
  VkSemaphoreWaitInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO};
  info.semaphoreCount = count;
  info.pSemaphores = semaphores;
  info.pValues = values;
  const VkResult r = vkWaitSemaphores(device_, &info, std::max<uint64_t>(gpuTimeoutNs_, kDefaultGpuTimeoutMs * 1'000'000));
  if (r == VK_TIMEOUT) markHung();
  return r;
}

bool Device::extensionEnabled(const char* name) const {
  return std::any_of(enabledExtensions_.begin(), enabledExtensions_.end(),
                     [&](const char* e) { return std::strcmp(e, name) == 0; });
}

bool Device::allocationFits(uint32_t type, VkDeviceSize size) const {
  if (type >= memory_.memoryTypeCount) return false;
  if (maxAllocationSize_ && size > maxAllocationSize_) return false;
  return size <= memory_.memoryHeaps[memory_.memoryTypes[type].heapIndex].size;
}

uint32_t Device::findMemoryType(uint32_t typeBits, VkMemoryPropertyFlags flags) const {
  for (uint32_t i = 0; i < memory_.memoryTypeCount; ++i)
    if ((typeBits & (1u << i)) && (memory_.memoryTypes[i].propertyFlags & flags) == flags) return i;
  return UINT32_MAX;
}

}  // namespace d3dvk::vk
