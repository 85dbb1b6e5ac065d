// tests/draw: ID3D11DeviceContext::SetPredication / GetPredication through the
// public API on the real UMD (lavapipe): OCCLUSION_PREDICATE results decided by
// what was drawn while the predicate was building (checked through GetData),
// then draws, dispatches, clears, copies and updates under the predicate with both
// PredicateValue values, read back: a command is skipped exactly when the
// predicate's result equals PredicateValue. Also GetPredication's reference,
// ClearState and a predicate that was never issued.
#include "draw_test_util.h"

#include <chrono>
#include <functional>
#include <thread>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

Com<ID3D11Predicate> makePredicate(RenderDevice& d) {
  const D3D11_QUERY_DESC desc{D3D11_QUERY_OCCLUSION_PREDICATE, 0};
  Com<ID3D11Predicate> p;
  REQUIRE(d->CreatePredicate(&desc, p.out()) == S_OK);
  return p;
}

BOOL predicateResult(RenderDevice& d, ID3D11Predicate* p) {
  BOOL value = 2;
  HRESULT hr = S_FALSE;
  for (int i = 0; i < 10000 && hr == S_FALSE; ++i) {
    hr = d.context->GetData(p, &value, sizeof value, 0);
    if (hr == S_FALSE) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  REQUIRE(hr == S_OK);
  return value;
}

// Two triangles covering the whole target in one colour.
std::vector<Vertex> fullScreen(float r, float g, float b) {
  const Vertex a{-1, 1, r, g, b, 1}, c{1, 1, r, g, b, 1}, e{-1, -1, r, g, b, 1}, f{1, -1, r, g, b, 1};
  return {a, c, e, e, c, f};
}

// A target with two predicates: `passed` built around a draw that covers
// pixels (TRUE), `failed` around nothing (FALSE).
struct PredicatedScene {
  RenderDevice& d;
  DrawTarget target;
  Com<ID3D11Buffer> red, green;
  Com<ID3D11Predicate> passed, failed;
  explicit PredicatedScene(RenderDevice& device) : d(device), target(device, 8, 8, {0, 0, 0, 0}) {
    const std::vector<Vertex> r = fullScreen(1, 0, 0), g = fullScreen(0, 1, 0);
    red = makeBuffer(d, r.data(), UINT(r.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
    green = makeBuffer(d, g.data(), UINT(g.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
    passed = makePredicate(d);
    failed = makePredicate(d);
    target.bindVertices(red.get());
    d.context->Begin(passed.get());
    d.context->Draw(6, 0);
    d.context->End(passed.get());
    d.context->Begin(failed.get());
    d.context->End(failed.get());
  }
  // The colour of every pixel (they are all drawn alike); checks they agree.
  std::array<float, 4> colour() {
    const auto px = target.pixels();
    for (const auto& p : px) REQUIRE(p == px[0]);
    return px[0];
  }
};

constexpr std::array<float, 4> kRed{1, 0, 0, 1}, kGreen{0, 1, 0, 1}, kBlue{0, 0, 1, 1};

}  // namespace

TEST_CASE("a predicated draw is skipped exactly when the occlusion predicate equals PredicateValue", "[predication]") {
  RenderDevice d;
  PredicatedScene s(d);
  // The predicates' results, independently of predication: the red quad covered pixels; nothing was drawn in `failed`.
  // (Asked after the predicated draws in one of the sections, so the draw's own wait is exercised first.)
  struct Case {
    ID3D11Predicate* predicate;
    BOOL result;
    BOOL value;
  };
  const Case cases[] = {{s.passed.get(), TRUE, FALSE}, {s.passed.get(), TRUE, TRUE},
                        {s.failed.get(), FALSE, FALSE}, {s.failed.get(), FALSE, TRUE}};
  for (const Case& c : cases) {
    CAPTURE(c.result, c.value);
    s.target.bindVertices(s.red.get());
    d.context->SetPredication(nullptr, FALSE);
    d.context->Draw(6, 0);  // red everywhere
    d.context->SetPredication(c.predicate, c.value);
    s.target.bindVertices(s.green.get());
    d.context->Draw(6, 0);  // green unless the predicate skips it
    d.context->DrawInstanced(6, 1, 0, 0);
    d.context->SetPredication(nullptr, FALSE);  // the read-back's copy is predicated too
    const bool skipped = c.result == c.value;
    CHECK(s.colour() == (skipped ? kRed : kGreen));
  }
  CHECK(predicateResult(d, s.passed.get()) == TRUE);
  CHECK(predicateResult(d, s.failed.get()) == FALSE);
}

TEST_CASE("predicated clears copies and updates are skipped exactly when the predicate says so", "[predication]") {
  RenderDevice d;
  PredicatedScene s(d);
  D3D11_TEXTURE2D_DESC td = texture2DDesc(8, 8, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D11_BIND_RENDER_TARGET);
  Com<ID3D11Texture2D> blue;
  REQUIRE(d->CreateTexture2D(&td, nullptr, blue.out()) == S_OK);
  Com<ID3D11RenderTargetView> blueView;
  REQUIRE(d->CreateRenderTargetView(blue.get(), nullptr, blueView.out()) == S_OK);
  d.context->ClearRenderTargetView(blueView.get(), kBlue.data());
  std::vector<std::array<float, 4>> greenTexels(64, kGreen);

  struct Operation {
    const char* name;
    std::function<void()> record;
    std::array<float, 4> colour;  // what the target holds when it runs
  };
  const Operation operations[] = {
      {"ClearRenderTargetView", [&] { d.context->ClearRenderTargetView(s.target.rtv.get(), kGreen.data()); }, kGreen},
      {"CopyResource", [&] { d.context->CopyResource(s.target.texture.get(), blue.get()); }, kBlue},
      {"CopySubresourceRegion",
       [&] { d.context->CopySubresourceRegion(s.target.texture.get(), 0, 0, 0, 0, blue.get(), 0, nullptr); }, kBlue},
      {"UpdateSubresource",
       [&] { d.context->UpdateSubresource(s.target.texture.get(), 0, nullptr, greenTexels.data(), 8 * 16, 0); },
       kGreen},
  };
  for (const Operation& op : operations)
    for (const BOOL value : {FALSE, TRUE})
      for (ID3D11Predicate* predicate : {s.passed.get(), s.failed.get()}) {
        const BOOL result = predicate == s.passed.get();  // see PredicatedScene
        const bool skipped = result == value;
        CAPTURE(op.name, result, value);
        d.context->SetPredication(nullptr, FALSE);
        d.context->ClearRenderTargetView(s.target.rtv.get(), kRed.data());
        d.context->SetPredication(predicate, value);
        op.record();
        d.context->SetPredication(nullptr, FALSE);
        CHECK(s.colour() == (skipped ? kRed : op.colour));
      }
}

TEST_CASE("a predicated UAV clear is skipped exactly when the predicate says so", "[predication]") {
  RenderDevice d;
  PredicatedScene s(d);
  const D3D11_BUFFER_DESC bd{64, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, 0, 0};
  Com<ID3D11Buffer> buffer;
  REQUIRE(d->CreateBuffer(&bd, nullptr, buffer.out()) == S_OK);
  D3D11_UNORDERED_ACCESS_VIEW_DESC ud{};
  ud.Format = DXGI_FORMAT_R32_UINT;
  ud.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
  ud.Buffer = {0, 16, 0};
  Com<ID3D11UnorderedAccessView> uav;
  REQUIRE(d->CreateUnorderedAccessView(buffer.get(), &ud, uav.out()) == S_OK);
  for (const BOOL value : {FALSE, TRUE}) {
    for (ID3D11Predicate* predicate : {s.passed.get(), s.failed.get()}) {
      const BOOL result = predicate == s.passed.get();
      CAPTURE(result, value);
      const UINT seven[4] = {7, 7, 7, 7}, nine[4] = {9, 9, 9, 9};
      d.context->SetPredication(nullptr, FALSE);
      d.context->ClearUnorderedAccessViewUint(uav.get(), seven);
      d.context->SetPredication(predicate, value);
      d.context->ClearUnorderedAccessViewUint(uav.get(), nine);
      d.context->SetPredication(nullptr, FALSE);
      const std::vector<uint8_t> raw = readback(d, buffer.get());
      std::vector<uint32_t> words(16);
      std::memcpy(words.data(), raw.data(), 64);
      const uint32_t expected = result == value ? 7u : 9u;
      for (uint32_t w : words) CHECK(w == expected);
    }
  }
}

TEST_CASE("a predicated Dispatch is skipped exactly when the predicate says so", "[predication]") {
  static const char kCsStoreFive[] = R"(cs_5_0
dcl_uav_raw u0
dcl_thread_group 1, 1, 1
store_raw u0.x, l(0), l(5)
ret
)";
  RenderDevice d;
  PredicatedScene s(d);
  const std::vector<uint8_t> code = assembled(kCsStoreFive);
  Com<ID3D11ComputeShader> cs;
  REQUIRE(d->CreateComputeShader(code.data(), code.size(), nullptr, cs.out()) == S_OK);
  const D3D11_BUFFER_DESC bd{16, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0,
                             D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0};
  Com<ID3D11Buffer> buffer;
  REQUIRE(d->CreateBuffer(&bd, nullptr, buffer.out()) == S_OK);
  D3D11_UNORDERED_ACCESS_VIEW_DESC ud{};
  ud.Format = DXGI_FORMAT_R32_TYPELESS;
  ud.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
  ud.Buffer = {0, 4, D3D11_BUFFER_UAV_FLAG_RAW};
  Com<ID3D11UnorderedAccessView> uav;
  REQUIRE(d->CreateUnorderedAccessView(buffer.get(), &ud, uav.out()) == S_OK);
  ID3D11UnorderedAccessView* uavs[] = {uav.get()};
  d.context->CSSetShader(cs.get(), nullptr, 0);
  d.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  for (const BOOL value : {FALSE, TRUE})
    for (ID3D11Predicate* predicate : {s.passed.get(), s.failed.get()}) {
      const BOOL result = predicate == s.passed.get();
      CAPTURE(result, value);
      const UINT seven[4] = {7, 7, 7, 7};
      d.context->SetPredication(nullptr, FALSE);
      d.context->ClearUnorderedAccessViewUint(uav.get(), seven);
      d.context->SetPredication(predicate, value);
      d.context->Dispatch(1, 1, 1);
      d.context->SetPredication(nullptr, FALSE);
      const std::vector<uint8_t> raw = readback(d, buffer.get());
      uint32_t first = 0;
      std::memcpy(&first, raw.data(), 4);
      CHECK(first == (result == value ? 7u : 5u));
    }
}

TEST_CASE("GetPredication returns the predicate AddRef'd and the value and ClearState resets both", "[predication]") {
  RenderDevice d;
  Com<ID3D11Predicate> p = makePredicate(d);
  d.context->SetPredication(p.get(), TRUE);
  Com<ID3D11Predicate> got;
  BOOL value = FALSE;
  d.context->GetPredication(got.out(), &value);
  CHECK(got.get() == p.get());
  CHECK(value == TRUE);
  // References: the application's, GetPredication's and ours from AddRef (the context's is private).
  p->AddRef();
  CHECK(p->Release() == 2);
  got = {};
  // A NULL predicate keeps the value for GetPredication.
  d.context->SetPredication(nullptr, TRUE);
  d.context->GetPredication(got.out(), &value);
  CHECK(got.get() == nullptr);
  CHECK(value == TRUE);
  d.context->SetPredication(p.get(), TRUE);
  d.context->ClearState();
  d.context->GetPredication(got.out(), &value);
  CHECK(got.get() == nullptr);
  CHECK(value == FALSE);
  // Either output may be NULL.
  d.context->GetPredication(nullptr, nullptr);
}

TEST_CASE("a predicate that was never issued does not skip commands", "[predication]") {
  RenderDevice d;
  PredicatedScene s(d);
  Com<ID3D11Predicate> fresh = makePredicate(d);
  d.context->ClearRenderTargetView(s.target.rtv.get(), kRed.data());
  d.context->SetPredication(fresh.get(), FALSE);
  d.context->ClearRenderTargetView(s.target.rtv.get(), kGreen.data());
  d.context->SetPredication(fresh.get(), TRUE);
  d.context->ClearRenderTargetView(s.target.rtv.get(), kBlue.data());
  d.context->SetPredication(nullptr, FALSE);
  CHECK(s.colour() == kBlue);
}

TEST_CASE("re-issuing the set predicate is read again by the next predicated command", "[predication]") {
  RenderDevice d;
  PredicatedScene s(d);
  d.context->ClearRenderTargetView(s.target.rtv.get(), kRed.data());
  d.context->SetPredication(s.passed.get(), FALSE);  // passed: TRUE ≠ FALSE, the clear runs
  d.context->ClearRenderTargetView(s.target.rtv.get(), kGreen.data());
  d.context->SetPredication(nullptr, FALSE);
  CHECK(s.colour() == kGreen);
  // Issued again around nothing: FALSE now, equal to PredicateValue, so the clear is skipped.
  // (D3D11 calls Begin/End on a predicate that is set invalid; d3dvk reads the new result.)
  d.context->SetPredication(s.passed.get(), FALSE);
  d.context->Begin(s.passed.get());
  d.context->End(s.passed.get());
  d.context->ClearRenderTargetView(s.target.rtv.get(), kBlue.data());
  d.context->SetPredication(nullptr, FALSE);
  CHECK(s.colour() == kGreen);
  CHECK(predicateResult(d, s.passed.get()) == FALSE);
}

TEST_CASE("predicated indexed and indirect draws DispatchIndirect and ClearView are skipped exactly when the predicate "
          "says so",
          "[predication]") {
  static const char kCsStoreFive[] = R"(cs_5_0
dcl_uav_raw u0
dcl_thread_group 1, 1, 1
store_raw u0.x, l(0), l(5)
ret
)";
  RenderDevice d;
  PredicatedScene s(d);
  const UINT indices[6] = {0, 1, 2, 3, 4, 5};
  Com<ID3D11Buffer> ib = makeBuffer(d, indices, sizeof indices, D3D11_BIND_INDEX_BUFFER);
  d.context->IASetIndexBuffer(ib.get(), DXGI_FORMAT_R32_UINT, 0);
  // DrawInstancedIndirect's arguments at 0, DrawIndexedInstancedIndirect's at 16, DispatchIndirect's at 36.
  const UINT args[12] = {6, 1, 0, 0, 6, 1, 0, 0, 0, 1, 1, 1};
  D3D11_BUFFER_DESC ad{sizeof args, D3D11_USAGE_DEFAULT, 0, 0, D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS, 0};
  const D3D11_SUBRESOURCE_DATA init{args, 0, 0};
  Com<ID3D11Buffer> argBuffer;
  REQUIRE(d->CreateBuffer(&ad, &init, argBuffer.out()) == S_OK);
  Com<ID3D11DeviceContext1> context1;
  REQUIRE(d.context->QueryInterface(__uuidof(ID3D11DeviceContext1), reinterpret_cast<void**>(context1.out())) == S_OK);
  // DispatchIndirect writes 5 into a raw UAV buffer (7 before).
  const std::vector<uint8_t> code = assembled(kCsStoreFive);
  Com<ID3D11ComputeShader> cs;
  REQUIRE(d->CreateComputeShader(code.data(), code.size(), nullptr, cs.out()) == S_OK);
  const D3D11_BUFFER_DESC bd{16, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0,
                             D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0};
  Com<ID3D11Buffer> buffer;
  REQUIRE(d->CreateBuffer(&bd, nullptr, buffer.out()) == S_OK);
  D3D11_UNORDERED_ACCESS_VIEW_DESC ud{};
  ud.Format = DXGI_FORMAT_R32_TYPELESS;
  ud.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
  ud.Buffer = {0, 4, D3D11_BUFFER_UAV_FLAG_RAW};
  Com<ID3D11UnorderedAccessView> uav;
  REQUIRE(d->CreateUnorderedAccessView(buffer.get(), &ud, uav.out()) == S_OK);
  ID3D11UnorderedAccessView* uavs[] = {uav.get()};
  d.context->CSSetShader(cs.get(), nullptr, 0);
  d.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);

  struct Operation {
    const char* name;
    std::function<void()> record;
  };
  const D3D11_RECT whole{0, 0, 8, 8};
  const Operation operations[] = {
      {"DrawIndexed", [&] { d.context->DrawIndexed(6, 0, 0); }},
      {"DrawIndexedInstanced", [&] { d.context->DrawIndexedInstanced(6, 1, 0, 0, 0); }},
      {"DrawInstancedIndirect", [&] { d.context->DrawInstancedIndirect(argBuffer.get(), 0); }},
      {"DrawIndexedInstancedIndirect", [&] { d.context->DrawIndexedInstancedIndirect(argBuffer.get(), 16); }},
      {"ClearView", [&] { context1->ClearView(s.target.rtv.get(), kGreen.data(), &whole, 1); }},
  };
  for (const BOOL value : {FALSE, TRUE})
    for (ID3D11Predicate* predicate : {s.passed.get(), s.failed.get()}) {
      const BOOL result = predicate == s.passed.get();  // see PredicatedScene
      const bool skipped = result == value;
      for (const Operation& op : operations) {
        CAPTURE(op.name, result, value);
        s.target.bindVertices(s.green.get());
        d.context->SetPredication(nullptr, FALSE);
        d.context->ClearRenderTargetView(s.target.rtv.get(), kRed.data());
        d.context->SetPredication(predicate, value);
        op.record();
        d.context->SetPredication(nullptr, FALSE);
        CHECK(s.colour() == (skipped ? kRed : kGreen));
      }
      CAPTURE("DispatchIndirect", result, value);
      const UINT seven[4] = {7, 7, 7, 7};
      d.context->ClearUnorderedAccessViewUint(uav.get(), seven);
      d.context->SetPredication(predicate, value);
      d.context->DispatchIndirect(argBuffer.get(), 36);
      d.context->SetPredication(nullptr, FALSE);
      const std::vector<uint8_t> raw = readback(d, buffer.get());
      uint32_t first = 0;
      std::memcpy(&first, raw.data(), 4);
      CHECK(first == (skipped ? 7u : 5u));
    }
}

TEST_CASE("a predicated conservative draw on the fallback is skipped as a whole exactly when the predicate says so",
          "[predication][fallback]") {
  ForceConservativeFallback fallback;  // the fallback's passes (capture, setup, draw) on any device
  RenderDevice d;
  PredicatedScene s(d);
  Com<ID3D11RasterizerState2> conservative = conservativeState(d);
  for (const BOOL value : {FALSE, TRUE})
    for (ID3D11Predicate* predicate : {s.passed.get(), s.failed.get()}) {
      const BOOL result = predicate == s.passed.get();
      CAPTURE(result, value);
      d.context->RSSetState(nullptr);
      d.context->SetPredication(nullptr, FALSE);
      d.context->ClearRenderTargetView(s.target.rtv.get(), kRed.data());
      d.context->RSSetState(conservative.get());
      s.target.bindVertices(s.green.get());
      d.context->SetPredication(predicate, value);
      d.context->Draw(6, 0);
      d.context->Draw(6, 0);  // a second one, where fallback draws would batch
      d.context->SetPredication(nullptr, FALSE);
      CHECK(s.colour() == (result == value ? kRed : kGreen));
    }
}

TEST_CASE("SetPredication recorded on a deferred context predicates the list's commands when it executes",
          "[predication][deferred]") {
  RenderDevice d;
  PredicatedScene s(d);
  Com<ID3D11DeviceContext> deferred;
  REQUIRE(d->CreateDeferredContext(0, deferred.out()) == S_OK);
  for (const BOOL value : {FALSE, TRUE})
    for (ID3D11Predicate* predicate : {s.passed.get(), s.failed.get()}) {
      const BOOL result = predicate == s.passed.get();
      const bool skipped = result == value;
      CAPTURE(result, value);
      // The list: the target's state, then under the predicate a green draw and a blue clear of a second target.
      ID3D11RenderTargetView* views[] = {s.target.rtv.get()};
      deferred->OMSetRenderTargets(1, views, nullptr);
      const D3D11_VIEWPORT vp{0, 0, 8, 8, 0, 1};
      deferred->RSSetViewports(1, &vp);
      deferred->IASetInputLayout(s.target.layout.get());
      deferred->VSSetShader(s.target.vs.get(), nullptr, 0);
      deferred->PSSetShader(s.target.ps.get(), nullptr, 0);
      deferred->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
      ID3D11Buffer* vb = s.green.get();
      const UINT stride = sizeof(Vertex), offset = 0;
      deferred->IASetVertexBuffers(0, 1, &vb, &stride, &offset);
      deferred->SetPredication(predicate, value);
      deferred->Draw(6, 0);
      deferred->SetPredication(nullptr, FALSE);
      Com<ID3D11CommandList> list;
      REQUIRE(deferred->FinishCommandList(FALSE, list.out()) == S_OK);
      d.context->SetPredication(nullptr, FALSE);
      d.context->ClearRenderTargetView(s.target.rtv.get(), kRed.data());
      d.context->ExecuteCommandList(list.get(), FALSE);
      CHECK(s.colour() == (skipped ? kRed : kGreen));
      // Executed again: the same verdict.
      d.context->ClearRenderTargetView(s.target.rtv.get(), kRed.data());
      d.context->ExecuteCommandList(list.get(), FALSE);
      CHECK(s.colour() == (skipped ? kRed : kGreen));
    }
}
