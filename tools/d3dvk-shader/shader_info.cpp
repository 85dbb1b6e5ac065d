// tools/d3dvk-shader/shader_info.cpp — see shader_info.h.
#include "shader_info.h"

#include "dxbc/listing.h"
#include "dxbc/translator.h"

#include <cstring>

namespace d3dvk::tools {
namespace {

using dxbc::Instruction;
using dxbc::Opcode;
using dxbc::Operand;

// "t3", or SM5.1's "T0[2:5]".
std::string registerText(const Operand& op, const char* prefix51) {
  std::string prefix(dxbc::operandTypePrefix(op.type));
  if (op.indexDimension == 3) {
    const uint64_t hi = op.index[2].imm;
    return std::string(prefix51) + std::to_string(op.index[0].imm) + "[" + std::to_string(op.index[1].imm) + ":" +
           (hi == 0xFFFFFFFFu ? std::string("unbounded") : std::to_string(hi)) + "]";
  }
  return prefix + (op.indexDimension >= 1 ? std::to_string(op.index[0].imm) : std::string("?"));
}

std::string returnTypes(uint32_t dword) {
  std::string s = "(";
  for (int i = 0; i < 4; ++i) {
    const char* r = dxbc::returnTypeText((dword >> (4 * i)) & 0xf);
    s += (i ? "," : "") + std::string(r ? r : "?");
  }
  return s + ")";
}

// The SM5.1 register space: the last payload dword of a ranged declaration, else 0.
uint32_t space(const Instruction& inst) {
  if (inst.operands.empty() || inst.operands[0].indexDimension != 3 || inst.extra.empty()) return 0;
  return inst.extra.back();
}

struct Requirement {
  const char* name;
  const char* needs;
};

// What each SPIR-V capability the translator emits needs of a Vulkan device.
const Requirement kCapabilities[] = {
    {"Shader", "core"}, {"Matrix", "core"}, {"Sampled1D", "core"}, {"Image1D", "core"}, {"SampledBuffer", "core"},
    {"ImageBuffer", "core"}, {"ImageQuery", "core"}, {"DerivativeControl", "core"},
    {"Geometry", "feature geometryShader"}, {"Float64", "feature shaderFloat64"}, {"Int64", "feature shaderInt64"},
    {"ClipDistance", "feature shaderClipDistance"}, {"CullDistance", "feature shaderCullDistance"},
    {"ImageCubeArray", "feature imageCubeArray"}, {"SampledCubeArray", "feature imageCubeArray"},
    {"SampleRateShading", "feature sampleRateShading"}, {"InterpolationFunction", "feature sampleRateShading"},
    {"ImageGatherExtended", "feature shaderImageGatherExtended"},
    {"SparseResidency", "feature shaderResourceResidency"}, {"MinLod", "feature shaderResourceMinLod"},
    {"StorageImageExtendedFormats", "feature shaderStorageImageExtendedFormats"},
    {"StorageImageReadWithoutFormat", "feature shaderStorageImageReadWithoutFormat"},
    {"StorageImageWriteWithoutFormat", "feature shaderStorageImageWriteWithoutFormat"},
    {"MultiViewport", "feature multiViewport"}, {"DrawParameters", "feature shaderDrawParameters"},
    {"TransformFeedback", "extension VK_EXT_transform_feedback"}, {"GeometryStreams", "feature geometryStreams"},
    {"StencilExportEXT", "extension VK_EXT_shader_stencil_export"},
    {"FragmentFullyCoveredEXT", "extension VK_EXT_conservative_rasterization"},
    {"DemoteToHelperInvocation", "feature shaderDemoteToHelperInvocation"},
    {"DemoteToHelperInvocationEXT", "feature shaderDemoteToHelperInvocation"},
    {"GroupNonUniform", "subgroup basic operations"}, {"GroupNonUniformBallot", "subgroup ballot operations"},
    {"ShaderViewportIndexLayerEXT", "feature shaderOutputViewportIndex and shaderOutputLayer"},
    {"UniformBufferArrayDynamicIndexing", "feature shaderUniformBufferArrayDynamicIndexing"},
    {"SampledImageArrayDynamicIndexing", "feature shaderSampledImageArrayDynamicIndexing"},
    {"StorageBufferArrayDynamicIndexing", "feature shaderStorageBufferArrayDynamicIndexing"},
    {"StorageImageArrayDynamicIndexing", "feature shaderStorageImageArrayDynamicIndexing"},
    {"ShaderNonUniform", "a shader*ArrayNonUniformIndexing feature"},
    {"RuntimeDescriptorArray", "feature runtimeDescriptorArray"},
    {"UniformTexelBufferArrayDynamicIndexing", "feature shaderUniformTexelBufferArrayDynamicIndexing"},
    {"StorageTexelBufferArrayDynamicIndexing", "feature shaderStorageTexelBufferArrayDynamicIndexing"},
    {"UniformBufferArrayNonUniformIndexing", "feature shaderUniformBufferArrayNonUniformIndexing"},
    {"SampledImageArrayNonUniformIndexing", "feature shaderSampledImageArrayNonUniformIndexing"},
    {"StorageBufferArrayNonUniformIndexing", "feature shaderStorageBufferArrayNonUniformIndexing"},
    {"StorageImageArrayNonUniformIndexing", "feature shaderStorageImageArrayNonUniformIndexing"},
    {"UniformTexelBufferArrayNonUniformIndexing", "feature shaderUniformTexelBufferArrayNonUniformIndexing"},
    {"StorageTexelBufferArrayNonUniformIndexing", "feature shaderStorageTexelBufferArrayNonUniformIndexing"},
};

const Requirement kExtensions[] = {
    {"SPV_EXT_shader_stencil_export", "extension VK_EXT_shader_stencil_export"},
    {"SPV_EXT_fragment_fully_covered", "extension VK_EXT_conservative_rasterization"},
    {"SPV_EXT_demote_to_helper_invocation", "feature shaderDemoteToHelperInvocation"},
    {"SPV_EXT_shader_viewport_index_layer", "feature shaderOutputViewportIndex and shaderOutputLayer"},
    {"SPV_EXT_descriptor_indexing", "Vulkan 1.2 (its capabilities name the features)"},
};

const char* lookup(const Requirement* table, size_t n, const std::string& name) {
  for (size_t i = 0; i < n; ++i)
    if (name == table[i].name) return table[i].needs;
  return "unknown to d3dvk-shader";
}

// The capability names of the SPIR-V grammar for the numbers the translator emits.
const char* capabilityName(uint32_t c) {
  switch (c) {
    case 1: return "Shader";
    case 2: return "Geometry";
    case 4: return "Matrix";
    case 10: return "Float64";
    case 11: return "Int64";
    case 25: return "ImageGatherExtended";
    case 32: return "ClipDistance";
    case 33: return "CullDistance";
    case 34: return "ImageCubeArray";
    case 35: return "SampleRateShading";
    case 41: return "SparseResidency";
    case 42: return "MinLod";
    case 43: return "Sampled1D";
    case 44: return "Image1D";
    case 45: return "SampledCubeArray";
    case 46: return "SampledBuffer";
    case 47: return "ImageBuffer";
    case 49: return "StorageImageExtendedFormats";
    case 50: return "ImageQuery";
    case 51: return "DerivativeControl";
    case 52: return "InterpolationFunction";
    case 53: return "TransformFeedback";
    case 54: return "GeometryStreams";
    case 55: return "StorageImageReadWithoutFormat";
    case 56: return "StorageImageWriteWithoutFormat";
    case 57: return "MultiViewport";
    case 61: return "GroupNonUniform";
    case 64: return "GroupNonUniformBallot";
    case 28: return "UniformBufferArrayDynamicIndexing";
    case 29: return "SampledImageArrayDynamicIndexing";
    case 30: return "StorageBufferArrayDynamicIndexing";
    case 31: return "StorageImageArrayDynamicIndexing";
    case 5301: return "ShaderNonUniform";
    case 5302: return "RuntimeDescriptorArray";
    case 5304: return "UniformTexelBufferArrayDynamicIndexing";
    case 5305: return "StorageTexelBufferArrayDynamicIndexing";
    case 5306: return "UniformBufferArrayNonUniformIndexing";
    case 5307: return "SampledImageArrayNonUniformIndexing";
    case 5308: return "StorageBufferArrayNonUniformIndexing";
    case 5309: return "StorageImageArrayNonUniformIndexing";
    case 5311: return "UniformTexelBufferArrayNonUniformIndexing";
    case 5312: return "StorageTexelBufferArrayNonUniformIndexing";
    case 4427: return "DrawParameters";
    case 5013: return "StencilExportEXT";
    case 5254: return "ShaderViewportIndexLayerEXT";
    case 5265: return "FragmentFullyCoveredEXT";
    case 5379: return "DemoteToHelperInvocationEXT";
    default: return nullptr;
  }
}

}  // namespace

std::string describeResources(const dxbc::Program& program) {
  std::string s;
  for (const Instruction& inst : program.instructions) {
    if (inst.operands.empty()) continue;
    const Operand& op = inst.operands[0];
    std::string line;
    switch (inst.opcode) {
      case Opcode::DclConstantBuffer: {
        const uint32_t size = op.indexDimension == 3 ? (inst.extra.empty() ? 0 : inst.extra[0])
                              : op.indexDimension >= 2 ? uint32_t(op.index[1].imm) : 0;
        line = registerText(op, "CB") + " constant buffer, " + std::to_string(size) + " vectors, " +
               (inst.dynamicIndexed() ? "dynamicIndexed" : "immediateIndexed");
        break;
      }
      case Opcode::DclSampler: {
        static const char* modes[] = {"mode_default", "mode_comparison", "mode_mono"};
        line = registerText(op, "S") + " sampler, " + ((inst.controls & 0xf) < 3 ? modes[inst.controls & 0xf] : "mode ?");
        break;
      }
      case Opcode::DclResource:
      case Opcode::DclUavTyped: {
        const char* d = dxbc::resourceDimensionText(inst.resourceDimension());
        const bool uav = inst.opcode == Opcode::DclUavTyped;
        line = registerText(op, uav ? "U" : "T") + (uav ? " typed UAV " : " ") + (d ? d : "unknown");
        if (!uav && inst.sampleCount()) line += "(" + std::to_string(inst.sampleCount()) + ")";
        if (!inst.extra.empty()) line += " " + returnTypes(inst.extra[0]);
        break;
      }
      case Opcode::DclResourceRaw: line = registerText(op, "T") + " raw buffer"; break;
      case Opcode::DclUavRaw: line = registerText(op, "U") + " raw UAV"; break;
      case Opcode::DclResourceStructured:
      case Opcode::DclUavStructured:
        line = registerText(op, inst.opcode == Opcode::DclUavStructured ? "U" : "T") +
               (inst.opcode == Opcode::DclUavStructured ? " structured UAV" : " structured buffer") + ", stride " +
               (inst.extra.empty() ? std::string("?") : std::to_string(inst.extra[0]));
        break;
      case Opcode::DclTgsmRaw:
      case Opcode::DclTgsmStructured:
        line = registerText(op, "g") + " group-shared memory";
        break;
      default: continue;
    }
    if (inst.opcode != Opcode::DclTgsmRaw && inst.opcode != Opcode::DclTgsmStructured)
      line += ", space " + std::to_string(space(inst));
    s += "  " + line + "\n";
  }
  return s.empty() ? "  (none)\n" : s;
}

std::string describeVulkanRequirements(const dxbc::Shader& shader) {
  std::vector<uint32_t> spirv;
  try {
    spirv = dxbc::translateToSpirv(shader);
  } catch (const std::exception& e) {
    return std::string("  (the shader does not translate: ") + e.what() + ")\n";
  }
  std::string s;
  for (size_t i = 5; i < spirv.size();) {
    const uint32_t op = spirv[i] & 0xFFFF, count = spirv[i] >> 16;
    if (count == 0 || i + count > spirv.size()) break;
    if (op == 17 && count >= 2) {  // OpCapability
      const char* name = capabilityName(spirv[i + 1]);
      const std::string n = name ? name : std::to_string(spirv[i + 1]);
      s += "  capability " + n + ": " + lookup(kCapabilities, std::size(kCapabilities), n) + "\n";
    } else if (op == 10 && count >= 2) {  // OpExtension
      const std::string n(reinterpret_cast<const char*>(&spirv[i + 1]),
                          strnlen(reinterpret_cast<const char*>(&spirv[i + 1]), (count - 1) * 4));
      s += "  extension " + n + ": " + lookup(kExtensions, std::size(kExtensions), n) + "\n";
    } else if (op == 14) {  // OpMemoryModel: capabilities and extensions come before it
      break;
    }
    i += count;
  }
  return s;
}

}  // namespace d3dvk::tools
