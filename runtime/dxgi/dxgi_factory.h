// runtime/dxgi/dxgi_factory.h — the DXGI factory (IDXGIFactory7) and its entry
// points CreateDXGIFactory / 1 / 2: adapter enumeration (EnumAdapters / 1 by index,
// by LUID, by GPU preference, the WARP adapter), window association,
// CheckFeatureSupport. d3dvk has one adapter: the Vulkan device the UMD drives
// (D3DVK_DEVICE selects it). Swapchains for windows are dxgi_swapchain.h's;
// composition and CoreWindow swapchains are DXGI_ERROR_UNSUPPORTED.
#pragma once

#include "dxgi_object.h"

#include <atomic>
#include <mutex>

namespace d3dvk::runtime {

class DxgiFactory final : public DxgiPrivateData<IDXGIFactory7> {
 public:
  explicit DxgiFactory(UINT creationFlags) : creationFlags_(creationFlags) {}

  // IUnknown
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  ULONG STDMETHODCALLTYPE AddRef() override;
  ULONG STDMETHODCALLTYPE Release() override;
  // IDXGIObject
  HRESULT STDMETHODCALLTYPE GetParent(REFIID riid, void** ppParent) override;
  // IDXGIFactory
  HRESULT STDMETHODCALLTYPE EnumAdapters(UINT Adapter, IDXGIAdapter** ppAdapter) override;
  HRESULT STDMETHODCALLTYPE MakeWindowAssociation(HWND WindowHandle, UINT Flags) override;
  HRESULT STDMETHODCALLTYPE GetWindowAssociation(HWND* pWindowHandle) override;
  HRESULT STDMETHODCALLTYPE CreateSwapChain(IUnknown* pDevice, DXGI_SWAP_CHAIN_DESC* pDesc,
                                            IDXGISwapChain** ppSwapChain) override;
  HRESULT STDMETHODCALLTYPE CreateSoftwareAdapter(HMODULE Module, IDXGIAdapter** ppAdapter) override;
  // IDXGIFactory1
  HRESULT STDMETHODCALLTYPE EnumAdapters1(UINT Adapter, IDXGIAdapter1** ppAdapter) override;
  BOOL STDMETHODCALLTYPE IsCurrent() override;
  // IDXGIFactory2
  BOOL STDMETHODCALLTYPE IsWindowedStereoEnabled() override;
  HRESULT STDMETHODCALLTYPE CreateSwapChainForHwnd(IUnknown* pDevice, HWND hWnd, const DXGI_SWAP_CHAIN_DESC1* pDesc,
                                                   const DXGI_SWAP_CHAIN_FULLSCREEN_DESC* pFullscreenDesc,
                                                   IDXGIOutput* pRestrictToOutput,
                                                   IDXGISwapChain1** ppSwapChain) override;
  HRESULT STDMETHODCALLTYPE CreateSwapChainForCoreWindow(IUnknown* pDevice, IUnknown* pWindow,
                                                         const DXGI_SWAP_CHAIN_DESC1* pDesc,
                                                         IDXGIOutput* pRestrictToOutput,
                                                         IDXGISwapChain1** ppSwapChain) override;
  HRESULT STDMETHODCALLTYPE GetSharedResourceAdapterLuid(HANDLE hResource, LUID* pLuid) override;
  HRESULT STDMETHODCALLTYPE RegisterStereoStatusWindow(HWND WindowHandle, UINT wMsg, DWORD* pdwCookie) override;
  HRESULT STDMETHODCALLTYPE RegisterStereoStatusEvent(HANDLE hEvent, DWORD* pdwCookie) override;
  void STDMETHODCALLTYPE UnregisterStereoStatus(DWORD dwCookie) override;
  HRESULT STDMETHODCALLTYPE RegisterOcclusionStatusWindow(HWND WindowHandle, UINT wMsg, DWORD* pdwCookie) override;
  HRESULT STDMETHODCALLTYPE RegisterOcclusionStatusEvent(HANDLE hEvent, DWORD* pdwCookie) override;
  void STDMETHODCALLTYPE UnregisterOcclusionStatus(DWORD dwCookie) override;
  HRESULT STDMETHODCALLTYPE CreateSwapChainForComposition(IUnknown* pDevice, const DXGI_SWAP_CHAIN_DESC1* pDesc,
                                                          IDXGIOutput* pRestrictToOutput,
                                                          IDXGISwapChain1** ppSwapChain) override;
  // IDXGIFactory3 … 7
  UINT STDMETHODCALLTYPE GetCreationFlags() override;
  HRESULT STDMETHODCALLTYPE EnumAdapterByLuid(LUID AdapterLuid, REFIID riid, void** ppvAdapter) override;
  HRESULT STDMETHODCALLTYPE EnumWarpAdapter(REFIID riid, void** ppvAdapter) override;
  HRESULT STDMETHODCALLTYPE CheckFeatureSupport(DXGI_FEATURE Feature, void* pFeatureSupportData,
                                                UINT FeatureSupportDataSize) override;
  HRESULT STDMETHODCALLTYPE EnumAdapterByGpuPreference(UINT Adapter, DXGI_GPU_PREFERENCE GpuPreference, REFIID riid,
                                                       void** ppvAdapter) override;
  HRESULT STDMETHODCALLTYPE RegisterAdaptersChangedEvent(HANDLE hEvent, DWORD* pdwCookie) override;
  HRESULT STDMETHODCALLTYPE UnregisterAdaptersChangedEvent(DWORD dwCookie) override;

 private:
  ~DxgiFactory() = default;
  // Adapter `index` (only 0 exists) as interface riid, or DXGI_ERROR_NOT_FOUND.
  HRESULT adapter(UINT index, REFIID riid, void** out, const char* function);

  std::atomic<ULONG> refs_{1};
  const UINT creationFlags_;
  std::mutex mutex_;
  HWND window_ = nullptr;  // MakeWindowAssociation
};

}  // namespace d3dvk::runtime
