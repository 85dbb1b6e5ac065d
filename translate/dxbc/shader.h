// translate/dxbc/shader.h — a parsed DXBC shader: container + decoded program +
// signatures + SFI0/RDEF/STAT; and the reflection the runtime's pixel-shader
// validation needs (stage, model, signatures, SV_InnerCoverage/SV_Coverage reads,
// SFI0 flags).
#pragma once

#include "dxbc/container.h"
#include "dxbc/program.h"

#include <array>
#include <optional>

namespace d3dvk::dxbc {

// D3D_SHADER_FEATURE_* bits we derive or test for.
constexpr uint64_t kFeatureDoubles = 0x1;
constexpr uint64_t kFeatureMinimumPrecision = 0x10;
constexpr uint64_t kFeature11_1DoubleExtensions = 0x20;
constexpr uint64_t kFeatureStencilRef = 0x200;
constexpr uint64_t kFeatureInnerCoverage = 0x400;
constexpr uint64_t kFeatureViewportAndRtArrayIndexFromAnyStage = 0x2000;

// D3D_NAME values of signatures (d3dcommon.h).
constexpr uint32_t kNameTarget = 64, kNameDepth = 65, kNameCoverage = 66, kNameDepthGreaterEqual = 67,
                   kNameDepthLessEqual = 68, kNameStencilRef = 69, kNameInnerCoverage = 70;

struct Shader {
  Container container;
  Program program;
  bool extendedCode = false;  // SHEX (SM5) rather than SHDR
  Signature inputs, outputs;
  Signature patchConstants;  // PCSG/PSG1: a hull shader's patch-constant outputs, a domain shader's inputs
  std::optional<uint64_t> featureFlags;  // SFI0
  std::optional<ResourceDefinitions> resources;  // RDEF
  std::vector<uint32_t> statistics;  // STAT
};

// Container + chunks + token stream, all validated. Throws dxbc::Error.
Shader parseShader(std::span<const uint8_t> bytes, bool verifyChecksum = true);

struct ShaderReflection {
  ProgramType stage = ProgramType::Pixel;
  uint32_t major = 0, minor = 0;
  Signature inputs, outputs, patchConstants;
  bool readsInnerCoverage = false;  // SV_InnerCoverage (vInnerCoverage) declared or read
  bool readsCoverage = false;       // SV_Coverage input (vCoverage)
  bool writesCoverage = false;      // oMask
  bool writesDepth = false;         // oDepth / oDepthGE / oDepthLE
  bool writesStencilRef = false;    // oStencilRef (SV_StencilRef)
  bool hasFeatureFlags = false;
  uint64_t featureFlags = 0;        // SFI0 value (0 when absent)
  uint32_t renderTargetMask = 0;    // SV_TargetN outputs
  // Geometry shader: dcl_inputprimitive (D3D10_SB_PRIMITIVE: 1 point, 2 line,
  // 3 triangle, 6 lineadj, 7 triangleadj; 0 elsewhere) and dcl_outputtopology
  // (1 point list, 3 line strip, 5 triangle strip).
  uint32_t gsInputPrimitive = 0, gsOutputTopology = 0;
  // Geometry shader: dcl_maxout and dcl_gsinstances (1 when not declared).
  uint32_t gsMaxOutputVertices = 0, gsInstanceCount = 1;
  // Hull and domain shaders: dcl_input_control_point_count, the hull shader's
  // dcl_output_control_point_count (its input count without a control-point
  // phase, which passes the input through), dcl_tessellator_domain
  // (1 isoline, 2 tri, 3 quad), the hull shader's
  // dcl_tessellator_output_primitive (1 point, 2 line, 3 triangle_cw, 4 triangle_ccw)
  // and dcl_hs_max_tessfactor (64 when not declared); 0 elsewhere.
  uint32_t inputControlPoints = 0, outputControlPoints = 0, tessDomain = 0, tessOutputPrimitive = 0;
  float maxTessFactor = 0.0f;
  // Geometry shader: writes SV_RenderTargetArrayIndex / SV_ViewportArrayIndex.
  bool writesRenderTargetArrayIndex = false, writesViewportArrayIndex = false;
  // Pixel shader: how each input register component (v#.xyzw → [4·# + c]) is
  // interpolated, as the translated shader does it: the dcl_input_ps mode, and
  // Constant for integer-typed components (Vulkan interpolates only floats).
  // Undefined where nothing is declared (and for system values).
  static constexpr uint32_t kInputRegisters = 32;
  std::array<Interpolation, kInputRegisters * 4> inputInterpolation{};
};
ShaderReflection reflect(const Shader& shader);

}  // namespace d3dvk::dxbc
