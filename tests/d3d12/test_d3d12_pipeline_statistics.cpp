// tests/d3d12: PIPELINE_STATISTICS queries count the geometry shader's
// invocations and primitives (Vulkan's statistics in D3D's order,
// ddi/umd/pipeline_statistics.h): an instanced geometry shader amplifying
// points into triangles, native draws and conservative ones on the exact
// fallback (whose capture pass is what counts the geometry shader there).
// Expected counts are computed here from the draw's points and the shader's
// instance count.
#include "d3d12_pipeline_util.h"
#include "d3d12_test_util.h"
#include "ddi_trace_log.h"  // ScopedEnv
#include "gs_point_to_triangle.h"
#include "stream_output12_util.h"
#include "vs_invocations.h"

#include <cstring>
#include <optional>

using namespace d3dvk;
using namespace d3dvk::test;
using namespace d3dvk::test::stream_output12;

namespace {

const char kPsColour[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
)";

const Vertex kPoints5[] = {{-0.5f, -0.25f, 0.5f, 1, 0, 0, 1},
                           {0.25f, 0.5f, 0.5f, 0, 1, 0, 1},
                           {0.5f, -0.75f, 0.5f, 0, 0, 1, 1},
                           {0.5f, 0.125f, 0.5f, 1, 1, 0, 1},
                           {-0.125f, 0.5f, 0.5f, 0, 1, 1, 1}};

}  // namespace

TEST_CASE("D3D12 pipeline statistics count an instanced geometry shader's invocations and primitives",
          "[d3d12][queries][statistics][fallback]") {
  for (const UINT run : {0u, 1u, 2u, 3u}) {
    const bool conservative = run >= 2;
    const UINT instances = 1 + run % 2;
    CAPTURE(conservative, instances);
    // Conservative: on the exact fallback (forced), whose capture pass counts the geometry shader.
    std::optional<ScopedEnv> policy;
    if (conservative) policy.emplace("D3DVK_CONSERVATIVE_RASTER", "fallback");
    SoFixture f;
    ID3D12RootSignature* rs = f.rootSignature(D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT);
    const std::vector<uint8_t> vs = assembled(kVsCapture), gs = assembled(gsPointToTriangle(instances).c_str()), ps = assembled(kPsColour);
    D3D12_GRAPHICS_PIPELINE_STATE_DESC d = soPsoDesc(rs, vs, {});
    d.GS = shaderBytecode(gs);
    d.PS = shaderBytecode(ps);
    d.NumRenderTargets = 1;
    d.RTVFormats[0] = DXGI_FORMAT_R8G8B8A8_UNORM;
    d.RasterizerState.CullMode = D3D12_CULL_MODE_NONE;
    if (conservative) d.RasterizerState.ConservativeRaster = D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON;
    ID3D12PipelineState* pso = createPso(f.device, d);
    RenderTarget16 target(f.device);
    const D3D12_QUERY_HEAP_DESC heapDesc{D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS, 1, 0};
    void* heapObject = nullptr;
    const HRESULT hr = f.device->CreateQueryHeap(&heapDesc, __uuidof(ID3D12QueryHeap), &heapObject);
    ID3D12QueryHeap* heap = createdOrFail<ID3D12QueryHeap>(hr, heapObject);
    ID3D12Resource* results = createBuffer(f.device, D3D12_HEAP_TYPE_READBACK, sizeof(D3D12_QUERY_DATA_PIPELINE_STATISTICS));
    f.owned.push_back(results);
    const float clear[4] = {0, 0, 0, 0};
    target.bind(f.list, clear);
    f.list->SetGraphicsRootSignature(rs);
    f.list->SetPipelineState(pso);
    f.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_POINTLIST);
    f.bindVertices(kPoints5, 5);
    f.list->BeginQuery(heap, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0);
    f.list->DrawInstanced(5, 1, 0, 0);
    f.list->DrawInstanced(2, 1, 1, 0);
    f.list->EndQuery(heap, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0);
    f.list->ResolveQueryData(heap, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0, 1, results, 0);
    f.run();
    D3D12_QUERY_DATA_PIPELINE_STATISTICS q;
    const std::vector<unsigned char> raw = readBuffer(results, sizeof q);
    std::memcpy(&q, raw.data(), sizeof q);
    const UINT64 points = 5 + 2;
    CHECK(q.IAVertices == points);
    CHECK(q.IAPrimitives == points);
    // Native: the device's count, between the 5 distinct vertices (the second
    // draw's two are the first's vertices 1 and 2) and the 7 fetched
    // (tests/support/vs_invocations.h). The fallback writes the draws' vertex
    // counts itself: exact.
    if (conservative) CHECK(q.VSInvocations == points);
    else checkVsInvocations(q.VSInvocations, 5, points);
    // Each instance is an invocation (D3D and Vulkan alike); lavapipe (Mesa
    // 22.3) counts one per input primitive whatever the instance count, so the
    // invocations are checked without instancing only.
    if (instances == 1) CHECK(q.GSInvocations == points);
    CHECK(q.GSPrimitives == points * instances);  // one triangle per invocation
    CHECK(q.CInvocations == points * instances);  // the clipper sees the geometry shader's triangles
    CHECK(q.HSInvocations == 0);
    CHECK(q.DSInvocations == 0);
    heap->Release();
    pso->Release();
    rs->Release();
  }
}
