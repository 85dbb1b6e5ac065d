// tests/draw: "frees everything on Release" for the state objects and views
// that tests/render does not cover — blend state, depth-stencil state, sampler
// and unordered-access view. D3D11's rules: a bound object stays alive through
// the context's reference; the driver object is destroyed when the last
// reference goes. Checked on the DDI
// trace: every driver object created is destroyed exactly once (the same
// handle), and not before the last reference (app or binding) is gone.
#include "../render/checked_device.h"
#include "draw_test_util.h"

#include <functional>
#include <set>

using namespace d3dvk::test;

namespace {

// The values of `key=` in the trace lines (e.g. the hBlendState handles).
std::multiset<std::string> handles(const std::vector<std::string>& lines, const std::string& key) {
  std::multiset<std::string> out;
  for (const std::string& l : lines) {
    const size_t at = l.find(key + "=");
    REQUIRE(at != std::string::npos);
    const size_t begin = at + key.size() + 1, end = l.find_first_of(",)", begin);
    out.insert(l.substr(begin, end - begin));
  }
  return out;
}

struct Kind {
  const char* create;
  const char* destroy;
  const char* handle;
};
const Kind kKinds[] = {{"CreateBlendState", "DestroyBlendState", "hBlendState"},
                       {"CreateDepthStencilState", "DestroyDepthStencilState", "hDepthStencilState"},
                       {"CreateSampler", "DestroySampler", "hSampler"},
                       {"CreateUnorderedAccessView", "DestroyUnorderedAccessView", "hView"}};

}  // namespace

