// d3dvk translate/raster: the CPU conservative rasterizer's public API.
// Owns the data types (draw state, triangles, span rows, per-triangle results) and
// the entry points rasterizeTriangle / rasterizeTriangles. Pure C++20: no Vulkan,
// no DDI. See ../shared/reference/conservative-raster.md for the rules.
//
// Exactness contract (what the tests check; tests/raster/reference_coverage.h
// states it independently):
//  * Vertices are snapped to 16.8 fixed point (round to nearest, ties to even);
//    every later decision is exact integer arithmetic on the snapped vertices.
//  * "Inside by the top-left rule" below means what D3D's sample rule says of a
//    point: strictly inside every edge, or on an edge that is top-left (inward
//    normal n with n.x > 0, or n.x == 0 and n.y > 0) and strictly inside or on a
//    top-left edge for the others, so a vertex counts iff both its edges are
//    top-left. A region R with that half-open boundary is R_tl.
//  * Conservative mode, every tier, non-degenerate after snapping: a pixel is
//    covered iff its closed square contains a point of R_tl, where R is
//     - exact input (snapping moved no vertex: all six coordinates were already
//       multiples of 1/256 px): the snapped triangle itself, which then IS the
//       float triangle. A pixel overlapping the interior counts; a pixel that
//       only touches the boundary counts iff the touching edge is top-left (at a
//       touching vertex: both edges there). No uncertainty region, no false
//       positives.
//     - otherwise: the snapped triangle dilated by the minimum uncertainty region
//       (a 1/256 px square swept along the snapped edges, 1/512 px each way), the
//       top-left rule on its edges (its clipped corners never touch a pixel
//       boundary: they lie on the 1/512 half-grid). No false negatives against the
//       float vertices (snapping moves each by <= 1/512 px per axis), extras only
//       inside the Tier 2/3 1/256 px region. This applies to the whole triangle as
//       soon as one vertex moved: an unmoved edge may not be left undilated,
//       because a moved vertex can flip a thin float triangle across that edge's
//       line, and mixing dilated and undilated edges would also break the
//       3-edges-plus-bounding-box exactness of the span test at their vertex.
//  * Inner coverage (Tier 3 only, non-degenerate): exact input: a pixel is inner
//    iff every point of its closed square is inside by the top-left rule (it may
//    touch top-left edges, never others; it lies in the float triangle = the
//    snapped one). Otherwise: iff the pixel grown by 1/512 px lies in the closed
//    snapped triangle, which implies it is inside both the snapped and any float
//    triangle that snaps to it. Either way every pixel inside the snapped triangle
//    shrunk by 1/256 px is inner.
//  * Post-snap degenerates are back-facing and rasterized at every tier (Tier 1 is
//    allowed to cull them; d3dvk does not), exact input or not: a segment becomes
//    its 1/512-dilated band, a point its 1/512-dilated box, so a degenerate on a
//    pixel boundary still covers pixels. They never have inner pixels. Standard
//    mode culls them.
//  * Standard mode: pixel centre inside, D3D top-left rule on ties.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <span>
#include <string_view>
#include <vector>

namespace d3dvk::raster {

enum class RasterMode : std::uint8_t { Standard, Conservative };

enum class ConservativeTier : std::uint8_t { Tier1 = 1, Tier2 = 2, Tier3 = 3 };

// D3D11_CULL_MODE in spirit: which facing is discarded.
enum class CullMode : std::uint8_t { None, Front, Back };

// Largest |coordinate| accepted, in pixels (the 16.8 rasterizer range).
inline constexpr float kMaxCoordinate = 32768.0f;
// Clip rectangles are clamped into [0, kMaxClipExtent]: render-target pixels are
// never negative and D3D caps targets far below this, so span bounds fit 16 bits.
inline constexpr std::int32_t kMaxClipExtent = 32768;

// Half-open pixel rectangle (like D3D11_RECT): viewport ∩ scissor ∩ render target.
struct ClipRect {
  std::int32_t left = 0;
  std::int32_t top = 0;
  std::int32_t right = 4096;
  std::int32_t bottom = 4096;
};

struct RasterizerDrawState {
  RasterMode mode = RasterMode::Conservative;
  ConservativeTier tier = ConservativeTier::Tier3;  // ignored in standard mode
  CullMode cull = CullMode::None;
  bool frontCounterClockwise = false;  // FALSE: clockwise on screen (y down) is front
  ClipRect clip{};
};

// Render-target pixel coordinates after clip, divide and viewport (y down).
struct ScreenVertex {
  float x = 0.0f;
  float y = 0.0f;
};

struct ScreenTriangle {
  ScreenVertex v[3];
};

// Why a triangle produced no rows on purpose. The last three are rejections of
// invalid input (the caller should report them as errors).
enum class CullReason : std::uint8_t {
  None,             // rasterized (it may still have zero rows after clipping)
  FrontFacing,      // CullMode::Front and the snapped winding is front-facing
  BackFacing,       // CullMode::Back and back-facing (post-snap degenerates included)
  Degenerate,       // standard mode: zero snapped area
  NotANumber,       // a coordinate is NaN
  Infinite,         // a coordinate is ±infinity
  OutOfRange,       // a finite coordinate with |v| > 32768
};

constexpr bool isRejection(CullReason r) {
  return r == CullReason::NotANumber || r == CullReason::Infinite ||
         r == CullReason::OutOfRange;
}

// Stable lower-case names used by the CLI ("back-facing", "out-of-range", ...).
std::string_view cullReasonName(CullReason r);
// A human sentence for rejections / culls.
std::string_view cullReasonMessage(CullReason r);

// One pixel row of one triangle; its y is TriangleCoverage::firstY plus the row's
// index within the triangle (rows are consecutive). Covered pixels are
// [outerBegin, outerEnd), split into at most three sub-spans: outer-left
// [outerBegin, innerBegin), inner (fully covered) [innerBegin, innerEnd),
// outer-right [innerEnd, outerEnd). Without inner pixels innerBegin == innerEnd ==
// outerEnd. A triangle's first and last rows are never empty; a row in between
// may be (all four equal) only where the coverage is cut to nothing by ties.
// 8 bytes, so four rows are one 32-byte store.
struct SpanRow {
  std::uint16_t outerBegin;
  std::uint16_t innerBegin;
  std::uint16_t innerEnd;
  std::uint16_t outerEnd;

