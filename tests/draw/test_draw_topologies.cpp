// tests/draw: every non-triangle-list topology of D3D11 drawn natively
// (conservative OFF) through the public API on lavapipe, exact pixels read back.
//
// The rules the expected pixels come from (D3D11 functional spec, 3.4):
//  * Points are drawn as a 1×1 pixel square centred on the vertex, rasterized
//    with the triangle rules: a point whose square contains exactly one pixel
//    centre lights exactly that pixel.
//  * Lines (MultisampleEnable and AntialiasedLineEnable FALSE) use the aliased
//    "diamond exit" rule: a pixel is lit when the line leaves the diamond
//    |dx| + |dy| < 1/2 around its centre. For an axis-aligned segment from one
//    pixel centre to another, drawn left to right or top to bottom, that is every
//    pixel from the first one up to, but not including, the last one. (Vulkan's
//    rectangular and Bresenham lines give the same pixels for these segments, so
//    the expectation does not depend on which line mode the device picks; the
//    reverse directions are where the rules differ, so they are not used here.)
//  * Strips: a line strip draws segment i from vertex i to i + 1; an indexed
//    strip restarts at the cut index (0xFFFF for 16-bit, 0xFFFFFFFF for 32-bit).
//  * Adjacency topologies without a geometry shader ignore the adjacency
//    vertices: LINELIST_ADJ draws vertices 1–2 of each group of 4, LINESTRIP_ADJ
//    the strip of vertices 1 … n−2, TRIANGLELIST_ADJ the triangle (0, 2, 4) of
//    each group of 6, and TRIANGLESTRIP_ADJ the strip of the even vertices:
//    triangle i is (2i, 2i+2, 2i+4) for even i and (2i+2, 2i, 2i+4) for odd i, so
//    every triangle of the strip keeps the first one's winding. The adjacency
//    vertices here lie where they would light extra pixels if they were used.
// Triangle expectations are the same triangles drawn as a TRIANGLELIST and
// translate/raster's standard mode (the top-left rule), with facing and culling.
#include "draw_test_util.h"

#include <d3dvk/raster/rasterizer.h>

#include <iterator>
#include <set>
#include <string>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

constexpr UINT kSize = 32;
using PixelSet = std::set<std::pair<int, int>>;

// A vertex at render-target position (px, py) of the 32×32 target, with a colour.
Vertex at(float px, float py, std::array<float, 4> c = {1, 1, 1, 1}) {
  return {px / (kSize / 2.0f) - 1.0f, 1.0f - py / (kSize / 2.0f), c[0], c[1], c[2], c[3]};
}

// The pixel centre of pixel (x, y), as a vertex.
Vertex centre(int x, int y, std::array<float, 4> c = {1, 1, 1, 1}) { return at(x + 0.5f, y + 0.5f, c); }

// The pixels lit by an axis-aligned segment between two pixel centres, drawn left
// to right or top to bottom (the diamond-exit rule: the last pixel stays unlit).
PixelSet segment(int x0, int y0, int x1, int y1) {
  REQUIRE(((x0 == x1 && y0 < y1) || (y0 == y1 && x0 < x1)));
  PixelSet out;
  for (int x = x0, y = y0; x != x1 || y != y1; x += (x1 > x0), y += (y1 > y0)) out.insert({x, y});
  return out;
}

// "(x,y) (x,y) …", for failure messages.
std::string describe(const PixelSet& pixels) {
  std::string out;
  for (const auto& [x, y] : pixels) out += "(" + std::to_string(x) + "," + std::to_string(y) + ") ";
  return out;
}

// CHECKs got == want, naming the missing and the extra pixels when not.
void checkPixels(const PixelSet& got, const PixelSet& want) {
  PixelSet missing, extra;
  std::set_difference(want.begin(), want.end(), got.begin(), got.end(), std::inserter(missing, missing.end()));
  std::set_difference(got.begin(), got.end(), want.begin(), want.end(), std::inserter(extra, extra.end()));
  INFO("missing " << describe(missing) << "; extra " << describe(extra));
  CHECK(got == want);
}

PixelSet unite(std::initializer_list<PixelSet> sets) {
  PixelSet out;
  for (const PixelSet& s : sets) out.insert(s.begin(), s.end());
  return out;
}

