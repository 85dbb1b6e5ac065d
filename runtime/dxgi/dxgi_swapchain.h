// runtime/dxgi/dxgi_swapchain.h — IDXGISwapChain … IDXGISwapChain4 for a window
// (an HWND: an SDL_Window*, or with D3DVK_WSI=x11 an X11 Window ID) and a D3D11
// device or D3D12 direct queue: DXGI's validation of the description (swap
// effects, buffer counts, formats, flags), the back buffers
// (dxgi_swapchain_buffers.h), and Present through the UMD's presenter
// (d3dvk_present.h), which copies the current back buffer into the window's
// Vulkan swapchain. Fullscreen is a borderless window over an output
// (dxgi_swapchain_fullscreen.cpp). One swapchain per window at a time.
#pragma once

#include "dxgi_frame_latency.h"
#include "dxgi_object.h"
#include "dxgi_swapchain_buffers.h"
#include "dxgi_window_system.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>

namespace d3dvk::runtime {

// CreateSwapChainForHwnd (and CreateSwapChain, D3D11CreateDeviceAndSwapChain through it).
HRESULT createSwapChain(IDXGIFactory* factory, IUnknown* device, HWND window, const DXGI_SWAP_CHAIN_DESC1* desc,
                        const DXGI_SWAP_CHAIN_FULLSCREEN_DESC* fullscreen, IDXGISwapChain1** out,
                        const char* function);

class DxgiSwapChain final : public DxgiPrivateData<IDXGISwapChain4> {
 public:
  DxgiSwapChain(IDXGIFactory* factory, std::unique_ptr<SwapChainBuffers> buffers, HWND window,
                const DXGI_SWAP_CHAIN_DESC1& desc, const DXGI_SWAP_CHAIN_FULLSCREEN_DESC& fullscreen);
  // Makes the presenter and the buffers; *error says why on failure.
  HRESULT init(std::string* error);

  // IUnknown, IDXGIObject, IDXGIDeviceSubObject
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  ULONG STDMETHODCALLTYPE AddRef() override;
  ULONG STDMETHODCALLTYPE Release() override;
  HRESULT STDMETHODCALLTYPE GetParent(REFIID riid, void** ppParent) override;
  HRESULT STDMETHODCALLTYPE GetDevice(REFIID riid, void** ppDevice) override;
  // IDXGISwapChain
  HRESULT STDMETHODCALLTYPE Present(UINT SyncInterval, UINT Flags) override;
  HRESULT STDMETHODCALLTYPE GetBuffer(UINT Buffer, REFIID riid, void** ppSurface) override;
  HRESULT STDMETHODCALLTYPE SetFullscreenState(BOOL Fullscreen, IDXGIOutput* pTarget) override;
  HRESULT STDMETHODCALLTYPE GetFullscreenState(BOOL* pFullscreen, IDXGIOutput** ppTarget) override;
  HRESULT STDMETHODCALLTYPE GetDesc(DXGI_SWAP_CHAIN_DESC* pDesc) override;
  HRESULT STDMETHODCALLTYPE ResizeBuffers(UINT BufferCount, UINT Width, UINT Height, DXGI_FORMAT NewFormat,
                                          UINT SwapChainFlags) override;
  HRESULT STDMETHODCALLTYPE ResizeTarget(const DXGI_MODE_DESC* pNewTargetParameters) override;
  HRESULT STDMETHODCALLTYPE GetContainingOutput(IDXGIOutput** ppOutput) override;
  HRESULT STDMETHODCALLTYPE GetFrameStatistics(DXGI_FRAME_STATISTICS* pStats) override;
  HRESULT STDMETHODCALLTYPE GetLastPresentCount(UINT* pLastPresentCount) override;
  // IDXGISwapChain1
  HRESULT STDMETHODCALLTYPE GetDesc1(DXGI_SWAP_CHAIN_DESC1* pDesc) override;
  HRESULT STDMETHODCALLTYPE GetFullscreenDesc(DXGI_SWAP_CHAIN_FULLSCREEN_DESC* pDesc) override;
  HRESULT STDMETHODCALLTYPE GetHwnd(HWND* pHwnd) override;
  HRESULT STDMETHODCALLTYPE GetCoreWindow(REFIID refiid, void** ppUnk) override;
  HRESULT STDMETHODCALLTYPE Present1(UINT SyncInterval, UINT PresentFlags,
                                     const DXGI_PRESENT_PARAMETERS* pPresentParameters) override;
  BOOL STDMETHODCALLTYPE IsTemporaryMonoSupported() override;
  HRESULT STDMETHODCALLTYPE GetRestrictToOutput(IDXGIOutput** ppRestrictToOutput) override;
  HRESULT STDMETHODCALLTYPE SetBackgroundColor(const DXGI_RGBA* pColor) override;
  HRESULT STDMETHODCALLTYPE GetBackgroundColor(DXGI_RGBA* pColor) override;
  HRESULT STDMETHODCALLTYPE SetRotation(DXGI_MODE_ROTATION Rotation) override;
  HRESULT STDMETHODCALLTYPE GetRotation(DXGI_MODE_ROTATION* pRotation) override;
  // IDXGISwapChain2
  HRESULT STDMETHODCALLTYPE SetSourceSize(UINT Width, UINT Height) override;
  HRESULT STDMETHODCALLTYPE GetSourceSize(UINT* pWidth, UINT* pHeight) override;
  HRESULT STDMETHODCALLTYPE SetMaximumFrameLatency(UINT MaxLatency) override;
  HRESULT STDMETHODCALLTYPE GetMaximumFrameLatency(UINT* pMaxLatency) override;
  HANDLE STDMETHODCALLTYPE GetFrameLatencyWaitableObject() override;
  HRESULT STDMETHODCALLTYPE SetMatrixTransform(const DXGI_MATRIX_3X2_F* pMatrix) override;
  HRESULT STDMETHODCALLTYPE GetMatrixTransform(DXGI_MATRIX_3X2_F* pMatrix) override;
  // IDXGISwapChain3, IDXGISwapChain4
  UINT STDMETHODCALLTYPE GetCurrentBackBufferIndex() override;
  HRESULT STDMETHODCALLTYPE CheckColorSpaceSupport(DXGI_COLOR_SPACE_TYPE ColorSpace, UINT* pColorSpaceSupport) override;
  HRESULT STDMETHODCALLTYPE SetColorSpace1(DXGI_COLOR_SPACE_TYPE ColorSpace) override;
  HRESULT STDMETHODCALLTYPE ResizeBuffers1(UINT BufferCount, UINT Width, UINT Height, DXGI_FORMAT Format,
                                           UINT SwapChainFlags, const UINT* pCreationNodeMask,
                                           IUnknown* const* ppPresentQueue) override;
  HRESULT STDMETHODCALLTYPE SetHDRMetaData(DXGI_HDR_METADATA_TYPE Type, UINT Size, void* pMetaData) override;

