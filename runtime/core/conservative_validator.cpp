// runtime/core/conservative_validator.cpp — see conservative_validator.h.
#include "conservative_validator.h"

namespace d3dvk::runtime {
namespace {

constexpr int kDrawInvalidPrimitiveTopology = 365;
constexpr int kDrawInvalidSystemValue = 3146155;
constexpr int kCreatePixelShaderInvalidBytecode = 192;

const char* tierName(int tier) {
  switch (tier) {
    case 0: return "D3D11_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED";
    case 1: return "D3D11_CONSERVATIVE_RASTERIZATION_TIER_1";
    case 2: return "D3D11_CONSERVATIVE_RASTERIZATION_TIER_2";
    case 3: return "D3D11_CONSERVATIVE_RASTERIZATION_TIER_3";
  }
  return "an invalid tier";
}

bool pointOrLine(uint32_t topology) {
  return topology == 1 || topology == 2 || topology == 3 || topology == 10 || topology == 11;
}

}  // namespace

std::string primitiveTopologyName(uint32_t t) {
  switch (t) {
    case 0: return "D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED";
    case 1: return "D3D11_PRIMITIVE_TOPOLOGY_POINTLIST";
    case 2: return "D3D11_PRIMITIVE_TOPOLOGY_LINELIST";
    case 3: return "D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP";
    case 4: return "D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST";
    case 5: return "D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP";
    case 10: return "D3D11_PRIMITIVE_TOPOLOGY_LINELIST_ADJ";
    case 11: return "D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP_ADJ";
    case 12: return "D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ";
    case 13: return "D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ";
  }
  if (t >= 33 && t <= 64) return "D3D11_PRIMITIVE_TOPOLOGY_" + std::to_string(t - 32) + "_CONTROL_POINT_PATCHLIST";
  return "an invalid topology (" + std::to_string(t) + ")";
}

DrawVerdict validateConservativeDraw(const DrawCheck& draw) {
  DrawVerdict v;
  if (draw.conservativeOn && pointOrLine(draw.topology)) {
    v.drop = true;
    v.messages.push_back({kDrawInvalidPrimitiveTopology, "DEVICE_DRAW_INVALID_PRIMITIVETOPOLOGY",
                          "The bound rasterizer state has ConservativeRaster D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON "
                          "but the primitive topology is " +
                              primitiveTopologyName(draw.topology) +
                              "; conservative rasterization is defined only for triangles. The draw is dropped."});
  }
  if (!draw.conservativeOn && draw.pixelShaderReadsInnerCoverage)
    v.messages.push_back({kDrawInvalidSystemValue, "DEVICE_DRAW_INVALID_SYSTEMVALUE",
                          "The bound pixel shader reads SV_InnerCoverage but ConservativeRaster is "
                          "D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF; SV_InnerCoverage is undefined without "
                          "conservative rasterization."});
  return v;
}

std::vector<ValidationMessage> validateConservativePixelShader(const PixelShaderCheck& shader) {
  std::vector<ValidationMessage> messages;
  const bool inner = shader.readsInnerCoverage || shader.innerCoverageFeatureFlag;
  if (inner && shader.reportedTier < 3)
    messages.push_back({kCreatePixelShaderInvalidBytecode, "CREATEPIXELSHADER_INVALIDSHADERBYTECODE",
                        std::string("The shader uses SV_InnerCoverage, which requires "
                                    "D3D11_CONSERVATIVE_RASTERIZATION_TIER_3, but the device reports ") +
                            tierName(shader.reportedTier) + "."});
  if (shader.readsInnerCoverage && shader.readsCoverageInput)
    messages.push_back({kCreatePixelShaderInvalidBytecode, "CREATEPIXELSHADER_INVALIDSHADERBYTECODE",
                        "The shader declares both SV_InnerCoverage and an SV_Coverage input; they are mutually "
                        "exclusive."});
  return messages;
}

}  // namespace d3dvk::runtime
