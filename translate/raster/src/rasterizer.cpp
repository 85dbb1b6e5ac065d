// d3dvk translate/raster: snapping, triangle setup and the span-row walker of the
// CPU conservative rasterizer (see rasterizer.h for the exactness contract).
//
// Units: snapped coordinates are integers in 1/256 px; a pixel (px, py) is the
// square [256px, 256px + 256] x [256py, 256py + 256], its centre at +128.
// Every edge is an integer half-plane  2·E(c) + K >= t  evaluated at the pixel
// centre c, with E(p) = A(p.x - a.x) + B(p.y - a.y) >= 0 inside and (A, B) the
// inward normal:
//   conservative outer  K = +257(|A|+|B|)  (centre test of the pixel grown by 1/512 px)
//   inner (Tier 3)      K = -257(|A|+|B|)  (pixel grown by 1/512 px fully inside)
//   exact-input outer   K = +256(|A|+|B|)  (the pixel itself meets the edge's half-plane)
//   exact-input inner   K = -256(|A|+|B|)  (the pixel itself inside)
//   standard            K = 0
// and t = 0 on a top-left edge, 1 otherwise (the top-left rule on exact ties; the
// dilated inner test is closed, t = 0; the exact-input inner test uses the edge's
// t too). As a function of px the test is 512·A·px >= N(py),
// so each row's bound on px is ceil(N / 512|A|); N changes by a constant per row,
// so the bound is stepped with an exact integer remainder instead of divided.
// Together with the (dilated) bounding box — the x and y axes of the separating
// axis test — this is exact pixel/triangle overlap.
//
// The row walker exists three times with identical results: scalar, AVX2 (four
// rows per step in 64-bit lanes) and AVX-512 (eight rows), picked at run time
// from the CPU (x86-64 only; other targets use the scalar one). Per-triangle setup
// uses double reciprocals for its few divisions and corrects them in integers.
#include "d3dvk/raster/rasterizer.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <system_error>
#include <thread>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define D3DVK_RASTER_AVX2 1
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace d3dvk::raster {
namespace {

using i64 = std::int64_t;

constexpr i64 kFar = i64{1} << 40;  // beyond any pixel index

// floor(n / d) for d > 0.
constexpr i64 floorDiv(i64 n, i64 d) {
  i64 q = n / d;
  return q - ((n % d != 0) & (n < 0));
}
constexpr i64 ceilDiv(i64 n, i64 d) { return -floorDiv(-n, d); }

// One edge's bound on px along the rows: c = ceil(N / D), N = c·D - m, 0 <= m < D.
// A lower edge (A > 0) admits px >= c; an upper edge (A < 0) admits px <= -c.
// The inner bound is ceil((N + Δ) / D) with Δ = qd·D + rd: c + qd + (m < rd).
struct EdgeStepper {
  i64 c, m, D, dq, dr, qd, rd;
  double rcp;  // ≈ 1/D, for floorDivRcp
};

// A stepper that never constrains: as a lower bound -kFar, as an upper bound 1 + kFar.
void disableStepper(EdgeStepper& s) { s = EdgeStepper{-kFar, 0, 1, 0, 0, 0, 0, 1.0}; }

struct HalfPlane {
  i64 A, B, ax, ay;  // inward normal and a point on the edge line
  i64 k, t;          // outer constraint 2E(c) + k >= t
  i64 ti;            // inner constraint 2E(c) - k >= ti
  bool active;
};

inline bool isTopLeft(i64 A, i64 B) { return A > 0 || (A == 0 && B > 0); }

// innerTies: the inner test applies the top-left rule too (exact inputs: the
// pixel must lie in the half-open triangle); otherwise it is closed (ti = 0).
HalfPlane makeHalfPlane(i64 A, i64 B, i64 ax, i64 ay, i64 k, bool innerTies = false) {
  const i64 t = isTopLeft(A, B) ? 0 : 1;
  return HalfPlane{A, B, ax, ay, k, t, innerTies ? t : 0, true};
}

// N at row py for constraint 2E(c) + k >= t: 512A·px >= N.
i64 rowN(const HalfPlane& h, i64 py, i64 k, i64 t) {
  const i64 p = 2 * h.A * (128 - h.ax) + 2 * h.B * (256 * py + 128 - h.ay);
  return -p - k + t;
}

// Rows [begin, end) where a horizontal-normal constraint (A == 0) holds:
// 512B·py + 2B(128 - ay) + k - t >= 0.
void flatRowRange(const HalfPlane& h, i64 k, i64 t, i64& begin, i64& end) {
  const i64 rest = 2 * h.B * (128 - h.ay) + k - t;
  if (h.B > 0) {
    begin = std::max(begin, ceilDiv(-rest, 512 * h.B));
  } else {
    end = std::min(end, floorDiv(rest, -512 * h.B) + 1);
  }
}

// floor(n / d) for d > 0 with |n| < 2^53, given rcp ≈ 1/d: the double quotient is
// within 2^-9 of the true one, so truncation is off by at most one; fix exactly.
inline i64 floorDivRcp(i64 n, i64 d, double rcp) {
  i64 q = static_cast<i64>(static_cast<double>(n) * rcp);
  const i64 r = n - q * d;
  q -= static_cast<i64>(r < 0);
  q += static_cast<i64>(r >= d);
  return q;
}

void setupStepper(EdgeStepper& s, const HalfPlane& h, i64 py0, i64 innerDelta) {
  const i64 D = 512 * (h.A > 0 ? h.A : -h.A);
  const double rcp = 1.0 / static_cast<double>(D);
  const i64 N = rowN(h, py0, h.k, h.t);
  s.D = D;
  s.c = -floorDivRcp(-N, D, rcp);
  s.m = s.c * D - N;
  const i64 dN = -512 * h.B;
  s.dq = floorDivRcp(dN, D, rcp);
  s.dr = dN - s.dq * D;
  s.qd = floorDivRcp(innerDelta, D, rcp);
  s.rd = innerDelta - s.qd * D;
  s.rcp = rcp;
}


// Round-to-nearest-even of v·256 for |v| <= 32768, independent of the FPU
// rounding mode: truncate, fix up to floor, then round the exact fraction.
inline std::int32_t snapInRange(float v) {
  const float f = v * 256.0f;  // exact: a power-of-two scale within range
  auto i = static_cast<std::int32_t>(f);  // toward zero, |f| <= 2^23
  i -= static_cast<int>(f < static_cast<float>(i));  // floor
  const float frac = f - static_cast<float>(i);  // exact, in [0, 1)
  const int above = frac > 0.5f, tie = frac == 0.5f;
  return i + (above | (tie & i & 1));
}

// Range-checks and snaps the six coordinates; false if any is out of range (then
// x/y are unspecified). SSE2 version of snapInRange, four lanes at a time.
#if defined(__SSE2__)
// onGrid: all-ones in the lanes that were already on the 1/256 grid (frac == 0).
inline __m128i snapLanes(__m128 v, __m128& onGrid) {
  const __m128 f = _mm_mul_ps(v, _mm_set1_ps(256.0f));  // exact
  __m128i i = _mm_cvttps_epi32(f);                       // toward zero
  i = _mm_add_epi32(i, _mm_castps_si128(_mm_cmplt_ps(f, _mm_cvtepi32_ps(i))));  // floor
  const __m128 frac = _mm_sub_ps(f, _mm_cvtepi32_ps(i));  // exact, [0, 1)
  onGrid = _mm_cmpeq_ps(frac, _mm_setzero_ps());
  const __m128i above = _mm_castps_si128(_mm_cmpgt_ps(frac, _mm_set1_ps(0.5f)));
  const __m128i tie = _mm_castps_si128(_mm_cmpeq_ps(frac, _mm_set1_ps(0.5f)));
  const __m128i odd = _mm_cmpeq_epi32(_mm_and_si128(i, _mm_set1_epi32(1)), _mm_set1_epi32(1));
  return _mm_sub_epi32(i, _mm_or_si128(above, _mm_and_si128(tie, odd)));  // +1 where rounding up
}

inline bool snapTriangle(const ScreenTriangle& t, i64 (&x)[3], i64 (&y)[3], bool& onGrid) {
  const __m128 a = _mm_setr_ps(t.v[0].x, t.v[0].y, t.v[1].x, t.v[1].y);
  const __m128 b = _mm_setr_ps(t.v[2].x, t.v[2].y, 0.0f, 0.0f);
  const __m128 absMask = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff));
  const __m128 lim = _mm_set1_ps(kMaxCoordinate);
  // NaN compares false, so it fails the range test too.
  const __m128 ok = _mm_and_ps(_mm_cmple_ps(_mm_and_ps(a, absMask), lim),
                               _mm_cmple_ps(_mm_and_ps(b, absMask), lim));
  if (_mm_movemask_ps(ok) != 0xf) return false;
  alignas(16) std::int32_t sa[4], sb[4];
  __m128 ga, gb;
  _mm_store_si128(reinterpret_cast<__m128i*>(sa), snapLanes(a, ga));
  _mm_store_si128(reinterpret_cast<__m128i*>(sb), snapLanes(b, gb));
  onGrid = _mm_movemask_ps(_mm_and_ps(ga, gb)) == 0xf;  // b's padding lanes are 0.0
  x[0] = sa[0], y[0] = sa[1], x[1] = sa[2], y[1] = sa[3], x[2] = sb[0], y[2] = sb[1];
  return true;
}
#else
inline bool snapTriangle(const ScreenTriangle& t, i64 (&x)[3], i64 (&y)[3], bool& onGrid) {
  bool inRange = true;
  for (const ScreenVertex& v : t.v)
    inRange &= (std::fabs(v.x) <= kMaxCoordinate) & (std::fabs(v.y) <= kMaxCoordinate);
  if (!inRange) return false;
  onGrid = true;
  for (int i = 0; i < 3; ++i) {
    x[i] = snapInRange(t.v[i].x);
    y[i] = snapInRange(t.v[i].y);
    // v * 256 is exact, so the vertex was on the grid iff it equals its snap.
    onGrid &= (t.v[i].x * 256.0f == static_cast<float>(x[i])) &
              (t.v[i].y * 256.0f == static_cast<float>(y[i]));
  }
  return true;
}
#endif

