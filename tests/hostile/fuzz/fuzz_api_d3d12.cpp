// tests/hostile/fuzz/fuzz_api_d3d12.cpp — the API fuzzer's D3D12 world: one
// device (debug layer on) with buffers on every heap, 1D/2D/2D-array/3D/depth/
// MSAA textures, descriptor heaps of every type filled with views, compute and
// graphics pipeline states, query heaps and command signatures; each input is
// a command list recorded from the bytes (copies, barriers, clears, queries,
// root arguments and descriptor tables, draws, dispatches, ExecuteIndirect,
// with offsets, coordinates and handles at the edges) and, when Close
// succeeds, executed and waited for. Work the GPU could run for ages is kept
// out by construction: direct counts are small, and a list is executed only
// when its indirect arguments come from the buffer only the host writes (small
// values, or, for dispatches, more than 65535 groups, which d3dvk drops).
#include "dxbc/listing.h"
#include "fuzz_input.h"

#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <directx/d3d12sdklayers.h>
#include <dxguids/dxguids.h>

#include <cstdlib>
#include <vector>

namespace d3dvk::fuzz {
namespace {

const char kCs[] = R"(cs_5_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_uav_raw u0
dcl_input vThreadID.x
dcl_temps 2
dcl_thread_group 8, 1, 1
ishl r0.x, vThreadID.x, l(2)
and r1.x, cb0[0].x, l(7)
atomic_iadd u0, r0.x, r1.x
ret
)";
const char kVs[] = R"(//
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
const char kPs[] = R"(//
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

template <typename T>
T* made(HRESULT hr, void* object) {
  if (FAILED(hr) || !object) fail("D3D12 world: a creation failed", hr);  // the world itself must exist
  return static_cast<T*>(object);
}

struct World12 {
  ID3D12Device* device = nullptr;
  ID3D12InfoQueue* info = nullptr;
  ID3D12CommandQueue* queue = nullptr;
  ID3D12CommandAllocator* allocator = nullptr;
  ID3D12GraphicsCommandList* list = nullptr;
  ID3D12Fence* fence = nullptr;
  UINT64 fenceValue = 0;
  std::vector<ID3D12Resource*> buffers;   // [0] DEFAULT UAV, [1] DEFAULT UAV, [2] UPLOAD, [3] READBACK, [4] UPLOAD (indirect args)
  std::vector<ID3D12Resource*> textures;  // 2D mips RT|UAV, 2D array, 3D UAV, 1D array, depth, MSAA RT
  ID3D12DescriptorHeap* views = nullptr;     // CBV/SRV/UAV, shader-visible, 16
  ID3D12DescriptorHeap* samplers = nullptr;  // sampler, shader-visible, 4
  ID3D12DescriptorHeap* rtvs = nullptr;      // 4
  ID3D12DescriptorHeap* dsvs = nullptr;      // 2
  ID3D12DescriptorHeap* cpuViews = nullptr;  // CBV/SRV/UAV, CPU only, 4
  ID3D12RootSignature* computeRs = nullptr;  // b0 constant (0), u0 root UAV (1)
  ID3D12RootSignature* tableRs = nullptr;    // b0 constant (0), table of 2 UAVs from u0 (1)
  ID3D12RootSignature* graphicsRs = nullptr; // b0 4 constants (0)
  ID3D12PipelineState* computePso = nullptr;
  ID3D12PipelineState* tablePso = nullptr;
  ID3D12PipelineState* graphicsPso = nullptr;
  ID3D12QueryHeap* queries[3] = {};  // occlusion, timestamp, pipeline statistics (8 each)
  ID3D12CommandSignature* signatures[3] = {};  // dispatch, draw, draw indexed

