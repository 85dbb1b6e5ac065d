// tests/d3d12/register_spaces12.h — what the D3D12 register-space tests share:
// a device with one direct list that fills DEFAULT buffers and textures by
// copies and reads buffers back, buffer view descs, and one shader body run
// as a one-thread dispatch or a one-pixel draw with the root arguments set
// through the compute or graphics entry points.
#pragma once

#include "d3d12_pipeline_util.h"

#include <cstring>
#include <string>
#include <vector>

namespace d3dvk::test {

// A device, a direct queue and one list, plus the resources a test makes:
// upload buffers written on the CPU, DEFAULT buffers and textures filled by
// copies recorded at the list's start, and read-back copies recorded at its end.
struct SpacesRig {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  UINT64 value = 0;
  std::vector<IUnknown*> owned;

  ~SpacesRig() {
    list->Release();
    allocator->Release();
    for (auto it = owned.rbegin(); it != owned.rend(); ++it) (*it)->Release();
    fence->Release();
    queue->Release();
    CHECK(device->Release() == 0);
  }
  template <typename T>
  T* own(T* object) {
    owned.push_back(object);
    return object;
  }
  // An UPLOAD buffer holding `words`.
  ID3D12Resource* upload(const std::vector<uint32_t>& words) {
    ID3D12Resource* b = own(createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, words.size() * 4));
    writeUpload(b, 0, words.data(), words.size() * 4);
    return b;
  }
  void transition(ID3D12Resource* r, D3D12_RESOURCE_STATES from, D3D12_RESOURCE_STATES to) {
    D3D12_RESOURCE_BARRIER b{};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition = {r, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, from, to};
    list->ResourceBarrier(1, &b);
  }
  // A DEFAULT buffer (UAV-capable) holding `words`, left in `state`.
  ID3D12Resource* buffer(const std::vector<uint32_t>& words, D3D12_RESOURCE_STATES state) {
    D3D12_RESOURCE_DESC d = bufferDesc(words.size() * 4);
    d.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
    ID3D12Resource* b = own(createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, d, D3D12_RESOURCE_STATE_COPY_DEST));
    list->CopyBufferRegion(b, 0, upload(words), 0, words.size() * 4);
    transition(b, D3D12_RESOURCE_STATE_COPY_DEST, state);
    return b;
  }
  // A 2×2 texture of one 32-bit format holding `texels` (row-major), left in `state`.
  ID3D12Resource* texture2x2(DXGI_FORMAT format, const uint32_t (&texels)[4], D3D12_RESOURCE_FLAGS flags,
                             D3D12_RESOURCE_STATES state) {
    ID3D12Resource* t = own(createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, texture2DDesc(2, 2, format, flags),
                                            D3D12_RESOURCE_STATE_COPY_DEST));
    std::vector<uint32_t> rows(128);  // two rows of 256 bytes
    rows[0] = texels[0], rows[1] = texels[1], rows[64] = texels[2], rows[65] = texels[3];
    D3D12_TEXTURE_COPY_LOCATION dst = subresourceLocation(t, 0);
    D3D12_TEXTURE_COPY_LOCATION src = footprintLocation(upload(rows), {0, {format, 2, 2, 1, 256}});
    list->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
    transition(t, D3D12_RESOURCE_STATE_COPY_DEST, state);
    return t;
  }
  // Records the copy of buffer `b` (in `state`) into a new read-back buffer.
  ID3D12Resource* readBack(ID3D12Resource* b, D3D12_RESOURCE_STATES state) {
    const UINT64 size = b->GetDesc().Width;
    ID3D12Resource* r = own(createBuffer(device, D3D12_HEAP_TYPE_READBACK, size));
    transition(b, state, D3D12_RESOURCE_STATE_COPY_SOURCE);
    list->CopyBufferRegion(r, 0, b, 0, size);
    return r;
  }
  void execute() {
    REQUIRE(list->Close() == S_OK);
    executeAndWait(queue, {list}, fence, &value);
  }
  static std::vector<uint32_t> words(ID3D12Resource* readback) {
    const std::vector<unsigned char> bytes = readBuffer(readback, size_t(readback->GetDesc().Width));
    std::vector<uint32_t> out(bytes.size() / 4);
    std::memcpy(out.data(), bytes.data(), out.size() * 4);
    return out;
  }
  ID3D12DescriptorHeap* heap(D3D12_DESCRIPTOR_HEAP_TYPE type, UINT count) {
    D3D12_DESCRIPTOR_HEAP_DESC hd{type, count, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
    void* out = nullptr;
    REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), &out) == S_OK);
    return own(static_cast<ID3D12DescriptorHeap*>(out));
  }
  D3D12_CPU_DESCRIPTOR_HANDLE slot(ID3D12DescriptorHeap* h, UINT i) {
    return {h->GetCPUDescriptorHandleForHeapStart().ptr + i * device->GetDescriptorHandleIncrementSize(h->GetDesc().Type)};
  }
  D3D12_GPU_DESCRIPTOR_HANDLE gpuSlot(ID3D12DescriptorHeap* h, UINT i) {
    return {h->GetGPUDescriptorHandleForHeapStart().ptr + i * device->GetDescriptorHandleIncrementSize(h->GetDesc().Type)};
  }
};