// Walks rows [py, yEnd) writing one SpanRow per row (an empty row as xBegin
// four times). Edge 0 is a lower bound, edge 1 an upper bound, edge 2 whichever
// E2Lower says (unused edges are disabled steppers). WithInner also computes the
// inner sub-span. The steppers are advanced past the walked rows.
template <bool E2Lower, bool WithInner>
void walkRows(EdgeStepper (&st)[3], i64 py, i64 yEnd, i64 xBegin, i64 xEnd, SpanRow* dst) {
  i64 c0 = st[0].c, m0 = st[0].m, c1 = st[1].c, m1 = st[1].m, c2 = st[2].c, m2 = st[2].m;
  const i64 D0 = st[0].D, dq0 = st[0].dq, dr0 = st[0].dr, qd0 = st[0].qd, rd0 = st[0].rd;
  const i64 D1 = st[1].D, dq1 = st[1].dq, dr1 = st[1].dr, qd1 = st[1].qd, rd1 = st[1].rd;
  const i64 D2 = st[2].D, dq2 = st[2].dq, dr2 = st[2].dr, qd2 = st[2].qd, rd2 = st[2].rd;
  for (; py < yEnd; ++py, ++dst) {
    i64 lo = std::max(xBegin, c0), hi = std::min(xEnd, 1 - c1);
    if constexpr (E2Lower) {
      lo = std::max(lo, c2);
    } else {
      hi = std::min(hi, 1 - c2);
    }
    i64 ilo = hi, ihi = hi;
    if constexpr (WithInner) {
      const i64 in0 = c0 + qd0 + (m0 < rd0 ? 1 : 0);
      const i64 in1 = c1 + qd1 + (m1 < rd1 ? 1 : 0);
      const i64 in2 = c2 + qd2 + (m2 < rd2 ? 1 : 0);
      i64 a = std::max(lo, in0), b = std::min(hi, 1 - in1);
      if constexpr (E2Lower) {
        a = std::max(a, in2);
      } else {
        b = std::min(b, 1 - in2);
      }
      const bool hasInner = a < b;
      ilo = hasInner ? a : hi;
      ihi = hasInner ? b : hi;
    }
    m0 -= dr0;
    c0 += dq0;
    m1 -= dr1;
    c1 += dq1;
    m2 -= dr2;
    c2 += dq2;
    const i64 b0 = m0 >> 63, b1 = m1 >> 63, b2 = m2 >> 63;  // 0 or -1
    m0 += D0 & b0;
    c0 -= b0;
    m1 += D1 & b1;
    c1 -= b1;
    m2 += D2 & b2;
    c2 -= b2;

    const bool any = lo < hi;
    dst->outerBegin = static_cast<std::uint16_t>(any ? lo : xBegin);
    dst->innerBegin = static_cast<std::uint16_t>(any ? ilo : xBegin);
    dst->innerEnd = static_cast<std::uint16_t>(any ? ihi : xBegin);
    dst->outerEnd = static_cast<std::uint16_t>(any ? hi : xBegin);
  }
  st[0].c = c0, st[0].m = m0, st[1].c = c1, st[1].m = m1, st[2].c = c2, st[2].m = m2;
}

