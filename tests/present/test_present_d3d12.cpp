// tests/present/test_present_d3d12.cpp — D3D12 swapchains on a direct queue, on
// an X11 window (D3DVK_WSI=x11) and an SDL2 window: each back buffer in turn
// (GetCurrentBackBufferIndex), cleared through a command list with the PRESENT ↔
// RENDER_TARGET barriers an application records, must be the window's pixels on
// the X server; resize; every sync interval; sRGB render-target views of UNORM
// buffers; DXGI's refusals.
#include <d3d11_3.h>
#include <dxgi1_6.h>

#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <dxguids/dxguids.h>

#include "present_test_windows.h"

using namespace d3dvk::test;

namespace {

struct Queue12 {
  Com<ID3D12Device> device;
  Com<ID3D12CommandQueue> queue;
  Com<ID3D12CommandAllocator> allocator;
  Com<ID3D12GraphicsCommandList> list;
  Com<ID3D12DescriptorHeap> rtvHeap;
  Com<ID3D12Fence> fence;
  UINT64 fenceValue = 0;
  Com<IDXGIFactory4> factory;
  Queue12() {
    REQUIRE(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, __uuidof(ID3D12Device), device.putVoid()) == S_OK);
    D3D12_COMMAND_QUEUE_DESC qd{};
    qd.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
    REQUIRE(device->CreateCommandQueue(&qd, __uuidof(ID3D12CommandQueue), queue.putVoid()) == S_OK);
    REQUIRE(device->CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT, __uuidof(ID3D12CommandAllocator),
                                           allocator.putVoid()) == S_OK);
    REQUIRE(device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator.p, nullptr,
                                      __uuidof(ID3D12GraphicsCommandList), list.putVoid()) == S_OK);
    REQUIRE(list->Close() == S_OK);
    D3D12_DESCRIPTOR_HEAP_DESC hd{};
    hd.Type = D3D12_DESCRIPTOR_HEAP_TYPE_RTV;
    hd.NumDescriptors = 1;
    REQUIRE(device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), rtvHeap.putVoid()) == S_OK);
    REQUIRE(device->CreateFence(0, D3D12_FENCE_FLAG_NONE, __uuidof(ID3D12Fence), fence.putVoid()) == S_OK);
    REQUIRE(CreateDXGIFactory2(0, __uuidof(IDXGIFactory4), factory.putVoid()) == S_OK);
  }
  void waitIdle() {
    REQUIRE(queue->Signal(fence.p, ++fenceValue) == S_OK);
    REQUIRE(fence->SetEventOnCompletion(fenceValue, nullptr) == S_OK);
  }
  // Clears the current back buffer to `background` with `corner` in its top-left quadrant, presents.
  // rtvFormat: the render-target view's format (UNKNOWN: the buffer's own).
  void drawAndPresent(IDXGISwapChain3* swapchain, const float background[4], const float corner[4], UINT width,
                      UINT height, UINT syncInterval = 1, DXGI_FORMAT rtvFormat = DXGI_FORMAT_UNKNOWN) {
    const UINT index = swapchain->GetCurrentBackBufferIndex();
    Com<ID3D12Resource> buffer;
    REQUIRE(swapchain->GetBuffer(index, __uuidof(ID3D12Resource), buffer.putVoid()) == S_OK);
    const D3D12_RESOURCE_DESC desc = buffer->GetDesc();
    CHECK(desc.Width == width);
    CHECK(desc.Height == height);
    waitIdle();  // the allocator is reused
    REQUIRE(allocator->Reset() == S_OK);
    REQUIRE(list->Reset(allocator.p, nullptr) == S_OK);
    D3D12_RESOURCE_BARRIER barrier{};
    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    barrier.Transition.pResource = buffer.p;
    barrier.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    barrier.Transition.StateBefore = D3D12_RESOURCE_STATE_PRESENT;
    barrier.Transition.StateAfter = D3D12_RESOURCE_STATE_RENDER_TARGET;
    list->ResourceBarrier(1, &barrier);
    const D3D12_CPU_DESCRIPTOR_HANDLE rtv = rtvHeap->GetCPUDescriptorHandleForHeapStart();
    D3D12_RENDER_TARGET_VIEW_DESC viewDesc{};
    viewDesc.Format = rtvFormat;
    viewDesc.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE2D;
    device->CreateRenderTargetView(buffer.p, rtvFormat == DXGI_FORMAT_UNKNOWN ? nullptr : &viewDesc, rtv);
    list->ClearRenderTargetView(rtv, background, 0, nullptr);
    const D3D12_RECT quadrant{0, 0, LONG(width / 2), LONG(height / 2)};
    list->ClearRenderTargetView(rtv, corner, 1, &quadrant);
    std::swap(barrier.Transition.StateBefore, barrier.Transition.StateAfter);
    list->ResourceBarrier(1, &barrier);
    REQUIRE(list->Close() == S_OK);
    ID3D12CommandList* lists[] = {list.p};
    queue->ExecuteCommandLists(1, lists);
    REQUIRE(swapchain->Present(syncInterval, 0) == S_OK);
    CHECK(swapchain->GetCurrentBackBufferIndex() == (index + 1) % 3);
  }
};

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

