// tests/draw: geometry shaders through the public D3D11 API on lavapipe, pixels
// read back through staging copies:
//  * layered rendering: an instanced geometry shader (SV_GSInstanceID) writes
//    SV_RenderTargetArrayIndex, each instance lands in its slice of a
//    Texture2DArray view (from its first slice on) and in the W slices of a
//    Texture3D view, coloured from the geometry shader's constant buffer;
//  * viewport arrays: SV_ViewportArrayIndex picks one of two viewports (and scissors);
//  * point sprites: points expanded to exact pixel squares (triangle strips,
//    emit/cut), their size from a geometry-shader SRV, SV_PrimitiveID from
//    vPrim through the geometry shader to the pixel shader;
//  * the rules: a topology that does not feed the geometry shader's input
//    primitive (debug-layer message, no driver draw), bytecode of another
//    stage;
//  * conservative draws through a geometry shader on the fallback (forced on
//    any device; the capture records what the geometry shader emits): an
//    instanced geometry shader swizzling x and y per instance lights exactly
//    the Tier 3 sets of the triangles it emits, with their attributes; point
//    sprites' strips light the Tier 3 sets of their two triangles with the
//    geometry shader's SV_PrimitiveID, also in pieces (primitive numbering
//    kept); SV_ViewportArrayIndex with two viewports bound is dropped with a
//    message while other draws go on.
#include "../render/checked_device.h"
#include "conservative_pixels.h"
#include "draw_test_util.h"

#include <map>
#include <set>

#include <string>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

// Every triangle once per instance (2), into slice SV_GSInstanceID of the bound
// array, its colour multiplied by cb0[SV_GSInstanceID].
const char kGsLayered[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
// SV_RenderTargetArrayIndex     0   x           2  RTINDEX    uint   x
//
gs_5_0
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[2], dynamicIndexed
dcl_input_siv v[3][0].xyzw, position
dcl_input v[3][1].xyzw
dcl_temps 1
dcl_inputprimitive triangle
dcl_stream m0
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output_siv o2.x, rendertarget_array_index
dcl_maxout 3
dcl_gsinstances 2
dcl_input vGSInstanceID
mov r0.z, vGSInstanceID
mov r0.x, l(0)
loop
  uge r0.y, r0.x, l(3)
  breakc_nz r0.y
  mov o0.xyzw, v[r0.x + 0][0].xyzw
  mul o1.xyzw, v[r0.x + 0][1].xyzw, cb0[r0.z + 0].xyzw
  mov o2.x, r0.z
  emit_stream m0
  iadd r0.x, r0.x, l(1)
endloop
ret
)";

// Every triangle once per instance (2), through viewport SV_GSInstanceID, red then blue.
const char kGsViewports[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
// SV_ViewportArrayIndex     0   x           2  VPINDEX    uint   x
//
gs_5_0
dcl_input_siv v[3][0].xyzw, position
dcl_input v[3][1].xyzw
dcl_temps 2
dcl_inputprimitive triangle
dcl_stream m0
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output_siv o2.x, viewport_array_index
dcl_maxout 3
dcl_gsinstances 2
dcl_input vGSInstanceID
mov r0.z, vGSInstanceID
ieq r1.x, r0.z, l(0)
movc r1.xyzw, r1.xxxx, l(1.0, 0, 0, 1.0), l(0, 0, 1.0, 1.0)
mov r0.x, l(0)
loop
  uge r0.y, r0.x, l(3)
  breakc_nz r0.y
  mov o0.xyzw, v[r0.x + 0][0].xyzw
  mov o1.xyzw, r1.xyzw
  mov o2.x, r0.z
  emit_stream m0
  iadd r0.x, r0.x, l(1)
endloop
ret
)";

