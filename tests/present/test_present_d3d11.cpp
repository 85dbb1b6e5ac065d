// tests/present/test_present_d3d11.cpp — D3D11 swapchains on an X11 window
// (D3DVK_WSI=x11) and on an SDL2 window (the default HWND): clears presented
// through DXGI must be the window's pixels on the X server (orientation
// included), resize, every sync interval, DXGI's refusals, a destroyed window.
// Runs on lavapipe or any device d3dvk drives, under xvfb-run.
#include "present_test_windows.h"

#include <cstdlib>
#include <string>

using namespace d3dvk::test;

namespace {

struct Device11 {
  Com<ID3D11Device> device;
  Com<ID3D11DeviceContext> context;
  Com<IDXGIFactory2> factory;
  Device11() {
    REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION,
                              device.put(), nullptr, context.put()) == S_OK);
    REQUIRE(CreateDXGIFactory2(0, __uuidof(IDXGIFactory2), factory.putVoid()) == S_OK);
  }
};

// Clears buffer 0 to `background`, its top-left quadrant to `corner` (ClearView), presents.
void drawAndPresent(Device11& d, IDXGISwapChain1* swapchain, const float background[4], const float corner[4],
                    UINT width, UINT height, UINT syncInterval = 1) {
  Com<ID3D11Texture2D> buffer;
  REQUIRE(swapchain->GetBuffer(0, __uuidof(ID3D11Texture2D), buffer.putVoid()) == S_OK);
  D3D11_TEXTURE2D_DESC desc{};
  buffer->GetDesc(&desc);
  CHECK(desc.Width == width);
  CHECK(desc.Height == height);
  Com<ID3D11RenderTargetView> rtv;
  REQUIRE(d.device->CreateRenderTargetView(buffer.p, nullptr, rtv.put()) == S_OK);
  d.context->ClearRenderTargetView(rtv.p, background);
  Com<ID3D11DeviceContext1> context1;
  REQUIRE(d.context->QueryInterface(__uuidof(ID3D11DeviceContext1), context1.putVoid()) == S_OK);
  const D3D11_RECT quadrant{0, 0, LONG(width / 2), LONG(height / 2)};
  context1->ClearView(rtv.p, corner, &quadrant, 1);
  REQUIRE(swapchain->Present(syncInterval, 0) == S_OK);
}

// The window shows `background` with `corner` in its top-left quadrant (w x h).
void checkWindow(XServer& x, Window w, const float background[4], const float corner[4], int width, int height) {
  const uint32_t bg = rgb8(background), tl = rgb8(corner);
  CHECK(x.waitForPixel(w, 1, 1, tl) == tl);
  CHECK(x.pixel(w, width / 2 - 2, height / 2 - 2) == tl);
  CHECK(x.pixel(w, width - 2, 1) == bg);
  CHECK(x.pixel(w, 1, height - 2) == bg);
  CHECK(x.pixel(w, width - 2, height - 2) == bg);
}

const float kBlue[4] = {51 / 255.f, 102 / 255.f, 204 / 255.f, 1};
const float kOrange[4] = {1, 153 / 255.f, 0, 1};
const float kGreen[4] = {0, 1, 102 / 255.f, 1};
const float kGrey[4] = {85 / 255.f, 85 / 255.f, 85 / 255.f, 1};

}  // namespace

