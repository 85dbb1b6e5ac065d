// d3d11_2.h — d3dvk's public Direct3D 11.2 API header for Linux.
//
// Owns: the D3D11.2 tiled-resource types (D3D11_TILED_RESOURCE_COORDINATE,
// D3D11_TILE_REGION_SIZE, D3D11_SUBRESOURCE_TILING, D3D11_TILE_SHAPE,
// D3D11_PACKED_MIP_DESC and their flags) and the interfaces ID3D11DeviceContext2 and
// ID3D11Device2. IID scheme: see d3d11.h.
#ifndef D3DVK_D3D11_2_H
#define D3DVK_D3D11_2_H

#include "d3d11_1.h"

#define D3D11_PACKED_TILE (0xffffffff)

typedef enum D3D11_TILE_MAPPING_FLAG D3DVK_ENUM_INT {
  D3D11_TILE_MAPPING_NO_OVERWRITE = 0x1,
} D3D11_TILE_MAPPING_FLAG;

typedef enum D3D11_TILE_RANGE_FLAG D3DVK_ENUM_INT {
  D3D11_TILE_RANGE_NULL = 0x1,
  D3D11_TILE_RANGE_SKIP = 0x2,
  D3D11_TILE_RANGE_REUSE_SINGLE_TILE = 0x4,
} D3D11_TILE_RANGE_FLAG;

typedef enum D3D11_CHECK_MULTISAMPLE_QUALITY_LEVELS_FLAG D3DVK_ENUM_INT {
  D3D11_CHECK_MULTISAMPLE_QUALITY_LEVELS_TILED_RESOURCE = 0x1,
} D3D11_CHECK_MULTISAMPLE_QUALITY_LEVELS_FLAG;

typedef enum D3D11_TILE_COPY_FLAG D3DVK_ENUM_INT {
  D3D11_TILE_COPY_NO_OVERWRITE = 0x1,
  D3D11_TILE_COPY_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE = 0x2,
  D3D11_TILE_COPY_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER = 0x4,
} D3D11_TILE_COPY_FLAG;

typedef struct D3D11_TILED_RESOURCE_COORDINATE {
  UINT X;
  UINT Y;
  UINT Z;
  UINT Subresource;
} D3D11_TILED_RESOURCE_COORDINATE;

typedef struct D3D11_TILE_REGION_SIZE {
  UINT NumTiles;
  BOOL bUseBox;
  UINT Width;
  UINT16 Height;
  UINT16 Depth;
} D3D11_TILE_REGION_SIZE;

typedef struct D3D11_SUBRESOURCE_TILING {
  UINT WidthInTiles;
  UINT16 HeightInTiles;
  UINT16 DepthInTiles;
  UINT StartTileIndexInOverallResource;
} D3D11_SUBRESOURCE_TILING;

typedef struct D3D11_TILE_SHAPE {
  UINT WidthInTexels;
  UINT HeightInTexels;
  UINT DepthInTexels;
} D3D11_TILE_SHAPE;

typedef struct D3D11_PACKED_MIP_DESC {
  UINT8 NumStandardMips;
  UINT8 NumPackedMips;
  UINT NumTilesForPackedMips;
  UINT StartTileIndexInOverallResource;
} D3D11_PACKED_MIP_DESC;

typedef struct ID3D11DeviceContext2 ID3D11DeviceContext2;
typedef struct ID3D11Device2 ID3D11Device2;

D3DVK_BEGIN_INTERFACES

