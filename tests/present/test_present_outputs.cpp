// tests/present/test_present_outputs.cpp — DXGI outputs on the X server the test
// runs on (Xvfb's one 640x480 screen under with_display.sh): EnumOutputs and the
// output's description, display modes and FindClosestMatchingMode checked against
// the screen's size read through Xlib; none without a display (a child process of
// this binary without DISPLAY); a swapchain's borderless fullscreen (the X window
// covers the output, and the presented frame fills the screen), GetContainingOutput,
// ResizeTarget (the X window's size) and DXGI's refusals.
#include "present_test_windows.h"

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <string>

using namespace d3dvk::test;

namespace {

struct ScreenSize {
  int width, height;
};
ScreenSize screenSize(XServer& x) {
  return {DisplayWidth(x.display(), DefaultScreen(x.display())), DisplayHeight(x.display(), DefaultScreen(x.display()))};
}

// The X window's place on the screen (root coordinates), as the X server has it.
struct Placement {
  int x, y;
  unsigned width, height;
};
Placement placement(XServer& x, Window w) {
  XSync(x.display(), False);
  Window root = 0, child = 0;
  int gx = 0, gy = 0, rx = 0, ry = 0;
  unsigned width = 0, height = 0, border = 0, depth = 0;
  REQUIRE(XGetGeometry(x.display(), w, &root, &gx, &gy, &width, &height, &border, &depth));
  REQUIRE(XTranslateCoordinates(x.display(), w, root, 0, 0, &rx, &ry, &child));
  return {rx, ry, width, height};
}

Com<IDXGIAdapter1> firstAdapter() {
  Com<IDXGIFactory1> factory;
  REQUIRE(CreateDXGIFactory1(__uuidof(IDXGIFactory1), factory.putVoid()) == S_OK);
  Com<IDXGIAdapter1> adapter;
  REQUIRE(factory->EnumAdapters1(0, adapter.put()) == S_OK);
  return adapter;
}

}  // namespace

