// dxgi.h — d3dvk's DXGI 1.0/1.1 API header (the Windows SDK's dxgi.h for Linux).
//
// Owns: DXGI usage, swap-effect, present and map constants, the surface, output,
// adapter, frame-statistics and swapchain descs, the interfaces IDXGIObject …
// IDXGIFactory1 / IDXGIDevice1 in the SDK's vtable order, and the entry points
// CreateDXGIFactory / CreateDXGIFactory1 (implemented in libd3dvk.so).
// Names, values, layouts and IIDs are the SDK's (tests/api-headers checks them),
// with winadapter's Linux types: WCHAR is wchar_t (4 bytes), so the WCHAR arrays
// of the descs are twice the SDK's byte size. An HWND is pointer-sized: by default
// an SDL_Window*, with D3DVK_WSI=x11 an X11 Window (see d3dvk_winbase.h, docs/dxgi.md).
#ifndef D3DVK_DXGI_H
#define D3DVK_DXGI_H

#include "dxgitype.h"

#ifndef D3DVK_POINTER_SIZED_HWND
D3DVK_STATIC_ASSERT(sizeof(HWND) == sizeof(void*),
              "d3dvk's <dxgi.h> needs a pointer-sized HWND: include a d3dvk header (<dxgi.h>, <d3d11.h>, "
              "<d3dvk.h>) before <directx/d3d12.h> or <wsl/winadapter.h>");
#endif

#ifndef D3DVK_HMONITOR_DEFINED
#define D3DVK_HMONITOR_DEFINED
typedef HANDLE HMONITOR;
#endif

typedef UINT DXGI_USAGE;
#define DXGI_USAGE_SHADER_INPUT 0x00000010UL
#define DXGI_USAGE_RENDER_TARGET_OUTPUT 0x00000020UL
#define DXGI_USAGE_BACK_BUFFER 0x00000040UL
#define DXGI_USAGE_SHARED 0x00000080UL
#define DXGI_USAGE_READ_ONLY 0x00000100UL
#define DXGI_USAGE_DISCARD_ON_PRESENT 0x00000200UL
#define DXGI_USAGE_UNORDERED_ACCESS 0x00000400UL

#define DXGI_RESOURCE_PRIORITY_MINIMUM (0x28000000)
#define DXGI_RESOURCE_PRIORITY_LOW (0x50000000)
#define DXGI_RESOURCE_PRIORITY_NORMAL (0x78000000)
#define DXGI_RESOURCE_PRIORITY_HIGH (0xa0000000)
#define DXGI_RESOURCE_PRIORITY_MAXIMUM (0xc8000000)

#define DXGI_MAP_READ (1UL)
#define DXGI_MAP_WRITE (2UL)
#define DXGI_MAP_DISCARD (4UL)

#define DXGI_ENUM_MODES_INTERLACED (1UL)
#define DXGI_ENUM_MODES_SCALING (2UL)

#define DXGI_MAX_SWAP_CHAIN_BUFFERS (16)

#define DXGI_PRESENT_TEST 0x00000001UL
#define DXGI_PRESENT_DO_NOT_SEQUENCE 0x00000002UL
#define DXGI_PRESENT_RESTART 0x00000004UL
#define DXGI_PRESENT_DO_NOT_WAIT 0x00000008UL
#define DXGI_PRESENT_STEREO_PREFER_RIGHT 0x00000010UL
#define DXGI_PRESENT_STEREO_TEMPORARY_MONO 0x00000020UL
#define DXGI_PRESENT_RESTRICT_TO_OUTPUT 0x00000040UL
#define DXGI_PRESENT_USE_DURATION 0x00000100UL
#define DXGI_PRESENT_ALLOW_TEARING 0x00000200UL

#define DXGI_MWA_NO_WINDOW_CHANGES (1 << 0)
#define DXGI_MWA_NO_ALT_ENTER (1 << 1)
#define DXGI_MWA_NO_PRINT_SCREEN (1 << 2)
#define DXGI_MWA_VALID (0x7)


