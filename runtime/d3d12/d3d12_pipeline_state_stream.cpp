// runtime/d3d12/d3d12_pipeline_state_stream.cpp — ID3D12Device2::CreatePipelineState:
// a pipeline state stream read into a D3D12_GRAPHICS_PIPELINE_STATE_DESC or a
// D3D12_COMPUTE_PIPELINE_STATE_DESC (readPipelineStateStream, which
// ID3D12PipelineLibrary1::LoadPipeline reads its streams with too), which then
// takes the path of CreateGraphicsPipelineState / CreateComputePipelineState
// (the same checks, the same DDI objects), so both entry points behave alike.
//
// The stream: subobjects one after another, each a D3D12_PIPELINE_STATE_SUBOBJECT_TYPE
// followed by its struct at the struct's natural alignment, the pair padded to
// pointer alignment (the layout of `struct alignas(void*) { TYPE; DESC; }`, the
// D3D12 documentation's rule for D3D12_PIPELINE_STATE_STREAM_DESC). The type is
// GRAPHICS when a VS, PS, DS, HS or GS has bytecode, COMPUTE when the CS has
// (streams built from CD3DX12_PIPELINE_STATE_STREAM carry every shader
// subobject, the unused ones empty). Subobjects not in the stream take D3D12's
// defaults: the default rasterizer (SOLID, BACK, DepthClipEnable), blend
// (no blending, write all) and depth-stencil (DepthEnable TRUE, LESS, write
// ALL, no stencil) descs, SampleMask UINT_MAX, SampleDesc {1, 0}; everything
// else zero (no render targets, DSVFormat UNKNOWN, PrimitiveTopologyType
// UNDEFINED, strip cut DISABLED, node 0, no cached PSO, no flags).
//
// Refused with E_INVALIDARG and a debug-layer message: a null desc or stream,
// SizeInBytes 0 (#1020 ZERO_SIZE_STREAM); a stream that ends inside a
// subobject (#1021 INVALID_STREAM); a type outside the enum (#1019
// UNKNOWN_SUBOBJECT); a type twice, or two of DEPTH_STENCIL/1/2 (#1018
// DUPLICATE_SUBOBJECT); no shader, or compute and graphics shaders together
// (#1022 CANNOT_DEDUCE_TYPE); AS/MS bytecode (mesh shaders: OPTIONS7
// MeshShaderTier NOT_SUPPORTED); DepthBoundsTestEnable (OPTIONS2
// DepthBoundsTestSupported FALSE, #1017); DEPTH_STENCIL2 with different front
// and back stencil masks (OPTIONS14 IndependentFrontAndBackStencilRefMaskSupported
// FALSE); ViewInstanceCount > 0 (OPTIONS3 ViewInstancingTier NOT_SUPPORTED, #1095).
#include "d3d12_device.h"
#include "d3d12_pipeline_state.h"

#include <cstddef>
#include <cstring>
#include <string>

