// ddi/umd/present/present_window.h — the window a presenter shows frames in
// (d3dvk_present.h): loads the window system's library at run time (SDL2:
// libSDL2-2.0.so.0; X11: libxcb.so.1, the display $DISPLAY names), makes the
// Vulkan surface for the window (VK_KHR_xlib_surface for an SDL window on X11,
// VK_KHR_xcb_surface for an XID) and says whether the window still exists
// without touching a destroyed one (SDL: its window ID still names it; X11: the
// server still knows the XID).
#pragma once

#include "vk_instance.h"

#include <cstdint>
#include <memory>
#include <string>

namespace d3dvk::umd {

class PresentWindow {
 public:
  // The surface for `window` of window system `system` (D3DVK_WSI_*). Null with
  // *error set when a library, the display, a surface extension or the window is
  // missing (the reason names it).
  static std::unique_ptr<PresentWindow> open(vk::Instance& instance, uint32_t system, uint64_t window,
                                             std::string* error);
  ~PresentWindow();
  PresentWindow(const PresentWindow&) = delete;
  PresentWindow& operator=(const PresentWindow&) = delete;

  VkSurfaceKHR surface() const { return surface_; }
  // Whether the window still exists (false once it was destroyed).
  bool alive() const;
  struct Library;  // the window system's functions (present_window.cpp)

 private:
  PresentWindow() = default;
  VkInstance instance_ = VK_NULL_HANDLE;
  VkSurfaceKHR surface_ = VK_NULL_HANDLE;
  uint32_t system_ = 0;
  uint64_t window_ = 0;
  uint32_t sdlWindowId_ = 0;
  void* xcbConnection_ = nullptr;  // X11: d3dvk's own connection to $DISPLAY
  const Library* library_ = nullptr;
};

}  // namespace d3dvk::umd
