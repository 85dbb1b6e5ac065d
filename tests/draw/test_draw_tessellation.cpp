// tests/draw: hull and domain shaders through the public D3D11 API on
// lavapipe, pixels read back and held to expectations computed here on the CPU:
//  * a triangle patch (tri domain, integer partitioning, factors 4, clockwise
//    output under the default back-face culling) covers exactly the pixels
//    whose centres the untessellated triangle covers, each once (additive
//    blending: an overlap or a crack would show), coloured with vDomain =
//    the pixel centre's barycentric coordinates;
//  * patch constants packed into the y, z, w of the factors' registers (fxc's
//    PN-triangle layout, patch-constant and control-point registers sharing
//    numbers) arrive in the domain shader as the hull shader wrote them;
//  * a quad patch (pass-through control points, fork and join phases, vpc)
//    with factors 4 covers exactly its rectangle and shows (u², v²) as the
//    piecewise-linear interpolation over the 4×4 grid the tessellator
//    makes of it: the factor, the edge order and vpc are what they should be;
//  * SV_TessFactor[0..3] subdivide the quad's U==0, V==0, U==1, V==1 edges
//    (a domain shader bulging subdivided edges out shows which one);
//  * the rules D3D11's debug layer states for the stages (a hull shader
//    without a domain shader and the reverse, a patch list without them, a
//    topology that is not the hull shader's patch, mismatched control-point
//    counts and domains): the message, and no draw reaches the driver;
//  * the DDI traffic (CreateHullShader/CreateDomainShader with the patch-constant
//    signature, Hs/DsSet*) and the getters;
//  * a conservative draw of a tessellated quad on the exact fallback (the
//    capture records the domain shader's triangles) lights exactly the Tier 3
//    sets of the triangles the tessellator made, with the domain shader's attributes;
//  * SV_PrimitiveID after the tessellator is the patch's, natively and on the
//    fallback, also when the fallback draws the patches in pieces.
#include "../render/checked_device.h"
#include "conservative_pixels.h"
#include "draw_test_util.h"
#include "tessellation_listings.h"

#include <cmath>
#include <set>
#include <string>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

Com<ID3D11HullShader> hullShader(RenderDevice& d, const char* listing) {
  const std::vector<uint8_t> code = assembled(listing);
  Com<ID3D11HullShader> hs;
  REQUIRE(d->CreateHullShader(code.data(), code.size(), nullptr, hs.out()) == S_OK);
  return hs;
}

Com<ID3D11DomainShader> domainShader(RenderDevice& d, const char* listing) {
  const std::vector<uint8_t> code = assembled(listing);
  Com<ID3D11DomainShader> ds;
  REQUIRE(d->CreateDomainShader(code.data(), code.size(), nullptr, ds.out()) == S_OK);
  return ds;
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  text.replace(text.find(from), from.size(), to);
  return text;
}

// ONE + ONE on render target 0: every fragment adds, so a pixel shaded twice shows alpha 2.
Com<ID3D11BlendState> additiveBlend(RenderDevice& d) {
  D3D11_BLEND_DESC desc{};
  desc.RenderTarget[0] = {TRUE, D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_ADD,
                          D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_ADD, D3D11_COLOR_WRITE_ENABLE_ALL};
  Com<ID3D11BlendState> blend;
  REQUIRE(d->CreateBlendState(&desc, blend.out()) == S_OK);
  return blend;
}

// Screen → NDC for a W×H target.
Vertex at(double x, double y, UINT w, UINT h) {
  return {float(x / w * 2 - 1), float(1 - y / h * 2), 1, 1, 1, 1};
}

// The piecewise-linear interpolation of t² between the knots k/n (what a
// linear attribute t² at the vertices of an n-segment grid interpolates to).
double piecewiseSquare(double t, int n) {
  const int k = std::min(int(std::floor(t * n)), n - 1);
  const double a = double(k) / n, b = double(k + 1) / n, f = t * n - k;
  return (1 - f) * a * a + f * b * b;
}

// A quad domain shader that bulges every vertex outward from the patch's
// centre by 2·(u(1−u) + v(1−v))·(u − ½, ½ − v) in NDC: the corners and the
// centre stay, the midpoint of an edge the tessellator subdivides in two moves
// a quarter of the patch's size out of it (a straight edge does not).
const char kDsQuadBulge[] = R"(ds_5_0
dcl_input_control_point_count 4
dcl_tessellator_domain domain_quad
dcl_input vDomain.xy
dcl_input vicp[4][0].xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_temps 3
add r0.xyzw, -vicp[0][0].xyzw, vicp[1][0].xyzw
mad r0.xyzw, vDomain.xxxx, r0.xyzw, vicp[0][0].xyzw
add r1.xyzw, -vicp[3][0].xyzw, vicp[2][0].xyzw
mad r1.xyzw, vDomain.xxxx, r1.xyzw, vicp[3][0].xyzw
add r1.xyzw, -r0.xyzw, r1.xyzw
mad r0.xyzw, vDomain.yyyy, r1.xyzw, r0.xyzw
add r2.xy, -vDomain.xyxx, l(1.000000, 1.000000, 0, 0)
mul r2.xy, r2.xyxx, vDomain.xyxx
add r2.x, r2.y, r2.x
add r2.yz, vDomain.xxyx, l(0, -0.500000, -0.500000, 0)
mul r2.yz, r2.yyzy, r2.xxxx
mad o0.x, r2.y, l(2.000000), r0.x
mad o0.y, r2.z, l(-2.000000), r0.y
mov o0.zw, r0.zzzw
mov o1.xyzw, l(1.000000, 1.000000, 1.000000, 1.000000)
ret
)";

