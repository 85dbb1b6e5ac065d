// tools/d3dvk-conformance/draw_rig.cpp — see draw_rig.h: what both rigs share,
// the choice between them, and the pictures.
#include "draw_rig.h"

#include "dxbc/listing.h"
#include "png_writer.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace d3dvk::conformance {

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

namespace {

constexpr uint32_t kPictureScale = 64;  // a 4×4 target becomes 256×256

uint8_t toByte(float v) {
  if (!(v > 0.0f)) return 0;  // NaN and negatives
  return v >= 1.0f ? 255 : uint8_t(std::lround(v * 255.0f));
}

}  // namespace

std::vector<uint8_t> assembledListing(const char* listing, const char* what) {
  try {
    return dxbc::assemble(listing).container;
  } catch (const std::exception& e) {
    throw SetupError(std::string("the ") + what + " listing does not assemble: " + e.what());
  }
}

std::unique_ptr<DrawRig> makeDrawRig(const RunContext& context, UINT width, UINT height,
                                     const char* pixelShaderListing, UINT samples) {
  return context.api == Api::D3D12 ? makeDrawRig12(width, height, pixelShaderListing, samples)
                                   : makeDrawRig11(width, height, pixelShaderListing, samples);
}

PixelSet Texels::where(int c) const {
  PixelSet out;
  for (UINT y = 0; y < height; ++y)
    for (UINT x = 0; x < width; ++x)
      if (at(int(x), int(y))[c] != 0.0f) out.insert({int(x), int(y)});
  return out;
}

void Pictures::save(const std::string& label, const Texels& texels) {
  if (context_.pngDir.empty()) return;
  Rgba8Image image;
  image.width = texels.width;
  image.height = texels.height;
  image.pixels.reserve(texels.values.size() * 4);
  for (const auto& v : texels.values)
    for (int c = 0; c < 4; ++c) image.pixels.push_back(c == 3 ? 255 : toByte(v[c]));
  // D3D12's pictures carry the API in their name, so both runs can share a directory.
  const std::string path = context_.pngDir + "/" + scenarioSlug(context_.scenario) + "." + scenarioSlug(label) +
                           (context_.api == Api::D3D12 ? ".d3d12" : "") + ".png";
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
