// tools/d3dvk-demo/demo_renderer.cpp — see demo_renderer.h.
#include "demo_renderer.h"

#include "demo_shaders.h"
#include "dxbc/listing.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace d3dvk::demo {
namespace {

constexpr UINT kSceneVertexCapacity = 3 * 16;
constexpr UINT kOverlayVertexCapacity = 4096;

std::string hex(HRESULT hr) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08X", unsigned(hr));
  return buf;
}

void require(HRESULT hr, const char* what) {
  if (FAILED(hr)) throw ApiError(std::string(what) + " returned " + hex(hr));
}

std::vector<uint8_t> assembled(const char* listing, const char* what) {
  try {
    return dxbc::assemble(listing).container;
  } catch (const std::exception& e) {
    throw ApiError(std::string("the ") + what + " listing does not assemble: " + e.what());
  }
}

D3D11_TEXTURE2D_DESC texture2D(UINT width, UINT height, D3D11_USAGE usage, UINT bind, UINT cpu) {
  D3D11_TEXTURE2D_DESC d{};
  d.Width = width;
  d.Height = height;
  d.MipLevels = 1;
  d.ArraySize = 1;
  d.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  d.SampleDesc.Count = 1;
  d.Usage = usage;
  d.BindFlags = bind;
  d.CPUAccessFlags = cpu;
  return d;
}

std::array<float, 4> unorm(Rgb c) { return {c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, 1.0f}; }

// Geometry in back-buffer pixels, written as NDC vertices.
class Overlay {
 public:
  using V = Vertex;
  std::vector<Vertex> vertices;

  // An axis-aligned rectangle with texture coordinates (u0, v0) … (u1, v1).
  void rect(double x0, double y0, double x1, double y1, Rgb colour, float u0 = 0, float v0 = 0, float u1 = 1,
            float v1 = 1) {
    const V a = at(x0, y0, u0, v0, colour), b = at(x1, y0, u1, v0, colour), c = at(x0, y1, u0, v1, colour),
            d = at(x1, y1, u1, v1, colour);
    vertices.insert(vertices.end(), {a, b, c, c, b, d});
  }
  // A line from p to q, `width` pixels wide.
  void line(Point p, Point q, double width, Rgb colour) {
    const double dx = q.x - p.x, dy = q.y - p.y, length = std::hypot(dx, dy);
    if (length == 0) return;
    const double nx = -dy / length * width / 2, ny = dx / length * width / 2;
    const V a = at(p.x + nx, p.y + ny, 0, 0, colour), b = at(q.x + nx, q.y + ny, 0, 0, colour),
            c = at(p.x - nx, p.y - ny, 0, 0, colour), d = at(q.x - nx, q.y - ny, 0, 0, colour);
    vertices.insert(vertices.end(), {a, b, c, c, b, d});
  }

 private:
  static V at(double x, double y, float u, float v, Rgb c) {
    const auto f = unorm(c);
    return {float(x / kWidth * 2 - 1), float(1 - y / kHeight * 2), u, v, f[0], f[1], f[2], f[3]};
  }
};

}  // namespace

