// tools/d3dvk-voxelize — voxelizes a mesh on the GPU through the public D3D11
// API, or D3D12 with --api d3d12 (dominant-axis geometry shader, conservative
// rasterization, UAV-only pixel shader atomics into an N³ RWTexture3D, compute
// compaction into an AppendStructuredBuffer) and checks it against an exact CPU voxelizer: the
// conservative occupancy must hold every exact voxel and nothing the spec's
// uncertainty does not allow; the same run with conservative rasterization OFF
// shows the holes (--conservative on|off runs one of the two). Prints the
// counts, a digest of each occupancy (equal digests: equal occupancy, so two
// runs can be compared, e.g. the two APIs) and the time of each pass; --png
// writes three orthogonal projections of the occupancy.
// Exit 0 when the checks hold, 1 when one fails (or the device cannot run it),
// 2 for bad arguments or an unreadable or malformed --obj file.
#include "gpu_voxelizer.h"
#include "gpu_voxelizer12.h"
#include "mesh.h"
#include "png_writer.h"
#include "voxel_math.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <set>
#include <string>

namespace {

using namespace d3dvk::voxelize;

const char* kUsage =
    "usage: d3dvk-voxelize [--api d3d11|d3d12] [--grid N] [--seed S | --obj FILE] [--conservative on|off|both]\n"
    "                      [--png FILE]\n"
    "  Voxelizes a mesh on the GPU through D3D11 (geometry shader choosing each triangle's\n"
    "  dominant axis, conservative rasterization, pixel-shader atomics into an N^3\n"
    "  RWTexture3D<uint>, compute compaction into an AppendStructuredBuffer) and checks the\n"
    "  occupancy against an exact CPU voxelizer; the same with conservative rasterization OFF\n"
    "  counts the exact voxels it misses.\n"
    "  --api API   d3d11 (default) or d3d12: the same voxelizer through the D3D12 API (the list's\n"
    "              counter is a UAV counter read with CopyBufferRegion)\n"
    "  --grid N    the grid's size, a multiple of 4 from 4 to 256 (default 64)\n"
    "  --seed S    the procedural mesh's seed, 0 to 4294967295 (default 1)\n"
    "  --obj FILE  voxelize this Wavefront OBJ file (v and f lines) instead\n"
    "  --conservative on|off|both  run only the conservative ON or OFF pass, or both (default)\n"
    "  --png FILE  write three orthogonal projections of the occupancy (x, y, z views;\n"
    "              of the OFF pass with --conservative off)\n"
    "exit status: 0 the checks hold, 1 a check fails or the device cannot run it,\n"
    "             2 bad arguments or an unreadable/malformed OBJ file\n";

int usageError(const std::string& message) {
  std::fprintf(stderr, "d3dvk-voxelize: %s\n%s", message.c_str(), kUsage);
  return 2;
}

bool parseUint(const std::string& text, unsigned long long max, unsigned long long& out) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 12) return false;
  out = std::strtoull(text.c_str(), nullptr, 10);
  return out <= max;
}

double msSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// The compacted list holds each occupied voxel once and nothing else, and
// CopyStructureCount gave its size. "" or what differs.
std::string checkCompaction(const PassResult& r) {
  const uint32_t n = r.occupancy.n;
  const size_t occupied = r.occupancy.count();
  if (r.listCount != occupied)
    return "the list's counter gave " + std::to_string(r.listCount) + ", the occupancy texture has " +
           std::to_string(occupied) + " voxels";
  std::set<uint32_t> seen;
  for (uint32_t packed : r.list) {
    const uint32_t x = packed & 1023, y = (packed >> 10) & 1023, z = (packed >> 20) & 1023;
    if ((packed >> 30) != 0 || x >= n || y >= n || z >= n)
      return "the list holds " + std::to_string(packed) + ", not a voxel of the grid";
    if (!seen.insert(packed).second) return "the list holds voxel " + std::to_string(packed) + " twice";
    if (!r.occupancy.at(x, y, z))
      return "the list holds (" + std::to_string(x) + ", " + std::to_string(y) + ", " + std::to_string(z) +
             "), which the occupancy texture does not";
  }
  return "";
}

// FNV-1a (64 bits) of the occupancy's cells, x fastest: equal digests, equal occupancy.
uint64_t digest(const Grid& g) {
  uint64_t h = 14695981039346656037ull;
  for (uint8_t c : g.cells) h = (h ^ c) * 1099511628211ull;
  return h;
}