// Advances a stepper by k >= 0 rows in one go (exact).
void jumpStepper(EdgeStepper& s, i64 k) {
  // N' = N + k·dN = (c + k·dq)·D + (k·dr - m)
  const i64 t = k * s.dr - s.m;  // |t| < 2^49
  const i64 u = -floorDivRcp(-t, s.D, s.rcp);
  s.c += k * s.dq + u;
  s.m = u * s.D - t;
}

#if D3DVK_RASTER_AVX2
// The same walk, four rows per step in AVX2 64-bit lanes (lane k = row py + k);
// identical results to walkRows (the tests compare both).
#define D3DVK_AVX2 __attribute__((target("avx2")))
D3DVK_AVX2 inline __m256i max64(__m256i a, __m256i b) {
  return _mm256_blendv_epi8(a, b, _mm256_cmpgt_epi64(b, a));
}
D3DVK_AVX2 inline __m256i min64(__m256i a, __m256i b) {
  return _mm256_blendv_epi8(a, b, _mm256_cmpgt_epi64(a, b));
}

template <bool E2Lower, bool WithInner>
D3DVK_AVX2 void walkRowsAvx2(EdgeStepper (&st)[3], i64 py, i64 yEnd, i64 xBegin, i64 xEnd,
                             SpanRow* dst, bool advance) {
  const i64 count = yEnd - py;
  __m256i c[3], m[3], D[3], dq4[3], dr4[3], qd[3], rd[3];
  for (int e = 0; e < 3; ++e) {
    alignas(32) i64 cs[4], ms[4];
    EdgeStepper s = st[e];
    for (int k = 0; k < 4; ++k) {
      cs[k] = s.c;
      ms[k] = s.m;
      s.m -= s.dr;
      s.c += s.dq;
      const i64 borrow = s.m >> 63;  // branch-free: 0 or -1
      s.m += s.D & borrow;
      s.c -= borrow;
    }
    c[e] = _mm256_load_si256(reinterpret_cast<const __m256i*>(cs));
    m[e] = _mm256_load_si256(reinterpret_cast<const __m256i*>(ms));
    // Four rows: 4·dN = (4dq + j)·D + r4 with 0 <= r4 < D.
    const i64 j = floorDivRcp(4 * st[e].dr, st[e].D, st[e].rcp);  // 0..3
    const i64 q4 = 4 * st[e].dq + j, r4 = 4 * st[e].dr - j * st[e].D;
    D[e] = _mm256_set1_epi64x(st[e].D);
    dq4[e] = _mm256_set1_epi64x(q4);
    dr4[e] = _mm256_set1_epi64x(r4);
    qd[e] = _mm256_set1_epi64x(st[e].qd);
    rd[e] = _mm256_set1_epi64x(st[e].rd);
  }
  const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi64x(1);
  const __m256i xb = _mm256_set1_epi64x(xBegin), xe = _mm256_set1_epi64x(xEnd);
  // Four rows per step; rows past yEnd land in the caller's 3 rows of slack.
  for (; py < yEnd; py += 4, dst += 4) {
    __m256i lo = max64(xb, c[0]);
    __m256i hi = min64(xe, _mm256_sub_epi64(one, c[1]));
    if constexpr (E2Lower) {
      lo = max64(lo, c[2]);
    } else {
      hi = min64(hi, _mm256_sub_epi64(one, c[2]));
    }
    __m256i ilo = hi, ihi = hi;
    if constexpr (WithInner) {
      __m256i in[3];
      for (int e = 0; e < 3; ++e)  // c + qd + (m < rd)
        in[e] = _mm256_sub_epi64(_mm256_add_epi64(c[e], qd[e]), _mm256_cmpgt_epi64(rd[e], m[e]));
      __m256i a = max64(lo, in[0]);
      __m256i b = min64(hi, _mm256_sub_epi64(one, in[1]));
      if constexpr (E2Lower) {
        a = max64(a, in[2]);
      } else {
        b = min64(b, _mm256_sub_epi64(one, in[2]));
      }
      const __m256i has = _mm256_cmpgt_epi64(b, a);
      ilo = _mm256_blendv_epi8(hi, a, has);
      ihi = _mm256_blendv_epi8(hi, b, has);
    }
    for (int e = 0; e < 3; ++e) {
      m[e] = _mm256_sub_epi64(m[e], dr4[e]);
      c[e] = _mm256_add_epi64(c[e], dq4[e]);
      const __m256i borrow = _mm256_cmpgt_epi64(zero, m[e]);  // -1 where m < 0
      m[e] = _mm256_add_epi64(m[e], _mm256_and_si256(D[e], borrow));
      c[e] = _mm256_sub_epi64(c[e], borrow);
    }
    // Rows with pixels have xBegin <= lo < hi <= xEnd <= 32768: 16-bit fields;
    // empty rows become xBegin four times.
    const __m256i any = _mm256_cmpgt_epi64(hi, lo);
    lo = _mm256_blendv_epi8(xb, lo, any);
    ilo = _mm256_blendv_epi8(xb, ilo, any);
    ihi = _mm256_blendv_epi8(xb, ihi, any);
    hi = _mm256_blendv_epi8(xb, hi, any);
    const __m256i packed = _mm256_or_si256(
        _mm256_or_si256(lo, _mm256_slli_epi64(ilo, 16)),
        _mm256_or_si256(_mm256_slli_epi64(ihi, 32), _mm256_slli_epi64(hi, 48)));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst), packed);
  }
  if (advance)
    for (EdgeStepper& e : st) jumpStepper(e, count);
}

