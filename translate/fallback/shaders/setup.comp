// translate/fallback/shaders/setup.comp — the GPU conservative fallback's setup
// passes: per captured triangle (three transform-feedback vertices
// in primitive order) → one FallbackRecord (exact coverage data) and
// kCornersPerRecord FallbackCorner (the candidate triangle, with attribute
// weights). The layouts and
// the meaning of every field are in ../gpu_layout.h; the coverage rules are
// translate/raster's (raster/rasterizer.h), which this reproduces exactly:
// clipping (w ≥ kMinClipW, 0 ≤ z ≤ w per DepthClipEnable, the guard band of
// ../guard_band.h: on the screen where the triangle's projective map is
// invertible, else in homogeneous space), divide and viewport (in double where
// REAL_IS_DOUBLE), 16.8 snapping
// (round to nearest, ties to even), facing and culling from the snapped
// winding, post-snap degenerates (back-facing, vertex 0's attributes), the
// exact-input rule, integer edge equations and the pixel box. A clipped
// triangle is one polygon record: the convex hull of its snapped vertices,
// whose edges the pixel shader tests together.
//
// Two passes share this source. SETUP_TRIAGE (the first, one invocation per
// slot) sets up in straight-line code every triangle that needs no clipping
// and stays a triangle after snapping (most of them), and defers the others:
// it appends their slots to Deferred and grows the indirect dispatch in
// FallbackDrawArgs. SETUP_DEFERRED (the second, dispatched indirectly) runs the
// full setup over the deferred slots. (llvmpipe runs a workgroup's lanes as
// masked SIMD: a single pass paid for every branch of clipping and hull code
// on every triangle.) For the same reason the triage's arrays are indexed by
// constants only, every output is stored from one place (main), in 64-bit
// words, and no workgroup barrier is used (see main).
// Compiled four times by CMake: each pass with REAL_IS_DOUBLE (devices with
// shaderFloat64) and without.
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

#ifdef REAL_IS_DOUBLE
#define real double
#define real2 dvec2
#define real3 dvec3
#define real4 dvec4
#else
#define real float
#define real2 vec2
#define real3 vec3
#define real4 vec4
#endif

layout(local_size_x = 64) in;

const uint kMaxEdges = 10u;
const uint kRecordWords = 60u;
const uint kRecordEdgesWord = 16u;
const uint kRecordsOffsetWords = 64u;
const uint kCornerWords = 6u;
const uint kCornersPerRecord = 3u;
const uint kMaxPolygon = 10u;

const uint kRecordFrontFacing = 1u << 0;
const uint kRecordDegenerate = 1u << 1;
const uint kRecordExact = 1u << 2;
const uint kRecordInner = 1u << 3;
const uint kRecordStandard = 1u << 4;
const uint kRecordEdgeCountShift = 8u;
const uint kRecordRejected = 1u << 16;
const uint kRecordCulled = 1u << 17;
const uint kRecordClippedAway = 1u << 18;
const uint kRecordClipped = 1u << 19;
const uint kRecordEmpty = 1u << 20;
const uint kRecordFast = 1u << 21;

const uint kSetupConservative = 1u << 0;
const uint kSetupDepthClip = 1u << 1;
const uint kSetupCullFront = 1u << 2;
const uint kSetupCullBack = 1u << 3;
const uint kSetupFrontCounterClockwise = 1u << 4;
const uint kSetupScreenInput = 1u << 5;
const uint kSetupFullPixels = 1u << 6;
const uint kSetupInner = 1u << 7;
const uint kSetupCountStatistics = 1u << 8;

const uint kNoPrimitiveIdWord = 0xFFFFFFFFu;  // gpu_layout.h

const real kMinClipW = real(1.0 / 1048576.0);  // guard_band.h kMinClipW (a power of two: exact in float too)

layout(std430, set = 0, binding = 0) readonly buffer Captured { uint captured[]; };
// The same buffer by register (16-byte aligned: the capture's stride and SV_Position's offset are whole registers).
// 64-bit words throughout below: llvmpipe loads and stores per-lane addresses one
// component at a time, so a register is two components, not four.
layout(std430, set = 0, binding = 0) readonly buffer CapturedRegisters { u64vec2 capturedRegisters[]; };
layout(std430, set = 0, binding = 1) readonly buffer Counter { uint capturedBytes; };
// Records by 4 words (records and their fields are 16-byte aligned), corners by 2 floats (a corner is 6).
layout(std430, set = 0, binding = 2) writeonly buffer Records { u64vec2 records[]; };
layout(std430, set = 0, binding = 3) writeonly buffer Corners { uint64_t corners[]; };
layout(std430, set = 0, binding = 4) buffer Statistics { uint statistics[]; };
// FallbackDrawArgs: [0] the flat-only draw's vertex count, [4] the exact
// draw's, [8..10] the deferred pass's dispatch, [11] the deferred slots.
layout(std430, set = 0, binding = 5) buffer DrawArgs { uint drawArgs[]; };
layout(std430, set = 0, binding = 6) buffer Deferred { uint deferred[]; };

layout(push_constant, std430) uniform SetupParams {
  float viewportX, viewportY, viewportWidth, viewportHeight;
  int clipLeft, clipTop, clipRight, clipBottom;
  float guardX, guardY;
  float drawWidth, drawHeight;
  uint flags;
  uint strideWords;
  uint positionWord;
  uint slots;
  uint instances;
  uint firstTriangle;
  uint primitiveIdBase;
  uint primitiveIdWord;
  uint cullCount;
  uint cullWords[2];
  float drawX, drawY;
} params;

// ⌊n / 256⌋ and ⌈n / 256⌉ (whole pixels of a 16.8 coordinate): an arithmetic shift floors.
int64_t floorPixel(int64_t n) { return n >> 8; }
int64_t ceilPixel(int64_t n) { return -((-n) >> 8); }

