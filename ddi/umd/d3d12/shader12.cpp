// ddi/umd/d3d12/shader12.cpp — see shader12.h: CalcPrivateShaderSize,
// CreateVertex/Pixel/Geometry/Hull/Domain/ComputeShader and DestroyShader.
#include "shader12.h"

#include "d3dvk_entry_guard.h"
#include "device12.h"
#include "driver_object.h"
#include "dxbc/binding.h"
#include "dxbc/container.h"
#include "dxbc/translator.h"
#include "root_signature12.h"
#include "vk_shader_requirements.h"

#include <algorithm>
#include <map>
#include <span>

namespace d3dvk::umd12 {

VkDescriptorType descriptorTypeOf(rootsig::DescriptorClass c) {
  switch (c) {
    case rootsig::DescriptorClass::UniformBuffer: return VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
    case rootsig::DescriptorClass::StorageBuffer: return VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    case rootsig::DescriptorClass::SampledImage: return VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE;
    case rootsig::DescriptorClass::UniformTexelBuffer: return VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
    case rootsig::DescriptorClass::StorageImage: return VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
    case rootsig::DescriptorClass::StorageTexelBuffer: return VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER;
    case rootsig::DescriptorClass::Sampler: return VK_DESCRIPTOR_TYPE_SAMPLER;
  }
  return VK_DESCRIPTOR_TYPE_SAMPLER;
}

std::unique_ptr<vk::DescriptorSetLayout> createSetLayout12(vk::Device& device,
                                                          const std::vector<VkDescriptorSetLayoutBinding>& bindings,
                                                          const std::vector<VkDescriptorBindingFlags>& flags,
                                                          VkResult* result) {
  VkDescriptorSetLayoutCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  info.bindingCount = uint32_t(bindings.size());
  info.pBindings = bindings.data();
  VkDescriptorSetLayoutBindingFlagsCreateInfo bindingFlags{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_BINDING_FLAGS_CREATE_INFO};
  if (std::find(flags.begin(), flags.end(), VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT) != flags.end()) {
    bindingFlags.bindingCount = uint32_t(flags.size());
    bindingFlags.pBindingFlags = flags.data();
    info.pNext = &bindingFlags;
    info.flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT;
  }
  return vk::createDescriptorSetLayout(device, info, result);
}

namespace {

VkShaderStageFlags stageFlag(dxbc::ProgramType stage) {
  switch (stage) {
    case dxbc::ProgramType::Vertex: return VK_SHADER_STAGE_VERTEX_BIT;
    case dxbc::ProgramType::Pixel: return VK_SHADER_STAGE_FRAGMENT_BIT;
    case dxbc::ProgramType::Geometry: return VK_SHADER_STAGE_GEOMETRY_BIT;
    case dxbc::ProgramType::Hull: return VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT;
    case dxbc::ProgramType::Domain: return VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT;
    case dxbc::ProgramType::Compute: return VK_SHADER_STAGE_COMPUTE_BIT;
  }
  return VK_SHADER_STAGE_ALL;
}

// The per-stage descriptor limit of a binding's Vulkan type, and which limit it counts against.
uint32_t perStageLimit(const VkPhysicalDeviceLimits& l, rootsig::DescriptorClass c, int* category) {
  switch (c) {
    case rootsig::DescriptorClass::UniformBuffer: *category = 0; return l.maxPerStageDescriptorUniformBuffers;
    case rootsig::DescriptorClass::StorageBuffer: *category = 1; return l.maxPerStageDescriptorStorageBuffers;
    case rootsig::DescriptorClass::SampledImage:
    case rootsig::DescriptorClass::UniformTexelBuffer: *category = 2; return l.maxPerStageDescriptorSampledImages;
    case rootsig::DescriptorClass::StorageImage:
    case rootsig::DescriptorClass::StorageTexelBuffer: *category = 3; return l.maxPerStageDescriptorStorageImages;
    case rootsig::DescriptorClass::Sampler: *category = 4; return l.maxPerStageDescriptorSamplers;
  }
  *category = 0;
  return 0;
}

// Fits the stage's bindings into the device's per-stage descriptor limits:
// unbounded table ranges (capped by rootsig) share what the bounded bindings
// of their type leave (D3D12 leaves reads past a table's populated part
// undefined); empty string, or why the shader cannot be bound on the device.
std::string fitDescriptorLimits(const VkPhysicalDeviceLimits& limits, rootsig::ShaderBindings& b) {
  uint64_t fixed[5] = {}, cappedCount[5] = {};
  uint32_t limit[5] = {};
  for (const rootsig::ShaderBinding& s : b.bindings) {
    int c = 0;
    const uint32_t l = perStageLimit(limits, s.descriptorClass, &c);
    limit[c] = l;
    if (s.capped) ++cappedCount[c];
    else fixed[c] += s.count;
  }
  static const char* const kNames[5] = {"uniform buffers", "storage buffers", "sampled images and uniform texel buffers",
                                        "storage images and storage texel buffers", "samplers"};
  for (int c = 0; c < 5; ++c) {
    if (!cappedCount[c] && !fixed[c]) continue;
    if (fixed[c] + cappedCount[c] > limit[c])
      return std::string("the shader binds more ") + kNames[c] + " (" + std::to_string(fixed[c] + cappedCount[c]) +
             ") than the Vulkan device has per stage (" + std::to_string(limit[c]) + ")";
  }
  for (rootsig::ShaderBinding& s : b.bindings) {
    if (!s.capped) continue;
    int c = 0;
    perStageLimit(limits, s.descriptorClass, &c);
    const uint32_t share = uint32_t(std::min<uint64_t>(s.count, (limit[c] - fixed[c]) / cappedCount[c]));
    if (share == s.count) continue;
    s.count = share;
    for (dxbc::DescriptorRange& r : b.ranges)
      if (r.binding == s.binding) r.count = share;
  }
  return "";
}

// The set a stage's root CBVs move to when its own set holds descriptor
// tables (Shader12::rootCbvSet): past the five graphics stage sets
// (binding.h) for the vertex, pixel and geometry stages, beside set 0 for
// compute; hull and domain shaders keep theirs in the stage set.
uint32_t rootCbvSetFor(dxbc::ProgramType stage) {
  switch (stage) {
    case dxbc::ProgramType::Vertex: return 5;
    case dxbc::ProgramType::Pixel: return 6;
    case dxbc::ProgramType::Geometry: return 7;
    case dxbc::ProgramType::Compute: return 1;
    default: return Shader12::kNoRootCbvSet;
  }
}

// Which root CBVs become dynamic uniform buffers (Shader12::dynamicRootCbvs,
// sorted by binding) and whether they move to a set of their own: they do
// where the stage set holds a descriptor table (a new table is then a new
// table set, the root CBVs' set kept; and where the device defers tables,
// their update-after-bind bindings allow no dynamic ones beside them). None
// where the device's limits leave no room for them.
void chooseDynamicRootCbvs(const vk::Device& device, Shader12& shader) {
  const bool deferTables = device.descriptorIndexing().updateAfterBind;
  std::vector<uint32_t> rootCbvs;
  bool table = false;
  for (uint32_t i = 0; i < shader.bindings.bindings.size(); ++i) {
    const rootsig::ShaderBinding& b = shader.bindings.bindings[i];
    if (Shader12::isRootCbv(b)) rootCbvs.push_back(i);
    table = table || b.source == rootsig::BindingSource::Table;
  }
  // Five graphics stages share a pipeline layout's dynamic uniform buffers
  // (with update-after-bind sets in it, the lower of its two limits).
  const vk::PhysicalDeviceInfo& info = device.info();
  uint32_t layoutLimit = info.properties.limits.maxDescriptorSetUniformBuffersDynamic;
  if (deferTables) layoutLimit = std::min(layoutLimit, info.maxUpdateAfterBindUniformBuffersDynamic);
  if (rootCbvs.empty() || rootCbvs.size() > std::min(Shader12::kMaxDynamicRootCbvs, layoutLimit / 5)) return;
  if (table) {
    const uint32_t set = rootCbvSetFor(shader.stage);
    if (set != Shader12::kNoRootCbvSet && set < info.properties.limits.maxBoundDescriptorSets) shader.rootCbvSet = set;
    else if (deferTables) return;  // (the stage set keeps them, not dynamic)
  }
  std::sort(rootCbvs.begin(), rootCbvs.end(), [&](uint32_t a, uint32_t b) {
    return shader.bindings.bindings[a].binding < shader.bindings.bindings[b].binding;
  });
  shader.dynamicRootCbvs = std::move(rootCbvs);
}

}  // namespace

// Builds the shader in place; on failure reports through pfnSetErrorCb and destroys it.
void createShader12(D3D12DDI_HDEVICE hDevice, const UINT* code, D3D12DDI_HROOTSIGNATURE hRootSignature,
                    D3D12DDI_HSHADER hShader, dxbc::ProgramType stage,
                    std::shared_ptr<const umd::StreamOutputDeclaration> streamOutput) {
  Device12* device = Device12::from(hDevice);
  RootSignature12* rs = RootSignature12::from(hRootSignature);
  if (!device) return;
  if (!hShader.pDrvPrivate || !code || code[0] != dxbc::fourcc("DXBC") || code[6] < 32 || !rs)
    return device->setError(E_INVALIDARG);
  umd::Constructing<Shader12> shader(hShader.pDrvPrivate);
  std::vector<uint32_t> spirv;
  try {
    shader->parsed = std::make_shared<const dxbc::Shader>(
        dxbc::parseShader(std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(code), code[6])));
    const dxbc::Shader& parsed = *shader->parsed;
    if (streamOutput) {
      // The stage whose outputs are captured: the bytecode's own.
      stage = parsed.program.type;
      if (stage != dxbc::ProgramType::Vertex && stage != dxbc::ProgramType::Domain && stage != dxbc::ProgramType::Geometry)
        return device->setError(E_INVALIDARG);
      if (!umd::streamOutputSupported(device->vk(), parsed, *streamOutput)) return device->setError(E_NOTIMPL);
      shader->streamOutput = streamOutput;
    }
    shader->stage = stage;
    shader->set = dxbc::descriptorSetForStage(stage);
    if (parsed.program.type != stage) return device->setError(E_INVALIDARG);
    const VkPhysicalDeviceFeatures& features = device->vk().enabledFeatures();
    if (stage == dxbc::ProgramType::Geometry && !features.geometryShader) {
      umd::logError("D3D12: geometry shaders need the Vulkan device's geometryShader feature, which it lacks");
      return device->setError(E_NOTIMPL);
    }
    if ((stage == dxbc::ProgramType::Hull || stage == dxbc::ProgramType::Domain) && !features.tessellationShader) {
      umd::logError("D3D12: hull and domain shaders need the Vulkan device's tessellationShader feature, which it lacks");
      return device->setError(E_NOTIMPL);
    }
    shader->reflection = dxbc::reflect(parsed);
    shader->bindings = rootsig::bindShader(rs->desc, parsed.program, shader->set);
    shader->signature = rs->desc;
    if (!shader->bindings.error.empty()) {
      umd::logError("D3D12: " + shader->bindings.error);
      return device->setError(shader->bindings.mismatch ? E_INVALIDARG : E_NOTIMPL);
    }
    if (const std::string why = fitDescriptorLimits(device->vk().info().properties.limits, shader->bindings); !why.empty()) {
      umd::logError("D3D12: " + why);
      return device->setError(E_NOTIMPL);
    }
    for (size_t i = 0; i < shader->bindings.ranges.size() && i < shader->bindings.bindings.size(); ++i) {
      const rootsig::ShaderBinding& b = shader->bindings.bindings[i];
      const dxbc::DescriptorRange& r = shader->bindings.ranges[i];
      if (b.capped && b.count < rootsig::kUnboundedDescriptorCap)
        device->message(S_OK, std::string("D3D12: an unbounded descriptor range of the ") + rootsig::stageName(stage) +
                                  " shader (from register " + std::to_string(r.lowerBound) + " of space " +
                                  std::to_string(r.space) + ") holds " + std::to_string(b.count) +
                                  " descriptors on this Vulkan device (its per-stage limits, shared among the "
                                  "shader's unbounded ranges); elements past them read zeros or nothing");
    }
    dxbc::TranslateOptions options;
    options.d3dVertexInstanceIds = stage == dxbc::ProgramType::Vertex;
    options.innerCoverageAsZero = !device->vk().info().fragmentFullyCovered;
    options.shaderFloat64 = features.shaderFloat64 == VK_TRUE;
    options.sparseResidency = features.shaderResourceResidency == VK_TRUE;
    options.minLod = features.shaderResourceMinLod == VK_TRUE;
    options.typedUavLoadsWithoutFormat = features.shaderStorageImageReadWithoutFormat == VK_TRUE;
    options.viewportIndexLayer = device->vk().extensionEnabled(VK_EXT_SHADER_VIEWPORT_INDEX_LAYER_EXTENSION_NAME);
    chooseDynamicRootCbvs(device->vk(), *shader);
    options.descriptorRanges = shader->bindings.ranges;
    if (shader->rootCbvSet != Shader12::kNoRootCbvSet)  // the native module reads its root CBVs from their own set
      for (dxbc::DescriptorRange& r : options.descriptorRanges)
        for (uint32_t i : shader->dynamicRootCbvs)
          if (r.kind == dxbc::ResourceKind::ConstantBuffer && r.set == shader->set &&
              r.binding == shader->bindings.bindings[i].binding)
            r.set = shader->rootCbvSet;
    if (streamOutput) umd::applyStreamOutput(device->vk(), *streamOutput, streamOutput->slots, options);
    // {nonuniform} indices: NonUniform where the device has every
    // *ArrayNonUniformIndexing feature, else a subgroup loop where the stage
    // has subgroup arithmetic, else a switch over a range of at most 64
    // (longer and unbounded ranges keep NonUniform, refused below).
    const vk::DescriptorIndexingFeatures& di = device->vk().descriptorIndexing();
    const bool nonUniformNative = di.uniformBufferNonUniform && di.sampledImageNonUniform && di.storageBufferNonUniform &&
                                  di.storageImageNonUniform && di.uniformTexelBufferNonUniform &&
                                  di.storageTexelBufferNonUniform;
    options.nonUniformWaterfall =
        !nonUniformNative && device->vk().info().subgroupOperationsIn(stageFlag(stage), VK_SUBGROUP_FEATURE_ARITHMETIC_BIT);
    options.nonUniformSwitch = !nonUniformNative && !options.nonUniformWaterfall;
    // Descriptor types the device cannot index dynamically: short ranges switch over their elements.
    options.constantIndexClasses =
        (features.shaderUniformBufferArrayDynamicIndexing ? 0u : dxbc::kConstantIndexUniformBuffers) |
        (features.shaderSampledImageArrayDynamicIndexing ? 0u
                                                          : dxbc::kConstantIndexSamplers | dxbc::kConstantIndexSampledImages) |
        (features.shaderStorageBufferArrayDynamicIndexing ? 0u : dxbc::kConstantIndexStorageBuffers) |
        (features.shaderStorageImageArrayDynamicIndexing ? 0u : dxbc::kConstantIndexStorageImages) |
        (di.uniformTexelBufferDynamic ? 0u : dxbc::kConstantIndexUniformTexelBuffers) |
        (di.storageTexelBufferDynamic ? 0u : dxbc::kConstantIndexStorageTexelBuffers);
    spirv = dxbc::translateToSpirv(parsed, options);
    shader->nativeOptions = std::move(options);
  } catch (const std::bad_alloc&) {
    return device->setError(E_OUTOFMEMORY);
  } catch (const std::exception& e) {
    umd::logError(std::string("D3D12: shader translation failed: ") + e.what());
    return device->setError(E_INVALIDARG);
  }
  if (const std::string unmet = vk::unmetShaderRequirement(device->vk(), spirv); !unmet.empty()) {
    umd::logError("D3D12: the shader cannot run on this Vulkan device: " + unmet);
    return device->setError(E_NOTIMPL);
  }
  // The stage's set layout: one binding per declaration, static samplers immutable.
  const VkShaderStageFlags flags = stageFlag(stage);
  std::vector<VkDescriptorSetLayoutBinding>& bindings = shader->layoutBindings;
  std::map<VkDescriptorType, uint32_t> counts;
  std::vector<VkSampler>& immutable = shader->immutableSamplers;
  immutable.assign(shader->bindings.bindings.size(), VK_NULL_HANDLE);
  shader->constantWords.assign(shader->bindings.bindings.size(), {0, 0});
  for (size_t i = 0; i < shader->bindings.bindings.size(); ++i) {
    const rootsig::ShaderBinding& b = shader->bindings.bindings[i];
    VkDescriptorSetLayoutBinding lb{};
    lb.binding = b.binding;
    lb.descriptorType = descriptorTypeOf(b.descriptorClass);
    lb.descriptorCount = b.count;
    lb.stageFlags = flags;
    if (b.source == rootsig::BindingSource::StaticSampler) {
      shader->staticSamplers.push_back(rs->staticSamplers.at(b.index));
      immutable[i] = rs->staticSamplers[b.index]->handle();
      lb.pImmutableSamplers = &immutable[i];
    }
    if (b.source == rootsig::BindingSource::RootConstants)
      shader->constantWords[i] = {rs->constantsOffset.at(b.index), rs->desc.parameters[b.index].num32BitValues};
    counts[lb.descriptorType] += b.count;
    bindings.push_back(lb);
    shader->bindingFlags.push_back(b.source == rootsig::BindingSource::Table && device->vk().descriptorIndexing().updateAfterBind
                                       ? VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT
                                       : 0);
  }
  for (const auto& [type, count] : counts) shader->poolSizes.push_back({type, count});
  VkResult result = VK_SUCCESS;
  shader->setLayout = createSetLayout12(device->vk(), bindings, shader->bindingFlags, &result);
  if (!shader->setLayout) return device->setVkError(result);
  // Root CBVs as dynamic uniform buffers for native draws (Shader12::dynamicRootCbvs).
  if (shader->rootCbvSet != Shader12::kNoRootCbvSet) {
    std::vector<VkDescriptorSetLayoutBinding> rootBindings, tableBindings;
    std::vector<VkDescriptorBindingFlags> tableFlags;
    for (uint32_t i = 0; i < bindings.size(); ++i) {
      if (std::find(shader->dynamicRootCbvs.begin(), shader->dynamicRootCbvs.end(), i) == shader->dynamicRootCbvs.end()) {
        tableBindings.push_back(bindings[i]);
        tableFlags.push_back(shader->bindingFlags[i]);
        continue;
      }
      rootBindings.push_back(bindings[i]);
      rootBindings.back().descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC;
    }
    shader->rootCbvSetLayout = createSetLayout12(device->vk(), rootBindings, {}, &result);
    if (!shader->rootCbvSetLayout) return device->setVkError(result);
    shader->tableSetLayout = createSetLayout12(device->vk(), tableBindings, tableFlags, &result);
    if (!shader->tableSetLayout) return device->setVkError(result);
  } else if (!shader->dynamicRootCbvs.empty()) {
    std::vector<VkDescriptorSetLayoutBinding> dynamicBindings = bindings;
    for (uint32_t i : shader->dynamicRootCbvs) dynamicBindings[i].descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC;
    shader->dynamicSetLayout = createSetLayout12(device->vk(), dynamicBindings, {}, &result);
    if (!shader->dynamicSetLayout) return device->setVkError(result);
  }
  shader->module = vk::createShaderModule(device->vk(), spirv, &result);
  if (!shader->module) return device->setVkError(result);
  shader.keep();
}

