// translate/fallback/span_quad.h — the shading pass's geometry: each covered
// sub-span of the CPU rasterizer becomes an axis-aligned quad whose corners lie
// on integer pixel boundaries (so the GPU's ordinary rasterizer covers exactly
// those pixels and all their samples). Each corner carries the original
// primitive's clip-space position re-projected at that screen point, and the
// perspective-correct barycentric weights of that point on the primitive's
// plane, so attributes computed from them and interpolated by the GPU inside
// the quad reproduce the original primitive (extrapolating outside it). The
// corner order gives the quad the primitive's winding, so SV_IsFrontFace and
// culling see the same facing. Pure code.
#pragma once

#include "clip.h"

#include <array>
#include <optional>

namespace d3dvk::fallback {

// Screen (render-target pixel) position of a clip-space point; z is the viewport depth.
struct ScreenPoint {
  double x, y, z;
};
ScreenPoint toScreen(const ClipPosition& p, const Viewport& viewport);

// The weights λ (Σλ = 1) for which Σλ·p projects to the screen point (sx, sy):
// perspective-correct barycentrics on the triangle's plane. nullopt when the
// plane is seen edge-on (no unique solution).
std::optional<std::array<double, 3>> barycentricsAtScreen(const ClipPosition (&p)[3], const Viewport& viewport,
                                                          double sx, double sy);

struct QuadCorner {
  std::array<float, 4> position;  // clip space
  std::array<float, 3> weights;   // barycentric weights on the original triangle
};

// Corners of the quad [x0, x1) × [y, y + 1) in triangle-strip order. `clockwise`
// gives both strip triangles clockwise winding on screen (y down), else
// counter-clockwise. `degenerate`: a post-snap degenerate (or edge-on)
// primitive — every corner takes vertex 0's attributes (weights (1,0,0)) and a
// position on vertex 0's w that projects to the corner. `flatWeights`, when
// given, makes the attributes constant = those weights the same way.
std::array<QuadCorner, 4> makeSpanQuad(const ClipPosition (&p)[3], const Viewport& viewport, int x0, int x1, int y,
                                       bool clockwise, bool degenerate,
                                       const std::array<double, 3>* flatWeights = nullptr);

// The same span as ONE triangle on the primitive's plane, with corners
// (x0, y), (x0 + 2L, y), (x0, y + 2), L = x1 − x0: it contains every sample of
// the span's pixels, so a multisampled pixel is one invocation with its full
// coverage (two triangles would split each pixel's samples along the quad's
// diagonal: two invocations with partial SV_Coverage). It also covers pixels
// outside the span, which the shading pass discards by the span rectangle
// (flat data) before the application's shader runs. `flatWeights`, when given,
// replaces the plane by constant attributes (a flattened pixel).
std::array<QuadCorner, 3> makeSpanTriangle(const ClipPosition (&p)[3], const Viewport& viewport, int x0, int x1,
                                           int y, bool clockwise, bool degenerate,
                                           const std::array<double, 3>* flatWeights = nullptr);

// Attribute weights for the shading pass's corner vertices. Perspective-correct
// attributes use the corner's weights λ as they are (the GPU interpolates the
// corners perspective-correctly, reproducing the primitive's plane). A
// `noperspective` attribute must be linear in screen space instead: its corner
// value uses β_i = λ_i·w_i / Σ λ_k·w_k (the screen-space barycentrics of the
// projected primitive), declared noperspective in the shading pass too.
// Flat attributes take the leading vertex (0) unchanged.
std::array<double, 3> noPerspectiveWeights(const std::array<double, 3>& lambda, const ClipPosition (&p)[3]);

// False when the primitive's plane passes behind the eye (w ≤ 0) at a corner:
// extrapolation there is undefined (the spec requires not rasterizing pixels
// whose extrapolated w ≤ 0), so the caller must split or drop such a quad.
bool quadInFront(const std::array<QuadCorner, 4>& quad);

}  // namespace d3dvk::fallback
