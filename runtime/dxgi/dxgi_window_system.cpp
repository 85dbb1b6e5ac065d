// runtime/dxgi/dxgi_window_system.cpp — see dxgi_window_system.h.
#include "dxgi_window_system.h"

#include "d3dvk_entry_guard.h"
#include "d3dvk_present.h"
#include "raw_enum.h"

#include <d3dvk.h>

#include <dlfcn.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>

namespace d3dvk::runtime {
namespace {

// ---- the window system of HWNDs --------------------------------------------

std::mutex& choiceMutex() {
  static std::mutex m;
  return m;
}
int chosenSystem = -1;      // D3DVKSetWindowSystem's choice (D3DVK_WSI_*), -1: D3DVK_WSI decides
bool swapchainMade = false;  // a swapchain exists or existed: too late to choose

// ---- xcb's and SDL2's ABI (xcb.h, xproto.h, randr.h, SDL_syswm.h) -------------
// Declared here, as in the UMD's present_window.cpp, so that d3dvk needs no X11,
// xcb or SDL headers at build time.

struct XcbConnection;
struct XcbCookie {
  unsigned int sequence;
};
struct XcbGenericError;
struct XcbScreen {
  uint32_t root, defaultColormap, whitePixel, blackPixel, currentInputMasks;
  uint16_t widthInPixels, heightInPixels, widthInMillimeters, heightInMillimeters;
  uint16_t minInstalledMaps, maxInstalledMaps;
  uint32_t rootVisual;
  uint8_t backingStores, saveUnders, rootDepth, allowedDepthsLen;
};
struct XcbScreenIterator {
  XcbScreen* data;
  int rem;
  int index;
};
struct XcbGeometryReply {
  uint8_t responseType, depth;
  uint16_t sequence;
  uint32_t length;
  uint32_t root;
  int16_t x, y;
  uint16_t width, height, borderWidth;
  uint8_t pad[2];
};
struct XcbTranslateReply {
  uint8_t responseType, sameScreen;
  uint16_t sequence;
  uint32_t length;
  uint32_t child;
  int16_t dstX, dstY;
};
struct XcbInternAtomReply {
  uint8_t responseType, pad0;
  uint16_t sequence;
  uint32_t length;
  uint32_t atom;
};
struct XcbClientMessage {  // xcb_client_message_event_t: 32 bytes
  uint8_t responseType, format;
  uint16_t sequence;
  uint32_t window, type;
  uint32_t data32[5];
};
static_assert(sizeof(XcbClientMessage) == 32);
struct RandrVersionReply {
  uint8_t responseType, pad0;
  uint16_t sequence;
  uint32_t length;
  uint32_t majorVersion, minorVersion;
  uint8_t pad1[16];
};
// RandR 1.5 GetMonitors: this header, then nMonitors MONITORINFO records (each
// 24 bytes and nOutput 4-byte output IDs) in the reply's 4 × length extra bytes.
struct RandrMonitorsReply {
  uint8_t responseType, pad0;
  uint16_t sequence;
  uint32_t length;
  uint32_t timestamp, nMonitors, nOutputs;
  uint8_t pad1[12];
};
struct RandrMonitorInfo {
  uint32_t name;
  uint8_t primary, automatic;
  uint16_t nOutput;
  int16_t x, y;
  uint16_t width, height;
  uint32_t widthMm, heightMm;
};
static_assert(sizeof(RandrMonitorsReply) == 32 && sizeof(RandrMonitorInfo) == 24);
constexpr uint16_t kConfigX = 1, kConfigY = 2, kConfigWidth = 4, kConfigHeight = 8, kConfigStackMode = 64;
constexpr uint32_t kStackAbove = 0;
constexpr uint32_t kSubstructureNotify = 524288, kSubstructureRedirect = 1048576;
constexpr uint8_t kClientMessage = 33;
constexpr uint32_t kMaxWindowExtent = 32767;  // X11's window sizes are 16-bit (and positive as INT16 coordinates)

struct SdlVersion {
  uint8_t major, minor, patch;
};
constexpr int kSdlSyswmX11 = 2;
struct SdlSysWmInfo {
  SdlVersion version;
  int subsystem;
  union {
    struct {
      void* display;
      unsigned long window;
    } x11;
    uint8_t dummy[64];
  } info;
};

template <typename F>
bool load(void* handle, F& f, const char* name) {
  f = reinterpret_cast<F>(dlsym(handle, name));
  return f != nullptr;
}

// d3dvk's connection to $DISPLAY, opened on first use and kept for the process
// (null when there is no display: headless).
struct X11 {
  XcbConnection* (*xcb_connect)(const char*, int*) = nullptr;
  int (*xcb_connection_has_error)(XcbConnection*) = nullptr;
  int (*xcb_flush)(XcbConnection*) = nullptr;
  const void* (*xcb_get_setup)(XcbConnection*) = nullptr;
  XcbScreenIterator (*xcb_setup_roots_iterator)(const void*) = nullptr;
  void (*xcb_screen_next)(XcbScreenIterator*) = nullptr;
  XcbCookie (*xcb_get_geometry)(XcbConnection*, uint32_t) = nullptr;
  XcbGeometryReply* (*xcb_get_geometry_reply)(XcbConnection*, XcbCookie, XcbGenericError**) = nullptr;
  XcbCookie (*xcb_translate_coordinates)(XcbConnection*, uint32_t, uint32_t, int16_t, int16_t) = nullptr;
  XcbTranslateReply* (*xcb_translate_coordinates_reply)(XcbConnection*, XcbCookie, XcbGenericError**) = nullptr;
  XcbCookie (*xcb_configure_window)(XcbConnection*, uint32_t, uint16_t, const void*) = nullptr;
  XcbCookie (*xcb_intern_atom)(XcbConnection*, uint8_t, uint16_t, const char*) = nullptr;
  XcbInternAtomReply* (*xcb_intern_atom_reply)(XcbConnection*, XcbCookie, XcbGenericError**) = nullptr;
  XcbCookie (*xcb_send_event)(XcbConnection*, uint8_t, uint32_t, uint32_t, const char*) = nullptr;
  // libxcb-randr.so.0 (null without it: the screen is the one monitor)
  XcbCookie (*xcb_randr_query_version)(XcbConnection*, uint32_t, uint32_t) = nullptr;
  RandrVersionReply* (*xcb_randr_query_version_reply)(XcbConnection*, XcbCookie, XcbGenericError**) = nullptr;
  XcbCookie (*xcb_randr_get_monitors)(XcbConnection*, uint32_t, uint8_t) = nullptr;
  RandrMonitorsReply* (*xcb_randr_get_monitors_reply)(XcbConnection*, XcbCookie, XcbGenericError**) = nullptr;
  bool randr15 = false;