namespace {

SIZE_T APIENTRY calcPrivateShaderSize(D3D12DDI_HDEVICE, const UINT*, D3D12DDI_HROOTSIGNATURE,
                                      const D3D12DDIARG_STAGE_IO_SIGNATURES*) try {
  return sizeof(Shader12);
} D3DVK_CATCH_RETURN({})

VOID APIENTRY createVertexShader(D3D12DDI_HDEVICE hDevice, const UINT* code, D3D12DDI_HROOTSIGNATURE rs, D3D12DDI_HSHADER h,
                                 const D3D12DDIARG_STAGE_IO_SIGNATURES*, D3D12DDI_CREATE_SHADER_FLAGS) try {
  createShader12(hDevice, code, rs, h, dxbc::ProgramType::Vertex);
} D3DVK_CATCH_VOID
VOID APIENTRY createPixelShader(D3D12DDI_HDEVICE hDevice, const UINT* code, D3D12DDI_HROOTSIGNATURE rs, D3D12DDI_HSHADER h,
                                const D3D12DDIARG_STAGE_IO_SIGNATURES*, D3D12DDI_CREATE_SHADER_FLAGS) try {
  createShader12(hDevice, code, rs, h, dxbc::ProgramType::Pixel);
} D3DVK_CATCH_VOID
VOID APIENTRY createGeometryShader(D3D12DDI_HDEVICE hDevice, const UINT* code, D3D12DDI_HROOTSIGNATURE rs, D3D12DDI_HSHADER h,
                                   const D3D12DDIARG_STAGE_IO_SIGNATURES*, D3D12DDI_CREATE_SHADER_FLAGS) try {
  createShader12(hDevice, code, rs, h, dxbc::ProgramType::Geometry);
} D3DVK_CATCH_VOID
VOID APIENTRY createHullShader(D3D12DDI_HDEVICE hDevice, const UINT* code, D3D12DDI_HROOTSIGNATURE rs, D3D12DDI_HSHADER h,
                               const D3D12DDIARG_TESSELLATION_IO_SIGNATURES*, D3D12DDI_CREATE_SHADER_FLAGS) try {
  createShader12(hDevice, code, rs, h, dxbc::ProgramType::Hull);
} D3DVK_CATCH_VOID
VOID APIENTRY createDomainShader(D3D12DDI_HDEVICE hDevice, const UINT* code, D3D12DDI_HROOTSIGNATURE rs, D3D12DDI_HSHADER h,
                                 const D3D12DDIARG_TESSELLATION_IO_SIGNATURES*, D3D12DDI_CREATE_SHADER_FLAGS) try {
  createShader12(hDevice, code, rs, h, dxbc::ProgramType::Domain);
} D3DVK_CATCH_VOID
VOID APIENTRY createComputeShader(D3D12DDI_HDEVICE hDevice, const UINT* code, D3D12DDI_HROOTSIGNATURE rs, D3D12DDI_HSHADER h,
                                  D3D12DDI_CREATE_SHADER_FLAGS) try {
  createShader12(hDevice, code, rs, h, dxbc::ProgramType::Compute);
} D3DVK_CATCH_VOID

VOID APIENTRY destroyShader(D3D12DDI_HDEVICE hDevice, D3D12DDI_HSHADER h) try {
  if (Device12* device = Device12::from(hDevice); device && !device->settleIfHung()) return;  // see settleIfHung
  if (Shader12* shader = Shader12::from(h)) shader->~Shader12();
} D3DVK_CATCH_VOID

}  // namespace

void fillShaderDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f) {
  f.pfnCalcPrivateShaderSize = &calcPrivateShaderSize;
  f.pfnCreateVertexShader = &createVertexShader;
  f.pfnCreatePixelShader = &createPixelShader;
  f.pfnCreateGeometryShader = &createGeometryShader;
  f.pfnCreateHullShader = &createHullShader;
  f.pfnCreateDomainShader = &createDomainShader;
  f.pfnCreateComputeShader = &createComputeShader;
  f.pfnDestroyShader = &destroyShader;
}

}  // namespace d3dvk::umd12
