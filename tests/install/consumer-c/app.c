/* An application in C (C11) using d3dvk's headers the way C code uses the Windows
 * SDK's: COBJMACROS, lpVtbl, IID_ constants. DXGI enumerates the adapters, a D3D11
 * device is created through D3D11CreateDevice, a render target is cleared and read
 * back through a staging texture, and IDXGIDevice::GetAdapter is checked against the
 * enumeration. Prints "ok" and exits 0 when every value is what D3D defines;
 * otherwise says what failed. Built in-tree (tests/api-headers) and against an
 * installed prefix (tests/install, CMake and pkg-config). */
#define COBJMACROS
#include <d3d11_3.h>
#include <dxgi1_6.h>
#include <d3dvk.h>

#include <stdio.h>
#include <string.h>

#define EXPECT(cond)                                          \
  do {                                                        \
    if (!(cond)) {                                            \
      fprintf(stderr, "c consumer: failed: %s\n", #cond);    \
      return 1;                                               \
    }                                                         \
  } while (0)

/* FLOAT -> UNORM8 as D3D defines it for values in [0, 1]: scale and round to nearest. */
static unsigned char to_unorm8(float v) { return (unsigned char)(v * 255.0f + 0.5f); }

int main(void) {
  IDXGIFactory1* factory = NULL;
  EXPECT(CreateDXGIFactory1(&IID_IDXGIFactory1, (void**)&factory) == S_OK);
  UINT adapterCount = 0;
  IDXGIAdapter1* adapter = NULL;
  DXGI_ADAPTER_DESC1 firstDesc;
  memset(&firstDesc, 0, sizeof(firstDesc));
  for (;;) {
    HRESULT hr = IDXGIFactory1_EnumAdapters1(factory, adapterCount, &adapter);
    if (hr == DXGI_ERROR_NOT_FOUND) break;
    EXPECT(hr == S_OK);
    DXGI_ADAPTER_DESC1 desc;
    EXPECT(IDXGIAdapter1_GetDesc1(adapter, &desc) == S_OK);
    EXPECT(desc.Description[0] != 0);
    if (adapterCount == 0) firstDesc = desc;
    IDXGIAdapter1_Release(adapter);
    adapter = NULL;
    adapterCount++;
    EXPECT(adapterCount < 64);
  }
  EXPECT(adapterCount >= 1);
  EXPECT(adapter == NULL);

  ID3D11Device* device = NULL;
  ID3D11DeviceContext* context = NULL;
  D3D_FEATURE_LEVEL level = (D3D_FEATURE_LEVEL)0;
  EXPECT(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION, &device, &level,
                           &context) == S_OK);
  EXPECT(level >= D3D_FEATURE_LEVEL_11_0);
  EXPECT(ID3D11Device_GetFeatureLevel(device) == level);

  /* The default adapter is the first one enumerated. */
  IDXGIDevice* dxgiDevice = NULL;
  EXPECT(ID3D11Device_QueryInterface(device, &IID_IDXGIDevice, (void**)&dxgiDevice) == S_OK);
  IDXGIAdapter* deviceAdapter = NULL;
  EXPECT(IDXGIDevice_GetAdapter(dxgiDevice, &deviceAdapter) == S_OK);
  DXGI_ADAPTER_DESC deviceAdapterDesc;
  EXPECT(IDXGIAdapter_GetDesc(deviceAdapter, &deviceAdapterDesc) == S_OK);
  EXPECT(deviceAdapterDesc.AdapterLuid.LowPart == firstDesc.AdapterLuid.LowPart &&
         deviceAdapterDesc.AdapterLuid.HighPart == firstDesc.AdapterLuid.HighPart);

  enum { W = 4, H = 4 };
  D3D11_TEXTURE2D_DESC td;
  memset(&td, 0, sizeof(td));
  td.Width = W;
  td.Height = H;
  td.MipLevels = 1;
  td.ArraySize = 1;
  td.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  td.SampleDesc.Count = 1;
  td.Usage = D3D11_USAGE_DEFAULT;
  td.BindFlags = D3D11_BIND_RENDER_TARGET;
  ID3D11Texture2D* target = NULL;
  EXPECT(ID3D11Device_CreateTexture2D(device, &td, NULL, &target) == S_OK);
  ID3D11RenderTargetView* rtv = NULL;
  EXPECT(ID3D11Device_CreateRenderTargetView(device, (ID3D11Resource*)target, NULL, &rtv) == S_OK);
  const FLOAT color[4] = {0.2f, 0.6f, 1.0f, 0.0f};
  ID3D11DeviceContext_ClearRenderTargetView(context, rtv, color);

  td.Usage = D3D11_USAGE_STAGING;
  td.BindFlags = 0;
  td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  ID3D11Texture2D* staging = NULL;
  EXPECT(ID3D11Device_CreateTexture2D(device, &td, NULL, &staging) == S_OK);
  ID3D11DeviceContext_CopyResource(context, (ID3D11Resource*)staging, (ID3D11Resource*)target);
  D3D11_MAPPED_SUBRESOURCE mapped;
  memset(&mapped, 0, sizeof(mapped));
  EXPECT(ID3D11DeviceContext_Map(context, (ID3D11Resource*)staging, 0, D3D11_MAP_READ, 0, &mapped) == S_OK);
  EXPECT(mapped.pData != NULL && mapped.RowPitch >= W * 4);
  int mismatches = 0;
  for (UINT y = 0; y < H; ++y) {
    const unsigned char* row = (const unsigned char*)mapped.pData + (size_t)mapped.RowPitch * y;
    for (UINT x = 0; x < W; ++x)
      for (int c = 0; c < 4; ++c)
        if (row[x * 4 + c] != to_unorm8(color[c])) {
          if (mismatches++ < 4)
            fprintf(stderr, "c consumer: pixel (%u,%u) channel %d is %u, expected %u\n", x, y, c, row[x * 4 + c],
                    to_unorm8(color[c]));
        }
  }
  ID3D11DeviceContext_Unmap(context, (ID3D11Resource*)staging, 0);
  EXPECT(mismatches == 0);

  D3DVK_RUNTIME_INFO info;
  EXPECT(D3DVKGetRuntimeInfo(&info, NULL, 0) == S_OK);
  EXPECT(info.UmdPath[0] != 0);
  /* d3dvk.h's window-system choice from C (no swapchain yet). */
  EXPECT(D3DVKSetWindowSystem(D3DVK_WINDOW_SYSTEM_X11) == S_OK);

  IDXGIAdapter_Release(deviceAdapter);
  IDXGIDevice_Release(dxgiDevice);
  ID3D11Texture2D_Release(staging);
  ID3D11RenderTargetView_Release(rtv);
  ID3D11Texture2D_Release(target);
  ID3D11DeviceContext_Release(context);
  EXPECT(ID3D11Device_Release(device) == 0);
  IDXGIFactory1_Release(factory);
  puts("ok");
  return 0;
}
