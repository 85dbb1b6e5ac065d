// tools/d3dvk-demo/demo_scene.h — what the demo shows, independent of D3D: the
// window's layout (two magnified panels of a small render target, conservative
// rasterization OFF on the left, ON on the right), the coverage colours, and the
// triangles (home positions, dragging with the mouse, the animation turning each
// about its centroid). Coordinates are the small target's pixels ("panel pixels").
#pragma once

#include "bitmap_font.h"

#include <array>
#include <cstdint>
#include <vector>

namespace d3dvk::demo {

// The back buffer (and window) size, the small render target each panel shows,
// its magnification, and where the panels sit in the back buffer.
constexpr uint32_t kWidth = 640, kHeight = 360;
constexpr uint32_t kPanelPixelsX = 32, kPanelPixelsY = 24, kMagnify = 9;
constexpr int kPanelTop = 84;
constexpr int kPanelOffLeft = 16, kPanelOnLeft = 336;

// The colours (8-bit sRGB-encoded values written as they are).
constexpr Rgb kBackground{24, 24, 28};     // the window around the panels
constexpr Rgb kPanelClear{40, 40, 48};     // an uncovered pixel
constexpr Rgb kOffCovered{70, 140, 255};   // OFF: the pixel centre is covered
constexpr Rgb kOuterCoverage{255, 150, 40};  // ON: covered, not fully (outer coverage only)
constexpr Rgb kInnerCoverage{90, 220, 110};  // ON: fully covered (SV_InnerCoverage), tier 3
constexpr Rgb kGridLine{12, 12, 14};       // the magnified pixels' borders
constexpr Rgb kEdgeLine{255, 255, 255};    // the triangles' exact edges
constexpr Rgb kText{230, 230, 230};

struct Point {
  double x = 0, y = 0;
};
using Triangle = std::array<Point, 3>;

class Scene {
 public:
  Scene();
  // The triangles as drawn now (home or dragged positions, turned by the animation).
  std::vector<Triangle> triangles() const;
  const std::vector<Triangle>& homeTriangles() const { return home_; }

  // Mouse input in back-buffer pixels: a press on a triangle (either panel) starts
  // dragging it, motion moves it, a release ends it. False when nothing was hit.
  bool press(double x, double y);
  void move(double x, double y);
  void release() { dragged_ = -1; }
  bool dragging() const { return dragged_ >= 0; }

  // The animation: each triangle turns about its centroid while it runs.
  void setAnimating(bool on) { animating_ = on; }
  bool animating() const { return animating_; }
  void advance(double seconds);

 private:
  // The left edge of the panel holding back-buffer pixel (x, y), -1 outside both.
  static int panelAt(double x, double y);
  // Back-buffer pixels → panel pixels of the panel whose left edge is `left`.
  static Point toPanel(int left, double x, double y);
  std::vector<Triangle> home_, base_;
  std::vector<double> angle_;
  int dragged_ = -1, dragPanel_ = 0;
  Point last_;
  bool animating_ = false;
};

}  // namespace d3dvk::demo