bool isTopLeft(int64_t a, int64_t b) { return a > 0 || (a == 0 && b > 0); }

// translate/raster's snapToFixed for |v| ≤ 32768: v·256 rounded to nearest, ties to even.
int snapInRange(float v, out bool onGrid) {
  precise float f = v * 256.0;
  int i = int(f);
  if (f < float(i)) i -= 1;
  precise float frac = f - float(i);
  onGrid = frac == 0.0;
  if (frac > 0.5 || (frac == 0.5 && (i & 1) != 0)) i += 1;
  return i;
}

bool finite4(vec4 p) {
  return !any(isnan(p)) && !any(isinf(p));
}

vec4 loadPosition(uint triangle, uint vertex) {
  uint base = ((params.firstTriangle + triangle) * 3u + vertex) * params.strideWords + params.positionWord;
  const u64vec2 r = capturedRegisters[base / 4u];
  return uintBitsToFloat(uvec4(unpackUint2x32(r.x), unpackUint2x32(r.y)));
}

// Whether a clip position c (x, y, z finite) lies inside the planes a·(x, y, z, w) ≥ 0 below
// (w ≥ kMinClipW, 0 ≤ z ≤ w with depth clipping, the guard band), each distance rounded
// as a·c summed in order would be (a's zero terms add nothing): one test per plane, no
// array of planes (llvmpipe keeps a dynamically indexed array in memory, lane by lane).
bool insideClipPlanes(real4 c, real gx, real gy) {
  bool inside = c.w - real(kMinClipW) >= 0;
  if ((params.flags & kSetupDepthClip) != 0u) inside = inside && c.z >= 0 && c.w - c.z >= 0;
  precise real gxw = gx * c.w, gyw = gy * c.w;
  precise real left = gxw - c.x, right = gxw + c.x, top = gyw - c.y, bottom = gyw + c.y;
  return inside && left >= 0 && right >= 0 && top >= 0 && bottom >= 0;
}

// Σ weights·p
real4 interpolate(real4 p[3], real3 w) { return w.x * p[0] + w.y * p[1] + w.z * p[2]; }

int64_t edgeA[kMaxEdges], edgeB[kMaxEdges], edgeC[kMaxEdges];  // this invocation's edges

// The slot's record header and corners, set by setup() and stored once by main():
// llvmpipe runs every branch of a workgroup's lanes under a mask and every store with
// per-lane addresses as a loop over the lanes, so each store site costs every
// triangle, taken or not. (The edges are stored where they are made: one site each.)
uvec4 outHeader[4];
vec2 outCorners[kCornersPerRecord * (kCornerWords / 2u)];
bool outDeferred;  // triage: left to the deferred pass, which writes the record
bool outExact;     // a drawn record the flat path cannot decide: the draw pass runs its exact draw

#ifdef SETUP_TRIAGE
// Leaves a slot to the deferred pass (which counts it for the statistics).
#define DEFER()          \
  {                      \
    outDeferred = true;  \
    return false;        \
  }
#endif

void writeEdge(uint base, uint i, int a, int b, int64_t c) {
  edgeA[i] = int64_t(a);
  edgeB[i] = int64_t(b);
  edgeC[i] = c;
  records[(base + kRecordEdgesWord) / 4u + i] = u64vec2(packUint2x32(uvec2(a, b)), uint64_t(c));
}

// Whether a pixel position lies in the draw pass's viewport (nothing there is clipped).
bool insideDrawViewport(vec2 pixel) {
  const vec2 origin = vec2(params.drawX, params.drawY), size = vec2(params.drawWidth, params.drawHeight);
  return all(greaterThanEqual(pixel, origin)) && all(lessThanEqual(pixel, origin + size));
}

// z: the captured vertices' clip z (z/w there = Σ u·z).
void setCorner(uint corner, vec2 pixel, real3 u, real3 z) {
  const uint c = corner * (kCornerWords / 2u);
  const vec2 origin = vec2(params.drawX, params.drawY), size = vec2(params.drawWidth, params.drawHeight);
  outCorners[c] = 2.0 * (pixel - origin) / size - 1.0;  // exact for a 1/16-grid pixel and a power-of-two size
  outCorners[c + 1u] = vec2(float(dot(u, z)), float(u.x));
  outCorners[c + 2u] = vec2(float(u.y), float(u.z));
}

// Words 0..15 (gpu_layout.h FallbackRecord): index, flags, primitive id,
// 1/w guard, box origin and size, and the flat path's words 6..15 (zeros but for a kRecordFast record).
void setHeader(uint flags, uint primitiveId, float minInverseW, uint boxOrigin, uint boxSize, uint flatWords[10]) {
  outHeader[0] = uvec4(0u, flags, primitiveId, floatBitsToUint(minInverseW));
  outHeader[1] = uvec4(boxOrigin, boxSize, flatWords[0], flatWords[1]);
  outHeader[2] = uvec4(flatWords[2], flatWords[3], flatWords[4], flatWords[5]);
  outHeader[3] = uvec4(flatWords[6], flatWords[7], flatWords[8], flatWords[9]);
}

void setNothing(uint flags, uint primitiveId) {
  const uint noFlat[10] = uint[10](0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u);
  setHeader(flags, primitiveId, 1.0, 0u, 0u, noFlat);
  // A point at the target's corner, inside the draw pass's viewport: no pixels, and no vertex
  // to clip (llvmpipe runs every batch of vertices with one to clip through its slower path).
  for (uint c = 0u; c < kCornersPerRecord; ++c) setCorner(c, vec2(0.0), real3(0), real3(0));
}

