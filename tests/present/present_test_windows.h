// tests/present/present_test_windows.h — the windows the presentation tests show
// frames in, and reading their pixels back from the X server (XGetImage): an X11
// window made with Xlib (an HWND with D3DVK_WSI=x11) and an SDL2 window (the
// default HWND). Each test process runs on its own X server (xvfb-run -a).
#pragma once

// d3dvk's API headers first: they make HWND pointer-sized before winadapter.h is seen.
#include <d3d11_3.h>
#include <dxgi1_6.h>

#include <catch2/catch.hpp>

// Last: Xlib's macros (None, Bool, Status …) would clash with the headers above.
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <thread>

namespace d3dvk::test {

template <typename T>
struct Com {
  T* p = nullptr;
  Com() = default;
  Com(Com&& other) noexcept : p(other.p) { other.p = nullptr; }
  Com(const Com&) = delete;
  Com& operator=(const Com&) = delete;
  ~Com() { reset(); }
  void reset() {
    if (p) p->Release();
    p = nullptr;
  }
  T** put() {
    reset();
    return &p;
  }
  void** putVoid() { return reinterpret_cast<void**>(put()); }
  T* operator->() const { return p; }
  explicit operator bool() const { return p != nullptr; }
};

// An 8-bit-per-channel colour as the X server stores it (0xRRGGBB), from UNORM floats.
inline uint32_t rgb8(const float c[4]) {
  auto byte = [](float v) { return uint32_t(std::lround(v * 255.0f)); };
  return byte(c[0]) << 16 | byte(c[1]) << 8 | byte(c[2]);
}

// Our own connection to the X server: reads any window's pixels.
class XServer {
 public:
  XServer() : display_(XOpenDisplay(nullptr)) { REQUIRE(display_); }
  ~XServer() { XCloseDisplay(display_); }
  Display* display() const { return display_; }

  // A mapped, top-level window of the size.
  Window createWindow(unsigned width, unsigned height) {
    Window w = XCreateSimpleWindow(display_, DefaultRootWindow(display_), 0, 0, width, height, 0, 0, 0);
    XSelectInput(display_, w, StructureNotifyMask);
    XMapWindow(display_, w);
    for (XEvent e;;) {
      XNextEvent(display_, &e);
      if (e.type == MapNotify && e.xmap.window == w) break;
    }
    XSync(display_, False);
    return w;
  }
  void resize(Window w, unsigned width, unsigned height) {
    XResizeWindow(display_, w, width, height);
    XSync(display_, False);
  }

  // The pixel (0xRRGGBB) at (x, y) of `w`.
  uint32_t pixel(Window w, int x, int y) {
    XImage* image = XGetImage(display_, w, x, y, 1, 1, AllPlanes, ZPixmap);
    REQUIRE(image);
    const uint32_t value = uint32_t(XGetPixel(image, 0, 0)) & 0xFFFFFFu;
    XDestroyImage(image);
    return value;
  }
  // Waits (up to 5 s) until the pixel is `expected`, the presentation engine
  // having put the frame on the server; returns what it is then.
  uint32_t waitForPixel(Window w, int x, int y, uint32_t expected) {
    uint32_t value = 0;
    for (int i = 0; i < 500; ++i) {
      XSync(display_, False);
      value = pixel(w, x, y);
      if (value == expected) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return value;
  }

 private:
  Display* display_;
};

// An SDL2 window on the X server, and its X11 window for reading pixels.
class SdlWindow {
 public:
  SdlWindow(int width, int height) {
    setenv("SDL_VIDEODRIVER", "x11", 1);
    REQUIRE(SDL_Init(SDL_INIT_VIDEO) == 0);
    window_ = SDL_CreateWindow("d3dvk test", 0, 0, width, height, SDL_WINDOW_SHOWN);
    REQUIRE(window_);
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    REQUIRE(SDL_GetWindowWMInfo(window_, &info));
    REQUIRE(info.subsystem == SDL_SYSWM_X11);
    xWindow_ = info.info.x11.window;
    pump();
  }
  ~SdlWindow() {
    destroy();
    SDL_Quit();
  }
  void destroy() {
    if (window_) SDL_DestroyWindow(window_);
    window_ = nullptr;
  }
  void pump() {
    for (int i = 0; i < 20; ++i) {
      SDL_Event e;
      while (SDL_PollEvent(&e)) {
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  HWND hwnd() const { return reinterpret_cast<HWND>(window_); }
  Window xWindow() const { return xWindow_; }

 private:
  SDL_Window* window_ = nullptr;
  Window xWindow_ = 0;
};

inline HWND hwndOf(Window w) { return reinterpret_cast<HWND>(static_cast<uintptr_t>(w)); }

inline DXGI_SWAP_CHAIN_DESC1 flipDesc(UINT width, UINT height, UINT buffers = 2,
                                      DXGI_FORMAT format = DXGI_FORMAT_R8G8B8A8_UNORM) {
  DXGI_SWAP_CHAIN_DESC1 d{};
  d.Width = width;
  d.Height = height;
  d.Format = format;
  d.SampleDesc.Count = 1;
  d.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
  d.BufferCount = buffers;
  d.Scaling = DXGI_SCALING_STRETCH;
  d.SwapEffect = DXGI_SWAP_EFFECT_FLIP_DISCARD;
  return d;
}

}  // namespace d3dvk::test