typedef enum DXGI_RESIDENCY D3DVK_ENUM_INT {
  DXGI_RESIDENCY_FULLY_RESIDENT = 1,
  DXGI_RESIDENCY_RESIDENT_IN_SHARED_MEMORY = 2,
  DXGI_RESIDENCY_EVICTED_TO_DISK = 3,
} DXGI_RESIDENCY;

typedef enum DXGI_SWAP_EFFECT D3DVK_ENUM_INT {
  DXGI_SWAP_EFFECT_DISCARD = 0,
  DXGI_SWAP_EFFECT_SEQUENTIAL = 1,
  DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL = 3,
  DXGI_SWAP_EFFECT_FLIP_DISCARD = 4,
} DXGI_SWAP_EFFECT;

typedef enum DXGI_SWAP_CHAIN_FLAG D3DVK_ENUM_INT {
  DXGI_SWAP_CHAIN_FLAG_NONPREROTATED = 1,
  DXGI_SWAP_CHAIN_FLAG_ALLOW_MODE_SWITCH = 2,
  DXGI_SWAP_CHAIN_FLAG_GDI_COMPATIBLE = 4,
  DXGI_SWAP_CHAIN_FLAG_RESTRICTED_CONTENT = 8,
  DXGI_SWAP_CHAIN_FLAG_RESTRICT_SHARED_RESOURCE_DRIVER = 16,
  DXGI_SWAP_CHAIN_FLAG_DISPLAY_ONLY = 32,
  DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT = 64,
  DXGI_SWAP_CHAIN_FLAG_FOREGROUND_LAYER = 128,
  DXGI_SWAP_CHAIN_FLAG_FULLSCREEN_VIDEO = 256,
  DXGI_SWAP_CHAIN_FLAG_YUV_VIDEO = 512,
  DXGI_SWAP_CHAIN_FLAG_HW_PROTECTED = 1024,
  DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING = 2048,
  DXGI_SWAP_CHAIN_FLAG_RESTRICTED_TO_ALL_HOLOGRAPHIC_DISPLAYS = 4096,
} DXGI_SWAP_CHAIN_FLAG;

typedef enum DXGI_ADAPTER_FLAG D3DVK_ENUM_INT {
  DXGI_ADAPTER_FLAG_NONE = 0,
  DXGI_ADAPTER_FLAG_REMOTE = 1,
  DXGI_ADAPTER_FLAG_SOFTWARE = 2,
  DXGI_ADAPTER_FLAG_FORCE_DWORD = (int)0xffffffffu,
} DXGI_ADAPTER_FLAG;

typedef struct DXGI_FRAME_STATISTICS {
  UINT PresentCount;
  UINT PresentRefreshCount;
  UINT SyncRefreshCount;
  LARGE_INTEGER SyncQPCTime;
  LARGE_INTEGER SyncGPUTime;
} DXGI_FRAME_STATISTICS;

typedef struct DXGI_MAPPED_RECT {
  INT Pitch;
  BYTE* pBits;
} DXGI_MAPPED_RECT;

typedef struct DXGI_ADAPTER_DESC {
  WCHAR Description[128];
  UINT VendorId;
  UINT DeviceId;
  UINT SubSysId;
  UINT Revision;
  SIZE_T DedicatedVideoMemory;
  SIZE_T DedicatedSystemMemory;
  SIZE_T SharedSystemMemory;
  LUID AdapterLuid;
} DXGI_ADAPTER_DESC;

typedef struct DXGI_OUTPUT_DESC {
  WCHAR DeviceName[32];
  RECT DesktopCoordinates;
  BOOL AttachedToDesktop;
  DXGI_MODE_ROTATION Rotation;
  HMONITOR Monitor;
} DXGI_OUTPUT_DESC;

typedef struct DXGI_SHARED_RESOURCE {
  HANDLE Handle;
} DXGI_SHARED_RESOURCE;

