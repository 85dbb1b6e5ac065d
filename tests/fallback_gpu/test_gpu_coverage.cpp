// tests/fallback_gpu/test_gpu_coverage.cpp — the GPU fallback's coverage bit
// for bit against translate/raster, on the Vulkan device: random screen-space
// triangles of every category of tests/raster/random_triangles.h (tiny, sliver,
// huge, near pixel edges, on the 1/256 grid, near ±32768, post-snap
// degenerates), each with its own clip rectangle, go through the real setup
// passes (translate/fallback/shaders/setup.comp's triage and, indirectly, its
// full setup over the deferred triangles; screen-space input) and then
// through the coverage function the pixel shader's prelude runs
// (dxbc::emitFallbackCoverage, driven by dxbc::buildCoverageTestShader over
// every pixel of each record's box); every row's outer and inner pixels, the
// facing and the degenerate flag must equal translate/raster's at Tier 3, and
// the record's candidate triangle (what the draw pass rasterizes) must have its
// corners on the 1/16-pixel grid and hold every covered pixel's centre.
// Once with the flat path for the records it decides (kRecordFast) and the
// exact path for the rest, and for a share of the batches with the exact
// 64-bit path forced for every record; the setup's switch between the draw
// pass's flat-only and exact draws (FallbackDrawArgs) is checked per batch.
// D3DVK_GPU_COVERAGE_TRIANGLES overrides the count (default 1 000 000);
// D3DVK_GPU_COVERAGE_TRIANGLE="x0 y0 x1 y1 x2 y2 left top right bottom" draws
// that one triangle instead (the failure message prints them so).
#include "d3dvk/raster/rasterizer.h"
#include "dxbc/fallback_shaders.h"
#include "dxbc/spirv_tools.h"
#include "gpu_layout.h"
#include "random_triangles.h"
#include "setup_shader.h"
#include "vk_test_context.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace d3dvk;
namespace gpu = fallback::gpu;

size_t triangleCount() {
  if (const char* e = std::getenv("D3DVK_GPU_COVERAGE_TRIANGLES")) {
    const long v = std::atol(e);
    if (v > 0) return size_t(v);
  }
  return 1000000;
}

// A compute pipeline over one set of `bindings` storage buffers and `pushBytes` of push constants.
struct ComputePipeline {
  VkDevice device = VK_NULL_HANDLE;
  VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkShaderModule module = VK_NULL_HANDLE;

