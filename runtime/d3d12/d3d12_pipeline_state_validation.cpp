// runtime/d3d12/d3d12_pipeline_state_validation.cpp — the creation-time checks
// of a graphics PSO that exist before PSOs do: the rasterizer desc through the
// validator D3D11 shares (runtime/core/d3d12_rasterizer_validation.h), every
// violation reported to the debug layer with its D3D12 message ID (#647
// CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE for ConservativeRaster ON
// without a supported tier); and the desc's values D3D12 refuses before any
// driver object is made (NodeMask, PrimitiveTopologyType, SampleDesc, the blend
// desc's logic-op and dual-source rules) and the
// pixel shader's inputs against what the stage before it writes.
#include "d3d12_device.h"
#include "d3d12_pipeline_state.h"
#include "d3d12_rasterizer_validation.h"
#include "dxbc/container.h"
#include "dxbc/shader.h"
#include "raw_enum.h"

#include <cstring>
#include <strings.h>

namespace d3dvk::runtime {

HRESULT D3D12Device::validateRasterizerState(const D3D12_RASTERIZER_DESC& desc, const char* function) {
  D3D12DDI_D3D12_OPTIONS_DATA_0032 caps;
  D3D12_CONSERVATIVE_RASTERIZATION_TIER tier = D3D12_CONSERVATIVE_RASTERIZATION_TIER_NOT_SUPPORTED;
  if (SUCCEEDED(queryOptions(&caps)))
    tier = static_cast<D3D12_CONSERVATIVE_RASTERIZATION_TIER>(caps.ConservativeRasterizationTier);
  const std::vector<RasterizerDescError> errors = validateD3D12RasterizerDesc(desc, tier);
  for (const RasterizerDescError& e : errors)
    debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID(e.d3d12Id),
                 e.d3d12Name, function, e.text);
  return errors.empty() ? S_OK : E_INVALIDARG;
}

namespace {

HRESULT refuse(D3D12Device& device, const char* function, D3D12_MESSAGE_ID id, const char* idName, const std::string& text) {
  device.debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR, id, idName, function, text);
  d3d12Error(function, text);
  return E_INVALIDARG;
}

// The shader's signatures; the bytecode has passed addShader's checks.
dxbc::Shader parsed(const D3D12_SHADER_BYTECODE& code) {
  const auto* bytes = static_cast<const uint8_t*>(code.pShaderBytecode);
  uint32_t size = 0;
  std::memcpy(&size, bytes + 24, 4);
  return dxbc::parseShader({bytes, size});
}

bool isDualSourceFactor(int f) {
  return f == D3D12_BLEND_SRC1_COLOR || f == D3D12_BLEND_INV_SRC1_COLOR || f == D3D12_BLEND_SRC1_ALPHA ||
         f == D3D12_BLEND_INV_SRC1_ALPHA;
}

// The *_UINT formats: the only render-target formats a logic op may write.
bool isUintFormat(DXGI_FORMAT f) {
  switch (f) {
    case DXGI_FORMAT_R32G32B32A32_UINT: case DXGI_FORMAT_R32G32B32_UINT: case DXGI_FORMAT_R16G16B16A16_UINT:
    case DXGI_FORMAT_R32G32_UINT: case DXGI_FORMAT_R10G10B10A2_UINT: case DXGI_FORMAT_R8G8B8A8_UINT:
    case DXGI_FORMAT_R16G16_UINT: case DXGI_FORMAT_R32_UINT: case DXGI_FORMAT_R8G8_UINT: case DXGI_FORMAT_R16_UINT:
    case DXGI_FORMAT_R8_UINT:
      return true;
    default:
      return false;
  }
}

