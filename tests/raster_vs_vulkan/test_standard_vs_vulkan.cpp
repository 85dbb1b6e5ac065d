// tests/raster_vs_vulkan: the CPU rasterizer's standard mode against the Vulkan
// device's own rasterization (lavapipe here), pixel for pixel. Random triangles
// with vertices on the 16.8 grid (so both snap identically) — many with edges
// through pixel centres and vertices on them, to exercise the tie rule — are
// drawn one by one into a 64×64 R32_UINT target through plain Vulkan, read back,
// and compared with translate/raster's standard-mode coverage.
//
// The rule found: they agree exactly, except that lavapipe evaluates edge
// functions with less than the exact 16.8 precision on larger triangles, so a
// pixel whose centre lies within a fraction of a subpixel of an edge can come
// out the other way there (about 1% of random triangles, one pixel each; checked
// by hand on one: the centre is 0.00037 px inside, edge value +1672 in 1/256²
// units, so the exact answer is "covered"). The test requires equality
// everywhere else and that every disagreement is such a pixel.
#include "vk_test_context.h"

#include <d3dvk/raster/rasterizer.h>

#include <catch2/catch.hpp>
#include <spirv-tools/libspirv.hpp>

#include <cmath>
#include <cstring>
#include <random>
#include <set>

using namespace d3dvk;

namespace {

constexpr uint32_t kSize = 64;

// Position in framebuffer pixels → NDC (exact in float for 1/256 multiples: W = H = 64).
const char* kVertexShader = R"(
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Vertex %main "main" %inPos %outPos
               OpDecorate %inPos Location 0
               OpDecorate %outPos BuiltIn Position
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
         %v2 = OpTypeVector %float 2
         %v4 = OpTypeVector %float 4
     %ptrIn = OpTypePointer Input %v2
    %ptrOut = OpTypePointer Output %v4
      %inPos = OpVariable %ptrIn Input
     %outPos = OpVariable %ptrOut Output
         %f0 = OpConstant %float 0
         %f1 = OpConstant %float 1
     %scale = OpConstant %float 0.03125
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %p = OpLoad %v2 %inPos
          %x = OpCompositeExtract %float %p 0
          %y = OpCompositeExtract %float %p 1
         %xs = OpFMul %float %x %scale
         %ys = OpFMul %float %y %scale
         %xn = OpFSub %float %xs %f1
         %yn = OpFSub %float %ys %f1
          %v = OpCompositeConstruct %v4 %xn %yn %f0 %f1
               OpStore %outPos %v
               OpReturn
               OpFunctionEnd
)";

const char* kFragmentShader = R"(
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %main "main" %out
               OpExecutionMode %main OriginUpperLeft
               OpDecorate %out Location 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %ptr = OpTypePointer Output %uint
        %out = OpVariable %ptr Output
        %one = OpConstant %uint 1
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpStore %out %one
               OpReturn
               OpFunctionEnd
)";

VkShaderModule assemble(VkDevice device, const char* text) {
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
  std::vector<uint32_t> words;
  REQUIRE(tools.Assemble(text, &words));
  REQUIRE(tools.Validate(words));
  VkShaderModuleCreateInfo info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  info.codeSize = words.size() * 4;
  info.pCode = words.data();
  VkShaderModule module = VK_NULL_HANDLE;
  REQUIRE(vkCreateShaderModule(device, &info, nullptr, &module) == VK_SUCCESS);
  return module;
}

// A random point on the 1/256 grid; a third of the coordinates land exactly on
// pixel centres or pixel edges.
// Distance in 1/256 px from the pixel centre to the nearest of the triangle's
// edge lines, in exact integer arithmetic on the grid coordinates.
double centreToEdgeUnits(const raster::ScreenTriangle& tri, int px, int py) {
  const int64_t cx = int64_t(px) * 256 + 128, cy = int64_t(py) * 256 + 128;
  double best = 1e300;
  for (int i = 0; i < 3; ++i) {
    const auto& a = tri.v[i];
    const auto& b = tri.v[(i + 1) % 3];
    const int64_t ax = int64_t(std::lround(a.x * 256)), ay = int64_t(std::lround(a.y * 256));
    const int64_t bx = int64_t(std::lround(b.x * 256)), by = int64_t(std::lround(b.y * 256));
    const int64_t e = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    const double length = std::hypot(double(bx - ax), double(by - ay));
    if (length > 0) best = std::min(best, std::fabs(double(e)) / length);
  }
  return best;
}

