// tests/draw: D3D11 PIPELINE_STATISTICS queries count the geometry shader's
// invocations and primitives (Vulkan's statistics in D3D's order,
// ddi/umd/pipeline_statistics.h, shared with D3D12): an instanced geometry
// shader amplifying points into triangles, native draws and conservative ones
// on the exact fallback (whose capture pass runs the geometry shader, counted
// there once). Expected counts are
// computed here from the draws' points and the shader's instance count; and
// the hull shader's patches and the domain shader's invocations of triangle
// patches tessellated with every factor 1 (one triangle: three domain points).
#include "draw_test_util.h"
#include "gs_point_to_triangle.h"
#include "tessellation_listings.h"

#include <chrono>
#include <optional>
#include <thread>

using namespace d3dvk;
using namespace d3dvk::test;

TEST_CASE("D3D11 pipeline statistics count an instanced geometry shader's invocations and primitives natively "
          "and on the conservative fallback",
          "[draw][queries][statistics][fallback]") {
  for (const UINT run : {0u, 1u, 2u, 3u}) {
    const bool conservative = run >= 2;
    const UINT instances = 1 + run % 2;
    CAPTURE(conservative, instances);
    // Conservative: on the exact fallback (forced), whose capture pass is what runs the geometry shader.
    std::optional<ForceConservativeFallback> fallback;
    if (conservative) fallback.emplace();
    RenderDevice d;
    DrawTarget target(d, 16, 16);
    const std::vector<uint8_t> code = assembled(gsPointToTriangle(instances).c_str());
    Com<ID3D11GeometryShader> gs;
    REQUIRE(d->CreateGeometryShader(code.data(), code.size(), nullptr, gs.out()) == S_OK);
    const Vertex points[] = {{-0.5f, -0.25f, 1, 0, 0, 1},
                             {0.25f, 0.5f, 0, 1, 0, 1},
                             {0.5f, -0.75f, 0, 0, 1, 1},
                             {0.5f, 0.125f, 1, 1, 0, 1},
                             {-0.125f, 0.5f, 0, 1, 1, 1}};
    Com<ID3D11Buffer> vb = makeBuffer(d, points, sizeof points, D3D11_BIND_VERTEX_BUFFER);
    target.bindVertices(vb.get());
    d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
    d.context->GSSetShader(gs.get(), nullptr, 0);
    Com<ID3D11RasterizerState2> state;
    if (conservative) {
      Com<ID3D11Device3> device3;
      REQUIRE(d->QueryInterface(__uuidof(ID3D11Device3), reinterpret_cast<void**>(device3.out())) == S_OK);
      const D3D11_RASTERIZER_DESC2 rs{D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0,     0, 0, TRUE, FALSE, FALSE, FALSE,
                                      0,                D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON};
      REQUIRE(device3->CreateRasterizerState2(&rs, state.out()) == S_OK);
      d.context->RSSetState(state.get());
    }
    const D3D11_QUERY_DESC desc{D3D11_QUERY_PIPELINE_STATISTICS, 0};
    Com<ID3D11Query> query;
    REQUIRE(d->CreateQuery(&desc, query.out()) == S_OK);
    d.context->Begin(query.get());
    d.context->Draw(5, 0);
    d.context->Draw(2, 1);
    d.context->End(query.get());
    D3D11_QUERY_DATA_PIPELINE_STATISTICS q{};
    HRESULT hr = S_FALSE;
    for (int i = 0; i < 10000 && hr == S_FALSE; ++i) {
      hr = d.context->GetData(query.get(), &q, sizeof q, 0);
      if (hr == S_FALSE) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    REQUIRE(hr == S_OK);
    const UINT64 drawn = 5 + 2;
    CHECK(q.IAVertices == drawn);
    CHECK(q.IAPrimitives == drawn);
    CHECK(q.VSInvocations == drawn);
    // Each instance is an invocation (D3D and Vulkan alike); lavapipe (Mesa
    // 22.3) counts one per input primitive whatever the instance count, so the
    // invocations are checked without instancing only.
    if (instances == 1) CHECK(q.GSInvocations == drawn);
    CHECK(q.GSPrimitives == drawn * instances);  // one triangle per invocation
    CHECK(q.CInvocations == drawn * instances);  // the clipper sees the geometry shader's triangles
    CHECK(q.HSInvocations == 0);
    CHECK(q.DSInvocations == 0);
  }
}

TEST_CASE("D3D11 pipeline statistics count the hull shader's patches and the domain shader's invocations",
          "[draw][queries][statistics][tessellation]") {
  RenderDevice d;
  DrawTarget target(d, 16, 16);
  const std::vector<uint8_t> hsCode = assembled(kHsTri), dsCode = assembled(kDsTri);
  Com<ID3D11HullShader> hs;
  Com<ID3D11DomainShader> ds;
  REQUIRE(d->CreateHullShader(hsCode.data(), hsCode.size(), nullptr, hs.out()) == S_OK);
  REQUIRE(d->CreateDomainShader(dsCode.data(), dsCode.size(), nullptr, ds.out()) == S_OK);
  const float factors[4] = {1, 1, 0, 0};  // edges, inside: one triangle a patch
  Com<ID3D11Buffer> cb = makeBuffer(d, factors, sizeof factors, D3D11_BIND_CONSTANT_BUFFER);
  ID3D11Buffer* cbs[] = {cb.get()};
  d.context->HSSetConstantBuffers(0, 1, cbs);
  d.context->HSSetShader(hs.get(), nullptr, 0);
  d.context->DSSetShader(ds.get(), nullptr, 0);
  const Vertex patches[] = {{-1, 1, 1, 0, 0, 1},  {1, 1, 1, 0, 0, 1},  {-1, -1, 1, 0, 0, 1},
                            {-0.5f, 0.5f, 0, 1, 0, 1}, {0.5f, 0.5f, 0, 1, 0, 1}, {-0.5f, -0.5f, 0, 1, 0, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(d, patches, sizeof patches, D3D11_BIND_VERTEX_BUFFER);
  target.bindVertices(vb.get());
  d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST);
  const D3D11_QUERY_DESC desc{D3D11_QUERY_PIPELINE_STATISTICS, 0};
  Com<ID3D11Query> query;
  REQUIRE(d->CreateQuery(&desc, query.out()) == S_OK);
  d.context->Begin(query.get());
  d.context->Draw(6, 0);
  d.context->End(query.get());
  D3D11_QUERY_DATA_PIPELINE_STATISTICS q{};
  HRESULT hr = S_FALSE;
  for (int i = 0; i < 10000 && hr == S_FALSE; ++i) {
    hr = d.context->GetData(query.get(), &q, sizeof q, 0);
    if (hr == S_FALSE) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  REQUIRE(hr == S_OK);
  const UINT64 patchCount = 2;
  CHECK(q.IAVertices == 3 * patchCount);
  CHECK(q.VSInvocations == 3 * patchCount);
  CHECK(q.HSInvocations == patchCount);
  CHECK(q.DSInvocations == 3 * patchCount);  // the three domain points of each patch's one triangle
  CHECK(q.GSInvocations == 0);
}
