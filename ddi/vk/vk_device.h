// ddi/vk/vk_device.h — owns the VkDevice and its graphics queue, and what d3dvk
// needs to know about the physical device: properties, driver, and the
// VK_EXT_conservative_rasterization facts the tier policy reads. Enables the
// conservative-rasterization, transform-feedback, depth-clip-enable,
// robustness2 (null descriptors), custom-border-colour, memory-budget and
// depth-bias-control extensions when present. Owns what keeps a bad application from taking the
// process down with it: the memory budget (vk_memory_budget.h) and the bound
// on every wait for the GPU (gpuTimeoutNs: a device that stops making progress
// is hung, and d3dvk removes it instead of waiting forever).
#pragma once

#include "vk_instance.h"

#include <atomic>
#include <string>
#include <vector>

namespace d3dvk::vk {

class MemoryBudget;

struct PhysicalDeviceInfo {
  VkPhysicalDeviceProperties properties{};
  std::string driverName;  // VkPhysicalDeviceDriverProperties::driverName
  std::string driverInfo;
  bool conservativeRasterization = false;  // VK_EXT_conservative_rasterization
  VkPhysicalDeviceConservativeRasterizationPropertiesEXT conservative{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CONSERVATIVE_RASTERIZATION_PROPERTIES_EXT};
  bool transformFeedback = false;     // VK_EXT_transform_feedback
  bool fragmentFullyCovered = false;  // VK_EXT_conservative_rasterization implies SPV_EXT_fragment_fully_covered
  bool depthClamp = false;            // VkPhysicalDeviceFeatures::depthClamp
  // Subgroup BASIC and BALLOT operations in fragment shaders (VkPhysicalDeviceSubgroupProperties),
  // and the stages with subgroup operations and which operations they have.
  bool fragmentSubgroupBallot = false;
  VkShaderStageFlags subgroupStages = 0;
  VkSubgroupFeatureFlags subgroupOperations = 0;
  // Whether `stages` all have every operation of `operations` (BASIC is implied).
  bool subgroupOperationsIn(VkShaderStageFlags stages, VkSubgroupFeatureFlags operations) const {
    operations |= VK_SUBGROUP_FEATURE_BASIC_BIT;
    return stages && (subgroupStages & stages) == stages && (subgroupOperations & operations) == operations;
  }
  // What the exact GPU fallback uses (translate/fallback/gpu_layout.h): 64-bit
  // integers (the edge equations; required), doubles (clipping; else floats),
  // demote-to-helper (Vulkan 1.3 / VK_EXT_shader_demote_to_helper_invocation;
  // else uncovered pixels are discarded, so derivatives at the coverage's
  // edges are undefined).
  bool shaderInt64 = false;
  bool shaderFloat64 = false;
  bool demoteToHelperInvocation = false;
  // maxDescriptorSetUpdateAfterBindUniformBuffersDynamic (Vulkan 1.2): the
  // dynamic uniform buffers a pipeline layout may hold when any of its sets
  // is created for update-after-bind pools (0 before Vulkan 1.2).
  uint32_t maxUpdateAfterBindUniformBuffersDynamic = 0;
  std::vector<std::string> extensions;

