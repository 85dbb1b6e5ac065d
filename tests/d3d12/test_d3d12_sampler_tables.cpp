// tests/d3d12: a draw that samples a texture through an SRV descriptor table and
// a SAMPLER descriptor table, as most D3D12 programs do. The pixel shader
// samples t0 with s1, the second register of a two-sampler range, so which
// sampler it gets depends on where SetGraphicsRootDescriptorTable points into
// the shader-visible sampler heap: one draw per table start, each read back
// and compared with a CPU sampler written here (point and bilinear filtering;
// wrap, clamp and border addressing).
#include "d3d12_pipeline_util.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>

using namespace d3dvk::test;

namespace {

// PS: uv = SV_Position.xy * cb0[0].xy + cb0[0].zw; SV_Target0 = t0.Sample(s1, uv).
const char kSamplerTablePs[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xy
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_sampler s0, mode_default
dcl_sampler s1, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_temps 1
mad r0.xy, v0.xyxx, cb0[0].xyxx, cb0[0].zwzz
sample r0.xyzw, r0.xyxx, t0.xyzw, s1
mov o0.xyzw, r0.xyzw
ret
)";

// The 2×2 texture: red, green / blue, white (0xAABBGGRR).
constexpr uint32_t kTexels[2][2] = {{0xff0000ffu, 0xff00ff00u}, {0xffff0000u, 0xffffffffu}};
constexpr uint32_t kOpaqueBlack = 0xff000000u;

enum class Address { Wrap, Clamp, Border };

// The texel at integer coordinates (i, j) after addressing.
uint32_t texel(int i, int j, Address a) {
  auto wrap = [](int v) { return ((v % 2) + 2) % 2; };
  auto clamp = [](int v) { return std::clamp(v, 0, 1); };
  switch (a) {
    case Address::Wrap: return kTexels[wrap(j)][wrap(i)];
    case Address::Clamp: return kTexels[clamp(j)][clamp(i)];
    case Address::Border: return (i < 0 || i > 1 || j < 0 || j > 1) ? kOpaqueBlack : kTexels[j][i];
  }
  return 0;
}

uint32_t channel(uint32_t c, int k) { return (c >> (8 * k)) & 0xffu; }

// What the sampler returns at normalized (u, v) of the 2×2 texture, as RGBA8.
uint32_t sampleCpu(double u, double v, bool linear, Address a) {
  if (!linear) return texel(int(std::floor(u * 2)), int(std::floor(v * 2)), a);
  const double tu = u * 2 - 0.5, tv = v * 2 - 0.5;
  const int i0 = int(std::floor(tu)), j0 = int(std::floor(tv));
  const double fu = tu - i0, fv = tv - j0;
  uint32_t out = 0;
  for (int k = 0; k < 4; ++k) {
    const double value = (1 - fu) * (1 - fv) * channel(texel(i0, j0, a), k) + fu * (1 - fv) * channel(texel(i0 + 1, j0, a), k) +
                         (1 - fu) * fv * channel(texel(i0, j0 + 1, a), k) + fu * fv * channel(texel(i0 + 1, j0 + 1, a), k);
    out |= uint32_t(std::lround(value)) << (8 * k);
  }
  return out;
}

D3D12_SAMPLER_DESC samplerDesc(D3D12_FILTER filter, D3D12_TEXTURE_ADDRESS_MODE mode) {
  D3D12_SAMPLER_DESC s{};
  s.Filter = filter;
  s.AddressU = s.AddressV = s.AddressW = mode;
  s.MaxAnisotropy = 1;
  s.ComparisonFunc = D3D12_COMPARISON_FUNC_NEVER;
  s.BorderColor[3] = 1.0f;  // opaque black
  s.MaxLOD = D3D12_FLOAT32_MAX;
  return s;
}

}  // namespace

