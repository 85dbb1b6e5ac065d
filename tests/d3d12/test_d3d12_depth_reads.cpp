// tests/d3d12: shader reads of depth textures through their SRVs — an
// R32_TYPELESS depth-stencil texture cleared through its D32_FLOAT view (and an
// R32G8X24_TYPELESS one through D32_FLOAT_S8X24_UINT, depth and stencil), read
// by a compute shader with ld (the depth value) and SampleCmpLevelZero
// (sample_c_lz against a comparison static sampler), and the stencil plane
// through X32_TYPELESS_G8X24_UINT / X24_TYPELESS_G8_UINT (PlaneSlice 1: D3D
// reads the stencil in .g); values read back.
#include "d3d12_pipeline_util.h"

#include <cmath>

using namespace d3dvk::test;

namespace {

// u0 words: t0 (1, 1) by ld, then sample_c_lz of 0.5 and of 0.1 (GREATER: reference > texel).
const char kCsDepthReads[] = R"(cs_5_0
dcl_sampler s0, mode_comparison
dcl_resource_texture2d (float,float,float,float) t0
dcl_uav_raw u0
dcl_temps 2
dcl_thread_group 1, 1, 1
ld r0.xyzw, l(1,1,0,0), t0.xyzw
store_raw u0.x, l(0), r0.x
sample_c_lz r1.x, l(0.5,0.5,0,0), t0.xxxx, s0, l(0.5)
store_raw u0.x, l(4), r1.x
sample_c_lz r1.x, l(0.5,0.5,0,0), t0.xxxx, s0, l(0.1)
store_raw u0.x, l(8), r1.x
ret
)";

// u0 word 3: t1 (1, 1).g by ld (the stencil of an X32_TYPELESS_G8X24_UINT view).
const char kCsStencilRead[] = R"(cs_5_0
dcl_resource_texture2d (uint,uint,uint,uint) t1
dcl_uav_raw u0
dcl_temps 1
dcl_thread_group 1, 1, 1
ld r0.xyzw, l(1,1,0,0), t1.xyzw
store_raw u0.x, l(12), r0.y
ret
)";

struct DepthReadCase {
  DXGI_FORMAT resource, dsv, depthSrv, stencilSrv;  // stencilSrv UNKNOWN: no stencil
  double depthStep = 0.0;                            // the depth format's quantum (0: float, exact)
};

}  // namespace

