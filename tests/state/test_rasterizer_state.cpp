// tests/state: D3D rasterizer desc → Vulkan rasterization state, field by field.
#include "rasterizer_state.h"

#include <catch2/catch.hpp>

#include <cstring>

using namespace d3dvk::state;

namespace {

// The D3D11.3 default rasterizer desc.
D3DWDDM2_0DDI_RASTERIZER_DESC defaultDesc() {
  return {D3D10_DDI_FILL_SOLID, D3D10_DDI_CULL_BACK, FALSE, 0, 0.0f, 0.0f, TRUE, FALSE, FALSE, FALSE, 0,
          D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_OFF};
}

RasterizerDeviceCaps fullCaps() {
  RasterizerDeviceCaps caps;
  caps.depthClipEnableExtension = true;
  caps.depthClamp = true;
  caps.depthBiasClamp = true;
  caps.fillModeNonSolid = true;
  caps.conservativeDrawsRunNatively = true;
  return caps;
}

}  // namespace

TEST_CASE("default desc: solid, back-face culling, clockwise front, depth clip on, no bias", "[state][rasterizer]") {
  RasterizerPipelineState s = translateRasterizerState(defaultDesc(), fullCaps());
  CHECK(s.rasterization.polygonMode == VK_POLYGON_MODE_FILL);
  CHECK(s.rasterization.cullMode == VK_CULL_MODE_BACK_BIT);
  CHECK(s.rasterization.frontFace == VK_FRONT_FACE_CLOCKWISE);
  CHECK(s.rasterization.depthBiasEnable == VK_FALSE);
  CHECK(s.rasterization.rasterizerDiscardEnable == VK_FALSE);
  CHECK(s.rasterization.lineWidth == 1.0f);
  CHECK(s.useDepthClipState);
  CHECK(s.depthClip.depthClipEnable == VK_TRUE);
  CHECK(s.rasterization.depthClampEnable == VK_TRUE);  // D3D clamps depth to the viewport range
  CHECK_FALSE(s.scissorEnable);
  CHECK(s.forcedSampleCount == 0);
  CHECK(s.lines == LineRasterization::Aliased);
  CHECK_FALSE(s.useConservativeState);
  CHECK_FALSE(s.needsFallback);
  CHECK_FALSE(s.wireframeUnsupported);
  CHECK_FALSE(s.depthClampUnsupported);
  CHECK_FALSE(s.depthBiasClampUnsupported);
}

TEST_CASE("fill and cull modes, winding", "[state][rasterizer]") {
  auto d = defaultDesc();
  d.FillMode = D3D10_DDI_FILL_WIREFRAME;
  d.CullMode = D3D10_DDI_CULL_NONE;
  d.FrontCounterClockwise = TRUE;
  auto s = translateRasterizerState(d, fullCaps());
  CHECK(s.rasterization.polygonMode == VK_POLYGON_MODE_LINE);
  CHECK(s.rasterization.cullMode == VK_CULL_MODE_NONE);
  CHECK(s.rasterization.frontFace == VK_FRONT_FACE_COUNTER_CLOCKWISE);
  d.CullMode = D3D10_DDI_CULL_FRONT;
  CHECK(translateRasterizerState(d, fullCaps()).rasterization.cullMode == VK_CULL_MODE_FRONT_BIT);

  RasterizerDeviceCaps noWire = fullCaps();
  noWire.fillModeNonSolid = false;
  s = translateRasterizerState(d, noWire);
  CHECK(s.rasterization.polygonMode == VK_POLYGON_MODE_FILL);
  CHECK(s.wireframeUnsupported);
}

TEST_CASE("depth bias: constant, slope and clamp", "[state][rasterizer]") {
  auto d = defaultDesc();
  d.DepthBias = -7;
  d.DepthBiasClamp = 0.25f;
  d.SlopeScaledDepthBias = 1.5f;
  auto s = translateRasterizerState(d, fullCaps());
  CHECK(s.rasterization.depthBiasEnable == VK_TRUE);
  CHECK(s.rasterization.depthBiasConstantFactor == -7.0f);
  CHECK(s.rasterization.depthBiasSlopeFactor == 1.5f);
  CHECK(s.rasterization.depthBiasClamp == 0.25f);

  d.DepthBias = 0;
  d.SlopeScaledDepthBias = 0.0f;
  CHECK(translateRasterizerState(d, fullCaps()).rasterization.depthBiasEnable == VK_FALSE);  // clamp alone: no bias
  d.SlopeScaledDepthBias = -0.5f;
  CHECK(translateRasterizerState(d, fullCaps()).rasterization.depthBiasEnable == VK_TRUE);

  RasterizerDeviceCaps noClamp = fullCaps();
  noClamp.depthBiasClamp = false;
  s = translateRasterizerState(d, noClamp);
  CHECK(s.rasterization.depthBiasClamp == 0.0f);
  CHECK(s.depthBiasClampUnsupported);
}

