// tests/present/test_present_latency.cpp — frame-latency waitable objects
// (DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT, docs/dxgi.md): the HANDLE is
// an eventfd descriptor in semaphore mode whose count starts at the maximum frame
// latency (default 1), one taken per wait (read), one given back when a presented
// frame has finished, never above the maximum; SetMaximumFrameLatency raises it at
// once; every GetFrameLatencyWaitableObject is a new descriptor of the same object.
// D3D11 and D3D12 swapchains on X11 windows under xvfb-run, on the device's own path.
#include <d3d11_3.h>
#include <dxgi1_6.h>

#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <dxguids/dxguids.h>

#include "present_test_windows.h"

#include <poll.h>
#include <unistd.h>

#include <string>

using namespace d3dvk::test;

namespace {

int fdOf(HANDLE h) { return int(reinterpret_cast<intptr_t>(h)); }

// Whether a wait would pass within timeoutMs (the eventfd's count is above 0).
bool signalled(HANDLE h, int timeoutMs) {
  pollfd p{fdOf(h), POLLIN, 0};
  return poll(&p, 1, timeoutMs) == 1 && (p.revents & POLLIN);
}

// One wait that does not block: takes one from the count if it is above 0.
bool take(HANDLE h) {
  if (!signalled(h, 0)) return false;
  uint64_t value = 0;
  return read(fdOf(h), &value, sizeof value) == ssize_t(sizeof value) && value == 1;
}

// How many waits pass without blocking (taking them all).
int takeAll(HANDLE h) {
  int n = 0;
  while (n < 100 && take(h)) ++n;
  return n;
}

// Time for the swapchain to give back what finished frames release (their copies
// are tiny; the thread that releases them runs on a loaded machine).
void settle() { std::this_thread::sleep_for(std::chrono::milliseconds(1000)); }

bool isEventFd(HANDLE h) {
  char target[64] = {};
  const std::string link = "/proc/self/fd/" + std::to_string(fdOf(h));
  const ssize_t n = readlink(link.c_str(), target, sizeof target - 1);
  return n > 0 && std::string(target, size_t(n)) == "anon_inode:[eventfd]";
}

DXGI_SWAP_CHAIN_DESC1 waitableDesc() {
  DXGI_SWAP_CHAIN_DESC1 d = flipDesc(64, 48);
  d.Flags = DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT;
  return d;
}

}  // namespace

TEST_CASE("D3D11 frame-latency waitable object: an eventfd semaphore given back as presented frames finish",
          "[present][d3d11][latency]") {
  setenv("D3DVK_WSI", "x11", 1);
  XServer x;
  const Window w = x.createWindow(64, 48);
  Com<ID3D11Device> device;
  Com<ID3D11DeviceContext> context;
  Com<IDXGIFactory2> factory;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION,
                            device.put(), nullptr, context.put()) == S_OK);
  REQUIRE(CreateDXGIFactory2(0, __uuidof(IDXGIFactory2), factory.putVoid()) == S_OK);
  const DXGI_SWAP_CHAIN_DESC1 desc = waitableDesc();
  Com<IDXGISwapChain1> swapchain;
  REQUIRE(factory->CreateSwapChainForHwnd(device.p, hwndOf(w), &desc, nullptr, nullptr, swapchain.put()) == S_OK);
  Com<IDXGISwapChain2> sc2;
  REQUIRE(swapchain->QueryInterface(__uuidof(IDXGISwapChain2), sc2.putVoid()) == S_OK);
  UINT latency = 0;
  REQUIRE(sc2->GetMaximumFrameLatency(&latency) == S_OK);
  CHECK(latency == 1);  // DXGI's default

  HANDLE h = sc2->GetFrameLatencyWaitableObject();
  REQUIRE(h != nullptr);
  CHECK(fdOf(h) >= 3);
  CHECK(isEventFd(h));
  // It starts at the maximum latency: the first frame's wait passes, a second would block.
  CHECK(take(h));
  CHECK_FALSE(signalled(h, 0));

  // A presented frame gives one back once it has finished.
  const float red[4] = {1, 0, 0, 1};
  Com<ID3D11Texture2D> buffer;
  REQUIRE(swapchain->GetBuffer(0, __uuidof(ID3D11Texture2D), buffer.putVoid()) == S_OK);
  Com<ID3D11RenderTargetView> rtv;
  REQUIRE(device->CreateRenderTargetView(buffer.p, nullptr, rtv.put()) == S_OK);
  context->ClearRenderTargetView(rtv.p, red);
  REQUIRE(swapchain->Present(0, 0) == S_OK);
  CHECK(signalled(h, 5000));
  CHECK(take(h));
  CHECK_FALSE(signalled(h, 0));
  CHECK(x.waitForPixel(w, 5, 5, rgb8(red)) == rgb8(red));

  // Never above the maximum: three frames presented without waits leave one.
  for (int i = 0; i < 3; ++i) REQUIRE(swapchain->Present(0, 0) == S_OK);
  settle();
  CHECK(takeAll(h) == 1);

  // DXGI_PRESENT_TEST presents nothing: nothing is given back.
  REQUIRE(swapchain->Present(0, DXGI_PRESENT_TEST) == S_OK);
  settle();
  CHECK_FALSE(signalled(h, 0));

  // A higher maximum gives the difference at once; frames then fill it up to the maximum.
  REQUIRE(sc2->SetMaximumFrameLatency(3) == S_OK);
  REQUIRE(sc2->GetMaximumFrameLatency(&latency) == S_OK);
  CHECK(latency == 3);
  CHECK(takeAll(h) == 2);  // 0 + (3 - 1)
  for (int i = 0; i < 2; ++i) REQUIRE(swapchain->Present(1, 0) == S_OK);
  settle();
  CHECK(takeAll(h) == 2);
  for (int i = 0; i < 5; ++i) REQUIRE(swapchain->Present(0, 0) == S_OK);
  settle();
  CHECK(takeAll(h) == 3);

  // Every call hands out a new descriptor of the same object (the application closes each).
  HANDLE h2 = sc2->GetFrameLatencyWaitableObject();
  REQUIRE(h2 != nullptr);
  CHECK(h2 != h);
  CHECK(isEventFd(h2));
  REQUIRE(swapchain->Present(0, 0) == S_OK);
  CHECK(signalled(h, 5000));
  CHECK(take(h2));
  CHECK_FALSE(signalled(h, 0));
  close(fdOf(h2));

  // DXGI's range: 1 to 16.
  CHECK(sc2->SetMaximumFrameLatency(0) == DXGI_ERROR_INVALID_CALL);
  CHECK(sc2->SetMaximumFrameLatency(17) == DXGI_ERROR_INVALID_CALL);
  REQUIRE(sc2->GetMaximumFrameLatency(&latency) == S_OK);
  CHECK(latency == 3);

  // The flag stays (ResizeBuffers may not drop it), and the object outlives a resize.
  rtv.reset();
  buffer.reset();
  context->ClearState();
  CHECK(swapchain->ResizeBuffers(0, 0, 0, DXGI_FORMAT_UNKNOWN, 0) == DXGI_ERROR_INVALID_CALL);
  REQUIRE(swapchain->ResizeBuffers(0, 32, 24, DXGI_FORMAT_UNKNOWN, DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT) ==
          S_OK);
  REQUIRE(swapchain->Present(0, 0) == S_OK);
  CHECK(signalled(h, 5000));

  // The application's descriptor stays valid after the swapchain is gone.
  sc2.reset();
  swapchain.reset();
  CHECK(isEventFd(h));
  close(fdOf(h));
}

