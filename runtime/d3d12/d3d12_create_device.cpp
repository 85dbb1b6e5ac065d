// runtime/d3d12/d3d12_create_device.cpp — the exported D3D12CreateDevice: opens
// the UMD through OpenAdapter12 and returns an ID3D12Device (feature levels
// 11_0 and 11_1; S_FALSE when ppDevice is null and a device could be created),
// on a null adapter or d3dvk's DXGI adapter (the same one: d3dvk has one).
#include "d3d12_device.h"
#include "umd_adapter_info.h"

#include <dxguids/dxguids.h>

#include <cstdio>
#include <cstring>
#include <new>

using namespace d3dvk::runtime;

extern "C" __attribute__((visibility("default"))) HRESULT WINAPI D3D12CreateDevice(IUnknown* pAdapter,
                                                                                   D3D_FEATURE_LEVEL MinimumFeatureLevel,
                                                                                   REFIID riid, void** ppDevice) try {
  if (ppDevice) *ppDevice = nullptr;
  if (pAdapter) {
    // d3dvk's one adapter (from its DXGI factory) or none; any other is not ours.
    void* ours = nullptr;
    if (FAILED(pAdapter->QueryInterface(IID_D3DVKDxgiAdapter, &ours))) {
      std::fprintf(stderr, "d3dvk: D3D12CreateDevice: the adapter is not one of d3dvk's (enumerate it with "
                           "CreateDXGIFactory1)\n");
      return E_INVALIDARG;
    }
    static_cast<IUnknown*>(ours)->Release();
  }
  int level = 0;
  std::memcpy(&level, &MinimumFeatureLevel, sizeof level);
  if (level < D3D_FEATURE_LEVEL_11_0) return E_INVALIDARG;
  if (level > D3D_FEATURE_LEVEL_11_1) {
    std::fprintf(stderr, "d3dvk: D3D12CreateDevice: feature level 0x%x is above what d3dvk provides (11_1)\n",
                 unsigned(level));
    return DXGI_ERROR_UNSUPPORTED;
  }
  try {
    HRESULT hr = E_FAIL;
    std::string error;
    std::shared_ptr<UmdAdapter12> adapter = UmdAdapter12::open(&hr, &error);
    if (!adapter) {
      std::fprintf(stderr, "d3dvk: D3D12CreateDevice: %s\n", error.c_str());
      return hr;
    }
    auto* device = new D3D12Device(std::move(adapter), D3D_FEATURE_LEVEL_11_1);
    hr = device->init(&error);
    if (FAILED(hr)) {
      std::fprintf(stderr, "d3dvk: D3D12CreateDevice: %s\n", error.c_str());
      device->Release();
      return hr;
    }
    if (!ppDevice) {
      device->Release();
      return S_FALSE;
    }
    hr = device->QueryInterface(riid, ppDevice);
    device->Release();
    return hr;
  } catch (const std::bad_alloc&) {
    return E_OUTOFMEMORY;
  }
} D3DVK_CATCH_HRESULT
