// ddi/include/d3d10umddi.h — the subset of the WDK's D3D10/D3D11 user-mode DDI
// that d3dvk implements: handles, version numbers, OpenAdapter10_2 and the
// adapter functions, GetCaps (OPTIONS2), CreateDevice, the WDDM 2.0 rasterizer
// desc, resources (create args, usages, bind/CPU-access flags, maps, boxes),
// render-target/depth-stencil/shader-resource view args, the clear, copy,
// update, resolve, map, flush and format-query entry points, the core-layer
// error callback and the full 170-slot WDDM 2.0 device table (and the 157-slot
// D3D11.1 one). Names, values and layouts follow the shipped WDK (see
// ../shared/reference/ddi.md and the WDK's d3d10umddi.h);
// d3d10umddi_checks.h proves them with static_asserts.
// Enums have a fixed underlying type (`: int`, the size every D3D enum has):
// a caller may pass any value, and checking an invalid one is then defined
// behaviour rather than an out-of-range enum load.
// Slots d3dvk does not implement yet are typed PFND3DVK_DDI_PLACEHOLDER; they
// still occupy their slot and the UMD fills them with a stub that reports
// E_NOTIMPL through pfnSetErrorCb.
#pragma once

#include <wsl/winadapter.h>
#include <directx/dxgicommon.h>
#include <directx/dxgiformat.h>

#include <cstddef>
#include <cstdint>

#ifndef APIENTRY
#define APIENTRY
#endif

// ---------------------------------------------------------------------------
// Handles: driver handles carry the driver's private memory, runtime handles
// are opaque to the driver.
#define D3DVK_DDI_DRIVER_HANDLE(name) \
  typedef struct name {               \
    void* pDrvPrivate;                \
  } name;
#define D3DVK_DDI_RUNTIME_HANDLE(name) \
  typedef struct name {                \
    void* handle;                      \
  } name;

D3DVK_DDI_DRIVER_HANDLE(D3D10DDI_HADAPTER)
D3DVK_DDI_DRIVER_HANDLE(D3D10DDI_HDEVICE)
D3DVK_DDI_DRIVER_HANDLE(D3D10DDI_HRESOURCE)
D3DVK_DDI_DRIVER_HANDLE(D3D10DDI_HSHADER)
D3DVK_DDI_DRIVER_HANDLE(D3D10DDI_HELEMENTLAYOUT)
D3DVK_DDI_DRIVER_HANDLE(D3D10DDI_HBLENDSTATE)
D3DVK_DDI_DRIVER_HANDLE(D3D10DDI_HDEPTHSTENCILSTATE)
D3DVK_DDI_DRIVER_HANDLE(D3D10DDI_HRASTERIZERSTATE)
D3DVK_DDI_DRIVER_HANDLE(D3D10DDI_HSAMPLER)
D3DVK_DDI_DRIVER_HANDLE(D3D10DDI_HQUERY)
D3DVK_DDI_DRIVER_HANDLE(D3D10DDI_HSHADERRESOURCEVIEW)
D3DVK_DDI_DRIVER_HANDLE(D3D10DDI_HRENDERTARGETVIEW)
D3DVK_DDI_DRIVER_HANDLE(D3D10DDI_HDEPTHSTENCILVIEW)
D3DVK_DDI_DRIVER_HANDLE(D3D11DDI_HUNORDEREDACCESSVIEW)
D3DVK_DDI_DRIVER_HANDLE(D3D11DDI_HCOMMANDLIST)

D3DVK_DDI_RUNTIME_HANDLE(D3D10DDI_HRTADAPTER)
D3DVK_DDI_RUNTIME_HANDLE(D3D10DDI_HRTDEVICE)
D3DVK_DDI_RUNTIME_HANDLE(D3D10DDI_HRTCORELAYER)
D3DVK_DDI_RUNTIME_HANDLE(D3D10DDI_HRTRESOURCE)
D3DVK_DDI_RUNTIME_HANDLE(D3D10DDI_HRTSHADER)
D3DVK_DDI_RUNTIME_HANDLE(D3D10DDI_HRTELEMENTLAYOUT)
D3DVK_DDI_RUNTIME_HANDLE(D3D10DDI_HRTRASTERIZERSTATE)
D3DVK_DDI_RUNTIME_HANDLE(D3D10DDI_HRTBLENDSTATE)
D3DVK_DDI_RUNTIME_HANDLE(D3D10DDI_HRTDEPTHSTENCILSTATE)
D3DVK_DDI_RUNTIME_HANDLE(D3D10DDI_HRTSAMPLER)
D3DVK_DDI_RUNTIME_HANDLE(D3D10DDI_HRTQUERY)
D3DVK_DDI_RUNTIME_HANDLE(D3D10DDI_HRTSHADERRESOURCEVIEW)
D3DVK_DDI_RUNTIME_HANDLE(D3D10DDI_HRTRENDERTARGETVIEW)
D3DVK_DDI_RUNTIME_HANDLE(D3D10DDI_HRTDEPTHSTENCILVIEW)

// ---------------------------------------------------------------------------
// Interface versions: interface = (major << 16) | minor; a "supported" value
// (GetSupportedVersions) = (interface << 32) | (build << 16).
#define D3DVK_DDI_INTERFACE(major, minor) ((UINT)(((major) << 16) | (minor)))
#define D3DVK_DDI_SUPPORTED(interface, build) ((((UINT64)(interface)) << 32) | (((UINT64)(build)) << 16))

#define D3D11_1_DDI_MAJOR_VERSION 11
#define D3D11_1_DDI_MINOR_VERSION 15
#define D3D11_1_DDI_INTERFACE_VERSION D3DVK_DDI_INTERFACE(D3D11_1_DDI_MAJOR_VERSION, D3D11_1_DDI_MINOR_VERSION)
#define D3D11_1_DDI_BUILD_VERSION 0
#define D3D11_1_DDI_SUPPORTED D3DVK_DDI_SUPPORTED(D3D11_1_DDI_INTERFACE_VERSION, D3D11_1_DDI_BUILD_VERSION)

#define D3DWDDM1_3_DDI_MAJOR_VERSION 11
#define D3DWDDM1_3_DDI_MINOR_VERSION 16
#define D3DWDDM1_3_DDI_INTERFACE_VERSION \
  D3DVK_DDI_INTERFACE(D3DWDDM1_3_DDI_MAJOR_VERSION, D3DWDDM1_3_DDI_MINOR_VERSION)
#define D3DWDDM1_3_DDI_BUILD_VERSION 1
#define D3DWDDM1_3_DDI_SUPPORTED D3DVK_DDI_SUPPORTED(D3DWDDM1_3_DDI_INTERFACE_VERSION, D3DWDDM1_3_DDI_BUILD_VERSION)

#define D3DWDDM2_0_DDI_MAJOR_VERSION 11
#define D3DWDDM2_0_DDI_MINOR_VERSION 32
#define D3DWDDM2_0_DDI_INTERFACE_VERSION \
  D3DVK_DDI_INTERFACE(D3DWDDM2_0_DDI_MAJOR_VERSION, D3DWDDM2_0_DDI_MINOR_VERSION)
#define D3DWDDM2_0_DDI_BUILD_VERSION 9
#define D3DWDDM2_0_DDI_SUPPORTED D3DVK_DDI_SUPPORTED(D3DWDDM2_0_DDI_INTERFACE_VERSION, D3DWDDM2_0_DDI_BUILD_VERSION)

#define D3DWDDM2_1_DDI_MAJOR_VERSION 11
#define D3DWDDM2_1_DDI_MINOR_VERSION 34
#define D3DWDDM2_1_DDI_INTERFACE_VERSION \
  D3DVK_DDI_INTERFACE(D3DWDDM2_1_DDI_MAJOR_VERSION, D3DWDDM2_1_DDI_MINOR_VERSION)
#define D3DWDDM2_1_DDI_BUILD_VERSION 2
#define D3DWDDM2_1_DDI_SUPPORTED D3DVK_DDI_SUPPORTED(D3DWDDM2_1_DDI_INTERFACE_VERSION, D3DWDDM2_1_DDI_BUILD_VERSION)

#define D3D10DDI_GET_INTERFACE_MAJOR(interface) (((interface) >> 16) & 0xffff)
#define D3D10DDI_GET_INTERFACE_MINOR(interface) ((interface) & 0xffff)

// ---------------------------------------------------------------------------
// Caps.
typedef enum D3D10_2DDICAPS_TYPE : int {
  D3D11DDICAPS_THREADING = 128,
  D3D11DDICAPS_SHADER = 129,
  D3D11DDICAPS_3DPIPELINESUPPORT = 130,
  D3D11_1DDICAPS_D3D11_OPTIONS = 131,
  D3D11_1DDICAPS_ARCHITECTURE_INFO = 132,
  D3D11_1DDICAPS_SHADER_MIN_PRECISION_SUPPORT = 134,
  D3DWDDM1_3DDICAPS_D3D11_OPTIONS1 = 136,
  D3DWDDM1_3DDICAPS_MARKER = 137,
  D3DWDDM2_0DDICAPS_D3D11_OPTIONS2 = 143,
  D3DWDDM2_0DDICAPS_MEMORY_ARCHITECTURE = 145,
  D3DWDDM2_0DDICAPS_D3D11_OPTIONS3 = 152,
} D3D10_2DDICAPS_TYPE;

typedef enum D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_TIER : int {
  D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED = 0,
  D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_TIER_1 = 1,
  D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_TIER_2 = 2,
  D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_TIER_3 = 3,
} D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_TIER;

typedef struct D3DWDDM2_0DDI_D3D11_OPTIONS2_DATA {
  D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_TIER ConservativeRasterizationTier;
} D3DWDDM2_0DDI_D3D11_OPTIONS2_DATA;

typedef struct D3D10_2DDIARG_GETCAPS {
  D3D10_2DDICAPS_TYPE Type;
  void* pInfo;
  void* pData;
  UINT DataSize;
} D3D10_2DDIARG_GETCAPS;

// ---------------------------------------------------------------------------
// Rasterizer state.
typedef enum D3D10_DDI_FILL_MODE : int {
  D3D10_DDI_FILL_WIREFRAME = 2,
  D3D10_DDI_FILL_SOLID = 3,
} D3D10_DDI_FILL_MODE;

typedef enum D3D10_DDI_CULL_MODE : int {
  D3D10_DDI_CULL_NONE = 1,
  D3D10_DDI_CULL_FRONT = 2,
  D3D10_DDI_CULL_BACK = 3,
} D3D10_DDI_CULL_MODE;

typedef enum D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_MODE : int {
  D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_OFF = 0,
  D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_ON = 1,
} D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_MODE;

typedef struct D3D11_1_DDI_RASTERIZER_DESC {
  D3D10_DDI_FILL_MODE FillMode;
  D3D10_DDI_CULL_MODE CullMode;
  BOOL FrontCounterClockwise;
  INT DepthBias;
  FLOAT DepthBiasClamp;
  FLOAT SlopeScaledDepthBias;
  BOOL DepthClipEnable;
  BOOL ScissorEnable;
  BOOL MultisampleEnable;
  BOOL AntialiasedLineEnable;
  UINT ForcedSampleCount;
} D3D11_1_DDI_RASTERIZER_DESC;

typedef struct D3DWDDM2_0DDI_RASTERIZER_DESC {
  D3D10_DDI_FILL_MODE FillMode;
  D3D10_DDI_CULL_MODE CullMode;
  BOOL FrontCounterClockwise;
  INT DepthBias;
  FLOAT DepthBiasClamp;
  FLOAT SlopeScaledDepthBias;
  BOOL DepthClipEnable;
  BOOL ScissorEnable;
  BOOL MultisampleEnable;
  BOOL AntialiasedLineEnable;
  UINT ForcedSampleCount;
  D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_MODE ConservativeRasterizationMode;
} D3DWDDM2_0DDI_RASTERIZER_DESC;

// ---------------------------------------------------------------------------
// Resources: creation args, usages, bind/CPU-access/misc flags, map types.
typedef enum D3D10DDIRESOURCE_TYPE : int {
  D3D10DDIRESOURCE_BUFFER = 1,
  D3D10DDIRESOURCE_TEXTURE1D = 2,
  D3D10DDIRESOURCE_TEXTURE2D = 3,
  D3D10DDIRESOURCE_TEXTURE3D = 4,
  D3D10DDIRESOURCE_TEXTURECUBE = 5,
  D3D11DDIRESOURCE_BUFFEREX = 6,
} D3D10DDIRESOURCE_TYPE;

typedef enum D3D10_DDI_RESOURCE_USAGE : int {
  D3D10_DDI_USAGE_DEFAULT = 0,
  D3D10_DDI_USAGE_IMMUTABLE = 1,
  D3D10_DDI_USAGE_DYNAMIC = 2,
  D3D10_DDI_USAGE_STAGING = 3,
} D3D10_DDI_RESOURCE_USAGE;

typedef enum D3D10_DDI_RESOURCE_BIND_FLAG : int {
  D3D10_DDI_BIND_VERTEX_BUFFER = 0x1,
  D3D10_DDI_BIND_INDEX_BUFFER = 0x2,
  D3D10_DDI_BIND_CONSTANT_BUFFER = 0x4,
  D3D10_DDI_BIND_SHADER_RESOURCE = 0x8,
  D3D10_DDI_BIND_STREAM_OUTPUT = 0x10,
  D3D10_DDI_BIND_RENDER_TARGET = 0x20,
  D3D10_DDI_BIND_DEPTH_STENCIL = 0x40,
  D3D10_DDI_BIND_PRESENT = 0x80,
  D3D11_DDI_BIND_UNORDERED_ACCESS = 0x100,
} D3D10_DDI_RESOURCE_BIND_FLAG;

