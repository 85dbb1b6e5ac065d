// translate/fallback/setup_shader.cpp — see setup_shader.h.
#include "setup_shader.h"

#include <cstdint>

namespace {
#include "query_add.spv.h"
#include "setup_deferred_double.spv.h"
#include "setup_deferred_float.spv.h"
#include "setup_triage_double.spv.h"
#include "setup_triage_float.spv.h"
}  // namespace

namespace d3dvk::fallback {

std::span<const uint32_t> setupShaderSpirv(bool doublePrecision, SetupPass pass) {
  if (pass == SetupPass::Triage)
    return doublePrecision ? std::span<const uint32_t>(kSetupSpirv_triage_double)
                           : std::span<const uint32_t>(kSetupSpirv_triage_float);
  return doublePrecision ? std::span<const uint32_t>(kSetupSpirv_deferred_double)
                         : std::span<const uint32_t>(kSetupSpirv_deferred_float);
}

std::span<const uint32_t> queryAddShaderSpirv() { return kQueryAddSpirv; }

}  // namespace d3dvk::fallback
