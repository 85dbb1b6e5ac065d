// tools/d3dvk-conformance/draw_rig.cpp — see draw_rig.h.
#include "draw_rig.h"

#include "dxbc/listing.h"
#include "png_writer.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace d3dvk::conformance {
namespace {

// VS: POSITION.xy (v0) and COLOR (v1) → SV_Position (z 0, w 1) and COLOR (o1).
const char kVsPositionColor[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xy          0     NONE   float   xy
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
vs_5_0
dcl_input v0.xy
dcl_input v1.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
mov o0.xy, v0.xyxx
mov o0.zw, l(0,0,0,1.000000)
mov o1.xyzw, v1.xyzw
ret
)";

constexpr DXGI_FORMAT kFormat = DXGI_FORMAT_R32G32B32A32_FLOAT;
constexpr uint32_t kPictureScale = 64;  // a 4×4 target becomes 256×256

std::vector<uint8_t> assembled(const char* listing, const char* what) {
  try {
    return dxbc::assemble(listing).container;
  } catch (const std::exception& e) {
    throw SetupError(std::string("the ") + what + " listing does not assemble: " + e.what());
  }
}

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

uint8_t toByte(float v) {
  if (!(v > 0.0f)) return 0;  // NaN and negatives
  return v >= 1.0f ? 255 : uint8_t(std::lround(v * 255.0f));
}

}  // namespace

PixelSet Texels::where(int c) const {
  PixelSet out;
  for (UINT y = 0; y < height; ++y)
    for (UINT x = 0; x < width; ++x)
      if (at(int(x), int(y))[c] != 0.0f) out.insert({int(x), int(y)});
  return out;
}

DrawRig::DrawRig(Device& device, UINT width, UINT height, const char* pixelShaderListing, UINT samples)
    : device_(device), width_(width), height_(height), samples_(samples) {
  if (!device.ok()) throw SetupError("D3D11CreateDevice returned " + hex(device.hr));
  ID3D11Device3* d = device.device;
  if (samples > 1) {
    UINT levels = 0;
    require(d->CheckMultisampleQualityLevels(kFormat, samples, &levels), "CheckMultisampleQualityLevels");
    if (levels == 0)
      throw SetupError("R32G32B32A32_FLOAT has no quality level at " + std::to_string(samples) + " samples");
  }
  const D3D11_TEXTURE2D_DESC td = textureDesc(width, height, samples, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0);
  require(d->CreateTexture2D(&td, nullptr, target_.out()), "CreateTexture2D (render target)");
  require(d->CreateRenderTargetView(target_.get(), nullptr, view_.out()), "CreateRenderTargetView");
  const std::vector<uint8_t> vs = assembled(kVsPositionColor, "vertex shader");
  const std::vector<uint8_t> ps = assembled(pixelShaderListing, "pixel shader");
  require(d->CreateVertexShader(vs.data(), vs.size(), nullptr, vertexShader_.out()), "CreateVertexShader");
  require(d->CreatePixelShader(ps.data(), ps.size(), nullptr, pixelShader_.out()), "CreatePixelShader");
  const D3D11_INPUT_ELEMENT_DESC elements[] = {
      {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
      {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, D3D11_INPUT_PER_VERTEX_DATA, 0},
  };
  require(d->CreateInputLayout(elements, 2, vs.data(), vs.size(), layout_.out()), "CreateInputLayout");

  ID3D11DeviceContext* c = device.context;
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

void DrawRig::setRasterizer(const D3D11_RASTERIZER_DESC2& desc) {
  require(device_.device->CreateRasterizerState2(&desc, rasterizer_.out()), "CreateRasterizerState2");
  device_.context->RSSetState(rasterizer_.get());
}

void DrawRig::clear() {
  const float zero[4] = {0, 0, 0, 0};
  device_.context->ClearRenderTargetView(view_.get(), zero);
}

void DrawRig::draw(const std::vector<Vertex>& vertices, D3D11_PRIMITIVE_TOPOLOGY topology) {
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

Texels DrawRig::read() {
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

void DrawRig::bindUintUav() {
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

std::vector<uint32_t> DrawRig::readUav() {
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

void Pictures::save(const std::string& label, const Texels& texels) {
  if (context_.pngDir.empty()) return;
  Rgba8Image image;
  image.width = texels.width;
  image.height = texels.height;
  image.pixels.reserve(texels.values.size() * 4);
  for (const auto& v : texels.values)
    for (int c = 0; c < 4; ++c) image.pixels.push_back(c == 3 ? 255 : toByte(v[c]));
  const std::string path = context_.pngDir + "/" + scenarioSlug(context_.scenario) + "." + scenarioSlug(label) + ".png";
  const std::string error = writePng(path, image, kPictureScale);
  if (error.empty()) written_.push_back(path);
  else errors_ += (errors_.empty() ? "" : "; ") + error;
}

ScenarioResult Pictures::attach(ScenarioResult r) const {
  r.pictures = written_;
  if (!errors_.empty()) {
    r.result = Result::Fail;
    r.detail += "; picture not written: " + errors_;
  }
  return r;
}

}  // namespace d3dvk::conformance
