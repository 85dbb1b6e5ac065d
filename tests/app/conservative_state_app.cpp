// tests/app/conservative_state_app.cpp — a small application written only
// against the public headers (<d3d11_3.h>, <d3d11sdklayers.h>) and linked only
// with libd3dvk.so, as an application developer would write it: ask for the
// conservative tier, create rasterizer states, bind one, read the debug layer.
// Prints what it saw; exits 0 when every D3D rule it checks held.
#include <d3d11_3.h>
#include <d3d11sdklayers.h>

#include <cstdio>

#define EXPECT(cond)                                              \
  do {                                                            \
    if (!(cond)) {                                                \
      std::fprintf(stderr, "FAILED: %s (line %d)\n", #cond, __LINE__); \
      ++failures;                                                 \
    }                                                             \
  } while (0)

int main() {
  int failures = 0;
  const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_11_0};
  ID3D11Device* device = nullptr;
  ID3D11DeviceContext* context = nullptr;
  D3D_FEATURE_LEVEL level{};
  HRESULT hr = D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, D3D11_CREATE_DEVICE_DEBUG, levels, 2,
                                 D3D11_SDK_VERSION, &device, &level, &context);
  if (FAILED(hr)) {
    std::fprintf(stderr, "D3D11CreateDevice failed: 0x%08x\n", unsigned(hr));
    return 1;
  }
  std::printf("feature level 0x%x\n", unsigned(level));

  D3D11_FEATURE_DATA_D3D11_OPTIONS2 options2{};
  EXPECT(device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2, &options2, sizeof options2) == S_OK);
  std::printf("conservative rasterization tier %d\n", int(options2.ConservativeRasterizationTier));

  ID3D11Device3* device3 = nullptr;
  EXPECT(device->QueryInterface(__uuidof(ID3D11Device3), reinterpret_cast<void**>(&device3)) == S_OK);
  ID3D11InfoQueue* queue = nullptr;
  EXPECT(device->QueryInterface(__uuidof(ID3D11InfoQueue), reinterpret_cast<void**>(&queue)) == S_OK);

  D3D11_RASTERIZER_DESC2 desc{D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0.f, 0.f, TRUE, FALSE, FALSE, FALSE, 0,
                              D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON};
  ID3D11RasterizerState2* state = nullptr;
  hr = device3->CreateRasterizerState2(&desc, &state);
  if (options2.ConservativeRasterizationTier == D3D11_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED) {
    // Not supported: the create must fail and the debug layer must say why.
    EXPECT(hr == E_INVALIDARG);
    EXPECT(state == nullptr);
    EXPECT(queue->GetNumStoredMessages() == 1);
    desc.ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF;
    EXPECT(device3->CreateRasterizerState2(&desc, &state) == S_OK);
  } else {
    EXPECT(hr == S_OK);
  }
  if (state) {
    D3D11_RASTERIZER_DESC2 back{};
    state->GetDesc2(&back);
    EXPECT(back.ConservativeRaster == desc.ConservativeRaster);
    EXPECT(back.CullMode == D3D11_CULL_NONE);
    ID3D11RasterizerState2* same = nullptr;
    EXPECT(device3->CreateRasterizerState2(&desc, &same) == S_OK);
    EXPECT(same == state);
    if (same) same->Release();
    context->RSSetState(state);
    ID3D11RasterizerState* bound = nullptr;
    context->RSGetState(&bound);
    EXPECT(bound == state);
    if (bound) bound->Release();
    context->RSSetState(nullptr);
    state->Release();
  }
  queue->Release();
  device3->Release();
  context->Release();
  EXPECT(device->Release() == 0);
  std::printf("%s\n", failures ? "FAILED" : "ok");
  return failures ? 1 : 0;
}
