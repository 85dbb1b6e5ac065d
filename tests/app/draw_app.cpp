// tests/app/draw_app.cpp — a small application written only against the public
// headers (<d3d11_3.h>) and linked only with libd3dvk.so: it loads two compiled
// shaders (DXBC files, as an application ships them; the build assembles them
// with d3dvk-shader), creates a device, draws one triangle with interpolated
// colours into a 16×16 target, reads it back through a staging texture and
// checks pixels against the triangle's analytic colours; then draws a thin
// triangle with conservative rasterization ON (when the device reports a tier)
// and checks that a pixel it touches but whose centre it misses is lit.
// Usage: draw_app <shader-dir>   (color_vs.dxbc, color_ps.dxbc). Exit 0 = all held.
#include <d3d11_3.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

int failures = 0;
#define EXPECT(cond)                                                     \
  do {                                                                   \
    if (!(cond)) {                                                       \
      std::fprintf(stderr, "FAILED: %s (line %d)\n", #cond, __LINE__); \
      ++failures;                                                        \
    }                                                                    \
  } while (0)

std::vector<char> readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

struct Vertex {
  float x, y;        // NDC
  float r, g, b, a;  // COLOR
};

constexpr UINT kSize = 16;

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: draw_app <shader-dir>\n");
    return 2;
  }
  const std::vector<char> vsCode = readFile(std::string(argv[1]) + "/color_vs.dxbc");
  const std::vector<char> psCode = readFile(std::string(argv[1]) + "/color_ps.dxbc");
  if (vsCode.empty() || psCode.empty()) {
    std::fprintf(stderr, "draw_app: cannot read the shaders in %s\n", argv[1]);
    return 2;
  }

  const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_1;
  ID3D11Device* device = nullptr;
  ID3D11DeviceContext* context = nullptr;
  HRESULT hr = D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1, D3D11_SDK_VERSION, &device,
                                 nullptr, &context);
  if (FAILED(hr)) {
    std::fprintf(stderr, "D3D11CreateDevice failed: 0x%08x\n", unsigned(hr));
    return 1;
  }

  D3D11_TEXTURE2D_DESC td{kSize, kSize, 1, 1, DXGI_FORMAT_R32G32B32A32_FLOAT, {1, 0}, D3D11_USAGE_DEFAULT,
                          D3D11_BIND_RENDER_TARGET, 0, 0};
  ID3D11Texture2D* target = nullptr;
  ID3D11Texture2D* staging = nullptr;
  ID3D11RenderTargetView* rtv = nullptr;
  EXPECT(device->CreateTexture2D(&td, nullptr, &target) == S_OK);
  EXPECT(device->CreateRenderTargetView(target, nullptr, &rtv) == S_OK);
  td.Usage = D3D11_USAGE_STAGING;
  td.BindFlags = 0;
  td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  EXPECT(device->CreateTexture2D(&td, nullptr, &staging) == S_OK);
  ID3D11VertexShader* vs = nullptr;
  ID3D11PixelShader* ps = nullptr;
  ID3D11InputLayout* layout = nullptr;
  EXPECT(device->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, &vs) == S_OK);
  EXPECT(device->CreatePixelShader(psCode.data(), psCode.size(), nullptr, &ps) == S_OK);
  const D3D11_INPUT_ELEMENT_DESC elements[] = {
      {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
      {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, D3D11_INPUT_PER_VERTEX_DATA, 0}};
  EXPECT(device->CreateInputLayout(elements, 2, vsCode.data(), vsCode.size(), &layout) == S_OK);
  if (failures) return 1;

  // Screen (pixels, y down) → NDC for a 16×16 target.
  auto vertex = [](float x, float y, float r, float g, float b) {
    return Vertex{x / 8.0f - 1.0f, 1.0f - y / 8.0f, r, g, b, 1.0f};
  };
  // Red at (1,1), green at (15,1), blue at (1,15).
  const Vertex vertices[6] = {vertex(1, 1, 1, 0, 0), vertex(15, 1, 0, 1, 0), vertex(1, 15, 0, 0, 1),
                              // a thin sliver between x = 12.4 and 12.6: its edge touches pixel 12 in rows 10–13
                              // but covers no pixel centre
                              vertex(12.3f, 10.2f, 1, 1, 1), vertex(12.45f, 10.2f, 1, 1, 1), vertex(12.3f, 13.8f, 1, 1, 1)};
  D3D11_BUFFER_DESC bd{sizeof vertices, D3D11_USAGE_IMMUTABLE, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
  D3D11_SUBRESOURCE_DATA init{vertices, 0, 0};
  ID3D11Buffer* vb = nullptr;
  EXPECT(device->CreateBuffer(&bd, &init, &vb) == S_OK);

  const float clear[4] = {0, 0, 0, 0};
  context->ClearRenderTargetView(rtv, clear);
  context->OMSetRenderTargets(1, &rtv, nullptr);
  const D3D11_VIEWPORT vp{0, 0, float(kSize), float(kSize), 0, 1};
  context->RSSetViewports(1, &vp);
  context->IASetInputLayout(layout);
  context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  const UINT stride = sizeof(Vertex), offset = 0;
  context->IASetVertexBuffers(0, 1, &vb, &stride, &offset);
  context->VSSetShader(vs, nullptr, 0);
  context->PSSetShader(ps, nullptr, 0);
  context->Draw(3, 0);
  context->Draw(3, 3);  // the sliver, conservative OFF: no pixel centre inside, nothing lit

  auto read = [&](std::vector<float>& out) {
    context->CopyResource(staging, target);
    D3D11_MAPPED_SUBRESOURCE mapped{};
    EXPECT(context->Map(staging, 0, D3D11_MAP_READ, 0, &mapped) == S_OK);
    out.assign(size_t(kSize) * kSize * 4, 0.0f);
    for (UINT y = 0; y < kSize && mapped.pData; ++y)
      std::memcpy(&out[size_t(y) * kSize * 4], static_cast<const char*>(mapped.pData) + size_t(y) * mapped.RowPitch,
                  kSize * 16);
    context->Unmap(staging, 0);
  };
  std::vector<float> pixels;
  read(pixels);
  // Analytic colours at pixel centres inside the big triangle (x + y < 16 at centres strictly inside).
  int checked = 0;
  for (UINT y = 1; y < kSize; ++y)
    for (UINT x = 1; x < kSize; ++x) {
      const float cx = x + 0.5f, cy = y + 0.5f;
      const float* p = &pixels[(size_t(y) * kSize + x) * 4];
      if (cx + cy < 15.5f) {  // inside with margin
        const float g = (cx - 1) / 14, b = (cy - 1) / 14, r = 1 - g - b;
        EXPECT(std::fabs(p[0] - r) < 1e-4f && std::fabs(p[1] - g) < 1e-4f && std::fabs(p[2] - b) < 1e-4f);
        ++checked;
      } else if (cx + cy > 16.5f && !(x == 12 && y >= 10 && y <= 13)) {
        EXPECT(p[3] == 0.0f);  // outside: still the clear colour
      }
    }
  EXPECT(checked > 60);
  EXPECT(pixels[(size_t(11) * kSize + 12) * 4 + 3] == 0.0f);  // the sliver without conservative rasterization

  D3D11_FEATURE_DATA_D3D11_OPTIONS2 options2{};
  EXPECT(device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2, &options2, sizeof options2) == S_OK);
  if (options2.ConservativeRasterizationTier != D3D11_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED) {
    ID3D11Device3* device3 = nullptr;
    EXPECT(device->QueryInterface(__uuidof(ID3D11Device3), reinterpret_cast<void**>(&device3)) == S_OK);
    D3D11_RASTERIZER_DESC2 rd{D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0.f, 0.f, TRUE, FALSE, FALSE, FALSE, 0,
                              D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON};
    ID3D11RasterizerState2* conservative = nullptr;
    if (device3) EXPECT(device3->CreateRasterizerState2(&rd, &conservative) == S_OK);
    context->RSSetState(conservative);
    context->Draw(3, 3);  // the sliver again, conservative ON: every touched pixel is lit
    read(pixels);
    // (alpha is interpolated, extrapolated outside the sliver: 1 up to rounding)
    for (UINT y = 10; y <= 13; ++y) EXPECT(std::fabs(pixels[(size_t(y) * kSize + 12) * 4 + 3] - 1.0f) < 1e-4f);
    EXPECT(pixels[(size_t(11) * kSize + 13) * 4 + 3] == 0.0f);  // not touched
    context->RSSetState(nullptr);
    if (conservative) conservative->Release();
    if (device3) device3->Release();
    std::printf("conservative tier %d: the sliver lit pixels (12, 10..13)\n", int(options2.ConservativeRasterizationTier));
  }

  vb->Release();
  layout->Release();
  ps->Release();
  vs->Release();
  rtv->Release();
  staging->Release();
  target->Release();
  context->Release();
  device->Release();
  std::printf("%s\n", failures ? "draw_app: FAILED" : "draw_app: all checks held");
  return failures ? 1 : 0;
}
