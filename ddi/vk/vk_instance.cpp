// ddi/vk/vk_instance.cpp — see vk_instance.h.
#include "vk_instance.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace d3dvk::vk {
namespace {

constexpr const char* kValidationLayer = "VK_LAYER_KHRONOS_validation";

bool loadVulkan(std::string* error) {
  static std::once_flag once;
  static VkResult result = VK_ERROR_INITIALIZATION_FAILED;
  std::call_once(once, [] { result = volkInitialize(); });
  if (result != VK_SUCCESS && error) *error = "the Vulkan loader (libvulkan.so.1) could not be loaded";
  return result == VK_SUCCESS;
}

bool hasLayer(const char* name) {
  uint32_t count = 0;
  vkEnumerateInstanceLayerProperties(&count, nullptr);
  std::vector<VkLayerProperties> layers(count);
  vkEnumerateInstanceLayerProperties(&count, layers.data());
  return std::any_of(layers.begin(), layers.end(),
                     [&](const VkLayerProperties& l) { return std::strcmp(l.layerName, name) == 0; });
}

bool hasInstanceExtension(const char* name) {
  uint32_t count = 0;
  vkEnumerateInstanceExtensionProperties(nullptr, &count, nullptr);
  std::vector<VkExtensionProperties> exts(count);
  vkEnumerateInstanceExtensionProperties(nullptr, &count, exts.data());
  return std::any_of(exts.begin(), exts.end(),
                     [&](const VkExtensionProperties& e) { return std::strcmp(e.extensionName, name) == 0; });
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

}  // namespace

InstanceOptions instanceOptionsFromEnvironment() {
  InstanceOptions options;
  if (const char* v = std::getenv("D3DVK_VALIDATION")) {
    std::string value = v;
    options.validation = !value.empty() && value != "0";
    options.synchronizationValidation = value == "sync";
  }
  return options;
}

std::unique_ptr<Instance> Instance::create(const InstanceOptions& options, std::string* error) {
  if (!loadVulkan(error)) return nullptr;

  std::unique_ptr<Instance> self(new Instance());
  self->messageSink_ = options.messageSink;
  uint32_t loaderVersion = VK_API_VERSION_1_0;
  if (vkEnumerateInstanceVersion) vkEnumerateInstanceVersion(&loaderVersion);
  self->apiVersion_ = std::min<uint32_t>(loaderVersion, VK_API_VERSION_1_3);

  std::vector<const char*> layers;
  std::vector<const char*> extensions;
  if (options.validation) {
    if (!hasLayer(kValidationLayer) || !hasInstanceExtension(VK_EXT_DEBUG_UTILS_EXTENSION_NAME)) {
      if (error)
        *error = "D3DVK_VALIDATION is set but VK_LAYER_KHRONOS_validation (package "
                 "vulkan-validationlayers) or VK_EXT_debug_utils is not available";
      return nullptr;
    }
    layers.push_back(kValidationLayer);
    extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
  }

  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = options.applicationName;
  app.pEngineName = "d3dvk";
  app.apiVersion = self->apiVersion_;

  VkDebugUtilsMessengerCreateInfoEXT messengerInfo{VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
  messengerInfo.messageSeverity =
      VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  messengerInfo.messageType =
      VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
  messengerInfo.pfnUserCallback = &Instance::onMessage;
  messengerInfo.pUserData = self.get();

  VkValidationFeatureEnableEXT syncValidation = VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT;
  VkValidationFeaturesEXT features{VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT};
  features.enabledValidationFeatureCount = 1;
  features.pEnabledValidationFeatures = &syncValidation;
  if (options.synchronizationValidation) messengerInfo.pNext = &features;

  VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.pNext = options.validation ? &messengerInfo : nullptr;  // also covers create/destroy
  info.pApplicationInfo = &app;
  info.enabledLayerCount = uint32_t(layers.size());
  info.ppEnabledLayerNames = layers.data();
  info.enabledExtensionCount = uint32_t(extensions.size());
  info.ppEnabledExtensionNames = extensions.data();
  VkResult r = vkCreateInstance(&info, nullptr, &self->instance_);
  if (r != VK_SUCCESS) {
    if (error) *error = "vkCreateInstance failed (VkResult " + std::to_string(int(r)) + ")";
    return nullptr;
  }
  // Loads instance and device entry points as loader trampolines, which dispatch
  // correctly for every instance and device in the process.
  volkLoadInstance(self->instance_);

  if (options.validation) {
    messengerInfo.pNext = nullptr;
    if (vkCreateDebugUtilsMessengerEXT(self->instance_, &messengerInfo, nullptr, &self->messenger_) != VK_SUCCESS) {
      if (error) *error = "vkCreateDebugUtilsMessengerEXT failed";
      return nullptr;
    }
  }

  uint32_t count = 0;
  vkEnumeratePhysicalDevices(self->instance_, &count, nullptr);
  self->physicalDevices_.resize(count);
  vkEnumeratePhysicalDevices(self->instance_, &count, self->physicalDevices_.data());
  self->physicalDevices_.resize(count);
  return self;
}

Instance::~Instance() {
  if (messenger_) vkDestroyDebugUtilsMessengerEXT(instance_, messenger_, nullptr);
  if (instance_) vkDestroyInstance(instance_, nullptr);
}

VkBool32 VKAPI_CALL Instance::onMessage(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                        VkDebugUtilsMessageTypeFlagsEXT, const VkDebugUtilsMessengerCallbackDataEXT* data,
                                        void* user) {
  auto* self = static_cast<Instance*>(user);
  if (self) self->messageCount_.fetch_add(1);
  const char* level = (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) ? "error" : "warning";
  std::string text = std::string(level) + ": " + (data && data->pMessage ? data->pMessage : "(no message)");
  if (self && self->messageSink_)
    self->messageSink_(text);
  else
    std::fprintf(stderr, "%s%s\n", kValidationMessagePrefix, text.c_str());
  return VK_FALSE;
}

VkPhysicalDevice Instance::selectPhysicalDevice(const char* selector, std::string* error) const {
  if (physicalDevices_.empty()) {
    if (error) *error = "no Vulkan physical device found (is mesa-vulkan-drivers installed?)";
    return VK_NULL_HANDLE;
  }
  std::string sel = selector ? selector : "";
  if (sel.empty()) return physicalDevices_[0];
  if (std::all_of(sel.begin(), sel.end(), [](unsigned char c) { return std::isdigit(c); })) {
    size_t index = std::strtoul(sel.c_str(), nullptr, 10);
    if (sel.size() < 6 && index < physicalDevices_.size()) return physicalDevices_[index];
    if (error)
      *error = "D3DVK_DEVICE=" + sel + ": no physical device with that index (there are " +
               std::to_string(physicalDevices_.size()) + ")";
    return VK_NULL_HANDLE;
  }
  std::string names;
  for (VkPhysicalDevice pd : physicalDevices_) {
    VkPhysicalDeviceProperties props;
    vkGetPhysicalDeviceProperties(pd, &props);
    if (lower(props.deviceName).find(lower(sel)) != std::string::npos) return pd;
    names += names.empty() ? "" : ", ";
    names += props.deviceName;
  }
  if (error) *error = "D3DVK_DEVICE=" + sel + ": no physical device name contains it (devices: " + names + ")";
  return VK_NULL_HANDLE;
}

}  // namespace d3dvk::vk
