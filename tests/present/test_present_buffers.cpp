// tests/present/test_present_buffers.cpp — D3D11 back buffers as DXGI defines
// them (docs/dxgi.md). A flip-model R8G8B8A8_UNORM / B8G8R8A8_UNORM buffer takes
// render-target views in its sRGB form (and in its own): values cleared and drawn
// through the sRGB view reach the window sRGB-encoded (expected bytes computed here
// with the sRGB transfer function), through the UNORM view as they are; other view
// formats, and sRGB views of ordinary textures, stay refused. GetBuffer(n > 0):
// refused for DISCARD / FLIP_DISCARD; for the sequential swap effects read-only
// buffers holding the earlier frames, read back and compared with what was cleared.
// X11 windows under xvfb-run, on the device's own path.
// d3dvk's API headers, then the assembler, before the windows' header (Xlib's
// macros, e.g. None, would clash with the assembler's names).
#include <d3d11_3.h>
#include <dxgi1_6.h>

#include "dxbc/listing.h"
#include "present_test_windows.h"

#include <cmath>
#include <string>
#include <vector>

using namespace d3dvk::test;

namespace {

// Linear → 8-bit sRGB-encoded, IEC 61966-2-1.
uint32_t srgbByte(float linear) {
  const double v = linear <= 0.0031308 ? 12.92 * linear : 1.055 * std::pow(double(linear), 1 / 2.4) - 0.055;
  return uint32_t(std::lround(v * 255));
}

// float4 main(float2 p : POSITION) : SV_Position { return float4(p, 0, 1); }
const char kVs[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xy          0     NONE   float   xy
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
//
vs_4_0
dcl_input v0.xy
dcl_output_siv o0.xyzw, position
mov o0.xy, v0.xyxx
mov o0.zw, l(0,0,0,1.000000)
ret
)";

// float4 main() : SV_Target { return float4(0.2, 0.6, 0.9, 1); }   (linear values)
const char kPs[] = R"(//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_4_0
dcl_output o0.xyzw
mov o0.xyzw, l(0.200000,0.600000,0.900000,1.000000)
ret
)";
const float kDrawn[4] = {0.2f, 0.6f, 0.9f, 1};

bool nearRgb(uint32_t a, uint32_t b) {
  for (int shift = 0; shift < 24; shift += 8)
    if (std::abs(int((a >> shift) & 0xFF) - int((b >> shift) & 0xFF)) > 1) return false;
  return true;
}

}  // namespace

