// runtime/d3d11/d3d11_format_support.h — a format's support bits, shared by
// D3D11's CheckFormatSupport / CheckFeatureSupport(FORMAT_SUPPORT*) and
// D3D12's CheckFeatureSupport(FORMAT_SUPPORT) (D3D11_FORMAT_SUPPORT and
// D3D12_FORMAT_SUPPORT1 have the same bits, as do the SUPPORT2 sets).
#pragma once

#include <wsl/winadapter.h>
#include <directx/d3dcommon.h>
#include <directx/dxgiformat.h>

#include <functional>

namespace d3dvk::runtime {

// The runtime's rules for `format` at feature level `level` combined with the
// driver's caps for it (driverCaps: D3D10_DDI_FORMAT_SUPPORT bits) and its
// quality levels at a sample count; E_FAIL (all bits 0) for a format the
// device cannot use at all.
HRESULT formatSupportBits(D3D_FEATURE_LEVEL level, DXGI_FORMAT format, const std::function<HRESULT(UINT*)>& driverCaps,
                          const std::function<UINT(DXGI_FORMAT, UINT)>& qualityLevels, UINT* support, UINT* support2);

}  // namespace d3dvk::runtime