Com<IDXGISwapChain3> createSwapChain(Queue12& q, HWND window, const DXGI_SWAP_CHAIN_DESC1& desc) {
  Com<IDXGISwapChain1> swapchain1;
  REQUIRE(q.factory->CreateSwapChainForHwnd(q.queue.p, window, &desc, nullptr, nullptr, swapchain1.put()) == S_OK);
  Com<IDXGISwapChain3> swapchain;
  REQUIRE(swapchain1->QueryInterface(__uuidof(IDXGISwapChain3), swapchain.putVoid()) == S_OK);
  return swapchain;
}

}  // namespace

TEST_CASE("D3D12 flip swapchain on an X11 window shows each buffer then resizes", "[present][d3d12][x11]") {
  setenv("D3DVK_WSI", "x11", 1);
  XServer x;
  const Window w = x.createWindow(64, 48);
  Queue12 q;
  Com<IDXGISwapChain3> swapchain = createSwapChain(q, hwndOf(w), flipDesc(64, 48, 3));
  CHECK(swapchain->GetCurrentBackBufferIndex() == 0);
  const float* colours[][2] = {{kBlue, kOrange}, {kGreen, kGrey}, {kOrange, kBlue}, {kGrey, kGreen}};
  for (auto& c : colours) {  // buffers 0, 1, 2, then 0 again
    q.drawAndPresent(swapchain.p, c[0], c[1], 64, 48);
    checkWindow(x, w, c[0], c[1], 64, 48);
  }

  x.resize(w, 100, 70);
  q.waitIdle();
  REQUIRE(swapchain->ResizeBuffers(0, 0, 0, DXGI_FORMAT_UNKNOWN, 0) == S_OK);
  CHECK(swapchain->GetCurrentBackBufferIndex() == 0);
  for (UINT interval = 0; interval <= 4; ++interval) {
    INFO("SyncInterval " << interval);
    q.drawAndPresent(swapchain.p, colours[interval % 4][0], colours[interval % 4][1], 100, 70, interval);
  }
  checkWindow(x, w, kBlue, kOrange, 100, 70);  // interval 4 drew colours[0]
  q.waitIdle();
}

TEST_CASE("D3D12 swapchain on an SDL2 window shows what was cleared", "[present][d3d12][sdl2]") {
  unsetenv("D3DVK_WSI");
  SdlWindow window(50, 30);
  XServer x;
  Queue12 q;
  Com<IDXGISwapChain3> swapchain = createSwapChain(q, window.hwnd(), flipDesc(50, 30, 3, DXGI_FORMAT_B8G8R8A8_UNORM));
  q.drawAndPresent(swapchain.p, kOrange, kGreen, 50, 30);
  window.pump();
  checkWindow(x, window.xWindow(), kOrange, kGreen, 50, 30);
  q.waitIdle();
}

