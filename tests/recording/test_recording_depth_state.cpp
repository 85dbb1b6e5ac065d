// tests/recording: D3D11 depth-stencil states and the rasterizer state's cull
// mode, winding and depth bias as Vulkan dynamic state (Vulkan 1.3's extended
// dynamic state, expected_device.h). There, draws whose states differ only in
// those share one pipeline, so a state no draw used before compiles nothing;
// with D3DVK_DYNAMIC_DEPTH_STENCIL=0 every combination has a pipeline of its
// own. Either way each draw tests, culls and writes as its states say: the
// colours, stencil values and depths read back (the last two through probe
// draws) against a model of D3D's depth and stencil tests computed here.
#include "../draw/draw_test_util.h"
#include "expected_device.h"
#include "recording_stats.h"

#include <algorithm>
#include <cstring>
#include <set>

using namespace d3dvk::test;

namespace {

constexpr UINT kWidth = 32, kHeight = 4, kColumn = 4;  // a column of 4×4 pixels per case
constexpr float kClearDepth = 0.5f;
constexpr uint8_t kClearStencil = 0x0F;
constexpr std::array<float, 4> kBackground = {0, 0, 0, 0};

struct DepthCase {
  D3D11_DEPTH_STENCIL_DESC depthStencil;
  D3D11_CULL_MODE cull;
  BOOL frontCounterClockwise;
  float z;
  UINT8 reference;
  bool counterClockwise;  // the quad's winding in render-target space
};

D3D11_DEPTH_STENCILOP_DESC ops(D3D11_STENCIL_OP fail, D3D11_STENCIL_OP depthFail, D3D11_STENCIL_OP pass,
                               D3D11_COMPARISON_FUNC func) {
  return {fail, depthFail, pass, func};
}
const D3D11_DEPTH_STENCILOP_DESC kKeep =
    ops(D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_COMPARISON_ALWAYS);

D3D11_DEPTH_STENCIL_DESC depthOnly(BOOL enable, D3D11_DEPTH_WRITE_MASK write, D3D11_COMPARISON_FUNC func) {
  return {enable, write, func, FALSE, 0xFF, 0xFF, kKeep, kKeep};
}
D3D11_DEPTH_STENCIL_DESC withStencil(D3D11_DEPTH_STENCIL_DESC d, UINT8 read, UINT8 write,
                                     D3D11_DEPTH_STENCILOP_DESC front, D3D11_DEPTH_STENCILOP_DESC back) {
  d.StencilEnable = TRUE;
  d.StencilReadMask = read;
  d.StencilWriteMask = write;
  d.FrontFace = front;
  d.BackFace = back;
  return d;
}

// Case 0 is drawn first (its pipeline made before the counting starts).
const DepthCase kCases[] = {
    // LESS with writes: 0.25 < 0.5 passes and writes 0.25.
    {depthOnly(TRUE, D3D11_DEPTH_WRITE_MASK_ALL, D3D11_COMPARISON_LESS), D3D11_CULL_NONE, FALSE, 0.25f, 0, false},
    // GREATER without writes: 0.25 fails (the same rasterizer state: only the depth-stencil state changed).
    {depthOnly(TRUE, D3D11_DEPTH_WRITE_MASK_ZERO, D3D11_COMPARISON_GREATER), D3D11_CULL_NONE, FALSE, 0.25f, 0, false},
    // ALWAYS with writes, culling back faces of a front face: drawn, 0.75 written.
    {depthOnly(TRUE, D3D11_DEPTH_WRITE_MASK_ALL, D3D11_COMPARISON_ALWAYS), D3D11_CULL_BACK, FALSE, 0.75f, 0, false},
    // A back face (counter-clockwise) with back faces culled: nothing.
    {depthOnly(TRUE, D3D11_DEPTH_WRITE_MASK_ALL, D3D11_COMPARISON_LESS), D3D11_CULL_BACK, FALSE, 0.25f, 0, true},
    // FrontCounterClockwise: the counter-clockwise quad is front, drawn; the
    // stencil REPLACEs through write mask 0xF0: 0x0F → 0x3F.
    {withStencil(depthOnly(TRUE, D3D11_DEPTH_WRITE_MASK_ZERO, D3D11_COMPARISON_LESS), 0xFF, 0xF0,
                 ops(D3D11_STENCIL_OP_ZERO, D3D11_STENCIL_OP_ZERO, D3D11_STENCIL_OP_REPLACE, D3D11_COMPARISON_ALWAYS),
                 kKeep),
     D3D11_CULL_BACK, TRUE, 0.25f, 0x3C, true},
    // The stencil passes ((2 & 0x0F) < (0x0F & 0x0F)), the depth fails (0.75
    // LESS 0.5): the depth-fail op INCR_SAT, 0x0F → 0x10; the colour stays.
    {withStencil(depthOnly(TRUE, D3D11_DEPTH_WRITE_MASK_ALL, D3D11_COMPARISON_LESS), 0x0F, 0xFF,
                 ops(D3D11_STENCIL_OP_ZERO, D3D11_STENCIL_OP_INCR_SAT, D3D11_STENCIL_OP_ZERO, D3D11_COMPARISON_LESS),
                 kKeep),
     D3D11_CULL_NONE, FALSE, 0.75f, 0x02, false},
    // A back face failing EQUAL: the back face's fail op (DECR) applies, not the front's (INVERT): 0x0E.
    {withStencil(depthOnly(FALSE, D3D11_DEPTH_WRITE_MASK_ALL, D3D11_COMPARISON_LESS), 0xFF, 0xFF,
                 ops(D3D11_STENCIL_OP_INVERT, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_COMPARISON_EQUAL),
                 ops(D3D11_STENCIL_OP_DECR, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_COMPARISON_EQUAL)),
     D3D11_CULL_NONE, FALSE, 0.25f, 0x05, true},
    // Front faces culled, a back face drawn: NOT_EQUAL passes without writing
    // depth, the back face's pass op ZERO clears the stencil.
    {withStencil(depthOnly(TRUE, D3D11_DEPTH_WRITE_MASK_ZERO, D3D11_COMPARISON_NOT_EQUAL), 0xFF, 0xFF, kKeep,
                 ops(D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_ZERO, D3D11_COMPARISON_ALWAYS)),
     D3D11_CULL_FRONT, FALSE, 0.25f, 0, true},
};
constexpr UINT kCaseCount = UINT(std::size(kCases));
static_assert(kCaseCount * kColumn <= kWidth);

bool compare(D3D11_COMPARISON_FUNC f, double a, double b) {
  switch (f) {
    case D3D11_COMPARISON_NEVER: return false;
    case D3D11_COMPARISON_LESS: return a < b;
    case D3D11_COMPARISON_EQUAL: return a == b;
    case D3D11_COMPARISON_LESS_EQUAL: return a <= b;
    case D3D11_COMPARISON_GREATER: return a > b;
    case D3D11_COMPARISON_NOT_EQUAL: return a != b;
    case D3D11_COMPARISON_GREATER_EQUAL: return a >= b;
    case D3D11_COMPARISON_ALWAYS: return true;
  }
  return false;
}

uint8_t applyStencilOp(D3D11_STENCIL_OP op, uint8_t s, uint8_t reference) {
  switch (op) {
    case D3D11_STENCIL_OP_KEEP: return s;
    case D3D11_STENCIL_OP_ZERO: return 0;
    case D3D11_STENCIL_OP_REPLACE: return reference;
    case D3D11_STENCIL_OP_INCR_SAT: return s == 0xFF ? s : uint8_t(s + 1);
    case D3D11_STENCIL_OP_DECR_SAT: return s == 0 ? s : uint8_t(s - 1);
    case D3D11_STENCIL_OP_INVERT: return uint8_t(~s);
    case D3D11_STENCIL_OP_INCR: return uint8_t(s + 1);
    case D3D11_STENCIL_OP_DECR: return uint8_t(s - 1);
  }
  return s;
}

// What one case leaves in its column: D3D's facing, culling, stencil test, depth test and writes.
struct Outcome {
  bool coloured = false;
  float depth = kClearDepth;
  uint8_t stencil = kClearStencil;
};
Outcome model(const DepthCase& c) {
  Outcome o;
  const bool front = c.counterClockwise == bool(c.frontCounterClockwise);
  if ((c.cull == D3D11_CULL_FRONT && front) || (c.cull == D3D11_CULL_BACK && !front)) return o;
  const D3D11_DEPTH_STENCIL_DESC& d = c.depthStencil;
  const D3D11_DEPTH_STENCILOP_DESC& face = front ? d.FrontFace : d.BackFace;
  D3D11_STENCIL_OP op = D3D11_STENCIL_OP_KEEP;
  const bool stencilPass =
      !d.StencilEnable || compare(face.StencilFunc, c.reference & d.StencilReadMask, o.stencil & d.StencilReadMask);
  const bool depthPass = !d.DepthEnable || compare(d.DepthFunc, c.z, o.depth);
  if (!stencilPass) op = face.StencilFailOp;
  else if (!depthPass) op = face.StencilDepthFailOp;
  else op = face.StencilPassOp;
  if (d.StencilEnable) {
    const uint8_t written = applyStencilOp(op, o.stencil, c.reference);
    o.stencil = uint8_t((o.stencil & ~d.StencilWriteMask) | (written & d.StencilWriteMask));
  }
  if (stencilPass && depthPass) {
    o.coloured = true;
    if (d.DepthEnable && d.DepthWriteMask == D3D11_DEPTH_WRITE_MASK_ALL) o.depth = c.z;
  }
  return o;
}

std::array<float, 4> caseColour(UINT i) { return {1, float(i) / 8, 0.5f, 1}; }

// The two triangles of column i's quad at depth z, clockwise or counter-clockwise in render-target space.
void appendQuad(std::vector<Vertex3>& v, UINT column, float z, bool counterClockwise, std::array<float, 4> c) {
  const float x0 = float(column * kColumn) / kWidth * 2 - 1, x1 = float((column + 1) * kColumn) / kWidth * 2 - 1;
  // (NDC is y-up: top-left, top-right, bottom-left is clockwise on the target.)
  std::array<std::array<float, 2>, 6> p = {{{x0, 1}, {x1, 1}, {x0, -1}, {x1, 1}, {x1, -1}, {x0, -1}}};
  if (counterClockwise) std::swap(p[1], p[2]), std::swap(p[4], p[5]);
  for (const auto& [x, y] : p) v.push_back({x, y, z, c[0], c[1], c[2], c[3]});
}

// A W×H colour target with a D24_UNORM_S8_UINT view bound, the POSITION.xyz +
// COLOR shaders bound.
struct DepthTarget {
  DrawTarget colour;
  Com<ID3D11Texture2D> depth;
  Com<ID3D11DepthStencilView> dsv;
  DepthVertexShader shaders;  // (after the colour target, which binds its own)

