// bench/overhead/d3d11_overhead.cpp — the modes through the public D3D11 API
// (D3D11CreateDevice → runtime → UMD → Vulkan): the immediate context issues
// the draws; "until done" ends with a 1×1 copy of the target into a staging
// texture and its Map(READ), which waits for everything before it. The
// newstate mode's blend states and the newdepth mode's depth-stencil and
// rasterizer states are created before each run (not timed).
#include "overhead.h"

#include "dxbc/listing.h"

#include <d3d11_3.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace overhead {
namespace {

template <typename T>
struct Ref {
  T* p = nullptr;
  Ref() = default;
  Ref(const Ref&) = delete;
  Ref& operator=(const Ref&) = delete;
  ~Ref() {
    if (p) p->Release();
  }
  T** out() { return &p; }
  T* operator->() const { return p; }
};

[[noreturn]] void die(const char* what, HRESULT hr) {
  std::fprintf(stderr, "d3dvk-bench-overhead: D3D11 %s failed with HRESULT 0x%08X\n", what, unsigned(hr));
  std::exit(1);
}

void check(HRESULT hr, const char* what) {
  if (FAILED(hr)) die(what, hr);
}

struct Rig {
  Ref<ID3D11Device> device;
  Ref<ID3D11DeviceContext> context;
  Ref<ID3D11Texture2D> target, staging;
  Ref<ID3D11RenderTargetView> rtv;
  Ref<ID3D11Texture2D> depth;  // newdepth: a D24_UNORM_S8_UINT view bound with the target
  Ref<ID3D11DepthStencilView> dsv;
  Ref<ID3D11VertexShader> vs;
  Ref<ID3D11PixelShader> ps;
  Ref<ID3D11PixelShader> churnPs[kShaderVariants];
  Ref<ID3D11InputLayout> layout;
  Ref<ID3D11Buffer> vertices, conservativeVertices, staticConstants, dynamicConstants;
  Ref<ID3D11BlendState> blend[2];
  Ref<ID3D11RasterizerState> cull[2];  // cull: CULL_NONE, CULL_BACK (the triangle is front-facing)
  Ref<ID3D11Texture2D> textures[2 * kChurnTextures];
  Ref<ID3D11ShaderResourceView> srvs[2 * kChurnTextures];
  Ref<ID3D11RasterizerState2> conservative;
  // newstate: the run's blend states (created before it, each new); newdepth:
  // its depth-stencil and rasterizer states; the next state number.
  std::vector<ID3D11BlendState*> fresh;
  std::vector<ID3D11DepthStencilState*> freshDepth;
  std::vector<ID3D11RasterizerState*> freshRasterizer;
  uint32_t nextState = 0;
  ~Rig() { releaseFresh(); }
  void releaseFresh() {
    for (ID3D11BlendState* b : fresh) b->Release();
    for (ID3D11DepthStencilState* d : freshDepth) d->Release();
    for (ID3D11RasterizerState* r : freshRasterizer) r->Release();
    fresh.clear();
    freshDepth.clear();
    freshRasterizer.clear();
  }
};

// The newstate mode's next `count` blend states, none used by a draw before.
void createFreshBlendStates(Rig& r, uint32_t count) {
  static constexpr D3D11_BLEND kFactors[kNewStateFactors] = {
      D3D11_BLEND_ONE,       D3D11_BLEND_ZERO,           D3D11_BLEND_SRC_COLOR,  D3D11_BLEND_INV_SRC_COLOR,
      D3D11_BLEND_SRC_ALPHA, D3D11_BLEND_INV_SRC_ALPHA,  D3D11_BLEND_DEST_ALPHA, D3D11_BLEND_INV_DEST_ALPHA,
      D3D11_BLEND_DEST_COLOR, D3D11_BLEND_INV_DEST_COLOR};
  r.releaseFresh();
  for (uint32_t i = 0; i < count; ++i) {
    const NewBlend n = newBlend(r.nextState++);
    D3D11_BLEND_DESC bd{};
    D3D11_RENDER_TARGET_BLEND_DESC& t = bd.RenderTarget[0];
    t.BlendEnable = TRUE;
    t.SrcBlend = kFactors[n.srcColor];
    t.DestBlend = kFactors[n.dstColor];
    t.BlendOp = D3D11_BLEND_OP_ADD;
    t.SrcBlendAlpha = kFactors[n.srcAlpha];
    t.DestBlendAlpha = D3D11_BLEND_ZERO;
    t.BlendOpAlpha = D3D11_BLEND_OP_ADD;
    t.RenderTargetWriteMask = UINT8(n.writeMask);
    ID3D11BlendState* b = nullptr;
    check(r.device->CreateBlendState(&bd, &b), "CreateBlendState (newstate)");
    r.fresh.push_back(b);
  }
}

// The newdepth mode's next `count` depth-stencil and rasterizer states, none
// used by a draw before: state n tests depth with the n-th comparison (writes
// on odd n), tests stencil with its masks from n, culls and winds by n, and
// biases depth by n (distinct below 65 536).
void createFreshDepthStates(Rig& r, uint32_t count) {
  static constexpr D3D11_COMPARISON_FUNC kFuncs[4] = {D3D11_COMPARISON_ALWAYS, D3D11_COMPARISON_LESS_EQUAL,
                                                      D3D11_COMPARISON_GREATER_EQUAL, D3D11_COMPARISON_NOT_EQUAL};
  static constexpr D3D11_CULL_MODE kCulls[3] = {D3D11_CULL_NONE, D3D11_CULL_BACK, D3D11_CULL_FRONT};
  r.releaseFresh();
  for (uint32_t i = 0; i < count; ++i) {
    const uint32_t n = r.nextState++;
    const D3D11_DEPTH_STENCILOP_DESC ops{D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_INCR_SAT, D3D11_STENCIL_OP_REPLACE,
                                         D3D11_COMPARISON_ALWAYS};
    const D3D11_DEPTH_STENCIL_DESC dd{TRUE,
                                      (n & 1) ? D3D11_DEPTH_WRITE_MASK_ALL : D3D11_DEPTH_WRITE_MASK_ZERO,
                                      kFuncs[(n >> 1) & 3],
                                      TRUE,
                                      UINT8(n),
                                      UINT8(n >> 8),
                                      ops,
                                      ops};
    ID3D11DepthStencilState* d = nullptr;
    check(r.device->CreateDepthStencilState(&dd, &d), "CreateDepthStencilState (newdepth)");
    r.freshDepth.push_back(d);
    const D3D11_RASTERIZER_DESC rd{D3D11_FILL_SOLID, kCulls[n % 3], BOOL(n / 3 & 1), INT(n), 0.0f, 0.0f, TRUE,
                                   FALSE,            FALSE,         FALSE};
    ID3D11RasterizerState* rs = nullptr;
    check(r.device->CreateRasterizerState(&rd, &rs), "CreateRasterizerState (newdepth)");
    r.freshRasterizer.push_back(rs);
  }
}

Ref<ID3D11Buffer>& makeBuffer(ID3D11Device* d, Ref<ID3D11Buffer>& out, UINT bytes, UINT bind, D3D11_USAGE usage,
                              const void* data) {
  D3D11_BUFFER_DESC bd{bytes, usage, bind, usage == D3D11_USAGE_DYNAMIC ? UINT(D3D11_CPU_ACCESS_WRITE) : 0u, 0, 0};
  D3D11_SUBRESOURCE_DATA init{data, 0, 0};
  check(d->CreateBuffer(&bd, data ? &init : nullptr, out.out()), "CreateBuffer");
  return out;
}

void setUp(Rig& r, Mode mode) {
  const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_1;
  check(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1, D3D11_SDK_VERSION, r.device.out(),
                          nullptr, r.context.out()),
        "D3D11CreateDevice");
  ID3D11Device* d = r.device.p;
  D3D11_TEXTURE2D_DESC td{kTarget, kTarget, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_DEFAULT,
                          D3D11_BIND_RENDER_TARGET, 0, 0};
  check(d->CreateTexture2D(&td, nullptr, r.target.out()), "CreateTexture2D");
  check(d->CreateRenderTargetView(r.target.p, nullptr, r.rtv.out()), "CreateRenderTargetView");
  D3D11_TEXTURE2D_DESC sd = td;
  sd.Width = sd.Height = 1;
  sd.Usage = D3D11_USAGE_STAGING;
  sd.BindFlags = 0;
  sd.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  check(d->CreateTexture2D(&sd, nullptr, r.staging.out()), "CreateTexture2D (staging)");