// `count` words from `first`: first, first + 1, ...
inline std::vector<uint32_t> sequence(uint32_t first, size_t count) {
  std::vector<uint32_t> w(count);
  for (size_t i = 0; i < count; ++i) w[i] = first + uint32_t(i);
  return w;
}

inline D3D12_SHADER_RESOURCE_VIEW_DESC bufferSrv(DXGI_FORMAT format, UINT64 first, UINT count, UINT stride, bool raw) {
  D3D12_SHADER_RESOURCE_VIEW_DESC d{};
  d.Format = format;
  d.ViewDimension = D3D12_SRV_DIMENSION_BUFFER;
  d.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
  d.Buffer = {first, count, stride, raw ? D3D12_BUFFER_SRV_FLAG_RAW : D3D12_BUFFER_SRV_FLAG_NONE};
  return d;
}

inline D3D12_UNORDERED_ACCESS_VIEW_DESC bufferUav(DXGI_FORMAT format, UINT64 first, UINT count, UINT stride, bool raw,
                                           UINT64 counterOffset = 0) {
  D3D12_UNORDERED_ACCESS_VIEW_DESC d{};
  d.Format = format;
  d.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;
  d.Buffer = {first, count, stride, counterOffset, raw ? D3D12_BUFFER_UAV_FLAG_RAW : D3D12_BUFFER_UAV_FLAG_NONE};
  return d;
}


// VS: a triangle covering the viewport from SV_VertexID (no vertex buffers).
inline const char kCoverVs[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_VertexID              0   x           0   VERTID    uint   x
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
//
vs_5_0
dcl_input_sgv v0.x, vertex_id
dcl_output_siv o0.xyzw, position
dcl_temps 1
ieq r0.xy, v0.xxxx, l(1, 2, 0, 0)
movc o0.xy, r0.xyxx, l(3.0, 3.0, 0, 0), l(-1.0, -1.0, 0, 0)
mov o0.zw, l(0, 0, 0.5, 1.0)
ret
)";

inline const char kPsHeader[] = R"(//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_1)";

// The listing of `body` as a compute shader (one thread) or a pixel shader
// (writing 1 to its target), `THREADS` replaced.
inline std::string stageListing(const char* body, bool pixel) {
  std::string text = std::string(pixel ? kPsHeader : "cs_5_1") + body;
  text.replace(text.find("THREADS"), 7,
               pixel ? "dcl_output o0.xyzw\nmov o0.xyzw, l(1.0,1.0,1.0,1.0)" : "dcl_thread_group 1, 1, 1");
  return text;
}

