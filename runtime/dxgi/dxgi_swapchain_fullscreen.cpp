// runtime/dxgi/dxgi_swapchain_fullscreen.cpp — a swapchain's window and the
// outputs (dxgi_output.h): SetFullscreenState as borderless fullscreen (the window
// is moved over the output, sized to it, raised, and the window manager is asked
// for _NET_WM_STATE_FULLSCREEN; leaving restores its place), GetFullscreenState,
// GetContainingOutput (the output with the most of the window) and ResizeTarget
// (resizes the window; in fullscreen the window keeps covering its output).
#include "dxgi_swapchain.h"

#include "dxgi_adapter.h"
#include "dxgi_output.h"
#include "dxgi_window_system.h"

#include <algorithm>
#include <cstdio>

namespace d3dvk::runtime {
namespace {

HRESULT fail(const char* method, HRESULT hr, const std::string& why) {
  std::fprintf(stderr, "d3dvk: %s: %s\n", method, why.c_str());
  return hr;
}

int64_t overlap(const ScreenRect& a, const ScreenRect& b) {
  const int64_t left = std::max<int64_t>(a.x, b.x), top = std::max<int64_t>(a.y, b.y);
  const int64_t right = std::min<int64_t>(int64_t(a.x) + a.width, int64_t(b.x) + b.width);
  const int64_t bottom = std::min<int64_t>(int64_t(a.y) + a.height, int64_t(b.y) + b.height);
  return right > left && bottom > top ? (right - left) * (bottom - top) : 0;
}

}  // namespace

HRESULT DxgiSwapChain::containingOutput(IDXGIOutput** out, std::string* error) {
  *out = nullptr;
  const std::vector<DisplayMonitor> monitors = displayMonitors();
  if (monitors.empty()) return *error = "there are no outputs (no X display)", DXGI_ERROR_NOT_FOUND;
  ScreenRect window;
  if (!windowRect(windowSystem_, window_, &window, error)) return DXGI_ERROR_INVALID_CALL;
  UINT best = 0;  // no overlap at all: the primary output
  int64_t bestArea = 0;
  for (UINT i = 0; i < monitors.size(); ++i)
    if (const int64_t area = overlap(window, monitors[i].rect); area > bestArea) best = i, bestArea = area;
  DxgiAdapter* adapter = nullptr;
  HRESULT hr = factory_ ? DxgiAdapter::create(factory_, &adapter, error) : DxgiAdapter::createDefault(&adapter, error);
  if (FAILED(hr)) return hr;
  hr = DxgiOutput::create(adapter, best, out);
  adapter->Release();
  if (FAILED(hr)) *error = "the outputs changed";
  return hr;
}

HRESULT DxgiSwapChain::leaveFullscreen() {
  if (!target_) return S_OK;
  target_->Release();
  target_ = nullptr;
  fullscreen_.Windowed = TRUE;
  std::string error;
  const HRESULT hr = placeWindow(windowSystem_, window_, windowedRect_, false, 0, &error);
  if (FAILED(hr)) fail("IDXGISwapChain::SetFullscreenState", hr, "the window's place cannot be restored: " + error);
  return hr;
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::SetFullscreenState(BOOL Fullscreen, IDXGIOutput* pTarget) try {
  const char* method = "IDXGISwapChain::SetFullscreenState";
  std::lock_guard<std::mutex> lock(mutex_);
  if (!Fullscreen) {
    if (pTarget) return fail(method, DXGI_ERROR_INVALID_CALL, "pTarget must be null when Fullscreen is FALSE");
    const HRESULT hr = leaveFullscreen();
    return hr == DXGI_ERROR_INVALID_CALL ? S_OK : hr;  // a window that is gone is windowed enough
  }
  std::string error;
  IDXGIOutput* output = nullptr;
  if (pTarget) {
    DxgiOutput* ours = DxgiOutput::from(pTarget);
    if (!ours) return fail(method, DXGI_ERROR_INVALID_CALL, "pTarget is not an output of d3dvk's adapter");
    output = ours;
  } else if (target_) {
    output = target_;
    output->AddRef();
  } else if (HRESULT hr = containingOutput(&output, &error); FAILED(hr)) {
    return fail(method, hr == DXGI_ERROR_NOT_FOUND ? DXGI_ERROR_NOT_CURRENTLY_AVAILABLE : hr,
                "no output to go fullscreen on: " + error);
  }
  const DisplayMonitor& monitor = static_cast<DxgiOutput*>(output)->monitor();
  if (!target_ && !windowRect(windowSystem_, window_, &windowedRect_, &error)) {
    output->Release();
    return fail(method, DXGI_ERROR_INVALID_CALL, error);
  }
  const HRESULT hr = placeWindow(windowSystem_, window_, monitor.rect, false, 1, &error);
  if (FAILED(hr)) {
    output->Release();
    return fail(method, hr, "the window cannot cover the output: " + error);
  }
  if (target_) target_->Release();
  target_ = output;
  fullscreen_.Windowed = FALSE;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetFullscreenState(BOOL* pFullscreen, IDXGIOutput** ppTarget) try {
  std::lock_guard<std::mutex> lock(mutex_);
  if (pFullscreen) *pFullscreen = target_ ? TRUE : FALSE;
  if (ppTarget) {
    *ppTarget = target_;
    if (target_) target_->AddRef();
  }
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetContainingOutput(IDXGIOutput** ppOutput) try {
  const char* method = "IDXGISwapChain::GetContainingOutput";
  if (!ppOutput) return fail(method, DXGI_ERROR_INVALID_CALL, "ppOutput is null");
  *ppOutput = nullptr;
  std::lock_guard<std::mutex> lock(mutex_);
  if (target_) {
    *ppOutput = target_;
    target_->AddRef();
    return S_OK;
  }
  std::string error;
  const HRESULT hr = containingOutput(ppOutput, &error);
  return FAILED(hr) ? fail(method, hr, error) : hr;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::ResizeTarget(const DXGI_MODE_DESC* pNewTargetParameters) try {
  const char* method = "IDXGISwapChain::ResizeTarget";
  if (!pNewTargetParameters) return fail(method, DXGI_ERROR_INVALID_CALL, "pNewTargetParameters is null");
  std::lock_guard<std::mutex> lock(mutex_);
  fullscreen_.RefreshRate = pNewTargetParameters->RefreshRate;
  fullscreen_.ScanlineOrdering = pNewTargetParameters->ScanlineOrdering;
  fullscreen_.Scaling = pNewTargetParameters->Scaling;
  if (target_) return S_OK;  // fullscreen: the window keeps covering its output (the desktop's mode)
  std::string error;
  ScreenRect rect;
  if (!windowRect(windowSystem_, window_, &rect, &error)) return fail(method, DXGI_ERROR_INVALID_CALL, error);
  // 0: the window keeps that dimension.
  if (pNewTargetParameters->Width) rect.width = pNewTargetParameters->Width;
  if (pNewTargetParameters->Height) rect.height = pNewTargetParameters->Height;
  const HRESULT hr = placeWindow(windowSystem_, window_, rect, true, kFullscreenKeep, &error);
  return FAILED(hr) ? fail(method, hr, "the window cannot be resized: " + error) : S_OK;
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
