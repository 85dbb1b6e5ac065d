// runtime/d3d11/d3d11_create_device.cpp — the exported entry points of
// libd3dvk.so: D3D11CreateDevice (argument rules of the Windows runtime:
// an adapter with D3D_DRIVER_TYPE_UNKNOWN or HARDWARE without one,
// SDK version 7, only defined D3D11_CREATE_DEVICE_FLAG bits, the first
// feature level of those requested that d3dvk provides (9_1 … 11_1; without a
// list 11_0, as 11_1 only when asked for explicitly),
// S_FALSE when no device or context pointer is given)
// D3D11CreateDeviceAndSwapChain, and d3dvk's D3DVKGetRuntimeInfo.
#include "d3d11_device.h"
#include "d3d11_feature_level.h"
#include "info_queue.h"

#include <d3d11_3.h>
#include <dxgi.h>
#include <d3dvk.h>

#include <dlfcn.h>

#include <cstdio>
#include <cstring>
#include <new>

namespace d3dvk::runtime {
namespace {

void logError(const char* function, const std::string& message) {
  std::fprintf(stderr, "d3dvk: %s: %s\n", function, message.c_str());
}

// The feature level d3dvk provides for a request: the first of the list it
// supports. With no list, the Windows default list (which starts at 11_0).
bool chooseFeatureLevel(const D3D_FEATURE_LEVEL* levels, UINT count, D3D_FEATURE_LEVEL* chosen) {
  static const D3D_FEATURE_LEVEL kDefault[] = {D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_10_1, D3D_FEATURE_LEVEL_10_0,
                                               D3D_FEATURE_LEVEL_9_3,  D3D_FEATURE_LEVEL_9_2,  D3D_FEATURE_LEVEL_9_1};
  if (!levels) {
    levels = kDefault;
    count = sizeof(kDefault) / sizeof(kDefault[0]);
  }
  for (UINT i = 0; i < count; ++i)
    if (featureLevelProvided(levels[i])) {
      *chosen = levels[i];
      return true;
    }
  return false;
}

// The D3D11_CREATE_DEVICE_FLAG values D3D11 accepts: every defined flag but
// SWITCH_TO_REF, which "is not supported in Direct3D 11".
constexpr UINT kAcceptedCreateDeviceFlags =
    D3D11_CREATE_DEVICE_SINGLETHREADED | D3D11_CREATE_DEVICE_DEBUG |
    D3D11_CREATE_DEVICE_PREVENT_INTERNAL_THREADING_OPTIMIZATIONS | D3D11_CREATE_DEVICE_BGRA_SUPPORT |
    D3D11_CREATE_DEVICE_DEBUGGABLE | D3D11_CREATE_DEVICE_PREVENT_ALTERING_LAYER_SETTINGS_FROM_REGISTRY |
    D3D11_CREATE_DEVICE_DISABLE_GPU_TIMEOUT | D3D11_CREATE_DEVICE_VIDEO_SUPPORT;

// Why Flags is invalid (empty when it is not). With D3D11_CREATE_DEVICE_DEBUG
// the reason is printed as the debug layer's message (there is no device, so
// no info queue to store it in), else as the runtime's error line.
std::string invalidFlags(UINT flags) {
  char text[160];
  if (flags & ~(kAcceptedCreateDeviceFlags | D3D11_CREATE_DEVICE_SWITCH_TO_REF))
    std::snprintf(text, sizeof text, "Flags (0x%X) has bits that are not D3D11_CREATE_DEVICE_FLAG values (0x%X).", flags,
                  flags & ~(kAcceptedCreateDeviceFlags | D3D11_CREATE_DEVICE_SWITCH_TO_REF));
  else if (flags & D3D11_CREATE_DEVICE_SWITCH_TO_REF)
    std::snprintf(text, sizeof text,
                  "Flags (0x%X) has D3D11_CREATE_DEVICE_SWITCH_TO_REF, which Direct3D 11 does not support.", flags);
  else
    return {};
  return text;
}

}  // namespace
}  // namespace d3dvk::runtime

using namespace d3dvk::runtime;

