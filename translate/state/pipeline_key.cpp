// translate/state/pipeline_key.cpp — see pipeline_key.h.
#include "pipeline_key.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

namespace d3dvk::state {
namespace {

// Mixes each field in as whole 64-bit words (a multiply and a shift per word,
// not per byte: the key is hashed on every pipeline change of a draw). Equal
// keys (operator==, floats compared bitwise) hash equally.
struct FieldHash {
  uint64_t h = 0xcbf29ce484222325ull;
  template <typename T>
  void add(const T& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    unsigned char bytes[sizeof(T)];
    std::memcpy(bytes, &v, sizeof(T));
    for (size_t i = 0; i < sizeof(T); i += 8) {
      uint64_t word = 0;
      std::memcpy(&word, bytes + i, std::min<size_t>(8, sizeof(T) - i));
      h = (h ^ word) * 0x9E3779B97F4A7C15ull;
      h ^= h >> 29;
    }
  }
};

bool sameRasterizer(const D3DWDDM2_0DDI_RASTERIZER_DESC& a, const D3DWDDM2_0DDI_RASTERIZER_DESC& b) {
  return a.FillMode == b.FillMode && a.CullMode == b.CullMode && a.FrontCounterClockwise == b.FrontCounterClockwise &&
         a.DepthBias == b.DepthBias && std::memcmp(&a.DepthBiasClamp, &b.DepthBiasClamp, sizeof(float)) == 0 &&
         std::memcmp(&a.SlopeScaledDepthBias, &b.SlopeScaledDepthBias, sizeof(float)) == 0 &&
         a.DepthClipEnable == b.DepthClipEnable && a.ScissorEnable == b.ScissorEnable &&
         a.MultisampleEnable == b.MultisampleEnable && a.AntialiasedLineEnable == b.AntialiasedLineEnable &&
         a.ForcedSampleCount == b.ForcedSampleCount && a.ConservativeRasterizationMode == b.ConservativeRasterizationMode;
}

}  // namespace

bool GraphicsPipelineKey::operator==(const GraphicsPipelineKey& o) const {
  if (variant != o.variant || vertexShader != o.vertexShader || pixelShader != o.pixelShader ||
      geometryShader != o.geometryShader || hullShader != o.hullShader || domainShader != o.domainShader ||
      streamOutput != o.streamOutput || viewportCount != o.viewportCount ||
      rasterizerSamples != o.rasterizerSamples || fallbackFlatOnly != o.fallbackFlatOnly || inputLayout != o.inputLayout ||
      blendState != o.blendState || depthStencilState != o.depthStencilState || sampleMask != o.sampleMask ||
      topology != o.topology || sampleCount != o.sampleCount || renderTargetCount != o.renderTargetCount ||
      depthStencilFormat != o.depthStencilFormat || depthStencilReadOnly != o.depthStencilReadOnly ||
      !sameRasterizer(rasterizer, o.rasterizer))
    return false;
  for (uint32_t i = 0; i < 8; ++i)
    if (renderTargetFormats[i] != o.renderTargetFormats[i]) return false;
  return true;
}

size_t GraphicsPipelineKeyHash::operator()(const GraphicsPipelineKey& k) const {
  FieldHash f;
  f.add(k.variant);
  f.add(k.vertexShader);
  f.add(k.pixelShader);
  f.add(k.geometryShader);
  f.add(k.hullShader);
  f.add(k.domainShader);
  f.add(k.streamOutput);
  f.add(k.viewportCount);
  f.add(k.rasterizerSamples);
  f.add(k.fallbackFlatOnly);
  f.add(k.inputLayout);
  f.add(k.blendState);
  f.add(k.depthStencilState);
  f.add(k.sampleMask);
  f.add(k.topology);
  f.add(k.sampleCount);
  const D3DWDDM2_0DDI_RASTERIZER_DESC& r = k.rasterizer;
  f.add(r.FillMode);
  f.add(r.CullMode);
  f.add(r.FrontCounterClockwise);
  f.add(r.DepthBias);
  f.add(r.DepthBiasClamp);
  f.add(r.SlopeScaledDepthBias);
  f.add(r.DepthClipEnable);
  f.add(r.ScissorEnable);
  f.add(r.MultisampleEnable);
  f.add(r.AntialiasedLineEnable);
  f.add(r.ForcedSampleCount);
  f.add(r.ConservativeRasterizationMode);
  f.add(k.renderTargetCount);
  for (DXGI_FORMAT format : k.renderTargetFormats) f.add(format);
  f.add(k.depthStencilFormat);
  f.add(k.depthStencilReadOnly);
  return size_t(f.h);
}

}  // namespace d3dvk::state
