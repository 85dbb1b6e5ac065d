// d3d11_3.h — d3dvk's public Direct3D 11.3 API header for Linux.
//
// Owns: the D3D11.3 additions, headed by conservative rasterization —
// D3D11_CONSERVATIVE_RASTERIZATION_MODE, D3D11_RASTERIZER_DESC2 and its
// CD3D11_RASTERIZER_DESC2 helper — plus texture layouts, the *_DESC1 view/texture
// descs, D3D11_QUERY_DESC1, and the interfaces ID3D11Texture2D1, ID3D11Texture3D1,
// ID3D11RasterizerState2, ID3D11ShaderResourceView1, ID3D11RenderTargetView1,
// ID3D11UnorderedAccessView1, ID3D11Query1, ID3D11DeviceContext3 and ID3D11Device3.
// (The tier enum and D3D11_FEATURE_DATA_D3D11_OPTIONS2 live in d3d11.h, as in the
// SDK.) IID scheme: see d3d11.h.
#ifndef D3DVK_D3D11_3_H
#define D3DVK_D3D11_3_H

#include "d3d11_2.h"

typedef enum D3D11_CONTEXT_TYPE D3DVK_ENUM_INT {
  D3D11_CONTEXT_TYPE_ALL = 0,
  D3D11_CONTEXT_TYPE_3D = 1,
  D3D11_CONTEXT_TYPE_COMPUTE = 2,
  D3D11_CONTEXT_TYPE_COPY = 3,
  D3D11_CONTEXT_TYPE_VIDEO = 4,
} D3D11_CONTEXT_TYPE;

typedef enum D3D11_TEXTURE_LAYOUT D3DVK_ENUM_INT {
  D3D11_TEXTURE_LAYOUT_UNDEFINED = 0,
  D3D11_TEXTURE_LAYOUT_ROW_MAJOR = 1,
  D3D11_TEXTURE_LAYOUT_64K_STANDARD_SWIZZLE = 2,
} D3D11_TEXTURE_LAYOUT;

typedef enum D3D11_CONSERVATIVE_RASTERIZATION_MODE D3DVK_ENUM_INT {
  D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF = 0,
  D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON = 1,
} D3D11_CONSERVATIVE_RASTERIZATION_MODE;

typedef struct D3D11_TEXTURE2D_DESC1 {
  UINT Width;
  UINT Height;
  UINT MipLevels;
  UINT ArraySize;
  DXGI_FORMAT Format;
  DXGI_SAMPLE_DESC SampleDesc;
  D3D11_USAGE Usage;
  UINT BindFlags;
  UINT CPUAccessFlags;
  UINT MiscFlags;
  D3D11_TEXTURE_LAYOUT TextureLayout;
} D3D11_TEXTURE2D_DESC1;

typedef struct D3D11_TEXTURE3D_DESC1 {
  UINT Width;
  UINT Height;
  UINT Depth;
  UINT MipLevels;
  DXGI_FORMAT Format;
  D3D11_USAGE Usage;
  UINT BindFlags;
  UINT CPUAccessFlags;
  UINT MiscFlags;
  D3D11_TEXTURE_LAYOUT TextureLayout;
} D3D11_TEXTURE3D_DESC1;

typedef struct D3D11_RASTERIZER_DESC2 {
  D3D11_FILL_MODE FillMode;
  D3D11_CULL_MODE CullMode;
  BOOL FrontCounterClockwise;
  INT DepthBias;
  FLOAT DepthBiasClamp;
  FLOAT SlopeScaledDepthBias;
  BOOL DepthClipEnable;
  BOOL ScissorEnable;
  BOOL MultisampleEnable;
  BOOL AntialiasedLineEnable;
  UINT ForcedSampleCount;
  D3D11_CONSERVATIVE_RASTERIZATION_MODE ConservativeRaster;
} D3D11_RASTERIZER_DESC2;

