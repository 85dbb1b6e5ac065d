// dxgi1_2.h — d3dvk's DXGI 1.2 API header (the Windows SDK's dxgi1_2.h for Linux).
//
// Owns: alpha mode, scaling, DXGI_SWAP_CHAIN_DESC1 / FULLSCREEN_DESC, present
// parameters, DXGI_MODE_DESC1, output-duplication types, DXGI_ADAPTER_DESC2 with the
// preemption granularities, and IDXGIDisplayControl, IDXGIOutputDuplication,
// IDXGISurface2, IDXGIResource1, IDXGIDevice2, IDXGISwapChain1, IDXGIFactory2,
// IDXGIAdapter2, IDXGIOutput1. Conventions: see dxgi.h.
#ifndef D3DVK_DXGI1_2_H
#define D3DVK_DXGI1_2_H

#include "dxgi.h"

typedef enum DXGI_OFFER_RESOURCE_PRIORITY D3DVK_ENUM_INT {
  DXGI_OFFER_RESOURCE_PRIORITY_LOW = 1,
  DXGI_OFFER_RESOURCE_PRIORITY_NORMAL = 2,
  DXGI_OFFER_RESOURCE_PRIORITY_HIGH = 3,
} DXGI_OFFER_RESOURCE_PRIORITY;

typedef enum DXGI_ALPHA_MODE D3DVK_ENUM_INT {
  DXGI_ALPHA_MODE_UNSPECIFIED = 0,
  DXGI_ALPHA_MODE_PREMULTIPLIED = 1,
  DXGI_ALPHA_MODE_STRAIGHT = 2,
  DXGI_ALPHA_MODE_IGNORE = 3,
  DXGI_ALPHA_MODE_FORCE_DWORD = (int)0xffffffffu,
} DXGI_ALPHA_MODE;

typedef enum DXGI_SCALING D3DVK_ENUM_INT {
  DXGI_SCALING_STRETCH = 0,
  DXGI_SCALING_NONE = 1,
  DXGI_SCALING_ASPECT_RATIO_STRETCH = 2,
} DXGI_SCALING;

typedef enum DXGI_GRAPHICS_PREEMPTION_GRANULARITY D3DVK_ENUM_INT {
  DXGI_GRAPHICS_PREEMPTION_DMA_BUFFER_BOUNDARY = 0,
  DXGI_GRAPHICS_PREEMPTION_PRIMITIVE_BOUNDARY = 1,
  DXGI_GRAPHICS_PREEMPTION_TRIANGLE_BOUNDARY = 2,
  DXGI_GRAPHICS_PREEMPTION_PIXEL_BOUNDARY = 3,
  DXGI_GRAPHICS_PREEMPTION_INSTRUCTION_BOUNDARY = 4,
} DXGI_GRAPHICS_PREEMPTION_GRANULARITY;

typedef enum DXGI_COMPUTE_PREEMPTION_GRANULARITY D3DVK_ENUM_INT {
  DXGI_COMPUTE_PREEMPTION_DMA_BUFFER_BOUNDARY = 0,
  DXGI_COMPUTE_PREEMPTION_DISPATCH_BOUNDARY = 1,
  DXGI_COMPUTE_PREEMPTION_THREAD_GROUP_BOUNDARY = 2,
  DXGI_COMPUTE_PREEMPTION_THREAD_BOUNDARY = 3,
  DXGI_COMPUTE_PREEMPTION_INSTRUCTION_BOUNDARY = 4,
} DXGI_COMPUTE_PREEMPTION_GRANULARITY;

typedef enum DXGI_OUTDUPL_POINTER_SHAPE_TYPE D3DVK_ENUM_INT {
  DXGI_OUTDUPL_POINTER_SHAPE_TYPE_MONOCHROME = 0x1,
  DXGI_OUTDUPL_POINTER_SHAPE_TYPE_COLOR = 0x2,
  DXGI_OUTDUPL_POINTER_SHAPE_TYPE_MASKED_COLOR = 0x4,
} DXGI_OUTDUPL_POINTER_SHAPE_TYPE;

#define DXGI_ENUM_MODES_STEREO (4UL)
#define DXGI_ENUM_MODES_DISABLED_STEREO (8UL)
#define DXGI_SHARED_RESOURCE_READ (0x80000000L)
#define DXGI_SHARED_RESOURCE_WRITE (1)

