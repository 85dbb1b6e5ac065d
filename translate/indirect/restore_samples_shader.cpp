// translate/indirect/restore_samples_shader.cpp — see restore_samples_shader.h.
#include "restore_samples_shader.h"

namespace {
#include "restore_samples.spv.h"
#include "restore_samples_depth.spv.h"
#include "restore_samples_float.spv.h"
#include "restore_samples_sint.spv.h"
#include "restore_samples_stencil.spv.h"
#include "restore_samples_uint.spv.h"
#include "kRestoreSamplesStencilBitsSpirv.spv.h"
}  // namespace

namespace d3dvk::indirect {

std::span<const uint32_t> restoreSamplesVertexSpirv() { return kRestoreSamplesVertexSpirv; }

std::span<const uint32_t> restoreSamplesFragmentSpirv(SampleKind kind) {
  switch (kind) {
    case SampleKind::Uint: return kRestoreSamplesUintSpirv;
    case SampleKind::Sint: return kRestoreSamplesSintSpirv;
    case SampleKind::Depth: return kRestoreSamplesDepthSpirv;
    case SampleKind::Stencil: return kRestoreSamplesStencilSpirv;
    case SampleKind::Float: break;
  }
  return kRestoreSamplesFloatSpirv;
}

std::span<const uint32_t> restoreSamplesStencilBitsSpirv() { return kRestoreSamplesStencilBitsSpirv; }

}  // namespace d3dvk::indirect
