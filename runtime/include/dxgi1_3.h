// dxgi1_3.h — d3dvk's DXGI 1.3 API header (the Windows SDK's dxgi1_3.h for Linux).
//
// Owns: DXGI_MATRIX_3X2_F, decode-swapchain and media types, IDXGIDevice3,
// IDXGISwapChain2 (frame-latency waitable object), IDXGIOutput2, IDXGIFactory3,
// IDXGIDecodeSwapChain, IDXGIFactoryMedia, IDXGISwapChainMedia, IDXGIOutput3, and the
// entry points CreateDXGIFactory2 and DXGIGetDebugInterface1. Conventions: see dxgi.h.
#ifndef D3DVK_DXGI1_3_H
#define D3DVK_DXGI1_3_H

#include "dxgi1_2.h"

#define DXGI_CREATE_FACTORY_DEBUG (0x1)

typedef struct DXGI_MATRIX_3X2_F {
  FLOAT _11;
  FLOAT _12;
  FLOAT _21;
  FLOAT _22;
  FLOAT _31;
  FLOAT _32;
} DXGI_MATRIX_3X2_F;

typedef struct DXGI_DECODE_SWAP_CHAIN_DESC {
  UINT Flags;
} DXGI_DECODE_SWAP_CHAIN_DESC;

typedef enum DXGI_MULTIPLANE_OVERLAY_YCbCr_FLAGS D3DVK_ENUM_INT {
  DXGI_MULTIPLANE_OVERLAY_YCbCr_FLAG_NOMINAL_RANGE = 0x1,
  DXGI_MULTIPLANE_OVERLAY_YCbCr_FLAG_BT709 = 0x2,
  DXGI_MULTIPLANE_OVERLAY_YCbCr_FLAG_xvYCC = 0x4,
} DXGI_MULTIPLANE_OVERLAY_YCbCr_FLAGS;

typedef enum DXGI_FRAME_PRESENTATION_MODE D3DVK_ENUM_INT {
  DXGI_FRAME_PRESENTATION_MODE_COMPOSED = 0,
  DXGI_FRAME_PRESENTATION_MODE_OVERLAY = 1,
  DXGI_FRAME_PRESENTATION_MODE_NONE = 2,
  DXGI_FRAME_PRESENTATION_MODE_COMPOSITION_FAILURE = 3,
} DXGI_FRAME_PRESENTATION_MODE;

typedef struct DXGI_FRAME_STATISTICS_MEDIA {
  UINT PresentCount;
  UINT PresentRefreshCount;
  UINT SyncRefreshCount;
  LARGE_INTEGER SyncQPCTime;
  LARGE_INTEGER SyncGPUTime;
  DXGI_FRAME_PRESENTATION_MODE CompositionMode;
  UINT ApprovedPresentDuration;
} DXGI_FRAME_STATISTICS_MEDIA;

typedef enum DXGI_OVERLAY_SUPPORT_FLAG D3DVK_ENUM_INT {
  DXGI_OVERLAY_SUPPORT_FLAG_DIRECT = 0x1,
  DXGI_OVERLAY_SUPPORT_FLAG_SCALING = 0x2,
} DXGI_OVERLAY_SUPPORT_FLAG;

typedef struct IDXGIDecodeSwapChain IDXGIDecodeSwapChain;

D3DVK_BEGIN_INTERFACES

struct IDXGIDevice3 : public IDXGIDevice2 {
  virtual void STDMETHODCALLTYPE Trim() = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIDevice3, 0x6007896c, 0x3244, 0x4afd, 0xbf, 0x18, 0xa6, 0xd3, 0xbe, 0xda, 0x50, 0x23)

struct IDXGISwapChain2 : public IDXGISwapChain1 {
  virtual HRESULT STDMETHODCALLTYPE SetSourceSize(UINT Width, UINT Height) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetSourceSize(UINT* pWidth, UINT* pHeight) = 0;
  virtual HRESULT STDMETHODCALLTYPE SetMaximumFrameLatency(UINT MaxLatency) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetMaximumFrameLatency(UINT* pMaxLatency) = 0;
  virtual HANDLE STDMETHODCALLTYPE GetFrameLatencyWaitableObject() = 0;
  virtual HRESULT STDMETHODCALLTYPE SetMatrixTransform(const DXGI_MATRIX_3X2_F* pMatrix) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetMatrixTransform(DXGI_MATRIX_3X2_F* pMatrix) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGISwapChain2, 0xa8be2ac4, 0x199f, 0x4946, 0xb3, 0x31, 0x79, 0x59, 0x9f, 0xb9, 0x8d, 0xe7)

