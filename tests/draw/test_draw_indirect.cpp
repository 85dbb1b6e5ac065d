// tests/draw: DrawInstancedIndirect and DrawIndexedInstancedIndirect through the
// public D3D11 API on lavapipe:
//  * arguments from UpdateSubresource and from a compute shader draw exactly
//    the pixels the same direct draw does (instances, start vertex/index,
//    base vertex, start instance);
//  * a conservative indirect draw on the fallback (forced on any device; it
//    reads the arguments back first) lights exactly the Tier 3 set, also when
//    it runs in pieces (D3DVK_FALLBACK_PIECE_TRIANGLES) with a start index,
//    base vertex and start instance, and its SV_VertexID / SV_InstanceID count
//    from the application's draw, and indices past the index buffer draw
//    nothing;
//  * the DDI sees the indirect draw, never a direct one in its place.
#include "../render/checked_device.h"
#include "conservative_pixels.h"
#include "draw_test_util.h"

#include <functional>
#include <map>
#include <set>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

constexpr UINT kSize = 16;

// CS: writes DrawIndexedInstancedIndirect's arguments {6, 2, 0, 0, 1} at byte 20 of u0.
const char kCsIndexedArgs[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_uav_raw u0
dcl_thread_group 1, 1, 1
store_raw u0.xyzw, l(20), l(6,2,0,0)
store_raw u0.x, l(36), l(1)
ret
)";

// VS: POSITION.xy (v0) moved down by SV_InstanceID (1 NDC unit = 16 px of a
// 32-pixel target); COLOR = (1, SV_InstanceID, SV_VertexID / 64, 1).
const char kVsIds[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xy          0     NONE   float   xy
// SV_VertexID              0   x           1   VERTID    uint   x
// SV_InstanceID            0   x           2   INSTID    uint   x
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
vs_5_0
dcl_input v0.xy
dcl_input_sgv v1.x, vertex_id
dcl_input_sgv v2.x, instance_id
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_temps 1
utof r0.x, v2.x
utof r0.y, v1.x
mov o0.x, v0.x
mad o0.y, r0.x, l(-1.000000), v0.y
mov o0.zw, l(0,0,0,1.000000)
mov o1.xw, l(1.000000,0,0,1.000000)
mov o1.y, r0.x
mul o1.z, r0.y, l(0.015625)
ret
)";

Com<ID3D11Buffer> argsBuffer(RenderDevice& d, const std::vector<uint32_t>& words, UINT bind = 0) {
  D3D11_BUFFER_DESC desc{UINT(words.size() * 4), D3D11_USAGE_DEFAULT, bind,
                         0, D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS |
                                (bind & D3D11_BIND_UNORDERED_ACCESS ? UINT(D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS) : 0u),
                         0};
  D3D11_SUBRESOURCE_DATA init{words.data(), 0, 0};
  Com<ID3D11Buffer> b;
  REQUIRE(d->CreateBuffer(&desc, &init, b.out()) == S_OK);
  return b;
}

// Two unit quads per instance data: instance i is offset by (i * 0.5, 0) in NDC and coloured by INSTCOLOR.
struct InstancedScene {
  RenderDevice& d;
  DrawTarget target;
  Com<ID3D11VertexShader> vs;
  Com<ID3D11InputLayout> layout;
  Com<ID3D11Buffer> quad, instances, indices;