typedef enum D3D10_DDI_CPU_ACCESS : int {
  D3D10_DDI_CPU_ACCESS_WRITE = 0x1,
  D3D10_DDI_CPU_ACCESS_READ = 0x2,
} D3D10_DDI_CPU_ACCESS;

typedef enum D3D10_DDI_MAP : int {
  D3D10_DDI_MAP_READ = 1,
  D3D10_DDI_MAP_WRITE = 2,
  D3D10_DDI_MAP_READWRITE = 3,
  D3D10_DDI_MAP_WRITE_DISCARD = 4,
  D3D10_DDI_MAP_WRITE_NOOVERWRITE = 5,
} D3D10_DDI_MAP;

#define D3D10_DDI_MAP_FLAG_DONOTWAIT 0x00100000

// What void DDIs report through pfnSetErrorCb for a busy map with DONOTWAIT.
#ifndef DXGI_DDI_ERR_WASSTILLDRAWING
#define DXGI_DDI_ERR_WASSTILLDRAWING ((HRESULT)0x887B0001L)
#endif

// CheckFormatSupport bits (DDI values, not the API's D3D11_FORMAT_SUPPORT).
#define D3D10_DDI_FORMAT_SUPPORT_SHADER_SAMPLE 0x00000001
#define D3D10_DDI_FORMAT_SUPPORT_RENDERTARGET 0x00000002
#define D3D10_DDI_FORMAT_SUPPORT_BLENDABLE 0x00000004
#define D3D10_DDI_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET 0x00000008
#define D3D10_DDI_FORMAT_SUPPORT_MULTISAMPLE_LOAD 0x00000010
#define D3D10_DDI_FORMAT_SUPPORT_NOT_SUPPORTED 0x80000000

#define D3D10_DDI_CLEAR_DEPTH 0x1
#define D3D10_DDI_CLEAR_STENCIL 0x2

typedef struct D3D10DDI_MIPINFO {
  UINT TexelWidth;
  UINT TexelHeight;
  UINT TexelDepth;
  UINT PhysicalWidth;
  UINT PhysicalHeight;
  UINT PhysicalDepth;
} D3D10DDI_MIPINFO;

typedef struct D3D10_DDIARG_SUBRESOURCE_UP {
  VOID* pSysMem;
  UINT SysMemPitch;
  UINT SysMemSlicePitch;
} D3D10_DDIARG_SUBRESOURCE_UP;

typedef struct DXGI_DDI_PRIMARY_DESC DXGI_DDI_PRIMARY_DESC;  // presentation (unused)

typedef struct D3D11DDIARG_CREATERESOURCE {
  const D3D10DDI_MIPINFO* pMipInfoList;
  const D3D10_DDIARG_SUBRESOURCE_UP* pInitialDataUP;  // one per subresource, or null
  D3D10DDIRESOURCE_TYPE ResourceDimension;
  UINT Usage;      // D3D10_DDI_RESOURCE_USAGE
  UINT BindFlags;  // D3D10_DDI_RESOURCE_BIND_FLAG
  UINT MapFlags;   // D3D10_DDI_CPU_ACCESS
  UINT MiscFlags;
  DXGI_FORMAT Format;
  DXGI_SAMPLE_DESC SampleDesc;
  UINT MipLevels;
  UINT ArraySize;
  DXGI_DDI_PRIMARY_DESC* pPrimaryDesc;
  UINT ByteStride;
  UINT DecoderBufferType;  // D3D11_1DDI_VIDEO_DECODER_BUFFER_TYPE
  UINT TextureLayout;      // D3DWDDM2_0DDI_TEXTURE_LAYOUT
} D3D11DDIARG_CREATERESOURCE;

typedef struct D3D10DDI_MAPPED_SUBRESOURCE {
  void* pData;
  UINT RowPitch;
  UINT DepthPitch;
} D3D10DDI_MAPPED_SUBRESOURCE;

typedef struct D3D10_DDI_BOX {
  LONG left;
  LONG top;
  LONG front;
  LONG right;
  LONG bottom;
  LONG back;
} D3D10_DDI_BOX;

// ---------------------------------------------------------------------------
// Views.
typedef struct D3D10DDIARG_BUFFER_SHADERRESOURCEVIEW {
  UINT FirstElement;
  UINT NumElements;
} D3D10DDIARG_BUFFER_SHADERRESOURCEVIEW;
typedef struct D3D10DDIARG_TEX1D_SHADERRESOURCEVIEW {
  UINT MostDetailedMip;
  UINT FirstArraySlice;
  UINT MipLevels;
  UINT ArraySize;
} D3D10DDIARG_TEX1D_SHADERRESOURCEVIEW;
typedef struct D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW {
  UINT MostDetailedMip;
  UINT FirstArraySlice;
  UINT MipLevels;
  UINT ArraySize;
} D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW;
typedef struct D3D10DDIARG_TEX3D_SHADERRESOURCEVIEW {
  UINT MostDetailedMip;
  UINT MipLevels;
} D3D10DDIARG_TEX3D_SHADERRESOURCEVIEW;
typedef struct D3D10_1DDIARG_TEXCUBE_SHADERRESOURCEVIEW {
  UINT MostDetailedMip;
  UINT MipLevels;
  UINT First2DArrayFace;
  UINT NumCubes;
} D3D10_1DDIARG_TEXCUBE_SHADERRESOURCEVIEW;
typedef struct D3D11DDIARG_BUFFEREX_SHADERRESOURCEVIEW {
  UINT FirstElement;
  UINT NumElements;
  UINT Flags;
} D3D11DDIARG_BUFFEREX_SHADERRESOURCEVIEW;

// A multisampled Texture2D view is Tex2D with the resource's sample count;
// the DDI has no separate MS dimension.
typedef struct D3D11DDIARG_CREATESHADERRESOURCEVIEW {
  D3D10DDI_HRESOURCE hDrvResource;
  DXGI_FORMAT Format;
  D3D10DDIRESOURCE_TYPE ResourceDimension;
  union {
    D3D10DDIARG_BUFFER_SHADERRESOURCEVIEW Buffer;
    D3D10DDIARG_TEX1D_SHADERRESOURCEVIEW Tex1D;
    D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW Tex2D;
    D3D10DDIARG_TEX3D_SHADERRESOURCEVIEW Tex3D;
    D3D10_1DDIARG_TEXCUBE_SHADERRESOURCEVIEW TexCube;
    D3D11DDIARG_BUFFEREX_SHADERRESOURCEVIEW BufferEx;
  };
} D3D11DDIARG_CREATESHADERRESOURCEVIEW;

typedef struct D3D10DDIARG_BUFFER_RENDERTARGETVIEW {
  UINT FirstElement;
  UINT NumElements;
} D3D10DDIARG_BUFFER_RENDERTARGETVIEW;
typedef struct D3D10DDIARG_TEX1D_RENDERTARGETVIEW {
  UINT MipSlice;
  UINT FirstArraySlice;
  UINT ArraySize;
} D3D10DDIARG_TEX1D_RENDERTARGETVIEW;
typedef struct D3D10DDIARG_TEX2D_RENDERTARGETVIEW {
  UINT MipSlice;
  UINT FirstArraySlice;
  UINT ArraySize;
} D3D10DDIARG_TEX2D_RENDERTARGETVIEW;
typedef struct D3D10DDIARG_TEX3D_RENDERTARGETVIEW {
  UINT MipSlice;
  UINT FirstW;
  UINT WSize;
} D3D10DDIARG_TEX3D_RENDERTARGETVIEW;
typedef struct D3D10DDIARG_TEXCUBE_RENDERTARGETVIEW {
  UINT MipSlice;
  UINT FirstArraySlice;
  UINT ArraySize;
} D3D10DDIARG_TEXCUBE_RENDERTARGETVIEW;

typedef struct D3D10DDIARG_CREATERENDERTARGETVIEW {
  D3D10DDI_HRESOURCE hDrvResource;
  DXGI_FORMAT Format;
  D3D10DDIRESOURCE_TYPE ResourceDimension;
  union {
    D3D10DDIARG_BUFFER_RENDERTARGETVIEW Buffer;
    D3D10DDIARG_TEX1D_RENDERTARGETVIEW Tex1D;
    D3D10DDIARG_TEX2D_RENDERTARGETVIEW Tex2D;
    D3D10DDIARG_TEX3D_RENDERTARGETVIEW Tex3D;
    D3D10DDIARG_TEXCUBE_RENDERTARGETVIEW TexCube;
  };
} D3D10DDIARG_CREATERENDERTARGETVIEW;

typedef struct D3D10DDIARG_TEX1D_DEPTHSTENCILVIEW {
  UINT MipSlice;
  UINT FirstArraySlice;
  UINT ArraySize;
} D3D10DDIARG_TEX1D_DEPTHSTENCILVIEW;
typedef struct D3D10DDIARG_TEX2D_DEPTHSTENCILVIEW {
  UINT MipSlice;
  UINT FirstArraySlice;
  UINT ArraySize;
} D3D10DDIARG_TEX2D_DEPTHSTENCILVIEW;
typedef struct D3D10DDIARG_TEXCUBE_DEPTHSTENCILVIEW {
  UINT MipSlice;
  UINT FirstArraySlice;
  UINT ArraySize;
} D3D10DDIARG_TEXCUBE_DEPTHSTENCILVIEW;

#define D3D11_DDI_CREATE_DSV_READ_ONLY_DEPTH 0x1
#define D3D11_DDI_CREATE_DSV_READ_ONLY_STENCIL 0x2

typedef struct D3D11DDIARG_CREATEDEPTHSTENCILVIEW {
  D3D10DDI_HRESOURCE hDrvResource;
  DXGI_FORMAT Format;
  D3D10DDIRESOURCE_TYPE ResourceDimension;
  UINT Flags;
  union {
    D3D10DDIARG_TEX1D_DEPTHSTENCILVIEW Tex1D;
    D3D10DDIARG_TEX2D_DEPTHSTENCILVIEW Tex2D;
    D3D10DDIARG_TEXCUBE_DEPTHSTENCILVIEW TexCube;
  };
} D3D11DDIARG_CREATEDEPTHSTENCILVIEW;

// ---------------------------------------------------------------------------
// Runtime callback tables the driver receives. d3dvk reads only the members
// declared here; the WDK tables have further members after them.
typedef struct D3DDDI_ADAPTERCALLBACKS D3DDDI_ADAPTERCALLBACKS;  // kernel-thunk queries (unused)
typedef struct D3DDDI_DEVICECALLBACKS D3DDDI_DEVICECALLBACKS;    // kernel-thunk allocation (unused)
typedef struct DXGI_DDI_BASE_CALLBACKS DXGI_DDI_BASE_CALLBACKS;  // presentation (unused)
typedef struct DXGI_DDI_BASE_FUNCTIONS DXGI_DDI_BASE_FUNCTIONS;

typedef VOID(APIENTRY* PFND3D10DDI_SETERROR_CB)(D3D10DDI_HRTCORELAYER, HRESULT);

// The core layer's callbacks. The first member is the same in every variant:
// the error callback through which void DDIs report failures. (The WDK's
// state-refresh callbacks that follow it are not used by d3dvk.)
typedef struct D3D11DDI_CORELAYER_DEVICECALLBACKS {
  PFND3D10DDI_SETERROR_CB pfnSetErrorCb;
} D3D11DDI_CORELAYER_DEVICECALLBACKS;
typedef D3D11DDI_CORELAYER_DEVICECALLBACKS D3D10DDI_CORELAYER_DEVICECALLBACKS;
typedef D3D11DDI_CORELAYER_DEVICECALLBACKS D3DWDDM2_0DDI_CORELAYER_DEVICECALLBACKS;

typedef struct DXGI_DDI_BASE_ARGS {
  DXGI_DDI_BASE_CALLBACKS* pDXGIBaseCallbacks;
  union {
    DXGI_DDI_BASE_FUNCTIONS* pDXGIDDIBaseFunctions;
    void* pDXGIDDIBaseFunctionsLatest;
  };
} DXGI_DDI_BASE_ARGS;

// ---------------------------------------------------------------------------
// Device functions (WDDM 2.0 table). Typed entries are the ones d3dvk implements.
typedef VOID(APIENTRY* PFND3DVK_DDI_PLACEHOLDER)(D3D10DDI_HDEVICE);  // not implemented yet

typedef VOID(APIENTRY* PFND3D10DDI_SETRASTERIZERSTATE)(D3D10DDI_HDEVICE, D3D10DDI_HRASTERIZERSTATE);
typedef SIZE_T(APIENTRY* PFND3DWDDM2_0DDI_CALCPRIVATERASTERIZERSTATESIZE)(D3D10DDI_HDEVICE,
                                                                         const D3DWDDM2_0DDI_RASTERIZER_DESC*);
typedef VOID(APIENTRY* PFND3DWDDM2_0DDI_CREATERASTERIZERSTATE)(D3D10DDI_HDEVICE, const D3DWDDM2_0DDI_RASTERIZER_DESC*,
                                                              D3D10DDI_HRASTERIZERSTATE, D3D10DDI_HRTRASTERIZERSTATE);
typedef VOID(APIENTRY* PFND3D10DDI_DESTROYRASTERIZERSTATE)(D3D10DDI_HDEVICE, D3D10DDI_HRASTERIZERSTATE);
typedef VOID(APIENTRY* PFND3D10DDI_DESTROYDEVICE)(D3D10DDI_HDEVICE);

