// translate/fallback/setup_shader.cpp — see setup_shader.h.
#include "setup_shader.h"

#include <cstdint>

namespace {
#include "setup_double.spv.h"
#include "setup_float.spv.h"
}  // namespace

namespace d3dvk::fallback {

std::span<const uint32_t> setupShaderSpirv(bool doublePrecision) {
  return doublePrecision ? std::span<const uint32_t>(kSetupSpirv_double) : std::span<const uint32_t>(kSetupSpirv_float);
}

}  // namespace d3dvk::fallback
