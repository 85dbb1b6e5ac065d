// An application built against an installed d3dvk: DXGI enumerates the adapter, a
// D3D11 device is created on it, a render target is cleared and read back through
// a staging texture, and a D3D12 device is created on the same adapter. Prints
// "ok" and exits 0 when every value is what D3D defines; otherwise says what not.
#include <d3d11.h>
#include <dxgi1_6.h>
#include <directx/d3d12.h>
#include <dxguids/dxguids.h>

#include <cstdio>
#include <cstring>

#define EXPECT(cond)                                               \
  do {                                                             \
    if (!(cond)) {                                                 \
      std::fprintf(stderr, "consumer: failed: %s\n", #cond);       \
      return 1;                                                    \
    }                                                              \
  } while (0)

int main() {
  IDXGIFactory1* factory = nullptr;
  EXPECT(CreateDXGIFactory1(IID_PPV_ARGS(&factory)) == S_OK);
  IDXGIAdapter1* adapter = nullptr;
  EXPECT(factory->EnumAdapters1(0, &adapter) == S_OK);
  DXGI_ADAPTER_DESC1 desc{};
  EXPECT(adapter->GetDesc1(&desc) == S_OK);
  EXPECT(desc.Description[0] != 0);

  ID3D11Device* device = nullptr;
  ID3D11DeviceContext* context = nullptr;
  EXPECT(D3D11CreateDevice(adapter, D3D_DRIVER_TYPE_UNKNOWN, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION, &device,
                           nullptr, &context) == S_OK);
  D3D11_TEXTURE2D_DESC td{};
  td.Width = td.Height = 4;
  td.MipLevels = td.ArraySize = 1;
  td.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  td.SampleDesc.Count = 1;
  td.Usage = D3D11_USAGE_DEFAULT;
  td.BindFlags = D3D11_BIND_RENDER_TARGET;
  ID3D11Texture2D* target = nullptr;
  EXPECT(device->CreateTexture2D(&td, nullptr, &target) == S_OK);
  ID3D11RenderTargetView* rtv = nullptr;
  EXPECT(device->CreateRenderTargetView(target, nullptr, &rtv) == S_OK);
  const FLOAT color[4] = {1.0f, 0.0f, 1.0f, 1.0f};
  context->ClearRenderTargetView(rtv, color);
  td.Usage = D3D11_USAGE_STAGING;
  td.BindFlags = 0;
  td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  ID3D11Texture2D* staging = nullptr;
  EXPECT(device->CreateTexture2D(&td, nullptr, &staging) == S_OK);
  context->CopyResource(staging, target);
  D3D11_MAPPED_SUBRESOURCE mapped{};
  EXPECT(context->Map(staging, 0, D3D11_MAP_READ, 0, &mapped) == S_OK);
  unsigned char pixel[4];
  std::memcpy(pixel, static_cast<unsigned char*>(mapped.pData) + mapped.RowPitch * 2 + 4 * 3, 4);
  context->Unmap(staging, 0);
  EXPECT(pixel[0] == 255 && pixel[1] == 0 && pixel[2] == 255 && pixel[3] == 255);

  IDXGIDevice* dxgiDevice = nullptr;
  EXPECT(device->QueryInterface(IID_PPV_ARGS(&dxgiDevice)) == S_OK);
  IDXGIAdapter* deviceAdapter = nullptr;
  EXPECT(dxgiDevice->GetAdapter(&deviceAdapter) == S_OK);
  EXPECT(deviceAdapter == adapter);

  ID3D12Device* device12 = nullptr;
  EXPECT(D3D12CreateDevice(adapter, D3D_FEATURE_LEVEL_11_0, IID_PPV_ARGS(&device12)) == S_OK);
  const LUID luid = device12->GetAdapterLuid();
  EXPECT(luid.LowPart == desc.AdapterLuid.LowPart && luid.HighPart == desc.AdapterLuid.HighPart);

  device12->Release();
  deviceAdapter->Release();
  dxgiDevice->Release();
  staging->Release();
  rtv->Release();
  target->Release();
  context->Release();
  device->Release();
  adapter->Release();
  factory->Release();
  std::puts("ok");
  return 0;
}
