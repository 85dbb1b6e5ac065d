// tests/fallback_vs_vulkan: the fallback path's shading quads drawn by the Vulkan
// device (lavapipe) — the claims the fallback design rests on, checked on a real
// rasterizer:
//  * the quads light exactly the CPU rasterizer's conservative pixels, each once,
//    with its inner-coverage flag and the primitive's facing (gl_FrontFacing);
//  * with 4× MSAA every sample of every covered pixel is covered (mask 0xF);
//  * attributes interpolated across the quads equal the original primitive's
//    perspective-correct barycentrics at pixel centres (computed here by the
//    textbook screen-space formula, independent of the planner).
// The vertex shader flips y, as the draw path's negative-height viewport will:
// D3D's NDC y points up, Vulkan's framebuffer y down.
#include "dxbc/listing.h"
#include "dxbc/shader.h"
#include "dxbc/spirv_tools.h"
#include "dxbc/translator.h"
#include "shading_plan.h"
#include "vk_offscreen.h"

#include <catch2/catch.hpp>
#include <spirv-tools/libspirv.hpp>

#include <cmath>
#include <cstring>
#include <map>
#include <random>
#include <set>

using namespace d3dvk;
using namespace d3dvk::fallback;

namespace {

constexpr uint32_t kSize = 48;

// In: position, weights, flags (bit 0: inner), span (x0, x1, y, innerBegin | innerEnd << 16).
// Out: Position (y flipped), weights, flags and span (flat).
const char* kVertexShader = R"(
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Vertex %main "main" %inPos %inWeights %inFlags %inRect %outPos %outWeights %outFlags %outRect
               OpDecorate %inPos Location 0
               OpDecorate %inWeights Location 1
               OpDecorate %inFlags Location 2
               OpDecorate %inRect Location 3
               OpDecorate %outRect Location 2
               OpDecorate %outRect Flat
               OpDecorate %outPos BuiltIn Position
               OpDecorate %outWeights Location 0
               OpDecorate %outFlags Location 1
               OpDecorate %outFlags Flat
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
       %uint = OpTypeInt 32 0
        %int = OpTypeInt 32 1
       %iv4 = OpTypeVector %int 4
         %v3 = OpTypeVector %float 3
         %v4 = OpTypeVector %float 4
   %inIv4Ptr = OpTypePointer Input %iv4
  %outIv4Ptr = OpTypePointer Output %iv4
    %inV4Ptr = OpTypePointer Input %v4
    %inV3Ptr = OpTypePointer Input %v3
   %inUintPtr = OpTypePointer Input %uint
   %outV4Ptr = OpTypePointer Output %v4
   %outV3Ptr = OpTypePointer Output %v3
  %outUintPtr = OpTypePointer Output %uint
      %inPos = OpVariable %inV4Ptr Input
  %inWeights = OpVariable %inV3Ptr Input
    %inFlags = OpVariable %inUintPtr Input
     %outPos = OpVariable %outV4Ptr Output
 %outWeights = OpVariable %outV3Ptr Output
   %outFlags = OpVariable %outUintPtr Output
     %inRect = OpVariable %inIv4Ptr Input
    %outRect = OpVariable %outIv4Ptr Output
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %p = OpLoad %v4 %inPos
          %y = OpCompositeExtract %float %p 1
         %ny = OpFNegate %float %y
         %pf = OpCompositeInsert %v4 %ny %p 1
               OpStore %outPos %pf
          %w = OpLoad %v3 %inWeights
               OpStore %outWeights %w
          %f = OpLoad %uint %inFlags
               OpStore %outFlags %f
          %r = OpLoad %iv4 %inRect
               OpStore %outRect %r
               OpReturn
               OpFunctionEnd
)";