  explicit DepthTarget(RenderDevice& d) : colour(d, kWidth, kHeight, kBackground), shaders(d) {
    D3D11_TEXTURE2D_DESC dd = texture2DDesc(kWidth, kHeight, DXGI_FORMAT_D24_UNORM_S8_UINT, D3D11_BIND_DEPTH_STENCIL);
    REQUIRE(d->CreateTexture2D(&dd, nullptr, depth.out()) == S_OK);
    REQUIRE(d->CreateDepthStencilView(depth.get(), nullptr, dsv.out()) == S_OK);
    ID3D11RenderTargetView* views[] = {colour.rtv.get()};
    d.context->OMSetRenderTargets(1, views, dsv.get());
    d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, kClearDepth, kClearStencil);
  }
};

Com<ID3D11RasterizerState> rasterizerState(RenderDevice& d, D3D11_CULL_MODE cull, BOOL frontCounterClockwise,
                                           INT depthBias = 0) {
  D3D11_RASTERIZER_DESC rd{D3D11_FILL_SOLID, cull, frontCounterClockwise, depthBias, 0.0f, 0.0f, TRUE, FALSE, FALSE,
                           FALSE};
  Com<ID3D11RasterizerState> s;
  REQUIRE(d->CreateRasterizerState(&rd, s.out()) == S_OK);
  return s;
}

