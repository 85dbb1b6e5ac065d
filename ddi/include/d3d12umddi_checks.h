// ddi/include/d3d12umddi_checks.h — static_asserts that d3d12umddi.h matches the WDK.
#pragma once

#include "d3d10umddi_checks.h"
#include "d3d12umddi.h"

static_assert(D3D12DDICAPS_TYPE_D3D12_OPTIONS == 1006 && D3D12DDICAPS_TYPE_SHADER == 1004);
static_assert(D3D12DDI_CONSERVATIVE_RASTERIZATION_TIER_3 == 3);
static_assert(D3D12DDI_CONSERVATIVE_RASTERIZATION_MODE_OFF == 0 && D3D12DDI_CONSERVATIVE_RASTERIZATION_MODE_ON == 1);
static_assert(D3D12DDI_FILL_MODE_SOLID == 3 && D3D12DDI_CULL_MODE_BACK == 3);
static_assert(offsetof(D3D12DDI_D3D12_OPTIONS_DATA_0032, ResourceBindingTier) == 0 &&
              offsetof(D3D12DDI_D3D12_OPTIONS_DATA_0032, ConservativeRasterizationTier) == 4 &&
              offsetof(D3D12DDI_D3D12_OPTIONS_DATA_0032, TiledResourcesTier) == 8 &&
              offsetof(D3D12DDI_D3D12_OPTIONS_DATA_0032, CrossNodeSharingTier) == 12 &&
              sizeof(D3D12DDI_D3D12_OPTIONS_DATA_0032) == 44);
static_assert(sizeof(D3D12DDI_RASTERIZER_DESC) == sizeof(D3DWDDM2_0DDI_RASTERIZER_DESC) &&
              offsetof(D3D12DDI_RASTERIZER_DESC, ConservativeRasterizationMode) == 44);
static_assert(offsetof(D3D12DDIARG_GETCAPS, pInfo) == 8 && offsetof(D3D12DDIARG_GETCAPS, DataSize) == 24);
static_assert(offsetof(D3D12DDIARG_OPENADAPTER, hAdapter) == 8 &&
              offsetof(D3D12DDIARG_OPENADAPTER, pAdapterCallbacks) == 16 &&
              offsetof(D3D12DDIARG_OPENADAPTER, pAdapterFuncs) == 24);
static_assert(sizeof(D3D12DDI_ADAPTERFUNCS) == 8 * sizeof(void*) &&
              offsetof(D3D12DDI_ADAPTERFUNCS, pfnGetCaps) == 4 * sizeof(void*) &&
              offsetof(D3D12DDI_ADAPTERFUNCS, pfnDestroyDevice) == 7 * sizeof(void*));