// The same walk, eight rows per step in AVX-512 64-bit lanes with native 64-bit
// min/max and mask registers. (GCC 12 warns falsely about its own
// _mm512_undefined_* temporaries inside the intrinsics; silenced here only.)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#define D3DVK_AVX512 __attribute__((target("avx512f")))
template <bool E2Lower, bool WithInner>
D3DVK_AVX512 void walkRowsAvx512(EdgeStepper (&st)[3], i64 py, i64 yEnd, i64 xBegin, i64 xEnd,
                                 SpanRow* dst, bool advance) {
  const i64 count = yEnd - py;
  __m512i c[3], m[3], D[3], dq8[3], dr8[3], qd[3], rd[3];
  const __m512i zero = _mm512_setzero_si512(), one = _mm512_set1_epi64(1);
  for (int e = 0; e < 3; ++e) {
    // Lane k starts k rows on: masked 1-, 2- and 4-row steps on the lanes whose
    // bit 0, 1, 2 of k is set. Step constants by exact doubling:
    // 2(q·D + r) = (2q + [2r >= D])·D + (2r mod D).
    const i64 Ds = st[e].D;
    i64 q = st[e].dq, r = st[e].dr;
    D[e] = _mm512_set1_epi64(Ds);
    c[e] = _mm512_set1_epi64(st[e].c);
    m[e] = _mm512_set1_epi64(st[e].m);
    for (const __mmask8 sel : {__mmask8(0xAA), __mmask8(0xCC), __mmask8(0xF0)}) {
      m[e] = _mm512_mask_sub_epi64(m[e], sel, m[e], _mm512_set1_epi64(r));
      c[e] = _mm512_mask_add_epi64(c[e], sel, c[e], _mm512_set1_epi64(q));
      const __mmask8 borrow = _mm512_cmplt_epi64_mask(m[e], zero);
      m[e] = _mm512_mask_add_epi64(m[e], borrow, m[e], D[e]);
      c[e] = _mm512_mask_add_epi64(c[e], borrow, c[e], one);
      r *= 2;
      q *= 2;
      const i64 over = r >= Ds ? 1 : 0;
      r -= over * Ds;
      q += over;
    }
    dq8[e] = _mm512_set1_epi64(q);  // eight rows
    dr8[e] = _mm512_set1_epi64(r);
    qd[e] = _mm512_set1_epi64(st[e].qd);
    rd[e] = _mm512_set1_epi64(st[e].rd);
  }
  const __m512i xb = _mm512_set1_epi64(xBegin), xe = _mm512_set1_epi64(xEnd);
  // Eight rows per step; rows past yEnd land in the caller's 7 rows of slack.
  for (; py < yEnd; py += 8, dst += 8) {
    __m512i lo = _mm512_max_epi64(xb, c[0]);
    __m512i hi = _mm512_min_epi64(xe, _mm512_sub_epi64(one, c[1]));
    if constexpr (E2Lower) {
      lo = _mm512_max_epi64(lo, c[2]);
    } else {
      hi = _mm512_min_epi64(hi, _mm512_sub_epi64(one, c[2]));
    }
    __m512i ilo = hi, ihi = hi;
    if constexpr (WithInner) {
      __m512i in[3];
      for (int e = 0; e < 3; ++e) {  // c + qd + (m < rd)
        const __m512i t = _mm512_add_epi64(c[e], qd[e]);
        in[e] = _mm512_mask_add_epi64(t, _mm512_cmplt_epi64_mask(m[e], rd[e]), t, one);
      }
      __m512i a = _mm512_max_epi64(lo, in[0]);
      __m512i b = _mm512_min_epi64(hi, _mm512_sub_epi64(one, in[1]));
      if constexpr (E2Lower) {
        a = _mm512_max_epi64(a, in[2]);
      } else {
        b = _mm512_min_epi64(b, _mm512_sub_epi64(one, in[2]));
      }
      const __mmask8 has = _mm512_cmpgt_epi64_mask(b, a);
      ilo = _mm512_mask_blend_epi64(has, hi, a);
      ihi = _mm512_mask_blend_epi64(has, hi, b);
    }
    for (int e = 0; e < 3; ++e) {
      m[e] = _mm512_sub_epi64(m[e], dr8[e]);
      c[e] = _mm512_add_epi64(c[e], dq8[e]);
      const __mmask8 borrow = _mm512_cmplt_epi64_mask(m[e], zero);
      m[e] = _mm512_mask_add_epi64(m[e], borrow, m[e], D[e]);
      c[e] = _mm512_mask_add_epi64(c[e], borrow, c[e], one);
    }
    const __mmask8 any = _mm512_cmpgt_epi64_mask(hi, lo);
    lo = _mm512_mask_blend_epi64(any, xb, lo);
    ilo = _mm512_mask_blend_epi64(any, xb, ilo);
    ihi = _mm512_mask_blend_epi64(any, xb, ihi);
    hi = _mm512_mask_blend_epi64(any, xb, hi);
    const __m512i packed = _mm512_or_si512(
        _mm512_or_si512(lo, _mm512_slli_epi64(ilo, 16)),
        _mm512_or_si512(_mm512_slli_epi64(ihi, 32), _mm512_slli_epi64(hi, 48)));
    _mm512_storeu_si512(dst, packed);
  }
  if (advance)
    for (EdgeStepper& e : st) jumpStepper(e, count);
}
#pragma GCC diagnostic pop

