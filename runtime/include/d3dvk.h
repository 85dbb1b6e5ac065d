// d3dvk.h — d3dvk's own additions to the D3D API (not in the Windows SDK): which
// user-mode driver libd3dvk.so loads and which DDI interface it negotiates,
// for tools such as d3dvk-info; and which window system an HWND belongs to
// (D3DVKSetWindowSystem, the call equivalent of D3DVK_WSI).
#ifndef D3DVK_D3DVK_H
#define D3DVK_D3DVK_H

#include "d3dvk_winbase.h"

#define D3DVK_MAX_PATH 4096
#define D3DVK_MAX_DDI_VERSIONS 16

typedef struct D3DVK_RUNTIME_INFO {
  char RuntimePath[D3DVK_MAX_PATH];  // libd3dvk.so
  char UmdPath[D3DVK_MAX_PATH];      // the user-mode driver loaded (D3DVK_UMD_PATH or next to the runtime)
  UINT SupportedVersionCount;        // from the UMD's GetSupportedVersions
  UINT64 SupportedVersions[D3DVK_MAX_DDI_VERSIONS];
  UINT64 NegotiatedVersion;  // the one devices are created with (interface << 32 | build << 16)
} D3DVK_RUNTIME_INFO;

// Loads the UMD and opens its adapter as D3D11CreateDevice would, and reports
// what it found. On failure returns the same HRESULT D3D11CreateDevice would and,
// when pErrorMessage is non-null, a message of at most ErrorMessageSize bytes.
EXTERN_C HRESULT D3DVKGetRuntimeInfo(D3DVK_RUNTIME_INFO* pInfo, char* pErrorMessage, UINT ErrorMessageSize);

// What a window handle (HWND) given to DXGI is: see docs/dxgi.md.
typedef enum D3DVK_WINDOW_SYSTEM {
  D3DVK_WINDOW_SYSTEM_DEFAULT = 0,  // what the environment variable D3DVK_WSI says (unset: SDL2)
  D3DVK_WINDOW_SYSTEM_SDL2 = 1,     // an SDL_Window* (SDL2, loaded at run time)
  D3DVK_WINDOW_SYSTEM_X11 = 2,      // an X11 Window (XID) on the display $DISPLAY names
} D3DVK_WINDOW_SYSTEM;

// Chooses the window system of every HWND the process gives DXGI, in place of
// D3DVK_WSI (which it overrides; DEFAULT hands the choice back to D3DVK_WSI). Call it
// before the process creates its first swapchain. S_OK; E_INVALIDARG for a value
// that is no D3DVK_WINDOW_SYSTEM; DXGI_ERROR_INVALID_CALL once a swapchain was
// created (unless it names the window system already chosen). Thread-safe.
EXTERN_C HRESULT D3DVKSetWindowSystem(D3DVK_WINDOW_SYSTEM WindowSystem);

#endif
