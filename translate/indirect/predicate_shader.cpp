// translate/indirect/predicate_shader.cpp — see predicate_shader.h.
#include "predicate_shader.h"

namespace {
#include "predicate.spv.h"
}  // namespace

namespace d3dvk::indirect {

std::span<const uint32_t> predicateShaderSpirv() { return kPredicateSpirv; }

}  // namespace d3dvk::indirect
