// tests/draw: draws into Texture3D resources through the public D3D11 API on
// lavapipe, read back through staging copies:
//  * render-target views of a Texture3D's W slices: ClearRenderTargetView and
//    a draw touch exactly the view's slices of its mip;
//  * a voxelizing pixel shader (InterlockedAdd into an RWTexture3D<uint> at
//    (SV_Position.xy, depth slice)) with no render target: once per covered
//    pixel on the native draw, and once per pixel of the Tier 3 set of each
//    triangle, in its slice only, on the conservative draw (the GPU fallback
//    on lavapipe).
#include "../render/checked_device.h"
#include "conservative_pixels.h"
#include "draw_test_util.h"
#include "grid_triangles.h"

#include <map>
#include <random>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

constexpr UINT kSize = 16, kSlices = 4;

// VS: POSITION.xyz (v0) → SV_Position (w 1).
const char kVsPosition3[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xyz         0     NONE   float   xyz
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
//
vs_5_0
dcl_input v0.xyz
dcl_output_siv o0.xyzw, position
mov o0.xyz, v0.xyzx
mov o0.w, l(1.000000)
ret
)";

// PS: u1[SV_Position.xy, SV_Position.z × 4] += 1.
const char kPsVoxelize[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyz
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// no Output
ps_5_0
dcl_globalFlags refactoringAllowed
dcl_uav_typed_texture3d (uint,uint,uint,uint) u1
dcl_input_ps_siv linear noperspective v0.xyz, position
dcl_temps 2
ftou r0.xy, v0.xyxx
mul r1.x, v0.z, l(4.000000)
ftou r0.z, r1.x
atomic_iadd u1, r0.xyzx, l(1)
ret
)";

float ndcX(float x) { return x / (kSize / 2.0f) - 1.0f; }
float ndcY(float y) { return 1.0f - y / (kSize / 2.0f); }

struct VoxelRig {
  RenderDevice& d;
  Com<ID3D11Texture3D> volume;
  Com<ID3D11UnorderedAccessView> uav;
  Com<ID3D11VertexShader> vs;
  Com<ID3D11PixelShader> ps;
  Com<ID3D11InputLayout> layout;

  explicit VoxelRig(RenderDevice& device) : d(device) {
    D3D11_TEXTURE3D_DESC desc{kSize, kSize, kSlices, 1, DXGI_FORMAT_R32_UINT, D3D11_USAGE_DEFAULT,
                              D3D11_BIND_UNORDERED_ACCESS, 0, 0};
    REQUIRE(d->CreateTexture3D(&desc, nullptr, volume.out()) == S_OK);
    REQUIRE(d->CreateUnorderedAccessView(volume.get(), nullptr, uav.out()) == S_OK);
    const std::vector<uint8_t> vsCode = assembled(kVsPosition3), psCode = assembled(kPsVoxelize);
    REQUIRE(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
    REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
    const D3D11_INPUT_ELEMENT_DESC element{"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0,
                                           D3D11_INPUT_PER_VERTEX_DATA, 0};
    REQUIRE(d->CreateInputLayout(&element, 1, vsCode.data(), vsCode.size(), layout.out()) == S_OK);
    ID3D11DeviceContext* ctx = d.context.get();
    ctx->IASetInputLayout(layout.get());
    ctx->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ctx->VSSetShader(vs.get(), nullptr, 0);
    ctx->PSSetShader(ps.get(), nullptr, 0);
    const D3D11_VIEWPORT vp{0, 0, float(kSize), float(kSize), 0, 1};
    ctx->RSSetViewports(1, &vp);
    ID3D11UnorderedAccessView* uavs[] = {uav.get()};
    ctx->OMSetRenderTargetsAndUnorderedAccessViews(0, nullptr, nullptr, 1, 1, uavs, nullptr);
  }

  void clear() {
    const UINT zero[4] = {0, 0, 0, 0};
    d.context->ClearUnorderedAccessViewUint(uav.get(), zero);
  }

  // Voxel (x, y, z) → count, for every non-zero voxel.
  std::map<std::array<int, 3>, uint32_t> voxels() {
    std::map<std::array<int, 3>, uint32_t> out;
    const std::vector<uint8_t> texels = readback(d, volume.get());
    for (UINT z = 0; z < kSlices; ++z)
      for (UINT y = 0; y < kSize; ++y)
        for (UINT x = 0; x < kSize; ++x)
          if (const uint32_t n = texelAt<uint32_t>(texels, (z * kSize + y) * kSize + x))
            out[{int(x), int(y), int(z)}] = n;
    return out;
  }

  // Draws triangles (screen space) at depth `z`, one per draw.
  Com<ID3D11Buffer> upload(const std::vector<raster::ScreenTriangle>& triangles, const std::vector<float>& depths) {
    std::vector<float> v;
    for (size_t i = 0; i < triangles.size(); ++i)
      for (const auto& p : triangles[i].v) v.insert(v.end(), {ndcX(p.x), ndcY(p.y), depths[i]});
    Com<ID3D11Buffer> vb = makeBuffer(d, v.data(), UINT(v.size() * sizeof(float)), D3D11_BIND_VERTEX_BUFFER);
    ID3D11Buffer* b = vb.get();
    const UINT stride = 12, offset = 0;
    d.context->IASetVertexBuffers(0, 1, &b, &stride, &offset);
    return vb;
  }
};

}  // namespace

