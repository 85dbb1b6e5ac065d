// translate/state/pipeline_key.h — the state a graphics pipeline depends on,
// as a plain key with a hash, so the draw path can cache one pipeline per
// distinct combination. Objects (shaders, element layouts) enter the key by
// their driver-assigned unique ids, never by address (addresses are reused).
// Dynamic state (viewports, scissors, vertex strides, blend constants, stencil reference) is not
// part of it; blend and depth-stencil states enter by id, the sample mask by value. Pure.
#pragma once

#include "d3d10umddi.h"

#include <cstddef>
#include <cstdint>

namespace d3dvk::state {

// Which pipeline of a draw: the application's own, the application's own
// counting pixel-shader invocations (while a pipeline-statistics query is
// active, ddi/umd/driver_query.h), or one of the two passes of a conservative
// draw on the GPU fallback (ddi/umd/driver_fallback_draw.cpp).
enum class PipelineVariant : uint32_t {
  Native = 0,
  FallbackCapture = 1,  // the vertex shader's capture variant into transform feedback, rasterizer discard
  FallbackShading = 2,  // the fallback's draw pass: vertex pulling + the pixel shader's fallback variant
  NativeCounting = 3,   // Native with the pixel shader's invocation-counting variant (dxbc countInvocations)
  FallbackCounting = 4, // FallbackShading with the fallback variant that counts covered invocations
  FallbackPlain = 5,    // FallbackShading without the shader-written sample mask (dxbc fallbackSampleMask false)
  FallbackPlainCounting = 6,
  // Native / NativeCounting with the pixel shader's variant that writes the
  // sample mask itself (dxbc writeSampleMask: the key's sampleMask); the
  // pipeline's sample mask is then full.
  NativeShaderSampleMask = 7,
  NativeCountingShaderSampleMask = 8,
  // Native with rasterizer discard: the application's stream output recorded
  // as a pass of its own beside a conservative fallback draw (driver_stream_output.h).
  StreamOutputPass = 9,
};

// Whether the variant's pixel shader applies the key's sampleMask (the pipeline's is all ones).
constexpr bool shaderWritesSampleMask(PipelineVariant v) {
  return v == PipelineVariant::NativeShaderSampleMask || v == PipelineVariant::NativeCountingShaderSampleMask;
}

struct GraphicsPipelineKey {
  PipelineVariant variant = PipelineVariant::Native;
  uint64_t vertexShader = 0;   // unique ids; 0 = none
  uint64_t pixelShader = 0;
  uint64_t geometryShader = 0;
  uint64_t hullShader = 0, domainShader = 0;  // both or neither (tessellation)
  uint64_t inputLayout = 0;
  uint64_t blendState = 0;         // 0 = the default state
  uint64_t depthStencilState = 0;  // 0 = the default state
  uint32_t sampleMask = 0xFFFFFFFF;
  int32_t topology = 0;        // D3D10_DDI_PRIMITIVE_TOPOLOGY
  uint32_t sampleCount = 1;
  D3DWDDM2_0DDI_RASTERIZER_DESC rasterizer{};
  uint32_t renderTargetCount = 0;
  DXGI_FORMAT renderTargetFormats[8] = {};
  DXGI_FORMAT depthStencilFormat = DXGI_FORMAT_UNKNOWN;
  // The bound depth-stencil view's read-only flags (D3D11_DDI_CREATE_DSV_READ_ONLY_*):
  // the output merger's writes to those aspects are forced off (D3D11.3 §17.13).
  uint32_t depthStencilReadOnly = 0;
  uint32_t viewportCount = 1;  // > 1 only with a geometry shader that writes SV_ViewportArrayIndex
  // The pixel shader's rasterizer sample count (sampleinfo / samplepos of the
  // rasterizer: a specialization constant); 0: the key's ForcedSampleCount,
  // else sampleCount.
  uint32_t rasterizerSamples = 0;
  // The fallback draw pass's pixel shader without the exact path (dxbc
  // fallbackExactPath false): the draw of records all decided by the flat path.
  bool fallbackFlatOnly = false;
  // Stream output: the stream-output object's id << 4 | the output slots with
  // a target (its capturing variant, ddi/umd/driver_stream_output.h); 0: none.
  uint64_t streamOutput = 0;

  bool operator==(const GraphicsPipelineKey& other) const;
};

// FNV-1a over the key's fields.
struct GraphicsPipelineKeyHash {
  size_t operator()(const GraphicsPipelineKey& key) const;
};

}  // namespace d3dvk::state