MIDL_INTERFACE("420d5b32-b90c-4da4-bef0-359f6a24a83a")
ID3D11DeviceContext2 : public ID3D11DeviceContext1 {
 public:
  // 134
  virtual HRESULT STDMETHODCALLTYPE UpdateTileMappings(
      ID3D11Resource* pTiledResource, UINT NumTiledResourceRegions,
      const D3D11_TILED_RESOURCE_COORDINATE* pTiledResourceRegionStartCoordinates,
      const D3D11_TILE_REGION_SIZE* pTiledResourceRegionSizes, ID3D11Buffer* pTilePool, UINT NumRanges,
      const UINT* pRangeFlags, const UINT* pTilePoolStartOffsets, const UINT* pRangeTileCounts,
      UINT Flags) = 0;
  virtual HRESULT STDMETHODCALLTYPE CopyTileMappings(
      ID3D11Resource* pDestTiledResource, const D3D11_TILED_RESOURCE_COORDINATE* pDestRegionStartCoordinate,
      ID3D11Resource* pSourceTiledResource, const D3D11_TILED_RESOURCE_COORDINATE* pSourceRegionStartCoordinate,
      const D3D11_TILE_REGION_SIZE* pTileRegionSize, UINT Flags) = 0;
  virtual void STDMETHODCALLTYPE CopyTiles(ID3D11Resource* pTiledResource,
                                           const D3D11_TILED_RESOURCE_COORDINATE* pTileRegionStartCoordinate,
                                           const D3D11_TILE_REGION_SIZE* pTileRegionSize, ID3D11Buffer* pBuffer,
                                           UINT64 BufferStartOffsetInBytes, UINT Flags) = 0;
  virtual void STDMETHODCALLTYPE UpdateTiles(ID3D11Resource* pDestTiledResource,
                                             const D3D11_TILED_RESOURCE_COORDINATE* pDestTileRegionStartCoordinate,
                                             const D3D11_TILE_REGION_SIZE* pDestTileRegionSize,
                                             const void* pSourceTileData, UINT Flags) = 0;
  // 138
  virtual HRESULT STDMETHODCALLTYPE ResizeTilePool(ID3D11Buffer* pTilePool, UINT64 NewSizeInBytes) = 0;
  virtual void STDMETHODCALLTYPE TiledResourceBarrier(ID3D11DeviceChild* pTiledResourceOrViewAccessBeforeBarrier,
                                                      ID3D11DeviceChild* pTiledResourceOrViewAccessAfterBarrier) = 0;
  virtual BOOL STDMETHODCALLTYPE IsAnnotationEnabled() = 0;
  virtual void STDMETHODCALLTYPE SetMarkerInt(LPCWSTR pLabel, INT Data) = 0;
  virtual void STDMETHODCALLTYPE BeginEventInt(LPCWSTR pLabel, INT Data) = 0;
  // 143
  virtual void STDMETHODCALLTYPE EndEvent() = 0;
};
D3DVK_DECLARE_INTERFACE_IID(ID3D11DeviceContext2, 0x420d5b32, 0xb90c, 0x4da4, 0xbe, 0xf0, 0x35, 0x9f, 0x6a, 0x24, 0xa8, 0x3a)

MIDL_INTERFACE("9d06dffa-d1e5-4d07-83a8-1bb123f2f841")
ID3D11Device2 : public ID3D11Device1 {
 public:
  // 50
  virtual void STDMETHODCALLTYPE GetImmediateContext2(ID3D11DeviceContext2** ppImmediateContext) = 0;
  virtual HRESULT STDMETHODCALLTYPE CreateDeferredContext2(UINT ContextFlags,
                                                           ID3D11DeviceContext2** ppDeferredContext) = 0;
  virtual void STDMETHODCALLTYPE GetResourceTiling(ID3D11Resource* pTiledResource,
                                                   UINT* pNumTilesForEntireResource,
                                                   D3D11_PACKED_MIP_DESC* pPackedMipDesc,
                                                   D3D11_TILE_SHAPE* pStandardTileShapeForNonPackedMips,
                                                   UINT* pNumSubresourceTilings,
                                                   UINT FirstSubresourceTilingToGet,
                                                   D3D11_SUBRESOURCE_TILING* pSubresourceTilingsForNonPackedMips) = 0;
  // 53
  virtual HRESULT STDMETHODCALLTYPE CheckMultisampleQualityLevels1(DXGI_FORMAT Format, UINT SampleCount,
                                                                   UINT Flags, UINT* pNumQualityLevels) = 0;
};
D3DVK_DECLARE_INTERFACE_IID(ID3D11Device2, 0x9d06dffa, 0xd1e5, 0x4d07, 0x83, 0xa8, 0x1b, 0xb1, 0x23, 0xf2, 0xf8, 0x41)

D3DVK_END_INTERFACES

#endif  // D3DVK_D3D11_2_H
