// tests/support/keep_vulkan_driver_loaded.cpp — compiled into every test binary.
// The Vulkan loader dlcloses the driver and the layers when the last instance
// using them is destroyed; memory their globals still reference then shows up
// as "leaks" from an "<unknown module>" that LeakSanitizer can neither attribute
// nor suppress. The instances d3dvk and the test contexts use are process-wide
// and never destroyed (vk::Instance::shared), which keeps whatever driver the
// loader chose (lavapipe here, the GPU's driver on a GPU machine) loaded; the
// Khronos validation layer, which the few private instances of tests/vk enable
// on their own, is pinned here by its library name, the same on every machine.
#include <dlfcn.h>

namespace {
struct KeepValidationLayerLoaded {
  KeepValidationLayerLoaded() { dlopen("libVkLayer_khronos_validation.so", RTLD_NOW | RTLD_NODELETE); }
} keepValidationLayerLoaded;
}  // namespace
