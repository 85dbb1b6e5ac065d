// tests/draw: the conservative fallback at the edges of its input, through the
// public API — a conservative draw lights a superset of the same draw with
// conservative OFF (huge clip-space coordinates, a vertex at w = +inf); an
// indexed draw far past its index buffer's end (DrawIndexed(UINT_MAX)) and one
// whose base vertex sends every fetch past the vertex buffer are drawn as D3D
// reads them (zeros there), not dropped; triangles clipped at the near plane
// or behind the eye keep every pixel their visible part touches, and a clipped
// triangle is faced and culled as a whole.
#include "../render/checked_device.h"
#include "conservative_pixels.h"
#include "draw_test_util.h"

#include <cmath>
#include <limits>
#include <random>
#include <set>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

constexpr UINT kSize = 64;

// VS: clip-space POSITION (v0) → SV_Position.
const char kVsClip[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xyzw        0     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
//
vs_5_0
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
mov o0.xyzw, v0.xyzw
ret
)";

// PS: SV_Target = (1, SV_IsFrontFace ? 1 : 0, 0, 1).
const char kPsFacing[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// SV_IsFrontFace           0   x           1    FFACE    uint   x
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_input_ps_sgv constant v1.x, is_front_face
dcl_output o0.xyzw
dcl_temps 1
and r0.x, v1.x, l(0x3f800000)
mov o0.xzw, l(1.0,0,0,1.0)
mov o0.y, r0.x
ret
)";

struct ClipVertex {
  float x, y, z, w;
};

// A debug device drawing clip-space triangles into a size² float target with
// conservative ON or OFF (and a cull mode).
struct Scene {
  UINT size;
  ForceConservativeFallback fallback;  // before the device: these cases test the fallback
  Checked c;
  Com<ID3D11Texture2D> texture;
  Com<ID3D11RenderTargetView> rtv;
  Com<ID3D11VertexShader> vs;
  Com<ID3D11PixelShader> ps;
  Com<ID3D11InputLayout> layout;

  explicit Scene(UINT targetSize = kSize) : size(targetSize) {
    RenderDevice& d = c.d;
    D3D11_TEXTURE2D_DESC td = texture2DDesc(size, size, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D11_BIND_RENDER_TARGET);
    REQUIRE(d->CreateTexture2D(&td, nullptr, texture.out()) == S_OK);
    REQUIRE(d->CreateRenderTargetView(texture.get(), nullptr, rtv.out()) == S_OK);
    const std::vector<uint8_t> vsCode = assembled(kVsClip), psCode = assembled(kPsFacing);
    REQUIRE(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
    REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
    const D3D11_INPUT_ELEMENT_DESC element{"POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0,
                                           D3D11_INPUT_PER_VERTEX_DATA, 0};
    REQUIRE(d->CreateInputLayout(&element, 1, vsCode.data(), vsCode.size(), layout.out()) == S_OK);
    ID3D11RenderTargetView* views[] = {rtv.get()};
    d.context->OMSetRenderTargets(1, views, nullptr);
    const D3D11_VIEWPORT vp{0, 0, float(size), float(size), 0, 1};
    d.context->RSSetViewports(1, &vp);
    d.context->IASetInputLayout(layout.get());
    d.context->VSSetShader(vs.get(), nullptr, 0);
    d.context->PSSetShader(ps.get(), nullptr, 0);
    d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  }

  Com<ID3D11RasterizerState2> state(D3D11_CONSERVATIVE_RASTERIZATION_MODE mode, D3D11_CULL_MODE cull = D3D11_CULL_NONE,
                                    BOOL depthClip = TRUE) {
    Com<ID3D11Device3> device3;
    REQUIRE(c.d->QueryInterface(__uuidof(ID3D11Device3), reinterpret_cast<void**>(device3.out())) == S_OK);
    const D3D11_RASTERIZER_DESC2 desc{D3D11_FILL_SOLID, cull, FALSE, 0, 0.0f, 0.0f, depthClip, FALSE, FALSE, FALSE, 0,
                                      mode};
    Com<ID3D11RasterizerState2> s;
    REQUIRE(device3->CreateRasterizerState2(&desc, s.out()) == S_OK);
    return s;
  }

  void bind(const std::vector<ClipVertex>& vertices, Com<ID3D11Buffer>& keep) {
    keep = makeBuffer(c.d, vertices.data(), UINT(vertices.size() * sizeof(ClipVertex)), D3D11_BIND_VERTEX_BUFFER);
    ID3D11Buffer* buffers[] = {keep.get()};
    const UINT stride = sizeof(ClipVertex), offset = 0;
    c.d.context->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
  }

  // Clears, runs `draw` with `rs`, returns the lit pixels (alpha written) and their facing (green).
  std::set<std::pair<int, int>> lit(ID3D11RasterizerState2* rs, const std::function<void()>& draw,
                                    std::set<std::pair<int, int>>* front = nullptr) {
    const float clear[4] = {0, 0, 0, 0};
    c.d.context->ClearRenderTargetView(rtv.get(), clear);
    c.d.context->RSSetState(rs);
    draw();
    const std::vector<uint8_t> raw = readback(c.d, texture.get());
    std::set<std::pair<int, int>> out;
    for (UINT y = 0; y < size; ++y)
      for (UINT x = 0; x < size; ++x) {
        const size_t texel = (size_t(y) * size + x) * 4;
        if (texelAt<float>(raw, texel + 3) != 0) {
          out.insert({int(x), int(y)});
          if (front && texelAt<float>(raw, texel + 1) != 0) front->insert({int(x), int(y)});
        }
      }
    return out;
  }
};

bool subset(const std::set<std::pair<int, int>>& a, const std::set<std::pair<int, int>>& b) {
  for (const auto& p : a)
    if (!b.count(p)) {
      UNSCOPED_INFO("pixel (" << p.first << "," << p.second << ") is lit with conservative OFF but not ON");
      return false;
    }
  return true;
}

}  // namespace

