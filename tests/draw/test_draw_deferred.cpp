// tests/draw: deferred contexts and command lists (emulated: DriverCommandLists
// FALSE) on the device's path (lavapipe here). A scene of four parts, each
// recorded on its own deferred context on its own thread with Map(WRITE_DISCARD)
// and Map(WRITE_NO_OVERWRITE) of dynamic buffers the lists share, executed twice
// with additive blending, equals the same calls made on the immediate context
// and the colours computed here; nested lists, queries recorded in lists, and a
// list executed many times; pixels read back.
#include "draw_test_util.h"

#include <thread>

using namespace d3dvk::test;

namespace {

constexpr UINT kSize = 16;

// Two triangles covering the pixel rectangle [x0, x1) × [y0, y1) of the 16×16 target in `colour`.
void rectangle(Vertex* out, int x0, int y0, int x1, int y1, std::array<float, 4> c) {
  auto nx = [](int x) { return float(x) / (kSize / 2) - 1.0f; };
  auto ny = [](int y) { return 1.0f - float(y) / (kSize / 2); };
  const Vertex a{nx(x0), ny(y0), c[0], c[1], c[2], c[3]}, b{nx(x1), ny(y0), c[0], c[1], c[2], c[3]},
      d{nx(x0), ny(y1), c[0], c[1], c[2], c[3]}, e{nx(x1), ny(y1), c[0], c[1], c[2], c[3]};
  out[0] = a, out[1] = b, out[2] = d, out[3] = d, out[4] = b, out[5] = e;
}

// The per-part scale (cb2[0] of kPsScaled): exact binary fractions.
std::array<float, 4> scaleOf(int part) { return {0.125f * float(part + 1), 0.25f, 0.0625f * float(4 - part), 1.0f}; }
constexpr std::array<float, 4> kWhite{1, 1, 1, 1}, kGrey{0.5f, 0.5f, 0.5f, 0.5f};

struct Scene {
  RenderDevice& d;
  Com<ID3D11VertexShader> vs;
  Com<ID3D11PixelShader> ps;
  Com<ID3D11InputLayout> layout;
  Com<ID3D11Buffer> constants;  // dynamic, shared by every part
  Com<ID3D11Buffer> vertices;   // dynamic, 12 vertices, shared by every part
  Com<ID3D11BlendState> additive;

