// ddi/umd/driver_shader.cpp — see driver_shader.h.
#include "driver_shader.h"

#include "dxbc/binding.h"

#include "adapter.h"
#include "device.h"
#include "driver_compute.h"
#include "driver_object.h"
#include "driver_stream_output.h"
#include "dxbc/interfaces.h"
#include "dxbc/listing.h"
#include "dxbc/translator.h"
#include "pipeline_cache.h"
#include "vk_shader_requirements.h"

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

// The immediate slot a declaration's first operand names, or -1.
int64_t declaredSlot(const dxbc::Instruction& inst) {
  if (inst.operands.empty() || inst.operands[0].indexDimension < 1 ||
      inst.operands[0].index[0].repr != dxbc::IndexRepr::Imm32)
    return -1;
  return int64_t(inst.operands[0].index[0].imm);
}

bool namesUav(const dxbc::Operand& op, uint64_t slot) {
  return op.type == dxbc::OperandType::UnorderedAccessView && op.indexDimension >= 1 && op.index[0].imm == slot;
}

// What the shader declares that a draw or dispatch binds (t#, s#, u#), checked
// against what this device can bind; false after logging why (E_NOTIMPL or E_INVALIDARG in *hr).
bool collectDeclarations(Device& device, const dxbc::Shader& parsed, Shader& shader, HRESULT* hr) {
  using dxbc::Opcode;
  using dxbc::ResourceDimension;
  const std::vector<dxbc::Instruction>& program = parsed.program.instructions;
  auto notSupported = [&](const std::string& why) {
    logError(why);
    *hr = E_NOTIMPL;
    return false;
  };
  for (const dxbc::Instruction& inst : program) {
    const int64_t slot = declaredSlot(inst);
    switch (inst.opcode) {
      case Opcode::DclResource:
      case Opcode::DclResourceRaw:
      case Opcode::DclResourceStructured: {
        DeclaredResource decl;
        decl.dimension = inst.opcode == Opcode::DclResourceRaw          ? ResourceDimension::RawBuffer
                         : inst.opcode == Opcode::DclResourceStructured ? ResourceDimension::StructuredBuffer
                                                                        : inst.resourceDimension();
        const ResourceDimension dim = decl.dimension;
        if (dim != ResourceDimension::Texture1D && dim != ResourceDimension::Texture1DArray &&
            dim != ResourceDimension::Texture2D && dim != ResourceDimension::Texture2DArray &&
            dim != ResourceDimension::Texture2DMS && dim != ResourceDimension::Texture2DMSArray &&
            dim != ResourceDimension::TextureCube && dim != ResourceDimension::TextureCubeArray &&
            dim != ResourceDimension::Texture3D && dim != ResourceDimension::Buffer && !decl.rawOrStructured())
          return notSupported(std::string("shader resources of dimension ") + dxbc::resourceDimensionText(dim) +
                              " are not supported by the draw path");
        if (slot < 0 || slot >= int64_t(dxbc::kMaxShaderResourceSlots) ||
            (inst.opcode != Opcode::DclResourceRaw && inst.extra.empty())) {
          *hr = E_INVALIDARG;
          return false;
        }
        decl.slot = uint32_t(slot);
        if (inst.opcode == Opcode::DclResource) decl.returnType = dxbc::ReturnType(inst.extra[0] & 0xF);
        if (inst.opcode == Opcode::DclResourceStructured) decl.stride = inst.extra.at(0);
        shader.resources.push_back(decl);
        break;
      }
      case Opcode::DclSampler:
        if (slot < 0 || slot >= int64_t(PipelineCache::kSamplerSlots)) {
          logError("sampler slot beyond 15 declared");
          *hr = E_INVALIDARG;
          return false;
        }
        shader.samplers.push_back(uint32_t(slot));
        break;
      case Opcode::DclUavTyped:
      case Opcode::DclUavRaw:
      case Opcode::DclUavStructured: {
        DeclaredUav decl;
        decl.dimension = inst.opcode == Opcode::DclUavRaw          ? ResourceDimension::RawBuffer
                         : inst.opcode == Opcode::DclUavStructured ? ResourceDimension::StructuredBuffer
                                                                   : inst.resourceDimension();
        const ResourceDimension dim = decl.dimension;
        if (dim != ResourceDimension::Texture1D && dim != ResourceDimension::Texture1DArray &&
            dim != ResourceDimension::Texture2D && dim != ResourceDimension::Texture2DArray &&
            dim != ResourceDimension::Texture3D && dim != ResourceDimension::Buffer && !decl.rawOrStructured())
          return notSupported(std::string("UAVs of dimension ") + dxbc::resourceDimensionText(dim) +
                              " are not supported (RWTexture1D(Array), RWTexture2D(Array), RWTexture3D and typed, "
                              "raw and structured buffers are)");
        if (slot < 0 || (inst.opcode == Opcode::DclUavTyped && inst.extra.empty()) ||
            (inst.opcode == Opcode::DclUavStructured && inst.extra.empty())) {
          *hr = E_INVALIDARG;
          return false;
        }
        const uint32_t uavSlots = device.pipelines().unorderedAccessSlots();
        if (uint64_t(slot) >= uavSlots)
          return notSupported("UAV slot u" + std::to_string(slot) + " is beyond the " + std::to_string(uavSlots) +
                              " UAV slots this Vulkan device can bind" +
                              (uavSlots ? "" : " (it lacks fragmentStoresAndAtomics or shaderStorageImageWriteWithoutFormat)"));
        decl.slot = uint32_t(slot);
        if (inst.opcode == Opcode::DclUavTyped) decl.returnType = dxbc::ReturnType(inst.extra[0] & 0xF);
        if (inst.opcode == Opcode::DclUavStructured) decl.stride = inst.extra[0];
        for (const dxbc::Instruction& use : program) {
          const uint32_t op = uint32_t(use.opcode);
          if (use.opcode == Opcode::LdUavTyped && use.operands.size() > 2 && namesUav(use.operands[2], slot))
            decl.loaded = true;
          if (use.opcode == Opcode::LdUavTypedS && use.operands.size() > 3 && namesUav(use.operands[3], slot))
            decl.loaded = true;
          if (op >= 169 && op <= 177 && !use.operands.empty() && namesUav(use.operands[0], slot))
            decl.loaded = decl.atomic = true;
          if (op >= 180 && op <= 189 && use.operands.size() > 1 && namesUav(use.operands[1], slot))
            decl.loaded = decl.atomic = true;
          if ((op == 178 || op == 179) && use.operands.size() > 1 && namesUav(use.operands[1], slot)) decl.counter = true;
        }
        if (decl.rawOrStructured()) decl.loaded = decl.atomic = false;  // no format: any access is fine
        shader.uavs.push_back(decl);
        break;
      }
      case Opcode::DclConstantBuffer:
        // cb# beyond the 14 API slots cannot be bound (the pipeline layout has 14).
        if (!inst.operands.empty() && inst.operands[0].indexDimension >= 1 &&
            inst.operands[0].index[0].imm >= PipelineCache::kConstantBufferSlots) {
          logError("constant buffer slot beyond 13 declared");
          *hr = E_INVALIDARG;
          return false;
        }
        break;
      default: break;
    }
  }
  shader.bufferViews =
      std::any_of(shader.resources.begin(), shader.resources.end(),
                  [](const DeclaredResource& r) { return r.typedBuffer() || r.rawOrStructured(); }) ||
      std::any_of(shader.uavs.begin(), shader.uavs.end(),
                  [](const DeclaredUav& u) { return u.typedBuffer() || u.rawOrStructured(); });
  const std::string limit = device.pipelines().checkStageLimits(shader);
  if (!limit.empty()) return notSupported(limit);
  return true;
}

}  // namespace