SpanWalkerKernel bestKernel() {
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) return SpanWalkerKernel::Avx512;
  if (__builtin_cpu_supports("avx2")) return SpanWalkerKernel::Avx2;
  return SpanWalkerKernel::Scalar;
}
#else
SpanWalkerKernel bestKernel() { return SpanWalkerKernel::Scalar; }
#endif

// Startup choice: the best the CPU has, capped by D3DVK_RASTER_KERNEL.
SpanWalkerKernel initialKernel() {
  SpanWalkerKernel k = bestKernel();
  if (const char* e = std::getenv("D3DVK_RASTER_KERNEL")) {
    const std::string_view v = e;
    SpanWalkerKernel cap = k;
    if (v == "scalar") cap = SpanWalkerKernel::Scalar;
    else if (v == "avx2") cap = SpanWalkerKernel::Avx2;
    if (cap < k) k = cap;
  }
  return k;
}

std::atomic<SpanWalkerKernel> gKernel{initialKernel()};

template <bool E2Lower, bool WithInner>
void walkSegment(EdgeStepper (&st)[3], i64 py, i64 yEnd, i64 xBegin, i64 xEnd, SpanRow* dst,
                 bool more) {
#if D3DVK_RASTER_AVX2
  const SpanWalkerKernel k = gKernel.load(std::memory_order_relaxed);
  if (k == SpanWalkerKernel::Avx512 && yEnd - py >= 4)
    return walkRowsAvx512<E2Lower, WithInner>(st, py, yEnd, xBegin, xEnd, dst, more);
  if (k >= SpanWalkerKernel::Avx2 && yEnd - py >= 6)
    return walkRowsAvx2<E2Lower, WithInner>(st, py, yEnd, xBegin, xEnd, dst, more);
#else
  (void)more;
#endif
  walkRows<E2Lower, WithInner>(st, py, yEnd, xBegin, xEnd, dst);
}