// Draw path: shaders, element (input) layouts, input assembly, viewports and draws.
typedef enum D3D10_DDI_PRIMITIVE_TOPOLOGY : int {
  D3D10_DDI_PRIMITIVE_TOPOLOGY_UNDEFINED = 0,
  D3D10_DDI_PRIMITIVE_TOPOLOGY_POINTLIST = 1,
  D3D10_DDI_PRIMITIVE_TOPOLOGY_LINELIST = 2,
  D3D10_DDI_PRIMITIVE_TOPOLOGY_LINESTRIP = 3,
  D3D10_DDI_PRIMITIVE_TOPOLOGY_TRIANGLELIST = 4,
  D3D10_DDI_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP = 5,
  D3D10_DDI_PRIMITIVE_TOPOLOGY_LINELIST_ADJ = 10,
  D3D10_DDI_PRIMITIVE_TOPOLOGY_LINESTRIP_ADJ = 11,
  D3D10_DDI_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ = 12,
  D3D10_DDI_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ = 13,
} D3D10_DDI_PRIMITIVE_TOPOLOGY;

typedef struct D3D10_DDI_VIEWPORT {
  FLOAT TopLeftX;
  FLOAT TopLeftY;
  FLOAT Width;
  FLOAT Height;
  FLOAT MinDepth;
  FLOAT MaxDepth;
} D3D10_DDI_VIEWPORT;

typedef RECT D3D10_DDI_RECT;

typedef enum D3D10_DDI_INPUT_CLASSIFICATION : int {
  D3D10_DDI_INPUT_PER_VERTEX_DATA = 0,
  D3D10_DDI_INPUT_PER_INSTANCE_DATA = 1,
} D3D10_DDI_INPUT_CLASSIFICATION;

typedef struct D3D10DDIARG_INPUT_ELEMENT_DESC {
  UINT InputSlot;
  UINT AlignedByteOffset;
  DXGI_FORMAT Format;
  D3D10_DDI_INPUT_CLASSIFICATION InputSlotClass;
  UINT InstanceDataStepRate;
  UINT InputRegister;
} D3D10DDIARG_INPUT_ELEMENT_DESC;

typedef struct D3D10DDIARG_CREATEELEMENTLAYOUT {
  const D3D10DDIARG_INPUT_ELEMENT_DESC* pVertexElements;
  UINT NumElements;
} D3D10DDIARG_CREATEELEMENTLAYOUT;

// Shader signatures as the runtime hands them to CreateXxxShader: one entry per
// signature element (D3D10_SB_NAME system value, register, component mask).
typedef UINT D3D10_SB_NAME;
typedef UINT D3D10_SB_REGISTER_COMPONENT_TYPE;
typedef UINT D3D11_SB_OPERAND_MIN_PRECISION;
typedef struct D3D11_1DDIARG_SIGNATURE_ENTRY {
  D3D10_SB_NAME SystemValue;
  UINT Register;
  BYTE Mask;
  D3D10_SB_REGISTER_COMPONENT_TYPE RegisterComponentType;
  D3D11_SB_OPERAND_MIN_PRECISION MinPrecision;
} D3D11_1DDIARG_SIGNATURE_ENTRY;

typedef struct D3D11_1DDIARG_STAGE_IO_SIGNATURES {
  D3D11_1DDIARG_SIGNATURE_ENTRY* pInputSignature;
  UINT NumInputSignatureEntries;
  D3D11_1DDIARG_SIGNATURE_ENTRY* pOutputSignature;
  UINT NumOutputSignatureEntries;
} D3D11_1DDIARG_STAGE_IO_SIGNATURES;

typedef SIZE_T(APIENTRY* PFND3D11_1DDI_CALCPRIVATESHADERSIZE)(D3D10DDI_HDEVICE, const UINT* pShaderCode,
                                                              const D3D11_1DDIARG_STAGE_IO_SIGNATURES*);
typedef VOID(APIENTRY* PFND3D11_1DDI_CREATEVERTEXSHADER)(D3D10DDI_HDEVICE, const UINT* pShaderCode, D3D10DDI_HSHADER,
                                                         D3D10DDI_HRTSHADER, const D3D11_1DDIARG_STAGE_IO_SIGNATURES*);
typedef VOID(APIENTRY* PFND3D11_1DDI_CREATEPIXELSHADER)(D3D10DDI_HDEVICE, const UINT* pShaderCode, D3D10DDI_HSHADER,
                                                        D3D10DDI_HRTSHADER, const D3D11_1DDIARG_STAGE_IO_SIGNATURES*);
typedef VOID(APIENTRY* PFND3D10DDI_DESTROYSHADER)(D3D10DDI_HDEVICE, D3D10DDI_HSHADER);
typedef VOID(APIENTRY* PFND3D10DDI_SETSHADER)(D3D10DDI_HDEVICE, D3D10DDI_HSHADER);
typedef VOID(APIENTRY* PFND3D11_1DDI_SETCONSTANTBUFFERS)(D3D10DDI_HDEVICE, UINT StartSlot, UINT NumBuffers,
                                                         const D3D10DDI_HRESOURCE*, const UINT* pFirstConstant,
                                                         const UINT* pNumConstants);
typedef SIZE_T(APIENTRY* PFND3D10DDI_CALCPRIVATEELEMENTLAYOUTSIZE)(D3D10DDI_HDEVICE,
                                                                  const D3D10DDIARG_CREATEELEMENTLAYOUT*);
typedef VOID(APIENTRY* PFND3D10DDI_CREATEELEMENTLAYOUT)(D3D10DDI_HDEVICE, const D3D10DDIARG_CREATEELEMENTLAYOUT*,
                                                        D3D10DDI_HELEMENTLAYOUT, D3D10DDI_HRTELEMENTLAYOUT);
typedef VOID(APIENTRY* PFND3D10DDI_DESTROYELEMENTLAYOUT)(D3D10DDI_HDEVICE, D3D10DDI_HELEMENTLAYOUT);
typedef VOID(APIENTRY* PFND3D10DDI_SETINPUTLAYOUT)(D3D10DDI_HDEVICE, D3D10DDI_HELEMENTLAYOUT);
typedef VOID(APIENTRY* PFND3D10DDI_IA_SETVERTEXBUFFERS)(D3D10DDI_HDEVICE, UINT StartSlot, UINT NumBuffers,
                                                        const D3D10DDI_HRESOURCE*, const UINT* pStrides,
                                                        const UINT* pOffsets);
typedef VOID(APIENTRY* PFND3D10DDI_IA_SETINDEXBUFFER)(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE, DXGI_FORMAT, UINT Offset);
typedef VOID(APIENTRY* PFND3D10DDI_IA_SETTOPOLOGY)(D3D10DDI_HDEVICE, D3D10_DDI_PRIMITIVE_TOPOLOGY);
typedef VOID(APIENTRY* PFND3D10DDI_SETVIEWPORTS)(D3D10DDI_HDEVICE, UINT NumViewports, UINT ClearViewports,
                                                 const D3D10_DDI_VIEWPORT*);
typedef VOID(APIENTRY* PFND3D10DDI_SETSCISSORRECTS)(D3D10DDI_HDEVICE, UINT NumRects, UINT ClearRects,
                                                    const D3D10_DDI_RECT*);
typedef VOID(APIENTRY* PFND3D10DDI_DRAW)(D3D10DDI_HDEVICE, UINT VertexCount, UINT StartVertexLocation);
typedef VOID(APIENTRY* PFND3D10DDI_DRAWINDEXED)(D3D10DDI_HDEVICE, UINT IndexCount, UINT StartIndexLocation,
                                                INT BaseVertexLocation);
typedef VOID(APIENTRY* PFND3D10DDI_DRAWINSTANCED)(D3D10DDI_HDEVICE, UINT VertexCountPerInstance, UINT InstanceCount,
                                                  UINT StartVertexLocation, UINT StartInstanceLocation);
typedef VOID(APIENTRY* PFND3D10DDI_DRAWINDEXEDINSTANCED)(D3D10DDI_HDEVICE, UINT IndexCountPerInstance,
                                                         UINT InstanceCount, UINT StartIndexLocation,
                                                         INT BaseVertexLocation, UINT StartInstanceLocation);

// Output merger: blend and depth-stencil state objects.
typedef enum D3D10_DDI_BLEND : int {
  D3D10_DDI_BLEND_ZERO = 1,
  D3D10_DDI_BLEND_ONE = 2,
  D3D10_DDI_BLEND_SRC_COLOR = 3,
  D3D10_DDI_BLEND_INV_SRC_COLOR = 4,
  D3D10_DDI_BLEND_SRC_ALPHA = 5,
  D3D10_DDI_BLEND_INV_SRC_ALPHA = 6,
  D3D10_DDI_BLEND_DEST_ALPHA = 7,
  D3D10_DDI_BLEND_INV_DEST_ALPHA = 8,
  D3D10_DDI_BLEND_DEST_COLOR = 9,
  D3D10_DDI_BLEND_INV_DEST_COLOR = 10,
  D3D10_DDI_BLEND_SRC_ALPHASAT = 11,
  D3D10_DDI_BLEND_BLEND_FACTOR = 14,
  D3D10_DDI_BLEND_INVBLEND_FACTOR = 15,
  D3D10_DDI_BLEND_SRC1_COLOR = 16,
  D3D10_DDI_BLEND_INV_SRC1_COLOR = 17,
  D3D10_DDI_BLEND_SRC1_ALPHA = 18,
  D3D10_DDI_BLEND_INV_SRC1_ALPHA = 19,
} D3D10_DDI_BLEND;

typedef enum D3D10_DDI_BLEND_OP : int {
  D3D10_DDI_BLEND_OP_ADD = 1,
  D3D10_DDI_BLEND_OP_SUBTRACT = 2,
  D3D10_DDI_BLEND_OP_REV_SUBTRACT = 3,
  D3D10_DDI_BLEND_OP_MIN = 4,
  D3D10_DDI_BLEND_OP_MAX = 5,
} D3D10_DDI_BLEND_OP;

typedef enum D3D11_1_DDI_LOGIC_OP : int {
  D3D11_1_DDI_LOGIC_OP_CLEAR = 0,
  D3D11_1_DDI_LOGIC_OP_SET,
  D3D11_1_DDI_LOGIC_OP_COPY,
  D3D11_1_DDI_LOGIC_OP_COPY_INVERTED,
  D3D11_1_DDI_LOGIC_OP_NOOP,
  D3D11_1_DDI_LOGIC_OP_INVERT,
  D3D11_1_DDI_LOGIC_OP_AND,
  D3D11_1_DDI_LOGIC_OP_NAND,
  D3D11_1_DDI_LOGIC_OP_OR,
  D3D11_1_DDI_LOGIC_OP_NOR,
  D3D11_1_DDI_LOGIC_OP_XOR,
  D3D11_1_DDI_LOGIC_OP_EQUIV,
  D3D11_1_DDI_LOGIC_OP_AND_REVERSE,
  D3D11_1_DDI_LOGIC_OP_AND_INVERTED,
  D3D11_1_DDI_LOGIC_OP_OR_REVERSE,
  D3D11_1_DDI_LOGIC_OP_OR_INVERTED,
} D3D11_1_DDI_LOGIC_OP;

#define D3D10_DDI_SIMULTANEOUS_RENDER_TARGET_COUNT 8

typedef struct D3D11_1_DDI_RENDER_TARGET_BLEND_DESC {
  BOOL BlendEnable;
  BOOL LogicOpEnable;
  D3D10_DDI_BLEND SrcBlend;
  D3D10_DDI_BLEND DestBlend;
  D3D10_DDI_BLEND_OP BlendOp;
  D3D10_DDI_BLEND SrcBlendAlpha;
  D3D10_DDI_BLEND DestBlendAlpha;
  D3D10_DDI_BLEND_OP BlendOpAlpha;
  D3D11_1_DDI_LOGIC_OP LogicOp;
  UINT8 RenderTargetWriteMask;
} D3D11_1_DDI_RENDER_TARGET_BLEND_DESC;

typedef struct D3D11_1_DDI_BLEND_DESC {
  BOOL AlphaToCoverageEnable;
  BOOL IndependentBlendEnable;
  D3D11_1_DDI_RENDER_TARGET_BLEND_DESC RenderTarget[D3D10_DDI_SIMULTANEOUS_RENDER_TARGET_COUNT];
} D3D11_1_DDI_BLEND_DESC;

typedef enum D3D10_DDI_DEPTH_WRITE_MASK : int {
  D3D10_DDI_DEPTH_WRITE_MASK_ZERO = 0,
  D3D10_DDI_DEPTH_WRITE_MASK_ALL = 1,
} D3D10_DDI_DEPTH_WRITE_MASK;

typedef enum D3D10_DDI_COMPARISON_FUNC : int {
  D3D10_DDI_COMPARISON_NEVER = 1,
  D3D10_DDI_COMPARISON_LESS = 2,
  D3D10_DDI_COMPARISON_EQUAL = 3,
  D3D10_DDI_COMPARISON_LESS_EQUAL = 4,
  D3D10_DDI_COMPARISON_GREATER = 5,
  D3D10_DDI_COMPARISON_NOT_EQUAL = 6,
  D3D10_DDI_COMPARISON_GREATER_EQUAL = 7,
  D3D10_DDI_COMPARISON_ALWAYS = 8,
} D3D10_DDI_COMPARISON_FUNC;

typedef enum D3D10_DDI_STENCIL_OP : int {
  D3D10_DDI_STENCIL_OP_KEEP = 1,
  D3D10_DDI_STENCIL_OP_ZERO = 2,
  D3D10_DDI_STENCIL_OP_REPLACE = 3,
  D3D10_DDI_STENCIL_OP_INCR_SAT = 4,
  D3D10_DDI_STENCIL_OP_DECR_SAT = 5,
  D3D10_DDI_STENCIL_OP_INVERT = 6,
  D3D10_DDI_STENCIL_OP_INCR = 7,
  D3D10_DDI_STENCIL_OP_DECR = 8,
} D3D10_DDI_STENCIL_OP;