TEST_CASE("D3D12 a depth texture's SRV reads its depth: ld and SampleCmpLevelZero after a DSV clear",
          "[d3d12][depth][compute]") {
  const DepthReadCase cases[] = {
      {DXGI_FORMAT_R32_TYPELESS, DXGI_FORMAT_D32_FLOAT, DXGI_FORMAT_R32_FLOAT, DXGI_FORMAT_UNKNOWN},
      {DXGI_FORMAT_R32G8X24_TYPELESS, DXGI_FORMAT_D32_FLOAT_S8X24_UINT, DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS,
       DXGI_FORMAT_X32_TYPELESS_G8X24_UINT},
      {DXGI_FORMAT_R24G8_TYPELESS, DXGI_FORMAT_D24_UNORM_S8_UINT, DXGI_FORMAT_R24_UNORM_X8_TYPELESS,
       DXGI_FORMAT_X24_TYPELESS_G8_UINT, 1.0 / 16777215.0},
  };
  for (const DepthReadCase& c : cases) {
    DYNAMIC_SECTION("resource format " << int(c.resource)) {
      ID3D12Device* device = createDevice12();
      ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
      ID3D12Fence* fence = createFence(device);
      UINT64 value = 0;
      D3D12_DESCRIPTOR_RANGE range{D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 2, 0, 0, 0};
      D3D12_ROOT_PARAMETER p[2]{};
      p[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
      p[0].DescriptorTable = {1, &range};
      p[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_UAV;
      p[1].Descriptor = {0, 0};
      D3D12_STATIC_SAMPLER_DESC sampler{D3D12_FILTER_COMPARISON_MIN_MAG_MIP_POINT,
                                        D3D12_TEXTURE_ADDRESS_MODE_CLAMP,
                                        D3D12_TEXTURE_ADDRESS_MODE_CLAMP,
                                        D3D12_TEXTURE_ADDRESS_MODE_CLAMP,
                                        0.0f,
                                        1,
                                        D3D12_COMPARISON_FUNC_GREATER,
                                        D3D12_STATIC_BORDER_COLOR_OPAQUE_BLACK,
                                        0.0f,
                                        D3D12_FLOAT32_MAX,
                                        0,
                                        0,
                                        D3D12_SHADER_VISIBILITY_ALL};
      ID3D12RootSignature* rs = createRootSignature(device, {2, p, 1, &sampler, D3D12_ROOT_SIGNATURE_FLAG_NONE});
      const std::vector<uint8_t> cs = assembled(kCsDepthReads);
      D3D12_COMPUTE_PIPELINE_STATE_DESC cd{rs, shaderBytecode(cs), 0, {}, D3D12_PIPELINE_STATE_FLAG_NONE};
      void* out = nullptr;
      REQUIRE(device->CreateComputePipelineState(&cd, __uuidof(ID3D12PipelineState), &out) == S_OK);
      auto* pso = static_cast<ID3D12PipelineState*>(out);
      const std::vector<uint8_t> stencilCs = assembled(kCsStencilRead);
      cd.CS = shaderBytecode(stencilCs);
      REQUIRE(device->CreateComputePipelineState(&cd, __uuidof(ID3D12PipelineState), &out) == S_OK);
      auto* stencilPso = static_cast<ID3D12PipelineState*>(out);

      ID3D12Resource* depth = createCommitted(
          device, D3D12_HEAP_TYPE_DEFAULT,
          texture2DDesc(4, 4, c.resource, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL), D3D12_RESOURCE_STATE_DEPTH_WRITE);
      D3D12_RESOURCE_DESC ud = bufferDesc(256);
      ud.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
      ID3D12Resource* uav = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, ud, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
      ID3D12Resource* readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, 256);
      D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
      ID3D12DescriptorHeap* dsvs = nullptr;
      REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&dsvs)) == S_OK);
      hd = {D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 2, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
      ID3D12DescriptorHeap* srvs = nullptr;
      REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&srvs)) == S_OK);
      D3D12_DEPTH_STENCIL_VIEW_DESC dv{};
      dv.Format = c.dsv;
      dv.ViewDimension = D3D12_DSV_DIMENSION_TEXTURE2D;
      device->CreateDepthStencilView(depth, &dv, dsvs->GetCPUDescriptorHandleForHeapStart());
      D3D12_SHADER_RESOURCE_VIEW_DESC sv{};
      sv.Format = c.depthSrv;
      sv.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2D;
      sv.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
      sv.Texture2D.MipLevels = 1;
      device->CreateShaderResourceView(depth, &sv, srvs->GetCPUDescriptorHandleForHeapStart());
      if (c.stencilSrv != DXGI_FORMAT_UNKNOWN) {
        sv.Format = c.stencilSrv;
        sv.Texture2D.PlaneSlice = 1;
        device->CreateShaderResourceView(
            depth, &sv,
            {srvs->GetCPUDescriptorHandleForHeapStart().ptr +
             device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV)});
      }

      ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
      ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
      list->ClearDepthStencilView(dsvs->GetCPUDescriptorHandleForHeapStart(),
                                  c.stencilSrv != DXGI_FORMAT_UNKNOWN ? D3D12_CLEAR_FLAG_DEPTH | D3D12_CLEAR_FLAG_STENCIL
                                                                     : D3D12_CLEAR_FLAG_DEPTH,
                                  0.25f, 0x5A, 0, nullptr);
      D3D12_RESOURCE_BARRIER b{};
      b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
      b.Transition = {depth, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_DEPTH_WRITE,
                      D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE};
      list->ResourceBarrier(1, &b);
      list->SetDescriptorHeaps(1, &srvs);
      list->SetComputeRootSignature(rs);
      list->SetPipelineState(pso);
      list->SetComputeRootDescriptorTable(0, srvs->GetGPUDescriptorHandleForHeapStart());
      list->SetComputeRootUnorderedAccessView(1, uav->GetGPUVirtualAddress());
      list->Dispatch(1, 1, 1);
      if (c.stencilSrv != DXGI_FORMAT_UNKNOWN) {
        list->SetPipelineState(stencilPso);
        list->Dispatch(1, 1, 1);
      }
      b.Transition = {uav, 0, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE};
      list->ResourceBarrier(1, &b);
      list->CopyBufferRegion(readback, 0, uav, 0, 256);
      REQUIRE(list->Close() == S_OK);
      executeAndWait(queue, {list}, fence, &value);
      const std::vector<unsigned char> bytes = readBuffer(readback, 16);
      float v[3];
      std::memcpy(v, bytes.data(), 12);
      uint32_t stencil = 0;
      std::memcpy(&stencil, bytes.data() + 12, 4);
      if (c.stencilSrv != DXGI_FORMAT_UNKNOWN) CHECK(stencil == 0x5Au);
      CHECK(std::abs(double(v[0]) - 0.25) <= c.depthStep);  // ld: the depth
      CHECK(v[1] == 1.0f);   // 0.5 > 0.25
      CHECK(v[2] == 0.0f);   // 0.1 > 0.25 fails

      for (IUnknown* o : std::initializer_list<IUnknown*>{list, allocator, srvs, dsvs, readback, uav, depth, stencilPso, pso,
                                                          rs, fence, queue})
        o->Release();
      CHECK(device->Release() == 0);
    }
  }
}
