// runtime/core/umd_adapter_info.h — the adapter facts DXGI reports, asked of the UMD
// through its D3DVKGetAdapterInfo export (d3dvk_adapter_info.h): description, IDs,
// LUID, memory sizes, and the local / non-local segments' budget and usage. A UMD
// without the export (a filter UMD) gets a generic description.
#pragma once

#include "d3dvk_adapter_info.h"

#include <wsl/winadapter.h>

#include <string>

namespace d3dvk::runtime {

// d3dvk-internal: QueryInterface(IID_D3DVKDxgiAdapter) on a d3dvk DXGI adapter
// returns the adapter object (with a reference); anything else answers
// E_NOINTERFACE, which is how D3D11CreateDevice and D3D12CreateDevice tell their
// own adapters from others.
inline constexpr IID IID_D3DVKDxgiAdapter = {0xd3d5a0a1, 0x6c2b, 0x4f11, {0x9a, 0x52, 0x31, 0x7e, 0x0d, 0x3d, 0x00, 0x01}};

// Fills what is non-null. On failure returns the HRESULT with *error naming the cause.
HRESULT queryUmdAdapterInfo(D3DVK_ADAPTER_INFO* info, D3DVK_MEMORY_SEGMENT_INFO* local,
                            D3DVK_MEMORY_SEGMENT_INFO* nonLocal, std::string* error);

}  // namespace d3dvk::runtime
