// ddi/umd/driver_shader.cpp — see driver_shader.h.
#include "driver_shader.h"

#include "adapter.h"
#include "device.h"
#include "driver_object.h"
#include "dxbc/listing.h"
#include "dxbc/translator.h"
#include "pipeline_cache.h"

#include <atomic>
#include <new>
#include <span>

namespace d3dvk::umd {
namespace {



// The DXBC container's size is the dword after the magic and checksum (offset 24).
bool containerBytes(const UINT* code, std::span<const uint8_t>* out) {
  if (!code || code[0] != dxbc::fourcc("DXBC")) return false;
  const uint32_t size = code[6];
  if (size < 32) return false;
  *out = {reinterpret_cast<const uint8_t*>(code), size};
  return true;
}

// Builds the shader in place; on failure reports through pfnSetErrorCb and
// destroys what it built (the runtime does not call DestroyShader then).
void createShader(D3D10DDI_HDEVICE hDevice, const UINT* code, D3D10DDI_HSHADER hShader, dxbc::ProgramType stage) {
  Device* device = Device::from(hDevice);
  if (!hShader.pDrvPrivate) return device->setError(E_INVALIDARG);
  Constructing<Shader> shader(hShader.pDrvPrivate);
  std::span<const uint8_t> bytes;
  if (!containerBytes(code, &bytes)) return device->setError(E_INVALIDARG);
  try {
    dxbc::Shader parsed = dxbc::parseShader(bytes);
    if (parsed.program.type != stage) return device->setError(E_INVALIDARG);
    const uint32_t srvSlots = device->pipelines().shaderResourceSlots();
    for (const dxbc::Instruction& inst : parsed.program.instructions) {
      const bool immediateSlot = !inst.operands.empty() && inst.operands[0].indexDimension >= 1 &&
                                 inst.operands[0].index[0].repr == dxbc::IndexRepr::Imm32;
      switch (inst.opcode) {
        case dxbc::Opcode::DclResource: {
          const dxbc::ResourceDimension dim = inst.resourceDimension();
          const bool texture2D = dim == dxbc::ResourceDimension::Texture2D ||
                                 dim == dxbc::ResourceDimension::Texture2DArray ||
                                 dim == dxbc::ResourceDimension::Texture2DMS ||
                                 dim == dxbc::ResourceDimension::Texture2DMSArray;
          if (!texture2D) {
            logError(std::string("shader resources other than Texture2D(Array)/Texture2DMS(Array) are not supported "
                                 "by the draw path yet (declared: ") +
                     dxbc::resourceDimensionText(dim) + ")");
            return device->setError(E_NOTIMPL);
          }
          if (!immediateSlot || inst.extra.empty()) return device->setError(E_INVALIDARG);
          const uint64_t slot = inst.operands[0].index[0].imm;
          if (slot >= srvSlots) {
            logError("shader resource slot t" + std::to_string(slot) + " is beyond the " + std::to_string(srvSlots) +
                     " slots this Vulkan device can bind per stage");
            return device->setError(E_NOTIMPL);
          }
          shader->resources.push_back({uint32_t(slot), dim, dxbc::ReturnType(inst.extra[0] & 0xF)});
          break;
        }
        case dxbc::Opcode::DclSampler: {
          if (!immediateSlot) return device->setError(E_INVALIDARG);
          const uint64_t slot = inst.operands[0].index[0].imm;
          if (slot >= PipelineCache::kSamplerSlots) {
            logError("sampler slot beyond 15 declared");
            return device->setError(E_INVALIDARG);
          }
          shader->samplers.push_back(uint32_t(slot));
          break;
        }
        case dxbc::Opcode::DclResourceRaw:
        case dxbc::Opcode::DclResourceStructured:
          logError("raw and structured buffer shader resources are not supported by the draw path yet");
          return device->setError(E_NOTIMPL);
        case dxbc::Opcode::DclUavTyped: {
          const dxbc::ResourceDimension dim = inst.resourceDimension();
          if (dim != dxbc::ResourceDimension::Texture2D && dim != dxbc::ResourceDimension::Texture2DArray) {
            logError(std::string("UAVs other than RWTexture2D(Array) are not supported by the draw path yet "
                                 "(declared: ") + dxbc::resourceDimensionText(dim) + ")");
            return device->setError(E_NOTIMPL);
          }
          if (!immediateSlot || inst.extra.empty()) return device->setError(E_INVALIDARG);
          const uint64_t slot = inst.operands[0].index[0].imm;
          const uint32_t uavSlots = device->pipelines().unorderedAccessSlots();
          if (slot >= uavSlots) {
            logError("UAV slot u" + std::to_string(slot) + " is beyond the " + std::to_string(uavSlots) +
                     " pixel-shader UAV slots this Vulkan device can bind" +
                     (uavSlots ? "" : " (it lacks fragmentStoresAndAtomics or shaderStorageImageWriteWithoutFormat)"));
            return device->setError(E_NOTIMPL);
          }
          bool loaded = false;
          for (const dxbc::Instruction& use : parsed.program.instructions)
            if (use.opcode == dxbc::Opcode::LdUavTyped && use.operands.size() > 2 &&
                use.operands[2].indexDimension >= 1 && use.operands[2].index[0].imm == slot)
              loaded = true;
          shader->uavs.push_back({uint32_t(slot), dim, dxbc::ReturnType(inst.extra[0] & 0xF), loaded});
          break;
        }
        case dxbc::Opcode::DclUavRaw:
        case dxbc::Opcode::DclUavStructured:
          logError("raw and structured UAVs are not supported by the draw path yet");
          return device->setError(E_NOTIMPL);
        case dxbc::Opcode::DclConstantBuffer:
          // cb# beyond the 14 API slots cannot be bound (the pipeline layout has 14).
          if (!inst.operands.empty() && inst.operands[0].indexDimension >= 1 &&
              inst.operands[0].index[0].imm >= PipelineCache::kConstantBufferSlots) {
            logError("constant buffer slot beyond 13 declared");
            return device->setError(E_INVALIDARG);
          }
          break;
        default: break;
      }
    }
    shader->reflection = dxbc::reflect(parsed);
    dxbc::TranslateOptions options;
    options.d3dVertexInstanceIds = stage == dxbc::ProgramType::Vertex;
    options.innerCoverageAsZero = !device->vk().info().fragmentFullyCovered;
    shader->spirv = dxbc::translateToSpirv(parsed, options);
    shader->nativeOptions = options;
    shader->parsed = std::make_shared<const dxbc::Shader>(std::move(parsed));
  } catch (const std::bad_alloc&) {
    return device->setError(E_OUTOFMEMORY);
  } catch (const std::exception& e) {
    logError(std::string("shader translation failed: ") + e.what());
    return device->setError(E_INVALIDARG);
  }
  VkResult result = VK_SUCCESS;
  shader->module = vk::createShaderModule(device->vk(), shader->spirv, &result);
  if (!shader->module) return device->setVkError(result);
  shader->id = nextObjectId();
  shader.keep();
}

}  // namespace

namespace {

// Translates and creates a variant of a pixel shader's native translation into
// `slot` (once); VK_NULL_HANDLE after reporting.
VkShaderModule nativeVariantModule(Device& device, Shader& shader, const dxbc::TranslateOptions& options,
                                   const char* what, std::unique_ptr<vk::ShaderModule>& slot) {
  if (slot) return slot->handle();
  std::vector<uint32_t> spirv;
  try {
    spirv = dxbc::translateToSpirv(*shader.parsed, options);
  } catch (const std::bad_alloc&) {
    device.setError(E_OUTOFMEMORY);
    return VK_NULL_HANDLE;
  } catch (const std::exception& e) {  // the native variant translated, so this is a d3dvk bug
    logError(std::string("the pixel shader's ") + what + " variant cannot be translated (" + e.what() +
             "); draw dropped");
    return VK_NULL_HANDLE;
  }
  VkResult result = VK_SUCCESS;
  slot = vk::createShaderModule(device.vk(), spirv, &result);
  if (!slot) {
    device.setVkError(result);
    return VK_NULL_HANDLE;
  }
  return slot->handle();
}

dxbc::TranslateOptions countingOptions(Device& device, const Shader& shader) {
  dxbc::TranslateOptions options = shader.nativeOptions;
  options.countInvocations = true;
  options.countPerSubgroup = device.vk().info().fragmentSubgroupBallot;  // far fewer atomics
  return options;
}

}  // namespace

VkShaderModule countingPixelShaderModule(Device& device, Shader& shader) {
  return nativeVariantModule(device, shader, countingOptions(device, shader), "invocation-counting",
                             shader.countingModule);
}

VkShaderModule sampleMaskPixelShaderModule(Device& device, Shader& shader, uint32_t sampleMask, bool counting) {
  dxbc::TranslateOptions options = counting ? countingOptions(device, shader) : shader.nativeOptions;
  options.writeSampleMask = true;
  options.sampleMask = sampleMask;
  return nativeVariantModule(device, shader, options, "sample-mask-writing",
                             shader.sampleMaskModules[{sampleMask, counting}]);
}

SIZE_T APIENTRY calcPrivateShaderSize(D3D10DDI_HDEVICE, const UINT*, const D3D11_1DDIARG_STAGE_IO_SIGNATURES*) {
  return sizeof(Shader);
}

VOID APIENTRY createVertexShader(D3D10DDI_HDEVICE hDevice, const UINT* code, D3D10DDI_HSHADER hShader,
                                 D3D10DDI_HRTSHADER, const D3D11_1DDIARG_STAGE_IO_SIGNATURES*) {
  createShader(hDevice, code, hShader, dxbc::ProgramType::Vertex);
}

VOID APIENTRY createPixelShader(D3D10DDI_HDEVICE hDevice, const UINT* code, D3D10DDI_HSHADER hShader,
                                D3D10DDI_HRTSHADER, const D3D11_1DDIARG_STAGE_IO_SIGNATURES*) {
  createShader(hDevice, code, hShader, dxbc::ProgramType::Pixel);
}

VOID APIENTRY destroyShader(D3D10DDI_HDEVICE hDevice, D3D10DDI_HSHADER hShader) {
  Device* device = Device::from(hDevice);
  Shader* shader = Shader::from(hShader);
  if (!shader) return;
  if (device->draw.vertexShader == shader) device->draw.vertexShader = nullptr;
  if (device->draw.pixelShader == shader) device->draw.pixelShader = nullptr;
  {
    std::lock_guard<std::mutex> lock(device->queueMutex());
    if (shader->id) device->pipelines().forget(shader->id);
    // A recorded batch may still reference the module through a pipeline; pipelines
    // own no module reference, so the module can go once creation is done.
  }
  shader->~Shader();
}

VOID APIENTRY vsSetShader(D3D10DDI_HDEVICE hDevice, D3D10DDI_HSHADER hShader) {
  Device::from(hDevice)->draw.vertexShader = Shader::from(hShader);
}

VOID APIENTRY psSetShader(D3D10DDI_HDEVICE hDevice, D3D10DDI_HSHADER hShader) {
  Device::from(hDevice)->draw.pixelShader = Shader::from(hShader);
}

}  // namespace d3dvk::umd
