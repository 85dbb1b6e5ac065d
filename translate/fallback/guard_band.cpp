// translate/fallback/guard_band.cpp — see guard_band.h.
#include "guard_band.h"

#include <algorithm>
#include <cmath>

namespace d3dvk::fallback {

ClipState clipStateFor(const Viewport& viewport, bool depthClip, double limit) {
  ClipState s;
  s.depthClip = depthClip;
  // screen x = (x/w + 1)·width/2 + topLeftX; keep |screen x| ≤ limit.
  auto guard = [limit](double extent, double origin) {
    if (extent <= 0) return 1.0;
    double g = (limit - std::fabs(origin) - extent / 2) * 2 / extent;
    return std::max(g, 1.0);
  };
  s.guardX = guard(viewport.width, viewport.topLeftX);
  s.guardY = guard(viewport.height, viewport.topLeftY);
  return s;
}

}  // namespace d3dvk::fallback
