// tests/tools: d3dvk-voxelize run as a user runs it: --help, each bad option or
// unreadable/malformed OBJ file answered by one error line on stderr and exit
// code 2, no device used; and the D3D12 voxelizer against the D3D11 one on the
// same mesh and grid, the same occupancy (digests), voxel and fragment counts,
// with conservative rasterization OFF and ON. (Its other voxelizing runs are
// ctest cases of their own: tests/tools/CMakeLists.txt.)
#include "run_process.h"

#include <catch2/catch.hpp>

#include <unistd.h>

using namespace d3dvk::test;

namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

std::string firstLine(const std::string& s) { return s.substr(0, s.find('\n')); }

}  // namespace

TEST_CASE("d3dvk-voxelize --help prints the usage and exits 0", "[tools][voxelize]") {
  const ProcessResult r = runProcess(std::string(D3DVK_VOXELIZE_EXE) + " --help");
  CHECK(r.exitCode == 0);
  CHECK(contains(r.out, "usage: d3dvk-voxelize [--api d3d11|d3d12] [--grid N] [--seed S | --obj FILE] "
                       "[--conservative on|off|both]"));
  CHECK(r.err.empty());
}

TEST_CASE("d3dvk-voxelize answers bad options and bad OBJ files with an error line and exit code 2",
          "[tools][voxelize][errors]") {
  const std::string bad = "/tmp/d3dvk-voxelize-bad-" + std::to_string(getpid()) + ".obj";
  {
    std::ofstream(bad) << "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 5\n";
  }
  const std::pair<std::string, std::string> cases[] = {
      {" --grid 30", "d3dvk-voxelize: --grid must be a multiple of 4 from 4 to 256, not '30'"},
      {" --grid 0", "d3dvk-voxelize: --grid must be a multiple of 4 from 4 to 256, not '0'"},
      {" --grid 512", "d3dvk-voxelize: --grid must be a multiple of 4 from 4 to 256, not '512'"},
      {" --grid -8", "d3dvk-voxelize: --grid must be a multiple of 4 from 4 to 256, not '-8'"},
      {" --grid", "d3dvk-voxelize: --grid needs a value"},
      {" --seed x1", "d3dvk-voxelize: --seed must be an integer from 0 to 4294967295, not 'x1'"},
      {" --frobnicate", "d3dvk-voxelize: unknown argument '--frobnicate'"},
      {" --api d3d10", "d3dvk-voxelize: --api must be d3d11 or d3d12, not 'd3d10'"},
      {" --api", "d3dvk-voxelize: --api needs a value"},
      {" --conservative maybe", "d3dvk-voxelize: --conservative must be on, off or both, not 'maybe'"},
      {" --seed 3 --obj " + bad, "d3dvk-voxelize: --seed and --obj exclude each other"},
      {" --obj /nonexistent/d3dvk/mesh.obj",
       "d3dvk-voxelize: cannot read the OBJ file /nonexistent/d3dvk/mesh.obj: No such file or directory"},
      {" --obj " + bad,
       "d3dvk-voxelize: cannot read the OBJ file " + bad + ": line 4: face vertex index 5 is out of range (3 "
                                                           "vertices so far)"},
  };
  for (const auto& [args, error] : cases) {
    const ProcessResult r = runProcess(std::string(D3DVK_VOXELIZE_EXE) + args);
    INFO(args << "\n" << r.out << r.err);
    CHECK(r.exitCode == 2);
    CHECK(firstLine(r.err) == error);
    CHECK(r.out.empty());  // nothing ran
  }
  std::remove(bad.c_str());
}

namespace {

// The lines of a run's report that must not depend on the API: the voxel and
// fragment counts of a pass and the occupancy digests.
std::string line(const std::string& out, const std::string& start) {
  const size_t at = out.find("\n" + start);
  return at == std::string::npos ? "" : out.substr(at + 1, out.find('\n', at + 1) - at - 1);
}

void expectSameOccupancy(const std::string& args, const std::vector<std::string>& lines) {
  const ProcessResult d3d11 = runProcess("D3DVK_VALIDATION=1 " + std::string(D3DVK_VOXELIZE_EXE) + args);
  const ProcessResult d3d12 = runProcess("D3DVK_VALIDATION=1 " + std::string(D3DVK_VOXELIZE_EXE) + " --api d3d12" + args);
  INFO("D3D11:\n" << d3d11.out << d3d11.err << "\nD3D12:\n" << d3d12.out << d3d12.err);
  CHECK(d3d11.exitCode == 0);
  CHECK(d3d12.exitCode == 0);
  CHECK(contains(d3d12.out, ", through D3D12\n"));
  CHECK_FALSE(contains(d3d11.err + d3d12.err, "vulkan validation"));
  for (const std::string& start : lines) {
    INFO(start);
    CHECK_FALSE(line(d3d11.out, start).empty());
    CHECK(line(d3d12.out, start) == line(d3d11.out, start));
  }
}

}  // namespace

TEST_CASE("d3dvk-voxelize --api d3d12 gives the D3D11 run's occupancy with conservative rasterization OFF",
          "[tools][voxelize][d3d12]") {
  expectSameOccupancy(" --grid 16 --conservative off", {"conservative OFF: ", "occupancy digest: "});
  expectSameOccupancy(" --grid 32 --seed 7 --conservative off", {"conservative OFF: ", "occupancy digest: "});
}

TEST_CASE("d3dvk-voxelize --api d3d12 gives the D3D11 run's occupancy with conservative rasterization ON",
          "[tools][voxelize][d3d12][conservative]") {
  expectSameOccupancy(" --grid 32", {"conservative ON: ", "conservative OFF: ", "occupancy digest: "});
}
