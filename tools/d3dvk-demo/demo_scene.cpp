// tools/d3dvk-demo/demo_scene.cpp — see demo_scene.h.
#include "demo_scene.h"

#include <cmath>

namespace d3dvk::demo {
namespace {

Point centroid(const Triangle& t) {
  return {(t[0].x + t[1].x + t[2].x) / 3, (t[0].y + t[1].y + t[2].y) / 3};
}

double cross(Point a, Point b, Point p) { return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x); }

bool contains(const Triangle& t, Point p) {
  const double d0 = cross(t[0], t[1], p), d1 = cross(t[1], t[2], p), d2 = cross(t[2], t[0], p);
  return (d0 >= 0 && d1 >= 0 && d2 >= 0) || (d0 <= 0 && d1 <= 0 && d2 <= 0);
}

// Each triangle's speed (radians per second) while animating.
constexpr double kSpeeds[] = {0.35, -0.6, 1.1};

}  // namespace

Scene::Scene() {
  // Home positions on the quarter-pixel grid (exact in 16.8 fixed point): a large
  // triangle, a sliver thinner than a pixel (holes with conservative OFF) and a
  // triangle inside a pixel corner that covers no pixel centre (invisible OFF).
  home_ = {
      Triangle{{{2.25, 3.5}, {13.75, 5.25}, {4.5, 19.75}}},
      Triangle{{{16.25, 3.5}, {30.5, 8.25}, {16.75, 4.75}}},
      Triangle{{{20.75, 15.75}, {21.75, 16.0}, {21.25, 16.75}}},
  };
  base_ = home_;
  angle_.assign(home_.size(), 0.0);
}

std::vector<Triangle> Scene::triangles() const {
  std::vector<Triangle> out = base_;
  for (size_t i = 0; i < out.size(); ++i) {
    if (angle_[i] == 0) continue;
    const Point c = centroid(base_[i]);
    const double s = std::sin(angle_[i]), co = std::cos(angle_[i]);
    for (Point& p : out[i]) {
      const double dx = p.x - c.x, dy = p.y - c.y;
      p = {c.x + dx * co - dy * s, c.y + dx * s + dy * co};
    }
  }
  return out;
}

int Scene::panelAt(double x, double y) {
  const double sizeX = double(kPanelPixelsX * kMagnify), sizeY = double(kPanelPixelsY * kMagnify);
  for (int left : {kPanelOffLeft, kPanelOnLeft})
    if (x >= left && x < left + sizeX && y >= kPanelTop && y < kPanelTop + sizeY) return left;
  return -1;
}

Point Scene::toPanel(int left, double x, double y) {
  return {(x - left) / kMagnify, (y - kPanelTop) / kMagnify};
}

bool Scene::press(double x, double y) {
  const int left = panelAt(x, y);
  if (left < 0) return false;
  const Point p = toPanel(left, x, y);
  const std::vector<Triangle> now = triangles();
  // The topmost triangle under the pointer, else one whose centroid is within
  // 1.5 pixels (small triangles stay easy to pick up).
  int hit = -1;
  for (size_t i = now.size(); i-- > 0 && hit < 0;)
    if (contains(now[i], p)) hit = int(i);
  for (size_t i = now.size(); i-- > 0 && hit < 0;) {
    const Point c = centroid(now[i]);
    if (std::hypot(c.x - p.x, c.y - p.y) < 1.5) hit = int(i);
  }
  if (hit < 0) return false;
  dragged_ = hit;
  dragPanel_ = left;
  last_ = p;
  return true;
}

void Scene::move(double x, double y) {
  if (dragged_ < 0) return;
  // Panel pixels of the panel the drag started in, also beyond its border.
  const Point now = toPanel(dragPanel_, x, y);
  const double dx = now.x - last_.x, dy = now.y - last_.y;
  for (Point& v : base_[size_t(dragged_)]) {
    v.x += dx;
    v.y += dy;
  }
  last_ = now;
}

void Scene::advance(double seconds) {
  if (!animating_) return;
  for (size_t i = 0; i < angle_.size(); ++i) angle_[i] = std::fmod(angle_[i] + kSpeeds[i % 3] * seconds, 2 * M_PI);
}

}  // namespace d3dvk::demo