TEST_CASE("D3D11 flip swapchain on an X11 window shows what was cleared then resizes", "[present][d3d11][x11]") {
  setenv("D3DVK_WSI", "x11", 1);
  XServer x;
  const Window w = x.createWindow(64, 48);
  Device11 d;
  Com<IDXGISwapChain1> swapchain;
  DXGI_SWAP_CHAIN_DESC1 desc = flipDesc(0, 0);  // the window's size
  REQUIRE(d.factory->CreateSwapChainForHwnd(d.device.p, hwndOf(w), &desc, nullptr, nullptr, swapchain.put()) == S_OK);
  DXGI_SWAP_CHAIN_DESC1 got{};
  REQUIRE(swapchain->GetDesc1(&got) == S_OK);
  CHECK(got.Width == 64);
  CHECK(got.Height == 48);
  CHECK(got.BufferCount == 2);
  HWND hwnd = nullptr;
  CHECK(swapchain->GetHwnd(&hwnd) == S_OK);
  CHECK(hwnd == hwndOf(w));

  drawAndPresent(d, swapchain.p, kBlue, kOrange, 64, 48);
  checkWindow(x, w, kBlue, kOrange, 64, 48);

  // A second frame with other colours replaces the first.
  drawAndPresent(d, swapchain.p, kGreen, kGrey, 64, 48);
  checkWindow(x, w, kGreen, kGrey, 64, 48);

  // Resize: the window grows, ResizeBuffers(0, 0, …) takes its size.
  x.resize(w, 96, 80);
  d.context->ClearState();
  d.context->Flush();
  REQUIRE(swapchain->ResizeBuffers(0, 0, 0, DXGI_FORMAT_UNKNOWN, 0) == S_OK);
  REQUIRE(swapchain->GetDesc1(&got) == S_OK);
  CHECK(got.Width == 96);
  CHECK(got.Height == 80);
  drawAndPresent(d, swapchain.p, kOrange, kBlue, 96, 80);
  checkWindow(x, w, kOrange, kBlue, 96, 80);

  // Every sync interval presents; 5 is refused.
  for (UINT interval = 0; interval <= 4; ++interval) {
    INFO("SyncInterval " << interval);
    drawAndPresent(d, swapchain.p, kGrey, kGreen, 96, 80, interval);
  }
  checkWindow(x, w, kGrey, kGreen, 96, 80);
  CHECK(swapchain->Present(5, 0) == DXGI_ERROR_INVALID_CALL);
  CHECK(swapchain->Present(0, DXGI_PRESENT_TEST) == S_OK);

  UINT presents = 0;
  CHECK(swapchain->GetLastPresentCount(&presents) == S_OK);
  CHECK(presents == 8);
  DXGI_FRAME_STATISTICS stats{};
  CHECK(swapchain->GetFrameStatistics(&stats) == S_OK);
  CHECK(stats.PresentCount == 8);
}

TEST_CASE("D3D11 swapchain on an SDL2 window shows what was cleared", "[present][d3d11][sdl2]") {
  unsetenv("D3DVK_WSI");  // an HWND is an SDL_Window*
  SdlWindow window(72, 40);
  XServer x;
  Device11 d;
  Com<IDXGISwapChain1> swapchain;
  DXGI_SWAP_CHAIN_DESC1 desc = flipDesc(72, 40, 3, DXGI_FORMAT_B8G8R8A8_UNORM);
  REQUIRE(d.factory->CreateSwapChainForHwnd(d.device.p, window.hwnd(), &desc, nullptr, nullptr, swapchain.put()) ==
          S_OK);
  drawAndPresent(d, swapchain.p, kGreen, kBlue, 72, 40);
  window.pump();
  checkWindow(x, window.xWindow(), kGreen, kBlue, 72, 40);

  // A destroyed window: DXGI's error, no crash.
  window.destroy();
  CHECK(swapchain->Present(1, 0) == DXGI_ERROR_INVALID_CALL);
}

TEST_CASE("D3D11CreateDeviceAndSwapChain with a blit-model sRGB swapchain on an X11 window", "[present][d3d11][x11]") {
  setenv("D3DVK_WSI", "x11", 1);
  XServer x;
  const Window w = x.createWindow(40, 32);
  DXGI_SWAP_CHAIN_DESC desc{};
  desc.BufferDesc.Width = 40;
  desc.BufferDesc.Height = 32;
  desc.BufferDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
  desc.SampleDesc.Count = 1;
  desc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
  desc.BufferCount = 1;
  desc.OutputWindow = hwndOf(w);
  desc.Windowed = TRUE;
  desc.SwapEffect = DXGI_SWAP_EFFECT_DISCARD;
  Com<IDXGISwapChain> swapchain;
  Com<ID3D11Device> device;
  Com<ID3D11DeviceContext> context;
  REQUIRE(D3D11CreateDeviceAndSwapChain(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION,
                                        &desc, swapchain.put(), device.put(), nullptr, context.put()) == S_OK);
  Com<ID3D11Texture2D> buffer;
  REQUIRE(swapchain->GetBuffer(0, __uuidof(ID3D11Texture2D), buffer.putVoid()) == S_OK);
  Com<ID3D11RenderTargetView> rtv;
  REQUIRE(device->CreateRenderTargetView(buffer.p, nullptr, rtv.put()) == S_OK);
  // An sRGB target stores the encoded value: linear 0.5 is 188 (0.5^(1/2.4)*1.055-0.055 = 0.7354 → 187.5…).
  const float linear[4] = {0.5f, 0.0f, 1.0f, 1.0f};
  context->ClearRenderTargetView(rtv.p, linear);
  REQUIRE(swapchain->Present(0, 0) == S_OK);
  const double encoded = 1.055 * std::pow(0.5, 1 / 2.4) - 0.055;
  const uint32_t red = uint32_t(std::lround(encoded * 255));
  const uint32_t expected = red << 16 | 0x0000FF;
  const uint32_t got = x.waitForPixel(w, 20, 16, expected);
  // The sRGB encoding may round either way on the device: allow one step in red.
  CHECK((got & 0xFFFF) == 0x00FF);
  CHECK(std::abs(int(got >> 16) - int(red)) <= 1);
  DXGI_SWAP_CHAIN_DESC back{};
  REQUIRE(swapchain->GetDesc(&back) == S_OK);
  CHECK(back.OutputWindow == hwndOf(w));
  CHECK(back.SwapEffect == DXGI_SWAP_EFFECT_DISCARD);
  CHECK(back.BufferDesc.Format == DXGI_FORMAT_R8G8B8A8_UNORM_SRGB);
}