#ifdef __cplusplus
struct CD3D11_RASTERIZER_DESC2 : public D3D11_RASTERIZER_DESC2 {
  CD3D11_RASTERIZER_DESC2() = default;
  explicit CD3D11_RASTERIZER_DESC2(const D3D11_RASTERIZER_DESC2& o) : D3D11_RASTERIZER_DESC2(o) {}
  // D3D11.3's default rasterizer state: SOLID, BACK, FALSE, 0, 0.f, 0.f, TRUE, FALSE,
  // FALSE, FALSE, 0, OFF.
  explicit CD3D11_RASTERIZER_DESC2(CD3D11_DEFAULT) {
    FillMode = D3D11_FILL_SOLID;
    CullMode = D3D11_CULL_BACK;
    FrontCounterClockwise = FALSE;
    DepthBias = D3D11_DEFAULT_DEPTH_BIAS;
    DepthBiasClamp = D3D11_DEFAULT_DEPTH_BIAS_CLAMP;
    SlopeScaledDepthBias = D3D11_DEFAULT_SLOPE_SCALED_DEPTH_BIAS;
    DepthClipEnable = TRUE;
    ScissorEnable = FALSE;
    MultisampleEnable = FALSE;
    AntialiasedLineEnable = FALSE;
    ForcedSampleCount = 0;
    ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF;
  }
  explicit CD3D11_RASTERIZER_DESC2(D3D11_FILL_MODE fillMode, D3D11_CULL_MODE cullMode,
                                   BOOL frontCounterClockwise, INT depthBias, FLOAT depthBiasClamp,
                                   FLOAT slopeScaledDepthBias, BOOL depthClipEnable, BOOL scissorEnable,
                                   BOOL multisampleEnable, BOOL antialiasedLineEnable,
                                   UINT forcedSampleCount = 0,
                                   D3D11_CONSERVATIVE_RASTERIZATION_MODE conservativeRaster =
                                       D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF) {
    FillMode = fillMode;
    CullMode = cullMode;
    FrontCounterClockwise = frontCounterClockwise;
    DepthBias = depthBias;
    DepthBiasClamp = depthBiasClamp;
    SlopeScaledDepthBias = slopeScaledDepthBias;
    DepthClipEnable = depthClipEnable;
    ScissorEnable = scissorEnable;
    MultisampleEnable = multisampleEnable;
    AntialiasedLineEnable = antialiasedLineEnable;
    ForcedSampleCount = forcedSampleCount;
    ConservativeRaster = conservativeRaster;
  }
};
#endif

// *_DESC1 views: 2D (array) views gain a PlaneSlice.
typedef struct D3D11_TEX2D_SRV1 {
  UINT MostDetailedMip;
  UINT MipLevels;
  UINT PlaneSlice;
} D3D11_TEX2D_SRV1;

typedef struct D3D11_TEX2D_ARRAY_SRV1 {
  UINT MostDetailedMip;
  UINT MipLevels;
  UINT FirstArraySlice;
  UINT ArraySize;
  UINT PlaneSlice;
} D3D11_TEX2D_ARRAY_SRV1;

typedef struct D3D11_SHADER_RESOURCE_VIEW_DESC1 {
  DXGI_FORMAT Format;
  D3D11_SRV_DIMENSION ViewDimension;
  union {
    D3D11_BUFFER_SRV Buffer;
    D3D11_TEX1D_SRV Texture1D;
    D3D11_TEX1D_ARRAY_SRV Texture1DArray;
    D3D11_TEX2D_SRV1 Texture2D;
    D3D11_TEX2D_ARRAY_SRV1 Texture2DArray;
    D3D11_TEX2DMS_SRV Texture2DMS;
    D3D11_TEX2DMS_ARRAY_SRV Texture2DMSArray;
    D3D11_TEX3D_SRV Texture3D;
    D3D11_TEXCUBE_SRV TextureCube;
    D3D11_TEXCUBE_ARRAY_SRV TextureCubeArray;
    D3D11_BUFFEREX_SRV BufferEx;
  };
} D3D11_SHADER_RESOURCE_VIEW_DESC1;

typedef struct D3D11_TEX2D_RTV1 {
  UINT MipSlice;
  UINT PlaneSlice;
} D3D11_TEX2D_RTV1;

typedef struct D3D11_TEX2D_ARRAY_RTV1 {
  UINT MipSlice;
  UINT FirstArraySlice;
  UINT ArraySize;
  UINT PlaneSlice;
} D3D11_TEX2D_ARRAY_RTV1;

typedef struct D3D11_RENDER_TARGET_VIEW_DESC1 {
  DXGI_FORMAT Format;
  D3D11_RTV_DIMENSION ViewDimension;
  union {
    D3D11_BUFFER_RTV Buffer;
    D3D11_TEX1D_RTV Texture1D;
    D3D11_TEX1D_ARRAY_RTV Texture1DArray;
    D3D11_TEX2D_RTV1 Texture2D;
    D3D11_TEX2D_ARRAY_RTV1 Texture2DArray;
    D3D11_TEX2DMS_RTV Texture2DMS;
    D3D11_TEX2DMS_ARRAY_RTV Texture2DMSArray;
    D3D11_TEX3D_RTV Texture3D;
  };
} D3D11_RENDER_TARGET_VIEW_DESC1;

typedef struct D3D11_TEX2D_UAV1 {
  UINT MipSlice;
  UINT PlaneSlice;
} D3D11_TEX2D_UAV1;

typedef struct D3D11_TEX2D_ARRAY_UAV1 {
  UINT MipSlice;
  UINT FirstArraySlice;
  UINT ArraySize;
  UINT PlaneSlice;
} D3D11_TEX2D_ARRAY_UAV1;