std::string voxelList(const std::vector<std::array<uint32_t, 3>>& voxels) {
  std::string s;
  for (const auto& v : voxels)
    s += (s.empty() ? "" : " ") + ("(" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," +
                                   std::to_string(v[2]) + ")");
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  unsigned long long grid = 64, seed = 1;
  std::string objPath, pngPath;
  bool seedGiven = false, d3d12 = false, runOn = true, runOff = true;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    const bool takesValue = arg == "--grid" || arg == "--seed" || arg == "--obj" || arg == "--png" ||
                            arg == "--api" || arg == "--conservative";
    if (!takesValue) return usageError("unknown argument '" + arg + "'");
    if (i + 1 >= argc) return usageError(arg + " needs a value");
    const std::string value = argv[++i];
    if (arg == "--grid") {
      if (!parseUint(value, 256, grid) || grid < 4 || grid % 4 != 0)
        return usageError("--grid must be a multiple of 4 from 4 to 256, not '" + value + "'");
    } else if (arg == "--seed") {
      if (!parseUint(value, 4294967295ull, seed))
        return usageError("--seed must be an integer from 0 to 4294967295, not '" + value + "'");
      seedGiven = true;
    } else if (arg == "--api") {
      if (value != "d3d11" && value != "d3d12") return usageError("--api must be d3d11 or d3d12, not '" + value + "'");
      d3d12 = value == "d3d12";
    } else if (arg == "--conservative") {
      if (value != "on" && value != "off" && value != "both")
        return usageError("--conservative must be on, off or both, not '" + value + "'");
      runOn = value != "off";
      runOff = value != "on";
    } else if (arg == "--obj") {
      objPath = value;
    } else {
      pngPath = value;
    }
  }
  if (seedGiven && !objPath.empty()) return usageError("--seed and --obj exclude each other");
  const uint32_t n = uint32_t(grid);

  Mesh mesh;
  std::string meshName;
  if (!objPath.empty()) {
    const std::string error = loadObj(objPath, mesh);
    if (!error.empty()) {
      std::fprintf(stderr, "d3dvk-voxelize: cannot read the OBJ file %s\n", error.c_str());
      return 2;
    }
    meshName = objPath;
  } else {
    mesh = proceduralMesh(uint32_t(seed));
    meshName = "procedural (seed " + std::to_string(seed) + ")";
  }
  size_t degenerate = 0;
  const std::vector<Triangle> triangles = fitToGrid(mesh, n, 0.5, &degenerate);
  std::printf("mesh: %s, %zu triangles (%zu with zero area dropped), grid %u^3\n", meshName.c_str(),
              triangles.size(), degenerate, n);
  if (triangles.empty()) {
    std::fprintf(stderr, "d3dvk-voxelize: the mesh has no triangle with a non-zero area\n");
    return 1;
  }

  auto start = std::chrono::steady_clock::now();
  const Grid exact = exactVoxelize(triangles, n);
  std::printf("exact (CPU, separating axes): %zu voxels in %.1f ms\n", exact.count(), msSince(start));

  bool ok = true;
  try {
    std::unique_ptr<Voxelizer> gpu = d3d12 ? makeGpuVoxelizer12(n) : std::make_unique<GpuVoxelizer>(n);
    const char* path = std::getenv("D3DVK_CONSERVATIVE_RASTER");
    std::printf("device: conservative rasterization tier %d (D3DVK_CONSERVATIVE_RASTER=%s)%s\n",
                gpu->conservativeTier(), path ? path : "auto", d3d12 ? ", through D3D12" : "");
    if (gpu->conservativeTier() == 0 && runOn) {
      std::fprintf(stderr, "d3dvk-voxelize: the device reports no conservative rasterization tier\n");
      return 1;
    }
    // One sub-voxel triangle through each mode first, so the timed runs do
    // not include creating the pipelines.
    const std::vector<Triangle> warmUp{Triangle{{{{0.5f, 0.5f, 0.5f}, {0.7f, 0.5f, 0.5f}, {0.5f, 0.7f, 0.6f}}}}};
    if (runOn) gpu->run(warmUp, true);
    if (runOff) gpu->run(warmUp, false);
    const PassResult on = runOn ? gpu->run(triangles, true) : PassResult();
    const PassResult off = runOff ? gpu->run(triangles, false) : PassResult();
    const char* counter = d3d12 ? "UAV counter" : "CopyStructureCount";

    start = std::chrono::steady_clock::now();
    // The spec's uncertainty region for the tier the device reports.
    const double uncertainty = gpu->conservativeTier() == 1 ? kPixelUncertaintyTier1 : kPixelUncertainty;
    const CheckResult check = runOn ? checkOccupancy(triangles, exact, on.occupancy, uncertainty) : CheckResult{};
    const CheckResult offCheck = runOff ? checkOccupancy(triangles, exact, off.occupancy, uncertainty) : CheckResult{};
    const double checkMs = msSince(start);
    if (runOn)
      std::printf("conservative ON:  %zu voxels (%llu fragments), %zu exact voxels missing, %zu beyond the exact set "
                  "(%zu of them beyond the allowance)\n",
                  check.gpu, (unsigned long long)on.fragments, check.missing, check.extra, check.unexplained);
    if (runOff)
      std::printf("conservative OFF: %zu voxels (%llu fragments), %zu exact voxels missing (holes), %zu beyond the "
                  "exact set (%zu of them beyond the allowance)\n",
                  offCheck.gpu, (unsigned long long)off.fragments, offCheck.missing, offCheck.extra,
                  offCheck.unexplained);
    std::printf("                  (allowance: %s voxel in the projected axes, in depth the plane's change across "
                "a pixel + 2/256; checked in %.1f ms)\n",
                gpu->conservativeTier() == 1 ? "1/2" : "1/256", checkMs);
    if (runOn && runOff)
      std::printf("compacted list:   ON %zu voxels (%s %u), OFF %zu (%s %u)\n", on.list.size(), counter, on.listCount,
                  off.list.size(), counter, off.listCount);
    else if (runOn)
      std::printf("compacted list:   ON %zu voxels (%s %u)\n", on.list.size(), counter, on.listCount);
    else
      std::printf("compacted list:   OFF %zu voxels (%s %u)\n", off.list.size(), counter, off.listCount);
    std::printf("occupancy digest:%s%s\n",
                runOn ? (" ON " + std::to_string(digest(on.occupancy))).c_str() : "",
                runOff ? ((runOn ? ", OFF " : " OFF ") + std::to_string(digest(off.occupancy))).c_str() : "");
    std::printf("time (ms):        voxelize draw  compaction  readback\n");
    if (runOn) std::printf("  ON              %13.2f  %10.2f  %8.2f\n", on.drawMs, on.compactMs, on.readbackMs);
    if (runOff) std::printf("  OFF             %13.2f  %10.2f  %8.2f\n", off.drawMs, off.compactMs, off.readbackMs);

    if (check.missing) {
      std::printf("FAIL: conservative ON misses %zu exact voxels, e.g. %s\n", check.missing,
                  voxelList(check.firstMissing).c_str());
      ok = false;
    }
    if (check.unexplained) {
      std::printf("FAIL: %zu voxels beyond any triangle's allowance, e.g. %s\n", check.unexplained,
                  voxelList(check.firstUnexplained).c_str());
      ok = false;
    }
    if (offCheck.unexplained) {
      std::printf("FAIL: conservative OFF marks %zu voxels beyond any triangle's allowance, e.g. %s\n",
                  offCheck.unexplained, voxelList(offCheck.firstUnexplained).c_str());
      ok = false;
    }
    for (const auto* r : {&on, &off}) {
      if ((r == &on && !runOn) || (r == &off && !runOff)) continue;
      const std::string error = checkCompaction(*r);
      if (!error.empty()) {
        std::printf("FAIL: compaction (%s): %s\n", r == &on ? "ON" : "OFF", error.c_str());
        ok = false;
      }
    }
    for (const std::string& e : gpu->errors()) {
      std::printf("FAIL: debug layer: %s\n", e.c_str());
      ok = false;
    }
    if (!pngPath.empty()) {
      const Picture p = projections(runOn ? on.occupancy : off.occupancy);
      d3dvk::conformance::Rgba8Image image{p.width, p.height, p.rgba};
      const uint32_t scale = std::clamp(384u / n, 1u, 3u);
      const std::string error = d3dvk::conformance::writePng(pngPath, image, scale);
      if (!error.empty()) {
        std::fprintf(stderr, "d3dvk-voxelize: cannot write the picture %s\n", error.c_str());
        return 1;
      }
      std::printf("picture: %s (x, y, z views of the %s occupancy)\n", pngPath.c_str(),
                  runOn ? "conservative" : "conservative OFF");
    }
  } catch (const ApiError& e) {
    std::fprintf(stderr, "d3dvk-voxelize: %s\n", e.what());
    return 1;
  }
  std::printf("%s\n", !ok     ? "FAIL"
                     : runOn ? "PASS: conservative occupancy = exact set + extras within the allowance; compaction exact"
                             : "PASS: conservative OFF occupancy within the allowance; compaction exact");
  return ok ? 0 : 1;
}