  ID3D12Resource* committed(D3D12_HEAP_TYPE heap, const D3D12_RESOURCE_DESC& desc, D3D12_RESOURCE_STATES state) {
    D3D12_HEAP_PROPERTIES props{};
    props.Type = heap;
    void* r = nullptr;
    return made<ID3D12Resource>(device->CreateCommittedResource(&props, D3D12_HEAP_FLAG_NONE, &desc, state, nullptr,
                                                                __uuidof(ID3D12Resource), &r),
                                r);
  }
  static D3D12_RESOURCE_DESC buffer(UINT64 size, D3D12_RESOURCE_FLAGS flags = D3D12_RESOURCE_FLAG_NONE) {
    D3D12_RESOURCE_DESC d{};
    d.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    d.Width = size;
    d.Height = d.DepthOrArraySize = d.MipLevels = 1;
    d.SampleDesc.Count = 1;
    d.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    d.Flags = flags;
    return d;
  }
  static D3D12_RESOURCE_DESC texture(D3D12_RESOURCE_DIMENSION dim, UINT w, UINT h, UINT16 depth, UINT16 mips,
                                     DXGI_FORMAT format, D3D12_RESOURCE_FLAGS flags, UINT samples = 1) {
    D3D12_RESOURCE_DESC d{};
    d.Dimension = dim;
    d.Width = w;
    d.Height = h;
    d.DepthOrArraySize = depth;
    d.MipLevels = mips;
    d.Format = format;
    d.SampleDesc.Count = samples;
    d.Flags = flags;
    return d;
  }
  ID3D12DescriptorHeap* heap(D3D12_DESCRIPTOR_HEAP_TYPE type, UINT count, bool visible) {
    D3D12_DESCRIPTOR_HEAP_DESC d{type, count, visible ? D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE : D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    void* h = nullptr;
    return made<ID3D12DescriptorHeap>(device->CreateDescriptorHeap(&d, __uuidof(ID3D12DescriptorHeap), &h), h);
  }
  ID3D12RootSignature* rootSignature(const D3D12_ROOT_SIGNATURE_DESC& d) {
    ID3DBlob* blob = nullptr;
    if (FAILED(D3D12SerializeRootSignature(&d, D3D_ROOT_SIGNATURE_VERSION_1_0, &blob, nullptr)))
      fail("D3D12 world: a root signature", E_FAIL);
    void* rs = nullptr;
    HRESULT hr = device->CreateRootSignature(0, blob->GetBufferPointer(), blob->GetBufferSize(),
                                             __uuidof(ID3D12RootSignature), &rs);
    blob->Release();
    return made<ID3D12RootSignature>(hr, rs);
  }

  World12() {
    setenv("D3DVK_GPU_TIMEOUT_MS", "20000", 0);
    ID3D12Debug* debug = nullptr;
    if (SUCCEEDED(D3D12GetDebugInterface(__uuidof(ID3D12Debug), reinterpret_cast<void**>(&debug)))) {
      debug->EnableDebugLayer();
      debug->Release();
    }
    void* out = nullptr;
    device = made<ID3D12Device>(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, __uuidof(ID3D12Device), &out), out);
    if (SUCCEEDED(device->QueryInterface(__uuidof(ID3D12InfoQueue), reinterpret_cast<void**>(&info)))) {
      info->SetMuteDebugOutput(TRUE);
      info->SetMessageCountLimit(64);
    }
    D3D12_COMMAND_QUEUE_DESC qd{};
    queue = made<ID3D12CommandQueue>(device->CreateCommandQueue(&qd, __uuidof(ID3D12CommandQueue), &out), out);
    allocator = made<ID3D12CommandAllocator>(
        device->CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT, __uuidof(ID3D12CommandAllocator), &out), out);
    list = made<ID3D12GraphicsCommandList>(device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator, nullptr,
                                                                     __uuidof(ID3D12GraphicsCommandList), &out),
                                           out);
    list->Close();
    fence = made<ID3D12Fence>(device->CreateFence(0, D3D12_FENCE_FLAG_NONE, __uuidof(ID3D12Fence), &out), out);