// Whether column i's pixels are all `c` (each checked).
void checkColumn(const std::vector<std::array<float, 4>>& pixels, UINT column, std::array<float, 4> c) {
  for (UINT y = 0; y < kHeight; ++y)
    for (UINT x = column * kColumn; x < (column + 1) * kColumn; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(pixels[y * kWidth + x] == c);
    }
}

// Draws every case into its column, then probes each column's stencil
// (EQUAL to the model's, depth off) and depth (a LESS test halfway between
// the case's z and the clear depth, no writes).
void drawCases(bool dynamicDepthStencil) {
  RenderDevice d;
  DepthTarget t(d);
  std::vector<Vertex3> vertices;
  for (UINT i = 0; i < kCaseCount; ++i) appendQuad(vertices, i, kCases[i].z, kCases[i].counterClockwise, caseColour(i));
  const std::array<float, 4> kProbe = {0, 0, 1, 1};
  for (UINT i = 0; i < kCaseCount; ++i) appendQuad(vertices, i, (kCases[i].z + kClearDepth) / 2, false, kProbe);
  Com<ID3D11Buffer> vb =
      makeBuffer(d, vertices.data(), UINT(vertices.size() * sizeof(Vertex3)), D3D11_BIND_VERTEX_BUFFER);
  t.colour.bindVertices(vb.get(), sizeof(Vertex3));

  std::vector<Com<ID3D11DepthStencilState>> states;
  std::vector<Com<ID3D11RasterizerState>> rasterizers;
  std::set<std::pair<ID3D11DepthStencilState*, ID3D11RasterizerState*>> combinations;
  for (const DepthCase& c : kCases) {
    states.push_back(depthStencilState(d, c.depthStencil));
    rasterizers.push_back(rasterizerState(d, c.cull, c.frontCounterClockwise));
    combinations.insert({states.back().get(), rasterizers.back().get()});
  }
  auto drawCase = [&](UINT i) {
    d.context->OMSetDepthStencilState(states[i].get(), kCases[i].reference);
    d.context->RSSetState(rasterizers[i].get());
    d.context->Draw(6, 6 * i);
  };
  drawCase(0);
  const Counted counted;
  for (UINT i = 1; i < kCaseCount; ++i) drawCase(i);
  const D3DVKStats n = counted.delta();
  // Dynamic: no case needs a pipeline of its own; otherwise each new combination of states does.
  CHECK(n.pipelinesCreated == (dynamicDepthStencil ? 0 : combinations.size() - 1));
  CHECK(n.renderPasses == 0);
  CHECK(n.barriers == 0);
  const auto coloured = t.colour.pixels();
  for (UINT i = 0; i < kCaseCount; ++i) {
    INFO("depth case " << i << " (colour)");
    checkColumn(coloured, i, model(kCases[i]).coloured ? caseColour(i) : kBackground);
  }

  // The stencil: each column probed with its own reference.
  const Com<ID3D11DepthStencilState> stencilProbe = depthStencilState(
      d, withStencil(depthOnly(FALSE, D3D11_DEPTH_WRITE_MASK_ZERO, D3D11_COMPARISON_ALWAYS), 0xFF, 0x00,
                     ops(D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_COMPARISON_EQUAL),
                     ops(D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_COMPARISON_EQUAL)));
  const Com<ID3D11RasterizerState> solid = rasterizerState(d, D3D11_CULL_NONE, FALSE);
  d.context->RSSetState(solid.get());
  d.context->ClearRenderTargetView(t.colour.rtv.get(), kBackground.data());
  const Counted probes;
  for (UINT i = 0; i < kCaseCount; ++i) {
    d.context->OMSetDepthStencilState(stencilProbe.get(), model(kCases[i]).stencil);
    d.context->Draw(6, 6 * (kCaseCount + i));
  }
  const auto stencilled = t.colour.pixels();
  for (UINT i = 0; i < kCaseCount; ++i) {
    INFO("depth case " << i << " (stencil " << int(model(kCases[i]).stencil) << ")");
    checkColumn(stencilled, i, kProbe);
  }

  // The depth: LESS halfway between the case's z and the clear depth passes where what is stored is further.
  const Com<ID3D11DepthStencilState> depthProbe =
      depthStencilState(d, depthOnly(TRUE, D3D11_DEPTH_WRITE_MASK_ZERO, D3D11_COMPARISON_LESS));
  d.context->ClearRenderTargetView(t.colour.rtv.get(), kBackground.data());
  d.context->OMSetDepthStencilState(depthProbe.get(), 0);
  for (UINT i = 0; i < kCaseCount; ++i) d.context->Draw(6, 6 * (kCaseCount + i));
  // Probe states are pipeline-free too where the state is dynamic.
  CHECK(probes.delta().pipelinesCreated == (dynamicDepthStencil ? 0 : 2));
  const auto depthProbed = t.colour.pixels();
  for (UINT i = 0; i < kCaseCount; ++i) {
    const Outcome o = model(kCases[i]);
    const bool passes = (kCases[i].z + kClearDepth) / 2 < o.depth;
    INFO("depth case " << i << " (depth " << o.depth << ")");
    checkColumn(depthProbed, i, passes ? kProbe : kBackground);
  }
}

}  // namespace