namespace {

// Everything after parsing: the declarations, the reflection, the feature checks
// and, unless the shader waits for its class instances (`translate` false: a
// shader with interfaces), the native translation and its module. False after
// reporting (*hr set, the message logged).
bool buildShader(Device& device, dxbc::Shader parsed, Shader& shader, bool translate, HRESULT* hr) {
  const dxbc::ProgramType stage = shader.stage;
  if (shader.streamOutput && !streamOutputSupported(device, parsed, *shader.streamOutput)) {
    *hr = E_NOTIMPL;
    return false;
  }
  try {
    if (!collectDeclarations(device, parsed, shader, hr)) return false;
    shader.reflection = dxbc::reflect(parsed);
    // Geometry shaders, and the layer and viewport index built-ins, need the Vulkan features behind them.
    const VkPhysicalDeviceFeatures& features = device.vk().enabledFeatures();
    if (stage == dxbc::ProgramType::Geometry && !features.geometryShader) {
      logError("geometry shaders need the Vulkan device's geometryShader feature, which it lacks");
      *hr = E_NOTIMPL;
      return false;
    }
    if ((stage == dxbc::ProgramType::Hull || stage == dxbc::ProgramType::Domain) && !features.tessellationShader) {
      logError("hull and domain shaders need the Vulkan device's tessellationShader feature, which it lacks");
      *hr = E_NOTIMPL;
      return false;
    }
    if (shader.reflection.writesViewportArrayIndex && !features.multiViewport) {
      logError("SV_ViewportArrayIndex needs the Vulkan device's multiViewport feature, which it lacks");
      *hr = E_NOTIMPL;
      return false;
    }
    dxbc::TranslateOptions options;
    options.d3dVertexInstanceIds = stage == dxbc::ProgramType::Vertex;
    options.innerCoverageAsZero = !device.vk().info().fragmentFullyCovered;
    // Double-precision instructions need shaderFloat64; without it the translator
    // names the feature, reported below with E_INVALIDARG (what D3D11 returns for a
    // shader using doubles on a device without D3D11_FEATURE_DOUBLES).
    options.shaderFloat64 = features.shaderFloat64 == VK_TRUE;
    options.sparseResidency = features.shaderResourceResidency == VK_TRUE;
    options.minLod = features.shaderResourceMinLod == VK_TRUE;
    options.typedUavLoadsWithoutFormat = features.shaderStorageImageReadWithoutFormat == VK_TRUE;
    options.viewportIndexLayer = device.vk().extensionEnabled(VK_EXT_SHADER_VIEWPORT_INDEX_LAYER_EXTENSION_NAME);
    shader.nativeOptions = options;  // (without the capture: a stream-output object's variants add it)
    if (shader.streamOutput) applyStreamOutput(device, *shader.streamOutput, ~0u, options);
    if (translate) shader.spirv = dxbc::translateToSpirv(parsed, options);
    shader.parsed = std::make_shared<const dxbc::Shader>(std::move(parsed));
  } catch (const std::bad_alloc&) {
    *hr = E_OUTOFMEMORY;
    return false;
  } catch (const std::exception& e) {
    logError(std::string("shader translation failed: ") + e.what());
    *hr = E_INVALIDARG;
    return false;
  }
  if (!translate) return true;
  // What the shader needs that the device lacks (SV_StencilRef without
  // VK_EXT_shader_stencil_export, SV_CullDistance without shaderCullDistance,
  // gather4_po without shaderImageGatherExtended, …): a creation error that says so.
  if (const std::string unmet = vk::unmetShaderRequirement(device.vk(), shader.spirv); !unmet.empty()) {
    logError("the shader cannot run on this Vulkan device: " + unmet);
    *hr = E_NOTIMPL;
    return false;
  }
  VkResult result = VK_SUCCESS;
  shader.module = vk::createShaderModule(device.vk(), shader.spirv, &result);
  if (!shader.module) {
    device.setVkError(result);
    *hr = S_OK;  // reported
    return false;
  }
  const dxbc::DeclaredSlots slots = dxbc::declaredSlots(shader.spirv, dxbc::descriptorSetForStage(stage));
  shader.constantBufferSlots = slots.constantBuffers;
  shader.samplerSlots = slots.samplers;
  shader.id = nextObjectId();
  return true;
}

}  // namespace

