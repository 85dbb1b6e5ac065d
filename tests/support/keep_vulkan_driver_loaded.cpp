// tests/support/keep_vulkan_driver_loaded.cpp — compiled into every test binary.
// The Vulkan loader dlcloses the ICD (lavapipe) and the layers when an instance
// is destroyed; memory their globals still reference then shows up as "leaks"
// from an "<unknown module>" that LeakSanitizer can neither attribute nor
// suppress (synchronization validation keeps such state across the several
// instances a test may create). Pinning both with RTLD_NODELETE keeps them
// mapped, so those blocks stay reachable or match .ci/lsan.supp, and real leaks
// in our code are still reported with full stacks.
#include <dlfcn.h>

namespace {
struct KeepVulkanDriverLoaded {
  KeepVulkanDriverLoaded() {
    dlopen("libvulkan_lvp.so", RTLD_NOW | RTLD_NODELETE);
    dlopen("libVkLayer_khronos_validation.so", RTLD_NOW | RTLD_NODELETE);
  }
} keepVulkanDriverLoaded;
}  // namespace