TEST_CASE("depth-stencil states, cull modes and windings share a pipeline where they are dynamic state, and every "
          "draw tests, culls and writes as its states say",
          "[recording][draw][pixels][depth-stencil]") {
  const bool dynamic = expectedDevice().dynamicDepthStencil;
  INFO("dynamic depth-stencil: " << dynamic);
  drawCases(dynamic);
}

TEST_CASE("with D3DVK_DYNAMIC_DEPTH_STENCIL=0 every depth-stencil and rasterizer combination has its own pipeline, "
          "and every draw tests, culls and writes as its states say",
          "[recording][draw][pixels][depth-stencil]") {
  ScopedEnv off("D3DVK_DYNAMIC_DEPTH_STENCIL", "0");
  drawCases(false);
}

TEST_CASE("one depth-stencil state tests as the bound view allows: its stencil test off on a view without stencil, "
          "both tests off without a view",
          "[recording][draw][pixels][depth-stencil]") {
  RenderDevice d;
  DepthTarget t(d);
  Com<ID3D11Texture2D> depthOnlyTexture;
  Com<ID3D11DepthStencilView> depthOnlyView;
  D3D11_TEXTURE2D_DESC dd = texture2DDesc(kWidth, kHeight, DXGI_FORMAT_D32_FLOAT, D3D11_BIND_DEPTH_STENCIL);
  REQUIRE(d->CreateTexture2D(&dd, nullptr, depthOnlyTexture.out()) == S_OK);
  REQUIRE(d->CreateDepthStencilView(depthOnlyTexture.get(), nullptr, depthOnlyView.out()) == S_OK);
  d.context->ClearDepthStencilView(depthOnlyView.get(), D3D11_CLEAR_DEPTH, kClearDepth, 0);

  // Stencil NEVER passes, depth LESS: on D24S8 nothing is drawn; on D32 the
  // stencil test is off and z 0.25 passes; without a view everything passes.
  const Com<ID3D11DepthStencilState> state = depthStencilState(
      d, withStencil(depthOnly(TRUE, D3D11_DEPTH_WRITE_MASK_ZERO, D3D11_COMPARISON_LESS), 0xFF, 0xFF,
                     ops(D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_COMPARISON_NEVER),
                     ops(D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_COMPARISON_NEVER)));
  // A GREATER state for the view-less draw: it would fail 0.25 against 0.5 had it a view.
  const Com<ID3D11DepthStencilState> greater =
      depthStencilState(d, depthOnly(TRUE, D3D11_DEPTH_WRITE_MASK_ALL, D3D11_COMPARISON_GREATER));
  std::vector<Vertex3> vertices;
  for (UINT i = 0; i < 5; ++i) appendQuad(vertices, i, 0.25f, false, caseColour(i));
  Com<ID3D11Buffer> vb =
      makeBuffer(d, vertices.data(), UINT(vertices.size() * sizeof(Vertex3)), D3D11_BIND_VERTEX_BUFFER);
  t.colour.bindVertices(vb.get(), sizeof(Vertex3));
  ID3D11RenderTargetView* views[] = {t.colour.rtv.get()};
  d.context->OMSetDepthStencilState(state.get(), 0);
  d.context->Draw(6, 0);  // D24S8: the stencil fails
  d.context->OMSetRenderTargets(1, views, depthOnlyView.get());
  d.context->Draw(6, 6);  // D32: no stencil to test
  d.context->OMSetRenderTargets(1, views, t.dsv.get());
  d.context->Draw(6, 12);  // D24S8 again: fails again
  d.context->OMSetDepthStencilState(greater.get(), 0);
  d.context->OMSetRenderTargets(1, views, nullptr);
  d.context->Draw(6, 18);  // no view: both tests off
  d.context->OMSetRenderTargets(1, views, t.dsv.get());
  d.context->Draw(6, 24);  // D24S8: GREATER fails 0.25 against 0.5
  const auto pixels = t.colour.pixels();
  const bool drawn[5] = {false, true, false, true, false};
  for (UINT i = 0; i < 5; ++i) {
    INFO("draw " << i);
    checkColumn(pixels, i, drawn[i] ? caseColour(i) : kBackground);
  }
}

