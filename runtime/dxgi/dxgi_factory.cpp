// runtime/dxgi/dxgi_factory.cpp — see dxgi_factory.h.
#include "dxgi_factory.h"

#include "d3dvk_entry_guard.h"
#include "dxgi_adapter.h"
#include "dxgi_swapchain.h"

#include <cstdio>
#include <cstring>
#include <new>

namespace d3dvk::runtime {
namespace {

void logError(const char* function, const std::string& message) {
  std::fprintf(stderr, "d3dvk: %s: %s\n", function, message.c_str());
}

bool sameLuid(const LUID& a, const LUID& b) { return a.LowPart == b.LowPart && a.HighPart == b.HighPart; }

HRESULT swapchainsUnsupported(const char* function) {
  logError(function, "composition swapchains are not supported (d3dvk presents to windows: CreateSwapChainForHwnd)");
  return DXGI_ERROR_UNSUPPORTED;
}

}  // namespace

HRESULT STDMETHODCALLTYPE DxgiFactory::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(IDXGIObject) || riid == __uuidof(IDXGIFactory) ||
      riid == __uuidof(IDXGIFactory1) || riid == __uuidof(IDXGIFactory2) || riid == __uuidof(IDXGIFactory3) ||
      riid == __uuidof(IDXGIFactory4) || riid == __uuidof(IDXGIFactory5) || riid == __uuidof(IDXGIFactory6) ||
      riid == __uuidof(IDXGIFactory7)) {
    AddRef();
    *ppvObject = static_cast<IDXGIFactory7*>(this);
    return S_OK;
  }
  return E_NOINTERFACE;
} D3DVK_CATCH_HRESULT

ULONG STDMETHODCALLTYPE DxgiFactory::AddRef() try { return ++refs_; } D3DVK_CATCH_RETURN({})

ULONG STDMETHODCALLTYPE DxgiFactory::Release() try {
  const ULONG left = --refs_;
  if (left == 0) delete this;
  return left;
} D3DVK_CATCH_RETURN({})

HRESULT STDMETHODCALLTYPE DxgiFactory::GetParent(REFIID, void** ppParent) try {
  if (!ppParent) return DXGI_ERROR_INVALID_CALL;
  *ppParent = nullptr;
  return E_NOINTERFACE;  // a factory has no parent
} D3DVK_CATCH_HRESULT

