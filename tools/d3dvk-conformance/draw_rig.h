// tools/d3dvk-conformance/draw_rig.h — what the rendering scenarios draw with,
// the same for both APIs (DrawRig, implemented through the public D3D11 API in
// draw_rig_d3d11.cpp and the public D3D12 API in draw_rig_d3d12.cpp): an
// R32G32B32A32_FLOAT render target (single-sampled or multisampled) with a
// viewport covering it, the POSITION/COLOR vertex shader, a pixel shader written
// as an fxc listing (assembled with dxbc::assemble, the same DXBC on both APIs),
// a rasterizer desc, a sample mask, triangle or other topologies from NDC
// vertices, and the read-back of the target (resolved first when multisampled),
// optionally with an R32_UINT UAV of the same size at u1 beside the target. Also
// the PNG picture of every target a scenario reads back (the pixel sets they
// compare are in coverage_bounds.h).
#pragma once

#include "coverage_bounds.h"
#include "scenario_support.h"
#include "scenario_support12.h"

#include <array>
#include <memory>
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

// What a rendering scenario draws with, through either API (draw_rig_d3d11.cpp,
// draw_rig_d3d12.cpp). Every method throws SetupError when the API refuses a
// step (for D3D12 that includes a command list whose Close fails).
class DrawRig {
 public:
  virtual ~DrawRig() = default;
  // Uses this rasterizer desc for the next draws (D3D11: CreateRasterizerState2
  // and RSSetState; D3D12: the PSO's RasterizerState, a PSO per desc, topology
  // type and sample mask, cached).
  virtual void setRasterizer(const D3D11_RASTERIZER_DESC2& desc) = 0;
  // The sample mask of the next draws (D3D11: OMSetBlendState's; D3D12: the PSO's SampleMask).
  virtual void setSampleMask(UINT mask) = 0;
  virtual void clear() = 0;
  // Draws the vertices (a fresh vertex buffer) with the topology.
  virtual void draw(const std::vector<Vertex>& vertices,
                    D3D11_PRIMITIVE_TOPOLOGY topology = D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST) = 0;
  // Reads the target back (resolving it first when multisampled).
  virtual Texels read() = 0;
  // Creates a W×H R32_UINT texture, clears it to 0 and binds its UAV at u1
  // beside the render target (D3D11: OMSetRenderTargetsAndUnorderedAccessViews;
  // D3D12: a descriptor table of one UAV in the root signature).
  virtual void bindUintUav() = 0;
  // The UAV texture's values, row-major (bindUintUav first).
  virtual std::vector<uint32_t> readUav() = 0;
  // The debug layer's stored messages (ID3D11InfoQueue / ID3D12InfoQueue), oldest first.
  virtual std::vector<DebugMessage> messages() const = 0;
  virtual void clearMessages() const = 0;
};

// A W×H R32G32B32A32_FLOAT target with `samples` samples per pixel on a fresh
// debug device of the context's API, cleared to 0, with a viewport covering
// it; the vertex shader, input layout and pixel shader; triangle list. Throws
// SetupError when the API refuses a step.
std::unique_ptr<DrawRig> makeDrawRig(const RunContext& context, UINT width, UINT height,
                                     const char* pixelShaderListing, UINT samples = 1);
std::unique_ptr<DrawRig> makeDrawRig11(UINT width, UINT height, const char* pixelShaderListing, UINT samples);
std::unique_ptr<DrawRig> makeDrawRig12(UINT width, UINT height, const char* pixelShaderListing, UINT samples);

// What both rigs share: the POSITION/COLOR vertex shader's listing, a listing
// assembled (SetupError when it does not), the target's format.
extern const char kVsPositionColor[];
std::vector<uint8_t> assembledListing(const char* listing, const char* what);
constexpr DXGI_FORMAT kTargetFormat = DXGI_FORMAT_R32G32B32A32_FLOAT;

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