TEST_CASE("rasterizer states that differ only in DepthBias bias each draw as their own state says",
          "[recording][draw][pixels][depth-stencil]") {
  // D24: D3D's r is 2^-24, so DepthBias 2^24 / 8 moves z by 0.125: 0.4375
  // LESS 0.5 passes unbiased and fails biased (0.5625); a negative bias lets
  // 0.5625 through (0.4375).
  RenderDevice d;
  DepthTarget t(d);
  const Com<ID3D11DepthStencilState> less =
      depthStencilState(d, depthOnly(TRUE, D3D11_DEPTH_WRITE_MASK_ZERO, D3D11_COMPARISON_LESS));
  const INT kEighth = 1 << 21;
  const Com<ID3D11RasterizerState> plain = rasterizerState(d, D3D11_CULL_NONE, FALSE),
                                   up = rasterizerState(d, D3D11_CULL_NONE, FALSE, kEighth),
                                   down = rasterizerState(d, D3D11_CULL_NONE, FALSE, -kEighth);
  struct Draw {
    ID3D11RasterizerState* state;
    float z;
    bool drawn;
  };
  const Draw draws[] = {{plain.get(), 0.4375f, true},  {up.get(), 0.4375f, false}, {down.get(), 0.5625f, true},
                        {plain.get(), 0.5625f, false}, {up.get(), 0.4375f, false}, {plain.get(), 0.4375f, true}};
  std::vector<Vertex3> vertices;
  for (UINT i = 0; i < std::size(draws); ++i) appendQuad(vertices, i, draws[i].z, false, caseColour(i));
  Com<ID3D11Buffer> vb =
      makeBuffer(d, vertices.data(), UINT(vertices.size() * sizeof(Vertex3)), D3D11_BIND_VERTEX_BUFFER);
  t.colour.bindVertices(vb.get(), sizeof(Vertex3));
  d.context->OMSetDepthStencilState(less.get(), 0);
  for (UINT i = 0; i < std::size(draws); ++i) {
    d.context->RSSetState(draws[i].state);
    d.context->Draw(6, 6 * i);
  }
  const auto pixels = t.colour.pixels();
  for (UINT i = 0; i < std::size(draws); ++i) {
    INFO("draw " << i);
    checkColumn(pixels, i, draws[i].drawn ? caseColour(i) : kBackground);
  }
}