TEST_CASE("D3D11 flip-model UNORM back buffers take sRGB render-target views", "[present][d3d11][srgb]") {
  setenv("D3DVK_WSI", "x11", 1);
  XServer x;
  Com<ID3D11Device> device;
  Com<ID3D11DeviceContext> context;
  Com<IDXGIFactory2> factory;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION,
                            device.put(), nullptr, context.put()) == S_OK);
  REQUIRE(CreateDXGIFactory2(0, __uuidof(IDXGIFactory2), factory.putVoid()) == S_OK);
  Com<ID3D11DeviceContext1> context1;
  REQUIRE(context->QueryInterface(__uuidof(ID3D11DeviceContext1), context1.putVoid()) == S_OK);

  const std::pair<DXGI_FORMAT, DXGI_FORMAT> pairs[] = {
      {DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB},
      {DXGI_FORMAT_B8G8R8A8_UNORM, DXGI_FORMAT_B8G8R8A8_UNORM_SRGB},
  };
  for (const auto& [unorm, srgb] : pairs) {
    INFO("back buffer format " << int(unorm));
    const Window w = x.createWindow(64, 48);
    for (DXGI_SWAP_EFFECT effect : {DXGI_SWAP_EFFECT_FLIP_DISCARD, DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL}) {
      INFO("swap effect " << int(effect));
      DXGI_SWAP_CHAIN_DESC1 desc = flipDesc(64, 48, 2, unorm);
      desc.SwapEffect = effect;
      Com<IDXGISwapChain1> swapchain;
      REQUIRE(factory->CreateSwapChainForHwnd(device.p, hwndOf(w), &desc, nullptr, nullptr, swapchain.put()) == S_OK);
      Com<ID3D11Texture2D> buffer;
      REQUIRE(swapchain->GetBuffer(0, __uuidof(ID3D11Texture2D), buffer.putVoid()) == S_OK);
      D3D11_TEXTURE2D_DESC td{};
      buffer->GetDesc(&td);
      CHECK(td.Format == unorm);  // the buffer keeps its UNORM format

      D3D11_RENDER_TARGET_VIEW_DESC rd{};
      rd.Format = srgb;
      rd.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2D;
      Com<ID3D11RenderTargetView> srgbView, unormView;
      REQUIRE(device->CreateRenderTargetView(buffer.p, &rd, srgbView.put()) == S_OK);
      REQUIRE(device->CreateRenderTargetView(buffer.p, nullptr, unormView.put()) == S_OK);
      D3D11_RENDER_TARGET_VIEW_DESC got{};
      srgbView->GetDesc(&got);
      CHECK(got.Format == srgb);

      // Linear values through the sRGB view; the left half again through the UNORM view.
      const float linear[4] = {0.5f, 0.25f, 0.05f, 1};
      const float raw[4] = {0.5f, 0.25f, 0.05f, 1};
      context->ClearRenderTargetView(srgbView.p, linear);
      const D3D11_RECT left{0, 0, 32, 48};
      context1->ClearView(unormView.p, raw, &left, 1);

      // A draw through the sRGB view (the bottom-right quarter) is encoded as well.
      const std::vector<uint8_t> vsCode = d3dvk::dxbc::assemble(kVs).container;
      const std::vector<uint8_t> psCode = d3dvk::dxbc::assemble(kPs).container;
      Com<ID3D11VertexShader> vs;
      Com<ID3D11PixelShader> ps;
      Com<ID3D11InputLayout> layout;
      REQUIRE(device->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.put()) == S_OK);
      REQUIRE(device->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.put()) == S_OK);
      const D3D11_INPUT_ELEMENT_DESC element{"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0};
      REQUIRE(device->CreateInputLayout(&element, 1, vsCode.data(), vsCode.size(), layout.put()) == S_OK);
      const float quad[12] = {0, 0, 1, 0, 0, -1, 0, -1, 1, 0, 1, -1};  // NDC: x in [0, 1], y in [-1, 0]
      const D3D11_BUFFER_DESC bd{sizeof quad, D3D11_USAGE_IMMUTABLE, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
      const D3D11_SUBRESOURCE_DATA data{quad, 0, 0};
      Com<ID3D11Buffer> vb;
      REQUIRE(device->CreateBuffer(&bd, &data, vb.put()) == S_OK);
      const UINT stride = 8, offset = 0;
      context->IASetVertexBuffers(0, 1, &vb.p, &stride, &offset);
      context->IASetInputLayout(layout.p);
      context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
      context->VSSetShader(vs.p, nullptr, 0);
      context->PSSetShader(ps.p, nullptr, 0);
      const D3D11_VIEWPORT viewport{0, 0, 64, 48, 0, 1};
      context->RSSetViewports(1, &viewport);
      context->OMSetRenderTargets(1, &srgbView.p, nullptr);
      context->Draw(6, 0);
      REQUIRE(swapchain->Present(0, 0) == S_OK);
      const uint32_t encoded = srgbByte(linear[0]) << 16 | srgbByte(linear[1]) << 8 | srgbByte(linear[2]);
      const uint32_t plain = rgb8(raw);
      const uint32_t drawn = srgbByte(kDrawn[0]) << 16 | srgbByte(kDrawn[1]) << 8 | srgbByte(kDrawn[2]);
      INFO("expected: cleared sRGB-encoded 0x" << std::hex << encoded << ", as-is 0x" << plain << ", drawn 0x"
                                               << drawn);
      CHECK(nearRgb(x.waitForPixel(w, 48, 36, drawn), drawn));
      CHECK(nearRgb(x.pixel(w, 48, 12), encoded));
      CHECK(nearRgb(x.pixel(w, 8, 24), plain));

      // Other formats stay refused: another family, the other channel order's sRGB form.
      rd.Format = unorm == DXGI_FORMAT_R8G8B8A8_UNORM ? DXGI_FORMAT_B8G8R8A8_UNORM_SRGB : DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
      Com<ID3D11RenderTargetView> wrong;
      CHECK(device->CreateRenderTargetView(buffer.p, &rd, wrong.put()) == E_INVALIDARG);
      rd.Format = DXGI_FORMAT_R10G10B10A2_UNORM;
      CHECK(device->CreateRenderTargetView(buffer.p, &rd, wrong.put()) == E_INVALIDARG);
      context->ClearState();
    }
  }

  // An ordinary texture of the UNORM format takes no sRGB view (D3D11's rule).
  D3D11_TEXTURE2D_DESC td{};
  td.Width = td.Height = 8;
  td.MipLevels = td.ArraySize = 1;
  td.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  td.SampleDesc.Count = 1;
  td.BindFlags = D3D11_BIND_RENDER_TARGET;
  Com<ID3D11Texture2D> texture;
  REQUIRE(device->CreateTexture2D(&td, nullptr, texture.put()) == S_OK);
  D3D11_RENDER_TARGET_VIEW_DESC rd{};
  rd.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
  rd.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2D;
  Com<ID3D11RenderTargetView> view;
  CHECK(device->CreateRenderTargetView(texture.p, &rd, view.put()) == E_INVALIDARG);
}