// The blend desc's rules (D3D12_BLEND_DESC): known enums; logic ops only where
// the device has them (OutputMergerLogicOp: Vulkan's logicOp feature), never
// with blending or independent blend, and only onto UINT render targets;
// dual-source factors only on render target 0 of a pipeline with at most one
// render target.
HRESULT validateBlendDesc(D3D12Device& device, const D3D12_GRAPHICS_PIPELINE_STATE_DESC& d, const char* function) {
  const D3D12_BLEND_DESC& b = d.BlendState;
  const UINT targets = b.IndependentBlendEnable ? 8 : 1;
  bool dualSource = false;
  for (UINT i = 0; i < targets; ++i) {
    const D3D12_RENDER_TARGET_BLEND_DESC& rt = b.RenderTarget[i];
    const std::string at = "BlendState.RenderTarget[" + std::to_string(i) + "]";
    const int factors[4] = {rawEnum(rt.SrcBlend), rawEnum(rt.DestBlend), rawEnum(rt.SrcBlendAlpha), rawEnum(rt.DestBlendAlpha)};
    const int ops[2] = {rawEnum(rt.BlendOp), rawEnum(rt.BlendOpAlpha)};
    if (rt.BlendEnable) {
      for (int f : factors)
        if (f < D3D12_BLEND_ZERO || f > D3D12_BLEND_INV_SRC1_ALPHA || f == 12 || f == 13)
          return refuse(device, function, D3DVK_D3D12_MESSAGE_ID(CREATEBLENDSTATE_INVALIDSRCBLEND),
                        at + " has blend factor " + std::to_string(f) + ", not a D3D12_BLEND");
      for (int op : ops)
        if (op < D3D12_BLEND_OP_ADD || op > D3D12_BLEND_OP_MAX)
          return refuse(device, function, D3DVK_D3D12_MESSAGE_ID(CREATEBLENDSTATE_INVALIDBLENDOP),
                        at + " has blend op " + std::to_string(op) + ", not a D3D12_BLEND_OP");
      for (int f : factors) dualSource |= isDualSourceFactor(f);
      if (dualSource && i > 0)
        return refuse(device, function, D3DVK_D3D12_MESSAGE_ID(CREATEBLENDSTATE_INVALIDSRCBLEND),
                      at + " uses a dual-source (SRC1) blend factor; only render target 0 may");
    }
    if (UINT(rt.RenderTargetWriteMask) > D3D12_COLOR_WRITE_ENABLE_ALL)
      return refuse(device, function, D3DVK_D3D12_MESSAGE_ID(CREATEBLENDSTATE_INVALIDRENDERTARGETWRITEMASK),
                    at + ".RenderTargetWriteMask has bits above D3D12_COLOR_WRITE_ENABLE_ALL");
    if (rt.LogicOpEnable) {
      D3D12DDI_D3D12_OPTIONS_DATA_0032 caps{};
      const bool supported = SUCCEEDED(device.queryOptions(&caps)) && caps.OutputMergerLogicOp;
      const int op = rawEnum(rt.LogicOp);
      std::string why = rt.BlendEnable ? " enables both blending and a logic op"
                        : b.IndependentBlendEnable ? " enables a logic op with IndependentBlendEnable"
                        : !supported ? " enables a logic op, which this device does not support "
                                       "(D3D12_FEATURE_DATA_D3D12_OPTIONS::OutputMergerLogicOp is FALSE)"
                        : op < D3D12_LOGIC_OP_CLEAR || op > D3D12_LOGIC_OP_OR_INVERTED
                            ? ".LogicOp " + std::to_string(op) + " is not a D3D12_LOGIC_OP"
                            : std::string();
      for (UINT t = 0; why.empty() && t < d.NumRenderTargets && t < 8; ++t)
        if (d.RTVFormats[t] != DXGI_FORMAT_UNKNOWN && !isUintFormat(d.RTVFormats[t]))
          why = " enables a logic op, but RTVFormats[" + std::to_string(t) + "] (" +
                std::to_string(int(d.RTVFormats[t])) + ") is not a UINT format; logic ops write UINT render targets only";
      if (!why.empty())
        return refuse(device, function, D3DVK_D3D12_MESSAGE_ID(CREATEBLENDSTATE_INVALIDLOGICOPS), at + why);
    }
  }
  if (dualSource && d.NumRenderTargets > 1)
    return refuse(device, function, D3DVK_D3D12_MESSAGE_ID(CREATEBLENDSTATE_INVALIDSRCBLEND),
                  "dual-source blending (SRC1 factors) needs at most one render target; NumRenderTargets is " +
                      std::to_string(d.NumRenderTargets));
  return S_OK;
}

}  // namespace

