// tools/d3dvk-demo/bitmap_font.h — the demo's on-screen text: a 5×7 pixel font
// (capitals, digits, common punctuation; lower case is drawn as capitals) drawn
// into an RGBA8 picture at an integer scale, and filled rectangles.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace d3dvk::demo {

struct Rgb {
  uint8_t r = 0, g = 0, b = 0;
};

// An RGBA8 picture, top row first (alpha always 255).
class Picture {
 public:
  Picture(uint32_t width, uint32_t height, Rgb fill);
  uint32_t width() const { return width_; }
  uint32_t height() const { return height_; }
  const std::vector<uint8_t>& rgba() const { return rgba_; }
  // Pixels outside the picture are clipped away.
  void fillRect(int x, int y, int w, int h, Rgb colour);
  // Draws `text` with its top-left corner at (x, y); each font pixel becomes
  // scale × scale pixels, a character cell is 6 × 8 font pixels. Returns the
  // x after the last character.
  int drawText(int x, int y, int scale, std::string_view text, Rgb colour);

 private:
  uint32_t width_, height_;
  std::vector<uint8_t> rgba_;
};

// The width of `text` drawn at `scale` (6 × scale per character).
inline int textWidth(std::string_view text, int scale) { return int(text.size()) * 6 * scale; }

}  // namespace d3dvk::demo
