// ddi/vk/vk_instance.h — owns the VkInstance: loads Vulkan through volk, enables
// VK_LAYER_KHRONOS_validation when D3DVK_VALIDATION=1 (printing every message as
// "d3dvk: vulkan validation: …" so the tests can fail on it), and picks the
// physical device (D3DVK_DEVICE=<index or name substring>, default the first).
#pragma once

#include <volk.h>

#include <atomic>
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
  const char* applicationName = "d3dvk";
  // Where validation messages go; empty → stderr with kValidationMessagePrefix.
  std::function<void(const std::string&)> messageSink;
};

// Options from the environment: D3DVK_VALIDATION=1|sync enables the layer
// (sync also turns on synchronization validation).
InstanceOptions instanceOptionsFromEnvironment();

class Instance {
 public:
  // Returns null and sets *error when Vulkan or the requested layer is missing.
  static std::unique_ptr<Instance> create(const InstanceOptions& options, std::string* error);
  ~Instance();
  Instance(const Instance&) = delete;
  Instance& operator=(const Instance&) = delete;

  VkInstance handle() const { return instance_; }
  uint32_t apiVersion() const { return apiVersion_; }
  const std::vector<VkPhysicalDevice>& physicalDevices() const { return physicalDevices_; }
  bool validationEnabled() const { return messenger_ != VK_NULL_HANDLE; }
  // Validation warnings and errors seen so far on this instance.
  uint32_t validationMessageCount() const { return messageCount_.load(); }

  // selector: null/empty → the first device; all digits → that index; otherwise the
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
  uint32_t apiVersion_ = 0;
  std::vector<VkPhysicalDevice> physicalDevices_;
  std::atomic<uint32_t> messageCount_{0};
  std::function<void(const std::string&)> messageSink_;
};

}  // namespace d3dvk::vk