    const auto uavFlag = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
    buffers.push_back(committed(D3D12_HEAP_TYPE_DEFAULT, buffer(4096, uavFlag), D3D12_RESOURCE_STATE_COMMON));
    buffers.push_back(committed(D3D12_HEAP_TYPE_DEFAULT, buffer(1024, uavFlag), D3D12_RESOURCE_STATE_COMMON));
    buffers.push_back(committed(D3D12_HEAP_TYPE_UPLOAD, buffer(8192), D3D12_RESOURCE_STATE_GENERIC_READ));
    buffers.push_back(committed(D3D12_HEAP_TYPE_READBACK, buffer(8192), D3D12_RESOURCE_STATE_COPY_DEST));
    buffers.push_back(committed(D3D12_HEAP_TYPE_UPLOAD, buffer(256), D3D12_RESOURCE_STATE_GENERIC_READ));
    const auto rtUav = D3D12_RESOURCE_FLAGS(D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | uavFlag);
    textures.push_back(committed(D3D12_HEAP_TYPE_DEFAULT,
                                 texture(D3D12_RESOURCE_DIMENSION_TEXTURE2D, 32, 32, 1, 3, DXGI_FORMAT_R8G8B8A8_UNORM, rtUav),
                                 D3D12_RESOURCE_STATE_COMMON));
    textures.push_back(committed(D3D12_HEAP_TYPE_DEFAULT,
                                 texture(D3D12_RESOURCE_DIMENSION_TEXTURE2D, 8, 8, 4, 1, DXGI_FORMAT_R32_UINT, uavFlag),
                                 D3D12_RESOURCE_STATE_COMMON));
    textures.push_back(committed(D3D12_HEAP_TYPE_DEFAULT,
                                 texture(D3D12_RESOURCE_DIMENSION_TEXTURE3D, 8, 8, 4, 2, DXGI_FORMAT_R32_FLOAT, uavFlag),
                                 D3D12_RESOURCE_STATE_COMMON));
    textures.push_back(committed(D3D12_HEAP_TYPE_DEFAULT,
                                 texture(D3D12_RESOURCE_DIMENSION_TEXTURE1D, 16, 1, 2, 1, DXGI_FORMAT_R16_UNORM,
                                         D3D12_RESOURCE_FLAG_NONE),
                                 D3D12_RESOURCE_STATE_COMMON));
    textures.push_back(committed(D3D12_HEAP_TYPE_DEFAULT,
                                 texture(D3D12_RESOURCE_DIMENSION_TEXTURE2D, 16, 16, 1, 1, DXGI_FORMAT_D32_FLOAT,
                                         D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL),
                                 D3D12_RESOURCE_STATE_DEPTH_WRITE));
    textures.push_back(committed(D3D12_HEAP_TYPE_DEFAULT,
                                 texture(D3D12_RESOURCE_DIMENSION_TEXTURE2D, 16, 16, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                         D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, 4),
                                 D3D12_RESOURCE_STATE_RENDER_TARGET));

    views = heap(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 16, true);
    samplers = heap(D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER, 4, true);
    rtvs = heap(D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 4, false);
    dsvs = heap(D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 2, false);
    cpuViews = heap(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 4, false);
    const UINT step = device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    D3D12_CPU_DESCRIPTOR_HANDLE slot = views->GetCPUDescriptorHandleForHeapStart();
    D3D12_UNORDERED_ACCESS_VIEW_DESC raw{};
    raw.Format = DXGI_FORMAT_R32_TYPELESS;
    raw.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;
    raw.Buffer.NumElements = 256;
    raw.Buffer.Flags = D3D12_BUFFER_UAV_FLAG_RAW;
    for (int i = 0; i < 3; ++i, slot.ptr += step) device->CreateUnorderedAccessView(buffers[i % 2], nullptr, &raw, slot);
    device->CreateUnorderedAccessView(buffers[0], nullptr, &raw, cpuViews->GetCPUDescriptorHandleForHeapStart());
    device->CreateUnorderedAccessView(textures[0], nullptr, nullptr, slot);
    slot.ptr += step;
    device->CreateShaderResourceView(textures[1], nullptr, slot);
    slot.ptr += step;
    D3D12_CONSTANT_BUFFER_VIEW_DESC cbv{buffers[2]->GetGPUVirtualAddress(), 256};
    device->CreateConstantBufferView(&cbv, slot);
    D3D12_SAMPLER_DESC sampler{};
    sampler.Filter = D3D12_FILTER_MIN_MAG_MIP_POINT;
    sampler.AddressU = sampler.AddressV = sampler.AddressW = D3D12_TEXTURE_ADDRESS_MODE_CLAMP;
    sampler.MaxLOD = 1000.0f;
    device->CreateSampler(&sampler, samplers->GetCPUDescriptorHandleForHeapStart());
    device->CreateRenderTargetView(textures[0], nullptr, rtvs->GetCPUDescriptorHandleForHeapStart());
    D3D12_CPU_DESCRIPTOR_HANDLE rtv1 = rtvs->GetCPUDescriptorHandleForHeapStart();
    rtv1.ptr += device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    device->CreateRenderTargetView(textures[5], nullptr, rtv1);
    device->CreateDepthStencilView(textures[4], nullptr, dsvs->GetCPUDescriptorHandleForHeapStart());

