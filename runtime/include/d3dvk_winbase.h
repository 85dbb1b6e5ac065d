// d3dvk_winbase.h — the Windows base types every d3dvk API header starts from.
//
// Owns: the one place DirectX-Headers' <wsl/winadapter.h> (IUnknown, HRESULT, GUID,
// LUID, RECT, …) is included by d3dvk's headers, with one change: HWND and HDC are
// pointer-sized handles as on Windows (winadapter's stubs make them `int`). A DXGI
// window handle is an SDL_Window* (or, with D3DVK_WSI=x11, an X11 Window XID), which
// does not fit in an int, and DXGI_SWAP_CHAIN_DESC's layout needs the pointer size.
// For that, a d3dvk header must come before <directx/d3d12.h> or <wsl/winadapter.h>
// in a translation unit that uses DXGI; <dxgi.h> fails to compile with a message
// saying so otherwise. Also the helpers shared by the API headers: interface IIDs
// (D3DVK_DECLARE_INTERFACE_IID), vtable-interface pragmas, HMODULE.
#ifndef D3DVK_WINBASE_H
#define D3DVK_WINBASE_H

#ifndef __cplusplus
#error "d3dvk's API headers support C++ only"
#endif

#if !defined(DXGI_ERROR_INVALID_CALL)  // winadapter's basetsd.h (which defines it) not seen yet
#define HWND d3dvk_wsl_stub_int_hwnd
#define HDC d3dvk_wsl_stub_int_hdc
#include <wsl/winadapter.h>
#undef HWND
#undef HDC
typedef struct HWND__* HWND;
typedef struct HDC__* HDC;
#define D3DVK_POINTER_SIZED_HWND 1
#else
#include <wsl/winadapter.h>
#endif

// IIDs without libDirectX-Guids: D3DVK_DECLARE_INTERFACE_IID(IFoo, l, w1, w2, b1 … b8)
// expands to an `inline constexpr IID IID_IFoo` (C++17 inline variable: one definition
// program-wide, nothing to link) and __CRT_UUID_DECL(IFoo, …) from winadapter's
// rpcndr.h, which makes __uuidof(IFoo) and IID_PPV_ARGS work. Both name one value.
#ifndef D3DVK_DECLARE_INTERFACE_IID
#define D3DVK_DECLARE_INTERFACE_IID(iface, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8)  \
  extern "C++" {                                                                       \
  inline constexpr IID IID_##iface = {l, w1, w2, {b1, b2, b3, b4, b5, b6, b7, b8}};   \
  }                                                                                    \
  __CRT_UUID_DECL(iface, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8)
#endif

// Interfaces have no virtual destructor by design (COM: objects die in Release()).
#ifndef D3DVK_BEGIN_INTERFACES
#define D3DVK_BEGIN_INTERFACES \
  _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wnon-virtual-dtor\"")
#define D3DVK_END_INTERFACES _Pragma("GCC diagnostic pop")
#endif

// winadapter.h has no HMODULE; Windows' is a module handle (pointer-sized).
#ifndef D3DVK_HMODULE_DEFINED
#define D3DVK_HMODULE_DEFINED
typedef HANDLE HMODULE;
#endif

#endif