 private:
  ~DxgiSwapChain();
  HRESULT present(UINT syncInterval, UINT flags, const char* method);
  // dxgi_swapchain_fullscreen.cpp: the output with the most of the window (mutex_ held).
  HRESULT containingOutput(IDXGIOutput** out, std::string* error);
  // Back to the window's place before fullscreen, if fullscreen (mutex_ held or in the destructor).
  HRESULT leaveFullscreen();
  // The window's size now (0 x 0 when unknown).
  void windowSize(UINT* width, UINT* height);
  bool flipModel() const;

  std::atomic<ULONG> refs_{1};
  std::mutex mutex_;
  IDXGIFactory* factory_;
  std::unique_ptr<SwapChainBuffers> buffers_;
  HWND window_;
  DXGI_SWAP_CHAIN_DESC1 desc_;
  DXGI_SWAP_CHAIN_FULLSCREEN_DESC fullscreen_;
  const D3DVK_PRESENT_FUNCS* funcs_ = nullptr;
  void* presenter_ = nullptr;
  UINT current_ = 0;           // D3D12: the buffer drawn to now
  UINT presentCalls_ = 0;      // GetLastPresentCount
  UINT presentsShown_ = 0;     // DXGI_FRAME_STATISTICS::PresentCount
  int64_t lastShownNs_ = 0;    // CLOCK_MONOTONIC of the last shown present
  UINT maxLatency_ = 1;
  UINT sourceWidth_ = 0, sourceHeight_ = 0;
  DXGI_RGBA background_{};
  DXGI_COLOR_SPACE_TYPE colorSpace_ = DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709;
  bool registered_ = false;  // holds its window in the one-swapchain-per-window set
  uint32_t windowSystem_ = 0;   // D3DVK_WSI_* of window_
  // Fullscreen (fullscreen_.Windowed FALSE): the output it covers (a reference) and
  // the window's place before, restored when it leaves.
  IDXGIOutput* target_ = nullptr;
  ScreenRect windowedRect_{};
  // With DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT (null otherwise).
  std::unique_ptr<FrameLatencyWaitable> latencyWaitable_;
};

}  // namespace d3dvk::runtime