typedef struct D3D11_UNORDERED_ACCESS_VIEW_DESC1 {
  DXGI_FORMAT Format;
  D3D11_UAV_DIMENSION ViewDimension;
  union {
    D3D11_BUFFER_UAV Buffer;
    D3D11_TEX1D_UAV Texture1D;
    D3D11_TEX1D_ARRAY_UAV Texture1DArray;
    D3D11_TEX2D_UAV1 Texture2D;
    D3D11_TEX2D_ARRAY_UAV1 Texture2DArray;
    D3D11_TEX3D_UAV Texture3D;
  };
} D3D11_UNORDERED_ACCESS_VIEW_DESC1;

typedef struct D3D11_QUERY_DESC1 {
  D3D11_QUERY Query;
  UINT MiscFlags;
  D3D11_CONTEXT_TYPE ContextType;
} D3D11_QUERY_DESC1;

typedef struct ID3D11Texture2D1 ID3D11Texture2D1;
typedef struct ID3D11Texture3D1 ID3D11Texture3D1;
typedef struct ID3D11RasterizerState2 ID3D11RasterizerState2;
typedef struct ID3D11ShaderResourceView1 ID3D11ShaderResourceView1;
typedef struct ID3D11RenderTargetView1 ID3D11RenderTargetView1;
typedef struct ID3D11UnorderedAccessView1 ID3D11UnorderedAccessView1;
typedef struct ID3D11Query1 ID3D11Query1;
typedef struct ID3D11DeviceContext3 ID3D11DeviceContext3;
typedef struct ID3D11Device3 ID3D11Device3;

D3DVK_BEGIN_INTERFACES