// Every triangle once per instance (2): instance 0 as it is, instance 1 with x
// and y swapped (a projection onto another axis, as a voxelizer's dominant-axis
// geometry shader does); COLOR = (COLOR.x, SV_GSInstanceID, COLOR.z, 1).
const char kGsSwizzle[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
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
dcl_temps 2
dcl_inputprimitive triangle
dcl_stream m0
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_maxout 3
dcl_gsinstances 2
dcl_input vGSInstanceID
mov r0.z, vGSInstanceID
utof r1.y, vGSInstanceID
mov r0.x, l(0)
loop
  uge r0.y, r0.x, l(3)
  breakc_nz r0.y
  mov r1.zw, v[r0.x + 0][0].xxxy
  movc o0.xy, r0.zzzz, r1.wzww, r1.zwzz
  mov o0.zw, v[r0.x + 0][0].zzzw
  mov o1.xz, v[r0.x + 0][1].xxzx
  mov o1.y, r1.y
  mov o1.w, l(1.000000)
  emit_stream m0
  iadd r0.x, r0.x, l(1)
endloop
ret
)";

// Each point becomes a square of t0[0] NDC units a side (its lower left corner
// at the point; corners (0,0), (0,1), (1,0), (1,1): clockwise, front-facing
// under the default rasterizer state), passing vPrim on as SV_PrimitiveID.
const char kGsSprites[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xy
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// SV_PrimitiveID           0   x           1   PRIMID    uint   x
//
gs_4_0
dcl_resource_buffer (float,float,float,float) t0
dcl_input_siv v[1][0].xy, position
dcl_input vPrim
dcl_temps 3
dcl_inputprimitive point
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output_sgv o1.x, primitive_id
dcl_maxout 4
ld r2.x, l(0, 0, 0, 0), t0.xyzw
mov r0.x, l(0)
loop
  uge r0.y, r0.x, l(4)
  breakc_nz r0.y
  and r1.xy, r0.xxxx, l(2, 1, 0, 0)
  umin r1.xy, r1.xyxx, l(1, 1, 0, 0)
  utof r1.xy, r1.xyxx
  mad o0.xy, r1.xyxx, r2.xxxx, v[0][0].xyxx
  mov o0.zw, l(0, 0, 0, 1.0)
  mov o1.x, vPrim
  emit
  iadd r0.x, r0.x, l(1)
endloop
cut
ret
)";

// PS: SV_Target0 (uint) = SV_PrimitiveID + 1.
const char kPsPrimitiveId[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// SV_PrimitiveID           0   x           1   PRIMID    uint   x
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   x           0   TARGET    uint   x
//
ps_5_0
dcl_input_ps_sgv constant v1.x, primitive_id
dcl_output o0.x
iadd o0.x, v1.x, l(1)
ret
)";

Com<ID3D11GeometryShader> geometryShader(RenderDevice& d, const char* listing) {
  const std::vector<uint8_t> code = assembled(listing);
  Com<ID3D11GeometryShader> gs;
  REQUIRE(d->CreateGeometryShader(code.data(), code.size(), nullptr, gs.out()) == S_OK);
  return gs;
}

