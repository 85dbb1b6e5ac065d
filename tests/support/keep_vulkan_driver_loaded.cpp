// tests/support/keep_vulkan_driver_loaded.cpp — compiled into every test binary.
// The Vulkan loader dlcloses the ICD (lavapipe) when an instance is destroyed;
// memory lavapipe's globals still referenced then shows up as "leaks" from an
// "<unknown module>" that LeakSanitizer can neither attribute nor suppress.
// Pinning the ICD with RTLD_NODELETE keeps it mapped, so those blocks stay
// reachable and real leaks in our code are still reported with full stacks.
#include <dlfcn.h>

namespace {
struct KeepVulkanDriverLoaded {
  KeepVulkanDriverLoaded() { dlopen("libvulkan_lvp.so", RTLD_NOW | RTLD_NODELETE); }
} keepVulkanDriverLoaded;
}  // namespace
