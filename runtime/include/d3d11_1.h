// d3d11_1.h — d3dvk's public Direct3D 11.1 API header for Linux.
//
// Owns: the D3D11.1 additions — copy flags, logic ops, D3D11_BLEND_DESC1,
// D3D11_RASTERIZER_DESC1 (ForcedSampleCount), and the interfaces ID3D11BlendState1,
// ID3D11RasterizerState1, ID3DDeviceContextState, ID3D11DeviceContext1,
// ID3DUserDefinedAnnotation and ID3D11Device1. IID scheme: see d3d11.h.
#ifndef D3DVK_D3D11_1_H
#define D3DVK_D3D11_1_H

#include "d3d11.h"

typedef enum D3D11_COPY_FLAGS D3DVK_ENUM_INT {
  D3D11_COPY_NO_OVERWRITE = 0x1,
  D3D11_COPY_DISCARD = 0x2,
} D3D11_COPY_FLAGS;

typedef enum D3D11_LOGIC_OP D3DVK_ENUM_INT {
  D3D11_LOGIC_OP_CLEAR = 0,
  D3D11_LOGIC_OP_SET = 1,
  D3D11_LOGIC_OP_COPY = 2,
  D3D11_LOGIC_OP_COPY_INVERTED = 3,
  D3D11_LOGIC_OP_NOOP = 4,
  D3D11_LOGIC_OP_INVERT = 5,
  D3D11_LOGIC_OP_AND = 6,
  D3D11_LOGIC_OP_NAND = 7,
  D3D11_LOGIC_OP_OR = 8,
  D3D11_LOGIC_OP_NOR = 9,
  D3D11_LOGIC_OP_XOR = 10,
  D3D11_LOGIC_OP_EQUIV = 11,
  D3D11_LOGIC_OP_AND_REVERSE = 12,
  D3D11_LOGIC_OP_AND_INVERTED = 13,
  D3D11_LOGIC_OP_OR_REVERSE = 14,
  D3D11_LOGIC_OP_OR_INVERTED = 15,
} D3D11_LOGIC_OP;

typedef enum D3D11_1_CREATE_DEVICE_CONTEXT_STATE_FLAG D3DVK_ENUM_INT {
  D3D11_1_CREATE_DEVICE_CONTEXT_STATE_SINGLETHREADED = 0x1,
} D3D11_1_CREATE_DEVICE_CONTEXT_STATE_FLAG;

typedef struct D3D11_RENDER_TARGET_BLEND_DESC1 {
  BOOL BlendEnable;
  BOOL LogicOpEnable;
  D3D11_BLEND SrcBlend;
  D3D11_BLEND DestBlend;
  D3D11_BLEND_OP BlendOp;
  D3D11_BLEND SrcBlendAlpha;
  D3D11_BLEND DestBlendAlpha;
  D3D11_BLEND_OP BlendOpAlpha;
  D3D11_LOGIC_OP LogicOp;
  UINT8 RenderTargetWriteMask;
} D3D11_RENDER_TARGET_BLEND_DESC1;

typedef struct D3D11_BLEND_DESC1 {
  BOOL AlphaToCoverageEnable;
  BOOL IndependentBlendEnable;
  D3D11_RENDER_TARGET_BLEND_DESC1 RenderTarget[8];
} D3D11_BLEND_DESC1;

typedef struct D3D11_RASTERIZER_DESC1 {
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
} D3D11_RASTERIZER_DESC1;

#ifdef __cplusplus
struct CD3D11_RASTERIZER_DESC1 : public D3D11_RASTERIZER_DESC1 {
  CD3D11_RASTERIZER_DESC1() = default;
  explicit CD3D11_RASTERIZER_DESC1(const D3D11_RASTERIZER_DESC1& o) : D3D11_RASTERIZER_DESC1(o) {}
  explicit CD3D11_RASTERIZER_DESC1(CD3D11_DEFAULT) {
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
  }
};
#endif

typedef struct ID3D11BlendState1 ID3D11BlendState1;
typedef struct ID3D11RasterizerState1 ID3D11RasterizerState1;
typedef struct ID3DDeviceContextState ID3DDeviceContextState;
typedef struct ID3D11DeviceContext1 ID3D11DeviceContext1;
typedef struct ID3DUserDefinedAnnotation ID3DUserDefinedAnnotation;
typedef struct ID3D11Device1 ID3D11Device1;

D3DVK_BEGIN_INTERFACES

