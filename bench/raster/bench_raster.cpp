// d3dvk bench/raster: throughput of translate/raster on the FillrateTest workload
// of Intel's Masked Occlusion Culling (1920x1080, random right triangles with legs
// of 10..500 px, its triangle counts), conservative Tier 3 with inner coverage and
// span-row output, single-threaded and with 2 threads; plus a naive per-pixel
// exact evaluator of the same rules on the small sizes so the ratio is visible.
// Usage: d3dvk-bench-raster [--scale F] [--threads N] [--repeat R] [--kernel scalar|avx2|avx512]
// (F scales the triangle counts; each figure is the best of R runs, default 3, as
// the machine is shared; the kernel defaults to the best the CPU has).
#include "d3dvk/raster/rasterizer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

using namespace d3dvk::raster;

namespace {

constexpr int kWidth = 1920, kHeight = 1080;
// Triangles per rasterizeTriangles call: about 2^18 output rows (2.5 MB), so the
// output of one batch stays cache-sized the way a draw-chunked fallback uses it.
std::size_t batchFor(int size) {
  return std::clamp<std::size_t>(262144 / (size * 13 / 10 + 3), 64, 65536);
}

// Random right triangles as the FillrateTest builds them: legs of `size` px along
// NDC x and y, rotated in NDC about the right-angle vertex, offset uniformly in
// [-1, 1]^2, retried until all vertices are on screen; then the viewport transform.
std::vector<ScreenTriangle> makeTriangles(int size, std::size_t count, std::mt19937& rng) {
  std::uniform_real_distribution<float> uni(0.0f, 1.0f);
  std::vector<ScreenTriangle> tris(count);
  const float lx = size * 2.0f / kWidth, ly = size * 2.0f / kHeight;
  for (auto& t : tris) {
    for (;;) {
      const float ox = uni(rng) * 2 - 1, oy = uni(rng) * 2 - 1;
      const float rot = uni(rng) * 2 * 3.14159265f;
      const float c = std::cos(rot), s = std::sin(rot);
      const float vx[3] = {0, lx, 0}, vy[3] = {0, 0, ly};
      bool ok = true;
      for (int i = 0; i < 3; ++i) {
        const float nx = c * vx[i] - s * vy[i] + ox, ny = s * vx[i] + c * vy[i] + oy;
        if (nx < -1 || nx > 1 || ny < -1 || ny > 1) ok = false;
        t.v[i].x = (nx + 1) * kWidth / 2;
        t.v[i].y = (1 - ny) * kHeight / 2;
      }
      if (ok) break;
    }
  }
  return tris;
}

struct Run {
  double seconds = 0;
  std::size_t rows = 0, pixels = 0, innerPixels = 0;
};

Run runFast(const std::vector<ScreenTriangle>& tris, int size, const RasterizerDrawState& st,
           unsigned threads) {
  Run r;
  RasterOutput out;
  const std::size_t batch = batchFor(size);
  for (std::size_t b = 0; b < tris.size(); b += batch) {
    const std::size_t n = std::min(batch, tris.size() - b);
    const auto t0 = std::chrono::steady_clock::now();
    rasterizeTriangles(std::span(tris).subspan(b, n), st, out, threads);
    r.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    // Consume the output outside the timed region.
    r.rows += out.rows.size();
    for (const SpanRow& row : out.rows) {
      r.pixels += row.outerEnd - row.outerBegin;
      r.innerPixels += row.innerEnd - row.innerBegin;
    }
  }
  return r;
}

// Naive exact reference: the same integer rules, evaluated at every pixel of the
// bounding box (no span walking), emitting the same span rows (empty rows as the
// first x four times, then trimmed at both ends like the span walker does).
// Returns the first row's y and appends the rows.
int naiveTriangle(const ScreenTriangle& t, const ClipRect& clip, SpanRowArray& rows) {
  long long x[3], y[3];
  bool exact = true;  // snapping moved no vertex: the triangle itself, no region
  for (int i = 0; i < 3; ++i) {
    std::int32_t a = 0, b = 0;
    if (snapToFixed(t.v[i].x, a) != CullReason::None || snapToFixed(t.v[i].y, b) != CullReason::None)
      return 0;
    x[i] = a;
    y[i] = b;
    exact = exact && t.v[i].x * 256.0f == static_cast<float>(a) && t.v[i].y * 256.0f == static_cast<float>(b);
  }
  const long long area = (x[1] - x[0]) * (y[2] - y[0]) - (y[1] - y[0]) * (x[2] - x[0]);
  if (area == 0) return 0;  // the workload has none; keep the naive path simple
  const long long sg = area > 0 ? 1 : -1;
  long long A[3], B[3], S[3];
  bool tl[3];
  for (int i = 0; i < 3; ++i) {
    const int j = (i + 1) % 3;
    A[i] = sg * (y[i] - y[j]);
    B[i] = sg * (x[j] - x[i]);
    S[i] = std::llabs(A[i]) + std::llabs(B[i]);
    tl[i] = A[i] > 0 || (A[i] == 0 && B[i] > 0);
  }
  const long long mnx = std::min({x[0], x[1], x[2]}), mxx = std::max({x[0], x[1], x[2]});
  const long long mny = std::min({y[0], y[1], y[2]}), mxy = std::max({y[0], y[1], y[2]});
  // Exact input: a pixel touching the box's left side counts iff a vertical edge is
  // there or the one vertex there has two top-left edges; the top side iff a
  // horizontal edge is there; the right and bottom sides never.
  int leftVertex = 0, atLeft = 0;
  for (int i = 0; i < 3; ++i)
    if (x[i] == mnx) leftVertex = i, ++atLeft;
  const bool leftTouchCounts = atLeft == 2 || (tl[leftVertex] && tl[(leftVertex + 2) % 3]);
  const bool topTouchCounts = (y[0] == mny) + (y[1] == mny) + (y[2] == mny) == 2;
  // (The workload's coordinates are positive, so / rounds like floor here.)
  const long long px0 = std::max<long long>(clip.left, (mnx + 255) / 256 - 1);
  const long long px1 = std::min<long long>(clip.right, mxx / 256 + 1);
  const long long py0 = std::max<long long>(clip.top, (mny + 255) / 256 - 1);
  const long long py1 = std::min<long long>(clip.bottom, mxy / 256 + 1);
  const std::size_t base = rows.size();
  // The pixel loop with the exact-input choice made at compile time (so the usual
  // inexact loop is the plain one).
  auto walk = [&](auto exactTag) {
    constexpr bool Exact = decltype(exactTag)::value;
    constexpr long long K = Exact ? 256 : 257;
    for (long long py = py0; py < py1; ++py) {
      const auto e0 = static_cast<std::uint16_t>(px0);
      SpanRow row{e0, e0, e0, e0};
      int state = 0;  // 0 before, 1 outer-left, 2 inner, 3 outer-right
      for (long long px = px0; px < px1; ++px) {
        bool cov = true, inner = true;
        for (int i = 0; i < 3; ++i) {
          const long long e2 = 2 * (A[i] * (256 * px + 128 - x[i]) + B[i] * (256 * py + 128 - y[i]));
          const long long o = e2 + K * S[i], in = e2 - K * S[i];
          cov = cov && (o > 0 || (o == 0 && tl[i]));
          inner = inner && (in > 0 || (in == 0 && (tl[i] || !Exact)));
        }
        if constexpr (Exact) {
          cov = cov && (256 * px + 256 > mnx || (256 * px + 256 == mnx && leftTouchCounts)) && 256 * px < mxx &&
                (256 * py + 256 > mny || (256 * py + 256 == mny && topTouchCounts)) && 256 * py < mxy;
        }
        if (!cov) continue;
        const auto ux = static_cast<std::uint16_t>(px);
        if (state == 0) row.outerBegin = row.innerBegin = ux, state = 1;
        if (inner && state == 1) row.innerBegin = ux, state = 2;
        if (!inner && state == 2) row.innerEnd = ux, state = 3;
        row.outerEnd = static_cast<std::uint16_t>(px + 1);
      }
      if (state == 1) row.innerBegin = row.innerEnd = row.outerEnd;
      if (state == 2) row.innerEnd = row.outerEnd;
      rows.push_back(row);
    }
  };
  if (exact)
    walk(std::true_type{});
  else
    walk(std::false_type{});
  std::size_t first = base, last = rows.size();
  while (first < last && rows[first].empty()) ++first;
  while (last > first && rows[last - 1].empty()) --last;
  rows.erase(rows.begin() + static_cast<std::ptrdiff_t>(last), rows.end());
  rows.erase(rows.begin() + static_cast<std::ptrdiff_t>(base), rows.begin() + static_cast<std::ptrdiff_t>(first));
  return last > first ? static_cast<int>(py0 + static_cast<long long>(first - base)) : 0;
}

}  // namespace

