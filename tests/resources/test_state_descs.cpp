// tests/resources: the blend and depth-stencil descs D3D11 accepts with fields
// it ignores left zero (a render target without BlendEnable, a disabled depth
// test, disabled stencil) — accepted, GetDesc returning exactly what was passed
// (also for their defaulted twins) — while the same zeros where they count are
// still refused; and view descs with -1 counts (ArraySize, MipLevels) resolved
// in GetDesc for every view kind; sampler descs stored as D3D11 stores them
// (the fields the filter and address modes do not use reset).
#include "resource_test_util.h"

using namespace d3dvk;
using namespace d3dvk::test;

namespace {
// Field by field: the descs have padding (after the UINT8 masks) that GetDesc need not copy.
bool same(const D3D11_BLEND_DESC& a, const D3D11_BLEND_DESC& b) {
  if (a.AlphaToCoverageEnable != b.AlphaToCoverageEnable || a.IndependentBlendEnable != b.IndependentBlendEnable)
    return false;
  for (int i = 0; i < 8; ++i) {
    const D3D11_RENDER_TARGET_BLEND_DESC &x = a.RenderTarget[i], &y = b.RenderTarget[i];
    if (x.BlendEnable != y.BlendEnable || x.SrcBlend != y.SrcBlend || x.DestBlend != y.DestBlend ||
        x.BlendOp != y.BlendOp || x.SrcBlendAlpha != y.SrcBlendAlpha || x.DestBlendAlpha != y.DestBlendAlpha ||
        x.BlendOpAlpha != y.BlendOpAlpha || x.RenderTargetWriteMask != y.RenderTargetWriteMask)
      return false;
  }
  return true;
}
bool same(const D3D11_DEPTH_STENCILOP_DESC& x, const D3D11_DEPTH_STENCILOP_DESC& y) {
  return x.StencilFailOp == y.StencilFailOp && x.StencilDepthFailOp == y.StencilDepthFailOp &&
         x.StencilPassOp == y.StencilPassOp && x.StencilFunc == y.StencilFunc;
}
bool same(const D3D11_DEPTH_STENCIL_DESC& a, const D3D11_DEPTH_STENCIL_DESC& b) {
  return a.DepthEnable == b.DepthEnable && a.DepthWriteMask == b.DepthWriteMask && a.DepthFunc == b.DepthFunc &&
         a.StencilEnable == b.StencilEnable && a.StencilReadMask == b.StencilReadMask &&
         a.StencilWriteMask == b.StencilWriteMask && same(a.FrontFace, b.FrontFace) && same(a.BackFace, b.BackFace);
}
}  // namespace

