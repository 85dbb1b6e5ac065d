// runtime/d3d12/d3d12_pipeline_state.cpp — see d3d12_pipeline_state.h; also
// ID3D12Device::CreateGraphicsPipelineState and CreateComputePipelineState.
#include "d3d12_pipeline_state.h"

#include "d3dvk_checked_math.h"

#include "conservative_validator.h"
#include "d3d12_footprints.h"
#include "d3d12_root_signature.h"
#include "dxbc/container.h"
#include "dxbc/shader.h"
#include "rootsig/shader_bindings.h"

#include <cstring>
#include <strings.h>

namespace d3dvk::runtime {
namespace {


struct StageIds {
  D3D12_MESSAGE_ID bytecode;
  const char* bytecodeName;
  D3D12_MESSAGE_ID mismatch;
  const char* mismatchName;
};

StageIds idsFor(dxbc::ProgramType stage) {
  switch (stage) {
    case dxbc::ProgramType::Vertex:
      return {D3DVK_D3D12_MESSAGE_ID(CREATEVERTEXSHADER_INVALIDSHADERBYTECODE),
              D3DVK_D3D12_MESSAGE_ID(CREATEGRAPHICSPIPELINESTATE_VS_ROOT_SIGNATURE_MISMATCH)};
    case dxbc::ProgramType::Pixel:
      return {D3DVK_D3D12_MESSAGE_ID(CREATEPIXELSHADER_INVALIDSHADERBYTECODE),
              D3DVK_D3D12_MESSAGE_ID(CREATEGRAPHICSPIPELINESTATE_PS_ROOT_SIGNATURE_MISMATCH)};
    case dxbc::ProgramType::Geometry:
      return {D3DVK_D3D12_MESSAGE_ID(CREATEGEOMETRYSHADER_INVALIDSHADERBYTECODE),
              D3DVK_D3D12_MESSAGE_ID(CREATEGRAPHICSPIPELINESTATE_GS_ROOT_SIGNATURE_MISMATCH)};
    case dxbc::ProgramType::Hull:
      return {D3DVK_D3D12_MESSAGE_ID(CREATEHULLSHADER_INVALIDSHADERBYTECODE),
              D3DVK_D3D12_MESSAGE_ID(CREATEGRAPHICSPIPELINESTATE_HS_ROOT_SIGNATURE_MISMATCH)};
    case dxbc::ProgramType::Domain:
      return {D3DVK_D3D12_MESSAGE_ID(CREATEDOMAINSHADER_INVALIDSHADERBYTECODE),
              D3DVK_D3D12_MESSAGE_ID(CREATEGRAPHICSPIPELINESTATE_DS_ROOT_SIGNATURE_MISMATCH)};
    case dxbc::ProgramType::Compute:
      return {D3DVK_D3D12_MESSAGE_ID(CREATECOMPUTESHADER_INVALIDSHADERBYTECODE),
              D3DVK_D3D12_MESSAGE_ID(CREATECOMPUTEPIPELINESTATE_CS_ROOT_SIGNATURE_MISMATCH)};
  }
  return {};
}

}  // namespace

D3D12PipelineState::~D3D12PipelineState() {
  const DdiDevice12& ddi = device()->ddi();
  if (created_) ddi.core().pfnDestroyPipelineState(ddi.handle(), ddiHandle());
  for (Part& part : parts_) {
    void* m = part.memory.get();
    switch (part.kind) {
      case Part::Shader: ddi.core().pfnDestroyShader(ddi.handle(), D3D12DDI_HSHADER{m}); break;
      case Part::ElementLayout: ddi.core().pfnDestroyElementLayout(ddi.handle(), D3D12DDI_HELEMENTLAYOUT{m}); break;
      case Part::Blend: ddi.core().pfnDestroyBlendState(ddi.handle(), D3D12DDI_HBLENDSTATE{m}); break;
      case Part::DepthStencil: ddi.core().pfnDestroyDepthStencilState(ddi.handle(), D3D12DDI_HDEPTHSTENCILSTATE{m}); break;
      case Part::Rasterizer: ddi.core().pfnDestroyRasterizerState(ddi.handle(), D3D12DDI_HRASTERIZERSTATE{m}); break;
    }
  }
  if (rootSignature_) rootSignature_->Release();
}

// Checks one stage's bytecode (DXBC of this stage, its registers covered by the
// root signature) and creates the DDI shader; a null handle for empty bytecode.
HRESULT D3D12PipelineState::addShader(const D3D12_SHADER_BYTECODE& code, int stageValue, const char* function,
                                      D3D12DDI_HSHADER* out) {
  *out = {};
  if (!code.BytecodeLength) return S_OK;
  const auto stage = dxbc::ProgramType(stageValue);
  const StageIds ids = idsFor(stage);
  const std::string stageText = std::string(rootsig::stageName(stage)) + " Shader";
  auto bytecodeError = [&](const std::string& text) {
    device()->debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR, ids.bytecode,
                           ids.bytecodeName, function, text);
    d3d12Error(function, text);
    return E_INVALIDARG;
  };
  if (!code.pShaderBytecode || code.BytecodeLength < 32)
    return bytecodeError(stageText + ": the bytecode is null or shorter than a DXBC container header");
  const auto* bytes = static_cast<const uint8_t*>(code.pShaderBytecode);
  uint32_t magic = 0, size = 0;
  std::memcpy(&magic, bytes, 4);
  std::memcpy(&size, bytes + 24, 4);
  if (magic != dxbc::fourcc("DXBC") || size < 32 || size > code.BytecodeLength)
    return bytecodeError(stageText + ": the bytecode is not a DXBC container (or BytecodeLength is shorter than it)");
  dxbc::Program program;
  dxbc::ShaderReflection reflection;
  try {
    const dxbc::Container container = dxbc::parseContainer({bytes, size}, false);
    if (container.find(dxbc::fourcc("DXIL")) && !container.find(dxbc::fourcc("SHEX")) &&
        !container.find(dxbc::fourcc("SHDR")))
      return bytecodeError(stageText +
                           ": the bytecode is DXIL (shader model 6), which d3dvk does not run; compile it to DXBC "
                           "(shader model 5.1 or lower, fxc)");
    const dxbc::Shader parsed = dxbc::parseShader({bytes, size});
    program = parsed.program;
    reflection = dxbc::reflect(parsed);
  } catch (const std::exception& e) {
    return bytecodeError(stageText + ": the DXBC container cannot be read (" + e.what() + ")");
  }
  if (program.type != stage)
    return bytecodeError(stageText + ": the bytecode is a " + rootsig::stageName(program.type) + " shader");
  const bool innerCoverage =
      reflection.readsInnerCoverage || (reflection.featureFlags & dxbc::kFeatureInnerCoverage) != 0;
  if (stage == dxbc::ProgramType::Pixel && innerCoverage) {
    // The spec's pixel-shader rule, D3D11's at CreatePixelShader, here at PSO
    // creation: SV_InnerCoverage needs a reported Tier 3 (runtime/core/conservative_validator.h).
    D3D12DDI_D3D12_OPTIONS_DATA_0032 caps{};
    PixelShaderCheck check;
    check.readsInnerCoverage = reflection.readsInnerCoverage;
    check.innerCoverageFeatureFlag = (reflection.featureFlags & dxbc::kFeatureInnerCoverage) != 0;
    check.readsCoverageInput = reflection.readsCoverage;
    check.reportedTier = SUCCEEDED(device()->queryOptions(&caps)) ? int(caps.ConservativeRasterizationTier) : 0;
    const std::vector<ValidationMessage> messages = validateConservativePixelShader(check);
    if (!messages.empty()) return bytecodeError(stageText + ": " + messages.front().text);
  }
  const rootsig::ShaderBindings bindings = rootsig::bindShader(rootSignature_->desc(), program, 0);
  if (bindings.mismatch) {
    device()->debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR, ids.mismatch,
                           ids.mismatchName, function, bindings.error);
    d3d12Error(function, bindings.error);
    return E_INVALIDARG;
  }
  if (!bindings.error.empty()) {
    d3d12Error(function, bindings.error);
    return E_NOTIMPL;
  }
  const DdiDevice12& ddi = device()->ddi();
  const UINT* words = static_cast<const UINT*>(code.pShaderBytecode);
  const D3D12DDIARG_STAGE_IO_SIGNATURES signatures{};
  Part part{Part::Shader, driverMemory(ddi.core().pfnCalcPrivateShaderSize(ddi.handle(), words,
                                                                           rootSignature_->ddiHandle(), &signatures))};
  const D3D12DDI_HSHADER handle{part.memory.get()};
  DdiErrorScope12 scope;
  switch (stage) {
    case dxbc::ProgramType::Vertex:
      ddi.core().pfnCreateVertexShader(ddi.handle(), words, rootSignature_->ddiHandle(), handle, &signatures,
                                       D3D12DDI_CREATE_SHADER_FLAG_NONE);
      break;
    case dxbc::ProgramType::Pixel:
      ddi.core().pfnCreatePixelShader(ddi.handle(), words, rootSignature_->ddiHandle(), handle, &signatures,
                                      D3D12DDI_CREATE_SHADER_FLAG_NONE);
      break;
    case dxbc::ProgramType::Geometry:
      ddi.core().pfnCreateGeometryShader(ddi.handle(), words, rootSignature_->ddiHandle(), handle, &signatures,
                                         D3D12DDI_CREATE_SHADER_FLAG_NONE);
      break;
    case dxbc::ProgramType::Hull:
    case dxbc::ProgramType::Domain: {
      const D3D12DDIARG_TESSELLATION_IO_SIGNATURES tessellationSignatures{};
      (stage == dxbc::ProgramType::Hull ? ddi.core().pfnCreateHullShader : ddi.core().pfnCreateDomainShader)(
          ddi.handle(), words, rootSignature_->ddiHandle(), handle, &tessellationSignatures,
          D3D12DDI_CREATE_SHADER_FLAG_NONE);
      break;
    }
    case dxbc::ProgramType::Compute:
      ddi.core().pfnCreateComputeShader(ddi.handle(), words, rootSignature_->ddiHandle(), handle,
                                        D3D12DDI_CREATE_SHADER_FLAG_NONE);
      break;
  }
  if (FAILED(scope.first())) {
    d3d12Error(function, stageText + ": the driver could not create the shader (see its message above)");
    return scope.first();
  }
  parts_.push_back(std::move(part));
  *out = handle;
  return S_OK;
}