typedef struct D3D10_DDI_DEPTH_STENCILOP_DESC {
  D3D10_DDI_STENCIL_OP StencilFailOp;
  D3D10_DDI_STENCIL_OP StencilDepthFailOp;
  D3D10_DDI_STENCIL_OP StencilPassOp;
  D3D10_DDI_COMPARISON_FUNC StencilFunc;
} D3D10_DDI_DEPTH_STENCILOP_DESC;

typedef struct D3D10_DDI_DEPTH_STENCIL_DESC {
  BOOL DepthEnable;
  D3D10_DDI_DEPTH_WRITE_MASK DepthWriteMask;
  D3D10_DDI_COMPARISON_FUNC DepthFunc;
  BOOL StencilEnable;
  BOOL FrontEnable;
  BOOL BackEnable;
  UINT8 StencilReadMask;
  UINT8 StencilWriteMask;
  D3D10_DDI_DEPTH_STENCILOP_DESC FrontFace;
  D3D10_DDI_DEPTH_STENCILOP_DESC BackFace;
} D3D10_DDI_DEPTH_STENCIL_DESC;

typedef SIZE_T(APIENTRY* PFND3D11_1DDI_CALCPRIVATEBLENDSTATESIZE)(D3D10DDI_HDEVICE, const D3D11_1_DDI_BLEND_DESC*);
typedef VOID(APIENTRY* PFND3D11_1DDI_CREATEBLENDSTATE)(D3D10DDI_HDEVICE, const D3D11_1_DDI_BLEND_DESC*,
                                                       D3D10DDI_HBLENDSTATE, D3D10DDI_HRTBLENDSTATE);
typedef VOID(APIENTRY* PFND3D10DDI_DESTROYBLENDSTATE)(D3D10DDI_HDEVICE, D3D10DDI_HBLENDSTATE);
typedef VOID(APIENTRY* PFND3D10DDI_SETBLENDSTATE)(D3D10DDI_HDEVICE, D3D10DDI_HBLENDSTATE, const FLOAT[4],
                                                  UINT SampleMask);
typedef SIZE_T(APIENTRY* PFND3D10DDI_CALCPRIVATEDEPTHSTENCILSTATESIZE)(D3D10DDI_HDEVICE,
                                                                      const D3D10_DDI_DEPTH_STENCIL_DESC*);
typedef VOID(APIENTRY* PFND3D10DDI_CREATEDEPTHSTENCILSTATE)(D3D10DDI_HDEVICE, const D3D10_DDI_DEPTH_STENCIL_DESC*,
                                                            D3D10DDI_HDEPTHSTENCILSTATE, D3D10DDI_HRTDEPTHSTENCILSTATE);
typedef VOID(APIENTRY* PFND3D10DDI_DESTROYDEPTHSTENCILSTATE)(D3D10DDI_HDEVICE, D3D10DDI_HDEPTHSTENCILSTATE);
typedef VOID(APIENTRY* PFND3D10DDI_SETDEPTHSTENCILSTATE)(D3D10DDI_HDEVICE, D3D10DDI_HDEPTHSTENCILSTATE,
                                                         UINT StencilRef);

// Resources, views, clears, copies, maps (the first vertical slice of rendering).
typedef SIZE_T(APIENTRY* PFND3D11DDI_CALCPRIVATERESOURCESIZE)(D3D10DDI_HDEVICE, const D3D11DDIARG_CREATERESOURCE*);
typedef VOID(APIENTRY* PFND3D11DDI_CREATERESOURCE)(D3D10DDI_HDEVICE, const D3D11DDIARG_CREATERESOURCE*,
                                                  D3D10DDI_HRESOURCE, D3D10DDI_HRTRESOURCE);
typedef VOID(APIENTRY* PFND3D10DDI_DESTROYRESOURCE)(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE);
typedef SIZE_T(APIENTRY* PFND3D11DDI_CALCPRIVATESHADERRESOURCEVIEWSIZE)(D3D10DDI_HDEVICE,
                                                                        const D3D11DDIARG_CREATESHADERRESOURCEVIEW*);
typedef VOID(APIENTRY* PFND3D11DDI_CREATESHADERRESOURCEVIEW)(D3D10DDI_HDEVICE, const D3D11DDIARG_CREATESHADERRESOURCEVIEW*,
                                                            D3D10DDI_HSHADERRESOURCEVIEW,
                                                            D3D10DDI_HRTSHADERRESOURCEVIEW);
typedef VOID(APIENTRY* PFND3D10DDI_DESTROYSHADERRESOURCEVIEW)(D3D10DDI_HDEVICE, D3D10DDI_HSHADERRESOURCEVIEW);
typedef SIZE_T(APIENTRY* PFND3D10DDI_CALCPRIVATERENDERTARGETVIEWSIZE)(D3D10DDI_HDEVICE,
                                                                      const D3D10DDIARG_CREATERENDERTARGETVIEW*);
typedef VOID(APIENTRY* PFND3D10DDI_CREATERENDERTARGETVIEW)(D3D10DDI_HDEVICE, const D3D10DDIARG_CREATERENDERTARGETVIEW*,
                                                          D3D10DDI_HRENDERTARGETVIEW, D3D10DDI_HRTRENDERTARGETVIEW);
typedef VOID(APIENTRY* PFND3D10DDI_DESTROYRENDERTARGETVIEW)(D3D10DDI_HDEVICE, D3D10DDI_HRENDERTARGETVIEW);
typedef SIZE_T(APIENTRY* PFND3D11DDI_CALCPRIVATEDEPTHSTENCILVIEWSIZE)(D3D10DDI_HDEVICE,
                                                                      const D3D11DDIARG_CREATEDEPTHSTENCILVIEW*);
typedef VOID(APIENTRY* PFND3D11DDI_CREATEDEPTHSTENCILVIEW)(D3D10DDI_HDEVICE, const D3D11DDIARG_CREATEDEPTHSTENCILVIEW*,
                                                          D3D10DDI_HDEPTHSTENCILVIEW, D3D10DDI_HRTDEPTHSTENCILVIEW);
typedef VOID(APIENTRY* PFND3D10DDI_DESTROYDEPTHSTENCILVIEW)(D3D10DDI_HDEVICE, D3D10DDI_HDEPTHSTENCILVIEW);
typedef VOID(APIENTRY* PFND3D10DDI_CLEARRENDERTARGETVIEW)(D3D10DDI_HDEVICE, D3D10DDI_HRENDERTARGETVIEW,
                                                         FLOAT ColorRGBA[4]);
typedef VOID(APIENTRY* PFND3D10DDI_CLEARDEPTHSTENCILVIEW)(D3D10DDI_HDEVICE, D3D10DDI_HDEPTHSTENCILVIEW, UINT Flags,
                                                         FLOAT Depth, UINT8 Stencil);
typedef VOID(APIENTRY* PFND3D11DDI_SETRENDERTARGETS)(D3D10DDI_HDEVICE, const D3D10DDI_HRENDERTARGETVIEW*, UINT NumRTVs,
                                                    UINT ClearSlots, D3D10DDI_HDEPTHSTENCILVIEW,
                                                    const D3D11DDI_HUNORDEREDACCESSVIEW*, const UINT* pUAVInitialCounts,
                                                    UINT UAVStartSlot, UINT NumUAVs, UINT UAVRangeStart,
                                                    UINT UAVRangeSize);
typedef VOID(APIENTRY* PFND3D10DDI_RESOURCECOPY)(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE hDstResource,
                                                D3D10DDI_HRESOURCE hSrcResource);
typedef VOID(APIENTRY* PFND3D11_1DDI_RESOURCECOPYREGION)(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE hDstResource,
                                                        UINT DstSubresource, UINT DstX, UINT DstY, UINT DstZ,
                                                        D3D10DDI_HRESOURCE hSrcResource, UINT SrcSubresource,
                                                        const D3D10_DDI_BOX* pSrcBox, UINT CopyFlags);
typedef VOID(APIENTRY* PFND3D11_1DDI_RESOURCEUPDATESUBRESOURCEUP)(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE hDstResource,
                                                                 UINT DstSubresource, const D3D10_DDI_BOX* pDstBox,
                                                                 const VOID* pSysMemUP, UINT RowPitch, UINT DepthPitch,
                                                                 UINT CopyFlags);
typedef VOID(APIENTRY* PFND3D10DDI_RESOURCERESOLVESUBRESOURCE)(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE hDstResource,
                                                              UINT DstSubresource, D3D10DDI_HRESOURCE hSrcResource,
                                                              UINT SrcSubresource, DXGI_FORMAT ResolveFormat);
typedef VOID(APIENTRY* PFND3D10DDI_RESOURCEMAP)(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE, UINT Subresource, D3D10_DDI_MAP,
                                               UINT Flags, D3D10DDI_MAPPED_SUBRESOURCE*);
typedef VOID(APIENTRY* PFND3D10DDI_RESOURCEUNMAP)(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE, UINT Subresource);
typedef BOOL(APIENTRY* PFND3D10DDI_RESOURCEISSTAGINGBUSY)(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE);
typedef BOOL(APIENTRY* PFND3D11_1DDI_FLUSH)(D3D10DDI_HDEVICE, UINT FlushFlags);
typedef VOID(APIENTRY* PFND3D10DDI_CHECKFORMATSUPPORT)(D3D10DDI_HDEVICE, DXGI_FORMAT, UINT* pFormatCaps);
typedef VOID(APIENTRY* PFND3D10DDI_CHECKMULTISAMPLEQUALITYLEVELS)(D3D10DDI_HDEVICE, DXGI_FORMAT, UINT SampleCount,
                                                                 UINT* pNumQualityLevels);
typedef VOID(APIENTRY* PFND3DWDDM1_3DDI_CHECKMULTISAMPLEQUALITYLEVELS)(D3D10DDI_HDEVICE, DXGI_FORMAT, UINT SampleCount,
                                                                      UINT Flags, UINT* pNumQualityLevels);

