// d3dvk tests/raster: an independent, exact, per-pixel reference for the CPU
// rasterizer, written from the spec's definitions (not from translate/raster's
// code): every geometric question is a separating-axis test on projection
// intervals, or an orientation test, in 128-bit integers at 2^20 units per pixel.
// Test inputs are floats that are multiples of 2^-20 px, so they are exact here.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <utility>

namespace raster_ref {

__extension__ typedef __int128 i128;  // GCC/Clang 128-bit integer
using i64 = std::int64_t;

constexpr i64 kUnit = i64{1} << 20;      // reference units per pixel
constexpr i64 kSnapStep = kUnit / 256;   // one 16.8 step
constexpr i64 kHalfSnap = kSnapStep / 2;  // 1/512 px

struct Pt {
  i128 x, y;
};

// Exact value of a test float in reference units; ok=false if it is not a
// multiple of 2^-20 (the generators never produce such floats).
inline i128 toUnits(float v, bool& ok) {
  const double d = static_cast<double>(v) * static_cast<double>(kUnit);
  ok = ok && std::isfinite(d) && d == std::floor(d);
  return static_cast<i128>(static_cast<i64>(d));
}

// 16.8 snapping by integer division with an explicit half-to-even rule.
inline i128 snapUnits(i128 v) {
  i128 q = v / kSnapStep, r = v % kSnapStep;
  if (r < 0) {
    r += kSnapStep;
    q -= 1;
  }
  if (r > kHalfSnap || (r == kHalfSnap && (q % 2 != 0))) q += 1;
  return q * kSnapStep;
}

inline i128 cross(const Pt& o, const Pt& a, const Pt& b) {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

// Shoelace sum (twice the signed area). With y pointing down, > 0 is clockwise
// on screen.
inline i128 shoelace(const Pt (&t)[3]) {
  i128 s = 0;
  for (int i = 0; i < 3; ++i) {
    const Pt& a = t[i];
    const Pt& b = t[(i + 1) % 3];
    s += a.x * b.y - b.x * a.y;
  }
  return s;
}

struct Interval {
  i128 lo, hi;
};

inline Interval project(const Pt* pts, int n, i128 nx, i128 ny) {
  Interval r{nx * pts[0].x + ny * pts[0].y, nx * pts[0].x + ny * pts[0].y};
  for (int i = 1; i < n; ++i) {
    const i128 p = nx * pts[i].x + ny * pts[i].y;
    r.lo = std::min(r.lo, p);
    r.hi = std::max(r.hi, p);
  }
  return r;
}

inline i128 absI(i128 v) { return v < 0 ? -v : v; }

// The pixel (px, py) as a polygon in reference units.
struct PixelSquare {
  Pt c[4];
  PixelSquare(i64 px, i64 py) {
    const i128 x0 = i128(px) * kUnit, y0 = i128(py) * kUnit;
    c[0] = {x0, y0};
    c[1] = {x0 + kUnit, y0};
    c[2] = {x0, y0 + kUnit};
    c[3] = {x0 + kUnit, y0 + kUnit};
  }
};

// Does the pixel meet the triangle t grown by an axis-aligned square of half-size
// `grow` (Minkowski sum)? Candidate separating axes: x, y and the triangle's edge
// normals (zero-length edges contribute none). strict=true asks whether the open
// pixel meets the interior (intervals must overlap with positive length);
// strict=false whether the closed sets meet.
inline bool pixelMeetsGrownTriangle(const Pt (&t)[3], i64 px, i64 py, i128 grow, bool strict) {
  const PixelSquare sq(px, py);
  i128 axes[5][2] = {{1, 0}, {0, 1}, {0, 0}, {0, 0}, {0, 0}};
  for (int i = 0; i < 3; ++i) {
    const Pt& a = t[i];
    const Pt& b = t[(i + 1) % 3];
    axes[2 + i][0] = -(b.y - a.y);
    axes[2 + i][1] = b.x - a.x;
  }
  for (auto& ax : axes) {
    if (ax[0] == 0 && ax[1] == 0) continue;
    Interval ti = project(t, 3, ax[0], ax[1]);
    const i128 g = grow * (absI(ax[0]) + absI(ax[1]));
    ti.lo -= g;
    ti.hi += g;
    const Interval pi = project(sq.c, 4, ax[0], ax[1]);
    const bool overlap = strict ? (pi.hi > ti.lo && ti.hi > pi.lo) : (pi.hi >= ti.lo && ti.hi >= pi.lo);
    if (!overlap) return false;
  }
  return true;
}

// The same test with the triangle's axes and projections computed once
// (TriangleAxes), and the pixel's projection on an axis (nx, ny) taken directly:
// [n.p0 + min(nx,0)U + min(ny,0)U, that + (|nx| + |ny|)U] for its corner p0.
struct TriangleAxes {
  i128 axis[5][2];
  Interval proj[5];
  int n = 0;
  explicit TriangleAxes(const Pt (&t)[3]) {
    const i128 basis[2][2] = {{1, 0}, {0, 1}};
    for (const auto& ax : basis) axis[n][0] = ax[0], axis[n][1] = ax[1], ++n;
    for (int i = 0; i < 3; ++i) {
      const Pt& a = t[i];
      const Pt& b = t[(i + 1) % 3];
      if (a.x == b.x && a.y == b.y) continue;
      axis[n][0] = -(b.y - a.y), axis[n][1] = b.x - a.x, ++n;
    }
    for (int k = 0; k < n; ++k) proj[k] = project(t, 3, axis[k][0], axis[k][1]);
  }
};

inline bool pixelMeetsGrownTriangle(const TriangleAxes& ta, i64 px, i64 py, i128 grow, bool strict) {
  const i128 x0 = i128(px) * kUnit, y0 = i128(py) * kUnit;
  for (int k = 0; k < ta.n; ++k) {
    const i128 nx = ta.axis[k][0], ny = ta.axis[k][1], l1 = absI(nx) + absI(ny);
    const i128 plo = nx * x0 + ny * y0 + (nx < 0 ? nx : 0) * kUnit + (ny < 0 ? ny : 0) * kUnit;
    const i128 phi = plo + l1 * kUnit;
    const i128 tlo = ta.proj[k].lo - grow * l1, thi = ta.proj[k].hi + grow * l1;
    if (strict ? !(phi > tlo && thi > plo) : !(phi >= tlo && thi >= plo)) return false;
  }
  return true;
}

// Is the closed pixel grown by `grow` on every side inside the closed triangle?
// (A convex set contains a square iff it contains its corners.) Zero-area
// triangles contain nothing.
inline bool grownPixelInsideTriangle(const Pt (&t)[3], i64 px, i64 py, i128 grow) {
  const i128 area = cross(t[0], t[1], t[2]);
  if (area == 0) return false;
  const i128 x0 = i128(px) * kUnit - grow, y0 = i128(py) * kUnit - grow;
  const i128 x1 = i128(px + 1) * kUnit + grow, y1 = i128(py + 1) * kUnit + grow;
  for (const Pt& p : {Pt{x0, y0}, Pt{x1, y0}, Pt{x0, y1}, Pt{x1, y1}}) {
    for (int i = 0; i < 3; ++i) {
      const i128 s = cross(t[i], t[(i + 1) % 3], p);
      if ((area > 0 && s < 0) || (area < 0 && s > 0)) return false;
    }
  }
  return true;
}

// D3D top-left rule by its geometric definition: a top edge is exactly horizontal
// with the rest of the triangle below it (y down); a left edge is not horizontal
// and the triangle lies to its right.
inline bool isTopOrLeftEdge(const Pt& a, const Pt& b, const Pt& other) {
  if (a.y == b.y) return other.y > a.y;
  // x of the edge line at height other.y, compared with other.x, without dividing:
  // other.x > a.x + (other.y - a.y)(b.x - a.x)/(b.y - a.y)
  const i128 lhs = (other.x - a.x) * (b.y - a.y);
  const i128 rhs = (other.y - a.y) * (b.x - a.x);
  return (b.y - a.y) > 0 ? lhs > rhs : lhs < rhs;
}

// Standard rasterization: is the pixel centre inside the (non-degenerate) snapped
// triangle, with samples exactly on an edge decided by the top-left rule?
inline bool centreCovered(const Pt (&t)[3], i64 px, i64 py) {
  const Pt c{i128(px) * kUnit + kUnit / 2, i128(py) * kUnit + kUnit / 2};
  for (int i = 0; i < 3; ++i) {
    const Pt& a = t[i];
    const Pt& b = t[(i + 1) % 3];
    const Pt& o = t[(i + 2) % 3];
    const i128 sc = cross(a, b, c), so = cross(a, b, o);
    if (sc == 0) {
      if (!isTopOrLeftEdge(a, b, o)) return false;
    } else if ((sc > 0) != (so > 0)) {
      return false;
    }
  }
  return true;
}

// ---------------------------------------------------------------------------
// Half-open regions: the exactness contract of conservative mode.
//
// A conservative pixel is covered iff the closed pixel square contains a point
// that the D3D sample rule counts as inside the region: a point of its interior,
// of the relative interior of a top-left boundary edge, or a vertex whose two
// edges are both top-left. The region is the snapped triangle itself when
// snapping moved no vertex (exact input), otherwise the snapped triangle (or
// segment, or point) grown by the 1/512 px square. Written from that definition:
// a convex hull, then interior overlap, open-segment/box and point/box tests.

struct Poly {
  Pt v[12];
  bool topLeft[12];  // edge v[i] -> v[i+1]
  int n = 0;
  // Candidate separating axes (x, y, edge normals) and the polygon's projection
  // on each, computed once.
  i128 axis[14][2];
  Interval proj[14];
  int axes = 0;
};

// Convex hull (Andrew's monotone chain, collinear points dropped) of the
// triangle's vertices moved by (+-grow, +-grow); for grow = 0, of the vertices.
// Top-left flags by the geometric definition (isTopOrLeftEdge) against another
// hull vertex off the edge's line.
inline Poly regionPolygon(const Pt (&t)[3], i128 grow) {
  Pt pts[12];
  int m = 0;
  for (const Pt& p : t) {
    if (grow == 0) {
      pts[m++] = p;
      continue;
    }
    for (int sx = -1; sx <= 1; sx += 2)
      for (int sy = -1; sy <= 1; sy += 2) pts[m++] = Pt{p.x + sx * grow, p.y + sy * grow};
  }
  for (int i = 1; i < m; ++i)  // insertion sort by (x, y)
    for (int j = i; j > 0 && (pts[j].x < pts[j - 1].x || (pts[j].x == pts[j - 1].x && pts[j].y < pts[j - 1].y)); --j)
      std::swap(pts[j], pts[j - 1]);
  Pt h[26];
  int k = 0;
  for (int i = 0; i < m; ++i) {  // lower chain
    while (k >= 2 && cross(h[k - 2], h[k - 1], pts[i]) <= 0) --k;
    h[k++] = pts[i];
  }
  for (int i = m - 2, lo = k + 1; i >= 0; --i) {  // upper chain
    while (k >= lo && cross(h[k - 2], h[k - 1], pts[i]) <= 0) --k;
    h[k++] = pts[i];
  }
  Poly poly;
  poly.n = std::max(1, k - 1);  // the last point repeats the first
  for (int i = 0; i < poly.n; ++i) poly.v[i] = h[i];
  const i128 basis[2][2] = {{1, 0}, {0, 1}};
  for (const auto& ax : basis) {
    poly.axis[poly.axes][0] = ax[0], poly.axis[poly.axes][1] = ax[1];
    poly.proj[poly.axes] = project(poly.v, poly.n, ax[0], ax[1]);
    ++poly.axes;
  }
  for (int i = 0; i < poly.n; ++i) {
    const Pt& a = poly.v[i];
    const Pt& b = poly.v[(i + 1) % poly.n];
    if (poly.n >= 3) {
      poly.axis[poly.axes][0] = -(b.y - a.y), poly.axis[poly.axes][1] = b.x - a.x;
      poly.proj[poly.axes] = project(poly.v, poly.n, poly.axis[poly.axes][0], poly.axis[poly.axes][1]);
      ++poly.axes;
    }
    poly.topLeft[i] = false;
    for (int j = 0; j < poly.n; ++j)
      if (cross(a, b, poly.v[j]) != 0) {
        poly.topLeft[i] = isTopOrLeftEdge(a, b, poly.v[j]);
        break;
      }
  }
  return poly;
}

// Do the open pixel and the polygon's interior meet? (Separating axes: x, y and
// the polygon's edge normals; overlap of positive length on every axis.)
inline bool pixelMeetsPolygonInterior(const Poly& poly, i64 px, i64 py) {
  if (poly.n < 3) return false;
  const PixelSquare sq(px, py);
  for (int k = 0; k < poly.axes; ++k) {
    const Interval& a = poly.proj[k];
    const Interval b = project(sq.c, 4, poly.axis[k][0], poly.axis[k][1]);
    if (!(a.hi > b.lo && b.hi > a.lo)) return false;
  }
  return true;
}

// Does the open segment (a, b) meet the closed box [x0, x1] x [y0, y1]? The
// parameter t of a + t(b - a) must satisfy 0 < t < 1 and the box's closed bounds;
// bounds are fractions num/den (den > 0) compared by cross-multiplication.
inline bool openSegmentMeetsBox(const Pt& a, const Pt& b, i128 x0, i128 y0, i128 x1, i128 y1) {
  struct Bound {
    i128 num, den;
    bool open;
  };
  Bound lower[3] = {{0, 1, true}}, upper[3] = {{1, 1, true}};
  int nl = 1, nu = 1;
  const i128 as[2] = {a.x, a.y}, ds[2] = {b.x - a.x, b.y - a.y}, lo[2] = {x0, y0}, hi[2] = {x1, y1};
  for (int k = 0; k < 2; ++k) {
    if (ds[k] == 0) {
      if (as[k] < lo[k] || as[k] > hi[k]) return false;
    } else if (ds[k] > 0) {
      lower[nl++] = {lo[k] - as[k], ds[k], false};
      upper[nu++] = {hi[k] - as[k], ds[k], false};
    } else {
      lower[nl++] = {as[k] - hi[k], -ds[k], false};
      upper[nu++] = {as[k] - lo[k], -ds[k], false};
    }
  }
  for (int i = 0; i < nl; ++i)
    for (int j = 0; j < nu; ++j) {
      const i128 l = lower[i].num * upper[j].den, u = upper[j].num * lower[i].den;
      if (l > u || (l == u && (lower[i].open || upper[j].open))) return false;
    }
  return true;
}

// The contract's outer test: does the closed pixel contain a point of the
// half-open region (interior, open top-left edges, vertices with two top-left
// edges)?
inline bool pixelMeetsHalfOpenRegion(const Poly& poly, i64 px, i64 py) {
  if (pixelMeetsPolygonInterior(poly, px, py)) return true;
  const i128 x0 = i128(px) * kUnit, y0 = i128(py) * kUnit, x1 = x0 + kUnit, y1 = y0 + kUnit;
  for (int i = 0; i < poly.n; ++i) {
    const Pt& a = poly.v[i];
    const Pt& b = poly.v[(i + 1) % poly.n];
    if (poly.topLeft[i] && openSegmentMeetsBox(a, b, x0, y0, x1, y1)) return true;
    const bool vertexIn = poly.topLeft[i] && poly.topLeft[(i + poly.n - 1) % poly.n];
    if (vertexIn && a.x >= x0 && a.x <= x1 && a.y >= y0 && a.y <= y1) return true;
  }
  return false;
}

// The contract's inner test for exact input: is every point of the closed pixel
// inside the triangle by the sample rule (strictly inside each edge, or on it
// and the edge is top-left)? Convex, so checking the four corners suffices.
inline bool pixelInsideHalfOpenTriangle(const Pt (&t)[3], i64 px, i64 py) {
  const i128 area = cross(t[0], t[1], t[2]);
  if (area == 0) return false;
  const i128 x0 = i128(px) * kUnit, y0 = i128(py) * kUnit;
  for (const Pt& p : {Pt{x0, y0}, Pt{x0 + kUnit, y0}, Pt{x0, y0 + kUnit}, Pt{x0 + kUnit, y0 + kUnit}}) {
    for (int i = 0; i < 3; ++i) {
      const Pt& a = t[i];
      const Pt& b = t[(i + 1) % 3];
      const i128 s = cross(a, b, p);
      if (s == 0 ? !isTopOrLeftEdge(a, b, t[(i + 2) % 3]) : ((s > 0) != (area > 0))) return false;
    }
  }
  return true;
}

}  // namespace raster_ref