TEST_CASE("DXGI outputs are the X server's screen: descriptions and modes", "[present][outputs]") {
  XServer x;
  const ScreenSize screen = screenSize(x);
  Com<IDXGIAdapter1> adapter = firstAdapter();
  Com<IDXGIOutput> output;
  REQUIRE(adapter->EnumOutputs(0, output.put()) == S_OK);
  CHECK(adapter->EnumOutputs(0, nullptr) == DXGI_ERROR_INVALID_CALL);
  // Xvfb has one screen and one monitor: one output covering it.
  Com<IDXGIOutput> second;
  CHECK(adapter->EnumOutputs(1, second.put()) == DXGI_ERROR_NOT_FOUND);
  CHECK(!second);

  DXGI_OUTPUT_DESC desc{};
  REQUIRE(output->GetDesc(&desc) == S_OK);
  CHECK(desc.DesktopCoordinates.left == 0);
  CHECK(desc.DesktopCoordinates.top == 0);
  CHECK(desc.DesktopCoordinates.right == screen.width);
  CHECK(desc.DesktopCoordinates.bottom == screen.height);
  CHECK(desc.AttachedToDesktop == TRUE);
  CHECK(desc.Rotation == DXGI_MODE_ROTATION_IDENTITY);
  CHECK(desc.Monitor != nullptr);
  CHECK(std::wstring(desc.DeviceName) == L"\\\\.\\DISPLAY1");

  Com<IDXGIOutput6> output6;
  REQUIRE(output->QueryInterface(__uuidof(IDXGIOutput6), output6.putVoid()) == S_OK);
  DXGI_OUTPUT_DESC1 desc1{};
  REQUIRE(output6->GetDesc1(&desc1) == S_OK);
  CHECK(desc1.ColorSpace == DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709);
  CHECK(desc1.BitsPerColor == 8);
  CHECK(desc1.Monitor == desc.Monitor);
  CHECK(desc1.DesktopCoordinates.right == screen.width);
  CHECK(desc1.WhitePoint[0] == Approx(0.3127f));  // D65
  Com<IDXGIAdapter> parent;
  REQUIRE(output->GetParent(__uuidof(IDXGIAdapter), parent.putVoid()) == S_OK);
  CHECK(static_cast<IUnknown*>(parent.p) == static_cast<IUnknown*>(adapter.p));

  // Modes: the back-buffer formats list the screen's (desktop) mode; others none.
  for (DXGI_FORMAT format : {DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_B8G8R8A8_UNORM, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB,
                             DXGI_FORMAT_R10G10B10A2_UNORM, DXGI_FORMAT_R16G16B16A16_FLOAT}) {
    INFO("format " << int(format));
    UINT count = 0;
    REQUIRE(output->GetDisplayModeList(format, 0, &count, nullptr) == S_OK);
    REQUIRE(count >= 1);
    std::vector<DXGI_MODE_DESC> modes(count);
    REQUIRE(output->GetDisplayModeList(format, 0, &count, modes.data()) == S_OK);
    bool desktop = false;
    for (const DXGI_MODE_DESC& m : modes) {
      CHECK(m.Format == format);
      CHECK(m.RefreshRate.Denominator != 0);
      desktop |= int(m.Width) == screen.width && int(m.Height) == screen.height;
    }
    CHECK(desktop);
  }
  UINT count = 0;
  REQUIRE(output->GetDisplayModeList(DXGI_FORMAT_R32_FLOAT, 0, &count, nullptr) == S_OK);
  CHECK(count == 0);
  CHECK(output->GetDisplayModeList(DXGI_FORMAT_R8G8B8A8_UNORM, 0, nullptr, nullptr) == DXGI_ERROR_INVALID_CALL);
  DXGI_MODE_DESC one{};
  count = 0;  // room for none
  CHECK(output->GetDisplayModeList(DXGI_FORMAT_R8G8B8A8_UNORM, 0, &count, &one) == DXGI_ERROR_MORE_DATA);

  // FindClosestMatchingMode: DXGI's rules on unspecified members.
  DXGI_MODE_DESC request{};
  DXGI_MODE_DESC closest{};
  request.Width = 320;  // Height 0 with Width set
  request.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  CHECK(output->FindClosestMatchingMode(&request, &closest, nullptr) == DXGI_ERROR_INVALID_CALL);
  request = {};  // format unknown without a device
  CHECK(output->FindClosestMatchingMode(&request, &closest, nullptr) == DXGI_ERROR_INVALID_CALL);
  request.Width = 320;
  request.Height = 240;
  request.RefreshRate = {50, 1};
  request.Format = DXGI_FORMAT_B8G8R8A8_UNORM;
  REQUIRE(output->FindClosestMatchingMode(&request, &closest, nullptr) == S_OK);
  CHECK(int(closest.Width) == screen.width);
  CHECK(int(closest.Height) == screen.height);
  CHECK(closest.Format == DXGI_FORMAT_B8G8R8A8_UNORM);
  CHECK(closest.RefreshRate.Numerator != 0);

  const auto before = std::chrono::steady_clock::now();
  CHECK(output->WaitForVBlank() == S_OK);
  CHECK(std::chrono::steady_clock::now() - before < std::chrono::milliseconds(200));
}

// Run by the test below in a child process without DISPLAY (hidden from ctest's list).
TEST_CASE("DXGI outputs headless probe", "[.outputs-headless-probe]") {
  REQUIRE(std::getenv("DISPLAY") == nullptr);
  Com<IDXGIAdapter1> adapter = firstAdapter();
  Com<IDXGIOutput> output;
  CHECK(adapter->EnumOutputs(0, output.put()) == DXGI_ERROR_NOT_FOUND);
  CHECK(!output);
}