MIDL_INTERFACE("51218251-1e33-4617-9ccb-4d3a4367e7bb")
ID3D11Texture2D1 : public ID3D11Texture2D {
 public:
  virtual void STDMETHODCALLTYPE GetDesc1(D3D11_TEXTURE2D_DESC1* pDesc) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(ID3D11Texture2D1, 0x51218251, 0x1e33, 0x4617, 0x9c, 0xcb, 0x4d, 0x3a, 0x43, 0x67, 0xe7, 0xbb)

MIDL_INTERFACE("0c711683-2853-4846-9bb0-f3e60639e46a")
ID3D11Texture3D1 : public ID3D11Texture3D {
 public:
  virtual void STDMETHODCALLTYPE GetDesc1(D3D11_TEXTURE3D_DESC1* pDesc) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(ID3D11Texture3D1, 0x0c711683, 0x2853, 0x4846, 0x9b, 0xb0, 0xf3, 0xe6, 0x06, 0x39, 0xe4, 0x6a)

// Slots: 0–2 IUnknown, 3–6 ID3D11DeviceChild, 7 GetDesc, 8 GetDesc1, 9 GetDesc2.
MIDL_INTERFACE("6fbd02fb-209f-46c4-b059-2ed15586a6ac")
ID3D11RasterizerState2 : public ID3D11RasterizerState1 {
 public:
  virtual void STDMETHODCALLTYPE GetDesc2(D3D11_RASTERIZER_DESC2* pDesc) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(ID3D11RasterizerState2, 0x6fbd02fb, 0x209f, 0x46c4, 0xb0, 0x59, 0x2e, 0xd1, 0x55, 0x86, 0xa6, 0xac)

MIDL_INTERFACE("91308b87-9040-411d-8c67-c39253ce3802")
ID3D11ShaderResourceView1 : public ID3D11ShaderResourceView {
 public:
  virtual void STDMETHODCALLTYPE GetDesc1(D3D11_SHADER_RESOURCE_VIEW_DESC1* pDesc1) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(ID3D11ShaderResourceView1, 0x91308b87, 0x9040, 0x411d, 0x8c, 0x67, 0xc3, 0x92, 0x53, 0xce, 0x38, 0x02)

MIDL_INTERFACE("ffbe2e23-f011-418a-ac56-5ceed7c5b94b")
ID3D11RenderTargetView1 : public ID3D11RenderTargetView {
 public:
  virtual void STDMETHODCALLTYPE GetDesc1(D3D11_RENDER_TARGET_VIEW_DESC1* pDesc1) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(ID3D11RenderTargetView1, 0xffbe2e23, 0xf011, 0x418a, 0xac, 0x56, 0x5c, 0xee, 0xd7, 0xc5, 0xb9, 0x4b)

MIDL_INTERFACE("7b3b6153-a886-4544-ab37-6537c8500403")
ID3D11UnorderedAccessView1 : public ID3D11UnorderedAccessView {
 public:
  virtual void STDMETHODCALLTYPE GetDesc1(D3D11_UNORDERED_ACCESS_VIEW_DESC1* pDesc1) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(ID3D11UnorderedAccessView1, 0x7b3b6153, 0xa886, 0x4544, 0xab, 0x37, 0x65, 0x37, 0xc8, 0x50, 0x04, 0x03)

MIDL_INTERFACE("631b4766-36dc-461d-8db6-c47e13e60916")
ID3D11Query1 : public ID3D11Query {
 public:
  virtual void STDMETHODCALLTYPE GetDesc1(D3D11_QUERY_DESC1* pDesc1) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(ID3D11Query1, 0x631b4766, 0x36dc, 0x461d, 0x8d, 0xb6, 0xc4, 0x7e, 0x13, 0xe6, 0x09, 0x16)

MIDL_INTERFACE("b4e3c01d-e79e-4637-91b2-510e9f4c9b8f")
ID3D11DeviceContext3 : public ID3D11DeviceContext2 {
 public:
  // 144
  virtual void STDMETHODCALLTYPE Flush1(D3D11_CONTEXT_TYPE ContextType, HANDLE hEvent) = 0;
  virtual void STDMETHODCALLTYPE SetHardwareProtectionState(BOOL HwProtectionEnable) = 0;
  // 146
  virtual void STDMETHODCALLTYPE GetHardwareProtectionState(BOOL* pHwProtectionEnable) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(ID3D11DeviceContext3, 0xb4e3c01d, 0xe79e, 0x4637, 0x91, 0xb2, 0x51, 0x0e, 0x9f, 0x4c, 0x9b, 0x8f)

MIDL_INTERFACE("a05c8c37-d2c6-4732-b3a0-9ce0b0dc9ae6")
ID3D11Device3 : public ID3D11Device2 {
 public:
  // 54
  virtual HRESULT STDMETHODCALLTYPE CreateTexture2D1(const D3D11_TEXTURE2D_DESC1* pDesc1,
                                                     const D3D11_SUBRESOURCE_DATA* pInitialData,
                                                     ID3D11Texture2D1** ppTexture2D) = 0;
  virtual HRESULT STDMETHODCALLTYPE CreateTexture3D1(const D3D11_TEXTURE3D_DESC1* pDesc1,
                                                     const D3D11_SUBRESOURCE_DATA* pInitialData,
                                                     ID3D11Texture3D1** ppTexture3D) = 0;
  // 56
  virtual HRESULT STDMETHODCALLTYPE CreateRasterizerState2(const D3D11_RASTERIZER_DESC2* pRasterizerDesc,
                                                           ID3D11RasterizerState2** ppRasterizerState) = 0;
  virtual HRESULT STDMETHODCALLTYPE CreateShaderResourceView1(ID3D11Resource* pResource,
                                                              const D3D11_SHADER_RESOURCE_VIEW_DESC1* pDesc1,
                                                              ID3D11ShaderResourceView1** ppSRView1) = 0;
  virtual HRESULT STDMETHODCALLTYPE CreateUnorderedAccessView1(ID3D11Resource* pResource,
                                                               const D3D11_UNORDERED_ACCESS_VIEW_DESC1* pDesc1,
                                                               ID3D11UnorderedAccessView1** ppUAView1) = 0;
  virtual HRESULT STDMETHODCALLTYPE CreateRenderTargetView1(ID3D11Resource* pResource,
                                                            const D3D11_RENDER_TARGET_VIEW_DESC1* pDesc1,
                                                            ID3D11RenderTargetView1** ppRTView1) = 0;
  // 60
  virtual HRESULT STDMETHODCALLTYPE CreateQuery1(const D3D11_QUERY_DESC1* pQueryDesc1, ID3D11Query1** ppQuery1) = 0;
  virtual void STDMETHODCALLTYPE GetImmediateContext3(ID3D11DeviceContext3** ppImmediateContext) = 0;
  virtual HRESULT STDMETHODCALLTYPE CreateDeferredContext3(UINT ContextFlags,
                                                           ID3D11DeviceContext3** ppDeferredContext) = 0;
  virtual void STDMETHODCALLTYPE WriteToSubresource(ID3D11Resource* pDstResource, UINT DstSubresource,
                                                    const D3D11_BOX* pDstBox, const void* pSrcData,
                                                    UINT SrcRowPitch, UINT SrcDepthPitch) = 0;
  // 64
  virtual void STDMETHODCALLTYPE ReadFromSubresource(void* pDstData, UINT DstRowPitch, UINT DstDepthPitch,
                                                     ID3D11Resource* pSrcResource, UINT SrcSubresource,
                                                     const D3D11_BOX* pSrcBox) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(ID3D11Device3, 0xa05c8c37, 0xd2c6, 0x4732, 0xb3, 0xa0, 0x9c, 0xe0, 0xb0, 0xdc, 0x9a, 0xe6)

D3DVK_END_INTERFACES

#endif  // D3DVK_D3D11_3_H
