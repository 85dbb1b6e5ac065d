// ddi/umd/dynamic_output_state.cpp — see dynamic_output_state.h.
#include "dynamic_output_state.h"

#include "device.h"
#include "draw_recording.h"
#include "depth_stencil_state.h"
#include "driver_blend_state.h"
#include "driver_depth_stencil_state.h"
#include "driver_rasterizer_state.h"
#include "driver_shader.h"
#include "rasterizer_state.h"
#include "resource_format.h"

#include <cstring>

namespace d3dvk::umd {

void setDynamicBlend(VkCommandBuffer cmd, const state::GraphicsPipelineKey& key, const PipelineInputs& inputs,
                     BoundCommandState& b) {
  static_assert(sizeof key.renderTargetFormats[0] == sizeof b.blend.formats[0]);
  BoundCommandState::DynamicBlend& bound = b.blend;
  const uint32_t count = key.renderTargetCount;  // at least 1 (keyDynamicState)
  const uint64_t blendState = inputs.blend ? inputs.blend->id : 0;
  const uint32_t written = inputs.pixelShader ? inputs.pixelShader->reflection.renderTargetMask : 0;
  const bool sameCount = bound.count == count;
  const bool sameFormats =
      sameCount && std::memcmp(bound.formats, key.renderTargetFormats, count * sizeof key.renderTargetFormats[0]) == 0;
  if (sameFormats && bound.blendState == blendState && bound.writtenTargets == written) return;
  TargetFormatMasks formats{bound.integerTargets, bound.alphaInRedTargets, bound.unknownTargets};
  if (!sameFormats) formats = targetFormatMasks(key);
  VkPipelineColorBlendAttachmentState a[8];
  targetBlendAttachments(key, inputs, formats, a);
  VkBool32 enables[8];
  VkColorBlendEquationEXT equations[8];
  VkColorComponentFlags masks[8];
  for (uint32_t i = 0; i < count; ++i) {
    enables[i] = a[i].blendEnable;
    equations[i] = {a[i].srcColorBlendFactor, a[i].dstColorBlendFactor, a[i].colorBlendOp,
                    a[i].srcAlphaBlendFactor, a[i].dstAlphaBlendFactor, a[i].alphaBlendOp};
    masks[i] = a[i].colorWriteMask;
  }
  if (!sameCount || std::memcmp(enables, bound.enables, count * sizeof enables[0]) != 0)
    vkCmdSetColorBlendEnableEXT(cmd, 0, count, enables);
  if (!sameCount || std::memcmp(equations, bound.equations, count * sizeof equations[0]) != 0)
    vkCmdSetColorBlendEquationEXT(cmd, 0, count, equations);
  if (!sameCount || std::memcmp(masks, bound.writeMasks, count * sizeof masks[0]) != 0)
    vkCmdSetColorWriteMaskEXT(cmd, 0, count, masks);
  bound.count = count;
  bound.blendState = blendState;
  bound.writtenTargets = written;
  std::memcpy(bound.formats, key.renderTargetFormats, count * sizeof key.renderTargetFormats[0]);
  bound.integerTargets = formats.integer;
  bound.alphaInRedTargets = formats.alphaInRed;
  bound.unknownTargets = formats.unknown;
  std::memcpy(bound.enables, enables, count * sizeof enables[0]);
  std::memcpy(bound.equations, equations, count * sizeof equations[0]);
  std::memcpy(bound.writeMasks, masks, count * sizeof masks[0]);
}

namespace {
bool sameStencilFace(const VkStencilOpState& a, const VkStencilOpState& b) {
  return a.failOp == b.failOp && a.passOp == b.passOp && a.depthFailOp == b.depthFailOp && a.compareOp == b.compareOp;
}

// The depth and stencil tests of the bound state and view, each set where it changed.
void setDepthStencilTests(VkCommandBuffer cmd, const state::GraphicsPipelineKey& key, uint32_t readOnly,
                          const PipelineInputs& inputs, BoundCommandState::DynamicDepthStencil& bound) {
  const bool fresh = !bound.set;
  const VkPipelineDepthStencilStateCreateInfo t =
      depthStencilPipelineState(inputs.depthStencil, key.depthStencilFormat, readOnly);
  if (fresh || t.depthTestEnable != bound.depthTest) vkCmdSetDepthTestEnable(cmd, t.depthTestEnable);
  if (fresh || t.depthWriteEnable != bound.depthWrite) vkCmdSetDepthWriteEnable(cmd, t.depthWriteEnable);
  if (fresh || t.depthCompareOp != bound.depthCompare) vkCmdSetDepthCompareOp(cmd, t.depthCompareOp);
  if (fresh || t.stencilTestEnable != bound.stencilTest) vkCmdSetStencilTestEnable(cmd, t.stencilTestEnable);
  // Per face: ops, compare mask, write mask (the reference is setDynamicStateChanges').
  const VkStencilOpState* faces[2] = {&t.front, &t.back};
  const VkStencilFaceFlags flags[2] = {VK_STENCIL_FACE_FRONT_BIT, VK_STENCIL_FACE_BACK_BIT};
  const bool changed[2] = {fresh || !sameStencilFace(t.front, bound.front), fresh || !sameStencilFace(t.back, bound.back)};
  if (changed[0] && changed[1] && sameStencilFace(t.front, t.back)) {
    vkCmdSetStencilOp(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, t.front.failOp, t.front.passOp, t.front.depthFailOp,
                      t.front.compareOp);
  } else {
    for (int i = 0; i < 2; ++i)
      if (changed[i])
        vkCmdSetStencilOp(cmd, flags[i], faces[i]->failOp, faces[i]->passOp, faces[i]->depthFailOp,
                          faces[i]->compareOp);
  }
  // (D3D has one read and one write mask for both faces.)
  if (fresh || t.front.compareMask != bound.front.compareMask)
    vkCmdSetStencilCompareMask(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, t.front.compareMask);
  if (fresh || t.front.writeMask != bound.front.writeMask)
    vkCmdSetStencilWriteMask(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, t.front.writeMask);
  bound.depthTest = t.depthTestEnable;
  bound.depthWrite = t.depthWriteEnable;
  bound.depthCompare = t.depthCompareOp;
  bound.stencilTest = t.stencilTestEnable;
  bound.front = t.front;
  bound.back = t.back;
}
}  // namespace

void setDynamicDepthStencil(Device& device, VkCommandBuffer cmd, const state::GraphicsPipelineKey& key,
                            const PipelineInputs& inputs, BoundCommandState& b) {
  BoundCommandState::DynamicDepthStencil& bound = b.depth;
  const bool fresh = !bound.set;
  const uint64_t depthStencilState = inputs.depthStencil ? inputs.depthStencil->id : 0;
  const bool sameFormat = !fresh && bound.depthStencilFormat == uint32_t(key.depthStencilFormat);
  // (The view's read-only flags are not in the key's pipeline part: keyDynamicState.)
  const uint32_t readOnly = boundDepthStencilReadOnly(device);
  if (!sameFormat || bound.depthStencilReadOnly != readOnly || bound.depthStencilState != depthStencilState)
    setDepthStencilTests(cmd, key, readOnly, inputs, bound);

  const D3DWDDM2_0DDI_RASTERIZER_DESC& r = *inputs.rasterizer;
  const VkCullModeFlags cullMode = state::cullModeFor(r.CullMode);
  if (fresh || cullMode != bound.cullMode) vkCmdSetCullMode(cmd, bound.cullMode = cullMode);
  const VkFrontFace frontFace = state::frontFaceFor(r.FrontCounterClockwise);
  if (fresh || frontFace != bound.frontFace) vkCmdSetFrontFace(cmd, bound.frontFace = frontFace);

  if (state::keyHasDynamicDepthBias(key.depthStencilState) &&
      (!sameFormat || !bound.depthBiasSet || bound.depthBiasSource != r.DepthBias ||
       bound.depthBiasClampSource != r.DepthBiasClamp || bound.slopeScaledDepthBiasSource != r.SlopeScaledDepthBias)) {
    const state::FormatInfo* f = state::findFormat(key.depthStencilFormat);
    const state::DepthBiasValues bias =
        state::depthBiasFor(r, f ? f->vk : VK_FORMAT_UNDEFINED, rasterizerDeviceCaps(device));
    if (!bound.depthBiasSet || bias.enable != bound.depthBiasEnable) vkCmdSetDepthBiasEnable(cmd, bias.enable);
    const float values[3] = {bias.constantFactor, bias.clamp, bias.slopeFactor};
    if (!bound.depthBiasSet || std::memcmp(values, bound.depthBias, sizeof values) != 0)
      vkCmdSetDepthBias(cmd, values[0], values[1], values[2]);
    bound.depthBiasSet = true;
    bound.depthBiasSource = r.DepthBias;
    bound.depthBiasClampSource = r.DepthBiasClamp;
    bound.slopeScaledDepthBiasSource = r.SlopeScaledDepthBias;
    bound.depthBiasEnable = bias.enable;
    std::memcpy(bound.depthBias, values, sizeof values);
  }
  bound.set = true;
  bound.depthStencilState = depthStencilState;
  bound.depthStencilFormat = uint32_t(key.depthStencilFormat);
  bound.depthStencilReadOnly = readOnly;
}

}  // namespace d3dvk::umd
