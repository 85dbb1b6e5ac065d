// translate/indirect/copy_samples_shader.cpp — see copy_samples_shader.h.
#include "copy_samples_shader.h"

namespace {
#include "copy_samples_to_colour.spv.h"
#include "copy_samples_to_depth.spv.h"
}  // namespace

namespace d3dvk::indirect {

std::span<const uint32_t> copySamplesToDepthSpirv() { return kCopySamplesToDepthSpirv; }
std::span<const uint32_t> copySamplesToColourSpirv() { return kCopySamplesToColourSpirv; }

}  // namespace d3dvk::indirect