TEST_CASE("DepthClipEnable with and without VK_EXT_depth_clip_enable", "[state][rasterizer]") {
  auto d = defaultDesc();
  d.DepthClipEnable = FALSE;
  auto s = translateRasterizerState(d, fullCaps());
  CHECK(s.useDepthClipState);
  CHECK(s.depthClip.depthClipEnable == VK_FALSE);
  CHECK(s.rasterization.depthClampEnable == VK_TRUE);

  RasterizerDeviceCaps noExt = fullCaps();
  noExt.depthClipEnableExtension = false;
  s = translateRasterizerState(d, noExt);
  CHECK_FALSE(s.useDepthClipState);
  CHECK(s.rasterization.depthClampEnable == VK_TRUE);  // core: clamp turns clipping off
  d.DepthClipEnable = TRUE;
  s = translateRasterizerState(d, noExt);
  CHECK(s.rasterization.depthClampEnable == VK_FALSE);

  RasterizerDeviceCaps nothing = noExt;
  nothing.depthClamp = false;
  d.DepthClipEnable = FALSE;
  s = translateRasterizerState(d, nothing);
  CHECK(s.rasterization.depthClampEnable == VK_FALSE);
  CHECK(s.depthClampUnsupported);
}

TEST_CASE("scissor, forced sample count and line modes", "[state][rasterizer]") {
  auto d = defaultDesc();
  d.ScissorEnable = TRUE;
  d.ForcedSampleCount = 4;
  auto s = translateRasterizerState(d, fullCaps());
  CHECK(s.scissorEnable);
  CHECK(s.forcedSampleCount == 4);
  d.MultisampleEnable = TRUE;
  d.AntialiasedLineEnable = TRUE;
  CHECK(translateRasterizerState(d, fullCaps()).lines == LineRasterization::Quadrilateral);
  d.MultisampleEnable = FALSE;
  CHECK(translateRasterizerState(d, fullCaps()).lines == LineRasterization::AlphaAntialiased);
}

TEST_CASE("conservative ON: native overestimation, or the fallback route", "[state][rasterizer][conservative]") {
  auto d = defaultDesc();
  d.ConservativeRasterizationMode = D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_ON;
  auto s = translateRasterizerState(d, fullCaps());
  CHECK(s.useConservativeState);
  CHECK_FALSE(s.needsFallback);
  CHECK(s.conservative.conservativeRasterizationMode == VK_CONSERVATIVE_RASTERIZATION_MODE_OVERESTIMATE_EXT);
  CHECK(s.conservative.extraPrimitiveOverestimationSize == 0.0f);

  RasterizerDeviceCaps cpu = fullCaps();
  cpu.conservativeDrawsRunNatively = false;
  s = translateRasterizerState(d, cpu);
  CHECK_FALSE(s.useConservativeState);
  CHECK(s.needsFallback);

  d.ConservativeRasterizationMode = D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_OFF;
  s = translateRasterizerState(d, cpu);
  CHECK_FALSE(s.needsFallback);
}

TEST_CASE("chain() links exactly the enabled extension structs", "[state][rasterizer]") {
  auto d = defaultDesc();
  d.ConservativeRasterizationMode = D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_ON;
  auto s = translateRasterizerState(d, fullCaps());
  const VkPipelineRasterizationStateCreateInfo* info = s.chain();
  REQUIRE(info == &s.rasterization);
  REQUIRE(info->pNext == &s.depthClip);
  REQUIRE(s.depthClip.pNext == &s.conservative);
  CHECK(s.conservative.pNext == nullptr);

  RasterizerDeviceCaps plain;
  auto p = translateRasterizerState(defaultDesc(), plain);
  CHECK(p.chain()->pNext == nullptr);
}

TEST_CASE("depth bias with VK_EXT_depth_bias_control's depthBiasExact: the format's r, unscaled, chained",
          "[state][rasterizer]") {
  RasterizerDeviceCaps caps;
  caps.depthBiasExact = true;
  auto biased = defaultDesc();
  biased.DepthBias = 1000;
  auto s = translateRasterizerState(biased, caps);
  const VkPipelineRasterizationStateCreateInfo* info = s.chain();
  REQUIRE(info->pNext == &s.depthBiasRepresentation);
  CHECK(s.depthBiasRepresentation.sType == VK_STRUCTURE_TYPE_DEPTH_BIAS_REPRESENTATION_INFO_EXT);
  CHECK(int(VK_STRUCTURE_TYPE_DEPTH_BIAS_REPRESENTATION_INFO_EXT) == 1000283002);  // the registry's value
  CHECK(s.depthBiasRepresentation.depthBiasRepresentation ==
        VK_DEPTH_BIAS_REPRESENTATION_LEAST_REPRESENTABLE_VALUE_FORMAT_EXT);
  CHECK(s.depthBiasRepresentation.depthBiasExact == VK_TRUE);
  CHECK(s.depthBiasRepresentation.pNext == nullptr);

  // Slope-scaled bias alone also asks for it; no bias, or a device without the feature, does not.
  auto sloped = defaultDesc();
  sloped.SlopeScaledDepthBias = 2.0f;
  auto t = translateRasterizerState(sloped, caps);
  CHECK(t.chain()->pNext == &t.depthBiasRepresentation);
  auto u = translateRasterizerState(defaultDesc(), caps);
  CHECK(u.chain()->pNext == nullptr);
  auto v = translateRasterizerState(biased, RasterizerDeviceCaps{});
  CHECK(v.chain()->pNext == nullptr);
}

