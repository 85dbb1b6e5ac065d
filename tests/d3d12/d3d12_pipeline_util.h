// tests/d3d12/d3d12_pipeline_util.h — small pipelines for the D3D12 tests of
// the info queue, ExecuteIndirect and multi-queue work: a position-only vertex
// shader, a pixel shader writing b0[0], a compute shader writing a raw UAV,
// root signatures for them, and a 16×16 RGBA8 render target read back as
// pixels, and pipeline state streams. (test_d3d12_draw.cpp has its own richer set.)
#pragma once

#include "d3d12_test_util.h"
#include "dxbc/listing.h"

namespace d3dvk::test {

// VS: POSITION.xyz (v0) → SV_Position (w 1).
inline const char kPipelineVsPosition[] = R"(//
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

// PS: SV_Target0 = cb0[0] (four root constants).
inline const char kPipelinePsConstant[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_output o0.xyzw
mov o0.xyzw, cb0[0].xyzw
ret
)";

// CS (64 threads per group): u0[group * 64 + thread] += 1 + cb0[0].x, raw UAV
// of 32-bit words — a Dispatch(n) adds to the first 64n words.
inline const char kPipelineCsAdd[] = R"(cs_5_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_uav_raw u0
dcl_input vThreadID.x
dcl_temps 2
dcl_thread_group 64, 1, 1
ishl r0.x, vThreadID.x, l(2)
iadd r1.x, cb0[0].x, l(1)
atomic_iadd u0, r0.x, r1.x
ret
)";

inline std::vector<uint8_t> assembled(const char* listing) { return dxbc::assemble(listing).container; }
inline D3D12_SHADER_BYTECODE shaderBytecode(const std::vector<uint8_t>& c) { return {c.data(), c.size()}; }

inline ID3D12RootSignature* createRootSignature(ID3D12Device* device, const D3D12_ROOT_SIGNATURE_DESC& desc) {
  ID3DBlob* blob = nullptr;
  REQUIRE(D3D12SerializeRootSignature(&desc, D3D_ROOT_SIGNATURE_VERSION_1_0, &blob, nullptr) == S_OK);
  void* rs = nullptr;
  HRESULT hr = device->CreateRootSignature(0, blob->GetBufferPointer(), blob->GetBufferSize(),
                                           __uuidof(ID3D12RootSignature), &rs);
  blob->Release();
  return createdOrFail<ID3D12RootSignature>(hr, rs);
}

// Graphics: b0 as `constants` root constants (parameter 0), input layout allowed.
inline ID3D12RootSignature* graphicsRootSignature(ID3D12Device* device, UINT constants = 4) {
  D3D12_ROOT_PARAMETER p{};
  p.ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
  p.Constants = {0, 0, constants};
  p.ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
  D3D12_ROOT_SIGNATURE_DESC d{1, &p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT};
  return createRootSignature(device, d);
}

// Compute: b0 one root constant (parameter 0), u0 a root UAV (parameter 1).
inline ID3D12RootSignature* computeRootSignature(ID3D12Device* device) {
  D3D12_ROOT_PARAMETER p[2]{};
  p[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
  p[0].Constants = {0, 0, 1};
  p[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_UAV;
  p[1].Descriptor = {0, 0};
  D3D12_ROOT_SIGNATURE_DESC d{2, p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_NONE};
  return createRootSignature(device, d);
}

inline const D3D12_INPUT_ELEMENT_DESC kPipelinePositionLayout[] = {
    {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0}};

// The desc of the position VS + constant PS into one RGBA8 target, no depth,
// no culling, one sample (vs and ps: the assembled shaders, which outlive it).
inline D3D12_GRAPHICS_PIPELINE_STATE_DESC constantColourPsoDesc(ID3D12RootSignature* rs, const std::vector<uint8_t>& vs,
                                                                const std::vector<uint8_t>& ps,
                                                                D3D12_CONSERVATIVE_RASTERIZATION_MODE conservative =
                                                                    D3D12_CONSERVATIVE_RASTERIZATION_MODE_OFF) {
  D3D12_GRAPHICS_PIPELINE_STATE_DESC d{};
  d.pRootSignature = rs;
  d.VS = shaderBytecode(vs);
  d.PS = shaderBytecode(ps);
  for (auto& rt : d.BlendState.RenderTarget) {
    rt.SrcBlend = rt.SrcBlendAlpha = D3D12_BLEND_ONE;
    rt.DestBlend = rt.DestBlendAlpha = D3D12_BLEND_ZERO;
    rt.BlendOp = rt.BlendOpAlpha = D3D12_BLEND_OP_ADD;
    rt.LogicOp = D3D12_LOGIC_OP_NOOP;
    rt.RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALL;
  }
  d.SampleMask = 0xFFFFFFFFu;
  d.RasterizerState.FillMode = D3D12_FILL_MODE_SOLID;
  d.RasterizerState.CullMode = D3D12_CULL_MODE_NONE;
  d.RasterizerState.DepthClipEnable = TRUE;
  d.RasterizerState.ConservativeRaster = conservative;
  d.DepthStencilState.DepthFunc = D3D12_COMPARISON_FUNC_LESS;
  d.DepthStencilState.FrontFace = d.DepthStencilState.BackFace = {D3D12_STENCIL_OP_KEEP, D3D12_STENCIL_OP_KEEP,
                                                                   D3D12_STENCIL_OP_KEEP, D3D12_COMPARISON_FUNC_ALWAYS};
  d.InputLayout = {kPipelinePositionLayout, 1};
  d.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
  d.NumRenderTargets = 1;
  d.RTVFormats[0] = DXGI_FORMAT_R8G8B8A8_UNORM;
  d.SampleDesc.Count = 1;
  return d;
}

// That PSO, created.
inline ID3D12PipelineState* createConstantColourPso(ID3D12Device* device, ID3D12RootSignature* rs,
                                                    D3D12_CONSERVATIVE_RASTERIZATION_MODE conservative =
                                                        D3D12_CONSERVATIVE_RASTERIZATION_MODE_OFF) {
  const std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kPipelinePsConstant);
  const D3D12_GRAPHICS_PIPELINE_STATE_DESC d = constantColourPsoDesc(rs, vs, ps, conservative);
  void* pso = nullptr;
  HRESULT hr = device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState), &pso);
  return createdOrFail<ID3D12PipelineState>(hr, pso);
}

