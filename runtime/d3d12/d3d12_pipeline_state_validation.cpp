// runtime/d3d12/d3d12_pipeline_state_validation.cpp — the creation-time checks
// of a graphics PSO that exist before PSOs do: the rasterizer desc through the
// validator D3D11 shares (runtime/core/d3d12_rasterizer_validation.h), every
// violation reported to the debug layer with its D3D12 message ID (#647
// CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE for ConservativeRaster ON
// without a supported tier); and the desc's values D3D12 refuses before any
// driver object is made (NodeMask, PrimitiveTopologyType, SampleDesc) and the
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

}  // namespace

HRESULT validateNodeMask(D3D12Device& device, UINT nodeMask, const char* function) {
  if (nodeMask <= 1) return S_OK;
  return refuse(device, function, D3DVK_D3D12_MESSAGE_ID(UNKNOWN),
                "NodeMask " + std::to_string(nodeMask) + " names a node other than the adapter's one node (0 or 1)");
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
  return S_OK;
}

HRESULT validateShaderLinkage(D3D12Device& device, const D3D12_SHADER_BYTECODE& producer, const D3D12_SHADER_BYTECODE& ps,
                              const char* producerName, const char* function) {
  if (!ps.BytecodeLength || !producer.BytecodeLength) return S_OK;
  const dxbc::Shader pixel = parsed(ps), before = parsed(producer);
  for (const dxbc::SignatureElement& in : pixel.inputs.elements) {
    // Values the rasterizer generates (SV_*) need no writer; user values the shader reads do.
    if (in.systemValue != 0 || in.rwMask == 0 || strncasecmp(in.semanticName.c_str(), "SV_", 3) == 0) continue;
    bool written = false;
    for (const dxbc::SignatureElement& out : before.outputs.elements)
      written = written || (strcasecmp(out.semanticName.c_str(), in.semanticName.c_str()) == 0 &&
                            out.semanticIndex == in.semanticIndex && out.stream == 0);
    if (!written)
      return refuse(device, function, D3DVK_D3D12_MESSAGE_ID(CREATEGRAPHICSPIPELINESTATE_SHADER_LINKAGE_SEMANTICNAME_NOT_FOUND),
                    "Pixel Shader input '" + in.semanticName + "'/" + std::to_string(in.semanticIndex) +
                        " is read but not written by the " + producerName + " Shader");
  }
  return S_OK;
}

}  // namespace d3dvk::runtime
