// tests/d3d12: what the D3D12 stream-output tests share (test_d3d12_stream_output*.cpp):
// a capturing vertex shader, its vertex layout, and a fixture of a device,
// queue, list and fence with the pieces of a capture (upload and STREAM_OUT
// buffers, transitions, read-backs).
#pragma once

#include "d3d12_pipeline_util.h"
#include "d3d12_test_util.h"

#include <cstring>
#include <vector>

namespace d3dvk::test::stream_output12 {


// VS: POSITION.xyz (v0), COLOR (v1) → SV_Position (x, y, z, 1), COLOR as is,
// TEXCOORD = (2x, 3y, z + 1, 7).
inline const char kVsCapture[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xyz         0     NONE   float   xyz
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
// TEXCOORD                 0   xyzw        2     NONE   float   xyzw
//
vs_5_0
dcl_input v0.xyz
dcl_input v1.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output o2.xyzw
mov o0.xyz, v0.xyzx
mov o0.w, l(1.000000)
mov o1.xyzw, v1.xyzw
mul o2.xy, v0.xyxx, l(2.000000, 3.000000, 0.000000, 0.000000)
add o2.z, v0.z, l(1.000000)
mov o2.w, l(7.000000)
ret
)";


struct Vertex {
  float x, y, z, r, g, b, a;
};

inline const D3D12_INPUT_ELEMENT_DESC kLayout[] = {
    {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
    {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 12, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0}};

inline constexpr uint32_t kUntouched = 0xABABABABu;

// A device, a direct queue, list and fence, and the pieces of a capture.
struct SoFixture {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  ID3D12Fence* fence = createFence(device);
  UINT64 fenceValue = 0;
  std::vector<ID3D12Resource*> owned;

  ~SoFixture() {
    for (ID3D12Resource* r : owned) r->Release();
    fence->Release();
    list->Release();
    allocator->Release();
    queue->Release();
    device->Release();
  }
  ID3D12RootSignature* rootSignature(D3D12_ROOT_SIGNATURE_FLAGS flags = D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT |
                                                                        D3D12_ROOT_SIGNATURE_FLAG_ALLOW_STREAM_OUTPUT) {
    D3D12_ROOT_SIGNATURE_DESC d{0, nullptr, 0, nullptr, flags};
    return createRootSignature(device, d);
  }
  // An UPLOAD buffer holding `bytes`.
  ID3D12Resource* upload(const void* bytes, size_t size) {
    ID3D12Resource* b = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, size);
    writeUpload(b, 0, bytes, size);
    owned.push_back(b);
    return b;
  }
  // A DEFAULT buffer of `size` bytes of `fill`, copied in by `list` and left in STREAM_OUT.
  ID3D12Resource* streamOutBuffer(UINT64 size, unsigned char fill) {
    const std::vector<unsigned char> bytes(size, fill);
    ID3D12Resource* src = upload(bytes.data(), bytes.size());
    ID3D12Resource* b = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, bufferDesc(size), D3D12_RESOURCE_STATE_COPY_DEST);
    owned.push_back(b);
    list->CopyBufferRegion(b, 0, src, 0, size);
    transition(b, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_STREAM_OUT);
    return b;
  }
  void transition(ID3D12Resource* r, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after) {
    D3D12_RESOURCE_BARRIER b{};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition = {r, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, before, after};
    list->ResourceBarrier(1, &b);
  }
  // Records the copy of `r` (in STREAM_OUT) into a new READBACK buffer.
  ID3D12Resource* readBack(ID3D12Resource* r, UINT64 size) {
    ID3D12Resource* rb = createBuffer(device, D3D12_HEAP_TYPE_READBACK, size);
    owned.push_back(rb);
    transition(r, D3D12_RESOURCE_STATE_STREAM_OUT, D3D12_RESOURCE_STATE_COPY_SOURCE);
    list->CopyBufferRegion(rb, 0, r, 0, size);
    transition(r, D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_STREAM_OUT);
    return rb;
  }
  void run() {
    REQUIRE(list->Close() == S_OK);
    executeAndWait(queue, {list}, fence, &fenceValue);
  }
  void reset() {
    REQUIRE(list->Reset(allocator, nullptr) == S_OK);
  }
  void bindVertices(const Vertex* vertices, UINT count) {
    ID3D12Resource* vb = upload(vertices, sizeof(Vertex) * count);
    D3D12_VERTEX_BUFFER_VIEW view{vb->GetGPUVirtualAddress(), UINT(sizeof(Vertex) * count), sizeof(Vertex)};
    list->IASetVertexBuffers(0, 1, &view);
  }
  void viewport(UINT size) {
    D3D12_VIEWPORT vp{0, 0, float(size), float(size), 0, 1};
    D3D12_RECT scissor{0, 0, LONG(size), LONG(size)};
    list->RSSetViewports(1, &vp);
    list->RSSetScissorRects(1, &scissor);
  }
};

inline std::vector<uint32_t> words(ID3D12Resource* readback, size_t bytes) {
  const std::vector<unsigned char> raw = readBuffer(readback, bytes);
  std::vector<uint32_t> out(bytes / 4);
  std::memcpy(out.data(), raw.data(), out.size() * 4);
  return out;
}
inline uint32_t bitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

// A point-list PSO of kVsCapture (plus `gs`/`ps` when given) with `so`, no render target unless `rtv`.
inline D3D12_GRAPHICS_PIPELINE_STATE_DESC soPsoDesc(ID3D12RootSignature* rs, const std::vector<uint8_t>& vs,
                                             const D3D12_STREAM_OUTPUT_DESC& so) {
  D3D12_GRAPHICS_PIPELINE_STATE_DESC d = constantColourPsoDesc(rs, vs, vs);
  d.PS = {};
  d.NumRenderTargets = 0;
  d.RTVFormats[0] = DXGI_FORMAT_UNKNOWN;
  d.InputLayout = {kLayout, 2};
  d.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_POINT;
  d.StreamOutput = so;
  return d;
}

inline ID3D12PipelineState* createPso(ID3D12Device* device, const D3D12_GRAPHICS_PIPELINE_STATE_DESC& d) {
  void* pso = nullptr;
  HRESULT hr = device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState), &pso);
  return createdOrFail<ID3D12PipelineState>(hr, pso);
}

}  // namespace d3dvk::test::stream_output12
