// ddi/vk/vk_instance.h — owns the VkInstance: loads Vulkan through volk, enables
// VK_LAYER_KHRONOS_validation when D3DVK_VALIDATION=1 (printing every message as
// "d3dvk: vulkan validation: …" so the tests can fail on it), and picks the
// physical device (D3DVK_DEVICE=<index or name substring>, default the first GPU).
// Enables VK_KHR_surface and the X11 surface extensions when the loader has them.
//
// Instances are process-wide: Instance::shared() creates one per validation mode
// (off, on, on with synchronization validation) on first use and never destroys
// it, so devices come and go without the loader unloading and reloading the
// Vulkan driver (which costs most of a device's creation time, and which the
// NVIDIA driver survives only ~29 times per process: each load takes static TLS
// that is never given back). The code holding them pins its own module
// (RTLD_NODELETE), so a dlclose of the UMD cannot orphan them.
#pragma once

#include <volk.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace d3dvk::vk {

// The prefix of every validation-layer message we print; tests fail on it.
inline constexpr const char* kValidationMessagePrefix = "d3dvk: vulkan validation: ";

struct InstanceOptions {
  bool validation = false;  // enable VK_LAYER_KHRONOS_validation (required then)
  bool synchronizationValidation = false;
  // VK_EXT_debug_utils for command labels (also on with validation); D3DVK_DEBUG_LABELS=1.
  bool debugLabels = false;
  const char* applicationName = "d3dvk";
  // Where validation messages go; empty → stderr with kValidationMessagePrefix.
  // Only private instances (Instance::create) take a sink.
  std::function<void(const std::string&)> messageSink;
};

// Options from the environment: D3DVK_VALIDATION=1|sync enables the layer
// (sync also turns on synchronization validation).
InstanceOptions instanceOptionsFromEnvironment();

class Instance {
 public:
  // The process-wide instance for the options' validation mode (their sink and
  // application name are ignored): created on the first call, thread-safe,
  // never destroyed. Null with *error set when Vulkan or the layer is missing
  // (a later call tries again).
  static Instance* shared(const InstanceOptions& options, std::string* error);
  // A private instance, destroyed with the pointer (tests that need their own
  // message sink). Null with *error set when Vulkan or the layer is missing.
  static std::unique_ptr<Instance> create(const InstanceOptions& options, std::string* error);
  ~Instance();
  Instance(const Instance&) = delete;
  Instance& operator=(const Instance&) = delete;

  VkInstance handle() const { return instance_; }
  uint32_t apiVersion() const { return apiVersion_; }
  const std::vector<VkPhysicalDevice>& physicalDevices() const { return physicalDevices_; }
  bool validationEnabled() const { return messenger_ != VK_NULL_HANDLE; }
  // Whether VK_EXT_debug_utils is enabled: command buffers take debug labels.
  bool debugLabelsEnabled() const { return debugLabels_; }
  // Whether a window-system extension (VK_KHR_surface, VK_KHR_xlib_surface,
  // VK_KHR_xcb_surface) is enabled: each is when the loader offers it.
  bool surfaceExtensionEnabled(const char* name) const {
    for (const std::string& e : surfaceExtensions_)
      if (e == name) return true;
    return false;
  }
  // Validation warnings and errors seen so far on this instance (a shared
  // instance counts for the whole process: compare before and after).
  uint32_t validationMessageCount() const { return messageCount_.load(); }
  // VkLayerProperties::specVersion of the validation layer (0 without it).
  uint32_t validationLayerVersion() const { return layerVersion_; }

  // selector: null/empty → the first GPU (discrete, integrated or virtual; the
  // first device when there is none); all digits → that index; otherwise the
  // first device whose name contains it (case-insensitive). Null + *error if none.
  VkPhysicalDevice selectPhysicalDevice(const char* selector, std::string* error) const;

 private:
  Instance() = default;
  static VKAPI_ATTR VkBool32 VKAPI_CALL onMessage(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                  VkDebugUtilsMessageTypeFlagsEXT types,
                                                  const VkDebugUtilsMessengerCallbackDataEXT* data,
                                                  void* user);
  VkInstance instance_ = VK_NULL_HANDLE;
  VkDebugUtilsMessengerEXT messenger_ = VK_NULL_HANDLE;
  bool debugLabels_ = false;
  std::vector<std::string> surfaceExtensions_;
  uint32_t apiVersion_ = 0;
  uint32_t layerVersion_ = 0;
  std::vector<VkPhysicalDevice> physicalDevices_;
  std::atomic<uint32_t> messageCount_{0};
  std::function<void(const std::string&)> messageSink_;
};

// Whether a validation message is the known false report of validation layers
// built from a Vulkan registry older than 1.3.241: their table of SPIR-V
// extensions lacks SPV_EXT_fragment_fully_covered (the registry lists it, enabled
// by VK_EXT_conservative_rasterization, since 1.3.241), so they report
// VUID-VkShaderModuleCreateInfo-pCode-04146 for every module declaring it, even
// on a device that enabled the extension. Only then is the message ignored;
// vk::createShaderModule checks that rule itself (vk_pipeline.h).
bool isStaleFragmentFullyCoveredReport(const char* messageIdName, const char* message, uint32_t layerSpecVersion,
                                       bool deviceEnabledConservativeRasterization);

// Whether a validation message is the layer's own timeout on its timeline-
// semaphore bookkeeping (UNASSIGNED-VkSemaphore-state-timeout, which the layer
// words "most likely a validation bug") from a layer older than 1.3.296: its
// state tracker waited 10 s for a queue's retirement thread, which a loaded
// machine (sanitizer builds running two suites) can starve; the rewrite of
// that tracking (Vulkan-ValidationLayers #8519, in 1.3.296) removed the wait.
// It reports nothing about the application. Only then is it ignored (with a note).
bool isLayerTimelineTrackingTimeout(const char* messageIdName, uint32_t layerSpecVersion);

}  // namespace d3dvk::vk
