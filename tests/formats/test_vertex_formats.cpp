// tests/formats: vertex formats of D3D11's input assembler through the public
// API on lavapipe. A full-screen triangle whose COLOR element is stored in one
// format (R8_UNORM, R8G8_SNORM, R16_FLOAT, R16G16_UNORM, R16G16B16A16_SNORM,
// R10G10B10A2_UNORM, R11G11B10_FLOAT), followed by POSITION at
// D3D11_APPEND_ALIGNED_ELEMENT (padded to 4 bytes after a narrow element),
// draws the colour the format's bits mean (missing components 0, 0, 1),
// decoded here independently.
#include "formats_test_util.h"

#include "draw_test_util.h"

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

struct VertexCase {
  const char* name;
  DXGI_FORMAT format;
  std::vector<uint8_t> bytes;  // the COLOR element
  Texel expected;
};

std::vector<uint8_t> bytesOf(uint32_t v, UINT n) {
  std::vector<uint8_t> out(n);
  std::memcpy(out.data(), &v, n);
  return out;
}

}  // namespace

TEST_CASE("vertex formats fetch what their bits mean, with APPEND_ALIGNED offsets padded", "[formats][vertex]") {
  RenderDevice d;
  const uint32_t r10 = 0xC0000000u | (700u << 20) | (300u << 10) | 1023u;
  // R11G11B10: r = 2^(16-15) × (1 + 16/64), g = 2^(14-15) × (1 + 42/64), b = 2^0 × (1 + 5/32).
  const uint32_t r11 = 0x410u | (0x3AAu << 11) | (0x1E5u << 22);
  std::vector<VertexCase> cases = {
      {"R8_UNORM", DXGI_FORMAT_R8_UNORM, {0x80}, {128 / 255.0f, 0, 0, 1}},
      {"R8G8_SNORM", DXGI_FORMAT_R8G8_SNORM, {0x81, 0x40}, {-1.0f, 64 / 127.0f, 0, 1}},
      {"R16_FLOAT", DXGI_FORMAT_R16_FLOAT, {0x00, 0x3E}, {1.5f, 0, 0, 1}},
      {"R16G16_UNORM", DXGI_FORMAT_R16G16_UNORM, {0xFF, 0xFF, 0x00, 0x40}, {1.0f, 16384 / 65535.0f, 0, 1}},
      {"R16G16B16A16_SNORM", DXGI_FORMAT_R16G16B16A16_SNORM, {0x00, 0x80, 0x00, 0x40, 0x00, 0x00, 0xFF, 0x7F},
       {-1.0f, 16384 / 32767.0f, 0, 1}},
      {"R10G10B10A2_UNORM", DXGI_FORMAT_R10G10B10A2_UNORM, bytesOf(r10, 4), decodeR10G10B10A2(r10)},
      {"R11G11B10_FLOAT", DXGI_FORMAT_R11G11B10_FLOAT, bytesOf(r11, 4), decodeR11G11B10(r11)},
  };
  for (const VertexCase& c : cases) {
    INFO(c.name);
    DrawTarget target(d, 4, 4);
    const D3D11_INPUT_ELEMENT_DESC layout[] = {
        {"COLOR", 0, c.format, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, D3D11_APPEND_ALIGNED_ELEMENT, D3D11_INPUT_PER_VERTEX_DATA, 0},
    };
    const std::vector<uint8_t> vsCode = assembled(kVsColor);
    Com<ID3D11InputLayout> il;
    REQUIRE(d->CreateInputLayout(layout, 2, vsCode.data(), vsCode.size(), il.out()) == S_OK);
    d.context->IASetInputLayout(il.get());
    // POSITION follows COLOR at the next multiple of 4 bytes.
    const UINT positionOffset = (UINT(c.bytes.size()) + 3) / 4 * 4, stride = positionOffset + 8;
    const float positions[3][2] = {{-1, -1}, {-1, 3}, {3, -1}};
    std::vector<uint8_t> vertices(stride * 3, 0xCD);
    for (int v = 0; v < 3; ++v) {
      std::memcpy(vertices.data() + v * stride, c.bytes.data(), c.bytes.size());
      std::memcpy(vertices.data() + v * stride + positionOffset, positions[v], 8);
    }
    Com<ID3D11Buffer> vb = makeBuffer(d, vertices.data(), UINT(vertices.size()), D3D11_BIND_VERTEX_BUFFER);
    target.bindVertices(vb.get(), stride);
    d.context->Draw(3, 0);
    const std::vector<std::array<float, 4>> pixels = target.pixels();
    for (int ch = 0; ch < 4; ++ch) {
      INFO("channel " << ch);
      CHECK(std::fabs(pixels[5][ch] - c.expected[ch]) <= 1e-5f * std::max(1.0f, std::fabs(c.expected[ch])));
    }
  }
}
