// runtime/dxgi/dxgi_swapchain_buffers.h — a swapchain's back buffers: ordinary
// D3D textures of the device the swapchain presents for, made through its API
// (so GetBuffer hands out a real ID3D11Texture2D / ID3D12Resource), and what
// the UMD's presenter needs of them (d3dvk_present.h: the DDI device and the
// buffers' DDI resources). D3D11 (dxgi_swapchain_d3d11.cpp): buffer 0, the one a
// D3D11 application draws to in every swap effect, made presentable (a UNORM one
// takes sRGB views too, D3D11Device::createSwapChainBuffer), and for the
// sequential swap effects read-only buffers 1 … BufferCount-1 holding the frames
// presented before. D3D12
// (dxgi_swapchain_d3d12.cpp): BufferCount committed resources on a direct queue's
// device, drawn to in turn (GetCurrentBackBufferIndex).
#pragma once

// d3dvk's API headers first: they make HWND pointer-sized before winadapter.h is seen.
#include <dxgi1_6.h>

#include "d3dvk_present.h"

#include <memory>
#include <string>

namespace d3dvk::runtime {

class SwapChainBuffers {
 public:
  virtual ~SwapChainBuffers() = default;
  virtual uint32_t api() const = 0;         // D3DVK_PRESENT_API_*
  virtual void* ddiDevice() const = 0;      // the UMD device the presenter records on
  virtual void* ddiQueue() const { return nullptr; }  // D3D12: the UMD queue presents are ordered on
  virtual HRESULT removedReason() const = 0;  // S_OK, or why the device was removed
  // The object swapchains are made for (the D3D11 device, the D3D12 queue) as riid.
  virtual HRESULT getDevice(REFIID riid, void** out) = 0;
  // Replaces the buffers with `count` of the size, format and DXGI usage (the old ones
  // must be unreferenced); *error says why on failure.
  virtual HRESULT create(UINT count, UINT width, UINT height, DXGI_FORMAT format, DXGI_USAGE usage,
                         std::string* error) = 0;
  virtual void release() = 0;
  virtual UINT count() const = 0;  // buffers GetBuffer gives out (D3D11: 1, or BufferCount when sequential)
  // D3D11: the swap effect keeps the presented frames (SEQUENTIAL, FLIP_SEQUENTIAL):
  // buffers above 0 are read-only copies of them. Before create.
  virtual void keepPresentedFrames(bool) {}
  // After a present that showed buffer 0 (D3D11: the buffers' contents rotate).
  virtual void presented() {}
  virtual HRESULT get(UINT index, REFIID riid, void** out) = 0;
  virtual void* ddiResource(UINT index) const = 0;
  // Whether the application still holds a buffer (or a view of one).
  virtual bool referenced() const = 0;
};

// The buffers of a swapchain for `device`: a d3dvk ID3D11Device or direct
// ID3D12CommandQueue. Null with *hr and *error otherwise.
std::unique_ptr<SwapChainBuffers> swapChainBuffersFor(IUnknown* device, HRESULT* hr, std::string* error);
std::unique_ptr<SwapChainBuffers> swapChainBuffersD3D11(IUnknown* device);  // null: not a D3D11 device
std::unique_ptr<SwapChainBuffers> swapChainBuffersD3D12(IUnknown* device, HRESULT* hr, std::string* error);

// Whether a COM object's reference count is above `ours` (AddRef/Release).
bool heldElsewhere(IUnknown* object, ULONG ours);

}  // namespace d3dvk::runtime
