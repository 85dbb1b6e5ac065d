// runtime/core/d3d12_rasterizer_validation.cpp — see d3d12_rasterizer_validation.h.
#include "d3d12_rasterizer_validation.h"

#include "raw_enum.h"

namespace d3dvk::runtime {

D3DWDDM2_0DDI_RASTERIZER_DESC toDdiRasterizerDesc(const D3D12_RASTERIZER_DESC& d) {
  return {static_cast<D3D10_DDI_FILL_MODE>(rawEnum(d.FillMode)),
          static_cast<D3D10_DDI_CULL_MODE>(rawEnum(d.CullMode)),
          d.FrontCounterClockwise,
          d.DepthBias,
          d.DepthBiasClamp,
          d.SlopeScaledDepthBias,
          d.DepthClipEnable,
          TRUE,
          d.MultisampleEnable,
          d.AntialiasedLineEnable,
          d.ForcedSampleCount,
          static_cast<D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_MODE>(rawEnum(d.ConservativeRaster))};
}

std::vector<RasterizerDescError> validateD3D12RasterizerDesc(const D3D12_RASTERIZER_DESC& desc,
                                                             D3D12_CONSERVATIVE_RASTERIZATION_TIER reportedTier) {
  return validateRasterizerDesc(toDdiRasterizerDesc(desc),
                                static_cast<D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_TIER>(rawEnum(reportedTier)),
                                Api::D3D12);
}

}  // namespace d3dvk::runtime