// Out: 4 | (front ? 2 : 0) | inner.
const char* kCoverageShader = R"(
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %main "main" %inFlags %front %out
               OpExecutionMode %main OriginUpperLeft
               OpDecorate %inFlags Location 1
               OpDecorate %inFlags Flat
               OpDecorate %front BuiltIn FrontFacing
               OpDecorate %out Location 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
       %bool = OpTypeBool
  %inUintPtr = OpTypePointer Input %uint
  %inBoolPtr = OpTypePointer Input %bool
 %outUintPtr = OpTypePointer Output %uint
    %inFlags = OpVariable %inUintPtr Input
      %front = OpVariable %inBoolPtr Input
        %out = OpVariable %outUintPtr Output
         %u0 = OpConstant %uint 0
         %u2 = OpConstant %uint 2
         %u4 = OpConstant %uint 4
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %f = OpLoad %uint %inFlags
          %b = OpLoad %bool %front
         %fb = OpSelect %uint %b %u2 %u0
         %o1 = OpBitwiseOr %uint %f %fb
         %o2 = OpBitwiseOr %uint %o1 %u4
               OpStore %out %o2
               OpReturn
               OpFunctionEnd
)";

// Out: the interpolated weights.
const char* kWeightsShader = R"(
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %main "main" %inWeights %out
               OpExecutionMode %main OriginUpperLeft
               OpDecorate %inWeights Location 0
               OpDecorate %out Location 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
         %v3 = OpTypeVector %float 3
         %v4 = OpTypeVector %float 4
    %inV3Ptr = OpTypePointer Input %v3
   %outV4Ptr = OpTypePointer Output %v4
  %inWeights = OpVariable %inV3Ptr Input
        %out = OpVariable %outV4Ptr Output
         %f1 = OpConstant %float 1
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %w = OpLoad %v3 %inWeights
          %o = OpCompositeConstruct %v4 %w %f1
               OpStore %out %o
               OpReturn
               OpFunctionEnd
)";

// The shading pass for multisampled targets: discard outside the span
// rectangle (flat x0, x1, y), else add 1.0 to every sample the invocation covers.
const char* kSpanCountShader = R"(
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %main "main" %fragCoord %rect %out
               OpExecutionMode %main OriginUpperLeft
               OpDecorate %fragCoord BuiltIn FragCoord
               OpDecorate %rect Location 2
               OpDecorate %rect Flat
               OpDecorate %out Location 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %bool = OpTypeBool
      %float = OpTypeFloat 32
         %v4 = OpTypeVector %float 4
        %int = OpTypeInt 32 1
        %iv3 = OpTypeVector %int 3
         %f0 = OpConstant %float 0
         %f1 = OpConstant %float 1
   %inV4Ptr = OpTypePointer Input %v4
  %inIv3Ptr = OpTypePointer Input %iv3
  %outV4Ptr = OpTypePointer Output %v4
  %fragCoord = OpVariable %inV4Ptr Input
       %rect = OpVariable %inIv3Ptr Input
        %out = OpVariable %outV4Ptr Output
        %one = OpConstantComposite %v4 %f1 %f0 %f0 %f1
       %main = OpFunction %void None %fn
      %entry = OpLabel
         %fc = OpLoad %v4 %fragCoord
         %fx = OpCompositeExtract %float %fc 0
         %fy = OpCompositeExtract %float %fc 1
         %px = OpConvertFToS %int %fx
         %py = OpConvertFToS %int %fy
          %r = OpLoad %iv3 %rect
         %x0 = OpCompositeExtract %int %r 0
         %x1 = OpCompositeExtract %int %r 1
         %ry = OpCompositeExtract %int %r 2
         %c0 = OpSGreaterThanEqual %bool %px %x0
         %c1 = OpSLessThan %bool %px %x1
         %c2 = OpIEqual %bool %py %ry
         %a0 = OpLogicalAnd %bool %c0 %c1
     %inside = OpLogicalAnd %bool %a0 %c2
               OpSelectionMerge %merge None
               OpBranchConditional %inside %shade %kill
       %kill = OpLabel
               OpKill
      %shade = OpLabel
               OpStore %out %one
               OpBranch %merge
      %merge = OpLabel
               OpReturn
               OpFunctionEnd
)";

struct QuadVertex {
  float position[4];
  float weights[3];
  uint32_t flags;
  int32_t span[4];  // x0, x1, y, innerBegin | innerEnd << 16
};