TEST_CASE("Without FRAME_LATENCY_WAITABLE_OBJECT a swapchain has no waitable object and no maximum latency",
          "[present][d3d11][latency][errors]") {
  setenv("D3DVK_WSI", "x11", 1);
  XServer x;
  const Window w = x.createWindow(32, 32);
  Com<ID3D11Device> device;
  Com<IDXGIFactory2> factory;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION,
                            device.put(), nullptr, nullptr) == S_OK);
  REQUIRE(CreateDXGIFactory2(0, __uuidof(IDXGIFactory2), factory.putVoid()) == S_OK);
  const DXGI_SWAP_CHAIN_DESC1 desc = flipDesc(32, 32);
  Com<IDXGISwapChain1> swapchain;
  REQUIRE(factory->CreateSwapChainForHwnd(device.p, hwndOf(w), &desc, nullptr, nullptr, swapchain.put()) == S_OK);
  Com<IDXGISwapChain2> sc2;
  REQUIRE(swapchain->QueryInterface(__uuidof(IDXGISwapChain2), sc2.putVoid()) == S_OK);
  CHECK(sc2->GetFrameLatencyWaitableObject() == nullptr);
  CHECK(sc2->SetMaximumFrameLatency(2) == DXGI_ERROR_INVALID_CALL);
  UINT latency = 0;
  CHECK(sc2->GetMaximumFrameLatency(&latency) == DXGI_ERROR_INVALID_CALL);
  // Nor can ResizeBuffers add the flag.
  CHECK(swapchain->ResizeBuffers(0, 0, 0, DXGI_FORMAT_UNKNOWN, DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT) ==
        DXGI_ERROR_INVALID_CALL);
}

TEST_CASE("D3D12 frame-latency waitable object: a queue's presented frames give the wait back",
          "[present][d3d12][latency]") {
  setenv("D3DVK_WSI", "x11", 1);
  XServer x;
  const Window w = x.createWindow(64, 48);
  Com<ID3D12Device> device;
  REQUIRE(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, __uuidof(ID3D12Device), device.putVoid()) == S_OK);
  D3D12_COMMAND_QUEUE_DESC qd{};
  qd.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
  Com<ID3D12CommandQueue> queue;
  REQUIRE(device->CreateCommandQueue(&qd, __uuidof(ID3D12CommandQueue), queue.putVoid()) == S_OK);
  Com<IDXGIFactory2> factory;
  REQUIRE(CreateDXGIFactory2(0, __uuidof(IDXGIFactory2), factory.putVoid()) == S_OK);
  const DXGI_SWAP_CHAIN_DESC1 desc = waitableDesc();
  Com<IDXGISwapChain1> swapchain;
  REQUIRE(factory->CreateSwapChainForHwnd(queue.p, hwndOf(w), &desc, nullptr, nullptr, swapchain.put()) == S_OK);
  Com<IDXGISwapChain3> sc3;
  REQUIRE(swapchain->QueryInterface(__uuidof(IDXGISwapChain3), sc3.putVoid()) == S_OK);
  HANDLE h = sc3->GetFrameLatencyWaitableObject();
  REQUIRE(h != nullptr);
  CHECK(take(h));
  CHECK_FALSE(signalled(h, 0));
  for (int frame = 0; frame < 3; ++frame) {
    INFO("frame " << frame);
    CHECK(sc3->GetCurrentBackBufferIndex() == UINT(frame % 2));
    REQUIRE(sc3->Present(1, 0) == S_OK);
    CHECK(signalled(h, 5000));  // the wait before the next frame passes once this one finished
    CHECK(take(h));
    CHECK_FALSE(signalled(h, 0));
  }
  close(fdOf(h));
}