TEST_CASE("a rasterizer state set alone between draws applies to the next: culling, winding and the scissor",
          "[recording][draw][pixels][depth-stencil]") {
  // Only RSSetState between the draws: the draw after it reuses the previous
  // draw's preparation where the states differ only in dynamic state, and
  // must still cull and scissor as the new state says.
  RenderDevice d;
  DepthTarget t(d);
  ID3D11RenderTargetView* views[] = {t.colour.rtv.get()};
  d.context->OMSetRenderTargets(1, views, nullptr);  // no depth: only the rasterizer decides
  const D3D11_RECT scissor{0, 0, LONG(kColumn) * 3, LONG(kHeight)};  // columns 0..2
  d.context->RSSetScissorRects(1, &scissor);
  auto state = [&](D3D11_CULL_MODE cull, BOOL frontCounterClockwise, BOOL scissorEnable) {
    D3D11_RASTERIZER_DESC rd{D3D11_FILL_SOLID, cull, frontCounterClockwise, 0, 0.0f, 0.0f, TRUE, scissorEnable, FALSE,
                             FALSE};
    Com<ID3D11RasterizerState> s;
    REQUIRE(d->CreateRasterizerState(&rd, s.out()) == S_OK);
    return s;
  };
  struct Draw {
    Com<ID3D11RasterizerState> state;
    bool counterClockwise;
    bool drawn;
  };
  Draw draws[] = {{state(D3D11_CULL_NONE, FALSE, FALSE), false, true},
                  {state(D3D11_CULL_BACK, FALSE, FALSE), true, false},   // a back face, culled
                  {state(D3D11_CULL_BACK, TRUE, FALSE), true, true},     // counter-clockwise is front now
                  {state(D3D11_CULL_FRONT, TRUE, FALSE), true, false},   // ... and culled as front
                  {state(D3D11_CULL_NONE, FALSE, TRUE), false, false},   // column 4: outside the scissor
                  {state(D3D11_CULL_NONE, FALSE, FALSE), false, true}};  // scissor off again
  std::vector<Vertex3> vertices;
  for (UINT i = 0; i < std::size(draws); ++i) appendQuad(vertices, i, 0.5f, draws[i].counterClockwise, caseColour(i));
  Com<ID3D11Buffer> vb =
      makeBuffer(d, vertices.data(), UINT(vertices.size() * sizeof(Vertex3)), D3D11_BIND_VERTEX_BUFFER);
  t.colour.bindVertices(vb.get(), sizeof(Vertex3));
  for (UINT i = 0; i < std::size(draws); ++i) {
    d.context->RSSetState(draws[i].state.get());
    d.context->Draw(6, 6 * i);
  }
  const auto pixels = t.colour.pixels();
  for (UINT i = 0; i < std::size(draws); ++i) {
    INFO("draw " << i);
    checkColumn(pixels, i, draws[i].drawn ? caseColour(i) : kBackground);
  }
}

