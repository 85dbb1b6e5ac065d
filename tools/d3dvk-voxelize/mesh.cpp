// tools/d3dvk-voxelize/mesh.cpp — see mesh.h.
#include "mesh.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>

namespace d3dvk::voxelize {
namespace {

using V3 = std::array<double, 3>;

// Uniform in [0, 1) from the generator's raw 32-bit output (std::mt19937 is the
// same everywhere; the standard distributions are not).
double unit(std::mt19937& rng) { return double(rng()) / 4294967296.0; }
double range(std::mt19937& rng, double lo, double hi) { return lo + (hi - lo) * unit(rng); }

uint32_t addVertex(Mesh& m, V3 p) {
  m.positions.push_back(p);
  return uint32_t(m.positions.size() - 1);
}
void addTriangle(Mesh& m, V3 a, V3 b, V3 c) {
  const uint32_t i = addVertex(m, a), j = addVertex(m, b), k = addVertex(m, c);
  m.triangles.push_back({i, j, k});
}

}  // namespace

Mesh proceduralMesh(uint32_t seed) {
  std::mt19937 rng(seed);
  Mesh m;
  // A UV sphere (radius 0.3 about (0.5, 0.45, 0.5)), its centre jittered by the seed.
  constexpr int kRings = 12, kSegments = 20;
  const V3 centre{0.5 + range(rng, -0.02, 0.02), 0.45 + range(rng, -0.02, 0.02), 0.5 + range(rng, -0.02, 0.02)};
  const double radius = 0.3, pi = std::acos(-1.0);
  const uint32_t base = uint32_t(m.positions.size());
  for (int r = 0; r <= kRings; ++r) {
    const double theta = pi * r / kRings;
    for (int s = 0; s < kSegments; ++s) {
      const double phi = 2 * pi * s / kSegments;
      m.positions.push_back({centre[0] + radius * std::sin(theta) * std::cos(phi), centre[1] + radius * std::cos(theta),
                             centre[2] + radius * std::sin(theta) * std::sin(phi)});
    }
  }
  auto at = [&](int r, int s) { return base + uint32_t(r * kSegments + (s % kSegments)); };
  for (int r = 0; r < kRings; ++r)
    for (int s = 0; s < kSegments; ++s) {
      if (r > 0) m.triangles.push_back({at(r, s), at(r + 1, s), at(r, s + 1)});
      if (r + 1 < kRings) m.triangles.push_back({at(r, s + 1), at(r + 1, s), at(r + 1, s + 1)});
    }
  // Thin slivers: long (0.3–0.9) and 0.001–0.004 wide, in random directions.
  for (int i = 0; i < 24; ++i) {
    const V3 a{range(rng, 0.05, 0.95), range(rng, 0.05, 0.95), range(rng, 0.05, 0.95)};
    V3 dir{range(rng, -1, 1), range(rng, -1, 1), range(rng, -1, 1)};
    const double len = std::sqrt(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]) + 1e-9;
    const double l = range(rng, 0.3, 0.9) / len;
    V3 b, c;
    for (int k = 0; k < 3; ++k) {
      b[k] = std::clamp(a[k] + dir[k] * l, 0.0, 1.0);
      c[k] = std::clamp(a[k] + dir[k] * l * 0.5 + range(rng, -0.004, 0.004), 0.0, 1.0);
    }
    addTriangle(m, a, b, c);
  }
  // Large diagonal triangles, near 45° to two axes (the dominant-axis ties).
  for (int i = 0; i < 6; ++i) {
    const double x0 = range(rng, 0.0, 0.3), y0 = range(rng, 0.0, 0.3), z0 = range(rng, 0.0, 0.2);
    const double d = range(rng, 0.5, 0.7), e = range(rng, -0.01, 0.01);
    addTriangle(m, {x0, y0, z0}, {x0 + d, y0 + d + e, z0 + 0.1}, {x0, y0 + 0.05, z0 + d});
  }
  // Sub-voxel triangles (at 64³ a voxel is 1/64 ≈ 0.0156 of the cube): under 0.014 across.
  for (int i = 0; i < 200; ++i) {
    const V3 a{range(rng, 0.02, 0.98), range(rng, 0.02, 0.98), range(rng, 0.02, 0.98)};
    const double s = range(rng, 0.001, 0.007);
    V3 b, c;
    for (int k = 0; k < 3; ++k) {
      b[k] = a[k] + range(rng, -s, s);
      c[k] = a[k] + range(rng, -s, s);
    }
    addTriangle(m, a, b, c);
  }
  return m;
}

