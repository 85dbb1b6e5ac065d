// translate/fallback/guard_band.h — the guard band of the fallback's clipping:
// the setup pass (shaders/setup.comp) clips each captured triangle in
// homogeneous clip space against w ≥ kMinClipW (nothing behind the eye is
// rasterized), 0 ≤ z ≤ w when DepthClipEnable, and |x| ≤ guardX·w, |y| ≤ guardY·w,
// which keep the divided screen coordinates inside the 16.8 rasterizer's range.
// Pure code.
#pragma once

namespace d3dvk::fallback {

// Viewport as in D3D11_VIEWPORT.
struct Viewport {
  double topLeftX = 0, topLeftY = 0, width = 0, height = 0, minDepth = 0, maxDepth = 1;
};

struct ClipState {
  bool depthClip = true;  // DepthClipEnable
  // |x| ≤ guardX·w and |y| ≤ guardY·w keep screen coordinates within ±limit.
  double guardX = 1.0, guardY = 1.0;
};

// The guard band for a viewport: the largest |x/w| (|y/w|) whose screen
// coordinate stays within ±limit pixels (default: just inside the 16.8 range).
ClipState clipStateFor(const Viewport& viewport, bool depthClip, double limit = 32000.0);

// Smallest w kept by the w > 0 plane (setup.comp's kMinClipW).
inline constexpr double kMinClipW = 1.0 / (1 << 20);

}  // namespace d3dvk::fallback