  const std::vector<uint8_t> vsCode = d3dvk::dxbc::assemble(kVertexShaderListing).container;
  const std::vector<uint8_t> psCode = d3dvk::dxbc::assemble(kPixelShaderListing).container;
  check(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, r.vs.out()), "CreateVertexShader");
  check(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, r.ps.out()), "CreatePixelShader");
  const D3D11_INPUT_ELEMENT_DESC element{"POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0,
                                         D3D11_INPUT_PER_VERTEX_DATA, 0};
  check(d->CreateInputLayout(&element, 1, vsCode.data(), vsCode.size(), r.layout.out()), "CreateInputLayout");

  const std::vector<float> one = oneTriangle(), many = conservativeTriangles();
  makeBuffer(d, r.vertices, UINT(one.size() * 4), D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DEFAULT, one.data());
  makeBuffer(d, r.conservativeVertices, UINT(many.size() * 4), D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DEFAULT,
             many.data());
  float constants[16];
  constantsOf(0, constants);
  makeBuffer(d, r.staticConstants, 64, D3D11_BIND_CONSTANT_BUFFER, D3D11_USAGE_DEFAULT, constants);
  makeBuffer(d, r.dynamicConstants, 64, D3D11_BIND_CONSTANT_BUFFER, D3D11_USAGE_DYNAMIC, nullptr);

  for (int b = 0; b < 2; ++b) {
    D3D11_BLEND_DESC bd{};
    bd.RenderTarget[0].BlendEnable = TRUE;
    bd.RenderTarget[0].SrcBlend = b ? D3D11_BLEND_ONE : D3D11_BLEND_SRC_ALPHA;
    bd.RenderTarget[0].DestBlend = b ? D3D11_BLEND_ONE : D3D11_BLEND_INV_SRC_ALPHA;
    bd.RenderTarget[0].BlendOp = D3D11_BLEND_OP_ADD;
    bd.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_ONE;
    bd.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_ZERO;
    bd.RenderTarget[0].BlendOpAlpha = D3D11_BLEND_OP_ADD;
    bd.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    check(d->CreateBlendState(&bd, r.blend[b].out()), "CreateBlendState");
  }
  if (mode == Mode::Cull)
    for (int k = 0; k < 2; ++k) {
      const D3D11_RASTERIZER_DESC rd{D3D11_FILL_SOLID, k ? D3D11_CULL_BACK : D3D11_CULL_NONE, FALSE, 0, 0.0f, 0.0f,
                                     TRUE, FALSE, FALSE, FALSE};
      check(d->CreateRasterizerState(&rd, r.cull[k].out()), "CreateRasterizerState (cull)");
    }
  if (mode == Mode::Churn) {
    for (uint32_t v = 0; v < kShaderVariants; ++v) {
      const std::vector<uint8_t> code = d3dvk::dxbc::assemble(churnPixelShaderListing(v)).container;
      check(d->CreatePixelShader(code.data(), code.size(), nullptr, r.churnPs[v].out()), "CreatePixelShader (churn)");
    }
    for (uint32_t t = 0; t < 2 * kChurnTextures; ++t) {
      D3D11_TEXTURE2D_DESC xd{1, 1, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_DEFAULT,
                              D3D11_BIND_SHADER_RESOURCE, 0, 0};
      const uint32_t texel = textureColour(t);
      D3D11_SUBRESOURCE_DATA init{&texel, 4, 4};
      check(d->CreateTexture2D(&xd, &init, r.textures[t].out()), "CreateTexture2D (texture)");
      check(d->CreateShaderResourceView(r.textures[t].p, nullptr, r.srvs[t].out()), "CreateShaderResourceView");
    }
  }
  if (mode == Mode::Conservative) {
    Ref<ID3D11Device3> device3;
    check(d->QueryInterface(__uuidof(ID3D11Device3), reinterpret_cast<void**>(device3.out())), "QueryInterface");
    D3D11_RASTERIZER_DESC2 rd{};
    rd.FillMode = D3D11_FILL_SOLID;
    rd.CullMode = D3D11_CULL_NONE;
    rd.DepthClipEnable = TRUE;
    rd.ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON;
    check(device3->CreateRasterizerState2(&rd, r.conservative.out()), "CreateRasterizerState2");
  }

  if (mode == Mode::NewDepth) {
    D3D11_TEXTURE2D_DESC dd = td;
    dd.Format = DXGI_FORMAT_D24_UNORM_S8_UINT;
    dd.BindFlags = D3D11_BIND_DEPTH_STENCIL;
    check(d->CreateTexture2D(&dd, nullptr, r.depth.out()), "CreateTexture2D (depth)");
    check(d->CreateDepthStencilView(r.depth.p, nullptr, r.dsv.out()), "CreateDepthStencilView");
  }

  ID3D11DeviceContext* c = r.context.p;
  c->OMSetRenderTargets(1, &r.rtv.p, r.dsv.p);
  D3D11_VIEWPORT viewport{0, 0, float(kTarget), float(kTarget), 0, 1};
  c->RSSetViewports(1, &viewport);
  c->IASetInputLayout(r.layout.p);
  c->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  const UINT stride = 16, offset = 0;
  ID3D11Buffer* vb = mode == Mode::Conservative ? r.conservativeVertices.p : r.vertices.p;
  c->IASetVertexBuffers(0, 1, &vb, &stride, &offset);
  c->VSSetShader(r.vs.p, nullptr, 0);
  c->PSSetShader(r.ps.p, nullptr, 0);
  c->VSSetConstantBuffers(0, 1, &r.staticConstants.p);
  if (mode == Mode::Conservative) c->RSSetState(r.conservative.p);
}