TEST_CASE("D3D12 a draw samples through an SRV table and a sampler table: the sampler is the table's, "
          "wherever the table starts in the heap",
          "[d3d12][draw][samplers]") {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;

  // Root: b0 (four constants), a table of t0, a table of s0..s1.
  D3D12_DESCRIPTOR_RANGE srvRange{D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 1, 0, 0, 0};
  D3D12_DESCRIPTOR_RANGE samplerRange{D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER, 2, 0, 0, 0};
  D3D12_ROOT_PARAMETER p[3]{};
  p[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
  p[0].Constants = {0, 0, 4};
  p[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  p[1].DescriptorTable = {1, &srvRange};
  p[1].ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;
  p[2].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  p[2].DescriptorTable = {1, &samplerRange};
  p[2].ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;
  ID3D12RootSignature* rs =
      createRootSignature(device, {3, p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT});
  const std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kSamplerTablePs);
  const D3D12_GRAPHICS_PIPELINE_STATE_DESC pd = constantColourPsoDesc(rs, vs, ps);
  void* out = nullptr;
  REQUIRE(device->CreateGraphicsPipelineState(&pd, __uuidof(ID3D12PipelineState), &out) == S_OK);
  auto* pso = static_cast<ID3D12PipelineState*>(out);

  // The texture, uploaded.
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  ID3D12Resource* texture = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT,
                                            texture2DDesc(2, 2, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_NONE),
                                            D3D12_RESOURCE_STATE_COPY_DEST);
  ID3D12Resource* upload = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 512);
  writeUpload(upload, 0, kTexels[0], 8);
  writeUpload(upload, 256, kTexels[1], 8);
  const D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp{0, {DXGI_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 256}};
  D3D12_TEXTURE_COPY_LOCATION dst = subresourceLocation(texture, 0), src = footprintLocation(upload, fp);
  list->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
  D3D12_RESOURCE_BARRIER toRead{};
  toRead.Transition = {texture, 0, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE};
  list->ResourceBarrier(1, &toRead);

  // Heaps: the SRV; samplers 0 point/wrap, 1 linear/clamp, 2 point/border, and
  // 3 a copy of 0 made by CopyDescriptorsSimple from a CPU-only heap.
  D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
  REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), &out) == S_OK);
  auto* srvHeap = static_cast<ID3D12DescriptorHeap*>(out);
  device->CreateShaderResourceView(texture, nullptr, srvHeap->GetCPUDescriptorHandleForHeapStart());
  hd = {D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER, 4, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
  REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), &out) == S_OK);
  auto* samplerHeap = static_cast<ID3D12DescriptorHeap*>(out);
  hd = {D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
  REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), &out) == S_OK);
  auto* cpuSamplers = static_cast<ID3D12DescriptorHeap*>(out);
  const UINT step = device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER);
  const D3D12_CPU_DESCRIPTOR_HANDLE cpu0 = samplerHeap->GetCPUDescriptorHandleForHeapStart();
  const D3D12_SAMPLER_DESC descs[3] = {
      samplerDesc(D3D12_FILTER_MIN_MAG_MIP_POINT, D3D12_TEXTURE_ADDRESS_MODE_WRAP),
      samplerDesc(D3D12_FILTER_MIN_MAG_MIP_LINEAR, D3D12_TEXTURE_ADDRESS_MODE_CLAMP),
      samplerDesc(D3D12_FILTER_MIN_MAG_MIP_POINT, D3D12_TEXTURE_ADDRESS_MODE_BORDER)};
  for (UINT i = 0; i < 3; ++i) device->CreateSampler(&descs[i], {cpu0.ptr + i * step});
  device->CreateSampler(&descs[0], cpuSamplers->GetCPUDescriptorHandleForHeapStart());
  device->CopyDescriptorsSimple(1, {cpu0.ptr + 3 * step}, cpuSamplers->GetCPUDescriptorHandleForHeapStart(),
                                D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER);

  const float cover[9] = {-1, -1, 0, -1, 3, 0, 3, -1, 0};
  ID3D12Resource* vb = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof cover);
  writeUpload(vb, 0, cover, sizeof cover);
  const D3D12_VERTEX_BUFFER_VIEW vbv{vb->GetGPUVirtualAddress(), sizeof cover, 12};

  // uv = position / 8 - 0.5: from -0.44 to 1.44 across the 16×16 target, so
  // every addressing mode shows; no pixel centre falls on a texel edge.
  const float transform[4] = {0.125f, 0.125f, -0.5f, -0.5f};
  struct Case {
    UINT tableStart;  // s1 is heap sampler tableStart + 1
    bool linear;
    Address address;
    const char* name;
  };
  const Case cases[3] = {{0, true, Address::Clamp, "table at 0: s1 = linear, clamp"},
                         {1, false, Address::Border, "table at 1: s1 = point, border (opaque black)"},
                         {2, false, Address::Wrap, "table at 2: s1 = point, wrap (copied into the heap)"}};
  auto target = std::make_unique<RenderTarget16>(device);
  bool first = true;
  for (const Case& c : cases) {
    if (!first) {
      REQUIRE(allocator->Reset() == S_OK);
      REQUIRE(list->Reset(allocator, nullptr) == S_OK);
    }
    first = false;
    const float clear[4] = {0.5f, 0.5f, 0.5f, 0.5f};
    target->bind(list, clear);
    ID3D12DescriptorHeap* heaps[2] = {srvHeap, samplerHeap};
    list->SetDescriptorHeaps(2, heaps);
    list->SetGraphicsRootSignature(rs);
    list->SetPipelineState(pso);
    list->SetGraphicsRoot32BitConstants(0, 4, transform, 0);
    list->SetGraphicsRootDescriptorTable(1, srvHeap->GetGPUDescriptorHandleForHeapStart());
    list->SetGraphicsRootDescriptorTable(2, {samplerHeap->GetGPUDescriptorHandleForHeapStart().ptr + c.tableStart * step});
    list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    list->IASetVertexBuffers(0, 1, &vbv);
    list->DrawInstanced(3, 1, 0, 0);
    D3D12_RESOURCE_BARRIER b{};
    b.Transition = {target->texture, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE};
    list->ResourceBarrier(1, &b);
    target->copyOut(list);
    std::swap(b.Transition.StateBefore, b.Transition.StateAfter);
    list->ResourceBarrier(1, &b);
    REQUIRE(list->Close() == S_OK);
    executeAndWait(queue, {list}, fence, &value);
    const std::vector<uint32_t> px = target->pixels();
    for (UINT y = 0; y < RenderTarget16::kSize; ++y)
      for (UINT x = 0; x < RenderTarget16::kSize; ++x) {
        const double u = (x + 0.5) * 0.125 - 0.5, v = (y + 0.5) * 0.125 - 0.5;
        const uint32_t want = sampleCpu(u, v, c.linear, c.address), got = px[y * RenderTarget16::kSize + x];
        INFO(c.name << ": pixel " << x << "," << y << " got " << std::hex << got << " want " << want);
        for (int k = 0; k < 4; ++k) CHECK(std::abs(int(channel(got, k)) - int(channel(want, k))) <= 1);
      }
  }

  target.reset();
  list->Release();
  allocator->Release();
  vb->Release();
  cpuSamplers->Release();
  samplerHeap->Release();
  srvHeap->Release();
  upload->Release();
  texture->Release();
  pso->Release();
  rs->Release();
  fence->Release();
  queue->Release();
  CHECK(device->Release() == 0);
}
