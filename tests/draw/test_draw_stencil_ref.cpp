// tests/draw: SV_StencilRef through the API. The feature is optional (D3D11.3:
// "To test for its support, check the PSSpecifiedStencilRefSupported boolean
// field of D3D11_FEATURE_DATA_D3D11_OPTIONS2"): d3dvk reports it where the
// Vulkan device has VK_EXT_shader_stencil_export (lavapipe; not an NVIDIA GPU,
// nor lavapipe under D3DVK_STENCIL_EXPORT=off, a ctest entry of its own).
// Reported: a pixel shader writes oStencilRef (3 left of x = 8, 9 right of it)
// with the stencil op REPLACE; two draws with stencil EQUAL against 3 and 9
// then read the depth-stencil buffer back through the stencil test, each
// lighting exactly its half. Not reported: CreatePixelShader refuses the shader
// as the runtime refuses a shader needing an unreported feature — E_INVALIDARG,
// CREATEPIXELSHADER_INVALIDSHADERBYTECODE naming SV_StencilRef, no shader.
#include "draw_test_util.h"
#include "expected_device.h"

#include <d3d11sdklayers.h>

using namespace d3dvk::test;

namespace {

constexpr UINT kW = 16, kH = 8;

const char kPsStencilRef[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   x
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
// SV_StencilRef            0    N/A oStencilRef STENCILREF    uint    YES
//
ps_5_0
dcl_input_ps_siv linear noperspective v0.x, position
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_output oStencilRef
dcl_temps 1
mov o0.xyzw, v1.xyzw
lt r0.x, v0.x, l(8.0)
movc oStencilRef, r0.x, l(3), l(9)
ret
)";

}  // namespace

TEST_CASE("SV_StencilRef: where reported the shader's reference replaces the stencil (read back through EQUAL tests) "
          "and elsewhere CreatePixelShader is E_INVALIDARG with a message",
          "[draw][output-merger][sysvalue]") {
  RenderDevice d{D3D11_CREATE_DEVICE_DEBUG};
  Com<ID3D11InfoQueue> queue;
  REQUIRE(d->QueryInterface(__uuidof(ID3D11InfoQueue), reinterpret_cast<void**>(queue.out())) == S_OK);
  queue->SetMuteDebugOutput(TRUE);
  D3D11_FEATURE_DATA_D3D11_OPTIONS2 options{};
  REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2, &options, sizeof options) == S_OK);
  // What the Vulkan device says, asked here rather than through d3dvk.
  const bool supported = expectedDevice().stencilExport;
  CHECK(options.PSSpecifiedStencilRefSupported == (supported ? TRUE : FALSE));
  const std::vector<uint8_t> code = assembled(kPsStencilRef);
  Com<ID3D11PixelShader> stencilPs;
  if (!supported) {
    queue->ClearStoredMessages();
    CHECK(d->CreatePixelShader(code.data(), code.size(), nullptr, stencilPs.out()) == E_INVALIDARG);
    CHECK(!stencilPs);
    REQUIRE(queue->GetNumStoredMessages() == 1);
    SIZE_T length = 0;
    REQUIRE(queue->GetMessage(0, nullptr, &length) == S_OK);
    std::vector<unsigned char> buffer(length);
    auto* m = reinterpret_cast<D3D11_MESSAGE*>(buffer.data());
    REQUIRE(queue->GetMessage(0, m, &length) == S_OK);
    CHECK(m->ID == D3D11_MESSAGE_ID_CREATEPIXELSHADER_INVALIDSHADERBYTECODE);
    CHECK(std::string(m->pDescription).find("SV_StencilRef") != std::string::npos);
    CHECK(std::string(m->pDescription).find("PSSpecifiedStencilRefSupported") != std::string::npos);
    return;
  }
  DrawTarget t(d, kW, kH);
  D3D11_TEXTURE2D_DESC dd = texture2DDesc(kW, kH, DXGI_FORMAT_D24_UNORM_S8_UINT, D3D11_BIND_DEPTH_STENCIL);
  Com<ID3D11Texture2D> depth;
  Com<ID3D11DepthStencilView> dsv;
  REQUIRE(d->CreateTexture2D(&dd, nullptr, depth.out()) == S_OK);
  REQUIRE(d->CreateDepthStencilView(depth.get(), nullptr, dsv.out()) == S_OK);
  ID3D11RenderTargetView* views[] = {t.rtv.get()};
  d.context->OMSetRenderTargets(1, views, dsv.get());
  d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 1.0f, 0);
  REQUIRE(d->CreatePixelShader(code.data(), code.size(), nullptr, stencilPs.out()) == S_OK);

  const Vertex v[9] = {{-1, -1, 1, 0, 0, 1}, {-1, 3, 1, 0, 0, 1}, {3, -1, 1, 0, 0, 1},   // red
                       {-1, -1, 0, 1, 0, 1}, {-1, 3, 0, 1, 0, 1}, {3, -1, 0, 1, 0, 1},   // green
                       {-1, -1, 0, 0, 1, 1}, {-1, 3, 0, 0, 1, 1}, {3, -1, 0, 0, 1, 1}};  // blue
  Com<ID3D11Buffer> vb = makeBuffer(d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  D3D11_DEPTH_STENCIL_DESC write{FALSE, D3D11_DEPTH_WRITE_MASK_ZERO, D3D11_COMPARISON_LESS, TRUE, 0xFF, 0xFF, {}, {}};
  write.FrontFace = write.BackFace = {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_REPLACE,
                                      D3D11_COMPARISON_ALWAYS};
  D3D11_DEPTH_STENCIL_DESC test = write;
  test.FrontFace = test.BackFace = {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                    D3D11_COMPARISON_EQUAL};
  Com<ID3D11DepthStencilState> writeState, testState;
  REQUIRE(d->CreateDepthStencilState(&write, writeState.out()) == S_OK);
  REQUIRE(d->CreateDepthStencilState(&test, testState.out()) == S_OK);
  // The state's reference (1) is what REPLACE would write without oStencilRef.
  d.context->OMSetDepthStencilState(writeState.get(), 1);
  d.context->PSSetShader(stencilPs.get(), nullptr, 0);
  d.context->Draw(3, 0);
  d.context->PSSetShader(t.ps.get(), nullptr, 0);
  d.context->OMSetDepthStencilState(testState.get(), 3);
  d.context->Draw(3, 3);
  d.context->OMSetDepthStencilState(testState.get(), 9);
  d.context->Draw(3, 6);
  const auto px = t.pixels();
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(px[y * kW + x] == (x < 8 ? std::array<float, 4>{0, 1, 0, 1} : std::array<float, 4>{0, 0, 1, 1}));
    }
  d.context->OMSetDepthStencilState(nullptr, 0);
}
