// runtime/core/rasterizer_validator.cpp — see rasterizer_validator.h.
#include "rasterizer_validator.h"

#include <cmath>
#include <string>

namespace d3dvk::runtime {
namespace {

// Message IDs (d3d11sdklayers.h / DirectX-Headers' d3d12sdklayers.h).
constexpr int kD3D11InvalidFillMode = 194, kD3D12InvalidFillMode = 95;
constexpr int kD3D11InvalidCullMode = 195, kD3D12InvalidCullMode = 96;
constexpr int kD3D11InvalidDepthBiasClamp = 196, kD3D12InvalidDepthBiasClamp = 97;
constexpr int kD3D11InvalidSlopeScaledDepthBias = 197, kD3D12InvalidSlopeScaledDepthBias = 98;
constexpr int kD3D11InvalidForcedSampleCount = 3145757, kD3D12InvalidForcedSampleCount = 401;
constexpr int kD3D11InvalidConservativeRasterMode = 3146154, kD3D12InvalidConservativeRasterMode = 647;

struct Names {
  const char* fillWireframe;
  const char* fillSolid;
  const char* cullNone;
  const char* cullFront;
  const char* cullBack;
  const char* consOff;
  const char* consOn;
  const char* notSupported;
  const char* field;  // the API's name of the conservative field
  const char* featureQuery;
};

const Names kD3D11Names = {"D3D11_FILL_WIREFRAME",
                           "D3D11_FILL_SOLID",
                           "D3D11_CULL_NONE",
                           "D3D11_CULL_FRONT",
                           "D3D11_CULL_BACK",
                           "D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF",
                           "D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON",
                           "D3D11_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED",
                           "ConservativeRaster",
                           "CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2)"};
const Names kD3D12Names = {"D3D12_FILL_MODE_WIREFRAME",
                           "D3D12_FILL_MODE_SOLID",
                           "D3D12_CULL_MODE_NONE",
                           "D3D12_CULL_MODE_FRONT",
                           "D3D12_CULL_MODE_BACK",
                           "D3D12_CONSERVATIVE_RASTERIZATION_MODE_OFF",
                           "D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON",
                           "D3D12_CONSERVATIVE_RASTERIZATION_TIER_NOT_SUPPORTED",
                           "ConservativeRaster",
                           "CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS)"};


}  // namespace

std::vector<RasterizerDescError> validateRasterizerDesc(const D3DWDDM2_0DDI_RASTERIZER_DESC& desc,
                                                        D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_TIER reportedTier,
                                                        Api api) {
  const Names& n = api == Api::D3D11 ? kD3D11Names : kD3D12Names;
  std::vector<RasterizerDescError> errors;
  auto add = [&](int id11, const char* name11, int id12, const char* name12, std::string text) {
    errors.push_back({id11, name11, id12, name12, std::move(text)});
  };
  const int fill = int(desc.FillMode), cull = int(desc.CullMode), mode = int(desc.ConservativeRasterizationMode);

  const bool fillValid = fill == D3D10_DDI_FILL_WIREFRAME || fill == D3D10_DDI_FILL_SOLID;
  if (!fillValid)
    add(kD3D11InvalidFillMode, "CREATERASTERIZERSTATE_INVALIDFILLMODE", kD3D12InvalidFillMode,
        "CREATERASTERIZERSTATE_INVALIDFILLMODE",
        "FillMode is " + std::to_string(fill) + "; valid values are " + n.fillWireframe + " (2) and " + n.fillSolid +
            " (3).");
  if (cull != D3D10_DDI_CULL_NONE && cull != D3D10_DDI_CULL_FRONT && cull != D3D10_DDI_CULL_BACK)
    add(kD3D11InvalidCullMode, "CREATERASTERIZERSTATE_INVALIDCULLMODE", kD3D12InvalidCullMode,
        "CREATERASTERIZERSTATE_INVALIDCULLMODE",
        "CullMode is " + std::to_string(cull) + "; valid values are " + n.cullNone + " (1), " + n.cullFront + " (2) and " +
            n.cullBack + " (3).");
  if (std::isnan(desc.DepthBiasClamp))
    add(kD3D11InvalidDepthBiasClamp, "CREATERASTERIZERSTATE_INVALIDDEPTHBIASCLAMP", kD3D12InvalidDepthBiasClamp,
        "CREATERASTERIZERSTATE_INVALIDDEPTHBIASCLAMP", "DepthBiasClamp is NaN; it must be a number.");
  if (std::isnan(desc.SlopeScaledDepthBias))
    add(kD3D11InvalidSlopeScaledDepthBias, "CREATERASTERIZERSTATE_INVALIDSLOPESCALEDDEPTHBIAS",
        kD3D12InvalidSlopeScaledDepthBias, "CREATERASTERIZERSTATE_INVALIDSLOPESCALEDDEPTHBIAS",
        "SlopeScaledDepthBias is NaN; it must be a number.");
  switch (desc.ForcedSampleCount) {
    case 0: case 1: case 2: case 4: case 8: case 16: break;
    default:
      add(kD3D11InvalidForcedSampleCount, "CREATERASTERIZERSTATE_INVALIDFORCEDSAMPLECOUNT",
          kD3D12InvalidForcedSampleCount, "CREATERASTERIZERSTATE_INVALIDFORCEDSAMPLECOUNT",
          "ForcedSampleCount is " + std::to_string(desc.ForcedSampleCount) +
              "; valid values are 0 (not forced), 1, 2, 4, 8 and 16.");
  }
  const char* cons11 = "CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE";
  if (mode != D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_OFF && mode != D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_ON) {
    add(kD3D11InvalidConservativeRasterMode, cons11, kD3D12InvalidConservativeRasterMode, cons11,
        std::string(n.field) + " is " + std::to_string(mode) + "; valid values are " + n.consOff + " (0) and " +
            n.consOn + " (1).");
  } else if (mode == D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_ON) {
    if (reportedTier == D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED)
      add(kD3D11InvalidConservativeRasterMode, cons11, kD3D12InvalidConservativeRasterMode, cons11,
          std::string(n.field) + " is " + n.consOn + " but the device does not support conservative rasterization (" +
              n.featureQuery + " reports " + n.notSupported + "); use " + n.consOff + ".");
    if (fill == D3D10_DDI_FILL_WIREFRAME)
      add(kD3D11InvalidConservativeRasterMode, cons11, kD3D12InvalidConservativeRasterMode, cons11,
          std::string(n.field) + " is " + n.consOn + " but FillMode is " + n.fillWireframe +
              "; conservative rasterization requires " + n.fillSolid + ".");
  }
  return errors;
}

}  // namespace d3dvk::runtime
