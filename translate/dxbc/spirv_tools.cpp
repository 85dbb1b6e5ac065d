// translate/dxbc/spirv_tools.cpp — validateSpirv / disassembleSpirv /
// optimizeSpirv over SPIRV-Tools (see spirv_tools.h).
#include "dxbc/spirv_tools.h"

#include <spirv-tools/libspirv.hpp>
#include <spirv-tools/optimizer.hpp>

namespace d3dvk::dxbc {

std::string validateSpirv(const std::vector<uint32_t>& words) {
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
  std::string messages;
  tools.SetMessageConsumer([&](spv_message_level_t, const char*, const spv_position_t& pos, const char* m) {
    messages += "word " + std::to_string(pos.index) + ": " + m + "\n";
  });
  if (tools.Validate(words)) return "";
  return messages.empty() ? "invalid module" : messages;
}

std::string disassembleSpirv(const std::vector<uint32_t>& words) {
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
  std::string text;
  if (!tools.Disassemble(words, &text, SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES | SPV_BINARY_TO_TEXT_OPTION_INDENT))
    return "(disassembly failed)";
  return text;
}

std::vector<uint32_t> optimizeSpirv(const std::vector<uint32_t>& words) {
  spvtools::Optimizer opt(SPV_ENV_VULKAN_1_1);
  opt.RegisterPerformancePasses();
  std::vector<uint32_t> out;
  if (!opt.Run(words.data(), words.size(), &out)) return words;
  return out;
}

}  // namespace d3dvk::dxbc
