// runtime/d3d11/d3d11_context_unimplemented.cpp — every ID3D11DeviceContext3
// method d3dvk does not implement yet. They never crash: HRESULT methods return
// E_NOTIMPL, getters hand back null interfaces and zero counts, setters do nothing.
// A method moves out of this file when it is implemented.
#include "d3d11_context.h"

namespace d3dvk::runtime {


void STDMETHODCALLTYPE D3D11ImmediateContext::SetResourceMinLOD(ID3D11Resource* pResource, FLOAT MinLOD) try {
  // not implemented yet
} D3DVK_CATCH_VOID

FLOAT STDMETHODCALLTYPE D3D11ImmediateContext::GetResourceMinLOD(ID3D11Resource* pResource) try {
  return {};  // not implemented yet
} D3DVK_CATCH_RETURN({})


void STDMETHODCALLTYPE D3D11ImmediateContext::DiscardResource(ID3D11Resource* pResource) try {
  // not implemented yet
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::DiscardView(ID3D11View* pResourceView) try {
  // not implemented yet
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::DiscardView1(ID3D11View* pResourceView, const D3D11_RECT* pRects, UINT NumRects) try {
  // not implemented yet
} D3DVK_CATCH_VOID

HRESULT STDMETHODCALLTYPE D3D11ImmediateContext::UpdateTileMappings( ID3D11Resource* pTiledResource, UINT NumTiledResourceRegions, const D3D11_TILED_RESOURCE_COORDINATE* pTiledResourceRegionStartCoordinates, const D3D11_TILE_REGION_SIZE* pTiledResourceRegionSizes, ID3D11Buffer* pTilePool, UINT NumRanges, const UINT* pRangeFlags, const UINT* pTilePoolStartOffsets, const UINT* pRangeTileCounts, UINT Flags) try {
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11ImmediateContext::CopyTileMappings( ID3D11Resource* pDestTiledResource, const D3D11_TILED_RESOURCE_COORDINATE* pDestRegionStartCoordinate, ID3D11Resource* pSourceTiledResource, const D3D11_TILED_RESOURCE_COORDINATE* pSourceRegionStartCoordinate, const D3D11_TILE_REGION_SIZE* pTileRegionSize, UINT Flags) try {
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D11ImmediateContext::CopyTiles(ID3D11Resource* pTiledResource, const D3D11_TILED_RESOURCE_COORDINATE* pTileRegionStartCoordinate, const D3D11_TILE_REGION_SIZE* pTileRegionSize, ID3D11Buffer* pBuffer, UINT64 BufferStartOffsetInBytes, UINT Flags) try {
  // not implemented yet
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::UpdateTiles(ID3D11Resource* pDestTiledResource, const D3D11_TILED_RESOURCE_COORDINATE* pDestTileRegionStartCoordinate, const D3D11_TILE_REGION_SIZE* pDestTileRegionSize, const void* pSourceTileData, UINT Flags) try {
  // not implemented yet
} D3DVK_CATCH_VOID

HRESULT STDMETHODCALLTYPE D3D11ImmediateContext::ResizeTilePool(ID3D11Buffer* pTilePool, UINT64 NewSizeInBytes) try {
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D11ImmediateContext::TiledResourceBarrier(ID3D11DeviceChild* pTiledResourceOrViewAccessBeforeBarrier, ID3D11DeviceChild* pTiledResourceOrViewAccessAfterBarrier) try {
  // not implemented yet
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::Flush1(D3D11_CONTEXT_TYPE ContextType, HANDLE hEvent) try {
  // not implemented yet
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::SetHardwareProtectionState(BOOL HwProtectionEnable) try {
  // not implemented yet
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::GetHardwareProtectionState(BOOL* pHwProtectionEnable) try {
  // not implemented yet
} D3DVK_CATCH_VOID


}  // namespace d3dvk::runtime