typedef struct DXGI_SURFACE_DESC {
  UINT Width;
  UINT Height;
  DXGI_FORMAT Format;
  DXGI_SAMPLE_DESC SampleDesc;
} DXGI_SURFACE_DESC;

typedef struct DXGI_SWAP_CHAIN_DESC {
  DXGI_MODE_DESC BufferDesc;
  DXGI_SAMPLE_DESC SampleDesc;
  DXGI_USAGE BufferUsage;
  UINT BufferCount;
  HWND OutputWindow;
  BOOL Windowed;
  DXGI_SWAP_EFFECT SwapEffect;
  UINT Flags;
} DXGI_SWAP_CHAIN_DESC;

typedef struct DXGI_ADAPTER_DESC1 {
  WCHAR Description[128];
  UINT VendorId;
  UINT DeviceId;
  UINT SubSysId;
  UINT Revision;
  SIZE_T DedicatedVideoMemory;
  SIZE_T DedicatedSystemMemory;
  SIZE_T SharedSystemMemory;
  LUID AdapterLuid;
  UINT Flags;
} DXGI_ADAPTER_DESC1;

typedef struct DXGI_DISPLAY_COLOR_SPACE {
  FLOAT PrimaryCoordinates[8][2];
  FLOAT WhitePoints[16][2];
} DXGI_DISPLAY_COLOR_SPACE;

typedef struct IDXGIAdapter IDXGIAdapter;
typedef struct IDXGIAdapter1 IDXGIAdapter1;
typedef struct IDXGIOutput IDXGIOutput;
typedef struct IDXGISurface IDXGISurface;
typedef struct IDXGISwapChain IDXGISwapChain;

D3DVK_BEGIN_INTERFACES

struct IDXGIObject : public IUnknown {
  virtual HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID Name, UINT DataSize, const void* pData) = 0;
  virtual HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID Name, const IUnknown* pUnknown) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID Name, UINT* pDataSize, void* pData) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetParent(REFIID riid, void** ppParent) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIObject, 0xaec22fb8, 0x76f3, 0x4639, 0x9b, 0xe0, 0x28, 0xeb, 0x43, 0xa6, 0x7a, 0x2e)

struct IDXGIDeviceSubObject : public IDXGIObject {
  virtual HRESULT STDMETHODCALLTYPE GetDevice(REFIID riid, void** ppDevice) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIDeviceSubObject, 0x3d3e0379, 0xf9de, 0x4d58, 0xbb, 0x6c, 0x18, 0xd6, 0x29, 0x92, 0xf1,
                            0xa6)

struct IDXGIResource : public IDXGIDeviceSubObject {
  virtual HRESULT STDMETHODCALLTYPE GetSharedHandle(HANDLE* pSharedHandle) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetUsage(DXGI_USAGE* pUsage) = 0;
  virtual HRESULT STDMETHODCALLTYPE SetEvictionPriority(UINT EvictionPriority) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetEvictionPriority(UINT* pEvictionPriority) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIResource, 0x035f3ab4, 0x482e, 0x4e50, 0xb4, 0x1f, 0x8a, 0x7f, 0x8b, 0xd8, 0x96, 0x0b)

struct IDXGIKeyedMutex : public IDXGIDeviceSubObject {
  virtual HRESULT STDMETHODCALLTYPE AcquireSync(UINT64 Key, DWORD dwMilliseconds) = 0;
  virtual HRESULT STDMETHODCALLTYPE ReleaseSync(UINT64 Key) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIKeyedMutex, 0x9d8e1289, 0xd7b3, 0x465f, 0x81, 0x26, 0x25, 0x0e, 0x34, 0x9a, 0xf8, 0x5d)

struct IDXGISurface : public IDXGIDeviceSubObject {
  virtual HRESULT STDMETHODCALLTYPE GetDesc(DXGI_SURFACE_DESC* pDesc) = 0;
  virtual HRESULT STDMETHODCALLTYPE Map(DXGI_MAPPED_RECT* pLockedRect, UINT MapFlags) = 0;
  virtual HRESULT STDMETHODCALLTYPE Unmap() = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGISurface, 0xcafcb56c, 0x6ac3, 0x4889, 0xbf, 0x47, 0x9e, 0x23, 0xbb, 0xd2, 0x60, 0xec)

