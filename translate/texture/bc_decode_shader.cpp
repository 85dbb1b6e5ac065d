// translate/texture/bc_decode_shader.cpp — see bc_decode_shader.h.
#include "bc_decode_shader.h"

namespace {
#include "bc_decode.spv.h"
}  // namespace

namespace d3dvk::texture {

std::span<const uint32_t> bcDecodeShaderSpirv() { return kBcDecodeSpirv; }

}  // namespace d3dvk::texture