TEST_CASE("[fallback] a conservative fallback draw between two native draws: the second tests depth as its own "
          "state says",
          "[recording][draw][pixels][depth-stencil][fallback]") {
  // The fallback's passes bind pipelines with their depth-stencil state in
  // them: a native draw after them sets its dynamic state again.
  const ForceConservativeFallback fallback;
  RenderDevice d;
  DepthTarget t(d);
  const Com<ID3D11DepthStencilState> less =
      depthStencilState(d, depthOnly(TRUE, D3D11_DEPTH_WRITE_MASK_ALL, D3D11_COMPARISON_LESS));
  const Com<ID3D11DepthStencilState> always =
      depthStencilState(d, depthOnly(TRUE, D3D11_DEPTH_WRITE_MASK_ZERO, D3D11_COMPARISON_ALWAYS));
  const Com<ID3D11RasterizerState2> conservative = conservativeState(d);
  std::vector<Vertex3> vertices;
  appendQuad(vertices, 0, 0.25f, false, caseColour(0));  // LESS: drawn
  appendQuad(vertices, 1, 0.75f, false, caseColour(1));  // conservative, ALWAYS: drawn
  appendQuad(vertices, 2, 0.75f, false, caseColour(2));  // LESS: fails
  appendQuad(vertices, 3, 0.25f, false, caseColour(3));  // LESS: drawn
  // The conservative quad inset by a quarter pixel: it reaches only its own column's pixels.
  const float inset = 0.25f * 2 / kWidth, insetY = 0.25f * 2 / kHeight;
  for (UINT v = 6; v < 12; ++v) {
    Vertex3& p = vertices[v];
    p.x += p.x < -0.75f + 0.0001f ? inset : -inset;
    p.y += p.y > 0 ? -insetY : insetY;
  }
  Com<ID3D11Buffer> vb =
      makeBuffer(d, vertices.data(), UINT(vertices.size() * sizeof(Vertex3)), D3D11_BIND_VERTEX_BUFFER);
  t.colour.bindVertices(vb.get(), sizeof(Vertex3));
  d.context->OMSetDepthStencilState(less.get(), 0);
  d.context->Draw(6, 0);
  d.context->OMSetDepthStencilState(always.get(), 0);
  d.context->RSSetState(conservative.get());
  d.context->Draw(6, 6);
  d.context->OMSetDepthStencilState(less.get(), 0);
  d.context->RSSetState(nullptr);
  d.context->Draw(6, 12);
  d.context->Draw(6, 18);
  const auto pixels = t.colour.pixels();
  const bool drawn[4] = {true, true, false, true};
  for (UINT i = 0; i < 4; ++i) {
    INFO("draw " << i);
    checkColumn(pixels, i, drawn[i] ? caseColour(i) : kBackground);
  }
}