extern "C" __attribute__((visibility("default"))) HRESULT WINAPI D3D11CreateDevice(
    IDXGIAdapter* pAdapter, D3D_DRIVER_TYPE DriverType, HMODULE Software, UINT Flags,
    const D3D_FEATURE_LEVEL* pFeatureLevels, UINT FeatureLevels, UINT SDKVersion, ID3D11Device** ppDevice,
    D3D_FEATURE_LEVEL* pFeatureLevel, ID3D11DeviceContext** ppImmediateContext) try {
  if (ppDevice) *ppDevice = nullptr;
  if (ppImmediateContext) *ppImmediateContext = nullptr;
  if (pFeatureLevel) *pFeatureLevel = D3D_FEATURE_LEVEL(0);
  if (SDKVersion != D3D11_SDK_VERSION) {
    logError("D3D11CreateDevice", "SDKVersion " + std::to_string(SDKVersion) + " is not D3D11_SDK_VERSION (7)");
    return E_INVALIDARG;
  }
  if (const std::string reason = invalidFlags(Flags); !reason.empty()) {
    if (Flags & D3D11_CREATE_DEVICE_DEBUG)
      std::fprintf(stderr, "%s\n",
                   d3dvk::debug::InfoQueue::formatLine(D3D11_MESSAGE_CATEGORY_MISCELLANEOUS, D3D11_MESSAGE_SEVERITY_ERROR,
                                                       D3D11_MESSAGE_ID_CREATEDEVICE_INVALIDARGS,
                                                       "CREATEDEVICE_INVALIDARGS", "D3D11CreateDevice: " + reason)
                       .c_str());
    else
      logError("D3D11CreateDevice", reason);
    return E_INVALIDARG;
  }
  // D3D11's rules: an adapter goes with D3D_DRIVER_TYPE_UNKNOWN, and UNKNOWN needs one.
  if (pAdapter && DriverType != D3D_DRIVER_TYPE_UNKNOWN) {
    logError("D3D11CreateDevice", "an adapter was given with a driver type other than D3D_DRIVER_TYPE_UNKNOWN");
    return E_INVALIDARG;
  }
  if (!pAdapter && DriverType == D3D_DRIVER_TYPE_UNKNOWN) {
    logError("D3D11CreateDevice", "D3D_DRIVER_TYPE_UNKNOWN needs an adapter");
    return E_INVALIDARG;
  }
  if (!pAdapter && DriverType != D3D_DRIVER_TYPE_HARDWARE) {
    logError("D3D11CreateDevice", "only D3D_DRIVER_TYPE_HARDWARE (the Vulkan device) or an adapter is supported");
    return DXGI_ERROR_UNSUPPORTED;
  }
  if (Software) return E_INVALIDARG;
  if (pFeatureLevels && FeatureLevels == 0) return E_INVALIDARG;
  D3D_FEATURE_LEVEL level{};
  if (!chooseFeatureLevel(pFeatureLevels, FeatureLevels, &level)) {
    logError("D3D11CreateDevice", "none of the requested feature levels is supported (d3dvk provides 9_1, 9_2, 9_3, 10_0, 10_1, 11_0 and 11_1)");
    return E_INVALIDARG;
  }
  try {
    HRESULT hr = E_FAIL;
    std::string error;
    std::shared_ptr<UmdAdapter> adapter = UmdAdapter::open(&hr, &error);
    if (!adapter) {
      logError("D3D11CreateDevice", error);
      return hr;
    }
    DxgiAdapter* dxgiAdapter = nullptr;
    if (pAdapter) {
      dxgiAdapter = DxgiAdapter::from(pAdapter);
      if (!dxgiAdapter) {
        logError("D3D11CreateDevice", "the adapter is not one of d3dvk's (enumerate it with CreateDXGIFactory1)");
        return E_INVALIDARG;
      }
    } else if (hr = DxgiAdapter::createDefault(&dxgiAdapter, &error); FAILED(hr)) {
      logError("D3D11CreateDevice", error);
      return hr;
    }
    D3D11Device* device = nullptr;
    {
      // The device holds the adapter; this reference goes however create()
      // ends (a failed allocation inside it throws to the entry barrier).
      struct ReleaseAdapter {
        DxgiAdapter* adapter;
        ~ReleaseAdapter() { adapter->Release(); }
      } release{dxgiAdapter};
      hr = D3D11Device::create(std::move(adapter), *dxgiAdapter, level, Flags, &device, &error);
    }
    if (FAILED(hr)) {
      logError("D3D11CreateDevice", error);
      return hr;
    }
    if (pFeatureLevel) *pFeatureLevel = level;
    if (!ppDevice && !ppImmediateContext) {
      device->Release();
      return S_FALSE;
    }
    if (ppImmediateContext) device->GetImmediateContext(ppImmediateContext);
    if (ppDevice)
      *ppDevice = device;
    else
      device->Release();
    return S_OK;
  } catch (const std::bad_alloc&) {
    return E_OUTOFMEMORY;
  }
} D3DVK_CATCH_HRESULT