HRESULT validateNodeMask(D3D12Device& device, UINT nodeMask, const char* function) {
  if (nodeMask <= 1) return S_OK;
  return refuse(device, function, D3DVK_D3D12_MESSAGE_ID(UNKNOWN),
                "NodeMask " + std::to_string(nodeMask) + " names a node other than the adapter's one node (0 or 1)");
}

HRESULT validatePipelineStateFlags(D3D12Device& device, const D3D12_PIPELINE_STATE_FLAGS& flags, const char* function) {
  const unsigned value = unsigned(rawEnum(flags));
  if (!(value & ~unsigned(D3D12_PIPELINE_STATE_FLAG_TOOL_DEBUG))) return S_OK;
  return refuse(device, function, D3DVK_D3D12_MESSAGE_ID(CREATEPIPELINESTATE_INVALID_FLAGS),
                "Flags " + std::to_string(value) + " is not a combination of D3D12_PIPELINE_STATE_FLAGS");
}

HRESULT validateGraphicsPipelineDesc(D3D12Device& device, const D3D12_GRAPHICS_PIPELINE_STATE_DESC& d, const char* function) {
  if (HRESULT hr = validateNodeMask(device, d.NodeMask, function); FAILED(hr)) return hr;
  const int topologyType = rawEnum(d.PrimitiveTopologyType);  // any value may arrive (raw_enum.h)
  if (topologyType < D3D12_PRIMITIVE_TOPOLOGY_TYPE_UNDEFINED || topologyType > D3D12_PRIMITIVE_TOPOLOGY_TYPE_PATCH)
    return refuse(device, function, D3DVK_D3D12_MESSAGE_ID(CREATEGRAPHICSPIPELINESTATE_INVALID_PRIMITIVETOPOLOGY),
                  "PrimitiveTopologyType " + std::to_string(topologyType) + " is not a D3D12_PRIMITIVE_TOPOLOGY_TYPE");
  const UINT samples = d.SampleDesc.Count;
  if (samples == 0 || samples > D3D12_MAX_MULTISAMPLE_SAMPLE_COUNT || (samples & (samples - 1)))
    return refuse(device, function, D3DVK_D3D12_MESSAGE_ID(CREATEGRAPHICSPIPELINESTATE_INVALID_SAMPLE_DESC),
                  "SampleDesc.Count " + std::to_string(samples) + " is not a power of two from 1 to 32");
  return validateBlendDesc(device, d, function);
}

HRESULT validateShaderLinkage(D3D12Device& device, const D3D12_SHADER_BYTECODE& producer, const D3D12_SHADER_BYTECODE& ps,
                              const char* producerName, const char* function, UINT rasterizedStream) {
  if (!ps.BytecodeLength || !producer.BytecodeLength) return S_OK;
  const dxbc::Shader pixel = parsed(ps), before = parsed(producer);
  for (const dxbc::SignatureElement& in : pixel.inputs.elements) {
    // Values the rasterizer generates (SV_*) need no writer; user values the shader reads do.
    if (in.systemValue != 0 || in.rwMask == 0 || strncasecmp(in.semanticName.c_str(), "SV_", 3) == 0) continue;
    bool written = false;
    for (const dxbc::SignatureElement& out : before.outputs.elements)
      written = written || (strcasecmp(out.semanticName.c_str(), in.semanticName.c_str()) == 0 &&
                            out.semanticIndex == in.semanticIndex && out.stream == rasterizedStream);
    if (!written)
      return refuse(device, function, D3DVK_D3D12_MESSAGE_ID(CREATEGRAPHICSPIPELINESTATE_SHADER_LINKAGE_SEMANTICNAME_NOT_FOUND),
                    "Pixel Shader input '" + in.semanticName + "'/" + std::to_string(in.semanticIndex) +
                        " is read but not written by the " + producerName + " Shader");
  }
  return S_OK;
}

}  // namespace d3dvk::runtime