typedef struct DXGI_OUTDUPL_MOVE_RECT {
  POINT SourcePoint;
  RECT DestinationRect;
} DXGI_OUTDUPL_MOVE_RECT;

typedef struct DXGI_OUTDUPL_DESC {
  DXGI_MODE_DESC ModeDesc;
  DXGI_MODE_ROTATION Rotation;
  BOOL DesktopImageInSystemMemory;
} DXGI_OUTDUPL_DESC;

typedef struct DXGI_OUTDUPL_POINTER_POSITION {
  POINT Position;
  BOOL Visible;
} DXGI_OUTDUPL_POINTER_POSITION;

typedef struct DXGI_OUTDUPL_POINTER_SHAPE_INFO {
  UINT Type;
  UINT Width;
  UINT Height;
  UINT Pitch;
  POINT HotSpot;
} DXGI_OUTDUPL_POINTER_SHAPE_INFO;

typedef struct DXGI_OUTDUPL_FRAME_INFO {
  LARGE_INTEGER LastPresentTime;
  LARGE_INTEGER LastMouseUpdateTime;
  UINT AccumulatedFrames;
  BOOL RectsCoalesced;
  BOOL ProtectedContentMaskedOut;
  DXGI_OUTDUPL_POINTER_POSITION PointerPosition;
  UINT TotalMetadataBufferSize;
  UINT PointerShapeBufferSize;
} DXGI_OUTDUPL_FRAME_INFO;

typedef struct DXGI_MODE_DESC1 {
  UINT Width;
  UINT Height;
  DXGI_RATIONAL RefreshRate;
  DXGI_FORMAT Format;
  DXGI_MODE_SCANLINE_ORDER ScanlineOrdering;
  DXGI_MODE_SCALING Scaling;
  BOOL Stereo;
} DXGI_MODE_DESC1;

typedef struct DXGI_SWAP_CHAIN_DESC1 {
  UINT Width;
  UINT Height;
  DXGI_FORMAT Format;
  BOOL Stereo;
  DXGI_SAMPLE_DESC SampleDesc;
  DXGI_USAGE BufferUsage;
  UINT BufferCount;
  DXGI_SCALING Scaling;
  DXGI_SWAP_EFFECT SwapEffect;
  DXGI_ALPHA_MODE AlphaMode;
  UINT Flags;
} DXGI_SWAP_CHAIN_DESC1;

typedef struct DXGI_SWAP_CHAIN_FULLSCREEN_DESC {
  DXGI_RATIONAL RefreshRate;
  DXGI_MODE_SCANLINE_ORDER ScanlineOrdering;
  DXGI_MODE_SCALING Scaling;
  BOOL Windowed;
} DXGI_SWAP_CHAIN_FULLSCREEN_DESC;

typedef struct DXGI_PRESENT_PARAMETERS {
  UINT DirtyRectsCount;
  RECT* pDirtyRects;
  RECT* pScrollRect;
  POINT* pScrollOffset;
} DXGI_PRESENT_PARAMETERS;

typedef struct DXGI_ADAPTER_DESC2 {
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
  DXGI_GRAPHICS_PREEMPTION_GRANULARITY GraphicsPreemptionGranularity;
  DXGI_COMPUTE_PREEMPTION_GRANULARITY ComputePreemptionGranularity;
} DXGI_ADAPTER_DESC2;

typedef struct IDXGISwapChain1 IDXGISwapChain1;
typedef struct IDXGISurface2 IDXGISurface2;

D3DVK_BEGIN_INTERFACES

struct IDXGIDisplayControl : public IUnknown {
  virtual BOOL STDMETHODCALLTYPE IsStereoEnabled() = 0;
  virtual void STDMETHODCALLTYPE SetStereoEnabled(BOOL enabled) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIDisplayControl, 0xea9dbf1a, 0xc88e, 0x4486, 0x85, 0x4a, 0x98, 0xaa, 0x01, 0x38, 0xf3, 0x0c)