HRESULT D3D12PipelineState::finish(D3D12DDIARG_CREATE_PIPELINE_STATE_0001& args) {
  const DdiDevice12& ddi = device()->ddi();
  memory_ = driverMemory(ddi.core().pfnCalcPrivatePipelineStateSize(ddi.handle(), &args));
  args.hDrvPipelineState = ddiHandle();
  args.hRootSignature = rootSignature_->ddiHandle();
  args.NodeMask = 1;
  HRESULT hr = ddi.core().pfnCreatePipelineState(ddi.handle(), &args);
  created_ = SUCCEEDED(hr);
  if (FAILED(hr))
    d3d12Error(function_, "the driver could not create the pipeline state (see its message above)");
  return hr;
}

HRESULT D3D12PipelineState::createGraphics(D3D12Device* device, const D3D12_GRAPHICS_PIPELINE_STATE_DESC& d,
                                           D3D12PipelineState** out, const char* function) {
  *out = nullptr;
  if (HRESULT hr = device->validateRasterizerState(d.RasterizerState, function); FAILED(hr)) return hr;
  if (!d.pRootSignature) {
    d3d12Error(function, "pRootSignature is null (d3dvk does not take root signatures embedded in shaders yet)");
    return E_INVALIDARG;
  }
  if (d.NumRenderTargets > 8) {
    device->debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR,
                         D3DVK_D3D12_MESSAGE_ID(CREATEGRAPHICSPIPELINESTATE_INVALID_RENDER_TARGET_COUNT), function,
                         "NumRenderTargets is " + std::to_string(d.NumRenderTargets) + "; at most 8");
    return E_INVALIDARG;
  }
  // An RTVFormats[i] of DXGI_FORMAT_UNKNOWN below NumRenderTargets is D3D12's
  // way to leave that slot unused: the pipeline writes nothing there.
  if (HRESULT hr = validateGraphicsPipelineDesc(*device, d, function); FAILED(hr)) return hr;
  if (!d.VS.BytecodeLength) {
    d3d12Error(function, "a graphics pipeline state needs a vertex shader");
    return E_INVALIDARG;
  }
  if (HRESULT hr = validatePipelineStateFlags(*device, d.Flags, function); FAILED(hr)) return hr;
  const uint64_t descHash = hashPipelineDesc(d);
  if (HRESULT hr = checkCachedPipelineState(*device, d.CachedPSO, descHash, function); FAILED(hr)) return hr;
  std::unique_ptr<D3D12PipelineState> self(new D3D12PipelineState(device));
  self->descHash_ = descHash;
  self->function_ = function;
  self->rootSignature_ = D3D12RootSignature::from(d.pRootSignature);
  self->rootSignature_->AddRef();
  D3D12DDIARG_CREATE_PIPELINE_STATE_0001 args{};
  if (HRESULT hr = self->addShader(d.VS, int(dxbc::ProgramType::Vertex), function, &args.hVertexShader); FAILED(hr)) return hr;
  if (HRESULT hr = self->addShader(d.PS, int(dxbc::ProgramType::Pixel), function, &args.hPixelShader); FAILED(hr)) return hr;
  if (HRESULT hr = self->addShader(d.GS, int(dxbc::ProgramType::Geometry), function, &args.hGeometryShader); FAILED(hr))
    return hr;
  if (HRESULT hr = self->addShader(d.HS, int(dxbc::ProgramType::Hull), function, &args.hHullShader); FAILED(hr)) return hr;
  if (HRESULT hr = self->addShader(d.DS, int(dxbc::ProgramType::Domain), function, &args.hDomainShader); FAILED(hr))
    return hr;
  // Stream output: the object made with the declaration takes the geometry
  // slot (the driver puts a vertex or domain shader's in that stage's place).
  if (D3D12DDI_HSHADER so{}; d.StreamOutput.NumEntries || d.StreamOutput.pSODeclaration || d.StreamOutput.NumStrides) {
    if (HRESULT hr = self->addStreamOutput(d, &so); FAILED(hr)) return hr;
    if (so.pDrvPrivate) args.hGeometryShader = so;
  }
  // The pixel shader reads what the last stage before the rasterizer writes.
  const bool geometry = d.GS.BytecodeLength != 0, domain = d.DS.BytecodeLength != 0;
  if (HRESULT hr = validateShaderLinkage(*device, geometry ? d.GS : domain ? d.DS : d.VS, d.PS,
                                         geometry ? "Geometry" : domain ? "Domain" : "Vertex", function,
                                         d.StreamOutput.NumEntries && d.StreamOutput.RasterizedStream <= 3
                                             ? d.StreamOutput.RasterizedStream
                                             : 0);
      FAILED(hr))
    return hr;
  const DdiDevice12& ddi = device->ddi();
  // The state objects (D3D12's blend desc has the DDI's layout; the others have its values).
  static_assert(sizeof(D3D12_BLEND_DESC) == sizeof(D3D12DDI_BLEND_DESC));
  D3D12DDI_BLEND_DESC blend;
  std::memcpy(&blend, &d.BlendState, sizeof blend);
  const D3D12_DEPTH_STENCIL_DESC& ds = d.DepthStencilState;
  auto face = [](const D3D12_DEPTH_STENCILOP_DESC& f) {
    return D3D10_DDI_DEPTH_STENCILOP_DESC{D3D10_DDI_STENCIL_OP(f.StencilFailOp), D3D10_DDI_STENCIL_OP(f.StencilDepthFailOp),
                                          D3D10_DDI_STENCIL_OP(f.StencilPassOp), D3D10_DDI_COMPARISON_FUNC(f.StencilFunc)};
  };
  const D3D12DDI_DEPTH_STENCIL_DESC depthStencil{ds.DepthEnable,
                                                 D3D10_DDI_DEPTH_WRITE_MASK(ds.DepthWriteMask),
                                                 D3D10_DDI_COMPARISON_FUNC(ds.DepthFunc),
                                                 ds.StencilEnable,
                                                 TRUE,
                                                 TRUE,
                                                 ds.StencilReadMask,
                                                 ds.StencilWriteMask,
                                                 face(ds.FrontFace),
                                                 face(ds.BackFace)};
  const D3D12_RASTERIZER_DESC& r = d.RasterizerState;
  const D3D12DDI_RASTERIZER_DESC rasterizer{D3D12DDI_FILL_MODE(r.FillMode),
                                            D3D12DDI_CULL_MODE(r.CullMode),
                                            r.FrontCounterClockwise,
                                            r.DepthBias,
                                            r.DepthBiasClamp,
                                            r.SlopeScaledDepthBias,
                                            r.DepthClipEnable,
                                            TRUE,  // ScissorEnable: D3D12 always scissors
                                            r.MultisampleEnable,
                                            r.AntialiasedLineEnable,
                                            r.ForcedSampleCount,
                                            D3D12DDI_CONSERVATIVE_RASTERIZATION_MODE(r.ConservativeRaster)};
  {
    Part part{Part::Blend, driverMemory(ddi.core().pfnCalcPrivateBlendStateSize(ddi.handle(), &blend))};
    args.hBlendState = {part.memory.get()};
    ddi.core().pfnCreateBlendState(ddi.handle(), &blend, args.hBlendState);
    self->parts_.push_back(std::move(part));
  }
  {
    Part part{Part::DepthStencil, driverMemory(ddi.core().pfnCalcPrivateDepthStencilStateSize(ddi.handle(), &depthStencil))};
    args.hDepthStencilState = {part.memory.get()};
    ddi.core().pfnCreateDepthStencilState(ddi.handle(), &depthStencil, args.hDepthStencilState);
    self->parts_.push_back(std::move(part));
  }
  {
    Part part{Part::Rasterizer, driverMemory(ddi.core().pfnCalcPrivateRasterizerStateSize(ddi.handle(), &rasterizer))};
    args.hRasterizerState = {part.memory.get()};
    ddi.core().pfnCreateRasterizerState(ddi.handle(), &rasterizer, args.hRasterizerState);
    self->parts_.push_back(std::move(part));
  }
  if (d.InputLayout.NumElements) {
    if (!d.InputLayout.pInputElementDescs) {
      d3d12Error(function, "InputLayout.NumElements is not 0 but pInputElementDescs is null");
      return E_INVALIDARG;
    }
    // The DDI names input registers: the vertex shader's input signature maps semantics to them.
    const auto* vsBytes = static_cast<const uint8_t*>(d.VS.pShaderBytecode);
    uint32_t vsSize = 0;
    std::memcpy(&vsSize, vsBytes + 24, 4);
    const dxbc::Shader vs = dxbc::parseShader({vsBytes, vsSize});
    std::vector<D3D12DDIARG_INPUT_ELEMENT_DESC> all;
    UINT slotEnd[D3D12_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT] = {};
    for (UINT i = 0; i < d.InputLayout.NumElements; ++i) {
      const D3D12_INPUT_ELEMENT_DESC& e = d.InputLayout.pInputElementDescs[i];
      FormatBlock block;
      if (e.InputSlot >= D3D12_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT || !e.SemanticName || !formatBlock(e.Format, 0, &block)) {
        d3d12Error(function, "input element " + std::to_string(i) +
                                  " has no semantic name, an input slot past 31 or an unknown format");
        return E_INVALIDARG;
      }
      const UINT offset = e.AlignedByteOffset == D3D12_APPEND_ALIGNED_ELEMENT ? slotEnd[e.InputSlot] : e.AlignedByteOffset;
      const UINT alignment = std::min(block.bytes, 4u);
      if (offset % alignment || !fitsWithin(offset, block.bytes, D3D12_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES)) {
        const std::string text = "input element " + std::to_string(i) + " (" + e.SemanticName + ") has AlignedByteOffset " +
                                 std::to_string(offset) + ", which is not a multiple of " + std::to_string(alignment) +
                                 " or ends past the " +
                                 std::to_string(D3D12_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES) + "-byte vertex";
        device->debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR,
                             D3DVK_D3D12_MESSAGE_ID(CREATEINPUTLAYOUT_INVALIDALIGNMENT), function, text);
        d3d12Error(function, text);
        return E_INVALIDARG;
      }
      slotEnd[e.InputSlot] = offset + block.bytes;
      all.push_back({e.InputSlot, offset, e.Format,
                     e.InputSlotClass == D3D12_INPUT_CLASSIFICATION_PER_INSTANCE_DATA ? D3D10_DDI_INPUT_PER_INSTANCE_DATA
                                                                                     : D3D10_DDI_INPUT_PER_VERTEX_DATA,
                     e.InputSlotClass == D3D12_INPUT_CLASSIFICATION_PER_INSTANCE_DATA ? e.InstanceDataStepRate : 0u, 0u});
    }
    // Every vertex-shader input but the system-generated values needs an element,
    // which takes its register from the signature (unused elements are skipped).
    std::vector<D3D12DDIARG_INPUT_ELEMENT_DESC> elements;
    for (const dxbc::SignatureElement& in : vs.inputs.elements) {
      if (in.systemValue != 0) continue;
      bool found = false;
      for (UINT i = 0; i < d.InputLayout.NumElements && !found; ++i) {
        const D3D12_INPUT_ELEMENT_DESC& e = d.InputLayout.pInputElementDescs[i];
        if (strcasecmp(e.SemanticName, in.semanticName.c_str()) != 0 || e.SemanticIndex != in.semanticIndex) continue;
        D3D12DDIARG_INPUT_ELEMENT_DESC element = all[i];
        element.InputRegister = in.registerIndex;
        elements.push_back(element);
        found = true;
      }
      if (!found) {
        const std::string text = "The provided input signature expects to read an element with SemanticName/Index: '" +
                                 in.semanticName + "'/" + std::to_string(in.semanticIndex) +
                                 ", but the declaration doesn't provide a matching name.";
        device->debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR,
                             D3DVK_D3D12_MESSAGE_ID(CREATEINPUTLAYOUT_MISSINGELEMENT), function, text);
        d3d12Error(function, text);
        return E_INVALIDARG;
      }
    }
    const D3D12DDIARG_CREATEELEMENTLAYOUT layout{elements.data(), UINT(elements.size())};
    Part part{Part::ElementLayout, driverMemory(ddi.core().pfnCalcPrivateElementLayoutSize(ddi.handle(), &layout))};
    args.hElementLayout = {part.memory.get()};
    ddi.core().pfnCreateElementLayout(ddi.handle(), &layout, args.hElementLayout);
    self->parts_.push_back(std::move(part));
  }
  args.SampleMask = d.SampleMask;
  args.IBStripCutValue = D3D12DDI_INDEX_BUFFER_STRIP_CUT_VALUE(d.IBStripCutValue);
  args.PrimitiveTopologyType = D3D12DDI_PRIMITIVE_TOPOLOGY_TYPE(d.PrimitiveTopologyType);
  args.NumRenderTargets = d.NumRenderTargets;
  for (UINT i = 0; i < 8; ++i) args.RTVFormats[i] = i < d.NumRenderTargets ? d.RTVFormats[i] : DXGI_FORMAT_UNKNOWN;
  args.DSVFormat = d.DSVFormat;
  args.SampleDesc = d.SampleDesc;
  if (HRESULT hr = self->finish(args); FAILED(hr)) return hr;
  *out = self.release();
  return S_OK;
}