// A geometry shader after the domain shader: each triangle passed through,
// its COLOR replaced by (1 − w, 1 − w, 1 − w, 1) (w of the clip position, 1
// here: black with alpha 1), so only what went through it shows.
const char kGsAfterDs[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
gs_5_0
dcl_input_siv v[3][0].xyzw, position
dcl_input v[3][1].xyzw
dcl_temps 1
dcl_inputprimitive triangle
dcl_stream m0
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_maxout 3
mov r0.x, l(0)
loop
  uge r0.y, r0.x, l(3)
  breakc_nz r0.y
  mov o0.xyzw, v[r0.x + 0][0].xyzw
  add o1.xyz, -v[r0.x + 0][0].wwww, l(1.000000, 1.000000, 1.000000, 0)
  mov o1.w, l(1.000000)
  emit_stream m0
  iadd r0.x, r0.x, l(1)
endloop
ret
)";

}  // namespace

TEST_CASE("a tessellated triangle patch covers exactly the untessellated triangle's pixels, each once, with "
          "vDomain's barycentric coordinates",
          "[draw][tessellation]") {
  Checked c;
  RenderDevice& d = c.d;
  constexpr UINT kW = 32, kH = 32;
  DrawTarget t(d, kW, kH);
  // Clockwise on screen (front-facing under the default rasterizer state, which culls back faces).
  const std::array<double, 2> a{3.3, 2.2}, b{28.7, 6.1}, cc{9.4, 29.6};
  const Vertex patch[3] = {at(a[0], a[1], kW, kH), at(b[0], b[1], kW, kH), at(cc[0], cc[1], kW, kH)};
  Com<ID3D11Buffer> vb = makeBuffer(d, patch, sizeof patch, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  Com<ID3D11HullShader> hs = hullShader(d, kHsTri);
  Com<ID3D11DomainShader> ds = domainShader(d, kDsTri);
  const float factors[4] = {4, 4, 0, 0};  // edges, inside
  Com<ID3D11Buffer> cb = makeBuffer(d, factors, sizeof factors, D3D11_BIND_CONSTANT_BUFFER);
  ID3D11Buffer* cbs[] = {cb.get()};
  d.context->HSSetConstantBuffers(0, 1, cbs);
  d.context->HSSetShader(hs.get(), nullptr, 0);
  d.context->DSSetShader(ds.get(), nullptr, 0);
  Com<ID3D11BlendState> blend = additiveBlend(d);
  d.context->OMSetBlendState(blend.get(), nullptr, 0xFFFFFFFF);
  d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST);
  d.context->Draw(3, 0);

  const std::vector<std::array<float, 4>> px = t.pixels();
  size_t covered = 0;
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) {
      const Barycentric l = barycentric(a, b, cc, x + 0.5, y + 0.5);
      if (!l.inside(0.02) && !l.outside(0.02)) continue;  // a centre within rounding of an edge
      INFO("pixel " << x << "," << y);
      const std::array<float, 4>& p = px[y * kW + x];
      if (l.outside(0.02)) {
        CHECK(p == std::array<float, 4>{0, 0, 0, 0});
        continue;
      }
      ++covered;
      CHECK(p[3] == 1.0f);  // shaded exactly once
      CHECK(std::abs(p[0] - l.l0) < 2e-3);
      CHECK(std::abs(p[1] - l.l1) < 2e-3);
      CHECK(std::abs(p[2] - l.l2) < 2e-3);
    }
  CHECK(covered > 250);
  CHECK(drainMessages(c.queue.get()).empty());
  CHECK(c.ddiCalls("CreateHullShader") == 1);
  CHECK(c.ddiCalls("CreateDomainShader") == 1);
  CHECK(c.ddiCalls("CalcPrivateTessellationShaderSize") == 2);
  // The driver gets both shaders' patch-constant signatures (the listings' PCSG: 3 edge factors and the inside one).
  for (const char* call : {"CreateHullShader", "CreateDomainShader", "CalcPrivateTessellationShaderSize"})
    for (const std::string& line : c.trace.calls(call)) {
      INFO(line);
      CHECK(line.find("{inputs=2, outputs=2, patchConstants=4}") != std::string::npos);
    }
  CHECK(c.ddiCalls("HsSetShader") == 1);
  CHECK(c.ddiCalls("DsSetShader") == 1);
  CHECK(c.ddiCalls("HsSetConstantBuffers") == 1);
  CHECK(c.ddiCalls("Draw") == 1);

  // The getters hand back what is bound.
  Com<ID3D11HullShader> boundHs;
  Com<ID3D11DomainShader> boundDs;
  Com<ID3D11Buffer> boundCb;
  d.context->HSGetShader(boundHs.out(), nullptr, nullptr);
  d.context->DSGetShader(boundDs.out(), nullptr, nullptr);
  d.context->HSGetConstantBuffers(0, 1, boundCb.out());
  CHECK(boundHs.get() == hs.get());
  CHECK(boundDs.get() == ds.get());
  CHECK(boundCb.get() == cb.get());
}

