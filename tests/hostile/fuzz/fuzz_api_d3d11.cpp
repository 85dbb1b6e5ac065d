// tests/hostile/fuzz/fuzz_api_d3d11.cpp — the API fuzzer's D3D11 world: one
// device (debug layer on) and its immediate context with default, dynamic and
// staging buffers, 2D/2D-array/3D textures and their views, a compute shader
// and a draw pipeline; each input is a sequence of context calls from the bytes
// (copies and updates with edge boxes, coordinates and pitches, maps,
// dispatches and draws direct and indirect, UAV and constant-buffer bindings
// with edge slots and windows, clears, CopyStructureCount) ending in a Flush
// and a Map that waits for the GPU. Direct counts are small; indirect
// arguments come from a buffer only the host writes (tiny counts, or, for
// dispatches, more than 65535 groups, which d3dvk drops), so no input can keep
// the GPU busy for long.
#include "dxbc/listing.h"
#include "fuzz_input.h"

#include <d3d11_3.h>

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace d3dvk::fuzz {
namespace {

const char kCs[] = R"(cs_5_0
dcl_uav_raw u0
dcl_input vThreadID.x
dcl_temps 1
dcl_thread_group 8, 1, 1
ishl r0.x, vThreadID.x, l(2)
atomic_iadd u0, r0.x, l(1)
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

void check(HRESULT hr) {
  if (FAILED(hr)) fail("D3D11 world: a creation failed", hr);  // the world itself must exist
}

struct World11 {
  ID3D11Device* device = nullptr;
  ID3D11DeviceContext1* context = nullptr;
  ID3D11InfoQueue* info = nullptr;
  std::vector<ID3D11Resource*> resources;  // [0] raw UAV buffer, [1] dynamic VB, [2] CB, [3] staging buffer,
                                           // [4] args (host-written only), [5] 2D RT|SRV|UAV, [6] 2D array, [7] 3D, [8] staging 2D
  ID3D11UnorderedAccessView* uavs[3] = {};  // raw buffer (with nothing else), 2D, 3D
  ID3D11ShaderResourceView* srv = nullptr;
  ID3D11RenderTargetView* rtv = nullptr;
  ID3D11ComputeShader* cs = nullptr;
  ID3D11VertexShader* vs = nullptr;
  ID3D11PixelShader* ps = nullptr;
  ID3D11InputLayout* layout = nullptr;

  ID3D11Buffer* buffer(UINT size, D3D11_USAGE usage, UINT bind, UINT cpu, UINT misc) {
    D3D11_BUFFER_DESC d{size, usage, bind, cpu, misc, 0};
    std::vector<uint8_t> zeros(size);
    D3D11_SUBRESOURCE_DATA init{zeros.data(), 0, 0};
    ID3D11Buffer* b = nullptr;
    check(device->CreateBuffer(&d, usage == D3D11_USAGE_STAGING ? nullptr : &init, &b));
    return b;
  }
  ID3D11Texture2D* texture2D(UINT w, UINT h, UINT array, UINT mips, DXGI_FORMAT format, D3D11_USAGE usage, UINT bind, UINT cpu) {
    D3D11_TEXTURE2D_DESC d{w, h, mips, array, format, {1, 0}, usage, bind, cpu, 0};
    ID3D11Texture2D* t = nullptr;
    check(device->CreateTexture2D(&d, nullptr, &t));
    return t;
  }

  World11() {
    setenv("D3DVK_GPU_TIMEOUT_MS", "20000", 0);
    const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_1;
    ID3D11DeviceContext* immediate = nullptr;
    check(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, D3D11_CREATE_DEVICE_DEBUG, &level, 1,
                            D3D11_SDK_VERSION, &device, nullptr, &immediate));
    check(immediate->QueryInterface(__uuidof(ID3D11DeviceContext1), reinterpret_cast<void**>(&context)));
    immediate->Release();
    if (SUCCEEDED(device->QueryInterface(__uuidof(ID3D11InfoQueue), reinterpret_cast<void**>(&info)))) {
      info->SetMuteDebugOutput(TRUE);
      info->SetMessageCountLimit(64);
    }
    resources.push_back(buffer(4096, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_SHADER_RESOURCE, 0,
                               D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS));
    resources.push_back(buffer(1024, D3D11_USAGE_DYNAMIC, D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER,
                               D3D11_CPU_ACCESS_WRITE, 0));
    resources.push_back(buffer(256, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0));
    resources.push_back(buffer(4096, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE, 0));
    resources.push_back(buffer(256, D3D11_USAGE_DEFAULT, 0, 0, D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS));
    resources.push_back(texture2D(32, 32, 1, 2, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT,
                                  D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_UNORDERED_ACCESS, 0));
    resources.push_back(texture2D(8, 8, 4, 1, DXGI_FORMAT_R32_UINT, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0));
    D3D11_TEXTURE3D_DESC t3{8, 8, 4, 1, DXGI_FORMAT_R32_FLOAT, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, 0};
    ID3D11Texture3D* volume = nullptr;
    check(device->CreateTexture3D(&t3, nullptr, &volume));
    resources.push_back(volume);
    resources.push_back(texture2D(32, 32, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_STAGING, 0,
                                  D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE));
    D3D11_UNORDERED_ACCESS_VIEW_DESC raw{};
    raw.Format = DXGI_FORMAT_R32_TYPELESS;
    raw.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
    raw.Buffer = {0, 1024, D3D11_BUFFER_UAV_FLAG_RAW};
    check(device->CreateUnorderedAccessView(resources[0], &raw, &uavs[0]));
    check(device->CreateUnorderedAccessView(resources[5], nullptr, &uavs[1]));
    check(device->CreateUnorderedAccessView(resources[7], nullptr, &uavs[2]));
    check(device->CreateShaderResourceView(resources[6], nullptr, &srv));
    check(device->CreateRenderTargetView(resources[5], nullptr, &rtv));
    const std::vector<uint8_t> csCode = dxbc::assemble(kCs).container, vsCode = dxbc::assemble(kVs).container,
                               psCode = dxbc::assemble(kPs).container;
    check(device->CreateComputeShader(csCode.data(), csCode.size(), nullptr, &cs));
    check(device->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, &vs));
    check(device->CreatePixelShader(psCode.data(), psCode.size(), nullptr, &ps));
    const D3D11_INPUT_ELEMENT_DESC element{"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0};
    check(device->CreateInputLayout(&element, 1, vsCode.data(), vsCode.size(), &layout));
  }

  ID3D11Resource* anyResource(Input& in) {
    const uint32_t i = in.choose(uint32_t(resources.size()) + 1);
    return i < resources.size() ? resources[i] : nullptr;
  }
  // Any destination but the indirect arguments (only the host writes them).
  ID3D11Resource* destination(Input& in) {
    ID3D11Resource* r = anyResource(in);
    return r == resources[4] ? resources[0] : r;
  }
  D3D11_BOX box(Input& in) { return {in.value32(), in.value32(), in.value32(), in.value32(), in.value32(), in.value32()}; }

  void run(Input& in) {
    // The indirect arguments: bytes 0..127 for dispatches, per word a tiny count
    // or one past 65535 (dropped); bytes 128..255 for draws, tiny counts only
    // (draw counts have no limit: a huge one is real work for ages).
    static const uint32_t kArgs[] = {0, 1, 2, 65536, 0xFFFFFFFFu, 3};
    uint32_t args[64];
    for (int i = 0; i < 64; ++i) args[i] = i < 32 ? kArgs[in.choose(6)] : in.choose(3);
    context->UpdateSubresource(resources[4], 0, nullptr, args, 0, 0);
    for (int op = 0; op < 40 && !in.done(); ++op) {
      switch (in.choose(22)) {
        case 0: {
          D3D11_BOX b = box(in);
          context->CopySubresourceRegion(destination(in), in.value32(), in.value32(), in.value32(), in.value32(),
                                         anyResource(in), in.value32(), in.choose(2) ? &b : nullptr);
          break;
        }
        case 1: context->CopyResource(destination(in), anyResource(in)); break;
        case 2: {
          // The source holds what the box and pitches say it does (what an application must give).
          D3D11_BOX b = box(in);
          const bool withBox = in.choose(2);
          // Without a box: the largest subresource here (a 4096-byte buffer row, 32 rows, 4 slices).
          const UINT rowPitch = in.value32() % 8192, depthPitch = in.value32() % 65536;
          uint64_t rowBytes = withBox ? (uint64_t(b.right) - b.left) * 16 : 4096,
                   h = withBox ? uint64_t(b.bottom) - b.top : 32, d = withBox ? uint64_t(b.back) - b.front : 4;
          if (withBox && (b.right <= b.left || b.bottom <= b.top || b.back <= b.front)) rowBytes = 16, h = d = 1;
          if (rowBytes > 65536 || h > 4096 || d > 4096) break;
          const uint64_t bytes = (d - 1) * uint64_t(depthPitch) + (h - 1) * uint64_t(rowPitch) + rowBytes;
          if (bytes > (16u << 20)) break;
          std::vector<uint8_t> source(size_t(bytes) + 16);
          context->UpdateSubresource(destination(in), in.value32(), withBox ? &b : nullptr, source.data(), rowPitch, depthPitch);
          break;
        }
        case 3: {
          D3D11_MAPPED_SUBRESOURCE mapped{};
          ID3D11Resource* r = anyResource(in);
          const UINT sub = in.value32();
          if (SUCCEEDED(context->Map(r, sub, D3D11_MAP(1 + in.choose(5)), in.choose(2) ? D3D11_MAP_FLAG_DO_NOT_WAIT : 0,
                                     &mapped)))
            context->Unmap(r, sub);
          break;
        }
        case 4: context->CSSetShader(in.choose(4) ? cs : nullptr, nullptr, 0); break;
        case 5: {
          ID3D11UnorderedAccessView* set[3] = {uavs[in.choose(3)], uavs[in.choose(3)], nullptr};
          const UINT counts[3] = {in.value32(), in.value32(), in.value32()};
          context->CSSetUnorderedAccessViews(in.value32() % 70, in.choose(4), set, in.choose(2) ? counts : nullptr);
          break;
        }
        case 6: {
          ID3D11Buffer* cb[2] = {static_cast<ID3D11Buffer*>(resources[2]), static_cast<ID3D11Buffer*>(resources[0])};
          const UINT first[2] = {in.value32(), in.value32()}, num[2] = {in.value32(), in.value32()};
          context->CSSetConstantBuffers1(in.value32() % 16, in.choose(3), cb, first, num);
          break;
        }
        case 7: context->Dispatch(in.choose(4), in.choose(3), in.choose(3)); break;
        case 8: context->DispatchIndirect(static_cast<ID3D11Buffer*>(resources[4]), in.value32()); break;
        case 9: {
          const UINT values[4] = {in.value32(), in.value32(), in.value32(), in.value32()};
          context->ClearUnorderedAccessViewUint(uavs[in.choose(3)], values);
          break;
        }
        case 10:
          context->CopyStructureCount(static_cast<ID3D11Buffer*>(destination(in) == resources[0] ? resources[0] : resources[2]),
                                      in.value32(), uavs[in.choose(3)]);
          break;
        case 11: {
          ID3D11Buffer* vb = static_cast<ID3D11Buffer*>(resources[1]);
          const UINT stride = in.value32(), offset = in.value32();
          context->IASetVertexBuffers(in.value32() % 40, in.choose(2), &vb, &stride, &offset);
          break;
        }
        case 12: {
          static const DXGI_FORMAT formats[] = {DXGI_FORMAT_R16_UINT, DXGI_FORMAT_R32_UINT, DXGI_FORMAT_R8_UINT};
          context->IASetIndexBuffer(static_cast<ID3D11Buffer*>(resources[1]), formats[in.choose(3)], in.value32());
          break;
        }
        case 13:
          context->IASetInputLayout(layout);
          context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY(in.choose(4) ? 4 : in.value32()));
          context->VSSetShader(vs, nullptr, 0);
          context->PSSetShader(ps, nullptr, 0);
          break;
        case 14: {
          D3D11_VIEWPORT vp[2] = {{in.number(), in.number(), in.number(), in.number(), in.number(), in.number()},
                                  {0, 0, 32, 32, 0, 1}};
          context->RSSetViewports(in.choose(3), vp);
          D3D11_RECT sc{in.signed32(), in.signed32(), in.signed32(), in.signed32()};
          context->RSSetScissorRects(in.choose(2), &sc);
          break;
        }
        case 15: context->OMSetRenderTargets(in.choose(2), &rtv, nullptr); break;
        case 16: context->Draw(in.choose(7), in.value32()); break;
        case 17: context->DrawIndexed(in.choose(7), in.value32(), in.signed32()); break;
        case 18: {
          UINT offset = in.value32();
          if (offset < 256) offset = 128 + offset % 128;  // in the buffer: the draws' half
          context->DrawInstancedIndirect(static_cast<ID3D11Buffer*>(resources[4]), offset);
          break;
        }
        case 19: {
          ID3D11ShaderResourceView* views[2] = {srv, nullptr};
          context->PSSetShaderResources(in.value32() % 130, in.choose(3), views);
          break;
        }
        case 20: {
          const FLOAT color[4] = {in.number(), in.number(), in.number(), in.number()};
          context->ClearRenderTargetView(rtv, color);
          break;
        }
        case 21: context->ClearState(); break;
      }
    }
    context->Flush();
    D3D11_MAPPED_SUBRESOURCE mapped{};
    if (SUCCEEDED(context->Map(resources[3], 0, D3D11_MAP_READ, 0, &mapped))) context->Unmap(resources[3], 0);
    if (info) info->ClearStoredMessages();
    // Nothing in an input may remove the device.
    if (const HRESULT removed = device->GetDeviceRemovedReason(); FAILED(removed)) fail("D3D11 device removed", removed);
  }
};

}  // namespace

void fuzzD3D11(Input& in) {
  static World11 world;
  world.run(in);
}

}  // namespace d3dvk::fuzz