// Builds a shader of `stage` in place (what every pfnCreate*Shader does); on
// failure reports through pfnSetErrorCb and destroys what it built (the runtime
// does not call DestroyShader then).
void createShaderObject(D3D10DDI_HDEVICE hDevice, const UINT* code, D3D10DDI_HSHADER hShader, dxbc::ProgramType stage,
                        std::shared_ptr<const StreamOutputDeclaration> streamOutput) {
  Device* device = Device::from(hDevice);
  if (!hShader.pDrvPrivate) return device->setError(E_INVALIDARG);
  Constructing<Shader> shader(hShader.pDrvPrivate);
  shader->stage = stage;
  shader->streamOutput = std::move(streamOutput);
  std::span<const uint8_t> bytes;
  if (!containerBytes(code, &bytes)) return device->setError(E_INVALIDARG);
  dxbc::Shader parsed;
  try {
    parsed = dxbc::parseShader(bytes);
    if (shader->streamOutput) {  // a geometry shader, or the vertex or domain shader streamed out without one
      shader->stage = parsed.program.type;
      if (shader->stage != dxbc::ProgramType::Geometry && shader->stage != dxbc::ProgramType::Vertex &&
          shader->stage != dxbc::ProgramType::Domain)
        return device->setError(E_INVALIDARG);
    } else if (parsed.program.type != stage) {
      return device->setError(E_INVALIDARG);
    }
    if (parsed.program.major == 5 && parsed.program.minor >= 1) {  // the D3D11 DDI: SM4.0-5.0 (5.1 is D3D12's)
      logError("shader model 5.1 (register spaces and resource ranges) is Direct3D 12 only");
      return device->setError(E_INVALIDARG);
    }
    // SM5 interfaces: translated per binding of class instances (*SetShaderWithIfaces).
    // (A stream-output object's variants capture with its declaration: interfaceVariant.)
    if (dxbc::usesInterfaces(parsed.program)) {
      (void)dxbc::interfaceDeclarations(parsed.program);  // consistent declarations, or a creation error
      shader->interfaces = true;
    }
  } catch (const std::bad_alloc&) {
    return device->setError(E_OUTOFMEMORY);
  } catch (const std::exception& e) {
    logError(std::string("shader translation failed: ") + e.what());
    return device->setError(E_INVALIDARG);
  }
  HRESULT hr = S_OK;
  if (!buildShader(*device, std::move(parsed), *shader, !shader->interfaces, &hr)) {
    if (hr != S_OK) device->setError(hr);
    return;
  }
  shader.keep();
}

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
  createShaderObject(hDevice, code, hShader, dxbc::ProgramType::Vertex);
}