  explicit InstancedScene(RenderDevice& device) : d(device), target(device, kSize, kSize) {
    const std::vector<uint8_t> vsCode = assembled(kVsInstanced);
    REQUIRE(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
    const D3D11_INPUT_ELEMENT_DESC elements[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"OFFSET", 0, DXGI_FORMAT_R32G32_FLOAT, 1, 0, D3D11_INPUT_PER_INSTANCE_DATA, 1},
        {"INSTCOLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, 8, D3D11_INPUT_PER_INSTANCE_DATA, 1},
    };
    REQUIRE(d->CreateInputLayout(elements, 3, vsCode.data(), vsCode.size(), layout.out()) == S_OK);
    // A quad over NDC [-1, -0.5] x [-1, 1] (pixels x 0..3), twice: vertices 0..5 and 6..11 (the second shifted right by 0.25).
    const float q[] = {-1, 1, -0.5f, 1, -1, -1, -1, -1, -0.5f, 1, -0.5f, -1,
                       -0.75f, 1, -0.25f, 1, -0.75f, -1, -0.75f, -1, -0.25f, 1, -0.25f, -1};
    quad = makeBuffer(d, q, sizeof q, D3D11_BIND_VERTEX_BUFFER);
    const float inst[] = {0.0f, 0, 1, 0, 0, 1, 0.5f, 0, 0, 1, 0, 1, 1.0f, 0, 0, 0, 1, 1};
    instances = makeBuffer(d, inst, sizeof inst, D3D11_BIND_VERTEX_BUFFER);
    const uint16_t idx[] = {0, 1, 2, 3, 4, 5};
    indices = makeBuffer(d, idx, sizeof idx, D3D11_BIND_INDEX_BUFFER);
    d.context->VSSetShader(vs.get(), nullptr, 0);
    d.context->IASetInputLayout(layout.get());
    ID3D11Buffer* vbs[] = {quad.get(), instances.get()};
    const UINT strides[] = {8, 24}, offsets[] = {0, 0};
    d.context->IASetVertexBuffers(0, 2, vbs, strides, offsets);
    d.context->IASetIndexBuffer(indices.get(), DXGI_FORMAT_R16_UINT, 0);
  }
  std::vector<std::array<float, 4>> draw(const std::function<void()>& call) {
    const float clear[4] = {0, 0, 0, 0};
    d.context->ClearRenderTargetView(target.rtv.get(), clear);
    call();
    return target.pixels();
  }
};

}  // namespace