HRESULT D3D12PipelineState::createCompute(D3D12Device* device, const D3D12_COMPUTE_PIPELINE_STATE_DESC& d,
                                          D3D12PipelineState** out, const char* function) {
  *out = nullptr;
  if (HRESULT hr = validateNodeMask(*device, d.NodeMask, function); FAILED(hr)) return hr;
  if (!d.pRootSignature) {
    device->debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR,
                         D3DVK_D3D12_MESSAGE_ID(CREATECOMPUTEPIPELINESTATE_MISSING_ROOT_SIGNATURE), function,
                         "pRootSignature is null");
    d3d12Error(function, "pRootSignature is null");
    return E_INVALIDARG;
  }
  if (!d.CS.BytecodeLength) {
    device->debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR,
                         D3DVK_D3D12_MESSAGE_ID(CREATECOMPUTEPIPELINESTATE_INVALID_SHADER), function,
                         "the compute shader is missing");
    d3d12Error(function, "the compute shader is missing");
    return E_INVALIDARG;
  }
  if (HRESULT hr = validatePipelineStateFlags(*device, d.Flags, function); FAILED(hr)) return hr;
  const uint64_t descHash = hashPipelineDesc(d);
  if (HRESULT hr = checkCachedPipelineState(*device, d.CachedPSO, descHash, function); FAILED(hr)) return hr;
  std::unique_ptr<D3D12PipelineState> self(new D3D12PipelineState(device));
  self->compute_ = true;
  self->descHash_ = descHash;
  self->function_ = function;
  self->rootSignature_ = D3D12RootSignature::from(d.pRootSignature);
  self->rootSignature_->AddRef();
  D3D12DDIARG_CREATE_PIPELINE_STATE_0001 args{};
  if (HRESULT hr = self->addShader(d.CS, int(dxbc::ProgramType::Compute), function, &args.hComputeShader); FAILED(hr))
    return hr;
  if (HRESULT hr = self->finish(args); FAILED(hr)) return hr;
  *out = self.release();
  return S_OK;
}

HRESULT STDMETHODCALLTYPE D3D12Device::CreateGraphicsPipelineState(const D3D12_GRAPHICS_PIPELINE_STATE_DESC* pDesc,
                                                                   REFIID riid, void** ppPipelineState) try {
  if (ppPipelineState) *ppPipelineState = nullptr;
  if (!pDesc) return E_INVALIDARG;
  D3D12PipelineState* pso = nullptr;
  HRESULT hr = D3D12PipelineState::createGraphics(this, *pDesc, &pso);
  return FAILED(hr) ? hr : handOut(pso, riid, ppPipelineState);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::CreateComputePipelineState(const D3D12_COMPUTE_PIPELINE_STATE_DESC* pDesc,
                                                                  REFIID riid, void** ppPipelineState) try {
  if (ppPipelineState) *ppPipelineState = nullptr;
  if (!pDesc) return E_INVALIDARG;
  D3D12PipelineState* pso = nullptr;
  HRESULT hr = D3D12PipelineState::createCompute(this, *pDesc, &pso);
  return FAILED(hr) ? hr : handOut(pso, riid, ppPipelineState);
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
