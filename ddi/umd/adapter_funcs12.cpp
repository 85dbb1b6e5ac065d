// ddi/umd/adapter_funcs12.cpp — the D3D12 adapter DDIs and the OpenAdapter12
// export: GetSupportedVersions and GetCaps(D3D12_OPTIONS) with the same
// conservative-rasterization tier as D3D11 and the resource heap tier the
// device's memory types allow; device creation, destruction and
// FillDDITable are the D3D12 device's (d3d12/device12.cpp).
#include "adapter.h"
#include "d3dvk_entry_guard.h"
#include "d3d12umddi_checks.h"

namespace d3dvk::umd12 {
SIZE_T APIENTRY calcPrivateDeviceSize(D3D12DDI_HADAPTER, const D3D12DDIARG_CALCPRIVATEDEVICESIZE*);
HRESULT APIENTRY createDevice(D3D12DDI_HADAPTER, const D3D12DDIARG_CREATEDEVICE_0003*);
VOID APIENTRY destroyDevice(D3D12DDI_HDEVICE);
HRESULT APIENTRY getOptionalDDITables(D3D12DDI_HADAPTER, UINT32*, D3D12DDI_TABLE_REQUEST*);
HRESULT APIENTRY fillDDITable(D3D12DDI_HADAPTER, D3D12DDI_TABLE_TYPE, VOID*, SIZE_T, UINT, D3D12DDI_HRTTABLE);
D3D12DDI_RESOURCE_HEAP_TIER resourceHeapTier(vk::Device& device);  // d3d12/heap12.cpp
}  // namespace d3dvk::umd12

namespace d3dvk::umd {

HRESULT openAdapter(Adapter** out);

namespace {

Adapter* adapterFrom(D3D12DDI_HADAPTER h) { return static_cast<Adapter*>(h.pDrvPrivate); }

HRESULT APIENTRY closeAdapter(D3D12DDI_HADAPTER hAdapter) try {
  delete adapterFrom(hAdapter);
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT APIENTRY getSupportedVersions(D3D12DDI_HADAPTER, UINT32* puEntries, UINT64* pVersions) try {
  if (!puEntries) return E_INVALIDARG;
  if (!pVersions) {
    *puEntries = 1;
    return S_OK;
  }
  if (*puEntries < 1) {
    *puEntries = 1;
    return E_OUTOFMEMORY;
  }
  pVersions[0] = D3D12DDI_SUPPORTED_0003;
  *puEntries = 1;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT APIENTRY getCaps(D3D12DDI_HADAPTER hAdapter, const D3D12DDIARG_GETCAPS* caps) try {
  if (!hAdapter.pDrvPrivate || !caps || !caps->pData) return E_INVALIDARG;
  if (caps->Type != D3D12DDICAPS_TYPE_D3D12_OPTIONS) return E_INVALIDARG;
  if (caps->DataSize != sizeof(D3D12DDI_D3D12_OPTIONS_DATA_0032)) return E_INVALIDARG;
  D3D12DDI_D3D12_OPTIONS_DATA_0032 data{};
  data.ResourceBindingTier = D3D12DDI_RESOURCE_BINDING_TIER_1;
  data.ConservativeRasterizationTier =
      static_cast<D3D12DDI_CONSERVATIVE_RASTERIZATION_TIER>(adapterFrom(hAdapter)->conservative().reported);
  data.TiledResourcesTier = D3D12DDI_TILED_RESOURCES_TIER_NOT_SUPPORTED;
  data.CrossNodeSharingTier = D3D12DDI_CROSS_NODE_SHARING_TIER_NOT_SUPPORTED;
  data.ResourceHeapTier = d3dvk::umd12::resourceHeapTier(adapterFrom(hAdapter)->device());
  data.ProgrammableSamplePositionsTier = D3D12DDI_PROGRAMMABLE_SAMPLE_POSITIONS_TIER_NOT_SUPPORTED;
  // SV_RenderTargetArrayIndex / SV_ViewportArrayIndex from vertex and domain shaders (no geometry-shader emulation).
  data.VPAndRTArrayIndexFromAnyShaderFeedingRasterizerSupportedWithoutGSEmulation =
      adapterFrom(hAdapter)->device().extensionEnabled(VK_EXT_SHADER_VIEWPORT_INDEX_LAYER_EXTENSION_NAME);
  data.OutputMergerLogicOp = adapterFrom(hAdapter)->device().enabledFeatures().logicOp ? TRUE : FALSE;
  *static_cast<D3D12DDI_D3D12_OPTIONS_DATA_0032*>(caps->pData) = data;
  return S_OK;
} D3DVK_CATCH_HRESULT

}  // namespace
}  // namespace d3dvk::umd

extern "C" __attribute__((visibility("default"))) HRESULT APIENTRY OpenAdapter12(D3D12DDIARG_OPENADAPTER* args) try {
  using namespace d3dvk::umd;
  if (!args || !args->pAdapterFuncs) return E_INVALIDARG;
  Adapter* adapter = nullptr;
  HRESULT hr = openAdapter(&adapter);
  if (FAILED(hr)) return hr;
  args->hAdapter.pDrvPrivate = adapter;
  D3D12DDI_ADAPTERFUNCS& f = *args->pAdapterFuncs;
  f.pfnCalcPrivateDeviceSize = &d3dvk::umd12::calcPrivateDeviceSize;
  f.pfnCreateDevice = &d3dvk::umd12::createDevice;
  f.pfnCloseAdapter = &closeAdapter;
  f.pfnGetSupportedVersions = &getSupportedVersions;
  f.pfnGetCaps = &getCaps;
  f.pfnGetOptionalDDITables = &d3dvk::umd12::getOptionalDDITables;
  f.pfnFillDDITable = &d3dvk::umd12::fillDDITable;
  f.pfnDestroyDevice = &d3dvk::umd12::destroyDevice;
  return S_OK;
} D3DVK_CATCH_HRESULT