// A full-screen white triangle.
Com<ID3D11Buffer> coverAll(DrawTarget& t) {
  const Vertex cover[3] = {{-1, -1, 1, 1, 1, 1}, {-1, 3, 1, 1, 1, 1}, {3, -1, 1, 1, 1, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(t.d, cover, sizeof cover, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  return vb;
}

using Texel = std::array<float, 4>;

}  // namespace

TEST_CASE("layered rendering: an instanced geometry shader writes each instance into its slice of a "
          "Texture2DArray view and of a Texture3D view",
          "[draw][geometry][layered]") {
  Checked c;
  RenderDevice& d = c.d;
  DrawTarget t(d, 4, 4);
  Com<ID3D11Buffer> vb = coverAll(t);
  Com<ID3D11GeometryShader> gs = geometryShader(d, kGsLayered);
  const float colours[2][4] = {{1, 0, 0, 1}, {0, 0, 1, 1}};
  Com<ID3D11Buffer> cb = makeBuffer(d, colours, sizeof colours, D3D11_BIND_CONSTANT_BUFFER);
  ID3D11Buffer* cbs[] = {cb.get()};
  d.context->GSSetConstantBuffers(0, 1, cbs);
  d.context->GSSetShader(gs.get(), nullptr, 0);

  // Slices 1 and 2 of a 3-slice array through a view of them; slice 0 keeps its clear.
  LayeredArrayTarget layers(d, {0.5f, 0.5f, 0.5f, 0.5f});
  d.context->Draw(3, 0);
  layers.checkSlices(d, {{0.5f, 0.5f, 0.5f, 0.5f}, {1, 0, 0, 1}, {0, 0, 1, 1}});

  // W slices 2 and 3 of a 4-deep Texture3D.
  const float grey[4] = {0.5f, 0.5f, 0.5f, 0.5f};
  D3D11_RENDER_TARGET_VIEW_DESC rv{};
  rv.Format = DXGI_FORMAT_R32G32B32A32_FLOAT;
  D3D11_TEXTURE3D_DESC vd{4, 4, 4, 1, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0};
  Com<ID3D11Texture3D> volume;
  REQUIRE(d->CreateTexture3D(&vd, nullptr, volume.out()) == S_OK);
  Com<ID3D11RenderTargetView> wholeVolume, back;
  REQUIRE(d->CreateRenderTargetView(volume.get(), nullptr, wholeVolume.out()) == S_OK);
  d.context->ClearRenderTargetView(wholeVolume.get(), grey);
  rv.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE3D;
  rv.Texture3D = {0, 2, 2};
  REQUIRE(d->CreateRenderTargetView(volume.get(), &rv, back.out()) == S_OK);
  ID3D11RenderTargetView* views[] = {back.get()};
  d.context->OMSetRenderTargets(1, views, nullptr);
  d.context->Draw(3, 0);
  const std::vector<uint8_t> texels = readback(d, volume.get());
  const Texel expectedW[4] = {{0.5f, 0.5f, 0.5f, 0.5f}, {0.5f, 0.5f, 0.5f, 0.5f}, {1, 0, 0, 1}, {0, 0, 1, 1}};
  for (UINT z = 0; z < 4; ++z)
    for (UINT i = 0; i < 16; ++i) {
      INFO("W slice " << z << " texel " << i);
      CHECK(texelAt<Texel>(texels, z * 16 + i) == expectedW[z]);
    }

  // The DDI saw the geometry shader and its constant buffer.
  CHECK(c.ddiCalls("CreateGeometryShader") == 1);
  CHECK(c.ddiCalls("GsSetShader") >= 1);
  CHECK(c.ddiCalls("GsSetConstantBuffers") >= 1);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("viewport arrays: SV_ViewportArrayIndex from the geometry shader picks the viewport and scissor",
          "[draw][geometry][viewports]") {
  Checked c;
  RenderDevice& d = c.d;
  DrawTarget t(d, 8, 4);
  Com<ID3D11Buffer> vb = coverAll(t);
  Com<ID3D11GeometryShader> gs = geometryShader(d, kGsViewports);
  d.context->GSSetShader(gs.get(), nullptr, 0);
  const D3D11_VIEWPORT vps[2] = {{0, 0, 4, 4, 0, 1}, {4, 0, 4, 4, 0, 1}};
  d.context->RSSetViewports(2, vps);
  d.context->Draw(3, 0);
  std::vector<Texel> px = t.pixels();
  for (UINT y = 0; y < 4; ++y)
    for (UINT x = 0; x < 8; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(px[y * 8 + x] == (x < 4 ? Texel{1, 0, 0, 1} : Texel{0, 0, 1, 1}));
    }

  // With scissors: rectangle i clips viewport i (the top row of the left half, the right column).
  D3D11_RASTERIZER_DESC rd{D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0, TRUE, TRUE, FALSE, FALSE};
  Com<ID3D11RasterizerState> scissored;
  REQUIRE(d->CreateRasterizerState(&rd, scissored.out()) == S_OK);
  d.context->RSSetState(scissored.get());
  const D3D11_RECT rects[2] = {{0, 0, 4, 1}, {7, 0, 8, 4}};
  d.context->RSSetScissorRects(2, rects);
  const float black[4] = {0, 0, 0, 0};
  d.context->ClearRenderTargetView(t.rtv.get(), black);
  d.context->Draw(3, 0);
  px = t.pixels();
  for (UINT y = 0; y < 4; ++y)
    for (UINT x = 0; x < 8; ++x) {
      INFO("pixel " << x << "," << y);
      const Texel want = x < 4 && y == 0 ? Texel{1, 0, 0, 1} : x == 7 ? Texel{0, 0, 1, 1} : Texel{0, 0, 0, 0};
      CHECK(px[y * 8 + x] == want);
    }
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("point sprites: a geometry shader expands points to exact pixel squares, its size from a GS SRV, "
          "SV_PrimitiveID passed to the pixel shader",
          "[draw][geometry][sprites]") {
  Checked c;
  RenderDevice& d = c.d;
  constexpr UINT kW = 16, kH = 16;
  D3D11_TEXTURE2D_DESC td = texture2DDesc(kW, kH, DXGI_FORMAT_R32_UINT, D3D11_BIND_RENDER_TARGET);
  Com<ID3D11Texture2D> target;
  REQUIRE(d->CreateTexture2D(&td, nullptr, target.out()) == S_OK);
  Com<ID3D11RenderTargetView> rtv;
  REQUIRE(d->CreateRenderTargetView(target.get(), nullptr, rtv.out()) == S_OK);
  const float zero[4] = {0, 0, 0, 0};
  d.context->ClearRenderTargetView(rtv.get(), zero);
  ID3D11RenderTargetView* views[] = {rtv.get()};
  d.context->OMSetRenderTargets(1, views, nullptr);
  const D3D11_VIEWPORT vp{0, 0, float(kW), float(kH), 0, 1};
  d.context->RSSetViewports(1, &vp);

  const std::vector<uint8_t> vsCode = assembled(kVsPosition), psCode = assembled(kPsPrimitiveId);
  Com<ID3D11VertexShader> vs;
  Com<ID3D11PixelShader> ps;
  REQUIRE(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
  REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  const D3D11_INPUT_ELEMENT_DESC element{"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0};
  Com<ID3D11InputLayout> layout;
  REQUIRE(d->CreateInputLayout(&element, 1, vsCode.data(), vsCode.size(), layout.out()) == S_OK);
  Com<ID3D11GeometryShader> gs = geometryShader(d, kGsSprites);
  // The square's side, 4 pixels: 0.5 NDC units on a 16-pixel target.
  const float side[4] = {0.5f, 0, 0, 0};
  Com<ID3D11Buffer> sideBuffer = makeBuffer(d, side, sizeof side, D3D11_BIND_SHADER_RESOURCE);
  D3D11_SHADER_RESOURCE_VIEW_DESC sv{};
  sv.Format = DXGI_FORMAT_R32_FLOAT;
  sv.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
  sv.Buffer.FirstElement = 0;
  sv.Buffer.NumElements = 4;
  Com<ID3D11ShaderResourceView> sideView;
  REQUIRE(d->CreateShaderResourceView(sideBuffer.get(), &sv, sideView.out()) == S_OK);
  ID3D11ShaderResourceView* srvs[] = {sideView.get()};
  d.context->GSSetShaderResources(0, 1, srvs);
  // Points at pixels (2, 12) and (9, 6) (lower-left corners in NDC).
  const float points[4] = {2 / 8.0f - 1, 1 - 12 / 8.0f, 9 / 8.0f - 1, 1 - 6 / 8.0f};
  Com<ID3D11Buffer> vb = makeBuffer(d, points, sizeof points, D3D11_BIND_VERTEX_BUFFER);
  ID3D11Buffer* b = vb.get();
  const UINT stride = 8, offset = 0;
  d.context->IASetVertexBuffers(0, 1, &b, &stride, &offset);
  d.context->IASetInputLayout(layout.get());
  d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
  d.context->VSSetShader(vs.get(), nullptr, 0);
  d.context->GSSetShader(gs.get(), nullptr, 0);
  d.context->PSSetShader(ps.get(), nullptr, 0);
  d.context->Draw(2, 0);

  const std::vector<uint8_t> texels = readback(d, target.get());
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) {
      INFO("pixel " << x << "," << y);
      const bool first = x >= 2 && x < 6 && y >= 8 && y < 12, second = x >= 9 && x < 13 && y >= 2 && y < 6;
      CHECK(texelAt<uint32_t>(texels, y * kW + x) == (first ? 1u : second ? 2u : 0u));
    }
  CHECK(c.ddiCalls("GsSetShaderResources") >= 1);
  CHECK(drainMessages(c.queue.get()).empty());

  // A topology that does not feed the geometry shader's input primitive: reported, no driver draw.
  const size_t draws = c.ddiCalls("Draw");
  d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  d.context->Draw(3, 0);
  CHECK(c.ddiCalls("Draw") == draws);
  std::vector<StoredMessage> m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 1);
  CHECK(m[0].id == D3D11_MESSAGE_ID_DEVICE_DRAW_GS_INPUT_PRIMITIVE_MISMATCH);
  // Unbinding the geometry shader draws the triangle list again.
  d.context->GSSetShader(nullptr, nullptr, 0);
  d.context->Draw(3, 0);
  CHECK(c.ddiCalls("Draw") == draws + 1);
  CHECK(drainMessages(c.queue.get()).empty());
  // Binding it again is checked again: a draw's verdict holds only while its shaders stay bound.
  d.context->Draw(3, 0);
  CHECK(c.ddiCalls("Draw") == draws + 2);
  d.context->GSSetShader(gs.get(), nullptr, 0);
  d.context->Draw(3, 0);
  CHECK(c.ddiCalls("Draw") == draws + 2);
  m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 1);
  CHECK(m[0].id == D3D11_MESSAGE_ID_DEVICE_DRAW_GS_INPUT_PRIMITIVE_MISMATCH);
  d.context->GSSetShader(nullptr, nullptr, 0);

  // Bytecode of another stage is not a geometry shader.
  Com<ID3D11GeometryShader> wrong;
  CHECK(d->CreateGeometryShader(vsCode.data(), vsCode.size(), nullptr, wrong.out()) == E_INVALIDARG);
  m = drainMessages(c.queue.get());
  REQUIRE(!m.empty());
  CHECK(m[0].id == D3D11_MESSAGE_ID_CREATEGEOMETRYSHADER_INVALIDSHADERBYTECODE);
}

// The Tier 3 pixels of a triangle given in NDC on a size×size target.
std::set<std::pair<int, int>> tier3(const float (&ndc)[3][2], int size) {
  raster::ScreenTriangle tri;
  for (int k = 0; k < 3; ++k) {
    const std::array<double, 2> p = toScreen(ndc[k][0], ndc[k][1], UINT(size), UINT(size));
    tri.v[k] = {float(p[0]), float(p[1])};
  }
  return conservativePixels(tri, false, size);
}

TEST_CASE("conservative fallback: an instanced geometry shader's triangles light exactly their Tier 3 sets, "
          "with the attributes it wrote",
          "[draw][geometry][conservative][fallback]") {
  ForceConservativeFallback fallback;
  Checked c;
  RenderDevice& d = c.d;
  constexpr int kSize = 32;
  DrawTarget t(d, kSize, kSize);
  // Off-grid triangles in the top-left quadrant (x < 0 < y in NDC): their
  // swizzled copies land in the bottom-right one, so the sets do not overlap.
  const float triangles[3][3][2] = {
      {{-0.93f, 0.12f}, {-0.41f, 0.87f}, {-0.22f, 0.31f}},
      {{-0.97f, 0.95f}, {-0.05f, 0.91f}, {-0.90f, 0.83f}},  // thin and long
      {{-0.61f, 0.52f}, {-0.58f, 0.55f}, {-0.60f, 0.57f}},  // smaller than a pixel
  };
  std::vector<Vertex> vertices;
  for (const auto& tri : triangles)
    for (const auto& v : tri) vertices.push_back({v[0], v[1], 0.25f, 1, 0.75f, 1});
  Com<ID3D11Buffer> vb = makeBuffer(d, vertices.data(), UINT(vertices.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  Com<ID3D11GeometryShader> gs = geometryShader(d, kGsSwizzle);
  Com<ID3D11RasterizerState2> state = conservativeState(d);
  d.context->RSSetState(state.get());
  d.context->GSSetShader(gs.get(), nullptr, 0);
  d.context->Draw(UINT(vertices.size()), 0);

  std::map<std::pair<int, int>, float> expected;  // pixel → SV_GSInstanceID
  for (const auto& tri : triangles) {
    float swizzled[3][2];
    for (int k = 0; k < 3; ++k) swizzled[k][0] = tri[k][1], swizzled[k][1] = tri[k][0];
    for (const auto& pixel : tier3(tri, kSize)) expected[pixel] = 0;
    for (const auto& pixel : tier3(swizzled, kSize)) expected[pixel] = 1;
  }
  const auto px = t.pixels();
  std::map<std::pair<int, int>, float> lit;
  for (int y = 0; y < kSize; ++y)
    for (int x = 0; x < kSize; ++x) {
      const Texel& p = px[size_t(y) * kSize + x];
      if (p[3] == 0) continue;
      lit[{x, y}] = p[1];
      INFO("pixel " << x << "," << y);
      CHECK(p[0] == Approx(0.25).margin(1e-5));  // constant attributes, interpolated
      CHECK(p[2] == Approx(0.75).margin(1e-5));
    }
  CHECK(lit == expected);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("conservative fallback: point sprites from a geometry shader light their two triangles' Tier 3 sets "
          "with the geometry shader's SV_PrimitiveID",
          "[draw][geometry][conservative][fallback]") {
  // Under D3DVK_FALLBACK_PIECE_TRIANGLES=3 (the [fallback] re-run) each point
  // is its own piece: the second keeps primitive id 1.
  ForceConservativeFallback fallback;
  Checked c;
  RenderDevice& d = c.d;
  constexpr int kSize = 16;
  D3D11_TEXTURE2D_DESC td = texture2DDesc(kSize, kSize, DXGI_FORMAT_R32_UINT, D3D11_BIND_RENDER_TARGET);
  Com<ID3D11Texture2D> target;
  REQUIRE(d->CreateTexture2D(&td, nullptr, target.out()) == S_OK);
  Com<ID3D11RenderTargetView> rtv;
  REQUIRE(d->CreateRenderTargetView(target.get(), nullptr, rtv.out()) == S_OK);
  const float zero[4] = {0, 0, 0, 0};
  d.context->ClearRenderTargetView(rtv.get(), zero);
  ID3D11RenderTargetView* views[] = {rtv.get()};
  d.context->OMSetRenderTargets(1, views, nullptr);
  const D3D11_VIEWPORT vp{0, 0, float(kSize), float(kSize), 0, 1};
  d.context->RSSetViewports(1, &vp);
  const std::vector<uint8_t> vsCode = assembled(kVsPosition), psCode = assembled(kPsPrimitiveId);
  Com<ID3D11VertexShader> vs;
  Com<ID3D11PixelShader> ps;
  REQUIRE(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
  REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  const D3D11_INPUT_ELEMENT_DESC element{"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0};
  Com<ID3D11InputLayout> layout;
  REQUIRE(d->CreateInputLayout(&element, 1, vsCode.data(), vsCode.size(), layout.out()) == S_OK);
  Com<ID3D11GeometryShader> gs = geometryShader(d, kGsSprites);
  // Squares 0.3 NDC units (2.4 px) a side, off the pixel grid.
  const float side[4] = {0.3f, 0, 0, 0};
  Com<ID3D11Buffer> sideBuffer = makeBuffer(d, side, sizeof side, D3D11_BIND_SHADER_RESOURCE);
  D3D11_SHADER_RESOURCE_VIEW_DESC sv{};
  sv.Format = DXGI_FORMAT_R32_FLOAT;
  sv.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
  sv.Buffer.NumElements = 4;
  Com<ID3D11ShaderResourceView> sideView;
  REQUIRE(d->CreateShaderResourceView(sideBuffer.get(), &sv, sideView.out()) == S_OK);
  ID3D11ShaderResourceView* srvs[] = {sideView.get()};
  d.context->GSSetShaderResources(0, 1, srvs);
  const float points[2][2] = {{-0.71f, -0.46f}, {0.13f, 0.27f}};
  Com<ID3D11Buffer> vb = makeBuffer(d, points, sizeof points, D3D11_BIND_VERTEX_BUFFER);
  ID3D11Buffer* b = vb.get();
  const UINT stride = 8, offset = 0;
  d.context->IASetVertexBuffers(0, 1, &b, &stride, &offset);
  d.context->IASetInputLayout(layout.get());
  d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
  d.context->VSSetShader(vs.get(), nullptr, 0);
  d.context->GSSetShader(gs.get(), nullptr, 0);
  d.context->PSSetShader(ps.get(), nullptr, 0);
  Com<ID3D11RasterizerState2> state = conservativeState(d);
  d.context->RSSetState(state.get());
  d.context->Draw(2, 0);

  // The strip's corners (0,0), (0,1), (1,0), (1,1) of each square: triangles
  // (c0, c1, c2) and (c1, c3, c2).
  std::map<std::pair<int, int>, uint32_t> expected;
  for (uint32_t i = 0; i < 2; ++i) {
    float corner[4][2];
    for (uint32_t k = 0; k < 4; ++k) {
      corner[k][0] = points[i][0] + ((k & 2) ? side[0] : 0.0f);
      corner[k][1] = points[i][1] + ((k & 1) ? side[0] : 0.0f);
    }
    const float first[3][2] = {{corner[0][0], corner[0][1]}, {corner[1][0], corner[1][1]}, {corner[2][0], corner[2][1]}};
    const float second[3][2] = {{corner[1][0], corner[1][1]}, {corner[3][0], corner[3][1]}, {corner[2][0], corner[2][1]}};
    for (const auto& pixel : tier3(first, kSize)) expected[pixel] = i + 1;
    for (const auto& pixel : tier3(second, kSize)) expected[pixel] = i + 1;
  }
  const std::vector<uint8_t> texels = readback(d, target.get());
  std::map<std::pair<int, int>, uint32_t> lit;
  for (int y = 0; y < kSize; ++y)
    for (int x = 0; x < kSize; ++x)
      if (const uint32_t v = texelAt<uint32_t>(texels, size_t(y) * kSize + x)) lit[{x, y}] = v;
  CHECK(lit == expected);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("conservative fallback: a geometry shader writing SV_ViewportArrayIndex with two viewports bound is "
          "dropped, other draws go on",
          "[draw][geometry][conservative][fallback]") {
  ForceConservativeFallback fallback;
  Checked c;
  RenderDevice& d = c.d;
  Com<ID3D11RasterizerState2> conservative = conservativeState(d);
  DrawTarget t(d, 4, 4);
  Com<ID3D11Buffer> vb = coverAll(t);
  Com<ID3D11GeometryShader> gs = geometryShader(d, kGsViewports);
  const D3D11_VIEWPORT vps[2] = {{0, 0, 4, 4, 0, 1}, {0, 0, 4, 4, 0, 1}};
  d.context->RSSetViewports(2, vps);
  d.context->RSSetState(conservative.get());
  d.context->GSSetShader(gs.get(), nullptr, 0);
  d.context->Draw(3, 0);  // dropped by the UMD (logged): the fallback draws into viewport 0 only
  for (const Texel& p : t.pixels()) CHECK(p == Texel{0, 0, 0, 0});
  // With one viewport bound the index selects viewport 0 (D3D: an index out
  // of range uses viewport 0): both instances draw, blue over red.
  d.context->RSSetViewports(1, vps);
  d.context->Draw(3, 0);
  for (const Texel& p : t.pixels()) CHECK(p == Texel{0, 0, 1, 1});
  d.context->RSSetViewports(2, vps);
  d.context->GSSetShader(nullptr, nullptr, 0);
  d.context->Draw(3, 0);  // the conservative fallback draws it
  for (const Texel& p : t.pixels()) CHECK(p == Texel{1, 1, 1, 1});
  CHECK(drainMessages(c.queue.get()).empty());
}
