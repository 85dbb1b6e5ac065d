// ddi/vk/vk_instance.cpp — see vk_instance.h.
#include "vk_instance.h"

#include "vk_device.h"
#include "vk_stats.h"

#include <dlfcn.h>

#include <algorithm>
#include <array>
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

// The layer's VkLayerProperties::specVersion, or 0 when it is not installed.
uint32_t layerVersion(const char* name) {
  uint32_t count = 0;
  vkEnumerateInstanceLayerProperties(&count, nullptr);
  std::vector<VkLayerProperties> layers(count);
  vkEnumerateInstanceLayerProperties(&count, layers.data());
  for (const VkLayerProperties& l : layers)
    if (std::strcmp(l.layerName, name) == 0) return l.specVersion ? l.specVersion : 1;
  return 0;
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

// Keeps the module holding the process-wide instances (the UMD, or a program
// linking this library) mapped until the process exits: a dlclose of it would
// orphan them (their pointers live in its static storage). A no-op for programs.
void pinThisModule() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&pinThisModule), &info) && info.dli_fname)
    dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);  // the reference is never dropped
}

bool deviceObjectEnabledConservativeRasterization(const VkDebugUtilsMessengerCallbackDataEXT* data) {
  for (uint32_t i = 0; data && i < data->objectCount; ++i)
    if (data->pObjects[i].objectType == VK_OBJECT_TYPE_DEVICE &&
        deviceEnabledExtension(reinterpret_cast<VkDevice>(data->pObjects[i].objectHandle),
                               VK_EXT_CONSERVATIVE_RASTERIZATION_EXTENSION_NAME))
      return true;
  return false;
}

}  // namespace

bool isStaleFragmentFullyCoveredReport(const char* messageIdName, const char* message, uint32_t layerSpecVersion,
                                       bool deviceEnabledConservativeRasterization) {
  return deviceEnabledConservativeRasterization && layerSpecVersion != 0 &&
         layerSpecVersion < VK_MAKE_API_VERSION(0, 1, 3, 241) && messageIdName && message &&
         std::strcmp(messageIdName, "VUID-VkShaderModuleCreateInfo-pCode-04146") == 0 &&
         std::strstr(message, "SPV_EXT_fragment_fully_covered") != nullptr;
}

bool isLayerTimelineTrackingTimeout(const char* messageIdName, uint32_t layerSpecVersion) {
  return layerSpecVersion != 0 && layerSpecVersion < VK_MAKE_API_VERSION(0, 1, 3, 296) && messageIdName &&
         std::strcmp(messageIdName, "UNASSIGNED-VkSemaphore-state-timeout") == 0;
}

InstanceOptions instanceOptionsFromEnvironment() {
  InstanceOptions options;
  if (const char* v = std::getenv("D3DVK_VALIDATION")) {
    std::string value = v;
    options.validation = !value.empty() && value != "0";
    options.synchronizationValidation = value == "sync";
  }
  if (const char* v = std::getenv("D3DVK_DEBUG_LABELS")) options.debugLabels = *v && std::string(v) != "0";
  return options;
}

Instance* Instance::shared(const InstanceOptions& options, std::string* error) {
  static std::mutex mutex;
  // Validation off, on, on + synchronization; each without and with debug labels (on with validation anyway). Never destroyed.
  static std::array<Instance*, 6> instances{};
  const size_t mode = (!options.validation ? 0 : options.synchronizationValidation ? 2 : 1) +
                      (options.debugLabels && !options.validation ? 3 : 0);
  std::lock_guard<std::mutex> lock(mutex);
  if (!instances[mode]) {
    InstanceOptions o;
    o.validation = options.validation;
    o.synchronizationValidation = options.synchronizationValidation;
    o.debugLabels = options.debugLabels;
    std::unique_ptr<Instance> created = create(o, error);
    if (!created) return nullptr;
    pinThisModule();
    instances[mode] = created.release();
  }
  return instances[mode];
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
    self->layerVersion_ = layerVersion(kValidationLayer);
    if (!self->layerVersion_ || !hasInstanceExtension(VK_EXT_DEBUG_UTILS_EXTENSION_NAME)) {
      if (error)
        *error = "D3DVK_VALIDATION is set but VK_LAYER_KHRONOS_validation (package "
                 "vulkan-validationlayers) or VK_EXT_debug_utils is not available";
      return nullptr;
    }
    layers.push_back(kValidationLayer);
    extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
    self->debugLabels_ = true;
  } else if (options.debugLabels && hasInstanceExtension(VK_EXT_DEBUG_UTILS_EXTENSION_NAME)) {
    extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
    self->debugLabels_ = true;
  }

  // Presentation (d3dvk_present.h): the window-system surfaces the loader offers,
  // never required (a headless machine's device works without them).
  for (const char* name : {VK_KHR_SURFACE_EXTENSION_NAME, "VK_KHR_xlib_surface", "VK_KHR_xcb_surface"})
    if (hasInstanceExtension(name) && (name == std::string(VK_KHR_SURFACE_EXTENSION_NAME) ||
                                       hasInstanceExtension(VK_KHR_SURFACE_EXTENSION_NAME))) {
      extensions.push_back(name);
      self->surfaceExtensions_.emplace_back(name);
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
  installCounters();  // D3DVK_STATS (vk_stats.h)

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
  if (self && isStaleFragmentFullyCoveredReport(data ? data->pMessageIdName : nullptr,
                                                data ? data->pMessage : nullptr, self->layerVersion_,
                                                deviceObjectEnabledConservativeRasterization(data))) {
    static std::once_flag noted;
    std::call_once(noted, [&] {
      std::fprintf(stderr,
                   "d3dvk: note: the validation layer (%u.%u.%u) predates SPV_EXT_fragment_fully_covered in the "
                   "Vulkan registry (1.3.241); its VUID-VkShaderModuleCreateInfo-pCode-04146 reports of that "
                   "extension on devices that enabled VK_EXT_conservative_rasterization are ignored\n",
                   VK_API_VERSION_MAJOR(self->layerVersion_), VK_API_VERSION_MINOR(self->layerVersion_),
                   VK_API_VERSION_PATCH(self->layerVersion_));
    });
    return VK_FALSE;
  }
  if (self && isLayerTimelineTrackingTimeout(data ? data->pMessageIdName : nullptr, self->layerVersion_)) {
    std::fprintf(stderr,
                 "d3dvk: note: the validation layer (%u.%u.%u) timed out on its own timeline-semaphore tracking "
                 "(UNASSIGNED-VkSemaphore-state-timeout, a layer bug fixed in 1.3.296); ignored\n",
                 VK_API_VERSION_MAJOR(self->layerVersion_), VK_API_VERSION_MINOR(self->layerVersion_),
                 VK_API_VERSION_PATCH(self->layerVersion_));
    return VK_FALSE;
  }
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
  if (sel.empty()) {
    // The first GPU; a CPU implementation (lavapipe) only when there is no GPU.
    for (VkPhysicalDevice pd : physicalDevices_) {
      VkPhysicalDeviceProperties props;
      vkGetPhysicalDeviceProperties(pd, &props);
      if (props.deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU && props.deviceType != VK_PHYSICAL_DEVICE_TYPE_OTHER)
        return pd;
    }
    return physicalDevices_[0];
  }
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
