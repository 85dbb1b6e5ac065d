// translate/indirect/resolve_samples_shader.cpp — see resolve_samples_shader.h.
#include "resolve_samples_shader.h"

namespace {
#include "kResolveSamplesDepthSpirv.spv.h"
#include "kResolveSamplesFloatSpirv.spv.h"
#include "kResolveSamplesSintSpirv.spv.h"
#include "kResolveSamplesStencilBitsSpirv.spv.h"
#include "kResolveSamplesStencilSpirv.spv.h"
#include "kResolveSamplesUintSpirv.spv.h"
}  // namespace

namespace d3dvk::indirect {

std::span<const uint32_t> resolveSamplesFragmentSpirv(SampleKind kind) {
  switch (kind) {
    case SampleKind::Uint: return kResolveSamplesUintSpirv;
    case SampleKind::Sint: return kResolveSamplesSintSpirv;
    case SampleKind::Depth: return kResolveSamplesDepthSpirv;
    case SampleKind::Stencil: return kResolveSamplesStencilSpirv;
    case SampleKind::Float: break;
  }
  return kResolveSamplesFloatSpirv;
}

std::span<const uint32_t> resolveSamplesStencilBitsSpirv() { return kResolveSamplesStencilBitsSpirv; }

}  // namespace d3dvk::indirect
