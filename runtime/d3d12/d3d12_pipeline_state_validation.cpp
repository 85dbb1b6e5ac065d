// runtime/d3d12/d3d12_pipeline_state_validation.cpp — the creation-time checks
// of a graphics PSO that exist before PSOs do: the rasterizer desc through the
// validator D3D11 shares (runtime/core/d3d12_rasterizer_validation.h), every
// violation reported to the debug layer with its D3D12 message ID (#647
// CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE for ConservativeRaster ON
// without a supported tier).
#include "d3d12_device.h"
#include "d3d12_rasterizer_validation.h"

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

}  // namespace d3dvk::runtime
