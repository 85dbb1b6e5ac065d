// translate/dxbc/binding.cpp — see binding.h.
#include "dxbc/binding.h"

#include <unordered_map>

namespace d3dvk::dxbc {

DeclaredSlots declaredSlots(const std::vector<uint32_t>& spirv, uint32_t set) {
  constexpr uint32_t kOpDecorate = 71, kDecorationBinding = 33, kDecorationDescriptorSet = 34;
  std::unordered_map<uint32_t, uint32_t> sets, bindings;  // by decorated id
  for (size_t i = 5; i < spirv.size();) {
    const uint32_t words = spirv[i] >> 16, opcode = spirv[i] & 0xFFFF;
    if (words == 0 || i + words > spirv.size()) break;  // malformed: what was read so far
    if (opcode == kOpDecorate && words >= 4) {
      if (spirv[i + 2] == kDecorationDescriptorSet) sets[spirv[i + 1]] = spirv[i + 3];
      if (spirv[i + 2] == kDecorationBinding) bindings[spirv[i + 1]] = spirv[i + 3];
    }
    i += words;
  }
  DeclaredSlots out;
  for (const auto& [id, binding] : bindings) {
    auto s = sets.find(id);
    if (s == sets.end() || s->second != set) continue;
    if (binding < kMaxConstantBufferSlots) out.constantBuffers |= 1u << binding;
    else if (binding >= kSamplerBindingBase && binding < kSamplerBindingBase + kMaxSamplerSlots)
      out.samplers |= 1u << (binding - kSamplerBindingBase);
  }
  return out;
}

}  // namespace d3dvk::dxbc