// Rows [yBegin, yEnd) into dst[0 .. yEnd - yBegin) in up to three segments:
// without inner, with inner for the rows [innerBegin, innerEnd), without again.
template <bool E2Lower>
void walkAllRows(EdgeStepper (&st)[3], i64 yBegin, i64 yEnd, i64 xBegin, i64 xEnd, i64 innerBegin,
                 i64 innerEnd, SpanRow* dst) {
  const i64 ib = std::clamp(innerBegin, yBegin, yEnd);
  const i64 ie = std::clamp(innerEnd, ib, yEnd);
  if (ib > yBegin) walkSegment<E2Lower, false>(st, yBegin, ib, xBegin, xEnd, dst, ib < yEnd);
  if (ie > ib) walkSegment<E2Lower, true>(st, ib, ie, xBegin, xEnd, dst + (ib - yBegin), ie < yEnd);
  if (yEnd > ie) walkSegment<E2Lower, false>(st, ie, yEnd, xBegin, xEnd, dst + (ie - yBegin), false);
}

}  // namespace

SpanWalkerKernel spanWalkerKernel() { return gKernel.load(std::memory_order_relaxed); }

bool setSpanWalkerKernel(SpanWalkerKernel k) {
  if (k > bestKernel()) return false;
  gKernel.store(k, std::memory_order_relaxed);
  return true;
}

std::string_view spanWalkerKernelName(SpanWalkerKernel k) {
  switch (k) {
    case SpanWalkerKernel::Scalar: return "scalar";
    case SpanWalkerKernel::Avx2: return "avx2";
    case SpanWalkerKernel::Avx512: return "avx512";
  }
  return "unknown";
}

std::string_view cullReasonName(CullReason r) {
  switch (r) {
    case CullReason::None: return "none";
    case CullReason::FrontFacing: return "front-facing";
    case CullReason::BackFacing: return "back-facing";
    case CullReason::Degenerate: return "degenerate";
    case CullReason::NotANumber: return "nan";
    case CullReason::Infinite: return "infinite";
    case CullReason::OutOfRange: return "out-of-range";
  }
  return "unknown";
}

std::string_view cullReasonMessage(CullReason r) {
  switch (r) {
    case CullReason::None: return "rasterized";
    case CullReason::FrontFacing: return "front-facing triangle culled (cull front)";
    case CullReason::BackFacing: return "back-facing triangle culled (cull back)";
    case CullReason::Degenerate: return "zero area after 16.8 snapping (standard mode culls it)";
    case CullReason::NotANumber: return "coordinate is NaN";
    case CullReason::Infinite: return "coordinate is infinite";
    case CullReason::OutOfRange: return "coordinate outside [-32768, 32768] pixels";
  }
  return "unknown";
}

RowSubSpans subSpans(const SpanRow& row, int y) {
  RowSubSpans s;
  auto add = [&](int b, int e, bool inner) {
    if (b < e) s.span[s.count++] = CoverageSpan{y, b, e, inner};
  };
  add(row.outerBegin, row.innerBegin, false);
  add(row.innerBegin, row.innerEnd, true);
  add(row.innerEnd, row.outerEnd, false);
  return s;
}

CullReason snapToFixed(float v, std::int32_t& fixed) {
  if (!(std::fabs(v) <= kMaxCoordinate)) {
    if (std::isnan(v)) return CullReason::NotANumber;
    if (std::isinf(v)) return CullReason::Infinite;
    return CullReason::OutOfRange;
  }
  fixed = snapInRange(v);
  return CullReason::None;
}

ClipRect effectiveClip(const ClipRect& c) {
  auto cl = [](std::int32_t v) { return std::clamp<std::int32_t>(v, 0, kMaxClipExtent); };
  return ClipRect{cl(c.left), cl(c.top), cl(c.right), cl(c.bottom)};
}