// D3D11CreateDevice, then a swapchain on the device from its adapter's factory
// (IDXGIFactory::CreateSwapChain's rules); a failed swapchain fails the call and
// keeps no device.
extern "C" __attribute__((visibility("default"))) HRESULT WINAPI D3D11CreateDeviceAndSwapChain(
    IDXGIAdapter* pAdapter, D3D_DRIVER_TYPE DriverType, HMODULE Software, UINT Flags,
    const D3D_FEATURE_LEVEL* pFeatureLevels, UINT FeatureLevels, UINT SDKVersion,
    const DXGI_SWAP_CHAIN_DESC* pSwapChainDesc, IDXGISwapChain** ppSwapChain, ID3D11Device** ppDevice,
    D3D_FEATURE_LEVEL* pFeatureLevel, ID3D11DeviceContext** ppImmediateContext) try {
  if (ppSwapChain) *ppSwapChain = nullptr;
  if (ppDevice) *ppDevice = nullptr;
  if (ppImmediateContext) *ppImmediateContext = nullptr;
  if (ppSwapChain && !pSwapChainDesc) {
    logError("D3D11CreateDeviceAndSwapChain", "ppSwapChain is given without pSwapChainDesc");
    return E_INVALIDARG;
  }
  ID3D11Device* device = nullptr;
  HRESULT hr = D3D11CreateDevice(pAdapter, DriverType, Software, Flags, pFeatureLevels, FeatureLevels, SDKVersion,
                                 &device, pFeatureLevel, nullptr);
  if (FAILED(hr)) return hr;
  if (ppSwapChain) {
    IDXGIDevice* dxgiDevice = nullptr;
    IDXGIAdapter* adapter = nullptr;
    IDXGIFactory* factory = nullptr;
    hr = device->QueryInterface(__uuidof(IDXGIDevice), reinterpret_cast<void**>(&dxgiDevice));
    if (SUCCEEDED(hr)) hr = dxgiDevice->GetAdapter(&adapter);
    if (SUCCEEDED(hr)) hr = adapter->GetParent(__uuidof(IDXGIFactory), reinterpret_cast<void**>(&factory));
    if (SUCCEEDED(hr)) {
      DXGI_SWAP_CHAIN_DESC desc = *pSwapChainDesc;
      hr = factory->CreateSwapChain(device, &desc, ppSwapChain);
    }
    if (factory) factory->Release();
    if (adapter) adapter->Release();
    if (dxgiDevice) dxgiDevice->Release();
    if (FAILED(hr)) {
      device->Release();
      return hr;
    }
  }
  if (ppImmediateContext) device->GetImmediateContext(ppImmediateContext);
  if (ppDevice)
    *ppDevice = device;
  else
    device->Release();
  return S_OK;
} D3DVK_CATCH_HRESULT

extern "C" __attribute__((visibility("default"))) HRESULT D3DVKGetRuntimeInfo(D3DVK_RUNTIME_INFO* pInfo,
                                                                               char* pErrorMessage,
                                                                               UINT ErrorMessageSize) try {
  if (!pInfo) return E_INVALIDARG;
  std::memset(pInfo, 0, sizeof *pInfo);
  Dl_info self{};
  if (dladdr(reinterpret_cast<void*>(&D3DVKGetRuntimeInfo), &self) && self.dli_fname)
    std::snprintf(pInfo->RuntimePath, sizeof pInfo->RuntimePath, "%s", self.dli_fname);
  try {
    HRESULT hr = E_FAIL;
    std::string error;
    std::shared_ptr<UmdAdapter> adapter = UmdAdapter::open(&hr, &error);
    if (!adapter) {
      if (pErrorMessage && ErrorMessageSize) std::snprintf(pErrorMessage, ErrorMessageSize, "%s", error.c_str());
      return hr;
    }
    std::snprintf(pInfo->UmdPath, sizeof pInfo->UmdPath, "%s", adapter->path().c_str());
    for (UINT64 v : adapter->supportedVersions())
      if (pInfo->SupportedVersionCount < D3DVK_MAX_DDI_VERSIONS) pInfo->SupportedVersions[pInfo->SupportedVersionCount++] = v;
    pInfo->NegotiatedVersion = adapter->negotiatedVersion();
    return S_OK;
  } catch (const std::bad_alloc&) {
    return E_OUTOFMEMORY;
  }
} D3DVK_CATCH_HRESULT