Com<ID3D11RasterizerState> cullState(RenderDevice& d, D3D11_CULL_MODE cull) {
  D3D11_RASTERIZER_DESC desc{D3D11_FILL_SOLID, cull, FALSE, 0, 0.0f, 0.0f, TRUE, FALSE, FALSE, FALSE};
  Com<ID3D11RasterizerState> rs;
  REQUIRE(d->CreateRasterizerState(&desc, rs.out()) == S_OK);
  return rs;
}

// The colour-passing target of draw_test_util.h, with draws of whole vertex
// arrays in a topology and what they lit.
struct TopologyTarget : DrawTarget {
  Com<ID3D11Buffer> vertices;
  explicit TopologyTarget(RenderDevice& device) : DrawTarget(device, kSize, kSize) {}

  void setVertices(const std::vector<Vertex>& v) {
    vertices = makeBuffer(d, v.data(), UINT(v.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
    bindVertices(vertices.get());
  }
  // Clears, then draws `v` as `topology`; returns the read-back texels.
  std::vector<std::array<float, 4>> draw(const std::vector<Vertex>& v, D3D11_PRIMITIVE_TOPOLOGY topology) {
    const float black[4] = {0, 0, 0, 0};
    d.context->ClearRenderTargetView(rtv.get(), black);
    setVertices(v);
    d.context->IASetPrimitiveTopology(topology);
    d.context->Draw(UINT(v.size()), 0);
    return pixels();
  }
  // Clears, then draws `indices` (16- or 32-bit) over `v` as `topology`.
  template <typename Index>
  std::vector<std::array<float, 4>> drawIndexed(const std::vector<Vertex>& v, const std::vector<Index>& indices,
                                                D3D11_PRIMITIVE_TOPOLOGY topology) {
    const float black[4] = {0, 0, 0, 0};
    d.context->ClearRenderTargetView(rtv.get(), black);
    setVertices(v);
    Com<ID3D11Buffer> ib =
        makeBuffer(d, indices.data(), UINT(indices.size() * sizeof(Index)), D3D11_BIND_INDEX_BUFFER);
    d.context->IASetIndexBuffer(ib.get(), sizeof(Index) == 2 ? DXGI_FORMAT_R16_UINT : DXGI_FORMAT_R32_UINT, 0);
    d.context->IASetPrimitiveTopology(topology);
    d.context->DrawIndexed(UINT(indices.size()), 0, 0);
    return pixels();
  }
};

PixelSet lit(const std::vector<std::array<float, 4>>& px) {
  PixelSet out;
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x)
      if (px[y * kSize + x] != std::array<float, 4>{0, 0, 0, 0}) out.insert({int(x), int(y)});
  return out;
}

// Every lit pixel has exactly colour `c`.
void checkColour(const std::vector<std::array<float, 4>>& px, std::array<float, 4> c) {
  for (UINT i = 0; i < kSize * kSize; ++i)
    if (px[i] != std::array<float, 4>{0, 0, 0, 0}) {
      INFO("pixel " << i % kSize << "," << i / kSize);
      CHECK(px[i] == c);
    }
}

const std::array<float, 4> kGreen{0, 1, 0, 1}, kRed{1, 0, 0, 1};

}  // namespace