namespace {

// Everything after snapping, facing and culling. Exact: snapping moved no vertex
// and the triangle is not degenerate, so the float triangle is the snapped one
// and needs no uncertainty region (see rasterizer.h). A template so the usual
// (inexact) path carries none of the exact path's selects.
template <bool Exact>
TriangleCoverage rasterizeSnapped(const i64 (&x)[3], const i64 (&y)[3], i64 area2, bool conservative,
                                  const RasterizerDrawState& state, TriangleCoverage out, SpanRowArray& rows) {
  constexpr bool exact = Exact;
  const ClipRect clip = effectiveClip(state.clip);
  const i64 minX = std::min(x[0], std::min(x[1], x[2])), maxX = std::max(x[0], std::max(x[1], x[2]));
  const i64 minY = std::min(y[0], std::min(y[1], y[2])), maxY = std::max(y[0], std::max(y[1], y[2]));

  // Pixel bounding box: conservative pixels overlapping [min - 1/512, max + 1/512]
  // (integers, so closed [256p, 256p + 256] against [min, max]); standard: centres.
  // Exact: pixels overlapping [min, max], where a pixel touching a side of the box
  // touches the triangle only at the extreme vertex or axis-aligned edge there,
  // so the top-left rule decides: a right or bottom side never counts (right and
  // bottom edges are not top-left, and neither edge at a unique rightmost,
  // topmost or bottommost vertex is top-left together with the other); the top
  // side counts iff it is a top edge; the left side iff it is a left edge or its
  // unique vertex has two top-left edges.
  i64 xBegin, xEnd, yBegin, yEnd;
  if constexpr (exact) {
    const i64 sgn = area2 > 0 ? 1 : -1;
    auto vertexTopLeft = [&](int i) {  // both edges at vertex i are top-left
      const int j = (i + 1) % 3, h = (i + 2) % 3;
      return isTopLeft(sgn * (y[i] - y[j]), sgn * (x[j] - x[i])) &&
             isTopLeft(sgn * (y[h] - y[i]), sgn * (x[i] - x[h]));
    };
    const int atMinX = (x[0] == minX) + (x[1] == minX) + (x[2] == minX);
    const int atMinY = (y[0] == minY) + (y[1] == minY) + (y[2] == minY);
    const bool leftCounts =
        atMinX == 2 || vertexTopLeft(x[0] == minX ? 0 : (x[1] == minX ? 1 : 2));
    xBegin = leftCounts ? ceilDiv(minX, 256) - 1 : floorDiv(minX, 256);
    xEnd = ceilDiv(maxX, 256);
    yBegin = atMinY == 2 ? ceilDiv(minY, 256) - 1 : floorDiv(minY, 256);
    yEnd = ceilDiv(maxY, 256);
  } else if (conservative) {
    xBegin = ceilDiv(minX, 256) - 1;
    xEnd = floorDiv(maxX, 256) + 1;
    yBegin = ceilDiv(minY, 256) - 1;
    yEnd = floorDiv(maxY, 256) + 1;
  } else {
    xBegin = ceilDiv(minX - 128, 256);
    xEnd = floorDiv(maxX - 128, 256) + 1;
    yBegin = ceilDiv(minY - 128, 256);
    yEnd = floorDiv(maxY - 128, 256) + 1;
  }
  xBegin = std::max<i64>(xBegin, clip.left);
  xEnd = std::min<i64>(xEnd, clip.right);
  yBegin = std::max<i64>(yBegin, clip.top);
  yEnd = std::min<i64>(yEnd, clip.bottom);
  if (xBegin >= xEnd || yBegin >= yEnd) return out;

  // Half-planes.
  HalfPlane hp[3];
  for (auto& h : hp) h.active = false;
  const bool inner = conservative && !out.degenerate && state.tier == ConservativeTier::Tier3;
  if (!out.degenerate) {
    const i64 sgn = area2 > 0 ? 1 : -1;
    // Outer: pixel grown by 1/512 px (k = 257 S) or, exact, the pixel itself.
    const i64 kMul = conservative ? 257 - static_cast<i64>(exact) : 0;
    for (int i = 0; i < 3; ++i) {
      const int j = (i + 1) % 3;
      const i64 A = sgn * (y[i] - y[j]);
      const i64 B = sgn * (x[j] - x[i]);
      const i64 S = (A < 0 ? -A : A) + (B < 0 ? -B : B);
      hp[i] = makeHalfPlane(A, B, x[i], y[i], kMul * S, exact);
    }
  } else {
    // Collinear: the band around the line through the longest edge (both sides);
    // a point has no edge constraint left, only its box.
    int best = -1;
    i64 bestS = 0;
    for (int i = 0; i < 3; ++i) {
      const int j = (i + 1) % 3;
      const i64 S = std::abs(x[j] - x[i]) + std::abs(y[j] - y[i]);
      if (S > bestS) {
        bestS = S;
        best = i;
      }
    }
    if (best >= 0) {
      const int j = (best + 1) % 3;
      const i64 A = y[best] - y[j];
      const i64 B = x[j] - x[best];
      hp[0] = makeHalfPlane(A, B, x[best], y[best], 257 * bestS);
      hp[1] = makeHalfPlane(-A, -B, x[best], y[best], 257 * bestS);
    }
  }

  // Row ranges from edges with a vertical normal (they do not depend on px).
  i64 innerBegin = inner ? yBegin : 0, innerEnd = inner ? yEnd : 0;
  for (const HalfPlane& h : hp) {
    if (!h.active || h.A != 0) continue;
    flatRowRange(h, h.k, h.t, yBegin, yEnd);
    if (inner) flatRowRange(h, -h.k, h.ti, innerBegin, innerEnd);
  }
  if (yBegin >= yEnd) return out;

  // Order the steppers: slot 0 a lower bound, slot 1 an upper bound, slot 2 the
  // remaining one (a triangle always has both kinds; unused slots are disabled).
  EdgeStepper st[3];
  for (auto& e : st) disableStepper(e);
  bool slot2Lower = true;
  {
    int lowers = 0, uppers = 0;
    for (const HalfPlane& h : hp) {
      if (!h.active || h.A == 0) continue;
      int slot;
      if (h.A > 0) {
        slot = lowers++ == 0 ? 0 : 2;
        if (slot == 2) slot2Lower = true;
      } else {
        slot = uppers++ == 0 ? 1 : 2;
        if (slot == 2) slot2Lower = false;
      }
      // Inner: K' = -k, t' = ti, so N_inner = N_outer + 2k - t + ti.
      setupStepper(st[slot], h, yBegin, inner ? 2 * h.k - h.t + h.ti : 0);
    }
  }

  const std::size_t base = rows.size();
  const i64 count = yEnd - yBegin;
  rows.resize(base + static_cast<std::size_t>(count) + 7);  // +7: SIMD walker slack
  SpanRow* dst = rows.data() + base;
  if (slot2Lower)
    walkAllRows<true>(st, yBegin, yEnd, xBegin, xEnd, innerBegin, innerEnd, dst);
  else
    walkAllRows<false>(st, yBegin, yEnd, xBegin, xEnd, innerBegin, innerEnd, dst);
  // Trim empty rows at both ends (clipping or ties can empty them).
  std::size_t first = 0, last = static_cast<std::size_t>(count);
  while (first < last && dst[first].empty()) ++first;
  while (last > first && dst[last - 1].empty()) --last;
  if (first > 0 && last > first) std::memmove(dst, dst + first, (last - first) * sizeof(SpanRow));
  rows.resize(base + (last - first));
  out.rowCount = static_cast<std::uint32_t>(last - first);
  out.firstY = static_cast<std::uint16_t>(last > first ? yBegin + static_cast<i64>(first) : 0);
  return out;
}

}  // namespace

