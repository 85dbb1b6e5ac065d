// tools/d3dvk-conformance/png_writer.h — writes render-target pictures as PNG
// (libpng), scaled up by an integer factor with square pixels so single pixels
// of a 2×2 … 4×4 conformance target are visible, with a 1-pixel grid between them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace d3dvk::conformance {

struct Rgba8Image {
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> pixels;  // RGBA, row-major, top row first
};

// Returns "" on success, else a message naming the file and the reason.
std::string writePng(const std::string& path, const Rgba8Image& image, uint32_t scale);

}  // namespace d3dvk::conformance