  bool hasExtension(const char* name) const;
};

PhysicalDeviceInfo queryPhysicalDevice(VkPhysicalDevice physicalDevice);

// Whether the live device `device` (created by Device::create) enabled the
// extension; false for unknown handles. Thread-safe (the validation messenger asks).
bool deviceEnabledExtension(VkDevice device, const char* name);

// Optional features the shader-resource and sampler path uses, as enabled.
struct SamplerFeatures {
  bool nullDescriptor = false;      // VK_EXT_robustness2: unbound SRVs read zeros
  bool robustBufferAccess2 = false; // VK_EXT_robustness2: reads past a vertex or index buffer return zeros
  bool customBorderColors = false;  // VK_EXT_custom_border_color (without format)
  bool mirrorClampToEdge = false;   // samplerMirrorClampToEdge: MIRRORONCE
  bool filterMinmax = false;        // samplerFilterMinmax: MINIMUM_/MAXIMUM_ filters
};

// Descriptor-array indexing (Vulkan 1.2's descriptor-indexing features), as
// enabled: what SM5.1 register ranges indexed with dynamic, {nonuniform} or
// unbounded ranges need (translator.h, TranslateOptions::descriptorRanges).
struct DescriptorIndexingFeatures {
  bool uniformTexelBufferDynamic = false, storageTexelBufferDynamic = false;
  bool uniformBufferNonUniform = false, sampledImageNonUniform = false, storageBufferNonUniform = false,
       storageImageNonUniform = false, uniformTexelBufferNonUniform = false, storageTexelBufferNonUniform = false;
  bool runtimeDescriptorArray = false;
  // Every descriptor type a D3D12 descriptor table binds may be written after
  // its set is bound (descriptorBinding*UpdateAfterBind): tables are then read
  // when a list executes, as D3D12's volatile descriptors need.
  bool updateAfterBind = false;
};

// VK_EXT_vertex_attribute_divisor, as enabled: D3D's per-instance step rates other than 1.
struct VertexDivisorFeatures {
  bool instanceRateDivisor = false;      // divisors N > 1
  bool instanceRateZeroDivisor = false;  // divisor 0
  uint32_t maxDivisor = 1;               // maxVertexAttribDivisor
};

class Device {
 public:
  // Extra device extensions are enabled when the device has them (ignored otherwise).
  // validationLayerVersion: Instance::validationLayerVersion() of the instance
  // (0: no validation layer); extensions newer than the layer are left off.
  static std::unique_ptr<Device> create(VkPhysicalDevice physicalDevice, std::string* error,
                                        const std::vector<const char*>& optionalExtensions,
                                        uint32_t validationLayerVersion);
  ~Device();
  Device(const Device&) = delete;
  Device& operator=(const Device&) = delete;

  VkPhysicalDevice physicalDevice() const { return physicalDevice_; }
  VkDevice handle() const { return device_; }
  VkQueue queue() const { return queue_; }
  uint32_t queueFamily() const { return queueFamily_; }
  const PhysicalDeviceInfo& info() const { return info_; }
  const VkPhysicalDeviceFeatures& enabledFeatures() const { return enabledFeatures_; }
  bool extensionEnabled(const char* name) const;
  const SamplerFeatures& samplerFeatures() const { return samplerFeatures_; }
  // Features of extension and Vulkan 1.1 structures, as enabled.
  bool transformFeedbackEnabled() const { return transformFeedback_; }
  bool shaderDrawParametersEnabled() const { return shaderDrawParameters_; }
  bool demoteToHelperInvocationEnabled() const { return demoteToHelperInvocation_; }
  // vkCmdDraw*IndirectCount (D3D12 ExecuteIndirect with a count buffer).
  bool drawIndirectCountEnabled() const { return drawIndirectCount_; }
  // VK_EXT_conditional_rendering's conditionalRendering (D3D12 SetPredication).
  bool conditionalRenderingEnabled() const { return conditionalRendering_; }
  // Colour blend enable, equation and write mask as dynamic state (VK_EXT_extended_dynamic_state3).
  bool dynamicBlendEnabled() const { return dynamicBlend_; }
  // D3D11 depth-stencil states and the rasterizer's cull mode, winding and
  // depth bias as dynamic state (Vulkan 1.3's extended dynamic state 1 and 2,
  // which every device d3dvk runs on has); D3DVK_DYNAMIC_DEPTH_STENCIL=0: off.
  bool dynamicDepthStencilEnabled() const { return dynamicDepthStencil_; }
  // VK_EXT_depth_bias_control's depthBiasExact: pipelines may ask for D3D's
  // UNORM r = 2^-n exactly (VkDepthBiasRepresentationInfoEXT). Off without the
  // extension, and under a validation layer older than it (the layer would drop
  // the structure from the pipeline's chain); then depth bias is scaled to the
  // implementation's known r (translate/state/depth_bias.h).
  bool depthBiasExactEnabled() const { return depthBiasExact_; }
  // The DXGI format families D3D guarantees that this device holds in other
  // formats (translate/texture/format_emulation.h): kEmulatedBc without
  // textureCompressionBC, kEmulated4444 without a sampled
  // A4R4G4B4_UNORM_PACK16; D3DVK_EMULATE_FORMATS=bc,4444 forces either (tests).
  static constexpr uint32_t kEmulatedBc = 1, kEmulated4444 = 2;
  uint32_t emulatedFormats() const { return emulatedFormats_; }
  const DescriptorIndexingFeatures& descriptorIndexing() const { return descriptorIndexing_; }
  const VertexDivisorFeatures& vertexDivisor() const { return vertexDivisor_; }

