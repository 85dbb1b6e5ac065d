// dxgi1_5.h — d3dvk's DXGI 1.5 API header (the Windows SDK's dxgi1_5.h for Linux).
//
// Owns: DXGI_FEATURE (PRESENT_ALLOW_TEARING), HDR metadata, offer/reclaim flags, and
// IDXGIOutput5, IDXGISwapChain4, IDXGIDevice4, IDXGIFactory5 (CheckFeatureSupport).
// Conventions: see dxgi.h.
#ifndef D3DVK_DXGI1_5_H
#define D3DVK_DXGI1_5_H

#include "dxgi1_4.h"

typedef enum DXGI_OUTDUPL_FLAG D3DVK_ENUM_INT {
  DXGI_OUTDUPL_COMPOSITED_UI_CAPTURE_ONLY = 1,
} DXGI_OUTDUPL_FLAG;

typedef enum DXGI_HDR_METADATA_TYPE D3DVK_ENUM_INT {
  DXGI_HDR_METADATA_TYPE_NONE = 0,
  DXGI_HDR_METADATA_TYPE_HDR10 = 1,
  DXGI_HDR_METADATA_TYPE_HDR10PLUS = 2,
} DXGI_HDR_METADATA_TYPE;

typedef struct DXGI_HDR_METADATA_HDR10 {
  UINT16 RedPrimary[2];
  UINT16 GreenPrimary[2];
  UINT16 BluePrimary[2];
  UINT16 WhitePoint[2];
  UINT MaxMasteringLuminance;
  UINT MinMasteringLuminance;
  UINT16 MaxContentLightLevel;
  UINT16 MaxFrameAverageLightLevel;
} DXGI_HDR_METADATA_HDR10;

typedef struct DXGI_HDR_METADATA_HDR10PLUS {
  BYTE Data[72];
} DXGI_HDR_METADATA_HDR10PLUS;

typedef enum _DXGI_OFFER_RESOURCE_FLAGS D3DVK_ENUM_INT {
  DXGI_OFFER_RESOURCE_FLAG_ALLOW_DECOMMIT = 0x1,
} DXGI_OFFER_RESOURCE_FLAGS;

typedef enum _DXGI_RECLAIM_RESOURCE_RESULTS D3DVK_ENUM_INT {
  DXGI_RECLAIM_RESOURCE_RESULT_OK = 0,
  DXGI_RECLAIM_RESOURCE_RESULT_DISCARDED = 1,
  DXGI_RECLAIM_RESOURCE_RESULT_NOT_COMMITTED = 2,
} DXGI_RECLAIM_RESOURCE_RESULTS;

typedef enum DXGI_FEATURE D3DVK_ENUM_INT {
  DXGI_FEATURE_PRESENT_ALLOW_TEARING = 0,
} DXGI_FEATURE;

D3DVK_BEGIN_INTERFACES

struct IDXGIOutput5 : public IDXGIOutput4 {
  virtual HRESULT STDMETHODCALLTYPE DuplicateOutput1(IUnknown* pDevice, UINT Flags, UINT SupportedFormatsCount,
                                                     const DXGI_FORMAT* pSupportedFormats,
                                                     IDXGIOutputDuplication** ppOutputDuplication) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIOutput5, 0x80a07424, 0xab52, 0x42eb, 0x83, 0x3c, 0x0c, 0x42, 0xfd, 0x28, 0x2d, 0x98)

struct IDXGISwapChain4 : public IDXGISwapChain3 {
  virtual HRESULT STDMETHODCALLTYPE SetHDRMetaData(DXGI_HDR_METADATA_TYPE Type, UINT Size, void* pMetaData) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGISwapChain4, 0x3d585d5a, 0xbd4a, 0x489e, 0xb1, 0xf4, 0x3d, 0xbc, 0xb6, 0x45, 0x2f, 0xfb)

struct IDXGIDevice4 : public IDXGIDevice3 {
  virtual HRESULT STDMETHODCALLTYPE OfferResources1(UINT NumResources, IDXGIResource* const* ppResources,
                                                    DXGI_OFFER_RESOURCE_PRIORITY Priority, UINT Flags) = 0;
  virtual HRESULT STDMETHODCALLTYPE ReclaimResources1(UINT NumResources, IDXGIResource* const* ppResources,
                                                      DXGI_RECLAIM_RESOURCE_RESULTS* pResults) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIDevice4, 0x95b4f95f, 0xd8da, 0x4ca4, 0x9e, 0xe6, 0x3b, 0x76, 0xd5, 0x96, 0x8a, 0x10)

struct IDXGIFactory5 : public IDXGIFactory4 {
  virtual HRESULT STDMETHODCALLTYPE CheckFeatureSupport(DXGI_FEATURE Feature, void* pFeatureSupportData,
                                                        UINT FeatureSupportDataSize) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(IDXGIFactory5, 0x7632e1f5, 0xee65, 0x4dca, 0x87, 0xfd, 0x84, 0xcd, 0x75, 0xf8, 0x83, 0x8d)

D3DVK_END_INTERFACES

#endif