  bool empty() const { return outerBegin >= outerEnd; }
  bool hasInner() const { return innerBegin < innerEnd; }
};

// A sub-span as a quad generator wants it.
struct CoverageSpan {
  std::int32_t y;
  std::int32_t xBegin;  // inclusive
  std::int32_t xEnd;    // exclusive
  bool inner;
};

// Non-empty sub-spans of row y, left to right (0 to 3 of them).
struct RowSubSpans {
  CoverageSpan span[3];
  int count = 0;
};
RowSubSpans subSpans(const SpanRow& row, int y);

struct TriangleCoverage {
  std::uint32_t firstRow = 0;  // index into RasterOutput::rows
  std::uint32_t rowCount = 0;  // rows firstY, firstY + 1, ..., all inside the clip rect
  std::uint16_t firstY = 0;    // y of the first row
  CullReason cull = CullReason::None;
  bool frontFacing = false;    // from the snapped winding; false for degenerates
  bool degenerate = false;     // zero snapped area

  bool culled() const { return cull != CullReason::None; }
};

// std::allocator that default-initializes, so growing the row array before
// filling it does not zero it first.
template <class T>
struct UninitializedAllocator : std::allocator<T> {
  template <class U>
  struct rebind {
    using other = UninitializedAllocator<U>;
  };
  UninitializedAllocator() = default;
  template <class U>
  UninitializedAllocator(const UninitializedAllocator<U>&) noexcept {}
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(static_cast<Args&&>(args)...);
  }
};

using SpanRowArray = std::vector<SpanRow, UninitializedAllocator<SpanRow>>;

// Result of a batch: one record per input triangle, in input order, and one flat
// row array they index into (rows of triangle i come before those of i + 1).
struct RasterOutput {
  std::vector<TriangleCoverage> triangles;
  SpanRowArray rows;
  // Per-thread row scratch kept between multi-threaded calls (not part of the result).
  std::vector<SpanRowArray> threadScratch;

  void clear() {
    triangles.clear();
    rows.clear();
  }
  std::span<const SpanRow> rowsOf(std::size_t tri) const {
    const TriangleCoverage& t = triangles[tri];
    return {rows.data() + t.firstRow, t.rowCount};
  }
};

// Snaps one coordinate (pixels) to 16.8 fixed point, round to nearest, ties to
// even, independent of the FPU rounding mode. Returns the reason on bad input.
CullReason snapToFixed(float v, std::int32_t& fixed);

// The clip rectangle actually used: clamped into [0, kMaxClipExtent].
ClipRect effectiveClip(const ClipRect& clip);

// Rasterizes one triangle, appending its rows to `rows`; the returned record's
// firstRow is rows.size() before the call.
TriangleCoverage rasterizeTriangle(const ScreenTriangle& tri, const RasterizerDrawState& state,
                                   SpanRowArray& rows);

// Rasterizes a batch in input order into `out` (cleared first). threads > 1 splits
// the batch into that many contiguous chunks rasterized concurrently; the result
// is identical to the single-threaded one.
void rasterizeTriangles(std::span<const ScreenTriangle> tris, const RasterizerDrawState& state,
                        RasterOutput& out, unsigned threads = 1);

// The span walker has scalar, AVX2 (4 rows per step) and AVX-512 (8 rows per
// step) kernels, chosen at startup as the best the CPU supports, capped by the
// environment variable D3DVK_RASTER_KERNEL=scalar|avx2. All produce identical
// rows; tests and benchmarks switch kernels with setSpanWalkerKernel (false if
// the CPU lacks it). Process-wide; do not switch while rasterizing.
enum class SpanWalkerKernel : std::uint8_t { Scalar, Avx2, Avx512 };
SpanWalkerKernel spanWalkerKernel();
bool setSpanWalkerKernel(SpanWalkerKernel kernel);
std::string_view spanWalkerKernelName(SpanWalkerKernel kernel);

}  // namespace d3dvk::raster