typedef struct D3DWDDM2_0DDI_DEVICEFUNCS {
  PFND3D11_1DDI_RESOURCEUPDATESUBRESOURCEUP            pfnDefaultConstantBufferUpdateSubresourceUP;   // 1
  PFND3D11_1DDI_SETCONSTANTBUFFERS                     pfnVsSetConstantBuffers;                        // 2
  PFND3DVK_DDI_PLACEHOLDER                             pfnPsSetShaderResources;                        // 3
  PFND3D10DDI_SETSHADER                                pfnPsSetShader;                                 // 4
  PFND3DVK_DDI_PLACEHOLDER                             pfnPsSetSamplers;                               // 5
  PFND3D10DDI_SETSHADER                                pfnVsSetShader;                                 // 6
  PFND3D10DDI_DRAWINDEXED                              pfnDrawIndexed;                                 // 7
  PFND3D10DDI_DRAW                                     pfnDraw;                                        // 8
  PFND3D10DDI_RESOURCEMAP                              pfnDynamicIABufferMapNoOverwrite;              // 9
  PFND3D10DDI_RESOURCEUNMAP                            pfnDynamicIABufferUnmap;                       // 10
  PFND3D10DDI_RESOURCEMAP                              pfnDynamicConstantBufferMapDiscard;            // 11
  PFND3D10DDI_RESOURCEMAP                              pfnDynamicIABufferMapDiscard;                  // 12
  PFND3D10DDI_RESOURCEUNMAP                            pfnDynamicConstantBufferUnmap;                 // 13
  PFND3D11_1DDI_SETCONSTANTBUFFERS                     pfnPsSetConstantBuffers;                        // 14
  PFND3D10DDI_SETINPUTLAYOUT                           pfnIaSetInputLayout;                            // 15
  PFND3D10DDI_IA_SETVERTEXBUFFERS                      pfnIaSetVertexBuffers;                          // 16
  PFND3D10DDI_IA_SETINDEXBUFFER                        pfnIaSetIndexBuffer;                            // 17
  PFND3D10DDI_DRAWINDEXEDINSTANCED                     pfnDrawIndexedInstanced;                        // 18
  PFND3D10DDI_DRAWINSTANCED                            pfnDrawInstanced;                               // 19
  PFND3D10DDI_RESOURCEMAP                              pfnDynamicResourceMapDiscard;                  // 20
  PFND3D10DDI_RESOURCEUNMAP                            pfnDynamicResourceUnmap;                       // 21
  PFND3DVK_DDI_PLACEHOLDER                             pfnGsSetConstantBuffers;                        // 22
  PFND3DVK_DDI_PLACEHOLDER                             pfnGsSetShader;                                 // 23
  PFND3D10DDI_IA_SETTOPOLOGY                           pfnIaSetTopology;                               // 24
  PFND3D10DDI_RESOURCEMAP                              pfnStagingResourceMap;                         // 25
  PFND3D10DDI_RESOURCEUNMAP                            pfnStagingResourceUnmap;                       // 26
  PFND3DVK_DDI_PLACEHOLDER                             pfnVsSetShaderResources;                        // 27
  PFND3DVK_DDI_PLACEHOLDER                             pfnVsSetSamplers;                               // 28
  PFND3DVK_DDI_PLACEHOLDER                             pfnGsSetShaderResources;                        // 29
  PFND3DVK_DDI_PLACEHOLDER                             pfnGsSetSamplers;                               // 30
  PFND3D11DDI_SETRENDERTARGETS                         pfnSetRenderTargets;                           // 31
  PFND3DVK_DDI_PLACEHOLDER                             pfnShaderResourceViewReadAfterWriteHazard;      // 32
  PFND3DVK_DDI_PLACEHOLDER                             pfnResourceReadAfterWriteHazard;                // 33
  PFND3D10DDI_SETBLENDSTATE                            pfnSetBlendState;                               // 34
  PFND3D10DDI_SETDEPTHSTENCILSTATE                     pfnSetDepthStencilState;                        // 35
  PFND3D10DDI_SETRASTERIZERSTATE                       pfnSetRasterizerState;                          // 36
  PFND3DVK_DDI_PLACEHOLDER                             pfnQueryEnd;                                    // 37
  PFND3DVK_DDI_PLACEHOLDER                             pfnQueryBegin;                                  // 38
  PFND3D11_1DDI_RESOURCECOPYREGION                     pfnResourceCopyRegion;                         // 39
  PFND3D11_1DDI_RESOURCEUPDATESUBRESOURCEUP            pfnResourceUpdateSubresourceUP;                // 40
  PFND3DVK_DDI_PLACEHOLDER                             pfnSoSetTargets;                                // 41
  PFND3DVK_DDI_PLACEHOLDER                             pfnDrawAuto;                                    // 42
  PFND3D10DDI_SETVIEWPORTS                             pfnSetViewports;                                // 43
  PFND3D10DDI_SETSCISSORRECTS                          pfnSetScissorRects;                             // 44
  PFND3D10DDI_CLEARRENDERTARGETVIEW                    pfnClearRenderTargetView;                      // 45
  PFND3D10DDI_CLEARDEPTHSTENCILVIEW                    pfnClearDepthStencilView;                      // 46
  PFND3DVK_DDI_PLACEHOLDER                             pfnSetPredication;                              // 47
  PFND3DVK_DDI_PLACEHOLDER                             pfnQueryGetData;                                // 48
  PFND3D11_1DDI_FLUSH                                  pfnFlush;                                      // 49
  PFND3DVK_DDI_PLACEHOLDER                             pfnGenMips;                                     // 50
  PFND3D10DDI_RESOURCECOPY                             pfnResourceCopy;                               // 51
  PFND3D10DDI_RESOURCERESOLVESUBRESOURCE               pfnResourceResolveSubresource;                 // 52
  PFND3D10DDI_RESOURCEMAP                              pfnResourceMap;                                // 53
  PFND3D10DDI_RESOURCEUNMAP                            pfnResourceUnmap;                              // 54
  PFND3D10DDI_RESOURCEISSTAGINGBUSY                    pfnResourceIsStagingBusy;                      // 55
  PFND3DVK_DDI_PLACEHOLDER                             pfnRelocateDeviceFuncs;                         // 56
  PFND3D11DDI_CALCPRIVATERESOURCESIZE                  pfnCalcPrivateResourceSize;                    // 57
  PFND3DVK_DDI_PLACEHOLDER                             pfnCalcPrivateOpenedResourceSize;               // 58
  PFND3D11DDI_CREATERESOURCE                           pfnCreateResource;                             // 59
  PFND3DVK_DDI_PLACEHOLDER                             pfnOpenResource;                                // 60
  PFND3D10DDI_DESTROYRESOURCE                          pfnDestroyResource;                            // 61
  PFND3D11DDI_CALCPRIVATESHADERRESOURCEVIEWSIZE        pfnCalcPrivateShaderResourceViewSize;          // 62
  PFND3D11DDI_CREATESHADERRESOURCEVIEW                 pfnCreateShaderResourceView;                   // 63
  PFND3D10DDI_DESTROYSHADERRESOURCEVIEW                pfnDestroyShaderResourceView;                  // 64
  PFND3D10DDI_CALCPRIVATERENDERTARGETVIEWSIZE          pfnCalcPrivateRenderTargetViewSize;            // 65
  PFND3D10DDI_CREATERENDERTARGETVIEW                   pfnCreateRenderTargetView;                     // 66
  PFND3D10DDI_DESTROYRENDERTARGETVIEW                  pfnDestroyRenderTargetView;                    // 67
  PFND3D11DDI_CALCPRIVATEDEPTHSTENCILVIEWSIZE          pfnCalcPrivateDepthStencilViewSize;            // 68
  PFND3D11DDI_CREATEDEPTHSTENCILVIEW                   pfnCreateDepthStencilView;                     // 69
  PFND3D10DDI_DESTROYDEPTHSTENCILVIEW                  pfnDestroyDepthStencilView;                    // 70
  PFND3D10DDI_CALCPRIVATEELEMENTLAYOUTSIZE             pfnCalcPrivateElementLayoutSize;                // 71
  PFND3D10DDI_CREATEELEMENTLAYOUT                      pfnCreateElementLayout;                         // 72
  PFND3D10DDI_DESTROYELEMENTLAYOUT                     pfnDestroyElementLayout;                        // 73
  PFND3D11_1DDI_CALCPRIVATEBLENDSTATESIZE              pfnCalcPrivateBlendStateSize;                   // 74
  PFND3D11_1DDI_CREATEBLENDSTATE                       pfnCreateBlendState;                            // 75
  PFND3D10DDI_DESTROYBLENDSTATE                        pfnDestroyBlendState;                           // 76
  PFND3D10DDI_CALCPRIVATEDEPTHSTENCILSTATESIZE         pfnCalcPrivateDepthStencilStateSize;            // 77
  PFND3D10DDI_CREATEDEPTHSTENCILSTATE                  pfnCreateDepthStencilState;                     // 78
  PFND3D10DDI_DESTROYDEPTHSTENCILSTATE                 pfnDestroyDepthStencilState;                    // 79
  PFND3DWDDM2_0DDI_CALCPRIVATERASTERIZERSTATESIZE      pfnCalcPrivateRasterizerStateSize;              // 80
  PFND3DWDDM2_0DDI_CREATERASTERIZERSTATE               pfnCreateRasterizerState;                       // 81
  PFND3D10DDI_DESTROYRASTERIZERSTATE                   pfnDestroyRasterizerState;                      // 82
  PFND3D11_1DDI_CALCPRIVATESHADERSIZE                  pfnCalcPrivateShaderSize;                       // 83
  PFND3D11_1DDI_CREATEVERTEXSHADER                     pfnCreateVertexShader;                          // 84
  PFND3DVK_DDI_PLACEHOLDER                             pfnCreateGeometryShader;                        // 85
  PFND3D11_1DDI_CREATEPIXELSHADER                      pfnCreatePixelShader;                           // 86
  PFND3DVK_DDI_PLACEHOLDER                             pfnCalcPrivateGeometryShaderWithStreamOutput;   // 87
  PFND3DVK_DDI_PLACEHOLDER                             pfnCreateGeometryShaderWithStreamOutput;        // 88
  PFND3D10DDI_DESTROYSHADER                            pfnDestroyShader;                               // 89
  PFND3DVK_DDI_PLACEHOLDER                             pfnCalcPrivateSamplerSize;                      // 90
  PFND3DVK_DDI_PLACEHOLDER                             pfnCreateSampler;                               // 91
  PFND3DVK_DDI_PLACEHOLDER                             pfnDestroySampler;                              // 92
  PFND3DVK_DDI_PLACEHOLDER                             pfnCalcPrivateQuerySize;                        // 93
  PFND3DVK_DDI_PLACEHOLDER                             pfnCreateQuery;                                 // 94
  PFND3DVK_DDI_PLACEHOLDER                             pfnDestroyQuery;                                // 95
  PFND3D10DDI_CHECKFORMATSUPPORT                       pfnCheckFormatSupport;                         // 96
  PFND3DWDDM1_3DDI_CHECKMULTISAMPLEQUALITYLEVELS       pfnCheckMultisampleQualityLevels;              // 97
  PFND3DVK_DDI_PLACEHOLDER                             pfnCheckCounterInfo;                            // 98
  PFND3DVK_DDI_PLACEHOLDER                             pfnCheckCounter;                                // 99
  PFND3D10DDI_DESTROYDEVICE                            pfnDestroyDevice;                               // 100
  PFND3DVK_DDI_PLACEHOLDER                             pfnSetTextFilterSize;                           // 101
  PFND3DVK_DDI_PLACEHOLDER                             pfnResourceConvert;                             // 102
  PFND3DVK_DDI_PLACEHOLDER                             pfnResourceConvertRegion;                       // 103
  PFND3DVK_DDI_PLACEHOLDER                             pfnResetPrimitiveID;                            // 104
  PFND3DVK_DDI_PLACEHOLDER                             pfnSetVertexPipelineOutput;                     // 105
  PFND3DVK_DDI_PLACEHOLDER                             pfnDrawIndexedInstancedIndirect;                // 106
  PFND3DVK_DDI_PLACEHOLDER                             pfnDrawInstancedIndirect;                       // 107
  PFND3DVK_DDI_PLACEHOLDER                             pfnCommandListExecute;                          // 108
  PFND3DVK_DDI_PLACEHOLDER                             pfnHsSetShaderResources;                        // 109
  PFND3DVK_DDI_PLACEHOLDER                             pfnHsSetShader;                                 // 110
  PFND3DVK_DDI_PLACEHOLDER                             pfnHsSetSamplers;                               // 111
  PFND3DVK_DDI_PLACEHOLDER                             pfnHsSetConstantBuffers;                        // 112
  PFND3DVK_DDI_PLACEHOLDER                             pfnDsSetShaderResources;                        // 113
  PFND3DVK_DDI_PLACEHOLDER                             pfnDsSetShader;                                 // 114
  PFND3DVK_DDI_PLACEHOLDER                             pfnDsSetSamplers;                               // 115
  PFND3DVK_DDI_PLACEHOLDER                             pfnDsSetConstantBuffers;                        // 116
  PFND3DVK_DDI_PLACEHOLDER                             pfnCreateHullShader;                            // 117
  PFND3DVK_DDI_PLACEHOLDER                             pfnCreateDomainShader;                          // 118
  PFND3DVK_DDI_PLACEHOLDER                             pfnCheckDeferredContextHandleSizes;             // 119
  PFND3DVK_DDI_PLACEHOLDER                             pfnCalcDeferredContextHandleSize;               // 120
  PFND3DVK_DDI_PLACEHOLDER                             pfnCalcPrivateDeferredContextSize;              // 121
  PFND3DVK_DDI_PLACEHOLDER                             pfnCreateDeferredContext;                       // 122
  PFND3DVK_DDI_PLACEHOLDER                             pfnAbandonCommandList;                          // 123
  PFND3DVK_DDI_PLACEHOLDER                             pfnCalcPrivateCommandListSize;                  // 124
  PFND3DVK_DDI_PLACEHOLDER                             pfnCreateCommandList;                           // 125
  PFND3DVK_DDI_PLACEHOLDER                             pfnDestroyCommandList;                          // 126
  PFND3DVK_DDI_PLACEHOLDER                             pfnCalcPrivateTessellationShaderSize;           // 127
  PFND3DVK_DDI_PLACEHOLDER                             pfnPsSetShaderWithIfaces;                       // 128
  PFND3DVK_DDI_PLACEHOLDER                             pfnVsSetShaderWithIfaces;                       // 129
  PFND3DVK_DDI_PLACEHOLDER                             pfnGsSetShaderWithIfaces;                       // 130
  PFND3DVK_DDI_PLACEHOLDER                             pfnHsSetShaderWithIfaces;                       // 131
  PFND3DVK_DDI_PLACEHOLDER                             pfnDsSetShaderWithIfaces;                       // 132
  PFND3DVK_DDI_PLACEHOLDER                             pfnCsSetShaderWithIfaces;                       // 133
  PFND3DVK_DDI_PLACEHOLDER                             pfnCreateComputeShader;                         // 134
  PFND3DVK_DDI_PLACEHOLDER                             pfnCsSetShader;                                 // 135
  PFND3DVK_DDI_PLACEHOLDER                             pfnCsSetShaderResources;                        // 136
  PFND3DVK_DDI_PLACEHOLDER                             pfnCsSetSamplers;                               // 137
  PFND3DVK_DDI_PLACEHOLDER                             pfnCsSetConstantBuffers;                        // 138
  PFND3DVK_DDI_PLACEHOLDER                             pfnCalcPrivateUnorderedAccessViewSize;          // 139
  PFND3DVK_DDI_PLACEHOLDER                             pfnCreateUnorderedAccessView;                   // 140
  PFND3DVK_DDI_PLACEHOLDER                             pfnDestroyUnorderedAccessView;                  // 141
  PFND3DVK_DDI_PLACEHOLDER                             pfnClearUnorderedAccessViewUint;                // 142
  PFND3DVK_DDI_PLACEHOLDER                             pfnClearUnorderedAccessViewFloat;               // 143
  PFND3DVK_DDI_PLACEHOLDER                             pfnCsSetUnorderedAccessViews;                   // 144
  PFND3DVK_DDI_PLACEHOLDER                             pfnDispatch;                                    // 145
  PFND3DVK_DDI_PLACEHOLDER                             pfnDispatchIndirect;                            // 146
  PFND3DVK_DDI_PLACEHOLDER                             pfnSetResourceMinLOD;                           // 147
  PFND3DVK_DDI_PLACEHOLDER                             pfnCopyStructureCount;                          // 148
  PFND3DVK_DDI_PLACEHOLDER                             pfnRecycleCommandList;                          // 149
  PFND3DVK_DDI_PLACEHOLDER                             pfnRecycleCreateCommandList;                    // 150
  PFND3DVK_DDI_PLACEHOLDER                             pfnRecycleCreateDeferredContext;                // 151
  PFND3DVK_DDI_PLACEHOLDER                             pfnRecycleDestroyCommandList;                   // 152
  PFND3DVK_DDI_PLACEHOLDER                             pfnDiscard;                                     // 153
  PFND3DVK_DDI_PLACEHOLDER                             pfnAssignDebugBinary;                           // 154
  PFND3D10DDI_RESOURCEMAP                              pfnDynamicConstantBufferMapNoOverwrite;        // 155
  PFND3DVK_DDI_PLACEHOLDER                             pfnCheckDirectFlipSupport;                      // 156
  PFND3DVK_DDI_PLACEHOLDER                             pfnClearView;                                   // 157
  PFND3DVK_DDI_PLACEHOLDER                             pfnUpdateTileMappings;                          // 158
  PFND3DVK_DDI_PLACEHOLDER                             pfnCopyTileMappings;                            // 159
  PFND3DVK_DDI_PLACEHOLDER                             pfnCopyTiles;                                   // 160
  PFND3DVK_DDI_PLACEHOLDER                             pfnUpdateTiles;                                 // 161
  PFND3DVK_DDI_PLACEHOLDER                             pfnTiledResourceBarrier;                        // 162
  PFND3DVK_DDI_PLACEHOLDER                             pfnGetMipPacking;                               // 163
  PFND3DVK_DDI_PLACEHOLDER                             pfnResizeTilePool;                              // 164
  PFND3DVK_DDI_PLACEHOLDER                             pfnSetMarker;                                   // 165
  PFND3DVK_DDI_PLACEHOLDER                             pfnSetMarkerMode;                               // 166
  PFND3DVK_DDI_PLACEHOLDER                             pfnSetHardwareProtection;                       // 167
  PFND3DVK_DDI_PLACEHOLDER                             pfnGetResourceLayout;                           // 168
  PFND3DVK_DDI_PLACEHOLDER                             pfnRetrieveShaderComment;                       // 169
  PFND3DVK_DDI_PLACEHOLDER                             pfnSetHardwareProtectionState;                  // 170
} D3DWDDM2_0DDI_DEVICEFUNCS;

