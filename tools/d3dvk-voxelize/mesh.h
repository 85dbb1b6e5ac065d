// tools/d3dvk-voxelize/mesh.h — the meshes the voxelizer draws: a deterministic
// procedural one (a closed sphere plus thin slivers, diagonal and sub-voxel
// triangles from a seed), the Wavefront OBJ reader (v/f lines, polygons fanned,
// negative indices, v/vt/vn index forms), and the fit of a mesh into the N³
// grid's voxel units (what both the GPU and the exact CPU voxelizer use).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace d3dvk::voxelize {

struct Mesh {
  std::vector<std::array<double, 3>> positions;
  std::vector<std::array<uint32_t, 3>> triangles;  // indices into positions
};

// A triangle in voxel units: voxel (i, j, k) is the box [i, i+1]×[j, j+1]×[k, k+1].
// The coordinates are floats because that is what the GPU gets; the CPU checks
// take them as exact values.
struct Triangle {
  std::array<std::array<float, 3>, 3> v;
};

// The procedural mesh in the unit cube: a sphere, long thin slivers, diagonal
// triangles and triangles smaller than a voxel of a 64³ grid, all from `seed`.
Mesh proceduralMesh(uint32_t seed);

// Parses OBJ text. Returns "" and fills `mesh`, or "line N: reason" (unknown
// statements other than v/f are ignored, as vt/vn/o/g/s/usemtl/# are).
std::string parseObj(const std::string& text, Mesh& mesh);
// Reads and parses a file: "" or "<path>: reason" / "<path>: line N: reason".
std::string loadObj(const std::string& path, Mesh& mesh);

// Scales and centres the mesh uniformly so its bounding box fits in
// [margin, N - margin]³ voxel units; drops triangles whose fitted vertices are
// collinear (zero area in exact arithmetic) and counts them in `degenerate`.
std::vector<Triangle> fitToGrid(const Mesh& mesh, uint32_t n, double margin, size_t* degenerate);

}  // namespace d3dvk::voxelize