VOID APIENTRY createPixelShader(D3D10DDI_HDEVICE hDevice, const UINT* code, D3D10DDI_HSHADER hShader,
                                D3D10DDI_HRTSHADER, const D3D11_1DDIARG_STAGE_IO_SIGNATURES*) {
  createShaderObject(hDevice, code, hShader, dxbc::ProgramType::Pixel);
}

VOID APIENTRY createGeometryShader(D3D10DDI_HDEVICE hDevice, const UINT* code, D3D10DDI_HSHADER hShader,
                                   D3D10DDI_HRTSHADER, const D3D11_1DDIARG_STAGE_IO_SIGNATURES*) {
  createShaderObject(hDevice, code, hShader, dxbc::ProgramType::Geometry);
}

SIZE_T APIENTRY calcPrivateTessellationShaderSize(D3D10DDI_HDEVICE, const UINT*,
                                                  const D3D11_1DDIARG_TESSELLATION_IO_SIGNATURES*) {
  return sizeof(Shader);
}

VOID APIENTRY createHullShader(D3D10DDI_HDEVICE hDevice, const UINT* code, D3D10DDI_HSHADER hShader,
                               D3D10DDI_HRTSHADER, const D3D11_1DDIARG_TESSELLATION_IO_SIGNATURES*) {
  createShaderObject(hDevice, code, hShader, dxbc::ProgramType::Hull);
}

