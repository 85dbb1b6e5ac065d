// ddi/umd/d3d12/format_support12.cpp — D3D12's CheckFormatSupport and
// CheckMultisampleQualityLevels DDIs: the same answers as D3D11's
// (driver_resource.h: formatCaps, qualityLevels) from the Vulkan device's format
// properties; typed UAV stores exist at every D3D12 feature level, and tiled
// resources do not (a TILED_RESOURCE quality-level query has none).
#include "d3dvk_entry_guard.h"
#include "device12.h"
#include "driver_resource.h"
#include "resource12.h"

namespace d3dvk::umd12 {

namespace {

VOID APIENTRY checkFormatSupport(D3D12DDI_HDEVICE hDevice, DXGI_FORMAT format, UINT* support) try {
  if (!support) return;
  *support = 0;
  if (Device12* device = Device12::from(hDevice)) *support = umd::formatCaps(device->vk(), format, true, false);
} D3DVK_CATCH_VOID

VOID APIENTRY checkMultisampleQualityLevels(D3D12DDI_HDEVICE hDevice, DXGI_FORMAT format, UINT sampleCount,
                                            D3D12DDI_MULTISAMPLE_QUALITY_LEVEL_FLAGS flags, UINT* levels) try {
  if (!levels) return;
  *levels = 0;
  Device12* device = Device12::from(hDevice);
  if (!device || flags) return;  // D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_TILED_RESOURCE: no tiled resources
  *levels = umd::qualityLevels(device->vk(), format, sampleCount);
} D3DVK_CATCH_VOID

}  // namespace

void fillFormatSupportDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f) {
  f.pfnCheckFormatSupport = &checkFormatSupport;
  f.pfnCheckMultisampleQualityLevels = &checkMultisampleQualityLevels;
}

}  // namespace d3dvk::umd12