TEST_CASE("DXGI outputs: none without a display", "[present][outputs]") {
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    unsetenv("DISPLAY");
    execl("/proc/self/exe", "/proc/self/exe", "[.outputs-headless-probe]", static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
}

namespace {

const float kTeal[4] = {0, 128 / 255.f, 128 / 255.f, 1};
const float kRose[4] = {1, 51 / 255.f, 102 / 255.f, 1};

void clearAndPresent(ID3D11Device* device, ID3D11DeviceContext* context, IDXGISwapChain* swapchain, const float c[4]) {
  Com<ID3D11Texture2D> buffer;
  REQUIRE(swapchain->GetBuffer(0, __uuidof(ID3D11Texture2D), buffer.putVoid()) == S_OK);
  Com<ID3D11RenderTargetView> rtv;
  REQUIRE(device->CreateRenderTargetView(buffer.p, nullptr, rtv.put()) == S_OK);
  context->ClearRenderTargetView(rtv.p, c);
  REQUIRE(swapchain->Present(1, 0) == S_OK);
}

}  // namespace

TEST_CASE("DXGI fullscreen: the swapchain's X11 window covers its output and ResizeTarget resizes it",
          "[present][outputs][x11][fullscreen]") {
  setenv("D3DVK_WSI", "x11", 1);
  XServer x;
  const ScreenSize screen = screenSize(x);
  const Window w = x.createWindow(64, 48);
  XMoveWindow(x.display(), w, 30, 20);
  const Placement windowed = placement(x, w);
  CHECK(windowed.x == 30);
  CHECK(windowed.width == 64u);

  Com<ID3D11Device> device;
  Com<ID3D11DeviceContext> context;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION, device.put(),
                            nullptr, context.put()) == S_OK);
  Com<IDXGIFactory2> factory;
  REQUIRE(CreateDXGIFactory2(0, __uuidof(IDXGIFactory2), factory.putVoid()) == S_OK);
  Com<IDXGISwapChain1> swapchain;
  DXGI_SWAP_CHAIN_DESC1 desc = flipDesc(0, 0);
  REQUIRE(factory->CreateSwapChainForHwnd(device.p, hwndOf(w), &desc, nullptr, nullptr, swapchain.put()) == S_OK);

  Com<IDXGIOutput> containing;
  REQUIRE(swapchain->GetContainingOutput(containing.put()) == S_OK);
  DXGI_OUTPUT_DESC od{};
  REQUIRE(containing->GetDesc(&od) == S_OK);
  CHECK(od.DesktopCoordinates.right == screen.width);
  BOOL fullscreen = TRUE;
  Com<IDXGIOutput> target;
  REQUIRE(swapchain->GetFullscreenState(&fullscreen, target.put()) == S_OK);
  CHECK(fullscreen == FALSE);
  CHECK(!target);

  CHECK(swapchain->SetFullscreenState(FALSE, containing.p) == DXGI_ERROR_INVALID_CALL);  // FALSE takes no output
  REQUIRE(swapchain->SetFullscreenState(TRUE, containing.p) == S_OK);
  REQUIRE(swapchain->GetFullscreenState(&fullscreen, target.put()) == S_OK);
  CHECK(fullscreen == TRUE);
  REQUIRE(target);
  DXGI_OUTPUT_DESC td{};
  REQUIRE(target->GetDesc(&td) == S_OK);
  CHECK(td.Monitor == od.Monitor);
  DXGI_SWAP_CHAIN_DESC scd{};
  REQUIRE(swapchain->GetDesc(&scd) == S_OK);
  CHECK(scd.Windowed == FALSE);
  // Borderless fullscreen: the window is the screen.
  Placement full = placement(x, w);
  CHECK(full.x == 0);
  CHECK(full.y == 0);
  CHECK(int(full.width) == screen.width);
  CHECK(int(full.height) == screen.height);
  // The application resizes its buffers to the new size and presents: the frame fills the screen.
  REQUIRE(swapchain->ResizeBuffers(0, 0, 0, DXGI_FORMAT_UNKNOWN, 0) == S_OK);
  DXGI_SWAP_CHAIN_DESC1 got{};
  REQUIRE(swapchain->GetDesc1(&got) == S_OK);
  CHECK(int(got.Width) == screen.width);
  CHECK(int(got.Height) == screen.height);
  clearAndPresent(device.p, context.p, swapchain.p, kTeal);
  const Window root = DefaultRootWindow(x.display());
  CHECK(x.waitForPixel(root, screen.width - 2, screen.height - 2, rgb8(kTeal)) == rgb8(kTeal));
  CHECK(x.pixel(root, 1, 1) == rgb8(kTeal));
  // In fullscreen ResizeTarget keeps the window over its output.
  DXGI_MODE_DESC mode{};
  mode.Width = 100;
  mode.Height = 70;
  REQUIRE(swapchain->ResizeTarget(&mode) == S_OK);
  full = placement(x, w);
  CHECK(int(full.width) == screen.width);

  // Back to windowed: the window's place before.
  REQUIRE(swapchain->SetFullscreenState(FALSE, nullptr) == S_OK);
  const Placement back = placement(x, w);
  CHECK(back.x == windowed.x);
  CHECK(back.y == windowed.y);
  CHECK(back.width == windowed.width);
  CHECK(back.height == windowed.height);
  REQUIRE(swapchain->GetFullscreenState(&fullscreen, nullptr) == S_OK);
  CHECK(fullscreen == FALSE);

  // ResizeTarget in a window: the window's new size (0 keeps a dimension).
  CHECK(swapchain->ResizeTarget(nullptr) == DXGI_ERROR_INVALID_CALL);
  REQUIRE(swapchain->ResizeTarget(&mode) == S_OK);
  Placement resized = placement(x, w);
  CHECK(resized.width == 100u);
  CHECK(resized.height == 70u);
  mode.Width = 0;
  mode.Height = 90;
  REQUIRE(swapchain->ResizeTarget(&mode) == S_OK);
  resized = placement(x, w);
  CHECK(resized.width == 100u);
  CHECK(resized.height == 90u);
  REQUIRE(swapchain->ResizeBuffers(0, 0, 0, DXGI_FORMAT_UNKNOWN, 0) == S_OK);
  clearAndPresent(device.p, context.p, swapchain.p, kRose);
  CHECK(x.waitForPixel(w, 98, 88, rgb8(kRose)) == rgb8(kRose));

  // Fullscreen with no output named: the containing one; released while fullscreen,
  // the window gets its place back.
  REQUIRE(swapchain->SetFullscreenState(TRUE, nullptr) == S_OK);
  CHECK(int(placement(x, w).width) == screen.width);
  swapchain.reset();
  CHECK(placement(x, w).width == 100u);
}