struct IDXGIOutput2 : public IDXGIOutput1 {
  virtual BOOL STDMETHODCALLTYPE SupportsOverlays() = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIOutput2, 0x595e39d1, 0x2724, 0x4663, 0x99, 0xb1, 0xda, 0x96, 0x9d, 0xe2, 0x83, 0x64)

struct IDXGIFactory3 : public IDXGIFactory2 {
  virtual UINT STDMETHODCALLTYPE GetCreationFlags() = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIFactory3, 0x25483823, 0xcd46, 0x4c7d, 0x86, 0xca, 0x47, 0xaa, 0x95, 0xb8, 0x37, 0xbd)

struct IDXGIDecodeSwapChain : public IUnknown {
  virtual HRESULT STDMETHODCALLTYPE PresentBuffer(UINT BufferToPresent, UINT SyncInterval, UINT Flags) = 0;
  virtual HRESULT STDMETHODCALLTYPE SetSourceRect(const RECT* pRect) = 0;
  virtual HRESULT STDMETHODCALLTYPE SetTargetRect(const RECT* pRect) = 0;
  virtual HRESULT STDMETHODCALLTYPE SetDestSize(UINT Width, UINT Height) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetSourceRect(RECT* pRect) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetTargetRect(RECT* pRect) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetDestSize(UINT* pWidth, UINT* pHeight) = 0;
  virtual HRESULT STDMETHODCALLTYPE SetColorSpace(DXGI_MULTIPLANE_OVERLAY_YCbCr_FLAGS ColorSpace) = 0;
  virtual DXGI_MULTIPLANE_OVERLAY_YCbCr_FLAGS STDMETHODCALLTYPE GetColorSpace() = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIDecodeSwapChain, 0x2633066b, 0x4514, 0x4c7a, 0x8f, 0xd8, 0x12, 0xea, 0x98, 0x05, 0x9d,
                            0x18)

struct IDXGIFactoryMedia : public IUnknown {
  virtual HRESULT STDMETHODCALLTYPE CreateSwapChainForCompositionSurfaceHandle(IUnknown* pDevice, HANDLE hSurface,
                                                                               const DXGI_SWAP_CHAIN_DESC1* pDesc,
                                                                               IDXGIOutput* pRestrictToOutput,
                                                                               IDXGISwapChain1** ppSwapChain) = 0;
  virtual HRESULT STDMETHODCALLTYPE CreateDecodeSwapChainForCompositionSurfaceHandle(
      IUnknown* pDevice, HANDLE hSurface, DXGI_DECODE_SWAP_CHAIN_DESC* pDesc, IDXGIResource* pYuvDecodeBuffers,
      IDXGIOutput* pRestrictToOutput, IDXGIDecodeSwapChain** ppSwapChain) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIFactoryMedia, 0x41e7d1f2, 0xa591, 0x4f7b, 0xa2, 0xe5, 0xfa, 0x9c, 0x84, 0x3e, 0x1c, 0x12)

struct IDXGISwapChainMedia : public IUnknown {
  virtual HRESULT STDMETHODCALLTYPE GetFrameStatisticsMedia(DXGI_FRAME_STATISTICS_MEDIA* pStats) = 0;
  virtual HRESULT STDMETHODCALLTYPE SetPresentDuration(UINT Duration) = 0;
  virtual HRESULT STDMETHODCALLTYPE CheckPresentDurationSupport(UINT DesiredPresentDuration,
                                                                UINT* pClosestSmallerPresentDuration,
                                                                UINT* pClosestLargerPresentDuration) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGISwapChainMedia, 0xdd95b90b, 0xf05f, 0x4f6a, 0xbd, 0x65, 0x25, 0xbf, 0xb2, 0x64, 0xbd, 0x84)

struct IDXGIOutput3 : public IDXGIOutput2 {
  virtual HRESULT STDMETHODCALLTYPE CheckOverlaySupport(DXGI_FORMAT EnumFormat, IUnknown* pConcernedDevice,
                                                        UINT* pFlags) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIOutput3, 0x8a6bb301, 0x7e7e, 0x41f4, 0xa8, 0xe0, 0x5b, 0x32, 0xf7, 0xf9, 0x9b, 0x18)

D3DVK_END_INTERFACES

EXTERN_C HRESULT WINAPI CreateDXGIFactory2(UINT Flags, REFIID riid, void** ppFactory);
EXTERN_C HRESULT WINAPI DXGIGetDebugInterface1(UINT Flags, REFIID riid, void** pDebug);

#endif