// Creates the compute PSO, or the graphics PSO (kCoverVs + the pixel shader,
// one RGBA8 target, conservative rasterization when asked), of `listing` under `rs`.
inline ID3D12PipelineState* spacesPso(SpacesRig& rig, ID3D12RootSignature* rs, const std::string& listing, bool pixel,
                                      bool conservative = false) {
  const std::vector<uint8_t> code = assembled(listing.c_str());
  void* out = nullptr;
  if (!pixel) {
    D3D12_COMPUTE_PIPELINE_STATE_DESC cd{rs, shaderBytecode(code), 0, {}, D3D12_PIPELINE_STATE_FLAG_NONE};
    REQUIRE(rig.device->CreateComputePipelineState(&cd, __uuidof(ID3D12PipelineState), &out) == S_OK);
  } else {
    const std::vector<uint8_t> vs = assembled(kCoverVs);
    D3D12_GRAPHICS_PIPELINE_STATE_DESC d = constantColourPsoDesc(
        rs, vs, code, conservative ? D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON : D3D12_CONSERVATIVE_RASTERIZATION_MODE_OFF);
    d.InputLayout = {nullptr, 0};
    d.DepthStencilState.DepthEnable = FALSE;
    REQUIRE(rig.device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState), &out) == S_OK);
  }
  return rig.own(static_cast<ID3D12PipelineState*>(out));
}

// One dispatch of one thread, or one draw covering one pixel (a 1×1 viewport
// on a 16×16 target: the pixel shader runs once), with `bind` setting the
// root arguments through the compute or graphics entry points.
struct RootBinder {
  ID3D12GraphicsCommandList* list;
  bool pixel;
  void table(UINT i, D3D12_GPU_DESCRIPTOR_HANDLE h) const {
    pixel ? list->SetGraphicsRootDescriptorTable(i, h) : list->SetComputeRootDescriptorTable(i, h);
  }
  void srv(UINT i, D3D12_GPU_VIRTUAL_ADDRESS a) const {
    pixel ? list->SetGraphicsRootShaderResourceView(i, a) : list->SetComputeRootShaderResourceView(i, a);
  }
  void uav(UINT i, D3D12_GPU_VIRTUAL_ADDRESS a) const {
    pixel ? list->SetGraphicsRootUnorderedAccessView(i, a) : list->SetComputeRootUnorderedAccessView(i, a);
  }
  void cbv(UINT i, D3D12_GPU_VIRTUAL_ADDRESS a) const {
    pixel ? list->SetGraphicsRootConstantBufferView(i, a) : list->SetComputeRootConstantBufferView(i, a);
  }
};

// With `bundleHeaps`, the pipeline, root arguments and draw or dispatch are a
// bundle's (setting those heaps, as the list does), which the list executes.
template <typename Bind>
void runOnce(SpacesRig& rig, ID3D12RootSignature* rs, ID3D12PipelineState* pso, bool pixel, const Bind& bind,
             RenderTarget16* target, const std::vector<ID3D12DescriptorHeap*>& bundleHeaps = {}) {
  ID3D12GraphicsCommandList* list = rig.list;
  if (pixel) {
    const float clear[4] = {0, 0, 0, 0};
    target->bind(list, clear);
    D3D12_VIEWPORT vp{0, 0, 1, 1, 0, 1};
    list->RSSetViewports(1, &vp);
  }
  ID3D12GraphicsCommandList* recording = list;
  if (!bundleHeaps.empty()) {
    ID3D12CommandAllocator* allocator = rig.own(createAllocator(rig.device, D3D12_COMMAND_LIST_TYPE_BUNDLE));
    recording = rig.own(createList(rig.device, D3D12_COMMAND_LIST_TYPE_BUNDLE, allocator));
    recording->SetDescriptorHeaps(UINT(bundleHeaps.size()), const_cast<ID3D12DescriptorHeap**>(bundleHeaps.data()));
  }
  if (pixel) {
    recording->SetGraphicsRootSignature(rs);
    recording->SetPipelineState(pso);
    recording->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    bind(RootBinder{recording, true});
    recording->DrawInstanced(3, 1, 0, 0);
  } else {
    recording->SetComputeRootSignature(rs);
    recording->SetPipelineState(pso);
    bind(RootBinder{recording, false});
    recording->Dispatch(1, 1, 1);
  }
  if (recording != list) {
    REQUIRE(recording->Close() == S_OK);
    list->ExecuteBundle(recording);
  }
}

inline uint32_t floatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

}  // namespace d3dvk::test
