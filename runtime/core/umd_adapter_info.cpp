// runtime/core/umd_adapter_info.cpp — see umd_adapter_info.h.
#include "umd_adapter_info.h"

#include "umd_adapter.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstring>

namespace d3dvk::runtime {

HRESULT queryUmdAdapterInfo(D3DVK_ADAPTER_INFO* info, D3DVK_MEMORY_SEGMENT_INFO* local,
                            D3DVK_MEMORY_SEGMENT_INFO* nonLocal, std::string* error) {
  const std::string path = umdPath();
  // Held for the process, as the runtime's adapters hold it (dlopen counts references).
  void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    *error = "cannot load the user-mode driver " + path + ": " + dlerror() + " (set D3DVK_UMD_PATH to the driver's path)";
    return DXGI_ERROR_UNSUPPORTED;
  }
  auto query = reinterpret_cast<PFN_D3DVKGetAdapterInfo>(dlsym(library, D3DVK_GET_ADAPTER_INFO_NAME));
  if (!query) {
    // A UMD that does not describe itself: one adapter with what the runtime knows.
    if (info) {
      std::memset(info, 0, sizeof *info);
      std::snprintf(info->Description, sizeof info->Description, "d3dvk adapter (%s)", path.c_str());
      info->LuidLowPart = 0xD3D00000u;
    }
    if (local) *local = {};
    if (nonLocal) *nonLocal = {};
    return S_OK;
  }
  char reason[512] = {};
  const HRESULT hr = query(info, local, nonLocal, reason, sizeof reason);
  if (FAILED(hr)) *error = std::string("the user-mode driver cannot describe its adapter: ") + reason;
  return hr;
}

}  // namespace d3dvk::runtime
