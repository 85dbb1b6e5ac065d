// dxgi1_4.h — d3dvk's DXGI 1.4 API header (the Windows SDK's dxgi1_4.h for Linux).
//
// Owns: colour-space support flags, memory segment groups and
// DXGI_QUERY_VIDEO_MEMORY_INFO, and IDXGISwapChain3, IDXGIOutput4, IDXGIFactory4
// (EnumAdapterByLuid, EnumWarpAdapter), IDXGIAdapter3 (QueryVideoMemoryInfo).
// Conventions: see dxgi.h.
#ifndef D3DVK_DXGI1_4_H
#define D3DVK_DXGI1_4_H

#include "dxgi1_3.h"

typedef enum DXGI_SWAP_CHAIN_COLOR_SPACE_SUPPORT_FLAG D3DVK_ENUM_INT {
  DXGI_SWAP_CHAIN_COLOR_SPACE_SUPPORT_FLAG_PRESENT = 0x1,
  DXGI_SWAP_CHAIN_COLOR_SPACE_SUPPORT_FLAG_OVERLAY_PRESENT = 0x2,
} DXGI_SWAP_CHAIN_COLOR_SPACE_SUPPORT_FLAG;

typedef enum DXGI_OVERLAY_COLOR_SPACE_SUPPORT_FLAG D3DVK_ENUM_INT {
  DXGI_OVERLAY_COLOR_SPACE_SUPPORT_FLAG_PRESENT = 0x1,
} DXGI_OVERLAY_COLOR_SPACE_SUPPORT_FLAG;

typedef enum DXGI_MEMORY_SEGMENT_GROUP D3DVK_ENUM_INT {
  DXGI_MEMORY_SEGMENT_GROUP_LOCAL = 0,
  DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL = 1,
} DXGI_MEMORY_SEGMENT_GROUP;

typedef struct DXGI_QUERY_VIDEO_MEMORY_INFO {
  UINT64 Budget;
  UINT64 CurrentUsage;
  UINT64 AvailableForReservation;
  UINT64 CurrentReservation;
} DXGI_QUERY_VIDEO_MEMORY_INFO;

D3DVK_BEGIN_INTERFACES

struct IDXGISwapChain3 : public IDXGISwapChain2 {
  virtual UINT STDMETHODCALLTYPE GetCurrentBackBufferIndex() = 0;
  virtual HRESULT STDMETHODCALLTYPE CheckColorSpaceSupport(DXGI_COLOR_SPACE_TYPE ColorSpace,
                                                           UINT* pColorSpaceSupport) = 0;
  virtual HRESULT STDMETHODCALLTYPE SetColorSpace1(DXGI_COLOR_SPACE_TYPE ColorSpace) = 0;
  virtual HRESULT STDMETHODCALLTYPE ResizeBuffers1(UINT BufferCount, UINT Width, UINT Height, DXGI_FORMAT Format,
                                                   UINT SwapChainFlags, const UINT* pCreationNodeMask,
                                                   IUnknown* const* ppPresentQueue) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGISwapChain3, 0x94d99bdb, 0xf1f8, 0x4ab0, 0xb2, 0x36, 0x7d, 0xa0, 0x17, 0x0e, 0xda, 0xb1)

struct IDXGIOutput4 : public IDXGIOutput3 {
  virtual HRESULT STDMETHODCALLTYPE CheckOverlayColorSpaceSupport(DXGI_FORMAT Format, DXGI_COLOR_SPACE_TYPE ColorSpace,
                                                                  IUnknown* pConcernedDevice, UINT* pFlags) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIOutput4, 0xdc7dca35, 0x2196, 0x414d, 0x9f, 0x53, 0x61, 0x78, 0x84, 0x03, 0x2a, 0x60)

struct IDXGIFactory4 : public IDXGIFactory3 {
  virtual HRESULT STDMETHODCALLTYPE EnumAdapterByLuid(LUID AdapterLuid, REFIID riid, void** ppvAdapter) = 0;
  virtual HRESULT STDMETHODCALLTYPE EnumWarpAdapter(REFIID riid, void** ppvAdapter) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIFactory4, 0x1bc6ea02, 0xef36, 0x464f, 0xbf, 0x0c, 0x21, 0xca, 0x39, 0xe5, 0x16, 0x8a)

struct IDXGIAdapter3 : public IDXGIAdapter2 {
  virtual HRESULT STDMETHODCALLTYPE RegisterHardwareContentProtectionTeardownStatusEvent(HANDLE hEvent,
                                                                                         DWORD* pdwCookie) = 0;
  virtual void STDMETHODCALLTYPE UnregisterHardwareContentProtectionTeardownStatus(DWORD dwCookie) = 0;
  virtual HRESULT STDMETHODCALLTYPE QueryVideoMemoryInfo(UINT NodeIndex, DXGI_MEMORY_SEGMENT_GROUP MemorySegmentGroup,
                                                         DXGI_QUERY_VIDEO_MEMORY_INFO* pVideoMemoryInfo) = 0;
  virtual HRESULT STDMETHODCALLTYPE SetVideoMemoryReservation(UINT NodeIndex,
                                                              DXGI_MEMORY_SEGMENT_GROUP MemorySegmentGroup,
                                                              UINT64 Reservation) = 0;
  virtual HRESULT STDMETHODCALLTYPE RegisterVideoMemoryBudgetChangeNotificationEvent(HANDLE hEvent,
                                                                                     DWORD* pdwCookie) = 0;
  virtual void STDMETHODCALLTYPE UnregisterVideoMemoryBudgetChangeNotification(DWORD dwCookie) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIAdapter3, 0x645967a4, 0x1392, 0x4310, 0xa7, 0x98, 0x80, 0x53, 0xce, 0x3e, 0x93, 0xfd)

D3DVK_END_INTERFACES

#endif