struct IDXGIOutputDuplication : public IDXGIObject {
  virtual void STDMETHODCALLTYPE GetDesc(DXGI_OUTDUPL_DESC* pDesc) = 0;
  virtual HRESULT STDMETHODCALLTYPE AcquireNextFrame(UINT TimeoutInMilliseconds, DXGI_OUTDUPL_FRAME_INFO* pFrameInfo,
                                                     IDXGIResource** ppDesktopResource) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetFrameDirtyRects(UINT DirtyRectsBufferSize, RECT* pDirtyRectsBuffer,
                                                       UINT* pDirtyRectsBufferSizeRequired) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetFrameMoveRects(UINT MoveRectsBufferSize, DXGI_OUTDUPL_MOVE_RECT* pMoveRectBuffer,
                                                      UINT* pMoveRectsBufferSizeRequired) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetFramePointerShape(UINT PointerShapeBufferSize, void* pPointerShapeBuffer,
                                                         UINT* pPointerShapeBufferSizeRequired,
                                                         DXGI_OUTDUPL_POINTER_SHAPE_INFO* pPointerShapeInfo) = 0;
  virtual HRESULT STDMETHODCALLTYPE MapDesktopSurface(DXGI_MAPPED_RECT* pLockedRect) = 0;
  virtual HRESULT STDMETHODCALLTYPE UnMapDesktopSurface() = 0;
  virtual HRESULT STDMETHODCALLTYPE ReleaseFrame() = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIOutputDuplication, 0x191cfac3, 0xa341, 0x470d, 0xb2, 0x6e, 0xa8, 0x64, 0xf4, 0x28, 0x31,
                            0x9c)

struct IDXGISurface2 : public IDXGISurface1 {
  virtual HRESULT STDMETHODCALLTYPE GetResource(REFIID riid, void** ppParentResource, UINT* pSubresourceIndex) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGISurface2, 0xaba496dd, 0xb617, 0x4cb8, 0xa8, 0x66, 0xbc, 0x44, 0xd7, 0xeb, 0x1f, 0xa2)

struct IDXGIResource1 : public IDXGIResource {
  virtual HRESULT STDMETHODCALLTYPE CreateSubresourceSurface(UINT index, IDXGISurface2** ppSurface) = 0;
  virtual HRESULT STDMETHODCALLTYPE CreateSharedHandle(const SECURITY_ATTRIBUTES* pAttributes, DWORD dwAccess,
                                                       LPCWSTR lpName, HANDLE* pHandle) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIResource1, 0x30961379, 0x4609, 0x4a41, 0x99, 0x8e, 0x54, 0xfe, 0x56, 0x7e, 0xe0, 0xc1)

struct IDXGIDevice2 : public IDXGIDevice1 {
  virtual HRESULT STDMETHODCALLTYPE OfferResources(UINT NumResources, IDXGIResource* const* ppResources,
                                                   DXGI_OFFER_RESOURCE_PRIORITY Priority) = 0;
  virtual HRESULT STDMETHODCALLTYPE ReclaimResources(UINT NumResources, IDXGIResource* const* ppResources,
                                                     BOOL* pDiscarded) = 0;
  virtual HRESULT STDMETHODCALLTYPE EnqueueSetEvent(HANDLE hEvent) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIDevice2, 0x05008617, 0xfbfd, 0x4051, 0xa7, 0x90, 0x14, 0x48, 0x84, 0xb4, 0xf6, 0xa9)

struct IDXGISwapChain1 : public IDXGISwapChain {
  virtual HRESULT STDMETHODCALLTYPE GetDesc1(DXGI_SWAP_CHAIN_DESC1* pDesc) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetFullscreenDesc(DXGI_SWAP_CHAIN_FULLSCREEN_DESC* pDesc) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetHwnd(HWND* pHwnd) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetCoreWindow(REFIID refiid, void** ppUnk) = 0;
  virtual HRESULT STDMETHODCALLTYPE Present1(UINT SyncInterval, UINT PresentFlags,
                                             const DXGI_PRESENT_PARAMETERS* pPresentParameters) = 0;
  virtual BOOL STDMETHODCALLTYPE IsTemporaryMonoSupported() = 0;
  virtual HRESULT STDMETHODCALLTYPE GetRestrictToOutput(IDXGIOutput** ppRestrictToOutput) = 0;
  virtual HRESULT STDMETHODCALLTYPE SetBackgroundColor(const DXGI_RGBA* pColor) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetBackgroundColor(DXGI_RGBA* pColor) = 0;
  virtual HRESULT STDMETHODCALLTYPE SetRotation(DXGI_MODE_ROTATION Rotation) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetRotation(DXGI_MODE_ROTATION* pRotation) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGISwapChain1, 0x790a45f7, 0x0d42, 0x4876, 0x98, 0x3a, 0x0a, 0x55, 0xcf, 0xe6, 0xf4, 0xaa)

