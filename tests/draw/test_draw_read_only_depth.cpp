// tests/draw: read-only depth-stencil views (D3D11_DSV_READ_ONLY_DEPTH /
// _STENCIL, D3D11.3 §17.13) — the soft-particle and deferred-lighting pattern
// of depth-testing against a depth buffer while a shader reads it. A view's
// read-only planes are never written by the output merger, whatever the
// depth-stencil state says (its depth writes and stencil ops forced off), and
// a shader-resource view of those planes stays bound beside it and is read in
// the same draw; a shader-resource view of a plane the view writes is a
// hazard (unbound by OMSetRenderTargets, refused by *SetShaderResources, with
// the debug layer's messages). Pixels, depths and stencil bytes read back.
#include "../render/checked_device.h"
#include "draw_test_util.h"

using namespace d3dvk::test;

namespace {

constexpr UINT kW = 32, kH = 4;
constexpr uint8_t kClearStencil = 0x5A, kReference = 0x33;

// o0 = (t0.Load(pixel).x, float(t1.Load(pixel).y), 0, 1): the depth through
// t0 (float) and the stencil through t1 (uint, in .g), each zero unbound.
const char kPsReadBoth[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xy
// COLOR                    0   xyzw        1     NONE   float
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_resource_texture2d (float,float,float,float) t0
dcl_resource_texture2d (uint,uint,uint,uint) t1
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_temps 3
ftou r0.xy, v0.xyxx
mov r0.zw, l(0,0,0,0)
ld_indexable(texture2d)(float,float,float,float) r1.xyzw, r0.xyzw, t0.xyzw
ld_indexable(texture2d)(uint,uint,uint,uint) r2.xyzw, r0.xyzw, t1.xyzw
mov o0.x, r1.x
utof o0.y, r2.y
mov o0.zw, l(0,0,0,1.000000)
ret
)";

struct DepthFormat {
  DXGI_FORMAT typeless, depth, readDepth, readStencil;  // readStencil UNKNOWN: no stencil
  double step;     // the depth's quantum (0: float, exact)
  UINT texelBytes;  // a staging copy's texel
};
const DepthFormat kFormats[] = {
    {DXGI_FORMAT_R32_TYPELESS, DXGI_FORMAT_D32_FLOAT, DXGI_FORMAT_R32_FLOAT, DXGI_FORMAT_UNKNOWN, 0.0, 4},
    {DXGI_FORMAT_R16_TYPELESS, DXGI_FORMAT_D16_UNORM, DXGI_FORMAT_R16_UNORM, DXGI_FORMAT_UNKNOWN, 1.0 / 65535.0, 2},
    {DXGI_FORMAT_R24G8_TYPELESS, DXGI_FORMAT_D24_UNORM_S8_UINT, DXGI_FORMAT_R24_UNORM_X8_TYPELESS,
     DXGI_FORMAT_X24_TYPELESS_G8_UINT, 1.0 / 16777215.0, 4},
    {DXGI_FORMAT_R32G8X24_TYPELESS, DXGI_FORMAT_D32_FLOAT_S8X24_UINT, DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS,
     DXGI_FORMAT_X32_TYPELESS_G8X24_UINT, 0.0, 8},
};

// A depth-stencil texture of format f with views: depth-stencil views by
// read-only flags, shader-resource views of its depth and stencil planes.
struct DepthTexture {
  RenderDevice& d;
  const DepthFormat& f;
  Com<ID3D11Texture2D> texture;
  Com<ID3D11ShaderResourceView> depthSrv, stencilSrv;
  DepthTexture(RenderDevice& device, const DepthFormat& format) : d(device), f(format) {
    D3D11_TEXTURE2D_DESC dd =
        texture2DDesc(kW, kH, f.typeless, D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_SHADER_RESOURCE);
    REQUIRE(d->CreateTexture2D(&dd, nullptr, texture.out()) == S_OK);
    depthSrv = srv(f.readDepth);
    if (f.readStencil != DXGI_FORMAT_UNKNOWN) stencilSrv = srv(f.readStencil);
  }
  Com<ID3D11ShaderResourceView> srv(DXGI_FORMAT format) {
    D3D11_SHADER_RESOURCE_VIEW_DESC sd{};
    sd.Format = format;
    sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
    sd.Texture2D = {0, 1};
    Com<ID3D11ShaderResourceView> v;
    REQUIRE(d->CreateShaderResourceView(texture.get(), &sd, v.out()) == S_OK);
    return v;
  }
  Com<ID3D11DepthStencilView> dsv(UINT flags) {
    D3D11_DEPTH_STENCIL_VIEW_DESC dd{};
    dd.Format = f.depth;
    dd.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2D;
    dd.Flags = flags;
    Com<ID3D11DepthStencilView> v;
    REQUIRE(d->CreateDepthStencilView(texture.get(), &dd, v.out()) == S_OK);
    return v;
  }
  bool hasStencil() const { return f.readStencil != DXGI_FORMAT_UNKNOWN; }
  // Column x's depth and stencil, from a staging copy (D24S8: depth in the low
  // 24 bits, stencil in the high 8; D32S8X24: the float, then the stencil byte).
  struct Texel {
    double depth;
    uint8_t stencil;
  };
  std::vector<Texel> row() {
    const std::vector<uint8_t> raw = readback(d, texture.get());
    REQUIRE(raw.size() == size_t(kW) * kH * f.texelBytes);
    std::vector<Texel> out(kW);
    for (UINT x = 0; x < kW; ++x) {
      const uint8_t* t = raw.data() + size_t(f.texelBytes) * x;
      uint32_t bits = 0;
      std::memcpy(&bits, t, f.texelBytes == 2 ? 2 : 4);
      if (f.texelBytes == 2) {
        out[x] = {bits * f.step, 0};
      } else if (f.step != 0.0) {
        out[x] = {(bits & 0xFFFFFF) * f.step, uint8_t(bits >> 24)};
      } else {
        float depth;
        std::memcpy(&depth, &bits, 4);
        out[x] = {depth, f.texelBytes == 8 ? t[4] : uint8_t(0)};
      }
    }
    return out;
  }
};

double writtenDepth(UINT x) { return (x + 0.5) / 32.0; }

// The views in slots 0 and 1 of a stage (get: its *GetShaderResources), references released.
using Pair = std::array<ID3D11ShaderResourceView*, 2>;
template <typename Get>
Pair boundPair(Get get) {
  Pair views{};
  get(views.data());
  for (ID3D11ShaderResourceView* v : views)
    if (v) v->Release();
  return views;
}

// Column depths (x + ½) / 32 written through a writable view, the stencil cleared to kClearStencil.
void writeDepthRamp(RenderDevice& d, DrawTarget& t, DepthTexture& tex) {
  Com<ID3D11DepthStencilView> writable = tex.dsv(0);
  ID3D11RenderTargetView* views[] = {t.rtv.get()};
  d.context->OMSetRenderTargets(1, views, writable.get());
  d.context->ClearDepthStencilView(writable.get(), D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 1.0f, kClearStencil);
  const D3D11_DEPTH_STENCILOP_DESC keep{D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                        D3D11_COMPARISON_ALWAYS};
  const Com<ID3D11DepthStencilState> always = depthStencilState(
      d, {TRUE, D3D11_DEPTH_WRITE_MASK_ALL, D3D11_COMPARISON_ALWAYS, FALSE, 0xFF, 0xFF, keep, keep});
  d.context->OMSetDepthStencilState(always.get(), 0);
  Com<ID3D11PixelShader> ps = pixelShader(d, kPsWriteDepth);
  d.context->PSSetShader(ps.get(), nullptr, 0);
  d.context->Draw(3, 0);
}

// Depth LESS with writes, the stencil test ALWAYS replacing with kReference
// (depth-fail: keep): what the read-only flags then leave of these writes.
Com<ID3D11DepthStencilState> writingState(RenderDevice& d) {
  const D3D11_DEPTH_STENCILOP_DESC replace{D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_REPLACE,
                                           D3D11_COMPARISON_ALWAYS};
  return depthStencilState(d, {TRUE, D3D11_DEPTH_WRITE_MASK_ALL, D3D11_COMPARISON_LESS, TRUE, 0xFF, 0xFF, replace,
                               replace});
}

struct ReadOnlyCase {
  const char* name;
  UINT flags;           // D3D11_DSV_READ_ONLY_*
  bool needsStencil;    // only for formats with stencil
};
const ReadOnlyCase kReadOnlyCases[] = {
    {"read-only depth and stencil", D3D11_DSV_READ_ONLY_DEPTH | D3D11_DSV_READ_ONLY_STENCIL, false},
    {"read-only depth, writable stencil", D3D11_DSV_READ_ONLY_DEPTH, true},
    {"read-only stencil, writable depth", D3D11_DSV_READ_ONLY_STENCIL, true},
};

// Depths written as a ramp, then a quad at depth 0.5 drawn through a view with
// `c`'s read-only flags while the pixel shader reads the planes it leaves
// read-only (conservative: as a conservative draw, on the exact fallback).
void drawThroughReadOnlyView(const DepthFormat& f, const ReadOnlyCase& c, bool conservative) {
  RenderDevice d;
  DrawTarget t(d, kW, kH);
  Com<ID3D11RasterizerState2> conservativeRaster = conservativeState(d);
  DepthTexture tex(d, f);
  const Vertex v[3] = {{-1, -1, 1, 1, 1, 1}, {-1, 3, 1, 1, 1, 1}, {3, -1, 1, 1, 1, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  writeDepthRamp(d, t, tex);

  // The read-only view, then the shader-resource views of the planes it
  // leaves read-only (bound after it: a hazard would leave the slot NULL).
  const bool depthReadOnly = c.flags & D3D11_DSV_READ_ONLY_DEPTH;
  const bool stencilReadOnly = (c.flags & D3D11_DSV_READ_ONLY_STENCIL) && tex.hasStencil();
  Com<ID3D11DepthStencilView> readOnly = tex.dsv(c.flags);
  ID3D11RenderTargetView* views[] = {t.rtv.get()};
  d.context->OMSetRenderTargets(1, views, readOnly.get());
  ID3D11ShaderResourceView* srvs[2] = {depthReadOnly ? tex.depthSrv.get() : nullptr,
                                       stencilReadOnly ? tex.stencilSrv.get() : nullptr};
  d.context->PSSetShaderResources(0, 2, srvs);
  CHECK(boundPair([&](ID3D11ShaderResourceView** out) { d.context->PSGetShaderResources(0, 2, out); }) ==
        Pair{srvs[0], srvs[1]});
  Com<ID3D11DepthStencilState> writing = writingState(d);
  d.context->OMSetDepthStencilState(writing.get(), kReference);
  Com<ID3D11PixelShader> read = pixelShader(d, kPsReadBoth);
  d.context->PSSetShader(read.get(), nullptr, 0);
  // A quad at depth 0.5: LESS passes where the ramp is beyond 0.5 (x ≥ 16).
  const Vertex3 quad[3] = {{-1, -1, 0.5f, 1, 1, 1, 1}, {-1, 3, 0.5f, 1, 1, 1, 1}, {3, -1, 0.5f, 1, 1, 1, 1}};
  Com<ID3D11Buffer> quadVb = makeBuffer(d, quad, sizeof quad, D3D11_BIND_VERTEX_BUFFER);
  DepthVertexShader depthVs(d);
  t.bindVertices(quadVb.get(), sizeof(Vertex3));
  if (conservative) d.context->RSSetState(conservativeRaster.get());  // (the quad covers every pixel either way)
  d.context->Draw(3, 0);

  const std::vector<std::array<float, 4>> px = t.pixels();
  const std::vector<DepthTexture::Texel> texels = tex.row();
  for (UINT x = 0; x < kW; ++x) {
    INFO("column " << x);
    const bool passes = x >= 16;
    // The colour: what the shader read in this draw (before its own writes).
    for (UINT y = 0; y < kH; ++y) {
      const std::array<float, 4>& p = px[y * kW + x];
      if (!passes) {
        CHECK(p == std::array<float, 4>{0, 0, 0, 0});
        continue;
      }
      if (depthReadOnly)
        CHECK(std::abs(double(p[0]) - writtenDepth(x)) <= f.step);
      else
        CHECK(p[0] == 0.0f);
      CHECK(p[1] == (stencilReadOnly ? float(kClearStencil) : 0.0f));
      CHECK(p[3] == 1.0f);
    }
    // The planes after the draw: a read-only one as the ramp left it,
    // a writable one as the state wrote it where the tests passed.
    const double depth = depthReadOnly || !passes ? writtenDepth(x) : 0.5;
    CHECK(std::abs(texels[x].depth - depth) <= f.step);
    if (tex.hasStencil()) CHECK(int(texels[x].stencil) == (stencilReadOnly || !passes ? kClearStencil : kReference));
  }
}

}  // namespace

TEST_CASE("a read-only depth-stencil view is tested against while shaders read its read-only planes in the same "
          "draw, and the output merger writes only its writable planes",
          "[draw][depth][readonly]") {
  for (const char* dynamicState : {"1", "0"})
    for (const DepthFormat& f : kFormats)
      for (const ReadOnlyCase& c : kReadOnlyCases) {
        if (c.needsStencil && f.readStencil == DXGI_FORMAT_UNKNOWN) continue;
        DYNAMIC_SECTION("D3DVK_DYNAMIC_DEPTH_STENCIL=" << dynamicState << ", format " << int(f.depth) << ", "
                                                       << c.name) {
          ScopedEnv env("D3DVK_DYNAMIC_DEPTH_STENCIL", dynamicState);
          drawThroughReadOnlyView(f, c, false);
        }
      }
}

TEST_CASE("[fallback] a conservative draw through a read-only depth-stencil view reads its read-only planes and "
          "writes only its writable ones",
          "[draw][depth][readonly][fallback]") {
  ForceConservativeFallback fallback;
  for (const ReadOnlyCase& c : kReadOnlyCases)
    DYNAMIC_SECTION(c.name) { drawThroughReadOnlyView(kFormats[2], c, true); }  // D24_UNORM_S8_UINT
}

TEST_CASE("a shader-resource view of a plane a depth-stencil view writes is a hazard, of a read-only plane it is not",
          "[draw][depth][readonly][errors]") {
  RenderDevice d{D3D11_CREATE_DEVICE_DEBUG};
  Com<ID3D11InfoQueue> queue;
  REQUIRE(d->QueryInterface(__uuidof(ID3D11InfoQueue), reinterpret_cast<void**>(queue.out())) == S_OK);
  queue->SetMuteDebugOutput(TRUE);
  auto ids = [&] {
    std::vector<D3D11_MESSAGE_ID> out;
    for (const StoredMessage& m : drainMessages(queue.get())) out.push_back(m.id);
    return out;
  };
  DepthTexture tex(d, kFormats[2]);  // D24_UNORM_S8_UINT
  Com<ID3D11DepthStencilView> writable = tex.dsv(0), depthReadOnly = tex.dsv(D3D11_DSV_READ_ONLY_DEPTH),
                              bothReadOnly = tex.dsv(D3D11_DSV_READ_ONLY_DEPTH | D3D11_DSV_READ_ONLY_STENCIL);
  ID3D11ShaderResourceView* both[2] = {tex.depthSrv.get(), tex.stencilSrv.get()};
  auto boundViews = [&] {
    return boundPair([&](ID3D11ShaderResourceView** out) { d.context->PSGetShaderResources(0, 2, out); });
  };
  const std::vector<D3D11_MESSAGE_ID> none;

  SECTION("binding a view unbinds the shader-resource views of the planes it writes") {
    d.context->PSSetShaderResources(0, 2, both);
    ids();
    d.context->OMSetRenderTargets(0, nullptr, bothReadOnly.get());
    CHECK(boundViews() == Pair{both[0], both[1]});
    CHECK(ids() == none);
    d.context->OMSetRenderTargets(0, nullptr, depthReadOnly.get());
    CHECK(boundViews() == Pair{both[0], nullptr});
    CHECK(ids() == std::vector<D3D11_MESSAGE_ID>{D3D11_MESSAGE_ID_DEVICE_OMSETRENDERTARGETS_HAZARD});
    d.context->OMSetRenderTargets(0, nullptr, writable.get());
    CHECK(boundViews() == Pair{nullptr, nullptr});
    CHECK(ids() == std::vector<D3D11_MESSAGE_ID>{D3D11_MESSAGE_ID_DEVICE_OMSETRENDERTARGETS_HAZARD});
  }
  SECTION("a shader-resource view of a plane the bound view writes is bound as NULL") {
    d.context->OMSetRenderTargets(0, nullptr, depthReadOnly.get());
    d.context->PSSetShaderResources(0, 2, both);
    CHECK(boundViews() == Pair{both[0], nullptr});
    CHECK(ids() == std::vector<D3D11_MESSAGE_ID>{D3D11_MESSAGE_ID_DEVICE_PSSETSHADERRESOURCES_HAZARD});
    d.context->OMSetRenderTargets(0, nullptr, bothReadOnly.get());
    d.context->PSSetShaderResources(0, 2, both);
    CHECK(boundViews() == Pair{both[0], both[1]});
    CHECK(ids() == none);
    d.context->OMSetRenderTargets(0, nullptr, writable.get());
    CHECK(ids().size() == 2);  // both unbound again
    d.context->VSSetShaderResources(0, 2, both);
    CHECK(boundPair([&](ID3D11ShaderResourceView** out) { d.context->VSGetShaderResources(0, 2, out); }) ==
          Pair{nullptr, nullptr});
    CHECK(ids() == std::vector<D3D11_MESSAGE_ID>(2, D3D11_MESSAGE_ID_DEVICE_VSSETSHADERRESOURCES_HAZARD));
  }
}

TEST_CASE("ClearDepthStencilView through a read-only depth-stencil view clears only its writable planes",
          "[draw][depth][readonly]") {
  RenderDevice d;
  DrawTarget t(d, kW, kH);
  DepthTexture tex(d, kFormats[2]);  // D24_UNORM_S8_UINT
  const Vertex v[3] = {{-1, -1, 1, 1, 1, 1}, {-1, 3, 1, 1, 1, 1}, {3, -1, 1, 1, 1, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  writeDepthRamp(d, t, tex);
  Com<ID3D11DepthStencilView> bothReadOnly = tex.dsv(D3D11_DSV_READ_ONLY_DEPTH | D3D11_DSV_READ_ONLY_STENCIL),
                              depthReadOnly = tex.dsv(D3D11_DSV_READ_ONLY_DEPTH);
  ID3D11RenderTargetView* views[] = {t.rtv.get()};
  d.context->OMSetRenderTargets(1, views, bothReadOnly.get());
  ID3D11ShaderResourceView* srvs[2] = {tex.depthSrv.get(), tex.stencilSrv.get()};
  d.context->PSSetShaderResources(0, 2, srvs);
  Com<ID3D11PixelShader> read = pixelShader(d, kPsReadBoth);
  d.context->PSSetShader(read.get(), nullptr, 0);
  d.context->OMSetDepthStencilState(nullptr, 0);  // the default: LESS, depth writes on (forced off here)
  DepthVertexShader depthVs(d);
  auto drawAt = [&](float z) {
    const Vertex3 quad[3] = {{-1, -1, z, 1, 1, 1, 1}, {-1, 3, z, 1, 1, 1, 1}, {3, -1, z, 1, 1, 1, 1}};
    Com<ID3D11Buffer> quadVb = makeBuffer(d, quad, sizeof quad, D3D11_BIND_VERTEX_BUFFER);
    t.bindVertices(quadVb.get(), sizeof(Vertex3));
    d.context->Draw(3, 0);
  };
  // Through the wholly read-only view: nothing cleared, a draw at 0 passes
  // everywhere (0 LESS the ramp) and reads the ramp and the stencil as they were.
  d.context->ClearDepthStencilView(bothReadOnly.get(), D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 0.0f, 0x21);
  drawAt(0.0f);
  std::vector<std::array<float, 4>> px = t.pixels();
  for (UINT x = 0; x < kW; ++x) {
    INFO("column " << x);
    CHECK(std::abs(double(px[x][0]) - writtenDepth(x)) <= kFormats[2].step);
    CHECK(px[x][1] == float(kClearStencil));
  }
  // Through the view whose stencil is writable: the stencil cleared, the depth kept.
  d.context->OMSetRenderTargets(1, views, depthReadOnly.get());
  d.context->ClearDepthStencilView(depthReadOnly.get(), D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 0.0f, 0x21);
  const std::vector<DepthTexture::Texel> texels = tex.row();
  for (UINT x = 0; x < kW; ++x) {
    INFO("column " << x);
    CHECK(std::abs(texels[x].depth - writtenDepth(x)) <= kFormats[2].step);
    CHECK(int(texels[x].stencil) == 0x21);
  }
}
