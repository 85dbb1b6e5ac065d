// tests/hostile: what the API fuzzer (tests/hostile/fuzz) found in draws and
// their state, each kept as a case: a D3D12 draw through an input slot with no
// vertex buffer, indices wholly past the index buffer (a device computing the
// address from such a StartIndexLocation read outside the buffer and crashed),
// scissor rects at LONG_MIN/LONG_MAX (their extents overflowed), viewports out
// of D3D12's bounds (1e30 overflowed a conversion), vertex strides beyond a
// vertex and misaligned index buffers. Nothing crashes, draws read zeros where
// D3D12 says they read nothing, and refused calls fail Close.
#include "hostile_util.h"

#include <climits>

using namespace d3dvk::test;

namespace {

struct DrawRig {
  HostileDevice12& d;
  ID3D12RootSignature* rs;
  ID3D12PipelineState* pso;
  RenderTarget16 target;
  ID3D12Resource* vertices;  // one triangle covering the target
  ID3D12Resource* indices;   // 0, 1, 2 (32-bit)
  explicit DrawRig(HostileDevice12& device)
      : d(device), rs(graphicsRootSignature(d.device)), pso(createConstantColourPso(d.device, rs)), target(d.device),
        vertices(createBuffer(d.device, D3D12_HEAP_TYPE_UPLOAD, 256)), indices(createBuffer(d.device, D3D12_HEAP_TYPE_UPLOAD, 256)) {
    const float triangle[9] = {-1, -1, 0, 3, -1, 0, -1, 3, 0};
    writeUpload(vertices, 0, triangle, sizeof triangle);
    const uint32_t ids[3] = {0, 1, 2};
    writeUpload(indices, 0, ids, sizeof ids);
  }
  ~DrawRig() {
    indices->Release();
    vertices->Release();
    pso->Release();
    rs->Release();
  }
  // A list with the target cleared to black, the PSO and red root constants bound.
  ID3D12GraphicsCommandList* begin(bool bindVertices = true) {
    ID3D12GraphicsCommandList* list = d.list();
    const float black[4] = {0, 0, 0, 1}, red[4] = {1, 0, 0, 1};
    target.bind(list, black);
    list->SetGraphicsRootSignature(rs);
    list->SetPipelineState(pso);
    list->SetGraphicsRoot32BitConstants(0, 4, red, 0);
    list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    if (bindVertices) {
      D3D12_VERTEX_BUFFER_VIEW vb{vertices->GetGPUVirtualAddress(), 36, 12};
      list->IASetVertexBuffers(0, 1, &vb);
    }
    return list;
  }
  // Closes, runs and reads back: the number of red pixels.
  int redPixels(ID3D12GraphicsCommandList* list) {
    target.copyOut(list);
    REQUIRE(list->Close() == S_OK);
    d.executeAndWait(list);
    list->Release();
    REQUIRE(d.allocator->Reset() == S_OK);
    int red = 0;
    for (uint32_t p : target.pixels()) red += p == 0xFF0000FFu;
    return red;
  }
};

}  // namespace

TEST_CASE("hostile draws: an input slot without a vertex buffer reads zeros, and indices past the index buffer read "
          "zeros, without a crash",
          "[hostile][d3d12][draw]") {
  HostileDevice12 d;
  DrawRig rig(d);
  ID3D12GraphicsCommandList* list = rig.begin();
  list->DrawInstanced(3, 1, 0, 0);
  CHECK(rig.redPixels(list) == 256);  // the rig draws
  list = rig.begin(false);
  list->DrawInstanced(3, 1, 0, 0);  // every vertex at (0, 0, 0): nothing covered
  CHECK(rig.redPixels(list) == 0);
  for (UINT first : {0xFFFFFFF0u, 0x2D2C2B2Bu, 64u}) {
    INFO("StartIndexLocation " << first);
    list = rig.begin();
    D3D12_INDEX_BUFFER_VIEW ib{rig.indices->GetGPUVirtualAddress(), 12, DXGI_FORMAT_R32_UINT};
    list->IASetIndexBuffer(&ib);
    list->DrawIndexedInstanced(3, 1, first, 0, 0);  // indices 0, 0, 0: a point, nothing covered
    CHECK(rig.redPixels(list) == 0);
  }
  CHECK(d.device->GetDeviceRemovedReason() == S_OK);
}

TEST_CASE("hostile draws: scissor rects at LONG_MIN and LONG_MAX cover the target, viewports beyond D3D12's bounds "
          "are refused",
          "[hostile][d3d12][draw]") {
  HostileDevice12 d;
  DrawRig rig(d);
  ID3D12GraphicsCommandList* list = rig.begin();
  const D3D12_RECT everything{LONG_MIN, LONG_MIN, LONG_MAX, LONG_MAX};
  list->RSSetScissorRects(1, &everything);
  list->DrawInstanced(3, 1, 0, 0);
  CHECK(rig.redPixels(list) == 256);

  for (D3D12_VIEWPORT vp : {D3D12_VIEWPORT{0, 0, 1e30f, 16, 0, 1}, D3D12_VIEWPORT{-40000, 0, 16, 16, 0, 1},
                            D3D12_VIEWPORT{0, 0, -16, 16, 0, 1}, D3D12_VIEWPORT{0, 0, 16, 16, 0, 2}}) {
    list = rig.begin();
    list->RSSetViewports(1, &vp);
    CHECK(d.reported(D3D12_MESSAGE_ID_UNKNOWN, "outside D3D12's bounds"));
    CHECK(list->Close() == E_INVALIDARG);
    list->Release();
    REQUIRE(d.allocator->Reset() == S_OK);
  }
  // An empty viewport draws nothing (and is no invalid Vulkan viewport).
  list = rig.begin();
  const D3D12_VIEWPORT empty{0, 0, 0, 0, 0, 1};
  list->RSSetViewports(1, &empty);
  list->DrawInstanced(3, 1, 0, 0);
  CHECK(rig.redPixels(list) == 0);
}

TEST_CASE("hostile draws: vertex strides past a vertex and misaligned index buffers are refused",
          "[hostile][d3d12][draw]") {
  HostileDevice12 d;
  DrawRig rig(d);
  ID3D12GraphicsCommandList* list = rig.begin();
  D3D12_VERTEX_BUFFER_VIEW vb{rig.vertices->GetGPUVirtualAddress(), 36, 0xFFFFFFF0u};
  list->IASetVertexBuffers(0, 1, &vb);
  CHECK(d.reported(D3D12_MESSAGE_ID_UNKNOWN, "more than a vertex's 2048 bytes"));
  D3D12_INDEX_BUFFER_VIEW ib{rig.indices->GetGPUVirtualAddress() + 2, 8, DXGI_FORMAT_R32_UINT};
  list->IASetIndexBuffer(&ib);
  CHECK(d.reported(D3D12_MESSAGE_ID_UNKNOWN, "not a multiple of the index size"));
  CHECK(list->Close() == E_INVALIDARG);
  list->Release();
}