TEST_CASE("D3D12 swapchains: DXGI's refusals", "[present][d3d12][x11]") {
  setenv("D3DVK_WSI", "x11", 1);
  XServer x;
  const Window w = x.createWindow(32, 32);
  Queue12 q;
  Com<IDXGISwapChain1> swapchain;
  DXGI_SWAP_CHAIN_DESC1 desc = flipDesc(32, 32);
  desc.SwapEffect = DXGI_SWAP_EFFECT_DISCARD;  // D3D12 needs a flip model
  CHECK(q.factory->CreateSwapChainForHwnd(q.queue.p, hwndOf(w), &desc, nullptr, nullptr, swapchain.put()) ==
        DXGI_ERROR_INVALID_CALL);
  desc = flipDesc(32, 32);
  CHECK(q.factory->CreateSwapChainForHwnd(q.device.p, hwndOf(w), &desc, nullptr, nullptr, swapchain.put()) ==
        DXGI_ERROR_INVALID_CALL);  // the device, not a queue
  Com<ID3D12CommandQueue> copyQueue;
  D3D12_COMMAND_QUEUE_DESC qd{};
  qd.Type = D3D12_COMMAND_LIST_TYPE_COPY;
  REQUIRE(q.device->CreateCommandQueue(&qd, __uuidof(ID3D12CommandQueue), copyQueue.putVoid()) == S_OK);
  CHECK(q.factory->CreateSwapChainForHwnd(copyQueue.p, hwndOf(w), &desc, nullptr, nullptr, swapchain.put()) ==
        DXGI_ERROR_INVALID_CALL);  // a direct queue only

  desc.Flags = DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING;
  Com<IDXGISwapChain3> sc = createSwapChain(q, hwndOf(w), desc);
  Com<ID3D12Resource> buffer;
  CHECK(sc->GetBuffer(1, __uuidof(ID3D12Resource), buffer.putVoid()) == S_OK);  // every buffer of a D3D12 swapchain
  CHECK(sc->GetBuffer(2, __uuidof(ID3D12Resource), buffer.putVoid()) == DXGI_ERROR_INVALID_CALL);
  REQUIRE(sc->GetBuffer(1, __uuidof(ID3D12Resource), buffer.putVoid()) == S_OK);
  CHECK(sc->ResizeBuffers(0, 16, 16, DXGI_FORMAT_UNKNOWN, DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING) ==
        DXGI_ERROR_INVALID_CALL);  // buffer 1 is still held
  buffer.reset();
  CHECK(sc->ResizeBuffers(0, 16, 16, DXGI_FORMAT_UNKNOWN, DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING) == S_OK);
  CHECK(sc->Present(1, DXGI_PRESENT_ALLOW_TEARING) == DXGI_ERROR_INVALID_CALL);  // tearing needs interval 0
  CHECK(sc->Present(0, DXGI_PRESENT_ALLOW_TEARING) == S_OK);
  Com<ID3D12CommandQueue> device;
  CHECK(sc->GetDevice(__uuidof(ID3D12CommandQueue), device.putVoid()) == S_OK);
  CHECK(device.p == q.queue.p);
  q.waitIdle();
}

namespace {
// The sRGB encoding of a linear value as an 8-bit UNORM (the sRGB transfer function).
uint32_t srgbByte(float linear) {
  const double v = linear <= 0.0031308 ? 12.92 * linear : 1.055 * std::pow(double(linear), 1.0 / 2.4) - 0.055;
  return uint32_t(std::lround(v * 255.0));
}
uint32_t srgbRgb8(const float c[4]) { return srgbByte(c[0]) << 16 | srgbByte(c[1]) << 8 | srgbByte(c[2]); }
}  // namespace

TEST_CASE("D3D12 UNORM back buffers take _SRGB render-target views that store sRGB-encoded values",
          "[present][d3d12][x11][srgb]") {
  setenv("D3DVK_WSI", "x11", 1);
  XServer x;
  const Window w = x.createWindow(40, 32);
  Queue12 q;
  // Values whose encodings lie far from a rounding boundary, both as sRGB and as UNORM.
  const float linearA[4] = {0.25f, 0.12f, 0.8f, 1};
  const float linearB[4] = {0.04f, 0.32f, 0.0015f, 1};
  for (DXGI_FORMAT format : {DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_B8G8R8A8_UNORM}) {
    const DXGI_FORMAT srgb =
        format == DXGI_FORMAT_R8G8B8A8_UNORM ? DXGI_FORMAT_R8G8B8A8_UNORM_SRGB : DXGI_FORMAT_B8G8R8A8_UNORM_SRGB;
    INFO("format " << int(format) << " viewed as " << int(srgb));
    Com<IDXGISwapChain3> swapchain = createSwapChain(q, hwndOf(w), flipDesc(40, 32, 3, format));
    // Buffer 0 through an sRGB view: the whole-view clear (a transfer clear) and the
    // rect clear (an attachment clear through the sRGB image view) both encode.
    q.drawAndPresent(swapchain.p, linearA, linearB, 40, 32, 1, srgb);
    const uint32_t a = srgbRgb8(linearA), b = srgbRgb8(linearB);
    CHECK(a == 0x8961E7u);  // 0.25 -> 137, 0.12 -> 97, 0.8 -> 231 (the sRGB curve, by hand)
    CHECK(x.waitForPixel(w, 1, 1, b) == b);
    CHECK(x.pixel(w, 40 - 2, 1) == a);
    CHECK(x.pixel(w, 1, 32 - 2) == a);
    // Buffer 1 through its own UNORM view: the bytes are the values, unencoded.
    q.drawAndPresent(swapchain.p, linearB, linearA, 40, 32, 1);
    CHECK(x.waitForPixel(w, 1, 1, rgb8(linearA)) == rgb8(linearA));
    CHECK(x.pixel(w, 40 - 2, 32 - 2) == rgb8(linearB));
    // A shader-resource view in the sRGB form is taken too.
    Com<ID3D12Resource> buffer;
    REQUIRE(swapchain->GetBuffer(0, __uuidof(ID3D12Resource), buffer.putVoid()) == S_OK);
    Com<ID3D12DescriptorHeap> srvHeap;
    D3D12_DESCRIPTOR_HEAP_DESC hd{};
    hd.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
    hd.NumDescriptors = 1;
    REQUIRE(q.device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), srvHeap.putVoid()) == S_OK);
    D3D12_SHADER_RESOURCE_VIEW_DESC sd{};
    sd.Format = srgb;
    sd.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2D;
    sd.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
    sd.Texture2D.MipLevels = 1;
    q.device->CreateShaderResourceView(buffer.p, &sd, srvHeap->GetCPUDescriptorHandleForHeapStart());
    CHECK(q.device->GetDeviceRemovedReason() == S_OK);
    buffer.reset();
    q.waitIdle();
  }
}