struct IDXGIFactory2 : public IDXGIFactory1 {
  virtual BOOL STDMETHODCALLTYPE IsWindowedStereoEnabled() = 0;
  virtual HRESULT STDMETHODCALLTYPE CreateSwapChainForHwnd(IUnknown* pDevice, HWND hWnd,
                                                           const DXGI_SWAP_CHAIN_DESC1* pDesc,
                                                           const DXGI_SWAP_CHAIN_FULLSCREEN_DESC* pFullscreenDesc,
                                                           IDXGIOutput* pRestrictToOutput,
                                                           IDXGISwapChain1** ppSwapChain) = 0;
  virtual HRESULT STDMETHODCALLTYPE CreateSwapChainForCoreWindow(IUnknown* pDevice, IUnknown* pWindow,
                                                                 const DXGI_SWAP_CHAIN_DESC1* pDesc,
                                                                 IDXGIOutput* pRestrictToOutput,
                                                                 IDXGISwapChain1** ppSwapChain) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetSharedResourceAdapterLuid(HANDLE hResource, LUID* pLuid) = 0;
  virtual HRESULT STDMETHODCALLTYPE RegisterStereoStatusWindow(HWND WindowHandle, UINT wMsg, DWORD* pdwCookie) = 0;
  virtual HRESULT STDMETHODCALLTYPE RegisterStereoStatusEvent(HANDLE hEvent, DWORD* pdwCookie) = 0;
  virtual void STDMETHODCALLTYPE UnregisterStereoStatus(DWORD dwCookie) = 0;
  virtual HRESULT STDMETHODCALLTYPE RegisterOcclusionStatusWindow(HWND WindowHandle, UINT wMsg, DWORD* pdwCookie) = 0;
  virtual HRESULT STDMETHODCALLTYPE RegisterOcclusionStatusEvent(HANDLE hEvent, DWORD* pdwCookie) = 0;
  virtual void STDMETHODCALLTYPE UnregisterOcclusionStatus(DWORD dwCookie) = 0;
  virtual HRESULT STDMETHODCALLTYPE CreateSwapChainForComposition(IUnknown* pDevice, const DXGI_SWAP_CHAIN_DESC1* pDesc,
                                                                  IDXGIOutput* pRestrictToOutput,
                                                                  IDXGISwapChain1** ppSwapChain) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIFactory2, 0x50c83a1c, 0xe072, 0x4c48, 0x87, 0xb0, 0x36, 0x30, 0xfa, 0x36, 0xa6, 0xd0)

struct IDXGIAdapter2 : public IDXGIAdapter1 {
  virtual HRESULT STDMETHODCALLTYPE GetDesc2(DXGI_ADAPTER_DESC2* pDesc) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIAdapter2, 0x0aa1ae0a, 0xfa0e, 0x4b84, 0x86, 0x44, 0xe0, 0x5f, 0xf8, 0xe5, 0xac, 0xb5)

struct IDXGIOutput1 : public IDXGIOutput {
  virtual HRESULT STDMETHODCALLTYPE GetDisplayModeList1(DXGI_FORMAT EnumFormat, UINT Flags, UINT* pNumModes,
                                                        DXGI_MODE_DESC1* pDesc) = 0;
  virtual HRESULT STDMETHODCALLTYPE FindClosestMatchingMode1(const DXGI_MODE_DESC1* pModeToMatch,
                                                             DXGI_MODE_DESC1* pClosestMatch,
                                                             IUnknown* pConcernedDevice) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetDisplaySurfaceData1(IDXGIResource* pDestination) = 0;
  virtual HRESULT STDMETHODCALLTYPE DuplicateOutput(IUnknown* pDevice, IDXGIOutputDuplication** ppOutputDuplication) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIOutput1, 0x00cddea8, 0x939b, 0x4b83, 0xa3, 0x40, 0xa6, 0x85, 0x22, 0x66, 0x66, 0xcc)

D3DVK_END_INTERFACES

#endif
