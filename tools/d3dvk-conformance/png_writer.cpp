// tools/d3dvk-conformance/png_writer.cpp — see png_writer.h.
#include "png_writer.h"

#include <png.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace d3dvk::conformance {

std::string writePng(const std::string& path, const Rgba8Image& image, uint32_t scale) {
  if (image.width == 0 || image.height == 0 || image.pixels.size() != size_t(image.width) * image.height * 4)
    return path + ": the image is empty or its pixel data does not match its size";
  if (scale == 0 || scale > 256) return path + ": the scale must be between 1 and 256";
  const uint32_t w = image.width * scale, h = image.height * scale;
  FILE* file = std::fopen(path.c_str(), "wb");
  if (!file) return path + ": " + std::strerror(errno);
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png ? png_create_info_struct(png) : nullptr;
  if (!png || !info) {
    png_destroy_write_struct(&png, &info);
    std::fclose(file);
    return path + ": libpng could not be initialized";
  }
  std::vector<uint8_t> row(size_t(w) * 4);
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    std::fclose(file);
    return path + ": libpng failed while writing";
  }
  png_init_io(png, file);
  png_set_IHDR(png, info, w, h, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  for (uint32_t y = 0; y < h; ++y) {
    const uint32_t sy = y / scale;
    for (uint32_t x = 0; x < w; ++x) {
      const uint32_t sx = x / scale;
      const uint8_t* src = &image.pixels[(size_t(sy) * image.width + sx) * 4];
      uint8_t* dst = &row[size_t(x) * 4];
      const bool grid = scale >= 4 && (x % scale == 0 || y % scale == 0);
      for (int c = 0; c < 3; ++c) dst[c] = grid ? uint8_t(64 + src[c] / 2) : src[c];
      dst[3] = 255;
    }
    png_write_row(png, row.data());
  }
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  if (std::fclose(file) != 0) return path + ": " + std::strerror(errno);
  return "";
}

}  // namespace d3dvk::conformance