TEST_CASE("patch constants packed beside the tessellation factors (fxc's PN-triangle layout) reach the domain shader",
          "[draw][tessellation]") {
  Checked c;
  RenderDevice& d = c.d;
  constexpr UINT kW = 32, kH = 32;
  DrawTarget t(d, kW, kH);
  const std::array<double, 2> a{3.3, 2.2}, b{28.7, 6.1}, cc{9.4, 29.6};
  const Vertex patch[3] = {at(a[0], a[1], kW, kH), at(b[0], b[1], kW, kH), at(cc[0], cc[1], kW, kH)};
  Com<ID3D11Buffer> vb = makeBuffer(d, patch, sizeof patch, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  Com<ID3D11HullShader> hs = hullShader(d, kHsTriPacked);
  Com<ID3D11DomainShader> ds = domainShader(d, kDsTriPacked);
  const float factors[4] = {3, 2, 0, 0};  // edges, inside
  Com<ID3D11Buffer> cb = makeBuffer(d, factors, sizeof factors, D3D11_BIND_CONSTANT_BUFFER);
  ID3D11Buffer* cbs[] = {cb.get()};
  d.context->HSSetConstantBuffers(0, 1, cbs);
  d.context->DSSetConstantBuffers(0, 1, cbs);
  d.context->HSSetShader(hs.get(), nullptr, 0);
  d.context->DSSetShader(ds.get(), nullptr, 0);
  d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST);
  d.context->Draw(3, 0);

  // (vpc1.y, vpc3.w, vpc6.x, vpc5.y) as the hull shader's fork and join phases wrote them.
  const std::array<float, 4> expected{0.25f, 0.75f, 0.625f, 0.125f};
  const std::vector<std::array<float, 4>> px = t.pixels();
  size_t covered = 0;
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) {
      const Barycentric l = barycentric(a, b, cc, x + 0.5, y + 0.5);
      INFO("pixel " << x << "," << y);
      const std::array<float, 4>& p = px[y * kW + x];
      if (l.outside(0.02)) {
        CHECK(p == std::array<float, 4>{0, 0, 0, 0});
      } else if (l.inside(0.02)) {
        ++covered;
        CHECK(p == expected);
      }
    }
  CHECK(covered > 250);
  CHECK(drainMessages(c.queue.get()).empty());
  // The driver gets the packed patch-constant signature: 11 elements.
  for (const std::string& line : c.trace.calls("CreateHullShader")) {
    INFO(line);
    CHECK(line.find("patchConstants=11}") != std::string::npos);
  }
}