TEST_CASE("D3D12 Present behind a queue Wait on an unsignalled fence shows the frame once the fence is signalled",
          "[present][d3d12][x11][fence]") {
  setenv("D3DVK_WSI", "x11", 1);
  XServer x;
  const Window w = x.createWindow(48, 40);
  Queue12 q;
  Com<IDXGISwapChain3> swapchain = createSwapChain(q, hwndOf(w), flipDesc(48, 40, 3));
  q.drawAndPresent(swapchain.p, kBlue, kOrange, 48, 40);
  checkWindow(x, w, kBlue, kOrange, 48, 40);

  Com<ID3D12Fence> gate;
  REQUIRE(q.device->CreateFence(0, D3D12_FENCE_FLAG_NONE, __uuidof(ID3D12Fence), gate.putVoid()) == S_OK);
  q.waitIdle();  // the list below reuses the allocator
  // The queue waits for gate = 1 (nobody has signalled it), then draws the next frame.
  REQUIRE(q.queue->Wait(gate.p, 1) == S_OK);
  const UINT index = swapchain->GetCurrentBackBufferIndex();
  {
    Com<ID3D12Resource> buffer;
    REQUIRE(swapchain->GetBuffer(index, __uuidof(ID3D12Resource), buffer.putVoid()) == S_OK);
    REQUIRE(q.allocator->Reset() == S_OK);
    REQUIRE(q.list->Reset(q.allocator.p, nullptr) == S_OK);
    D3D12_RESOURCE_BARRIER barrier{};
    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    barrier.Transition.pResource = buffer.p;
    barrier.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    barrier.Transition.StateBefore = D3D12_RESOURCE_STATE_PRESENT;
    barrier.Transition.StateAfter = D3D12_RESOURCE_STATE_RENDER_TARGET;
    q.list->ResourceBarrier(1, &barrier);
    const D3D12_CPU_DESCRIPTOR_HANDLE rtv = q.rtvHeap->GetCPUDescriptorHandleForHeapStart();
    q.device->CreateRenderTargetView(buffer.p, nullptr, rtv);
    q.list->ClearRenderTargetView(rtv, kGreen, 0, nullptr);
    std::swap(barrier.Transition.StateBefore, barrier.Transition.StateAfter);
    q.list->ResourceBarrier(1, &barrier);
    REQUIRE(q.list->Close() == S_OK);
    ID3D12CommandList* lists[] = {q.list.p};
    q.queue->ExecuteCommandLists(1, lists);
  }
  // Present returns at once (no deadlock: the fence is signalled by this thread after it)…
  const auto before = std::chrono::steady_clock::now();
  REQUIRE(swapchain->Present(1, 0) == S_OK);
  CHECK(std::chrono::steady_clock::now() - before < std::chrono::seconds(3));
  CHECK(swapchain->GetCurrentBackBufferIndex() == (index + 1) % 3);
  // …and shows nothing early: the window keeps the last frame while the fence is unsignalled.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  XSync(x.display(), False);
  CHECK(x.pixel(w, 1, 1) == rgb8(kOrange));
  CHECK(x.pixel(w, 48 - 2, 40 - 2) == rgb8(kBlue));
  CHECK(gate->GetCompletedValue() == 0);

  REQUIRE(gate->Signal(1) == S_OK);  // from the CPU: the draw runs, then the present
  CHECK(x.waitForPixel(w, 1, 1, rgb8(kGreen)) == rgb8(kGreen));
  CHECK(x.pixel(w, 48 - 2, 40 - 2) == rgb8(kGreen));
  q.waitIdle();

  // A present still held back when the swapchain is released is dropped, not shown
  // from a freed swapchain; the queue goes on once the fence is signalled.
  Com<ID3D12Fence> gate2;
  REQUIRE(q.device->CreateFence(0, D3D12_FENCE_FLAG_NONE, __uuidof(ID3D12Fence), gate2.putVoid()) == S_OK);
  REQUIRE(q.queue->Wait(gate2.p, 5) == S_OK);
  REQUIRE(swapchain->Present(0, 0) == S_OK);
  swapchain.reset();
  REQUIRE(gate2->Signal(5) == S_OK);
  q.waitIdle();
  CHECK(q.device->GetDeviceRemovedReason() == S_OK);
}
