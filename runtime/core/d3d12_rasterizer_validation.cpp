// runtime/core/d3d12_rasterizer_validation.cpp — see d3d12_rasterizer_validation.h.
#include "d3d12_rasterizer_validation.h"

#include <cstring>

namespace d3dvk::runtime {
namespace {

// DirectX-Headers' enums have no fixed underlying type, so an application's
// out-of-range value must not be loaded as the enum: read its bytes.
template <typename Enum>
int rawValue(const Enum& e) {
  static_assert(sizeof(Enum) == sizeof(int));
  int v;
  std::memcpy(&v, &e, sizeof v);
  return v;
}

}  // namespace

D3DWDDM2_0DDI_RASTERIZER_DESC toDdiRasterizerDesc(const D3D12_RASTERIZER_DESC& d) {
  return {static_cast<D3D10_DDI_FILL_MODE>(rawValue(d.FillMode)),
          static_cast<D3D10_DDI_CULL_MODE>(rawValue(d.CullMode)),
          d.FrontCounterClockwise,
          d.DepthBias,
          d.DepthBiasClamp,
          d.SlopeScaledDepthBias,
          d.DepthClipEnable,
          TRUE,
          d.MultisampleEnable,
          d.AntialiasedLineEnable,
          d.ForcedSampleCount,
          static_cast<D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_MODE>(rawValue(d.ConservativeRaster))};
}

std::vector<RasterizerDescError> validateD3D12RasterizerDesc(const D3D12_RASTERIZER_DESC& desc,
                                                             D3D12_CONSERVATIVE_RASTERIZATION_TIER reportedTier) {
  return validateRasterizerDesc(toDdiRasterizerDesc(desc),
                                static_cast<D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_TIER>(rawValue(reportedTier)),
                                Api::D3D12);
}

}  // namespace d3dvk::runtime