inline ID3D12PipelineState* createAddPso(ID3D12Device* device, ID3D12RootSignature* rs) {
  const std::vector<uint8_t> cs = assembled(kPipelineCsAdd);
  D3D12_COMPUTE_PIPELINE_STATE_DESC d{rs, shaderBytecode(cs), 0, {}, D3D12_PIPELINE_STATE_FLAG_NONE};
  void* pso = nullptr;
  HRESULT hr = device->CreateComputePipelineState(&d, __uuidof(ID3D12PipelineState), &pso);
  return createdOrFail<ID3D12PipelineState>(hr, pso);
}

// A 16×16 RGBA8 render target in RENDER_TARGET state with its RTV, and its read-back.
struct RenderTarget16 {
  static constexpr UINT kSize = 16;
  ID3D12Resource* texture;
  ID3D12Resource* readback;
  ID3D12DescriptorHeap* heap = nullptr;
  D3D12_CPU_DESCRIPTOR_HANDLE rtv{};

  DXGI_FORMAT format;  // a 4-byte format: R8G8B8A8_UNORM unless told

  explicit RenderTarget16(ID3D12Device* device, DXGI_FORMAT fmt = DXGI_FORMAT_R8G8B8A8_UNORM)
      : texture(createCommitted(device, D3D12_HEAP_TYPE_DEFAULT,
                                texture2DDesc(kSize, kSize, fmt, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET),
                                D3D12_RESOURCE_STATE_RENDER_TARGET)),
        readback(createBuffer(device, D3D12_HEAP_TYPE_READBACK, 256 * kSize)),
        format(fmt) {
    D3D12_DESCRIPTOR_HEAP_DESC h{D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    REQUIRE(device->CreateDescriptorHeap(&h, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&heap)) == S_OK);
    rtv = heap->GetCPUDescriptorHandleForHeapStart();
    device->CreateRenderTargetView(texture, nullptr, rtv);
  }
  ~RenderTarget16() {
    heap->Release();
    readback->Release();
    texture->Release();
  }
  // Clears to `clear` and sets viewport, scissor and the RTV on `list`.
  void bind(ID3D12GraphicsCommandList* list, const float clear[4]) const {
    list->ClearRenderTargetView(rtv, clear, 0, nullptr);
    D3D12_VIEWPORT vp{0, 0, float(kSize), float(kSize), 0, 1};
    D3D12_RECT scissor{0, 0, LONG(kSize), LONG(kSize)};
    list->RSSetViewports(1, &vp);
    list->RSSetScissorRects(1, &scissor);
    list->OMSetRenderTargets(1, &rtv, FALSE, nullptr);
  }
  // Records the copy of the target into the read-back buffer.
  void copyOut(ID3D12GraphicsCommandList* list) const {
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp{0, {format, kSize, kSize, 1, 256}};
    D3D12_TEXTURE_COPY_LOCATION dst = footprintLocation(readback, fp), src = subresourceLocation(texture, 0);
    list->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
  }
  // The read-back pixels (after the copy ran), row-major RGBA8 as 0xAABBGGRR.
  std::vector<uint32_t> pixels() const {
    std::vector<unsigned char> bytes = readBuffer(readback, 256 * kSize);
    std::vector<uint32_t> out(kSize * kSize);
    for (UINT y = 0; y < kSize; ++y) std::memcpy(&out[y * kSize], &bytes[y * 256], kSize * 4);
    return out;
  }
};

// A pipeline state stream (ID3D12Device2::CreatePipelineState) laid out as the
// D3D12 documentation says: each subobject a `struct alignas(void*) { type; desc; }`.
class PipelineStateStream {
 public:
  template <typename T>
  PipelineStateStream& add(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE type, const T& value) {
    struct alignas(void*) Subobject {
      D3D12_PIPELINE_STATE_SUBOBJECT_TYPE type;
      T value;
    };
    Subobject s;
    std::memset(&s, 0, sizeof s);
    s.type = type;
    s.value = value;
    const size_t at = bytes_.size();
    bytes_.resize(at + sizeof s);
    std::memcpy(bytes_.data() + at, &s, sizeof s);
    return *this;
  }
  // A raw 32-bit type word (for types outside the enum).
  PipelineStateStream& addRawType(int type) {
    const size_t at = bytes_.size();
    bytes_.resize(at + 8);
    std::memcpy(bytes_.data() + at, &type, 4);
    return *this;
  }
  D3D12_PIPELINE_STATE_STREAM_DESC desc() { return {bytes_.size(), bytes_.data()}; }
  size_t size() const { return bytes_.size(); }

 private:
  std::vector<unsigned char> bytes_;
};

// Writes `size` bytes into an UPLOAD buffer at `offset`.
inline void writeUpload(ID3D12Resource* upload, UINT64 offset, const void* bytes, size_t size) {
  void* data = nullptr;
  REQUIRE(upload->Map(0, nullptr, &data) == S_OK);
  std::memcpy(static_cast<unsigned char*>(data) + offset, bytes, size);
  upload->Unmap(0, nullptr);
}

}  // namespace d3dvk::test