namespace d3dvk::runtime {
namespace {

using Type = D3D12_PIPELINE_STATE_SUBOBJECT_TYPE;
constexpr int kTypeCount = D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_MAX_VALID;

struct SubobjectLayout {
  const char* name;
  size_t size;
  size_t alignment;
};

template <typename T>
constexpr SubobjectLayout layout(const char* name) {
  return {name, sizeof(T), alignof(T)};
}

// Indexed by D3D12_PIPELINE_STATE_SUBOBJECT_TYPE; {nullptr} for the values d3d12.h leaves unused.
constexpr SubobjectLayout kLayouts[kTypeCount] = {
    layout<ID3D12RootSignature*>("ROOT_SIGNATURE"),
    layout<D3D12_SHADER_BYTECODE>("VS"),
    layout<D3D12_SHADER_BYTECODE>("PS"),
    layout<D3D12_SHADER_BYTECODE>("DS"),
    layout<D3D12_SHADER_BYTECODE>("HS"),
    layout<D3D12_SHADER_BYTECODE>("GS"),
    layout<D3D12_SHADER_BYTECODE>("CS"),
    layout<D3D12_STREAM_OUTPUT_DESC>("STREAM_OUTPUT"),
    layout<D3D12_BLEND_DESC>("BLEND"),
    layout<UINT>("SAMPLE_MASK"),
    layout<D3D12_RASTERIZER_DESC>("RASTERIZER"),
    layout<D3D12_DEPTH_STENCIL_DESC>("DEPTH_STENCIL"),
    layout<D3D12_INPUT_LAYOUT_DESC>("INPUT_LAYOUT"),
    layout<D3D12_INDEX_BUFFER_STRIP_CUT_VALUE>("IB_STRIP_CUT_VALUE"),
    layout<D3D12_PRIMITIVE_TOPOLOGY_TYPE>("PRIMITIVE_TOPOLOGY"),
    layout<D3D12_RT_FORMAT_ARRAY>("RENDER_TARGET_FORMATS"),
    layout<DXGI_FORMAT>("DEPTH_STENCIL_FORMAT"),
    layout<DXGI_SAMPLE_DESC>("SAMPLE_DESC"),
    layout<UINT>("NODE_MASK"),
    layout<D3D12_CACHED_PIPELINE_STATE>("CACHED_PSO"),
    layout<D3D12_PIPELINE_STATE_FLAGS>("FLAGS"),
    layout<D3D12_DEPTH_STENCIL_DESC1>("DEPTH_STENCIL1"),
    layout<D3D12_VIEW_INSTANCING_DESC>("VIEW_INSTANCING"),
    {nullptr, 0, 0},
    layout<D3D12_SHADER_BYTECODE>("AS"),
    layout<D3D12_SHADER_BYTECODE>("MS"),
    layout<D3D12_DEPTH_STENCIL_DESC2>("DEPTH_STENCIL2"),
};
static_assert(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_AS == 24 && D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL2 == 26 &&
              kTypeCount == 27);

constexpr size_t alignUp(size_t value, size_t alignment) { return (value + alignment - 1) / alignment * alignment; }

// What a stream holds, with D3D12's defaults for what it leaves out.
struct ParsedStream {
  D3D12_GRAPHICS_PIPELINE_STATE_DESC graphics{};
  D3D12_SHADER_BYTECODE cs{}, as{}, ms{};
  D3D12_DEPTH_STENCIL_DESC2 depthStencil{};  // the widest of the three forms
  D3D12_VIEW_INSTANCING_DESC viewInstancing{};
  bool present[kTypeCount] = {};