TEST_CASE("conservative fallback: huge clip-space coordinates and w = +inf light a superset of the OFF draw",
          "[draw][conservative][fallback][limits]") {
  Scene s;
  const Com<ID3D11RasterizerState2> on = s.state(D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON);
  const Com<ID3D11RasterizerState2> off = s.state(D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF);
  const float inf = std::numeric_limits<float>::infinity();
  const std::vector<std::vector<ClipVertex>> cases = {
      {{-1e15f, -1e15f, 0.5f, 1}, {1e15f, -1e15f, 0.5f, 1}, {0, 1e15f, 0.5f, 1}},     // covers the target
      {{-1e20f, -1e20f, 0.5f, 1}, {1e20f, -1e20f, 0.5f, 1}, {0, 1e20f, 0.5f, 1}},
      {{-3e15f, 0.1f, 0.5f, 1}, {0.2f, 0.25f, 0.5f, 1}, {0.3f, -2e15f, 0.5f, 1}},    // one vertex near, two huge
      {{0.5f, 0.5f, 0.5f, inf}, {-0.8f, -0.8f, 0.5f, 1}, {0.8f, -0.6f, 0.5f, 1}},     // w = +inf: at the centre
      {{-0.8f, 0.7f, 0.5f, 1}, {0.9f, 0.8f, 0.5f, inf}, {0.1f, -0.9f, 0.5f, 1}},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    INFO("case " << i);
    Com<ID3D11Buffer> vb;
    s.bind(cases[i], vb);
    const auto draw = [&] { s.c.d.context->Draw(3, 0); };
    const std::set<std::pair<int, int>> offLit = s.lit(off.get(), draw), onLit = s.lit(on.get(), draw);
    CHECK(!offLit.empty());
    CHECK(subset(offLit, onLit));
  }
}

TEST_CASE("conservative fallback: DrawIndexed far past the index buffer draws what the buffer holds, not dropped",
          "[draw][conservative][fallback][limits][long]") {
  // [long]: the whole-program reruns of the [fallback] cases (tests/draw/CMakeLists.txt) leave it out.
  // The native DrawIndexed(0xFFFFFFFF) below is four billion zero indices: ~45 s
  // on lavapipe, more than D3DVK_GPU_TIMEOUT_MS's default minute on a loaded
  // machine. (Read when the Vulkan device is made: before the scene's device.)
  const ScopedEnv timeout{"D3DVK_GPU_TIMEOUT_MS", "600000"};
  Scene s;
  const Com<ID3D11RasterizerState2> on = s.state(D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON);
  const Com<ID3D11RasterizerState2> off = s.state(D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF);
  // Two triangles on the 1/256 grid (pixels: NDC·32 + 32).
  const std::vector<ClipVertex> vertices = {{-0.75f, 0.75f, 0.5f, 1},  {0.25f, 0.75f, 0.5f, 1},  {-0.75f, -0.25f, 0.5f, 1},
                                            {0.5f, -0.25f, 0.5f, 1},   {0.75f, -0.75f, 0.5f, 1}, {0.0f, -0.75f, 0.5f, 1}};
  Com<ID3D11Buffer> vb;
  s.bind(vertices, vb);
  const uint16_t indices[] = {1, 2, 0, 3, 4, 5};
  Com<ID3D11Buffer> ib = makeBuffer(s.c.d, indices, sizeof indices, D3D11_BIND_INDEX_BUFFER);
  s.c.d.context->IASetIndexBuffer(ib.get(), DXGI_FORMAT_R16_UINT, 0);
  // The expectation: both triangles' Tier 3 pixels, nothing else (the triangles past the end read index 0 thrice).
  std::set<std::pair<int, int>> expected;
  for (int t = 0; t < 2; ++t) {
    raster::ScreenTriangle tri;
    for (int k = 0; k < 3; ++k) {
      const ClipVertex& v = vertices[indices[3 * t + k]];
      tri.v[k] = {(v.x + 1) * 32, (1 - v.y) * 32};
    }
    const auto pixels = conservativePixels(tri, false, int(kSize));
    expected.insert(pixels.begin(), pixels.end());
  }
  for (const UINT count : {6u, 7u, 9u, 0xFFFFFFFFu}) {
    INFO("DrawIndexed(" << count << ")");
    const auto draw = [&] { s.c.d.context->DrawIndexed(count, 0, 0); };
    const std::set<std::pair<int, int>> offLit = s.lit(off.get(), draw), onLit = s.lit(on.get(), draw);
    CHECK(subset(offLit, onLit));
    CHECK(onLit == expected);
  }
  // A base vertex that sends every fetch past the vertex buffer reads zeros: (0, 0, 0, 0), w = 0, nothing visible.
  const auto farBase = [&] { s.c.d.context->DrawIndexed(3, 0, 0x7fffffff); };
  CHECK(s.lit(off.get(), farBase).empty());
  const auto farLit = s.lit(on.get(), farBase);
  for (const auto& p : farLit) UNSCOPED_INFO("lit (" << p.first << "," << p.second << ")");
  CHECK(farLit.empty());
  CHECK(drainMessages(s.c.queue.get()).empty());
}