  // Whether images on CPU-visible D3D12 heaps may take host-visible memory
  // where a host-visible type holds them; false with D3DVK_HOST_VISIBLE_IMAGES=0
  // (tests: lavapipe then places them as an NVIDIA device must, where no
  // host-visible type holds optimal-tiling images: in unmapped device memory).
  bool hostVisibleImages() const { return hostVisibleImages_; }

  // Index of a memory type allowed by typeBits with all of flags, or UINT32_MAX.
  uint32_t findMemoryType(uint32_t typeBits, VkMemoryPropertyFlags flags) const;
  // Whether one allocation of `size` bytes of memory type `type` is within the
  // device's limits (heap size, maxMemoryAllocationSize); larger requests are
  // out of memory without asking the driver (asking would be invalid usage).
  bool allocationFits(uint32_t type, VkDeviceSize size) const;
  // VkPhysicalDeviceMaintenance4Properties::maxBufferSize (0 when unknown).
  VkDeviceSize maxBufferSize() const { return maxBufferSize_; }
  // The heap memory type `type` allocates from.
  uint32_t heapOf(uint32_t type) const { return type < memory_.memoryTypeCount ? memory_.memoryTypes[type].heapIndex : 0; }
  // The process-wide memory budget of this physical device (vk_memory_budget.h).
  MemoryBudget& memoryBudget() const { return *budget_; }

  // Bounded waits: how long a wait for submitted GPU work may take before the
  // device counts as hung (D3DVK_GPU_TIMEOUT_MS, default kDefaultGpuTimeoutMs),
  // and whether it has been declared hung (then every later wait gives up at
  // once). Waits that time out return VK_TIMEOUT, which callers report as
  // DXGI_ERROR_DEVICE_HUNG (device removal).
  static constexpr uint64_t kDefaultGpuTimeoutMs = 60'000;
  uint64_t gpuTimeoutNs() const { return gpuTimeoutNs_; }
  bool hung() const { return hung_.load(std::memory_order_acquire); }
  void markHung() { hung_.store(true, std::memory_order_release); }
  // vkWaitSemaphores for all of `count` timeline values, bounded by the GPU
  // timeout (no wait at all once hung): VK_TIMEOUT marks the device hung.
  VkResult waitSemaphores(uint32_t count, const VkSemaphore* semaphores, const uint64_t* values);
  // The same at teardown (objects are about to be freed): even a hung device
  // gets max(GPU timeout, the default) to finish; VK_TIMEOUT then means the
  // caller must leave what the GPU may still use alive.
  VkResult waitSemaphoresForTeardown(uint32_t count, const VkSemaphore* semaphores, const uint64_t* values);

 private:
  Device() = default;
  VkPhysicalDevice physicalDevice_ = VK_NULL_HANDLE;
  VkDevice device_ = VK_NULL_HANDLE;
  VkQueue queue_ = VK_NULL_HANDLE;
  uint32_t queueFamily_ = 0;
  PhysicalDeviceInfo info_;
  VkPhysicalDeviceFeatures enabledFeatures_{};
  SamplerFeatures samplerFeatures_;
  bool transformFeedback_ = false, shaderDrawParameters_ = false, demoteToHelperInvocation_ = false;
  bool drawIndirectCount_ = false;
  bool conditionalRendering_ = false;
  bool dynamicBlend_ = false;
  bool dynamicDepthStencil_ = false;
  bool depthBiasExact_ = false;
  uint32_t emulatedFormats_ = 0;
  bool hostVisibleImages_ = true;
  DescriptorIndexingFeatures descriptorIndexing_;
  VertexDivisorFeatures vertexDivisor_;
  VkPhysicalDeviceMemoryProperties memory_{};
  VkDeviceSize maxAllocationSize_ = 0;
  VkDeviceSize maxBufferSize_ = 0;
  std::vector<const char*> enabledExtensions_;
  MemoryBudget* budget_ = nullptr;
  uint64_t gpuTimeoutNs_ = kDefaultGpuTimeoutMs * 1'000'000;
  std::atomic<bool> hung_{false};
};

}  // namespace d3dvk::vk
