// tests/draw: SV_RenderTargetArrayIndex and SV_ViewportArrayIndex written by
// a vertex shader (no geometry shader), through the public D3D11 API, where
// D3D11_OPTIONS3 says the device can (VK_EXT_shader_viewport_index_layer,
// which lavapipe has): each instance lands in the slice, or goes through the
// viewport, its SV_InstanceID names, pixels read back. Where the option is
// FALSE, such a vertex shader is refused at creation.
#include "../render/checked_device.h"
#include "draw_test_util.h"

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

// VS: POSITION.xy, COLOR → SV_Position, COLOR × (instance + 1) / 2, and
// SV_RenderTargetArrayIndex (or SV_ViewportArrayIndex) = SV_InstanceID.
std::string indexVertexShader(const char* semantic, const char* systemValue, const char* dclName) {
  return std::string(R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xy          0     NONE   float   xy
// COLOR                    0   xyzw        1     NONE   float   xyzw
// SV_InstanceID            0   x           2   INSTID    uint   x
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
// )") + semantic + "     0   x           2  " + systemValue + R"(    uint   x
//
vs_5_0
dcl_input v0.xy
dcl_input v1.xyzw
dcl_input_sgv v2.x, instance_id
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output_siv o2.x, )" + dclName + R"(
dcl_temps 1
mov o0.xy, v0.xyxx
mov o0.zw, l(0,0,0,1.000000)
iadd r0.x, v2.x, l(1)
utof r0.x, r0.x
mul r0.x, r0.x, l(0.5)
mul o1.xyzw, v1.xyzw, r0.xxxx
mov o2.x, v2.x
ret
)";
}

bool vertexIndexSupported(RenderDevice& d) {
  D3D11_FEATURE_DATA_D3D11_OPTIONS3 options{};
  REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS3, &options, sizeof options) == S_OK);
  return options.VPAndRTArrayIndexFromAnyShaderFeedingRasterizer == TRUE;
}

using Texel = std::array<float, 4>;

// The shared preamble: the vertex shader writing `systemValue`, bound with a
// triangle covering the target. `supported` is FALSE (and nothing is bound)
// where the device refused the shader as D3D11_OPTIONS3 says it must.
struct IndexFromVertexScene {
  Com<ID3D11VertexShader> vs;
  Com<ID3D11Buffer> vb;
  bool supported = false;

  IndexFromVertexScene(RenderDevice& d, DrawTarget& t, const char* semantic, const char* systemValue,
                       const char* dclName) {
    const std::vector<uint8_t> code = assembled(indexVertexShader(semantic, systemValue, dclName).c_str());
    const HRESULT hr = d->CreateVertexShader(code.data(), code.size(), nullptr, vs.out());
    if (!vertexIndexSupported(d)) {
      CHECK(hr == E_INVALIDARG);  // the device cannot: refused, never drawn into slice or viewport 0
      return;
    }
    REQUIRE(hr == S_OK);
    const Vertex cover[3] = {{-1, -1, 1, 1, 1, 1}, {-1, 3, 1, 1, 1, 1}, {3, -1, 1, 1, 1, 1}};
    vb = makeBuffer(d, cover, sizeof cover, D3D11_BIND_VERTEX_BUFFER);
    t.bindVertices(vb.get());
    d.context->VSSetShader(vs.get(), nullptr, 0);
    supported = true;
  }
};

}  // namespace

TEST_CASE("SV_RenderTargetArrayIndex from a vertex shader: each instance lands in its slice of a Texture2DArray view",
          "[draw][layered]") {
  Checked c;
  RenderDevice& d = c.d;
  DrawTarget t(d, 4, 4);
  IndexFromVertexScene scene(d, t, "SV_RenderTargetArrayIndex", "RTINDEX", "rendertarget_array_index");
  if (!scene.supported) return;

  LayeredArrayTarget layers(d, {0.25f, 0.25f, 0.25f, 0.25f});
  d.context->DrawInstanced(3, 2, 0, 0);
  layers.checkSlices(d, {{0.25f, 0.25f, 0.25f, 0.25f}, {0.5f, 0.5f, 0.5f, 0.5f}, {1, 1, 1, 1}});
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("SV_ViewportArrayIndex from a vertex shader: each instance goes through its viewport",
          "[draw][viewports]") {
  Checked c;
  RenderDevice& d = c.d;
  DrawTarget t(d, 8, 4);
  IndexFromVertexScene scene(d, t, "SV_ViewportArrayIndex", "VPINDEX", "viewport_array_index");
  if (!scene.supported) return;
  const D3D11_VIEWPORT vps[2] = {{0, 0, 4, 4, 0, 1}, {4, 0, 4, 4, 0, 1}};
  d.context->RSSetViewports(2, vps);
  // Instance 0 (half bright) through viewport 0, instance 1 through viewport 1.
  d.context->DrawInstanced(3, 2, 0, 0);
  const std::vector<Texel> px = t.pixels();
  for (UINT y = 0; y < 4; ++y)
    for (UINT x = 0; x < 8; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(px[y * 8 + x] == (x < 4 ? Texel{0.5f, 0.5f, 0.5f, 0.5f} : Texel{1, 1, 1, 1}));
    }
  CHECK(drainMessages(c.queue.get()).empty());
}
