// d3dvk_winbase.h — the Windows base types every d3dvk API header starts from.
//
// Owns: the one place DirectX-Headers' <wsl/winadapter.h> (IUnknown, HRESULT, GUID,
// LUID, RECT, …) is included by d3dvk's headers, with one change: HWND and HDC are
// pointer-sized handles as on Windows (winadapter's stubs make them `int`). A DXGI
// window handle is an SDL_Window* (or, with D3DVK_WSI=x11, an X11 Window XID), which
// does not fit in an int, and DXGI_SWAP_CHAIN_DESC's layout needs the pointer size.
// For that, a d3dvk header must come before <directx/d3d12.h> or <wsl/winadapter.h>
// in a translation unit that uses DXGI; <dxgi.h> fails to compile with a message
// saying so otherwise. Also the helpers shared by the API headers, for C and C++:
// interface IIDs and GUIDs (D3DVK_DECLARE_INTERFACE_IID, D3DVK_DECLARE_GUID), the
// enum base (D3DVK_ENUM_INT), vtable-interface pragmas, HMODULE.
#ifndef D3DVK_WINBASE_H
#define D3DVK_WINBASE_H

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
// expands, in C++, to an `inline constexpr IID IID_IFoo` (C++17 inline variable: one
// definition program-wide, nothing to link) and __CRT_UUID_DECL(IFoo, …) from
// winadapter's rpcndr.h, which makes __uuidof(IFoo) and IID_PPV_ARGS work. Both name
// one value. In C it expands to `const IID IID_IFoo` with external linkage, defined
// weak in every translation unit that includes the header (what __declspec(selectany)
// does on Windows): one definition program-wide, nothing to link, and compatible with
// an `EXTERN_C const IID IID_IFoo;` (DEFINE_GUID without INITGUID) declaration.
#ifndef D3DVK_DECLARE_INTERFACE_IID
#ifdef __cplusplus
#define D3DVK_DECLARE_INTERFACE_IID(iface, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8)  \
  extern "C++" {                                                                       \
  inline constexpr IID IID_##iface = {l, w1, w2, {b1, b2, b3, b4, b5, b6, b7, b8}};   \
  }                                                                                    \
  __CRT_UUID_DECL(iface, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8)
#else
#define D3DVK_DECLARE_INTERFACE_IID(iface, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) \
  D3DVK_DECLARE_GUID(IID_##iface, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8)
#endif
#endif

// A GUID constant other than an IID (DXGI_DEBUG_D3D11 …), the same way: an inline
// constexpr in C++, a weak (selectany) definition in C.
#ifndef D3DVK_DECLARE_GUID
#ifdef __cplusplus
#define D3DVK_DECLARE_GUID(name, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) \
  extern "C++" {                                                           \
  inline constexpr GUID name = {l, w1, w2, {b1, b2, b3, b4, b5, b6, b7, b8}}; \
  }
#else
#define D3DVK_DECLARE_GUID(name, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) \
  __attribute__((weak)) const GUID name = {l, w1, w2, {b1, b2, b3, b4, b5, b6, b7, b8}};
#endif
#endif

// Enums have a fixed underlying type in C++ (`: int`, the size every D3D enum has):
// a caller may pass any value, and checking an invalid one is then defined behaviour
// rather than an out-of-range enum load. C (before C23) has no such syntax; a C enum
// whose values all fit in an int has the same size and representation.
#ifdef __cplusplus
#define D3DVK_ENUM_INT : int
#else
#define D3DVK_ENUM_INT
#endif

// Interfaces have no virtual destructor by design (COM: objects die in Release()).
#ifndef D3DVK_BEGIN_INTERFACES
#ifdef __cplusplus
#define D3DVK_BEGIN_INTERFACES \
  _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wnon-virtual-dtor\"")
#define D3DVK_END_INTERFACES _Pragma("GCC diagnostic pop")
#else
#define D3DVK_BEGIN_INTERFACES
#define D3DVK_END_INTERFACES
#endif
#endif

// static_assert in C++, _Static_assert in C11.
#ifdef __cplusplus
#define D3DVK_STATIC_ASSERT static_assert
#else
#define D3DVK_STATIC_ASSERT _Static_assert
#endif

// winadapter.h has no HMODULE; Windows' is a module handle (pointer-sized).
#ifndef D3DVK_HMODULE_DEFINED
#define D3DVK_HMODULE_DEFINED
typedef HANDLE HMODULE;
#endif

#endif