  ParsedStream() {
    D3D12_RASTERIZER_DESC& r = graphics.RasterizerState;
    r.FillMode = D3D12_FILL_MODE_SOLID;
    r.CullMode = D3D12_CULL_MODE_BACK;
    r.DepthBiasClamp = D3D12_DEFAULT_DEPTH_BIAS_CLAMP;
    r.SlopeScaledDepthBias = D3D12_DEFAULT_SLOPE_SCALED_DEPTH_BIAS;
    r.DepthBias = D3D12_DEFAULT_DEPTH_BIAS;
    r.DepthClipEnable = TRUE;
    r.ConservativeRaster = D3D12_CONSERVATIVE_RASTERIZATION_MODE_OFF;
    for (D3D12_RENDER_TARGET_BLEND_DESC& rt : graphics.BlendState.RenderTarget)
      rt = {FALSE,
            FALSE,
            D3D12_BLEND_ONE,
            D3D12_BLEND_ZERO,
            D3D12_BLEND_OP_ADD,
            D3D12_BLEND_ONE,
            D3D12_BLEND_ZERO,
            D3D12_BLEND_OP_ADD,
            D3D12_LOGIC_OP_NOOP,
            D3D12_COLOR_WRITE_ENABLE_ALL};
    const D3D12_DEPTH_STENCILOP_DESC1 face{D3D12_STENCIL_OP_KEEP, D3D12_STENCIL_OP_KEEP, D3D12_STENCIL_OP_KEEP,
                                           D3D12_COMPARISON_FUNC_ALWAYS, D3D12_DEFAULT_STENCIL_READ_MASK,
                                           D3D12_DEFAULT_STENCIL_WRITE_MASK};
    depthStencil = {TRUE, D3D12_DEPTH_WRITE_MASK_ALL, D3D12_COMPARISON_FUNC_LESS, FALSE, face, face, FALSE};
    graphics.SampleMask = UINT_MAX;
    graphics.SampleDesc = {1, 0};
  }
};

// The depth-stencil descs' forms share their first 16 bytes (DepthEnable,
// DepthWriteMask, DepthFunc, StencilEnable) and their faces' four ops; they
// are converted byte-wise, so an application's out-of-range enum value is
// carried to the desc path's checks without being loaded as an enum here.
static_assert(offsetof(D3D12_DEPTH_STENCIL_DESC, StencilReadMask) == 16 &&
              offsetof(D3D12_DEPTH_STENCIL_DESC1, StencilReadMask) == 16 && offsetof(D3D12_DEPTH_STENCIL_DESC2, FrontFace) == 16);
static_assert(offsetof(D3D12_DEPTH_STENCILOP_DESC1, StencilReadMask) == sizeof(D3D12_DEPTH_STENCILOP_DESC));

template <typename Desc>  // D3D12_DEPTH_STENCIL_DESC or D3D12_DEPTH_STENCIL_DESC1
void toDesc2(const Desc& d, BOOL depthBounds, D3D12_DEPTH_STENCIL_DESC2* out) {
  std::memcpy(out, &d, 16);
  std::memcpy(&out->FrontFace, &d.FrontFace, sizeof d.FrontFace);
  std::memcpy(&out->BackFace, &d.BackFace, sizeof d.BackFace);
  out->FrontFace.StencilReadMask = out->BackFace.StencilReadMask = d.StencilReadMask;
  out->FrontFace.StencilWriteMask = out->BackFace.StencilWriteMask = d.StencilWriteMask;
  out->DepthBoundsTestEnable = depthBounds;
}

void toDesc(const D3D12_DEPTH_STENCIL_DESC2& d, D3D12_DEPTH_STENCIL_DESC* out) {
  std::memcpy(out, &d, 16);
  out->StencilReadMask = d.FrontFace.StencilReadMask;
  out->StencilWriteMask = d.FrontFace.StencilWriteMask;
  std::memcpy(&out->FrontFace, &d.FrontFace, sizeof out->FrontFace);
  std::memcpy(&out->BackFace, &d.BackFace, sizeof out->BackFace);
}

// Copies one subobject's struct (at `data`) into the parsed stream.
void take(ParsedStream& p, int type, const unsigned char* data) {
  D3D12_GRAPHICS_PIPELINE_STATE_DESC& g = p.graphics;
  switch (type) {
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_ROOT_SIGNATURE: std::memcpy(&g.pRootSignature, data, sizeof g.pRootSignature); break;
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_VS: std::memcpy(&g.VS, data, sizeof g.VS); break;
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_PS: std::memcpy(&g.PS, data, sizeof g.PS); break;
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DS: std::memcpy(&g.DS, data, sizeof g.DS); break;
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_HS: std::memcpy(&g.HS, data, sizeof g.HS); break;
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_GS: std::memcpy(&g.GS, data, sizeof g.GS); break;
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_CS: std::memcpy(&p.cs, data, sizeof p.cs); break;
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_AS: std::memcpy(&p.as, data, sizeof p.as); break;
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_MS: std::memcpy(&p.ms, data, sizeof p.ms); break;
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_STREAM_OUTPUT: std::memcpy(&g.StreamOutput, data, sizeof g.StreamOutput); break;
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_BLEND: std::memcpy(&g.BlendState, data, sizeof g.BlendState); break;
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_SAMPLE_MASK: std::memcpy(&g.SampleMask, data, sizeof g.SampleMask); break;
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_RASTERIZER: std::memcpy(&g.RasterizerState, data, sizeof g.RasterizerState); break;
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_INPUT_LAYOUT: std::memcpy(&g.InputLayout, data, sizeof g.InputLayout); break;
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_IB_STRIP_CUT_VALUE:
      std::memcpy(&g.IBStripCutValue, data, sizeof g.IBStripCutValue);
      break;
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_PRIMITIVE_TOPOLOGY:
      std::memcpy(&g.PrimitiveTopologyType, data, sizeof g.PrimitiveTopologyType);
      break;
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_RENDER_TARGET_FORMATS: {
      D3D12_RT_FORMAT_ARRAY formats;
      std::memcpy(&formats, data, sizeof formats);
      std::memcpy(g.RTVFormats, formats.RTFormats, sizeof g.RTVFormats);
      g.NumRenderTargets = formats.NumRenderTargets;
      break;
    }
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL_FORMAT: std::memcpy(&g.DSVFormat, data, sizeof g.DSVFormat); break;
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_SAMPLE_DESC: std::memcpy(&g.SampleDesc, data, sizeof g.SampleDesc); break;
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_NODE_MASK: std::memcpy(&g.NodeMask, data, sizeof g.NodeMask); break;
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_CACHED_PSO: std::memcpy(&g.CachedPSO, data, sizeof g.CachedPSO); break;
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_FLAGS: std::memcpy(&g.Flags, data, sizeof g.Flags); break;
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_VIEW_INSTANCING:
      std::memcpy(&p.viewInstancing, data, sizeof p.viewInstancing);
      break;
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL: {
      D3D12_DEPTH_STENCIL_DESC d;
      std::memcpy(&d, data, sizeof d);
      toDesc2(d, FALSE, &p.depthStencil);
      break;
    }
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL1: {
      D3D12_DEPTH_STENCIL_DESC1 d;
      std::memcpy(&d, data, sizeof d);
      toDesc2(d, d.DepthBoundsTestEnable, &p.depthStencil);
      break;
    }
    case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL2: std::memcpy(&p.depthStencil, data, sizeof p.depthStencil); break;
  }
}

}  // namespace

HRESULT readPipelineStateStream(D3D12Device& device, const D3D12_PIPELINE_STATE_STREAM_DESC* pDesc,
                                const char* function, PipelineStateStreamDesc* out) {
  auto refuse = [&](D3D12_MESSAGE_ID id, const char* idName, const std::string& text) {
    device.debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR, id, idName, function, text);
    d3d12Error(function, text);
    return E_INVALIDARG;
  };
  if (!pDesc) return refuse(D3DVK_D3D12_MESSAGE_ID(CREATEPIPELINESTATE_INVALID_STREAM), "pDesc is null");
  if (!pDesc->SizeInBytes)
    return refuse(D3DVK_D3D12_MESSAGE_ID(CREATEPIPELINESTATE_ZERO_SIZE_STREAM), "SizeInBytes is 0");
  if (!pDesc->pPipelineStateSubobjectStream)
    return refuse(D3DVK_D3D12_MESSAGE_ID(CREATEPIPELINESTATE_INVALID_STREAM), "pPipelineStateSubobjectStream is null");

