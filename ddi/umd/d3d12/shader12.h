// ddi/umd/d3d12/shader12.h — the UMD's D3D12 shader objects (vertex, pixel,
// geometry and compute; the WDK passes the root signature with the code):
// created by pfnCreate*Shader from a DXBC container (SM4.0-5.1; the runtime
// refuses DXIL first), each declared register mapped through the root
// signature by rootsig::bindShader into the stage's own descriptor set
// (binding.h's set for the stage), translated with that map
// (TranslateOptions::descriptorRanges), and the set's layout built (static
// samplers immutable). A register the root signature does not cover fails the
// creation with E_INVALIDARG (the runtime has already said why, see
// runtime/d3d12/d3d12_pipeline_state.cpp).
#pragma once

#include "d3d12umddi.h"
#include "dxbc/shader.h"
#include "dxbc/translator.h"
#include "rootsig/shader_bindings.h"
#include "stream_output_declaration.h"  // ddi/umd
#include "vk_pipeline.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace d3dvk::umd12 {

struct Shader12 {
  // Unique for the process's lifetime (never reused as an address may be): names the shader in caches.
  const uint64_t id = nextId();
  dxbc::ProgramType stage = dxbc::ProgramType::Vertex;
  uint32_t set = 0;  // the stage's descriptor set
  dxbc::ShaderReflection reflection;
  rootsig::ShaderBindings bindings;
  // The root signature it was created with: a draw or dispatch under another
  // (not of the same layout) would read root arguments it does not have.
  rootsig::RootSignatureDesc signature;
  // Root-constants bindings: their first word in the list's root-constant words and their word count.
  std::vector<std::pair<uint32_t, uint32_t>> constantWords;  // by binding (unused for other sources)
  std::vector<std::shared_ptr<vk::Sampler>> staticSamplers;  // the immutable samplers the layout holds
  std::unique_ptr<vk::DescriptorSetLayout> setLayout;
  // setLayout's bindings (static samplers' pImmutableSamplers point into
  // immutableSamplers): the conservative fallback's pixel set adds its own.
  std::vector<VkDescriptorSetLayoutBinding> layoutBindings;
  std::vector<VkSampler> immutableSamplers;
  // Per layout binding: UPDATE_AFTER_BIND for descriptor tables where the
  // device has it (the list writes them when it executes, draw12.cpp).
  std::vector<VkDescriptorBindingFlags> bindingFlags;
  std::vector<VkDescriptorPoolSize> poolSizes;  // what one set of setLayout needs
  // Root CBVs as dynamic uniform buffers, so that a new root CBV address in
  // the same buffer is a new dynamic offset for native draws and dispatches,
  // not a new set. dynamicRootCbvs lists them (indices into bindings.bindings,
  // by binding number); at most kMaxDynamicRootCbvs, within the device's
  // per-pipeline-layout limits shared by five graphics stages. Two forms:
  // - where the stage set holds descriptor tables, the root CBVs move to a
  //   set of their own, rootCbvSet (rootCbvSetLayout), and the native module
  //   reads them there; the stage set is then tableSetLayout, setLayout
  //   without them. A new table is a new table set, the root CBVs' kept; and
  //   where the device defers tables (update-after-bind bindings) Vulkan
  //   allows no dynamic descriptors beside them. (Hull and domain stages have
  //   no such set: there, only without deferred tables, the next form.)
  // - dynamicSetLayout: setLayout's bindings with the root CBVs dynamic.
  // The conservative fallback translates its variants with the unsplit map
  // (bindings.ranges) and binds setLayout.
  static constexpr uint32_t kMaxDynamicRootCbvs = 4;
  static constexpr uint32_t kNoRootCbvSet = ~0u;
  std::unique_ptr<vk::DescriptorSetLayout> dynamicSetLayout;
  std::vector<uint32_t> dynamicRootCbvs;
  uint32_t rootCbvSet = kNoRootCbvSet;
  std::unique_ptr<vk::DescriptorSetLayout> rootCbvSetLayout, tableSetLayout;
  static bool isRootCbv(const rootsig::ShaderBinding& b) {
    return b.source == rootsig::BindingSource::RootDescriptor && b.descriptorClass == rootsig::DescriptorClass::UniformBuffer;
  }
  bool splitsRootCbvs() const { return rootCbvSetLayout != nullptr; }
  // The stage set's layout for native draws and dispatches.
  VkDescriptorSetLayout nativeSetLayout() const {
    return tableSetLayout ? tableSetLayout->handle() : dynamicSetLayout ? dynamicSetLayout->handle() : setLayout->handle();
  }
  std::unique_ptr<vk::ShaderModule> module;
  // The parsed DXBC and the options of the native translation, kept for the
  // variants translated when a PSO needs them: the native ones (stream
  // output, sample mask) take them whole, the conservative fallback's the
  // device features, with the unsplit register map (bindings.ranges).
  std::shared_ptr<const dxbc::Shader> parsed;
  dxbc::TranslateOptions nativeOptions;
  // Stream output (pfnCreateGeometryShaderWithStreamOutput, stream_output12.h):
  // the declaration; `module` captures every declared slot, and
  // streamOutputModule() translates the variants capturing fewer (NULL views).
  std::shared_ptr<const umd::StreamOutputDeclaration> streamOutput;
  std::mutex variantMutex;
  std::map<uint32_t, std::unique_ptr<vk::ShaderModule>> streamOutputModules;  // by captured slots

  static Shader12* from(D3D12DDI_HSHADER h) { return static_cast<Shader12*>(h.pDrvPrivate); }

 private:
  static uint64_t nextId() {
    static std::atomic<uint64_t> next{1};
    return next.fetch_add(1, std::memory_order_relaxed);
  }
};

VkDescriptorType descriptorTypeOf(rootsig::DescriptorClass c);
// A set layout of `bindings` with `flags` (empty, or one per binding; the
// layout is created for update-after-bind pools when any has UPDATE_AFTER_BIND).
std::unique_ptr<vk::DescriptorSetLayout> createSetLayout12(vk::Device& device,
                                                          const std::vector<VkDescriptorSetLayoutBinding>& bindings,
                                                          const std::vector<VkDescriptorBindingFlags>& flags,
                                                          VkResult* result);
class Device12;
// The shader in place at `hShader` (its stage read from the bytecode when
// `streamOutput` is given: a vertex, domain or geometry shader captured by
// it); on failure reported through pfnSetErrorCb and not constructed.
void createShader12(D3D12DDI_HDEVICE hDevice, const UINT* code, D3D12DDI_HROOTSIGNATURE hRootSignature,
                    D3D12DDI_HSHADER hShader, dxbc::ProgramType stage,
                    std::shared_ptr<const umd::StreamOutputDeclaration> streamOutput = nullptr);
void fillShaderDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f);

}  // namespace d3dvk::umd12