#define D3DWDDM2_0DDI_DEVICEFUNCS_SLOT_COUNT 170

// The D3D11.1 table: the first 157 slots of the WDDM 2.0 table (up to ClearView),
// with the rasterizer-state entries taking the D3D11.1 desc (no conservative mode).
typedef SIZE_T(APIENTRY* PFND3D11_1DDI_CALCPRIVATERASTERIZERSTATESIZE)(D3D10DDI_HDEVICE,
                                                                      const D3D11_1_DDI_RASTERIZER_DESC*);
typedef VOID(APIENTRY* PFND3D11_1DDI_CREATERASTERIZERSTATE)(D3D10DDI_HDEVICE, const D3D11_1_DDI_RASTERIZER_DESC*,
                                                           D3D10DDI_HRASTERIZERSTATE, D3D10DDI_HRTRASTERIZERSTATE);

typedef struct D3D11_1DDI_DEVICEFUNCS {
  PFND3D11_1DDI_RESOURCEUPDATESUBRESOURCEUP            pfnDefaultConstantBufferUpdateSubresourceUP;   // 1
  PFND3D11_1DDI_SETCONSTANTBUFFERS                     pfnVsSetConstantBuffers;                        // 2
  PFND3DVK_DDI_PLACEHOLDER                             pfnPsSetShaderResources;                        // 3
  PFND3D10DDI_SETSHADER                                pfnPsSetShader;                                 // 4
  PFND3DVK_DDI_PLACEHOLDER                             pfnPsSetSamplers;                               // 5
  PFND3D10DDI_SETSHADER                                pfnVsSetShader;                                 // 6
  PFND3D10DDI_DRAWINDEXED                              pfnDrawIndexed;                                 // 7
  PFND3D10DDI_DRAW                                     pfnDraw;                                        // 8
  PFND3D10DDI_RESOURCEMAP                              pfnDynamicIABufferMapNoOverwrite;              // 9
  PFND3D10DDI_RESOURCEUNMAP                            pfnDynamicIABufferUnmap;                       // 10
  PFND3D10DDI_RESOURCEMAP                              pfnDynamicConstantBufferMapDiscard;            // 11
  PFND3D10DDI_RESOURCEMAP                              pfnDynamicIABufferMapDiscard;                  // 12
  PFND3D10DDI_RESOURCEUNMAP                            pfnDynamicConstantBufferUnmap;                 // 13
  PFND3D11_1DDI_SETCONSTANTBUFFERS                     pfnPsSetConstantBuffers;                        // 14
  PFND3D10DDI_SETINPUTLAYOUT                           pfnIaSetInputLayout;                            // 15
  PFND3D10DDI_IA_SETVERTEXBUFFERS                      pfnIaSetVertexBuffers;                          // 16
  PFND3D10DDI_IA_SETINDEXBUFFER                        pfnIaSetIndexBuffer;                            // 17
  PFND3D10DDI_DRAWINDEXEDINSTANCED                     pfnDrawIndexedInstanced;                        // 18
  PFND3D10DDI_DRAWINSTANCED                            pfnDrawInstanced;                               // 19
  PFND3D10DDI_RESOURCEMAP                              pfnDynamicResourceMapDiscard;                  // 20
  PFND3D10DDI_RESOURCEUNMAP                            pfnDynamicResourceUnmap;                       // 21
  PFND3DVK_DDI_PLACEHOLDER                             pfnGsSetConstantBuffers;                        // 22
  PFND3DVK_DDI_PLACEHOLDER                             pfnGsSetShader;                                 // 23
  PFND3D10DDI_IA_SETTOPOLOGY                           pfnIaSetTopology;                               // 24
  PFND3D10DDI_RESOURCEMAP                              pfnStagingResourceMap;                         // 25
  PFND3D10DDI_RESOURCEUNMAP                            pfnStagingResourceUnmap;                       // 26
  PFND3DVK_DDI_PLACEHOLDER                             pfnVsSetShaderResources;                        // 27
  PFND3DVK_DDI_PLACEHOLDER                             pfnVsSetSamplers;                               // 28
  PFND3DVK_DDI_PLACEHOLDER                             pfnGsSetShaderResources;                        // 29
  PFND3DVK_DDI_PLACEHOLDER                             pfnGsSetSamplers;                               // 30
  PFND3D11DDI_SETRENDERTARGETS                         pfnSetRenderTargets;                           // 31
  PFND3DVK_DDI_PLACEHOLDER                             pfnShaderResourceViewReadAfterWriteHazard;      // 32
  PFND3DVK_DDI_PLACEHOLDER                             pfnResourceReadAfterWriteHazard;                // 33
  PFND3D10DDI_SETBLENDSTATE                            pfnSetBlendState;                               // 34
  PFND3D10DDI_SETDEPTHSTENCILSTATE                     pfnSetDepthStencilState;                        // 35
  PFND3D10DDI_SETRASTERIZERSTATE                       pfnSetRasterizerState;                          // 36
  PFND3DVK_DDI_PLACEHOLDER                             pfnQueryEnd;                                    // 37
  PFND3DVK_DDI_PLACEHOLDER                             pfnQueryBegin;                                  // 38
  PFND3D11_1DDI_RESOURCECOPYREGION                     pfnResourceCopyRegion;                         // 39
  PFND3D11_1DDI_RESOURCEUPDATESUBRESOURCEUP            pfnResourceUpdateSubresourceUP;                // 40
  PFND3DVK_DDI_PLACEHOLDER                             pfnSoSetTargets;                                // 41
  PFND3DVK_DDI_PLACEHOLDER                             pfnDrawAuto;                                    // 42
  PFND3D10DDI_SETVIEWPORTS                             pfnSetViewports;                                // 43
  PFND3D10DDI_SETSCISSORRECTS                          pfnSetScissorRects;                             // 44
  PFND3D10DDI_CLEARRENDERTARGETVIEW                    pfnClearRenderTargetView;                      // 45
  PFND3D10DDI_CLEARDEPTHSTENCILVIEW                    pfnClearDepthStencilView;                      // 46
  PFND3DVK_DDI_PLACEHOLDER                             pfnSetPredication;                              // 47
  PFND3DVK_DDI_PLACEHOLDER                             pfnQueryGetData;                                // 48
  PFND3D11_1DDI_FLUSH                                  pfnFlush;                                      // 49
  PFND3DVK_DDI_PLACEHOLDER                             pfnGenMips;                                     // 50
  PFND3D10DDI_RESOURCECOPY                             pfnResourceCopy;                               // 51
  PFND3D10DDI_RESOURCERESOLVESUBRESOURCE               pfnResourceResolveSubresource;                 // 52
  PFND3D10DDI_RESOURCEMAP                              pfnResourceMap;                                // 53
  PFND3D10DDI_RESOURCEUNMAP                            pfnResourceUnmap;                              // 54
  PFND3D10DDI_RESOURCEISSTAGINGBUSY                    pfnResourceIsStagingBusy;                      // 55
  PFND3DVK_DDI_PLACEHOLDER                             pfnRelocateDeviceFuncs;                         // 56
  PFND3D11DDI_CALCPRIVATERESOURCESIZE                  pfnCalcPrivateResourceSize;                    // 57
  PFND3DVK_DDI_PLACEHOLDER                             pfnCalcPrivateOpenedResourceSize;               // 58
  PFND3D11DDI_CREATERESOURCE                           pfnCreateResource;                             // 59
  PFND3DVK_DDI_PLACEHOLDER                             pfnOpenResource;                                // 60
  PFND3D10DDI_DESTROYRESOURCE                          pfnDestroyResource;                            // 61
  PFND3D11DDI_CALCPRIVATESHADERRESOURCEVIEWSIZE        pfnCalcPrivateShaderResourceViewSize;          // 62
  PFND3D11DDI_CREATESHADERRESOURCEVIEW                 pfnCreateShaderResourceView;                   // 63
  PFND3D10DDI_DESTROYSHADERRESOURCEVIEW                pfnDestroyShaderResourceView;                  // 64
  PFND3D10DDI_CALCPRIVATERENDERTARGETVIEWSIZE          pfnCalcPrivateRenderTargetViewSize;            // 65
  PFND3D10DDI_CREATERENDERTARGETVIEW                   pfnCreateRenderTargetView;                     // 66
  PFND3D10DDI_DESTROYRENDERTARGETVIEW                  pfnDestroyRenderTargetView;                    // 67
  PFND3D11DDI_CALCPRIVATEDEPTHSTENCILVIEWSIZE          pfnCalcPrivateDepthStencilViewSize;            // 68
  PFND3D11DDI_CREATEDEPTHSTENCILVIEW                   pfnCreateDepthStencilView;                     // 69
  PFND3D10DDI_DESTROYDEPTHSTENCILVIEW                  pfnDestroyDepthStencilView;                    // 70
  PFND3D10DDI_CALCPRIVATEELEMENTLAYOUTSIZE             pfnCalcPrivateElementLayoutSize;                // 71
  PFND3D10DDI_CREATEELEMENTLAYOUT                      pfnCreateElementLayout;                         // 72
  PFND3D10DDI_DESTROYELEMENTLAYOUT                     pfnDestroyElementLayout;                        // 73
  PFND3D11_1DDI_CALCPRIVATEBLENDSTATESIZE              pfnCalcPrivateBlendStateSize;                   // 74
  PFND3D11_1DDI_CREATEBLENDSTATE                       pfnCreateBlendState;                            // 75
  PFND3D10DDI_DESTROYBLENDSTATE                        pfnDestroyBlendState;                           // 76
  PFND3D10DDI_CALCPRIVATEDEPTHSTENCILSTATESIZE         pfnCalcPrivateDepthStencilStateSize;            // 77
  PFND3D10DDI_CREATEDEPTHSTENCILSTATE                  pfnCreateDepthStencilState;                     // 78
  PFND3D10DDI_DESTROYDEPTHSTENCILSTATE                 pfnDestroyDepthStencilState;                    // 79
  PFND3D11_1DDI_CALCPRIVATERASTERIZERSTATESIZE         pfnCalcPrivateRasterizerStateSize;              // 80
  PFND3D11_1DDI_CREATERASTERIZERSTATE                  pfnCreateRasterizerState;                       // 81
  PFND3D10DDI_DESTROYRASTERIZERSTATE                   pfnDestroyRasterizerState;                      // 82
  PFND3D11_1DDI_CALCPRIVATESHADERSIZE                  pfnCalcPrivateShaderSize;                       // 83
  PFND3D11_1DDI_CREATEVERTEXSHADER                     pfnCreateVertexShader;                          // 84
  PFND3DVK_DDI_PLACEHOLDER                             pfnCreateGeometryShader;                        // 85
  PFND3D11_1DDI_CREATEPIXELSHADER                      pfnCreatePixelShader;                           // 86
  PFND3DVK_DDI_PLACEHOLDER                             pfnCalcPrivateGeometryShaderWithStreamOutput;   // 87
  PFND3DVK_DDI_PLACEHOLDER                             pfnCreateGeometryShaderWithStreamOutput;        // 88
  PFND3D10DDI_DESTROYSHADER                            pfnDestroyShader;                               // 89
  PFND3DVK_DDI_PLACEHOLDER                             pfnCalcPrivateSamplerSize;                      // 90
  PFND3DVK_DDI_PLACEHOLDER                             pfnCreateSampler;                               // 91
  PFND3DVK_DDI_PLACEHOLDER                             pfnDestroySampler;                              // 92
  PFND3DVK_DDI_PLACEHOLDER                             pfnCalcPrivateQuerySize;                        // 93
  PFND3DVK_DDI_PLACEHOLDER                             pfnCreateQuery;                                 // 94
  PFND3DVK_DDI_PLACEHOLDER                             pfnDestroyQuery;                                // 95
  PFND3D10DDI_CHECKFORMATSUPPORT                       pfnCheckFormatSupport;                         // 96
  PFND3D10DDI_CHECKMULTISAMPLEQUALITYLEVELS            pfnCheckMultisampleQualityLevels;              // 97
  PFND3DVK_DDI_PLACEHOLDER                             pfnCheckCounterInfo;                            // 98
  PFND3DVK_DDI_PLACEHOLDER                             pfnCheckCounter;                                // 99
  PFND3D10DDI_DESTROYDEVICE                            pfnDestroyDevice;                               // 100
  PFND3DVK_DDI_PLACEHOLDER                             pfnSetTextFilterSize;                           // 101
  PFND3DVK_DDI_PLACEHOLDER                             pfnResourceConvert;                             // 102
  PFND3DVK_DDI_PLACEHOLDER                             pfnResourceConvertRegion;                       // 103
  PFND3DVK_DDI_PLACEHOLDER                             pfnResetPrimitiveID;                            // 104
  PFND3DVK_DDI_PLACEHOLDER                             pfnSetVertexPipelineOutput;                     // 105
  PFND3DVK_DDI_PLACEHOLDER                             pfnDrawIndexedInstancedIndirect;                // 106
  PFND3DVK_DDI_PLACEHOLDER                             pfnDrawInstancedIndirect;                       // 107
  PFND3DVK_DDI_PLACEHOLDER                             pfnCommandListExecute;                          // 108
  PFND3DVK_DDI_PLACEHOLDER                             pfnHsSetShaderResources;                        // 109
  PFND3DVK_DDI_PLACEHOLDER                             pfnHsSetShader;                                 // 110
  PFND3DVK_DDI_PLACEHOLDER                             pfnHsSetSamplers;                               // 111
  PFND3DVK_DDI_PLACEHOLDER                             pfnHsSetConstantBuffers;                        // 112
  PFND3DVK_DDI_PLACEHOLDER                             pfnDsSetShaderResources;                        // 113
  PFND3DVK_DDI_PLACEHOLDER                             pfnDsSetShader;                                 // 114
  PFND3DVK_DDI_PLACEHOLDER                             pfnDsSetSamplers;                               // 115
  PFND3DVK_DDI_PLACEHOLDER                             pfnDsSetConstantBuffers;                        // 116
  PFND3DVK_DDI_PLACEHOLDER                             pfnCreateHullShader;                            // 117
  PFND3DVK_DDI_PLACEHOLDER                             pfnCreateDomainShader;                          // 118
  PFND3DVK_DDI_PLACEHOLDER                             pfnCheckDeferredContextHandleSizes;             // 119
  PFND3DVK_DDI_PLACEHOLDER                             pfnCalcDeferredContextHandleSize;               // 120
  PFND3DVK_DDI_PLACEHOLDER                             pfnCalcPrivateDeferredContextSize;              // 121
  PFND3DVK_DDI_PLACEHOLDER                             pfnCreateDeferredContext;                       // 122
  PFND3DVK_DDI_PLACEHOLDER                             pfnAbandonCommandList;                          // 123
  PFND3DVK_DDI_PLACEHOLDER                             pfnCalcPrivateCommandListSize;                  // 124
  PFND3DVK_DDI_PLACEHOLDER                             pfnCreateCommandList;                           // 125
  PFND3DVK_DDI_PLACEHOLDER                             pfnDestroyCommandList;                          // 126
  PFND3DVK_DDI_PLACEHOLDER                             pfnCalcPrivateTessellationShaderSize;           // 127
  PFND3DVK_DDI_PLACEHOLDER                             pfnPsSetShaderWithIfaces;                       // 128
  PFND3DVK_DDI_PLACEHOLDER                             pfnVsSetShaderWithIfaces;                       // 129
  PFND3DVK_DDI_PLACEHOLDER                             pfnGsSetShaderWithIfaces;                       // 130
  PFND3DVK_DDI_PLACEHOLDER                             pfnHsSetShaderWithIfaces;                       // 131
  PFND3DVK_DDI_PLACEHOLDER                             pfnDsSetShaderWithIfaces;                       // 132
  PFND3DVK_DDI_PLACEHOLDER                             pfnCsSetShaderWithIfaces;                       // 133
  PFND3DVK_DDI_PLACEHOLDER                             pfnCreateComputeShader;                         // 134
  PFND3DVK_DDI_PLACEHOLDER                             pfnCsSetShader;                                 // 135
  PFND3DVK_DDI_PLACEHOLDER                             pfnCsSetShaderResources;                        // 136
  PFND3DVK_DDI_PLACEHOLDER                             pfnCsSetSamplers;                               // 137
  PFND3DVK_DDI_PLACEHOLDER                             pfnCsSetConstantBuffers;                        // 138
  PFND3DVK_DDI_PLACEHOLDER                             pfnCalcPrivateUnorderedAccessViewSize;          // 139
  PFND3DVK_DDI_PLACEHOLDER                             pfnCreateUnorderedAccessView;                   // 140
  PFND3DVK_DDI_PLACEHOLDER                             pfnDestroyUnorderedAccessView;                  // 141
  PFND3DVK_DDI_PLACEHOLDER                             pfnClearUnorderedAccessViewUint;                // 142
  PFND3DVK_DDI_PLACEHOLDER                             pfnClearUnorderedAccessViewFloat;               // 143
  PFND3DVK_DDI_PLACEHOLDER                             pfnCsSetUnorderedAccessViews;                   // 144
  PFND3DVK_DDI_PLACEHOLDER                             pfnDispatch;                                    // 145
  PFND3DVK_DDI_PLACEHOLDER                             pfnDispatchIndirect;                            // 146
  PFND3DVK_DDI_PLACEHOLDER                             pfnSetResourceMinLOD;                           // 147
  PFND3DVK_DDI_PLACEHOLDER                             pfnCopyStructureCount;                          // 148
  PFND3DVK_DDI_PLACEHOLDER                             pfnRecycleCommandList;                          // 149
  PFND3DVK_DDI_PLACEHOLDER                             pfnRecycleCreateCommandList;                    // 150
  PFND3DVK_DDI_PLACEHOLDER                             pfnRecycleCreateDeferredContext;                // 151
  PFND3DVK_DDI_PLACEHOLDER                             pfnRecycleDestroyCommandList;                   // 152
  PFND3DVK_DDI_PLACEHOLDER                             pfnDiscard;                                     // 153
  PFND3DVK_DDI_PLACEHOLDER                             pfnAssignDebugBinary;                           // 154
  PFND3D10DDI_RESOURCEMAP                              pfnDynamicConstantBufferMapNoOverwrite;        // 155
  PFND3DVK_DDI_PLACEHOLDER                             pfnCheckDirectFlipSupport;                      // 156
  PFND3DVK_DDI_PLACEHOLDER                             pfnClearView;                                   // 157
} D3D11_1DDI_DEVICEFUNCS;