  ParsedStream p;
  const auto* bytes = static_cast<const unsigned char*>(pDesc->pPipelineStateSubobjectStream);
  const size_t size = pDesc->SizeInBytes;
  int depthStencilForms = 0;
  for (size_t at = 0; at < size;) {
    const std::string where = "the subobject at byte " + std::to_string(at);
    if (size - at < sizeof(Type))
      return refuse(D3DVK_D3D12_MESSAGE_ID(CREATEPIPELINESTATE_INVALID_STREAM),
                    "SizeInBytes (" + std::to_string(size) + ") ends inside " + where + "'s type");
    int type;
    std::memcpy(&type, bytes + at, sizeof type);
    if (type < 0 || type >= kTypeCount || !kLayouts[type].name)
      return refuse(D3DVK_D3D12_MESSAGE_ID(CREATEPIPELINESTATE_UNKNOWN_SUBOBJECT),
                    where + " has type " + std::to_string(type) + ", which is not a D3D12_PIPELINE_STATE_SUBOBJECT_TYPE");
    const SubobjectLayout& l = kLayouts[type];
    const size_t data = at + alignUp(sizeof(Type), l.alignment);
    if (data > size || size - data < l.size)
      return refuse(D3DVK_D3D12_MESSAGE_ID(CREATEPIPELINESTATE_INVALID_STREAM),
                    "SizeInBytes (" + std::to_string(size) + ") ends inside " + where + " (" + l.name + ", " +
                        std::to_string(l.size) + " bytes from byte " + std::to_string(data) + ")");
    const bool depthStencilForm = type == D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL ||
                                  type == D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL1 ||
                                  type == D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL2;
    if (p.present[type] || (depthStencilForm && depthStencilForms))
      return refuse(D3DVK_D3D12_MESSAGE_ID(CREATEPIPELINESTATE_DUPLICATE_SUBOBJECT),
                    where + " (" + l.name + ") repeats a subobject the stream already has");
    p.present[type] = true;
    depthStencilForms += depthStencilForm;
    take(p, type, bytes + data);
    // The last subobject's padding up to pointer alignment may be left out.
    at = std::min(size, alignUp(data + l.size, alignof(void*)));
  }

