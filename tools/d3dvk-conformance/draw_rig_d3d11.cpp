// tools/d3dvk-conformance/draw_rig_d3d11.cpp — DrawRig through the public
// D3D11 API: a debug device (ID3D11Device3) and its immediate context, the
// target and its RTV, ID3D11RasterizerState2, OMSetBlendState's sample mask, a
// vertex buffer per draw, ResolveSubresource and staging copies for read-back,
// the R32_UINT UAV bound with OMSetRenderTargetsAndUnorderedAccessViews.
#include "draw_rig.h"

#include <cstring>

namespace d3dvk::conformance {
namespace {

constexpr DXGI_FORMAT kFormat = kTargetFormat;

D3D11_TEXTURE2D_DESC textureDesc(UINT width, UINT height, UINT samples, D3D11_USAGE usage, UINT bind, UINT cpu) {
  D3D11_TEXTURE2D_DESC d{};
  d.Width = width;
  d.Height = height;
  d.MipLevels = 1;
  d.ArraySize = 1;
  d.Format = kFormat;
  d.SampleDesc = {samples, 0};
  d.Usage = usage;
  d.BindFlags = bind;
  d.CPUAccessFlags = cpu;
  return d;
}

class DrawRig11 final : public DrawRig {
 public:
  DrawRig11(UINT width, UINT height, const char* pixelShaderListing, UINT samples);
  void setRasterizer(const D3D11_RASTERIZER_DESC2& desc) override;
  void setSampleMask(UINT mask) override;
  void clear() override;
  void draw(const std::vector<Vertex>& vertices, D3D11_PRIMITIVE_TOPOLOGY topology) override;
  Texels read() override;
  void bindUintUav() override;
  std::vector<uint32_t> readUav() override;
  std::vector<DebugMessage> messages() const override;
  void clearMessages() const override { device_.clearMessages(); }