test::PipelineDesc pipelineDesc(const char* fragmentShader, VkFormat format, VkSampleCountFlagBits samples) {
  test::PipelineDesc d;
  d.vertexShader = kVertexShader;
  d.fragmentShader = fragmentShader;
  d.vertexStride = sizeof(QuadVertex);
  d.attributes = {{0, VK_FORMAT_R32G32B32A32_SFLOAT, 0},
                  {1, VK_FORMAT_R32G32B32_SFLOAT, 16},
                  {2, VK_FORMAT_R32_UINT, 28},
                  {3, VK_FORMAT_R32G32B32A32_SINT, 32}};
  d.colorFormat = format;
  d.samples = samples;
  return d;
}

QuadVertex vertexOf(const ShadingQuad& q, const QuadCorner& c) {
  QuadVertex v;
  std::memcpy(v.position, c.position.data(), sizeof v.position);
  std::memcpy(v.weights, c.weights.data(), sizeof v.weights);
  v.flags = q.inner ? 1u : 0u;
  v.span[0] = q.x0;
  v.span[1] = q.x1;
  v.span[2] = q.y;
  v.span[3] = q.innerBegin | (q.innerEnd << 16);
  return v;
}

// Each quad as two triangles of a list, keeping the strip's winding: (0,1,2), (1,3,2).
std::vector<QuadVertex> listVertices(const CapturedDraw& draw, const FallbackDrawState& state,
                                     const ShadingPlan& plan, uint32_t triangle) {
  std::vector<QuadVertex> out;
  for (const ShadingQuad& q : plan.quads) {
    if (q.triangle != triangle) continue;
    const auto corners = quadCorners(draw, state, plan, q);
    for (int i : {0, 1, 2, 1, 3, 2}) out.push_back(vertexOf(q, corners[i]));
  }
  return out;
}

// Each span as the single triangle of the multisampled shading pass (a horizon
// pixel marked exactQuad as its own quad: two triangles, each sample in one).
std::vector<QuadVertex> spanTriangleVertices(const CapturedDraw& draw, const FallbackDrawState& state,
                                             const ShadingPlan& plan, uint32_t triangle) {
  std::vector<QuadVertex> out;
  for (const ShadingQuad& q : plan.quads) {
    if (q.triangle != triangle) continue;
    if (q.exactQuad) {
      const auto corners = quadCorners(draw, state, plan, q);
      for (int i : {0, 1, 2, 1, 3, 2}) out.push_back(vertexOf(q, corners[i]));
      continue;
    }
    for (const QuadCorner& c : spanTriangle(draw, state, plan, q)) out.push_back(vertexOf(q, c));
  }
  return out;
}

struct RandomDraw {
  std::vector<float> vertices;
  std::vector<AssembledTriangle> triangles;
};

RandomDraw randomDraw(uint32_t seed, int count) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> coord(-0.9f, 0.9f), wdist(0.7f, 1.6f);
  RandomDraw d;
  for (int t = 0; t < count; ++t) {
    for (int i = 0; i < 3; ++i) {
      float w = wdist(rng);
      d.vertices.insert(d.vertices.end(), {coord(rng) * w, coord(rng) * w, 0.5f * w, w});
    }
    d.triangles.push_back({{uint32_t(3 * t), uint32_t(3 * t + 1), uint32_t(3 * t + 2)}, uint32_t(t)});
  }
  return d;
}

FallbackDrawState fallbackState() {
  FallbackDrawState s;
  s.viewport = {0, 0, double(kSize), double(kSize), 0, 1};
  s.raster.mode = raster::RasterMode::Conservative;
  s.raster.tier = raster::ConservativeTier::Tier3;
  s.raster.clip = {0, 0, int(kSize), int(kSize)};
  return s;
}