TEST_CASE("the draw's depth bias: on when either factor is non-zero, in the format's r, the clamp where the device "
          "has it",
          "[state][rasterizer]") {
  RasterizerDeviceCaps caps = fullCaps();
  caps.unormDepthBiasUnit = UnormDepthBiasUnit::TwicePowerOfTwo;
  D3DWDDM2_0DDI_RASTERIZER_DESC d = defaultDesc();
  d.DepthBiasClamp = 0.5f;
  CHECK(depthBiasFor(d, VK_FORMAT_D24_UNORM_S8_UINT, caps).enable == VK_FALSE);  // the clamp alone: no bias
  d.DepthBias = 64;
  const DepthBiasValues unorm = depthBiasFor(d, VK_FORMAT_D24_UNORM_S8_UINT, caps);
  CHECK(unorm.enable == VK_TRUE);
  CHECK(unorm.constantFactor == 32.0f);  // 64 × 2^-24 in units of 2 × 2^-24
  CHECK(unorm.clamp == 0.5f);
  CHECK(depthBiasFor(d, VK_FORMAT_D32_SFLOAT, caps).constantFactor == 64.0f);  // float depth: unchanged
  d.DepthBias = 0;
  d.SlopeScaledDepthBias = -2.0f;
  const DepthBiasValues slope = depthBiasFor(d, VK_FORMAT_D32_SFLOAT, caps);
  CHECK(slope.enable == VK_TRUE);
  CHECK(slope.slopeFactor == -2.0f);
  caps.depthBiasClamp = false;
  CHECK(depthBiasFor(d, VK_FORMAT_D32_SFLOAT, caps).clamp == 0.0f);
  // The pipeline's translation agrees (its constant factor before the format is known).
  const RasterizerPipelineState s = translateRasterizerState(d, caps);
  CHECK(s.rasterization.depthBiasEnable == VK_TRUE);
  CHECK(s.rasterization.depthBiasSlopeFactor == -2.0f);
  CHECK(s.rasterization.depthBiasClamp == 0.0f);
  CHECK(s.depthBiasClampUnsupported);
}

TEST_CASE("the pipeline key's rasterizer desc under dynamic state: cull mode, winding, scissor enable and (when "
          "dynamic) the depth bias zeroed, the rest kept",
          "[state][rasterizer]") {
  D3DWDDM2_0DDI_RASTERIZER_DESC d{D3D10_DDI_FILL_WIREFRAME, D3D10_DDI_CULL_FRONT, TRUE, 7, 0.25f, 1.5f, FALSE, TRUE,
                                  TRUE, TRUE, 4, D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_ON};
  const D3DWDDM2_0DDI_RASTERIZER_DESC k = dynamicRasterizerKey(d, true);
  CHECK(k.CullMode == D3D10_DDI_CULL_MODE(0));
  CHECK(k.FrontCounterClockwise == FALSE);
  CHECK(k.ScissorEnable == FALSE);
  CHECK(k.DepthBias == 0);
  CHECK(k.DepthBiasClamp == 0.0f);
  CHECK(k.SlopeScaledDepthBias == 0.0f);
  CHECK(k.FillMode == D3D10_DDI_FILL_WIREFRAME);
  CHECK(k.DepthClipEnable == FALSE);
  CHECK(k.MultisampleEnable == TRUE);
  CHECK(k.AntialiasedLineEnable == TRUE);
  CHECK(k.ForcedSampleCount == 4);
  CHECK(k.ConservativeRasterizationMode == D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_ON);
  // Depth bias kept in the pipeline (depthBiasExact's representation): its fields stay.
  const D3DWDDM2_0DDI_RASTERIZER_DESC kept = dynamicRasterizerKey(d, false);
  CHECK(kept.DepthBias == 7);
  CHECK(kept.DepthBiasClamp == 0.25f);
  CHECK(kept.SlopeScaledDepthBias == 1.5f);
  CHECK(kept.CullMode == D3D10_DDI_CULL_MODE(0));
  // States that differ only in those fields key alike.
  D3DWDDM2_0DDI_RASTERIZER_DESC other = d;
  other.CullMode = D3D10_DDI_CULL_NONE;
  other.FrontCounterClockwise = FALSE;
  other.DepthBias = -3;
  other.ScissorEnable = FALSE;
  const D3DWDDM2_0DDI_RASTERIZER_DESC ko = dynamicRasterizerKey(other, true);
  CHECK(std::memcmp(&ko, &k, sizeof k) == 0);
  other.DepthClipEnable = TRUE;
  const D3DWDDM2_0DDI_RASTERIZER_DESC kc = dynamicRasterizerKey(other, true);
  CHECK(std::memcmp(&kc, &k, sizeof k) != 0);
}
