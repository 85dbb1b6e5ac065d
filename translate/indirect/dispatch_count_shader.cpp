// translate/indirect/dispatch_count_shader.cpp — see dispatch_count_shader.h.
#include "dispatch_count_shader.h"

namespace {
#include "dispatch_count.spv.h"
}  // namespace

namespace d3dvk::indirect {

std::span<const uint32_t> dispatchCountShaderSpirv() { return kDispatchCountSpirv; }

}  // namespace d3dvk::indirect