TEST_CASE("D3D11 swapchains: DXGI's refusals", "[present][d3d11][x11]") {
  setenv("D3DVK_WSI", "x11", 1);
  XServer x;
  const Window w = x.createWindow(32, 32);
  Device11 d;
  Com<IDXGISwapChain1> swapchain;
  auto create = [&](const DXGI_SWAP_CHAIN_DESC1& desc) {
    return d.factory->CreateSwapChainForHwnd(d.device.p, hwndOf(w), &desc, nullptr, nullptr, swapchain.put());
  };
  DXGI_SWAP_CHAIN_DESC1 desc = flipDesc(32, 32, 1);
  CHECK(create(desc) == DXGI_ERROR_INVALID_CALL);  // flip: 2 to 16 buffers
  desc.BufferCount = 17;
  CHECK(create(desc) == DXGI_ERROR_INVALID_CALL);
  desc = flipDesc(32, 32, 2, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB);
  CHECK(create(desc) == DXGI_ERROR_INVALID_CALL);  // flip: no sRGB buffer format
  desc = flipDesc(32, 32, 2, DXGI_FORMAT_R32G32B32A32_FLOAT);
  CHECK(create(desc) == DXGI_ERROR_INVALID_CALL);
  desc = flipDesc(32, 32);
  desc.SwapEffect = DXGI_SWAP_EFFECT(2);
  CHECK(create(desc) == DXGI_ERROR_INVALID_CALL);
  desc = flipDesc(32, 32);
  desc.SampleDesc.Count = 4;
  CHECK(create(desc) == DXGI_ERROR_INVALID_CALL);
  desc = flipDesc(32, 32);
  desc.SwapEffect = DXGI_SWAP_EFFECT_DISCARD;
  desc.Flags = DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING;
  CHECK(create(desc) == DXGI_ERROR_INVALID_CALL);  // tearing needs a flip model
  desc = flipDesc(32, 32);
  CHECK(d.factory->CreateSwapChainForHwnd(d.device.p, nullptr, &desc, nullptr, nullptr, swapchain.put()) ==
        DXGI_ERROR_INVALID_CALL);
  CHECK(d.factory->CreateSwapChainForHwnd(nullptr, hwndOf(w), &desc, nullptr, nullptr, swapchain.put()) ==
        DXGI_ERROR_INVALID_CALL);
  CHECK(d.factory->CreateSwapChainForHwnd(d.device.p, hwndOf(w), nullptr, nullptr, nullptr, swapchain.put()) ==
        DXGI_ERROR_INVALID_CALL);
  // Not a window of the X server (a fresh XID nobody created).
  CHECK(d.factory->CreateSwapChainForHwnd(d.device.p, hwndOf(w + 0x1000), &desc, nullptr, nullptr,
                                          swapchain.put()) == DXGI_ERROR_UNSUPPORTED);
  CHECK(!swapchain);
  setenv("D3DVK_WSI", "wayland-someday", 1);
  CHECK(create(desc) == DXGI_ERROR_UNSUPPORTED);
  setenv("D3DVK_WSI", "x11", 1);
  const std::string display = std::getenv("DISPLAY");
  unsetenv("DISPLAY");  // no X server to present to
  CHECK(create(desc) == DXGI_ERROR_UNSUPPORTED);
  setenv("DISPLAY", display.c_str(), 1);

  REQUIRE(create(desc) == S_OK);
  Com<IDXGISwapChain1> second;
  CHECK(d.factory->CreateSwapChainForHwnd(d.device.p, hwndOf(w), &desc, nullptr, nullptr, second.put()) ==
        E_ACCESSDENIED);  // one swapchain per window
  CHECK(swapchain->Present(0, DXGI_PRESENT_ALLOW_TEARING) == DXGI_ERROR_INVALID_CALL);  // not created with the flag
  CHECK(swapchain->Present(0, 0x80000000u) == DXGI_ERROR_INVALID_CALL);
  Com<ID3D11Texture2D> buffer;
  CHECK(swapchain->GetBuffer(1, __uuidof(ID3D11Texture2D), buffer.putVoid()) == DXGI_ERROR_INVALID_CALL);
  CHECK(swapchain->GetBuffer(2, __uuidof(ID3D11Texture2D), buffer.putVoid()) == DXGI_ERROR_INVALID_CALL);
  REQUIRE(swapchain->GetBuffer(0, __uuidof(ID3D11Texture2D), buffer.putVoid()) == S_OK);
  // A buffer still referenced: ResizeBuffers refuses and nothing changes.
  CHECK(swapchain->ResizeBuffers(0, 16, 16, DXGI_FORMAT_UNKNOWN, 0) == DXGI_ERROR_INVALID_CALL);
  DXGI_SWAP_CHAIN_DESC1 got{};
  REQUIRE(swapchain->GetDesc1(&got) == S_OK);
  CHECK(got.Width == 32);
  buffer.reset();
  CHECK(swapchain->ResizeBuffers(1, 16, 16, DXGI_FORMAT_UNKNOWN, 0) == DXGI_ERROR_INVALID_CALL);  // flip: 2 or more
  CHECK(swapchain->ResizeBuffers(0, 16, 16, DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, 0) == DXGI_ERROR_INVALID_CALL);
  CHECK(swapchain->ResizeBuffers(0, 16, 16, DXGI_FORMAT_UNKNOWN, DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING) ==
        DXGI_ERROR_INVALID_CALL);  // cannot change
  CHECK(swapchain->ResizeBuffers(4, 16, 16, DXGI_FORMAT_R16G16B16A16_FLOAT, 0) == S_OK);
  REQUIRE(swapchain->GetDesc1(&got) == S_OK);
  CHECK(got.Width == 16);
  CHECK(got.BufferCount == 4);
  CHECK(got.Format == DXGI_FORMAT_R16G16B16A16_FLOAT);
  DXGI_FRAME_STATISTICS stats{};
  CHECK(swapchain->GetFrameStatistics(&stats) == DXGI_ERROR_FRAME_STATISTICS_DISJOINT);  // nothing presented yet
  // Borderless fullscreen and back (test_present_outputs.cpp checks the window's place).
  CHECK(swapchain->SetFullscreenState(TRUE, nullptr) == S_OK);
  BOOL fullscreen = FALSE;
  CHECK(swapchain->GetFullscreenState(&fullscreen, nullptr) == S_OK);
  CHECK(fullscreen == TRUE);
  CHECK(swapchain->SetFullscreenState(FALSE, nullptr) == S_OK);
  CHECK(swapchain->GetFullscreenState(&fullscreen, nullptr) == S_OK);
  CHECK(fullscreen == FALSE);
  Com<IDXGISwapChain3> swapchain3;
  REQUIRE(swapchain->QueryInterface(__uuidof(IDXGISwapChain3), swapchain3.putVoid()) == S_OK);
  UINT support = 0;
  CHECK(swapchain3->CheckColorSpaceSupport(DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709, &support) == S_OK);
  CHECK(support == DXGI_SWAP_CHAIN_COLOR_SPACE_SUPPORT_FLAG_PRESENT);
  CHECK(swapchain3->CheckColorSpaceSupport(DXGI_COLOR_SPACE_RGB_FULL_G2084_NONE_P2020, &support) == S_OK);
  CHECK(support == 0);
  CHECK(swapchain3->SetColorSpace1(DXGI_COLOR_SPACE_RGB_FULL_G2084_NONE_P2020) == E_INVALIDARG);
  CHECK(swapchain3->SetMaximumFrameLatency(2) == DXGI_ERROR_INVALID_CALL);  // no waitable-object flag
  Com<ID3D11Device> device;
  CHECK(swapchain->GetDevice(__uuidof(ID3D11Device), device.putVoid()) == S_OK);
  CHECK(device.p == d.device.p);

  // The window destroyed under the swapchain: DXGI's error, never a crash.
  XDestroyWindow(x.display(), w);
  XSync(x.display(), False);
  CHECK(swapchain->Present(1, 0) == DXGI_ERROR_INVALID_CALL);
}
