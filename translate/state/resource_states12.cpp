// translate/state/resource_states12.cpp — see resource_states12.h.
#include "resource_states12.h"

namespace d3dvk::state {
namespace {

// D3D12_RESOURCE_STATES bits (d3d12.h).
enum : uint32_t {
  kVertexAndConstantBuffer = 0x1,
  kIndexBuffer = 0x2,
  kRenderTarget = 0x4,
  kUnorderedAccess = 0x8,
  kDepthWrite = 0x10,
  kDepthRead = 0x20,
  kNonPixelShaderResource = 0x40,
  kPixelShaderResource = 0x80,
  kStreamOut = 0x100,
  kIndirectArgument = 0x200,  // also PREDICATION
  kCopyDest = 0x400,
  kCopySource = 0x800,
  kResolveDest = 0x1000,
  kResolveSource = 0x2000,
};
constexpr uint32_t kKnown = 0x3FFF;

constexpr VkPipelineStageFlags2 kPreRasterShaders =
    VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT | VK_PIPELINE_STAGE_2_TESSELLATION_CONTROL_SHADER_BIT |
    VK_PIPELINE_STAGE_2_TESSELLATION_EVALUATION_SHADER_BIT | VK_PIPELINE_STAGE_2_GEOMETRY_SHADER_BIT;
constexpr VkPipelineStageFlags2 kAllShaders =
    kPreRasterShaders | VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT;
constexpr VkPipelineStageFlags2 kFragmentTests =
    VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT;
constexpr BarrierScope kEverything{VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                                   VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT};

}  // namespace

BarrierScope resourceStateScope(uint32_t states) {
  // COMMON (implicit promotion: any use) and the states whose work d3dvk records as multi-step passes.
  if (states == 0 || (states & ~kKnown) || (states & (kStreamOut | kResolveDest | kResolveSource))) return kEverything;
  BarrierScope s;
  auto add = [&](VkPipelineStageFlags2 stages, VkAccessFlags2 access) {
    s.stages |= stages;
    s.access |= access;
  };
  if (states & kVertexAndConstantBuffer)
    add(VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT | kAllShaders,
        VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT | VK_ACCESS_2_UNIFORM_READ_BIT | VK_ACCESS_2_SHADER_READ_BIT);
  if (states & kIndexBuffer) add(VK_PIPELINE_STAGE_2_INDEX_INPUT_BIT, VK_ACCESS_2_INDEX_READ_BIT);
  if (states & kRenderTarget)  // draws, and clears (transfer clears, or attachment clears)
    add(VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT | VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
        VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_TRANSFER_WRITE_BIT);
  if (states & kUnorderedAccess)  // shader stores, and ClearUnorderedAccessView* (transfer or compute)
    add(kAllShaders | VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_SHADER_READ_BIT | VK_ACCESS_2_SHADER_WRITE_BIT |
                                                                VK_ACCESS_2_TRANSFER_READ_BIT | VK_ACCESS_2_TRANSFER_WRITE_BIT);
  if (states & kDepthWrite)
    add(kFragmentTests | VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT |
                                                                   VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT |
                                                                   VK_ACCESS_2_TRANSFER_WRITE_BIT);
  if (states & kDepthRead) add(kFragmentTests, VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT);
  if (states & kNonPixelShaderResource)
    add(kPreRasterShaders | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_READ_BIT);
  if (states & kPixelShaderResource) add(VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT, VK_ACCESS_2_SHADER_READ_BIT);
  if (states & kIndirectArgument)  // indirect draws and dispatches; ExecuteIndirect's argument passes
    add(VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
        VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_2_SHADER_READ_BIT | VK_ACCESS_2_TRANSFER_READ_BIT);
  if (states & kCopyDest) add(VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
  if (states & kCopySource) add(VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
  return s;
}

void BarrierBatch::transition(uint32_t before, uint32_t after) {
  const BarrierScope a = resourceStateScope(before), b = resourceStateScope(after);
  src.stages |= a.stages;
  src.access |= a.access;
  dst.stages |= b.stages;
  dst.access |= b.access;
}

void BarrierBatch::unorderedAccess() { transition(kUnorderedAccess, kUnorderedAccess); }

void BarrierBatch::all() {
  src = dst = kEverything;
}

VkPipelineStageFlags2 stagesFor(VkPipelineStageFlags2 stages, bool geometryShader, bool tessellationShader) {
  if (!geometryShader) stages &= ~VkPipelineStageFlags2(VK_PIPELINE_STAGE_2_GEOMETRY_SHADER_BIT);
  if (!tessellationShader)
    stages &= ~VkPipelineStageFlags2(VK_PIPELINE_STAGE_2_TESSELLATION_CONTROL_SHADER_BIT |
                                     VK_PIPELINE_STAGE_2_TESSELLATION_EVALUATION_SHADER_BIT);
  return stages;
}

}  // namespace d3dvk::state
