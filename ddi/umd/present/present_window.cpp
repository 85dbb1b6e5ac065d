// ddi/umd/present/present_window.cpp — see present_window.h.
#include "present_window.h"

#include "d3dvk_present.h"

#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <mutex>

// The window-system types Vulkan's platform headers name, declared here so that
// d3dvk needs no X11 or xcb headers at build time (only their ABI: pointers and XIDs).
typedef struct _XDisplay Display;
typedef unsigned long Window;
typedef unsigned long VisualID;
typedef struct xcb_connection_t xcb_connection_t;
typedef uint32_t xcb_window_t;
typedef uint32_t xcb_visualid_t;
#include <vulkan/vulkan_xcb.h>
#include <vulkan/vulkan_xlib.h>

namespace d3dvk::umd {
namespace {

// SDL2's ABI (SDL_version.h, SDL_syswm.h): what SDL_GetWindowWMInfo fills.
struct SdlVersion {
  uint8_t major, minor, patch;
};
constexpr int kSdlSyswmX11 = 2;
constexpr int kSdlSyswmWayland = 6;
struct SdlSysWmInfo {
  SdlVersion version;
  int subsystem;
  union {
    struct {
      Display* display;
      Window window;
    } x11;
    uint8_t dummy[64];
  } info;
};

// xcb's ABI (xcb.h, xproto.h) for the one request d3dvk sends: GetGeometry.
struct XcbCookie {
  unsigned int sequence;
};
struct XcbGenericError;

}  // namespace

struct PresentWindow::Library {
  void* handle = nullptr;
  // SDL2
  uint32_t (*SDL_GetWindowID)(void*) = nullptr;
  void* (*SDL_GetWindowFromID)(uint32_t) = nullptr;
  int (*SDL_GetWindowWMInfo)(void*, SdlSysWmInfo*) = nullptr;
  void (*SDL_GetVersion)(SdlVersion*) = nullptr;
  const char* (*SDL_GetError)() = nullptr;
  // xcb
  xcb_connection_t* (*xcb_connect)(const char*, int*) = nullptr;
  int (*xcb_connection_has_error)(xcb_connection_t*) = nullptr;
  void (*xcb_disconnect)(xcb_connection_t*) = nullptr;
  XcbCookie (*xcb_get_geometry)(xcb_connection_t*, uint32_t) = nullptr;
  void* (*xcb_get_geometry_reply)(xcb_connection_t*, XcbCookie, XcbGenericError**) = nullptr;
};

namespace {

template <typename F>
bool load(void* handle, F& f, const char* name) {
  f = reinterpret_cast<F>(dlsym(handle, name));
  return f != nullptr;
}

// Loaded on first use and kept for the process (an SDL or xcb library is never unloaded under its windows).
const PresentWindow::Library* sdlLibrary(std::string* error) {
  static std::mutex mutex;
  static PresentWindow::Library* library = nullptr;
  std::lock_guard<std::mutex> lock(mutex);
  if (library) return library;
  void* handle = dlopen("libSDL2-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    *error = "an HWND is an SDL_Window* (D3DVK_WSI unset or sdl2), but libSDL2-2.0.so.0 cannot be loaded "
             "(Debian package libsdl2-2.0-0); set D3DVK_WSI=x11 for X11 window IDs";
    return nullptr;
  }
  auto* l = new PresentWindow::Library();
  l->handle = handle;
  if (!load(handle, l->SDL_GetWindowID, "SDL_GetWindowID") ||
      !load(handle, l->SDL_GetWindowFromID, "SDL_GetWindowFromID") ||
      !load(handle, l->SDL_GetWindowWMInfo, "SDL_GetWindowWMInfo") ||
      !load(handle, l->SDL_GetVersion, "SDL_GetVersion") || !load(handle, l->SDL_GetError, "SDL_GetError")) {
    *error = "libSDL2-2.0.so.0 lacks SDL_GetWindowWMInfo or another SDL2 function d3dvk needs";
    delete l;
    return nullptr;
  }
  library = l;
  return library;
}

const PresentWindow::Library* xcbLibrary(std::string* error) {
  static std::mutex mutex;
  static PresentWindow::Library* library = nullptr;
  std::lock_guard<std::mutex> lock(mutex);
  if (library) return library;
  void* handle = dlopen("libxcb.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    *error = "D3DVK_WSI=x11, but libxcb.so.1 cannot be loaded (Debian package libxcb1)";
    return nullptr;
  }
  auto* l = new PresentWindow::Library();
  l->handle = handle;
  if (!load(handle, l->xcb_connect, "xcb_connect") ||
      !load(handle, l->xcb_connection_has_error, "xcb_connection_has_error") ||
      !load(handle, l->xcb_disconnect, "xcb_disconnect") || !load(handle, l->xcb_get_geometry, "xcb_get_geometry") ||
      !load(handle, l->xcb_get_geometry_reply, "xcb_get_geometry_reply")) {
    *error = "libxcb.so.1 lacks a function d3dvk needs (xcb_connect, xcb_get_geometry)";
    delete l;
    return nullptr;
  }
  library = l;
  return library;
}

bool xcbWindowExists(const PresentWindow::Library& l, xcb_connection_t* connection, uint32_t window) {
  if (l.xcb_connection_has_error(connection)) return false;
  XcbGenericError* error = nullptr;
  void* reply = l.xcb_get_geometry_reply(connection, l.xcb_get_geometry(connection, window), &error);
  std::free(error);
  const bool exists = reply != nullptr;
  std::free(reply);
  return exists;
}

}  // namespace

std::unique_ptr<PresentWindow> PresentWindow::open(vk::Instance& instance, uint32_t system, uint64_t window,
                                                   std::string* error) {
  std::unique_ptr<PresentWindow> self(new PresentWindow());
  self->instance_ = instance.handle();
  self->system_ = system;
  self->window_ = window;
  if (!window) {
    *error = "the window handle is null";
    return nullptr;
  }
  if (system == D3DVK_WSI_SDL2) {
    self->library_ = sdlLibrary(error);
    if (!self->library_) return nullptr;
    const Library& l = *self->library_;
    void* sdlWindow = reinterpret_cast<void*>(uintptr_t(window));
    self->sdlWindowId_ = l.SDL_GetWindowID(sdlWindow);
    if (!self->sdlWindowId_ || l.SDL_GetWindowFromID(self->sdlWindowId_) != sdlWindow) {
      *error = std::string("the HWND is not a live SDL_Window* (SDL: ") + l.SDL_GetError() + ")";
      return nullptr;
    }
    SdlSysWmInfo info{};
    l.SDL_GetVersion(&info.version);
    if (!l.SDL_GetWindowWMInfo(sdlWindow, &info)) {
      *error = std::string("SDL_GetWindowWMInfo failed: ") + l.SDL_GetError();
      return nullptr;
    }
    if (info.subsystem != kSdlSyswmX11) {
      *error = info.subsystem == kSdlSyswmWayland
                   ? "the SDL window is a Wayland window; d3dvk presents to X11 windows only (SDL_VIDEODRIVER=x11)"
                   : "the SDL window is not an X11 window (SDL_SYSWM_TYPE " + std::to_string(info.subsystem) +
                         "); d3dvk presents to X11 windows only";
      return nullptr;
    }
    if (!instance.surfaceExtensionEnabled("VK_KHR_xlib_surface")) {
      *error = "the Vulkan loader offers no VK_KHR_xlib_surface: cannot present to the SDL window's X11 window";
      return nullptr;
    }
    auto create = reinterpret_cast<PFN_vkCreateXlibSurfaceKHR>(
        vkGetInstanceProcAddr(instance.handle(), "vkCreateXlibSurfaceKHR"));
    VkXlibSurfaceCreateInfoKHR ci{VK_STRUCTURE_TYPE_XLIB_SURFACE_CREATE_INFO_KHR};
    ci.dpy = info.info.x11.display;
    ci.window = info.info.x11.window;
    const VkResult r = create ? create(instance.handle(), &ci, nullptr, &self->surface_) : VK_ERROR_EXTENSION_NOT_PRESENT;
    if (r != VK_SUCCESS) {
      *error = "vkCreateXlibSurfaceKHR failed for the SDL window (VkResult " + std::to_string(int(r)) + ")";
      return nullptr;
    }
    return self;
  }
  if (system != D3DVK_WSI_X11) {
    *error = "unknown window system " + std::to_string(system);
    return nullptr;
  }
  self->library_ = xcbLibrary(error);
  if (!self->library_) return nullptr;
  const Library& l = *self->library_;
  if (window > 0xFFFFFFFFu) {
    *error = "the HWND is not an X11 window ID (D3DVK_WSI=x11): it does not fit in 32 bits";
    return nullptr;
  }
  const char* display = std::getenv("DISPLAY");
  if (!display || !*display) {
    *error = "D3DVK_WSI=x11, but DISPLAY is not set: no X server to present to";
    return nullptr;
  }
  xcb_connection_t* connection = l.xcb_connect(display, nullptr);
  self->xcbConnection_ = connection;
  if (!connection || l.xcb_connection_has_error(connection)) {
    *error = std::string("cannot connect to the X server DISPLAY=") + display + " names";
    return nullptr;
  }
  if (!xcbWindowExists(l, connection, uint32_t(window))) {
    *error = "the HWND is not a window of the X server (D3DVK_WSI=x11: an HWND is an X11 Window ID)";
    return nullptr;
  }
  if (!instance.surfaceExtensionEnabled("VK_KHR_xcb_surface")) {
    *error = "the Vulkan loader offers no VK_KHR_xcb_surface: cannot present to X11 windows";
    return nullptr;
  }
  auto create =
      reinterpret_cast<PFN_vkCreateXcbSurfaceKHR>(vkGetInstanceProcAddr(instance.handle(), "vkCreateXcbSurfaceKHR"));
  VkXcbSurfaceCreateInfoKHR ci{VK_STRUCTURE_TYPE_XCB_SURFACE_CREATE_INFO_KHR};
  ci.connection = connection;
  ci.window = uint32_t(window);
  const VkResult r = create ? create(instance.handle(), &ci, nullptr, &self->surface_) : VK_ERROR_EXTENSION_NOT_PRESENT;
  if (r != VK_SUCCESS) {
    *error = "vkCreateXcbSurfaceKHR failed (VkResult " + std::to_string(int(r)) + ")";
    return nullptr;
  }
  return self;
}

PresentWindow::~PresentWindow() {
  if (surface_) vkDestroySurfaceKHR(instance_, surface_, nullptr);
  if (xcbConnection_ && library_) library_->xcb_disconnect(static_cast<xcb_connection_t*>(xcbConnection_));
}

bool PresentWindow::alive() const {
  if (!library_) return false;
  if (system_ == D3DVK_WSI_SDL2)  // never dereferences the window: a destroyed one's ID names nothing (or another)
    return library_->SDL_GetWindowFromID(sdlWindowId_) == reinterpret_cast<void*>(uintptr_t(window_));
  return xcbWindowExists(*library_, static_cast<xcb_connection_t*>(xcbConnection_), uint32_t(window_));
}

}  // namespace d3dvk::umd