TEST_CASE("Blend and depth-stencil descs with ignored fields left zero are accepted, GetDesc exact",
          "[resources][states]") {
  Checked c;
  RenderDevice& d = c.d;
  D3D11_BLEND_DESC zero{};  // what `D3D11_BLEND_DESC desc = {};` gives: no blending, factors 0
  zero.IndependentBlendEnable = TRUE;
  zero.AlphaToCoverageEnable = TRUE;
  for (auto& rt : zero.RenderTarget) rt.RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
  zero.RenderTarget[1].BlendEnable = TRUE;
  zero.RenderTarget[1].SrcBlend = D3D11_BLEND_SRC_ALPHA;
  zero.RenderTarget[1].DestBlend = D3D11_BLEND_INV_SRC_ALPHA;
  zero.RenderTarget[1].BlendOp = D3D11_BLEND_OP_ADD;
  zero.RenderTarget[1].SrcBlendAlpha = D3D11_BLEND_ONE;
  zero.RenderTarget[1].DestBlendAlpha = D3D11_BLEND_ZERO;
  zero.RenderTarget[1].BlendOpAlpha = D3D11_BLEND_OP_ADD;
  Com<ID3D11BlendState> a, b;
  REQUIRE(d->CreateBlendState(&zero, a.out()) == S_OK);
  D3D11_BLEND_DESC got{};
  a->GetDesc(&got);
  CHECK(same(got, zero));
  D3D11_BLEND_DESC defaulted = zero;  // the same state with the ignored factors at their defaults
  for (UINT i : {0u, 2u, 3u, 4u, 5u, 6u, 7u}) {
    auto& rt = defaulted.RenderTarget[i];
    rt.SrcBlend = rt.SrcBlendAlpha = D3D11_BLEND_ONE;
    rt.DestBlend = rt.DestBlendAlpha = D3D11_BLEND_ZERO;
    rt.BlendOp = rt.BlendOpAlpha = D3D11_BLEND_OP_ADD;
  }
  REQUIRE(d->CreateBlendState(&defaulted, b.out()) == S_OK);
  b->GetDesc(&got);
  CHECK(same(got, defaulted));
  D3D11_BLEND_DESC bad = zero;  // zero factors where blending is on: refused
  bad.RenderTarget[1].SrcBlend = D3D11_BLEND(0);
  Com<ID3D11BlendState> refused;
  CHECK(d->CreateBlendState(&bad, refused.out()) == E_INVALIDARG);
  CHECK(!refused);

  D3D11_DEPTH_STENCIL_DESC ds{};  // depth and stencil off, every other field 0
  Com<ID3D11DepthStencilState> x, y;
  REQUIRE(d->CreateDepthStencilState(&ds, x.out()) == S_OK);
  D3D11_DEPTH_STENCIL_DESC dsGot{};
  x->GetDesc(&dsGot);
  CHECK(same(dsGot, ds));
  D3D11_DEPTH_STENCIL_DESC dsDefault{};
  dsDefault.DepthFunc = D3D11_COMPARISON_ALWAYS;
  dsDefault.FrontFace = dsDefault.BackFace = {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                              D3D11_COMPARISON_ALWAYS};
  REQUIRE(d->CreateDepthStencilState(&dsDefault, y.out()) == S_OK);
  y->GetDesc(&dsGot);
  CHECK(same(dsGot, dsDefault));
  // Depth on, stencil off with zero faces: accepted; front and back faces stored as given.
  D3D11_DEPTH_STENCIL_DESC depthOnly{};
  depthOnly.DepthEnable = TRUE;
  depthOnly.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ALL;
  depthOnly.DepthFunc = D3D11_COMPARISON_LESS;
  Com<ID3D11DepthStencilState> z;
  REQUIRE(d->CreateDepthStencilState(&depthOnly, z.out()) == S_OK);
  D3D11_DEPTH_STENCIL_DESC twoSided = depthOnly;
  twoSided.StencilEnable = TRUE;
  twoSided.StencilReadMask = 0x0F;
  twoSided.StencilWriteMask = 0xF0;
  twoSided.FrontFace = {D3D11_STENCIL_OP_ZERO, D3D11_STENCIL_OP_REPLACE, D3D11_STENCIL_OP_INCR, D3D11_COMPARISON_EQUAL};
  twoSided.BackFace = {D3D11_STENCIL_OP_INVERT, D3D11_STENCIL_OP_DECR_SAT, D3D11_STENCIL_OP_DECR,
                       D3D11_COMPARISON_GREATER};
  Com<ID3D11DepthStencilState> w;
  REQUIRE(d->CreateDepthStencilState(&twoSided, w.out()) == S_OK);
  w->GetDesc(&dsGot);
  CHECK(same(dsGot, twoSided));
  // Depth on with DepthFunc 0, or stencil on with a zero op: refused.
  D3D11_DEPTH_STENCIL_DESC badDepth = depthOnly;
  badDepth.DepthFunc = D3D11_COMPARISON_FUNC(0);
  Com<ID3D11DepthStencilState> r;
  CHECK(d->CreateDepthStencilState(&badDepth, r.out()) == E_INVALIDARG);
  D3D11_DEPTH_STENCIL_DESC badStencil = twoSided;
  badStencil.BackFace.StencilPassOp = D3D11_STENCIL_OP(0);
  CHECK(d->CreateDepthStencilState(&badStencil, r.out()) == E_INVALIDARG);
  CHECK(!r);
}