// The CPU rasterizer's pixels of the projected triangle: (x, y) → inner.
std::map<std::pair<int, int>, bool> rasterizerPixels(const RandomDraw& d, uint32_t t, const FallbackDrawState& s,
                                                     bool* front) {
  raster::ScreenTriangle st;
  for (int i = 0; i < 3; ++i) {
    const float* v = &d.vertices[size_t(d.triangles[t].vertex[i]) * 4];
    ScreenPoint p = toScreen({v[0], v[1], v[2], v[3]}, s.viewport);
    st.v[i] = {float(p.x), float(p.y)};
  }
  raster::SpanRowArray rows;
  raster::TriangleCoverage cov = raster::rasterizeTriangle(st, s.raster, rows);
  *front = cov.frontFacing;
  std::map<std::pair<int, int>, bool> out;
  for (uint32_t r = 0; r < cov.rowCount; ++r) {
    raster::RowSubSpans subs = raster::subSpans(rows[r], cov.firstY + int(r));
    for (int k = 0; k < subs.count; ++k)
      for (int x = subs.span[k].xBegin; x < subs.span[k].xEnd; ++x) out[{x, subs.span[k].y}] = subs.span[k].inner;
  }
  return out;
}

void drawQuads(test::OffscreenTarget& target, VkPipeline pipeline, test::VkTestContext::HostBuffer& buffer,
               const std::vector<QuadVertex>& vertices) {
  REQUIRE(vertices.size() * sizeof(QuadVertex) <= buffer.size);
  std::memcpy(buffer.mapped, vertices.data(), vertices.size() * sizeof(QuadVertex));
  target.render([&](VkCommandBuffer cmd) {
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
    VkDeviceSize offset = 0;
    vkCmdBindVertexBuffers(cmd, 0, 1, &buffer.buffer, &offset);
    vkCmdDraw(cmd, uint32_t(vertices.size()), 1, 0, 0);
  });
}

}  // namespace