namespace {

// Parses one OBJ vertex reference of an `f` line ("7", "7/2", "7//3", "7/2/3",
// "-1") into a 0-based index; "" or the reason.
std::string faceIndex(const std::string& token, size_t vertexCount, uint32_t& out) {
  const std::string first = token.substr(0, token.find('/'));
  if (first.empty()) return "face vertex '" + token + "' has no position index";
  errno = 0;
  char* end = nullptr;
  const long long v = std::strtoll(first.c_str(), &end, 10);
  if (*end != '\0' || errno == ERANGE) return "face vertex '" + token + "' is not an integer index";
  // The vt/vn parts are ignored but must be integers or empty.
  size_t slash = token.find('/');
  while (slash != std::string::npos) {
    const size_t next = token.find('/', slash + 1);
    const std::string part = token.substr(slash + 1, next == std::string::npos ? std::string::npos : next - slash - 1);
    if (!part.empty()) {
      char* partEnd = nullptr;
      std::strtoll(part.c_str(), &partEnd, 10);
      if (*partEnd != '\0') return "face vertex '" + token + "' has a non-integer texture/normal index";
    }
    slash = next;
  }
  if (v == 0) return "face vertex index 0 (OBJ indices start at 1)";
  const long long index = v > 0 ? v - 1 : (long long)vertexCount + v;
  if (index < 0 || index >= (long long)vertexCount)
    return "face vertex index " + std::to_string(v) + " is out of range (" + std::to_string(vertexCount) +
           " vertices so far)";
  out = uint32_t(index);
  return "";
}

}  // namespace

std::string parseObj(const std::string& text, Mesh& mesh) {
  Mesh m;
  std::istringstream in(text);
  std::string line;
  for (size_t number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::istringstream words(line);
    std::string keyword;
    if (!(words >> keyword) || keyword[0] == '#') continue;
    const std::string where = "line " + std::to_string(number) + ": ";
    if (keyword == "v") {
      V3 p{};
      for (double& c : p) {
        std::string word;
        if (!(words >> word)) return where + "a vertex needs three coordinates";
        char* end = nullptr;
        c = std::strtod(word.c_str(), &end);
        if (*end != '\0' || !std::isfinite(c)) return where + "vertex coordinate '" + word + "' is not a finite number";
      }
      m.positions.push_back(p);  // an optional w is ignored
    } else if (keyword == "f") {
      std::vector<uint32_t> polygon;
      std::string token;
      while (words >> token) {
        uint32_t index = 0;
        const std::string error = faceIndex(token, m.positions.size(), index);
        if (!error.empty()) return where + error;
        polygon.push_back(index);
      }
      if (polygon.size() < 3)
        return where + "a face needs at least three vertices, this one has " + std::to_string(polygon.size());
      for (size_t i = 1; i + 1 < polygon.size(); ++i) m.triangles.push_back({polygon[0], polygon[i], polygon[i + 1]});
    }
  }
  if (m.triangles.empty()) return "no faces (f lines) in the file";
  mesh = std::move(m);
  return "";
}

std::string loadObj(const std::string& path, Mesh& mesh) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return path + ": " + std::strerror(errno);
  std::ostringstream text;
  text << file.rdbuf();
  if (file.bad()) return path + ": read error";
  const std::string error = parseObj(text.str(), mesh);
  return error.empty() ? "" : path + ": " + error;
}

std::vector<Triangle> fitToGrid(const Mesh& mesh, uint32_t n, double margin, size_t* degenerate) {
  V3 lo{std::numeric_limits<double>::max(), std::numeric_limits<double>::max(), std::numeric_limits<double>::max()};
  V3 hi{-lo[0], -lo[1], -lo[2]};
  for (const auto& t : mesh.triangles)
    for (uint32_t i : t)
      for (int k = 0; k < 3; ++k) {
        lo[k] = std::min(lo[k], mesh.positions[i][k]);
        hi[k] = std::max(hi[k], mesh.positions[i][k]);
      }
  double extent = 0;
  for (int k = 0; k < 3; ++k) extent = std::max(extent, hi[k] - lo[k]);
  const double room = double(n) - 2 * margin;
  const double scale = extent > 0 ? room / extent : 1.0;
  std::vector<Triangle> out;
  size_t dropped = 0;
  for (const auto& t : mesh.triangles) {
    Triangle tri;
    for (int v = 0; v < 3; ++v)
      for (int k = 0; k < 3; ++k) {
        const double centred = (mesh.positions[t[v]][k] - lo[k]) * scale + (room - (hi[k] - lo[k]) * scale) / 2;
        tri.v[v][k] = float(std::clamp(margin + centred, margin, double(n) - margin));
      }
    V3 e1, e2;
    for (int k = 0; k < 3; ++k) {
      e1[k] = double(tri.v[1][k]) - tri.v[0][k];
      e2[k] = double(tri.v[2][k]) - tri.v[0][k];
    }
    const V3 cross{e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
    if (cross[0] == 0 && cross[1] == 0 && cross[2] == 0) {
      ++dropped;
      continue;
    }
    out.push_back(tri);
  }
  if (degenerate) *degenerate = dropped;
  return out;
}

}  // namespace d3dvk::voxelize
