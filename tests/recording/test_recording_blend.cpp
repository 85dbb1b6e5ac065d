// tests/recording: D3D11 blend states as Vulkan dynamic state. Where the
// device takes the colour blend enable, equation and write mask dynamically
// (VK_EXT_extended_dynamic_state3, expected_device.h), blend states that
// differ only there share one pipeline, so a draw with a blend state no draw
// used before compiles nothing; alpha-to-coverage stays in the pipeline. With
// D3DVK_DYNAMIC_BLEND=0 every blend state has pipelines of its own. Either
// way each draw blends as its state says: pixels read back against the blend
// equations computed here.
#include "../draw/draw_test_util.h"
#include "expected_device.h"
#include "recording_stats.h"

#include <algorithm>

using namespace d3dvk::test;

namespace {

constexpr UINT kWidth = 32, kHeight = 4, kColumn = 4;  // a column of 4×4 pixels per blend state
// Every value and product below is a short binary fraction: the blends are exact in float.
constexpr std::array<float, 4> kSource = {0.75f, 0.5f, 0.25f, 0.5f}, kDestination = {0.25f, 0.5f, 1.0f, 0.75f};

struct BlendCase {
  BOOL enable;
  D3D11_BLEND src, dst, srcAlpha, dstAlpha;
  D3D11_BLEND_OP op, opAlpha;
  UINT8 mask;
  BOOL alphaToCoverage = FALSE;
};

float factor(D3D11_BLEND f, int c, const std::array<float, 4>& s, const std::array<float, 4>& d) {
  switch (f) {
    case D3D11_BLEND_ZERO: return 0;
    case D3D11_BLEND_ONE: return 1;
    case D3D11_BLEND_SRC_COLOR: return s[c];
    case D3D11_BLEND_INV_SRC_COLOR: return 1 - s[c];
    case D3D11_BLEND_SRC_ALPHA: return s[3];
    case D3D11_BLEND_INV_SRC_ALPHA: return 1 - s[3];
    case D3D11_BLEND_DEST_ALPHA: return d[3];
    case D3D11_BLEND_INV_DEST_ALPHA: return 1 - d[3];
    case D3D11_BLEND_DEST_COLOR: return d[c];
    case D3D11_BLEND_INV_DEST_COLOR: return 1 - d[c];
    default: FAIL("factor not modelled"); return 0;
  }
}

std::array<float, 4> blended(const BlendCase& b) {
  std::array<float, 4> out = kDestination;
  for (int c = 0; c < 4; ++c) {
    if (!(b.mask >> c & 1)) continue;
    if (!b.enable) {
      out[c] = kSource[c];
      continue;
    }
    const bool alpha = c == 3;
    const float s = kSource[c] * factor(alpha ? b.srcAlpha : b.src, c, kSource, kDestination);
    const float d = kDestination[c] * factor(alpha ? b.dstAlpha : b.dst, c, kSource, kDestination);
    switch (alpha ? b.opAlpha : b.op) {
      case D3D11_BLEND_OP_ADD: out[c] = s + d; break;
      case D3D11_BLEND_OP_SUBTRACT: out[c] = s - d; break;
      case D3D11_BLEND_OP_REV_SUBTRACT: out[c] = d - s; break;
      case D3D11_BLEND_OP_MIN: out[c] = std::min(kSource[c], kDestination[c]); break;
      case D3D11_BLEND_OP_MAX: out[c] = std::max(kSource[c], kDestination[c]); break;
    }
  }
  return out;
}

constexpr UINT8 kAll = D3D11_COLOR_WRITE_ENABLE_ALL;
// Case 0 is drawn first (its pipeline made before the counting starts); the
// last differs from it in alpha-to-coverage, which no dynamic state holds.
const BlendCase kCases[] = {
    {TRUE, D3D11_BLEND_SRC_ALPHA, D3D11_BLEND_INV_SRC_ALPHA, D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD,
     D3D11_BLEND_OP_ADD, kAll},
    {TRUE, D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_ADD, D3D11_BLEND_OP_ADD,
     D3D11_COLOR_WRITE_ENABLE_RED | D3D11_COLOR_WRITE_ENABLE_GREEN},
    {TRUE, D3D11_BLEND_DEST_COLOR, D3D11_BLEND_ZERO, D3D11_BLEND_ZERO, D3D11_BLEND_ONE, D3D11_BLEND_OP_ADD,
     D3D11_BLEND_OP_ADD, kAll},
    {TRUE, D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_REV_SUBTRACT,
     D3D11_BLEND_OP_SUBTRACT, kAll},
    {TRUE, D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_MIN, D3D11_BLEND_OP_MAX,
     D3D11_COLOR_WRITE_ENABLE_BLUE | D3D11_COLOR_WRITE_ENABLE_ALPHA},
    {TRUE, D3D11_BLEND_INV_DEST_ALPHA, D3D11_BLEND_SRC_COLOR, D3D11_BLEND_DEST_ALPHA, D3D11_BLEND_INV_SRC_ALPHA,
     D3D11_BLEND_OP_SUBTRACT, D3D11_BLEND_OP_ADD, kAll},
    {FALSE, D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_BLEND_OP_ADD,
     D3D11_COLOR_WRITE_ENABLE_GREEN},
    {TRUE, D3D11_BLEND_SRC_ALPHA, D3D11_BLEND_INV_SRC_ALPHA, D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD,
     D3D11_BLEND_OP_ADD, kAll, TRUE},
};
constexpr UINT kCaseCount = UINT(std::size(kCases));
static_assert(kCaseCount * kColumn <= kWidth);

// Draws every case into its column; the pipelines made for cases 1.. and the pixels.
void drawCases(bool dynamicBlend) {
  RenderDevice d;
  DrawTarget t(d, kWidth, kHeight, kDestination);
  std::vector<Vertex> vertices;
  for (UINT i = 0; i < kCaseCount; ++i) {
    const float x0 = float(i * kColumn) / kWidth * 2 - 1, x1 = float((i + 1) * kColumn) / kWidth * 2 - 1;
    const Vertex quad[6] = {{x0, 1, kSource[0], kSource[1], kSource[2], kSource[3]},
                            {x1, 1, kSource[0], kSource[1], kSource[2], kSource[3]},
                            {x0, -1, kSource[0], kSource[1], kSource[2], kSource[3]},
                            {x1, 1, kSource[0], kSource[1], kSource[2], kSource[3]},
                            {x1, -1, kSource[0], kSource[1], kSource[2], kSource[3]},
                            {x0, -1, kSource[0], kSource[1], kSource[2], kSource[3]}};
    vertices.insert(vertices.end(), std::begin(quad), std::end(quad));
  }
  Com<ID3D11Buffer> vb = makeBuffer(d, vertices.data(), UINT(vertices.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  Com<ID3D11BlendState> states[kCaseCount];
  for (UINT i = 0; i < kCaseCount; ++i) {
    const BlendCase& c = kCases[i];
    D3D11_BLEND_DESC bd{};
    bd.AlphaToCoverageEnable = c.alphaToCoverage;
    bd.RenderTarget[0] = {c.enable, c.src, c.dst, c.op, c.srcAlpha, c.dstAlpha, c.opAlpha, c.mask};
    REQUIRE(d->CreateBlendState(&bd, states[i].out()) == S_OK);
  }
  d.context->OMSetBlendState(states[0].get(), nullptr, 0xFFFFFFFF);
  d.context->Draw(6, 0);
  const Counted counted;
  for (UINT i = 1; i < kCaseCount; ++i) {
    d.context->OMSetBlendState(states[i].get(), nullptr, 0xFFFFFFFF);
    d.context->Draw(6, 6 * i);
  }
  const D3DVKStats n = counted.delta();
  // Dynamic blend: only the alpha-to-coverage state needs a pipeline of its own; otherwise every state does.
  CHECK(n.pipelinesCreated == (dynamicBlend ? 1 : kCaseCount - 1));
  CHECK(n.renderPasses == 0);
  CHECK(n.barriers == 0);
  const auto pixels = t.pixels();
  // (The alpha-to-coverage case's pixels are left out: with one sample, whether
  // alpha 0.5 covers it is the device's choice.)
  for (UINT i = 0; i < kCaseCount; ++i) {
    if (kCases[i].alphaToCoverage) continue;
    INFO("blend case " << i);
    for (UINT y = 0; y < kHeight; ++y)
      for (UINT x = i * kColumn; x < (i + 1) * kColumn; ++x) {
        INFO("pixel " << x << "," << y);
        CHECK(pixels[y * kWidth + x] == blended(kCases[i]));
      }
  }
}

}  // namespace

TEST_CASE("blend states that differ only in blending and write masks share a pipeline where blending is dynamic "
          "state, and every draw blends as its state says",
          "[recording][draw][pixels][blend]") {
  const bool dynamicBlend = expectedDevice().dynamicBlend;
  INFO("dynamic blend: " << dynamicBlend);
  drawCases(dynamicBlend);
}

TEST_CASE("with D3DVK_DYNAMIC_BLEND=0 every blend state has its own pipeline and every draw blends as its state says",
          "[recording][draw][pixels][blend]") {
  ScopedEnv off("D3DVK_DYNAMIC_BLEND", "0");
  drawCases(false);
}

TEST_CASE("a draw without render targets between two blended draws: the second blends as its state says",
          "[recording][draw][pixels][blend]") {
  // The draw in between binds a pipeline whose blending is not dynamic (no
  // target): the blend set before it is not the command buffer's any more.
  RenderDevice d;
  DrawTarget t(d, kWidth, kHeight, kDestination);
  const BlendCase& c = kCases[0];
  D3D11_BLEND_DESC bd{};
  bd.RenderTarget[0] = {c.enable, c.src, c.dst, c.op, c.srcAlpha, c.dstAlpha, c.opAlpha, c.mask};
  Com<ID3D11BlendState> state;
  REQUIRE(d->CreateBlendState(&bd, state.out()) == S_OK);
  std::vector<Vertex> quad;
  for (float x0 : {-1.0f, 0.0f}) {
    const float x1 = x0 + 1;
    for (const auto& [x, y] : {std::pair{x0, 1.0f}, {x1, 1.0f}, {x0, -1.0f}, {x1, 1.0f}, {x1, -1.0f}, {x0, -1.0f}})
      quad.push_back({x, y, kSource[0], kSource[1], kSource[2], kSource[3]});
  }
  Com<ID3D11Buffer> vb = makeBuffer(d, quad.data(), UINT(quad.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  d.context->OMSetBlendState(state.get(), nullptr, 0xFFFFFFFF);
  d.context->Draw(6, 0);  // the left half, blended
  d.context->OMSetRenderTargets(0, nullptr, nullptr);
  d.context->Draw(6, 0);  // no target: nothing written
  ID3D11RenderTargetView* views[] = {t.rtv.get()};
  d.context->OMSetRenderTargets(1, views, nullptr);
  d.context->Draw(6, 6);  // the right half, blended by the same state
  const auto pixels = t.pixels();
  for (UINT y = 0; y < kHeight; ++y)
    for (UINT x = 0; x < kWidth; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(pixels[y * kWidth + x] == blended(c));
    }
}