  XcbConnection* connection = nullptr;
  XcbScreen screen{};
  std::mutex mutex;  // one request and its reply at a time
};

X11* x11() {
  static std::once_flag once;
  static X11* x = nullptr;
  std::call_once(once, [] {
    const char* display = std::getenv("DISPLAY");
    if (!display || !*display) return;
    void* xcb = dlopen("libxcb.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!xcb) return;
    auto l = std::make_unique<X11>();
    if (!load(xcb, l->xcb_connect, "xcb_connect") ||
        !load(xcb, l->xcb_connection_has_error, "xcb_connection_has_error") ||
        !load(xcb, l->xcb_flush, "xcb_flush") || !load(xcb, l->xcb_get_setup, "xcb_get_setup") ||
        !load(xcb, l->xcb_setup_roots_iterator, "xcb_setup_roots_iterator") ||
        !load(xcb, l->xcb_screen_next, "xcb_screen_next") ||
        !load(xcb, l->xcb_get_geometry, "xcb_get_geometry") ||
        !load(xcb, l->xcb_get_geometry_reply, "xcb_get_geometry_reply") ||
        !load(xcb, l->xcb_translate_coordinates, "xcb_translate_coordinates") ||
        !load(xcb, l->xcb_translate_coordinates_reply, "xcb_translate_coordinates_reply") ||
        !load(xcb, l->xcb_configure_window, "xcb_configure_window") ||
        !load(xcb, l->xcb_intern_atom, "xcb_intern_atom") ||
        !load(xcb, l->xcb_intern_atom_reply, "xcb_intern_atom_reply") ||
        !load(xcb, l->xcb_send_event, "xcb_send_event"))
      return;
    int screenNumber = 0;
    l->connection = l->xcb_connect(display, &screenNumber);
    if (!l->connection || l->xcb_connection_has_error(l->connection)) return;  // headless
    XcbScreenIterator it = l->xcb_setup_roots_iterator(l->xcb_get_setup(l->connection));
    for (int i = 0; i < screenNumber && it.rem > 1; ++i) l->xcb_screen_next(&it);  // $DISPLAY's screen
    if (!it.data) return;
    l->screen = *it.data;
    if (void* randr = dlopen("libxcb-randr.so.0", RTLD_NOW | RTLD_LOCAL);
        randr && load(randr, l->xcb_randr_query_version, "xcb_randr_query_version") &&
        load(randr, l->xcb_randr_query_version_reply, "xcb_randr_query_version_reply") &&
        load(randr, l->xcb_randr_get_monitors, "xcb_randr_get_monitors") &&
        load(randr, l->xcb_randr_get_monitors_reply, "xcb_randr_get_monitors_reply")) {
      XcbGenericError* error = nullptr;
      RandrVersionReply* v =
          l->xcb_randr_query_version_reply(l->connection, l->xcb_randr_query_version(l->connection, 1, 5), &error);
      l->randr15 = v && (v->majorVersion > 1 || (v->majorVersion == 1 && v->minorVersion >= 5));
      std::free(v);
      std::free(error);
    }
    x = l.release();
  });
  return x;
}

// The X11 window of an HWND (an XID, or an SDL_Window*'s X11 window); 0 when it is none.
uint32_t xWindowOf(uint32_t system, HWND window, std::string* error) {
  if (!window) return *error = "the window is null", 0;
  if (system == D3DVK_WSI_X11) {
    if (uintptr_t(window) > 0xFFFFFFFFu) return *error = "the HWND is not an X11 window ID", 0;
    return uint32_t(uintptr_t(window));
  }
  static std::once_flag once;
  static int (*getWmInfo)(void*, SdlSysWmInfo*) = nullptr;
  static void (*getVersion)(SdlVersion*) = nullptr;
  static uint32_t (*getWindowId)(void*) = nullptr;
  static void* (*getWindowFromId)(uint32_t) = nullptr;
  std::call_once(once, [] {
    void* sdl = dlopen("libSDL2-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!sdl || !load(sdl, getWmInfo, "SDL_GetWindowWMInfo") || !load(sdl, getVersion, "SDL_GetVersion") ||
        !load(sdl, getWindowId, "SDL_GetWindowID") || !load(sdl, getWindowFromId, "SDL_GetWindowFromID"))
      getWmInfo = nullptr;
  });
  if (!getWmInfo) return *error = "libSDL2-2.0.so.0 cannot be loaded (an HWND is an SDL_Window*)", 0;
  // Never touches a destroyed window: its ID no longer names it.
  const uint32_t id = getWindowId(window);
  if (!id || getWindowFromId(id) != window) return *error = "the HWND is not a live SDL_Window*", 0;
  SdlSysWmInfo info{};
  getVersion(&info.version);
  if (!getWmInfo(window, &info) || info.subsystem != kSdlSyswmX11)
    return *error = "the SDL window is not an X11 window", 0;
  return uint32_t(info.info.x11.window);
}

bool xWindowRect(X11& x, uint32_t window, ScreenRect* rect) {
  XcbGenericError* error = nullptr;
  XcbGeometryReply* g = x.xcb_get_geometry_reply(x.connection, x.xcb_get_geometry(x.connection, window), &error);
  std::free(error);
  if (!g) return false;
  rect->width = g->width;
  rect->height = g->height;
  std::free(g);
  error = nullptr;
  XcbTranslateReply* t = x.xcb_translate_coordinates_reply(
      x.connection, x.xcb_translate_coordinates(x.connection, window, x.screen.root, 0, 0), &error);
  std::free(error);
  if (!t) return false;
  rect->x = t->dstX;
  rect->y = t->dstY;
  std::free(t);
  return true;
}

uint32_t atom(X11& x, const char* name) {
  XcbGenericError* error = nullptr;
  XcbInternAtomReply* r =
      x.xcb_intern_atom_reply(x.connection, x.xcb_intern_atom(x.connection, 0, uint16_t(std::strlen(name)), name), &error);
  std::free(error);
  const uint32_t a = r ? r->atom : 0;
  std::free(r);
  return a;
}

}  // namespace

bool currentWindowSystem(uint32_t* system, std::string* error) {
  {
    std::lock_guard<std::mutex> lock(choiceMutex());
    if (chosenSystem >= 0) {
      *system = uint32_t(chosenSystem);
      return true;
    }
  }
  const char* v = std::getenv("D3DVK_WSI");
  if (!v || !*v || !std::strcmp(v, "sdl2") || !std::strcmp(v, "sdl")) {
    *system = D3DVK_WSI_SDL2;
    return true;
  }
  if (!std::strcmp(v, "x11")) {
    *system = D3DVK_WSI_X11;
    return true;
  }
  *error = std::string("D3DVK_WSI=") + v + " is not a window system d3dvk knows (sdl2, x11)";
  return false;
}

void windowSystemInUse() {
  std::lock_guard<std::mutex> lock(choiceMutex());
  swapchainMade = true;
}

HRESULT chooseWindowSystem(int system, std::string* error) {
  std::lock_guard<std::mutex> lock(choiceMutex());
  if (swapchainMade && system != chosenSystem)
    return *error = "a swapchain was already created: the window system is chosen before the first one",
           DXGI_ERROR_INVALID_CALL;
  chosenSystem = system;
  return S_OK;
}

std::vector<DisplayMonitor> displayMonitors() {
  std::vector<DisplayMonitor> monitors;
  X11* x = x11();
  if (!x) return monitors;
  std::lock_guard<std::mutex> lock(x->mutex);
  if (x->xcb_connection_has_error(x->connection)) return monitors;
  if (x->randr15) {
    XcbGenericError* error = nullptr;
    RandrMonitorsReply* r =
        x->xcb_randr_get_monitors_reply(x->connection, x->xcb_randr_get_monitors(x->connection, x->screen.root, 1), &error);
    std::free(error);
    if (r) {
      const auto* bytes = reinterpret_cast<const uint8_t*>(r);
      const size_t end = sizeof(RandrMonitorsReply) + size_t(r->length) * 4;
      size_t at = sizeof(RandrMonitorsReply);
      for (uint32_t i = 0; i < r->nMonitors && at + sizeof(RandrMonitorInfo) <= end; ++i) {
        RandrMonitorInfo m;
        std::memcpy(&m, bytes + at, sizeof m);
        at += sizeof m + size_t(m.nOutput) * 4;
        if (!m.width || !m.height) continue;
        DisplayMonitor d;
        d.rect = {m.x, m.y, m.width, m.height};
        d.widthMm = m.widthMm;
        d.heightMm = m.heightMm;
        d.primary = m.primary != 0;
        monitors.push_back(d);
      }
      std::free(r);
    }
  }
  if (monitors.empty()) {  // no RandR 1.5: the X screen is the one monitor
    DisplayMonitor d;
    d.rect = {0, 0, x->screen.widthInPixels, x->screen.heightInPixels};
    d.widthMm = x->screen.widthInMillimeters;
    d.heightMm = x->screen.heightInMillimeters;
    d.primary = true;
    monitors.push_back(d);
  }
  // DXGI enumerates the primary output first.
  std::stable_partition(monitors.begin(), monitors.end(), [](const DisplayMonitor& m) { return m.primary; });
  return monitors;
}

bool windowRect(uint32_t system, HWND window, ScreenRect* rect, std::string* error) {
  const uint32_t w = xWindowOf(system, window, error);
  if (!w) return false;
  X11* x = x11();
  if (!x) return *error = "no X display (DISPLAY)", false;
  std::lock_guard<std::mutex> lock(x->mutex);
  if (!xWindowRect(*x, w, rect)) return *error = "the window is not a window of the X server", false;
  return true;
}

HRESULT placeWindow(uint32_t system, HWND window, const ScreenRect& rect, bool sizeOnly, int fullscreen,
                    std::string* error) {
  const uint32_t w = xWindowOf(system, window, error);
  if (!w) return DXGI_ERROR_INVALID_CALL;
  X11* x = x11();
  if (!x) return *error = "no X display (DISPLAY)", DXGI_ERROR_NOT_CURRENTLY_AVAILABLE;
  std::lock_guard<std::mutex> lock(x->mutex);
  ScreenRect now;
  if (!xWindowRect(*x, w, &now)) return *error = "the window is not a window of the X server", DXGI_ERROR_INVALID_CALL;
  if (fullscreen != kFullscreenKeep) {
    // EWMH: a window manager makes the window fullscreen (or not) on this request;
    // without one it does nothing and the configure below places the window.
    XcbClientMessage m{};
    m.responseType = kClientMessage;
    m.format = 32;
    m.window = w;
    m.type = atom(*x, "_NET_WM_STATE");
    m.data32[0] = fullscreen ? 1 : 0;  // _NET_WM_STATE_ADD / _REMOVE
    m.data32[1] = atom(*x, "_NET_WM_STATE_FULLSCREEN");
    m.data32[3] = 1;  // the source is an application
    if (m.type && m.data32[1])
      x->xcb_send_event(x->connection, 0, x->screen.root, kSubstructureNotify | kSubstructureRedirect,
                        reinterpret_cast<const char*>(&m));
  }
  uint32_t values[5];
  uint16_t mask = 0;
  int n = 0;
  if (!sizeOnly) {
    mask |= kConfigX | kConfigY;
    values[n++] = uint32_t(rect.x);
    values[n++] = uint32_t(rect.y);
  }
  mask |= kConfigWidth | kConfigHeight;
  values[n++] = std::clamp(rect.width, 1u, kMaxWindowExtent);
  values[n++] = std::clamp(rect.height, 1u, kMaxWindowExtent);
  if (fullscreen == 1) {
    mask |= kConfigStackMode;
    values[n++] = kStackAbove;
  }
  x->xcb_configure_window(x->connection, w, mask, values);
  // A round trip: the server has applied the request when this returns.
  if (!xWindowRect(*x, w, &now)) return *error = "the window is gone", DXGI_ERROR_INVALID_CALL;
  return S_OK;
}

}  // namespace d3dvk::runtime

// d3dvk.h
extern "C" __attribute__((visibility("default"))) HRESULT D3DVKSetWindowSystem(D3DVK_WINDOW_SYSTEM WindowSystem) try {
  using namespace d3dvk::runtime;
  const int value = rawEnum(WindowSystem);
  int system = -1;
  switch (value) {
    case D3DVK_WINDOW_SYSTEM_DEFAULT: system = -1; break;
    case D3DVK_WINDOW_SYSTEM_SDL2: system = D3DVK_WSI_SDL2; break;
    case D3DVK_WINDOW_SYSTEM_X11: system = D3DVK_WSI_X11; break;
    default:
      std::fprintf(stderr, "d3dvk: D3DVKSetWindowSystem: %d is not a D3DVK_WINDOW_SYSTEM (0 default, 1 SDL2, 2 X11)\n",
                   value);
      return E_INVALIDARG;
  }
  std::string error;
  const HRESULT hr = chooseWindowSystem(system, &error);
  if (FAILED(hr)) std::fprintf(stderr, "d3dvk: D3DVKSetWindowSystem: %s\n", error.c_str());
  return hr;
} D3DVK_CATCH_HRESULT