#define D3D11_1DDI_DEVICEFUNCS_SLOT_COUNT 157

// Other device-table versions the union in D3D10DDIARG_CREATEDEVICE names; d3dvk
// fills only the WDDM 2.0 one.
typedef struct D3D10DDI_DEVICEFUNCS D3D10DDI_DEVICEFUNCS;
typedef struct D3DWDDM1_3DDI_DEVICEFUNCS D3DWDDM1_3DDI_DEVICEFUNCS;

typedef HRESULT(APIENTRY* PFND3D10DDI_RETRIEVESUBOBJECT)(D3D10DDI_HDEVICE, UINT32 SubDeviceID, SIZE_T ParamSize,
                                                        void* pParams, SIZE_T OutputParamSize, void* pOutputParamsBuffer);

typedef struct D3D10DDIARG_CREATEDEVICE {
  D3D10DDI_HRTDEVICE hRTDevice;
  UINT Interface;
  UINT Version;
  const D3DDDI_DEVICECALLBACKS* pKTCallbacks;
  union {
    D3D10DDI_DEVICEFUNCS* pDeviceFuncs;
    D3D11_1DDI_DEVICEFUNCS* p11_1DeviceFuncs;
    D3DWDDM1_3DDI_DEVICEFUNCS* pWDDM1_3DeviceFuncs;
    D3DWDDM2_0DDI_DEVICEFUNCS* pWDDM2_0DeviceFuncs;
  };
  D3D10DDI_HDEVICE hDrvDevice;  // runtime-allocated, CalcPrivateDeviceSize bytes
  DXGI_DDI_BASE_ARGS DXGIBaseDDI;
  D3D10DDI_HRTCORELAYER hRTCoreLayer;
  union {
    const D3D10DDI_CORELAYER_DEVICECALLBACKS* pUMCallbacks;
    const D3D11DDI_CORELAYER_DEVICECALLBACKS* p11UMCallbacks;
    const D3DWDDM2_0DDI_CORELAYER_DEVICECALLBACKS* pWDDM2_0UMCallbacks;
  };
  UINT Flags;
  PFND3D10DDI_RETRIEVESUBOBJECT* ppfnRetrieveSubObject;
} D3D10DDIARG_CREATEDEVICE;

// ---------------------------------------------------------------------------
// Adapter.
typedef struct D3D10DDIARG_CALCPRIVATEDEVICESIZE {
  UINT Interface;
  UINT Version;
  UINT Flags;
} D3D10DDIARG_CALCPRIVATEDEVICESIZE;

typedef SIZE_T(APIENTRY* PFND3D10DDI_CALCPRIVATEDEVICESIZE)(D3D10DDI_HADAPTER, const D3D10DDIARG_CALCPRIVATEDEVICESIZE*);
typedef HRESULT(APIENTRY* PFND3D10DDI_CREATEDEVICE)(D3D10DDI_HADAPTER, D3D10DDIARG_CREATEDEVICE*);
typedef HRESULT(APIENTRY* PFND3D10DDI_CLOSEADAPTER)(D3D10DDI_HADAPTER);
typedef HRESULT(APIENTRY* PFND3D10_2DDI_GETSUPPORTEDVERSIONS)(D3D10DDI_HADAPTER, UINT32* puEntries,
                                                             UINT64* pSupportedDDIInterfaceVersions);
typedef HRESULT(APIENTRY* PFND3D10_2DDI_GETCAPS)(D3D10DDI_HADAPTER, const D3D10_2DDIARG_GETCAPS*);

typedef struct D3D10DDI_ADAPTERFUNCS {
  PFND3D10DDI_CALCPRIVATEDEVICESIZE pfnCalcPrivateDeviceSize;
  PFND3D10DDI_CREATEDEVICE pfnCreateDevice;
  PFND3D10DDI_CLOSEADAPTER pfnCloseAdapter;
} D3D10DDI_ADAPTERFUNCS;

typedef struct D3D10_2DDI_ADAPTERFUNCS {
  PFND3D10DDI_CALCPRIVATEDEVICESIZE pfnCalcPrivateDeviceSize;
  PFND3D10DDI_CREATEDEVICE pfnCreateDevice;
  PFND3D10DDI_CLOSEADAPTER pfnCloseAdapter;
  PFND3D10_2DDI_GETSUPPORTEDVERSIONS pfnGetSupportedVersions;
  PFND3D10_2DDI_GETCAPS pfnGetCaps;
} D3D10_2DDI_ADAPTERFUNCS;

typedef struct D3D10DDIARG_OPENADAPTER {
  D3D10DDI_HRTADAPTER hRTAdapter;  // in
  D3D10DDI_HADAPTER hAdapter;      // out
  UINT Interface;
  UINT Version;
  const D3DDDI_ADAPTERCALLBACKS* pAdapterCallbacks;
  union {
    D3D10DDI_ADAPTERFUNCS* pAdapterFuncs;
    D3D10_2DDI_ADAPTERFUNCS* pAdapterFuncs_2;
  };
} D3D10DDIARG_OPENADAPTER;

typedef HRESULT(APIENTRY* PFND3D10DDI_OPENADAPTER)(D3D10DDIARG_OPENADAPTER*);