TEST_CASE("Sampler descs: GetDesc resets the fields the filter and address modes ignore, keeps the rest",
          "[resources][states]") {
  Checked c;
  RenderDevice& d = c.d;
  D3D11_SAMPLER_DESC in{};
  in.Filter = D3D11_FILTER_MIN_MAG_MIP_LINEAR;
  in.AddressU = in.AddressV = in.AddressW = D3D11_TEXTURE_ADDRESS_WRAP;
  in.MipLODBias = 0.5f;
  in.MaxAnisotropy = 16;
  in.ComparisonFunc = D3D11_COMPARISON_ALWAYS;
  in.BorderColor[0] = 0.25f;
  in.BorderColor[1] = 1.0f;
  in.BorderColor[3] = 1.0f;
  in.MinLOD = 1.0f;
  in.MaxLOD = 16.0f;
  Com<ID3D11SamplerState> plain;
  REQUIRE(d->CreateSamplerState(&in, plain.out()) == S_OK);
  D3D11_SAMPLER_DESC got{};
  plain->GetDesc(&got);
  // Not anisotropic, not comparison, no BORDER address: those three fields come back reset.
  CHECK(got.Filter == D3D11_FILTER_MIN_MAG_MIP_LINEAR);
  CHECK((got.AddressU == D3D11_TEXTURE_ADDRESS_WRAP && got.AddressV == D3D11_TEXTURE_ADDRESS_WRAP &&
         got.AddressW == D3D11_TEXTURE_ADDRESS_WRAP));
  CHECK(got.MipLODBias == 0.5f);
  CHECK(got.MaxAnisotropy == 0u);
  CHECK(got.ComparisonFunc == D3D11_COMPARISON_NEVER);
  CHECK((got.BorderColor[0] == 0.0f && got.BorderColor[1] == 0.0f && got.BorderColor[2] == 0.0f &&
         got.BorderColor[3] == 0.0f));
  CHECK((got.MinLOD == 1.0f && got.MaxLOD == 16.0f));
  // A desc differing only in ignored fields is the same state object.
  D3D11_SAMPLER_DESC other = in;
  other.MaxAnisotropy = 3;
  other.ComparisonFunc = D3D11_COMPARISON_LESS;
  other.BorderColor[2] = 0.75f;
  Com<ID3D11SamplerState> same;
  REQUIRE(d->CreateSamplerState(&other, same.out()) == S_OK);
  CHECK(same.get() == plain.get());

  // Anisotropic comparison filter, BORDER on W only: every field is used and kept.
  D3D11_SAMPLER_DESC used = in;
  used.Filter = D3D11_FILTER_COMPARISON_ANISOTROPIC;
  used.AddressW = D3D11_TEXTURE_ADDRESS_BORDER;
  used.MaxAnisotropy = 4;
  used.ComparisonFunc = D3D11_COMPARISON_LESS_EQUAL;
  Com<ID3D11SamplerState> kept;
  REQUIRE(d->CreateSamplerState(&used, kept.out()) == S_OK);
  kept->GetDesc(&got);
  CHECK(got.Filter == D3D11_FILTER_COMPARISON_ANISOTROPIC);
  CHECK(got.MaxAnisotropy == 4u);
  CHECK(got.ComparisonFunc == D3D11_COMPARISON_LESS_EQUAL);
  CHECK((got.BorderColor[0] == 0.25f && got.BorderColor[1] == 1.0f && got.BorderColor[2] == 0.0f &&
         got.BorderColor[3] == 1.0f));
  CHECK(got.AddressW == D3D11_TEXTURE_ADDRESS_BORDER);

  // A minimum-reduction filter is no comparison filter: ComparisonFunc reset; point filters keep no anisotropy.
  D3D11_SAMPLER_DESC minimum = in;
  minimum.Filter = D3D11_FILTER_MINIMUM_MIN_MAG_MIP_POINT;
  minimum.AddressU = D3D11_TEXTURE_ADDRESS_BORDER;
  Com<ID3D11SamplerState> reduced;
  REQUIRE(d->CreateSamplerState(&minimum, reduced.out()) == S_OK);
  reduced->GetDesc(&got);
  CHECK(got.Filter == D3D11_FILTER_MINIMUM_MIN_MAG_MIP_POINT);
  CHECK(got.ComparisonFunc == D3D11_COMPARISON_NEVER);
  CHECK(got.MaxAnisotropy == 0u);
  CHECK(got.BorderColor[0] == 0.25f);
}