TriangleCoverage rasterizeTriangle(const ScreenTriangle& tri, const RasterizerDrawState& state,
                                   SpanRowArray& rows) {
  TriangleCoverage out;
  out.firstRow = static_cast<std::uint32_t>(rows.size());

  i64 x[3], y[3];
  bool onGrid = false;
  if (!snapTriangle(tri, x, y, onGrid)) {
    std::int32_t dummy = 0;
    for (const ScreenVertex& v : tri.v) {
      for (float c : {v.x, v.y}) {
        const CullReason r = snapToFixed(c, dummy);
        if (r != CullReason::None) {
          out.cull = r;
          return out;
        }
      }
    }
    out.cull = CullReason::OutOfRange;  // not reached: the range test above is the same
    return out;
  }

  // Winding, y down: area2 > 0 is clockwise on screen.
  const i64 area2 = (x[1] - x[0]) * (y[2] - y[0]) - (y[1] - y[0]) * (x[2] - x[0]);
  const bool conservative = state.mode == RasterMode::Conservative;
  out.degenerate = area2 == 0;
  if (out.degenerate) {
    out.frontFacing = false;
    if (!conservative) {
      out.cull = CullReason::Degenerate;
      return out;
    }
  } else {
    const bool clockwise = area2 > 0;
    out.frontFacing = clockwise != state.frontCounterClockwise;
  }
  if (state.cull == CullMode::Back && !out.frontFacing) {
    out.cull = CullReason::BackFacing;
    return out;
  }
  if (state.cull == CullMode::Front && out.frontFacing) {
    out.cull = CullReason::FrontFacing;
    return out;
  }

  if (conservative && onGrid && !out.degenerate)
    return rasterizeSnapped<true>(x, y, area2, conservative, state, out, rows);
  return rasterizeSnapped<false>(x, y, area2, conservative, state, out, rows);
}

void rasterizeTriangles(std::span<const ScreenTriangle> tris, const RasterizerDrawState& state,
                        RasterOutput& out, unsigned threads) {
  out.clear();
  const std::size_t n = tris.size();
  out.triangles.resize(n);
  auto runChunk = [&state](std::span<const ScreenTriangle> chunk, TriangleCoverage* dstTris,
                           SpanRowArray& rows) {
    for (std::size_t i = 0; i < chunk.size(); ++i)
      dstTris[i] = rasterizeTriangle(chunk[i], state, rows);
  };
  constexpr std::size_t kMinChunk = 32;
  if (threads <= 1 || n < 2 * kMinChunk) {
    runChunk(tris, out.triangles.data(), out.rows);
    return;
  }
  const std::size_t chunks = std::min<std::size_t>(threads, n / kMinChunk);
  std::vector<SpanRowArray>& localRows = out.threadScratch;
  if (localRows.size() < chunks - 1) localRows.resize(chunks - 1);
  for (std::size_t c = 0; c + 1 < chunks; ++c) localRows[c].clear();
  std::vector<std::thread> workers;
  workers.reserve(chunks - 1);
  auto chunkBegin = [&](std::size_t c) { return n * c / chunks; };
  auto runChunkIndex = [&](std::size_t c) {
    const std::size_t b = chunkBegin(c), e = chunkBegin(c + 1);
    runChunk(tris.subspan(b, e - b), out.triangles.data() + b, localRows[c - 1]);
  };
  std::size_t started = 1;  // chunks [1, started) run on their own thread
  for (; started < chunks; ++started) {
    try {
      workers.emplace_back(runChunkIndex, started);
    } catch (const std::system_error&) {
      break;  // no more threads available: the calling thread does the rest
    }
  }
  runChunk(tris.subspan(0, chunkBegin(1)), out.triangles.data(), out.rows);
  for (std::size_t c = started; c < chunks; ++c) runChunkIndex(c);
  for (auto& w : workers) w.join();
  std::size_t total = out.rows.size();
  for (std::size_t c = 1; c < chunks; ++c) total += localRows[c - 1].size();
  out.rows.reserve(total);
  for (std::size_t c = 1; c < chunks; ++c) {
    const auto offset = static_cast<std::uint32_t>(out.rows.size());
    const SpanRowArray& lr = localRows[c - 1];
    out.rows.resize(offset + lr.size());
    std::copy(lr.begin(), lr.end(), out.rows.begin() + offset);
    for (std::size_t i = chunkBegin(c); i < chunkBegin(c + 1); ++i)
      out.triangles[i].firstRow += offset;
  }
}

}  // namespace d3dvk::raster