// Issues the draws of one run.
void issue(Rig& r, Mode mode, uint32_t draws) {
  ID3D11DeviceContext* c = r.context.p;
  for (uint32_t i = 0; i < draws; ++i) {
    if (mode == Mode::Map || mode == Mode::Blend || mode == Mode::Cull || mode == Mode::Churn) {
      D3D11_MAPPED_SUBRESOURCE m{};
      if (FAILED(c->Map(r.dynamicConstants.p, 0, D3D11_MAP_WRITE_DISCARD, 0, &m))) die("Map", E_FAIL);
      constantsOf(i, static_cast<float*>(m.pData));
      c->Unmap(r.dynamicConstants.p, 0);
      c->VSSetConstantBuffers(0, 1, &r.dynamicConstants.p);
    }
    if (mode == Mode::Blend) c->OMSetBlendState(r.blend[i & 1].p, nullptr, 0xFFFFFFFF);
    if (mode == Mode::Cull) c->RSSetState(r.cull[i & 1].p);
    if (mode == Mode::NewState) c->OMSetBlendState(r.fresh[i], nullptr, 0xFFFFFFFF);
    if (mode == Mode::NewDepth) {
      c->OMSetDepthStencilState(r.freshDepth[i], i & 0xFF);
      c->RSSetState(r.freshRasterizer[i]);
    }
    if (mode == Mode::Churn) {
      c->PSSetShader(r.churnPs[i % kShaderVariants].p, nullptr, 0);
      ID3D11ShaderResourceView* views[kChurnTextures];
      for (uint32_t t = 0; t < kChurnTextures; ++t) views[t] = r.srvs[(i & 1) * kChurnTextures + t].p;
      c->PSSetShaderResources(0, kChurnTextures, views);
    }
    c->Draw(mode == Mode::Conservative ? 3 * kConservativeTriangles : 3, 0);
  }
}