TEST_CASE("shading quads light exactly the conservative pixels with inner coverage and facing", "[fallback][vulkan]") {
  test::VkTestContext ctx;
  test::OffscreenTarget target(ctx, kSize, VK_FORMAT_R32_UINT, 4);
  VkPipeline pipeline = target.createPipeline(pipelineDesc(kCoverageShader, VK_FORMAT_R32_UINT, VK_SAMPLE_COUNT_1_BIT));
  auto buffer = ctx.createHostBuffer(1 << 22, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
  RandomDraw d = randomDraw(31, 120);
  FallbackDrawState s = fallbackState();
  CapturedDraw draw{d.vertices, 4, 0, d.triangles};
  ShadingPlan plan = planShadingQuads(draw, s);
  int withInner = 0, front = 0, back = 0;
  for (uint32_t t = 0; t < d.triangles.size(); ++t) {
    drawQuads(target, pipeline, buffer, listVertices(draw, s, plan, t));
    bool frontFacing = false;
    auto expected = rasterizerPixels(d, t, s, &frontFacing);
    const uint32_t* px = static_cast<const uint32_t*>(target.pixels());
    INFO("triangle " << t);
    for (uint32_t y = 0; y < kSize; ++y)
      for (uint32_t x = 0; x < kSize; ++x) {
        auto it = expected.find({int(x), int(y)});
        const uint32_t v = px[y * kSize + x];
        if (it == expected.end()) {
          CHECK(v == 0);
          continue;
        }
        INFO("pixel " << x << "," << y);
        CHECK((v & 4) != 0);                       // covered
        CHECK(((v & 1) != 0) == it->second);       // SV_InnerCoverage as rasterized
        CHECK(((v & 2) != 0) == frontFacing);      // gl_FrontFacing as the primitive
        withInner += it->second;
      }
    frontFacing ? ++front : ++back;
  }
  CHECK(withInner > 100);
  CHECK(front > 20);
  CHECK(back > 20);
}

TEST_CASE("with 4x MSAA, span triangles write every sample of every covered pixel exactly once",
          "[fallback][vulkan][msaa]") {
  // Two-triangle quads split each pixel's samples along their diagonal (two
  // invocations with partial coverage), so multisampled targets use one
  // triangle per span on the primitive's plane and discard outside the span:
  // one invocation per pixel covering all its samples. Checked here by adding
  // 1.0 per covering invocation to each sample and averaging at resolve.
  test::VkTestContext ctx;
  test::OffscreenTarget target(ctx, kSize, VK_FORMAT_R32G32B32A32_SFLOAT, 16, VK_SAMPLE_COUNT_4_BIT);
  test::PipelineDesc desc = pipelineDesc(kSpanCountShader, VK_FORMAT_R32G32B32A32_SFLOAT, VK_SAMPLE_COUNT_4_BIT);
  desc.additiveBlend = true;
  VkPipeline pipeline = target.createPipeline(desc);
  auto buffer = ctx.createHostBuffer(1 << 22, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
  RandomDraw d = randomDraw(77, 40);
  FallbackDrawState s = fallbackState();
  CapturedDraw draw{d.vertices, 4, 0, d.triangles};
  ShadingPlan plan = planShadingQuads(draw, s);
  int covered = 0;
  for (uint32_t t = 0; t < d.triangles.size(); ++t) {
    drawQuads(target, pipeline, buffer, spanTriangleVertices(draw, s, plan, t));
    bool frontFacing;
    auto expected = rasterizerPixels(d, t, s, &frontFacing);
    const float* px = static_cast<const float*>(target.pixels());
    for (uint32_t y = 0; y < kSize; ++y)
      for (uint32_t x = 0; x < kSize; ++x) {
        INFO("triangle " << t << " pixel " << x << "," << y);
        CHECK(px[4 * (y * kSize + x)] == (expected.count({int(x), int(y)}) ? 1.0f : 0.0f));
        covered += expected.count({int(x), int(y)}) != 0;
      }
  }
  CHECK(covered > 1000);
}

TEST_CASE("attributes across the quads are the primitive's perspective-correct interpolation", "[fallback][vulkan]") {
  test::VkTestContext ctx;
  test::OffscreenTarget target(ctx, kSize, VK_FORMAT_R32G32B32A32_SFLOAT, 16);
  VkPipeline pipeline =
      target.createPipeline(pipelineDesc(kWeightsShader, VK_FORMAT_R32G32B32A32_SFLOAT, VK_SAMPLE_COUNT_1_BIT));
  auto buffer = ctx.createHostBuffer(1 << 22, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
  RandomDraw d = randomDraw(5, 60);
  FallbackDrawState s = fallbackState();
  int checked = 0;
  for (uint32_t t = 0; t < d.triangles.size(); ++t) {
    std::vector<AssembledTriangle> one = {d.triangles[t]};
    CapturedDraw draw{d.vertices, 4, 0, one};
    ShadingPlan plan = planShadingQuads(draw, s);
    if (plan.pixelsFlattened) continue;  // horizon within a pixel: attributes flattened on purpose
    drawQuads(target, pipeline, buffer, listVertices(draw, s, plan, 0));
    ClipPosition p[3];
    for (int i = 0; i < 3; ++i) {
      const float* v = &d.vertices[size_t(d.triangles[t].vertex[i]) * 4];
      p[i] = {v[0], v[1], v[2], v[3]};
    }
    ScreenPoint sp[3] = {toScreen(p[0], s.viewport), toScreen(p[1], s.viewport), toScreen(p[2], s.viewport)};
    const double area = (sp[1].x - sp[0].x) * (sp[2].y - sp[0].y) - (sp[2].x - sp[0].x) * (sp[1].y - sp[0].y);
    if (std::fabs(area) < 1) continue;  // slivers: weights ill-conditioned
    const float* px = static_cast<const float*>(target.pixels());
    for (uint32_t y = 0; y < kSize; ++y)
      for (uint32_t x = 0; x < kSize; ++x) {
        const float* texel = px + 4 * (y * kSize + x);
        if (texel[3] == 0) continue;  // not covered
        const double cx = x + 0.5, cy = y + 0.5;
        double beta[3];
        beta[0] = ((sp[1].x - cx) * (sp[2].y - cy) - (sp[2].x - cx) * (sp[1].y - cy)) / area;
        beta[1] = ((sp[2].x - cx) * (sp[0].y - cy) - (sp[0].x - cx) * (sp[2].y - cy)) / area;
        beta[2] = 1 - beta[0] - beta[1];
        double sum = 0, l[3];
        for (int i = 0; i < 3; ++i) sum += l[i] = beta[i] / p[i].w;
        INFO("triangle " << t << " pixel " << x << "," << y);
        for (int i = 0; i < 3; ++i) CHECK(texel[i] == Approx(l[i] / sum).margin(2e-3));
        ++checked;
      }
  }
  CHECK(checked > 2000);
}

namespace {

// An application pixel shader (as fxc would list it) that reads SV_InnerCoverage
// and marks the pixel: 4 | inner.
const char* kInnerCoveragePixelShader = R"(//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET    uint   xyzw
//
ps_5_0
dcl_input vInnerCoverage
dcl_output o0.xyzw
or o0.x, vInnerCoverage, l(4)
mov o0.yzw, l(0,0,0,0)
ret
)";

std::string spirvText(const std::vector<uint32_t>& words) {
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
  std::string text;
  REQUIRE(tools.Disassemble(words, &text));
  return text;
}

}  // namespace

TEST_CASE("the translator's fallback span variant: one triangle per row, SV_InnerCoverage from the pixel position",
          "[fallback][vulkan][dxbc]") {
  // The application's shader, translated as the fallback variant with the span
  // at location 2 (what the vertex shader above passes on).
  using namespace d3dvk::dxbc;
  TranslateOptions options;
  options.variant = ShaderVariant::Fallback;
  options.spanLocation = 2;
  const std::vector<uint32_t> spirv = translateToSpirv(parseShader(assemble(kInnerCoveragePixelShader).container), options);
  REQUIRE(validateSpirv(spirv).empty());
  const std::string fragmentShader = spirvText(spirv);

  RandomDraw d = randomDraw(123, 60);
  FallbackDrawState s = fallbackState();
  s.spanPerRow = true;
  CapturedDraw draw{d.vertices, 4, 0, d.triangles};
  ShadingPlan plan = planShadingQuads(draw, s);
  for (VkSampleCountFlagBits samples : {VK_SAMPLE_COUNT_1_BIT, VK_SAMPLE_COUNT_4_BIT}) {
    test::VkTestContext ctx;
    test::OffscreenTarget target(ctx, kSize, VK_FORMAT_R32_UINT, 4, samples);
    VkPipeline pipeline = target.createPipeline(pipelineDesc(fragmentShader.c_str(), VK_FORMAT_R32_UINT, samples));
    auto buffer = ctx.createHostBuffer(1 << 22, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
    int inner = 0;
    for (uint32_t t = 0; t < d.triangles.size(); ++t) {
      drawQuads(target, pipeline, buffer, spanTriangleVertices(draw, s, plan, t));
      bool frontFacing;
      auto expected = rasterizerPixels(d, t, s, &frontFacing);
      const uint32_t* px = static_cast<const uint32_t*>(target.pixels());
      for (uint32_t y = 0; y < kSize; ++y)
        for (uint32_t x = 0; x < kSize; ++x) {
          auto it = expected.find({int(x), int(y)});
          INFO("samples " << samples << " triangle " << t << " pixel " << x << "," << y);
          CHECK(px[y * kSize + x] == (it == expected.end() ? 0u : it->second ? 5u : 4u));
          inner += it != expected.end() && it->second;
        }
    }
    CHECK(inner > 100);
  }
  // One span per covered row — or, where a row had to be split for flattened
  // pixels, one single-pixel span per pixel.
  std::map<std::pair<uint32_t, int>, std::vector<const ShadingQuad*>> byRow;
  for (const ShadingQuad& q : plan.quads) byRow[{q.triangle, q.y}].push_back(&q);
  for (const auto& [row, spans] : byRow) {
    if (spans.size() == 1) continue;
    for (const ShadingQuad* q : spans) CHECK(q->x1 == q->x0 + 1);
  }
}
