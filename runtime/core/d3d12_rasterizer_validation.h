// runtime/core/d3d12_rasterizer_validation.h — the rasterizer part of D3D12
// graphics-PSO validation (D3D12_GRAPHICS_PIPELINE_STATE_DESC::RasterizerState),
// through the validator D3D11 uses; conservative-mode errors carry D3D12's
// message ID 647 (CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE).
#pragma once

#include "rasterizer_validator.h"

#include <wsl/winadapter.h>
#include <directx/d3d12.h>

namespace d3dvk::runtime {

// The D3D12 desc in DDI form (D3D12 always scissors: ScissorEnable TRUE).
D3DWDDM2_0DDI_RASTERIZER_DESC toDdiRasterizerDesc(const D3D12_RASTERIZER_DESC& desc);

std::vector<RasterizerDescError> validateD3D12RasterizerDesc(const D3D12_RASTERIZER_DESC& desc,
                                                             D3D12_CONSERVATIVE_RASTERIZATION_TIER reportedTier);

}  // namespace d3dvk::runtime