TEST_CASE("a tessellated quad patch (pass-through control points, fork and join phases) covers its rectangle once "
          "and interpolates over the tessellator's 4x4 grid",
          "[draw][tessellation]") {
  Checked c;
  RenderDevice& d = c.d;
  constexpr UINT kW = 32, kH = 32;
  DrawTarget t(d, kW, kH);
  const double x0 = 4.25, x1 = 28.25, y0 = 3.25, y1 = 27.25;
  // Top-left, top-right, bottom-right, bottom-left.
  const Vertex patch[4] = {at(x0, y0, kW, kH), at(x1, y0, kW, kH), at(x1, y1, kW, kH), at(x0, y1, kW, kH)};
  Com<ID3D11Buffer> vb = makeBuffer(d, patch, sizeof patch, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  Com<ID3D11HullShader> hs = hullShader(d, kHsQuad);
  Com<ID3D11DomainShader> ds = domainShader(d, kDsQuad);
  const float factors[4] = {4, 4, 0, 0};  // edges (and the inside V factor through vpc1), inside U
  Com<ID3D11Buffer> cb = makeBuffer(d, factors, sizeof factors, D3D11_BIND_CONSTANT_BUFFER);
  ID3D11Buffer* cbs[] = {cb.get()};
  d.context->HSSetConstantBuffers(0, 1, cbs);
  d.context->HSSetShader(hs.get(), nullptr, 0);
  d.context->DSSetShader(ds.get(), nullptr, 0);
  Com<ID3D11BlendState> blend = additiveBlend(d);
  d.context->OMSetBlendState(blend.get(), nullptr, 0xFFFFFFFF);
  d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_4_CONTROL_POINT_PATCHLIST);
  d.context->Draw(4, 0);

  const std::vector<std::array<float, 4>> px = t.pixels();
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) {
      INFO("pixel " << x << "," << y);
      const double cx = x + 0.5, cy = y + 0.5;
      const std::array<float, 4>& p = px[y * kW + x];
      if (cx < x0 || cx >= x1 || cy < y0 || cy >= y1) {
        CHECK(p == std::array<float, 4>{0, 0, 0, 0});
        continue;
      }
      const double u = (cx - x0) / (x1 - x0), v = (cy - y0) / (y1 - y0);
      CHECK(p[3] == 1.0f);
      CHECK(std::abs(p[0] - piecewiseSquare(u, 4)) < 2e-3);
      CHECK(std::abs(p[1] - piecewiseSquare(v, 4)) < 2e-3);
      CHECK(p[2] == 0.0f);
    }
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("SV_TessFactor[0..3] subdivide the quad's U==0, V==0, U==1 and V==1 edges (D3D's order)",
          "[draw][tessellation]") {
  Checked c;
  RenderDevice& d = c.d;
  constexpr UINT kW = 32, kH = 32;
  DrawTarget t(d, kW, kH);
  // Top-left, top-right, bottom-right, bottom-left: u runs right, v down.
  const Vertex patch[4] = {at(8, 8, kW, kH), at(24, 8, kW, kH), at(24, 24, kW, kH), at(8, 24, kW, kH)};
  Com<ID3D11Buffer> vb = makeBuffer(d, patch, sizeof patch, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  // Each edge's factor from cb0[edge].x, the inside factors from cb0[4].xy.
  std::string hsText =
      replaced(kHsQuad, "dcl_constantbuffer CB0[1], immediateIndexed", "dcl_constantbuffer CB0[5], dynamicIndexed");
  hsText = replaced(hsText, "mov o[r0.x + 0].x, cb0[0].x", "mov o[r0.x + 0].x, cb0[r0.x + 0].x");
  hsText = replaced(hsText, "mov o4.x, cb0[0].y", "mov o4.x, cb0[4].x");
  hsText = replaced(hsText, "mov o5.x, vpc1.x", "mov o5.x, cb0[4].y");
  Com<ID3D11HullShader> hs = hullShader(d, hsText.c_str());
  Com<ID3D11DomainShader> ds = domainShader(d, kDsQuadBulge);
  d.context->HSSetShader(hs.get(), nullptr, 0);
  d.context->DSSetShader(ds.get(), nullptr, 0);
  d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_4_CONTROL_POINT_PATCHLIST);
  // Just outside the middle of the left, top, right and bottom edges (the bulge reaches 4 pixels out).
  const std::pair<UINT, UINT> outside[4] = {{6, 15}, {15, 6}, {25, 16}, {16, 25}};
  const float black[4] = {0, 0, 0, 0};
  for (int edge = 0; edge < 4; ++edge) {
    INFO("SV_TessFactor[" << edge << "] = 2, the others 1");
    float factors[5][4] = {};
    for (int e = 0; e < 4; ++e) factors[e][0] = e == edge ? 2.0f : 1.0f;
    factors[4][0] = factors[4][1] = 1.0f;
    Com<ID3D11Buffer> cb = makeBuffer(d, factors, sizeof factors, D3D11_BIND_CONSTANT_BUFFER);
    ID3D11Buffer* cbs[] = {cb.get()};
    d.context->HSSetConstantBuffers(0, 1, cbs);
    d.context->ClearRenderTargetView(t.rtv.get(), black);
    d.context->Draw(4, 0);
    const auto px = t.pixels();
    for (int e = 0; e < 4; ++e) {
      INFO("outside edge " << e);
      CHECK((px[outside[e].second * kW + outside[e].first][3] == 1.0f) == (e == edge));
    }
    CHECK(px[16 * kW + 16][3] == 1.0f);
  }
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("tessellation stage rules: the debug layer's message and no driver draw", "[draw][tessellation][errors]") {
  Checked c;
  RenderDevice& d = c.d;
  DrawTarget t(d, 8, 8);
  const Vertex patch[4] = {at(1, 1, 8, 8), at(7, 1, 8, 8), at(7, 7, 8, 8), at(1, 7, 8, 8)};
  Com<ID3D11Buffer> vb = makeBuffer(d, patch, sizeof patch, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  Com<ID3D11HullShader> hsTri = hullShader(d, kHsTri), hsQuad = hullShader(d, kHsQuad);
  Com<ID3D11DomainShader> dsTri = domainShader(d, kDsTri), dsQuad = domainShader(d, kDsQuad);
  // A domain shader of the quad domain taking 3 control points (the tri hull shader's count).
  Com<ID3D11DomainShader> dsQuadOf3 = domainShader(d, replaced(kDsTri, "domain_tri", "domain_quad").c_str());
  struct Case {
    const char* what;
    ID3D11HullShader* hs;
    ID3D11DomainShader* ds;
    D3D11_PRIMITIVE_TOPOLOGY topology;
    D3D11_MESSAGE_ID id;
  };
  const Case cases[] = {
      {"a hull shader without a domain shader", hsTri.get(), nullptr, D3D11_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST,
       D3D11_MESSAGE_ID_DEVICE_DRAW_HS_XOR_DS_MISMATCH},
      {"a domain shader without a hull shader", nullptr, dsTri.get(), D3D11_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST,
       D3D11_MESSAGE_ID_DEVICE_DRAW_HS_XOR_DS_MISMATCH},
      {"a patch list without hull and domain shaders", nullptr, nullptr,
       D3D11_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST, D3D11_MESSAGE_ID_DEVICE_DRAW_RASTERIZING_CONTROL_POINTS},
      {"a triangle list into a hull shader", hsTri.get(), dsTri.get(), D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST,
       D3D11_MESSAGE_ID_DEVICE_DRAW_HULL_SHADER_INPUT_TOPOLOGY_MISMATCH},
      {"4-point patches into a 3-point hull shader", hsTri.get(), dsTri.get(),
       D3D11_PRIMITIVE_TOPOLOGY_4_CONTROL_POINT_PATCHLIST, D3D11_MESSAGE_ID_DEVICE_DRAW_HULL_SHADER_INPUT_TOPOLOGY_MISMATCH},
      {"4 control points out, 3 into the domain shader", hsQuad.get(), dsTri.get(),
       D3D11_PRIMITIVE_TOPOLOGY_4_CONTROL_POINT_PATCHLIST, D3D11_MESSAGE_ID_DEVICE_DRAW_HS_DS_CONTROL_POINT_COUNT_MISMATCH},
      {"a tri hull shader and a quad domain shader", hsTri.get(), dsQuadOf3.get(),
       D3D11_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST, D3D11_MESSAGE_ID_DEVICE_DRAW_HS_DS_TESSELLATOR_DOMAIN_MISMATCH},
  };
  for (const Case& k : cases) {
    INFO(k.what);
    d.context->HSSetShader(k.hs, nullptr, 0);
    d.context->DSSetShader(k.ds, nullptr, 0);
    d.context->IASetPrimitiveTopology(k.topology);
    const size_t draws = c.ddiCalls("Draw");
    d.context->Draw(4, 0);
    CHECK(c.ddiCalls("Draw") == draws);
    const std::vector<StoredMessage> m = drainMessages(c.queue.get());
    REQUIRE(m.size() == 1);
    CHECK(m[0].id == k.id);
  }
  // Nothing was drawn; a matching pair then draws.
  for (const std::array<float, 4>& p : t.pixels()) CHECK(p == std::array<float, 4>{0, 0, 0, 0});
  const float factors[4] = {1, 1, 0, 0};
  Com<ID3D11Buffer> cb = makeBuffer(d, factors, sizeof factors, D3D11_BIND_CONSTANT_BUFFER);
  ID3D11Buffer* cbs[] = {cb.get()};
  d.context->HSSetConstantBuffers(0, 1, cbs);
  d.context->HSSetShader(hsQuad.get(), nullptr, 0);
  d.context->DSSetShader(dsQuad.get(), nullptr, 0);
  d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_4_CONTROL_POINT_PATCHLIST);
  d.context->Draw(4, 0);
  CHECK(drainMessages(c.queue.get()).empty());
  CHECK(t.pixels()[4 * 8 + 4][3] == 1.0f);
  // A valid draw's verdict holds only until a stage or the topology it checked changes.
  const size_t valid = c.ddiCalls("Draw");
  d.context->Draw(4, 0);
  CHECK(c.ddiCalls("Draw") == valid + 1);
  auto dropped = [&](D3D11_MESSAGE_ID id) {
    const size_t before = c.ddiCalls("Draw");
    d.context->Draw(4, 0);
    CHECK(c.ddiCalls("Draw") == before);
    const std::vector<StoredMessage> m = drainMessages(c.queue.get());
    REQUIRE(m.size() == 1);
    CHECK(m[0].id == id);
  };
  auto draws = [&](size_t expected) {
    d.context->Draw(4, 0);
    CHECK(c.ddiCalls("Draw") == expected);
    CHECK(drainMessages(c.queue.get()).empty());
  };
  d.context->DSSetShader(dsTri.get(), nullptr, 0);
  dropped(D3D11_MESSAGE_ID_DEVICE_DRAW_HS_DS_CONTROL_POINT_COUNT_MISMATCH);
  d.context->DSSetShader(dsQuad.get(), nullptr, 0);
  draws(valid + 2);
  d.context->HSSetShader(nullptr, nullptr, 0);
  dropped(D3D11_MESSAGE_ID_DEVICE_DRAW_HS_XOR_DS_MISMATCH);
  d.context->HSSetShader(hsQuad.get(), nullptr, 0);
  draws(valid + 3);
  d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST);
  dropped(D3D11_MESSAGE_ID_DEVICE_DRAW_HULL_SHADER_INPUT_TOPOLOGY_MISMATCH);
  d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_4_CONTROL_POINT_PATCHLIST);
  draws(valid + 4);
  // ClearState unbinds both stages (the driver sees it).
  const size_t hsSets = c.ddiCalls("HsSetShader"), dsSets = c.ddiCalls("DsSetShader");
  d.context->ClearState();
  Com<ID3D11HullShader> none;
  d.context->HSGetShader(none.out(), nullptr, nullptr);
  CHECK(none.get() == nullptr);
  CHECK(c.ddiCalls("HsSetShader") == hsSets + 1);
  CHECK(c.ddiCalls("DsSetShader") == dsSets + 1);
}