    D3D12_ROOT_PARAMETER p[2]{};
    p[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
    p[0].Constants = {0, 0, 1};
    p[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_UAV;
    computeRs = rootSignature({2, p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_NONE});
    D3D12_DESCRIPTOR_RANGE range{D3D12_DESCRIPTOR_RANGE_TYPE_UAV, 2, 0, 0, D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND};
    p[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
    p[1].DescriptorTable = {1, &range};
    tableRs = rootSignature({2, p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_NONE});
    p[0].Constants = {0, 0, 4};
    graphicsRs = rootSignature({1, p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT});
    const std::vector<uint8_t> cs = dxbc::assemble(kCs).container, vs = dxbc::assemble(kVs).container,
                               ps = dxbc::assemble(kPs).container;
    D3D12_COMPUTE_PIPELINE_STATE_DESC cd{computeRs, {cs.data(), cs.size()}, 0, {}, D3D12_PIPELINE_STATE_FLAG_NONE};
    computePso = made<ID3D12PipelineState>(device->CreateComputePipelineState(&cd, __uuidof(ID3D12PipelineState), &out), out);
    cd.pRootSignature = tableRs;
    tablePso = made<ID3D12PipelineState>(device->CreateComputePipelineState(&cd, __uuidof(ID3D12PipelineState), &out), out);
    static const D3D12_INPUT_ELEMENT_DESC layout[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0}};
    D3D12_GRAPHICS_PIPELINE_STATE_DESC gd{};
    gd.pRootSignature = graphicsRs;
    gd.VS = {vs.data(), vs.size()};
    gd.PS = {ps.data(), ps.size()};
    for (auto& rt : gd.BlendState.RenderTarget) {
      rt.SrcBlend = rt.SrcBlendAlpha = D3D12_BLEND_ONE;
      rt.DestBlend = rt.DestBlendAlpha = D3D12_BLEND_ZERO;
      rt.BlendOp = rt.BlendOpAlpha = D3D12_BLEND_OP_ADD;
      rt.LogicOp = D3D12_LOGIC_OP_NOOP;
      rt.RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALL;
    }
    gd.SampleMask = 0xFFFFFFFFu;
    gd.RasterizerState = {D3D12_FILL_MODE_SOLID, D3D12_CULL_MODE_NONE, FALSE, 0, 0, 0, TRUE, FALSE, FALSE, 0,
                          D3D12_CONSERVATIVE_RASTERIZATION_MODE_OFF};
    gd.DepthStencilState.DepthFunc = D3D12_COMPARISON_FUNC_LESS;
    gd.DepthStencilState.FrontFace = gd.DepthStencilState.BackFace = {
        D3D12_STENCIL_OP_KEEP, D3D12_STENCIL_OP_KEEP, D3D12_STENCIL_OP_KEEP, D3D12_COMPARISON_FUNC_ALWAYS};
    gd.InputLayout = {layout, 1};
    gd.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
    gd.NumRenderTargets = 1;
    gd.RTVFormats[0] = DXGI_FORMAT_R8G8B8A8_UNORM;
    gd.SampleDesc.Count = 1;
    graphicsPso = made<ID3D12PipelineState>(device->CreateGraphicsPipelineState(&gd, __uuidof(ID3D12PipelineState), &out), out);
    const D3D12_QUERY_HEAP_TYPE types[3] = {D3D12_QUERY_HEAP_TYPE_OCCLUSION, D3D12_QUERY_HEAP_TYPE_TIMESTAMP,
                                            D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS};
    for (int i = 0; i < 3; ++i) {
      D3D12_QUERY_HEAP_DESC qh{types[i], 8, 0};
      queries[i] = made<ID3D12QueryHeap>(device->CreateQueryHeap(&qh, __uuidof(ID3D12QueryHeap), &out), out);
    }
    const D3D12_INDIRECT_ARGUMENT_TYPE kinds[3] = {D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH, D3D12_INDIRECT_ARGUMENT_TYPE_DRAW,
                                                   D3D12_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED};
    const UINT strides[3] = {12, 16, 20};
    for (int i = 0; i < 3; ++i) {
      D3D12_INDIRECT_ARGUMENT_DESC a{};
      a.Type = kinds[i];
      D3D12_COMMAND_SIGNATURE_DESC sd{strides[i], 1, &a, 0};
      signatures[i] = made<ID3D12CommandSignature>(
          device->CreateCommandSignature(&sd, nullptr, __uuidof(ID3D12CommandSignature), &out), out);
    }
  }

  void* mapped(ID3D12Resource* r) {
    void* data = nullptr;
    return SUCCEEDED(r->Map(0, nullptr, &data)) ? data : nullptr;
  }
  ID3D12Resource* anyResource(Input& in) {
    const uint32_t i = in.choose(uint32_t(buffers.size() + textures.size()) + 1);
    if (i < buffers.size()) return buffers[i];
    if (i - buffers.size() < textures.size()) return textures[i - buffers.size()];
    return nullptr;
  }
  // Any copy destination but the indirect-argument buffer (only the host writes it).
  ID3D12Resource* copyDestination(Input& in) {
    ID3D12Resource* r = anyResource(in);
    return r == buffers[4] ? buffers[0] : r;
  }
  D3D12_TEXTURE_COPY_LOCATION location(Input& in, ID3D12Resource* r) {
    D3D12_TEXTURE_COPY_LOCATION l{};
    l.pResource = r;
    if (in.choose(2)) {
      l.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
      l.SubresourceIndex = in.value32();
    } else {
      l.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
      static const DXGI_FORMAT formats[] = {DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R32_UINT, DXGI_FORMAT_R32_FLOAT,
                                            DXGI_FORMAT_R16_UNORM, DXGI_FORMAT_D32_FLOAT, DXGI_FORMAT_BC1_UNORM};
      l.PlacedFootprint = {in.value64(), {formats[in.choose(6)], in.value32(), in.value32(), in.value32(), in.value32()}};
    }
    return l;
  }
  D3D12_GPU_DESCRIPTOR_HANDLE gpuHandle(Input& in) {
    ID3D12DescriptorHeap* heap = in.choose(2) ? views : samplers;
    switch (in.choose(3)) {
      case 0: return {in.value64()};
      default: return {heap->GetGPUDescriptorHandleForHeapStart().ptr + in.value64()};
    }
  }
  D3D12_CPU_DESCRIPTOR_HANDLE cpuHandle(Input& in) {
    ID3D12DescriptorHeap* heaps[] = {views, rtvs, dsvs, cpuViews, samplers};
    ID3D12DescriptorHeap* heap = heaps[in.choose(5)];
    return {SIZE_T(heap->GetCPUDescriptorHandleForHeapStart().ptr + (in.choose(4) ? in.byte() % 4 * 96 : in.value64()))};
  }
  D3D12_GPU_VIRTUAL_ADDRESS address(Input& in) {
    ID3D12Resource* b = buffers[in.choose(uint32_t(buffers.size()))];
    return in.choose(4) ? b->GetGPUVirtualAddress() + in.value64() % 8192 : in.value64();
  }

  // One input: a list recorded from the bytes, executed when it closed cleanly.
  void run(Input& in) {
    // The indirect arguments: bytes 0..127 for dispatches, per word a tiny count
    // or one past 65535 (dropped); bytes 128..255 for draws, tiny counts only
    // (draw counts have no limit: a huge one is real work for ages).
    if (auto* args = static_cast<uint32_t*>(mapped(buffers[4]))) {
      static const uint32_t kArgs[] = {0, 1, 2, 65536, 0xFFFFFFFFu, 3};
      for (int i = 0; i < 64; ++i) args[i] = i < 32 ? kArgs[in.choose(6)] : in.choose(3);
      buffers[4]->Unmap(0, nullptr);
    }
    if (FAILED(allocator->Reset()) || FAILED(list->Reset(allocator, nullptr))) return;
    bool unsafeIndirect = false;
    for (int op = 0; op < 48 && !in.done(); ++op) {
      switch (in.choose(30)) {
        case 0: list->CopyBufferRegion(copyDestination(in), in.value64(), anyResource(in), in.value64(), in.value64()); break;
        case 1: {
          ID3D12Resource* dst = copyDestination(in);
          const D3D12_TEXTURE_COPY_LOCATION d = location(in, dst), s = location(in, anyResource(in));
          D3D12_BOX box{in.value32(), in.value32(), in.value32(), in.value32(), in.value32(), in.value32()};
          list->CopyTextureRegion(&d, in.value32(), in.value32(), in.value32(), &s, in.choose(2) ? &box : nullptr);
          break;
        }
        case 2: list->CopyResource(copyDestination(in), anyResource(in)); break;
        case 3: {
          D3D12_RESOURCE_BARRIER b[2]{};
          for (D3D12_RESOURCE_BARRIER& one : b) {
            one.Type = D3D12_RESOURCE_BARRIER_TYPE(in.choose(4));
            one.Flags = D3D12_RESOURCE_BARRIER_FLAGS(in.choose(4));
            if (one.Type == D3D12_RESOURCE_BARRIER_TYPE_ALIASING) one.Aliasing = {anyResource(in), anyResource(in)};
            else if (one.Type == D3D12_RESOURCE_BARRIER_TYPE_UAV) one.UAV = {anyResource(in)};
            else one.Transition = {anyResource(in), in.value32(), D3D12_RESOURCE_STATES(in.value32()),
                                   D3D12_RESOURCE_STATES(in.value32())};
          }
          list->ResourceBarrier(in.choose(3), b);
          break;
        }
        case 4: {
          const FLOAT color[4] = {in.number(), in.number(), in.number(), in.number()};
          D3D12_RECT rect{in.signed32(), in.signed32(), in.signed32(), in.signed32()};
          list->ClearRenderTargetView(cpuHandle(in), color, in.choose(2), &rect);
          break;
        }
        case 5: {
          D3D12_RECT rect{in.signed32(), in.signed32(), in.signed32(), in.signed32()};
          list->ClearDepthStencilView(cpuHandle(in), D3D12_CLEAR_FLAGS(in.choose(4)), in.number(), in.byte(), in.choose(2), &rect);
          break;
        }
        case 6: {
          const UINT values[4] = {in.value32(), in.value32(), in.value32(), in.value32()};
          D3D12_RECT rect{in.signed32(), in.signed32(), in.signed32(), in.signed32()};
          list->ClearUnorderedAccessViewUint(gpuHandle(in), cpuHandle(in), anyResource(in), values, in.choose(2), &rect);
          break;
        }
        case 7: {
          ID3D12QueryHeap* heap = queries[in.choose(3)];
          list->BeginQuery(heap, D3D12_QUERY_TYPE(in.choose(6)), in.value32());
          break;
        }
        case 8: list->EndQuery(queries[in.choose(3)], D3D12_QUERY_TYPE(in.choose(6)), in.value32()); break;
        case 9:
          list->ResolveQueryData(queries[in.choose(3)], D3D12_QUERY_TYPE(in.choose(6)), in.value32(), in.value32(),
                                 copyDestination(in), in.value64());
          break;
        case 10: {
          ID3D12DescriptorHeap* heaps[3] = {views, samplers, cpuViews};
          ID3D12DescriptorHeap* set[2] = {heaps[in.choose(3)], heaps[in.choose(3)]};
          list->SetDescriptorHeaps(in.choose(3), set);
          break;
        }
        case 11: list->SetComputeRootSignature(in.choose(2) ? computeRs : tableRs); break;
        case 12: list->SetGraphicsRootSignature(in.choose(4) ? graphicsRs : tableRs); break;
        case 13: {
          ID3D12PipelineState* psos[3] = {computePso, tablePso, graphicsPso};
          list->SetPipelineState(psos[in.choose(3)]);
          break;
        }
        case 14: list->SetComputeRootDescriptorTable(in.choose(3), gpuHandle(in)); break;
        case 15: list->SetGraphicsRootDescriptorTable(in.choose(3), gpuHandle(in)); break;
        case 16: list->SetComputeRoot32BitConstant(in.choose(3), in.value32(), in.value32() % 8); break;
        case 17: {
          const UINT words[8] = {in.value32(), in.value32(), in.value32(), in.value32()};
          list->SetGraphicsRoot32BitConstants(in.choose(3), in.choose(9), words, in.value32() % 8);
          break;
        }
        case 18: list->SetComputeRootUnorderedAccessView(in.choose(3), address(in)); break;
        case 19: list->SetGraphicsRootConstantBufferView(in.choose(2), address(in)); break;
        case 20: list->Dispatch(in.choose(4), in.choose(3), in.choose(3)); break;
        case 21: list->DrawInstanced(in.choose(7), in.choose(3), in.value32(), in.value32()); break;
        case 22: list->DrawIndexedInstanced(in.choose(7), in.choose(3), in.value32(), in.signed32(), in.value32()); break;
        case 23: {
          const uint32_t kind = in.choose(3);
          ID3D12Resource* args = in.choose(4) ? buffers[4] : anyResource(in);
          ID3D12Resource* count = in.choose(2) ? nullptr : (in.choose(4) ? buffers[4] : anyResource(in));
          unsafeIndirect = unsafeIndirect || (args && args != buffers[4]) || (count && count != buffers[4]);
          UINT64 offset = in.value64();
          if (kind != 0 && args == buffers[4] && offset < 256) offset = 128 + offset % 128;  // draws: their half
          list->ExecuteIndirect(signatures[kind], in.choose(2) ? in.choose(9) : in.value32(), args, offset, count,
                                in.value64());
          break;
        }
        case 24: {
          D3D12_VERTEX_BUFFER_VIEW v[2] = {{address(in), in.value32(), in.value32()}, {address(in), in.value32(), in.value32()}};
          list->IASetVertexBuffers(in.value32() % 40, in.choose(3), v);
          break;
        }
        case 25: {
          static const DXGI_FORMAT formats[] = {DXGI_FORMAT_R16_UINT, DXGI_FORMAT_R32_UINT, DXGI_FORMAT_R8_UINT};
          D3D12_INDEX_BUFFER_VIEW v{address(in), in.value32(), formats[in.choose(3)]};
          list->IASetIndexBuffer(in.choose(4) ? &v : nullptr);
          break;
        }
        case 26: list->IASetPrimitiveTopology(D3D12_PRIMITIVE_TOPOLOGY(in.choose(4) ? in.choose(6) : in.value32())); break;
        case 27: {
          D3D12_VIEWPORT vp[2] = {{in.number(), in.number(), in.number(), in.number(), in.number(), in.number()},
                                  {0, 0, 32, 32, 0, 1}};
          D3D12_RECT sc[2] = {{in.signed32(), in.signed32(), in.signed32(), in.signed32()}, {0, 0, 32, 32}};
          list->RSSetViewports(in.choose(3), vp);
          list->RSSetScissorRects(in.choose(3), sc);
          break;
        }
        case 28: {
          D3D12_CPU_DESCRIPTOR_HANDLE rtv[2] = {cpuHandle(in), cpuHandle(in)};
          D3D12_CPU_DESCRIPTOR_HANDLE dsv = cpuHandle(in);
          list->OMSetRenderTargets(in.choose(3), rtv, in.choose(2), in.choose(2) ? &dsv : nullptr);
          break;
        }
        case 29: {
          D3D12_DISCARD_REGION region{0, nullptr, in.value32(), in.value32()};
          list->DiscardResource(anyResource(in), in.choose(2) ? &region : nullptr);
          break;
        }
      }
    }
    const HRESULT closed = list->Close();
    if (SUCCEEDED(closed) && !unsafeIndirect) {
      ID3D12CommandList* lists[] = {list};
      queue->ExecuteCommandLists(1, lists);
      queue->Signal(fence, ++fenceValue);
      fence->SetEventOnCompletion(fenceValue, nullptr);
    }
    if (info) info->ClearStoredMessages();
    // Nothing in an input may remove the device.
    if (const HRESULT removed = device->GetDeviceRemovedReason(); FAILED(removed)) fail("D3D12 device removed", removed);
  }
};

}  // namespace

void fuzzD3D12(Input& in) {
  static World12 world;
  world.run(in);
}

}  // namespace d3dvk::fuzz