struct IDXGISurface1 : public IDXGISurface {
  virtual HRESULT STDMETHODCALLTYPE GetDC(BOOL Discard, HDC* phdc) = 0;
  virtual HRESULT STDMETHODCALLTYPE ReleaseDC(RECT* pDirtyRect) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGISurface1, 0x4ae63092, 0x6327, 0x4c1b, 0x80, 0xae, 0xbf, 0xe1, 0x2e, 0xa3, 0x2b, 0x86)

struct IDXGIAdapter : public IDXGIObject {
  virtual HRESULT STDMETHODCALLTYPE EnumOutputs(UINT Output, IDXGIOutput** ppOutput) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetDesc(DXGI_ADAPTER_DESC* pDesc) = 0;
  virtual HRESULT STDMETHODCALLTYPE CheckInterfaceSupport(REFGUID InterfaceName, LARGE_INTEGER* pUMDVersion) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIAdapter, 0x2411e7e1, 0x12ac, 0x4ccf, 0xbd, 0x14, 0x97, 0x98, 0xe8, 0x53, 0x4d, 0xc0)

struct IDXGIOutput : public IDXGIObject {
  virtual HRESULT STDMETHODCALLTYPE GetDesc(DXGI_OUTPUT_DESC* pDesc) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetDisplayModeList(DXGI_FORMAT EnumFormat, UINT Flags, UINT* pNumModes,
                                                       DXGI_MODE_DESC* pDesc) = 0;
  virtual HRESULT STDMETHODCALLTYPE FindClosestMatchingMode(const DXGI_MODE_DESC* pModeToMatch,
                                                            DXGI_MODE_DESC* pClosestMatch, IUnknown* pConcernedDevice) = 0;
  virtual HRESULT STDMETHODCALLTYPE WaitForVBlank() = 0;
  virtual HRESULT STDMETHODCALLTYPE TakeOwnership(IUnknown* pDevice, BOOL Exclusive) = 0;
  virtual void STDMETHODCALLTYPE ReleaseOwnership() = 0;
  virtual HRESULT STDMETHODCALLTYPE GetGammaControlCapabilities(DXGI_GAMMA_CONTROL_CAPABILITIES* pGammaCaps) = 0;
  virtual HRESULT STDMETHODCALLTYPE SetGammaControl(const DXGI_GAMMA_CONTROL* pArray) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetGammaControl(DXGI_GAMMA_CONTROL* pArray) = 0;
  virtual HRESULT STDMETHODCALLTYPE SetDisplaySurface(IDXGISurface* pScanoutSurface) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetDisplaySurfaceData(IDXGISurface* pDestination) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetFrameStatistics(DXGI_FRAME_STATISTICS* pStats) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIOutput, 0xae02eedb, 0xc735, 0x4690, 0x8d, 0x52, 0x5a, 0x8d, 0xc2, 0x02, 0x13, 0xaa)

struct IDXGISwapChain : public IDXGIDeviceSubObject {
  virtual HRESULT STDMETHODCALLTYPE Present(UINT SyncInterval, UINT Flags) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetBuffer(UINT Buffer, REFIID riid, void** ppSurface) = 0;
  virtual HRESULT STDMETHODCALLTYPE SetFullscreenState(BOOL Fullscreen, IDXGIOutput* pTarget) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetFullscreenState(BOOL* pFullscreen, IDXGIOutput** ppTarget) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetDesc(DXGI_SWAP_CHAIN_DESC* pDesc) = 0;
  virtual HRESULT STDMETHODCALLTYPE ResizeBuffers(UINT BufferCount, UINT Width, UINT Height, DXGI_FORMAT NewFormat,
                                                  UINT SwapChainFlags) = 0;
  virtual HRESULT STDMETHODCALLTYPE ResizeTarget(const DXGI_MODE_DESC* pNewTargetParameters) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetContainingOutput(IDXGIOutput** ppOutput) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetFrameStatistics(DXGI_FRAME_STATISTICS* pStats) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetLastPresentCount(UINT* pLastPresentCount) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGISwapChain, 0x310d36a0, 0xd2e7, 0x4c0a, 0xaa, 0x04, 0x6a, 0x9d, 0x23, 0xb8, 0x88, 0x6a)