Renderer::Renderer(HWND window) {
  Com<ID3D11Device> base;
  const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_1;
  require(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1, D3D11_SDK_VERSION, base.out(),
                            nullptr, context_.out()),
          "D3D11CreateDevice");
  require(base->QueryInterface(__uuidof(ID3D11Device3), device_.outVoid()), "QueryInterface(ID3D11Device3)");
  D3D11_FEATURE_DATA_D3D11_OPTIONS2 options{};
  require(device_->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2, &options, sizeof options),
          "CheckFeatureSupport(D3D11_OPTIONS2)");
  tier_ = int(options.ConservativeRasterizationTier);

  // The adapter the device runs on, and the swapchain through its factory.
  Com<IDXGIDevice> dxgiDevice;
  Com<IDXGIAdapter> adapter;
  Com<IDXGIFactory2> factory;
  require(device_->QueryInterface(__uuidof(IDXGIDevice), dxgiDevice.outVoid()), "QueryInterface(IDXGIDevice)");
  require(dxgiDevice->GetAdapter(adapter.out()), "IDXGIDevice::GetAdapter");
  DXGI_ADAPTER_DESC adapterDesc{};
  require(adapter->GetDesc(&adapterDesc), "IDXGIAdapter::GetDesc");
  for (const WCHAR* c = adapterDesc.Description; *c && c < std::end(adapterDesc.Description); ++c)
    adapterName_ += (*c >= 32 && *c < 127) ? char(*c) : '?';
  require(adapter->GetParent(__uuidof(IDXGIFactory2), factory.outVoid()), "IDXGIAdapter::GetParent(IDXGIFactory2)");
  DXGI_SWAP_CHAIN_DESC1 sc{};
  sc.Width = kWidth;
  sc.Height = kHeight;
  sc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  sc.SampleDesc.Count = 1;
  sc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
  sc.BufferCount = 2;
  sc.Scaling = DXGI_SCALING_STRETCH;
  sc.SwapEffect = DXGI_SWAP_EFFECT_FLIP_DISCARD;
  require(factory->CreateSwapChainForHwnd(device_.get(), window, &sc, nullptr, nullptr, swapchain_.out()),
          "IDXGIFactory2::CreateSwapChainForHwnd");
  require(swapchain_->GetBuffer(0, __uuidof(ID3D11Texture2D), backBuffer_.outVoid()), "IDXGISwapChain::GetBuffer(0)");
  require(device_->CreateRenderTargetView(backBuffer_.get(), nullptr, backRtv_.out()),
          "CreateRenderTargetView (back buffer)");
  const D3D11_TEXTURE2D_DESC stagingDesc = texture2D(kWidth, kHeight, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ);
  require(device_->CreateTexture2D(&stagingDesc, nullptr, staging_.out()), "CreateTexture2D (staging)");

  const D3D11_TEXTURE2D_DESC textDesc =
      texture2D(kWidth, kHeight, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0);
  require(device_->CreateTexture2D(&textDesc, nullptr, textTexture_.out()), "CreateTexture2D (text)");
  require(device_->CreateShaderResourceView(textTexture_.get(), nullptr, textSrv_.out()),
          "CreateShaderResourceView (text)");
  const D3D11_TEXTURE2D_DESC panelDesc = texture2D(kPanelPixelsX, kPanelPixelsY, D3D11_USAGE_DEFAULT,
                                                   D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, 0);
  for (int i = 0; i < 2; ++i) {
    require(device_->CreateTexture2D(&panelDesc, nullptr, panelTexture_[i].out()), "CreateTexture2D (panel)");
    require(device_->CreateRenderTargetView(panelTexture_[i].get(), nullptr, panelRtv_[i].out()),
            "CreateRenderTargetView (panel)");
    require(device_->CreateShaderResourceView(panelTexture_[i].get(), nullptr, panelSrv_[i].out()),
            "CreateShaderResourceView (panel)");
  }

  const std::vector<uint8_t> vs = assembled(kVertexShader, "vertex shader");
  require(device_->CreateVertexShader(vs.data(), vs.size(), nullptr, vs_.out()), "CreateVertexShader");
  const D3D11_INPUT_ELEMENT_DESC elements[] = {
      {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
      {"TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 8, D3D11_INPUT_PER_VERTEX_DATA, 0},
      {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 16, D3D11_INPUT_PER_VERTEX_DATA, 0},
  };
  require(device_->CreateInputLayout(elements, 3, vs.data(), vs.size(), layout_.out()), "CreateInputLayout");
  auto pixelShader = [&](const char* listing, const char* what, Com<ID3D11PixelShader>& out) {
    const std::vector<uint8_t> code = assembled(listing, what);
    require(device_->CreatePixelShader(code.data(), code.size(), nullptr, out.out()), "CreatePixelShader");
  };
  pixelShader(kPsColour, "colour pixel shader", psColour_);
  pixelShader(kPsTexture, "texture pixel shader", psTexture_);
  pixelShader(kPsOff, "conservative OFF pixel shader", psOff_);
  // SV_InnerCoverage needs tier 3 (CreatePixelShader refuses it below).
  if (tier_ >= 3)
    pixelShader(kPsInner, "inner coverage pixel shader", psOn_);
  else
    pixelShader(kPsOuter, "outer coverage pixel shader", psOn_);

  std::array<float, 12> colours{};
  for (int i = 0; i < 3; ++i) {
    const auto c = unorm(i == 0 ? kOffCovered : i == 1 ? kOuterCoverage : kInnerCoverage);
    std::copy(c.begin(), c.end(), colours.begin() + 4 * i);
  }
  const D3D11_BUFFER_DESC cbDesc{sizeof colours, D3D11_USAGE_IMMUTABLE, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0};
  const D3D11_SUBRESOURCE_DATA cbData{colours.data(), 0, 0};
  require(device_->CreateBuffer(&cbDesc, &cbData, colours_.out()), "CreateBuffer (colours)");
  const D3D11_BUFFER_DESC sceneDesc{kSceneVertexCapacity * sizeof(Vertex), D3D11_USAGE_DYNAMIC,
                                    D3D11_BIND_VERTEX_BUFFER, D3D11_CPU_ACCESS_WRITE, 0, 0};
  require(device_->CreateBuffer(&sceneDesc, nullptr, sceneVertices_.out()), "CreateBuffer (triangles)");
  const D3D11_BUFFER_DESC overlayDesc{kOverlayVertexCapacity * sizeof(Vertex), D3D11_USAGE_DYNAMIC,
                                      D3D11_BIND_VERTEX_BUFFER, D3D11_CPU_ACCESS_WRITE, 0, 0};
  require(device_->CreateBuffer(&overlayDesc, nullptr, overlayVertices_.out()), "CreateBuffer (overlay)");

  D3D11_SAMPLER_DESC sampler{};
  sampler.Filter = D3D11_FILTER_MIN_MAG_MIP_POINT;
  sampler.AddressU = sampler.AddressV = sampler.AddressW = D3D11_TEXTURE_ADDRESS_CLAMP;
  sampler.ComparisonFunc = D3D11_COMPARISON_NEVER;
  sampler.MaxLOD = D3D11_FLOAT32_MAX;
  require(device_->CreateSamplerState(&sampler, point_.out()), "CreateSamplerState");

  D3D11_RASTERIZER_DESC2 raster{};
  raster.FillMode = D3D11_FILL_SOLID;
  raster.CullMode = D3D11_CULL_NONE;  // dragging and turning never hide a triangle
  raster.DepthClipEnable = TRUE;
  raster.ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF;
  require(device_->CreateRasterizerState2(&raster, rasterOff_.out()), "CreateRasterizerState2 (conservative OFF)");
  if (tier_ > 0) {
    raster.ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON;
    require(device_->CreateRasterizerState2(&raster, rasterOn_.out()), "CreateRasterizerState2 (conservative ON)");
  }
}

Renderer::~Renderer() {
  if (context_.get()) {
    context_->ClearState();
    context_->Flush();
  }
}

void Renderer::upload(ID3D11Buffer* buffer, const std::vector<Vertex>& vertices) {
  D3D11_MAPPED_SUBRESOURCE mapped{};
  require(context_->Map(buffer, 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped), "Map(WRITE_DISCARD)");
  std::memcpy(mapped.pData, vertices.data(), vertices.size() * sizeof(Vertex));
  context_->Unmap(buffer, 0);
}

void Renderer::draw(const std::vector<Triangle>& triangles, const Picture& text, bool textChanged) {
  ID3D11DeviceContext* ctx = context_.get();
  if (textChanged) ctx->UpdateSubresource(textTexture_.get(), 0, nullptr, text.rgba().data(), kWidth * 4, 0);

  // The triangles in the panels' NDC.
  std::vector<Vertex> scene;
  for (const Triangle& t : triangles) {
    if (scene.size() + 3 > kSceneVertexCapacity) break;
    for (const Point& p : t)
      scene.push_back({float(p.x / kPanelPixelsX * 2 - 1), float(1 - p.y / kPanelPixelsY * 2), 0, 0, 1, 1, 1, 1});
  }
  upload(sceneVertices_.get(), scene);

  // The back buffer's geometry: the text picture, the two panels, then the grid
  // and the exact edges over both panels.
  Overlay overlay;
  overlay.rect(0, 0, kWidth, kHeight, kText);
  const double panelW = kPanelPixelsX * kMagnify, panelH = kPanelPixelsY * kMagnify;
  for (int left : {kPanelOffLeft, kPanelOnLeft}) overlay.rect(left, kPanelTop, left + panelW, kPanelTop + panelH, kText);
  for (int left : {kPanelOffLeft, kPanelOnLeft}) {
    // One pixel wide, on the first column / row of each magnified pixel, and a closing one.
    for (uint32_t i = 0; i <= kPanelPixelsX; ++i) {
      const double x = left + double(i * kMagnify);
      overlay.rect(x, kPanelTop, x + 1, kPanelTop + panelH + 1, kGridLine);
    }
    for (uint32_t j = 0; j <= kPanelPixelsY; ++j) {
      const double y = kPanelTop + double(j * kMagnify);
      overlay.rect(left, y, left + panelW + 1, y + 1, kGridLine);
    }
    for (const Triangle& t : triangles)
      for (int e = 0; e < 3; ++e) {
        const Point& a = t[size_t(e)];
        const Point& b = t[size_t((e + 1) % 3)];
        overlay.line({left + a.x * kMagnify, kPanelTop + a.y * kMagnify},
                     {left + b.x * kMagnify, kPanelTop + b.y * kMagnify}, 1.25, kEdgeLine);
      }
  }
  if (overlay.vertices.size() > kOverlayVertexCapacity) overlay.vertices.resize(kOverlayVertexCapacity / 6 * 6);
  const std::vector<Vertex>& overlayVertices = overlay.vertices;
  upload(overlayVertices_.get(), overlayVertices);

  const UINT stride = sizeof(Vertex), offset = 0;
  ID3D11Buffer* cb = colours_.get();
  ID3D11SamplerState* sampler = point_.get();
  ctx->IASetInputLayout(layout_.get());
  ctx->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  ctx->VSSetShader(vs_.get(), nullptr, 0);
  ctx->PSSetConstantBuffers(0, 1, &cb);
  ctx->PSSetSamplers(0, 1, &sampler);

  // The panels: conservative OFF, then ON (when the device has a tier).
  ID3D11Buffer* sceneBuffer = sceneVertices_.get();
  ctx->IASetVertexBuffers(0, 1, &sceneBuffer, &stride, &offset);
  const D3D11_VIEWPORT panelViewport{0, 0, float(kPanelPixelsX), float(kPanelPixelsY), 0, 1};
  ctx->RSSetViewports(1, &panelViewport);
  const auto clear = unorm(kPanelClear);
  for (int i = 0; i < 2; ++i) {
    ID3D11RenderTargetView* rtv = panelRtv_[i].get();
    ctx->OMSetRenderTargets(1, &rtv, nullptr);
    ctx->ClearRenderTargetView(rtv, clear.data());
    if (i == 1 && !rasterOn_.get()) continue;
    ctx->RSSetState(i == 0 ? rasterOff_.get() : rasterOn_.get());
    ctx->PSSetShader(i == 0 ? psOff_.get() : psOn_.get(), nullptr, 0);
    ctx->Draw(UINT(scene.size()), 0);
  }

  // The back buffer.
  ID3D11RenderTargetView* back = backRtv_.get();
  ctx->OMSetRenderTargets(1, &back, nullptr);
  const D3D11_VIEWPORT full{0, 0, float(kWidth), float(kHeight), 0, 1};
  ctx->RSSetViewports(1, &full);
  ctx->RSSetState(rasterOff_.get());
  ID3D11Buffer* overlayBuffer = overlayVertices_.get();
  ctx->IASetVertexBuffers(0, 1, &overlayBuffer, &stride, &offset);
  ctx->PSSetShader(psTexture_.get(), nullptr, 0);
  ID3D11ShaderResourceView* textures[] = {textSrv_.get(), panelSrv_[0].get(), panelSrv_[1].get()};
  for (UINT i = 0; i < 3; ++i) {
    ctx->PSSetShaderResources(0, 1, &textures[i]);
    ctx->Draw(6, 6 * i);
  }
  ID3D11ShaderResourceView* none = nullptr;
  ctx->PSSetShaderResources(0, 1, &none);  // the panels are render targets again next frame
  ctx->PSSetShader(psColour_.get(), nullptr, 0);
  ctx->Draw(UINT(overlayVertices.size()) - 18, 18);
}

std::vector<uint8_t> Renderer::readBackBuffer() {
  context_->CopyResource(staging_.get(), backBuffer_.get());
  D3D11_MAPPED_SUBRESOURCE mapped{};
  require(context_->Map(staging_.get(), 0, D3D11_MAP_READ, 0, &mapped), "Map(READ) of the back buffer's copy");
  std::vector<uint8_t> rgba(size_t(kWidth) * kHeight * 4);
  for (uint32_t y = 0; y < kHeight; ++y)
    std::memcpy(&rgba[size_t(y) * kWidth * 4], static_cast<const uint8_t*>(mapped.pData) + size_t(y) * mapped.RowPitch,
                size_t(kWidth) * 4);
  context_->Unmap(staging_.get(), 0);
  return rgba;
}

HRESULT Renderer::present() { return swapchain_->Present(1, 0); }

}  // namespace d3dvk::demo
