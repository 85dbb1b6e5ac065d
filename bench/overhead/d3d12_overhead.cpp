// bench/overhead/d3d12_overhead.cpp — the modes through the public D3D12 API:
// one command list records the N draws, one ExecuteCommandLists submits it,
// and "until done" ends with a fence the CPU waits for. The application's
// part: recording, Close and ExecuteCommandLists. Constant data comes the
// D3D12 way: written by the CPU into a persistently mapped UPLOAD buffer, a
// new 256-byte slot per draw, bound as a root CBV.
#include "overhead.h"

#include "dxbc/listing.h"

#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <dxguids/dxguids.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace overhead {
namespace {

template <typename T>
struct Ref {
  T* p = nullptr;
  Ref() = default;
  Ref(const Ref&) = delete;
  Ref& operator=(const Ref&) = delete;
  ~Ref() {
    if (p) p->Release();
  }
  void** out() { return reinterpret_cast<void**>(&p); }
  T* operator->() const { return p; }
};

void check(HRESULT hr, const char* what) {
  if (FAILED(hr)) {
    std::fprintf(stderr, "d3dvk-bench-overhead: D3D12 %s failed with HRESULT 0x%08X\n", what, unsigned(hr));
    std::exit(1);
  }
}

D3D12_RESOURCE_DESC bufferDesc(UINT64 size) {
  D3D12_RESOURCE_DESC d{};
  d.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
  d.Width = size;
  d.Height = 1;
  d.DepthOrArraySize = 1;
  d.MipLevels = 1;
  d.SampleDesc.Count = 1;
  d.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
  return d;
}

D3D12_RESOURCE_DESC textureDesc(UINT size, D3D12_RESOURCE_FLAGS flags) {
  D3D12_RESOURCE_DESC d{};
  d.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
  d.Width = d.Height = size;
  d.DepthOrArraySize = 1;
  d.MipLevels = 1;
  d.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  d.SampleDesc.Count = 1;
  d.Flags = flags;
  return d;
}

void committed(ID3D12Device* d, D3D12_HEAP_TYPE heap, const D3D12_RESOURCE_DESC& desc, D3D12_RESOURCE_STATES state,
               Ref<ID3D12Resource>& out) {
  D3D12_HEAP_PROPERTIES props{};
  props.Type = heap;
  check(d->CreateCommittedResource(&props, D3D12_HEAP_FLAG_NONE, &desc, state, nullptr, __uuidof(ID3D12Resource),
                                   out.out()),
        "CreateCommittedResource");
}

struct Rig {
  Ref<ID3D12Device> device;
  Ref<ID3D12CommandQueue> queue;
  Ref<ID3D12CommandAllocator> allocator;
  Ref<ID3D12GraphicsCommandList> list;
  Ref<ID3D12Fence> fence;
  UINT64 fenceValue = 0;
  Ref<ID3D12Resource> target, vertices, upload, textureUpload;
  Ref<ID3D12Resource> textures[2 * kChurnTextures];
  Ref<ID3D12DescriptorHeap> rtvHeap, srvHeap;
  Ref<ID3D12RootSignature> rootSignature;
  Ref<ID3D12PipelineState> pso[kShaderVariants];  // draw/map: [0]; blend: [0], [1]; churn: all 8
  unsigned char* uploadData = nullptr;
  UINT64 uploadSlots = 0;
  D3D12_VERTEX_BUFFER_VIEW vbv{};
};

void createPso(Rig& r, Mode mode, uint32_t index, const std::vector<uint8_t>& vs, const std::vector<uint8_t>& ps) {
  D3D12_GRAPHICS_PIPELINE_STATE_DESC d{};
  d.pRootSignature = r.rootSignature.p;
  d.VS = {vs.data(), vs.size()};
  d.PS = {ps.data(), ps.size()};
  D3D12_RENDER_TARGET_BLEND_DESC& rt = d.BlendState.RenderTarget[0];
  rt.BlendEnable = mode == Mode::Blend;
  rt.SrcBlend = index ? D3D12_BLEND_ONE : D3D12_BLEND_SRC_ALPHA;
  rt.DestBlend = index ? D3D12_BLEND_ONE : D3D12_BLEND_INV_SRC_ALPHA;
  rt.BlendOp = rt.BlendOpAlpha = D3D12_BLEND_OP_ADD;
  rt.SrcBlendAlpha = D3D12_BLEND_ONE;
  rt.DestBlendAlpha = D3D12_BLEND_ZERO;
  rt.LogicOp = D3D12_LOGIC_OP_NOOP;
  rt.RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALL;
  d.SampleMask = 0xFFFFFFFFu;
  d.RasterizerState.FillMode = D3D12_FILL_MODE_SOLID;
  d.RasterizerState.CullMode = D3D12_CULL_MODE_NONE;
  d.RasterizerState.DepthClipEnable = TRUE;
  d.RasterizerState.ConservativeRaster = mode == Mode::Conservative ? D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON
                                                                    : D3D12_CONSERVATIVE_RASTERIZATION_MODE_OFF;
  static const D3D12_INPUT_ELEMENT_DESC element{"POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0,
                                                D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0};
  d.InputLayout = {&element, 1};
  d.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
  d.NumRenderTargets = 1;
  d.RTVFormats[0] = DXGI_FORMAT_R8G8B8A8_UNORM;
  d.SampleDesc.Count = 1;
  check(r.device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState), r.pso[index].out()),
        "CreateGraphicsPipelineState");
}

