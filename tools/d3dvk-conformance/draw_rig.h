// tools/d3dvk-conformance/draw_rig.h — what the rendering scenarios draw with,
// through the public D3D11 API only: an R32G32B32A32_FLOAT render target
// (single-sampled or multisampled) with a viewport covering it, the
// POSITION/COLOR vertex shader, a pixel shader written as an fxc listing
// (assembled with dxbc::assemble), a rasterizer state (ID3D11RasterizerState2),
// triangle or other topologies from NDC vertices, and the read-back of the
// target (resolved first when multisampled, then copied to a staging texture
// and mapped), optionally with an R32_UINT UAV of the same size bound beside
// the target at slot 1. Also the PNG picture of every target a scenario reads
// back (the pixel sets they compare are in coverage_bounds.h).
#pragma once

#include "coverage_bounds.h"
#include "scenario_support.h"

#include <array>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace d3dvk::conformance {

// A vertex as the vertex shader reads it: POSITION.xy (NDC) and COLOR.
struct Vertex {
  float x, y;
  float r = 1, g = 1, b = 1, a = 1;
};

// A read-back R32G32B32A32_FLOAT target.
struct Texels {
  UINT width = 0, height = 0;
  std::vector<std::array<float, 4>> values;  // row-major, top row first
  const std::array<float, 4>& at(int x, int y) const { return values[size_t(y) * width + size_t(x)]; }
  // Pixels whose component `c` is not 0 (the scenarios' pixel shaders write a
  // non-zero marker there; targets are cleared to 0).
  PixelSet where(int c) const;
};

class DrawRig {
 public:
  // A W×H target with `samples` samples per pixel, cleared to 0 and bound with
  // a viewport covering it; the vertex shader, input layout and pixel shader
  // bound; triangle list. Throws SetupError when the API refuses a step.
  DrawRig(Device& device, UINT width, UINT height, const char* pixelShaderListing, UINT samples = 1);

  // Creates (CreateRasterizerState2) and binds a rasterizer state.
  void setRasterizer(const D3D11_RASTERIZER_DESC2& desc);
  void clear();
  // Draws the vertices (a fresh vertex buffer) with the topology.
  void draw(const std::vector<Vertex>& vertices,
            D3D11_PRIMITIVE_TOPOLOGY topology = D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  // Reads the target back (resolving it first when multisampled).
  Texels read();
  // Creates a W×H R32_UINT texture, clears it to 0 and binds its UAV at slot 1
  // beside the render target (OMSetRenderTargetsAndUnorderedAccessViews).
  void bindUintUav();
  // The UAV texture's values, row-major (bindUintUav first).
  std::vector<uint32_t> readUav();

 private:
  Device& device_;
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

// The PNG pictures of a scenario: each target it reads back is written (scaled
// up, one square per pixel) as <png dir>/<scenario slug>.<label slug>.png when the
// run has a picture directory. attach() lists them in the result; a picture
// that could not be written fails the scenario, and the detail says why.
class Pictures {
 public:
  explicit Pictures(const RunContext& context) : context_(context) {}
  void save(const std::string& label, const Texels& texels);
  ScenarioResult attach(ScenarioResult r) const;

 private:
  const RunContext& context_;
  std::vector<std::string> written_;
  std::string errors_;
};

}  // namespace d3dvk::conformance
