// runtime/dxgi/dxgi_window_system.h — what DXGI needs of the window system
// besides presenting (which the UMD's presenter does, d3dvk_present.h): which
// window system an HWND belongs to (D3DVKSetWindowSystem, else D3DVK_WSI), the
// X server's monitors for IDXGIOutput (RandR 1.5 monitors through
// libxcb-randr.so.0, else the X screen's size; none without a display), and a
// window's place on the screen and changing it (borderless fullscreen, ResizeTarget).
// An SDL_Window* is handled through its X11 window (SDL_GetWindowWMInfo). The
// libraries are loaded at run time; d3dvk keeps one xcb connection to $DISPLAY.
#pragma once

#include <dxgi1_6.h>

#include <cstdint>
#include <string>
#include <vector>

namespace d3dvk::runtime {

// D3DVK_WSI_* (d3dvk_present.h) for HWNDs now: D3DVKSetWindowSystem's choice, else
// D3DVK_WSI (sdl2 by default). False with *error for a D3DVK_WSI d3dvk does not know.
bool currentWindowSystem(uint32_t* system, std::string* error);
// The first swapchain was made: D3DVKSetWindowSystem is too late from now on.
void windowSystemInUse();
// D3DVKSetWindowSystem (d3dvk.h): `system` is D3DVK_WSI_*, or -1 for D3DVK_WSI's choice.
// DXGI_ERROR_INVALID_CALL with *error after the first swapchain (unless it chooses
// what is chosen already).
HRESULT chooseWindowSystem(int system, std::string* error);

// A rectangle of the X screen (root-window coordinates).
struct ScreenRect {
  int32_t x = 0, y = 0;
  uint32_t width = 0, height = 0;
};

// A monitor of the X server: DXGI's output.
struct DisplayMonitor {
  ScreenRect rect;
  uint32_t widthMm = 0, heightMm = 0;
  bool primary = false;
};

// The X server's monitors ($DISPLAY): RandR's active monitors, the primary first,
// else one covering the X screen; empty when there is no display (headless).
std::vector<DisplayMonitor> displayMonitors();

// The window's place in root-window coordinates; false with *error when the window
// (an HWND of window system `system`) is gone or there is no display.
bool windowRect(uint32_t system, HWND window, ScreenRect* rect, std::string* error);
// Moves and resizes the window to `rect` (or, with `sizeOnly`, resizes it in place).
// Borderless fullscreen is this with `fullscreen` set: the window also asks the window
// manager for _NET_WM_STATE_FULLSCREEN and is raised; unset asks to leave it.
// DXGI_ERROR_INVALID_CALL when the window is gone, DXGI_ERROR_NOT_CURRENTLY_AVAILABLE
// when there is no display.
HRESULT placeWindow(uint32_t system, HWND window, const ScreenRect& rect, bool sizeOnly, int fullscreen,
                    std::string* error);
constexpr int kFullscreenKeep = -1;  // placeWindow: neither enter nor leave fullscreen

}  // namespace d3dvk::runtime