VOID APIENTRY createDomainShader(D3D10DDI_HDEVICE hDevice, const UINT* code, D3D10DDI_HSHADER hShader,
                                 D3D10DDI_HRTSHADER, const D3D11_1DDIARG_TESSELLATION_IO_SIGNATURES*) {
  createShaderObject(hDevice, code, hShader, dxbc::ProgramType::Domain);
}

namespace {

void forgetShader(Device& device, Shader* shader) {
  if (device.draw.vertexShader == shader) device.draw.vertexShader = nullptr;
  if (device.draw.pixelShader == shader) device.draw.pixelShader = nullptr;
  if (device.draw.geometryShader == shader) device.draw.geometryShader = nullptr;
  if (device.draw.hullShader == shader) device.draw.hullShader = nullptr;
  if (device.draw.domainShader == shader) device.draw.domainShader = nullptr;
  device.compute.unbind(shader);
  std::lock_guard<std::mutex> lock(device.queueMutex());
  if (shader->id) device.pipelines().forget(shader->id);
  // A recorded batch may still reference the module through a pipeline; pipelines
  // own no module reference, so the module can go once creation is done.
}

}  // namespace

VOID APIENTRY destroyShader(D3D10DDI_HDEVICE hDevice, D3D10DDI_HSHADER hShader) {
  Device* device = Device::from(hDevice);
  Shader* shader = Shader::from(hShader);
  if (!shader) return;
  for (auto& [binding, variant] : shader->interfaceVariants) forgetShader(*device, variant.get());
  forgetShader(*device, shader);
  shader->~Shader();
}

Shader* bindableShader(Device& device, D3D10DDI_HSHADER hShader) {
  Shader* shader = Shader::from(hShader);
  if (shader && shader->interfaces) {
    logError("the shader calls through interfaces: it is bound with its class instances (*SetShaderWithIfaces), "
             "not with *SetShader; the stage is left without a shader");
    device.setError(E_INVALIDARG);
    return nullptr;
  }
  return shader;
}

Shader* interfaceVariant(Device& device, D3D10DDI_HSHADER hShader, UINT count, const UINT* tables,
                         const D3D11DDIARG_POINTERDATA* pointers) {
  Shader* shader = Shader::from(hShader);
  if (!shader) return nullptr;
  if (count && (!tables || !pointers)) {
    device.setError(E_INVALIDARG);
    return nullptr;
  }
  if (!shader->interfaces) return shader;  // nothing to specialize
  dxbc::InterfaceBinding binding;
  for (UINT i = 0; i < count; ++i) {
    binding.tables.push_back(tables[i]);
    binding.pointers.push_back({pointers[i].uCBID, pointers[i].uCBOffset, pointers[i].uBaseTex, pointers[i].uBaseSamp});
  }
  for (auto& [key, variant] : shader->interfaceVariants)
    if (key == binding) return variant.get();
  auto variant = std::make_unique<Shader>();
  variant->stage = shader->stage;
  variant->streamOutput = shader->streamOutput;  // a geometry shader's stream output: each variant captures
  HRESULT hr = S_OK;
  try {
    dxbc::Shader bound = *shader->parsed;
    bound.program = dxbc::bindInterfaces(shader->parsed->program, binding);
    if (!buildShader(device, std::move(bound), *variant, true, &hr)) {
      if (hr != S_OK) device.setError(hr);
      return nullptr;
    }
  } catch (const std::bad_alloc&) {
    device.setError(E_OUTOFMEMORY);
    return nullptr;
  } catch (const std::exception& e) {
    logError(std::string("the shader cannot be bound with these class instances: ") + e.what() +
             "; the stage is left without a shader");
    device.setError(E_INVALIDARG);
    return nullptr;
  }
  shader->interfaceVariants.emplace_back(std::move(binding), std::move(variant));
  return shader->interfaceVariants.back().second.get();
}