void waitIdle(Rig& r) {
  D3D11_BOX box{0, 0, 0, 1, 1, 1};
  r.context->CopySubresourceRegion(r.staging.p, 0, 0, 0, 0, r.target.p, 0, &box);
  D3D11_MAPPED_SUBRESOURCE m{};
  check(r.context->Map(r.staging.p, 0, D3D11_MAP_READ, 0, &m), "Map (staging)");
  r.context->Unmap(r.staging.p, 0);
}

}  // namespace

Result runD3D11(Mode mode, const Options& options) {
  Rig rig;
  setUp(rig, mode);
  const uint32_t draws = drawsOf(mode, options);
  // Warm-up: pipelines, shader variants, the fallback's buffers.
  if (mode == Mode::NewState) createFreshBlendStates(rig, std::min<uint32_t>(draws, 64));
  if (mode == Mode::NewDepth) createFreshDepthStates(rig, std::min<uint32_t>(draws, 64));
  issue(rig, mode, std::min<uint32_t>(draws, 64));
  waitIdle(rig);
  Result result = measure(
      draws, options.repeat,
      [&] {
        const float clear[4] = {0, 0, 0, 1};
        rig.context->ClearRenderTargetView(rig.rtv.p, clear);
        waitIdle(rig);
        if (mode == Mode::NewState) {
          rig.context->OMSetBlendState(nullptr, nullptr, 0xFFFFFFFF);
          createFreshBlendStates(rig, draws);
        }
        if (mode == Mode::NewDepth) {
          rig.context->ClearDepthStencilView(rig.dsv.p, D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 1.0f, 0);
          rig.context->OMSetDepthStencilState(nullptr, 0);
          rig.context->RSSetState(nullptr);
          createFreshDepthStates(rig, draws);
        }
      },
      [&] {
        issue(rig, mode, draws);
        rig.context->Flush();
      },
      [&] { waitIdle(rig); });
  if (mode == Mode::Conservative) {
    // One more run, not timed, inside an occlusion query: the samples d3dvk draws.
    Ref<ID3D11Query> query;
    D3D11_QUERY_DESC qd{D3D11_QUERY_OCCLUSION, 0};
    check(rig.device->CreateQuery(&qd, query.out()), "CreateQuery");
    rig.context->Begin(query.p);
    issue(rig, mode, draws);
    rig.context->End(query.p);
    UINT64 samples = 0;
    HRESULT hr;
    while ((hr = rig.context->GetData(query.p, &samples, sizeof samples, 0)) == S_FALSE) {
    }
    check(hr, "GetData (occlusion)");
    result.samples = samples;
  }
  return result;
}

}  // namespace overhead