TEST_CASE("View descs with -1 counts: ArraySize and MipLevels resolved in GetDesc", "[resources][views]") {
  Checked c;
  RenderDevice& d = c.d;
  D3D11_TEXTURE2D_DESC td = texture2DDesc(8, 8, DXGI_FORMAT_R8G8B8A8_UNORM,
                                          D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_UNORDERED_ACCESS);
  td.ArraySize = 5;
  td.MipLevels = 3;
  Com<ID3D11Texture2D> t;
  REQUIRE(d->CreateTexture2D(&td, nullptr, t.out()) == S_OK);
  D3D11_SHADER_RESOURCE_VIEW_DESC sd{};
  sd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DARRAY;
  sd.Texture2DArray = {1, UINT(-1), 2, UINT(-1)};
  Com<ID3D11ShaderResourceView> srv;
  REQUIRE(d->CreateShaderResourceView(t.get(), &sd, srv.out()) == S_OK);
  srv->GetDesc(&sd);
  CHECK((sd.Texture2DArray.MostDetailedMip == 1 && sd.Texture2DArray.MipLevels == 2 &&
         sd.Texture2DArray.FirstArraySlice == 2 && sd.Texture2DArray.ArraySize == 3));
  D3D11_RENDER_TARGET_VIEW_DESC rd{};
  rd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  rd.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DARRAY;
  rd.Texture2DArray = {0, 1, UINT(-1)};
  Com<ID3D11RenderTargetView> rtv;
  REQUIRE(d->CreateRenderTargetView(t.get(), &rd, rtv.out()) == S_OK);
  rtv->GetDesc(&rd);
  CHECK(rd.Texture2DArray.ArraySize == 4);
  D3D11_UNORDERED_ACCESS_VIEW_DESC ud{};
  ud.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  ud.ViewDimension = D3D11_UAV_DIMENSION_TEXTURE2DARRAY;
  ud.Texture2DArray = {2, 4, UINT(-1)};
  Com<ID3D11UnorderedAccessView> uav;
  REQUIRE(d->CreateUnorderedAccessView(t.get(), &ud, uav.out()) == S_OK);
  uav->GetDesc(&ud);
  CHECK((ud.Texture2DArray.MipSlice == 2 && ud.Texture2DArray.ArraySize == 1));
  // A clear through the -1 RTV reaches slices 1..4 and leaves slice 0 (cleared to 0 first).
  Com<ID3D11RenderTargetView> whole;
  REQUIRE(d->CreateRenderTargetView(t.get(), nullptr, whole.out()) == S_OK);
  const float black[4] = {0, 0, 0, 0}, red[4] = {1, 0, 0, 1};
  d.context->ClearRenderTargetView(whole.get(), black);
  d.context->ClearRenderTargetView(rtv.get(), red);
  for (UINT s = 0; s < 5; ++s)
    for (uint32_t px : as<uint32_t>(readback(d, t.get(), s * 3))) CHECK(px == (s >= 1 ? 0xFF0000FFu : 0u));

  D3D11_TEXTURE2D_DESC dd = texture2DDesc(4, 4, DXGI_FORMAT_D32_FLOAT, D3D11_BIND_DEPTH_STENCIL);
  dd.ArraySize = 3;
  Com<ID3D11Texture2D> depth;
  REQUIRE(d->CreateTexture2D(&dd, nullptr, depth.out()) == S_OK);
  D3D11_DEPTH_STENCIL_VIEW_DESC dsd{};
  dsd.Format = DXGI_FORMAT_D32_FLOAT;
  dsd.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2DARRAY;
  dsd.Texture2DArray = {0, 1, UINT(-1)};
  Com<ID3D11DepthStencilView> dsv;
  REQUIRE(d->CreateDepthStencilView(depth.get(), &dsd, dsv.out()) == S_OK);
  dsv->GetDesc(&dsd);
  CHECK(dsd.Texture2DArray.ArraySize == 2);
  // Counts past the end other than -1 stay errors.
  sd.Texture2DArray = {0, 4, 0, 5};
  CHECK(d->CreateShaderResourceView(t.get(), &sd, srv.out()) == E_INVALIDARG);
  drainMessages(c.queue.get());
}