namespace {
// A quad through a writable view, then one through a read-only view of the same
// texture, both with depth writes on; then LESS probes (no writes) through the
// writable view find what each left.
void drawThroughReadOnlyView(bool dynamicDepthStencil) {
  RenderDevice d;
  DepthTarget t(d);
  const std::array<float, 4> kDrawn = {1, 0, 0, 1}, kProbe = {0, 0, 1, 1};
  std::vector<Vertex3> vertices;
  appendQuad(vertices, 0, 0.25f, false, kDrawn);
  appendQuad(vertices, 1, 0.25f, false, kDrawn);
  appendQuad(vertices, 0, 0.375f, false, kProbe);
  appendQuad(vertices, 1, 0.375f, false, kProbe);
  Com<ID3D11Buffer> vb =
      makeBuffer(d, vertices.data(), UINT(vertices.size() * sizeof(Vertex3)), D3D11_BIND_VERTEX_BUFFER);
  t.colour.bindVertices(vb.get(), sizeof(Vertex3));
  D3D11_DEPTH_STENCIL_VIEW_DESC rd{};
  rd.Format = DXGI_FORMAT_D24_UNORM_S8_UINT;
  rd.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2D;
  rd.Flags = D3D11_DSV_READ_ONLY_DEPTH | D3D11_DSV_READ_ONLY_STENCIL;
  Com<ID3D11DepthStencilView> readOnly;
  REQUIRE(d->CreateDepthStencilView(t.depth.get(), &rd, readOnly.out()) == S_OK);
  const Com<ID3D11DepthStencilState> writes =
      depthStencilState(d, depthOnly(TRUE, D3D11_DEPTH_WRITE_MASK_ALL, D3D11_COMPARISON_LESS));
  d.context->OMSetDepthStencilState(writes.get(), 0);
  d.context->Draw(6, 0);
  ID3D11RenderTargetView* views[] = {t.colour.rtv.get()};
  d.context->OMSetRenderTargets(1, views, readOnly.get());
  const Counted counted;
  d.context->Draw(6, 6);
  // Dynamic: the read-only view's writes are forced off in the dynamic state, not by a pipeline of its own.
  CHECK(counted.delta().pipelinesCreated == (dynamicDepthStencil ? 0 : 1));
  const auto drawn = t.colour.pixels();
  checkColumn(drawn, 0, kDrawn);
  checkColumn(drawn, 1, kDrawn);  // tested: 0.25 LESS 0.5

  d.context->OMSetRenderTargets(1, views, t.dsv.get());
  d.context->ClearRenderTargetView(t.colour.rtv.get(), kBackground.data());
  const Com<ID3D11DepthStencilState> probe =
      depthStencilState(d, depthOnly(TRUE, D3D11_DEPTH_WRITE_MASK_ZERO, D3D11_COMPARISON_LESS));
  d.context->OMSetDepthStencilState(probe.get(), 0);
  d.context->Draw(12, 12);
  const auto probed = t.colour.pixels();
  checkColumn(probed, 0, kBackground);  // 0.375 is not LESS the 0.25 written through the writable view
  checkColumn(probed, 1, kProbe);       // the read-only view wrote nothing: 0.375 LESS 0.5
}
}  // namespace

TEST_CASE("a read-only depth-stencil view needs no pipeline of its own where depth-stencil state is dynamic, and "
          "writes nothing either way",
          "[recording][draw][pixels][depth-stencil]") {
  const bool dynamic = expectedDevice().dynamicDepthStencil;
  SECTION("as the device runs it") { drawThroughReadOnlyView(dynamic); }
  SECTION("with D3DVK_DYNAMIC_DEPTH_STENCIL=0") {
    ScopedEnv off("D3DVK_DYNAMIC_DEPTH_STENCIL", "0");
    drawThroughReadOnlyView(false);
  }
}
