// runtime/d3d12/d3d12_command_list_unimplemented.cpp — the ID3D12GraphicsCommandList
// methods d3dvk does not implement yet: each prints that it is not implemented
// (once per method per process) and does nothing.
#include "d3d12_command_list.h"

#include <mutex>
#include <set>
#include <string>

namespace d3dvk::runtime {

void D3D12CommandList::notImplemented(const char* method) {
  static std::mutex mutex;
  static std::set<std::string> reported;
  std::lock_guard lock(mutex);
  if (reported.insert(method).second)
    d3d12Error((std::string("ID3D12GraphicsCommandList::") + method).c_str(), "not implemented yet; the call is ignored");
}

void STDMETHODCALLTYPE D3D12CommandList::CopyTiles(ID3D12Resource *pTiledResource, const D3D12_TILED_RESOURCE_COORDINATE *pTileRegionStartCoordinate, const D3D12_TILE_REGION_SIZE *pTileRegionSize, ID3D12Resource *pBuffer, UINT64 BufferStartOffsetInBytes, D3D12_TILE_COPY_FLAGS Flags) try {
  notImplemented("CopyTiles");
} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