TEST_CASE("DXGI fullscreen: a swapchain created fullscreen on an SDL2 window covers the screen",
          "[present][outputs][sdl2][fullscreen]") {
  unsetenv("D3DVK_WSI");
  SdlWindow window(40, 30);
  XServer x;
  const ScreenSize screen = screenSize(x);
  Com<ID3D11Device> device;
  Com<ID3D11DeviceContext> context;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION, device.put(),
                            nullptr, context.put()) == S_OK);
  Com<IDXGIFactory> factory;
  REQUIRE(CreateDXGIFactory(__uuidof(IDXGIFactory), factory.putVoid()) == S_OK);
  DXGI_SWAP_CHAIN_DESC desc{};
  desc.BufferDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  desc.SampleDesc.Count = 1;
  desc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
  desc.BufferCount = 2;
  desc.OutputWindow = window.hwnd();
  desc.Windowed = FALSE;  // fullscreen from the start
  desc.SwapEffect = DXGI_SWAP_EFFECT_FLIP_DISCARD;
  Com<IDXGISwapChain> swapchain;
  REQUIRE(factory->CreateSwapChain(device.p, &desc, swapchain.put()) == S_OK);
  BOOL fullscreen = FALSE;
  REQUIRE(swapchain->GetFullscreenState(&fullscreen, nullptr) == S_OK);
  CHECK(fullscreen == TRUE);
  window.pump();
  const Placement full = placement(x, window.xWindow());
  CHECK(full.x == 0);
  CHECK(full.y == 0);
  CHECK(int(full.width) == screen.width);
  CHECK(int(full.height) == screen.height);
  REQUIRE(swapchain->SetFullscreenState(FALSE, nullptr) == S_OK);
  window.pump();
  CHECK(placement(x, window.xWindow()).width == 40u);
}
