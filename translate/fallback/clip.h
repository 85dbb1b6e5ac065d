// translate/fallback/clip.h — the fallback path's clipping of one triangle in
// homogeneous clip space, before the perspective divide: always against the
// w > 0 guard (nothing behind the eye is rasterized), against 0 ≤ z ≤ w when
// DepthClipEnable, and against a guard band in x and y that keeps divided
// coordinates inside the 16.8 rasterizer's range. The result is a convex
// polygon whose vertices are given as barycentric weights on the input
// triangle, so positions and every attribute follow from the captured
// vertices with one weighted sum. Computed in double. Pure code.
#pragma once

#include <array>
#include <cstdint>

namespace d3dvk::fallback {

struct ClipPosition {
  double x, y, z, w;
};

// Viewport as in D3D11_VIEWPORT.
struct Viewport {
  double topLeftX = 0, topLeftY = 0, width = 0, height = 0, minDepth = 0, maxDepth = 1;
};

struct ClipState {
  bool depthClip = true;  // DepthClipEnable
  // |x| ≤ guardX·w and |y| ≤ guardY·w keep screen coordinates within ±guardLimit.
  double guardX = 1.0, guardY = 1.0;
};

// The guard band for a viewport: the largest |x/w| (|y/w|) whose screen
// coordinate stays within ±limit pixels (default: just inside the 16.8 range).
ClipState clipStateFor(const Viewport& viewport, bool depthClip, double limit = 32000.0);

// Smallest w kept by the w > 0 guard.
inline constexpr double kMinClipW = 1.0 / (1 << 20);

struct ClippedPolygon {
  static constexpr int kMaxVertices = 3 + 7;  // one more vertex per plane at most
  int count = 0;
  std::array<std::array<double, 3>, kMaxVertices> weights{};  // barycentric weights on the input triangle
  bool clipped = false;  // false: the input triangle unchanged
};

ClippedPolygon clipTriangle(const ClipPosition (&p)[3], const ClipState& state);

// Σ weights[i]·p[i].
ClipPosition interpolate(const ClipPosition (&p)[3], const std::array<double, 3>& weights);

}  // namespace d3dvk::fallback