TEST_CASE("hull and domain shader bytecode of another stage is refused with the debug layer's message",
          "[draw][tessellation][errors]") {
  Checked c;
  RenderDevice& d = c.d;
  const std::vector<uint8_t> vs = assembled(kVsColor), hs = assembled(kHsTri);
  Com<ID3D11HullShader> h;
  Com<ID3D11DomainShader> ds;
  CHECK(d->CreateHullShader(vs.data(), vs.size(), nullptr, h.out()) == E_INVALIDARG);
  std::vector<StoredMessage> m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 1);
  CHECK(m[0].id == D3D11_MESSAGE_ID_CREATEHULLSHADER_INVALIDSHADERBYTECODE);
  CHECK(d->CreateDomainShader(hs.data(), hs.size(), nullptr, ds.out()) == E_INVALIDARG);
  m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 1);
  CHECK(m[0].id == D3D11_MESSAGE_ID_CREATEDOMAINSHADER_INVALIDSHADERBYTECODE);
  CHECK(c.ddiCalls("CreateHullShader") == 0);
  CHECK(c.ddiCalls("CreateDomainShader") == 0);
}

TEST_CASE("conservative fallback: a tessellated quad patch lights exactly the Tier 3 sets of its triangles, with "
          "the domain shader's attributes",
          "[draw][tessellation][conservative][fallback]") {
  ForceConservativeFallback fallback;
  Checked c;
  RenderDevice& d = c.d;
  constexpr int kSize = 32;
  DrawTarget t(d, kSize, kSize);
  // Corners on the 16.8 grid: every tessellated vertex (u, v in quarters) is
  // exact, so the 32 triangles of the 4×4 grid tile the rectangle exactly and
  // their Tier 3 sets together are those of any two triangles tiling it.
  const double x0 = 4.25, x1 = 28.25, y0 = 3.25, y1 = 27.25;
  const Vertex patch[4] = {at(x0, y0, kSize, kSize), at(x1, y0, kSize, kSize), at(x1, y1, kSize, kSize),
                           at(x0, y1, kSize, kSize)};
  Com<ID3D11Buffer> vb = makeBuffer(d, patch, sizeof patch, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  Com<ID3D11HullShader> hs = hullShader(d, kHsQuad);
  Com<ID3D11DomainShader> ds = domainShader(d, kDsQuad);
  const float factors[4] = {4, 4, 0, 0};
  Com<ID3D11Buffer> cb = makeBuffer(d, factors, sizeof factors, D3D11_BIND_CONSTANT_BUFFER);
  ID3D11Buffer* cbs[] = {cb.get()};
  d.context->HSSetConstantBuffers(0, 1, cbs);
  d.context->HSSetShader(hs.get(), nullptr, 0);
  d.context->DSSetShader(ds.get(), nullptr, 0);
  Com<ID3D11RasterizerState2> state = conservativeState(d);
  d.context->RSSetState(state.get());
  d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_4_CONTROL_POINT_PATCHLIST);
  d.context->Draw(4, 0);

  raster::ScreenTriangle upper, lower;
  upper.v[0] = {float(x0), float(y0)}, upper.v[1] = {float(x1), float(y0)}, upper.v[2] = {float(x1), float(y1)};
  lower.v[0] = {float(x0), float(y0)}, lower.v[1] = {float(x1), float(y1)}, lower.v[2] = {float(x0), float(y1)};
  std::set<std::pair<int, int>> expected = conservativePixels(upper, false, kSize);
  for (const auto& pixel : conservativePixels(lower, false, kSize)) expected.insert(pixel);

  const auto px = t.pixels();
  std::set<std::pair<int, int>> lit;
  const double cell = (x1 - x0) / 4;  // the grid's cells (x and y alike)
  for (int y = 0; y < kSize; ++y)
    for (int x = 0; x < kSize; ++x) {
      const std::array<float, 4>& p = px[size_t(y) * kSize + x];
      if (p[3] == 0) continue;
      lit.insert({x, y});
      // Inside one cell of the grid, any of its triangles interpolates (u², v²) piecewise linearly.
      const bool oneCell = x >= x0 && x + 1 <= x1 && y >= y0 && y + 1 <= y1 &&
                           std::floor((x - x0) / cell) == std::floor((x + 1 - x0) / cell) &&
                           std::floor((y - y0) / cell) == std::floor((y + 1 - y0) / cell);
      if (!oneCell) continue;
      INFO("pixel " << x << "," << y);
      CHECK(std::abs(p[0] - piecewiseSquare((x + 0.5 - x0) / (x1 - x0), 4)) < 2e-3);
      CHECK(std::abs(p[1] - piecewiseSquare((y + 0.5 - y0) / (y1 - y0), 4)) < 2e-3);
    }
  CHECK(lit == expected);
  CHECK(drainMessages(c.queue.get()).empty());
}