VOID APIENTRY vsSetShader(D3D10DDI_HDEVICE hDevice, D3D10DDI_HSHADER hShader) {
  Device* device = Device::from(hDevice);
  device->draw.vertexShader = bindableShader(*device, hShader);
}

VOID APIENTRY psSetShader(D3D10DDI_HDEVICE hDevice, D3D10DDI_HSHADER hShader) {
  Device* device = Device::from(hDevice);
  device->draw.pixelShader = bindableShader(*device, hShader);
}

VOID APIENTRY gsSetShader(D3D10DDI_HDEVICE hDevice, D3D10DDI_HSHADER hShader) {
  Device* device = Device::from(hDevice);
  Shader* shader = bindableShader(*device, hShader);
  // A vertex or domain shader's stream-output object captures without a geometry stage.
  device->draw.streamOutputShader = shader && shader->streamOutput ? shader : nullptr;
  device->draw.geometryShader = shader && shader->stage == dxbc::ProgramType::Geometry ? shader : nullptr;
}

VOID APIENTRY hsSetShader(D3D10DDI_HDEVICE hDevice, D3D10DDI_HSHADER hShader) {
  Device* device = Device::from(hDevice);
  device->draw.hullShader = bindableShader(*device, hShader);
}

VOID APIENTRY dsSetShader(D3D10DDI_HDEVICE hDevice, D3D10DDI_HSHADER hShader) {
  Device* device = Device::from(hDevice);
  device->draw.domainShader = bindableShader(*device, hShader);
}

VOID APIENTRY vsSetShaderWithIfaces(D3D10DDI_HDEVICE hDevice, D3D10DDI_HSHADER hShader, UINT count, const UINT* tables,
                                    const D3D11DDIARG_POINTERDATA* pointers) {
  Device* device = Device::from(hDevice);
  device->draw.vertexShader = interfaceVariant(*device, hShader, count, tables, pointers);
}

VOID APIENTRY psSetShaderWithIfaces(D3D10DDI_HDEVICE hDevice, D3D10DDI_HSHADER hShader, UINT count, const UINT* tables,
                                    const D3D11DDIARG_POINTERDATA* pointers) {
  Device* device = Device::from(hDevice);
  device->draw.pixelShader = interfaceVariant(*device, hShader, count, tables, pointers);
}

VOID APIENTRY gsSetShaderWithIfaces(D3D10DDI_HDEVICE hDevice, D3D10DDI_HSHADER hShader, UINT count, const UINT* tables,
                                    const D3D11DDIARG_POINTERDATA* pointers) {
  Device* device = Device::from(hDevice);
  Shader* variant = interfaceVariant(*device, hShader, count, tables, pointers);
  device->draw.geometryShader = variant;
  device->draw.streamOutputShader = variant && variant->streamOutput ? variant : nullptr;
}

VOID APIENTRY hsSetShaderWithIfaces(D3D10DDI_HDEVICE hDevice, D3D10DDI_HSHADER hShader, UINT count, const UINT* tables,
                                    const D3D11DDIARG_POINTERDATA* pointers) {
  Device* device = Device::from(hDevice);
  device->draw.hullShader = interfaceVariant(*device, hShader, count, tables, pointers);
}

VOID APIENTRY dsSetShaderWithIfaces(D3D10DDI_HDEVICE hDevice, D3D10DDI_HSHADER hShader, UINT count, const UINT* tables,
                                    const D3D11DDIARG_POINTERDATA* pointers) {
  Device* device = Device::from(hDevice);
  device->draw.domainShader = interfaceVariant(*device, hShader, count, tables, pointers);
}

}  // namespace d3dvk::umd
