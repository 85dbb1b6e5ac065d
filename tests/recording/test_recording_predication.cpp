// tests/recording: D3D11 predication on the GPU path (VK_EXT_conditional_rendering,
// which lavapipe has; ddi/umd/driver_predication.h): SetPredication records
// nothing and waits for nothing, so draws and attachment clears under
// changing predicates stay in the render-pass instance the draws before them
// opened — no new instance, no barrier, no submit — and each is skipped
// exactly when its predicate's result equals its PredicateValue (pixels read back).
#include "../draw/draw_test_util.h"
#include "recording_stats.h"

using namespace d3dvk::test;

namespace {

constexpr UINT kSize = 16;

// The 4×4 square i of the kSize target (i % 4, i / 4), in one colour: two triangles.
std::vector<Vertex> square(int i, std::array<float, 4> c) {
  const float x0 = float(i % 4) * 4, y0 = float(i / 4) * 4, x1 = x0 + 4, y1 = y0 + 4;
  auto v = [&](float x, float y) { return Vertex{x / (kSize / 2.0f) - 1.0f, 1.0f - y / (kSize / 2.0f), c[0], c[1], c[2], c[3]}; };
  return {v(x0, y0), v(x1, y0), v(x0, y1), v(x0, y1), v(x1, y0), v(x1, y1)};
}

std::array<float, 4> colourOf(int i) { return {float(i + 1) / 16.0f, 0.5f, float(15 - i) / 16.0f, 1}; }
constexpr std::array<float, 4> kBlack{0, 0, 0, 1};

Com<ID3D11Predicate> makePredicate(RenderDevice& d) {
  const D3D11_QUERY_DESC desc{D3D11_QUERY_OCCLUSION_PREDICATE, 0};
  Com<ID3D11Predicate> p;
  REQUIRE(d->CreatePredicate(&desc, p.out()) == S_OK);
  return p;
}

// Squares 0..15, square i in colourOf(i) (vertices 6i..6i+5); predicates
// `passed` (square 15 drawn while it built: TRUE) and `failed` (nothing: FALSE).
struct Scene {
  RenderDevice& d;
  DrawTarget target;
  Com<ID3D11Buffer> squares;
  Com<ID3D11Predicate> passed, failed;
  explicit Scene(RenderDevice& device) : d(device), target(device, kSize, kSize, kBlack) {
    std::vector<Vertex> all;
    for (int i = 0; i < 16; ++i) {
      const std::vector<Vertex> s = square(i, colourOf(i));
      all.insert(all.end(), s.begin(), s.end());
    }
    squares = makeBuffer(d, all.data(), UINT(all.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
    target.bindVertices(squares.get());
    passed = makePredicate(d);
    failed = makePredicate(d);
    d.context->Begin(passed.get());
    d.context->Draw(6, 6 * 15);
    d.context->End(passed.get());
    d.context->Begin(failed.get());
    d.context->End(failed.get());
  }
  // The colour of square i's pixels (checked alike).
  std::array<float, 4> squareColour(const std::vector<std::array<float, 4>>& px, int i) {
    const UINT x0 = UINT(i % 4) * 4, y0 = UINT(i / 4) * 4;
    for (UINT y = y0; y < y0 + 4; ++y)
      for (UINT x = x0; x < x0 + 4; ++x) REQUIRE(px[y * kSize + x] == px[y0 * kSize + x0]);
    return px[y0 * kSize + x0];
  }
};

}  // namespace

TEST_CASE("predicated draws between SetPredication calls stay in one render-pass instance with no wait",
          "[recording][predication][pixels]") {
  RenderDevice d;
  Scene s(d);
  d.context->Draw(6, 0);  // square 0, unpredicated: opens the instance
  const Counted counted;
  d.context->SetPredication(s.passed.get(), FALSE);
  d.context->Draw(6, 6 * 1);  // runs: TRUE != FALSE
  d.context->SetPredication(s.passed.get(), TRUE);
  d.context->Draw(6, 6 * 2);  // skipped
  d.context->DrawInstanced(6, 1, 6 * 6, 0);  // skipped
  d.context->SetPredication(s.failed.get(), TRUE);
  d.context->Draw(6, 6 * 3);  // runs: FALSE != TRUE
  d.context->SetPredication(s.failed.get(), FALSE);
  d.context->Draw(6, 6 * 4);  // skipped
  d.context->SetPredication(nullptr, FALSE);
  d.context->Draw(6, 6 * 5);  // runs: no predicate
  const D3DVKStats n = counted.delta();
  CHECK(n.renderPasses == 0);  // the instance square 0 opened
  CHECK(n.barriers == 0);
  CHECK(n.submits == 0);  // nothing waited for a predicate's result
  const auto px = s.target.pixels();
  const bool drawn[16] = {true, true, false, true, false, true, false, false,
                          false, false, false, false, false, false, false, true};
  for (int i = 0; i < 16; ++i) {
    INFO("square " << i);
    CHECK(s.squareColour(px, i) == (drawn[i] ? colourOf(i) : kBlack));
  }
}

TEST_CASE("a predicated attachment clear inside the render-pass instance is skipped exactly when the predicate says so",
          "[recording][predication][pixels]") {
  const std::array<float, 4> kGreen{0, 1, 0, 1};
  for (const BOOL value : {FALSE, TRUE}) {
    CAPTURE(value);
    RenderDevice d;
    Scene s(d);
    d.context->Draw(6, 0);  // opens the instance
    const Counted counted;
    d.context->SetPredication(s.passed.get(), value);
    d.context->ClearRenderTargetView(s.target.rtv.get(), kGreen.data());  // an attachment clear: the bound target, whole
    d.context->SetPredication(nullptr, FALSE);
    d.context->Draw(6, 6 * 1);
    const D3DVKStats n = counted.delta();
    CHECK(n.renderPasses == 0);
    CHECK(n.submits == 0);
    const bool cleared = value == FALSE;  // `passed` is TRUE: skipped when PredicateValue is TRUE
    const auto px = s.target.pixels();
    CHECK(s.squareColour(px, 0) == (cleared ? kGreen : colourOf(0)));
    CHECK(s.squareColour(px, 1) == colourOf(1));
    CHECK(s.squareColour(px, 2) == (cleared ? kGreen : kBlack));
  }
}

TEST_CASE("predicated copies and updates wait for nothing and are skipped exactly when the predicate says so",
          "[recording][predication]") {
  RenderDevice d;
  Scene s(d);
  std::vector<uint8_t> initial(64), source(64), update(64);
  for (size_t i = 0; i < 64; ++i) {
    initial[i] = uint8_t(i);
    source[i] = uint8_t(100 + i);
    update[i] = uint8_t(200 - i);
  }
  Com<ID3D11Buffer> src = makeBuffer(d, source.data(), 64, D3D11_BIND_VERTEX_BUFFER);
  Com<ID3D11Buffer> skipped = makeBuffer(d, initial.data(), 64, D3D11_BIND_VERTEX_BUFFER);
  Com<ID3D11Buffer> copied = makeBuffer(d, initial.data(), 64, D3D11_BIND_VERTEX_BUFFER);
  Com<ID3D11Buffer> updated = makeBuffer(d, initial.data(), 64, D3D11_BIND_VERTEX_BUFFER);
  (void)readback(d, updated.get());  // everything created has reached the GPU
  // The predicates issued again, in the open batch: a CPU verdict would have to submit it.
  d.context->Begin(s.passed.get());
  d.context->Draw(6, 6 * 15);
  d.context->End(s.passed.get());
  d.context->Begin(s.failed.get());
  d.context->End(s.failed.get());
  const Counted counted;
  d.context->SetPredication(s.passed.get(), TRUE);  // `passed` is TRUE: skipped
  d.context->CopyResource(skipped.get(), src.get());
  d.context->UpdateSubresource(skipped.get(), 0, nullptr, update.data(), 0, 0);
  d.context->SetPredication(s.failed.get(), TRUE);  // `failed` is FALSE: runs
  d.context->CopyResource(copied.get(), src.get());
  d.context->UpdateSubresource(updated.get(), 0, nullptr, update.data(), 0, 0);
  d.context->SetPredication(nullptr, FALSE);
  CHECK(counted.delta().submits == 0);  // no command waited for a predicate's result
  CHECK(readback(d, skipped.get()) == initial);
  CHECK(readback(d, copied.get()) == source);
  CHECK(readback(d, updated.get()) == update);
}