// Whether triangle q holds the convex polygon v[0..h) dilated by `margin` along
// both axes: no v[j] nearer an edge of q than margin · (|n.x| + |n.y|) (n its normal).
bool holdsDilatedHull(vec2 q[3], vec2 v[kMaxPolygon], uint h, float margin) {
  const float orientation = (q[1].x - q[0].x) * (q[2].y - q[0].y) - (q[2].x - q[0].x) * (q[1].y - q[0].y);
  if (!(abs(orientation) > 0.0)) return false;
  for (uint k = 0u; k < 3u; ++k) {
    const vec2 e = q[(k + 1u) % 3u] - q[k];
    const vec2 n = (orientation > 0.0 ? 1.0 : -1.0) * vec2(-e.y, e.x);  // inward
    for (uint j = 0u; j < h; ++j)
      if (!(dot(n, v[j] - q[k]) >= margin * (abs(n.x) + abs(n.y)))) return false;
  }
  return true;
}

// Returns whether the triangle counts as a clipper output primitive.
bool setup(uint slot) {
  const uint base = kRecordsOffsetWords + slot * kRecordWords;
  const uint stride = max(params.strideWords, 1u);
  const uint capturedTriangles = capturedBytes / (12u * stride);
  if (params.firstTriangle + slot >= capturedTriangles) {
    setNothing(kRecordEmpty, 0u);
    return false;
  }
  const uint triangle = params.firstTriangle + slot;
  const uint perInstance = max(capturedTriangles / max(params.instances, 1u), 1u);
  // SV_PrimitiveID: the triangle's number in its instance, or what a geometry
  // shader wrote (its first vertex's captured word).
  const uint primitiveId = params.primitiveIdWord != kNoPrimitiveIdWord
                               ? captured[triangle * 3u * stride + params.primitiveIdWord]
                               : params.primitiveIdBase + triangle % perInstance;
  const bool conservative = (params.flags & kSetupConservative) != 0u;

  vec4 position[3];
  for (uint j = 0u; j < 3u; ++j) position[j] = loadPosition(slot, j);
  // SV_CullDistance: every vertex negative in one distance culls the triangle (before clipping).
  for (uint c = 0u; c < params.cullCount; ++c) {
    const uint word = (params.cullWords[c / 4u] >> (8u * (c % 4u))) & 0xFFu;
    bool negative = true;
    for (uint j = 0u; j < 3u; ++j) negative = negative && uintBitsToFloat(captured[(triangle * 3u + j) * stride + word]) < 0.0;
    if (negative) {
      setNothing(kRecordClippedAway, primitiveId);
      return false;
    }
  }

  // The visible polygon, as barycentric weights on the captured triangle.
  real3 weights[kMaxPolygon];
#ifdef SETUP_TRIAGE
  const uint count = 3u;  // an unclipped triangle (else deferred)
  const bool clipped = false;
#else
  uint count = 3u;
  bool clipped = false;
#endif
  weights[0] = real3(1, 0, 0);
  weights[1] = real3(0, 1, 0);
  weights[2] = real3(0, 0, 1);
  vec2 screen[kMaxPolygon];
  real4 p[3];
  // The vertices scaled to a largest component of 1 (the same projective
  // points): clipping works on these, so huge coordinates (±1e20 at w = 1)
  // do not cancel away the clipped polygon's precision. Weights refer to them.
  real4 pn[3];
  real scale[3] = {real(1), real(1), real(1)};
#ifdef SETUP_TRIAGE
  const bool screenClip = false;
#else
  bool screenClip = false;  // clipped on the screen: ndc[] holds the polygon
#endif
  real2 ndc[kMaxPolygon];
  real3 rowN[3];            // rows of adj(Mn), Mn's columns pn's (x, y, w)
  real detN = real(0);
  if ((params.flags & kSetupScreenInput) != 0u) {
    for (uint j = 0u; j < 3u; ++j) {
      screen[j] = position[j].xy;
      p[j] = real4(position[j].xy, 0, 1);
      pn[j] = p[j];
    }
  } else {
    // A vertex at w = +inf with finite x, y, z divides to the origin (the
    // device's own rasterizer puts it there): the same point at w = 1.
    for (uint j = 0u; j < 3u; ++j)
      if (isinf(position[j].w) && position[j].w > 0.0 && finite4(vec4(position[j].xyz, 0.0)))
        position[j] = vec4(0.0, 0.0, 0.0, 1.0);
#ifdef SETUP_TRIAGE
    if (!finite4(position[0]) || !finite4(position[1]) || !finite4(position[2])) DEFER();
    for (uint j = 0u; j < 3u; ++j) p[j] = real4(position[j]);
#else
    if (!finite4(position[0]) || !finite4(position[1]) || !finite4(position[2])) {
      setNothing(kRecordRejected, primitiveId);
      return false;
    }
    for (uint j = 0u; j < 3u; ++j) {
      p[j] = real4(position[j]);
      const real largest = max(max(abs(p[j].x), abs(p[j].y)), max(abs(p[j].z), abs(p[j].w)));
      scale[j] = largest > real(0) ? largest : real(1);
      pn[j] = p[j] / scale[j];
    }
#endif
    // Planes a·(x, y, z, w) ≥ 0: w ≥ kMinClipW, 0 ≤ z ≤ w, the guard band.
    const real gx = real(params.guardX), gy = real(params.guardY);
    // Most triangles are inside every plane: no clipping.
    const bool inside =
        insideClipPlanes(p[0], gx, gy) && insideClipPlanes(p[1], gx, gy) && insideClipPlanes(p[2], gx, gy);
#ifdef SETUP_TRIAGE
    if (!inside) DEFER();
#else
    real4 planes[7];
    uint planeCount = 0u;
    planes[planeCount++] = real4(0, 0, 0, 1);
    if ((params.flags & kSetupDepthClip) != 0u) {
      planes[planeCount++] = real4(0, 0, 1, 0);
      planes[planeCount++] = real4(0, 0, -1, 1);
    }
    planes[planeCount++] = real4(-1, 0, 0, gx);
    planes[planeCount++] = real4(1, 0, 0, gx);
    planes[planeCount++] = real4(0, -1, 0, gy);
    planes[planeCount++] = real4(0, 1, 0, gy);
    // A clipped triangle whose clip positions are linearly independent (its
    // plane misses the eye) is clipped on the screen: the points (x, y) of
    // the NDC plane it covers are those whose homogeneous weights
    // λ = M⁻¹·(x, y, 1) (M's columns the clip positions' x, y, w) are all
    // ≥ 0; there w = 1/Σλ and z/w = Σλ·z. Every plane becomes a half-plane
    // h·(x, y, 1) ≥ 0 and the guard square [−gx, gx] × [−gy, gy] is clipped
    // by them in bounded coordinates, so huge or mixed-scale inputs lose no
    // precision. Otherwise (the eye in the triangle's plane) the clipping
    // below runs in homogeneous space.
    if (!inside) {
      const real4 a = pn[0], b = pn[1], c = pn[2];
      rowN[0] = real3(b.y * c.w - c.y * b.w, c.x * b.w - b.x * c.w, b.x * c.y - c.x * b.y);
      rowN[1] = real3(c.y * a.w - a.y * c.w, a.x * c.w - c.x * a.w, c.x * a.y - a.x * c.y);
      rowN[2] = real3(a.y * b.w - b.y * a.w, b.x * a.w - a.x * b.w, a.x * b.y - b.x * a.y);
      detN = a.x * rowN[0].x + b.x * rowN[1].x + c.x * rowN[2].x;
      const real terms = abs(a.x * rowN[0].x) + abs(b.x * rowN[1].x) + abs(c.x * rowN[2].x);
#ifdef REAL_IS_DOUBLE
      const real kEpsilon = real(1.0 / 4503599627370496.0);  // 2^-52
#else
      const real kEpsilon = real(1.0 / 8388608.0);  // 2^-23
#endif
      screenClip = !isinf(detN) && !isnan(detN) && abs(detN) > 64 * kEpsilon * terms;
    }
    if (screenClip) {
      clipped = true;
      const real sgn = detN > 0 ? real(1) : real(-1);
      const real adet = abs(detN);
      real3 halves[6];
      uint halfCount = 0u;
      for (uint j = 0u; j < 3u; ++j) halves[halfCount++] = sgn * rowN[j];  // λ_j ≥ 0
      // w ≥ kMinClipW: Σλ_j = Σ λn_j / s_j ≤ 1 / kMinClipW.
      halves[halfCount++] = real3(0, 0, adet / kMinClipW) - sgn * (rowN[0] / scale[0] + rowN[1] / scale[1] + rowN[2] / scale[2]);
      if ((params.flags & kSetupDepthClip) != 0u) {
        const real3 depth = sgn * (pn[0].z * rowN[0] + pn[1].z * rowN[1] + pn[2].z * rowN[2]);
        halves[halfCount++] = depth;                        // z/w ≥ 0
        halves[halfCount++] = real3(0, 0, adet) - depth;  // z/w ≤ 1
      }
      ndc[0] = real2(-gx, -gy);
      ndc[1] = real2(gx, -gy);
      ndc[2] = real2(gx, gy);
      ndc[3] = real2(-gx, gy);
      count = 4u;
      for (uint k = 0u; k < halfCount && count > 0u; ++k) {
        real d[kMaxPolygon];
        bool allInside = true;
        for (uint i = 0u; i < count; ++i) {
          precise real dist = halves[k].x * ndc[i].x + halves[k].y * ndc[i].y + halves[k].z;
          d[i] = dist;
          allInside = allInside && dist >= 0;
        }
        if (allInside) continue;
        real2 next[kMaxPolygon];
        uint nextCount = 0u;
        for (uint i = 0u; i < count && nextCount < kMaxPolygon; ++i) {
          const uint j = i + 1u == count ? 0u : i + 1u;
          if (d[i] >= 0) next[nextCount++] = ndc[i];
          if ((d[i] >= 0) != (d[j] >= 0) && nextCount < kMaxPolygon) {
            precise real t = d[i] / (d[i] - d[j]);
            precise real2 q = ndc[i] + t * (ndc[j] - ndc[i]);
            next[nextCount++] = q;
          }
        }
        for (uint i = 0u; i < nextCount; ++i) ndc[i] = next[i];
        count = nextCount;
      }
      // The square runs counter-clockwise in NDC; the triangle's visible part
      // runs as its vertices do, whose orientation is det(M)'s sign.
      if (sgn < 0)
        for (uint i = 0u; i < count / 2u; ++i) {
          const real2 t = ndc[i];
          ndc[i] = ndc[count - 1u - i];
          ndc[count - 1u - i] = t;
        }
    }
    for (uint k = 0u; k < planeCount && count > 0u && !inside && !screenClip; ++k) {
      const real offset = k == 0u ? real(kMinClipW) : real(0);
      real d[kMaxPolygon];
      bool allInside = true, allOutside = true;
      for (uint i = 0u; i < count; ++i) {
        precise real4 c = interpolate(pn, weights[i]);
        precise real dist = planes[k].x * c.x + planes[k].y * c.y + planes[k].z * c.z + planes[k].w * c.w;
        d[i] = dist - offset;
        allInside = allInside && d[i] >= 0;
        allOutside = allOutside && d[i] < 0;
      }
      if (allInside) continue;
      clipped = true;
      if (allOutside) {
        count = 0u;
        break;
      }
      real3 next[kMaxPolygon];
      uint nextCount = 0u;
      for (uint i = 0u; i < count && nextCount < kMaxPolygon; ++i) {
        const uint j = i + 1u == count ? 0u : i + 1u;
        if (d[i] >= 0) next[nextCount++] = weights[i];
        if ((d[i] >= 0) != (d[j] >= 0) && nextCount < kMaxPolygon) {
          precise real t = d[i] / (d[i] - d[j]);
          precise real3 w = weights[i] + t * (weights[j] - weights[i]);
          next[nextCount++] = w;
        }
      }
      for (uint i = 0u; i < nextCount; ++i) weights[i] = next[i];
      count = nextCount;
    }
    if (count < 3u) {
      setNothing(kRecordClippedAway, primitiveId);
      return false;
    }
#endif
    // Divide and viewport (D3D's viewport transform), rounded to float.
    const real vx = real(params.viewportX), vy = real(params.viewportY);
    const real vw = real(params.viewportWidth), vh = real(params.viewportHeight);
    for (uint i = 0u; i < count; ++i) {
      precise real4 c = screenClip ? real4(ndc[i], 0, 1) : clipped ? interpolate(pn, weights[i]) : p[i];
      precise real nx = screenClip ? c.x : c.x / c.w;
      precise real ny = screenClip ? c.y : c.y / c.w;
      precise real sx = (nx + 1) * vw / 2 + vx;
      precise real sy = (1 - ny) * vh / 2 + vy;
      screen[i] = vec2(float(sx), float(sy));
    }
  }

  // Snap; a coordinate outside ±32768 px (possible only for screen input) is rejected.
  int64_t x[kMaxPolygon], y[kMaxPolygon];
  bool onGrid = true;
  for (uint i = 0u; i < count; ++i) {
    if (!(abs(screen[i].x) <= 32768.0) || !(abs(screen[i].y) <= 32768.0)) {
      setNothing(kRecordRejected, primitiveId);
      return false;
    }
    bool gx, gy;
    x[i] = int64_t(snapInRange(screen[i].x, gx));
    y[i] = int64_t(snapInRange(screen[i].y, gy));
    onGrid = onGrid && gx && gy;
  }

  // Facing from the snapped winding (shoelace; y down: > 0 is clockwise).
  int64_t area2 = 0;
  for (uint i = 0u; i < count; ++i) {
    const uint j = i + 1u == count ? 0u : i + 1u;
    area2 += x[i] * y[j] - x[j] * y[i];
  }
  const bool frontCcw = (params.flags & kSetupFrontCounterClockwise) != 0u;
  const bool front = area2 != 0 && ((area2 > 0) != frontCcw);
  uint recordFlags = (front ? kRecordFrontFacing : 0u) | (clipped ? kRecordClipped : 0u) |
                     (conservative ? 0u : kRecordStandard);
  if (((params.flags & kSetupCullBack) != 0u && !front) || ((params.flags & kSetupCullFront) != 0u && front)) {
    setNothing(recordFlags | kRecordCulled, primitiveId);
    return true;
  }

  // Convex hull of the snapped vertices (monotone chain, strict turns, over
  // the distinct points): hull[] with a positive shoelace sum, i.e. clockwise
  // on screen (y down). A triangle of non-zero area is its own hull.
  uint hull[2u * kMaxPolygon];
#ifdef SETUP_TRIAGE
  if (area2 == 0) DEFER();  // a post-snap degenerate
  // Vertices 1 and 2 swapped where the winding runs the other way, so that the hull is
  // 0, 1, 2 and every index below a constant (llvmpipe loads a dynamically indexed array
  // lane by lane). Nothing below reads x, y by the captured vertex's number.
  if (area2 < 0) {
    const int64_t x1 = x[1], y1 = y[1];
    x[1] = x[2];
    y[1] = y[2];
    x[2] = x1;
    y[2] = y1;
  }
  const uint h = 3u;
  hull[0] = 0u;
  hull[1] = 1u;
  hull[2] = 2u;
#else
  uint h = 0u;
  uint order[kMaxPolygon];
  uint distinct = 0u;
  if (count == 3u && area2 != 0) {
    hull[0] = 0u;
    hull[1] = area2 > 0 ? 1u : 2u;
    hull[2] = area2 > 0 ? 2u : 1u;
    h = 3u;
  } else {
  for (uint i = 0u; i < count; ++i) order[i] = i;
  for (uint i = 1u; i < count; ++i) {  // insertion sort by (x, y)
    uint v = order[i];
    uint j = i;
    while (j > 0u && (x[order[j - 1u]] > x[v] || (x[order[j - 1u]] == x[v] && y[order[j - 1u]] > y[v]))) {
      order[j] = order[j - 1u];
      --j;
    }
    order[j] = v;
  }
  distinct = 1u;
  for (uint i = 1u; i < count; ++i)
    if (x[order[i]] != x[order[distinct - 1u]] || y[order[i]] != y[order[distinct - 1u]]) order[distinct++] = order[i];
  for (uint pass = 0u; pass < 2u && distinct > 1u; ++pass) {
    const uint start = h;
    for (uint n = 0u; n < distinct; ++n) {
      const uint v = pass == 0u ? order[n] : order[distinct - 1u - n];
      while (h >= start + 2u) {
        const uint o = hull[h - 2u], a = hull[h - 1u];
        const int64_t cross = (x[a] - x[o]) * (y[v] - y[o]) - (y[a] - y[o]) * (x[v] - x[o]);
        if (cross > 0) break;
        --h;
      }
      hull[h++] = v;
    }
    --h;  // the last point of each chain starts the other
  }
  if (distinct == 1u) hull[h++] = order[0];
  }
#endif
  // h: hull size (1 for a point, 2 for a segment, ≥ 3 for a polygon).
  const bool degenerate = h < 3u;  // collinear snapped vertices (zero area)
  if (degenerate && !conservative) {  // standard mode culls post-snap degenerates
    setNothing(recordFlags | kRecordDegenerate | kRecordCulled, primitiveId);
    return true;
  }
  const bool exact = conservative && !degenerate && onGrid;
  if (degenerate) recordFlags |= kRecordDegenerate;
  if (exact) recordFlags |= kRecordExact;
  if (conservative && !degenerate && (params.flags & kSetupInner) != 0u) recordFlags |= kRecordInner;

  int64_t minX = x[0], maxX = x[0], minY = y[0], maxY = y[0];
  for (uint i = 1u; i < count; ++i) {
    minX = min(minX, x[i]);
    maxX = max(maxX, x[i]);
    minY = min(minY, y[i]);
    maxY = max(maxY, y[i]);
  }

  // Edges: the hull's (A, B) inward normals; a degenerate's band along its
  // segment (both sides), a point none.
  uint edgeCount = 0u;
  const int64_t kMul = conservative ? (exact ? 256l : 257l) : 0l;
  if (!degenerate) {
    // The hull has a positive shoelace sum (clockwise on screen), so the
    // inward normal of its edge o → a is (A, B) = (y_o − y_a, x_a − x_o), as
    // translate/raster's for a triangle of positive area.
    for (uint i = 0u; i < h; ++i) {
      const uint o = hull[i], a = hull[i + 1u == h ? 0u : i + 1u];
      const int64_t A = y[o] - y[a];
      const int64_t B = x[a] - x[o];
      const int64_t S = abs(A) + abs(B);
      const int64_t t = isTopLeft(A, B) ? 0l : 1l;
      const int64_t C = 2 * A * (128 - x[o]) + 2 * B * (128 - y[o]) + kMul * S - t;
      writeEdge(base, edgeCount++, int(A), int(B), C);
    }
  } else if (h >= 2u) {
    const uint o = hull[0], a = hull[1];
    const int64_t A = y[o] - y[a];
    const int64_t B = x[a] - x[o];
    const int64_t S = abs(A) + abs(B);
    for (uint side = 0u; side < 2u; ++side) {
      const int64_t sa = side == 0u ? A : -A, sb = side == 0u ? B : -B;
      const int64_t t = isTopLeft(sa, sb) ? 0l : 1l;
      const int64_t C = 2 * sa * (128 - x[o]) + 2 * sb * (128 - y[o]) + 257l * S - t;
      writeEdge(base, edgeCount++, int(sa), int(sb), C);
    }
  }

  // The pixel box (translate/raster's), clipped.
  int64_t xBegin, xEnd, yBegin, yEnd;
  if (exact) {
    uint atMinX = 0u, atMinY = 0u, minXVertex = 0u;
    for (uint i = 0u; i < h; ++i) {
      if (x[hull[i]] == minX) {
        ++atMinX;
        minXVertex = i;
      }
      if (y[hull[i]] == minY) ++atMinY;
    }
    // Else both hull edges at the unique leftmost vertex top-left (found by a loop over
    // the hull, whose indices stay constants where h is one).
    bool leftmostTopLeft = false;
    for (uint i = 0u; i < h; ++i) {
      const uint prev = hull[i == 0u ? h - 1u : i - 1u], v = hull[i], next = hull[i + 1u == h ? 0u : i + 1u];
      if (i == minXVertex)
        leftmostTopLeft = isTopLeft(y[prev] - y[v], x[v] - x[prev]) && isTopLeft(y[v] - y[next], x[next] - x[v]);
    }
    const bool leftCounts = atMinX == 2u || leftmostTopLeft;
    xBegin = leftCounts ? ceilPixel(minX) - 1 : floorPixel(minX);
    xEnd = ceilPixel(maxX);
    yBegin = atMinY == 2u ? ceilPixel(minY) - 1 : floorPixel(minY);
    yEnd = ceilPixel(maxY);
  } else {
    xBegin = ceilPixel(minX) - 1;
    xEnd = floorPixel(maxX) + 1;
    yBegin = ceilPixel(minY) - 1;
    yEnd = floorPixel(maxY) + 1;
  }
  ivec4 clip = ivec4(params.clipLeft, params.clipTop, params.clipRight, params.clipBottom);
  if ((params.flags & kSetupScreenInput) != 0u) {
    // Tests: each triangle's own clip rectangle, 16-bit fields in vertex 0's z and w bits.
    const uvec2 packed = floatBitsToUint(position[0].zw);
    clip = ivec4(packed.x & 0xFFFFu, packed.x >> 16, packed.y & 0xFFFFu, packed.y >> 16);
  }
  const int64_t clipLeft = clamp(int64_t(clip.x), 0l, 32768l);
  const int64_t clipTop = clamp(int64_t(clip.y), 0l, 32768l);
  const int64_t clipRight = clamp(int64_t(clip.z), 0l, 32768l);
  const int64_t clipBottom = clamp(int64_t(clip.w), 0l, 32768l);
  xBegin = max(xBegin, clipLeft);
  xEnd = min(xEnd, clipRight);
  yBegin = max(yBegin, clipTop);
  yEnd = min(yEnd, clipBottom);
  if (xBegin >= xEnd || yBegin >= yEnd) {
    setNothing(recordFlags | (edgeCount << kRecordEdgeCountShift), primitiveId);
    return true;
  }

  // Attribute weights: u = M⁻¹·(ndc x, ndc y, 1), M's columns the captured
  // clip positions (x, y, w); degenerate or edge-on: the first visible
  // polygon vertex's attributes everywhere.
  real minInverseW = real(1);
  real3 cof0 = real3(0), cof1 = real3(0), cof2 = real3(0);
  bool flatAttributes = degenerate || (params.flags & kSetupScreenInput) != 0u;
  if (!flatAttributes) {
    // Rows of adj(M): u = adj(M)·b / det(M).
    const real4 a = p[0], b = p[1], c = p[2];
    cof0 = real3(b.y * c.w - c.y * b.w, c.x * b.w - b.x * c.w, b.x * c.y - c.x * b.y);
    cof1 = real3(c.y * a.w - a.y * c.w, a.x * c.w - c.x * a.w, c.x * a.y - a.x * c.y);
    cof2 = real3(a.y * b.w - b.y * a.w, b.x * a.w - a.x * b.w, a.x * b.y - b.x * a.y);
    const real det = a.x * cof0.x + b.x * cof1.x + c.x * cof2.x;
    const real scale = max(max(abs(a.w), abs(b.w)), abs(c.w));
    if (!(abs(det) > real(1e-30) * scale * scale * scale) || isinf(det)) {
      flatAttributes = true;
    } else {
      cof0 /= det;
      cof1 /= det;
      cof2 /= det;
    }
  }
  // A polygon vertex's weights on the original vertices (sum 1), and the u
  // there; the smallest 1/w over the polygon bounds the pixel shader's division.
  real3 flatU = real3(1, 0, 0);
  {
    real smallest = real(1e30);
    for (uint i = 0u; i < count; ++i) {
      real3 u;
      if (screenClip) {  // λ_j = λn_j / s_j at the polygon vertex
        const real3 q = real3(ndc[i], 1);
        u = real3(dot(rowN[0], q) / scale[0], dot(rowN[1], q) / scale[1], dot(rowN[2], q) / scale[2]) / detN;
      } else {
        real3 lambda = weights[i] / real3(scale[0], scale[1], scale[2]);
        lambda /= lambda.x + lambda.y + lambda.z;
        const real w = (params.flags & kSetupScreenInput) != 0u ? real(1) : interpolate(p, lambda).w;
        u = lambda / w;
      }
      smallest = min(smallest, u.x + u.y + u.z);
      if (i == 0u) flatU = u;
    }
    minInverseW = smallest / 2;
  }

  // The flat path (gpu_layout.h): F0 per edge and the normals of edges 0
  // and 1, when a triangle's (or a band's) edges sum to zero and every |F|
  // over the box stays below 2^53.
  const int64_t width = xEnd - xBegin, height = yEnd - yBegin;
  uint flatWords[10] = uint[10](0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u);
  if (conservative && edgeCount <= 3u) {
    int64_t sumA = 0, sumB = 0, F0[3];
    bool small = true;
    for (uint i = 0u; i < 3u; ++i) {
      F0[i] = 1;
      if (i >= edgeCount) continue;
      sumA += edgeA[i];
      sumB += edgeB[i];
      F0[i] = 512 * (edgeA[i] * xBegin + edgeB[i] * yBegin) + edgeC[i];
      const int64_t reach = abs(F0[i]) + abs(512 * edgeA[i]) * width + abs(512 * edgeB[i]) * height;
      if (abs(F0[i]) >= (1l << 52) || reach >= (1l << 53)) small = false;
    }
    if (small && sumA == 0 && sumB == 0) {
      recordFlags |= kRecordFast;
      for (uint i = 0u; i < 3u; ++i) {
        flatWords[2u * i] = uint(F0[i] & 0xFFFFFFFFl);
        flatWords[1u + 2u * i] = uint(F0[i] >> 32);
      }
      for (uint i = 0u; i < 2u; ++i) {
        flatWords[6u + 2u * i] = i < edgeCount ? uint(int(edgeA[i])) : 0u;
        flatWords[7u + 2u * i] = i < edgeCount ? uint(int(edgeB[i])) : 0u;
      }
    }
  }
  // A drawn record the flat path cannot decide: the draw pass runs its exact draw.
  outExact = (recordFlags & kRecordFast) == 0u;
  setHeader(recordFlags | (edgeCount << kRecordEdgeCountShift), primitiveId, float(minInverseW),
            uint(xBegin) | (uint(yBegin) << 16), uint(width) | (uint(height) << 16), flatWords);

  // Candidate geometry, one triangle (so a pixel is not split between two
  // triangles of the record, shaded twice on a multisampled target): every
  // pixel centre (or, for whole pixels, every point of every pixel) the
  // coverage can select lies inside, with a margin for rounding the corners to
  // the 1/16-pixel grid (below). Of the triangle offset outward edge by edge (long
  // spikes at sharp corners) and the right triangle around the box oriented along the
  // longest hull edge (twice the box's area), the smaller; the offset triangle
  // only where its corners stay in the draw pass's viewport (fallbackDrawAxis).
  const float reach = ((params.flags & kSetupFullPixels) != 0u ? 1.0 : 0.5) + 1.0 / 16.0;
  vec2 v[kMaxPolygon];
  for (uint i = 0u; i < h; ++i) v[i] = vec2(float(x[hull[i]]), float(y[hull[i]])) / 256.0;
  vec2 quad[3];
  bool useTriangle = false;
  float offsetArea = 0.0;
  if (h == 3u && !degenerate) {
    vec2 n[3];
    float offset[3];
    for (uint i = 0u; i < 3u; ++i) {
      const vec2 e = v[(i + 1u) % 3u] - v[i];
      n[i] = normalize(vec2(e.y, -e.x));  // outward for a counter-clockwise (y down) hull
      offset[i] = dot(n[i], v[i]) + reach * (abs(n[i].x) + abs(n[i].y));
    }
    useTriangle = true;
    for (uint i = 0u; i < 3u; ++i) {
      const uint prev = (i + 2u) % 3u;
      const float det = n[prev].x * n[i].y - n[prev].y * n[i].x;
      const vec2 corner = vec2(offset[prev] * n[i].y - n[prev].y * offset[i], n[prev].x * offset[i] - offset[prev] * n[i].x) / det;
      quad[i] = corner;
      if (!(length(corner - v[i]) <= 65536.0)) useTriangle = false;  // (near-)parallel edges
    }
    offsetArea = abs((quad[1].x - quad[0].x) * (quad[2].y - quad[0].y) - (quad[2].x - quad[0].x) * (quad[1].y - quad[0].y)) / 2.0;
    // Far corners of a sliver's near-parallel edges can come out of float arithmetic off their
    // lines (even collinear): kept only if, on the 1/16 grid, it holds what the coverage can select.
    vec2 rounded[3];
    for (uint i = 0u; i < 3u; ++i) rounded[i] = round(quad[i] * 16.0) / 16.0;
    if (!holdsDilatedHull(rounded, v, h, reach - 1.0 / 32.0)) useTriangle = false;
    // Nor where a spike leaves the draw pass's viewport, which the box's triangle rarely does.
    for (uint i = 0u; i < 3u; ++i)
      if (!insideDrawViewport(rounded[i])) useTriangle = false;
  }
  {
    // The oriented box's triangle, kept when it is smaller.
    vec2 axis = vec2(1, 0);
    float longest = 0.0;
    for (uint i = 0u; i < h; ++i) {
      const vec2 e = v[i + 1u == h ? 0u : i + 1u] - v[i];
      if (dot(e, e) > longest) {
        longest = dot(e, e);
        axis = e;
      }
    }
    axis = longest > 0.0 ? normalize(axis) : vec2(1, 0);
    const vec2 side = vec2(-axis.y, axis.x);
    float lo = 1e30, hi = -1e30, slo = 1e30, shi = -1e30;
    for (uint i = 0u; i < h; ++i) {
      lo = min(lo, dot(v[i], axis));
      hi = max(hi, dot(v[i], axis));
      slo = min(slo, dot(v[i], side));
      shi = max(shi, dot(v[i], side));
    }
    const float ra = reach * (abs(axis.x) + abs(axis.y)), rs = reach * (abs(side.x) + abs(side.y));
    lo -= ra;
    hi += ra;
    slo -= rs;
    shi += rs;
    // The box [lo, hi] × [slo, shi] inside the triangle (lo, slo), (2hi − lo, slo), (lo, 2shi − slo).
    if (!useTriangle || 2.0 * (hi - lo) * (shi - slo) < offsetArea) {
      quad[0] = lo * axis + slo * side;
      quad[1] = (2.0 * hi - lo) * axis + slo * side;
      quad[2] = lo * axis + (2.0 * shi - slo) * side;
    }
  }
  // The corners on the 1/16-pixel grid, which every device's subpixel grid contains
  // (subPixelPrecisionBits ≥ 4), so the GPU's vertex snap leaves them where their depth and
  // weights are computed (a moved corner tilts the interpolated planes by the move times
  // their gradient: 1e-4 in depth on a steep triangle at 1/512 px). Moves ≤ 1/32 px per axis.
  for (uint c = 0u; c < kCornersPerRecord; ++c) quad[c] = round(quad[c] * 16.0) / 16.0;
  const real vx = real(params.viewportX), vy = real(params.viewportY);
  const real vw = real(params.viewportWidth), vh = real(params.viewportHeight);
  for (uint c = 0u; c < kCornersPerRecord; ++c) {
    real3 u = flatU;
    if (!flatAttributes) {
      const real3 ndc = real3((real(quad[c].x) - vx) * 2 / vw - 1, 1 - (real(quad[c].y) - vy) * 2 / vh, 1);
      u = real3(dot(cof0, ndc), dot(cof1, ndc), dot(cof2, ndc));
    }
    setCorner(c, quad[c], u, real3(p[0].z, p[1].z, p[2].z));
  }
  return true;
}

