// tools/d3dvk-demo/demo_renderer.h — the demo's drawing, through the public
// D3D11 and DXGI APIs only (an application's view of d3dvk): a D3D11 device, a
// flip-model swapchain on the window, the triangles drawn into two small render
// targets (CreateRasterizerState2 with conservative rasterization OFF and ON; ON
// colours SV_InnerCoverage at tier 3), then the back buffer composed of the text
// picture, both targets magnified with point sampling, the pixel grid and the
// triangles' exact edges; Present; and reading the back buffer back.
#pragma once

// d3dvk's API headers first: they make HWND pointer-sized before winadapter.h is seen.
#include <d3d11_3.h>
#include <dxgi1_6.h>

#include "bitmap_font.h"
#include "demo_scene.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace d3dvk::demo {

// What the API refused (its message names the call and the HRESULT).
struct ApiError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

template <class T>
class Com {
 public:
  Com() = default;
  Com(const Com&) = delete;
  Com& operator=(const Com&) = delete;
  ~Com() { reset(); }
  T* get() const { return p_; }
  T* operator->() const { return p_; }
  T** out() {
    reset();
    return &p_;
  }
  void** outVoid() { return reinterpret_cast<void**>(out()); }
  void reset() {
    if (p_) p_->Release();
    p_ = nullptr;
  }

 private:
  T* p_ = nullptr;
};

// The one vertex layout: position (NDC), texture coordinate, colour.
struct Vertex {
  float x, y, u, v, r, g, b, a;
};

class Renderer {
 public:
  // Creates the device and a kWidth × kHeight swapchain on `window` (an SDL_Window*
  // by default, see docs/dxgi.md); throws ApiError.
  explicit Renderer(HWND window);
  ~Renderer();
  Renderer(const Renderer&) = delete;
  Renderer& operator=(const Renderer&) = delete;

  // CheckFeatureSupport(D3D11_OPTIONS2)'s conservative rasterization tier (0: none).
  int conservativeTier() const { return tier_; }
  // The adapter's description (IDXGIDevice → IDXGIAdapter::GetDesc), ASCII.
  const std::string& adapterName() const { return adapterName_; }

  // Draws a frame into the back buffer; `text` (kWidth × kHeight) is uploaded
  // when `textChanged`. Throws ApiError.
  void draw(const std::vector<Triangle>& triangles, const Picture& text, bool textChanged);
  // The back buffer as drawn, RGBA8, top row first. Throws ApiError.
  std::vector<uint8_t> readBackBuffer();
  // IDXGISwapChain::Present(1, 0)'s result.
  HRESULT present();

 private:
  void upload(ID3D11Buffer* buffer, const std::vector<Vertex>& vertices);

  int tier_ = 0;
  std::string adapterName_;
  Com<ID3D11Device3> device_;
  Com<ID3D11DeviceContext> context_;
  Com<IDXGISwapChain1> swapchain_;
  Com<ID3D11Texture2D> backBuffer_, staging_;
  Com<ID3D11RenderTargetView> backRtv_;
  Com<ID3D11Texture2D> textTexture_;
  Com<ID3D11ShaderResourceView> textSrv_;
  Com<ID3D11Texture2D> panelTexture_[2];  // [0] conservative OFF, [1] ON
  Com<ID3D11RenderTargetView> panelRtv_[2];
  Com<ID3D11ShaderResourceView> panelSrv_[2];
  Com<ID3D11VertexShader> vs_;
  Com<ID3D11PixelShader> psColour_, psTexture_, psOff_, psOn_;
  Com<ID3D11InputLayout> layout_;
  Com<ID3D11Buffer> colours_, sceneVertices_, overlayVertices_;
  Com<ID3D11SamplerState> point_;
  Com<ID3D11RasterizerState2> rasterOff_, rasterOn_;
};

}  // namespace d3dvk::demo
