// tests/draw: per-instance input elements with InstanceDataStepRate other than
// 1: 0 (every instance reads the element at StartInstanceLocation) and N > 1
// (one element every N instances, from StartInstanceLocation), through
// VK_EXT_vertex_attribute_divisor (lavapipe has it; a device without it gets
// E_INVALIDARG from CreateInputLayout, with the reason on stderr). Each
// instance draws one column of the target; the colour read back per column is
// compared with the element the D3D11 rule selects, computed here.
#include "draw_test_util.h"

using namespace d3dvk::test;

namespace {

constexpr UINT kColumns = 8, kH = 2;

struct Case {
  UINT stepRate, startInstance;
  const char* name;
};

}  // namespace

TEST_CASE("instance data step rates 0 and N pick the per-instance element D3D11 defines", "[draw]") {
  const Case cases[] = {{0, 0, "step rate 0"}, {3, 0, "step rate 3"}, {2, 1, "step rate 2 from instance 1"},
                        {1, 2, "step rate 1 from instance 2"}};
  for (const Case& c : cases) {
    INFO(c.name);
    RenderDevice d;
    DrawTarget target(d, kColumns, kH);
    const std::vector<uint8_t> vsCode = assembled(kVsInstanced);
    Com<ID3D11VertexShader> vs;
    REQUIRE(d->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()) == S_OK);
    const D3D11_INPUT_ELEMENT_DESC elements[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"OFFSET", 0, DXGI_FORMAT_R32G32_FLOAT, 1, 0, D3D11_INPUT_PER_INSTANCE_DATA, 1},
        {"INSTCOLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 2, 0, D3D11_INPUT_PER_INSTANCE_DATA, c.stepRate},
    };
    Com<ID3D11InputLayout> layout;
    REQUIRE(d->CreateInputLayout(elements, 3, vsCode.data(), vsCode.size(), layout.out()) == S_OK);

    // A quad over column 0 (NDC x in [-1, -1 + 2/8]); instance i moves it to column i.
    const float w = 2.0f / kColumns;
    const float quad[] = {-1, -1, -1, 1, -1 + w, 1, -1, -1, -1 + w, 1, -1 + w, -1};
    // OFFSET element j: (j - start) columns, so instance i (element start + i) lands on column i.
    std::vector<float> offsets;
    for (UINT j = 0; j < kColumns + c.startInstance; ++j) {
      offsets.push_back((float(j) - float(c.startInstance)) * w);
      offsets.push_back(0);
    }
    // INSTCOLOR element j: (j + 1, 2j, 100 - j, 7) / 128, exact in float.
    std::vector<float> colors;
    for (UINT j = 0; j < kColumns + c.startInstance; ++j)
      for (float v : {float(j + 1), float(2 * j), float(100 - j), 7.0f}) colors.push_back(v / 128.0f);
    Com<ID3D11Buffer> vbQuad = makeBuffer(d, quad, sizeof quad, D3D11_BIND_VERTEX_BUFFER);
    Com<ID3D11Buffer> vbOffsets = makeBuffer(d, offsets.data(), UINT(offsets.size() * 4), D3D11_BIND_VERTEX_BUFFER);
    Com<ID3D11Buffer> vbColors = makeBuffer(d, colors.data(), UINT(colors.size() * 4), D3D11_BIND_VERTEX_BUFFER);
    ID3D11Buffer* vbs[] = {vbQuad.get(), vbOffsets.get(), vbColors.get()};
    const UINT strides[] = {8, 8, 16}, zero[] = {0, 0, 0};
    d.context->IASetVertexBuffers(0, 3, vbs, strides, zero);
    d.context->IASetInputLayout(layout.get());
    d.context->VSSetShader(vs.get(), nullptr, 0);
    d.context->DrawInstanced(6, kColumns, 0, c.startInstance);

    const std::vector<std::array<float, 4>> pixels = target.pixels();
    for (UINT i = 0; i < kColumns; ++i) {
      // D3D11: the element is StartInstanceLocation + InstanceID / StepRate (0: StartInstanceLocation).
      const UINT element = c.startInstance + (c.stepRate ? i / c.stepRate : 0);
      INFO("column " << i << " expects element " << element);
      for (UINT y = 0; y < kH; ++y) {
        const std::array<float, 4>& p = pixels[y * kColumns + i];
        CHECK(p[0] == float(element + 1) / 128.0f);
        CHECK(p[1] == float(2 * element) / 128.0f);
        CHECK(p[2] == float(100 - int(element)) / 128.0f);
        CHECK(p[3] == 7.0f / 128.0f);
      }
    }
  }
}
