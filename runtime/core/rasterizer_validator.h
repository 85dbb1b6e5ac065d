// runtime/core/rasterizer_validator.h — create-time validation of a rasterizer
// desc, shared by D3D11 (CreateRasterizerState*) and D3D12 (the rasterizer part
// of graphics-PSO creation): the spec's CCreateRasterizerStateValidator. Pure:
// takes the desc in its DDI form (same values in both APIs) and the reported
// conservative tier, returns every violation with the message ID each API's
// debug layer uses and a text naming the field, its value and what is valid.
#pragma once

#include "d3d10umddi.h"

#include <string>
#include <vector>

namespace d3dvk::runtime {

enum class Api { D3D11, D3D12 };

struct RasterizerDescError {
  int d3d11Id;            // D3D11_MESSAGE_ID
  const char* d3d11Name;  // its name without the D3D11_MESSAGE_ID_ prefix
  int d3d12Id;            // D3D12_MESSAGE_ID
  const char* d3d12Name;
  std::string text;  // e.g. "FillMode is 7; valid values are …"
};

std::vector<RasterizerDescError> validateRasterizerDesc(const D3DWDDM2_0DDI_RASTERIZER_DESC& desc,
                                                        D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_TIER reportedTier,
                                                        Api api);

}  // namespace d3dvk::runtime