HRESULT DxgiFactory::adapter(UINT index, REFIID riid, void** out, const char* function) {
  if (!out) return DXGI_ERROR_INVALID_CALL;
  *out = nullptr;
  if (index != 0) return DXGI_ERROR_NOT_FOUND;
  DxgiAdapter* adapter = nullptr;
  std::string error;
  const HRESULT hr = DxgiAdapter::create(this, &adapter, &error);
  if (FAILED(hr)) {
    // No Vulkan device: DXGI has no adapter to enumerate.
    logError(function, error);
    return DXGI_ERROR_NOT_FOUND;
  }
  const HRESULT qi = adapter->QueryInterface(riid, out);
  adapter->Release();
  return qi;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::EnumAdapters(UINT Adapter, IDXGIAdapter** ppAdapter) try {
  return adapter(Adapter, __uuidof(IDXGIAdapter), reinterpret_cast<void**>(ppAdapter), "IDXGIFactory::EnumAdapters");
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiFactory::EnumAdapters1(UINT Adapter, IDXGIAdapter1** ppAdapter) try {
  return adapter(Adapter, __uuidof(IDXGIAdapter1), reinterpret_cast<void**>(ppAdapter),
                 "IDXGIFactory1::EnumAdapters1");
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiFactory::EnumAdapterByGpuPreference(UINT Adapter, DXGI_GPU_PREFERENCE GpuPreference,
                                                                  REFIID riid, void** ppvAdapter) try {
  if (GpuPreference != DXGI_GPU_PREFERENCE_UNSPECIFIED && GpuPreference != DXGI_GPU_PREFERENCE_MINIMUM_POWER &&
      GpuPreference != DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE) {
    if (ppvAdapter) *ppvAdapter = nullptr;
    return E_INVALIDARG;
  }
  // One adapter: it comes first in every order.
  return adapter(Adapter, riid, ppvAdapter, "IDXGIFactory6::EnumAdapterByGpuPreference");
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiFactory::EnumAdapterByLuid(LUID AdapterLuid, REFIID riid, void** ppvAdapter) try {
  if (!ppvAdapter) return DXGI_ERROR_INVALID_CALL;
  *ppvAdapter = nullptr;
  D3DVK_ADAPTER_INFO info{};
  std::string error;
  if (FAILED(queryUmdAdapterInfo(&info, nullptr, nullptr, &error))) {
    logError("IDXGIFactory4::EnumAdapterByLuid", error);
    return DXGI_ERROR_NOT_FOUND;
  }
  if (!sameLuid(AdapterLuid, LUID{info.LuidLowPart, info.LuidHighPart})) return DXGI_ERROR_NOT_FOUND;
  return adapter(0, riid, ppvAdapter, "IDXGIFactory4::EnumAdapterByLuid");
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiFactory::EnumWarpAdapter(REFIID riid, void** ppvAdapter) try {
  if (!ppvAdapter) return DXGI_ERROR_INVALID_CALL;
  *ppvAdapter = nullptr;
  // WARP is Windows' CPU rasterizer; d3dvk's counterpart is a CPU Vulkan device
  // (lavapipe), which exists only when the UMD drives one (D3DVK_DEVICE=llvmpipe).
  D3DVK_ADAPTER_INFO info{};
  std::string error;
  if (FAILED(queryUmdAdapterInfo(&info, nullptr, nullptr, &error))) {
    logError("IDXGIFactory4::EnumWarpAdapter", error);
    return DXGI_ERROR_NOT_FOUND;
  }
  if (!info.Software) {
    logError("IDXGIFactory4::EnumWarpAdapter",
             "the Vulkan device is not a CPU implementation; select lavapipe with D3DVK_DEVICE=llvmpipe");
    return DXGI_ERROR_NOT_FOUND;
  }
  return adapter(0, riid, ppvAdapter, "IDXGIFactory4::EnumWarpAdapter");
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiFactory::MakeWindowAssociation(HWND WindowHandle, UINT Flags) try {
  if (Flags & ~UINT(DXGI_MWA_VALID)) return DXGI_ERROR_INVALID_CALL;
  std::lock_guard lock(mutex_);
  window_ = WindowHandle;  // d3dvk has no Alt+Enter handling to turn off; the window is remembered
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiFactory::GetWindowAssociation(HWND* pWindowHandle) try {
  if (!pWindowHandle) return DXGI_ERROR_INVALID_CALL;
  std::lock_guard lock(mutex_);
  *pWindowHandle = window_;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiFactory::CreateSwapChain(IUnknown* pDevice, DXGI_SWAP_CHAIN_DESC* pDesc,
                                                       IDXGISwapChain** ppSwapChain) try {
  if (ppSwapChain) *ppSwapChain = nullptr;
  if (!pDesc || !ppSwapChain) {
    logError("IDXGIFactory::CreateSwapChain", "pDesc or ppSwapChain is null");
    return DXGI_ERROR_INVALID_CALL;
  }
  DXGI_SWAP_CHAIN_DESC1 desc{};
  desc.Width = pDesc->BufferDesc.Width;
  desc.Height = pDesc->BufferDesc.Height;
  desc.Format = pDesc->BufferDesc.Format;
  desc.SampleDesc = pDesc->SampleDesc;
  desc.BufferUsage = pDesc->BufferUsage;
  desc.BufferCount = pDesc->BufferCount;
  desc.Scaling = DXGI_SCALING_STRETCH;
  desc.SwapEffect = pDesc->SwapEffect;
  desc.AlphaMode = DXGI_ALPHA_MODE_UNSPECIFIED;
  desc.Flags = pDesc->Flags;
  DXGI_SWAP_CHAIN_FULLSCREEN_DESC fullscreen{};
  fullscreen.RefreshRate = pDesc->BufferDesc.RefreshRate;
  fullscreen.ScanlineOrdering = pDesc->BufferDesc.ScanlineOrdering;
  fullscreen.Scaling = pDesc->BufferDesc.Scaling;
  fullscreen.Windowed = pDesc->Windowed;
  IDXGISwapChain1* swapchain = nullptr;
  const HRESULT hr = createSwapChain(this, pDevice, pDesc->OutputWindow, &desc, &fullscreen, &swapchain,
                                     "IDXGIFactory::CreateSwapChain");
  *ppSwapChain = swapchain;
  return hr;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiFactory::CreateSwapChainForHwnd(IUnknown* pDevice, HWND hWnd,
                                                              const DXGI_SWAP_CHAIN_DESC1* pDesc,
                                                              const DXGI_SWAP_CHAIN_FULLSCREEN_DESC* pFullscreenDesc,
                                                              IDXGIOutput* pRestrictToOutput,
                                                              IDXGISwapChain1** ppSwapChain) try {
  if (ppSwapChain) *ppSwapChain = nullptr;
  if (pRestrictToOutput) {
    logError("IDXGIFactory2::CreateSwapChainForHwnd", "pRestrictToOutput is not an output of d3dvk (it has none)");
    return DXGI_ERROR_INVALID_CALL;
  }
  return createSwapChain(this, pDevice, hWnd, pDesc, pFullscreenDesc, ppSwapChain,
                         "IDXGIFactory2::CreateSwapChainForHwnd");
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiFactory::CreateSwapChainForCoreWindow(IUnknown*, IUnknown*, const DXGI_SWAP_CHAIN_DESC1*,
                                                                    IDXGIOutput*, IDXGISwapChain1** ppSwapChain) try {
  if (ppSwapChain) *ppSwapChain = nullptr;
  return DXGI_ERROR_UNSUPPORTED;  // CoreWindow is UWP-only; DXGI refuses it for desktop windows too
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiFactory::CreateSwapChainForComposition(IUnknown*, const DXGI_SWAP_CHAIN_DESC1*,
                                                                     IDXGIOutput*, IDXGISwapChain1** ppSwapChain) try {
  if (ppSwapChain) *ppSwapChain = nullptr;
  return swapchainsUnsupported("IDXGIFactory2::CreateSwapChainForComposition");
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiFactory::CreateSoftwareAdapter(HMODULE Module, IDXGIAdapter** ppAdapter) try {
  if (ppAdapter) *ppAdapter = nullptr;
  if (!Module || !ppAdapter) return DXGI_ERROR_INVALID_CALL;
  logError("IDXGIFactory::CreateSoftwareAdapter", "software rasterizer modules are not supported");
  return DXGI_ERROR_UNSUPPORTED;
} D3DVK_CATCH_HRESULT

BOOL STDMETHODCALLTYPE DxgiFactory::IsCurrent() try { return TRUE; } D3DVK_CATCH_RETURN(FALSE)  // the adapter set never changes
BOOL STDMETHODCALLTYPE DxgiFactory::IsWindowedStereoEnabled() try { return FALSE; } D3DVK_CATCH_RETURN(FALSE)
UINT STDMETHODCALLTYPE DxgiFactory::GetCreationFlags() try { return creationFlags_; } D3DVK_CATCH_RETURN(0)

HRESULT STDMETHODCALLTYPE DxgiFactory::GetSharedResourceAdapterLuid(HANDLE, LUID* pLuid) try {
  if (pLuid) *pLuid = LUID{};
  return DXGI_ERROR_INVALID_CALL;  // d3dvk has no shared handles
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiFactory::RegisterStereoStatusWindow(HWND, UINT, DWORD* pdwCookie) try {
  if (pdwCookie) *pdwCookie = 0;
  return DXGI_ERROR_UNSUPPORTED;
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE DxgiFactory::RegisterStereoStatusEvent(HANDLE, DWORD* pdwCookie) try {
  if (pdwCookie) *pdwCookie = 0;
  return DXGI_ERROR_UNSUPPORTED;
} D3DVK_CATCH_HRESULT
void STDMETHODCALLTYPE DxgiFactory::UnregisterStereoStatus(DWORD) try {} D3DVK_CATCH_VOID
HRESULT STDMETHODCALLTYPE DxgiFactory::RegisterOcclusionStatusWindow(HWND, UINT, DWORD* pdwCookie) try {
  if (pdwCookie) *pdwCookie = 0;
  return DXGI_ERROR_UNSUPPORTED;
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE DxgiFactory::RegisterOcclusionStatusEvent(HANDLE, DWORD* pdwCookie) try {
  if (pdwCookie) *pdwCookie = 0;
  return DXGI_ERROR_UNSUPPORTED;
} D3DVK_CATCH_HRESULT
void STDMETHODCALLTYPE DxgiFactory::UnregisterOcclusionStatus(DWORD) try {} D3DVK_CATCH_VOID
HRESULT STDMETHODCALLTYPE DxgiFactory::RegisterAdaptersChangedEvent(HANDLE, DWORD* pdwCookie) try {
  if (pdwCookie) *pdwCookie = 0;
  return DXGI_ERROR_UNSUPPORTED;
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE DxgiFactory::UnregisterAdaptersChangedEvent(DWORD) try {
  return DXGI_ERROR_NOT_FOUND;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiFactory::CheckFeatureSupport(DXGI_FEATURE Feature, void* pFeatureSupportData,
                                                           UINT FeatureSupportDataSize) try {
  if (Feature != DXGI_FEATURE_PRESENT_ALLOW_TEARING) return E_INVALIDARG;
  if (!pFeatureSupportData || FeatureSupportDataSize != sizeof(BOOL)) return E_INVALIDARG;
  // Flip-model swapchains take DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING; such presents use
  // Vulkan's IMMEDIATE mode (else MAILBOX, else FIFO) where the window offers it.
  const BOOL tearing = TRUE;
  std::memcpy(pFeatureSupportData, &tearing, sizeof tearing);
  return S_OK;
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime

using namespace d3dvk::runtime;

namespace {

HRESULT createFactory(UINT flags, REFIID riid, void** ppFactory) {
  if (!ppFactory) return DXGI_ERROR_INVALID_CALL;
  *ppFactory = nullptr;
  try {
    DxgiFactory* factory = new DxgiFactory(flags);
    const HRESULT hr = factory->QueryInterface(riid, ppFactory);
    factory->Release();
    return hr;
  } catch (const std::bad_alloc&) {
    return E_OUTOFMEMORY;
  }
}

}  // namespace

extern "C" __attribute__((visibility("default"))) HRESULT WINAPI CreateDXGIFactory(REFIID riid,
                                                                                   void** ppFactory) try {
  return createFactory(0, riid, ppFactory);
} D3DVK_CATCH_HRESULT

extern "C" __attribute__((visibility("default"))) HRESULT WINAPI CreateDXGIFactory1(REFIID riid,
                                                                                    void** ppFactory) try {
  return createFactory(0, riid, ppFactory);
} D3DVK_CATCH_HRESULT

extern "C" __attribute__((visibility("default"))) HRESULT WINAPI CreateDXGIFactory2(UINT Flags, REFIID riid,
                                                                                    void** ppFactory) try {
  if (Flags & ~UINT(DXGI_CREATE_FACTORY_DEBUG)) {
    if (ppFactory) *ppFactory = nullptr;
    return E_INVALIDARG;
  }
  return createFactory(Flags, riid, ppFactory);
} D3DVK_CATCH_HRESULT

extern "C" __attribute__((visibility("default"))) HRESULT WINAPI DXGIGetDebugInterface1(UINT Flags, REFIID,
                                                                                        void** pDebug) try {
  if (!pDebug) return E_INVALIDARG;
  *pDebug = nullptr;
  if (Flags) return E_INVALIDARG;
  return E_NOINTERFACE;  // no DXGI debug interfaces (IDXGIDebug, IDXGIInfoQueue) yet
} D3DVK_CATCH_HRESULT