int main(int argc, char** argv) {
  double scale = 1.0;
  unsigned threads = 2;
  int repeat = 3;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--scale") && i + 1 < argc) {
      scale = std::atof(argv[++i]);
    } else if (!std::strcmp(argv[i], "--repeat") && i + 1 < argc) {
      repeat = std::atoi(argv[++i]);
    } else if (!std::strcmp(argv[i], "--kernel") && i + 1 < argc) {
      const std::string_view k = argv[++i];
      const SpanWalkerKernel want = k == "scalar" ? SpanWalkerKernel::Scalar
                                    : k == "avx2" ? SpanWalkerKernel::Avx2
                                                  : SpanWalkerKernel::Avx512;
      if (!setSpanWalkerKernel(want)) {
        std::fprintf(stderr, "kernel %s not available on this CPU\n", argv[i]);
        return 2;
      }
    } else if (!std::strcmp(argv[i], "--threads") && i + 1 < argc) {
      threads = static_cast<unsigned>(std::atoi(argv[++i]));
    } else {
      std::fprintf(stderr, "usage: d3dvk-bench-raster [--scale F] [--threads N] [--repeat R] [--kernel scalar|avx2|avx512]\n");
      return 2;
    }
  }
  if (!(scale > 0) || threads < 1 || repeat < 1) return 2;
  const int sizes[] = {10, 25, 50, 75, 100, 250, 500};
  const std::size_t counts[] = {4096 * 1024, 4096 * 1024, 4096 * 1024, 2048 * 1024,
                                1024 * 1024, 512 * 1024, 256 * 1024};
  RasterizerDrawState st;
  st.mode = RasterMode::Conservative;
  st.tier = ConservativeTier::Tier3;
  st.clip = ClipRect{0, 0, kWidth, kHeight};

  std::printf("d3dvk translate/raster, FillrateTest workload %dx%d, conservative Tier 3 + inner, span rows,\n"
              "span walker kernel: %s\n",
              kWidth, kHeight, std::string(spanWalkerKernelName(spanWalkerKernel())).c_str());
  std::printf("GPix/s counts the workload's nominal size*size/2 pixels per triangle (as the MOC test does);\n"
              "'covered' is the mean conservative pixel count actually emitted per triangle.\n\n");
  std::mt19937 rng(12345);
  std::vector<std::vector<ScreenTriangle>> sets;
  for (int i = 0; i < 7; ++i)
    sets.push_back(makeTriangles(sizes[i], std::max<std::size_t>(1, static_cast<std::size_t>(counts[i] * scale)), rng));

  auto report = [&](const char* what, int size, std::size_t n, const Run& r) {
    const double mtris = n / r.seconds / 1e6;
    const double gpix = double(n) * size * size / 2.0 / r.seconds / 1e9;
    std::printf("%-22s %3dx%-3d %8zu tris %9.2f ms  MTris/s %7.2f  GPix/s %6.2f  covered %8.1f  inner %8.1f\n",
                what, size, size, n, r.seconds * 1e3, mtris, gpix, double(r.pixels) / n,
                double(r.innerPixels) / n);
  };
  const unsigned threadCounts[2] = {1u, threads};
  for (int pass = 0; pass < (threads > 1 ? 2 : 1); ++pass) {  // --threads 1: one pass
    const unsigned th = threadCounts[pass];
    char label[64];
    std::snprintf(label, sizeof label, "spans, %u thread%s", th, th > 1 ? "s" : "");
    for (int i = 0; i < 7; ++i) {
      Run best = runFast(sets[i], sizes[i], st, th);
      for (int r = 1; r < repeat; ++r) {
        const Run again = runFast(sets[i], sizes[i], st, th);
        if (again.seconds < best.seconds) best = again;
      }
      report(label, sizes[i], sets[i].size(), best);
    }
    std::printf("\n");
  }
  // Naive per-pixel reference on the small sizes (a slice of each set), checked
  // row for row against the span walker.
  bool allSame = true;
  for (int i = 0; i < 3; ++i) {
    const std::size_t n = std::min<std::size_t>(sets[i].size(), 65536);
    std::span<const ScreenTriangle> slice(sets[i].data(), n);
    SpanRowArray naiveRows;
    std::vector<int> naiveFirstY(n);
    std::vector<std::size_t> naiveCount(n);
    naiveRows.reserve(n * 16);
    const auto t0 = std::chrono::steady_clock::now();
    for (std::size_t k = 0; k < n; ++k) {
      const std::size_t before = naiveRows.size();
      naiveFirstY[k] = naiveTriangle(slice[k], st.clip, naiveRows);
      naiveCount[k] = naiveRows.size() - before;
    }
    Run r;
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    for (const SpanRow& row : naiveRows) {
      r.pixels += row.outerEnd - row.outerBegin;
      r.innerPixels += row.innerEnd - row.innerBegin;
    }
    report("naive per-pixel, 1 th", sizes[i], n, r);
    RasterOutput fast;
    rasterizeTriangles(slice, st, fast, 1);
    bool same = fast.rows.size() == naiveRows.size() &&
                std::memcmp(fast.rows.data(), naiveRows.data(), naiveRows.size() * sizeof(SpanRow)) == 0;
    for (std::size_t k = 0; same && k < n; ++k)
      same = fast.triangles[k].rowCount == naiveCount[k] &&
             (naiveCount[k] == 0 || fast.triangles[k].firstY == naiveFirstY[k]);
    allSame = allSame && same;
  }
  // Not timed: the same check on copies of the small slices rounded to the 1/256
  // grid, where snapping moves nothing and the exact-input rule applies.
  for (int i = 0; i < 3; ++i) {
    const std::size_t n = std::min<std::size_t>(sets[i].size(), 16384);
    std::vector<ScreenTriangle> grid(sets[i].begin(), sets[i].begin() + static_cast<std::ptrdiff_t>(n));
    for (auto& t : grid)
      for (auto& v : t.v) v.x = std::round(v.x * 256.0f) / 256.0f, v.y = std::round(v.y * 256.0f) / 256.0f;
    SpanRowArray naiveRows;
    RasterOutput fast;
    rasterizeTriangles(grid, st, fast, 1);
    bool same = true;
    for (std::size_t k = 0; same && k < n; ++k) {
      naiveRows.clear();
      const int y0 = naiveTriangle(grid[k], st.clip, naiveRows);
      const auto rows = fast.rowsOf(k);
      same = rows.size() == naiveRows.size() && (rows.empty() || fast.triangles[k].firstY == y0) &&
             std::memcmp(rows.data(), naiveRows.data(), rows.size() * sizeof(SpanRow)) == 0;
    }
    allSame = allSame && same;
  }
  std::printf("\nspan walker == naive per-pixel on the naive slices (and on grid-rounded copies): %s\n",
              allSame ? "yes" : "NO");
  return allSame ? 0 : 1;
}
