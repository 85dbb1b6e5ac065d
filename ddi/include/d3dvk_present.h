/* ddi/include/d3dvk_present.h — presentation (not a WDK DDI): the role DXGI's
 * present DDIs and the window system's swapchain play on Windows. The runtime's
 * DXGI swapchain creates a presenter for a window and a D3D device (D3D11 or
 * D3D12), keeps the back buffers as ordinary D3D textures, and hands one to
 * pfnPresent, which copies it into an image of a Vulkan swapchain on the window
 * (VK_KHR_swapchain over VK_KHR_xlib_surface / VK_KHR_xcb_surface) and presents it.
 * libd3dvk_umd.so exports D3DVKGetPresentFuncs; the runtime finds it with dlsym on
 * the UMD it loaded (a UMD without it: no swapchains).
 *
 * Window systems: D3DVK_WSI_SDL2 — the window is an SDL_Window* (libSDL2-2.0.so.0
 * loaded at run time, its X11 window through SDL_GetWindowWMInfo);
 * D3DVK_WSI_X11 — the window is an X11 Window (XID) on the display $DISPLAY names
 * (libxcb.so.1 loaded at run time). */
#ifndef D3DVK_PRESENT_H
#define D3DVK_PRESENT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  D3DVK_PRESENT_API_D3D11 = 11, /* Device: D3D10DDI_HDEVICE.pDrvPrivate; resources: D3D10DDI_HRESOURCE.pDrvPrivate */
  D3DVK_PRESENT_API_D3D12 = 12, /* Device: D3D12DDI_HDEVICE.pDrvPrivate; resources: D3D12DDI_HRESOURCE.pDrvPrivate */
};

enum {
  D3DVK_WSI_SDL2 = 0, /* Window: an SDL_Window* */
  D3DVK_WSI_X11 = 1,  /* Window: an X11 Window (XID) on $DISPLAY */
};

typedef struct D3DVK_PRESENTER_DESC {
  uint32_t Api;          /* D3DVK_PRESENT_API_* */
  uint32_t WindowSystem; /* D3DVK_WSI_* */
  void* Device;          /* the UMD device (see Api) */
  uint64_t Window;       /* SDL_Window* or XID */
  uint32_t Format;       /* DXGI_FORMAT of the back buffers (an SRGB format presents sRGB-encoded bytes unchanged) */
  uint32_t BufferCount;  /* the swapchain's buffer count: the Vulkan swapchain's minimum image count */
  void* Queue;           /* D3D12: the swapchain's direct queue (D3D12DDI_HCOMMANDQUEUE.pDrvPrivate); D3D11: null */
} D3DVK_PRESENTER_DESC;

typedef struct D3DVK_PRESENT_ARGS {
  void* Resource;        /* the back buffer to show (see Api); a 2D texture of the presenter's format */
  uint32_t SyncInterval; /* 0: IMMEDIATE if offered, else MAILBOX, else FIFO; N = 1-4: FIFO, shown N times */
  uint32_t Reserved;
} D3DVK_PRESENT_ARGS;

typedef struct D3DVK_PRESENTER_STATUS {
  uint32_t WindowWidth;  /* the window's size now (0 x 0 while minimized) */
  uint32_t WindowHeight;
  uint64_t PresentCount; /* presents that reached the window */
  uint32_t Immediate;    /* the window offers IMMEDIATE or MAILBOX presentation (tearing / no vsync) */
  uint32_t Reserved;
} D3DVK_PRESENTER_STATUS;

/* Every function: S_OK (0) or an HRESULT with a NUL-terminated reason in error when
 * errorSize > 0. Failures: DXGI_ERROR_UNSUPPORTED (no window-system library, no
 * display, no surface extension or VK_KHR_swapchain), DXGI_ERROR_INVALID_CALL (the
 * window is gone), DXGI_ERROR_DEVICE_REMOVED (the Vulkan device was lost),
 * E_OUTOFMEMORY, E_FAIL. A presenter is used from one thread at a time (except
 * pfnLastFrame and pfnWaitForFrame). */
typedef struct D3DVK_PRESENT_FUNCS {
  int32_t (*pfnCreatePresenter)(const D3DVK_PRESENTER_DESC* desc, void** presenter, char* error, uint32_t errorSize);
  /* Waits for its presents to finish using the back buffers, then frees everything. */
  void (*pfnDestroyPresenter)(void* presenter);
  /* Records and submits the copy of the back buffer after everything the device
   * recorded before it, and presents; DXGI_STATUS_OCCLUDED when the window has no
   * area (minimized). D3D12: the present is an operation of the queue, after the
   * operations before it; when a Wait on a fence not signalled yet holds those back,
   * it returns S_OK at once and the frame is shown when the queue gets there (its
   * failures then go to the device's messages). pfnResize and pfnDestroyPresenter
   * drop presents still held back. */
  int32_t (*pfnPresent)(void* presenter, const D3DVK_PRESENT_ARGS* args, char* error, uint32_t errorSize);
  /* The window's size and the presenter's counters; fails when the window is gone. */
  int32_t (*pfnGetStatus)(void* presenter, D3DVK_PRESENTER_STATUS* status, char* error, uint32_t errorSize);
  /* Waits until no present uses a back buffer (before the runtime frees or replaces them);
   * a new format and buffer count take effect at the next present. */
  int32_t (*pfnResize)(void* presenter, uint32_t format, uint32_t bufferCount, char* error, uint32_t errorSize);
  /* The frame the last pfnPresent that returned S_OK queued (0 before the first): a
   * serial that only grows. Any thread. */
  uint64_t (*pfnLastFrame)(void* presenter);
  /* Waits until the copy of `frame` out of its back buffer has finished on the GPU:
   * S_OK (at once for 0 or a finished frame), DXGI_ERROR_WAIT_TIMEOUT when timeoutNs
   * passed first (UINT64_MAX: bounded by the device's GPU timeout only),
   * DXGI_ERROR_DEVICE_REMOVED. Any thread, also while another is in pfnPresent;
   * never while pfnDestroyPresenter runs. (DXGI's frame-latency waitable object.) */
  int32_t (*pfnWaitForFrame)(void* presenter, uint64_t frame, uint64_t timeoutNs);
} D3DVK_PRESENT_FUNCS;

/* A swapchain's back buffer is created with D3D10_DDI_BIND_PRESENT (D3D11). One of
 * R8G8B8A8_UNORM or B8G8R8A8_UNORM also takes views in its sRGB form, as DXGI's flip
 * model lets an application draw sRGB into a UNORM back buffer (the image is made
 * MUTABLE_FORMAT with both formats in its format list). The view format such a buffer
 * takes besides its own (DXGI_FORMAT values), or 0. */
static inline uint32_t D3DVKPresentSrgbViewFormat(uint32_t backBufferFormat) {
  return backBufferFormat == 28u   ? 29u  /* R8G8B8A8_UNORM -> R8G8B8A8_UNORM_SRGB */
         : backBufferFormat == 87u ? 91u  /* B8G8R8A8_UNORM -> B8G8R8A8_UNORM_SRGB */
                                   : 0u;
}

/* Fills *funcs (sizeof(D3DVK_PRESENT_FUNCS) bytes); 0 on success. */
typedef int32_t (*PFN_D3DVKGetPresentFuncs)(D3DVK_PRESENT_FUNCS* funcs, uint32_t size);
#define D3DVK_GET_PRESENT_FUNCS_NAME "D3DVKGetPresentFuncs"

#ifdef __cplusplus
}
#endif

#endif