namespace {

// Buffer `index`'s pixel (0, 0) as 0xRRGGBB (an R8G8B8A8_UNORM buffer, read through a staging copy).
uint32_t bufferPixel(ID3D11Device* device, ID3D11DeviceContext* context, IDXGISwapChain1* swapchain, UINT index) {
  Com<ID3D11Texture2D> buffer;
  REQUIRE(swapchain->GetBuffer(index, __uuidof(ID3D11Texture2D), buffer.putVoid()) == S_OK);
  D3D11_TEXTURE2D_DESC desc{};
  buffer->GetDesc(&desc);
  desc.Usage = D3D11_USAGE_STAGING;
  desc.BindFlags = 0;
  desc.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  Com<ID3D11Texture2D> staging;
  REQUIRE(device->CreateTexture2D(&desc, nullptr, staging.put()) == S_OK);
  context->CopyResource(staging.p, buffer.p);
  D3D11_MAPPED_SUBRESOURCE mapped{};
  REQUIRE(context->Map(staging.p, 0, D3D11_MAP_READ, 0, &mapped) == S_OK);
  const auto* p = static_cast<const uint8_t*>(mapped.pData);
  const uint32_t value = uint32_t(p[0]) << 16 | uint32_t(p[1]) << 8 | p[2];
  context->Unmap(staging.p, 0);
  return value;
}

}  // namespace