TEST_CASE("render-target views of a Texture3D's W slices: clears and draws touch exactly their slices",
          "[draw][texture3d][render-targets]") {
  Checked c;
  RenderDevice& d = c.d;
  D3D11_TEXTURE3D_DESC desc{8, 8, 4, 2, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D11_USAGE_DEFAULT,
                            D3D11_BIND_RENDER_TARGET, 0, 0};
  Com<ID3D11Texture3D> volume;
  REQUIRE(d->CreateTexture3D(&desc, nullptr, volume.out()) == S_OK);
  Com<ID3D11RenderTargetView> all, middle, last, mip1;
  REQUIRE(d->CreateRenderTargetView(volume.get(), nullptr, all.out()) == S_OK);
  D3D11_RENDER_TARGET_VIEW_DESC rv{};
  rv.Format = desc.Format;
  rv.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE3D;
  rv.Texture3D = {0, 1, 2};
  REQUIRE(d->CreateRenderTargetView(volume.get(), &rv, middle.out()) == S_OK);
  rv.Texture3D = {0, 3, 1};
  REQUIRE(d->CreateRenderTargetView(volume.get(), &rv, last.out()) == S_OK);
  rv.Texture3D = {1, 0, UINT(-1)};
  REQUIRE(d->CreateRenderTargetView(volume.get(), &rv, mip1.out()) == S_OK);

  const float green[4] = {0, 1, 0, 1}, red[4] = {1, 0, 0, 1}, white[4] = {1, 1, 1, 1};
  d.context->ClearRenderTargetView(all.get(), green);
  d.context->ClearRenderTargetView(middle.get(), red);
  d.context->ClearRenderTargetView(mip1.get(), white);

  // A blue triangle covering the whole target, drawn into slice 3 only.
  DrawTarget target(d, 8, 8);
  ID3D11RenderTargetView* views[] = {last.get()};
  d.context->OMSetRenderTargets(1, views, nullptr);
  const Vertex cover[3] = {{-1, -1, 0, 0, 1, 1}, {-1, 3, 0, 0, 1, 1}, {3, -1, 0, 0, 1, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(d, cover, sizeof cover, D3D11_BIND_VERTEX_BUFFER);
  target.bindVertices(vb.get());
  d.context->Draw(3, 0);

  const std::vector<uint8_t> mip0 = readback(d, volume.get(), 0);
  const std::array<float, 4> expected[4] = {{0, 1, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}, {0, 0, 1, 1}};
  for (UINT z = 0; z < 4; ++z)
    for (UINT i = 0; i < 64; ++i) {
      INFO("slice " << z << " texel " << i);
      CHECK(texelAt<std::array<float, 4>>(mip0, z * 64 + i) == expected[z]);
    }
  const std::vector<uint8_t> mip1Texels = readback(d, volume.get(), 1);  // 4x4x2
  for (UINT i = 0; i < 32; ++i) CHECK(texelAt<std::array<float, 4>>(mip1Texels, i) == std::array<float, 4>{1, 1, 1, 1});

  const std::vector<std::string> rtvs = c.trace.calls("CreateRenderTargetView");
  REQUIRE(rtvs.size() >= 4);
  CHECK(rtvs[0].find("Format=2, Dimension=TEXTURE3D, MipSlice=0, FirstW=0, WSize=4") != std::string::npos);
  CHECK(rtvs[1].find("Dimension=TEXTURE3D, MipSlice=0, FirstW=1, WSize=2") != std::string::npos);
  CHECK(rtvs[3].find("Dimension=TEXTURE3D, MipSlice=1, FirstW=0, WSize=2") != std::string::npos);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("voxelizing pixel shader: InterlockedAdd into an RWTexture3D once per covered pixel, in its slice",
          "[draw][texture3d][uav][atomics]") {
  Checked c;
  VoxelRig rig(c.d);
  rig.clear();
  // Pixels [2, 10) x [3, 7) at depth 0.6 (slice 2).
  const std::vector<raster::ScreenTriangle> quad = {{{{2, 3}, {10, 3}, {2, 7}}}, {{{2, 7}, {10, 3}, {10, 7}}}};
  Com<ID3D11Buffer> vb = rig.upload(quad, {0.6f, 0.6f});
  c.d.context->Draw(6, 0);
  std::map<std::array<int, 3>, uint32_t> expected;
  for (int y = 3; y < 7; ++y)
    for (int x = 2; x < 10; ++x) expected[{x, y, 2}] = 1;
  CHECK(rig.voxels() == expected);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("conservative voxelization: InterlockedAdd into an RWTexture3D exactly once per pixel of the Tier 3 set, "
          "in the triangle's slice",
          "[draw][texture3d][uav][atomics][conservative][fallback]") {
  ForceConservativeFallback fallback;  // the fallback's exact Tier 3 set on any device
  Checked c;
  Com<ID3D11Device3> device3;
  REQUIRE(c.d->QueryInterface(__uuidof(ID3D11Device3), reinterpret_cast<void**>(device3.out())) == S_OK);
  D3D11_RASTERIZER_DESC2 rs{D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0, TRUE, FALSE, FALSE, FALSE,
                            0, D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON};
  Com<ID3D11RasterizerState2> state;
  REQUIRE(device3->CreateRasterizerState2(&rs, state.out()) == S_OK);
  VoxelRig rig(c.d);
  c.d.context->RSSetState(state.get());

  std::mt19937 rng(3);
  std::vector<raster::ScreenTriangle> triangles(8);
  for (raster::ScreenTriangle& tri : triangles)
    for (auto& v : tri.v) v = {gridCoordinate(rng, int(kSize)), gridCoordinate(rng, int(kSize))};
  triangles.push_back({{{1.25f, 2.5f}, {14.75f, 13.0f}, {15.0f, 13.5f}}});  // a thin sliver
  triangles.push_back({{{6.3f, 6.2f}, {6.6f, 6.4f}, {6.4f, 6.7f}}});        // inside one pixel
  std::vector<float> depths;
  for (size_t i = 0; i < triangles.size(); ++i) depths.push_back(0.1f + 0.25f * float(i % kSlices));
  Com<ID3D11Buffer> vb = rig.upload(triangles, depths);
  for (size_t i = 0; i < triangles.size(); ++i) {
    rig.clear();
    c.d.context->Draw(3, UINT(3 * i));
    std::map<std::array<int, 3>, uint32_t> expected;
    for (const auto& [x, y] : conservativePixels(triangles[i], false, int(kSize))) expected[{x, y, int(i % kSlices)}] = 1;
    INFO("triangle " << i);
    CHECK(rig.voxels() == expected);
  }
  CHECK(drainMessages(c.queue.get()).empty());
}
