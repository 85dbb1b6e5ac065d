// tests/state: the blend attachment of a target that keeps alpha in red
// (A8_UNORM in an R8 image): every D3D alpha factor becomes the colour factor
// whose red component carries the same value (the source's red is its alpha,
// the destination's red the stored alpha), the alpha op drives red, and red
// is written only where the D3D write mask has alpha.
#include "blend_state.h"

#include <catch2/catch.hpp>

using namespace d3dvk::state;

TEST_CASE("blend: an alpha-in-red target blends red with the alpha factors and op", "[state][blend]") {
  struct Case {
    D3D10_DDI_BLEND d3d;
    VkBlendFactor red;  // the factor whose red component is the D3D alpha factor's value
  } cases[] = {
      {D3D10_DDI_BLEND_ZERO, VK_BLEND_FACTOR_ZERO},
      {D3D10_DDI_BLEND_ONE, VK_BLEND_FACTOR_ONE},
      {D3D10_DDI_BLEND_SRC_COLOR, VK_BLEND_FACTOR_SRC_COLOR},  // alpha slot: src.a, which red holds
      {D3D10_DDI_BLEND_INV_SRC_COLOR, VK_BLEND_FACTOR_ONE_MINUS_SRC_COLOR},
      {D3D10_DDI_BLEND_SRC_ALPHA, VK_BLEND_FACTOR_SRC_ALPHA},
      {D3D10_DDI_BLEND_INV_SRC_ALPHA, VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA},
      {D3D10_DDI_BLEND_DEST_ALPHA, VK_BLEND_FACTOR_DST_COLOR},  // the R8 image has no alpha: its red
      {D3D10_DDI_BLEND_INV_DEST_ALPHA, VK_BLEND_FACTOR_ONE_MINUS_DST_COLOR},
      {D3D10_DDI_BLEND_DEST_COLOR, VK_BLEND_FACTOR_DST_COLOR},
      {D3D10_DDI_BLEND_INV_DEST_COLOR, VK_BLEND_FACTOR_ONE_MINUS_DST_COLOR},
      {D3D10_DDI_BLEND_SRC_ALPHASAT, VK_BLEND_FACTOR_ONE},  // min(As, 1 - Ad) applies to RGB only; alpha gets 1
      {D3D10_DDI_BLEND_BLEND_FACTOR, VK_BLEND_FACTOR_CONSTANT_ALPHA},
      {D3D10_DDI_BLEND_INVBLEND_FACTOR, VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_ALPHA},
      {D3D10_DDI_BLEND_SRC1_COLOR, VK_BLEND_FACTOR_SRC1_ALPHA},
      {D3D10_DDI_BLEND_INV_SRC1_COLOR, VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA},
      {D3D10_DDI_BLEND_SRC1_ALPHA, VK_BLEND_FACTOR_SRC1_ALPHA},
      {D3D10_DDI_BLEND_INV_SRC1_ALPHA, VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA},
  };
  for (const Case& c : cases) {
    INFO("D3D blend " << int(c.d3d));
    D3D11_1_DDI_BLEND_DESC desc = defaultBlendDesc();
    auto& rt = desc.RenderTarget[0];
    rt.BlendEnable = TRUE;
    rt.SrcBlend = D3D10_DDI_BLEND_ZERO;  // colour factors and op: never used for the red of such a target
    rt.DestBlend = D3D10_DDI_BLEND_INV_SRC_COLOR;
    rt.BlendOp = D3D10_DDI_BLEND_OP_ADD;
    rt.SrcBlendAlpha = c.d3d;
    rt.DestBlendAlpha = c.d3d;
    rt.BlendOpAlpha = D3D10_DDI_BLEND_OP_REV_SUBTRACT;
    rt.RenderTargetWriteMask = 0x8;  // alpha only
    const VkPipelineColorBlendAttachmentState a = alphaInRedAttachment(translateBlendState(desc).attachments[0]);
    CHECK(a.blendEnable == VK_TRUE);
    CHECK(a.srcColorBlendFactor == c.red);
    CHECK(a.dstColorBlendFactor == c.red);
    CHECK(a.colorBlendOp == VK_BLEND_OP_REVERSE_SUBTRACT);
    CHECK(a.colorWriteMask == VK_COLOR_COMPONENT_R_BIT);
  }
  // Without the alpha bit nothing is written, whatever the colour bits say.
  D3D11_1_DDI_BLEND_DESC desc = defaultBlendDesc();
  desc.RenderTarget[0].RenderTargetWriteMask = 0x7;
  CHECK(alphaInRedAttachment(translateBlendState(desc).attachments[0]).colorWriteMask == 0u);
}