 private:
  Device device_;
  UINT width_, height_, samples_;
  Ref<ID3D11Texture2D> target_;
  Ref<ID3D11RenderTargetView> view_;
  Ref<ID3D11VertexShader> vertexShader_;
  Ref<ID3D11PixelShader> pixelShader_;
  Ref<ID3D11InputLayout> layout_;
  Ref<ID3D11RasterizerState2> rasterizer_;
  Ref<ID3D11Buffer> vertices_;
  Ref<ID3D11Texture2D> uavTexture_;
  Ref<ID3D11UnorderedAccessView> uav_;
};

DrawRig11::DrawRig11(UINT width, UINT height, const char* pixelShaderListing, UINT samples)
    : width_(width), height_(height), samples_(samples) {
  if (!device_.ok()) throw SetupError("D3D11CreateDevice returned " + hex(device_.hr));
  ID3D11Device3* d = device_.device;
  if (samples > 1) {
    UINT levels = 0;
    require(d->CheckMultisampleQualityLevels(kFormat, samples, &levels), "CheckMultisampleQualityLevels");
    if (levels == 0)
      throw SetupError("R32G32B32A32_FLOAT has no quality level at " + std::to_string(samples) + " samples");
  }
  const D3D11_TEXTURE2D_DESC td = textureDesc(width, height, samples, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0);
  require(d->CreateTexture2D(&td, nullptr, target_.out()), "CreateTexture2D (render target)");
  require(d->CreateRenderTargetView(target_.get(), nullptr, view_.out()), "CreateRenderTargetView");
  const std::vector<uint8_t> vs = assembledListing(kVsPositionColor, "vertex shader");
  const std::vector<uint8_t> ps = assembledListing(pixelShaderListing, "pixel shader");
  require(d->CreateVertexShader(vs.data(), vs.size(), nullptr, vertexShader_.out()), "CreateVertexShader");
  require(d->CreatePixelShader(ps.data(), ps.size(), nullptr, pixelShader_.out()), "CreatePixelShader");
  const D3D11_INPUT_ELEMENT_DESC elements[] = {
      {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
      {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, D3D11_INPUT_PER_VERTEX_DATA, 0},
  };
  require(d->CreateInputLayout(elements, 2, vs.data(), vs.size(), layout_.out()), "CreateInputLayout");

  ID3D11DeviceContext* c = device_.context;
  ID3D11RenderTargetView* views[] = {view_.get()};
  c->OMSetRenderTargets(1, views, nullptr);
  const D3D11_VIEWPORT viewport{0, 0, float(width), float(height), 0, 1};
  c->RSSetViewports(1, &viewport);
  c->IASetInputLayout(layout_.get());
  c->VSSetShader(vertexShader_.get(), nullptr, 0);
  c->PSSetShader(pixelShader_.get(), nullptr, 0);
  c->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  clear();
}

void DrawRig11::setRasterizer(const D3D11_RASTERIZER_DESC2& desc) {
  require(device_.device->CreateRasterizerState2(&desc, rasterizer_.out()), "CreateRasterizerState2");
  device_.context->RSSetState(rasterizer_.get());
}

void DrawRig11::clear() {
  const float zero[4] = {0, 0, 0, 0};
  device_.context->ClearRenderTargetView(view_.get(), zero);
}

void DrawRig11::draw(const std::vector<Vertex>& vertices, D3D11_PRIMITIVE_TOPOLOGY topology) {
  const D3D11_BUFFER_DESC desc{UINT(vertices.size() * sizeof(Vertex)), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER,
                               0, 0, 0};
  const D3D11_SUBRESOURCE_DATA init{vertices.data(), 0, 0};
  require(device_.device->CreateBuffer(&desc, &init, vertices_.out()), "CreateBuffer (vertices)");
  ID3D11Buffer* buffers[] = {vertices_.get()};
  const UINT stride = sizeof(Vertex), offset = 0;
  ID3D11DeviceContext* c = device_.context;
  c->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
  c->IASetPrimitiveTopology(topology);
  c->Draw(UINT(vertices.size()), 0);
}

Texels DrawRig11::read() {
  ID3D11Device3* d = device_.device;
  ID3D11DeviceContext* c = device_.context;
  Ref<ID3D11Texture2D> resolved;
  ID3D11Texture2D* source = target_.get();
  if (samples_ > 1) {
    const D3D11_TEXTURE2D_DESC rd = textureDesc(width_, height_, 1, D3D11_USAGE_DEFAULT, 0, 0);
    require(d->CreateTexture2D(&rd, nullptr, resolved.out()), "CreateTexture2D (resolve target)");
    c->ResolveSubresource(resolved.get(), 0, target_.get(), 0, kFormat);
    source = resolved.get();
  }
  const D3D11_TEXTURE2D_DESC sd = textureDesc(width_, height_, 1, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ);
  Ref<ID3D11Texture2D> staging;
  require(d->CreateTexture2D(&sd, nullptr, staging.out()), "CreateTexture2D (staging)");
  c->CopyResource(staging.get(), source);
  D3D11_MAPPED_SUBRESOURCE mapped{};
  require(c->Map(staging.get(), 0, D3D11_MAP_READ, 0, &mapped), "Map (staging)");
  Texels t;
  t.width = width_;
  t.height = height_;
  t.values.resize(size_t(width_) * height_);
  for (UINT y = 0; y < height_; ++y)
    std::memcpy(&t.values[size_t(y) * width_], static_cast<const uint8_t*>(mapped.pData) + size_t(y) * mapped.RowPitch,
                size_t(width_) * sizeof(t.values[0]));
  c->Unmap(staging.get(), 0);
  return t;
}

void DrawRig11::bindUintUav() {
  ID3D11Device3* d = device_.device;
  D3D11_TEXTURE2D_DESC td = textureDesc(width_, height_, 1, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0);
  td.Format = DXGI_FORMAT_R32_UINT;
  require(d->CreateTexture2D(&td, nullptr, uavTexture_.out()), "CreateTexture2D (UAV)");
  require(d->CreateUnorderedAccessView(uavTexture_.get(), nullptr, uav_.out()), "CreateUnorderedAccessView");
  const UINT zero[4] = {0, 0, 0, 0};
  device_.context->ClearUnorderedAccessViewUint(uav_.get(), zero);
  ID3D11RenderTargetView* views[] = {view_.get()};
  ID3D11UnorderedAccessView* uavs[] = {uav_.get()};
  device_.context->OMSetRenderTargetsAndUnorderedAccessViews(1, views, nullptr, 1, 1, uavs, nullptr);
}

std::vector<uint32_t> DrawRig11::readUav() {
  ID3D11Device3* d = device_.device;
  ID3D11DeviceContext* c = device_.context;
  D3D11_TEXTURE2D_DESC sd = textureDesc(width_, height_, 1, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ);
  sd.Format = DXGI_FORMAT_R32_UINT;
  Ref<ID3D11Texture2D> staging;
  require(d->CreateTexture2D(&sd, nullptr, staging.out()), "CreateTexture2D (UAV staging)");
  c->CopyResource(staging.get(), uavTexture_.get());
  D3D11_MAPPED_SUBRESOURCE mapped{};
  require(c->Map(staging.get(), 0, D3D11_MAP_READ, 0, &mapped), "Map (UAV staging)");
  std::vector<uint32_t> values(size_t(width_) * height_);
  for (UINT y = 0; y < height_; ++y)
    std::memcpy(&values[size_t(y) * width_], static_cast<const uint8_t*>(mapped.pData) + size_t(y) * mapped.RowPitch,
                size_t(width_) * sizeof(uint32_t));
  c->Unmap(staging.get(), 0);
  return values;
}

void DrawRig11::setSampleMask(UINT mask) { device_.context->OMSetBlendState(nullptr, nullptr, mask); }

std::vector<DebugMessage> DrawRig11::messages() const {
  std::vector<DebugMessage> out;
  for (const Device::Message& m : device_.messages()) out.push_back({int(m.id), m.text});
  return out;
}

}  // namespace

std::unique_ptr<DrawRig> makeDrawRig11(UINT width, UINT height, const char* pixelShaderListing, UINT samples) {
  return std::make_unique<DrawRig11>(width, height, pixelShaderListing, samples);
}

}  // namespace d3dvk::conformance
