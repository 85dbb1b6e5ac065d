// runtime/core/conservative_validator.h — the conservative-rasterization rules
// checked outside state creation, shared by D3D11 and D3D12 code paths:
//  * draw time (the spec's ValidateDraw): conservative ON with a point or line
//    topology drops the draw (DEVICE_DRAW_INVALID_PRIMITIVETOPOLOGY, 365); a pixel
//    shader reading SV_InnerCoverage while conservative is OFF is an error
//    (DEVICE_DRAW_INVALID_SYSTEMVALUE, 3146155);
//  * pixel-shader creation (CCreatePixelShaderValidator): SV_InnerCoverage (or the
//    SFI0 inner-coverage feature flag) needs a reported Tier 3, and cannot be
//    combined with an SV_Coverage input (CREATEPIXELSHADER_INVALIDSHADERBYTECODE,
//    192, the closest D3D11 ID).
// Pure: plain inputs, messages out; the callers report them and act.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace d3dvk::runtime {

struct ValidationMessage {
  int id;              // D3D11_MESSAGE_ID
  const char* idName;  // without the D3D11_MESSAGE_ID_ prefix
  std::string text;
};

// D3D_PRIMITIVE_TOPOLOGY's name for a value ("D3D11_PRIMITIVE_TOPOLOGY_LINELIST", …).
std::string primitiveTopologyName(uint32_t topology);

struct DrawCheck {
  uint32_t topology = 0;  // D3D_PRIMITIVE_TOPOLOGY value
  bool conservativeOn = false;
  bool pixelShaderReadsInnerCoverage = false;
};

struct DrawVerdict {
  bool drop = false;  // the draw must not reach the driver
  std::vector<ValidationMessage> messages;
};

DrawVerdict validateConservativeDraw(const DrawCheck& draw);

struct PixelShaderCheck {
  bool readsInnerCoverage = false;       // SV_InnerCoverage input declared
  bool innerCoverageFeatureFlag = false;  // SFI0 D3D_SHADER_FEATURE_INNER_COVERAGE (0x400)
  bool readsCoverageInput = false;       // SV_Coverage input declared
  int reportedTier = 0;                  // the device's conservative tier, 0–3
};

// Messages for a pixel shader that must not be created (empty: valid).
std::vector<ValidationMessage> validateConservativePixelShader(const PixelShaderCheck& shader);

}  // namespace d3dvk::runtime