  ComputePipeline(VkDevice d, const std::vector<uint32_t>& spirv, uint32_t bindings, uint32_t pushBytes) : device(d) {
    std::vector<VkDescriptorSetLayoutBinding> b(bindings);
    for (uint32_t i = 0; i < bindings; ++i)
      b[i] = {i, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
    VkDescriptorSetLayoutCreateInfo setInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    setInfo.bindingCount = bindings;
    setInfo.pBindings = b.data();
    REQUIRE(vkCreateDescriptorSetLayout(d, &setInfo, nullptr, &setLayout) == VK_SUCCESS);
    const VkPushConstantRange push{VK_SHADER_STAGE_COMPUTE_BIT, 0, pushBytes};
    VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    layoutInfo.setLayoutCount = 1;
    layoutInfo.pSetLayouts = &setLayout;
    layoutInfo.pushConstantRangeCount = 1;
    layoutInfo.pPushConstantRanges = &push;
    REQUIRE(vkCreatePipelineLayout(d, &layoutInfo, nullptr, &layout) == VK_SUCCESS);
    VkShaderModuleCreateInfo moduleInfo{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    moduleInfo.codeSize = spirv.size() * 4;
    moduleInfo.pCode = spirv.data();
    REQUIRE(vkCreateShaderModule(d, &moduleInfo, nullptr, &module) == VK_SUCCESS);
    VkComputePipelineCreateInfo info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    info.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_COMPUTE_BIT, module,
                  "main", nullptr};
    info.layout = layout;
    REQUIRE(vkCreateComputePipelines(d, VK_NULL_HANDLE, 1, &info, nullptr, &pipeline) == VK_SUCCESS);
  }
  ~ComputePipeline() {
    vkDestroyPipeline(device, pipeline, nullptr);
    vkDestroyShaderModule(device, module, nullptr);
    vkDestroyPipelineLayout(device, layout, nullptr);
    vkDestroyDescriptorSetLayout(device, setLayout, nullptr);
  }
  ComputePipeline(const ComputePipeline&) = delete;
  ComputePipeline& operator=(const ComputePipeline&) = delete;
};

// Records a dispatch of `pipeline` over `buffers` (whole sizes) with push
// constants; with `then`, an indirect dispatch of `then` (same set layout and
// push constants) from `indirect` at `indirectOffset` after it.
void dispatch(test::VkTestContext& ctx, VkDescriptorPool pool, const ComputePipeline& p,
              const std::vector<test::VkTestContext::HostBuffer*>& buffers, const void* push, uint32_t pushBytes,
              uint32_t groups, const ComputePipeline* then = nullptr, VkBuffer indirect = VK_NULL_HANDLE,
              VkDeviceSize indirectOffset = 0) {
  VkDescriptorSetAllocateInfo alloc{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  alloc.descriptorPool = pool;
  alloc.descriptorSetCount = 1;
  alloc.pSetLayouts = &p.setLayout;
  VkDescriptorSet set = VK_NULL_HANDLE;
  REQUIRE(vkAllocateDescriptorSets(ctx.vkDevice(), &alloc, &set) == VK_SUCCESS);
  std::vector<VkDescriptorBufferInfo> infos(buffers.size());
  std::vector<VkWriteDescriptorSet> writes(buffers.size());
  for (size_t i = 0; i < buffers.size(); ++i) {
    infos[i] = {buffers[i]->buffer, 0, VK_WHOLE_SIZE};
    writes[i] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    writes[i].dstSet = set;
    writes[i].dstBinding = uint32_t(i);
    writes[i].descriptorCount = 1;
    writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    writes[i].pBufferInfo = &infos[i];
  }
  vkUpdateDescriptorSets(ctx.vkDevice(), uint32_t(writes.size()), writes.data(), 0, nullptr);
  ctx.submitAndWait([&](VkCommandBuffer cmd) {
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p.pipeline);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p.layout, 0, 1, &set, 0, nullptr);
    vkCmdPushConstants(cmd, p.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, pushBytes, push);
    vkCmdDispatch(cmd, groups, 1, 1);
    if (!then) return;
    VkMemoryBarrier2 barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER_2};
    barrier.srcStageMask = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT;
    barrier.srcAccessMask = VK_ACCESS_2_SHADER_WRITE_BIT;
    barrier.dstStageMask = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT;
    barrier.dstAccessMask = VK_ACCESS_2_SHADER_READ_BIT | VK_ACCESS_2_SHADER_WRITE_BIT | VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT;
    VkDependencyInfo dependency{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
    dependency.memoryBarrierCount = 1;
    dependency.pMemoryBarriers = &barrier;
    vkCmdPipelineBarrier2(cmd, &dependency);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, then->pipeline);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, then->layout, 0, 1, &set, 0, nullptr);
    vkCmdPushConstants(cmd, then->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, pushBytes, push);
    vkCmdDispatchIndirect(cmd, indirect, indirectOffset);
  });
  REQUIRE(vkResetDescriptorPool(ctx.vkDevice(), pool, 0) == VK_SUCCESS);
}

uint32_t clipBits(int32_t a, int32_t b) {
  auto clamp16 = [](int32_t v) { return uint32_t(std::clamp(v, 0, raster::kMaxClipExtent)); };
  return clamp16(a) | clamp16(b) << 16;
}

}  // namespace