TEST_CASE("D3D11 GetBuffer above 0: read-only presented frames with the sequential swap effects, refused otherwise",
          "[present][d3d11][buffers]") {
  setenv("D3DVK_WSI", "x11", 1);
  XServer x;
  Com<ID3D11Device> device;
  Com<ID3D11DeviceContext> context;
  Com<IDXGIFactory2> factory;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION,
                            device.put(), nullptr, context.put()) == S_OK);
  REQUIRE(CreateDXGIFactory2(0, __uuidof(IDXGIFactory2), factory.putVoid()) == S_OK);

  // DISCARD and FLIP_DISCARD: buffer 0 only.
  for (DXGI_SWAP_EFFECT effect : {DXGI_SWAP_EFFECT_DISCARD, DXGI_SWAP_EFFECT_FLIP_DISCARD}) {
    INFO("swap effect " << int(effect));
    const Window w = x.createWindow(16, 16);
    DXGI_SWAP_CHAIN_DESC1 desc = flipDesc(16, 16, 3);
    desc.SwapEffect = effect;
    Com<IDXGISwapChain1> swapchain;
    REQUIRE(factory->CreateSwapChainForHwnd(device.p, hwndOf(w), &desc, nullptr, nullptr, swapchain.put()) == S_OK);
    Com<ID3D11Texture2D> buffer;
    CHECK(swapchain->GetBuffer(0, __uuidof(ID3D11Texture2D), buffer.putVoid()) == S_OK);
    CHECK(swapchain->GetBuffer(1, __uuidof(ID3D11Texture2D), buffer.putVoid()) == DXGI_ERROR_INVALID_CALL);
    CHECK(buffer.p == nullptr);
  }

  // SEQUENTIAL and FLIP_SEQUENTIAL with 3 buffers: after frames A, B (each presented),
  // buffer 2 holds B, buffer 1 A; after C, buffer 2 holds C, buffer 1 B, and buffer
  // 0 (drawn to next) what buffer 1 held: A.
  const float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1}, blue[4] = {0, 0, 1, 1};
  for (DXGI_SWAP_EFFECT effect : {DXGI_SWAP_EFFECT_SEQUENTIAL, DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL}) {
    INFO("swap effect " << int(effect));
    const Window w = x.createWindow(16, 16);
    DXGI_SWAP_CHAIN_DESC1 desc = flipDesc(16, 16, 3);
    desc.SwapEffect = effect;
    Com<IDXGISwapChain1> swapchain;
    REQUIRE(factory->CreateSwapChainForHwnd(device.p, hwndOf(w), &desc, nullptr, nullptr, swapchain.put()) == S_OK);
    {
      Com<ID3D11Texture2D> buffer;
      CHECK(swapchain->GetBuffer(3, __uuidof(ID3D11Texture2D), buffer.putVoid()) == DXGI_ERROR_INVALID_CALL);
      for (UINT i = 0; i < 3; ++i) {
        INFO("buffer " << i);
        REQUIRE(swapchain->GetBuffer(i, __uuidof(ID3D11Texture2D), buffer.putVoid()) == S_OK);
        Com<IDXGIResource> resource;
        REQUIRE(buffer->QueryInterface(__uuidof(IDXGIResource), resource.putVoid()) == S_OK);
        DXGI_USAGE usage = 0;
        REQUIRE(resource->GetUsage(&usage) == S_OK);
        CHECK((usage & DXGI_USAGE_BACK_BUFFER) != 0);
        CHECK(((usage & DXGI_USAGE_READ_ONLY) != 0) == (i > 0));
        CHECK(((usage & DXGI_USAGE_RENDER_TARGET_OUTPUT) != 0) == (i == 0));
        Com<ID3D11RenderTargetView> rtv;
        CHECK(device->CreateRenderTargetView(buffer.p, nullptr, rtv.put()) == (i == 0 ? S_OK : E_INVALIDARG));
      }
    }
    auto frame = [&](const float colour[4]) {
      Com<ID3D11Texture2D> buffer;
      REQUIRE(swapchain->GetBuffer(0, __uuidof(ID3D11Texture2D), buffer.putVoid()) == S_OK);
      Com<ID3D11RenderTargetView> rtv;
      REQUIRE(device->CreateRenderTargetView(buffer.p, nullptr, rtv.put()) == S_OK);
      context->ClearRenderTargetView(rtv.p, colour);
      REQUIRE(swapchain->Present(0, 0) == S_OK);
    };
    frame(red);
    frame(green);
    CHECK(x.waitForPixel(w, 4, 4, rgb8(green)) == rgb8(green));
    CHECK(bufferPixel(device.p, context.p, swapchain.p, 2) == rgb8(green));
    CHECK(bufferPixel(device.p, context.p, swapchain.p, 1) == rgb8(red));
    frame(blue);
    CHECK(x.waitForPixel(w, 4, 4, rgb8(blue)) == rgb8(blue));
    CHECK(bufferPixel(device.p, context.p, swapchain.p, 2) == rgb8(blue));
    CHECK(bufferPixel(device.p, context.p, swapchain.p, 1) == rgb8(green));
    CHECK(bufferPixel(device.p, context.p, swapchain.p, 0) == rgb8(red));

    // A held buffer above 0 keeps ResizeBuffers from replacing them.
    Com<ID3D11Texture2D> held;
    REQUIRE(swapchain->GetBuffer(2, __uuidof(ID3D11Texture2D), held.putVoid()) == S_OK);
    context->ClearState();
    CHECK(swapchain->ResizeBuffers(0, 8, 8, DXGI_FORMAT_UNKNOWN, 0) == DXGI_ERROR_INVALID_CALL);
    held.reset();
    REQUIRE(swapchain->ResizeBuffers(2, 8, 8, DXGI_FORMAT_UNKNOWN, 0) == S_OK);
    CHECK(swapchain->GetBuffer(1, __uuidof(ID3D11Texture2D), held.putVoid()) == S_OK);
    CHECK(swapchain->GetBuffer(2, __uuidof(ID3D11Texture2D), held.putVoid()) == DXGI_ERROR_INVALID_CALL);
  }
}