TEST_CASE("POINTLIST: each point lights exactly the one pixel whose centre its 1x1 square contains",
          "[draw][pixels][topology]") {
  RenderDevice d;
  TopologyTarget t(d);
  // On pixel centres, and off-centre: (5.25, 20.75)'s square spans x 4.75–5.75,
  // y 20.25–21.25, which contains only pixel (5, 20)'s centre.
  const std::vector<Vertex> points = {centre(0, 0, kGreen), centre(31, 31, kGreen), centre(7, 3, kGreen),
                                      at(5.25f, 20.75f, kGreen), at(20.75f, 9.25f, kGreen)};
  const auto px = t.draw(points, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
  checkPixels(lit(px), PixelSet{{0, 0}, {31, 31}, {7, 3}, {5, 20}, {20, 9}});
  checkColour(px, kGreen);
  D3D11_PRIMITIVE_TOPOLOGY got{};
  d.context->IAGetPrimitiveTopology(&got);
  CHECK(got == D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
}

TEST_CASE("LINELIST: axis-aligned segments between pixel centres light the diamond-exit pixels",
          "[draw][pixels][topology]") {
  RenderDevice d;
  TopologyTarget t(d);
  const std::vector<Vertex> lines = {centre(2, 3, kGreen),   centre(12, 3, kGreen),   // horizontal, 10 px
                                     centre(20, 2, kGreen),  centre(20, 9, kGreen),   // vertical, 7 px
                                     centre(5, 20, kGreen),  centre(6, 20, kGreen),   // one pixel long
                                     centre(0, 31, kGreen),  centre(31, 31, kGreen),  // the bottom row
                                     centre(25, 12, kGreen), centre(25, 12, kGreen)};  // zero length: nothing
  const auto px = t.draw(lines, D3D11_PRIMITIVE_TOPOLOGY_LINELIST);
  const PixelSet want = unite({segment(2, 3, 12, 3), segment(20, 2, 20, 9), segment(5, 20, 6, 20),
                               segment(0, 31, 31, 31)});
  CHECK(want.size() == 10 + 7 + 1 + 31);
  checkPixels(lit(px), want);
  checkColour(px, kGreen);
}

TEST_CASE("LINESTRIP: segment i joins vertices i and i+1, an indexed strip restarts at the cut index",
          "[draw][pixels][topology]") {
  RenderDevice d;
  TopologyTarget t(d);
  // A staircase going right and down.
  const std::vector<Vertex> stairs = {centre(2, 2), centre(8, 2), centre(8, 8), centre(14, 8), centre(14, 14)};
  const PixelSet stairsLit =
      unite({segment(2, 2, 8, 2), segment(8, 2, 8, 8), segment(8, 8, 14, 8), segment(14, 8, 14, 14)});
  checkPixels(lit(t.draw(stairs, D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP)), stairsLit);

  // Two strips in one vertex buffer: A (0–2) and B (3–5). Without the cut, a
  // diagonal from (8,8) to (18,20) would join them.
  const std::vector<Vertex> v = {centre(2, 2),   centre(8, 2),   centre(8, 8),
                                 centre(18, 20), centre(28, 20), centre(28, 28)};
  const PixelSet want =
      unite({segment(2, 2, 8, 2), segment(8, 2, 8, 8), segment(18, 20, 28, 20), segment(28, 20, 28, 28)});
  SECTION("16-bit indices, cut 0xFFFF") {
    const auto px = t.drawIndexed<uint16_t>(v, {0, 1, 2, 0xFFFF, 3, 4, 5}, D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP);
    checkPixels(lit(px), want);
    checkColour(px, {1, 1, 1, 1});
  }
  SECTION("32-bit indices, cut 0xFFFFFFFF") {
    const auto px =
        t.drawIndexed<uint32_t>(v, {0, 1, 2, 0xFFFFFFFFu, 3, 4, 5}, D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP);
    checkPixels(lit(px), want);
  }
  SECTION("without a cut the strips are joined") {
    const auto px = t.drawIndexed<uint16_t>(v, {0, 1, 2, 3, 4, 5}, D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP);
    const PixelSet joined = lit(px);
    CHECK(std::includes(joined.begin(), joined.end(), want.begin(), want.end()));
    CHECK(joined.size() > want.size() + 8);  // the joining diagonal spans 10 columns and 12 rows
  }
}

TEST_CASE("LINELIST_ADJ and LINESTRIP_ADJ without a geometry shader draw only the non-adjacent vertices",
          "[draw][pixels][topology]") {
  RenderDevice d;
  TopologyTarget t(d);
  // Adjacency vertices in red, in places a line through them would light.
  SECTION("LINELIST_ADJ: vertices 1-2 of each group of 4") {
    const std::vector<Vertex> v = {centre(0, 30, kRed), centre(2, 3, kGreen),  centre(12, 3, kGreen),
                                   centre(30, 30, kRed), centre(31, 0, kRed),  centre(20, 2, kGreen),
                                   centre(20, 9, kGreen), centre(0, 16, kRed)};
    const auto px = t.draw(v, D3D11_PRIMITIVE_TOPOLOGY_LINELIST_ADJ);
    checkPixels(lit(px), unite({segment(2, 3, 12, 3), segment(20, 2, 20, 9)}));
    checkColour(px, kGreen);
  }
  SECTION("LINESTRIP_ADJ: the strip of vertices 1 … n-2") {
    const std::vector<Vertex> v = {centre(0, 30, kRed),    centre(2, 2, kGreen),   centre(8, 2, kGreen),
                                   centre(8, 8, kGreen),   centre(14, 8, kGreen),  centre(14, 14, kGreen),
                                   centre(30, 30, kRed)};
    const auto px = t.draw(v, D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP_ADJ);
    checkPixels(lit(px),
                unite({segment(2, 2, 8, 2), segment(8, 2, 8, 8), segment(8, 8, 14, 8), segment(14, 8, 14, 14)}));
    checkColour(px, kGreen);
  }
}

namespace {

// translate/raster's standard-mode pixels (D3D's top-left rule) of the triangles
// (screen positions), culled as `cull` says with clockwise front faces.
PixelSet standardPixels(const std::vector<raster::ScreenTriangle>& triangles, raster::CullMode cull) {
  raster::RasterizerDrawState state;
  state.mode = raster::RasterMode::Standard;
  state.cull = cull;
  state.clip = {0, 0, int(kSize), int(kSize)};
  PixelSet out;
  for (const raster::ScreenTriangle& tri : triangles) {
    raster::SpanRowArray rows;
    const raster::TriangleCoverage cov = raster::rasterizeTriangle(tri, state, rows);
    for (uint32_t r = 0; r < cov.rowCount; ++r) {
      const raster::RowSubSpans subs = raster::subSpans(rows[r], cov.firstY + int(r));
      for (int k = 0; k < subs.count; ++k)
        for (int x = subs.span[k].xBegin; x < subs.span[k].xEnd; ++x) out.insert({x, subs.span[k].y});
    }
  }
  return out;
}

raster::ScreenTriangle screenTriangle(const Vertex& a, const Vertex& b, const Vertex& c) {
  raster::ScreenTriangle tri;
  const Vertex* v[3] = {&a, &b, &c};
  for (int i = 0; i < 3; ++i) tri.v[i] = {(v[i]->x + 1.0f) * (kSize / 2.0f), (1.0f - v[i]->y) * (kSize / 2.0f)};
  return tri;
}

struct CullCase {
  const char* what;
  D3D11_CULL_MODE d3d;
  raster::CullMode cpu;
};
const CullCase kCullCases[] = {{"CULL_NONE", D3D11_CULL_NONE, raster::CullMode::None},
                               {"CULL_BACK", D3D11_CULL_BACK, raster::CullMode::Back},
                               {"CULL_FRONT", D3D11_CULL_FRONT, raster::CullMode::Front}};

}  // namespace

TEST_CASE("TRIANGLELIST_ADJ without a geometry shader draws the triangles of vertices 0, 2, 4 of each group of 6",
          "[draw][pixels][topology]") {
  RenderDevice d;
  TopologyTarget t(d);
  // Triangle A clockwise on screen (front-facing), B counter-clockwise; vertex
  // positions on the 1/8 px grid, away from pixel centres. The adjacency
  // vertices (red) would turn either triangle into a much larger one.
  const Vertex a0 = at(2.125f, 3.25f, kGreen), a1 = at(14.75f, 5.5f, kGreen), a2 = at(4.375f, 15.875f, kGreen);
  const Vertex b0 = at(18.25f, 17.125f, kGreen), b1 = at(20.625f, 30.375f, kGreen), b2 = at(30.5f, 19.75f, kGreen);
  const std::vector<Vertex> adjacency = {a0, at(31, 0, kRed),  a1, at(31, 31, kRed), a2, at(0, 31, kRed),
                                         b0, at(0, 0, kRed),   b1, at(16, 0, kRed),  b2, at(0, 16, kRed)};
  const std::vector<Vertex> list = {a0, a1, a2, b0, b1, b2};
  const std::vector<raster::ScreenTriangle> triangles = {screenTriangle(a0, a1, a2), screenTriangle(b0, b1, b2)};
  for (const CullCase& k : kCullCases) {
    INFO(k.what);
    Com<ID3D11RasterizerState> rs = cullState(d, k.d3d);
    d.context->RSSetState(rs.get());
    const auto adj = t.draw(adjacency, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ);
    const auto ref = t.draw(list, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    CHECK(adj == ref);
    checkPixels(lit(adj), standardPixels(triangles, k.cpu));
    checkColour(adj, kGreen);
  }
  CHECK(standardPixels(triangles, raster::CullMode::Back).size() > 40);
  CHECK(standardPixels(triangles, raster::CullMode::Front).size() > 40);
  d.context->RSSetState(nullptr);
}

TEST_CASE("TRIANGLESTRIP_ADJ without a geometry shader draws the strip of the even vertices, winding kept",
          "[draw][pixels][topology]") {
  RenderDevice d;
  TopologyTarget t(d);
  // The even vertices: a zig-zag strip of 4 triangles along the top; the first
  // (e0, e1, e2) is clockwise, so every triangle of the strip is front-facing.
  const Vertex e[6] = {at(1.125f, 2.25f, kGreen),   at(7.5f, 1.375f, kGreen),  at(3.875f, 12.625f, kGreen),
                       at(13.25f, 2.5f, kGreen),    at(11.75f, 13.125f, kGreen), at(21.375f, 3.75f, kGreen)};
  const Vertex far[6] = {at(0, 31, kRed), at(31, 31, kRed), at(16, 31, kRed),
                         at(31, 16, kRed), at(24, 28, kRed), at(8, 24, kRed)};
  std::vector<Vertex> strip;
  for (int i = 0; i < 6; ++i) strip.insert(strip.end(), {e[i], far[i]});
  // The same triangles as D3D assembles them: odd triangles swap their first two.
  const std::vector<Vertex> list = {e[0], e[1], e[2], e[2], e[1], e[3], e[2], e[3], e[4], e[4], e[3], e[5]};
  std::vector<raster::ScreenTriangle> triangles;
  for (size_t i = 0; i < list.size(); i += 3) triangles.push_back(screenTriangle(list[i], list[i + 1], list[i + 2]));
  for (const CullCase& k : kCullCases) {
    INFO(k.what);
    Com<ID3D11RasterizerState> rs = cullState(d, k.d3d);
    d.context->RSSetState(rs.get());
    const auto adj = t.draw(strip, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ);
    const auto ref = t.draw(list, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    CHECK(adj == ref);
    checkPixels(lit(adj), standardPixels(triangles, k.cpu));
    checkColour(adj, kGreen);
  }
  CHECK(standardPixels(triangles, raster::CullMode::Back).size() > 80);
  CHECK(standardPixels(triangles, raster::CullMode::Front).empty());  // one facing for the whole strip

  // Indexed, two strips joined by the cut index: the second is a single triangle
  // (6 vertices) near the bottom, counter-clockwise (back-facing).
  const Vertex g[3] = {at(4.25f, 20.5f, kGreen), at(6.125f, 30.75f, kGreen), at(18.625f, 24.375f, kGreen)};
  std::vector<Vertex> v = strip;
  v.insert(v.end(), {g[0], far[0], g[1], far[1], g[2], far[2]});
  std::vector<uint16_t> indices;
  for (uint16_t i = 0; i < 12; ++i) indices.push_back(i);
  indices.push_back(0xFFFF);
  for (uint16_t i = 12; i < 18; ++i) indices.push_back(i);
  std::vector<raster::ScreenTriangle> all = triangles;
  all.push_back(screenTriangle(g[0], g[1], g[2]));
  Com<ID3D11RasterizerState> none = cullState(d, D3D11_CULL_NONE);
  d.context->RSSetState(none.get());
  const auto px = t.drawIndexed<uint16_t>(v, indices, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ);
  checkPixels(lit(px), standardPixels(all, raster::CullMode::None));
  checkColour(px, kGreen);
  d.context->RSSetState(nullptr);  // CULL_BACK: the second strip is back-facing
  const auto culled = t.drawIndexed<uint16_t>(v, indices, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ);
  checkPixels(lit(culled), standardPixels(triangles, raster::CullMode::None));
}
