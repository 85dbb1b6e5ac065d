// ddi/umd/d3d12/pipeline_state12.cpp — see pipeline_state12.h: the element
// layout, blend, depth-stencil and rasterizer state DDIs and
// CalcPrivate/Create/DestroyPipelineState.
#include "pipeline_state12.h"

#include "adapter.h"
#include "blend_state.h"          // translate/state
#include "d3dvk_entry_guard.h"
#include "depth_bias.h"           // translate/state
#include "driver_input_layout.h"
#include "driver_rasterizer_state.h"
#include "depth_stencil_state.h"  // translate/state
#include "device12.h"
#include "dxbc/translator.h"
#include "rasterizer_state.h"  // translate/state
#include "resource_format.h"   // translate/state
#include "shader12.h"
#include "stream_output12.h"

#include <algorithm>
#include <iterator>
#include <string>
#include <new>

namespace d3dvk::umd12 {
namespace {

template <typename T>
void destroyObject(void* memory) {
  if (memory) static_cast<T*>(memory)->~T();
}

SIZE_T APIENTRY calcElementLayoutSize(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATEELEMENTLAYOUT*) try {
  return sizeof(ElementLayout12);
} D3DVK_CATCH_RETURN({})
VOID APIENTRY createElementLayout(D3D12DDI_HDEVICE hDevice, const D3D12DDIARG_CREATEELEMENTLAYOUT* args,
                                  D3D12DDI_HELEMENTLAYOUT h) try {
  if (!args || !h.pDrvPrivate || (args->NumElements && !args->pVertexElements))
    return Device12::from(hDevice)->setError(E_INVALIDARG);
  auto* layout = new (h.pDrvPrivate) ElementLayout12();
  layout->elements.assign(args->pVertexElements, args->pVertexElements + args->NumElements);
} D3DVK_CATCH_VOID
VOID APIENTRY destroyElementLayout(D3D12DDI_HDEVICE, D3D12DDI_HELEMENTLAYOUT h) try {
  destroyObject<ElementLayout12>(h.pDrvPrivate);
} D3DVK_CATCH_VOID

SIZE_T APIENTRY calcBlendStateSize(D3D12DDI_HDEVICE, const D3D12DDI_BLEND_DESC*) try { return sizeof(BlendState12); }
D3DVK_CATCH_RETURN({})
VOID APIENTRY createBlendState(D3D12DDI_HDEVICE hDevice, const D3D12DDI_BLEND_DESC* desc, D3D12DDI_HBLENDSTATE h) try {
  if (!desc || !h.pDrvPrivate) return Device12::from(hDevice)->setError(E_INVALIDARG);
  new (h.pDrvPrivate) BlendState12{*desc};
} D3DVK_CATCH_VOID
VOID APIENTRY destroyBlendState(D3D12DDI_HDEVICE, D3D12DDI_HBLENDSTATE h) try { destroyObject<BlendState12>(h.pDrvPrivate); }
D3DVK_CATCH_VOID

SIZE_T APIENTRY calcDepthStencilStateSize(D3D12DDI_HDEVICE, const D3D12DDI_DEPTH_STENCIL_DESC*) try {
  return sizeof(DepthStencilState12);
} D3DVK_CATCH_RETURN({})
VOID APIENTRY createDepthStencilState(D3D12DDI_HDEVICE hDevice, const D3D12DDI_DEPTH_STENCIL_DESC* desc,
                                      D3D12DDI_HDEPTHSTENCILSTATE h) try {
  if (!desc || !h.pDrvPrivate) return Device12::from(hDevice)->setError(E_INVALIDARG);
  new (h.pDrvPrivate) DepthStencilState12{*desc};
} D3DVK_CATCH_VOID
VOID APIENTRY destroyDepthStencilState(D3D12DDI_HDEVICE, D3D12DDI_HDEPTHSTENCILSTATE h) try {
  destroyObject<DepthStencilState12>(h.pDrvPrivate);
} D3DVK_CATCH_VOID

SIZE_T APIENTRY calcRasterizerStateSize(D3D12DDI_HDEVICE, const D3D12DDI_RASTERIZER_DESC*) try {
  return sizeof(RasterizerState12);
} D3DVK_CATCH_RETURN({})
VOID APIENTRY createRasterizerState(D3D12DDI_HDEVICE hDevice, const D3D12DDI_RASTERIZER_DESC* desc,
                                    D3D12DDI_HRASTERIZERSTATE h) try {
  if (!desc || !h.pDrvPrivate) return Device12::from(hDevice)->setError(E_INVALIDARG);
  new (h.pDrvPrivate) RasterizerState12{*desc};
} D3DVK_CATCH_VOID
VOID APIENTRY destroyRasterizerState(D3D12DDI_HDEVICE, D3D12DDI_HRASTERIZERSTATE h) try {
  destroyObject<RasterizerState12>(h.pDrvPrivate);
} D3DVK_CATCH_VOID

// The D3D11 DDI rasterizer desc translate/state reads; D3D12 always scissors.
D3DWDDM2_0DDI_RASTERIZER_DESC rasterizerDesc(const D3D12DDI_RASTERIZER_DESC& d) {
  D3DWDDM2_0DDI_RASTERIZER_DESC r{};
  r.FillMode = D3D10_DDI_FILL_MODE(int(d.FillMode));
  r.CullMode = D3D10_DDI_CULL_MODE(int(d.CullMode));
  r.FrontCounterClockwise = d.FrontCounterClockwise;
  r.DepthBias = d.DepthBias;
  r.DepthBiasClamp = d.DepthBiasClamp;
  r.SlopeScaledDepthBias = d.SlopeScaledDepthBias;
  r.DepthClipEnable = d.DepthClipEnable;
  r.ScissorEnable = TRUE;
  r.MultisampleEnable = d.MultisampleEnable;
  r.AntialiasedLineEnable = d.AntialiasedLineEnable;
  r.ForcedSampleCount = d.ForcedSampleCount;
  r.ConservativeRasterizationMode = D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_MODE(int(d.ConservativeRasterizationMode));
  return r;
}

}  // namespace

state::RasterizerDeviceCaps rasterizerCaps12(Device12& device) {
  return umd::rasterizerDeviceCaps(device.vk(), device.adapter().conservative().drawsRunNatively);
}

namespace {

// The pipeline layout: each shader's stage set (and root-CBV set,
// Shader12::rootCbvSet) at its number, empty layouts in the gaps.
HRESULT buildLayout(Device12& device, PipelineState12& pso) {
  uint32_t setCount = 0;
  for (const Shader12* s : pso.stages) {
    setCount = std::max(setCount, s->set + 1);
    if (s->splitsRootCbvs()) setCount = std::max(setCount, s->rootCbvSet + 1);
  }
  std::vector<VkDescriptorSetLayout> sets(setCount, VK_NULL_HANDLE);
  for (const Shader12* s : pso.stages) {
    sets[s->set] = s->nativeSetLayout();
    if (s->splitsRootCbvs()) sets[s->rootCbvSet] = s->rootCbvSetLayout->handle();
  }
  VkResult result = VK_SUCCESS;
  for (VkDescriptorSetLayout& set : sets)
    if (!set && !(set = device.emptySetLayout(&result))) return Device12::hresultFor(result);
  VkPipelineLayoutCreateInfo info{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  info.setLayoutCount = setCount;
  info.pSetLayouts = sets.data();
  pso.layout = vk::createPipelineLayout(device.vk(), info, &result);
  return pso.layout ? S_OK : Device12::hresultFor(result);
}

VkPrimitiveTopology listTopology(D3D12DDI_PRIMITIVE_TOPOLOGY_TYPE type) {
  switch (type) {
    case D3D12DDI_PRIMITIVE_TOPOLOGY_TYPE_POINT: return VK_PRIMITIVE_TOPOLOGY_POINT_LIST;
    case D3D12DDI_PRIMITIVE_TOPOLOGY_TYPE_LINE: return VK_PRIMITIVE_TOPOLOGY_LINE_LIST;
    case D3D12DDI_PRIMITIVE_TOPOLOGY_TYPE_PATCH: return VK_PRIMITIVE_TOPOLOGY_PATCH_LIST;
    default: return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  }
}

}  // namespace

HRESULT createGraphicsPipelineState12(Device12& device, const D3D12DDIARG_CREATE_PIPELINE_STATE_0001& a,
                                      PipelineState12& pso, uint32_t streamOutputSlots) {
  Shader12* vs = Shader12::from(a.hVertexShader);
  Shader12* ps = Shader12::from(a.hPixelShader);
  Shader12* gs = Shader12::from(a.hGeometryShader);
  // Stream output: the geometry slot holds the object made with the
  // declaration; a vertex or domain shader's takes that stage's place.
  Shader12* so = gs && gs->streamOutput ? gs : nullptr;
  if (so && so->stage == dxbc::ProgramType::Vertex) {
    vs = so;
    gs = nullptr;
  } else if (so && so->stage == dxbc::ProgramType::Domain) {
    gs = nullptr;
  }
  pso.streamOutput = so;
  pso.createArgs = a;
  if (!vs) {
    umd::logError("D3D12 CreatePipelineState: a graphics pipeline state needs a vertex shader");
    return E_INVALIDARG;
  }
  // Hull and domain shaders come together, with PATCH topology, and patches
  // of the hull shader's input control-point count (D3D12's rules).
  Shader12* hs = Shader12::from(a.hHullShader);
  Shader12* ds = Shader12::from(a.hDomainShader);
  if (so && so->stage == dxbc::ProgramType::Domain) {
    if (!ds) {
      umd::logError("D3D12 CreatePipelineState: the stream-output object was made of a domain shader, but the pipeline "
                    "state has none");
      return E_INVALIDARG;
    }
    ds = so;
  }
  const bool tessellation = hs || ds;
  if (tessellation && (!hs || !ds)) {
    umd::logError("D3D12 CreatePipelineState: a hull shader needs a domain shader and the reverse");
    return E_INVALIDARG;
  }
  if (a.PrimitiveTopologyType == D3D12DDI_PRIMITIVE_TOPOLOGY_TYPE_UNDEFINED ||
      (a.PrimitiveTopologyType == D3D12DDI_PRIMITIVE_TOPOLOGY_TYPE_PATCH) != tessellation) {
    umd::logError("D3D12 CreatePipelineState: PrimitiveTopologyType must be PATCH with hull and domain shaders and "
                  "POINT, LINE or TRIANGLE without them");
    return E_INVALIDARG;
  }
  if (tessellation && (hs->reflection.tessDomain != ds->reflection.tessDomain ||
                       hs->reflection.outputControlPoints != ds->reflection.inputControlPoints ||
                       !hs->reflection.inputControlPoints)) {
    umd::logError("D3D12 CreatePipelineState: the domain shader's domain or control-point count is not the hull shader's");
    return E_INVALIDARG;
  }
  pso.stages.push_back(vs);
  if (ps) pso.stages.push_back(ps);
  if (gs) pso.stages.push_back(gs);
  if (hs) pso.stages.push_back(hs);
  if (ds) pso.stages.push_back(ds);
  pso.renderTargetCount = a.NumRenderTargets;
  std::copy(std::begin(a.RTVFormats), std::end(a.RTVFormats), std::begin(pso.rtvFormats));
  pso.dsvFormat = a.DSVFormat;
  pso.sampleCount = a.SampleDesc.Count ? a.SampleDesc.Count : 1;
  {
    // A sample count the device cannot render at is refused here, not by Vulkan.
    const VkPhysicalDeviceLimits& limits = device.vk().info().properties.limits;
    VkSampleCountFlags supported = limits.framebufferNoAttachmentsSampleCounts;
    if (a.NumRenderTargets) supported = limits.framebufferColorSampleCounts;
    if (a.DSVFormat != DXGI_FORMAT_UNKNOWN) supported &= limits.framebufferDepthSampleCounts;
    if (pso.sampleCount > 64 || (pso.sampleCount & (pso.sampleCount - 1)) || !(supported & pso.sampleCount)) {
      device.message(E_INVALIDARG, "CreatePipelineState: SampleDesc.Count " + std::to_string(pso.sampleCount) +
                                       " is not a sample count this Vulkan device renders at");
      return E_INVALIDARG;
    }
  }
  pso.topologyType = a.PrimitiveTopologyType;
  if (HRESULT hr = buildLayout(device, pso); FAILED(hr)) return hr;

  VkPipelineShaderStageCreateInfo stages[5];
  uint32_t stageCount = 0;
  stages[stageCount++] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_VERTEX_BIT,
                          vs->module->handle(), "main", nullptr};
  if (tessellation) {
    stages[stageCount++] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0,
                            VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT, hs->module->handle(), "main", nullptr};
    stages[stageCount++] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0,
                            VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT, ds->module->handle(), "main", nullptr};
  }
  if (gs)
    stages[stageCount++] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_GEOMETRY_BIT,
                            gs->module->handle(), "main", nullptr};
  const D3D12DDI_RASTERIZER_DESC rsDesc = a.hRasterizerState.pDrvPrivate ? RasterizerState12::from(a.hRasterizerState)->desc
                                                                         : D3D12DDI_RASTERIZER_DESC{
                                                                               D3D12DDI_FILL_MODE_SOLID, D3D12DDI_CULL_MODE_BACK,
                                                                               FALSE, 0, 0.0f, 0.0f, TRUE, FALSE, FALSE, 0,
                                                                               D3D12DDI_CONSERVATIVE_RASTERIZATION_MODE_OFF};
  const D3DWDDM2_0DDI_RASTERIZER_DESC rasterDesc = rasterizerDesc(rsDesc);
  const uint32_t rasterizerSamples = rasterDesc.ForcedSampleCount ? rasterDesc.ForcedSampleCount : pso.sampleCount;
  // The targets that keep the shader's alpha in red (A8_UNORM in an R8 image), as D3D11's pipelines.
  const uint32_t alphaInRedTargets =
      state::alphaInRedTargetMask(a.RTVFormats, std::min<uint32_t>(a.NumRenderTargets, 8));
  const uint32_t specData[2] = {rasterizerSamples, alphaInRedTargets};
  const VkSpecializationMapEntry specEntries[2] = {{dxbc::kRasterizerSampleCountSpecId, 0, 4},
                                                   {dxbc::kAlphaInRedTargetsSpecId, 4, 4}};
  const VkSpecializationInfo pixelSpecialization{2, specEntries, sizeof specData, specData};
  if (ps)
    stages[stageCount++] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_FRAGMENT_BIT,
                            ps->module->handle(), "main", &pixelSpecialization};
  // The captured stage's module for the slots this pipeline captures.
  if (so) {
    const VkShaderStageFlagBits soStage = so->stage == dxbc::ProgramType::Vertex   ? VK_SHADER_STAGE_VERTEX_BIT
                                          : so->stage == dxbc::ProgramType::Domain ? VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT
                                                                                   : VK_SHADER_STAGE_GEOMETRY_BIT;
    HRESULT hr = S_OK;
    const VkShaderModule module = streamOutputModule12(device, *so, streamOutputSlots & so->streamOutput->slots, &hr);
    if (!module) return hr;
    for (uint32_t i = 0; i < stageCount; ++i)
      if (stages[i].stage == soStage) stages[i].module = module;
  }

  state::VertexInputState vertexInputState;
  if (const ElementLayout12* layout = ElementLayout12::from(a.hElementLayout)) {
    std::string error;
    if (!state::translateInputLayout(layout->elements.data(), uint32_t(layout->elements.size()), &vertexInputState, &error,
                                     umd::vertexInputCaps(device.vk()))) {
      umd::logError("D3D12 CreatePipelineState: input layout: " + error);
      return E_INVALIDARG;
    }
  }
  for (const VkVertexInputBindingDescription& b : vertexInputState.bindings) {
    PipelineState12::VertexBinding binding{b.binding, 0, 1};
    for (const VkVertexInputAttributeDescription& attribute : vertexInputState.attributes)
      if (attribute.binding == b.binding) {
        binding.extent = std::max(binding.extent, attribute.offset + state::vertexFormatBytes(attribute.format));
        binding.alignment = std::max(binding.alignment, state::vertexFormatAlignment(attribute.format));
      }
    pso.vertexBindings.push_back(binding);
  }
  VkPipelineVertexInputStateCreateInfo vertexInput{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
  vertexInput.vertexBindingDescriptionCount = uint32_t(vertexInputState.bindings.size());
  vertexInput.pVertexBindingDescriptions = vertexInputState.bindings.data();
  vertexInput.vertexAttributeDescriptionCount = uint32_t(vertexInputState.attributes.size());
  vertexInput.pVertexAttributeDescriptions = vertexInputState.attributes.data();
  VkPipelineVertexInputDivisorStateCreateInfoEXT vertexDivisors{};
  umd::chainVertexDivisors(vertexInputState, &vertexInput, &vertexDivisors);

  VkPipelineInputAssemblyStateCreateInfo inputAssembly{VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
  inputAssembly.topology = listTopology(a.PrimitiveTopologyType);  // the exact topology is dynamic
  // Patches of the hull shader's input control points (IASetPrimitiveTopology's
  // N_CONTROL_POINT_PATCHLIST must say the same: the draw checks it).
  VkPipelineTessellationStateCreateInfo tessellationState{VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_STATE_CREATE_INFO};
  if (tessellation) tessellationState.patchControlPoints = hs->reflection.inputControlPoints;
  pso.patchControlPoints = tessellation ? hs->reflection.inputControlPoints : 0;

  VkPipelineViewportStateCreateInfo viewport{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
  // The last stage before the rasterizer picks the viewport (SV_ViewportArrayIndex).
  const Shader12* last = gs ? gs : (hs && ds) ? ds : vs;
  if (last && last->reflection.writesViewportArrayIndex)
    pso.viewportCount = std::clamp<uint32_t>(device.vk().info().properties.limits.maxViewports, 1, 16);
  viewport.viewportCount = pso.viewportCount;
  viewport.scissorCount = pso.viewportCount;

  const state::RasterizerDeviceCaps rasterizerCaps = rasterizerCaps12(device);
  state::RasterizerPipelineState rasterizer = state::translateRasterizerState(rasterDesc, rasterizerCaps);
  // D3D12_SO_NO_RASTERIZED_STREAM: the pipeline only captures.
  if (so && so->streamOutput->rasterizedStream == dxbc::kNoRasterizedStream)
    rasterizer.rasterization.rasterizerDiscardEnable = VK_TRUE;
  // ForcedSampleCount (target-independent rasterization): Vulkan rasterizes
  // with the targets' sample count, so triangle PSOs take the fallback, whose
  // pixel shader tests the forced sample positions (as D3D11's draws do).
  const bool gsTriangles = !gs || gs->reflection.gsOutputTopology == 5;
  if (tessellation && rasterizer.needsFallback) {
    umd::logError("D3D12 CreatePipelineState: conservative rasterization with hull and domain shaders is not supported "
                  "on the exact fallback yet");
    return E_NOTIMPL;
  }
  pso.needsFallback = rasterizer.needsFallback ||
                      (rasterDesc.ForcedSampleCount && !tessellation &&
                       a.PrimitiveTopologyType == D3D12DDI_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE &&
                       gsTriangles && device.vk().info().transformFeedback && device.vk().info().depthClamp);
  // Stream output with a rasterizer state the exact fallback draws: rasterizing
  // no stream leaves the fallback nothing to draw (the pipeline only
  // captures); otherwise this pipeline, with rasterizer discard, is the
  // application's capture, recorded as a pass of its own before the
  // fallback's passes (CommandRecorder12::streamOutputPass), and the
  // fallback's own capture takes the rasterized stream (createFallback12).
  if (so && so->streamOutput->rasterizedStream == dxbc::kNoRasterizedStream) pso.needsFallback = false;
  if (so && pso.needsFallback) rasterizer.rasterization.rasterizerDiscardEnable = VK_TRUE;

  // D3D applies SampleMask at output merging: the pixel shader still runs for
  // the samples it clears. Where that shows (UAV writes, SV_InnerCoverage) the
  // shader's variant writes the mask and the pipeline keeps every sample (as
  // D3D11's draws do, driver_draw.cpp).
  const uint32_t allSamples = pso.sampleCount >= 32 ? 0xFFFFFFFFu : (1u << pso.sampleCount) - 1;
  bool shaderSampleMask = false;
  if (ps && !pso.needsFallback && (a.SampleMask & allSamples) != allSamples) {
    const bool sideEffects =
        ps->reflection.readsInnerCoverage ||
        std::any_of(ps->bindings.ranges.begin(), ps->bindings.ranges.end(),
                    [](const dxbc::DescriptorRange& r) { return r.kind == dxbc::ResourceKind::UnorderedAccess; });
    if (sideEffects) {
      dxbc::TranslateOptions o = ps->nativeOptions;
      o.writeSampleMask = true;
      o.sampleMask = a.SampleMask & allSamples;
      std::vector<uint32_t> spirv;
      try {
        spirv = dxbc::translateToSpirv(*ps->parsed, o);
      } catch (const std::bad_alloc&) {
        return E_OUTOFMEMORY;
      } catch (const std::exception& e) {
        umd::logError(std::string("D3D12 CreatePipelineState: the pixel shader's sample-mask variant: ") + e.what());
        return E_INVALIDARG;
      }
      VkResult result = VK_SUCCESS;
      pso.sampleMaskPixelModule = vk::createShaderModule(device.vk(), spirv, &result);
      if (!pso.sampleMaskPixelModule) return Device12::hresultFor(result);
      stages[stageCount - 1].module = pso.sampleMaskPixelModule->handle();
      shaderSampleMask = true;
    }
  }
  // Lavapipe ignores a single-sample pipeline's mask (0xFFFFFFFE still
  // writes): such a PSO's draws, which change nothing in D3D, are skipped.
  pso.drawsNothing = pso.sampleCount == 1 && !(a.SampleMask & 1) && !pso.needsFallback && !shaderSampleMask;

  VkPipelineMultisampleStateCreateInfo multisample{VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
  multisample.rasterizationSamples = VkSampleCountFlagBits(pso.sampleCount);
  const VkSampleMask sampleMask = shaderSampleMask ? 0xFFFFFFFFu : a.SampleMask;
  multisample.pSampleMask = &sampleMask;
  const D3D12DDI_BLEND_DESC blendDesc =
      a.hBlendState.pDrvPrivate ? BlendState12::from(a.hBlendState)->desc : state::defaultBlendDesc();
  const state::BlendPipelineState blendState = state::translateBlendState(blendDesc);
  multisample.alphaToCoverageEnable = blendState.alphaToCoverage;

  VkPipelineDepthStencilStateCreateInfo depthStencil{VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
  const state::FormatInfo* dsFormat = state::findFormat(a.DSVFormat);
  if (a.DSVFormat != DXGI_FORMAT_UNKNOWN && (!dsFormat || (dsFormat->kind != state::FormatKind::Depth &&
                                                           dsFormat->kind != state::FormatKind::DepthStencil))) {
    umd::logError("D3D12 CreatePipelineState: DSVFormat is not a depth format");
    return E_INVALIDARG;
  }
  // DepthBias is in units of the depth format's r, which D3D defines exactly (depth_bias.h).
  rasterizer.rasterization.depthBiasConstantFactor =
      state::depthBiasConstantFactor(rasterDesc.DepthBias, dsFormat ? dsFormat->vk : VK_FORMAT_UNDEFINED,
                                     rasterizerCaps.unormDepthBiasUnit);
  if (dsFormat)
    depthStencil = state::translateDepthStencilState(
        a.hDepthStencilState.pDrvPrivate ? DepthStencilState12::from(a.hDepthStencilState)->desc
                                         : state::defaultDepthStencilDesc(),
        dsFormat->kind == state::FormatKind::DepthStencil);

  VkPipelineColorBlendAttachmentState attachments[8]{};
  VkFormat colorFormats[8]{};
  for (uint32_t i = 0; i < a.NumRenderTargets && i < 8; ++i) {
    if (a.RTVFormats[i] == DXGI_FORMAT_UNKNOWN) {
      // An unused slot: no attachment is bound there (draws bind a null view)
      // and nothing is written; its format only has to match what the shader
      // writes to SV_Target i, so the interface types agree.
      VkFormat placeholder = VK_FORMAT_UNDEFINED;
      if (ps)
        for (const dxbc::SignatureElement& e : ps->reflection.outputs.elements)
          if (dxbc::effectiveSystemValue(e) == 64 && e.semanticIndex == i)
            placeholder = e.componentType == dxbc::ComponentType::Uint32  ? VK_FORMAT_R32G32B32A32_UINT
                          : e.componentType == dxbc::ComponentType::Sint32 ? VK_FORMAT_R32G32B32A32_SINT
                                                                            : VK_FORMAT_R32G32B32A32_SFLOAT;
      colorFormats[i] = placeholder;
      continue;
    }
    const state::FormatInfo* f = state::findFormat(a.RTVFormats[i]);
    if (!f) {
      umd::logError("D3D12 CreatePipelineState: RTVFormats[" + std::to_string(i) + "] is not a render-target format");
      return E_INVALIDARG;
    }
    colorFormats[i] = f->vk;
    const bool written = ps && (ps->reflection.renderTargetMask >> i & 1);
    attachments[i] = blendState.attachments[i];
    if (!written) attachments[i].colorWriteMask = 0;
    if (f->kind == state::FormatKind::Uint || f->kind == state::FormatKind::Sint) attachments[i].blendEnable = VK_FALSE;
    if (alphaInRedTargets >> i & 1) attachments[i] = state::alphaInRedAttachment(attachments[i]);
  }
  VkPipelineColorBlendStateCreateInfo blend{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
  // The runtime accepts logic ops only where the device has them (OutputMergerLogicOp).
  blend.logicOpEnable = blendState.logicOpEnable && device.vk().enabledFeatures().logicOp;
  blend.logicOp = blendState.logicOp;
  blend.attachmentCount = a.NumRenderTargets;
  blend.pAttachments = attachments;

  // The strides are dynamic only where there are vertex buffers: a pipeline
  // without (SV_VertexID draws) binds none, and Vulkan wants a
  // vkCmdBindVertexBuffers2 before every draw of a pipeline with dynamic strides.
  const VkDynamicState dynamics[] = {VK_DYNAMIC_STATE_VIEWPORT,
                                     VK_DYNAMIC_STATE_SCISSOR,
                                     VK_DYNAMIC_STATE_BLEND_CONSTANTS,
                                     VK_DYNAMIC_STATE_STENCIL_REFERENCE,
                                     VK_DYNAMIC_STATE_PRIMITIVE_TOPOLOGY,
                                     VK_DYNAMIC_STATE_PRIMITIVE_RESTART_ENABLE,
                                     VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE};
  VkPipelineDynamicStateCreateInfo dynamic{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
  dynamic.dynamicStateCount = uint32_t(std::size(dynamics)) - (vertexInput.vertexBindingDescriptionCount ? 0 : 1);
  dynamic.pDynamicStates = dynamics;

  VkPipelineRenderingCreateInfo rendering{VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
  rendering.colorAttachmentCount = a.NumRenderTargets;
  rendering.pColorAttachmentFormats = colorFormats;
  if (dsFormat) {
    rendering.depthAttachmentFormat = dsFormat->vk;
    if (dsFormat->kind == state::FormatKind::DepthStencil) rendering.stencilAttachmentFormat = dsFormat->vk;
  }

  VkGraphicsPipelineCreateInfo info{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
  info.pNext = &rendering;
  info.stageCount = stageCount;
  info.pStages = stages;
  info.pVertexInputState = &vertexInput;
  info.pInputAssemblyState = &inputAssembly;
  info.pTessellationState = tessellation ? &tessellationState : nullptr;
  info.pViewportState = &viewport;
  info.pRasterizationState = rasterizer.chain();
  info.pMultisampleState = &multisample;
  info.pDepthStencilState = &depthStencil;
  info.pColorBlendState = &blend;
  info.pDynamicState = &dynamic;
  info.layout = pso.layout->handle();
  VkResult result = VK_SUCCESS;
  pso.pipeline = vk::createGraphicsPipeline(device.vk(), info, &result);
  if (!pso.pipeline) return Device12::hresultFor(result);
  // (A stream-output variant capturing fewer slots serves only the capture pass: no fallback of its own.)
  const bool everySlot = !so || (streamOutputSlots & so->streamOutput->slots) == so->streamOutput->slots;
  return pso.needsFallback && everySlot ? createFallback12(device, pso, info, rasterDesc, a.SampleMask) : S_OK;
}

namespace {

HRESULT createCompute(Device12& device, Shader12& cs, PipelineState12& pso) {
  pso.compute = true;
  pso.stages.push_back(&cs);
  if (HRESULT hr = buildLayout(device, pso); FAILED(hr)) return hr;
  VkComputePipelineCreateInfo info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  info.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_COMPUTE_BIT,
                cs.module->handle(), "main", nullptr};
  info.layout = pso.layout->handle();
  VkResult result = VK_SUCCESS;
  pso.pipeline = vk::createComputePipeline(device.vk(), info, &result);
  return pso.pipeline ? S_OK : Device12::hresultFor(result);
}

SIZE_T APIENTRY calcPipelineStateSize(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_PIPELINE_STATE_0001*) try {
  return sizeof(PipelineState12);
} D3DVK_CATCH_RETURN({})

HRESULT APIENTRY createPipelineState(D3D12DDI_HDEVICE hDevice, const D3D12DDIARG_CREATE_PIPELINE_STATE_0001* args) try {
  Device12* device = Device12::from(hDevice);
  if (!device || !args || !args->hDrvPipelineState.pDrvPrivate) return E_INVALIDARG;
  auto* pso = new (args->hDrvPipelineState.pDrvPrivate) PipelineState12();
  HRESULT hr = args->hComputeShader.pDrvPrivate ? createCompute(*device, *Shader12::from(args->hComputeShader), *pso)
                                                : createGraphicsPipelineState12(*device, *args, *pso);
  if (FAILED(hr)) pso->~PipelineState12();
  return hr;
} D3DVK_CATCH_HRESULT

VOID APIENTRY destroyPipelineState(D3D12DDI_HDEVICE hDevice, D3D12DDI_HPIPELINESTATE h) try {
  // D3D12 makes the application keep a pipeline state alive while lists using it
  // execute; on a hung device the work still running is waited for (bounded) first.
  if (Device12* device = Device12::from(hDevice); device && !device->settleIfHung()) return;
  destroyObject<PipelineState12>(h.pDrvPrivate);
} D3DVK_CATCH_VOID

}  // namespace

void fillPipelineStateDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f) {
  f.pfnCalcPrivateElementLayoutSize = &calcElementLayoutSize;
  f.pfnCreateElementLayout = &createElementLayout;
  f.pfnDestroyElementLayout = &destroyElementLayout;
  f.pfnCalcPrivateBlendStateSize = &calcBlendStateSize;
  f.pfnCreateBlendState = &createBlendState;
  f.pfnDestroyBlendState = &destroyBlendState;
  f.pfnCalcPrivateDepthStencilStateSize = &calcDepthStencilStateSize;
  f.pfnCreateDepthStencilState = &createDepthStencilState;
  f.pfnDestroyDepthStencilState = &destroyDepthStencilState;
  f.pfnCalcPrivateRasterizerStateSize = &calcRasterizerStateSize;
  f.pfnCreateRasterizerState = &createRasterizerState;
  f.pfnDestroyRasterizerState = &destroyRasterizerState;
  f.pfnCalcPrivatePipelineStateSize = &calcPipelineStateSize;
  f.pfnCreatePipelineState = &createPipelineState;
  f.pfnDestroyPipelineState = &destroyPipelineState;
}

}  // namespace d3dvk::umd12