TEST_CASE("conservative fallback: triangles clipped at the near plane or behind the eye keep every pixel their "
          "visible part touches",
          "[draw][conservative][fallback][clip]") {
  Scene s;
  const Com<ID3D11RasterizerState2> on = s.state(D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON);
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> coord(-1.5, 1.5), unit(0, 1);
  int visibleSamples = 0;
  for (int t = 0; t < 60; ++t) {
    // One or two vertices behind the near plane (z < 0) or the eye (w < 0).
    std::vector<ClipVertex> v;
    for (int i = 0; i < 3; ++i) {
      const double w = (i == 0 || (t % 3 == 0 && i == 1)) ? -0.5 + unit(rng) * 0.6 : 0.5 + unit(rng) * 2;
      const double z = w < 0.2 ? -0.3 : 0.5 * w;
      v.push_back({float(coord(rng) * std::fabs(w)), float(coord(rng) * std::fabs(w)), float(z), float(w)});
    }
    Com<ID3D11Buffer> vb;
    s.bind(v, vb);
    const std::set<std::pair<int, int>> lit = s.lit(on.get(), [&] { s.c.d.context->Draw(3, 0); });
    // Points of the triangle that survive clipping (w > 0, 0 ≤ z ≤ w, on screen) lie in lit pixels.
    for (int k = 0; k < 2000; ++k) {
      double b0 = unit(rng), b1 = unit(rng);
      if (b0 + b1 > 1) b0 = 1 - b0, b1 = 1 - b1;
      const double b2 = 1 - b0 - b1;
      const double x = b0 * v[0].x + b1 * v[1].x + b2 * v[2].x, y = b0 * v[0].y + b1 * v[1].y + b2 * v[2].y;
      const double z = b0 * v[0].z + b1 * v[1].z + b2 * v[2].z, w = b0 * v[0].w + b1 * v[1].w + b2 * v[2].w;
      if (w <= 1e-3 || z < 1e-6 || z > w - 1e-6) continue;
      const double sx = (x / w + 1) * 32, sy = (1 - y / w) * 32;
      if (sx < 0.01 || sy < 0.01 || sx > kSize - 0.01 || sy > kSize - 0.01) continue;
      ++visibleSamples;
      INFO("triangle " << t << " visible point at " << sx << "," << sy);
      CHECK(lit.count({int(std::floor(sx)), int(std::floor(sy))}) == 1);
    }
  }
  CHECK(visibleSamples > 1000);
}

TEST_CASE("conservative fallback: a clipped triangle is faced and culled as a whole, even when a sliver of its "
          "clipped polygon would wind the other way",
          "[draw][conservative][fallback][clip]") {
  // Vertex 2 lies just behind the near plane, so clipping adds two vertices a
  // hair apart: a fan triangle between them is a sliver whose 16.8-snapped
  // winding is reversed. With a 1920×1080 viewport the triangle lies at x
  // 300..600, y 500..1000 and is front-facing (clockwise).
  Scene s(1024);
  const D3D11_VIEWPORT vp{0, 0, 1920, 1080, 0, 1};
  s.c.d.context->RSSetViewports(1, &vp);
  const std::vector<ClipVertex> v = {{-2.48806405f, -3.29396009f, 1.8700062f, 3.74001241f},
                                     {-0.915437341f, -0.114220113f, 1.00479388f, 2.00958776f},
                                     {-0.881943643f, 2.22627449f, -6.48742862e-05f, 3.39981389f}};
  Com<ID3D11Buffer> vb;
  s.bind(v, vb);
  const auto draw = [&] { s.c.d.context->Draw(3, 0); };
  std::set<std::pair<int, int>> front;
  const std::set<std::pair<int, int>> none = s.lit(s.state(D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON).get(), draw, &front);
  REQUIRE(!none.empty());
  CHECK(front == none);  // every pixel reads SV_IsFrontFace true
  CHECK(s.lit(s.state(D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON, D3D11_CULL_FRONT).get(), draw).empty());
  CHECK(s.lit(s.state(D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON, D3D11_CULL_BACK).get(), draw) == none);
}
