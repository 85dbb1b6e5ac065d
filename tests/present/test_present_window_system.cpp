// tests/present/test_present_window_system.cpp — D3DVKSetWindowSystem (d3dvk.h),
// the call that chooses what an HWND is in place of D3DVK_WSI: it overrides the
// environment (an X11 window ID presents with D3DVK_WSI=sdl2 set), refuses a value
// that is no D3DVK_WINDOW_SYSTEM, and refuses a change once a swapchain exists. Its
// own test binary: the choice is the process's for good once a swapchain is made.
#include "present_test_windows.h"

#include <d3dvk.h>

#include <cstdlib>
#include <cstring>

using namespace d3dvk::test;

TEST_CASE("D3DVKSetWindowSystem chooses X11 over D3DVK_WSI and refuses late or bad calls", "[present][wsi][x11]") {
  setenv("D3DVK_WSI", "sdl2", 1);  // the call wins over the environment
  int bad = 3;  // (no enumerator, inside the enum's value range: no undefined load)
  D3DVK_WINDOW_SYSTEM badSystem;
  std::memcpy(&badSystem, &bad, sizeof bad);
  CHECK(D3DVKSetWindowSystem(badSystem) == E_INVALIDARG);
  REQUIRE(D3DVKSetWindowSystem(D3DVK_WINDOW_SYSTEM_SDL2) == S_OK);  // may change its mind before a swapchain
  REQUIRE(D3DVKSetWindowSystem(D3DVK_WINDOW_SYSTEM_X11) == S_OK);

  XServer x;
  const Window w = x.createWindow(32, 24);
  Com<ID3D11Device> device;
  Com<ID3D11DeviceContext> context;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION, device.put(),
                            nullptr, context.put()) == S_OK);
  Com<IDXGIFactory2> factory;
  REQUIRE(CreateDXGIFactory2(0, __uuidof(IDXGIFactory2), factory.putVoid()) == S_OK);
  Com<IDXGISwapChain1> swapchain;
  DXGI_SWAP_CHAIN_DESC1 desc = flipDesc(32, 24);
  REQUIRE(factory->CreateSwapChainForHwnd(device.p, hwndOf(w), &desc, nullptr, nullptr, swapchain.put()) == S_OK);
  Com<ID3D11Texture2D> buffer;
  REQUIRE(swapchain->GetBuffer(0, __uuidof(ID3D11Texture2D), buffer.putVoid()) == S_OK);
  Com<ID3D11RenderTargetView> rtv;
  REQUIRE(device->CreateRenderTargetView(buffer.p, nullptr, rtv.put()) == S_OK);
  const float colour[4] = {1, 1, 0, 1};
  context->ClearRenderTargetView(rtv.p, colour);
  REQUIRE(swapchain->Present(0, 0) == S_OK);
  CHECK(x.waitForPixel(w, 5, 5, 0xFFFF00u) == 0xFFFF00u);  // shown in the X11 window

  // Late: a swapchain exists.
  CHECK(D3DVKSetWindowSystem(D3DVK_WINDOW_SYSTEM_SDL2) == DXGI_ERROR_INVALID_CALL);
  CHECK(D3DVKSetWindowSystem(D3DVK_WINDOW_SYSTEM_DEFAULT) == DXGI_ERROR_INVALID_CALL);
  CHECK(D3DVKSetWindowSystem(D3DVK_WINDOW_SYSTEM_X11) == S_OK);  // what is chosen already
  CHECK(D3DVKSetWindowSystem(badSystem) == E_INVALIDARG);
}
