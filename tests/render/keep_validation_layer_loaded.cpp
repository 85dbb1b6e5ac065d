// tests/render/keep_validation_layer_loaded.cpp — like
// tests/support/keep_vulkan_driver_loaded.cpp, for the Khronos validation
// layer: the loader dlcloses the layer when an instance goes away, so what the
// layer keeps from synchronization validation across the several instances a
// test creates shows up as "<unknown module>" leaks that LeakSanitizer cannot
// attribute to the layer (and .ci/lsan.supp cannot suppress). Keeping the layer
// mapped lets the existing `leak:libVkLayer_khronos_validation.so` suppression
// apply, while leaks in d3dvk's code still show with full stacks.
#include <dlfcn.h>

namespace {
struct KeepValidationLayerLoaded {
  KeepValidationLayerLoaded() { dlopen("libVkLayer_khronos_validation.so", RTLD_NOW | RTLD_NODELETE); }
} keepValidationLayerLoaded;
}  // namespace