  D3D12_GRAPHICS_PIPELINE_STATE_DESC& g = p.graphics;
  const bool graphics = g.VS.BytecodeLength || g.PS.BytecodeLength || g.DS.BytecodeLength || g.HS.BytecodeLength ||
                        g.GS.BytecodeLength;
  const bool compute = p.cs.BytecodeLength != 0;
  if (p.as.BytecodeLength || p.ms.BytecodeLength)
    return refuse(D3DVK_D3D12_MESSAGE_ID(UNKNOWN),
                  "the stream has an amplification or mesh shader; this device reports MeshShaderTier "
                  "D3D12_MESH_SHADER_TIER_NOT_SUPPORTED (CheckFeatureSupport OPTIONS7)");
  if (graphics == compute)
    return refuse(D3DVK_D3D12_MESSAGE_ID(CREATEPIPELINESTATE_CANNOT_DEDUCE_TYPE),
                  graphics ? "the stream has both a compute shader and graphics shaders"
                           : "the stream has no shader (a VS for a graphics, a CS for a compute pipeline state)");

  if (compute) {
    out->isCompute = true;
    out->compute = {g.pRootSignature, p.cs, g.NodeMask, g.CachedPSO, g.Flags};
    return S_OK;
  }

  const D3D12_DEPTH_STENCIL_DESC2& ds = p.depthStencil;
  if (ds.DepthBoundsTestEnable) {
    D3D12_FEATURE_DATA_D3D12_OPTIONS2 options{};
    if (FAILED(device.checkFeature(D3D12_FEATURE_D3D12_OPTIONS2, &options, sizeof options)) || !options.DepthBoundsTestSupported)
      return refuse(D3DVK_D3D12_MESSAGE_ID(CREATEDEPTHSTENCILSTATE_DEPTHBOUNDSTEST_UNSUPPORTED),
                    "DepthBoundsTestEnable is TRUE; this device reports DepthBoundsTestSupported FALSE "
                    "(CheckFeatureSupport OPTIONS2)");
  }
  if (ds.FrontFace.StencilReadMask != ds.BackFace.StencilReadMask ||
      ds.FrontFace.StencilWriteMask != ds.BackFace.StencilWriteMask) {
    D3D12_FEATURE_DATA_D3D12_OPTIONS14 options{};
    if (FAILED(device.checkFeature(D3D12_FEATURE_D3D12_OPTIONS14, &options, sizeof options)) ||
        !options.IndependentFrontAndBackStencilRefMaskSupported)
      return refuse(D3DVK_D3D12_MESSAGE_ID(UNKNOWN),
                    "DEPTH_STENCIL2 has different front and back stencil masks; this device reports "
                    "IndependentFrontAndBackStencilRefMaskSupported FALSE (CheckFeatureSupport OPTIONS14)");
  }
  if (p.viewInstancing.ViewInstanceCount) {
    D3D12_FEATURE_DATA_D3D12_OPTIONS3 options{};
    if (FAILED(device.checkFeature(D3D12_FEATURE_D3D12_OPTIONS3, &options, sizeof options)) ||
        options.ViewInstancingTier == D3D12_VIEW_INSTANCING_TIER_NOT_SUPPORTED)
      return refuse(D3DVK_D3D12_MESSAGE_ID(VIEW_INSTANCING_UNSUPPORTED),
                    "ViewInstanceCount is " + std::to_string(p.viewInstancing.ViewInstanceCount) +
                        "; this device reports ViewInstancingTier D3D12_VIEW_INSTANCING_TIER_NOT_SUPPORTED "
                        "(CheckFeatureSupport OPTIONS3)");
  }
  toDesc(ds, &g.DepthStencilState);
  out->isCompute = false;
  out->graphics = g;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE D3D12Device::CreatePipelineState(const D3D12_PIPELINE_STATE_STREAM_DESC* pDesc, REFIID riid,
                                                           void** ppPipelineState) try {
  if (ppPipelineState) *ppPipelineState = nullptr;
  const char* function = "ID3D12Device2::CreatePipelineState";
  PipelineStateStreamDesc desc;
  if (HRESULT hr = readPipelineStateStream(*this, pDesc, function, &desc); FAILED(hr)) return hr;
  D3D12PipelineState* pso = nullptr;
  HRESULT hr = desc.isCompute ? D3D12PipelineState::createCompute(this, desc.compute, &pso, function)
                              : D3D12PipelineState::createGraphics(this, desc.graphics, &pso, function);
  return FAILED(hr) ? hr : handOut(pso, riid, ppPipelineState);
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