MIDL_INTERFACE("cc86fabe-da55-401d-85e7-e3c9de2877e9")
ID3D11BlendState1 : public ID3D11BlendState {
 public:
  virtual void STDMETHODCALLTYPE GetDesc1(D3D11_BLEND_DESC1* pDesc) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(ID3D11BlendState1, 0xcc86fabe, 0xda55, 0x401d, 0x85, 0xe7, 0xe3, 0xc9, 0xde, 0x28, 0x77, 0xe9)

MIDL_INTERFACE("1217d7a6-5039-418c-b042-9cbe256afd6e")
ID3D11RasterizerState1 : public ID3D11RasterizerState {
 public:
  virtual void STDMETHODCALLTYPE GetDesc1(D3D11_RASTERIZER_DESC1* pDesc) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(ID3D11RasterizerState1, 0x1217d7a6, 0x5039, 0x418c, 0xb0, 0x42, 0x9c, 0xbe, 0x25, 0x6a, 0xfd, 0x6e)

MIDL_INTERFACE("5c1e0d8a-7c23-48f9-8c59-a92958ceff11")
ID3DDeviceContextState : public ID3D11DeviceChild {};
D3DVK_DECLARE_INTERFACE_IID(ID3DDeviceContextState, 0x5c1e0d8a, 0x7c23, 0x48f9, 0x8c, 0x59, 0xa9, 0x29, 0x58, 0xce, 0xff, 0x11)

MIDL_INTERFACE("bb2c6faa-b5fb-4082-8e6b-388b8cfa90e1")
ID3D11DeviceContext1 : public ID3D11DeviceContext {
 public:
  // 115
  virtual void STDMETHODCALLTYPE CopySubresourceRegion1(ID3D11Resource* pDstResource, UINT DstSubresource,
                                                        UINT DstX, UINT DstY, UINT DstZ,
                                                        ID3D11Resource* pSrcResource, UINT SrcSubresource,
                                                        const D3D11_BOX* pSrcBox, UINT CopyFlags) = 0;
  virtual void STDMETHODCALLTYPE UpdateSubresource1(ID3D11Resource* pDstResource, UINT DstSubresource,
                                                    const D3D11_BOX* pDstBox, const void* pSrcData,
                                                    UINT SrcRowPitch, UINT SrcDepthPitch, UINT CopyFlags) = 0;
  virtual void STDMETHODCALLTYPE DiscardResource(ID3D11Resource* pResource) = 0;
  virtual void STDMETHODCALLTYPE DiscardView(ID3D11View* pResourceView) = 0;
  // 119
  virtual void STDMETHODCALLTYPE VSSetConstantBuffers1(UINT StartSlot, UINT NumBuffers,
                                                       ID3D11Buffer* const* ppConstantBuffers,
                                                       const UINT* pFirstConstant, const UINT* pNumConstants) = 0;
  virtual void STDMETHODCALLTYPE HSSetConstantBuffers1(UINT StartSlot, UINT NumBuffers,
                                                       ID3D11Buffer* const* ppConstantBuffers,
                                                       const UINT* pFirstConstant, const UINT* pNumConstants) = 0;
  virtual void STDMETHODCALLTYPE DSSetConstantBuffers1(UINT StartSlot, UINT NumBuffers,
                                                       ID3D11Buffer* const* ppConstantBuffers,
                                                       const UINT* pFirstConstant, const UINT* pNumConstants) = 0;
  virtual void STDMETHODCALLTYPE GSSetConstantBuffers1(UINT StartSlot, UINT NumBuffers,
                                                       ID3D11Buffer* const* ppConstantBuffers,
                                                       const UINT* pFirstConstant, const UINT* pNumConstants) = 0;
  virtual void STDMETHODCALLTYPE PSSetConstantBuffers1(UINT StartSlot, UINT NumBuffers,
                                                       ID3D11Buffer* const* ppConstantBuffers,
                                                       const UINT* pFirstConstant, const UINT* pNumConstants) = 0;
  virtual void STDMETHODCALLTYPE CSSetConstantBuffers1(UINT StartSlot, UINT NumBuffers,
                                                       ID3D11Buffer* const* ppConstantBuffers,
                                                       const UINT* pFirstConstant, const UINT* pNumConstants) = 0;
  // 125
  virtual void STDMETHODCALLTYPE VSGetConstantBuffers1(UINT StartSlot, UINT NumBuffers,
                                                       ID3D11Buffer** ppConstantBuffers, UINT* pFirstConstant,
                                                       UINT* pNumConstants) = 0;
  virtual void STDMETHODCALLTYPE HSGetConstantBuffers1(UINT StartSlot, UINT NumBuffers,
                                                       ID3D11Buffer** ppConstantBuffers, UINT* pFirstConstant,
                                                       UINT* pNumConstants) = 0;
  virtual void STDMETHODCALLTYPE DSGetConstantBuffers1(UINT StartSlot, UINT NumBuffers,
                                                       ID3D11Buffer** ppConstantBuffers, UINT* pFirstConstant,
                                                       UINT* pNumConstants) = 0;
  virtual void STDMETHODCALLTYPE GSGetConstantBuffers1(UINT StartSlot, UINT NumBuffers,
                                                       ID3D11Buffer** ppConstantBuffers, UINT* pFirstConstant,
                                                       UINT* pNumConstants) = 0;
  virtual void STDMETHODCALLTYPE PSGetConstantBuffers1(UINT StartSlot, UINT NumBuffers,
                                                       ID3D11Buffer** ppConstantBuffers, UINT* pFirstConstant,
                                                       UINT* pNumConstants) = 0;
  virtual void STDMETHODCALLTYPE CSGetConstantBuffers1(UINT StartSlot, UINT NumBuffers,
                                                       ID3D11Buffer** ppConstantBuffers, UINT* pFirstConstant,
                                                       UINT* pNumConstants) = 0;
  // 131
  virtual void STDMETHODCALLTYPE SwapDeviceContextState(ID3DDeviceContextState* pState,
                                                        ID3DDeviceContextState** ppPreviousState) = 0;
  virtual void STDMETHODCALLTYPE ClearView(ID3D11View* pView, const FLOAT Color[4], const D3D11_RECT* pRect,
                                           UINT NumRects) = 0;
  // 133
  virtual void STDMETHODCALLTYPE DiscardView1(ID3D11View* pResourceView, const D3D11_RECT* pRects,
                                              UINT NumRects) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(ID3D11DeviceContext1, 0xbb2c6faa, 0xb5fb, 0x4082, 0x8e, 0x6b, 0x38, 0x8b, 0x8c, 0xfa, 0x90, 0xe1)

MIDL_INTERFACE("b2daad8b-03d4-4dbf-95eb-32ab4b63d0ab")
ID3DUserDefinedAnnotation : public IUnknown {
 public:
  virtual INT STDMETHODCALLTYPE BeginEvent(LPCWSTR Name) = 0;
  virtual INT STDMETHODCALLTYPE EndEvent() = 0;
  virtual void STDMETHODCALLTYPE SetMarker(LPCWSTR Name) = 0;
  virtual BOOL STDMETHODCALLTYPE GetStatus() = 0;
};
D3DVK_DECLARE_INTERFACE_IID(ID3DUserDefinedAnnotation, 0xb2daad8b, 0x03d4, 0x4dbf, 0x95, 0xeb, 0x32, 0xab, 0x4b, 0x63, 0xd0, 0xab)

MIDL_INTERFACE("a04bfb29-08ef-43d6-a49c-a9bdbdcbe686")
ID3D11Device1 : public ID3D11Device {
 public:
  // 43
  virtual void STDMETHODCALLTYPE GetImmediateContext1(ID3D11DeviceContext1** ppImmediateContext) = 0;
  virtual HRESULT STDMETHODCALLTYPE CreateDeferredContext1(UINT ContextFlags,
                                                           ID3D11DeviceContext1** ppDeferredContext) = 0;
  virtual HRESULT STDMETHODCALLTYPE CreateBlendState1(const D3D11_BLEND_DESC1* pBlendStateDesc,
                                                      ID3D11BlendState1** ppBlendState) = 0;
  // 46
  virtual HRESULT STDMETHODCALLTYPE CreateRasterizerState1(const D3D11_RASTERIZER_DESC1* pRasterizerDesc,
                                                           ID3D11RasterizerState1** ppRasterizerState) = 0;
  virtual HRESULT STDMETHODCALLTYPE CreateDeviceContextState(UINT Flags, const D3D_FEATURE_LEVEL* pFeatureLevels,
                                                             UINT FeatureLevels, UINT SDKVersion,
                                                             REFIID EmulatedInterface,
                                                             D3D_FEATURE_LEVEL* pChosenFeatureLevel,
                                                             ID3DDeviceContextState** ppContextState) = 0;
  virtual HRESULT STDMETHODCALLTYPE OpenSharedResource1(HANDLE hResource, REFIID returnedInterface,
                                                        void** ppResource) = 0;
  // 49
  virtual HRESULT STDMETHODCALLTYPE OpenSharedResourceByName(LPCWSTR lpName, DWORD dwDesiredAccess,
                                                             REFIID returnedInterface, void** ppResource) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(ID3D11Device1, 0xa04bfb29, 0x08ef, 0x43d6, 0xa4, 0x9c, 0xa9, 0xbd, 0xbd, 0xcb, 0xe6, 0x86)

D3DVK_END_INTERFACES

#endif  // D3DVK_D3D11_1_H
