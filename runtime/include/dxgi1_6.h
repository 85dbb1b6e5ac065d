// dxgi1_6.h — d3dvk's DXGI 1.6 API header (the Windows SDK's dxgi1_6.h for Linux).
//
// Owns: DXGI_ADAPTER_FLAG3, DXGI_ADAPTER_DESC3, DXGI_OUTPUT_DESC1, GPU preference,
// and IDXGIAdapter4, IDXGIOutput6, IDXGIFactory6 (EnumAdapterByGpuPreference),
// IDXGIFactory7. Conventions: see dxgi.h.
#ifndef D3DVK_DXGI1_6_H
#define D3DVK_DXGI1_6_H

#include "dxgi1_5.h"

typedef enum DXGI_ADAPTER_FLAG3 D3DVK_ENUM_INT {
  DXGI_ADAPTER_FLAG3_NONE = 0,
  DXGI_ADAPTER_FLAG3_REMOTE = 1,
  DXGI_ADAPTER_FLAG3_SOFTWARE = 2,
  DXGI_ADAPTER_FLAG3_ACG_COMPATIBLE = 4,
  DXGI_ADAPTER_FLAG3_SUPPORT_MONITORED_FENCES = 8,
  DXGI_ADAPTER_FLAG3_SUPPORT_NON_MONITORED_FENCES = 0x10,
  DXGI_ADAPTER_FLAG3_KEYED_MUTEX_CONFORMANCE = 0x20,
  DXGI_ADAPTER_FLAG3_FORCE_DWORD = (int)0xffffffffu,
} DXGI_ADAPTER_FLAG3;

typedef struct DXGI_ADAPTER_DESC3 {
  WCHAR Description[128];
  UINT VendorId;
  UINT DeviceId;
  UINT SubSysId;
  UINT Revision;
  SIZE_T DedicatedVideoMemory;
  SIZE_T DedicatedSystemMemory;
  SIZE_T SharedSystemMemory;
  LUID AdapterLuid;
  DXGI_ADAPTER_FLAG3 Flags;
  DXGI_GRAPHICS_PREEMPTION_GRANULARITY GraphicsPreemptionGranularity;
  DXGI_COMPUTE_PREEMPTION_GRANULARITY ComputePreemptionGranularity;
} DXGI_ADAPTER_DESC3;

typedef struct DXGI_OUTPUT_DESC1 {
  WCHAR DeviceName[32];
  RECT DesktopCoordinates;
  BOOL AttachedToDesktop;
  DXGI_MODE_ROTATION Rotation;
  HMONITOR Monitor;
  UINT BitsPerColor;
  DXGI_COLOR_SPACE_TYPE ColorSpace;
  FLOAT RedPrimary[2];
  FLOAT GreenPrimary[2];
  FLOAT BluePrimary[2];
  FLOAT WhitePoint[2];
  FLOAT MinLuminance;
  FLOAT MaxLuminance;
  FLOAT MaxFullFrameLuminance;
} DXGI_OUTPUT_DESC1;

typedef enum DXGI_HARDWARE_COMPOSITION_SUPPORT_FLAGS D3DVK_ENUM_INT {
  DXGI_HARDWARE_COMPOSITION_SUPPORT_FLAG_FULLSCREEN = 1,
  DXGI_HARDWARE_COMPOSITION_SUPPORT_FLAG_WINDOWED = 2,
  DXGI_HARDWARE_COMPOSITION_SUPPORT_FLAG_CURSOR_STRETCHED = 4,
} DXGI_HARDWARE_COMPOSITION_SUPPORT_FLAGS;

typedef enum DXGI_GPU_PREFERENCE D3DVK_ENUM_INT {
  DXGI_GPU_PREFERENCE_UNSPECIFIED = 0,
  DXGI_GPU_PREFERENCE_MINIMUM_POWER = 1,
  DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE = 2,
} DXGI_GPU_PREFERENCE;

D3DVK_BEGIN_INTERFACES

struct IDXGIAdapter4 : public IDXGIAdapter3 {
  virtual HRESULT STDMETHODCALLTYPE GetDesc3(DXGI_ADAPTER_DESC3* pDesc) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIAdapter4, 0x3c8d99d1, 0x4fbf, 0x4181, 0xa8, 0x2c, 0xaf, 0x66, 0xbf, 0x7b, 0xd2, 0x4e)

struct IDXGIOutput6 : public IDXGIOutput5 {
  virtual HRESULT STDMETHODCALLTYPE GetDesc1(DXGI_OUTPUT_DESC1* pDesc) = 0;
  virtual HRESULT STDMETHODCALLTYPE CheckHardwareCompositionSupport(UINT* pFlags) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIOutput6, 0x068346e8, 0xaaec, 0x4b84, 0xad, 0xd7, 0x13, 0x7f, 0x51, 0x3f, 0x77, 0xa1)

struct IDXGIFactory6 : public IDXGIFactory5 {
  virtual HRESULT STDMETHODCALLTYPE EnumAdapterByGpuPreference(UINT Adapter, DXGI_GPU_PREFERENCE GpuPreference,
                                                               REFIID riid, void** ppvAdapter) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIFactory6, 0xc1b6694f, 0xff09, 0x44a9, 0xb0, 0x3c, 0x77, 0x90, 0x0a, 0x0a, 0x1d, 0x17)

struct IDXGIFactory7 : public IDXGIFactory6 {
  virtual HRESULT STDMETHODCALLTYPE RegisterAdaptersChangedEvent(HANDLE hEvent, DWORD* pdwCookie) = 0;
  virtual HRESULT STDMETHODCALLTYPE UnregisterAdaptersChangedEvent(DWORD dwCookie) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIFactory7, 0xa4966eed, 0x76db, 0x44da, 0x84, 0xc1, 0xee, 0x9a, 0x7a, 0xfb, 0x20, 0xa8)

D3DVK_END_INTERFACES

#endif