TEST_CASE("blend, depth-stencil, sampler and UAV objects are destroyed in the driver once the last reference goes",
          "[draw][ddi][release]") {
  Checked c;
  {
    DrawTarget t(c.d, 8, 8);
    const Vertex v[3] = {{-1, -1, 1, 1, 1, 1}, {-1, 3, 1, 1, 1, 1}, {3, -1, 1, 1, 1, 1}};
    Com<ID3D11Buffer> vb = makeBuffer(c.d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
    t.bindVertices(vb.get());

    D3D11_BLEND_DESC blend{};
    blend.RenderTarget[0] = {TRUE,           D3D11_BLEND_ONE,  D3D11_BLEND_ONE, D3D11_BLEND_OP_ADD,
                             D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_COLOR_WRITE_ENABLE_ALL};
    D3D11_BLEND_DESC other = blend;
    other.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_RED;
    Com<ID3D11BlendState> bound, unbound;
    REQUIRE(c.d->CreateBlendState(&blend, bound.out()) == S_OK);
    REQUIRE(c.d->CreateBlendState(&other, unbound.out()) == S_OK);

    D3D11_DEPTH_STENCIL_DESC ds{FALSE, D3D11_DEPTH_WRITE_MASK_ZERO, D3D11_COMPARISON_ALWAYS, FALSE, 0xFF, 0xFF, {}, {}};
    ds.FrontFace = ds.BackFace = {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                  D3D11_COMPARISON_ALWAYS};
    Com<ID3D11DepthStencilState> depthStencil;
    REQUIRE(c.d->CreateDepthStencilState(&ds, depthStencil.out()) == S_OK);

    const D3D11_SAMPLER_DESC sd{D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                                D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                                D3D11_COMPARISON_NEVER, {0, 0, 0, 0}, 0, D3D11_FLOAT32_MAX};
    Com<ID3D11SamplerState> sampler;
    REQUIRE(c.d->CreateSamplerState(&sd, sampler.out()) == S_OK);

    D3D11_TEXTURE2D_DESC td = texture2DDesc(8, 8, DXGI_FORMAT_R32_UINT, D3D11_BIND_UNORDERED_ACCESS);
    Com<ID3D11Texture2D> uavTexture;
    Com<ID3D11UnorderedAccessView> uav;
    REQUIRE(c.d->CreateTexture2D(&td, nullptr, uavTexture.out()) == S_OK);
    REQUIRE(c.d->CreateUnorderedAccessView(uavTexture.get(), nullptr, uav.out()) == S_OK);

    for (const Kind& k : kKinds) {
      INFO(k.create);
      CHECK(c.ddiCalls(k.create) == (std::string(k.create) == "CreateBlendState" ? 2u : 1u));
      CHECK(c.ddiCalls(k.destroy) == 0);
    }

    // Bind all but `unbound`, draw with them, then drop every application reference.
    c.d.context->OMSetBlendState(bound.get(), nullptr, 0xFFFFFFFF);
    c.d.context->OMSetDepthStencilState(depthStencil.get(), 0);
    ID3D11SamplerState* samplers[] = {sampler.get()};
    c.d.context->PSSetSamplers(0, 1, samplers);
    ID3D11RenderTargetView* rtvs[] = {t.rtv.get()};
    ID3D11UnorderedAccessView* uavs[] = {uav.get()};
    c.d.context->OMSetRenderTargetsAndUnorderedAccessViews(1, rtvs, nullptr, 1, 1, uavs, nullptr);
    c.d.context->Draw(3, 0);
    bound.reset();
    unbound.reset();
    depthStencil.reset();
    sampler.reset();
    uav.reset();
    uavTexture.reset();
    // Only the unbound blend state is gone; the bindings keep the others alive.
    CHECK(c.ddiCalls("DestroyBlendState") == 1);
    CHECK(c.ddiCalls("DestroyDepthStencilState") == 0);
    CHECK(c.ddiCalls("DestroySampler") == 0);
    CHECK(c.ddiCalls("DestroyUnorderedAccessView") == 0);
    // The draw still completes with them (blend ONE + ONE over the black clear).
    CHECK(t.pixels()[3 * 8 + 3] == std::array<float, 4>{1, 1, 1, 1});

    // Unbinding releases the last references.
    c.d.context->ClearState();
    for (const Kind& k : kKinds) {
      INFO(k.destroy);
      CHECK(c.ddiCalls(k.destroy) == c.ddiCalls(k.create));
    }
  }
  // Every driver object created was destroyed exactly once, by its own handle.
  for (const Kind& k : kKinds) {
    INFO(k.create);
    const std::multiset<std::string> created = handles(c.trace.calls(k.create), k.handle);
    CHECK(!created.empty());
    CHECK(handles(c.trace.calls(k.destroy), k.handle) == created);
  }
  CHECK(c.ddiCalls("DestroyResource") == c.ddiCalls("CreateResource"));
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("identical blend and depth-stencil descs share one object and one driver object, as D3D11 does",
          "[draw][ddi][release]") {
  Checked c;
  D3D11_BLEND_DESC blend{};
  for (D3D11_RENDER_TARGET_BLEND_DESC& rt : blend.RenderTarget)
    rt = {FALSE, D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE, D3D11_BLEND_ZERO,
          D3D11_BLEND_OP_ADD, D3D11_COLOR_WRITE_ENABLE_ALL};
  blend.RenderTarget[0] = {TRUE, D3D11_BLEND_SRC_ALPHA, D3D11_BLEND_INV_SRC_ALPHA, D3D11_BLEND_OP_ADD,
                           D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_COLOR_WRITE_ENABLE_ALL};
  D3D11_BLEND_DESC other = blend;
  other.AlphaToCoverageEnable = TRUE;
  // The same desc through CreateBlendState1 (no logic op).
  D3D11_BLEND_DESC1 blend1{blend.AlphaToCoverageEnable, blend.IndependentBlendEnable, {}};
  for (int i = 0; i < 8; ++i) {
    const D3D11_RENDER_TARGET_BLEND_DESC& r = blend.RenderTarget[i];
    blend1.RenderTarget[i] = {r.BlendEnable,    FALSE,            r.SrcBlend,     r.DestBlend,
                              r.BlendOp,        r.SrcBlendAlpha,  r.DestBlendAlpha, r.BlendOpAlpha,
                              D3D11_LOGIC_OP_NOOP, r.RenderTargetWriteMask};
  }
  Com<ID3D11Device1> device1;
  REQUIRE(c.d->QueryInterface(__uuidof(ID3D11Device1), reinterpret_cast<void**>(device1.out())) == S_OK);

  Com<ID3D11BlendState> a, b, different;
  Com<ID3D11BlendState1> a1;
  REQUIRE(c.d->CreateBlendState(&blend, a.out()) == S_OK);
  REQUIRE(c.d->CreateBlendState(&blend, b.out()) == S_OK);
  REQUIRE(device1->CreateBlendState1(&blend1, a1.out()) == S_OK);
  REQUIRE(c.d->CreateBlendState(&other, different.out()) == S_OK);
  CHECK(b.get() == a.get());
  CHECK(static_cast<ID3D11BlendState*>(a1.get()) == a.get());
  CHECK(different.get() != a.get());
  CHECK(c.d->CreateBlendState(&blend, nullptr) == S_FALSE);  // validation only: no driver call
  CHECK(c.ddiCalls("CreateBlendState") == 2);
  D3D11_BLEND_DESC got{};
  b->GetDesc(&got);
  CHECK(got.RenderTarget[0].SrcBlend == D3D11_BLEND_SRC_ALPHA);
  CHECK(got.AlphaToCoverageEnable == FALSE);

  D3D11_DEPTH_STENCIL_DESC ds{TRUE, D3D11_DEPTH_WRITE_MASK_ALL, D3D11_COMPARISON_LESS_EQUAL, TRUE, 0xF0, 0x0F, {}, {}};
  ds.FrontFace = {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_INCR, D3D11_STENCIL_OP_REPLACE, D3D11_COMPARISON_EQUAL};
  ds.BackFace = {D3D11_STENCIL_OP_ZERO, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_COMPARISON_ALWAYS};
  D3D11_DEPTH_STENCIL_DESC otherDs = ds;
  otherDs.StencilWriteMask = 0x1F;
  Com<ID3D11DepthStencilState> s, t, differentDs;
  REQUIRE(c.d->CreateDepthStencilState(&ds, s.out()) == S_OK);
  REQUIRE(c.d->CreateDepthStencilState(&ds, t.out()) == S_OK);
  REQUIRE(c.d->CreateDepthStencilState(&otherDs, differentDs.out()) == S_OK);
  CHECK(t.get() == s.get());
  CHECK(differentDs.get() != s.get());
  CHECK(c.d->CreateDepthStencilState(&ds, nullptr) == S_FALSE);  // validation only: no driver call
  CHECK(c.ddiCalls("CreateDepthStencilState") == 2);

  // The shared objects go with their last reference; a later Create makes a new one.
  a.reset();
  b.reset();
  CHECK(c.ddiCalls("DestroyBlendState") == 0);  // a1 still holds it
  a1.reset();
  CHECK(c.ddiCalls("DestroyBlendState") == 1);
  s.reset();
  t.reset();
  CHECK(c.ddiCalls("DestroyDepthStencilState") == 1);
  REQUIRE(c.d->CreateBlendState(&blend, a.out()) == S_OK);
  REQUIRE(c.d->CreateDepthStencilState(&ds, s.out()) == S_OK);
  CHECK(c.ddiCalls("CreateBlendState") == 3);
  CHECK(c.ddiCalls("CreateDepthStencilState") == 3);
  a.reset();
  different.reset();
  s.reset();
  differentDs.reset();
  CHECK(c.ddiCalls("DestroyBlendState") == 3);
  CHECK(c.ddiCalls("DestroyDepthStencilState") == 3);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("a driver object whose create the driver fails is never destroyed, and the API create fails with its HRESULT",
          "[draw][ddi][release]") {
  // The WDK: after a create reported an error through pfnSetErrorCb, the runtime
  // does not call the Destroy DDI for that handle. The trace filter plays a
  // driver whose CreateX fails (D3DVK_TRACE_FAIL_DDI), for each of the nine kinds.
  struct FailingKind {
    const char* create;
    const char* destroy;
    std::function<HRESULT(ID3D11Device*)> call;
  };
  const std::vector<uint8_t> vsCode = assembled(kVsColor), psCode = assembled(kPsColor);
  auto texture = [](ID3D11Device* d, UINT bind, DXGI_FORMAT format = DXGI_FORMAT_R8G8B8A8_UNORM) {
    const D3D11_TEXTURE2D_DESC td = texture2DDesc(4, 4, format, bind);
    Com<ID3D11Texture2D> t;
    REQUIRE(d->CreateTexture2D(&td, nullptr, t.out()) == S_OK);
    return t;
  };
  const std::vector<FailingKind> kinds = {
      {"CreateRasterizerState", "DestroyRasterizerState",
       [](ID3D11Device* d) {
         const D3D11_RASTERIZER_DESC r{D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0, TRUE, FALSE, FALSE, FALSE};
         Com<ID3D11RasterizerState> s;
         const HRESULT hr = d->CreateRasterizerState(&r, s.out());
         CHECK(!s);
         return hr;
       }},
      {"CreateBlendState", "DestroyBlendState",
       [](ID3D11Device* d) {
         D3D11_BLEND_DESC b{};
         b.RenderTarget[0] = {FALSE, D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE,
                              D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_COLOR_WRITE_ENABLE_ALL};
         Com<ID3D11BlendState> s;
         const HRESULT hr = d->CreateBlendState(&b, s.out());
         CHECK(!s);
         return hr;
       }},
      {"CreateDepthStencilState", "DestroyDepthStencilState",
       [](ID3D11Device* d) {
         D3D11_DEPTH_STENCIL_DESC ds{TRUE, D3D11_DEPTH_WRITE_MASK_ALL, D3D11_COMPARISON_LESS, FALSE, 0xFF, 0xFF, {}, {}};
         ds.FrontFace = ds.BackFace = {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                       D3D11_COMPARISON_ALWAYS};
         Com<ID3D11DepthStencilState> s;
         const HRESULT hr = d->CreateDepthStencilState(&ds, s.out());
         CHECK(!s);
         return hr;
       }},
      {"CreateSampler", "DestroySampler",
       [](ID3D11Device* d) {
         const D3D11_SAMPLER_DESC sd{D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                                     D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                                     D3D11_COMPARISON_NEVER, {0, 0, 0, 0}, 0, D3D11_FLOAT32_MAX};
         Com<ID3D11SamplerState> s;
         const HRESULT hr = d->CreateSamplerState(&sd, s.out());
         CHECK(!s);
         return hr;
       }},
      {"CreateQuery", "DestroyQuery",
       [](ID3D11Device* d) {
         const D3D11_QUERY_DESC q{D3D11_QUERY_OCCLUSION, 0};
         Com<ID3D11Query> s;
         const HRESULT hr = d->CreateQuery(&q, s.out());
         CHECK(!s);
         return hr;
       }},
      {"CreateVertexShader", "DestroyShader",
       [&](ID3D11Device* d) {
         Com<ID3D11VertexShader> s;
         const HRESULT hr = d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, s.out());
         CHECK(!s);
         return hr;
       }},
      {"CreatePixelShader", "DestroyShader",
       [&](ID3D11Device* d) {
         Com<ID3D11PixelShader> s;
         const HRESULT hr = d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, s.out());
         CHECK(!s);
         return hr;
       }},
      {"CreateElementLayout", "DestroyElementLayout",
       [&](ID3D11Device* d) {
         Com<ID3D11InputLayout> s;
         const HRESULT hr = d->CreateInputLayout(kColorLayout, 2, vsCode.data(), vsCode.size(), s.out());
         CHECK(!s);
         return hr;
       }},
      {"CreateResource", "DestroyResource",
       [](ID3D11Device* d) {
         const D3D11_BUFFER_DESC bd{64, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
         Com<ID3D11Buffer> s;
         const HRESULT hr = d->CreateBuffer(&bd, nullptr, s.out());
         CHECK(!s);
         return hr;
       }},
      {"CreateRenderTargetView", "DestroyRenderTargetView",
       [&](ID3D11Device* d) {
         Com<ID3D11Texture2D> t = texture(d, D3D11_BIND_RENDER_TARGET);
         Com<ID3D11RenderTargetView> s;
         const HRESULT hr = d->CreateRenderTargetView(t.get(), nullptr, s.out());
         CHECK(!s);
         return hr;
       }},
      {"CreateDepthStencilView", "DestroyDepthStencilView",
       [&](ID3D11Device* d) {
         Com<ID3D11Texture2D> t = texture(d, D3D11_BIND_DEPTH_STENCIL, DXGI_FORMAT_D32_FLOAT);
         Com<ID3D11DepthStencilView> s;
         const HRESULT hr = d->CreateDepthStencilView(t.get(), nullptr, s.out());
         CHECK(!s);
         return hr;
       }},
      {"CreateShaderResourceView", "DestroyShaderResourceView",
       [&](ID3D11Device* d) {
         Com<ID3D11Texture2D> t = texture(d, D3D11_BIND_SHADER_RESOURCE);
         Com<ID3D11ShaderResourceView> s;
         const HRESULT hr = d->CreateShaderResourceView(t.get(), nullptr, s.out());
         CHECK(!s);
         return hr;
       }},
      {"CreateUnorderedAccessView", "DestroyUnorderedAccessView",
       [&](ID3D11Device* d) {
         Com<ID3D11Texture2D> t = texture(d, D3D11_BIND_UNORDERED_ACCESS, DXGI_FORMAT_R32_UINT);
         Com<ID3D11UnorderedAccessView> s;
         const HRESULT hr = d->CreateUnorderedAccessView(t.get(), nullptr, s.out());
         CHECK(!s);
         return hr;
       }},
  };
  for (const FailingKind& k : kinds) {
    INFO(k.create);
    ScopedEnv fail("D3DVK_TRACE_FAIL_DDI", k.create);
    Checked c;
    CHECK(k.call(c.d.device.get()) == E_OUTOFMEMORY);
    CHECK(c.ddiCalls(k.create) == 1);
    CHECK(c.ddiCalls(k.destroy) == 0);
    c.queue->ClearStoredMessages();
  }
}