namespace {

// PS: SV_Target0 = (SV_PrimitiveID, COLOR.x, 0, 1).
const char kPsPrimitiveId[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// COLOR                    0   xyzw        1     NONE   float   x
// SV_PrimitiveID           0   x           2   PRIMID    uint   x
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_input_ps linear v1.x
dcl_input_ps_sgv constant v2.x, primitive_id
dcl_output o0.xyzw
utof o0.x, v2.x
mov o0.y, v1.x
mov o0.zw, l(0, 0, 0, 1.000000)
ret
)";

// Six quad patches (factors 4: 32 triangles each) side by side, patch k in
// columns [8k, 8k + 8) of a 48×16 target; what each lit pixel shows as
// SV_PrimitiveID, per column, and whether every patch lit some pixel.
void drawSixPatches(bool conservative, std::vector<std::array<float, 4>>* out) {
  Checked c;
  RenderDevice& d = c.d;
  constexpr int kWidth = 48, kHeight = 16;
  DrawTarget t(d, kWidth, kHeight);
  std::vector<Vertex> patches;
  for (int k = 0; k < 6; ++k) {
    const double x0 = 8 * k + 1.25, x1 = 8 * k + 6.75, y0 = 4.25, y1 = 11.75;
    for (const auto& [x, y] : {std::pair{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}) patches.push_back(at(x, y, kWidth, kHeight));
  }
  Com<ID3D11Buffer> vb = makeBuffer(d, patches.data(), UINT(patches.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  Com<ID3D11HullShader> hs = hullShader(d, kHsQuad);
  Com<ID3D11DomainShader> ds = domainShader(d, kDsQuad);
  const std::vector<uint8_t> psCode = assembled(kPsPrimitiveId);
  Com<ID3D11PixelShader> ps;
  REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  const float factors[4] = {4, 4, 0, 0};
  Com<ID3D11Buffer> cb = makeBuffer(d, factors, sizeof factors, D3D11_BIND_CONSTANT_BUFFER);
  ID3D11Buffer* cbs[] = {cb.get()};
  d.context->HSSetConstantBuffers(0, 1, cbs);
  d.context->HSSetShader(hs.get(), nullptr, 0);
  d.context->DSSetShader(ds.get(), nullptr, 0);
  d.context->PSSetShader(ps.get(), nullptr, 0);
  Com<ID3D11RasterizerState2> state;
  if (conservative) {
    state = conservativeState(d);
    d.context->RSSetState(state.get());
  }
  d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_4_CONTROL_POINT_PATCHLIST);
  d.context->Draw(UINT(patches.size()), 0);
  *out = t.pixels();
  CHECK(drainMessages(c.queue.get()).empty());
}

void checkPatchIds(const std::vector<std::array<float, 4>>& px) {
  std::set<int> patchesLit;
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 48; ++x) {
      const std::array<float, 4>& p = px[size_t(y) * 48 + x];
      if (p[3] == 0) continue;
      INFO("pixel " << x << "," << y);
      CHECK(p[0] == float(x / 8));
      patchesLit.insert(x / 8);
    }
  CHECK(patchesLit.size() == 6);
}

}  // namespace

TEST_CASE("SV_PrimitiveID after the tessellator is the patch's, natively and on the conservative fallback (in pieces "
          "too)",
          "[draw][tessellation][conservative][fallback]") {
  std::vector<std::array<float, 4>> px;
  SECTION("native, conservative rasterization off") {
    drawSixPatches(false, &px);
    checkPatchIds(px);
  }
  SECTION("conservative fallback, one piece") {
    ForceConservativeFallback fallback;
    drawSixPatches(true, &px);
    checkPatchIds(px);
  }
  SECTION("conservative fallback, two patches per piece") {
    ForceConservativeFallback fallback;
    // dcl_hs_max_tessfactor 64: at most 2·65² + 8·65 = 8970 triangles per patch (the UMD's bound).
    ScopedEnv pieces{"D3DVK_FALLBACK_PIECE_TRIANGLES", "17940"};
    drawSixPatches(true, &px);
    checkPatchIds(px);
  }
}

TEST_CASE("a geometry shader after the domain shader gets the tessellated triangles", "[draw][tessellation][geometry]") {
  Checked c;
  RenderDevice& d = c.d;
  constexpr UINT kW = 32, kH = 32;
  DrawTarget t(d, kW, kH);
  const std::array<double, 2> a{3.3, 2.2}, b{28.7, 6.1}, cc{9.4, 29.6};
  const Vertex patch[3] = {at(a[0], a[1], kW, kH), at(b[0], b[1], kW, kH), at(cc[0], cc[1], kW, kH)};
  Com<ID3D11Buffer> vb = makeBuffer(d, patch, sizeof patch, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  Com<ID3D11HullShader> hs = hullShader(d, kHsTri);
  Com<ID3D11DomainShader> ds = domainShader(d, kDsTri);
  const std::vector<uint8_t> gsCode = assembled(kGsAfterDs);
  Com<ID3D11GeometryShader> gs;
  REQUIRE(d->CreateGeometryShader(gsCode.data(), gsCode.size(), nullptr, gs.out()) == S_OK);
  const float factors[4] = {3, 3, 0, 0};
  Com<ID3D11Buffer> cb = makeBuffer(d, factors, sizeof factors, D3D11_BIND_CONSTANT_BUFFER);
  ID3D11Buffer* cbs[] = {cb.get()};
  d.context->HSSetConstantBuffers(0, 1, cbs);
  d.context->HSSetShader(hs.get(), nullptr, 0);
  d.context->DSSetShader(ds.get(), nullptr, 0);
  d.context->GSSetShader(gs.get(), nullptr, 0);
  Com<ID3D11BlendState> blend = additiveBlend(d);
  d.context->OMSetBlendState(blend.get(), nullptr, 0xFFFFFFFF);
  d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST);
  d.context->Draw(3, 0);

  // The untessellated triangle's pixels, each once, in the geometry shader's colour (not vDomain's).
  const std::vector<std::array<float, 4>> px = t.pixels();
  size_t covered = 0;
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) {
      const Barycentric l = barycentric(a, b, cc, x + 0.5, y + 0.5);
      if (!l.inside(0.02) && !l.outside(0.02)) continue;
      INFO("pixel " << x << "," << y);
      const std::array<float, 4>& p = px[y * kW + x];
      if (l.outside(0.02)) {
        CHECK(p == std::array<float, 4>{0, 0, 0, 0});
        continue;
      }
      ++covered;
      CHECK(p == std::array<float, 4>{0, 0, 0, 1});
    }
  CHECK(covered > 250);
  CHECK(drainMessages(c.queue.get()).empty());
  CHECK(c.ddiCalls("GsSetShader") == 1);
}

