// tests/state: the Vulkan scopes of D3D12 resource states (resource_states12.h)
// — what one memory barrier for a batch of ResourceBarrier calls waits for and
// makes visible. Expectations are written from the D3D12 states' meanings and
// the commands d3dvk records in each (draws, transfer clears, copies, dispatches).
#include "resource_states12.h"

#include <catch2/catch.hpp>

using namespace d3dvk::state;

namespace {
constexpr uint32_t kRenderTarget = 0x4, kUnorderedAccess = 0x8, kDepthWrite = 0x10, kNonPixel = 0x40,
                   kPixel = 0x80, kCopyDest = 0x400, kCopySource = 0x800, kIndexBuffer = 0x2, kIndirect = 0x200;
constexpr VkPipelineStageFlags2 kAll = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
bool has(VkFlags64 flags, VkFlags64 bits) { return (flags & bits) == bits; }
}  // namespace

TEST_CASE("a render target becoming a pixel-shader resource waits for attachment writes and clears, not for everything",
          "[state][d3d12][barriers]") {
  BarrierBatch b;
  b.transition(kRenderTarget, kPixel);
  CHECK(has(b.src.stages, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT));
  CHECK(has(b.src.access, VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT));
  CHECK(has(b.src.stages, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT));  // ClearRenderTargetView as a transfer clear
  CHECK(has(b.src.access, VK_ACCESS_2_TRANSFER_WRITE_BIT));
  CHECK(!(b.src.stages & kAll));
  CHECK(!(b.src.stages & VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT));
  CHECK(b.dst.stages == VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT);
  CHECK(b.dst.access == VK_ACCESS_2_SHADER_READ_BIT);
}

TEST_CASE("copy, index and indirect states name the stages that read and write them", "[state][d3d12][barriers]") {
  BarrierBatch b;
  b.transition(kCopyDest, kIndexBuffer);
  CHECK(b.src.stages == VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT);
  CHECK(b.src.access == VK_ACCESS_2_TRANSFER_WRITE_BIT);
  CHECK(b.dst.stages == VK_PIPELINE_STAGE_2_INDEX_INPUT_BIT);
  CHECK(b.dst.access == VK_ACCESS_2_INDEX_READ_BIT);
  BarrierBatch c;
  c.transition(kUnorderedAccess, kIndirect | kCopySource);  // written by a dispatch, then indirect arguments and copied
  CHECK(has(c.src.stages, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT));
  CHECK(has(c.src.access, VK_ACCESS_2_SHADER_WRITE_BIT));
  CHECK(has(c.dst.stages, VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT | VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT));
  CHECK(has(c.dst.access, VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_2_TRANSFER_READ_BIT));
}

TEST_CASE("a batch is the union of its barriers, and UAV barriers order shader stores", "[state][d3d12][barriers]") {
  BarrierBatch b;
  b.transition(kDepthWrite, kNonPixel);
  b.unorderedAccess();
  CHECK(has(b.src.stages, VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT));
  CHECK(has(b.src.access, VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_SHADER_WRITE_BIT));
  CHECK(has(b.dst.stages, VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT));
  CHECK(!(b.dst.stages & VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT));
  CHECK(has(b.dst.access, VK_ACCESS_2_SHADER_READ_BIT | VK_ACCESS_2_SHADER_WRITE_BIT));
}

TEST_CASE("COMMON, resolve states, aliasing and unknown bits order everything", "[state][d3d12][barriers]") {
  for (const uint32_t states : {0u, 0x1000u, 0x2000u, 0x100u, 0x10000u | kPixel}) {
    INFO("states " << states);
    CHECK(resourceStateScope(states).stages == kAll);
  }
  BarrierBatch b;
  b.transition(kPixel, kRenderTarget);
  b.all();
  CHECK(b.src.stages == kAll);
  CHECK(b.dst.stages == kAll);
}

TEST_CASE("stages of disabled features are removed", "[state][d3d12][barriers]") {
  const VkPipelineStageFlags2 s = resourceStateScope(kNonPixel).stages;
  CHECK(has(s, VK_PIPELINE_STAGE_2_GEOMETRY_SHADER_BIT | VK_PIPELINE_STAGE_2_TESSELLATION_CONTROL_SHADER_BIT));
  const VkPipelineStageFlags2 without = stagesFor(s, false, false);
  CHECK(!(without & (VK_PIPELINE_STAGE_2_GEOMETRY_SHADER_BIT | VK_PIPELINE_STAGE_2_TESSELLATION_CONTROL_SHADER_BIT |
                     VK_PIPELINE_STAGE_2_TESSELLATION_EVALUATION_SHADER_BIT)));
  CHECK(has(without, VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT));
}