// Every slot of D3DWDDM2_0DDI_DEVICEFUNCS as X(slot, Name), 1-based, in table
// order (the D3D11.1 table is slots 1–157). Used to fill, stub and trace the
// table slot by slot with the member types checked at compile time.
#define D3DVK_WDDM2_0_DEVICEFUNCS(X) \
  X(1, DefaultConstantBufferUpdateSubresourceUP) \
  X(2, VsSetConstantBuffers) \
  X(3, PsSetShaderResources) \
  X(4, PsSetShader) \
  X(5, PsSetSamplers) \
  X(6, VsSetShader) \
  X(7, DrawIndexed) \
  X(8, Draw) \
  X(9, DynamicIABufferMapNoOverwrite) \
  X(10, DynamicIABufferUnmap) \
  X(11, DynamicConstantBufferMapDiscard) \
  X(12, DynamicIABufferMapDiscard) \
  X(13, DynamicConstantBufferUnmap) \
  X(14, PsSetConstantBuffers) \
  X(15, IaSetInputLayout) \
  X(16, IaSetVertexBuffers) \
  X(17, IaSetIndexBuffer) \
  X(18, DrawIndexedInstanced) \
  X(19, DrawInstanced) \
  X(20, DynamicResourceMapDiscard) \
  X(21, DynamicResourceUnmap) \
  X(22, GsSetConstantBuffers) \
  X(23, GsSetShader) \
  X(24, IaSetTopology) \
  X(25, StagingResourceMap) \
  X(26, StagingResourceUnmap) \
  X(27, VsSetShaderResources) \
  X(28, VsSetSamplers) \
  X(29, GsSetShaderResources) \
  X(30, GsSetSamplers) \
  X(31, SetRenderTargets) \
  X(32, ShaderResourceViewReadAfterWriteHazard) \
  X(33, ResourceReadAfterWriteHazard) \
  X(34, SetBlendState) \
  X(35, SetDepthStencilState) \
  X(36, SetRasterizerState) \
  X(37, QueryEnd) \
  X(38, QueryBegin) \
  X(39, ResourceCopyRegion) \
  X(40, ResourceUpdateSubresourceUP) \
  X(41, SoSetTargets) \
  X(42, DrawAuto) \
  X(43, SetViewports) \
  X(44, SetScissorRects) \
  X(45, ClearRenderTargetView) \
  X(46, ClearDepthStencilView) \
  X(47, SetPredication) \
  X(48, QueryGetData) \
  X(49, Flush) \
  X(50, GenMips) \
  X(51, ResourceCopy) \
  X(52, ResourceResolveSubresource) \
  X(53, ResourceMap) \
  X(54, ResourceUnmap) \
  X(55, ResourceIsStagingBusy) \
  X(56, RelocateDeviceFuncs) \
  X(57, CalcPrivateResourceSize) \
  X(58, CalcPrivateOpenedResourceSize) \
  X(59, CreateResource) \
  X(60, OpenResource) \
  X(61, DestroyResource) \
  X(62, CalcPrivateShaderResourceViewSize) \
  X(63, CreateShaderResourceView) \
  X(64, DestroyShaderResourceView) \
  X(65, CalcPrivateRenderTargetViewSize) \
  X(66, CreateRenderTargetView) \
  X(67, DestroyRenderTargetView) \
  X(68, CalcPrivateDepthStencilViewSize) \
  X(69, CreateDepthStencilView) \
  X(70, DestroyDepthStencilView) \
  X(71, CalcPrivateElementLayoutSize) \
  X(72, CreateElementLayout) \
  X(73, DestroyElementLayout) \
  X(74, CalcPrivateBlendStateSize) \
  X(75, CreateBlendState) \
  X(76, DestroyBlendState) \
  X(77, CalcPrivateDepthStencilStateSize) \
  X(78, CreateDepthStencilState) \
  X(79, DestroyDepthStencilState) \
  X(80, CalcPrivateRasterizerStateSize) \
  X(81, CreateRasterizerState) \
  X(82, DestroyRasterizerState) \
  X(83, CalcPrivateShaderSize) \
  X(84, CreateVertexShader) \
  X(85, CreateGeometryShader) \
  X(86, CreatePixelShader) \
  X(87, CalcPrivateGeometryShaderWithStreamOutput) \
  X(88, CreateGeometryShaderWithStreamOutput) \
  X(89, DestroyShader) \
  X(90, CalcPrivateSamplerSize) \
  X(91, CreateSampler) \
  X(92, DestroySampler) \
  X(93, CalcPrivateQuerySize) \
  X(94, CreateQuery) \
  X(95, DestroyQuery) \
  X(96, CheckFormatSupport) \
  X(97, CheckMultisampleQualityLevels) \
  X(98, CheckCounterInfo) \
  X(99, CheckCounter) \
  X(100, DestroyDevice) \
  X(101, SetTextFilterSize) \
  X(102, ResourceConvert) \
  X(103, ResourceConvertRegion) \
  X(104, ResetPrimitiveID) \
  X(105, SetVertexPipelineOutput) \
  X(106, DrawIndexedInstancedIndirect) \
  X(107, DrawInstancedIndirect) \
  X(108, CommandListExecute) \
  X(109, HsSetShaderResources) \
  X(110, HsSetShader) \
  X(111, HsSetSamplers) \
  X(112, HsSetConstantBuffers) \
  X(113, DsSetShaderResources) \
  X(114, DsSetShader) \
  X(115, DsSetSamplers) \
  X(116, DsSetConstantBuffers) \
  X(117, CreateHullShader) \
  X(118, CreateDomainShader) \
  X(119, CheckDeferredContextHandleSizes) \
  X(120, CalcDeferredContextHandleSize) \
  X(121, CalcPrivateDeferredContextSize) \
  X(122, CreateDeferredContext) \
  X(123, AbandonCommandList) \
  X(124, CalcPrivateCommandListSize) \
  X(125, CreateCommandList) \
  X(126, DestroyCommandList) \
  X(127, CalcPrivateTessellationShaderSize) \
  X(128, PsSetShaderWithIfaces) \
  X(129, VsSetShaderWithIfaces) \
  X(130, GsSetShaderWithIfaces) \
  X(131, HsSetShaderWithIfaces) \
  X(132, DsSetShaderWithIfaces) \
  X(133, CsSetShaderWithIfaces) \
  X(134, CreateComputeShader) \
  X(135, CsSetShader) \
  X(136, CsSetShaderResources) \
  X(137, CsSetSamplers) \
  X(138, CsSetConstantBuffers) \
  X(139, CalcPrivateUnorderedAccessViewSize) \
  X(140, CreateUnorderedAccessView) \
  X(141, DestroyUnorderedAccessView) \
  X(142, ClearUnorderedAccessViewUint) \
  X(143, ClearUnorderedAccessViewFloat) \
  X(144, CsSetUnorderedAccessViews) \
  X(145, Dispatch) \
  X(146, DispatchIndirect) \
  X(147, SetResourceMinLOD) \
  X(148, CopyStructureCount) \
  X(149, RecycleCommandList) \
  X(150, RecycleCreateCommandList) \
  X(151, RecycleCreateDeferredContext) \
  X(152, RecycleDestroyCommandList) \
  X(153, Discard) \
  X(154, AssignDebugBinary) \
  X(155, DynamicConstantBufferMapNoOverwrite) \
  X(156, CheckDirectFlipSupport) \
  X(157, ClearView) \
  X(158, UpdateTileMappings) \
  X(159, CopyTileMappings) \
  X(160, CopyTiles) \
  X(161, UpdateTiles) \
  X(162, TiledResourceBarrier) \
  X(163, GetMipPacking) \
  X(164, ResizeTilePool) \
  X(165, SetMarker) \
  X(166, SetMarkerMode) \
  X(167, SetHardwareProtection) \
  X(168, GetResourceLayout) \
  X(169, RetrieveShaderComment) \
  X(170, SetHardwareProtectionState) 

// The same for D3D11_1DDI_DEVICEFUNCS (slots 1–157).
#define D3DVK_D3D11_1_DEVICEFUNCS(X) \
  X(1, DefaultConstantBufferUpdateSubresourceUP) \
  X(2, VsSetConstantBuffers) \
  X(3, PsSetShaderResources) \
  X(4, PsSetShader) \
  X(5, PsSetSamplers) \
  X(6, VsSetShader) \
  X(7, DrawIndexed) \
  X(8, Draw) \
  X(9, DynamicIABufferMapNoOverwrite) \
  X(10, DynamicIABufferUnmap) \
  X(11, DynamicConstantBufferMapDiscard) \
  X(12, DynamicIABufferMapDiscard) \
  X(13, DynamicConstantBufferUnmap) \
  X(14, PsSetConstantBuffers) \
  X(15, IaSetInputLayout) \
  X(16, IaSetVertexBuffers) \
  X(17, IaSetIndexBuffer) \
  X(18, DrawIndexedInstanced) \
  X(19, DrawInstanced) \
  X(20, DynamicResourceMapDiscard) \
  X(21, DynamicResourceUnmap) \
  X(22, GsSetConstantBuffers) \
  X(23, GsSetShader) \
  X(24, IaSetTopology) \
  X(25, StagingResourceMap) \
  X(26, StagingResourceUnmap) \
  X(27, VsSetShaderResources) \
  X(28, VsSetSamplers) \
  X(29, GsSetShaderResources) \
  X(30, GsSetSamplers) \
  X(31, SetRenderTargets) \
  X(32, ShaderResourceViewReadAfterWriteHazard) \
  X(33, ResourceReadAfterWriteHazard) \
  X(34, SetBlendState) \
  X(35, SetDepthStencilState) \
  X(36, SetRasterizerState) \
  X(37, QueryEnd) \
  X(38, QueryBegin) \
  X(39, ResourceCopyRegion) \
  X(40, ResourceUpdateSubresourceUP) \
  X(41, SoSetTargets) \
  X(42, DrawAuto) \
  X(43, SetViewports) \
  X(44, SetScissorRects) \
  X(45, ClearRenderTargetView) \
  X(46, ClearDepthStencilView) \
  X(47, SetPredication) \
  X(48, QueryGetData) \
  X(49, Flush) \
  X(50, GenMips) \
  X(51, ResourceCopy) \
  X(52, ResourceResolveSubresource) \
  X(53, ResourceMap) \
  X(54, ResourceUnmap) \
  X(55, ResourceIsStagingBusy) \
  X(56, RelocateDeviceFuncs) \
  X(57, CalcPrivateResourceSize) \
  X(58, CalcPrivateOpenedResourceSize) \
  X(59, CreateResource) \
  X(60, OpenResource) \
  X(61, DestroyResource) \
  X(62, CalcPrivateShaderResourceViewSize) \
  X(63, CreateShaderResourceView) \
  X(64, DestroyShaderResourceView) \
  X(65, CalcPrivateRenderTargetViewSize) \
  X(66, CreateRenderTargetView) \
  X(67, DestroyRenderTargetView) \
  X(68, CalcPrivateDepthStencilViewSize) \
  X(69, CreateDepthStencilView) \
  X(70, DestroyDepthStencilView) \
  X(71, CalcPrivateElementLayoutSize) \
  X(72, CreateElementLayout) \
  X(73, DestroyElementLayout) \
  X(74, CalcPrivateBlendStateSize) \
  X(75, CreateBlendState) \
  X(76, DestroyBlendState) \
  X(77, CalcPrivateDepthStencilStateSize) \
  X(78, CreateDepthStencilState) \
  X(79, DestroyDepthStencilState) \
  X(80, CalcPrivateRasterizerStateSize) \
  X(81, CreateRasterizerState) \
  X(82, DestroyRasterizerState) \
  X(83, CalcPrivateShaderSize) \
  X(84, CreateVertexShader) \
  X(85, CreateGeometryShader) \
  X(86, CreatePixelShader) \
  X(87, CalcPrivateGeometryShaderWithStreamOutput) \
  X(88, CreateGeometryShaderWithStreamOutput) \
  X(89, DestroyShader) \
  X(90, CalcPrivateSamplerSize) \
  X(91, CreateSampler) \
  X(92, DestroySampler) \
  X(93, CalcPrivateQuerySize) \
  X(94, CreateQuery) \
  X(95, DestroyQuery) \
  X(96, CheckFormatSupport) \
  X(97, CheckMultisampleQualityLevels) \
  X(98, CheckCounterInfo) \
  X(99, CheckCounter) \
  X(100, DestroyDevice) \
  X(101, SetTextFilterSize) \
  X(102, ResourceConvert) \
  X(103, ResourceConvertRegion) \
  X(104, ResetPrimitiveID) \
  X(105, SetVertexPipelineOutput) \
  X(106, DrawIndexedInstancedIndirect) \
  X(107, DrawInstancedIndirect) \
  X(108, CommandListExecute) \
  X(109, HsSetShaderResources) \
  X(110, HsSetShader) \
  X(111, HsSetSamplers) \
  X(112, HsSetConstantBuffers) \
  X(113, DsSetShaderResources) \
  X(114, DsSetShader) \
  X(115, DsSetSamplers) \
  X(116, DsSetConstantBuffers) \
  X(117, CreateHullShader) \
  X(118, CreateDomainShader) \
  X(119, CheckDeferredContextHandleSizes) \
  X(120, CalcDeferredContextHandleSize) \
  X(121, CalcPrivateDeferredContextSize) \
  X(122, CreateDeferredContext) \
  X(123, AbandonCommandList) \
  X(124, CalcPrivateCommandListSize) \
  X(125, CreateCommandList) \
  X(126, DestroyCommandList) \
  X(127, CalcPrivateTessellationShaderSize) \
  X(128, PsSetShaderWithIfaces) \
  X(129, VsSetShaderWithIfaces) \
  X(130, GsSetShaderWithIfaces) \
  X(131, HsSetShaderWithIfaces) \
  X(132, DsSetShaderWithIfaces) \
  X(133, CsSetShaderWithIfaces) \
  X(134, CreateComputeShader) \
  X(135, CsSetShader) \
  X(136, CsSetShaderResources) \
  X(137, CsSetSamplers) \
  X(138, CsSetConstantBuffers) \
  X(139, CalcPrivateUnorderedAccessViewSize) \
  X(140, CreateUnorderedAccessView) \
  X(141, DestroyUnorderedAccessView) \
  X(142, ClearUnorderedAccessViewUint) \
  X(143, ClearUnorderedAccessViewFloat) \
  X(144, CsSetUnorderedAccessViews) \
  X(145, Dispatch) \
  X(146, DispatchIndirect) \
  X(147, SetResourceMinLOD) \
  X(148, CopyStructureCount) \
  X(149, RecycleCommandList) \
  X(150, RecycleCreateCommandList) \
  X(151, RecycleCreateDeferredContext) \
  X(152, RecycleDestroyCommandList) \
  X(153, Discard) \
  X(154, AssignDebugBinary) \
  X(155, DynamicConstantBufferMapNoOverwrite) \
  X(156, CheckDirectFlipSupport) \
  X(157, ClearView) 

namespace d3dvk::ddi {
// The slot names of D3DWDDM2_0DDI_DEVICEFUNCS, index 0 = slot 1 (for tracing and messages).
inline constexpr const char* kWddm2_0DeviceFuncNames[D3DWDDM2_0DDI_DEVICEFUNCS_SLOT_COUNT] = {
#define D3DVK_X(slot, name) #name,
    D3DVK_WDDM2_0_DEVICEFUNCS(D3DVK_X)
#undef D3DVK_X
};
}  // namespace d3dvk::ddi
