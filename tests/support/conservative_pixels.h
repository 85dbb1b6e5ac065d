// tests/support/conservative_pixels.h — the independent expectation the
// conservative draw tests compare against: translate/raster's Tier 3 pixel set
// (or its inner-coverage subset) of one screen-space triangle, clipped to a
// size×size target.
#pragma once

#include <d3dvk/raster/rasterizer.h>

#include <set>
#include <utility>

namespace d3dvk::test {

inline std::set<std::pair<int, int>> conservativePixels(const raster::ScreenTriangle& tri, bool innerOnly, int size,
                                                        raster::CullMode cull = raster::CullMode::None) {
  raster::RasterizerDrawState state;
  state.mode = raster::RasterMode::Conservative;
  state.tier = raster::ConservativeTier::Tier3;
  state.cull = cull;
  state.clip = {0, 0, size, size};
  raster::SpanRowArray rows;
  const raster::TriangleCoverage cov = raster::rasterizeTriangle(tri, state, rows);
  std::set<std::pair<int, int>> out;
  for (uint32_t r = 0; r < cov.rowCount; ++r) {
    const raster::SpanRow& row = rows[r];
    const int y = cov.firstY + int(r);
    const int begin = innerOnly ? row.innerBegin : row.outerBegin, end = innerOnly ? row.innerEnd : row.outerEnd;
    for (int x = begin; x < end; ++x) out.insert({x, y});
  }
  return out;
}

}  // namespace d3dvk::test