TEST_CASE("GPU fallback: setup pass + prelude coverage match translate/raster bit for bit on random triangles",
          "[fallback][gpu][coverage]") {
  test::VkTestContext ctx;
  const bool doubles = ctx.device().enabledFeatures().shaderFloat64;
  if (!ctx.device().enabledFeatures().shaderInt64) {
    WARN("device has no shaderInt64: the GPU fallback cannot run here");
    return;
  }
  const std::span<const uint32_t> triageCode = fallback::setupShaderSpirv(doubles, fallback::SetupPass::Triage);
  const std::span<const uint32_t> deferredCode = fallback::setupShaderSpirv(doubles, fallback::SetupPass::Deferred);
  const std::vector<uint32_t> triageSpirv(triageCode.begin(), triageCode.end());
  const std::vector<uint32_t> deferredSpirv(deferredCode.begin(), deferredCode.end());
  REQUIRE(dxbc::validateSpirv(triageSpirv) == "");
  REQUIRE(dxbc::validateSpirv(deferredSpirv) == "");
  const std::vector<uint32_t> coverageSpirv = dxbc::buildCoverageTestShader();
  REQUIRE(dxbc::validateSpirv(coverageSpirv) == "");
  const ComputePipeline setup(ctx.vkDevice(), triageSpirv, gpu::kSetupBindings, sizeof(gpu::SetupParams));
  const ComputePipeline setupDeferred(ctx.vkDevice(), deferredSpirv, gpu::kSetupBindings, sizeof(gpu::SetupParams));
  const ComputePipeline coverage(ctx.vkDevice(), coverageSpirv, 3, 8);
  VkDescriptorPoolSize poolSize{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, gpu::kSetupBindings + 3};
  VkDescriptorPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  poolInfo.maxSets = 2;
  poolInfo.poolSizeCount = 1;
  poolInfo.pPoolSizes = &poolSize;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  REQUIRE(vkCreateDescriptorPool(ctx.vkDevice(), &poolInfo, nullptr, &pool) == VK_SUCCESS);

  constexpr uint32_t kBatch = 1 << 16;
  const VkBufferUsageFlags storage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  auto captured = ctx.createHostBuffer(VkDeviceSize(kBatch) * 3 * 16, storage);
  auto counter = ctx.createHostBuffer(16, storage);
  auto records = ctx.createHostBuffer(sizeof(gpu::FallbackHeader) + VkDeviceSize(kBatch) * sizeof(gpu::FallbackRecord), storage);
  auto corners = ctx.createHostBuffer(VkDeviceSize(kBatch) * gpu::kCornersPerRecord * sizeof(gpu::FallbackCorner), storage);
  auto statistics = ctx.createHostBuffer(16, storage);
  auto drawArgs = ctx.createHostBuffer(sizeof(gpu::FallbackDrawArgs), storage | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT);
  auto deferred = ctx.createHostBuffer(VkDeviceSize(kBatch) * sizeof(uint32_t), storage);
  constexpr uint32_t kMaxRows = 1u << 22;
  auto offsets = ctx.createHostBuffer(VkDeviceSize(kMaxRows) * 8, storage);
  auto rows = ctx.createHostBuffer(kMaxRows * 12, storage);
  std::memset(records.mapped, 0, sizeof(gpu::FallbackHeader));

  const size_t n = triangleCount();
  raster_test::Generator gen(0x6a7b0d11ULL);
  raster::RasterizerDrawState state;
  state.mode = raster::RasterMode::Conservative;
  state.tier = raster::ConservativeTier::Tier3;
  size_t failures = 0, checkedPixels = 0, innerPixels = 0, degenerates = 0, exactBatches = 0, flatRecords = 0;
  size_t switchedBatches = 0, argFailures = 0, deferredRecords = 0, degenerateRecords = 0;
  std::string first;
  std::vector<raster_test::Case> cases(kBatch);
  raster::SpanRowArray cpuRows;
  const gpu::FallbackRecord* rec = nullptr;
  std::vector<uint32_t> rowOffset(kBatch);  // each record's first row
  gpu::SetupParams params{};
  const auto* cornerData = static_cast<const gpu::FallbackCorner*>(corners.mapped);
  auto compareBatch = [&](uint32_t count, bool forceExact) {
      const uint32_t* gpuRows = static_cast<const uint32_t*>(rows.mapped);
      const size_t failuresBefore = failures;
    for (uint32_t i = 0; i < count && failures - failuresBefore < 20; ++i) {
        const raster_test::Case& c = cases[i];
        state.clip = c.clip;
        cpuRows.clear();
        const raster::TriangleCoverage cov = raster::rasterizeTriangle(c.tri, state, cpuRows);
        const gpu::FallbackRecord& r = rec[i];
        auto fail = [&](const std::string& what) {
          if (failures++ == 0 || (forceExact && first.find("exact path") == std::string::npos)) {
            std::ostringstream os;
            os.precision(9);
            os << (forceExact ? "exact path: " : "") << "[" << raster_test::kCategoryName[c.cat] << "] " << what
               << "; triangle";
            for (const auto& p : c.tri.v) os << " " << p.x << " " << p.y;
            os << " clip " << c.clip.left << " " << c.clip.top << " " << c.clip.right << " " << c.clip.bottom;
            first += os.str() + "\n";
          }
        };
        if (raster::isRejection(cov.cull)) {
          if (!(r.flags & gpu::kRecordRejected)) fail("not rejected");
          continue;
        }
        const bool degenerate = (r.flags & gpu::kRecordDegenerate) != 0;
        degenerates += degenerate;
        if (degenerate != cov.degenerate) fail("degenerate flag differs");
        if (!cov.degenerate && ((r.flags & gpu::kRecordFrontFacing) != 0) != cov.frontFacing) fail("facing differs");
        const int32_t top = int32_t(r.boxOrigin >> 16), height = int32_t(r.boxSize >> 16);
        // The candidate triangle the draw pass rasterizes: its corners on the
        // 1/16-pixel grid (so a device's own vertex snap, 2^-subPixelPrecisionBits
        // with at least 4 bits, leaves them and the depth and attributes
        // interpolated between them where the setup computed them), and every
        // covered pixel's centre strictly inside it.
        double cx[3], cy[3];
        for (uint32_t k = 0; k < gpu::kCornersPerRecord; ++k) {
          const gpu::FallbackCorner& corner = cornerData[size_t(i) * gpu::kCornersPerRecord + k];
          cx[k] = params.drawX + (double(corner.x) + 1.0) * 0.5 * params.drawWidth;
          cy[k] = params.drawY + (double(corner.y) + 1.0) * 0.5 * params.drawHeight;
          if (!forceExact && (cx[k] * 16 != std::floor(cx[k] * 16) || cy[k] * 16 != std::floor(cy[k] * 16)))
            fail("candidate corner off the 1/16-pixel grid");
        }
        const double area = (cx[1] - cx[0]) * (cy[2] - cy[0]) - (cx[2] - cx[0]) * (cy[1] - cy[0]);
        auto inside = [&](double px, double py) {
          for (int k = 0; k < 3; ++k) {
            const int l = (k + 1) % 3;
            if (((cx[l] - cx[k]) * (py - cy[k]) - (px - cx[k]) * (cy[l] - cy[k])) * area <= 0) return false;
          }
          return true;
        };
        // Every CPU row lies inside the box.
        if (cov.rowCount && (cov.firstY < top || int32_t(cov.firstY + cov.rowCount) > top + height)) fail("rows outside the box");
        for (int32_t y = top; y < top + height; ++y) {
          const uint32_t* g = gpuRows + 3 * (size_t(rowOffset[i]) + size_t(y - top));
          const int outerBegin = int(g[0] & 0xFFFF), outerEnd = int(g[0] >> 16);
          const int innerBegin = int(g[1] & 0xFFFF), innerEnd = int(g[1] >> 16);
          const int outerCount = int(g[2] & 0xFFFF), innerCount = int(g[2] >> 16);
          if (outerCount != outerEnd - outerBegin || innerCount != innerEnd - innerBegin) {
            fail("row " + std::to_string(y) + " is not one interval");
            break;
          }
          int cpuOuterBegin = 0, cpuOuterEnd = 0, cpuInnerBegin = 0, cpuInnerEnd = 0;
          if (y >= cov.firstY && y < int32_t(cov.firstY + cov.rowCount)) {
            const raster::SpanRow& row = cpuRows[size_t(y - cov.firstY)];
            if (!row.empty()) cpuOuterBegin = row.outerBegin, cpuOuterEnd = row.outerEnd;
            if (row.hasInner()) cpuInnerBegin = row.innerBegin, cpuInnerEnd = row.innerEnd;
          }
          if (!forceExact && cpuOuterEnd > cpuOuterBegin &&
              !(inside(cpuOuterBegin + 0.5, y + 0.5) && inside(cpuOuterEnd - 0.5, y + 0.5))) {
            fail("row " + std::to_string(y) + ": a covered pixel's centre outside the candidate triangle");
            break;
          }
          if (std::getenv("D3DVK_GPU_COVERAGE_TRIANGLE"))
          std::printf("%s y %d: gpu [%d,%d) inner [%d,%d) cpu [%d,%d) inner [%d,%d)\n", forceExact ? "exact" : "fast", y,
                      outerBegin, outerEnd, innerBegin, innerEnd, cpuOuterBegin, cpuOuterEnd, cpuInnerBegin, cpuInnerEnd);
        if (outerBegin != cpuOuterBegin || outerEnd != cpuOuterEnd) {
            fail("row " + std::to_string(y) + ": GPU [" + std::to_string(outerBegin) + ", " + std::to_string(outerEnd) +
                 ") vs translate/raster [" + std::to_string(cpuOuterBegin) + ", " + std::to_string(cpuOuterEnd) + ")");
            break;
          }
          if (innerBegin != cpuInnerBegin || innerEnd != cpuInnerEnd) {
            fail("row " + std::to_string(y) + ": GPU inner [" + std::to_string(innerBegin) + ", " +
                 std::to_string(innerEnd) + ") vs translate/raster [" + std::to_string(cpuInnerBegin) + ", " +
                 std::to_string(cpuInnerEnd) + ")");
            break;
          }
          checkedPixels += size_t(outerCount);
          innerPixels += size_t(innerCount);
        }
      }
  };
  for (size_t done = 0; done < n; done += kBatch) {
    const uint32_t count = uint32_t(std::min<size_t>(kBatch, n - done));
    float* v = static_cast<float*>(captured.mapped);
    for (uint32_t i = 0; i < count; ++i) {
      cases[i] = gen.next();
      if (const char* one = std::getenv("D3DVK_GPU_COVERAGE_TRIANGLE")) {  // "x0 y0 x1 y1 x2 y2 left top right bottom"
        std::istringstream in(one);
        raster_test::Case& c = cases[i];
        in >> c.tri.v[0].x >> c.tri.v[0].y >> c.tri.v[1].x >> c.tri.v[1].y >> c.tri.v[2].x >> c.tri.v[2].y >> c.clip.left >>
            c.clip.top >> c.clip.right >> c.clip.bottom;
      }
      const raster_test::Case& c = cases[i];
      for (int k = 0; k < 3; ++k) {
        float* out = v + (size_t(i) * 3 + k) * 4;
        out[0] = c.tri.v[k].x;
        out[1] = c.tri.v[k].y;
        uint32_t zw[2] = {0, 0};
        if (k == 0) zw[0] = clipBits(c.clip.left, c.clip.top), zw[1] = clipBits(c.clip.right, c.clip.bottom);
        std::memcpy(out + 2, zw, sizeof zw);
      }
    }
    const uint32_t bytes = count * 3 * 16;
    std::memcpy(counter.mapped, &bytes, 4);
    std::memset(statistics.mapped, 0, 16);
    const gpu::FallbackDrawArgs initialArgs{{3 * count, 1, 0, 0}, {0, 1, 0, 0}, {0, 1, 1}, 0};
    std::memcpy(drawArgs.mapped, &initialArgs, sizeof initialArgs);
    params = gpu::SetupParams{};
    params.flags = gpu::kSetupConservative | gpu::kSetupInner | gpu::kSetupScreenInput;
    params.strideWords = 4;
    params.slots = count;
    params.instances = 1;
    // A draw-pass viewport around the target with a guard band, as fallbackDrawAxis makes
    // one where the device allows (the corners' NDC are relative to its origin).
    params.drawX = params.drawY = -16384.0f;
    params.drawWidth = params.drawHeight = 65536.0f;
    params.guardX = params.guardY = 1.0f;
    params.viewportWidth = params.viewportHeight = 1.0f;
    dispatch(ctx, pool, setup, {&captured, &counter, &records, &corners, &statistics, &drawArgs, &deferred}, &params,
             sizeof params, (count + gpu::kSetupWorkgroupSize - 1) / gpu::kSetupWorkgroupSize, &setupDeferred,
             drawArgs.buffer, offsetof(gpu::FallbackDrawArgs, deferredDispatch));

    // One invocation per box row: the row table (record, row within its box).
    rec = reinterpret_cast<const gpu::FallbackRecord*>(static_cast<const uint8_t*>(records.mapped) +
                                                       sizeof(gpu::FallbackHeader));
    uint32_t* rowTable = static_cast<uint32_t*>(offsets.mapped);
    uint32_t total = 0;
    // The draw pass runs its exact draw iff a record with pixels to test is not decided by the flat path.
    bool needsExact = false;
    for (uint32_t i = 0; i < count; ++i) {
      const bool drawn = (rec[i].flags & (gpu::kRecordRejected | gpu::kRecordCulled | gpu::kRecordClippedAway)) == 0 &&
                         rec[i].boxSize != 0;
      if (drawn && !(rec[i].flags & gpu::kRecordFast)) needsExact = true;
      flatRecords += (rec[i].flags & gpu::kRecordFast) != 0;
      degenerateRecords += (rec[i].flags & gpu::kRecordDegenerate) != 0;
    }
    gpu::FallbackDrawArgs args;
    std::memcpy(&args, drawArgs.mapped, sizeof args);
    switchedBatches += needsExact;
    deferredRecords += args.deferredCount;
    if (args.deferredDispatch[0] != (args.deferredCount + gpu::kSetupWorkgroupSize - 1) / gpu::kSetupWorkgroupSize)
      ++argFailures;
    if (args.flat[0] != (needsExact ? 0 : 3 * count) || args.exact[0] != (needsExact ? 3 * count : 0)) ++argFailures;
    for (uint32_t i = 0; i < count; ++i) {
      rowOffset[i] = total;
      for (uint32_t r = 0; r < (rec[i].boxSize >> 16); ++r, ++total) {
        REQUIRE(total < kMaxRows);
        rowTable[2 * total] = i;
        rowTable[2 * total + 1] = r;
      }
    }
    // Every batch with the flat path where records allow it; every fourth also with the exact path forced.
    for (const bool forceExact : {false, true}) {
      if (forceExact && (done / kBatch) % 4 != 0) continue;
      exactBatches += forceExact;
      const uint32_t push[2] = {total, forceExact ? 1u : 0u};
      dispatch(ctx, pool, coverage, {&records, &offsets, &rows}, push, sizeof push, (total + 63) / 64);
      compareBatch(count, forceExact);
    }
  }
  INFO(first);
  CHECK(failures == 0);
  // The run covered what it claims.
  CHECK(checkedPixels > n);
  CHECK(innerPixels > 0);
  CHECK(degenerates > n / 50);
  CHECK(exactBatches > 0);
  CHECK(argFailures == 0);
  CHECK(flatRecords > n / 2);
  // Both setup passes ran: the triage defers the post-snap degenerates (and,
  // for screen-space input, nothing else) to the full setup.
  CHECK(deferredRecords == degenerateRecords);
  CHECK(deferredRecords > 0);
  WARN("compared " << n << " triangles, " << checkedPixels << " covered and " << innerPixels << " inner pixels, "
                   << degenerates << " degenerates, " << flatRecords << " records on the flat path, "
                   << switchedBatches << " batches needing the exact draw, " << deferredRecords
                   << " triangles set up by the deferred pass");
  vkDestroyDescriptorPool(ctx.vkDevice(), pool, nullptr);
}