void execute(Rig& r) {
  check(r.list->Close(), "Close");
  ID3D12CommandList* lists[] = {r.list.p};
  r.queue->ExecuteCommandLists(1, lists);
}

void wait(Rig& r) {
  check(r.queue->Signal(r.fence.p, ++r.fenceValue), "Signal");
  check(r.fence->SetEventOnCompletion(r.fenceValue, nullptr), "SetEventOnCompletion");
}

void setUp(Rig& r, Mode mode, uint32_t draws) {
  check(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, __uuidof(ID3D12Device), r.device.out()), "D3D12CreateDevice");
  ID3D12Device* d = r.device.p;
  D3D12_COMMAND_QUEUE_DESC qd{};
  qd.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
  check(d->CreateCommandQueue(&qd, __uuidof(ID3D12CommandQueue), r.queue.out()), "CreateCommandQueue");
  check(d->CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT, __uuidof(ID3D12CommandAllocator), r.allocator.out()),
        "CreateCommandAllocator");
  check(d->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, r.allocator.p, nullptr,
                             __uuidof(ID3D12GraphicsCommandList), r.list.out()),
        "CreateCommandList");
  check(d->CreateFence(0, D3D12_FENCE_FLAG_NONE, __uuidof(ID3D12Fence), r.fence.out()), "CreateFence");

  committed(d, D3D12_HEAP_TYPE_DEFAULT, textureDesc(kTarget, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET),
            D3D12_RESOURCE_STATE_RENDER_TARGET, r.target);
  D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
  check(d->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), r.rtvHeap.out()), "CreateDescriptorHeap");
  d->CreateRenderTargetView(r.target.p, nullptr, r.rtvHeap->GetCPUDescriptorHandleForHeapStart());

  // Vertices (UPLOAD: read in place) and the constants: a 256-byte slot per draw, slot 0 for the draw mode.
  const std::vector<float> verts = mode == Mode::Conservative ? conservativeTriangles() : oneTriangle();
  committed(d, D3D12_HEAP_TYPE_UPLOAD, bufferDesc(verts.size() * 4), D3D12_RESOURCE_STATE_GENERIC_READ, r.vertices);
  void* mapped = nullptr;
  check(r.vertices->Map(0, nullptr, &mapped), "Map (vertices)");
  std::memcpy(mapped, verts.data(), verts.size() * 4);
  r.vbv = {r.vertices->GetGPUVirtualAddress(), UINT(verts.size() * 4), 16};
  r.uploadSlots = draws;
  committed(d, D3D12_HEAP_TYPE_UPLOAD, bufferDesc(UINT64(draws) * 256), D3D12_RESOURCE_STATE_GENERIC_READ, r.upload);
  check(r.upload->Map(0, nullptr, reinterpret_cast<void**>(&r.uploadData)), "Map (upload)");
  float constants[16];
  constantsOf(0, constants);
  std::memcpy(r.uploadData, constants, 64);

  // Root signature: b0 a root CBV (every stage), t0..t15 a table (pixel shader).
  D3D12_DESCRIPTOR_RANGE range{D3D12_DESCRIPTOR_RANGE_TYPE_SRV, kChurnTextures, 0, 0, 0};
  D3D12_ROOT_PARAMETER params[2]{};
  params[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_CBV;
  params[0].Descriptor = {0, 0};
  params[0].ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
  params[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  params[1].DescriptorTable = {1, &range};
  params[1].ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;
  D3D12_ROOT_SIGNATURE_DESC rd{mode == Mode::Churn ? 2u : 1u, params, 0, nullptr,
                               D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT};
  ID3DBlob* blob = nullptr;
  check(D3D12SerializeRootSignature(&rd, D3D_ROOT_SIGNATURE_VERSION_1_0, &blob, nullptr), "D3D12SerializeRootSignature");
  check(d->CreateRootSignature(0, blob->GetBufferPointer(), blob->GetBufferSize(), __uuidof(ID3D12RootSignature),
                               r.rootSignature.out()),
        "CreateRootSignature");
  blob->Release();

  const std::vector<uint8_t> vs = d3dvk::dxbc::assemble(kVertexShaderListing).container;
  const std::vector<uint8_t> ps = d3dvk::dxbc::assemble(kPixelShaderListing).container;
  const uint32_t psos = mode == Mode::Blend ? 2 : mode == Mode::Churn ? kShaderVariants : 1;
  for (uint32_t i = 0; i < psos; ++i)
    createPso(r, mode, i, vs, mode == Mode::Churn ? d3dvk::dxbc::assemble(churnPixelShaderListing(i)).container : ps);

  if (mode == Mode::Churn) {
    D3D12_DESCRIPTOR_HEAP_DESC sd{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 2 * kChurnTextures,
                                  D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
    check(d->CreateDescriptorHeap(&sd, __uuidof(ID3D12DescriptorHeap), r.srvHeap.out()), "CreateDescriptorHeap (SRV)");
    const UINT increment = d->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    committed(d, D3D12_HEAP_TYPE_UPLOAD, bufferDesc(512 * 2 * kChurnTextures), D3D12_RESOURCE_STATE_GENERIC_READ,
              r.textureUpload);
    unsigned char* texels = nullptr;
    check(r.textureUpload->Map(0, nullptr, reinterpret_cast<void**>(&texels)), "Map (texture upload)");
    for (uint32_t t = 0; t < 2 * kChurnTextures; ++t) {
      const uint32_t texel = textureColour(t);
      std::memcpy(texels + 512 * t, &texel, 4);
      committed(d, D3D12_HEAP_TYPE_DEFAULT, textureDesc(1, D3D12_RESOURCE_FLAG_NONE), D3D12_RESOURCE_STATE_COPY_DEST,
                r.textures[t]);
      D3D12_TEXTURE_COPY_LOCATION dst{}, src{};
      dst.pResource = r.textures[t].p;
      dst.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
      src.pResource = r.textureUpload.p;
      src.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
      src.PlacedFootprint = {512ull * t, {DXGI_FORMAT_R8G8B8A8_UNORM, 1, 1, 1, 256}};
      r.list->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
      D3D12_RESOURCE_BARRIER b{};
      b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
      b.Transition = {r.textures[t].p, 0, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE};
      r.list->ResourceBarrier(1, &b);
      D3D12_CPU_DESCRIPTOR_HANDLE h = r.srvHeap->GetCPUDescriptorHandleForHeapStart();
      h.ptr += SIZE_T(increment) * t;
      d->CreateShaderResourceView(r.textures[t].p, nullptr, h);
    }
  }
  execute(r);
  wait(r);
}

// Records the draws of one run (after the list's Reset).
void record(Rig& r, Mode mode, uint32_t draws) {
  ID3D12GraphicsCommandList* l = r.list.p;
  const D3D12_CPU_DESCRIPTOR_HANDLE rtv = r.rtvHeap->GetCPUDescriptorHandleForHeapStart();
  l->OMSetRenderTargets(1, &rtv, FALSE, nullptr);
  const D3D12_VIEWPORT viewport{0, 0, float(kTarget), float(kTarget), 0, 1};
  const D3D12_RECT scissor{0, 0, LONG(kTarget), LONG(kTarget)};
  l->RSSetViewports(1, &viewport);
  l->RSSetScissorRects(1, &scissor);
  l->SetGraphicsRootSignature(r.rootSignature.p);
  if (r.srvHeap.p) l->SetDescriptorHeaps(1, &r.srvHeap.p);
  l->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  l->IASetVertexBuffers(0, 1, &r.vbv);
  l->SetPipelineState(r.pso[0].p);
  const D3D12_GPU_VIRTUAL_ADDRESS constants = r.upload->GetGPUVirtualAddress();
  l->SetGraphicsRootConstantBufferView(0, constants);
  const UINT increment = r.device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  for (uint32_t i = 0; i < draws; ++i) {
    if (mode == Mode::Map || mode == Mode::Blend || mode == Mode::Churn) {
      constantsOf(i, reinterpret_cast<float*>(r.uploadData + 256ull * i));
      l->SetGraphicsRootConstantBufferView(0, constants + 256ull * i);
    }
    if (mode == Mode::Blend) l->SetPipelineState(r.pso[i & 1].p);
    if (mode == Mode::Churn) {
      l->SetPipelineState(r.pso[i % kShaderVariants].p);
      D3D12_GPU_DESCRIPTOR_HANDLE table = r.srvHeap->GetGPUDescriptorHandleForHeapStart();
      table.ptr += UINT64(increment) * kChurnTextures * (i & 1);
      l->SetGraphicsRootDescriptorTable(1, table);
    }
    l->DrawInstanced(mode == Mode::Conservative ? 3 * kConservativeTriangles : 3, 1, 0, 0);
  }
}

void reset(Rig& r) {
  check(r.allocator->Reset(), "CommandAllocator::Reset");
  check(r.list->Reset(r.allocator.p, nullptr), "CommandList::Reset");
}

}  // namespace

Result runD3D12(Mode mode, const Options& options) {
  if (mode == Mode::Cull) {
    Result skipped;  // (what the blend mode measures: two pipeline states alternating)
    skipped.skipped = "D3D12's rasterizer state is part of its pipeline states: the blend mode's two alternating";
    return skipped;
  }
  if (meetsNewState(mode)) {
    Result skipped;  // D3D12 has no draw-time state objects: its pipeline states are made ahead
    skipped.skipped = "D3D12 pipeline states are created by the application, not at a draw";
    return skipped;
  }
  const uint32_t draws = drawsOf(mode, options);
  Rig rig;
  setUp(rig, mode, draws);
  // Warm-up.
  reset(rig);
  record(rig, mode, std::min<uint32_t>(draws, 64));
  execute(rig);
  wait(rig);
  return measure(
      draws, options.repeat, [&] { reset(rig); },
      [&] {
        record(rig, mode, draws);
        execute(rig);
      },
      [&] { wait(rig); });
}

}  // namespace overhead