float gridCoordinate(std::mt19937& rng) {
  std::uniform_int_distribution<int> fixedCoord(-8 * 256, (kSize + 8) * 256);
  std::uniform_int_distribution<int> pixel(-4, int(kSize) + 4), kind(0, 5);
  switch (kind(rng)) {
    case 0: return pixel(rng) + 0.5f;  // a pixel centre
    case 1: return float(pixel(rng));  // a pixel edge
    default: return fixedCoord(rng) / 256.0f;
  }
}

}  // namespace

TEST_CASE("standard-mode coverage equals the Vulkan device's rasterization", "[raster][vulkan]") {
  test::VkTestContext ctx;
  VkDevice dev = ctx.vkDevice();
  if (ctx.device().info().properties.limits.subPixelPrecisionBits != 8) {
    WARN("device has " << ctx.device().info().properties.limits.subPixelPrecisionBits
                       << " sub-pixel bits, not 8: the comparison needs D3D's 16.8 snapping");
    return;
  }

  // Target image and readback buffer.
  VkImageCreateInfo imageInfo{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  imageInfo.imageType = VK_IMAGE_TYPE_2D;
  imageInfo.format = VK_FORMAT_R32_UINT;
  imageInfo.extent = {kSize, kSize, 1};
  imageInfo.mipLevels = 1;
  imageInfo.arrayLayers = 1;
  imageInfo.samples = VK_SAMPLE_COUNT_1_BIT;
  imageInfo.usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
  VkImage image;
  REQUIRE(vkCreateImage(dev, &imageInfo, nullptr, &image) == VK_SUCCESS);
  VkMemoryRequirements req;
  vkGetImageMemoryRequirements(dev, image, &req);
  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  alloc.allocationSize = req.size;
  alloc.memoryTypeIndex = ctx.device().findMemoryType(req.memoryTypeBits, 0);
  VkDeviceMemory imageMemory;
  REQUIRE(vkAllocateMemory(dev, &alloc, nullptr, &imageMemory) == VK_SUCCESS);
  REQUIRE(vkBindImageMemory(dev, image, imageMemory, 0) == VK_SUCCESS);
  VkImageViewCreateInfo viewInfo{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  viewInfo.image = image;
  viewInfo.viewType = VK_IMAGE_VIEW_TYPE_2D;
  viewInfo.format = VK_FORMAT_R32_UINT;
  viewInfo.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  VkImageView view;
  REQUIRE(vkCreateImageView(dev, &viewInfo, nullptr, &view) == VK_SUCCESS);
  auto readback = ctx.createHostBuffer(kSize * kSize * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
  auto vertexBuffer = ctx.createHostBuffer(6 * sizeof(float), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);

  // Pipeline: dynamic rendering, no culling, one R32_UINT target.
  VkShaderModule vs = assemble(dev, kVertexShader), fs = assemble(dev, kFragmentShader);
  VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  VkPipelineLayout layout;
  REQUIRE(vkCreatePipelineLayout(dev, &layoutInfo, nullptr, &layout) == VK_SUCCESS);
  VkPipelineShaderStageCreateInfo stages[2] = {{VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO},
                                               {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO}};
  stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
  stages[0].module = vs;
  stages[0].pName = "main";
  stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
  stages[1].module = fs;
  stages[1].pName = "main";
  VkVertexInputBindingDescription binding{0, 2 * sizeof(float), VK_VERTEX_INPUT_RATE_VERTEX};
  VkVertexInputAttributeDescription attribute{0, 0, VK_FORMAT_R32G32_SFLOAT, 0};
  VkPipelineVertexInputStateCreateInfo vertexInput{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
  vertexInput.vertexBindingDescriptionCount = 1;
  vertexInput.pVertexBindingDescriptions = &binding;
  vertexInput.vertexAttributeDescriptionCount = 1;
  vertexInput.pVertexAttributeDescriptions = &attribute;
  VkPipelineInputAssemblyStateCreateInfo assembly{VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
  assembly.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  VkViewport viewport{0, 0, float(kSize), float(kSize), 0, 1};
  VkRect2D scissor{{0, 0}, {kSize, kSize}};
  VkPipelineViewportStateCreateInfo viewportState{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
  viewportState.viewportCount = 1;
  viewportState.pViewports = &viewport;
  viewportState.scissorCount = 1;
  viewportState.pScissors = &scissor;
  VkPipelineRasterizationStateCreateInfo raster{VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
  raster.polygonMode = VK_POLYGON_MODE_FILL;
  raster.cullMode = VK_CULL_MODE_NONE;
  raster.lineWidth = 1;
  VkPipelineMultisampleStateCreateInfo multisample{VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
  multisample.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
  VkPipelineColorBlendAttachmentState blendAttachment{};
  blendAttachment.colorWriteMask = VK_COLOR_COMPONENT_R_BIT;
  VkPipelineColorBlendStateCreateInfo blend{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
  blend.attachmentCount = 1;
  blend.pAttachments = &blendAttachment;
  VkFormat format = VK_FORMAT_R32_UINT;
  VkPipelineRenderingCreateInfo rendering{VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
  rendering.colorAttachmentCount = 1;
  rendering.pColorAttachmentFormats = &format;
  VkGraphicsPipelineCreateInfo pipelineInfo{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
  pipelineInfo.pNext = &rendering;
  pipelineInfo.stageCount = 2;
  pipelineInfo.pStages = stages;
  pipelineInfo.pVertexInputState = &vertexInput;
  pipelineInfo.pInputAssemblyState = &assembly;
  pipelineInfo.pViewportState = &viewportState;
  pipelineInfo.pRasterizationState = &raster;
  pipelineInfo.pMultisampleState = &multisample;
  pipelineInfo.pColorBlendState = &blend;
  pipelineInfo.layout = layout;
  VkPipeline pipeline;
  REQUIRE(vkCreateGraphicsPipelines(dev, VK_NULL_HANDLE, 1, &pipelineInfo, nullptr, &pipeline) == VK_SUCCESS);

  raster::RasterizerDrawState state;
  state.mode = raster::RasterMode::Standard;
  state.clip = {0, 0, int(kSize), int(kSize)};

  std::mt19937 rng(20261122);
  int compared = 0, nonEmpty = 0, tieTriangles = 0, disagreeing = 0;
  for (int t = 0; t < 300; ++t) {
    raster::ScreenTriangle tri;
    bool tie = false;
    for (auto& v : tri.v) {
      v = {gridCoordinate(rng), gridCoordinate(rng)};
      tie = tie || v.x == std::floor(v.x) + 0.5f || v.y == std::floor(v.y) + 0.5f;
    }
    tieTriangles += tie;
    std::memcpy(vertexBuffer.mapped, tri.v, sizeof tri.v);

    ctx.submitAndWait([&](VkCommandBuffer cmd) {
      VkImageMemoryBarrier2 toAttachment{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2};
      toAttachment.srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT;
      toAttachment.srcAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT;
      toAttachment.dstStageMask = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
      toAttachment.dstAccessMask = VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT;
      toAttachment.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
      toAttachment.newLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
      toAttachment.image = image;
      toAttachment.subresourceRange = viewInfo.subresourceRange;
      VkDependencyInfo dep{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
      dep.imageMemoryBarrierCount = 1;
      dep.pImageMemoryBarriers = &toAttachment;
      vkCmdPipelineBarrier2(cmd, &dep);

      VkRenderingAttachmentInfo color{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
      color.imageView = view;
      color.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
      color.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
      color.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
      color.clearValue.color.uint32[0] = 0;
      VkRenderingInfo renderingInfo{VK_STRUCTURE_TYPE_RENDERING_INFO};
      renderingInfo.renderArea = scissor;
      renderingInfo.layerCount = 1;
      renderingInfo.colorAttachmentCount = 1;
      renderingInfo.pColorAttachments = &color;
      vkCmdBeginRendering(cmd, &renderingInfo);
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
      VkDeviceSize offset = 0;
      vkCmdBindVertexBuffers(cmd, 0, 1, &vertexBuffer.buffer, &offset);
      vkCmdDraw(cmd, 3, 1, 0, 0);
      vkCmdEndRendering(cmd);

      VkImageMemoryBarrier2 toTransfer = toAttachment;
      toTransfer.srcStageMask = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
      toTransfer.srcAccessMask = VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT;
      toTransfer.dstStageMask = VK_PIPELINE_STAGE_2_COPY_BIT;
      toTransfer.dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT;
      toTransfer.oldLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
      toTransfer.newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
      dep.pImageMemoryBarriers = &toTransfer;
      vkCmdPipelineBarrier2(cmd, &dep);
      VkBufferImageCopy region{};
      region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
      region.imageExtent = {kSize, kSize, 1};
      vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback.buffer, 1, &region);
      VkMemoryBarrier2 toHost{VK_STRUCTURE_TYPE_MEMORY_BARRIER_2};
      toHost.srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT;
      toHost.srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT;
      toHost.dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT;
      toHost.dstAccessMask = VK_ACCESS_2_HOST_READ_BIT;
      VkDependencyInfo hostDep{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
      hostDep.memoryBarrierCount = 1;
      hostDep.pMemoryBarriers = &toHost;
      vkCmdPipelineBarrier2(cmd, &hostDep);
    });

    std::set<std::pair<int, int>> gpu, cpu;
    const uint32_t* pixels = static_cast<const uint32_t*>(readback.mapped);
    for (uint32_t y = 0; y < kSize; ++y)
      for (uint32_t x = 0; x < kSize; ++x)
        if (pixels[y * kSize + x]) gpu.insert({int(x), int(y)});
    raster::SpanRowArray rows;
    raster::TriangleCoverage cov = raster::rasterizeTriangle(tri, state, rows);
    for (uint32_t r = 0; r < cov.rowCount; ++r) {
      raster::RowSubSpans subs = raster::subSpans(rows[r], cov.firstY + int(r));
      for (int k = 0; k < subs.count; ++k)
        for (int x = subs.span[k].xBegin; x < subs.span[k].xEnd; ++x) cpu.insert({x, subs.span[k].y});
    }
    INFO("triangle " << t << ": (" << tri.v[0].x << "," << tri.v[0].y << ") (" << tri.v[1].x << "," << tri.v[1].y
                     << ") (" << tri.v[2].x << "," << tri.v[2].y << ")");
    std::vector<std::pair<int, int>> differences;
    for (auto& px : gpu)
      if (!cpu.count(px)) differences.push_back(px);
    for (auto& px : cpu)
      if (!gpu.count(px)) differences.push_back(px);
    for (auto& px : differences) {
      INFO("pixel (" << px.first << "," << px.second << ") differs, centre "
                     << centreToEdgeUnits(tri, px.first, px.second) << "/256 px from an edge");
      CHECK(centreToEdgeUnits(tri, px.first, px.second) < 1.0);  // only sub-subpixel disagreements
    }
    disagreeing += !differences.empty();
    ++compared;
    nonEmpty += !gpu.empty();
  }
  CHECK(compared == 300);
  CHECK(nonEmpty > 150);
  CHECK(tieTriangles > 100);
  // Disagreements stay rare (4 of these 300 on lavapipe at the time of writing).
  CHECK(disagreeing <= 9);
  WARN(disagreeing << " of " << compared << " triangles differ from the device in a sub-subpixel pixel");

  vkDestroyPipeline(dev, pipeline, nullptr);
  vkDestroyPipelineLayout(dev, layout, nullptr);
  vkDestroyShaderModule(dev, vs, nullptr);
  vkDestroyShaderModule(dev, fs, nullptr);
  vkDestroyImageView(dev, view, nullptr);
  vkDestroyImage(dev, image, nullptr);
  vkFreeMemory(dev, imageMemory, nullptr);
}