  explicit Scene(RenderDevice& device) : d(device) {
    const std::vector<uint8_t> vsCode = assembled(kVsColor), psCode = assembled(kPsScaled);
    REQUIRE(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
    REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
    REQUIRE(d->CreateInputLayout(kColorLayout, 2, vsCode.data(), vsCode.size(), layout.out()) == S_OK);
    D3D11_BUFFER_DESC cb{16, D3D11_USAGE_DYNAMIC, D3D11_BIND_CONSTANT_BUFFER, D3D11_CPU_ACCESS_WRITE, 0, 0};
    REQUIRE(d->CreateBuffer(&cb, nullptr, constants.out()) == S_OK);
    D3D11_BUFFER_DESC vb{12 * sizeof(Vertex), D3D11_USAGE_DYNAMIC, D3D11_BIND_VERTEX_BUFFER, D3D11_CPU_ACCESS_WRITE,
                         0, 0};
    REQUIRE(d->CreateBuffer(&vb, nullptr, vertices.out()) == S_OK);
    D3D11_BLEND_DESC bd{};
    bd.RenderTarget[0] = {TRUE, D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE,
                          D3D11_BLEND_ONE, D3D11_BLEND_OP_ADD, D3D11_COLOR_WRITE_ENABLE_ALL};
    REQUIRE(d->CreateBlendState(&bd, additive.out()) == S_OK);
  }

  // Part `part` (quadrant part%2, part/2): its left half white and its right half grey,
  // both scaled by scaleOf(part), added to the target. Binds everything it uses.
  void record(ID3D11DeviceContext* c, ID3D11RenderTargetView* rtv, int part) {
    c->OMSetRenderTargets(1, &rtv, nullptr);
    const D3D11_VIEWPORT vp{0, 0, float(kSize), float(kSize), 0, 1};
    c->RSSetViewports(1, &vp);
    c->IASetInputLayout(layout.get());
    c->VSSetShader(vs.get(), nullptr, 0);
    c->PSSetShader(ps.get(), nullptr, 0);
    c->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    c->OMSetBlendState(additive.get(), nullptr, 0xFFFFFFFF);
    D3D11_MAPPED_SUBRESOURCE m{};
    REQUIRE(c->Map(constants.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &m) == S_OK);
    const std::array<float, 4> s = scaleOf(part);
    std::memcpy(m.pData, s.data(), sizeof s);
    c->Unmap(constants.get(), 0);
    ID3D11Buffer* cb = constants.get();
    c->PSSetConstantBuffers(2, 1, &cb);
    const int x0 = (part % 2) * 8, y0 = (part / 2) * 8;
    REQUIRE(c->Map(vertices.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &m) == S_OK);
    rectangle(static_cast<Vertex*>(m.pData), x0, y0, x0 + 4, y0 + 8, kWhite);
    c->Unmap(vertices.get(), 0);
    ID3D11Buffer* vb = vertices.get();
    const UINT stride = sizeof(Vertex), offset = 0;
    c->IASetVertexBuffers(0, 1, &vb, &stride, &offset);
    c->Draw(6, 0);
    REQUIRE(c->Map(vertices.get(), 0, D3D11_MAP_WRITE_NO_OVERWRITE, 0, &m) == S_OK);
    rectangle(static_cast<Vertex*>(m.pData) + 6, x0 + 4, y0, x0 + 8, y0 + 8, kGrey);
    c->Unmap(vertices.get(), 0);
    c->Draw(6, 6);
  }
};

Com<ID3D11Texture2D> target(RenderDevice& d, Com<ID3D11RenderTargetView>* rtv) {
  D3D11_TEXTURE2D_DESC td = texture2DDesc(kSize, kSize, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D11_BIND_RENDER_TARGET);
  Com<ID3D11Texture2D> t;
  REQUIRE(d->CreateTexture2D(&td, nullptr, t.out()) == S_OK);
  REQUIRE(d->CreateRenderTargetView(t.get(), nullptr, rtv->out()) == S_OK);
  const float zero[4] = {0, 0, 0, 0};
  d.context->ClearRenderTargetView(rtv->get(), zero);
  return t;
}

std::vector<std::array<float, 4>> pixels(RenderDevice& d, ID3D11Texture2D* t) {
  const std::vector<uint8_t> raw = readback(d, t);
  std::vector<std::array<float, 4>> out(kSize * kSize);
  std::memcpy(out.data(), raw.data(), raw.size());
  return out;
}

// The scene's colour at (x, y) after `times` executions of the parts in `parts`.
std::array<float, 4> expected(int x, int y, int times, std::vector<int> parts = {0, 1, 2, 3}) {
  const int part = (y / 8) * 2 + x / 8;
  if (std::find(parts.begin(), parts.end(), part) == parts.end()) return {0, 0, 0, 0};
  const std::array<float, 4> base = (x % 8) < 4 ? kWhite : kGrey, s = scaleOf(part);
  std::array<float, 4> out{};
  for (int i = 0; i < 4; ++i) out[i] = base[i] * s[i] * float(times);
  return out;
}

Com<ID3D11CommandList> recordPart(RenderDevice& d, Scene& scene, ID3D11RenderTargetView* rtv, int part) {
  Com<ID3D11DeviceContext> deferred;
  REQUIRE(d->CreateDeferredContext(0, deferred.out()) == S_OK);
  scene.record(deferred.get(), rtv, part);
  Com<ID3D11CommandList> list;
  REQUIRE(deferred->FinishCommandList(FALSE, list.out()) == S_OK);
  return list;
}

}  // namespace

TEST_CASE("Deferred contexts: one scene recorded on 4 threads and executed twice equals the immediate context's",
          "[draw][deferred][pixels]") {
  RenderDevice d;
  Scene scene(d);
  Com<ID3D11RenderTargetView> deferredRtv, immediateRtv;
  Com<ID3D11Texture2D> deferredTarget = target(d, &deferredRtv), immediateTarget = target(d, &immediateRtv);

  Com<ID3D11CommandList> lists[4];
  {
    std::vector<std::thread> threads;
    for (int part = 0; part < 4; ++part)
      threads.emplace_back([&, part] {
        // Each thread creates its own deferred context (free-threaded creation) and records one part.
        Com<ID3D11DeviceContext> deferred;
        if (d->CreateDeferredContext(0, deferred.out()) != S_OK) return;
        scene.record(deferred.get(), deferredRtv.get(), part);
        deferred->FinishCommandList(FALSE, lists[part].out());
      });
    for (std::thread& t : threads) t.join();
  }
  for (const Com<ID3D11CommandList>& list : lists) REQUIRE(list.get() != nullptr);
  for (int time = 0; time < 2; ++time)
    for (const Com<ID3D11CommandList>& list : lists) d.context->ExecuteCommandList(list.get(), FALSE);

  for (int time = 0; time < 2; ++time)
    for (int part = 0; part < 4; ++part) scene.record(d.context.get(), immediateRtv.get(), part);

  const auto fromLists = pixels(d, deferredTarget.get()), fromImmediate = pixels(d, immediateTarget.get());
  for (int y = 0; y < int(kSize); ++y)
    for (int x = 0; x < int(kSize); ++x) {
      INFO("pixel " << x << " " << y);
      CHECK(fromLists[y * kSize + x] == expected(x, y, 2));
      CHECK(fromImmediate[y * kSize + x] == expected(x, y, 2));
    }
}

TEST_CASE("Deferred contexts: a list executed many times replays every command each time",
          "[draw][deferred][pixels]") {
  RenderDevice d;
  Scene scene(d);
  Com<ID3D11RenderTargetView> rtv;
  Com<ID3D11Texture2D> t = target(d, &rtv);
  Com<ID3D11CommandList> list = recordPart(d, scene, rtv.get(), 3);
  constexpr int kTimes = 40;
  for (int i = 0; i < kTimes; ++i) d.context->ExecuteCommandList(list.get(), i % 2 == 0);
  const auto px = pixels(d, t.get());
  for (int y = 0; y < int(kSize); ++y)
    for (int x = 0; x < int(kSize); ++x) {
      INFO("pixel " << x << " " << y);
      CHECK(px[y * kSize + x] == expected(x, y, kTimes, {3}));
    }
}

TEST_CASE("Deferred contexts: a list executed inside another list (nested) runs where it was recorded",
          "[draw][deferred][pixels]") {
  RenderDevice d;
  Scene scene(d);
  Com<ID3D11RenderTargetView> rtv;
  Com<ID3D11Texture2D> t = target(d, &rtv);
  Com<ID3D11CommandList> inner = recordPart(d, scene, rtv.get(), 0);

  Com<ID3D11DeviceContext> outer;
  REQUIRE(d->CreateDeferredContext(0, outer.out()) == S_OK);
  outer->PSSetShader(scene.ps.get(), nullptr, 0);
  outer->ExecuteCommandList(inner.get(), TRUE);  // the outer context keeps its state
  Com<ID3D11PixelShader> ps;
  outer->PSGetShader(ps.out(), nullptr, nullptr);
  CHECK(ps.get() == scene.ps.get());
  outer->ExecuteCommandList(inner.get(), FALSE);  // the outer context's state is cleared
  outer->PSGetShader(ps.out(), nullptr, nullptr);
  CHECK(ps.get() == nullptr);
  scene.record(outer.get(), rtv.get(), 1);
  Com<ID3D11CommandList> list;
  REQUIRE(outer->FinishCommandList(FALSE, list.out()) == S_OK);
  inner.reset();  // the outer list holds the inner one

  d.context->ExecuteCommandList(list.get(), FALSE);
  const auto px = pixels(d, t.get());
  for (int y = 0; y < int(kSize); ++y)
    for (int x = 0; x < int(kSize); ++x) {
      INFO("pixel " << x << " " << y);
      const std::array<float, 4> e0 = expected(x, y, 2, {0}), e1 = expected(x, y, 1, {1});
      CHECK(px[y * kSize + x] == std::array<float, 4>{e0[0] + e1[0], e0[1] + e1[1], e0[2] + e1[2], e0[3] + e1[3]});
    }
}

TEST_CASE("Deferred contexts: queries recorded in a list count the list's draws and GetData is the immediate context's",
          "[draw][deferred][queries]") {
  RenderDevice d;
  Scene scene(d);
  Com<ID3D11RenderTargetView> rtv;
  Com<ID3D11Texture2D> t = target(d, &rtv);
  const D3D11_QUERY_DESC desc{D3D11_QUERY_OCCLUSION, 0};
  Com<ID3D11Query> query;
  REQUIRE(d->CreateQuery(&desc, query.out()) == S_OK);
  Com<ID3D11DeviceContext> deferred;
  REQUIRE(d->CreateDeferredContext(0, deferred.out()) == S_OK);
  deferred->Begin(query.get());
  scene.record(deferred.get(), rtv.get(), 2);  // 8×8 pixels
  deferred->End(query.get());
  UINT64 samples = 0;
  CHECK(deferred->GetData(query.get(), &samples, sizeof samples, 0) == DXGI_ERROR_INVALID_CALL);
  Com<ID3D11CommandList> list;
  REQUIRE(deferred->FinishCommandList(FALSE, list.out()) == S_OK);
  d.context->ExecuteCommandList(list.get(), FALSE);
  HRESULT hr = S_FALSE;
  for (int i = 0; i < 10000 && hr == S_FALSE; ++i) {
    hr = d.context->GetData(query.get(), &samples, sizeof samples, 0);
    if (hr == S_FALSE) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  REQUIRE(hr == S_OK);
  CHECK(samples == 64);
}