TEST_CASE("isoline tessellation: the density factor's lines, each the detail factor's segments, u along them",
          "[draw][tessellation]") {
  Checked c;
  RenderDevice& d = c.d;
  constexpr UINT kW = 32, kH = 32;
  DrawTarget t(d, kW, kH);
  // From (2, 4.5) to (30, 4.5); a line at v lies v·24 pixels lower (v·1.5 in NDC).
  const Vertex patch[2] = {at(2, 4.5, kW, kH), at(30, 4.5, kW, kH)};
  Com<ID3D11Buffer> vb = makeBuffer(d, patch, sizeof patch, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  Com<ID3D11HullShader> hs = hullShader(d, kHsIsolines);
  Com<ID3D11DomainShader> ds = domainShader(d, kDsIsolines);
  const float hsFactors[4] = {3, 4, 0, 0};  // density 3: lines at v = 0, 1/3, 2/3; detail 4: 4 segments each
  const float dsOffset[4] = {1.5f, 0, 0, 0};
  Com<ID3D11Buffer> hcb = makeBuffer(d, hsFactors, sizeof hsFactors, D3D11_BIND_CONSTANT_BUFFER);
  Com<ID3D11Buffer> dcb = makeBuffer(d, dsOffset, sizeof dsOffset, D3D11_BIND_CONSTANT_BUFFER);
  ID3D11Buffer* hcbs[] = {hcb.get()};
  ID3D11Buffer* dcbs[] = {dcb.get()};
  d.context->HSSetConstantBuffers(0, 1, hcbs);
  d.context->DSSetConstantBuffers(0, 1, dcbs);
  d.context->HSSetShader(hs.get(), nullptr, 0);
  d.context->DSSetShader(ds.get(), nullptr, 0);
  d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_2_CONTROL_POINT_PATCHLIST);
  d.context->Draw(2, 0);

  const std::vector<std::array<float, 4>> px = t.pixels();
  // Rows 4, 12 and 20 hold the lines v = 0, 1/3, 2/3 (row 28, v = 1, is not drawn: D3D's isolines stop short of it).
  for (UINT y = 0; y < kH; ++y) {
    const bool line = y == 4 || y == 12 || y == 20;
    for (UINT x = 0; x < kW; ++x) {
      INFO("pixel " << x << "," << y);
      const std::array<float, 4>& p = px[y * kW + x];
      if (!line || x < 3 || x > 28) {  // (the lines' end pixels depend on the line rasterization rule)
        if (!line) CHECK(p[3] == 0.0f);
        continue;
      }
      CHECK(p[3] == 1.0f);
      CHECK(std::abs(p[0] - (x + 0.5 - 2) / 28) < 0.02);  // u along the line
      CHECK(std::abs(p[1] - (y - 4) / 24.0) < 1e-3);       // the line's v
    }
  }
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("output_point tessellation: one pixel per domain point", "[draw][tessellation]") {
  Checked c;
  RenderDevice& d = c.d;
  constexpr UINT kW = 32, kH = 32;
  DrawTarget t(d, kW, kH);
  // Corners at pixel centres (4, 4), (28, 4), (4, 28): with factors 2 the
  // tessellator's points are the corners, the edge midpoints and the centroid (12, 12).
  const Vertex patch[3] = {at(4.5, 4.5, kW, kH), at(28.5, 4.5, kW, kH), at(4.5, 28.5, kW, kH)};
  Com<ID3D11Buffer> vb = makeBuffer(d, patch, sizeof patch, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  Com<ID3D11HullShader> hs = hullShader(d, replaced(kHsTri, "output_triangle_cw", "output_point").c_str());
  Com<ID3D11DomainShader> ds = domainShader(d, kDsTri);
  const float factors[4] = {2, 2, 0, 0};
  Com<ID3D11Buffer> cb = makeBuffer(d, factors, sizeof factors, D3D11_BIND_CONSTANT_BUFFER);
  ID3D11Buffer* cbs[] = {cb.get()};
  d.context->HSSetConstantBuffers(0, 1, cbs);
  d.context->HSSetShader(hs.get(), nullptr, 0);
  d.context->DSSetShader(ds.get(), nullptr, 0);
  Com<ID3D11BlendState> blend = additiveBlend(d);
  d.context->OMSetBlendState(blend.get(), nullptr, 0xFFFFFFFF);
  d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST);
  d.context->Draw(3, 0);

  const std::set<std::pair<UINT, UINT>> points = {{4, 4}, {28, 4}, {4, 28}, {16, 4}, {16, 16}, {4, 16}, {12, 12}};
  const std::vector<std::array<float, 4>> px = t.pixels();
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(px[y * kW + x][3] == (points.count({x, y}) ? 1.0f : 0.0f));  // each point once
    }
  // The centroid's colour is vDomain = (1/3, 1/3, 1/3).
  CHECK(std::abs(px[12 * kW + 12][0] - 1.0f / 3) < 1e-3);
  CHECK(std::abs(px[12 * kW + 12][1] - 1.0f / 3) < 1e-3);
  CHECK(drainMessages(c.queue.get()).empty());
}