TEST_CASE("DrawInstancedIndirect and DrawIndexedInstancedIndirect draw what the same direct draws do",
          "[draw][indirect]") {
  Checked c;
  InstancedScene scene(c.d);
  ID3D11DeviceContext* ctx = c.d.context.get();
  // {VertexCountPerInstance, InstanceCount, StartVertexLocation, StartInstanceLocation} at byte 4.
  Com<ID3D11Buffer> args = argsBuffer(c.d, {0xFFFFFFFFu, 6, 2, 6, 1, 0xFFFFFFFFu});
  const auto indirect = scene.draw([&] { ctx->DrawInstancedIndirect(args.get(), 4); });
  const auto direct = scene.draw([&] { ctx->DrawInstanced(6, 2, 6, 1); });
  CHECK(indirect == direct);
  int lit = 0;
  for (const auto& p : direct) lit += p[3] != 0;
  CHECK(lit == 2 * 4 * kSize);  // two instances of a 4x16 quad, apart

  // Indexed, arguments written by a compute shader: {6, 2, 0, 0, 1} → base vertex 0, instances 1..2.
  Com<ID3D11Buffer> gpuArgs = argsBuffer(c.d, std::vector<uint32_t>(10, 0), D3D11_BIND_UNORDERED_ACCESS);
  D3D11_UNORDERED_ACCESS_VIEW_DESC u{DXGI_FORMAT_R32_TYPELESS, D3D11_UAV_DIMENSION_BUFFER, {}};
  u.Buffer = {0, 10, D3D11_BUFFER_UAV_FLAG_RAW};
  Com<ID3D11UnorderedAccessView> argsUav;
  REQUIRE(c.d->CreateUnorderedAccessView(gpuArgs.get(), &u, argsUav.out()) == S_OK);
  const std::vector<uint8_t> csCode = assembled(kCsIndexedArgs);
  Com<ID3D11ComputeShader> cs;
  REQUIRE(c.d->CreateComputeShader(csCode.data(), csCode.size(), nullptr, cs.out()) == S_OK);
  ctx->CSSetShader(cs.get(), nullptr, 0);
  ID3D11UnorderedAccessView* uavs[] = {argsUav.get()};
  ctx->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  ctx->Dispatch(1, 1, 1);
  ID3D11UnorderedAccessView* none[] = {nullptr};
  ctx->CSSetUnorderedAccessViews(0, 1, none, nullptr);
  const auto indexedIndirect = scene.draw([&] { ctx->DrawIndexedInstancedIndirect(gpuArgs.get(), 20); });
  const auto indexedDirect = scene.draw([&] { ctx->DrawIndexedInstanced(6, 2, 0, 0, 1); });
  CHECK(indexedIndirect == indexedDirect);
  CHECK(indexedDirect != direct);

  CHECK(c.ddiCalls("DrawInstancedIndirect") == 1);
  CHECK(c.ddiCalls("DrawIndexedInstancedIndirect") == 1);
  const std::vector<std::string> calls = c.trace.calls("DrawIndexedInstancedIndirect");
  CHECK(calls[0].find("AlignedByteOffsetForArgs=20") != std::string::npos);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("conservative fallback: an indirect draw lights exactly the Tier 3 set",
          "[draw][indirect][conservative][fallback]") {
  ForceConservativeFallback fallback;  // the fallback's exact Tier 3 set on any device
  Checked c;
  ID3D11DeviceContext* ctx = c.d.context.get();
  DrawTarget t(c.d, kSize, kSize);
  Com<ID3D11Device3> device3;
  REQUIRE(c.d->QueryInterface(__uuidof(ID3D11Device3), reinterpret_cast<void**>(device3.out())) == S_OK);
  D3D11_RASTERIZER_DESC2 rs{D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0, TRUE, FALSE, FALSE, FALSE,
                            0, D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON};
  Com<ID3D11RasterizerState2> state;
  REQUIRE(device3->CreateRasterizerState2(&rs, state.out()) == S_OK);
  ctx->RSSetState(state.get());
  const raster::ScreenTriangle tri{{{1.3f, 2.1f}, {14.6f, 5.2f}, {4.2f, 13.9f}}};
  std::vector<Vertex> v;
  for (const auto& p : tri.v) v.push_back({p.x / (kSize / 2.0f) - 1.0f, 1.0f - p.y / (kSize / 2.0f), 1, 1, 1, 1});
  Com<ID3D11Buffer> vb = makeBuffer(c.d, v.data(), UINT(v.size() * sizeof(Vertex)), D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  Com<ID3D11Buffer> args = argsBuffer(c.d, {3, 1, 0, 0});
  ctx->DrawInstancedIndirect(args.get(), 0);
  std::set<std::pair<int, int>> lit;
  const auto pixels = t.pixels();
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x)
      if (pixels[y * kSize + x][3] != 0) lit.insert({int(x), int(y)});
  CHECK(lit == conservativePixels(tri, false, int(kSize)));
  CHECK(c.ddiCalls("DrawInstancedIndirect") == 1);
  CHECK(c.ddiCalls("Draw") == 0);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("conservative fallback: an indexed instanced indirect draw draws what the direct draw does, in pieces too",
          "[draw][indirect][conservative][fallback]") {
  // Six triangles per instance, two instances: with D3DVK_FALLBACK_PIECE_TRIANGLES=3
  // (a ctest re-runs the [fallback] cases so) each instance is cut into runs.
  ForceConservativeFallback fallback;
  Checked c;
  ID3D11DeviceContext* ctx = c.d.context.get();
  constexpr UINT kTarget = 32, kTriangles = 6, kSkipped = 3, kBaseVertex = 5;
  DrawTarget t(c.d, kTarget, kTarget);
  const std::vector<uint8_t> vsCode = assembled(kVsIds);
  Com<ID3D11VertexShader> vs;
  REQUIRE(c.d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
  const D3D11_INPUT_ELEMENT_DESC element{"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0};
  Com<ID3D11InputLayout> layout;
  REQUIRE(c.d->CreateInputLayout(&element, 1, vsCode.data(), vsCode.size(), layout.out()) == S_OK);
  ctx->IASetInputLayout(layout.get());
  ctx->VSSetShader(vs.get(), nullptr, 0);
  Com<ID3D11RasterizerState2> state = conservativeState(c.d);
  ctx->RSSetState(state.get());

  // Triangle i of instance 0 in a 3×2 grid of the target's top half (off the
  // pixel grid, so conservative and standard sets differ); vertex buffer
  // entries kBaseVertex + 3i + k, the index buffer 3 unused indices, then 3i + k.
  std::vector<raster::ScreenTriangle> triangles;
  std::vector<float> vertices(2 * kBaseVertex, 0.0f);
  const float corners[3][2] = {{0.3f, 0.2f}, {4.6f, 1.1f}, {1.2f, 4.4f}};
  for (UINT i = 0; i < kTriangles; ++i) {
    raster::ScreenTriangle tri;
    for (UINT k = 0; k < 3; ++k) {
      tri.v[k] = {2.0f + 9.0f * float(i % 3) + corners[k][0], 2.0f + 7.0f * float(i / 3) + corners[k][1]};
      vertices.push_back(tri.v[k].x / (kTarget / 2.0f) - 1.0f);
      vertices.push_back(1.0f - tri.v[k].y / (kTarget / 2.0f));
    }
    triangles.push_back(tri);
  }
  std::vector<uint16_t> indices = {1, 1, 1};
  for (UINT i = 0; i < 3 * kTriangles; ++i) indices.push_back(uint16_t(i));
  Com<ID3D11Buffer> vb = makeBuffer(c.d, vertices.data(), UINT(vertices.size() * 4), D3D11_BIND_VERTEX_BUFFER);
  Com<ID3D11Buffer> ib = makeBuffer(c.d, indices.data(), UINT(indices.size() * 2), D3D11_BIND_INDEX_BUFFER);
  t.bindVertices(vb.get(), 8);
  ctx->IASetIndexBuffer(ib.get(), DXGI_FORMAT_R16_UINT, 0);

  const float clear[4] = {0, 0, 0, 0};
  auto drawn = [&](const std::function<void()>& call) {
    ctx->ClearRenderTargetView(t.rtv.get(), clear);
    call();
    return t.pixels();
  };
  const auto direct = drawn([&] { ctx->DrawIndexedInstanced(3 * kTriangles, 2, kSkipped, INT(kBaseVertex), 1); });
  // The same arguments from a buffer, and 3 more indices than the buffer holds:
  // those read index 0 three times, a degenerate triangle that lights nothing.
  Com<ID3D11Buffer> args = argsBuffer(c.d, {0, 3 * kTriangles + 3, 2, kSkipped, kBaseVertex, 1});
  const auto indirect = drawn([&] { ctx->DrawIndexedInstancedIndirect(args.get(), 4); });
  CHECK(indirect == direct);

  // Each instance's triangles, moved down 16 px per SV_InstanceID (0 and 1:
  // StartInstanceLocation not included), lit exactly in their Tier 3 sets,
  // with COLOR.y = SV_InstanceID; COLOR.z interpolates SV_VertexID (the
  // index, BaseVertexLocation not included: 3i + k at corner k).
  std::map<std::pair<int, int>, float> expected;
  for (UINT instance = 0; instance < 2; ++instance)
    for (raster::ScreenTriangle tri : triangles) {
      for (auto& v : tri.v) v.y += 16.0f * float(instance);
      for (const auto& pixel : conservativePixels(tri, false, int(kTarget))) expected[pixel] = float(instance);
    }
  std::map<std::pair<int, int>, float> lit;
  for (UINT y = 0; y < kTarget; ++y)
    for (UINT x = 0; x < kTarget; ++x)
      if (indirect[y * kTarget + x][3] != 0) lit[{int(x), int(y)}] = indirect[y * kTarget + x][1];
  CHECK(lit == expected);
  for (UINT instance = 0; instance < 2; ++instance)
    for (UINT i = 0; i < kTriangles; ++i) {
      raster::ScreenTriangle tri = triangles[i];
      for (auto& v : tri.v) v.y += 16.0f * float(instance);
      const int px = int((tri.v[0].x + tri.v[1].x + tri.v[2].x) / 3), py = int((tri.v[0].y + tri.v[1].y + tri.v[2].y) / 3);
      const Barycentric b = barycentric({tri.v[0].x, tri.v[0].y}, {tri.v[1].x, tri.v[1].y}, {tri.v[2].x, tri.v[2].y},
                                        px + 0.5, py + 0.5);
      const double vertexId = b.l0 * (3 * i) + b.l1 * (3 * i + 1) + b.l2 * (3 * i + 2);
      CHECK(indirect[py * kTarget + px][2] == Approx(vertexId / 64.0).margin(1e-4));
    }
  CHECK(c.ddiCalls("DrawIndexedInstancedIndirect") == 1);
  CHECK(drainMessages(c.queue.get()).empty());
}
