// d3dvk bench/fallback: the CPU front end of a conservative fallback draw
// (translate/fallback: primitive assembly, clipping, conservative Tier 3
// rasterization, shading-quad generation) on the draw the fallback is measured
// with: 100 000 triangles at 1920×1080. The mesh is a perspective grid of
// triangles (a terrain-like strip mesh seen at an angle, so sizes vary from
// sub-pixel to tens of pixels and some triangles are near-plane clipped), plus,
// in the same run, the same number of random screen-space triangles of 10 px for
// comparison; both with up to three sub-spans per row and with one span per row
// (the inner interval passed as flat data). Prints milliseconds, triangles/s,
// spans and pixels. The GPU part of the draw (capture and shading pass) is not
// in this number.
// Usage: d3dvk-bench-fallback [--triangles N] [--repeat R]
#include "primitive_assembly.h"
#include "shading_plan.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace d3dvk;
using namespace d3dvk::fallback;

namespace {

struct Workload {
  const char* name;
  std::vector<float> vertices;  // clip-space xyzw
  std::vector<uint32_t> references;
  TriangleTopology topology;
};

// A grid of (n+1)² vertices on the plane y = -1 from z = 1 to z = 40 in front of
// a camera with a 60° vertical field of view, drawn as one strip per row with cuts.
Workload perspectiveGrid(uint32_t triangles) {
  Workload w{"perspective grid (strips with cuts, near-plane clipping)", {}, {}, TriangleTopology::TriangleStrip};
  const uint32_t n = uint32_t(std::sqrt(triangles / 2.0)) + 1;
  const double f = 1.0 / std::tan(30.0 * M_PI / 180.0), aspect = 1920.0 / 1080.0;
  const double zNear = 0.5, zFar = 100.0;
  for (uint32_t j = 0; j <= n; ++j)
    for (uint32_t i = 0; i <= n; ++i) {
      const double x = -20.0 + 40.0 * i / n, y = -1.0, z = 0.2 + 40.0 * j / n;  // eye looks down +z
      const double cx = f / aspect * x, cy = f * y, cw = z;
      const double cz = (z - zNear) * zFar / (zFar - zNear);  // D3D depth: 0 at near, w at far
      const float v[4] = {float(cx), float(cy), float(cz), float(cw)};
      w.vertices.insert(w.vertices.end(), v, v + 4);
    }
  for (uint32_t j = 0; j < n; ++j) {
    for (uint32_t i = 0; i <= n; ++i) {
      w.references.push_back(j * (n + 1) + i);
      w.references.push_back((j + 1) * (n + 1) + i);
    }
    w.references.push_back(0xFFFFFFFFu);
  }
  return w;
}

// Random 10 px right triangles on screen, as a triangle list.
Workload randomSmall(uint32_t triangles) {
  Workload w{"random 10 px triangles (list)", {}, {}, TriangleTopology::TriangleList};
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> uni(-0.95, 0.95);
  const double lx = 10.0 * 2 / 1920, ly = 10.0 * 2 / 1080;
  for (uint32_t t = 0; t < triangles; ++t) {
    const double x = uni(rng), y = uni(rng);
    const double v[3][2] = {{x, y}, {x + lx, y}, {x, y - ly}};
    for (auto& p : v) {
      const float c[4] = {float(p[0]), float(p[1]), 0.5f, 1.0f};
      w.vertices.insert(w.vertices.end(), c, c + 4);
      w.references.push_back(uint32_t(w.references.size()));
    }
  }
  return w;
}

}  // namespace

int main(int argc, char** argv) {
  uint32_t triangles = 100000;
  int repeat = 3;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--triangles") && i + 1 < argc) {
      triangles = uint32_t(std::strtoul(argv[++i], nullptr, 10));
    } else if (!std::strcmp(argv[i], "--repeat") && i + 1 < argc) {
      repeat = std::max(1, std::atoi(argv[++i]));
    } else {
      std::fprintf(stderr, "usage: d3dvk-bench-fallback [--triangles N] [--repeat R]\n");
      return 2;
    }
  }
  FallbackDrawState state;
  state.viewport = {0, 0, 1920, 1080, 0, 1};
  state.raster.mode = raster::RasterMode::Conservative;
  state.raster.tier = raster::ConservativeTier::Tier3;
  state.raster.clip = {0, 0, 1920, 1080};

  std::printf("CPU front end of a conservative fallback draw, 1920x1080, Tier 3, 1 thread, best of %d\n", repeat);
  for (bool spanPerRow : {false, true})
  for (const Workload& w : {perspectiveGrid(triangles), randomSmall(triangles)}) {
    state.spanPerRow = spanPerRow;
    double bestAssembly = 1e30, bestPlan = 1e30;
    std::vector<AssembledTriangle> assembled;
    ShadingPlan plan;
    for (int r = 0; r < repeat; ++r) {
      auto t0 = std::chrono::steady_clock::now();
      assembled = assembleTriangles(w.topology, w.references,
                                    w.topology == TriangleTopology::TriangleStrip ? std::optional<uint32_t>(0xFFFFFFFFu)
                                                                                  : std::nullopt);
      // Strip references index the vertex array; lists reference positions directly.
      std::vector<float> gathered;
      gathered.reserve(w.references.size() * 4);
      for (uint32_t ref : w.references) {
        if (ref == 0xFFFFFFFFu) ref = 0;  // cut positions are never referenced by a triangle
        gathered.insert(gathered.end(), &w.vertices[size_t(ref) * 4], &w.vertices[size_t(ref) * 4] + 4);
      }
      auto t2 = std::chrono::steady_clock::now();
      plan = planShadingQuads({gathered, 4, 0, assembled}, state);
      auto t3 = std::chrono::steady_clock::now();
      bestAssembly = std::min(bestAssembly, std::chrono::duration<double, std::milli>(t2 - t0).count());
      bestPlan = std::min(bestPlan, std::chrono::duration<double, std::milli>(t3 - t2).count());
    }
    uint64_t pixels = 0;
    for (const ShadingQuad& q : plan.quads) pixels += uint64_t(q.x1 - q.x0);
    std::printf("  %-13s %-58s %7zu tris  assembly %6.2f ms  plan %7.2f ms  (%5.2f MTris/s)  %8zu quads  %9llu px"
                "  clipped away %u  culled %u  flattened px %u\n",
                spanPerRow ? "span per row" : "3 sub-spans", w.name, assembled.size(), bestAssembly, bestPlan, assembled.size() / bestPlan / 1e3, plan.quads.size(),
                static_cast<unsigned long long>(pixels), plan.trianglesClippedAway, plan.trianglesCulled,
                plan.pixelsFlattened);
  }
  return 0;
}