void main() {
#ifdef SETUP_DEFERRED
  const uint index = gl_GlobalInvocationID.x;
  const bool inRange = index < drawArgs[11];
  const uint slot = inRange ? deferred[index] : 0u;
#else
  const uint slot = gl_GlobalInvocationID.x;
  const bool inRange = slot < params.slots;
#endif
  outDeferred = false;
  outExact = false;
  const bool counted = inRange && setup(slot);
  // One site per store (see outHeader). No workgroup barrier: llvmpipe runs a shader with
  // barriers as coroutines, whose frames cost more than a per-lane atomic.
  if (inRange && outDeferred) {
    const uint deferredIndex = atomicAdd(drawArgs[11], 1u);
    deferred[deferredIndex] = slot;
    atomicMax(drawArgs[8], deferredIndex / 64u + 1u);
  } else if (inRange) {
    const uint base = (kRecordsOffsetWords + slot * kRecordWords) / 4u;
    for (uint i = 0u; i < 4u; ++i)
      records[base + i] = u64vec2(packUint2x32(outHeader[i].xy), packUint2x32(outHeader[i].zw));
    const uint c = slot * kCornersPerRecord * (kCornerWords / 2u);
    for (uint i = 0u; i < kCornersPerRecord * (kCornerWords / 2u); ++i)
      corners[c + i] = packUint2x32(floatBitsToUint(outCorners[i]));
    if (outExact) {
      atomicExchange(drawArgs[0], 0u);
      atomicExchange(drawArgs[4], params.slots * kCornersPerRecord);
    }
  }
  if (counted && (params.flags & kSetupCountStatistics) != 0u) atomicAdd(statistics[1], 1u);
#ifndef SETUP_DEFERRED
  if (slot == 0u && (params.flags & kSetupCountStatistics) != 0u) {
    const uint stride = max(params.strideWords, 1u);
    const uint capturedTriangles = capturedBytes / (12u * stride);
    atomicAdd(statistics[0], min(capturedTriangles - min(capturedTriangles, params.firstTriangle), params.slots));
  }
#endif
}