struct IDXGIFactory : public IDXGIObject {
  virtual HRESULT STDMETHODCALLTYPE EnumAdapters(UINT Adapter, IDXGIAdapter** ppAdapter) = 0;
  virtual HRESULT STDMETHODCALLTYPE MakeWindowAssociation(HWND WindowHandle, UINT Flags) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetWindowAssociation(HWND* pWindowHandle) = 0;
  virtual HRESULT STDMETHODCALLTYPE CreateSwapChain(IUnknown* pDevice, DXGI_SWAP_CHAIN_DESC* pDesc,
                                                    IDXGISwapChain** ppSwapChain) = 0;
  virtual HRESULT STDMETHODCALLTYPE CreateSoftwareAdapter(HMODULE Module, IDXGIAdapter** ppAdapter) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIFactory, 0x7b7166ec, 0x21c7, 0x44ae, 0xb2, 0x1a, 0xc9, 0xae, 0x32, 0x1a, 0xe3, 0x69)

struct IDXGIDevice : public IDXGIObject {
  virtual HRESULT STDMETHODCALLTYPE GetAdapter(IDXGIAdapter** pAdapter) = 0;
  virtual HRESULT STDMETHODCALLTYPE CreateSurface(const DXGI_SURFACE_DESC* pDesc, UINT NumSurfaces, DXGI_USAGE Usage,
                                                  const DXGI_SHARED_RESOURCE* pSharedResource,
                                                  IDXGISurface** ppSurface) = 0;
  virtual HRESULT STDMETHODCALLTYPE QueryResourceResidency(IUnknown* const* ppResources,
                                                           DXGI_RESIDENCY* pResidencyStatus, UINT NumResources) = 0;
  virtual HRESULT STDMETHODCALLTYPE SetGPUThreadPriority(INT Priority) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetGPUThreadPriority(INT* pPriority) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIDevice, 0x54ec77fa, 0x1377, 0x44e6, 0x8c, 0x32, 0x88, 0xfd, 0x5f, 0x44, 0xc8, 0x4c)

struct IDXGIFactory1 : public IDXGIFactory {
  virtual HRESULT STDMETHODCALLTYPE EnumAdapters1(UINT Adapter, IDXGIAdapter1** ppAdapter) = 0;
  virtual BOOL STDMETHODCALLTYPE IsCurrent() = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIFactory1, 0x770aae78, 0xf26f, 0x4dba, 0xa8, 0x29, 0x25, 0x3c, 0x83, 0xd1, 0xb3, 0x87)

struct IDXGIAdapter1 : public IDXGIAdapter {
  virtual HRESULT STDMETHODCALLTYPE GetDesc1(DXGI_ADAPTER_DESC1* pDesc) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIAdapter1, 0x29038f61, 0x3839, 0x4626, 0x91, 0xfd, 0x08, 0x68, 0x79, 0x01, 0x1a, 0x05)

struct IDXGIDevice1 : public IDXGIDevice {
  virtual HRESULT STDMETHODCALLTYPE SetMaximumFrameLatency(UINT MaxLatency) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetMaximumFrameLatency(UINT* pMaxLatency) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIDevice1, 0x77db970f, 0x6276, 0x48ba, 0xba, 0x28, 0x07, 0x01, 0x43, 0xb4, 0x39, 0x2c)

D3DVK_END_INTERFACES

EXTERN_C HRESULT WINAPI CreateDXGIFactory(REFIID riid, void** ppFactory);
EXTERN_C HRESULT WINAPI CreateDXGIFactory1(REFIID riid, void** ppFactory);

#endif
