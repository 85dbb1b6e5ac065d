// translate/dxbc/spirv_tools.h — SPIRV-Tools services for translated shaders:
// validation, disassembly and the optimizer. A library of its own
// (d3dvk_spirv_tools) so that only the tools and tests link SPIRV-Tools; the
// driver (d3dvk_dxbc, the UMD) never does.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace d3dvk::dxbc {

// spvValidate for the Vulkan 1.1 environment; returns "" when valid, else the message.
std::string validateSpirv(const std::vector<uint32_t>& words);
// SPIR-V text (for diagnostics and the CLI).
std::string disassembleSpirv(const std::vector<uint32_t>& words);
// Runs the SPIRV-Tools performance passes; returns the input unchanged on failure.
std::vector<uint32_t> optimizeSpirv(const std::vector<uint32_t>& words);

}  // namespace d3dvk::dxbc
