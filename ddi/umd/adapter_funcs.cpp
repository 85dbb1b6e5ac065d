// ddi/umd/adapter_funcs.cpp — the D3D10/11 adapter DDIs and the OpenAdapter10_2
// export: version negotiation (D3D11.1 and WDDM 2.0), GetCaps (OPTIONS2 →
// conservative-rasterization tier), and device creation in runtime memory.
// Entry points validate their arguments, return HRESULTs, and are exception
// barriers (d3dvk_entry_guard.h): nothing thrown crosses them.
#include "adapter.h"
#include "d3dvk_entry_guard.h"
#include "d3d10umddi_checks.h"
#include "device.h"
#include "vk_stats.h"

#include <new>

namespace d3dvk::umd {
namespace {

constexpr UINT64 kSupportedVersions[] = {D3D11_1_DDI_SUPPORTED, D3DWDDM2_0_DDI_SUPPORTED};

Adapter* adapterFrom(D3D10DDI_HADAPTER h) { return static_cast<Adapter*>(h.pDrvPrivate); }

bool isSupportedInterface(UINT version) {
  return version == D3D11_1_DDI_INTERFACE_VERSION || version == D3DWDDM2_0_DDI_INTERFACE_VERSION;
}

SIZE_T APIENTRY calcPrivateDeviceSize(D3D10DDI_HADAPTER, const D3D10DDIARG_CALCPRIVATEDEVICESIZE*) try {
  return sizeof(Device);
} D3DVK_CATCH_RETURN({})

HRESULT APIENTRY createDevice(D3D10DDI_HADAPTER hAdapter, D3D10DDIARG_CREATEDEVICE* args) try {
  if (!hAdapter.pDrvPrivate || !args || !args->hDrvDevice.pDrvPrivate || !args->pWDDM2_0DeviceFuncs ||
      !args->p11UMCallbacks || !args->p11UMCallbacks->pfnSetErrorCb)
    return E_INVALIDARG;
  if (!isSupportedInterface(args->Interface)) {
    logError("CreateDevice: interface 0x" + std::to_string(args->Interface) +
             " is not supported (use D3D11.1 or WDDM 2.0 from GetSupportedVersions)");
    return E_INVALIDARG;
  }
  Device* device = new (args->hDrvDevice.pDrvPrivate) Device(*adapterFrom(hAdapter), *args);
  HRESULT hr = E_FAIL;
  try {
    hr = device->init();
    if (SUCCEEDED(hr)) fillDeviceFuncs(*args);
  } catch (...) {
    device->~Device();  // what init built goes before the exception barrier answers
    throw;
  }
  if (FAILED(hr)) device->~Device();
  return hr;
} D3DVK_CATCH_HRESULT

HRESULT APIENTRY closeAdapter(D3D10DDI_HADAPTER hAdapter) try {
  delete adapterFrom(hAdapter);
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT APIENTRY getSupportedVersions(D3D10DDI_HADAPTER, UINT32* puEntries, UINT64* pVersions) try {
  if (!puEntries) return E_INVALIDARG;
  constexpr UINT32 count = sizeof(kSupportedVersions) / sizeof(kSupportedVersions[0]);
  if (!pVersions) {
    *puEntries = count;
    return S_OK;
  }
  if (*puEntries < count) {
    *puEntries = count;
    return E_OUTOFMEMORY;
  }
  for (UINT32 i = 0; i < count; ++i) pVersions[i] = kSupportedVersions[i];
  *puEntries = count;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT APIENTRY getCaps(D3D10DDI_HADAPTER hAdapter, const D3D10_2DDIARG_GETCAPS* caps) try {
  if (!hAdapter.pDrvPrivate || !caps || !caps->pData) return E_INVALIDARG;
  switch (caps->Type) {
    case D3DWDDM2_0DDICAPS_D3D11_OPTIONS2: {
      if (caps->DataSize != sizeof(D3DWDDM2_0DDI_D3D11_OPTIONS2_DATA)) return E_INVALIDARG;
      auto* data = static_cast<D3DWDDM2_0DDI_D3D11_OPTIONS2_DATA*>(caps->pData);
      data->ConservativeRasterizationTier = static_cast<D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_TIER>(
          adapterFrom(hAdapter)->conservative().reported);
      return S_OK;
    }
    case D3DWDDM2_0DDICAPS_D3D11_OPTIONS3: {
      // SV_RenderTargetArrayIndex / SV_ViewportArrayIndex from vertex and domain shaders too.
      if (caps->DataSize != sizeof(D3DWDDM2_0DDI_D3D11_OPTIONS3_DATA)) return E_INVALIDARG;
      static_cast<D3DWDDM2_0DDI_D3D11_OPTIONS3_DATA*>(caps->pData)->VPAndRTArrayIndexFromAnyShaderFeedingRasterizer =
          adapterFrom(hAdapter)->device().extensionEnabled(VK_EXT_SHADER_VIEWPORT_INDEX_LAYER_EXTENSION_NAME);
      return S_OK;
    }
    case D3D11_1DDICAPS_D3D11_OPTIONS: {
      // Logic ops where the Vulkan device has its logicOp feature.
      if (caps->DataSize != sizeof(D3D11_1DDI_D3D11_OPTIONS_DATA)) return E_INVALIDARG;
      auto* data = static_cast<D3D11_1DDI_D3D11_OPTIONS_DATA*>(caps->pData);
      data->OutputMergerLogicOp = adapterFrom(hAdapter)->device().enabledFeatures().logicOp ? TRUE : FALSE;
      data->AssignDebugBinarySupport = FALSE;
      return S_OK;
    }
    case D3D11DDICAPS_SHADER: {
      // Doubles where the Vulkan device has shaderFloat64 (the translator's
      // Float64); SV_StencilRef where it has VK_EXT_shader_stencil_export
      // (FragStencilRefEXT), which D3D makes optional.
      if (caps->DataSize != sizeof(D3D11DDI_SHADER_CAPS)) return E_INVALIDARG;
      auto* data = static_cast<D3D11DDI_SHADER_CAPS*>(caps->pData);
      const vk::Device& device = adapterFrom(hAdapter)->device();
      data->Caps = (device.enabledFeatures().shaderFloat64 ? D3D11DDICAPS_SHADER_DOUBLES : 0u) |
                   (device.extensionEnabled(VK_EXT_SHADER_STENCIL_EXPORT_EXTENSION_NAME)
                        ? D3D11DDICAPS_SHADER_SPECIFIED_STENCIL_REF
                        : 0u);
      return S_OK;
    }
    default:
      return E_INVALIDARG;  // caps d3dvk does not answer
  }
} D3DVK_CATCH_HRESULT

}  // namespace

// Shared by OpenAdapter10_2 and OpenAdapter12.
HRESULT openAdapter(Adapter** out) {
  std::string error;
  HRESULT hr = E_FAIL;
  try {
    std::unique_ptr<Adapter> adapter = Adapter::open(&error, &hr);
    if (!adapter) {
      logError("cannot open the adapter: " + error);
      return hr;
    }
    *out = adapter.release();
    return S_OK;
  } catch (const std::bad_alloc&) {
    return E_OUTOFMEMORY;
  }
}

}  // namespace d3dvk::umd

extern "C" __attribute__((visibility("default"))) HRESULT APIENTRY OpenAdapter10_2(D3D10DDIARG_OPENADAPTER* args) try {
  using namespace d3dvk::umd;
  if (!args || !args->pAdapterFuncs_2) return E_INVALIDARG;
  UINT major = D3D10DDI_GET_INTERFACE_MAJOR(args->Interface);
  if (major != 10 && major != 11) {
    logError("OpenAdapter10_2: interface major version " + std::to_string(major) + " is not supported");
    return E_INVALIDARG;
  }
  Adapter* adapter = nullptr;
  HRESULT hr = openAdapter(&adapter);
  if (FAILED(hr)) return hr;
  args->hAdapter.pDrvPrivate = adapter;
  D3D10_2DDI_ADAPTERFUNCS& f = *args->pAdapterFuncs_2;
  f.pfnCalcPrivateDeviceSize = &calcPrivateDeviceSize;
  f.pfnCreateDevice = &createDevice;
  f.pfnCloseAdapter = &closeAdapter;
  f.pfnGetSupportedVersions = &getSupportedVersions;
  f.pfnGetCaps = &getCaps;
  return S_OK;
} D3DVK_CATCH_HRESULT

// The process's Vulkan command counts (d3dvk_stats.h; zero unless D3DVK_STATS is set).
extern "C" __attribute__((visibility("default"))) void D3DVKGetStats(D3DVKStats* out) {
  if (out) *out = d3dvk::vk::statsSnapshot();
}
